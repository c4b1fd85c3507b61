//! Property direction for k-induction: KIPDR, Algorithm 1 of Beyer and Dangl ("Software
//! Verification with PDR: An Implementation of the State of the Art", TACAS 2020), on AIGER
//! transition systems.
//!
//! When the step case of k-induction fails at some `k`, its counterexample is a path of `k + 1`
//! states whose first `k` keep the property and whose last violates it. Its *first* state is
//! the counterexample to induction: [`root`](PropertyDirection::root) lifts it against that
//! whole path (the inputs fixed, the constraints required in every state), so every state of
//! the resulting cube, the proof obligation, reaches a bad state in exactly `k` steps.
//!
//! An obligation `o` is handled by [`block`](PropertyDirection::block), as the paper does, with
//! the two halves of k-induction for the candidate invariant `¬o`:
//! - the base case: no path from the initial states of at most `k` steps reaches `o` (the
//!   shared [`BmcUnrolling`]); a path that does is a counterexample of that length plus the
//!   obligation's depth, which a fresh BMC query of exactly that length then produces;
//! - the step case ([`step`](PropertyDirection::step)): `k + 1` states under the constraints
//!   and the invariants learned so far, `¬o` in the first `k`, `o` in the last, must be
//!   unsatisfiable. Then `¬o` is k-inductive relative to the invariants, and so is `¬c` for the
//!   cube `c ⊆ o` of the literals the unsat core needed (its hypotheses are stronger); `c` is
//!   strengthened further by dropping literals while both cases hold
//!   ([`generalize`](PropertyDirection::generalize)), proved once more, and learned.
//!   If the step case fails, its first state, lifted against the path to `o`, becomes a new
//!   obligation `k` steps further from bad.
//!
//! The property is not assumed in these queries: a lemma is then an invariant of the system
//! whether or not the property holds. Chains are followed for at most `k` obligations and a
//! budget of step queries per `k`; then `k` grows instead, and the obligations left open are
//! checked by the base case at each new depth ([`check_open`](PropertyDirection::check_open)).
//!
//! Lemma `i` is `k_i`-inductive relative to the lemmas before it, with `k_i` the `k` it was
//! learned at, never above the `k` of the final proof: the step case of the property assumes
//! them all in every frame, and the proof's certificate (`P ∧ Aux`, k-inductive) holds. Only
//! lemmas learned at `k = 1` are plain relative-inductive as IC3 expects; only those go to the
//! portfolio's lemma pool.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;

use pdrkit_logic::{Cube, Lit, SatResult, SatSolver};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

use crate::sat::AnySolver;
use crate::stat::stats;
use crate::unroll::{BmcUnrolling, Unroller};
use crate::{Control, SatBackend, StatValue, Trace};

/// A cube of states from which a bad state is reachable in exactly `depth` steps (with the
/// inputs lifting fixed).
#[derive(Clone, Debug)]
pub(crate) struct Obligation {
    pub cube: Cube,
    pub depth: usize,
}

/// Why property direction gave up on an obligation chain.
pub(crate) enum Interrupted {
    /// The engine was asked to stop.
    Stop,
    /// The SAT solver gave up (conflict budget or interrupt).
    Solver,
}

/// How an obligation chain ended.
pub(crate) enum Found {
    /// The root is excluded by the lemmas.
    Blocked,
    /// The chain was cut (length or budget) and kept open for the base case.
    Open,
    /// An obligation is reachable from the initial states: a counterexample of this many steps
    /// exists.
    Reached(usize),
}

stats! {
    /// Counters of property direction. The statistics are shown in this order (after
    /// k-induction's).
    #[derive(Clone, Debug, Default)]
    pub struct PdStats {
        /// Counterexamples to the step case of the property turned into obligations.
        ctis: u64 => "pd_ctis",
        /// Obligations created (roots and predecessors).
        obligations: u64 => "pd_obligations",
        /// Step-case queries of obligations (blocking, generalization, verification).
        step_calls: u64 => "pd_sat_step",
        /// Base-case queries of obligations and lemma candidates.
        base_calls: u64 => "pd_sat_base",
        /// Lifting queries.
        lift_calls: u64 => "pd_sat_lift",
        /// Lemmas learned (conjoined to the auxiliary invariant).
        lemmas: u64 => "pd_lemmas",
        /// Sum of the learned lemmas' lengths.
        lemma_lits: u64 => _,
        /// Lemmas learned at k ≥ 2 (k-inductive, maybe not 1-inductive).
        deep_lemmas: u64 => "pd_deep_lemmas",
        /// Obligations the base case reached (each a counterexample).
        reached: u64 => "pd_reached",
        @ "pd_avg_lemma_len" => |s| {
            let avg = if s.lemmas > 0 {
                s.lemma_lits as f64 / s.lemmas as f64
            } else {
                0.0
            };
            StatValue::Mean(avg)
        },
        /// Solver rebuilds.
        rebuilds: u64 => "pd_rebuilds",
    }
}

