//! Conflict analysis: the first-UIP learnt clause, shrunk by recursive minimization (a literal
//! goes when the clause's other literals imply it through reasons), with its LBD and the
//! level to backjump to.

use pdrkit_logic::{Lit, Var};

use crate::assign::{Assignment, ACT};
use crate::clause::{CRef, ClauseDb, NO_REASON};
use crate::solver::Cdcl;

/// In the learnt clause (or resolved away at the conflict level).
pub(crate) const SEEN: u8 = 1;
/// Implied by literals of the learnt clause: may be left out.
const REMOVABLE: u8 = 2;
/// Known not to be implied by the learnt clause.
const POISON: u8 = 3;

/// Buffers of conflict analysis, reused by every conflict.
#[derive(Debug, Default)]
pub(crate) struct Analysis {
    /// By variable: [`SEEN`], [`REMOVABLE`], [`POISON`] or 0; all 0 between analyses.
    pub seen: Vec<u8>,
    /// The last learnt clause: the asserting literal first, then one of the backjump level.
    pub learnt: Vec<Lit>,
    /// Its number of distinct decision levels.
    pub lbd: u32,
    /// Whether it contains the activation literal (it depends on temporary clauses).
    pub temporary: bool,
    to_clear: Vec<Var>,
    stack: Vec<(Var, u32)>,
    /// By decision level: stamp of the last LBD count that met it.
    level_mark: Vec<u32>,
    level_stamp: u32,
}

impl Analysis {
    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if n > self.seen.len() {
            self.seen.resize(n, 0);
        }
    }
}

impl Cdcl {
    /// Analyzes a conflict above level 0. Leaves the learnt clause in `self.analysis` and
    /// returns the level to backjump to.
    pub(crate) fn analyze(&mut self, mut confl: CRef) -> usize {
        let Cdcl {
            assign,
            db,
            order,
            analysis: an,
            ..
        } = self;
        an.learnt.clear();
        an.learnt.push(Lit::FALSE); // the asserting literal's place
        let level = assign.decision_level() as u32;
        let mut open = 0u32; // literals of the conflict level still to resolve
        let mut idx = assign.trail.len();
        // Every clause but the conflict is the reason of the literal resolved on, which it
        // holds positively: skipped by variable (binary reasons keep their literal order).
        let mut pivot = Var(u32::MAX);
        loop {
            // Temporary learnt clauses die with the query: their activity does not matter
            // (and is not rescaled with the others).
            if db.is_learnt(confl) && !db.is_temporary(confl) {
                db.bump(confl);
            }
            for &q in db.lits(confl) {
                let v = q.var();
                if v == pivot {
                    continue;
                }
                let lv = assign.info[v.idx()].level;
                if an.seen[v.idx()] == 0 && lv > 0 {
                    an.seen[v.idx()] = SEEN;
                    an.to_clear.push(v);
                    order.bump(v);
                    if lv >= level {
                        open += 1;
                    } else {
                        an.learnt.push(q);
                    }
                }
            }
            let p = loop {
                idx -= 1;
                let p = assign.trail[idx];
                if an.seen[p.var().idx()] != 0 {
                    break p;
                }
            };
            an.seen[p.var().idx()] = 0;
            pivot = p.var();
            open -= 1;
            if open == 0 {
                an.learnt[0] = !p;
                break;
            }
            confl = assign.info[p.var().idx()].reason;
        }

        // Minimize: a literal whose reasons lead back into the clause (or to level 0) goes.
        // Its level must be one of the clause's, which the abstraction checks cheaply.
        let mut levels = 0u32;
        for &q in &an.learnt[1..] {
            levels |= 1 << (assign.info[q.var().idx()].level & 31);
        }
        let mut keep = 1;
        for i in 1..an.learnt.len() {
            let q = an.learnt[i];
            if assign.info[q.var().idx()].reason == NO_REASON
                || !redundant(an, assign, db, q.var(), levels)
            {
                an.learnt[keep] = q;
                keep += 1;
            }
        }
        an.learnt.truncate(keep);

        // The second watch must be a literal of the backjump level, so that the clause watches
        // the last two literals to become false.
        let back = if an.learnt.len() == 1 {
            0
        } else {
            let mut m = 1;
            for i in 2..an.learnt.len() {
                if assign.info[an.learnt[i].var().idx()].level
                    > assign.info[an.learnt[m].var().idx()].level
                {
                    m = i;
                }
            }
            an.learnt.swap(1, m);
            assign.info[an.learnt[1].var().idx()].level as usize
        };

        if an.level_mark.len() <= level as usize {
            an.level_mark.resize(level as usize + 1, 0);
        }
        an.level_stamp = an.level_stamp.wrapping_add(1);
        if an.level_stamp == 0 {
            an.level_mark.fill(0);
            an.level_stamp = 1;
        }
        let mut lbd = 0;
        let mut temporary = false;
        for &q in &an.learnt {
            let lv = assign.info[q.var().idx()].level as usize;
            if an.level_mark[lv] != an.level_stamp {
                an.level_mark[lv] = an.level_stamp;
                lbd += 1;
            }
            temporary |= q.var() == ACT;
        }
        an.lbd = lbd;
        an.temporary = temporary;

        for &v in &an.to_clear {
            an.seen[v.idx()] = 0;
        }
        an.to_clear.clear();
        back
    }
}

/// Whether `root` (a literal of the learnt clause, with a reason) is implied by the clause's
/// other literals: a depth-first walk over reasons, memoized in `seen` across the clause.
fn redundant(
    an: &mut Analysis,
    assign: &Assignment,
    db: &ClauseDb,
    root: Var,
    levels: u32,
) -> bool {
    an.stack.clear();
    an.stack.push((root, 0));
    while let Some(top) = an.stack.last_mut() {
        let (x, i) = *top;
        let lits = db.lits(assign.info[x.idx()].reason);
        if (i as usize) < lits.len() {
            top.1 += 1;
            let u = lits[i as usize].var();
            if u == x {
                continue;
            }
            let lv = assign.info[u.idx()].level;
            let s = an.seen[u.idx()];
            if lv == 0 || s == SEEN || s == REMOVABLE {
                continue;
            }
            if s == POISON
                || assign.info[u.idx()].reason == NO_REASON
                || (1 << (lv & 31)) & levels == 0
            {
                // Everything on the path from the root depends on `u`: none of it is implied.
                for &(y, _) in &an.stack[1..] {
                    if an.seen[y.idx()] == 0 {
                        an.seen[y.idx()] = POISON;
                        an.to_clear.push(y);
                    }
                }
                return false;
            }
            an.stack.push((u, 0));
        } else {
            an.stack.pop();
            if x != root && an.seen[x.idx()] == 0 {
                an.seen[x.idx()] = REMOVABLE;
                an.to_clear.push(x);
            }
        }
    }
    true
}
