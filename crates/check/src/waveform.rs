//! Counterexamples as waveforms: a replayed witness ([`crate::simulate`]) written as a VCD
//! (IEEE 1364 value change dump) that GTKWave and Surfer open, under the design's own names.
//!
//! Names come, later sources overriding earlier ones, from:
//! - the AIGER symbol table (`i3 step[1]`, `l0 count[0]`, `b2 saturates`);
//! - the map yosys writes beside the AIGER (`write_aiger -map design.aim`): lines
//!   `input|latch|invlatch|init|output <index> <bit> <name>` and `ninitff <latch>`;
//! - yosys's witness map (`write_aiger -ywmap design.ywa`): JSON whose `inputs`, `seqs` and
//!   `inits` entries are `{"input": i, "offset": bit, "path": ["\\top", "\\sig"]}` and whose
//!   `clocks` say which inputs are clocks.
//!
//! Values are shown as the design has them. yosys's `-zinit` makes every latch start at 0:
//! a register bit that starts at 1 is stored inverted (`invlatch` in the map, a symbol
//! `!name`), and is shown inverted back; an uninitialized register gets an input for its
//! first value (`init` in the map and `inits` in the `.ywa`, a symbol `init:name`) and a latch
//! that says "step 0" (`ninitff`): the register shows that input's value at step 0 (`x` where
//! the witness leaves it free), the input and the step-0 latch are not shown. Likewise an
//! uninitialized AIGER latch shows the witness's initial value, `x` where it is left free, and a
//! latch with a reset function (AIGER 1.9.23) its function's value at step 0, as replay computed
//! it: the witness's value, which replay checked against the function, or, for an `x`, the
//! function's.
//!
//! Bits named `sig[3]` (or given as bit 3 of `sig` by a map) are grouped back into one vector
//! `sig`; a name with dots (`core.alu.acc`, or a path of several parts) is put in nested
//! scopes. Inputs and latches without a name are `i<N>` and `l<N>`. Every property (its bad
//! signal: 1 is a violation) and every invariant constraint is shown too, in the scopes
//! `properties` and `constraints`.
//!
//! One witness step is 10 time units: the inputs of step `k` and the state they act on are
//! shown at time `10k`. A clock named by the `.ywa` map is drawn as a clock whose active edge
//! is at each step boundary, where the latches take their next values; its own witness values
//! mean nothing to the AIGER model (yosys leaves clock inputs unused).

use std::collections::BTreeMap;
use std::fmt::Write;

use pdrkit_logic::Lit;

use crate::model::{Model, Reset, SymbolKind};

use crate::witness::{Bit, Simulation};

/// A name map that does not fit its model, or is not a yosys map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// A line of a `.aim` map is not `kind index bit name` (nor `ninitff index`).
    #[error(
        "line {line}: expected `input|latch|invlatch|init|output <index> <bit> <name>` or `ninitff <index>`, found `{found}`"
    )]
    AimSyntax {
        /// The line (1-based).
        line: usize,
        /// The line's text.
        found: String,
    },
    /// An index of the map names an input or latch the model does not have.
    #[error("{at}: {kind} {index} does not exist: the model has {available}")]
    OutOfRange {
        /// Where: `line N` of a `.aim` map, or the JSON entry of a `.ywa` map.
        at: String,
        /// `input` or `latch`.
        kind: &'static str,
        /// The index named.
        index: usize,
        /// How many the model has.
        available: usize,
    },
    /// A bit index no real signal has (a vector that wide would not fit in memory).
    #[error("{at}: bit {bit} is out of range (at most {MAX_BIT})")]
    BitTooLarge {
        /// Where, as for [`MapError::OutOfRange`].
        at: String,
        /// The bit named.
        bit: usize,
    },
    /// A `.ywa` map that is not JSON, or not in yosys's form.
    #[error("{0}")]
    Ywa(String),
    /// A `.ywa` map written for a model of other sizes.
    #[error("the map is for {map} {kind}, the model has {model}")]
    Count {
        /// `inputs` or `latches`.
        kind: &'static str,
        /// The map's count.
        map: usize,
        /// The model's count.
        model: usize,
    },
}

