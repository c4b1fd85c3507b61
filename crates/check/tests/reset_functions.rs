//! AIGER 1.9.23 reset functions (a latch reset to any literal) in the checker: its reader, the
//! replay of witnesses, the waveform, and certificates, on small hand-written models whose
//! initial states are known by construction.

mod common;

use pdrkit_check::aiger::parse;
use pdrkit_check::{
    check_certificate, parse_witness, replay, simulate, write_vcd, AigerError, CertError,
    Condition, Model, Replay, ReplayError, Reset, SignalNames, StructureError,
};
use pdrkit_logic::Lit;

fn lit(code: u32) -> Lit {
    Lit::from_code(code)
}

fn model(text: &str) -> Model {
    parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn resets(m: &Model) -> Vec<Reset> {
    m.latches.iter().map(|l| l.reset).collect()
}

// ------------------------------------------------------------------------------- the reader

#[test]
fn reads_every_kind_of_reset_function() {
    // Input 2; latches 4 (reset to the input), 6 (to latch 4), 8 (to gate 12), 10 (to the
    // negated input), 14 (uninitialized), 16 (to the negated latch 14); gate 12 = 4 ∧ 2.
    let m = model("aag 8 1 6 0 1\n2\n4 4 2\n6 6 4\n8 8 12\n10 10 3\n14 14 14\n16 16 15\n12 4 2\n");
    assert_eq!(
        resets(&m),
        vec![
            Reset::Function(lit(2)),
            Reset::Function(lit(4)),
            Reset::Function(lit(12)),
            Reset::Function(lit(3)),
            Reset::Uninit,
            Reset::Function(lit(15)),
        ]
    );
    assert_eq!(m.latches[3].reset.function(), Some(lit(3)));
    assert_eq!(m.latches[3].reset.value(), None);
    // 0, 1 and the latch's own literal stay what they were.
    let m = model("aag 3 0 3 0 0\n2 2 0\n4 4 1\n6 6 6\n");
    assert_eq!(resets(&m), vec![Reset::Zero, Reset::One, Reset::Uninit]);
}

#[test]
fn reads_reset_functions_in_binary_files() {
    // Input 2; latch 4 resets to the input, latch 6 to ¬4; the gate 8 = 6 ∧ 4 (deltas 2, 2).
    let mut bin = b"aig 4 1 2 0 1 1\n4 2\n6 5\n8\n".to_vec();
    bin.extend_from_slice(&[2, 2]);
    let m = parse(&bin).unwrap();
    assert_eq!(
        resets(&m),
        vec![Reset::Function(lit(2)), Reset::Function(lit(5))]
    );
    // Out of range, and a cycle, as in ASCII files.
    let e = parse(b"aig 2 1 1 0 0\n4 6\n").unwrap_err().to_string();
    assert!(
        e.starts_with("line 2: the latch's reset 6: expected a literal of at most 2M + 1 = 5"),
        "{e}"
    );
    let e = parse(b"aig 2 1 1 0 0\n4 5\n").unwrap_err();
    assert!(
        matches!(&e, AigerError::ResetCycle { latches, .. } if latches == &[4]),
        "{e}"
    );
}

#[test]
fn reset_cycles_are_errors_naming_the_latches() {
    let cases: &[(&str, &[u32], &str)] = &[
        // Reset to its own negation.
        (
            "aag 1 0 1 0 0\n2 2 3\n",
            &[2],
            "line 2: the reset of latch 2 reads the latch itself",
        ),
        // Reset to a gate that reads the latch.
        (
            "aag 3 1 1 0 1\n2\n4 4 6\n6 4 2\n",
            &[4],
            "line 3: the reset of latch 4 reads the latch itself",
        ),
        // Two latches reset to each other.
        (
            "aag 2 0 2 0 0\n2 2 4\n4 4 2\n",
            &[2, 4],
            "line 2: the resets of latches 2, 4 depend on each other in a cycle (2 -> 4 -> 2",
        ),
        // Three, through a gate and a negation, after a latch that is fine.
        (
            "aag 6 1 4 0 1\n2\n4 4 2\n6 6 12\n8 8 7\n10 10 9\n12 10 4\n",
            &[6, 10, 8],
            "line 4: the resets of latches 6, 10, 8 depend on each other in a cycle",
        ),
    ];
    for &(text, latches, want) in cases {
        match parse(text.as_bytes()) {
            Err(e @ AigerError::ResetCycle { .. }) => {
                let AigerError::ResetCycle { latches: got, .. } = &e else {
                    unreachable!()
                };
                assert_eq!(got, latches, "{text}");
                assert!(e.to_string().starts_with(want), "{e}");
                assert!(e.to_string().contains("stratified"), "{e}");
            }
            other => panic!("{text}: expected a reset cycle, got {other:?}"),
        }
    }
    // A chain that is not a cycle reads: latch 4 resets to 6, 6 to ¬8, 8 to the input.
    let m = model("aag 4 1 3 0 0\n2\n4 4 6\n6 6 9\n8 8 2\n");
    assert_eq!(resets(&m)[0], Reset::Function(lit(6)));
}

#[test]
fn reset_literals_must_exist() {
    for (text, want) in [
        (
            "aag 2 0 1 0 0\n2 2 4\n",
            "line 2: the latch's reset 4 reads variable 2, which nothing defines",
        ),
        (
            "aag 1 0 1 0 0\n2 2 5\n",
            "line 2: the latch's reset 5: expected a literal of at most 2M + 1 = 3",
        ),
    ] {
        let e = parse(text.as_bytes()).unwrap_err().to_string();
        assert!(e.starts_with(want), "{e}");
    }
    // A model built by hand is validated again by the checks.
    let mut m = model("aag 1 0 1 0 0 1\n2 2\n2\n");
    m.latches[0].reset = Reset::Function(lit(8));
    let e = check_certificate(&m, &m).unwrap_err();
    assert!(
        e.to_string()
            .contains("the reset function of latch 0 uses literal 8"),
        "{e}"
    );
}

// ------------------------------------------------------------------------------- witnesses

/// Input i (2); latch a (4) resets to i and keeps its value, latch b (6) resets to ¬a and keeps
/// its value; bad = a ∧ ¬b, which at step 0 is just a, that is i.
const UNSAFE: &str = "aag 4 1 2 0 1 1\n2\n4 4 2\n6 6 5\n8\n8 4 7\ni0 i\nl0 a\nl1 b\nb0 bad\n";

fn run(model_text: &str, witness: &str) -> Result<Replay, ReplayError> {
    replay(
        &model(model_text),
        &parse_witness(witness.as_bytes()).unwrap(),
    )
}

#[test]
fn initial_values_given_by_the_witness_must_match_the_functions() {
    // a = i = 1, b = ¬a = 0: consistent.
    let r = run(UNSAFE, "1\nb0\n10\n1\n.\n").unwrap();
    assert_eq!((r.steps, r.first_bad_step), (1, 0));
    // b given as 1, where ¬a is 0.
    match run(UNSAFE, "1\nb0\n11\n1\n.\n") {
        Err(e @ ReplayError::ResetFunctionMismatch { .. }) => {
            assert_eq!(
                e,
                ReplayError::ResetFunctionMismatch {
                    line: 3,
                    latch: 1,
                    lit: 6,
                    function: 5,
                    value: false
                }
            );
            assert_eq!(
                e.to_string(),
                "line 3, column 2: latch 1 (literal 6) resets to its reset function, literal 5, \
                 which is 0 at step 0 (over step 0's inputs and the other latches' initial \
                 values), but the witness starts it at 1"
            );
        }
        other => panic!("expected a reset-function mismatch, got {other:?}"),
    }
    // a given as 0 where the step-0 input makes it 1.
    assert!(matches!(
        run(UNSAFE, "1\nb0\n01\n1\n.\n"),
        Err(ReplayError::ResetFunctionMismatch {
            latch: 0,
            lit: 4,
            function: 2,
            value: true,
            ..
        })
    ));
    // With input 0 the consistent start is a = 0, b = 1, and the property is never 1.
    assert!(matches!(
        run(UNSAFE, "1\nb0\n01\n0\n.\n"),
        Err(ReplayError::NotReached { .. })
    ));
}

#[test]
fn x_means_computed_from_the_function_in_dependency_order() {
    let r = run(UNSAFE, "1\nb0\nxx\n1\n0\n.\n").unwrap();
    assert_eq!(
        (r.steps, r.first_bad_step, r.bad_at_last_step),
        (2, 0, true)
    );
    // Latch c (6) resets to gate 8 = u ∧ i, u (4) uninitialized: the witness's value of u
    // (x is 0) feeds c's function.
    let chain = "aag 4 1 2 0 1 1\n2\n4 4 4\n6 6 8\n6\n8 4 2\n";
    assert!(run(chain, "1\nb0\n1x\n1\n.\n").is_ok());
    assert!(run(chain, "1\nb0\n11\n1\n.\n").is_ok());
    assert!(matches!(
        run(chain, "1\nb0\nxx\n1\n.\n"),
        Err(ReplayError::NotReached { .. })
    ));
    assert!(matches!(
        run(chain, "1\nb0\n01\n1\n.\n"),
        Err(ReplayError::ResetFunctionMismatch {
            latch: 1,
            lit: 6,
            function: 8,
            value: false,
            ..
        })
    ));
}

#[test]
fn a_model_with_a_reset_cycle_does_not_replay() {
    let mut m = model(UNSAFE);
    m.latches[0].reset = Reset::Function(lit(6));
    let w = parse_witness(b"1\nb0\nxx\n1\n.\n").unwrap();
    match replay(&m, &w) {
        Err(ReplayError::Model(StructureError::ResetCycle { latches })) => {
            assert_eq!(latches, vec![4, 6])
        }
        other => panic!("expected a reset cycle, got {other:?}"),
    }
}

#[test]
fn the_waveform_shows_the_computed_initial_values() {
    let m = model(UNSAFE);
    let w = parse_witness(b"1\nb0\nxx\n1\n.\n").unwrap();
    let (_, sim) = simulate(&m, &w).unwrap();
    let vcd = write_vcd(&m, &sim, &SignalNames::from_symbols(&m), "top", "test");
    // The identifier of each signal, from its `$var` line.
    let id = |name: &str| -> String {
        vcd.lines()
            .find_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.first() == Some(&"$var") && f.get(4) == Some(&name)).then(|| f[3].to_owned())
            })
            .unwrap_or_else(|| panic!("no signal {name} in\n{vcd}"))
    };
    let dump: Vec<&str> = vcd
        .lines()
        .skip_while(|l| *l != "$dumpvars")
        .take_while(|l| *l != "$end")
        .collect();
    assert!(dump.contains(&format!("1{}", id("a")).as_str()), "{vcd}");
    assert!(dump.contains(&format!("0{}", id("b")).as_str()), "{vcd}");
}

