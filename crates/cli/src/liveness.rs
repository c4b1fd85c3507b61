//! Liveness checks: a justice property answered by two engines — liveness to safety
//! ([`pdrkit_ts::liveness`], the reduced model checked by a safety engine) for lassos and
//! proofs, and k-liveness ([`pdrkit_engine::klive`]) for proofs — and told only as far as the
//! independent checker backs it.
//!
//! `--engine l2s` runs the portfolio on the reduced model (any other safety engine named runs
//! alone there); `--engine klive` runs k-liveness; the default engine runs both at once, the
//! first checked answer winning. A counterexample of the reduced model becomes a lasso witness
//! of the model as read, `sat` once the checker's own simulation accepts it
//! ([`pdrkit_check::replay_lasso`]); a k-liveness proof, or a proof of the reduced model
//! followed by IC3 on the reduction with its signals folded (`certify_reduced`), becomes a
//! liveness certificate, `unsat` once the checker accepts it for the model (restricted to the
//! justice property checked) (always: `--no-self-check` is for safety answers only).

use std::path::Path;

use pdrkit_engine::ic3::{self, Ic3Config, Ic3Stats};
use pdrkit_engine::klive::{self, KliveOutcome, KliveStats};
use pdrkit_engine::{portfolio, Control, Outcome, Reason, Stat, Trace};
use pdrkit_ts::{aiger, Aig, L2s, TransitionSystem, Watch};

use crate::args::{CheckArgs, Engine};
use crate::model::{shown, Loaded};
use crate::output::Artifact;
use crate::solve::{engine_spec, portfolio_workers};

/// The justice property to check when this run is a liveness check: with `--engine l2s` or
/// `klive`, or when the model's only properties are justice ones; `None` for a safety check
/// and for `--each-property` (which checks every property itself, [`crate::each`]).
pub(crate) fn justice_to_check(
    a: &CheckArgs,
    path: &Path,
    aig: &Aig,
) -> anyhow::Result<Option<usize>> {
    let live_only = aig.properties().is_empty() && !aig.justice.is_empty();
    if !matches!(a.engine, Engine::L2s | Engine::Klive) && !live_only {
        return Ok(None);
    }
    let count = aig.justice.len();
    if count == 0 {
        anyhow::bail!(
            "{}: no justice property (J section) for --engine {}",
            shown(path),
            a.engine.name()
        );
    }
    if a.each_property {
        // Every property gets its own check there (crate::each).
        return Ok(None);
    }
    let j = a.property.unwrap_or(0);
    if j >= count {
        anyhow::bail!(
            "--property {j}: {} has {count} justice properties",
            shown(path)
        );
    }
    if !aig.properties().is_empty() {
        eprintln!(
            "pdrkit: warning: {}: the safety properties are not checked (--engine {} checks \
             justice property {j})",
            shown(path),
            a.engine.name()
        );
    }
    if count > 1 && a.property.is_none() {
        eprintln!(
            "pdrkit: warning: {}: justice property 0 of {count} is checked (--property N \
             chooses)",
            shown(path)
        );
    }
    Ok(Some(j))
}

/// Answers the justice property `l2s.justice` with the engine `a` names: `ts` is the system
/// of `l2s.aig`. Returns the outcome, its checked lasso or certificate, and the line
/// `pdrkit: unknown:` gives when it is not the engine's own reason.
pub(crate) fn solve(
    a: &CheckArgs,
    loaded: &Loaded,
    l2s: &L2s,
    ts: &TransitionSystem,
    ctl: &Control,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact, Option<String>) {
    match a.engine {
        Engine::Klive => prove(a, loaded, l2s.justice, ctl, stats),
        Engine::Portfolio => {
            // Both at once: the first checked answer stops the other (they share `ctl`).
            let (found, found_stats, proved) = std::thread::scope(|scope| {
                let proving = scope.spawn(|| {
                    let mut own = Vec::new();
                    let r = prove(a, loaded, l2s.justice, ctl, &mut own);
                    if matches!(r.0, Outcome::Safe(_)) {
                        ctl.stop();
                    }
                    (r, own)
                });
                let mut found_stats = Vec::new();
                let found = refute(a, loaded, l2s, ts, ctl, &mut found_stats, true);
                (found, found_stats, proving.join())
            });
            stats.extend(found_stats);
            match proved {
                Ok((proved, own)) => {
                    stats.extend(own);
                    if matches!(proved.0, Outcome::Safe(_)) {
                        stats.push(("liveness_winner".into(), "klive".into()));
                        return proved;
                    }
                }
                Err(_) => stats.push(("klive.refused".into(), "k-liveness panicked".into())),
            }
            if !matches!(found.0, Outcome::Unknown(_)) {
                stats.push(("liveness_winner".into(), "l2s".into()));
            }
            found
        }
        _ => refute(a, loaded, l2s, ts, ctl, stats, false),
    }
}

