//! `cargo xtask regress`: the quick tier. Every manifest file ABC's `pdr` solves in under 2 s
//! plus every model under `tests/models/`, on every engine the binary accepts, with a short
//! time limit. Fails on any WRONG or UNCHECKED answer, any error or crash, and on a missing
//! answer where one is required: `ic3`/`portfolio` on files ABC solves in under 2 s and on the
//! hand-written models, `bmc` on the hand-written unsafe models. Other runs may time out, so they get a shorter limit
//! (`--relaxed-timeout`).
//!
//! "ABC solves in under 2 s" is decided by running ABC here, the sound way (see `peer`), when it
//! is installed: the manifest's times come from another ABC flow (`undc; zero` rewrite the
//! circuit first) on another machine, and a file that flow finds easy may not be easy for `pdr`
//! on the circuit as it is. Without ABC, the manifest's times decide.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Result};
use regex::Regex;

use crate::exec::{self, Config, Job, Settings};
use crate::plan::BinaryArgs;
use crate::run::{run_limited, Ending, Limits, Scratch};
use crate::suite::{self, Expected, Instance};
use crate::summary;
use crate::verdict::{Judgement, Record};

/// The engines tried by default, comma-separated.
pub const ENGINES: &str = "ic3,bmc,kind,kipdr,portfolio";

/// `cargo xtask regress [OPTIONS]`.
#[derive(clap::Args, Debug)]
#[command(args_override_self = true)]
pub struct Args {
    /// Time limit per run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub timeout: f64,
    /// Time limit for the runs allowed to time out (no answer required), in seconds
    /// [default: the smaller of 3 and --timeout]
    #[arg(long, value_name = "SECS")]
    pub relaxed_timeout: Option<f64>,
    /// Address-space limit per run, in MiB
    #[arg(long = "memory", value_name = "MB", default_value_t = 4096)]
    pub memory_mb: u64,
    /// Files run in parallel (the portfolio always runs alone)
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub jobs: usize,
    /// Only the files whose relative path matches
    #[arg(long, value_name = "REGEX", allow_hyphen_values = true)]
    pub filter: Option<String>,
    /// Comma-separated engines to try (those the binary rejects are skipped)
    #[arg(long, value_name = "LIST", default_value = ENGINES)]
    pub engines: String,
    /// Also write results.csv, summary.md and cactus.svg there
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub binary: BinaryArgs,
    /// The suite whose quick tier runs (for tests) [default: ../shared/benchmarks]
    #[arg(long, value_name = "DIR", hide = true)]
    pub suite: Option<PathBuf>,
    /// The hand-written models (for tests) [default: tests/models in the workspace]
    #[arg(long, value_name = "DIR", hide = true)]
    pub models: Option<PathBuf>,
}

/// Files ABC solves faster than this are in the quick tier.
const QUICK_ABC_SECONDS: f64 = 2.0;

/// Whether an engine must answer on a file, judging "easy for ABC" by the manifest's time.
#[cfg(test)]
pub fn answer_required(engine: &str, inst: &Instance) -> bool {
    let abc_easy = inst.abc_seconds.is_some_and(|t| t < QUICK_ABC_SECONDS);
    answer_required_when(engine, inst, abc_easy)
}

/// Whether an engine must answer on a file that ABC does (`abc_easy`) or does not solve in
/// under 2 s. The hand-written models of `tests/models/` are tiny: they count as easy.
pub fn answer_required_when(engine: &str, inst: &Instance, abc_easy: bool) -> bool {
    let abc_easy = abc_easy || is_test_model(inst);
    match engine {
        "ic3" | "portfolio" => abc_easy && inst.expected != Expected::Unknown,
        // ABC's pdr finding a counterexample fast says little about BMC (vis_arrays_am2901:
        // pdr 0.07 s, BMC stuck near depth 11 of 19): BMC must answer the hand-written unsafe
        // models; elsewhere it may time out, but never answer wrongly.
        "bmc" => is_test_model(inst) && inst.expected == Expected::Unsafe,
        _ => false,
    }
}

fn is_test_model(inst: &Instance) -> bool {
    inst.rel.starts_with("tests/models/")
}

