//! End-to-end runs of `pdrkit check` on liveness models (`tests/models/live_*.aag`). A fair
//! lasso is `sat` with a lasso witness the independent checker replayed (and `pdrkit replay`
//! accepts); a k-liveness proof (the default engine, `--engine klive`) is `unsat` with a
//! liveness certificate the checker accepted (and `pdrkit certify` accepts), and so is a
//! proof of the model reduced to safety by any engine (IC3 proves it again on the reduction
//! with the signals folded, whose invariant is the certificate).

use std::path::{Path, PathBuf};
use std::process::Output;

use pdrkit_suite::{describe, first_line, models_dir, pdrkit, stderr};

fn check(model: &str, extra: &[&str]) -> Output {
    let path = models_dir().join(model);
    let mut args = vec!["check".to_string(), path.display().to_string()];
    args.extend(extra.iter().map(|s| s.to_string()));
    pdrkit(&args)
}

fn assert_unknown(what: &str, o: &Output, line: &str) {
    assert_eq!(o.status.code(), Some(30), "{}", describe(what, o));
    assert_eq!(first_line(o), "unknown", "{}", describe(what, o));
    assert!(stderr(o).contains(line), "{}", describe(what, o));
}

const ENGINES: &[&[&str]] = &[
    &[],
    &["--engine", "l2s"],
    &["--engine", "ic3"],
    &["--engine", "bmc", "--bound", "5"],
    &["--engine", "kind"],
    &["--engine", "kipdr"],
];

