//! Recorded IC3 query sequences: reading the traces `pdrkit check --record-sat DIR` writes, and
//! replaying one on a solver with every answer checked against the recording.
//!
//! A trace is the solver-level life of one IC3 frame or lifting solver, one operation a line,
//! over the solver's own variables (numbered from 0 in creation order); literals as in DIMACS
//! (`v + 1`, negative when negated), the variables of `d` lines as plain numbers:
//!
//! ```text
//! # comment
//! v                 a new variable
//! d O D1 D2 …       variable O is defined over D1 D2 … (a gate, a LUT, a primed latch)
//! c L1 L2 …         a clause of that definition
//! p L1 L2 …         a permanent clause (lemma, constraint, guard)
//! t L1 L2 …         a temporary clause for the next query
//! s A1 A2 … = R     a query under assumptions A1 A2 …, answered R (S, U or ?)
//! ```
//!
//! Any prefix of a trace that ends after an `s` line is a trace too (that is how the stored
//! benchmark traces are cut). Two replays are offered: [`replay_cdcl`] drives [`Cdcl`] the way
//! IC3 does (definitions, temporary clauses); [`replay_activation`] drives any
//! [`SatSolver`] the way IC3 drives MiniSat (every clause plain, one fresh activation literal
//! per temporary clause, retired after its query, and optionally a rebuild of the solver once
//! too many retired ones pile up). Both compare each `S`/`U` answer with the recording and
//! skip the comparison for `?`.

use std::fmt;

use pdrkit_logic::{Lit, SatResult, SatSolver, Var};

use crate::Cdcl;

/// What an operation of a trace is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    NewVar,
    Define,
    DefinitionClause,
    Clause,
    Temporary,
    Solve(Option<SatResult>),
}

/// One operation, its literals in the trace's pool (for `Define`: the variable then its deps,
/// as positive literals).
#[derive(Clone, Copy, Debug)]
struct Op {
    kind: Kind,
    start: u32,
    len: u32,
}

/// One operation of a trace, as [`Trace::steps`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// `v`: a new variable (the next number).
    NewVar,
    /// `d`: `var` is a function of `deps`.
    Define {
        /// The defined variable.
        var: Var,
        /// Its fan-in, as positive literals.
        deps: &'a [Lit],
    },
    /// `c`: a clause of the last definition.
    DefinitionClause(&'a [Lit]),
    /// `p`: a permanent clause.
    Clause(&'a [Lit]),
    /// `t`: a clause of the next query only.
    Temporary(&'a [Lit]),
    /// `s`: a query and its recorded answer (`None` for `?`: not checked).
    Solve {
        /// The query's assumptions.
        assumptions: &'a [Lit],
        /// The recorded answer.
        answer: Option<SatResult>,
    },
}

/// A parsed trace: its operations in order, stored compactly.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    ops: Vec<Op>,
    pool: Vec<Lit>,
    vars: u32,
    queries: usize,
}

/// A line of a trace that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub what: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "trace line {}: {}", self.line, self.what)
    }
}

impl std::error::Error for ParseError {}

fn dimacs(token: &str) -> Option<Lit> {
    let n: i64 = token.parse().ok()?;
    let v = u32::try_from(n.unsigned_abs().checked_sub(1)?).ok()?;
    Some(Var(v).lit_with(n < 0))
}

impl Trace {
    /// Parses a trace's text (see the module's documentation for the format).
    pub fn parse(text: &str) -> Result<Trace, ParseError> {
        let mut t = Trace::default();
        for (i, line) in text.lines().enumerate() {
            let err = |what: String| ParseError { line: i + 1, what };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut tokens = line.split_ascii_whitespace();
            let tag = tokens.next().expect("not empty");
            let start = t.pool.len() as u32;
            let kind = match tag {
                "v" => {
                    t.vars += 1;
                    Kind::NewVar
                }
                "d" => {
                    for tok in tokens.by_ref() {
                        let v: u32 = tok
                            .parse()
                            .map_err(|_| err(format!("bad variable {tok:?}")))?;
                        t.pool.push(Var(v).lit());
                    }
                    if t.pool.len() as u32 == start {
                        return Err(err("a definition without its variable".into()));
                    }
                    Kind::Define
                }
                "c" | "p" | "t" | "s" => {
                    let mut answer = None;
                    while let Some(tok) = tokens.next() {
                        if tok == "=" && tag == "s" {
                            answer = Some(match tokens.next() {
                                Some("S") => Some(SatResult::Sat),
                                Some("U") => Some(SatResult::Unsat),
                                Some("?") => None,
                                other => return Err(err(format!("bad answer {other:?}"))),
                            });
                            break;
                        }
                        let l = dimacs(tok).ok_or_else(|| err(format!("bad literal {tok:?}")))?;
                        t.pool.push(l);
                    }
                    match tag {
                        "c" => Kind::DefinitionClause,
                        "p" => Kind::Clause,
                        "t" => Kind::Temporary,
                        _ => {
                            t.queries += 1;
                            Kind::Solve(answer.ok_or_else(|| err("a query without '= R'".into()))?)
                        }
                    }
                }
                _ => return Err(err(format!("unknown operation {tag:?}"))),
            };
            let len = t.pool.len() as u32 - start;
            t.ops.push(Op { kind, start, len });
        }
        Ok(t)
    }

