//! The differential harness: drives pdrkit's solver and MiniSat through the same sequence of
//! circuits defined gate by gate, permanent clauses, phases, and queries with assumptions,
//! temporary clauses and conflict budgets, and checks every answer of pdrkit's solver:
//! - SAT/UNSAT agree with MiniSat's (which never gets a budget); `Unknown` only under a budget;
//! - a model makes every assumption true, every variable of the domain has a value and every
//!   other none, the domain is closed under fan-in, every clause wholly inside the domain is
//!   satisfied, and once out-of-domain gates are evaluated (inputs set to false) every clause;
//! - after `flip_to_none`, the values left satisfy every clause of the domain by a literal of
//!   their own, and random completions are models;
//! - failed assumptions are a subset of the assumptions, agree with `is_failed`, and are
//!   unsatisfiable with the clauses and the query's temporary clauses (asked of MiniSat).
//!
//! The sequence comes from a [`Source`] of random words: a seeded generator for the test, the
//! fuzzer's bytes for the fuzz target (`fuzz/fuzz_targets/sat_differential.rs`). A mismatch
//! panics with what happened.

// Each includer uses its own part of this file.
#![allow(dead_code)]

use pdrkit_logic::{Lit, Minisat, SatResult, SatSolver, Var};
use pdrkit_sat::{Cdcl, Config};

/// Random words that drive a scenario.
pub trait Source {
    /// The next word.
    fn word(&mut self) -> u64;
    /// Whether the source has nothing more to say (the scenario then ends).
    fn exhausted(&self) -> bool {
        false
    }
    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.word() % n
        }
    }
    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}

/// A seeded xorshift64* generator.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value).
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
}

impl Source for Rng {
    fn word(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A fuzzer's input, two bytes per word (so that mutations stay local); zeros once spent.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// Words from `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }
}

impl Source for Bytes<'_> {
    fn word(&mut self) -> u64 {
        let byte = |i: usize| u64::from(self.data.get(i).copied().unwrap_or(0));
        let w = byte(self.at) | byte(self.at + 1) << 8;
        self.at += 2;
        w
    }
    fn exhausted(&self) -> bool {
        self.at >= self.data.len()
    }
}

/// What a scenario did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Summary {
    /// Queries asked.
    pub queries: u64,
    /// Answered SAT.
    pub sat: u64,
    /// Answered UNSAT.
    pub unsat: u64,
    /// Answered `Unknown` (budget).
    pub unknown: u64,
    /// Values dropped by `flip_to_none`.
    pub flips: u64,
    /// pdrkit's solver's conflicts, restarts, reductions and compactions.
    pub conflicts: u64,
    /// See `conflicts`.
    pub restarts: u64,
    /// See `conflicts`.
    pub reductions: u64,
    /// See `conflicts`.
    pub compactions: u64,
    /// Queries that reused the last one's domain (see `conflicts`).
    pub domains_reused: u64,
}

impl std::ops::AddAssign for Summary {
    fn add_assign(&mut self, o: Summary) {
        self.queries += o.queries;
        self.sat += o.sat;
        self.unsat += o.unsat;
        self.unknown += o.unknown;
        self.flips += o.flips;
        self.conflicts += o.conflicts;
        self.restarts += o.restarts;
        self.reductions += o.reductions;
        self.compactions += o.compactions;
        self.domains_reused += o.domains_reused;
    }
}

/// A gate: `out = table[deps as bits]` (deps[0] the lowest bit).
struct Gate {
    out: Var,
    deps: Vec<Var>,
    table: u16,
}

impl Gate {
    fn eval(&self, vals: &[bool]) -> bool {
        let mut row = 0;
        for (i, d) in self.deps.iter().enumerate() {
            if vals[d.idx()] {
                row |= 1 << i;
            }
        }
        self.table >> row & 1 == 1
    }
}

fn lit(v: u32, neg: bool) -> Lit {
    Var(v).lit_with(neg)
}

/// An input for a gate with output `out`: mostly a recent variable, so that cones are deep;
/// sometimes any variable below it (but the constant).
fn pick_input(src: &mut impl Source, out: u32) -> Var {
    if src.chance(1, 3) {
        Var(1 + src.below(u64::from(out - 1)) as u32)
    } else {
        Var(out.saturating_sub(1 + src.below(12) as u32).max(1))
    }
}

