//! The assignment: the value of every literal, each variable's decision level and reason, and
//! the trail (assigned literals in order, cut into decision levels).
//!
//! Variables here are the solver's *internal* ones (see [`crate::solver`]): a user variable `v`
//! is internal variable `v + 1`, internal variable 0 being the activation variable of the
//! temporary clauses.

use pdrkit_logic::{Lit, Var};

use crate::clause::{CRef, NO_REASON};

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

/// A variable's decision level and the clause that implied it ([`NO_REASON`] for a decision,
/// an assumption or a unit; never read at level 0, where reasons of deleted clauses may
/// linger).
#[derive(Clone, Copy, Debug)]
pub(crate) struct VarInfo {
    pub level: u32,
    pub reason: CRef,
}

#[derive(Debug, Default)]
pub(crate) struct Assignment {
    /// By literal code, so that a literal's value is one load (no sign arithmetic).
    pub vals: Vec<i8>,
    /// By variable: the decision level and reason of its assignment (stale when unassigned),
    /// side by side, since an assignment writes both and conflict analysis reads both.
    pub info: Vec<VarInfo>,
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
        self.info.len()
    }

    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if n > self.info.len() {
            self.vals.resize(2 * n, UNDEF);
            self.info.resize(
                n,
                VarInfo {
                    level: 0,
                    reason: NO_REASON,
                },
            );
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
        self.info[v] = VarInfo {
            level: self.lim.len() as u32,
            reason,
        };
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
