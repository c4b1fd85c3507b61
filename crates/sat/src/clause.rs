//! The clause database: every clause (of two literals or more) in one arena, addressed by its
//! offset, so that a clause is one contiguous read and no clause is a separate allocation.
//!
//! A clause is a header of [`HEADER`] words followed by its literals:
//! `[length, flags | lbd << 8, activity or forwarding address]`. Deleted clauses stay in the
//! arena (flagged) until [`ClauseDb::compact`] copies the live ones out; the words they waste are
//! counted so that compaction runs only when it pays.

use pdrkit_logic::Lit;

/// A clause's offset in the arena.
pub(crate) type CRef = u32;

/// The reason of a decision, an assumption, or a unit at level 0.
pub(crate) const NO_REASON: CRef = u32::MAX;

const HEADER: usize = 3;

/// Learnt (redundant): may be deleted by reduction.
pub(crate) const LEARNT: u32 = 1;
/// Belongs to the current query only (a temporary clause, or a clause learnt from one).
pub(crate) const TEMPORARY: u32 = 2;
/// Deleted; its watches go at the next clean-up of their lists.
pub(crate) const DELETED: u32 = 4;
/// A permanent clause given as such (a lemma), not part of a definition.
pub(crate) const LEMMA: u32 = 8;
const FLAG_BITS: u32 = 8;

#[derive(Debug)]
pub(crate) struct ClauseDb {
    // Header words are stored as literal codes too, so that one `Vec<Lit>` holds everything
    // and a clause's literals are a plain slice of it.
    arena: Vec<Lit>,
    /// Learnt clauses that are not temporary (the candidates of reduction); may hold deleted
    /// ones until the next reduction filters them.
    pub learnts: Vec<CRef>,
    /// Irredundant clauses stored (added clauses of two literals or more).
    pub irredundant: usize,
    wasted: usize,
    bump_inc: f32,
}

impl Default for ClauseDb {
    fn default() -> Self {
        ClauseDb {
            arena: Vec::new(),
            learnts: Vec::new(),
            irredundant: 0,
            wasted: 0,
            bump_inc: 1.0,
        }
    }
}

impl ClauseDb {
    /// Stores a clause of two literals or more.
    pub fn alloc(&mut self, lits: &[Lit], flags: u32, lbd: u32) -> CRef {
        debug_assert!(lits.len() >= 2);
        let c = self.arena.len();
        assert!(
            c + HEADER + lits.len() < (1 << 31),
            "clause arena over 2^31 words"
        );
        self.arena.push(Lit::from_code(lits.len() as u32));
        self.arena
            .push(Lit::from_code(flags | (lbd.min(0xff_ffff) << FLAG_BITS)));
        self.arena.push(Lit::from_code(0f32.to_bits()));
        self.arena.extend_from_slice(lits);
        if flags & LEARNT == 0 {
            self.irredundant += 1;
        }
        c as CRef
    }

    #[inline]
    pub fn len(&self, c: CRef) -> usize {
        self.arena[c as usize].code() as usize
    }

    #[inline]
    pub fn lits(&self, c: CRef) -> &[Lit] {
        let s = c as usize + HEADER;
        &self.arena[s..s + self.len(c)]
    }

    #[inline]
    pub fn lits_mut(&mut self, c: CRef) -> &mut [Lit] {
        let s = c as usize + HEADER;
        let n = self.len(c);
        &mut self.arena[s..s + n]
    }

    #[inline]
    fn flags(&self, c: CRef) -> u32 {
        self.arena[c as usize + 1].code() & ((1 << FLAG_BITS) - 1)
    }

    #[inline]
    pub fn is_learnt(&self, c: CRef) -> bool {
        self.flags(c) & LEARNT != 0
    }

    #[inline]
    pub fn is_temporary(&self, c: CRef) -> bool {
        self.flags(c) & TEMPORARY != 0
    }

