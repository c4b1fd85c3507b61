//! Bit vectors of any positive width, for the word-level BTOR2 simulator: the value of a
//! `bitvec` node, with the SMT-LIB operations BTOR2 names (all taken modulo `2^width`).
//!
//! A value is a little-endian vector of 64-bit limbs; the bits above the width in the last limb
//! are always 0. Every operation that combines two vectors expects equal widths (the BTOR2
//! parser checks the sorts before any value is computed) and panics otherwise.

use std::cmp::Ordering;
use std::fmt;

/// A bit vector of a fixed width (at least 1 bit).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Bv {
    width: u32,
    limbs: Vec<u64>,
}

fn limb_count(width: u32) -> usize {
    (width as usize).div_ceil(64)
}

impl Bv {
    /// All zeros.
    pub fn zero(width: u32) -> Bv {
        assert!(width > 0, "a bit vector has at least one bit");
        Bv {
            width,
            limbs: vec![0; limb_count(width)],
        }
    }

    /// All ones (`-1` as a signed value).
    pub fn ones(width: u32) -> Bv {
        let mut v = Bv {
            width,
            limbs: vec![u64::MAX; limb_count(width)],
        };
        v.clear_top();
        v
    }

    /// The value `v` modulo `2^width`.
    pub fn from_u64(width: u32, v: u64) -> Bv {
        let mut r = Bv::zero(width);
        r.limbs[0] = v;
        r.clear_top();
        r
    }

    /// The value whose limbs (little endian, 64 bits each) are `limbs`, modulo `2^width`.
    pub fn from_limbs(width: u32, limbs: &[u64]) -> Bv {
        let mut r = Bv::zero(width);
        for (d, s) in r.limbs.iter_mut().zip(limbs) {
            *d = *s;
        }
        r.clear_top();
        r
    }

    /// The value of a string of `0` and `1`, most significant bit first; its width is the
    /// string's length. `None` for an empty string or another character.
    pub fn from_bits(bits: &str) -> Option<Bv> {
        let width = u32::try_from(bits.len()).ok()?;
        if width == 0 {
            return None;
        }
        let mut r = Bv::zero(width);
        for (i, c) in bits.bytes().rev().enumerate() {
            match c {
                b'0' => {}
                b'1' => r.limbs[i / 64] |= 1 << (i % 64),
                _ => return None,
            }
        }
        Some(r)
    }

    /// The width in bits.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The limbs, little endian (bits above the width are 0).
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// Bit `i` (0 = least significant).
    pub fn bit(&self, i: u32) -> bool {
        i < self.width && (self.limbs[i as usize / 64] >> (i % 64)) & 1 == 1
    }

    fn set_bit(&mut self, i: u32) {
        self.limbs[i as usize / 64] |= 1 << (i % 64);
    }

    /// The most significant bit: the sign of a signed value.
    pub fn sign(&self) -> bool {
        self.bit(self.width - 1)
    }

