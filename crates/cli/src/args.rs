//! The command-line grammar.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// pdrkit: a hardware model checker for AIGER safety properties (IC3/PDR, BMC, k-induction).
///
/// Exit codes: 10 unsafe (`sat`), 20 safe (`unsat`), 30 unknown, 1 error; 0 for `replay` and
/// `certify` when the witness or certificate is accepted.
#[derive(Parser, Debug)]
#[command(name = "pdrkit", version, about, long_about)]
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
    /// Replay an AIGER witness on a model by simulation; exit 0 when it reaches a bad state.
    Replay {
        /// The model (.aag, .aig, optionally gzipped).
        model: PathBuf,
        /// The witness file (`1`, `b<N>`, initial latches, one input line per step, `.`).
        witness: PathBuf,
    },
    /// Check a certificate (a certifaiger witness circuit) for a model with fresh SAT queries;
    /// exit 0 when valid.
    Certify {
        /// The model.
        model: PathBuf,
        /// The certificate circuit (AIGER).
        certificate: PathBuf,
    },
}

/// Which algorithm answers.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// IC3 and KIPDR (and more with --jobs > 2) in parallel, sharing proved lemmas; the first
    /// answer wins.
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
}

/// Options of `pdrkit check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The model (.aag, .aig, optionally gzipped).
    pub model: PathBuf,
    /// The engine.
    #[arg(long, value_enum, default_value_t = Engine::Portfolio)]
    pub engine: Engine,
    /// Check only property N (0-based, in the B section, or the outputs when B is empty).
    /// Default: all at once (any failing one is a counterexample).
    #[arg(long, value_name = "N")]
    pub property: Option<usize>,
    /// Portfolio: number of engines run in parallel (default: the cores available; `-v` shows
    /// the worker table).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// BMC and k-induction: stop with unknown after this depth.
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
    /// On `unsat`, write a certificate (certifaiger witness circuit, ASCII AIGER) to FILE.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// Print statistics to stderr at the end.
    #[arg(long)]
    pub stats: bool,
    /// Write statistics as one JSON object to FILE.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,
    /// Progress and the options in use on stderr.
    #[arg(short, long)]
    pub verbose: bool,
    /// Skip re-checking the answer with the independent checker before printing it (by default
    /// every `sat` is replayed and every `unsat` invariant is re-proved; a failure answers
    /// `unknown`).
    #[arg(long)]
    pub no_self_check: bool,
    /// Engines do not take in the lemmas other engines of the portfolio proved inductive
    /// (KIPDR's external invariant source; with --jobs 3 or more, the infinity level of IC3 with
    /// CTG). For measuring what sharing brings.
    #[arg(long)]
    pub no_share: bool,
    /// IC3 options.
    #[command(flatten)]
    pub ic3: Ic3Args,
    /// k-induction and KIPDR options.
    #[command(flatten)]
    pub kind: KindArgs,
}

/// Options of k-induction and KIPDR.
#[derive(Args, Debug)]
#[command(next_help_heading = "k-induction and KIPDR options")]
pub struct KindArgs {
    /// Simple-path constraints in the step case: off, lazy (only for states a step
    /// counterexample repeats) or eager. Proofs that needed them cannot be certified and answer
    /// unknown; off lets the engine go on looking for a counterexample or a certifiable proof.
    #[arg(long, value_name = "MODE", default_value = "off")]
    pub simple_path: pdrkit_engine::kind::SimplePath,
    /// KIPDR: proof obligations tried per k (one blocking query each, plus the queries that
    /// generalize a blocked one) before k grows.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub pd_budget: u64,
}

impl KindArgs {
    /// The engine configuration these options describe, with property direction on or off.
    pub fn config(
        &self,
        property_direction: bool,
        bound: Option<usize>,
        share: bool,
        verbose: bool,
    ) -> pdrkit_engine::kind::KindConfig {
        pdrkit_engine::kind::KindConfig {
            simple_path: self.simple_path,
            max_k: bound,
            property_direction,
            external_invariants: share,
            pd_budget: self.pd_budget,
            verbose,
            ..Default::default()
        }
    }
}

/// Options of the IC3 engine (defaults in parentheses are IC3ref's or ABC's choices).
#[derive(Args, Debug)]
#[command(next_help_heading = "IC3 options")]
pub struct Ic3Args {
    /// Counterexamples to generalization tried per dropped literal (0: no CTG; IC3ref uses 3).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ctg_max: usize,
    /// Recursion depth of CTG blocking.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub ctg_depth: usize,
    /// Stop dropping literals from a lemma after this many failures in a row.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub mic_attempts: usize,
    /// Rebuild a frame's solver after this many temporary clauses.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub rebuild_after: usize,
    /// How predecessor states are shrunk: core (unsat core of a lifting query), ternary
    /// (ternary simulation), none.
    #[arg(long, value_name = "MODE", default_value = "core")]
    pub lift: pdrkit_engine::ic3::LiftMode,
    /// Do not re-prove generalized lemmas before learning them.
    #[arg(long)]
    pub no_verify_lemmas: bool,
    /// Do not shrink lemmas by the cores of the queries that push them.
    #[arg(long)]
    pub no_push_shrink: bool,
    /// Move lemmas that are inductive on their own to the infinity level (Houdini over the top
    /// frame after each level). Always on for the portfolio's IC3, which shares them with
    /// k-induction.
    #[arg(long)]
    pub promote: bool,
    /// Add a first-step latch (1 initially, 0 after) so that IC3 can learn lemmas "from step 1
    /// on", e.g. over uninitialized latches alone. Off by default: it helped some files and
    /// lost others on the shared suite.
    #[arg(long)]
    pub first_latch: bool,
    /// Seed for tie-breaking among literals of equal activity.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Answer unknown after this many frames.
    #[arg(long, value_name = "N")]
    pub max_frames: Option<usize>,
}

impl Ic3Args {
    /// The engine configuration these options describe.
    pub fn config(&self, share: bool, verbose: bool) -> pdrkit_engine::ic3::Ic3Config {
        pdrkit_engine::ic3::Ic3Config {
            ctg_max: self.ctg_max,
            ctg_depth: self.ctg_depth,
            mic_attempts: self.mic_attempts,
            rebuild_after: self.rebuild_after,
            lift: self.lift,
            verify_lemmas: !self.no_verify_lemmas,
            push_shrink: !self.no_push_shrink,
            promote: self.promote,
            import_lemmas: share,
            seed: self.seed,
            max_frames: self.max_frames,
            check_frames: false,
            verbose,
        }
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
