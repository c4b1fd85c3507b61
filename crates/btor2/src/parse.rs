//! The BTOR2 reader: text to a checked [`Model`].

use std::collections::HashMap;

use crate::model::{Arg, Model, Node, NodeId, NodeKind, Op, Sort};

/// The widest bit-vector sort accepted: every bit of a value becomes an AIG literal, so a
/// width of billions (a hostile or broken file) is refused at once instead of exhausting
/// memory; HWMCC's widest sorts are some thousands of bits.
pub const MAX_WIDTH: u32 = 1 << 20;

/// Why a BTOR2 text is not a well-formed model. Every variant names the (1-based) line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Btor2Error {
    /// A token is missing or is not what the grammar asks for.
    #[error("line {line}: expected {expected}, found {found}")]
    Expected {
        /// The line.
        line: usize,
        /// What the grammar asks for here.
        expected: &'static str,
        /// What the line has instead (`end of line` when nothing).
        found: String,
    },
    /// The keyword after the id is not one of BTOR2.
    #[error("line {line}: unknown keyword `{keyword}`")]
    UnknownKeyword {
        /// The line.
        line: usize,
        /// The keyword.
        keyword: String,
    },
    /// An id defined twice.
    #[error("line {line}: id {id} is already defined on line {first}")]
    DuplicateId {
        /// The line.
        line: usize,
        /// The id.
        id: NodeId,
        /// The line of the first definition.
        first: usize,
    },
    /// A reference to an id not defined on an earlier line.
    #[error("line {line}: id {id} is not defined before this line")]
    Undefined {
        /// The line.
        line: usize,
        /// The id.
        id: NodeId,
    },
    /// A reference to a line of the wrong kind (a sort where a value is expected, ...).
    #[error("line {line}: id {id} is not {expected}")]
    WrongKind {
        /// The line.
        line: usize,
        /// The id.
        id: NodeId,
        /// What was expected (`a sort`, `a value`, `a state`, `a bit-vector value`).
        expected: &'static str,
    },
    /// An operand or result of the wrong sort.
    #[error("line {line}: {what} has sort {found}, expected {expected}")]
    SortMismatch {
        /// The line.
        line: usize,
        /// Which operand or result.
        what: String,
        /// The sort expected.
        expected: String,
        /// The sort found.
        found: String,
    },
    /// A constant that is not a number of its kind or does not fit its width.
    #[error("line {line}: constant `{text}` is not a valid {kind} constant of width {width}")]
    BadConstant {
        /// The line.
        line: usize,
        /// The constant as written.
        text: String,
        /// `const` (binary), `constd` (decimal) or `consth` (hexadecimal).
        kind: &'static str,
        /// The sort's width.
        width: u32,
    },
    /// `slice` indices outside the operand or in the wrong order.
    #[error("line {line}: slice {upper} {lower} of a {width}-bit operand")]
    BadSlice {
        /// The line.
        line: usize,
        /// The upper index.
        upper: u32,
        /// The lower index.
        lower: u32,
        /// The operand's width.
        width: u32,
    },
    /// A second `init` or `next` for the same state.
    #[error("line {line}: state {state} already has `{keyword}` on line {first}")]
    Repeated {
        /// The line.
        line: usize,
        /// The state.
        state: NodeId,
        /// `init` or `next`.
        keyword: &'static str,
        /// The line of the first one.
        first: usize,
    },
}

/// Reads a BTOR2 model: sorts, inputs, states, `init`/`next`, constants, every operator,
/// `bad`/`constraint`/`fair`/`justice`/`output`, negative references and symbols; `;` starts a
/// comment. Each line is checked as it comes: ids are new, operands are defined on earlier
/// lines, and sorts agree as the format demands (the shift and rotate amounts may have any
/// width; `iff` and `implies` are accepted on any width, bit-wise).
pub fn parse(text: &str) -> Result<Model, Btor2Error> {
    let mut p = Parser {
        model: Model::default(),
        init: HashMap::new(),
        next: HashMap::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let content = raw.split(';').next().unwrap_or("");
        let tokens: Vec<&str> = content.split_whitespace().collect();
        if tokens.is_empty() {
            continue;
        }
        p.line(i + 1, &tokens)?;
    }
    Ok(p.model)
}