/// `k + 1` frames from any state in one solver: either the step case of obligations (the
/// constraints and the lemmas asserted in every frame) or lifting (nothing asserted).
struct Window {
    s: AnySolver,
    u: Unroller,
    constrained: bool,
    /// Activation literals used since the solver was built.
    acts: usize,
}

impl Window {
    fn new(
        ts: &TransitionSystem,
        backend: SatBackend,
        cnf: &Arc<MappedCnf>,
        constrained: bool,
        frames: usize,
        lemmas: &[Cube],
    ) -> Self {
        let mut w = Window {
            s: AnySolver::new(backend),
            u: Unroller::with_cnf(cnf.clone()),
            constrained,
            acts: 0,
        };
        for _ in 0..frames {
            w.add_frame(ts, lemmas);
        }
        w
    }

    fn add_frame(&mut self, ts: &TransitionSystem, lemmas: &[Cube]) {
        self.u.add_frame(ts, &mut self.s, false);
        if self.constrained {
            let f = self.u.len() - 1;
            for &c in &ts.constraints {
                self.s.add_clause(&[self.u.lit(f, c)]);
            }
            for cube in lemmas {
                self.add_lemma(f, cube);
            }
        }
    }

    /// The lemma `¬cube` in frame `f`.
    fn add_lemma(&mut self, f: usize, cube: &Cube) {
        self.u.exclude(&mut self.s, f, cube);
    }

    /// A fresh activation literal for one temporary clause.
    fn activation(&mut self) -> Lit {
        self.acts += 1;
        self.s.new_var().lit()
    }
}

/// What the step case of an obligation found.
enum Step {
    /// `¬o` is k-inductive relative to the lemmas; so is the negation of this sub-cube of `o`
    /// (the literals of the last frame in the core).
    Inductive(Cube),
    /// A counterexample: the path (its first state and the inputs of every frame).
    Cti(Trace),
    /// The solver gave up within its conflict budget: neither is known.
    Undecided,
}

/// The property-direction half of KIPDR: the lemmas, the step and lifting windows, the open
/// obligations.
pub(crate) struct PropertyDirection<'a> {
    ts: &'a TransitionSystem,
    cnf: Arc<MappedCnf>,
    step: Window,
    lift: Window,
    /// Every lemma the step window holds (own and imported), in order.
    lemmas: Vec<Cube>,
    /// Lemmas learned since the last [`take_learned`](Self::take_learned).
    learned: Vec<Cube>,
    /// Obligations whose chain was cut, checked by the base case at every new depth.
    open: VecDeque<Obligation>,
    mic_attempts: usize,
    /// Conflicts a step query may take before it counts as undecided.
    step_conflicts: u64,
    /// The backend of the windows, for their rebuilds.
    backend: SatBackend,
    failed: Vec<Lit>,
    pub stats: PdStats,
}

/// How many open obligations the base case keeps checking (the oldest go first).
const MAX_OPEN: usize = 256;
/// Temporary clauses a window takes before it is rebuilt (MiniSat keeps every retired one).
const REBUILD_AFTER: usize = 1000;

impl<'a> PropertyDirection<'a> {
    /// No frames yet: [`extend_to`](Self::extend_to) builds them with the rounds of k.
    pub fn new(
        ts: &'a TransitionSystem,
        cnf: Arc<MappedCnf>,
        mic_attempts: usize,
        step_conflicts: u64,
        backend: SatBackend,
    ) -> Self {
        PropertyDirection {
            ts,
            step: Window::new(ts, backend, &cnf, true, 0, &[]),
            lift: Window::new(ts, backend, &cnf, false, 0, &[]),
            cnf,
            lemmas: Vec::new(),
            learned: Vec::new(),
            open: VecDeque::new(),
            mic_attempts,
            step_conflicts,
            backend,
            failed: Vec::new(),
            stats: PdStats::default(),
        }
    }

