//! `pdrkit check`, `replay` and `certify`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use pdrkit_engine::{bmc, portfolio, Control, EngineSpec, Outcome, Proof, Reason, Stat, StatValue};
use pdrkit_ts::{aiger, Aig, TransitionSystem};

use crate::args::{CheckArgs, Engine};
use crate::{each, limits, wave};

/// Reads the model file once; the engines and the independent checker each parse its bytes
/// with their own reader, so that a bug of one reader cannot fool both.
pub(crate) fn read_model(path: &Path) -> anyhow::Result<(Aig, pdrkit_check::Model)> {
    let bytes = read_model_bytes(path)?;
    let aig = aiger::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let checked = pdrkit_check::Model::parse(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: the checker's reader: {e}", path.display()))?;
    Ok((aig, checked))
}

/// Reads an AIGER file with the independent checker's reader only (`replay`, `certify`).
pub(crate) fn read_checker_model(path: &Path) -> anyhow::Result<pdrkit_check::Model> {
    let bytes = read_model_bytes(path)?;
    pdrkit_check::Model::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

fn read_model_bytes(path: &Path) -> anyhow::Result<Vec<u8>> {
    if path.is_dir() {
        anyhow::bail!("{}: is a directory, expected an AIGER file", path.display());
    }
    std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", path.display()))
}

/// Runs `pdrkit check`; returns the exit code.
pub fn check(a: CheckArgs) -> anyhow::Result<u8> {
    let start = Instant::now();
    // A limit too far away to represent is no limit.
    let deadline = a.timeout.and_then(|t| {
        Duration::try_from_secs_f64(t)
            .ok()
            .and_then(|d| start.checked_add(d))
    });
    if a.ic3.first_latch && !matches!(a.engine, Engine::Ic3) {
        // The other engines' certificates cannot speak of the added latch.
        anyhow::bail!("--first-latch is an IC3 option: use it with --engine ic3");
    }
    if a.ic3.first_latch && a.each_property {
        anyhow::bail!("--first-latch cannot be combined with --each-property");
    }
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
    let (aig, checker) = read_model(&a.model)?;
    let names = match &a.vcd {
        Some(_) => Some(wave::names(&a.model, &checker, &a.maps, a.verbose)?),
        None => None,
    };
    let pre = a.preprocess.config(a.timeout);
    if a.verbose {
        eprintln!("pdrkit: {pre:?}");
    }
    let (ts, pre_stats) = pdrkit_preprocess::preprocess(&aig, a.property, a.ic3.first_latch, &pre)
        .with_context(|| format!("{}", a.model.display()))?;
    warn_about_model(&a.model, &aig);
    // Outputs of an earlier run go now: whatever this one answers, no stale witness or
    // certificate stays beside it.
    let mut stale: Vec<PathBuf> = outputs.iter().map(|p| p.to_path_buf()).collect();
    if a.each_property {
        if let Some(c) = &a.certificate {
            stale.extend((0..aig.properties().len()).map(|n| each::certificate_path(c, n)));
        }
    }
    for path in &stale {
        if path.exists() {
            std::fs::remove_file(path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    if a.verbose {
        let (b, f) = (pre_stats.before, pre_stats.after);
        eprintln!(
            "pdrkit: {} — {} inputs, {} latches, {} gates after cone of influence and hashing; \
             {} inputs, {} latches, {} gates after preprocessing ({} latches constant, {} equal \
             to another, in {:.3}s; {} gates merged by sweeping in {:.3}s); engine {:?}",
            a.model.display(),
            b.inputs,
            b.latches,
            b.gates,
            f.inputs,
            f.latches,
            f.gates,
            pre_stats.scorr.constant,
            pre_stats.scorr.equal,
            pre_stats.scorr_time.as_secs_f64(),
            pre_stats.sweep.merged,
            pre_stats.sweep_time.as_secs_f64(),
            a.engine
        );
    }
    let ctl = Control::new().with_deadline(deadline);
    let mut stats: Vec<Stat> = vec![(
        "engine".into(),
        format!("{:?}", a.engine).to_lowercase().into(),
    )];
    stats.extend(preprocess_stats(&pre_stats));
    limits::attach(
        &ctl,
        stats.clone(),
        limits::StatsOutput {
            print: a.stats,
            json: a.stats_json.clone(),
        },
    );
    if a.each_property {
        return each::check_each(&a, &aig, &checker, names.as_ref(), start, deadline, stats);
    }
    let (outcome, artifact) = solve(&a, &aig, &checker, &ts, a.property, &ctl, &mut stats);
    stats.push(("result".into(), outcome.word().into()));
    stats.push((
        "time_s".into(),
        StatValue::Seconds(start.elapsed().as_secs_f64()),
    ));
    report(&a, &checker, names.as_ref(), &outcome, artifact, &stats)
}

/// Runs the chosen engine on `ts` (the system of `property`, or of all properties) and checks
/// its answer; the engine's and the check's statistics go into `stats`.
pub(crate) fn solve(
    a: &CheckArgs,
    aig: &Aig,
    checker: &pdrkit_check::Model,
    ts: &TransitionSystem,
    property: Option<usize>,
    ctl: &Control,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact) {
    let spec = match a.engine {
        Engine::Bmc => {
            let default = bmc::BmcConfig::default();
            EngineSpec::Bmc(bmc::BmcConfig {
                bound: a.bound,
                sat: a.sat.unwrap_or(default.sat),
                verbose: a.verbose,
                ..default
            })
        }
        Engine::Portfolio => return solve_portfolio(a, aig, checker, ts, property, ctl, stats),
        Engine::Kind | Engine::Kipdr => EngineSpec::Kind(a.kind.config(
            a.engine == Engine::Kipdr,
            a.bound,
            a.sat,
            !a.no_share,
            a.verbose,
        )),
        Engine::Ic3 => EngineSpec::Ic3(a.ic3.config(a.sat, !a.no_share, a.verbose)),
    };
    if a.verbose {
        eprintln!("pdrkit: {spec:?}");
    }
    let (outcome, st) = spec.run(ts, ctl);
    stats.extend(st);
    let model = single_property(aig, property);
    let checked = Checked::new(checker, property);
    self_check(a, aig, &model, &checked, ts, outcome, stats)
}

/// The portfolio: each answer is checked on its worker's thread while the others go on; the
/// first accepted one wins, with the artifact its check built.
fn solve_portfolio(
    a: &CheckArgs,
    aig: &Aig,
    checker: &pdrkit_check::Model,
    ts: &TransitionSystem,
    property: Option<usize>,
    ctl: &Control,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact) {
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let kcfg = a.kind.config(false, a.bound, a.sat, !a.no_share, a.verbose);
    let icfg = a.ic3.config(a.sat, !a.no_share, a.verbose);
    let workers = portfolio::workers(&icfg, &kcfg, jobs);
    if a.verbose {
        for w in &workers {
            eprintln!("pdrkit: worker {}: {:?}", w.name, w.engine);
        }
    }
    let model = single_property(aig, property);
    let checked = Checked::new(checker, property);
    let accept = |o: &Outcome| {
        let mut st = Vec::new();
        match self_check(a, aig, &model, &checked, ts, o.clone(), &mut st) {
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
/// `--stats` lines of preprocessing: sizes before (`pre_*`), after latch correspondence
/// (`scorr_*`) and at the end (`inputs`, `latches`, `gates`), and what each step did.
pub(crate) fn preprocess_stats(p: &pdrkit_preprocess::PreprocessStats) -> Vec<Stat> {
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

/// The model as far as a check of `property` goes: with `--property N`, only that property.
pub(crate) fn single_property(aig: &Aig, property: Option<usize>) -> Aig {
    let mut m = aig.clone();
    if let Some(n) = property {
        if m.bads.is_empty() {
            m.outputs = vec![m.outputs[n]];
        } else {
            m.bads = vec![m.bads[n]];
        }
        // Symbols of dropped properties would name positions that no longer exist.
        m.symbols.retain(|s| {
            !matches!(
                s.kind,
                pdrkit_ts::SymbolKind::Bad | pdrkit_ts::SymbolKind::Output
            )
        });
    }
    m
}

/// The model as the independent checker read it: whole, for witnesses (they name properties
/// of the whole model), and reduced to the checked property, which a certificate proves.
pub(crate) struct Checked<'a> {
    whole: &'a pdrkit_check::Model,
    single: Option<pdrkit_check::Model>,
}

impl<'a> Checked<'a> {
    fn new(whole: &'a pdrkit_check::Model, property: Option<usize>) -> Self {
        Checked {
            whole,
            single: property.and_then(|n| whole.single_property(n)),
        }
    }

    fn certified(&self) -> &pdrkit_check::Model {
        self.single.as_ref().unwrap_or(self.whole)
    }
}

/// What an answer writes: a witness text or a certificate circuit.
pub(crate) enum Artifact {
    None,
    Witness(String),
    Certificate(Box<Aig>),
}

/// Builds the witness or certificate of an answer and checks it with the independent checker;
/// a failed check turns the answer into `unknown`.
/// Witnesses are written for the whole model (naming the failing property's own index);
/// certificates for `model`, the model reduced to the checked property.
fn self_check(
    a: &CheckArgs,
    aig: &Aig,
    model: &Aig,
    independent: &Checked,
    ts: &TransitionSystem,
    o: Outcome,
    stats: &mut Vec<Stat>,
) -> (Outcome, Artifact) {
    let t = Instant::now();
    let result = match o {
        Outcome::Unsafe(trace) => {
            let prop = match trace.validate(ts) {
                Ok(p) => p,
                Err(e) => {
                    return (
                        Outcome::Unknown(Reason::CheckFailed(format!(
                            "counterexample does not replay: {e}"
                        ))),
                        Artifact::None,
                    )
                }
            };
            let text = trace.to_witness(ts, aig, prop);
            if !a.no_self_check {
                let checked = pdrkit_check::parse_witness(text.as_bytes())
                    .map_err(|e| e.to_string())
                    .and_then(|w| {
                        pdrkit_check::replay(independent.whole, &w).map_err(|e| e.to_string())
                    });
                match checked {
                    Ok(r) if r.bad_at_last_step => {}
                    Ok(_) => {
                        return (
                            Outcome::Unknown(Reason::CheckFailed(
                                "witness is bad before its last step".into(),
                            )),
                            Artifact::None,
                        )
                    }
                    Err(e) => {
                        return (
                            Outcome::Unknown(Reason::CheckFailed(format!(
                                "witness rejected by the checker: {e}"
                            ))),
                            Artifact::None,
                        )
                    }
                }
            }
            stats.push(("depth".into(), trace.depth().into()));
            (Outcome::Unsafe(trace), Artifact::Witness(text))
        }
        Outcome::Safe(p) => {
            let cert = match p.certificate(ts, model) {
                Ok(c) => c,
                Err(why) => return (Outcome::Unknown(why), Artifact::None),
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
                    return (
                        Outcome::Unknown(Reason::CheckFailed(format!(
                            "invariant rejected by the checker: {e}"
                        ))),
                        Artifact::None,
                    );
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

fn report(
    a: &CheckArgs,
    aig: &pdrkit_check::Model,
    names: Option<&pdrkit_check::SignalNames>,
    o: &Outcome,
    artifact: Artifact,
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
            if let (Some(path), Some(names)) = (&a.vcd, names) {
                wave::write(path, &a.model, aig, text.as_bytes(), None, names, &mut out)?;
            }
        }
        (Artifact::Certificate(cert), _, Some(c)) => {
            let binary = a.binary_certificate || c.extension().is_some_and(|e| e == "aig");
            let bytes = if binary {
                aiger::write_aig(cert)
            } else {
                aiger::write_aag(cert)
            };
            write_output(c, &bytes, &mut out)?
        }
        _ => {}
    }
    let code = match o {
        Outcome::Unsafe(_) => 10,
        Outcome::Safe(_) => 20,
        Outcome::Unknown(why) => {
            // Always one line saying why: a bound, a limit, a proof no checker accepts.
            if limits::interrupted() {
                eprintln!("pdrkit: interrupted");
            } else {
                eprintln!("pdrkit: unknown: {why}");
            }
            30
        }
    };
    out.flush()?;
    if a.stats || limits::interrupted() {
        for (k, v) in stats {
            eprintln!("{k:>18}: {v}");
        }
    }
    if let Some(p) = &a.stats_json {
        write_stats_json(p, stats)?;
    }
    Ok(code)
}

/// Writes `stats` to `path` as one JSON object (numbers as numbers, the rest as strings; the
/// names are plain identifiers).
pub(crate) fn write_stats_json(path: &Path, stats: &[Stat]) -> anyhow::Result<()> {
    let body: Vec<String> = stats
        .iter()
        .map(|(k, v)| format!("\"{k}\": {}", v.to_json()))
        .collect();
    let text = format!("{{{}}}\n", body.join(", "));
    if path == Path::new("-") {
        // After the first line (and a witness or certificate sent there).
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// Says on stderr what of `model` is not checked: liveness sections beside safety properties,
/// or no property at all (then the answer is `unsat`, trivially).
fn warn_about_model(path: &Path, aig: &Aig) {
    let (j, f) = (aig.justice.len(), aig.fairness.len());
    if j + f > 0 {
        eprintln!(
            "pdrkit: warning: {}: {j} justice and {f} fairness properties are not checked \
             (liveness); the safety properties are",
            path.display()
        );
    }
    if aig.properties().is_empty() {
        eprintln!(
            "pdrkit: warning: {}: no property (no bad-state literal and no output): \
             nothing can go wrong",
            path.display()
        );
    }
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Fails unless `path` can be written: an existing file is opened for appending (nothing
/// changes), a new one is created and removed again.
fn check_writable(path: &Path) -> anyhow::Result<()> {
    let cannot = || format!("{}: cannot be written", path.display());
    if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(cannot)?;
    } else {
        std::fs::File::create(path).with_context(cannot)?;
        std::fs::remove_file(path).with_context(cannot)?;
    }
    Ok(())
}

pub(crate) fn write_output(
    path: &Path,
    bytes: &[u8],
    stdout: &mut impl Write,
) -> anyhow::Result<()> {
    if path == Path::new("-") {
        stdout.write_all(bytes)?;
    } else {
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Exit code of `replay` and `certify` when the witness or certificate was read and is wrong;
/// one that cannot be read is an input error (1), as everywhere in the CLI.
const REJECTED: u8 = 2;

/// Runs `pdrkit replay`: exit 0 when every counterexample of the witness file reaches a bad
/// state, 2 when one does not; with `vcd`, also writes the waveform of one of them.
pub fn replay(
    model: &Path,
    witness: &Path,
    vcd: Option<&Path>,
    maps: &[PathBuf],
    property: Option<usize>,
) -> anyhow::Result<u8> {
    let aig = read_checker_model(model)?;
    let bytes = std::fs::read(witness)
        .with_context(|| format!("{}: cannot read the witness", witness.display()))?;
    let names = match vcd {
        Some(_) => Some(wave::names(model, &aig, maps, false)?),
        None => None,
    };
    if let Some(path) = vcd {
        if path != Path::new("-") {
            check_writable(path)?;
        }
    }
    // One counterexample (the common case) keeps the single-witness messages; a file of
    // several results is read as such.
    let results = match pdrkit_check::parse_witness(&bytes) {
        Ok(w) => vec![pdrkit_check::WitnessResult::Fails(w)],
        Err(single) => match pdrkit_check::parse_results(&bytes) {
            Ok(r) if r.len() > 1 => r,
            _ => return Err(single).with_context(|| format!("{}", witness.display())),
        },
    };
    let several = results.len() > 1;
    let mut rejected = false;
    let mut replayed = 0;
    for r in &results {
        let (w, label) = match r {
            pdrkit_check::WitnessResult::Fails(w) => (
                w,
                format!("b{}: ", w.properties.first().copied().unwrap_or(0)),
            ),
            pdrkit_check::WitnessResult::Holds { properties, .. } => {
                println!(
                    "{}: holds (status 0; use `certify` for its proof)",
                    names_of(properties)
                );
                continue;
            }
            pdrkit_check::WitnessResult::Unknown { properties, .. } => {
                println!("{}: unknown (status 2)", names_of(properties));
                continue;
            }
        };
        let label = if several { label } else { String::new() };
        match pdrkit_check::replay(&aig, w) {
            Ok(r) => {
                replayed += 1;
                println!("{label}ok: {}", r.summary());
            }
            Err(e) => {
                rejected = true;
                eprintln!(
                    "pdrkit: {}: {label}witness rejected: {e}",
                    witness.display()
                );
            }
        }
    }
    if rejected {
        return Ok(REJECTED);
    }
    if replayed == 0 {
        eprintln!(
            "pdrkit: {}: no counterexample in the file",
            witness.display()
        );
        return Ok(REJECTED);
    }
    if let (Some(path), Some(names)) = (vcd, &names) {
        let mut out = std::io::stdout().lock();
        wave::write(path, model, &aig, &bytes, property, names, &mut out)?;
        out.flush()?;
    }
    Ok(0)
}

fn names_of(properties: &[usize]) -> String {
    let v: Vec<String> = properties.iter().map(|p| format!("b{p}")).collect();
    v.join(" ")
}

/// Runs `pdrkit certify`: exit 0 when the certificate proves the model safe (with `property`:
/// that one property of the model), 2 when it does not.
pub fn certify(model: &Path, certificate: &Path, property: Option<usize>) -> anyhow::Result<u8> {
    let full = read_checker_model(model)?;
    let count = full.properties().len();
    if let Some(n) = property.filter(|&n| n >= count) {
        anyhow::bail!(
            "{}: property {n} does not exist: the model has {count} properties",
            model.display()
        );
    }
    let aig = match property {
        Some(n) => full.single_property(n).unwrap_or(full),
        None => full,
    };
    let cert = read_checker_model(certificate)?;
    match pdrkit_check::check_certificate(&aig, &cert) {
        Ok(r) => {
            let each: Vec<String> = r
                .checks
                .iter()
                .map(|c| format!("{} {:.3}s", c.condition, c.time.as_secs_f64()))
                .collect();
            println!(
                "ok: certificate valid ({} mapped, {} extra; checked in {:.3}s: {})",
                r.mapped,
                r.extra,
                r.total_time().as_secs_f64(),
                each.join(", ")
            );
            Ok(0)
        }
        Err(e) => {
            // `check --property N` certifies one property: say so when all were checked.
            let hint = if property.is_none() && count > 1 {
                format!(
                    " (all {count} properties were checked; a certificate from \
                     `check --property N` proves property N only: add `--property N`)"
                )
            } else {
                String::new()
            };
            eprintln!(
                "pdrkit: {}: certificate rejected: {e}{hint}",
                certificate.display()
            );
            Ok(REJECTED)
        }
    }
}
