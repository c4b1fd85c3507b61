//! The SAT layer: the few operations the engines need, as a trait, and its implementation over
//! rustsat's solvers ([`External`]: MiniSat, and CaDiCaL with the `cadical` feature).
//!
//! rustsat 0.7.5's MiniSat wrapper has sharp edges that this layer hides (each is pinned by a
//! conformance test in `tests/minisat_conformance.rs`):
//! - `lit_val` of a negative literal returns the *variable's* value: we ask for the variable and
//!   apply the sign ourselves;
//! - `limit_conflicts(None)` leaves a spent budget behind, so later solves return `Interrupted`:
//!   budgets are cleared with `set_limit(Limit::None)` after every limited call;
//! - an interrupt is permanent for a solver: only interrupt solvers that are about to be dropped
//!   (see [`crate::Interrupts`]);
//! - the model and the core must be read before the next clause is added (adding resets the
//!   wrapper's state): [`SatSolver::solve`] copies the final conflict out at once.

use rustsat::solvers::{Interrupt, PhaseLit, SolveIncremental, SolveStats, SolverResult};
use rustsat::types::{Cl, TernaryVal};
use rustsat_minisat::Limit;

use crate::interrupt::Registration;
use crate::{Lit, Var};

/// The answer of one SAT call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SatResult {
    /// Satisfiable: a model can be read.
    Sat,
    /// Unsatisfiable under the assumptions: the failed assumptions can be read.
    Unsat,
    /// The conflict budget ran out (or the solver was interrupted).
    Unknown,
}

/// What the engines need from an incremental SAT solver.
pub trait SatSolver {
    /// A fresh variable, above every variable used so far.
    fn new_var(&mut self) -> Var;
    /// Makes sure variables `0..n` exist, so that `new_var` returns `n` or more.
    fn reserve_vars(&mut self, n: u32);
    /// Number of variables in use.
    fn num_vars(&self) -> u32;
    /// Adds a clause permanently.
    fn add_clause(&mut self, lits: &[Lit]);
    /// Solves under assumptions.
    fn solve(&mut self, assumptions: &[Lit]) -> SatResult;
    /// The value of `lit` in the last model, `None` when unassigned. Only after `Sat`.
    fn value(&self, lit: Lit) -> Option<bool>;
    /// The assumptions of the last `Unsat` call that its final conflict used (a subset of the
    /// assumptions, as passed). Empty when the formula is unsatisfiable without assumptions.
    fn failed_assumptions(&self) -> &[Lit];
    /// A preferred polarity for decisions on `lit`'s variable.
    fn set_phase(&mut self, lit: Lit);
    /// Limits the next `solve` call to this many conflicts (`None`: no limit).
    fn set_conflict_budget(&mut self, budget: Option<u64>);
    /// Number of clauses added so far.
    fn num_clauses(&self) -> usize;
    /// Whether the solver ran out of memory (adding a clause or solving): it answers
    /// `Unknown` to every later call, since a clause it could not store may be missing. A
    /// solver registered with an [`Interrupts`](crate::Interrupts) registry also marks it.
    fn out_of_memory(&self) -> bool {
        false
    }
}

/// What a wrapper of an external solver does when it runs out of memory: answers `Unknown`
/// from then on and tells its registry (see [`SatSolver::out_of_memory`]).
#[derive(Debug, Default)]
pub(crate) struct Exhaustion {
    out: bool,
}

impl Exhaustion {
    /// Records that the solver ran out of memory.
    pub fn record(&mut self, registration: Option<&Registration>) {
        self.out = true;
        if let Some(r) = registration {
            r.report_out_of_memory();
        }
    }
    /// Whether it did.
    #[inline]
    pub fn happened(&self) -> bool {
        self.out
    }
}

/// A rustsat solver as [`External`] needs it: rustsat's traits, plus its name and how it takes
/// a conflict limit. Implemented for MiniSat (rustsat-minisat's `core` variant) and, with the
/// `cadical` feature, for CaDiCaL.
pub trait Backend: Default + SolveIncremental + PhaseLit + SolveStats + Interrupt {
    /// The solver's name, for messages (`"MiniSat"`).
    const NAME: &'static str;
    /// The wrapper's name, for `Debug` (`"Minisat"`).
    const TYPE_NAME: &'static str;
    /// Limits the next solve call to `conflicts` conflicts.
    fn limit_conflicts(&mut self, conflicts: u64);
    /// Called after a limited solve call: lifts the limit, where it would outlast the call.
    fn clear_limit(&mut self);
}

