//! The checker's own AIGER reader: ASCII `.aag` and binary `.aig` (AIGER 1.9 header
//! `M I L O A [B C J F]`), either one gzip-compressed, into a [`Model`]. It shares no code with
//! the engines' reader, so that a bug in one is caught by the other.
//!
//! What is accepted: every line of the header and sections ends with a newline (spaces, tabs
//! and a carriage return may come before it); a latch line may end in its reset, `0`, `1`, its
//! own literal or (AIGER 1.9.23) any other literal, a reset function, as long as no latch's
//! reset depends on the latch itself ([`AigerError::ResetCycle`]); after the AND gates come
//! symbol lines `<letter><index> <name>`, blank lines, and the comment section from a line `c`
//! on (kept as [`Model::comments`]). An ASCII file may define its
//! gates in any order; the model has them in topological order. Every error names the line
//! (or, in the binary AND section, the byte offset) and what was expected there.

use std::collections::HashMap;
use std::fmt;
use std::io::Read;
use std::path::Path;

use pdrkit_logic::Lit;

use crate::model::{AndGate, Latch, Model, Reset, Symbol, SymbolKind};

/// Where in the input an error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// A line, from 1.
    Line(usize),
    /// A byte offset, from 0, in the decompressed input.
    Byte(usize),
    /// The input as a whole.
    Input,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line(n) => write!(f, "line {n}"),
            Position::Byte(n) => write!(f, "byte {n}"),
            Position::Input => f.write_str("input"),
        }
    }
}

/// An AIGER input the checker cannot read.
#[derive(Debug, thiserror::Error)]
pub enum AigerError {
    /// The file could not be read.
    #[error("{path}: cannot read: {error}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The text is not where the format needs something.
    #[error("{at}: expected {expected}, found {found}")]
    Syntax {
        /// Where.
        at: Position,
        /// What the format needs there.
        expected: String,
        /// What is there.
        found: String,
    },
    /// Well-formed text that describes no circuit (a count, literal or definition that is
    /// out of place).
    #[error("{at}: {message}")]
    Invalid {
        /// Where.
        at: Position,
        /// What is wrong, and what was expected.
        message: String,
    },
    /// Reset functions that depend on each other in a cycle (AIGER 1.9 asks them to be
    /// stratified), e.g. a latch reset to its own negation.
    #[error("{at}: {}", crate::circuit::describe_reset_cycle(latches))]
    ResetCycle {
        /// The line of the cycle's first latch.
        at: Position,
        /// The literals of the latches on the cycle, each one's reset reading the next latch,
        /// the last one's the first.
        latches: Vec<u32>,
    },
}

type Result<T> = std::result::Result<T, AigerError>;

/// Reads the AIGER file at `path` ([`parse`]).
pub fn read_file(path: impl AsRef<Path>) -> Result<Model> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|error| AigerError::Io {
        path: path.display().to_string(),
        error,
    })?;
    parse(&bytes)
}

/// Reads a model from the bytes of an AIGER file: ASCII or binary, gzip-compressed or not
/// (told apart by their first bytes).
pub fn parse(bytes: &[u8]) -> Result<Model> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut plain = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .read_to_end(&mut plain)
            .map_err(|e| AigerError::Syntax {
                at: Position::Input,
                expected: "a complete gzip stream".into(),
                found: format!("bad gzip data ({e})"),
            })?;
        return Reader::new(&plain).model();
    }
    Reader::new(bytes).model()
}

/// The largest `M` whose literals (up to `2M + 1`) fit in 32 bits.
const MAX_M: u32 = (u32::MAX - 1) / 2;

/// A binary file's inputs take no bytes; their number is capped by the file's size so that a
/// few bytes cannot ask for gigabytes: this many, plus [`INPUTS_PER_BYTE`] per byte.
const FREE_INPUTS: u64 = 1 << 20;
/// See [`FREE_INPUTS`].
const INPUTS_PER_BYTE: u64 = 16;