    /// Number of operations.
    pub fn len(&self) -> usize {
        self.ops.len()
    }

    /// Whether the trace has no operation.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Number of queries (`s` lines).
    pub fn queries(&self) -> usize {
        self.queries
    }

    /// Number of variables made (`v` lines).
    pub fn num_vars(&self) -> u32 {
        self.vars
    }

    /// The operations in order.
    pub fn steps(&self) -> impl ExactSizeIterator<Item = Step<'_>> + '_ {
        self.ops.iter().map(|op| self.step(op))
    }

    fn step(&self, op: &Op) -> Step<'_> {
        let lits = &self.pool[op.start as usize..(op.start + op.len) as usize];
        match op.kind {
            Kind::NewVar => Step::NewVar,
            Kind::Define => Step::Define {
                var: lits[0].var(),
                deps: &lits[1..],
            },
            Kind::DefinitionClause => Step::DefinitionClause(lits),
            Kind::Clause => Step::Clause(lits),
            Kind::Temporary => Step::Temporary(lits),
            Kind::Solve(answer) => Step::Solve {
                assumptions: lits,
                answer,
            },
        }
    }
}

/// A replay's tally.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// Queries asked.
    pub queries: u64,
    /// Of them, answered `Sat`.
    pub sat: u64,
    /// Of them, answered `Unsat`.
    pub unsat: u64,
    /// Of them, recorded `?` (answer not compared).
    pub unchecked: u64,
    /// Failed assumptions summed over the `Unsat` answers (read as IC3 reads them).
    pub failed: u64,
    /// Solver rebuilds ([`replay_activation`] only).
    pub rebuilds: u64,
}

/// An answer that differs from the recorded one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The query's number, from 0.
    pub query: u64,
    /// The operation's index in the trace.
    pub op: usize,
    /// The recorded answer.
    pub expected: SatResult,
    /// The replayed answer.
    pub got: SatResult,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "query {} (operation {}) answered {:?}, recorded {:?}",
            self.query, self.op, self.got, self.expected
        )
    }
}

impl std::error::Error for Mismatch {}

impl Replay {
    /// Counts an answer and compares it with the recorded one.
    fn answer(
        &mut self,
        op: usize,
        expected: Option<SatResult>,
        got: SatResult,
    ) -> Result<(), Mismatch> {
        let query = self.queries;
        self.queries += 1;
        match got {
            SatResult::Sat => self.sat += 1,
            SatResult::Unsat => self.unsat += 1,
            SatResult::Unknown => {}
        }
        match expected {
            None => {
                self.unchecked += 1;
                Ok(())
            }
            Some(e) if e == got => Ok(()),
            Some(expected) => Err(Mismatch {
                query,
                op,
                expected,
                got,
            }),
        }
    }
}

/// Replays `trace` on `solver` (fresh) as IC3's frame solvers drive it: definitions, permanent
/// clauses, temporary clauses, queries; after `Unsat` the failed assumptions are read. Stops
/// at the first answer that differs from the recording.
pub fn replay_cdcl(trace: &Trace, solver: &mut Cdcl) -> Result<Replay, Mismatch> {
    let mut r = Replay::default();
    for (i, step) in trace.steps().enumerate() {
        match step {
            Step::NewVar => {
                solver.new_var();
            }
            Step::Define { var, deps } => {
                // The deps are stored as literals; the solver wants variables. Definitions
                // have a handful of deps: a small array avoids an allocation per definition.
                let mut vars = [Var(0); 16];
                if deps.len() <= vars.len() {
                    for (d, l) in vars.iter_mut().zip(deps) {
                        *d = l.var();
                    }
                    solver.define(var, &vars[..deps.len()]);
                } else {
                    let vars: Vec<Var> = deps.iter().map(|l| l.var()).collect();
                    solver.define(var, &vars);
                }
            }
            Step::DefinitionClause(lits) => solver.add_definition_clause(lits),
            Step::Clause(lits) => solver.add_clause(lits),
            Step::Temporary(lits) => solver.add_temporary_clause(lits),
            Step::Solve {
                assumptions,
                answer,
            } => {
                let got = solver.solve(assumptions);
                if got == SatResult::Unsat {
                    r.failed += assumptions.iter().filter(|&&a| solver.is_failed(a)).count() as u64;
                }
                r.answer(i, answer, got)?;
            }
        }
    }
    Ok(r)
}

