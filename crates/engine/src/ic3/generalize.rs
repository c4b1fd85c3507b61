//! Generalization of a blocked cube: the unsat core first, then literal dropping (MIC,
//! Bradley's "down"), then pushing the result as high as it stays relative-inductive.
//!
//! Dropping tries the literals least active in earlier lemmas first, and those of the "parent
//! lemma" last: the lemma one level below that blocked the same states (Xia et al., CAV'23:
//! lemmas that look like their parent tend to be pushable, "i-good"). When a candidate fails,
//! its predecessor state is not thrown away:
//! - without CTG, the candidate is joined with it (only the literals the predecessor agrees
//!   with stay, so the next query cannot find it again; Bradley's `down`), and it is
//!   remembered with its successor: a later candidate that excludes the predecessor but
//!   contains the successor fails on that same pair, without a SAT query;
//! - with CTG (Hassan, Bradley and Somenzi, FMCAD'13), the lifted predecessor is blocked one
//!   level lower when it can be (at most `max` times per literal, with at most `limit`
//!   blocking queries each, its own predecessors blocked a level lower in turn when the
//!   limit allows, as rIC3's `ctg_limit`, but not below `ctg_recursion_floor`·k; the CTG
//!   lemma's own MIC uses CTG again down to `ctg_depth`), and the candidate is tried again;
//!   otherwise it is joined as above.
//!
//! How much CTG a generalization may spend ([`CtgBudget`]) is fixed by the configuration, or
//! chosen per obligation (dynamic generalization, after Su et al.'s DynAMic, 2025): CTG pays
//! where the same states keep coming back and costs queries everywhere else, so an obligation
//! gets CTG only when its successors on the way to the bad state were handled often, and more
//! of it the more often they were.
//!
//! CTG's queries may also require their predecessors to lie outside the cube `g` being
//! generalized (`ctg_outside`, as rIC3 does). That is sound: `g` is blocked at its level `n`
//! and misses the initial states, so by induction over the steps (frames grow with their
//! index) no state reachable within `n` steps lies in `g`. A CTG lemma `c` proved at level
//! `n - 1` under `F_{n-2} ∧ ¬g ∧ ¬c ∧ T ⇒ ¬c'` then holds in every state reachable within
//! `n - 1` steps by the same induction, since its predecessors, reachable within `n - 2`
//! steps, are outside `g`. And once MIC learns its result (a sub-cube of `g`, at level `≥ n`),
//! every frame below `n` excludes `g`, so `F_{n-2} ∧ ¬c ∧ T ⇒ ¬c'` holds as IC3 needs it.

use pdrkit_logic::{Cube, Lit};

use super::{Ic3, Purpose, Relind, Stop};

/// What CTG may spend in one generalization: counterexamples tried per literal drop (`max`;
/// 0: no CTG), and blocking queries per counterexample, its own predecessors' included
/// (`limit`; rIC3's `ctg_limit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CtgBudget {
    pub max: usize,
    pub limit: usize,
}

impl CtgBudget {
    /// No CTG: plain literal dropping.
    pub const NONE: CtgBudget = CtgBudget { max: 0, limit: 0 };

    /// This budget, raised to `floor` where `floor` gives more; unchanged by a floor without
    /// CTG (`max` 0).
    pub fn at_least(self, floor: CtgBudget) -> CtgBudget {
        if floor.max == 0 {
            return self;
        }
        CtgBudget {
            max: self.max.max(floor.max),
            limit: self.limit.max(floor.limit),
        }
    }

    /// The budget of an obligation whose successors were handled `act` times (the most
    /// active of the next three on its way to the bad state), after DynAMic (Su et al.,
    /// 2025): no CTG for most; from [`CTG_FROM`] on, a few counterexamples of one blocking
    /// query each, one more per 2 handlings; from [`MORE_FROM`] on, five counterexamples
    /// with a blocking budget that grows slowly with the activity.
    pub fn dynamic(act: f64) -> CtgBudget {
        if act < CTG_FROM {
            CtgBudget::NONE
        } else if act < MORE_FROM {
            CtgBudget {
                max: ((act - CTG_FROM) / 2.0) as usize + 2,
                limit: 1,
            }
        } else {
            CtgBudget {
                max: 5,
                limit: ((5.0 * (act - MORE_FROM)).powf(0.3) * 2.0 + 5.0).round() as usize,
            }
        }
    }
}

/// The successors' activity from which dynamic generalization uses CTG. DynAMic's thresholds
/// are 10 and 40 handlings; an obligation here counts its handlings with a decay of 0.6 per
/// level it moves up and is dropped beyond 20 (`drop_po`), and the successors' activities
/// seen at generalization are mostly 0 to 3 (on `frogs.5`, `divthree-p010`, `boblivea`), so
/// the thresholds are a fifth of DynAMic's, the shape kept.
const CTG_FROM: f64 = 2.0;
/// The successors' activity from which a counterexample's own predecessors are blocked too.
const MORE_FROM: f64 = 8.0;