/// A signal name: scopes and leaf, and the bit within the leaf's vector (`None`: a scalar).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Name {
    path: Vec<String>,
    bit: Option<usize>,
}

/// Which clock edge a clock input is active on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    Pos,
    Neg,
}

/// The names a waveform gives to a model's inputs, latches, properties and constraints, and
/// how yosys encoded the registers behind the latches.
#[derive(Clone, Debug, Default)]
pub struct SignalNames {
    inputs: Vec<Option<Name>>,
    latches: Vec<Option<Name>>,
    properties: Vec<Option<String>>,
    constraints: Vec<Option<String>>,
    clocks: Vec<(usize, Edge)>,
    /// Per latch: it holds the negation of its register bit (yosys `-zinit`, reset 1).
    inverted: Vec<bool>,
    /// Per input: the register bit whose value at step 0 it gives (yosys `-zinit`).
    inits: Vec<Option<Name>>,
    /// The latch yosys adds to tell step 0 (0 there, 1 after): not a register of the design.
    initstate: Option<usize>,
}

impl SignalNames {
    /// The names of `aig`'s symbol table. yosys's `-zinit` symbols are understood: a latch
    /// `!r[0]` holds bit 0 of `r` inverted, an input `init:u` gives `u`'s value at step 0.
    pub fn from_symbols(aig: &Model) -> SignalNames {
        let mut n = SignalNames {
            inputs: vec![None; aig.inputs.len()],
            latches: vec![None; aig.latches.len()],
            properties: vec![None; aig.properties().len()],
            constraints: vec![None; aig.constraints.len()],
            clocks: Vec::new(),
            inverted: vec![false; aig.latches.len()],
            inits: vec![None; aig.inputs.len()],
            initstate: None,
        };
        let props_are_outputs = aig.properties_are_outputs();
        for s in &aig.symbols {
            let text = |slots: &mut Vec<Option<String>>| {
                if let Some(slot) = slots.get_mut(s.index) {
                    *slot = Some(s.name.clone());
                }
            };
            match s.kind {
                SymbolKind::Input if s.index < n.inputs.len() => {
                    match s.name.strip_prefix("init:") {
                        Some(reg) => n.inits[s.index] = Some(split_symbol(reg)),
                        None => n.inputs[s.index] = Some(split_symbol(&s.name)),
                    }
                }
                SymbolKind::Latch if s.index < n.latches.len() => {
                    let (name, inverted) = match s.name.strip_prefix('!') {
                        Some(reg) => (reg, true),
                        None => (s.name.as_str(), false),
                    };
                    n.latches[s.index] = Some(split_symbol(name));
                    n.inverted[s.index] = inverted;
                }
                SymbolKind::Bad if !props_are_outputs => text(&mut n.properties),
                SymbolKind::Output if props_are_outputs => text(&mut n.properties),
                SymbolKind::Constraint => text(&mut n.constraints),
                _ => {}
            }
        }
        if n.inits.iter().any(Option::is_some) {
            // The symbol table does not name yosys's step-0 latch; it is the one without a
            // name that starts at 0 and is 1 ever after.
            n.initstate = (0..aig.latches.len()).find(|&k| {
                let l = aig.latches[k];
                n.latches[k].is_none() && l.reset == Reset::Zero && l.next == Lit::TRUE
            });
        }
        n
    }

