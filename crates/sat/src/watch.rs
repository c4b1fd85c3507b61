//! Watch lists: for each literal, the clauses to visit when it becomes true (those watching its
//! negation). Every clause watches its first two literals; a watch carries a *blocker*, a
//! literal of the clause whose truth lets propagation skip the clause without reading it.
//! Binary clauses are marked in the watch itself and propagate from the watch alone (the
//! blocker is the other literal), so they never touch the arena.

use pdrkit_logic::Lit;

use crate::clause::{CRef, ClauseDb};

/// The bit of [`Watch::cref`] that marks a binary clause.
pub(crate) const BINARY: u32 = 1 << 31;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Watch {
    pub blocker: Lit,
    /// The clause, with [`BINARY`] set for clauses of two literals.
    pub cref: u32,
}

#[derive(Debug, Default)]
pub(crate) struct Watches {
    /// By literal code.
    pub lists: Vec<Vec<Watch>>,
    /// Lists that may hold watches of deleted clauses, and their marks (by literal code).
    dirty: Vec<Lit>,
    is_dirty: Vec<bool>,
}

impl Watches {
    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if 2 * n > self.lists.len() {
            self.lists.resize_with(2 * n, Vec::new);
            self.is_dirty.resize(2 * n, false);
        }
    }

    /// Watches the first two literals of clause `c`.
    pub fn attach(&mut self, c: CRef, lits: &[Lit]) {
        let tag = if lits.len() == 2 { BINARY } else { 0 };
        self.lists[(!lits[0]).code() as usize].push(Watch {
            blocker: lits[1],
            cref: c | tag,
        });
        self.lists[(!lits[1]).code() as usize].push(Watch {
            blocker: lits[0],
            cref: c | tag,
        });
    }

    /// Removes the watches of clause `c` (watching `lits[0]` and `lits[1]`) at once, searching
    /// its lists from the end: for the clauses of the last query, attached last.
    pub fn detach(&mut self, c: CRef, lits: &[Lit]) {
        for &l in &lits[..2] {
            let list = &mut self.lists[(!l).code() as usize];
            if let Some(i) = list.iter().rposition(|w| w.cref & !BINARY == c) {
                list.swap_remove(i);
            }
        }
    }

    /// Notes that clause `c` (watching `lits[0]` and `lits[1]`) was deleted: its two lists are
    /// cleaned at the next [`clean`](Self::clean), all at once.
    pub fn forget(&mut self, lits: &[Lit]) {
        for &l in &lits[..2] {
            let i = (!l).code() as usize;
            if !self.is_dirty[i] {
                self.is_dirty[i] = true;
                self.dirty.push(!l);
            }
        }
    }

    /// Drops the watches of deleted clauses from every list [`forget`](Self::forget) touched.
    pub fn clean(&mut self, db: &ClauseDb) {
        for l in self.dirty.drain(..) {
            let i = l.code() as usize;
            self.is_dirty[i] = false;
            self.lists[i].retain(|w| !db.is_deleted(w.cref & !BINARY));
        }
    }

    /// Rebuilds every list from the live clauses (after a compaction moved them all).
    pub fn rebuild(&mut self, db: &ClauseDb) {
        for l in &mut self.lists {
            l.clear();
        }
        for l in self.dirty.drain(..) {
            self.is_dirty[l.code() as usize] = false;
        }
        for c in db.live() {
            self.attach(c, db.lits(c));
        }
    }
}
