//! `cargo xtask`: pdrkit's developer tasks: benchmarking pdrkit against its manifest and its
//! peers, the quick regression tier, and comparing benchmark runs.
//!
//! * `cargo xtask bench [SUITE] ...` runs `pdrkit check` (one or more named configurations, and
//!   optionally ABC and rIC3 as peers) on every AIGER file of a suite under hard time and memory
//!   limits, checks every answer (`pdrkit replay` for `sat`, `pdrkit certify` for `unsat`),
//!   compares it with the suite's `MANIFEST.tsv`, and writes `results.csv`, `summary.md` and
//!   `cactus.svg` (by default into the gitignored `bench-out/`).
//! * `cargo xtask emit slurm|benchexec DIR [SUITE] ...` writes the same runs as a Slurm job array
//!   or a BenchExec benchmark definition; `cargo xtask import DIR` reads their results back.
//! * `cargo xtask compare RUN.csv[:LABEL]...` sets runs side by side (solved, PAR-2, time and
//!   SAT-query ratios); with `--same-search A B` it lists the files where two configurations'
//!   verdicts or SAT-query counts differ, and fails when there is any.
//! * `cargo xtask seeds FILE...` tabulates pdrkit's and rIC3's SAT queries over several seeds.
//! * `cargo xtask regress` runs the quick tier (the files ABC solves in under 2 s, and
//!   `tests/models/`) on every engine the binary accepts, and fails on any wrong or unchecked
//!   answer, or a missing answer where one is required.
//!
//! `cargo xtask --help` lists the commands, `cargo xtask COMMAND --help` their options. Any
//! WRONG or UNCHECKED answer of pdrkit makes the command exit non-zero, after the whole run has
//! finished.

mod bench;
mod compare;
mod emit;
mod exec;
mod peer;
mod plan;
mod plot;
mod regress;
mod run;
mod seeds;
mod shell;
mod suite;
mod summary;
mod verdict;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::{Parser, Subcommand};

/// pdrkit's developer tasks: benchmarks, the regression tier, comparisons of runs.
#[derive(Parser, Debug)]
#[command(
    name = "xtask",
    bin_name = "cargo xtask",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Benchmark pdrkit (and peers) on a suite of AIGER files, every answer checked
    Bench(bench::Args),
    /// The quick regression tier on every engine the binary accepts
    Regress(regress::Args),
    /// Write a benchmark as a Slurm job array or a BenchExec definition instead of running it
    Emit(emit::EmitArgs),
    /// Summarise the results of an emitted Slurm or BenchExec run
    Import(emit::ImportArgs),
    /// Set bench runs (their results.csv) side by side, or check that two searched alike
    Compare(compare::Args),
    /// SAT queries of pdrkit's IC3 and rIC3's over several seeds, as a Markdown table
    Seeds(seeds::Args),
    /// One task of an emitted Slurm job array
    #[command(hide = true)]
    RunTask(emit::RunTaskArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("xtask: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Bench(args) => {
            // The former spellings `bench --import DIR` and `bench --emit KIND DIR`.
            if let Some(dir) = &args.import {
                let fallback = emit::Fallback {
                    suite: args.plan.suite.clone(),
                    timeout: args.plan.timeout,
                    memory_mb: args.plan.memory_mb,
                };
                return emit::import(dir, &fallback, args.out.as_deref());
            }
            if let Some(values) = &args.emit {
                let mut plan_args = args.plan.clone();
                let (kind, dir) = legacy_emit(values, &mut plan_args.suite)?;
                let plan = plan::Plan::new(&plan_args)?;
                return emit::emit(&kind, &dir, &plan, &args.binary);
            }
            bench::main(&args)
        }
        Command::Regress(args) => regress::main(&args),
        Command::Emit(args) => emit::emit(
            &args.kind,
            &args.dir,
            &plan::Plan::new(&args.plan)?,
            &args.binary,
        ),
        Command::Import(args) => emit::import(&args.dir, &args.fallback, args.out.as_deref()),
        Command::Compare(args) => compare::main(&args),
        Command::Seeds(args) => seeds::main(&args),
        Command::RunTask(args) => emit::run_task(&args),
    }
}

