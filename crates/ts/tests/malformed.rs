//! The AIGER reader on malformed input: every class of bad file gets a typed error naming the
//! line or byte offset and what was expected, fast and without panicking; and on valid input:
//! every section is read, the writers read back, and the shared benchmarks all parse.

mod common;

use std::io::Write as _;
use std::time::{Duration, Instant};

use common::{assert_topological, check_round_trips, FULL_AAG};
use pdrkit_logic::Lit;
use pdrkit_ts::aiger::{parse, read_file, write_aag, write_aig};
use pdrkit_ts::Position::{Byte, File, Line};
use pdrkit_ts::{AigerError, Position, Reset, SymbolKind};

/// Parses input that must be rejected, in well under a second, and returns where and why.
fn reject(input: &[u8]) -> (Position, String) {
    let t = Instant::now();
    let r = parse(input);
    assert!(
        t.elapsed() < Duration::from_secs(2),
        "rejecting took {:?}",
        t.elapsed()
    );
    match r {
        Err(AigerError::Syntax { position, message }) => (position, message),
        Err(e @ AigerError::ResetCycle { position, .. }) => (position, e.to_string()),
        Err(e) => panic!("expected a syntax error, got {e}"),
        Ok(a) => panic!("expected an error, parsed {a:?}"),
    }
}

/// Asserts that `input` (case `name`) is rejected at `position` with a message holding every one
/// of `parts`, and that the error's display names the position too.
#[track_caller]
fn assert_rejected(name: &str, input: &[u8], position: Position, parts: &[&str]) {
    let (p, msg) = reject(input);
    assert_eq!(
        p,
        position,
        "{name}: position of {msg:?} for {:?}",
        String::from_utf8_lossy(input)
    );
    for part in parts {
        assert!(
            msg.contains(part),
            "{name}: message {msg:?} lacks {part:?} for {:?}",
            String::from_utf8_lossy(input)
        );
    }
    assert!(
        msg.contains("expected"),
        "{name}: message {msg:?} does not say what was expected"
    );
    let shown = parse(input).unwrap_err().to_string();
    assert!(shown.starts_with(&position.to_string()), "{shown}");
}

