//! A SAT solver over one copy of the transition relation (current state, inputs, gates) and the
//! next-state copies of the latches ("primed" variables), loaded lazily: a gate's clauses enter
//! the solver only when a query first touches its cone, as in ABC's `pdr`, and variables are
//! numbered densely in the order they are loaded. MiniSat's cost per call grows with the number
//! of variables it holds (it assigns every one before answering SAT), and most queries touch a
//! small part of a large design.

use bitvec::vec::BitVec;
use pdrkit_logic::{Lit, SatResult, SatSolver, Solver, Var};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

/// Variable layout shared by every IC3 solver: system variables keep their numbers, latch `j`'s
/// primed copy is variable `num_vars + j`.
#[derive(Clone, Debug)]
pub struct Layout {
    num_vars: u32,
    first_latch: u32,
    num_latches: u32,
    first_gate: u32,
    /// The LUT-mapped CNF of the gates.
    cnf: std::sync::Arc<MappedCnf>,
}

impl Layout {
    /// The layout of `ts`.
    pub fn new(ts: &TransitionSystem) -> Self {
        Layout {
            num_vars: ts.num_vars(),
            first_latch: 1 + ts.num_inputs() as u32,
            num_latches: ts.num_latches() as u32,
            first_gate: 1 + (ts.num_inputs() + ts.num_latches()) as u32,
            cnf: std::sync::Arc::new(MappedCnf::new(ts)),
        }
    }
    /// The primed (next-state) literal of a current-state latch literal.
    #[inline]
    pub fn prime(&self, l: Lit) -> Lit {
        debug_assert!(self.is_latch(l.var()));
        Var(l.var().0 - self.first_latch + self.num_vars).lit_with(l.is_neg())
    }
    /// The current-state latch literal of a primed literal.
    #[inline]
    pub fn unprime(&self, l: Lit) -> Lit {
        Var(l.var().0 - self.num_vars + self.first_latch).lit_with(l.is_neg())
    }
    /// Whether `v` is a primed variable.
    #[inline]
    pub fn is_primed(&self, v: Var) -> bool {
        v.0 >= self.num_vars && v.0 < self.num_vars + self.num_latches
    }
    /// Whether `v` is a current-state latch.
    #[inline]
    pub fn is_latch(&self, v: Var) -> bool {
        v.0 >= self.first_latch && v.0 < self.first_latch + self.num_latches
    }
    /// The latch index of a current-state latch variable.
    #[inline]
    pub fn latch_index(&self, v: Var) -> usize {
        (v.0 - self.first_latch) as usize
    }
    /// Variables used by the system and the primed copies.
    #[inline]
    pub fn base_vars(&self) -> u32 {
        self.num_vars + self.num_latches
    }
}

const UNMAPPED: u32 = u32::MAX;

/// One incremental solver with lazily loaded logic and activation-guarded temporary clauses.
/// Its public methods speak system literals (current-state and primed); the solver's own
/// numbering stays inside.
pub struct ConeSolver {
    sat: Solver,
    /// System variable → solver variable.
    map: Vec<u32>,
    /// Activation literals used since the solver was built.
    pub activations: usize,
    stack: Vec<Var>,
    buf: Vec<Lit>,
    assumed: Vec<(Lit, Lit)>,
    failed: Vec<Lit>,
    /// Marks by literal code, cleared after use: solver literals in the final conflict, and
    /// system literals of [`failed`](Self::failed). Reused so that no UNSAT answer allocates.
    conflict_mark: BitVec,
    failed_mark: BitVec,
}

impl ConeSolver {
    /// An empty solver; with `constraints`, the invariant constraints hold in its current state.
    pub fn new(ts: &TransitionSystem, layout: &Layout, constraints: bool) -> Self {
        let mut s = ConeSolver {
            sat: Solver::default(),
            map: vec![UNMAPPED; layout.base_vars() as usize],
            activations: 0,
            stack: Vec::new(),
            buf: Vec::new(),
            assumed: Vec::new(),
            failed: Vec::new(),
            conflict_mark: BitVec::new(),
            failed_mark: BitVec::repeat(false, 2 * layout.base_vars() as usize),
        };
        let f = s.lit(ts, layout, Lit::FALSE);
        s.sat.add_clause(&[!f]);
        if constraints {
            for &c in &ts.constraints {
                let c = s.lit(ts, layout, c);
                s.sat.add_clause(&[c]);
            }
        }
        s
    }

    /// The solver literal of a system literal, loading its cone of logic first.
    pub fn lit(&mut self, ts: &TransitionSystem, layout: &Layout, l: Lit) -> Lit {
        let m = self.map[l.var().idx()];
        if m != UNMAPPED {
            return Var(m).lit_with(l.is_neg());
        }
        self.load(ts, layout, l.var());
        Var(self.map[l.var().idx()]).lit_with(l.is_neg())
    }

    #[inline]
    fn mapped(&self, l: Lit) -> Lit {
        Var(self.map[l.var().idx()]).lit_with(l.is_neg())
    }