/// The header's nine counts.
#[derive(Clone, Copy, Default)]
struct Header {
    binary: bool,
    m: u32,
    i: u32,
    l: u32,
    o: u32,
    a: u32,
    b: u32,
    c: u32,
    j: u32,
    f: u32,
}

/// What defines a variable of an ASCII file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Definer {
    Input,
    Latch,
    Gate,
}

impl Definer {
    fn name(self) -> &'static str {
        match self {
            Definer::Input => "an input",
            Definer::Latch => "a latch",
            Definer::Gate => "an AND gate",
        }
    }
}

/// A map from variables: a table when the variables are few enough for one (every real
/// file), a hash map when a header declares a huge `M` for a few literals. At most
/// [`VarMap::new`]'s `room` entries are allocated up front either way.
enum VarMap<T> {
    Table(Vec<Option<T>>),
    Hash(HashMap<u32, T>),
}

impl<T: Copy> VarMap<T> {
    /// A map of variables `0..=max_var`, a table if that is at most `room` entries.
    fn new(max_var: u32, room: usize) -> Self {
        if (max_var as usize) < room {
            VarMap::Table(vec![None; max_var as usize + 1])
        } else {
            VarMap::Hash(HashMap::new())
        }
    }

    fn get(&self, v: u32) -> Option<T> {
        match self {
            VarMap::Table(t) => t.get(v as usize).copied().flatten(),
            VarMap::Hash(h) => h.get(&v).copied(),
        }
    }

    /// Sets `v` (at most the `max_var` of [`VarMap::new`]); returns the earlier value.
    fn insert(&mut self, v: u32, value: T) -> Option<T> {
        match self {
            VarMap::Table(t) => t[v as usize].replace(value),
            VarMap::Hash(h) => h.insert(v, value),
        }
    }
}

/// The first line of each section of an ASCII file: every entry is one line, so the line of
/// a literal found undefined at the end can be told.
#[derive(Default)]
struct Lines {
    latches: usize,
    outputs: usize,
    bads: usize,
    constraints: usize,
    justice: usize,
    fairness: usize,
    gates: usize,
}

struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
    /// Variable → its definition (ASCII files).
    defined: VarMap<Definer>,
}

/// A byte as an error shows it.
fn show(c: Option<u8>) -> String {
    match c {
        None => "the end of the file".into(),
        Some(b'\n') => "the end of the line".into(),
        Some(c) if c.is_ascii_graphic() => format!("'{}'", c as char),
        Some(c) => format!("byte 0x{c:02x}"),
    }
}

impl<'a> Reader<'a> {
    fn new(text: &'a [u8]) -> Self {
        Reader {
            text,
            pos: 0,
            line: 1,
            defined: VarMap::Hash(HashMap::new()),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn peek2(&self) -> Option<u8> {
        self.text.get(self.pos + 1).copied()
    }

    /// A syntax error at the current line.
    fn expected<T>(&self, expected: impl Into<String>) -> Result<T> {
        Err(AigerError::Syntax {
            at: Position::Line(self.line),
            expected: expected.into(),
            found: show(self.peek()),
        })
    }

    fn invalid<T>(&self, line: usize, message: impl Into<String>) -> Result<T> {
        Err(AigerError::Invalid {
            at: Position::Line(line),
            message: message.into(),
        })
    }

    /// A decimal number of at most 32 bits.
    fn number(&mut self, what: &str) -> Result<u32> {
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return self.expected(format!("{what} (a decimal number)"));
        }
        let mut n: u32 = 0;
        while let Some(c) = self.peek().filter(u8::is_ascii_digit) {
            n = match n
                .checked_mul(10)
                .and_then(|n| n.checked_add(u32::from(c - b'0')))
            {
                Some(n) => n,
                None => return self.expected(format!("{what} of at most 32 bits")),
            };
            self.pos += 1;
        }
        Ok(n)
    }

    /// One space, then a number.
    fn spaced_number(&mut self, what: &str) -> Result<u32> {
        if self.peek() != Some(b' ') {
            return self.expected(format!("a space, then {what}"));
        }
        self.pos += 1;
        self.number(what)
    }

    /// Whether a space and a digit come next: one more number on this line.
    fn another_number(&self) -> bool {
        self.peek() == Some(b' ') && self.peek2().is_some_and(|c| c.is_ascii_digit())
    }

    /// The end of a line: optional spaces, tabs and carriage returns, then a newline.
    fn end_of_line(&mut self, after: &str) -> Result<()> {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.pos += 1;
        }
        if self.peek() != Some(b'\n') {
            return self.expected(format!("the end of the line after {after}"));
        }
        self.pos += 1;
        self.line += 1;
        Ok(())
    }