    /// Whether every bit is 0.
    pub fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&l| l == 0)
    }

    /// Whether every bit is 1.
    pub fn is_ones(&self) -> bool {
        *self == Bv::ones(self.width)
    }

    /// The value as a `u64` when it fits, else `None`.
    pub fn to_u64(&self) -> Option<u64> {
        if self.limbs[1..].iter().all(|&l| l == 0) {
            Some(self.limbs[0])
        } else {
            None
        }
    }

    /// The bits as `0`/`1` characters, most significant first (the witness format).
    pub fn to_bits(&self) -> String {
        (0..self.width)
            .rev()
            .map(|i| if self.bit(i) { '1' } else { '0' })
            .collect()
    }

    /// Whether the value is 1 (for 1-bit conditions: whether the bit is set).
    pub fn is_true(&self) -> bool {
        self.limbs[0] == 1 && self.limbs[1..].iter().all(|&l| l == 0)
    }

    /// A 1-bit vector: 1 for `true`.
    pub fn from_bool(b: bool) -> Bv {
        Bv::from_u64(1, b as u64)
    }

    fn clear_top(&mut self) {
        let r = self.width % 64;
        if r != 0 {
            let last = self.limbs.len() - 1;
            self.limbs[last] &= (1u64 << r) - 1;
        }
    }

    fn same(&self, other: &Bv) {
        assert_eq!(self.width, other.width, "bit-vector widths differ");
    }

    fn zip(&self, other: &Bv, f: impl Fn(u64, u64) -> u64) -> Bv {
        self.same(other);
        let mut r = Bv {
            width: self.width,
            limbs: self
                .limbs
                .iter()
                .zip(&other.limbs)
                .map(|(&a, &b)| f(a, b))
                .collect(),
        };
        r.clear_top();
        r
    }

    /// Bit-wise negation.
    pub fn not(&self) -> Bv {
        let mut r = Bv {
            width: self.width,
            limbs: self.limbs.iter().map(|l| !l).collect(),
        };
        r.clear_top();
        r
    }

    /// Bit-wise and.
    pub fn and(&self, other: &Bv) -> Bv {
        self.zip(other, |a, b| a & b)
    }

    /// Bit-wise or.
    pub fn or(&self, other: &Bv) -> Bv {
        self.zip(other, |a, b| a | b)
    }

    /// Bit-wise exclusive or.
    pub fn xor(&self, other: &Bv) -> Bv {
        self.zip(other, |a, b| a ^ b)
    }

    /// The sum and whether it carries out of the width (unsigned overflow).
    pub fn add_carry(&self, other: &Bv) -> (Bv, bool) {
        self.same(other);
        let mut carry = false;
        let mut limbs = Vec::with_capacity(self.limbs.len());
        for (&a, &b) in self.limbs.iter().zip(&other.limbs) {
            let (s1, c1) = a.overflowing_add(b);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            limbs.push(s2);
            carry = c1 || c2;
        }
        let r = self.width % 64;
        let out = if r == 0 {
            carry
        } else {
            let last = limbs.len() - 1;
            limbs[last] >> r != 0
        };
        let mut v = Bv {
            width: self.width,
            limbs,
        };
        v.clear_top();
        (v, out)
    }

    /// The sum modulo `2^width`.
    pub fn add(&self, other: &Bv) -> Bv {
        self.add_carry(other).0
    }

    /// The difference modulo `2^width`.
    pub fn sub(&self, other: &Bv) -> Bv {
        self.add(&other.neg())
    }

    /// The two's complement negation.
    pub fn neg(&self) -> Bv {
        self.not().add(&Bv::from_u64(self.width, 1))
    }

    /// The product modulo `2^width`.
    pub fn mul(&self, other: &Bv) -> Bv {
        self.same(other);
        let n = self.limbs.len();
        let mut out = vec![0u64; n];
        for (i, &a) in self.limbs.iter().enumerate() {
            if a == 0 {
                continue;
            }
            let mut carry: u128 = 0;
            for j in 0..n - i {
                let t = out[i + j] as u128 + a as u128 * other.limbs[j] as u128 + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        let mut v = Bv {
            width: self.width,
            limbs: out,
        };
        v.clear_top();
        v
    }

    /// Unsigned comparison.
    pub fn ucmp(&self, other: &Bv) -> Ordering {
        self.same(other);
        for (a, b) in self.limbs.iter().rev().zip(other.limbs.iter().rev()) {
            match a.cmp(b) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }

    /// Signed (two's complement) comparison.
    pub fn scmp(&self, other: &Bv) -> Ordering {
        match (self.sign(), other.sign()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.ucmp(other),
        }
    }

    /// Quotient and remainder of unsigned division; the divisor must not be 0.
    fn udivrem_nonzero(&self, d: &Bv) -> (Bv, Bv) {
        if let (Some(a), Some(b)) = (self.to_u64(), d.to_u64()) {
            return (
                Bv::from_u64(self.width, a / b),
                Bv::from_u64(self.width, a % b),
            );
        }
        // Shift and subtract, one bit at a time, with one spare bit for the remainder.
        let w = self.width;
        let d1 = d.uext(1);
        let mut r = Bv::zero(w + 1);
        let mut q = Bv::zero(w);
        for i in (0..w).rev() {
            r = r.shl(1);
            if self.bit(i) {
                r.limbs[0] |= 1;
            }
            if r.ucmp(&d1) != Ordering::Less {
                r = r.sub(&d1);
                q.set_bit(i);
            }
        }
        (q, r.slice(w - 1, 0))
    }

    /// Unsigned division; division by 0 gives all ones (SMT-LIB `bvudiv`).
    pub fn udiv(&self, d: &Bv) -> Bv {
        self.same(d);
        if d.is_zero() {
            Bv::ones(self.width)
        } else {
            self.udivrem_nonzero(d).0
        }
    }

    /// Unsigned remainder; the remainder of a division by 0 is the dividend (`bvurem`).
    pub fn urem(&self, d: &Bv) -> Bv {
        self.same(d);
        if d.is_zero() {
            self.clone()
        } else {
            self.udivrem_nonzero(d).1
        }
    }

    fn abs(&self) -> Bv {
        if self.sign() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// Signed division rounding toward 0 (`bvsdiv`): by 0 it gives 1 for a negative dividend
    /// and all ones otherwise.
    pub fn sdiv(&self, d: &Bv) -> Bv {
        let q = self.abs().udiv(&d.abs());
        if self.sign() != d.sign() {
            q.neg()
        } else {
            q
        }
    }

    /// Signed remainder with the sign of the dividend (`bvsrem`); by 0 it is the dividend.
    pub fn srem(&self, d: &Bv) -> Bv {
        let r = self.abs().urem(&d.abs());
        if self.sign() {
            r.neg()
        } else {
            r
        }
    }

    /// Signed modulo with the sign of the divisor (`bvsmod`); by 0 it is the dividend.
    pub fn smod(&self, d: &Bv) -> Bv {
        let u = self.abs().urem(&d.abs());
        if u.is_zero() || d.is_zero() {
            return if d.is_zero() { self.clone() } else { u };
        }
        match (self.sign(), d.sign()) {
            (false, false) => u,
            (true, false) => u.neg().add(d),
            (false, true) => u.add(d),
            (true, true) => u.neg(),
        }
    }

    /// The shift amount `amount` as a number when it is below the width, else `None`.
    fn shift_amount(&self, amount: &Bv) -> Option<u32> {
        match amount.to_u64() {
            Some(n) if n < self.width as u64 => Some(n as u32),
            _ => None,
        }
    }

    /// Shift left by a number of bits; `n >= width` gives 0.
    pub fn shl(&self, n: u32) -> Bv {
        let mut r = Bv::zero(self.width);
        if n >= self.width {
            return r;
        }
        let (ls, bs) = ((n / 64) as usize, n % 64);
        for i in (ls..r.limbs.len()).rev() {
            let mut v = self.limbs[i - ls] << bs;
            if bs > 0 && i > ls {
                v |= self.limbs[i - ls - 1] >> (64 - bs);
            }
            r.limbs[i] = v;
        }
        r.clear_top();
        r
    }

    /// Logical shift right by a number of bits; `n >= width` gives 0.
    pub fn lshr(&self, n: u32) -> Bv {
        let mut r = Bv::zero(self.width);
        if n >= self.width {
            return r;
        }
        let (ls, bs) = ((n / 64) as usize, n % 64);
        let len = self.limbs.len();
        for i in 0..len - ls {
            let mut v = self.limbs[i + ls] >> bs;
            if bs > 0 && i + ls + 1 < len {
                v |= self.limbs[i + ls + 1] << (64 - bs);
            }
            r.limbs[i] = v;
        }
        r
    }

    /// Arithmetic shift right by a number of bits; `n >= width` gives all sign bits.
    pub fn ashr(&self, n: u32) -> Bv {
        if !self.sign() {
            return self.lshr(n);
        }
        if n >= self.width {
            return Bv::ones(self.width);
        }
        // Shift the complement logically and complement back: the vacated bits become 1.
        self.not().lshr(n).not()
    }

    /// `sll`: shift left by the value of `amount` (same width); by the width or more gives 0.
    pub fn sll(&self, amount: &Bv) -> Bv {
        self.same(amount);
        self.shl(self.shift_amount(amount).unwrap_or(self.width))
    }

    /// `srl`: logical shift right by the value of `amount`; by the width or more gives 0.
    pub fn srl(&self, amount: &Bv) -> Bv {
        self.same(amount);
        self.lshr(self.shift_amount(amount).unwrap_or(self.width))
    }

    /// `sra`: arithmetic shift right by the value of `amount`; by the width or more gives all
    /// sign bits.
    pub fn sra(&self, amount: &Bv) -> Bv {
        self.same(amount);
        self.ashr(self.shift_amount(amount).unwrap_or(self.width))
    }

    /// The value of `self` modulo `m` (a small positive number).
    fn mod_small(&self, m: u32) -> u32 {
        let mut r: u128 = 0;
        for &l in self.limbs.iter().rev() {
            r = ((r << 64) | l as u128) % m as u128;
        }
        r as u32
    }

    fn rotate_left_by(&self, n: u32) -> Bv {
        if n == 0 {
            self.clone()
        } else {
            self.shl(n).or(&self.lshr(self.width - n))
        }
    }

    /// `rol`: rotate left by the value of `amount` modulo the width.
    pub fn rol(&self, amount: &Bv) -> Bv {
        self.same(amount);
        self.rotate_left_by(amount.mod_small(self.width))
    }

    /// `ror`: rotate right by the value of `amount` modulo the width.
    pub fn ror(&self, amount: &Bv) -> Bv {
        self.same(amount);
        let n = amount.mod_small(self.width);
        self.rotate_left_by((self.width - n) % self.width)
    }

    /// Zero extension by `n` bits.
    pub fn uext(&self, n: u32) -> Bv {
        Bv::from_limbs(self.width + n, &self.limbs)
    }

    /// Sign extension by `n` bits.
    pub fn sext(&self, n: u32) -> Bv {
        let mut r = self.uext(n);
        if self.sign() {
            for i in self.width..self.width + n {
                r.set_bit(i);
            }
        }
        r
    }

    /// Bits `upper` down to `lower` (inclusive; `upper < width`, `lower <= upper`).
    pub fn slice(&self, upper: u32, lower: u32) -> Bv {
        assert!(lower <= upper && upper < self.width, "slice out of range");
        let s = self.lshr(lower);
        Bv::from_limbs(upper - lower + 1, &s.limbs)
    }

    /// `self` in the high bits, `low` in the low bits.
    pub fn concat(&self, low: &Bv) -> Bv {
        self.uext(low.width)
            .shl(low.width)
            .or(&low.uext(self.width))
    }

    /// Whether the number of 1 bits is odd.
    pub fn parity(&self) -> bool {
        self.limbs.iter().map(|l| l.count_ones()).sum::<u32>() % 2 == 1
    }

    /// Whether the unsigned sum overflows (`uaddo`).
    pub fn uaddo(&self, other: &Bv) -> bool {
        self.add_carry(other).1
    }

    /// Whether the signed sum overflows (`saddo`).
    pub fn saddo(&self, other: &Bv) -> bool {
        let s = self.add(other);
        self.sign() == other.sign() && s.sign() != self.sign()
    }

    /// Whether the unsigned difference underflows, i.e. `self < other` (`usubo`).
    pub fn usubo(&self, other: &Bv) -> bool {
        self.ucmp(other) == Ordering::Less
    }

    /// Whether the signed difference overflows (`ssubo`).
    pub fn ssubo(&self, other: &Bv) -> bool {
        let d = self.sub(other);
        self.sign() != other.sign() && d.sign() != self.sign()
    }

    /// Whether the unsigned product overflows (`umulo`).
    pub fn umulo(&self, other: &Bv) -> bool {
        self.same(other);
        let w = self.width;
        let p = self.uext(w).mul(&other.uext(w));
        !p.slice(2 * w - 1, w).is_zero()
    }

    /// Whether the signed product overflows (`smulo`).
    pub fn smulo(&self, other: &Bv) -> bool {
        self.same(other);
        let w = self.width;
        let p = self.sext(w).mul(&other.sext(w));
        // The exact product fits when its bits w-1 .. 2w-1 are all equal.
        let top = p.slice(2 * w - 1, w - 1);
        !(top.is_zero() || top.is_ones())
    }

    /// Whether the signed division overflows: the smallest value divided by -1 (`sdivo`).
    pub fn sdivo(&self, other: &Bv) -> bool {
        self.same(other);
        let min = Bv::zero(self.width).with_bit(self.width - 1);
        *self == min && other.is_ones()
    }

    fn with_bit(mut self, i: u32) -> Bv {
        self.set_bit(i);
        self
    }

    /// The value of a decimal literal, possibly negative, in `width` bits; `None` when it is not
    /// a decimal number or does not fit (`-2^(width-1) <= v < 2^width`, as btorsim accepts).
    pub fn from_decimal(width: u32, text: &str) -> Option<Bv> {
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let mut mag: Vec<u64> = vec![0];
        for c in digits.bytes() {
            let mut carry = (c - b'0') as u128;
            for l in mag.iter_mut() {
                let t = *l as u128 * 10 + carry;
                *l = t as u64;
                carry = t >> 64;
            }
            if carry > 0 {
                mag.push(carry as u64);
            }
            if bit_length(&mag) > width as u64 + 1 {
                return None;
            }
        }
        let bits = bit_length(&mag);
        let fits = if neg {
            // At most 2^(width-1).
            bits < width as u64
                || (bits == width as u64
                    && mag.iter().enumerate().all(|(i, &l)| {
                        let top = (width - 1) as usize;
                        if i == top / 64 {
                            l == 1 << (top % 64)
                        } else {
                            l == 0
                        }
                    }))
        } else {
            bits <= width as u64
        };
        if !fits {
            return None;
        }
        let v = Bv::from_limbs(width, &mag);
        Some(if neg { v.neg() } else { v })
    }

    /// The value of a hexadecimal literal (no sign, no prefix) in `width` bits; `None` when it is
    /// not hexadecimal or does not fit.
    pub fn from_hex(width: u32, text: &str) -> Option<Bv> {
        if text.is_empty() {
            return None;
        }
        let mut r = Bv::zero(width);
        let mut bit: u64 = 0;
        for c in text.bytes().rev() {
            let d = (c as char).to_digit(16)? as u64;
            for j in 0..4 {
                if (d >> j) & 1 == 1 {
                    if bit + j >= width as u64 {
                        return None;
                    }
                    r.set_bit((bit + j) as u32);
                }
            }
            bit += 4;
        }
        Some(r)
    }
}

fn bit_length(limbs: &[u64]) -> u64 {
    for (i, &l) in limbs.iter().enumerate().rev() {
        if l != 0 {
            return i as u64 * 64 + 64 - l.leading_zeros() as u64;
        }
    }
    0
}

/// Numeric order for equal widths (a wider vector is greater), for use as a map key.
impl Ord for Bv {
    fn cmp(&self, other: &Bv) -> Ordering {
        self.width.cmp(&other.width).then_with(|| self.ucmp(other))
    }
}

impl PartialOrd for Bv {
    fn partial_cmp(&self, other: &Bv) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Bv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}'b{}", self.width, self.to_bits())
    }
}

impl fmt::Display for Bv {
    /// The bits, most significant first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_bits())
    }
}