// ---------------------------------------------------------------------------- certificates

/// Input i (2); latch a (4) resets to i and keeps its value; latch b (6) resets to ¬a and
/// steps to ¬a; latch c (8) resets to the gate a ∧ i and keeps its value. Bad is (a ∧ b) ∨
/// (c ∧ ¬a), never 1: b = ¬a always, and c = i = a. The property is inductive on its own.
const SAFE: &str = "aag 8 1 3 0 4 1\n2\n4 4 2\n6 5 5\n8 8 10\n17\n\
                    10 4 2\n12 4 6\n14 8 5\n16 13 15\n";

fn failed(r: Result<pdrkit_check::CertReport, CertError>) -> (Condition, String) {
    match r {
        Err(CertError::Failed { condition, reason }) => (condition, reason),
        other => panic!("expected a failed condition, got {other:?}"),
    }
}

#[test]
fn the_model_itself_is_its_certificate() {
    let m = model(SAFE);
    // By position (no mapping symbols) and by symbols.
    check_certificate(&m, &m).unwrap();
    let w = model(&format!("{SAFE}i0 = 2\nl0 = 4\nl1 = 6\nl2 = 8\n"));
    check_certificate(&m, &w).unwrap();
    // c reset to i rather than to a ∧ i: the same value in every reset state.
    let mut w2 = w.clone();
    w2.latches[2].reset = Reset::Function(lit(2));
    check_certificate(&m, &w2).unwrap();
}

