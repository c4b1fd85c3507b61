//! A compact CNF for the transition system: 4-input LUT mapping of the AND gates, each LUT
//! encoded by the irredundant sums of products of its function and of its complement.
//!
//! Plain Tseitin gives every AND gate a variable and three clauses. A SAT solver's cost per
//! call grows with its variables (MiniSat assigns all of them before answering SAT), and IC3
//! makes thousands of calls, so, as ABC does for `pdr`, gates are grouped into 4-input cuts
//! chosen by area flow and only the cut roots get variables.
//!
//! [`MappedCnf::eliminate`] then removes mapped nodes by bounded variable elimination, in the
//! spirit of rIC3's `dagcnf`: a node that only other nodes read is resolved into each of its
//! readers when that adds no clause. Since the node is defined by its clauses (a gate, in
//! SatELite's terms), only the resolvents of its own clauses with each reader's are needed,
//! and each reader stays a definition of its output over its new leaves: fixing the leaves
//! fixes the output by unit propagation, which the per-query domains of IC3's solver rely on.

use pdrkit_logic::{Lit, Var};

use crate::system::TransitionSystem;

/// One mapped node: `out ⇔ f(leaves)`, as clauses over `out` and the leaves.
#[derive(Clone, Debug)]
pub struct Lut {
    /// The node (a gate variable of the system).
    pub out: Var,
    /// The cut's leaves (variables of the system: inputs, latches or other LUT outputs).
    pub leaves: Vec<Var>,
    /// The clauses.
    pub clauses: Vec<Vec<Lit>>,
}

/// The LUT cover of a transition system.
#[derive(Clone, Debug)]
pub struct MappedCnf {
    /// For each system variable, the index of the LUT it is the output of.
    lut_of: Vec<u32>,
    /// The LUTs in topological order.
    pub luts: Vec<Lut>,
}

const NONE: u32 = u32::MAX;
const MAX_CUTS: usize = 8;
/// Truth tables of the first six variables of a function, one 64-bit word each (bit `m`: the
/// assignment giving variable `i` bit `i` of `m`).
const PROJ_WORD: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];
/// Truth tables of the four cut variables: the low 16 bits of [`PROJ_WORD`].
const PROJ: [u16; 4] = [
    PROJ_WORD[0] as u16,
    PROJ_WORD[1] as u16,
    PROJ_WORD[2] as u16,
    PROJ_WORD[3] as u16,
];

#[derive(Clone, Copy, Debug)]
struct Cut {
    leaves: [u32; 4],
    n: u8,
    tt: u16,
    flow: f32,
}

impl Cut {
    fn leaves(&self) -> &[u32] {
        &self.leaves[..self.n as usize]
    }
}

/// Re-expresses `tt` (over `from` leaves) over the superset `to` of leaves.
fn expand(tt: u16, from: &[u32], to: &[u32]) -> u16 {
    let pos: Vec<usize> = from
        .iter()
        .map(|l| to.iter().position(|t| t == l).expect("superset"))
        .collect();
    let mut out = 0u16;
    for m in 0..16u16 {
        let mut sub = 0;
        for (i, &p) in pos.iter().enumerate() {
            if m >> p & 1 == 1 {
                sub |= 1 << i;
            }
        }
        if tt >> sub & 1 == 1 {
            out |= 1 << m;
        }
    }
    out
}

fn merge(a: &[u32], b: &[u32]) -> Option<([u32; 4], u8)> {
    let mut out = [0u32; 4];
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() || j < b.len() {
        let x = if j == b.len() || (i < a.len() && a[i] < b[j]) {
            i += 1;
            a[i - 1]
        } else if i == a.len() || b[j] < a[i] {
            j += 1;
            b[j - 1]
        } else {
            i += 1;
            j += 1;
            a[i - 1]
        };
        if n == 4 {
            return None;
        }
        out[n] = x;
        n += 1;
    }
    Some((out, n as u8))
}