/// `bench --emit KIND DIR` or `--emit KIND=DIR`: the kind and the folder. With `KIND=DIR` a
/// second value is the suite (clap takes up to two words after `--emit`).
fn legacy_emit(
    values: &[String],
    suite: &mut Option<PathBuf>,
) -> anyhow::Result<(String, PathBuf)> {
    match values {
        [kind, dir] if !kind.contains('=') => Ok((kind.clone(), PathBuf::from(dir))),
        [spec, rest @ ..] if spec.contains('=') => {
            if let Some(s) = rest.first() {
                if suite.is_some() {
                    bail!("bench takes at most one SUITE folder");
                }
                *suite = Some(PathBuf::from(s));
            }
            let (kind, dir) = spec.split_once('=').unwrap_or_default();
            Ok((kind.to_string(), PathBuf::from(dir)))
        }
        _ => bail!("--emit needs a kind and a folder: `cargo xtask emit slurm|benchexec DIR`"),
    }
}

/// The workspace root: the parent of this crate's folder.
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("xtask").chain(args.iter().copied()))
    }

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn help_lists_every_command() {
        let help = Cli::command().render_long_help().to_string();
        for c in ["bench", "regress", "emit", "import", "compare", "seeds"] {
            assert!(help.contains(c), "{c} in {help}");
        }
        assert!(!help.contains("run-task"), "{help}");
    }

    #[test]
    fn bench_keeps_the_documented_spellings() {
        let cli = parse(&[
            "bench",
            "suite",
            "--no-build",
            "--config",
            "base=--engine ic3 --seed 1",
            "--config=x=--engine bmc",
            "--vs",
            "ric3",
            "--vs",
            "abc",
            "--timeout",
            "20",
            "--timeout",
            "30",
            "--jobs",
            "2",
            "--filter",
            "hwmcc",
            "--binary",
            "/bin/true",
        ])
        .unwrap();
        let Command::Bench(b) = cli.command else {
            panic!("not bench")
        };
        assert_eq!(b.plan.suite, Some(PathBuf::from("suite")));
        assert_eq!(
            b.plan.configs,
            vec!["base=--engine ic3 --seed 1", "x=--engine bmc"]
        );
        assert_eq!(b.plan.vs, vec!["ric3", "abc"]);
        assert_eq!(b.plan.timeout, 30.0, "the last value counts");
        assert_eq!((b.jobs, b.plan.memory_mb), (2, 4096));
        assert!(b.binary.no_build);
        assert_eq!(b.binary.binary.as_deref(), Some("/bin/true"));
        assert!(parse(&["bench", "--vs", "cadical"]).is_err());
        assert!(parse(&["bench", "a", "b"]).is_err());
        assert!(parse(&["bench", "--nope"]).is_err());
    }

    #[test]
    fn the_former_emit_and_import_spellings() {
        let cli = parse(&["bench", "suite", "--emit", "slurm", "job", "--timeout", "5"]).unwrap();
        let Command::Bench(b) = cli.command else {
            panic!("not bench")
        };
        let mut suite = b.plan.suite.clone();
        let (kind, dir) = legacy_emit(b.emit.as_deref().unwrap(), &mut suite).unwrap();
        assert_eq!((kind.as_str(), dir), ("slurm", PathBuf::from("job")));
        assert_eq!(suite, Some(PathBuf::from("suite")));
        let mut suite = None;
        let values = vec!["benchexec=bx".to_string(), "s".to_string()];
        let (kind, dir) = legacy_emit(&values, &mut suite).unwrap();
        assert_eq!((kind.as_str(), dir), ("benchexec", PathBuf::from("bx")));
        assert_eq!(suite, Some(PathBuf::from("s")));
        assert!(legacy_emit(&["slurm".to_string()], &mut None).is_err());
        let cli = parse(&["bench", "--import", "job", "--out", "o"]).unwrap();
        let Command::Bench(b) = cli.command else {
            panic!("not bench")
        };
        assert_eq!(b.import, Some(PathBuf::from("job")));
    }

    #[test]
    fn regress_defaults() {
        let Command::Regress(r) = parse(&["regress"]).unwrap().command else {
            panic!("not regress")
        };
        assert_eq!((r.timeout, r.memory_mb, r.jobs), (10.0, 4096, 2));
        assert_eq!(r.relaxed_timeout, None);
        assert_eq!(r.engines, regress::ENGINES);
        assert!(parse(&["regress", "extra"]).is_err());
        let Command::Emit(e) = parse(&["emit", "slurm", "dir", "suite", "--vs", "abc"])
            .unwrap()
            .command
        else {
            panic!("not emit")
        };
        assert_eq!(e.plan.suite, Some(PathBuf::from("suite")));
        assert!(parse(&["emit", "pbs", "dir"]).is_err());
    }
}
