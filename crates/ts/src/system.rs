//! The transition system the engines work on, built from an [`Aig`] for one property (or all
//! of them at once).
//!
//! Only the cone of influence of the property and the invariant constraints is kept; constants
//! are propagated and structurally equal AND gates merged. Variables are renumbered densely:
//! `0` is the constant false, then the inputs, then the latches, then the gates in topological
//! order. The engines rely on that layout: a latch's index is `var - first_latch`.

use hashbrown::HashMap;
use pdrkit_logic::{Lit, Var};

use crate::aig::Aig;
use crate::varindex::VarIndex;

/// Why a transition system could not be built.
#[derive(Debug, thiserror::Error)]
pub enum SystemError {
    /// `--property N` names no property.
    #[error("property {index} does not exist: the model has {count} properties")]
    NoSuchProperty {
        /// Requested index.
        index: usize,
        /// How many there are.
        count: usize,
    },
    /// Liveness is not supported: the model has justice or fairness sections and no safety
    /// property (beside a `J` section, outputs are not properties).
    #[error(
        "the model has justice/fairness properties (liveness) and no safety property (no B \
         section; beside a J section, outputs are not properties); pdrkit checks safety only"
    )]
    Liveness,
    /// A [`Reduction`] does not fit the model: replacement `index` (latches first, then
    /// gates) names a latch or AND gate the model does not have, or replaces by a latch that
    /// is replaced itself, or a gate by a literal that does not come before it.
    #[error("replacement {index} of the reduction does not fit the model")]
    InvalidReduction {
        /// Position of the replacement (latches first, then gates).
        index: usize,
    },
    /// The circuit is not well formed (a model built in code; files are checked on reading).
    #[error("malformed circuit: {0}")]
    Malformed(#[from] crate::aig::AigError),
    /// A latch has a reset function: a system has constant or uninitialized start values
    /// only, so the model must be lowered first ([`Aig::lower_reset_functions`]).
    #[error(
        "latch {latch} has a reset function: the model must be lowered first \
         (Aig::lower_reset_functions)"
    )]
    ResetFunction {
        /// The latch's position in the model's latch list.
        latch: usize,
    },
}

/// An AND gate of the transition system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gate {
    /// Output variable.
    pub out: Var,
    /// First input.
    pub a: Lit,
    /// Second input.
    pub b: Lit,
}

/// A sequential circuit ready for CNF: latches with next-state functions and start values, one
/// bad-state literal, invariant constraints.
#[derive(Clone, Debug)]
pub struct TransitionSystem {
    num_vars: u32,
    num_inputs: u32,
    /// Next-state function of each latch.
    pub next: Vec<Lit>,
    /// Start value of each latch (`None`: uninitialized, any value).
    pub init: Vec<Option<bool>>,
    /// The bad-state literal (the disjunction of the chosen properties).
    pub bad: Lit,
    /// Each chosen property's own literal, with its index in the model's property list.
    pub properties: Vec<(usize, Lit)>,
    /// Invariant constraints: must hold in every state of a trace.
    pub constraints: Vec<Lit>,
    /// AND gates in topological order (and increasing output variable).
    pub gates: Vec<Gate>,
    /// For each input, its position in the model's input list.
    pub input_origin: Vec<usize>,
    /// For each latch, its position in the model's latch list ([`NO_ORIGIN`] for the added
    /// first-step latch).
    pub latch_origin: Vec<usize>,
    /// The index of the added first-step latch (reset 1, next 0), if any.
    pub first: Option<usize>,
    /// The model's latches replaced by another latch or a constant (by preprocessing): each is
    /// proved equal to its replacement in every reachable state, and together the equalities
    /// are inductive, so a proof about this system speaks of the model once all of them are
    /// added to it ([`Merge::clauses`]).
    pub merged: Vec<Merge>,
    /// For each gate (by position in `gates`), the model's AND gate whose output it is (its
    /// positive literal), or [`Var`] 0 for a gate the model does not have (the disjunction of
    /// several properties).
    gate_origin: Vec<Var>,
}

