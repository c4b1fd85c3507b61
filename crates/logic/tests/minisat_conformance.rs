//! Pins the behaviour of rustsat-minisat 0.7.5 that the SAT layer relies on or works around.
//! If an upgrade changes any of these, the layer in `src/sat.rs` must be revisited. What the
//! layer itself promises, for every backend, is tested in `solver_layer.rs`.

use pdrkit_logic::{Lit, Var};
use rustsat::solvers::{LimitConflicts, Solve, SolveIncremental, SolverResult};
use rustsat::types::TernaryVal;

fn l(v: u32, neg: bool) -> Lit {
    Var(v).lit_with(neg)
}

#[test]
fn raw_lit_val_of_negative_literal_returns_variable_value() {
    let mut s = rustsat_minisat::core::Minisat::default();
    let a = rustsat::types::Lit::new(0, false);
    s.add_unit(a).unwrap();
    assert_eq!(s.solve().unwrap(), SolverResult::Sat);
    // The sharp edge: asking for ¬a gives a's value, not its negation.
    assert_eq!(s.lit_val(!a).unwrap(), TernaryVal::True);
}

#[test]
fn raw_limit_conflicts_none_leaves_a_spent_budget() {
    let mut s = rustsat_minisat::core::Minisat::default();
    add_php(&mut |c: &[Lit]| {
        let c: Vec<_> = c
            .iter()
            .map(|x| rustsat::types::Lit::new(x.var().0, x.is_neg()))
            .collect();
        s.add_clause(c.as_slice().into()).unwrap();
    });
    s.limit_conflicts(Some(1)).unwrap();
    assert_eq!(s.solve().unwrap(), SolverResult::Interrupted);
    s.limit_conflicts(None).unwrap();
    // The sharp edge: the budget is still spent.
    assert_eq!(s.solve_assumps(&[]).unwrap(), SolverResult::Interrupted);
}

#[test]
fn interrupt_is_permanent() {
    use rustsat::solvers::{Interrupt, InterruptSolver};
    let mut s = rustsat_minisat::core::Minisat::default();
    s.add_unit(rustsat::types::Lit::new(0, false)).unwrap();
    s.interrupter().interrupt();
    assert_eq!(s.solve().unwrap(), SolverResult::Interrupted);
    assert_eq!(s.solve_assumps(&[]).unwrap(), SolverResult::Interrupted);
}

/// Pigeon hole 6 into 5: unsatisfiable, and needs more than one conflict.
fn add_php(add: &mut dyn FnMut(&[Lit])) {
    let (p, h) = (6u32, 5u32);
    let v = |i: u32, j: u32| l(1 + i * h + j, false);
    for i in 0..p {
        add(&(0..h).map(|j| v(i, j)).collect::<Vec<_>>());
    }
    for j in 0..h {
        for a in 0..p {
            for b in a + 1..p {
                add(&[!v(a, j), !v(b, j)]);
            }
        }
    }
}
