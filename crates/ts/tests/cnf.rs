//! The mapped CNF must define every LUT output exactly: under simulated values every clause
//! holds, and flipping the output breaks one. The same after bounded elimination of nodes,
//! where also every leaf must still be defined (an input, a latch or a node that stayed) and
//! come before its reader.

use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

fn check(ts: &TransitionSystem, rounds: usize, eliminate: bool) {
    let mut cnf = MappedCnf::new(ts);
    let nodes = cnf.luts.len();
    if eliminate {
        let gone = cnf.eliminate(ts);
        assert_eq!(cnf.luts.len() + gone, nodes);
    }
    let first_gate = 1 + ts.num_inputs() + ts.num_latches();
    for lut in &cnf.luts {
        for &l in &lut.leaves {
            assert!(
                l.idx() < first_gate || cnf.lut(l).is_some(),
                "leaf {l:?} undefined"
            );
            assert!(l < lut.out, "leaf {l:?} after its reader {:?}", lut.out);
        }
        for c in &lut.clauses {
            assert!(c
                .iter()
                .all(|x| x.var() == lut.out || lut.leaves.contains(&x.var())));
        }
    }
    let mut x: u64 = 0x1234_5678;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x & 1 == 1
    };
    let mut values = Vec::new();
    for _ in 0..rounds {
        let latches: Vec<bool> = (0..ts.num_latches()).map(|_| next()).collect();
        let inputs: Vec<bool> = (0..ts.num_inputs()).map(|_| next()).collect();
        ts.evaluate(&latches, &inputs, &mut values);
        for lut in &cnf.luts {
            let sat = |vals: &[bool]| {
                lut.clauses
                    .iter()
                    .all(|c| c.iter().any(|&l| TransitionSystem::value(vals, l)))
            };
            assert!(
                sat(&values),
                "LUT {:?} violated by the true values",
                lut.out
            );
            values[lut.out.idx()] ^= true;
            assert!(!sat(&values), "LUT {:?} does not fix its output", lut.out);
            values[lut.out.idx()] ^= true;
        }
    }
    // Every clause is prime: each of its leaf literals is needed, as the weaker reason a
    // longer clause gives would name more assumptions in the solvers' conflicts.
    for lut in &cnf.luts {
        assert_prime(lut);
    }
    // Every root the engines read is a LUT output or not a gate.
    for l in ts.next.iter().chain(&ts.constraints).chain([&ts.bad]) {
        assert!(l.var().idx() < first_gate || cnf.lut(l.var()).is_some());
    }
}

/// Fails unless dropping any leaf literal from any clause of `lut` leaves a clause that some
/// assignment of the leaves, with the output they force, violates.
fn assert_prime(lut: &pdrkit_ts::cnf::Lut) {
    let n = lut.leaves.len();
    assert!(n <= 12, "LUT {:?} has {n} leaves", lut.out);
    let pos = |v: pdrkit_logic::Var| lut.leaves.iter().position(|&x| x == v);
    // A leaf literal's value under assignment `m` of the leaves (bit `i` for leaf `i`).
    let holds = |l: pdrkit_logic::Lit, m: usize, out: bool| match pos(l.var()) {
        Some(i) => (m >> i & 1 == 1) != l.is_neg(),
        None => out != l.is_neg(),
    };
    // The output each assignment forces: the value for which every clause holds.
    let forced: Vec<bool> = (0..1usize << n)
        .map(|m| {
            lut.clauses
                .iter()
                .all(|c| c.iter().any(|&l| holds(l, m, true)))
        })
        .collect();
    for c in &lut.clauses {
        for (k, &drop) in c.iter().enumerate() {
            if drop.var() == lut.out {
                continue;
            }
            let needed = (0..1usize << n).any(|m| {
                c.iter()
                    .enumerate()
                    .all(|(j, &l)| j == k || !holds(l, m, forced[m]))
            });
            assert!(needed, "LUT {:?}: {drop:?} is not needed in {c:?}", lut.out);
        }
    }
}

#[test]
fn mapped_cnf_matches_simulation_on_shared_benchmarks() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/benchmarks");
    let files = [
        "hwmcc08/bjrb07amba3andenv.aig",
        "hwmcc11/6s3.aig",
        "hwmcc08/pdtvissoap2.aig",
        "hwmcc20/zipcpu-zipmmu-p09.aig",
        "aiger-examples/xorxormiter.aag",
    ];
    let mut seen = 0;
    for f in files {
        let p = std::path::Path::new(dir).join(f);
        if !p.exists() {
            eprintln!("skipping {f}: ../shared not present");
            continue;
        }
        let aig = pdrkit_ts::aiger::read_file(&p).expect("parses");
        let ts = TransitionSystem::from_aig(&aig, None).expect("builds");
        check(&ts, 20, false);
        check(&ts, 20, true);
        seen += 1;
    }
    eprintln!("checked {seen} files");
}
