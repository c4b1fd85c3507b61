//! Witness reading and replay on a hand-written BTOR2 model: a counter, a free state, an array
//! state initialised with a constant element, a state without init; the rules of btorsim's
//! checking mode (init values, next values, free states, inputs defaulting to 0, constraints).

use pdrkit_check::{
    parse_btor2, parse_btor2_witness, parse_btor2_witnesses, replay_btor2, simulate_btor2,
    Btor2Error, Btor2Model, Btor2ReplayError, Btor2Value, Btor2WitnessError, Bv,
};

const MODEL: &str = "\
; a counter that adds `in` when `en`, a memory that records it at `ptr`
1 sort bitvec 1
2 sort bitvec 4
3 sort bitvec 2
4 sort array 3 2
5 input 2 in
6 input 1 en
7 zero 2
8 consth 2 3
9 state 2 cnt
10 init 2 9 7
11 add 2 9 5
12 ite 2 6 11 9
13 next 2 9 12
14 state 2 free ; no init, no next
15 state 4 mem
16 init 4 15 8
17 state 3 ptr
18 one 3
19 add 3 17 18
20 next 3 17 19
21 write 4 15 17 9
22 next 4 15 21
23 constd 2 5
24 eq 1 9 23
25 bad 24 cnt_is_5
26 ones 2
27 neq 1 14 26
28 constraint 27
29 const 3 01
30 read 2 15 29
31 constd 2 2
32 eq 1 30 31
33 bad 32 mem1_is_2
34 output 9 cnt_out
";

const WITNESS: &str = "\
sat
b0
#0
0 0000 cnt
1 0001
2 [*] 0011
3 00
@0
0 0010
1 1
#1
1 0110
@1
0 0011 in
1 1
@2
.
";

fn model() -> Btor2Model {
    parse_btor2(MODEL).unwrap()
}

fn replay_text(text: &str) -> Result<pdrkit_check::Btor2Replay, Btor2ReplayError> {
    replay_btor2(&model(), &parse_btor2_witness(text).unwrap())
}

#[test]
fn the_model_is_read() {
    let m = model();
    assert_eq!(m.states.len(), 4);
    assert_eq!(m.inputs.len(), 2);
    assert_eq!(m.bads.len(), 2);
    assert_eq!(m.constraints.len(), 1);
    assert_eq!(m.outputs.len(), 1);
    assert_eq!(m.nodes[m.bads[0]].symbol.as_deref(), Some("cnt_is_5"));
    assert_eq!(m.nodes[m.states[0]].symbol.as_deref(), Some("cnt"));
    assert_eq!(m.nodes[m.states[1]].symbol.as_deref(), Some("free"));
}

#[test]
fn a_valid_witness_replays() {
    let r = replay_text(WITNESS).unwrap();
    assert_eq!(r.hits, vec![(0, 2)]);
    assert_eq!((r.steps, r.bad_step), (3, 2));
    // As btorsim.py reports: `free` at #2, `in` and `en` at @2 taken as 0.
    assert_eq!((r.defaulted_states, r.defaulted_inputs), (1, 2));
    // Both properties, on one line or on two.
    for head in [
        "sat\nb0 b1\n",
        "sat\nb0\nb1\n",
        "junk before\nsat\n; c\nb1\n",
    ] {
        let text = WITNESS.replacen("sat\nb0\n", head, 1);
        let r = replay_text(&text).unwrap_or_else(|e| panic!("{head}: {e}"));
        assert_eq!(r.bad_step, 2, "{head}");
        assert!(r.hits.contains(&(1, 2)), "{head}");
    }
    // rIC3 leaves out the last new-line.
    replay_text(WITNESS.trim_end()).unwrap();
}

#[test]
fn simulation_gives_every_value() {
    let m = model();
    let s = simulate_btor2(&m, &parse_btor2_witness(WITNESS).unwrap()).unwrap();
    let cnt: Vec<String> = s.states.iter().map(|st| st[0].bv().to_bits()).collect();
    assert_eq!(cnt, ["0000", "0010", "0101"]);
    let free: Vec<String> = s.states.iter().map(|st| st[1].bv().to_bits()).collect();
    assert_eq!(free, ["0001", "0110", "0000"]); // not listed at #2: 0
    let Btor2Value::Array(mem) = &s.states[2][2] else {
        panic!("an array");
    };
    assert_eq!(mem.read(&Bv::from_bits("00").unwrap()).to_bits(), "0000");
    assert_eq!(mem.read(&Bv::from_bits("01").unwrap()).to_bits(), "0010");
    assert_eq!(mem.read(&Bv::from_bits("11").unwrap()).to_bits(), "0011");
    assert_eq!(
        s.bads,
        vec![vec![false, false], vec![false, false], vec![true, true]]
    );
    assert_eq!(s.inputs[2][0].bv().to_bits(), "0000"); // '@2' lists nothing
}

