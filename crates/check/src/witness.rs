//! Counterexample witnesses: the AIGER witness format that aigsim and HWMCC use, and their replay
//! on a model by plain simulation.
//!
//! The format, line by line:
//!
//! ```text
//! c optional comment lines, only before the status line
//! 1                 the status: 1 = a property fails (0 unsat and 2 unknown are not traces)
//! b0                the failed properties, b<N> (safety) or j<N> (justice), separated by spaces
//! 01x0              the initial state: one character per latch
//! 10                one input vector per step: one character per input
//! 11
//! .                 the end of the trace
//! ```
//!
//! A model without latches has an empty initial-state line, and one without inputs has empty
//! input lines, so blank lines inside the trace carry meaning; only after the final `.` are
//! blank lines (and trailing whitespace on any line) ignored.
//!
//! [`replay`] checks the safety properties a witness names (`b<N>`): some step must reach the
//! bad state. A justice property (`j<N>`) fails only on an infinite run, and its witness is a
//! lasso whose last state closes a loop: [`crate::lasso::replay_lasso`] replays it, on the same
//! simulation. A witness naming only justice properties is refused by [`replay`]
//! ([`ReplayError::NoSafetyProperty`]) rather than accepted with nothing checked.

use std::path::Path;

use crate::model::{Model, Reset};
use pdrkit_logic::Lit;

use crate::circuit::{Circuit, StructureError};

/// One value of a witness line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bit {
    /// `0`
    Zero,
    /// `1`
    One,
    /// `x`: any value; replay takes it as 0 for an input or an uninitialized latch, and as
    /// the reset value (a constant, or its reset function's) for a latch that has one.
    X,
}

impl Bit {
    /// The value simulation uses: `x` is 0, as in aigsim.
    pub fn value(self) -> bool {
        self == Bit::One
    }

    fn from_byte(c: u8) -> Option<Bit> {
        match c {
            b'0' => Some(Bit::Zero),
            b'1' => Some(Bit::One),
            b'x' | b'X' => Some(Bit::X),
            _ => None,
        }
    }
}

/// A parsed counterexample witness. Line numbers (1-based) are kept so that replay errors can
/// point into the file; a witness built by hand may leave them 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Witness {
    /// The comment lines before the status line, without their leading `c`.
    pub comments: Vec<String>,
    /// The safety properties the trace claims to violate: `b<N>` gives `N`.
    pub properties: Vec<usize>,
    /// The justice properties the trace claims to violate, as a lasso: `j<N>` gives `N`
    /// (replayed by [`crate::lasso::replay_lasso`]).
    pub justice: Vec<usize>,
    /// The line of the property names.
    pub property_line: usize,
    /// The initial value of each latch.
    pub init: Vec<Bit>,
    /// The line of the initial values.
    pub init_line: usize,
    /// The input vector of each step.
    pub inputs: Vec<Vec<Bit>>,
    /// The line of the first input vector; step `k` is on line `first_input_line + k`.
    pub first_input_line: usize,
}

impl Witness {
    /// The line of step `k`'s input vector (0 when the witness has no line numbers).
    pub fn step_line(&self, k: usize) -> usize {
        if self.first_input_line == 0 {
            0
        } else {
            self.first_input_line + k
        }
    }
}

impl From<std::io::Error> for WitnessError {
    fn from(e: std::io::Error) -> Self {
        WitnessError::Io(e)
    }
}

/// A witness file that is not a well-formed counterexample.
#[derive(Debug, thiserror::Error)]
pub enum WitnessError {
    /// The file could not be read. (Not the error's source: its text is in the message.)
    #[error("cannot read the witness: {0}")]
    Io(std::io::Error),
    /// The status line says there is no counterexample.
    #[error("line {line}: the status is '{status}' ({meaning}), not '1': this file does not contain a counterexample")]
    NotACounterexample {
        /// The line of the status.
        line: usize,
        /// The status found.
        status: String,
        /// What the status means.
        meaning: &'static str,
    },
    /// Anything else that does not follow the format.
    #[error("line {line}: {message}")]
    Syntax {
        /// The line (1-based).
        line: usize,
        /// What was expected and what was found.
        message: String,
    },
}

fn syntax<T>(line: usize, message: impl Into<String>) -> Result<T, WitnessError> {
    Err(WitnessError::Syntax {
        line,
        message: message.into(),
    })
}

