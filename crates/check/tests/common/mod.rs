//! Helpers shared by the integration tests: locating the shared reference data.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The shared data folder (`../shared` beside the repository), when present.
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

/// The checker's model of an engines' `Aig`, field by field (not through a file, so that a
/// malformed circuit built by hand reaches the checks as it is).
pub fn to_model(aig: &pdrkit_ts::Aig) -> pdrkit_check::Model {
    use pdrkit_check::{AndGate, Latch, Model, Reset, Symbol, SymbolKind};
    Model {
        max_var: aig.max_var,
        inputs: aig.inputs.clone(),
        latches: aig
            .latches
            .iter()
            .map(|l| Latch {
                lit: l.lit,
                next: l.next,
                reset: match l.reset {
                    pdrkit_ts::Reset::Zero => Reset::Zero,
                    pdrkit_ts::Reset::One => Reset::One,
                    pdrkit_ts::Reset::Uninit => Reset::Uninit,
                },
            })
            .collect(),
        outputs: aig.outputs.clone(),
        bads: aig.bads.clone(),
        constraints: aig.constraints.clone(),
        justice: aig.justice.clone(),
        fairness: aig.fairness.clone(),
        ands: aig
            .ands
            .iter()
            .map(|g| AndGate {
                lhs: g.lhs,
                rhs0: g.rhs0,
                rhs1: g.rhs1,
            })
            .collect(),
        symbols: aig
            .symbols
            .iter()
            .map(|s| Symbol {
                kind: SymbolKind::from_letter(s.kind.letter() as u8).expect("a symbol letter"),
                index: s.index,
                name: s.name.clone(),
            })
            .collect(),
        comments: aig.comments.clone(),
    }
}

/// A hand-written model of `tests/models/`, as the engines' reader reads it (certificates
/// are built from it with the engines' code; [`to_model`] gives it to the checker).
pub fn model(name: &str) -> pdrkit_ts::Aig {
    let p = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/models")).join(name);
    pdrkit_ts::aiger::read_file(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}
