//! `--each-property`: one verdict per property — every safety property (`b<N>`), then every
//! justice property (`j<N>`, as a liveness check of its own, [`crate::liveness`]) — each with
//! its own witness or certificate.
//!
//! Properties are checked one after the other, each on its own transition system (its own
//! cone of influence), with what is left of the time limit shared equally among the
//! properties still open. The invariant of a property proved safe holds in every reachable
//! state, so it is handed to the engines of the following properties as proved lemmas
//! (through the lemma pool IC3 imports into its infinity level), when every latch it speaks
//! of is in their system: then it is inductive there too, as their transition functions are
//! the same. Each answer is checked as in a single-property run.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use pdrkit_engine::{Control, Outcome, Reason, Stat, StatValue};
use pdrkit_logic::{Cube, Lit};
use pdrkit_ts::{Aig, TransitionSystem, Watch};

use crate::args::CheckArgs;
use crate::model::{shown, Loaded};
use crate::output::{certificate_bytes, write_output, Artifact};
use crate::solve::solve;
use crate::{limits, liveness, wave};

/// Where `--each-property` writes the certificate of property `label` (`b3`, `j0`):
/// `cert.aag` → `cert.b3.aag`.
pub fn certificate_path(base: &Path, label: &str) -> PathBuf {
    let stem = base
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match base.extension() {
        Some(e) => format!("{stem}.{label}.{}", e.to_string_lossy()),
        None => format!("{stem}.{label}"),
    };
    base.with_file_name(name)
}

/// The labels of the properties `--each-property` answers, in order: `b<N>` for the safety
/// properties, then `j<N>` for the justice properties.
pub fn labels(aig: &Aig) -> Vec<String> {
    (0..aig.properties().len())
        .map(|n| format!("b{n}"))
        .chain((0..aig.justice.len()).map(|n| format!("j{n}")))
        .collect()
}

/// An invariant (clauses over the model's latch literals) as cubes over `ts`'s latches, when
/// every latch it names is one of `ts`'s or one `ts`'s preprocessing replaced by one of its
/// latches or a constant (the replacement is substituted: a clause made true by a constant or
/// a tautology is dropped, a literal made false leaves its clause). Where an earlier invariant names only such
/// latches it is inductive in `ts` too: the model's next-state functions agree with `ts`'s
/// wherever `ts`'s proved equalities hold, and those are inductive.
fn invariant_in_system(
    clauses: &[Vec<Lit>],
    ts: &TransitionSystem,
    aig: &Aig,
) -> Option<Vec<Cube>> {
    // Each model latch variable as a literal of `ts` (a constant for one replaced by it).
    let mut of_model = std::collections::HashMap::new();
    for (k, &o) in ts.latch_origin.iter().enumerate() {
        if o != pdrkit_ts::NO_ORIGIN {
            of_model.insert(aig.latches[o].lit.var(), ts.latch(k).lit());
        }
    }
    for m in &ts.merged {
        let into = match m.into {
            None => Some(Lit::FALSE),
            Some(r) => of_model.get(&aig.latches[r].lit.var()).copied(),
        };
        if let Some(l) = into {
            of_model.insert(aig.latches[m.latch].lit.var(), l.xor(m.negated));
        }
    }
    let mut cubes = Vec::with_capacity(clauses.len());
    'clauses: for c in clauses {
        let mut cube = Vec::with_capacity(c.len());
        for l in c {
            let l = of_model.get(&l.var())?.xor(l.is_neg());
            match l {
                Lit::TRUE => continue 'clauses,
                Lit::FALSE => {}
                l => cube.push(!l),
            }
        }
        if cube.iter().any(|&l| cube.contains(&!l)) {
            // Made a tautology by a substitution (`x ∨ ¬y` with `y` replaced by `x`).
            continue;
        }
        if cube.is_empty() {
            // Not expected (the initial states satisfy the invariant); give nothing rather
            // than a lemma that excludes every state.
            return None;
        }
        cubes.push(Cube::new(cube));
    }
    Some(cubes)
}

