//! k-liveness (Claessen and Sörensson, FMCAD'12): a justice property holds when its signals —
//! the fairness constraints and the property's literals — can complete a round (each 1 at
//! least once) only a bounded number of times on any run. For a bound `k` that is a safety
//! property of a model with one more counter; a proof for some `k` proves the justice
//! property, and its invariant, with the counter as ranking, is a liveness certificate.
//!
//! The safety model ([`Aig::k_liveness`]) adds to the model, all with reset 0:
//! - one latch `S_i` per signal `σ_i`: "seen since the last round"; with `T_i = S_i ∨ σ_i` and
//!   `all = ⋀ T_i` (a round completes now), `S_i' = T_i ∧ ¬all`;
//! - a counter `c` of completed rounds, `c' = c + all`, wide enough to hold `k + 1` (wider
//!   when asked: a run that raises `k` keeps one system, and with it IC3's frames);
//! - bad = `c ≥ k + 1`.
//!
//! The certificate ([`KLive::certificate`]) is a safety certificate of that model (its
//! property `P'` implies `c ≤ k`) with fairness and justice signals that rank its states for
//! certifaiger's liveness checks. The rank of a state is `v = (c, S)`, ordered
//! lexicographically with `S` by inclusion; its successor's rank is `n = (c + 1, ∅)` when
//! `all`, else `(c, T)`, so every step `s → t` has `v(t) = n(s) ⊒ v(s)` (no overflow: `P'`
//! holds in `t`). Read in `x` with the counter's latches of `y` (interventions), the signals
//! are `q'_i = ¬T_i(x) ∧ v(y) ⊑ v(x)` for each model signal and `q'_p = v(y) ⊏ n(x)`:
//! - Decrease (`Q'_ts` after `s → t`): if `v(s) ⊏ n(t)`, `q'_p`; else `v(s) = v(t) = n(t)`, so
//!   `t` completes no round and some `T_i(t)` is 0: `q'_i`.
//! - Closure (`Q'_su`, `s → t` ⇒ `Q'_tu`): `v(u) ⊏ n(s) = v(t) ⊑ n(t)` gives `q'_p`; else
//!   `v(u) ⊑ v(s) ⊑ v(t)`, and either `v(u) ⊏ n(t)` or all of them are equal, `T(t) = T(s)`,
//!   and the `q'_i` of `s` holds in `t`.
//! - Consistent (`Q'_st`, `Q'_tu` after `s → t → u`): `q'_p` fails on a step (`v(t) = n(s)`),
//!   so `v(t) ⊑ v(s)` and `v(u) ⊑ v(t)`: the three ranks are equal, `T` is the same in all,
//!   and each `q'_i` carries over.
//! - Liveness: `q'_i` implies `¬T_i ⇒ ¬σ_i`, the model's signal is 0.

use pdrkit_logic::Lit;

use crate::aig::{Aig, SymbolKind};
use crate::liveness::{
    and, mux, or, subset, with_interventions, zero_latch, LivenessError, Rounds,
};

/// A justice property with its k-liveness counter ([`Aig::k_liveness`]).
#[derive(Clone, Debug)]
pub struct KLive {
    /// The safety model: one bad-state property `c ≥ k + 1`, no justice or fairness. Its
    /// inputs are the original ones; its latches the original ones, then the `S_i` (fairness
    /// constraints first), then the counter bits (least significant first).
    pub aig: Aig,
    /// The justice property.
    pub justice: usize,
    /// The bound.
    pub k: u32,
    /// The signals: the model's fairness constraints, then the literals of the property.
    signals: Vec<Lit>,
    /// How many of the signals are fairness constraints.
    fairness: usize,
    /// The latch literals of the `S_i`, then of the counter bits.
    seen: Vec<Lit>,
    counter: Vec<Lit>,
}

impl Aig {
    /// The safety model "justice property `justice`'s signals complete at most `k` rounds"
    /// (see the module documentation), its counter `width` bits wide or, when that cannot
    /// hold `k + 1`, as wide as that needs. Models that differ only in `k` (at one width)
    /// differ only in their bad states: their latches, inputs and gates before the bad
    /// state's are the same. Reset functions are refused, as for
    /// [`Aig::liveness_to_safety`].
    pub fn k_liveness(&self, justice: usize, k: u32, width: usize) -> Result<KLive, LivenessError> {
        let (mut aig, signals) = self.without_properties(justice)?;
        let Rounds { seen, all, .. } = Rounds::build(&mut aig, &signals);
        let bound = u64::from(k) + 1;
        let width = width.max(KLive::min_width(k));
        let counter: Vec<Lit> = (0..width).map(|_| aig.new_var().lit()).collect();
        let mut carry = all;
        for &b in &counter {
            let next = mux(&mut aig, carry, !b, b);
            carry = and(&mut aig, carry, b);
            aig.latches.push(zero_latch(b, next));
        }
        let below = less_than_const(&mut aig, &counter, bound);
        aig.bads.push(!below);
        Ok(KLive {
            aig,
            justice,
            k,
            signals,
            fairness: self.fairness.len(),
            seen,
            counter,
        })
    }
}

impl KLive {
    /// The narrowest counter [`Aig::k_liveness`] builds for bound `k`: the bits of `k + 1`.
    pub fn min_width(k: u32) -> usize {
        (64 - (u64::from(k) + 1).leading_zeros()) as usize
    }

