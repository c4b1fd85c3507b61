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
    /// Replay an AIGER witness on a model by simulation; exit 0 when it reaches a bad state, 2 when
    /// it does not, 1 when a file cannot be read.
    ///
    /// A witness file of several results (AIGER 1.9, as `check --each-property` writes) has
    /// each counterexample in it replayed; its `0` and `2` results are listed.
    Replay {
        /// The model (.aag, .aig, optionally gzipped).
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
    /// Check a certificate (a certifaiger witness circuit) for a model with fresh SAT queries;
    /// exit 0 when valid, 2 when not, 1 when a file cannot be read.
    Certify {
        /// The model.
        model: PathBuf,
        /// The certificate circuit (AIGER).
        certificate: PathBuf,
        /// The certificate proves this property only (0-based, as `check --property`).
        #[arg(long, value_name = "N")]
        property: Option<usize>,
    },
}

/// Which algorithm answers.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// IC3 and k-induction (and more with --jobs > 2: IC3 with CTG, KIPDR, BMC, IC3 with
    /// ternary lifting) in parallel; the first checked answer wins.
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
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
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
    /// On `unsat`, write a certificate (certifaiger witness circuit) to FILE: binary AIGER when
    /// FILE ends in `.aig`, ASCII otherwise.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// Write the certificate as binary AIGER whatever its file name (HWMCC'25's form does).
    #[arg(long)]
    pub binary_certificate: bool,
    /// On `sat`, write the counterexample as a VCD waveform to FILE (`-`: standard output):
    /// every input and latch under its name (from the symbol table and the yosys maps, see
    /// --map; `sig[3]` bits grouped into a vector `sig`; unnamed ones `i<N>`, `l<N>`), every
    /// property's bad signal and every constraint; one step is 10 time units.
    #[arg(long, value_name = "FILE")]
    pub vcd: Option<PathBuf>,
    /// Names for --vcd from a map yosys writes (`write_aiger -map X.aim` or `-ywmap X.ywa`);
    /// repeatable. The maps beside the model (`design.aim`, `design.ywa` next to
    /// `design.aig`) are read without asking.
    #[arg(long = "map", value_name = "FILE")]
    pub maps: Vec<PathBuf>,
    /// Check every property on its own. Prints the overall answer (`sat` when some property
    /// fails, `unsat` when all hold, else `unknown`), then one line per property (`b0 unsat`,
    /// `b1 sat`, ...). --witness gets one AIGER 1.9 result per property (`1` with its trace,
    /// `0` holds, `2` unknown); --certificate FILE one certificate per safe property, in
    /// FILE.b<N>.aag (for `certify --property N`); --vcd the first failing property's trace.
    /// The time limit is shared among the properties still open; the invariant of a property
    /// proved safe is given to the next ones as proved lemmas.
    #[arg(long, conflicts_with = "property")]
    pub each_property: bool,
    /// Print statistics to stderr at the end.
    #[arg(long)]
    pub stats: bool,
    /// Write statistics as one JSON object to FILE (`-`: stdout, after the verdict), whatever
    /// the outcome.
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
    /// (from --jobs 3 on, KIPDR's lemmas go to the k-induction rows and to the infinity level
    /// of the IC3 rows after the first; with 2 threads nothing is shared). For measuring what
    /// sharing brings.
    #[arg(long)]
    pub no_share: bool,
    /// The SAT solver of whichever engine runs, and of every portfolio worker.
    #[arg(long, value_name = "SOLVER", help = sat_help())]
    pub sat: Option<pdrkit_engine::SatBackend>,
    /// Preprocessing options.
    #[command(flatten)]
    pub preprocess: PreprocessArgs,
    /// IC3 options.
    #[command(flatten)]
    pub ic3: Ic3Args,
    /// k-induction and KIPDR options.
    #[command(flatten)]
    pub kind: KindArgs,
}

