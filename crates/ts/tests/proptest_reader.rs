//! Property tests of the AIGER reader: mutated real files and random bytes give `Ok` or `Err`,
//! never a panic, always fast; whatever is accepted survives the writers' round trips.
//! `PROPTEST_CASES` sets the number of cases (256 by default).

mod common;

use std::io::Write as _;
use std::time::{Duration, Instant};

use common::{check_round_trips, FULL_AAG};
use pdrkit_ts::aiger::{parse, write_aig};
use proptest::prelude::*;

/// A generous per-parse time bound (debug build, shared machine).
const TIME_LIMIT: Duration = Duration::from_secs(2);

/// The files mutated: built-in samples and, when present, a few small shared benchmarks.
fn seeds() -> Vec<Vec<u8>> {
    let full = parse(FULL_AAG.as_bytes()).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(FULL_AAG.as_bytes()).unwrap();
    let mut out = vec![
        FULL_AAG.as_bytes().to_vec(),
        write_aig(&full),
        gz.finish().unwrap(),
        b"aag 7 2 1 1 3\n2\n4\n6 12 1\n12\n8 6 2\n12 8 10\n10 3 5\ni0 x\nc\nhi\n".to_vec(),
    ];
    let mut bench: Vec<Vec<u8>> = common::benchmark_files()
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.len() <= 8 * 1024)
        .collect();
    bench.sort_by_key(Vec::len);
    // Some ASCII, some binary: the smallest few of each.
    let (aag, aig): (Vec<_>, Vec<_>) = bench.into_iter().partition(|b| b.starts_with(b"aag"));
    out.extend(aag.into_iter().rev().take(3));
    out.extend(aig.into_iter().rev().take(4));
    out
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
    /// Puts a decimal number (possibly huge) at a position: reaches the counts and literals.
    Number(usize, u64),
    /// Copies a slice of the file over another place.
    Duplicate(usize, usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    prop_oneof![
        (at, 0u8..8).prop_map(|(a, b)| Mutation::Flip(a, b)),
        (at, any::<u8>()).prop_map(|(a, b)| Mutation::Set(a, b)),
        (at, any::<u8>()).prop_map(|(a, b)| Mutation::Insert(a, b)),
        at.prop_map(Mutation::Delete),
        at.prop_map(Mutation::Truncate),
        (at, any::<u64>()).prop_map(|(a, n)| Mutation::Number(a, n)),
        (at, at, 0usize..64).prop_map(|(a, b, n)| Mutation::Duplicate(a, b, n)),
    ]
}

fn apply(data: &mut Vec<u8>, m: &Mutation) {
    let len = data.len();
    let pick = |a: usize| a % (len + 1);
    match *m {
        Mutation::Flip(a, bit) if len > 0 => data[a % len] ^= 1 << bit,
        Mutation::Set(a, b) if len > 0 => data[a % len] = b,
        Mutation::Insert(a, b) => data.insert(pick(a), b),
        Mutation::Delete(a) if len > 0 => {
            data.remove(a % len);
        }
        Mutation::Truncate(a) => data.truncate(pick(a)),
        Mutation::Number(a, n) => {
            let at = pick(a);
            let digits = n.to_string();
            data.splice(at..at, digits.bytes());
        }
        Mutation::Duplicate(from, to, n) if len > 0 => {
            let from = from % len;
            let piece = data[from..(from + n).min(len)].to_vec();
            let to = pick(to);
            data.splice(to..to, piece);
        }
        _ => {}
    }
}

/// Parses; must not panic (a panic fails the test), must be fast; an accepted model must
/// survive the round trips.
fn exercise(input: &[u8]) -> Result<(), TestCaseError> {
    let t = Instant::now();
    let r = parse(input);
    let took = t.elapsed();
    prop_assert!(took < TIME_LIMIT, "parse took {took:?}");
    match r {
        Ok(aig) => {
            // Only small models are simulated: a mutated header may declare many inputs.
            let steps = if aig.inputs.len() + aig.ands.len() < 10_000 {
                2
            } else {
                0
            };
            check_round_trips(&aig, steps);
        }
        Err(e) => {
            // Every error names its position and what was expected there.
            let shown = e.to_string();
            prop_assert!(
                shown.starts_with("line ")
                    || shown.starts_with("byte ")
                    || shown.starts_with("file: "),
                "{shown}"
            );
            prop_assert!(shown.contains("expected"), "{shown}");
        }
    }
    Ok(())
}

/// Bytes from the alphabet AIGER files are made of, with a few strangers.
fn aiger_ish_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        8 => prop::sample::select(b"0123456789".to_vec()),
        4 => Just(b' '),
        3 => Just(b'\n'),
        1 => prop::sample::select(b"\r\tilobcjfa-+".to_vec()),
        1 => any::<u8>(),
    ]
}

proptest! {
    #[test]
    fn mutated_real_files(
        seed in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let seeds = seeds();
        let mut data = seeds[seed.index(seeds.len())].clone();
        for m in &mutations {
            apply(&mut data, m);
        }
        exercise(&data)?;
    }

    #[test]
    fn random_bytes(data in prop::collection::vec(any::<u8>(), 0..512)) {
        exercise(&data)?;
    }

    #[test]
    fn random_bodies_after_a_header(
        binary in any::<bool>(),
        body in prop::collection::vec(aiger_ish_byte(), 0..256),
    ) {
        let mut data = if binary { b"aig ".to_vec() } else { b"aag ".to_vec() };
        data.extend_from_slice(&body);
        exercise(&data)?;
    }

    #[test]
    fn random_small_headers(
        counts in prop::collection::vec(0u32..6, 5..=9),
        binary in any::<bool>(),
        body in prop::collection::vec(aiger_ish_byte(), 0..128),
    ) {
        // A consistent header (M = I + L + A + a little) and a random body: gets past the
        // header checks into the sections most of the time.
        let m = counts[1] + counts[2] + counts[4] + if binary { 0 } else { counts[0] % 3 };
        let mut text = format!("{} {m}", if binary { "aig" } else { "aag" });
        for c in &counts[1..] {
            text.push_str(&format!(" {c}"));
        }
        text.push('\n');
        let mut data = text.into_bytes();
        data.extend_from_slice(&body);
        exercise(&data)?;
    }
}

#[test]
fn seeds_are_valid() {
    for s in seeds() {
        let a = parse(&s).unwrap();
        check_round_trips(&a, 4);
    }
}
