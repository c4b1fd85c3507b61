//! The And-Inverter Graph as an AIGER 1.9 file describes it.

use pdrkit_logic::{Lit, Var};

use crate::varindex::VarIndex;

/// How a latch starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reset {
    /// Starts at 0 (the AIGER default).
    Zero,
    /// Starts at 1.
    One,
    /// Uninitialized: any start value (AIGER writes the latch's own literal as its reset).
    Uninit,
    /// Starts at the value of this literal in step 0 (AIGER 1.9.23 reset functions): over step
    /// 0's inputs and the other latches' start values, through AND gates. The reader keeps
    /// this for every reset literal other than 0, 1 and the latch's own positive literal; the
    /// dependencies between latches through their reset functions must be acyclic
    /// ([`Aig::validate`]). Engines do not read it: they check the model
    /// [`Aig::lower_reset_functions`] makes.
    Function(Lit),
}

impl Reset {
    /// The fixed start value, `None` when uninitialized or given by a function.
    pub fn value(self) -> Option<bool> {
        match self {
            Reset::Zero => Some(false),
            Reset::One => Some(true),
            Reset::Uninit | Reset::Function(_) => None,
        }
    }

    /// The reset function's literal, `None` for a constant or uninitialized reset.
    pub fn function(self) -> Option<Lit> {
        match self {
            Reset::Function(l) => Some(l),
            Reset::Zero | Reset::One | Reset::Uninit => None,
        }
    }
}

/// A latch: its (positive) literal, next-state function and reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Latch {
    /// The latch's positive literal.
    pub lit: Lit,
    /// The next-state function.
    pub next: Lit,
    /// The start value.
    pub reset: Reset,
}

/// An AND gate `lhs = rhs0 ∧ rhs1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AndGate {
    /// The gate's positive literal.
    pub lhs: Lit,
    /// First input.
    pub rhs0: Lit,
    /// Second input.
    pub rhs1: Lit,
}

/// Which list a symbol names an entry of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// `i<N>`
    Input,
    /// `l<N>`
    Latch,
    /// `o<N>`
    Output,
    /// `b<N>`
    Bad,
    /// `c<N>`
    Constraint,
    /// `j<N>`
    Justice,
    /// `f<N>`
    Fairness,
}

impl SymbolKind {
    /// The letter AIGER uses for this kind.
    pub fn letter(self) -> char {
        match self {
            SymbolKind::Input => 'i',
            SymbolKind::Latch => 'l',
            SymbolKind::Output => 'o',
            SymbolKind::Bad => 'b',
            SymbolKind::Constraint => 'c',
            SymbolKind::Justice => 'j',
            SymbolKind::Fairness => 'f',
        }
    }
}

/// One entry of the symbol table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The list the symbol belongs to.
    pub kind: SymbolKind,
    /// The position in that list.
    pub index: usize,
    /// The name (bytes that are not UTF-8 are replaced).
    pub name: String,
}

/// An AIGER 1.9 model. AND gates are kept in topological order (each gate after the gates it
/// reads), whatever the order of the file; the reader guarantees every literal is defined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aig {
    /// The maximum variable index `M`.
    pub max_var: u32,
    /// Input literals (positive).
    pub inputs: Vec<Lit>,
    /// Latches.
    pub latches: Vec<Latch>,
    /// Outputs.
    pub outputs: Vec<Lit>,
    /// Bad-state properties (`B`).
    pub bads: Vec<Lit>,
    /// Invariant constraints (`C`).
    pub constraints: Vec<Lit>,
    /// Justice properties (`J`), each a set of literals.
    pub justice: Vec<Vec<Lit>>,
    /// Fairness constraints (`F`).
    pub fairness: Vec<Lit>,
    /// AND gates in topological order.
    pub ands: Vec<AndGate>,
    /// The symbol table.
    pub symbols: Vec<Symbol>,
    /// The comment section, line by line.
    pub comments: Vec<String>,
}

