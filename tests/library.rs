//! How to use pdrkit as a library: build a model in code (no file), turn it into a transition
//! system, run IC3 (and BMC), and have every answer confirmed by the independent checker —
//! counterexamples replayed as AIGER witnesses, proofs checked as certifaiger certificates.
//!
//! The model is a 3-bit counter `x2 x1 x0` with inputs `enable` (count up) and `reset` (back to
//! 0); the bad state is the value 7. As built it is unsafe (7 steps of `enable`); the safe
//! variant also clears the counter at 6, so 7 is never reached.

use pdrkit_engine::bmc::{self, BmcConfig, BmcStats};
use pdrkit_engine::ic3::{self, Ic3Config, Ic3Stats};
use pdrkit_engine::{Control, Outcome, Reason};
use pdrkit_logic::Lit;
use pdrkit_suite::checker_model;
use pdrkit_ts::{aiger, Aig, Latch, Reset, TransitionSystem};

/// `a xor b` from three AND gates.
fn xor(aig: &mut Aig, a: Lit, b: Lit) -> Lit {
    let both = aig.add_and(a, b);
    let neither = aig.add_and(!a, !b);
    aig.add_and(!both, !neither)
}

/// The counter; `wrap_at_6`: clear it when it reaches 6 (the safe variant).
fn counter(wrap_at_6: bool) -> Aig {
    let mut aig = Aig::default();
    // Variables are numbered from 1 in order: inputs, then latches, then gates.
    let enable = aig.new_var().lit();
    let reset = aig.new_var().lit();
    aig.inputs = vec![enable, reset];
    let x: Vec<Lit> = (0..3).map(|_| aig.new_var().lit()).collect();
    for &lit in &x {
        // The next-state function is set below, once its gates exist.
        aig.latches.push(Latch {
            lit,
            next: Lit::FALSE,
            reset: Reset::Zero,
        });
    }
    let mut clear = reset;
    if wrap_at_6 {
        let x21 = aig.add_and(x[2], x[1]);
        let six = aig.add_and(x21, !x[0]);
        // clear = reset | six
        clear = !aig.add_and(!reset, !six);
    }
    let mut carry = enable;
    for (k, &xk) in x.iter().enumerate() {
        let sum = xor(&mut aig, xk, carry);
        aig.latches[k].next = aig.add_and(sum, !clear);
        carry = aig.add_and(xk, carry);
    }
    let x01 = aig.add_and(x[0], x[1]);
    let seven = aig.add_and(x01, x[2]);
    // The property: the bad-state literal (B section).
    aig.bads.push(seven);
    aig
}

/// Runs IC3 with the default options and no time limit.
fn run_ic3(ts: &TransitionSystem) -> (Outcome, Ic3Stats) {
    let mut stats = Ic3Stats::default();
    let outcome = ic3::check(ts, &Ic3Config::default(), &Control::new(), &mut stats);
    (outcome, stats)
}

#[test]
fn unsafe_counter_gives_a_witness_the_checker_replays() {
    let aig = counter(false);
    // All properties at once (`None`); `Some(k)` would check the k-th alone.
    let ts = TransitionSystem::from_aig(&aig, None).expect("a safety model");
    assert_eq!((ts.num_inputs(), ts.num_latches()), (2, 3));

    let (outcome, _) = run_ic3(&ts);
    assert_eq!(outcome.word(), "sat");
    let Outcome::Unsafe(trace) = outcome else {
        unreachable!()
    };
    // The engine's own check: simulate the trace on the transition system; it names the
    // failing property.
    let property = trace
        .validate(&ts)
        .expect("the trace reaches the bad state");
    assert_eq!(property, 0);
    assert!(trace.depth() >= 7, "7 is 7 increments away: {trace:?}");

    // The independent check: the AIGER witness, replayed on the model itself.
    let witness = trace.to_witness(&ts, &aig, property);
    assert!(witness.starts_with("1\nb0\n000\n"), "{witness}");
    let parsed = pdrkit_check::parse_witness(witness.as_bytes()).expect("a well-formed witness");
    let replay = pdrkit_check::replay(&checker_model(&aig), &parsed)
        .expect("the checker accepts the witness");
    assert!(replay.bad_at_last_step);
    assert_eq!(replay.steps, trace.depth() + 1);

    // A witness that stops counting is rejected.
    let mut short = parsed.clone();
    short.inputs.pop();
    assert!(pdrkit_check::replay(&checker_model(&aig), &short).is_err());

    // BMC finds the shortest counterexample: exactly 7 steps of `enable`, no `reset`.
    let mut st = BmcStats::default();
    let Outcome::Unsafe(shortest) =
        bmc::check(&ts, &BmcConfig::default(), &Control::new(), &mut st)
    else {
        panic!("bmc misses the counterexample")
    };
    assert_eq!(shortest.depth(), 7);
    for step in &shortest.inputs[..7] {
        let (enable, reset) = (step[0], step[1]);
        assert!(enable && !reset, "{shortest:?}");
    }
}

