//! Time-frame expansion of a transition system into one incremental solver, for BMC and
//! k-induction: frame `k`'s latches are the next-state literals of frame `k-1`.

use pdrkit_logic::{Lit, SatSolver, Var};
use pdrkit_ts::cnf::MappedCnf;
use pdrkit_ts::TransitionSystem;

/// The solver literal of every system variable in every frame so far.
#[derive(Debug)]
pub struct Unroller {
    frames: Vec<Vec<Lit>>,
    cnf: MappedCnf,
}

impl Unroller {
    /// No frames yet.
    pub fn new(ts: &TransitionSystem) -> Self {
        Unroller {
            frames: Vec::new(),
            cnf: MappedCnf::new(ts),
        }
    }

    /// Number of frames.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether no frame was added.
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
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

    /// The solver literal of system variable `v` in frame `k`.
    #[inline]
    pub fn var_lit(&self, k: usize, v: Var) -> Lit {
        self.frames[k][v.idx()]
    }

    /// Reads a trace of frames `0..=k` from the solver's model (unassigned values read as 0).
    pub fn trace<S: SatSolver>(&self, ts: &TransitionSystem, s: &S, k: usize) -> crate::Trace {
        let val = |l: Lit| s.value(l).unwrap_or(false);
        crate::Trace {
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
