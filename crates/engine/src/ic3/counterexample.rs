//! Counterexamples: the trace from an initial state along a chain of proof obligations, each
//! of which recorded the inputs that lead from its states into the next one's.

use pdrkit_logic::Lit;

use super::Ic3;
use crate::Trace;

impl Ic3<'_> {
    /// An initial state agreeing with `state` on the uninitialized latches it fixes. The
    /// caller guarantees `state` does not contradict the resets.
    pub(super) fn full_init(&self, state: &[Lit]) -> Vec<bool> {
        let ts = self.ts;
        let mut v: Vec<bool> = ts.init.iter().map(|i| i.unwrap_or(false)).collect();
        for &l in state {
            let j = self.layout.latch_index(l.var());
            if ts.init[j].is_none() {
                v[j] = !l.is_neg();
            }
        }
        v
    }

    /// The trace from an initial state through `first_inputs` and then the chain of obligations
    /// starting at `chain`.
    pub(super) fn trace(
        &self,
        init: Vec<bool>,
        first_inputs: Vec<bool>,
        chain: Option<usize>,
    ) -> Trace {
        let mut inputs = vec![first_inputs];
        let mut at = chain;
        while let Some(id) = at {
            let o = self.obligations.get(id);
            inputs.push(o.inputs.clone());
            at = o.next;
        }
        Trace { init, inputs }
    }
}
