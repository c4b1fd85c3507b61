//! Times pdrkit's solver against MiniSat on IC3-shaped random workloads: a random sequential
//! circuit (AND gates, latches with next-state functions), loaded lazily cone by cone as the
//! engine's `ConeSolver` does (dense renumbering), and many relative-induction-like queries:
//! assume a cube of 5 to 20 primed latch literals, with the cube's negation over the current
//! latches as a temporary clause; some UNSAT answers add the cube's negation as a lemma (up to
//! 2000; both solvers see the same sequence, and their answers are compared). MiniSat runs the engine's
//! way today: a fresh activation literal per query, retired by a unit clause afterwards, and
//! the solver rebuilt (lemmas reloaded) after 1000 of them, as `rebuild_after` does.
//!
//!     cargo run --release -p pdrkit-sat --example ic3_workload -- [GATES] [LATCHES] [QUERIES] [SEED]
//!
//! Prints queries per second of each backend, pdrkit's solver both with definitions (per-query
//! domains) and with every clause permanent (no domains), and its average domain size. With
//! `IC3_WORKLOAD_ONLY=domains` only pdrkit's solver with domains runs (for profiling).

use std::time::Instant;

use pdrkit_logic::{Lit, Minisat, SatResult, SatSolver, Var};
use pdrkit_sat::Cdcl;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Variables: 0 the constant false, then inputs, latches, gates, and the latches' primed copies.
struct Circuit {
    inputs: u32,
    latches: u32,
    /// Gates over literals of lower variables: AND, or XOR when the flag is set.
    gates: Vec<(Lit, Lit, bool)>,
    /// Next-state literal of each latch.
    next: Vec<Lit>,
}

impl Circuit {
    fn first_latch(&self) -> u32 {
        1 + self.inputs
    }
    fn first_gate(&self) -> u32 {
        1 + self.inputs + self.latches
    }
    fn first_primed(&self) -> u32 {
        self.first_gate() + self.gates.len() as u32
    }
    fn num_vars(&self) -> u32 {
        self.first_primed() + self.latches
    }

    /// Gates in modules of about a hundred: a gate reads recent gates of its module or the
    /// module's few latches and inputs (and rarely anything below it), so that cones are
    /// hundreds of gates, not the design.
    fn random(rng: &mut Rng, inputs: u32, latches: u32, gates: u32) -> Circuit {
        let mut c = Circuit {
            inputs,
            latches,
            gates: Vec::new(),
            next: Vec::new(),
        };
        let first_gate = c.first_gate();
        let mut leaves: Vec<u32> = Vec::new();
        let mut module_start = first_gate;
        for g in 0..gates {
            let out = first_gate + g;
            if g % 100 == 0 {
                module_start = out;
                leaves.clear();
                for _ in 0..8 {
                    leaves.push(1 + rng.below(u64::from(inputs + latches)) as u32);
                }
            }
            let child = |rng: &mut Rng| {
                let r = rng.below(100);
                let v = if r < 5 {
                    1 + rng.below(u64::from(out - 1)) as u32
                } else if r < 45 || out == module_start {
                    leaves[rng.below(leaves.len() as u64) as usize]
                } else {
                    out - 1 - rng.below(u64::from((out - module_start).min(20))) as u32
                };
                Var(v).lit_with(rng.below(2) == 1)
            };
            let a = child(rng);
            let b = child(rng);
            c.gates.push((a, b, rng.below(10) < 3));
        }
        for _ in 0..latches {
            let g = first_gate + gates / 4 + rng.below(u64::from(gates - gates / 4)) as u32;
            c.next.push(Var(g).lit_with(rng.below(2) == 1));
        }
        c
    }
}

/// What the workload needs of a solver.
trait Backend {
    fn new_var(&mut self) -> Var;
    fn define(&mut self, v: Var, deps: &[Var]);
    fn definition_clause(&mut self, c: &[Lit]);
    fn lemma(&mut self, c: &[Lit]);
    fn query(&mut self, assumptions: &[Lit], temporary: &[Lit]) -> SatResult;
    fn value(&self, l: Lit) -> Option<bool>;
    fn is_failed(&self, l: Lit) -> bool;
    /// A fresh solver of the same kind when this one should be rebuilt.
    fn rebuilt(&self) -> Option<Self>
    where
        Self: Sized;
}

