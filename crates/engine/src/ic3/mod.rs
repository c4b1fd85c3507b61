//! IC3/PDR (Bradley, VMCAI'11) as engineered by Eén, Mishchenko and Brayton (FMCAD'11), with
//! the CTG generalization of Hassan, Bradley and Somenzi (FMCAD'13), spent where obligations
//! keep coming back (dynamic generalization, after Su et al.'s DynAMic, 2025).
//!
//! Frames `F_0 = I, F_1, …, F_k` are kept delta-encoded in [`Frames`]; `F_i` has a solver
//! holding `F_i ∧ C ∧ T`. The frontier `F_k` is strengthened until `F_k ∧ C ∧ bad` is
//! unsatisfiable by blocking proof obligations with relative-induction queries
//! `F_{i-1} ∧ C ∧ ¬c ∧ T ∧ c'`; blocked cubes are generalized and learned; then a level is
//! added and lemmas are pushed forward. When pushing empties a level, the levels above it form
//! an inductive invariant.
//!
//! The loop ([`Ic3::run`], `search` here) reads as the algorithm: `initialize`, then per level
//! `strengthen` (block every bad state of the frontier), `end_level`, `extend` (a new level),
//! `converge` (push; two equal levels end the run), `share_lemmas` (promote, import) and
//! `level_done` (report). One file per phase, each an `impl Ic3` block:
//! - `block.rs`: `bad_state` turns a bad state of the frontier into an obligation, `block`
//!   works the obligation queue (`obligation.rs`) down to blocked or to a counterexample,
//!   and `ctg_budget` gives each blocked obligation its generalization's CTG budget;
//! - `frame_solvers.rs`: "solver `i` holds `F_i`": `build_solver`, `add_lemma`, and `relind`,
//!   the relative-induction query every phase asks;
//! - `generalize.rs`: `generalize` (MIC with CTG within the obligation's budget, the
//!   parent-lemma order) turns a core into a lemma and pushes it as high as it holds;
//! - `lift.rs`: `lift` shrinks a predecessor to the latches that force its successor;
//! - `push.rs`: `propagate` moves lemmas up and detects convergence; `push_witness.rs` keeps
//!   the state that refuted each failed push, so that it is not asked again in vain;
//! - `counterexample.rs`: `trace` rebuilds the path along a chain of obligations;
//! - `solver.rs`: the frame solver ([`ConeSolver`]) loads the transition relation lazily, only
//!   the cone of what a query assumes (the central performance choice: a query over a few
//!   latches never sees the rest of the circuit), on either SAT backend;
//! - `activity.rs`: how recently and often each latch literal appeared in lemmas, the order
//!   in which generalization tries to drop literals;
//! - `obligation.rs`: the priority queue of proof obligations (level, depth, smallest first);
//! - `audit.rs`: the frame invariants re-proved with a fresh solver (tests, debug builds);
//! - `record.rs`: every solver call written to a file, for replay in benchmarks;
//! - `config.rs` and `stats.rs`: the options, declared once, and the counters.
//!
//! Invariants this code keeps: every obligation cube at a level `≥ 1` is disjoint from the
//! initial states (a predecessor that meets them is a counterexample at once); every learned
//! lemma is disjoint from the initial states and was proved relative-inductive at its level.

mod activity;
mod audit;
mod block;
pub mod config;
mod counterexample;
mod frame_solvers;
mod generalize;
mod lift;
mod obligation;
mod push;
mod push_witness;
mod record;
mod solver;
pub mod stats;
#[cfg(test)]
mod tests;

use std::time::Instant;

use pdrkit_frames::Frames;
use pdrkit_logic::{Clause, Cube, Lit};
use pdrkit_ts::TransitionSystem;

pub use config::Ic3Config;
pub use lift::LiftMode;
pub use solver::SatBackend;
pub use stats::Ic3Stats;

