//! Unit propagation over the watch lists, restricted to the query's domain above level 0.
//!
//! Above level 0 a clause with a literal outside the domain is left alone: it is not wholly
//! inside the domain, so the query need not satisfy it (see [`crate::domain`]). The test is
//! made only where it is cheap: on the blocker and the other watch, before the clause is read;
//! a clause whose search for a new watch lands on an unassigned literal outside the domain
//! simply watches it. Nothing outside the domain is ever assigned above level 0.
//!
//! Level 0 propagates everything, so that the facts it holds are closed under every clause
//! (the watch invariant that later queries rely on), with one exception: the negation of the
//! activation literal is never assigned there. A temporary clause that becomes unit on it at
//! level 0 means the temporary clauses contradict the permanent ones; the query records that
//! (and answers UNSAT) instead, so that no level-0 fact depends on a temporary clause.

use pdrkit_logic::Lit;

use crate::assign::{ACT, FALSE, TRUE};
use crate::clause::CRef;
use crate::solver::Cdcl;
use crate::watch::{Watch, BINARY};

/// The slices an assignment writes, borrowed once per propagation call.
struct Writer<'a> {
    vals: &'a mut [i8],
    level: &'a mut [u32],
    reason: &'a mut [CRef],
    trail: &'a mut Vec<Lit>,
    depth: u32,
}

impl Writer<'_> {
    #[inline(always)]
    fn val(&self, l: Lit) -> i8 {
        self.vals[l.code() as usize]
    }

    #[inline(always)]
    fn assign(&mut self, l: Lit, c: CRef) {
        self.vals[l.code() as usize] = TRUE;
        self.vals[(!l).code() as usize] = FALSE;
        self.level[l.var().idx()] = self.depth;
        self.reason[l.var().idx()] = c;
        self.trail.push(l);
    }
}

impl Cdcl {
    /// Propagates every unpropagated trail literal; returns a falsified clause, if any.
    pub(crate) fn propagate(&mut self) -> Option<CRef> {
        let Cdcl {
            assign,
            db,
            watches,
            domain,
            temp,
            stats,
            ..
        } = self;
        let ground = assign.lim.is_empty();
        let floor = if ground { 0 } else { domain.epoch };
        let stamp = &domain.stamp[..];
        let lists = &mut watches.lists[..];
        let mut head = assign.qhead;
        let mut a = Writer {
            depth: assign.lim.len() as u32,
            vals: &mut assign.vals[..],
            level: &mut assign.level[..],
            reason: &mut assign.reason[..],
            trail: &mut assign.trail,
        };
        let mut conflict = None;
        while head < a.trail.len() {
            let p = a.trail[head];
            head += 1;
            stats.propagations += 1;
            let false_lit = !p;
            // Taken out of the table (no copy) so that clauses can move to other lists.
            let mut ws = std::mem::take(&mut lists[p.code() as usize]);
            let n = ws.len();
            let (mut i, mut j) = (0, 0);
            'next: while i < n {
                let w = ws[i];
                i += 1;
                let bv = a.val(w.blocker);
                if bv == TRUE || stamp[w.blocker.var().idx()] < floor {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                if w.cref & BINARY != 0 {
                    ws[j] = w;
                    j += 1;
                    if bv == FALSE {
                        conflict = Some(w.cref & !BINARY);
                        break;
                    }
                    if ground && w.blocker.var() == ACT {
                        temp.refuted = true;
                        continue;
                    }
                    a.assign(w.blocker, w.cref & !BINARY);
                    continue;
                }
                let c = w.cref;
                let lits = db.lits_mut(c);
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                let kept = Watch {
                    blocker: first,
                    cref: c,
                };
                if first != w.blocker {
                    let fv = a.val(first);
                    if fv == TRUE || stamp[first.var().idx()] < floor {
                        ws[j] = kept;
                        j += 1;
                        continue;
                    }
                }
                for k in 2..lits.len() {
                    let q = lits[k];
                    if a.val(q) != FALSE {
                        lits[1] = q;
                        lits[k] = false_lit;
                        lists[(!q).code() as usize].push(kept);
                        continue 'next;
                    }
                }
                ws[j] = kept;
                j += 1;
                if a.val(first) == FALSE {
                    conflict = Some(c);
                    break;
                }
                if ground && first.var() == ACT {
                    temp.refuted = true;
                    continue;
                }
                a.assign(first, c);
            }
            while i < n {
                ws[j] = ws[i];
                i += 1;
                j += 1;
            }
            ws.truncate(j);
            lists[p.code() as usize] = ws;
            if conflict.is_some() {
                head = a.trail.len();
                break;
            }
        }
        assign.qhead = head;
        conflict
    }
}
