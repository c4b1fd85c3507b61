//! Liveness counterexamples: the replay of a lasso witness for a justice property.
//!
//! AIGER 1.9's justice property `i` is a set of literals `J[i]`; it fails when some infinite
//! run from an initial state keeps every invariant constraint at every step and makes every
//! fairness constraint (`F`) and every literal of `J[i]` true infinitely often. A witness of
//! that is a lasso, written as a safety witness is ([`crate::witness`]) but naming `j<i>`:
//!
//! ```text
//! 1
//! j0                the justice property
//! 0x                the initial state
//! 10                one input vector per step, 0 .. n-1
//! 01
//! .
//! ```
//!
//! It is accepted as `aigsim -c` checks it: the state reached after the last step's transition
//! equals the state at some step `L` (`0 <= L <= n-1`; the witness does not say which, the
//! replay finds it); every invariant constraint is 1 at every step `0..n`; and every fairness
//! literal and every literal of `J[i]` is 1 at some step of `L..n`, each read with the inputs
//! of its own step. An `x` is 0, in the states compared too: a state matches only as
//! simulated, never because a witness character was `x`. The initial state follows the same
//! rules, and the same code, as the safety replay ([`crate::replay`]).
//!
//! Several steps may match the final state. Every one is tried, and the witness is accepted
//! when some one works; the report names the latest that works, the shortest loop. A later
//! start only shrinks the window the literals must be 1 in, so when no candidate works the
//! earliest, the widest loop, is the one the error speaks of.

use std::fmt;

use pdrkit_logic::Lit;

use crate::circuit::{Circuit, StructureError};
use crate::model::Model;
use crate::witness::{record_step, simulate_steps, LassoLoop, ReplayError, Simulation, Witness};

/// A literal a lasso's loop must make 1: a fairness constraint, or one of the justice
/// property's literals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopLiteral {
    /// Fairness constraint `k` ([`Model::fairness`]).
    Fairness(usize),
    /// Literal `k` of justice property `justice` ([`Model::justice`]).
    Justice {
        /// The justice property.
        justice: usize,
        /// The literal's position in it.
        k: usize,
    },
}

impl fmt::Display for LoopLiteral {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopLiteral::Fairness(k) => write!(f, "fairness constraint {k}"),
            LoopLiteral::Justice { justice, k } => {
                write!(f, "literal {k} of justice property j{justice}")
            }
        }
    }
}

/// Where the loop makes one literal 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopHit {
    /// Which literal.
    pub literal: LoopLiteral,
    /// Its literal in the model, as the file writes it.
    pub lit: u32,
    /// The first step of the loop (`loop_start..steps`) where it is 1.
    pub step: usize,
}

/// What a successful lasso replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LassoReport {
    /// The justice property replayed.
    pub justice: usize,
    /// Number of steps simulated (input vectors), `n`.
    pub steps: usize,
    /// The loop start `L`: the state after the last step equals the state at step `L`. The
    /// latest of [`LassoReport::candidates`] under which every literal is 1 in the loop.
    pub loop_start: usize,
    /// Every step whose state equals the state after the last step, ascending: the loop
    /// starts that were tried.
    pub candidates: Vec<usize>,
    /// For each fairness constraint, then each literal of the justice property, where the
    /// loop makes it 1.
    pub hits: Vec<LoopHit>,
}

impl LassoReport {
    /// The number of steps in the loop, `steps - loop_start` (at least 1).
    pub fn loop_length(&self) -> usize {
        self.steps - self.loop_start
    }

    /// What the replay found, in words: `j0: 4 steps, loop from step 1 (length 3); fairness
    /// constraint 0 is 1 at step 2, literal 0 of justice property j0 at step 1`.
    pub fn summary(&self) -> String {
        let hits: Vec<String> = self
            .hits
            .iter()
            .map(|h| format!("{} at step {}", h.literal, h.step))
            .collect();
        format!(
            "j{}: {} step{}, loop from step {} (length {}){}{}",
            self.justice,
            self.steps,
            if self.steps == 1 { "" } else { "s" },
            self.loop_start,
            self.loop_length(),
            if hits.is_empty() { "" } else { "; " },
            hits.join(", ")
        )
    }
}