#[test]
fn a_wrong_reset_function_fails_reset() {
    let m = model(SAFE);
    let mut w = m.clone();
    // b reset to a rather than ¬a.
    w.latches[1].reset = Reset::Function(lit(4));
    let (c, reason) = failed(check_certificate(&m, &w));
    assert_eq!(c, Condition::Reset);
    assert!(
        reason.contains("latch l1 (literal 6, mapped to the model's latch 6) can differ from its reset function (literal 4)"),
        "{reason}"
    );
    // The model's functions against a certificate with constant resets: a = i is no constant.
    let mut w = m.clone();
    w.latches[0].reset = Reset::Zero;
    assert_eq!(failed(check_certificate(&m, &w)).0, Condition::Reset);
}

#[test]
fn an_uninitialized_certificate_latch_fails_base() {
    let m = model(SAFE);
    let mut w = m.clone();
    // b free in the certificate's reset states: a ∧ b can be 1 there.
    w.latches[1].reset = Reset::Uninit;
    assert_eq!(failed(check_certificate(&m, &w)).0, Condition::Base);
}

/// As in certifaiger, Reset speaks of the mapped latches only: a mapped latch whose reset reads
/// a latch of the certificate's own is rejected there, whatever that latch's reset (the shared
/// latches must be at the bottom of the reset's dependencies); Base, in contrast, puts every
/// latch of the certificate at its reset.
#[test]
fn witness_only_latches_are_free_in_reset_and_at_their_resets_in_base() {
    // The model: latch a, reset 0, keeps its value; bad = a.
    let m = model("aag 1 0 1 0 0 1\n2 2\n2\n");
    // The certificate's a (mapped by position) resets to its own latch x, which resets to 0.
    for w in [
        "aag 2 0 2 0 0 1\n2 2 4\n4 4\n2\n",
        "aag 2 0 2 0 0 1\n2 2 4\n4 4 4\n2\n",
    ] {
        let (c, reason) = failed(check_certificate(&m, &model(w)));
        assert_eq!(c, Condition::Reset);
        assert!(reason.contains("latch l0"), "{reason}");
    }
    // A certificate latch of its own, y, reset to (and stepping to) the mapped a: its property
    // a ∨ y holds in the reset state only because y is a's value there.
    let w = model("aag 3 0 2 0 1 1\n2 2\n4 2 2\n7\n6 3 5\n");
    check_certificate(&m, &w).unwrap();
    let w = model("aag 3 0 2 0 1 1\n2 2\n4 2 3\n7\n6 3 5\n");
    assert_eq!(failed(check_certificate(&m, &w)).0, Condition::Base);
}