/// Predecessor/successor pairs of failed candidates within one MIC, over the literals of the
/// cube MIC started from (bit `i` of a row: literal `i` holds in that state).
#[derive(Default)]
pub(super) struct CexCache {
    /// The literals MIC started from, and for each literal code its index there.
    full: Vec<Lit>,
    index: Vec<u32>,
    /// Per pair, `words` words for the predecessor, then `words` for the successor.
    rows: Vec<u64>,
    words: usize,
}

const NO_INDEX: u32 = u32::MAX;

impl CexCache {
    fn start(&mut self, full: &[Lit], num_codes: usize) {
        if self.index.len() < num_codes {
            self.index.resize(num_codes, NO_INDEX);
        }
        self.full.clear();
        self.full.extend_from_slice(full);
        for (i, l) in full.iter().enumerate() {
            self.index[l.code() as usize] = i as u32;
        }
        self.rows.clear();
        self.words = full.len().div_ceil(64);
    }

    fn finish(&mut self) {
        for l in &self.full {
            self.index[l.code() as usize] = NO_INDEX;
        }
        self.rows.clear();
    }

    /// Records a pair: `pred(l)` and `succ(l)` tell whether literal `l` holds in each state.
    fn record(&mut self, pred: impl Fn(Lit) -> bool, succ: impl Fn(Lit) -> bool) {
        let base = self.rows.len();
        self.rows.resize(base + 2 * self.words, 0);
        for (i, &l) in self.full.iter().enumerate() {
            if pred(l) {
                self.rows[base + i / 64] |= 1 << (i % 64);
            }
            if succ(l) {
                self.rows[base + self.words + i / 64] |= 1 << (i % 64);
            }
        }
    }

    /// Whether a recorded pair refutes `cand` (a subset of the starting literals): its
    /// predecessor is outside `cand` and its successor inside.
    fn refutes(&self, cand: &[Lit]) -> bool {
        let w = self.words;
        self.rows.chunks_exact(2 * w).any(|row| {
            let has = |off: usize, l: Lit| {
                let i = self.index[l.code() as usize];
                debug_assert!(i != NO_INDEX, "candidate literal outside the MIC cube");
                i != NO_INDEX && row[off + i as usize / 64] >> (i % 64) & 1 == 1
            };
            cand.iter().any(|&l| !has(0, l)) && cand.iter().all(|&l| has(w, l))
        })
    }
}

