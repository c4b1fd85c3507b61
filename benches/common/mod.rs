//! Helpers shared by the benchmarks (each bench target includes this with `mod common;`).
#![allow(dead_code)] // each target uses only part of it

pub mod traces;

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::Criterion;

/// The shared benchmark set, `../shared/benchmarks` next to the repository, when it is there;
/// otherwise prints a note (the caller then benchmarks nothing).
pub fn benchmarks_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: {} is absent: skipping the benchmarks that need it",
            dir.display()
        );
        None
    }
}

/// Whether a file name looks like an AIGER file (`.aig`, `.aag`, optionally `.gz`).
fn is_aiger(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let name = name.strip_suffix(".gz").unwrap_or(name);
    name.ends_with(".aig") || name.ends_with(".aag")
}

/// Every AIGER file under `dir` (recursively) with its size in bytes, largest first (ties by
/// path, so the choice is deterministic).
pub fn aiger_files(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let Ok(meta) = e.metadata() else { continue };
            if meta.is_dir() {
                stack.push(path);
            } else if meta.is_file() && is_aiger(&path) {
                out.push((path, meta.len()));
            }
        }
    }
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}

/// A short label for a benchmark file: its path relative to the benchmark set.
pub fn label(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// The shared criterion settings: few samples, short runs (the whole suite must stay within a
/// few minutes on a 2-core machine).
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .without_plots()
}

/// A small deterministic generator (xorshift64*), so every run measures the same workload.
pub struct Rng(u64);

impl Rng {
    /// A generator from a nonzero seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }
    /// `k` distinct numbers from `0..n` (`k <= n`), in random order.
    pub fn distinct(&mut self, k: usize, n: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(k);
        while out.len() < k {
            let x = self.below(n);
            if !out.contains(&x) {
                out.push(x);
            }
        }
        out
    }
}
