//! Failed assumptions: the final conflict of an UNSAT answer, as marks on the assumption
//! literals it used (read in O(1) per literal) and as a list in the order they were passed.

use pdrkit_logic::Lit;

use crate::analyze::SEEN;
use crate::assign::inner;
use crate::clause::{CRef, NO_REASON};
use crate::solver::Cdcl;

#[derive(Debug)]
pub(crate) struct Failed {
    /// The failed user assumptions of the last UNSAT answer, in the order passed.
    pub list: Vec<Lit>,
    /// By internal literal code: the stamp of the answer that found it failed.
    mark: Vec<u32>,
    stamp: u32,
}

impl Default for Failed {
    fn default() -> Self {
        Failed {
            list: Vec::new(),
            mark: Vec::new(),
            stamp: 1,
        }
    }
}

impl Failed {
    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if 2 * n > self.mark.len() {
            self.mark.resize(2 * n, 0);
        }
    }

    /// Forgets the last answer's failed assumptions: one increment.
    pub fn reset(&mut self) {
        self.list.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
    }

    #[inline]
    fn set(&mut self, l: Lit) {
        self.mark[l.code() as usize] = self.stamp;
    }

    /// Lists the marked ones among the user's assumptions, in their order.
    pub fn collect(&mut self, user_assumptions: &[Lit]) {
        for &a in user_assumptions {
            if self.contains(inner(a)) {
                self.list.push(a);
            }
        }
    }

    /// Whether internal literal `l` is a failed assumption of the last answer.
    #[inline]
    pub fn contains(&self, l: Lit) -> bool {
        self.mark
            .get(l.code() as usize)
            .is_some_and(|&s| s == self.stamp)
    }
}

impl Cdcl {
    /// Assumption `p` (internal) is false: marks the assumptions whose propagation made it so,
    /// and `p` itself.
    pub(crate) fn analyze_final(&mut self, p: Lit) {
        self.failed.set(p);
        let v = p.var();
        if self.assign.info[v.idx()].level > 0 {
            self.analysis.seen[v.idx()] = SEEN;
            self.mark_failed();
        }
    }

    /// Clause `confl` is false with assumption levels only, so the query is unsatisfiable
    /// under its assumptions: marks those whose propagation made it false (see
    /// [`Config::shortcut_assumptions`](crate::Config::shortcut_assumptions) for when the
    /// search ends this way rather than by learning).
    pub(crate) fn analyze_final_conflict(&mut self, confl: CRef) {
        let Cdcl {
            assign,
            db,
            analysis: an,
            ..
        } = self;
        for &q in db.lits(confl) {
            let u = q.var();
            if assign.info[u.idx()].level > 0 {
                an.seen[u.idx()] = SEEN;
            }
        }
        self.mark_failed();
    }

    /// Marks the assumptions behind the literals marked `SEEN` (above level 0, when every level
    /// is an assumption level) and clears the marks. Walks the trail back from the end,
    /// following reasons, so each assigned literal is looked at once at most.
    fn mark_failed(&mut self) {
        let Cdcl {
            assign,
            db,
            analysis: an,
            failed,
            ..
        } = self;
        let start = assign.lim[0] as usize;
        for i in (start..assign.trail.len()).rev() {
            let x = assign.trail[i];
            let xv = x.var();
            if an.seen[xv.idx()] == 0 {
                continue;
            }
            an.seen[xv.idx()] = 0;
            let r = assign.info[xv.idx()].reason;
            if r == NO_REASON {
                // Above level 0 and without a reason: an assumption (every level so far is an
                // assumption level).
                failed.set(x);
            } else {
                for &q in db.lits(r) {
                    let u = q.var();
                    if u != xv && assign.info[u.idx()].level > 0 {
                        an.seen[u.idx()] = SEEN;
                    }
                }
            }
        }
    }
}
