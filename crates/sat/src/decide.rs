//! The decision heuristic: VSIDS (variables bumped in conflicts, older bumps decaying) and
//! saved phases.
//!
//! The queue holds part of the current query's domain only, and it is built lazily: a query
//! that ends while assigning its assumptions (most UNSAT queries of IC3) never builds it. It
//! starts with the domain's leaves (see `Cdcl::prepare_order`), and with *buckets*: one per
//! binary exponent of the activity (a factor of two, about fourteen conflicts of decay apart),
//! pushed and popped in O(1), the top one found by two leading-zero counts. A SAT answer pops
//! every queued variable, most of them assigned by propagation already, so the short queries
//! of IC3 would otherwise pay a heap's O(log n) for each. A query that reaches a restart has
//! conflicts enough for the order to matter: it switches to an exact binary max-heap. Phases
//! and activities live across queries, so the next query starts where the last one left off.

use pdrkit_logic::Var;

const ABSENT: u32 = u32::MAX;
/// Binary exponents of an `f64` (the bucket of a variable).
const BUCKETS: usize = 2048;
/// Words of the bitmap of non-empty buckets (at most 32: one summary word covers them).
const WORDS: usize = BUCKETS / 64;

#[derive(Debug)]
pub(crate) struct Order {
    activity: Vec<f64>,
    inc: f64,
    /// `1 / decay`: the growth of `inc` per conflict.
    growth: f64,
    /// Whether the exact heap is in use (else the buckets).
    exact: bool,
    heap: Vec<Var>,
    /// By variable: its index in `heap`, or [`ABSENT`].
    pos: Vec<u32>,
    buckets: Vec<Vec<Var>>,
    /// One bit per non-empty bucket.
    nonempty: [u64; WORDS],
    /// One bit per non-zero word of `nonempty`, so that finding the top bucket is two
    /// leading-zero counts rather than a scan of the words.
    summary: u32,
    /// By variable: whether it is in a bucket.
    bucketed: Vec<bool>,
    /// By variable: the polarity to decide (true: the positive literal).
    pub phase: Vec<bool>,
    /// Whether the queue is built for the current query (then backtracking puts the variables
    /// it unassigns back into it; until then, it does not insert).
    pub ready: bool,
    /// Set when the queue was built with the domain's leaves only (see
    /// `Cdcl::prepare_order`): what it takes to know that they are all assigned.
    pub partial: Option<Partial>,
}

/// A queue built from part of the domain: the number of domain variables not fixed at level 0,
/// and the length of the level-0 trail, when it was built.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Partial {
    pub unfixed: usize,
    pub ground: usize,
}

