//! `pdrkit check`: read the model, preprocess it, run the engine, check the answer, print it
//! with its witness or certificate.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use pdrkit_engine::{Control, Outcome, Stat, StatValue};
use pdrkit_ts::Watch;

use crate::args::CheckArgs;
use crate::model::{read_model, shown, warn_about_model, Loaded};
use crate::output::{
    certificate_bytes, check_writable, remove_stale, same_file, write_output, Artifact,
};
use crate::solve::solve;
use crate::{each, limits, liveness, wave};

/// Runs `pdrkit check`; returns the exit code. `options` are the options in use, one line
/// each, for `-v`.
pub fn check(a: CheckArgs, options: &[String]) -> anyhow::Result<u8> {
    let start = Instant::now();
    a.validate()?;
    // A limit too far away to represent is no limit.
    let deadline = a.timeout.and_then(|t| {
        Duration::try_from_secs_f64(t)
            .ok()
            .and_then(|d| start.checked_add(d))
    });
    // A path that cannot be written fails now, not after a long run that printed a verdict.
    let outputs: Vec<&Path> = [&a.witness, &a.certificate, &a.stats_json, &a.vcd]
        .into_iter()
        .flatten()
        .map(PathBuf::as_path)
        .filter(|p| *p != Path::new("-"))
        .collect();
    for path in &outputs {
        if same_file(path, &a.model) {
            anyhow::bail!(
                "{}: is the model; choose another output path",
                path.display()
            );
        }
        check_writable(path)?;
    }
    limits::install(deadline, a.memory);
    let loaded = read_model(&a.model)?;
    if loaded.btor2.is_some() && !a.maps.is_empty() {
        anyhow::bail!(
            "--map names the signals of an AIGER model (yosys's maps); a BTOR2 model's \
             waveform is named by its own symbols"
        );
    }
    let (aig, checker) = (loaded.engines(), &loaded.checked);
    // A BTOR2 waveform is written at the word level, named by the model's symbols.
    let names = match (&a.vcd, &loaded.btor2) {
        (Some(_), None) => Some(wave::names(&a.model, checker, &a.maps, a.verbose)?),
        _ => None,
    };
    if a.verbose {
        eprintln!("pdrkit: options in use:");
        for line in options {
            eprintln!("pdrkit:   {line}");
        }
    }
    // A liveness check runs the engines on the justice property reduced to safety.
    let l2s = match liveness::justice_to_check(&a, &a.model, aig)? {
        Some(j) => Some(
            aig.liveness_to_safety(j, Watch::Each)
                .with_context(|| shown(&a.model))?,
        ),
        None => None,
    };
    let (engine_aig, property) = match &l2s {
        Some(l) => (&l.aig, None),
        None => (aig, a.property),
    };
    // k-liveness alone builds its own systems: the reduced model needs no more than its cone.
    let pre = if l2s.is_some() && a.engine == crate::args::Engine::Klive {
        pdrkit_preprocess::PreprocessConfig::off()
    } else {
        a.preprocess_config(a.timeout)
    };
    // `--each-property` builds each property's system itself (a model of justice properties
    // alone has no system of all its properties).
    let prepared = if a.each_property {
        None
    } else {
        Some(
            pdrkit_preprocess::preprocess(engine_aig, property, a.first_latch, &pre)
                .with_context(|| shown(&a.model))?,
        )
    };
    if l2s.is_none() {
        warn_about_model(&a.model, aig, a.each_property);
    }
    // Outputs of an earlier run go now: whatever this one answers, no stale witness or
    // certificate stays beside it.
    let mut stale: Vec<PathBuf> = outputs.iter().map(|p| p.to_path_buf()).collect();
    if a.each_property {
        if let Some(c) = &a.certificate {
            stale.extend(
                each::labels(aig)
                    .iter()
                    .map(|l| each::certificate_path(c, l)),
            );
        }
    }
    for path in &stale {
        remove_stale(path)?;
    }
    if let (true, Some((_, pre_stats))) = (a.verbose, &prepared) {
        let (b, f) = (pre_stats.before, pre_stats.after);
        eprintln!(
            "pdrkit: model: {} inputs, {} latches, {} gates after cone of influence and hashing",
            b.inputs, b.latches, b.gates
        );
        eprintln!(
            "pdrkit: preprocessed: {} inputs, {} latches, {} gates ({} latches constant and {} \
             equal to another in {:.3}s; {} gates merged by sweeping in {:.3}s)",
            f.inputs,
            f.latches,
            f.gates,
            pre_stats.scorr.constant,
            pre_stats.scorr.equal,
            pre_stats.scorr_time.as_secs_f64(),
            pre_stats.sweep.merged,
            pre_stats.sweep_time.as_secs_f64(),
        );
    }
    let ctl = Control::new().with_deadline(deadline);
    let mut stats: Vec<Stat> = vec![("engine".into(), a.engine.name().into())];
    if let Some((_, pre_stats)) = &prepared {
        stats.extend(preprocess_stats(pre_stats));
    }
    limits::attach(
        &ctl,
        stats.clone(),
        limits::StatsOutput {
            print: a.stats,
            json: a.stats_json.clone(),
        },
    );
    if a.verbose {
        limits::show_progress(start);
    }
    let Some((ts, _)) = &prepared else {
        return each::check_each(&a, &loaded, names.as_ref(), start, deadline, stats);
    };
    let (outcome, artifact, note) = match &l2s {
        Some(l) => liveness::solve(&a, &loaded, l, ts, &ctl, &mut stats),
        None => {
            let (o, artifact) = solve(&a, &loaded, ts, a.property, &ctl, &mut stats);
            (o, artifact, None)
        }
    };
    stats.push(("result".into(), outcome.word().into()));
    stats.push((
        "time_s".into(),
        StatValue::Seconds(start.elapsed().as_secs_f64()),
    ));
    report(
        &a,
        &loaded,
        names.as_ref(),
        &outcome,
        artifact,
        note.as_deref(),
        &stats,
    )
}

