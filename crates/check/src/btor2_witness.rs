//! BTOR2 counterexample witnesses in btorsim's format, read independently of any other reader.
//!
//! ```text
//! sat                  the status
//! b0                   the violated properties: b<N> (or j<N>), one or more per line
//! #0                   frame 0's state part: values of states (needed for those without init)
//! 0 0101 [symbol]      <state position> <bits, most significant first>
//! 2 [01] 1100          an array element: <position> [<index bits>] <element bits>
//! 3 [*] 0000           every element of an array state
//! @0                   frame 0's input part
//! 1 1                  <input position> <bits>
//! @1                   frame 1 (its state part is optional)
//! .                    the end
//! ```
//!
//! Lines before `sat` are skipped, as btorsim does; lines starting with `;` and blank lines are
//! comments. Positions count the model's `state` (or `input`) lines from 0 in file order. Which
//! positions exist and how wide the values are is checked against the model on replay.

use crate::bv::Bv;

/// The index part of an array element assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Btor2Index {
    /// `[*]`: every element.
    All,
    /// `[bits]`: the element at this index.
    At(Bv),
}

/// One assignment line of a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Btor2Assignment {
    /// The line (1-based).
    pub line: usize,
    /// The position among the model's states (or inputs).
    pub position: usize,
    /// The array index, `None` for a line without `[...]` (a bit vector, or a whole array).
    pub index: Option<Btor2Index>,
    /// The value (or the element), its width the number of bits written.
    pub value: Bv,
    /// The symbol after the value, if any.
    pub symbol: Option<String>,
}

/// One frame of a witness: the `#k` state part (empty when absent) and the `@k` input part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Btor2Frame {
    /// The assignments after `#k`.
    pub states: Vec<Btor2Assignment>,
    /// The assignments after `@k`.
    pub inputs: Vec<Btor2Assignment>,
}

/// A parsed BTOR2 witness.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Btor2Witness {
    /// The bad properties claimed violated (`b<N>`), in the witness's order.
    pub bads: Vec<usize>,
    /// The justice properties claimed violated (`j<N>`; replay refuses them).
    pub justice: Vec<usize>,
    /// The frames 0, 1, ..., K.
    pub frames: Vec<Btor2Frame>,
}

/// A witness text that is not a btorsim witness.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Btor2WitnessError {
    /// There is no `sat` line.
    #[error("no 'sat' line in the witness")]
    NoSat,
    /// The witness says `unsat`.
    #[error("the witness says 'unsat' (no counterexample)")]
    Unsat,
    /// A frame line comes before any `sat` line.
    #[error("line {line}: a frame before the 'sat' header")]
    NoHeader {
        /// The line.
        line: usize,
    },
    /// The witness ends before the property list.
    #[error("the witness ends after 'sat' without a property list")]
    NoProperties,
    /// A line that is not what the format needs there.
    #[error("line {line}: {message}")]
    Malformed {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// No `.` ends the witness.
    #[error("the witness has no terminating '.'")]
    NoEnd,
    /// The last frame has a `#k` part but no `@k` part.
    #[error("frame {frame} has a state part but no input part")]
    NoInputPart {
        /// The frame.
        frame: usize,
    },
    /// The witness has no frame.
    #[error("the witness has no frames")]
    NoFrames,
}

/// Parses a btorsim-format witness (the first of the file, when it holds several).
pub fn parse_btor2_witness(text: &str) -> Result<Btor2Witness, Btor2WitnessError> {
    let lines: Vec<&str> = text.split('\n').map(str::trim).collect();
    parse_one(&lines, 0).map(|(w, _)| w)
}

/// Parses a file of one or more btorsim-format witnesses, one after the other (as the
/// format allows, and as `check --each-property` writes one per violated property). After
/// each witness's `.`, only blank lines and comments may end the file; anything else must be
/// the next witness.
pub fn parse_btor2_witnesses(text: &str) -> Result<Vec<Btor2Witness>, Btor2WitnessError> {
    let lines: Vec<&str> = text.split('\n').map(str::trim).collect();
    let mut all = Vec::new();
    let mut i = 0;
    loop {
        let (w, end) = parse_one(&lines, i)?;
        all.push(w);
        i = end;
        match lines[i..]
            .iter()
            .position(|s| !s.is_empty() && !s.starts_with(';'))
        {
            None => return Ok(all),
            Some(k) if lines[i + k] == "sat" => {}
            Some(k) => {
                return Err(Btor2WitnessError::Malformed {
                    line: i + k + 1,
                    message: format!(
                        "expected 'sat' (the next witness) or the end, found '{}'",
                        lines[i + k]
                    ),
                })
            }
        }
    }
}