/// k-liveness on `loaded`'s justice property `justice`: `unsat` with a certificate the checker
/// accepted, or `unknown`.
fn prove(
    a: &CheckArgs,
    loaded: &Loaded,
    justice: usize,
    ctl: &Control,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact, Option<String>) {
    let unknown = |why: Reason, note: Option<String>| (Outcome::Unknown(why), Artifact::None, note);
    if loaded.lowered.is_some() {
        return unknown(
            Reason::NotCertifiable,
            Some(
                "k-liveness certificates for models with reset functions are not built yet".into(),
            ),
        );
    }
    let cfg = a.klive_config();
    let mut st = KliveStats::default();
    let outcome = klive::check(
        &loaded.aig,
        justice,
        &cfg,
        &ctl.for_worker("klive"),
        &mut st,
    );
    stats.extend(st.pairs().into_iter().map(|(k, v)| (k.to_string(), v)));
    let (k, certificate, proof) = match outcome {
        Ok(KliveOutcome::Proved {
            k,
            certificate,
            proof,
        }) => (k, certificate, proof),
        Ok(KliveOutcome::Unknown(why)) => return unknown(why, None),
        Err(e) => return unknown(Reason::Internal(e.to_string()), None),
    };
    if let Err(why) = certified(loaded, justice, &certificate) {
        return unknown(why, None);
    }
    stats.push(("proof_k".into(), (k as usize).into()));
    (
        Outcome::Safe(proof),
        Artifact::Certificate(certificate),
        None,
    )
}

/// Whether the checker accepts `certificate` for `loaded`'s justice property `justice`: it
/// reads the certificate as it is written, with its own reader, and checks it against the
/// model reduced to this one justice property.
fn certified(loaded: &Loaded, justice: usize, certificate: &Aig) -> Result<(), Reason> {
    let Some(model) = loaded.checked.single_justice(justice) else {
        return Err(Reason::Internal(format!(
            "the checker's model has no justice property {justice}"
        )));
    };
    pdrkit_check::Model::parse(&aiger::write_aag(certificate))
        .map_err(|e| format!("the checker cannot read it: {e}"))
        .and_then(|c| pdrkit_check::check_certificate(&model, &c).map_err(|e| e.to_string()))
        .map(|_| ())
        .map_err(|e| {
            Reason::CheckFailed(format!("liveness certificate rejected by the checker: {e}"))
        })
}

/// The liveness certificate of justice property `justice`, once a proof of the reduced model
/// said it holds: that reduction watches each signal, which finds lassos fastest but whose
/// invariants rank nothing certifaiger reads, so IC3 proves the property again on the
/// reduction with the signals folded ([`Watch::Rounds`], unpreprocessed, isolated from the
/// portfolio's lemmas, which speak of the other reduction), and its invariant becomes the
/// certificate ([`L2s::certificate`]), returned once the checker accepted it. Models with reset
/// functions get none (as with k-liveness).
fn certify_reduced(
    a: &CheckArgs,
    loaded: &Loaded,
    justice: usize,
    ctl: &Control,
) -> Result<Box<Aig>, Reason> {
    if loaded.lowered.is_some() {
        return Err(Reason::NotCertifiable);
    }
    let folded = loaded
        .aig
        .liveness_to_safety(justice, Watch::Rounds)
        .map_err(|e| Reason::Internal(e.to_string()))?;
    let ts = TransitionSystem::from_aig(&folded.aig, None)
        .map_err(|e| Reason::Internal(e.to_string()))?;
    let cfg = Ic3Config {
        name: "l2s-certificate",
        ..a.klive_config().ic3
    };
    let mut st = Ic3Stats::default();
    let proof = match ic3::check(&ts, &cfg, ctl, &mut st) {
        Outcome::Safe(proof) => proof,
        Outcome::Unknown(why) => return Err(why),
        Outcome::Unsafe(_) => {
            return Err(Reason::Internal(
                "the folded reduction has a counterexample where the other has none".into(),
            ))
        }
    };
    let invariant = proof
        .invariant_in_model(&ts, &folded.aig)
        .ok_or(Reason::NotCertifiable)?;
    let certificate = folded
        .certificate(&loaded.aig, &invariant)
        .ok_or(Reason::NotCertifiable)?;
    certified(loaded, justice, &certificate)?;
    Ok(Box::new(certificate))
}

