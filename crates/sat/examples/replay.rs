//! Replays recorded IC3 traces (see `pdrkit_sat::trace`) on one backend, checking every answer,
//! and prints the time per trace and per query with pdrkit's solver statistics: the small
//! binary to profile the solver with (`valgrind --tool=callgrind
//! --toggle-collect='*replay_cdcl*'` counts the replay's instructions and not the parsing).
//!
//!     cargo run --release -p pdrkit-sat --example replay -- [--backend B] [--repeat N] TRACE...
//!
//! `B` is `pdrkit` (default), `minisat` (activation literals, rebuilt after 1000 as the
//! engine does) or `minisat-keep` (never rebuilt). Traces are plain text: decompress the
//! stored ones first (`gunzip -k benches/data/*.trace.gz`).

use std::time::Instant;

use pdrkit_logic::Minisat;
use pdrkit_sat::trace::{replay_activation, replay_cdcl, Replay, Trace};
use pdrkit_sat::Cdcl;

fn main() {
    let mut backend = "pdrkit".to_string();
    let mut repeat = 1usize;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--backend" => backend = args.next().expect("--backend B"),
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--repeat N")
            }
            _ => files.push(a),
        }
    }
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let trace = Trace::parse(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
        let start = Instant::now();
        let mut tally = Replay::default();
        let mut stats = None;
        for _ in 0..repeat {
            let r = match backend.as_str() {
                "pdrkit" => {
                    let mut s = Cdcl::new();
                    let r = replay_cdcl(&trace, &mut s);
                    stats = Some(s.stats().clone());
                    r
                }
                "minisat" => replay_activation(&trace, Minisat::default, Some(1000)),
                "minisat-keep" => replay_activation(&trace, Minisat::default, None),
                other => panic!("unknown backend {other:?} (pdrkit, minisat, minisat-keep)"),
            };
            tally = r.unwrap_or_else(|e| panic!("{f}: {e}"));
        }
        let secs = start.elapsed().as_secs_f64() / repeat as f64;
        println!(
            "{f}: {backend}: {} queries ({} sat, {} unsat), {:.1} ms, {:.2} µs/query, {} failed, {} rebuilds",
            tally.queries,
            tally.sat,
            tally.unsat,
            secs * 1e3,
            secs * 1e6 / tally.queries.max(1) as f64,
            tally.failed,
            tally.rebuilds
        );
        if let Some(s) = stats {
            println!("  {s:?}");
        }
    }
}
