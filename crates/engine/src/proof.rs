//! Proofs of safety, in terms of the transition system and of the original model.

use pdrkit_logic::{Clause, Lit};
use pdrkit_ts::{Aig, TransitionSystem};

/// Why the property holds.
#[derive(Clone, Debug)]
pub enum Proof {
    /// An inductive invariant: a conjunction of clauses over the system's latch variables with
    /// `I ⇒ Inv`, `Inv ∧ C ∧ T ⇒ Inv'` and `Inv ∧ C ⇒ ¬bad`.
    Invariant(Vec<Clause>),
}

impl Proof {
    /// The invariant's clauses over the original model's latch literals (`Latch::lit`), ready for
    /// a certificate circuit.
    pub fn invariant_in_model(&self, ts: &TransitionSystem, aig: &Aig) -> Vec<Vec<Lit>> {
        match self {
            Proof::Invariant(clauses) => clauses
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|&l| {
                            let i = ts
                                .latch_index(l.var())
                                .expect("invariant over latches only");
                            aig.latches[ts.latch_origin[i]].lit.xor(l.is_neg())
                        })
                        .collect()
                })
                .collect(),
        }
    }

    /// Number of clauses.
    pub fn len(&self) -> usize {
        match self {
            Proof::Invariant(c) => c.len(),
        }
    }

    /// Whether the proof has no clauses (the property is combinationally true).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
