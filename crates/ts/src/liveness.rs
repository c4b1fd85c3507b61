//! Liveness to safety (Biere, Artho and Schuppan 2002): a justice property of an AIGER 1.9
//! model becomes a safety model with one bad-state property, whose counterexamples are the
//! model's fair lassos, and whose inductive invariants become liveness certificates.
//!
//! A justice property is violated when some infinite run from an initial state keeps every
//! invariant constraint at every step and makes every fairness literal and every literal of the
//! property 1 infinitely often (each literal read with its own step's inputs). The state space
//! being finite, such a run exists iff a *lasso* does: a run `s_0 … s_K` with `s_K = s_L` for
//! some `L < K` whose loop steps `L … K-1` meet every literal.
//!
//! The reduced model guesses `L`, watching the signals (the fairness literals and the
//! property's literals) one of two ways ([`Watch`]):
//! - [`Watch::Each`]: one `seen` latch per signal, and the model's latches shadowed;
//! - [`Watch::Rounds`]: the signals folded into one by the round tracker [`Rounds`] (one latch
//!   `S_i` per signal `σ_i`, reset 0, "seen since the last round", with `T_i = S_i ∨ σ_i`,
//!   `all = ⋀ T_i`, a round completing now, and `S_i' = T_i ∧ ¬all`), one `seen` latch for
//!   `all`, and the latches of the model with the tracker, `M'`, shadowed. A loop of `M'` on
//!   which `all` is 1 somewhere meets every signal (the round that completes last in the loop
//!   began inside it, or at its start with the `S` the loop ends with); a fair loop of the
//!   model, gone round twice, is such a loop of `M'`. The lassos are longer (IC3 on the
//!   liveness files took about twice as long to find them), but one signal is what makes a
//!   proof a certificate ([`L2s::certificate`]): the invariant then says "no state comes back
//!   to itself after a round", with no set of signals to quantify over.
//!
//! Either way:
//! - an oracle input `save`; a latch `saved` (reset 0, next `saved ∨ save`);
//! - one shadow latch per watched latch (reset 0), which copies that latch at the step where
//!   `save` is 1 and `saved` is still 0, and keeps its value otherwise;
//! - each `seen` latch (reset 0, next `seen ∨ ((saved ∨ save) ∧ signal)`) is 1 at step `k` iff
//!   its signal was 1 at some step in `L … k-1`, the step of the save itself included;
//! - bad = `saved ∧ (every watched latch = its shadow) ∧ every seen`.
//!
//! So the reduced model is bad at step `K` iff `saved` was set at some `L < K`, the watched
//! state at `K` is the one at `L`, and the signals were met in `L … K-1`: a lasso of the model
//! ending with step `K-1` ([`L2s::lasso`] drops step `K`, whose inputs only serve to read the
//! bad literal). The original constraints are kept; they then also hold at step `K`, which
//! loses no lasso: step `K` may repeat step `L`'s inputs. The original inputs and latches keep
//! their positions (the new ones are appended), so a reduced counterexample maps back
//! positionally.

use pdrkit_logic::Lit;

use crate::aig::{Aig, AigError, Latch, Reset, Symbol, SymbolKind};

/// What stops a reduction or a lasso extraction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LivenessError {
    /// The model is not well formed.
    #[error(transparent)]
    Invalid(#[from] AigError),
    /// The justice property asked for does not exist.
    #[error("justice property {index} does not exist (the model has {count})")]
    NoSuchJustice {
        /// The index asked for.
        index: usize,
        /// How many the model has.
        count: usize,
    },
    /// A latch has a reset function: the shadow latches could not tell its start value from
    /// the ones the function excludes. Lower them first ([`Aig::lower_reset_functions`]).
    #[error("latch {latch} has a reset function: lower the reset functions first")]
    ResetFunction {
        /// The latch's position.
        latch: usize,
    },
    /// The reduced model's witness does not have the shape its traces have.
    #[error("the reduced model's witness is malformed: {0}")]
    Witness(String),
}