    fn model(mut self) -> Result<Model> {
        let h = self.header()?;
        let mut model = Model {
            max_var: h.m,
            ..Model::default()
        };
        // A count is never trusted for an allocation: every entry but a binary input takes
        // two bytes or more, so no list can be longer than half the input.
        let room = |n: u32| (n as usize).min(self.text.len() / 2 + 1);
        // Each definition of an ASCII file takes two bytes or more, too.
        self.defined = VarMap::new(h.m, self.text.len() + 64);
        let mut lines = Lines::default();
        if h.binary {
            model.inputs = (1..=h.i).map(|v| Lit::from_code(2 * v)).collect();
        } else {
            model.inputs.reserve(room(h.i));
            for _ in 0..h.i {
                let lit = self.definition(&h, Definer::Input)?;
                self.end_of_line("an input")?;
                model.inputs.push(lit);
            }
        }
        lines.latches = self.line;
        model.latches.reserve(room(h.l));
        for k in 0..h.l {
            let lit = if h.binary {
                Lit::from_code(2 * (h.i + k + 1))
            } else {
                let lit = self.definition(&h, Definer::Latch)?;
                if self.peek() != Some(b' ') {
                    return self.expected("a space, then the latch's next-state literal");
                }
                self.pos += 1;
                lit
            };
            let next = self.used(&h, "the latch's next-state literal")?;
            let reset = if self.another_number() {
                self.pos += 1;
                // AIGER 1.9.23: any literal; 0, 1 and the latch's own one are the classic
                // resets, anything else is a reset function (whose literal an ASCII file must
                // define, see `check_uses`, and which must not close a cycle, see `model`).
                match self.used(&h, "the latch's reset")? {
                    Lit::FALSE => Reset::Zero,
                    Lit::TRUE => Reset::One,
                    r if r == lit => Reset::Uninit,
                    r => Reset::Function(r),
                }
            } else {
                Reset::Zero
            };
            self.end_of_line("a latch")?;
            model.latches.push(Latch { lit, next, reset });
        }
        lines.outputs = self.line;
        lines.bads = lines.outputs + h.o as usize;
        lines.constraints = lines.bads + h.b as usize;
        for (n, list, what) in [
            (h.o, &mut model.outputs, "an output literal"),
            (h.b, &mut model.bads, "a bad-state literal"),
            (h.c, &mut model.constraints, "a constraint literal"),
        ] {
            list.reserve(room(n));
            for _ in 0..n {
                let l = self.used(&h, what)?;
                self.end_of_line(what)?;
                list.push(l);
            }
        }
        let mut sizes = Vec::with_capacity(room(h.j));
        for _ in 0..h.j {
            sizes.push(self.number("the size of a justice property")?);
            self.end_of_line("the size of a justice property")?;
        }
        lines.justice = self.line;
        for size in sizes {
            let mut lits = Vec::with_capacity(room(size));
            for _ in 0..size {
                lits.push(self.used(&h, "a justice literal")?);
                self.end_of_line("a justice literal")?;
            }
            model.justice.push(lits);
        }
        lines.fairness = self.line;
        model.fairness.reserve(room(h.f));
        for _ in 0..h.f {
            let l = self.used(&h, "a fairness literal")?;
            self.end_of_line("a fairness literal")?;
            model.fairness.push(l);
        }
        lines.gates = self.line;
        model.ands.reserve(room(h.a));
        for k in 0..h.a {
            let gate = if h.binary {
                self.binary_gate(2 * (h.i + h.l + k + 1))?
            } else {
                let lhs = self.definition(&h, Definer::Gate)?;
                if self.peek() != Some(b' ') {
                    return self.expected("a space, then the gate's first input");
                }
                self.pos += 1;
                let rhs0 = self.used(&h, "the gate's first input")?;
                if self.peek() != Some(b' ') {
                    return self.expected("a space, then the gate's second input");
                }
                self.pos += 1;
                let rhs1 = self.used(&h, "the gate's second input")?;
                self.end_of_line("an AND gate")?;
                AndGate { lhs, rhs0, rhs1 }
            };
            model.ands.push(gate);
        }
        self.symbols(&h, &mut model)?;
        if !h.binary {
            // A binary file defines every variable up to M, and each gate reads only smaller
            // literals: nothing can be undefined or out of order there.
            self.check_uses(&model, &lines)?;
            order_gates(&mut model.ands, h.m, lines.gates)?;
        }
        if model.latches.iter().any(|l| l.reset.function().is_some()) {
            check_resets(&model, lines.latches)?;
        }
        Ok(model)
    }

