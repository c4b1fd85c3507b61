//! Certificates for k-induction proofs, as certifaiger witness circuits.
//!
//! A k-inductive property is not inductive on the model's own states, but it is on states
//! extended with a history of the last `k` steps. The witness circuit keeps the model (same
//! inputs, latches, constraints and gates) and adds `k` history slots: slot `j` holds the state
//! and the inputs of `j` steps ago and a valid bit. Its property says: no model property is 1
//! now, and the history is sound — valid bits form a prefix; every valid slot satisfies the
//! constraints and no property; each valid slot steps to the next newer one (slot 1 to the
//! current state); and unless all `k` slots are valid, the oldest valid slot (or the current
//! state, when none is) is an initial state.
//!
//! Its step case then holds exactly by the two halves of the k-induction proof: with a full
//! history, the step case of k-induction; with a shorter one, a path from an initial state of at
//! most `k` steps, which the base case excludes. This needs no simple-path constraints: a proof
//! that used them is not certified this way.

use pdrkit_logic::Lit;

use crate::aig::{Aig, Latch, Reset, Symbol, SymbolKind};
use crate::certificate::Builder;
use crate::varindex::VarIndex;

impl Builder {
    fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }
    fn implies(&mut self, a: Lit, b: Lit) -> Lit {
        self.or(!a, b)
    }
    fn eq(&mut self, a: Lit, b: Lit) -> Lit {
        let x = self.and(a, !b);
        let y = self.and(!a, b);
        !self.or(x, y)
    }
    fn all(&mut self, lits: impl IntoIterator<Item = Lit>) -> Lit {
        lits.into_iter().fold(Lit::TRUE, |acc, l| self.and(acc, l))
    }
    fn latch(&mut self) -> Lit {
        if u64::from(self.aig.max_var) >= u64::from(u32::MAX >> 1) {
            self.overflow = true;
            return Lit::FALSE;
        }
        let lit = self.aig.new_var().lit();
        self.aig.latches.push(Latch {
            lit,
            next: Lit::FALSE,
            reset: Reset::Zero,
        });
        lit
    }
    /// The model's combinational logic on other latch and input literals: a map from the
    /// model's variables (through `ix`, the model's index) to literals of the circuit being
    /// built.
    fn instantiate(
        &mut self,
        model: &Aig,
        ix: &VarIndex,
        latches: &[Lit],
        inputs: &[Lit],
    ) -> Vec<Lit> {
        let mut map = vec![Lit::FALSE; ix.len()];
        for (i, l) in model.inputs.iter().enumerate() {
            map[slot(ix, *l)] = inputs[i];
        }
        for (i, l) in model.latches.iter().enumerate() {
            map[slot(ix, l.lit)] = latches[i];
        }
        for g in &model.ands {
            let a = at(ix, &map, g.rhs0);
            let b = at(ix, &map, g.rhs1);
            map[slot(ix, g.lhs)] = self.and(a, b);
        }
        map
    }
}

/// Where a defined variable (`l`'s) is in a map built by [`Builder::instantiate`].
fn slot(ix: &VarIndex, l: Lit) -> usize {
    ix.get(l.var()).expect("a variable the model defines")
}

/// `l` in a map built by [`Builder::instantiate`] (0 for a variable the model does not
/// define).
fn at(ix: &VarIndex, map: &[Lit], l: Lit) -> Lit {
    ix.get(l.var())
        .map_or(Lit::FALSE, |i| map[i])
        .xor(l.is_neg())
}