/// A justice property reduced to safety ([`Aig::liveness_to_safety`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct L2s {
    /// The safety model: one bad-state property, no justice or fairness sections. Its inputs
    /// are the original ones, then `save`; its latches the original ones, then (folded) the
    /// round tracker's `S_i` (fairness first), then the shadows (in that order), then `saved`,
    /// then the `seen` latches (one per signal, fairness first, or one).
    pub aig: Aig,
    /// The justice property reduced.
    pub justice: usize,
    /// The original model's input count (the position of `save`).
    pub inputs: usize,
    /// The original model's latch count (the position of the first `S_i`).
    pub latches: usize,
    /// How many of the signals are fairness constraints (the rest are the property's).
    fairness: usize,
    /// How the signals are watched.
    pub watch: Watch,
    /// The round tracker's latches `S_i` (folded only), the watched latches' shadows, `saved`
    /// and the `seen` latches.
    rounds: Vec<Lit>,
    shadows: Vec<Lit>,
    saved: Lit,
    seen: Vec<Lit>,
}

/// How liveness to safety watches a justice property's signals (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watch {
    /// One `seen` latch per signal: the shortest lassos.
    Each,
    /// The signals folded into one by the round tracker: proofs become certificates.
    Rounds,
}

/// The round tracker of a justice property's signals (see the module documentation), shared
/// by both reductions: the latches `S_i`, the `T_i` and `all`.
pub(crate) struct Rounds {
    pub(crate) seen: Vec<Lit>,
    pub(crate) t: Vec<Lit>,
    pub(crate) all: Lit,
}

impl Rounds {
    /// Adds the tracker of `signals` to `aig`: its latches (fresh variables, reset 0) and gates.
    pub(crate) fn build(aig: &mut Aig, signals: &[Lit]) -> Rounds {
        let seen: Vec<Lit> = signals.iter().map(|_| aig.new_var().lit()).collect();
        let t = Self::t(aig, signals, &seen);
        let all = t.iter().fold(Lit::TRUE, |acc, &ti| and(aig, acc, ti));
        for (&s, &ti) in seen.iter().zip(&t) {
            let next = and(aig, ti, !all);
            aig.latches.push(zero_latch(s, next));
        }
        Rounds { seen, t, all }
    }

    /// `T_i = S_i ∨ σ_i` over the latches `seen`.
    pub(crate) fn t(aig: &mut Aig, signals: &[Lit], seen: &[Lit]) -> Vec<Lit> {
        signals
            .iter()
            .zip(seen)
            .map(|(&sig, &s)| or(aig, s, sig))
            .collect()
    }
}

/// The name the reduced model's symbol table gives the oracle input.
pub const SAVE_NAME: &str = "pdrkit_l2s_save";

impl Aig {
    /// The safety model whose counterexamples are the fair lassos of justice property
    /// `justice` (see the module documentation).
    ///
    /// A model with reset functions is refused ([`LivenessError::ResetFunction`]): reduce
    /// [`Aig::lower_reset_functions`]'s model instead, whose lassos are the original's once the
    /// first-step latch is dropped ([`crate::Lowered::witness`]).
    pub fn liveness_to_safety(&self, justice: usize, watch: Watch) -> Result<L2s, LivenessError> {
        let (mut aig, signals) = self.without_properties(justice)?;
        let (inputs, latches) = (self.inputs.len(), self.latches.len());
        let (rounds, signals) = match watch {
            Watch::Each => (Vec::new(), signals),
            Watch::Rounds => {
                let r = Rounds::build(&mut aig, &signals);
                (r.seen, vec![r.all])
            }
        };
        // The watched latches: the model's, then the tracker's.
        let watched: Vec<Lit> = aig.latches.iter().map(|l| l.lit).collect();
        let save = aig.new_var().lit();
        aig.inputs.push(save);
        aig.symbols.push(Symbol {
            kind: SymbolKind::Input,
            index: inputs,
            name: SAVE_NAME.into(),
        });
        let shadows: Vec<Lit> = watched.iter().map(|_| aig.new_var().lit()).collect();
        let saved = aig.new_var().lit();
        let seen: Vec<Lit> = signals.iter().map(|_| aig.new_var().lit()).collect();

        // The step of the save: copy now, never again.
        let save_now = and(&mut aig, save, !saved);
        for (&s, &sh) in watched.iter().zip(&shadows) {
            let next = mux(&mut aig, save_now, s, sh);
            aig.latches.push(zero_latch(sh, next));
        }
        let active = or(&mut aig, saved, save);
        aig.latches.push(zero_latch(saved, active));
        for (&q, &sn) in signals.iter().zip(&seen) {
            let now = and(&mut aig, active, q);
            let next = or(&mut aig, sn, now);
            aig.latches.push(zero_latch(sn, next));
        }
        let mut bad = saved;
        for (&s, &sh) in watched.iter().zip(&shadows) {
            let differ = [and(&mut aig, s, !sh), and(&mut aig, !s, sh)];
            for d in differ {
                bad = and(&mut aig, bad, !d);
            }
        }
        for &sn in &seen {
            bad = and(&mut aig, bad, sn);
        }
        aig.bads.push(bad);
        Ok(L2s {
            aig,
            justice,
            inputs,
            latches,
            fairness: self.fairness.len(),
            watch,
            rounds,
            shadows,
            saved,
            seen,
        })
    }

