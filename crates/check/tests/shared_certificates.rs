//! The certificates rIC3 wrote for the shared safe benchmarks are accepted, and mutants of them
//! are rejected. A mutant is only required to fail where the mutation provably breaks the
//! certificate; elsewhere the test asks that some of several mutants fail and that none panics.

mod common;

use std::path::PathBuf;
use std::time::Instant;

use pdrkit_check::aiger::read_file;
use pdrkit_check::{check_certificate, CertError, Condition};
use pdrkit_check::{Model, Reset, SymbolKind};
use pdrkit_logic::Lit;

/// (name, model, certificate) for every shared certificate.
fn pairs() -> Vec<(String, Model, Model)> {
    let Some(shared) = common::shared() else {
        return Vec::new();
    };
    let certs: Vec<PathBuf> = common::files(&shared.join("certificates"), ".cert.aag");
    assert!(!certs.is_empty(), "no certificates in {}", shared.display());
    certs
        .iter()
        .map(|cert| {
            let file = cert.file_name().unwrap().to_string_lossy().into_owned();
            let name = file.trim_end_matches(".cert.aag").to_owned();
            let model_path = common::benchmark(&shared, &name)
                .unwrap_or_else(|| panic!("no benchmark named {name}"));
            let model = read_file(&model_path).unwrap();
            let witness = read_file(cert).unwrap();
            (name, model, witness)
        })
        .collect()
}

fn failed_condition(r: Result<pdrkit_check::CertReport, CertError>) -> Option<Condition> {
    match r {
        Ok(_) => None,
        Err(CertError::Failed { condition, .. }) => Some(condition),
        Err(e) => panic!("expected a failed condition, got: {e}"),
    }
}

#[test]
fn all_shared_certificates_are_accepted() {
    let mut total = 0.0;
    for (name, model, witness) in pairs() {
        let t = Instant::now();
        let report = check_certificate(&model, &witness).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ms = t.elapsed().as_secs_f64() * 1e3;
        total += ms;
        let times: Vec<String> = report
            .checks
            .iter()
            .map(|c| format!("{}={:.1}ms", c.condition, c.time.as_secs_f64() * 1e3))
            .collect();
        eprintln!(
            "{name}: accepted in {ms:.1} ms ({:?}, {} mapped, {} extra) {}",
            report.mapping,
            report.mapped,
            report.extra,
            times.join(" ")
        );
        assert_eq!(report.checks.len(), 5);
    }
    eprintln!("total {total:.1} ms");
}

/// `bad` negated: the certificate's property now holds exactly where it failed, so in its
/// reset states (where the original property holds, by Base) the new one fails. Property may
/// catch it first, since it is checked before Base.
#[test]
fn negated_bad_is_rejected() {
    for (name, model, mut witness) in pairs() {
        witness.bads[0] = !witness.bads[0];
        let c = failed_condition(check_certificate(&model, &witness));
        assert!(
            matches!(c, Some(Condition::Property | Condition::Base)),
            "{name}: {c:?}"
        );
    }
}

/// A mapped latch whose reset is flipped while the model's stays: every reset state of the
/// model contradicts the certificate's reset.
#[test]
fn flipped_reset_is_rejected() {
    let mut tried = 0;
    for (name, model, mut witness) in pairs() {
        // The model latch each certificate latch is mapped to.
        let mapped = |k: usize| -> Option<Reset> {
            let sym = witness
                .symbols
                .iter()
                .find(|s| s.kind == SymbolKind::Latch && s.index == k)?;
            let lit: u32 = sym.name.trim_start_matches('=').trim().parse().ok()?;
            model
                .latches
                .iter()
                .find(|l| l.lit.code() == lit)
                .map(|l| l.reset)
        };
        let Some(k) = (0..witness.latches.len())
            .find(|&k| witness.latches[k].reset == Reset::Zero && mapped(k) == Some(Reset::Zero))
        else {
            continue;
        };
        witness.latches[k].reset = Reset::One;
        tried += 1;
        let r = check_certificate(&model, &witness);
        assert_eq!(
            failed_condition(r.clone()),
            Some(Condition::Reset),
            "{name}"
        );
        let msg = r.unwrap_err().to_string();
        assert!(
            msg.contains("Reset") && msg.contains(&format!("l{k}")),
            "{msg}"
        );
    }
    if common::shared().is_some() {
        assert!(tried > 10, "only {tried} certificates had a latch to flip");
    }
}

