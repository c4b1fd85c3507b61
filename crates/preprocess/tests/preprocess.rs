//! Preprocessing on a model built in code: which latches and gates it merges (and which it must
//! not), and that the reduced system behaves like the model on random traces.

use pdrkit_logic::Lit;
use pdrkit_preprocess::{preprocess, PreprocessConfig};
use pdrkit_ts::{Aig, Latch, Merge, Reset, TransitionSystem};

/// Input `x`; latches `a` (reset 0, next `x ∨ a`), `b` (its twin), `c` (reset 1, next
/// `¬(x ∨ a)`: always `¬a`), `d` (reset 0, next `d`: always 0), `e` (uninitialized twin of `a`),
/// `k` (toggles). Gate `ax2 = (x ∧ a) ∧ x` equals `x ∧ a` without being hashed to it.
/// Properties: `a ∧ ¬b` (never), `e ∧ k` (reachable), `ax2 ∧ d` (never).
fn model() -> (Aig, [Lit; 6]) {
    let mut m = Aig::default();
    let x = m.new_var().lit();
    m.inputs.push(x);
    let l: Vec<Lit> = (0..6).map(|_| m.new_var().lit()).collect();
    let [a, b, c, d, e, k] = [l[0], l[1], l[2], l[3], l[4], l[5]];
    let a_next = !m.add_and(!x, !a);
    let ax = m.add_and(x, a);
    let ax2 = m.add_and(ax, x);
    let spec = [
        (a, a_next, Reset::Zero),
        (b, a_next, Reset::Zero),
        (c, !a_next, Reset::One),
        (d, d, Reset::Zero),
        (e, a_next, Reset::Uninit),
        (k, !k, Reset::Zero),
    ];
    for (lit, next, reset) in spec {
        m.latches.push(Latch { lit, next, reset });
    }
    let p0 = m.add_and(a, !b);
    let p1 = m.add_and(e, k);
    let p2 = m.add_and(ax2, d);
    m.bads = vec![p0, p1, p2];
    // Keep `ax` (and so `ax2`'s hashing partner) in the cone.
    let p3 = m.add_and(ax, c);
    m.bads.push(p3);
    (m, [a, b, c, d, e, k])
}

#[test]
fn latch_correspondence_merges_twins_opposites_and_constants_only() {
    let (m, _) = model();
    let (ts, st) = preprocess(&m, None, false, &PreprocessConfig::default()).unwrap();
    let mut merged = ts.merged.clone();
    merged.sort_by_key(|g| g.latch);
    assert_eq!(
        merged,
        vec![
            Merge {
                latch: 1,
                into: Some(0),
                negated: false
            },
            Merge {
                latch: 2,
                into: Some(0),
                negated: true
            },
            Merge {
                latch: 3,
                into: None,
                negated: false
            },
        ],
        "b = a, c = ¬a, d = 0; the uninitialized e and the toggling k stay"
    );
    assert_eq!((st.before.latches, st.after.latches), (6, 3));
    assert_eq!((st.scorr.constant, st.scorr.equal), (1, 2));
    assert!(!st.scorr.gave_up);
    // Clauses over the model's latch literals: b ↔ a, c ↔ ¬a, ¬d.
    let lits: Vec<Vec<Vec<Lit>>> = merged.iter().map(|g| g.clauses(&m)).collect();
    let [a, b, c, d] = [0, 1, 2, 3].map(|i| m.latches[i].lit);
    assert_eq!(lits[0], vec![vec![!b, a], vec![b, !a]]);
    assert_eq!(lits[1], vec![vec![!c, !a], vec![c, a]]);
    assert_eq!(lits[2], vec![vec![!d]]);
}

#[test]
fn sweeping_merges_a_gate_equal_to_an_earlier_one() {
    let (m, _) = model();
    let only_sweep = PreprocessConfig {
        scorr: false,
        sweep: true,
        ..PreprocessConfig::default()
    };
    let (ts, st) = preprocess(&m, None, false, &only_sweep).unwrap();
    assert!(ts.merged.is_empty());
    assert_eq!(st.sweep.merged, 1, "(x ∧ a) ∧ x is x ∧ a: {st:?}");
    assert_eq!(st.after.gates + 1, st.before.gates);
    let (_, off) = preprocess(&m, None, false, &PreprocessConfig::off()).unwrap();
    assert_eq!(off.after, off.before);
}

/// xorshift64*.
fn random(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

#[test]
fn the_reduced_system_behaves_like_the_model() {
    let (m, _) = model();
    let plain = TransitionSystem::from_aig(&m, None).unwrap();
    for first in [false, true] {
        let (red, _) = preprocess(&m, None, first, &PreprocessConfig::default()).unwrap();
        assert_eq!(red.first.is_some(), first);
        assert_eq!(red.input_origin, plain.input_origin);
        let mut rng = 7u64;
        for _ in 0..200 {
            // Same inputs, same start values for the latches both keep (e is uninitialized).
            let e0 = random(&mut rng) & 1 == 1;
            let start = |ts: &TransitionSystem| -> Vec<bool> {
                (0..ts.num_latches())
                    .map(|i| ts.init[i].unwrap_or(e0))
                    .collect()
            };
            let (mut s1, mut s2) = (start(&plain), start(&red));
            let (mut v1, mut v2) = (Vec::new(), Vec::new());
            for _ in 0..12 {
                let inputs = vec![random(&mut rng) & 1 == 1];
                plain.evaluate(&s1, &inputs, &mut v1);
                red.evaluate(&s2, &inputs, &mut v2);
                for (p, q) in plain.properties.iter().zip(&red.properties) {
                    assert_eq!(p.0, q.0);
                    assert_eq!(
                        TransitionSystem::value(&v1, p.1),
                        TransitionSystem::value(&v2, q.1),
                        "property {} differs",
                        p.0
                    );
                }
                s1 = plain
                    .next
                    .iter()
                    .map(|&n| TransitionSystem::value(&v1, n))
                    .collect();
                s2 = red
                    .next
                    .iter()
                    .map(|&n| TransitionSystem::value(&v2, n))
                    .collect();
            }
        }
    }
}

/// Reset functions (AIGER 1.9.23): preprocessing runs on the lowered model only (a system of
/// the model itself is refused), where a latch with a reset function is uninitialized and so
/// never a candidate: `f`, which starts at input `x`'s value and keeps it, is not taken for
/// the constant 0 that simulation from a reset of 0 would suggest; `a` (reset 0, kept) is.
#[test]
fn reset_functions_are_preprocessed_after_lowering() {
    let mut m = Aig::default();
    let x = m.new_var().lit();
    m.inputs.push(x);
    let (a, f) = (m.new_var().lit(), m.new_var().lit());
    m.latches.push(Latch {
        lit: a,
        next: a,
        reset: Reset::Zero,
    });
    m.latches.push(Latch {
        lit: f,
        next: f,
        reset: Reset::Function(x),
    });
    let bad = m.add_and(f, !a);
    m.bads.push(bad);
    assert!(matches!(
        preprocess(&m, None, false, &PreprocessConfig::default()),
        Err(pdrkit_ts::SystemError::ResetFunction { latch: 1 })
    ));
    let low = m.lower_reset_functions().unwrap().unwrap();
    let (ts, _) = preprocess(&low.aig, None, false, &PreprocessConfig::default()).unwrap();
    assert_eq!(
        ts.merged,
        vec![Merge {
            latch: 0,
            into: None,
            negated: false
        }]
    );
    assert!(ts.latch_origin.contains(&1), "f is kept");
    assert_eq!(ts.constraints.len(), 1, "the lowering's constraint");
}
