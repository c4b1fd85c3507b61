//! Building the transition system and its LUT-mapped CNF, on the largest file of the shared
//! benchmark set and on a mid-size one (the file whose size is nearest a tenth of the largest's),
//! both found by size at run time among the files the system can be built from.
//!
//! Benchmarks:
//! - `cnf_encoding/from_aig/<file>`: [`TransitionSystem::from_aig`] for all properties at once;
//! - `cnf_encoding/mapped_cnf/<file>`: [`MappedCnf::new`] on that system.

mod common;

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::{Aig, TransitionSystem};

/// A file's model, if it parses and a system can be built from it.
fn load(path: &PathBuf) -> Option<Aig> {
    let aig = pdrkit_ts::aiger::read_file(path).ok()?;
    TransitionSystem::from_aig(&aig, None).ok()?;
    Some(aig)
}

fn bench_encoding(c: &mut Criterion) {
    let Some(dir) = common::benchmarks_dir() else {
        return;
    };
    let files = common::aiger_files(&dir);
    // The largest usable file, then the usable file nearest a tenth of its size.
    let Some((largest, size, aig)) = files
        .iter()
        .find_map(|(p, s)| load(p).map(|aig| (p.clone(), *s, aig)))
    else {
        eprintln!("note: no usable AIGER file in {}: skipped", dir.display());
        return;
    };
    let target = size / 10;
    let mut by_distance: Vec<&(PathBuf, u64)> =
        files.iter().filter(|(p, _)| *p != largest).collect();
    by_distance.sort_by_key(|(p, s)| (s.abs_diff(target), p.clone()));
    let mid = by_distance
        .into_iter()
        .find_map(|(p, _)| load(p).map(|aig| (p.clone(), aig)));

    let mut group = c.benchmark_group("cnf_encoding");
    group.sampling_mode(SamplingMode::Flat);
    for (path, aig) in std::iter::once((largest, aig)).chain(mid) {
        let name = common::label(&dir, &path);
        let ts = TransitionSystem::from_aig(&aig, None).expect("checked by load");
        let cnf = MappedCnf::new(&ts);
        eprintln!(
            "{name}: {} ANDs -> {} inputs, {} latches, {} gates -> {} LUTs, {} clauses",
            aig.ands.len(),
            ts.num_inputs(),
            ts.num_latches(),
            ts.gates.len(),
            cnf.luts.len(),
            cnf.num_clauses()
        );
        group.bench_function(BenchmarkId::new("from_aig", &name), |b| {
            b.iter(|| TransitionSystem::from_aig(black_box(&aig), None).expect("checked"))
        });
        group.bench_function(BenchmarkId::new("mapped_cnf", &name), |b| {
            b.iter(|| MappedCnf::new(black_box(&ts)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench_encoding
}
criterion_main!(benches);
