//! Word-level simulation of a [`Btor2Model`] and the replay of btorsim-format witnesses on it.
//!
//! The semantics are btorsim's and SMT-LIB's (see [`crate::bv::Bv`] for the operators), and the
//! witness rules those of the project's reference checker `btorsim.py`:
//!
//! * frame 0's state part gives the states without `init`; a listed state with `init` must
//!   match it. At a later step `k` a state without `next` is free and takes its `#k` value;
//!   a listed state with `next` must match the computed value (compared only for states in the
//!   cone of influence of the claimed properties and the constraints, as `btorsim.py` does);
//! * inputs and free states that are not listed are 0 (array inputs: all elements 0, then the
//!   listed elements written); `[*]` gives an array state's every element;
//! * an array state with a bit-vector `init` has every element equal to it;
//! * the witness is valid when every claimed `bad` is 1 at some step while every `constraint` is
//!   1 at every step up to the step at which the last of them is reached.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::btor2::{Btor2Arg, Btor2Model, Btor2Op, Btor2Sort};
use crate::btor2_witness::{Btor2Assignment, Btor2Index, Btor2Witness};
use crate::bv::Bv;

/// An array value: every index maps to its entry in `entries`, or else to `default`.
#[derive(Clone, Debug)]
pub struct Btor2Array {
    /// The width of an index.
    pub index_width: u32,
    /// The element of every index without an entry.
    pub default: Bv,
    /// The elements that differ from `default`, by index.
    pub entries: BTreeMap<Bv, Bv>,
}

impl Btor2Array {
    /// The array with every element `default`.
    pub fn constant(index_width: u32, default: Bv) -> Btor2Array {
        Btor2Array {
            index_width,
            default,
            entries: BTreeMap::new(),
        }
    }

    /// The element at `index`.
    pub fn read(&self, index: &Bv) -> &Bv {
        self.entries.get(index).unwrap_or(&self.default)
    }

    /// Sets the element at `index`.
    pub fn write(&mut self, index: Bv, element: Bv) {
        if element == self.default {
            self.entries.remove(&index);
        } else {
            self.entries.insert(index, element);
        }
    }
}

impl PartialEq for Btor2Array {
    /// Equal as functions: the same element at every index.
    fn eq(&self, other: &Btor2Array) -> bool {
        let keys = self.entries.keys().chain(other.entries.keys());
        for k in keys.clone() {
            if self.read(k) != other.read(k) {
                return false;
            }
        }
        let mut distinct: Vec<&Bv> = keys.collect();
        distinct.sort();
        distinct.dedup();
        let count = distinct.len() as u128;
        let all = if self.index_width >= 127 {
            u128::MAX
        } else {
            1u128 << self.index_width
        };
        count == all || self.default == other.default
    }
}

impl Eq for Btor2Array {}

/// The value of a node: a bit vector or an array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Btor2Value {
    /// A bit-vector value.
    Bv(Bv),
    /// An array value.
    Array(Btor2Array),
}

impl Btor2Value {
    /// The bit vector (panics for an array: the parser's sort checks exclude that).
    pub fn bv(&self) -> &Bv {
        match self {
            Btor2Value::Bv(b) => b,
            Btor2Value::Array(_) => panic!("an array where a bit vector was expected"),
        }
    }

    fn array(&self) -> &Btor2Array {
        match self {
            Btor2Value::Array(a) => a,
            Btor2Value::Bv(_) => panic!("a bit vector where an array was expected"),
        }
    }

    /// The all-zero value of a sort.
    pub fn zero(sort: Btor2Sort) -> Btor2Value {
        match sort {
            Btor2Sort::BitVec(w) => Btor2Value::Bv(Bv::zero(w)),
            Btor2Sort::Array { index, element } => {
                Btor2Value::Array(Btor2Array::constant(index, Bv::zero(element)))
            }
        }
    }
}