#[test]
fn safe_counter_gives_a_certificate_the_checker_accepts() {
    let aig = counter(true);
    let ts = TransitionSystem::from_aig(&aig, None).expect("a safety model");
    let (outcome, stats) = run_ic3(&ts);
    assert_eq!(outcome.word(), "unsat", "{outcome:?}");
    let Outcome::Safe(proof) = outcome else {
        unreachable!()
    };
    assert!(stats.frames >= 1);
    assert!(!proof.is_empty(), "7 is not combinationally unreachable");

    // The inductive invariant, over the model's latch literals, as a certificate circuit
    // (certifaiger format) checked by fresh SAT queries of the independent checker.
    let invariant = proof
        .invariant_in_model(&ts, &aig)
        .expect("IC3 proves with an inductive invariant");
    let certificate = pdrkit_ts::certificate::witness_circuit(&aig, &invariant);
    pdrkit_check::check_certificate(&checker_model(&aig), &checker_model(&certificate))
        .expect("the certificate is valid");

    // The same certificate does not prove the unsafe counter safe.
    assert!(pdrkit_check::check_certificate(
        &checker_model(&counter(false)),
        &checker_model(&certificate)
    )
    .is_err());
    // Nor is a false claim accepted: "x0 is always 0" holds initially but is not inductive
    // (enable counts to 1), and the invariant `false` excludes the initial state.
    let x0 = aig.latches[0].lit;
    for wrong in [vec![vec![!x0]], vec![vec![]]] {
        let cert = pdrkit_ts::certificate::witness_circuit(&aig, &wrong);
        assert!(
            pdrkit_check::check_certificate(&checker_model(&aig), &checker_model(&cert)).is_err(),
            "{wrong:?}"
        );
    }
    // Here the property itself happens to be inductive (from 6 the counter clears), so the
    // empty invariant (`true`) is a valid certificate too.
    let plain = pdrkit_ts::certificate::witness_circuit(&aig, &[]);
    pdrkit_check::check_certificate(&checker_model(&aig), &checker_model(&plain))
        .expect("!7 is inductive");

    // BMC cannot prove safety: it stops at its bound with unknown.
    let cfg = BmcConfig {
        bound: Some(12),
        ..BmcConfig::default()
    };
    let mut st = BmcStats::default();
    let o = bmc::check(&ts, &cfg, &Control::new(), &mut st);
    assert_eq!(o.word(), "unknown");
    assert_eq!(st.depth, Some(12));
}

/// A model built in code can be written as an AIGER file and read back; engines answer the
/// same on both.
#[test]
fn models_round_trip_through_aiger() {
    for (wrap, word) in [(false, "sat"), (true, "unsat")] {
        let aig = counter(wrap);
        let text = aiger::write_aag(&aig);
        assert!(text.starts_with(b"aag "));
        let back = aiger::parse(&text).expect("the writer's output parses");
        assert_eq!(back.latches, aig.latches);
        assert_eq!(back.bads, aig.bads);
        let ts = TransitionSystem::from_aig(&back, None).unwrap();
        assert_eq!(run_ic3(&ts).0.word(), word);
        // The explicit-state reference agrees.
        let truth = pdrkit_suite::explicit_search(&back, None);
        assert_eq!(truth.shortest_cex, (!wrap).then_some(7));
    }
}

/// Pigeon hole `p` into `p - 1` as a combinational bad-state property (inputs only): the first
/// SAT call of every engine is unsatisfiable and takes CDCL hours for `p` = 13.
fn pigeons(p: usize) -> Aig {
    let holes = p - 1;
    let mut aig = Aig::default();
    let x: Vec<Vec<Lit>> = (0..p)
        .map(|_| (0..holes).map(|_| aig.new_var().lit()).collect())
        .collect();
    aig.inputs = x.iter().flatten().copied().collect();
    let mut bad = Lit::TRUE;
    for row in &x {
        // Every pigeon sits in some hole.
        let none = row.iter().fold(Lit::TRUE, |acc, &v| aig.add_and(acc, !v));
        bad = aig.add_and(bad, !none);
    }
    for (a, first) in x.iter().enumerate() {
        for second in &x[a + 1..] {
            for (&u, &v) in first.iter().zip(second) {
                // No two share a hole.
                let both = aig.add_and(u, v);
                bad = aig.add_and(bad, !both);
            }
        }
    }
    aig.bads.push(bad);
    aig
}

