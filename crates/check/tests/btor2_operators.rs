//! Every BTOR2 bit-vector operator on hand-computed values (widths 1, 64, 65, 128, 130;
//! division by zero, shifts by the width or more, the overflow predicates), and a table of
//! results computed with the reference semantics of the project's `btorsim.py`
//! (`tests/data/btor2_operators.txt`), evaluated through the checker's own BTOR2 reader.

use pdrkit_check::{evaluate_btor2, parse_btor2, Btor2Value, Bv};

/// The value of `op` applied to hexadecimal constants of width `w` (result width `rw`), read
/// and evaluated as a BTOR2 model.
fn eval(op: &str, w: u32, rw: u32, args: &[&str]) -> Bv {
    let mut text = format!("1 sort bitvec {w}\n2 sort bitvec {rw}\n");
    for (i, a) in args.iter().enumerate() {
        text += &format!("{} consth 1 {a}\n", 3 + i);
    }
    let ids: Vec<String> = (0..args.len()).map(|i| (3 + i).to_string()).collect();
    text += &format!("10 {op} 2 {}\n", ids.join(" "));
    let m = parse_btor2(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let v = evaluate_btor2(&m, &[], &[]);
    match v.last().unwrap() {
        Some(Btor2Value::Bv(b)) => b.clone(),
        other => panic!("{other:?}"),
    }
}

fn hex(w: u32, s: &str) -> Bv {
    Bv::from_hex(w, s).unwrap_or_else(|| panic!("{s} in {w} bits"))
}

fn is_predicate(op: &str) -> bool {
    matches!(
        op,
        "eq" | "neq"
            | "sgt"
            | "ugt"
            | "sgte"
            | "ugte"
            | "slt"
            | "ult"
            | "slte"
            | "ulte"
            | "saddo"
            | "uaddo"
            | "sdivo"
            | "smulo"
            | "umulo"
            | "ssubo"
            | "usubo"
            | "redand"
            | "redor"
            | "redxor"
            | "iff"
            | "implies"
    )
}

#[test]
fn operators_agree_with_the_reference_table() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/btor2_operators.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let (op, w): (&str, u32) = (t[0], t[1].parse().unwrap());
        let rw = if is_predicate(op) {
            1
        } else if op == "concat" {
            2 * w
        } else {
            w
        };
        let args: Vec<&str> = if t[3] == "-" {
            vec![t[2]]
        } else {
            vec![t[2], t[3]]
        };
        let got = eval(op, w, rw, &args);
        assert_eq!(got, hex(rw, t[4]), "{line}");
        n += 1;
    }
    assert!(n > 1500, "{n} table rows");
}

/// `2^k - 1` in hexadecimal.
fn ones(w: u32) -> String {
    to_hex(&Bv::ones(w))
}

fn to_hex(b: &Bv) -> String {
    let bits = b.to_bits();
    let pad = (4 - bits.len() % 4) % 4;
    let bits = "0".repeat(pad) + &bits;
    bits.as_bytes()
        .chunks(4)
        .map(|c| {
            let v = c.iter().fold(0, |acc, &x| acc * 2 + (x - b'0') as u32);
            char::from_digit(v, 16).unwrap()
        })
        .collect()
}

