//! Reading and writing AIGER files: ASCII `.aag`, binary `.aig`, either gzip-compressed.
//!
//! The reader never panics and never loops without consuming input: every malformed file gets
//! an [`AigerError`] naming the line (ASCII parts) or byte offset (binary AND section) and what
//! was expected there. Memory is bounded by the input's size, not by the header's counts.

use std::fmt;
use std::io::Read;
use std::path::Path;

use pdrkit_logic::{Lit, Var};

use crate::aig::{Aig, AndGate, Latch, Reset, Symbol, SymbolKind};

/// Where in the input an error was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// A line (1-based) of the ASCII text.
    Line(usize),
    /// A byte offset (0-based) in the (decompressed) input.
    Byte(usize),
    /// The whole input (reading failed, or a property of the whole file).
    File,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line(l) => write!(f, "line {l}"),
            Position::Byte(b) => write!(f, "byte {b}"),
            Position::File => write!(f, "file"),
        }
    }
}

/// A malformed or unreadable AIGER input.
#[derive(Debug, thiserror::Error)]
pub enum AigerError {
    /// The input could not be read. (Not marked as the error's source: its text is already
    /// in the message, and error reporters that print the chain would repeat it.)
    #[error("cannot read: {0}")]
    Io(std::io::Error),
    /// The input is not well-formed AIGER.
    #[error("{position}: {message}")]
    Syntax {
        /// Where.
        position: Position,
        /// What was expected or what is wrong.
        message: String,
    },
    /// Latches whose reset functions depend on each other in a cycle (see
    /// [`AigError::ResetCycle`](crate::AigError::ResetCycle)).
    #[error("{position}: {}", crate::aig::reset_cycle_text(.latches))]
    ResetCycle {
        /// The line of the cycle's first latch.
        position: Position,
        /// The latches of the cycle, as (position in the latch list, literal code): each one's
        /// reset function reads the next one's value, and the last one's reads the first's.
        latches: Vec<(usize, u32)>,
    },
}

impl AigerError {
    fn at(position: Position, message: impl Into<String>) -> Self {
        AigerError::Syntax {
            position,
            message: message.into(),
        }
    }
}

impl From<std::io::Error> for AigerError {
    fn from(e: std::io::Error) -> Self {
        AigerError::Io(e)
    }
}

type Result<T> = std::result::Result<T, AigerError>;

/// Reads an AIGER file (`.aag`, `.aig`, or either gzip-compressed, recognised by content).
pub fn read_file(path: impl AsRef<Path>) -> Result<Aig> {
    let path = path.as_ref();
    let with_path = |e: std::io::Error| {
        AigerError::Io(std::io::Error::new(
            e.kind(),
            format!("{}: {e}", path.display()),
        ))
    };
    let meta = std::fs::metadata(path).map_err(with_path)?;
    if meta.is_dir() {
        return Err(AigerError::Io(std::io::Error::other(format!(
            "{}: is a directory, expected an AIGER file",
            path.display()
        ))));
    }
    let bytes = std::fs::read(path).map_err(with_path)?;
    parse(&bytes)
}

/// Parses AIGER from bytes (ASCII or binary, optionally gzip-compressed).
pub fn parse(bytes: &[u8]) -> Result<Aig> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .read_to_end(&mut out)
            .map_err(|e| {
                AigerError::at(
                    Position::File,
                    format!("bad gzip data: {e}; expected a complete gzip stream"),
                )
            })?;
        return Parser::new(&out).parse();
    }
    Parser::new(bytes).parse()
}

/// The largest `M` accepted: literals up to `2M + 1` must fit in 31 bits with room to spare for
/// the variables the transition system adds.
const MAX_VAR: u32 = (u32::MAX >> 2) - 1;

/// A binary file's inputs take no bytes, so their count is bounded separately to keep memory
/// linear in the input's size: this many for free, plus [`INPUTS_PER_BYTE`] per byte of input.
const FREE_INPUTS: u64 = 1 << 20;
/// See [`FREE_INPUTS`].
const INPUTS_PER_BYTE: u64 = 16;

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
    line: usize,
}

