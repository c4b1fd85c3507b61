//! End-to-end runs of the `pdrkit` binary: verdicts and exit codes on the hand-written models of
//! `tests/models` and on the quick tier of the shared benchmarks, with every `sat` replayed and
//! every `unsat` certified by the binary's own `replay` and `certify`; usage errors, unreadable
//! models, limits, and corrupted witnesses and certificates.
//!
//! The binary is built once per test process (`cargo build -p pdrkit` in the tests' profile);
//! run these with `cargo test -p pdrkit-suite --release --test cli`.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pdrkit_logic::Lit;
use pdrkit_suite::{
    describe, explicit_search, first_line, model_manifest, models_dir, pdrkit, pdrkit_binary,
    read_tsv, shared_benchmarks, stderr, stdout, Expected,
};
use pdrkit_ts::{aiger, Aig, Reset};

/// Models of `tests/models` that are not safety problems (not in the manifest): refused, or
/// liveness models (`live_*`, run by `tests/liveness.rs`).
const REFUSED_MODELS: &[&str] = &[
    "live_and_safety.aag",
    "live_reset_fn_sat.aag",
    "live_stuck_unsat.aag",
    "live_toggle_sat.aag",
    "reset_fn_cycle.aag",
];

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("pdrkit-cli")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn model_path(name: &str) -> PathBuf {
    models_dir().join(name)
}

fn read_model(name: &str) -> Aig {
    let p = model_path(name);
    aiger::read_file(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Asserts a run failed with exit 1 and a one-line message on stderr containing every string
/// of `needles`.
fn assert_error(what: &str, o: &Output, needles: &[&str]) {
    assert_eq!(o.status.code(), Some(1), "{}", describe(what, o));
    let err = stderr(o);
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(
        lines.len(),
        1,
        "not a one-line message: {}",
        describe(what, o)
    );
    for n in needles {
        assert!(
            lines[0].contains(n),
            "message does not mention '{n}': {}",
            describe(what, o)
        );
    }
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{}",
        describe(what, o)
    );
    assert!(stdout(o).trim().is_empty(), "{}", describe(what, o));
}

/// `pdrkit replay model witness`: whether it accepted (exit 0); rejected (2) or unreadable (1)
/// is `false` with a message; any other ending fails.
fn replay_accepts(model: &Path, witness: &Path) -> bool {
    let o = pdrkit([Path::new("replay"), model, witness]);
    match o.status.code() {
        Some(0) => true,
        Some(1 | 2) => {
            assert!(!stderr(&o).trim().is_empty(), "{}", describe("replay", &o));
            false
        }
        _ => panic!("{}", describe("replay", &o)),
    }
}

/// `pdrkit certify model certificate`: whether it accepted (exit 0), as `replay_accepts`.
fn certify_accepts(model: &Path, cert: &Path) -> bool {
    let o = pdrkit([Path::new("certify"), model, cert]);
    match o.status.code() {
        Some(0) => true,
        Some(1 | 2) => {
            assert!(!stderr(&o).trim().is_empty(), "{}", describe("certify", &o));
            false
        }
        _ => panic!("{}", describe("certify", &o)),
    }
}

/// One `pdrkit check` with a witness and a certificate file, its answer checked against
/// `expected` (`None`: any answer is fine, only exit code and artifacts are checked). Returns the
/// answer word; an error if anything is wrong.
fn check_and_verify(
    model: &Path,
    extra: &[&str],
    expected: Option<Expected>,
    dir: &Path,
    tag: &str,
) -> Result<String, String> {
    let wit = dir.join(format!("{tag}.wit"));
    let cert = dir.join(format!("{tag}.cert.aag"));
    let _ = std::fs::remove_file(&wit);
    let _ = std::fs::remove_file(&cert);
    let mut args: Vec<std::ffi::OsString> = vec!["check".into(), model.into()];
    args.extend(extra.iter().map(Into::into));
    args.extend(["--witness".into(), wit.clone().into()]);
    args.extend(["--certificate".into(), cert.clone().into()]);
    let o = pdrkit(&args);
    let what = format!("pdrkit check {} {}", model.display(), extra.join(" "));
    let word = first_line(&o);
    let code = match word.as_str() {
        "sat" => 10,
        "unsat" => 20,
        "unknown" => 30,
        _ => return Err(format!("no answer: {}", describe(&what, &o))),
    };
    if o.status.code() != Some(code) {
        return Err(format!("wrong exit code: {}", describe(&what, &o)));
    }
    if let Some(e) = expected {
        if word != e.word() {
            return Err(format!("expected {}: {}", e.word(), describe(&what, &o)));
        }
    }
    if stderr(&o).contains("internal error") {
        return Err(describe(&what, &o));
    }
    match code {
        10 => {
            if cert.exists() {
                return Err(format!("{what}: certificate written on sat"));
            }
            if !wit.is_file() {
                return Err(format!("{what}: no witness written"));
            }
            if !replay_accepts(model, &wit) {
                return Err(format!(
                    "{what}: pdrkit replay rejects the witness:\n{}",
                    std::fs::read_to_string(&wit).unwrap_or_default()
                ));
            }
        }
        20 => {
            if wit.exists() {
                return Err(format!("{what}: witness written on unsat"));
            }
            if !cert.is_file() {
                return Err(format!("{what}: no certificate written"));
            }
            if !certify_accepts(model, &cert) {
                return Err(format!("{what}: pdrkit certify rejects the certificate"));
            }
        }
        _ => {
            if wit.exists() || cert.exists() {
                return Err(format!("{what}: artifact written on unknown"));
            }
        }
    }
    Ok(word)
}

/// The manifest lists every model of the folder, and each verdict is the explicit-state
/// search's; each model also does what its comment says it tests (changing the feature it is
/// about changes the verdict).
#[test]
fn models_manifest_matches_explicit_search() {
    let manifest = model_manifest();
    assert!(manifest.len() >= 15, "manifest has {} rows", manifest.len());
    let mut files: Vec<String> = std::fs::read_dir(models_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".aag"))
        .collect();
    files.sort();
    for f in &files {
        assert!(
            manifest.iter().any(|(m, _)| m == f) || REFUSED_MODELS.contains(&f.as_str()),
            "{f} is not in tests/models/MANIFEST.tsv"
        );
    }
    let mut safe = 0;
    for (file, expected) in &manifest {
        assert!(files.contains(file), "{file} is in the manifest but absent");
        let truth = explicit_search(&read_model(file), None);
        let verdict = if truth.shortest_cex.is_some() {
            Expected::Unsafe
        } else {
            safe += 1;
            Expected::Safe
        };
        assert_eq!(verdict, *expected, "{file}: explicit search says {truth:?}");
    }
    assert!(
        safe >= 5 && manifest.len() - safe >= 5,
        "unbalanced manifest"
    );

    // Shortest counterexamples.
    let depth = |f: &str| explicit_search(&read_model(f), None).shortest_cex;
    assert_eq!(depth("counter_unsafe.aag"), Some(7));
    assert_eq!(depth("uninit_cex.aag"), Some(1));
    assert_eq!(depth("constraint_last_input.aag"), Some(1));
    assert_eq!(depth("comb_unsafe.aag"), Some(0));
    assert_eq!(depth("reset_one_unsafe.aag"), Some(1));
    let m = read_model("multi_prop.aag");
    assert_eq!(explicit_search(&m, Some(0)).shortest_cex, None);
    assert_eq!(explicit_search(&m, Some(1)).shortest_cex, Some(1));

    // The features the models are about decide their verdicts.
    let mut m = read_model("uninit_cex.aag");
    assert_eq!(m.latches[0].reset, Reset::Uninit);
    m.latches[0].reset = Reset::Zero;
    assert_eq!(explicit_search(&m, None).shortest_cex, None, "uninit_cex");
    for f in ["constraint_safe.aag", "constraint_last_safe.aag"] {
        let mut m = read_model(f);
        assert_eq!(m.constraints.len(), 1, "{f}");
        m.constraints.clear();
        assert_eq!(explicit_search(&m, None).shortest_cex, Some(1), "{f}");
    }
    let c = read_model("constraint_safe.aag");
    let u = read_model("constraint_unsafe.aag");
    assert_eq!(
        (&c.latches, &c.inputs, &c.bads),
        (&u.latches, &u.inputs, &u.bads)
    );
    assert!(u.constraints.is_empty());
    for f in ["reset_one_safe.aag", "reset_one_unsafe.aag"] {
        let mut m = read_model(f);
        let before = explicit_search(&m, None).shortest_cex.is_some();
        assert_eq!(m.latches[0].reset, Reset::One, "{f}");
        m.latches[0].reset = Reset::Zero;
        let after = explicit_search(&m, None).shortest_cex.is_some();
        assert_ne!(before, after, "{f}: the reset value does not matter");
    }
    let mut m = read_model("outputs_and_bad.aag");
    assert!(!m.outputs.is_empty() && !m.bads.is_empty());
    m.bads.clear();
    assert_eq!(
        explicit_search(&m, None).shortest_cex,
        Some(1),
        "its output"
    );
    for f in ["outputs_safe.aag", "outputs_unsafe.aag"] {
        let m = read_model(f);
        assert!(m.bads.is_empty() && m.outputs.len() == 1, "{f}");
    }
    for f in ["comb_safe.aag", "comb_unsafe.aag"] {
        assert!(read_model(f).latches.is_empty(), "{f}");
    }
    let j = read_model("live_toggle_sat.aag");
    assert!(!j.justice.is_empty() && j.bads.is_empty() && j.outputs.is_empty());
    reset_function_models_are_about_their_functions();
}

