//! The bit-blaster (`pdrkit-btor2`) against the checker's word-level BTOR2 simulator
//! (`pdrkit-check`): the same semantics written twice, independently, so every disagreement
//! is a bug in one of them.
//!
//! - Per operator, on random widths from 1 to 130 and random values (edge cases often): the
//!   blasted AIG, evaluated gate by gate here, against `evaluate_btor2`.
//! - Per shared HWMCC'20 BTOR2 file (`../shared/btor2/hwmcc20-bv`, skipped with a note when
//!   absent): random runs with random inputs and random values for the states the model leaves
//!   free; at every step every state bit and every `bad` of the blasted AIG equals
//!   `simulate_btor2`'s.
//! - Random models whose states start from `init` expressions (blasted into AIGER 1.9.23 reset
//!   functions), compared the same way from step 0 on.

use std::collections::HashMap;

use pdrkit_check::{
    evaluate_btor2, parse_btor2, simulate_btor2, Btor2Array, Btor2Assignment, Btor2Frame,
    Btor2Index, Btor2Model, Btor2Value, Btor2Witness, Bv,
};
use pdrkit_logic::rng::Rng;
use pdrkit_logic::Lit;
use pdrkit_suite::{lit_value, repo_root};
use pdrkit_ts::{Aig, Reset};

/// Evaluates the AIG's gates once, with the given values of its inputs and latches (by
/// variable; the others 0).
fn eval_aig(aig: &Aig, leaves: &HashMap<u32, bool>) -> Vec<bool> {
    let mut val = vec![false; aig.max_var as usize + 1];
    for (&v, &x) in leaves {
        val[v as usize] = x;
    }
    for g in &aig.ands {
        val[g.lhs.var().idx()] = lit_value(&val, g.rhs0) && lit_value(&val, g.rhs1);
    }
    val
}

/// A random value of width `w` (LSB first), often an edge case: 0, all ones, the signed
/// extremes, a small number (shift and rotation amounts, divisors).
fn value(rng: &mut Rng, w: usize) -> Vec<bool> {
    let mut v: Vec<bool> = (0..w).map(|_| rng.percent(50)).collect();
    match rng.below(10) {
        0 => v.fill(false),
        1 => v.fill(true),
        2 => {
            v.fill(false);
            v[w - 1] = true;
        }
        3 => {
            v.fill(true);
            v[w - 1] = false;
        }
        4 | 5 => {
            let small = rng.below(w + 2);
            for (i, b) in v.iter_mut().enumerate() {
                *b = i < usize::BITS as usize && small >> i & 1 == 1;
            }
        }
        _ => {}
    }
    v
}

/// The checker's bit vector of bits `v` (LSB first).
fn bv(v: &[bool]) -> Bv {
    let s: String = v.iter().rev().map(|&b| if b { '1' } else { '0' }).collect();
    Bv::from_bits(&s).expect("a non-empty value")
}

/// The bits of a checker bit vector, LSB first.
fn bits_of(b: &Bv) -> Vec<bool> {
    (0..b.width()).map(|i| b.bit(i)).collect()
}

/// The index of the node with id `id` in the checker's model.
fn node(m: &Btor2Model, id: u64) -> usize {
    m.nodes.iter().position(|n| n.id == id).expect("the node")
}

/// Blasts `text` and reads it with the checker; panics with the model on an error of either.
fn both(text: &str) -> (pdrkit_btor2::Blasted, Btor2Model) {
    let model = pdrkit_btor2::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let blasted = pdrkit_btor2::blast(&model).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let checker = parse_btor2(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    (blasted, checker)
}

/// Operators on bit vectors: name, number of operands, and how the widths go.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// Operands and result of one width.
    Same,
    /// Operands of one width, a 1-bit result.
    Predicate,
    /// 1-bit operands and result (`iff`, `implies`: 1-bit only in the format).
    Bit,
    /// One operand, a 1-bit result.
    Reduce,
    /// `slice`, `uext`, `sext`.
    Indexed,
    /// `concat`: any two widths.
    Concat,
    /// `ite`: a 1-bit condition.
    Ite,
}