    /// The base of a reduction of justice property `justice`: a copy of the model without
    /// properties (outputs, bad-state, justice, fairness) or their symbols, and the property's
    /// signals (the fairness constraints, then the justice literals). Refuses a malformed
    /// model, a missing property and reset functions (the reductions compare or count latch
    /// values from the initial state, which a reset function leaves open).
    pub(crate) fn without_properties(
        &self,
        justice: usize,
    ) -> Result<(Aig, Vec<Lit>), LivenessError> {
        self.validate()?;
        if let Some(latch) = self
            .latches
            .iter()
            .position(|l| l.reset.function().is_some())
        {
            return Err(LivenessError::ResetFunction { latch });
        }
        let Some(lits) = self.justice.get(justice) else {
            return Err(LivenessError::NoSuchJustice {
                index: justice,
                count: self.justice.len(),
            });
        };
        let mut aig = self.clone();
        aig.outputs.clear();
        aig.bads.clear();
        aig.justice.clear();
        aig.fairness.clear();
        // Names of the dropped properties would name positions that no longer exist.
        aig.symbols.retain(|s| {
            matches!(
                s.kind,
                SymbolKind::Input | SymbolKind::Latch | SymbolKind::Constraint
            )
        });
        let signals = self.fairness.iter().chain(lits).copied().collect();
        Ok((aig, signals))
    }
}

impl L2s {
    /// The lasso witness of the original model (AIGER 1.9: `1`, `j<justice>`, the original
    /// latches' initial values, the original inputs of steps `0 … K-1`, `.`) from a witness of
    /// the reduced model (`1`, `b0`, its initial state, the inputs of steps `0 … K`, `.`, as
    /// the engines' traces write it) that is bad at its last step `K`: the state after step
    /// `K-1` equals the saved one. The oracle column and step `K` are dropped. Only the
    /// witness's shape is checked here: whether it is a lasso is the independent checker's
    /// question.
    pub fn lasso(&self, witness: &str) -> Result<String, LivenessError> {
        let malformed = |why: &str| Err(LivenessError::Witness(why.into()));
        let mut lines = witness.lines();
        if lines.next() != Some("1") {
            return malformed("no `1` line");
        }
        if lines.next().is_none_or(|l| !l.starts_with('b')) {
            return malformed("no property line");
        }
        let Some(init) = lines.next() else {
            return malformed("no initial state");
        };
        if init.len() != self.aig.latches.len() || !init.is_ascii() {
            return malformed("the initial state has the wrong length");
        }
        let mut steps = Vec::new();
        for line in lines.by_ref() {
            if line == "." {
                break;
            }
            if line.len() != self.aig.inputs.len() || !line.is_ascii() {
                return malformed("an input line has the wrong length");
            }
            steps.push(line);
        }
        // Bad at step K needs a save at some L < K, so K ≥ 1: two input lines at least.
        if steps.len() < 2 {
            return malformed("fewer than two steps");
        }
        let mut out = format!("1\nj{}\n{}\n", self.justice, &init[..self.latches]);
        for line in &steps[..steps.len() - 1] {
            out.push_str(&line[..self.inputs]);
            out.push('\n');
        }
        out.push_str(".\n");
        Ok(out)
    }
}