/// Each `reset_fn_*` model depends on its reset functions (AIGER 1.9.23) as its comment says:
/// every unsafe one has its shortest counterexample at depth 1 and becomes safe, or unsafe at
/// depth 0, when its functions become constant 0 or uninitialized; every safe one becomes
/// unsafe when they become uninitialized.
fn reset_function_models_are_about_their_functions() {
    let with = |m: &Aig, to: Reset| {
        let mut m = m.clone();
        for l in &mut m.latches {
            if l.reset.function().is_some() {
                l.reset = to;
            }
        }
        explicit_search(&m, None).shortest_cex
    };
    let mut count = 0;
    for (file, expected) in model_manifest() {
        if !file.starts_with("reset_fn_") {
            continue;
        }
        count += 1;
        let m = read_model(&file);
        assert!(
            m.latches.iter().any(|l| l.reset.function().is_some()),
            "{file}: no reset function"
        );
        let depth = explicit_search(&m, None).shortest_cex;
        match expected {
            Expected::Safe => assert_eq!(with(&m, Reset::Uninit), Some(0), "{file}"),
            _ => {
                assert_eq!(depth, Some(1), "{file}");
                if file == "reset_fn_input_unsafe.aag" {
                    assert_eq!(with(&m, Reset::Uninit), Some(0), "{file}");
                } else {
                    assert_eq!(with(&m, Reset::Zero), None, "{file}");
                }
            }
        }
    }
    assert_eq!(count, 12, "reset function models in the manifest");
    // The negation matters: read as the positive literal, the function makes it unsafe.
    let mut m = read_model("reset_fn_negated_safe.aag");
    let f = m.latches[1].reset.function().unwrap();
    assert!(f.is_neg());
    m.latches[1].reset = Reset::Function(!f);
    assert_eq!(explicit_search(&m, None).shortest_cex, Some(0));
    // The chain is listed before what it depends on.
    let m = read_model("reset_fn_chain_unsafe.aag");
    assert_eq!(m.latches[0].reset, Reset::Function(!m.latches[1].lit));
}

