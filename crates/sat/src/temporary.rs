//! Temporary clauses: clauses that hold for the next query only.
//!
//! Every temporary clause carries the negation of one reserved activation variable (internal
//! variable 0), which the query assumes first. A clause learnt from a temporary clause contains
//! that negation too: the activation literal is an assumption, never resolved away and never
//! fixed at level 0 (see [`crate::propagate`]). So when the query ends, deleting the temporary
//! clauses and the learnt clauses that contain the activation variable removes exactly what
//! depended on them; everything else the query learnt is valid without them and stays. No
//! variable is spent per query, and nothing piles up.

use pdrkit_logic::{Lit, Var};

use crate::assign::{inner, ACT};
use crate::clause::{CRef, TEMPORARY};
use crate::solver::Cdcl;

#[derive(Debug, Default)]
pub(crate) struct Temporaries {
    /// The temporary clauses stored for the next (or current) query.
    pub clauses: Vec<CRef>,
    /// Clauses the current query learnt from them.
    pub learnts: Vec<CRef>,
    /// The variables of the temporary clauses: their cones join the query's domain.
    pub roots: Vec<Var>,
    /// Whether the next query has temporary clauses (and assumes the activation literal).
    pub active: bool,
    /// Whether the temporary clauses are known to contradict the permanent ones (the query is
    /// UNSAT whatever its assumptions).
    pub refuted: bool,
}

impl Cdcl {
    /// Stores a temporary clause (of user literals) for the next query. At level 0, between
    /// queries; the variables exist.
    pub(crate) fn attach_temporary(&mut self, lits: &[Lit]) {
        self.temp.active = true;
        self.temp.roots.extend(lits.iter().map(|&l| inner(l).var()));
        if !self.ok || !self.load_clause(lits) {
            return;
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.push(!ACT.lit());
        if buf.len() == 1 {
            // Every literal is false at level 0.
            self.temp.refuted = true;
        } else {
            // The activation literal goes last: a clause of two literals or more proper
            // watches two of them, so that assuming the activation literal visits nothing.
            let c = self.db.alloc(&buf, TEMPORARY, 0);
            self.watches.attach(c, &buf);
            self.temp.clauses.push(c);
        }
        self.buf = buf;
    }

    /// Deletes the temporary clauses and what was learnt from them. At level 0.
    pub(crate) fn drop_temporaries(&mut self) {
        debug_assert_eq!(self.assign.decision_level(), 0);
        let Cdcl {
            db, watches, temp, ..
        } = self;
        for &c in temp.clauses.iter().chain(&temp.learnts) {
            if !db.is_deleted(c) {
                watches.detach(c, db.lits(c));
                db.delete(c);
            }
        }
        temp.clauses.clear();
        temp.learnts.clear();
        temp.roots.clear();
        temp.active = false;
        temp.refuted = false;
    }
}