    /// Gives both windows `k + 1` frames.
    pub fn extend_to(&mut self, k: usize) {
        while self.step.u.len() <= k {
            self.step.add_frame(self.ts, &self.lemmas);
        }
        while self.lift.u.len() <= k {
            self.lift.add_frame(self.ts, &[]);
        }
    }

    /// The k of the current round.
    fn k(&self) -> usize {
        self.step.u.len() - 1
    }

    /// Assumes an invariant proved elsewhere or here, in every frame (each must be
    /// k-inductive relative to those before, for a k no larger than the final proof's).
    pub fn assume(&mut self, cube: &Cube) {
        for f in 0..self.step.u.len() {
            self.step.add_lemma(f, cube);
        }
        self.lemmas.push(cube.clone());
    }

    /// The lemmas learned since the last call.
    pub fn take_learned(&mut self) -> Vec<Cube> {
        std::mem::take(&mut self.learned)
    }

    /// Whether a lemma already excludes every state of `cube`.
    fn blocked(&self, cube: &Cube) -> bool {
        self.lemmas.iter().any(|l| l.subsumes(cube))
    }

    /// The solver's literals of the last failed assumptions, sorted for lookups.
    fn read_failed(&mut self, lifting: bool) {
        let s = if lifting { &self.lift.s } else { &self.step.s };
        self.failed.clear();
        self.failed.extend_from_slice(s.failed_assumptions());
        self.failed.sort_unstable();
    }

    fn was_failed(&self, l: Lit) -> bool {
        self.failed.binary_search(&l).is_ok()
    }

    /// The first depth `j ≤ upto` at which a path from the initial states reaches `cube`.
    fn reached(
        &mut self,
        base: &mut BmcUnrolling,
        cube: &Cube,
        upto: usize,
    ) -> Result<Option<usize>, Interrupted> {
        for j in 0..=upto {
            if j == 0 && cube.iter().any(|&l| self.ts.contradicts_init(l)) {
                continue;
            }
            self.stats.base_calls += 1;
            match base.reaches(j, cube.iter().copied()) {
                SatResult::Sat => return Ok(Some(j)),
                SatResult::Unsat => {}
                SatResult::Unknown => return Err(Interrupted::Solver),
            }
        }
        Ok(None)
    }

    /// The step case of `¬cube` at the current k: `k + 1` states under the constraints and
    /// the lemmas, `¬cube` in the first `k`, `cube` in the last.
    fn step(&mut self, cube: &Cube) -> Step {
        let k = self.k();
        if self.step.acts >= REBUILD_AFTER {
            self.step = Window::new(self.ts, self.backend, &self.cnf, true, k + 1, &self.lemmas);
            self.stats.rebuilds += 1;
        }
        let act = self.step.activation();
        for f in 0..k {
            let mut clause = vec![!act];
            clause.extend(cube.iter().map(|&l| !self.step.u.lit(f, l)));
            self.step.s.add_clause(&clause);
        }
        let mut assumptions = vec![act];
        assumptions.extend(cube.iter().map(|&l| self.step.u.lit(k, l)));
        self.stats.step_calls += 1;
        self.step.s.set_conflict_budget(Some(self.step_conflicts));
        let answer = match self.step.s.solve(&assumptions) {
            SatResult::Unsat => {
                self.read_failed(false);
                let u = &self.step.u;
                Step::Inductive(cube.filtered(|l| self.was_failed(u.lit(k, l))))
            }
            SatResult::Sat => Step::Cti(self.step.u.trace(self.ts, &self.step.s, k)),
            // Stopped, or over the budget: the caller's next check of the stop flag tells.
            SatResult::Unknown => Step::Undecided,
        };
        self.step.s.add_clause(&[!act]);
        answer
    }