    /// Takes the names of a yosys `write_aiger -map` file (`.aim`); lines of other kinds
    /// (`-vmap`'s `wire`) are skipped.
    pub fn read_aim(&mut self, text: &str) -> Result<(), MapError> {
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            let bad = || MapError::AimSyntax {
                line: line_no,
                found: t.to_owned(),
            };
            let mut parts = t.splitn(4, ' ');
            let kind = parts.next().ok_or_else(bad)?;
            if kind == "ninitff" {
                // yosys's step-0 latch: `ninitff <latch>`.
                let (Some(index), None) = (parts.next(), parts.next()) else {
                    return Err(bad());
                };
                let index: usize = index.parse().map_err(|_| bad())?;
                if index >= self.latches.len() {
                    return Err(MapError::OutOfRange {
                        at: format!("line {line_no}"),
                        kind: "latch",
                        index,
                        available: self.latches.len(),
                    });
                }
                self.initstate = Some(index);
                continue;
            }
            let (Some(index), Some(bit), Some(name)) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(bad());
            };
            let index: usize = index.parse().map_err(|_| bad())?;
            let bit: usize = bit.parse().map_err(|_| bad())?;
            let at = || format!("line {line_no}");
            let mut name = split_path(name);
            name.bit = Some(bit);
            match kind {
                "input" => set(&mut self.inputs, index, name, "input", at)?,
                "latch" | "invlatch" => {
                    set(&mut self.latches, index, name, "latch", at)?;
                    // `-zinit` stores a register bit that starts at 1 inverted.
                    self.inverted[index] = kind == "invlatch";
                }
                // With `-zinit`, an uninitialized register's value at step 0 is this input.
                "init" => set(&mut self.inits, index, name, "input", at)?,
                // Outputs are not drawn (a property is, under `properties`); other kinds
                // (`-vmap`'s `wire`) name nothing the waveform has.
                _ => {}
            }
        }
        Ok(())
    }

    /// Takes the names and clocks of a yosys `write_aiger -ywmap` file (`.ywa`).
    pub fn read_ywa(&mut self, text: &str) -> Result<(), MapError> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| MapError::Ywa(format!("not JSON: {e}")))?;
        let count = |key: &str| v.get(key).and_then(serde_json::Value::as_u64);
        for (key, kind, model) in [
            ("input_count", "inputs", self.inputs.len()),
            ("latch_count", "latches", self.latches.len()),
        ] {
            if let Some(n) = count(key).filter(|&n| n as usize != model) {
                return Err(MapError::Count {
                    kind,
                    map: n as usize,
                    model,
                });
            }
        }
        for key in ["inputs", "seqs", "inits"] {
            let Some(entries) = v.get(key) else { continue };
            let entries = entries
                .as_array()
                .ok_or_else(|| MapError::Ywa(format!("`{key}` is not a list")))?;
            for (j, e) in entries.iter().enumerate() {
                let at = || format!("`{key}` entry {j}");
                let input = e
                    .get("input")
                    .and_then(serde_json::Value::as_u64)
                    .ok_or_else(|| MapError::Ywa(format!("{}: no `input` index", at())))?;
                let offset = e
                    .get("offset")
                    .and_then(serde_json::Value::as_u64)
                    .unwrap_or(0);
                let path = e
                    .get("path")
                    .and_then(serde_json::Value::as_array)
                    .ok_or_else(|| MapError::Ywa(format!("{}: no `path`", at())))?;
                let parts: Vec<String> = path
                    .iter()
                    .filter_map(serde_json::Value::as_str)
                    .map(|p| p.strip_prefix('\\').unwrap_or(p).to_owned())
                    .collect();
                if parts.is_empty() {
                    return Err(MapError::Ywa(format!("{}: an empty `path`", at())));
                }
                let name = Name {
                    path: parts,
                    bit: Some(offset as usize),
                };
                // An `inits` entry names the register whose value at step 0 the input gives.
                let slots = if key == "inits" {
                    &mut self.inits
                } else {
                    &mut self.inputs
                };
                set(slots, input as usize, name, "input", at)?;
            }
        }
        if let Some(clocks) = v.get("clocks").and_then(serde_json::Value::as_array) {
            for c in clocks {
                let Some(input) = c.get("input").and_then(serde_json::Value::as_u64) else {
                    continue;
                };
                let edge = match c.get("edge").and_then(serde_json::Value::as_str) {
                    Some("negedge") => Edge::Neg,
                    _ => Edge::Pos,
                };
                if (input as usize) < self.inputs.len() {
                    self.clocks.push((input as usize, edge));
                }
            }
        }
        Ok(())
    }
}

/// The largest bit index a map may give.
pub const MAX_BIT: usize = 1 << 20;

fn set(
    slots: &mut [Option<Name>],
    index: usize,
    name: Name,
    kind: &'static str,
    at: impl FnOnce() -> String,
) -> Result<(), MapError> {
    if let Some(bit) = name.bit.filter(|&b| b > MAX_BIT) {
        return Err(MapError::BitTooLarge { at: at(), bit });
    }
    let available = slots.len();
    let slot = slots.get_mut(index).ok_or_else(|| MapError::OutOfRange {
        at: at(),
        kind,
        index,
        available,
    })?;
    *slot = Some(name);
    Ok(())
}

