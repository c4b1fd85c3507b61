//! Each bit-vector operator on random values: the blasted AIG, evaluated gate by gate, agrees
//! with a word-level evaluator written here (on `u128` up to 128 bits; on bit vectors and
//! pairs of `u128` for the operators tested at 129 and 130 bits).

use pdrkit_btor2::{blast, parse, Blasted};
use pdrkit_logic::rng::Rng;

/// Operators, and whether they are expensive to blast (tested on fewer widths).
const BINARY: &[&str] = &[
    "iff", "implies", "eq", "neq", "sgt", "sgte", "slt", "slte", "ugt", "ugte", "ult", "ulte",
    "and", "nand", "nor", "or", "xnor", "xor", "rol", "ror", "sll", "sra", "srl", "add", "mul",
    "sdiv", "smod", "srem", "udiv", "urem", "sub", "saddo", "uaddo", "sdivo", "smulo", "umulo",
    "ssubo", "usubo", "concat",
];
const UNARY: &[&str] = &[
    "not", "inc", "dec", "neg", "redand", "redor", "redxor", "slice", "uext", "sext",
];
const EXPENSIVE: &[&str] = &[
    "mul", "sdiv", "smod", "srem", "udiv", "urem", "smulo", "umulo",
];
/// The operators the wide (129- and 130-bit) evaluator knows.
const WIDE: &[&str] = &[
    "not", "inc", "dec", "neg", "redand", "redor", "redxor", "slice", "uext", "sext", "iff",
    "implies", "eq", "neq", "sgt", "sgte", "slt", "slte", "ugt", "ugte", "ult", "ulte", "and",
    "nand", "nor", "or", "xnor", "xor", "sll", "srl", "sra", "rol", "ror", "add", "sub", "concat",
    "ite",
];

/// One operator instance: operand widths, result width, indices.
struct Case {
    op: &'static str,
    wa: u32,
    wb: u32,
    wr: u32,
    params: Vec<u32>,
    arity: usize,
    neg_a: bool,
}

fn result_width(op: &str, wa: u32, wb: u32, params: &[u32]) -> u32 {
    match op {
        "redand" | "redor" | "redxor" | "eq" | "neq" | "sgt" | "sgte" | "slt" | "slte" | "ugt"
        | "ugte" | "ult" | "ulte" | "saddo" | "uaddo" | "sdivo" | "smulo" | "umulo" | "ssubo"
        | "usubo" => 1,
        "slice" => params[0] - params[1] + 1,
        "uext" | "sext" => wa + params[0],
        "concat" => wa + wb,
        _ => wa,
    }
}

fn model_text(c: &Case) -> String {
    let params: String = c.params.iter().map(|p| format!(" {p}")).collect();
    let a = if c.neg_a { "-5" } else { "5" };
    let args = match c.arity {
        1 => a.to_string(),
        2 => format!("{a} 6"),
        _ => "7 5 6".to_string(),
    };
    format!(
        "1 sort bitvec {}\n2 sort bitvec {}\n3 sort bitvec {}\n4 sort bitvec 1\n\
         5 input 1 a\n6 input 2 b\n7 input 4 c\n8 {} 3 {args}{params}\n9 output 8 r\n",
        c.wa, c.wb, c.wr, c.op
    )
}

/// Evaluates the AIG's output for input values (each LSB first).
fn evaluate(b: &Blasted, inputs: &[&[bool]]) -> Vec<bool> {
    let aig = &b.aig;
    let mut val = vec![false; aig.max_var as usize + 1];
    for (v, bits) in b.inputs.iter().zip(inputs) {
        assert_eq!(v.bits.len(), bits.len());
        for (l, &x) in v.bits.iter().zip(bits.iter()) {
            assert!(!l.is_neg());
            val[l.var().idx()] = x;
        }
    }
    let lit = |val: &[bool], l: pdrkit_logic::Lit| val[l.var().idx()] ^ l.is_neg();
    for g in &aig.ands {
        val[g.lhs.var().idx()] = lit(&val, g.rhs0) && lit(&val, g.rhs1);
    }
    b.outputs[0].bits.iter().map(|&l| lit(&val, l)).collect()
}

// ---- the narrow evaluator: u128 ----

