//! pdrkit-engine: the model-checking algorithms. Each engine takes a
//! [`TransitionSystem`](pdrkit_ts::TransitionSystem) and answers with an [`Outcome`]: a
//! counterexample [`Trace`], a [`Proof`] (an inductive invariant or a k-induction argument), or
//! unknown. Engines: [`ic3`] (IC3/PDR), [`bmc`], [`kind`] (k-induction and KIPDR) and the
//! [`portfolio`] running several in parallel; for a justice property, [`klive`] (k-liveness on
//! IC3, over the AIG, with a liveness certificate). Each runs on either SAT backend, chosen at run
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
//! // The checker reads both circuits itself, from the files they would be written as.
//! let read = |c: &Aig| pdrkit_check::Model::parse(&pdrkit_ts::aiger::write_aag(c)).unwrap();
//! assert!(pdrkit_check::check_certificate(&read(&aig), &read(&cert)).is_ok());
//! ```
//!
//! Or in one call, with the command line's defaults ([`check`], [`Options`]); a model built in
//! code is validated first and refused with a typed error when it is malformed:
//!
//! ```
//! use pdrkit_engine::{check, Options, Outcome};
//! use pdrkit_logic::Lit;
//! use pdrkit_ts::{Aig, Latch, Reset, SystemError};
//!
//! // A latch that toggles from 0: it is 1 after one step.
//! let mut aig = Aig { max_var: 1, ..Aig::default() };
//! let x = Lit::from_code(2);
//! aig.latches.push(Latch { lit: x, next: !x, reset: Reset::Zero });
//! aig.bads.push(x);
//! let Ok(Outcome::Unsafe(trace)) = check(&aig, &Options::default()) else { panic!() };
//! assert_eq!(trace.depth(), 1);
//!
//! // A property over a variable nothing defines is an error, not an answer.
//! aig.bads.push(Lit::from_code(4));
//! assert!(matches!(check(&aig, &Options::default()), Err(SystemError::Malformed(_))));
//! ```
//!
//! No engine's word is final on its own: traces are re-simulated on the transition system before
//! they are returned (see [`Trace::validate`]), and the command line checks invariants and
//! witnesses again with the independent `pdrkit-check` crate.

pub mod bmc;
pub mod config;
pub mod control;
pub mod ic3;
pub mod kind;
mod kipdr;
pub mod klive;
pub mod portfolio;
pub mod proof;
mod reason;
mod sat;
mod spec;
pub mod stat;
pub mod trace;
mod unroll;

pub use control::{Control, LemmaPool};
pub use proof::Proof;
pub use reason::Reason;
pub use sat::SatBackend;
pub use spec::EngineSpec;
pub use stat::{Stat, StatValue};
pub use trace::Trace;

/// What an engine concluded.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// A bad state is reachable: here is how.
    Unsafe(Trace),
    /// No bad state is reachable: here is why.
    Safe(Proof),
    /// No conclusion, and why.
    Unknown(Reason),
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

/// Which engine [`check`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// IC3 and k-induction in parallel (more workers with more jobs): the command line's default.
    #[default]
    Portfolio,
    /// IC3/PDR.
    Ic3,
    /// Bounded model checking (refutes only).
    Bmc,
    /// k-induction.
    Kind,
    /// k-induction with property direction.
    Kipdr,
}

/// Options of [`check`]; every engine runs with its own defaults (those of `pdrkit check`).
#[derive(Clone, Debug)]
pub struct Options {
    /// The engine.
    pub engine: EngineChoice,
    /// Check this property only (0-based); `None`: all at once.
    pub property: Option<usize>,
    /// Answer unknown after this long; `None`: no limit.
    pub timeout: Option<std::time::Duration>,
    /// Portfolio workers (threads).
    pub jobs: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            engine: EngineChoice::Portfolio,
            property: None,
            timeout: None,
            jobs: 2,
        }
    }
}

/// Checks `aig` (all its safety properties, or `opts.property`) with the chosen engine: the
/// library's one-line entry. The model is validated first ([`pdrkit_ts::Aig::validate`]).
/// Answers are the engines' own: re-check them with `pdrkit-check` where it matters, as the
/// command line does. A model with reset functions is refused
/// ([`pdrkit_ts::SystemError::ResetFunction`]): check its lowering
/// ([`pdrkit_ts::Aig::lower_reset_functions`]), whose verdict is the model's and whose answers
/// [`pdrkit_ts::Lowered`] turns into the model's.
pub fn check(aig: &pdrkit_ts::Aig, opts: &Options) -> Result<Outcome, pdrkit_ts::SystemError> {
    let ts = pdrkit_ts::TransitionSystem::from_aig(aig, opts.property)?;
    let deadline = opts
        .timeout
        .and_then(|t| std::time::Instant::now().checked_add(t));
    let ctl = Control::new().with_deadline(deadline);
    let (i, k) = (ic3::Ic3Config::default(), kind::KindConfig::default());
    let spec = match opts.engine {
        EngineChoice::Portfolio => {
            return Ok(portfolio::check(&ts, &portfolio::workers(&i, &k, opts.jobs), &ctl).outcome)
        }
        EngineChoice::Ic3 => EngineSpec::Ic3(i),
        EngineChoice::Bmc => EngineSpec::Bmc(bmc::BmcConfig::default()),
        EngineChoice::Kind | EngineChoice::Kipdr => EngineSpec::Kind(kind::KindConfig {
            property_direction: opts.engine == EngineChoice::Kipdr,
            name: if opts.engine == EngineChoice::Kipdr {
                "kipdr"
            } else {
                "kind"
            },
            ..k
        }),
    };
    Ok(spec.run(&ts, &ctl).0)
}
