//! Why an answer is unknown, as a value a front end can act on (retry with more time, report a
//! bug, raise a bound) rather than a sentence to parse.

use std::fmt;

/// Why an engine, or a checked answer, is unknown. `Display` gives the one line the command
/// line prints after `unknown:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The engine was stopped: its stop signal came (an interrupt, another engine of a
    /// portfolio answered) or its deadline passed. `depth` is how far it got, in `unit`s.
    Stopped {
        /// What `depth` counts: "frame", "depth", "k".
        unit: &'static str,
        /// How far the search had gone.
        depth: usize,
    },
    /// A SAT call ended without an answer while the engine was not stopped (a solver's own
    /// budget).
    SolverGaveUp,
    /// A SAT solver of the engine could not allocate memory (an address-space limit, the
    /// machine's memory): a limit, like the time limit, not a bug.
    OutOfMemory,
    /// The bound the caller set was reached without an answer.
    BoundReached {
        /// What `bound` counts: "frame", "depth", "k".
        unit: &'static str,
        /// The bound.
        bound: usize,
    },
    /// The proof found cannot be written as a certificate (k-induction with simple-path
    /// constraints), so it is not given as an answer.
    NotCertifiable,
    /// The independent check refused the engine's answer: a bug, caught before it reached
    /// the user.
    CheckFailed(String),
    /// The time limit of the run (or of this part of it) was reached.
    TimeLimit,
    /// A signal (SIGINT, SIGTERM) asked the run to stop.
    Interrupted,
    /// No engine of a portfolio gave an answer (each one's reason is in the statistics).
    NoAnswer,
    /// An internal error (a broken invariant, a panic, threads that could not start). Running
    /// out of memory is not one ([`Reason::OutOfMemory`]).
    Internal(String),
}

impl Reason {
    /// Whether this is a bug rather than a limit: an internal error or a refused answer.
    pub fn is_error(&self) -> bool {
        matches!(self, Reason::Internal(_) | Reason::CheckFailed(_))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Stopped { unit, depth } => write!(f, "stopped at {unit} {depth}"),
            Reason::SolverGaveUp => write!(f, "SAT solver gave up"),
            Reason::OutOfMemory => write!(f, "out of memory"),
            Reason::BoundReached { unit, bound } => {
                write!(f, "no answer up to {unit} {bound} (the bound)")
            }
            Reason::NotCertifiable => write!(
                f,
                "k-induction needed simple-path constraints: no certificate can be built"
            ),
            Reason::CheckFailed(why) => write!(f, "internal error: {why}"),
            Reason::TimeLimit => write!(f, "time limit reached"),
            Reason::Interrupted => write!(f, "interrupted"),
            Reason::NoAnswer => write!(f, "no worker answered"),
            Reason::Internal(why) => write!(f, "internal error: {why}"),
        }
    }
}
