//! Dropping values from a model (`flip_to_none`): a variable's value can go when every
//! irredundant clause of the domain that it satisfies is satisfied by another literal too. The
//! partial assignment left satisfies every clause wholly inside the domain and the query's
//! assumptions (their values are never dropped: no clause holds them), so all its completions
//! are models (and, extended outside the domain, models of everything): IC3 uses that to
//! generalize a predecessor without a SAT call.
//!
//! That needs every clause containing a literal, not just those watching it (a clause may be
//! satisfied by a literal it does not watch), so the definition clauses get occurrence lists,
//! built on the first use only: solvers that never flip never pay for them. The permanent
//! clauses (lemmas) have theirs already, kept for subsumption. Learnt clauses need no check
//! (every model satisfies them); the query's temporary clauses are few and checked one by one.
//!
//! Only the definitions would be needed for a predecessor to reach the same successor, and
//! checking the lemmas is most of the cost on large designs (`rast-p00`). But IC3 lifting on
//! the definitions alone (which drops latches only lemmas pin, so that cubes leave the frame)
//! solved 126 files of the shared set against 131 without pruning, and 129 with pruning on
//! every clause (docs/bench/2026-12-07-flip-definitions-20s): the lemmas' latches are worth
//! keeping.

use pdrkit_logic::{Lit, Var};

use crate::assign::{TRUE, UNDEF};
use crate::clause::CRef;
use crate::solver::Cdcl;

#[derive(Debug, Default)]
pub(crate) struct Occurrences {
    /// By internal literal code: the definition clauses containing it.
    lists: Vec<Vec<CRef>>,
    built: bool,
    /// By internal variable: whether the query numbered `assumed_in` assumes it. An
    /// assumption's value stays even when no checked clause holds it: one implied before its
    /// turn came (by a learnt clause, say) is no decision at an assumption's level.
    assumed: Vec<bool>,
    assumed_vars: Vec<Var>,
    assumed_in: u64,
}

impl Occurrences {
    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if self.built && 2 * n > self.lists.len() {
            self.lists.resize_with(2 * n, Vec::new);
        }
    }

    /// Records a new definition clause (once the lists exist).
    pub fn add(&mut self, c: CRef, lits: &[Lit]) {
        if self.built {
            for &l in lits {
                self.lists[l.code() as usize].push(c);
            }
        }
    }

    /// Forgets the lists (the clauses moved); the next use rebuilds them.
    pub fn invalidate(&mut self) {
        self.lists = Vec::new();
        self.built = false;
    }
}

impl Cdcl {
    fn build_occurrences(&mut self) {
        let n = self.assign.num_vars();
        let Cdcl {
            db, occurrences, ..
        } = self;
        occurrences.lists.resize_with(2 * n, Vec::new);
        for c in db.live() {
            if !db.is_learnt(c) && !db.is_temporary(c) && !db.is_lemma(c) {
                for &l in db.lits(c) {
                    occurrences.lists[l.code() as usize].push(c);
                }
            }
        }
        occurrences.built = true;
    }

    /// Marks the variables of the last query's assumptions (and unmarks the query's before).
    fn mark_assumptions(&mut self) {
        let occ = &mut self.occurrences;
        for v in occ.assumed_vars.drain(..) {
            occ.assumed[v.idx()] = false;
        }
        occ.assumed.resize(self.assign.num_vars(), false);
        for &a in &self.assumptions {
            occ.assumed[a.var().idx()] = true;
            occ.assumed_vars.push(a.var());
        }
        occ.assumed_in = self.stats.queries;
    }

    /// Whether clause `c`, satisfied by `l`, stays satisfied without it (or does not matter:
    /// a literal outside the domain).
    fn satisfied_without(&self, c: CRef, l: Lit) -> bool {
        self.db
            .lits(c)
            .iter()
            .any(|&q| (q != l && self.assign.val(q) == TRUE) || !self.domain.contains(q.var()))
    }

    /// Unassigns internal variable `v` of the last model if no clause needs it (see the
    /// module's documentation). Level-0 facts stay.
    pub(crate) fn flip(&mut self, v: Var) -> bool {
        if !self.domain.contains(v) {
            return true;
        }
        let l = match self.assign.val(v.lit()) {
            TRUE => v.lit(),
            UNDEF => return true,
            _ => !v.lit(),
        };
        if self.assign.info[v.idx()].level == 0 {
            return false;
        }
        if self.occurrences.assumed_in != self.stats.queries {
            self.mark_assumptions();
        }
        if self.occurrences.assumed[v.idx()] {
            return false;
        }
        if !self.occurrences.built {
            self.build_occurrences();
        }
        let occ = &self.occurrences.lists[l.code() as usize];
        if !occ.iter().all(|&c| self.satisfied_without(c, l)) {
            return false;
        }
        if !self
            .lemmas
            .containing(l)
            .all(|c| self.satisfied_without(c, l))
        {
            return false;
        }
        let temps = &self.temp.clauses;
        if !temps
            .iter()
            .all(|&c| !self.db.lits(c).contains(&l) || self.satisfied_without(c, l))
        {
            return false;
        }
        self.assign.unassign(v);
        true
    }
}
