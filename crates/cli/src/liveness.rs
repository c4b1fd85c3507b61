//! Liveness checks: a justice property reduced to safety ([`pdrkit_ts::liveness`]), the reduced
//! model checked by the chosen engine (the portfolio for `l2s` and the default engine), and
//! the answer told only as far as the independent checker backs it.
//!
//! A counterexample of the reduced model becomes a lasso witness of the model as read; it is
//! `sat` once the independent checker's own reader and simulation accept that lasso
//! ([`pdrkit_check::replay_lasso`]), always (`--no-self-check` is for safety answers only: a
//! lasso's replay is as cheap as the engine's trace). A proof of the reduced model has no
//! liveness certificate the checker reads yet, so it is `unknown`: never an answer nobody
//! checked.

use std::path::Path;

use pdrkit_engine::{portfolio, Control, Outcome, Reason, Stat, Trace};
use pdrkit_ts::{Aig, L2s, TransitionSystem};

use crate::args::{CheckArgs, Engine};
use crate::model::{shown, Loaded};
use crate::output::Artifact;
use crate::solve::{engine_spec, portfolio_workers};

/// The justice property to check when this run is a liveness check: with `--engine l2s`, or
/// when the model's only properties are justice ones; `None` for a safety check.
pub(crate) fn justice_to_check(
    a: &CheckArgs,
    path: &Path,
    aig: &Aig,
) -> anyhow::Result<Option<usize>> {
    let live_only = aig.properties().is_empty() && !aig.justice.is_empty();
    if a.engine != Engine::L2s && !live_only {
        return Ok(None);
    }
    let count = aig.justice.len();
    if count == 0 {
        anyhow::bail!(
            "{}: no justice property (J section) for --engine l2s",
            shown(path)
        );
    }
    if a.each_property {
        anyhow::bail!(
            "--each-property checks safety properties; a liveness check takes one justice \
             property (--property N)"
        );
    }
    if a.vcd.is_some() {
        // The waveform writer replays safety witnesses; a lasso has no waveform yet.
        anyhow::bail!("--vcd is not supported for liveness checks yet");
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
            "pdrkit: warning: {}: the safety properties are not checked (--engine l2s checks \
             justice property {j})",
            shown(path)
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

/// Runs the engine on `ts` (the system of `l2s.aig`) and says what of its answer can be told:
/// the outcome, the checked lasso of a `sat`, and the line `pdrkit: unknown:` gives when it is
/// not the engine's own reason.
pub(crate) fn solve(
    a: &CheckArgs,
    loaded: &Loaded,
    l2s: &L2s,
    ts: &TransitionSystem,
    ctl: &Control,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact, Option<String>) {
    // The lasso is built and checked on the answering worker's thread, so that a refused one
    // leaves the others running.
    let accept = |o: &Outcome| -> Result<Option<String>, Reason> {
        match o {
            Outcome::Unsafe(trace) => lasso(loaded, l2s, ts, trace)
                .map(Some)
                .map_err(Reason::CheckFailed),
            _ => Ok(None),
        }
    };
    let (outcome, lasso) = match engine_spec(a) {
        Some(spec) => {
            let (o, st) = spec.run(ts, ctl);
            stats.extend(st);
            match accept(&o) {
                Ok(l) => (o, l),
                Err(why) => (Outcome::Unknown(why), None),
            }
        }
        None => {
            let workers = portfolio_workers(a);
            let (r, accepted) = portfolio::check_accepted(ts, &workers, ctl, &accept);
            stats.push(("winner".into(), r.winner.unwrap_or("none").into()));
            stats.extend(r.stats);
            (r.outcome, accepted.flatten())
        }
    };
    match (outcome, lasso) {
        (Outcome::Unsafe(trace), Some(lasso)) => {
            stats.push(("depth".into(), trace.depth().into()));
            (Outcome::Unsafe(trace), Artifact::Witness(lasso), None)
        }
        (Outcome::Safe(_), _) => (
            Outcome::Unknown(Reason::NotCertifiable),
            Artifact::None,
            Some(
                "the reduced model is safe (no fair lasso), but the liveness proof cannot be \
                 certified yet (no liveness certificate checker)"
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
