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
//! every clause (docs/decisions.md, `--lift-flip`; the run `2026-12-07-flip-definitions-20s` in
//! docs/bench/2026-12-07.md): the lemmas' latches are worth keeping.

use pdrkit_logic::{Lit, Var};

use crate::assign::{TRUE, UNDEF};
use crate::clause::{CRef, NO_REASON};
use crate::solver::Cdcl;

#[derive(Debug, Default)]
pub(crate) struct Occurrences {
    /// By internal literal code: the definition clauses containing it.
    lists: Vec<Vec<CRef>>,
    built: bool,
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
        let info = &self.assign.info[v.idx()];
        if info.level == 0 {
            return false;
        }
        // An assumption decided is a decision at one of the first levels (one level each): no
        // clause holds it, the query does. One implied before its turn is held by a clause
        // checked below: were none to hold it, the values without it would extend to a model
        // of every clause, the learnt one that implied it included.
        if info.reason == NO_REASON && info.level as usize <= self.assumptions.len() {
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
