//! Replay and certificate checks on small hand-written models (`tests/models/`), whose traces
//! and invariants are known by construction.

mod common;

use pdrkit_check::{
    parse_witness, read_witness, CertError, CertReport, Condition, MappingSource, Replay,
    ReplayError, Witness,
};
use pdrkit_logic::Lit;
use pdrkit_ts::certificate::witness_circuit;
use pdrkit_ts::{Aig, AndGate, Symbol, SymbolKind};

fn models_dir() -> std::path::PathBuf {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/models")).to_path_buf()
}

/// [`pdrkit_check::check_certificate`] on the checker's copies of engine-built circuits.
fn check_certificate(model: &Aig, witness: &Aig) -> Result<CertReport, CertError> {
    pdrkit_check::check_certificate(&common::to_model(model), &common::to_model(witness))
}

/// [`pdrkit_check::replay`] on the checker's copy of `model`.
fn replay(model: &Aig, w: &Witness) -> Result<Replay, ReplayError> {
    pdrkit_check::replay(&common::to_model(model), w)
}

fn lit(code: u32) -> Lit {
    Lit::from_code(code)
}

fn failed(r: Result<pdrkit_check::CertReport, CertError>) -> Condition {
    match r {
        Err(CertError::Failed { condition, reason }) => {
            assert!(!reason.is_empty());
            condition
        }
        other => panic!("expected a failed condition, got {other:?}"),
    }
}

// ---------------------------------------------------------------- witnesses

