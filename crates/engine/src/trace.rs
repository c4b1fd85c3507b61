//! Counterexample traces: found on the transition system, written in the original model's terms.

use pdrkit_ts::{Aig, Reset, TransitionSystem};

/// A counterexample on the transition system: a start state and the inputs of every step.
/// Step `k` is the last one; the bad literal holds there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Start value of each latch of the system.
    pub init: Vec<bool>,
    /// Input values of each step, over the system's inputs.
    pub inputs: Vec<Vec<bool>>,
}

/// A trace that does not do what it claims (an engine bug; never shown as an answer).
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// The start state is not initial.
    #[error("latch {0} starts at a value its reset forbids")]
    NotInitial(usize),
    /// A constraint fails.
    #[error("constraint {constraint} fails at step {step}")]
    Constraint {
        /// Step.
        step: usize,
        /// Constraint index.
        constraint: usize,
    },
    /// The last state is not bad.
    #[error("no property fails at the last step")]
    NotBad,
    /// No steps.
    #[error("empty trace")]
    Empty,
}

impl Trace {
    /// Number of transitions (the depth): steps minus one.
    pub fn depth(&self) -> usize {
        self.inputs.len().saturating_sub(1)
    }

    /// Simulates the trace on the system; returns the index (in the model's property list) of a
    /// property that fails at the last step.
    pub fn validate(&self, ts: &TransitionSystem) -> Result<usize, TraceError> {
        if self.inputs.is_empty() {
            return Err(TraceError::Empty);
        }
        for (i, &v) in self.init.iter().enumerate() {
            if ts.init[i].is_some_and(|b| b != v) {
                return Err(TraceError::NotInitial(i));
            }
        }
        let mut state = self.init.clone();
        let mut values = Vec::new();
        for (step, inp) in self.inputs.iter().enumerate() {
            ts.evaluate(&state, inp, &mut values);
            if let Some(c) = ts
                .constraints
                .iter()
                .position(|&c| !TransitionSystem::value(&values, c))
            {
                return Err(TraceError::Constraint {
                    step,
                    constraint: c,
                });
            }
            if step + 1 == self.inputs.len() {
                return ts
                    .properties
                    .iter()
                    .find(|p| TransitionSystem::value(&values, p.1))
                    .map(|p| p.0)
                    .ok_or(TraceError::NotBad);
            }
            state = ts
                .next
                .iter()
                .map(|&n| TransitionSystem::value(&values, n))
                .collect();
        }
        unreachable!("the loop returns at the last step")
    }

    /// The AIGER witness for the original model: `1`, `b<N>`, the initial latch values, one
    /// input line per step, `.`. Latches and inputs outside the cone of influence get their reset
    /// value or 0. `property` is the failing property's index (from [`validate`](Self::validate)).
    pub fn to_witness(&self, ts: &TransitionSystem, aig: &Aig, property: usize) -> String {
        let mut init: Vec<u8> = aig
            .latches
            .iter()
            .map(|l| if l.reset == Reset::One { b'1' } else { b'0' })
            .collect();
        for (i, &o) in ts.latch_origin.iter().enumerate() {
            if o != pdrkit_ts::NO_ORIGIN {
                init[o] = if self.init[i] { b'1' } else { b'0' };
            }
        }
        let mut s = String::with_capacity((self.inputs.len() + 1) * (aig.inputs.len() + 1) + 16);
        s.push_str("1\n");
        s.push_str(&format!("b{property}\n"));
        s.push_str(std::str::from_utf8(&init).expect("ascii"));
        s.push('\n');
        let mut line = vec![b'0'; aig.inputs.len()];
        for inp in &self.inputs {
            line.iter_mut().for_each(|c| *c = b'0');
            for (i, &o) in ts.input_origin.iter().enumerate() {
                line[o] = if inp[i] { b'1' } else { b'0' };
            }
            s.push_str(std::str::from_utf8(&line).expect("ascii"));
            s.push('\n');
        }
        s.push_str(".\n");
        s
    }
}
