//! The checker's own view of an AIGER 1.9 file: what [`crate::aiger`] reads, and what every
//! check takes. It is deliberately plain (public fields, no invariants): the checks validate
//! it again before use ([`crate::StructureError`]), so a model built by hand is as safe to pass
//! as one read from a file.

use pdrkit_logic::Lit;

/// How a latch starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reset {
    /// At 0: the AIGER default.
    Zero,
    /// At 1.
    One,
    /// At any value: the file gives the latch's own literal as its reset.
    Uninit,
    /// At the value of a literal at step 0 (AIGER 1.9's reset functions): an input, another
    /// latch, an AND gate, or the negation of one, evaluated over step 0's inputs and the other
    /// latches' initial values. The reader gives this only for a literal other than 0, 1 and the
    /// latch's own; the checks read `Function(0)`, `Function(1)` and `Function(own literal)`
    /// of a model built by hand as [`Reset::Zero`], [`Reset::One`] and [`Reset::Uninit`].
    /// These dependencies must be acyclic (stratified): no latch's reset may read, through
    /// gates and other latches' resets, the latch itself.
    Function(Lit),
}

impl Reset {
    /// The fixed start value: `None` for an uninitialized latch and for a reset function
    /// (whose value depends on the step-0 state).
    pub fn value(self) -> Option<bool> {
        match self {
            Reset::Zero => Some(false),
            Reset::One => Some(true),
            Reset::Uninit | Reset::Function(_) => None,
        }
    }

    /// The literal of a reset function, `None` for the other resets.
    pub fn function(self) -> Option<Lit> {
        match self {
            Reset::Function(l) => Some(l),
            _ => None,
        }
    }
}

/// A latch: its literal, next-state literal and reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Latch {
    /// The latch's own (positive) literal.
    pub lit: Lit,
    /// The literal it takes at the next step.
    pub next: Lit,
    /// Its value at step 0.
    pub reset: Reset,
}

/// An AND gate: `lhs = rhs0 ∧ rhs1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AndGate {
    /// The gate's own (positive) literal.
    pub lhs: Lit,
    /// The first input.
    pub rhs0: Lit,
    /// The second input.
    pub rhs1: Lit,
}

/// The list a symbol names an entry of: the letter that starts its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// `i<N>`: an input.
    Input,
    /// `l<N>`: a latch.
    Latch,
    /// `o<N>`: an output.
    Output,
    /// `b<N>`: a bad-state property.
    Bad,
    /// `c<N>`: an invariant constraint.
    Constraint,
    /// `j<N>`: a justice property.
    Justice,
    /// `f<N>`: a fairness constraint.
    Fairness,
}

impl SymbolKind {
    /// The letter of the kind in a symbol table.
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

    /// The kind of a symbol-table letter.
    pub fn from_letter(c: u8) -> Option<SymbolKind> {
        Some(match c {
            b'i' => SymbolKind::Input,
            b'l' => SymbolKind::Latch,
            b'o' => SymbolKind::Output,
            b'b' => SymbolKind::Bad,
            b'c' => SymbolKind::Constraint,
            b'j' => SymbolKind::Justice,
            b'f' => SymbolKind::Fairness,
            _ => return None,
        })
    }
}

/// One line of the symbol table: `<letter><index> <name>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Which list.
    pub kind: SymbolKind,
    /// The position in that list.
    pub index: usize,
    /// The name: the rest of the line (bytes that are not UTF-8 replaced).
    pub name: String,
}

/// An AIGER 1.9 model as its file describes it, literals numbered as in the file (a binary
/// file numbers inputs, then latches, then gates).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// The header's `M`.
    pub max_var: u32,
    /// The inputs' literals.
    pub inputs: Vec<Lit>,
    /// The latches.
    pub latches: Vec<Latch>,
    /// The outputs.
    pub outputs: Vec<Lit>,
    /// The bad-state properties (`B`).
    pub bads: Vec<Lit>,
    /// The invariant constraints (`C`).
    pub constraints: Vec<Lit>,
    /// The justice properties (`J`), each a list of literals.
    pub justice: Vec<Vec<Lit>>,
    /// The fairness constraints (`F`).
    pub fairness: Vec<Lit>,
    /// The AND gates; the reader puts them in topological order (each after the gates it
    /// reads), which an ASCII file need not follow.
    pub ands: Vec<AndGate>,
    /// The symbol table, in file order.
    pub symbols: Vec<Symbol>,
    /// The lines of the comment section (after the line `c`), without their newlines. The
    /// checks read none of them, except that a certificate with certifaiger's `MAPPING`
    /// comment is refused (see [`crate::certificate`]).
    pub comments: Vec<String>,
}

impl Model {
    /// Reads a model from the bytes of an AIGER file ([`crate::aiger::parse`]).
    pub fn parse(bytes: &[u8]) -> Result<Model, crate::AigerError> {
        crate::aiger::parse(bytes)
    }

    /// Reads a model from an AIGER file ([`crate::aiger::read_file`]).
    pub fn read(path: impl AsRef<std::path::Path>) -> Result<Model, crate::AigerError> {
        crate::aiger::read_file(path)
    }

    /// The safety properties: the bad-state literals, or, in a file with neither those nor justice
    /// the outputs. `b<N>` in a witness names the `N`-th.
    pub fn properties(&self) -> &[Lit] {
        if self.properties_are_outputs() {
            &self.outputs
        } else {
            &self.bads
        }
    }

    /// Whether [`Model::properties`] are the outputs: as the AIGER tools read a file, only
    /// when it has neither bad-state literals nor justice properties.
    pub fn properties_are_outputs(&self) -> bool {
        self.bads.is_empty() && self.justice.is_empty()
    }

    /// The model with safety property `n` as its only property (`None` when it has no such
    /// property): what a certificate of that one property speaks of. Its justice properties
    /// and fairness constraints go too (a certificate is checked for every justice property
    /// of its model), and the symbols of the dropped properties, whose positions no longer
    /// exist.
    pub fn single_property(&self, n: usize) -> Option<Model> {
        let p = *self.properties().get(n)?;
        let mut m = self.safety_part();
        if m.bads.is_empty() {
            m.outputs = vec![p];
        } else {
            m.bads = vec![p];
        }
        m.symbols
            .retain(|s| !matches!(s.kind, SymbolKind::Bad | SymbolKind::Output));
        Some(m)
    }

    /// The model without its justice properties and fairness constraints, when it has
    /// bad-state properties: what a certificate of those speaks of. (A model with justice
    /// properties and no bad-state ones is returned whole: without its justice properties its
    /// outputs would become its properties.)
    pub fn safety_part(&self) -> Model {
        let mut m = self.clone();
        if !m.bads.is_empty() {
            m.justice.clear();
            m.fairness.clear();
            m.symbols
                .retain(|s| !matches!(s.kind, SymbolKind::Justice | SymbolKind::Fairness));
        }
        m
    }

    /// The model with justice property `j` as its only property (`None` when it has no such
    /// property): its safety properties and other justice properties dropped, its fairness
    /// constraints kept. What a liveness certificate of that one property speaks of.
    pub fn single_justice(&self, j: usize) -> Option<Model> {
        let lits = self.justice.get(j)?.clone();
        let mut m = self.clone();
        m.bads.clear();
        m.outputs.clear();
        m.justice = vec![lits];
        m.symbols.retain(|s| {
            !matches!(
                s.kind,
                SymbolKind::Bad | SymbolKind::Output | SymbolKind::Justice
            )
        });
        Some(m)
    }
}