fn lit(code: u32) -> Lit {
    Lit::from_code(code)
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

// ---------------------------------------------------------------------------------------------
// Malformed input: one table of (name, input, where the error is, what its message says), and
// the few cases of another shape after it.

/// Malformed inputs, by class: each is rejected (fast, without panicking) at the given line or
/// byte offset, with a message holding every fragment (and saying what was expected).
#[rustfmt::skip]
const REJECTED: &[(&str, &[u8], Position, &[&str])] = &[
    ("empty file", b"", Line(1), &["empty file", "expected", "'aag'"]),
    ("not aiger 1", b"hello world\n", Line(1), &["expected an AIGER header", "'aag' or 'aig'"]),
    ("not aiger 2", b"AAG 0 0 0 0 0\n", Line(1), &["expected an AIGER header", "'aag' or 'aig'"]),
    ("not aiger 3", b"\x00\x01\x02\x03", Line(1), &["expected an AIGER header", "'aag' or 'aig'"]),
    ("not aiger 4", b"aagx 0 0 0 0 0\n", Line(1), &["expected a space before header count M", "'x'"]),
    ("header missing counts 1", b"aag", Line(1), &["unexpected end of file", "header count M"]),
    ("header missing counts 2", b"aag 1 1 0\n2\n", Line(1), &["expected a space before header count O", "0x0a"]),
    ("header missing counts 3", b"aig 3 1 1 1", Line(1), &["unexpected end of file", "header count A"]),
    ("header missing counts 4", b"aag 0 0 0 0 0 0 0 0 0 0\n", Line(1), &["expected a newline after the header", "'0'"]),
    ("header non numeric counts 1", b"aag 1 x 0 0 0\n", Line(1), &["expected header count I (a number)", "'x'"]),
    ("header non numeric counts 2", b"aag -1 0 0 0 0\n", Line(1), &["expected header count M (a number)", "'-'"]),
    ("header non numeric counts 3", b"aag 1 0 0 0 0 b\n", Line(1), &["expected a newline after the header", "'b'"]),
    ("m below i plus l plus a", b"aag 1 1 1 0 0\n2\n4 2\n", Line(1), &["expected M >= I + L + A", "M = 1", "I + L + A = 2"]),
    ("binary m not i plus l plus a", b"aig 3 1 0 0 0\n", Line(1), &["binary AIGER needs M = I + L + A", "M = 3", "I + L + A = 1"]),
    ("truncated ascii 1", b"aag 2 2 0 0 0\n2\n", Line(3), &["unexpected end of file", "expected an input literal"]),
    ("truncated ascii 2", b"aag 3 2 0 1 1\n2\n4\n6\n", Line(5), &["unexpected end of file", "expected an AND gate's literal"]),
    ("truncated ascii 3", b"aag 3 2 0 1 1\n2\n4\n6\n6 2", Line(5), &["unexpected end of file", "the AND gate's second input"]),
    ("truncated ascii 4", b"aag 1 1 0 1 0\n2\n2", Line(3), &["unexpected end of file", "expected a newline after an output literal"]),
    ("truncated ascii 5", b"aag 1 1 0 0 0 0 0 1\n2\n3\n2\n", Line(5), &["unexpected end of file", "expected a justice literal"]),
    ("truncated binary and section 1", b"aig 3 2 0 1 1\n6\n\x02", Byte(17), &["unexpected end of file in the binary AND section", "AND gate 6"]),
    ("truncated binary and section 2", b"aig 3 2 0 1 1\n6\n", Byte(16), &["unexpected end of file in the binary AND section", "AND gate 6"]),
    ("truncated binary and section 3", b"aig 3 2 0 1 1\n6\n\x02\x82", Byte(18), &["unexpected end of file in the binary AND section"]),
    ("definition above 2*M+1: an input", b"aag 1 1 0 0 0\n4\n", Line(2), &["an input is defined by literal 4", "maximum 2*M+1 = 3"]),
    ("definition above 2*M+1: an AND gate", b"aag 1 0 0 0 1\n4 0 0\n", Line(2), &["an AND gate is defined by literal 4", "maximum 2*M+1 = 3"]),
    ("literal out of range: a latch's next-state literal", b"aag 1 0 1 0 0\n2 4\n", Line(2), &["expected a latch's next-state literal of at most 2*M+1 = 3", "found 4"]),
    ("literal out of range: an output literal", b"aag 1 1 0 1 0\n2\n4\n", Line(3), &["expected an output literal of at most 2*M+1 = 3", "found 4"]),
    ("literal out of range: a bad-state literal", b"aag 1 1 0 0 0 1\n2\n9\n", Line(3), &["expected a bad-state literal of at most 2*M+1 = 3", "found 9"]),
    ("literal out of range: a constraint literal", b"aag 1 1 0 0 0 0 1\n2\n4\n", Line(3), &["expected a constraint literal of at most 2*M+1 = 3", "found 4"]),
    ("literal out of range: a justice literal", b"aag 1 1 0 0 0 0 0 1\n2\n1\n5\n", Line(4), &["expected a justice literal of at most 2*M+1 = 3", "found 5"]),
    ("literal out of range: a fairness literal", b"aag 1 1 0 0 0 0 0 0 1\n2\n4\n", Line(3), &["expected a fairness literal of at most 2*M+1 = 3", "found 4"]),
    ("literal out of range: an AND gate's second input", b"aag 2 1 0 0 1\n2\n4 2 6\n", Line(3), &["expected an AND gate's second input of at most 2*M+1 = 5", "found 6"]),
    ("literal out of range: an AND gate's first input", b"aag 2 1 0 0 1\n2\n4 7 2\n", Line(3), &["expected an AND gate's first input of at most 2*M+1 = 5", "found 7"]),
    ("literal out of range: a latch's next-state literal (binary)", b"aig 1 0 1 0 0\n4\n", Line(2), &["expected a latch's next-state literal of at most 2*M+1 = 3", "found 4"]),
    ("literal out of range: an output literal (binary)", b"aig 1 1 0 1 0\n4\n", Line(2), &["expected an output literal of at most 2*M+1 = 3", "found 4"]),
    ("odd literal as definition 1", b"aag 1 1 0 0 0\n3\n", Line(2), &["odd literal 3", "expected an even (positive) literal"]),
    ("odd literal as definition 2", b"aag 1 0 1 0 0\n3 2\n", Line(2), &["odd literal 3", "expected an even (positive) literal"]),
    ("odd literal as definition 3", b"aag 1 0 0 0 1\n3 0 0\n", Line(2), &["odd literal 3", "expected an even (positive) literal"]),
    ("variable defined twice 1", b"aag 2 1 1 0 0\n2\n2 3\n", Line(3), &["variable 1 (literal 2) is defined twice", "as an input and as a latch"]),
    ("variable defined twice 2", b"aag 3 1 0 0 2\n2\n4 2 2\n4 3 3\n", Line(4), &["variable 2 (literal 4) is defined twice", "as an AND gate and as an AND gate"]),
    ("variable defined twice 3", b"aag 2 2 0 0 0\n2\n2\n", Line(3), &["defined twice", "as an input and as an input"]),
    ("variable defined twice 4", b"aag 2 1 0 0 1\n2\n2 0 0\n", Line(3), &["defined twice", "as an input and as an AND gate"]),
    ("constant defined 1", b"aag 1 1 0 0 0\n0\n", Line(2), &["literal 0, the constant", "expected a literal from 2"]),
    ("constant defined 2", b"aag 1 0 1 0 0\n0 1\n", Line(2), &["literal 0, the constant", "expected a literal from 2"]),
    ("constant defined 3", b"aag 1 0 0 0 1\n0 1 1\n", Line(2), &["literal 0, the constant", "expected a literal from 2"]),
    ("latch reset out of range 1", b"aag 1 0 1 0 0\n2 3 5\n", Line(2), &["expected a latch reset of 0, 1, the latch literal 2 or a literal of at most 2*M+1 = 3", "found 5"]),
    ("latch reset out of range 2", b"aig 2 0 2 0 0\n3\n5 6\n", Line(3), &["latch literal 4 or a literal of at most 2*M+1 = 5", "found 6"]),
    ("latch reset undefined", b"aag 3 0 2 0 0\n2 3 6\n4 5\n", Line(2), &["latch 2 uses literal 6 whose variable 3 is never defined"]),
    ("latch reset cycle of one", b"aag 1 0 1 0 0\n2 3 3\n", Line(2), &["latch 0 (literal 2): its reset function depends on its own value"]),
    ("latch reset cycle of two", b"aag 4 1 2 0 1\n2\n4 5 8\n6 7 4\n8 6 2\n", Line(3), &["reset functions form a cycle: latch 0 (literal 4) -> latch 1 (literal 6) -> latch 0 (literal 4)"]),
    ("latch reset cycle of two (binary)", b"aig 4 1 2 0 1\n5 6\n7 4\n\x02\x04", Line(2), &["reset functions form a cycle", "latch 1 (literal 6)"]),
    ("latch reset not zero one or self 4", b"aag 1 0 1 0 0\n2 3 x\n", Line(2), &["expected a newline after a latch", "'x'"]),
    ("cyclic and definitions 1", b"aag 3 1 0 1 2\n2\n4\n4 6 2\n6 4 2\n", Line(5), &["AND gates form a cycle", "gate 6 reads literal 4 of gate 4 (line 4)"]),
    ("cyclic and definitions 2", b"aag 2 1 0 1 1\n2\n4\n4 5 2\n", Line(4), &["AND gates form a cycle", "gate 4 reads literal 5 of gate 4"]),
    ("cyclic and definitions 3", b"aag 5 1 0 1 4\n2\n4\n4 2 3\n6 10 2\n8 6 2\n10 8 9\n", Line(6), &["AND gates form a cycle"]),
    ("binary and bad deltas 1", b"aig 2 1 0 0 1\n\x00\x00", Byte(14), &["AND gate 4", "expected a first delta in 1..=4", "found 0"]),
    ("binary and bad deltas 2", b"aig 2 1 0 0 1\n\x05\x00", Byte(14), &["AND gate 4", "expected a first delta in 1..=4", "found 5"]),
    ("binary and bad deltas 3", b"aig 2 1 0 0 1\n\x01\x04", Byte(14), &["AND gate 4", "expected a second delta in 0..=3", "found 4"]),
    ("binary and bad deltas 4", b"aig 2 1 0 0 1\n\xff\xff\xff\xff\x7f\x00", Byte(14), &["AND gate 4", "expected a delta of at most 32 bits"]),
    ("binary and bad deltas 5", b"aig 2 1 0 0 1\n\x80\x80\x80\x80\x80\x80\x80\x01\x00", Byte(14), &["expected a delta of at most 32 bits"]),
    ("undefined variable used by an output", b"aag 2 1 0 1 0\n2\n4\n", Line(3), &["uses literal 4 whose variable 2 is never defined", "expected an input, latch or AND gate literal", "an output uses"]),
    ("undefined variable used by a latch", b"aag 2 0 1 0 0\n2 4\n", Line(2), &["uses literal 4 whose variable 2 is never defined", "expected an input, latch or AND gate literal"]),
    ("undefined variable used by an AND gate", b"aag 3 1 0 1 1\n2\n6\n6 2 4\n", Line(4), &["uses literal 4 whose variable 2 is never defined", "expected an input, latch or AND gate literal"]),
    ("undefined variable used by a bad-state property", b"aag 3 1 0 0 0 2\n2\n2\n7\n", Line(4), &["uses literal 7 whose variable 3 is never defined", "expected an input, latch or AND gate literal"]),
    ("undefined variable used by a constraint", b"aag 3 1 0 0 0 0 1\n2\n6\n", Line(3), &["uses literal 6 whose variable 3 is never defined", "expected an input, latch or AND gate literal"]),
    ("undefined variable used by a justice property", b"aag 3 1 0 0 0 0 0 2\n2\n1\n2\n3\n2\n5\n", Line(7), &["uses literal 5 whose variable 2 is never defined", "expected an input, latch or AND gate literal"]),
    ("undefined variable used by a fairness constraint", b"aag 3 1 0 0 0 0 0 0 1\n2\n6\n", Line(3), &["uses literal 6 whose variable 3 is never defined", "expected an input, latch or AND gate literal"]),
    ("symbol for out of range position 1", b"aag 1 1 0 0 0\n2\ni1 x\n", Line(3), &["symbol i1", "expected a position below 1"]),
    ("symbol for out of range position 2", b"aag 1 1 0 0 0\n2\ni0 x\no0 y\n", Line(4), &["symbol o0", "expected a position below 0"]),
    ("symbol for out of range position 3", b"aig 1 1 0 0 0\nl0 x\n", Line(2), &["symbol l0", "expected a position below 0"]),
    ("symbol for out of range position 4", b"aag 1 1 0 0 0\n2\ni99999999999 x\n", Line(3), &["too large (more than 32 bits)"]),
    ("garbage in symbol table 1", b"aag 1 1 0 0 0\n2\nx foo\n", Line(3), &["expected a symbol (i, l, o, b, c, j or f", "found 'x'"]),
    ("garbage in symbol table 2", b"aag 1 1 0 0 0\n2\ni0\n", Line(3), &["expected a space and a name after symbol i0", "0x0a"]),
    ("garbage in symbol table 3", b"aag 1 1 0 0 0\n2\ni0", Line(3), &["unexpected end of file", "a space and a name after symbol i0"]),
    ("garbage in symbol table 4", b"aag 1 1 0 0 0\n2\nix a\n", Line(3), &["expected the position of a symbol 'i' (a number)", "'x'"]),
    ("garbage in symbol table 5", b"aag 1 1 0 0 0\n2\ni0 a\n\0\n", Line(4), &["expected a symbol", "byte 0x00"]),
    ("garbage in symbol table 6", b"aig 5 0 0 0 5\n\x02\x00\x02\x00\x02\x00\x02\x00\x0a\x00?\n", Line(3), &["expected a symbol", "'?'"]),
    ("huge header counts fail fast 1", b"aag 4000000000 4000000000 0 0 0\n", Line(1), &["M = 4000000000 is too large", "expected at most"]),
    ("huge header counts fail fast 2", b"aig 4000000000 4000000000 0 0 0\n", Line(1), &["M = 4000000000 is too large"]),
    ("huge header counts fail fast 3", b"aag 1000000000 1000000000 0 0 0\n", Line(2), &["unexpected end of file", "expected an input literal"]),
    ("huge header counts fail fast 4", b"aag 1000000000 0 0 1000000000 0\n", Line(2), &["unexpected end of file", "expected an output literal"]),
    ("huge header counts fail fast 5", b"aig 1000000000 1000000000 0 0 0\n", Line(1), &["I = 1000000000 implicit inputs in a binary file of 32 bytes", "expected at most"]),
    ("huge header counts fail fast 6", b"aig 1000000000 0 1000000000 0 0\n", Line(2), &["unexpected end of file", "a latch's next-state literal"]),
    ("huge header counts fail fast 7", b"aig 1000000000 0 0 0 1000000000\n", Byte(32), &["unexpected end of file in the binary AND section"]),
    ("huge header counts fail fast 8", b"aag 0 0 0 0 0 0 0 4000000000\n", Line(2), &["unexpected end of file", "a justice property's size"]),
    ("huge header counts fail fast 9", b"aag 1 0 0 0 0 0 0 1\n4000000000\n", Line(3), &["unexpected end of file", "a justice literal"]),
    // Issue 44: 25-byte files whose header promises a billion variables.
    ("huge M, one input promised", b"aag 1000000000 1 0 0 0 1\n", Line(2), &["unexpected end of file", "expected an input literal"]),
    ("huge M, one input promised (binary)", b"aig 1000000000 1 0 0 0 1\n", Line(1), &["binary AIGER needs M = I + L + A", "expected M = 1", "M = 1000000000"]),
    ("huge M, one bad state promised", b"aag 1000000000 0 0 0 0 1\n", Line(2), &["unexpected end of file", "expected a bad-state literal"]),
    ("number over 32 bits 1", b"aag 4294967296 0 0 0 0\n", Line(1), &["expected header count M", "too large (more than 32 bits)"]),
    ("number over 32 bits 2", b"aag 1 1 0 0 0\n99999999999999999999999999\n", Line(2), &["expected an input literal", "too large (more than 32 bits)"]),
    ("number over 32 bits 3", b"aag 1 1 0 1 0\n2\n4294967295\n", Line(3), &["expected an output literal of at most 2*M+1 = 3", "found 4294967295"]),
];

#[test]
fn malformed_inputs_are_rejected_with_positioned_errors() {
    let mut names = hashbrown::HashSet::new();
    for &(name, input, position, parts) in REJECTED {
        assert!(names.insert(name), "two cases named {name:?}");
        assert_rejected(name, input, position, parts);
    }
}

#[test]
fn binary_and_section_cut_anywhere() {
    // A real model cut anywhere in its AND section.
    let full = parse(FULL_AAG.as_bytes()).unwrap();
    let bin = write_aig(&full);
    // The header and 8 lines (latch, output, bad, constraint, justice size, 2 justice
    // literals, fairness) come before the AND section, whose 3 gates take 2 bytes each.
    let and_start = bin
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == b'\n')
        .nth(8)
        .unwrap()
        .0
        + 1;
    assert_eq!(&bin[and_start + 6..and_start + 10], b"i0 a");
    for cut in and_start..and_start + 2 * full.ands.len() {
        let (p, msg) = reject(&bin[..cut]);
        assert_eq!(p, Position::Byte(cut), "{msg}");
        assert!(msg.contains("binary AND section"), "{msg}");
    }
}

