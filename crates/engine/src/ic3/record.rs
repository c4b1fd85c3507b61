//! Recording of a frame solver's calls, for replaying them in benchmarks (`--record-sat DIR`).
//!
//! A SAT solver for IC3 is best measured on the calls IC3 really makes: many tiny incremental
//! queries whose shape no random generator reproduces. A recording is a text file of the
//! solver-level operations of one [`ConeSolver`](super::solver::ConeSolver), in order, over the
//! solver's own variables (numbered from 0 as they are made); literals are written as in
//! DIMACS (`v + 1`, negative when negated):
//!
//! ```text
//! v                 a new variable
//! d O D1 D2 …       variable O is defined over D1 D2 … (a gate, a LUT, a primed latch)
//! c L1 L2 …         a clause of that definition
//! p L1 L2 …         a permanent clause (lemma, constraint, guard)
//! t L1 L2 …         a temporary clause for the next query
//! s A1 A2 … = R     a query under assumptions A1 A2 …, answered R (S, U or ?)
//! ```

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use pdrkit_logic::{Lit, SatResult, Var};

/// Where one solver's calls go.
pub(crate) struct Recorder {
    out: std::io::BufWriter<std::fs::File>,
}

/// Numbers the recordings of one process.
static NEXT: AtomicUsize = AtomicUsize::new(0);

fn dimacs(l: Lit) -> i64 {
    let v = i64::from(l.var().0) + 1;
    if l.is_neg() {
        -v
    } else {
        v
    }
}

impl Recorder {
    /// A new recording `ic3-N.trace` in `dir`; `None` (and a note) when it cannot be made:
    /// recording is a measuring aid and never stops a run.
    pub fn create(dir: &Path) -> Option<Recorder> {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!("ic3-{n}.trace"));
        match std::fs::create_dir_all(dir).and_then(|()| std::fs::File::create(&path)) {
            Ok(f) => {
                let mut out = std::io::BufWriter::new(f);
                let _ = writeln!(out, "# pdrkit sat trace v1");
                Some(Recorder { out })
            }
            Err(e) => {
                eprintln!("pdrkit: cannot record SAT calls to {}: {e}", path.display());
                None
            }
        }
    }

    fn lits(&mut self, tag: &str, lits: &[Lit]) {
        let _ = write!(self.out, "{tag}");
        for &l in lits {
            let _ = write!(self.out, " {}", dimacs(l));
        }
    }

    pub fn new_var(&mut self) {
        let _ = writeln!(self.out, "v");
    }

    pub fn define(&mut self, o: Var, deps: &[Var]) {
        let _ = write!(self.out, "d {}", o.0);
        for d in deps {
            let _ = write!(self.out, " {}", d.0);
        }
        let _ = writeln!(self.out);
    }

    pub fn definition_clause(&mut self, lits: &[Lit]) {
        self.lits("c", lits);
        let _ = writeln!(self.out);
    }

    pub fn clause(&mut self, lits: &[Lit]) {
        self.lits("p", lits);
        let _ = writeln!(self.out);
    }

    pub fn temporary(&mut self, lits: &[Lit]) {
        self.lits("t", lits);
        let _ = writeln!(self.out);
    }

    pub fn solve(&mut self, assumptions: &[Lit], r: SatResult) {
        self.lits("s", assumptions);
        let r = match r {
            SatResult::Sat => "S",
            SatResult::Unsat => "U",
            SatResult::Unknown => "?",
        };
        let _ = writeln!(self.out, " = {r}");
    }
}
