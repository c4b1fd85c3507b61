use std::fmt;
use std::ops::Not;

/// A propositional variable. Variable 0 is reserved by convention for the constant `false`
/// (as in AIGER), but nothing in this crate enforces that.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Var(pub u32);

impl Var {
    /// The variable's index.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
    /// The positive literal of this variable.
    #[inline]
    pub fn lit(self) -> Lit {
        Lit(self.0 << 1)
    }
    /// The literal of this variable with the given sign.
    #[inline]
    pub fn lit_with(self, negated: bool) -> Lit {
        Lit((self.0 << 1) | negated as u32)
    }
}

impl fmt::Debug for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

/// A literal: `2 * var + negated`, the layout of AIGER and of `rustsat::types::Lit`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Lit(u32);

impl Lit {
    /// The constant `false` literal when variable 0 is the constant (AIGER literal 0).
    pub const FALSE: Lit = Lit(0);
    /// The constant `true` literal when variable 0 is the constant (AIGER literal 1).
    pub const TRUE: Lit = Lit(1);

    /// Builds a literal from its code `2 * var + negated`.
    #[inline]
    pub fn from_code(code: u32) -> Lit {
        Lit(code)
    }
    /// The code `2 * var + negated`; also usable as a dense index.
    #[inline]
    pub fn code(self) -> u32 {
        self.0
    }
    /// The variable.
    #[inline]
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }
    /// Whether the literal is negated.
    #[inline]
    pub fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }
    /// This literal negated when `flip` is true.
    #[inline]
    pub fn xor(self, flip: bool) -> Lit {
        Lit(self.0 ^ flip as u32)
    }
    /// Whether this is a constant literal (variable 0).
    #[inline]
    pub fn is_const(self) -> bool {
        self.0 < 2
    }
}

impl Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_neg() {
            write!(f, "-{}", self.0 >> 1)
        } else {
            write!(f, "{}", self.0 >> 1)
        }
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_aiger() {
        let l = Lit::from_code(7);
        assert_eq!(l.var(), Var(3));
        assert!(l.is_neg());
        assert_eq!((!l).code(), 6);
        assert_eq!(Var(3).lit_with(true), l);
        assert_eq!(l.xor(true), !l);
        assert_eq!(l.xor(false), l);
        assert!(Lit::TRUE.is_const() && !Lit::from_code(2).is_const());
    }
}
