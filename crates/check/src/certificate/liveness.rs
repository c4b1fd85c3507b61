//! The liveness conditions of a witness circuit, as certifaiger states them (its README at the
//! commit of the shared test vectors; Froleyks, Yu, Bogaerts, Biere and Heljanko, "Liveness
//! Proofs for Hardware Model Checking", CAV'26).
//!
//! For justice property `j`, a *signal* is a fairness constraint or a literal of `j`; `q` is
//! "the signal is 0". W's signals are *edge predicates*: `q'_xy` is W's literal read in state
//! `x`, except that each intervened literal takes the value its source has in state `y` (by
//! default a latch's next-state literal stands for the latch in `y`; a symbol
//! `l<K> < <lit>` / `i<K> < <lit>` or an `INTERVENTION` comment names other pairs). `Q'_xy` is
//! the disjunction of all of W's signals of `j` (its fairness constraints and every literal of
//! its `j`). With `G(x)` = "W's constraints hold and no property of W is 1 in `x`" and `F'xy`
//! one step of W:
//!
//! | condition  | formula                                                                  |
//! |------------|--------------------------------------------------------------------------|
//! | Liveness   | C(s) ∧ C(t) ∧ G(s) ∧ G(t) ∧ F'st ⇒ ⋀ (q'_st ⇒ q_st), over the model's signals |
//! | Decrease   | G(s) ∧ G(t) ∧ F'st ⇒ Q'_ts                                               |
//! | Closure    | G(s) ∧ G(t) ∧ G(u) ∧ F'st ∧ Q'_su ⇒ Q'_tu                                |
//! | Consistent | G(s) ∧ G(t) ∧ G(u) ∧ F'st ∧ F'tu ∧ Q'_st ∧ Q'_tu ⇒ ⋀ (q'_st ⇒ q'_tu)     |
//! |            | (and `⋁ q'_st` over the signals at model positions, see below)           |
//!
//! In Liveness, W's signal at the position of each model signal is compared with it (`true`
//! where W has none), the model's read in `s` without intervention. Decrease and Closure make
//! `Q'_xy` cover "`x` is reached from `y`"; so on a cycle of W every step has a signal that is
//! 0 and, by Consistent, stays 0 around the cycle: no fair cycle in W, hence (Liveness, and the
//! safety conditions making W simulate the model) none in the model.
//!
//! That last step needs the signal that stays 0 to stand at a model signal's position. W may
//! have more signals than the model (certifaiger's `extending_liveness_signal` vector adds one
//! so that Decrease holds), and Liveness says nothing of those: an extending signal that is 0
//! around a cycle proves nothing. Read as above, a certificate whose model signals are all the
//! constant 1 and whose one extending signal is the constant 0 passes all four conditions for
//! any model, one with a fair lasso too. So Consistent asks one thing more: under its premises
//! (two steps `s → t → u` that a cycle of W may hold), some signal at a model position is 0 on
//! `s → t`. On a cycle those premises hold at every step, so the signal that stays 0 around
//! it can be taken at a model position. Every valid vector of certifaiger passes this, and so
//! do pdrkit's certificates, whose extending (ranking) signal is 1 on every step of W.

use pdrkit_logic::Lit;

use super::{Checker, Condition, Goal};
use crate::circuit::Circuit;
use crate::cnf::{Encoder, Frame, Side};

/// The liveness conditions of justice property `j`, in the order they are checked.
pub(super) fn conditions(j: usize) -> [Condition; 4] {
    [
        Condition::Liveness(j),
        Condition::Decrease(j),
        Condition::Closure(j),
        Condition::Consistent(j),
    ]
}

