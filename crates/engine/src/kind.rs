//! k-induction: a base case (BMC from the initial states) and a step case (k+1 unrolled frames
//! from any state, the constraints assumed in all of them and the property in the first k, the
//! property violated in the last) on two incremental solvers, one frame more per round.
//!
//! Simple-path constraints (all states of the step path pairwise distinct) are added lazily,
//! only for the pairs of equal states a step counterexample shows, or eagerly for every pair.
//! A proof that needed them is reported as such: its certificate construction differs.
//!
//! With property direction on, this is KIPDR (`kipdr.rs`): the first state of a failed step
//! case yields a proof obligation, proved unreachable, where possible, by k-inductive lemmas
//! of the auxiliary invariant, and the obligations left open are looked for by the base case.
//! Property direction gets a share of the run's time ([`KindConfig::pd_share`]) on top of a
//! fixed allowance ([`PD_GRACE`]), so that it never delays by much the proofs plain k-induction
//! finds: many of its wins are quick ones at small k, where a share of the little time the
//! rest has taken would not let it start. The share halves after every round of k in which
//! property direction worked and learned no lemma (its obligations all stayed open), and is
//! whole again after a round that learned one: on designs whose counterexamples to the step
//! case are not k-inductively blockable it otherwise doubles the time of k-induction's own
//! proofs and counterexamples, for nothing. Off, this is plain k-induction
//! (KI). Either way, the auxiliary invariant may also take in the lemmas other engines of a
//! portfolio proved (the paper's `get_currently_known_invariant`).
//!
//! The base case is the one unrolling from the initial states that BMC uses
//! (`unroll::BmcUnrolling`), and the obligations' checks ask it too.
//!
//! A run reads in one pass: `Run::round` is one k, in order `base_case` (depth k),
//! `check_open` (the open obligations at depth k), `extend_step` (frame k of the step case),
//! then the step case asked until it holds (`proved`: the proof, its certificate cut by
//! `needed_aux`) or fails with property direction off, out of budget or out of time; each
//! failure with property direction on goes to `direct`, which blocks its first state.
//! `PdClock` keeps property direction's time, and `import_lemmas` takes in the portfolio's.

use std::sync::Arc;
use std::time::{Duration, Instant};

use pdrkit_logic::{Cube, Lit, SatResult, SatSolver};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

pub use crate::kipdr::PdStats;
use crate::kipdr::{self, Found, Interrupted, PropertyDirection};
use crate::sat::AnySolver;
use crate::stat::stats;
use crate::unroll::{BmcUnrolling, Unroller};
use crate::{Control, Outcome, Proof, Reason, SatBackend};

/// Property direction's time beyond its share: at the start of a run the base and step cases
/// have taken almost nothing, and a share of nothing would never let it start.
const PD_GRACE: Duration = Duration::from_secs(1);

/// Barren rounds (property direction worked, learned nothing) after which its share stops
/// halving: 2^-10 of the rest is as good as nothing, and the count must not overflow.
const MAX_BARREN: i32 = 10;

/// When simple-path constraints are added to the step case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimplePath {
    /// Never: plain k-induction, complete only for properties that are k-inductive.
    Off,
    /// For a pair of states only when a step counterexample repeats a state.
    Lazy,
    /// For every pair of states as frames are added.
    Eager,
}

impl std::str::FromStr for SimplePath {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(SimplePath::Off),
            "lazy" => Ok(SimplePath::Lazy),
            "eager" => Ok(SimplePath::Eager),
            _ => Err(format!("unknown simple-path mode '{s}' (off, lazy, eager)")),
        }
    }
}

impl std::fmt::Display for SimplePath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SimplePath::Off => "off",
            SimplePath::Lazy => "lazy",
            SimplePath::Eager => "eager",
        })
    }
}

