//! The word-level model a BTOR2 file describes, line by line.

use std::collections::HashMap;

/// A node id as written in the file (positive; a negative reference is an [`Arg`] with
/// `negated`).
pub type NodeId = u32;

/// A sort: a bit-vector width or an array from an index sort to an element sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    /// `sort bitvec W`: bit vectors of width `W` (at least 1).
    BitVec(u32),
    /// `sort array I E`: arrays indexed by sort `I` holding elements of sort `E` (sort ids).
    Array {
        /// The id of the index sort.
        index: NodeId,
        /// The id of the element sort.
        element: NodeId,
    },
}

/// An operand: a node, bit-wise negated when written with a minus sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arg {
    /// The node referred to.
    pub id: NodeId,
    /// Whether the reference was negative (`-id`: the bit-wise complement of the node).
    pub negated: bool,
}

/// A word-level operator of BTOR2 (every operator of the format, with the indices of the
/// indexed ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    // Unary.
    /// Bit-wise complement.
    Not,
    /// `+ 1`.
    Inc,
    /// `- 1`.
    Dec,
    /// Two's complement negation.
    Neg,
    /// AND of all bits (width 1).
    Redand,
    /// OR of all bits (width 1).
    Redor,
    /// XOR of all bits (width 1).
    Redxor,
    /// Bits `upper..=lower` (`slice`).
    Slice {
        /// The highest bit kept.
        upper: u32,
        /// The lowest bit kept.
        lower: u32,
    },
    /// Zero extension by this many bits (`uext`).
    Uext(u32),
    /// Sign extension by this many bits (`sext`).
    Sext(u32),
    // Binary.
    /// Bit-wise equivalence (on width 1 in the format; bit-wise here).
    Iff,
    /// Bit-wise implication (on width 1 in the format; bit-wise here).
    Implies,
    /// Equality (width 1).
    Eq,
    /// Disequality (width 1).
    Neq,
    /// Signed `>`.
    Sgt,
    /// Signed `>=`.
    Sgte,
    /// Signed `<`.
    Slt,
    /// Signed `<=`.
    Slte,
    /// Unsigned `>`.
    Ugt,
    /// Unsigned `>=`.
    Ugte,
    /// Unsigned `<`.
    Ult,
    /// Unsigned `<=`.
    Ulte,
    /// Bit-wise AND.
    And,
    /// Bit-wise NAND.
    Nand,
    /// Bit-wise NOR.
    Nor,
    /// Bit-wise OR.
    Or,
    /// Bit-wise XNOR.
    Xnor,
    /// Bit-wise XOR.
    Xor,
    /// Rotate left (by the second operand modulo the width).
    Rol,
    /// Rotate right (by the second operand modulo the width).
    Ror,
    /// Shift left logical.
    Sll,
    /// Shift right arithmetic.
    Sra,
    /// Shift right logical.
    Srl,
    /// Addition modulo `2^W`.
    Add,
    /// Multiplication modulo `2^W`.
    Mul,
    /// Signed division (SMT-LIB `bvsdiv`).
    Sdiv,
    /// Signed remainder, sign of the divisor (SMT-LIB `bvsmod`).
    Smod,
    /// Signed remainder, sign of the dividend (SMT-LIB `bvsrem`).
    Srem,
    /// Unsigned division (SMT-LIB `bvudiv`: by zero gives all ones).
    Udiv,
    /// Unsigned remainder (SMT-LIB `bvurem`: by zero gives the dividend).
    Urem,
    /// Subtraction modulo `2^W`.
    Sub,
    /// Signed addition overflows (width 1).
    Saddo,
    /// Unsigned addition overflows (width 1).
    Uaddo,
    /// Signed division overflows: `INT_MIN / -1` (width 1).
    Sdivo,
    /// Signed multiplication overflows (width 1).
    Smulo,
    /// Unsigned multiplication overflows (width 1).
    Umulo,
    /// Signed subtraction overflows (width 1).
    Ssubo,
    /// Unsigned subtraction overflows, i.e. borrows (width 1).
    Usubo,
    /// Concatenation, the first operand the high part.
    Concat,
    /// Array read: `read A I`.
    Read,
    // Ternary.
    /// If-then-else: `ite C T E`, `C` of width 1.
    Ite,
    /// Array write: `write A I V`.
    Write,
}

