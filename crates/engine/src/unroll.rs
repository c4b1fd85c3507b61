//! Time-frame expansion of a transition system into one incremental solver, for BMC,
//! k-induction and KIPDR: frame `k`'s latches are the next-state literals of frame `k-1`.
//!
//! [`Unroller`] maps system literals to solver literals frame by frame; [`BmcUnrolling`] is the
//! one unrolling from the initial states that BMC, the base case of k-induction and KIPDR's
//! checks of proof obligations share.

use std::sync::Arc;

use pdrkit_logic::{Lit, SatResult, SatSolver, Var};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

use crate::sat::AnySolver;
use crate::{SatBackend, Trace};

/// The solver literal of every system variable in every frame so far.
#[derive(Debug)]
pub(crate) struct Unroller {
    frames: Vec<Vec<Lit>>,
    /// The LUT mapping every frame is encoded with; shared between the unrollings of one
    /// engine, since computing it costs more than a frame.
    cnf: Arc<MappedCnf>,
}

impl Unroller {
    /// No frames yet; frames are encoded with `cnf` (the mapping of the same system).
    pub fn with_cnf(cnf: Arc<MappedCnf>) -> Self {
        Unroller {
            frames: Vec::new(),
            cnf,
        }
    }

    /// Number of frames.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Adds a frame: fresh inputs and gates; latches are fresh in frame 0 (constrained to their
    /// start values when `initial`) and the previous frame's next-state literals afterwards.
    pub fn add_frame<S: SatSolver>(&mut self, ts: &TransitionSystem, s: &mut S, initial: bool) {
        let n = ts.num_vars() as usize;
        let mut map = vec![Lit::FALSE; n];
        let konst = match self.frames.first() {
            Some(f) => f[0],
            None => s.new_var().lit(),
        };
        map[0] = konst;
        for i in 0..ts.num_inputs() {
            map[ts.input(i).idx()] = s.new_var().lit();
        }
        for i in 0..ts.num_latches() {
            map[ts.latch(i).idx()] = match self.frames.last() {
                Some(prev) => {
                    let nx = ts.next[i];
                    prev[nx.var().idx()].xor(nx.is_neg())
                }
                None => {
                    let l = s.new_var().lit();
                    if initial {
                        if let Some(b) = ts.init[i] {
                            s.add_clause(&[l.xor(!b)]);
                        }
                    }
                    l
                }
            };
        }
        if self.frames.is_empty() {
            s.add_clause(&[!konst]);
        }
        // Only LUT outputs get variables: everything the engines read (next states, bad,
        // constraints) is one, or an input or latch.
        let mut clause = Vec::new();
        for lut in &self.cnf.luts {
            map[lut.out.idx()] = s.new_var().lit();
            for c in &lut.clauses {
                clause.clear();
                clause.extend(c.iter().map(|&l| map[l.var().idx()].xor(l.is_neg())));
                s.add_clause(&clause);
            }
        }
        self.frames.push(map);
    }

    /// The solver literal of system literal `l` in frame `k`.
    #[inline]
    pub fn lit(&self, k: usize, l: Lit) -> Lit {
        self.frames[k][l.var().idx()].xor(l.is_neg())
    }

    /// Adds the clause `¬cube` in frame `k` to `s`: a lemma or auxiliary invariant over the
    /// system's latches, asserted in one frame of the unrolling.
    pub fn exclude(&self, s: &mut AnySolver, k: usize, cube: &[Lit]) {
        let clause: Vec<Lit> = cube.iter().map(|&l| !self.lit(k, l)).collect();
        s.add_clause(&clause);
    }

    /// The solver literal of system variable `v` in frame `k`.
    #[inline]
    pub fn var_lit(&self, k: usize, v: Var) -> Lit {
        self.frames[k][v.idx()]
    }

    /// Reads a trace of frames `0..=k` from the solver's model (unassigned values read as 0).
    pub fn trace<S: SatSolver>(&self, ts: &TransitionSystem, s: &S, k: usize) -> Trace {
        let val = |l: Lit| s.value(l).unwrap_or(false);
        Trace {
            init: (0..ts.num_latches())
                .map(|i| val(self.var_lit(0, ts.latch(i))))
                .collect(),
            inputs: (0..=k)
                .map(|f| {
                    (0..ts.num_inputs())
                        .map(|i| val(self.var_lit(f, ts.input(i))))
                        .collect()
                })
                .collect(),
        }
    }
}

/// Paths from the initial states, one frame per depth, in one incremental solver.
///
/// A query at depth `j` asks for a path of exactly `j` steps whose states all satisfy the
/// constraints; it must not ask more of frames after `j`. With constraints that matters: a
/// state may be reachable and have no successor that satisfies them, so asserting the
/// constraints of every frame built so far would hide it. Frame `j`'s constraints are
/// therefore guarded by an activation literal `upto[j]`, which also implies `upto[j - 1]`: one
/// assumption switches on the constraints of frames `0..=j`. Without constraints no guard is
/// needed and none is made.
pub(crate) struct BmcUnrolling {
    pub s: AnySolver,
    pub u: Unroller,
    /// Per frame, the literal that switches on the constraints up to it (none without
    /// constraints).
    upto: Vec<Option<Lit>>,
    assumptions: Vec<Lit>,
}

impl BmcUnrolling {
    /// No frames yet.
    pub fn new(backend: SatBackend, cnf: Arc<MappedCnf>) -> Self {
        BmcUnrolling {
            s: AnySolver::new(backend),
            u: Unroller::with_cnf(cnf),
            upto: Vec::new(),
            assumptions: Vec::new(),
        }
    }

    /// Adds the next frame.
    pub fn extend(&mut self, ts: &TransitionSystem) {
        self.u.add_frame(ts, &mut self.s, true);
        let j = self.u.len() - 1;
        let guard = (!ts.constraints.is_empty()).then(|| {
            let a = self.s.new_var().lit();
            for &c in &ts.constraints {
                self.s.add_clause(&[!a, self.u.lit(j, c)]);
            }
            if let Some(Some(prev)) = self.upto.last() {
                self.s.add_clause(&[!a, *prev]);
            }
            a
        });
        self.upto.push(guard);
    }

    /// Whether some path of exactly `j` steps (constraints holding in all its states) ends in
    /// a state where every literal of `lits` (system literals) holds. On SAT the model is the
    /// path: [`trace`](Self::trace) reads it.
    pub fn reaches(&mut self, j: usize, lits: impl IntoIterator<Item = Lit>) -> SatResult {
        self.assumptions.clear();
        self.assumptions.extend(self.upto[j]);
        let u = &self.u;
        self.assumptions
            .extend(lits.into_iter().map(|l| u.lit(j, l)));
        self.s.solve(&self.assumptions)
    }

    /// Records that no path of exactly `j` steps reaches a bad state (after
    /// [`reaches`](Self::reaches) said so): later queries may use it.
    pub fn exclude_bad(&mut self, ts: &TransitionSystem, j: usize) {
        let bad = self.u.lit(j, ts.bad);
        match self.upto[j] {
            Some(a) => self.s.add_clause(&[!a, !bad]),
            None => self.s.add_clause(&[!bad]),
        }
    }

    /// The path of the last SAT answer, up to depth `j`.
    pub fn trace(&self, ts: &TransitionSystem, j: usize) -> Trace {
        self.u.trace(ts, &self.s, j)
    }
}