/// `engine`: the `--engine` value, or "" for the default.
fn run_models(engine: &str) {
    let name = if engine.is_empty() { "default" } else { engine };
    let dir = scratch(&format!("models-{name}"));
    let mut failures = Vec::new();
    let mut answers = (0, 0, 0);
    for (file, expected) in model_manifest() {
        let path = model_path(&file);
        // BMC refutes only: on safe models it must stop at the bound with unknown.
        let (extra, want): (Vec<&str>, Expected) = match (engine, expected) {
            ("bmc", Expected::Safe) => {
                (vec!["--engine", "bmc", "--bound", "20"], Expected::Unknown)
            }
            ("", _) => (vec!["--bound", "20"], expected),
            _ => (vec!["--engine", engine, "--bound", "20"], expected),
        };
        match check_and_verify(&path, &extra, Some(want), &dir, &file) {
            Ok(w) if w == "sat" => answers.0 += 1,
            Ok(w) if w == "unsat" => answers.1 += 1,
            Ok(_) => answers.2 += 1,
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{name} engine: sat {}, unsat {}, unknown {}",
        answers.0, answers.1, answers.2
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn models_ic3() {
    run_models("ic3");
}

#[test]
fn models_bmc() {
    run_models("bmc");
}

/// Whatever the default engine is, it decides every model.
#[test]
fn models_default_engine() {
    run_models("");
}

/// Models with reset functions (AIGER 1.9.23, `reset_fn_*`) on every engine: the engines check
/// the lowered model, the witness and certificate are the model's own and the binary's `replay`
/// and `certify` accept them.
#[test]
fn reset_function_models_on_every_engine() {
    let dir = scratch("reset-functions");
    let mut failures = Vec::new();
    let mut runs = 0;
    for (file, expected) in model_manifest() {
        if !file.starts_with("reset_fn_") {
            continue;
        }
        let path = model_path(&file);
        for engine in ["ic3", "bmc", "kind", "kipdr", "portfolio", ""] {
            let mut extra = vec!["--bound", "20"];
            if !engine.is_empty() {
                extra.extend(["--engine", engine]);
            }
            if engine == "ic3" || engine == "portfolio" {
                // Not a BMC or k-induction option.
                extra.drain(..2);
            }
            let want = match (engine, expected) {
                ("bmc", Expected::Safe) => Expected::Unknown,
                _ => expected,
            };
            let tag = format!("{file}-{engine}");
            runs += 1;
            if let Err(e) = check_and_verify(&path, &extra, Some(want), &dir, &tag) {
                failures.push(e);
            }
        }
    }
    assert_eq!(runs, 72);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A counterexample of a model with reset functions is written for the model: its initial
/// line has one value per latch of the file (not the lowering's first-step latch), the values
/// its reset functions give under step 0's inputs.
#[test]
fn reset_function_witnesses_speak_of_the_model() {
    let dir = scratch("reset-function-witness");
    for (file, init, step0) in [
        ("reset_fn_input_unsafe.aag", "1", "1"),
        ("reset_fn_chain_unsafe.aag", "1000", "1"),
        ("reset_fn_negated_unsafe.aag", "10", "0"),
    ] {
        let path = model_path(file);
        let wit = dir.join(format!("{file}.wit"));
        let o = pdrkit([
            "check".as_ref(),
            path.as_os_str(),
            "--engine".as_ref(),
            "bmc".as_ref(),
            "--witness".as_ref(),
            wit.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(10), "{}", describe(file, &o));
        let text = std::fs::read_to_string(&wit).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(&lines[..4], &["1", "b0", init, step0], "{file}:\n{text}");
        assert!(replay_accepts(&path, &wit), "{file}");
        // The same witness with the reset function's latch flipped is refused.
        let mut bad = lines.clone();
        let flipped: String = init
            .chars()
            .enumerate()
            .map(|(k, c)| match (k, c) {
                (0, '1') => '0',
                (0, _) => '1',
                (_, c) => c,
            })
            .collect();
        bad[2] = &flipped;
        let bad_path = dir.join(format!("{file}.bad.wit"));
        std::fs::write(&bad_path, bad.join("\n") + "\n").unwrap();
        assert!(!replay_accepts(&path, &bad_path), "{file}: {flipped}");
    }
}

/// `--each-property`, `--property N`, `--vcd`, binary certificates and standard input with
/// reset functions; a cycle of reset functions is an input error of `check`, `replay` and
/// `certify`.
#[test]
fn reset_functions_through_every_path() {
    let dir = scratch("reset-function-paths");
    // x and y start at input i's value; c starts at 0 and is 1 from step 1 on. b0 = x & !y
    // (safe), b1 = x & c (unsafe at depth 1, with i = 1 in step 0).
    let text = "aag 8 1 3 0 2 2\n2\n4 4 2\n6 6 2\n8 1\n10\n12\n10 4 7\n12 4 8\n";
    let path = dir.join("two.aag");
    std::fs::write(&path, text).unwrap();
    let (wit, cert) = (dir.join("each.wit"), dir.join("each.aag"));
    let o = pdrkit([
        "check".as_ref(),
        path.as_os_str(),
        "--each-property".as_ref(),
        "--witness".as_ref(),
        wit.as_os_str(),
        "--certificate".as_ref(),
        cert.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("each", &o));
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        ["sat", "b0 unsat", "b1 sat"]
    );
    let cert0 = dir.join("each.b0.aag");
    let certify = |cert: &Path, property: &str| {
        pdrkit([
            "certify".as_ref(),
            path.as_os_str(),
            cert.as_os_str(),
            "--property".as_ref(),
            property.as_ref(),
        ])
    };
    let o = certify(&cert0, "0");
    assert_eq!(o.status.code(), Some(0), "{}", describe("certify b0", &o));
    assert!(replay_accepts(&path, &wit));

    // One property, a binary certificate.
    let bin = dir.join("p0.aig");
    let o = pdrkit([
        "check".as_ref(),
        path.as_os_str(),
        "--property".as_ref(),
        "0".as_ref(),
        "--certificate".as_ref(),
        bin.as_os_str(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(20),
        "{}",
        describe("--property 0", &o)
    );
    assert!(std::fs::read(&bin).unwrap().starts_with(b"aig "));
    let o = certify(&bin, "0");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        describe("certify binary", &o)
    );

    // A waveform of the counterexample, from `check` and from `replay`; x is 1 from the start.
    let (w1, v1, v2) = (dir.join("p1.wit"), dir.join("p1.vcd"), dir.join("p1r.vcd"));
    let o = pdrkit([
        "check".as_ref(),
        path.as_os_str(),
        "--property".as_ref(),
        "1".as_ref(),
        "--witness".as_ref(),
        w1.as_os_str(),
        "--vcd".as_ref(),
        v1.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("--vcd", &o));
    let o = pdrkit([
        "replay".as_ref(),
        path.as_os_str(),
        w1.as_os_str(),
        "--vcd".as_ref(),
        v2.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay --vcd", &o));
    let vcd = std::fs::read_to_string(&v1).unwrap();
    assert!(vcd.contains("$var"), "{vcd}");
    assert_eq!(vcd, std::fs::read_to_string(&v2).unwrap());

    // The model on standard input.
    let mut child = std::process::Command::new(pdrkit_binary())
        .args(["check", "-", "--property", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(10), "{}", describe("stdin", &o));

    // A cycle: one line naming the file, the line and the latches, exit 1.
    let cycle = model_path("reset_fn_cycle.aag");
    let other = model_path("counter_safe.aag");
    for sub in ["check", "replay", "certify"] {
        let mut args = vec![sub.as_ref(), cycle.as_os_str()];
        if sub != "check" {
            args.push(other.as_os_str());
        }
        let o = pdrkit(&args);
        // `replay` and `certify` read the model with the checker's reader, in its words.
        let latches = if sub == "check" {
            "latch 0 (literal 2) -> latch 1 (literal 4)"
        } else {
            "2 -> 4"
        };
        assert_error(
            &format!("{sub} reset_fn_cycle.aag"),
            &o,
            &["reset_fn_cycle.aag", "line 2", "cycle", latches],
        );
    }
    let e = aiger::read_file(&cycle).unwrap_err();
    assert!(
        matches!(&e, pdrkit_ts::AigerError::ResetCycle { latches, .. } if latches.len() == 2),
        "{e}"
    );
}

/// Writes `aig` to `dir/name` as ASCII AIGER.
fn write_model(dir: &Path, name: &str, aig: &Aig) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, aiger::write_aag(aig)).unwrap();
    p
}

/// `--property N` checks property N alone; without it all are checked at once.
#[test]
fn multiple_properties_one_at_a_time() {
    let dir = scratch("multi");
    let path = model_path("multi_prop.aag");
    let full = read_model("multi_prop.aag");
    // The model restricted to one property, as a file: what a one-property certificate proves.
    let only = |k: usize| {
        let mut m = full.clone();
        m.bads = vec![full.bads[k]];
        m.symbols.clear();
        write_model(&dir, &format!("only{k}.aag"), &m)
    };
    for engine in ["ic3", "bmc"] {
        let o = pdrkit([
            "check".as_ref(),
            path.as_os_str(),
            "--engine".as_ref(),
            engine.as_ref(),
        ]);
        assert_eq!(
            (first_line(&o).as_str(), o.status.code()),
            ("sat", Some(10)),
            "{}",
            describe(engine, &o)
        );
        let o = pdrkit([
            "check".as_ref(),
            path.as_os_str(),
            "--engine".as_ref(),
            engine.as_ref(),
            "--property".as_ref(),
            "1".as_ref(),
        ]);
        assert_eq!(
            (first_line(&o).as_str(), o.status.code()),
            ("sat", Some(10)),
            "{}",
            describe(engine, &o)
        );
    }
    // Property 0 alone is safe: BMC cannot tell, IC3 proves it.
    let o = pdrkit([
        "check".as_ref(),
        path.as_os_str(),
        "--engine".as_ref(),
        "bmc".as_ref(),
        "--bound".as_ref(),
        "10".as_ref(),
        "--property".as_ref(),
        "0".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(30), "{}", describe("bmc", &o));
    let cert = dir.join("p0.cert.aag");
    let o = pdrkit([
        "check".as_ref(),
        path.as_os_str(),
        "--property".as_ref(),
        "0".as_ref(),
        "--certificate".as_ref(),
        cert.as_os_str(),
    ]);
    assert_eq!(
        (first_line(&o).as_str(), o.status.code()),
        ("unsat", Some(20)),
        "{}",
        describe("ic3 --property 0", &o)
    );
    // The certificate proves property 0 only: valid for that property, not for the model with
    // both (which is unsafe).
    assert!(certify_accepts(&only(0), &cert));
    assert!(!certify_accepts(&path, &cert));

    // The witness of property 1 names it as the file numbers it and replays on the file.
    let wit = dir.join("p1.wit");
    let o = pdrkit([
        "check".as_ref(),
        path.as_os_str(),
        "--property".as_ref(),
        "1".as_ref(),
        "--witness".as_ref(),
        wit.as_os_str(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(10),
        "{}",
        describe("ic3 --property 1", &o)
    );
    assert!(std::fs::read_to_string(&wit).unwrap().lines().nth(1) == Some("b1"));
    assert!(replay_accepts(&path, &wit));
}

/// A witness of `check --property N` must replay on the very file that was checked, naming
/// property N (`b<N>`) as the file numbers it.
///
#[test]
fn property_witness_replays_on_the_checked_file() {
    let dir = scratch("multi-witness");
    let path = model_path("multi_prop.aag");
    for engine in ["ic3", "bmc"] {
        let wit = dir.join(format!("{engine}.wit"));
        let o = pdrkit([
            "check".as_ref(),
            path.as_os_str(),
            "--engine".as_ref(),
            engine.as_ref(),
            "--property".as_ref(),
            "1".as_ref(),
            "--witness".as_ref(),
            wit.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(10), "{}", describe(engine, &o));
        let text = std::fs::read_to_string(&wit).unwrap();
        assert_eq!(text.lines().nth(1), Some("b1"), "{engine}: {text}");
        assert!(replay_accepts(&path, &wit), "{engine}: {text}");
    }
}

/// `--witness -` prints the witness on stdout after the answer line; it replays.
#[test]
fn witness_to_stdout() {
    let dir = scratch("stdout");
    for (file, depth) in [("counter_unsafe.aag", 7), ("uninit_cex.aag", 1)] {
        let path = model_path(file);
        for engine in ["ic3", "bmc"] {
            let o = pdrkit([
                "check".as_ref(),
                path.as_os_str(),
                "--engine".as_ref(),
                engine.as_ref(),
                "--witness".as_ref(),
                "-".as_ref(),
            ]);
            assert_eq!(o.status.code(), Some(10), "{}", describe(file, &o));
            let out = stdout(&o);
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines[0], "sat");
            assert_eq!(lines[1], "1", "{out}");
            assert_eq!(lines[2], "b0", "{out}");
            assert_eq!(*lines.last().unwrap(), ".", "{out}");
            // Status, property, initial state, one line per step, '.'.
            let steps = lines.len() - 5;
            if engine == "bmc" {
                assert_eq!(steps, depth + 1, "bmc is not shortest: {out}");
            } else {
                assert!(steps > depth, "{out}");
            }
            if file == "uninit_cex.aag" {
                assert!(lines[3].starts_with('1'), "u must start at 1: {out}");
            }
            let wit = dir.join(format!("{file}-{engine}.wit"));
            std::fs::write(&wit, lines[1..].join("\n") + "\n").unwrap();
            assert!(replay_accepts(&path, &wit), "{out}");
        }
    }
    // Nothing after the answer without --witness.
    let o = pdrkit([
        "check".as_ref(),
        model_path("counter_unsafe.aag").as_os_str(),
    ]);
    assert_eq!(stdout(&o), "sat\n");
    let o = pdrkit(["check".as_ref(), model_path("counter_safe.aag").as_os_str()]);
    assert_eq!(stdout(&o), "unsat\n");
}

#[test]
fn help_names_the_commands_and_exit_codes() {
    let o = pdrkit(["--help"]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("--help", &o));
    let help = stdout(&o);
    for word in ["check", "replay", "certify", "10", "20", "30"] {
        assert!(help.contains(word), "--help does not mention {word}");
    }
    for sub in ["replay", "certify"] {
        let o = pdrkit([sub, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{}", describe(sub, &o));
        assert!(stdout(&o).contains("Usage"), "{}", describe(sub, &o));
    }
    let o = pdrkit(["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn bad_usage_exits_1() {
    let m = model_path("counter_safe.aag");
    let m = m.to_str().unwrap();
    for args in [
        vec![],
        vec!["frobnicate"],
        vec!["check"],
        vec!["check", m, "--no-such-option"],
        vec!["check", m, "--engine", "sat-solver"],
        vec!["check", m, "--timeout", "soon"],
        vec!["check", m, "--timeout", "inf"],
        vec!["check", m, "--timeout", "NaN"],
        vec!["check", m, "--timeout=-1"],
        vec!["check", m, "--first-latch"],
        vec!["check", m, "--engine", "kipdr", "--first-latch"],
        vec!["check", m, "--bound", "-3"],
        vec!["check", m, "--property"],
        vec!["check", m, "--lift", "magic"],
        vec!["check", m, m],
        vec!["replay", m],
        vec!["certify"],
    ] {
        let o = pdrkit(&args);
        let what = format!("pdrkit {}", args.join(" "));
        assert_eq!(o.status.code(), Some(1), "{}", describe(&what, &o));
        assert!(!stderr(&o).trim().is_empty(), "{}", describe(&what, &o));
        assert!(
            !["sat", "unsat", "unknown"].contains(&first_line(&o).as_str()),
            "{}",
            describe(&what, &o)
        );
    }
    // The messages say what was expected.
    let o = pdrkit(["check", m, "--timeout", "inf"]);
    assert!(
        stderr(&o).contains("non-negative number of seconds, got 'inf'"),
        "{}",
        describe("--timeout inf", &o)
    );
    assert_error(
        "--first-latch with the portfolio",
        &pdrkit(["check", m, "--first-latch"]),
        &["--first-latch", "--engine ic3"],
    );
    // A fraction out of range (a percentage, say) is refused, not taken as "never".
    for (flag, value) in [
        ("--ctg-recursion-floor", "25"),
        ("--mic-shuffle", "1.5"),
        ("--activity-decay", "NaN"),
    ] {
        let o = pdrkit(["check", m, "--engine", "ic3", flag, value]);
        assert_eq!(o.status.code(), Some(1), "{}", describe(flag, &o));
        assert!(
            stderr(&o).contains(&format!("expected a number from 0 to 1, got '{value}'")),
            "{}",
            describe(flag, &o)
        );
    }
    // A limit too far away to represent is no limit, not a crash.
    let o = pdrkit(["check", m, "--timeout", "1e300"]);
    assert_eq!(
        first_line(&o),
        "unsat",
        "{}",
        describe("--timeout 1e300", &o)
    );
    let o = pdrkit(["check", m, "--engine", "ic3", "--first-latch"]);
    assert_eq!(first_line(&o), "unsat", "{}", describe("--first-latch", &o));
}

#[test]
fn unreadable_models_exit_1_naming_the_file() {
    let dir = scratch("unreadable");
    let missing = dir.join("no-such-model.aag");
    let o = pdrkit(["check".as_ref(), missing.as_os_str()]);
    assert_error("missing file", &o, &["no-such-model.aag"]);

    let folder = dir.join("a-folder.aag");
    std::fs::create_dir_all(&folder).unwrap();
    let o = pdrkit(["check".as_ref(), folder.as_os_str()]);
    assert_error("directory", &o, &["a-folder.aag"]);

    for (name, text) in [
        ("not-aiger.aag", "hello world\n"),
        ("empty.aag", ""),
        ("undefined-literal.aag", "aag 1 0 0 0 0 1\n4\n"),
        ("truncated.aag", "aag 3 1 1 0 1 1\n2\n4 6\n"),
        ("bad-header.aag", "aag 1 2\n"),
        ("cyclic.aag", "aag 3 1 0 0 2 1\n2\n4\n4 6 2\n6 4 2\n"),
        ("binary-garbage.aig", "aig 5 1 1 0 3 1\n\u{1}\u{2}"),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        for sub in ["check", "replay", "certify"] {
            let other = model_path("counter_safe.aag");
            let mut args = vec![sub.as_ref(), p.as_os_str()];
            if sub != "check" {
                args.push(other.as_os_str());
            }
            let o = pdrkit(&args);
            assert_error(&format!("{sub} {name}"), &o, &[name]);
        }
    }

    // Missing or malformed witness and certificate files.
    let m = model_path("counter_unsafe.aag");
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), missing.as_os_str()]);
    assert_error("missing witness", &o, &["no-such-model.aag"]);
    let garbage = dir.join("garbage.wit");
    std::fs::write(&garbage, "this is not a witness\n").unwrap();
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), garbage.as_os_str()]);
    assert_error("garbage witness", &o, &["garbage.wit"]);
    let o = pdrkit(["certify".as_ref(), m.as_os_str(), garbage.as_os_str()]);
    assert_error("garbage certificate", &o, &["garbage.wit"]);
}

/// Output paths are checked before the run: nothing on stdout, exit 1, the path named. The
/// model itself is refused as an output, and an earlier run's output does not outlive this one.
#[test]
fn output_paths_are_checked_before_the_run() {
    let dir = scratch("unwritable");
    let bad = dir.join("no-such-dir").join("out.txt");
    let m = model_path("counter_unsafe.aag");
    for flag in ["--witness", "--certificate", "--stats-json"] {
        let o = pdrkit([
            "check".as_ref(),
            m.as_os_str(),
            flag.as_ref(),
            bad.as_os_str(),
        ]);
        assert_error(flag, &o, &["out.txt", "cannot be written"]);
        assert!(stdout(&o).is_empty(), "{}", describe(flag, &o));
    }
    assert!(!dir.join("no-such-dir").exists());

    // The model as the witness path: refused before anything is written.
    let copy = dir.join("model.aag");
    std::fs::copy(&m, &copy).unwrap();
    let o = pdrkit([
        "check".as_ref(),
        copy.as_os_str(),
        "--witness".as_ref(),
        copy.as_os_str(),
    ]);
    assert_error("model as witness", &o, &["model.aag", "is the model"]);
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&m).unwrap());

    // A stale witness from an earlier run goes when this run proves the model safe.
    let stale = dir.join("old.wit");
    std::fs::write(&stale, "1\nb0\n0\n.\n").unwrap();
    let safe = model_path("counter_safe.aag");
    let o = pdrkit([
        "check".as_ref(),
        safe.as_os_str(),
        "--witness".as_ref(),
        stale.as_os_str(),
    ]);
    assert_eq!(first_line(&o), "unsat", "{}", describe("stale witness", &o));
    assert!(!stale.exists(), "the stale witness is still there");
}

/// `--stats-json -` writes the JSON object to stdout after the verdict line.
#[test]
fn stats_json_to_stdout() {
    let m = model_path("counter_safe.aag");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--stats-json".as_ref(),
        "-".as_ref(),
    ]);
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("unsat"),
        "{}",
        describe("--stats-json -", &o)
    );
    let json = lines.next().unwrap_or_default();
    assert!(
        json.starts_with('{') && json.ends_with('}') && json.contains("\"result\": \"unsat\""),
        "{}",
        describe("--stats-json -", &o)
    );
    assert!(!Path::new("-").exists(), "a file called '-' was written");
}

/// A certificate for one property (`check --property N`) is accepted by `certify --property
/// N`; without it, all properties are checked and the message says why that may fail.
#[test]
fn certify_one_property() {
    let dir = scratch("certify-property");
    let m = model_path("multi_prop.aag");
    let cert = dir.join("b0.aag");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--property".as_ref(),
        "0".as_ref(),
        "--certificate".as_ref(),
        cert.as_os_str(),
    ]);
    assert_eq!(
        first_line(&o),
        "unsat",
        "{}",
        describe("check --property 0", &o)
    );
    let o = pdrkit([
        "certify".as_ref(),
        m.as_os_str(),
        cert.as_os_str(),
        "--property".as_ref(),
        "0".as_ref(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        describe("certify --property 0", &o)
    );
    // b1 fails at depth 1: no certificate proves both. Rejected is exit 2, unreadable 1.
    let o = pdrkit(["certify".as_ref(), m.as_os_str(), cert.as_os_str()]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        describe("certify, all properties", &o)
    );
    assert!(
        stderr(&o).contains("b0.aag") && stderr(&o).contains("--property N"),
        "{}",
        describe("certify, all properties", &o)
    );
    let o = pdrkit([
        "certify".as_ref(),
        m.as_os_str(),
        m.join("missing").as_os_str(),
    ]);
    assert_error("certify, unreadable certificate", &o, &["missing"]);
    // A witness that reads well and reaches no bad state: rejected, exit 2.
    let wit = dir.join("none.wit");
    std::fs::write(&wit, "1\nb1\n00\n0\n.\n").unwrap();
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), wit.as_os_str()]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        describe("replay, no bad state", &o)
    );
    let o = pdrkit([
        "certify".as_ref(),
        m.as_os_str(),
        cert.as_os_str(),
        "--property".as_ref(),
        "2".as_ref(),
    ]);
    assert_error(
        "certify --property 2",
        &o,
        &["multi_prop.aag", "property 2"],
    );
}

/// What a model holds that is not checked is said on stderr: liveness beside safety, or no
/// property at all.
#[test]
fn unchecked_parts_of_a_model_are_named() {
    let dir = scratch("warnings");
    for (name, text, needle) in [
        // A latch that toggles; b0 = the latch AND NOT the latch (never); one justice property.
        (
            "bad_and_justice.aag",
            "aag 2 0 1 0 1 1 0 1\n2 3\n4\n1\n2\n4 2 3\n",
            "1 justice property is not checked",
        ),
        (
            "no_property.aag",
            "aag 1 0 1 0 0\n2 3\n",
            "no safety property",
        ),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        let o = pdrkit(["check".as_ref(), p.as_os_str()]);
        assert_eq!(first_line(&o), "unsat", "{}", describe(name, &o));
        assert!(
            stderr(&o).contains("warning") && stderr(&o).contains(needle),
            "{}",
            describe(name, &o)
        );
    }
}

/// `-v` with every worker: each progress line names its worker, and the winner is named.
#[test]
fn verbose_names_each_worker_and_the_winner() {
    let m = model_path("counter_safe.aag");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "-v".as_ref(),
        "--jobs".as_ref(),
        "6".as_ref(),
    ]);
    assert_eq!(first_line(&o), "unsat", "{}", describe("-v --jobs 6", &o));
    let names = ["ic3", "kind", "ic3-ctg", "kipdr", "bmc", "ic3-ternary"];
    let err = stderr(&o);
    for n in names {
        assert!(err.contains(&format!("pdrkit: worker {n}: ")), "{n}: {err}");
    }
    let winner = err
        .lines()
        .find_map(|l| l.strip_prefix("pdrkit: winner: "))
        .unwrap_or_else(|| panic!("no winner line: {err}"));
    assert!(names.contains(&winner), "{err}");
    for line in err.lines().filter(|l| !l.starts_with("pdrkit: ")) {
        let who = line.split(':').next().unwrap_or_default();
        assert!(names.contains(&who), "a line that names no worker: {line}");
    }
}

