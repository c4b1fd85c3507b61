//! A validated, densely numbered copy of a [`Model`], the only form the checks work on.
//!
//! The checker must not trust its input: a [`Model`] has public fields, so it may come from
//! anywhere, not only from the reader. Rather than sprinkling bounds checks through the
//! simulator and the encoder, every literal is translated once, here, into a *node* literal,
//! with an error for anything that is undefined, defined twice or out of order. Renumbering
//! also bounds memory by the circuit's real size, not by its header's `M` (an ASCII file may
//! declare `M` = 10⁹ with three gates).
//!
//! Node 0 is the constant `false`; inputs come next, then latches, then AND gates in their
//! (topological) order. A node literal is a [`Lit`] whose variable is the node.

use std::collections::HashMap;

use crate::model::{Model, Reset};
use pdrkit_logic::{Lit, Var};

/// A circuit that cannot be checked because it is not a well-formed AIG.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StructureError {
    /// An input, latch or AND gate is defined by a negated (odd) literal.
    #[error("{what} is defined by the negated literal {lit}; definitions need a positive (even) literal")]
    NegatedDefinition {
        /// Which definition, e.g. "latch 3".
        what: String,
        /// The literal.
        lit: u32,
    },
    /// An input, latch or AND gate is defined by the constant literal 0 or 1.
    #[error("{what} is defined by literal {lit}, the constant; variable 0 cannot be redefined")]
    ConstantDefinition {
        /// Which definition.
        what: String,
        /// The literal.
        lit: u32,
    },
    /// Two definitions use the same variable.
    #[error("{what} defines variable {var}, which is already defined by {first}")]
    Redefined {
        /// The second definition.
        what: String,
        /// The earlier definition.
        first: String,
        /// The variable.
        var: u32,
    },
    /// A literal refers to a variable that nothing defines.
    #[error("{what} uses literal {lit}, but its variable {} is not an input, latch or AND gate", lit / 2)]
    Undefined {
        /// The user of the literal, e.g. "constraint 0".
        what: String,
        /// The literal.
        lit: u32,
    },
    /// An AND gate reads a gate that comes after it.
    #[error("AND gate {gate} reads literal {lit}, which is defined by a later AND gate; gates must be in topological order")]
    NotTopological {
        /// The reading gate's literal.
        gate: u32,
        /// The literal read.
        lit: u32,
    },
    /// Reset functions that depend on each other in a cycle (not stratified), so that the
    /// initial state is not defined by evaluating them one after the other.
    #[error("{}", describe_reset_cycle(latches))]
    ResetCycle {
        /// The literals of the latches on the cycle, each one's reset reading the next's latch
        /// (through gates), the last one's reading the first's.
        latches: Vec<u32>,
    },
}

/// What a cycle of reset functions is, in words: the latches by literal, each reading the next.
pub(crate) fn describe_reset_cycle(latches: &[u32]) -> String {
    const RULE: &str = "resets must be stratified (no latch's reset may depend on the latch \
                        itself through gates and other latches' resets)";
    match latches {
        [one] => format!(
            "the reset of latch {one} reads the latch itself (only its own positive literal, \
             which leaves it uninitialized, may): {RULE}"
        ),
        _ => {
            let shown: Vec<String> = latches.iter().map(u32::to_string).collect();
            let first = shown.first().cloned().unwrap_or_default();
            format!(
                "the resets of latches {} depend on each other in a cycle ({} -> {first}, each \
                 latch's reset reading the next latch): {RULE}",
                shown.join(", "),
                shown.join(" -> ")
            )
        }
    }
}

/// A latch over node literals.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeLatch {
    /// The next-state function.
    pub next: Lit,
    /// The reset: a [`Reset::Function`] holds a node literal here, never a constant nor the
    /// latch's own node (those are [`Reset::Zero`], [`Reset::One`], [`Reset::Uninit`]).
    pub reset: Reset,
}