/// A lasso witness that does not replay on the model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LassoError {
    /// The trace itself does not replay: the model is malformed, the witness does not fit it,
    /// the initial state breaks a reset, or an invariant constraint is 0 at some step
    /// ([`ReplayError::ConstraintViolated`] names the step).
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The justice property asked for is not one of the model's.
    #[error("line {line}: justice property j{justice} does not exist: the model has {available} justice propert{} (numbered from 0)", if *available == 1 { "y" } else { "ies" })]
    UnknownJustice {
        /// The line of the property names.
        line: usize,
        /// The index asked for.
        justice: usize,
        /// How many justice properties the model has.
        available: usize,
    },
    /// The witness does not claim to violate the justice property asked for.
    #[error(
        "line {line}: the witness does not name j{justice} (it names {})",
        describe_names(named)
    )]
    NotNamed {
        /// The line of the property names.
        line: usize,
        /// The index asked for.
        justice: usize,
        /// The justice properties the witness names.
        named: Vec<usize>,
    },
    /// The state after the last step equals the state at no step of the trace: no loop.
    #[error("line {line}: the state after the last step (step {}) equals the state at no step 0..={}: the trace does not close a loop", steps - 1, steps - 1)]
    NoLoop {
        /// The line of the last input vector.
        line: usize,
        /// Number of steps simulated.
        steps: usize,
    },
    /// Under every loop start, some fairness or justice literal is 0 throughout the loop.
    #[error("{literal} (literal {lit}) is 1 at no step of any loop: the loop may start at step{} {} (the last step is {}), and it is {}", if candidates.len() == 1 { "" } else { "s" }, candidates.iter().map(usize::to_string).collect::<Vec<_>>().join(", "), steps - 1, last_one.map_or("never 1".to_owned(), |s| format!("last 1 at step {s}")))]
    NeverInLoop {
        /// The literal.
        literal: LoopLiteral,
        /// Its literal in the model.
        lit: u32,
        /// The loop starts tried (every step whose state equals the final one).
        candidates: Vec<usize>,
        /// Number of steps simulated.
        steps: usize,
        /// The last step where it is 1, before the earliest loop start; `None` when never.
        last_one: Option<usize>,
    },
}

