//! Property direction for k-induction: KIPDR, Algorithm 1 of Beyer and Dangl ("Software
//! Verification with PDR", TACAS 2020), on AIGER transition systems.
//!
//! When the step case of k-induction fails, the bad state of its counterexample is lifted into
//! a proof obligation (a cube of states from which the property fails in `depth` steps).
//! Obligations are blocked as IC3 blocks them, but against a single frame, the auxiliary
//! invariant: a cube whose negation is inductive relative to it is generalized (the unsat core,
//! then dropping literals while it stays inductive), re-verified, and conjoined to it as a new
//! lemma; a cube that is not inductive yields its lifted predecessor as a new obligation one
//! step further from bad.
//!
//! Chains are followed only up to k steps: k grows instead ("eagerly"), and the obligations
//! left open go to the unrolling. The base case checks them at every depth: an initial path
//! that reaches an obligation of depth d at depth j means a counterexample of length j + d,
//! which a fresh BMC query at exactly that depth then produces. Long chains thus cost one BMC
//! query rather than many one-step ones.
//!
//! Every lemma is inductive relative to the lemmas before it, so their conjunction is an
//! invariant: the step case assumes it in every frame, the proof names it, and the portfolio's
//! lemma pool shares it with IC3.

use std::collections::VecDeque;

use pdrkit_logic::{Cube, Lit, SatResult, SatSolver};
use pdrkit_ts::TransitionSystem;

use crate::sat::AnySolver;
use crate::unroll::Unroller;
use crate::{Control, SatBackend, Trace};

/// A cube of states from which a bad state is reachable in `depth` steps (with the inputs
/// lifting fixed).
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

/// Counters of property direction.
#[derive(Clone, Debug, Default)]
pub struct PdStats {
    /// Counterexamples to the step case turned into obligations.
    pub ctis: u64,
    /// Obligations handled (roots and predecessors).
    pub obligations: u64,
    /// Relative-induction queries (blocking, generalization, verification).
    pub relind_calls: u64,
    /// Lifting queries.
    pub lift_calls: u64,
    /// Lemmas learned (conjoined to the auxiliary invariant).
    pub lemmas: u64,
    /// Sum of the learned lemmas' lengths.
    pub lemma_lits: u64,
    /// Base-case queries for open obligations.
    pub open_checks: u64,
    /// Solver rebuilds.
    pub rebuilds: u64,
}

/// A one-step solver: the state (frame 0) and, when constraints need it, the successor's
/// frame. `constrained`: the constraints hold in both and the lemmas are loaded (for
/// relative induction); otherwise nothing is assumed (for lifting).
struct OneStep {
    s: AnySolver,
    u: Unroller,
    constrained: bool,
    acts: usize,
}

impl OneStep {
    fn new(ts: &TransitionSystem, backend: SatBackend, constrained: bool, lemmas: &[Cube]) -> Self {
        let mut s = AnySolver::new(backend);
        let mut u = Unroller::new(ts);
        u.add_frame(ts, &mut s, false);
        if constrained {
            // The successor's constraints read its inputs: only then is a second frame needed.
            if !ts.constraints.is_empty() {
                u.add_frame(ts, &mut s, false);
            }
            for &c in &ts.constraints {
                s.add_clause(&[u.lit(0, c)]);
                s.add_clause(&[u.lit(1, c)]);
            }
        }
        let mut me = OneStep {
            s,
            u,
            constrained,
            acts: 0,
        };
        for l in lemmas {
            me.add_lemma(ts, l);
        }
        me
    }

    /// The solver literal of latch literal `l` in the successor state.
    fn next(&self, ts: &TransitionSystem, l: Lit) -> Lit {
        let i = ts.latch_index(l.var()).expect("cubes are over latches");
        self.u.lit(0, ts.next[i]).xor(l.is_neg())
    }

