//! IC3/PDR (Bradley, VMCAI'11) as engineered by Eén, Mishchenko and Brayton (FMCAD'11), with
//! the CTG generalization of Hassan, Bradley and Somenzi (FMCAD'13).
//!
//! Frames `F_0 = I, F_1, …, F_k` are kept delta-encoded in [`Frames`]; `F_i` has a solver
//! holding `F_i ∧ C ∧ T`. The frontier `F_k` is strengthened until `F_k ∧ C ∧ bad` is
//! unsatisfiable by blocking proof obligations (`obligation.rs`) with relative-induction queries
//! `F_{i-1} ∧ C ∧ ¬c ∧ T ∧ c'`; blocked cubes are generalized (`generalize.rs`) and learned; then a
//! level is added and lemmas are pushed forward (`push.rs`). When pushing empties a level, the
//! levels above it form an inductive invariant.
//!
//! Invariants this code keeps: every obligation cube at a level `≥ 1` is disjoint from the
//! initial states (a predecessor that meets them is a counterexample at once); every learned
//! lemma is disjoint from the initial states and was proved relative-inductive at its level.

mod activity;
mod audit;
pub mod config;
mod generalize;
mod lift;
mod obligation;
mod push;
mod record;
mod solver;
pub mod stats;

use std::time::Instant;

use pdrkit_frames::Frames;
use pdrkit_logic::{Clause, Cube, Lit, SatResult};
use pdrkit_ts::TransitionSystem;

pub use config::Ic3Config;
pub use lift::LiftMode;
pub use solver::SatBackend;
pub use stats::Ic3Stats;

use crate::{Control, Outcome, Proof, Reason, Trace};
use lift::Lifter;
use obligation::{Obligation, Obligations};
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
    ic3.stats.frames = ic3.frames.depth();
    ic3.stats.lemmas_held = ic3.frames.len();
    *stats = ic3.stats;
    o
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

/// The answer of a relative-induction query.
enum Relind {
    /// Blocked: the sub-cube in the core (disjoint from the initial states).
    Blocked(Cube),
    /// A predecessor exists: the model stays in the level's solver until its next query, for
    /// the caller to read what it needs ([`Ic3::model_of`], [`Ic3::value_at`]).
    Pred,
}

