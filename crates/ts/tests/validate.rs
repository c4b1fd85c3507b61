//! Models built in code: `Aig::validate` and `TransitionSystem::from_aig` refuse malformed
//! circuits with a typed error naming the place, instead of answering or panicking (every
//! shared benchmark passes: `malformed.rs`).

use pdrkit_logic::Lit;
use pdrkit_logic::Var;
use pdrkit_ts::{
    Aig, AigError, AndGate, Latch, Merge, Reduction, Reset, Site, SystemError, TransitionSystem,
};

fn lit(code: u32) -> Lit {
    Lit::from_code(code)
}

/// One input `2`, one latch `4` with next `6 = 2 ∧ 4`, bad `6`.
fn valid() -> Aig {
    let mut a = Aig {
        max_var: 3,
        ..Aig::default()
    };
    a.inputs.push(lit(2));
    a.latches.push(Latch {
        lit: lit(4),
        next: lit(6),
        reset: Reset::Zero,
    });
    a.ands.push(AndGate {
        lhs: lit(6),
        rhs0: lit(2),
        rhs1: lit(4),
    });
    a.bads.push(lit(6));
    a
}

fn refused(a: &Aig) -> AigError {
    let e = a.validate().expect_err("a malformed circuit passed");
    match TransitionSystem::from_aig(a, None) {
        Err(SystemError::Malformed(f)) => assert_eq!(e, f),
        other => panic!("from_aig did not refuse it: {other:?}"),
    }
    e
}

#[test]
fn a_valid_model_passes() {
    assert_eq!(valid().validate(), Ok(()));
    assert!(TransitionSystem::from_aig(&valid(), None).is_ok());
}

#[test]
fn each_malformation_is_named() {
    // An input that was never declared (it used to become the constant 0).
    let mut a = valid();
    a.inputs.clear();
    assert_eq!(
        refused(&a),
        AigError::Undefined {
            site: Site::And(0),
            lit: 2
        }
    );
    // An AND gate over a literal above max_var (it used to panic).
    let mut a = valid();
    a.ands[0].rhs1 = lit(40);
    assert!(matches!(
        refused(&a),
        AigError::OutOfRange {
            site: Site::And(0),
            lit: 40,
            max_var: 3
        }
    ));
    // A negated latch literal.
    let mut a = valid();
    a.latches[0].lit = lit(5);
    assert_eq!(
        refused(&a),
        AigError::BadDefinition {
            site: Site::Latch(0),
            lit: 5
        }
    );
    // A variable defined twice.
    let mut a = valid();
    a.inputs.push(lit(4));
    assert_eq!(
        refused(&a),
        AigError::Redefined {
            site: Site::Latch(0),
            var: 2
        }
    );
    // A cycle of two gates.
    let mut a = valid();
    a.max_var = 5;
    a.ands = vec![
        AndGate {
            lhs: lit(8),
            rhs0: lit(10),
            rhs1: lit(2),
        },
        AndGate {
            lhs: lit(10),
            rhs0: lit(8),
            rhs1: lit(2),
        },
    ];
    a.latches[0].next = lit(8);
    a.bads = vec![lit(10)];
    assert_eq!(
        refused(&a),
        AigError::NotTopological {
            site: Site::And(0),
            lit: 10
        }
    );
    // A property over an undefined variable.
    let mut a = valid();
    a.max_var = 4;
    a.bads.push(lit(9));
    assert_eq!(
        refused(&a),
        AigError::Undefined {
            site: Site::Bad(1),
            lit: 9
        }
    );
    // The message names the place.
    assert_eq!(
        refused(&a).to_string(),
        "bad-state property 1: uses literal 9, whose variable is not an input, latch or AND gate"
    );
}

#[test]
fn a_reduction_that_does_not_fit_is_refused() {
    let a = valid();
    let refused = |r: Reduction| match TransitionSystem::with_reduction(&a, None, false, &r) {
        Err(SystemError::InvalidReduction { index }) => index,
        other => panic!("accepted: {other:?}"),
    };
    let latch = |latch, into| Merge {
        latch,
        into,
        negated: false,
    };
    // No latch 1; a latch replaced by itself; a gate replaced by a later literal (itself), by
    // an undefined variable, and a gate that does not exist.
    let r = |latches, gates| Reduction { latches, gates };
    assert_eq!(refused(r(vec![latch(1, None)], vec![])), 0);
    assert_eq!(refused(r(vec![latch(0, Some(0))], vec![])), 0);
    assert_eq!(refused(r(vec![], vec![(Var(3), lit(6))])), 0);
    assert_eq!(refused(r(vec![], vec![(Var(3), lit(8))])), 0);
    assert_eq!(refused(r(vec![latch(0, None)], vec![(Var(2), lit(2))])), 1);
    // What fits is accepted: the latch is constant 0, the gate is replaced by the input.
    let ts = TransitionSystem::with_reduction(&a, None, false, &r(vec![latch(0, None)], vec![]))
        .unwrap();
    assert_eq!((ts.num_latches(), ts.merged.len()), (0, 1));
    assert!(
        TransitionSystem::with_reduction(&a, None, false, &r(vec![], vec![(Var(3), lit(2))]))
            .is_ok()
    );
}
