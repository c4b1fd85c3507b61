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

use std::sync::Arc;
use std::time::{Duration, Instant};

use pdrkit_logic::{Cube, Lit, SatResult, SatSolver};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

pub use crate::kipdr::PdStats;
use crate::kipdr::{self, Found, Interrupted, PropertyDirection};
use crate::sat::AnySolver;
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

/// Options of k-induction and KIPDR.
#[derive(Clone, Debug)]
pub struct KindConfig {
    /// Simple-path constraints. Off by default: a proof that needed them cannot be certified,
    /// so it would answer unknown, while without them the base case goes on looking for a
    /// counterexample and property direction for a certifiable proof.
    pub simple_path: SimplePath,
    /// Give up (unknown) after this k.
    pub max_k: Option<usize>,
    /// Property direction (KIPDR): turn failed step cases into obligations and lemmas. Off:
    /// plain k-induction.
    pub property_direction: bool,
    /// Assume the lemmas other engines of a portfolio proved inductive (the paper's external
    /// invariant source).
    pub external_invariants: bool,
    /// Property direction: step queries of obligations per k (blocking, generalizing and
    /// re-proving) before k grows.
    pub pd_budget: u64,
    /// Property direction: its time, over the run, may be at most this multiple of the time
    /// of the rest (the base and step cases of the property), plus a second. k-induction
    /// alone proves many properties at a modest k; property direction is worth its cost only
    /// where that fails, so it must not delay those proofs by more than this factor. Its time
    /// counts the base case of open obligations at each new depth too. The share halves after
    /// each round of k in which property direction learned nothing, and is restored by a
    /// round that learned a lemma.
    pub pd_share: f64,
    /// Property direction: literal-dropping failures in a row before generalization stops.
    pub mic_attempts: usize,
    /// Property direction: conflicts one step query of an obligation may take; over it, the
    /// obligation stays open (or the literal stays in). The step case of an obligation does
    /// not assume the property, and some are much harder than the property's own.
    pub pd_conflicts: u64,
    /// The SAT solver of every solver of the engine (base, step, property direction's).
    /// MiniSat by default: pdrkit's solver is tuned for IC3's many tiny queries, k-induction
    /// asks fewer, larger ones over an unrolling; the default moves only when a whole-suite
    /// run shows pdrkit's solver ahead here.
    pub sat: SatBackend,
    /// Progress to stderr.
    pub verbose: bool,
    /// What progress lines start with (a portfolio names its worker).
    pub name: &'static str,
}