struct Parser {
    model: Model,
    init: HashMap<NodeId, usize>,
    next: HashMap<NodeId, usize>,
}

/// The tokens of one line, consumed left to right.
struct Line<'a> {
    line: usize,
    tokens: &'a [&'a str],
    pos: usize,
}

impl<'a> Line<'a> {
    fn token(&mut self, expected: &'static str) -> Result<&'a str, Btor2Error> {
        let t = self.tokens.get(self.pos).ok_or(Btor2Error::Expected {
            line: self.line,
            expected,
            found: "end of line".into(),
        })?;
        self.pos += 1;
        Ok(t)
    }

    fn number(&mut self, expected: &'static str) -> Result<u32, Btor2Error> {
        let t = self.token(expected)?;
        t.parse::<u32>().map_err(|_| Btor2Error::Expected {
            line: self.line,
            expected,
            found: format!("`{t}`"),
        })
    }

    fn id(&mut self, expected: &'static str) -> Result<NodeId, Btor2Error> {
        let line = self.line;
        let t = self.token(expected)?;
        match t.parse::<u32>() {
            Ok(id) if id > 0 => Ok(id),
            _ => Err(Btor2Error::Expected {
                line,
                expected,
                found: format!("`{t}`"),
            }),
        }
    }

    fn arg(&mut self) -> Result<Arg, Btor2Error> {
        let line = self.line;
        let t = self.token("an operand id")?;
        let (negated, digits) = match t.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, t),
        };
        match digits.parse::<u32>() {
            Ok(id) if id > 0 => Ok(Arg { id, negated }),
            _ => Err(Btor2Error::Expected {
                line,
                expected: "an operand id",
                found: format!("`{t}`"),
            }),
        }
    }

    /// The rest of the line as a symbol, if any.
    fn symbol(&mut self) -> Option<String> {
        let rest = &self.tokens[self.pos.min(self.tokens.len())..];
        self.pos = self.tokens.len();
        (!rest.is_empty()).then(|| rest.join(" "))
    }
}

impl Parser {
    fn describe(&self, sort: NodeId) -> String {
        match self.model.sort(sort) {
            Some(Sort::BitVec(w)) => format!("bitvec {w}"),
            Some(Sort::Array { index, element }) => {
                format!(
                    "array [{} -> {}]",
                    self.describe(index),
                    self.describe(element)
                )
            }
            None => format!("?{sort}"),
        }
    }

    fn same_sort(&self, a: NodeId, b: NodeId) -> bool {
        match (self.model.sort(a), self.model.sort(b)) {
            (Some(Sort::BitVec(x)), Some(Sort::BitVec(y))) => x == y,
            (
                Some(Sort::Array {
                    index: i1,
                    element: e1,
                }),
                Some(Sort::Array {
                    index: i2,
                    element: e2,
                }),
            ) => self.same_sort(i1, i2) && self.same_sort(e1, e2),
            _ => false,
        }
    }

    fn defined(&self, line: usize, id: NodeId) -> Result<&Node, Btor2Error> {
        self.model.get(id).ok_or(Btor2Error::Undefined { line, id })
    }

    /// A sort id defined earlier.
    fn sort_ref(&self, line: usize, id: NodeId) -> Result<Sort, Btor2Error> {
        self.defined(line, id)?;
        self.model.sort(id).ok_or(Btor2Error::WrongKind {
            line,
            id,
            expected: "a sort",
        })
    }

    /// The sort id of a value operand (a negated one must be a bit vector).
    fn value_sort(&self, line: usize, arg: Arg) -> Result<NodeId, Btor2Error> {
        self.defined(line, arg.id)?;
        let sort = self.model.sort_of(arg.id).ok_or(Btor2Error::WrongKind {
            line,
            id: arg.id,
            expected: "a value",
        })?;
        if arg.negated && self.model.width_of(arg.id).is_none() {
            return Err(Btor2Error::WrongKind {
                line,
                id: arg.id,
                expected: "a bit-vector value (it is negated)",
            });
        }
        Ok(sort)
    }