/// `core.acc[3]` → scopes `core`, leaf `acc`, bit 3.
fn split_symbol(s: &str) -> Name {
    let s = s.strip_prefix('\\').unwrap_or(s);
    let (base, bit) = match s.strip_suffix(']').and_then(|t| t.rsplit_once('[')) {
        Some((base, digits)) if !base.is_empty() => match digits.parse::<usize>() {
            Ok(b) if b <= MAX_BIT => (base, Some(b)),
            _ => (s, None),
        },
        _ => (s, None),
    };
    Name {
        bit,
        ..split_path(base)
    }
}

/// `core.acc` → scopes `core`, leaf `acc` (no bit).
fn split_path(s: &str) -> Name {
    let s = s.strip_prefix('\\').unwrap_or(s);
    let path: Vec<String> = s
        .split('.')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    Name {
        path: if path.is_empty() {
            vec![s.to_owned()]
        } else {
            path
        },
        bit: None,
    }
}

/// Where one bit of a VCD variable comes from.
#[derive(Clone, Copy, Debug)]
enum Source {
    Input(usize),
    Latch(usize),
    Property(usize),
    Constraint(usize),
    /// A lasso's fairness constraint or justice literal (a column of `Simulation::signals`).
    Signal(usize),
    /// 1 from a lasso's loop start on.
    InLoop,
}

/// One VCD variable: a scalar or a vector, its bits (index = bit), and its identifier.
struct Var {
    width: usize,
    vector: bool,
    bits: Vec<Option<Source>>,
    clock: Option<Edge>,
    id: String,
}

/// A scope: variables by leaf name, sub-scopes by name (sorted, so the output is stable).
#[derive(Default)]
struct Scope {
    vars: BTreeMap<String, Var>,
    subs: BTreeMap<String, Scope>,
}

impl Scope {
    fn add(&mut self, path: &[String], bit: Option<usize>, src: Source) {
        match path {
            [] => {}
            [leaf] => {
                let mut leaf = leaf.clone();
                // A second signal with the same name and bit keeps both, the later renamed.
                while let Some(v) = self.vars.get(&leaf) {
                    let b = bit.unwrap_or(0);
                    let taken =
                        v.vector != bit.is_some() || v.bits.get(b).is_some_and(Option::is_some);
                    if !taken {
                        break;
                    }
                    leaf.push('_');
                }
                let v = self.vars.entry(leaf).or_insert_with(|| Var {
                    width: 0,
                    vector: bit.is_some(),
                    bits: Vec::new(),
                    clock: None,
                    id: String::new(),
                });
                let b = bit.unwrap_or(0);
                if v.bits.len() <= b {
                    v.bits.resize(b + 1, None);
                }
                v.bits[b] = Some(src);
                v.width = v.bits.len();
            }
            [scope, rest @ ..] => self
                .subs
                .entry(scope.clone())
                .or_default()
                .add(rest, bit, src),
        }
    }

    /// Draws the one-bit variable of `input` as a clock.
    fn mark_clock(&mut self, input: usize, edge: Edge) {
        for v in self.vars.values_mut() {
            if v.bits.len() == 1 && matches!(v.bits[0], Some(Source::Input(i)) if i == input) {
                v.clock = Some(edge);
            }
        }
        for sub in self.subs.values_mut() {
            sub.mark_clock(input, edge);
        }
    }

    fn number(&mut self, next: &mut usize) {
        for v in self.vars.values_mut() {
            // yosys gives a one-bit wire bit 0 in its maps: show it as the scalar it is.
            if v.width == 1 {
                v.vector = false;
            }
            v.id = vcd_id(*next);
            *next += 1;
        }
        for s in self.subs.values_mut() {
            s.number(next);
        }
    }

