//! Running the chosen engine on a transition system and checking its answer with the
//! independent checker before anyone sees it (used by `check` and `--each-property`).

use std::time::Instant;

use pdrkit_engine::config::debug_fields;
use pdrkit_engine::{bmc, portfolio, Control, EngineSpec, Outcome, Proof, Reason, Stat, StatValue};
use pdrkit_ts::{aiger, Aig, TransitionSystem};

use crate::args::{CheckArgs, Engine};
use crate::btor2::Btor2Input;
use crate::model::{single_property, Loaded};
use crate::output::Artifact;

/// Runs the chosen engine on `ts` (the system of `property`, or of all properties) and checks
/// its answer; the engine's and the check's statistics go into `stats`.
pub(crate) fn solve(
    a: &CheckArgs,
    m: &Loaded,
    ts: &TransitionSystem,
    property: Option<usize>,
    ctl: &Control,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact) {
    let Some(spec) = engine_spec(a) else {
        return solve_portfolio(a, m, ts, property, ctl, stats);
    };
    let (outcome, st) = spec.run(ts, ctl);
    stats.extend(st);
    let checked = Checked::new(m, property);
    self_check(a, &checked, ts, outcome, stats)
}

/// The single engine `--engine` names, or `None` for the portfolio (also what `l2s` runs on
/// the reduced model).
pub(crate) fn engine_spec(a: &CheckArgs) -> Option<EngineSpec> {
    Some(match a.engine {
        Engine::Bmc => {
            let default = bmc::BmcConfig::default();
            EngineSpec::Bmc(bmc::BmcConfig {
                bound: a.bound,
                sat: a.sat.unwrap_or(default.sat),
                verbose: a.verbose,
                ..default
            })
        }
        Engine::Portfolio | Engine::L2s | Engine::Klive => return None,
        Engine::Kind | Engine::Kipdr => EngineSpec::Kind(a.kind_config(a.engine == Engine::Kipdr)),
        Engine::Ic3 => EngineSpec::Ic3(a.ic3_config()),
    })
}

/// The portfolio's workers for `a` (listed on stderr with `-v`).
pub(crate) fn portfolio_workers(a: &CheckArgs) -> Vec<portfolio::Worker> {
    let jobs = a.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(2, |n| n.get())
            .min(portfolio::UNASKED_MAX_WORKERS)
    });
    // `--bound` is a BMC and k-induction option: the portfolio's k-induction runs unbounded.
    let kcfg = pdrkit_engine::kind::KindConfig {
        max_k: None,
        ..a.kind_config(false)
    };
    let icfg = a.ic3_config();
    let workers = if a.portfolio_rows.is_empty() {
        portfolio::workers(&icfg, &kcfg, jobs)
    } else {
        // Clap took only names of `portfolio::row_names()`: none is unknown.
        portfolio::named_workers(&icfg, &kcfg, &a.portfolio_rows).unwrap_or_default()
    };
    if a.verbose {
        for w in &workers {
            let (engine, changed) = match &w.engine {
                EngineSpec::Ic3(c) => ("IC3", changed_fields(&icfg, c)),
                EngineSpec::Kind(c) => ("k-induction", changed_fields(&kcfg, c)),
                EngineSpec::Bmc(c) => ("BMC", changed_fields(&bmc::BmcConfig::default(), c)),
            };
            eprintln!("pdrkit: worker {}: {engine}{}", w.name, changed);
        }
    }
    workers
}

/// The portfolio: each answer is checked on its worker's thread while the others go on; the
/// first accepted one wins, with the artifact its check built.
fn solve_portfolio(
    a: &CheckArgs,
    m: &Loaded,
    ts: &TransitionSystem,
    property: Option<usize>,
    ctl: &Control,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact) {
    let workers = portfolio_workers(a);
    let checked = Checked::new(m, property);
    let accept = |o: &Outcome| {
        let mut st = Vec::new();
        match self_check(a, &checked, ts, o.clone(), &mut st) {
            (Outcome::Unknown(why), _) => Err(why),
            (o, artifact) => Ok((o, artifact, st)),
        }
    };
    let (r, checked) = portfolio::check_accepted(ts, &workers, ctl, &accept);
    if a.verbose {
        eprintln!("pdrkit: winner: {}", r.winner.unwrap_or("none"));
    }
    stats.push(("winner".into(), r.winner.unwrap_or("none").into()));
    stats.extend(r.stats);
    match checked {
        Some((o, artifact, st)) => {
            stats.extend(st);
            (o, artifact)
        }
        // Nobody answered (or every answer was refused): nothing to check.
        None => (r.outcome, Artifact::None),
    }
}

/// The model of one check: as the engines read it (whole, and reduced to the checked
/// property; lowered when it has reset functions), and as the independent checker read it:
/// whole, for witnesses (they name properties of the whole model), and reduced to the checked
/// property, which a certificate proves.
struct Checked<'a> {
    loaded: &'a Loaded,
    aig_single: Aig,
    single: Option<pdrkit_check::Model>,
}

impl<'a> Checked<'a> {
    fn new(loaded: &'a Loaded, property: Option<usize>) -> Self {
        Checked {
            loaded,
            aig_single: single_property(loaded.engines(), property),
            // A certificate proves safety properties: a model's justice properties (checked on
            // their own) are no part of what it is checked for.
            single: match property {
                Some(n) => loaded.checked.single_property(n),
                None if !loaded.checked.justice.is_empty() => Some(loaded.checked.safety_part()),
                None => None,
            },
        }
    }

