//! SAT sweeping (FRAIG-style; Mishchenko et al., "FRAIGs: a unifying representation for logic
//! synthesis and verification", 2005): AND gates that compute the same function of the inputs
//! and latches (or its negation, or a constant) as an earlier signal are replaced by it.
//!
//! Candidates come from random simulation (the latches take random values too: the equalities
//! must hold in every state, reachable or not); signatures are taken relative to the first
//! pattern, so that opposite signals fall in one class, and the constant false (variable 0)
//! is every class's earliest possible member. In topological order each gate is compared with
//! the earliest signal of its class by one SAT query on its cone: unsatisfiable, it is replaced;
//! satisfiable, the assignment becomes one more simulation pattern that splits classes, and the
//! gate tries the new earliest member of its class. A query out of its conflict budget leaves
//! the gate alone. Replacements need nothing in certificates: they hold combinationally.

use std::time::Instant;

use hashbrown::HashMap;
use pdrkit_logic::{Lit, SatResult, Var};

use pdrkit_ts::TransitionSystem;

use crate::simulate::{gate_solver, mix, Replay, Rng};

/// What SAT sweeping did (for `--stats`).
#[derive(Clone, Debug, Default)]
pub struct SweepStats {
    /// Gates replaced by an earlier signal or a constant.
    pub merged: usize,
    /// Equivalence queries asked.
    pub sat_queries: u64,
    /// Queries that refuted a candidate.
    pub refuted: u64,
    /// Queries that ran out of their conflict budget.
    pub budget_out: u64,
    /// Whether it stopped at its deadline (the replacements proved until then are kept).
    pub stopped: bool,
}

/// Options of [`sweep`].
#[derive(Clone, Debug)]
pub(crate) struct SweepLimits {
    pub(crate) words: usize,
    pub(crate) conflicts: u64,
    pub(crate) deadline: Option<Instant>,
}

/// The gates of `ts` equal to an earlier signal: `(gate variable, literal it equals)`.
pub(crate) fn sweep(
    ts: &TransitionSystem,
    limits: &SweepLimits,
    stats: &mut SweepStats,
) -> Vec<(Var, Lit)> {
    let nv = ts.num_vars() as usize;
    let leaves = 1 + ts.num_inputs() + ts.num_latches();
    // Random simulation, `words` patterns of 64 at a time; `key` hashes each signal's values
    // relative to `phase`, its value in the first pattern.
    let mut rng = Rng::from_state(0x0F0F_5EED_1234_5679);
    let mut key = vec![0u64; nv];
    let mut phase = vec![false; nv];
    let mut val = vec![0u64; nv];
    let lit = |val: &[u64], l: Lit| val[l.var().idx()] ^ if l.is_neg() { !0 } else { 0 };
    for w in 0..limits.words.max(1) {
        val[0] = 0;
        for x in val.iter_mut().take(leaves).skip(1) {
            *x = rng.next_u64();
        }
        for g in &ts.gates {
            val[g.out.idx()] = lit(&val, g.a) & lit(&val, g.b);
        }
        if w == 0 {
            for v in 0..nv {
                phase[v] = val[v] & 1 == 1;
            }
        }
        for v in 0..nv {
            key[v] = mix(key[v], val[v] ^ if phase[v] { !0 } else { 0 });
        }
    }
    // The earliest signal of each class.
    let earliest = |key: &[u64]| {
        let mut first: HashMap<u64, u32> = HashMap::with_capacity(nv);
        for (v, &k) in key.iter().enumerate() {
            first.entry(k).or_insert(v as u32);
        }
        first
    };
    let mut first = earliest(&key);
    let mut sat = gate_solver(ts);
    let mut replay = Replay::default();
    let mut out = Vec::new();
    for g in &ts.gates {
        let n = g.out;
        loop {
            let r = Var(first[&key[n.idx()]]);
            if r == n {
                break;
            }
            if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                stats.stopped = true;
                return out;
            }
            // n equals r when `n ⊕ r ⊕ (phases differ)` is unsatisfiable.
            let rl = r.lit().xor(phase[n.idx()] != phase[r.idx()]);
            stats.sat_queries += 1;
            sat.add_temporary_clause(&[n.lit(), rl]);
            sat.add_temporary_clause(&[!n.lit(), !rl]);
            sat.set_conflict_budget(Some(limits.conflicts));
            match sat.solve(&[]) {
                SatResult::Unsat => {
                    out.push((n, rl));
                    stats.merged += 1;
                    break;
                }
                SatResult::Unknown => {
                    stats.budget_out += 1;
                    break;
                }
                SatResult::Sat => {
                    stats.refuted += 1;
                    replay.replay_model(&sat, ts);
                    for v in 0..nv {
                        key[v] = mix(key[v], u64::from(replay.values[v] != phase[v]));
                    }
                    first = earliest(&key);
                    if Var(first[&key[n.idx()]]) == r {
                        // Cannot happen (the assignment separates n from r); never loop.
                        debug_assert!(false, "a refuting assignment splits the class");
                        break;
                    }
                }
            }
        }
    }
    out
}