use crate::{Control, Outcome, Proof, Reason, Trace};
use frame_solvers::{Purpose, Relind};
use lift::Lifter;
use obligation::Obligations;
use solver::{ConeSolver, Layout};

/// Runs IC3 on `ts` until an answer or the stop signal.
pub fn check(
    ts: &TransitionSystem,
    cfg: &Ic3Config,
    ctl: &Control,
    stats: &mut Ic3Stats,
) -> Outcome {
    let _interruptible = ctl.enter();
    let mut ic3 = Ic3::new(ts, cfg.clone(), ctl.clone());
    let o = ic3.run();
    *stats = ic3.stats;
    o
}

/// Runs IC3 on `ts` from `frames`, the frames an earlier run (of [`check_from`]) left on a
/// system with the same inputs, latches, initial states, constraints and transition relation
/// whose bad states include `ts`'s: k-liveness raising its bound (`Frames::new()` starts
/// afresh). Those frames stay valid: each `F_i` still holds every state reachable in `i` steps
/// (that never depended on the property) and, below the frontier, no bad state of the
/// earlier run, so none of `ts`'s. The run resumes at the earlier frontier. Returns the outcome
/// and the frames it ends with.
pub fn check_from(
    ts: &TransitionSystem,
    cfg: &Ic3Config,
    ctl: &Control,
    stats: &mut Ic3Stats,
    frames: Frames,
) -> (Outcome, Frames) {
    let _interruptible = ctl.enter();
    let mut ic3 = Ic3::new(ts, cfg.clone(), ctl.clone());
    debug_assert!(
        (0..=frames.depth())
            .flat_map(|i| frames.level(i))
            .chain(frames.level(pdrkit_frames::INF))
            .flat_map(|c| c.iter())
            .all(|l| ts.latch_index(l.var()).is_some()),
        "frames over variables that are not latches of the system"
    );
    ic3.frames = frames;
    let o = ic3.run();
    *stats = std::mem::take(&mut ic3.stats);
    (o, ic3.frames)
}

/// Why a search ended early.
enum Stop {
    /// A counterexample.
    Cex(Trace),
    /// Stopped or out of budget.
    Unknown(Reason),
}

impl Stop {
    fn into_outcome(self) -> Outcome {
        match self {
            Stop::Cex(t) => Outcome::Unsafe(t),
            Stop::Unknown(w) => Outcome::Unknown(w),
        }
    }
}

/// The state of one IC3 run.
pub struct Ic3<'a> {
    ts: &'a TransitionSystem,
    cfg: Ic3Config,
    ctl: Control,
    layout: Layout,
    frames: Frames,
    solvers: Vec<ConeSolver>,
    lifter: Lifter,
    obligations: Obligations,
    /// How recently and often each latch literal appeared in learned lemmas.
    activity: activity::Activity,
    /// Counters.
    pub stats: Ic3Stats,
    start: Instant,
    buf: Vec<Lit>,
    neg_buf: Vec<Lit>,
    /// A blocking query's first core while it is asked again (`block_core_retry`).
    core_buf: Vec<Lit>,
    cex_cache: generalize::CexCache,
    push_witnesses: push_witness::PushWitnesses,
    rng: generalize::Rng,
    /// This run's id in the lemma pool, and how much of the pool it has read.
    pool_id: usize,
    pool_seen: usize,
}