#[test]
fn the_three_latch_resets() {
    let a = parse(b"aag 3 0 3 0 0\n2 3\n4 5 1\n6 7 6\n").unwrap();
    let resets: Vec<Reset> = a.latches.iter().map(|l| l.reset).collect();
    assert_eq!(resets, [Reset::Zero, Reset::One, Reset::Uninit]);
}

/// AIGER 1.9.23: any other literal is a reset function — the latch's own negation, another
/// latch, an input, an AND gate, negated or not — and both writers write it back.
#[test]
fn reset_functions_are_read_and_written_back() {
    // Input 2; latches 4 (reset: input), 6 (reset: ¬latch 4), 8 (reset: gate 12),
    // 10 (reset: ¬gate 12), 14 (uninitialized); gate 12 = 2 ∧ 14.
    let text = b"aag 7 1 5 0 1 1\n2\n4 5 2\n6 7 5\n8 9 12\n10 11 13\n14 15 14\n12\n12 2 14\n";
    let a = parse(text).unwrap();
    let resets: Vec<Reset> = a.latches.iter().map(|l| l.reset).collect();
    assert_eq!(
        resets,
        [
            Reset::Function(lit(2)),
            Reset::Function(lit(5)),
            Reset::Function(lit(12)),
            Reset::Function(lit(13)),
            Reset::Uninit
        ]
    );
    assert_eq!(write_aag(&a), text.to_vec());
    check_round_trips(&a, 8);
    // Binary: renumbered (input 2, latches 4..12, gate 14), the same functions.
    let b = parse(&write_aig(&a)).unwrap();
    let resets: Vec<Reset> = b.latches.iter().map(|l| l.reset).collect();
    assert_eq!(
        resets,
        [
            Reset::Function(lit(2)),
            Reset::Function(lit(5)),
            Reset::Function(lit(14)),
            Reset::Function(lit(15)),
            Reset::Uninit
        ]
    );
    assert_eq!(parse(&write_aig(&b)).unwrap(), b);
}

