//! Keeping the learnt clauses few: reduction (drop the worse half by LBD, then activity; glue
//! clauses of LBD 2 and binary ones stay) and compaction of the arena once half of it is
//! garbage. Both run only at a query's start or at a restart, never in the middle of the
//! propagation of a short query.

use crate::assign::TRUE;
use crate::clause::{forwarded, CRef, NO_REASON};
use crate::solver::Cdcl;

#[derive(Debug)]
pub(crate) struct Reduction {
    /// Reduce once this many learnt clauses are stored.
    limit: usize,
    /// Compact once this many words are garbage (and half the arena).
    waste: usize,
}

impl Reduction {
    pub fn new(first: usize, waste: usize) -> Self {
        Reduction {
            limit: first.max(1),
            waste,
        }
    }
}

impl Cdcl {
    /// Reduces the learnt clauses if there are too many, and compacts if that pays.
    pub(crate) fn reduce_if_due(&mut self) {
        let limit = self.reduction.limit;
        if self.db.learnts.len() >= limit {
            self.reduce();
            self.reduction.limit = limit + limit / 10;
        }
        if self.db.wants_compaction(self.reduction.waste) {
            self.collect_garbage();
        }
    }

    /// Whether learnt clause `c` is the reason of an assignment (it must stay).
    fn locked(&self, c: CRef) -> bool {
        let l = self.db.lits(c)[0];
        let v = l.var().idx();
        self.assign.val(l) == TRUE
            && self.assign.info[v].reason == c
            && self.assign.info[v].level > 0
    }

    fn reduce(&mut self) {
        self.stats.reductions += 1;
        let mut learnts = std::mem::take(&mut self.db.learnts);
        let db = &self.db;
        learnts.retain(|&c| !db.is_deleted(c));
        // Best first: fewer levels, then more recent conflicts.
        learnts.sort_unstable_by(|&a, &b| {
            db.lbd(a).cmp(&db.lbd(b)).then(
                db.activity(b)
                    .partial_cmp(&db.activity(a))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        let half = learnts.len() / 2;
        let mut kept = 0;
        for i in 0..learnts.len() {
            let c = learnts[i];
            if i < half || self.db.lbd(c) <= 2 || self.db.len(c) == 2 || self.locked(c) {
                learnts[kept] = c;
                kept += 1;
            } else {
                self.watches.forget(self.db.lits(c));
                self.db.delete(c);
            }
        }
        learnts.truncate(kept);
        self.db.learnts = learnts;
        self.watches.clean(&self.db);
    }

    /// Compacts the arena and moves every clause reference along.
    pub(crate) fn collect_garbage(&mut self) {
        self.stats.compactions += 1;
        let old = self.db.compact();
        let Cdcl { assign, temp, .. } = self;
        for &l in &assign.trail {
            let v = l.var().idx();
            let r = assign.info[v].reason;
            if r != NO_REASON {
                // Reasons at level 0 are never read: drop them rather than chase them.
                assign.info[v].reason = if assign.info[v].level > 0 {
                    forwarded(&old, r).expect("reasons above level 0 are never deleted")
                } else {
                    NO_REASON
                };
            }
        }
        for list in [&mut temp.clauses, &mut temp.learnts] {
            list.retain_mut(|c| match forwarded(&old, *c) {
                Some(to) => {
                    *c = to;
                    true
                }
                None => false,
            });
        }
        self.lemmas.remap(|c| forwarded(&old, c));
        drop(old);
        self.watches.rebuild(&self.db);
        self.occurrences.invalidate();
    }
}