/// What defines a variable (ASCII files only: binary files define every variable implicitly).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Def {
    None,
    Input,
    Latch,
    And,
}

impl Def {
    fn name(self) -> &'static str {
        match self {
            Def::None => "nothing",
            Def::Input => "an input",
            Def::Latch => "a latch",
            Def::And => "an AND gate",
        }
    }
}

/// Which variables are defined and by what: dense up to a bound proportional to the input's
/// size, sparse above it, so a huge `M` with a few high literals allocates nothing big.
struct Defs {
    dense: Vec<Def>,
    sparse: hashbrown::HashMap<u32, Def>,
}

impl Defs {
    fn new(max_var: u32, input_len: usize) -> Self {
        let n = (max_var as usize + 1).min(input_len.saturating_mul(2) + 64);
        Defs {
            dense: vec![Def::None; n],
            sparse: hashbrown::HashMap::new(),
        }
    }

    fn get(&self, v: u32) -> Def {
        match self.dense.get(v as usize) {
            Some(&d) => d,
            None => self.sparse.get(&v).copied().unwrap_or(Def::None),
        }
    }

    fn set(&mut self, v: u32, d: Def) {
        match self.dense.get_mut(v as usize) {
            Some(slot) => *slot = d,
            None => {
                self.sparse.insert(v, d);
            }
        }
    }
}

/// The first line of each section of an ASCII file, to point errors found after parsing (an
/// undefined literal, a cycle) at the line that holds the culprit.
#[derive(Default)]
struct Lines {
    latches: usize,
    outputs: usize,
    bads: usize,
    constraints: usize,
    justice: usize,
    fairness: usize,
    ands: usize,
}

impl<'a> Parser<'a> {
    fn new(b: &'a [u8]) -> Self {
        Parser { b, pos: 0, line: 1 }
    }