/// Options of k-induction and KIPDR, declared once: the defaults are [`KindConfig::DEFAULT`];
/// with the `cli` feature the struct is also the command line (`clap::Args`).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(
    feature = "cli",
    command(next_help_heading = "k-induction and KIPDR options")
)]
pub struct KindConfig {
    /// Simple-path constraints in the step case: off, lazy (for the states a step
    /// counterexample repeats) or eager. A proof that needed them cannot be certified and
    /// answers unknown.
    #[cfg_attr(feature = "cli", arg(long, value_name = "MODE",
        default_value_t = Self::DEFAULT.simple_path))]
    pub simple_path: SimplePath,
    /// Give up (unknown) after this k (the CLI's `--bound`).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.max_k))]
    pub max_k: Option<usize>,
    /// Property direction (KIPDR): failed step cases become obligations and lemmas (the CLI's
    /// `--engine kipdr`).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.property_direction))]
    pub property_direction: bool,
    /// Assume the lemmas a portfolio's other engines proved inductive (the paper's external
    /// invariant source; the CLI's `--no-share` turns it off).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.external_invariants))]
    pub external_invariants: bool,
    /// KIPDR: step queries of obligations per k (blocking, generalizing, re-proving) before k
    /// grows.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.pd_budget))]
    pub pd_budget: u64,
    /// KIPDR: property direction's time may be at most this multiple of the rest's (the
    /// property's base and step cases), plus a second; it halves after a round of k that
    /// learned nothing.
    #[cfg_attr(feature = "cli", arg(long, value_name = "X", hide = true,
        default_value_t = Self::DEFAULT.pd_share))]
    pub pd_share: f64,
    /// KIPDR: literal-dropping failures in a row before generalization stops.
    #[cfg_attr(feature = "cli", arg(long = "pd-mic-attempts", id = "pd_mic_attempts", value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.mic_attempts))]
    pub mic_attempts: usize,
    /// KIPDR: conflicts one step query of an obligation may take before it counts as
    /// undecided (the obligation stays open, or the literal stays in).
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.pd_conflicts))]
    pub pd_conflicts: u64,
    /// The SAT solver of every solver of the engine (the CLI's `--sat`).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.sat))]
    pub sat: SatBackend,
    /// Progress to stderr (the CLI's `-v`).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.verbose))]
    pub verbose: bool,
    /// What progress lines start with (a portfolio names its worker).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.name))]
    pub name: &'static str,
}

impl KindConfig {
    /// The defaults, written once.
    pub const DEFAULT: KindConfig = KindConfig {
        simple_path: SimplePath::Off,
        max_k: None,
        property_direction: false,
        external_invariants: true,
        pd_budget: 1000,
        mic_attempts: 3,
        pd_conflicts: 10_000,
        pd_share: 0.5,
        sat: SatBackend::Minisat,
        verbose: false,
        name: "kind",
    };

    /// Rejects values outside their range.
    pub fn validate(&self) -> Result<(), crate::config::ConfigError> {
        if !(self.pd_share >= 0.0 && self.pd_share.is_finite()) {
            return Err(crate::config::ConfigError::Range(
                "pd-share",
                "a non-negative number",
            ));
        }
        Ok(())
    }
}

impl Default for KindConfig {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl KindConfig {
    /// KIPDR's defaults: k-induction with property direction.
    pub fn kipdr() -> Self {
        KindConfig {
            property_direction: true,
            ..Self::default()
        }
    }
}

stats! {
    /// Counters of a k-induction run. The statistics are shown in this order.
    #[derive(Clone, Debug, Default)]
    pub struct KindStats {
        /// The last k tried.
        k: usize,
        /// SAT calls of the base case (with the fresh BMC queries that turn a reached open
        /// obligation into a counterexample).
        base_calls: u64 => "sat_base",
        /// SAT calls of the step case.
        step_calls: u64 => "sat_step",
        /// Simple-path constraints added (pairs of frames).
        simple_path_pairs: u64,
        /// Invariants received from other engines.
        aux_lemmas: u64,
        /// Auxiliary lemmas the proof's certificate carries (those the step case and the kept
        /// lemmas' own step cases need; see `needed_aux`).
        aux_kept: u64,
        /// Property direction (KIPDR).
        pd: PdStats => ..,
    }
}

/// The step-case solver: frames from any state, constraints everywhere, the property assumed in
/// all frames but the last.
struct Step {
    s: AnySolver,
    u: Unroller,
    distinct: Vec<(usize, usize)>,
    /// Invariants from other engines, assumed in every frame.
    aux: Vec<Cube>,
}

impl Step {
    /// Adds invariant `¬cube` to frame `f`.
    fn add_aux(&mut self, f: usize, cube: &Cube) {
        self.u.exclude(&mut self.s, f, cube);
    }