/// Options of preprocessing (what happens to the model before any engine starts). Proofs
/// and counterexamples stay about the model given: a certificate adds the proved latch
/// equalities to the invariant, a witness gives the model's reset values.
#[derive(Args, Debug)]
#[command(next_help_heading = "Preprocessing options")]
pub struct PreprocessArgs {
    /// No preprocessing beyond cone of influence, constant propagation and structural hashing.
    #[arg(long)]
    pub no_preprocess: bool,
    /// Latch correspondence: latches proved (by simulation and induction) constant, or equal
    /// or opposite to another, in every reachable state are merged.
    #[arg(long, value_name = "BOOL", default_value_t = pre_default().scorr,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub scorr: bool,
    /// Latch correspondence's time budget (seconds; also at most a tenth of --timeout); past
    /// it nothing is merged.
    #[arg(long, value_name = "SECS", value_parser = seconds,
          default_value_t = pre_default().scorr_time.as_secs_f64())]
    pub scorr_time: f64,
    /// Conflict budget of each of latch correspondence's induction queries.
    #[arg(long, value_name = "N", default_value_t = pre_default().scorr_conflicts)]
    pub scorr_conflicts: u64,
    /// SAT sweeping: AND gates proved (by simulation and SAT) equal or opposite to an earlier
    /// signal or a constant, in every state, are merged.
    #[arg(long, value_name = "BOOL", default_value_t = pre_default().sweep,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub sweep: bool,
    /// SAT sweeping's time budget (seconds; also at most a twentieth of --timeout); past it
    /// the gates proved so far are merged.
    #[arg(long, value_name = "SECS", value_parser = seconds,
          default_value_t = pre_default().sweep_time.as_secs_f64())]
    pub sweep_time: f64,
    /// Conflict budget of each SAT sweeping query.
    #[arg(long, value_name = "N", default_value_t = pre_default().sweep_conflicts)]
    pub sweep_conflicts: u64,
}

/// Preprocessing's defaults, written once in
/// [`PreprocessConfig`](pdrkit_preprocess::PreprocessConfig).
fn pre_default() -> pdrkit_preprocess::PreprocessConfig {
    pdrkit_preprocess::PreprocessConfig::default()
}

impl PreprocessArgs {
    /// The configuration these options describe, under a time limit of `timeout` seconds.
    pub fn config(&self, timeout: Option<f64>) -> pdrkit_preprocess::PreprocessConfig {
        if self.no_preprocess {
            return pdrkit_preprocess::PreprocessConfig::off();
        }
        let share = |own: f64, part: f64| {
            std::time::Duration::from_secs_f64(timeout.map_or(own, |t| own.min(t * part)))
        };
        pdrkit_preprocess::PreprocessConfig {
            scorr: self.scorr,
            scorr_time: share(self.scorr_time, 0.1),
            scorr_conflicts: self.scorr_conflicts,
            sweep: self.sweep,
            sweep_time: share(self.sweep_time, 0.05),
            sweep_conflicts: self.sweep_conflicts,
            ..pre_default()
        }
    }
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
    /// KIPDR: step queries of proof obligations per k (blocking, generalizing, re-proving)
    /// before k grows.
    #[arg(long, value_name = "N", default_value_t = kind_default().pd_budget)]
    pub pd_budget: u64,
    /// KIPDR: conflicts one step query of an obligation may take before it counts as
    /// undecided (the obligation stays open, or the literal stays in).
    #[arg(long, value_name = "N", default_value_t = kind_default().pd_conflicts)]
    pub pd_conflicts: u64,
    /// KIPDR: property direction's time (its obligations' step and base cases, the open
    /// obligations' checks at each new depth included) may be at most this multiple of the
    /// time of the rest (the property's base and step cases), so that proofs k-induction finds
    /// alone come at most this much later (plus a second). The share halves after each
    /// round of k in which property direction learned nothing, and is whole again after one
    /// that learned a lemma.
    #[arg(long, value_name = "X", default_value_t = kind_default().pd_share)]
    pub pd_share: f64,
}

fn kind_default() -> pdrkit_engine::kind::KindConfig {
    pdrkit_engine::kind::KindConfig::default()
}

