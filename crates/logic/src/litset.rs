use std::ops::Deref;

use smallvec::SmallVec;

use crate::Lit;

/// A sorted, duplicate-free set of literals with a 64-bit signature: the shared representation
/// of [`Cube`] and [`Clause`]. The signature has one bit per literal (hashed into 64 bits), so
/// `a ⊆ b` implies `sig(a) & !sig(b) == 0`, which rejects most non-subset pairs without a walk.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct LitSet {
    lits: SmallVec<[Lit; 8]>,
    sig: u64,
}

#[inline]
fn sig_bit(l: Lit) -> u64 {
    // Fibonacci hashing spreads neighbouring literal codes across the 64 bits.
    1u64 << ((l.code() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58)
}

impl LitSet {
    /// Builds a set from literals in any order; duplicates are removed.
    pub fn new(lits: impl IntoIterator<Item = Lit>) -> Self {
        let mut lits: SmallVec<[Lit; 8]> = lits.into_iter().collect();
        lits.sort_unstable();
        lits.dedup();
        Self::from_sorted(lits)
    }

    /// Builds a set from literals already sorted and duplicate-free.
    pub fn from_sorted(lits: SmallVec<[Lit; 8]>) -> Self {
        debug_assert!(lits.windows(2).all(|w| w[0] < w[1]), "literals not sorted");
        let sig = lits.iter().fold(0, |s, &l| s | sig_bit(l));
        LitSet { lits, sig }
    }

    /// The signature.
    #[inline]
    pub fn sig(&self) -> u64 {
        self.sig
    }

    /// The literals, sorted.
    #[inline]
    pub fn lits(&self) -> &[Lit] {
        &self.lits
    }

    /// Whether every literal of `self` is in `other`. Inlined: the frames call it once per
    /// stored lemma when they scan a level, and the signature test alone rejects most.
    #[inline]
    pub fn is_subset_of(&self, other: &LitSet) -> bool {
        if self.lits.len() > other.lits.len() || self.sig & !other.sig != 0 {
            return false;
        }
        let mut j = 0;
        let o = &other.lits;
        for &l in &self.lits {
            while j < o.len() && o[j] < l {
                j += 1;
            }
            if j == o.len() || o[j] != l {
                return false;
            }
            j += 1;
        }
        true
    }

    /// Whether the set holds `lit`.
    #[inline]
    pub fn contains(&self, lit: Lit) -> bool {
        self.sig & sig_bit(lit) != 0 && self.lits.binary_search(&lit).is_ok()
    }

    /// The set of the literals for which `keep` returns true.
    pub fn filtered(&self, mut keep: impl FnMut(Lit) -> bool) -> Self {
        Self::from_sorted(self.lits.iter().copied().filter(|&l| keep(l)).collect())
    }

    /// Every literal negated (still sorted: negation keeps the order of variables).
    pub fn negated(&self) -> Self {
        Self::from_sorted(self.lits.iter().map(|&l| !l).collect())
    }
}

impl std::fmt::Debug for LitSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.lits.iter()).finish()
    }
}

macro_rules! litset_newtype {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, PartialEq, Eq, Hash, Default, Debug)]
        pub struct $name(LitSet);

        impl $name {
            /// Builds it from literals in any order; duplicates are removed.
            pub fn new(lits: impl IntoIterator<Item = Lit>) -> Self {
                $name(LitSet::new(lits))
            }
            /// Builds it from literals already sorted and duplicate-free.
            pub fn from_sorted(lits: SmallVec<[Lit; 8]>) -> Self {
                $name(LitSet::from_sorted(lits))
            }
            /// Wraps a literal set.
            pub fn from_set(set: LitSet) -> Self {
                $name(set)
            }
            /// The underlying literal set.
            pub fn set(&self) -> &LitSet {
                &self.0
            }
            /// Only the literals for which `keep` returns true.
            pub fn filtered(&self, keep: impl FnMut(Lit) -> bool) -> Self {
                $name(self.0.filtered(keep))
            }
        }

        impl Deref for $name {
            type Target = [Lit];
            fn deref(&self) -> &[Lit] {
                self.0.lits()
            }
        }
    };
}

litset_newtype!(
    /// A conjunction of literals (a partial assignment, a set of states).
    Cube
);
litset_newtype!(
    /// A disjunction of literals.
    Clause
);

impl Cube {
    /// Whether every literal of `self` is in `other`: then `self` contains every state of `other`,
    /// and the clause `¬self` subsumes `¬other`.
    #[inline]
    pub fn subsumes(&self, other: &Cube) -> bool {
        self.0.is_subset_of(&other.0)
    }
    /// The clause `¬self`.
    pub fn negate(&self) -> Clause {
        Clause(self.0.negated())
    }
}

impl Clause {
    /// Whether every literal of `self` is in `other` (then `self` implies `other`).
    #[inline]
    pub fn subsumes(&self, other: &Clause) -> bool {
        self.0.is_subset_of(&other.0)
    }
    /// The cube `¬self`.
    pub fn negate(&self) -> Cube {
        Cube(self.0.negated())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Var;

    fn cube(codes: &[u32]) -> Cube {
        Cube::new(codes.iter().map(|&c| Lit::from_code(c)))
    }

    #[test]
    fn sorted_and_deduplicated() {
        let c = cube(&[9, 2, 9, 4]);
        assert_eq!(
            c.iter().map(|l| l.code()).collect::<Vec<_>>(),
            vec![2, 4, 9]
        );
    }

    #[test]
    fn subsumption() {
        let small = cube(&[2, 9]);
        let big = cube(&[2, 4, 9, 12]);
        assert!(small.subsumes(&big));
        assert!(!big.subsumes(&small));
        assert!(!cube(&[3, 9]).subsumes(&big));
        assert!(cube(&[]).subsumes(&big));
        assert!(big.subsumes(&big));
        assert!(big.negate().negate() == big);
        assert!(small.negate().subsumes(&big.negate()));
    }

    #[test]
    fn subsumption_agrees_with_naive_check() {
        // A deterministic sweep over many small pairs: the signature must never reject a subset.
        let mut x: u64 = 12345;
        for _ in 0..5000 {
            let mut pick = |n: usize| {
                (0..n)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        Var((x % 40) as u32).lit_with(x & 64 != 0)
                    })
                    .collect::<Vec<_>>()
            };
            let a = Cube::new(pick(3));
            let b = Cube::new(pick(12));
            let naive = a.iter().all(|l| b.contains(l));
            assert_eq!(a.subsumes(&b), naive, "{a:?} {b:?}");
            for &l in b.iter() {
                assert!(b.set().contains(l));
            }
        }
    }
}