/// `sat` (exit 10) with a lasso witness that `pdrkit replay` accepts, for every engine.
fn assert_lasso(model: &Path, extra: &[&str], scratch: &Path) {
    let w = scratch.join("lasso.wit");
    let mut args = vec![
        "check".to_string(),
        model.display().to_string(),
        "--witness".into(),
        w.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let o = pdrkit(&args);
    let what = format!("{} {extra:?}", model.display());
    assert_eq!(o.status.code(), Some(10), "{}", describe(&what, &o));
    assert_eq!(first_line(&o), "sat", "{}", describe(&what, &o));
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(text.starts_with("1\nj0\n"), "{what}: {text}");
    let r = pdrkit(["replay".as_ref(), model.as_os_str(), w.as_os_str()]);
    assert_eq!(r.status.code(), Some(0), "{}", describe(&what, &r));
    assert!(
        first_line(&r).starts_with("ok: j0"),
        "{}",
        describe(&what, &r)
    );
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("pdrkit-liveness")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn fair_lassos_are_sat_with_a_checked_witness() {
    let dir = scratch("lassos");
    for model in ["live_toggle_sat.aag", "live_reset_fn_sat.aag"] {
        for engine in ENGINES {
            assert_lasso(&models_dir().join(model), engine, &dir);
        }
    }
    // Shared HWMCC'17 files with a known fair lasso: two justice literals, fairness
    // constraints (skipped without the shared data).
    let shared = pdrkit_suite::repo_root().join("../shared/liveness");
    if !shared.is_dir() {
        eprintln!("note: ../shared/liveness absent: hand-written models only");
        return;
    }
    for f in ["lmcs06counter1", "cuasq11"] {
        assert_lasso(&shared.join(format!("{f}.aig")), &["--timeout", "60"], &dir);
    }
}

/// `unsat` (exit 20) with a certificate file that `pdrkit certify` accepts.
fn assert_certified(model: &Path, extra: &[&str], scratch: &Path) {
    let c = scratch.join("live.cert.aag");
    let mut args = vec![
        "check".to_string(),
        model.display().to_string(),
        "--certificate".into(),
        c.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let o = pdrkit(&args);
    let what = format!("{} {extra:?}", model.display());
    assert_eq!(o.status.code(), Some(20), "{}", describe(&what, &o));
    assert_eq!(first_line(&o), "unsat", "{}", describe(&what, &o));
    let r = pdrkit(["certify".as_ref(), model.as_os_str(), c.as_os_str()]);
    assert_eq!(r.status.code(), Some(0), "{}", describe(&what, &r));
    assert!(
        stderr(&r).contains("Decrease") || first_line(&r).contains("Decrease"),
        "the liveness conditions were checked: {}",
        describe(&what, &r)
    );
}

#[test]
fn a_proof_is_answered_only_with_a_certificate() {
    let dir = scratch("proofs");
    let stuck = models_dir().join("live_stuck_unsat.aag");
    // Every engine's proof of the reduced model is certified by IC3 on the folded one; BMC
    // cannot prove: it reaches its bound.
    for engine in ENGINES.iter().filter(|e| !e.contains(&"bmc")) {
        assert_certified(&stuck, engine, &dir);
    }
    assert_certified(&stuck, &["--engine", "klive"], &dir);
    // HWMCC's call form writes the certificate (binary) where it is told.
    let c = dir.join("hwmcc.cert");
    let o = pdrkit([
        stuck.as_os_str(),
        dir.join("hwmcc.wit").as_os_str(),
        c.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(20), "{}", describe("HWMCC form", &o));
    let r = pdrkit(["certify".as_ref(), stuck.as_os_str(), c.as_os_str()]);
    assert_eq!(r.status.code(), Some(0), "{}", describe("HWMCC form", &r));
    let o = check("live_stuck_unsat.aag", &["--engine", "bmc", "--bound", "5"]);
    assert_unknown("live_stuck_unsat bmc", &o, "the bound");
    // k-liveness never refutes: on a fair lasso it runs out of time.
    let o = check(
        "live_toggle_sat.aag",
        &["--engine", "klive", "--timeout", "1"],
    );
    assert_eq!(
        o.status.code(),
        Some(30),
        "{}",
        describe("klive on a lasso", &o)
    );
}

#[test]
fn liveness_usage_errors() {
    let error = |what: &str, o: &Output, needle: &str| {
        assert_eq!(o.status.code(), Some(1), "{}", describe(what, o));
        assert!(stderr(o).contains(needle), "{}", describe(what, o));
    };
    let o = check("live_toggle_sat.aag", &["--property", "1"]);
    error("--property 1", &o, "1 justice properties");
    let o = check("counter_unsafe.aag", &["--engine", "l2s"]);
    error("l2s without J", &o, "no justice property");
    let o = check("counter_unsafe.aag", &["--engine", "klive"]);
    error("klive without J", &o, "(J section) for --engine klive");
}

/// A lasso's waveform shows its justice literal and where its loop starts; `pdrkit replay
/// --vcd` writes the same one.
#[test]
fn a_lasso_has_a_waveform_marking_its_loop() {
    let dir = scratch("vcd");
    let (vcd, wit) = (dir.join("lasso.vcd"), dir.join("lasso.wit"));
    let model = models_dir().join("live_toggle_sat.aag");
    let o = pdrkit([
        "check".as_ref(),
        model.as_os_str(),
        "--witness".as_ref(),
        wit.as_os_str(),
        "--vcd".as_ref(),
        vcd.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("--vcd", &o));
    let text = std::fs::read_to_string(&vcd).unwrap();
    for needle in [
        "$scope module liveness",
        "in_loop",
        "j0_0",
        "a lasso: after the last step",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert!(std::fs::read_to_string(&wit)
        .unwrap()
        .starts_with("1\nj0\n"));
    let again = dir.join("again.vcd");
    let r = pdrkit([
        "replay".as_ref(),
        model.as_os_str(),
        wit.as_os_str(),
        "--vcd".as_ref(),
        again.as_os_str(),
    ]);
    assert_eq!(r.status.code(), Some(0), "{}", describe("replay --vcd", &r));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

/// The lasso of the reduced model's counterexample (BMC, then [`pdrkit_ts::L2s::lasso`])
/// replays on the model as read, by a simulation of this test's own, not the checker's (the AIGER 1.9 rule, as
/// `aigsim -c` checks it): on the shared benchmarks known to have a fair lasso (skipped when
/// `../shared/liveness` is absent) and on `live_toggle_sat.aag`.
#[test]
fn lassos_of_reduced_counterexamples_replay() {
    let mut files = vec![models_dir().join("live_toggle_sat.aag")];
    let shared = pdrkit_suite::repo_root().join("../shared/liveness");
    if shared.is_dir() {
        for f in ["lmcs06short1", "lmcs06counter1", "lmcs06ring1", "cunim3ro"] {
            files.push(shared.join(format!("{f}.aig")));
        }
    } else {
        eprintln!("note: ../shared/liveness absent: only the hand-written model");
    }
    for path in files {
        let aig = pdrkit_ts::aiger::read_file(&path).unwrap();
        let l2s = aig.liveness_to_safety(0, pdrkit_ts::Watch::Each).unwrap();
        let (ts, _) = pdrkit_preprocess::preprocess(
            &l2s.aig,
            None,
            false,
            &pdrkit_preprocess::PreprocessConfig::default(),
        )
        .unwrap();
        let spec = pdrkit_engine::EngineSpec::Bmc(pdrkit_engine::bmc::BmcConfig {
            bound: Some(30),
            ..Default::default()
        });
        let (o, _) = spec.run(&ts, &pdrkit_engine::Control::new());
        let pdrkit_engine::Outcome::Unsafe(trace) = o else {
            panic!("{}: no counterexample of the reduced model", path.display());
        };
        let reduced = trace.to_witness(&ts, &l2s.aig, 0);
        let lasso = l2s.lasso(&reduced).unwrap();
        assert!(
            is_lasso(&aig, 0, &lasso),
            "{}: not a lasso:\n{lasso}",
            path.display()
        );
    }
}

/// Whether `w` (`1`, `j<j>`, initial state, inputs, `.`) is a fair lasso of justice property
/// `j`: some earlier state equals the one after the last step, the constraints hold at every
/// step, and every fairness and justice literal is 1 at some step of the loop (read with that
/// step's inputs).
fn is_lasso(aig: &pdrkit_ts::Aig, j: usize, w: &str) -> bool {
    use pdrkit_logic::Lit;
    let lines: Vec<&str> = w.lines().collect();
    if lines.len() < 4 || lines[0] != "1" || lines[1] != format!("j{j}") {
        return false;
    }
    let bits = |l: &str| l.bytes().map(|c| c == b'1').collect::<Vec<bool>>();
    let val = |v: &[bool], l: Lit| v[l.var().idx()] ^ l.is_neg();
    let mut state = bits(lines[2]);
    let mut states = vec![state.clone()];
    let mut values = Vec::new();
    for l in &lines[3..lines.len() - 1] {
        let mut v = vec![false; aig.max_var as usize + 1];
        for (i, b) in aig.inputs.iter().zip(bits(l)) {
            v[i.var().idx()] = b;
        }
        for (x, &b) in aig.latches.iter().zip(&state) {
            v[x.lit.var().idx()] = b;
        }
        for g in &aig.ands {
            v[g.lhs.var().idx()] = val(&v, g.rhs0) && val(&v, g.rhs1);
        }
        if !aig.constraints.iter().all(|&c| val(&v, c)) {
            return false;
        }
        state = aig.latches.iter().map(|x| val(&v, x.next)).collect();
        states.push(state.clone());
        values.push(v);
    }
    let k = values.len();
    let watched: Vec<Lit> = aig
        .fairness
        .iter()
        .chain(&aig.justice[j])
        .copied()
        .collect();
    (0..k).any(|l| {
        states[l] == states[k]
            && watched
                .iter()
                .all(|&q| values[l..k].iter().any(|v| val(v, q)))
    })
}

/// A small deterministic generator (xorshift), so that a failing seed reproduces.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
    fn lit(&mut self, pool: &[pdrkit_logic::Lit]) -> pdrkit_logic::Lit {
        pool[self.below(pool.len())].xor(self.below(2) == 1)
    }
}

/// A random model of 1-3 latches (some uninitialized), 0-2 inputs, a few gates, 0-1
/// constraints, 0-2 fairness literals and one justice property of 0-2 literals.
fn random_live_model(seed: u64) -> pdrkit_ts::Aig {
    use pdrkit_ts::{Latch, Reset};
    let mut r = Rng(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1);
    let (m, n) = (r.below(3), 1 + r.below(3));
    let mut aig = pdrkit_ts::Aig::default();
    let mut pool = vec![pdrkit_logic::Lit::TRUE];
    for _ in 0..m {
        let l = aig.new_var().lit();
        aig.inputs.push(l);
        pool.push(l);
    }
    let latches: Vec<_> = (0..n).map(|_| aig.new_var().lit()).collect();
    pool.extend(&latches);
    for _ in 0..3 + r.below(6) {
        let (a, b) = (r.lit(&pool), r.lit(&pool));
        let g = aig.add_and(a, b);
        pool.push(g);
    }
    for &lit in &latches {
        let reset = [Reset::Zero, Reset::One, Reset::Uninit][r.below(3)];
        let next = r.lit(&pool);
        aig.latches.push(Latch { lit, next, reset });
    }
    for _ in 0..r.below(2) {
        let c = r.lit(&pool);
        aig.constraints.push(c);
    }
    for _ in 0..r.below(3) {
        let f = r.lit(&pool);
        aig.fairness.push(f);
    }
    let j = (0..r.below(3)).map(|_| r.lit(&pool)).collect();
    aig.justice.push(j);
    aig
}

/// Through the binary, on random models: `sat` exactly when the reduced model's bad state is
/// reachable by explicit search (the reduction itself is checked against fair lassos by
/// `pdrkit-ts`'s tests); otherwise `unsat` with a certificate `pdrkit certify` accepts, from
/// the default engine or from IC3 on the reduced model (the folded reduction's invariant).
#[test]
fn random_models_agree_with_explicit_search() {
    let dir = scratch("random");
    let (mut sat, mut reduced_proofs, mut unsat) = (0, 0, 0);
    for seed in 0..60u64 {
        let aig = random_live_model(seed);
        let reduced = aig.liveness_to_safety(0, pdrkit_ts::Watch::Each).unwrap();
        let live = pdrkit_suite::explicit_search(&reduced.aig, None)
            .shortest_cex
            .is_some();
        let path = dir.join(format!("live{seed}.aag"));
        std::fs::write(&path, pdrkit_ts::aiger::write_aag(&aig)).unwrap();
        // Not k-induction alone: the reduced model is seldom k-inductive when safe.
        let engine = ["ic3", "portfolio"][seed as usize % 2];
        let o = pdrkit([
            "check",
            path.to_str().unwrap(),
            "--engine",
            engine,
            "--timeout",
            "30",
        ]);
        let what = format!("seed {seed} ({engine}, fair lasso: {live})");
        if live {
            assert_eq!(o.status.code(), Some(10), "{}", describe(&what, &o));
            sat += 1;
        } else {
            assert_certified(&path, &["--engine", engine, "--timeout", "30"], &dir);
            if engine == "ic3" {
                reduced_proofs += 1;
            } else {
                unsat += 1;
            }
        }
    }
    assert!(
        sat > 10 && reduced_proofs > 5 && unsat > 5,
        "sat {sat}, proofs of the reduced model {reduced_proofs}, other proofs {unsat}"
    );
}

/// `--each-property` answers every safety and every justice property, each with its own
/// witness result and certificate (`FILE.b<N>.aag`, `FILE.j<N>.aag`), which `certify
/// --property N` and `certify --justice N` accept.
#[test]
fn each_property_answers_safety_and_justice_properties() {
    let dir = scratch("each");
    let model = models_dir().join("live_and_safety.aag");
    let (wit, cert) = (dir.join("all.wit"), dir.join("all.cert.aag"));
    let o = pdrkit([
        "check".as_ref(),
        model.as_os_str(),
        "--each-property".as_ref(),
        "--witness".as_ref(),
        wit.as_os_str(),
        "--certificate".as_ref(),
        cert.as_os_str(),
    ]);
    let what = "each property";
    assert_eq!(o.status.code(), Some(10), "{}", describe(what, &o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        out,
        "sat\nb0 unsat\nj0 sat\nj1 unsat\n",
        "{}",
        describe(what, &o)
    );
    let w = std::fs::read_to_string(&wit).unwrap();
    assert!(
        w.starts_with("0\nb0\n.\n1\nj0\n") && w.ends_with("0\nj1\n.\n"),
        "{w}"
    );
    let r = pdrkit(["replay".as_ref(), model.as_os_str(), wit.as_os_str()]);
    assert_eq!(r.status.code(), Some(0), "{}", describe("replay", &r));
    for (file, flag, n) in [
        ("all.cert.b0.aag", "--property", "0"),
        ("all.cert.j1.aag", "--justice", "1"),
    ] {
        let c = dir.join(file);
        let r = pdrkit([
            "certify".as_ref(),
            model.as_os_str(),
            c.as_os_str(),
            flag.as_ref(),
            n.as_ref(),
        ]);
        assert_eq!(r.status.code(), Some(0), "{}", describe(file, &r));
        // Checked for the whole model (every property, as certifaiger does), it proves too
        // little: rejected, with the hint.
        let r = pdrkit(["certify".as_ref(), model.as_os_str(), c.as_os_str()]);
        assert_eq!(r.status.code(), Some(2), "{}", describe(file, &r));
        assert!(stderr(&r).contains("--justice N"), "{}", describe(file, &r));
    }
    // A model of justice properties alone: one line for its one property.
    let o = check("live_stuck_unsat.aag", &["--each-property"]);
    assert_eq!(
        o.status.code(),
        Some(20),
        "{}",
        describe("justice only", &o)
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout), "unsat\nj0 unsat\n");
}

/// A proof of the reduced model becomes a certificate only through its invariant: here the
/// model's fair cycle (the latch `x` toggling while `y` is 1) lies where `y`, stuck at 0, never
/// goes. IC3's invariant of the reduced model excludes it and its certificate is accepted; the
/// certificate built from no invariant at all lets W's states go there, and is refused.
#[test]
fn reduced_invariants_become_certificates() {
    use pdrkit_engine::{ic3, Control, Outcome};
    let text = "aag 3 0 2 0 1 0 0 1 0\n2 6\n4 4\n1\n2\n6 4 3\n";
    let aig = pdrkit_ts::aiger::parse(text.as_bytes()).unwrap();
    let model = pdrkit_check::Model::parse(text.as_bytes()).unwrap();
    let l2s = aig.liveness_to_safety(0, pdrkit_ts::Watch::Rounds).unwrap();
    let ts = pdrkit_ts::TransitionSystem::from_aig(&l2s.aig, None).unwrap();
    let mut stats = ic3::Ic3Stats::default();
    let Outcome::Safe(proof) =
        ic3::check(&ts, &ic3::Ic3Config::default(), &Control::new(), &mut stats)
    else {
        panic!("the reduced model is safe");
    };
    let certify = |invariant: &[Vec<pdrkit_logic::Lit>]| {
        let cert = l2s.certificate(&aig, invariant).expect("a certificate");
        let cert = pdrkit_check::Model::parse(&pdrkit_ts::aiger::write_aag(&cert)).unwrap();
        pdrkit_check::check_certificate(&model, &cert)
    };
    let invariant = proof.invariant_in_model(&ts, &l2s.aig).unwrap();
    assert!(!invariant.is_empty());
    if let Err(e) = certify(&invariant) {
        panic!("IC3's invariant: {e}");
    }
    assert!(certify(&[]).is_err(), "no invariant ranks nothing");
    // A clause over something other than the reduced model's latches has no meaning there.
    let stranger = pdrkit_logic::Var(l2s.aig.max_var + 1).lit();
    assert!(l2s.certificate(&aig, &[vec![stranger]]).is_none());
}