    fn err<T>(&self, msg: impl Into<String>) -> Result<T> {
        Err(AigerError::at(Position::Line(self.line), msg))
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<u8> {
        self.b.get(self.pos + k).copied()
    }

    /// The error for what stands here (or the end of the file) where something else was
    /// expected: `at_end` is what the message says was expected at the end of the file, `here`
    /// what it says before the byte found.
    fn unexpected<T>(&self, at_end: &str, here: &str) -> Result<T> {
        match self.peek() {
            None => self.err(format!("unexpected end of file: expected {at_end}")),
            Some(c) => self.err(format!("expected {here}, found {}", show_byte(c))),
        }
    }

    /// Expects exactly one space.
    fn space(&mut self, what: &str) -> Result<()> {
        if self.peek() != Some(b' ') {
            return self.unexpected(
                &format!("a space and then {what}"),
                &format!("a space before {what}"),
            );
        }
        self.pos += 1;
        Ok(())
    }

    fn newline(&mut self, what: &str) -> Result<()> {
        // Tolerate trailing spaces and a carriage return: common in hand-written files.
        while matches!(self.peek(), Some(b' ') | Some(b'\r') | Some(b'\t')) {
            self.pos += 1;
        }
        if self.peek() != Some(b'\n') {
            let expected = format!("a newline after {what}");
            return self.unexpected(&expected, &expected);
        }
        self.pos += 1;
        self.line += 1;
        Ok(())
    }

    fn number(&mut self, what: &str) -> Result<u32> {
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(c @ b'0'..=b'9') = self.peek() {
            v = v * 10 + u64::from(c - b'0');
            if v > u64::from(u32::MAX) {
                return self.err(format!(
                    "expected {what}, found a number too large (more than 32 bits)"
                ));
            }
            self.pos += 1;
        }
        if self.pos == start {
            return self.unexpected(what, &format!("{what} (a number)"));
        }
        Ok(v as u32)
    }

    /// Checks and records the definition of literal `lit` (ASCII files).
    fn define(&self, defs: &mut Defs, m: u32, lit: u32, kind: Def) -> Result<()> {
        let what = kind.name();
        if lit & 1 == 1 {
            return self.err(format!(
                "{what} is defined by the odd literal {lit}: expected an even (positive) literal"
            ));
        }
        if lit < 2 {
            return self.err(format!(
                "{what} is defined by literal {lit}, the constant: expected a literal from 2 to 2*M = {}",
                2 * u64::from(m)
            ));
        }
        if lit / 2 > m {
            return self.err(format!(
                "{what} is defined by literal {lit}, above the maximum 2*M+1 = {}: expected an even literal from 2 to 2*M",
                2 * u64::from(m) + 1
            ));
        }
        let v = lit / 2;
        let old = defs.get(v);
        if old != Def::None {
            return self.err(format!(
                "variable {v} (literal {lit}) is defined twice: as {} and as {what}; expected one definition per variable",
                old.name()
            ));
        }
        defs.set(v, kind);
        Ok(())
    }

    fn parse(mut self) -> Result<Aig> {
        let binary = if self.b.starts_with(b"aag") {
            false
        } else if self.b.starts_with(b"aig") {
            true
        } else if self.b.is_empty() {
            return self.err("empty file: expected an AIGER header 'aag' or 'aig'");
        } else {
            return self.err("expected an AIGER header starting with 'aag' or 'aig'");
        };
        self.pos = 3;
        let mut h = [0u32; 9];
        let names = ["M", "I", "L", "O", "A", "B", "C", "J", "F"];
        for (k, name) in names.iter().enumerate() {
            // B, C, J, F are optional (AIGER 1.9); a trailing space is not a count.
            if k >= 5
                && !(self.peek() == Some(b' ')
                    && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()))
            {
                break;
            }
            self.space(&format!("header count {name}"))?;
            h[k] = self.number(&format!("header count {name}"))?;
        }
        self.newline("the header (at most 9 counts: M I L O A B C J F)")?;
        let [m, ni, nl, no, na, nb, nc, nj, nf] = h;
        let defined = u64::from(ni) + u64::from(nl) + u64::from(na);
        if defined > u64::from(m) {
            return Err(AigerError::at(
                Position::Line(1),
                format!("header: expected M >= I + L + A, but M = {m} and I + L + A = {defined}"),
            ));
        }
        if binary && defined != u64::from(m) {
            return Err(AigerError::at(
                Position::Line(1),
                format!("header: binary AIGER needs M = I + L + A (expected M = {defined}), but M = {m} and I + L + A = {defined}"),
            ));
        }
        if m > MAX_VAR {
            return Err(AigerError::at(
                Position::Line(1),
                format!("header: M = {m} is too large (expected at most {MAX_VAR})"),
            ));
        }
        if binary {
            let limit = FREE_INPUTS + INPUTS_PER_BYTE * self.b.len() as u64;
            if u64::from(ni) > limit {
                return Err(AigerError::at(
                    Position::Line(1),
                    format!(
                        "header: I = {ni} implicit inputs in a binary file of {} bytes: expected at most {limit}",
                        self.b.len()
                    ),
                ));
            }
        }
        // Never trust counts for allocation: each entry but a binary input takes at least two
        // bytes, so a count larger than the bytes left is an error found when they run out.
        let len = self.b.len();
        let cap = |n: u32| (n as usize).min(len / 2 + 1);
        let mut aig = Aig {
            max_var: m,
            ..Aig::default()
        };
        let mut defs = Defs::new(if binary { 0 } else { m }, len);
        let mut lines = Lines::default();
        // Inputs.
        if binary {
            aig.inputs = (1..=ni).map(|v| Var(v).lit()).collect();
        } else {
            aig.inputs.reserve(cap(ni));
            for _ in 0..ni {
                let lit = self.number("an input literal")?;
                self.define(&mut defs, m, lit, Def::Input)?;
                self.newline("an input literal")?;
                aig.inputs.push(Lit::from_code(lit));
            }
        }
        // Latches.
        lines.latches = self.line;
        aig.latches.reserve(cap(nl));
        for i in 0..nl {
            let lit = if binary {
                2 * (ni + i + 1)
            } else {
                let l = self.number("a latch literal")?;
                self.define(&mut defs, m, l, Def::Latch)?;
                self.space("the latch's next-state literal")?;
                l
            };
            let next = self.lit_ref(m, "a latch's next-state literal")?;
            let reset = if self.peek() == Some(b' ')
                && self.peek_at(1).is_some_and(|c| c.is_ascii_digit())
            {
                self.pos += 1;
                let r = self.number("a latch reset value")?;
                if r == 0 {
                    Reset::Zero
                } else if r == 1 {
                    Reset::One
                } else if r == lit {
                    Reset::Uninit
                } else if u64::from(r) <= 2 * u64::from(m) + 1 {
                    // AIGER 1.9.23: any literal (its negation, another latch, an input, a
                    // gate) is the latch's start value as a function of step 0.
                    Reset::Function(Lit::from_code(r))
                } else {
                    return self.err(format!(
                        "expected a latch reset of 0, 1, the latch literal {lit} or a literal of at most 2*M+1 = {}, found {r}",
                        2 * u64::from(m) + 1
                    ));
                }
            } else {
                Reset::Zero
            };
            self.newline("a latch")?;
            aig.latches.push(Latch {
                lit: Lit::from_code(lit),
                next,
                reset,
            });
        }
        lines.outputs = self.line;
        lines.bads = lines.outputs + no as usize;
        lines.constraints = lines.bads + nb as usize;
        for (n, list, what) in [
            (no, &mut aig.outputs, "an output literal"),
            (nb, &mut aig.bads, "a bad-state literal"),
            (nc, &mut aig.constraints, "a constraint literal"),
        ] {
            list.reserve(cap(n));
            for _ in 0..n {
                let l = self.lit_ref(m, what)?;
                self.newline(what)?;
                list.push(l);
            }
        }
        let mut jsizes = Vec::with_capacity(cap(nj));
        for _ in 0..nj {
            let s = self.number("a justice property's size")?;
            self.newline("a justice property's size")?;
            jsizes.push(s);
        }
        lines.justice = self.line;
        aig.justice.reserve(cap(nj));
        for s in jsizes {
            let mut j = Vec::with_capacity(cap(s));
            for _ in 0..s {
                let l = self.lit_ref(m, "a justice literal")?;
                self.newline("a justice literal")?;
                j.push(l);
            }
            aig.justice.push(j);
        }
        lines.fairness = self.line;
        aig.fairness.reserve(cap(nf));
        for _ in 0..nf {
            let l = self.lit_ref(m, "a fairness literal")?;
            self.newline("a fairness literal")?;
            aig.fairness.push(l);
        }
        // AND gates.
        lines.ands = self.line;
        aig.ands.reserve(cap(na));
        for i in 0..na {
            if binary {
                let lhs = 2 * (ni + nl + i + 1);
                let at = self.pos;
                let d0 = self.varint(lhs)?;
                let d1 = self.varint(lhs)?;
                let rhs0 = lhs.checked_sub(d0).filter(|_| d0 > 0).ok_or_else(|| {
                    AigerError::at(
                        Position::Byte(at),
                        format!("AND gate {lhs}: expected a first delta in 1..={lhs}, found {d0}"),
                    )
                })?;
                let rhs1 = rhs0.checked_sub(d1).ok_or_else(|| {
                    AigerError::at(
                        Position::Byte(at),
                        format!(
                            "AND gate {lhs}: expected a second delta in 0..={rhs0} (at most the first input {rhs0}), found {d1}"
                        ),
                    )
                })?;
                aig.ands.push(AndGate {
                    lhs: Lit::from_code(lhs),
                    rhs0: Lit::from_code(rhs0),
                    rhs1: Lit::from_code(rhs1),
                });
            } else {
                let lhs = self.number("an AND gate's literal")?;
                self.define(&mut defs, m, lhs, Def::And)?;
                self.space("the AND gate's first input")?;
                let rhs0 = self.lit_ref(m, "an AND gate's first input")?;
                self.space("the AND gate's second input")?;
                let rhs1 = self.lit_ref(m, "an AND gate's second input")?;
                self.newline("an AND gate")?;
                aig.ands.push(AndGate {
                    lhs: Lit::from_code(lhs),
                    rhs0,
                    rhs1,
                });
            }
        }
        self.symbols_and_comments(&mut aig, [ni, nl, no, nb, nc, nj, nf])?;
        if !binary {
            // A binary file defines every variable up to M, and its AND gates only read
            // smaller literals: nothing to check there.
            check_defined(&aig, &defs, &lines)?;
            topo_sort(&mut aig, lines.ands)?;
        }
        // Every literal is defined and the gates are ordered: what `reset_cycle` needs.
        if let Some(latches) = aig.reset_cycle() {
            return Err(AigerError::ResetCycle {
                position: Position::Line(lines.latches + latches.first().map_or(0, |l| l.0)),
                latches,
            });
        }
        Ok(aig)
    }