/// Reads and parses a witness file.
pub fn read_witness(path: impl AsRef<Path>) -> Result<Witness, WitnessError> {
    parse_witness(&std::fs::read(path)?)
}

/// A line without its trailing whitespace (spaces, tabs, carriage return).
fn trim_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())
        .map_or(0, |p| p + 1);
    &line[..end]
}

fn show(line: &[u8]) -> String {
    const MAX: usize = 40;
    let s = String::from_utf8_lossy(&line[..line.len().min(MAX)]).into_owned();
    if line.len() > MAX {
        format!("'{s}...'")
    } else {
        format!("'{s}'")
    }
}

/// One result of a witness file that holds several (AIGER 1.9, one per property checked):
/// `0` (the property holds) and `2` (unknown) are a status line, the property names and `.`;
/// `1` is a counterexample as in [`parse_witness`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WitnessResult {
    /// `1`: a counterexample trace.
    Fails(Witness),
    /// `0`: the named properties hold.
    Holds {
        /// The safety properties (`b<N>`).
        properties: Vec<usize>,
        /// The justice properties (`j<N>`).
        justice: Vec<usize>,
        /// The line of the status.
        line: usize,
    },
    /// `2`: nothing is known of the named properties.
    Unknown {
        /// The safety properties (`b<N>`).
        properties: Vec<usize>,
        /// The justice properties (`j<N>`).
        justice: Vec<usize>,
        /// The line of the status.
        line: usize,
    },
}

impl WitnessResult {
    /// The safety properties (`b<N>`) this result speaks of.
    pub fn properties(&self) -> &[usize] {
        match self {
            WitnessResult::Fails(w) => &w.properties,
            WitnessResult::Holds { properties, .. } | WitnessResult::Unknown { properties, .. } => {
                properties
            }
        }
    }

    /// The justice properties (`j<N>`) this result speaks of.
    pub fn justice(&self) -> &[usize] {
        match self {
            WitnessResult::Fails(w) => &w.justice,
            WitnessResult::Holds { justice, .. } | WitnessResult::Unknown { justice, .. } => {
                justice
            }
        }
    }
}

type Lines<'a> = std::iter::Peekable<Box<dyn Iterator<Item = (usize, &'a [u8])> + 'a>>;

fn lines_of(bytes: &[u8]) -> Lines<'_> {
    // A final newline would otherwise look like one more (empty) line.
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let it: Box<dyn Iterator<Item = (usize, &[u8])>> = Box::new(
        body.split(|&c| c == b'\n')
            .map(trim_end)
            .enumerate()
            .map(|(i, l)| (i + 1, l)),
    );
    it.peekable()
}

/// Parses a witness from the bytes of a file: exactly one counterexample.
pub fn parse_witness(bytes: &[u8]) -> Result<Witness, WitnessError> {
    let mut lines = lines_of(bytes);
    // A strict parse returns a counterexample or an error.
    let Some(WitnessResult::Fails(w)) = parse_one(&mut lines, false)? else {
        return syntax(1, "empty witness: expected the status line '1'");
    };
    if let Some((line, l)) = lines.find(|(_, l)| !l.iter().all(u8::is_ascii_whitespace)) {
        return syntax(
            line,
            format!(
                "unexpected {} after the terminating '.' (one witness per file)",
                show(l)
            ),
        );
    }
    Ok(w)
}

/// Parses a witness file that holds one result per property checked (AIGER 1.9's form for
/// several properties; a file of one counterexample is a list of one).
pub fn parse_results(bytes: &[u8]) -> Result<Vec<WitnessResult>, WitnessError> {
    let mut lines = lines_of(bytes);
    let mut results = Vec::new();
    while let Some(r) = parse_one(&mut lines, true)? {
        results.push(r);
    }
    if results.is_empty() {
        return syntax(1, "empty witness: expected a status line (0, 1 or 2)");
    }
    Ok(results)
}

/// Reads a witness file of one or more results ([`parse_results`]).
pub fn read_results(path: impl AsRef<Path>) -> Result<Vec<WitnessResult>, WitnessError> {
    parse_results(&std::fs::read(path)?)
}