/// A random gate with output `out` over inputs below it, and its clauses: Tseitin clauses for
/// an AND of two literals (any polarities), the complete CNF (one clause per row of its table)
/// for a LUT of one to four inputs.
fn random_gate(src: &mut impl Source, out: u32) -> (Gate, Vec<Vec<Lit>>) {
    let o = Var(out);
    if src.chance(1, 2) {
        let a = pick_input(src, out);
        let b = pick_input(src, out);
        let (pa, pb, po) = (src.chance(1, 2), src.chance(1, 2), src.chance(1, 2));
        let (la, lb, lo) = (a.lit_with(pa), b.lit_with(pb), o.lit_with(po));
        if a == b {
            // A buffer or an inverter: out = a xor pa xor po.
            let table = if pa != po { 0b01 } else { 0b10 };
            let gate = Gate {
                out: o,
                deps: vec![a],
                table,
            };
            return (gate, vec![vec![!lo, la], vec![lo, !la]]);
        }
        let mut table = 0u16;
        for row in 0..4u16 {
            let va = (row & 1 == 1) != pa;
            let vb = (row >> 1 & 1 == 1) != pb;
            if (va && vb) != po {
                table |= 1 << row;
            }
        }
        let gate = Gate {
            out: o,
            deps: vec![a, b],
            table,
        };
        return (gate, vec![vec![!lo, la], vec![!lo, lb], vec![lo, !la, !lb]]);
    }
    let k = 1 + src.below(4);
    let mut deps: Vec<Var> = Vec::new();
    for _ in 0..k {
        let d = pick_input(src, out);
        if !deps.contains(&d) {
            deps.push(d);
        }
    }
    let rows = 1u32 << deps.len();
    let table = (src.word() as u32 & ((1u64 << rows) - 1) as u32) as u16;
    let mut clauses = Vec::new();
    for row in 0..rows as u16 {
        // The row's inputs imply the output's value there.
        let mut c: Vec<Lit> = deps
            .iter()
            .enumerate()
            .map(|(i, d)| d.lit_with(row >> i & 1 == 1))
            .collect();
        c.push(o.lit_with(table >> row & 1 == 0));
        clauses.push(c);
    }
    let gate = Gate {
        out: o,
        deps,
        table,
    };
    (gate, clauses)
}

struct Scenario {
    cdcl: Cdcl,
    mini: Minisat,
    /// Use `define` (false: every clause is permanent, as through the trait).
    lazy: bool,
    num_inputs: u32,
    gates: Vec<Gate>,
    /// Gates defined so far (a prefix of `gates`).
    defined: usize,
    /// Every clause added, definitions included.
    clauses: Vec<Vec<Lit>>,
    /// Variables of permanent clauses.
    permanent_vars: Vec<Var>,
    /// MiniSat's next activation variable.
    next_act: u32,
    /// The last query's assumptions and temporary clauses.
    last: (Vec<Lit>, Vec<Vec<Lit>>),
    summary: Summary,
}

impl Scenario {
    fn num_vars(&self) -> u32 {
        1 + self.num_inputs + self.gates.len() as u32
    }

    /// Variables that exist in the circuit so far (inputs, defined gates), and a few more.
    fn random_var(&self, src: &mut impl Source) -> Var {
        let known = 1 + self.num_inputs + self.defined as u32;
        if src.chance(1, 30) {
            Var(src.below(u64::from(self.num_vars())) as u32)
        } else {
            Var(src.below(u64::from(known)) as u32)
        }
    }

    fn random_clause(&self, src: &mut impl Source, len: u64) -> Vec<Lit> {
        (0..len)
            .map(|_| {
                let v = self.random_var(src);
                v.lit_with(src.chance(1, 2))
            })
            .collect()
    }
}

