//! Proofs of safety, in terms of the transition system and of the original model.

use pdrkit_logic::{Clause, Lit};
use pdrkit_ts::{Aig, TransitionSystem};

/// Why the property holds.
#[derive(Clone, Debug)]
pub enum Proof {
    /// An inductive invariant: a conjunction of clauses over the system's latch variables with
    /// `I ⇒ Inv`, `Inv ∧ C ∧ T ⇒ Inv'` and `Inv ∧ C ⇒ ¬bad`.
    Invariant(Vec<Clause>),
    /// The property is `k`-inductive (under the constraints), with simple-path constraints when
    /// `simple_path`; no counterexample of length `≤ k` exists.
    KInduction {
        /// The k.
        k: usize,
        /// Whether the step case needed simple-path constraints.
        simple_path: bool,
    },
}

impl Proof {
    /// The invariant's clauses over the original model's latch literals (`Latch::lit`), ready for
    /// a certificate circuit.
    /// For a k-induction proof: `None`.
    pub fn invariant_in_model(&self, ts: &TransitionSystem, aig: &Aig) -> Option<Vec<Vec<Lit>>> {
        Some(match self {
            Proof::KInduction { .. } => return None,
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
        })
    }

    /// Number of clauses (for k-induction: k).
    pub fn len(&self) -> usize {
        match self {
            Proof::Invariant(c) => c.len(),
            Proof::KInduction { k, .. } => *k,
        }
    }

    /// Whether the proof has no clauses (the property is combinationally true).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
