//! The checker's own BTOR2 reader: the word-level format of HWMCC's bit-vector and array tracks,
//! read into a [`Btor2Model`] for simulation ([`crate::btor2_sim`]). It shares no code with any
//! other BTOR2 reader of the workspace.
//!
//! A line is `<id> <operator> <operands...> [symbol]`; `;` starts a comment. Ids increase
//! strictly; an argument `-n` is the bit-wise negation of node `n`. Sorts are `bitvec <w>` and
//! `array <index sort> <element sort>` (of bit vectors). The reader checks every operator's
//! sorts as btorsim does, so that evaluation never meets a width mismatch.

use std::collections::HashMap;
use std::path::Path;

use crate::bv::Bv;

/// A BTOR2 sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Btor2Sort {
    /// `bitvec <width>`.
    BitVec(u32),
    /// `array <index> <element>`: a map from `index`-bit to `element`-bit vectors.
    Array {
        /// The width of an index.
        index: u32,
        /// The width of an element.
        element: u32,
    },
}

impl Btor2Sort {
    /// The width of a bit-vector sort, `None` for an array.
    pub fn width(self) -> Option<u32> {
        match self {
            Btor2Sort::BitVec(w) => Some(w),
            Btor2Sort::Array { .. } => None,
        }
    }
}

impl std::fmt::Display for Btor2Sort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Btor2Sort::BitVec(w) => write!(f, "bitvec {w}"),
            Btor2Sort::Array { index, element } => write!(f, "array [{index} -> {element}]"),
        }
    }
}

/// The operator of a node (a line other than `sort`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // the variants are the format's operator names
pub enum Btor2Op {
    /// `input`: a free value at every step.
    Input,
    /// `state`: a register.
    State,
    /// `const`, `constd`, `consth`, `zero`, `one`, `ones`: the value.
    Const(Bv),
    /// `init <sort> <state> <value>`.
    Init,
    /// `next <sort> <state> <value>`.
    Next,
    /// `bad <cond>`: a safety property (the condition must never be 1).
    Bad,
    /// `constraint <cond>`: an invariant constraint (1 at every step).
    Constraint,
    /// `fair <cond>` (ignored by safety checking).
    Fair,
    /// `justice <n> <conds...>` (ignored by safety checking).
    Justice,
    /// `output <node>` (ignored by safety checking).
    Output,
    /// `slice <upper> <lower>`.
    Slice {
        /// The highest bit kept.
        upper: u32,
        /// The lowest bit kept.
        lower: u32,
    },
    /// `uext <n>`: zero extension by `n` bits.
    Uext(u32),
    /// `sext <n>`: sign extension by `n` bits.
    Sext(u32),
    Not,
    Inc,
    Dec,
    Neg,
    Redand,
    Redor,
    Redxor,
    Iff,
    Implies,
    Eq,
    Neq,
    Sgt,
    Ugt,
    Sgte,
    Ugte,
    Slt,
    Ult,
    Slte,
    Ulte,
    And,
    Nand,
    Nor,
    Or,
    Xnor,
    Xor,
    Rol,
    Ror,
    Sll,
    Sra,
    Srl,
    Add,
    Mul,
    Sdiv,
    Udiv,
    Smod,
    Srem,
    Urem,
    Sub,
    Saddo,
    Uaddo,
    Sdivo,
    Smulo,
    Umulo,
    Ssubo,
    Usubo,
    Concat,
    Read,
    Ite,
    Write,
}

impl Btor2Op {
    /// Whether a node of this kind has a value other nodes can read (not `init`, `next`,
    /// `bad`, `constraint`, `fair`, `justice` or `output`, which only say something of
    /// values).
    pub fn has_value(&self) -> bool {
        !matches!(
            self,
            Btor2Op::Init
                | Btor2Op::Next
                | Btor2Op::Bad
                | Btor2Op::Constraint
                | Btor2Op::Fair
                | Btor2Op::Justice
                | Btor2Op::Output
        )
    }
}