/// Runs one scenario of at most `max_queries` queries; panics on the first disagreement.
pub fn scenario(src: &mut impl Source, max_queries: u64) -> Summary {
    // Some start with a random 3-SAT formula over the inputs near the threshold: queries with
    // many conflicts.
    let hard = src.chance(1, 4);
    let num_inputs = if hard {
        30 + src.below(70) as u32
    } else {
        2 + src.below(40) as u32
    };
    let num_gates = src.below(250) as u32;
    let lazy = !src.chance(1, 10);
    // Some scenarios restart, reduce and compact all the time, to exercise those paths.
    let config = if src.chance(1, 3) {
        Config {
            restart_unit: 1 + src.below(8),
            first_reduction: 1 + src.below(40) as usize,
            compaction_waste: src.below(300) as usize,
            var_decay: 0.5 + src.below(50) as f64 / 100.0,
            shortcut_assumptions: src.below(6) as usize,
        }
    } else {
        Config::default()
    };
    let mut gates = Vec::new();
    let mut clauses_of = Vec::new();
    for i in 0..num_gates {
        let (g, c) = random_gate(src, 1 + num_inputs + i);
        gates.push(g);
        clauses_of.push(c);
    }
    let mut s = ScenarioWithDefs {
        inner: Scenario {
            cdcl: Cdcl::with_config(&config),
            mini: Minisat::default(),
            lazy,
            num_inputs,
            gates,
            defined: 0,
            clauses: Vec::new(),
            permanent_vars: Vec::new(),
            next_act: 1 + num_inputs + num_gates,
            last: (Vec::new(), Vec::new()),
            summary: Summary::default(),
        },
        clauses_of,
    };
    if hard {
        for _ in 0..(4.1 * f64::from(num_inputs)) as u32 {
            let c: Vec<Lit> = (0..3)
                .map(|_| {
                    lit(
                        1 + src.below(u64::from(num_inputs)) as u32,
                        src.chance(1, 2),
                    )
                })
                .collect();
            s.cdcl.add_clause(&c);
            s.mini.add_clause(&c);
            s.permanent_vars.extend(c.iter().map(|l| l.var()));
            s.clauses.push(c);
        }
    }
    s.run(src, max_queries);
    let st = s.cdcl.stats();
    let mut summary = s.inner.summary;
    summary.conflicts = st.conflicts;
    summary.restarts = st.restarts;
    summary.reductions = st.reductions;
    summary.compactions = st.compactions;
    summary.domains_reused = st.domains_reused;
    summary
}

/// The scenario and the clauses of each gate, kept apart so that defining borrows neither.
struct ScenarioWithDefs {
    inner: Scenario,
    clauses_of: Vec<Vec<Vec<Lit>>>,
}

impl std::ops::Deref for ScenarioWithDefs {
    type Target = Scenario;
    fn deref(&self) -> &Scenario {
        &self.inner
    }
}

impl std::ops::DerefMut for ScenarioWithDefs {
    fn deref_mut(&mut self) -> &mut Scenario {
        &mut self.inner
    }
}

impl ScenarioWithDefs {
    fn define_some(&mut self, n: usize) {
        let s = &mut self.inner;
        let end = (s.defined + n).min(s.gates.len());
        for g in s.defined..end {
            let gate = &s.gates[g];
            if s.lazy {
                s.cdcl.define(gate.out, &gate.deps);
            }
            for c in &self.clauses_of[g] {
                if s.lazy {
                    s.cdcl.add_definition_clause(c);
                } else {
                    s.cdcl.add_clause(c);
                    s.permanent_vars.extend(c.iter().map(|l| l.var()));
                }
                s.mini.add_clause(c);
                s.clauses.push(c.clone());
            }
        }
        s.defined = end;
    }

    fn add_permanent(&mut self, src: &mut impl Source) {
        let len = if src.chance(1, 12) {
            1
        } else {
            2 + src.below(3)
        };
        let c = if !self.clauses.is_empty() && src.chance(1, 3) {
            // A clause met before, again, weakened or strengthened: IC3 gives its solvers
            // the same lemma many times and stronger ones after weaker ones, which the
            // solver's store of permanent clauses drops or replaces.
            let mut c = self.clauses[src.below(self.clauses.len() as u64) as usize].clone();
            match src.below(3) {
                0 => {}
                1 => c.extend(self.random_clause(src, 1)),
                _ => {
                    if c.len() > 1 {
                        c.remove(src.below(c.len() as u64) as usize);
                    }
                }
            }
            c
        } else {
            self.random_clause(src, len)
        };
        self.cdcl.add_clause(&c);
        self.mini.add_clause(&c);
        self.permanent_vars.extend(c.iter().map(|l| l.var()));
        self.clauses.push(c);
    }

    fn run(&mut self, src: &mut impl Source, max_queries: u64) {
        if src.chance(1, 2) {
            // The engines' constant: variable 0 is false.
            let c = vec![lit(0, true)];
            self.cdcl.add_clause(&c);
            self.mini.add_clause(&c);
            self.permanent_vars.push(Var(0));
            self.clauses.push(c);
        }
        let first = 1 + src.below(self.gates.len() as u64 + 1) as usize;
        self.define_some(first);
        while self.summary.queries < max_queries && !src.exhausted() {
            match src.below(16) {
                0 | 1 => {
                    let n = 1 + src.below(20) as usize;
                    self.define_some(n);
                }
                2 => self.add_permanent(src),
                3 => {
                    let v = self.random_var(src);
                    self.cdcl.set_phase(v.lit_with(src.chance(1, 2)));
                }
                _ => {
                    if !self.query(src) {
                        // The permanent clauses are unsatisfiable: nothing more to learn.
                        return;
                    }
                }
            }
        }
    }

