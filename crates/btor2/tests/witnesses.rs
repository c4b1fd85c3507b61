//! The shared BTOR2 counterexamples (btorsim witness format), replayed on the blasted AIG
//! through the maps of inputs and states: the named bad property is reached and the
//! constraints hold until then. This checks the whole translation (operators, `init`,
//! `next`, states without `next`, negated references) on real models.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use pdrkit_btor2::{blast, parse, Blasted, Model, NodeKind};
use pdrkit_logic::Lit;
use pdrkit_ts::Reset;

/// A witness: for each frame, the assignments of states (`#k`) and inputs (`@k`), by
/// position, as bits LSB first.
#[derive(Default)]
struct Witness {
    bad: usize,
    states: Vec<HashMap<usize, Vec<bool>>>,
    inputs: Vec<HashMap<usize, Vec<bool>>>,
}

fn read_witness(text: &str) -> Witness {
    let mut w = Witness::default();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    assert_eq!(lines.next(), Some("sat"));
    let b = lines.next().unwrap();
    w.bad = b.strip_prefix('b').unwrap().parse().unwrap();
    let mut target: Option<(bool, usize)> = None;
    for l in lines {
        if l == "." {
            break;
        }
        if let Some(k) = l.strip_prefix('#') {
            target = Some((true, k.parse().unwrap()));
            continue;
        }
        if let Some(k) = l.strip_prefix('@') {
            target = Some((false, k.parse().unwrap()));
            continue;
        }
        let mut t = l.split_whitespace();
        let pos: usize = t.next().unwrap().parse().unwrap();
        let bits: Vec<bool> = t.next().unwrap().bytes().rev().map(|b| b == b'1').collect();
        let (is_state, k) = target.expect("an assignment inside a frame");
        let frames = if is_state {
            &mut w.states
        } else {
            &mut w.inputs
        };
        if frames.len() <= k {
            frames.resize(k + 1, HashMap::new());
        }
        frames[k].insert(pos, bits);
    }
    w
}

/// Replays `w` on the AIG; returns the first step where the bad property holds (with the
/// constraints holding at every step until then).
fn replay(model: &Model, b: &Blasted, w: &Witness) -> Option<usize> {
    let aig = &b.aig;
    let has_next: HashSet<_> = model
        .nodes
        .iter()
        .filter_map(|n| match n.kind {
            NodeKind::Next { state, .. } => Some(state),
            _ => None,
        })
        .collect();
    let frames = w.inputs.len().max(w.states.len());
    let empty = HashMap::new();
    let frame = |v: &[HashMap<usize, Vec<bool>>], k: usize| v.get(k).unwrap_or(&empty).clone();
    let mut val = vec![false; aig.max_var as usize + 1];
    let set = |val: &mut [bool], bits: &[Lit], value: Option<&Vec<bool>>| {
        for (i, l) in bits.iter().enumerate() {
            val[l.var().idx()] = value.is_some_and(|v| v[i]) ^ l.is_neg();
        }
    };
    let lit = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
    // Step 0: latches from their resets, or the witness for uninitialized ones.
    let states0 = frame(&w.states, 0);
    for (pos, s) in b.states.iter().enumerate() {
        set(&mut val, &s.bits, states0.get(&pos));
    }
    for l in &aig.latches {
        match l.reset {
            Reset::Zero => val[l.lit.var().idx()] = false,
            Reset::One => val[l.lit.var().idx()] = true,
            // Uninitialized: the witness's value, set above. A function: computed once step
            // 0's inputs are known, below.
            Reset::Uninit | Reset::Function(_) => {}
        }
    }
    let bad = aig.bads[w.bad];
    // One frame more than listed: inputs not listed are 0.
    for k in 0..=frames {
        let inputs = frame(&w.inputs, k);
        for (pos, v) in b.inputs.iter().enumerate() {
            set(&mut val, &v.bits, inputs.get(&pos));
        }
        // States without next: plain inputs take this frame's value; latches whose next is
        // a fresh input take the next frame's value through it.
        let states = frame(&w.states, k);
        let states_next = frame(&w.states, k + 1);
        for (pos, s) in b.states.iter().enumerate() {
            if has_next.contains(&s.id) {
                continue;
            }
            if let Some(latch) = aig.latches.iter().position(|l| l.lit == s.bits[0]) {
                let fresh: Vec<Lit> = (0..s.bits.len())
                    .map(|i| aig.latches[latch + i].next)
                    .collect();
                set(&mut val, &fresh, states_next.get(&pos));
            } else if k > 0 {
                set(&mut val, &s.bits, states.get(&pos));
            }
        }
        if k == 0 {
            start_from_reset_functions(aig, &mut val);
        }
        for g in &aig.ands {
            val[g.lhs.var().idx()] = lit(&val, g.rhs0) && lit(&val, g.rhs1);
        }
        if !aig.constraints.iter().all(|&c| lit(&val, c)) {
            return None;
        }
        if lit(&val, bad) {
            return Some(k);
        }
        let next: Vec<bool> = aig.latches.iter().map(|l| lit(&val, l.next)).collect();
        for (l, x) in aig.latches.iter().zip(next) {
            val[l.lit.var().idx()] = x;
        }
    }
    None
}