impl Btor2Op {
    /// The operator of a name with a fixed number of node arguments (1, 2 or 3), and that
    /// number. Leaves, constants, properties, `init`/`next` and the indexed operators are
    /// parsed separately.
    fn plain(name: &str) -> Option<(Btor2Op, usize)> {
        use Btor2Op::*;
        Some(match name {
            "not" => (Not, 1),
            "inc" => (Inc, 1),
            "dec" => (Dec, 1),
            "neg" => (Neg, 1),
            "redand" => (Redand, 1),
            "redor" => (Redor, 1),
            "redxor" => (Redxor, 1),
            "iff" => (Iff, 2),
            "implies" => (Implies, 2),
            "eq" => (Eq, 2),
            "neq" => (Neq, 2),
            "sgt" => (Sgt, 2),
            "ugt" => (Ugt, 2),
            "sgte" => (Sgte, 2),
            "ugte" => (Ugte, 2),
            "slt" => (Slt, 2),
            "ult" => (Ult, 2),
            "slte" => (Slte, 2),
            "ulte" => (Ulte, 2),
            "and" => (And, 2),
            "nand" => (Nand, 2),
            "nor" => (Nor, 2),
            "or" => (Or, 2),
            "xnor" => (Xnor, 2),
            "xor" => (Xor, 2),
            "rol" => (Rol, 2),
            "ror" => (Ror, 2),
            "sll" => (Sll, 2),
            "sra" => (Sra, 2),
            "srl" => (Srl, 2),
            "add" => (Add, 2),
            "mul" => (Mul, 2),
            "sdiv" => (Sdiv, 2),
            "udiv" => (Udiv, 2),
            "smod" => (Smod, 2),
            "srem" => (Srem, 2),
            "urem" => (Urem, 2),
            "sub" => (Sub, 2),
            "saddo" => (Saddo, 2),
            "uaddo" => (Uaddo, 2),
            "sdivo" => (Sdivo, 2),
            "smulo" => (Smulo, 2),
            "umulo" => (Umulo, 2),
            "ssubo" => (Ssubo, 2),
            "usubo" => (Usubo, 2),
            "concat" => (Concat, 2),
            "read" => (Read, 2),
            "ite" => (Ite, 3),
            "write" => (Write, 3),
            _ => return None,
        })
    }
}

/// An argument: a node (its index in [`Btor2Model::nodes`]), bit-wise negated for `-id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Btor2Arg {
    /// The index of the node in [`Btor2Model::nodes`].
    pub node: usize,
    /// Whether the argument was written `-id`.
    pub negated: bool,
}

/// One line of the model other than a `sort` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Btor2Node {
    /// The id the file gives it.
    pub id: u64,
    /// The line (1-based).
    pub line: usize,
    /// The operator.
    pub op: Btor2Op,
    /// The sort of its value; `None` for `bad`, `constraint`, `fair`, `justice`, `output`,
    /// which have no value. For `init` and `next` it is the sort the line names.
    pub sort: Option<Btor2Sort>,
    /// The node arguments, in the file's order (for `init`/`next`: the state, then the value).
    pub args: Vec<Btor2Arg>,
    /// The symbol after the operands, if any.
    pub symbol: Option<String>,
}

/// A BTOR2 model: every node in file order, and the lists the format's sections make of them.
/// All lists hold indices into `nodes`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Btor2Model {
    /// The nodes in file order (their ids increase).
    pub nodes: Vec<Btor2Node>,
    /// The `state` nodes in file order: a witness's state position indexes this list.
    pub states: Vec<usize>,
    /// The `input` nodes in file order: a witness's input position indexes this list.
    pub inputs: Vec<usize>,
    /// The `bad` lines in file order (`b<N>` of a witness indexes this list).
    pub bads: Vec<usize>,
    /// The `constraint` lines.
    pub constraints: Vec<usize>,
    /// The `fair` lines.
    pub fairs: Vec<usize>,
    /// The `justice` lines.
    pub justices: Vec<usize>,
    /// The `output` lines.
    pub outputs: Vec<usize>,
    /// For each node (by index), the value of its `init` line when it is a state that has one.
    pub init: Vec<Option<Btor2Arg>>,
    /// For each node (by index), the value of its `next` line when it is a state that has one.
    pub next: Vec<Option<Btor2Arg>>,
}

impl Btor2Model {
    /// The sort of a node's value (panics for a property line, which has none).
    pub fn sort(&self, node: usize) -> Btor2Sort {
        self.nodes[node].sort.expect("a node with a value")
    }