fn cofactors(f: u16, v: usize) -> (u16, u16) {
    let m = PROJ[v];
    let s = 1 << v;
    let f0 = f & !m;
    let f1 = f & m;
    (f0 | (f0 << s), f1 | (f1 >> s))
}

/// Minato–Morreale irredundant sum of products of a function between `lo` and `hi`
/// (`lo ⊆ f ⊆ hi`), over variables `< nvars`. Cubes are (mask, polarity) pairs; returns the
/// cover's truth table.
fn isop(lo: u16, hi: u16, nvars: usize, cubes: &mut Vec<(u8, u8)>) -> u16 {
    if lo == 0 {
        return 0;
    }
    if hi == 0xFFFF {
        cubes.push((0, 0));
        return 0xFFFF;
    }
    let v = (0..nvars)
        .rev()
        .find(|&v| {
            let (l0, l1) = cofactors(lo, v);
            let (h0, h1) = cofactors(hi, v);
            l0 != l1 || h0 != h1
        })
        .expect("a non-constant interval depends on some variable");
    let (l0, l1) = cofactors(lo, v);
    let (h0, h1) = cofactors(hi, v);
    let start0 = cubes.len();
    let t0 = isop(l0 & !h1, h0, v, cubes);
    for c in &mut cubes[start0..] {
        c.0 |= 1 << v;
    }
    let start1 = cubes.len();
    let t1 = isop(l1 & !h0, h1, v, cubes);
    for c in &mut cubes[start1..] {
        c.0 |= 1 << v;
        c.1 |= 1 << v;
    }
    let rest = (l0 & !t0) | (l1 & !t1);
    let ts = isop(rest, h0 & h1, v, cubes);
    (t0 & !PROJ[v]) | (t1 & PROJ[v]) | ts
}

