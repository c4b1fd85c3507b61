//! Which literals are the safety properties: the `B` section, or the outputs when there is
//! neither a `B` nor a `J` section, as the AIGER tools read a file (hand-made models).

use pdrkit_logic::Lit;
use pdrkit_ts::aiger::parse;
use pdrkit_ts::{SystemError, TransitionSystem};

fn lit(code: u32) -> Lit {
    Lit::from_code(code)
}

#[test]
fn outputs_are_properties_only_without_bad_and_justice_sections() {
    // One input 2; output 3 (its negation); no B, no J.
    let a = parse(b"aag 1 1 0 1 0\n2\n3\n").unwrap();
    assert_eq!(a.properties(), [lit(3)]);
    assert!(a.properties_are_outputs());
    assert_eq!(
        TransitionSystem::from_aig(&a, None)
            .unwrap()
            .properties
            .len(),
        1
    );

    // The same beside a justice property {2}: the output is an output, not a property, and
    // the model (liveness only) is refused.
    let a = parse(b"aag 1 1 0 1 0 0 0 1\n2\n3\n1\n2\n").unwrap();
    assert_eq!(a.outputs, [lit(3)]);
    assert_eq!(a.justice, [vec![lit(2)]]);
    assert!(a.properties().is_empty(), "{:?}", a.properties());
    assert!(!a.properties_are_outputs());
    assert!(matches!(
        TransitionSystem::from_aig(&a, None),
        Err(SystemError::Liveness)
    ));
    assert!(matches!(
        TransitionSystem::from_aig(&a, Some(0)),
        Err(SystemError::Liveness)
    ));

    // Beside a justice property and a bad-state literal 2: the B section.
    let a = parse(b"aag 1 1 0 1 0 1 0 1\n2\n3\n2\n1\n2\n").unwrap();
    assert_eq!(a.properties(), [lit(2)]);
    assert!(!a.properties_are_outputs());
    assert!(TransitionSystem::from_aig(&a, None).is_ok());

    // Beside a fairness constraint alone (no J): the outputs still are the properties.
    let a = parse(b"aag 1 1 0 1 0 0 0 0 1\n2\n3\n2\n").unwrap();
    assert_eq!(a.fairness, [lit(2)]);
    assert_eq!(a.properties(), [lit(3)]);
    assert!(a.properties_are_outputs());
    assert!(TransitionSystem::from_aig(&a, None).is_ok());
}
