//! Bit-level circuits of the word-level operators, built into an [`Aig`] with constant folding
//! and structural hashing. Bit vectors are `Vec<Lit>`, LSB first.

use std::collections::HashMap;

use pdrkit_logic::Lit;
use pdrkit_ts::Aig;

const F: Lit = Lit::FALSE;
const T: Lit = Lit::TRUE;

/// An AIG under construction.
pub(crate) struct Gates {
    pub aig: Aig,
    strash: HashMap<(Lit, Lit), Lit>,
}

impl Gates {
    pub fn new() -> Self {
        Gates {
            aig: Aig::default(),
            strash: HashMap::new(),
        }
    }

    // ---- single bits ----

    pub fn and(&mut self, a: Lit, b: Lit) -> Lit {
        if a == F || b == F || a == !b {
            return F;
        }
        if a == T || a == b {
            return b;
        }
        if b == T {
            return a;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(&l) = self.strash.get(&key) {
            return l;
        }
        let l = self.aig.add_and(key.0, key.1);
        self.strash.insert(key, l);
        l
    }

    pub fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }

    pub fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        if a.is_const() {
            return b.xor(a == T);
        }
        if b.is_const() {
            return a.xor(b == T);
        }
        if a == b {
            return F;
        }
        if a == !b {
            return T;
        }
        let x = self.and(a, !b);
        let y = self.and(!a, b);
        self.or(x, y)
    }

    /// `s ? t : e`.
    pub fn mux(&mut self, s: Lit, t: Lit, e: Lit) -> Lit {
        if s == T || t == e {
            return t;
        }
        if s == F {
            return e;
        }
        let x = self.and(s, t);
        let y = self.and(!s, e);
        self.or(x, y)
    }

    /// The majority of three bits (the carry of a full adder).
    fn maj(&mut self, a: Lit, b: Lit, c: Lit) -> Lit {
        let ab = self.and(a, b);
        let a_or_b = self.or(a, b);
        let c_ab = self.and(c, a_or_b);
        self.or(ab, c_ab)
    }

    // ---- reductions and bit-wise ----

    pub fn and_all(&mut self, a: &[Lit]) -> Lit {
        a.iter().fold(T, |acc, &x| self.and(acc, x))
    }

    pub fn or_all(&mut self, a: &[Lit]) -> Lit {
        a.iter().fold(F, |acc, &x| self.or(acc, x))
    }

    pub fn xor_all(&mut self, a: &[Lit]) -> Lit {
        a.iter().fold(F, |acc, &x| self.xor(acc, x))
    }

    pub fn map2(&mut self, a: &[Lit], b: &[Lit], f: fn(&mut Self, Lit, Lit) -> Lit) -> Vec<Lit> {
        a.iter().zip(b).map(|(&x, &y)| f(self, x, y)).collect()
    }

    pub fn mux_vec(&mut self, s: Lit, t: &[Lit], e: &[Lit]) -> Vec<Lit> {
        t.iter().zip(e).map(|(&x, &y)| self.mux(s, x, y)).collect()
    }

    // ---- arithmetic ----

    /// `a + b + cin` and the carry out.
    pub fn add(&mut self, a: &[Lit], b: &[Lit], cin: Lit) -> (Vec<Lit>, Lit) {
        let mut carry = cin;
        let mut sum = Vec::with_capacity(a.len());
        for (&x, &y) in a.iter().zip(b) {
            let xy = self.xor(x, y);
            sum.push(self.xor(xy, carry));
            carry = self.maj(x, y, carry);
        }
        (sum, carry)
    }

    /// `a - b` and whether it borrows (`a <u b`).
    pub fn sub(&mut self, a: &[Lit], b: &[Lit]) -> (Vec<Lit>, Lit) {
        let nb: Vec<Lit> = b.iter().map(|&x| !x).collect();
        let (d, carry) = self.add(a, &nb, T);
        (d, !carry)
    }

    pub fn neg(&mut self, a: &[Lit]) -> Vec<Lit> {
        let zero = vec![F; a.len()];
        self.sub(&zero, a).0
    }

    pub fn ult(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        self.sub(a, b).1
    }

    /// Signed `<`: unsigned `<` with the sign bits swapped.
    pub fn slt(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        let n = a.len();
        let mut a2 = a.to_vec();
        let mut b2 = b.to_vec();
        a2[n - 1] = !a[n - 1];
        b2[n - 1] = !b[n - 1];
        self.ult(&a2, &b2)
    }

    pub fn eq(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        let same: Vec<Lit> = a.iter().zip(b).map(|(&x, &y)| !self.xor(x, y)).collect();
        self.and_all(&same)
    }

    /// `a * b` modulo `2^n` (shift and add).
    pub fn mul(&mut self, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
        let n = a.len();
        let mut acc = vec![F; n];
        for (i, &bi) in b.iter().enumerate() {
            if bi == F {
                continue;
            }
            let partial: Vec<Lit> = (0..n - i).map(|j| self.and(a[j], bi)).collect();
            let (s, _) = self.add(&acc[i..], &partial, F);
            acc[i..].copy_from_slice(&s);
        }
        acc
    }

    /// Unsigned quotient and remainder (restoring division): by zero, all ones and `a`.
    pub fn udivrem(&mut self, a: &[Lit], b: &[Lit]) -> (Vec<Lit>, Vec<Lit>) {
        let n = a.len();
        let mut q = vec![F; n];
        let mut r = vec![F; n];
        let mut bx = b.to_vec();
        bx.push(F);
        for i in (0..n).rev() {
            // shifted = r * 2 + a[i], on n + 1 bits.
            let mut shifted = Vec::with_capacity(n + 1);
            shifted.push(a[i]);
            shifted.extend_from_slice(&r);
            let (diff, borrow) = self.sub(&shifted, &bx);
            q[i] = !borrow;
            r = self.mux_vec(borrow, &shifted[..n], &diff[..n]);
        }
        (q, r)
    }

    fn abs(&mut self, a: &[Lit]) -> Vec<Lit> {
        let n = self.neg(a);
        self.mux_vec(a[a.len() - 1], &n, a)
    }

    pub fn sdiv(&mut self, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
        let (sa, sb) = (a[a.len() - 1], b[b.len() - 1]);
        let (ua, ub) = (self.abs(a), self.abs(b));
        let q = self.udivrem(&ua, &ub).0;
        let nq = self.neg(&q);
        let flip = self.xor(sa, sb);
        self.mux_vec(flip, &nq, &q)
    }

    pub fn srem(&mut self, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
        let sa = a[a.len() - 1];
        let (ua, ub) = (self.abs(a), self.abs(b));
        let r = self.udivrem(&ua, &ub).1;
        let nr = self.neg(&r);
        self.mux_vec(sa, &nr, &r)
    }

    /// SMT-LIB `bvsmod`: the remainder with the sign of the divisor.
    pub fn smod(&mut self, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
        let (sa, sb) = (a[a.len() - 1], b[b.len() - 1]);
        let (ua, ub) = (self.abs(a), self.abs(b));
        let u = self.udivrem(&ua, &ub).1;
        let nu = self.neg(&u);
        let nu_plus_b = self.add(&nu, b, F).0;
        let u_plus_b = self.add(&u, b, F).0;
        // Both signs: (sa, sb) = (0,0) u; (1,0) -u + b; (0,1) u + b; (1,1) -u.
        let if_b_pos = self.mux_vec(sa, &nu_plus_b, &u);
        let if_b_neg = self.mux_vec(sa, &nu, &u_plus_b);
        let signed = self.mux_vec(sb, &if_b_neg, &if_b_pos);
        let zero = vec![F; u.len()];
        let u_zero = self.eq(&u, &zero);
        self.mux_vec(u_zero, &u, &signed)
    }

    /// Whether `a * b` does not fit `n` bits, unsigned or signed.
    pub fn mulo(&mut self, a: &[Lit], b: &[Lit], signed: bool) -> Lit {
        let n = a.len();
        let ext = |x: &[Lit]| {
            let fill = if signed { x[n - 1] } else { F };
            let mut v = x.to_vec();
            v.resize(2 * n, fill);
            v
        };
        let p = self.mul(&ext(a), &ext(b));
        if signed {
            // The top n + 1 bits must all equal the sign of the n-bit result.
            let s = p[n - 1];
            let diff: Vec<Lit> = p[n..].iter().map(|&x| self.xor(x, s)).collect();
            self.or_all(&diff)
        } else {
            self.or_all(&p[n..])
        }
    }

    // ---- shifts ----

    /// Shifts `a` by the unsigned value of `amt`: left (`left`), else right filling with `fill`.
    pub fn shift(&mut self, a: &[Lit], amt: &[Lit], left: bool, fill: Lit) -> Vec<Lit> {
        let n = a.len();
        let mut cur = a.to_vec();
        let mut over = F;
        for (k, &s) in amt.iter().enumerate() {
            if k >= usize::BITS as usize - 1 || (1usize << k) >= n {
                over = self.or(over, s);
                continue;
            }
            let d = 1usize << k;
            let shifted: Vec<Lit> = (0..n)
                .map(|i| {
                    if left {
                        if i >= d {
                            cur[i - d]
                        } else {
                            F
                        }
                    } else if i + d < n {
                        cur[i + d]
                    } else {
                        fill
                    }
                })
                .collect();
            cur = self.mux_vec(s, &shifted, &cur);
        }
        let all_fill = vec![if left { F } else { fill }; n];
        self.mux_vec(over, &all_fill, &cur)
    }

    /// Rotates `a` by the unsigned value of `amt` modulo the width.
    pub fn rotate(&mut self, a: &[Lit], amt: &[Lit], left: bool) -> Vec<Lit> {
        let n = a.len();
        // The amount modulo n, on enough bits for n - 1.
        let bits_n = (usize::BITS - n.leading_zeros()) as usize;
        let amt = if n.is_power_of_two() {
            amt.iter().copied().take(bits_n - 1).collect::<Vec<_>>()
        } else {
            let w = amt.len().max(bits_n);
            let mut x = amt.to_vec();
            x.resize(w, F);
            let m: Vec<Lit> = (0..w)
                .map(|i| if i < bits_n && n >> i & 1 == 1 { T } else { F })
                .collect();
            let mut r = self.udivrem(&x, &m).1;
            r.truncate(bits_n);
            r
        };
        let mut cur = a.to_vec();
        for (k, &s) in amt.iter().enumerate() {
            let d = (1usize << k) % n;
            let rotated: Vec<Lit> = (0..n)
                .map(|i| {
                    if left {
                        cur[(i + n - d) % n]
                    } else {
                        cur[(i + d) % n]
                    }
                })
                .collect();
            cur = self.mux_vec(s, &rotated, &cur);
        }
        cur
    }
}
