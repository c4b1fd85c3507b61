//! BTOR2 models on the command line: the model is bit-blasted (`pdrkit-btor2`) into the AIG
//! every engine reads, and a counterexample is given back in btorsim's witness format over the
//! BTOR2 inputs and states, replayed by the independent checker's word-level simulator
//! (`pdrkit_check::replay_btor2`, which shares no code with the blaster) before `sat` is
//! printed.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use std::io::Write as _;
use std::path::Path;

use anyhow::Context;

use pdrkit_btor2::{Blasted, NodeKind, Sort, Variable};
use pdrkit_logic::Lit;
use pdrkit_ts::aiger;

use crate::model::{read_bytes, shown};
use crate::output::{check_writable, same_file, write_output};

/// A BTOR2 model as both sides read it: blasted for the engines, parsed by the checker.
pub(crate) struct Btor2Input {
    /// The BTOR2 model as the front end parsed it.
    pub model: pdrkit_btor2::Model,
    /// The blasted AIG and where each input and state went.
    pub blasted: Blasted,
    /// The model as the checker's own reader parsed it.
    pub checked: pdrkit_check::Btor2Model,
}

/// Whether `bytes` look like BTOR2 rather than AIGER: AIGER starts with `aag`, `aig` or the
/// gzip magic; BTOR2 with a comment or a numbered line.
pub(crate) fn is_btor2(bytes: &[u8]) -> bool {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    start.is_some_and(|i| matches!(bytes[i], b';' | b'0'..=b'9'))
}

/// Parses and blasts BTOR2 `text` for the engines, and parses it again with the checker's
/// reader.
pub(crate) fn read(text: &str) -> anyhow::Result<Btor2Input> {
    let model = pdrkit_btor2::parse(text)?;
    let blasted = pdrkit_btor2::blast(&model)?;
    let checked = pdrkit_check::parse_btor2(text)
        .map_err(|e| anyhow::anyhow!("the checker's BTOR2 reader: {e}"))?;
    Ok(Btor2Input {
        model,
        blasted,
        checked,
    })
}

/// `pdrkit blast`: writes the AIG the BTOR2 model at `model` is bit-blasted into to `output`
/// (binary for an `.aig` name, ASCII otherwise; ASCII on standard output without one).
pub(crate) fn blast(model: &Path, output: Option<&Path>) -> anyhow::Result<u8> {
    if let Some(out) = output.filter(|p| *p != Path::new("-")) {
        if same_file(out, model) {
            anyhow::bail!(
                "{}: is the model; choose another output path",
                out.display()
            );
        }
        check_writable(out)?;
    }
    let bytes = read_bytes(model)?;
    if !is_btor2(&bytes) {
        anyhow::bail!(
            "{}: not a BTOR2 model (expected a numbered line or a ';' comment first; \
             AIGER models need no blasting)",
            shown(model)
        );
    }
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: not a text file: {e}", shown(model)))?;
    let parsed = pdrkit_btor2::parse(text).with_context(|| shown(model))?;
    let blasted = pdrkit_btor2::blast(&parsed).with_context(|| shown(model))?;
    let aig = &blasted.aig;
    let mut stdout = std::io::stdout().lock();
    match output {
        Some(path) if path.extension().is_some_and(|e| e == "aig") => {
            write_output(path, &aiger::write_aig(aig), &mut stdout)?
        }
        Some(path) => write_output(path, &aiger::write_aag(aig), &mut stdout)?,
        None => stdout.write_all(&aiger::write_aag(aig))?,
    }
    stdout.flush()?;
    Ok(0)
}

impl Btor2Input {
    /// The btorsim witness of a counterexample of the blasted AIG (`sim`: the checker's
    /// simulation of its AIGER witness, `bad`: the violated `bad` line's position): frame 0
    /// gives the states without `init`, every frame the inputs and the states without `next`.
    pub(crate) fn witness(&self, sim: &pdrkit_check::Simulation, bad: usize) -> String {
        let aig = &self.blasted.aig;
        let input_at: HashMap<u32, usize> = aig
            .inputs
            .iter()
            .enumerate()
            .map(|(i, l)| (l.var().0, i))
            .collect();
        let latch_at: HashMap<u32, usize> = aig
            .latches
            .iter()
            .enumerate()
            .map(|(i, l)| (l.lit.var().0, i))
            .collect();
        let value = |l: Lit, step: usize| -> bool {
            let v = l.var().0;
            let raw = if let Some(&i) = input_at.get(&v) {
                sim.inputs[step][i]
            } else if let Some(&i) = latch_at.get(&v) {
                sim.latches[step][i]
            } else {
                false
            };
            raw != l.is_neg()
        };
        let (mut with_init, mut with_next) = (HashSet::new(), HashSet::new());
        for n in &self.model.nodes {
            match n.kind {
                NodeKind::Init { state, .. } => {
                    with_init.insert(state);
                }
                NodeKind::Next { state, .. } => {
                    with_next.insert(state);
                }
                _ => {}
            }
        }
        let mut out = format!("sat\nb{bad}\n");
        for step in 0..sim.inputs.len() {
            let states: Vec<(usize, &Variable)> = self
                .blasted
                .states
                .iter()
                .enumerate()
                .filter(|(_, s)| {
                    if step == 0 {
                        !with_init.contains(&s.id)
                    } else {
                        !with_next.contains(&s.id)
                    }
                })
                .collect();
            if !states.is_empty() {
                let _ = writeln!(out, "#{step}");
                for (pos, s) in states {
                    self.assignment(&mut out, pos, s, |l| value(l, step));
                }
            }
            let _ = writeln!(out, "@{step}");
            for (pos, v) in self.blasted.inputs.iter().enumerate() {
                self.assignment(&mut out, pos, v, |l| value(l, step));
            }
        }
        out.push_str(".\n");
        out
    }

    /// One variable's lines of a frame: `pos bits [symbol]`, bits MSB first; an array's
    /// elements one line each, `pos [index] bits`.
    fn assignment(&self, out: &mut String, pos: usize, v: &Variable, value: impl Fn(Lit) -> bool) {
        let bits = |lits: &[Lit]| -> String {
            lits.iter()
                .rev()
                .map(|&l| if value(l) { '1' } else { '0' })
                .collect()
        };
        let symbol = v
            .symbol
            .as_deref()
            .map_or(String::new(), |s| format!(" {s}"));
        let sort = self.model.sort_of(v.id).and_then(|s| self.model.sort(s));
        match sort {
            Some(Sort::Array { index, .. }) => {
                let iw = self
                    .model
                    .sort(index)
                    .and_then(|s| match s {
                        Sort::BitVec(w) => Some(w as usize),
                        Sort::Array { .. } => None,
                    })
                    .unwrap_or(0);
                let elements = 1usize << iw;
                let ew = v.bits.len() / elements.max(1);
                for (j, element) in v.bits.chunks(ew.max(1)).enumerate() {
                    let index: String = (0..iw)
                        .rev()
                        .map(|b| if (j >> b) & 1 == 1 { '1' } else { '0' })
                        .collect();
                    let _ = writeln!(out, "{pos} [{index}] {}{symbol}", bits(element));
                }
            }
            _ => {
                let _ = writeln!(out, "{pos} {}{symbol}", bits(&v.bits));
            }
        }
    }
}