    fn header(&mut self) -> Result<Header> {
        let mut h = Header::default();
        if self.text.starts_with(b"aig") {
            h.binary = true;
        } else if !self.text.starts_with(b"aag") {
            return self.expected("an AIGER header: 'aag' (ASCII) or 'aig' (binary)");
        }
        self.pos = 3;
        let mut counts = [0u32; 9];
        for (k, name) in ["M", "I", "L", "O", "A", "B", "C", "J", "F"]
            .iter()
            .enumerate()
        {
            // B, C, J and F are optional (AIGER 1.9).
            if k >= 5 && !self.another_number() {
                break;
            }
            counts[k] = self.spaced_number(&format!("the header's count {name}"))?;
        }
        self.end_of_line("the header's counts (M I L O A, then optionally B C J F)")?;
        [h.m, h.i, h.l, h.o, h.a, h.b, h.c, h.j, h.f] = counts;
        let defined = u64::from(h.i) + u64::from(h.l) + u64::from(h.a);
        let bad = |message: String| AigerError::Invalid {
            at: Position::Line(1),
            message,
        };
        if h.m > MAX_M {
            return Err(bad(format!(
                "M = {}: expected at most {MAX_M}, so that literals fit in 32 bits",
                h.m
            )));
        }
        if u64::from(h.m) < defined {
            return Err(bad(format!(
                "M = {}: expected at least I + L + A = {defined}",
                h.m
            )));
        }
        if h.binary && u64::from(h.m) != defined {
            return Err(bad(format!(
                "M = {}: a binary file needs exactly I + L + A = {defined}",
                h.m
            )));
        }
        let most = FREE_INPUTS + INPUTS_PER_BYTE * self.text.len() as u64;
        if h.binary && u64::from(h.i) > most {
            return Err(bad(format!(
                "I = {}: expected at most {most} inputs in a binary file of {} bytes",
                h.i,
                self.text.len()
            )));
        }
        Ok(h)
    }

    /// The literal an ASCII input, latch or gate defines.
    fn definition(&mut self, h: &Header, who: Definer) -> Result<Lit> {
        let what = who.name();
        let lit = self.number(&format!("the literal of {what}"))?;
        if lit % 2 == 1 || lit < 2 || lit / 2 > h.m {
            return self.invalid(
                self.line,
                format!(
                    "{what} is defined by literal {lit}: expected an even literal from 2 to 2M = {}",
                    2 * u64::from(h.m)
                ),
            );
        }
        if let Some(first) = self.defined.insert(lit / 2, who) {
            return self.invalid(
                self.line,
                format!(
                    "variable {} is defined twice, by {} and by {what}: expected one definition",
                    lit / 2,
                    first.name()
                ),
            );
        }
        Ok(Lit::from_code(lit))
    }

