//! Lasso (justice-property) witnesses replayed on small hand-written AIGER 1.9 models whose
//! runs are known by construction: accepted lassos, and each way a lasso can be wrong; and a
//! lasso of one shared HWMCC benchmark, found by an explicit-state search written here.

mod common;

use std::collections::{HashMap, HashSet, VecDeque};

use pdrkit_check::{
    parse_witness, replay_lasso, LassoError, LassoReport, LoopHit, LoopLiteral, Model, ReplayError,
    Reset,
};
use pdrkit_logic::Lit;

fn model(text: &str) -> Model {
    Model::parse(text.as_bytes()).expect("a well-formed model")
}

fn lasso(m: &Model, witness: &str, justice: usize) -> Result<LassoReport, LassoError> {
    replay_lasso(m, &parse_witness(witness.as_bytes()).unwrap(), justice)
}

/// A 2-bit counter without inputs, 0, 1, 2, 3, 0, ... (latch 2 the low bit, latch 4 the
/// high bit, next 4 = 4 xor 2); j0 = {4}: the high bit is 1 infinitely often.
const COUNTER: &str = "aag 5 0 2 0 3 0 0 1 0\n2 3\n4 11\n1\n4\n6 4 3\n8 5 2\n10 7 9\n";

/// A latch (4) that takes the input (2) at every step, reset 0. Fairness: the input is 1
/// infinitely often; j0 = {!latch}, j1 = {latch}.
const FOLLOW: &str = "aag 2 1 1 0 0 0 0 2 1\n2\n4 2\n1\n1\n5\n4\n2\n";

/// A toggling latch (4, reset 0) and an input (2) the invariant constraint keeps at 1;
/// fairness: the latch is 1 infinitely often; j0 = {input}.
const TOGGLE: &str = "aag 2 1 1 0 0 0 1 1 1\n2\n4 5\n2\n1\n2\n4\n";

#[test]
fn a_wrapping_counter_loops_back_to_step_0() {
    let m = model(COUNTER);
    let r = lasso(&m, "1\nj0\n00\n\n\n\n\n.\n", 0).unwrap();
    assert_eq!((r.steps, r.loop_start, r.loop_length()), (4, 0, 4));
    assert_eq!(r.candidates, vec![0]);
    assert_eq!(
        r.hits,
        vec![LoopHit {
            literal: LoopLiteral::Justice { justice: 0, k: 0 },
            lit: 4,
            step: 2
        }]
    );
    assert_eq!(
        r.summary(),
        "j0: 4 steps, loop from step 0 (length 4); literal 0 of justice property j0 at step 2"
    );
    // Twice round: steps 0 and 4 match the final state; the latest, the shorter loop, is named.
    let r = lasso(&m, "1\nj0\n00\n\n\n\n\n\n\n\n\n.\n", 0).unwrap();
    assert_eq!(
        (r.candidates.clone(), r.loop_start, r.loop_length()),
        (vec![0, 4], 4, 4)
    );
    assert_eq!(r.hits[0].step, 6);
}

#[test]
fn a_trace_that_does_not_close_a_loop_is_refused() {
    let m = model(COUNTER);
    // Three steps end at 3, which no step was at.
    let e = lasso(&m, "1\nj0\n00\n\n\n\n.\n", 0).unwrap_err();
    assert_eq!(e, LassoError::NoLoop { line: 6, steps: 3 });
    assert_eq!(
        e.to_string(),
        "line 6: the state after the last step (step 2) equals the state at no step 0..=2: \
         the trace does not close a loop"
    );
}