/// Step 0 of a model with reset functions (AIGER 1.9.23): each latch with one starts at its
/// function's value over step 0's inputs and the other latches' start values (`val` holds the
/// inputs and the other latches already). In dependency order, by rounds: each round evaluates
/// the gates and sets every such latch from its function; a latch is right from the round
/// after the latches its function reads are, so the values settle within as many rounds as
/// the longest chain of functions (and settled values solve the acyclic equations, whose
/// solution is unique). Not settling means a cycle, which the blaster must have refused.
fn start_from_reset_functions(aig: &pdrkit_ts::Aig, val: &mut [bool]) {
    let functions: Vec<(Lit, Lit)> = (aig.latches.iter())
        .filter_map(|l| l.reset.function().map(|f| (l.lit, f)))
        .collect();
    let lit = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
    for _ in 0..=functions.len() {
        for g in &aig.ands {
            val[g.lhs.var().idx()] = lit(val, g.rhs0) && lit(val, g.rhs1);
        }
        let mut changed = false;
        for &(l, f) in &functions {
            let x = lit(val, f);
            if val[l.var().idx()] != x {
                val[l.var().idx()] = x;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
    panic!("reset functions that do not settle: a cycle the blaster let through");
}

#[test]
fn shared_witnesses_replay_on_the_aig() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/btor2");
    let Ok(entries) = std::fs::read_dir(root.join("witnesses")) else {
        println!("note: {} is absent, skipping", root.display());
        return;
    };
    let mut checked = 0;
    let mut names: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .collect();
    names.sort();
    for name in names {
        let name = name.to_string_lossy().into_owned();
        let Some(model_name) = name.strip_suffix(".wit") else {
            continue;
        };
        let model_path = root.join("hwmcc20-bv").join(model_name);
        let Ok(text) = std::fs::read_to_string(&model_path) else {
            println!("note: {model_name}: not in hwmcc20-bv (arrays?), skipped");
            continue;
        };
        let model = parse(&text).unwrap();
        let blasted = blast(&model).unwrap();
        let w = read_witness(&std::fs::read_to_string(root.join("witnesses").join(&name)).unwrap());
        let step = replay(&model, &blasted, &w);
        println!("{model_name}: bad at step {step:?} of {}", w.inputs.len());
        assert!(
            step.is_some(),
            "{model_name}: the witness does not reach the bad state"
        );
        checked += 1;
    }
    println!("{checked} witnesses replayed");
}

/// A model whose states start from `init` expressions (reset functions once blasted): the
/// blasted AIG, started from its functions, reaches the bad state with seven steps of `en`
/// (`c = a + 1` and `e = not a` are both 8 when `a` is 7) and not with six.
#[test]
fn init_expressions_replay_on_the_aig() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/models/btor2/init_fn_unsafe.btor2");
    let model = parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let blasted = blast(&model).unwrap();
    assert!(blasted
        .aig
        .latches
        .iter()
        .any(|l| l.reset.function().is_some()));
    let witness = |enabled: usize| {
        let mut w = String::from("sat\nb0\n#0\n0 0101 k\n");
        for k in 0..=enabled {
            let en = u8::from(k < enabled);
            w.push_str(&format!("@{k}\n0 {en} en\n"));
        }
        w + ".\n"
    };
    let w = read_witness(&witness(7));
    assert_eq!(replay(&model, &blasted, &w), Some(7));
    let w = read_witness(&witness(6));
    assert_eq!(replay(&model, &blasted, &w), None);
}
