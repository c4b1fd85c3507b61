//! The IC3-specific API of [`Cdcl`] on small hand-made cases: domains, definitions,
//! temporary clauses, failed assumptions read in place, `flip_to_none`.

use pdrkit_logic::{Lit, SatResult, Var};
use pdrkit_sat::Cdcl;

fn v(i: u32) -> Lit {
    Var(i).lit()
}

/// `out ↔ a ∧ b` as a definition.
fn and(s: &mut Cdcl, out: u32, a: Lit, b: Lit) {
    s.define(Var(out), &[a.var(), b.var()]);
    s.add_definition_clause(&[!v(out), a]);
    s.add_definition_clause(&[!v(out), b]);
    s.add_definition_clause(&[v(out), !a, !b]);
}

#[test]
fn is_send() {
    fn send<T: Send>() {}
    send::<Cdcl>();
}

#[test]
fn a_query_sees_its_cone_only() {
    let mut s = Cdcl::new();
    // 3 = 1 ∧ 2, 5 = 3 ∧ 4; 7 = 6 ∧ 6' (another cone).
    and(&mut s, 3, v(1), v(2));
    and(&mut s, 5, v(3), v(4));
    and(&mut s, 7, v(6), !v(8));
    assert_eq!(s.solve(&[v(5)]), SatResult::Sat);
    for i in 1..=5 {
        assert_eq!(s.value(v(i)), Some(true), "v{i} in the cone of 5");
        assert!(s.in_domain(Var(i)));
    }
    for i in 6..=8 {
        assert_eq!(s.value(v(i)), None, "v{i} outside the cone of 5");
        assert!(!s.in_domain(Var(i)));
    }
    // A permanent clause brings its variables (and their cones) into every query's domain.
    s.add_clause(&[v(7)]);
    assert_eq!(s.solve(&[!v(5)]), SatResult::Sat);
    assert_eq!(s.value(v(7)), Some(true));
    assert_eq!(s.value(v(6)), Some(true));
    assert_eq!(s.value(v(8)), Some(false));
    // Out of the cone, a contradiction among definitions' variables is still found when the
    // assumptions reach it.
    assert_eq!(s.solve(&[v(7), v(8)]), SatResult::Unsat);
    assert_eq!(s.failed_assumptions(), &[v(8)]);
    assert!(s.is_failed(v(8)) && !s.is_failed(v(7)));
}

#[test]
fn a_definition_added_after_a_permanent_clause_joins_the_domain() {
    let mut s = Cdcl::new();
    s.add_clause(&[v(3), v(9)]);
    and(&mut s, 3, v(1), v(2));
    assert_eq!(s.solve(&[!v(9)]), SatResult::Sat);
    assert_eq!(s.value(v(1)), Some(true));
    assert_eq!(s.value(v(2)), Some(true));
}

#[test]
fn temporary_clauses_leave_nothing_behind() {
    let mut s = Cdcl::new();
    and(&mut s, 3, v(1), v(2));
    // With the temporary clause ¬1, 3 cannot hold.
    assert_eq!(s.solve_with(&[v(3)], &[!v(1)]), SatResult::Unsat);
    assert_eq!(s.failed_assumptions(), &[v(3)]);
    // Without it, it can: nothing learnt from it stayed.
    assert_eq!(s.solve(&[v(3)]), SatResult::Sat);
    // Several temporary clauses, contradicting each other: UNSAT whatever the assumptions.
    s.add_temporary_clause(&[v(1)]);
    s.add_temporary_clause(&[!v(1)]);
    assert_eq!(s.solve(&[v(2)]), SatResult::Unsat);
    assert!(s.failed_assumptions().is_empty());
    assert_eq!(s.solve(&[v(1), v(2)]), SatResult::Sat);
    // Many queries, one variable: the solver does not grow.
    let vars = s.num_vars();
    for i in 0..1000 {
        let r = s.solve_with(&[v(3)], &[Var(1 + i % 2).lit_with(true)]);
        assert_eq!(r, SatResult::Unsat);
    }
    assert_eq!(s.num_vars(), vars);
}

#[test]
fn a_model_is_readable_until_the_solver_changes() {
    let mut s = Cdcl::new();
    s.add_clause(&[v(1), v(2)]);
    assert_eq!(s.solve(&[!v(1)]), SatResult::Sat);
    assert_eq!(s.value(v(2)), Some(true));
    // A phase does not end the answer.
    s.set_phase(v(1));
    assert_eq!(s.value(v(2)), Some(true));
    s.add_clause(&[v(3)]);
    assert_eq!(s.value(v(2)), None);
    assert_eq!(s.solve(&[]), SatResult::Sat);
    assert_eq!(s.value(v(1)), Some(true), "the phase set was used");
}

#[test]
fn flip_to_none_keeps_every_clause_satisfied() {
    let mut s = Cdcl::new();
    // 3 = 1 ∧ 2; the query asks ¬3 with 1: then 2 must be false, 1 must stay.
    and(&mut s, 3, v(1), v(2));
    s.add_clause(&[v(4), v(5)]);
    s.set_phase(v(4));
    s.set_phase(v(5));
    assert_eq!(s.solve(&[!v(3), v(1)]), SatResult::Sat);
    assert_eq!(s.value(v(2)), Some(false));
    assert!(!s.flip_to_none(Var(2)), "¬2 is what keeps ¬3 ∨ ... true");
    // 4 ∨ 5 with both true: one may go, not both.
    assert!(s.flip_to_none(Var(4)));
    assert_eq!(s.value(v(4)), None);
    assert!(!s.flip_to_none(Var(5)));
    // Outside the domain: nothing to drop.
    assert!(s.flip_to_none(Var(40)));
}

#[test]
fn flip_to_none_keeps_the_assumptions() {
    // 6 and 7 are assumed; 6 ∨ 7 holds by either, so no clause needs them: only the query
    // holds their values. ¬6 ∨ 8 needs 8 while 6 is true.
    let mut s = Cdcl::new();
    s.add_clause(&[v(6), v(7)]);
    s.add_clause(&[!v(6), v(8)]);
    assert_eq!(s.solve(&[v(6), v(7)]), SatResult::Sat);
    assert!(!s.flip_to_none(Var(6)), "an assumption's value stays");
    assert!(!s.flip_to_none(Var(7)), "so does the second's");
    assert!(!s.flip_to_none(Var(8)), "8 stays");
    assert_eq!(s.value(v(6)), Some(true));
}