impl Backend for rustsat_minisat::core::Minisat {
    const NAME: &'static str = "MiniSat";
    const TYPE_NAME: &'static str = "Minisat";
    fn limit_conflicts(&mut self, conflicts: u64) {
        self.set_limit(Limit::Conflicts(
            i64::try_from(conflicts).unwrap_or(i64::MAX),
        ));
    }
    fn clear_limit(&mut self) {
        // `limit_conflicts(None)` would leave the spent budget behind (see the module doc).
        self.set_limit(Limit::None);
    }
}

/// An external (rustsat) solver behind [`SatSolver`]: [`Minisat`], or `Cadical` with the
/// `cadical` feature. Created on a thread that [entered](crate::Interrupts::enter) a
/// registry, it can be interrupted from another thread.
///
/// The wrapper's edges: the model and the core are gone once a clause is added (the core is
/// copied out at once); a variable the solver never saw has no value; a conflict limit holds for
/// the next call only.
pub struct External<B: Backend> {
    // First, so that it is dropped (leaving the registry) before the solver it interrupts.
    registration: Option<Registration>,
    solver: B,
    vars: Vars,
    failed: Vec<Lit>,
    budget: Option<u64>,
    exhaustion: Exhaustion,
}

/// MiniSat (rustsat-minisat's `core` variant) behind [`SatSolver`]. Created on a thread that
/// [entered](crate::Interrupts::enter) a registry, it can be interrupted from another thread.
pub type Minisat = External<rustsat_minisat::core::Minisat>;

impl<B: Backend> std::fmt::Debug for External<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}({} vars)", B::TYPE_NAME, self.vars.num)
    }
}

/// The variable bookkeeping a backend wrapper does itself: the next fresh variable, and which
/// variables the solver has seen (in a clause or an assumption). Asking MiniSat for a variable
/// it never saw reads out of bounds; CaDiCaL has no value for it either.
#[derive(Default, Debug)]
pub(crate) struct Vars {
    /// Variables handed out or reserved.
    pub num: u32,
    /// One above the highest variable the solver has seen.
    known: u32,
}

impl Vars {
    pub fn fresh(&mut self) -> Var {
        let v = Var(self.num);
        self.num += 1;
        v
    }
    pub fn reserve(&mut self, n: u32) {
        self.num = self.num.max(n);
    }
    /// Records that the solver sees these literals.
    pub fn seen(&mut self, lits: &[Lit]) {
        if let Some(m) = lits.iter().map(|l| l.var().0).max() {
            self.num = self.num.max(m + 1);
            self.known = self.known.max(m + 1);
        }
    }
    /// Whether the solver has seen `lit`'s variable.
    #[inline]
    pub fn knows(&self, lit: Lit) -> bool {
        lit.var().0 < self.known
    }
}

#[inline]
fn to_rs(lits: &[Lit]) -> &[rustsat::types::Lit] {
    // SAFETY: both `Lit` and `rustsat::types::Lit` are `repr(transparent)` over a `u32` with the
    // same meaning (`2 * var + negated`), and every `u32` is a valid value of both.
    #[allow(unsafe_code)]
    unsafe {
        std::slice::from_raw_parts(lits.as_ptr().cast::<rustsat::types::Lit>(), lits.len())
    }
}

#[inline]
fn from_rs(l: rustsat::types::Lit) -> Lit {
    Lit::from_code(l.lidx() as u32)
}

impl<B: Backend> Default for External<B> {
    fn default() -> Self {
        let mut solver = B::default();
        let registration = Registration::current(|| Box::new(solver.interrupter()));
        External {
            registration,
            solver,
            vars: Vars::default(),
            failed: Vec::new(),
            budget: None,
            exhaustion: Exhaustion::default(),
        }
    }
}

impl<B: Backend> External<B> {
    /// The solver underneath, for the rare operation the trait does not cover.
    pub fn inner(&mut self) -> &mut B {
        &mut self.solver
    }
}

impl<B: Backend> SatSolver for External<B> {
    fn new_var(&mut self) -> Var {
        self.vars.fresh()
    }