impl MappedCnf {
    /// Maps the gates of `ts` that the latches' next states, the bad literal, the properties
    /// and the constraints read.
    pub fn new(ts: &TransitionSystem) -> Self {
        let nv = ts.num_vars() as usize;
        let first_gate = 1 + ts.num_inputs() + ts.num_latches();
        let is_gate = |v: u32| v as usize >= first_gate;
        let gate = |v: u32| &ts.gates[v as usize - first_gate];
        let roots: Vec<Var> = roots(ts).filter(|v| is_gate(v.0)).collect();
        let mut fanout = vec![0u32; nv];
        for g in &ts.gates {
            fanout[g.a.var().idx()] += 1;
            fanout[g.b.var().idx()] += 1;
        }
        for r in &roots {
            fanout[r.idx()] += 1;
        }
        // Cut enumeration with area flow, gates in topological order.
        let mut cuts: Vec<Vec<Cut>> = vec![Vec::new(); nv];
        let mut flow = vec![0f32; nv];
        let trivial = |v: u32, flow: f32| Cut {
            leaves: [v, 0, 0, 0],
            n: 1,
            tt: PROJ[0],
            flow,
        };
        for g in &ts.gates {
            let out = g.out.0;
            let mut cand: Vec<Cut> = Vec::new();
            let (av, bv) = (g.a.var().0, g.b.var().0);
            let ta = std::iter::once(trivial(av, flow[av as usize]))
                .chain(cuts[av as usize].iter().copied());
            let tb: Vec<Cut> = std::iter::once(trivial(bv, flow[bv as usize]))
                .chain(cuts[bv as usize].iter().copied())
                .collect();
            for ca in ta {
                for cb in &tb {
                    let Some((leaves, n)) = merge(ca.leaves(), cb.leaves()) else {
                        continue;
                    };
                    let ls = &leaves[..n as usize];
                    let mut fa = expand(ca.tt, ca.leaves(), ls);
                    let mut fb = expand(cb.tt, cb.leaves(), ls);
                    if g.a.is_neg() {
                        fa = !fa;
                    }
                    if g.b.is_neg() {
                        fb = !fb;
                    }
                    let f = ls
                        .iter()
                        .map(|&l| flow[l as usize] / fanout[l as usize].max(1) as f32)
                        .sum::<f32>()
                        + 1.0;
                    if cand.iter().any(|c| c.n == n && c.leaves() == ls) {
                        continue;
                    }
                    cand.push(Cut {
                        leaves,
                        n,
                        tt: fa & fb,
                        flow: f,
                    });
                }
            }
            // Drop dominated cuts (a superset of another's leaves), keep the best few.
            cand.sort_by(|x, y| x.flow.total_cmp(&y.flow).then(x.n.cmp(&y.n)));
            let mut kept: Vec<Cut> = Vec::with_capacity(MAX_CUTS);
            for c in cand {
                let dominated = kept
                    .iter()
                    .any(|k| k.leaves().iter().all(|l| c.leaves().contains(l)));
                if !dominated {
                    kept.push(c);
                    if kept.len() == MAX_CUTS {
                        break;
                    }
                }
            }
            flow[out as usize] = kept.first().map_or(1.0, |c| c.flow);
            cuts[out as usize] = kept;
        }
        // Cover from the roots.
        let mut lut_of = vec![NONE; nv];
        let mut chosen = vec![false; nv];
        let mut stack: Vec<u32> = roots.iter().map(|v| v.0).collect();
        let mut order = Vec::new();
        while let Some(v) = stack.pop() {
            if chosen[v as usize] {
                continue;
            }
            chosen[v as usize] = true;
            order.push(v);
            let best = cuts[v as usize][0];
            for &l in best.leaves() {
                if is_gate(l) && !chosen[l as usize] {
                    stack.push(l);
                }
            }
        }
        order.sort_unstable();
        let mut luts = Vec::with_capacity(order.len());
        let mut cubes = Vec::new();
        for v in order {
            let best = cuts[v as usize][0];
            debug_assert!(gate(v).out.0 == v);
            let leaves: Vec<Var> = best.leaves().iter().map(|&l| Var(l)).collect();
            let n = leaves.len();
            let out = Var(v).lit();
            let mut clauses = Vec::new();
            // f ⇒ out for each cube of f; ¬f ⇒ ¬out for each cube of ¬f.
            for (f, o) in [(best.tt, out), (!best.tt, !out)] {
                cubes.clear();
                isop(f, f, n, &mut cubes);
                for &(mask, pol) in &cubes {
                    let mut c: Vec<Lit> = (0..n)
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| leaves[i].lit_with(pol >> i & 1 == 1))
                        .collect();
                    c.push(o);
                    clauses.push(c);
                }
            }
            lut_of[v as usize] = luts.len() as u32;
            luts.push(Lut {
                out: Var(v),
                leaves,
                clauses,
            });
        }
        MappedCnf { lut_of, luts }
    }

    /// Eliminates the nodes that only other nodes read (never a root: a next-state function,
    /// a constraint, the bad literal or a property) where resolving them into their readers
    /// adds no clause, no reader gets more than `MAX_ELIM_LEAVES` leaves and no clause more
    /// than `MAX_ELIM_CLAUSE` literals. Each reader's new clauses are shrunk to prime
    /// implicates of its function (`make_prime`). Returns the number of nodes eliminated. A
    /// variable eliminated here has no LUT any more; a solver that still asks for it directly
    /// gets it by plain Tseitin from the system's gates.
    pub fn eliminate(&mut self, ts: &TransitionSystem) -> usize {
        let n = self.luts.len();
        let index = |lut_of: &[u32], v: Var| -> Option<usize> {
            lut_of
                .get(v.idx())
                .copied()
                .filter(|&i| i != NONE)
                .map(|i| i as usize)
        };
        let mut frozen = vec![false; n];
        for v in roots(ts) {
            if let Some(i) = index(&self.lut_of, v) {
                frozen[i] = true;
            }
        }
        let mut readers: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (u, lut) in self.luts.iter().enumerate() {
            for &l in &lut.leaves {
                if let Some(i) = index(&self.lut_of, l) {
                    readers[i].push(u);
                }
            }
        }
        let mut alive = vec![true; n];
        let mut eliminated = 0;
        let mut plan: Vec<(usize, Vec<Var>, Vec<Vec<Lit>>)> = Vec::new();
        // In topological order: a node's readers come later, and may go in turn.
        'node: for v in 0..n {
            if frozen[v] || readers[v].is_empty() {
                continue;
            }
            let out = self.luts[v].out;
            let (pos, neg): (Vec<&Vec<Lit>>, Vec<&Vec<Lit>>) = self.luts[v]
                .clauses
                .iter()
                .partition(|c| c.contains(&out.lit()));
            let mut before = self.luts[v].clauses.len();
            let mut after = 0;
            plan.clear();
            for &u in &readers[v] {
                let cu = &self.luts[u].clauses;
                before += cu.len();
                let mut new: Vec<Vec<Lit>> = Vec::with_capacity(cu.len());
                for c in cu {
                    let (partners, pivot) = if c.contains(&out.lit()) {
                        (&neg, out.lit())
                    } else if c.contains(&!out.lit()) {
                        (&pos, !out.lit())
                    } else {
                        push_unique(&mut new, c.clone());
                        continue;
                    };
                    for d in partners.iter() {
                        if let Some(r) = resolve(c, d, pivot) {
                            if r.len() > MAX_ELIM_CLAUSE {
                                continue 'node;
                            }
                            push_unique(&mut new, r);
                        }
                    }
                }
                let leaves = leaves_of(&new, self.luts[u].out);
                if leaves.len() > MAX_ELIM_LEAVES {
                    continue 'node;
                }
                make_prime(&mut new, self.luts[u].out, &leaves);
                // Shrinking may have dropped a leaf from every clause.
                let leaves = leaves_of(&new, self.luts[u].out);
                after += new.len();
                if after > before {
                    continue 'node;
                }
                plan.push((u, leaves, new));
            }
            // Commit: every reader takes its resolved clauses, and the readers' lists follow
            // the leaves that came and went.
            for (u, leaves, clauses) in plan.drain(..) {
                let old = std::mem::replace(&mut self.luts[u].leaves, leaves);
                self.luts[u].clauses = clauses;
                for &l in &old {
                    if let Some(w) = index(&self.lut_of, l) {
                        readers[w].retain(|&x| x != u);
                    }
                }
                for &l in &self.luts[u].leaves {
                    if let Some(w) = index(&self.lut_of, l) {
                        readers[w].push(u);
                    }
                }
            }
            for &l in &self.luts[v].leaves {
                if let Some(w) = index(&self.lut_of, l) {
                    readers[w].retain(|&x| x != v);
                }
            }
            readers[v].clear();
            alive[v] = false;
            eliminated += 1;
        }
        let luts = std::mem::take(&mut self.luts);
        self.luts = luts
            .into_iter()
            .zip(alive)
            .filter_map(|(l, a)| a.then_some(l))
            .collect();
        self.lut_of.fill(NONE);
        for (i, l) in self.luts.iter().enumerate() {
            self.lut_of[l.out.idx()] = i as u32;
        }
        eliminated
    }

    /// The LUT whose output is `v`, if `v` is a mapped node.
    #[inline]
    pub fn lut(&self, v: Var) -> Option<&Lut> {
        let i = *self.lut_of.get(v.idx())?;
        (i != NONE).then(|| &self.luts[i as usize])
    }

    /// Total clauses.
    pub fn num_clauses(&self) -> usize {
        self.luts.iter().map(|l| l.clauses.len()).sum()
    }
}

