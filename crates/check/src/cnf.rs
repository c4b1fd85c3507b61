//! The checker's own Tseitin encoding of circuits into a SAT solver.
//!
//! It is deliberately separate from the engine's encoding: a certificate check that reused the
//! engine's CNF would inherit its bugs. Two cheap simplifications keep the queries small:
//! constant folding, and structural hashing across *all* circuit copies in one query, so that a
//! witness circuit reusing the model's logic over the same (mapped) signals gets the very same
//! solver literals as the model.
//!
//! Structural hashing is not enough when the witness computes the same functions with other
//! gates: rIC3, for one, rebuilds its circuits from a simplified CNF, turning multiplexers
//! inside out and flipping the polarity of internal signals. Then "the witness's next state
//! equals the model's" is a miter of two differently built circuits, which can take a SAT
//! solver minutes. For that query the encoder *sweeps*: every variable carries a simulation
//! signature (its values under 1024 random input patterns); a new witness gate whose signature
//! matches a model gate (up to negation) is checked against it *locally*, by comparing the two
//! functions over a small window of signals both depend on (exhaustively for a few signals, by
//! a small solver of its own otherwise). Proven equal, the model's literal replaces the gate,
//! gates above it hash together again, and the miter shrinks to nothing. A window treats its
//! boundary signals as free, so "equal" is a proof; "different" may be an artefact of the
//! window, and then the gate simply stays as it is. Sweeping therefore never changes a query's
//! answer, only how hard it is.

use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use pdrkit_logic::{Lit, Minisat, SatResult, SatSolver, Var};

use crate::circuit::Circuit;

/// A multiply-rotate hasher for the tables here, whose keys are integers: the default SipHash
/// costs more than the rest of the encoding.
#[derive(Default)]
pub(crate) struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(29) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

/// Most and fewest 64-bit words of simulation per variable (64 patterns each): more words
/// tell more gates apart, but cost memory, so large queries get fewer.
const MAX_WORDS: usize = 64;
const MIN_WORDS: usize = 4;
/// Memory the signatures of one query may take, in 64-bit words (32 MiB).
const SIM_BUDGET: usize = 1 << 22;
/// Conflict budget of a window's own solver; a harder window counts as "different".
const WINDOW_BUDGET: u64 = 500;
/// Most boundary signals a window enumerates exhaustively (2^this assignments).
const WINDOW_INPUTS: usize = 10;
/// Most gates a window unfolds when it stops at signals both sides share.
const WINDOW_GATES: usize = 2000;
/// Most gates a window unfolds when it unfolds both cones completely.
const FULL_WINDOW_GATES: usize = 300;
/// Most candidates one new gate is compared with.
const MAX_CANDIDATES: usize = 8;
/// Candidate search near a gate: gates visited going down, levels and gates going up.
const NEARBY_DOWN: usize = 64;
const NEARBY_UP: usize = 4;
const NEARBY_VISITS: usize = 400;

/// Which circuit a solver variable belongs to, for sweeping. Only gates of *different*
/// circuits are compared: equivalences inside the model (or inside the witness) would cost
/// time without bringing the two circuits closer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Side {
    /// The model (and the constant, and the leaves the witness shares with it).
    Model,
    /// The witness circuit.
    Witness,
    /// An auxiliary variable (an equality): never compared.
    Aux,
}