fn mask(w: u32) -> u128 {
    if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn signed(x: u128, w: u32) -> i128 {
    ((x << (128 - w)) as i128) >> (128 - w)
}

fn unsigned(x: i128, w: u32) -> u128 {
    (x as u128) & mask(w)
}

fn smin(w: u32) -> i128 {
    signed(1u128 << (w - 1), w)
}

fn smax(w: u32) -> i128 {
    signed(mask(w) >> 1, w)
}

fn out_of_range(x: Option<i128>, w: u32) -> bool {
    x.is_none_or(|v| v < smin(w) || v > smax(w))
}

fn narrow(c: &Case, a: u128, b: u128, cond: bool) -> u128 {
    let w = c.wa;
    let m = mask(w);
    let (sa, sb) = (signed(a, w), signed(b, c.wb));
    let bit = |x: bool| x as u128;
    match c.op {
        "not" => !a & m,
        "inc" => a.wrapping_add(1) & m,
        "dec" => a.wrapping_sub(1) & m,
        "neg" => a.wrapping_neg() & m,
        "redand" => bit(a == m),
        "redor" => bit(a != 0),
        "redxor" => bit(a.count_ones() % 2 == 1),
        "slice" => (a >> c.params[1]) & mask(c.params[0] - c.params[1] + 1),
        "uext" => a,
        "sext" => unsigned(sa, c.wr),
        "iff" | "xnor" => !(a ^ b) & m,
        "implies" => (!a | b) & m,
        "eq" => bit(a == b),
        "neq" => bit(a != b),
        "sgt" => bit(sa > sb),
        "sgte" => bit(sa >= sb),
        "slt" => bit(sa < sb),
        "slte" => bit(sa <= sb),
        "ugt" => bit(a > b),
        "ugte" => bit(a >= b),
        "ult" => bit(a < b),
        "ulte" => bit(a <= b),
        "and" => a & b,
        "nand" => !(a & b) & m,
        "nor" => !(a | b) & m,
        "or" => a | b,
        "xor" => a ^ b,
        "rol" | "ror" => {
            let k = (b % w as u128) as u32;
            let k = if c.op == "rol" { k } else { (w - k) % w };
            if k == 0 {
                a
            } else {
                ((a << k) | (a >> (w - k))) & m
            }
        }
        "sll" => {
            if b >= w as u128 {
                0
            } else {
                (a << b) & m
            }
        }
        "srl" => {
            if b >= w as u128 {
                0
            } else {
                a >> b
            }
        }
        "sra" => {
            if b >= w as u128 {
                if sa < 0 {
                    m
                } else {
                    0
                }
            } else {
                unsigned(sa >> b, w)
            }
        }
        "add" => a.wrapping_add(b) & m,
        "sub" => a.wrapping_sub(b) & m,
        "mul" => a.wrapping_mul(b) & m,
        "udiv" => a.checked_div(b).unwrap_or(m),
        "urem" => {
            if b == 0 {
                a
            } else {
                a % b
            }
        }
        "sdiv" => {
            if b == 0 {
                if sa >= 0 {
                    m
                } else {
                    1
                }
            } else {
                unsigned(sa.wrapping_div(sb), w)
            }
        }
        "srem" => {
            if b == 0 {
                a
            } else {
                unsigned(sa.wrapping_rem(sb), w)
            }
        }
        "smod" => {
            if b == 0 {
                a
            } else {
                let r = sa.wrapping_rem(sb);
                let r = if r != 0 && (r < 0) != (sb < 0) {
                    r.wrapping_add(sb)
                } else {
                    r
                };
                unsigned(r, w)
            }
        }
        "saddo" => bit(out_of_range(sa.checked_add(sb), w)),
        "ssubo" => bit(out_of_range(sa.checked_sub(sb), w)),
        "smulo" => bit(out_of_range(sa.checked_mul(sb), w)),
        "uaddo" => bit(a.checked_add(b).is_none_or(|v| v > m)),
        "usubo" => bit(a < b),
        "umulo" => bit(a.checked_mul(b).is_none_or(|v| v > m)),
        "sdivo" => bit(sa == smin(w) && sb == -1),
        "concat" => (a << c.wb) | b,
        "ite" => {
            if cond {
                a
            } else {
                b
            }
        }
        op => panic!("no reference for {op}"),
    }
}

fn to_u128(bits: &[bool]) -> u128 {
    bits.iter().rev().fold(0, |acc, &b| acc << 1 | b as u128)
}

fn to_bits(x: u128, w: u32) -> Vec<bool> {
    (0..w).map(|i| x >> i & 1 == 1).collect()
}

// ---- the wide evaluator: bit vectors, with pairs of u128 for arithmetic ----

/// `(high, low)`: the value `high * 2^128 + low`.
fn pair(bits: &[bool]) -> (u128, u128) {
    let lo = to_u128(&bits[..bits.len().min(128)]);
    let hi = if bits.len() > 128 {
        to_u128(&bits[128..])
    } else {
        0
    };
    (hi, lo)
}

fn unpair((hi, lo): (u128, u128), w: u32) -> Vec<bool> {
    let mut v = to_bits(lo, w.min(128));
    if w > 128 {
        v.extend(to_bits(hi, w - 128));
    }
    v
}

fn wide_add(a: &[bool], b: &[bool]) -> Vec<bool> {
    let ((ah, al), (bh, bl)) = (pair(a), pair(b));
    let (lo, carry) = al.overflowing_add(bl);
    let hi = ah.wrapping_add(bh).wrapping_add(carry as u128);
    unpair((hi, lo), a.len() as u32)
}

fn not(a: &[bool]) -> Vec<bool> {
    a.iter().map(|&x| !x).collect()
}

fn small(x: u128, w: usize) -> Vec<bool> {
    let mut v = to_bits(x, 128);
    v.resize(w, false);
    v
}

fn wide(c: &Case, a: &[bool], b: &[bool], cond: bool) -> Vec<bool> {
    let w = a.len();
    let zip = |f: fn(bool, bool) -> bool| -> Vec<bool> {
        a.iter().zip(b).map(|(&x, &y)| f(x, y)).collect()
    };
    let ucmp = |x: &[bool], y: &[bool]| pair(x).cmp(&pair(y));
    let flip = |x: &[bool]| {
        let mut v = x.to_vec();
        let n = v.len();
        v[n - 1] = !v[n - 1];
        v
    };
    let scmp = || ucmp(&flip(a), &flip(b));
    let one = |x: bool| vec![x];
    let amount = || {
        let (hi, lo) = pair(b);
        if hi != 0 || lo > w as u128 {
            w
        } else {
            lo as usize
        }
    };
    use std::cmp::Ordering::*;
    match c.op {
        "not" => not(a),
        "inc" => wide_add(a, &small(1, w)),
        "dec" => wide_add(a, &vec![true; w]),
        "neg" => wide_add(&not(a), &small(1, w)),
        "redand" => one(a.iter().all(|&x| x)),
        "redor" => one(a.iter().any(|&x| x)),
        "redxor" => one(a.iter().filter(|&&x| x).count() % 2 == 1),
        "slice" => a[c.params[1] as usize..=c.params[0] as usize].to_vec(),
        "uext" | "sext" => {
            let mut v = a.to_vec();
            let fill = c.op == "sext" && a[w - 1];
            v.resize(w + c.params[0] as usize, fill);
            v
        }
        "iff" | "xnor" => zip(|x, y| x == y),
        "implies" => zip(|x, y| !x || y),
        "eq" => one(a == b),
        "neq" => one(a != b),
        "ugt" => one(ucmp(a, b) == Greater),
        "ugte" => one(ucmp(a, b) != Less),
        "ult" => one(ucmp(a, b) == Less),
        "ulte" => one(ucmp(a, b) != Greater),
        "sgt" => one(scmp() == Greater),
        "sgte" => one(scmp() != Less),
        "slt" => one(scmp() == Less),
        "slte" => one(scmp() != Greater),
        "and" => zip(|x, y| x && y),
        "nand" => zip(|x, y| !(x && y)),
        "nor" => zip(|x, y| !(x || y)),
        "or" => zip(|x, y| x || y),
        "xor" => zip(|x, y| x != y),
        "sll" => {
            let k = amount();
            (0..w).map(|i| i >= k && a[i - k]).collect()
        }
        "srl" | "sra" => {
            let k = amount();
            let fill = c.op == "sra" && a[w - 1];
            (0..w)
                .map(|i| if i + k < w { a[i + k] } else { fill })
                .collect()
        }
        "rol" | "ror" => {
            // The amount modulo w, by long division on the bits.
            let mut r = 0usize;
            for &x in b.iter().rev() {
                r = (2 * r + x as usize) % w;
            }
            let k = if c.op == "rol" { r } else { (w - r) % w };
            (0..w).map(|i| a[(i + w - k) % w]).collect()
        }
        "add" => wide_add(a, b),
        "sub" => wide_add(&wide_add(a, &not(b)), &small(1, w)),
        "concat" => {
            let mut v = b.to_vec();
            v.extend_from_slice(a);
            v
        }
        "ite" => {
            if cond {
                a.to_vec()
            } else {
                b.to_vec()
            }
        }
        op => panic!("no wide reference for {op}"),
    }
}

// ---- random cases ----

/// A value of width `w`, often an edge case.
fn value(rng: &mut Rng, w: u32) -> Vec<bool> {
    let w = w as usize;
    let mut v: Vec<bool> = (0..w).map(|_| rng.percent(50)).collect();
    match rng.below(10) {
        0 => v.fill(false),
        1 => v.fill(true),
        2 => {
            // INT_MIN
            v.fill(false);
            v[w - 1] = true;
        }
        3 => {
            // INT_MAX
            v.fill(true);
            v[w - 1] = false;
        }
        4 => {
            // A small number.
            let x = rng.below(5) as u128;
            v = small(x, w);
        }
        5 => {
            // Sparse high bits.
            for (i, b) in v.iter_mut().enumerate() {
                *b = i < 3 && *b;
            }
        }
        _ => {}
    }
    v
}

/// A shift or rotate amount: often below the width plus a few.
fn amount(rng: &mut Rng, w: u32, wa: u32) -> Vec<bool> {
    if rng.percent(60) {
        small(rng.below(wa as usize + 3) as u128, w as usize)
    } else {
        value(rng, w)
    }
}

fn case(rng: &mut Rng, op: &'static str, w: u32) -> Case {
    let mut wa = w;
    let mut wb = w;
    let mut params = vec![];
    let arity = if op == "ite" {
        3
    } else if UNARY.contains(&op) {
        1
    } else {
        2
    };
    match op {
        "slice" => {
            let lower = rng.below(w as usize) as u32;
            let upper = lower + rng.below((w - lower) as usize) as u32;
            params = vec![upper, lower];
        }
        "uext" | "sext" => {
            // Result width w: extend a narrower operand (or w itself by 0).
            wa = 1 + rng.below(w as usize) as u32;
            params = vec![w - wa];
        }
        "concat" => {
            if w == 1 {
                wa = 1;
                wb = 1;
            } else {
                wa = 1 + rng.below(w as usize - 1) as u32;
                wb = w - wa;
            }
        }
        _ => {}
    }
    let wr = result_width(op, wa, wb, &params);
    Case {
        op,
        wa,
        wb,
        wr,
        params,
        arity,
        neg_a: arity < 3 && rng.percent(25),
    }
}

fn check(rng: &mut Rng, c: &Case, samples: usize) {
    let text = model_text(c);
    let model = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let blasted = blast(&model).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(blasted.outputs[0].bits.len(), c.wr as usize);
    let shifty = matches!(c.op, "sll" | "srl" | "sra" | "rol" | "ror");
    for _ in 0..samples {
        let a = value(rng, c.wa);
        let b = if shifty {
            amount(rng, c.wb, c.wa)
        } else if rng.percent(15) {
            // Operands that are equal (or complementary) test the edges of comparisons.
            let mut v = a.clone();
            v.resize(c.wb as usize, false);
            v
        } else {
            value(rng, c.wb)
        };
        let cond = [rng.percent(50)];
        let got = evaluate(&blasted, &[&a, &b, &cond]);
        let a_eff = if c.neg_a { not(&a) } else { a.clone() };
        let expected = if c.wa.max(c.wb).max(c.wr) > 128 {
            wide(c, &a_eff, &b, cond[0])
        } else {
            to_bits(narrow(c, to_u128(&a_eff), to_u128(&b), cond[0]), c.wr)
        };
        assert_eq!(
            got,
            expected,
            "{} (a negated: {}) on a = {:#x}, b = {:#x}, c = {}\n{text}",
            c.op,
            c.neg_a,
            pair(&a_eff).1,
            pair(&b).1,
            cond[0]
        );
    }
}

fn all_ops() -> impl Iterator<Item = &'static str> {
    UNARY
        .iter()
        .chain(BINARY)
        .copied()
        .chain(std::iter::once("ite"))
}

