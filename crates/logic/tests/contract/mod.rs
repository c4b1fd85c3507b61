//! The contract of [`SatSolver`] that the engines rely on, as generic functions: every backend's
//! test target includes this file (`crates/logic/tests/solver_layer.rs` for MiniSat and
//! CaDiCaL, `crates/sat/tests/contract.rs` for pdrkit's own solver) and runs them on its solver.

use std::sync::mpsc;
use std::time::Duration;

use pdrkit_logic::{Interrupts, Lit, SatResult, SatSolver, Var};

/// The literal of variable `v`, negated when `neg`.
pub fn l(v: u32, neg: bool) -> Lit {
    Var(v).lit_with(neg)
}

/// Pigeon hole 6 into 5: unsatisfiable, and needs more than one conflict.
pub fn add_php<S: SatSolver>(s: &mut S) {
    add_pigeons(s, 6);
}

/// Pigeon hole `p` into `p - 1`: unsatisfiable, and exponentially hard for CDCL (14 into 13
/// runs for hours).
pub fn add_pigeons<S: SatSolver>(s: &mut S, p: u32) {
    let h = p - 1;
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

pub fn contract<S: SatSolver + Default>() {
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

/// A registry's interrupt reaches a call in progress on another thread, and every later call
/// of its solvers; solvers made outside its scope are not touched; dropped ones leave it.
pub fn interruptible<S: SatSolver + Default>() {
    let reg = Interrupts::new();
    let outside = {
        let _scope = reg.enter();
        drop(S::default());
        assert_eq!(reg.live(), 0, "a dropped solver leaves the registry");
        let _kept = S::default();
        assert_eq!(reg.live(), 1);
        S::default()
    };
    // The scope has ended: this solver is not registered.
    let mut unregistered = S::default();
    assert_eq!(
        reg.live(),
        1,
        "only `outside` is still alive and registered"
    );

    let (started, wait) = mpsc::channel();
    let (done, result) = mpsc::channel();
    let worker = reg.clone();
    std::thread::spawn(move || {
        let _scope = worker.enter();
        let mut s = S::default();
        add_pigeons(&mut s, 14);
        started.send(()).unwrap();
        let first = s.solve(&[]);
        // Interrupted for good, even on an easy question.
        let again = s.solve(&[l(1, false)]);
        done.send((first, again)).unwrap();
    });
    wait.recv().unwrap();
    std::thread::sleep(Duration::from_millis(50));
    reg.interrupt();
    let (first, again) = result
        .recv_timeout(Duration::from_secs(60))
        .expect("the interrupted call returns");
    assert_eq!(first, SatResult::Unknown);
    assert_eq!(again, SatResult::Unknown);
    assert!(reg.is_interrupted());

    // Registered before the interrupt: answers unknown from now on.
    let mut outside = outside;
    outside.add_clause(&[l(1, false)]);
    assert_eq!(outside.solve(&[]), SatResult::Unknown);
    // Made after it, inside a scope: unknown at once.
    let _scope = reg.enter();
    let mut late = S::default();
    late.add_clause(&[l(1, false)]);
    assert_eq!(late.solve(&[]), SatResult::Unknown);
    // Not registered: unaffected.
    unregistered.add_clause(&[l(1, false)]);
    assert_eq!(unregistered.solve(&[]), SatResult::Sat);
}