/// An AND gate over node literals; its own node is implied by its position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeAnd {
    pub rhs0: Lit,
    pub rhs1: Lit,
}

/// The validated circuit.
#[derive(Debug)]
pub(crate) struct Circuit {
    /// Original input literals, by position (for messages).
    pub input_lits: Vec<Lit>,
    /// Original latch literals, by position (for messages).
    pub latch_lits: Vec<Lit>,
    /// Latches over node literals; latch `k` is node `first_latch() + k`.
    pub latches: Vec<NodeLatch>,
    /// AND gates; gate `k` is node `first_and() + k`.
    pub ands: Vec<NodeAnd>,
    /// The safety properties ([`Model::properties`]) as node literals.
    pub properties: Vec<Lit>,
    /// Whether the properties are the outputs (no `B` section), for messages.
    pub properties_are_outputs: bool,
    /// Invariant constraints as node literals.
    pub constraints: Vec<Lit>,
    /// Justice properties as node literals.
    pub justice: Vec<Vec<Lit>>,
    /// Fairness constraints as node literals.
    pub fairness: Vec<Lit>,
    /// The nodes to evaluate, in this order, for the step-0 values of the latches with a
    /// reset function: those latches and the AND gates their functions read, each after every
    /// node it reads (so a latch after the latches its function reads). Empty when no latch
    /// has a reset function.
    pub init_order: Vec<usize>,
    /// Original variable → node, for literals named from outside (certificate mappings).
    var_to_node: HashMap<u32, u32>,
}

/// What a definition is, for "already defined by" messages.
#[derive(Clone, Copy)]
enum Def {
    Input(usize),
    Latch(usize),
    And(usize),
}

impl Def {
    fn describe(self, aig: &Model) -> String {
        match self {
            Def::Input(i) => format!("input {i}"),
            Def::Latch(i) => format!("latch {i}"),
            Def::And(i) => format!("AND gate {}", aig.ands.get(i).map_or(0, |g| g.lhs.code())),
        }
    }
}

impl Circuit {
    /// Node literals whose conjunction is `l`: `l` itself, or, when `l` is an AND gate (not
    /// negated), the conjuncts of its two inputs, recursively, each once. A gate is split only
    /// while that keeps the count within `max` (at least 1); the rest stay whole.
    pub fn conjuncts(&self, l: Lit, max: usize) -> Vec<Lit> {
        let first_and = self.first_and();
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![l];
        while let Some(l) = stack.pop() {
            if !seen.insert(l) {
                continue;
            }
            let n = l.var().idx();
            if l.is_neg() || n < first_and || out.len() + stack.len() + 2 > max {
                out.push(l);
                continue;
            }
            let g = self.ands[n - first_and];
            // The second input first onto the stack, so the first comes out first.
            stack.push(g.rhs1);
            stack.push(g.rhs0);
        }
        out
    }

