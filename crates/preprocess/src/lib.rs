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
//!
//! **Reset functions** (AIGER 1.9.23) are never seen here: a system is built only from a model
//! whose reset functions were lowered ([`Aig::lower_reset_functions`]): such latches are then
//! uninitialized, under a constraint over the added first-step latch. Latch correspondence
//! takes no uninitialized latch as a candidate, and its simulation and induction keep the
//! constraints, so the lowered model's equalities are proved as any other's, and they hold in
//! the original model's reachable states (the same, on the original latches).

use std::time::{Duration, Instant};

mod scorr;
mod simulate;
mod sweep;

use crate::scorr::ScorrLimits;
pub use crate::scorr::ScorrStats;
use crate::sweep::SweepLimits;
pub use crate::sweep::SweepStats;
use pdrkit_ts::{Aig, Reduction, SystemError, TransitionSystem};

/// Options of preprocessing, declared once: the defaults are [`PreprocessConfig::DEFAULT`];
/// with the `cli` feature the struct is also the command line (`clap::Args`). Why each default
/// is what it is: `docs/decisions.md`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(next_help_heading = "Preprocessing options"))]
pub struct PreprocessConfig {
    /// Latch correspondence: latches proved constant, or equal or opposite to another, in
    /// every reachable state are merged.
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.scorr))]
    pub scorr: bool,
    /// Latch correspondence: simulation runs of 64 random traces each, for candidates.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.scorr_runs))]
    pub scorr_runs: usize,
    /// Latch correspondence: steps of each simulation run.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.scorr_steps))]
    pub scorr_steps: usize,
    /// Latch correspondence: conflict budget of each induction query (one that runs out keeps
    /// the latch apart).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.scorr_conflicts))]
    pub scorr_conflicts: u64,
    /// Latch correspondence: time budget in seconds (the CLI also caps it at a tenth of
    /// `--timeout`); past it, nothing is merged.
    #[cfg_attr(feature = "cli", arg(long, value_name = "SECS", hide = true,
        value_parser = seconds, default_value_t = Self::DEFAULT.scorr_time))]
    pub scorr_time: f64,
    /// SAT sweeping: AND gates proved equal or opposite to an earlier signal or a constant, in
    /// every state, are merged.
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.sweep))]
    pub sweep: bool,
    /// SAT sweeping: simulation words of 64 random patterns, for candidates.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.sweep_words))]
    pub sweep_words: usize,
    /// SAT sweeping: conflict budget of each query.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.sweep_conflicts))]
    pub sweep_conflicts: u64,
    /// SAT sweeping: time budget in seconds (the CLI also caps it at a twentieth of
    /// `--timeout`); past it, the gates proved so far are merged.
    #[cfg_attr(feature = "cli", arg(long, value_name = "SECS", hide = true,
        value_parser = seconds, default_value_t = Self::DEFAULT.sweep_time))]
    pub sweep_time: f64,
}

impl PreprocessConfig {
    /// The defaults, written once.
    pub const DEFAULT: PreprocessConfig = PreprocessConfig {
        scorr: true,
        scorr_runs: 4,
        scorr_steps: 64,
        scorr_conflicts: 1000,
        scorr_time: 5.0,
        sweep: true,
        sweep_words: 4,
        sweep_conflicts: 100,
        sweep_time: 2.0,
    };

    /// No preprocessing at all (`--no-preprocess`).
    pub fn off() -> Self {
        PreprocessConfig {
            scorr: false,
            sweep: false,
            ..Self::DEFAULT
        }
    }
}

impl Default for PreprocessConfig {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A time budget: a finite, non-negative number of seconds.
#[cfg(feature = "cli")]
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 0.0 => Ok(t),
        _ => Err(format!(
            "expected a non-negative number of seconds, got '{s}'"
        )),
    }
}

/// A time budget in seconds as a duration: a value no duration can hold (negative, NaN) is no
/// time at all, one too large is no limit.
fn budget(seconds: f64) -> Option<Duration> {
    Duration::try_from_secs_f64(seconds.max(0.0)).ok()
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
            deadline: budget(config.scorr_time).and_then(|d| start.checked_add(d)),
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
            deadline: budget(config.sweep_time).and_then(|d| start.checked_add(d)),
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