impl Checker<'_> {
    /// The premises (asserted into `enc`) and goals of liveness condition `condition`.
    pub(super) fn liveness(&self, enc: &mut Encoder, condition: Condition) -> Vec<(Lit, Goal)> {
        let w = self.witness;
        let mut s = Frame::new(w, Side::Witness);
        let mut t = Frame::new(w, Side::Witness);
        // A frame's latches are bound by the step into it before anything reads them (a
        // binding never replaces an earlier one).
        self.step_to(enc, &mut s, &mut t);
        self.guard(enc, &mut s);
        self.guard(enc, &mut t);
        match condition {
            Condition::Liveness(j) => {
                let m = self.model;
                let (mut ms, mut mt) = (Frame::new(m, Side::Model), Frame::new(m, Side::Model));
                // W's frames are built already: the model's mapped leaves take theirs.
                for &(mn, wn) in self.pairs {
                    ms.bind(mn, s.leaf(enc, wn));
                    mt.bind(mn, t.leaf(enc, wn));
                }
                self.constraints_hold(enc, m, &mut ms);
                self.constraints_hold(enc, m, &mut mt);
                let mut goals = Vec::new();
                for (i, signal) in model_signals(m, j).enumerate() {
                    let q = !ms.lit(enc, signal);
                    let own = match self.witness_signal_at(j, i) {
                        Some(l) => self.edge(enc, l, &mut s, &mut t),
                        None => Lit::TRUE,
                    };
                    goals.push((!enc.and(own, !q), Goal::Signal(i)));
                }
                goals
            }
            Condition::Decrease(j) => {
                vec![(self.any_signal(enc, j, &mut t, &mut s), Goal::Progress)]
            }
            Condition::Closure(j) => {
                let mut u = Frame::new(w, Side::Witness);
                self.guard(enc, &mut u);
                let su = self.any_signal(enc, j, &mut s, &mut u);
                enc.assert(su);
                vec![(self.any_signal(enc, j, &mut t, &mut u), Goal::Progress)]
            }
            Condition::Consistent(j) => {
                let mut u = Frame::new(w, Side::Witness);
                self.step_to(enc, &mut t, &mut u);
                self.guard(enc, &mut u);
                let st = self.any_signal(enc, j, &mut s, &mut t);
                let tu = self.any_signal(enc, j, &mut t, &mut u);
                enc.assert(st);
                enc.assert(tu);
                let signals: Vec<Lit> = self.witness_signals(j).collect();
                let mut model_signal = Lit::FALSE;
                let mut goals: Vec<(Lit, Goal)> = Vec::with_capacity(signals.len() + 1);
                for (i, &l) in signals.iter().enumerate() {
                    let a = self.edge(enc, l, &mut s, &mut t);
                    if !self.extending(j, i) {
                        model_signal = !enc.and(!model_signal, !a);
                    }
                    let b = self.edge(enc, l, &mut t, &mut u);
                    goals.push((!enc.and(a, !b), Goal::Signal(i)));
                }
                goals.push((model_signal, Goal::ModelSignal));
                goals
            }
            _ => unreachable!("not a liveness condition: {condition}"),
        }
    }

    /// `G`: W's constraints hold and none of its properties is 1.
    fn guard(&self, enc: &mut Encoder, f: &mut Frame) {
        self.constraints_hold(enc, self.witness, f);
        self.no_property(enc, self.witness, f);
    }

    /// `F'`: every latch of W in `to` is its next-state function in `from`.
    pub(super) fn step_to(&self, enc: &mut Encoder, from: &mut Frame, to: &mut Frame) {
        let w = self.witness;
        for (k, l) in w.latches.iter().enumerate() {
            let next = from.lit(enc, l.next);
            to.bind(w.first_latch() + k, next);
        }
    }

    /// W's signals of justice property `j`: its fairness constraints, then the literals of its
    /// `j` (none when it has no such property).
    fn witness_signals(&self, j: usize) -> impl Iterator<Item = Lit> + '_ {
        let w = self.witness;
        let own = w.justice.get(j).map_or(&[][..], |l| &l[..]);
        w.fairness.iter().chain(own).copied()
    }

    /// Whether W's signal `i` (in [`Self::witness_signals`]' order) of justice property `j`
    /// stands at no model signal's position: an extending signal.
    fn extending(&self, j: usize, i: usize) -> bool {
        let (m, w) = (self.model, self.witness);
        let model_justice = m.justice.get(j).map_or(0, |l| l.len());
        if i < w.fairness.len() {
            i >= m.fairness.len()
        } else {
            i - w.fairness.len() >= model_justice
        }
    }

    /// W's signal at the position of the model's signal `i` of justice property `j`.
    fn witness_signal_at(&self, j: usize, i: usize) -> Option<Lit> {
        let (m, w) = (self.model, self.witness);
        let nf = m.fairness.len();
        if i < nf {
            w.fairness.get(i).copied()
        } else {
            w.justice.get(j).and_then(|lits| lits.get(i - nf)).copied()
        }
    }

    /// `Q'_xy`: some signal of W for justice property `j` is 0 on the edge `x → y`.
    fn any_signal(&self, enc: &mut Encoder, j: usize, x: &mut Frame, y: &mut Frame) -> Lit {
        let signals: Vec<Lit> = self.witness_signals(j).collect();
        let mut none = Lit::TRUE;
        for l in signals {
            let q = self.edge(enc, l, x, y);
            none = enc.and(none, !q);
        }
        !none
    }

    /// `q'_xy` of W's signal literal `signal`: `¬signal` read in `x`, the intervened literals
    /// taking their sources' values in `y`.
    fn edge(&self, enc: &mut Encoder, signal: Lit, x: &mut Frame, y: &mut Frame) -> Lit {
        let w = self.witness;
        let mut n = Frame::new(w, Side::Witness);
        // Later interventions of one literal win, as in certifaiger; `bind` keeps the first.
        for &(source, target) in self.interventions.iter().rev() {
            if target.is_const() {
                continue;
            }
            let v = y.lit(enc, source);
            n.bind(target.var().idx(), v.xor(target.is_neg()));
        }
        for node in 1..w.first_and() {
            let v = x.leaf(enc, node);
            n.bind(node, v);
        }
        !n.lit(enc, signal)
    }
}

/// The model's signals of justice property `j`: fairness constraints, then `j`'s literals.
fn model_signals(m: &Circuit, j: usize) -> impl Iterator<Item = Lit> + '_ {
    m.fairness.iter().chain(&m.justice[j]).copied()
}