    fn reserve_vars(&mut self, n: u32) {
        self.vars.reserve(n);
    }

    fn num_vars(&self) -> u32 {
        self.vars.num
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.vars.seen(lits);
        if let Err(e) = self.solver.add_clause_ref(Cl::new(to_rs(lits))) {
            // rustsat's wrappers fail to add a clause only when they cannot allocate.
            assert!(
                e.downcast_ref::<rustsat::OutOfMemory>().is_some(),
                "{} refused a clause: {e}",
                B::NAME
            );
            self.exhaustion.record(self.registration.as_ref());
        }
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        self.vars.seen(assumptions);
        self.failed.clear();
        // A termination request made between calls may not last into the next one (CaDiCaL):
        // the registry's flag is checked here.
        if self.exhaustion.happened()
            || self
                .registration
                .as_ref()
                .is_some_and(Registration::interrupted)
        {
            self.budget = None;
            return SatResult::Unknown;
        }
        let budget = self.budget.take();
        if let Some(b) = budget {
            self.solver.limit_conflicts(b);
        }
        let res = self.solver.solve_assumps(to_rs(assumptions));
        if budget.is_some() {
            self.solver.clear_limit();
        }
        match res {
            Ok(SolverResult::Sat) => SatResult::Sat,
            Ok(SolverResult::Unsat) => {
                // The final conflict is a clause over negated assumptions.
                if let Ok(core) = self.solver.core() {
                    self.failed.extend(core.into_iter().map(|l| !from_rs(l)));
                }
                SatResult::Unsat
            }
            Ok(SolverResult::Interrupted) => SatResult::Unknown,
            Err(e) if e.downcast_ref::<rustsat::OutOfMemory>().is_some() => {
                self.exhaustion.record(self.registration.as_ref());
                SatResult::Unknown
            }
            Err(e) => panic!("{} failed: {e}", B::NAME),
        }
    }

    #[inline]
    fn value(&self, lit: Lit) -> Option<bool> {
        if !self.vars.knows(lit) {
            return None;
        }
        // The variable's value, signed here (MiniSat's `lit_val` of a negative literal gives
        // the variable's value: see the module doc).
        let pos = rustsat::types::Lit::new(lit.var().0, false);
        match self.solver.lit_val(pos) {
            Ok(TernaryVal::True) => Some(!lit.is_neg()),
            Ok(TernaryVal::False) => Some(lit.is_neg()),
            _ => None,
        }
    }

    fn failed_assumptions(&self) -> &[Lit] {
        &self.failed
    }

    fn set_phase(&mut self, lit: Lit) {
        if !self.vars.knows(lit) {
            return;
        }
        let _ = self.solver.phase_lit(to_rs(&[lit])[0]);
    }

    fn set_conflict_budget(&mut self, budget: Option<u64>) {
        self.budget = budget;
    }

    fn num_clauses(&self) -> usize {
        self.solver.n_clauses()
    }

    fn out_of_memory(&self) -> bool {
        self.exhaustion.happened()
    }
}

#[cfg(test)]
mod tests {
    use super::{Minisat, SatResult, SatSolver};
    use crate::{Interrupts, Lit};

    /// An allocation failure cannot be provoked on demand, so the test takes the step rustsat's
    /// error leads to and checks what follows from it: the solver answers unknown for good,
    /// says why, and its registry knows.
    #[test]
    fn a_solver_out_of_memory_answers_unknown_and_tells_its_registry() {
        let reg = Interrupts::new();
        let _scope = reg.enter();
        let mut s = Minisat::default();
        let x = Lit::from_code(2);
        s.add_clause(&[x]);
        assert_eq!(s.solve(&[]), SatResult::Sat);
        assert!(!s.out_of_memory() && !reg.out_of_memory());
        s.exhaustion.record(s.registration.as_ref());
        assert_eq!(s.solve(&[]), SatResult::Unknown);
        assert_eq!(s.solve(&[!x]), SatResult::Unknown);
        assert!(s.out_of_memory() && reg.out_of_memory());
        assert!(!reg.is_interrupted(), "other solvers go on");
        let mut other = Minisat::default();
        other.add_clause(&[x]);
        assert_eq!(other.solve(&[]), SatResult::Sat);
    }
}