/// The value of `op` on argument values `a` (result sort `sort`).
fn apply(op: &Btor2Op, sort: Btor2Sort, a: &[Cow<'_, Btor2Value>]) -> Btor2Value {
    use Btor2Op::*;
    let b = |i: usize| a[i].bv();
    let bool1 = |x: bool| Btor2Value::Bv(Bv::from_bool(x));
    let w = sort.width().unwrap_or(0);
    let v = match op {
        Not => b(0).not(),
        Inc => b(0).add(&Bv::from_u64(w, 1)),
        Dec => b(0).sub(&Bv::from_u64(w, 1)),
        Neg => b(0).neg(),
        Redand => Bv::from_bool(b(0).is_ones()),
        Redor => Bv::from_bool(!b(0).is_zero()),
        Redxor => Bv::from_bool(b(0).parity()),
        Iff => b(0).xor(b(1)).not(),
        Implies => Bv::from_bool(!b(0).is_true() || b(1).is_true()),
        Eq => return bool1(a[0] == a[1]),
        Neq => return bool1(a[0] != a[1]),
        Sgt => Bv::from_bool(b(0).scmp(b(1)).is_gt()),
        Ugt => Bv::from_bool(b(0).ucmp(b(1)).is_gt()),
        Sgte => Bv::from_bool(b(0).scmp(b(1)).is_ge()),
        Ugte => Bv::from_bool(b(0).ucmp(b(1)).is_ge()),
        Slt => Bv::from_bool(b(0).scmp(b(1)).is_lt()),
        Ult => Bv::from_bool(b(0).ucmp(b(1)).is_lt()),
        Slte => Bv::from_bool(b(0).scmp(b(1)).is_le()),
        Ulte => Bv::from_bool(b(0).ucmp(b(1)).is_le()),
        And => b(0).and(b(1)),
        Nand => b(0).and(b(1)).not(),
        Nor => b(0).or(b(1)).not(),
        Or => b(0).or(b(1)),
        Xnor => b(0).xor(b(1)).not(),
        Xor => b(0).xor(b(1)),
        Rol => b(0).rol(b(1)),
        Ror => b(0).ror(b(1)),
        Sll => b(0).sll(b(1)),
        Sra => b(0).sra(b(1)),
        Srl => b(0).srl(b(1)),
        Add => b(0).add(b(1)),
        Mul => b(0).mul(b(1)),
        Sdiv => b(0).sdiv(b(1)),
        Udiv => b(0).udiv(b(1)),
        Smod => b(0).smod(b(1)),
        Srem => b(0).srem(b(1)),
        Urem => b(0).urem(b(1)),
        Sub => b(0).sub(b(1)),
        Saddo => Bv::from_bool(b(0).saddo(b(1))),
        Uaddo => Bv::from_bool(b(0).uaddo(b(1))),
        Sdivo => Bv::from_bool(b(0).sdivo(b(1))),
        Smulo => Bv::from_bool(b(0).smulo(b(1))),
        Umulo => Bv::from_bool(b(0).umulo(b(1))),
        Ssubo => Bv::from_bool(b(0).ssubo(b(1))),
        Usubo => Bv::from_bool(b(0).usubo(b(1))),
        Concat => b(0).concat(b(1)),
        Slice { upper, lower } => b(0).slice(*upper, *lower),
        Uext(n) => b(0).uext(*n),
        Sext(n) => b(0).sext(*n),
        Read => a[0].array().read(b(1)).clone(),
        Ite => {
            return if b(0).is_true() {
                a[1].clone().into_owned()
            } else {
                a[2].clone().into_owned()
            }
        }
        Write => {
            let mut arr = a[0].array().clone();
            arr.write(b(1).clone(), b(2).clone());
            return Btor2Value::Array(arr);
        }
        Input | State | Const(_) | Init | Next | Bad | Constraint | Fair | Justice | Output => {
            unreachable!("not an operator with a computed value")
        }
    };
    Btor2Value::Bv(v)
}

/// The value of an argument, negated when it is written `-id`.
fn arg_value<'v>(values: &'v [Option<Btor2Value>], a: Btor2Arg) -> Cow<'v, Btor2Value> {
    let v = values[a.node]
        .as_ref()
        .expect("arguments come before their users");
    if a.negated {
        Cow::Owned(Btor2Value::Bv(v.bv().not()))
    } else {
        Cow::Borrowed(v)
    }
}