/// Parses one result. With `verdicts`, statuses 0 and 2 are results too, and the end of the
/// input before a status is `None`; without, only a counterexample is accepted.
fn parse_one(lines: &mut Lines<'_>, verdicts: bool) -> Result<Option<WitnessResult>, WitnessError> {
    let mut w = Witness::default();

    // Comments, then the status.
    let (status_line, status) = loop {
        match lines.next() {
            None if verdicts => return Ok(None),
            None => return syntax(1, "empty witness: expected the status line '1'"),
            Some((_, l)) if l.first() == Some(&b'c') => {
                w.comments
                    .push(String::from_utf8_lossy(&l[1..]).trim_start().to_owned());
            }
            Some((_, l)) if l.iter().all(u8::is_ascii_whitespace) => {}
            Some(found) => break found,
        }
    };
    let verdict = match status.trim_ascii() {
        b"1" => None,
        b"0" if verdicts => Some(true),
        b"2" if verdicts => Some(false),
        b"0" => {
            return Err(WitnessError::NotACounterexample {
                line: status_line,
                status: "0".into(),
                meaning: "unsatisfiable: the property holds",
            })
        }
        b"2" => {
            return Err(WitnessError::NotACounterexample {
                line: status_line,
                status: "2".into(),
                meaning: "unknown: the checker gave up",
            })
        }
        other => {
            return syntax(
                status_line,
                format!(
                    "expected the status '1' (a counterexample){}, found {}",
                    if verdicts { ", '0' or '2'" } else { "" },
                    show(other)
                ),
            )
        }
    };

    // The property names.
    let Some((line, props)) = lines.next() else {
        return syntax(
            status_line + 1,
            "unexpected end of file: expected the property names (e.g. b0)",
        );
    };
    w.property_line = line;
    for name in props
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
    {
        let text = String::from_utf8_lossy(name).into_owned();
        let (list, letter) = match name.first() {
            Some(b'b') => (&mut w.properties, 'b'),
            Some(b'j') => (&mut w.justice, 'j'),
            _ => {
                return syntax(
                    line,
                    format!("'{text}' is not a property name: expected b<N> or j<N>, e.g. b0"),
                )
            }
        };
        match parse_index(&name[1..]) {
            Some(n) => list.push(n),
            None => {
                return syntax(
                    line,
                    format!("'{text}': expected '{letter}' followed by a property number"),
                )
            }
        }
    }
    if w.properties.is_empty() && w.justice.is_empty() {
        return syntax(
            line,
            "expected the names of the failed properties (e.g. b0), found an empty line",
        );
    }
    if let Some(holds) = verdict {
        // A verdict without a trace: only comments may come before the '.'.
        loop {
            match lines.next() {
                Some((_, b".")) => break,
                Some((_, l)) if l.first() == Some(&b'c') => {}
                Some((l, found)) => {
                    return syntax(
                        l,
                        format!(
                            "expected '.' after a status {} result, found {}",
                            if holds { 0 } else { 2 },
                            show(found)
                        ),
                    )
                }
                None => {
                    return syntax(
                        line + 1,
                        "unexpected end of file: a result must end with a line '.'",
                    )
                }
            }
        }
        let (properties, justice) = (w.properties, w.justice);
        return Ok(Some(if holds {
            WitnessResult::Holds {
                properties,
                justice,
                line: status_line,
            }
        } else {
            WitnessResult::Unknown {
                properties,
                justice,
                line: status_line,
            }
        }));
    }

    // The initial state.
    let Some((line, init)) = lines.next() else {
        return syntax(
            line + 1,
            "unexpected end of file: expected the initial latch values",
        );
    };
    w.init_line = line;
    w.init = parse_bits(line, init, "the initial latch values")?;

    // The input vectors, up to the terminating '.'.
    let mut last = line;
    w.first_input_line = line + 1;
    let mut terminated = false;
    for (line, l) in lines.by_ref() {
        last = line;
        if l == b"." {
            terminated = true;
            break;
        }
        w.inputs.push(parse_bits(line, l, "an input vector")?);
    }
    if !terminated {
        return syntax(
            last + 1,
            "unexpected end of file: the trace must end with a line '.'",
        );
    }
    Ok(Some(WitnessResult::Fails(w)))
}

