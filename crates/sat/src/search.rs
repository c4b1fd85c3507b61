//! The CDCL loop of one query: propagate; on a conflict learn and backjump; otherwise assign
//! the next assumption (one decision level each, the activation literal first) or decide.

use pdrkit_logic::SatResult;

use crate::assign::UNDEF;
use crate::clause::{CRef, LEARNT, NO_REASON, TEMPORARY};
use crate::decide::Partial;
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
        // Slices borrowed once, so that the loop does not reload the vectors after each store
        // (the end of a query undoes thousands of assignments this way).
        let vals = &mut assign.vals[..];
        let undone = &assign.trail[start..];
        {
            let phase = &mut order.phase[..];
            for &l in undone.iter().rev() {
                vals[l.code() as usize] = UNDEF;
                vals[(!l).code() as usize] = UNDEF;
                phase[l.var().idx()] = !l.is_neg();
            }
        }
        if order.ready {
            for &l in undone.iter().rev() {
                order.insert(l.var());
            }
        }
        assign.trail.truncate(start);
        assign.qhead = start;
        assign.lim.truncate(level);
    }

    /// Builds the decision queue of a query: the domain's unassigned *leaves* (variables
    /// without a definition: inputs, latches). Once they are all assigned, propagation has
    /// assigned nearly every defined variable through its definition, so queueing those too
    /// would mostly cost a push and a pop each for nothing; the few it may leave (definitions
    /// that do not propagate) are queued by [`complete_order`](Self::complete_order). The
    /// permanent list sheds the variables fixed at level 0 on the way, and the number of
    /// domain variables not fixed at level 0 is counted, so that a full assignment is
    /// recognized without a scan.
    fn prepare_order(&mut self) {
        let Cdcl {
            assign,
            domain,
            order,
            ..
        } = self;
        let vals = &assign.vals;
        let info = &assign.info;
        let ground = assign
            .lim
            .first()
            .map_or(assign.trail.len(), |&s| s as usize);
        domain.shed_fixed(ground, |v| {
            vals[v.lit().code() as usize] != UNDEF && info[v.idx()].level == 0
        });
        order.reset();
        let mut fixed = 0;
        for &v in &domain.permanent_leaves {
            // A variable defined after it joined the permanent domain is no leaf any more.
            if vals[v.lit().code() as usize] == UNDEF && domain.is_leaf(v) {
                order.insert(v);
            }
        }
        for &v in &domain.cone {
            if vals[v.lit().code() as usize] != UNDEF {
                fixed += usize::from(info[v.idx()].level == 0);
            } else if domain.is_leaf(v) {
                order.insert(v);
            }
        }
        order.partial = Some(Partial {
            unfixed: domain.permanent.len() + domain.cone.len() - fixed,
            ground,
        });
    }

    /// The queue of leaves ran empty: queues the domain variables still unassigned, if any
    /// (false when there is none: the assignment is complete). When no level-0 fact appeared
    /// since the queue was built, the trail above level 0 holds exactly the assigned domain
    /// variables (nothing outside the domain is assigned there), so a count decides it.
    fn complete_order(&mut self) -> bool {
        let Some(p) = self.order.partial.take() else {
            return false;
        };
        let Cdcl {
            assign,
            domain,
            order,
            ..
        } = self;
        let ground = assign
            .lim
            .first()
            .map_or(assign.trail.len(), |&s| s as usize);
        if ground == p.ground && assign.trail.len() - ground == p.unfixed {
            return false;
        }
        let vals = &assign.vals;
        let mut any = false;
        for &v in domain.permanent.iter().chain(&domain.cone) {
            if vals[v.lit().code() as usize] == UNDEF {
                order.insert(v);
                any = true;
            }
        }
        any
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
                if self.assign.decision_level() <= self.assumptions.len()
                    && self.assumptions.len() >= self.shortcut_assumptions
                {
                    // Only assumption levels, and very many of them (a lifting query: a whole
                    // state and its inputs): unsatisfiable under the assumptions. Learning
                    // would cost an analysis of a clause of hundreds of literals and a second
                    // propagation of the assumptions to reach the same answer. With few
                    // assumptions it pays: the learnt clause often leads to a smaller set of
                    // failed assumptions, which IC3 generalizes from.
                    self.analyze_final_conflict(confl);
                    return Outcome::Unsat;
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
            let Some(v) = self.order.pop() else {
                if self.complete_order() {
                    continue;
                }
                return None;
            };
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
