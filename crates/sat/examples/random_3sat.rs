//! Times pdrkit's solver against MiniSat, both through the `SatSolver` trait, on random 3-SAT
//! near the satisfiability threshold (4.26 clauses per variable): one hard query each, the
//! conflict-heavy side of the solver that IC3's small queries rarely exercise.
//!
//!     cargo run --release -p pdrkit-sat --example random_3sat -- [VARS] [INSTANCES] [SEED]

use std::time::Instant;

use pdrkit_logic::{Minisat, SatResult, SatSolver, Var};
use pdrkit_sat::Cdcl;

fn instance(vars: u32, seed: u64) -> Vec<[pdrkit_logic::Lit; 3]> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let clauses = (4.26 * f64::from(vars)) as usize;
    (0..clauses)
        .map(|_| {
            [(); 3].map(|_| Var(1 + (next() % u64::from(vars)) as u32).lit_with(next() % 2 == 1))
        })
        .collect()
}

fn time<S: SatSolver + Default>(cnf: &[[pdrkit_logic::Lit; 3]]) -> (SatResult, f64) {
    let mut s = S::default();
    for c in cnf {
        s.add_clause(c);
    }
    let t = Instant::now();
    let r = s.solve(&[]);
    (r, t.elapsed().as_secs_f64())
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: VARS INSTANCES SEED"))
        .collect();
    let vars = args.first().copied().unwrap_or(250) as u32;
    let n = args.get(1).copied().unwrap_or(10);
    let seed = args.get(2).copied().unwrap_or(1);
    let (mut tm, mut to) = (0.0, 0.0);
    for i in 0..n {
        let cnf = instance(vars, seed + i);
        let (rm, a) = time::<Minisat>(&cnf);
        let (ro, b) = time::<Cdcl>(&cnf);
        assert_eq!(rm, ro, "instance {}: the solvers disagree", seed + i);
        println!(
            "instance {}: {rm:?}, minisat {a:.3} s, pdrkit-sat {b:.3} s",
            seed + i
        );
        tm += a;
        to += b;
    }
    println!("{n} instances of {vars} variables: minisat {tm:.2} s, pdrkit-sat {to:.2} s");
}