/// A decimal index without sign or spaces, `None` when malformed or too large.
fn parse_index(digits: &[u8]) -> Option<usize> {
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

fn parse_bits(line: usize, l: &[u8], what: &str) -> Result<Vec<Bit>, WitnessError> {
    l.iter()
        .enumerate()
        .map(|(col, &c)| {
            Bit::from_byte(c).ok_or_else(|| WitnessError::Syntax {
                line,
                message: format!(
                    "column {}: expected 0, 1 or x in {what}, found {}{}",
                    col + 1,
                    show(&[c]),
                    if c == b'.' && l.len() == 1 {
                        " (is a line missing before the end of the trace?)"
                    } else {
                        ""
                    }
                ),
            })
        })
        .collect()
}

/// What a successful replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Number of steps simulated (input vectors).
    pub steps: usize,
    /// For each property the witness names, in order: the property and the first step
    /// (0-based) where it is 1.
    pub hits: Vec<(usize, usize)>,
    /// The earliest step where a named property is 1.
    pub first_bad_step: usize,
    /// Whether every named property is 1 at the last step, as HWMCC asks; replay accepts a
    /// trace whose property is 1 at an earlier step too.
    pub bad_at_last_step: bool,
}

impl Replay {
    /// What the replay found, in words, naming each property as the witness does (`b<N>`):
    /// `11 steps, b0 is 1 at step 10`, with `(not at the last step)` when a named property is
    /// 0 at the last step.
    pub fn summary(&self) -> String {
        let hits: Vec<String> = self
            .hits
            .iter()
            .map(|&(p, step)| format!("b{p} is 1 at step {step}"))
            .collect();
        format!(
            "{} step{}, {}{}",
            self.steps,
            if self.steps == 1 { "" } else { "s" },
            hits.join(", "),
            if self.bad_at_last_step {
                ""
            } else {
                " (not at the last step)"
            }
        )
    }
}

/// A witness that does not replay on the model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The model is not a well-formed AIG.
    #[error("the model is malformed: {0}")]
    Model(#[from] StructureError),
    /// The witness names a property the model does not have.
    #[error("line {line}: the witness names property b{property}, but the model has {available} propert{} (numbered from 0)", if *available == 1 { "y" } else { "ies" })]
    UnknownProperty {
        /// The line of the property names.
        line: usize,
        /// The index named.
        property: usize,
        /// How many properties the model has.
        available: usize,
    },
    /// The initial state has the wrong length.
    #[error("line {line}: the initial state has {found} value(s), but the model has {expected} latch(es)")]
    LatchCount {
        /// The line of the initial state.
        line: usize,
        /// Number of latches of the model.
        expected: usize,
        /// Number of values in the witness.
        found: usize,
    },
    /// A latch with a fixed reset value starts at the other value.
    #[error("line {line}, column {}: latch {latch} (literal {lit}) resets to {}, but the witness starts it at {}", latch + 1, *reset as u8, !*reset as u8)]
    ResetMismatch {
        /// The line of the initial state.
        line: usize,
        /// The latch's position.
        latch: usize,
        /// The latch's literal in the model.
        lit: u32,
        /// The model's reset value.
        reset: bool,
    },
    /// A latch with a reset function starts at a value other than the function's at step 0.
    #[error("line {line}, column {}: latch {latch} (literal {lit}) resets to its reset function, literal {function}, which is {} at step 0 (over step 0's inputs and the other latches' initial values), but the witness starts it at {}", latch + 1, *value as u8, !*value as u8)]
    ResetFunctionMismatch {
        /// The line of the initial state.
        line: usize,
        /// The latch's position.
        latch: usize,
        /// The latch's literal in the model.
        lit: u32,
        /// The reset function's literal in the model.
        function: u32,
        /// The function's value at step 0.
        value: bool,
    },
    /// An input vector has the wrong length.
    #[error("line {line}: the input vector of step {step} has {found} value(s), but the model has {expected} input(s)")]
    InputCount {
        /// The line of the vector.
        line: usize,
        /// The step (0-based).
        step: usize,
        /// Number of inputs of the model.
        expected: usize,
        /// Number of values in the witness.
        found: usize,
    },
    /// The witness names no safety property (`b<N>`), only justice properties: those are
    /// replayed as lassos by [`crate::lasso::replay_lasso`].
    #[error("line {line}: the witness names no safety property (b<N>), only justice propert{} {}: a justice witness is a lasso, replayed as one", if justice.len() == 1 { "y" } else { "ies" }, justice.iter().map(|j| format!("j{j}")).collect::<Vec<_>>().join(" "))]
    NoSafetyProperty {
        /// The line of the property names.
        line: usize,
        /// The justice properties it names.
        justice: Vec<usize>,
    },
    /// The trace has no steps, so no property can fail on it.
    #[error(
        "line {line}: the trace has no input vectors; a counterexample needs at least one step"
    )]
    EmptyTrace {
        /// The line of the terminating '.'.
        line: usize,
    },
    /// An invariant constraint is 0 at some step: the trace is not a run of the model.
    #[error("line {line}: invariant constraint {constraint} (literal {lit}) is 0 at step {step}, so the trace is not a valid run of the model")]
    ConstraintViolated {
        /// The line of the step's input vector.
        line: usize,
        /// The step (0-based).
        step: usize,
        /// The constraint's position.
        constraint: usize,
        /// Its literal in the model.
        lit: u32,
    },
    /// A named property is never 1 along the trace.
    #[error("property b{property} is never 1 in the {steps} step(s) of the trace (lines {first_line}..={last_line})")]
    NotReached {
        /// The property.
        property: usize,
        /// Number of steps simulated.
        steps: usize,
        /// The line of the first step.
        first_line: usize,
        /// The line of the last step.
        last_line: usize,
    },
}

