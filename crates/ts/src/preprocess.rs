//! Preprocessing: the transition system made smaller before any engine starts, with every
//! answer still about the model the user gave.
//!
//! Today one step beyond cone of influence, constant propagation and structural hashing (which
//! [`TransitionSystem::from_aig`] always does): **latch correspondence** (module `scorr`),
//! which replaces each latch proved constant, or equal or opposite to another latch, in every
//! reachable state. The system is then rebuilt with the replacements, which shrinks the cone of
//! influence (a replaced latch's next-state logic goes) and lets hashing merge more gates.
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
//!   ([`Merge::clauses`]) and checked on the model by the independent checker. A k-induction
//!   proof gets `EQ` added to its auxiliary invariant in the same way.

use std::time::{Duration, Instant};

use crate::aig::Aig;
pub use crate::scorr::ScorrStats;
use crate::scorr::{self, ScorrLimits};
use crate::system::{SystemError, TransitionSystem};

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
}

impl Default for PreprocessConfig {
    fn default() -> Self {
        PreprocessConfig {
            scorr: true,
            scorr_runs: 4,
            scorr_steps: 64,
            scorr_conflicts: 1000,
            scorr_time: Duration::from_secs(5),
        }
    }
}

impl PreprocessConfig {
    /// No preprocessing at all (`--no-preprocess`).
    pub fn off() -> Self {
        PreprocessConfig {
            scorr: false,
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
}

impl TransitionSystem {
    /// Like [`from_aig`](Self::from_aig) (or [`from_aig_with_first`](Self::from_aig_with_first)
    /// when `first`), made smaller by the steps `config` turns on; see the module
    /// documentation for why the engines' answers on the result hold for `aig`.
    pub fn preprocessed(
        aig: &Aig,
        property: Option<usize>,
        first: bool,
        config: &PreprocessConfig,
    ) -> Result<(Self, PreprocessStats), SystemError> {
        let plain = Self::build(aig, property, false, &[])?;
        let mut stats = PreprocessStats {
            before: Size::of(&plain),
            ..PreprocessStats::default()
        };
        let mut merges = Vec::new();
        if config.scorr {
            let start = Instant::now();
            let limits = ScorrLimits {
                runs: config.scorr_runs,
                steps: config.scorr_steps,
                conflicts: config.scorr_conflicts,
                deadline: start.checked_add(config.scorr_time),
            };
            merges = scorr::correspondence(&plain, &limits, &mut stats.scorr);
            for m in &mut merges {
                m.latch = plain.latch_origin[m.latch];
                m.into = m.into.map(|r| plain.latch_origin[r]);
            }
            stats.scorr_time = start.elapsed();
        }
        let ts = if merges.is_empty() && !first {
            plain
        } else {
            Self::build(aig, property, first, &merges)?
        };
        stats.after = Size::of(&ts);
        Ok((ts, stats))
    }
}