/// What a relative-induction query is for (statistics only).
#[derive(Clone, Copy)]
enum Purpose {
    Block,
    Generalize,
    Ctg,
    Push,
    Verify,
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
    cex_cache: generalize::CexCache,
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
        Ic3 {
            ts,
            layout: Layout::new(ts),
            cfg,
            ctl,
            frames: Frames::new(),
            solvers: Vec::new(),
            lifter: Lifter::new(backend, record),
            obligations,
            activity,
            stats: Ic3Stats::default(),
            start: Instant::now(),
            buf: Vec::new(),
            neg_buf: Vec::new(),
            cex_cache: generalize::CexCache::default(),
            rng: generalize::Rng::new(seed),
            pool_id,
            pool_seen: 0,
        }
    }

    /// The top level `k`.
    fn k(&self) -> usize {
        self.frames.depth()
    }

    /// Runs to an answer.
    pub fn run(&mut self) -> Outcome {
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
        match self.bad_state(0) {
            Ok(None) => {}
            Ok(Some(_)) => unreachable!("bad_state returns a trace for level 0"),
            Err(stop) => return stop.into_outcome(),
        }
        self.extend();
        loop {
            // Strengthen the frontier until no bad state is left in it: first the obligations
            // waiting for this level, then each new bad state.
            loop {
                if self.ctl.should_stop() {
                    return Outcome::Unknown(self.stopped());
                }
                if let Err(stop) = self.block() {
                    return stop.into_outcome();
                }
                let k = self.k();
                match self.bad_state(k) {
                    Ok(None) => break,
                    Ok(Some(id)) => self.obligations.push(id, k),
                    Err(stop) => return stop.into_outcome(),
                }
            }
            if self.cfg.keep_obligations {
                self.obligations.collect();
            } else {
                self.obligations.clear();
            }
            if self.cfg.check_frames || (cfg!(debug_assertions) && self.ts.num_latches() <= 32) {
                // Before the new level: F_k ∧ bad must be unsatisfiable now.
                if let Err(e) = self.audit_frames() {
                    return Outcome::Unknown(Reason::Internal(format!(
                        "frame invariant broken: {e}"
                    )));
                }
            }
            self.extend();
            match self.propagate() {
                Ok(Some(level)) => {
                    let inv: Vec<Clause> = self.frames.frame(level + 1).map(Cube::negate).collect();
                    if self.cfg.verbose {
                        eprintln!(
                            "{}: converged at level {level}: invariant of {} clauses",
                            self.cfg.name,
                            inv.len()
                        );
                    }
                    return Outcome::Safe(Proof::Invariant(inv));
                }
                Ok(None) => {}
                Err(stop) => return stop.into_outcome(),
            }
            if self.cfg.promote {
                if let Err(Stop::Unknown(w)) = self.promote_inductive() {
                    return Outcome::Unknown(w);
                }
            }
            if self.cfg.import_lemmas {
                self.import_lemmas();
            }
            self.stats.frames = self.k();
            self.ctl.report(self.stats.pairs());
            if self.cfg.verbose {
                self.progress();
            }
            if self.cfg.max_frames.is_some_and(|m| self.k() > m) {
                return Outcome::Unknown(Reason::BoundReached {
                    unit: "frame",
                    bound: self.k() - 1,
                });
            }
        }
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
            self.stats.bad_calls
                + self.stats.block_calls
                + self.stats.generalize_calls
                + self.stats.ctg_calls
                + self.stats.push_calls
                + self.stats.verify_calls,
            self.stats.obligations
        );
    }

    /// A solver for `F_level` from scratch.
    fn build_solver(&self, level: usize) -> ConeSolver {
        let (ts, layout) = (self.ts, &self.layout);
        let mut s = ConeSolver::new(
            ts,
            layout,
            true,
            self.cfg.sat,
            self.cfg.record_sat.as_deref(),
        );
        if level == 0 {
            for l in ts.init_cube() {
                s.add_clause(ts, layout, &[l]);
            }
        } else {
            let mut clause = Vec::new();
            for c in self.frames.frame(level) {
                clause.clear();
                clause.extend(c.iter().map(|&l| !l));
                s.add_clause(ts, layout, &clause);
            }
        }
        s
    }

    fn maybe_rebuild(&mut self, level: usize) {
        if self.solvers[level].activations() > self.cfg.rebuild_after {
            self.solvers[level] = self.build_solver(level);
            self.stats.rebuilds += 1;
        }
    }

    /// Adds level `k + 1`.
    fn extend(&mut self) {
        self.frames.push_level();
        let s = self.build_solver(self.k());
        self.solvers.push(s);
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

    /// Whether a cube is disjoint from the initial states (some literal contradicts a reset).
    fn initiation(&self, cube: &[Lit]) -> bool {
        cube.iter().any(|&l| self.ts.contradicts_init(l))
    }

    /// The literal "not the first step" when the system has the first-step latch.
    fn not_first(&self) -> Option<Lit> {
        self.ts.first.map(|j| !self.ts.latch(j).lit())
    }

    /// Turns a lifted state cube into an obligation cube, or tells that it meets the initial
    /// states (a counterexample: `Err` with the cube to start from). With the first-step latch,
    /// an obligation is restricted to `first = 0`: a state with a predecessor; the part with
    /// `first = 1` is either initial (the check here) or unreachable.
    fn obligation_cube(&self, cube: Cube) -> Result<Cube, Cube> {
        let Some(nf) = self.not_first() else {
            return if self.initiation(&cube) {
                Ok(cube)
            } else {
                Err(cube)
            };
        };
        let rest = cube.filtered(|l| l.var() != nf.var());
        if !self.initiation(&rest) {
            return Err(rest);
        }
        Ok(Cube::new(rest.iter().copied().chain([nf])))
    }

    /// Learns lemma `cube` at `level`: stores it and adds its clause to the solvers of
    /// `F_1..F_level`.
    fn add_lemma(&mut self, cube: Cube, level: usize, new: bool) {
        debug_assert!(self.initiation(&cube), "lemma meets the initial states");
        if new {
            self.stats.lemmas += 1;
            self.stats.lemma_lits += cube.len() as u64;
            // Only new lemmas count: a lemma moved up (pushed, promoted, imported) would bump
            // its literals again and again, until generalization kept them by habit. That
            // made the portfolio's promoting IC3 enumerate counter values on power2eq2048
            // (770 frames instead of 36).
            self.activity.bump_cube(&cube);
        }
        let top = level.min(self.k());
        let mut clause = std::mem::take(&mut self.buf);
        clause.clear();
        clause.extend(cube.iter().map(|&l| !l));
        if self.frames.add(cube, level) {
            for j in 1..=top {
                self.solvers[j].add_clause(self.ts, &self.layout, &clause);
            }
        }
        self.buf = clause;
    }

    /// The full state (every latch the solver's logic reads) and the inputs of the last model.
    fn model_of(&self, level: usize) -> (Vec<Lit>, Vec<bool>) {
        let s = &self.solvers[level];
        let ts = self.ts;
        let state = (0..ts.num_latches())
            .filter_map(|j| {
                let v = ts.latch(j);
                s.value(v.lit()).map(|b| v.lit_with(!b))
            })
            .collect();
        let inputs = (0..ts.num_inputs())
            .map(|i| s.value(ts.input(i).lit()).unwrap_or(false))
            .collect();
        (state, inputs)
    }

    fn input_lits(&self, inputs: &[bool]) -> Vec<Lit> {
        inputs
            .iter()
            .enumerate()
            .map(|(i, &b)| self.ts.input(i).lit_with(!b))
            .collect()
    }

    /// Looks for a bad state in `F_level`. At level 0 a bad state is a counterexample at once;
    /// at higher levels it becomes an obligation (its id is returned, not yet queued).
    fn bad_state(&mut self, level: usize) -> Result<Option<usize>, Stop> {
        let (ts, layout) = (self.ts, &self.layout);
        let t = Instant::now();
        let r = self.solvers[level].solve(ts, layout, None, &[ts.bad]);
        self.stats.sat_time += t.elapsed();
        self.stats.bad_calls += 1;
        match r {
            SatResult::Unsat => Ok(None),
            SatResult::Unknown => Err(Stop::Unknown(self.gave_up())),
            SatResult::Sat => {
                let (state, inputs) = self.model_of(level);
                if level == 0 {
                    return Err(Stop::Cex(self.trace(self.full_init(&state), inputs, None)));
                }
                let cube = self.lift(&state, &inputs, &[ts.bad]);
                let cube = match self.obligation_cube(cube) {
                    Ok(c) => c,
                    Err(c) => return Err(Stop::Cex(self.trace(self.full_init(&c), inputs, None))),
                };
                Ok(Some(
                    self.obligations.add(Obligation::new(cube, inputs, None, 0)),
                ))
            }
        }
    }

    /// Shrinks a predecessor `state` (with `inputs`) to the latches that make its successor
    /// satisfy `targets` (see [`lift`]). With core lifting, the latches are assumed in
    /// decreasing activity, so that the core keeps those earlier lemmas speak of (the cube is
    /// then likelier to be blocked by them), and the lifting is repeated on its own result,
    /// in other orders, while it shrinks (up to `lift_rounds` queries; rIC3 does the same).
    fn lift(&mut self, state: &[Lit], inputs: &[bool], targets: &[Lit]) -> Cube {
        let in_lits = self.input_lits(inputs);
        let t = Instant::now();
        let mut order: Vec<Lit> = state.to_vec();
        if self.cfg.order_assumptions {
            self.activity.sort_descending(&mut order);
        }
        let mut lift_once = |order: &[Lit]| {
            self.lifter.lift(
                self.cfg.lift,
                self.ts,
                &self.layout,
                order,
                &in_lits,
                targets,
                self.cfg.rebuild_after,
                &mut self.stats.lift_calls,
            )
        };
        let mut cube = lift_once(&order);
        let mut round = 1;
        while self.cfg.lift == LiftMode::Core && round < self.cfg.lift_rounds {
            // The core's literals in the order just used, then reversed, then shuffled.
            order.retain(|&l| cube.set().contains(l));
            if round == 1 {
                order.reverse();
            } else {
                self.rng.shuffle(&mut order);
            }
            let smaller = lift_once(&order);
            round += 1;
            if smaller.len() == cube.len() {
                break;
            }
            cube = smaller;
        }
        self.stats.lift_time += t.elapsed();
        cube
    }

    /// An initial state agreeing with `state` on the uninitialized latches it fixes. The
    /// caller guarantees `state` does not contradict the resets.
    fn full_init(&self, state: &[Lit]) -> Vec<bool> {
        let ts = self.ts;
        let mut v: Vec<bool> = ts.init.iter().map(|i| i.unwrap_or(false)).collect();
        for &l in state {
            let j = self.layout.latch_index(l.var());
            if ts.init[j].is_none() {
                v[j] = !l.is_neg();
            }
        }
        v
    }

    /// The trace from an initial state through `first_inputs` and then the chain of obligations
    /// starting at `chain`.
    fn trace(&self, init: Vec<bool>, first_inputs: Vec<bool>, chain: Option<usize>) -> Trace {
        let mut inputs = vec![first_inputs];
        let mut at = chain;
        while let Some(id) = at {
            let o = self.obligations.get(id);
            inputs.push(o.inputs.clone());
            at = o.next;
        }
        Trace { init, inputs }
    }

    /// The relative-induction query `F_level ∧ C ∧ ¬cube ∧ T ∧ cube'` (without `¬cube` when
    /// `with_negation` is false: pushing, where `¬cube` is in `F_level` already). The primed
    /// literals are assumed in decreasing activity when configured: the solver's final conflict
    /// then prefers the literals that earlier lemmas used, and cores look alike.
    fn relind(
        &mut self,
        cube: &Cube,
        level: usize,
        with_negation: bool,
        purpose: Purpose,
    ) -> Result<Relind, Stop> {
        if with_negation {
            // Only queries that add temporary clauses rebuild: a push query must see the
            // lemmas of its level, which `propagate` holds outside the store meanwhile.
            self.maybe_rebuild(level);
        }
        let (ts, layout) = (self.ts, &self.layout);
        let mut neg = std::mem::take(&mut self.neg_buf);
        neg.clear();
        if with_negation {
            neg.extend(cube.iter().map(|&l| !l));
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.extend(cube.iter().map(|&l| layout.prime(l)));
        if self.cfg.order_assumptions {
            let act = &self.activity;
            buf.sort_by(|a, b| {
                act.get(layout.unprime(*b))
                    .total_cmp(&act.get(layout.unprime(*a)))
            });
        }
        let s = &mut self.solvers[level];
        let t = Instant::now();
        let r = s.solve(ts, layout, with_negation.then_some(&neg[..]), &buf);
        self.stats.sat_time += t.elapsed();
        self.buf = buf;
        self.neg_buf = neg;
        match purpose {
            Purpose::Block => self.stats.block_calls += 1,
            Purpose::Generalize => self.stats.generalize_calls += 1,
            Purpose::Ctg => self.stats.ctg_calls += 1,
            Purpose::Push => self.stats.push_calls += 1,
            Purpose::Verify => self.stats.verify_calls += 1,
        }
        match r {
            SatResult::Unsat => {
                let s = &self.solvers[level];
                let mut core: Vec<Lit> = cube
                    .iter()
                    .copied()
                    .filter(|&l| s.is_failed(layout.prime(l)))
                    .collect();
                if !core.iter().any(|&l| ts.contradicts_init(l)) {
                    // Keep the cube disjoint from the initial states, by "not the first step"
                    // when the cube has it (the most general choice).
                    let nf = ts.first.map(|j| !ts.latch(j).lit());
                    let pick = nf
                        .filter(|l| cube.set().contains(*l))
                        .or_else(|| cube.iter().copied().find(|&l| ts.contradicts_init(l)));
                    if let Some(l) = pick {
                        core.push(l);
                    }
                }
                Ok(Relind::Blocked(Cube::new(core)))
            }
            SatResult::Sat => Ok(Relind::Pred),
            SatResult::Unknown => Err(Stop::Unknown(self.gave_up())),
        }
    }

    /// The value of a system literal in the last model of `level`'s solver.
    #[inline]
    fn value_at(&self, level: usize, l: Lit) -> Option<bool> {
        self.solvers[level].value(l)
    }

    /// Blocks the queued obligations at levels up to `k`, and everything they spawn; a
    /// counterexample ends it. An obligation blocked at level `i` waits at `i + 1` (beyond `k`
    /// when obligations are kept across frames).
    fn block(&mut self) -> Result<(), Stop> {
        let keep = self.cfg.keep_obligations;
        while let Some((id, lvl)) = self.obligations.pop(self.k()) {
            self.stats.obligations += 1;
            if self.ctl.should_stop() {
                return Err(Stop::Unknown(self.stopped()));
            }
            let k = self.k();
            let cube = self.obligations.get(id).cube.clone();
            if let Some(at) = self.frames.blocking_level(&cube, lvl) {
                if at != pdrkit_frames::INF && (at < k || keep) {
                    self.obligations.push(id, at + 1);
                }
                continue;
            }
            if self.cfg.drop_po > 0.0 && self.obligations.bump(id) > self.cfg.drop_po {
                self.stats.dropped += 1;
                continue;
            }
            match self.relind(&cube, lvl - 1, true, Purpose::Block)? {
                Relind::Blocked(core) => {
                    let at = self.generalize(core, lvl)?;
                    if at < k || keep {
                        self.obligations.push(id, at + 1);
                    }
                }
                Relind::Pred => {
                    let (state, inputs) = self.model_of(lvl - 1);
                    if lvl == 1 {
                        // The predecessor is an initial state.
                        return Err(Stop::Cex(self.trace(
                            self.full_init(&state),
                            inputs,
                            Some(id),
                        )));
                    }
                    let targets: Vec<Lit> = cube.iter().map(|&l| self.layout.prime(l)).collect();
                    let pred = self.lift(&state, &inputs, &targets);
                    if !self.initiation(&pred) {
                        return Err(Stop::Cex(self.trace(
                            self.full_init(&pred),
                            inputs,
                            Some(id),
                        )));
                    }
                    let depth = self.obligations.get(id).depth + 1;
                    let pid = self
                        .obligations
                        .add(Obligation::new(pred, inputs, Some(id), depth));
                    self.obligations.push(pid, lvl - 1);
                    self.obligations.push(id, lvl);
                }
            }
        }
        Ok(())
    }
}