/// The variables the engines read from the mapping: next-state functions, constraints, the
/// bad literal and the properties.
fn roots(ts: &TransitionSystem) -> impl Iterator<Item = Var> + '_ {
    ts.next
        .iter()
        .chain(&ts.constraints)
        .chain(std::iter::once(&ts.bad))
        .chain(ts.properties.iter().map(|p| &p.1))
        .map(|l| l.var())
}

/// A node is not eliminated into a reader that would then read more leaves than this.
const MAX_ELIM_LEAVES: usize = 8;
// `make_prime`'s truth tables hold 256 assignments.
const _: () = assert!(MAX_ELIM_LEAVES <= 8);
/// Nor when a resolvent would be longer than this.
const MAX_ELIM_CLAUSE: usize = 8;

/// The resolvent of `c` (holding `pivot`) and `d` (holding `¬pivot`), or `None` when it is a
/// tautology.
fn resolve(c: &[Lit], d: &[Lit], pivot: Lit) -> Option<Vec<Lit>> {
    let mut r: Vec<Lit> = c.iter().copied().filter(|&l| l != pivot).collect();
    for &l in d {
        if l == !pivot || r.contains(&l) {
            continue;
        }
        if r.contains(&!l) {
            return None;
        }
        r.push(l);
    }
    Some(r)
}