impl KindArgs {
    /// The engine configuration these options describe, with property direction on or off, on
    /// `sat` (`None`: the engine's default backend).
    pub fn config(
        &self,
        property_direction: bool,
        bound: Option<usize>,
        sat: Option<pdrkit_engine::SatBackend>,
        share: bool,
        verbose: bool,
    ) -> pdrkit_engine::kind::KindConfig {
        let default = kind_default();
        pdrkit_engine::kind::KindConfig {
            simple_path: self.simple_path,
            max_k: bound,
            property_direction,
            external_invariants: share,
            pd_budget: self.pd_budget,
            pd_conflicts: self.pd_conflicts,
            pd_share: self.pd_share,
            sat: sat.unwrap_or(default.sat),
            verbose,
            name: if property_direction { "kipdr" } else { "kind" },
            ..default
        }
    }
}

/// `--sat`'s help, with each engine's default taken from its configuration.
fn sat_help() -> String {
    format!(
        "The SAT solver of whichever engine runs (IC3's frames, BMC, k-induction, KIPDR), and of \
         every portfolio worker: pdrkit (pdrkit's own; IC3 uses its per-query domains) or \
         minisat (the reference). Default: each engine's own: IC3 {}, BMC {}, k-induction and \
         KIPDR {}. The independent checker always uses MiniSat",
        ic3_default().sat,
        pdrkit_engine::bmc::BmcConfig::default().sat,
        pdrkit_engine::kind::KindConfig::default().sat,
    )
}

/// The IC3 engine's defaults, written once in [`Ic3Config`](pdrkit_engine::ic3::Ic3Config).
fn ic3_default() -> pdrkit_engine::ic3::Ic3Config {
    pdrkit_engine::ic3::Ic3Config::default()
}

