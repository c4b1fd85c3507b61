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
    /// dropped from it lazily (they are never decided again).
    pub permanent: Vec<Var>,
    /// The variables the current query added to the permanent domain.
    pub cone: Vec<Var>,
    stack: Vec<Var>,
}

impl Default for Domain {
    fn default() -> Self {
        Domain {
            stamp: Vec::new(),
            epoch: 1,
            span: Vec::new(),
            deps: Vec::new(),
            permanent: Vec::new(),
            cone: Vec::new(),
            stack: Vec::new(),
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
            let (s, n) = self.span[x.idx()];
            for i in s..s + n {
                let d = self.deps[i as usize];
                if self.stamp[d.idx()] != PERMANENT {
                    self.stack.push(d);
                }
            }
        }
    }

    /// Starts a new query: only the permanent domain is in.
    pub fn begin_query(&mut self) {
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
        if self.stamp[v.idx()] >= self.epoch {
            return;
        }
        self.stack.push(v);
        while let Some(x) = self.stack.pop() {
            if self.stamp[x.idx()] >= self.epoch {
                continue;
            }
            self.stamp[x.idx()] = self.epoch;
            self.cone.push(x);
            let (s, n) = self.span[x.idx()];
            for i in s..s + n {
                let d = self.deps[i as usize];
                if self.stamp[d.idx()] < self.epoch {
                    self.stack.push(d);
                }
            }
        }
    }
}
