//! Signal correspondence over latches (van Eijk, "Sequential equivalence checking based on
//! structural similarities", 2000; Mishchenko et al.'s `scorr` in ABC): latches that hold the
//! same value (or opposite values, or a constant) in every reachable state, proved by induction.
//!
//! 1. **Candidates from simulation.** 64 random runs at once (one bit of a word each) from the
//!    initial states; a latch's signature is the sequence of its values, each taken relative to
//!    its reset value, so that equal signatures mean "equal", and equal up to the reset values
//!    mean "opposite". A latch whose signature is all zeros never left its reset value: a
//!    constant candidate. A run whose constraints fail stops counting from the next step on
//!    (states after a failed constraint are not reachable in the model's semantics).
//!    Uninitialized latches are no candidates: nothing makes them equal in every initial state.
//! 2. **Refinement by induction.** Assume every candidate equality in the current state (and the
//!    constraints), and ask for each one whether it can fail in the next state. A satisfying
//!    assignment is a state that splits candidate classes: simulate it and split every class by
//!    it. Repeat until one round refutes nothing: the equalities left are then inductive
//!    together, and since they hold in the initial states (the signatures start there), they
//!    hold in every reachable state.
//!
//! Each query decides only the cone of the two next-state functions it compares (the solver's
//! per-query domains), under a conflict budget: a query that runs out of it separates the latch
//! from its class, which only weakens the result. The hypothesis is given by activation
//! literals, so that each proof comes with its core: a later round asks again only for the
//! equalities whose proof used one that has been refuted since. A round that runs out of time
//! gives up: no equality is returned.

use std::time::Instant;

use hashbrown::HashMap;
use pdrkit_logic::{Lit, SatResult};

use pdrkit_ts::{Merge, TransitionSystem};

use crate::simulate::{gate_solver, mix, Replay, Rng};

/// What signal correspondence did (for `--stats`).
#[derive(Clone, Debug, Default)]
pub struct ScorrStats {
    /// Latches that were candidates (initialized ones).
    pub candidates: usize,
    /// Latches proved constant.
    pub constant: usize,
    /// Latches proved equal (or opposite) to another.
    pub equal: usize,
    /// Refinement rounds (solver rebuilt each round).
    pub rounds: usize,
    /// Induction queries asked.
    pub sat_queries: u64,
    /// Queries that refuted a candidate (and split classes).
    pub refuted: u64,
    /// Queries that ran out of their conflict budget.
    pub budget_out: u64,
    /// Proofs of an earlier round kept (their core still holds), instead of queries.
    pub reused: u64,
    /// Whether it gave up at its deadline (nothing merged then).
    pub gave_up: bool,
}

/// The classes being refined. Class 0 is the constant's (its members never leave their reset
/// value); in every other class the first member is the representative.
struct Classes {
    /// Class of each latch, or `NONE`.
    of: Vec<u32>,
    /// Members of each class, sorted by latch index.
    members: Vec<Vec<usize>>,
}

const NONE: u32 = u32::MAX;

impl Classes {
    /// The latch `m` is compared with: `None` for the constant class, else the class's first
    /// member. `Err` when `m` has nothing to be compared with (alone, or a representative).
    fn partner(&self, m: usize) -> Result<Option<usize>, ()> {
        match self.of[m] {
            NONE => Err(()),
            0 => Ok(None),
            c => match self.members[c as usize].first() {
                Some(&r) if r != m => Ok(Some(r)),
                _ => Err(()),
            },
        }
    }

    /// Drops `m` from its class (a class left with one member, other than the constant's,
    /// dissolves).
    fn detach(&mut self, m: usize) {
        let c = std::mem::replace(&mut self.of[m], NONE);
        if c == NONE {
            return;
        }
        let members = &mut self.members[c as usize];
        members.retain(|&x| x != m);
        if c != 0 && members.len() == 1 {
            self.of[members[0]] = NONE;
            members.clear();
        }
    }

    /// Splits every class by a pattern of (reset-relative) values: in each, the members whose
    /// value differs from the representative's (from 0, in the constant class) leave for a new
    /// class of their own.
    fn split(&mut self, value: impl Fn(usize) -> bool) -> bool {
        let mut split = false;
        for c in 0..self.members.len() {
            let Some(&first) = self.members[c].first() else {
                continue;
            };
            let base = c != 0 && value(first);
            let (stay, leave): (Vec<usize>, Vec<usize>) =
                self.members[c].iter().partition(|&&m| value(m) == base);
            if leave.is_empty() {
                continue;
            }
            split = true;
            for &m in &leave {
                self.of[m] = NONE;
            }
            self.members[c] = stay;
            if c != 0 && self.members[c].len() == 1 {
                self.of[self.members[c][0]] = NONE;
                self.members[c].clear();
            }
            if leave.len() > 1 {
                let id = self.members.len() as u32;
                for &m in &leave {
                    self.of[m] = id;
                }
                self.members.push(leave);
            }
        }
        split
    }
}