/// Replacements to build a system with ([`TransitionSystem::with_reduction`]), over the
/// model's latches and variables.
#[derive(Clone, Debug, Default)]
pub struct Reduction {
    /// Latches replaced by another latch or a constant (each `into` never replaced itself).
    pub latches: Vec<Merge>,
    /// AND gate outputs `v` replaced by a literal `l` (`(v, l)`): `l` over inputs, latches or
    /// AND gates that come before `v` in the model's gate list and are not replaced.
    pub gates: Vec<(Var, Lit)>,
}

/// A latch of the model replaced by another latch of the model, or by a constant, because the
/// two are equal in every state reachable along a trace that keeps the constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merge {
    /// The replaced latch (its position in the model's latch list).
    pub latch: usize,
    /// The latch it equals (position in the model's latch list; never itself replaced), or
    /// `None` for the constant false.
    pub into: Option<usize>,
    /// Whether `latch` equals the negation of `into`.
    pub negated: bool,
}

impl Merge {
    /// The equality as clauses over the model's latch literals (two binary clauses, or one
    /// unit clause for a constant): what a certificate adds to the invariant.
    pub fn clauses(&self, aig: &Aig) -> Vec<Vec<Lit>> {
        let m = aig.latches[self.latch].lit;
        match self.into {
            None => vec![vec![m.xor(!self.negated)]],
            Some(r) => {
                let r = aig.latches[r].lit.xor(self.negated);
                vec![vec![!m, r], vec![m, !r]]
            }
        }
    }
}

/// The `latch_origin` of a latch the model does not have.
pub const NO_ORIGIN: usize = usize::MAX;

struct Builder {
    gates: Vec<Gate>,
    strash: HashMap<(Lit, Lit), Var>,
    next_var: u32,
}

impl Builder {
    fn and(&mut self, a: Lit, b: Lit) -> Lit {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        if let Some(&v) = self.strash.get(&(a, b)) {
            return v.lit();
        }
        let out = Var(self.next_var);
        self.next_var += 1;
        self.gates.push(Gate { out, a, b });
        self.strash.insert((a, b), out);
        out.lit()
    }
}

impl TransitionSystem {
    /// Builds the system for property `property` of the model, or for all properties at once
    /// (bad when any one is) when `None`. Properties are the `B` section, or the outputs when
    /// there is neither a `B` nor a `J` section ([`Aig::properties`]).
    pub fn from_aig(aig: &Aig, property: Option<usize>) -> Result<Self, SystemError> {
        Self::build(aig, property, false, &Reduction::default())
    }

    /// Like [`from_aig`](Self::from_aig), with an extra latch `first` that is 1 in the initial
    /// states and 0 ever after. IC3 uses it to state lemmas "from step 1 on": without it, a
    /// lemma over uninitialized latches alone can never exclude the initial states.
    pub fn from_aig_with_first(aig: &Aig, property: Option<usize>) -> Result<Self, SystemError> {
        Self::build(aig, property, true, &Reduction::default())
    }

    /// Like [`from_aig`](Self::from_aig) (with the first-step latch when `first`), with the
    /// replacements of `reduction`. The caller vouches for the equalities: a latch's must hold
    /// in every reachable state (and all of them together be inductive), a gate's in every
    /// state where the latch equalities hold. [`merged`](Self::merged) records the latch
    /// equalities, which a proof about the result needs to speak of the model.
    pub fn with_reduction(
        aig: &Aig,
        property: Option<usize>,
        first: bool,
        reduction: &Reduction,
    ) -> Result<Self, SystemError> {
        Self::build(aig, property, first, reduction)
    }