/// A set of assignments of up to eight leaves: bit `m` of the 256 stands for the assignment
/// giving leaf `i` the value of bit `i` of `m`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Table([u64; 4]);

impl Table {
    const ALL: Table = Table([u64::MAX; 4]);
    const NONE: Table = Table([0; 4]);
    /// The assignments in which leaf `i` is true.
    fn leaf(i: usize) -> Table {
        match i {
            0..=5 => Table([PROJ_WORD[i]; 4]),
            6 => Table([0, u64::MAX, 0, u64::MAX]),
            _ => Table([0, 0, u64::MAX, u64::MAX]),
        }
    }
    fn and(self, o: Table) -> Table {
        Table(std::array::from_fn(|w| self.0[w] & o.0[w]))
    }
    fn or(self, o: Table) -> Table {
        Table(std::array::from_fn(|w| self.0[w] | o.0[w]))
    }
    fn not(self) -> Table {
        Table(self.0.map(|w| !w))
    }
    fn within(self, o: Table) -> bool {
        (0..4).all(|w| self.0[w] & !o.0[w] == 0)
    }
}

/// Shrinks each clause of a definition of `out` over `leaves` (at most eight) to a prime
/// implicate of it, then drops the clauses another one subsumes.
///
/// Resolvents are implicates of the definition but often not prime: they keep a literal of
/// each parent where a subset of them already forces the output. In a solver a longer clause
/// is a weaker reason, naming more assumptions in every conflict it takes part in, which makes
/// IC3's unsat cores (lifted predecessors, generalized lemmas) larger. Every clause of the
/// cover made before elimination is prime (an irredundant sum of products of primes); this
/// restores that. A shrunk clause subsumes the one it came from, so the set still defines
/// `out`: fixing the leaves fixes it by unit propagation.
fn make_prime(clauses: &mut Vec<Vec<Lit>>, out: Var, leaves: &[Var]) {
    debug_assert!(leaves.len() <= MAX_ELIM_LEAVES);
    // The assignments that make literal `l` false.
    let falsifying = |l: Lit| -> Table {
        let i = leaves.binary_search(&l.var()).expect("a leaf");
        let t = Table::leaf(i);
        if l.is_neg() {
            t
        } else {
            t.not()
        }
    };
    // The assignments that falsify every leaf literal of `c` but the one at `skip`.
    let falsified = |c: &[Lit], skip: usize| -> Table {
        c.iter()
            .enumerate()
            .filter(|&(j, l)| j != skip && l.var() != out)
            .fold(Table::ALL, |t, (_, &l)| t.and(falsifying(l)))
    };
    // Where the clauses force `out` true, and false.
    let (mut on, mut off) = (Table::NONE, Table::NONE);
    for c in clauses.iter() {
        if c.contains(&out.lit()) {
            on = on.or(falsified(c, usize::MAX));
        } else {
            off = off.or(falsified(c, usize::MAX));
        }
    }
    if on.and(off) != Table::NONE {
        // Not a function of the leaves (cannot happen for a definition): leave it as it is.
        return;
    }
    for c in clauses.iter_mut() {
        let allowed = if c.contains(&out.lit()) { on } else { off };
        let mut i = 0;
        while i < c.len() {
            if c[i].var() != out && falsified(c, i).within(allowed) {
                c.remove(i);
                continue;
            }
            i += 1;
        }
    }
    clauses.sort_unstable_by_key(|c| c.len());
    let mut kept: Vec<Vec<Lit>> = Vec::with_capacity(clauses.len());
    for c in clauses.drain(..) {
        if !kept.iter().any(|k| k.iter().all(|l| c.contains(l))) {
            kept.push(c);
        }
    }
    *clauses = kept;
}

