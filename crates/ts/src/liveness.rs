//! Liveness to safety (Biere, Artho and Schuppan 2002): a justice property of an AIGER 1.9
//! model becomes a safety model with one bad-state property, whose counterexamples are the
//! model's fair lassos.
//!
//! A justice property is violated when some infinite run from an initial state keeps every
//! invariant constraint at every step and makes every fairness literal and every literal of the
//! property 1 infinitely often (each literal read with its own step's inputs). The state space
//! being finite, such a run exists iff a *lasso* does: a run `s_0 … s_K` with `s_K = s_L` for
//! some `L < K` whose loop steps `L … K-1` meet every literal. The reduced model guesses `L`:
//!
//! - an oracle input `save`; a latch `saved` (reset 0, next `saved ∨ save`);
//! - one shadow latch per original latch (reset 0), which copies that latch at the step where
//!   `save` is 1 and `saved` is still 0, and keeps its value otherwise;
//! - one `seen` latch per fairness literal and per literal of the justice property (reset 0,
//!   next `seen ∨ ((saved ∨ save) ∧ lit)`): it is 1 at step `k` iff the literal was 1 at some
//!   step in `L … k-1`, the step of the save itself included, since the loop starts there;
//! - bad = `saved ∧ (every latch = its shadow) ∧ every seen`.
//!
//! So the reduced model is bad at step `K` iff `saved` was set at some `L < K`, `s_K = s_L`,
//! and every literal was 1 at some step of `L … K-1`: exactly a lasso of the original model
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
    /// are the original ones, then `save`; its latches the original ones, then the shadows (in
    /// the original latches' order), then `saved`, then the `seen` latches (fairness first).
    pub aig: Aig,
    /// The justice property reduced.
    pub justice: usize,
    /// The original model's input count (the position of `save`).
    pub inputs: usize,
    /// The original model's latch count (the position of the first shadow).
    pub latches: usize,
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
    pub fn liveness_to_safety(&self, justice: usize) -> Result<L2s, LivenessError> {
        let (mut aig, watched) = self.without_properties(justice)?;
        let (inputs, latches) = (self.inputs.len(), self.latches.len());
        let save = aig.new_var().lit();
        aig.inputs.push(save);
        aig.symbols.push(Symbol {
            kind: SymbolKind::Input,
            index: inputs,
            name: SAVE_NAME.into(),
        });
        let shadows: Vec<Lit> = (0..latches).map(|_| aig.new_var().lit()).collect();
        let saved = aig.new_var().lit();
        let seen: Vec<Lit> = watched.iter().map(|_| aig.new_var().lit()).collect();

        // The step of the save: copy now, never again.
        let save_now = and(&mut aig, save, !saved);
        for (j, &sh) in shadows.iter().enumerate() {
            let s = self.latches[j].lit;
            let next = mux(&mut aig, save_now, s, sh);
            aig.latches.push(zero_latch(sh, next));
        }
        let active = or(&mut aig, saved, save);
        aig.latches.push(zero_latch(saved, active));
        for (&q, &sn) in watched.iter().zip(&seen) {
            let now = and(&mut aig, active, q);
            let next = or(&mut aig, sn, now);
            aig.latches.push(zero_latch(sn, next));
        }
        let mut bad = saved;
        for (j, &sh) in shadows.iter().enumerate() {
            let s = self.latches[j].lit;
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
            for j in 0..aig.justice.len() {
                let l2s = aig.liveness_to_safety(j).expect("reduces");
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
                            "seed {seed} j{j}: reduced bad reachable, no fair lasso"
                        );
                        let lasso = l2s.lasso(&w).expect("well-shaped witness");
                        assert!(
                            is_lasso(&aig, j, &lasso),
                            "seed {seed} j{j}: not a lasso:\n{lasso}"
                        );
                        sat += 1;
                    }
                    None => {
                        assert!(!live, "seed {seed} j{j}: fair lasso, reduced model safe");
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
        let l2s = aig.liveness_to_safety(0).unwrap();
        assert_eq!((l2s.inputs, l2s.latches), (0, 1));
        assert_eq!(l2s.aig.inputs.len(), 1);
        // The latch, its shadow, `saved`, one `seen`.
        assert_eq!(l2s.aig.latches.len(), 4);
        let w = safety_witness(&l2s.aig).expect("bad reachable");
        let lasso = l2s.lasso(&w).unwrap();
        assert_eq!(lasso, "1\nj0\n0\n\n\n.\n");
        assert!(is_lasso(&aig, 0, &lasso));
    }

    #[test]
    fn stuck_latch_has_no_lasso() {
        let mut aig = toggle();
        aig.latches[0].next = aig.latches[0].lit;
        assert!(safety_witness(&aig.liveness_to_safety(0).unwrap().aig).is_none());
    }

    #[test]
    fn refusals() {
        let aig = toggle();
        assert_eq!(
            aig.liveness_to_safety(1),
            Err(LivenessError::NoSuchJustice { index: 1, count: 1 })
        );
        let mut f = aig.clone();
        let i = f.new_var().lit();
        f.inputs.push(i);
        f.latches[0].reset = Reset::Function(i);
        assert_eq!(
            f.liveness_to_safety(0),
            Err(LivenessError::ResetFunction { latch: 0 })
        );
        let l2s = aig.liveness_to_safety(0).unwrap();
        assert!(l2s.lasso("1\nb0\n0000\n1\n.\n").is_err());
        assert!(l2s.lasso("1\nb0\n000\n1\n1\n.\n").is_err());
    }
}