impl L2s {
    /// The liveness certificate (certifaiger's witness circuit) of justice property
    /// `self.justice` of `model` (the model this reduction was built from) from `invariant`,
    /// an inductive invariant of [`L2s::aig`] that excludes its bad states: clauses over its
    /// latch literals. It speaks of the model restricted to that one justice property; its
    /// inputs and latches are numbered consecutively, as certifaiger requires. `None` when the
    /// signals were not folded ([`Watch::Rounds`]), `model` is not the one reduced or a clause
    /// names something other than a latch.
    ///
    /// The witness `W` is `M'` (the model and the round tracker, all of it in place), with
    /// `J(a) = Inv(a, shadows 0, saved 0, seen 0)` as its invariant (its bad state is `¬J`).
    /// For `W`'s states `a` and `c` (`c`'s latches named by fresh inputs through
    /// interventions), `D_e(a, c) = Inv(a, shadows c, saved 1, seen e)` over-approximates "`a`
    /// is reached from `c`, with (`e = 1`) or without a completed round". By induction of
    /// `Inv`, a step `c → t` gives `D_{all(c)}(t, c)` (`c` saved), and `D_e(a, c)` with a step
    /// `a → b` gives `D_{e ∨ all(a)}(b, c)`; since `Inv` excludes the bad states, `D_1(a, a)`
    /// is false. The signals, with `R = D_0 ∨ D_1` and `⊊`/`⊆` on the `S` and `T` sets:
    /// - the ranking signal `q'_p(a, c) = D_1(a, c) ∨ (R(a, c) ∧ all(a)) ∨ (D_0(a, c) ∧ S(c) ⊊
    ///   T(a))`: progress by the end of `a`'s step. It is false on every step `s → t` (the
    ///   first two cases give `D_1(t, t)`; in the third, `S(t) = T(s)`);
    /// - one signal per model signal `i`: `q'_i(a, c) = D_0(a, c) ∧ ¬all(a) ∧ S(c) ⊆ S(a) ∧
    ///   ¬T_i(a)`.
    ///
    /// Decrease (`Q'_ts` after `s → t`): `D_{all(s)}(t, s)`; with `all(s)` that is `q'_p`;
    /// else `D_0(t, s)` and `S(t) = T(s) ⊇ S(s)`: `all(t)` or `S(s) ⊊ T(t)` give `q'_p`, and
    /// otherwise `T(t) = S(s) = S(t)` misses some `i`: `q'_i`. Closure (`s → t`, `Q'_su`):
    /// each case of `q'_p(s, u)` gives `D_1(t, u)` or `D_0(t, u) ∧ S(u) ⊊ S(t) ⊆ T(t)`;
    /// `q'_i(s, u)` gives `D_0(t, u)` and `S(u) ⊆ S(s) ⊆ S(t)`, so `q'_p(t, u)` or all the
    /// sets are equal and `q'_i(t, u)`. Consistent (`s → t → u`, `Q'_st`, `Q'_tu`): `q'_p` is
    /// false on steps, so `q'_i(s, t)` and some `q'_j(t, u)` hold, which make `S(s) = T(s) =
    /// S(t) = T(t) = S(u)`, and `q'_i(t, u)`. Liveness: `q'_i` implies `¬T_i ⇒ ¬σ_i`.
    pub fn certificate(&self, model: &Aig, invariant: &[Vec<Lit>]) -> Option<Aig> {
        if self.watch != Watch::Rounds {
            return None;
        }
        let (mut w, signals) = model.without_properties(self.justice).ok()?;
        let r = Rounds::build(&mut w, &signals);
        // W's latches are M''s, the very literals the reduction reads.
        let m_lits: Vec<Lit> = w.latches.iter().map(|l| l.lit).collect();
        if r.seen != self.rounds
            || self.aig.latches.len() < m_lits.len()
            || self.aig.latches[..m_lits.len()]
                .iter()
                .zip(&m_lits)
                .any(|(a, &b)| a.lit != b)
        {
            return None;
        }
        // Fresh inputs for the latches of `c` that are read: every `S_i`, and the model's
        // latches whose shadow the invariant mentions.
        let shadow_of = |v: pdrkit_logic::Var| self.shadows.iter().position(|s| s.var() == v);
        let mut read: Vec<bool> = (0..m_lits.len()).map(|p| p >= self.latches).collect();
        for l in invariant.iter().flatten() {
            if let Some(p) = shadow_of(l.var()) {
                read[p] = true;
            }
        }
        let first_fresh = w.inputs.len();
        let mut fresh: Vec<Option<Lit>> = vec![None; m_lits.len()];
        let mut own = Vec::new();
        for (p, f) in fresh.iter_mut().enumerate() {
            if read[p] {
                let lit = w.new_var().lit();
                w.inputs.push(lit);
                *f = Some(lit);
                own.push(p);
            }
        }
        // The invariant with the shadows, `saved` and `seen` replaced: `None` for J.
        let instance = |w: &mut Aig, edge: Option<bool>| -> Option<Lit> {
            let mut conj = Lit::TRUE;
            for clause in invariant {
                let mut disj = Lit::FALSE;
                for &l in clause {
                    let v = l.var();
                    let value = if m_lits.iter().any(|m| m.var() == v) {
                        l
                    } else if let Some(p) = shadow_of(v) {
                        match edge {
                            Some(_) => fresh[p]?.xor(l.is_neg()),
                            None => Lit::FALSE.xor(l.is_neg()),
                        }
                    } else if v == self.saved.var() {
                        Lit::FALSE.xor(edge.is_some() != l.is_neg())
                    } else if v == self.seen[0].var() {
                        Lit::FALSE.xor((edge == Some(true)) != l.is_neg())
                    } else {
                        return None;
                    };
                    disj = or(w, disj, value);
                }
                conj = and(w, conj, disj);
            }
            Some(conj)
        };
        let j = instance(&mut w, None)?;
        let d0 = instance(&mut w, Some(false))?;
        let d1 = instance(&mut w, Some(true))?;
        let s_a = &r.seen;
        let s_c: Vec<Lit> = (self.latches..m_lits.len())
            .map(|p| fresh[p].expect("every S_i is read"))
            .collect();
        let reached = or(&mut w, d0, d1);
        let progress_now = and(&mut w, reached, r.all);
        let c_in_t = subset(&mut w, &s_c, &r.t);
        let t_in_c = subset(&mut w, &r.t, &s_c);
        let grown = and(&mut w, c_in_t, !t_in_c);
        let grown = and(&mut w, d0, grown);
        let progress = or(&mut w, d1, progress_now);
        let progress = or(&mut w, progress, grown);
        let c_in_a = subset(&mut w, &s_c, s_a);
        let round = and(&mut w, d0, !r.all);
        let round = and(&mut w, round, c_in_a);
        let mut out: Vec<Lit> =
            r.t.iter()
                .map(|&ti| {
                    let q = and(&mut w, round, !ti);
                    !q
                })
                .collect();
        out.push(!progress);
        w.bads = vec![!j];
        w.fairness = out[..self.fairness].to_vec();
        w.justice = vec![out[self.fairness..].to_vec()];
        w.comments = vec![format!(
            "pdrkit liveness-to-safety certificate: justice property {} of the model",
            self.justice
        )];
        with_interventions(&w, first_fresh, &own)
    }
}