/// `--stats` lines of preprocessing: sizes before (`pre_*`), after latch correspondence
/// (`scorr_*`) and at the end (`inputs`, `latches`, `gates`), and what each step did.
fn preprocess_stats(p: &pdrkit_preprocess::PreprocessStats) -> Vec<Stat> {
    let s = &p.scorr;
    [
        ("pre_inputs", p.before.inputs.into()),
        ("pre_latches", p.before.latches.into()),
        ("pre_gates", p.before.gates.into()),
        ("inputs", p.after.inputs.into()),
        ("latches", p.after.latches.into()),
        ("gates", p.after.gates.into()),
        ("scorr_inputs", p.after_scorr.inputs.into()),
        ("scorr_latches", p.after_scorr.latches.into()),
        ("scorr_gates", p.after_scorr.gates.into()),
        ("scorr_constant", s.constant.into()),
        ("scorr_equal", s.equal.into()),
        ("scorr_rounds", s.rounds.into()),
        ("scorr_sat_queries", s.sat_queries.into()),
        ("scorr_refuted", s.refuted.into()),
        ("scorr_reused", s.reused.into()),
        ("scorr_gave_up", StatValue::Int(i64::from(s.gave_up))),
        (
            "scorr_time_s",
            StatValue::Seconds(p.scorr_time.as_secs_f64()),
        ),
        ("sweep_merged", p.sweep.merged.into()),
        ("sweep_sat_queries", p.sweep.sat_queries.into()),
        ("sweep_refuted", p.sweep.refuted.into()),
        ("sweep_stopped", StatValue::Int(i64::from(p.sweep.stopped))),
        (
            "sweep_time_s",
            StatValue::Seconds(p.sweep_time.as_secs_f64()),
        ),
    ]
    .into_iter()
    .map(|(k, v): (&str, StatValue)| (k.to_string(), v))
    .collect()
}

/// Prints the answer, writes its witness, waveform or certificate, and the statistics;
/// returns the exit code. `note`, when given, is what the `unknown` line says instead of the
/// engine's reason.
fn report(
    a: &CheckArgs,
    loaded: &Loaded,
    names: Option<&pdrkit_check::SignalNames>,
    o: &Outcome,
    artifact: Artifact,
    note: Option<&str>,
    stats: &[Stat],
) -> anyhow::Result<u8> {
    if !limits::claim_answer() {
        // A limit fired while we were finishing: it has answered already.
        std::thread::sleep(Duration::from_secs(1));
        return Ok(30);
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", o.word())?;
    match (&artifact, &a.witness, &a.certificate) {
        (Artifact::Witness(text), w, _) => {
            if let Some(w) = w {
                write_output(w, text.as_bytes(), &mut out)?;
            }
            if let Some(path) = &a.vcd {
                wave::write_either(path, &a.model, loaded, names, text, None, &mut out)?;
            }
        }
        (Artifact::Certificate(cert), _, Some(c)) => write_output(
            c,
            &certificate_bytes(a.binary_certificate, c, cert),
            &mut out,
        )?,
        _ => {}
    }
    let code = match o {
        Outcome::Unsafe(_) => 10,
        Outcome::Safe(_) => 20,
        Outcome::Unknown(why) => {
            // Always one line saying why: a bound, a limit, a proof no checker accepts.
            if limits::interrupted() {
                eprintln!("pdrkit: interrupted");
            } else if let Some(note) = note {
                eprintln!("pdrkit: unknown: {note}");
            } else {
                eprintln!("pdrkit: unknown: {why}");
            }
            30
        }
    };
    out.flush()?;
    drop(out);
    limits::write_stats(a.stats, a.stats_json.as_deref(), stats)?;
    Ok(code)
}