#[test]
fn cheap_operators_on_every_width() {
    let mut rng = Rng::new(1);
    for w in 1..=130 {
        for op in all_ops() {
            if EXPENSIVE.contains(&op) || (w > 128 && !WIDE.contains(&op)) {
                continue;
            }
            let c = case(&mut rng, op, w);
            check(&mut rng, &c, 24);
        }
    }
}

#[test]
fn expensive_operators_on_some_widths() {
    let mut rng = Rng::new(2);
    let mut widths: Vec<u32> = (1..=17).collect();
    widths.extend([24, 31, 32, 33, 47, 63, 64, 65, 96, 100, 127, 128]);
    for _ in 0..4 {
        widths.push(18 + rng.below(110) as u32);
    }
    for &w in &widths {
        for &op in EXPENSIVE {
            let c = case(&mut rng, op, w);
            check(&mut rng, &c, if w <= 8 { 200 } else { 30 });
        }
    }
}

#[test]
fn exhaustive_small_widths() {
    // Every pair of values at widths 1 to 4, every binary operator (and a, b unnegated).
    let mut rng = Rng::new(3);
    for w in 1..=4u32 {
        for &op in BINARY {
            let mut c = case(&mut rng, op, w);
            c.neg_a = false;
            let blasted = blast(&parse(&model_text(&c)).unwrap()).unwrap();
            for x in 0..1u128 << c.wa {
                for y in 0..1u128 << c.wb {
                    let got = evaluate(&blasted, &[&to_bits(x, c.wa), &to_bits(y, c.wb), &[false]]);
                    let expected = to_bits(narrow(&c, x, y, false), c.wr);
                    assert_eq!(got, expected, "{op} width {w}: {x} {y}");
                }
            }
        }
    }
}
