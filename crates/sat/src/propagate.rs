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

use crate::assign::{VarInfo, ACT, FALSE, TRUE};
use crate::clause::CRef;
use crate::solver::Cdcl;
use crate::watch::{Watch, BINARY};

/// The slices an assignment writes, borrowed once per propagation call.
struct Writer<'a> {
    vals: &'a mut [i8],
    info: &'a mut [VarInfo],
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
        self.info[l.var().idx()] = VarInfo {
            level: self.depth,
            reason: c,
        };
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
            info: &mut assign.info[..],
            trail: &mut assign.trail,
        };
        let mut conflict = None;
        let mut processed = 0u64;
        while head < a.trail.len() {
            let p = a.trail[head];
            head += 1;
            processed += 1;
            let false_lit = !p;
            // Taken out of the table (no copy) so that clauses can move to other lists. A
            // watch that moves is replaced by the list's last one (the order of a watch list
            // does not matter), so that the watches that stay are never copied.
            let mut ws = std::mem::take(&mut lists[p.code() as usize]);
            let mut n = ws.len();
            let mut i = 0;
            'next: while i < n {
                let w = ws[i];
                let bv = a.val(w.blocker);
                if bv == TRUE || stamp[w.blocker.var().idx()] < floor {
                    i += 1;
                    continue;
                }
                if w.cref & BINARY != 0 {
                    i += 1;
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
                if first != w.blocker {
                    let fv = a.val(first);
                    if fv == TRUE || stamp[first.var().idx()] < floor {
                        ws[i].blocker = first;
                        i += 1;
                        continue;
                    }
                }
                for k in 2..lits.len() {
                    let q = lits[k];
                    if a.val(q) != FALSE {
                        lits[1] = q;
                        lits[k] = false_lit;
                        lists[(!q).code() as usize].push(Watch {
                            blocker: first,
                            cref: c,
                        });
                        n -= 1;
                        ws[i] = ws[n];
                        continue 'next;
                    }
                }
                ws[i].blocker = first;
                i += 1;
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
            ws.truncate(n);
            lists[p.code() as usize] = ws;
            if conflict.is_some() {
                head = a.trail.len();
                break;
            }
        }
        stats.propagations += processed;
        assign.qhead = head;
        conflict
    }
}