#[test]
fn hand_written_trace_replays() {
    let model = common::model("enable_counter.aag");
    let w = read_witness(models_dir().join("enable_counter.wit")).unwrap();
    assert_eq!(
        w.comments,
        vec!["hand-written: enable three times, then anything"]
    );
    let r = replay(&model, &w).unwrap();
    assert_eq!(
        (r.steps, r.first_bad_step, r.bad_at_last_step),
        (4, 3, true)
    );
    // One enable fewer: the counter stops at 2.
    let short = parse_witness(b"1\nb0\n00\n1\n1\n0\n0\n.\n").unwrap();
    match replay(&model, &short) {
        Err(e @ ReplayError::NotReached { .. }) => {
            assert_eq!(
                e.to_string(),
                "property b0 is never 1 in the 4 step(s) of the trace (lines 4..=7)"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn property_may_fail_before_the_last_step() {
    let model = common::model("enable_counter.aag");
    let w = parse_witness(b"1\nb0\n00\n1\n1\n1\n0\n0\n.\n").unwrap();
    let r = replay(&model, &w).unwrap();
    assert_eq!(
        (r.steps, r.first_bad_step, r.bad_at_last_step),
        (5, 3, true)
    );
    // Counting on past 3 wraps to 0: bad only at step 3, not at the last step.
    let w = parse_witness(b"1\nb0\n00\n1\n1\n1\n1\n1\n.\n").unwrap();
    let r = replay(&model, &w).unwrap();
    assert_eq!((r.first_bad_step, r.bad_at_last_step), (3, false));
}

#[test]
fn several_properties() {
    let mut model = common::model("enable_counter.aag");
    // b1: s1 is set (state 2 or 3), first reached at step 2.
    model.bads.push(lit(6));
    let w = parse_witness(b"1\nb0 b1\n00\n1\n1\n1\nx\n.\n").unwrap();
    let r = replay(&model, &w).unwrap();
    assert_eq!(r.hits, vec![(0, 3), (1, 2)]);
    assert_eq!(r.first_bad_step, 2);
    let w = parse_witness(b"1\nb1 b2\n00\n1\n.\n").unwrap();
    match replay(&model, &w) {
        Err(e @ ReplayError::UnknownProperty { property: 2, .. }) => assert_eq!(
            e.to_string(),
            "line 2: the witness names property b2, but the model has 2 properties (numbered from 0)"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn outputs_are_the_properties_without_a_bad_section() {
    let model = common::model("toggle_output.aag");
    // No inputs: each step is an empty line.
    let r = replay(&model, &parse_witness(b"1\nb0\n0\n\n\n.\n").unwrap()).unwrap();
    assert_eq!(r.first_bad_step, 1);
}

#[test]
fn constraints_must_hold_at_every_step() {
    let model = common::model("constrained.aag");
    // The input must stay 0, so the latch never becomes 1.
    let w = parse_witness(b"1\nb0\n0\n1\n0\n.\n").unwrap();
    match replay(&model, &w) {
        Err(e @ ReplayError::ConstraintViolated { step: 0, line: 4, .. }) => assert_eq!(
            e.to_string(),
            "line 4: invariant constraint 0 (literal 3) is 0 at step 0, so the trace is not a valid run of the model"
        ),
        other => panic!("{other:?}"),
    }
    let w = parse_witness(b"1\nb0\n0\n0\n0\n.\n").unwrap();
    assert!(matches!(
        replay(&model, &w),
        Err(ReplayError::NotReached { .. })
    ));
}

#[test]
fn uninitialized_latches_take_the_witness_value() {
    let model = common::model("uninit.aag");
    let r = replay(&model, &parse_witness(b"1\nb0\n1\n\n.\n").unwrap()).unwrap();
    assert_eq!(r.first_bad_step, 0);
    // x is taken as 0, and 0 stays 0.
    assert!(replay(&model, &parse_witness(b"1\nb0\nx\n\n\n.\n").unwrap()).is_err());
}

#[test]
fn reset_values_are_enforced() {
    let model = common::model("toggle.aag");
    // b resets to 1; x means "the reset value".
    assert!(replay(&model, &parse_witness(b"1\nb0\n0x\n\n.\n").unwrap())
        .is_err_and(|e| { matches!(e, ReplayError::NotReached { .. }) }));
    match replay(&model, &parse_witness(b"1\nb0\n00\n\n.\n").unwrap()) {
        Err(e @ ReplayError::ResetMismatch { latch: 1, .. }) => assert_eq!(
            e.to_string(),
            "line 3, column 2: latch 1 (literal 4) resets to 1, but the witness starts it at 0"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn malformed_models_are_reported() {
    let mut model = common::model("toggle.aag");
    model.latches[0].next = lit(41);
    let w = parse_witness(b"1\nb0\n01\n\n.\n").unwrap();
    let e = replay(&model, &w).unwrap_err().to_string();
    assert!(e.contains("literal 41"), "{e}");
}

// ---------------------------------------------------------------- certificates

#[test]
fn toggle_needs_its_invariant() {
    let model = common::model("toggle.aag");
    let (a, b) = (lit(2), lit(4));
    // a ∨ b: together with "not both", exactly one is 1.
    let report = check_certificate(&model, &witness_circuit(&model, &[vec![a, b]])).unwrap();
    assert_eq!(report.mapping, MappingSource::Symbols);
    assert_eq!((report.mapped, report.extra), (2, 0));
    // The property alone is not inductive.
    assert_eq!(
        failed(check_certificate(&model, &witness_circuit(&model, &[]))),
        Condition::Step
    );
    // "a is 0" holds initially but not after one step.
    assert_eq!(
        failed(check_certificate(
            &model,
            &witness_circuit(&model, &[vec![!a]])
        )),
        Condition::Step
    );
    // "a is 1" excludes the initial state.
    assert_eq!(
        failed(check_certificate(
            &model,
            &witness_circuit(&model, &[vec![a]])
        )),
        Condition::Base
    );
    // A stronger invariant that is still inductive: a ≠ b.
    check_certificate(
        &model,
        &witness_circuit(&model, &[vec![a, b], vec![!a, !b]]),
    )
    .unwrap();
}

/// An invariant whose conjunct is a disjunction of gates rather than of latches: Step splits
/// it into the gates (`¬c = ¬x ∧ ¬y ∧ ...`) and must still read them as gates.
#[test]
fn invariant_conjuncts_may_be_disjunctions_of_gates() {
    let model = common::model("toggle.aag");
    let (a, b) = (lit(2), lit(4));
    // W's property: "both are 1" is false, and at least one of the `cases` (each a ∧ of two
    // literals, as a gate) holds.
    let certificate = |cases: &[[Lit; 2]]| {
        let mut w = witness_circuit(&model, &[]);
        let mut none = Lit::TRUE;
        for &[p, q] in cases {
            let g = w.new_var().lit();
            w.ands.push(AndGate {
                lhs: g,
                rhs0: p,
                rhs1: q,
            });
            let n = w.new_var().lit();
            w.ands.push(AndGate {
                lhs: n,
                rhs0: none,
                rhs1: !g,
            });
            none = n;
        }
        let good = w.new_var().lit();
        w.ands.push(AndGate {
            lhs: good,
            rhs0: !w.bads[0],
            rhs1: !none,
        });
        w.bads = vec![!good];
        w
    };
    // a ≠ b, as (a ∧ ¬b) ∨ (¬a ∧ b): inductive.
    check_certificate(&model, &certificate(&[[a, !b], [!a, b]])).unwrap();
    // Adding (¬a ∧ ¬b) lets 00 in, which steps to 11: not inductive.
    assert_eq!(
        failed(check_certificate(
            &model,
            &certificate(&[[a, !b], [!a, b], [!a, !b]])
        )),
        Condition::Step
    );
}

#[test]
fn counter_property_is_inductive_alone() {
    let model = common::model("counter3.aag");
    let (s0, s1) = (lit(2), lit(4));
    check_certificate(&model, &witness_circuit(&model, &[])).unwrap();
    // "s1 is 0" is not inductive (1 steps to 2).
    assert_eq!(
        failed(check_certificate(
            &model,
            &witness_circuit(&model, &[vec![!s1]])
        )),
        Condition::Step
    );
    // "s0 is 1" excludes the initial state 0.
    assert_eq!(
        failed(check_certificate(
            &model,
            &witness_circuit(&model, &[vec![s0]])
        )),
        Condition::Base
    );
    // A certificate round-trips through the ASCII and binary writers.
    let w = witness_circuit(&model, &[vec![!s0, !s1]]);
    for bytes in [
        pdrkit_ts::aiger::write_aag(&w),
        pdrkit_ts::aiger::write_aig(&w),
    ] {
        let back = pdrkit_ts::aiger::parse(&bytes).unwrap();
        check_certificate(&model, &back).unwrap();
    }
}

#[test]
fn constraints_are_premises() {
    let model = common::model("constrained.aag");
    check_certificate(&model, &witness_circuit(&model, &[])).unwrap();
    // Without its constraint the certificate's property is not inductive.
    let mut w = witness_circuit(&model, &[]);
    w.constraints.clear();
    assert_eq!(failed(check_certificate(&model, &w)), Condition::Step);
    // A certificate constraint the model does not guarantee in its reset states.
    let mut w = witness_circuit(&model, &[]);
    w.constraints.push(lit(5)); // ¬x ... fine initially; and x stays 0 under the model's constraint
    check_certificate(&model, &w).unwrap();
    let mut w = witness_circuit(&model, &[]);
    w.constraints.push(lit(4)); // x = 1: false in the reset state
    assert_eq!(failed(check_certificate(&model, &w)), Condition::Reset);
}

#[test]
fn a_certificate_must_imply_the_model_property() {
    let model = common::model("toggle.aag");
    let (a, b) = (lit(2), lit(4));
    // bad = ¬(a ∨ b) only: inductive, but it forgets the model's property.
    let mut w = witness_circuit(&model, &[]);
    let g = w.add_and(!a, !b);
    w.bads = vec![g];
    let c = failed(check_certificate(&model, &w));
    assert_eq!(c, Condition::Property);
    let e = check_certificate(&model, &w).unwrap_err().to_string();
    assert!(
        e.starts_with("the certificate fails the Property check"),
        "{e}"
    );
}

#[test]
fn a_certificate_must_step_like_the_model() {
    let model = common::model("toggle.aag");
    let mut w = witness_circuit(&model, &[vec![lit(2), lit(4)]]);
    // b keeps its value instead of toggling.
    w.latches[1].next = lit(4);
    let e = check_certificate(&model, &w).unwrap_err();
    assert!(matches!(
        e,
        CertError::Failed {
            condition: Condition::Transition,
            ..
        }
    ));
    assert!(
        e.to_string()
            .contains("latch l1 (literal 4, mapped to the model's latch 4)"),
        "{e}"
    );
}

#[test]
fn certificate_without_mapping_symbols_maps_by_position() {
    let model = common::model("toggle.aag");
    let mut w = witness_circuit(&model, &[vec![lit(2), lit(4)]]);
    w.symbols.clear();
    let r = check_certificate(&model, &w).unwrap();
    assert_eq!(r.mapping, MappingSource::Position);
    // Ordinary names are not mappings either.
    w.symbols.push(Symbol {
        kind: SymbolKind::Latch,
        index: 0,
        name: "a".into(),
    });
    assert_eq!(
        check_certificate(&model, &w).unwrap().mapping,
        MappingSource::Position
    );
    // Mapped the other way round, the latches no longer correspond.
    let mut w = witness_circuit(&model, &[vec![lit(2), lit(4)]]);
    w.symbols[0].name = "= 4".into();
    w.symbols[1].name = "= 2".into();
    assert_eq!(failed(check_certificate(&model, &w)), Condition::Reset);
}

#[test]
fn extra_certificate_latches_are_allowed() {
    // The certificate adds a latch of its own that copies a, with a matching reset.
    let model = common::model("toggle.aag");
    let mut w = witness_circuit(&model, &[vec![lit(2), lit(4)]]);
    let extra = w.new_var().lit();
    w.latches.push(pdrkit_ts::Latch {
        lit: extra,
        next: lit(3),
        reset: pdrkit_ts::Reset::Zero,
    });
    let r = check_certificate(&model, &w).unwrap();
    assert_eq!((r.mapped, r.extra), (2, 1));
}

#[test]
fn bad_mappings_are_reported() {
    let model = common::model("toggle.aag");
    let cases = [
        ("= x", "decimal model literal"),
        ("= 3", "not positive"),
        ("= 6", "not an input or a latch"),
        ("= 40", "not an input or a latch"),
    ];
    for (name, want) in cases {
        let mut w = witness_circuit(&model, &[]);
        w.symbols[0].name = name.into();
        match check_certificate(&model, &w) {
            Err(e @ CertError::Mapping { .. }) => {
                assert!(e.to_string().contains(want), "{name}: {e}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    // The same latch mapped twice, differently.
    let mut w = witness_circuit(&model, &[]);
    w.symbols.push(Symbol {
        kind: SymbolKind::Latch,
        index: 0,
        name: "= 4".into(),
    });
    assert!(check_certificate(&model, &w)
        .unwrap_err()
        .to_string()
        .contains("already mapped"));
    // A position beyond the certificate's latches (only a hand-built Aig can have one).
    let mut w = witness_circuit(&model, &[]);
    w.symbols[0].index = 7;
    assert!(check_certificate(&model, &w)
        .unwrap_err()
        .to_string()
        .contains("only 2 latches"));
}

#[test]
fn malformed_circuits_are_reported() {
    let model = common::model("toggle.aag");
    let mut w = witness_circuit(&model, &[]);
    w.ands.push(AndGate {
        lhs: lit(20),
        rhs0: lit(30),
        rhs1: lit(2),
    });
    let e = check_certificate(&model, &w).unwrap_err();
    assert!(matches!(e, CertError::Witness(_)), "{e}");
    assert!(
        e.to_string().starts_with("the certificate is malformed"),
        "{e}"
    );
    let mut m = model.clone();
    m.bads = vec![lit(99)];
    let e = check_certificate(&m, &w).unwrap_err();
    assert!(matches!(e, CertError::Model(_)), "{e}");
    // Degenerate but well-formed: nothing at all.
    check_certificate(&Aig::default(), &Aig::default()).unwrap();
}

#[test]
fn every_witness_certifies_its_own_model_when_the_property_is_trivial() {
    // A model whose property is constant false is certified by itself.
    let model = pdrkit_ts::aiger::parse(b"aag 0 0 0 1 0\n0\n").unwrap();
    let r = check_certificate(&model, &model).unwrap();
    assert_eq!(r.mapping, MappingSource::Position);
    // And a model whose property is constant true cannot be certified.
    let unsafe_model = pdrkit_ts::aiger::parse(b"aag 0 0 0 1 0\n1\n").unwrap();
    assert_eq!(
        failed(check_certificate(&unsafe_model, &unsafe_model)),
        Condition::Base
    );
}
