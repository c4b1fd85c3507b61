//! The command-line grammar. The engines' options are their configuration structs
//! ([`Ic3Config`], [`KindConfig`], [`PreprocessConfig`]), flattened in: each option is declared
//! once, with its default, where the engine defines it.

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use pdrkit_engine::ic3::Ic3Config;
use pdrkit_engine::kind::KindConfig;
use pdrkit_engine::klive::KliveConfig;
use pdrkit_preprocess::PreprocessConfig;

/// pdrkit: a hardware model checker for AIGER safety properties (IC3/PDR, BMC, k-induction).
///
/// HWMCC's form `pdrkit MODEL WITNESS CERTIFICATE` is `pdrkit check MODEL --witness WITNESS
/// --certificate CERTIFICATE --binary-certificate`; its word-level form `pdrkit MODEL WITNESS`
/// (for BTOR2 models, which get no certificate) is `pdrkit check MODEL --witness WITNESS`.
///
/// Exit codes: 10 unsafe (`sat`), 20 safe (`unsat`), 30 unknown, 1 error; 0 for `replay` and
/// `certify` when the witness or certificate is accepted, 2 when it is rejected.
#[derive(Parser, Debug)]
#[command(
    name = "pdrkit",
    version,
    about,
    long_about,
    override_usage = "pdrkit <COMMAND> ...\n       pdrkit MODEL WITNESS CERTIFICATE   (HWMCC's form)\n       pdrkit MODEL.btor2 WITNESS         (HWMCC's word-level form)"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check a model: prints `sat` (a bad state is reachable), `unsat` (no bad state is
    /// reachable) or `unknown` on the first line.
    Check(Box<CheckArgs>),
    /// Replay an AIGER witness on a model (a btorsim witness on a BTOR2 model) by simulation;
    /// exit 0 when it reaches a bad state, 2 when it does not, 1 when a file cannot be read.
    ///
    /// A witness file of several results (AIGER 1.9, or btorsim witnesses one after the
    /// other, as `check --each-property` writes them) has each counterexample in it replayed;
    /// its `0` and `2` results are listed.
    Replay {
        /// The model (.aag, .aig, optionally gzipped; `-`: standard input).
        model: PathBuf,
        /// The witness file (`1`, `b<N>`, initial latches, one input line per step, `.`).
        witness: PathBuf,
        /// Also write the counterexample as a VCD waveform to FILE (`-`: standard output), as
        /// `check --vcd` does.
        #[arg(long, value_name = "FILE")]
        vcd: Option<PathBuf>,
        /// Names for --vcd from a yosys map (`.aim` or `.ywa`); repeatable.
        #[arg(long = "map", value_name = "FILE")]
        maps: Vec<PathBuf>,
        /// With several counterexamples in the file, the waveform is property N's (default:
        /// the first).
        #[arg(long, value_name = "N")]
        property: Option<usize>,
    },
    /// Write the AIG a BTOR2 model is bit-blasted into (what the engines check, and what a
    /// certificate of `check MODEL.btor2 --certificate C` speaks of), with its inputs and
    /// latches named `name[i]` after the BTOR2 symbols.
    Blast {
        /// The BTOR2 model (`-`: standard input).
        model: PathBuf,
        /// The AIGER file to write: binary AIGER when it ends in `.aig`, ASCII otherwise
        /// (default: ASCII to standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Check a certificate (a certifaiger witness circuit) for a model with fresh SAT queries;
    /// exit 0 when valid, 2 when not, 1 when a file cannot be read.
    Certify {
        /// The model (`-`: standard input).
        model: PathBuf,
        /// The certificate circuit (AIGER).
        certificate: PathBuf,
        /// The certificate proves this property only (0-based, as `check --property`).
        #[arg(long, value_name = "N", conflicts_with = "justice")]
        property: Option<usize>,
        /// The certificate proves this justice property only (0-based: `j<N>`, as `check
        /// --each-property` writes `FILE.j<N>.aag`); without it, a liveness certificate is
        /// checked for every justice property of the model, as certifaiger checks it.
        #[arg(long, value_name = "N")]
        justice: Option<usize>,
    },
}

/// Which algorithm answers.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// IC3 and k-induction (and with --jobs up to 16: IC3 variants, KIPDR, BMC; `-v` lists
    /// them) in parallel; the first checked answer wins.
    Portfolio,
    /// IC3/PDR: proves and refutes.
    Ic3,
    /// Bounded model checking: refutes only (finds the shortest counterexample).
    Bmc,
    /// k-induction (KI): proves k-inductive properties, refutes like BMC.
    Kind,
    /// k-induction with property direction (KIPDR, Beyer and Dangl 2020): failed step cases
    /// become proof obligations, blocked by lemmas that strengthen the induction hypothesis.
    Kipdr,
    /// Liveness: the justice property (`--property N`, else the first) reduced to safety
    /// (Biere, Artho and Schuppan 2002) and the reduced model checked by the portfolio. The
    /// default engine runs it beside klive on a model whose only properties are justice ones.
    L2s,
    /// Liveness: k-liveness on IC3 (Claessen and Sörensson 2012): proves the justice property
    /// (`--property N`, else the first) with a certificate, never refutes. The default engine
    /// runs it beside l2s on a model whose only properties are justice ones.
    Klive,
}