    /// A literal that refers to a variable (not a definition); range-checked against M.
    fn lit_ref(&mut self, m: u32, what: &str) -> Result<Lit> {
        let l = self.number(what)?;
        if u64::from(l) > 2 * u64::from(m) + 1 {
            return self.err(format!(
                "expected {what} of at most 2*M+1 = {}, found {l}",
                2 * u64::from(m) + 1
            ));
        }
        Ok(Lit::from_code(l))
    }

    /// One delta of the binary AND section (7 bits per byte, low bits first).
    fn varint(&mut self, lhs: u32) -> Result<u32> {
        let start = self.pos;
        let mut v: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(c) = self.peek() else {
                return Err(AigerError::at(
                    Position::Byte(self.pos),
                    format!(
                        "unexpected end of file in the binary AND section: expected a delta of AND gate {lhs}"
                    ),
                ));
            };
            self.pos += 1;
            v |= u64::from(c & 0x7f) << shift;
            if v > u64::from(u32::MAX) || shift > 28 {
                return Err(AigerError::at(
                    Position::Byte(start),
                    format!("AND gate {lhs}: expected a delta of at most 32 bits"),
                ));
            }
            if c & 0x80 == 0 {
                return Ok(v as u32);
            }
            shift += 7;
        }
    }

    fn symbols_and_comments(&mut self, aig: &mut Aig, counts: [u32; 7]) -> Result<()> {
        // The binary AND section does not count lines: recount from here on.
        self.line = 1 + self.b[..self.pos].iter().filter(|&&c| c == b'\n').count();
        while let Some(c) = self.peek() {
            let kind = match c {
                b'i' => SymbolKind::Input,
                b'l' => SymbolKind::Latch,
                b'o' => SymbolKind::Output,
                b'b' => SymbolKind::Bad,
                b'c' => {
                    // "c" alone on its line starts the comments; "c<N> name" is a constraint symbol.
                    let rest_of_line = &self.b[self.pos + 1..];
                    let end = rest_of_line
                        .iter()
                        .position(|&c| c == b'\n')
                        .unwrap_or(rest_of_line.len());
                    if rest_of_line[..end]
                        .iter()
                        .all(|c| matches!(c, b' ' | b'\t' | b'\r'))
                    {
                        let start = (self.pos + 1 + end + 1).min(self.b.len());
                        let mut text = &self.b[start..];
                        if let [rest @ .., b'\n'] = text {
                            text = rest;
                        }
                        if !self.b[start..].is_empty() {
                            aig.comments = text
                                .split(|&c| c == b'\n')
                                .map(|l| String::from_utf8_lossy(trim_cr(l)).into_owned())
                                .collect();
                        }
                        self.pos = self.b.len();
                        return Ok(());
                    }
                    SymbolKind::Constraint
                }
                b'j' => SymbolKind::Justice,
                b'f' => SymbolKind::Fairness,
                b'\n' => {
                    // Blank lines at the end are harmless.
                    self.pos += 1;
                    self.line += 1;
                    continue;
                }
                b'\r' if self.peek_at(1) == Some(b'\n') => {
                    self.pos += 1;
                    continue;
                }
                _ => {
                    return self.err(format!(
                        "expected a symbol (i, l, o, b, c, j or f followed by a position) or 'c' alone for comments, found {}",
                        show_byte(c)
                    ))
                }
            };
            self.pos += 1;
            let index = self.number(&format!("the position of a symbol '{}'", kind.letter()))?;
            let n = counts[kind as usize];
            if index >= n {
                return self.err(format!(
                    "symbol {}{index}: expected a position below {n}, the number of entries of its list",
                    kind.letter()
                ));
            }
            if self.peek() != Some(b' ') {
                let expected = format!("a space and a name after symbol {}{index}", kind.letter());
                return self.unexpected(&expected, &expected);
            }
            self.pos += 1;
            let start = self.pos;
            let end = self.b[start..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(self.b.len(), |k| start + k);
            self.pos = end;
            let name = String::from_utf8_lossy(trim_cr(&self.b[start..end])).into_owned();
            if self.peek() == Some(b'\n') {
                self.pos += 1;
                self.line += 1;
            }
            aig.symbols.push(Symbol {
                kind,
                index: index as usize,
                name,
            });
        }
        Ok(())
    }
}