impl Default for KindConfig {
    fn default() -> Self {
        KindConfig {
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
        }
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

/// Counters of a k-induction run.
#[derive(Clone, Debug, Default)]
pub struct KindStats {
    /// The last k tried.
    pub k: usize,
    /// SAT calls of the base case (with the fresh BMC queries that turn a reached open
    /// obligation into a counterexample).
    pub base_calls: u64,
    /// SAT calls of the step case.
    pub step_calls: u64,
    /// Simple-path constraints added (pairs of frames).
    pub simple_path_pairs: u64,
    /// Invariants received from other engines.
    pub aux_lemmas: u64,
    /// Auxiliary lemmas the proof's certificate carries (those the step case and the kept
    /// lemmas' own step cases need; see `needed_aux`).
    pub aux_kept: u64,
    /// Property direction (KIPDR).
    pub pd: PdStats,
}

impl KindStats {
    /// The counters as (name, value) pairs, for `--stats`.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let pd = &self.pd;
        let avg = if pd.lemmas > 0 {
            pd.lemma_lits as f64 / pd.lemmas as f64
        } else {
            0.0
        };
        vec![
            ("k", self.k.to_string()),
            ("sat_base", self.base_calls.to_string()),
            ("sat_step", self.step_calls.to_string()),
            ("simple_path_pairs", self.simple_path_pairs.to_string()),
            ("aux_lemmas", self.aux_lemmas.to_string()),
            ("aux_kept", self.aux_kept.to_string()),
            ("pd_ctis", pd.ctis.to_string()),
            ("pd_obligations", pd.obligations.to_string()),
            ("pd_sat_step", pd.step_calls.to_string()),
            ("pd_sat_base", pd.base_calls.to_string()),
            ("pd_sat_lift", pd.lift_calls.to_string()),
            ("pd_lemmas", pd.lemmas.to_string()),
            ("pd_deep_lemmas", pd.deep_lemmas.to_string()),
            ("pd_reached", pd.reached.to_string()),
            ("pd_avg_lemma_len", format!("{avg:.2}")),
            ("pd_rebuilds", pd.rebuilds.to_string()),
        ]
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
    let mut pd = cfg.property_direction.then(|| {
        PropertyDirection::new(ts, cnf.clone(), cfg.mic_attempts, cfg.pd_conflicts, cfg.sat)
    });
    let o = run(ts, &cnf, cfg, ctl, stats, pd.as_mut());
    if let Some(pd) = &pd {
        stats.pd = pd.stats.clone();
    }
    o
}

fn run(
    ts: &TransitionSystem,
    cnf: &Arc<MappedCnf>,
    cfg: &KindConfig,
    ctl: &Control,
    stats: &mut KindStats,
    mut pd: Option<&mut PropertyDirection>,
) -> Outcome {
    let start = Instant::now();
    let pool = ctl.lemmas();
    let (pool_id, mut pool_seen) = (pool.join(), 0);
    let mut base = BmcUnrolling::new(cfg.sat, cnf.clone());
    let mut step = Step {
        s: AnySolver::new(cfg.sat),
        u: Unroller::with_cnf(cnf.clone()),
        distinct: Vec::new(),
        aux: Vec::new(),
    };
    let mut used_simple_path = false;
    // Time spent in property direction.
    let mut pd_time = Duration::ZERO;
    // Rounds of k in a row in which property direction worked and learned nothing.
    let mut barren = 0;
    let stopped = |k: usize| {
        Outcome::Unknown(Reason::Stopped {
            unit: "k",
            depth: k,
        })
    };
    for k in 0.. {
        stats.k = k;
        if ctl.should_stop() {
            return stopped(k);
        }
        let round = (pd_time, pd.as_deref().map_or(0, |p| p.stats.lemmas));
        // Base: no counterexample of length k.
        base.extend(ts);
        stats.base_calls += 1;
        match base.reaches(k, [ts.bad]) {
            SatResult::Sat => return Outcome::Unsafe(base.trace(ts, k)),
            SatResult::Unsat => base.exclude_bad(ts, k),
            SatResult::Unknown => return Outcome::Unknown(ctl.gave_up("k", k)),
        }
        // Property direction's time left: its share of the rest (halved per barren round)
        // and `PD_GRACE` (at the start the rest has taken nearly nothing).
        let share = cfg.pd_share * 0.5f64.powi(barren);
        let pd_left = |pd_time: Duration| {
            if share == f64::INFINITY {
                return f64::INFINITY;
            }
            let rest = start.elapsed().saturating_sub(pd_time).as_secs_f64();
            PD_GRACE.as_secs_f64() + rest * share - pd_time.as_secs_f64()
        };
        let over = |pd_time: Duration| pd_left(pd_time) <= 0.0;
        // Open obligations reached at depth k: a counterexample of length k + their depth.
        // Their base case is property direction's work and counts in its share; over the
        // share it is not asked at this depth (a counterexample through them is one of the
        // property's, which the base case above finds at its own depth).
        if let Some(pd) = pd.as_deref_mut().filter(|_| !over(pd_time)) {
            let t = Instant::now();
            let checked = pd.check_open(&mut base, k, ctl);
            pd_time += t.elapsed();
            match checked {
                Ok(None) => {}
                Ok(Some(depth)) => {
                    if let Some(t) = kipdr::counterexample_at(ts, cnf, depth, cfg.sat, ctl) {
                        return Outcome::Unsafe(t);
                    }
                    return stopped(k);
                }
                Err(Interrupted::Stop) => return stopped(k),
                Err(Interrupted::Solver) => return Outcome::Unknown(ctl.gave_up("k", k)),
            }
        }
        // Step: k+1 frames, the property holding in the first k.
        step.u.add_frame(ts, &mut step.s, false);
        for &c in &ts.constraints {
            step.s.add_clause(&[step.u.lit(k, c)]);
        }
        step.add_all_aux(k);
        if k > 0 {
            step.s.add_clause(&[!step.u.lit(k - 1, ts.bad)]);
        }
        if cfg.simple_path == SimplePath::Eager {
            for i in 0..k {
                step.add_distinct(ts, i, k);
                stats.simple_path_pairs += 1;
            }
            used_simple_path |= k > 0;
        }
        if let Some(pd) = pd.as_deref_mut() {
            pd.extend_to(k);
        }
        let bad = step.u.lit(k, ts.bad);
        let mut budget = cfg.pd_budget;
        loop {
            if ctl.should_stop() {
                return stopped(k);
            }
            // Invariants other engines proved since the last call hold in every frame.
            if cfg.external_invariants {
                for c in pool.since(&mut pool_seen, pool_id) {
                    for f in 0..=k {
                        step.add_aux(f, &c);
                    }
                    if let Some(pd) = pd.as_deref_mut() {
                        pd.assume(&c);
                    }
                    step.aux.push(c);
                    stats.aux_lemmas += 1;
                }
            }
            stats.step_calls += 1;
            match step.s.solve(&[bad]) {
                SatResult::Unsat => {
                    let kept = needed_aux(ts, cnf, cfg.sat, k, &step.aux)
                        .unwrap_or_else(|| (0..step.aux.len()).collect());
                    stats.aux_kept = kept.len() as u64;
                    if cfg.verbose {
                        eprintln!(
                            "{}: proved {k}-inductive in {:.2}s ({} auxiliary lemmas, {} of \
                             them needed)",
                            cfg.name,
                            start.elapsed().as_secs_f64(),
                            step.aux.len(),
                            kept.len()
                        );
                    }
                    return Outcome::Safe(Proof::KInduction {
                        k,
                        simple_path: used_simple_path,
                        aux: kept.iter().map(|&i| step.aux[i].negate()).collect(),
                    });
                }
                SatResult::Unknown => return Outcome::Unknown(ctl.gave_up("k", k)),
                SatResult::Sat => {
                    if cfg.simple_path == SimplePath::Lazy {
                        if let Some((i, j)) = step.repeated_pair(ts, k) {
                            step.add_distinct(ts, i, j);
                            stats.simple_path_pairs += 1;
                            used_simple_path = true;
                            continue;
                        }
                    }
                    let Some(pd) = pd.as_deref_mut() else { break };
                    // At k = 0 there is no step to take: every obligation would fail its own.
                    if budget == 0 || k == 0 {
                        break;
                    }
                    // Property direction's share of the time: what the rest took, scaled.
                    let left = pd_left(pd_time);
                    if left.is_nan() || left <= 0.0 {
                        break;
                    }
                    // Property direction: block the first state of the step counterexample.
                    let t = Instant::now();
                    // No end (`None`) when the share is unbounded.
                    let until = Duration::try_from_secs_f64(left)
                        .ok()
                        .and_then(|d| t.checked_add(d));
                    let root = pd.root(&step.u.trace(ts, &step.s, k));
                    let found = pd.block(root, &mut base, &mut budget, until, ctl);
                    pd_time += t.elapsed();
                    let learned = pd.take_learned();
                    for c in &learned {
                        for f in 0..=k {
                            step.add_aux(f, c);
                        }
                        step.aux.push(c.clone());
                    }
                    // Published at once (a later lemma may rely on these), when they are
                    // inductive as IC3 expects: relative to the lemmas before, in one step.
                    if k == 1 {
                        pool.publish(pool_id, learned);
                    }
                    match found {
                        Ok(Found::Blocked) => {}
                        Ok(Found::Open) => break,
                        Ok(Found::Reached(depth)) => {
                            if let Some(t) = kipdr::counterexample_at(ts, cnf, depth, cfg.sat, ctl)
                            {
                                return Outcome::Unsafe(t);
                            }
                            return stopped(k);
                        }
                        Err(Interrupted::Stop) => return stopped(k),
                        Err(Interrupted::Solver) => return Outcome::Unknown(ctl.gave_up("k", k)),
                    }
                }
            }
        }
        if let Some(pd) = pd.as_deref() {
            // The statistics so far, for an interrupted run.
            stats.pd = pd.stats.clone();
            if pd.stats.lemmas > round.1 {
                barren = 0;
            } else if pd_time > round.0 {
                barren = (barren + 1).min(MAX_BARREN);
            }
        }
        ctl.report(stats.pairs());
        if cfg.verbose {
            let lemmas = pd.as_ref().map_or(0, |p| p.stats.lemmas);
            eprintln!(
                "{}: k = {k} open, {:.2}s, {} auxiliary lemmas ({lemmas} own)",
                cfg.name,
                start.elapsed().as_secs_f64(),
                step.aux.len()
            );
        }
        if cfg.max_k.is_some_and(|m| k >= m) {
            return Outcome::Unknown(Reason::BoundReached {
                unit: "k",
                bound: k,
            });
        }
    }
    unreachable!()
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
            assert!(pdrkit_check::check_certificate(&aig, &cert).is_ok());
            // Without ¬y2, ¬y1 is not inductive: no subset is claimed.
            assert_eq!(needed_aux(&ts, &cnf, sat, 1, &aux[..2]), None);
        }
    }
}
