//! A SAT solver over one copy of the transition relation (current state, inputs, gates) and the
//! next-state copies of the latches ("primed" variables), loaded lazily: a gate's clauses enter
//! the solver only when a query first touches its cone, as in ABC's `pdr`, and variables are
//! numbered densely in the order they are loaded. Most queries touch a small part of a large
//! design.
//!
//! Two backends ([`SatBackend`]):
//! - pdrkit's own solver ([`pdrkit_sat::Cdcl`], the default): each loaded gate is a
//!   *definition* of its output over its fan-in, so a query decides and propagates only the
//!   cone of its assumptions and temporary clause (plus the lemmas' latches), and a temporary
//!   clause leaves nothing behind;
//! - MiniSat (the reference): a temporary clause is guarded by a fresh activation literal,
//!   retired afterwards, and the solver is rebuilt once too many dead ones pile up (MiniSat
//!   assigns every variable it holds before answering SAT).

use bitvec::vec::BitVec;
use pdrkit_logic::{Lit, SatResult, SatSolver, Solver, Var};
use pdrkit_sat::Cdcl;

use super::record::Recorder;
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
    /// Mapped nodes removed by elimination.
    eliminated: usize,
}

impl Layout {
    /// The layout of `ts`; with `eliminate`, the mapped CNF's nodes that only other nodes
    /// read are eliminated where that adds no clause ([`MappedCnf::eliminate`]).
    pub fn new(ts: &TransitionSystem, eliminate: bool) -> Self {
        let mut cnf = MappedCnf::new(ts);
        let eliminated = if eliminate { cnf.eliminate(ts) } else { 0 };
        Layout {
            num_vars: ts.num_vars(),
            first_latch: 1 + ts.num_inputs() as u32,
            num_latches: ts.num_latches() as u32,
            first_gate: 1 + (ts.num_inputs() + ts.num_latches()) as u32,
            cnf: std::sync::Arc::new(cnf),
            eliminated,
        }
    }

    /// The mapped CNF's nodes and clauses, and the nodes elimination removed.
    pub fn cnf_size(&self) -> (usize, usize, usize) {
        (self.cnf.luts.len(), self.cnf.num_clauses(), self.eliminated)
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

// One backend choice for every engine (`crate::sat`); this path stays valid.
pub use crate::sat::SatBackend;

/// MiniSat with IC3's temporary clauses on activation literals, and failed assumptions
/// marked by literal code.
struct ActSolver {
    sat: Solver,
    /// Activation literals used since the solver was built.
    activations: usize,
    /// The activation literal of the last query's temporary clause, retired before the next
    /// operation: retiring adds a clause, which would erase the model the caller reads.
    pending_retire: Option<Lit>,
    buf: Vec<Lit>,
    /// Solver literals of the last final conflict, marked by code; cleared before the next.
    failed: Vec<Lit>,
    failed_mark: BitVec,
}

impl ActSolver {
    fn new() -> Self {
        ActSolver {
            sat: Solver::default(),
            activations: 0,
            pending_retire: None,
            buf: Vec::new(),
            failed: Vec::new(),
            failed_mark: BitVec::new(),
        }
    }

    /// Retires the last query's temporary clause, if any.
    fn flush(&mut self) {
        if let Some(a) = self.pending_retire.take() {
            self.sat.add_clause(&[!a]);
        }
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.flush();
        self.sat.add_clause(lits);
    }

    /// Solves under `assumptions` with `temporary` clauses, all behind one activation literal
    /// that the next operation retires.
    fn solve<'c>(
        &mut self,
        assumptions: &[Lit],
        temporary: impl Iterator<Item = &'c [Lit]>,
    ) -> SatResult {
        self.flush();
        for &l in &self.failed {
            self.failed_mark.set(l.code() as usize, false);
        }
        self.failed.clear();
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let mut act = None;
        for c in temporary {
            let a = *act.get_or_insert_with(|| {
                self.activations += 1;
                self.sat.new_var().lit()
            });
            buf.clear();
            buf.push(!a);
            buf.extend_from_slice(c);
            self.sat.add_clause(&buf);
        }
        buf.clear();
        if let Some(a) = act {
            buf.push(a);
            self.pending_retire = Some(a);
        }
        buf.extend_from_slice(assumptions);
        let r = self.sat.solve(&buf);
        self.buf = buf;
        if r == SatResult::Unsat {
            let need = 2 * self.sat.num_vars() as usize;
            if self.failed_mark.len() < need {
                self.failed_mark.resize(need, false);
            }
            for &m in self.sat.failed_assumptions() {
                self.failed_mark.set(m.code() as usize, true);
                self.failed.push(m);
            }
        }
        r
    }

    #[inline]
    fn is_failed(&self, m: Lit) -> bool {
        self.failed_mark.get(m.code() as usize).is_some_and(|b| *b)
    }
}

/// The backend of one [`ConeSolver`].
enum Backend {
    Pdrkit(Box<Cdcl>),
    Minisat(Box<ActSolver>),
}

/// One incremental solver with lazily loaded logic and temporary clauses. Its public methods
/// speak system literals (current-state and primed); the solver's own numbering stays inside.
pub struct ConeSolver {
    sat: Backend,
    /// System variable → solver variable.
    map: Vec<u32>,
    stack: Vec<Var>,
    buf: Vec<Lit>,
    tmp: Vec<Lit>,
    /// Where each temporary clause of `tmp` ends.
    tmp_ends: Vec<usize>,
    deps: Vec<Var>,
    record: Option<Recorder>,
}

impl ConeSolver {
    /// An empty solver; with `constraints`, the invariant constraints hold in its current state.
    /// With `record`, its calls are recorded in a new file of that folder (see [`super::record`]).
    pub fn new(
        ts: &TransitionSystem,
        layout: &Layout,
        constraints: bool,
        backend: SatBackend,
        record: Option<&std::path::Path>,
    ) -> Self {
        let mut s = ConeSolver {
            record: record.and_then(Recorder::create),
            sat: match backend {
                SatBackend::Pdrkit => Backend::Pdrkit(Box::default()),
                SatBackend::Minisat => Backend::Minisat(Box::new(ActSolver::new())),
            },
            map: vec![UNMAPPED; layout.base_vars() as usize],
            stack: Vec::new(),
            buf: Vec::new(),
            tmp: Vec::new(),
            tmp_ends: Vec::new(),
            deps: Vec::new(),
        };
        let f = s.lit(ts, layout, Lit::FALSE);
        s.add_solver_clause(&[!f]);
        if constraints {
            for &c in &ts.constraints {
                let c = s.lit(ts, layout, c);
                s.add_solver_clause(&[c]);
            }
        }
        s
    }

