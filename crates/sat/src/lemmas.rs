//! Permanent clauses kept free of repeats and of clauses another one subsumes.
//!
//! IC3 gives a frame solver the same lemma again and again (its engine adds a lemma to every
//! solver up to its level each time it moves it up a frame) and a stronger lemma after the
//! weaker ones it replaces: on recorded runs, a frame solver high in the trace holds three to
//! seven copies of each lemma, and every copy is watched and visited by propagation in every
//! query. So a new permanent clause that a stored one subsumes (or equals) is dropped, and the
//! stored permanent clauses that a new one subsumes are deleted. Both keep the clause set
//! equivalent, so nothing learnt and no level-0 fact is affected.
//!
//! Repeats, the most common case, are found in O(1) by a hash of the sorted clause. The
//! subsumption checks use occurrence lists of the permanent clauses (not of definition or
//! learnt clauses) and a 64-bit signature per clause that rules most candidates out without
//! reading them, so adding a new clause costs about the number of stored clauses sharing a
//! literal with it.
//!
//! To find a stored clause that subsumes a new one, each stored clause is filed under one of
//! its literals, and the lists of the new clause's literals are read. It is filed under its
//! rarest literal (fewest stored clauses holding it), not a fixed one such as the smallest:
//! IC3's lemmas on a design often share one literal (on `cmudme2`, 4428 of the 4446 lemmas
//! filed in one frame solver had the same smallest literal), and filing by it made every
//! check read nearly every stored clause. Deleted clauses leave the lists lazily, and all at once when they
//! outnumber the live ones.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use pdrkit_logic::Lit;

use crate::clause::{CRef, LEMMA};
use crate::solver::Cdcl;

/// An entry's clause reference once the clause is deleted.
const GONE: CRef = CRef::MAX;

#[derive(Clone, Copy, Debug)]
struct Entry {
    cref: CRef,
    sig: u64,
    hash: u64,
    len: u32,
}

/// An entry of a `filed` list: what rules a stored clause out as a subsumer, and its entry.
#[derive(Clone, Copy, Debug)]
struct Filed {
    sig: u64,
    len: u32,
    id: u32,
}

/// A hasher for keys that are hashes already.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(MIX);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

const MIX: u64 = 0x517C_C1B7_2722_0A95;

/// A hash of a sorted clause (equal clauses, sorted, have equal literal sequences).
fn hash(lits: &[Lit]) -> u64 {
    lits.iter().fold(MIX, |h, &l| {
        (h.rotate_left(5) ^ u64::from(l.code())).wrapping_mul(MIX)
    })
}

#[derive(Debug, Default)]
pub(crate) struct Lemmas {
    /// Every stored permanent clause of two literals or more; deleted ones are [`GONE`].
    entries: Vec<Entry>,
    /// By literal code: the entries containing it (deleted ones are dropped when met), to
    /// find the clauses a new one subsumes.
    occ: Vec<Vec<u32>>,
    /// By literal code: the entries filed under it (each under one of its literals, the
    /// rarest when it was stored), to find a clause that subsumes a new one (it has its filing
    /// literal in the new clause) reading each stored clause's entry once rather than once per
    /// literal. Each with its signature and length, which rule most out without a read of the
    /// entry itself (reading every entry was about half of the time spent adding lemmas).
    filed: Vec<Vec<Filed>>,
    /// Entries deleted since the lists were last swept of them, and entries alive.
    dead: usize,
    live: usize,
    /// By literal code: the literals of the clause being added.
    mark: Vec<bool>,
    /// Hash of a live entry's sorted literals → the entry (the last stored, on a collision).
    by_hash: HashMap<u64, u32, BuildHasherDefault<Identity>>,
}

/// A literal's bit in a clause signature (a multiplicative hash of its code).
#[inline]
fn bit(l: Lit) -> u64 {
    1 << (l.code().wrapping_mul(0x9E37_79B9) >> 26)
}

impl Lemmas {
    /// Makes room for `n` internal variables.
    pub fn grow(&mut self, n: usize) {
        if 2 * n > self.occ.len() {
            self.occ.resize_with(2 * n, Vec::new);
            self.filed.resize_with(2 * n, Vec::new);
            self.mark.resize(2 * n, false);
        }
    }

