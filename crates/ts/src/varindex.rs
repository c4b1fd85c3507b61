//! The model's variables as dense indices, for tables indexed by variable: memory proportional
//! to the variables a model defines, not to its header's `M` (an ASCII file may declare a huge
//! `M` and use a few variables; AIGER allows it).

use hashbrown::HashMap;
use pdrkit_logic::Var;

use crate::aig::Aig;

/// Maps each variable a model defines (and the constant) to an index below [`len`](Self::len):
/// the identity when `max_var` is within a constant factor of the number of definitions, a
/// hash map otherwise.
pub(crate) struct VarIndex {
    /// `None`: the identity over `0..len`.
    sparse: Option<HashMap<u32, u32>>,
    len: usize,
}

impl VarIndex {
    /// The index of `aig`'s variables: the constant, inputs, latches and gate outputs (also
    /// those above `max_var`, which only [`Aig::validate`] refuses).
    pub fn new(aig: &Aig) -> Self {
        let defined = aig.inputs.len() + aig.latches.len() + aig.ands.len();
        let dense_len = aig.max_var as usize + 1;
        if dense_len <= 2 * defined + 1024 {
            // Definitions above `max_var` still get a slot (the identity is kept).
            let top = aig
                .inputs
                .iter()
                .chain(aig.latches.iter().map(|l| &l.lit))
                .chain(aig.ands.iter().map(|g| &g.lhs))
                .map(|l| l.var().idx() + 1)
                .max()
                .unwrap_or(0);
            return VarIndex {
                sparse: None,
                len: dense_len.max(top),
            };
        }
        let mut map = HashMap::with_capacity(defined + 1);
        map.insert(0, 0);
        for v in aig
            .inputs
            .iter()
            .chain(aig.latches.iter().map(|l| &l.lit))
            .chain(aig.ands.iter().map(|g| &g.lhs))
            .map(|l| l.var().0)
        {
            let next = map.len() as u32;
            map.entry(v).or_insert(next);
        }
        let len = map.len();
        VarIndex {
            sparse: Some(map),
            len,
        }
    }

    /// One above the largest index.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The index of `v`; `None` when `v` is not a variable of the index (a variable the model
    /// does not define, in a sparse index; one beyond every definition and `max_var`, in a
    /// dense one).
    #[inline]
    pub fn get(&self, v: Var) -> Option<usize> {
        match &self.sparse {
            None => (v.idx() < self.len).then_some(v.idx()),
            Some(m) => m.get(&v.0).map(|&i| i as usize),
        }
    }
}