/// Runs ABC on the files the manifest calls easy; returns, per instance, whether ABC answered
/// correctly in under 2 s here. `None` when ABC is not installed.
fn abc_easy_here(instances: &[Instance], settings: &Settings, jobs: usize) -> Option<Vec<bool>> {
    let peer = crate::peer::Peer::Abc;
    if peer.ensure_installed().is_err() {
        eprintln!("regress: ABC is not installed: the manifest's ABC times decide which answers are required");
        return None;
    }
    let plan: Vec<(Instance, Vec<Job>)> = instances
        .iter()
        .filter(|i| i.abc_seconds.is_some())
        .map(|i| {
            (
                i.clone(),
                vec![Job::Peer {
                    peer,
                    timeout: QUICK_ABC_SECONDS + 1.0,
                }],
            )
        })
        .collect();
    eprintln!(
        "regress: ABC on {} files to tell which are easy here",
        plan.len()
    );
    let records = exec::run_plan(&plan, settings, jobs);
    let easy: std::collections::HashSet<&str> = records
        .iter()
        .filter(|r| r.judgement == Judgement::Solved && r.cpu_s < QUICK_ABC_SECONDS)
        .map(|r| r.file.as_str())
        .collect();
    Some(
        instances
            .iter()
            .map(|i| i.abc_seconds.is_some() && easy.contains(i.rel.as_str()))
            .collect(),
    )
}

/// Why a run fails the regression, if it does.
pub fn failure(r: &Record, required: bool) -> Option<&'static str> {
    match r.judgement {
        Judgement::Wrong => Some("WRONG"),
        Judgement::Unchecked => Some("UNCHECKED"),
        _ if is_error(&r.ending) => Some("ERROR"),
        Judgement::Unsolved if required => Some("MISSING"),
        _ => None,
    }
}

fn is_error(ending: &str) -> bool {
    ending.starts_with("error") || ending.starts_with("signal") || ending == "memout"
}

/// The quick tier of a suite: its files with `abc_pdr_seconds` below 2.
pub fn quick_tier(suite_dir: &Path, filter: Option<&Regex>) -> Result<Vec<Instance>> {
    Ok(suite::load(suite_dir, filter)?
        .into_iter()
        .filter(|i| i.abc_seconds.is_some_and(|t| t < QUICK_ABC_SECONDS))
        .collect())
}

/// The models of `tests/models/` (relative paths prefixed with `tests/models/`).
pub fn test_models(dir: &Path, filter: Option<&Regex>) -> Result<Vec<Instance>> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    Ok(suite::load(dir, None)?
        .into_iter()
        .map(|mut i| {
            i.rel = format!("tests/models/{}", i.rel);
            i
        })
        .filter(|i| filter.is_none_or(|f| f.is_match(&i.rel)))
        // A model the folder's manifest does not list (the liveness models, which several
        // engines answer `unknown` by design) is not a regression input.
        .filter(|i| i.expected != Expected::Unknown)
        .collect())
}

/// The engines a binary accepts, and those it rejects with its reason.
pub struct Probed {
    /// Accepted engines.
    pub accepted: Vec<String>,
    /// Rejected engines with the first line of the binary's complaint.
    pub rejected: Vec<(String, String)>,
}

/// Which of `engines` the binary accepts: `pdrkit check --engine X` on a tiny model, skipping
/// those rejected as unknown.
pub fn probe_engines(binary: &Path, engines: &[String]) -> Result<Probed> {
    let scratch = Scratch::new("probe")?;
    let model = scratch.path().join("tiny.aag");
    // One latch that stays 0, the property (output) is the latch: safe.
    std::fs::write(&model, "aag 1 0 1 1 0\n2 2\n2\n")?;
    let rejected =
        Regex::new(r"(?i)unknown engine|invalid value|unsupported engine|possible values")
            .expect("regex");
    let mut ok = Vec::new();
    let mut skipped = Vec::new();
    for e in engines {
        let mut cmd = Command::new(binary);
        cmd.args(["check", "--engine", e, "--timeout", "5"])
            .arg(&model);
        let limits = Limits {
            wall_s: 15.0,
            memory_mb: 0,
        };
        let m = run_limited(cmd, limits, scratch.path(), "probe")?;
        match m.ending {
            Ending::Exit(1 | 2) if rejected.is_match(&m.stderr) => {
                skipped.push((e.clone(), m.first_error_line()));
            }
            _ => ok.push(e.clone()),
        }
    }
    Ok(Probed {
        accepted: ok,
        rejected: skipped,
    })
}

fn cell(r: &Record, required: bool) -> String {
    if let Some(f) = failure(r, required) {
        return f.to_string();
    }
    match r.judgement {
        Judgement::Solved => format!("{} {:.2}", r.verdict, r.wall_s),
        _ if r.ending == "timeout" || r.verdict == crate::verdict::Verdict::Unknown => {
            format!("- {:.0}s", r.timeout_s)
        }
        _ => format!("({})", r.verdict),
    }
}

