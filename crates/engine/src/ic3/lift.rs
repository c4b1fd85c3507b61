//! Predecessor lifting: shrinking a predecessor state to the latches that matter.
//!
//! Given a full state `s` and inputs `i` whose successor lies in a target cube `t` (and that
//! satisfy the constraints), the lifted cube is the part of `s` in the unsat core of
//! `s ∧ i ∧ T ∧ ¬(t' ∧ C)` (Chockler et al., FMCAD'11): every state of the lifted cube, with the
//! same inputs, still reaches `t` under the constraints. Ternary simulation is the alternative:
//! a latch is dropped when setting it to X leaves the target and the constraints defined.

use std::time::Instant;

use pdrkit_logic::{Cube, Lit, SatResult};
use pdrkit_ts::TransitionSystem;

use super::solver::{ConeSolver, Layout, SatBackend};
use super::Ic3;

/// How predecessors are shrunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiftMode {
    /// Unsat core of a SAT query on a dedicated solver.
    Core,
    /// Ternary (0/1/X) simulation.
    Ternary,
    /// Keep the full state (every latch the query's logic reads).
    None,
}

impl std::str::FromStr for LiftMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "core" => Ok(LiftMode::Core),
            "ternary" => Ok(LiftMode::Ternary),
            "none" => Ok(LiftMode::None),
            _ => Err(format!("unknown lifting mode '{s}' (core, ternary, none)")),
        }
    }
}

impl std::fmt::Display for LiftMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LiftMode::Core => "core",
            LiftMode::Ternary => "ternary",
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
    values: Vec<u8>,
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
            values: Vec::new(),
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
        rebuild_after: usize,
        calls: &mut u64,
    ) -> Cube {
        match mode {
            LiftMode::None => Cube::new(state.iter().copied()),
            LiftMode::Core => {
                self.lift_core(ts, layout, state, inputs, targets, rebuild_after, calls)
            }
            LiftMode::Ternary => self.lift_ternary(ts, layout, state, inputs, targets),
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
        rebuild_after: usize,
        calls: &mut u64,
    ) -> Cube {
        if self
            .solver
            .as_ref()
            .is_none_or(|s| s.activations() > rebuild_after)
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
        let n = ts.num_vars() as usize;
        let vals = &mut self.values;
        vals.clear();
        vals.resize(n, X);
        vals[0] = F;
        for &l in inputs.iter().chain(state) {
            vals[l.var().idx()] = if l.is_neg() { F } else { T };
        }
        let lit_val = |vals: &[u8], l: Lit| -> u8 {
            let v = vals[l.var().idx()];
            if v == X {
                X
            } else {
                v ^ l.is_neg() as u8
            }
        };
        let simulate = |vals: &mut Vec<u8>| {
            for g in &ts.gates {
                let a = lit_val(vals, g.a);
                let b = lit_val(vals, g.b);
                vals[g.out.idx()] = if a == F || b == F {
                    F
                } else if a == T && b == T {
                    T
                } else {
                    X
                };
            }
        };
        // The checked literals: targets mapped to their current-state functions, constraints.
        let checks: Vec<Lit> = targets
            .iter()
            .map(|&t| {
                if layout.is_primed(t.var()) {
                    let j = layout.latch_index(layout.unprime(t).var());
                    ts.next[j].xor(t.is_neg())
                } else {
                    t
                }
            })
            .chain(ts.constraints.iter().copied())
            .collect();
        simulate(vals);
        let mut kept = Vec::with_capacity(state.len());
        for &l in state {
            let v = l.var().idx();
            let old = vals[v];
            vals[v] = X;
            simulate(vals);
            if checks.iter().any(|&c| lit_val(vals, c) != T) {
                vals[v] = old;
                simulate(vals);
                kept.push(l);
            }
        }
        Cube::new(kept)
    }
}

impl Ic3<'_> {
    /// Shrinks a predecessor `state` (with `inputs`) to the latches that make its successor
    /// satisfy `targets` (see [`lift`]). With core lifting, the latches are assumed in
    /// decreasing activity, so that the core keeps those earlier lemmas speak of (the cube is
    /// then likelier to be blocked by them), and the lifting is repeated on its own result,
    /// in other orders, while it shrinks (up to `lift_rounds` queries; rIC3 does the same).
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
                self.cfg.rebuild_after,
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
        cube
    }
}