#[test]
fn fairness_and_justice_must_both_hold_in_the_loop() {
    let m = model(FOLLOW);
    // Input 1 then 0: the latch goes 0, 1, 0; the loop is 0..=1, input 1 at 0, latch 0 at 0.
    let r = lasso(&m, "1\nj0\n0\n1\n0\n.\n", 0).unwrap();
    assert_eq!((r.loop_start, r.loop_length()), (0, 2));
    assert_eq!(
        r.hits,
        vec![
            LoopHit {
                literal: LoopLiteral::Fairness(0),
                lit: 2,
                step: 0
            },
            LoopHit {
                literal: LoopLiteral::Justice { justice: 0, k: 0 },
                lit: 5,
                step: 0
            },
        ]
    );
    // Input 0 forever: a loop, but the fairness constraint is never 1.
    let e = lasso(&m, "1\nj0\n0\n0\n.\n", 0).unwrap_err();
    assert_eq!(
        e,
        LassoError::NeverInLoop {
            literal: LoopLiteral::Fairness(0),
            lit: 2,
            candidates: vec![0],
            steps: 1,
            last_one: None
        }
    );
    assert_eq!(
        e.to_string(),
        "fairness constraint 0 (literal 2) is 1 at no step of any loop: the loop may start at \
         step 0 (the last step is 0), and it is never 1"
    );
    // Input 1 twice: the latch stays 1 from step 1, the only loop; j0's !latch was 1 only at
    // step 0, in the stem.
    let e = lasso(&m, "1\nj0\n0\n1\n1\n.\n", 0).unwrap_err();
    assert_eq!(
        e,
        LassoError::NeverInLoop {
            literal: LoopLiteral::Justice { justice: 0, k: 0 },
            lit: 5,
            candidates: vec![1],
            steps: 2,
            last_one: Some(0)
        }
    );
    assert!(e
        .to_string()
        .starts_with("literal 0 of justice property j0 (literal 5) is 1 at no step of any loop"));
}

#[test]
fn every_loop_start_is_tried() {
    let m = model(FOLLOW);
    // Inputs 1, 0, 0: the latch goes 0, 1, 0, 0. Steps 0 and 2 match the final state; from 2
    // the input is never 1, from 0 both literals are met.
    let r = lasso(&m, "1\nj0\n0\n1\n0\n0\n.\n", 0).unwrap();
    assert_eq!(
        (r.candidates.clone(), r.loop_start, r.loop_length()),
        (vec![0, 2], 0, 3)
    );
}

#[test]
fn a_loop_of_one_step() {
    let m = model(FOLLOW);
    // Inputs 1, 1: the latch is 1 from step 1 on and stays there: a self-loop at step 1.
    let r = lasso(&m, "1\nj1\n0\n1\n1\n.\n", 1).unwrap();
    assert_eq!((r.steps, r.loop_start, r.loop_length()), (2, 1, 1));
    assert_eq!(
        r.hits.iter().map(|h| h.step).collect::<Vec<_>>(),
        vec![1, 1]
    );
}

#[test]
fn an_input_x_is_0() {
    let m = model(FOLLOW);
    // Inputs 1, x: with x as 0 the latch goes 0, 1, 0 and the loop is 0..=1 (as 1 it would
    // stay at 1 and loop at step 1 alone).
    let r = lasso(&m, "1\nj1\n0\n1\nx\n.\n", 1).unwrap();
    assert_eq!((r.candidates, r.loop_start), (vec![0], 0));
}

#[test]
fn a_loop_that_closes_only_if_x_were_free_is_refused() {
    // An uninitialized latch whose next state is 1; j0 = {latch}.
    let m = model("aag 1 0 1 0 0 0 0 1 0\n2 1 2\n1\n2\n");
    // Started at x, it is 0 (as aigsim takes it), then 1: the final 1 matches no step, though
    // it would match the initial x read as "anything".
    assert!(matches!(
        lasso(&m, "1\nj0\nx\n\n.\n", 0),
        Err(LassoError::NoLoop { steps: 1, .. })
    ));
    // Started at 1 it loops at once; started at x, one step more reaches the loop.
    assert_eq!(lasso(&m, "1\nj0\n1\n\n.\n", 0).unwrap().loop_start, 0);
    assert_eq!(lasso(&m, "1\nj0\nx\n\n\n.\n", 0).unwrap().loop_start, 1);
}

#[test]
fn invariant_constraints_hold_in_the_stem_and_the_loop() {
    let m = model(TOGGLE);
    // Inputs 1, 1: the latch goes 0, 1, 0; the constraint holds; fairness at 1, j0 at 0.
    let r = lasso(&m, "1\nj0\n0\n1\n1\n.\n", 0).unwrap();
    assert_eq!((r.loop_start, r.loop_length()), (0, 2));
    assert_eq!(
        r.hits.iter().map(|h| h.step).collect::<Vec<_>>(),
        vec![1, 0]
    );
    // Input 0 in the stem (step 0; the loop is 1..=2).
    let e = lasso(&m, "1\nj0\n0\n0\n1\n1\n.\n", 0).unwrap_err();
    assert_eq!(
        e,
        LassoError::Replay(ReplayError::ConstraintViolated {
            line: 4,
            step: 0,
            constraint: 0,
            lit: 2
        })
    );
    assert!(e
        .to_string()
        .starts_with("line 4: invariant constraint 0 (literal 2) is 0 at step 0"));
    // Input 0 inside the loop.
    assert!(matches!(
        lasso(&m, "1\nj0\n0\n1\n0\n.\n", 0),
        Err(LassoError::Replay(ReplayError::ConstraintViolated {
            step: 1,
            ..
        }))
    ));
}