/// A liveness certificate `w` as certifaiger reads it: numbered consecutively (the binary
/// format's numbering), then latch `own[k]` named as the source of the intervention into fresh
/// input `first_fresh + k` (`l<N> < <lit>`; the inputs keep their order through the
/// renumbering). `None` if `w` does not survive its own writer and reader.
pub(crate) fn with_interventions(w: &Aig, first_fresh: usize, own: &[usize]) -> Option<Aig> {
    let mut w = crate::aiger::parse(&crate::aiger::write_aig(w)).ok()?;
    for (k, &p) in own.iter().enumerate() {
        let lit = *w.inputs.get(first_fresh + k)?;
        w.symbols.push(Symbol {
            kind: SymbolKind::Latch,
            index: p,
            name: format!("< {}", lit.code()),
        });
    }
    Some(w)
}

pub(crate) fn zero_latch(lit: Lit, next: Lit) -> Latch {
    Latch {
        lit,
        next,
        reset: Reset::Zero,
    }
}

/// `a ∧ b`, folded when an operand is constant or they are equal or opposite.
pub(crate) fn and(aig: &mut Aig, a: Lit, b: Lit) -> Lit {
    if a == Lit::FALSE || b == Lit::FALSE || a == !b {
        Lit::FALSE
    } else if a == Lit::TRUE || a == b {
        b
    } else if b == Lit::TRUE {
        a
    } else {
        aig.add_and(a, b)
    }
}