    /// The lemma `¬cube` in the state and (the lemmas being inductive) in its successor.
    fn add_lemma(&mut self, ts: &TransitionSystem, cube: &Cube) {
        let now: Vec<Lit> = cube.iter().map(|&l| !self.u.lit(0, l)).collect();
        self.s.add_clause(&now);
        let next: Vec<Lit> = cube.iter().map(|&l| !self.next(ts, l)).collect();
        self.s.add_clause(&next);
    }

    /// A fresh activation literal for one temporary clause.
    fn activation(&mut self) -> Lit {
        self.acts += 1;
        self.s.new_var().lit()
    }
}

/// What a relative-induction query found.
enum Relind {
    /// `Inv ∧ C ∧ ¬c ∧ T ∧ C' ⇒ ¬c'`: the sub-cube of `c` in the core.
    Blocked(Cube),
    /// A predecessor state (every latch) and its inputs.
    Pred(Vec<Lit>, Vec<bool>),
}

/// The property-direction half of KIPDR: the lemmas, the one-step solvers and the open
/// obligations.
pub(crate) struct PropertyDirection<'a> {
    ts: &'a TransitionSystem,
    rel: OneStep,
    lift: OneStep,
    /// Every lemma the relative-induction solver holds (own and imported), in order.
    lemmas: Vec<Cube>,
    /// Lemmas learned since the last [`take_learned`](Self::take_learned).
    learned: Vec<Cube>,
    /// Obligations whose chain was cut; the base case looks for them.
    pub open: VecDeque<Obligation>,
    mic_attempts: usize,
    /// The backend of the one-step solvers, for their rebuilds.
    backend: SatBackend,
    rebuild_after: usize,
    failed: Vec<Lit>,
    pub stats: PdStats,
}

/// How many open obligations the base case keeps checking (the oldest go first).
const MAX_OPEN: usize = 256;

impl<'a> PropertyDirection<'a> {
    pub fn new(ts: &'a TransitionSystem, mic_attempts: usize, backend: SatBackend) -> Self {
        PropertyDirection {
            ts,
            rel: OneStep::new(ts, backend, true, &[]),
            lift: OneStep::new(ts, backend, false, &[]),
            lemmas: Vec::new(),
            learned: Vec::new(),
            open: VecDeque::new(),
            mic_attempts,
            backend,
            rebuild_after: 1000,
            failed: Vec::new(),
            stats: PdStats::default(),
        }
    }

    /// Assumes an invariant proved elsewhere (each must be inductive relative to those before).
    pub fn assume(&mut self, cube: &Cube) {
        self.rel.add_lemma(self.ts, cube);
        self.lemmas.push(cube.clone());
    }

    /// The lemmas learned since the last call.
    pub fn take_learned(&mut self) -> Vec<Cube> {
        std::mem::take(&mut self.learned)
    }

    /// Whether a cube meets no initial state.
    fn initiation(&self, cube: &Cube) -> bool {
        cube.iter().any(|&l| self.ts.contradicts_init(l))
    }

    /// Whether a lemma already excludes every state of `cube`.
    fn blocked(&self, cube: &Cube) -> bool {
        self.lemmas.iter().any(|l| l.subsumes(cube))
    }

    /// The solver's literals of the last failed assumptions, sorted for lookups.
    fn read_failed(&mut self, lifting: bool) {
        let s = if lifting { &self.lift.s } else { &self.rel.s };
        self.failed.clear();
        self.failed.extend_from_slice(s.failed_assumptions());
        self.failed.sort_unstable();
    }

    fn was_failed(&self, l: Lit) -> bool {
        self.failed.binary_search(&l).is_ok()
    }