/// An option the chosen engine does not use is named in a warning; the run goes on.
#[test]
fn options_the_engine_ignores_are_warned_about() {
    let m = model_path("counter_safe.aag");
    for (args, warned, quiet) in [
        (
            &[
                "--engine",
                "bmc",
                "--bound",
                "2",
                "--ctg-max",
                "3",
                "--jobs",
                "2",
            ][..],
            &["--ctg-max", "--jobs"][..],
            &["--bound"][..],
        ),
        (
            &["--engine", "ic3", "--simple-path", "lazy"],
            &["--simple-path"],
            &[],
        ),
        (
            &["--ctg-max", "3", "--simple-path", "lazy", "--jobs", "2"],
            &[],
            &["--ctg-max"],
        ),
    ] {
        let mut all: Vec<&std::ffi::OsStr> = vec!["check".as_ref(), m.as_os_str()];
        all.extend(args.iter().map(std::ffi::OsStr::new));
        let o = pdrkit(&all);
        let what = args.join(" ");
        assert!(
            matches!(o.status.code(), Some(20 | 30)),
            "{}",
            describe(&what, &o)
        );
        let err = stderr(&o);
        for w in warned {
            assert!(
                err.contains(&format!("warning: {w} is not used")),
                "{}",
                describe(&what, &o)
            );
        }
        for q in quiet {
            assert!(
                !err.contains(&format!("{q} is not used")),
                "{}",
                describe(&what, &o)
            );
        }
        if warned.is_empty() {
            assert!(!err.contains("warning"), "{}", describe(&what, &o));
        }
    }
}