impl<'a> Ic3<'a> {
    /// A run on `ts`.
    pub fn new(ts: &'a TransitionSystem, cfg: Ic3Config, ctl: Control) -> Self {
        let obligations = if cfg.po_smallest_first {
            Obligations::smallest_first()
        } else {
            Obligations::new()
        };
        let pool_id = ctl.lemmas().join();
        let seed = cfg.seed;
        let backend = cfg.sat;
        let record = cfg.record_sat.clone();
        let activity =
            activity::Activity::new(ts.num_vars(), cfg.activity_decay, cfg.activity_by_var);
        let layout = Layout::new(ts, cfg.cnf_eliminate);
        let (cnf_nodes, cnf_clauses, cnf_eliminated) = layout.cnf_size();
        Ic3 {
            ts,
            layout,
            cfg,
            ctl,
            frames: Frames::new(),
            solvers: Vec::new(),
            lifter: Lifter::new(backend, record),
            obligations,
            activity,
            stats: Ic3Stats {
                cnf_nodes,
                cnf_clauses,
                cnf_eliminated,
                ..Ic3Stats::default()
            },
            start: Instant::now(),
            buf: Vec::new(),
            neg_buf: Vec::new(),
            core_buf: Vec::new(),
            cex_cache: generalize::CexCache::default(),
            push_witnesses: push_witness::PushWitnesses::default(),
            rng: generalize::Rng::new(seed),
            pool_id,
            pool_seen: 0,
        }
    }

    /// The top level `k`.
    fn k(&self) -> usize {
        self.frames.depth()
    }

    /// Runs to an answer, and reports the statistics of the whole run, however it ended: a
    /// run stopped inside a level counts that level's work too (the CLI's `--stats` on a time
    /// limit showed the last finished level's, e.g. 52 queries where 230k had been asked).
    pub fn run(&mut self) -> Outcome {
        let outcome = self.search();
        self.stats.frames = self.k();
        self.stats.lemmas_held = self.frames.len();
        self.ctl.report(self.stats.pairs());
        outcome
    }

    /// IC3's loop: strengthen the frontier until it holds no bad state, add a level, push
    /// lemmas up until two levels are equal (the invariant), share lemmas, repeat.
    fn search(&mut self) -> Outcome {
        match self.levels() {
            Ok(invariant) => Outcome::Safe(Proof::Invariant(invariant)),
            Err(stop) => stop.into_outcome(),
        }
    }

    /// The levels, until an invariant, a counterexample or a stop.
    fn levels(&mut self) -> Result<Vec<Clause>, Stop> {
        if self.k() == 0 {
            self.initialize()?;
        } else {
            self.resume()?;
        }
        loop {
            self.strengthen()?;
            self.end_level()?;
            self.extend();
            if let Some(invariant) = self.converge()? {
                return Ok(invariant);
            }
            self.share_lemmas()?;
            self.level_done()?;
        }
    }

    /// `F_0 = I` (with `--first-latch`, the lemmas tying the first step to `I`), no bad
    /// initial state, and `F_1`.
    fn initialize(&mut self) -> Result<(), Stop> {
        self.solvers.push(self.build_solver(0));
        if let Some(nf) = self.not_first() {
            // `first ⇒ I`: a state of the first step is initial. Inductive (first' = 0) and true
            // initially; without it no lemma "from step 1 on" excludes a non-initial state with
            // first = 1, and blocking would find the same predecessor forever.
            for j in 0..self.ts.num_latches() {
                // Not the first-step latch itself: `first ⇒ first` says nothing, and its cube
                // would hold both literals of one variable.
                if Some(j) == self.ts.first {
                    continue;
                }
                if let Some(b) = self.ts.init[j] {
                    let wrong = self.ts.latch(j).lit_with(b);
                    self.frames.add(Cube::new([!nf, wrong]), pdrkit_frames::INF);
                }
            }
        }
        // Depth 0: a bad initial state.
        if self.bad_state(0)?.is_some() {
            unreachable!("bad_state returns a trace for level 0");
        }
        self.extend();
        Ok(())
    }

    /// The solvers of frames an earlier run left ([`check_from`]); its frontier is this run's
    /// first.
    fn resume(&mut self) -> Result<(), Stop> {
        for level in 0..=self.k() {
            let s = self.build_solver(level);
            self.solvers.push(s);
        }
        if self.bad_state(0)?.is_some() {
            unreachable!("bad_state returns a trace for level 0");
        }
        Ok(())
    }