    fn declare(&self, name: &str, out: &mut String) {
        let _ = writeln!(out, "$scope module {} $end", vcd_name(name));
        for (leaf, v) in &self.vars {
            let kind = if v
                .bits
                .iter()
                .flatten()
                .any(|s| matches!(s, Source::Latch(_)))
            {
                "reg"
            } else {
                "wire"
            };
            if v.vector {
                let _ = writeln!(
                    out,
                    "$var {kind} {} {} {} [{}:0] $end",
                    v.width,
                    v.id,
                    vcd_name(leaf),
                    v.width - 1
                );
            } else {
                let _ = writeln!(out, "$var {kind} 1 {} {} $end", v.id, vcd_name(leaf));
            }
        }
        for (sub, s) in &self.subs {
            s.declare(sub, out);
        }
        out.push_str("$upscope $end\n");
    }

    fn each_var<'a>(&'a self, f: &mut impl FnMut(&'a Var)) {
        for v in self.vars.values() {
            f(v);
        }
        for s in self.subs.values() {
            s.each_var(f);
        }
    }
}

/// Whether a latch is uninitialized: [`Reset::Uninit`], or a hand-built model's reset function
/// that is the latch's own literal, which means the same.
fn uninitialized(l: &crate::model::Latch) -> bool {
    l.reset == Reset::Uninit || l.reset == Reset::Function(l.lit)
}

/// VCD identifiers: printable ASCII from `!` to `~`, base 94.
pub(crate) fn vcd_id(mut n: usize) -> String {
    let mut s = String::new();
    loop {
        s.push((b'!' + (n % 94) as u8) as char);
        n /= 94;
        if n == 0 {
            return s;
        }
        n -= 1;
    }
}