/// The witness circuit certifying that `model`'s properties hold by `k`-induction (base case: no
/// counterexample of length `≤ k`; step case: `k + 1` consecutive states under the constraints
/// whose first `k` satisfy the properties satisfy them in the last, too).
///
/// `aux` is an auxiliary invariant the step case assumed in every frame: clauses over the
/// model's latch literals, inductive under the constraints and true initially. It is required
/// of the current state and of every valid history slot.
pub fn kinduction_circuit(model: &Aig, k: usize, aux: &[Vec<Lit>]) -> Aig {
    let mut b = Builder::from_model(model, model.max_var);
    let props: Vec<Lit> = model.properties().to_vec();
    let ix = VarIndex::new(model);
    let state: Vec<Lit> = model.latches.iter().map(|l| l.lit).collect();
    let bad_now = !b.all(props.iter().map(|&p| !p));
    // The auxiliary invariant over a vector of latch literals (same order as the model's).
    let latch_pos: hashbrown::HashMap<u32, usize> = model
        .latches
        .iter()
        .enumerate()
        .map(|(i, l)| (l.lit.var().0, i))
        .collect();
    let aux_of = |b: &mut Builder, latches: &[Lit]| {
        let clauses: Vec<Lit> = aux
            .iter()
            .map(|c| {
                let lits: Vec<Lit> = c
                    .iter()
                    .map(|l| match latch_pos.get(&l.var().0) {
                        Some(&i) => latches[i].xor(l.is_neg()),
                        // Not a latch of the model: the clause is unusable, so false.
                        None => Lit::FALSE,
                    })
                    .collect();
                !b.all(lits.into_iter().map(|l| !l))
            })
            .collect();
        b.all(clauses)
    };
    let init_of = |b: &mut Builder, latches: &[Lit]| {
        let lits: Vec<Lit> = model
            .latches
            .iter()
            .zip(latches)
            .filter_map(|(l, &h)| l.reset.value().map(|v| h.xor(!v)))
            .collect();
        b.all(lits)
    };
    // History slots 1..=k: latches for the state and the inputs, and a valid bit.
    let mut slot_state: Vec<Vec<Lit>> = Vec::with_capacity(k);
    let mut slot_inputs: Vec<Vec<Lit>> = Vec::with_capacity(k);
    let mut valid: Vec<Lit> = Vec::with_capacity(k);
    for _ in 0..k {
        slot_state.push(model.latches.iter().map(|_| b.latch()).collect());
        slot_inputs.push(model.inputs.iter().map(|_| b.latch()).collect());
        valid.push(b.latch());
    }
    // Shift: slot 1 takes the current state and inputs, slot j+1 takes slot j.
    let mut next_of = hashbrown::HashMap::new();
    for j in 0..k {
        let (src_state, src_inputs, src_valid): (Vec<Lit>, Vec<Lit>, Lit) = if j == 0 {
            (state.clone(), model.inputs.clone(), Lit::TRUE)
        } else {
            (
                slot_state[j - 1].clone(),
                slot_inputs[j - 1].clone(),
                valid[j - 1],
            )
        };
        for (h, s) in slot_state[j].iter().zip(&src_state) {
            next_of.insert(h.var(), *s);
        }
        for (h, s) in slot_inputs[j].iter().zip(&src_inputs) {
            next_of.insert(h.var(), *s);
        }
        next_of.insert(valid[j].var(), src_valid);
    }
    for l in &mut b.aig.latches {
        if let Some(&n) = next_of.get(&l.lit.var()) {
            l.next = n;
        }
    }
    // Soundness of the history.
    let mut ok = Vec::new();
    for j in 0..k {
        if j + 1 < k {
            let m = b.implies(valid[j + 1], valid[j]);
            ok.push(m);
        }
        let map = b.instantiate(model, &ix, &slot_state[j], &slot_inputs[j]);
        let no_bad = b.all(props.iter().map(|&p| !at(&ix, &map, p)));
        let cons = b.all(model.constraints.iter().map(|&c| at(&ix, &map, c)));
        let newer: Vec<Lit> = if j == 0 {
            state.clone()
        } else {
            slot_state[j - 1].clone()
        };
        let steps: Vec<Lit> = model
            .latches
            .iter()
            .zip(&newer)
            .map(|(l, &n)| (at(&ix, &map, l.next), n))
            .collect::<Vec<_>>()
            .into_iter()
            .map(|(f, n)| b.eq(f, n))
            .collect();
        let steps = b.all(steps);
        let aux_ok = aux_of(&mut b, &slot_state[j]);
        let good = b.all([no_bad, cons, steps, aux_ok]);
        let slot_ok = b.implies(valid[j], good);
        ok.push(slot_ok);
        if j + 1 < k {
            // The oldest valid slot of a history that is not full is initial.
            let oldest = b.and(valid[j], !valid[j + 1]);
            let init = init_of(&mut b, &slot_state[j]);
            let o = b.implies(oldest, init);
            ok.push(o);
        }
    }
    if let Some(&first_valid) = valid.first() {
        // Before the first step, the current state is initial. (With k = 0 the property
        // holds in every state satisfying the constraints: no history is needed.)
        let init_now = init_of(&mut b, &state);
        let o = b.implies(!first_valid, init_now);
        ok.push(o);
    }
    let aux_now = aux_of(&mut b, &state);
    ok.push(aux_now);
    let sound = b.all(ok);
    // Out of variables: a certificate no check accepts rather than a wrong one.
    let bad = if b.overflow {
        Lit::TRUE
    } else {
        b.or(bad_now, !sound)
    };
    b.aig.bads = vec![bad];
    for (i, l) in model.inputs.iter().enumerate() {
        b.aig.symbols.push(Symbol {
            kind: SymbolKind::Input,
            index: i,
            name: format!("= {}", l.code()),
        });
    }
    for (i, l) in model.latches.iter().enumerate() {
        b.aig.symbols.push(Symbol {
            kind: SymbolKind::Latch,
            index: i,
            name: format!("= {}", l.lit.code()),
        });
    }
    b.aig
}
