//! pdrkit-engine: the model-checking algorithms. Each engine takes a
//! [`TransitionSystem`](pdrkit_ts::TransitionSystem) and answers with an [`Outcome`]: a
//! counterexample [`Trace`], a [`Proof`] (an inductive invariant or a k-induction argument), or
//! unknown. Engines: [`ic3`] (IC3/PDR), [`bmc`], [`kind`] (k-induction and KIPDR) and the
//! [`portfolio`] running several in parallel. Each runs on either SAT backend, chosen at run
//! time by its configuration ([`SatBackend`]: pdrkit's own solver or MiniSat).
//!
//! A front end builds the model in code or reads it, and runs an engine:
//!
//! ```
//! use pdrkit_engine::{ic3, Control, Outcome};
//! use pdrkit_logic::Lit;
//! use pdrkit_ts::{Aig, Latch, Reset, TransitionSystem};
//!
//! // Two latches that swap every step, starting at (0, 1): they are never both 1.
//! let mut aig = Aig { max_var: 2, ..Aig::default() };
//! let (a, b) = (Lit::from_code(2), Lit::from_code(4));
//! aig.latches.push(Latch { lit: a, next: b, reset: Reset::Zero });
//! aig.latches.push(Latch { lit: b, next: a, reset: Reset::One });
//! let both = aig.add_and(a, b);
//! aig.bads.push(both);
//!
//! let ts = TransitionSystem::from_aig(&aig, None).unwrap();
//! let mut stats = ic3::Ic3Stats::default();
//! let outcome = ic3::check(&ts, &ic3::Ic3Config::default(), &Control::new(), &mut stats);
//! let Outcome::Safe(proof) = outcome else { panic!("the latches are never both 1") };
//! // The invariant, as a certificate circuit, convinces the independent checker.
//! let inv = proof.invariant_in_model(&ts, &aig).unwrap();
//! let cert = pdrkit_ts::certificate::witness_circuit(&aig, &inv);
//! assert!(pdrkit_check::check_certificate(&aig, &cert).is_ok());
//! ```
//!
//! No engine's word is final on its own: traces are re-simulated on the transition system before
//! they are returned (see [`Trace::validate`]), and the command line checks invariants and
//! witnesses again with the independent `pdrkit-check` crate.

pub mod bmc;
pub mod control;
pub mod ic3;
pub mod kind;
pub mod kipdr;
pub mod portfolio;
pub mod proof;
mod sat;
pub mod trace;
pub mod unroll;

pub use control::{Control, LemmaPool};
pub use proof::Proof;
pub use sat::SatBackend;
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