    /// The whole model as the checker read it.
    fn whole(&self) -> &pdrkit_check::Model {
        &self.loaded.checked
    }

    fn certified(&self) -> &pdrkit_check::Model {
        self.single.as_ref().unwrap_or(self.whole())
    }
}

/// Builds the witness or certificate of an answer and checks it with the independent checker
/// (on `independent`, the model as its own reader read it); a failed check turns the answer
/// into `unknown`. Witnesses are written for the whole model (naming the failing property's
/// own index), in btorsim's format for a BTOR2 model; certificates for the model reduced to
/// the checked property.
fn self_check(
    a: &CheckArgs,
    independent: &Checked,
    ts: &TransitionSystem,
    o: Outcome,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact) {
    let t = Instant::now();
    let refused = |why: String| (Outcome::Unknown(Reason::CheckFailed(why)), Artifact::None);
    let result = match o {
        Outcome::Unsafe(trace) => {
            let prop = match trace.validate(ts) {
                Ok(p) => p,
                Err(e) => return refused(format!("counterexample does not replay: {e}")),
            };
            let text = trace.to_witness(ts, independent.loaded.engines(), prop);
            // Over the original latches: the lowering's first-step latch is dropped.
            let text = match &independent.loaded.lowered {
                Some(l) => l.witness(&text),
                None => text,
            };
            let text = match &independent.loaded.btor2 {
                None => {
                    if !a.no_self_check {
                        let checked = pdrkit_check::parse_witness(text.as_bytes())
                            .map_err(|e| e.to_string())
                            .and_then(|w| {
                                pdrkit_check::replay(independent.whole(), &w)
                                    .map_err(|e| e.to_string())
                            });
                        match checked {
                            Ok(r) if r.bad_at_last_step => {}
                            Ok(_) => return refused("witness is bad before its last step".into()),
                            Err(e) => {
                                return refused(format!("witness rejected by the checker: {e}"))
                            }
                        }
                    }
                    text
                }
                // BTOR2: the trace in btorsim's format over the word-level inputs and states,
                // replayed on the checker's own word-level model (always: without it there is
                // no witness to print).
                Some(b) => match btor2_witness(b, independent.whole(), &text, prop) {
                    Ok(w) => w,
                    Err(e) => return refused(e),
                },
            };
            stats.push(("depth".into(), trace.depth().into()));
            (Outcome::Unsafe(trace), Artifact::Witness(text))
        }
        Outcome::Safe(p) => {
            let cert = match p.certificate(ts, &independent.aig_single) {
                Ok(c) => c,
                Err(why) => return (Outcome::Unknown(why), Artifact::None),
            };
            // Built for the lowered model: made one of the model as read, its reset functions
            // back, the lowering's first-step latch a latch of the certificate's own.
            let cert = match &independent.loaded.lowered {
                Some(l) => l.certificate(&cert),
                None => cert,
            };
            if !a.no_self_check {
                // The checker reads the certificate as it is written, with its own reader.
                let verdict = pdrkit_check::Model::parse(&aiger::write_aag(&cert))
                    .map_err(|e| format!("the checker cannot read it: {e}"))
                    .and_then(|c| {
                        pdrkit_check::check_certificate(independent.certified(), &c)
                            .map_err(|e| e.to_string())
                    });
                if let Err(e) = verdict {
                    return refused(format!("invariant rejected by the checker: {e}"));
                }
            }
            let size = match &p {
                Proof::Invariant(c) => ("invariant_clauses", c.len()),
                Proof::KInduction { k, .. } => ("proof_k", *k),
            };
            stats.push((size.0.into(), size.1.into()));
            (Outcome::Safe(p), Artifact::Certificate(Box::new(cert)))
        }
        other => (other, Artifact::None),
    };
    stats.push((
        "check_time_s".into(),
        StatValue::Seconds(t.elapsed().as_secs_f64()),
    ));
    result
}

/// The fields of `row` whose values differ from `base`'s, as `, with a = 1, b = 2`.
fn changed_fields<T: std::fmt::Debug>(base: &T, row: &T) -> String {
    let (base, row) = (format!("{base:?}"), format!("{row:?}"));
    let base = debug_fields(&base);
    let changed: Vec<String> = debug_fields(&row)
        .into_iter()
        .filter(|f| !base.contains(f))
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    if changed.is_empty() {
        String::new()
    } else {
        format!(", with {}", changed.join(", "))
    }
}

/// The btorsim witness of the blasted model's counterexample `aiger` (property `prop`), once
/// the checker's word-level simulator has replayed it on the BTOR2 model.
fn btor2_witness(
    b: &Btor2Input,
    blasted: &pdrkit_check::Model,
    aiger: &str,
    prop: usize,
) -> Result<String, String> {
    let w = pdrkit_check::parse_witness(aiger.as_bytes()).map_err(|e| e.to_string())?;
    let (_, sim) = pdrkit_check::simulate(blasted, &w)
        .map_err(|e| format!("the blasted model's witness does not replay: {e}"))?;
    let text = b.witness(&sim, prop);
    let parsed = pdrkit_check::parse_btor2_witness(&text)
        .map_err(|e| format!("BTOR2 witness unreadable: {e}"))?;
    match pdrkit_check::replay_btor2(&b.checked, &parsed) {
        Ok(_) => Ok(text),
        Err(e) => Err(format!(
            "BTOR2 witness rejected by the word-level checker: {e}"
        )),
    }
}