    /// The liveness certificate (certifaiger's witness circuit) of justice property
    /// `self.justice` from `safety`, a safety certificate of [`KLive::aig`] whose symbols map
    /// its inputs and latches to `self.aig`'s (`i<N> = <lit>`, `l<N> = <lit>`) or which keeps
    /// them in place. It speaks of the model restricted to that one justice property (its
    /// safety properties and other justice properties dropped); its inputs and latches are
    /// numbered consecutively, as certifaiger requires. `None` when `safety` lacks one of the
    /// counter's latches.
    pub fn certificate(&self, safety: &Aig) -> Option<Aig> {
        let mut w = safety.clone();
        // Where each of `self.aig`'s latches is in `safety`.
        let mapped: Vec<(usize, Lit)> = w
            .symbols
            .iter()
            .filter(|s| s.kind == SymbolKind::Latch)
            .filter_map(|s| {
                let code: u32 = s.name.trim_start().strip_prefix('=')?.trim().parse().ok()?;
                Some((s.index, Lit::from_code(code)))
            })
            .collect();
        let position = |lit: Lit| -> Option<usize> {
            if mapped.is_empty() {
                self.aig.latches.iter().position(|l| l.lit == lit)
            } else {
                mapped.iter().find(|&&(_, l)| l == lit).map(|&(p, _)| p)
            }
        };
        let seen_at: Vec<usize> = self
            .seen
            .iter()
            .map(|&l| position(l))
            .collect::<Option<_>>()?;
        let counter_at: Vec<usize> = self
            .counter
            .iter()
            .map(|&l| position(l))
            .collect::<Option<_>>()?;
        // The counter's latches are the certificate's own: they simulate nothing of the model.
        let own: Vec<usize> = seen_at.iter().chain(&counter_at).copied().collect();
        w.symbols
            .retain(|s| !(s.kind == SymbolKind::Latch && own.contains(&s.index)));
        w.outputs.clear();
        w.justice.clear();
        w.fairness.clear();
        // Inputs standing for the counter's latches in the intervened state `y`.
        let first_fresh = w.inputs.len();
        let fresh: Vec<Lit> = own.iter().map(|_| w.new_var().lit()).collect();
        w.inputs.extend(&fresh);
        let latch = |w: &Aig, p: usize| w.latches[p].lit;
        let s_x: Vec<Lit> = seen_at.iter().map(|&p| latch(&w, p)).collect();
        let c_x: Vec<Lit> = counter_at.iter().map(|&p| latch(&w, p)).collect();
        let (s_y, c_y) = fresh.split_at(s_x.len());
        let t = Rounds::t(&mut w, &self.signals, &s_x);
        let all = t.iter().fold(Lit::TRUE, |acc, &ti| and(&mut w, acc, ti));
        let c_lt = less_than(&mut w, c_y, &c_x);
        let c_eq = equal(&mut w, c_y, &c_x);
        let c_le = !less_than(&mut w, &c_x, c_y);
        // v(y) ⊑ v(x).
        let s_sub = subset(&mut w, s_y, &s_x);
        let tie = and(&mut w, c_eq, s_sub);
        let below = or(&mut w, c_lt, tie);
        // v(y) ⊏ n(x).
        let into_t = subset(&mut w, s_y, &t);
        let t_into = subset(&mut w, &t, s_y);
        let strict = and(&mut w, into_t, !t_into);
        let tie = and(&mut w, c_eq, strict);
        let keep = or(&mut w, c_lt, tie);
        let progress = mux(&mut w, all, c_le, keep);
        let mut signals: Vec<Lit> = t
            .iter()
            .map(|&ti| {
                let q = and(&mut w, !ti, below);
                !q
            })
            .collect();
        signals.push(!progress);
        w.fairness = signals[..self.fairness].to_vec();
        w.justice = vec![signals[self.fairness..].to_vec()];
        w.comments = vec![format!(
            "pdrkit k-liveness certificate: justice property {} of the model, at most {} rounds",
            self.justice, self.k
        )];
        with_interventions(&w, first_fresh, &own)
    }
}

/// `a < k` for a constant `k` (`a` least significant bit first).
fn less_than_const(aig: &mut Aig, a: &[Lit], k: u64) -> Lit {
    let mut lt = Lit::FALSE;
    for (b, &bit) in a.iter().enumerate() {
        lt = if (k >> b) & 1 == 1 {
            or(aig, !bit, lt)
        } else {
            and(aig, !bit, lt)
        };
    }
    // Bits of `k` above `a`'s width make `a` smaller.
    if a.len() < 64 && k >> a.len() != 0 {
        Lit::TRUE
    } else {
        lt
    }
}

/// `a < b`, unsigned, least significant bit first.
fn less_than(aig: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    let mut lt = Lit::FALSE;
    for (&x, &y) in a.iter().zip(b) {
        // At this bit: smaller if x = 0 and y = 1; equal bits keep the lower bits' answer.
        let smaller = and(aig, !x, y);
        let larger = and(aig, x, !y);
        let keep = and(aig, !larger, lt);
        lt = or(aig, smaller, keep);
    }
    lt
}

/// `a = b`.
fn equal(aig: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    let mut eq = Lit::TRUE;
    for (&x, &y) in a.iter().zip(b) {
        let (up, down) = (and(aig, x, !y), and(aig, !x, y));
        let differ = or(aig, up, down);
        eq = and(aig, eq, !differ);
    }
    eq
}
