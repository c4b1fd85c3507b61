//! The bit-blaster: a BTOR2 [`Model`] to an [`Aig`] with the same behaviour.

use std::collections::{HashMap, HashSet};

use pdrkit_logic::{Lit, Var};
use pdrkit_ts::{Aig, Latch, Reset, Symbol, SymbolKind};

use crate::gates::Gates;
use crate::model::{Arg, Model, NodeId, NodeKind, Op, Sort};

/// The largest index width of an array the blaster translates (element by element: an
/// array of `2^w` elements becomes that many bit vectors).
pub const MAX_ARRAY_INDEX_WIDTH: u32 = 16;

/// The largest array the blaster translates, in bits (elements times element width). Every
/// array value, not only a state, is that many AIG bits, and every `write` and `eq` and each
/// level of a `read` costs gates in proportion: 64 Ki bits (1024 elements of 64 bits, say)
/// keeps a model with a few such arrays within what the bit-level engines handle, while a
/// memory of 32-bit addresses (2^32 elements) could never be blasted; such a model is
/// answered `unknown` with this reason rather than exhausting memory.
pub const MAX_ARRAY_BITS: usize = 1 << 16;

/// Why a (well-formed) model cannot be bit-blasted yet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BlastError {
    /// A construct this first version of the front end does not translate.
    #[error("line {line}: unsupported: {what}")]
    Unsupported {
        /// The line of the construct.
        line: usize,
        /// What is not supported.
        what: String,
    },
    /// `init` values that depend on each other in a cycle: a state's initial value would be
    /// computed from itself (as btorsim, which refuses such a model too).
    #[error(
        "line {line}: the `init` values form a cycle: {}; expected each state's `init` to \
             depend only on states initialised without it",
        cycle_text(states)
    )]
    InitCycle {
        /// The `init` line of the first state of the cycle.
        line: usize,
        /// The states of the cycle, each with its symbol if it has one: each one's `init`
        /// reads the next one's initial value, and the last one's reads the first's.
        states: Vec<(NodeId, Option<String>)>,
    },
    /// The model refers to something the parser would have refused (a model built by hand).
    #[error("line {line}: malformed model: {what}")]
    Malformed {
        /// The line.
        line: usize,
        /// What is wrong.
        what: String,
    },
}

/// The states of an [`BlastError::InitCycle`], as `state 3 (a) -> state 5 -> state 3 (a)`.
fn cycle_text(states: &[(NodeId, Option<String>)]) -> String {
    let name = |(id, symbol): &(NodeId, Option<String>)| match symbol {
        Some(s) => format!("state {id} ({s})"),
        None => format!("state {id}"),
    };
    let mut chain: Vec<String> = states.iter().map(name).collect();
    if let Some(first) = states.first() {
        chain.push(name(first));
    }
    chain.join(" -> ")
}

/// A BTOR2 input or state and the AIG literals of its bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// The node's id in the file.
    pub id: NodeId,
    /// The node's symbol, if any.
    pub symbol: Option<String>,
    /// The AIG literals of its bits, LSB first: inputs of the AIG for a BTOR2 input (and for a
    /// state without `next` and `init`), latches for a state with `next` or `init`. For an
    /// array, its elements in index order, each LSB first (element `j`, bit `i` at
    /// `j * element_width + i`).
    pub bits: Vec<Lit>,
}

/// A bit-blasted model: the AIG, and where each BTOR2 input, state and output went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blasted {
    /// The AIG: `bad` lines are its bad-state properties (`B`), `constraint` lines its
    /// invariant constraints, `justice` and `fair` lines its justice properties and fairness
    /// constraints, in file order. BTOR2 outputs are *not* AIG outputs (AIGER reads outputs as
    /// properties when there is no `B` and `J` section); they are in [`outputs`](Self::outputs).
    /// Its variables are numbered as binary AIGER numbers them (inputs from 1, then latches,
    /// then gates), so that its ASCII and binary files name every input and latch by the same
    /// literal.
    pub aig: Aig,
    /// The BTOR2 inputs, in file order (position `i` is input `i` of a btorsim witness).
    pub inputs: Vec<Variable>,
    /// The BTOR2 states, in file order (position `i` is state `i` of a btorsim witness).
    pub states: Vec<Variable>,
    /// The BTOR2 outputs, in file order, as literals over the AIG.
    pub outputs: Vec<Variable>,
}

