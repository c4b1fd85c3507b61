//! Proofs of safety, in terms of the transition system and of the original model.

use pdrkit_logic::{Clause, Lit};
use pdrkit_ts::{Aig, TransitionSystem};

use crate::Reason;

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

    /// The certificate circuit of this proof for `model` (the file's model reduced to the
    /// proved property, as `ts` was built from it), in the format the independent checker and
    /// certifaiger read: the invariant's witness circuit, or the k-induction circuit of `P ∧ Aux`.
    /// A k-induction proof that needed simple-path constraints has none
    /// ([`Reason::NotCertifiable`]).
    pub fn certificate(&self, ts: &TransitionSystem, model: &Aig) -> Result<Aig, Reason> {
        match self {
            Proof::Invariant(_) => {
                let inv = clauses_in_model(self.clauses(), ts, model);
                Ok(if ts.first.is_some() {
                    pdrkit_ts::certificate::witness_circuit_with_first(
                        model,
                        &inv,
                        first_var_in_model(model),
                    )
                } else {
                    pdrkit_ts::certificate::witness_circuit(model, &inv)
                })
            }
            Proof::KInduction {
                k,
                simple_path: false,
                aux,
            } => Ok(pdrkit_ts::kinduction::kinduction_circuit(
                model,
                *k,
                &clauses_in_model(aux, ts, model),
            )),
            Proof::KInduction { .. } => Err(Reason::NotCertifiable),
        }
    }

    /// The invariant's clauses, or the auxiliary invariant's.
    fn clauses(&self) -> &[Clause] {
        match self {
            Proof::Invariant(c) => c,
            Proof::KInduction { aux, .. } => aux,
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

/// The independent checker's model of `aig`, read by the checker's own reader from the ASCII
/// AIGER file `aig` would be written as (for tests that hand engine-built circuits to it).
#[cfg(test)]
pub(crate) fn checker_model(aig: &Aig) -> pdrkit_check::Model {
    pdrkit_check::Model::parse(&pdrkit_ts::aiger::write_aag(aig)).expect("a well-formed circuit")
}

#[cfg(test)]
mod tests {
    use pdrkit_logic::{Clause, Lit};
    use pdrkit_ts::{Aig, Latch, Reset, TransitionSystem};

    use super::Proof;
    use crate::Reason;

    /// Two latches, both reset 0: `y' = y`, `x' = y`; the property "never x". It is not
    /// inductive alone (from `x = 0, y = 1` the next `x` is 1); with "never y" it is.
    fn shift_of_zero() -> (Aig, TransitionSystem) {
        let mut aig = Aig {
            max_var: 2,
            ..Aig::default()
        };
        let (x, y) = (Lit::from_code(2), Lit::from_code(4));
        aig.latches.push(Latch {
            lit: x,
            next: y,
            reset: Reset::Zero,
        });
        aig.latches.push(Latch {
            lit: y,
            next: y,
            reset: Reset::Zero,
        });
        aig.bads.push(x);
        let ts = TransitionSystem::from_aig(&aig, None).unwrap();
        (aig, ts)
    }

    #[test]
    fn certificates_of_invariants_and_k_induction_convince_the_checker() {
        let (aig, ts) = shift_of_zero();
        let lit = |name: Lit| ts.latch(ts.latch_index(name.var()).unwrap()).lit();
        let (x, y) = (lit(Lit::from_code(2)), lit(Lit::from_code(4)));
        let inv = Proof::Invariant(vec![Clause::new([!x]), Clause::new([!y])]);
        let cert = inv.certificate(&ts, &aig).unwrap();
        assert!(pdrkit_check::check_certificate(
            &super::checker_model(&aig),
            &super::checker_model(&cert)
        )
        .is_ok());
        // The property alone is not inductive: the empty invariant's certificate must fail.
        let weak = Proof::Invariant(Vec::new()).certificate(&ts, &aig).unwrap();
        assert!(pdrkit_check::check_certificate(
            &super::checker_model(&aig),
            &super::checker_model(&weak)
        )
        .is_err());
        // 2-inductive alone: two steps that keep x = 0 force y = 0 (the certificate's history
        // slots carry the earlier steps).
        let kind = Proof::KInduction {
            k: 2,
            simple_path: false,
            aux: Vec::new(),
        };
        let cert = kind.certificate(&ts, &aig).unwrap();
        assert!(pdrkit_check::check_certificate(
            &super::checker_model(&aig),
            &super::checker_model(&cert)
        )
        .is_ok());
    }

    #[test]
    fn simple_path_proofs_have_no_certificate() {
        let (aig, ts) = shift_of_zero();
        let p = Proof::KInduction {
            k: 1,
            simple_path: true,
            aux: Vec::new(),
        };
        assert_eq!(
            p.certificate(&ts, &aig).unwrap_err(),
            Reason::NotCertifiable
        );
    }
}