#[test]
fn the_justice_property_must_exist_and_be_named() {
    let m = model(FOLLOW);
    let e = lasso(&m, "1\nj1\n0\n1\n1\n.\n", 2).unwrap_err();
    assert_eq!(
        e,
        LassoError::UnknownJustice {
            line: 2,
            justice: 2,
            available: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "line 2: justice property j2 does not exist: the model has 2 justice properties \
         (numbered from 0)"
    );
    let e = lasso(&m, "1\nj1\n0\n1\n1\n.\n", 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: the witness does not name j0 (it names j1)"
    );
    let e = lasso(&m, "1\nb0\n0\n1\n1\n.\n", 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: the witness does not name j0 (it names no justice property)"
    );
    // A witness naming both kinds replays its justice part as a lasso.
    assert_eq!(
        lasso(&m, "1\nb0 j1\n0\n1\n1\n.\n", 1).unwrap().loop_start,
        1
    );
}

#[test]
fn the_initial_state_follows_reset_functions() {
    // A latch (4) that holds its value and resets to the input (2); j0 = {latch}.
    let m = model("aag 2 1 1 0 0 0 0 1 0\n2\n4 4 2\n1\n4\n");
    let r = lasso(&m, "1\nj0\nx\n1\n.\n", 0).unwrap();
    assert_eq!((r.loop_start, r.loop_length()), (0, 1));
    assert!(matches!(
        lasso(&m, "1\nj0\n1\n0\n.\n", 0),
        Err(LassoError::Replay(ReplayError::ResetFunctionMismatch {
            latch: 0,
            ..
        }))
    ));
    // Reset to 0 by the input: the latch is 0 forever, j0 is never met.
    assert!(matches!(
        lasso(&m, "1\nj0\nx\n0\n.\n", 0),
        Err(LassoError::NeverInLoop { last_one: None, .. })
    ));
}

#[test]
fn the_shape_of_the_witness_is_checked() {
    let m = model(FOLLOW);
    assert!(matches!(
        lasso(&m, "1\nj0\n00\n1\n.\n", 0),
        Err(LassoError::Replay(ReplayError::LatchCount { .. }))
    ));
    assert!(matches!(
        lasso(&m, "1\nj0\n0\n.\n", 0),
        Err(LassoError::Replay(ReplayError::EmptyTrace { .. }))
    ));
    assert!(matches!(
        lasso(&m, "1\nj0\n0\n11\n.\n", 0),
        Err(LassoError::Replay(ReplayError::InputCount { .. }))
    ));
}

// ---------------------------------------------------------------- a shared benchmark

/// One step of `m` by plain evaluation, written here apart from the checker's simulator so
/// that the lasso found with it is not the replay's own: the latch values after the step, and
/// which of `lits` are 1 in the step (bit `i` for `lits[i]`), for the latch values `state` and
/// the inputs `input` (bit `k` is latch or input `k`).
fn step(m: &Model, state: u64, input: u64, lits: &[Lit]) -> (u64, u64) {
    let mut val = vec![false; m.max_var as usize + 1];
    for (k, i) in m.inputs.iter().enumerate() {
        val[i.var().idx()] = input >> k & 1 == 1;
    }
    for (k, l) in m.latches.iter().enumerate() {
        val[l.lit.var().idx()] = state >> k & 1 == 1;
    }
    let get = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
    for g in &m.ands {
        val[g.lhs.var().idx()] = get(&val, g.rhs0) && get(&val, g.rhs1);
    }
    let pack = |bits: &mut dyn Iterator<Item = bool>| {
        bits.enumerate().fold(0, |s, (k, b)| s | u64::from(b) << k)
    };
    (
        pack(&mut m.latches.iter().map(|l| get(&val, l.next))),
        pack(&mut lits.iter().map(|&l| get(&val, l))),
    )
}

/// The reachable state graph: per state, its steps (input, next state, literals met).
type Graph = HashMap<u64, Vec<(u64, u64, u64)>>;

/// Shortest paths from `from` in `g`: each state reached and the (state, input) it is reached
/// by.
fn reach(g: &Graph, from: u64) -> HashMap<u64, (u64, u64)> {
    let mut parent = HashMap::from([(from, (from, 0))]);
    let mut queue = VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for &(a, t, _) in &g[&s] {
            parent.entry(t).or_insert_with(|| {
                queue.push_back(t);
                (s, a)
            });
        }
    }
    parent
}