/// Runs `check --each-property` after the model is read; returns the exit code.
pub fn check_each(
    a: &CheckArgs,
    m: &Loaded,
    names: Option<&pdrkit_check::SignalNames>,
    start: Instant,
    deadline: Option<Instant>,
    mut stats: Vec<Stat>,
) -> anyhow::Result<u8> {
    let aig = m.engines();
    let safety = aig.properties().len();
    let labels = labels(aig);
    let count = labels.len();
    // Engines stop a little before the limit, so that the answers found are printed rather
    // than the watchdog's `unknown`.
    let end = deadline.map(|d| start + d.saturating_duration_since(start).mul_f64(0.95));
    let mut invariants: Vec<Vec<Vec<Lit>>> = Vec::new();
    let mut results: Vec<(Outcome, Artifact)> = Vec::with_capacity(count);
    for (i, label) in labels.iter().enumerate() {
        if limits::interrupted() {
            results.push((Outcome::Unknown(Reason::Interrupted), Artifact::None));
            continue;
        }
        let t = Instant::now();
        let share = end.map(|e| e.saturating_duration_since(t) / (count - i) as u32);
        let pre = a.preprocess_config(share.map(|s| s.as_secs_f64()));
        // A justice property is checked on its reduction to safety (and by k-liveness).
        let l2s = match i.checked_sub(safety) {
            Some(j) => Some(
                aig.liveness_to_safety(j, Watch::Each)
                    .with_context(|| shown(&a.model))?,
            ),
            None => None,
        };
        let (engine_aig, property) = match &l2s {
            Some(l) => (&l.aig, None),
            None => (aig, Some(i)),
        };
        let (ts, _) = pdrkit_preprocess::preprocess(engine_aig, property, false, &pre)
            .with_context(|| shown(&a.model))?;
        // A control of its own: a portfolio stops its control when it has an answer.
        let until = share.map(|s| t + s.max(Duration::from_millis(1)));
        let pctl = Control::new().with_deadline(until);
        limits::attach(
            &pctl,
            stats.clone(),
            limits::StatsOutput {
                print: a.stats,
                json: a.stats_json.clone(),
            },
        );
        let from = pctl.lemmas().join();
        let mut given = 0;
        // Invariants of the model carry over to another property's system of the same model,
        // not to a reduced one (its latches are more).
        for inv in invariants.iter().filter(|_| l2s.is_none()) {
            if let Some(cubes) = invariant_in_system(inv, &ts, aig) {
                given += cubes.len();
                pctl.lemmas().publish(from, cubes);
            }
        }
        let mut st = Vec::new();
        let (o, artifact) = match &l2s {
            Some(l) => {
                let (o, artifact, note) = liveness::solve(a, m, l, &ts, &pctl, &mut st);
                if let Some(note) = note {
                    st.push(("note".into(), note.into()));
                }
                (o, artifact)
            }
            None => solve(a, m, &ts, Some(i), &pctl, &mut st),
        };
        // An engine stopped by this property's share of the time, or by a signal, says so
        // (a portfolio would say only that no worker answered).
        let o = match o {
            Outcome::Unknown(_) if limits::interrupted() => Outcome::Unknown(Reason::Interrupted),
            Outcome::Unknown(_) if until.is_some_and(|u| Instant::now() >= u) => {
                Outcome::Unknown(Reason::TimeLimit)
            }
            o => o,
        };
        if let (Outcome::Safe(p), None) = (&o, &l2s) {
            if let Some(inv) = p.invariant_in_model(&ts, aig) {
                invariants.push(inv);
            }
        }
        let secs = t.elapsed().as_secs_f64();
        if a.verbose {
            eprintln!(
                "pdrkit: {label}: {} in {secs:.3}s ({given} lemmas given from earlier proofs)",
                o.word()
            );
        }
        stats.push((format!("{label}.result"), o.word().into()));
        stats.push((format!("{label}.time_s"), StatValue::Seconds(secs)));
        stats.push((format!("{label}.lemmas_given"), given.into()));
        for (k, v) in &st {
            if matches!(k.as_str(), "winner" | "liveness_winner" | "note") {
                stats.push((format!("{label}.{k}"), v.clone()));
            }
        }
        results.push((o, artifact));
    }
    let any_sat = results.iter().any(|(o, _)| matches!(o, Outcome::Unsafe(_)));
    let all_unsat = results.iter().all(|(o, _)| matches!(o, Outcome::Safe(_)));
    let word = if any_sat {
        "sat"
    } else if all_unsat {
        "unsat"
    } else {
        "unknown"
    };
    stats.push(("result".into(), word.into()));
    stats.push((
        "time_s".into(),
        StatValue::Seconds(start.elapsed().as_secs_f64()),
    ));

    if !limits::claim_answer() {
        // A limit fired while we were finishing: it has answered already.
        std::thread::sleep(Duration::from_secs(1));
        return Ok(30);
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{word}")?;
    for (label, (o, _)) in labels.iter().zip(&results) {
        writeln!(out, "{label} {}", o.word())?;
    }
    // The witness file: one AIGER 1.9 result per property; for BTOR2, one btorsim witness per
    // violated property, one after the other (the format has no result for a property that
    // holds: the verdict lines above give those).
    let mut witness = String::new();
    for (label, (o, artifact)) in labels.iter().zip(&results) {
        match (o, artifact) {
            (Outcome::Unsafe(_), Artifact::Witness(text)) => witness.push_str(text),
            _ if m.btor2.is_some() => {}
            (Outcome::Safe(_), _) => witness.push_str(&format!("0\n{label}\n.\n")),
            _ => witness.push_str(&format!("2\n{label}\n.\n")),
        }
    }
    if let Some(w) = &a.witness {
        write_output(w, witness.as_bytes(), &mut out)?;
    }
    if let Some(path) = &a.vcd {
        if any_sat {
            wave::write_either(path, &a.model, m, names, &witness, None, &mut out)?;
        }
    }
    if let Some(c) = &a.certificate {
        for (label, (_, artifact)) in labels.iter().zip(&results) {
            if let Artifact::Certificate(cert) = artifact {
                let path = certificate_path(c, label);
                let bytes = certificate_bytes(a.binary_certificate, &path, cert);
                write_output(&path, &bytes, &mut out)?;
            }
        }
    }
    for (label, (o, _)) in labels.iter().zip(&results) {
        if let Outcome::Unknown(why) = o {
            eprintln!("pdrkit: {label} unknown: {why}");
        }
    }
    out.flush()?;
    drop(out);
    limits::write_stats(a.stats, a.stats_json.as_deref(), &stats)?;
    Ok(if any_sat {
        10
    } else if all_unsat {
        20
    } else {
        30
    })
}