    /// Moves every entry along after a compaction of the arena (`to` maps old references to
    /// new ones).
    pub fn remap(&mut self, mut to: impl FnMut(CRef) -> Option<CRef>) {
        for e in &mut self.entries {
            if e.cref != GONE {
                e.cref = to(e.cref).unwrap_or(GONE);
                if e.cref == GONE {
                    self.dead += 1;
                    self.live -= 1;
                }
            }
        }
    }

    /// The stored permanent clauses containing `l`.
    pub fn containing(&self, l: Lit) -> impl Iterator<Item = CRef> + '_ {
        self.occ
            .get(l.code() as usize)
            .into_iter()
            .flatten()
            .map(|&id| self.entries[id as usize].cref)
            .filter(|&c| c != GONE)
    }

    /// Counts one more entry deleted; sweeps the deleted entries out of every list once they
    /// outnumber the live ones, so that no list grows with clauses long gone (a deleted
    /// entry otherwise leaves a list only when a check reads it).
    fn note_deleted(&mut self) {
        self.dead += 1;
        self.live -= 1;
        if self.dead > self.live.max(64) {
            let entries = &self.entries;
            for list in &mut self.occ {
                list.retain(|&id| entries[id as usize].cref != GONE);
            }
            for list in &mut self.filed {
                list.retain(|f| entries[f.id as usize].cref != GONE);
            }
            self.dead = 0;
        }
    }
}

impl Cdcl {
    /// Stores the permanent clause in `self.buf` (two literals or more, sorted, no duplicate
    /// literal) unless a stored permanent clause subsumes it; deletes the stored permanent
    /// clauses it subsumes. At level 0, between queries.
    pub(crate) fn add_lemma(&mut self) {
        let buf = std::mem::take(&mut self.buf);
        let sig = buf.iter().fold(0, |s, &l| s | bit(l));
        let h = hash(&buf);
        for &l in &buf {
            self.lemmas.mark[l.code() as usize] = true;
        }
        let subsumed = self.repeated(h, buf.len()) || self.subsumed(&buf, sig);
        if !subsumed {
            self.delete_subsumed(&buf, sig);
        }
        for &l in &buf {
            self.lemmas.mark[l.code() as usize] = false;
        }
        if !subsumed {
            let c = self.db.alloc(&buf, LEMMA, 0);
            self.watches.attach(c, &buf);
            let id = self.lemmas.entries.len() as u32;
            self.lemmas.entries.push(Entry {
                cref: c,
                sig,
                hash: h,
                len: buf.len() as u32,
            });
            self.lemmas.by_hash.insert(h, id);
            // Filed under its rarest literal before it counts in the occurrence lists.
            let rarest = rarest(&self.lemmas.occ, &buf);
            for &l in &buf {
                self.lemmas.occ[l.code() as usize].push(id);
            }
            self.lemmas.filed[rarest.code() as usize].push(Filed {
                sig,
                len: buf.len() as u32,
                id,
            });
            self.lemmas.live += 1;
        }
        self.buf = buf;
    }

    /// Whether the clause being added (marked, of `len` literals, hash `h`) is stored already.
    fn repeated(&self, h: u64, len: usize) -> bool {
        let Some(&id) = self.lemmas.by_hash.get(&h) else {
            return false;
        };
        let e = self.lemmas.entries[id as usize];
        e.cref != GONE
            && e.len as usize == len
            && self
                .db
                .lits(e.cref)
                .iter()
                .all(|&q| self.lemmas.mark[q.code() as usize])
    }

    /// Whether a stored permanent clause has only literals of `lits` (marked): its filing
    /// literal is one of them, so the `filed` lists of `lits` find it. Deleted entries are
    /// dropped from a list when the signature and length let them be read.
    fn subsumed(&mut self, lits: &[Lit], sig: u64) -> bool {
        let Cdcl { db, lemmas, .. } = self;
        for &l in lits {
            let list = &mut lemmas.filed[l.code() as usize];
            let mut keep = 0;
            let mut found = false;
            for i in 0..list.len() {
                let item = list[i];
                if !found && item.sig & !sig == 0 && item.len as usize <= lits.len() {
                    let e = lemmas.entries[item.id as usize];
                    if e.cref == GONE {
                        continue;
                    }
                    found = db
                        .lits(e.cref)
                        .iter()
                        .all(|&q| lemmas.mark[q.code() as usize]);
                }
                list[keep] = item;
                keep += 1;
            }
            list.truncate(keep);
            if found {
                return true;
            }
        }
        false
    }