    /// One query and its checks; false when the clauses turned out unsatisfiable.
    fn query(&mut self, src: &mut impl Source) -> bool {
        self.summary.queries += 1;
        let n = if src.chance(1, 4) {
            src.below(21)
        } else {
            src.below(8)
        };
        let (assumptions, temps) = if src.chance(1, 5) {
            // The last query's variables again, in other polarities: IC3's lifting asks such
            // queries in a row, and the solver reuses their domain.
            let (a, t) = self.last.clone();
            let mut flip = |c: Vec<Lit>| -> Vec<Lit> {
                c.into_iter()
                    .map(|l| l.var().lit_with(src.chance(1, 2)))
                    .collect()
            };
            (flip(a), t.into_iter().map(&mut flip).collect())
        } else {
            let assumptions: Vec<Lit> = self.random_clause(src, n);
            let ntemp = match src.below(8) {
                0..=2 => 0,
                3..=6 => 1,
                _ => 2,
            };
            let temps: Vec<Vec<Lit>> = (0..ntemp)
                .map(|_| {
                    let len = if src.chance(1, 40) {
                        0
                    } else {
                        1 + src.below(8)
                    };
                    self.random_clause(src, len)
                })
                .collect();
            (assumptions, temps)
        };
        self.last = (assumptions.clone(), temps.clone());
        let budget = src.chance(1, 8).then(|| src.below(30));

        // pdrkit's solver.
        self.cdcl.set_conflict_budget(budget);
        let got = if temps.len() == 1 && src.chance(1, 2) {
            self.cdcl.solve_with(&assumptions, &temps[0])
        } else {
            for t in &temps {
                self.cdcl.add_temporary_clause(t);
            }
            self.cdcl.solve(&assumptions)
        };

        // MiniSat, the reference: temporary clauses behind a fresh activation literal.
        let act = Var(self.next_act).lit();
        self.next_act += 1;
        for t in &temps {
            let mut c = vec![!act];
            c.extend_from_slice(t);
            self.mini.add_clause(&c);
        }
        let mut with_act = vec![act];
        with_act.extend_from_slice(&assumptions);
        let want = self.mini.solve(&with_act);
        assert_ne!(want, SatResult::Unknown, "MiniSat without a budget");

        let nclauses = self.clauses.len();
        let ctx = || {
            format!(
                "assumptions {assumptions:?}, temporary {temps:?}, budget {budget:?}, \
                 {nclauses} clauses"
            )
        };
        match got {
            SatResult::Unknown => {
                assert!(budget.is_some(), "Unknown without a budget: {}", ctx());
                self.summary.unknown += 1;
            }
            SatResult::Sat => {
                assert_eq!(
                    want,
                    SatResult::Sat,
                    "SAT but MiniSat says UNSAT: {}",
                    ctx()
                );
                self.summary.sat += 1;
                assert!(self.cdcl.failed_assumptions().is_empty());
                self.check_model(&assumptions, &temps);
                if src.chance(1, 3) {
                    self.check_flips(src, &assumptions, &temps);
                }
            }
            SatResult::Unsat => {
                assert_eq!(
                    want,
                    SatResult::Unsat,
                    "UNSAT but MiniSat says SAT: {}",
                    ctx()
                );
                self.summary.unsat += 1;
                let failed = self.cdcl.failed_assumptions().to_vec();
                for f in &failed {
                    assert!(
                        assumptions.contains(f),
                        "failed {f:?} is no assumption: {}",
                        ctx()
                    );
                }
                for a in &assumptions {
                    assert_eq!(
                        self.cdcl.is_failed(*a),
                        failed.contains(a),
                        "is_failed({a:?}) against the list {failed:?}: {}",
                        ctx()
                    );
                }
                let mut core = vec![act];
                core.extend_from_slice(&failed);
                assert_eq!(
                    self.mini.solve(&core),
                    SatResult::Unsat,
                    "failed assumptions {failed:?} are satisfiable: {}",
                    ctx()
                );
            }
        }
        self.mini.add_clause(&[!act]);
        !(want == SatResult::Unsat && temps.is_empty() && self.mini.solve(&[]) == SatResult::Unsat)
    }