/// MiniSat as the engine drives it today.
struct Mini {
    s: Minisat,
    failed: Vec<bool>,
    activations: usize,
    /// The last query's activation literal, retired before the next query (after its model
    /// was read).
    retire: Option<Lit>,
}

impl Mini {
    fn new() -> Self {
        Mini {
            s: Minisat::default(),
            failed: Vec::new(),
            activations: 0,
            retire: None,
        }
    }
}

impl Backend for Mini {
    fn new_var(&mut self) -> Var {
        self.s.new_var()
    }
    fn define(&mut self, _: Var, _: &[Var]) {}
    fn definition_clause(&mut self, c: &[Lit]) {
        self.s.add_clause(c);
    }
    fn lemma(&mut self, c: &[Lit]) {
        self.s.add_clause(c);
    }
    fn query(&mut self, assumptions: &[Lit], temporary: &[Lit]) -> SatResult {
        if let Some(a) = self.retire.take() {
            self.s.add_clause(&[!a]);
        }
        self.activations += 1;
        let act = self.s.new_var().lit();
        let mut c = vec![!act];
        c.extend_from_slice(temporary);
        self.s.add_clause(&c);
        let mut a = vec![act];
        a.extend_from_slice(assumptions);
        let r = self.s.solve(&a);
        self.failed.clear();
        self.failed.resize(2 * self.s.num_vars() as usize, false);
        if r == SatResult::Unsat {
            for &l in self.s.failed_assumptions() {
                self.failed[l.code() as usize] = true;
            }
        }
        self.retire = Some(act);
        r
    }
    fn value(&self, l: Lit) -> Option<bool> {
        self.s.value(l)
    }
    fn is_failed(&self, l: Lit) -> bool {
        self.failed[l.code() as usize]
    }
    fn rebuilt(&self) -> Option<Self> {
        (self.activations > 1000).then(Mini::new)
    }
}

/// pdrkit's solver; with `domains` false every clause is permanent.
struct Own {
    s: Cdcl,
    domains: bool,
}

impl Backend for Own {
    fn new_var(&mut self) -> Var {
        self.s.new_var()
    }
    fn define(&mut self, v: Var, deps: &[Var]) {
        if self.domains {
            self.s.define(v, deps);
        }
    }
    fn definition_clause(&mut self, c: &[Lit]) {
        if self.domains {
            self.s.add_definition_clause(c);
        } else {
            self.s.add_clause(c);
        }
    }
    fn lemma(&mut self, c: &[Lit]) {
        self.s.add_clause(c);
    }
    fn query(&mut self, assumptions: &[Lit], temporary: &[Lit]) -> SatResult {
        self.s.solve_with(assumptions, temporary)
    }
    fn value(&self, l: Lit) -> Option<bool> {
        self.s.value(l)
    }
    fn is_failed(&self, l: Lit) -> bool {
        self.s.is_failed(l)
    }
    fn rebuilt(&self) -> Option<Self> {
        None
    }
}

/// A backend with the circuit loaded cone by cone on first use, densely renumbered.
struct Loaded<B> {
    b: B,
    map: Vec<u32>,
    stack: Vec<u32>,
    buf: Vec<Lit>,
    temp: Vec<Lit>,
}

const UNMAPPED: u32 = u32::MAX;

impl<B: Backend> Loaded<B> {
    fn new(mut b: B, c: &Circuit) -> Self {
        let mut map = vec![UNMAPPED; c.num_vars() as usize];
        let f = b.new_var();
        map[0] = f.0;
        b.lemma(&[!f.lit()]);
        Loaded {
            b,
            map,
            stack: Vec::new(),
            buf: Vec::new(),
            temp: Vec::new(),
        }
    }

