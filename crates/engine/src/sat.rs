//! The engines' SAT backends, chosen at run time: [`SatBackend`] names one, and [`AnySolver`]
//! is a plain incremental solver of either kind behind [`SatSolver`], for the engines that
//! unroll the transition relation (BMC, k-induction, KIPDR). IC3 builds its own solvers over
//! the same choice (`ic3::solver::ConeSolver`), since it uses what only pdrkit's solver offers
//! (per-query domains, temporary clauses).
//!
//! The choice is a value rather than a type parameter so that the command line can make it
//! without instantiating every engine twice, and so that the engines' code stays one copy: a
//! match per solver call costs nothing next to the call.

use pdrkit_logic::{Lit, SatResult, SatSolver, Solver, Var};
use pdrkit_sat::Cdcl;

/// Which SAT solver an engine runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SatBackend {
    /// pdrkit's own CDCL solver ([`pdrkit_sat::Cdcl`]): per-query domains and temporary
    /// clauses for IC3; a plain incremental solver for the other engines.
    Pdrkit,
    /// MiniSat (CaDiCaL with the `cadical` feature), the reference. IC3 puts its temporary
    /// clauses on activation literals there.
    Minisat,
}

impl std::str::FromStr for SatBackend {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "pdrkit" => Ok(SatBackend::Pdrkit),
            "minisat" => Ok(SatBackend::Minisat),
            _ => Err(format!("unknown SAT backend '{s}' (pdrkit, minisat)")),
        }
    }
}

impl std::fmt::Display for SatBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SatBackend::Pdrkit => "pdrkit",
            SatBackend::Minisat => "minisat",
        })
    }
}

/// An incremental SAT solver of the backend chosen at run time. Every clause it is given is
/// permanent, so pdrkit's solver behaves here as an ordinary CDCL solver (its domain is every
/// variable seen).
///
/// Like `Solver::default()`, [`new`](Self::new) registers the solver with the current thread's
/// interrupt registry, if the thread [entered](crate::Control::enter) one: both backends do
/// that when they are created.
pub(crate) enum AnySolver {
    /// MiniSat (or CaDiCaL, with the `cadical` feature).
    Minisat(Solver),
    /// pdrkit's solver, boxed: it is much larger than MiniSat's handle, and solvers move.
    Pdrkit(Box<Cdcl>),
}

impl AnySolver {
    /// An empty solver of `backend`.
    pub(crate) fn new(backend: SatBackend) -> Self {
        match backend {
            SatBackend::Minisat => AnySolver::Minisat(Solver::default()),
            SatBackend::Pdrkit => AnySolver::Pdrkit(Box::default()),
        }
    }
}

/// Calls the same method on whichever backend `$solver` holds. On pdrkit's solver the call
/// reaches its inherent method, which its `SatSolver` implementation forwards to anyway.
macro_rules! dispatch {
    ($solver:expr, $s:ident => $call:expr) => {
        match $solver {
            AnySolver::Minisat($s) => $call,
            AnySolver::Pdrkit($s) => $call,
        }
    };
}

impl SatSolver for AnySolver {
    fn new_var(&mut self) -> Var {
        dispatch!(self, s => s.new_var())
    }

    fn reserve_vars(&mut self, n: u32) {
        dispatch!(self, s => s.reserve_vars(n))
    }

    fn num_vars(&self) -> u32 {
        dispatch!(self, s => s.num_vars())
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        dispatch!(self, s => s.add_clause(lits))
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        dispatch!(self, s => s.solve(assumptions))
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        dispatch!(self, s => s.value(lit))
    }

    fn failed_assumptions(&self) -> &[Lit] {
        dispatch!(self, s => s.failed_assumptions())
    }

    fn set_phase(&mut self, lit: Lit) {
        dispatch!(self, s => s.set_phase(lit))
    }

    fn set_conflict_budget(&mut self, budget: Option<u64>) {
        dispatch!(self, s => s.set_conflict_budget(budget))
    }

    fn num_clauses(&self) -> usize {
        dispatch!(self, s => s.num_clauses())
    }

    fn out_of_memory(&self) -> bool {
        dispatch!(self, s => s.out_of_memory())
    }
}