    /// Validates `aig` and renumbers it.
    pub fn new(aig: &Model) -> Result<Circuit, StructureError> {
        let ni = aig.inputs.len();
        let nl = aig.latches.len();
        let mut var_to_node: HashMap<u32, u32> = HashMap::with_capacity(ni + nl + aig.ands.len());
        let mut defs: HashMap<u32, Def> = HashMap::with_capacity(ni + nl + aig.ands.len());
        let mut define = |lit: Lit, def: Def, node: usize| -> Result<(), StructureError> {
            if lit.is_neg() {
                return Err(StructureError::NegatedDefinition {
                    what: def.describe(aig),
                    lit: lit.code(),
                });
            }
            if lit.is_const() {
                return Err(StructureError::ConstantDefinition {
                    what: def.describe(aig),
                    lit: lit.code(),
                });
            }
            let var = lit.var().0;
            if let Some(first) = defs.get(&var) {
                return Err(StructureError::Redefined {
                    what: def.describe(aig),
                    first: first.describe(aig),
                    var,
                });
            }
            defs.insert(var, def);
            // Node numbers fit in u32: there are fewer nodes than distinct u32 variables.
            var_to_node.insert(var, node as u32);
            Ok(())
        };
        for (i, &l) in aig.inputs.iter().enumerate() {
            define(l, Def::Input(i), 1 + i)?;
        }
        for (i, l) in aig.latches.iter().enumerate() {
            define(l.lit, Def::Latch(i), 1 + ni + i)?;
        }
        // Gates are defined up front too, so that a gate reading a later gate can be told
        // apart from one reading nothing at all.
        for (i, g) in aig.ands.iter().enumerate() {
            define(g.lhs, Def::And(i), 1 + ni + nl + i)?;
        }
        let mut c = Circuit {
            input_lits: aig.inputs.clone(),
            latch_lits: aig.latches.iter().map(|l| l.lit).collect(),
            latches: Vec::with_capacity(nl),
            ands: Vec::with_capacity(aig.ands.len()),
            properties: Vec::new(),
            properties_are_outputs: aig.properties_are_outputs(),
            constraints: Vec::new(),
            justice: Vec::with_capacity(aig.justice.len()),
            fairness: Vec::with_capacity(aig.fairness.len()),
            init_order: Vec::new(),
            var_to_node,
        };
        for (i, g) in aig.ands.iter().enumerate() {
            let own = 1 + ni + nl + i;
            let read = |l: Lit| -> Result<Lit, StructureError> {
                let n = c.node_lit(l).ok_or_else(|| StructureError::Undefined {
                    what: format!("AND gate {}", g.lhs.code()),
                    lit: l.code(),
                })?;
                if n.var().idx() >= own {
                    return Err(StructureError::NotTopological {
                        gate: g.lhs.code(),
                        lit: l.code(),
                    });
                }
                Ok(n)
            };
            let rhs0 = read(g.rhs0)?;
            let rhs1 = read(g.rhs1)?;
            c.ands.push(NodeAnd { rhs0, rhs1 });
        }
        for (i, l) in aig.latches.iter().enumerate() {
            let next = c.require(l.next, || format!("the next-state function of latch {i}"))?;
            let reset = match l.reset {
                Reset::Function(f) => {
                    let own = Var((1 + ni + i) as u32).lit();
                    match c.require(f, || format!("the reset function of latch {i}"))? {
                        Lit::FALSE => Reset::Zero,
                        Lit::TRUE => Reset::One,
                        // The file's way of saying "uninitialized".
                        n if n == own => Reset::Uninit,
                        n => Reset::Function(n),
                    }
                }
                r => r,
            };
            c.latches.push(NodeLatch { next, reset });
        }
        c.init_order = c
            .reset_order()
            .map_err(|cycle| StructureError::ResetCycle {
                latches: cycle.iter().map(|&k| c.latch_lits[k].code()).collect(),
            })?;
        let kind = if c.properties_are_outputs {
            "output"
        } else {
            "bad-state property"
        };
        for (i, &p) in aig.properties().iter().enumerate() {
            let p = c.require(p, || format!("{kind} {i}"))?;
            c.properties.push(p);
        }
        for (i, &p) in aig.constraints.iter().enumerate() {
            let p = c.require(p, || format!("constraint {i}"))?;
            c.constraints.push(p);
        }
        for (j, lits) in aig.justice.iter().enumerate() {
            let lits = lits
                .iter()
                .map(|&l| c.require(l, || format!("justice property {j}")))
                .collect::<Result<_, _>>()?;
            c.justice.push(lits);
        }
        for (i, &f) in aig.fairness.iter().enumerate() {
            let f = c.require(f, || format!("fairness constraint {i}"))?;
            c.fairness.push(f);
        }
        Ok(c)
    }

