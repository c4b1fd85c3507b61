//! Cube subsumption and frame maintenance, on random cubes over 200 variables.
//!
//! Benchmarks (throughput in pairs, lemmas or queries per second):
//! - `subsumption/subsumes/<kind>`: [`Cube::subsumes`] over a pool of 1024 random pairs (sizes
//!   2–30) of one kind: `random` (independent cubes: the length or the signature rejects almost
//!   all), `subset` (the first is a subset of the second: a full walk that succeeds),
//!   `sig_alias` (a subset plus one literal whose signature bit the second already has: the
//!   signature passes and the walk fails), and `mixed` (the three kinds shuffled together);
//! - `subsumption/frames_add`: [`Frames::add`] of 3000 lemmas (sizes 2–12) spread over 5 levels
//!   and infinity, into empty frames;
//! - `subsumption/frames_is_blocked`: [`Frames::is_blocked`] at random levels on frames holding
//!   those lemmas, for 1000 cubes: a third are supersets of a stored lemma, the rest random
//!   (sizes 5–30); about half are blocked.

mod common;

use std::hint::black_box;

use common::Rng;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use pdrkit_frames::{Frames, INF};
use pdrkit_logic::{Cube, Lit, Var};

/// Variables the cubes are over (1..=NUM_VARS; variable 0 is the constant).
const NUM_VARS: usize = 200;
/// Pairs per timed pass of `subsumes`.
const PAIRS: usize = 1024;
/// Lemmas stored in the frames.
const LEMMAS: usize = 3000;
/// Cubes asked of `is_blocked` per timed pass.
const QUERIES: usize = 1000;
/// Finite frame levels.
const LEVELS: usize = 5;

/// `k` literals over distinct random variables with random signs.
fn random_lits(rng: &mut Rng, k: usize) -> Vec<Lit> {
    rng.distinct(k, NUM_VARS)
        .into_iter()
        .map(|v| Var(1 + v as u32).lit_with(rng.coin()))
        .collect()
}

fn random_cube(rng: &mut Rng, lo: usize, hi: usize) -> Cube {
    let k = rng.range(lo, hi);
    Cube::new(random_lits(rng, k))
}

/// A pair `(a, b)` with `a ⊆ b`, both of 2–30 literals.
fn subset_pair(rng: &mut Rng) -> (Cube, Cube) {
    let b = random_cube(rng, 3, 30);
    let k = rng.range(2, b.len());
    let a = Cube::new(rng.distinct(k, b.len()).into_iter().map(|i| b[i]));
    (a, b)
}

/// A pair `(a, b)` where `a` is a subset of `b` plus one literal not in `b` whose signature bit
/// is already in `b`'s signature: the signature test passes, the walk fails.
fn sig_alias_pair(rng: &mut Rng) -> (Cube, Cube) {
    loop {
        let b = random_cube(rng, 8, 30);
        let sig = b.set().sig();
        let aliases: Vec<Lit> = (1..=NUM_VARS as u32)
            .flat_map(|v| [Var(v).lit(), !Var(v).lit()])
            .filter(|&l| !b.contains(&l) && Cube::new([l]).set().sig() & !sig == 0)
            .collect();
        if aliases.is_empty() {
            continue;
        }
        let extra = aliases[rng.below(aliases.len())];
        let k = rng.range(1, b.len() - 1);
        let mut lits: Vec<Lit> = rng.distinct(k, b.len()).into_iter().map(|i| b[i]).collect();
        lits.push(extra);
        let a = Cube::new(lits);
        debug_assert!(!a.subsumes(&b) && a.set().sig() & !sig == 0);
        return (a, b);
    }
}

fn random_pair(rng: &mut Rng) -> (Cube, Cube) {
    (random_cube(rng, 2, 30), random_cube(rng, 2, 30))
}

