//! CaDiCaL (rustsat-cadical) behind [`SatSolver`], the second backend (feature `cadical`).
//!
//! The wrapper's edges, as for MiniSat: the model and the core are gone once a clause is added
//! (the core is copied out at once); a variable CaDiCaL never saw has no value; a conflict limit
//! holds for the next call only.

use rustsat::solvers::{Interrupt, PhaseLit, Solve, SolveIncremental, SolveStats, SolverResult};
use rustsat::types::{Cl, TernaryVal};
use rustsat_cadical::{CaDiCaL, Limit};

use crate::interrupt::Registration;
use crate::sat::{from_rs, to_rs, Exhaustion, Vars};
use crate::{Lit, SatResult, SatSolver, Var};

/// CaDiCaL behind [`SatSolver`]; interruptible like [`Minisat`](crate::Minisat).
pub struct Cadical {
    // First, so that it is dropped (leaving the registry) before the solver it interrupts.
    registration: Option<Registration>,
    solver: CaDiCaL<'static, 'static>,
    vars: Vars,
    failed: Vec<Lit>,
    budget: Option<u64>,
    exhaustion: Exhaustion,
}

impl std::fmt::Debug for Cadical {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cadical({} vars)", self.vars.num)
    }
}

impl Default for Cadical {
    fn default() -> Self {
        let mut solver = CaDiCaL::default();
        let registration = Registration::current(|| Box::new(solver.interrupter()));
        Cadical {
            registration,
            solver,
            vars: Vars::default(),
            failed: Vec::new(),
            budget: None,
            exhaustion: Exhaustion::default(),
        }
    }
}

impl SatSolver for Cadical {
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
            // rustsat's CaDiCaL fails to add a clause only when it cannot allocate.
            assert!(
                e.downcast_ref::<rustsat::OutOfMemory>().is_some(),
                "CaDiCaL refused a clause: {e}"
            );
            self.exhaustion.record(self.registration.as_ref());
        }
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        self.vars.seen(assumptions);
        self.failed.clear();
        // A termination request made between calls may not last into the next one in CaDiCaL:
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
            Err(e) if e.downcast_ref::<rustsat::OutOfMemory>().is_some() => {
                self.exhaustion.record(self.registration.as_ref());
                SatResult::Unknown
            }
            Err(e) => panic!("CaDiCaL failed: {e}"),
        }
    }

    #[inline]
    fn value(&self, lit: Lit) -> Option<bool> {
        if !self.vars.knows(lit) {
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
