//! pdrkit: the command line. Reads an AIGER model, runs an engine, prints the HWMCC answer
//! (`sat`, `unsat` or `unknown` on the first line) and exits 10, 20 or 30; writes witnesses and
//! certificates; replays and certifies them with the independent checker.
//!
//! Errors of the user's making (bad file, bad option) end with a one-line message on stderr and
//! exit code 1; no panic reaches the user.

mod args;
mod btor2;
mod certify;
mod check;
mod each;
mod limits;
mod liveness;
mod model;
mod output;
mod replay;
mod solve;
mod wave;

use std::process::ExitCode;

use clap::FromArgMatches;

fn main() -> ExitCode {
    // A panic is a bug: say so in one line, with the message, and exit 1 rather than dumping a
    // backtrace at the user. (A solver out of memory is not one: the engine answers unknown
    // with that reason, and the watchdog answers at the memory limit.)
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        eprintln!("pdrkit: internal error: {message}");
        // For whoever debugs it, as Rust's own hook does.
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            eprintln!("{}", std::backtrace::Backtrace::force_capture());
        }
    }));
    let argv = hwmcc_form(std::env::args_os().collect());
    // clap has no "show the hidden options" flag: `--help-all` is `--help` on a grammar whose
    // tuning options are not hidden.
    let help_all = argv.iter().any(|a| a == "--help-all");
    let argv: Vec<_> = argv
        .into_iter()
        .map(|a| {
            if a == "--help-all" {
                "--help".into()
            } else {
                a
            }
        })
        .collect();
    let parsed = args::command(help_all)
        .try_get_matches_from(&argv)
        .and_then(|m| Ok((args::Cli::from_arg_matches(&m)?, m)));
    let (cli, matches) = match parsed {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            if e.kind() == clap::error::ErrorKind::InvalidSubcommand {
                if let Some(first) = argv.get(1) {
                    eprintln!(
                        "\nTo check a model: pdrkit check {}",
                        first.to_string_lossy()
                    );
                }
            }
            return ExitCode::from(code);
        }
    };
    let check_matches = matches.subcommand_matches("check");
    // An option the run does not use is said, not silently dropped.
    if let (args::Command::Check(a), Some(m)) = (&cli.command, check_matches) {
        for o in args::unused_options(m, a) {
            eprintln!("pdrkit: warning: {o}");
        }
    }
    let options = check_matches.map(args::options_in_use).unwrap_or_default();
    match std::panic::catch_unwind(|| run(cli, &options)) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(e)) => {
            eprintln!("pdrkit: {e:#}");
            ExitCode::from(1)
        }
        Err(_) => ExitCode::from(1),
    }
}

/// HWMCC'25 runs every entrant of the bit-level tracks as `TOOL MODEL WITNESS CERTIFICATE`:
/// that is `check MODEL --witness WITNESS --certificate CERTIFICATE --binary-certificate` (the
/// default engine). Its word-level tracks have no certificates and call `TOOL MODEL WITNESS`:
/// that is `check MODEL --witness WITNESS` (a btorsim witness for a BTOR2 model). Any other
/// command line is left as it is.
fn hwmcc_form(argv: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let plain = |a: &std::ffi::OsString| {
        let s = a.to_string_lossy();
        // `-` alone is standard input, a path like any other.
        (s == "-" || !s.starts_with('-'))
            && !matches!(&*s, "check" | "replay" | "certify" | "blast" | "help")
    };
    match &argv[..] {
        [tool, model, witness, certificate]
            if [model, witness, certificate].into_iter().all(plain) =>
        {
            vec![
                tool.clone(),
                "check".into(),
                model.clone(),
                "--witness".into(),
                witness.clone(),
                "--certificate".into(),
                certificate.clone(),
                "--binary-certificate".into(),
            ]
        }
        [tool, model, witness] if [model, witness].into_iter().all(plain) => vec![
            tool.clone(),
            "check".into(),
            model.clone(),
            "--witness".into(),
            witness.clone(),
        ],
        _ => argv,
    }
}

fn run(cli: args::Cli, options: &[String]) -> anyhow::Result<u8> {
    match cli.command {
        args::Command::Check(a) => check::check(*a, options),
        args::Command::Replay {
            model,
            witness,
            vcd,
            maps,
            property,
        } => replay::replay(&model, &witness, vcd.as_deref(), &maps, property),
        args::Command::Blast { model, output } => btor2::blast(&model, output.as_deref()),
        args::Command::Certify {
            model,
            certificate,
            property,
            justice,
        } => certify::certify(&model, &certificate, property, justice),
    }
}