    fn width(&self, line: usize, arg: Arg) -> Result<u32, Btor2Error> {
        self.value_sort(line, arg)?;
        self.model.width_of(arg.id).ok_or(Btor2Error::WrongKind {
            line,
            id: arg.id,
            expected: "a bit-vector value",
        })
    }

    fn expect_sort(
        &self,
        line: usize,
        what: &str,
        found: NodeId,
        expected: NodeId,
    ) -> Result<(), Btor2Error> {
        if self.same_sort(found, expected) {
            Ok(())
        } else {
            Err(Btor2Error::SortMismatch {
                line,
                what: what.into(),
                expected: self.describe(expected),
                found: self.describe(found),
            })
        }
    }

    fn expect_width(
        &self,
        line: usize,
        what: &str,
        found: u32,
        expected: u32,
    ) -> Result<(), Btor2Error> {
        if found == expected {
            Ok(())
        } else {
            Err(Btor2Error::SortMismatch {
                line,
                what: what.into(),
                expected: format!("bitvec {expected}"),
                found: format!("bitvec {found}"),
            })
        }
    }

    /// The width of a bit-vector sort id.
    fn bv_sort(&self, line: usize, sort: NodeId) -> Result<u32, Btor2Error> {
        match self.sort_ref(line, sort)? {
            Sort::BitVec(w) => Ok(w),
            Sort::Array { .. } => Err(Btor2Error::WrongKind {
                line,
                id: sort,
                expected: "a bit-vector sort",
            }),
        }
    }