/// A line without the carriage returns that end it (CRLF files).
fn trim_cr(mut line: &[u8]) -> &[u8] {
    while let [rest @ .., b'\r'] = line {
        line = rest;
    }
    line
}

fn show_byte(c: u8) -> String {
    if c.is_ascii_graphic() {
        format!("'{}'", c as char)
    } else {
        format!("byte 0x{c:02x}")
    }
}

/// Every referenced variable must be defined (or be the constant). ASCII files only.
fn check_defined(aig: &Aig, defs: &Defs, lines: &Lines) -> Result<()> {
    let is_def = |l: Lit| l.var().0 == 0 || defs.get(l.var().0) != Def::None;
    let undefined = |line: usize, l: Lit, what: &str| {
        Err(AigerError::at(
            Position::Line(line),
            format!(
                "{what} uses literal {} whose variable {} is never defined: expected an input, latch or AND gate literal, or 0/1",
                l.code(),
                l.var().0
            ),
        ))
    };
    for (k, l) in aig.latches.iter().enumerate() {
        for used in std::iter::once(l.next).chain(l.reset.function()) {
            if !is_def(used) {
                return undefined(lines.latches + k, used, &format!("latch {}", l.lit.code()));
            }
        }
    }
    for (list, first, what) in [
        (&aig.outputs, lines.outputs, "an output"),
        (&aig.bads, lines.bads, "a bad-state property"),
        (&aig.constraints, lines.constraints, "a constraint"),
        (&aig.fairness, lines.fairness, "a fairness constraint"),
    ] {
        if let Some(k) = list.iter().position(|&l| !is_def(l)) {
            return undefined(first + k, list[k], what);
        }
    }
    let mut line = lines.justice;
    for j in &aig.justice {
        if let Some(k) = j.iter().position(|&l| !is_def(l)) {
            return undefined(line + k, j[k], "a justice property");
        }
        line += j.len();
    }
    for (k, g) in aig.ands.iter().enumerate() {
        for r in [g.rhs0, g.rhs1] {
            if !is_def(r) {
                return undefined(lines.ands + k, r, &format!("AND gate {}", g.lhs.code()));
            }
        }
    }
    Ok(())
}