/// Options of the IC3 engine. Switches take `true` or `false` (alone, `true`); every default
/// comes from the engine's own configuration.
#[derive(Args, Debug)]
#[command(next_help_heading = "IC3 options")]
pub struct Ic3Args {
    /// Counterexamples to generalization tried per dropped literal, for every obligation (0: no
    /// CTG; IC3ref and rIC3 use 3); with dynamic generalization, the least every obligation
    /// gets (0: only the dynamic budget).
    #[arg(long, value_name = "N", default_value_t = ic3_default().ctg_max)]
    pub ctg_max: usize,
    /// Recursion depth of CTG blocking.
    #[arg(long, value_name = "N", default_value_t = ic3_default().ctg_depth)]
    pub ctg_depth: usize,
    /// Blocking queries per counterexample to generalization, those of its predecessors
    /// (blocked a level lower, recursively) included (rIC3's CTG limit).
    #[arg(long, value_name = "N", default_value_t = ic3_default().ctg_limit)]
    pub ctg_limit: usize,
    /// The lowest level, as a fraction of the frontier k, where a counterexample to
    /// generalization's own predecessors are blocked (0: down to level 1).
    #[arg(long, value_name = "F", value_parser = fraction,
          default_value_t = ic3_default().ctg_recursion_floor)]
    pub ctg_recursion_floor: f64,
    /// Dynamic generalization (DynAMic): CTG for the obligations whose successors keep coming
    /// back, with a budget that grows with how often they did (`--ctg-max` and `--ctg-limit`
    /// then give the least every obligation gets; `--ctg-dynamic false` turns it off, and CTG
    /// with it unless `--ctg-max` is set).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().ctg_dynamic,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub ctg_dynamic: bool,
    /// Lift a counterexample to generalization before blocking it (without: the whole state,
    /// shrunk by the blocking query's core, as rIC3 does).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().ctg_lift,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub ctg_lift: bool,
    /// CTG's queries require their predecessors outside the cube being generalized (rIC3).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().ctg_outside,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub ctg_outside: bool,
    /// With CTG, join a failed candidate with its lifted predecessor (rIC3) instead of the
    /// whole predecessor state.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().ctg_join_lifted,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub ctg_join_lifted: bool,
    /// Stop dropping literals from a lemma after this many failures in a row (0: try them all).
    #[arg(long, value_name = "N", default_value_t = ic3_default().mic_attempts)]
    pub mic_attempts: usize,
    /// Queries one literal drop may ask without CTG, its joins with predecessors included
    /// (0: no limit).
    #[arg(long, value_name = "N", default_value_t = ic3_default().down_queries)]
    pub down_queries: usize,
    /// Probability of trying a lemma's literals in a random order instead of by activity.
    #[arg(long, value_name = "P", value_parser = fraction,
          default_value_t = ic3_default().mic_shuffle)]
    pub mic_shuffle: f64,
    /// Try the literals of the parent lemma (one level below) last when generalizing.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().parent_lemma,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub parent_lemma: bool,
    /// Assume relative-induction queries' literals in decreasing activity.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().order_assumptions,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub order_assumptions: bool,
    /// With --order-assumptions, order also blocking queries (an obligation's first query).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().order_block,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub order_block: bool,
    /// Ask a blocking query again, its core's literals last, when the core has at least N
    /// literals, and keep the second core unless the first is shorter (0: never).
    #[arg(long, value_name = "N", default_value_t = ic3_default().block_core_retry)]
    pub block_core_retry: usize,
    /// What a literal's activity keeps per new lemma (recency of the literal order).
    #[arg(long, value_name = "F", value_parser = fraction,
          default_value_t = ic3_default().activity_decay)]
    pub activity_decay: f64,
    /// Both literals of a latch share one activity.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().activity_by_var,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub activity_by_var: bool,
    /// When a literal drop fails, drop also the literals its predecessor does not need
    /// (pdrkit's solver only).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().join_flip,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub join_flip: bool,
    /// Decide the latches in their reset values in each blocking query, so that predecessors
    /// look like initial states (pdrkit's solver only).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().init_phase,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub init_phase: bool,
    /// Block a proof obligation c at level i with the relative-induction query F_{i-1} ∧ ¬c ∧
    /// T ∧ c' (false: with the one-step query F_{i-1} ∧ T ∧ c', as rIC3 does).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().block_negation,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub block_negation: bool,
    /// Keep proof obligations across frames (one blocked at level i waits at level i+1).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().keep_obligations,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub keep_obligations: bool,
    /// Among proof obligations of one level and depth, take the smallest cube first (instead
    /// of the oldest).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().po_smallest_first,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub po_smallest_first: bool,
    /// Drop a proof obligation handled more than this many times (decayed by 0.6 per level it
    /// moves up; 0: never).
    #[arg(long, value_name = "N", default_value_t = ic3_default().drop_po)]
    pub drop_po: f64,
    /// MiniSat backend: rebuild a frame's solver after this many temporary clauses.
    #[arg(long, value_name = "N", default_value_t = ic3_default().rebuild_after)]
    pub rebuild_after: usize,
    /// How predecessor states are shrunk: core (unsat core of a lifting query), ternary
    /// (ternary simulation), ternary-core (simulation, then a core query on what it kept),
    /// none.
    #[arg(long, value_name = "MODE", default_value_t = ic3_default().lift)]
    pub lift: pdrkit_engine::ic3::LiftMode,
    /// Core lifting: queries per predecessor at most, each shrinking the last one's result in
    /// another order.
    #[arg(long, value_name = "N", default_value_t = ic3_default().lift_rounds)]
    pub lift_rounds: usize,
    /// Before lifting, drop the latches no clause of the frame solver's model needs.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().lift_flip,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub lift_flip: bool,
    /// Re-prove every generalized lemma with one more query before learning it.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().verify_lemmas,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub verify_lemmas: bool,
    /// Shrink lemmas by the cores of the queries that push them.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().push_shrink,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub push_shrink: bool,
    /// Do not ask a failed push again while the state that refuted it is still in its frame.
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().push_memo,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub push_memo: bool,
    /// Eliminate internal nodes of the mapped CNF where that adds no clause (bounded variable
    /// elimination, as rIC3's dagcnf).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().cnf_eliminate,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub cnf_eliminate: bool,
    /// Move lemmas that are inductive on their own to the infinity level (Houdini over the top
    /// frame after each level).
    #[arg(long, value_name = "BOOL", default_value_t = ic3_default().promote,
          num_args = 0..=1, default_missing_value = "true", action = clap::ArgAction::Set)]
    pub promote: bool,
    /// Add a first-step latch (1 initially, 0 after) so that IC3 can learn lemmas "from step 1
    /// on", e.g. over uninitialized latches alone. Off by default: it helped some files and
    /// lost others on the shared suite.
    #[arg(long)]
    pub first_latch: bool,
    /// Seed for tie-breaking among literals of equal activity, and for shuffles.
    #[arg(long, value_name = "N", default_value_t = ic3_default().seed)]
    pub seed: u64,
    /// Answer unknown after this many frames.
    #[arg(long, value_name = "N")]
    pub max_frames: Option<usize>,
    /// Record the calls of IC3's SAT solvers in DIR, one text file per solver, to replay them
    /// in benchmarks (`benches/ic3_queries.rs`). A developer's aid: the files grow fast.
    #[arg(long, value_name = "DIR")]
    pub record_sat: Option<std::path::PathBuf>,
}

