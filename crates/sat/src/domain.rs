//! The domain of a query: the variables it may decide and propagate.
//!
//! A *defined* variable is a total function of its fan-in (its deps), given by definition
//! clauses over itself and them. The domain of a query is the permanent domain (the variables
//! of permanent clauses, closed under fan-in) plus the fan-in cone of the variables of the
//! query's assumptions and temporary clauses. Any assignment of the domain that satisfies the
//! clauses lying wholly inside it extends to a model of every clause: outside the domain, a
//! variable is either unconstrained (an input) or a function of its fan-in, evaluated from the
//! bottom up, and learnt clauses hold in every model. So a query never needs to look further.
//!
//! Membership is a stamp per variable: [`PERMANENT`], or the number (epoch) of the last query
//! whose cone reached it. Starting a query is one increment, never a clearing pass, and
//! computing its cone visits only variables not yet stamped in this query.
//!
//! Consecutive queries often have the same roots (IC3's lifting asks about one target clause
//! for state after state over the same latches and inputs): when a query's roots have the
//! fingerprint of the last computed domain's, nothing was defined or made permanent since, and
//! each root is inside that domain, the domain is reused as it is, without a walk.

use pdrkit_logic::Var;

/// The stamp of a variable in the permanent domain (at least every epoch).
const PERMANENT: u32 = u32::MAX;

#[derive(Debug)]
pub(crate) struct Domain {
    /// By internal variable: [`PERMANENT`], or the epoch of the last query that reached it.
    pub stamp: Vec<u32>,
    /// The current query's number; a variable is in its domain when its stamp is not below.
    pub epoch: u32,
    /// By internal variable: its deps, `deps[start..start + len]`.
    span: Vec<(u32, u32)>,
    deps: Vec<Var>,
    /// The permanent domain, for building the decision order. Variables fixed at level 0 are
    /// dropped from it (they are never decided again) by [`shed_fixed`](Self::shed_fixed).
    pub permanent: Vec<Var>,
    /// The leaves of the permanent domain (variables without deps when they joined it), the
    /// first decisions of a query, apart so that building the order does not walk the rest.
    pub permanent_leaves: Vec<Var>,
    /// The length of the level-0 trail when the permanent lists last shed their fixed
    /// variables: they need not be walked again until it grows.
    shed_at: usize,
    /// The variables the current query added to the permanent domain.
    pub cone: Vec<Var>,
    stack: Vec<Var>,
    /// The fingerprint of the roots of the current cone, while it is still what they span.
    key: Option<Fingerprint>,
}

/// An order-independent fingerprint of a query's roots: their number and a sum of hashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fingerprint(u64, u32);