    fn mapped(&self, l: Lit) -> Lit {
        Var(self.map[l.var().idx()]).lit_with(l.is_neg())
    }

    fn lit(&mut self, c: &Circuit, l: Lit) -> Lit {
        if self.map[l.var().idx()] == UNMAPPED {
            self.load(c, l.var().0);
        }
        self.mapped(l)
    }

    fn load(&mut self, c: &Circuit, root: u32) {
        self.stack.push(root);
        while let Some(&v) = self.stack.last() {
            if self.map[v as usize] != UNMAPPED {
                self.stack.pop();
                continue;
            }
            let children: [Option<u32>; 2] = if v >= c.first_primed() {
                [Some(c.next[(v - c.first_primed()) as usize].var().0), None]
            } else if v >= c.first_gate() {
                let (a, b, _) = c.gates[(v - c.first_gate()) as usize];
                [Some(a.var().0), Some(b.var().0)]
            } else {
                [None, None]
            };
            let mut pending = false;
            for ch in children.into_iter().flatten() {
                if self.map[ch as usize] == UNMAPPED {
                    self.stack.push(ch);
                    pending = true;
                }
            }
            if pending {
                continue;
            }
            self.stack.pop();
            let o = self.b.new_var();
            self.map[v as usize] = o.0;
            let o = o.lit();
            if v >= c.first_primed() {
                let n = self.mapped(c.next[(v - c.first_primed()) as usize]);
                self.b.define(o.var(), &[n.var()]);
                self.b.definition_clause(&[!o, n]);
                self.b.definition_clause(&[o, !n]);
            } else if v >= c.first_gate() {
                let (a, b, xor) = c.gates[(v - c.first_gate()) as usize];
                let (a, b) = (self.mapped(a), self.mapped(b));
                if a.var() == b.var() {
                    // Degenerate: the gate is a function of one variable.
                    self.b.define(o.var(), &[a.var()]);
                } else {
                    self.b.define(o.var(), &[a.var(), b.var()]);
                }
                if xor {
                    self.b.definition_clause(&[!o, a, b]);
                    self.b.definition_clause(&[!o, !a, !b]);
                    self.b.definition_clause(&[o, !a, b]);
                    self.b.definition_clause(&[o, a, !b]);
                } else {
                    self.b.definition_clause(&[!o, a]);
                    self.b.definition_clause(&[!o, b]);
                    self.b.definition_clause(&[o, !a, !b]);
                }
            }
        }
    }
}

