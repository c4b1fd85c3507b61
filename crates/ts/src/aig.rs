//! The And-Inverter Graph as an AIGER 1.9 file describes it.

use pdrkit_logic::{Lit, Var};

/// How a latch starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reset {
    /// Starts at 0 (the AIGER default).
    Zero,
    /// Starts at 1.
    One,
    /// Uninitialized: any start value (AIGER writes the latch's own literal as its reset).
    Uninit,
}

impl Reset {
    /// The fixed start value, `None` when uninitialized.
    pub fn value(self) -> Option<bool> {
        match self {
            Reset::Zero => Some(false),
            Reset::One => Some(true),
            Reset::Uninit => None,
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

impl Aig {
    /// The safety properties: the `B` section, or the outputs when `B` is empty (AIGER 1.0
    /// convention). A file with both keeps `B` only.
    pub fn properties(&self) -> &[Lit] {
        if self.bads.is_empty() {
            &self.outputs
        } else {
            &self.bads
        }
    }

    /// Whether the properties come from the outputs (no `B` section).
    pub fn properties_are_outputs(&self) -> bool {
        self.bads.is_empty()
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