/// The certificate's own latches are free in Reset and, after the step, in Transition, as in
/// certifaiger: a constraint over them fails, even when their resets and next-state functions
/// would keep it.
#[test]
fn witness_only_latches_are_free_in_reset_and_transition() {
    let m = model("aag 1 0 1 0 0 1\n2 2\n2\n");
    // y (4) resets to 1 and keeps its value (or steps to 0); the constraint is y.
    for w in [
        "aag 2 0 2 0 0 1 1\n2 2\n4 4 1\n2\n4\n",
        "aag 2 0 2 0 0 1 1\n2 2\n4 0 1\n2\n4\n",
    ] {
        let (c, reason) = failed(check_certificate(&m, &model(w)));
        assert_eq!(c, Condition::Reset);
        assert!(reason.contains("constraint c0"), "{reason}");
    }
    // y mapped to a model latch that is 1 at reset and stays 1: it holds in both.
    let m = model("aag 2 0 2 0 0 1\n2 2\n4 4 1\n2\n");
    check_certificate(&m, &model("aag 2 0 2 0 0 1 1\n2 2\n4 4 1\n2\n4\n")).unwrap();
    // ... and fails in Transition when the model's latch may drop to 0 but the certificate's
    // constraint still asks for 1.
    let m = model("aag 3 1 2 0 0 1\n6\n2 2\n4 6 1\n2\n");
    let w = model("aag 3 1 2 0 0 1 1\n6\n2 2\n4 6 1\n2\n4\n");
    let (c, reason) = failed(check_certificate(&m, &w));
    assert_eq!(c, Condition::Transition);
    assert!(reason.contains("constraint c0"), "{reason}");
}

/// The premise of Reset is the model's resets of the mapped latches: a mapped latch's reset
/// function that reads an unmapped model latch reads it free, as in certifaiger.
#[test]
fn model_reset_functions_read_unmapped_latches_free() {
    // The model: a (2) resets to 1, b (4) resets to a; both keep their values; bad = ¬b.
    let m = model("aag 2 0 2 0 0 1\n2 2 1\n4 4 2\n5\n");
    // The certificate has only b (mapped), resetting to 1: b = a is not known to be 1.
    let w = model("aag 1 0 1 0 0 1\n2 2 1\n3\nl0 = 4\n");
    assert_eq!(failed(check_certificate(&m, &w)).0, Condition::Reset);
    // With a mapped too, it is.
    let w = model("aag 2 0 2 0 0 1\n2 2 1\n4 4 1\n3\nl0 = 4\nl1 = 2\n");
    check_certificate(&m, &w).unwrap();
}

#[test]
fn a_certificate_with_a_reset_cycle_is_malformed() {
    let m = model(SAFE);
    let mut w = m.clone();
    // a resets to c, c to a ∧ i: a cycle through a gate.
    w.latches[0].reset = Reset::Function(lit(8));
    match check_certificate(&m, &w) {
        Err(e @ CertError::Witness(StructureError::ResetCycle { .. })) => {
            assert!(
                e.to_string().starts_with(
                    "the certificate is malformed: the resets of latches 4, 8 depend on each other in a cycle"
                ),
                "{e}"
            );
        }
        other => panic!("expected a malformed certificate, got {other:?}"),
    }
    match check_certificate(&w, &m) {
        Err(CertError::Model(StructureError::ResetCycle { latches })) => {
            assert_eq!(latches, vec![4, 8])
        }
        other => panic!("expected a malformed model, got {other:?}"),
    }
}

