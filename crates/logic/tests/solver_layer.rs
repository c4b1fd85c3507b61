//! The contract of [`SatSolver`] that the engines rely on, checked for every backend built in:
//! MiniSat always, CaDiCaL with the `cadical` feature (`cargo test -p pdrkit-logic --features
//! cadical`).

use pdrkit_logic::{Lit, Minisat, SatResult, SatSolver, Var};

fn l(v: u32, neg: bool) -> Lit {
    Var(v).lit_with(neg)
}

/// Pigeon hole 6 into 5: unsatisfiable, and needs more than one conflict.
fn add_php<S: SatSolver>(s: &mut S) {
    let (p, h) = (6u32, 5u32);
    let v = |i: u32, j: u32| l(1 + i * h + j, false);
    for i in 0..p {
        s.add_clause(&(0..h).map(|j| v(i, j)).collect::<Vec<_>>());
    }
    for j in 0..h {
        for a in 0..p {
            for b in a + 1..p {
                s.add_clause(&[!v(a, j), !v(b, j)]);
            }
        }
    }
}

fn contract<S: SatSolver + Default>() {
    // Values carry the literal's sign.
    let mut s = S::default();
    s.add_clause(&[l(1, false)]);
    s.add_clause(&[l(2, true)]);
    assert_eq!(s.solve(&[]), SatResult::Sat);
    assert_eq!(s.value(l(1, false)), Some(true));
    assert_eq!(s.value(l(1, true)), Some(false));
    assert_eq!(s.value(l(2, false)), Some(false));
    // A variable the solver never saw has no value (and reading it is safe).
    assert_eq!(s.value(l(40, false)), None);
    // Adding a clause invalidates the model.
    s.add_clause(&[l(3, false)]);
    assert_eq!(s.value(l(3, false)), None);

    // Failed assumptions: a subset of the assumptions, as passed.
    let mut s = S::default();
    s.add_clause(&[l(1, true), l(2, true)]);
    assert_eq!(
        s.solve(&[l(3, false), l(1, false), l(2, false)]),
        SatResult::Unsat
    );
    let mut f = s.failed_assumptions().to_vec();
    f.sort();
    assert_eq!(f, vec![l(1, false), l(2, false)]);
    assert_eq!(s.solve(&[l(1, false)]), SatResult::Sat);
    assert_eq!(s.value(l(2, false)), Some(false));

    // A conflict budget holds for one call only.
    let mut s = S::default();
    add_php(&mut s);
    s.set_conflict_budget(Some(1));
    assert_eq!(s.solve(&[]), SatResult::Unknown);
    assert_eq!(s.solve(&[]), SatResult::Unsat);
    // Unsatisfiable without assumptions: no failed assumptions.
    assert!(s.failed_assumptions().is_empty());
}

#[test]
fn minisat_keeps_the_contract() {
    contract::<Minisat>();
}

#[cfg(feature = "cadical")]
#[test]
fn cadical_keeps_the_contract() {
    contract::<pdrkit_logic::Cadical>();
}