/// The inputs from `from` to `to` along the paths of `reach(g, from)`.
fn path_to(parent: &HashMap<u64, (u64, u64)>, from: u64, to: u64) -> Vec<u64> {
    let mut inputs = Vec::new();
    let mut cur = to;
    while cur != from {
        let (prev, a) = parent[&cur];
        inputs.push(a);
        cur = prev;
    }
    inputs.reverse();
    inputs
}

/// lmcs06counter1 (HWMCC'17: 6 inputs, 11 latches reset to 0, one justice property, no
/// fairness nor constraints) is `unsafe`. An explicit-state search finds a lasso: a reachable
/// state `s` and a cycle through it that meets each literal of j0 on some step. The replay
/// accepts it.
#[test]
fn a_lasso_of_a_shared_benchmark_replays() {
    let Some(shared) = common::shared() else {
        return;
    };
    let file = shared.join("liveness/lmcs06counter1.aig");
    if !file.is_file() {
        return;
    }
    let m = Model::read(&file).unwrap();
    assert!(m.latches.iter().all(|l| l.reset == Reset::Zero));
    assert!(m.fairness.is_empty() && m.constraints.is_empty() && m.justice.len() == 1);
    let j = m.justice[0].clone();

    let mut g = Graph::new();
    let mut order = vec![0u64];
    let mut queued = HashSet::from([0u64]);
    let mut i = 0;
    while let Some(&s) = order.get(i) {
        i += 1;
        let steps: Vec<_> = (0..1u64 << m.inputs.len())
            .map(|a| {
                let (t, hit) = step(&m, s, a, &j);
                (a, t, hit)
            })
            .collect();
        for &(_, t, _) in &steps {
            if queued.insert(t) {
                order.push(t);
            }
        }
        g.insert(s, steps);
    }
    let mut back: HashMap<u64, Vec<u64>> = HashMap::new();
    for (&u, v) in &g {
        for &(_, t, _) in v {
            back.entry(t).or_default().push(u);
        }
    }
    // A state s and a cycle through it meeting every literal: from s, for each literal in
    // turn, the nearest step meeting it whose target still leads back to s; then back to s.
    let found = order.iter().find_map(|&s| {
        let mut comes_back = HashSet::from([s]);
        let mut queue = VecDeque::from([s]);
        while let Some(t) = queue.pop_front() {
            for &u in back.get(&t).into_iter().flatten() {
                if comes_back.insert(u) {
                    queue.push_back(u);
                }
            }
        }
        let mut cur = s;
        let mut cycle = Vec::new();
        for k in 0..j.len() {
            let from_cur = reach(&g, cur);
            let (u, a, t) = order
                .iter()
                .filter(|u| from_cur.contains_key(u))
                .flat_map(|&u| g[&u].iter().map(move |&(a, t, h)| (u, a, t, h)))
                .find(|&(_, _, t, h)| h >> k & 1 == 1 && comes_back.contains(&t))
                .map(|(u, a, t, _)| (u, a, t))?;
            cycle.extend(path_to(&from_cur, cur, u));
            cycle.push(a);
            cur = t;
        }
        cycle.extend(path_to(&reach(&g, cur), cur, s));
        Some((s, cycle))
    });
    let (s, cycle) = found.expect("lmcs06counter1 is unsafe: a lasso exists");
    assert!(!cycle.is_empty());
    let stem = path_to(&reach(&g, 0), 0, s);
    let bits = |v: u64, n: usize| -> String {
        (0..n)
            .map(|k| if v >> k & 1 == 1 { '1' } else { '0' })
            .collect()
    };
    let mut text = format!("1\nj0\n{}\n", bits(0, m.latches.len()));
    for &v in stem.iter().chain(&cycle) {
        text += &bits(v, m.inputs.len());
        text.push('\n');
    }
    text += ".\n";
    let r = lasso(&m, &text, 0).unwrap_or_else(|e| panic!("{e}\n{text}"));
    eprintln!("lmcs06counter1: {}", r.summary());
    // A shortest stem does not pass through s, so the first loop start is the stem's end (the
    // cycle may pass through s again; the latest start that works is reported).
    assert_eq!(r.candidates[0], stem.len());
}