    fn load(&mut self, ts: &TransitionSystem, layout: &Layout, root: Var) {
        // Depth-first, children before parents, so that a gate's clauses name mapped inputs.
        self.stack.push(root);
        while let Some(&v) = self.stack.last() {
            if self.map[v.idx()] != UNMAPPED {
                self.stack.pop();
                continue;
            }
            let children: [Option<Var>; 2] = if layout.is_primed(v) {
                let j = (v.0 - layout.num_vars) as usize;
                [Some(ts.next[j].var()), None]
            } else if v.0 >= layout.first_gate {
                if let Some(lut) = layout.cnf.lut(v) {
                    let mut pending = false;
                    for &l in &lut.leaves {
                        if self.map[l.idx()] == UNMAPPED {
                            self.stack.push(l);
                            pending = true;
                        }
                    }
                    if pending {
                        continue;
                    }
                    [None, None]
                } else {
                    // A gate inside a LUT, asked for directly: plain Tseitin.
                    let g = ts.gates[(v.0 - layout.first_gate) as usize];
                    [Some(g.a.var()), Some(g.b.var())]
                }
            } else {
                [None, None]
            };
            let mut pending = false;
            for c in children.into_iter().flatten() {
                if self.map[c.idx()] == UNMAPPED {
                    self.stack.push(c);
                    pending = true;
                }
            }
            if pending {
                continue;
            }
            self.stack.pop();
            let o = self.sat.new_var();
            self.map[v.idx()] = o.0;
            let o = o.lit();
            if layout.is_primed(v) {
                let n = self.mapped(ts.next[(v.0 - layout.num_vars) as usize]);
                self.sat.add_clause(&[!o, n]);
                self.sat.add_clause(&[o, !n]);
            } else if v.0 >= layout.first_gate {
                if let Some(lut) = layout.cnf.lut(v) {
                    let mut buf = std::mem::take(&mut self.buf);
                    for c in &lut.clauses {
                        buf.clear();
                        buf.extend(c.iter().map(|&l| self.mapped(l)));
                        self.sat.add_clause(&buf);
                    }
                    self.buf = buf;
                } else {
                    let g = ts.gates[(v.0 - layout.first_gate) as usize];
                    let (a, b) = (self.mapped(g.a), self.mapped(g.b));
                    self.sat.add_clause(&[!o, a]);
                    self.sat.add_clause(&[!o, b]);
                    self.sat.add_clause(&[o, !a, !b]);
                }
            }
        }
    }

    /// Whether a system variable is known to the solver (its logic is loaded).
    #[inline]
    pub fn is_loaded(&self, v: Var) -> bool {
        self.map[v.idx()] != UNMAPPED
    }

    /// Adds a permanent clause over system literals.
    pub fn add_clause(&mut self, ts: &TransitionSystem, layout: &Layout, lits: &[Lit]) {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        for &l in lits {
            buf.push(self.lit(ts, layout, l));
        }
        self.sat.add_clause(&buf);
        self.buf = buf;
    }

    /// Adds a temporary clause, active only while the returned literal is assumed.
    pub fn add_temporary(&mut self, ts: &TransitionSystem, layout: &Layout, lits: &[Lit]) -> Lit {
        self.activations += 1;
        let act = self.sat.new_var().lit();
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.push(!act);
        for &l in lits {
            buf.push(self.lit(ts, layout, l));
        }
        self.sat.add_clause(&buf);
        self.buf = buf;
        act
    }

    /// Disables a temporary clause for good.
    pub fn retire(&mut self, act: Lit) {
        self.sat.add_clause(&[!act]);
    }

    /// Solves under an optional activation literal and system-literal assumptions.
    pub fn solve(
        &mut self,
        ts: &TransitionSystem,
        layout: &Layout,
        act: Option<Lit>,
        assumptions: &[Lit],
    ) -> SatResult {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        self.assumed.clear();
        buf.extend(act);
        for &l in assumptions {
            let m = self.lit(ts, layout, l);
            buf.push(m);
            self.assumed.push((m, l));
        }
        let r = self.sat.solve(&buf);
        self.buf = buf;
        self.clear_failed();
        if r == SatResult::Unsat {
            let failed = self.sat.failed_assumptions();
            let need = 2 * self.sat.num_vars() as usize;
            if self.conflict_mark.len() < need {
                self.conflict_mark.resize(need, false);
            }
            for &m in failed {
                self.conflict_mark.set(m.code() as usize, true);
            }
            for &(m, l) in &self.assumed {
                if self.conflict_mark[m.code() as usize] {
                    self.failed.push(l);
                    self.failed_mark.set(l.code() as usize, true);
                }
            }
            for &m in failed {
                self.conflict_mark.set(m.code() as usize, false);
            }
        }
        r
    }

    fn clear_failed(&mut self) {
        for &l in &self.failed {
            self.failed_mark.set(l.code() as usize, false);
        }
        self.failed.clear();
    }

    /// Solves under several activation literals (solver literals from
    /// [`add_temporary`](Self::add_temporary)) and system-literal assumptions.
    pub fn solve_with_acts(
        &mut self,
        ts: &TransitionSystem,
        layout: &Layout,
        acts: &[Lit],
        assumptions: &[Lit],
    ) -> SatResult {
        let mut buf = Vec::with_capacity(acts.len() + assumptions.len());
        buf.extend_from_slice(acts);
        for &l in assumptions {
            buf.push(self.lit(ts, layout, l));
        }
        self.clear_failed();
        self.sat.solve(&buf)
    }

    /// Whether a system-literal assumption is in the final conflict of the last `Unsat` answer
    /// of [`solve`](Self::solve).
    #[inline]
    pub fn is_failed(&self, l: Lit) -> bool {
        self.failed_mark[l.code() as usize]
    }

    /// The value of a system literal in the last model; `None` when not loaded.
    #[inline]
    pub fn value(&self, l: Lit) -> Option<bool> {
        let m = self.map[l.var().idx()];
        if m == UNMAPPED {
            return None;
        }
        self.sat.value(Var(m).lit_with(l.is_neg()))
    }

    /// Sets the preferred decision polarity of a loaded system literal.
    pub fn set_phase(&mut self, l: Lit) {
        let m = self.map[l.var().idx()];
        if m != UNMAPPED {
            self.sat.set_phase(Var(m).lit_with(l.is_neg()));
        }
    }
}