/// HWMCC'25's call form `pdrkit MODEL WITNESS CERTIFICATE`: the verdict on stdout, the witness
/// or a binary certificate written; and `--certificate FILE.aig` writes binary AIGER. Each
/// artifact is accepted by `replay` or `certify`.
#[test]
fn hwmcc_call_form_and_binary_certificates() {
    let dir = scratch("hwmcc");
    let (wit, cert) = (dir.join("out.sat"), dir.join("out.unsat"));
    let safe = model_path("counter_safe.aag");
    let o = pdrkit([safe.as_os_str(), wit.as_os_str(), cert.as_os_str()]);
    assert_eq!(
        first_line(&o),
        "unsat",
        "{}",
        describe("hwmcc form, safe", &o)
    );
    assert!(!wit.exists());
    assert!(std::fs::read(&cert).unwrap().starts_with(b"aig "));
    assert!(certify_accepts(&safe, &cert));
    let unsafe_ = model_path("counter_unsafe.aag");
    let o = pdrkit([unsafe_.as_os_str(), wit.as_os_str(), cert.as_os_str()]);
    assert_eq!(
        first_line(&o),
        "sat",
        "{}",
        describe("hwmcc form, unsafe", &o)
    );
    assert!(!cert.exists(), "the earlier run's certificate stayed");
    assert!(replay_accepts(&unsafe_, &wit));
    for engine in ["ic3", "kind"] {
        for name in ["c.aig", "c.aag"] {
            let c = dir.join(format!("{engine}-{name}"));
            let o = pdrkit([
                "check".as_ref(),
                safe.as_os_str(),
                "--engine".as_ref(),
                engine.as_ref(),
                "--certificate".as_ref(),
                c.as_os_str(),
            ]);
            assert_eq!(first_line(&o), "unsat", "{}", describe(engine, &o));
            let header = if name.ends_with(".aig") {
                "aig "
            } else {
                "aag "
            };
            assert!(
                std::fs::read(&c).unwrap().starts_with(header.as_bytes()),
                "{engine} {name}"
            );
            assert!(certify_accepts(&safe, &c), "{engine} {name}");
        }
    }
}