    /// Adds every auxiliary invariant so far to frame `f` (a new frame).
    fn add_all_aux(&mut self, f: usize) {
        for cube in &self.aux {
            self.u.exclude(&mut self.s, f, cube);
        }
    }

    /// Adds `s_i ≠ s_j` as clauses over fresh difference variables.
    fn add_distinct(&mut self, ts: &TransitionSystem, i: usize, j: usize) {
        let mut diff = Vec::with_capacity(ts.num_latches());
        for l in 0..ts.num_latches() {
            let a = self.u.var_lit(i, ts.latch(l));
            let b = self.u.var_lit(j, ts.latch(l));
            if a == b {
                continue;
            }
            // d → (a ≠ b)
            let d = self.s.new_var().lit();
            self.s.add_clause(&[!d, a, b]);
            self.s.add_clause(&[!d, !a, !b]);
            diff.push(d);
        }
        self.s.add_clause(&diff);
        self.distinct.push((i, j));
    }

    /// A pair of equal states in the last model, if any.
    fn repeated_pair(&self, ts: &TransitionSystem, k: usize) -> Option<(usize, usize)> {
        let state = |f: usize| -> Vec<bool> {
            (0..ts.num_latches())
                .map(|l| {
                    self.s
                        .value(self.u.var_lit(f, ts.latch(l)))
                        .unwrap_or(false)
                })
                .collect()
        };
        let states: Vec<Vec<bool>> = (0..=k).map(state).collect();
        for i in 0..=k {
            for j in i + 1..=k {
                if states[i] == states[j] && !self.distinct.contains(&(i, j)) {
                    return Some((i, j));
                }
            }
        }
        None
    }
}

/// The auxiliary lemmas (indices into `aux`, in order) a `k`-induction proof of the property
/// under `aux` needs, or `None` when that cannot be shown (a query not unsatisfiable or
/// interrupted: the caller keeps them all).
///
/// The certificate of a k-induction proof makes the checker prove every auxiliary lemma
/// k-inductive again, one SAT query per lemma over the certificate's whole history (k copies
/// of the design, with the base case folded in), and that dominates the time of an answer:
/// on `zipcpu-zipmmu-p31`, 8-inductive with 92 lemmas of KIPDR, the check took minutes where
/// the property's alone takes 3 s. Most lemmas served to block obligations the final step
/// case no longer meets. So, on an unrolling of `k + 1` frames with the property in the first
/// `k`, the property's step case and then each needed lemma's own are asked with every
/// lemma behind activation literals, and the unsatisfiable cores name what is needed. A
/// lemma's own step case assumes the lemmas in the first `k` frames, and in the last only
/// those before it in `aux` (the order of the certificate's conjuncts), so that no two lemmas
/// prove each other; the last frame's lemmas are assumed only when a goal needs them. What
/// this leaves out changes only the certificate; the checker still decides whether it is one.
fn needed_aux(
    ts: &TransitionSystem,
    cnf: &Arc<MappedCnf>,
    backend: SatBackend,
    k: usize,
    aux: &[Cube],
) -> Option<Vec<usize>> {
    if aux.is_empty() {
        return Some(Vec::new());
    }
    let mut s = AnySolver::new(backend);
    let mut u = Unroller::with_cnf(cnf.clone());
    for f in 0..=k {
        u.add_frame(ts, &mut s, false);
        for &c in &ts.constraints {
            s.add_clause(&[u.lit(f, c)]);
        }
        if f < k {
            s.add_clause(&[!u.lit(f, ts.bad)]);
        }
    }
    // Per lemma: `before` switches it on in frames 0..k, `last` in frame k.
    let acts: Vec<(Lit, Lit)> = aux
        .iter()
        .map(|cube| {
            let (before, last) = (s.new_var().lit(), s.new_var().lit());
            let mut clause = Vec::with_capacity(cube.len() + 1);
            for f in 0..=k {
                clause.clear();
                clause.push(if f < k { !before } else { !last });
                clause.extend(cube.iter().map(|&l| !u.lit(f, l)));
                s.add_clause(&clause);
            }
            (before, last)
        })
        .collect();
    let owner: std::collections::HashMap<Lit, usize> = acts
        .iter()
        .enumerate()
        .flat_map(|(i, &(b, l))| [(b, i), (l, i)])
        .collect();
    let mut needed = vec![false; aux.len()];
    // `None`: the property; `Some(j)`: lemma j.
    let mut work: Vec<Option<usize>> = vec![None];
    let mut assumptions = Vec::new();
    while let Some(goal) = work.pop() {
        // First with the lemmas in the first k frames only (most goals need no more, and a
        // lemma in the last frame that says much of the goal would be named needed for
        // nothing), then with the earlier lemmas in the last frame, too.
        let mut proved = false;
        for with_last in [false, true] {
            assumptions.clear();
            match goal {
                None => assumptions.push(u.lit(k, ts.bad)),
                Some(j) => assumptions.extend(aux[j].iter().map(|&l| u.lit(k, l))),
            }
            assumptions.extend(acts.iter().map(|&(b, _)| b));
            if with_last {
                let upto = goal.unwrap_or(aux.len());
                if upto == 0 {
                    // No earlier lemma to add: the second query would repeat the first.
                    break;
                }
                assumptions.extend(acts[..upto].iter().map(|&(_, l)| l));
            }
            match s.solve(&assumptions) {
                SatResult::Unsat => {
                    proved = true;
                    break;
                }
                SatResult::Sat => {}
                SatResult::Unknown => return None,
            }
        }
        if !proved {
            return None;
        }
        for l in s.failed_assumptions() {
            if let Some(&i) = owner.get(l).or_else(|| owner.get(&!*l)) {
                if !needed[i] {
                    needed[i] = true;
                    work.push(Some(i));
                }
            }
        }
    }
    Some((0..aux.len()).filter(|&i| needed[i]).collect())
}

/// Runs k-induction (KIPDR with property direction on) until an answer, the bound, or the
/// stop signal.
pub fn check(
    ts: &TransitionSystem,
    cfg: &KindConfig,
    ctl: &Control,
    stats: &mut KindStats,
) -> Outcome {
    let _interruptible = ctl.enter();
    let cnf = Arc::new(MappedCnf::new(ts));
    let mut run = Run {
        ts,
        cnf: &cnf,
        cfg,
        ctl,
        pd: cfg.property_direction.then(|| {
            PropertyDirection::new(ts, cnf.clone(), cfg.mic_attempts, cfg.pd_conflicts, cfg.sat)
        }),
        base: BmcUnrolling::new(cfg.sat, cnf.clone()),
        step: Step {
            s: AnySolver::new(cfg.sat),
            u: Unroller::with_cnf(cnf.clone()),
            distinct: Vec::new(),
            aux: Vec::new(),
        },
        clock: PdClock::new(cfg.pd_share),
        pool_id: ctl.lemmas().join(),
        pool_seen: 0,
        used_simple_path: false,
        stats: std::mem::take(stats),
    };
    let outcome = run.rounds();
    if let Some(pd) = &run.pd {
        run.stats.pd = pd.stats.clone();
    }
    *stats = run.stats;
    outcome
}

/// Property direction's clock: the time it spent, and what it may spend (see
/// [`KindConfig::pd_share`]).
struct PdClock {
    /// When the run began: the rest's time is measured from it (and the run's, in `-v`).
    start: Instant,
    /// Time property direction has spent so far.
    spent: Duration,
    share: f64,
    /// Rounds of k in a row in which property direction worked and learned nothing.
    barren: i32,
    /// `spent` and the lemmas learned when the round began.
    round: (Duration, u64),
}

impl PdClock {
    fn new(share: f64) -> Self {
        PdClock {
            start: Instant::now(),
            spent: Duration::ZERO,
            share,
            barren: 0,
            round: (Duration::ZERO, 0),
        }
    }