    /// Shrinks the first state of `path` to the latches that, with the path's inputs in
    /// frames `0..=k`, force the constraints in every frame and, in frame `k`, a bad state
    /// (`target` = `None`) or a state of `target`.
    fn lift(&mut self, path: &Trace, target: Option<&Cube>) -> Cube {
        let k = self.k();
        if self.lift.acts >= REBUILD_AFTER {
            self.lift = Window::new(self.ts, self.backend, &self.cnf, false, k + 1, &[]);
            self.stats.rebuilds += 1;
        }
        let ts = self.ts;
        let act = self.lift.activation();
        // act → ¬(C in every frame ∧ the target in frame k).
        let u = &self.lift.u;
        let mut clause = vec![!act];
        for f in 0..=k {
            clause.extend(ts.constraints.iter().map(|&c| !u.lit(f, c)));
        }
        match target {
            None => clause.push(!u.lit(k, ts.bad)),
            Some(c) => clause.extend(c.iter().map(|&l| !u.lit(k, l))),
        }
        let state: Vec<Lit> = path
            .init
            .iter()
            .enumerate()
            .map(|(i, &b)| ts.latch(i).lit_with(!b))
            .collect();
        let mut assumptions = vec![act];
        for (f, values) in path.inputs.iter().enumerate().take(k + 1) {
            assumptions.extend(
                values
                    .iter()
                    .enumerate()
                    .map(|(i, &b)| u.lit(f, ts.input(i).lit_with(!b))),
            );
        }
        assumptions.extend(state.iter().map(|&l| u.lit(0, l)));
        self.lift.s.add_clause(&clause);
        self.stats.lift_calls += 1;
        let cube = match self.lift.s.solve(&assumptions) {
            SatResult::Unsat => {
                self.read_failed(true);
                let u = &self.lift.u;
                Cube::new(
                    state
                        .iter()
                        .copied()
                        .filter(|&l| self.was_failed(u.lit(0, l))),
                )
            }
            // Cannot happen for a path the model gave; the full state is always right.
            _ => Cube::new(state.iter().copied()),
        };
        self.lift.s.add_clause(&[!act]);
        cube
    }

    /// Lifts the first state of a counterexample to the step case of the property (the path
    /// of `k + 1` states) into a root obligation of depth `k`.
    pub fn root(&mut self, path: &Trace) -> Obligation {
        self.stats.ctis += 1;
        Obligation {
            cube: self.lift(path, None),
            depth: self.k(),
        }
    }

    /// A cube `g ⊆ full` whose negation is an invariant, k-inductive relative to the lemmas,
    /// starting from `core` (the step case's core of `full`): the base case is checked for
    /// every candidate, literals are dropped while both cases hold (giving up after
    /// `mic_attempts` failures in a row, or when the budget or the time is up), and the result
    /// is proved once more.
    fn generalize(
        &mut self,
        base: &mut BmcUnrolling,
        core: Cube,
        full: &Cube,
        budget: &mut u64,
        until: Option<Instant>,
    ) -> Result<Option<Cube>, Interrupted> {
        let below = self.k() - 1;
        // `full`'s base case holds: it was checked when the obligation was made.
        let mut g = if self.reached(base, &core, below)?.is_none() {
            core
        } else {
            full.clone()
        };
        let order: Vec<Lit> = g.to_vec();
        let mut fails = 0;
        for l in order {
            if fails >= self.mic_attempts
                || *budget == 0
                || until.is_some_and(|u| Instant::now() >= u)
            {
                break;
            }
            if !g.contains(&l) || g.len() == 1 {
                continue;
            }
            let cand = g.filtered(|x| x != l);
            if self.reached(base, &cand, below)?.is_some() {
                fails += 1;
                continue;
            }
            *budget -= 1;
            match self.step(&cand) {
                Step::Inductive(core) => {
                    g = if core.len() < cand.len() && self.reached(base, &core, below)?.is_none() {
                        core
                    } else {
                        cand
                    };
                    fails = 0;
                }
                Step::Cti(..) | Step::Undecided => fails += 1,
            }
        }
        // Proved before it is learned (its base case was checked above).
        match self.step(&g) {
            Step::Inductive(_) => Ok(Some(g)),
            Step::Cti(..) | Step::Undecided => Ok(None),
        }
    }

    fn learn(&mut self, g: Cube) {
        self.stats.lemmas += 1;
        self.stats.lemma_lits += g.len() as u64;
        self.stats.deep_lemmas += u64::from(self.k() >= 2);
        self.assume(&g);
        self.learned.push(g);
    }

    fn keep_open(&mut self, chain: Vec<Obligation>) {
        for o in chain {
            if self.open.len() >= MAX_OPEN {
                self.open.pop_front();
            }
            self.open.push_back(o);
        }
    }

