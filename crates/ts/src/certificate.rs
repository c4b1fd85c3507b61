//! Building safety certificates in the certifaiger witness-circuit format (HWMCC'24) from an
//! inductive invariant of the model.
//!
//! The witness circuit is the model itself with its property strengthened by the invariant:
//! `bad = (some property is 1) ∨ ¬Inv`. Inputs and latches keep their order and literals, and
//! the symbol table maps each to itself (`i<N> = <lit>`, `l<N> = <lit>`), so the correspondence
//! with the model is explicit and the simulation conditions (Reset, Transition, Property) hold
//! by construction. Base and Step then hold exactly when `Inv ∧ P` contains the initial states
//! and is inductive — the claim the certificate makes.

use pdrkit_logic::Lit;

use crate::aig::{Aig, Symbol, SymbolKind};

/// Largest variable whose literals (`2v`, `2v + 1`) fit in a `u32`.
const MAX_VAR: u64 = (u32::MAX >> 1) as u64;

/// Appends AND gates with constant folding, tracking whether variables ran out. Shared by the
/// certificate constructions of this crate.
pub(crate) struct Builder {
    pub(crate) aig: Aig,
    pub(crate) overflow: bool,
}

impl Builder {
    /// A circuit with `model`'s inputs, latches, constraints and gates (no outputs, properties
    /// or symbols), its new variables above `max_var`.
    pub(crate) fn from_model(model: &Aig, max_var: u32) -> Self {
        Builder {
            aig: Aig {
                max_var,
                inputs: model.inputs.clone(),
                latches: model.latches.clone(),
                constraints: model.constraints.clone(),
                ands: model.ands.clone(),
                ..Aig::default()
            },
            overflow: false,
        }
    }

    pub(crate) fn and(&mut self, a: Lit, b: Lit) -> Lit {
        if a == Lit::FALSE || b == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        if b == Lit::TRUE {
            return a;
        }
        if u64::from(self.aig.max_var) >= MAX_VAR {
            self.overflow = true;
            return Lit::FALSE;
        }
        self.aig.add_and(a, b)
    }
}

/// The witness circuit certifying that `invariant` — a conjunction of clauses over the model's
/// latch literals (positive or negated [`crate::Latch::lit`]s) — is an inductive strengthening
/// of the model's properties.
///
/// The result is a copy of `model` with the same inputs, latches (literals, next-state
/// functions, resets), constraints and gates, whose outputs are dropped and whose `B` section is
/// the single literal `bad = (OR of model.properties()) ∨ ¬(AND of the clauses)`; justice,
/// fairness, symbols and comments are dropped, and symbols `i<N> = <lit>` / `l<N> = <lit>` map
/// every input and latch to the model's. An empty `invariant` is `true`; an empty clause is
/// `false`.
///
/// Nothing here checks that the invariant is inductive: that is the certificate checker's job.
/// Malformed input never makes an unsound certificate: a literal whose variable the model does
/// not define counts as `false` in its clause (so the invariant only gets stronger and the check
/// fails at Base or Step), and a model so large that the new gates would not fit in 32-bit
/// literals gets `bad = true`, which no check accepts.
pub fn witness_circuit(model: &Aig, invariant: &[Vec<Lit>]) -> Aig {
    let mut defined: hashbrown::HashSet<u32> = model.inputs.iter().map(|l| l.var().0).collect();
    defined.extend(model.latches.iter().map(|l| l.lit.var().0));
    defined.extend(model.ands.iter().map(|g| g.lhs.var().0));
    let known = |l: Lit| l.is_const() || defined.contains(&l.var().0);

    // New gates go above every variable the model mentions, even when its header understates
    // `max_var` (a hand-built `Aig` may): a clash would silently change the circuit.
    let top = model
        .inputs
        .iter()
        .chain(model.latches.iter().flat_map(|l| [&l.lit, &l.next]))
        .chain(model.ands.iter().flat_map(|g| [&g.lhs, &g.rhs0, &g.rhs1]))
        .chain(model.properties().iter())
        .chain(model.constraints.iter())
        .map(|l| l.var().0)
        .max()
        .unwrap_or(0)
        .max(model.max_var);
    let mut b = Builder::from_model(model, top);
    // Inv = ∧ clauses, each clause ¬(∧ ¬lit); an unknown literal is false, so its negation is
    // true and drops out of the inner conjunction.
    let mut good = Lit::TRUE;
    for clause in invariant {
        let mut none = Lit::TRUE;
        for &l in clause {
            if known(l) {
                none = b.and(none, !l);
            }
        }
        good = b.and(good, !none);
    }
    for &p in model.properties() {
        good = b.and(good, !p);
    }
    let bad = if b.overflow { Lit::TRUE } else { !good };
    let mut w = b.aig;
    w.bads = vec![bad];
    let map = |kind: SymbolKind, (index, l): (usize, &Lit)| Symbol {
        kind,
        index,
        name: format!("= {}", l.code()),
    };
    w.symbols = model
        .inputs
        .iter()
        .enumerate()
        .map(|e| map(SymbolKind::Input, e))
        .chain(
            model
                .latches
                .iter()
                .map(|l| &l.lit)
                .enumerate()
                .map(|e| map(SymbolKind::Latch, e)),
        )
        .collect();
    w
}

