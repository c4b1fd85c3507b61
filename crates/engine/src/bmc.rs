//! Bounded model checking: one incremental solver, one more frame per depth, the shortest
//! counterexample first.

use std::sync::Arc;
use std::time::Instant;

use pdrkit_logic::{SatResult, SatSolver};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

use crate::stat::stats;
use crate::unroll::BmcUnrolling;
use crate::{Control, Outcome, Reason, SatBackend};

/// Options of the BMC engine.
#[derive(Clone, Debug)]
pub struct BmcConfig {
    /// Stop with unknown after checking this depth (`None`: until stopped).
    pub bound: Option<usize>,
    /// The SAT solver. MiniSat by default, as k-induction's base case: pdrkit's solver is
    /// tuned for IC3's many small queries, while BMC asks few large ones over one growing
    /// unrolling; the default moves only when a whole-suite run shows pdrkit's solver ahead.
    pub sat: SatBackend,
    /// Print the depth reached to stderr as it goes.
    pub verbose: bool,
    /// What progress lines start with (a portfolio names its worker).
    pub name: &'static str,
}

impl Default for BmcConfig {
    fn default() -> Self {
        BmcConfig {
            bound: None,
            sat: SatBackend::Minisat,
            verbose: false,
            name: "bmc",
        }
    }
}

stats! {
    /// Statistics of a BMC run. The statistics are shown in this order.
    #[derive(Clone, Debug, Default)]
    pub struct BmcStats {
        /// SAT calls.
        sat_calls: u64,
        /// Deepest depth proved free of counterexamples (`None`: not even depth 0; shown as
        /// -1).
        depth: Option<usize> => "bmc_depth_clear",
    }
}

/// Runs BMC until a counterexample, the bound, or the stop signal.
pub fn check(
    ts: &TransitionSystem,
    cfg: &BmcConfig,
    ctl: &Control,
    stats: &mut BmcStats,
) -> Outcome {
    let _interruptible = ctl.enter();
    let mut b = BmcUnrolling::new(cfg.sat, Arc::new(MappedCnf::new(ts)));
    let start = Instant::now();
    for k in 0.. {
        if ctl.should_stop() {
            return Outcome::Unknown(Reason::Stopped {
                unit: "depth",
                depth: k,
            });
        }
        b.extend(ts);
        stats.sat_calls += 1;
        match b.reaches(k, [ts.bad]) {
            SatResult::Sat => return Outcome::Unsafe(b.trace(ts, k)),
            SatResult::Unsat => {
                // No counterexample of this length: later depths may assume it.
                b.exclude_bad(ts, k);
                stats.depth = Some(k);
                ctl.report(stats.pairs());
            }
            SatResult::Unknown => return Outcome::Unknown(ctl.gave_up("depth", k)),
        }
        if cfg.verbose {
            eprintln!(
                "{}: depth {k} clear, {:.2}s, {} clauses",
                cfg.name,
                start.elapsed().as_secs_f64(),
                b.s.num_clauses()
            );
        }
        if cfg.bound.is_some_and(|b| k >= b) {
            return Outcome::Unknown(Reason::BoundReached {
                unit: "depth",
                bound: k,
            });
        }
    }
    unreachable!()
}
