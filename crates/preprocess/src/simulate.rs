//! What latch correspondence and SAT sweeping share: random words and signatures for
//! bit-parallel simulation, and a solver holding the system's gates, whose satisfying
//! assignments are replayed on the system to get every signal's value.

use pdrkit_logic::{Lit, Var};
use pdrkit_sat::Cdcl;
use pdrkit_ts::TransitionSystem;

/// Deterministic pseudo-random words (xorshift64*), 64 simulation patterns each.
pub(crate) use pdrkit_logic::rng::Rng;

/// Folds one more word of values into a signature hash. Equal signatures make candidates
/// only: a collision costs one SAT query, never a wrong merge.
pub(crate) fn mix(h: u64, w: u64) -> u64 {
    (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A pdrkit-sat solver holding the gates of `ts` as definitions (a query's domain is the cone
/// of what it names) and the constant.
pub(crate) fn gate_solver(ts: &TransitionSystem) -> Cdcl {
    let mut sat = Cdcl::new();
    sat.reserve_vars(ts.num_vars());
    sat.add_clause(&[Lit::TRUE]);
    for g in &ts.gates {
        sat.define(g.out, &[g.a.var(), g.b.var()]);
        sat.add_definition_clause(&[!g.out.lit(), g.a]);
        sat.add_definition_clause(&[!g.out.lit(), g.b]);
        sat.add_definition_clause(&[g.out.lit(), !g.a, !g.b]);
    }
    sat
}

/// Reusable buffers for [`replay_model`].
#[derive(Default)]
pub(crate) struct Replay {
    latches: Vec<bool>,
    inputs: Vec<bool>,
    /// Every variable's value in the last replayed model.
    pub(crate) values: Vec<bool>,
}

impl Replay {
    /// Evaluates `ts` on the latch and input values of `sat`'s last model. Variables outside
    /// the query's domain are free (any value extends the model), so they take 0; signals in
    /// the domain get the values the model gave them (the gates are total functions).
    pub(crate) fn replay_model(&mut self, sat: &Cdcl, ts: &TransitionSystem) {
        let read = |v: Var| sat.value(v.lit()).unwrap_or(false);
        self.latches.clear();
        self.latches
            .extend((0..ts.num_latches()).map(|i| read(ts.latch(i))));
        self.inputs.clear();
        self.inputs
            .extend((0..ts.num_inputs()).map(|i| read(ts.input(i))));
        ts.evaluate(&self.latches, &self.inputs, &mut self.values);
    }
}