    /// `Inv ∧ C ∧ ¬cube ∧ T ∧ C' ∧ cube'`.
    fn relind(&mut self, cube: &Cube) -> Result<Relind, Interrupted> {
        if self.rel.acts >= self.rebuild_after {
            self.rel = OneStep::new(self.ts, self.backend, true, &self.lemmas);
            self.stats.rebuilds += 1;
        }
        let ts = self.ts;
        let act = self.rel.activation();
        let mut clause = vec![!act];
        clause.extend(cube.iter().map(|&l| !self.rel.u.lit(0, l)));
        self.rel.s.add_clause(&clause);
        let mut assumptions = vec![act];
        assumptions.extend(cube.iter().map(|&l| self.rel.next(ts, l)));
        self.stats.relind_calls += 1;
        let r = self.rel.s.solve(&assumptions);
        let answer = match r {
            SatResult::Unsat => {
                self.read_failed(false);
                let core = cube.filtered(|l| self.was_failed(self.rel.next(ts, l)));
                Ok(Relind::Blocked(core))
            }
            SatResult::Sat => {
                let u = &self.rel.u;
                let state = (0..ts.num_latches())
                    .map(|i| {
                        let v = ts.latch(i);
                        v.lit_with(!self.rel.s.value(u.var_lit(0, v)).unwrap_or(false))
                    })
                    .collect();
                let inputs = (0..ts.num_inputs())
                    .map(|i| self.rel.s.value(u.var_lit(0, ts.input(i))).unwrap_or(false))
                    .collect();
                Ok(Relind::Pred(state, inputs))
            }
            SatResult::Unknown => Err(Interrupted::Solver),
        };
        self.rel.s.add_clause(&[!act]);
        answer
    }

    /// Shrinks `state` to the latches that, with these inputs, force the constraints and
    /// either a bad state (`succ` = `None`) or a successor in `succ`.
    fn lift(&mut self, state: &[Lit], inputs: &[bool], succ: Option<&Cube>) -> Cube {
        if self.lift.acts >= self.rebuild_after {
            self.lift = OneStep::new(self.ts, self.backend, false, &[]);
            self.stats.rebuilds += 1;
        }
        let ts = self.ts;
        debug_assert!(!self.lift.constrained);
        let act = self.lift.activation();
        // act → ¬(C ∧ target): the target fails for every state of the core.
        let mut clause = vec![!act];
        clause.extend(ts.constraints.iter().map(|&c| !self.lift.u.lit(0, c)));
        match succ {
            None => clause.push(!self.lift.u.lit(0, ts.bad)),
            Some(c) => clause.extend(c.iter().map(|&l| !self.lift.next(ts, l))),
        }
        self.lift.s.add_clause(&clause);
        let mut assumptions = vec![act];
        assumptions.extend(
            inputs
                .iter()
                .enumerate()
                .map(|(i, &b)| self.lift.u.lit(0, ts.input(i).lit_with(!b))),
        );
        assumptions.extend(state.iter().map(|&l| self.lift.u.lit(0, l)));
        self.stats.lift_calls += 1;
        let cube = match self.lift.s.solve(&assumptions) {
            SatResult::Unsat => {
                self.read_failed(true);
                Cube::new(
                    state
                        .iter()
                        .copied()
                        .filter(|&l| self.was_failed(self.lift.u.lit(0, l))),
                )
            }
            // Cannot happen for a state the model gave; the full state is always right.
            _ => Cube::new(state.iter().copied()),
        };
        self.lift.s.add_clause(&[!act]);
        cube
    }

    /// Lifts the bad state of a step counterexample into a root obligation.
    pub fn root(&mut self, state: &[Lit], inputs: &[bool]) -> Obligation {
        self.stats.ctis += 1;
        Obligation {
            cube: self.lift(state, inputs, None),
            depth: 0,
        }
    }

    /// `core` (a sub-cube of `full`), with a literal of `full` added back if it needs one to
    /// stay disjoint from the initial states.
    fn with_initiation(&self, core: Cube, full: &Cube) -> Cube {
        if self.initiation(&core) {
            return core;
        }
        match full.iter().find(|&&l| self.ts.contradicts_init(l)) {
            Some(&l) => Cube::new(core.iter().copied().chain([l])),
            None => full.clone(),
        }
    }