    /// The evaluation order of the reset functions ([`Circuit::init_order`]), by a depth-first
    /// search over what each node reads: a gate its two inputs, a latch with a reset function
    /// that function (the other leaves read nothing). Gates are acyclic by construction, so a
    /// node met again while still on the search path closes a cycle through a reset function:
    /// its latches (by position, in reading order) are the error.
    fn reset_order(&self) -> Result<Vec<usize>, Vec<usize>> {
        let (first_latch, first_and) = (self.first_latch(), self.first_and());
        let reads = |n: usize| -> [Option<usize>; 2] {
            if n >= first_and {
                let g = self.ands[n - first_and];
                [Some(g.rhs0.var().idx()), Some(g.rhs1.var().idx())]
            } else if n >= first_latch {
                let f = self.latches[n - first_latch].reset.function();
                [f.map(|f| f.var().idx()), None]
            } else {
                [None, None]
            }
        };
        let roots: Vec<usize> = (0..self.latches.len())
            .filter(|&k| self.latches[k].reset.function().is_some())
            .map(|k| first_latch + k)
            .collect();
        if roots.is_empty() {
            return Ok(Vec::new());
        }
        // 0 unseen, 1 on the search path, 2 done. Iterative: circuits are deep.
        let mut state = vec![0u8; self.num_nodes()];
        let mut order = Vec::new();
        let mut path: Vec<(usize, usize)> = Vec::new();
        for root in roots {
            if state[root] != 0 {
                continue;
            }
            state[root] = 1;
            path.push((root, 0));
            while let Some(top) = path.last_mut() {
                let (n, i) = *top;
                if i == 2 {
                    state[n] = 2;
                    if reads(n)[0].is_some() {
                        // A gate or a reset function: something to evaluate.
                        order.push(n);
                    }
                    path.pop();
                    continue;
                }
                top.1 += 1;
                let Some(r) = reads(n)[i] else { continue };
                match state[r] {
                    0 => {
                        state[r] = 1;
                        path.push((r, 0));
                    }
                    1 => {
                        let from = path.iter().position(|&(p, _)| p == r).unwrap_or(0);
                        return Err(path[from..]
                            .iter()
                            .filter(|&&(p, _)| (first_latch..first_and).contains(&p))
                            .map(|&(p, _)| p - first_latch)
                            .collect());
                    }
                    _ => {}
                }
            }
        }
        Ok(order)
    }

    /// The node literal of an original literal, `None` when its variable is undefined.
    pub fn node_lit(&self, l: Lit) -> Option<Lit> {
        if l.is_const() {
            return Some(l);
        }
        let node = *self.var_to_node.get(&l.var().0)?;
        Some(Var(node).lit_with(l.is_neg()))
    }

    fn require(&self, l: Lit, what: impl FnOnce() -> String) -> Result<Lit, StructureError> {
        self.node_lit(l).ok_or_else(|| StructureError::Undefined {
            what: what(),
            lit: l.code(),
        })
    }

    /// Number of nodes, the constant included.
    pub fn num_nodes(&self) -> usize {
        self.first_and() + self.ands.len()
    }

    /// Node of input `k`.
    pub fn input_node(&self, k: usize) -> usize {
        1 + k
    }

    /// First latch node.
    pub fn first_latch(&self) -> usize {
        1 + self.input_lits.len()
    }

    /// First AND node.
    pub fn first_and(&self) -> usize {
        self.first_latch() + self.latches.len()
    }

    /// What a leaf node is: `Some(Ok(k))` for input `k`, `Some(Err(k))` for latch `k`,
    /// `None` for the constant and gates.
    pub fn leaf(&self, node: usize) -> Option<Result<usize, usize>> {
        if node == 0 || node >= self.first_and() {
            None
        } else if node < self.first_latch() {
            Some(Ok(node - 1))
        } else {
            Some(Err(node - self.first_latch()))
        }
    }

