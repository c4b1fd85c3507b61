//! pdrkit-preprocess: the transition system made smaller before any engine starts, with every
//! answer still about the model the user gave.
//!
//! Two steps beyond cone of influence, constant propagation and structural hashing (which
//! [`TransitionSystem::from_aig`] always does), each followed by a rebuild of the system with
//! its replacements (which shrinks the cone of influence and lets hashing merge more gates):
//! 1. **latch correspondence** (module `scorr`) replaces each latch proved constant, or equal or
//!    opposite to another latch, in every reachable state;
//! 2. **SAT sweeping** (module `sweep`) replaces each AND gate proved equal (or opposite) to an
//!    earlier signal or a constant for every value of the inputs and latches.
//!
//! Ternary simulation is not a step of its own: the latches it proves constant form a set
//! that is inductive by itself, so they survive latch correspondence's refinement anyway.
//!
//! **Why answers stay valid for the model.** Let `EQ` be the conjunction of all the proved
//! equalities (recorded in [`TransitionSystem::merged`]); it holds in the initial states and
//! `EQ ∧ C ∧ T ⇒ EQ'`. In a state where `EQ` holds, every signal of the model equals the signal
//! of the reduced system that replaced it, so:
//! - a counterexample of the reduced system is one of the model (replaced latches are
//!   initialized, so the witness's initial values are the model's reset values, and `EQ` holds
//!   all along the trace); the checker replays it on the model;
//! - an inductive invariant `Inv` of the reduced system, written over the model's latches, gives
//!   `Inv ∧ EQ`, an inductive invariant of the model (`I ⇒ Inv ∧ EQ`; from `Inv ∧ EQ ∧ C ∧ T`
//!   follow `EQ'` and, the next-state functions agreeing, `Inv'`; `Inv ∧ EQ ∧ C ⇒ ¬bad`
//!   likewise). The certificate is built from that conjunction
//!   ([`pdrkit_ts::Merge::clauses`]) and checked on the model by the independent checker. A k-induction
//!   proof gets `EQ` added to its auxiliary invariant in the same way.
//!
//! SAT sweeping's replacements hold in every state (under `EQ`, for the gates over replaced
//! latches), so they need nothing more.

use std::time::{Duration, Instant};

mod scorr;
mod simulate;
mod sweep;

use crate::scorr::ScorrLimits;
pub use crate::scorr::ScorrStats;
use crate::sweep::SweepLimits;
pub use crate::sweep::SweepStats;
use pdrkit_ts::{Aig, Reduction, SystemError, TransitionSystem};

/// Options of preprocessing; the defaults are [`PreprocessConfig::default`].
#[derive(Clone, Debug)]
pub struct PreprocessConfig {
    /// Latch correspondence (constant, equal and opposite latches merged).
    pub scorr: bool,
    /// Simulation for candidate equalities: runs of 64 random traces each.
    pub scorr_runs: usize,
    /// Steps of each simulation run.
    pub scorr_steps: usize,
    /// Conflict budget of each induction query (one that runs out keeps the latch apart).
    pub scorr_conflicts: u64,
    /// Time budget of latch correspondence; past it, nothing is merged.
    pub scorr_time: Duration,
    /// SAT sweeping (gates equal to an earlier signal or a constant merged).
    pub sweep: bool,
    /// Simulation for sweeping's candidates: words of 64 random patterns.
    pub sweep_words: usize,
    /// Conflict budget of each sweeping query.
    pub sweep_conflicts: u64,
    /// Time budget of SAT sweeping; past it, the gates proved so far are merged.
    pub sweep_time: Duration,
}

impl Default for PreprocessConfig {
    fn default() -> Self {
        PreprocessConfig {
            scorr: true,
            scorr_runs: 4,
            scorr_steps: 64,
            scorr_conflicts: 1000,
            scorr_time: Duration::from_secs(5),
            // On, measured together with IC3's CNF elimination (with which it gives the
            // smallest CNF: `frogs.5` 662 nodes, against 895 with elimination alone and 1576
            // with neither): the two solved 131 and 130 files of the shared set at 20 s, seeds
            // 0 and 1, against 129 and 127 without, a superset each time
            // (run `2026-12-06-prime-elim-20s`). Alone, before elimination was the default, it
            // had lost 2 files (`2026-12-03-sweep-20s`). The other engines search the swept
            // system too: k-induction solved 81 files with it and without
            // (`2026-12-06-kind-sweep-20s`), BMC 45 against 44 and KIPDR 87 against 84,
            // supersets (`2026-12-06-bmc-kipdr-sweep-20s`). The runs: docs/decisions.md,
            // `--sweep`, and their summaries in docs/bench/DAY.md for each run's day.
            sweep: true,
            sweep_words: 4,
            sweep_conflicts: 100,
            sweep_time: Duration::from_secs(2),
        }
    }
}

