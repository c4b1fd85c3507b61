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

use crate::bmc::BmcConfig;
use crate::ic3::{self, Ic3Config};
use crate::kind::KindConfig;
use crate::{Control, EngineSpec, Outcome, Proof, Reason, Stat};

/// A portfolio worker: a name and an engine.
#[derive(Clone, Debug)]
pub struct Worker {
    /// Shown by `-v` and in the statistics.
    pub name: &'static str,
    /// What it runs.
    pub engine: EngineSpec,
}

/// The worker table: the first `jobs` rows run. `kind` gives the k-induction options (its
/// property-direction switch is set per row).
///
/// The first row is IC3 exactly as configured, taking no lemma in: the portfolio's floor,
/// which must never be worse than IC3 alone. It used to promote lemmas and import KIPDR's,
/// and lost files IC3 alone solves in a second (`hwmcc15/power2eq2048`: 770 frames instead
/// of 36 with promotion and the early-stopping MIC of the time; and on `pdtvissoap2`, over
/// 40 runs, imports made three runs 2-5× slower than IC3 alone).
///
/// The second row is the one that solves the most files the first does not: on the 22 files
/// of the development set (61 files of the shared set) that IC3 leaves open at 30 s, at 20 s,
/// plain k-induction (its base case a BMC) solved 5 (`dspfilters_fastfir_second-p07` and
/// `-p16` and `zipcpu-zipmmu-p31` proved, two `circular_pointer` counterexamples), KIPDR 2,
/// IC3 with CTG 2 (at 30 s). With dynamic generalization in IC3 (2026-12-05, whole shared set
/// at 20 s) the pair still solves four files IC3 alone does not: two `circular_pointer`
/// counterexamples, `dspfilters_fastfir_second-p16`, `vis_arrays_buf_bug`. More threads add
/// IC3 with static CTG, KIPDR, plain BMC and IC3 with ternary lifting.
///
/// Lemmas go through the [`LemmaPool`](crate::LemmaPool): KIPDR publishes the lemmas of its
/// auxiliary invariant and IC3 its promoted lemmas (with `promote`), the k-induction rows
/// assume what they read, the IC3 rows after the first put it in their infinity level. With
/// two threads nothing flows, by design: the first IC3 neither promotes nor imports.
pub fn workers(ic3: &Ic3Config, kind: &KindConfig, jobs: usize) -> Vec<Worker> {
    let table = vec![
        Worker {
            name: "ic3",
            // Exactly IC3 as configured, taking nothing in: the portfolio's floor.
            engine: EngineSpec::Ic3(Ic3Config {
                import_lemmas: false,
                name: "ic3",
                ..ic3.clone()
            }),
        },
        Worker {
            name: "kind",
            engine: EngineSpec::Kind(KindConfig {
                property_direction: false,
                name: "kind",
                ..kind.clone()
            }),
        },
        Worker {
            name: "ic3-ctg",
            engine: EngineSpec::Ic3(Ic3Config {
                ctg_dynamic: false,
                ctg_max: 3,
                ctg_depth: 1,
                seed: 1,
                name: "ic3-ctg",
                ..ic3.clone()
            }),
        },
        Worker {
            name: "kipdr",
            engine: EngineSpec::Kind(KindConfig {
                property_direction: true,
                name: "kipdr",
                ..kind.clone()
            }),
        },
        Worker {
            name: "bmc",
            // BMC is k-induction's base case alone: it runs on the same backend.
            engine: EngineSpec::Bmc(BmcConfig {
                sat: kind.sat,
                verbose: kind.verbose,
                name: "bmc",
                ..BmcConfig::default()
            }),
        },
        Worker {
            name: "ic3-ternary",
            engine: EngineSpec::Ic3(Ic3Config {
                lift: ic3::LiftMode::Ternary,
                seed: 2,
                name: "ic3-ternary",
                ..ic3.clone()
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
    pub stats: Vec<Stat>,
}

/// Runs the workers in parallel until one answers or `ctl` stops.
pub fn check(ts: &TransitionSystem, workers: &[Worker], ctl: &Control) -> PortfolioResult {
    check_accepted(ts, workers, ctl, &|_| Ok(())).0
}

/// Runs the workers in parallel until one gives an answer that `accept` takes (returning what
/// its check made of it), or `ctl` stops. `accept` runs on the answering worker's thread while
/// the others go on (its SAT solvers are interrupted when another worker wins first): an
/// answer whose check is slow (a k-induction certificate can take a minute) or fails does not
/// stop the engines that might answer faster; why it was refused goes into the statistics
/// (`WORKER.refused`). Returns the winner's answer and what `accept` made of it.
pub fn check_accepted<T: Send>(
    ts: &TransitionSystem,
    workers: &[Worker],
    ctl: &Control,
    accept: &(dyn Fn(&Outcome) -> Result<T, Reason> + Sync),
) -> (PortfolioResult, Option<T>) {
    let answer: Mutex<Option<(Outcome, &'static str, T)>> = Mutex::new(None);
    let stats: Mutex<Vec<Stat>> = Mutex::new(Vec::new());
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(workers.len())
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            return (
                PortfolioResult {
                    outcome: Outcome::Unknown(Reason::Internal(format!(
                        "cannot start threads: {e}"
                    ))),
                    winner: None,
                    stats: Vec::new(),
                },
                None,
            )
        }
    };
    pool.scope(|s| {
        for w in workers {
            let (answer, stats, ctl) = (&answer, &stats, ctl.for_worker(w.name));
            s.spawn(move |_| {
                // A worker that panics (a bug) answers unknown and
                // leaves the others running, instead of taking the whole run down with it.
                let (o, st) = panic::catch_unwind(AssertUnwindSafe(|| w.engine.run(ts, &ctl)))
                    .unwrap_or_else(|p| {
                        let why = p
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| p.downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        (Outcome::Unknown(Reason::Internal(why)), Vec::new())
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
                let accepted = if definite && !ctl.stopped() {
                    let _interruptible = ctl.enter();
                    match accept(&o) {
                        Ok(t) => Some(t),
                        Err(why) => {
                            // A loser's check interrupted by the winner is no news.
                            if !ctl.stopped() {
                                stats
                                    .lock()
                                    .expect("stats lock")
                                    .push((format!("{}.refused", w.name), why.to_string().into()));
                            }
                            None
                        }
                    }
                } else {
                    None
                };
                if let Some(t) = accepted {
                    let mut a = answer.lock().expect("answer lock");
                    if a.is_none() {
                        *a = Some((o, w.name, t));
                        ctl.stop();
                    }
                }
            });
        }
    });
    let stats = stats.into_inner().unwrap_or_default();
    match answer.into_inner().ok().flatten() {
        Some((outcome, name, t)) => (
            PortfolioResult {
                outcome,
                winner: Some(name),
                stats,
            },
            Some(t),
        ),
        None => (
            PortfolioResult {
                // Memory is the limit to raise when a worker ran out of it.
                outcome: Outcome::Unknown(if ctl.out_of_memory() {
                    Reason::OutOfMemory
                } else {
                    Reason::NoAnswer
                }),
                winner: None,
                stats,
            },
            None,
        ),
    }
}