/// Replays `w` on `aig` by simulation and checks that each property it names becomes 1.
///
/// Semantics, matching aigsim: the properties are [`Model::properties`] (the outputs when there
/// is neither a `B` nor a `J` section), `b<N>` naming the `N`-th. The initial state takes each latch's reset
/// value; the witness must agree with it for latches that reset to 0 or 1 (`x` there means
/// "the reset value"). An uninitialized latch takes the witness's value, and `x` is taken as
/// 0 — any value would do, and 0 is what aigsim picks, so a trace found that way replays. An
/// input `x` is 0 as well. A latch with a reset function ([`Reset::Function`]) starts at the
/// function's value over step 0's inputs (the first input vector) and the other latches'
/// initial values, evaluated in dependency order; the witness must agree with it (`x` there
/// means "the function's value"). Every invariant constraint must be 1 at every step. Each named
/// property must be 1 at some step; it need not be the last (see [`Replay::bad_at_last_step`]).
pub fn replay(aig: &Model, w: &Witness) -> Result<Replay, ReplayError> {
    run(aig, w, None)
}

/// The values a replay went through, step by step (what a waveform shows). Row `k` of each
/// table is step `k`: the inputs of the witness's `k`-th vector, the state before the step's
/// transition, and the properties and constraints evaluated on both.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Simulation {
    /// Per step, the value of each input (an `x` as 0, as replay takes it).
    pub inputs: Vec<Vec<bool>>,
    /// Per step, the value of each latch.
    pub latches: Vec<Vec<bool>>,
    /// Per step, the value of each property ([`Model::properties`]: 1 is bad).
    pub properties: Vec<Vec<bool>>,
    /// Per step, the value of each invariant constraint.
    pub constraints: Vec<Vec<bool>>,
    /// The witness's initial state as written (an `x` leaves an uninitialized latch free).
    pub init: Vec<Bit>,
    /// Per step, the witness's input vector as written.
    pub input_bits: Vec<Vec<Bit>>,
    /// A lasso's loop, when the simulation is one ([`crate::simulate_lasso`]); else `None`
    /// and `signals` is empty.
    pub lasso: Option<LassoLoop>,
    /// For a lasso, per step, the value of each fairness constraint, then each literal of the
    /// justice property replayed.
    pub signals: Vec<Vec<bool>>,
}

/// Where a simulated lasso loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LassoLoop {
    /// The justice property.
    pub justice: usize,
    /// The step the loop starts at: the state after the last step equals this step's.
    pub start: usize,
    /// How many of [`Simulation::signals`]' columns are fairness constraints.
    pub fairness: usize,
}

/// Appends one step's inputs, latches, properties and constraints (from the node values
/// `val`) to `sim`.
pub(crate) fn record_step(sim: &mut Simulation, c: &Circuit, val: &[bool]) {
    let eval = |l: Lit| val[l.var().idx()] ^ l.is_neg();
    let first_latch = c.first_latch();
    sim.inputs.push(
        (0..c.input_lits.len())
            .map(|k| val[c.input_node(k)])
            .collect(),
    );
    sim.latches
        .push(val[first_latch..first_latch + c.latches.len()].to_vec());
    sim.properties
        .push(c.properties.iter().map(|&l| eval(l)).collect());
    sim.constraints
        .push(c.constraints.iter().map(|&l| eval(l)).collect());
}

