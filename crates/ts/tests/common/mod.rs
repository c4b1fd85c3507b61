//! Helpers shared by the reader's integration tests: sample files, the benchmark folder, a
//! small random generator and a simulator of the AIG to compare models behaviourally.

#![allow(dead_code)] // Each test binary uses a different part.

use std::path::{Path, PathBuf};

use pdrkit_logic::Lit;
use pdrkit_ts::{Aig, Reset};

/// An ASCII AIGER 1.9 file using every section (B, C, J, F, symbols, comments) with its AND
/// gates out of order.
pub const FULL_AAG: &str = "aag 7 2 1 1 3 1 1 1 1\n\
2\n\
4\n\
6 13 6\n\
14\n\
12\n\
10\n\
2\n\
6\n\
14\n\
7\n\
12 6 11\n\
10 2 4\n\
14 3 5\n\
i0 a\n\
l0 q\n\
o0 out\n\
b0 bad\n\
c0 con\n\
j0 jus\n\
f0 fair\n\
c\n\
first comment\n\
second comment\n";

/// The shared benchmark folder, if it is there.
pub fn benchmarks_dir() -> Option<PathBuf> {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/benchmarks"
    ));
    dir.is_dir().then(|| dir.to_path_buf())
}

/// Every `.aag`/`.aig` file under the benchmark folder (sorted), or nothing without it.
pub fn benchmark_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Some(dir) = benchmarks_dir() else {
        return out;
    };
    let mut todo = vec![dir];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("aag") | Some("aig")
            ) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// xorshift64*: enough randomness for simulation, reproducible from a seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn bool(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

/// What one step of a simulation shows: every observable literal's value, and the latches'
/// next values.
#[derive(Debug, PartialEq, Eq)]
pub struct Step {
    pub outputs: Vec<bool>,
    pub bads: Vec<bool>,
    pub constraints: Vec<bool>,
    pub justice: Vec<Vec<bool>>,
    pub fairness: Vec<bool>,
    pub next: Vec<bool>,
}

/// Simulates `aig` for `steps` steps. Inputs and uninitialized latches take values from a
/// generator seeded with `seed`, by position, so two models that differ only in numbering see
/// the same stimuli.
pub fn simulate(aig: &Aig, steps: usize, seed: u64) -> Vec<Step> {
    let mut rng = Rng::new(seed);
    let mut val = hashbrown::HashMap::<u32, bool>::new();
    val.insert(0, false);
    let mut state: Vec<bool> = aig
        .latches
        .iter()
        .map(|l| match l.reset {
            Reset::Zero => false,
            Reset::One => true,
            // A function's value is set in step 0, below.
            Reset::Uninit | Reset::Function(_) => rng.bool(),
        })
        .collect();
    let get = |val: &hashbrown::HashMap<u32, bool>, l: Lit| -> bool {
        val.get(&l.var().0)
            .copied()
            .expect("reads a defined variable")
            ^ l.is_neg()
    };
    let gates = |val: &mut hashbrown::HashMap<u32, bool>| {
        for g in &aig.ands {
            let v = get(val, g.rhs0) && get(val, g.rhs1);
            val.insert(g.lhs.var().0, v);
        }
    };
    let mut trace = Vec::with_capacity(steps);
    for step in 0..steps {
        for i in &aig.inputs {
            val.insert(i.var().0, rng.bool());
        }
        for (l, &s) in aig.latches.iter().zip(&state) {
            val.insert(l.lit.var().0, s);
        }
        gates(&mut val);
        if step == 0 {
            // Reset functions in step 0: the dependencies are acyclic, so as many rounds as
            // there are latches settle every chain of them.
            for _ in 0..aig.latches.len() {
                for (k, l) in aig.latches.iter().enumerate() {
                    if let Reset::Function(f) = l.reset {
                        state[k] = get(&val, f);
                        val.insert(l.lit.var().0, state[k]);
                    }
                }
                gates(&mut val);
            }
        }
        let all = |ls: &[Lit]| ls.iter().map(|&l| get(&val, l)).collect::<Vec<_>>();
        let step = Step {
            outputs: all(&aig.outputs),
            bads: all(&aig.bads),
            constraints: all(&aig.constraints),
            justice: aig.justice.iter().map(|j| all(j)).collect(),
            fairness: all(&aig.fairness),
            next: aig.latches.iter().map(|l| get(&val, l.next)).collect(),
        };
        state.clone_from(&step.next);
        trace.push(step);
    }
    trace
}

/// Checks that the AND gates are in topological order: each reads only inputs, latches, the
/// constant and earlier gates.
pub fn assert_topological(aig: &Aig) {
    let mut seen = hashbrown::HashSet::new();
    seen.insert(0u32);
    for i in &aig.inputs {
        seen.insert(i.var().0);
    }
    for l in &aig.latches {
        seen.insert(l.lit.var().0);
    }
    for g in &aig.ands {
        for r in [g.rhs0, g.rhs1] {
            assert!(
                seen.contains(&r.var().0),
                "gate {} reads {} before its definition",
                g.lhs.code(),
                r.code()
            );
        }
        seen.insert(g.lhs.var().0);
    }
}

/// The round trips every accepted model must survive: `write_aag` then `parse` gives it back
/// exactly; `write_aig` then `parse` gives a model of the same shape, symbols and comments
/// that behaves the same on random inputs (`sim_steps` steps, 0 to skip).
pub fn check_round_trips(aig: &Aig, sim_steps: usize) {
    use pdrkit_ts::aiger::{parse, write_aag, write_aig};
    let aag = write_aag(aig);
    let back = parse(&aag).expect("write_aag output parses");
    assert_eq!(&back, aig, "write_aag -> parse is the identity");
    let bin = parse(&write_aig(aig)).expect("write_aig output parses");
    assert_eq!(bin.inputs.len(), aig.inputs.len());
    assert_eq!(bin.latches.len(), aig.latches.len());
    assert_eq!(bin.outputs.len(), aig.outputs.len());
    assert_eq!(bin.bads.len(), aig.bads.len());
    assert_eq!(bin.constraints.len(), aig.constraints.len());
    let sizes = |a: &Aig| a.justice.iter().map(Vec::len).collect::<Vec<_>>();
    assert_eq!(sizes(&bin), sizes(aig));
    assert_eq!(bin.fairness.len(), aig.fairness.len());
    assert_eq!(bin.ands.len(), aig.ands.len());
    assert_eq!(
        bin.max_var as usize,
        aig.inputs.len() + aig.latches.len() + aig.ands.len()
    );
    assert_eq!(bin.symbols, aig.symbols);
    assert_eq!(bin.comments, aig.comments);
    for (a, b) in aig.latches.iter().zip(&bin.latches) {
        match (a.reset, b.reset) {
            // Renumbered: the simulation below compares what the functions compute.
            (Reset::Function(_), Reset::Function(_)) => {}
            (a, b) => assert_eq!(a, b),
        }
    }
    if sim_steps > 0 {
        for seed in 1..=3 {
            assert_eq!(
                simulate(aig, sim_steps, seed),
                simulate(&bin, sim_steps, seed),
                "write_aig keeps the behaviour (seed {seed})"
            );
        }
    }
}
