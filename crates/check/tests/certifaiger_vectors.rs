//! Certifaiger's own test vectors (`shared/certifaiger-tests/`, see its `README.md`): every
//! pair is accepted, liveness ones included, except those listed in `expected-invalid` (rejected)
//! and the one this checker refuses on purpose (`map_gate`).

use std::path::{Path, PathBuf};

use pdrkit_check::aiger::read_file;
use pdrkit_check::{check_certificate, AigerError, CertError, Condition};

/// The pairs that use justice (`J`): liveness certificates, checked with the liveness
/// conditions (and so must be accepted like the others).
const LIVENESS: &[&str] = &[
    "intervention",
    "intervention_inputs",
    "extending_liveness_signal",
];

/// Pairs certifaiger accepts and this checker rejects, on purpose. `map_gate`'s certificate maps
/// the model's latch to a certificate *gate* with a `MAPPING` comment; certifaiger accepts that
/// without checking that the gate can take every value the latch can, so such a mapping can hide
/// model states from every check (the vectors' README shows an unsafe model "certified" that
/// way). This checker refuses any `MAPPING` comment, with an error that says why.
const STRICTER: &[&str] = &["map_gate"];

fn dir() -> Option<PathBuf> {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/certifaiger-tests"
    ));
    if p.is_dir() {
        Some(p.to_path_buf())
    } else {
        eprintln!("note: {} is absent, skipping", p.display());
        None
    }
}

/// Every pair: name, model file, witness file (the `_model` and `_witness` files of one name).
fn pairs(dir: &Path) -> Vec<(String, PathBuf, PathBuf)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some((name, ext)) = file.split_once("_witness.") else {
            continue;
        };
        let model = dir.join(format!("{name}_model.{ext}"));
        assert!(model.is_file(), "{file} has no model");
        out.push((name.to_owned(), model, e.path()));
    }
    out.sort();
    out
}

/// The names in `expected-invalid` (its lines are witness file names).
fn expected_invalid(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("expected-invalid"))
        .unwrap()
        .lines()
        .filter_map(|l| l.trim().split_once("_witness.").map(|(n, _)| n.to_owned()))
        .collect()
}

/// Why the certificate is rejected, `None` when it is accepted. A certificate the reader already
/// refuses (a malformed circuit) is rejected too; the model must read.
fn verdict(model: &Path, witness: &Path) -> Option<String> {
    let m = read_file(model).unwrap_or_else(|e| panic!("{}: {e}", model.display()));
    let w = match read_file(witness) {
        Ok(w) => w,
        Err(e) => return Some(format!("unreadable certificate: {e}")),
    };
    check_certificate(&m, &w).err().map(|e| e.to_string())
}

#[test]
fn certifaiger_vectors() {
    let Some(dir) = dir() else { return };
    let invalid = expected_invalid(&dir);
    assert_eq!(invalid, vec!["negated_reset"], "the README names one");
    let all = pairs(&dir);
    assert!(all.len() >= 10, "only {} pairs", all.len());
    for (name, model, witness) in &all {
        let v = verdict(model, witness);
        eprintln!("{name}: {}", v.as_deref().unwrap_or("accepted"));
        if LIVENESS.contains(&name.as_str()) {
            let m = read_file(model).unwrap();
            let w = read_file(witness).unwrap();
            let report = check_certificate(&m, &w).unwrap_or_else(|e| panic!("{name}: {e}"));
            let live = report
                .checks
                .iter()
                .filter(|c| matches!(c.condition, Condition::Decrease(0) | Condition::Liveness(0)))
                .count();
            assert_eq!(live, 2, "{name}: the liveness conditions were checked");
        } else if STRICTER.contains(&name.as_str()) {
            let m = read_file(model).unwrap();
            let w = read_file(witness).unwrap();
            match check_certificate(&m, &w) {
                Err(CertError::GateMapping { comment }) => assert_eq!(comment, "MAPPING 1"),
                other => panic!("{name}: expected a mapping refusal, got {other:?}"),
            }
        } else if invalid.contains(name) {
            assert!(v.is_some(), "{name} must be rejected");
        } else {
            assert_eq!(v, None, "{name} must be accepted");
        }
    }
    for name in LIVENESS
        .iter()
        .chain(STRICTER)
        .chain(["negated_reset"].iter())
    {
        assert!(all.iter().any(|(n, _, _)| n == name), "no pair {name}");
    }
}