impl PreprocessConfig {
    /// No preprocessing at all (`--no-preprocess`).
    pub fn off() -> Self {
        PreprocessConfig {
            scorr: false,
            sweep: false,
            ..Self::default()
        }
    }
}

/// Sizes of a transition system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// Inputs.
    pub inputs: usize,
    /// Latches.
    pub latches: usize,
    /// AND gates.
    pub gates: usize,
}

impl Size {
    /// The sizes of `ts` (without the first-step latch).
    pub fn of(ts: &TransitionSystem) -> Self {
        Size {
            inputs: ts.num_inputs(),
            latches: ts.num_latches() - usize::from(ts.first.is_some()),
            gates: ts.gates.len(),
        }
    }
}

/// What preprocessing did.
#[derive(Clone, Debug, Default)]
pub struct PreprocessStats {
    /// After cone of influence and hashing only.
    pub before: Size,
    /// After every step.
    pub after: Size,
    /// Latch correspondence.
    pub scorr: ScorrStats,
    /// Time spent in latch correspondence and the rebuild after it.
    pub scorr_time: Duration,
    /// After latch correspondence.
    pub after_scorr: Size,
    /// SAT sweeping.
    pub sweep: SweepStats,
    /// Time spent in SAT sweeping and the rebuild after it.
    pub sweep_time: Duration,
}

/// The system of `property` (all properties when `None`) of `aig`, as
/// [`TransitionSystem::from_aig`] builds it (with the first-step latch when `first`), made
/// smaller by the steps `config` turns on; see the crate documentation for why the engines'
/// answers on the result hold for `aig`.
pub fn preprocess(
    aig: &Aig,
    property: Option<usize>,
    first: bool,
    config: &PreprocessConfig,
) -> Result<(TransitionSystem, PreprocessStats), SystemError> {
    let plain = TransitionSystem::from_aig(aig, property)?;
    let mut stats = PreprocessStats {
        before: Size::of(&plain),
        ..PreprocessStats::default()
    };
    let mut reduction = Reduction::default();
    let mut ts = plain;
    if config.scorr {
        let start = Instant::now();
        let limits = ScorrLimits {
            runs: config.scorr_runs,
            steps: config.scorr_steps,
            conflicts: config.scorr_conflicts,
            deadline: start.checked_add(config.scorr_time),
        };
        reduction.latches = scorr::correspondence(&ts, &limits, &mut stats.scorr);
        for m in &mut reduction.latches {
            m.latch = ts.latch_origin[m.latch];
            m.into = m.into.map(|r| ts.latch_origin[r]);
        }
        if !reduction.latches.is_empty() {
            ts = TransitionSystem::with_reduction(aig, property, false, &reduction)?;
        }
        stats.scorr_time = start.elapsed();
    }
    stats.after_scorr = Size::of(&ts);
    if config.sweep {
        let start = Instant::now();
        let limits = SweepLimits {
            words: config.sweep_words,
            conflicts: config.sweep_conflicts,
            deadline: start.checked_add(config.sweep_time),
        };
        reduction.gates = sweep::sweep(&ts, &limits, &mut stats.sweep)
            .into_iter()
            .filter_map(|(n, l)| Some((ts.gate_in_model(n)?, ts.lit_in_model(aig, l)?)))
            .collect();
        if !reduction.gates.is_empty() {
            ts = TransitionSystem::with_reduction(aig, property, false, &reduction)?;
        }
        stats.sweep_time = start.elapsed();
    }
    if first {
        ts = TransitionSystem::with_reduction(aig, property, true, &reduction)?;
    }
    stats.after = Size::of(&ts);
    Ok((ts, stats))
}
