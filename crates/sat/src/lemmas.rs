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

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use pdrkit_logic::Lit;

use crate::clause::CRef;
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

/// An entry of a `least` list: what rules a stored clause out as a subsumer, and its entry.
#[derive(Clone, Copy, Debug)]
struct Least {
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
    /// By literal code: the entries whose smallest literal it is, to find a clause that
    /// subsumes a new one (it has its smallest literal in the new clause) reading each stored
    /// clause's entry once rather than once per literal. Each with its signature and length,
    /// which rule most out without a read of the entry itself (reading every entry was
    /// about half of the time spent adding lemmas).
    least: Vec<Vec<Least>>,
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
            self.least.resize_with(2 * n, Vec::new);
            self.mark.resize(2 * n, false);
        }
    }

    /// Moves every entry along after a compaction of the arena (`to` maps old references to
    /// new ones).
    pub fn remap(&mut self, mut to: impl FnMut(CRef) -> Option<CRef>) {
        for e in &mut self.entries {
            if e.cref != GONE {
                e.cref = to(e.cref).unwrap_or(GONE);
            }
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
            let c = self.db.alloc(&buf, 0, 0);
            self.watches.attach(c, &buf);
            self.occurrences.add(c, &buf);
            let id = self.lemmas.entries.len() as u32;
            self.lemmas.entries.push(Entry {
                cref: c,
                sig,
                hash: h,
                len: buf.len() as u32,
            });
            self.lemmas.by_hash.insert(h, id);
            for &l in &buf {
                self.lemmas.occ[l.code() as usize].push(id);
            }
            self.lemmas.least[buf[0].code() as usize].push(Least {
                sig,
                len: buf.len() as u32,
                id,
            });
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

    /// Whether a stored permanent clause has only literals of `lits` (marked): its smallest
    /// literal is one of them, so the `least` lists of `lits` find it. Deleted entries are
    /// dropped from a list when the signature and length let them be read.
    fn subsumed(&mut self, lits: &[Lit], sig: u64) -> bool {
        let Cdcl { db, lemmas, .. } = self;
        for &l in lits {
            let list = &mut lemmas.least[l.code() as usize];
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
        let rarest = lits
            .iter()
            .copied()
            .min_by_key(|l| self.lemmas.occ[l.code() as usize].len())
            .expect("two literals or more");
        let Cdcl {
            db,
            lemmas,
            watches,
            occurrences,
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
                    occurrences.remove(e.cref, clause);
                    db.delete(e.cref);
                    e.cref = GONE;
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
    }
}