/// `--jobs 0` is a usage error.
#[test]
fn zero_jobs_is_refused() {
    let m = model_path("counter_safe.aag");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--jobs".as_ref(),
        "0".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", describe("--jobs 0", &o));
    assert!(
        stdout(&o).is_empty() && stderr(&o).contains("--jobs"),
        "{}",
        describe("--jobs 0", &o)
    );
}

/// An `unknown` always says why on stderr, in one line, without `-v`.
#[test]
fn unknown_says_why() {
    let m = model_path("counter_safe.aag");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--engine".as_ref(),
        "bmc".as_ref(),
        "--bound".as_ref(),
        "3".as_ref(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(30),
        "{}",
        describe("bmc --bound 3", &o)
    );
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{}", describe("bmc --bound 3", &o));
    assert!(
        lines[0].starts_with("pdrkit: unknown: ") && lines[0].contains('3'),
        "{}",
        describe("bmc --bound 3", &o)
    );
}

#[test]
fn property_out_of_range() {
    for (file, n) in [
        ("counter_safe.aag", "5"),
        ("outputs_unsafe.aag", "1"),
        ("multi_prop.aag", "2"),
    ] {
        for engine in ["ic3", "bmc"] {
            let o = pdrkit([
                "check".as_ref(),
                model_path(file).as_os_str(),
                "--engine".as_ref(),
                engine.as_ref(),
                "--property".as_ref(),
                n.as_ref(),
            ]);
            assert_error(
                &format!("{file} --property {n}"),
                &o,
                &[file, "property", n],
            );
        }
    }
}