/// Liveness to safety: the chosen engine (the portfolio for `l2s` and, with `racing`, beside
/// k-liveness) on the reduced model; `sat` with a checked lasso, or `unknown`.
fn refute(
    a: &CheckArgs,
    loaded: &Loaded,
    l2s: &L2s,
    ts: &TransitionSystem,
    ctl: &Control,
    stats: &mut Vec<Stat>,
    racing: bool,
) -> (Outcome, Artifact, Option<String>) {
    // The lasso or certificate is built and checked on the answering worker's thread, so that
    // a refused one leaves the others running.
    let accept = |o: &Outcome| -> Result<Artifact, Reason> {
        match o {
            Outcome::Unsafe(trace) => lasso(loaded, l2s, ts, trace)
                .map(Artifact::Witness)
                .map_err(Reason::CheckFailed),
            Outcome::Safe(_) => {
                certify_reduced(a, loaded, l2s.justice, ctl).map(Artifact::Certificate)
            }
            Outcome::Unknown(_) => Ok(Artifact::None),
        }
    };
    let (outcome, artifact) = match engine_spec(a) {
        Some(spec) => {
            let (o, st) = spec.run(ts, ctl);
            stats.extend(st);
            match accept(&o) {
                Ok(artifact) => (o, artifact),
                // A proof without a certificate: told below.
                Err(Reason::NotCertifiable) if matches!(o, Outcome::Safe(_)) => (o, Artifact::None),
                Err(why) => (Outcome::Unknown(why), Artifact::None),
            }
        }
        None => {
            let mut workers = portfolio_workers(a);
            if racing {
                // k-liveness takes one thread.
                workers.truncate(workers.len().saturating_sub(1).max(1));
            }
            let (r, accepted) = portfolio::check_accepted(ts, &workers, ctl, &accept);
            stats.push(("l2s_winner".into(), r.winner.unwrap_or("none").into()));
            stats.extend(r.stats);
            (r.outcome, accepted.unwrap_or(Artifact::None))
        }
    };
    match (outcome, artifact) {
        (Outcome::Unsafe(trace), artifact @ Artifact::Witness(_)) => {
            stats.push(("depth".into(), trace.depth().into()));
            (Outcome::Unsafe(trace), artifact, None)
        }
        (Outcome::Safe(proof), artifact @ Artifact::Certificate(_)) => {
            (Outcome::Safe(proof), artifact, None)
        }
        (Outcome::Safe(_), _) => (
            Outcome::Unknown(Reason::NotCertifiable),
            Artifact::None,
            Some(
                "the reduced model is safe (no fair lasso), but no liveness certificate was \
                 built for it (models with reset functions get none)"
                    .into(),
            ),
        ),
        (o, _) => (o, Artifact::None, None),
    }
}

/// The lasso witness of the model as read, from a counterexample of the reduced model: the
/// reduced witness, its oracle column and last step dropped, the reset lowering's first-step
/// latch dropped when the model has reset functions.
fn lasso(
    loaded: &Loaded,
    l2s: &L2s,
    ts: &TransitionSystem,
    trace: &Trace,
) -> Result<String, String> {
    let prop = trace
        .validate(ts)
        .map_err(|e| format!("the reduced model's counterexample does not replay: {e}"))?;
    let reduced = trace.to_witness(ts, &l2s.aig, prop);
    let text = l2s.lasso(&reduced).map_err(|e| e.to_string())?;
    let text = match &loaded.lowered {
        Some(l) => l.witness(&text),
        None => text,
    };
    pdrkit_check::parse_witness(text.as_bytes())
        .map_err(|e| e.to_string())
        .and_then(|w| {
            pdrkit_check::replay_lasso(&loaded.checked, &w, l2s.justice).map_err(|e| e.to_string())
        })
        .map_err(|e| format!("lasso rejected by the checker: {e}"))?;
    Ok(text)
}
