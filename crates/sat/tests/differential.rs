//! pdrkit's solver against MiniSat on random IC3-shaped sequences (see `harness/mod.rs` for what
//! is checked). Fast by default; `PDRKIT_SAT_DIFF_QUERIES=N` runs scenarios until N queries
//! were asked (and prints the tally), `PDRKIT_SAT_DIFF_SEED=S` picks another first seed.

mod harness;

use harness::{scenario, Rng, Summary};

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|v| {
        v.parse()
            .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}"))
    })
}

#[test]
fn agrees_with_minisat() {
    let target = env_u64("PDRKIT_SAT_DIFF_QUERIES").unwrap_or(30_000);
    let first = env_u64("PDRKIT_SAT_DIFF_SEED").unwrap_or(1);
    let mut total = Summary::default();
    let mut seed = first;
    let start = std::time::Instant::now();
    while total.queries < target {
        let mut rng = Rng::new(seed);
        let s = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            scenario(&mut rng, 400)
        }))
        .unwrap_or_else(|_| panic!("scenario with seed {seed} failed (PDRKIT_SAT_DIFF_SEED={seed} replays it first)"));
        total += s;
        seed += 1;
    }
    eprintln!(
        "{} scenarios (seeds {first}..{seed}), {} queries: {} sat, {} unsat, {} unknown, {} flips; \
         {} conflicts, {} restarts, {} reductions, {} compactions, {} domains reused; {:.1} s",
        seed - first,
        total.queries,
        total.sat,
        total.unsat,
        total.unknown,
        total.flips,
        total.conflicts,
        total.restarts,
        total.reductions,
        total.compactions,
        total.domains_reused,
        start.elapsed().as_secs_f64()
    );
    assert!(
        total.sat > total.queries / 10 && total.unsat > total.queries / 10,
        "{total:?}: both answers are exercised"
    );
    assert!(
        total.domains_reused > total.queries / 100,
        "{total:?}: reused domains are exercised"
    );
}