    /// Human-readable name of property `k` (`b<k>` or `o<k>`).
    pub fn property_name(&self, k: usize) -> String {
        if self.properties_are_outputs {
            format!("output o{k}")
        } else {
            format!("bad-state property b{k}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{AndGate, Latch};

    fn lit(c: u32) -> Lit {
        Lit::from_code(c)
    }

    #[test]
    fn renumbers_sparse_variables() {
        let aig = Model {
            max_var: 1_000_000,
            inputs: vec![lit(2_000_000)],
            latches: vec![Latch {
                lit: lit(10),
                next: lit(21),
                reset: Reset::Zero,
            }],
            ands: vec![AndGate {
                lhs: lit(20),
                rhs0: lit(2_000_000),
                rhs1: lit(11),
            }],
            bads: vec![lit(20)],
            ..Model::default()
        };
        let c = Circuit::new(&aig).unwrap();
        assert_eq!(c.num_nodes(), 4);
        assert_eq!(c.ands[0].rhs0, lit(2));
        assert_eq!(c.ands[0].rhs1, lit(5));
        assert_eq!(c.latches[0].next, lit(7));
        assert_eq!(c.properties, vec![lit(6)]);
    }

    /// Conjuncts stop at negated gates and at leaves, come once each, and respect the cap.
    #[test]
    fn conjuncts_of_an_and_tree() {
        // Inputs 2, 4, 6; g8 = 2 ∧ 4, g10 = ¬g8 ∧ 6, g12 = g10 ∧ 4 (4 twice), g14 = ¬g12 ∧ 2.
        let gate = |l, a, b| AndGate {
            lhs: lit(l),
            rhs0: lit(a),
            rhs1: lit(b),
        };
        let aig = Model {
            max_var: 7,
            inputs: vec![lit(2), lit(4), lit(6)],
            ands: vec![
                gate(8, 2, 4),
                gate(10, 9, 6),
                gate(12, 10, 4),
                gate(14, 13, 2),
            ],
            bads: vec![lit(14)],
            ..Model::default()
        };
        let c = Circuit::new(&aig).unwrap();
        let node = |l: u32| c.node_lit(lit(l)).unwrap();
        let mut got = c.conjuncts(node(12), usize::MAX);
        got.sort();
        let mut want = vec![node(9), node(6), node(4)];
        want.sort();
        assert_eq!(got, want, "g12 = ¬g8 ∧ x6 ∧ x4, x4 once");
        // A negated gate is one conjunct (a disjunction), as is a leaf.
        assert_eq!(c.conjuncts(node(15), usize::MAX), vec![node(15)]);
        assert_eq!(c.conjuncts(node(4), usize::MAX), vec![node(4)]);
        // Under a cap of 2, g12 is split once only: g10 and x4.
        let mut capped = c.conjuncts(node(12), 2);
        capped.sort();
        let mut want = vec![node(10), node(4)];
        want.sort();
        assert_eq!(capped, want);
    }

    #[test]
    fn rejects_malformed() {
        let gate = |lhs, a, b| AndGate {
            lhs: lit(lhs),
            rhs0: lit(a),
            rhs1: lit(b),
        };
        let cases = [
            (
                Model {
                    inputs: vec![lit(3)],
                    ..Model::default()
                },
                "negated",
            ),
            (
                Model {
                    inputs: vec![lit(0)],
                    ..Model::default()
                },
                "constant",
            ),
            (
                Model {
                    inputs: vec![lit(2), lit(2)],
                    ..Model::default()
                },
                "already defined",
            ),
            (
                Model {
                    inputs: vec![lit(2)],
                    ands: vec![gate(4, 6, 2), gate(6, 2, 2)],
                    ..Model::default()
                },
                "topological",
            ),
            (
                Model {
                    ands: vec![gate(4, 8, 1)],
                    ..Model::default()
                },
                "not an input",
            ),
            (
                Model {
                    constraints: vec![lit(9)],
                    ..Model::default()
                },
                "constraint 0",
            ),
            (
                Model {
                    ands: vec![gate(4, 4, 1)],
                    ..Model::default()
                },
                "topological",
            ),
        ];
        for (aig, want) in cases {
            let e = Circuit::new(&aig).unwrap_err().to_string();
            assert!(e.contains(want), "{e:?} should mention {want:?}");
        }
    }
}