/// Puts the AND gates of an ASCII file in topological order; a cycle is an error. `first_line`
/// is the line of the first gate, for the error.
fn topo_sort(aig: &mut Aig, first_line: usize) -> Result<()> {
    let index: hashbrown::HashMap<u32, usize> = aig
        .ands
        .iter()
        .enumerate()
        .map(|(i, g)| (g.lhs.var().0, i))
        .collect();
    // Files are usually ordered already: then there is nothing to do.
    let ordered = aig.ands.iter().enumerate().all(|(i, g)| {
        [g.rhs0, g.rhs1]
            .iter()
            .all(|r| index.get(&r.var().0).is_none_or(|&k| k < i))
    });
    if ordered {
        return Ok(());
    }
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; aig.ands.len()];
    let mut order = Vec::with_capacity(aig.ands.len());
    let mut stack: Vec<(usize, u8)> = Vec::new();
    for root in 0..aig.ands.len() {
        if state[root] != 0 {
            continue;
        }
        stack.push((root, 0));
        state[root] = 1;
        while let Some(&mut (g, ref mut child)) = stack.last_mut() {
            if *child < 2 {
                let r = if *child == 0 {
                    aig.ands[g].rhs0
                } else {
                    aig.ands[g].rhs1
                };
                *child += 1;
                if let Some(&c) = index.get(&r.var().0) {
                    match state[c] {
                        0 => {
                            state[c] = 1;
                            stack.push((c, 0));
                        }
                        1 => {
                            return Err(AigerError::at(
                                Position::Line(first_line + g),
                                format!(
                                    "AND gates form a cycle: gate {} reads literal {} of gate {} (line {}), which depends on gate {0}; expected acyclic definitions",
                                    aig.ands[g].lhs.code(),
                                    r.code(),
                                    aig.ands[c].lhs.code(),
                                    first_line + c
                                ),
                            ))
                        }
                        _ => {}
                    }
                }
            } else {
                state[g] = 2;
                order.push(aig.ands[g]);
                stack.pop();
            }
        }
    }
    aig.ands = order;
    Ok(())
}