    /// Strengthens the frontier until no bad state is left in it: first the obligations
    /// waiting for this level, then each new bad state.
    fn strengthen(&mut self) -> Result<(), Stop> {
        loop {
            if self.ctl.should_stop() {
                return Err(Stop::Unknown(self.stopped()));
            }
            self.block()?;
            let k = self.k();
            match self.bad_state(k)? {
                None => return Ok(()),
                Some(id) => self.obligations.push(id, k),
            }
        }
    }

    /// The frontier is safe: the obligations wait for the next level (or go), and the frames
    /// are audited when asked (always in debug builds of small systems).
    fn end_level(&mut self) -> Result<(), Stop> {
        if self.cfg.keep_obligations {
            self.obligations.collect();
        } else {
            self.obligations.clear();
        }
        if self.cfg.check_frames || (cfg!(debug_assertions) && self.ts.num_latches() <= 32) {
            // Before the new level: F_k ∧ bad must be unsatisfiable now.
            if let Err(e) = self.audit_frames() {
                return Err(Stop::Unknown(Reason::Internal(format!(
                    "frame invariant broken: {e}"
                ))));
            }
        }
        Ok(())
    }

    /// Pushes lemmas up; when a level empties, the levels above it are the invariant.
    fn converge(&mut self) -> Result<Option<Vec<Clause>>, Stop> {
        let Some(level) = self.propagate()? else {
            return Ok(None);
        };
        let inv: Vec<Clause> = self.frames.frame(level + 1).map(Cube::negate).collect();
        if self.cfg.verbose {
            eprintln!(
                "{}: converged at level {level}: invariant of {} clauses",
                self.cfg.name,
                inv.len()
            );
        }
        Ok(Some(inv))
    }

    /// Promotes the top level's inductive lemmas (when asked) and imports those other engines
    /// proved.
    fn share_lemmas(&mut self) -> Result<(), Stop> {
        if self.cfg.promote {
            if let Err(Stop::Unknown(w)) = self.promote_inductive() {
                return Err(Stop::Unknown(w));
            }
        }
        if self.cfg.import_lemmas {
            self.import_lemmas();
        }
        Ok(())
    }

    /// Reports the level's counters (when a SAT call outlasts the time limit, the CLI's
    /// watchdog answers with what was reported last) and stops at `max_frames`.
    fn level_done(&mut self) -> Result<(), Stop> {
        self.stats.frames = self.k();
        self.ctl.report(self.stats.pairs());
        if self.cfg.verbose {
            self.progress();
        }
        if self.cfg.max_frames.is_some_and(|m| self.k() > m) {
            return Err(Stop::Unknown(Reason::BoundReached {
                unit: "frame",
                bound: self.k() - 1,
            }));
        }
        Ok(())
    }

    /// Adds the lemmas other engines published to the infinity level. They are inductive (each
    /// relative to those before it), so they hold in every frame.
    fn import_lemmas(&mut self) {
        for c in self.ctl.lemmas().since(&mut self.pool_seen, self.pool_id) {
            // A lemma that meets the initial states cannot be an invariant: never trust one.
            if self.initiation(&c) && c.iter().all(|l| self.ts.latch_index(l.var()).is_some()) {
                self.stats.imported += 1;
                self.add_lemma(c, pdrkit_frames::INF, false);
            }
        }
    }

    fn progress(&self) {
        let (sizes, inf) = self.frames.sizes();
        eprintln!(
            "{}: k={} {:.2}s lemmas {:?}{} sat {} obligations {}",
            self.cfg.name,
            self.k(),
            self.start.elapsed().as_secs_f64(),
            sizes,
            if inf > 0 {
                format!(" +{inf}∞")
            } else {
                String::new()
            },
            self.stats.queries(),
            self.stats.obligations
        );
    }

    /// Why the run stops when the stop signal came.
    fn stopped(&self) -> Reason {
        Reason::Stopped {
            unit: "frame",
            depth: self.k(),
        }
    }

    /// Why a SAT call answered unknown.
    fn gave_up(&self) -> Reason {
        self.ctl.gave_up("frame", self.k())
    }
}