impl Engine {
    /// The name `--engine` takes.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Portfolio => "portfolio",
            Engine::Ic3 => "ic3",
            Engine::Bmc => "bmc",
            Engine::Kind => "kind",
            Engine::Kipdr => "kipdr",
            Engine::L2s => "l2s",
            Engine::Klive => "klive",
        }
    }
}

/// Options of `pdrkit check`.
#[derive(Args, Debug)]
#[command(after_help = "`pdrkit check --help-all` also shows the tuning and developer options.")]
pub struct CheckArgs {
    /// The model (.aag, .aig, optionally gzipped; `-`: standard input).
    pub model: PathBuf,
    /// The engine.
    #[arg(long, value_enum, default_value_t = Engine::Portfolio)]
    pub engine: Engine,
    /// Check only property N (0-based, in the B section, or the outputs when there is neither
    /// B nor J; in the J section for a liveness check). Default: all at once (any failing one
    /// is a counterexample); a liveness check, the first justice property.
    #[arg(long, value_name = "N")]
    pub property: Option<usize>,
    /// Portfolio: number of engines run in parallel, up to 16 (default: the cores available,
    /// at most 6, the rows measured so far; `-v` shows the worker table).
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub jobs: Option<usize>,
    /// Portfolio: run these rows of the worker table instead of its first --jobs rows
    /// (comma-separated names, as `-v` shows them; for measuring rows side by side).
    #[arg(long, value_name = "NAMES", value_delimiter = ',', hide = true, conflicts_with = "jobs",
          value_parser = clap::builder::PossibleValuesParser::new(pdrkit_engine::portfolio::row_names()))]
    pub portfolio_rows: Vec<String>,
    /// BMC and k-induction: stop with unknown after this depth; k-liveness: after this bound.
    #[arg(long, value_name = "K")]
    pub bound: Option<usize>,
    /// Answer unknown after this many seconds (wall clock).
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub timeout: Option<f64>,
    /// Answer unknown when the process's memory exceeds this many MiB.
    #[arg(long, value_name = "MB")]
    pub memory: Option<u64>,
    /// On `sat`, write the AIGER witness to FILE (`-`: standard output, after the answer).
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// On `unsat`, write a certificate (certifaiger witness circuit) to FILE: binary AIGER when
    /// FILE ends in `.aig`, ASCII otherwise.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// Write the certificate as binary AIGER whatever its file name (HWMCC'25's form does).
    #[arg(long, hide = true)]
    pub binary_certificate: bool,
    /// On `sat`, write the counterexample as a VCD waveform to FILE (`-`: standard output):
    /// inputs and latches under their names (symbols, yosys maps), properties, constraints;
    /// for a BTOR2 model, its inputs and states as words under their BTOR2 symbols.
    #[arg(long, value_name = "FILE")]
    pub vcd: Option<PathBuf>,
    /// Names for --vcd from a map yosys writes (`write_aiger -map X.aim` or `-ywmap X.ywa`);
    /// repeatable. The maps beside the model (`design.aim`, `design.ywa`) are read anyway.
    #[arg(long = "map", value_name = "FILE")]
    pub maps: Vec<PathBuf>,
    /// Check every property on its own, the safety properties and then the justice ones: the
    /// overall answer, then one line per property (`b0 unsat`, `b1 sat`, `j0 sat`, ...);
    /// --witness gets one AIGER 1.9 result per property (for BTOR2, one btorsim witness per
    /// violated property), --certificate FILE one certificate per proved property in
    /// FILE.b<N>.aag and FILE.j<N>.aag.
    #[arg(long, conflicts_with = "property")]
    pub each_property: bool,
    /// Print statistics to stderr at the end.
    #[arg(long)]
    pub stats: bool,
    /// Write statistics as one JSON object to FILE (`-`: stdout, after the verdict), whatever
    /// the outcome.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,
    /// The options in use, and progress once a second, on stderr.
    #[arg(short, long)]
    pub verbose: bool,
    /// Skip re-checking the answer with the independent checker before printing it (by default
    /// every `sat` is replayed and every `unsat` invariant is re-proved; a failure answers
    /// `unknown`).
    #[arg(long)]
    pub no_self_check: bool,
    /// Portfolio engines do not take in each other's proved lemmas (for measuring what
    /// sharing brings).
    #[arg(long, hide = true)]
    pub no_share: bool,
    /// The SAT solver of whichever engine runs (pdrkit or minisat; default: each engine's
    /// own, IC3 pdrkit, the others minisat). The independent checker always uses MiniSat.
    #[arg(long, value_name = "SOLVER")]
    pub sat: Option<pdrkit_engine::SatBackend>,
    /// No preprocessing beyond cone of influence, constant propagation and structural hashing.
    #[arg(long)]
    pub no_preprocess: bool,
    /// IC3: add a first-step latch (1 initially, 0 after), so that lemmas can hold "from step
    /// 1 on", e.g. over uninitialized latches alone.
    #[arg(long, hide = true)]
    pub first_latch: bool,
    /// Preprocessing options.
    #[command(flatten)]
    pub preprocess: PreprocessConfig,
    /// IC3 options.
    #[command(flatten)]
    pub ic3: Ic3Config,
    /// k-induction and KIPDR options.
    #[command(flatten)]
    pub kind: KindConfig,
    /// k-liveness options.
    #[command(flatten)]
    pub klive: KliveConfig,
}