/// Like [`witness_circuit`], for an invariant that may also use `first`, a latch the model does
/// not have which is 1 in the initial states and 0 ever after (`first` must be a variable above
/// the model's). The circuit gets that latch as an extra, unmapped one.
pub fn witness_circuit_with_first(
    model: &Aig,
    invariant: &[Vec<Lit>],
    first: pdrkit_logic::Var,
) -> Aig {
    let mut extended = model.clone();
    extended.max_var = extended.max_var.max(first.0);
    extended.latches.push(crate::aig::Latch {
        lit: first.lit(),
        next: Lit::FALSE,
        reset: crate::aig::Reset::One,
    });
    let mut w = witness_circuit(&extended, invariant);
    let extra = model.latches.len();
    w.symbols
        .retain(|s| !(s.kind == SymbolKind::Latch && s.index == extra));
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aiger::{parse, write_aag};

    /// Two toggling latches a (reset 0) and b (reset 1); bad when both are 1.
    const TOGGLE: &str = "aag 3 0 2 0 1 1\n2 3\n4 5 1\n6\n6 2 4\nl0 a\nb0 both\n";

    #[test]
    fn shape_and_roundtrip() {
        let model = parse(TOGGLE.as_bytes()).unwrap();
        let (a, bl) = (Lit::from_code(2), Lit::from_code(4));
        let w = witness_circuit(&model, &[vec![a, bl], vec![!a, !bl]]);
        assert_eq!(w.inputs, model.inputs);
        assert_eq!(w.latches, model.latches);
        assert!(w.outputs.is_empty());
        assert_eq!(w.bads.len(), 1);
        assert_eq!(&w.ands[..1], &model.ands[..]);
        let names: Vec<String> = w
            .symbols
            .iter()
            .map(|s| format!("{}{} {}", s.kind.letter(), s.index, s.name))
            .collect();
        assert_eq!(names, vec!["l0 = 2", "l1 = 4"]);
        let back = parse(&write_aag(&w)).unwrap();
        assert_eq!(back, w);
    }

    #[test]
    fn constants_fold() {
        let model = parse(TOGGLE.as_bytes()).unwrap();
        // Empty invariant: bad is just the property.
        let w = witness_circuit(&model, &[]);
        assert_eq!(w.bads, vec![Lit::from_code(6)]);
        assert_eq!(w.ands.len(), 1);
        // An empty clause makes the invariant false, so bad is constant true.
        let w = witness_circuit(&model, &[vec![Lit::from_code(2)], vec![]]);
        assert_eq!(w.bads, vec![Lit::TRUE]);
        // Undefined literals count as false.
        let w = witness_circuit(&model, &[vec![Lit::from_code(1000)]]);
        assert_eq!(w.bads, vec![Lit::TRUE]);
    }

    #[test]
    fn outputs_as_properties() {
        let model = parse(b"aag 2 1 1 1 0\n2\n4 2\n4\n").unwrap();
        let w = witness_circuit(&model, &[vec![!Lit::from_code(4)]]);
        assert!(w.outputs.is_empty());
        assert_eq!(w.bads.len(), 1);
        assert_eq!(w.symbols.len(), 2);
    }

    #[test]
    fn variable_space_exhausted() {
        let mut model = parse(TOGGLE.as_bytes()).unwrap();
        model.max_var = u32::MAX;
        let w = witness_circuit(&model, &[vec![Lit::from_code(2), Lit::from_code(4)]]);
        assert_eq!(w.bads, vec![Lit::TRUE]);
    }
}
