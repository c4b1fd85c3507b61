//! Helpers shared by the integration tests: locating the shared reference data.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The shared data folder (`/work/shared` next to the repository), when present.
pub fn shared() -> Option<PathBuf> {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"));
    if p.is_dir() {
        Some(p.to_path_buf())
    } else {
        eprintln!(
            "note: {} is absent, skipping the shared-data test",
            p.display()
        );
        None
    }
}

/// Files of `dir` whose name ends with `suffix`, sorted.
pub fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.to_string_lossy().ends_with(suffix))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The benchmark `name` in `shared/benchmarks/<suite>/`.
pub fn benchmark(shared: &Path, name: &str) -> Option<PathBuf> {
    let rd = std::fs::read_dir(shared.join("benchmarks")).ok()?;
    rd.filter_map(|e| e.ok())
        .map(|e| e.path().join(name))
        .find(|p| p.is_file())
}

/// A hand-written model of `tests/models/`.
pub fn model(name: &str) -> pdrkit_ts::Aig {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/models")).join(name);
    pdrkit_ts::aiger::read_file(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}