    fn line(&mut self, line: usize, tokens: &[&str]) -> Result<(), Btor2Error> {
        let mut l = Line {
            line,
            tokens,
            pos: 0,
        };
        let id = l.id("a positive node id")?;
        if let Some(first) = self.model.get(id) {
            return Err(Btor2Error::DuplicateId {
                line,
                id,
                first: first.line,
            });
        }
        let keyword = l.token("a keyword")?;
        let kind = match keyword {
            "sort" => match l.token("`bitvec` or `array`")? {
                "bitvec" => {
                    let w = l.number("a width")?;
                    if w == 0 || w > MAX_WIDTH {
                        return Err(Btor2Error::Expected {
                            line,
                            expected: "a width from 1 to 2^20",
                            found: w.to_string(),
                        });
                    }
                    NodeKind::Sort(Sort::BitVec(w))
                }
                "array" => {
                    let index = l.id("an index sort id")?;
                    self.sort_ref(line, index)?;
                    let element = l.id("an element sort id")?;
                    self.sort_ref(line, element)?;
                    NodeKind::Sort(Sort::Array { index, element })
                }
                other => {
                    return Err(Btor2Error::Expected {
                        line,
                        expected: "`bitvec` or `array`",
                        found: format!("`{other}`"),
                    })
                }
            },
            "input" | "state" => {
                let sort = l.id("a sort id")?;
                self.sort_ref(line, sort)?;
                if keyword == "input" {
                    NodeKind::Input { sort }
                } else {
                    NodeKind::State { sort }
                }
            }
            "init" | "next" => {
                let sort = l.id("a sort id")?;
                let s = self.sort_ref(line, sort)?;
                let state = l.id("a state id")?;
                let node = self.defined(line, state)?;
                let NodeKind::State { sort: state_sort } = node.kind else {
                    return Err(Btor2Error::WrongKind {
                        line,
                        id: state,
                        expected: "a state",
                    });
                };
                self.expect_sort(line, "the state", state_sort, sort)?;
                let value = l.arg()?;
                let vs = self.value_sort(line, value)?;
                let element_init = match s {
                    Sort::Array { element, .. } => keyword == "init" && self.same_sort(vs, element),
                    Sort::BitVec(_) => false,
                };
                if !element_init {
                    self.expect_sort(line, "the value", vs, sort)?;
                }
                let (seen, kw) = if keyword == "init" {
                    (&mut self.init, "init")
                } else {
                    (&mut self.next, "next")
                };
                if let Some(&first) = seen.get(&state) {
                    return Err(Btor2Error::Repeated {
                        line,
                        state,
                        keyword: kw,
                        first,
                    });
                }
                seen.insert(state, line);
                if keyword == "init" {
                    NodeKind::Init { sort, state, value }
                } else {
                    NodeKind::Next { sort, state, value }
                }
            }
            "const" | "constd" | "consth" => {
                let sort = l.id("a sort id")?;
                let width = self.bv_sort(line, sort)?;
                let text = l.token("a constant")?;
                let kind: &'static str = match keyword {
                    "const" => "const",
                    "constd" => "constd",
                    _ => "consth",
                };
                let bits = match kind {
                    "const" => binary(text, width),
                    "constd" => decimal(text, width),
                    _ => hexadecimal(text, width),
                }
                .ok_or_else(|| Btor2Error::BadConstant {
                    line,
                    text: text.into(),
                    kind,
                    width,
                })?;
                NodeKind::Const { sort, bits }
            }
            "zero" | "one" | "ones" => {
                let sort = l.id("a sort id")?;
                let width = self.bv_sort(line, sort)? as usize;
                let mut bits = vec![keyword == "ones"; width];
                if keyword == "one" {
                    bits[0] = true;
                }
                NodeKind::Const { sort, bits }
            }
            "bad" | "constraint" | "fair" | "output" => {
                let arg = l.arg()?;
                if keyword == "output" {
                    self.value_sort(line, arg)?;
                    NodeKind::Output(arg)
                } else {
                    let w = self.width(line, arg)?;
                    self.expect_width(line, "the condition", w, 1)?;
                    match keyword {
                        "bad" => NodeKind::Bad(arg),
                        "constraint" => NodeKind::Constraint(arg),
                        _ => NodeKind::Fair(arg),
                    }
                }
            }
            "justice" => {
                let n = l.number("the number of justice conditions")?;
                let mut args = Vec::with_capacity(n as usize);
                for _ in 0..n {
                    let arg = l.arg()?;
                    let w = self.width(line, arg)?;
                    self.expect_width(line, "a justice condition", w, 1)?;
                    args.push(arg);
                }
                NodeKind::Justice(args)
            }
            _ => {
                let Some((op, arity)) = Op::from_name(keyword) else {
                    return Err(Btor2Error::UnknownKeyword {
                        line,
                        keyword: keyword.into(),
                    });
                };
                let sort = l.id("a sort id")?;
                self.sort_ref(line, sort)?;
                let mut args = Vec::with_capacity(arity);
                for _ in 0..arity {
                    args.push(l.arg()?);
                }
                let op = self.check_op(line, &mut l, op, sort, &args)?;
                NodeKind::Op { op, sort, args }
            }
        };
        let symbol = l.symbol();
        self.model.push(Node {
            id,
            line,
            kind,
            symbol,
        });
        Ok(())
    }

    /// Reads the indices of `slice`, `uext` and `sext` and checks the sorts of an operator.
    fn check_op(
        &self,
        line: usize,
        l: &mut Line<'_>,
        op: Op,
        sort: NodeId,
        args: &[Arg],
    ) -> Result<Op, Btor2Error> {
        use Op::*;
        let result = || self.bv_sort(line, sort);
        let w = |i: usize| self.width(line, args[i]);
        let op = match op {
            Slice { .. } => {
                let upper = l.number("the upper slice index")?;
                let lower = l.number("the lower slice index")?;
                let width = w(0)?;
                if upper < lower || upper >= width {
                    return Err(Btor2Error::BadSlice {
                        line,
                        upper,
                        lower,
                        width,
                    });
                }
                self.expect_width(line, "the result", result()?, upper - lower + 1)?;
                Slice { upper, lower }
            }
            Uext(_) | Sext(_) => {
                let by = l.number("the number of extension bits")?;
                let width = w(0)?;
                self.expect_width(line, "the result", result()?, width.saturating_add(by))?;
                if matches!(op, Uext(_)) {
                    Uext(by)
                } else {
                    Sext(by)
                }
            }
            Not | Inc | Dec | Neg => {
                self.expect_width(line, "the result", result()?, w(0)?)?;
                op
            }
            Redand | Redor | Redxor => {
                w(0)?;
                self.expect_width(line, "the result", result()?, 1)?;
                op
            }
            Eq | Neq => {
                let a = self.value_sort(line, args[0])?;
                let b = self.value_sort(line, args[1])?;
                self.expect_sort(line, "the second operand", b, a)?;
                self.expect_width(line, "the result", result()?, 1)?;
                op
            }
            Sgt | Sgte | Slt | Slte | Ugt | Ugte | Ult | Ulte | Saddo | Uaddo | Sdivo | Smulo
            | Umulo | Ssubo | Usubo => {
                self.expect_width(line, "the second operand", w(1)?, w(0)?)?;
                self.expect_width(line, "the result", result()?, 1)?;
                op
            }
            Iff | Implies | And | Nand | Nor | Or | Xnor | Xor | Add | Mul | Sdiv | Smod | Srem
            | Udiv | Urem | Sub => {
                let a = w(0)?;
                self.expect_width(line, "the second operand", w(1)?, a)?;
                self.expect_width(line, "the result", result()?, a)?;
                op
            }
            Rol | Ror | Sll | Sra | Srl => {
                w(1)?;
                self.expect_width(line, "the result", result()?, w(0)?)?;
                op
            }
            Concat => {
                let total = w(0)?.saturating_add(w(1)?);
                self.expect_width(line, "the result", result()?, total)?;
                op
            }
            Ite => {
                let c = w(0)?;
                self.expect_width(line, "the condition", c, 1)?;
                let t = self.value_sort(line, args[1])?;
                let e = self.value_sort(line, args[2])?;
                self.expect_sort(line, "the then operand", t, sort)?;
                self.expect_sort(line, "the else operand", e, sort)?;
                op
            }
            Read | Write => {
                let a = self.value_sort(line, args[0])?;
                let Some(Sort::Array { index, element }) = self.model.sort(a) else {
                    return Err(Btor2Error::WrongKind {
                        line,
                        id: args[0].id,
                        expected: "an array",
                    });
                };
                let i = self.value_sort(line, args[1])?;
                self.expect_sort(line, "the index", i, index)?;
                if op == Read {
                    self.expect_sort(line, "the result", sort, element)?;
                } else {
                    let v = self.value_sort(line, args[2])?;
                    self.expect_sort(line, "the written value", v, element)?;
                    self.expect_sort(line, "the result", sort, a)?;
                }
                op
            }
        };
        Ok(op)
    }
}