/// Bit-blasts a model into an AIG, every operator with its SMT-LIB semantics (division by zero
/// included: `udiv` gives all ones, `urem` the dividend, `sdiv`/`srem`/`smod` follow from
/// their SMT-LIB definitions; shifts by the width or more give zero, or the sign for `sra`;
/// rotations are by the amount modulo the width).
///
/// States: one AIG latch per bit when the state has `next` or `init`; without `init` the
/// latches are uninitialized. With `init`, a bit whose value folds to a constant gives its
/// latch reset 0 or 1; any other bit gives an AIGER 1.9.23 reset function
/// ([`Reset::Function`]): the `init` expression blasted over the step-0 values of what it
/// reads, as btorsim evaluates it — a state's latches (whose own resets give their initial
/// values), the AIG inputs of a state without `next` and `init`, and the BTOR2 inputs (their
/// step-0 values). `init` values that depend on each other in a cycle are refused
/// ([`BlastError::InitCycle`]). A state without `next` takes any value at every step: without
/// `init` its bits are plain AIG inputs; with `init` they are latches whose next value is a
/// fresh AIG input (the `init` value at step 0, free afterwards).
///
/// Arrays of bit vectors of at most [`MAX_ARRAY_BITS`] bits (index width at most
/// [`MAX_ARRAY_INDEX_WIDTH`]) are blasted
/// element by element: an array value is its `2^w` elements (an array state, `2^w` bit-vector
/// latches, each with the reset of its bit of the `init` value; an element-valued `init`
/// starts every element at it), `read` a multiplexer tree, `write` a compare-and-select per
/// element, `eq`/`neq`/`ite` element-wise.
///
/// Not yet supported ([`BlastError::Unsupported`]): arrays with wider indices or array
/// elements.
pub fn blast(model: &Model) -> Result<Blasted, BlastError> {
    let mut b = Blaster {
        model,
        g: Gates::new(),
        bits: HashMap::new(),
        latches: Vec::new(),
        latch_of: HashMap::new(),
        inputs: Vec::new(),
        states: Vec::new(),
        outputs: Vec::new(),
    };
    let mut has_next = HashSet::new();
    let mut has_init = HashSet::new();
    for n in &model.nodes {
        match n.kind {
            NodeKind::Next { state, .. } => {
                has_next.insert(state);
            }
            NodeKind::Init { state, .. } => {
                has_init.insert(state);
            }
            _ => {}
        }
    }
    if let Some(err) = init_cycle(model) {
        return Err(err);
    }
    for n in &model.nodes {
        let line = n.line;
        match &n.kind {
            NodeKind::Sort(_) => {}
            NodeKind::Input { sort } => {
                let w = b.bv_width(line, *sort, "array inputs")?;
                let bits = b.new_inputs(w, n.symbol.as_deref());
                b.define(n.id, bits.clone());
                b.inputs.push(Variable {
                    id: n.id,
                    symbol: n.symbol.clone(),
                    bits,
                });
            }
            NodeKind::State { sort } => {
                let w = b.bv_width(line, *sort, "array states")?;
                let bits = if has_next.contains(&n.id) || has_init.contains(&n.id) {
                    let first = b.latches.len();
                    let bits: Vec<Lit> = (0..w).map(|_| b.g.aig.new_var().lit()).collect();
                    for (i, &lit) in bits.iter().enumerate() {
                        b.latches.push(Latch {
                            lit,
                            next: lit,
                            reset: Reset::Uninit,
                        });
                        if let Some(name) = bit_name(n.symbol.as_deref(), i, w) {
                            b.g.aig.symbols.push(Symbol {
                                kind: SymbolKind::Latch,
                                index: first + i,
                                name,
                            });
                        }
                    }
                    b.latch_of.insert(n.id, (first, w));
                    if !has_next.contains(&n.id) {
                        // Free after step 0: the next value is a fresh input.
                        for i in 0..w {
                            let free = b.g.aig.new_var().lit();
                            b.g.aig.inputs.push(free);
                            b.latches[first + i].next = free;
                        }
                    }
                    bits
                } else {
                    b.new_inputs(w, n.symbol.as_deref())
                };
                b.define(n.id, bits.clone());
                b.states.push(Variable {
                    id: n.id,
                    symbol: n.symbol.clone(),
                    bits,
                });
            }
            NodeKind::Const { bits, .. } => {
                let lits = bits.iter().map(|&x| if x { Lit::TRUE } else { Lit::FALSE });
                b.define(n.id, lits.collect());
            }
            NodeKind::Op { op, sort, args } => {
                let v = b.op(line, *op, *sort, args)?;
                b.define(n.id, v);
            }
            NodeKind::Init { sort, state, value } => {
                let mut v = b.arg(line, *value)?;
                if let Some(Sort::Array { .. }) = model.sort(*sort) {
                    let (n, ew) = b.array_shape(line, *sort, "array states")?;
                    if v.len() == ew && n > 1 {
                        // Every element starts at the value.
                        v = v.repeat(n);
                    }
                }
                let first = b.latch(line, *state, &v)?;
                for (i, &l) in v.iter().enumerate() {
                    let latch = &mut b.latches[first + i];
                    // AIGER reads a reset literal equal to the latch's own as "uninitialized":
                    // a bit that is its own init value would silently become free. Only a
                    // cyclic init can give one, which `init_cycle` refused above; checked
                    // again here so that no model can slip through as a different one.
                    if l.var() == latch.lit.var() {
                        let symbol = model.get(*state).and_then(|n| n.symbol.clone());
                        return Err(BlastError::InitCycle {
                            line,
                            states: vec![(*state, symbol)],
                        });
                    }
                    latch.reset = match l {
                        Lit::TRUE => Reset::One,
                        Lit::FALSE => Reset::Zero,
                        f => Reset::Function(f),
                    };
                }
            }
            NodeKind::Next { state, value, .. } => {
                let v = b.arg(line, *value)?;
                let first = b.latch(line, *state, &v)?;
                for (i, l) in v.into_iter().enumerate() {
                    b.latches[first + i].next = l;
                }
            }
            NodeKind::Bad(a) => {
                let l = b.bit(line, *a)?;
                b.name(SymbolKind::Bad, b.g.aig.bads.len(), &n.symbol);
                b.g.aig.bads.push(l);
            }
            NodeKind::Constraint(a) => {
                let l = b.bit(line, *a)?;
                b.name(SymbolKind::Constraint, b.g.aig.constraints.len(), &n.symbol);
                b.g.aig.constraints.push(l);
            }
            NodeKind::Fair(a) => {
                let l = b.bit(line, *a)?;
                b.name(SymbolKind::Fairness, b.g.aig.fairness.len(), &n.symbol);
                b.g.aig.fairness.push(l);
            }
            NodeKind::Justice(args) => {
                let ls = args
                    .iter()
                    .map(|&a| b.bit(line, a))
                    .collect::<Result<Vec<_>, _>>()?;
                b.name(SymbolKind::Justice, b.g.aig.justice.len(), &n.symbol);
                b.g.aig.justice.push(ls);
            }
            NodeKind::Output(a) => {
                let bits = b.arg(line, *a)?;
                b.outputs.push(Variable {
                    id: n.id,
                    symbol: n.symbol.clone(),
                    bits,
                });
            }
        }
    }
    let mut aig = b.g.aig;
    aig.latches = b.latches;
    aig.symbols.sort_by_key(|s| (s.kind.letter(), s.index));
    let mut blasted = Blasted {
        aig,
        inputs: b.inputs,
        states: b.states,
        outputs: b.outputs,
    };
    renumber(&mut blasted);
    Ok(blasted)
}