/// One combinational evaluation in file order: `leaf(node, values so far)` gives the value of
/// each input and state (a state's init value only depends on earlier nodes), every operator
/// node is computed; nodes without a value (init, next, properties) stay `None`.
fn eval_pass<E>(
    m: &Btor2Model,
    values: &mut [Option<Btor2Value>],
    mut leaf: impl FnMut(usize, &[Option<Btor2Value>]) -> Result<Btor2Value, E>,
) -> Result<(), E> {
    for (i, n) in m.nodes.iter().enumerate() {
        let v = match &n.op {
            Btor2Op::Input | Btor2Op::State => leaf(i, values)?,
            Btor2Op::Const(c) => {
                if values[i].is_some() {
                    continue;
                }
                Btor2Value::Bv(c.clone())
            }
            op if !op.has_value() => continue,
            op => {
                let args: Vec<Cow<Btor2Value>> =
                    n.args.iter().map(|&a| arg_value(values, a)).collect();
                apply(op, m.sort(i), &args)
            }
        };
        values[i] = Some(v);
    }
    Ok(())
}

/// Evaluates every node of the model once, with the states and inputs given by position (in
/// the order of [`Btor2Model::states`] and [`Btor2Model::inputs`]; missing ones are 0). The
/// result holds each node's value by index (`None` for lines without a value).
pub fn evaluate_btor2(
    m: &Btor2Model,
    states: &[Btor2Value],
    inputs: &[Btor2Value],
) -> Vec<Option<Btor2Value>> {
    let mut values = vec![None; m.nodes.len()];
    // Each leaf's given value, by node index.
    let mut given: Vec<Option<&Btor2Value>> = vec![None; m.nodes.len()];
    for (list, vals) in [(&m.states, states), (&m.inputs, inputs)] {
        for (&node, v) in list.iter().zip(vals) {
            given[node] = Some(v);
        }
    }
    let r: Result<(), ()> = eval_pass(m, &mut values, |i, _| {
        Ok(given[i]
            .cloned()
            .unwrap_or_else(|| Btor2Value::zero(m.sort(i))))
    });
    r.expect("no error");
    values
}

/// Why a witness does not replay on a model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Btor2ReplayError {
    /// The witness claims a bad property the model does not have.
    #[error("the witness claims b{bad} but the model has {count} bad properties")]
    NoSuchBad {
        /// The claimed index.
        bad: usize,
        /// How many the model has.
        count: usize,
    },
    /// The witness claims justice properties, which are not checked.
    #[error("justice witnesses are not supported (j{0})")]
    Justice(usize),
    /// An assignment names a position the model does not have.
    #[error(
        "witness line {line}: {kind} position {position} out of range (the model has {count})"
    )]
    Position {
        /// The witness line.
        line: usize,
        /// `state` or `input`.
        kind: &'static str,
        /// The position.
        position: usize,
        /// How many the model has.
        count: usize,
    },
    /// An assignment that does not fit its state's or input's sort.
    #[error("witness line {line}: {kind} {position}: {message}")]
    Assignment {
        /// The witness line.
        line: usize,
        /// `state` or `input`.
        kind: &'static str,
        /// The position.
        position: usize,
        /// What is wrong.
        message: String,
    },
    /// A listed value of a state with `init` differs from its init value.
    #[error("witness line {line}: the #0 value of state {position} contradicts its init")]
    InitMismatch {
        /// The witness line.
        line: usize,
        /// The state position.
        position: usize,
    },
    /// A listed value of a state with `next` differs from the computed value.
    #[error(
        "witness line {line}: the #{step} value of state {position} differs from the value the \
         model computes"
    )]
    NextMismatch {
        /// The witness line.
        line: usize,
        /// The step.
        step: usize,
        /// The state position.
        position: usize,
    },
    /// A constraint is 0 before every claimed property was reached.
    #[error(
        "constraint {constraint} (model line {line}) is violated at step {step} before {pending} \
         is reached"
    )]
    ConstraintViolated {
        /// The constraint's index among the model's constraints.
        constraint: usize,
        /// Its model line.
        line: usize,
        /// The step.
        step: usize,
        /// The claimed properties not yet reached, as `b<N>` names.
        pending: String,
    },
    /// Some claimed property is never 1 within the witness's frames.
    #[error("{missing} not reached within the {frames} frame(s) of the witness")]
    NotReached {
        /// The properties not reached, as `b<N>` names.
        missing: String,
        /// The number of frames.
        frames: usize,
    },
}