    fn build(
        aig: &Aig,
        property: Option<usize>,
        first: bool,
        reduction: &Reduction,
    ) -> Result<Self, SystemError> {
        let (merges, gates) = (&reduction.latches, &reduction.gates);
        aig.validate()?;
        if let Some(latch) = aig
            .latches
            .iter()
            .position(|l| l.reset.function().is_some())
        {
            return Err(SystemError::ResetFunction { latch });
        }
        // Liveness alone is refused; safety properties beside it are checked.
        if (!aig.justice.is_empty() || !aig.fairness.is_empty()) && aig.properties().is_empty() {
            return Err(SystemError::Liveness);
        }
        let props = aig.properties();
        let chosen: Vec<(usize, Lit)> = match property {
            Some(i) if i >= props.len() => {
                return Err(SystemError::NoSuchProperty {
                    index: i,
                    count: props.len(),
                })
            }
            Some(i) => vec![(i, props[i])],
            None => props.iter().copied().enumerate().collect(),
        };
        // Tables over the model's variables, indexed through `ix` (proportional to the
        // variables defined, whatever `max_var`). After `validate`, every variable the model
        // uses is defined or the constant, so `at` finds it.
        let ix = VarIndex::new(aig);
        let nv = ix.len();
        let at = |v: Var| ix.get(v).expect("a validated model's variable");
        // Cone of influence over the model's variables.
        let mut gate_of = vec![u32::MAX; nv];
        for (i, g) in aig.ands.iter().enumerate() {
            gate_of[at(g.lhs.var())] = i as u32;
        }
        let mut latch_of = vec![u32::MAX; nv];
        for (i, l) in aig.latches.iter().enumerate() {
            latch_of[at(l.lit.var())] = i as u32;
        }
        if let Some(index) = merges.iter().position(|m| m.latch >= aig.latches.len()) {
            return Err(SystemError::InvalidReduction { index });
        }
        if let Some(k) = gates.iter().position(|(v, _)| ix.get(*v).is_none()) {
            return Err(SystemError::InvalidReduction {
                index: merges.len() + k,
            });
        }
        let mut replaced: Vec<Option<Merge>> = vec![None; aig.latches.len()];
        for m in merges.iter() {
            replaced[m.latch] = Some(*m);
        }
        let mut gate_into: Vec<Option<Lit>> = vec![None; nv];
        for &(v, l) in gates.iter() {
            gate_into[at(v)] = Some(l);
        }
        // A reduction that does not fit is refused, never followed into a wrong system.
        let latches_fit = merges.iter().position(|m| {
            replaced[m.latch] != Some(*m)
                || m.into
                    .is_some_and(|r| r >= aig.latches.len() || replaced[r].is_some())
        });
        if let Some(index) = latches_fit {
            return Err(SystemError::InvalidReduction { index });
        }
        let mut is_input = vec![false; nv];
        for l in &aig.inputs {
            is_input[at(l.var())] = true;
        }
        let mut position = vec![u32::MAX; nv];
        for (k, g) in aig.ands.iter().enumerate() {
            position[at(g.lhs.var())] = k as u32;
        }
        let gates_fit = gates.iter().position(|&(v, l)| {
            let lx = ix.get(l.var());
            let (pv, pl) = (position[at(v)], lx.map(|x| position[x]));
            pv == u32::MAX
                || gate_into[at(v)] != Some(l)
                || match (lx, pl) {
                    (Some(x), Some(u32::MAX)) => {
                        // The constant, an input or a latch not replaced.
                        !(x == 0
                            || is_input[x]
                            || (latch_of[x] != u32::MAX
                                && replaced[latch_of[x] as usize].is_none()))
                    }
                    // An earlier gate not replaced.
                    (Some(x), Some(p)) => p >= pv || gate_into[x].is_some(),
                    _ => true,
                }
        });
        if let Some(k) = gates_fit {
            return Err(SystemError::InvalidReduction {
                index: merges.len() + k,
            });
        }
        let mut in_coi = vec![false; nv];
        let mut stack: Vec<Var> = chosen
            .iter()
            .map(|p| p.1.var())
            .chain(aig.constraints.iter().map(|c| c.var()))
            .collect();
        while let Some(v) = stack.pop() {
            let x = at(v);
            if std::mem::replace(&mut in_coi[x], true) {
                continue;
            }
            if let Some(l) = gate_into[x] {
                // A replaced gate brings in its replacement, not its own fan-in.
                stack.push(l.var());
            } else if gate_of[x] != u32::MAX {
                let g = aig.ands[gate_of[x] as usize];
                stack.push(g.rhs0.var());
                stack.push(g.rhs1.var());
            } else if latch_of[x] != u32::MAX {
                let i = latch_of[x] as usize;
                match replaced[i] {
                    // A replaced latch brings in what replaces it, not its own next state.
                    Some(m) => stack.extend(m.into.map(|r| aig.latches[r].lit.var())),
                    None => stack.push(aig.latches[i].next.var()),
                }
            }
        }
        // Renumber: constant, inputs, latches, gates.
        let mut map = vec![Lit::FALSE; nv];
        let mut next_var = 1u32;
        let mut input_origin = Vec::new();
        for (i, l) in aig.inputs.iter().enumerate() {
            if in_coi[at(l.var())] {
                map[at(l.var())] = Var(next_var).lit();
                next_var += 1;
                input_origin.push(i);
            }
        }
        let num_inputs = input_origin.len() as u32;
        let mut latch_origin = Vec::new();
        for (i, l) in aig.latches.iter().enumerate() {
            if in_coi[at(l.lit.var())] && replaced[i].is_none() {
                map[at(l.lit.var())] = Var(next_var).lit();
                next_var += 1;
                latch_origin.push(i);
            }
        }
        for (i, l) in aig.latches.iter().enumerate() {
            if let (true, Some(m)) = (in_coi[at(l.lit.var())], replaced[i]) {
                debug_assert!(m.into.is_none_or(|r| replaced[r].is_none()));
                let into = m
                    .into
                    .map_or(Lit::FALSE, |r| map[at(aig.latches[r].lit.var())]);
                map[at(l.lit.var())] = into.xor(m.negated);
            }
        }
        let first = first.then(|| {
            next_var += 1;
            latch_origin.push(NO_ORIGIN);
            latch_origin.len() - 1
        });
        let mut b = Builder {
            gates: Vec::new(),
            strash: HashMap::new(),
            next_var,
        };
        let m = |map: &[Lit], l: Lit| map[at(l.var())].xor(l.is_neg());
        let mut gate_origin = Vec::new();
        for g in &aig.ands {
            let v = g.lhs.var();
            let x = at(v);
            if !in_coi[x] {
                continue;
            }
            if let Some(l) = gate_into[x] {
                map[x] = m(&map, l);
                continue;
            }
            let out = b.and(m(&map, g.rhs0), m(&map, g.rhs1));
            map[x] = out;
            if b.gates.len() > gate_origin.len() {
                gate_origin.push(v);
            }
        }
        let next = latch_origin
            .iter()
            .map(|&i| match i {
                NO_ORIGIN => Lit::FALSE,
                i => m(&map, aig.latches[i].next),
            })
            .collect();
        let init = latch_origin
            .iter()
            .map(|&i| match i {
                NO_ORIGIN => Some(true),
                i => aig.latches[i].reset.value(),
            })
            .collect();
        let properties: Vec<(usize, Lit)> = chosen.iter().map(|&(i, l)| (i, m(&map, l))).collect();
        // bad = ¬(¬p1 ∧ ¬p2 ∧ …)
        let mut none_bad = Lit::TRUE;
        for &(_, p) in &properties {
            none_bad = b.and(none_bad, !p);
        }
        gate_origin.resize(b.gates.len(), Var(0));
        let constraints = aig
            .constraints
            .iter()
            .map(|&c| m(&map, c))
            .filter(|&c| c != Lit::TRUE)
            .collect();
        Ok(TransitionSystem {
            num_vars: b.next_var,
            num_inputs,
            next,
            init,
            bad: !none_bad,
            properties,
            constraints,
            gates: b.gates,
            input_origin,
            latch_origin,
            first,
            // All of them, in the cone or not: the equalities were proved inductive together,
            // and one may need another whose latches this system no longer has.
            merged: merges.clone(),
            gate_origin,
        })
    }