/// A cycle of `init` values, if the model has one: a state whose `init` expression reads
/// (through operators and other states' `init`s) its own initial value. One depth-first search
/// over "reads" edges (an operator reads its operands, a state with `init` its `init` value),
/// linear in the model: operators only read earlier lines, so every cycle goes through a
/// state's `init`. As btorsim's evaluation, this follows the expressions as written (a state
/// read by an `init` is a dependency even when the operator would not need its value).
fn init_cycle(model: &Model) -> Option<BlastError> {
    let mut init_of: HashMap<NodeId, (NodeId, usize)> = HashMap::new();
    for n in &model.nodes {
        if let NodeKind::Init { state, value, .. } = n.kind {
            init_of.insert(state, (value.id, n.line));
        }
    }
    // The `k`-th node a node reads.
    let reads = |id: NodeId, k: usize| -> Option<NodeId> {
        match &model.get(id)?.kind {
            NodeKind::Op { args, .. } => args.get(k).map(|a| a.id),
            NodeKind::State { .. } if k == 0 => init_of.get(&id).map(|&(v, _)| v),
            _ => None,
        }
    };
    // 1: on the search's stack, 2: done.
    let mut mark: HashMap<NodeId, u8> = HashMap::new();
    let mut roots: Vec<NodeId> = init_of.keys().copied().collect();
    roots.sort_unstable();
    for root in roots {
        if mark.contains_key(&root) {
            continue;
        }
        mark.insert(root, 1);
        let mut stack: Vec<(NodeId, usize)> = vec![(root, 0)];
        while let Some(top) = stack.last_mut() {
            let (id, k) = *top;
            top.1 += 1;
            let Some(child) = reads(id, k) else {
                mark.insert(id, 2);
                stack.pop();
                continue;
            };
            match mark.get(&child) {
                Some(2) => {}
                Some(_) => {
                    // The cycle: the stack from `child` up, its states in the order they read
                    // each other.
                    let from = stack.iter().position(|&(x, _)| x == child).unwrap_or(0);
                    let states: Vec<(NodeId, Option<String>)> = stack[from..]
                        .iter()
                        .filter(|(x, _)| init_of.contains_key(x))
                        .map(|&(x, _)| (x, model.get(x).and_then(|n| n.symbol.clone())))
                        .collect();
                    let line = states.first().map_or(0, |(s, _)| init_of[s].1);
                    return Some(BlastError::InitCycle { line, states });
                }
                None => {
                    mark.insert(child, 1);
                    stack.push((child, 0));
                }
            }
        }
    }
    None
}

/// Renumbers the AIG's variables into binary AIGER's order (inputs `1..=I`, then latches,
/// then gates in their topological order), where blasting made them in the model's order.
/// Binary AIGER can only write that numbering, and a certificate names the model's inputs and
/// latches by literal (`l3 = 42`): with the blasted AIG numbered so already, the ASCII and
/// the binary file of it are the same circuit under the same literals, and one certificate
/// serves both.
fn renumber(b: &mut Blasted) {
    let aig = &mut b.aig;
    let mut to = vec![0u32; aig.max_var as usize + 1];
    let defined = aig
        .inputs
        .iter()
        .copied()
        .chain(aig.latches.iter().map(|l| l.lit))
        .chain(aig.ands.iter().map(|g| g.lhs));
    let mut count = 0u32;
    for l in defined {
        count += 1;
        to[l.var().idx()] = count;
    }
    // Every literal the blaster built is constant or defined above (a gate's operands before
    // the gate), so the map is total on what is used.
    let map = |l: Lit| -> Lit {
        if l.is_const() {
            l
        } else {
            Var(to[l.var().idx()]).lit_with(l.is_neg())
        }
    };
    for l in &mut aig.inputs {
        *l = map(*l);
    }
    for latch in &mut aig.latches {
        latch.lit = map(latch.lit);
        latch.next = map(latch.next);
        if let Reset::Function(f) = latch.reset {
            latch.reset = Reset::Function(map(f));
        }
    }
    for g in &mut aig.ands {
        g.lhs = map(g.lhs);
        g.rhs0 = map(g.rhs0);
        g.rhs1 = map(g.rhs1);
    }
    for list in [
        &mut aig.outputs,
        &mut aig.bads,
        &mut aig.constraints,
        &mut aig.fairness,
    ] {
        for l in list.iter_mut() {
            *l = map(*l);
        }
    }
    for j in &mut aig.justice {
        for l in j.iter_mut() {
            *l = map(*l);
        }
    }
    aig.max_var = count;
    for v in b
        .inputs
        .iter_mut()
        .chain(&mut b.states)
        .chain(&mut b.outputs)
    {
        for l in v.bits.iter_mut() {
            *l = map(*l);
        }
    }
}

/// The AIG name of bit `i` of a `w`-bit variable: `name[i]`, or `name` for width 1.
fn bit_name(symbol: Option<&str>, i: usize, w: usize) -> Option<String> {
    let s = symbol?;
    Some(if w == 1 {
        s.to_string()
    } else {
        format!("{s}[{i}]")
    })
}

struct Blaster<'m> {
    model: &'m Model,
    g: Gates,
    bits: HashMap<NodeId, Vec<Lit>>,
    latches: Vec<Latch>,
    /// For each state that became latches, the position of its first bit's latch.
    latch_of: HashMap<NodeId, (usize, usize)>,
    inputs: Vec<Variable>,
    states: Vec<Variable>,
    outputs: Vec<Variable>,
}