/// A front end (or the portfolio's winner) stops a run that is inside one long SAT call: the
/// call is interrupted, and the engine answers unknown at once instead of after hours.
#[test]
fn stop_interrupts_a_sat_call_in_progress() {
    use pdrkit_engine::kind::KindConfig;
    use pdrkit_engine::portfolio;
    use std::sync::mpsc;
    use std::time::Duration;

    let aig = pigeons(13);
    let ts = TransitionSystem::from_aig(&aig, None).unwrap();
    let workers = portfolio::workers(&Ic3Config::default(), &KindConfig::kipdr(), 2);
    for engine in ["bmc", "ic3", "portfolio"] {
        let ctl = Control::new();
        let (done, answer) = mpsc::channel();
        let (ts, workers, run) = (ts.clone(), workers.clone(), ctl.clone());
        std::thread::spawn(move || {
            let o = match engine {
                "bmc" => {
                    let mut st = BmcStats::default();
                    let o = bmc::check(&ts, &BmcConfig::default(), &run, &mut st);
                    // Stopped inside its first call, not between calls.
                    assert_eq!(
                        st.depth, None,
                        "bmc finished a call: the instance is too easy"
                    );
                    o
                }
                "ic3" => ic3::check(&ts, &Ic3Config::default(), &run, &mut Ic3Stats::default()),
                _ => portfolio::check(&ts, &workers, &run).outcome,
            };
            let _ = done.send(o);
        });
        std::thread::sleep(Duration::from_millis(200));
        ctl.stop();
        // Generous: only an engine that stays in the call for minutes fails.
        let o = answer
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{engine}: still running 60 s after the stop"));
        assert!(
            matches!(
                &o,
                Outcome::Unknown(Reason::Stopped { .. } | Reason::NoAnswer)
            ),
            "{engine}: {o:?}"
        );
    }
}

/// The one-call entry (`pdrkit_engine::check`, as `crates/engine/examples/front_end.rs` uses it): every engine
/// on the counter, answers confirmed by the checker; a malformed model is an error.
#[test]
fn one_call_check_with_every_engine() {
    use pdrkit_engine::{check, EngineChoice, Options};
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models/counter_unsafe.aag");
    let from_file = aiger::read_file(&file).unwrap();
    assert!(matches!(
        check(&from_file, &Options::default()),
        Ok(Outcome::Unsafe(_))
    ));
    for engine in [
        EngineChoice::Portfolio,
        EngineChoice::Ic3,
        EngineChoice::Bmc,
        EngineChoice::Kind,
        EngineChoice::Kipdr,
    ] {
        let opts = Options {
            engine,
            // BMC never ends on the safe counter: the limit is its bound.
            timeout: Some(std::time::Duration::from_secs(
                if engine == EngineChoice::Bmc { 1 } else { 20 },
            )),
            ..Options::default()
        };
        let bad = counter(false);
        match check(&bad, &opts) {
            Ok(Outcome::Unsafe(t)) => {
                let ts = TransitionSystem::from_aig(&bad, None).unwrap();
                let w = pdrkit_check::parse_witness(t.to_witness(&ts, &bad, 0).as_bytes()).unwrap();
                assert!(
                    pdrkit_check::replay(&checker_model(&bad), &w).is_ok(),
                    "{engine:?}"
                );
            }
            other => panic!("{engine:?} on the unsafe counter: {other:?}"),
        }
        let good = counter(true);
        match check(&good, &opts) {
            Ok(Outcome::Safe(p)) => {
                let ts = TransitionSystem::from_aig(&good, None).unwrap();
                if let Some(inv) = p.invariant_in_model(&ts, &good) {
                    let cert = pdrkit_ts::certificate::witness_circuit(&good, &inv);
                    assert!(
                        pdrkit_check::check_certificate(
                            &checker_model(&good),
                            &checker_model(&cert)
                        )
                        .is_ok(),
                        "{engine:?}"
                    );
                }
            }
            Ok(Outcome::Unknown(_)) if engine == EngineChoice::Bmc => {}
            other => panic!("{engine:?} on the safe counter: {other:?}"),
        }
    }
    let mut broken = counter(true);
    broken.bads.push(Lit::from_code(2 * (broken.max_var + 7)));
    assert!(matches!(
        check(&broken, &Options::default()),
        Err(pdrkit_ts::SystemError::Malformed(_))
    ));
    // Reset functions: the model itself is refused by name, its lowering is checked.
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/models/reset_fn_input_unsafe.aag");
    let with_function = aiger::read_file(&file).unwrap();
    assert!(matches!(
        check(&with_function, &Options::default()),
        Err(pdrkit_ts::SystemError::ResetFunction { latch: 0 })
    ));
    let low = with_function.lower_reset_functions().unwrap().unwrap();
    match check(&low.aig, &Options::default()) {
        Ok(Outcome::Unsafe(t)) => {
            let ts = TransitionSystem::from_aig(&low.aig, None).unwrap();
            let text = low.witness(&t.to_witness(&ts, &low.aig, 0));
            let w = pdrkit_check::parse_witness(text.as_bytes()).unwrap();
            assert!(pdrkit_check::replay(&checker_model(&with_function), &w).is_ok());
        }
        other => panic!("the lowered model: {other:?}"),
    }
}