impl Order {
    pub fn new(decay: f64) -> Self {
        Order {
            activity: Vec::new(),
            inc: 1.0,
            growth: 1.0 / decay.clamp(0.5, 1.0),
            exact: false,
            heap: Vec::new(),
            pos: Vec::new(),
            buckets: vec![Vec::new(); BUCKETS],
            nonempty: [0; WORDS],
            summary: 0,
            bucketed: Vec::new(),
            phase: Vec::new(),
            ready: false,
            partial: None,
        }
    }

    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if n > self.pos.len() {
            self.activity.resize(n, 0.0);
            self.pos.resize(n, ABSENT);
            self.bucketed.resize(n, false);
            self.phase.resize(n, false);
        }
    }

    #[inline]
    fn before(&self, a: Var, b: Var) -> bool {
        self.activity[a.idx()] > self.activity[b.idx()]
    }

    #[inline]
    fn bucket(&self, v: Var) -> usize {
        // Activities are non-negative: the top bits are the biased exponent.
        (self.activity[v.idx()].to_bits() >> 52) as usize & (BUCKETS - 1)
    }

    fn sift_up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if !self.before(v, p) {
                break;
            }
            self.place(i, p);
            i = parent;
        }
        self.place(i, v);
    }

    /// Puts `v` at heap slot `i`, keeping its position index in step.
    #[inline]
    fn place(&mut self, i: usize, v: Var) {
        self.heap[i] = v;
        self.pos[v.idx()] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.before(self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if !self.before(c, v) {
                break;
            }
            self.place(i, c);
            i = child;
        }
        self.place(i, v);
    }

    /// Inserts `v` unless it is queued already.
    #[inline(always)]
    pub fn insert(&mut self, v: Var) {
        if self.exact {
            if self.pos[v.idx()] != ABSENT {
                return;
            }
            self.heap.push(v);
            let i = self.heap.len() - 1;
            self.pos[v.idx()] = i as u32;
            self.sift_up(i);
        } else {
            if self.bucketed[v.idx()] {
                return;
            }
            self.bucketed[v.idx()] = true;
            let b = self.bucket(v);
            self.buckets[b].push(v);
            self.nonempty[b / 64] |= 1 << (b % 64);
            self.summary |= 1 << (b / 64);
        }
    }

    /// Removes and returns the most active variable (in buckets: one of the most active
    /// bucket).
    #[inline]
    pub fn pop(&mut self) -> Option<Var> {
        if self.exact {
            let top = *self.heap.first()?;
            let last = self.heap.pop().expect("not empty");
            self.pos[top.idx()] = ABSENT;
            if !self.heap.is_empty() {
                self.heap[0] = last;
                self.pos[last.idx()] = 0;
                self.sift_down(0);
            }
            return Some(top);
        }
        if self.summary == 0 {
            return None;
        }
        let w = 31 - self.summary.leading_zeros() as usize;
        let b = w * 64 + 63 - self.nonempty[w].leading_zeros() as usize;
        let list = &mut self.buckets[b];
        let v = list.pop().expect("marked non-empty");
        if list.is_empty() {
            self.nonempty[w] &= !(1 << (b % 64));
            if self.nonempty[w] == 0 {
                self.summary &= !(1 << w);
            }
        }
        self.bucketed[v.idx()] = false;
        Some(v)
    }

    fn clear(&mut self) {
        for v in self.heap.drain(..) {
            self.pos[v.idx()] = ABSENT;
        }
        while self.summary != 0 {
            let w = self.summary.trailing_zeros() as usize;
            self.summary &= self.summary - 1;
            while self.nonempty[w] != 0 {
                let b = w * 64 + self.nonempty[w].trailing_zeros() as usize;
                for v in self.buckets[b].drain(..) {
                    self.bucketed[v.idx()] = false;
                }
                self.nonempty[w] &= self.nonempty[w] - 1;
            }
        }
    }

    /// Empties the queue for a new query, in buckets; the caller inserts its variables.
    pub fn reset(&mut self) {
        self.clear();
        self.exact = false;
        self.partial = None;
        self.ready = true;
    }

    /// Moves to the exact heap (with the same variables), in linear time.
    pub fn make_exact(&mut self) {
        if self.exact || !self.ready {
            return;
        }
        let mut vars = std::mem::take(&mut self.heap);
        while self.summary != 0 {
            let w = self.summary.trailing_zeros() as usize;
            self.summary &= self.summary - 1;
            while self.nonempty[w] != 0 {
                let b = w * 64 + self.nonempty[w].trailing_zeros() as usize;
                for v in self.buckets[b].drain(..) {
                    self.bucketed[v.idx()] = false;
                    self.pos[v.idx()] = vars.len() as u32;
                    vars.push(v);
                }
                self.nonempty[w] &= self.nonempty[w] - 1;
            }
        }
        self.heap = vars;
        self.exact = true;
        for i in (0..self.heap.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    /// Raises `v`'s activity (it took part in a conflict). In buckets, a queued variable stays
    /// where it is until popped (the order is approximate there anyway).
    #[inline]
    pub fn bump(&mut self, v: Var) {
        let a = &mut self.activity[v.idx()];
        *a += self.inc;
        if *a > 1e100 {
            for x in &mut self.activity {
                *x *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        if self.exact {
            let p = self.pos[v.idx()];
            if p != ABSENT {
                self.sift_up(p as usize);
            }
        }
    }

    /// Ages every activity at once (by making future bumps larger).
    #[inline]
    pub fn decay(&mut self) {
        self.inc *= self.growth;
    }
}