#[test]
fn division_by_zero() {
    for w in [1u32, 64, 65, 128, 130] {
        let m = ones(w);
        // udiv by 0: all ones; urem by 0: the dividend.
        assert_eq!(eval("udiv", w, w, &["1", "0"]), Bv::ones(w), "{w}");
        assert_eq!(eval("udiv", w, w, &["0", "0"]), Bv::ones(w), "{w}");
        assert_eq!(eval("urem", w, w, &["1", "0"]), hex(w, "1"), "{w}");
        assert_eq!(eval("urem", w, w, &[&m, "0"]), Bv::ones(w), "{w}");
        // sdiv by 0: -1 for a non-negative dividend, 1 for a negative one.
        assert_eq!(eval("sdiv", w, w, &["0", "0"]), Bv::ones(w), "{w}");
        assert_eq!(eval("sdiv", w, w, &[&m, "0"]), hex(w, "1"), "{w}");
        // srem and smod by 0: the dividend.
        assert_eq!(eval("srem", w, w, &[&m, "0"]), Bv::ones(w), "{w}");
        assert_eq!(eval("smod", w, w, &[&m, "0"]), Bv::ones(w), "{w}");
        assert_eq!(eval("smod", w, w, &["1", "0"]), hex(w, "1"), "{w}");
    }
    // 130 bits: 2^129 + 5 divided by 3 (hand computed).
    let a = "200000000000000000000000000000005"; // 2^129 + 5
    assert_eq!(
        eval("udiv", 130, 130, &[a, "3"]),
        hex(130, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac")
    );
    assert_eq!(eval("urem", 130, 130, &[a, "3"]), hex(130, "1"));
}

#[test]
fn signed_division_sign_rules() {
    // 8 bits: -7 = f9, 2, -2 = fe.
    let w = 8;
    assert_eq!(eval("sdiv", w, w, &["f9", "2"]), hex(w, "fd")); // -3
    assert_eq!(eval("srem", w, w, &["f9", "2"]), hex(w, "ff")); // -1
    assert_eq!(eval("smod", w, w, &["f9", "2"]), hex(w, "1")); // 1
    assert_eq!(eval("sdiv", w, w, &["7", "fe"]), hex(w, "fd")); // -3
    assert_eq!(eval("srem", w, w, &["7", "fe"]), hex(w, "1")); // 1
    assert_eq!(eval("smod", w, w, &["7", "fe"]), hex(w, "ff")); // -1
    assert_eq!(eval("sdiv", w, w, &["f9", "fe"]), hex(w, "3"));
    assert_eq!(eval("srem", w, w, &["f9", "fe"]), hex(w, "ff")); // -1
    assert_eq!(eval("smod", w, w, &["f9", "fe"]), hex(w, "ff")); // -1
    assert_eq!(eval("smod", w, w, &["f8", "2"]), hex(w, "0"));
    // INT_MIN / -1 wraps to INT_MIN, and sdivo says so.
    assert_eq!(eval("sdiv", w, w, &["80", "ff"]), hex(w, "80"));
    assert_eq!(eval("sdivo", w, 1, &["80", "ff"]), hex(1, "1"));
    assert_eq!(eval("sdivo", w, 1, &["81", "ff"]), hex(1, "0"));
    // 65 bits: -(2^64) / 2 = -(2^63).
    assert_eq!(
        eval("sdiv", 65, 65, &["10000000000000000", "2"]),
        hex(65, "18000000000000000")
    );
    // 1 bit: -1 / -1 = 1 = -1 in one bit; sdivo(1, 1) since 1 is INT_MIN and -1.
    assert_eq!(eval("sdiv", 1, 1, &["1", "1"]), hex(1, "1"));
    assert_eq!(eval("sdivo", 1, 1, &["1", "1"]), hex(1, "1"));
}

#[test]
fn shifts_and_rotations() {
    for w in [64u32, 65, 128, 130] {
        let m = ones(w);
        // By the width or more: 0, or all sign bits for sra.
        let wh = format!("{w:x}");
        assert!(eval("sll", w, w, &[&m, &wh]).is_zero(), "{w}");
        assert!(eval("srl", w, w, &[&m, &wh]).is_zero(), "{w}");
        assert_eq!(eval("sra", w, w, &[&m, &wh]), Bv::ones(w), "{w}");
        assert!(eval("sra", w, w, &["1", &wh]).is_zero(), "{w}");
        assert!(eval("sll", w, w, &["1", &m]).is_zero(), "{w}");
        // By width - 1.
        let w1 = format!("{:x}", w - 1);
        let top = Bv::from_u64(w, 1).shl(w - 1);
        assert_eq!(eval("sll", w, w, &["1", &w1]), top, "{w}");
        assert_eq!(eval("srl", w, w, &[&to_hex(&top), &w1]), hex(w, "1"), "{w}");
        assert_eq!(eval("sra", w, w, &[&to_hex(&top), &w1]), Bv::ones(w), "{w}");
        // Rotations take the amount modulo the width.
        let w1p = format!("{:x}", w + 1);
        assert_eq!(eval("rol", w, w, &["1", &w1p]), hex(w, "2"), "{w}");
        assert_eq!(eval("ror", w, w, &["1", &w1p]), top, "{w}");
        assert_eq!(eval("rol", w, w, &["3", &wh]), hex(w, "3"), "{w}");
    }
    // Across a limb boundary: 65 bits, 1 << 64 and back.
    assert_eq!(
        eval("sll", 65, 65, &["1", "40"]),
        hex(65, "10000000000000000")
    );
    assert_eq!(
        eval("srl", 65, 65, &["10000000000000000", "40"]),
        hex(65, "1")
    );
    assert_eq!(
        eval("rol", 130, 130, &["3", "81"]),
        hex(130, "200000000000000000000000000000001")
    );
    // 1 bit: any shift by 1 is out of range, rotations are the identity.
    assert_eq!(eval("sll", 1, 1, &["1", "1"]), hex(1, "0"));
    assert_eq!(eval("sra", 1, 1, &["1", "1"]), hex(1, "1"));
    assert_eq!(eval("rol", 1, 1, &["1", "1"]), hex(1, "1"));
}

#[test]
fn overflow_predicates() {
    for w in [1u32, 64, 65, 128, 130] {
        let m = ones(w);
        let min = to_hex(&Bv::from_u64(w, 1).shl(w - 1));
        let max = to_hex(&Bv::from_u64(w, 1).shl(w - 1).not());
        let t = hex(1, "1");
        let f = hex(1, "0");
        assert_eq!(eval("uaddo", w, 1, &[&m, "1"]), t, "{w}");
        assert_eq!(eval("uaddo", w, 1, &[&m, "0"]), f, "{w}");
        assert_eq!(eval("usubo", w, 1, &["0", "1"]), t, "{w}");
        assert_eq!(eval("usubo", w, 1, &["1", "1"]), f, "{w}");
        assert_eq!(
            eval("umulo", w, 1, &[&m, &m]),
            hex(1, if w == 1 { "0" } else { "1" })
        );
        assert_eq!(eval("umulo", w, 1, &[&m, "1"]), f, "{w}");
        assert_eq!(eval("saddo", w, 1, &[&min, &m]), t, "{w}"); // MIN + -1
        assert_eq!(
            eval("ssubo", w, 1, &[&min, "1"]),
            hex(1, if w == 1 { "0" } else { "1" })
        );
        assert_eq!(eval("smulo", w, 1, &[&min, &m]), t, "{w}"); // MIN * -1
        assert_eq!(eval("sdivo", w, 1, &[&min, &m]), t, "{w}");
        if w > 1 {
            assert_eq!(eval("saddo", w, 1, &[&max, "1"]), t, "{w}");
            assert_eq!(eval("saddo", w, 1, &[&max, &m]), f, "{w}");
            assert_eq!(eval("ssubo", w, 1, &[&max, &m]), t, "{w}"); // MAX - -1
            assert_eq!(eval("smulo", w, 1, &[&max, "1"]), f, "{w}");
            assert_eq!(eval("smulo", w, 1, &[&max, "2"]), t, "{w}");
            assert_eq!(eval("smulo", w, 1, &[&m, &m]), f, "{w}"); // -1 * -1
            assert_eq!(eval("umulo", w, 1, &[&min, "2"]), t, "{w}");
            assert_eq!(eval("umulo", w, 1, &[&min, "1"]), f, "{w}");
        }
    }
    // 1 bit: 1 is -1 as a signed value. -1 + -1 = -2 overflows; 0 - 1 = -1 does not.
    assert_eq!(eval("saddo", 1, 1, &["1", "1"]), hex(1, "1"));
    assert_eq!(eval("ssubo", 1, 1, &["0", "1"]), hex(1, "1")); // 0 - (-1) = 1 overflows
    assert_eq!(eval("smulo", 1, 1, &["1", "1"]), hex(1, "1")); // (-1)(-1) = 1 overflows
}

#[test]
fn arithmetic_across_limbs() {
    // 64 bits: wrap-around.
    let m64 = ones(64);
    assert!(eval("add", 64, 64, &[&m64, "1"]).is_zero());
    assert_eq!(eval("inc", 64, 64, &[&m64]), hex(64, "0"));
    assert_eq!(eval("dec", 64, 64, &["0"]), Bv::ones(64));
    // 65 bits: the carry reaches bit 64.
    assert_eq!(
        eval("add", 65, 65, &[&m64, "1"]),
        hex(65, "10000000000000000")
    );
    assert_eq!(
        eval("sub", 65, 65, &["10000000000000000", "1"]),
        hex(65, &m64)
    );
    assert_eq!(eval("neg", 65, 65, &["1"]), Bv::ones(65));
    // 128 bits: (2^64 + 1)^2 = 2^128 + 2^65 + 1 = 2^65 + 1 modulo 2^128.
    assert_eq!(
        eval("mul", 128, 128, &["10000000000000001", "10000000000000001"]),
        hex(128, "20000000000000001")
    );
    // 130 bits: the same product is exact.
    assert_eq!(
        eval("mul", 130, 130, &["10000000000000001", "10000000000000001"]),
        hex(130, "100000000000000020000000000000001")
    );
    // Comparisons at 130 bits: the sign bit is bit 129.
    let neg1 = ones(130);
    assert_eq!(eval("slt", 130, 1, &[&neg1, "0"]), hex(1, "1"));
    assert_eq!(eval("ult", 130, 1, &[&neg1, "0"]), hex(1, "0"));
    assert_eq!(eval("sgte", 130, 1, &["0", &neg1]), hex(1, "1"));
    assert_eq!(eval("ugt", 130, 1, &[&neg1, "0"]), hex(1, "1"));
    // Reductions.
    assert_eq!(eval("redand", 130, 1, &[&neg1]), hex(1, "1"));
    assert_eq!(eval("redxor", 130, 1, &[&neg1]), hex(1, "0"));
    assert_eq!(eval("redxor", 65, 1, &[&ones(65)]), hex(1, "1"));
    assert_eq!(eval("redor", 130, 1, &["0"]), hex(1, "0"));
}

#[test]
fn indexed_operators_and_concat() {
    let text = "1 sort bitvec 65\n2 sort bitvec 130\n3 sort bitvec 2\n4 sort bitvec 1\n\
                5 consth 1 10000000000000001\n\
                6 concat 2 5 5\n\
                7 slice 3 5 64 63\n\
                8 sext 2 5 65\n\
                9 uext 2 5 65\n\
                10 slice 4 6 65 65\n\
                11 sext 1 -5 0\n";
    let m = parse_btor2(text).unwrap();
    let v = evaluate_btor2(&m, &[], &[]);
    let bv = |i: usize| v[i].as_ref().unwrap().bv().clone();
    assert_eq!(bv(1), hex(130, "200000000000000030000000000000001"));
    assert_eq!(bv(2), hex(2, "2"));
    assert_eq!(bv(3), hex(130, "3ffffffffffffffff0000000000000001"));
    assert_eq!(bv(4), hex(130, "10000000000000001"));
    assert_eq!(bv(5), hex(1, "1"));
    assert_eq!(bv(6), hex(65, "fffffffffffffffe"));
}

#[test]
fn constants() {
    let text = "1 sort bitvec 8\n2 sort bitvec 130\n\
                3 constd 1 -128\n4 constd 1 255\n5 consth 1 ff\n6 const 1 10000001\n\
                7 ones 2\n8 one 2\n9 zero 1\n10 constd 2 -1\n";
    let m = parse_btor2(text).unwrap();
    let v = evaluate_btor2(&m, &[], &[]);
    let bv = |i: usize| v[i].as_ref().unwrap().bv().clone();
    assert_eq!(bv(0), hex(8, "80"));
    assert_eq!(bv(1), hex(8, "ff"));
    assert_eq!(bv(2), hex(8, "ff"));
    assert_eq!(bv(3), hex(8, "81"));
    assert_eq!(bv(4), Bv::ones(130));
    assert_eq!(bv(5), hex(130, "1"));
    assert_eq!(bv(6), hex(8, "0"));
    assert_eq!(bv(7), Bv::ones(130));
    for bad in [
        "1 sort bitvec 8\n2 constd 1 256\n",
        "1 sort bitvec 8\n2 constd 1 -129\n",
        "1 sort bitvec 8\n2 consth 1 100\n",
        "1 sort bitvec 8\n2 const 1 0101\n",
        "1 sort bitvec 8\n2 const 1 0101010x\n",
    ] {
        let e = parse_btor2(bad).unwrap_err();
        assert!(e.to_string().starts_with("line 2:"), "{e}");
    }
}

#[test]
fn arrays() {
    // A 2-bit-indexed array of bytes: write, read, the default, equality as functions.
    let text = "1 sort bitvec 2\n2 sort bitvec 8\n3 sort array 1 2\n4 sort bitvec 1\n\
                5 consth 2 7\n6 state 3 mem\n7 init 3 6 5\n\
                8 consth 1 1\n9 consth 2 2a\n10 write 3 6 8 9\n\
                11 read 2 10 8\n12 read 2 10 -8\n13 eq 4 10 6\n\
                14 write 3 10 8 5\n15 eq 4 14 6\n";
    let m = parse_btor2(text).unwrap();
    let mem = pdrkit_check::Btor2Array::constant(2, hex(8, "7"));
    let v = evaluate_btor2(&m, &[Btor2Value::Array(mem)], &[]);
    let bv = |i: usize| v[i].as_ref().unwrap().bv().clone();
    // Node indices count the non-sort lines: 11 read is index 6.
    assert_eq!(bv(6), hex(8, "2a"));
    assert_eq!(bv(7), hex(8, "7"));
    assert_eq!(bv(8), hex(1, "0"));
    assert_eq!(bv(10), hex(1, "1")); // writing the default back restores the array
}

/// A small deterministic generator (xorshift) for wide operands.
fn wide(seed: &mut u64, w: u32) -> Bv {
    let limbs: Vec<u64> = (0..w.div_ceil(64))
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        })
        .collect();
    Bv::from_limbs(w, &limbs)
}