const OPERATORS: &[(&str, usize, Shape)] = &[
    ("not", 1, Shape::Same),
    ("inc", 1, Shape::Same),
    ("dec", 1, Shape::Same),
    ("neg", 1, Shape::Same),
    ("redand", 1, Shape::Reduce),
    ("redor", 1, Shape::Reduce),
    ("redxor", 1, Shape::Reduce),
    ("slice", 1, Shape::Indexed),
    ("uext", 1, Shape::Indexed),
    ("sext", 1, Shape::Indexed),
    ("iff", 2, Shape::Bit),
    ("implies", 2, Shape::Bit),
    ("eq", 2, Shape::Predicate),
    ("neq", 2, Shape::Predicate),
    ("sgt", 2, Shape::Predicate),
    ("sgte", 2, Shape::Predicate),
    ("slt", 2, Shape::Predicate),
    ("slte", 2, Shape::Predicate),
    ("ugt", 2, Shape::Predicate),
    ("ugte", 2, Shape::Predicate),
    ("ult", 2, Shape::Predicate),
    ("ulte", 2, Shape::Predicate),
    ("and", 2, Shape::Same),
    ("nand", 2, Shape::Same),
    ("nor", 2, Shape::Same),
    ("or", 2, Shape::Same),
    ("xnor", 2, Shape::Same),
    ("xor", 2, Shape::Same),
    ("rol", 2, Shape::Same),
    ("ror", 2, Shape::Same),
    ("sll", 2, Shape::Same),
    ("sra", 2, Shape::Same),
    ("srl", 2, Shape::Same),
    ("add", 2, Shape::Same),
    ("mul", 2, Shape::Same),
    ("sdiv", 2, Shape::Same),
    ("smod", 2, Shape::Same),
    ("srem", 2, Shape::Same),
    ("udiv", 2, Shape::Same),
    ("urem", 2, Shape::Same),
    ("sub", 2, Shape::Same),
    ("saddo", 2, Shape::Predicate),
    ("uaddo", 2, Shape::Predicate),
    ("sdivo", 2, Shape::Predicate),
    ("smulo", 2, Shape::Predicate),
    ("umulo", 2, Shape::Predicate),
    ("ssubo", 2, Shape::Predicate),
    ("usubo", 2, Shape::Predicate),
    ("concat", 2, Shape::Concat),
    ("ite", 3, Shape::Ite),
];

/// Operators whose circuits grow with the square of the width: blasted at fewer widths.
const QUADRATIC: &[&str] = &[
    "mul", "sdiv", "smod", "srem", "udiv", "urem", "smulo", "umulo",
];

/// Values per blasted operator instance.
const SAMPLES: usize = 24;

/// Widths every operator is tested on (the 64- and 128-bit limb boundaries of the checker's
/// bit vectors, and beyond), and how many random ones besides.
const WIDTHS: &[usize] = &[1, 2, 63, 64, 65, 127, 128, 129, 130];
const RANDOM_WIDTHS: usize = 3;

#[test]
fn every_operator_agrees_with_the_checker() {
    let mut rng = Rng::new(0xb7_02);
    for &(op, arity, shape) in OPERATORS {
        let mut widths: Vec<usize> = if QUADRATIC.contains(&op) {
            // The boundaries, not all of them at the top.
            vec![1, 2, 64, 65, 129]
        } else {
            WIDTHS.to_vec()
        };
        widths.extend((0..RANDOM_WIDTHS).map(|_| rng.range(1, 131)));
        if shape == Shape::Bit {
            widths = vec![1];
        }
        for w in widths {
            one_operator(&mut rng, op, arity, shape, w);
        }
    }
}