/// A cycle through reset functions is its own typed error, naming the latches in order.
#[test]
fn reset_cycles_name_their_latches() {
    // Latch 4's reset is gate 8 = 6 ∧ 2, latch 6's is latch 4; latch 10's reads only latch 4.
    let e = parse(b"aag 5 1 3 0 1\n2\n10 11 4\n4 5 8\n6 7 4\n8 6 2\n").unwrap_err();
    match &e {
        AigerError::ResetCycle { position, latches } => {
            assert_eq!(*position, Line(4));
            assert_eq!(latches, &[(1, 4), (2, 6)]);
        }
        other => panic!("expected a reset cycle, got {other}"),
    }
    assert!(
        e.to_string()
            .starts_with("line 4: reset functions form a cycle"),
        "{e}"
    );
    // The same without the cycle's closing edge is fine: a chain 10 <- 4 <- gate <- 6.
    let a = parse(b"aag 5 1 3 0 1\n2\n10 11 4\n4 5 8\n6 7 0\n8 6 2\n").unwrap();
    assert_eq!(a.reset_cycle(), None);
    assert_eq!(a.validate(), Ok(()));
}

#[test]
fn binary_deltas_may_reach_the_constant() {
    let a = parse(b"aig 2 1 0 1 1\n4\n\x04\x00").unwrap();
    assert_eq!((a.ands[0].rhs0, a.ands[0].rhs1), (lit(0), lit(0)));
}

