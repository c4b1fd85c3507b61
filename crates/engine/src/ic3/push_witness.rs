//! The states that refuted each lemma's last push, kept so that the same push is not asked again
//! while the state still refutes it.
//!
//! Pushing lemma `c` from level `i` asks `F_i ∧ C ∧ T ∧ c'`. When that is satisfiable, the model
//! holds a state `s` of `F_i` with a successor in `c`, and the push fails. The next round asks
//! again, although usually `F_i` has changed little: if every lemma added to a level `≥ i`
//! since then excludes `s`, then `s` is still in `F_i` and still has that successor, so the
//! push fails again. [`PushWitnesses`] keeps `s` (the latches the model assigned) per lemma
//! and a log of the lemmas added since, and answers "fails again" without a SAT query when the
//! log's new lemmas all contradict `s` on an assigned latch.
//!
//! Skipping a push can only keep a lemma lower than it might go: convergence needs a level
//! emptied by pushes that the solver proved, so a wrong skip would cost frames, never
//! soundness.

use std::collections::HashMap;

use pdrkit_logic::{Cube, Lit};
use pdrkit_ts::TransitionSystem;

use super::solver::ConeSolver;

/// A state that refuted a push from `level`: two bit planes over the latches (assigned true,
/// assigned false), and how much of the lemma log it has been checked against.
struct Witness {
    level: usize,
    truth: Vec<u64>,
    seen: usize,
    /// The propagation round that last looked at it (stale ones are dropped after a round).
    round: u64,
}

/// The refuting states of failed pushes, by lemma, with the log of lemmas added since.
#[derive(Default)]
pub(super) struct PushWitnesses {
    by_lemma: HashMap<Cube, Witness>,
    /// Every lemma added to the frames, with its level, since the oldest kept witness; `base`
    /// is the log position of its first entry.
    log: Vec<(Cube, usize)>,
    base: usize,
    round: u64,
}

impl PushWitnesses {
    /// Notes a lemma added at `level` (every addition, new or moved, may change `F_1..F_level`).
    pub(super) fn added(&mut self, cube: &Cube, level: usize) {
        if !self.by_lemma.is_empty() {
            self.log.push((cube.clone(), level));
        }
    }

    /// Whether the push of `cube` from `level` is known to fail: its last refuting state is
    /// still excluded by nothing added to levels `≥ level` since.
    pub(super) fn refutes(&mut self, ts: &TransitionSystem, cube: &Cube, level: usize) -> bool {
        let round = self.round;
        let end = self.base + self.log.len();
        let Some(w) = self.by_lemma.get_mut(cube) else {
            return false;
        };
        w.round = round;
        if w.level != level {
            return false;
        }
        let words = w.truth.len() / 2;
        let falsified = |l: Lit| -> bool {
            let Some(j) = ts.latch_index(l.var()) else {
                return false;
            };
            // `l` is false in the state when its latch is assigned the other value.
            let plane = if l.is_neg() { 0 } else { words };
            w.truth[plane + j / 64] >> (j % 64) & 1 == 1
        };
        let fresh = &self.log[w.seen - self.base..];
        let still = fresh
            .iter()
            .all(|(d, at)| *at < level || d.iter().any(|&l| falsified(l)));
        if still {
            w.seen = end;
        }
        still
    }

    /// Remembers the state in `solver`'s last model as the refutation of `cube`'s push from
    /// `level`.
    pub(super) fn record(
        &mut self,
        ts: &TransitionSystem,
        solver: &ConeSolver,
        cube: &Cube,
        level: usize,
    ) {
        let words = ts.num_latches().div_ceil(64);
        let mut truth = vec![0u64; 2 * words];
        for j in 0..ts.num_latches() {
            match solver.value(ts.latch(j).lit()) {
                Some(true) => truth[j / 64] |= 1 << (j % 64),
                Some(false) => truth[words + j / 64] |= 1 << (j % 64),
                None => {}
            }
        }
        let seen = self.base + self.log.len();
        let round = self.round;
        self.by_lemma.insert(
            cube.clone(),
            Witness {
                level,
                truth,
                seen,
                round,
            },
        );
    }

    /// Forgets the refutation of `cube` (it was pushed).
    pub(super) fn forget(&mut self, cube: &Cube) {
        self.by_lemma.remove(cube);
    }

    /// Ends a propagation round: drops the witnesses of lemmas no round looked at (subsumed or
    /// moved), and the part of the log every kept witness has seen.
    pub(super) fn end_round(&mut self) {
        let round = self.round;
        self.by_lemma.retain(|_, w| w.round == round);
        self.round += 1;
        let oldest = self
            .by_lemma
            .values()
            .map(|w| w.seen)
            .min()
            .unwrap_or(self.base + self.log.len());
        self.log.drain(..oldest - self.base);
        self.base = oldest;
    }
}