/// One instance of `op` at width `w` (the first operand's), on [`SAMPLES`] random values.
fn one_operator(rng: &mut Rng, op: &str, arity: usize, shape: Shape, w: usize) {
    let (wa, mut wb, mut wr, mut params) = (w, w, w, String::new());
    match shape {
        Shape::Predicate | Shape::Reduce | Shape::Bit => wr = 1,
        Shape::Concat => {
            wb = rng.range(1, 131);
            wr = wa + wb;
        }
        Shape::Indexed if op == "slice" => {
            let upper = rng.below(w);
            let lower = rng.below(upper + 1);
            params = format!(" {upper} {lower}");
            wr = upper - lower + 1;
        }
        Shape::Indexed => {
            let n = rng.below(9);
            params = format!(" {n}");
            wr = w + n;
        }
        Shape::Same | Shape::Ite => {}
    }
    // Negated operands now and then: `-id` is the bit-wise complement on both sides.
    let (na, nb) = (rng.percent(25), rng.percent(25));
    let a = if na { "-5" } else { "5" };
    let b = if nb { "-6" } else { "6" };
    let args = match arity {
        1 => a.to_string(),
        2 => format!("{a} {b}"),
        _ => format!("7 {a} {b}"),
    };
    let text = format!(
        "1 sort bitvec {wa}\n2 sort bitvec {wb}\n3 sort bitvec {wr}\n4 sort bitvec 1\n\
         5 input 1 a\n6 input 2 b\n7 input 4 c\n8 {op} 3 {args}{params}\n9 output 8 r\n"
    );
    let (blasted, checker) = both(&text);
    let result = node(&checker, 8);
    for _ in 0..SAMPLES {
        let values = [value(rng, wa), value(rng, wb), value(rng, 1)];
        let got = first_output(&blasted, &values);
        let inputs: Vec<Btor2Value> = values.iter().map(|v| Btor2Value::Bv(bv(v))).collect();
        let all = evaluate_btor2(&checker, &[], &inputs);
        let want = bits_of(all[result].as_ref().expect("a value").bv());
        assert_eq!(
            got,
            want,
            "{op} at width {w}, a = {}, b = {}, c = {}\n{text}",
            bv(&values[0]).to_bits(),
            bv(&values[1]).to_bits(),
            bv(&values[2]).to_bits()
        );
    }
}

/// The blasted model's first output, evaluated with its BTOR2 inputs at `values` (one bit
/// vector per input, in order).
fn first_output(blasted: &pdrkit_btor2::Blasted, values: &[Vec<bool>]) -> Vec<bool> {
    let mut leaves = HashMap::new();
    for (var, v) in blasted.inputs.iter().zip(values) {
        for (l, &x) in var.bits.iter().zip(v) {
            leaves.insert(l.var().0, x ^ l.is_neg());
        }
    }
    let val = eval_aig(&blasted.aig, &leaves);
    blasted.outputs[0]
        .bits
        .iter()
        .map(|&l| lit_value(&val, l))
        .collect()
}

/// The array operators (`read`, `write`, and `eq`, `neq`, `ite` on arrays), on arrays of up to
/// 16 elements of widths up to 130, blasted element by element.
#[test]
fn array_operators_agree_with_the_checker() {
    let mut rng = Rng::new(0xa7_7a);
    for op in ["read", "write", "eq", "neq", "ite"] {
        for _ in 0..6 {
            let (iw, ew) = (rng.range(1, 5), rng.range(1, 131));
            let (sort, args) = match op {
                "read" => (2, "5 6"),
                "write" => (3, "5 6 7"),
                "ite" => (3, "9 5 8"),
                _ => (4, "5 8"),
            };
            let text = format!(
                "1 sort bitvec {iw}\n2 sort bitvec {ew}\n3 sort array 1 2\n4 sort bitvec 1\n\
                 5 input 3 A\n6 input 1 i\n7 input 2 e\n8 input 3 B\n9 input 4 c\n\
                 10 {op} {sort} {args}\n11 output 10 r\n"
            );
            let (blasted, checker) = both(&text);
            let result = node(&checker, 10);
            let n = 1usize << iw;
            for _ in 0..SAMPLES {
                let a: Vec<Vec<bool>> = (0..n).map(|_| value(&mut rng, ew)).collect();
                // B: A itself, A with one element changed, or anything.
                let mut b = a.clone();
                match rng.below(3) {
                    0 => {}
                    1 => b[rng.below(n)] = value(&mut rng, ew),
                    _ => b = (0..n).map(|_| value(&mut rng, ew)).collect(),
                }
                let (i, e, c) = (value(&mut rng, iw), value(&mut rng, ew), value(&mut rng, 1));
                let flat = |x: &[Vec<bool>]| x.concat();
                let values = [flat(&a), i.clone(), e.clone(), flat(&b), c.clone()];
                let got = first_output(&blasted, &values);
                let array = |x: &[Vec<bool>]| {
                    let mut arr = Btor2Array::constant(iw as u32, Bv::zero(ew as u32));
                    for (j, el) in x.iter().enumerate() {
                        arr.write(index(j, iw), bv(el));
                    }
                    Btor2Value::Array(arr)
                };
                let inputs = [
                    array(&a),
                    Btor2Value::Bv(bv(&i)),
                    Btor2Value::Bv(bv(&e)),
                    array(&b),
                    Btor2Value::Bv(bv(&c)),
                ];
                let all = evaluate_btor2(&checker, &[], &inputs);
                let want = match all[result].as_ref().expect("a value") {
                    Btor2Value::Bv(x) => bits_of(x),
                    Btor2Value::Array(arr) => (0..n)
                        .flat_map(|j| bits_of(arr.read(&index(j, iw))))
                        .collect(),
                };
                assert_eq!(got, want, "{op}, index width {iw}, element width {ew}");
            }
        }
    }
}