/// [`replay`], also returning every value it simulated.
pub fn simulate(aig: &Model, w: &Witness) -> Result<(Replay, Simulation), ReplayError> {
    let mut sim = Simulation {
        init: w.init.clone(),
        input_bits: w.inputs.clone(),
        ..Simulation::default()
    };
    let r = run(aig, w, Some(&mut sim))?;
    Ok((r, sim))
}

/// Checks the witness's shape against the circuit (latch and input counts, fixed resets, at
/// least one step), computes the initial state as [`replay`] documents it, and simulates every
/// step: `on_step` sees each step's node values (indexed by node) once the step's inputs are
/// set and its gates evaluated, before its transition; every invariant constraint must be 1 at
/// every step. Returns the latch values after the last step's transition. Shared by the safety
/// and the lasso replay, so that both start from the same state by the same rules.
pub(crate) fn simulate_steps(
    aig: &Model,
    c: &Circuit,
    w: &Witness,
    mut on_step: impl FnMut(usize, &[bool]),
) -> Result<Vec<bool>, ReplayError> {
    if w.init.len() != c.latches.len() {
        return Err(ReplayError::LatchCount {
            line: w.init_line,
            expected: c.latches.len(),
            found: w.init.len(),
        });
    }
    for (k, (l, &b)) in c.latches.iter().zip(&w.init).enumerate() {
        if let Some(r) = l.reset.value() {
            if b != Bit::X && b.value() != r {
                return Err(ReplayError::ResetMismatch {
                    line: w.init_line,
                    latch: k,
                    lit: c.latch_lits[k].code(),
                    reset: r,
                });
            }
        }
    }
    // Check every vector's length before simulating, so that a malformed file is reported as
    // such rather than as a failed replay.
    for (k, v) in w.inputs.iter().enumerate() {
        if v.len() != c.input_lits.len() {
            return Err(ReplayError::InputCount {
                line: w.step_line(k),
                step: k,
                expected: c.input_lits.len(),
                found: v.len(),
            });
        }
    }
    if w.inputs.is_empty() {
        return Err(ReplayError::EmptyTrace {
            line: w.step_line(0),
        });
    }

    let mut val = vec![false; c.num_nodes()];
    let first_latch = c.first_latch();
    let eval = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
    for (k, l) in c.latches.iter().enumerate() {
        val[first_latch + k] = match l.reset {
            Reset::Zero => false,
            Reset::One => true,
            Reset::Uninit => w.init[k].value(),
            // Below, once the values it reads are known.
            Reset::Function(_) => false,
        };
    }
    // Reset functions read step 0's inputs and the other latches' initial values: evaluated
    // in the order that puts each node after what it reads (gates of the cones included, which
    // the step below evaluates again, to the same values).
    for (k, b) in w.inputs[0].iter().enumerate() {
        val[c.input_node(k)] = b.value();
    }
    let first_and = c.first_and();
    for &n in &c.init_order {
        val[n] = if n >= first_and {
            let g = c.ands[n - first_and];
            eval(&val, g.rhs0) && eval(&val, g.rhs1)
        } else {
            let k = n - first_latch;
            let f = c.latches[k].reset.function().unwrap_or(Lit::FALSE);
            let v = eval(&val, f);
            let b = w.init[k];
            if b != Bit::X && b.value() != v {
                return Err(ReplayError::ResetFunctionMismatch {
                    line: w.init_line,
                    latch: k,
                    lit: c.latch_lits[k].code(),
                    function: aig.latches[k].reset.function().map_or(0, |f| f.code()),
                    value: v,
                });
            }
            v
        };
    }
    let mut next = vec![false; c.latches.len()];
    for (step, vector) in w.inputs.iter().enumerate() {
        for (k, b) in vector.iter().enumerate() {
            val[c.input_node(k)] = b.value();
        }
        for (k, g) in c.ands.iter().enumerate() {
            val[first_and + k] = eval(&val, g.rhs0) && eval(&val, g.rhs1);
        }
        on_step(step, &val);
        if let Some(i) = c.constraints.iter().position(|&l| !eval(&val, l)) {
            return Err(ReplayError::ConstraintViolated {
                line: w.step_line(step),
                step,
                constraint: i,
                lit: aig.constraints.get(i).map_or(0, |l| l.code()),
            });
        }
        for (k, l) in c.latches.iter().enumerate() {
            next[k] = eval(&val, l.next);
        }
        val[first_latch..first_latch + next.len()].copy_from_slice(&next);
    }
    Ok(next)
}