    /// A literal that is read, not defined: at most `2M + 1`. In an ASCII file its variable
    /// must be defined somewhere, which is checked at the end ([`Reader::check_uses`]).
    fn used(&mut self, h: &Header, what: &'static str) -> Result<Lit> {
        let lit = self.number(what)?;
        if u64::from(lit) > 2 * u64::from(h.m) + 1 {
            return self.invalid(
                self.line,
                format!(
                    "{what} {lit}: expected a literal of at most 2M + 1 = {}",
                    2 * u64::from(h.m) + 1
                ),
            );
        }
        Ok(Lit::from_code(lit))
    }

    /// One number of the binary AND section: 7 bits a byte, least significant first, the high
    /// bit set on every byte but the last; at most 32 bits.
    fn delta(&mut self, lhs: u32) -> Result<u32> {
        let start = self.pos;
        let mut value: u64 = 0;
        for k in 0..5 {
            let Some(byte) = self.peek() else {
                return Err(AigerError::Syntax {
                    at: Position::Byte(self.pos),
                    expected: format!("a byte of a delta of AND gate {lhs}"),
                    found: show(None),
                });
            };
            self.pos += 1;
            value |= u64::from(byte & 0x7f) << (7 * k);
            if byte & 0x80 == 0 {
                if value > u64::from(u32::MAX) {
                    break;
                }
                return Ok(value as u32);
            }
        }
        Err(AigerError::Invalid {
            at: Position::Byte(start),
            message: format!("AND gate {lhs}: expected a delta of at most 32 bits (5 bytes)"),
        })
    }

    fn binary_gate(&mut self, lhs: u32) -> Result<AndGate> {
        let start = self.pos;
        let d0 = self.delta(lhs)?;
        let d1 = self.delta(lhs)?;
        let bad = |message: String| AigerError::Invalid {
            at: Position::Byte(start),
            message: format!("AND gate {lhs}: {message}"),
        };
        if d0 == 0 || d0 > lhs {
            return Err(bad(format!(
                "first delta {d0}: expected 1 to {lhs} (the first input is below the gate)"
            )));
        }
        let rhs0 = lhs - d0;
        if d1 > rhs0 {
            return Err(bad(format!(
                "second delta {d1}: expected 0 to {rhs0} (the second input is at most the first)"
            )));
        }
        Ok(AndGate {
            lhs: Lit::from_code(lhs),
            rhs0: Lit::from_code(rhs0),
            rhs1: Lit::from_code(rhs0 - d1),
        })
    }