impl Ic3<'_> {
    /// Generalizes `core` (blocked at `level`), pushes it as high as it goes, and learns it;
    /// returns the level it was learned at.
    pub(super) fn generalize(
        &mut self,
        core: Cube,
        level: usize,
        ctg: CtgBudget,
    ) -> Result<usize, Stop> {
        let g = self.mic(core, level, 1, None, ctg)?;
        let (g, at) = self.push_forward(g, level)?;
        self.learn(g, at)?;
        Ok(at)
    }

    /// Learns `cube` at `level`. Every cube that reaches here is the core of an unsatisfiable
    /// relative-induction query at `level - 1` or above, so it needs no second proof; the
    /// certificate check of the final invariant stays the guarantee.
    fn learn(&mut self, cube: Cube, level: usize) -> Result<(), Stop> {
        self.add_lemma(cube, level, true);
        Ok(())
    }

    /// Pushes a cube blocked at `level` to the highest level `≤ k` where it is still
    /// relative-inductive, shrinking it by each query's core when configured.
    fn push_forward(&mut self, mut cube: Cube, mut level: usize) -> Result<(Cube, usize), Stop> {
        while level < self.k() {
            match self.relind(&cube, level, true, Purpose::Raise)? {
                Relind::Blocked(core) => {
                    if self.cfg.push_shrink {
                        cube = core;
                    }
                    level += 1;
                }
                Relind::Pred => break,
            }
        }
        Ok((cube, level))
    }

    /// The order in which MIC tries to drop the literals of `cube` (blocked at `level`).
    fn drop_order(&mut self, cube: &Cube, level: usize) -> Vec<Lit> {
        let mut order: Vec<Lit> = cube.to_vec();
        if self.cfg.mic_shuffle > 0.0 && self.rng.chance(self.cfg.mic_shuffle) {
            self.rng.shuffle(&mut order);
        } else {
            let seed = self.cfg.seed;
            let act = &self.activity;
            order.sort_by(|a, b| {
                act.get(*a)
                    .total_cmp(&act.get(*b))
                    .then_with(|| tie(*a, seed).cmp(&tie(*b, seed)))
            });
        }
        if self.cfg.parent_lemma && level >= 2 {
            if let Some(parent) = self.frames.subsumer_at(level - 1, cube) {
                // Stable: the parent's literals go last, each part keeps its order.
                order.sort_by_key(|&l| parent.set().contains(l));
            }
        }
        order
    }

    /// Literal dropping. `depth` counts CTG recursion (1 at the top); a CTG's lemma is
    /// generalized with its queries' predecessors `outside` the cube whose generalization
    /// found it (when [`Ic3Config::ctg_outside`](super::Ic3Config::ctg_outside) is on).
    fn mic(
        &mut self,
        cube: Cube,
        level: usize,
        depth: usize,
        outside: Option<&[Lit]>,
        ctg: CtgBudget,
    ) -> Result<Cube, Stop> {
        let with_ctg = ctg.max > 0 && depth <= self.cfg.ctg_depth;
        self.stats.mics += 1;
        self.stats.mic_lits += cube.len() as u64;
        let mut order = self.drop_order(&cube, level);
        let mut cex = std::mem::take(&mut self.cex_cache);
        if !with_ctg {
            cex.start(&order, self.activity.num_codes());
        }
        // Literals that could not be dropped: a join must not lose them.
        let mut kept: Vec<Lit> = Vec::new();
        let mut attempts = self.cfg.mic_attempts;
        let mut i = 0;
        let mut cand: Vec<Lit> = Vec::with_capacity(order.len());
        let result = loop {
            if i >= order.len() || order.len() <= 1 {
                break Ok(());
            }
            if self.ctl.should_stop() {
                break Err(Stop::Unknown(self.stopped()));
            }
            let lit = order[i];
            if kept.contains(&lit) {
                i += 1;
                continue;
            }
            cand.clear();
            cand.extend(order.iter().copied().filter(|&l| l != lit));
            let found = if with_ctg {
                self.ctg_down(&cand, &order, level, depth, &kept, outside, ctg)
            } else {
                self.down(&cand, level, &kept, &mut cex, outside)
            };
            match found {
                Err(stop) => break Err(stop),
                Ok(Some(g)) => {
                    // Keep the order; continue at the first literal not tried yet.
                    let tried = &order[..i];
                    let next = g.iter().filter(|&&l| tried.contains(&l)).count();
                    order.retain(|&l| g.set().contains(l));
                    i = next;
                    attempts = self.cfg.mic_attempts;
                }
                Ok(None) => {
                    kept.push(lit);
                    i += 1;
                    // Several literals in a row that cannot go: the cube is about minimal
                    // (IC3ref's `micAttempts`; 0: try them all).
                    if self.cfg.mic_attempts > 0 {
                        attempts -= 1;
                        if attempts == 0 {
                            break Ok(());
                        }
                    }
                }
            }
        };
        if !with_ctg {
            cex.finish();
        }
        self.cex_cache = cex;
        result?;
        Ok(Cube::new(order))
    }

    /// Bradley's `down` without CTG: tries to show `cand` blocked at `level`, joining it with
    /// each predecessor found. `None` when it fails (a kept literal would go, or the candidate
    /// meets the initial states, or a remembered pair refutes it).
    fn down(
        &mut self,
        cand: &[Lit],
        level: usize,
        kept: &[Lit],
        cex: &mut CexCache,
        outside: Option<&[Lit]>,
    ) -> Result<Option<Cube>, Stop> {
        let mut cube = Cube::new(cand.iter().copied());
        loop {
            if !self.initiation(&cube) {
                return Ok(None);
            }
            if cex.refutes(&cube) {
                self.stats.cex_hits += 1;
                return Ok(None);
            }
            match self.relind_outside(&cube, level - 1, true, outside, Purpose::Generalize)? {
                Relind::Blocked(core) => return Ok(Some(core)),
                Relind::Pred => {
                    let at = level - 1;
                    let layout = &self.layout;
                    cex.record(
                        |l| self.value_at(at, l) == Some(true),
                        |l| self.value_at(at, layout.prime(l)) == Some(true),
                    );
                    if kept
                        .iter()
                        .any(|&k| cube.set().contains(k) && self.value_at(at, k) != Some(true))
                    {
                        return Ok(None);
                    }
                    // Join: keep the literals the predecessor satisfies; with pdrkit's solver,
                    // drop also those it satisfies by chance (the model stays one without
                    // them, so a predecessor exists with either value).
                    let flip = self.cfg.join_flip;
                    let s = &mut self.solvers[at];
                    cube = cube.filtered(|l| {
                        s.value(l) == Some(true)
                            && (!flip || kept.contains(&l) || !s.flip_to_none(l.var()))
                    });
                }
            }
        }
    }

    /// `down` with counterexamples to generalization: a predecessor that is not initial and is
    /// blocked one level lower (within the budget) is learned as a lemma, and the candidate
    /// tried again; otherwise the candidate is joined with it. `full` is the cube MIC holds now
    /// (`cand` and one more literal), blocked at `level`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn ctg_down(
        &mut self,
        cand: &[Lit],
        full: &[Lit],
        level: usize,
        depth: usize,
        kept: &[Lit],
        outside: Option<&[Lit]>,
        budget: CtgBudget,
    ) -> Result<Option<Cube>, Stop> {
        let mut cube = Cube::new(cand.iter().copied());
        let mut ctgs = 0;
        loop {
            // One literal's drop can ask thousands of queries here (each failed CTG costs up
            // to its budget, and a long cube fails many times), and a deadline does not
            // interrupt a SAT call: without this check a time limit finds the run here and
            // the CLI prints the counters of the last finished level instead of the run's.
            // (`block_ctg` below asks at most the budget's `limit` queries, about a dozen.)
            if self.ctl.should_stop() {
                return Err(Stop::Unknown(self.stopped()));
            }
            if !self.initiation(&cube) {
                return Ok(None);
            }
            match self.relind_outside(&cube, level - 1, true, outside, Purpose::Generalize)? {
                Relind::Blocked(core) => return Ok(Some(core)),
                Relind::Pred => {
                    let at = level - 1;
                    if kept
                        .iter()
                        .any(|&k| cube.set().contains(k) && self.value_at(at, k) != Some(true))
                    {
                        return Ok(None);
                    }
                    let (state, inputs) = self.model_of(at);
                    let try_ctg = ctgs < budget.max && level >= 2;
                    if try_ctg {
                        // The lifted predecessor, or the whole state (rIC3).
                        let ctg = if self.cfg.ctg_lift {
                            let targets: Vec<Lit> =
                                cube.iter().map(|&l| self.layout.prime(l)).collect();
                            self.lift(&state, &inputs, &targets)
                        } else {
                            Cube::new(state.iter().copied())
                        };
                        let within = self.cfg.ctg_outside.then_some(full);
                        let mut attempts = budget.limit;
                        if self.block_ctg(&ctg, level - 1, depth, within, budget, &mut attempts)? {
                            ctgs += 1;
                            self.stats.ctgs += 1;
                            continue;
                        }
                    }
                    ctgs = 0;
                    // Join with the whole predecessor state.
                    let pred = Cube::new(state);
                    cube = cube.filtered(|l| pred.set().contains(l));
                }
            }
        }
    }

    /// Tries to block a counterexample to generalization `s` at `level` (its predecessors
    /// `outside` the cube being generalized, when given), spending one of `attempts` per
    /// query: when it is blocked, generalizes the core (with CTG only below the depth limit,
    /// and `outside` the same cube), pushes and learns it; when it has a predecessor and
    /// attempts remain and the level below is not under the recursion floor, blocks that one
    /// a level lower the same way and tries again (rIC3's CTG limit; with one attempt, one
    /// query).
    fn block_ctg(
        &mut self,
        s: &Cube,
        level: usize,
        depth: usize,
        outside: Option<&[Lit]>,
        budget: CtgBudget,
        attempts: &mut usize,
    ) -> Result<bool, Stop> {
        if level == 0 || *attempts == 0 || !self.initiation(s) {
            return Ok(false);
        }
        *attempts -= 1;
        loop {
            match self.relind_outside(s, level - 1, true, outside, Purpose::Ctg)? {
                Relind::Blocked(core) => {
                    let c = self.mic(core, level, depth + 1, outside, budget)?;
                    let (c, at) = self.push_forward(c, level)?;
                    self.learn(c, at)?;
                    return Ok(true);
                }
                Relind::Pred => {
                    let floor = self.cfg.ctg_recursion_floor * self.k() as f64;
                    if *attempts == 0 || level < 2 || ((level - 1) as f64) < floor {
                        return Ok(false);
                    }
                    let (state, inputs) = self.model_of(level - 1);
                    let targets: Vec<Lit> = s.iter().map(|&l| self.layout.prime(l)).collect();
                    let pred = self.lift(&state, &inputs, &targets);
                    if !self.block_ctg(&pred, level - 1, depth, outside, budget, attempts)? {
                        return Ok(false);
                    }
                }
            }
        }
    }
}

/// A seed-dependent tie-breaker between literals of equal activity.
#[inline]
fn tie(l: Lit, seed: u64) -> u64 {
    (u64::from(l.code()) ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The random source of the occasional shuffled drop order, seeded from the configuration
/// ([`Rng::new`]): the same seed gives the same run.
pub(super) use pdrkit_logic::rng::Rng;