#[test]
fn non_utf8_symbol_names_are_accepted_lossily() {
    let a = parse(b"aag 1 1 0 0 0\n2\ni0 \xff\xfeab\nc\n\xc3(\n").unwrap();
    assert_eq!(a.symbols.len(), 1);
    assert_eq!(a.symbols[0].kind, SymbolKind::Input);
    assert_eq!(a.symbols[0].name, "\u{fffd}\u{fffd}ab");
    assert_eq!(a.comments, ["\u{fffd}("]);
    check_round_trips(&a, 4);
}

#[test]
fn directory_instead_of_file() {
    let dir = env!("CARGO_MANIFEST_DIR");
    match read_file(dir) {
        Err(AigerError::Io(e)) => {
            let m = e.to_string();
            assert!(m.contains("is a directory") && m.contains(dir), "{m}");
        }
        other => panic!("expected an I/O error, got {other:?}"),
    }
    let missing = concat!(env!("CARGO_MANIFEST_DIR"), "/no/such/file.aag");
    match read_file(missing) {
        Err(AigerError::Io(e)) => {
            assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
            assert!(e.to_string().contains(missing), "{e}");
            let shown = AigerError::Io(e).to_string();
            assert!(shown.starts_with("cannot read:"), "{shown}");
        }
        other => panic!("expected an I/O error, got {other:?}"),
    }
}