#[test]
fn stats_json_is_written() {
    let dir = scratch("stats");
    for (file, result) in [("counter_unsafe.aag", "sat"), ("counter_safe.aag", "unsat")] {
        let json = dir.join(format!("{file}.json"));
        let o = pdrkit([
            "check".as_ref(),
            model_path(file).as_os_str(),
            "--engine".as_ref(),
            "ic3".as_ref(),
            "--stats-json".as_ref(),
            json.as_os_str(),
        ]);
        assert_eq!(first_line(&o), result, "{}", describe(file, &o));
        let text = std::fs::read_to_string(&json).unwrap();
        let t = text.trim();
        assert!(t.starts_with('{') && t.ends_with('}'), "{text}");
        assert!(
            text.contains(&format!("\"result\": \"{result}\"")),
            "{text}"
        );
        assert!(text.contains("\"engine\": \"ic3\""), "{text}");
    }
}

/// `--timeout 1` on a problem no one solves in a second answers unknown (exit 30) at once.
/// The files are ones that neither pdrkit (IC3 in three configurations, k-induction, KIPDR)
/// nor rIC3 nor ABC solved in 20 s (the 2026-12-04 runs of docs/results.md): `divthree-p012` and `cmudme2`,
/// once used here, are solved within a second or two by today's IC3 on a fast machine.
#[test]
fn timeout_answers_unknown_in_time() {
    let Some(bench) = shared_benchmarks() else {
        println!("note: ../shared/benchmarks is absent; skipping");
        return;
    };
    let rows = read_tsv(&bench.join("MANIFEST.tsv"));
    let hard = [
        "hwmcc11/pdtfifo1to0.aig",
        "hwmcc20/vis_arrays_bufferAlloc.aig",
    ];
    let mut tried = 0;
    for file in hard {
        let row = rows.iter().find(|r| r["file"] == file);
        let Some(row) = row else { continue };
        assert_eq!(row["abc_pdr_seconds"], "timeout", "{file} is not hard");
        let path = bench.join(file);
        pdrkit_binary();
        for engine in [&["--engine", "ic3"][..], &[]] {
            let start = Instant::now();
            let mut args = vec![
                "check".as_ref(),
                path.as_os_str(),
                "--timeout".as_ref(),
                "1".as_ref(),
            ];
            args.extend(engine.iter().map(std::ffi::OsStr::new));
            let o = pdrkit(&args);
            let took = start.elapsed();
            let what = format!("{file} {}", engine.join(" "));
            assert_eq!(stdout(&o), "unknown\n", "{}", describe(&what, &o));
            assert_eq!(o.status.code(), Some(30), "{}", describe(&what, &o));
            assert!(
                took >= Duration::from_millis(900),
                "{what}: too soon ({took:?})"
            );
            assert!(took < Duration::from_millis(1500), "{what}: took {took:?}");
            tried += 1;
        }
    }
    assert!(tried > 0, "no hard benchmark found");
}