/// Where in an [`Aig`] a literal is used or defined (indices are positions in their lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// The input at this position.
    Input(usize),
    /// The latch at this position (its literal or its next-state function).
    Latch(usize),
    /// The output at this position.
    Output(usize),
    /// The bad-state property at this position.
    Bad(usize),
    /// The invariant constraint at this position.
    Constraint(usize),
    /// The justice property at this position (one of its literals).
    Justice(usize),
    /// The fairness constraint at this position.
    Fairness(usize),
    /// The AND gate at this position (its output or one of its inputs).
    And(usize),
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Site::Input(i) => write!(f, "input {i}"),
            Site::Latch(i) => write!(f, "latch {i}"),
            Site::Output(i) => write!(f, "output {i}"),
            Site::Bad(i) => write!(f, "bad-state property {i}"),
            Site::Constraint(i) => write!(f, "constraint {i}"),
            Site::Justice(i) => write!(f, "justice property {i}"),
            Site::Fairness(i) => write!(f, "fairness constraint {i}"),
            Site::And(i) => write!(f, "AND gate {i}"),
        }
    }
}

/// Why an [`Aig`] built in code is not a well-formed circuit ([`Aig::validate`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AigError {
    /// A literal's variable is above `max_var`.
    #[error("{site}: literal {lit} is above max_var {max_var}")]
    OutOfRange {
        /// Where.
        site: Site,
        /// The literal's code.
        lit: u32,
        /// The model's `max_var`.
        max_var: u32,
    },
    /// An input, latch or gate output that is negated or the constant.
    #[error("{site}: defines literal {lit}, expected a positive, non-constant literal")]
    BadDefinition {
        /// Where.
        site: Site,
        /// The literal's code.
        lit: u32,
    },
    /// A variable defined twice (as input, latch or gate output).
    #[error("{site}: defines variable {var}, which is already defined")]
    Redefined {
        /// Where the second definition is.
        site: Site,
        /// The variable.
        var: u32,
    },
    /// A literal whose variable nothing defines.
    #[error("{site}: uses literal {lit}, whose variable is not an input, latch or AND gate")]
    Undefined {
        /// Where.
        site: Site,
        /// The literal's code.
        lit: u32,
    },
    /// A gate input defined by a later gate (the gates must be in topological order, so a
    /// cycle shows as this too).
    #[error("{site}: uses literal {lit}, defined by a later AND gate (gates must be in topological order; a cycle?)")]
    NotTopological {
        /// Where.
        site: Site,
        /// The literal's code.
        lit: u32,
    },
    /// Latches whose reset functions depend on each other in a cycle (through AND gates), so
    /// that no start state is defined by them. A latch whose reset function reads its own
    /// value other than as exactly its own positive literal (which means uninitialized) is a
    /// cycle of one.
    #[error("{}", reset_cycle_text(.latches))]
    ResetCycle {
        /// The latches of the cycle, as (position in the latch list, literal code): each one's
        /// reset function reads the next one's value, and the last one's reads the first's.
        latches: Vec<(usize, u32)>,
    },
}

/// The message of [`AigError::ResetCycle`].
pub(crate) fn reset_cycle_text(latches: &[(usize, u32)]) -> String {
    let name = |&(i, l): &(usize, u32)| format!("latch {i} (literal {l})");
    match latches {
        [] => "reset functions form a cycle; expected acyclic reset functions".into(),
        [one] => format!(
            "{}: its reset function depends on its own value; expected a reset of 0, 1, the \
             latch's own literal (uninitialized) or a function of other latches and inputs",
            name(one)
        ),
        _ => {
            let mut chain: Vec<String> = latches.iter().map(name).collect();
            chain.push(name(&latches[0]));
            format!(
                "reset functions form a cycle: {} (each latch's reset function depends on the \
                 next latch's value); expected acyclic reset functions",
                chain.join(" -> ")
            )
        }
    }
}

