//! The price of IC3's SAT queries, on query sequences recorded from real IC3 runs
//! (`benches/data/*.trace.gz`, see its README): each trace replayed from an empty solver on
//! each backend, every answer checked against the recording (a mismatch panics).
//!
//! - `ic3_queries/<trace> (<N> queries)/pdrkit`: pdrkit-sat as IC3 drives it (definitions,
//!   per-query domains, temporary clauses);
//! - `ic3_queries/<trace> (<N> queries)/minisat`: MiniSat as IC3 drives it (every clause
//!   plain, one activation literal per temporary clause, retired afterwards, the solver rebuilt
//!   after 1000 of them as the engine's default `rebuild_after`).
//!
//! The time is per whole trace (divide by N for the time per query); the replay includes
//! loading the logic and the lemmas, as the engine's solvers do between their queries.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::traces::stored_traces;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use pdrkit_logic::Minisat;
use pdrkit_sat::trace::{replay_activation, replay_cdcl};
use pdrkit_sat::Cdcl;

/// Activation literals before MiniSat is rebuilt: the engine's default `rebuild_after`.
const REBUILD_AFTER: usize = 1000;

fn ic3_queries(c: &mut Criterion) {
    let mut group = c.benchmark_group("ic3_queries");
    // Whole traces take 10 ms to a few seconds: a fixed number of runs per sample.
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(5));
    for (name, trace) in stored_traces() {
        let id = format!("{name} ({} queries)", trace.queries());
        group.bench_function(BenchmarkId::new(&id, "pdrkit"), |b| {
            b.iter(|| {
                let mut s = Cdcl::new();
                let r = replay_cdcl(&trace, &mut s).unwrap_or_else(|e| panic!("{name}: {e}"));
                black_box(r)
            })
        });
        group.bench_function(BenchmarkId::new(&id, "minisat"), |b| {
            b.iter(|| {
                let r = replay_activation(&trace, Minisat::default, Some(REBUILD_AFTER))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                black_box(r)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = ic3_queries
}
criterion_main!(benches);
