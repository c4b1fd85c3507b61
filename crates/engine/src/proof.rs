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
        /// Auxiliary invariant assumed in every step frame (clauses over latch variables),
        /// itself inductive under the constraints.
        aux: Vec<Clause>,
    },
}

impl Proof {
    /// The invariant's clauses over the original model's latch literals (`Latch::lit`), ready for
    /// a certificate circuit, with the equalities of the latches preprocessing replaced
    /// ([`TransitionSystem::merged`]), without which the invariant need not be inductive in the
    /// model. For a k-induction proof: `None` (see [`aux_in_model`](Self::aux_in_model)).
    pub fn invariant_in_model(&self, ts: &TransitionSystem, aig: &Aig) -> Option<Vec<Vec<Lit>>> {
        match self {
            Proof::KInduction { .. } => None,
            Proof::Invariant(clauses) => Some(clauses_in_model(clauses, ts, aig)),
        }
    }

    /// The auxiliary invariant of a k-induction proof over the model's latch literals, with the
    /// equalities of the latches preprocessing replaced.
    pub fn aux_in_model(&self, ts: &TransitionSystem, aig: &Aig) -> Vec<Vec<Lit>> {
        match self {
            Proof::KInduction { aux, .. } => clauses_in_model(aux, ts, aig),
            Proof::Invariant(_) => Vec::new(),
        }
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

/// The variable that stands for the first-step latch in clauses over the model: the first
/// variable above the model's.
pub fn first_var_in_model(aig: &Aig) -> pdrkit_logic::Var {
    pdrkit_logic::Var(aig.max_var + 1)
}

fn clauses_in_model(clauses: &[Clause], ts: &TransitionSystem, aig: &Aig) -> Vec<Vec<Lit>> {
    let merged = ts.merged.iter().flat_map(|m| m.clauses(aig));
    clauses
        .iter()
        .map(|c| {
            c.iter()
                .map(|&l| {
                    let i = ts
                        .latch_index(l.var())
                        .expect("invariant over latches only");
                    match ts.latch_origin[i] {
                        pdrkit_ts::NO_ORIGIN => first_var_in_model(aig).lit_with(l.is_neg()),
                        o => aig.latches[o].lit.xor(l.is_neg()),
                    }
                })
                .collect()
        })
        .chain(merged)
        .collect()
}