    /// The condition (argument) of a property line (`bad`, `constraint`, `fair`, `output`).
    pub fn condition(&self, node: usize) -> Btor2Arg {
        self.nodes[node].args[0]
    }
}

/// The widest bit vector the simulator takes: each value of the sort is held whole, so a
/// hostile file declaring a width of billions of bits is refused at once rather than
/// exhausting memory (HWMCC's widest sorts are some thousands of bits).
pub const MAX_WIDTH: u32 = 1 << 20;

/// A BTOR2 model the checker cannot read.
#[derive(Debug, thiserror::Error)]
pub enum Btor2Error {
    /// The file could not be read.
    #[error("{path}: cannot read: {error}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// A token is not what the format needs there.
    #[error("line {line}: expected {expected}, found '{found}'")]
    Syntax {
        /// The line (1-based).
        line: usize,
        /// What the format needs there.
        expected: String,
        /// What is there.
        found: String,
    },
    /// The line's operator is not a BTOR2 operator.
    #[error("line {line}: unknown operator '{op}'")]
    UnknownOperator {
        /// The line.
        line: usize,
        /// The operator name.
        op: String,
    },
    /// An id is not greater than the id of the line before.
    #[error("line {line}: id {id} is not greater than the previous id")]
    IdNotIncreasing {
        /// The line.
        line: usize,
        /// The id.
        id: u64,
    },
    /// A sort id that no `sort` line defines.
    #[error("line {line}: undefined sort {id}")]
    UndefinedSort {
        /// The line.
        line: usize,
        /// The id.
        id: u64,
    },
    /// An argument id that names no earlier node with a value.
    #[error("line {line}: argument {id} is not an earlier node with a value")]
    UndefinedArgument {
        /// The line.
        line: usize,
        /// The argument as written.
        id: i64,
    },
    /// The operands' or result's sorts do not fit the operator.
    #[error("line {line}: {op}: {message}")]
    Sort {
        /// The line.
        line: usize,
        /// The operator.
        op: String,
        /// What does not fit.
        message: String,
    },
    /// A constant that is malformed or does not fit its width.
    #[error("line {line}: {op} '{literal}' is not a value of {sort}")]
    Constant {
        /// The line.
        line: usize,
        /// The operator.
        op: String,
        /// The literal.
        literal: String,
        /// The sort.
        sort: Btor2Sort,
    },
    /// An `init` or `next` that does not apply to a state, or the second one for a state, or
    /// an `init` whose value is not defined before the state or depends on an input.
    #[error("line {line}: {message}")]
    InitNext {
        /// The line.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

type Result<T> = std::result::Result<T, Btor2Error>;

/// Reads a BTOR2 file.
pub fn read_btor2(path: &Path) -> Result<Btor2Model> {
    let bytes = std::fs::read(path).map_err(|error| Btor2Error::Io {
        path: path.display().to_string(),
        error,
    })?;
    // Symbols may hold any byte: read as Latin-1, as btorsim.py does.
    let text: String = bytes.iter().map(|&b| b as char).collect();
    parse_btor2(&text)
}

struct Parser<'a> {
    line: usize,
    toks: Vec<&'a str>,
    pos: usize,
    op: &'a str,
}

impl<'a> Parser<'a> {
    fn next_tok(&mut self, expected: &str) -> Result<&'a str> {
        let t = self
            .toks
            .get(self.pos)
            .copied()
            .ok_or_else(|| Btor2Error::Syntax {
                line: self.line,
                expected: format!("{expected} (operand of '{}')", self.op),
                found: "end of line".into(),
            })?;
        self.pos += 1;
        Ok(t)
    }

    fn number<T: std::str::FromStr>(&mut self, expected: &str) -> Result<T> {
        let t = self.next_tok(expected)?;
        t.parse().map_err(|_| Btor2Error::Syntax {
            line: self.line,
            expected: expected.into(),
            found: t.into(),
        })
    }

    fn symbol(&mut self) -> Option<String> {
        self.toks.get(self.pos).map(|s| s.to_string())
    }

