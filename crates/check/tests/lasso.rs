//! Lasso (justice-property) witnesses replayed on small hand-written AIGER 1.9 models whose
//! runs are known by construction: accepted lassos, and each way a lasso can be wrong.

use pdrkit_check::{
    parse_witness, replay_lasso, LassoError, LassoReport, LoopHit, LoopLiteral, Model, ReplayError,
};

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
