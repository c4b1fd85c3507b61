//! pdrkit-engine: the model-checking algorithms. Each engine takes a
//! [`TransitionSystem`](pdrkit_ts::TransitionSystem) and answers with an [`Outcome`]: a
//! counterexample [`Trace`], a [`Proof`] (an inductive invariant or a k-induction argument), or
//! unknown. Engines: [`ic3`] (IC3/PDR), [`bmc`], [`kind`] (k-induction and KIPDR) and the
//! [`portfolio`] running several in parallel.
//!
//! No engine's word is final on its own: traces are re-simulated on the transition system before
//! they are returned (see [`Trace::validate`]), and the command line checks invariants and
//! witnesses again with the independent `pdrkit-check` crate.

pub mod bmc;
pub mod control;
pub mod ic3;
pub mod kind;
pub mod portfolio;
pub mod proof;
pub mod trace;
pub mod unroll;

pub use control::{Control, LemmaPool};
pub use proof::Proof;
pub use trace::Trace;

/// What an engine concluded.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// A bad state is reachable: here is how.
    Unsafe(Trace),
    /// No bad state is reachable: here is why.
    Safe(Proof),
    /// No conclusion (limit reached, stopped, or the engine cannot decide this kind of model).
    Unknown(String),
}

impl Outcome {
    /// The HWMCC word for this outcome: `sat`, `unsat` or `unknown`.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Unsafe(_) => "sat",
            Outcome::Safe(_) => "unsat",
            Outcome::Unknown(_) => "unknown",
        }
    }
}