/// A witness that replays: where each claimed property was reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Btor2Replay {
    /// The number of frames of the witness.
    pub steps: usize,
    /// The step at which the last claimed property was reached (simulation stops there).
    pub bad_step: usize,
    /// For each claimed property (in the witness's order): its index and the first step at which
    /// it is 1.
    pub hits: Vec<(usize, usize)>,
    /// How many free state values in the cone of influence were not listed and taken as 0.
    pub defaulted_states: usize,
    /// How many input values in the cone of influence were not listed and taken as 0.
    pub defaulted_inputs: usize,
}

/// The values of a simulated witness, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Btor2Simulation {
    /// For each step, each state's value (by position).
    pub states: Vec<Vec<Btor2Value>>,
    /// For each step, each input's value (by position).
    pub inputs: Vec<Vec<Btor2Value>>,
    /// For each step, whether each `bad` is 1.
    pub bads: Vec<Vec<bool>>,
    /// For each step, whether each `constraint` is 1.
    pub constraints: Vec<Vec<bool>>,
}

type Entries = Vec<Option<Vec<(usize, Option<Btor2Index>, Bv)>>>;

/// A frame part's assignments, checked against the sorts, grouped by position: for each
/// position, the (line, index, value) entries listed.
fn entries(
    m: &Btor2Model,
    list: &[Btor2Assignment],
    table: &[usize],
    kind: &'static str,
) -> Result<Entries, Btor2ReplayError> {
    let mut out: Entries = vec![None; table.len()];
    for a in list {
        let err = |message: String| Btor2ReplayError::Assignment {
            line: a.line,
            kind,
            position: a.position,
            message,
        };
        let Some(&node) = table.get(a.position) else {
            return Err(Btor2ReplayError::Position {
                line: a.line,
                kind,
                position: a.position,
                count: table.len(),
            });
        };
        let e = out[a.position].get_or_insert_with(Vec::new);
        match m.sort(node) {
            Btor2Sort::BitVec(w) => {
                if a.index.is_some() {
                    return Err(err("an array index for a bit vector".into()));
                }
                if a.value.width() != w {
                    return Err(err(format!("needs {w} bits, got {}", a.value.width())));
                }
                if !e.is_empty() {
                    return Err(err("assigned twice in one frame".into()));
                }
                e.push((a.line, None, a.value.clone()));
            }
            Btor2Sort::Array { index, element } => {
                // A line without an index gives the whole array (as pono writes it).
                let ix = a.index.clone().unwrap_or(Btor2Index::All);
                match &ix {
                    Btor2Index::All if kind == "input" => {
                        return Err(err("[*] is not allowed for an array input".into()))
                    }
                    Btor2Index::At(i) if i.width() != index => {
                        return Err(err(format!("the index needs {index} bits")))
                    }
                    _ => {}
                }
                if a.value.width() != element {
                    return Err(err(format!("the element needs {element} bits")));
                }
                e.push((a.line, Some(ix), a.value.clone()));
            }
        }
    }
    Ok(out)
}

/// The value of a free state (or an input) from its entries: 0 with the listed values on top.
fn free_value(sort: Btor2Sort, e: Option<&Vec<(usize, Option<Btor2Index>, Bv)>>) -> Btor2Value {
    let mut v = Btor2Value::zero(sort);
    for (_, ix, val) in e.into_iter().flatten() {
        match (&mut v, ix) {
            (Btor2Value::Bv(b), _) => *b = val.clone(),
            (Btor2Value::Array(arr), Some(Btor2Index::All)) => arr.default = val.clone(),
            (Btor2Value::Array(arr), Some(Btor2Index::At(i))) => arr.write(i.clone(), val.clone()),
            (Btor2Value::Array(_), None) => {}
        }
    }
    // Entries equal to a default set later must be dropped to keep the map minimal.
    if let Btor2Value::Array(arr) = &mut v {
        let d = arr.default.clone();
        arr.entries.retain(|_, e| *e != d);
    }
    v
}

/// The first listed entry that disagrees with `v`, as its line.
fn mismatch(v: &Btor2Value, e: &[(usize, Option<Btor2Index>, Bv)]) -> Option<usize> {
    e.iter()
        .find(|(_, ix, val)| match (v, ix) {
            (Btor2Value::Bv(b), _) => b != val,
            (Btor2Value::Array(a), Some(Btor2Index::At(i))) => a.read(i) != val,
            (Btor2Value::Array(a), _) => a.default != *val,
        })
        .map(|(line, _, _)| *line)
}