    /// The values read from pdrkit's solver, with the structural checks of the domain.
    fn values(&self, assumptions: &[Lit], temps: &[Vec<Lit>]) -> Vec<Option<bool>> {
        let n = self.num_vars();
        let vals: Vec<Option<bool>> = (0..n).map(|v| self.cdcl.value(Var(v).lit())).collect();
        for v in 0..n {
            let v = Var(v);
            assert_eq!(
                vals[v.idx()].is_some(),
                self.cdcl.in_domain(v),
                "{v:?}: a value exactly in the domain"
            );
            assert_eq!(
                self.cdcl.value(v.lit()).map(|b| !b),
                self.cdcl.value(!v.lit()),
                "{v:?}: the negative literal's value"
            );
        }
        let need = assumptions
            .iter()
            .chain(temps.iter().flatten())
            .map(|l| l.var())
            .chain(self.permanent_vars.iter().copied());
        for v in need {
            assert!(
                self.cdcl.in_domain(v),
                "{v:?} (assumed, temporary or permanent) is in the domain"
            );
        }
        if self.lazy {
            for g in &self.gates[..self.defined] {
                if self.cdcl.in_domain(g.out) {
                    for d in &g.deps {
                        assert!(self.cdcl.in_domain(*d), "domain closed under fan-in");
                    }
                }
            }
        }
        vals
    }

    /// Every clause under `full` (a total assignment), temporary ones included.
    fn check_total(&self, full: &[bool], temps: &[Vec<Lit>], what: &str) {
        for c in self.clauses.iter().chain(temps) {
            assert!(
                c.iter().any(|l| full[l.var().idx()] != l.is_neg()),
                "{what}: clause {c:?} is false"
            );
        }
    }

    /// `vals` completed: `fill` for unset variables that no defined gate computes, gates
    /// evaluated where unset.
    fn complete(&self, vals: &[Option<bool>], mut fill: impl FnMut() -> bool) -> Vec<bool> {
        let mut full = vec![false; vals.len()];
        let first_gate = 1 + self.num_inputs as usize;
        for v in 0..vals.len() {
            full[v] = match vals[v] {
                Some(b) => b,
                None => {
                    let g = v.checked_sub(first_gate).filter(|&g| g < self.defined);
                    match g {
                        Some(g) => self.gates[g].eval(&full),
                        None => fill(),
                    }
                }
            };
        }
        full
    }

    fn check_model(&self, assumptions: &[Lit], temps: &[Vec<Lit>]) {
        let vals = self.values(assumptions, temps);
        for a in assumptions {
            assert_eq!(
                vals[a.var().idx()],
                Some(!a.is_neg()),
                "assumption {a:?} holds"
            );
        }
        for c in self.clauses.iter().chain(temps) {
            if c.iter().all(|l| vals[l.var().idx()].is_some()) {
                assert!(
                    c.iter().any(|l| vals[l.var().idx()] == Some(!l.is_neg())),
                    "clause {c:?} inside the domain is false"
                );
            }
        }
        let full = self.complete(&vals, || false);
        self.check_total(&full, temps, "model extended by evaluation");
    }

    fn check_flips(&mut self, src: &mut impl Source, assumptions: &[Lit], temps: &[Vec<Lit>]) {
        let n = self.num_vars();
        let tries = 1 + src.below(u64::from(n));
        for _ in 0..tries {
            // Assumptions too: the solver keeps their values (checked below).
            let v = Var(src.below(u64::from(n)) as u32);
            if self.cdcl.flip_to_none(v) {
                assert_eq!(self.cdcl.value(v.lit()), None, "flipped {v:?} reads none");
                self.summary.flips += 1;
            }
        }
        let vals: Vec<Option<bool>> = (0..n).map(|v| self.cdcl.value(Var(v).lit())).collect();
        for a in assumptions {
            assert_eq!(
                vals[a.var().idx()],
                Some(!a.is_neg()),
                "assumption {a:?} holds"
            );
        }
        for c in self.clauses.iter().chain(temps) {
            // A tautology holds in every completion without a value of its own.
            let tautology = c.iter().any(|l| c.contains(&!*l));
            if !tautology && c.iter().all(|l| self.cdcl.in_domain(l.var())) {
                assert!(
                    c.iter().any(|l| vals[l.var().idx()] == Some(!l.is_neg())),
                    "after flips, clause {c:?} of the domain has no true literal"
                );
            }
        }
        for _ in 0..2 {
            let mut coin = || src.chance(1, 2);
            // Flipped variables inside the domain take random values too, gates included.
            let mut partial = vals.clone();
            for v in 0..n {
                if partial[v as usize].is_none() && self.cdcl.in_domain(Var(v)) {
                    partial[v as usize] = Some(coin());
                }
            }
            let full = self.complete(&partial, &mut coin);
            self.check_total(&full, temps, "random completion after flips");
        }
    }
}