/// The command line's grammar as clap builds it, with pdrkit's conventions applied: a switch
/// (an option whose value is `BOOL`) alone means `true` (`--push-memo`, `--push-memo false`);
/// with `help_all` the hidden tuning options are shown too.
pub fn command(help_all: bool) -> clap::Command {
    Cli::command().mut_subcommand("check", |c| {
        c.mut_args(|a| {
            let switch = a
                .get_value_names()
                .is_some_and(|v| v.len() == 1 && v[0] == "BOOL");
            let a = if switch {
                a.num_args(0..=1).default_missing_value("true")
            } else {
                a
            };
            if help_all {
                a.hide(false)
            } else {
                a
            }
        })
    })
}

impl CheckArgs {
    /// Preprocessing's configuration, under a time limit of `timeout` seconds: its budgets are
    /// also at most a tenth (latch correspondence) and a twentieth (sweeping) of it.
    pub fn preprocess_config(&self, timeout: Option<f64>) -> PreprocessConfig {
        if self.no_preprocess {
            return PreprocessConfig::off();
        }
        let share = |own: f64, part: f64| timeout.map_or(own, |t| own.min(t * part));
        PreprocessConfig {
            scorr_time: share(self.preprocess.scorr_time, 0.1),
            sweep_time: share(self.preprocess.sweep_time, 0.05),
            ..self.preprocess.clone()
        }
    }

    /// IC3's configuration: the options, with `--sat`, `--no-share` and `-v` applied.
    pub fn ic3_config(&self) -> Ic3Config {
        Ic3Config {
            sat: self.sat.unwrap_or(Ic3Config::DEFAULT.sat),
            import_lemmas: !self.no_share,
            verbose: self.verbose,
            ..self.ic3.clone()
        }
    }

    /// k-induction's configuration (KIPDR's with `property_direction`), with `--bound`,
    /// `--sat`, `--no-share` and `-v` applied.
    pub fn kind_config(&self, property_direction: bool) -> KindConfig {
        KindConfig {
            max_k: self.bound,
            property_direction,
            external_invariants: !self.no_share,
            sat: self.sat.unwrap_or(KindConfig::DEFAULT.sat),
            verbose: self.verbose,
            name: if property_direction { "kipdr" } else { "kind" },
            ..self.kind.clone()
        }
    }

    /// k-liveness's configuration: its options, IC3's (isolated from the other engines), and
    /// `--bound` as the largest bound.
    pub fn klive_config(&self) -> KliveConfig {
        KliveConfig {
            ic3: self.ic3_config(),
            max_k: self.bound.map_or(KliveConfig::DEFAULT.max_k, |b| {
                b.min(u32::MAX as usize) as u32
            }),
            ..self.klive.clone()
        }
        .isolated()
    }