    /// Seconds left: `PD_GRACE` (at the start the rest has taken nearly nothing) and the
    /// share of the rest's time, halved per barren round, less what was spent. Infinite for
    /// an unbounded share.
    fn left(&self) -> f64 {
        let share = self.share * 0.5f64.powi(self.barren);
        if share == f64::INFINITY {
            return f64::INFINITY;
        }
        let rest = self
            .start
            .elapsed()
            .saturating_sub(self.spent)
            .as_secs_f64();
        PD_GRACE.as_secs_f64() + rest * share - self.spent.as_secs_f64()
    }

    /// Whether nothing is left (a share that is not a number leaves nothing).
    fn over(&self) -> bool {
        let left = self.left();
        left.is_nan() || left <= 0.0
    }

    /// Runs `work` on property direction's time.
    fn charge<T>(&mut self, work: impl FnOnce() -> T) -> T {
        let t = Instant::now();
        let r = work();
        self.spent += t.elapsed();
        r
    }

    fn begin_round(&mut self, lemmas: u64) {
        self.round = (self.spent, lemmas);
    }

    /// A round that learned a lemma restores the share; one that only spent time halves it.
    fn end_round(&mut self, lemmas: u64) {
        if lemmas > self.round.1 {
            self.barren = 0;
        } else if self.spent > self.round.0 {
            self.barren = (self.barren + 1).min(MAX_BARREN);
        }
    }
}

/// One run of k-induction: the base case, the step case, property direction and its clock.
/// Each method that may end the run returns `Err` with the outcome.
struct Run<'a> {
    ts: &'a TransitionSystem,
    cnf: &'a Arc<MappedCnf>,
    cfg: &'a KindConfig,
    ctl: &'a Control,
    pd: Option<PropertyDirection<'a>>,
    base: BmcUnrolling,
    step: Step,
    clock: PdClock,
    /// This engine's id in the lemma pool, and how much of the pool it has read.
    pool_id: usize,
    pool_seen: usize,
    /// Whether a simple-path constraint was added (the proof then cannot be certified).
    used_simple_path: bool,
    stats: KindStats,
}