/// The variables of `clauses` but `out`, sorted.
fn leaves_of(clauses: &[Vec<Lit>], out: Var) -> Vec<Var> {
    let mut leaves: Vec<Var> = clauses
        .iter()
        .flatten()
        .map(|l| l.var())
        .filter(|&x| x != out)
        .collect();
    leaves.sort_unstable();
    leaves.dedup();
    leaves
}

/// Adds `c` to `set` unless a clause with the same literals is there.
fn push_unique(set: &mut Vec<Vec<Lit>>, mut c: Vec<Lit>) {
    c.sort_unstable_by_key(|l| l.code());
    if !set.contains(&c) {
        set.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_cover(cubes: &[(u8, u8)], m: u16) -> bool {
        cubes.iter().any(|&(mask, pol)| {
            (0..4).all(|i| mask >> i & 1 == 0 || ((m >> i & 1) as u8 == (pol >> i & 1)))
        })
    }

    #[test]
    fn isop_covers_exactly_every_4_input_function_sampled() {
        let mut x: u32 = 7;
        for _ in 0..3000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let f = x as u16;
            let mut cubes = Vec::new();
            let t = isop(f, f, 4, &mut cubes);
            assert_eq!(t, f);
            for m in 0..16u16 {
                assert_eq!(eval_cover(&cubes, m), f >> m & 1 == 1, "f={f:#06x} m={m}");
            }
        }
        let mut cubes = Vec::new();
        assert_eq!(isop(0xFFFF, 0xFFFF, 4, &mut cubes), 0xFFFF);
        assert_eq!(cubes, vec![(0, 0)]);
    }

    #[test]
    fn resolvents_are_shrunk_to_primes() {
        // u = v ∨ a over v = a ∧ b: eliminating v gives (u ∨ ¬a ∨ ¬b) and (¬u ∨ a ∨ b),
        // which say more than u = a needs; shrunk, they are (u ∨ ¬a) and (¬u ∨ a), and `b`
        // is no longer a leaf.
        let (u, a, b) = (Var(9), Var(1), Var(2));
        let mut clauses = vec![
            vec![u.lit(), !a.lit()],
            vec![u.lit(), !a.lit(), !b.lit()],
            vec![!u.lit(), a.lit()],
            vec![!u.lit(), a.lit(), b.lit()],
        ];
        make_prime(&mut clauses, u, &[a, b]);
        clauses.sort();
        assert_eq!(
            clauses,
            vec![vec![u.lit(), !a.lit()], vec![!u.lit(), a.lit()]]
        );
        assert_eq!(leaves_of(&clauses, u), vec![a]);
        // Leaves 6 and 7 live in the upper words of the table: u = x6 ∧ x7, its last clause
        // split on a useless x0.
        let x: Vec<Var> = (1..=8).map(Var).collect();
        let mut clauses = vec![
            vec![!u.lit(), x[6].lit()],
            vec![!u.lit(), x[7].lit()],
            vec![u.lit(), !x[6].lit(), !x[7].lit(), x[0].lit()],
            vec![u.lit(), !x[6].lit(), !x[7].lit(), !x[0].lit()],
        ];
        make_prime(&mut clauses, u, &x);
        assert_eq!(clauses.len(), 3);
        assert!(clauses.iter().all(|c| !c.iter().any(|l| l.var() == x[0])));
    }

    #[test]
    fn expand_and_merge() {
        assert_eq!(merge(&[1, 5], &[2, 5]), Some(([1, 2, 5, 0], 3)));
        assert_eq!(merge(&[1, 2, 3], &[4, 5]), None);
        // x1 over (1) becomes the projection of position 1 over (0, 1).
        assert_eq!(expand(PROJ[0], &[7], &[3, 7]), PROJ[1]);
    }
}