impl Aig {
    /// Checks that the circuit is well formed, as the AIGER reader ensures for files: every
    /// literal within `max_var`; inputs, latches and gate outputs positive and defined once;
    /// every used literal defined (or constant); gates in topological order. A model built in
    /// code should pass this before it becomes a [`TransitionSystem`](crate::TransitionSystem)
    /// (which calls it).
    pub fn validate(&self) -> Result<(), AigError> {
        const UNDEF: u32 = u32::MAX;
        const INPUT_OR_LATCH: u32 = u32::MAX - 1;
        let max_var = self.max_var;
        // For each variable: UNDEF, INPUT_OR_LATCH, or the index of its gate (proportional to
        // the definitions, whatever `max_var`).
        let ix = VarIndex::new(self);
        let mut def = vec![UNDEF; ix.len()];
        let def_of = |def: &[u32], v: Var| ix.get(v).map_or(UNDEF, |i| def[i]);
        let in_range = |site: Site, l: Lit| {
            if l.var().0 > max_var {
                Err(AigError::OutOfRange {
                    site,
                    lit: l.code(),
                    max_var,
                })
            } else {
                Ok(())
            }
        };
        let define = |def: &mut Vec<u32>, site: Site, l: Lit, what: u32| {
            in_range(site, l)?;
            if l.is_neg() || l.is_const() {
                return Err(AigError::BadDefinition {
                    site,
                    lit: l.code(),
                });
            }
            // In range and defined: in the index.
            let d = &mut def[ix.get(l.var()).expect("a definition")];
            if *d != UNDEF {
                return Err(AigError::Redefined {
                    site,
                    var: l.var().0,
                });
            }
            *d = what;
            Ok(())
        };
        for (i, &l) in self.inputs.iter().enumerate() {
            define(&mut def, Site::Input(i), l, INPUT_OR_LATCH)?;
        }
        for (i, l) in self.latches.iter().enumerate() {
            define(&mut def, Site::Latch(i), l.lit, INPUT_OR_LATCH)?;
        }
        for (i, g) in self.ands.iter().enumerate() {
            define(&mut def, Site::And(i), g.lhs, i as u32)?;
        }
        let used = |site: Site, l: Lit| {
            in_range(site, l)?;
            if !l.is_const() && def_of(&def, l.var()) == UNDEF {
                return Err(AigError::Undefined {
                    site,
                    lit: l.code(),
                });
            }
            Ok(())
        };
        for (i, l) in self.latches.iter().enumerate() {
            used(Site::Latch(i), l.next)?;
            if let Some(f) = l.reset.function() {
                used(Site::Latch(i), f)?;
            }
        }
        for (list, site) in [
            (&self.outputs, Site::Output as fn(usize) -> Site),
            (&self.bads, Site::Bad),
            (&self.constraints, Site::Constraint),
            (&self.fairness, Site::Fairness),
        ] {
            for (i, &l) in list.iter().enumerate() {
                used(site(i), l)?;
            }
        }
        for (i, j) in self.justice.iter().enumerate() {
            for &l in j {
                used(Site::Justice(i), l)?;
            }
        }
        for (i, g) in self.ands.iter().enumerate() {
            for r in [g.rhs0, g.rhs1] {
                used(Site::And(i), r)?;
                let d = if r.is_const() {
                    UNDEF
                } else {
                    def_of(&def, r.var())
                };
                if d != INPUT_OR_LATCH && d != UNDEF && d as usize >= i {
                    return Err(AigError::NotTopological {
                        site: Site::And(i),
                        lit: r.code(),
                    });
                }
            }
        }
        match self.reset_cycle() {
            Some(latches) => Err(AigError::ResetCycle { latches }),
            None => Ok(()),
        }
    }

