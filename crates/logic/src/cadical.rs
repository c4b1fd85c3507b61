//! CaDiCaL (rustsat-cadical) behind [`SatSolver`], the second backend (feature `cadical`).
//!
//! The wrapper's edges, as for MiniSat: the model and the core are gone once a clause is added
//! (the core is copied out at once); a variable CaDiCaL never saw has no value; a conflict limit
//! holds for the next call only.

use rustsat::solvers::{PhaseLit, Solve, SolveIncremental, SolveStats, SolverResult};
use rustsat::types::{Cl, TernaryVal};
use rustsat_cadical::{CaDiCaL, Limit};

use crate::sat::{from_rs, to_rs};
use crate::{Lit, SatResult, SatSolver, Var};

/// CaDiCaL behind [`SatSolver`].
#[derive(Default)]
pub struct Cadical {
    solver: CaDiCaL<'static, 'static>,
    num_vars: u32,
    /// One above the highest variable CaDiCaL has seen.
    known: u32,
    failed: Vec<Lit>,
    budget: Option<u64>,
}

impl std::fmt::Debug for Cadical {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cadical({} vars)", self.num_vars)
    }
}

impl Cadical {
    fn bump_vars(&mut self, lits: &[Lit]) {
        if let Some(m) = lits.iter().map(|l| l.var().0).max() {
            self.num_vars = self.num_vars.max(m + 1);
            self.known = self.known.max(m + 1);
        }
    }
}

impl SatSolver for Cadical {
    fn new_var(&mut self) -> Var {
        let v = Var(self.num_vars);
        self.num_vars += 1;
        v
    }

    fn reserve_vars(&mut self, n: u32) {
        self.num_vars = self.num_vars.max(n);
    }

    fn num_vars(&self) -> u32 {
        self.num_vars
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.bump_vars(lits);
        self.solver
            .add_clause_ref(Cl::new(to_rs(lits)))
            .expect("CaDiCaL out of memory while adding a clause");
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        self.bump_vars(assumptions);
        self.failed.clear();
        if let Some(b) = self.budget.take() {
            let b = i32::try_from(b).unwrap_or(i32::MAX);
            self.solver
                .set_limit(Limit::Conflicts(b))
                .expect("CaDiCaL refused a conflict limit");
        }
        match self.solver.solve_assumps(to_rs(assumptions)) {
            Ok(SolverResult::Sat) => SatResult::Sat,
            Ok(SolverResult::Unsat) => {
                if let Ok(core) = self.solver.core() {
                    // Negated failed assumptions, as MiniSat gives them.
                    self.failed.extend(core.into_iter().map(|l| !from_rs(l)));
                }
                SatResult::Unsat
            }
            Ok(SolverResult::Interrupted) => SatResult::Unknown,
            Err(e) => panic!("CaDiCaL failed: {e}"),
        }
    }

    #[inline]
    fn value(&self, lit: Lit) -> Option<bool> {
        if lit.var().0 >= self.known {
            return None;
        }
        match self.solver.lit_val(to_rs(&[lit])[0]) {
            Ok(TernaryVal::True) => Some(true),
            Ok(TernaryVal::False) => Some(false),
            _ => None,
        }
    }

    fn failed_assumptions(&self) -> &[Lit] {
        &self.failed
    }

    fn set_phase(&mut self, lit: Lit) {
        if lit.var().0 >= self.known {
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
}
