//! k-induction: a base case (BMC from the initial states) and a step case (k+1 unrolled frames
//! from any state, the property and the constraints assumed in the first k, the property
//! violated in the last) on two incremental solvers, one frame more per round.
//!
//! Simple-path constraints (all states of the step path pairwise distinct) are added lazily,
//! only for the pairs of equal states a step counterexample shows, or eagerly for every pair.
//! A proof that needed them is reported as such: its certificate construction differs.

use std::time::Instant;

use pdrkit_logic::{Cube, Minisat, SatResult, SatSolver};
use pdrkit_ts::TransitionSystem;

use crate::unroll::Unroller;
use crate::{Control, Outcome, Proof};

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

/// Options of k-induction.
#[derive(Clone, Debug)]
pub struct KindConfig {
    /// Simple-path constraints.
    pub simple_path: SimplePath,
    /// Give up (unknown) after this k.
    pub max_k: Option<usize>,
    /// Progress to stderr.
    pub verbose: bool,
}

impl Default for KindConfig {
    fn default() -> Self {
        KindConfig {
            simple_path: SimplePath::Lazy,
            max_k: None,
            verbose: false,
        }
    }
}

/// Counters of a k-induction run.
#[derive(Clone, Debug, Default)]
pub struct KindStats {
    /// The last k tried.
    pub k: usize,
    /// SAT calls of the base case.
    pub base_calls: u64,
    /// SAT calls of the step case.
    pub step_calls: u64,
    /// Simple-path constraints added (pairs of frames).
    pub simple_path_pairs: u64,
    /// Invariants received from other engines.
    pub aux_lemmas: u64,
}

/// The step-case solver: frames from any state, constraints everywhere, the property assumed in
/// all frames but the last.
struct Step {
    s: Minisat,
    u: Unroller,
    distinct: Vec<(usize, usize)>,
    /// Invariants from other engines, assumed in every frame.
    aux: Vec<Cube>,
}

impl Step {
    /// Adds invariant `¬cube` to frame `f`.
    fn add_aux(&mut self, f: usize, cube: &Cube) {
        let clause: Vec<_> = cube.iter().map(|&l| !self.u.lit(f, l)).collect();
        self.s.add_clause(&clause);
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

/// Runs k-induction until an answer, the bound, or the stop signal.
pub fn check(
    ts: &TransitionSystem,
    cfg: &KindConfig,
    ctl: &Control,
    stats: &mut KindStats,
) -> Outcome {
    let start = Instant::now();
    let mut base_s = Minisat::default();
    let mut base_u = Unroller::new(ts);
    let mut step = Step {
        s: Minisat::default(),
        u: Unroller::new(ts),
        distinct: Vec::new(),
        aux: Vec::new(),
    };
    let mut used_simple_path = false;
    for k in 0.. {
        stats.k = k;
        if ctl.should_stop() {
            return Outcome::Unknown(format!("stopped at k = {k}"));
        }
        // Base: no counterexample of length k.
        base_u.add_frame(ts, &mut base_s, true);
        for &c in &ts.constraints {
            base_s.add_clause(&[base_u.lit(k, c)]);
        }
        let bad = base_u.lit(k, ts.bad);
        stats.base_calls += 1;
        match base_s.solve(&[bad]) {
            SatResult::Sat => return Outcome::Unsafe(base_u.trace(ts, &base_s, k)),
            SatResult::Unsat => base_s.add_clause(&[!bad]),
            SatResult::Unknown => return Outcome::Unknown("SAT solver gave up".into()),
        }
        // Step: k+1 frames, the property holding in the first k.
        step.u.add_frame(ts, &mut step.s, false);
        for &c in &ts.constraints {
            step.s.add_clause(&[step.u.lit(k, c)]);
        }
        for i in 0..step.aux.len() {
            let c = step.aux[i].clone();
            step.add_aux(k, &c);
        }
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
        let bad = step.u.lit(k, ts.bad);
        loop {
            if ctl.should_stop() {
                return Outcome::Unknown(format!("stopped at k = {k}"));
            }
            // Invariants other engines proved since the last call hold in every frame.
            for c in ctl.lemmas().since(step.aux.len()) {
                for f in 0..=k {
                    step.add_aux(f, &c);
                }
                step.aux.push(c);
                stats.aux_lemmas += 1;
            }
            stats.step_calls += 1;
            match step.s.solve(&[bad]) {
                SatResult::Unsat => {
                    if cfg.verbose {
                        eprintln!(
                            "kind: proved {k}-inductive in {:.2}s",
                            start.elapsed().as_secs_f64()
                        );
                    }
                    return Outcome::Safe(Proof::KInduction {
                        k,
                        simple_path: used_simple_path,
                        aux: step.aux.iter().map(Cube::negate).collect(),
                    });
                }
                SatResult::Unknown => return Outcome::Unknown("SAT solver gave up".into()),
                SatResult::Sat => {
                    if cfg.simple_path != SimplePath::Lazy {
                        break;
                    }
                    match step.repeated_pair(ts, k) {
                        Some((i, j)) => {
                            step.add_distinct(ts, i, j);
                            stats.simple_path_pairs += 1;
                            used_simple_path = true;
                        }
                        None => break,
                    }
                }
            }
        }
        if cfg.verbose {
            eprintln!("kind: k = {k} open, {:.2}s", start.elapsed().as_secs_f64());
        }
        if cfg.max_k.is_some_and(|m| k >= m) {
            return Outcome::Unknown(format!("not proved up to k = {k}"));
        }
    }
    unreachable!()
}
