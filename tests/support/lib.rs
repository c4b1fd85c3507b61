//! Shared helpers of pdrkit's workspace-wide tests: where the shared benchmarks are, and how to
//! run the `pdrkit` binary.

use std::path::PathBuf;

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/benchmarks` beside the repository, if present.
pub fn shared_benchmarks() -> Option<PathBuf> {
    let p = repo_root().join("../shared/benchmarks");
    p.is_dir().then_some(p)
}