/// The header's counts of the AIGER 1.9 sections (`B C J F`), each with its space, up to the
/// last one that is not empty (none for an AIGER 1.0 file).
fn header_sections(aig: &Aig) -> String {
    let counts = [
        aig.bads.len(),
        aig.constraints.len(),
        aig.justice.len(),
        aig.fairness.len(),
    ];
    let keep = counts.iter().rposition(|&n| n > 0).map_or(0, |p| p + 1);
    counts[..keep].iter().map(|n| format!(" {n}")).collect()
}

/// Writes the model as ASCII AIGER (`aag`), keeping its numbering.
pub fn write_aag(aig: &Aig) -> Vec<u8> {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = write!(
        s,
        "aag {} {} {} {} {}",
        aig.max_var,
        aig.inputs.len(),
        aig.latches.len(),
        aig.outputs.len(),
        aig.ands.len()
    );
    s.push_str(&header_sections(aig));
    s.push('\n');
    for i in &aig.inputs {
        let _ = writeln!(s, "{}", i.code());
    }
    for l in &aig.latches {
        match l.reset {
            Reset::Zero => writeln!(s, "{} {}", l.lit.code(), l.next.code()),
            Reset::One => writeln!(s, "{} {} 1", l.lit.code(), l.next.code()),
            Reset::Uninit => writeln!(s, "{} {} {}", l.lit.code(), l.next.code(), l.lit.code()),
            Reset::Function(f) => writeln!(s, "{} {} {}", l.lit.code(), l.next.code(), f.code()),
        }
        .ok();
    }
    for list in [&aig.outputs, &aig.bads, &aig.constraints] {
        for l in list {
            let _ = writeln!(s, "{}", l.code());
        }
    }
    for j in &aig.justice {
        let _ = writeln!(s, "{}", j.len());
    }
    for j in &aig.justice {
        for l in j {
            let _ = writeln!(s, "{}", l.code());
        }
    }
    for l in &aig.fairness {
        let _ = writeln!(s, "{}", l.code());
    }
    for g in &aig.ands {
        let _ = writeln!(s, "{} {} {}", g.lhs.code(), g.rhs0.code(), g.rhs1.code());
    }
    write_symbols_and_comments(&mut s, aig);
    s.into_bytes()
}

