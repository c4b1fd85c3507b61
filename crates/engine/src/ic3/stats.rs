//! Counters of an IC3 run.

use std::time::Duration;

use crate::stat::stats;
use crate::StatValue;

stats! {
    /// SAT calls by purpose, with the time they took. The statistics are shown in this order.
    #[derive(Clone, Debug, Default)]
    pub struct Ic3Stats {
        /// Frames at the end.
        frames: usize,
        /// The frame solvers' CNF: mapped nodes, their clauses, and the nodes eliminated.
        cnf_nodes: usize,
        /// See `cnf_nodes`.
        cnf_clauses: usize,
        /// See `cnf_nodes`.
        cnf_eliminated: usize,
        @ "sat_queries" => |s| s.queries().into(),
        @ "sat_mean_us" => |s| StatValue::Mean(s.mean_query_us()),
        /// Bad-state queries at the frontier.
        bad_calls: u64 => "sat_bad",
        /// Relative-induction queries while blocking obligations.
        block_calls: u64 => "sat_block",
        /// Relative-induction queries while generalizing (literal dropping).
        generalize_calls: u64 => "sat_generalize",
        /// Relative-induction queries raising a generalized lemma above the level it was found
        /// at, before it is learned (rIC3's `push_lemma`).
        raise_calls: u64 => "sat_raise",
        /// Queries about counterexamples to generalization.
        ctg_calls: u64 => "sat_ctg",
        /// Queries while pushing lemmas forward.
        push_calls: u64 => "sat_push",
        /// Lifting queries.
        lift_calls: u64 => "sat_lift",
        @ "avg_lift_len" => |s| StatValue::Mean(mean(s.lift_lits, s.lifts)),
        /// Predecessors lifted.
        lifts: u64,
        /// Sum of the lengths of the lifted cubes.
        lift_lits: u64 => _,
        /// Time in the frame solvers' SAT calls.
        sat_time: Duration => "sat_time_s",
        /// Time in lifting (its SAT calls, or ternary simulation).
        lift_time: Duration => "lift_time_s",
        /// Literal-dropping runs (MIC), those of CTG lemmas included (rIC3's `num_mic`).
        mics: u64,
        /// Sum of the lengths of the cubes MIC started from (rIC3's `avg_mic_cube_len`).
        mic_lits: u64 => _,
        @ "avg_mic_len" => |s| StatValue::Mean(mean(s.mic_lits, s.mics)),
        /// Lemmas learned.
        lemmas: u64,
        /// Lemmas stored at the end, over every level and the infinity level.
        lemmas_held: usize,
        /// Sum of the lengths of learned lemmas.
        lemma_lits: u64 => _,
        @ "avg_lemma_len" => |s| StatValue::Mean(mean(s.lemma_lits, s.lemmas)),
        /// Lemmas moved up a level while pushing.
        pushed: u64,
        /// Pushes not asked: the state that refuted the lemma's last push still does.
        push_skipped: u64,
        /// Lemmas found inductive on their own (moved to the infinity level).
        promoted: u64,
        /// Lemmas taken from other engines into the infinity level.
        imported: u64,
        /// Obligations handled.
        obligations: u64,
        /// CTG lemmas learned.
        ctgs: u64 => "ctg_lemmas",
        /// Obligations dropped for coming back too often.
        dropped: u64 => "obligations_dropped",
        /// Literal drops refuted by a remembered predecessor, without a SAT query.
        cex_hits: u64,
        /// Solver rebuilds.
        rebuilds: u64,
    }
}

impl Ic3Stats {
    /// The frame solvers' SAT queries, whatever their purpose; lifting queries, on a solver of
    /// their own, are counted apart (as rIC3's `num_solve` counts its frame solvers only).
    pub fn queries(&self) -> u64 {
        self.bad_calls
            + self.block_calls
            + self.generalize_calls
            + self.raise_calls
            + self.ctg_calls
            + self.push_calls
    }

    /// Mean time of one frame-solver query in microseconds (0 without queries).
    pub fn mean_query_us(&self) -> f64 {
        match self.queries() {
            0 => 0.0,
            n => self.sat_time.as_secs_f64() * 1e6 / n as f64,
        }
    }
}

/// `sum / n`, 0 when `n` is 0.
fn mean(sum: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        sum as f64 / n as f64
    }
}