impl Op {
    /// The operator's keyword in a file.
    pub fn name(self) -> &'static str {
        use Op::*;
        match self {
            Not => "not",
            Inc => "inc",
            Dec => "dec",
            Neg => "neg",
            Redand => "redand",
            Redor => "redor",
            Redxor => "redxor",
            Slice { .. } => "slice",
            Uext(_) => "uext",
            Sext(_) => "sext",
            Iff => "iff",
            Implies => "implies",
            Eq => "eq",
            Neq => "neq",
            Sgt => "sgt",
            Sgte => "sgte",
            Slt => "slt",
            Slte => "slte",
            Ugt => "ugt",
            Ugte => "ugte",
            Ult => "ult",
            Ulte => "ulte",
            And => "and",
            Nand => "nand",
            Nor => "nor",
            Or => "or",
            Xnor => "xnor",
            Xor => "xor",
            Rol => "rol",
            Ror => "ror",
            Sll => "sll",
            Sra => "sra",
            Srl => "srl",
            Add => "add",
            Mul => "mul",
            Sdiv => "sdiv",
            Smod => "smod",
            Srem => "srem",
            Udiv => "udiv",
            Urem => "urem",
            Sub => "sub",
            Saddo => "saddo",
            Uaddo => "uaddo",
            Sdivo => "sdivo",
            Smulo => "smulo",
            Umulo => "umulo",
            Ssubo => "ssubo",
            Usubo => "usubo",
            Concat => "concat",
            Read => "read",
            Ite => "ite",
            Write => "write",
        }
    }

    /// The operator of a keyword, with its indices zero (the parser fills them in), and its
    /// number of operands.
    pub(crate) fn from_name(name: &str) -> Option<(Op, usize)> {
        use Op::*;
        let unary = [
            Not,
            Inc,
            Dec,
            Neg,
            Redand,
            Redor,
            Redxor,
            Slice { upper: 0, lower: 0 },
            Uext(0),
            Sext(0),
        ];
        let binary = [
            Iff, Implies, Eq, Neq, Sgt, Sgte, Slt, Slte, Ugt, Ugte, Ult, Ulte, And, Nand, Nor, Or,
            Xnor, Xor, Rol, Ror, Sll, Sra, Srl, Add, Mul, Sdiv, Smod, Srem, Udiv, Urem, Sub, Saddo,
            Uaddo, Sdivo, Smulo, Umulo, Ssubo, Usubo, Concat, Read,
        ];
        let ternary = [Ite, Write];
        for (ops, n) in [(&unary[..], 1), (&binary[..], 2), (&ternary[..], 3)] {
            if let Some(&op) = ops.iter().find(|op| op.name() == name) {
                return Some((op, n));
            }
        }
        None
    }
}

/// What a line of the file defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// `sort ...`.
    Sort(Sort),
    /// `input S`: a fresh value every step.
    Input {
        /// The sort id.
        sort: NodeId,
    },
    /// `state S`: a register.
    State {
        /// The sort id.
        sort: NodeId,
    },
    /// A constant (`const`, `constd`, `consth`, `zero`, `one`, `ones`), its bits LSB first.
    Const {
        /// The sort id.
        sort: NodeId,
        /// The value, LSB first, as many bits as the width.
        bits: Vec<bool>,
    },
    /// An operator applied to operands.
    Op {
        /// The operator.
        op: Op,
        /// The result's sort id.
        sort: NodeId,
        /// The operands, in file order.
        args: Vec<Arg>,
    },
    /// `init S state value`: the state's initial value.
    Init {
        /// The sort id.
        sort: NodeId,
        /// The state.
        state: NodeId,
        /// The value.
        value: Arg,
    },
    /// `next S state value`: the state's next value.
    Next {
        /// The sort id.
        sort: NodeId,
        /// The state.
        state: NodeId,
        /// The value.
        value: Arg,
    },
    /// `bad C`: a bad-state property.
    Bad(Arg),
    /// `constraint C`: an invariant constraint.
    Constraint(Arg),
    /// `fair C`: a fairness constraint.
    Fair(Arg),
    /// `justice N C1 .. CN`: a justice property.
    Justice(Vec<Arg>),
    /// `output X`: an output.
    Output(Arg),
}

/// One line of the file that defines something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The line's id.
    pub id: NodeId,
    /// The line number (1-based) in the file.
    pub line: usize,
    /// What the line defines.
    pub kind: NodeKind,
    /// The optional symbol (name) after the line's operands.
    pub symbol: Option<String>,
}

/// A BTOR2 model: its lines in file order, with an index by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// The lines that define something (not comments or blank lines), in file order.
    pub nodes: Vec<Node>,
    index: HashMap<NodeId, usize>,
}

impl Model {
    /// Adds a node (the parser checks its id is new).
    pub(crate) fn push(&mut self, node: Node) {
        self.index.insert(node.id, self.nodes.len());
        self.nodes.push(node);
    }

    /// The node with this id.
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.index.get(&id).map(|&i| &self.nodes[i])
    }

    /// The sort with this id.
    pub fn sort(&self, id: NodeId) -> Option<Sort> {
        match self.get(id)?.kind {
            NodeKind::Sort(s) => Some(s),
            _ => None,
        }
    }

    /// The sort id of a value node (input, state, constant, operator), `None` for other lines.
    pub fn sort_of(&self, id: NodeId) -> Option<NodeId> {
        match &self.get(id)?.kind {
            NodeKind::Input { sort }
            | NodeKind::State { sort }
            | NodeKind::Const { sort, .. }
            | NodeKind::Op { sort, .. } => Some(*sort),
            _ => None,
        }
    }

    /// The width of a value node of bit-vector sort, `None` for arrays and other lines.
    pub fn width_of(&self, id: NodeId) -> Option<u32> {
        match self.sort(self.sort_of(id)?)? {
            Sort::BitVec(w) => Some(w),
            Sort::Array { .. } => None,
        }
    }

    /// The inputs in file order.
    pub fn inputs(&self) -> impl Iterator<Item = &Node> {
        self.nodes
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::Input { .. }))
    }

    /// The states in file order.
    pub fn states(&self) -> impl Iterator<Item = &Node> {
        self.nodes
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::State { .. }))
    }
}