pub(crate) fn or(aig: &mut Aig, a: Lit, b: Lit) -> Lit {
    !and(aig, !a, !b)
}

/// `c ? t : e`.
pub(crate) fn mux(aig: &mut Aig, c: Lit, t: Lit, e: Lit) -> Lit {
    let x = and(aig, c, t);
    let y = and(aig, !c, e);
    or(aig, x, y)
}

/// Every member of `a` is in `b` (sets as bit vectors).
pub(crate) fn subset(aig: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    let mut all = Lit::TRUE;
    for (&x, &y) in a.iter().zip(b) {
        let out = and(aig, x, !y);
        all = and(aig, all, !out);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift), so that a failing seed reproduces.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
        fn lit(&mut self, pool: &[Lit]) -> Lit {
            pool[self.below(pool.len())].xor(self.below(2) == 1)
        }
    }

    /// A random model of 1-3 latches, 0-2 inputs, a few gates, 0-1 constraints, 0-2 fairness
    /// literals and 1-2 justice properties of 0-2 literals each.
    fn random_aig(seed: u64) -> Aig {
        let mut r = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let (m, n) = (r.below(3), 1 + r.below(3));
        let mut aig = Aig::default();
        let mut pool = vec![Lit::TRUE];
        for _ in 0..m {
            let l = aig.new_var().lit();
            aig.inputs.push(l);
            pool.push(l);
        }
        let latch_lits: Vec<Lit> = (0..n).map(|_| aig.new_var().lit()).collect();
        pool.extend(&latch_lits);
        for _ in 0..3 + r.below(6) {
            let (a, b) = (r.lit(&pool), r.lit(&pool));
            let g = aig.add_and(a, b);
            pool.push(g);
        }
        for &lit in &latch_lits {
            let reset = [Reset::Zero, Reset::One, Reset::Uninit][r.below(3)];
            let next = r.lit(&pool);
            aig.latches.push(Latch { lit, next, reset });
        }
        for _ in 0..r.below(2) {
            let c = r.lit(&pool);
            aig.constraints.push(c);
        }
        for _ in 0..r.below(3) {
            let f = r.lit(&pool);
            aig.fairness.push(f);
        }
        for _ in 0..1 + r.below(2) {
            let j = (0..r.below(3)).map(|_| r.lit(&pool)).collect();
            aig.justice.push(j);
        }
        aig.validate().expect("well formed");
        aig
    }

    /// Every variable's value in the step with latch values `state` and inputs `inputs`.
    fn eval(aig: &Aig, state: &[bool], inputs: &[bool]) -> Vec<bool> {
        let mut v = vec![false; aig.max_var as usize + 1];
        for (l, &b) in aig.inputs.iter().zip(inputs) {
            v[l.var().idx()] = b;
        }
        for (l, &b) in aig.latches.iter().zip(state) {
            v[l.lit.var().idx()] = b;
        }
        for g in &aig.ands {
            v[g.lhs.var().idx()] = val(&v, g.rhs0) && val(&v, g.rhs1);
        }
        v
    }

    fn val(v: &[bool], l: Lit) -> bool {
        v[l.var().idx()] ^ l.is_neg()
    }

    fn bits(x: usize, n: usize) -> Vec<bool> {
        (0..n).map(|k| x >> k & 1 == 1).collect()
    }

    fn index(b: &[bool]) -> usize {
        b.iter().rev().fold(0, |a, &x| a << 1 | usize::from(x))
    }

    /// The initial states (every combination of the uninitialized latches).
    fn initial(aig: &Aig) -> Vec<usize> {
        (0..1usize << aig.latches.len())
            .filter(|&s| {
                aig.latches
                    .iter()
                    .enumerate()
                    .all(|(k, l)| match l.reset.value() {
                        Some(b) => (s >> k & 1 == 1) == b,
                        None => true,
                    })
            })
            .collect()
    }

    /// The steps `(state, inputs, values)` that keep every constraint.
    fn steps(aig: &Aig, s: usize) -> Vec<(usize, Vec<bool>)> {
        let n = aig.latches.len();
        (0..1usize << aig.inputs.len())
            .filter_map(|i| {
                let v = eval(aig, &bits(s, n), &bits(i, aig.inputs.len()));
                aig.constraints
                    .iter()
                    .all(|&c| val(&v, c))
                    .then_some((i, v))
            })
            .collect()
    }

    fn next(aig: &Aig, v: &[bool]) -> usize {
        let b: Vec<bool> = aig.latches.iter().map(|l| val(v, l.next)).collect();
        index(&b)
    }

    /// Whether a fair lasso exists, by explicit search: some reachable strongly connected set
    /// of states whose internal steps meet every fairness literal and justice literal.
    fn fair_lasso_exists(aig: &Aig, j: usize) -> bool {
        let ns = 1usize << aig.latches.len();
        let mut reach = vec![vec![false; ns]; ns];
        let mut edges = Vec::new();
        for (s, row) in reach.iter_mut().enumerate() {
            row[s] = true;
            for (_, v) in steps(aig, s) {
                let t = next(aig, &v);
                row[t] = true;
                edges.push((s, t, v));
            }
        }
        for k in 0..ns {
            for a in 0..ns {
                for b in 0..ns {
                    if reach[a][k] && reach[k][b] {
                        reach[a][b] = true;
                    }
                }
            }
        }
        let watched: Vec<Lit> = aig
            .fairness
            .iter()
            .chain(&aig.justice[j])
            .copied()
            .collect();
        let reachable: Vec<usize> = (0..ns)
            .filter(|&s| initial(aig).iter().any(|&i| reach[i][s]))
            .collect();
        reachable.iter().any(|&s| {
            let inside = |u: usize| reach[s][u] && reach[u][s];
            let internal: Vec<&Vec<bool>> = edges
                .iter()
                .filter(|(u, t, _)| inside(*u) && inside(*t))
                .map(|(_, _, v)| v)
                .collect();
            !internal.is_empty() && watched.iter().all(|&q| internal.iter().any(|v| val(v, q)))
        })
    }

    /// A shortest witness (`1`, `b0`, initial state, inputs, `.`) of the safety model, by
    /// breadth-first search, or `None` when its bad state is unreachable.
    fn safety_witness(aig: &Aig) -> Option<String> {
        let n = aig.latches.len();
        let mut parent: Vec<Option<(usize, usize)>> = vec![None; 1 << n];
        let mut seen = vec![false; 1 << n];
        let mut queue = std::collections::VecDeque::new();
        for s in initial(aig) {
            seen[s] = true;
            queue.push_back(s);
        }
        while let Some(s) = queue.pop_front() {
            for (i, v) in steps(aig, s) {
                if val(&v, aig.bads[0]) {
                    let mut path = vec![i];
                    let mut cur = s;
                    while let Some((p, pi)) = parent[cur] {
                        path.push(pi);
                        cur = p;
                    }
                    path.reverse();
                    let line = |b: Vec<bool>| -> String {
                        b.iter().map(|&x| if x { '1' } else { '0' }).collect()
                    };
                    let mut w = format!("1\nb0\n{}\n", line(bits(cur, n)));
                    for i in path {
                        w.push_str(&line(bits(i, aig.inputs.len())));
                        w.push('\n');
                    }
                    w.push_str(".\n");
                    return Some(w);
                }
                let t = next(aig, &v);
                if !seen[t] {
                    seen[t] = true;
                    parent[t] = Some((s, i));
                    queue.push_back(t);
                }
            }
        }
        None
    }

    /// Whether `w` is a lasso witness of justice property `j` as AIGER 1.9 (and `aigsim -c`)
    /// define it, read independently of the reduction.
    fn is_lasso(aig: &Aig, j: usize, w: &str) -> bool {
        let lines: Vec<&str> = w.lines().collect();
        if lines.len() < 4 || lines[0] != "1" || lines[1] != format!("j{j}") {
            return false;
        }
        let bitv = |l: &str| l.bytes().map(|c| c == b'1').collect::<Vec<bool>>();
        let init = bitv(lines[2]);
        if lines[2].len() != aig.latches.len() || lines.last() != Some(&".") {
            return false;
        }
        let mut states = vec![index(&init)];
        let mut values = Vec::new();
        for l in &lines[3..lines.len() - 1] {
            let v = eval(aig, &bits(states[states.len() - 1], init.len()), &bitv(l));
            if !aig.constraints.iter().all(|&c| val(&v, c)) {
                return false;
            }
            states.push(next(aig, &v));
            values.push(v);
        }
        let k = values.len();
        let watched: Vec<Lit> = aig
            .fairness
            .iter()
            .chain(&aig.justice[j])
            .copied()
            .collect();
        (0..k).any(|l| {
            states[l] == states[k]
                && watched
                    .iter()
                    .all(|&q| values[l..k].iter().any(|v| val(v, q)))
        })
    }

    #[test]
    fn reduction_agrees_with_explicit_search() {
        let (mut sat, mut unsat) = (0, 0);
        for seed in 0..600 {
            let aig = random_aig(seed);
            // Both ways of watching, on alternate seeds (the folded model has up to 16 latches).
            let watch = [Watch::Each, Watch::Rounds][seed as usize % 2];
            for j in 0..aig.justice.len() {
                let l2s = aig.liveness_to_safety(j, watch).expect("reduces");
                l2s.aig
                    .validate()
                    .expect("the reduced model is well formed");
                assert_eq!(l2s.aig.bads.len(), 1);
                assert!(l2s.aig.justice.is_empty() && l2s.aig.fairness.is_empty());
                let live = fair_lasso_exists(&aig, j);
                match safety_witness(&l2s.aig) {
                    Some(w) => {
                        assert!(
                            live,
                            "seed {seed} j{j} {watch:?}: reduced bad reachable, no fair lasso"
                        );
                        let lasso = l2s.lasso(&w).expect("well-shaped witness");
                        assert!(
                            is_lasso(&aig, j, &lasso),
                            "seed {seed} j{j} {watch:?}: not a lasso:\n{lasso}"
                        );
                        sat += 1;
                    }
                    None => {
                        assert!(
                            !live,
                            "seed {seed} j{j} {watch:?}: fair lasso, reduced model safe"
                        );
                        unsat += 1;
                    }
                }
            }
        }
        // Both answers are exercised.
        assert!(sat > 50 && unsat > 50, "sat {sat}, unsat {unsat}");
    }

    /// A latch toggling from 0, justice = the latch.
    fn toggle() -> Aig {
        let mut aig = Aig::default();
        let x = aig.new_var().lit();
        aig.latches.push(Latch {
            lit: x,
            next: !x,
            reset: Reset::Zero,
        });
        aig.justice.push(vec![x]);
        aig
    }

    #[test]
    fn toggling_latch_has_a_lasso_of_two_steps() {
        let aig = toggle();
        // Each: the latch, its shadow, `saved`, one `seen`; folded: also the round tracker's
        // `S_0` and its shadow.
        for (watch, latches) in [(Watch::Each, 4), (Watch::Rounds, 6)] {
            let l2s = aig.liveness_to_safety(0, watch).unwrap();
            assert_eq!((l2s.inputs, l2s.latches), (0, 1));
            assert_eq!(l2s.aig.inputs.len(), 1);
            assert_eq!(l2s.aig.latches.len(), latches);
            let w = safety_witness(&l2s.aig).expect("bad reachable");
            let lasso = l2s.lasso(&w).unwrap();
            assert_eq!(lasso, "1\nj0\n0\n\n\n.\n");
            assert!(is_lasso(&aig, 0, &lasso));
        }
    }

    #[test]
    fn stuck_latch_has_no_lasso() {
        let mut aig = toggle();
        aig.latches[0].next = aig.latches[0].lit;
        for watch in [Watch::Each, Watch::Rounds] {
            let l2s = aig.liveness_to_safety(0, watch).unwrap();
            assert!(safety_witness(&l2s.aig).is_none());
        }
    }

    #[test]
    fn refusals() {
        let aig = toggle();
        assert_eq!(
            aig.liveness_to_safety(1, Watch::Each),
            Err(LivenessError::NoSuchJustice { index: 1, count: 1 })
        );
        let mut f = aig.clone();
        let i = f.new_var().lit();
        f.inputs.push(i);
        f.latches[0].reset = Reset::Function(i);
        assert_eq!(
            f.liveness_to_safety(0, Watch::Each),
            Err(LivenessError::ResetFunction { latch: 0 })
        );
        let l2s = aig.liveness_to_safety(0, Watch::Each).unwrap();
        assert!(l2s.lasso("1\nb0\n0000\n1\n.\n").is_err());
        assert!(l2s.lasso("1\nb0\n000\n1\n1\n.\n").is_err());
    }
}
