//! The portfolio: several engines in parallel on rayon threads; the first definite answer wins
//! and the others stop: the shared stop flag is checked between SAT calls, and the losers'
//! solvers are interrupted inside a call (see [`Control::stop`]), since the portfolio returns
//! only once every worker has.
//!
//! A k-induction proof that needed simple-path constraints cannot be certified, so it does not
//! count as an answer here: the other workers go on.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;

use pdrkit_ts::TransitionSystem;

use crate::bmc::{self, BmcConfig, BmcStats};
use crate::ic3::{self, Ic3Config, Ic3Stats};
use crate::kind::{self, KindConfig, KindStats};
use crate::{Control, Outcome, Proof};

/// One engine with its options.
#[derive(Clone, Debug)]
pub enum Engine {
    /// IC3/PDR.
    Ic3(Ic3Config),
    /// Bounded model checking.
    Bmc(BmcConfig),
    /// k-induction.
    Kind(KindConfig),
}

/// A portfolio worker: a name and an engine.
#[derive(Clone, Debug)]
pub struct Worker {
    /// Shown by `-v` and in the statistics.
    pub name: &'static str,
    /// What it runs.
    pub engine: Engine,
}

/// The worker table: the first `jobs` rows run. Two threads get IC3 and KIPDR (whose base case
/// is BMC, for deep counterexamples); more threads add IC3 variants, plain BMC and plain
/// k-induction. `kind` gives the k-induction options (its property-direction switch is set
/// per row).
///
/// Lemmas flow from the first IC3 to KIPDR, and from KIPDR to the other IC3 rows (`ic3-ctg`,
/// `ic3-ternary`), not back to the first: taking KIPDR's lemmas into its infinity level made the first IC3 faster
/// on median but chaotic. On `pdtvissoap2` (2 threads, 40 runs): 1.1–2.4 s in 37 runs, but
/// 7.8, 8.6 and 21 s in three, where its own lemmas grew twice as long; without the imports,
/// 4.4–5.4 s in every run, as IC3 alone. The first IC3 is the portfolio's floor: it must not be
/// worse than IC3 alone.
pub fn workers(ic3: &Ic3Config, kind: &KindConfig, jobs: usize) -> Vec<Worker> {
    let table = vec![
        Worker {
            name: "ic3",
            // Its self-inductive lemmas strengthen k-induction's step case.
            engine: Engine::Ic3(Ic3Config {
                promote: true,
                import_lemmas: false,
                ..ic3.clone()
            }),
        },
        Worker {
            name: "kipdr",
            engine: Engine::Kind(KindConfig {
                property_direction: true,
                ..kind.clone()
            }),
        },
        Worker {
            name: "ic3-ctg",
            engine: Engine::Ic3(Ic3Config {
                ctg_max: 3,
                ctg_depth: 1,
                seed: 1,
                ..ic3.clone()
            }),
        },
        Worker {
            name: "bmc",
            engine: Engine::Bmc(BmcConfig::default()),
        },
        Worker {
            name: "ic3-ternary",
            engine: Engine::Ic3(Ic3Config {
                lift: ic3::LiftMode::Ternary,
                seed: 2,
                ..ic3.clone()
            }),
        },
        Worker {
            name: "kind",
            engine: Engine::Kind(KindConfig {
                property_direction: false,
                ..kind.clone()
            }),
        },
    ];
    table.into_iter().take(jobs.max(1)).collect()
}

/// The winner and its answer.
#[derive(Debug)]
pub struct PortfolioResult {
    /// The answer.
    pub outcome: Outcome,
    /// Which worker gave it (`None`: nobody answered).
    pub winner: Option<&'static str>,
    /// Statistics of every worker, as (`worker.key`, value).
    pub stats: Vec<(String, String)>,
}

/// Runs the workers in parallel until one answers or `ctl` stops.
pub fn check(ts: &TransitionSystem, workers: &[Worker], ctl: &Control) -> PortfolioResult {
    let answer: Mutex<Option<(Outcome, &'static str)>> = Mutex::new(None);
    let stats: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(workers.len())
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            return PortfolioResult {
                outcome: Outcome::Unknown(format!("cannot start threads: {e}")),
                winner: None,
                stats: Vec::new(),
            }
        }
    };
    pool.scope(|s| {
        for w in workers {
            let (answer, stats, ctl) = (&answer, &stats, ctl.for_worker(w.name));
            s.spawn(move |_| {
                // A worker that panics (a bug, or a solver out of memory) answers unknown and
                // leaves the others running, instead of taking the whole run down with it.
                let (o, st) =
                    panic::catch_unwind(AssertUnwindSafe(|| run_one(ts, &w.engine, &ctl)))
                        .unwrap_or_else(|p| {
                            let why = p
                                .downcast_ref::<&str>()
                                .map(|s| s.to_string())
                                .or_else(|| p.downcast_ref::<String>().cloned())
                                .unwrap_or_default();
                            (
                                Outcome::Unknown(format!("internal error: {why}")),
                                Vec::new(),
                            )
                        });
                let definite = match &o {
                    Outcome::Unsafe(_) => true,
                    Outcome::Safe(Proof::KInduction { simple_path, .. }) => !simple_path,
                    Outcome::Safe(_) => true,
                    Outcome::Unknown(_) => false,
                };
                stats
                    .lock()
                    .expect("stats lock")
                    .extend(st.into_iter().map(|(k, v)| (format!("{}.{k}", w.name), v)));
                if definite {
                    let mut a = answer.lock().expect("answer lock");
                    if a.is_none() {
                        *a = Some((o, w.name));
                        ctl.stop();
                    }
                }
            });
        }
    });
    let stats = stats.into_inner().unwrap_or_default();
    match answer.into_inner().ok().flatten() {
        Some((outcome, name)) => PortfolioResult {
            outcome,
            winner: Some(name),
            stats,
        },
        None => PortfolioResult {
            outcome: Outcome::Unknown("no worker answered".into()),
            winner: None,
            stats,
        },
    }
}

fn run_one(ts: &TransitionSystem, e: &Engine, ctl: &Control) -> (Outcome, Vec<(String, String)>) {
    match e {
        Engine::Ic3(cfg) => {
            let mut st = Ic3Stats::default();
            let o = ic3::check(ts, cfg, ctl, &mut st);
            (
                o,
                st.pairs()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            )
        }
        Engine::Bmc(cfg) => {
            let mut st = BmcStats::default();
            let o = bmc::check(ts, cfg, ctl, &mut st);
            (
                o,
                st.pairs()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            )
        }
        Engine::Kind(cfg) => {
            let mut st = KindStats::default();
            let o = kind::check(ts, cfg, ctl, &mut st);
            (
                o,
                st.pairs()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            )
        }
    }
}
