//! Bytes into the witness reader; every witness it accepts is written back and read again, and
//! replayed on three small fixed models, where `replay`'s verdict is compared with a simulation
//! written here from the AIGER semantics.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use pdrkit_check::{
    aiger, parse_witness, replay, Bit, Model as Aig, Replay, ReplayError, Reset, Witness,
};

/// Two inputs; latches resetting to 0, to 1 and uninitialized; two bad properties and an
/// invariant constraint `¬(i0 ∧ i1)`.
const SEQUENTIAL: &str = "aag 8 2 3 0 3 2 1
2
4
6 2
8 6 1
10 13 10
12
14
17
12 6 8
14 10 4
16 2 4
";

/// No latches: the initial state is an empty line; the property is an output.
const COMBINATIONAL: &str = "aag 3 2 0 1 1
2
4
6
6 2 5
";

/// No inputs: every input vector is an empty line; a toggling latch is bad.
const NO_INPUTS: &str = "aag 1 0 1 0 0 1
2 3
2
";

fn models() -> &'static [Aig] {
    static MODELS: OnceLock<Vec<Aig>> = OnceLock::new();
    MODELS.get_or_init(|| {
        [SEQUENTIAL, COMBINATIONAL, NO_INPUTS]
            .iter()
            .map(|m| aiger::parse(m.as_bytes()).expect("fixed model must parse"))
            .collect()
    })
}

fn bit_char(b: Bit) -> char {
    match b {
        Bit::Zero => '0',
        Bit::One => '1',
        Bit::X => 'x',
    }
}

/// The witness in the file format.
fn write(w: &Witness) -> String {
    let mut s = String::new();
    for c in &w.comments {
        s.push_str("c ");
        s.push_str(c);
        s.push('\n');
    }
    s.push_str("1\n");
    let names: Vec<String> = w.properties.iter().map(|p| format!("b{p}")).collect();
    s.push_str(&names.join(" "));
    s.push('\n');
    s.extend(w.init.iter().copied().map(bit_char));
    s.push('\n');
    for v in &w.inputs {
        s.extend(v.iter().copied().map(bit_char));
        s.push('\n');
    }
    s.push_str(".\n");
    s
}

/// What replay must answer, by direct simulation: `Ok` with the replay's report, or `Err` with
/// the kind of error (its variant name).
fn expected(aig: &Aig, w: &Witness) -> Result<Replay, &'static str> {
    let props = aig.properties();
    if w.properties.iter().any(|&p| p >= props.len()) {
        return Err("UnknownProperty");
    }
    if w.init.len() != aig.latches.len() {
        return Err("LatchCount");
    }
    for (l, &b) in aig.latches.iter().zip(&w.init) {
        match (l.reset, b) {
            (Reset::Zero, Bit::One) | (Reset::One, Bit::Zero) => return Err("ResetMismatch"),
            _ => {}
        }
    }
    if w.inputs.iter().any(|v| v.len() != aig.inputs.len()) {
        return Err("InputCount");
    }
    if w.inputs.is_empty() {
        return Err("EmptyTrace");
    }
    let mut val = vec![false; aig.max_var as usize + 1];
    let lit = |val: &[bool], l: pdrkit_logic::Lit| val[l.var().idx()] ^ l.is_neg();
    for (l, &b) in aig.latches.iter().zip(&w.init) {
        val[l.lit.var().idx()] = match l.reset {
            Reset::Zero => false,
            Reset::One => true,
            Reset::Uninit => b == Bit::One,
        };
    }
    let mut first = vec![None; w.properties.len()];
    let mut last = vec![false; w.properties.len()];
    for (step, v) in w.inputs.iter().enumerate() {
        for (l, &b) in aig.inputs.iter().zip(v) {
            val[l.var().idx()] = b == Bit::One;
        }
        for g in &aig.ands {
            val[g.lhs.var().idx()] = lit(&val, g.rhs0) && lit(&val, g.rhs1);
        }
        if aig.constraints.iter().any(|&c| !lit(&val, c)) {
            return Err("ConstraintViolated");
        }
        for (i, &p) in w.properties.iter().enumerate() {
            last[i] = lit(&val, props[p]);
            if last[i] && first[i].is_none() {
                first[i] = Some(step);
            }
        }
        let next: Vec<bool> = aig.latches.iter().map(|l| lit(&val, l.next)).collect();
        for (l, n) in aig.latches.iter().zip(next) {
            val[l.lit.var().idx()] = n;
        }
    }
    let mut hits = Vec::new();
    for (&p, f) in w.properties.iter().zip(&first) {
        match f {
            Some(s) => hits.push((p, *s)),
            None => return Err("NotReached"),
        }
    }
    Ok(Replay {
        steps: w.inputs.len(),
        first_bad_step: hits.iter().map(|h| h.1).min().unwrap_or(0),
        hits,
        bad_at_last_step: last.iter().all(|&b| b),
    })
}

fn kind(e: &ReplayError) -> &'static str {
    match e {
        ReplayError::Model(_) => "Model",
        ReplayError::UnknownProperty { .. } => "UnknownProperty",
        ReplayError::LatchCount { .. } => "LatchCount",
        ReplayError::ResetMismatch { .. } => "ResetMismatch",
        ReplayError::InputCount { .. } => "InputCount",
        ReplayError::EmptyTrace { .. } => "EmptyTrace",
        ReplayError::ConstraintViolated { .. } => "ConstraintViolated",
        ReplayError::NotReached { .. } => "NotReached",
    }
}

fuzz_target!(|data: &[u8]| {
    let w = match parse_witness(data) {
        Ok(w) => w,
        Err(e) => {
            // Every rejection has a message naming a line.
            let msg = e.to_string();
            assert!(!msg.is_empty());
            return;
        }
    };
    assert!(!w.properties.is_empty(), "a witness names a property");
    assert!(w.property_line >= 1 && w.init_line == w.property_line + 1);
    assert_eq!(w.first_input_line, w.init_line + 1);

    // Written back and read again: the same witness up to line numbers.
    let text = write(&w);
    let back = parse_witness(text.as_bytes())
        .unwrap_or_else(|e| panic!("the written witness {text:?} does not parse: {e}"));
    assert_eq!(back.comments, w.comments);
    assert_eq!(back.properties, w.properties);
    assert_eq!(back.init, w.init);
    assert_eq!(back.inputs, w.inputs);

    for aig in models() {
        let got = replay(aig, &w);
        let want = expected(aig, &w);
        match (&got, &want) {
            (Ok(g), Ok(x)) => assert_eq!(g, x),
            (Err(e), Err(k)) => {
                assert_eq!(kind(e), *k, "replay: {e}");
                assert!(!e.to_string().is_empty());
            }
            _ => panic!("replay gave {got:?}, the simulation {want:?}"),
        }
    }
});
