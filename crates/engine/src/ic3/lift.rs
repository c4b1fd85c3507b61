//! Predecessor lifting: shrinking a predecessor state to the latches that matter.
//!
//! Given a full state `s` and inputs `i` whose successor lies in a target cube `t` (and that
//! satisfy the constraints), the lifted cube is the part of `s` in the unsat core of
//! `s ∧ i ∧ T ∧ ¬(t' ∧ C)` (Chockler et al., FMCAD'11): every state of the lifted cube, with the
//! same inputs, still reaches `t` under the constraints. Ternary simulation is the alternative
//! (ABC's `pdr`): a latch is dropped when setting it to X leaves the target and the
//! constraints defined. It reads the circuit, not the CNF the solvers hold, so its result does
//! not depend on how the CNF was simplified; the two combine, simulation first and then a core
//! query on what it kept (`LiftMode::TernaryCore`).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use pdrkit_logic::{Cube, Lit, SatResult};
use pdrkit_ts::TransitionSystem;

use super::frame_solvers::REBUILD_AFTER;
use super::solver::{ConeSolver, Layout, SatBackend};
use super::Ic3;

/// How predecessors are shrunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiftMode {
    /// Unsat core of a SAT query on a dedicated solver.
    Core,
    /// Ternary (0/1/X) simulation.
    Ternary,
    /// Ternary simulation, then the unsat core of a lifting query on what it kept.
    TernaryCore,
    /// Keep the full state (every latch the query's logic reads).
    None,
}

impl std::str::FromStr for LiftMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "core" => Ok(LiftMode::Core),
            "ternary" => Ok(LiftMode::Ternary),
            "ternary-core" => Ok(LiftMode::TernaryCore),
            "none" => Ok(LiftMode::None),
            _ => Err(format!(
                "unknown lifting mode '{s}' (core, ternary, ternary-core, none)"
            )),
        }
    }
}

impl std::fmt::Display for LiftMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LiftMode::Core => "core",
            LiftMode::Ternary => "ternary",
            LiftMode::TernaryCore => "ternary-core",
            LiftMode::None => "none",
        })
    }
}

/// The lifting machinery: a solver holding only the transition relation.
pub struct Lifter {
    backend: SatBackend,
    record: Option<std::path::PathBuf>,
    solver: Option<ConeSolver>,
    assumptions: Vec<Lit>,
    clause: Vec<Lit>,
    /// Built on the first ternary lifting, for that call's system: a lifter serves one IC3
    /// run, whose system does not change.
    ternary: Option<TernarySim>,
    /// `TernaryCore`: the latches simulation kept, in the caller's order.
    order: Vec<Lit>,
}

/// Ternary values.
const F: u8 = 0;
const T: u8 = 1;
const X: u8 = 2;

impl Lifter {
    /// A lifter whose solver (when it needs one) runs on `backend`.
    pub fn new(backend: SatBackend, record: Option<std::path::PathBuf>) -> Self {
        Lifter {
            backend,
            record,
            solver: None,
            assumptions: Vec::new(),
            clause: Vec::new(),
            ternary: None,
            order: Vec::new(),
        }
    }