fn run(
    aig: &Model,
    w: &Witness,
    mut record: Option<&mut Simulation>,
) -> Result<Replay, ReplayError> {
    let c = Circuit::new(aig)?;
    let nprops = c.properties.len();
    if let Some(&p) = w.properties.iter().find(|&&p| p >= nprops) {
        return Err(ReplayError::UnknownProperty {
            line: w.property_line,
            property: p,
            available: nprops,
        });
    }
    // A witness of justice properties only would otherwise "replay" with nothing checked.
    if w.properties.is_empty() {
        return Err(ReplayError::NoSafetyProperty {
            line: w.property_line,
            justice: w.justice.clone(),
        });
    }
    let mut first_hit: Vec<Option<usize>> = vec![None; w.properties.len()];
    let mut at_last = vec![false; w.properties.len()];
    let eval = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
    simulate_steps(aig, &c, w, |step, val| {
        if let Some(sim) = record.as_deref_mut() {
            record_step(sim, &c, val);
        }
        for (i, &p) in w.properties.iter().enumerate() {
            let bad = eval(val, c.properties[p]);
            at_last[i] = bad;
            if bad && first_hit[i].is_none() {
                first_hit[i] = Some(step);
            }
        }
    })?;
    let steps = w.inputs.len();
    let mut hits = Vec::with_capacity(w.properties.len());
    for (&p, hit) in w.properties.iter().zip(&first_hit) {
        match hit {
            Some(s) => hits.push((p, *s)),
            None => {
                return Err(ReplayError::NotReached {
                    property: p,
                    steps,
                    first_line: w.step_line(0),
                    last_line: w.step_line(steps - 1),
                })
            }
        }
    }
    Ok(Replay {
        steps,
        first_bad_step: hits.iter().map(|&(_, s)| s).min().unwrap_or(0),
        hits,
        bad_at_last_step: at_last.iter().all(|&b| b),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_format() {
        let w = parse_witness(b"c made by hand\nc second\n1\nb0 b2\n0x1\n10\n\r\n01  \n.\n\n  \n")
            .unwrap();
        assert_eq!(w.comments, vec!["made by hand", "second"]);
        assert_eq!(w.properties, vec![0, 2]);
        assert_eq!(w.property_line, 4);
        assert_eq!(w.init, vec![Bit::Zero, Bit::X, Bit::One]);
        assert_eq!(w.init_line, 5);
        assert_eq!(w.inputs.len(), 3);
        assert!(w.inputs[1].is_empty());
        assert_eq!(w.first_input_line, 6);
        assert_eq!(w.step_line(2), 8);
    }

    #[test]
    fn several_results_in_one_file() {
        let r = parse_results(b"1\nb0\n0\n1\n.\n0\nb1\n.\nc why\n2\nb2\nc gave up\n.\n").unwrap();
        assert_eq!(r.len(), 3);
        assert!(
            matches!(&r[0], WitnessResult::Fails(w) if w.properties == [0] && w.inputs.len() == 1)
        );
        assert_eq!(
            r[1],
            WitnessResult::Holds {
                properties: vec![1],
                justice: vec![],
                line: 6
            }
        );
        assert_eq!(
            r[2],
            WitnessResult::Unknown {
                properties: vec![2],
                justice: vec![],
                line: 10
            }
        );
        assert_eq!(r[2].properties(), &[2]);
        // A single counterexample is a list of one; parse_witness still wants exactly one.
        assert_eq!(parse_results(b"1\nb0\n0\n1\n.\n").unwrap().len(), 1);
        assert!(parse_witness(b"1\nb0\n0\n1\n.\n0\nb1\n.\n")
            .unwrap_err()
            .to_string()
            .contains("one witness per file"));
        for (text, want) in [
            (&b""[..], "line 1: empty witness"),
            (
                b"0\nb1\n0\n.\n",
                "line 3: expected '.' after a status 0 result",
            ),
            (b"2\nb1\n", "line 3: unexpected end of file"),
            (
                b"3\nb1\n.\n",
                "line 1: expected the status '1' (a counterexample), '0' or '2'",
            ),
        ] {
            let e = parse_results(text).unwrap_err().to_string();
            assert!(e.starts_with(want), "{e}");
        }
    }

    #[test]
    fn a_summary_names_the_properties() {
        let r = Replay {
            steps: 11,
            hits: vec![(0, 10)],
            first_bad_step: 10,
            bad_at_last_step: true,
        };
        assert_eq!(r.summary(), "11 steps, b0 is 1 at step 10");
        let r = Replay {
            steps: 1,
            hits: vec![(2, 0), (5, 0)],
            first_bad_step: 0,
            bad_at_last_step: false,
        };
        assert_eq!(
            r.summary(),
            "1 step, b2 is 1 at step 0, b5 is 1 at step 0 (not at the last step)"
        );
    }

    #[test]
    fn justice_names_are_read() {
        let w = parse_witness(b"1\nb0 j1 j3\n0\n1\n.\n").unwrap();
        assert_eq!((w.properties, w.justice), (vec![0], vec![1, 3]));
        let r = parse_results(b"1\nj0\n0\n1\n.\n0\nj1 b2\n.\n").unwrap();
        assert_eq!((r[0].properties(), r[0].justice()), (&[][..], &[0][..]));
        assert_eq!((r[1].properties(), r[1].justice()), (&[2][..], &[1][..]));
        // A justice-only witness names nothing replay can check: refused, not vacuously passed.
        let aig = Model {
            max_var: 1,
            latches: vec![crate::model::Latch {
                lit: Lit::from_code(2),
                next: Lit::from_code(2),
                reset: Reset::Zero,
            }],
            justice: vec![vec![Lit::from_code(2)]],
            ..Model::default()
        };
        let w = parse_witness(b"1\nj0\n0\n\n.\n").unwrap();
        let e = replay(&aig, &w).unwrap_err();
        assert_eq!(
            e,
            ReplayError::NoSafetyProperty {
                line: 2,
                justice: vec![0]
            }
        );
        assert!(e.to_string().starts_with(
            "line 2: the witness names no safety property (b<N>), only justice property j0"
        ));
    }

    #[test]
    fn empty_lines_are_latch_and_input_vectors() {
        // No latches, no inputs, two steps.
        let w = parse_witness(b"1\nb0\n\n\n\n.\n").unwrap();
        assert!(w.init.is_empty());
        assert_eq!(w.inputs, vec![Vec::<Bit>::new(), Vec::new()]);
    }

    #[test]
    fn rejects_with_line_numbers() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "line 1: empty"),
            (b"c only\n", "line 1: empty"),
            (b"0\nb0\n.\n", "line 1: the status is '0'"),
            (b"c\n2\n", "line 2: the status is '2'"),
            (b"sat\n", "line 1: expected the status"),
            (b"1\n", "line 2: unexpected end of file"),
            (b"1\njx\n0\n.\n", "line 2: 'jx': expected 'j' followed"),
            (b"1\nbx\n0\n.\n", "line 2: 'bx'"),
            (b"1\nb99999999999999999999999\n0\n.\n", "line 2"),
            (b"1\no0\n0\n.\n", "line 2: 'o0' is not a property"),
            (b"1\n\n0\n.\n", "line 2: expected the names"),
            (b"1\nb0\n", "line 3: unexpected end of file"),
            (b"1\nb0\n0a\n.\n", "line 3: column 2"),
            (b"1\nb0\n0\n1\n", "line 5: unexpected end of file"),
            (b"1\nb0\n0\n1\n2\n.\n", "line 5: column 1"),
            (b"1\nb0\n0\n1\n.\n1\n", "line 6: unexpected '1'"),
            (b"1\nb0\n.\n", "line 3: column 1: expected 0, 1 or x in the initial latch values, found '.' (is a line missing"),
        ];
        for (text, want) in cases {
            let e = parse_witness(text).unwrap_err().to_string();
            assert!(
                e.starts_with(want),
                "{:?}: got {e:?}, want {want:?}",
                String::from_utf8_lossy(text)
            );
        }
    }
}