#[test]
fn a_huge_m_with_sparse_literals_is_valid() {
    // Cheap, too (see tests/memory.rs for the measure).
    let a = parse(b"aag 1000000000 1 0 1 0\n2000000000\n2000000001\n").unwrap();
    assert_eq!(a.max_var, 1_000_000_000);
    check_round_trips(&a, 4);
}

#[test]
fn bad_gzip_data() {
    let mut z = gzip(FULL_AAG.as_bytes());
    z.truncate(z.len() / 2);
    assert_rejected("truncated gzip", &z, File, &["bad gzip data"]);
    // Gzip of garbage: the content is checked as usual.
    assert_rejected(
        "gzip of garbage",
        &gzip(b"hello"),
        Line(1),
        &["expected an AIGER header"],
    );
}

// ---------------------------------------------------------------------------------------------
// Valid input.

#[test]
fn out_of_order_ands_are_sorted() {
    // 8 = 6 ∧ 2, 6 = 4 ∧ ¬2, 4 = 2 ∧ 2: written last first.
    let a = parse(b"aag 4 1 0 1 3\n2\n8\n8 6 2\n6 4 3\n4 2 2\n").unwrap();
    let lhs: Vec<u32> = a.ands.iter().map(|g| g.lhs.code()).collect();
    assert_eq!(lhs, [4, 6, 8]);
    assert_topological(&a);
    check_round_trips(&a, 8);
    // Gates reading latches defined after them, and gates in a scrambled order.
    let a =
        parse(b"aag 7 1 1 1 5\n2\n4 14\n14\n14 12 10\n8 2 4\n12 8 11\n10 6 3\n6 5 2\n").unwrap();
    assert_topological(&a);
    assert_eq!(a.ands.len(), 5);
    check_round_trips(&a, 8);
}

#[test]
fn aiger_1_9_sections() {
    let a = parse(FULL_AAG.as_bytes()).unwrap();
    assert_eq!(a.max_var, 7);
    assert_eq!(a.inputs, [lit(2), lit(4)]);
    assert_eq!(a.latches.len(), 1);
    assert_eq!(
        (a.latches[0].lit, a.latches[0].next, a.latches[0].reset),
        (lit(6), lit(13), Reset::Uninit)
    );
    assert_eq!(a.outputs, [lit(14)]);
    assert_eq!(a.bads, [lit(12)]);
    assert_eq!(a.constraints, [lit(10)]);
    assert_eq!(a.justice, [vec![lit(6), lit(14)]]);
    assert_eq!(a.fairness, [lit(7)]);
    assert_eq!(a.properties(), [lit(12)]);
    assert_topological(&a);
    let names: Vec<(char, usize, &str)> = a
        .symbols
        .iter()
        .map(|s| (s.kind.letter(), s.index, s.name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ('i', 0, "a"),
            ('l', 0, "q"),
            ('o', 0, "out"),
            ('b', 0, "bad"),
            ('c', 0, "con"),
            ('j', 0, "jus"),
            ('f', 0, "fair")
        ]
    );
    check_round_trips(&a, 16);
    // The same through the binary writer, with the sections in place.
    let b = parse(&write_aig(&a)).unwrap();
    assert_eq!(b.justice.len(), 1);
    assert_eq!(b.fairness.len(), 1);
    assert_eq!(b.latches[0].reset, Reset::Uninit);
    // Optional counts may be given as zeros, or left out.
    let z = parse(b"aag 1 1 0 1 0 0 0 0 0\n2\n2\n").unwrap();
    assert_eq!(z, parse(b"aag 1 1 0 1 0\n2\n2\n").unwrap());
}

#[test]
fn tolerated_layout() {
    // CRLF line ends and trailing spaces, also after the header's last count.
    let crlf = FULL_AAG.replace('\n', "\r\n");
    assert_eq!(
        parse(crlf.as_bytes()).unwrap(),
        parse(FULL_AAG.as_bytes()).unwrap()
    );
    let a = parse(b"aag 1 1 0 1 0 \n2 \n3\t\n").unwrap();
    assert_eq!(a.outputs, [lit(3)]);
    // A latch line with a trailing space and no reset.
    let a = parse(b"aag 1 0 1 0 0\n2 3 \n").unwrap();
    assert_eq!(a.latches[0].reset, Reset::Zero);
    // Blank lines after the symbols; no final newline.
    let a = parse(b"aag 1 1 0 0 0\n2\ni0 x\n\n\n").unwrap();
    assert_eq!(a.symbols.len(), 1);
    let a = parse(b"aag 1 1 0 0 0\n2\ni0 x").unwrap();
    assert_eq!(a.symbols[0].name, "x");
}