fn bench_subsumes(c: &mut Criterion) {
    let mut group = c.benchmark_group("subsumption");
    group.throughput(Throughput::Elements(PAIRS as u64));
    let mut rng = Rng::new(0x5EED_1001);
    type Make = fn(&mut Rng) -> (Cube, Cube);
    let kinds: [(&str, Make); 3] = [
        ("random", random_pair),
        ("subset", subset_pair),
        ("sig_alias", sig_alias_pair),
    ];
    let mut pools: Vec<(&str, Vec<(Cube, Cube)>)> = kinds
        .iter()
        .map(|&(name, make)| (name, (0..PAIRS).map(|_| make(&mut rng)).collect()))
        .collect();
    let mixed: Vec<(Cube, Cube)> = (0..PAIRS)
        .map(|_| kinds[rng.below(kinds.len())].1(&mut rng))
        .collect();
    pools.push(("mixed", mixed));
    for (name, pool) in &pools {
        let hits = pool.iter().filter(|(a, b)| a.subsumes(b)).count();
        eprintln!("subsumes/{name}: {hits} of {PAIRS} pairs subsume");
        group.bench_function(BenchmarkId::new("subsumes", name), |bch| {
            bch.iter(|| {
                let mut n = 0usize;
                for (a, b) in pool {
                    n += black_box(a).subsumes(black_box(b)) as usize;
                }
                n
            })
        });
    }
    group.finish();
}

/// Lemmas with their levels (1..=LEVELS or INF).
fn lemmas(rng: &mut Rng) -> Vec<(Cube, usize)> {
    (0..LEMMAS)
        .map(|_| {
            let cube = random_cube(rng, 2, 12);
            let level = match rng.below(LEVELS + 1) {
                0 => INF,
                l => l,
            };
            (cube, level)
        })
        .collect()
}

fn fill(lemmas: Vec<(Cube, usize)>) -> Frames {
    let mut f = Frames::new();
    for _ in 0..LEVELS {
        f.push_level();
    }
    for (cube, level) in lemmas {
        f.add(cube, level);
    }
    f
}

fn bench_frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("subsumption");
    let mut rng = Rng::new(0x5EED_1002);
    let lemmas = lemmas(&mut rng);
    let frames = fill(lemmas.clone());
    eprintln!(
        "frames: {} of {LEMMAS} lemmas kept, per level {:?}",
        frames.len(),
        frames.sizes()
    );

    group.throughput(Throughput::Elements(LEMMAS as u64));
    group.bench_function("frames_add", |b| {
        b.iter_batched(|| lemmas.clone(), fill, BatchSize::LargeInput)
    });

    // Queries: a third are supersets of a stored lemma (blocked at its level or below), the
    // rest random.
    let stored: Vec<(Cube, usize)> = (1..=LEVELS)
        .chain([INF])
        .flat_map(|lv| frames.level(lv).iter().map(move |c| (c.clone(), lv)))
        .collect();
    let queries: Vec<(Cube, usize)> = (0..QUERIES)
        .map(|_| {
            if rng.below(3) == 0 {
                let (lemma, lv) = &stored[rng.below(stored.len())];
                let mut lits = lemma.to_vec();
                lits.extend(random_lits(&mut rng, 10));
                // Drop the variables the lemma already has with the other sign.
                lits.retain(|&l| !lemma.contains(&!l));
                let top = if *lv == INF { LEVELS } else { *lv };
                (Cube::new(lits), rng.range(1, top))
            } else {
                (random_cube(&mut rng, 5, 30), rng.range(1, LEVELS))
            }
        })
        .collect();
    let blocked = queries
        .iter()
        .filter(|(q, lv)| frames.is_blocked(q, *lv))
        .count();
    eprintln!("frames: {blocked} of {QUERIES} queries blocked");
    group.throughput(Throughput::Elements(QUERIES as u64));
    group.bench_function("frames_is_blocked", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (q, lv) in &queries {
                n += black_box(&frames).is_blocked(black_box(q), *lv) as usize;
            }
            n
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench_subsumes, bench_frames
}
criterion_main!(benches);