/// `negated_reset`'s certificate has a latch reset to its own negation (`2 2 3`): the reader
/// refuses it as a reset cycle naming the latch, and so does the check of the same circuit
/// built by hand, as a malformed certificate.
#[test]
fn negated_reset_is_a_reset_cycle() {
    let Some(dir) = dir() else { return };
    match read_file(dir.join("negated_reset_witness.aag")) {
        Err(AigerError::ResetCycle { latches, .. }) => assert_eq!(latches, vec![2]),
        other => panic!("expected a reset cycle, got {other:?}"),
    }
    let model = read_file(dir.join("negated_reset_model.aag")).unwrap();
    let mut witness = model.clone();
    witness.latches[0].reset = pdrkit_check::Reset::Function(pdrkit_logic::Lit::from_code(3));
    let e = check_certificate(&model, &witness).unwrap_err();
    assert!(matches!(e, CertError::Witness(_)), "{e:?}");
    assert!(
        e.to_string()
            .contains("the reset of latch 2 reads the latch itself"),
        "{e}"
    );
}

/// The liveness conditions reject what they must: each valid liveness vector, weakened, fails
/// the condition its README names.
#[test]
fn weakened_liveness_certificates_are_rejected() {
    let Some(dir) = dir() else { return };
    let read = |name: &str| read_file(dir.join(name)).unwrap();
    let failed = |m: &pdrkit_check::Model, w: &pdrkit_check::Model| match check_certificate(m, w) {
        Err(CertError::Failed { condition, .. }) => condition,
        other => panic!("expected a failed condition, got {other:?}"),
    };
    // Without its third signal ("in the left or right state"), the cover of "is reached from"
    // misses the step out of the initial state: Decrease fails (the vector's own comment).
    let m = read("extending_liveness_signal_model.aag");
    let mut w = read("extending_liveness_signal_witness.aag");
    w.justice[0].pop();
    assert_eq!(failed(&m, &w), Condition::Decrease(0));
    // The counter's "next is greater" signal negated claims progress where there is none.
    let m = read("intervention_model.aag");
    let mut w = read("intervention_witness.aag");
    w.justice[0][0] = !w.justice[0][0];
    assert!(check_certificate(&m, &w).is_err());
    // Without its signal the certificate has nothing to rank with: the model's own justice
    // literal, copied, is 1 on the counter's increments, so Decrease fails.
    let mut w = read("intervention_witness.aag");
    w.justice[0] = m.justice[0].clone();
    assert_eq!(failed(&m, &w), Condition::Decrease(0));
    // The model itself as certificate: no signal is ever 0 on its own, it ranks nothing.
    assert!(check_certificate(&m, &m).is_err());
}

/// A certificate whose only signal that is ever 0 is an extending one (no model signal in its
/// place) ranks nothing of the model: with its model signal the constant 1 and its extending
/// signal the constant 0 it would pass Decrease, Closure, Consistent and Liveness as
/// certifaiger states them, for any model. This model has a fair lasso (a latch toggling from
/// 0, justice "the latch infinitely often"); Consistent's "some model signal is 0" refuses it.
#[test]
fn an_extending_signal_alone_proves_nothing() {
    let model = pdrkit_check::Model::parse(b"aag 1 0 1 0 0 0 0 1 0\n2 3\n1\n2\n").unwrap();
    let trivial = pdrkit_check::Model::parse(b"aag 1 0 1 0 0 0 0 1 0\n2 3\n2\n1\n0\n").unwrap();
    match check_certificate(&model, &trivial) {
        Err(CertError::Failed { condition, .. }) => {
            assert_eq!(condition, Condition::Consistent(0))
        }
        other => panic!("expected Consistent to fail, got {other:?}"),
    }
}