/// What the engines will produce: the model M has reset functions; the certificate was built
/// for M lowered to M', where those latches are uninitialized, a latch `first` (reset 1, next
/// 0) comes after the model's latches, and constraints `¬first ∨ (l ≡ f_l)` pin the latches to
/// their functions in the initial state. Its first latches stand for M's (the extra `first` is
/// its own). As built for M' it is refused against M, as certifaiger refuses it; lifted to M
/// (`pdrkit_ts::Lowered::certificate`) it is accepted.
mod lowered {
    use super::*;
    use pdrkit_ts::certificate::witness_circuit_with_first;

    /// [`SAFE`] with the reset functions dropped (latches uninitialized), as the engines' reader
    /// of this branch reads it.
    const UNINIT: &str = "aag 8 1 3 0 4 1\n2\n4 4 4\n6 5 6\n8 8 8\n17\n\
                          10 4 2\n12 4 6\n14 8 5\n16 13 15\n";

    /// M' without its `first` latch, and `first`'s variable: with the constraints unless
    /// `constrain` is false.
    fn lowered(constrain: bool) -> (pdrkit_ts::Aig, pdrkit_logic::Var) {
        let mut aig = pdrkit_ts::aiger::parse(UNINIT.as_bytes()).unwrap();
        let first = aig.new_var();
        if constrain {
            // (latch, its reset function in SAFE): a = i, b = ¬a, c = a ∧ i (gate 10).
            for (l, f) in [(4, 2), (6, 5), (8, 10)] {
                let (l, f) = (lit(l), lit(f));
                let differ = {
                    let x = aig.add_and(l, !f);
                    let y = aig.add_and(!l, f);
                    !aig.add_and(!x, !y)
                };
                let bad = aig.add_and(first.lit(), differ);
                aig.constraints.push(!bad);
            }
        }
        (aig, first)
    }

    fn certificate(constrain: bool) -> Model {
        let (aig, first) = lowered(constrain);
        // The invariant: the property's own clauses ¬a ∨ ¬b and ¬c ∨ a.
        let invariant = vec![vec![lit(5), lit(7)], vec![lit(9), lit(4)]];
        let w = witness_circuit_with_first(&aig, &invariant, first);
        assert_eq!(w.latches.len(), 4);
        assert_eq!(w.latches[3].lit, first.lit());
        common::to_model(&w)
    }

    /// As certifaiger: the constraints over the certificate's own `first` can fail after a
    /// step (`first` is free there), so this form is refused at Transition.
    #[test]
    fn rejected_with_the_constraints_over_its_own_latch() {
        let m = model(SAFE);
        let (c, reason) = failed(check_certificate(&m, &certificate(true)));
        assert_eq!(c, Condition::Transition);
        assert!(reason.contains("constraint c0"), "{reason}");
    }

    /// The form the engines' side writes (`pdrkit_ts::Lowered::certificate`): the reset
    /// functions back on the mapped latches, the constraint moved into the bad-state literal
    /// (`bad ∨ ¬c`), `first` a latch of the certificate's own; accepted, by symbols and by
    /// position.
    #[test]
    fn accepted_once_lifted_to_the_model() {
        let m = model(SAFE);
        let low = pdrkit_ts::aiger::parse(SAFE.as_bytes())
            .unwrap()
            .lower_reset_functions()
            .unwrap()
            .unwrap();
        let invariant = vec![vec![lit(5), lit(7)], vec![lit(9), lit(4)]];
        let lifted = low.certificate(&pdrkit_ts::certificate::witness_circuit(
            &low.aig, &invariant,
        ));
        let mut w = common::to_model(&lifted);
        let report = check_certificate(&m, &w).unwrap();
        assert_eq!((report.mapped, report.extra), (4, 1));
        w.symbols.clear();
        let report = check_certificate(&m, &w).unwrap();
        assert_eq!(report.mapping, pdrkit_check::MappingSource::Position);
    }

    #[test]
    fn rejected_without_the_constraints() {
        let m = model(SAFE);
        // Nothing ties the uninitialized latches to their functions: a ∧ b can be 1 at once.
        assert_eq!(
            failed(check_certificate(&m, &certificate(false))).0,
            Condition::Base
        );
    }
}