/// A name VCD readers accept: no whitespace.
pub(crate) fn vcd_name(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

/// Writes `sim` (a replay of a witness on `aig`) as a VCD. `top` names the outer scope (the
/// design); `version` goes into the header.
pub fn write_vcd(
    aig: &Model,
    sim: &Simulation,
    names: &SignalNames,
    top: &str,
    version: &str,
) -> String {
    let mut design = Scope::default();
    let name_of = |slot: Option<&Option<Name>>, default: String| -> Name {
        slot.cloned().flatten().unwrap_or(Name {
            path: vec![default],
            bit: None,
        })
    };
    // The input that gives each latch's register its value at step 0 (yosys `-zinit`): the
    // input whose `init` name is the latch's name.
    let same = |a: &Name, b: &Name| a.path == b.path && a.bit.unwrap_or(0) == b.bit.unwrap_or(0);
    let init_of: Vec<Option<usize>> = (0..aig.latches.len())
        .map(|k| {
            let latch = names.latches.get(k)?.as_ref()?;
            names
                .inits
                .iter()
                .position(|i| i.as_ref().is_some_and(|i| same(i, latch)))
        })
        .collect();
    for k in 0..aig.inputs.len() {
        let init = names.inits.get(k).cloned().flatten();
        if init.is_some() && init_of.contains(&Some(k)) {
            // Shown as its register's value at step 0.
            continue;
        }
        let n = match (names.inputs.get(k).cloned().flatten(), init) {
            (Some(n), _) => n,
            (None, Some(mut n)) => {
                // An `init` input whose register has no latch of that name: on its own.
                if let Some(leaf) = n.path.last_mut() {
                    leaf.push_str("_init");
                }
                n
            }
            (None, None) => name_of(None, format!("i{k}")),
        };
        design.add(&n.path, n.bit, Source::Input(k));
    }
    for k in 0..aig.latches.len() {
        if names.initstate == Some(k) && names.latches.get(k).is_none_or(Option::is_none) {
            continue;
        }
        let n = name_of(names.latches.get(k), format!("l{k}"));
        design.add(&n.path, n.bit, Source::Latch(k));
    }
    let letter = if aig.properties_are_outputs() {
        'o'
    } else {
        'b'
    };
    let mut props = Scope::default();
    for k in 0..aig.properties().len() {
        let n = names.properties.get(k).cloned().flatten();
        let leaf = n.map_or(format!("{letter}{k}"), |n| format!("{letter}{k}_{n}"));
        props.add(&[leaf], None, Source::Property(k));
    }
    let mut cons = Scope::default();
    for k in 0..aig.constraints.len() {
        let n = names.constraints.get(k).cloned().flatten();
        let leaf = n.map_or(format!("c{k}"), |n| format!("c{k}_{n}"));
        cons.add(&[leaf], None, Source::Constraint(k));
    }
    for &(input, edge) in &names.clocks {
        design.mark_clock(input, edge);
    }
    // A lasso: its fairness constraints, its justice literals, and where its loop is.
    let mut live = Scope::default();
    if let Some(l) = &sim.lasso {
        let width = sim.signals.first().map_or(0, Vec::len);
        for k in 0..width {
            let leaf = if k < l.fairness {
                format!("f{k}")
            } else {
                format!("j{}_{}", l.justice, k - l.fairness)
            };
            live.add(&[leaf], None, Source::Signal(k));
        }
        live.add(&["in_loop".to_owned()], None, Source::InLoop);
    }
    let mut next = 0;
    design.number(&mut next);
    props.number(&mut next);
    cons.number(&mut next);
    live.number(&mut next);

    let mut out = String::new();
    let _ = writeln!(out, "$version {version} $end");
    out.push_str("$comment one witness step is 10 time units $end\n");
    out.push_str("$timescale 1ns $end\n");
    design.declare(top, &mut out);
    if !aig.properties().is_empty() {
        props.declare("properties", &mut out);
    }
    if !aig.constraints.is_empty() {
        cons.declare("constraints", &mut out);
    }
    if let Some(l) = &sim.lasso {
        let _ = writeln!(
            out,
            "$comment a lasso: after the last step the state is the one of step {} (in_loop is 1 from there on) $end",
            l.start
        );
        live.declare("liveness", &mut out);
    }
    out.push_str("$enddefinitions $end\n");

    // A latch's value at step 0 where the witness, not the simulation, says what it is: the
    // `init` input's for a yosys `-zinit` register, an uninitialized latch's own; `None`
    // inside for an `x`, which leaves it free. (A simulation without the witness's bits
    // falls back to the simulated value.) A latch with a constant reset or a reset function
    // shows the simulated value: its reset, or its function's value, which is the witness's
    // when the witness gives one (replay rejects any other).
    let given = |b: Option<&Bit>| b.map(|&b| (b != Bit::X).then(|| b.value()));
    let first = |k: usize| -> Option<Option<bool>> {
        match init_of.get(k).copied().flatten() {
            Some(j) => given(sim.input_bits.first().and_then(|v| v.get(j))),
            None if uninitialized(aig.latches.get(k)?) => given(sim.init.get(k)),
            None => None,
        }
    };
    let value = |src: Option<Source>, step: usize| -> char {
        let get =
            |table: &Vec<Vec<bool>>, k: usize| table.get(step).and_then(|r| r.get(k)).copied();
        let v = match src {
            None => None,
            Some(Source::Input(k)) => get(&sim.inputs, k),
            Some(Source::Latch(k)) => match first(k).filter(|_| step == 0) {
                Some(v) => v,
                None => {
                    let inverted = names.inverted.get(k).copied().unwrap_or(false);
                    get(&sim.latches, k).map(|v| v ^ inverted)
                }
            },
            Some(Source::Property(k)) => get(&sim.properties, k),
            Some(Source::Constraint(k)) => get(&sim.constraints, k),
            Some(Source::Signal(k)) => get(&sim.signals, k),
            Some(Source::InLoop) => sim.lasso.map(|l| step >= l.start),
        };
        match v {
            Some(true) => '1',
            Some(false) => '0',
            None => 'x',
        }
    };
    let text = |v: &Var, step: usize, half: bool| -> String {
        if let Some(edge) = v.clock {
            // High for the first half of a step on a rising edge clock: the edge that moves to
            // the next step's state is at the step boundary.
            let high = (edge == Edge::Pos) != half;
            return format!("{}{}", high as u8, v.id);
        }
        if v.vector {
            let bits: String = v.bits.iter().rev().map(|&s| value(s, step)).collect();
            format!("b{bits} {}", v.id)
        } else {
            format!("{}{}", value(v.bits[0], step), v.id)
        }
    };
    let steps = sim.inputs.len();
    let mut last: Vec<String> = Vec::new();
    let mut vars: Vec<&Var> = Vec::new();
    design.each_var(&mut |v| vars.push(v));
    props.each_var(&mut |v| vars.push(v));
    cons.each_var(&mut |v| vars.push(v));
    live.each_var(&mut |v| vars.push(v));
    let has_clock = vars.iter().any(|v| v.clock.is_some());
    for step in 0..steps {
        dump_step(
            &mut out,
            step,
            vars.iter().map(|v| text(v, step, false)),
            &mut last,
        );
        if has_clock {
            let _ = writeln!(out, "#{}", 10 * step + 5);
            for (j, v) in vars.iter().enumerate() {
                if v.clock.is_some() {
                    let t = text(v, step, true);
                    let _ = writeln!(out, "{t}");
                    last[j] = t;
                }
            }
        }
    }
    let _ = writeln!(out, "#{}", 10 * steps);
    out
}

/// Writes step `step` of a waveform at time `10·step`: at step 0 every signal's value (as
/// `$dumpvars`), later only the values that differ from `last`, the values written last (one
/// text per signal, in the order of `values`, which `last` is updated to).
pub(crate) fn dump_step(
    out: &mut String,
    step: usize,
    values: impl Iterator<Item = String>,
    last: &mut Vec<String>,
) {
    let _ = writeln!(out, "#{}", 10 * step);
    if step == 0 {
        out.push_str("$dumpvars\n");
        for t in values {
            let _ = writeln!(out, "{t}");
            last.push(t);
        }
        out.push_str("$end\n");
        return;
    }
    for (j, t) in values.enumerate() {
        if last[j] != t {
            let _ = writeln!(out, "{t}");
            last[j] = t;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_yosys_bit_names() {
        assert_eq!(
            split_symbol("core.acc[3]"),
            Name {
                path: vec!["core".into(), "acc".into()],
                bit: Some(3)
            }
        );
        assert_eq!(split_symbol("en").bit, None);
        assert_eq!(split_symbol("x[a]").path, vec!["x[a]".to_string()]);
        assert_eq!(split_symbol("[3]").bit, None);
    }

    #[test]
    fn yosys_maps() {
        let aig = Model::parse(b"aag 3 3 0 0 0\n2\n4\n6\n").unwrap();
        let mut n = SignalNames::from_symbols(&aig);
        n.read_ywa(
            r#"{"input_count": 3, "latch_count": 0,
                "clocks": [{"edge": "negedge", "input": 0, "offset": 0, "path": ["\\clk"]}],
                "inputs": [{"input": 1, "offset": 2, "path": ["\\core", "\\data"]}],
                "inits": [{"input": 2, "offset": 0, "path": ["\\r"]}]}"#,
        )
        .unwrap();
        assert_eq!(n.clocks, vec![(0, Edge::Neg)]);
        assert_eq!(
            n.inputs[1],
            Some(Name {
                path: vec!["core".into(), "data".into()],
                bit: Some(2)
            })
        );
        // An `inits` entry names the register the input starts, not the input.
        assert_eq!(n.inputs[2], None);
        assert_eq!(
            n.inits[2],
            Some(Name {
                path: vec!["r".into()],
                bit: Some(0)
            })
        );
        assert_eq!(
            n.read_ywa(r#"{"input_count": 4}"#).unwrap_err().to_string(),
            "the map is for 4 inputs, the model has 3"
        );
        assert!(n
            .read_ywa("[1,")
            .unwrap_err()
            .to_string()
            .starts_with("not JSON"));
        assert_eq!(
            n.read_aim("input 0 0 a\ninput 2\n").unwrap_err(),
            MapError::AimSyntax {
                line: 2,
                found: "input 2".into()
            }
        );
        assert!(matches!(
            n.read_aim("input 0 99999999999 a\n"),
            Err(MapError::BitTooLarge { .. })
        ));
        assert_eq!(split_symbol("a[99999999999]").bit, None);
        n.read_aim("wire 5 0 w\ninput 2 1 core.b\n").unwrap();
        assert_eq!(n.inputs[2].as_ref().unwrap().bit, Some(1));
    }

    #[test]
    fn vcd_ids_are_distinct() {
        let ids: std::collections::HashSet<String> = (0..20_000).map(vcd_id).collect();
        assert_eq!(ids.len(), 20_000);
        assert!(ids
            .iter()
            .all(|s| s.bytes().all(|b| (b'!'..=b'~').contains(&b))));
    }
}