/// Index `j` as an `iw`-bit vector.
fn index(j: usize, iw: usize) -> Bv {
    Bv::from_u64(iw as u32, j as u64)
}

/// Random runs per shared file, and their steps.
const RUNS: usize = 4;
const STEPS: usize = 20;

#[test]
fn shared_models_simulate_alike() {
    let dir = repo_root().join("../shared/btor2/hwmcc20-bv");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: {} is absent, skipping", dir.display());
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "btor2"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .btor2 file in {}", dir.display());
    let mut rng = Rng::new(0x513);
    let mut compared = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let model = pdrkit_btor2::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let blasted = match pdrkit_btor2::blast(&model) {
            Ok(b) => b,
            Err(e) => {
                // Refused, never mistranslated: nothing to compare.
                eprintln!("note: {name}: not blasted ({e}), skipped");
                continue;
            }
        };
        let checker = parse_btor2(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let leaves = checker.inputs.iter().chain(&checker.states);
        if leaves
            .into_iter()
            .any(|&n| checker.sort(n).width().is_none())
        {
            // The array operators are compared above, on their own.
            eprintln!("note: {name}: array inputs or states, skipped");
            continue;
        }
        for run in 0..RUNS {
            simulate_alike(&mut rng, &name, run, &blasted, &checker);
        }
        compared += 1;
    }
    eprintln!("{compared} of {} shared files simulated alike", files.len());
    assert!(compared > 0, "no shared file compared");
}