#[test]
fn init_values_must_match() {
    let e = replay_text(&WITNESS.replace("0 0000 cnt", "0 0001 cnt")).unwrap_err();
    assert!(
        matches!(
            e,
            Btor2ReplayError::InitMismatch {
                line: 4,
                position: 0
            }
        ),
        "{e}"
    );
    let e = replay_text(&WITNESS.replace("2 [*] 0011", "2 [*] 0100")).unwrap_err();
    assert!(
        matches!(e, Btor2ReplayError::InitMismatch { position: 2, .. }),
        "{e}"
    );
    replay_text(&WITNESS.replace("2 [*] 0011", "2 [10] 0011")).unwrap();
    let e = replay_text(&WITNESS.replace("2 [*] 0011", "2 [10] 0001")).unwrap_err();
    assert!(matches!(e, Btor2ReplayError::InitMismatch { .. }), "{e}");
}

#[test]
fn next_values_must_match_and_free_states_are_free() {
    replay_text(&WITNESS.replace("1 0110\n", "1 0110\n0 0010\n3 01\n")).unwrap();
    let e = replay_text(&WITNESS.replace("1 0110\n", "1 0110\n0 0011\n")).unwrap_err();
    assert!(
        matches!(
            e,
            Btor2ReplayError::NextMismatch {
                step: 1,
                position: 0,
                ..
            }
        ),
        "{e}"
    );
    // The free state violates the constraint at step 1.
    let e = replay_text(&WITNESS.replace("1 0110\n", "1 1111\n")).unwrap_err();
    assert!(
        matches!(
            e,
            Btor2ReplayError::ConstraintViolated {
                constraint: 0,
                line: 29,
                step: 1,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn wrong_traces_are_rejected() {
    // An input bit flipped: the counter misses 5.
    let e = replay_text(&WITNESS.replace("0 0011 in", "0 0111 in")).unwrap_err();
    assert!(
        matches!(e, Btor2ReplayError::NotReached { frames: 3, .. }),
        "{e}"
    );
    // Cut before the bad step.
    let e = replay_text(&WITNESS.replace("@2\n", "")).unwrap_err();
    assert!(
        matches!(e, Btor2ReplayError::NotReached { frames: 2, .. }),
        "{e}"
    );
    // A bad the model does not have.
    let e = replay_text(&WITNESS.replacen("b0", "b2", 1)).unwrap_err();
    assert!(
        matches!(e, Btor2ReplayError::NoSuchBad { bad: 2, count: 2 }),
        "{e}"
    );
    // The memory bad needs ptr = 0 at step 0.
    let e = replay_text(&WITNESS.replacen("b0", "b1", 1).replace("3 00\n", "3 01\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "b1 not reached within the 3 frame(s) of the witness"
    );
    // Justice is not checked.
    let e = replay_text(&WITNESS.replacen("b0", "j0", 1)).unwrap_err();
    assert!(matches!(e, Btor2ReplayError::Justice(0)), "{e}");
}

#[test]
fn assignments_must_fit_the_model() {
    for (from, to) in [
        ("0 0010\n", "7 0010\n"),     // no input 7
        ("0 0010\n", "0 010\n"),      // 3 bits for 4
        ("3 00\n", "3 [0] 00\n"),     // an index for a bit vector
        ("2 [*] 0011", "2 [1] 0011"), // a 1-bit index for a 2-bit one
        ("2 [*] 0011", "2 [*] 011"),  // a 3-bit element
        ("1 1\n#1", "1 1\n1 0\n#1"),  // an input assigned twice
    ] {
        let e = replay_text(&WITNESS.replacen(from, to, 1)).unwrap_err();
        assert!(
            matches!(
                e,
                Btor2ReplayError::Position { .. } | Btor2ReplayError::Assignment { .. }
            ),
            "{to}: {e}"
        );
    }
}

/// A file of several witnesses (one per violated property, as `check --each-property` writes
/// them) is read witness by witness; after a `.` only comments, blank lines or the next `sat`
/// may follow.
#[test]
fn a_file_of_several_witnesses() {
    let second = WITNESS.replacen("b0", "b1", 1);
    let text = format!("{WITNESS}\n; the next one\n{second}\n");
    let all = parse_btor2_witnesses(&text).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(
        (all[0].bads.clone(), all[1].bads.clone()),
        (vec![0], vec![1])
    );
    for w in &all {
        assert_eq!(replay_btor2(&model(), w).unwrap().bad_step, 2);
    }
    // One witness alone is a file of one; the single reader takes the first of several.
    assert_eq!(parse_btor2_witnesses(WITNESS).unwrap().len(), 1);
    assert_eq!(parse_btor2_witness(&text).unwrap(), all[0]);
    // Anything else after a witness is an error naming its line (WITNESS has 17 lines).
    match parse_btor2_witnesses(&format!("{WITNESS}\n@0\n")) {
        Err(Btor2WitnessError::Malformed { line: 19, .. }) => {}
        other => panic!("{other:?}"),
    }
    // A broken second witness is reported at its own line.
    match parse_btor2_witnesses(&format!("{WITNESS}sat\nb0\n@3\n.\n")) {
        Err(Btor2WitnessError::Malformed { line: 20, .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn malformed_witnesses_are_rejected() {
    use Btor2WitnessError::*;
    let cases: Vec<(String, Btor2WitnessError)> = vec![
        ("b0\n.\n".into(), NoSat),
        ("b0\n@0\n.\n".into(), NoHeader { line: 2 }),
        ("unsat\n".into(), Unsat),
        ("#0\nsat\n".into(), NoHeader { line: 1 }),
        ("sat\n".into(), NoProperties),
        (WITNESS.replace(".\n", ""), NoEnd),
        ("sat\nb0\n.\n".into(), NoFrames),
        ("sat\nb0\n@0\n#1\n.\n".into(), NoInputPart { frame: 1 }),
    ];
    for (text, want) in cases {
        assert_eq!(parse_btor2_witness(&text).unwrap_err(), want, "{text}");
    }
    for (text, line) in [
        ("sat\nbx\n@0\n.\n", 2),
        ("sat\nb0\n@1\n.\n", 3),
        ("sat\nb0\n#0\n#0\n@0\n.\n", 4),
        ("sat\nb0\n0 1\n@0\n.\n", 3),
        ("sat\nb0\n@0\n0 12\n.\n", 4),
        ("sat\nb0\n@0\nx 1\n.\n", 4),
        ("sat\nb0\n@0\n0 [1\n.\n", 4),
    ] {
        match parse_btor2_witness(text) {
            Err(Btor2WitnessError::Malformed { line: l, .. }) => assert_eq!(l, line, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn malformed_models_are_rejected_with_their_line() {
    for (text, line) in [
        ("1 sort bitvec 4\n2 input 1\n2 input 1\n", 3),
        ("1 sort bitvec 4\n2 input 7\n", 2),
        ("1 sort bitvec 4\n2 input 1\n3 add 1 2 9\n", 3),
        (
            "1 sort bitvec 4\n2 sort bitvec 1\n3 input 1\n4 add 2 3 3\n",
            4,
        ),
        ("1 sort bitvec 4\n2 input 1\n3 bad 2\n", 3),
        ("1 sort bitvec 4\n2 input 1\n3 frobnicate 1 2\n", 3),
        ("1 sort bitvec 4\n2 input 1\n3 state 1\n4 init 1 3 2\n", 4),
        ("1 sort bitvec 4\n2 state 1\n3 zero 1\n4 init 1 2 3\n", 4),
        (
            "1 sort bitvec 4\n2 zero 1\n3 state 1\n4 next 1 3 2\n5 next 1 3 2\n",
            5,
        ),
        ("1 sort bitvec 4\n2 input 1\n3 slice 1 2 4 0\n", 3),
        ("1 sort bitvec 4\n2 input 1\n3 next 1 2 2\n", 3),
        (
            "1 sort bitvec 4\n2 sort array 1 1\n3 state 2\n4 not 2 -3\n",
            4,
        ),
        // A width no memory holds is refused at once.
        ("1 sort bitvec 4\n2 sort bitvec 4000000000\n", 2),
    ] {
        let e: Btor2Error = parse_btor2(text).unwrap_err();
        assert!(
            e.to_string().starts_with(&format!("line {line}:")),
            "{text}: {e}"
        );
    }
}

#[test]
fn no_machine_path_in_the_crate() {
    let needle = concat!("/wo", "rk/");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.to_path_buf()];
    let mut seen = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(text) = std::fs::read_to_string(&p) {
                seen += 1;
                assert!(
                    !text.contains(needle),
                    "{} holds a machine path",
                    p.display()
                );
            }
        }
    }
    assert!(seen > 10);
}

/// Every single-token corruption of the model and of the witness is either rejected with an
/// error or replays; none panics.
#[test]
fn corruptions_never_panic() {
    let replacements = [
        "0", "1", "-1", "-9", "2", "3", "65", "9999", "x", "[*]", "[1]", "",
    ];
    let corrupt = |text: &str, f: &mut dyn FnMut(String)| {
        let lines: Vec<&str> = text.lines().collect();
        for (li, line) in lines.iter().enumerate() {
            let toks: Vec<&str> = line.split_whitespace().collect();
            for ti in 0..toks.len() {
                for r in replacements {
                    let mut t = toks.clone();
                    t[ti] = r;
                    let mut l = lines.clone();
                    let joined = t.join(" ");
                    l[li] = &joined;
                    f(l.join("\n"));
                }
            }
        }
    };
    let w = parse_btor2_witness(WITNESS).unwrap();
    let mut parsed = 0;
    corrupt(MODEL, &mut |text| {
        if let Ok(m) = parse_btor2(&text) {
            parsed += 1;
            let _ = replay_btor2(&m, &w);
            let _ = simulate_btor2(&m, &w);
            let _ = pdrkit_check::evaluate_btor2(&m, &[], &[]);
        }
    });
    let m = model();
    let mut replayed = 0;
    corrupt(WITNESS, &mut |text| {
        if let Ok(w) = parse_btor2_witness(&text) {
            if replay_btor2(&m, &w).is_ok() {
                replayed += 1;
            }
            let _ = simulate_btor2(&m, &w);
        }
    });
    assert!(parsed > 0 && replayed > 0);
}

/// `init` with an expression (not a constant): over earlier states' initial values, the free
/// ones as the witness's frame 0 gives them, as btorsim.py evaluates it. A listed frame-0
/// value of such a state must match the expression's.
#[test]
fn init_expressions_are_evaluated() {
    let m = parse_btor2(
        "1 sort bitvec 4\n2 constd 1 5\n3 state 1 a\n4 init 1 3 2\n5 state 1 free\n\
         6 one 1\n7 add 1 3 6\n8 xor 1 7 5\n9 state 1 b\n10 init 1 9 8\n\
         11 next 1 3 3\n12 next 1 9 9\n13 sort bitvec 1\n14 eq 13 9 2\n15 bad 14\n",
    )
    .unwrap();
    // b starts at (a + 1) xor free = 6 xor free.
    let sim = |free: &str, b: Option<&str>| {
        let listed = b.map_or(String::new(), |b| format!("2 {b}\n"));
        let w = format!("sat\nb0\n#0\n1 {free}\n{listed}@0\n.\n");
        simulate_btor2(&m, &parse_btor2_witness(&w).unwrap())
    };
    let s = sim("0011", None).unwrap();
    assert_eq!(s.states[0][2], Btor2Value::Bv(Bv::from_u64(4, 6 ^ 3)));
    assert_eq!(s.bads[0], vec![6 ^ 3 == 5]);
    // free = 3: b = 5, the bad state, at step 0.
    let w = "sat\nb0\n#0\n1 0011\n@0\n.\n";
    let r = replay_btor2(&m, &parse_btor2_witness(w).unwrap()).unwrap();
    assert_eq!(r.bad_step, 0);
    // b listed at its init value is accepted; at another, rejected.
    assert!(sim("0011", Some("0101")).is_ok());
    assert!(matches!(
        sim("0011", Some("0110")),
        Err(Btor2ReplayError::InitMismatch { position: 2, .. })
    ));
}