    /// The model's AND gate (its output variable) that gate variable `v` of this system stands
    /// for; `None` for a gate the model does not have, and for other variables.
    pub fn gate_in_model(&self, v: Var) -> Option<Var> {
        let leaves = 1 + self.num_inputs() + self.num_latches();
        let o = *self.gate_origin.get(v.idx().checked_sub(leaves)?)?;
        (o.0 != 0).then_some(o)
    }

    /// A literal of this system as a literal of the model (`None` for a gate the model does
    /// not have, and for the first-step latch).
    pub fn lit_in_model(&self, aig: &Aig, l: Lit) -> Option<Lit> {
        let v = l.var();
        let m = if v.0 == 0 {
            Lit::FALSE
        } else if self.is_input(v) {
            aig.inputs[self.input_origin[v.idx() - 1]]
        } else if let Some(i) = self.latch_index(v) {
            aig.latches[*self.latch_origin.get(i).filter(|&&o| o != NO_ORIGIN)?].lit
        } else {
            self.gate_in_model(v)?.lit()
        };
        Some(m.xor(l.is_neg()))
    }

    /// Number of variables (the constant, inputs, latches and gates).
    #[inline]
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }
    /// Number of inputs.
    #[inline]
    pub fn num_inputs(&self) -> usize {
        self.num_inputs as usize
    }
    /// Number of latches.
    #[inline]
    pub fn num_latches(&self) -> usize {
        self.next.len()
    }
    /// The variable of input `i`.
    #[inline]
    pub fn input(&self, i: usize) -> Var {
        Var(1 + i as u32)
    }
    /// The variable of latch `i`.
    #[inline]
    pub fn latch(&self, i: usize) -> Var {
        Var(1 + self.num_inputs + i as u32)
    }
    /// The latch index of a variable, if it is a latch.
    #[inline]
    pub fn latch_index(&self, v: Var) -> Option<usize> {
        let first = 1 + self.num_inputs;
        (v.0 >= first && v.0 < first + self.next.len() as u32).then(|| (v.0 - first) as usize)
    }
    /// Whether a variable is an input.
    #[inline]
    pub fn is_input(&self, v: Var) -> bool {
        v.0 >= 1 && v.0 <= self.num_inputs
    }

    /// The initial-state cube: the start values of initialized latches.
    pub fn init_cube(&self) -> Vec<Lit> {
        (0..self.num_latches())
            .filter_map(|i| self.init[i].map(|b| self.latch(i).lit_with(!b)))
            .collect()
    }

    /// Whether a literal over a latch contradicts the initial states.
    #[inline]
    pub fn contradicts_init(&self, lit: Lit) -> bool {
        match self.latch_index(lit.var()) {
            Some(i) => self.init[i] == Some(lit.is_neg()),
            None => false,
        }
    }

    /// Calls `add` with each clause of the Tseitin encoding of the gates, plus the unit clause
    /// fixing the constant, with variables mapped by `map`.
    pub fn encode(&self, mut map: impl FnMut(Var) -> Var, mut add: impl FnMut(&[Lit])) {
        let ml = |map: &mut dyn FnMut(Var) -> Var, l: Lit| map(l.var()).lit_with(l.is_neg());
        add(&[!ml(&mut map, Lit::FALSE)]);
        for g in &self.gates {
            let o = ml(&mut map, g.out.lit());
            let a = ml(&mut map, g.a);
            let b = ml(&mut map, g.b);
            add(&[!o, a]);
            add(&[!o, b]);
            add(&[o, !a, !b]);
        }
    }

    /// Evaluates every variable from the latch and input values (two-valued simulation).
    pub fn evaluate(&self, latches: &[bool], inputs: &[bool], values: &mut Vec<bool>) {
        values.clear();
        values.resize(self.num_vars as usize, false);
        for (i, &v) in inputs.iter().enumerate() {
            values[self.input(i).idx()] = v;
        }
        for (i, &v) in latches.iter().enumerate() {
            values[self.latch(i).idx()] = v;
        }
        for g in &self.gates {
            let a = values[g.a.var().idx()] ^ g.a.is_neg();
            let b = values[g.b.var().idx()] ^ g.b.is_neg();
            values[g.out.idx()] = a && b;
        }
    }

    /// The value of a literal in an evaluation made by [`evaluate`](Self::evaluate).
    #[inline]
    pub fn value(values: &[bool], l: Lit) -> bool {
        values[l.var().idx()] ^ l.is_neg()
    }
}