/// Step 0 of a model with reset functions (AIGER 1.9.23): each latch with one starts at its
/// function's value over step 0's inputs and the other latches' start values (`leaves` holds
/// the inputs and the other latches). In dependency order, by rounds: each round evaluates the
/// gates and sets every such latch from its function; a latch is right from the round after
/// the latches its function reads are, so the values settle within as many rounds as the
/// longest chain of functions (and settled values solve the acyclic equations, whose solution
/// is unique). Not settling means a cycle, which the blaster must have refused.
fn start_from_reset_functions(aig: &Aig, leaves: &mut HashMap<u32, bool>) {
    let functions: Vec<(Lit, Lit)> = (aig.latches.iter())
        .filter_map(|l| l.reset.function().map(|f| (l.lit, f)))
        .collect();
    for _ in 0..=functions.len() {
        let val = eval_aig(aig, leaves);
        let mut changed = false;
        for &(l, f) in &functions {
            let x = lit_value(&val, f);
            if leaves.insert(l.var().0, x) != Some(x) {
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
    panic!("reset functions that do not settle: a cycle the blaster let through");
}

/// One random run of [`STEPS`] steps on both sides, compared at every step.
fn simulate_alike(
    rng: &mut Rng,
    name: &str,
    run: usize,
    blasted: &pdrkit_btor2::Blasted,
    m: &Btor2Model,
) {
    let aig = &blasted.aig;
    let width = |node: usize| m.sort(node).width().expect("bit vectors only") as usize;
    let has_init: Vec<bool> = m.states.iter().map(|&s| m.init[s].is_some()).collect();
    let has_next: Vec<bool> = m.states.iter().map(|&s| m.next[s].is_some()).collect();
    // The random choices, in BTOR2 terms: every input at every step; a state's value where the
    // model leaves it free (step 0 without `init`, later steps without `next`).
    let inputs: Vec<Vec<Vec<bool>>> = (0..STEPS)
        .map(|_| m.inputs.iter().map(|&i| value(rng, width(i))).collect())
        .collect();
    let free: Vec<Vec<Option<Vec<bool>>>> = (0..STEPS)
        .map(|k| {
            (m.states.iter().enumerate())
                .map(|(p, &s)| {
                    let is_free = if k == 0 { !has_init[p] } else { !has_next[p] };
                    is_free.then(|| value(rng, width(s)))
                })
                .collect()
        })
        .collect();
    // The checker's side: the choices as a witness.
    let assign = |position: usize, v: &[bool]| Btor2Assignment {
        line: 0,
        position,
        index: None::<Btor2Index>,
        value: bv(v),
        symbol: None,
    };
    let witness = Btor2Witness {
        bads: Vec::new(),
        justice: Vec::new(),
        frames: (0..STEPS)
            .map(|k| Btor2Frame {
                states: (free[k].iter().enumerate())
                    .filter_map(|(p, v)| v.as_ref().map(|v| assign(p, v)))
                    .collect(),
                inputs: (inputs[k].iter().enumerate())
                    .map(|(p, v)| assign(p, v))
                    .collect(),
            })
            .collect(),
    };
    let sim = simulate_btor2(m, &witness).unwrap_or_else(|e| panic!("{name}: {e}"));
    // The AIG's side. Which latch each latch variable is, and the free input that gives the
    // next value of a state with `init` but no `next`.
    let latch_of: HashMap<u32, usize> = (aig.latches.iter().enumerate())
        .map(|(j, l)| (l.lit.var().0, j))
        .collect();
    let mut cur: Vec<bool> = vec![false; aig.latches.len()];
    for (j, l) in aig.latches.iter().enumerate() {
        cur[j] = match l.reset {
            Reset::Zero => false,
            Reset::One => true,
            // Set from the run's step-0 values below.
            Reset::Uninit => false,
            // Computed from step 0's inputs and the other latches, in the first step below.
            Reset::Function(_) => false,
        };
    }
    for (p, var) in blasted.states.iter().enumerate() {
        if let Some(v) = &free[0][p] {
            for (l, &x) in var.bits.iter().zip(v) {
                if let Some(&j) = latch_of.get(&l.var().0) {
                    assert_eq!(aig.latches[j].reset, Reset::Uninit, "{name}");
                    cur[j] = x ^ l.is_neg();
                }
            }
        }
    }
    for k in 0..STEPS {
        let mut leaves: HashMap<u32, bool> = HashMap::new();
        for (j, l) in aig.latches.iter().enumerate() {
            leaves.insert(l.lit.var().0, cur[j]);
        }
        let mut set = |l: Lit, x: bool| {
            leaves.insert(l.var().0, x ^ l.is_neg());
        };
        for (var, v) in blasted.inputs.iter().zip(&inputs[k]) {
            for (&l, &x) in var.bits.iter().zip(v) {
                set(l, x);
            }
        }
        for (p, var) in blasted.states.iter().enumerate() {
            if has_next[p] {
                continue;
            }
            // Without `next`: input bits, or (with `init`) latches fed by fresh inputs with
            // the value of the next step.
            let now = free[k][p].as_ref();
            let then = free.get(k + 1).and_then(|f| f[p].as_ref());
            for (i, &l) in var.bits.iter().enumerate() {
                match latch_of.get(&l.var().0) {
                    None => set(l, now.expect("a free value")[i]),
                    Some(&j) => {
                        if let Some(t) = then {
                            set(aig.latches[j].next, t[i] ^ l.is_neg());
                        }
                    }
                }
            }
        }
        if k == 0 {
            start_from_reset_functions(aig, &mut leaves);
            for (j, l) in aig.latches.iter().enumerate() {
                cur[j] = leaves[&l.lit.var().0];
            }
        }
        let val = eval_aig(aig, &leaves);
        for (p, var) in blasted.states.iter().enumerate() {
            let got: Vec<bool> = var.bits.iter().map(|&l| lit_value(&val, l)).collect();
            let want = bits_of(sim.states[k][p].bv());
            assert_eq!(
                got, want,
                "{name}, run {run}, step {k}: state {p} ({:?})",
                var.symbol
            );
        }
        for (b, &l) in aig.bads.iter().enumerate() {
            assert_eq!(
                lit_value(&val, l),
                sim.bads[k][b],
                "{name}, run {run}, step {k}: bad {b}"
            );
        }
        for (c, &l) in aig.constraints.iter().enumerate() {
            assert_eq!(
                lit_value(&val, l),
                sim.constraints[k][c],
                "{name}, run {run}, step {k}: constraint {c}"
            );
        }
        for (j, l) in aig.latches.iter().enumerate() {
            cur[j] = lit_value(&val, l.next);
        }
    }
}

/// Random models whose states start from `init` expressions, and the runs per model.
const INIT_MODELS: usize = 150;

/// States with `init` expressions (over other states, their `init`s and constants, through
/// every operator, negated references included) on random models: the blaster's reset
/// functions give, at step 0 and after, what `simulate_btor2` computes from the `init`s.
#[test]
fn init_expressions_agree_with_the_checker() {
    let mut rng = Rng::new(0x1417);
    let (mut functions, mut chained) = (0, 0);
    for k in 0..INIT_MODELS {
        let text = InitModel::random(&mut rng);
        let (blasted, checker) = both(&text);
        let aig = &blasted.aig;
        let function_vars: Vec<u32> = (aig.latches.iter())
            .filter(|l| l.reset.function().is_some())
            .map(|l| l.lit.var().0)
            .collect();
        functions += function_vars.len();
        // A function that reads another function's latch directly: an `init` from a state
        // that has one.
        chained += (aig.latches.iter())
            .filter_map(|l| l.reset.function())
            .filter(|f| function_vars.contains(&f.var().0))
            .count();
        for run in 0..RUNS {
            simulate_alike(
                &mut rng,
                &format!("model {k}:\n{text}"),
                run,
                &blasted,
                &checker,
            );
        }
    }
    eprintln!("{functions} reset functions, {chained} reading another's latch");
    assert!(
        functions > INIT_MODELS,
        "too few reset functions: {functions}"
    );
    assert!(chained > 0, "no chain of reset functions");
}

/// A random model under construction, one line at a time.
struct InitModel<'r> {
    rng: &'r mut Rng,
    text: String,
    next_id: u64,
    /// The sort id of each width in use.
    sorts: HashMap<usize, u64>,
    /// The values an expression can read: (id, width, whether it is an input, which an
    /// `init` must not read).
    leaves: Vec<(u64, usize, bool)>,
}

impl InitModel<'_> {
    /// A model of one or two inputs and two to six states of small widths; most states have
    /// an `init` (an expression, a constant or another state), most a `next` over states and
    /// inputs; two `bad`s. As btor2parser requires, an `init` value is defined before its
    /// state and reads no input.
    fn random(rng: &mut Rng) -> String {
        let mut g = InitModel {
            rng,
            text: String::new(),
            next_id: 1,
            sorts: HashMap::new(),
            leaves: Vec::new(),
        };
        for i in 0..g.rng.range(1, 2) {
            let w = g.width();
            let s = g.sort(w);
            let id = g.line(format!("input {s} i{i}"));
            g.leaves.push((id, w, true));
        }
        let mut states = Vec::new();
        for i in 0..g.rng.range(2, 6) {
            let w = g.width();
            let init = match g.rng.below(6) {
                0 => None,
                1 => Some(g.constant(w)),
                2 => Some(g.leaf(w, false)),
                _ => Some(g.expr(w, 2, false)),
            };
            let s = g.sort(w);
            let id = g.line(format!("state {s} s{i}"));
            if let Some(v) = init {
                let v = g.arg(v);
                g.line(format!("init {s} {id} {v}"));
            }
            g.leaves.push((id, w, false));
            states.push((id, w));
        }
        for (id, w) in states {
            if g.rng.percent(75) {
                let v = g.expr(w, 2, true);
                let (s, v) = (g.sort(w), g.arg(v));
                g.line(format!("next {s} {id} {v}"));
            }
        }
        for _ in 0..2 {
            let c = g.expr(1, 2, true);
            let c = g.arg(c);
            g.line(format!("bad {c}"));
        }
        g.text
    }

    fn width(&mut self) -> usize {
        [1, 2, 3, 4, 5, 8, 13][self.rng.below(7)]
    }

    /// Appends `id body` and returns the id.
    fn line(&mut self, body: String) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.text.push_str(&format!("{id} {body}\n"));
        id
    }

    fn sort(&mut self, w: usize) -> u64 {
        if let Some(&s) = self.sorts.get(&w) {
            return s;
        }
        let s = self.line(format!("sort bitvec {w}"));
        self.sorts.insert(w, s);
        s
    }

    /// A reference to `id`, negated (`-id`) now and then.
    fn arg(&mut self, id: u64) -> String {
        if self.rng.percent(20) {
            format!("-{id}")
        } else {
            id.to_string()
        }
    }

    fn constant(&mut self, w: usize) -> u64 {
        let v = value(self.rng, w);
        let bits: String = v.iter().rev().map(|&b| if b { '1' } else { '0' }).collect();
        let s = self.sort(w);
        self.line(format!("const {s} {bits}"))
    }

    /// A `w`-bit value read from a leaf (fitted by `slice`, `uext` or `sext`) or a constant.
    fn leaf(&mut self, w: usize, inputs: bool) -> u64 {
        let usable: Vec<(u64, usize)> = (self.leaves.iter())
            .filter(|l| inputs || !l.2)
            .map(|l| (l.0, l.1))
            .collect();
        if usable.is_empty() || self.rng.percent(15) {
            return self.constant(w);
        }
        let same: Vec<u64> = (usable.iter()).filter(|l| l.1 == w).map(|l| l.0).collect();
        if !same.is_empty() && self.rng.percent(70) {
            return same[self.rng.below(same.len())];
        }
        let (id, lw) = usable[self.rng.below(usable.len())];
        let s = self.sort(w);
        let a = self.arg(id);
        if lw >= w {
            let lower = self.rng.below(lw - w + 1);
            self.line(format!("slice {s} {a} {} {lower}", lower + w - 1))
        } else {
            let ext = if self.rng.percent(50) { "uext" } else { "sext" };
            self.line(format!("{ext} {s} {a} {}", w - lw))
        }
    }

    /// A random `w`-bit expression of at most `depth` operators, over the leaves (inputs only
    /// when `inputs`).
    fn expr(&mut self, w: usize, depth: usize, inputs: bool) -> u64 {
        if depth == 0 || self.rng.percent(20) {
            return self.leaf(w, inputs);
        }
        loop {
            let (op, arity, shape) = OPERATORS[self.rng.below(OPERATORS.len())];
            let operand = |g: &mut Self, ow: usize| {
                let x = g.expr(ow, depth - 1, inputs);
                g.arg(x)
            };
            let body = match shape {
                Shape::Same => {
                    let args: Vec<String> = (0..arity).map(|_| operand(self, w)).collect();
                    args.join(" ")
                }
                Shape::Predicate | Shape::Reduce if w == 1 => {
                    let ow = self.width();
                    let args: Vec<String> = (0..arity).map(|_| operand(self, ow)).collect();
                    args.join(" ")
                }
                Shape::Bit if w == 1 => format!("{} {}", operand(self, 1), operand(self, 1)),
                Shape::Indexed if op == "slice" => {
                    let ow = w + self.rng.below(4);
                    let lower = self.rng.below(ow - w + 1);
                    format!("{} {} {lower}", operand(self, ow), lower + w - 1)
                }
                Shape::Indexed => {
                    let n = self.rng.below(w);
                    format!("{} {n}", operand(self, w - n))
                }
                Shape::Concat if w >= 2 => {
                    let high = self.rng.range(1, w - 1);
                    format!("{} {}", operand(self, high), operand(self, w - high))
                }
                Shape::Ite => {
                    let c = operand(self, 1);
                    format!("{c} {} {}", operand(self, w), operand(self, w))
                }
                _ => continue,
            };
            let s = self.sort(w);
            return self.line(format!("{op} {s} {body}"));
        }
    }
}