/// Candidate classes from `runs` × 64 random simulations of `steps` steps from the initial
/// states.
fn simulate(ts: &TransitionSystem, runs: usize, steps: usize) -> Classes {
    let n = ts.num_latches();
    let candidate: Vec<bool> = (0..n)
        .map(|i| ts.init[i].is_some() && Some(i) != ts.first)
        .collect();
    let phase: Vec<u64> = (0..n)
        .map(|i| if ts.init[i] == Some(true) { !0 } else { 0 })
        .collect();
    let mut key = vec![0u64; n];
    let mut zero = 0u64;
    let mut rng = Rng::from_state(0x5EED_0F5C_0442_u64 | 1);
    let mut val = vec![0u64; ts.num_vars() as usize];
    let lit = |val: &[u64], l: Lit| val[l.var().idx()] ^ if l.is_neg() { !0 } else { 0 };
    for _ in 0..runs {
        let mut state: Vec<u64> = (0..n)
            .map(|i| match ts.init[i] {
                Some(_) => phase[i],
                None => rng.next_u64(),
            })
            .collect();
        let mut alive = !0u64;
        for _ in 0..steps {
            for i in 0..n {
                if candidate[i] {
                    key[i] = mix(key[i], (state[i] ^ phase[i]) & alive);
                }
            }
            zero = mix(zero, 0);
            val[0] = 0;
            for i in 0..ts.num_inputs() {
                val[ts.input(i).idx()] = rng.next_u64();
            }
            for (i, &s) in state.iter().enumerate() {
                val[ts.latch(i).idx()] = s;
            }
            for g in &ts.gates {
                val[g.out.idx()] = lit(&val, g.a) & lit(&val, g.b);
            }
            for &c in &ts.constraints {
                alive &= lit(&val, c);
            }
            for (i, s) in state.iter_mut().enumerate() {
                *s = lit(&val, ts.next[i]);
            }
        }
    }
    let mut classes = Classes {
        of: vec![NONE; n],
        members: vec![Vec::new()],
    };
    let mut by_key: HashMap<u64, u32> = HashMap::new();
    by_key.insert(zero, 0);
    for i in (0..n).filter(|&i| candidate[i]) {
        let next_id = classes.members.len() as u32;
        let c = *by_key.entry(key[i]).or_insert(next_id);
        if c == next_id {
            classes.members.push(Vec::new());
        }
        classes.of[i] = c;
        classes.members[c as usize].push(i);
    }
    for c in 1..classes.members.len() {
        if classes.members[c].len() == 1 {
            classes.of[classes.members[c][0]] = NONE;
            classes.members[c].clear();
        }
    }
    classes
}

/// Options of [`correspondence`].
#[derive(Clone, Debug)]
pub(crate) struct ScorrLimits {
    pub(crate) runs: usize,
    pub(crate) steps: usize,
    pub(crate) conflicts: u64,
    pub(crate) deadline: Option<Instant>,
}