impl Fingerprint {
    /// The fingerprint of these roots (with multiplicity).
    pub fn of(roots: impl Iterator<Item = Var>) -> Self {
        let mut f = Fingerprint(0, 0);
        for v in roots {
            let h = (u64::from(v.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            f.0 = f.0.wrapping_add(h ^ (h >> 29));
            f.1 = f.1.wrapping_add(1);
        }
        f
    }
}

impl Default for Domain {
    fn default() -> Self {
        Domain {
            stamp: Vec::new(),
            epoch: 1,
            span: Vec::new(),
            deps: Vec::new(),
            permanent: Vec::new(),
            permanent_leaves: Vec::new(),
            shed_at: 0,
            cone: Vec::new(),
            stack: Vec::new(),
            key: None,
        }
    }
}

impl Domain {
    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if n > self.stamp.len() {
            self.stamp.resize(n, 0);
            self.span.resize(n, (0, 0));
        }
    }

    #[inline]
    pub fn contains(&self, v: Var) -> bool {
        self.stamp[v.idx()] >= self.epoch
    }

    /// Whether `v` has no deps (an input, a latch, or a variable of plain clauses).
    #[inline]
    pub fn is_leaf(&self, v: Var) -> bool {
        self.span[v.idx()].1 == 0
    }

    /// Adds `deps` to the fan-in of `v`. When `v` is permanent already, its new cone is too.
    pub fn define(&mut self, v: Var, deps: &[Var]) {
        let (s, n) = self.span[v.idx()];
        let start = self.deps.len() as u32;
        if n > 0 {
            // Redefinition (rare): the union goes to the end of the pool.
            self.deps.extend_from_within(s as usize..(s + n) as usize);
        }
        self.deps.extend_from_slice(deps);
        self.span[v.idx()] = (start, n + deps.len() as u32);
        self.key = None;
        if self.stamp[v.idx()] == PERMANENT {
            for &d in deps {
                self.make_permanent(d);
            }
        }
    }

    /// Puts `v` and its fan-in cone into the permanent domain.
    pub fn make_permanent(&mut self, v: Var) {
        if self.stamp[v.idx()] == PERMANENT {
            return;
        }
        self.stack.push(v);
        while let Some(x) = self.stack.pop() {
            if self.stamp[x.idx()] == PERMANENT {
                continue;
            }
            self.stamp[x.idx()] = PERMANENT;
            self.permanent.push(x);
            if self.is_leaf(x) {
                self.permanent_leaves.push(x);
            }
            // It may be fixed at level 0 already: the next shedding must look.
            self.shed_at = usize::MAX;
            // The current cone may hold it: it must not be counted twice.
            self.key = None;
            let (s, n) = self.span[x.idx()];
            for i in s..s + n {
                let d = self.deps[i as usize];
                if self.stamp[d.idx()] != PERMANENT {
                    self.stack.push(d);
                }
            }
        }
    }

    /// Drops the variables fixed at level 0 (`fixed`) from the permanent lists, if the level-0
    /// trail grew to `ground` literals since the last time.
    pub fn shed_fixed(&mut self, ground: usize, fixed: impl Fn(Var) -> bool) {
        if ground != self.shed_at {
            self.shed_at = ground;
            self.permanent.retain(|&v| !fixed(v));
            self.permanent_leaves.retain(|&v| !fixed(v));
        }
    }

    /// Whether the current domain is the one `roots` (of fingerprint `key`) span: computed
    /// from roots of that fingerprint, nothing defined or made permanent since, and every root
    /// inside it (so that it holds their cones at least, whatever the fingerprint says).
    pub fn spans(&self, key: Fingerprint, mut roots: impl Iterator<Item = Var>) -> bool {
        self.key == Some(key) && roots.all(|v| self.contains(v))
    }

    /// Starts a new query whose roots have fingerprint `key`: only the permanent domain is in;
    /// the caller adds the roots' cones.
    pub fn begin_query(&mut self, key: Fingerprint) {
        self.key = Some(key);
        if self.epoch == PERMANENT - 1 {
            // Four billion queries: reset the stamps once rather than let them wrap.
            for s in &mut self.stamp {
                if *s != PERMANENT {
                    *s = 0;
                }
            }
            self.epoch = 0;
        }
        self.epoch += 1;
        self.cone.clear();
    }

    /// Adds `v` and its fan-in cone to the current query's domain.
    pub fn add_cone(&mut self, v: Var) {
        let epoch = self.epoch;
        let Domain {
            stamp,
            span,
            deps,
            cone,
            ..
        } = self;
        if stamp[v.idx()] >= epoch {
            return;
        }
        // Breadth-first, with the cone list itself as the queue: a variable is stamped when
        // it is queued, so it is queued once.
        stamp[v.idx()] = epoch;
        let mut next = cone.len();
        cone.push(v);
        while next < cone.len() {
            let x = cone[next];
            next += 1;
            let (s, n) = span[x.idx()];
            for &d in &deps[s as usize..(s + n) as usize] {
                if stamp[d.idx()] < epoch {
                    stamp[d.idx()] = epoch;
                    cone.push(d);
                }
            }
        }
    }
}