#[test]
fn gzip_compressed_input() {
    let plain = parse(FULL_AAG.as_bytes()).unwrap();
    assert_eq!(parse(&gzip(FULL_AAG.as_bytes())).unwrap(), plain);
    let bin = write_aig(&plain);
    assert_eq!(parse(&gzip(&bin)).unwrap(), parse(&bin).unwrap());
    // Through a file, too.
    let path = std::env::temp_dir().join(format!("pdrkit-ts-gzip-{}.aag.gz", std::process::id()));
    std::fs::write(&path, gzip(FULL_AAG.as_bytes())).unwrap();
    let from_file = read_file(&path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(from_file.unwrap(), plain);
}

#[test]
fn write_aag_then_parse_is_identity() {
    for text in [
        FULL_AAG,
        "aag 0 0 0 0 0\n",
        "aag 0 0 0 1 0\n0\n",
        "aag 5 2 1 1 2\n2\n10\n4 9 1\n9\n6 2 4\n8 7 3\n",
        "aag 3 0 3 0 0 3\n2 3\n4 5 1\n6 7 6\n2\n5\n7\n",
    ] {
        let a = parse(text.as_bytes()).unwrap();
        check_round_trips(&a, 10);
        // Sorted and numbered as read: written back as the same text, up to the header's
        // trailing zero counts.
        let back = String::from_utf8(write_aag(&a)).unwrap();
        assert_eq!(parse(back.as_bytes()).unwrap(), a);
    }
}

#[test]
fn write_aig_keeps_counts_and_behaviour() {
    // A 3-bit counter with an enable input, its overflow as bad state, and a constraint.
    let text = "aag 12 1 3 1 8 1 1\n\
                2\n\
                4 9\n\
                6 15\n\
                8 21 1\n\
                24\n\
                24\n\
                3\n\
                10 2 4\n\
                12 10 7\n\
                14 11 13\n\
                16 10 6\n\
                18 16 9\n\
                20 17 19\n\
                22 16 8\n\
                24 22 2\n";
    let a = parse(text.as_bytes()).unwrap();
    let b = parse(&write_aig(&a)).unwrap();
    assert_eq!(b.max_var, 12);
    let trace = common::simulate(&a, 40, 7);
    assert_eq!(trace, common::simulate(&b, 40, 7));
    check_round_trips(&a, 40);
    // With enable held high the counter overflows.
    let enabled = "aag 12 1 3 1 8 1\n2\n4 9\n6 15\n8 21 1\n24\n24\n10 2 4\n12 10 7\n14 11 13\n16 10 6\n18 16 9\n20 17 19\n22 16 8\n24 22 2\n";
    let a = parse(enabled.as_bytes()).unwrap();
    check_round_trips(&a, 40);
}

#[test]
fn comments_are_kept() {
    let a = parse(b"aag 0 0 0 0 0\nc\nhello\n\nworld\n").unwrap();
    assert_eq!(a.comments, ["hello", "", "world"]);
    check_round_trips(&a, 1);
    let bin = write_aig(&a);
    assert!(bin.ends_with(b"c\nhello\n\nworld\n"));
    // Anything goes after 'c', even what looks like symbols or garbage.
    let a = parse(b"aag 1 1 0 0 0\n2\ni0 x\nc \r\ni5 y\n\x01\x02\n").unwrap();
    assert_eq!(a.symbols.len(), 1);
    assert_eq!(a.comments, ["i5 y", "\u{1}\u{2}"]);
    check_round_trips(&a, 1);
    // 'c' followed by a position is a constraint symbol, not the comments.
    let a = parse(b"aag 1 1 0 0 0 0 1\n2\n2\nc0 must\nc\nnote\n").unwrap();
    assert_eq!(a.symbols[0].kind, SymbolKind::Constraint);
    assert_eq!(a.comments, ["note"]);
    // An empty comment section.
    let a = parse(b"aag 0 0 0 0 0\nc\n").unwrap();
    assert!(a.comments.is_empty());
}

#[test]
fn read_file_reads_a_file() {
    let path = std::env::temp_dir().join(format!("pdrkit-ts-file-{}.aag", std::process::id()));
    std::fs::write(&path, FULL_AAG).unwrap();
    let r = read_file(&path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(r.unwrap(), parse(FULL_AAG.as_bytes()).unwrap());
}

// ---------------------------------------------------------------------------------------------
// Fuzzer findings (cargo-fuzz, fuzz/): each input is accepted and round-trips, or is rejected
// with a positioned error; none may panic.

/// Crashes the fuzz targets found on the reader as first written: comment lines (and symbol
/// names) ending in carriage returns did not survive `write_aag` -> `parse`.
#[test]
fn fuzz_regressions() {
    for input in [
        // aig_reader, crash-196b6b09
        &b"aig 4 1 2 0 1 1\n5\n4\n8\n\x02\x02c\n5k\x00\x95\x00\x00\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\n\x00\x00\x00\x00\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\n\x06\x02\n\x02\x02Z\x02ZnZ\x02"[..],
        // aig_reader, crash-347a7cb0
        &b"aig 4 1 2 0 1 1\n5\n4\n8\n\x02\x02c\n5k\n8\x00\x00\x02c       \n\x02\x0e\x02\x12\x02G\x02G\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r 1 \r\r\r\r\r\r"[..],
        // aig_reader, crash-4bdf5e07
        &b"aig 4 1 2 0 1 1\n5\n4\n8\n\x02\x02c\n\r\r\r\r\r\r\r\r\n\x08\x0c\x00"[..],
        // aig_reader, crash-99105112
        &b"aig 4 1 2 1 1\n5\n4\n8\n\x02\x02c\r\r\r\r\r\r\r\rQ\r\r\x01\x00\x00\x00\x00\x00\x00\x00\x00\x04\r\r\r\n8\n\x02\x02c\r\r\x00\r\r\r\r\r\r\r\r\x00\x00\x00\n"[..],
        // aig_reader, crash-9ada46e1
        &b"aig 4 1 2 0 1\n4\n8\n\x02\x02c\n\n\r\x00\r\n\x82\r\x84\r"[..],
        // aig_reader, crash-f9c49300
        &b"aig 4 1 2 0 1 1\n5\n4\n8\n\x02\x02c\n\n\r\r\r"[..],
        // aag_prefixed, crash-0f7acf5f
        &b"aag 7 2 1 1 3 1 1 1 1\n2\n4\n6 13 6\n14\n12\n10\n2\n6\n14\n7\n12 6 1\n10 2 4\n14 3 5\ni0 a\no0 ou\r\nc\nn\xa3o\xe4c\xd0\r\r\n\r\r\r\r\r\r\n\r\r\r\r\xdc"[..],
        // aag_prefixed, crash-609810d5
        &b"aag 7 2 1 1 3 1 1 1 1\n2\n4\n6 13 6\n14\n12\n10\n2\n6\n13\n7\n12 6 11\n10 2 4\n14 3 5\ni0 co\xe7\nc\r\r\r\n\r"[..],
        // aag_reader, crash-3d52de65
        &b"aag 7 2 1 1 3 1 1 1 1\n2\n4\n6 13 6\n14\n12\n05\n2\n6\n14\n7\n12 6 11\n10 2 4\n14 7 5\ni0 a\nl0 qo\x9b\x9b\x9b\x9b\nc\nc\r"[..],
    ] {
        match parse(input) {
            Ok(a) => check_round_trips(&a, 2),
            Err(AigerError::Syntax { message, .. }) => assert!(message.contains("expected")),
            Err(e) => panic!("{e}"),
        }
    }
    // The smallest one: a comment line of carriage returns only.
    let a = parse(b"aig 4 1 2 0 1 1\n5\n4\n8\n\x02\x02c\n\n\r\r\r").unwrap();
    assert_eq!(a.comments, ["", ""]);
    let a = parse(b"aag 1 1 0 0 0\n2\ni0 x\r\r\n").unwrap();
    assert_eq!(a.symbols[0].name, "x");
}

// ---------------------------------------------------------------------------------------------
// The shared benchmarks.

/// The counts the benchmark manifest gives for each file, by path relative to the folder.
fn manifest() -> hashbrown::HashMap<String, [usize; 7]> {
    let mut out = hashbrown::HashMap::new();
    let Some(dir) = common::benchmarks_dir() else {
        return out;
    };
    let Ok(text) = std::fs::read_to_string(dir.join("MANIFEST.tsv")) else {
        return out;
    };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let cols = [
        "inputs",
        "latches",
        "ands",
        "bad",
        "constraints",
        "justice",
        "outputs",
    ]
    .map(col);
    let Some(file_col) = col("file") else {
        return out;
    };
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        let counts = cols.map(|c| c.and_then(|c| f.get(c)?.parse().ok()).unwrap_or(usize::MAX));
        if let Some(name) = f.get(file_col) {
            out.insert(name.to_string(), counts);
        }
    }
    out
}

#[test]
fn shared_benchmarks_parse_and_round_trip() {
    let files = common::benchmark_files();
    if files.is_empty() {
        eprintln!("no shared benchmarks: skipped");
        return;
    }
    let dir = common::benchmarks_dir().unwrap();
    let manifest = manifest();
    let mut checked_counts = 0;
    for path in &files {
        let a = read_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_topological(&a);
        // What the reader accepts, the validation of models built in code accepts too.
        assert_eq!(a.validate(), Ok(()), "{}", path.display());
        let rel = path
            .strip_prefix(&dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if let Some(c) = manifest.get(&rel) {
            let got = [
                a.inputs.len(),
                a.latches.len(),
                a.ands.len(),
                a.bads.len(),
                a.constraints.len(),
                a.justice.len(),
                a.outputs.len(),
            ];
            for (k, (&want, &have)) in c.iter().zip(&got).enumerate() {
                if want != usize::MAX {
                    assert_eq!(have, want, "{rel}: count #{k} differs from the manifest");
                }
            }
            checked_counts += 1;
        }
        // Simulation is cheap for the small ones; every file gets the structural checks.
        let steps = if a.ands.len() < 20_000 { 6 } else { 0 };
        check_round_trips(&a, steps);
        // The gzip-compressed file reads the same.
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(parse(&gzip(&bytes)).unwrap(), a, "{rel} gzip");
    }
    eprintln!(
        "{} benchmark files, {checked_counts} checked against the manifest",
        files.len()
    );
}
