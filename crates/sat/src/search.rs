//! The CDCL loop of one query: propagate; on a conflict learn and backjump; otherwise assign
//! the next assumption (one decision level each, the activation literal first) or decide.

use pdrkit_logic::SatResult;

use crate::assign::UNDEF;
use crate::clause::{CRef, LEARNT, NO_REASON, TEMPORARY};
use crate::solver::Cdcl;

/// How a query ended.
pub(crate) enum Outcome {
    Sat,
    /// Unsatisfiable under these assumptions; failed assumptions are marked.
    Unsat,
    /// Unsatisfiable whatever the assumptions (with the query's temporary clauses).
    UnsatWithout,
    /// Budget spent or interrupted.
    Unknown,
}

impl Outcome {
    pub(crate) fn result(&self) -> SatResult {
        match self {
            Outcome::Sat => SatResult::Sat,
            Outcome::Unsat | Outcome::UnsatWithout => SatResult::Unsat,
            Outcome::Unknown => SatResult::Unknown,
        }
    }
}

impl Cdcl {
    /// Undoes every level above `level`, saving phases; unassigned variables go back into the
    /// decision heap once it is built for this query.
    pub(crate) fn backtrack(&mut self, level: usize) {
        if self.assign.decision_level() <= level {
            return;
        }
        let start = self.assign.lim[level] as usize;
        let Cdcl { assign, order, .. } = self;
        for i in (start..assign.trail.len()).rev() {
            let l = assign.trail[i];
            let v = l.var();
            assign.vals[l.code() as usize] = UNDEF;
            assign.vals[(!l).code() as usize] = UNDEF;
            order.phase[v.idx()] = !l.is_neg();
            if order.ready {
                order.insert(v);
            }
        }
        assign.trail.truncate(start);
        assign.qhead = start;
        assign.lim.truncate(level);
    }

    /// Builds the decision heap from the domain's unassigned variables; the permanent list
    /// sheds the variables fixed at level 0 on the way.
    fn prepare_order(&mut self) {
        let Cdcl {
            assign,
            domain,
            order,
            ..
        } = self;
        let vals = &assign.vals;
        let level = &assign.level;
        domain
            .permanent
            .retain(|v| vals[v.lit().code() as usize] == UNDEF || level[v.idx()] > 0);
        let free = |v: &&pdrkit_logic::Var| vals[v.lit().code() as usize] == UNDEF;
        order.rebuild(
            domain
                .permanent
                .iter()
                .filter(free)
                .chain(domain.cone.iter().filter(free))
                .copied(),
        );
    }

    /// Runs the query set up by `solve` (assumptions in `self.assumptions`, domain computed)
    /// with an optional conflict limit.
    pub(crate) fn search(&mut self, limit: Option<u64>) -> Outcome {
        self.restarts.begin_query();
        let mut conflicts = 0u64;
        loop {
            if let Some(confl) = self.propagate() {
                conflicts += 1;
                self.stats.conflicts += 1;
                if self.assign.decision_level() == 0 {
                    // Level 0 holds no temporary consequence: the permanent clauses are
                    // unsatisfiable.
                    self.ok = false;
                    return Outcome::UnsatWithout;
                }
                let back = self.analyze(confl);
                if self.analysis.learnt.len() == 1 && self.analysis.temporary {
                    // Learnt "not the activation literal": the temporary clauses contradict
                    // the permanent ones.
                    return Outcome::UnsatWithout;
                }
                self.backtrack(back);
                self.learn();
                self.order.decay();
                self.db.decay();
                if limit.is_some_and(|l| conflicts >= l) || self.interrupted() {
                    return Outcome::Unknown;
                }
                if self.restarts.conflict() {
                    self.stats.restarts += 1;
                    // A query this long deserves the exact order.
                    self.order.make_exact();
                    let keep = self.assumptions.len().min(self.assign.decision_level());
                    self.backtrack(keep);
                    self.reduce_if_due();
                }
                continue;
            }
            if self.temp.refuted {
                return Outcome::UnsatWithout;
            }
            let mut next = None;
            while self.assign.decision_level() < self.assumptions.len() {
                let a = self.assumptions[self.assign.decision_level()];
                match self.assign.val(a) {
                    crate::assign::TRUE => self.assign.new_level(),
                    crate::assign::FALSE => {
                        self.analyze_final(a);
                        return Outcome::Unsat;
                    }
                    _ => {
                        next = Some(a);
                        break;
                    }
                }
            }
            let next = match next {
                Some(a) => a,
                None => {
                    if !self.order.ready {
                        self.prepare_order();
                    }
                    match self.pick() {
                        Some(l) => {
                            self.stats.decisions += 1;
                            // Conflicts check for interrupts too; this is for a huge query
                            // that propagates for long without one.
                            if self.stats.decisions.is_multiple_of(4096) && self.interrupted() {
                                return Outcome::Unknown;
                            }
                            l
                        }
                        None => return Outcome::Sat,
                    }
                }
            };
            self.assign.new_level();
            self.assign.assign(next, NO_REASON);
        }
    }

    /// The decision: the most active unassigned variable, in its saved phase.
    fn pick(&mut self) -> Option<pdrkit_logic::Lit> {
        loop {
            let v = self.order.pop()?;
            if self.assign.vals[v.lit().code() as usize] == UNDEF {
                return Some(v.lit_with(!self.order.phase[v.idx()]));
            }
        }
    }

    /// Stores the clause just learnt and asserts its first literal.
    fn learn(&mut self) {
        let an = &self.analysis;
        let first = an.learnt[0];
        if an.learnt.len() == 1 {
            self.assign.assign(first, NO_REASON);
            return;
        }
        let flags = if an.temporary {
            LEARNT | TEMPORARY
        } else {
            LEARNT
        };
        let c: CRef = self.db.alloc(&an.learnt, flags, an.lbd);
        self.watches.attach(c, &an.learnt);
        if an.temporary {
            self.temp.learnts.push(c);
        } else {
            self.db.learnts.push(c);
        }
        self.db.bump(c);
        self.assign.assign(first, c);
        self.stats.learnt += 1;
    }
}
