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
use crate::{Control, EngineSpec, Outcome, Proof, Reason, SatBackend, Stat};

/// A portfolio worker: a name and an engine.
#[derive(Clone, Debug)]
pub struct Worker {
    /// Shown by `-v` and in the statistics.
    pub name: &'static str,
    /// What it runs.
    pub engine: EngineSpec,
}

/// The most workers the table has: HWMCC gives each tool 16 cores.
pub const MAX_WORKERS: usize = 16;

/// How many rows run when the number of workers is not given but taken from the cores: the
/// six rows the table had before rows 7 to 16 were added. Those run only when asked for
/// (`--jobs N` beyond 6) until a run shows them paying for their memory and cores.
pub const UNASKED_MAX_WORKERS: usize = 6;

/// The names of the worker table's rows, in order (`-v` shows them; `--portfolio-rows` takes
/// them).
pub fn row_names() -> Vec<&'static str> {
    table(&Ic3Config::default(), &KindConfig::default())
        .iter()
        .map(|w| w.name)
        .collect()
}

/// The worker table: the first `jobs` rows run (at most [`MAX_WORKERS`]). `kind` gives the
/// k-induction options (its property-direction switch is set per row).
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
/// counterexamples, `dspfilters_fastfir_second-p16`, `vis_arrays_buf_bug`.
///
/// Rows 3 to 6 (IC3 with static CTG, KIPDR, plain BMC, IC3 with ternary lifting) are the
/// other engines and the generalization and lifting that lost to the defaults on the whole
/// set but won files of their own. Rows 7 to 16 fill a 16-core machine the way rIC3's
/// portfolio does (most rows IC3, a few BMC, one k-induction): each changes one thing that
/// decides which search IC3 makes, and takes its own seed, so that no two rows walk the same
/// path:
/// - `ic3-tcore`: ternary simulation, then the core (as a default it lost `zipcpu-zipmmu`
///   files but halved the files where IC3 asks over twice rIC3's queries);
/// - `bmc-pdrkit`: BMC on pdrkit's own solver (rIC3 runs BMC on several solvers: a deep
///   unrolling is where solvers differ most);
/// - `ic3-noctg`: no CTG at all: cheaper obligations where CTG's queries do not pay;
/// - `ic3-onestep`: blocking without `¬c` in the query (rIC3's form, tied as a default);
/// - `ic3-oldest`: obligations of one level and depth oldest first, not smallest first;
/// - `ic3-promote`: promotes its lemmas for the k-induction rows (the lemma pool's producer
///   besides KIPDR; the first row never takes anything in);
/// - `kind-pdrkit`: k-induction on pdrkit's solver;
/// - `ic3-lift1`: one lifting round, not two (cheaper predecessors, larger cubes);
/// - `ic3-keep`: never drops an obligation (a deep counterexample's chain is what drop-PO
///   gives up on);
/// - `ic3-inside`: CTG inside the blocking query's frame, not outside (IC3ref's form).
///
/// Only rows 1 to 6 were measured as a portfolio (on two cores, rows 1 and 2); the others
/// are measured in pairs with the first (`pdrkit check --portfolio-rows ic3,ROW`).
///
/// Lemmas go through the [`LemmaPool`](crate::LemmaPool): KIPDR publishes the lemmas of its
/// auxiliary invariant and IC3 its promoted lemmas (with `promote`), the k-induction rows
/// assume what they read, the IC3 rows after the first put it in their infinity level. With
/// two threads nothing flows, by design: the first IC3 neither promotes nor imports.
pub fn workers(ic3: &Ic3Config, kind: &KindConfig, jobs: usize) -> Vec<Worker> {
    table(ic3, kind)
        .into_iter()
        .take(jobs.clamp(1, MAX_WORKERS))
        .collect()
}

/// A name no row of the worker table has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no portfolio row `{name}` (the rows: {})", rows.join(", "))]
pub struct UnknownWorker {
    /// The name asked for.
    pub name: String,
    /// The names the table has, in order.
    pub rows: Vec<&'static str>,
}

/// The rows of the worker table named, in the order given (for measuring rows side by side:
/// `--portfolio-rows ic3,ic3-tcore`).
pub fn named_workers(
    ic3: &Ic3Config,
    kind: &KindConfig,
    names: &[String],
) -> Result<Vec<Worker>, UnknownWorker> {
    let table = table(ic3, kind);
    names
        .iter()
        .map(|n| {
            table
                .iter()
                .find(|w| w.name == n.as_str())
                .cloned()
                .ok_or_else(|| UnknownWorker {
                    name: n.clone(),
                    rows: table.iter().map(|w| w.name).collect(),
                })
        })
        .collect()
}

/// An IC3 row: `changed` (the configured IC3 with one thing changed) under its own name and
/// with the configured seed plus `offset`, so that `--seed` moves every row.
fn ic3_row(name: &'static str, offset: u64, changed: Ic3Config) -> Worker {
    Worker {
        name,
        engine: EngineSpec::Ic3(Ic3Config {
            seed: changed.seed.wrapping_add(offset),
            name,
            ..changed
        }),
    }
}