/// Replays `trace` on solvers made by `make` as IC3 drives MiniSat: definitions are plain
/// clauses; each temporary clause gets a fresh activation variable, assumed by its query and
/// retired (its negation added as a unit) before the next operation; with `rebuild_after`,
/// before a query with temporary clauses, once more than that many activation variables were
/// used, the solver is replaced by a fresh one holding every definition and permanent clause
/// so far (as the engine's `rebuild_after` does, except that the engine reloads only the
/// current lemmas and the logic it meets again). Stops at the first answer that differs from
/// the recording.
pub fn replay_activation<S: SatSolver>(
    trace: &Trace,
    mut make: impl FnMut() -> S,
    rebuild_after: Option<usize>,
) -> Result<Replay, Mismatch> {
    let mut r = Replay::default();
    let mut s = make();
    // Trace variable → solver variable (activation variables interleave with them).
    let mut map: Vec<Var> = Vec::with_capacity(trace.num_vars() as usize);
    let mut activations = 0usize;
    let mut retire: Vec<Lit> = Vec::new();
    // Temporary clauses of the next query, as (start, end) in `temps`.
    let mut temps: Vec<Lit> = Vec::new();
    let mut temp_ends: Vec<usize> = Vec::new();
    let mut buf: Vec<Lit> = Vec::new();
    let mut clause: Vec<Lit> = Vec::new();
    let mapped = |map: &[Var], l: Lit| map[l.var().idx()].lit_with(l.is_neg());
    for (i, step) in trace.steps().enumerate() {
        if !matches!(step, Step::Temporary(_)) {
            for a in retire.drain(..) {
                s.add_clause(&[!a]);
            }
        }
        match step {
            Step::NewVar => map.push(s.new_var()),
            Step::Define { .. } => {}
            Step::DefinitionClause(lits) | Step::Clause(lits) => {
                buf.clear();
                buf.extend(lits.iter().map(|&l| mapped(&map, l)));
                s.add_clause(&buf);
            }
            Step::Temporary(lits) => {
                temps.extend_from_slice(lits);
                temp_ends.push(temps.len());
            }
            Step::Solve {
                assumptions,
                answer,
            } => {
                if !temp_ends.is_empty() && rebuild_after.is_some_and(|n| activations > n) {
                    s = rebuild(trace, i, &mut make, &mut map);
                    activations = 0;
                    r.rebuilds += 1;
                }
                buf.clear();
                let mut from = 0;
                for &end in &temp_ends {
                    let act = s.new_var().lit();
                    activations += 1;
                    clause.clear();
                    clause.push(!act);
                    clause.extend(temps[from..end].iter().map(|&l| mapped(&map, l)));
                    s.add_clause(&clause);
                    buf.push(act);
                    retire.push(act);
                    from = end;
                }
                temps.clear();
                temp_ends.clear();
                buf.extend(assumptions.iter().map(|&l| mapped(&map, l)));
                let got = s.solve(&buf);
                if got == SatResult::Unsat {
                    let acts = retire.len();
                    r.failed += s
                        .failed_assumptions()
                        .iter()
                        .filter(|a| !buf[..acts].contains(a))
                        .count() as u64;
                }
                r.answer(i, answer, got)?;
            }
        }
    }
    Ok(r)
}

/// A fresh solver holding the trace's variables and every definition and permanent clause
/// before operation `upto`; `map` becomes the identity.
fn rebuild<S: SatSolver>(
    trace: &Trace,
    upto: usize,
    make: &mut impl FnMut() -> S,
    map: &mut [Var],
) -> S {
    let mut s = make();
    s.reserve_vars(map.len() as u32);
    for (i, m) in map.iter_mut().enumerate() {
        *m = Var(i as u32);
    }
    for step in trace.steps().take(upto) {
        if let Step::DefinitionClause(lits) | Step::Clause(lits) = step {
            s.add_clause(lits);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "# pdrkit sat trace v1
v
p -1
v
v
v
d 3 1 2
c -4 2
c -4 3
c 4 -2 -3
t -4
s 2 3 = U
s 2 = S
s -4 = ?
";

    #[test]
    fn parses_and_replays() {
        let t = Trace::parse(SMALL).unwrap();
        assert_eq!(t.len(), 13);
        assert_eq!(t.queries(), 3);
        assert_eq!(t.num_vars(), 4);
        let steps: Vec<Step<'_>> = t.steps().collect();
        assert_eq!(
            steps[5],
            Step::Define {
                var: Var(3),
                deps: &[Var(1).lit(), Var(2).lit()]
            }
        );
        let r = replay_cdcl(&t, &mut Cdcl::new()).unwrap();
        assert_eq!((r.queries, r.sat, r.unsat, r.unchecked), (3, 2, 1, 1));
        let m = replay_activation(&t, pdrkit_logic::Minisat::default, Some(0)).unwrap();
        assert_eq!((m.queries, m.sat, m.unsat, m.unchecked), (3, 2, 1, 1));
        assert_eq!(r.failed, m.failed);
    }

    #[test]
    fn reports_mismatches_and_bad_lines() {
        let t = Trace::parse(&SMALL.replace("s 2 = S", "s 2 = U")).unwrap();
        let e = replay_cdcl(&t, &mut Cdcl::new()).unwrap_err();
        assert_eq!((e.query, e.op), (1, 11));
        let e = Trace::parse("v\nx 1\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(Trace::parse("s 1\n").is_err());
        assert!(Trace::parse("p 0\n").is_err());
    }
}