    /// Rejects contradictory combinations before anything runs.
    pub fn validate(&self) -> anyhow::Result<()> {
        if self.first_latch && self.engine != Engine::Ic3 {
            // The other engines' certificates cannot speak of the added latch.
            anyhow::bail!("--first-latch is an IC3 option: use it with --engine ic3");
        }
        if self.first_latch && self.each_property {
            anyhow::bail!("--first-latch cannot be combined with --each-property");
        }
        self.ic3.validate()?;
        self.kind.validate()?;
        Ok(())
    }
}

/// A time limit: a finite, non-negative number of seconds.
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 0.0 => Ok(t),
        _ => Err(format!(
            "expected a non-negative number of seconds, got '{s}'"
        )),
    }
}

/// The options given on the command line (`check_matches`: the `check` subcommand's) that
/// the run does not use, each with why: IC3's with a k-induction or BMC engine, k-induction's
/// with IC3 or BMC, k-liveness's with an engine other than it or the default, `--jobs` and
/// `--no-share` and `--portfolio-rows` outside the portfolio, `--bound` with IC3 or the portfolio, `--map` without
/// `--vcd`.
pub fn unused_options(check_matches: &clap::ArgMatches, a: &CheckArgs) -> Vec<String> {
    use clap::parser::ValueSource;
    let engine = a.engine;
    let ids = |cmd: clap::Command| -> Vec<String> {
        cmd.get_arguments()
            .filter(|a| a.get_long().is_some())
            .map(|a| a.get_id().to_string())
            .collect()
    };
    let not_by_engine = format!("is not used by --engine {}", engine.name());
    let mut unused: Vec<(String, String)> = Vec::new();
    if matches!(engine, Engine::Bmc | Engine::Kind | Engine::Kipdr) {
        for id in ids(Ic3Config::augment_args(clap::Command::new("ic3"))) {
            unused.push((id, not_by_engine.clone()));
        }
    }
    if matches!(engine, Engine::Bmc | Engine::Ic3) {
        for id in ids(KindConfig::augment_args(clap::Command::new("kind"))) {
            unused.push((id, not_by_engine.clone()));
        }
    }
    if !matches!(engine, Engine::Portfolio | Engine::Klive) {
        for id in ids(KliveConfig::augment_args(clap::Command::new("klive"))) {
            unused.push((id, not_by_engine.clone()));
        }
    }
    if !matches!(engine, Engine::Portfolio | Engine::L2s) {
        unused.push(("jobs".into(), not_by_engine.clone()));
        unused.push(("portfolio_rows".into(), not_by_engine.clone()));
        unused.push(("no_share".into(), not_by_engine.clone()));
    }
    if matches!(engine, Engine::Ic3 | Engine::Portfolio | Engine::L2s) {
        unused.push(("bound".into(), not_by_engine.clone()));
    }
    if a.vcd.is_none() {
        unused.push(("maps".into(), "is used only with --vcd".into()));
    }
    let long = |id: &str| {
        CheckArgs::augment_args(clap::Command::new("check"))
            .get_arguments()
            .find(|a| a.get_id() == id)
            .and_then(|a| a.get_long().map(|l| format!("--{l}")))
            .unwrap_or_else(|| format!("--{id}"))
    };
    unused
        .into_iter()
        .filter(|(id, _)| check_matches.value_source(id) == Some(ValueSource::CommandLine))
        .map(|(id, why)| format!("{} {why}", long(&id)))
        .collect()
}

/// The options of `pdrkit check` and their values in this run, one `--name value` line each
/// (what `-v` prints).
pub fn options_in_use(check_matches: &clap::ArgMatches) -> Vec<String> {
    let cmd = CheckArgs::augment_args(clap::Command::new("check"));
    cmd.get_arguments()
        .filter_map(|arg| {
            let long = arg.get_long()?;
            let values: Vec<String> = check_matches
                .get_raw(arg.get_id().as_str())
                .map(|v| v.map(|s| s.to_string_lossy().into_owned()).collect())
                .unwrap_or_default();
            let shown = match values.as_slice() {
                [] if arg.get_action().takes_values() => "(not given)".into(),
                [] => "false".into(),
                v => v.join(" "),
            };
            Some(format!("--{long} {shown}"))
        })
        .collect()
}