#[test]
fn wide_vectors_keep_the_division_identity() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for w in [2501u32, 3000] {
        for round in 0..6 {
            let a = wide(&mut seed, w);
            // Divisors of several sizes: full width, one limb, a few limbs.
            let d = match round % 3 {
                0 => wide(&mut seed, w),
                1 => Bv::from_u64(w, 0x1234_5678_9abc_def1),
                _ => wide(&mut seed, 200).uext(w - 200),
            };
            let (q, r) = (a.udiv(&d), a.urem(&d));
            assert_eq!(q.mul(&d).add(&r), a, "{w} {round}");
            assert!(r.ucmp(&d).is_lt(), "{w} {round}");
            // Signed: a = sdiv * d + srem, |srem| < |d|, srem has a's sign.
            let (sq, sr) = (a.sdiv(&d), a.srem(&d));
            assert_eq!(sq.mul(&d).add(&sr), a, "{w} {round}");
            assert!(sr.is_zero() || sr.sign() == a.sign(), "{w} {round}");
            // smod has d's sign and differs from srem by 0 or d.
            let sm = a.smod(&d);
            assert!(sm.is_zero() || sm.sign() == d.sign(), "{w} {round}");
            assert!(sm == sr || sm == sr.add(&d), "{w} {round}");
            // Shifts and rotations across many limbs.
            let n = Bv::from_u64(w, 1000 + round);
            assert_eq!(a.rol(&n).ror(&n), a);
            assert_eq!(
                a.sll(&n).srl(&n),
                a.slice(w - 1 - 1000 - round as u32, 0)
                    .uext(1000 + round as u32)
            );
            assert_eq!(a.concat(&d).slice(2 * w - 1, w), a);
        }
    }
}