/// Parses the witness whose `sat` line is the first at or after line index `i` of `lines`;
/// returns it and the index of the line after its `.`.
fn parse_one(lines: &[&str], mut i: usize) -> Result<(Btor2Witness, usize), Btor2WitnessError> {
    while i < lines.len() && lines[i] != "sat" {
        if lines[i] == "unsat" {
            return Err(Btor2WitnessError::Unsat);
        }
        if lines[i].starts_with('#') || lines[i].starts_with('@') {
            return Err(Btor2WitnessError::NoHeader { line: i + 1 });
        }
        i += 1;
    }
    if i >= lines.len() {
        return Err(Btor2WitnessError::NoSat);
    }
    i += 1;
    let is_comment = |s: &str| s.is_empty() || s.starts_with(';');
    let mut w = Btor2Witness::default();
    // One or more property lines.
    loop {
        while i < lines.len() && is_comment(lines[i]) {
            i += 1;
        }
        let Some(&s) = lines.get(i) else {
            break;
        };
        if !s.starts_with(['b', 'j']) {
            break;
        }
        for tok in s.split_whitespace() {
            let n = tok
                .get(1..)
                .filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|d| d.parse::<usize>().ok());
            match (tok.as_bytes()[0], n) {
                (b'b', Some(n)) => w.bads.push(n),
                (b'j', Some(n)) => w.justice.push(n),
                _ => {
                    return Err(Btor2WitnessError::Malformed {
                        line: i + 1,
                        message: format!("expected 'b<N>' or 'j<N>', found '{tok}'"),
                    })
                }
            }
        }
        i += 1;
    }
    if w.bads.is_empty() && w.justice.is_empty() {
        return Err(Btor2WitnessError::NoProperties);
    }

    let malformed = |line: usize, message: String| Btor2WitnessError::Malformed {
        line: line + 1,
        message,
    };
    let frame_number = |s: &str| -> Option<usize> {
        let d = &s[1..];
        if d.is_empty() || !d.bytes().all(|c| c.is_ascii_digit()) {
            None
        } else {
            d.parse().ok()
        }
    };
    let mut k = 0usize;
    // The part being filled: None before any frame line, Some(false) state part, Some(true)
    // input part.
    let mut part: Option<bool> = None;
    let mut cur = Btor2Frame::default();
    let mut ended = false;
    while i < lines.len() {
        let s = lines[i];
        if is_comment(s) {
            i += 1;
            continue;
        }
        if s == "." {
            ended = true;
            break;
        }
        if s.starts_with('#') || s.starts_with('@') {
            let state_part = s.starts_with('#');
            if frame_number(s) != Some(k) {
                let what = if state_part { "state" } else { "input" };
                let c = if state_part { '#' } else { '@' };
                return Err(malformed(
                    i,
                    format!("expected '{c}{k}' ({what} part of frame {k}), found '{s}'"),
                ));
            }
            if state_part {
                if part == Some(false) {
                    return Err(malformed(i, format!("a second state part '#{k}'")));
                }
                cur = Btor2Frame::default();
                part = Some(false);
            } else {
                if part != Some(false) {
                    cur = Btor2Frame::default();
                }
                // The frame is complete at its '@k'; its input assignments follow.
                w.frames.push(std::mem::take(&mut cur));
                k += 1;
                part = Some(true);
            }
            i += 1;
            continue;
        }
        let Some(p) = part else {
            return Err(malformed(
                i,
                format!("an assignment outside a frame: '{s}'"),
            ));
        };
        let toks: Vec<&str> = s.split_whitespace().collect();
        let position = toks
            .first()
            .filter(|t| t.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|t| t.parse::<usize>().ok());
        let (Some(position), true) = (position, toks.len() >= 2) else {
            return Err(malformed(i, format!("a malformed assignment '{s}'")));
        };
        let (index, value, symbol) = if let Some(ix) = toks[1].strip_prefix('[') {
            let (Some(ix), Some(&v)) = (ix.strip_suffix(']'), toks.get(2)) else {
                return Err(malformed(i, format!("a malformed array assignment '{s}'")));
            };
            let index = if ix == "*" {
                Btor2Index::All
            } else {
                Btor2Index::At(
                    Bv::from_bits(ix)
                        .ok_or_else(|| malformed(i, format!("a bad array index '[{ix}]'")))?,
                )
            };
            (Some(index), v, toks.get(3))
        } else {
            (None, toks[1], toks.get(2))
        };
        let value =
            Bv::from_bits(value).ok_or_else(|| malformed(i, format!("a bad value '{value}'")))?;
        let a = Btor2Assignment {
            line: i + 1,
            position,
            index,
            value,
            symbol: symbol.map(|s| s.to_string()),
        };
        match (p, w.frames.last_mut()) {
            (true, Some(f)) => f.inputs.push(a),
            _ => cur.states.push(a),
        }
        i += 1;
    }
    if !ended {
        return Err(Btor2WitnessError::NoEnd);
    }
    if part == Some(false) {
        return Err(Btor2WitnessError::NoInputPart { frame: k });
    }
    if w.frames.is_empty() {
        return Err(Btor2WitnessError::NoFrames);
    }
    Ok((w, i + 1))
}
