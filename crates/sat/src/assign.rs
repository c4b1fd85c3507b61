//! The assignment: the value of every literal, each variable's decision level and reason, and
//! the trail (assigned literals in order, cut into decision levels).
//!
//! Variables here are the solver's *internal* ones (see [`crate::solver`]): a user variable `v`
//! is internal variable `v + 1`, internal variable 0 being the activation variable of the
//! temporary clauses.

use pdrkit_logic::{Lit, Var};

use crate::clause::CRef;

/// A literal's value: true.
pub(crate) const TRUE: i8 = 1;
/// A literal's value: false.
pub(crate) const FALSE: i8 = -1;
/// A literal's value: unassigned.
pub(crate) const UNDEF: i8 = 0;

/// The solver's own variable for temporary clauses (internal variable 0).
pub(crate) const ACT: Var = Var(0);

/// The internal literal of a user literal: user variables are shifted up by one.
#[inline]
pub(crate) fn inner(l: Lit) -> Lit {
    Lit::from_code(l.code() + 2)
}

#[derive(Debug, Default)]
pub(crate) struct Assignment {
    /// By literal code, so that a literal's value is one load (no sign arithmetic).
    pub vals: Vec<i8>,
    /// By variable: the decision level of its assignment (stale when unassigned).
    pub level: Vec<u32>,
    /// By variable: the clause that implied it (stale when unassigned; never read at level 0,
    /// where reasons of deleted clauses may linger).
    pub reason: Vec<CRef>,
    /// Assigned literals in assignment order.
    pub trail: Vec<Lit>,
    /// Where each decision level starts in the trail.
    pub lim: Vec<u32>,
    /// Trail literals before this index are propagated.
    pub qhead: usize,
}

impl Assignment {
    /// Number of (internal) variables.
    #[inline]
    pub fn num_vars(&self) -> usize {
        self.level.len()
    }

    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if n > self.level.len() {
            self.vals.resize(2 * n, UNDEF);
            self.level.resize(n, 0);
            self.reason.resize(n, crate::clause::NO_REASON);
        }
    }

    #[inline]
    pub fn val(&self, l: Lit) -> i8 {
        self.vals[l.code() as usize]
    }

    #[inline]
    pub fn decision_level(&self) -> usize {
        self.lim.len()
    }

    #[inline]
    pub fn assign(&mut self, l: Lit, reason: CRef) {
        let v = l.var().idx();
        self.vals[l.code() as usize] = TRUE;
        self.vals[(!l).code() as usize] = FALSE;
        self.level[v] = self.lim.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
    }

    #[inline]
    pub fn new_level(&mut self) {
        self.lim.push(self.trail.len() as u32);
    }

    /// Unassigns a variable without touching the trail (see `flip_to_none`): backtracking
    /// clears it again, harmlessly.
    #[inline]
    pub fn unassign(&mut self, v: Var) {
        self.vals[v.lit().code() as usize] = UNDEF;
        self.vals[(!v.lit()).code() as usize] = UNDEF;
    }
}