#[cfg(test)]
mod tests {
    use super::Bv;

    #[test]
    fn bits_round_trip_at_limb_boundaries() {
        for w in [1usize, 63, 64, 65, 127, 128, 129, 130] {
            let bits: String = (0..w).map(|i| if i % 3 == 0 { '1' } else { '0' }).collect();
            let v = Bv::from_bits(&bits).unwrap();
            assert_eq!(v.width() as usize, w);
            assert_eq!(v.to_bits(), bits);
        }
        assert!(Bv::from_bits("").is_none());
        assert!(Bv::from_bits("012").is_none());
    }

    #[test]
    fn decimal_literals_and_their_ranges() {
        // 64 bits: 2^64 - 1 fits, 2^64 does not; -2^63 fits, -2^63 - 1 does not.
        assert!(Bv::from_decimal(64, "18446744073709551615")
            .unwrap()
            .is_ones());
        assert!(Bv::from_decimal(64, "18446744073709551616").is_none());
        let min = Bv::from_decimal(64, "-9223372036854775808").unwrap();
        assert_eq!(min.to_u64(), Some(1 << 63));
        assert!(Bv::from_decimal(64, "-9223372036854775809").is_none());
        // 65 bits: 2^64 and -2^64.
        let v = Bv::from_decimal(65, "18446744073709551616").unwrap();
        assert_eq!(v.to_bits(), format!("1{}", "0".repeat(64)));
        assert_eq!(Bv::from_decimal(65, "-18446744073709551616").unwrap(), v);
        // 1 bit: -1 is 1, 2 does not fit.
        assert_eq!(Bv::from_decimal(1, "-1").unwrap().to_bits(), "1");
        assert!(Bv::from_decimal(1, "2").is_none());
        assert!(Bv::from_decimal(8, "").is_none());
        assert!(Bv::from_decimal(8, "1a").is_none());
        assert_eq!(Bv::from_decimal(8, "-0").unwrap(), Bv::zero(8));
    }

    #[test]
    fn hexadecimal_literals() {
        assert_eq!(Bv::from_hex(5, "1f").unwrap().to_bits(), "11111");
        assert!(Bv::from_hex(5, "20").is_none());
        assert_eq!(Bv::from_hex(5, "0001f").unwrap().to_bits(), "11111");
        assert!(Bv::from_hex(8, "0x1").is_none());
        assert!(Bv::from_hex(8, "-1").is_none());
        let v = Bv::from_hex(130, "3ffffffffffffffffffffffffffffffff").unwrap();
        assert!(v.is_ones());
    }

    #[test]
    fn extensions_across_limbs() {
        let v = Bv::from_bits("1").unwrap();
        assert!(v.sext(129).is_ones());
        assert_eq!(v.uext(129).to_bits(), format!("{}1", "0".repeat(129)));
        let w = Bv::from_u64(64, 1 << 63);
        assert_eq!(w.sext(1).to_bits(), format!("11{}", "0".repeat(63)));
        assert_eq!(w.sext(64).slice(127, 63), Bv::ones(65));
        assert_eq!(w.slice(63, 63).to_bits(), "1");
    }
}