    fn sort_err(&self, message: impl Into<String>) -> Btor2Error {
        Btor2Error::Sort {
            line: self.line,
            op: self.op.into(),
            message: message.into(),
        }
    }
}

/// Parses BTOR2 text.
pub fn parse_btor2(text: &str) -> Result<Btor2Model> {
    let mut m = Btor2Model::default();
    let mut sorts: HashMap<u64, Btor2Sort> = HashMap::new();
    let mut index_of: HashMap<u64, usize> = HashMap::new();
    let mut last_id = 0u64;

    for (lineno, raw) in text.split('\n').enumerate() {
        let line = lineno + 1;
        let mut toks: Vec<&str> = raw.split_whitespace().collect();
        if let Some(c) = toks.iter().position(|t| t.starts_with(';')) {
            toks.truncate(c);
        }
        if toks.is_empty() {
            continue;
        }
        let id: u64 = toks[0].parse().map_err(|_| Btor2Error::Syntax {
            line,
            expected: "a node id".into(),
            found: toks[0].into(),
        })?;
        if id <= last_id {
            return Err(Btor2Error::IdNotIncreasing { line, id });
        }
        last_id = id;
        let Some(&op) = toks.get(1) else {
            return Err(Btor2Error::Syntax {
                line,
                expected: "an operator".into(),
                found: "end of line".into(),
            });
        };
        let mut p = Parser {
            line,
            toks,
            pos: 2,
            op,
        };

        let sort_of = |p: &mut Parser| -> Result<Btor2Sort> {
            let sid: u64 = p.number("a sort id")?;
            sorts
                .get(&sid)
                .copied()
                .ok_or(Btor2Error::UndefinedSort { line, id: sid })
        };
        let arg_of = |p: &mut Parser, m: &Btor2Model| -> Result<Btor2Arg> {
            let a: i64 = p.number("an argument id")?;
            let undefined = Btor2Error::UndefinedArgument { line, id: a };
            let node = *index_of.get(&a.unsigned_abs()).ok_or(undefined)?;
            let n = &m.nodes[node];
            let valueless = !n.op.has_value();
            if valueless || a == 0 {
                return Err(Btor2Error::UndefinedArgument { line, id: a });
            }
            if a < 0 && !matches!(n.sort, Some(Btor2Sort::BitVec(_))) {
                return Err(p.sort_err(format!("negated array argument {a}")));
            }
            Ok(Btor2Arg {
                node,
                negated: a < 0,
            })
        };

        if op == "sort" {
            let kind = p.next_tok("'bitvec' or 'array'")?;
            let s = match kind {
                "bitvec" => {
                    let w: u32 = p.number("a width")?;
                    if w == 0 {
                        return Err(p.sort_err("a bit-vector width must be positive"));
                    }
                    if w > MAX_WIDTH {
                        return Err(p.sort_err(
                            "a bit-vector width is at most 2^20 bits (the simulator's limit)",
                        ));
                    }
                    Btor2Sort::BitVec(w)
                }
                "array" => {
                    let i = sort_of(&mut p)?;
                    let e = sort_of(&mut p)?;
                    match (i, e) {
                        (Btor2Sort::BitVec(index), Btor2Sort::BitVec(element)) => {
                            Btor2Sort::Array { index, element }
                        }
                        _ => return Err(p.sort_err("only arrays of bit vectors are supported")),
                    }
                }
                _ => {
                    return Err(Btor2Error::Syntax {
                        line,
                        expected: "'bitvec' or 'array'".into(),
                        found: kind.into(),
                    })
                }
            };
            sorts.insert(id, s);
            continue;
        }

        let mut node = Btor2Node {
            id,
            line,
            op: Btor2Op::Input,
            sort: None,
            args: Vec::new(),
            symbol: None,
        };
        match op {
            "zero" | "one" | "ones" | "const" | "constd" | "consth" => {
                let s = sort_of(&mut p)?;
                let Btor2Sort::BitVec(w) = s else {
                    return Err(p.sort_err("a constant needs a bit-vector sort"));
                };
                let value = match op {
                    "zero" => Some(Bv::zero(w)),
                    "one" => Some(Bv::from_u64(w, 1)),
                    "ones" => Some(Bv::ones(w)),
                    _ => {
                        let lit = p.next_tok("a literal")?;
                        let v = match op {
                            "const" => Bv::from_bits(lit).filter(|v| v.width() == w),
                            "constd" => Bv::from_decimal(w, lit),
                            _ => Bv::from_hex(w, lit),
                        };
                        Some(v.ok_or_else(|| Btor2Error::Constant {
                            line,
                            op: op.into(),
                            literal: lit.into(),
                            sort: s,
                        })?)
                    }
                };
                node.op = Btor2Op::Const(value.expect("a value"));
                node.sort = Some(s);
            }
            "input" | "state" => {
                node.sort = Some(sort_of(&mut p)?);
                node.op = if op == "input" {
                    m.inputs.push(m.nodes.len());
                    Btor2Op::Input
                } else {
                    m.states.push(m.nodes.len());
                    Btor2Op::State
                };
            }
            "bad" | "constraint" | "fair" | "output" => {
                let a = arg_of(&mut p, &m)?;
                if op != "output" && m.nodes[a.node].sort != Some(Btor2Sort::BitVec(1)) {
                    return Err(p.sort_err("the argument must be 1 bit"));
                }
                node.args.push(a);
                let (o, list) = match op {
                    "bad" => (Btor2Op::Bad, &mut m.bads),
                    "constraint" => (Btor2Op::Constraint, &mut m.constraints),
                    "fair" => (Btor2Op::Fair, &mut m.fairs),
                    _ => (Btor2Op::Output, &mut m.outputs),
                };
                node.op = o;
                list.push(m.nodes.len());
            }
            "justice" => {
                let n: usize = p.number("a count")?;
                for _ in 0..n {
                    let a = arg_of(&mut p, &m)?;
                    if m.nodes[a.node].sort != Some(Btor2Sort::BitVec(1)) {
                        return Err(p.sort_err("the arguments must be 1 bit"));
                    }
                    node.args.push(a);
                }
                node.op = Btor2Op::Justice;
                m.justices.push(m.nodes.len());
            }
            "init" | "next" => {
                let s = sort_of(&mut p)?;
                let st = arg_of(&mut p, &m)?;
                let val = arg_of(&mut p, &m)?;
                let err = |message: String| Btor2Error::InitNext { line, message };
                let state = &m.nodes[st.node];
                if st.negated || state.op != Btor2Op::State {
                    return Err(err(format!("{op}: the first argument is not a state")));
                }
                if state.sort != Some(s) {
                    return Err(p.sort_err(format!("the state's sort is not {s}")));
                }
                let vs = m.sort(val.node);
                let fits = vs == s
                    || (op == "init"
                        && matches!(s, Btor2Sort::Array { element, .. }
                            if vs == Btor2Sort::BitVec(element)));
                if !fits {
                    return Err(p.sort_err(format!("a value of {vs} for a state of {s}")));
                }
                let table = if op == "init" {
                    &mut m.init
                } else {
                    &mut m.next
                };
                table.resize(m.nodes.len(), None);
                if table[st.node].is_some() {
                    return Err(err(format!(
                        "a second {op} for state {}",
                        m.nodes[st.node].id
                    )));
                }
                table[st.node] = Some(val);
                if op == "init" {
                    check_init_cone(&m, st.node, val.node).map_err(err)?;
                }
                node.op = if op == "init" {
                    Btor2Op::Init
                } else {
                    Btor2Op::Next
                };
                node.sort = Some(s);
                node.args = vec![st, val];
            }
            "slice" | "uext" | "sext" => {
                let s = sort_of(&mut p)?;
                let a = arg_of(&mut p, &m)?;
                let (Btor2Sort::BitVec(w), Btor2Sort::BitVec(aw)) = (s, m.sort(a.node)) else {
                    return Err(p.sort_err("bit vectors expected"));
                };
                node.op = if op == "slice" {
                    let upper: u32 = p.number("an upper bit index")?;
                    let lower: u32 = p.number("a lower bit index")?;
                    if !(upper < aw && lower <= upper) {
                        return Err(p.sort_err(format!(
                            "bits {upper} down to {lower} of a {aw}-bit vector"
                        )));
                    }
                    if w != upper - lower + 1 {
                        return Err(p.sort_err("the result width is not upper - lower + 1"));
                    }
                    Btor2Op::Slice { upper, lower }
                } else {
                    let n: u32 = p.number("an extension width")?;
                    if aw.checked_add(n) != Some(w) {
                        return Err(p.sort_err("the result width is not the operand's plus n"));
                    }
                    if op == "uext" {
                        Btor2Op::Uext(n)
                    } else {
                        Btor2Op::Sext(n)
                    }
                };
                node.sort = Some(s);
                node.args.push(a);
            }
            _ => {
                let Some((o, n)) = Btor2Op::plain(op) else {
                    return Err(Btor2Error::UnknownOperator {
                        line,
                        op: op.into(),
                    });
                };
                let s = sort_of(&mut p)?;
                for _ in 0..n {
                    let a = arg_of(&mut p, &m)?;
                    node.args.push(a);
                }
                let ss: Vec<Btor2Sort> = node.args.iter().map(|a| m.sort(a.node)).collect();
                check_sorts(&o, s, &ss).map_err(|msg| p.sort_err(msg))?;
                node.op = o;
                node.sort = Some(s);
            }
        }
        node.symbol = p.symbol();
        index_of.insert(id, m.nodes.len());
        m.nodes.push(node);
    }
    m.init.resize(m.nodes.len(), None);
    m.next.resize(m.nodes.len(), None);
    Ok(m)
}

