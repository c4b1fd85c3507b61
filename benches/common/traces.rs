//! The recorded IC3 query sequences stored in `benches/data/*.trace.gz`, decompressed and
//! parsed (shared by `benches/ic3_queries.rs` and `tests/sat_traces.rs`).

use std::io::Read;
use std::path::{Path, PathBuf};

use pdrkit_sat::trace::Trace;

/// Where the stored traces are.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data")
}

/// Every stored trace, by name (the file name without `.trace.gz`), in name order. Panics on a
/// file that cannot be read or parsed: the stored traces are part of the repository.
pub fn stored_traces() -> Vec<(String, Trace)> {
    let dir = data_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".trace.gz"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let name = p.file_name().expect("a file").to_string_lossy();
            let name = name
                .strip_suffix(".trace.gz")
                .expect("filtered")
                .to_string();
            let mut text = String::new();
            flate2::read::GzDecoder::new(
                std::fs::File::open(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
            )
            .read_to_string(&mut text)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name, trace)
        })
        .collect()
}