/// A strong 64-bit mix of one signature word and its position.
fn mix(pos: usize, w: u64) -> u64 {
    let mut z = w ^ (pos as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Sweeping state, one entry per solver variable.
struct Sweep {
    /// Simulation words per variable.
    words: usize,
    /// `words` simulation words per variable.
    sim: Vec<u64>,
    /// Hash of the signature and of the complemented signature.
    hash: Vec<[u64; 2]>,
    side: Vec<Side>,
    /// The two operands of an AND gate, `None` for other variables.
    defs: Vec<Option<(Lit, Lit)>>,
    /// The AND gates reading each variable.
    fanouts: Vec<Vec<u32>>,
    /// Variables whose value the asserted premises fix (directly, or as operands of an AND
    /// gate asserted true). Windows treat them as constants: equal under the premises is all a
    /// query needs, since the premises stay asserted.
    known: IntMap<u32, bool>,
    /// Normalized signature hash → the first literal with that normalized signature.
    /// Normalized means complemented when its first bit is 1, so that a literal and its
    /// negation share a class.
    classes: IntMap<u64, Lit>,
    rng: u64,
}

impl Sweep {
    /// Sweeping state for a query of about `vars` variables.
    fn new(vars: usize) -> Self {
        let words = (SIM_BUDGET / vars.max(1)).clamp(MIN_WORDS, MAX_WORDS);
        let mut sw = Sweep {
            words,
            sim: Vec::with_capacity(words * vars.min(SIM_BUDGET)),
            hash: Vec::new(),
            side: Vec::new(),
            defs: Vec::new(),
            fanouts: Vec::new(),
            known: IntMap::default(),
            classes: IntMap::default(),
            rng: 0x9E37_79B9_7F4A_7C15,
        };
        // Variable 0, the constant false.
        sw.sim.extend(std::iter::repeat_n(0, words));
        sw.push(Side::Model, None);
        sw.classes.insert(sw.key(Lit::FALSE).0, Lit::FALSE);
        sw
    }

    fn random(&mut self) -> u64 {
        // xorshift64*: deterministic, so a check behaves the same on every run.
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Word `i` of the signature of a literal.
    fn word(&self, l: Lit, i: usize) -> u64 {
        self.sim[l.var().idx() * self.words + i] ^ if l.is_neg() { u64::MAX } else { 0 }
    }

    /// Appends the signature of the next variable, word by word from `f`.
    fn extend(&mut self, f: impl Fn(&Self, usize) -> u64) {
        for i in 0..self.words {
            let w = f(self, i);
            self.sim.push(w);
        }
    }

    /// Adds the next variable, whose signature was just appended.
    fn push(&mut self, side: Side, def: Option<(Lit, Lit)>) {
        let v = self.hash.len();
        let mut h = [0u64; 2];
        for (i, &w) in self.sim[v * self.words..].iter().enumerate() {
            h[0] ^= mix(i, w);
            h[1] ^= mix(i, !w);
        }
        self.hash.push(h);
        self.side.push(side);
        self.defs.push(def);
        self.fanouts.push(Vec::new());
    }

    /// The normalized signature hash of a literal, and whether the literal is the negation of
    /// the normal form.
    fn key(&self, l: Lit) -> (u64, bool) {
        let v = l.var().idx();
        let first = self.sim[v * self.words] & 1 == 1;
        (self.hash[v][usize::from(first)], first ^ l.is_neg())
    }

    /// Other-side gates near `g` with normalized signature `key`: down from `g` through its
    /// own side's gates to the signals both sides share, then up from the least-read of those
    /// through the other side's gates, a few levels. Signatures of rarely-true gates all look
    /// alike (mostly 0), so the class representative alone often is the wrong candidate.
    fn nearby(&self, g: Lit, side: Side, key: u64) -> Vec<u32> {
        let mut found = Vec::new();
        let mut stack = vec![g.var().0];
        let mut seen: IntMap<u32, ()> = IntMap::default();
        let mut support: Vec<u32> = Vec::new();
        while let Some(v) = stack.pop() {
            if seen.len() > NEARBY_DOWN || seen.insert(v, ()).is_some() {
                continue;
            }
            match self.defs[v as usize] {
                Some((a, b)) if self.side[v as usize] == side => {
                    stack.extend([a, b].iter().filter(|l| !l.is_const()).map(|l| l.var().0));
                }
                _ => support.push(v),
            }
        }
        let Some(&start) = support
            .iter()
            .min_by_key(|&&v| self.fanouts[v as usize].len())
        else {
            return found;
        };
        let mut level = vec![start];
        let mut visited: IntMap<u32, ()> = IntMap::default();
        for _ in 0..NEARBY_UP {
            let mut next = Vec::new();
            for &v in &level {
                for &f in &self.fanouts[v as usize] {
                    if self.side[f as usize] == side || visited.insert(f, ()).is_some() {
                        continue;
                    }
                    if visited.len() > NEARBY_VISITS {
                        return found;
                    }
                    if self.key(Var(f).lit()).0 == key {
                        found.push(f);
                    }
                    next.push(f);
                }
            }
            level = next;
        }
        found
    }

    /// Whether `x ≡ y` is proven on a window: `Some(true)` proven, `Some(false)` not proven
    /// (different on the window), `None` window too large.
    ///
    /// Both cones are unfolded together, newest gate first: variables are created in
    /// topological order, so when a gate is unfolded every path to it from `x` or `y` is
    /// already known. Unless `full`, a gate reached from both sides stays on the boundary;
    /// gates reached from one side only are unfolded, down to the leaves if need be. The two
    /// functions are then compared for every assignment of the boundary. Boundary signals are
    /// treated as free, which is where "different" can be wrong: two of them may be correlated.
    /// `full` unfolds the shared gates too, removing that error for small cones.
    fn window_equal(&self, x: Lit, y: Lit, full: bool) -> Option<bool> {
        if x == y {
            return Some(true);
        }
        let limit = if full {
            FULL_WINDOW_GATES
        } else {
            WINDOW_GATES
        };
        let mut mask: IntMap<u32, u8> = IntMap::default();
        let mut heap = BinaryHeap::new();
        let reach = |mask: &mut IntMap<u32, u8>, heap: &mut BinaryHeap<u32>, l: Lit, m: u8| {
            if !l.is_const() {
                let e = mask.entry(l.var().0).or_insert(0);
                if *e == 0 {
                    heap.push(l.var().0);
                }
                *e |= m;
            }
        };
        reach(&mut mask, &mut heap, x, 1);
        reach(&mut mask, &mut heap, y, 2);
        let mut boundary: Vec<u32> = Vec::new();
        let mut fixed: Vec<(u32, bool)> = Vec::new();
        let mut gates: Vec<u32> = Vec::new();
        while let Some(v) = heap.pop() {
            if let Some(&value) = self.known.get(&v) {
                fixed.push((v, value));
                continue;
            }
            let m = mask.get(&v).copied().unwrap_or(0);
            match self.defs[v as usize] {
                Some((a, b)) if m != 3 || full => {
                    gates.push(v);
                    if gates.len() > limit {
                        return None;
                    }
                    reach(&mut mask, &mut heap, a, m);
                    reach(&mut mask, &mut heap, b, m);
                }
                _ => boundary.push(v),
            }
        }
        // Gates were collected newest first; both evaluations below go oldest first.
        gates.reverse();
        if boundary.len() <= WINDOW_INPUTS {
            Some(self.window_enumerate(x, y, &boundary, &fixed, &gates))
        } else {
            Some(self.window_solve(x, y, &boundary, &fixed, &gates))
        }
    }

    /// Compares `x` and `y` on every assignment of `boundary` by bit-parallel simulation.
    fn window_enumerate(
        &self,
        x: Lit,
        y: Lit,
        boundary: &[u32],
        fixed: &[(u32, bool)],
        gates: &[u32],
    ) -> bool {
        const PROJECTION: [u64; 6] = [
            0xAAAA_AAAA_AAAA_AAAA,
            0xCCCC_CCCC_CCCC_CCCC,
            0xF0F0_F0F0_F0F0_F0F0,
            0xFF00_FF00_FF00_FF00,
            0xFFFF_0000_FFFF_0000,
            0xFFFF_FFFF_0000_0000,
        ];
        let n = boundary.len();
        let words = if n <= 6 { 1 } else { 1 << (n - 6) };
        // Slot 0 is the constant false; every other signal gets `words` words.
        let mut slot: IntMap<u32, usize> = IntMap::default();
        let mut table: Vec<u64> = vec![0; words];
        let add = |slot: &mut IntMap<u32, usize>,
                   table: &mut Vec<u64>,
                   v: u32,
                   f: &dyn Fn(usize) -> u64| {
            slot.insert(v, table.len() / words);
            table.extend((0..words).map(f));
        };
        for &(v, value) in fixed {
            add(&mut slot, &mut table, v, &|_| {
                if value {
                    u64::MAX
                } else {
                    0
                }
            });
        }
        for (i, &v) in boundary.iter().enumerate() {
            // Signal i alternates every 2^i assignments across the whole table.
            add(&mut slot, &mut table, v, &|w| {
                if i < 6 {
                    PROJECTION[i]
                } else if (w >> (i - 6)) & 1 == 1 {
                    u64::MAX
                } else {
                    0
                }
            });
        }
        let word = |slot: &IntMap<u32, usize>, table: &[u64], l: Lit, w: usize| {
            let s = if l.is_const() {
                0
            } else {
                slot.get(&l.var().0).copied().unwrap_or(0)
            };
            table[s * words + w] ^ if l.is_neg() { u64::MAX } else { 0 }
        };
        for &v in gates {
            let Some((a, b)) = self.defs[v as usize] else {
                return false;
            };
            let start = table.len();
            for w in 0..words {
                let t = word(&slot, &table, a, w) & word(&slot, &table, b, w);
                table.push(t);
            }
            slot.insert(v, start / words);
        }
        (0..words).all(|w| word(&slot, &table, x, w) == word(&slot, &table, y, w))
    }

    /// Compares `x` and `y` on the window with a small solver of its own, so that its search
    /// stays inside the window.
    fn window_solve(
        &self,
        x: Lit,
        y: Lit,
        boundary: &[u32],
        fixed: &[(u32, bool)],
        gates: &[u32],
    ) -> bool {
        let mut solver = Minisat::default();
        solver.reserve_vars(1);
        solver.add_clause(&[Lit::TRUE]);
        let mut map: IntMap<u32, Lit> = IntMap::default();
        for &v in boundary {
            map.insert(v, solver.new_var().lit());
        }
        for &(v, value) in fixed {
            map.insert(v, if value { Lit::TRUE } else { Lit::FALSE });
        }
        let lit = |map: &IntMap<u32, Lit>, l: Lit| {
            if l.is_const() {
                l
            } else {
                map.get(&l.var().0)
                    .copied()
                    .unwrap_or(Lit::FALSE)
                    .xor(l.is_neg())
            }
        };
        for &v in gates {
            let Some((a, b)) = self.defs[v as usize] else {
                return false;
            };
            let (a, b) = (lit(&map, a), lit(&map, b));
            let g = solver.new_var().lit();
            solver.add_clause(&[!g, a]);
            solver.add_clause(&[!g, b]);
            solver.add_clause(&[g, !a, !b]);
            map.insert(v, g);
        }
        let (x, y) = (lit(&map, x), lit(&map, y));
        [[x, !y], [!x, y]].iter().all(|q| {
            solver.set_conflict_budget(Some(WINDOW_BUDGET));
            solver.solve(q) == SatResult::Unsat
        })
    }
}

/// A solver with the encoding helpers.
pub(crate) struct Encoder {
    solver: Minisat,
    strash: IntMap<u64, Lit>,
    sweep: Option<Sweep>,
    /// The circuit whose gates are being encoded; set by [`Frame`].
    side: Side,
}

impl Encoder {
    /// A fresh solver in which variable 0 is the constant `false`, as in AIGER.
    pub fn new() -> Self {
        let mut solver = Minisat::default();
        solver.reserve_vars(1);
        solver.add_clause(&[Lit::TRUE]);
        Encoder {
            solver,
            strash: IntMap::default(),
            sweep: None,
            side: Side::Model,
        }
    }

    /// Like [`Encoder::new`], with sweeping (see the module documentation): worth it where the
    /// model and the witness meet in one query.
    /// `vars` estimates the query's size, to size the signatures.
    pub fn with_sweeping(vars: usize) -> Self {
        let mut e = Encoder::new();
        e.sweep = Some(Sweep::new(vars));
        e
    }

    /// A new unconstrained literal.
    pub fn fresh(&mut self) -> Lit {
        let l = self.solver.new_var().lit();
        let side = self.side;
        if let Some(sw) = &mut self.sweep {
            for _ in 0..sw.words {
                let r = sw.random();
                sw.sim.push(r);
            }
            sw.push(side, None);
            let (key, neg) = sw.key(l);
            sw.classes.entry(key).or_insert(l.xor(neg));
        }
        l
    }

    /// A literal equivalent to `a ∧ b`.
    pub fn and(&mut self, a: Lit, b: Lit) -> Lit {
        if a == Lit::FALSE || b == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        if b == Lit::TRUE {
            return a;
        }
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let key = (u64::from(hi.code()) << 32) | u64::from(lo.code());
        if let Some(&g) = self.strash.get(&key) {
            return g;
        }
        let g = self.solver.new_var().lit();
        self.solver.add_clause(&[!g, a]);
        self.solver.add_clause(&[!g, b]);
        self.solver.add_clause(&[g, !a, !b]);
        let g = match &mut self.sweep {
            Some(sw) => {
                sw.extend(|sw, i| sw.word(a, i) & sw.word(b, i));
                sw.push(self.side, Some((a, b)));
                self.sweep_gate(g, a, b).unwrap_or(g)
            }
            None => g,
        };
        self.strash.insert(key, g);
        g
    }

    /// Looks for an earlier literal of the other circuit equal to the new gate `g = a ∧ b`;
    /// returns it when a window proves them equal. Otherwise `g` joins the tables.
    fn sweep_gate(&mut self, g: Lit, a: Lit, b: Lit) -> Option<Lit> {
        let side = self.side;
        let sw = self.sweep.as_mut()?;
        let (key, neg) = sw.key(g);
        let mut cands: Vec<Lit> = Vec::new();
        match sw.classes.get(&key) {
            // `rep` and `g ^ neg` both have the normal signature: the candidate is `rep ^ neg`.
            Some(&rep) if sw.side[rep.var().idx()] != side => cands.push(rep.xor(neg)),
            Some(_) => {}
            None => {
                sw.classes.insert(key, g.xor(neg));
            }
        }
        for f in sw.nearby(g, side, key) {
            let fl = Var(f).lit();
            let c = fl.xor(sw.key(fl).1 ^ neg);
            if !cands.contains(&c) {
                cands.push(c);
            }
        }
        for &cand in cands.iter().take(MAX_CANDIDATES) {
            if sw.window_equal(g, cand, false) == Some(true) {
                return Some(cand);
            }
        }
        for op in [a, b] {
            if !op.is_const() {
                sw.fanouts[op.var().idx()].push(g.var().0);
            }
        }
        None
    }

    /// A literal equivalent to `a ↔ b`.
    pub fn equal(&mut self, a: Lit, b: Lit) -> Lit {
        if a == b {
            return Lit::TRUE;
        }
        if a == !b {
            return Lit::FALSE;
        }
        if a.is_const() {
            return b.xor(a == Lit::FALSE);
        }
        if b.is_const() {
            return a.xor(b == Lit::FALSE);
        }
        if let Some(sw) = &self.sweep {
            // Equalities are what a query asks about: worth an exact local check before they
            // become a miter. Both sides may be model gates here (the witness merged into one
            // of two equivalent model gates), which sweeping never compares.
            if sw.window_equal(a, b, false) == Some(true)
                || sw.window_equal(a, b, true) == Some(true)
            {
                return Lit::TRUE;
            }
        }
        let e = self.solver.new_var().lit();
        if let Some(sw) = &mut self.sweep {
            sw.extend(|sw, i| !(sw.word(a, i) ^ sw.word(b, i)));
            sw.push(Side::Aux, None);
        }
        self.solver.add_clause(&[!e, !a, b]);
        self.solver.add_clause(&[!e, a, !b]);
        self.solver.add_clause(&[e, a, b]);
        self.solver.add_clause(&[e, !a, !b]);
        e
    }

    /// Asserts `l`.
    pub fn assert(&mut self, l: Lit) {
        if l == Lit::TRUE {
            return;
        }
        self.solver.add_clause(&[l]);
        if let Some(sw) = &mut self.sweep {
            let mut stack = vec![l];
            while let Some(l) = stack.pop() {
                if l.is_const() || sw.known.insert(l.var().0, !l.is_neg()).is_some() {
                    continue;
                }
                if let (false, Some((a, b))) = (l.is_neg(), sw.defs[l.var().idx()]) {
                    stack.extend([a, b]);
                }
            }
        }
    }

    /// Adds a clause.
    pub fn clause(&mut self, lits: &[Lit]) {
        self.solver.add_clause(lits);
    }

    /// Solves the formula built so far.
    pub fn solve(&mut self) -> SatResult {
        self.solver.solve(&[])
    }

    /// Solves the formula built so far under `assumptions` (kept for this call only).
    pub fn solve_assuming(&mut self, assumptions: &[Lit]) -> SatResult {
        self.solver.solve(assumptions)
    }

    /// The value of `l` in the last model (unassigned counts as false).
    pub fn value(&self, l: Lit) -> bool {
        self.solver.value(l).unwrap_or(false)
    }

    /// Size of the formula: variables and clauses.
    pub fn size(&self) -> (u32, usize) {
        (self.solver.num_vars(), self.solver.num_clauses())
    }
}

/// One copy of a circuit inside an [`Encoder`] (a time frame of the model or of the witness).
/// Leaves (inputs and latches) are either bound by the caller, to share them with another copy
/// or to substitute a reset or next-state value, or get a fresh variable when first used. Gates
/// are encoded on demand, so a query contains only the cones it asks for.
pub(crate) struct Frame<'c> {
    c: &'c Circuit,
    side: Side,
    map: Vec<Option<Lit>>,
}

impl<'c> Frame<'c> {
    /// A copy with nothing bound yet; `side` says which circuit it is, for sweeping.
    pub fn new(c: &'c Circuit, side: Side) -> Self {
        let mut map = vec![None; c.num_nodes()];
        map[0] = Some(Lit::FALSE);
        Frame { c, side, map }
    }

    /// Binds leaf `node` to `l`, unless it is already bound; returns its literal either way
    /// (binding twice happens when two witness elements map to one model element).
    pub fn bind(&mut self, node: usize, l: Lit) -> Lit {
        *self.map[node].get_or_insert(l)
    }

    /// The literal of leaf `node`, fresh when unbound.
    pub fn leaf(&mut self, enc: &mut Encoder, node: usize) -> Lit {
        match self.map[node] {
            Some(l) => l,
            None => {
                enc.side = self.side;
                let l = enc.fresh();
                self.map[node] = Some(l);
                l
            }
        }
    }

    /// The solver literal of node literal `l`, encoding its cone as needed.
    pub fn lit(&mut self, enc: &mut Encoder, l: Lit) -> Lit {
        let root = l.var().idx();
        if self.map[root].is_none() {
            self.encode(enc, root);
        }
        self.map[root].unwrap_or(Lit::FALSE).xor(l.is_neg())
    }

    fn encode(&mut self, enc: &mut Encoder, root: usize) {
        // Iterative depth-first search: circuits are deep enough to overflow the call stack.
        let first_and = self.c.first_and();
        enc.side = self.side;
        let mut stack = vec![root];
        while let Some(&n) = stack.last() {
            if self.map[n].is_some() {
                stack.pop();
                continue;
            }
            if n < first_and {
                self.leaf(enc, n);
                stack.pop();
                continue;
            }
            let g = self.c.ands[n - first_and];
            let (a, b) = (g.rhs0.var().idx(), g.rhs1.var().idx());
            match (self.map[a], self.map[b]) {
                (Some(x), Some(y)) => {
                    let v = enc.and(x.xor(g.rhs0.is_neg()), y.xor(g.rhs1.is_neg()));
                    self.map[n] = Some(v);
                    stack.pop();
                }
                (x, y) => {
                    // Circuit::new guarantees operands come before their gate, so this ends.
                    if x.is_none() {
                        stack.push(a);
                    }
                    if y.is_none() {
                        stack.push(b);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_and_hashing() {
        let mut e = Encoder::new();
        let a = e.fresh();
        let b = e.fresh();
        assert_eq!(e.and(a, Lit::TRUE), a);
        assert_eq!(e.and(Lit::FALSE, b), Lit::FALSE);
        assert_eq!(e.and(a, !a), Lit::FALSE);
        let g = e.and(a, b);
        assert_eq!(e.and(b, a), g);
        assert_eq!(e.equal(g, g), Lit::TRUE);
        assert_eq!(e.equal(Lit::TRUE, a), a);
        assert_eq!(e.equal(Lit::FALSE, a), !a);
        let x = e.equal(a, b);
        e.assert(x);
        e.assert(a);
        e.assert(!g);
        assert_eq!(e.solve(), SatResult::Unsat);
    }

    /// A multiplexer written as an OR of ANDs (model side) and as an AND of ORs with the
    /// data inputs negated and the output complemented (witness side) sweeps to one literal.
    #[test]
    fn sweeping_merges_restructured_logic() {
        let mut e = Encoder::with_sweeping(100);
        let (s, t, f) = (e.fresh(), e.fresh(), e.fresh());
        let (m1, m2) = (e.and(s, t), e.and(!s, f));
        let model = !e.and(!m1, !m2);
        e.side = Side::Witness;
        let w1 = e.and(s, !t);
        let w2 = e.and(!s, !f);
        // ¬((s ∧ ¬t) ∨ (¬s ∧ ¬f)) = ite(s, t, f)
        let witness = e.and(!w1, !w2);
        assert_eq!(witness, model);
        // A different function with the same operands is not merged.
        let o2 = e.and(!s, f);
        let other = e.and(!w1, !o2);
        assert_ne!(other, model);
        assert_ne!(other, !model);
    }

    #[test]
    fn windows_decide_small_functions() {
        let mut sw = Sweep::new(100);
        let lit = |sw: &mut Sweep, def: Option<(Lit, Lit)>, side| {
            match def {
                Some((a, b)) => sw.extend(|sw, i| sw.word(a, i) & sw.word(b, i)),
                None => {
                    for _ in 0..sw.words {
                        let r = sw.random();
                        sw.sim.push(r);
                    }
                }
            }
            let v = sw.side.len() as u32;
            sw.push(side, def);
            for op in def.iter().flat_map(|&(a, b)| [a, b]) {
                sw.fanouts[op.var().idx()].push(v);
            }
            Var(v).lit()
        };
        // Many inputs, so the full window needs the solver rather than enumeration.
        let ins: Vec<Lit> = (0..14).map(|_| lit(&mut sw, None, Side::Model)).collect();
        let mut left = ins[0];
        for &i in &ins[1..] {
            left = lit(&mut sw, Some((left, i)), Side::Model);
        }
        let mut right = ins[13];
        for &i in ins[..13].iter().rev() {
            right = lit(&mut sw, Some((i, right)), Side::Witness);
        }
        assert_eq!(sw.window_equal(left, right, false), Some(true));
        assert_eq!(sw.window_equal(left, ins[0], false), Some(false));
        let small = lit(&mut sw, Some((ins[0], ins[1])), Side::Witness);
        let small2 = lit(&mut sw, Some((ins[1], ins[0])), Side::Model);
        assert_eq!(sw.window_equal(small, small2, true), Some(true));
        assert_eq!(sw.window_equal(small, !small2, true), Some(false));
    }
}