fn table(ic3: &Ic3Config, kind: &KindConfig) -> Vec<Worker> {
    let bmc = |name, sat| Worker {
        name,
        // BMC is k-induction's base case alone: by default on the same backend.
        engine: EngineSpec::Bmc(BmcConfig {
            sat,
            verbose: kind.verbose,
            name,
            ..BmcConfig::default()
        }),
    };
    let kind_row = |name, property_direction, sat| Worker {
        name,
        engine: EngineSpec::Kind(KindConfig {
            property_direction,
            sat,
            name,
            ..kind.clone()
        }),
    };
    let i = ic3.clone();
    vec![
        Worker {
            name: "ic3",
            // Exactly IC3 as configured, taking nothing in: the portfolio's floor.
            engine: EngineSpec::Ic3(Ic3Config {
                import_lemmas: false,
                name: "ic3",
                ..i.clone()
            }),
        },
        kind_row("kind", false, kind.sat),
        ic3_row(
            "ic3-ctg",
            1,
            Ic3Config {
                ctg_dynamic: false,
                ctg_max: 3,
                ctg_depth: 1,
                ..i.clone()
            },
        ),
        kind_row("kipdr", true, kind.sat),
        bmc("bmc", kind.sat),
        ic3_row(
            "ic3-ternary",
            2,
            Ic3Config {
                lift: ic3::LiftMode::Ternary,
                ..i.clone()
            },
        ),
        ic3_row(
            "ic3-tcore",
            3,
            Ic3Config {
                lift: ic3::LiftMode::TernaryCore,
                ..i.clone()
            },
        ),
        bmc("bmc-pdrkit", SatBackend::Pdrkit),
        ic3_row(
            "ic3-noctg",
            4,
            Ic3Config {
                ctg_dynamic: false,
                ctg_max: 0,
                ..i.clone()
            },
        ),
        ic3_row(
            "ic3-onestep",
            5,
            Ic3Config {
                block_negation: false,
                ..i.clone()
            },
        ),
        ic3_row(
            "ic3-oldest",
            6,
            Ic3Config {
                po_smallest_first: false,
                ..i.clone()
            },
        ),
        ic3_row(
            "ic3-promote",
            7,
            Ic3Config {
                promote: true,
                ..i.clone()
            },
        ),
        kind_row("kind-pdrkit", false, SatBackend::Pdrkit),
        ic3_row(
            "ic3-lift1",
            9,
            Ic3Config {
                lift_rounds: 1,
                ..i.clone()
            },
        ),
        ic3_row(
            "ic3-keep",
            10,
            Ic3Config {
                drop_po: 0.0,
                ..i.clone()
            },
        ),
        ic3_row(
            "ic3-inside",
            11,
            Ic3Config {
                ctg_outside: false,
                ..i
            },
        ),
    ]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn names(ws: &[Worker]) -> Vec<&'static str> {
        ws.iter().map(|w| w.name).collect()
    }

    #[test]
    fn the_table_and_its_names() {
        let (i, k) = (Ic3Config::default(), KindConfig::default());
        assert_eq!(names(&workers(&i, &k, 64)), row_names());
        assert_eq!(row_names().len(), MAX_WORKERS);
        // Unasked, the rows that were there before the sixteen.
        assert_eq!(
            row_names()[..UNASKED_MAX_WORKERS],
            ["ic3", "kind", "ic3-ctg", "kipdr", "bmc", "ic3-ternary"]
        );
        assert_eq!(names(&workers(&i, &k, 0)), ["ic3"]);
        assert_eq!(names(&workers(&i, &k, 2)), ["ic3", "kind"]);
        // Every IC3 row but the first searches with a seed of its own, moved by `--seed`.
        let seeds = |i: &Ic3Config| -> Vec<u64> {
            workers(i, &k, MAX_WORKERS)
                .iter()
                .filter_map(|w| match &w.engine {
                    EngineSpec::Ic3(c) => Some(c.seed),
                    _ => None,
                })
                .collect()
        };
        let s0 = seeds(&i);
        let mut unique = s0.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), s0.len(), "{s0:?}");
        let s5 = seeds(&Ic3Config {
            seed: 5,
            ..i.clone()
        });
        assert!(
            s0.iter().zip(&s5).all(|(a, b)| a + 5 == *b),
            "{s0:?} {s5:?}"
        );
        // The first row is IC3 as configured, taking nothing in; the others may.
        let EngineSpec::Ic3(first) = &workers(&i, &k, 1)[0].engine else {
            panic!("the first row is not IC3")
        };
        assert!(!first.import_lemmas && !first.promote);
        assert_eq!(first.seed, i.seed);
    }

    #[test]
    fn rows_by_name() {
        let (i, k) = (Ic3Config::default(), KindConfig::default());
        let pick = |ns: &[&str]| {
            let ns: Vec<String> = ns.iter().map(|s| s.to_string()).collect();
            named_workers(&i, &k, &ns).map(|w| names(&w))
        };
        assert_eq!(pick(&["ic3-keep", "ic3"]).unwrap(), ["ic3-keep", "ic3"]);
        let e = pick(&["ic3", "nope"]).unwrap_err();
        assert_eq!(e.name, "nope");
        assert!(e.to_string().contains("(the rows: ic3, kind, "), "{e}");
        match &named_workers(&i, &k, &["bmc-pdrkit".into()]).unwrap()[0].engine {
            EngineSpec::Bmc(b) => assert_eq!(b.sat, SatBackend::Pdrkit),
            _ => panic!("bmc-pdrkit is not BMC"),
        }
    }
}
