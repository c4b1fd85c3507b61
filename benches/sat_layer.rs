//! SAT-layer throughput on an IC3-shaped workload: many small solves under assumptions on one
//! incremental [`Minisat`] holding the LUT-mapped CNF of a real transition system and the
//! next-state copies of its latches.
//!
//! Each query is a relative-induction check `¬c ∧ T ∧ c'` for a random cube `c` of 3–10 latch
//! literals: the temporary clause `¬c` is guarded by a fresh activation literal, the solver is
//! asked under `act ∧ c'`, and the clause is retired with the unit `¬act` afterwards, as IC3
//! does. A SAT answer reads the predecessor's latch values, an UNSAT answer the failed
//! assumptions.
//!
//! Benchmarks (throughput in queries per second):
//! - `sat_layer/relative_induction/<file>`: batches of 1000 random queries (SAT and UNSAT mixed);
//! - `sat_layer/sat_answer/<file>`, `sat_layer/unsat_answer/<file>`: batches of 1000 queries known
//!   to be SAT (resp. UNSAT), for the raw cost of each kind of answer.

mod common;

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use common::Rng;
use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use pdrkit_logic::{Lit, Minisat, SatResult, SatSolver, Var};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

/// Queries per timed batch.
const BATCH: usize = 1000;
/// Activation variables a solver may accumulate before it is rebuilt (outside the timer): the
/// IC3 engine's default `rebuild_after`. Retired activation variables are not free: MiniSat
/// copies every variable's value into the model on each SAT answer.
const MAX_ACTIVATIONS: u32 = 1000;
/// Design files tried, relative to the benchmark set: a tiny one and a mid-size one.
const DESIGNS: [&str; 2] = ["hwmcc08/cmugigamax.aig", "hwmcc08/eijkbs1512.aig"];

/// A transition system with its CNF.
struct Design {
    ts: TransitionSystem,
    cnf: MappedCnf,
}

impl Design {
    fn load(path: &Path) -> Option<Design> {
        let aig = match pdrkit_ts::aiger::read_file(path) {
            Ok(aig) => aig,
            Err(e) => {
                eprintln!("note: skipping {}: {e}", path.display());
                return None;
            }
        };
        let ts = match TransitionSystem::from_aig(&aig, None) {
            Ok(ts) => ts,
            Err(e) => {
                eprintln!("note: skipping {}: {e}", path.display());
                return None;
            }
        };
        if ts.num_latches() == 0 {
            eprintln!("note: skipping {}: no latches", path.display());
            return None;
        }
        let cnf = MappedCnf::new(&ts);
        Some(Design { ts, cnf })
    }

    /// The primed (next-state) copy of a current-state latch literal: latch `j`'s copy is
    /// variable `num_vars + j`.
    fn prime(&self, l: Lit) -> Lit {
        let j = self.ts.latch_index(l.var()).expect("a latch literal");
        Var(self.ts.num_vars() + j as u32).lit_with(l.is_neg())
    }

    /// A solver with the transition relation loaded: the constant, the LUT clauses, the
    /// invariant constraints, and `latch_j' ⇔ next_j`.
    fn solver(&self) -> Minisat {
        let ts = &self.ts;
        let mut s = Minisat::default();
        s.reserve_vars(ts.num_vars() + ts.num_latches() as u32);
        // Variable 0 is the constant false (MappedCnf has no clause for it).
        s.add_clause(&[!Lit::FALSE]);
        for lut in &self.cnf.luts {
            for c in &lut.clauses {
                s.add_clause(c);
            }
        }
        for &c in &ts.constraints {
            s.add_clause(&[c]);
        }
        for (j, &n) in ts.next.iter().enumerate() {
            let p = self.prime(ts.latch(j).lit());
            s.add_clause(&[!p, n]);
            s.add_clause(&[p, !n]);
        }
        s
    }

    /// A random cube of 3–10 distinct latch literals (fewer when there are fewer latches).
    fn random_cube(&self, rng: &mut Rng) -> Vec<Lit> {
        let n = self.ts.num_latches();
        let k = rng.range(3, 10).min(n);
        let mut cube: Vec<Lit> = rng
            .distinct(k, n)
            .into_iter()
            .map(|j| self.ts.latch(j).lit_with(rng.coin()))
            .collect();
        cube.sort_unstable();
        cube
    }