fn describe_names(named: &[usize]) -> String {
    if named.is_empty() {
        "no justice property".to_owned()
    } else {
        named
            .iter()
            .map(|j| format!("j{j}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// [`replay_lasso`], also returning every value it simulated, with the loop and the values of
/// the fairness constraints and of the justice property's literals (what a waveform shows).
pub fn simulate_lasso(
    aig: &Model,
    w: &Witness,
    justice: usize,
) -> Result<(LassoReport, Simulation), LassoError> {
    let report = replay_lasso(aig, w, justice)?;
    let c = Circuit::new(aig).map_err(ReplayError::from)?;
    let signals: Vec<Lit> = aig
        .fairness
        .iter()
        .chain(&aig.justice[justice])
        .filter_map(|&l| c.node_lit(l))
        .collect();
    let mut sim = Simulation {
        init: w.init.clone(),
        input_bits: w.inputs.clone(),
        lasso: Some(LassoLoop {
            justice,
            start: report.loop_start,
            fairness: aig.fairness.len(),
        }),
        ..Simulation::default()
    };
    simulate_steps(aig, &c, w, |_, val| {
        record_step(&mut sim, &c, val);
        sim.signals.push(
            signals
                .iter()
                .map(|&n| val[n.var().idx()] ^ n.is_neg())
                .collect(),
        );
    })?;
    Ok((report, sim))
}

/// Replays `w` on `aig` as a lasso for justice property `justice`, which `w` must name.
///
/// The initial state, the inputs (`x` is 0) and the invariant constraints are as in
/// [`crate::replay`], which this shares its simulation with; the loop is as the module
/// documentation says. Safety properties the witness also names (`b<N>`) are not checked
/// here: [`crate::replay`] does that.
pub fn replay_lasso(aig: &Model, w: &Witness, justice: usize) -> Result<LassoReport, LassoError> {
    let c = Circuit::new(aig).map_err(ReplayError::from)?;
    let Some(set) = aig.justice.get(justice) else {
        return Err(LassoError::UnknownJustice {
            line: w.property_line,
            justice,
            available: aig.justice.len(),
        });
    };
    if !w.justice.contains(&justice) {
        return Err(LassoError::NotNamed {
            line: w.property_line,
            justice,
            named: w.justice.clone(),
        });
    }
    // The literals the loop must make 1, with the model's literal and the node literal.
    let mut wanted: Vec<(LoopLiteral, Lit, Lit)> = Vec::new();
    let literals = aig
        .fairness
        .iter()
        .enumerate()
        .map(|(k, &l)| (LoopLiteral::Fairness(k), l))
        .chain(
            set.iter()
                .enumerate()
                .map(|(k, &l)| (LoopLiteral::Justice { justice, k }, l)),
        );
    for (literal, l) in literals {
        // A literal of a malformed model, not caught by the reader: refused as the circuit
        // refuses any undefined literal.
        let node = c.node_lit(l).ok_or_else(|| {
            ReplayError::Model(StructureError::Undefined {
                what: literal.to_string(),
                lit: l.code(),
            })
        })?;
        wanted.push((literal, l, node));
    }

    let first_latch = c.first_latch();
    let nlatches = c.latches.len();
    let mut states: Vec<Vec<bool>> = Vec::with_capacity(w.inputs.len());
    // values[s][i]: wanted literal i at step s.
    let mut values: Vec<Vec<bool>> = Vec::with_capacity(w.inputs.len());
    let last = simulate_steps(aig, &c, w, |_, val| {
        states.push(val[first_latch..first_latch + nlatches].to_vec());
        values.push(
            wanted
                .iter()
                .map(|&(_, _, n)| val[n.var().idx()] ^ n.is_neg())
                .collect(),
        );
    })?;
    let steps = states.len();
    let candidates: Vec<usize> = (0..steps).filter(|&s| states[s] == last).collect();
    let Some(&earliest) = candidates.first() else {
        return Err(LassoError::NoLoop {
            line: w.step_line(steps - 1),
            steps,
        });
    };
    // A loop from L works when each literal is 1 at some step >= L, that is when L is at most
    // the last step where the literal is 1. The latest candidate within every such bound is
    // the shortest loop that works.
    let last_one: Vec<Option<usize>> = (0..wanted.len())
        .map(|i| (0..steps).rev().find(|&s| values[s][i]))
        .collect();
    let bound = last_one
        .iter()
        .try_fold(steps - 1, |b, l| l.map(|l| b.min(l)));
    let chosen = bound.and_then(|b| candidates.iter().rev().copied().find(|&l| l <= b));
    let Some(loop_start) = chosen else {
        // No candidate works, so some literal is 0 from the earliest (widest) loop start on.
        let i = (0..wanted.len())
            .find(|&i| last_one[i].is_none_or(|s| s < earliest))
            .unwrap_or(0);
        let (literal, l, _) = wanted[i];
        return Err(LassoError::NeverInLoop {
            literal,
            lit: l.code(),
            candidates,
            steps,
            last_one: last_one[i],
        });
    };
    let hits = wanted
        .iter()
        .enumerate()
        .map(|(i, &(literal, l, _))| LoopHit {
            literal,
            lit: l.code(),
            step: (loop_start..steps)
                .find(|&s| values[s][i])
                .unwrap_or(loop_start),
        })
        .collect();
    Ok(LassoReport {
        justice,
        steps,
        loop_start,
        candidates,
        hits,
    })
}
