//! Every option of the IC3 engine, declared once: the field, its one-line meaning and its
//! default ([`Ic3Config::DEFAULT`]). With the `cli` feature the struct is also the command
//! line (`clap::Args`), so `pdrkit check --help-all` shows exactly these fields and defaults.
//! Why each default is what it is, with the measurements, is in `docs/decisions.md`.

use super::lift::LiftMode;
use super::solver::SatBackend;

/// Options of the IC3 engine. Options a user would choose are shown by `--help`; the tuning
/// options (each a measured default, kept for the families where the other value wins) are
/// hidden there and shown by `--help-all`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(next_help_heading = "IC3 options"))]
pub struct Ic3Config {
    /// CTG: counterexamples to generalization tried per dropped literal for every obligation
    /// (IC3ref and rIC3: 3; 0: only the dynamic budget, or no CTG without it).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N",
        default_value_t = Self::DEFAULT.ctg_max))]
    pub ctg_max: usize,
    /// CTG: recursion depth of blocking a counterexample to generalization (IC3ref: 1).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.ctg_depth))]
    pub ctg_depth: usize,
    /// CTG: blocking queries per counterexample to generalization, its predecessors' included
    /// (rIC3: 1).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.ctg_limit))]
    pub ctg_limit: usize,
    /// CTG: the lowest level, as a share of the frontier k, where a counterexample's own
    /// predecessors are blocked (0: down to level 1).
    #[cfg_attr(feature = "cli", arg(long, value_name = "F", hide = true,
        value_parser = crate::config::fraction,
        default_value_t = Self::DEFAULT.ctg_recursion_floor))]
    pub ctg_recursion_floor: f64,
    /// Dynamic generalization (DynAMic): a CTG budget per obligation that grows with how often
    /// its successors came back (`--ctg-max`, `--ctg-limit`: the least every one gets).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        default_value_t = Self::DEFAULT.ctg_dynamic))]
    pub ctg_dynamic: bool,
    /// CTG: lift a counterexample to generalization before blocking it (off: the whole state,
    /// shrunk by the blocking query's core, as rIC3).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.ctg_lift))]
    pub ctg_lift: bool,
    /// CTG: its queries require predecessors outside the cube being generalized (rIC3).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.ctg_outside))]
    pub ctg_outside: bool,
    /// Stop dropping literals from a lemma after this many failures in a row (IC3ref's
    /// `micAttempts`: 3; 0: try every literal).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.mic_attempts))]
    pub mic_attempts: usize,
    /// Probability of trying a lemma's literals in a random order instead of by activity.
    #[cfg_attr(feature = "cli", arg(long, value_name = "P", hide = true,
        value_parser = crate::config::fraction, default_value_t = Self::DEFAULT.mic_shuffle))]
    pub mic_shuffle: f64,
    /// Try the literals of the parent lemma (one level below) last (Xia et al., CAV'23).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.parent_lemma))]
    pub parent_lemma: bool,
    /// Assume a relative-induction query's literals in decreasing activity.
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.order_assumptions))]
    pub order_assumptions: bool,
    /// With `order_assumptions`, order also the blocking query (an obligation's first).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.order_block))]
    pub order_block: bool,
    /// Ask a blocking query again, its core's literals last, when the core has at least N
    /// literals, and keep the second core unless the first is shorter (0: never).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.block_core_retry))]
    pub block_core_retry: usize,
    /// What a literal's activity keeps per new lemma (IC3ref: 0.99; rIC3: 0.9).
    #[cfg_attr(feature = "cli", arg(long, value_name = "F", hide = true,
        value_parser = crate::config::fraction, default_value_t = Self::DEFAULT.activity_decay))]
    pub activity_decay: f64,
    /// Both literals of a latch share one activity (rIC3).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.activity_by_var))]
    pub activity_by_var: bool,
    /// When a literal drop fails, drop also the literals its predecessor does not need
    /// (pdrkit's solver only).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.join_flip))]
    pub join_flip: bool,
    /// Block an obligation `c` with `F ∧ ¬c ∧ T ∧ c'` (IC3ref, ABC; off: `F ∧ T ∧ c'`, rIC3).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.block_negation))]
    pub block_negation: bool,
    /// Keep obligations across frames: one blocked at level i waits at level i+1.
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.keep_obligations))]
    pub keep_obligations: bool,
    /// Among obligations of one level and depth, the smallest cube first (rIC3; off: oldest).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.po_smallest_first))]
    pub po_smallest_first: bool,
    /// Drop an obligation handled more than this many times (decayed by 0.6 per level it
    /// moves up; rIC3: 20; 0: never).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.drop_po))]
    pub drop_po: f64,
    /// The SAT solver of the frame and lifting solvers (the CLI's `--sat`).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.sat))]
    pub sat: SatBackend,
    /// How predecessors are shrunk: core (unsat core of a lifting query), ternary (ternary
    /// simulation, as ABC), ternary-core (simulation, then a core query), none.
    #[cfg_attr(feature = "cli", arg(long, value_name = "MODE",
        default_value_t = Self::DEFAULT.lift))]
    pub lift: LiftMode,
    /// Core lifting: queries per predecessor at most, each on the last result in another order.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.lift_rounds))]
    pub lift_rounds: usize,
    /// Shrink each lemma by the core of the query that pushes it further.
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.push_shrink))]
    pub push_shrink: bool,
    /// Do not ask a push again while the state that refuted it is still in its frame.
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.push_memo))]
    pub push_memo: bool,
    /// Eliminate the CNF's internal nodes where resolving them adds no clause (rIC3's dagcnf).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.cnf_eliminate))]
    pub cnf_eliminate: bool,
    /// After each level, move the top level's lemmas that are inductive on their own to the
    /// infinity level (and share them with a portfolio's other engines).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        hide = true, default_value_t = Self::DEFAULT.promote))]
    pub promote: bool,
    /// Take in the lemmas a portfolio's other engines proved inductive (the CLI's
    /// `--no-share` turns it off).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.import_lemmas))]
    pub import_lemmas: bool,
    /// Seed for tie-breaking among literals of equal activity, and for shuffles.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N",
        default_value_t = Self::DEFAULT.seed))]
    pub seed: u64,
    /// Give up (unknown) after this many frames.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true))]
    pub max_frames: Option<usize>,
    /// Check the frame invariants with a fresh solver after every level (slow; for tests;
    /// debug builds do it anyway on systems of up to 32 latches).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.check_frames))]
    pub check_frames: bool,
    /// Record the calls of IC3's SAT solvers in DIR, one file per solver, to replay them in
    /// benchmarks (`benches/ic3_queries.rs`; a developer's aid: the files grow fast).
    #[cfg_attr(feature = "cli", arg(long, value_name = "DIR", hide = true))]
    pub record_sat: Option<std::path::PathBuf>,
    /// Progress to stderr (the CLI's `-v`).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.verbose))]
    pub verbose: bool,
    /// What progress lines start with (a portfolio names its worker).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.name))]
    pub name: &'static str,
}

