//! AIGER parsing speed on the largest file of the shared benchmark set (found by size at run
//! time), in bytes per second.
//!
//! Benchmarks:
//! - `aiger_parse/as_stored/<file>`: [`aiger::parse`] of the file's bytes (read beforehand);
//! - `aiger_parse/aag/<file>`: the same model written once as ASCII (`write_aag`) and parsed.

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use pdrkit_ts::aiger;

fn bench_parse(c: &mut Criterion) {
    let Some(dir) = common::benchmarks_dir() else {
        return;
    };
    let Some((path, _)) = common::aiger_files(&dir).into_iter().next() else {
        eprintln!("note: no AIGER file in {}: skipped", dir.display());
        return;
    };
    let name = common::label(&dir, &path);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("note: cannot read {}: {e}: skipped", path.display());
            return;
        }
    };
    let aig = match aiger::parse(&bytes) {
        Ok(aig) => aig,
        Err(e) => {
            eprintln!("note: cannot parse {}: {e}: skipped", path.display());
            return;
        }
    };
    let aag = aiger::write_aag(&aig);
    eprintln!(
        "{name}: {} bytes as stored, {} bytes as .aag; {} inputs, {} latches, {} ANDs",
        bytes.len(),
        aag.len(),
        aig.inputs.len(),
        aig.latches.len(),
        aig.ands.len()
    );

    let mut group = c.benchmark_group("aiger_parse");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::new("as_stored", &name), |b| {
        b.iter(|| aiger::parse(black_box(&bytes)).expect("parsed before"))
    });
    group.throughput(Throughput::Bytes(aag.len() as u64));
    group.bench_function(BenchmarkId::new("aag", &name), |b| {
        b.iter(|| aiger::parse(black_box(&aag)).expect("written by write_aag"))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench_parse
}
criterion_main!(benches);