/// Which nodes feed `roots` through the combinational logic and the states' next functions.
fn cone(m: &Btor2Model, roots: impl IntoIterator<Item = usize>) -> Vec<bool> {
    let mut seen = vec![false; m.nodes.len()];
    let mut stack: Vec<usize> = roots.into_iter().collect();
    while let Some(x) = stack.pop() {
        if std::mem::replace(&mut seen[x], true) {
            continue;
        }
        match m.nodes[x].op {
            Btor2Op::State => stack.extend(m.next[x].map(|a| a.node)),
            _ => stack.extend(m.nodes[x].args.iter().map(|a| a.node)),
        }
    }
    seen
}

/// What a run records at each step.
struct Step {
    values: Vec<Option<Btor2Value>>,
}

/// Runs the witness's frames: `on_step(k, values)` is called after step `k` is evaluated and
/// returns whether to stop. Returns the number of defaulted (state, input) values in `coi`.
fn run(
    m: &Btor2Model,
    w: &Btor2Witness,
    coi: &[bool],
    mut on_step: impl FnMut(usize, &Step) -> Result<bool, Btor2ReplayError>,
) -> Result<(usize, usize), Btor2ReplayError> {
    let mut defaulted = (0usize, 0usize);
    let mut state_vals: Vec<Btor2Value> = Vec::new();
    let mut step = Step {
        values: vec![None; m.nodes.len()],
    };
    let state_pos: Vec<Option<usize>> = {
        let mut v = vec![None; m.nodes.len()];
        for (p, &s) in m.states.iter().enumerate() {
            v[s] = Some(p);
        }
        v
    };
    for (k, frame) in w.frames.iter().enumerate() {
        let sv = entries(m, &frame.states, &m.states, "state")?;
        let iv = entries(m, &frame.inputs, &m.inputs, "input")?;
        let inputs: Vec<Btor2Value> = m
            .inputs
            .iter()
            .zip(&iv)
            .map(|(&i, e)| {
                if e.is_none() && coi[i] && m.sort(i).width().is_some() {
                    defaulted.1 += 1;
                }
                free_value(m.sort(i), e.as_ref())
            })
            .collect();
        if k > 0 {
            for (p, &s) in m.states.iter().enumerate() {
                match (&sv[p], m.next[s].is_some()) {
                    (Some(e), true) => {
                        if coi[s] {
                            if let Some(line) = mismatch(&state_vals[p], e) {
                                return Err(Btor2ReplayError::NextMismatch {
                                    line,
                                    step: k,
                                    position: p,
                                });
                            }
                        }
                    }
                    (e, false) => {
                        if e.is_none() && coi[s] {
                            defaulted.0 += 1;
                        }
                        state_vals[p] = free_value(m.sort(s), e.as_ref());
                    }
                    (None, true) => {}
                }
            }
        }
        let mut input_iter = 0usize;
        let input_pos: &[usize] = &m.inputs;
        eval_pass(m, &mut step.values, |i, values| {
            if m.nodes[i].op == Btor2Op::Input {
                // Inputs come in file order.
                debug_assert_eq!(input_pos[input_iter], i);
                input_iter += 1;
                return Ok(inputs[input_iter - 1].clone());
            }
            let p = state_pos[i].expect("a state");
            if k > 0 {
                return Ok(state_vals[p].clone());
            }
            let e = sv[p].as_ref();
            let v = match m.init[i] {
                Some(a) => {
                    let v = arg_value(values, a).into_owned();
                    let v = match (m.sort(i), v) {
                        (Btor2Sort::Array { index, .. }, Btor2Value::Bv(b)) => {
                            Btor2Value::Array(Btor2Array::constant(index, b))
                        }
                        (_, v) => v,
                    };
                    if let Some(line) = e.and_then(|e| mismatch(&v, e)) {
                        return Err(Btor2ReplayError::InitMismatch { line, position: p });
                    }
                    v
                }
                None => {
                    if e.is_none() && coi[i] {
                        defaulted.0 += 1;
                    }
                    free_value(m.sort(i), e)
                }
            };
            state_vals.push(v.clone());
            Ok(v)
        })?;
        if on_step(k, &step)? {
            break;
        }
        for (p, &s) in m.states.iter().enumerate() {
            if let Some(a) = m.next[s] {
                state_vals[p] = arg_value(&step.values, a).into_owned();
            }
        }
    }
    Ok(defaulted)
}