    /// A cycle of latches whose reset functions depend on each other (see
    /// [`AigError::ResetCycle`]), if there is one. The circuit must be otherwise well formed:
    /// every literal defined and the gates in topological order (as [`validate`](Self::validate)
    /// checks first, and the AIGER reader ensures). Linear in the size of the circuit: each
    /// variable is visited once by a depth-first search over "reads" edges (a gate reads its
    /// inputs, a latch with a reset function reads that function; nothing else reads), whose
    /// only cycles go through latches, the gates being acyclic.
    pub fn reset_cycle(&self) -> Option<Vec<(usize, u32)>> {
        if self.latches.iter().all(|l| l.reset.function().is_none()) {
            return None;
        }
        let ix = VarIndex::new(self);
        // What each variable reads: the gate's inputs, or the latch's reset function.
        const NOTHING: u32 = u32::MAX;
        let mut gate_of = vec![NOTHING; ix.len()];
        for (i, g) in self.ands.iter().enumerate() {
            if let Some(k) = ix.get(g.lhs.var()) {
                gate_of[k] = i as u32;
            }
        }
        let mut latch_of = vec![NOTHING; ix.len()];
        for (i, l) in self.latches.iter().enumerate() {
            if let Some(k) = ix.get(l.lit.var()) {
                latch_of[k] = i as u32;
            }
        }
        let reads = |k: usize, child: usize| -> Option<Lit> {
            if let Some(g) = self.ands.get(gate_of[k] as usize) {
                return [g.rhs0, g.rhs1].get(child).copied();
            }
            let l = self.latches.get(latch_of[k] as usize)?;
            match l.reset {
                // Its own positive literal: uninitialized, no dependency.
                Reset::Function(f) if f != l.lit && child == 0 => Some(f),
                _ => None,
            }
        };
        // 0: not visited, 1: on the stack, 2: done.
        let mut state = vec![0u8; ix.len()];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for root in self.latches.iter().filter(|l| l.reset.function().is_some()) {
            let Some(r) = ix.get(root.lit.var()) else {
                continue;
            };
            if state[r] != 0 {
                continue;
            }
            state[r] = 1;
            stack.push((r, 0));
            while let Some(&mut (k, ref mut child)) = stack.last_mut() {
                let Some(lit) = reads(k, *child) else {
                    state[k] = 2;
                    stack.pop();
                    continue;
                };
                *child += 1;
                let Some(c) = ix.get(lit.var()).filter(|_| !lit.is_const()) else {
                    continue;
                };
                match state[c] {
                    0 => {
                        state[c] = 1;
                        stack.push((c, 0));
                    }
                    1 => {
                        // A cycle: the stack from `c` on. Its latches, in the order each
                        // reads the next (the stack's order).
                        let from = stack.iter().position(|&(s, _)| s == c).unwrap_or(0);
                        let latches = stack[from..]
                            .iter()
                            .filter_map(|&(s, _)| {
                                let i = latch_of[s];
                                (i != NOTHING)
                                    .then(|| (i as usize, self.latches[i as usize].lit.code()))
                            })
                            .collect();
                        return Some(latches);
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// The safety properties: the `B` section, or the outputs when there is neither a `B` nor
    /// a `J` section (the AIGER 1.0 convention, as the AIGER tools read it). A file with both
    /// keeps `B` only; a file with justice properties and no `B` has no safety property, its
    /// outputs being mere outputs.
    pub fn properties(&self) -> &[Lit] {
        if self.properties_are_outputs() {
            &self.outputs
        } else {
            &self.bads
        }
    }

    /// Whether the properties come from the outputs (neither a `B` nor a `J` section).
    pub fn properties_are_outputs(&self) -> bool {
        self.bads.is_empty() && self.justice.is_empty()
    }

    /// A fresh variable index above `max_var` (and bumps `max_var`).
    pub fn new_var(&mut self) -> Var {
        self.max_var += 1;
        Var(self.max_var)
    }

    /// Adds an AND gate over already-defined literals and returns its literal.
    pub fn add_and(&mut self, rhs0: Lit, rhs1: Lit) -> Lit {
        let lhs = self.new_var().lit();
        self.ands.push(AndGate { lhs, rhs0, rhs1 });
        lhs
    }
}
