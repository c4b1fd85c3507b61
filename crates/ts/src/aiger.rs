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
    /// The input could not be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// The input is not well-formed AIGER.
    #[error("{position}: {message}")]
    Syntax {
        /// Where.
        position: Position,
        /// What was expected or what is wrong.
        message: String,
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

type Result<T> = std::result::Result<T, AigerError>;

/// Reads an AIGER file (`.aag`, `.aig`, or either gzip-compressed, recognised by content).
pub fn read_file(path: impl AsRef<Path>) -> Result<Aig> {
    let path = path.as_ref();
    if path.is_dir() {
        return Err(AigerError::Io(std::io::Error::other("is a directory")));
    }
    let bytes = std::fs::read(path)?;
    parse(&bytes)
}

/// Parses AIGER from bytes (ASCII or binary, optionally gzip-compressed).
pub fn parse(bytes: &[u8]) -> Result<Aig> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .read_to_end(&mut out)
            .map_err(|e| AigerError::at(Position::File, format!("bad gzip data: {e}")))?;
        return Parser::new(&out).parse();
    }
    Parser::new(bytes).parse()
}

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
    line: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Def {
    None,
    Input,
    Latch,
    And,
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

    /// Expects exactly one space.
    fn space(&mut self, what: &str) -> Result<()> {
        if self.peek() == Some(b' ') {
            self.pos += 1;
            Ok(())
        } else {
            self.err(format!("expected a space before {what}"))
        }
    }

    fn newline(&mut self, what: &str) -> Result<()> {
        // Tolerate trailing spaces and a carriage return: common in hand-written files.
        while matches!(self.peek(), Some(b' ') | Some(b'\r') | Some(b'\t')) {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'\n') => {
                self.pos += 1;
                self.line += 1;
                Ok(())
            }
            None => self.err(format!(
                "unexpected end of file: expected a newline after {what}"
            )),
            Some(c) => self.err(format!(
                "expected a newline after {what}, found {}",
                show_byte(c)
            )),
        }
    }

    fn number(&mut self, what: &str) -> Result<u32> {
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(c @ b'0'..=b'9') = self.peek() {
            v = v * 10 + u64::from(c - b'0');
            if v > u64::from(u32::MAX) {
                return self.err(format!("{what} is too large (more than 32 bits)"));
            }
            self.pos += 1;
        }
        if self.pos == start {
            return match self.peek() {
                None => self.err(format!("unexpected end of file: expected {what}")),
                Some(c) => self.err(format!(
                    "expected {what} (a number), found {}",
                    show_byte(c)
                )),
            };
        }
        Ok(v as u32)
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
            if k >= 5 && self.peek() != Some(b' ') {
                break;
            }
            self.space(&format!("header count {name}"))?;
            h[k] = self.number(&format!("header count {name}"))?;
        }
        self.newline("the header")?;
        let [m, ni, nl, no, na, nb, nc, nj, nf] = h;
        let defined = u64::from(ni) + u64::from(nl) + u64::from(na);
        if defined > u64::from(m) {
            return Err(AigerError::at(
                Position::Line(1),
                format!("header: M = {m} is less than I + L + A = {defined}"),
            ));
        }
        if binary && defined != u64::from(m) {
            return Err(AigerError::at(
                Position::Line(1),
                format!("header: binary AIGER needs M = I + L + A, but M = {m} and I + L + A = {defined}"),
            ));
        }
        if u64::from(m) >= u64::from(u32::MAX >> 2) {
            return Err(AigerError::at(
                Position::Line(1),
                format!("header: M = {m} is too large"),
            ));
        }
        // Never trust counts for allocation: a count larger than the bytes left is an error anyway.
        let cap = |n: u32| (n as usize).min(self.b.len());
        let mut aig = Aig {
            max_var: m,
            ..Aig::default()
        };
        let mut def = vec![Def::None; 0];
        def.resize((m as usize + 1).min(self.b.len() * 4 + 16), Def::None);
        let mut define = |p: &Self, lit: u32, kind: Def| -> Result<()> {
            if lit & 1 == 1 {
                return p.err(format!(
                    "literal {lit} is odd: a definition needs an even literal"
                ));
            }
            if lit < 2 {
                return p.err("literal 0/1 is the constant: it cannot be defined");
            }
            if lit / 2 > m {
                return p.err(format!(
                    "literal {lit} is above the maximum 2*M+1 = {}",
                    2 * u64::from(m) + 1
                ));
            }
            let v = (lit / 2) as usize;
            if v >= def.len() {
                def.resize(v + 1, Def::None);
            }
            if def[v] != Def::None {
                return p.err(format!("variable {v} (literal {lit}) is defined twice"));
            }
            def[v] = kind;
            Ok(())
        };
        // Inputs.
        aig.inputs.reserve(cap(ni));
        for i in 0..ni {
            let lit = if binary {
                2 * (i + 1)
            } else {
                let l = self.number("an input literal")?;
                self.newline("an input literal")?;
                l
            };
            define(&self, lit, Def::Input)?;
            aig.inputs.push(Lit::from_code(lit));
        }
        // Latches.
        aig.latches.reserve(cap(nl));
        for i in 0..nl {
            let lit = if binary {
                2 * (ni + i + 1)
            } else {
                let l = self.number("a latch literal")?;
                self.space("the latch's next-state literal")?;
                l
            };
            define(&self, lit, Def::Latch)?;
            let next = self.lit_ref(m, "a latch's next-state literal")?;
            let reset = if self.peek() == Some(b' ') {
                self.pos += 1;
                if !matches!(self.peek(), Some(b'0'..=b'9')) {
                    // Trailing space only.
                    Reset::Zero
                } else {
                    let r = self.number("a latch reset value")?;
                    if r == 0 {
                        Reset::Zero
                    } else if r == 1 {
                        Reset::One
                    } else if r == lit {
                        Reset::Uninit
                    } else {
                        return self.err(format!(
                            "latch reset must be 0, 1 or the latch literal {lit}, found {r}"
                        ));
                    }
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
        for s in jsizes {
            let mut j = Vec::with_capacity(cap(s));
            for _ in 0..s {
                let l = self.lit_ref(m, "a justice literal")?;
                self.newline("a justice literal")?;
                j.push(l);
            }
            aig.justice.push(j);
        }
        aig.fairness.reserve(cap(nf));
        for _ in 0..nf {
            let l = self.lit_ref(m, "a fairness literal")?;
            self.newline("a fairness literal")?;
            aig.fairness.push(l);
        }
        // AND gates.
        aig.ands.reserve(cap(na));
        for i in 0..na {
            if binary {
                let lhs = 2 * (ni + nl + i + 1);
                let at = self.pos;
                let d0 = self.varint()?;
                let d1 = self.varint()?;
                let rhs0 = lhs.checked_sub(d0).filter(|_| d0 > 0).ok_or_else(|| {
                    AigerError::at(
                        Position::Byte(at),
                        format!("AND gate {lhs}: first delta {d0} must be in 1..={lhs}"),
                    )
                })?;
                let rhs1 = rhs0.checked_sub(d1).ok_or_else(|| {
                    AigerError::at(
                        Position::Byte(at),
                        format!("AND gate {lhs}: second delta {d1} is larger than the first input {rhs0}"),
                    )
                })?;
                define(&self, lhs, Def::And)?;
                aig.ands.push(AndGate {
                    lhs: Lit::from_code(lhs),
                    rhs0: Lit::from_code(rhs0),
                    rhs1: Lit::from_code(rhs1),
                });
            } else {
                let lhs = self.number("an AND gate's literal")?;
                define(&self, lhs, Def::And)?;
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
        let body_line = self.line;
        self.symbols_and_comments(&mut aig, [ni, nl, no, nb, nc, nj, nf])?;
        check_defined(&aig, &def, binary, body_line)?;
        topo_sort(&mut aig, binary)?;
        Ok(aig)
    }

    /// A literal that refers to a variable (not a definition); range-checked against M.
    fn lit_ref(&mut self, m: u32, what: &str) -> Result<Lit> {
        let l = self.number(what)?;
        if u64::from(l) > 2 * u64::from(m) + 1 {
            return self.err(format!(
                "{what}: literal {l} is above the maximum 2*M+1 = {}",
                2 * u64::from(m) + 1
            ));
        }
        Ok(Lit::from_code(l))
    }

    fn varint(&mut self) -> Result<u32> {
        let start = self.pos;
        let mut v: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(c) = self.peek() else {
                return Err(AigerError::at(
                    Position::Byte(self.pos),
                    "unexpected end of file in the binary AND section",
                ));
            };
            self.pos += 1;
            v |= u64::from(c & 0x7f) << shift;
            if v > u64::from(u32::MAX) || shift > 28 {
                return Err(AigerError::at(
                    Position::Byte(start),
                    "AND gate delta does not fit in 32 bits",
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
                    if matches!(self.b.get(self.pos + 1), Some(b'\n') | Some(b'\r') | None) {
                        self.pos += 1;
                        let _ = self.newline("the comment marker 'c'");
                        let rest = &self.b[self.pos.min(self.b.len())..];
                        aig.comments = String::from_utf8_lossy(rest)
                            .lines()
                            .map(str::to_owned)
                            .collect();
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
                _ => {
                    return self.err(format!(
                        "expected a symbol (i, l, o, b, c, j, f followed by a position) or 'c' for comments, found {}",
                        show_byte(c)
                    ))
                }
            };
            self.pos += 1;
            let index = self.number("a symbol's position")?;
            let n = counts[kind as usize];
            if index >= n {
                return self.err(format!(
                    "symbol {}{index} names a position beyond the {n} entries of its list",
                    kind.letter()
                ));
            }
            if self.peek() != Some(b' ') {
                return self.err("expected a space and a name after the symbol's position");
            }
            self.pos += 1;
            let start = self.pos;
            while !matches!(self.peek(), Some(b'\n') | None) {
                self.pos += 1;
            }
            let name = String::from_utf8_lossy(&self.b[start..self.pos]).into_owned();
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

fn show_byte(c: u8) -> String {
    if c.is_ascii_graphic() {
        format!("'{}'", c as char)
    } else {
        format!("byte 0x{c:02x}")
    }
}

/// Every referenced variable must be defined (or be the constant).
fn check_defined(aig: &Aig, def: &[Def], _binary: bool, line: usize) -> Result<()> {
    let is_def = |l: Lit| l.var().0 == 0 || def.get(l.var().idx()).is_some_and(|d| *d != Def::None);
    let undefined = |l: Lit, what: &str| {
        Err(AigerError::at(
            Position::Line(line),
            format!(
                "{what} uses literal {} whose variable {} is never defined",
                l.code(),
                l.var().0
            ),
        ))
    };
    for l in &aig.latches {
        if !is_def(l.next) {
            return undefined(l.next, &format!("latch {}", l.lit.code()));
        }
    }
    for (list, what) in [
        (&aig.outputs, "an output"),
        (&aig.bads, "a bad-state property"),
        (&aig.constraints, "a constraint"),
        (&aig.fairness, "a fairness constraint"),
    ] {
        if let Some(&l) = list.iter().find(|&&l| !is_def(l)) {
            return undefined(l, what);
        }
    }
    for j in &aig.justice {
        if let Some(&l) = j.iter().find(|&&l| !is_def(l)) {
            return undefined(l, "a justice property");
        }
    }
    for g in &aig.ands {
        for r in [g.rhs0, g.rhs1] {
            if !is_def(r) {
                return undefined(r, &format!("AND gate {}", g.lhs.code()));
            }
        }
    }
    Ok(())
}

/// Puts the AND gates in topological order; a cycle is an error.
fn topo_sort(aig: &mut Aig, binary: bool) -> Result<()> {
    // Binary AIGER guarantees lhs > rhs, hence order; ASCII files often are ordered too.
    let ordered = {
        let mut seen = hashbrown::HashSet::new();
        let gate_vars: hashbrown::HashSet<u32> = aig.ands.iter().map(|g| g.lhs.var().0).collect();
        aig.ands.iter().all(|g| {
            let ok = [g.rhs0, g.rhs1]
                .iter()
                .all(|r| !gate_vars.contains(&r.var().0) || seen.contains(&r.var().0));
            seen.insert(g.lhs.var().0);
            ok
        })
    };
    if binary || ordered {
        return Ok(());
    }
    let index: hashbrown::HashMap<u32, usize> = aig
        .ands
        .iter()
        .enumerate()
        .map(|(i, g)| (g.lhs.var().0, i))
        .collect();
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
                                Position::File,
                                format!(
                                    "AND gates form a cycle through literal {}",
                                    aig.ands[c].lhs.code()
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
    let extra = [
        aig.bads.len(),
        aig.constraints.len(),
        aig.justice.len(),
        aig.fairness.len(),
    ];
    let keep = extra.iter().rposition(|&n| n > 0).map_or(0, |p| p + 1);
    for n in &extra[..keep] {
        let _ = write!(s, " {n}");
    }
    s.push('\n');
    for i in &aig.inputs {
        let _ = writeln!(s, "{}", i.code());
    }
    for l in &aig.latches {
        match l.reset {
            Reset::Zero => writeln!(s, "{} {}", l.lit.code(), l.next.code()),
            Reset::One => writeln!(s, "{} {} 1", l.lit.code(), l.next.code()),
            Reset::Uninit => writeln!(s, "{} {} {}", l.lit.code(), l.next.code(), l.lit.code()),
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
    let mut map = vec![0u32; aig.max_var as usize + 1];
    for (i, l) in aig.inputs.iter().enumerate() {
        map[l.var().idx()] = i as u32 + 1;
    }
    for (i, l) in aig.latches.iter().enumerate() {
        map[l.lit.var().idx()] = ni + i as u32 + 1;
    }
    for (i, g) in aig.ands.iter().enumerate() {
        map[g.lhs.var().idx()] = ni + nl + i as u32 + 1;
    }
    let m = |l: Lit| Var(map[l.var().idx()]).lit_with(l.is_neg()).code();
    let mut out = format!("aig {} {ni} {nl} {} {na}", ni + nl + na, aig.outputs.len());
    let extra = [
        aig.bads.len(),
        aig.constraints.len(),
        aig.justice.len(),
        aig.fairness.len(),
    ];
    let keep = extra.iter().rposition(|&n| n > 0).map_or(0, |p| p + 1);
    for n in &extra[..keep] {
        out.push_str(&format!(" {n}"));
    }
    out.push('\n');
    for l in &aig.latches {
        match l.reset {
            Reset::Zero => out.push_str(&format!("{}\n", m(l.next))),
            Reset::One => out.push_str(&format!("{} 1\n", m(l.next))),
            Reset::Uninit => out.push_str(&format!("{} {}\n", m(l.next), m(l.lit))),
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