    /// Temporary clauses used since the solver was built that left something behind (MiniSat's
    /// activation literals; pdrkit's solver leaves nothing).
    pub fn activations(&self) -> usize {
        match &self.sat {
            Backend::Pdrkit(_) => 0,
            Backend::Minisat(m) => m.activations,
        }
    }

    fn new_solver_var(&mut self) -> Var {
        if let Some(r) = &mut self.record {
            r.new_var();
        }
        match &mut self.sat {
            Backend::Pdrkit(c) => c.new_var(),
            Backend::Minisat(m) => m.sat.new_var(),
        }
    }

    fn add_solver_clause(&mut self, lits: &[Lit]) {
        if let Some(r) = &mut self.record {
            r.clause(lits);
        }
        match &mut self.sat {
            Backend::Pdrkit(c) => c.add_clause(lits),
            Backend::Minisat(m) => m.add_clause(lits),
        }
    }

    /// Declares solver variable `o` a function of `deps` (pdrkit's solver only).
    fn define(&mut self, o: Var, deps: &[Var]) {
        if let Some(r) = &mut self.record {
            r.define(o, deps);
        }
        if let Backend::Pdrkit(c) = &mut self.sat {
            c.define(o, deps);
        }
    }

    /// A clause of the last definition.
    fn add_definition_clause(&mut self, lits: &[Lit]) {
        if let Some(r) = &mut self.record {
            r.definition_clause(lits);
        }
        match &mut self.sat {
            Backend::Pdrkit(c) => c.add_definition_clause(lits),
            Backend::Minisat(m) => m.add_clause(lits),
        }
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
            let o = self.new_solver_var();
            self.map[v.idx()] = o.0;
            let ol = o.lit();
            let mut deps = std::mem::take(&mut self.deps);
            deps.clear();
            if layout.is_primed(v) {
                let n = self.mapped(ts.next[(v.0 - layout.num_vars) as usize]);
                deps.push(n.var());
                self.define(o, &deps);
                self.add_definition_clause(&[!ol, n]);
                self.add_definition_clause(&[ol, !n]);
            } else if v.0 >= layout.first_gate {
                if let Some(lut) = layout.cnf.lut(v) {
                    deps.extend(lut.leaves.iter().map(|&l| Var(self.map[l.idx()])));
                    self.define(o, &deps);
                    let mut buf = std::mem::take(&mut self.buf);
                    for c in &lut.clauses {
                        buf.clear();
                        buf.extend(c.iter().map(|&l| self.mapped(l)));
                        self.add_definition_clause(&buf);
                    }
                    self.buf = buf;
                } else {
                    let g = ts.gates[(v.0 - layout.first_gate) as usize];
                    let (a, b) = (self.mapped(g.a), self.mapped(g.b));
                    deps.push(a.var());
                    deps.push(b.var());
                    self.define(o, &deps);
                    self.add_definition_clause(&[!ol, a]);
                    self.add_definition_clause(&[!ol, b]);
                    self.add_definition_clause(&[ol, !a, !b]);
                }
            }
            self.deps = deps;
        }
    }

