//! The frame invariants, checked with a fresh solver and plain Tseitin clauses (none of the
//! frame solvers' state): every lemma excludes the initial states (`F_0 = I ⇒ F_i`), each
//! level's lemmas follow from the level below (`F_i ∧ C ∧ T ⇒ F_{i+1}'`), and the frontier
//! excludes the bad states (`F_k ∧ C ⇒ ¬bad`). Run by debug builds after every level and on
//! request (`Ic3Config::check_frames`); slow, meant for tests.

use pdrkit_logic::{Lit, SatResult, SatSolver, Solver, Var};

use super::Ic3;

impl Ic3<'_> {
    /// Checks the frame invariants; `Err` names the first that fails.
    pub(super) fn audit_frames(&self) -> Result<(), String> {
        let ts = self.ts;
        let k = self.k();
        for i in 1..=k {
            for c in self.frames.level(i) {
                if !self.initiation(c) {
                    return Err(format!("lemma {c:?} at level {i} meets the initial states"));
                }
            }
        }
        // Variables: the system's, then one primed copy of the latches.
        let n = ts.num_vars();
        let prime = |l: Lit| -> Lit {
            let j = ts.latch_index(l.var()).expect("lemmas are over latches");
            Var(n + j as u32).lit_with(l.is_neg())
        };
        let base = |s: &mut Solver| {
            ts.encode(|v| v, |c| s.add_clause(c));
            for (j, &nx) in ts.next.iter().enumerate() {
                let p = Var(n + j as u32).lit();
                s.add_clause(&[!p, nx]);
                s.add_clause(&[p, !nx]);
            }
            for &c in &ts.constraints {
                s.add_clause(&[c]);
            }
        };
        for i in 1..k {
            let mut s = Solver::default();
            base(&mut s);
            for c in self.frames.frame(i) {
                let clause: Vec<Lit> = c.iter().map(|&l| !l).collect();
                s.add_clause(&clause);
            }
            for c in self.frames.frame(i + 1) {
                let primed: Vec<Lit> = c.iter().map(|&l| prime(l)).collect();
                if s.solve(&primed) != SatResult::Unsat {
                    return Err(format!(
                        "F_{i} ∧ T does not imply lemma {c:?} of F_{}",
                        i + 1
                    ));
                }
            }
        }
        let mut s = Solver::default();
        base(&mut s);
        for c in self.frames.frame(k) {
            let clause: Vec<Lit> = c.iter().map(|&l| !l).collect();
            s.add_clause(&clause);
        }
        if s.solve(&[ts.bad]) != SatResult::Unsat {
            return Err(format!("F_{k} meets the bad states"));
        }
        Ok(())
    }
}
