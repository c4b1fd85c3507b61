//! [`Cdcl`] behind the workspace's [`SatSolver`] trait, so that every engine can use it. Plain
//! use through the trait makes every clause permanent: the domain is then every variable
//! seen, and the solver behaves as an ordinary incremental CDCL solver.

use pdrkit_logic::{Lit, SatResult, SatSolver, Var};

use crate::Cdcl;

impl SatSolver for Cdcl {
    fn new_var(&mut self) -> Var {
        Cdcl::new_var(self)
    }

    fn reserve_vars(&mut self, n: u32) {
        Cdcl::reserve_vars(self, n);
    }

    fn num_vars(&self) -> u32 {
        Cdcl::num_vars(self)
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        Cdcl::add_clause(self, lits);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        Cdcl::solve(self, assumptions)
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        Cdcl::value(self, lit)
    }

    fn failed_assumptions(&self) -> &[Lit] {
        Cdcl::failed_assumptions(self)
    }

    fn set_phase(&mut self, lit: Lit) {
        Cdcl::set_phase(self, lit);
    }

    fn set_conflict_budget(&mut self, budget: Option<u64>) {
        Cdcl::set_conflict_budget(self, budget);
    }

    fn num_clauses(&self) -> usize {
        Cdcl::num_clauses(self)
    }
}