    /// Deletes the stored permanent clauses that contain every literal of `lits` (marked): they
    /// contain its rarest literal, so that literal's occurrence list finds them all.
    fn delete_subsumed(&mut self, lits: &[Lit], sig: u64) {
        let rarest = rarest(&self.lemmas.occ, lits);
        let mut deleted = 0;
        let Cdcl {
            db,
            lemmas,
            watches,
            ..
        } = self;
        let list = &mut lemmas.occ[rarest.code() as usize];
        let mut keep = 0;
        for i in 0..list.len() {
            let id = list[i];
            let e = &mut lemmas.entries[id as usize];
            if e.cref == GONE {
                continue;
            }
            if sig & !e.sig == 0 && e.len as usize >= lits.len() {
                let clause = db.lits(e.cref);
                let shared = clause
                    .iter()
                    .filter(|&&q| lemmas.mark[q.code() as usize])
                    .count();
                if shared == lits.len() {
                    watches.detach(e.cref, clause);
                    db.delete(e.cref);
                    e.cref = GONE;
                    deleted += 1;
                    if lemmas.by_hash.get(&e.hash) == Some(&id) {
                        lemmas.by_hash.remove(&e.hash);
                    }
                    continue;
                }
            }
            list[keep] = id;
            keep += 1;
        }
        list.truncate(keep);
        for _ in 0..deleted {
            self.lemmas.note_deleted();
        }
    }
}

/// The literal of `lits` (two or more) that the fewest stored clauses hold.
fn rarest(occ: &[Vec<u32>], lits: &[Lit]) -> Lit {
    lits.iter()
        .copied()
        .min_by_key(|l| occ[l.code() as usize].len())
        .expect("two literals or more")
}

#[cfg(test)]
mod tests {
    use pdrkit_logic::{Lit, SatResult, Var};

    use super::GONE;
    use crate::solver::Cdcl;

    fn v(i: u32) -> Lit {
        Var(i).lit()
    }

    fn stored(s: &Cdcl) -> usize {
        s.lemmas.entries.iter().filter(|e| e.cref != GONE).count()
    }

    #[test]
    fn a_subsumer_is_found_whichever_literal_it_is_filed_under() {
        let mut s = Cdcl::new();
        // Every clause shares literal 1 (the smallest), so each is filed under its other one.
        for x in 10..40 {
            s.add_clause(&[v(1), v(x)]);
        }
        assert_eq!(stored(&s), 30);
        s.add_clause(&[v(1), v(25), !v(3)]);
        s.add_clause(&[!v(2), v(39), v(1)]);
        assert_eq!(stored(&s), 30, "both are subsumed by a stored clause");
        s.add_clause(&[v(1), v(2), v(3)]);
        assert_eq!(stored(&s), 31);
    }

    #[test]
    fn deleted_clauses_leave_every_list_once_they_outnumber_the_live_ones() {
        let mut s = Cdcl::new();
        for x in 10..210 {
            s.add_clause(&[v(1), v(2), v(x)]);
        }
        assert_eq!(stored(&s), 200);
        // Subsumes all 200: they are deleted, and the lists swept of them.
        s.add_clause(&[v(1), v(2)]);
        assert_eq!(stored(&s), 1);
        let gone = |id: u32| s.lemmas.entries[id as usize].cref == GONE;
        assert!(s.lemmas.occ.iter().flatten().all(|&id| !gone(id)));
        assert!(s.lemmas.filed.iter().flatten().all(|f| !gone(f.id)));
        // The survivor still subsumes, and still constrains.
        s.add_clause(&[v(1), v(2), v(57)]);
        assert_eq!(stored(&s), 1);
        assert_eq!(s.solve(&[!v(1)]), SatResult::Sat);
        assert_eq!(s.value(v(2)), Some(true));
        assert_eq!(s.solve(&[!v(1), !v(2)]), SatResult::Unsat);
    }
}