    /// Drops literals of a blocked cube while it stays inductive relative to the lemmas
    /// (giving up after `mic_attempts` failures in a row), then re-verifies the result.
    fn generalize(&mut self, core: Cube, full: &Cube) -> Result<Option<Cube>, Interrupted> {
        let mut g = self.with_initiation(core, full);
        let order: Vec<Lit> = g.to_vec();
        let mut fails = 0;
        for l in order {
            if !g.contains(&l) || g.len() == 1 {
                continue;
            }
            let cand = g.filtered(|x| x != l);
            if !self.initiation(&cand) {
                continue;
            }
            match self.relind(&cand)? {
                Relind::Blocked(core) => {
                    g = self.with_initiation(core, &cand);
                    fails = 0;
                }
                Relind::Pred(..) => {
                    fails += 1;
                    if fails >= self.mic_attempts {
                        break;
                    }
                }
            }
        }
        // Re-verify before learning: initiation and relative induction, from scratch.
        if self.initiation(&g) && matches!(self.relind(&g)?, Relind::Blocked(_)) {
            Ok(Some(g))
        } else {
            Ok(None)
        }
    }

    fn learn(&mut self, g: Cube) {
        self.stats.lemmas += 1;
        self.stats.lemma_lits += g.len() as u64;
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

    /// Blocks `root` and the chain of predecessors it needs, within `max_depth` steps from bad
    /// and `budget` relative-induction queries. `Ok(true)`: the root is blocked by the lemmas;
    /// `Ok(false)`: the chain was cut (depth, budget or initial states) and kept open.
    pub fn block(
        &mut self,
        root: Obligation,
        max_depth: usize,
        budget: &mut u64,
        ctl: &Control,
    ) -> Result<bool, Interrupted> {
        let mut stack = vec![root];
        self.stats.obligations += 1;
        while let Some(top) = stack.last() {
            if ctl.should_stop() {
                return Err(Interrupted::Stop);
            }
            if self.blocked(&top.cube) {
                stack.pop();
                continue;
            }
            if *budget == 0 || !self.initiation(&top.cube) {
                self.keep_open(stack);
                return Ok(false);
            }
            *budget -= 1;
            let (cube, depth) = (top.cube.clone(), top.depth);
            match self.relind(&cube)? {
                Relind::Blocked(core) => {
                    match self.generalize(core, &cube)? {
                        Some(g) => self.learn(g),
                        // Generalization went wrong (it never should): learn the cube itself,
                        // which the query just proved, after one more check.
                        None => match self.relind(&cube)? {
                            Relind::Blocked(_) => self.learn(cube),
                            Relind::Pred(..) => {
                                self.keep_open(stack);
                                return Ok(false);
                            }
                        },
                    }
                    stack.pop();
                }
                Relind::Pred(state, inputs) => {
                    let p = self.lift(&state, &inputs, Some(&cube));
                    self.stats.obligations += 1;
                    stack.push(Obligation {
                        cube: p,
                        depth: depth + 1,
                    });
                    if depth + 1 > max_depth {
                        self.keep_open(stack);
                        return Ok(false);
                    }
                }
            }
        }
        Ok(true)
    }

    /// Drops open obligations the lemmas now block.
    pub fn prune_open(&mut self) {
        let open = std::mem::take(&mut self.open);
        self.open = open
            .into_iter()
            .filter(|o| !self.blocked(&o.cube))
            .collect();
    }
}

/// A counterexample of exactly `depth` steps, by a fresh BMC query on `backend` (after an open
/// obligation was reached); `None` if there is none (lifting is exact, so this should not
/// happen) or the engine must stop.
pub(crate) fn counterexample_at(
    ts: &TransitionSystem,
    depth: usize,
    backend: SatBackend,
    ctl: &Control,
) -> Option<Trace> {
    let mut s = AnySolver::new(backend);
    let mut u = Unroller::new(ts);
    for k in 0..=depth {
        if ctl.should_stop() {
            return None;
        }
        u.add_frame(ts, &mut s, true);
        for &c in &ts.constraints {
            s.add_clause(&[u.lit(k, c)]);
        }
    }
    match s.solve(&[u.lit(depth, ts.bad)]) {
        SatResult::Sat => Some(u.trace(ts, &s, depth)),
        _ => None,
    }
}