/// Per backend: the answers in order, and the time spent in queries.
fn run<B: Backend>(b: B, c: &Circuit, queries: u32, seed: u64) -> (Vec<SatResult>, f64, B) {
    let mut s = Loaded::new(b, c);
    let mut rng = Rng(seed | 1);
    let mut answers = Vec::with_capacity(queries as usize);
    let mut time = 0.0;
    let mut cube: Vec<Lit> = Vec::new();
    let mut assumptions = Vec::new();
    // Lemmas over system literals, reloaded into a rebuilt solver.
    let mut lemmas: Vec<Vec<Lit>> = Vec::new();
    for _ in 0..queries {
        if let Some(fresh) = s.b.rebuilt() {
            s = Loaded::new(fresh, c);
            for l in &lemmas {
                let m: Vec<Lit> = l.iter().map(|&x| s.lit(c, x)).collect();
                s.b.lemma(&m);
            }
        }
        let k = 5 + rng.below(16) as u32;
        cube.clear();
        for _ in 0..k.min(c.latches) {
            let j = rng.below(u64::from(c.latches)) as u32;
            let l = Var(c.first_latch() + j).lit_with(rng.below(2) == 1);
            if !cube.iter().any(|x| x.var() == l.var()) {
                cube.push(l);
            }
        }
        assumptions.clear();
        for &l in &cube {
            let j = l.var().0 - c.first_latch();
            let p = Var(c.first_primed() + j).lit_with(l.is_neg());
            let m = s.lit(c, p);
            assumptions.push(m);
        }
        s.temp.clear();
        for &l in &cube {
            let m = s.lit(c, !l);
            s.temp.push(m);
        }
        let t = Instant::now();
        let r = s.b.query(&assumptions, &s.temp);
        // Read what IC3 reads: the core, or the model's latches.
        let mut seen = 0usize;
        if r == SatResult::Unsat {
            seen += assumptions.iter().filter(|&&a| s.b.is_failed(a)).count();
        } else if r == SatResult::Sat {
            for j in 0..c.latches {
                let m = s.map[(c.first_latch() + j) as usize];
                if m != UNMAPPED {
                    seen += usize::from(s.b.value(Var(m).lit()).is_some());
                }
            }
        }
        time += t.elapsed().as_secs_f64();
        std::hint::black_box(seen);
        // A quarter of the UNSAT answers give a lemma, up to a frame's worth of them.
        if r == SatResult::Unsat && rng.below(4) == 0 && lemmas.len() < 2000 {
            s.buf.clear();
            s.buf.extend(s.temp.iter().copied());
            let lemma = std::mem::take(&mut s.buf);
            s.b.lemma(&lemma);
            s.buf = lemma;
            lemmas.push(cube.iter().map(|&l| !l).collect());
        }
        answers.push(r);
    }
    (answers, time, s.b)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: GATES LATCHES QUERIES SEED"))
        .collect();
    let gates = args.first().copied().unwrap_or(5000) as u32;
    let latches = args.get(1).copied().unwrap_or(200) as u32;
    let queries = args.get(2).copied().unwrap_or(20_000) as u32;
    let seed = args.get(3).copied().unwrap_or(1);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let c = Circuit::random(&mut rng, 50, latches, gates);

    if std::env::var("IC3_WORKLOAD_ONLY").is_ok_and(|v| v == "domains") {
        let t = Instant::now();
        let (_, to, solver) = run(
            Own {
                s: Cdcl::new(),
                domains: true,
            },
            &c,
            queries,
            seed,
        );
        println!(
            "pdrkit-sat, domains: {:.1} us/query ({:.1} s in all); {:?}",
            1e6 * to / f64::from(queries),
            t.elapsed().as_secs_f64(),
            solver.s.stats()
        );
        return;
    }
    let (mini, tm, _) = run(Mini::new(), &c, queries, seed);
    let (own, to, solver) = run(
        Own {
            s: Cdcl::new(),
            domains: true,
        },
        &c,
        queries,
        seed,
    );
    let (flat, tf, _) = run(
        Own {
            s: Cdcl::new(),
            domains: false,
        },
        &c,
        queries,
        seed,
    );
    assert_eq!(mini, own, "pdrkit's solver and MiniSat disagree");
    assert_eq!(
        mini, flat,
        "pdrkit's solver without domains and MiniSat disagree"
    );
    let unsat = mini.iter().filter(|&&r| r == SatResult::Unsat).count();
    let st = solver.s.stats();
    println!(
        "{gates} gates, {latches} latches, {queries} queries ({unsat} unsat), seed {seed}: \
         loaded {} vars",
        solver.s.num_vars()
    );
    let q = f64::from(queries);
    println!(
        "  minisat (activation literal per query): {:>9.0} queries/s ({:.1} us/query)",
        q / tm,
        1e6 * tm / q
    );
    println!(
        "  pdrkit-sat, domains:                    {:>9.0} queries/s ({:.1} us/query, {:.2}x)",
        q / to,
        1e6 * to / q,
        tm / to
    );
    println!(
        "  pdrkit-sat, every clause permanent:     {:>9.0} queries/s ({:.1} us/query, {:.2}x)",
        q / tf,
        1e6 * tf / q,
        tm / tf
    );
    println!(
        "  pdrkit-sat, domains: {:.0} domain vars/query, {:.1} decisions, {:.1} conflicts, \
         {:.0} propagations per query; {} reductions",
        st.domain_vars as f64 / q,
        st.decisions as f64 / q,
        st.conflicts as f64 / q,
        st.propagations as f64 / q,
        st.reductions
    );
}