    #[inline]
    pub fn is_lemma(&self, c: CRef) -> bool {
        self.flags(c) & LEMMA != 0
    }

    #[inline]
    pub fn is_deleted(&self, c: CRef) -> bool {
        self.flags(c) & DELETED != 0
    }

    #[inline]
    pub fn lbd(&self, c: CRef) -> u32 {
        self.arena[c as usize + 1].code() >> FLAG_BITS
    }

    #[inline]
    pub fn activity(&self, c: CRef) -> f32 {
        f32::from_bits(self.arena[c as usize + 2].code())
    }

    /// Marks a clause deleted; its watches must be dropped by the caller.
    pub fn delete(&mut self, c: CRef) {
        let w = self.arena[c as usize + 1].code();
        debug_assert!(w & DELETED == 0);
        self.arena[c as usize + 1] = Lit::from_code(w | DELETED);
        if w & LEARNT == 0 {
            self.irredundant -= 1;
        }
        self.wasted += HEADER + self.len(c);
    }

    /// Raises a learnt clause's activity (it took part in a conflict).
    pub fn bump(&mut self, c: CRef) {
        let a = self.activity(c) + self.bump_inc;
        self.arena[c as usize + 2] = Lit::from_code(a.to_bits());
        if a > 1e20 {
            // Rescale everyone (only learnt clauses are ever compared).
            for i in 0..self.learnts.len() {
                let d = self.learnts[i] as usize + 2;
                let x = f32::from_bits(self.arena[d].code()) * 1e-20;
                self.arena[d] = Lit::from_code(x.to_bits());
            }
            self.bump_inc *= 1e-20;
        }
    }

    /// Ages every clause activity at once (by making future bumps larger).
    #[inline]
    pub fn decay(&mut self) {
        self.bump_inc *= 1.0 / 0.999;
    }

    /// Whether enough of the arena is garbage for a compaction to pay: at least `waste`
    /// words, and half of it.
    pub fn wants_compaction(&self, waste: usize) -> bool {
        self.wasted >= waste && 2 * self.wasted > self.arena.len()
    }

    /// Live clauses in arena order.
    pub fn live(&self) -> impl Iterator<Item = CRef> + '_ {
        let mut at = 0usize;
        std::iter::from_fn(move || {
            while at < self.arena.len() {
                let c = at as CRef;
                at += HEADER + self.len(c);
                if !self.is_deleted(c) {
                    return Some(c);
                }
            }
            None
        })
    }

    /// Copies the live clauses into a fresh arena and drops the deleted ones. Returns the old
    /// arena, in which every live clause's third header word now holds its new address (read it
    /// with [`forwarded`]); `learnts` is remapped here, every other holder of a `CRef` must be
    /// remapped by the caller.
    pub fn compact(&mut self) -> Vec<Lit> {
        let mut fresh = Vec::with_capacity(self.arena.len() - self.wasted);
        let mut at = 0usize;
        while at < self.arena.len() {
            let n = HEADER + self.arena[at].code() as usize;
            if self.arena[at + 1].code() & DELETED == 0 {
                let to = fresh.len() as u32;
                fresh.extend_from_slice(&self.arena[at..at + n]);
                self.arena[at + 2] = Lit::from_code(to);
            }
            at += n;
        }
        let old = std::mem::replace(&mut self.arena, fresh);
        self.wasted = 0;
        let mut learnts = std::mem::take(&mut self.learnts);
        learnts.retain_mut(|c| match forwarded(&old, *c) {
            Some(to) => {
                *c = to;
                true
            }
            None => false,
        });
        self.learnts = learnts;
        old
    }
}

/// The new address of a clause after [`ClauseDb::compact`], read from the old arena; `None`
/// when it was deleted.
#[inline]
pub(crate) fn forwarded(old: &[Lit], c: CRef) -> Option<CRef> {
    (old[c as usize + 1].code() & DELETED == 0).then(|| old[c as usize + 2].code())
}