    /// Blocks `root` and the chain of obligations it needs, at most `k + 1` of them and within
    /// `budget` step queries (generalization's included) and the time until `until` (if any),
    /// checking each new obligation by the base case at every depth up to `k` (`base` must
    /// have `k + 1` frames).
    pub fn block(
        &mut self,
        root: Obligation,
        base: &mut BmcUnrolling,
        budget: &mut u64,
        until: Option<Instant>,
        ctl: &Control,
    ) -> Result<Found, Interrupted> {
        let k = self.k();
        let mut stack: Vec<Obligation> = Vec::new();
        let mut fresh = Some(root);
        loop {
            if ctl.should_stop() {
                return Err(Interrupted::Stop);
            }
            if let Some(o) = fresh.take() {
                self.stats.obligations += 1;
                if let Some(j) = self.reached(base, &o.cube, k)? {
                    self.stats.reached += 1;
                    return Ok(Found::Reached(j + o.depth));
                }
                stack.push(o);
            }
            let Some(top) = stack.last() else {
                return Ok(Found::Blocked);
            };
            if self.blocked(&top.cube) {
                stack.pop();
                continue;
            }
            if *budget == 0 || until.is_some_and(|u| Instant::now() >= u) {
                self.keep_open(stack);
                return Ok(Found::Open);
            }
            *budget -= 1;
            let (cube, depth) = (top.cube.clone(), top.depth);
            match self.step(&cube) {
                Step::Inductive(core) => match self.generalize(base, core, &cube, budget, until)? {
                    Some(g) => {
                        self.learn(g);
                        stack.pop();
                    }
                    // The result could not be proved again (within the budget): keep the
                    // chain for the base case.
                    None => {
                        self.keep_open(stack);
                        return Ok(Found::Open);
                    }
                },
                Step::Undecided => {
                    self.keep_open(stack);
                    return Ok(Found::Open);
                }
                Step::Cti(path) => {
                    if stack.len() > k {
                        self.keep_open(stack);
                        return Ok(Found::Open);
                    }
                    fresh = Some(Obligation {
                        cube: self.lift(&path, Some(&cube)),
                        depth: depth + k,
                    });
                }
            }
        }
    }

    /// Checks the open obligations at depth `k` (they were checked at every smaller one when
    /// made or in earlier rounds), dropping those the lemmas now block: the length of a
    /// counterexample if one is reached.
    pub fn check_open(
        &mut self,
        base: &mut BmcUnrolling,
        k: usize,
        ctl: &Control,
    ) -> Result<Option<usize>, Interrupted> {
        let open = std::mem::take(&mut self.open);
        self.open = open
            .into_iter()
            .filter(|o| !self.blocked(&o.cube))
            .collect();
        for i in 0..self.open.len() {
            if ctl.should_stop() {
                return Err(Interrupted::Stop);
            }
            self.stats.base_calls += 1;
            let o = &self.open[i];
            match base.reaches(k, o.cube.iter().copied()) {
                SatResult::Sat => {
                    self.stats.reached += 1;
                    return Ok(Some(k + o.depth));
                }
                SatResult::Unsat => {}
                SatResult::Unknown => return Err(Interrupted::Solver),
            }
        }
        Ok(None)
    }
}