/// A witness corrupted on purpose is rejected by `replay`; a certificate corrupted on purpose by
/// `certify`.
#[test]
fn corrupted_artifacts_are_rejected() {
    let dir = scratch("corrupt");
    // Witnesses.
    for file in [
        "counter_unsafe.aag",
        "uninit_cex.aag",
        "constraint_last_input.aag",
    ] {
        let path = model_path(file);
        let wit = dir.join(format!("{file}.wit"));
        let o = pdrkit([
            "check".as_ref(),
            path.as_os_str(),
            "--engine".as_ref(),
            "bmc".as_ref(),
            "--witness".as_ref(),
            wit.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(10), "{}", describe(file, &o));
        assert!(replay_accepts(&path, &wit));
        let good = std::fs::read_to_string(&wit).unwrap();
        let lines: Vec<String> = good.lines().map(str::to_string).collect();
        let flip = |s: &str| -> String {
            s.chars()
                .map(|c| match c {
                    '0' => '1',
                    '1' => '0',
                    c => c,
                })
                .collect()
        };
        let mut variants: Vec<(&str, Vec<String>)> = Vec::new();
        // Every input flipped: counter_unsafe never counts, constraint_last_input violates
        // its constraint at the last step (uninit_cex has no inputs).
        let last = lines.len() - 2;
        if !lines[last].is_empty() {
            let mut v = lines.clone();
            for l in &mut v[3..=last] {
                *l = flip(l);
            }
            variants.push(("inputs flipped", v));
        }
        // One step fewer.
        let mut v = lines.clone();
        v.remove(last);
        variants.push(("last step dropped", v));
        // The initial state flipped (a reset-0 latch started at 1, or u started at 0).
        let mut v = lines.clone();
        v[2] = flip(&v[2]);
        variants.push(("initial state flipped", v));
        // A property that does not exist.
        let mut v = lines.clone();
        v[1] = "b7".into();
        variants.push(("unknown property", v));
        // Wrong length of the initial state.
        let mut v = lines.clone();
        v[2].push('0');
        variants.push(("initial state too long", v));
        for (what, v) in variants {
            let bad = dir.join(format!("{file}.bad.wit"));
            std::fs::write(&bad, v.join("\n") + "\n").unwrap();
            assert!(
                !replay_accepts(&path, &bad),
                "{file}: {what}: accepted\n{}",
                v.join("\n")
            );
        }
    }

    // Certificates.
    for file in [
        "counter_safe.aag",
        "constraint_safe.aag",
        "reset_one_safe.aag",
    ] {
        let path = model_path(file);
        let cert = dir.join(format!("{file}.cert.aag"));
        let o = pdrkit([
            "check".as_ref(),
            path.as_os_str(),
            "--certificate".as_ref(),
            cert.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(20), "{}", describe(file, &o));
        assert!(certify_accepts(&path, &cert));
        let good = aiger::read_file(&cert).unwrap();
        assert!(!good.latches.is_empty());
        let mut variants: Vec<(&str, Aig)> = Vec::new();
        // No bad state at all: the model's property is no longer implied.
        let mut c = good.clone();
        c.bads = vec![Lit::FALSE];
        variants.push(("bad = 0", c));
        // A latch's reset changed: the model's initial states are not the certificate's.
        let mut c = good.clone();
        c.latches[0].reset = match c.latches[0].reset {
            Reset::One => Reset::Zero,
            _ => Reset::One,
        };
        variants.push(("reset changed", c));
        // A latch's next-state function negated: it no longer simulates the model.
        let mut c = good.clone();
        c.latches[0].next = !c.latches[0].next;
        variants.push(("next negated", c));
        for (what, c) in variants {
            let bad = write_model(&dir, &format!("{file}.bad.cert.aag"), &c);
            assert!(!certify_accepts(&path, &bad), "{file}: {what}: accepted");
        }
    }
    // A certificate for the wrong model.
    let cert = dir.join("counter_safe.aag.cert.aag");
    assert!(!certify_accepts(&model_path("counter_unsafe.aag"), &cert));
}

/// One benchmark run: the file, its answer word or what failed, and the wall time.
type Ran = (String, Result<String, String>, Duration);

/// The quick tier of the shared benchmarks (ABC `pdr` under a second): IC3 answers as expected,
/// every `sat` replays and every `unsat` certifies. A few `unknown` answers are tolerated.
#[test]
fn shared_quick_tier() {
    let Some(bench) = shared_benchmarks() else {
        println!("note: ../shared/benchmarks is absent; skipping the shared quick tier");
        return;
    };
    if cfg!(debug_assertions) {
        println!("note: the shared quick tier runs in release builds only (cargo test --release)");
        return;
    }
    let rows = read_tsv(&bench.join("MANIFEST.tsv"));
    let quick: Vec<(String, Expected)> = rows
        .iter()
        .filter(|r| r["abc_pdr_seconds"].parse::<f64>().is_ok_and(|s| s < 1.0))
        .filter_map(|r| Some((r["file"].clone(), Expected::parse(&r["expected"])?)))
        .filter(|(_, e)| *e != Expected::Unknown)
        .collect();
    assert!(quick.len() >= 50, "only {} quick files", quick.len());
    pdrkit_binary();
    let dir = scratch("shared");
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Ran>> = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((file, expected)) = quick.get(i) else {
                    break;
                };
                let t = Instant::now();
                let tag = file.replace('/', "_");
                let r = check_and_verify(
                    &bench.join(file),
                    &["--engine", "ic3", "--timeout", "20"],
                    None,
                    &dir,
                    &tag,
                )
                .and_then(|word| {
                    if word == "unknown" || word == expected.word() {
                        Ok(word)
                    } else {
                        Err(format!(
                            "{file}: answered {word}, expected {}",
                            expected.word()
                        ))
                    }
                });
                results.lock().unwrap().push((file.clone(), r, t.elapsed()));
            });
        }
    });
    let results = results.into_inner().unwrap();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.1.as_ref().err()).collect();
    let unknown: Vec<&String> = results
        .iter()
        .filter(|r| r.1.as_deref() == Ok("unknown"))
        .map(|r| &r.0)
        .collect();
    let count = |w: &str| results.iter().filter(|r| r.1.as_deref() == Ok(w)).count();
    let mut slowest: Vec<_> = results.iter().map(|r| (r.2, &r.0)).collect();
    slowest.sort();
    slowest.reverse();
    println!(
        "shared quick tier: {} files in {:.1}s: sat {}, unsat {}, unknown {}, failed {}",
        results.len(),
        start.elapsed().as_secs_f64(),
        count("sat"),
        count("unsat"),
        unknown.len(),
        failures.len()
    );
    for (t, f) in slowest.iter().take(5) {
        println!("  slowest: {f} {:.2}s", t.as_secs_f64());
    }
    for f in &unknown {
        println!("  unknown: {f}");
    }
    assert_eq!(results.len(), quick.len());
    assert!(
        failures.is_empty(),
        "{}",
        failures
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    assert!(
        unknown.len() <= 3,
        "{} files unknown: {unknown:?}",
        unknown.len()
    );
}