/// A binary constant of exactly `width` digits, LSB first.
fn binary(text: &str, width: u32) -> Option<Vec<bool>> {
    if text.len() != width as usize {
        return None;
    }
    text.bytes()
        .rev()
        .map(|b| match b {
            b'0' => Some(false),
            b'1' => Some(true),
            _ => None,
        })
        .collect()
}

/// A hexadecimal constant whose value fits `width` bits, LSB first.
fn hexadecimal(text: &str, width: u32) -> Option<Vec<bool>> {
    if text.is_empty() {
        return None;
    }
    let mut bits = Vec::with_capacity(text.len() * 4);
    for c in text.chars().rev() {
        let d = c.to_digit(16)?;
        bits.extend((0..4).map(|i| d >> i & 1 == 1));
    }
    fit(bits, width)
}

/// Drops leading zeros beyond `width`; `None` when a one is beyond it.
fn fit(mut bits: Vec<bool>, width: u32) -> Option<Vec<bool>> {
    let width = width as usize;
    if bits.len() > width {
        if bits[width..].iter().any(|&b| b) {
            return None;
        }
        bits.truncate(width);
    }
    bits.resize(width, false);
    Some(bits)
}

/// A decimal constant, possibly negative (two's complement), LSB first: the value must lie in
/// `-2^(width-1) ..= 2^width - 1`.
fn decimal(text: &str, width: u32) -> Option<Vec<bool>> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Repeated halving of the decimal digit string.
    let mut num: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    let mut bits = Vec::new();
    while num.iter().any(|&d| d != 0) {
        let mut rem = 0u8;
        for d in num.iter_mut() {
            let cur = rem * 10 + *d;
            *d = cur / 2;
            rem = cur % 2;
        }
        bits.push(rem == 1);
    }
    if !negative {
        return fit(bits, width);
    }
    // Magnitude at most 2^(width-1).
    let w = width as usize;
    let magnitude_ok = match bits.iter().rposition(|&b| b) {
        None => true,
        Some(top) => top < w - 1 || (top == w - 1 && bits[..top].iter().all(|&b| !b)),
    };
    if !magnitude_ok {
        return None;
    }
    bits.resize(w, false);
    // Two's complement: invert and add one.
    let mut carry = true;
    for b in bits.iter_mut() {
        let v = !*b;
        *b = v ^ carry;
        carry &= v;
    }
    Some(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_constants() {
        assert_eq!(decimal("5", 4), Some(vec![true, false, true, false]));
        assert_eq!(decimal("-1", 3), Some(vec![true, true, true]));
        assert_eq!(decimal("-4", 3), Some(vec![false, false, true]));
        assert_eq!(decimal("-5", 3), None);
        assert_eq!(decimal("8", 3), None);
        assert_eq!(decimal("7", 3), Some(vec![true, true, true]));
        assert_eq!(decimal("0", 1), Some(vec![false]));
        assert_eq!(decimal("-0", 2), Some(vec![false, false]));
    }

    #[test]
    fn hex_and_binary_constants() {
        assert_eq!(hexadecimal("a", 4), Some(vec![false, true, false, true]));
        assert_eq!(hexadecimal("0f", 4), Some(vec![true; 4]));
        assert_eq!(hexadecimal("1f", 4), None);
        assert_eq!(binary("10", 2), Some(vec![false, true]));
        assert_eq!(binary("102", 3), None);
    }

    #[test]
    fn a_small_model() {
        let m = parse(
            "; comment\n1 sort bitvec 4\n2 sort bitvec 1\n3 input 1 x ; trailing\n\
             4 state 1 s\n5 zero 1\n6 init 1 4 5\n7 add 1 -3 4\n8 next 1 4 7\n\
             9 eq 2 4 3\n10 bad 9 reached\n11 slice 2 4 3 3\n12 justice 2 9 -11\n",
        )
        .unwrap();
        assert_eq!(m.nodes.len(), 12);
        assert_eq!(m.get(3).unwrap().symbol.as_deref(), Some("x"));
        assert_eq!(m.get(10).unwrap().symbol.as_deref(), Some("reached"));
        assert_eq!(
            m.get(7).unwrap().kind,
            NodeKind::Op {
                op: Op::Add,
                sort: 1,
                args: vec![
                    Arg {
                        id: 3,
                        negated: true
                    },
                    Arg {
                        id: 4,
                        negated: false
                    }
                ]
            }
        );
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("1 sort bitvec 4\n2 input 1\n3 add 1 2 5\n").unwrap_err();
        assert_eq!(e, Btor2Error::Undefined { line: 3, id: 5 });
        let e = parse("1 sort bitvec 4\n2 sort bitvec 1\n3 input 1\n4 bad 3\n").unwrap_err();
        assert!(matches!(e, Btor2Error::SortMismatch { line: 4, .. }), "{e}");
        let e = parse("1 sort bitvec 4\n2 frobnicate 1\n").unwrap_err();
        assert!(matches!(e, Btor2Error::UnknownKeyword { line: 2, .. }));
        let e = parse("1 sort bitvec 4\n1 sort bitvec 2\n").unwrap_err();
        assert!(matches!(e, Btor2Error::DuplicateId { line: 2, .. }));
        let e = parse("1 sort bitvec 4\n2 constd 1 16\n").unwrap_err();
        assert!(matches!(e, Btor2Error::BadConstant { line: 2, .. }));
        let e = parse("1 sort bitvec 4\n2 input 1\n3 slice 1 2 4 1\n").unwrap_err();
        assert!(matches!(e, Btor2Error::BadSlice { line: 3, .. }));
        let e = parse("1 sort bitvec 4\n2 input 1\n3 add 1 2\n").unwrap_err();
        assert!(matches!(e, Btor2Error::Expected { line: 3, .. }));
        // A width no memory holds is refused at once.
        let e = parse("1 sort bitvec 4\n2 sort bitvec 4000000000\n").unwrap_err();
        assert!(matches!(e, Btor2Error::Expected { line: 2, .. }), "{e}");
    }
}