fn write_symbols_and_comments(s: &mut String, aig: &Aig) {
    use std::fmt::Write as _;
    for sym in &aig.symbols {
        let _ = writeln!(
            s,
            "{}{} {}",
            sym.kind.letter(),
            sym.index,
            sym.name.replace('\n', " ")
        );
    }
    if !aig.comments.is_empty() {
        s.push_str("c\n");
        for c in &aig.comments {
            let _ = writeln!(s, "{c}");
        }
    }
}

/// Writes the model as binary AIGER (`aig`). Binary AIGER fixes the numbering (inputs, then
/// latches, then gates in order), so variables are renumbered; the result reads back as the same
/// circuit up to that renaming.
pub fn write_aig(aig: &Aig) -> Vec<u8> {
    let (ni, nl, na) = (
        aig.inputs.len() as u32,
        aig.latches.len() as u32,
        aig.ands.len() as u32,
    );
    // Old variable -> new variable. Dense when the numbering is, sparse otherwise: an ASCII file
    // may declare a huge M and use a few variables.
    let defined = ni as usize + nl as usize + na as usize;
    let dense = (aig.max_var as usize) <= 2 * defined + 1024;
    let mut dense_map = vec![0u32; if dense { aig.max_var as usize + 1 } else { 0 }];
    let mut sparse_map = hashbrown::HashMap::new();
    let mut set = |v: Var, to: u32| match dense_map.get_mut(v.idx()) {
        Some(slot) => *slot = to,
        None => {
            sparse_map.insert(v.0, to);
        }
    };
    for (i, l) in aig.inputs.iter().enumerate() {
        set(l.var(), i as u32 + 1);
    }
    for (i, l) in aig.latches.iter().enumerate() {
        set(l.lit.var(), ni + i as u32 + 1);
    }
    for (i, g) in aig.ands.iter().enumerate() {
        set(g.lhs.var(), ni + nl + i as u32 + 1);
    }
    let m = |l: Lit| {
        let v = match dense_map.get(l.var().idx()) {
            Some(&v) => v,
            None => sparse_map.get(&l.var().0).copied().unwrap_or(0),
        };
        Var(v).lit_with(l.is_neg()).code()
    };
    let mut out = format!("aig {} {ni} {nl} {} {na}", ni + nl + na, aig.outputs.len());
    out.push_str(&header_sections(aig));
    out.push('\n');
    for l in &aig.latches {
        match l.reset {
            Reset::Zero => out.push_str(&format!("{}\n", m(l.next))),
            Reset::One => out.push_str(&format!("{} 1\n", m(l.next))),
            Reset::Uninit => out.push_str(&format!("{} {}\n", m(l.next), m(l.lit))),
            Reset::Function(f) => out.push_str(&format!("{} {}\n", m(l.next), m(f))),
        }
    }
    for list in [&aig.outputs, &aig.bads, &aig.constraints] {
        for &l in list {
            out.push_str(&format!("{}\n", m(l)));
        }
    }
    for j in &aig.justice {
        out.push_str(&format!("{}\n", j.len()));
    }
    for j in &aig.justice {
        for &l in j {
            out.push_str(&format!("{}\n", m(l)));
        }
    }
    for &l in &aig.fairness {
        out.push_str(&format!("{}\n", m(l)));
    }
    let mut bytes = out.into_bytes();
    for g in &aig.ands {
        let lhs = m(g.lhs);
        let (a, b) = (m(g.rhs0), m(g.rhs1));
        let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
        push_varint(&mut bytes, lhs - hi);
        push_varint(&mut bytes, hi - lo);
    }
    let mut tail = String::new();
    write_symbols_and_comments(&mut tail, aig);
    bytes.extend_from_slice(tail.as_bytes());
    bytes
}

fn push_varint(out: &mut Vec<u8>, mut x: u32) {
    while x >= 0x80 {
        out.push((x as u8 & 0x7f) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}