impl Run<'_> {
    /// Rounds of k = 0, 1, ... until an answer, the bound or a stop.
    fn rounds(&mut self) -> Outcome {
        for k in 0.. {
            if let Err(outcome) = self.round(k) {
                return outcome;
            }
        }
        unreachable!()
    }

    fn stopped(k: usize) -> Outcome {
        Outcome::Unknown(Reason::Stopped {
            unit: "k",
            depth: k,
        })
    }

    /// The round of `k`: the base case at depth k, the open obligations at depth k, then
    /// the step case with k + 1 frames, with property direction on its counterexamples.
    fn round(&mut self, k: usize) -> Result<(), Outcome> {
        self.stats.k = k;
        if self.ctl.should_stop() {
            return Err(Self::stopped(k));
        }
        self.clock
            .begin_round(self.pd.as_ref().map_or(0, |p| p.stats.lemmas));
        self.base_case(k)?;
        self.check_open(k)?;
        self.extend_step(k);
        let bad = self.step.u.lit(k, self.ts.bad);
        let mut budget = self.cfg.pd_budget;
        loop {
            if self.ctl.should_stop() {
                return Err(Self::stopped(k));
            }
            self.import_lemmas(k);
            self.stats.step_calls += 1;
            match self.step.s.solve(&[bad]) {
                SatResult::Unsat => return Err(self.proved(k)),
                SatResult::Unknown => return Err(Outcome::Unknown(self.ctl.gave_up("k", k))),
                SatResult::Sat => {
                    if self.cfg.simple_path == SimplePath::Lazy {
                        if let Some((i, j)) = self.step.repeated_pair(self.ts, k) {
                            self.step.add_distinct(self.ts, i, j);
                            self.stats.simple_path_pairs += 1;
                            self.used_simple_path = true;
                            continue;
                        }
                    }
                    if !self.direct(k, &mut budget)? {
                        break;
                    }
                }
            }
        }
        if let Some(pd) = &self.pd {
            // The statistics so far, for an interrupted run.
            self.stats.pd = pd.stats.clone();
            self.clock.end_round(pd.stats.lemmas);
        }
        self.ctl.report(self.stats.pairs());
        if self.cfg.verbose {
            let lemmas = self.pd.as_ref().map_or(0, |p| p.stats.lemmas);
            eprintln!(
                "{}: k = {k} open, {:.2}s, {} auxiliary lemmas ({lemmas} own)",
                self.cfg.name,
                self.clock.start.elapsed().as_secs_f64(),
                self.step.aux.len()
            );
        }
        if self.cfg.max_k.is_some_and(|m| k >= m) {
            return Err(Outcome::Unknown(Reason::BoundReached {
                unit: "k",
                bound: k,
            }));
        }
        Ok(())
    }

    /// Base case: no counterexample of length k.
    fn base_case(&mut self, k: usize) -> Result<(), Outcome> {
        self.base.extend(self.ts);
        self.stats.base_calls += 1;
        match self.base.reaches(k, [self.ts.bad]) {
            SatResult::Sat => Err(Outcome::Unsafe(self.base.trace(self.ts, k))),
            SatResult::Unsat => {
                self.base.exclude_bad(self.ts, k);
                Ok(())
            }
            SatResult::Unknown => Err(Outcome::Unknown(self.ctl.gave_up("k", k))),
        }
    }

    /// Open obligations reached at depth k: a counterexample of length k + their depth.
    /// Their base case is property direction's work and counts in its share; over the share
    /// it is not asked at this depth (a counterexample through them is one of the property's,
    /// which the base case finds at its own depth).
    fn check_open(&mut self, k: usize) -> Result<(), Outcome> {
        if self.clock.over() {
            return Ok(());
        }
        let Some(pd) = self.pd.as_mut() else {
            return Ok(());
        };
        let (base, ctl) = (&mut self.base, self.ctl);
        let checked = self.clock.charge(|| pd.check_open(base, k, ctl));
        self.found(k, checked.map(|r| r.map_or(Found::Open, Found::Reached)))?;
        Ok(())
    }

    /// Step case: frame k, the constraints in it, the auxiliary lemmas in it, the property in
    /// frame k - 1 (and simple-path constraints, if eager).
    fn extend_step(&mut self, k: usize) {
        let (ts, step) = (self.ts, &mut self.step);
        step.u.add_frame(ts, &mut step.s, false);
        for &c in &ts.constraints {
            step.s.add_clause(&[step.u.lit(k, c)]);
        }
        step.add_all_aux(k);
        if k > 0 {
            step.s.add_clause(&[!step.u.lit(k - 1, ts.bad)]);
        }
        if self.cfg.simple_path == SimplePath::Eager {
            for i in 0..k {
                step.add_distinct(ts, i, k);
                self.stats.simple_path_pairs += 1;
            }
            self.used_simple_path |= k > 0;
        }
        if let Some(pd) = self.pd.as_mut() {
            pd.extend_to(k);
        }
    }

    /// Invariants other engines proved since the last call, in every frame.
    fn import_lemmas(&mut self, k: usize) {
        if !self.cfg.external_invariants {
            return;
        }
        for c in self.ctl.lemmas().since(&mut self.pool_seen, self.pool_id) {
            for f in 0..=k {
                self.step.add_aux(f, &c);
            }
            if let Some(pd) = self.pd.as_mut() {
                pd.assume(&c);
            }
            self.step.aux.push(c);
            self.stats.aux_lemmas += 1;
        }
    }

    /// The step case held at k: the proof, its certificate cut to the lemmas it needs.
    fn proved(&mut self, k: usize) -> Outcome {
        let aux = &self.step.aux;
        let kept = needed_aux(self.ts, self.cnf, self.cfg.sat, k, aux)
            .unwrap_or_else(|| (0..aux.len()).collect());
        self.stats.aux_kept = kept.len() as u64;
        if self.cfg.verbose {
            eprintln!(
                "{}: proved {k}-inductive in {:.2}s ({} auxiliary lemmas, {} of them needed)",
                self.cfg.name,
                self.clock.start.elapsed().as_secs_f64(),
                aux.len(),
                kept.len()
            );
        }
        Outcome::Safe(Proof::KInduction {
            k,
            simple_path: self.used_simple_path,
            aux: kept.iter().map(|&i| aux[i].negate()).collect(),
        })
    }

    /// Property direction on the step case's counterexample: blocks its first state, within
    /// the budget of step queries and the clock. `Ok(true)`: blocked, ask the step case
    /// again; `Ok(false)`: k grows.
    fn direct(&mut self, k: usize, budget: &mut u64) -> Result<bool, Outcome> {
        let Some(pd) = self.pd.as_mut() else {
            return Ok(false);
        };
        // At k = 0 there is no step to take: every obligation would fail its own.
        if *budget == 0 || k == 0 || self.clock.over() {
            return Ok(false);
        }
        let left = self.clock.left();
        // No end (`None`) when the share is unbounded.
        let until = Duration::try_from_secs_f64(left)
            .ok()
            .and_then(|d| Instant::now().checked_add(d));
        let (ts, step, base, ctl) = (self.ts, &self.step, &mut self.base, self.ctl);
        let found = self.clock.charge(|| {
            let root = pd.root(&step.u.trace(ts, &step.s, k));
            pd.block(root, base, budget, until, ctl)
        });
        let learned = pd.take_learned();
        for c in &learned {
            for f in 0..=k {
                self.step.add_aux(f, c);
            }
            self.step.aux.push(c.clone());
        }
        // Published at once (a later lemma may rely on these), when they are inductive as IC3
        // expects: relative to the lemmas before, in one step.
        if k == 1 {
            self.ctl.lemmas().publish(self.pool_id, learned);
        }
        self.found(k, found)
    }

    /// What property direction found: `Ok(true)` blocked, `Ok(false)` left open, `Err` with
    /// the counterexample through a reached obligation, or why it stopped.
    fn found(&self, k: usize, found: Result<Found, Interrupted>) -> Result<bool, Outcome> {
        match found {
            Ok(Found::Blocked) => Ok(true),
            Ok(Found::Open) => Ok(false),
            Ok(Found::Reached(depth)) => Err(
                match kipdr::counterexample_at(self.ts, self.cnf, depth, self.cfg.sat, self.ctl) {
                    Some(t) => Outcome::Unsafe(t),
                    None => Self::stopped(k),
                },
            ),
            Err(Interrupted::Stop) => Err(Self::stopped(k)),
            Err(Interrupted::Solver) => Err(Outcome::Unknown(self.ctl.gave_up("k", k))),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use pdrkit_logic::Cube;
    use pdrkit_ts::cnf::MappedCnf;

    use super::needed_aux;
    use crate::kipdr::tests::{delayed_enable, latch};
    use crate::{Proof, SatBackend};

    #[test]
    fn a_certificate_keeps_the_lemmas_the_step_cases_need_and_no_other() {
        // Latches x, y1, y2 (codes 4, 6, 8); the property "never x" is 1-inductive under
        // ¬y1, and ¬y1 is inductive only with ¬y2. The lemma ¬x, the property itself, helps
        // nothing.
        let (aig, ts) = delayed_enable();
        let cnf = Arc::new(MappedCnf::new(&ts));
        let aux: Vec<Cube> = [4, 6, 8]
            .iter()
            .map(|&code| Cube::new([latch(&ts, code)]))
            .collect();
        for sat in [SatBackend::Minisat, SatBackend::Pdrkit] {
            assert_eq!(needed_aux(&ts, &cnf, sat, 1, &aux), Some(vec![1, 2]));
            let kept = Proof::KInduction {
                k: 1,
                simple_path: false,
                aux: [1, 2].iter().map(|&i| aux[i].negate()).collect(),
            };
            let cert = kept.certificate(&ts, &aig).unwrap();
            assert!(pdrkit_check::check_certificate(
                &crate::proof::checker_model(&aig),
                &crate::proof::checker_model(&cert)
            )
            .is_ok());
            // Without ¬y2, ¬y1 is not inductive: no subset is claimed.
            assert_eq!(needed_aux(&ts, &cnf, sat, 1, &aux[..2]), None);
        }
    }
}