    /// Lifts `state` (current-state latch literals) under `inputs` (input literals) so that the
    /// successor still satisfies every literal of `targets` (primed latch literals, or
    /// current-state literals such as `bad`) and the constraints. Returns a sub-cube of `state`.
    #[allow(clippy::too_many_arguments)]
    pub fn lift(
        &mut self,
        mode: LiftMode,
        ts: &TransitionSystem,
        layout: &Layout,
        state: &[Lit],
        inputs: &[Lit],
        targets: &[Lit],
        calls: &mut u64,
    ) -> Cube {
        match mode {
            LiftMode::None => Cube::new(state.iter().copied()),
            LiftMode::Core => self.lift_core(ts, layout, state, inputs, targets, calls),
            LiftMode::Ternary => self.lift_ternary(ts, layout, state, inputs, targets),
            LiftMode::TernaryCore => {
                let cube = self.lift_ternary(ts, layout, state, inputs, targets);
                // The core query sees only what simulation kept, in the caller's order.
                let mut order = std::mem::take(&mut self.order);
                order.clear();
                order.extend(state.iter().copied().filter(|&l| cube.set().contains(l)));
                let cube = self.lift_core(ts, layout, &order, inputs, targets, calls);
                self.order = order;
                cube
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn lift_core(
        &mut self,
        ts: &TransitionSystem,
        layout: &Layout,
        state: &[Lit],
        inputs: &[Lit],
        targets: &[Lit],
        calls: &mut u64,
    ) -> Cube {
        if self
            .solver
            .as_ref()
            .is_none_or(|s| s.activations() > REBUILD_AFTER)
        {
            self.solver = Some(ConeSolver::new(
                ts,
                layout,
                false,
                self.backend,
                self.record.as_deref(),
            ));
        }
        let s = self.solver.as_mut().expect("just built");
        self.clause.clear();
        // The constraints are targets too: every state of the lifted cube must satisfy them
        // with these inputs, or the trace rebuilt from it could break one.
        self.clause
            .extend(targets.iter().chain(&ts.constraints).map(|&t| !t));
        self.assumptions.clear();
        self.assumptions.extend_from_slice(inputs);
        self.assumptions.extend_from_slice(state);
        *calls += 1;
        let res = s.solve(ts, layout, &[&self.clause], &self.assumptions);
        if res == SatResult::Unsat {
            Cube::new(state.iter().copied().filter(|&l| s.is_failed(l)))
        } else {
            // Cannot happen when the caller's premise holds; the full state is always sound.
            Cube::new(state.iter().copied())
        }
    }

    fn lift_ternary(
        &mut self,
        ts: &TransitionSystem,
        layout: &Layout,
        state: &[Lit],
        inputs: &[Lit],
        targets: &[Lit],
    ) -> Cube {
        let sim = self.ternary.get_or_insert_with(|| TernarySim::new(ts));
        debug_assert_eq!(sim.cone.len(), ts.gates.len(), "one lifter, one system");
        // The checked literals: targets mapped to their current-state functions, constraints.
        let checks = targets
            .iter()
            .map(|&t| {
                if layout.is_primed(t.var()) {
                    let j = layout.latch_index(layout.unprime(t).var());
                    ts.next[j].xor(t.is_neg())
                } else {
                    t
                }
            })
            .chain(ts.constraints.iter().copied());
        sim.lift(ts, state, inputs, checks)
    }
}

/// Ternary (0/1/X) simulation for lifting, event-driven: the cone of the checked literals is
/// simulated once per call, and each latch set to X re-evaluates only the gates whose input
/// changed, so a call costs the cone once plus the part of it each X reaches (a full
/// re-simulation per latch costs the circuit times the latches).
struct TernarySim {
    /// For each variable, the positions in `ts.gates` of the gates reading it (CSR layout).
    fanout_start: Vec<u32>,
    fanout: Vec<u32>,
    /// For each variable, the position of the gate it is the output of, or `NO_GATE`.
    gate_of: Vec<u32>,
    /// Ternary value of each variable; inputs and latches not given are X.
    values: Vec<u8>,
    /// `cone[g] == epoch`: gate `g` is in the current call's cone.
    cone: Vec<u32>,
    /// `check[v] == epoch`: variable `v` is read by a checked literal in the current call.
    check: Vec<u32>,
    epoch: u32,
    /// `queued[g] == wave`: gate `g` waits in `queue` for the current drop attempt.
    queued: Vec<u32>,
    wave: u32,
    queue: BinaryHeap<Reverse<u32>>,
    /// The current call's checked literals.
    checks: Vec<Lit>,
    /// The current call's cone, in topological (position) order.
    order: Vec<u32>,
    stack: Vec<u32>,
    /// Variables changed by the current drop attempt, with their old values.
    undo: Vec<(u32, u8)>,
}

const NO_GATE: u32 = u32::MAX;

impl TernarySim {
    fn new(ts: &TransitionSystem) -> Self {
        let n = ts.num_vars() as usize;
        let mut count = vec![0u32; n + 1];
        let mut gate_of = vec![NO_GATE; n];
        for (g, gate) in ts.gates.iter().enumerate() {
            count[gate.a.var().idx() + 1] += 1;
            count[gate.b.var().idx() + 1] += 1;
            gate_of[gate.out.idx()] = g as u32;
        }
        for v in 0..n {
            count[v + 1] += count[v];
        }
        let mut fill = count.clone();
        let mut fanout = vec![0u32; 2 * ts.gates.len()];
        for (g, gate) in ts.gates.iter().enumerate() {
            for v in [gate.a.var().idx(), gate.b.var().idx()] {
                fanout[fill[v] as usize] = g as u32;
                fill[v] += 1;
            }
        }
        let mut values = vec![X; n];
        values[0] = F;
        TernarySim {
            fanout_start: count,
            fanout,
            gate_of,
            values,
            cone: vec![0; ts.gates.len()],
            check: vec![0; n],
            epoch: 0,
            queued: vec![0; ts.gates.len()],
            wave: 0,
            queue: BinaryHeap::new(),
            checks: Vec::new(),
            order: Vec::new(),
            stack: Vec::new(),
            undo: Vec::new(),
        }
    }

    fn lit_value(&self, l: Lit) -> u8 {
        let v = self.values[l.var().idx()];
        if v == X {
            X
        } else {
            v ^ l.is_neg() as u8
        }
    }

    fn eval(&self, gate: &pdrkit_ts::Gate) -> u8 {
        let a = self.lit_value(gate.a);
        let b = self.lit_value(gate.b);
        if a == F || b == F {
            F
        } else if a == T && b == T {
            T
        } else {
            X
        }
    }

    /// Sets `v` to X and propagates; false (with every value restored) when a checked
    /// variable loses its value.
    fn try_drop(&mut self, ts: &TransitionSystem, v: usize) -> bool {
        if self.check[v] == self.epoch {
            return false;
        }
        self.wave = self.wave.wrapping_add(1);
        if self.wave == 0 {
            self.queued.fill(0);
            self.wave = 1;
        }
        self.undo.clear();
        self.undo.push((v as u32, self.values[v]));
        self.values[v] = X;
        self.enqueue_readers(v);
        while let Some(Reverse(g)) = self.queue.pop() {
            let gate = &ts.gates[g as usize];
            let new = self.eval(gate);
            let out = gate.out.idx();
            if new == self.values[out] {
                continue;
            }
            // Values only ever turn to X here (ternary simulation is monotone).
            if self.check[out] == self.epoch {
                self.queue.clear();
                for &(u, old) in self.undo.iter().rev() {
                    self.values[u as usize] = old;
                }
                return false;
            }
            self.undo.push((out as u32, self.values[out]));
            self.values[out] = new;
            self.enqueue_readers(out);
        }
        true
    }

    fn enqueue_readers(&mut self, v: usize) {
        let (lo, hi) = (self.fanout_start[v], self.fanout_start[v + 1]);
        for &g in &self.fanout[lo as usize..hi as usize] {
            if self.cone[g as usize] == self.epoch && self.queued[g as usize] != self.wave {
                self.queued[g as usize] = self.wave;
                self.queue.push(Reverse(g));
            }
        }
    }

    /// The sub-cube of `state` that, with `inputs`, keeps every literal of `checks` true under
    /// ternary simulation; latches are tried from the last to the first, so the first are the
    /// likeliest kept.
    fn lift(
        &mut self,
        ts: &TransitionSystem,
        state: &[Lit],
        inputs: &[Lit],
        checks: impl Iterator<Item = Lit>,
    ) -> Cube {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.cone.fill(0);
            self.check.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        // The cone of the checks: every gate they read, transitively.
        self.order.clear();
        self.stack.clear();
        self.checks.clear();
        self.checks.extend(checks);
        for i in 0..self.checks.len() {
            let c = self.checks[i];
            self.check[c.var().idx()] = epoch;
            let g = self.gate_of[c.var().idx()];
            if g != NO_GATE && self.cone[g as usize] != epoch {
                self.cone[g as usize] = epoch;
                self.stack.push(g);
            }
        }
        while let Some(g) = self.stack.pop() {
            self.order.push(g);
            let gate = &ts.gates[g as usize];
            for v in [gate.a.var().idx(), gate.b.var().idx()] {
                let h = self.gate_of[v];
                if h != NO_GATE && self.cone[h as usize] != epoch {
                    self.cone[h as usize] = epoch;
                    self.stack.push(h);
                }
            }
        }
        self.order.sort_unstable();
        for &l in inputs.iter().chain(state) {
            self.values[l.var().idx()] = if l.is_neg() { F } else { T };
        }
        for i in 0..self.order.len() {
            let gate = &ts.gates[self.order[i] as usize];
            self.values[gate.out.idx()] = self.eval(gate);
        }
        // The SAT model gives no value to a latch its CNF does not contain (elimination and
        // sweeping can leave a gate that reads a latch its function does not depend on); such
        // a latch stays X. When the checks are not all true even so, simulation cannot show
        // what the SAT answer showed, and the state is returned whole.
        let whole = !self.checks.iter().all(|&c| self.lit_value(c) == T);
        let mut kept: Vec<Lit> = Vec::with_capacity(state.len());
        if whole {
            kept.extend_from_slice(state);
        } else {
            for &l in state.iter().rev() {
                if !self.try_drop(ts, l.var().idx()) {
                    kept.push(l);
                }
            }
        }
        // Inputs and latches back to X for the next call; gate values are recomputed.
        for &l in inputs.iter().chain(state) {
            self.values[l.var().idx()] = X;
        }
        Cube::new(kept)
    }
}

impl Ic3<'_> {
    /// Shrinks a predecessor `state` (with `inputs`) to the latches that make its successor
    /// satisfy `targets` (see [`lift`]). The latches are ordered by decreasing activity, so
    /// that the result keeps those earlier lemmas speak of (the cube is then likelier to be
    /// blocked by them): a core query assumes them in that order, simulation tries to drop
    /// them in the reverse one. With core lifting alone the lifting is repeated on its own
    /// result, in other orders, while it shrinks (up to `lift_rounds` queries; rIC3 does the
    /// same).
    pub(super) fn lift(&mut self, state: &[Lit], inputs: &[bool], targets: &[Lit]) -> Cube {
        let in_lits = self.input_lits(inputs);
        let t = Instant::now();
        let mut order: Vec<Lit> = state.to_vec();
        if self.cfg.order_assumptions {
            self.activity.sort_descending(&mut order);
        }
        let mut lift_once = |order: &[Lit]| {
            self.lifter.lift(
                self.cfg.lift,
                self.ts,
                &self.layout,
                order,
                &in_lits,
                targets,
                &mut self.stats.lift_calls,
            )
        };
        let mut cube = lift_once(&order);
        let mut round = 1;
        while self.cfg.lift == LiftMode::Core && round < self.cfg.lift_rounds {
            // The core's literals in the order just used, then reversed, then shuffled.
            order.retain(|&l| cube.set().contains(l));
            if round == 1 {
                order.reverse();
            } else {
                self.rng.shuffle(&mut order);
            }
            let smaller = lift_once(&order);
            round += 1;
            if smaller.len() == cube.len() {
                break;
            }
            cube = smaller;
        }
        self.stats.lift_time += t.elapsed();
        self.stats.lifts += 1;
        self.stats.lift_lits += cube.len() as u64;
        cube
    }
}

#[cfg(test)]
mod tests {
    use pdrkit_logic::{Cube, Lit};
    use pdrkit_ts::{Aig, Latch, Reset, TransitionSystem};

    use super::super::tests::{random_circuit, Rng};
    use super::{TernarySim, F, T, X};

    /// The reference: the whole circuit simulated again for every latch tried.
    fn lift_by_full_simulation(
        ts: &TransitionSystem,
        state: &[Lit],
        inputs: &[Lit],
        checks: &[Lit],
    ) -> Cube {
        let mut vals = vec![X; ts.num_vars() as usize];
        vals[0] = F;
        for &l in inputs.iter().chain(state) {
            vals[l.var().idx()] = if l.is_neg() { F } else { T };
        }
        let value = |vals: &[u8], l: Lit| match vals[l.var().idx()] {
            X => X,
            v => v ^ l.is_neg() as u8,
        };
        let holds = |vals: &mut Vec<u8>| {
            for g in &ts.gates {
                let (a, b) = (value(vals, g.a), value(vals, g.b));
                vals[g.out.idx()] = if a == F || b == F {
                    F
                } else if a == T && b == T {
                    T
                } else {
                    X
                };
            }
            checks.iter().all(|&c| value(vals, c) == T)
        };
        assert!(holds(&mut vals));
        let mut kept = Vec::new();
        for &l in state.iter().rev() {
            let old = vals[l.var().idx()];
            vals[l.var().idx()] = X;
            if !holds(&mut vals) {
                vals[l.var().idx()] = old;
                kept.push(l);
            }
        }
        Cube::new(kept)
    }

    #[test]
    fn event_driven_simulation_keeps_what_full_simulation_keeps() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut calls_with_drops = 0;
        for _ in 0..20 {
            let ts = random_circuit(3, 8, 60, &mut rng);
            let mut sim = TernarySim::new(&ts);
            // Several calls on one simulator: each must start from a clean slate.
            for _ in 0..20 {
                let mut vals = vec![F; ts.num_vars() as usize];
                let inputs: Vec<Lit> = (0..ts.num_inputs())
                    .map(|i| ts.input(i).lit_with(rng.below(2) == 1))
                    .collect();
                let state: Vec<Lit> = (0..ts.num_latches())
                    .map(|j| ts.latch(j).lit_with(rng.below(2) == 1))
                    .collect();
                for &l in inputs.iter().chain(&state) {
                    vals[l.var().idx()] = !l.is_neg() as u8;
                }
                let value = |vals: &[u8], l: Lit| vals[l.var().idx()] ^ l.is_neg() as u8;
                for g in &ts.gates {
                    vals[g.out.idx()] = value(&vals, g.a) & value(&vals, g.b);
                }
                // Checks: a few gate or latch literals, each made true in this state.
                let checks: Vec<Lit> = (0..1 + rng.below(3))
                    .map(|_| {
                        let l = if rng.below(4) == 0 {
                            state[rng.below(state.len())]
                        } else {
                            ts.gates[rng.below(ts.gates.len())].out.lit()
                        };
                        l.xor(value(&vals, l) == F)
                    })
                    .collect();
                let expected = lift_by_full_simulation(&ts, &state, &inputs, &checks);
                let got = sim.lift(&ts, &state, &inputs, checks.iter().copied());
                assert_eq!(got, expected, "checks {checks:?} state {state:?}");
                calls_with_drops += (got.len() < state.len()) as usize;
            }
        }
        // The comparison means something only if latches were dropped.
        assert!(calls_with_drops > 100, "{calls_with_drops}");
    }

    /// A state the SAT model gave no value for one latch (its CNF does not read it): the
    /// latch is X from the start, and when simulation cannot show the checks true with it so,
    /// the state comes back whole (dropping everything would claim what it did not show).
    #[test]
    fn a_latch_the_state_leaves_out_is_lifted_away_or_keeps_the_state_whole() {
        let mut aig = Aig::default();
        let l: Vec<Lit> = (0..3)
            .map(|_| {
                let v = aig.new_var();
                aig.latches.push(Latch {
                    lit: v.lit(),
                    next: Lit::FALSE,
                    reset: Reset::Zero,
                });
                v.lit()
            })
            .collect();
        // `next0 = b ∧ (a ∨ b)` and `next1 = (a ∧ b) ∨ (¬a ∧ b)`, both `b`; simulation shows
        // it for the first only.
        let a_or_b = !aig.add_and(!l[0], !l[1]);
        let absorbed = aig.add_and(l[1], a_or_b);
        let ab = aig.add_and(l[0], l[1]);
        let nab = aig.add_and(!l[0], l[1]);
        let either = !aig.add_and(!ab, !nab);
        aig.latches[0].next = absorbed;
        aig.latches[1].next = either;
        aig.latches[2].next = l[2];
        let abc = aig.add_and(ab, l[2]);
        aig.bads.push(abc);
        let ts = TransitionSystem::from_aig(&aig, None).expect("well-formed circuit");
        assert_eq!(ts.num_latches(), 3);
        let (b, not_c) = (ts.latch(1).lit(), !ts.latch(2).lit());
        let mut sim = TernarySim::new(&ts);
        let got = sim.lift(&ts, &[b, not_c], &[], [ts.next[0]].into_iter());
        assert_eq!(got, Cube::new([b]));
        let got = sim.lift(&ts, &[b, not_c], &[], [ts.next[1]].into_iter());
        assert_eq!(got, Cube::new([b, not_c]));
        // With the latch given, it is kept where it matters.
        let a = ts.latch(0).lit();
        let got = sim.lift(&ts, &[a, b, not_c], &[], [ts.next[1]].into_iter());
        assert_eq!(got, Cube::new([a, b]));
    }
}