/// The latch equalities of `ts` that hold in every reachable state, as merges over `ts`'s latch
/// indices (`into` the class's first latch, or the constant).
pub(crate) fn correspondence(
    ts: &TransitionSystem,
    limits: &ScorrLimits,
    stats: &mut ScorrStats,
) -> Vec<Merge> {
    let mut classes = simulate(ts, limits.runs, limits.steps);
    stats.candidates = (0..ts.num_latches())
        .filter(|&i| ts.init[i].is_some() && Some(i) != ts.first)
        .count();
    // Reset-relative literals: `rel(l, i)` is true when latch i's value `l` differs from its
    // reset value.
    let rel = |l: Lit, i: usize| l.xor(ts.init[i] == Some(true));
    let mut replay = Replay::default();
    // One solver for all rounds. Each candidate equality of the hypothesis is a pair of
    // clauses on an activation literal of its own (`act[m]`, with the partner it was made
    // for); the queries of a round assume the equalities that were candidates when it began
    // (a stronger hypothesis than what is left after a refutation gives refuting states that
    // split fewer classes for nothing; the round is repeated anyway). A proof is kept with its
    // core (`proof[m]`): while every equality the core used is still a candidate (`live`) and
    // `m`'s partner is the same, it still holds and is not asked again.
    let mut sat = gate_solver(ts);
    for &c in &ts.constraints {
        sat.add_clause(&[c]);
    }
    let n = ts.num_latches();
    let mut act: Vec<Option<(Lit, Option<usize>)>> = vec![None; n];
    let mut proof: Vec<Option<(Option<usize>, Vec<Lit>)>> = vec![None; n];
    let mut live: Vec<bool> = Vec::new();
    let mut assumptions: Vec<Lit> = Vec::new();
    // Retires the activation literals of equalities that are no candidates any more.
    let resync =
        |classes: &Classes, act: &mut Vec<Option<(Lit, Option<usize>)>>, live: &mut Vec<bool>| {
            for (m, slot) in act.iter_mut().enumerate() {
                if let Some((a, p)) = *slot {
                    if classes.partner(m) != Ok(p) {
                        live[a.var().idx()] = false;
                        *slot = None;
                    }
                }
            }
        };
    loop {
        if classes.of.iter().all(|&c| c == NONE) {
            return Vec::new();
        }
        stats.rounds += 1;
        // The hypothesis: every candidate equality in the current state.
        let mut todo = Vec::new();
        assumptions.clear();
        for (m, slot) in act.iter_mut().enumerate() {
            let Ok(partner) = classes.partner(m) else {
                continue;
            };
            todo.push(m);
            if let Some((a, _)) = *slot {
                assumptions.push(a);
                continue;
            }
            let a = sat.new_var().lit();
            if live.len() <= a.var().idx() {
                live.resize(a.var().idx() + 1, false);
            }
            live[a.var().idx()] = true;
            *slot = Some((a, partner));
            assumptions.push(a);
            let lm = rel(ts.latch(m).lit(), m);
            match partner {
                None => sat.add_clause(&[!a, !lm]),
                Some(r) => {
                    let lr = rel(ts.latch(r).lit(), r);
                    sat.add_clause(&[!a, !lm, lr]);
                    sat.add_clause(&[!a, lm, !lr]);
                }
            }
        }
        let mut changed = false;
        for m in todo {
            if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                stats.gave_up = true;
                return Vec::new();
            }
            let Ok(partner) = classes.partner(m) else {
                continue;
            };
            if let Some((p, core)) = &proof[m] {
                if *p == partner && core.iter().all(|a| live[a.var().idx()]) {
                    stats.reused += 1;
                    continue;
                }
            }
            let nm = rel(ts.next[m], m);
            // Answered without the solver: the next-state functions are the same literal, or
            // the constant's is false.
            // The partner's next-state literal (false for a constant): when it is `nm` itself,
            // the equality holds without the solver.
            let nr = partner.map_or(Lit::FALSE, |r| rel(ts.next[r], r));
            let trivial = nm == nr;
            let result = if trivial {
                SatResult::Unsat
            } else {
                stats.sat_queries += 1;
                // A state where they differ next: `nm ≠ nr`.
                sat.add_temporary_clause(&[nm, nr]);
                sat.add_temporary_clause(&[!nm, !nr]);
                sat.set_conflict_budget(Some(limits.conflicts));
                sat.solve(&assumptions)
            };
            match result {
                SatResult::Unsat => {
                    let core = if trivial {
                        Vec::new()
                    } else {
                        sat.failed_assumptions().to_vec()
                    };
                    proof[m] = Some((partner, core));
                }
                SatResult::Unknown => {
                    stats.budget_out += 1;
                    classes.detach(m);
                    resync(&classes, &mut act, &mut live);
                    changed = true;
                }
                SatResult::Sat => {
                    stats.refuted += 1;
                    replay.replay_model(&sat, ts);
                    let values = &replay.values;
                    let next = |i: usize| TransitionSystem::value(values, rel(ts.next[i], i));
                    let split = classes.split(next);
                    debug_assert!(split, "a refuting state splits the refuted class");
                    if !split {
                        classes.detach(m);
                    }
                    resync(&classes, &mut act, &mut live);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut merges = Vec::new();
    for (c, members) in classes.members.iter().enumerate() {
        let Some(&r) = members.first() else {
            continue;
        };
        for &m in members {
            let negated_rel = ts.init[m] == Some(true);
            if c == 0 {
                stats.constant += 1;
                merges.push(Merge {
                    latch: m,
                    into: None,
                    negated: negated_rel,
                });
            } else if m != r {
                stats.equal += 1;
                merges.push(Merge {
                    latch: m,
                    into: Some(r),
                    negated: negated_rel != (ts.init[r] == Some(true)),
                });
            }
        }
    }
    merges
}