    /// Symbols up to the comment section or the end.
    fn symbols(&mut self, h: &Header, model: &mut Model) -> Result<()> {
        // The binary AND section has no lines: count them again from here.
        self.line = 1 + self.text[..self.pos]
            .iter()
            .filter(|&&c| c == b'\n')
            .count();
        loop {
            let Some(c) = self.peek() else {
                return Ok(());
            };
            if c == b'\n' {
                self.pos += 1;
                self.line += 1;
                continue;
            }
            if c == b'\r' && self.peek2() == Some(b'\n') {
                self.pos += 1;
                continue;
            }
            let end = self.text[self.pos..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(self.text.len(), |k| self.pos + k);
            if c == b'c'
                && self.text[self.pos + 1..end]
                    .iter()
                    .all(|b| matches!(b, b' ' | b'\t' | b'\r'))
            {
                // The comment section: the rest of the file, free text, kept line by line.
                let rest = self.text.get(end + 1..).unwrap_or_default();
                let rest = rest.strip_suffix(b"\n").unwrap_or(rest);
                if !rest.is_empty() {
                    model.comments = rest
                        .split(|&b| b == b'\n')
                        .map(|l| {
                            String::from_utf8_lossy(l.strip_suffix(b"\r").unwrap_or(l)).into_owned()
                        })
                        .collect();
                }
                return Ok(());
            }
            let Some(kind) = SymbolKind::from_letter(c) else {
                return self.expected(
                    "a symbol (i, l, o, b, c, j or f, a position, a space and a name), a blank line, or 'c' alone to start the comments",
                );
            };
            self.pos += 1;
            let index = self.number(&format!("the position of symbol '{}'", kind.letter()))?;
            let count = match kind {
                SymbolKind::Input => h.i,
                SymbolKind::Latch => h.l,
                SymbolKind::Output => h.o,
                SymbolKind::Bad => h.b,
                SymbolKind::Constraint => h.c,
                SymbolKind::Justice => h.j,
                SymbolKind::Fairness => h.f,
            };
            if index >= count {
                return self.invalid(
                    self.line,
                    format!(
                        "symbol {}{index}: expected a position below {count}, the number of entries it names",
                        kind.letter()
                    ),
                );
            }
            if self.peek() != Some(b' ') {
                return self.expected(format!(
                    "a space and a name after symbol {}{index}",
                    kind.letter()
                ));
            }
            let mut name = &self.text[self.pos + 1..end];
            while let [rest @ .., b'\r'] = name {
                name = rest;
            }
            model.symbols.push(Symbol {
                kind,
                index: index as usize,
                name: String::from_utf8_lossy(name).into_owned(),
            });
            self.pos = end;
        }
    }

    /// Every literal read in an ASCII file names a defined variable (or the constant).
    fn check_uses(&self, model: &Model, lines: &Lines) -> Result<()> {
        let check = |lit: Lit, line: usize, what: &str| {
            let v = lit.var().0;
            if v == 0 || self.defined.get(v).is_some() {
                return Ok(());
            }
            self.invalid(
                line,
                format!(
                    "{what} {} reads variable {v}, which nothing defines: expected the literal of an input, latch or AND gate, or 0/1",
                    lit.code()
                ),
            )
        };
        for (k, l) in model.latches.iter().enumerate() {
            check(l.next, lines.latches + k, "the latch's next-state literal")?;
            if let Some(f) = l.reset.function() {
                check(f, lines.latches + k, "the latch's reset")?;
            }
        }
        for (list, first, what) in [
            (&model.outputs, lines.outputs, "an output literal"),
            (&model.bads, lines.bads, "a bad-state literal"),
            (
                &model.constraints,
                lines.constraints,
                "a constraint literal",
            ),
            (&model.fairness, lines.fairness, "a fairness literal"),
        ] {
            for (k, &l) in list.iter().enumerate() {
                check(l, first + k, what)?;
            }
        }
        for (k, &l) in model.justice.iter().flatten().enumerate() {
            check(l, lines.justice + k, "a justice literal")?;
        }
        for (k, g) in model.ands.iter().enumerate() {
            check(g.rhs0, lines.gates + k, "the gate's first input")?;
            check(g.rhs1, lines.gates + k, "the gate's second input")?;
        }
        Ok(())
    }
}

/// Reset functions must be stratified: no latch's reset may depend, through gates and other
/// latches' resets, on the latch itself. The checks' own validation finds such a cycle; here it
/// becomes an error of the file, at the line of the cycle's first latch (latch `k` of the file is
/// on line `first_line + k`). Everything else it validates the reader has already checked.
fn check_resets(model: &Model, first_line: usize) -> Result<()> {
    match crate::circuit::Circuit::new(model) {
        Ok(_) => Ok(()),
        Err(crate::StructureError::ResetCycle { latches }) => {
            let k = latches
                .first()
                .and_then(|&l| model.latches.iter().position(|x| x.lit.code() == l))
                .unwrap_or(0);
            Err(AigerError::ResetCycle {
                at: Position::Line(first_line + k),
                latches,
            })
        }
        Err(e) => Err(AigerError::Invalid {
            at: Position::Input,
            message: e.to_string(),
        }),
    }
}

/// Puts the gates of an ASCII file in topological order (a gate after the gates it reads), or
/// fails on a cycle. Gate `k` of the file is on line `first_line + k`.
fn order_gates(ands: &mut Vec<AndGate>, max_var: u32, first_line: usize) -> Result<()> {
    // Gate variables are at most `max_var`, and there are at most 2 gates per variable.
    let mut gate_of = VarMap::new(max_var, 2 * ands.len() + 64);
    for (k, g) in ands.iter().enumerate() {
        gate_of.insert(g.lhs.var().0, k);
    }
    let reads = |k: usize| -> [Option<usize>; 2] {
        let g = ands[k];
        [g.rhs0, g.rhs1].map(|r| gate_of.get(r.var().0))
    };
    let in_order = (0..ands.len()).all(|k| reads(k).iter().flatten().all(|&r| r < k));
    if in_order {
        return Ok(());
    }
    // Depth first, a gate placed once both its inputs are: 0 unseen, 1 in progress, 2 placed.
    let mut state = vec![0u8; ands.len()];
    let mut order = Vec::with_capacity(ands.len());
    for root in 0..ands.len() {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        let mut stack = vec![root];
        while let Some(&k) = stack.last() {
            let mut pushed = false;
            for r in reads(k).into_iter().flatten() {
                match state[r] {
                    0 => {
                        state[r] = 1;
                        stack.push(r);
                        pushed = true;
                        break;
                    }
                    1 => {
                        return Err(AigerError::Invalid {
                            at: Position::Line(first_line + k),
                            message: format!(
                                "AND gate {} reads gate {} (line {}), which depends on it: expected gates without a cycle",
                                ands[k].lhs.code(),
                                ands[r].lhs.code(),
                                first_line + r
                            ),
                        });
                    }
                    _ => {}
                }
            }
            if !pushed {
                state[k] = 2;
                order.push(ands[k]);
                stack.pop();
            }
        }
    }
    *ands = order;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(c: u32) -> Lit {
        Lit::from_code(c)
    }

    #[test]
    fn reads_ascii_with_every_section() {
        let text = b"aag 7 2 1 1 2 1 1 1 1\n2\n4\n6 13 6\n12\n12\n3\n1\n5\n7\n12 2 4\n8 6 3\n\
                     i0 a\nl0 r\no0 out\nb0 bad\r\nc0 assume\nj0 live\nf0 fair\nc\nfree text\ni9 x\n";
        let m = parse(text).unwrap();
        assert_eq!(m.max_var, 7);
        assert_eq!(m.inputs, vec![lit(2), lit(4)]);
        assert_eq!(
            m.latches,
            vec![Latch {
                lit: lit(6),
                next: lit(13),
                reset: Reset::Uninit
            }]
        );
        assert_eq!(m.outputs, vec![lit(12)]);
        assert_eq!(m.bads, vec![lit(12)]);
        assert_eq!(m.constraints, vec![lit(3)]);
        assert_eq!(m.justice, vec![vec![lit(5)]]);
        assert_eq!(m.fairness, vec![lit(7)]);
        assert_eq!(m.ands.len(), 2);
        assert_eq!(m.symbols.len(), 7);
        assert_eq!(
            m.symbols[3].name, "bad",
            "the carriage return is not part of the name"
        );
        assert_eq!(m.symbols[6].kind, SymbolKind::Fairness);
    }

    #[test]
    fn reads_binary_and_gzip() {
        // Input 2, latch 4 (next ¬gate, reset 1), gate 6 = 4 ∧ 2 (deltas 2 and 2).
        let mut bin = b"aig 3 1 1 0 1 1\n7 1\n6\n".to_vec();
        bin.extend_from_slice(&[2, 2]);
        bin.extend_from_slice(b"l0 state\n");
        let m = parse(&bin).unwrap();
        assert_eq!(m.inputs, vec![lit(2)]);
        assert_eq!(m.latches[0].lit, lit(4));
        assert_eq!(m.latches[0].reset, Reset::One);
        assert_eq!(
            m.ands,
            vec![AndGate {
                lhs: lit(6),
                rhs0: lit(4),
                rhs1: lit(2)
            }]
        );
        assert_eq!(m.bads, vec![lit(6)]);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, &bin).unwrap();
        assert_eq!(parse(&gz.finish().unwrap()).unwrap(), m);
    }