/// A mapping symbol naming something that is not a model input or latch.
#[test]
fn mapping_to_a_gate_is_rejected() {
    for (name, model, mut witness) in pairs() {
        let Some(gate) = model.ands.first() else {
            continue;
        };
        let Some(sym) = witness.symbols.iter_mut().find(|s| s.name.starts_with('=')) else {
            continue;
        };
        sym.name = format!("= {}", gate.lhs.code());
        match check_certificate(&model, &witness) {
            Err(CertError::Mapping { reason, .. }) => {
                assert!(
                    reason.contains("not an input or a latch"),
                    "{name}: {reason}"
                )
            }
            other => panic!("{name}: expected a mapping error, got {other:?}"),
        }
    }
}

/// Small certificates only, to keep the test quick.
fn small_pairs() -> Vec<(String, Model, Model)> {
    pairs()
        .into_iter()
        .filter(|(_, m, w)| m.ands.len() + w.ands.len() < 8000)
        .collect()
}

/// Negating one input of an AND gate usually changes the circuit's function, but a gate may be
/// redundant, so only "some mutants fail" is required.
#[test]
fn negated_gate_inputs_are_mostly_rejected() {
    let (mut total, mut rejected) = (0, 0);
    for (name, model, witness) in small_pairs() {
        let n = witness.ands.len();
        let picks: Vec<usize> = (0..6).map(|i| i * n / 6).filter(|&i| i < n).collect();
        let mut here = 0;
        for &i in &picks {
            let mut w = witness.clone();
            w.ands[i].rhs0 = !w.ands[i].rhs0;
            total += 1;
            if check_certificate(&model, &w).is_err() {
                here += 1;
            }
        }
        rejected += here;
        eprintln!("{name}: {here} of {} gate mutants rejected", picks.len());
    }
    if total > 0 {
        assert!(rejected * 2 > total, "only {rejected} of {total} rejected");
    }
}

/// A mapped latch's next state replaced by a constant: the model's latch keeps its own next
/// state, so Transition fails unless the model's latch is itself constant. Only the simulation
/// changed, so a rejection must name Transition (or Step, checked last).
#[test]
fn constant_next_states_are_rejected_by_transition() {
    let (mut total, mut rejected) = (0, 0);
    for (name, model, witness) in small_pairs() {
        let n = witness.latches.len();
        for i in (0..6).map(|i| i * n / 6).filter(|&i| i < n) {
            for constant in [Lit::FALSE, Lit::TRUE] {
                let mut w = witness.clone();
                if w.latches[i].next == constant {
                    continue;
                }
                w.latches[i].next = constant;
                total += 1;
                match failed_condition(check_certificate(&model, &w)) {
                    None => {}
                    Some(Condition::Transition | Condition::Step) => rejected += 1,
                    Some(c) => panic!("{name}: latch {i} next := {constant:?} failed {c}"),
                }
            }
        }
    }
    if total > 0 {
        assert!(rejected * 2 > total, "only {rejected} of {total} rejected");
    }
}

/// Two latch mappings exchanged.
#[test]
fn swapped_mappings_are_mostly_rejected() {
    let (mut total, mut rejected) = (0, 0);
    for (name, model, witness) in small_pairs() {
        let latch_syms: Vec<usize> = witness
            .symbols
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == SymbolKind::Latch && s.name.starts_with('='))
            .map(|(i, _)| i)
            .collect();
        if latch_syms.len() < 2 {
            continue;
        }
        let (a, b) = (latch_syms[0], latch_syms[latch_syms.len() / 2]);
        let mut w = witness.clone();
        let name_a = w.symbols[a].name.clone();
        w.symbols[a].name = w.symbols[b].name.clone();
        w.symbols[b].name = name_a;
        total += 1;
        if let Some(c) = failed_condition(check_certificate(&model, &w)) {
            rejected += 1;
            eprintln!("{name}: swapped mapping fails {c}");
        }
    }
    if total > 0 {
        assert!(rejected * 2 > total, "only {rejected} of {total} rejected");
    }
}