impl Ic3Args {
    /// The engine configuration these options describe, on `sat` (`None`: IC3's default
    /// backend).
    pub fn config(
        &self,
        sat: Option<pdrkit_engine::SatBackend>,
        share: bool,
        verbose: bool,
    ) -> pdrkit_engine::ic3::Ic3Config {
        pdrkit_engine::ic3::Ic3Config {
            ctg_max: self.ctg_max,
            ctg_depth: self.ctg_depth,
            ctg_limit: self.ctg_limit,
            ctg_recursion_floor: self.ctg_recursion_floor,
            ctg_dynamic: self.ctg_dynamic,
            ctg_lift: self.ctg_lift,
            ctg_outside: self.ctg_outside,
            ctg_join_lifted: self.ctg_join_lifted,
            mic_attempts: self.mic_attempts,
            down_queries: self.down_queries,
            mic_shuffle: self.mic_shuffle,
            parent_lemma: self.parent_lemma,
            order_assumptions: self.order_assumptions,
            order_block: self.order_block,
            block_core_retry: self.block_core_retry,
            activity_decay: self.activity_decay,
            activity_by_var: self.activity_by_var,
            join_flip: self.join_flip,
            init_phase: self.init_phase,
            block_negation: self.block_negation,
            keep_obligations: self.keep_obligations,
            po_smallest_first: self.po_smallest_first,
            drop_po: self.drop_po,
            sat: sat.unwrap_or(ic3_default().sat),
            rebuild_after: self.rebuild_after,
            lift: self.lift,
            lift_rounds: self.lift_rounds,
            lift_flip: self.lift_flip,
            verify_lemmas: self.verify_lemmas,
            push_shrink: self.push_shrink,
            push_memo: self.push_memo,
            cnf_eliminate: self.cnf_eliminate,
            promote: self.promote,
            import_lemmas: share,
            seed: self.seed,
            max_frames: self.max_frames,
            check_frames: false,
            record_sat: self.record_sat.clone(),
            verbose,
            name: ic3_default().name,
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

/// A probability or a share of something: a number from 0 to 1.
fn fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("expected a number from 0 to 1, got '{s}'")),
    }
}

/// The options given on the command line (`check_matches`: the `check` subcommand's) that
/// `engine` does not use, as `--name`: IC3's with a k-induction or BMC engine, k-induction's
/// with IC3 or BMC, `--jobs` and `--no-share` outside the portfolio.
pub fn unused_options(check_matches: &clap::ArgMatches, engine: Engine) -> Vec<String> {
    use clap::parser::ValueSource;
    let ids = |cmd: clap::Command| -> Vec<(String, String)> {
        cmd.get_arguments()
            .filter_map(|a| {
                let long = a.get_long()?;
                Some((a.get_id().to_string(), format!("--{long}")))
            })
            .collect()
    };
    let mut unused = Vec::new();
    if matches!(engine, Engine::Bmc | Engine::Kind | Engine::Kipdr) {
        unused.extend(ids(Ic3Args::augment_args(clap::Command::new("ic3"))));
    }
    if matches!(engine, Engine::Bmc | Engine::Ic3) {
        unused.extend(ids(KindArgs::augment_args(clap::Command::new("kind"))));
    }
    if engine != Engine::Portfolio {
        unused.push(("jobs".into(), "--jobs".into()));
        unused.push(("no_share".into(), "--no-share".into()));
    }
    unused
        .into_iter()
        // `--first-latch` elsewhere is an error of its own (its certificate needs IC3).
        .filter(|(id, _)| id != "first_latch")
        .filter(|(id, _)| check_matches.value_source(id) == Some(ValueSource::CommandLine))
        .map(|(_, long)| long)
        .collect()
}