    #[test]
    fn orders_gates_of_an_ascii_file() {
        let m = parse(b"aag 4 1 0 1 3\n2\n8\n8 6 2\n6 4 2\n4 2 3\n").unwrap();
        let order: Vec<u32> = m.ands.iter().map(|g| g.lhs.code()).collect();
        assert_eq!(order, vec![4, 6, 8]);
    }

    #[test]
    fn rejects_with_position_and_expectation() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "line 1: expected an AIGER header"),
            (
                b"aag 1 1 0 0\n",
                "line 1: expected a space, then the header's count A",
            ),
            (b"aag 1 1 0 0 0", "line 1: expected the end of the line"),
            (b"aag 1 2 0 0 0\n", "line 1: M = 1: expected at least"),
            (
                b"aig 2 1 0 0 0\n",
                "line 1: M = 2: a binary file needs exactly",
            ),
            (
                b"aag 1 1 0 0 0\n3\n",
                "line 2: an input is defined by literal 3",
            ),
            (
                b"aag 2 2 0 0 0\n2\n2\n",
                "line 3: variable 1 is defined twice",
            ),
            (
                b"aag 1 0 1 0 0\n2 2 4\n",
                "line 2: the latch's reset 4: expected a literal of at most 2M + 1 = 3",
            ),
            (
                b"aag 2 0 1 0 0\n2 2 4\n",
                "line 2: the latch's reset 4 reads variable 2, which nothing defines",
            ),
            (
                b"aag 1 0 1 0 0\n2 2 3\n",
                "line 2: the reset of latch 2 reads the latch itself",
            ),
            (
                b"aag 1 0 0 1 0\n4\n",
                "line 2: an output literal 4: expected a literal of at most",
            ),
            (
                b"aag 2 0 0 1 0\n4\n",
                "line 2: an output literal 4 reads variable 2, which nothing defines",
            ),
            (
                b"aag 2 0 0 0 2\n2 4 1\n4 2 1\n",
                "line 3: AND gate 4 reads gate 2 (line 2), which depends on it",
            ),
            (
                b"aig 1 0 0 0 1\n",
                "byte 14: expected a byte of a delta of AND gate 2",
            ),
            (
                b"aig 1 0 0 0 1\n\x03\x00",
                "byte 14: AND gate 2: first delta 3",
            ),
            (
                b"aig 1 0 0 0 1\n\xff\xff\xff\xff\x7f\x00",
                "byte 14: AND gate 2: expected a delta of at most 32 bits",
            ),
            (b"aag 0 0 0 0 0\nx0 a\n", "line 2: expected a symbol"),
            (
                b"aag 0 0 0 0 0\ni0 a\n",
                "line 2: symbol i0: expected a position below 0",
            ),
            (
                b"aag 1 1 0 0 0\n2\ni0\n",
                "line 3: expected a space and a name after symbol i0, found the end of the line",
            ),
            (b"\x1f\x8b\x08", "input: expected a complete gzip stream"),
        ];
        for (text, want) in cases {
            let e = parse(text).unwrap_err().to_string();
            assert!(
                e.starts_with(want),
                "{:?}: got {e:?}, want {want:?}",
                String::from_utf8_lossy(text)
            );
        }
    }
}