impl Blaster<'_> {
    fn define(&mut self, id: NodeId, bits: Vec<Lit>) {
        self.bits.insert(id, bits);
    }

    fn name(&mut self, kind: SymbolKind, index: usize, symbol: &Option<String>) {
        if let Some(name) = symbol {
            self.g.aig.symbols.push(Symbol {
                kind,
                index,
                name: name.clone(),
            });
        }
    }

    fn new_inputs(&mut self, w: usize, symbol: Option<&str>) -> Vec<Lit> {
        (0..w)
            .map(|i| {
                let lit = self.g.aig.new_var().lit();
                if let Some(name) = bit_name(symbol, i, w) {
                    self.g.aig.symbols.push(Symbol {
                        kind: SymbolKind::Input,
                        index: self.g.aig.inputs.len(),
                        name,
                    });
                }
                self.g.aig.inputs.push(lit);
                lit
            })
            .collect()
    }

    /// The number of AIG bits of a value of `sort`: its width, or for an array (of bit
    /// vectors, at most [`MAX_ARRAY_BITS`] bits) its elements' bits.
    fn bv_width(&self, line: usize, sort: NodeId, what: &str) -> Result<usize, BlastError> {
        match self.model.sort(sort) {
            Some(Sort::BitVec(w)) => Ok(w as usize),
            Some(Sort::Array { .. }) => {
                let (n, ew) = self.array_shape(line, sort, what)?;
                Ok(n * ew)
            }
            None => Err(BlastError::Malformed {
                line,
                what: format!("{sort} is not a sort"),
            }),
        }
    }

    /// The number of elements and the element width of an array sort.
    fn array_shape(
        &self,
        line: usize,
        sort: NodeId,
        what: &str,
    ) -> Result<(usize, usize), BlastError> {
        let unsupported = |why: String| BlastError::Unsupported {
            line,
            what: format!("arrays ({what}): {why}"),
        };
        let Some(Sort::Array { index, element }) = self.model.sort(sort) else {
            return Err(BlastError::Malformed {
                line,
                what: format!("{sort} is not an array sort"),
            });
        };
        let iw = match self.model.sort(index) {
            Some(Sort::BitVec(w)) => w,
            _ => return Err(unsupported("the index is not a bit vector".into())),
        };
        let ew = match self.model.sort(element) {
            Some(Sort::BitVec(w)) => w,
            _ => return Err(unsupported("the elements are arrays".into())),
        };
        if iw > MAX_ARRAY_INDEX_WIDTH {
            return Err(unsupported(format!(
                "index width {iw} is above {MAX_ARRAY_INDEX_WIDTH}"
            )));
        }
        let (n, ew) = (1usize << iw, ew as usize);
        if n.saturating_mul(ew) > MAX_ARRAY_BITS {
            return Err(unsupported(format!(
                "{n} elements of {ew} bits are above {MAX_ARRAY_BITS} bits"
            )));
        }
        Ok((n, ew))
    }

    /// The position of the first latch of `state`, checking `value` has its width.
    fn latch(&self, line: usize, state: NodeId, value: &[Lit]) -> Result<usize, BlastError> {
        match self.latch_of.get(&state) {
            Some(&(first, w)) if w == value.len() => Ok(first),
            _ => Err(BlastError::Malformed {
                line,
                what: format!("{state} is not a state of width {}", value.len()),
            }),
        }
    }

    fn arg(&self, line: usize, a: Arg) -> Result<Vec<Lit>, BlastError> {
        let v = self.bits.get(&a.id).ok_or_else(|| BlastError::Malformed {
            line,
            what: format!("operand {} is not a bit-vector value defined earlier", a.id),
        })?;
        Ok(v.iter().map(|&l| l.xor(a.negated)).collect())
    }

    fn bit(&self, line: usize, a: Arg) -> Result<Lit, BlastError> {
        let v = self.arg(line, a)?;
        match v[..] {
            [l] => Ok(l),
            _ => Err(BlastError::Malformed {
                line,
                what: format!("operand {} has width {}, expected 1", a.id, v.len()),
            }),
        }
    }

    /// `read A I` and `write A I V` on an array blasted element by element.
    fn array_op(&mut self, line: usize, op: Op, args: &[Arg]) -> Result<Vec<Lit>, BlastError> {
        let array_sort = self
            .model
            .sort_of(args[0].id)
            .ok_or_else(|| BlastError::Malformed {
                line,
                what: format!("{} is not a value", args[0].id),
            })?;
        let (n, ew) = self.array_shape(line, array_sort, op.name())?;
        let a = self.arg(line, args[0])?;
        let i = self.arg(line, args[1])?;
        let v = if op == Op::Write {
            self.arg(line, args[2])?
        } else {
            vec![Lit::FALSE; ew]
        };
        if a.len() != n * ew || (1usize << i.len()) != n || v.len() != ew {
            return Err(BlastError::Malformed {
                line,
                what: format!("operands of `{}` of the wrong width", op.name()),
            });
        }
        let g = &mut self.g;
        if op == Op::Read {
            // A multiplexer tree over the index bits, LSB first.
            let mut level: Vec<Vec<Lit>> = a.chunks(ew).map(<[Lit]>::to_vec).collect();
            for &bit in &i {
                level = level
                    .chunks(2)
                    .map(|pair| g.mux_vec(bit, &pair[1], &pair[0]))
                    .collect();
            }
            return Ok(level.pop().expect("one element"));
        }
        let mut out = Vec::with_capacity(a.len());
        for (j, element) in a.chunks(ew).enumerate() {
            let matches: Vec<Lit> = i
                .iter()
                .enumerate()
                .map(|(k, &b)| b.xor(j >> k & 1 == 0))
                .collect();
            let hit = g.and_all(&matches);
            out.extend(g.mux_vec(hit, &v, element));
        }
        Ok(out)
    }

    fn op(
        &mut self,
        line: usize,
        op: Op,
        sort: NodeId,
        args: &[Arg],
    ) -> Result<Vec<Lit>, BlastError> {
        use Op::*;
        if matches!(op, Read | Write) {
            return self.array_op(line, op, args);
        }
        let w = self.bv_width(line, sort, "an array-valued operator")?;
        let a: Vec<Vec<Lit>> = args
            .iter()
            .map(|&x| self.arg(line, x))
            .collect::<Result<_, _>>()?;
        let arity_ok = match op {
            Ite => a.len() == 3,
            Not | Inc | Dec | Neg | Redand | Redor | Redxor | Slice { .. } | Uext(_) | Sext(_) => {
                a.len() == 1
            }
            _ => a.len() == 2,
        };
        let widths_ok = arity_ok
            && match op {
                Rol | Ror | Sll | Sra | Srl | Concat | Redand | Redor | Redxor | Uext(_)
                | Sext(_) => true,
                Slice { upper, lower } => lower <= upper && (upper as usize) < a[0].len(),
                Ite => a[0].len() == 1 && a[1].len() == a[2].len(),
                _ => a.iter().all(|x| x.len() == a[0].len()),
            };
        if !widths_ok || a.iter().any(|x| x.is_empty()) {
            return Err(BlastError::Malformed {
                line,
                what: format!("operands of `{}` of the wrong number or width", op.name()),
            });
        }
        let g = &mut self.g;
        let one = |v: Lit| vec![v];
        let msb = |x: &[Lit]| x[x.len() - 1];
        let r = match op {
            Not => a[0].iter().map(|&l| !l).collect(),
            Inc => {
                let zero = vec![Lit::FALSE; a[0].len()];
                g.add(&a[0], &zero, Lit::TRUE).0
            }
            Dec => {
                let ones = vec![Lit::TRUE; a[0].len()];
                g.add(&a[0], &ones, Lit::FALSE).0
            }
            Neg => g.neg(&a[0]),
            Redand => one(g.and_all(&a[0])),
            Redor => one(g.or_all(&a[0])),
            Redxor => one(g.xor_all(&a[0])),
            Slice { upper, lower } => a[0][lower as usize..=upper as usize].to_vec(),
            Uext(n) => {
                let mut v = a[0].clone();
                v.resize(v.len() + n as usize, Lit::FALSE);
                v
            }
            Sext(n) => {
                let mut v = a[0].clone();
                v.resize(v.len() + n as usize, msb(&a[0]));
                v
            }
            Iff | Xnor => g.map2(&a[0], &a[1], |g, x, y| !g.xor(x, y)),
            Implies => g.map2(&a[0], &a[1], |g, x, y| g.or(!x, y)),
            Eq => one(g.eq(&a[0], &a[1])),
            Neq => one(!g.eq(&a[0], &a[1])),
            Sgt => one(g.slt(&a[1], &a[0])),
            Sgte => one(!g.slt(&a[0], &a[1])),
            Slt => one(g.slt(&a[0], &a[1])),
            Slte => one(!g.slt(&a[1], &a[0])),
            Ugt => one(g.ult(&a[1], &a[0])),
            Ugte => one(!g.ult(&a[0], &a[1])),
            Ult => one(g.ult(&a[0], &a[1])),
            Ulte => one(!g.ult(&a[1], &a[0])),
            And => g.map2(&a[0], &a[1], Gates::and),
            Nand => g.map2(&a[0], &a[1], |g, x, y| !g.and(x, y)),
            Nor => g.map2(&a[0], &a[1], |g, x, y| !g.or(x, y)),
            Or => g.map2(&a[0], &a[1], Gates::or),
            Xor => g.map2(&a[0], &a[1], Gates::xor),
            Rol => g.rotate(&a[0], &a[1], true),
            Ror => g.rotate(&a[0], &a[1], false),
            Sll => g.shift(&a[0], &a[1], true, Lit::FALSE),
            Srl => g.shift(&a[0], &a[1], false, Lit::FALSE),
            Sra => g.shift(&a[0], &a[1], false, msb(&a[0])),
            Add => g.add(&a[0], &a[1], Lit::FALSE).0,
            Sub => g.sub(&a[0], &a[1]).0,
            Mul => g.mul(&a[0], &a[1]),
            Udiv => g.udivrem(&a[0], &a[1]).0,
            Urem => g.udivrem(&a[0], &a[1]).1,
            Sdiv => g.sdiv(&a[0], &a[1]),
            Srem => g.srem(&a[0], &a[1]),
            Smod => g.smod(&a[0], &a[1]),
            Uaddo => one(g.add(&a[0], &a[1], Lit::FALSE).1),
            Usubo => one(g.ult(&a[0], &a[1])),
            Saddo | Ssubo => {
                let (sa, sb) = (msb(&a[0]), msb(&a[1]));
                let r = if op == Saddo {
                    g.add(&a[0], &a[1], Lit::FALSE).0
                } else {
                    g.sub(&a[0], &a[1]).0
                };
                // Addition: operands of one sign, result of the other; subtraction:
                // operands of different signs, result with the sign of the subtrahend.
                let same = !g.xor(sa, sb);
                let operands = if op == Saddo { same } else { !same };
                let flipped = g.xor(msb(&r), sa);
                one(g.and(operands, flipped))
            }
            Umulo => one(g.mulo(&a[0], &a[1], false)),
            Smulo => one(g.mulo(&a[0], &a[1], true)),
            Sdivo => {
                let n = a[0].len();
                let min: Vec<Lit> = (0..n)
                    .map(|i| if i + 1 == n { Lit::TRUE } else { Lit::FALSE })
                    .collect();
                let is_min = g.eq(&a[0], &min);
                let minus_one = g.and_all(&a[1]);
                one(g.and(is_min, minus_one))
            }
            Concat => {
                let mut v = a[1].clone();
                v.extend_from_slice(&a[0]);
                v
            }
            Ite => g.mux_vec(a[0][0], &a[1], &a[2]),
            Read | Write => unreachable!("done above"),
        };
        if r.len() != w {
            return Err(BlastError::Malformed {
                line,
                what: format!("`{}` gives {} bits, its sort has {w}", op.name(), r.len()),
            });
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn blasted(text: &str) -> Blasted {
        blast(&parse(text).unwrap()).unwrap()
    }

    /// One step of the AIG: the values of its latches after `latch` with `inputs`, and the
    /// value of its first bad-state property in the current state.
    fn step(aig: &Aig, latch: &[bool], inputs: &[bool]) -> (Vec<bool>, bool) {
        let mut val = vec![false; aig.max_var as usize + 1];
        for (l, &x) in aig.latches.iter().zip(latch) {
            val[l.lit.var().idx()] = x;
        }
        for (l, &x) in aig.inputs.iter().zip(inputs) {
            val[l.var().idx()] = x;
        }
        let lit = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
        for g in &aig.ands {
            val[g.lhs.var().idx()] = lit(&val, g.rhs0) && lit(&val, g.rhs1);
        }
        let next = aig.latches.iter().map(|l| lit(&val, l.next)).collect();
        (next, lit(&val, aig.bads[0]))
    }

    #[test]
    fn a_counter_reaches_seven() {
        let b = blasted(
            "1 sort bitvec 3\n2 one 1\n3 state 1 cnt\n4 zero 1\n5 init 1 3 4\n\
             6 add 1 3 2\n7 next 1 3 6\n8 sort bitvec 1\n9 ones 1\n10 eq 8 3 9\n\
             11 bad 10 full\n",
        );
        let aig = &b.aig;
        assert_eq!(aig.latches.len(), 3);
        assert!(aig.latches.iter().all(|l| l.reset == Reset::Zero));
        assert!(aig.inputs.is_empty());
        assert_eq!(
            b.states[0].bits,
            aig.latches.iter().map(|l| l.lit).collect::<Vec<_>>()
        );
        let names: Vec<_> = aig
            .symbols
            .iter()
            .map(|s| (s.kind, s.index, &s.name[..]))
            .collect();
        assert_eq!(
            names,
            [
                (SymbolKind::Bad, 0, "full"),
                (SymbolKind::Latch, 0, "cnt[0]"),
                (SymbolKind::Latch, 1, "cnt[1]"),
                (SymbolKind::Latch, 2, "cnt[2]"),
            ]
        );
        let mut s = vec![false; 3];
        for k in 0..8 {
            let (next, bad) = step(aig, &s, &[]);
            assert_eq!(bad, k == 7, "step {k}");
            s = next;
        }
        aig.validate().unwrap();
    }

    #[test]
    fn resets_from_constant_init_and_uninitialized_states() {
        // a = 0b101 by consth; u by a constant expression (uext of one); v uninitialized.
        let b = blasted(
            "1 sort bitvec 3\n2 state 1 a\n3 consth 1 5\n4 init 1 2 3\n5 next 1 2 2\n\
             6 state 1 u\n7 next 1 6 -6\n8 sort bitvec 1\n9 one 8\n10 uext 1 9 2\n\
             11 init 1 6 10\n12 state 8 v\n13 next 8 12 -12\n14 bad 12\n",
        );
        use Reset::*;
        let resets: Vec<_> = b.aig.latches.iter().map(|l| l.reset).collect();
        assert_eq!(resets, [One, Zero, One, One, Zero, Zero, Uninit]);
        assert!(b.aig.ands.is_empty(), "constants fold: {:?}", b.aig.ands);
        // u's next is its negation.
        assert_eq!(b.aig.latches[3].next, !b.aig.latches[3].lit);
        assert_eq!(b.states.len(), 3);
        assert_eq!(b.states[2].bits, [b.aig.latches[6].lit]);
        assert_eq!(b.aig.symbols.iter().filter(|s| s.name == "v").count(), 1);
    }

    #[test]
    fn states_without_next_are_free() {
        // s: no init, no next: an AIG input. t: init, no next: a latch that starts at the
        // init value and then takes a fresh input's value.
        let b = blasted(
            "1 sort bitvec 2\n2 input 1 x\n3 state 1 s\n4 state 1 t\n5 zero 1\n\
             6 init 1 4 5\n7 sort bitvec 1\n8 eq 7 3 4\n9 bad 8\n",
        );
        let aig = &b.aig;
        assert_eq!(aig.inputs.len(), 2 + 2 + 2);
        assert_eq!(b.inputs[0].bits, aig.inputs[..2]);
        assert_eq!(b.states[0].bits, aig.inputs[2..4]);
        assert_eq!(aig.latches.len(), 2);
        for (i, l) in aig.latches.iter().enumerate() {
            assert_eq!(l.reset, Reset::Zero);
            assert_eq!(l.next, aig.inputs[4 + i]);
            assert_eq!(b.states[1].bits[i], l.lit);
        }
        let inputs: Vec<_> = aig
            .symbols
            .iter()
            .filter(|s| s.kind == SymbolKind::Input)
            .map(|s| (s.index, &s.name[..]))
            .collect();
        assert_eq!(inputs, [(0, "x[0]"), (1, "x[1]"), (2, "s[0]"), (3, "s[1]")]);
        aig.validate().unwrap();
    }

    #[test]
    fn properties_constraints_and_outputs() {
        let b = blasted(
            "1 sort bitvec 1\n2 input 1 p\n3 input 1 q\n4 bad -2 nb\n5 constraint 3\n\
             6 fair 2\n7 justice 2 2 -3 j\n8 output 2 o\n",
        );
        let (p, q) = (b.aig.inputs[0], b.aig.inputs[1]);
        assert_eq!(b.aig.bads, [!p]);
        assert_eq!(b.aig.constraints, [q]);
        assert_eq!(b.aig.fairness, [p]);
        assert_eq!(b.aig.justice, [vec![p, !q]]);
        assert!(b.aig.outputs.is_empty());
        assert_eq!(b.outputs[0].bits, [p]);
        assert_eq!(b.outputs[0].symbol.as_deref(), Some("o"));
        assert!(b
            .aig
            .symbols
            .iter()
            .any(|s| s.kind == SymbolKind::Justice && s.name == "j"));
        // A width-1 input is named without an index.
        assert!(b
            .aig
            .symbols
            .iter()
            .any(|s| s.kind == SymbolKind::Input && s.name == "p"));
    }

    /// The blasted AIG is numbered as binary AIGER numbers (inputs, latches, gates), so its
    /// binary file keeps every literal: a certificate naming latches by literal fits both forms.
    #[test]
    fn the_numbering_is_binary_aigers() {
        let b = blasted(
            "1 sort bitvec 3\n2 input 1 x\n3 state 1 s\n4 zero 1\n5 init 1 3 4\n\
             6 add 1 3 2\n7 next 1 3 6\n8 state 1 free\n9 init 1 8 4\n10 sort bitvec 1\n\
             11 ult 10 3 8\n12 bad 11\n13 output 6 sum\n",
        );
        let aig = &b.aig;
        let (ni, nl) = (aig.inputs.len() as u32, aig.latches.len() as u32);
        assert_eq!(aig.max_var, ni + nl + aig.ands.len() as u32);
        for (k, l) in aig.inputs.iter().enumerate() {
            assert_eq!(*l, Var(k as u32 + 1).lit());
        }
        for (k, l) in aig.latches.iter().enumerate() {
            assert_eq!(l.lit, Var(ni + k as u32 + 1).lit());
        }
        for (k, g) in aig.ands.iter().enumerate() {
            assert_eq!(g.lhs, Var(ni + nl + k as u32 + 1).lit());
        }
        aig.validate().unwrap();
        let back = pdrkit_ts::aiger::parse(&pdrkit_ts::aiger::write_aig(aig)).unwrap();
        assert_eq!(back.inputs, aig.inputs);
        assert_eq!(back.latches, aig.latches);
        // Binary AIGER writes a gate's operands larger first: the same gate.
        let gates = |a: &Aig| -> Vec<(Lit, Lit, Lit)> {
            a.ands
                .iter()
                .map(|g| (g.lhs, g.rhs0.min(g.rhs1), g.rhs0.max(g.rhs1)))
                .collect()
        };
        assert_eq!(gates(&back), gates(aig));
        assert_eq!(back.bads, aig.bads);
        // The variables follow: x is inputs 0..3, s the first three latches.
        assert_eq!(b.inputs[0].bits, aig.inputs[..3]);
        let s: Vec<Lit> = aig.latches[..3].iter().map(|l| l.lit).collect();
        assert_eq!(b.states[0].bits, s);
        assert_eq!(b.outputs[0].bits.len(), 3);
    }

    #[test]
    fn unsupported_constructs_are_refused() {
        let m = parse("1 sort bitvec 2\n2 state 1 a\n3 state 1 b\n4 init 1 a 3\n");
        assert!(m.is_err(), "symbols are not ids");
        // 2^17 elements: above the index width; 2^12 elements of 32 bits: above the size.
        for (iw, ew) in [(17, 1), (12, 32)] {
            let m = parse(&format!(
                "1 sort bitvec {iw}\n2 sort bitvec {ew}\n3 sort array 1 2\n4 state 3 mem\n"
            ))
            .unwrap();
            let e = blast(&m).unwrap_err();
            assert!(
                matches!(&e, BlastError::Unsupported { line: 4, what } if what.contains("array")),
                "{e}"
            );
        }
        // 2^11 elements of 32 bits: within the limit.
        let m = parse("1 sort bitvec 11\n2 sort bitvec 32\n3 sort array 1 2\n4 state 3 mem\n");
        assert_eq!(blast(&m.unwrap()).unwrap().aig.inputs.len(), 1 << 16);
    }

    /// The start values of the latches (AIGER 1.9.23): constant resets, `free` for the
    /// uninitialized latches (in order), and reset functions evaluated over step 0's `inputs`
    /// and the other latches' start values, by rounds until nothing changes (as many rounds as
    /// the longest chain of functions, the functions being acyclic).
    fn start(aig: &Aig, free: &[bool], inputs: &[bool]) -> Vec<bool> {
        let mut free = free.iter().copied();
        let mut s: Vec<bool> = aig
            .latches
            .iter()
            .map(|l| match l.reset {
                Reset::One => true,
                Reset::Uninit => free.next().expect("a value per uninitialized latch"),
                Reset::Zero | Reset::Function(_) => false,
            })
            .collect();
        for _ in 0..=aig.latches.len() {
            let mut val = vec![false; aig.max_var as usize + 1];
            for (l, &x) in aig.latches.iter().zip(&s) {
                val[l.lit.var().idx()] = x;
            }
            for (l, &x) in aig.inputs.iter().zip(inputs) {
                val[l.var().idx()] = x;
            }
            let lit = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
            for g in &aig.ands {
                val[g.lhs.var().idx()] = lit(&val, g.rhs0) && lit(&val, g.rhs1);
            }
            let next: Vec<bool> = (aig.latches.iter().zip(&s))
                .map(|(l, &x)| l.reset.function().map_or(x, |f| lit(&val, f)))
                .collect();
            if next == s {
                return s;
            }
            s = next;
        }
        panic!("reset functions that do not settle: a cycle");
    }

    /// The number of bits `bits` (LSB first) of `values` give.
    fn number(values: &[bool], bits: &[Lit], aig: &Aig) -> u64 {
        let at = |l: Lit| {
            let j = aig
                .latches
                .iter()
                .position(|x| x.lit == l)
                .expect("a latch");
            values[j]
        };
        bits.iter()
            .enumerate()
            .map(|(i, &l)| u64::from(at(l)) << i)
            .sum()
    }

    /// `init` over other states: `b` from `add(a, 1)` (`a` from the constant 5), `c` from `b`
    /// (so from `a`'s init, two levels down), `d` from `x`, a state without init (free), and `e`
    /// from `not d`. Each bit whose value is not constant gets a reset function; in step 0 they
    /// give exactly what btorsim computes, whatever value `x` starts with.
    #[test]
    fn init_expressions_become_reset_functions() {
        let b = blasted(
            "1 sort bitvec 3\n2 state 1 a\n3 consth 1 5\n4 init 1 2 3\n5 one 1\n\
             6 add 1 2 5\n7 state 1 b\n8 init 1 7 6\n9 state 1 c\n10 init 1 9 7\n\
             11 state 1 x\n12 next 1 11 11\n13 state 1 d\n14 init 1 13 11\n\
             15 state 1 e\n16 init 1 15 -13\n17 sort bitvec 1\n18 eq 17 9 2\n19 bad 18\n",
        );
        let aig = &b.aig;
        aig.validate().unwrap();
        let resets: Vec<Reset> = aig.latches.iter().map(|l| l.reset).collect();
        // a: 5 = 0b101, constant resets; b = a + 1 reads a's latches (not the constant 5, a's
        // value at later steps being another), so b's and c's bits get functions.
        use Reset::*;
        assert_eq!(&resets[..3], [One, Zero, One]);
        assert!(
            resets[3..9].iter().all(|r| r.function().is_some()),
            "{resets:?}"
        );
        assert!(resets[9..12].iter().all(|&r| r == Uninit), "{resets:?}");
        // c's functions are b's latches: c starts at b's start value.
        for i in 0..3 {
            assert_eq!(resets[6 + i], Function(b.states[1].bits[i]));
            assert_eq!(resets[12 + i], Function(b.states[3].bits[i]));
        }
        for x in 0..8u64 {
            let free: Vec<bool> = (0..3).map(|i| x >> i & 1 == 1).collect();
            let s = start(aig, &free, &[]);
            let value = |k: usize| number(&s, &b.states[k].bits, aig);
            assert_eq!(
                [value(0), value(1), value(2), value(3), value(4), value(5)],
                [5, 6, 6, x, x, !x & 7],
                "x = {x}"
            );
        }
    }

    /// An `init` over a BTOR2 input is that input's value in step 0; a value that folds to a
    /// constant (`and(i, 0)`) gives constant resets, not functions.
    #[test]
    fn init_over_an_input_and_folded_inits() {
        let b = blasted(
            "1 sort bitvec 2\n2 input 1 i\n3 state 1 s\n4 init 1 3 2\n5 next 1 3 3\n\
             6 zero 1\n7 and 1 2 6\n8 state 1 t\n9 init 1 8 7\n10 next 1 8 3\n\
             11 sort bitvec 1\n12 redor 11 8\n13 bad 12\n",
        );
        let aig = &b.aig;
        aig.validate().unwrap();
        let i = &b.inputs[0].bits;
        assert_eq!(aig.latches[0].reset, Reset::Function(i[0]));
        assert_eq!(aig.latches[1].reset, Reset::Function(i[1]));
        assert_eq!(aig.latches[2].reset, Reset::Zero);
        assert_eq!(aig.latches[3].reset, Reset::Zero);
        let s = start(aig, &[], &[false, true]);
        assert_eq!(number(&s, &b.states[0].bits, aig), 2);
    }

    /// An array state initialised from another array state's value (element by element) and
    /// one initialised from a state as its every element.
    #[test]
    fn array_states_get_reset_functions_per_element() {
        let b = blasted(
            "1 sort bitvec 1\n2 sort bitvec 2\n3 sort array 1 2\n4 state 3 m\n\
             5 state 3 n\n6 init 3 5 4\n7 state 2 e\n8 state 3 k\n9 init 3 8 7\n\
             10 next 2 7 7\n11 input 1 j\n12 read 2 5 11\n13 output 12\n",
        );
        let aig = &b.aig;
        aig.validate().unwrap();
        // m: two elements of two bits, uninitialized (no next, no init: AIG inputs).
        let m = &b.states[0].bits;
        let n: Vec<Reset> = aig.latches[..4].iter().map(|l| l.reset).collect();
        assert_eq!(n, m.iter().map(|&l| Reset::Function(l)).collect::<Vec<_>>());
        let e = &b.states[2].bits;
        let k: Vec<Reset> = aig.latches[6..10].iter().map(|l| l.reset).collect();
        let want: Vec<Reset> = e.repeat(2).into_iter().map(Reset::Function).collect();
        assert_eq!(k, want);
    }

    /// `init` values that read each other, directly or through an operator, or a state's own
    /// value, are refused with the states of the cycle named.
    #[test]
    fn cyclic_inits_are_refused_naming_the_states() {
        let cases = [
            (
                "1 sort bitvec 2\n2 state 1 a\n3 state 1 b\n4 init 1 2 3\n5 init 1 3 2\n",
                4,
                vec![(2, Some("a")), (3, Some("b"))],
            ),
            (
                "1 sort bitvec 2\n2 state 1\n3 state 1 b\n4 inc 1 3\n5 init 1 2 4\n\
                 6 not 1 2\n7 init 1 3 6\n",
                5,
                vec![(2, None), (3, Some("b"))],
            ),
            (
                "1 sort bitvec 2\n2 state 1 s\n3 init 1 2 2\n",
                3,
                vec![(2, Some("s"))],
            ),
            (
                // A state read by an operator that folds away still makes a cycle (btorsim
                // reads it too).
                "1 sort bitvec 2\n2 state 1 s\n3 zero 1\n4 and 1 2 3\n5 init 1 2 4\n",
                5,
                vec![(2, Some("s"))],
            ),
        ];
        let first = cases[0].0;
        for (text, want_line, want) in cases {
            let e = blast(&parse(text).unwrap()).unwrap_err();
            let want: Vec<(NodeId, Option<String>)> = want
                .into_iter()
                .map(|(id, s)| (id, s.map(str::to_string)))
                .collect();
            match &e {
                BlastError::InitCycle { line, states } => {
                    assert_eq!((*line, states), (want_line, &want), "{text}");
                }
                other => panic!("{other}"),
            }
            let msg = e.to_string();
            assert!(msg.contains("cycle") && msg.contains("state 2"), "{msg}");
        }
        let e = blast(&parse(first).unwrap()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4: the `init` values form a cycle: state 2 (a) -> state 3 (b) -> state 2 (a); \
             expected each state's `init` to depend only on states initialised without it"
        );
    }
}