/// A counterexample of exactly `depth` steps, by a fresh BMC query on `backend` (after an
/// obligation was reached); `None` if there is none (lifting is exact, so this should not
/// happen) or the engine must stop.
pub(crate) fn counterexample_at(
    ts: &TransitionSystem,
    cnf: &Arc<MappedCnf>,
    depth: usize,
    backend: SatBackend,
    ctl: &Control,
) -> Option<Trace> {
    let mut b = BmcUnrolling::new(backend, cnf.clone());
    for _ in 0..=depth {
        if ctl.should_stop() {
            return None;
        }
        b.extend(ts);
    }
    match b.reaches(depth, [ts.bad]) {
        SatResult::Sat => Some(b.trace(ts, depth)),
        _ => None,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;

    use pdrkit_logic::{Cube, Lit};
    use pdrkit_ts::cnf::MappedCnf;
    use pdrkit_ts::{Aig, AndGate, Latch, Reset, TransitionSystem};

    use super::{PropertyDirection, Step};
    use crate::kind::{self, KindConfig, KindStats};
    use crate::{Control, Outcome, Reason, SatBackend};

    /// Input `t`; latches `x`, `y1`, `y2`, all reset 0: `y2' = y2`, `y1' = y2`, `x' = y1 ∧ t`;
    /// the property "never x".
    ///
    /// The property is k-inductive for no k: from `y1 = y2 = 1`, `x` stays 0 while `t` is 0,
    /// as long as one likes, and then turns 1. `¬y1` is 2-inductive (two steps with `y1 = 0`
    /// mean `y2 = 0`) but not 1-inductive (`y1 = 0, y2 = 1` steps to `y1 = 1`).
    pub(crate) fn delayed_enable() -> (Aig, TransitionSystem) {
        let lit = |v: u32| Lit::from_code(2 * v);
        let (t, x, y1, y2, g) = (lit(1), lit(2), lit(3), lit(4), lit(5));
        let aig = Aig {
            max_var: 5,
            inputs: vec![t],
            latches: vec![
                Latch {
                    lit: x,
                    next: g,
                    reset: Reset::Zero,
                },
                Latch {
                    lit: y1,
                    next: y2,
                    reset: Reset::Zero,
                },
                Latch {
                    lit: y2,
                    next: y2,
                    reset: Reset::Zero,
                },
            ],
            ands: vec![AndGate {
                lhs: g,
                rhs0: y1,
                rhs1: t,
            }],
            bads: vec![x],
            ..Aig::default()
        };
        let ts = TransitionSystem::from_aig(&aig, None).unwrap();
        (aig, ts)
    }

    /// The system's latch literal of the model's latch `code`.
    pub(crate) fn latch(ts: &TransitionSystem, code: u32) -> Lit {
        ts.latch(ts.latch_index(Lit::from_code(code).var()).unwrap())
            .lit()
    }

    #[test]
    fn step_case_proves_a_cube_k_inductive_only_from_its_k() {
        let (_, ts) = delayed_enable();
        let mut pd = PropertyDirection::new(
            &ts,
            Arc::new(MappedCnf::new(&ts)),
            3,
            10_000,
            SatBackend::Minisat,
        );
        let y1 = Cube::new([latch(&ts, 6)]);
        pd.extend_to(1);
        // One step: `y1 = 0, y2 = 1` reaches `y1 = 1`; the counterexample's first state says so.
        match pd.step(&y1) {
            Step::Cti(path) => {
                let y2 = ts.latch_index(latch(&ts, 8).var()).unwrap();
                let y1 = ts.latch_index(latch(&ts, 6).var()).unwrap();
                assert!(path.init[y2] && !path.init[y1]);
                assert_eq!(path.inputs.len(), 2);
            }
            _ => panic!("¬y1 is not 1-inductive"),
        }
        pd.extend_to(2);
        match pd.step(&y1) {
            Step::Inductive(core) => assert_eq!(core, y1),
            _ => panic!("¬y1 is 2-inductive"),
        }
        assert_eq!(pd.stats.step_calls, 2);
    }

    #[test]
    fn kipdr_proves_what_k_induction_cannot_with_a_certificate_the_checker_accepts() {
        let (aig, ts) = delayed_enable();
        let bounded = |pd: bool| KindConfig {
            property_direction: pd,
            max_k: Some(6),
            ..KindConfig::default()
        };
        let mut st = KindStats::default();
        match kind::check(&ts, &bounded(false), &Control::new(), &mut st) {
            Outcome::Unknown(Reason::BoundReached { .. }) => {}
            o => panic!("k-induction alone cannot prove this: {o:?}"),
        }
        for sat in [SatBackend::Minisat, SatBackend::Pdrkit] {
            let cfg = KindConfig {
                sat,
                // Property direction may take any time: the run is too short to share it.
                pd_share: f64::INFINITY,
                ..bounded(true)
            };
            let mut st = KindStats::default();
            match kind::check(&ts, &cfg, &Control::new(), &mut st) {
                Outcome::Safe(proof) => {
                    assert!(st.pd.lemmas > 0);
                    let cert = proof.certificate(&ts, &aig).unwrap();
                    assert!(pdrkit_check::check_certificate(
                        &crate::proof::checker_model(&aig),
                        &crate::proof::checker_model(&cert)
                    )
                    .is_ok());
                }
                o => panic!("KIPDR on {sat}: {o:?}"),
            }
        }
    }
}