    /// One relative-induction query for `cube`, through a temporary activated clause.
    fn query(&self, s: &mut Minisat, cube: &[Lit], buf: &mut Vec<Lit>) -> SatResult {
        let act = s.new_var().lit();
        buf.clear();
        buf.push(!act);
        buf.extend(cube.iter().map(|&l| !l));
        s.add_clause(buf);
        buf.clear();
        buf.push(act);
        buf.extend(cube.iter().map(|&l| self.prime(l)));
        let r = s.solve(buf);
        match r {
            SatResult::Sat => {
                let ones = (0..self.ts.num_latches())
                    .filter(|&j| s.value(self.ts.latch(j).lit()) == Some(true))
                    .count();
                black_box(ones);
            }
            SatResult::Unsat => {
                black_box(s.failed_assumptions().len());
            }
            SatResult::Unknown => unreachable!("no budget was set"),
        }
        s.add_clause(&[!act]);
        r
    }
}

/// Times `iters` batches of queries, drawn by `next`, on one long-lived solver that is rebuilt
/// (untimed) when it has accumulated too many retired activation variables.
struct Runner<'a> {
    design: &'a Design,
    solver: Minisat,
    base_vars: u32,
    buf: Vec<Lit>,
}

impl<'a> Runner<'a> {
    fn new(design: &'a Design) -> Self {
        let solver = design.solver();
        let base_vars = solver.num_vars();
        Runner {
            design,
            solver,
            base_vars,
            buf: Vec::new(),
        }
    }

    fn run(&mut self, iters: u64, mut next: impl FnMut() -> Vec<Lit>) -> Duration {
        let mut total = Duration::ZERO;
        let mut cubes: Vec<Vec<Lit>> = Vec::with_capacity(BATCH);
        for _ in 0..iters {
            if self.solver.num_vars() - self.base_vars >= MAX_ACTIVATIONS {
                self.solver = self.design.solver();
            }
            cubes.clear();
            cubes.extend((0..BATCH).map(|_| next()));
            let start = Instant::now();
            for c in &cubes {
                black_box(self.design.query(&mut self.solver, c, &mut self.buf));
            }
            total += start.elapsed();
        }
        total
    }
}

fn bench_sat_layer(c: &mut Criterion) {
    let Some(dir) = common::benchmarks_dir() else {
        return;
    };
    let mut group = c.benchmark_group("sat_layer");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(BATCH as u64));
    for name in DESIGNS {
        let path = dir.join(name);
        if !path.is_file() {
            eprintln!("note: {} is absent: skipped", path.display());
            continue;
        }
        let Some(design) = Design::load(&path) else {
            continue;
        };
        let ts = &design.ts;
        eprintln!(
            "{name}: {} inputs, {} latches, {} gates -> {} LUTs, {} clauses",
            ts.num_inputs(),
            ts.num_latches(),
            ts.gates.len(),
            design.cnf.luts.len(),
            design.cnf.num_clauses()
        );

        // Sort a pool of random queries by their answer (the answer of a query does not depend
        // on the solver's history: retired clauses and learnt clauses change nothing).
        let mut rng = Rng::new(0x5EED_0001);
        let mut scratch = design.solver();
        let mut buf = Vec::new();
        let (mut sat, mut unsat) = (Vec::new(), Vec::new());
        let mut tried = 0usize;
        while (sat.len() < 2 * BATCH || unsat.len() < 2 * BATCH) && tried < 40 * BATCH {
            let cube = design.random_cube(&mut rng);
            tried += 1;
            match design.query(&mut scratch, &cube, &mut buf) {
                SatResult::Sat if sat.len() < 2 * BATCH => sat.push(cube),
                SatResult::Unsat if unsat.len() < 2 * BATCH => unsat.push(cube),
                _ => {}
            }
        }
        drop(scratch);
        let mut mix = (0, 0);
        {
            let mut s = design.solver();
            let mut r = Rng::new(0x5EED_0002);
            for _ in 0..BATCH {
                let cube = design.random_cube(&mut r);
                match design.query(&mut s, &cube, &mut buf) {
                    SatResult::Sat => mix.0 += 1,
                    _ => mix.1 += 1,
                }
            }
        }
        eprintln!(
            "{name}: random queries are {} SAT / {} UNSAT per {BATCH}",
            mix.0, mix.1
        );

        group.bench_function(BenchmarkId::new("relative_induction", name), |b| {
            let mut runner = Runner::new(&design);
            let mut r = Rng::new(0x5EED_0003);
            b.iter_custom(|iters| runner.run(iters, || design.random_cube(&mut r)));
        });
        for (kind, pool) in [("sat_answer", &sat), ("unsat_answer", &unsat)] {
            if pool.is_empty() {
                eprintln!("note: {name}: no {kind} query found among {tried}: skipped");
                continue;
            }
            group.bench_function(BenchmarkId::new(kind, name), |b| {
                let mut runner = Runner::new(&design);
                let mut i = 0usize;
                b.iter_custom(|iters| {
                    runner.run(iters, || {
                        i = (i + 1) % pool.len();
                        pool[i].clone()
                    })
                });
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench_sat_layer
}
criterion_main!(benches);
