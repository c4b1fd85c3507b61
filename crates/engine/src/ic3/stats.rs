//! Counters of an IC3 run.

use std::time::Duration;

use crate::StatValue;

/// SAT calls by purpose, with the time they took.
#[derive(Clone, Debug, Default)]
pub struct Ic3Stats {
    /// Bad-state queries at the frontier.
    pub bad_calls: u64,
    /// Relative-induction queries while blocking obligations.
    pub block_calls: u64,
    /// Relative-induction queries while generalizing (literal dropping).
    pub generalize_calls: u64,
    /// Relative-induction queries raising a generalized lemma above the level it was found at,
    /// before it is learned (rIC3's `push_lemma`).
    pub raise_calls: u64,
    /// Queries about counterexamples to generalization.
    pub ctg_calls: u64,
    /// Queries while pushing lemmas forward.
    pub push_calls: u64,
    /// Lifting queries.
    pub lift_calls: u64,
    /// Predecessors lifted.
    pub lifts: u64,
    /// Sum of the lengths of the lifted cubes.
    pub lift_lits: u64,
    /// Liftings from a pruned model (`Ic3Config::lift_flip`).
    pub lift_pruned: u64,
    /// Latches dropped from frame solvers' models before lifting.
    pub lift_flipped: u64,
    /// Re-verification queries of generalized lemmas.
    pub verify_calls: u64,
    /// Time in the frame solvers' SAT calls.
    pub sat_time: Duration,
    /// Time in lifting (its SAT calls, or ternary simulation).
    pub lift_time: Duration,
    /// Literal-dropping runs (MIC), those of CTG lemmas included (rIC3's `num_mic`).
    pub mics: u64,
    /// Sum of the lengths of the cubes MIC started from (rIC3's `avg_mic_cube_len`).
    pub mic_lits: u64,
    /// Lemmas learned.
    pub lemmas: u64,
    /// Sum of the lengths of learned lemmas.
    pub lemma_lits: u64,
    /// Lemmas moved up a level while pushing.
    pub pushed: u64,
    /// Pushes not asked: the state that refuted the lemma's last push still does.
    pub push_skipped: u64,
    /// Lemmas found inductive on their own (moved to the infinity level).
    pub promoted: u64,
    /// Lemmas taken from other engines into the infinity level.
    pub imported: u64,
    /// Obligations handled.
    pub obligations: u64,
    /// CTG lemmas learned.
    pub ctgs: u64,
    /// Obligations dropped for coming back too often.
    pub dropped: u64,
    /// Literal drops refuted by a remembered predecessor, without a SAT query.
    pub cex_hits: u64,
    /// Solver rebuilds.
    pub rebuilds: u64,
    /// The frame solvers' CNF: mapped nodes, their clauses, and the nodes eliminated.
    pub cnf_nodes: usize,
    /// See `cnf_nodes`.
    pub cnf_clauses: usize,
    /// See `cnf_nodes`.
    pub cnf_eliminated: usize,
    /// Frames at the end.
    pub frames: usize,
    /// Lemmas stored at the end, over every level and the infinity level.
    pub lemmas_held: usize,
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
            + self.verify_calls
    }

    /// Mean time of one frame-solver query in microseconds (0 without queries).
    pub fn mean_query_us(&self) -> f64 {
        match self.queries() {
            0 => 0.0,
            n => self.sat_time.as_secs_f64() * 1e6 / n as f64,
        }
    }

    /// Every counter as (name, value) pairs, for `--stats` and `--stats-json`.
    pub fn pairs(&self) -> Vec<(&'static str, StatValue)> {
        let avg = mean(self.lemma_lits, self.lemmas);
        vec![
            ("frames", self.frames.into()),
            ("cnf_nodes", self.cnf_nodes.into()),
            ("cnf_clauses", self.cnf_clauses.into()),
            ("cnf_eliminated", self.cnf_eliminated.into()),
            ("sat_queries", self.queries().into()),
            ("sat_mean_us", StatValue::Mean(self.mean_query_us())),
            ("sat_bad", self.bad_calls.into()),
            ("sat_block", self.block_calls.into()),
            ("sat_generalize", self.generalize_calls.into()),
            ("sat_raise", self.raise_calls.into()),
            ("sat_ctg", self.ctg_calls.into()),
            ("sat_push", self.push_calls.into()),
            ("sat_lift", self.lift_calls.into()),
            (
                "avg_lift_len",
                StatValue::Mean(mean(self.lift_lits, self.lifts)),
            ),
            ("lifts", self.lifts.into()),
            ("lift_pruned", self.lift_pruned.into()),
            ("lift_flipped", self.lift_flipped.into()),
            ("sat_verify", self.verify_calls.into()),
            (
                "sat_time_s",
                StatValue::Seconds(self.sat_time.as_secs_f64()),
            ),
            (
                "lift_time_s",
                StatValue::Seconds(self.lift_time.as_secs_f64()),
            ),
            ("mics", self.mics.into()),
            (
                "avg_mic_len",
                StatValue::Mean(mean(self.mic_lits, self.mics)),
            ),
            ("lemmas", self.lemmas.into()),
            ("lemmas_held", self.lemmas_held.into()),
            ("avg_lemma_len", StatValue::Mean(avg)),
            ("pushed", self.pushed.into()),
            ("push_skipped", self.push_skipped.into()),
            ("promoted", self.promoted.into()),
            ("imported", self.imported.into()),
            ("obligations", self.obligations.into()),
            ("ctg_lemmas", self.ctgs.into()),
            ("obligations_dropped", self.dropped.into()),
            ("cex_hits", self.cex_hits.into()),
            ("rebuilds", self.rebuilds.into()),
        ]
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