/// Entry point.
pub fn main(args: &Args) -> Result<ExitCode> {
    let timeout = args.timeout;
    let relaxed = args.relaxed_timeout.unwrap_or(timeout.min(3.0));
    let memory_mb = args.memory_mb;
    let jobs = args.jobs;
    let filter = args.filter.as_deref().map(Regex::new).transpose()?;
    let suite_dir = args
        .suite
        .clone()
        .unwrap_or_else(crate::plan::default_suite);
    let models_dir = args
        .models
        .clone()
        .unwrap_or_else(|| crate::workspace_root().join("tests/models"));
    let engines: Vec<String> = args
        .engines
        .split(',')
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty())
        .collect();

    let mut instances = if suite_dir.is_dir() {
        quick_tier(&suite_dir, filter.as_ref())?
    } else {
        eprintln!(
            "regress: no suite at {} (only tests/models)",
            suite_dir.display()
        );
        Vec::new()
    };
    instances.extend(test_models(&models_dir, filter.as_ref())?);
    if instances.is_empty() {
        bail!(
            "regress: no files (suite {}, models {})",
            suite_dir.display(),
            models_dir.display()
        );
    }
    let binary = exec::binary(args.binary.binary.as_deref(), args.binary.no_build)?;
    let Probed {
        accepted: engines,
        rejected: skipped,
    } = probe_engines(&binary, &engines)?;
    for (e, why) in &skipped {
        eprintln!("regress: skipping engine {e}: {why}");
    }
    if engines.is_empty() {
        bail!("regress: the binary accepts none of the engines");
    }
    let settings = Settings {
        binary: binary.clone(),
        memory_mb,
        keep_dir: args.out.clone(),
        btorsim: None,
        aigtool: None,
    };
    let easy: Vec<bool> = abc_easy_here(&instances, &settings, jobs).unwrap_or_else(|| {
        instances
            .iter()
            .map(|i| i.abc_seconds.is_some_and(|t| t < QUICK_ABC_SECONDS))
            .collect()
    });
    let required = |e: &str, i: usize| answer_required_when(e, &instances[i], easy[i]);
    // The plan for some of the engines, in engine order for every file.
    let plan_for = |pick: &dyn Fn(&str) -> bool| -> Vec<(Instance, Vec<Job>)> {
        instances
            .iter()
            .enumerate()
            .map(|(n, i)| {
                let jobs = engines
                    .iter()
                    .filter(|e| pick(e))
                    .map(|e| Job::Pdrkit {
                        config: Config {
                            name: e.clone(),
                            args: vec!["--engine".into(), e.clone()],
                        },
                        timeout: if required(e, n) { timeout } else { relaxed },
                    })
                    .collect();
                (i.clone(), jobs)
            })
            .collect()
    };
    eprintln!(
        "regress: {} files x {} engines ({}), timeout {timeout} s ({relaxed} s where an answer \
         is not required), {jobs} job(s); the portfolio runs alone",
        instances.len(),
        engines.len(),
        engines.join(", ")
    );
    let started = std::time::Instant::now();
    // The portfolio's threads are meant to have the machine's cores (its default `--jobs`):
    // it runs one file at a time, after the single-threaded engines, which run `jobs` files
    // at a time. Two runs beside it would leave its IC3 half a core and measure the load,
    // not the portfolio.
    let threaded = |e: &str| e == "portfolio";
    let run = |pick: &dyn Fn(&str) -> bool, workers: usize| {
        if engines.iter().any(|e| pick(e)) {
            exec::run_plan(&plan_for(pick), &settings, workers)
        } else {
            Vec::new()
        }
    };
    let mut single = run(&|e| !threaded(e), jobs).into_iter();
    let mut multi = run(&threaded, 1).into_iter();
    let mut records = Vec::with_capacity(instances.len() * engines.len());
    for _ in &instances {
        for e in &engines {
            records.extend(if threaded(e) {
                multi.next()
            } else {
                single.next()
            });
        }
    }
    if records.len() != instances.len() * engines.len() {
        bail!(
            "regress: {} records for {} runs",
            records.len(),
            instances.len() * engines.len()
        );
    }

    // The table: one row per file, one column per engine.
    let width = instances
        .iter()
        .map(|i| i.rel.len())
        .max()
        .unwrap_or(4)
        .min(48);
    let mut table = format!("{:width$}  {:8} {:>6}", "file", "expected", "abc s");
    for e in &engines {
        table.push_str(&format!("  {e:>12}"));
    }
    table.push('\n');
    let mut failures: Vec<(String, &Record)> = Vec::new();
    for (i, inst) in instances.iter().enumerate() {
        let name: String = if inst.rel.len() > width {
            format!("…{}", &inst.rel[inst.rel.len() - (width - 1)..])
        } else {
            inst.rel.clone()
        };
        table.push_str(&format!(
            "{name:width$}  {:8} {:>6}",
            inst.expected.to_string(),
            inst.abc_seconds.map_or("-".into(), |t| format!("{t:.2}"))
        ));
        for (j, e) in engines.iter().enumerate() {
            let r = &records[i * engines.len() + j];
            let required = required(e, i);
            if let Some(f) = failure(r, required) {
                failures.push((f.to_string(), r));
            }
            table.push_str(&format!("  {:>12}", cell(r, required)));
        }
        table.push('\n');
    }
    println!("{table}");
    let stats = summary::config_stats(&records);
    let configs: Vec<(String, String)> = engines
        .iter()
        .map(|e| (e.clone(), format!("pdrkit check --engine {e}")))
        .collect();
    println!("{}", summary::stats_table(&stats, &configs));
    println!(
        "regress: {} runs in {:.0} s",
        records.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(out) = &args.out {
        let ctx = summary::Report {
            title: "pdrkit regress (quick tier)".into(),
            setup: vec![
                format!("timeout {timeout} s ({relaxed} s where no answer is required), memory {memory_mb} MiB"),
                format!("binary {}", summary::shown_binary(&binary)),
            ],
            configs: configs.clone(),
            instances: &instances,
        };
        summary::write_all(out, &records, &ctx)?;
        println!("results in {}", out.display());
    }
    if failures.is_empty() {
        println!("regress: OK");
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!();
    eprintln!("########################################################################");
    eprintln!("### regress FAILED: {} run(s)", failures.len());
    for (why, r) in &failures {
        eprintln!(
            "###   {why:9} {:10} {} (expected {}, answered {}, {}){}",
            r.config,
            r.file,
            r.expected,
            r.verdict,
            r.ending,
            if r.note.is_empty() {
                String::new()
            } else {
                format!(": {}", r.note)
            }
        );
    }
    eprintln!("########################################################################");
    Ok(ExitCode::FAILURE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::tests::rec;
    use crate::verdict::{judge, Check, Verdict};

    fn inst(expected: Expected, abc: Option<f64>) -> Instance {
        Instance {
            path: "/x".into(),
            rel: "x".into(),
            expected,
            abc_seconds: abc,
            ric3_seconds: None,
            twin: None,
        }
    }

    #[test]
    fn which_answers_are_required() {
        let easy_safe = inst(Expected::Safe, Some(0.3));
        let easy_unsafe = inst(Expected::Unsafe, Some(1.0));
        let models_file = inst(Expected::Safe, None);
        assert!(answer_required("ic3", &easy_safe));
        assert!(answer_required("portfolio", &easy_unsafe));
        assert!(!answer_required("bmc", &easy_safe));
        assert!(!answer_required("bmc", &easy_unsafe));
        assert!(!answer_required("kind", &easy_safe));
        assert!(!answer_required("kipdr", &easy_unsafe));
        assert!(!answer_required("ic3", &models_file));
        assert!(!answer_required("bmc", &inst(Expected::Unsafe, None)));
        // What ABC does here overrides the manifest's time.
        assert!(!answer_required_when("ic3", &easy_safe, false));
        assert!(!answer_required_when("bmc", &easy_unsafe, true));
        // The hand-written models are tiny: every engine that can answer must.
        let mut hand = inst(Expected::Unsafe, None);
        hand.rel = "tests/models/counter_unsafe.aag".into();
        assert!(answer_required_when("ic3", &hand, false));
        assert!(answer_required_when("bmc", &hand, false));
        assert!(!answer_required_when("kind", &hand, false));
    }

    #[test]
    fn a_wrong_verdict_fails_the_regression() {
        // The manifest says safe, the engine says sat (and its witness even replays).
        let j = judge(Expected::Safe, Verdict::Sat, &Check::Passed, true);
        let mut r = rec("x", "kind", Verdict::Sat, j, 0.1);
        r.expected = Expected::Safe;
        assert_eq!(failure(&r, false), Some("WRONG"));
        // A witness that does not replay.
        let j = judge(
            Expected::Unsafe,
            Verdict::Sat,
            &Check::Failed("no".into()),
            true,
        );
        let r = rec("x", "bmc", Verdict::Sat, j, 0.1);
        assert_eq!(failure(&r, false), Some("UNCHECKED"));
    }

    #[test]
    fn missing_answers_fail_only_where_required() {
        let r = rec("x", "ic3", Verdict::Unknown, Judgement::Unsolved, 10.0);
        assert_eq!(failure(&r, true), Some("MISSING"));
        assert_eq!(failure(&r, false), None);
        let mut crash = rec("x", "kind", Verdict::Unknown, Judgement::Unsolved, 0.1);
        crash.ending = "signal 6".into();
        assert_eq!(failure(&crash, false), Some("ERROR"));
        let ok = rec("x", "ic3", Verdict::Unsat, Judgement::Solved, 0.1);
        assert_eq!(failure(&ok, true), None);
    }
}
