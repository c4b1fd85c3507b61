//! `cargo xtask`: pdrkit's developer tasks: benchmarking and the quick regression tier.
//!
//! * `cargo xtask bench [SUITE] ...` runs `pdrkit check` (one or more named configurations, and
//!   optionally ABC and rIC3 as peers) on every AIGER file of a suite under hard time and memory
//!   limits, checks every answer (`pdrkit replay` for `sat`, `pdrkit certify` for `unsat`),
//!   compares it with the suite's `MANIFEST.tsv`, and writes `results.csv`, `summary.md` and
//!   `cactus.svg`.
//!   It can also write the same runs as a Slurm job array or a BenchExec benchmark definition
//!   (`--emit`) and read their results back (`--import`).
//! * `cargo xtask regress` runs the quick tier (the files ABC solves in under 2 s, and
//!   `tests/models/`) on every engine the binary accepts, and fails on any wrong or unchecked
//!   answer, or a missing answer where one is required.
//!
//! `cargo xtask help` prints the options. Any WRONG or UNCHECKED answer of pdrkit makes the
//! command exit non-zero, after the whole run has finished.

mod args;
mod bench;
mod emit;
mod exec;
mod peer;
mod plot;
mod regress;
mod run;
mod suite;
mod summary;
mod verdict;

use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <COMMAND> [OPTIONS]

Commands:
  bench [SUITE]   benchmark pdrkit on a suite of AIGER files (default ../shared/benchmarks)
      --timeout SECS          time limit per run (default 60)
      --memory MB             address-space limit per run (default 4096)
      --config NAME=ARGS      a named configuration: extra `pdrkit check` arguments (repeatable;
                              default one configuration `default` with no extra arguments)
      --vs abc|ric3           also run a peer on each file, with the same limits (repeatable:
                              `--vs ric3 --vs abc` runs both): `abc` is ABC's `pdr` (fails
                              when berkeley-abc is missing), `ric3` is `rIC3 -e ic3` (skipped
                              with a note when rIC3 is not on PATH); their names are reserved
      --jobs N                files run in parallel (default 1)
      --filter REGEX          only files whose path relative to SUITE matches
      --out DIR               output folder (default bench-out/<timestamp>)
      --emit slurm|benchexec DIR   write a Slurm job array / BenchExec definition instead of running
      --import DIR            summarise the results of an emitted Slurm or BenchExec run
      --no-build              use the existing target/release/pdrkit instead of building it
  regress         the quick tier on every engine the binary accepts
      --timeout SECS          time limit per run (default 10)
      --relaxed-timeout SECS  limit for runs allowed to time out (default min(3, timeout))
      --memory MB             (default 4096)
      --jobs N                (default 2)
      --filter REGEX          only files whose relative path matches
      --engines LIST          comma-separated engines to try (default ic3,bmc,kind,kipdr,portfolio)
      --out DIR               also write results.csv, summary.md and cactus.svg there
      --no-build              use the existing target/release/pdrkit instead of building it
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match dispatch(argv) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("xtask: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(argv: Vec<String>) -> anyhow::Result<ExitCode> {
    let Some((command, rest)) = argv.split_first() else {
        print!("{HELP}");
        return Ok(ExitCode::from(2));
    };
    if wants_help(rest) {
        // `--help` after any command: the one help text, which covers every command.
        print!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    match command.as_str() {
        "bench" => bench::main(rest),
        "regress" => regress::main(rest),
        // Hidden: one Slurm array task (see `emit`).
        "run-task" => emit::run_task_main(rest),
        "help" | "--help" | "-h" => {
            print!("{HELP}");
            Ok(ExitCode::SUCCESS)
        }
        other => anyhow::bail!("unknown command `{other}` (try `cargo xtask help`)"),
    }
}

/// Whether a command's arguments ask for help (`--help` or `-h` anywhere, as clap reads it).
fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// The workspace root: the parent of this crate's folder.
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_after_any_command() {
        let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(wants_help(&v(&["--help"])));
        assert!(wants_help(&v(&["--timeout", "5", "-h"])));
        assert!(!wants_help(&v(&["--timeout", "5"])));
        assert!(HELP.contains("regress") && HELP.contains("--relaxed-timeout"));
    }
}
