//! Models built in code: `Aig::validate` and `TransitionSystem::from_aig` refuse malformed
//! circuits with a typed error naming the place, instead of answering or panicking (every
//! shared benchmark passes: `malformed.rs`).

use pdrkit_logic::Lit;
use pdrkit_ts::{Aig, AigError, AndGate, Latch, Reset, Site, SystemError, TransitionSystem};

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