impl Ic3Config {
    /// The defaults, written once.
    pub const DEFAULT: Ic3Config = Ic3Config {
        ctg_max: 0,
        ctg_depth: 1,
        ctg_limit: 1,
        ctg_recursion_floor: 0.25,
        ctg_dynamic: true,
        ctg_lift: true,
        ctg_outside: true,
        mic_attempts: 0,
        mic_shuffle: 0.2,
        parent_lemma: true,
        order_assumptions: true,
        order_block: true,
        block_core_retry: 2,
        activity_decay: 0.99,
        activity_by_var: true,
        join_flip: true,
        block_negation: true,
        keep_obligations: true,
        po_smallest_first: true,
        drop_po: 20.0,
        sat: SatBackend::Pdrkit,
        lift: LiftMode::Core,
        lift_rounds: 2,
        push_shrink: true,
        push_memo: true,
        cnf_eliminate: true,
        promote: false,
        import_lemmas: true,
        seed: 0,
        max_frames: None,
        check_frames: false,
        record_sat: None,
        verbose: false,
        name: "ic3",
    };

    /// Rejects combinations that contradict each other or values outside their range.
    pub fn validate(&self) -> Result<(), crate::config::ConfigError> {
        use crate::config::ConfigError;
        if !(0.0..=1.0).contains(&self.ctg_recursion_floor) {
            return Err(ConfigError::Range("ctg-recursion-floor", "0 to 1"));
        }
        if !(0.0..=1.0).contains(&self.mic_shuffle) {
            return Err(ConfigError::Range("mic-shuffle", "0 to 1"));
        }
        if !(0.0..=1.0).contains(&self.activity_decay) {
            return Err(ConfigError::Range("activity-decay", "0 to 1"));
        }
        if !(self.drop_po >= 0.0 && self.drop_po.is_finite()) {
            return Err(ConfigError::Range("drop-po", "a non-negative number"));
        }
        if self.lift_rounds == 0 {
            return Err(ConfigError::Range("lift-rounds", "at least 1"));
        }
        Ok(())
    }
}

impl Default for Ic3Config {
    fn default() -> Self {
        Self::DEFAULT
    }
}