fn is_one(m: &Btor2Model, values: &[Option<Btor2Value>], prop: usize) -> bool {
    arg_value(values, m.condition(prop)).bv().is_true()
}

fn names(bads: impl IntoIterator<Item = usize>) -> String {
    bads.into_iter()
        .map(|b| format!("b{b}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Replays a witness on a model: checks that it drives the model from its initial states to
/// every claimed bad property with every constraint holding on the way (see the module
/// documentation for the rules).
pub fn replay_btor2(m: &Btor2Model, w: &Btor2Witness) -> Result<Btor2Replay, Btor2ReplayError> {
    if let Some(&j) = w.justice.first() {
        return Err(Btor2ReplayError::Justice(j));
    }
    if let Some(&bad) = w.bads.iter().find(|&&b| b >= m.bads.len()) {
        return Err(Btor2ReplayError::NoSuchBad {
            bad,
            count: m.bads.len(),
        });
    }
    let roots = w
        .bads
        .iter()
        .map(|&b| m.bads[b])
        .chain(m.constraints.iter().copied());
    let coi = cone(m, roots);
    let mut reached: Vec<Option<usize>> = vec![None; w.bads.len()];
    let (ds, di) = run(m, w, &coi, |k, step| {
        for (ci, &c) in m.constraints.iter().enumerate() {
            if !is_one(m, &step.values, c) {
                return Err(Btor2ReplayError::ConstraintViolated {
                    constraint: ci,
                    line: m.nodes[c].line,
                    step: k,
                    pending: names(unreached(&w.bads, &reached)),
                });
            }
        }
        for (r, &b) in reached.iter_mut().zip(&w.bads) {
            if r.is_none() && is_one(m, &step.values, m.bads[b]) {
                *r = Some(k);
            }
        }
        Ok(reached.iter().all(Option::is_some))
    })?;
    let missing = unreached(&w.bads, &reached);
    if !missing.is_empty() {
        return Err(Btor2ReplayError::NotReached {
            missing: names(missing),
            frames: w.frames.len(),
        });
    }
    let hits: Vec<(usize, usize)> = w
        .bads
        .iter()
        .zip(&reached)
        .map(|(&b, r)| (b, r.expect("reached")))
        .collect();
    Ok(Btor2Replay {
        steps: w.frames.len(),
        bad_step: hits.iter().map(|h| h.1).max().unwrap_or(0),
        hits,
        defaulted_states: ds,
        defaulted_inputs: di,
    })
}

/// Simulates every frame of a witness (not stopping at a bad property, not judging
/// constraints) and returns every state's and input's value at each step, with the values of
/// the bad properties and constraints. The witness's listed values are checked as in
/// [`replay_btor2`] (against the cone of influence of every bad and constraint).
pub fn simulate_btor2(
    m: &Btor2Model,
    w: &Btor2Witness,
) -> Result<Btor2Simulation, Btor2ReplayError> {
    let coi = cone(m, m.bads.iter().chain(&m.constraints).copied());
    let mut sim = Btor2Simulation {
        states: Vec::new(),
        inputs: Vec::new(),
        bads: Vec::new(),
        constraints: Vec::new(),
    };
    let value = |values: &[Option<Btor2Value>], i: usize| values[i].clone().expect("a value");
    run(m, w, &coi, |_, step| {
        let v = &step.values;
        sim.states
            .push(m.states.iter().map(|&s| value(v, s)).collect());
        sim.inputs
            .push(m.inputs.iter().map(|&i| value(v, i)).collect());
        sim.bads
            .push(m.bads.iter().map(|&b| is_one(m, v, b)).collect());
        sim.constraints
            .push(m.constraints.iter().map(|&c| is_one(m, v, c)).collect());
        Ok(false)
    })?;
    Ok(sim)
}

/// The claimed properties (`bads`) not reached yet (`reached`, in the same order).
fn unreached(bads: &[usize], reached: &[Option<usize>]) -> Vec<usize> {
    bads.iter()
        .zip(reached)
        .filter(|(_, r)| r.is_none())
        .map(|(&b, _)| b)
        .collect()
}