    /// Adds a permanent clause over system literals.
    pub fn add_clause(&mut self, ts: &TransitionSystem, layout: &Layout, lits: &[Lit]) {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        for &l in lits {
            buf.push(self.lit(ts, layout, l));
        }
        self.add_solver_clause(&buf);
        self.buf = buf;
    }

    /// Adds a clause active only while the returned literal is assumed (with
    /// [`solve_with_acts`](Self::solve_with_acts)). For a clause of one query,
    /// [`solve`](Self::solve)'s `temporary` is cheaper.
    pub fn add_guarded(&mut self, ts: &TransitionSystem, layout: &Layout, lits: &[Lit]) -> Lit {
        let act = self.new_solver_var().lit();
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.push(!act);
        for &l in lits {
            buf.push(self.lit(ts, layout, l));
        }
        self.add_solver_clause(&buf);
        self.buf = buf;
        act
    }

    /// Solves under system-literal assumptions, with `temporary` (clauses over system
    /// literals) for this query only. The model and the failed assumptions can be read until
    /// the next operation on the solver.
    pub fn solve(
        &mut self,
        ts: &TransitionSystem,
        layout: &Layout,
        temporary: &[&[Lit]],
        assumptions: &[Lit],
    ) -> SatResult {
        let mut tmp = std::mem::take(&mut self.tmp);
        let mut ends = std::mem::take(&mut self.tmp_ends);
        tmp.clear();
        ends.clear();
        for c in temporary {
            for &l in *c {
                tmp.push(self.lit(ts, layout, l));
            }
            ends.push(tmp.len());
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        for &l in assumptions {
            buf.push(self.lit(ts, layout, l));
        }
        let clauses = || split_at_ends(&tmp, &ends);
        let r = match &mut self.sat {
            Backend::Pdrkit(c) => {
                for clause in clauses() {
                    c.add_temporary_clause(clause);
                }
                c.solve(&buf)
            }
            Backend::Minisat(m) => m.solve(&buf, clauses()),
        };
        if let Some(rec) = &mut self.record {
            for clause in clauses() {
                rec.temporary(clause);
            }
            rec.solve(&buf, r);
        }
        self.buf = buf;
        self.tmp = tmp;
        self.tmp_ends = ends;
        r
    }

    /// Solves under guard literals (from [`add_guarded`](Self::add_guarded)) and system-literal
    /// assumptions.
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
        let r = match &mut self.sat {
            Backend::Pdrkit(c) => c.solve(&buf),
            Backend::Minisat(m) => m.solve(&buf, std::iter::empty()),
        };
        if let Some(rec) = &mut self.record {
            rec.solve(&buf, r);
        }
        r
    }

    /// Whether a system-literal assumption is in the final conflict of the last `Unsat` answer.
    #[inline]
    pub fn is_failed(&self, l: Lit) -> bool {
        let m = self.map[l.var().idx()];
        if m == UNMAPPED {
            return false;
        }
        let m = Var(m).lit_with(l.is_neg());
        match &self.sat {
            Backend::Pdrkit(c) => c.is_failed(m),
            Backend::Minisat(s) => s.is_failed(m),
        }
    }

    /// The value of a system literal in the last model; `None` when not loaded, or outside the
    /// last query's domain (pdrkit's solver: it does not matter to that query).
    #[inline]
    pub fn value(&self, l: Lit) -> Option<bool> {
        let m = self.map[l.var().idx()];
        if m == UNMAPPED {
            return None;
        }
        let m = Var(m).lit_with(l.is_neg());
        match &self.sat {
            Backend::Pdrkit(c) => c.value(m),
            Backend::Minisat(s) => s.sat.value(m),
        }
    }

    /// After `Sat` (pdrkit's solver): drops the value of a system variable from the model when
    /// no clause of the query needs it, and says whether it is now unassigned. MiniSat: never.
    pub fn flip_to_none(&mut self, v: Var) -> bool {
        let m = self.map[v.idx()];
        match &mut self.sat {
            _ if m == UNMAPPED => true,
            Backend::Pdrkit(c) => c.flip_to_none(Var(m)),
            Backend::Minisat(_) => false,
        }
    }
}

/// The clauses of `lits`, each ending at the next of `ends`.
fn split_at_ends<'a>(lits: &'a [Lit], ends: &'a [usize]) -> impl Iterator<Item = &'a [Lit]> {
    ends.iter().scan(0, move |start, &end| {
        let clause = &lits[*start..end];
        *start = end;
        Some(clause)
    })
}