/// As btor2parser: the init value is defined before the state, and its cone holds no input.
fn check_init_cone(m: &Btor2Model, state: usize, value: usize) -> std::result::Result<(), String> {
    if value >= state {
        return Err(format!(
            "init: the value {} is not defined before the state {}",
            m.nodes[value].id, m.nodes[state].id
        ));
    }
    let mut seen = vec![false; m.nodes.len()];
    let mut stack = vec![value];
    while let Some(x) = stack.pop() {
        if std::mem::replace(&mut seen[x], true) {
            continue;
        }
        match m.nodes[x].op {
            Btor2Op::Input => {
                return Err(format!(
                    "init: input {} in the init value of state {}",
                    m.nodes[x].id, m.nodes[state].id
                ))
            }
            Btor2Op::State => {}
            _ => stack.extend(m.nodes[x].args.iter().map(|a| a.node)),
        }
    }
    Ok(())
}

/// Whether an operator accepts operands of sorts `args` and a result of sort `s`.
fn check_sorts(op: &Btor2Op, s: Btor2Sort, args: &[Btor2Sort]) -> std::result::Result<(), String> {
    use Btor2Op::*;
    use Btor2Sort::*;
    let ok = match op {
        Ite => args[0] == BitVec(1) && args[1] == s && args[2] == s,
        Read => matches!(args[0], Array { index, element }
                if args[1] == BitVec(index) && s == BitVec(element)),
        Write => matches!(args[0], Array { index, element }
                if args[0] == s && args[1] == BitVec(index) && args[2] == BitVec(element)),
        Eq | Neq => args[0] == args[1] && s == BitVec(1),
        _ => {
            let (Some(w), Some(a0)) = (s.width(), args[0].width()) else {
                return Err("bit-vector operands and result expected".into());
            };
            if args.iter().any(|a| a.width().is_none()) {
                return Err("bit-vector operands expected".into());
            }
            match op {
                Not | Inc | Dec | Neg => a0 == w,
                Redand | Redor | Redxor => w == 1,
                Iff | Implies => a0 == 1 && args[1] == BitVec(1) && w == 1,
                And | Nand | Nor | Or | Xnor | Xor | Rol | Ror | Sll | Sra | Srl | Add | Mul
                | Sdiv | Udiv | Smod | Srem | Urem | Sub => a0 == w && args[1] == s,
                Sgt | Ugt | Sgte | Ugte | Slt | Ult | Slte | Ulte | Saddo | Uaddo | Sdivo
                | Smulo | Umulo | Ssubo | Usubo => args[1] == args[0] && w == 1,
                Concat => args[1].width().and_then(|b| a0.checked_add(b)) == Some(w),
                _ => false,
            }
        }
    };
    if ok {
        Ok(())
    } else {
        let given: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        Err(format!(
            "operands ({}) and result ({s}) do not fit",
            given.join(", ")
        ))
    }
}
