//! BTOR2 models on the command line: read by content, bit-blasted for the engines, and a
//! counterexample printed in btorsim's witness format only after the independent checker's
//! word-level simulator replayed it; a proof's certificate is for the blasted model.

use std::ffi::OsStr;
use std::path::PathBuf;

use pdrkit_suite::{describe, first_line, models_dir, pdrkit, repo_root, stderr, stdout, Vcd};

fn model(name: &str) -> PathBuf {
    models_dir().join("btor2").join(name)
}

/// The witness after the first line of `check --witness -`.
fn witness_of(out: &str) -> String {
    out.split_once('\n').map_or("", |(_, w)| w).to_string()
}

/// `pdrkit check MODEL --witness -`.
fn check_with_witness(m: &std::path::Path) -> std::process::Output {
    pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--witness".as_ref(),
        "-".as_ref(),
    ])
}

/// Whether `btorsim.py` (the shared independent witness checker) accepts `witness` for
/// `model`; asserts it does. Skipped, with a note, when the shared peers or python3 are absent.
fn btorsim_accepts(model: &std::path::Path, witness: &str, name: &str) {
    let btorsim = repo_root().join("../shared/peers/btorsim.py");
    if !btorsim.exists() {
        eprintln!("note: {} absent; btorsim.py not run", btorsim.display());
        return;
    }
    let dir = std::env::temp_dir().join(format!("pdrkit-btorsim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wit = dir.join(format!("{name}.wit"));
    std::fs::write(&wit, witness).unwrap();
    let r = std::process::Command::new("python3")
        .arg(&btorsim)
        .arg("check")
        .arg(model)
        .arg(&wit)
        .output();
    match r {
        Ok(r) => assert!(
            String::from_utf8_lossy(&r.stdout).starts_with("ok"),
            "btorsim.py on {name}: {}{}",
            String::from_utf8_lossy(&r.stdout),
            String::from_utf8_lossy(&r.stderr)
        ),
        Err(e) => eprintln!("note: python3 not run: {e}"),
    }
}

#[test]
fn a_btor2_counterexample_is_a_btorsim_witness_the_checker_replays() {
    let m = model("counter_unsafe.btor2");
    let o = check_with_witness(&m);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    assert_eq!(first_line(&o), "sat");
    let text = witness_of(&stdout(&o));
    assert!(text.starts_with("sat\nb0\n#0\n1 "), "{text}");
    assert!(text.contains("@0\n0 1 en\n"), "{text}");
    assert!(text.ends_with(".\n"), "{text}");
    let model = pdrkit_check::read_btor2(&m).unwrap();
    let w = pdrkit_check::parse_btor2_witness(&text).unwrap();
    let r = pdrkit_check::replay_btor2(&model, &w).expect("the checker replays it");
    assert_eq!(
        r.bad_step, 9,
        "the counter reaches 9 after nine steps at the earliest"
    );
    btorsim_accepts(&m, &text, "counter");
}

#[test]
fn a_btor2_proof_certifies_the_blasted_model() {
    let m = model("counter_safe.btor2");
    let dir = std::env::temp_dir().join(format!("pdrkit-btor2-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cert = dir.join("counter.cert.aag");
    for engine in ["ic3", "kind", "portfolio"] {
        let o = pdrkit([
            "check".as_ref(),
            m.as_os_str(),
            "--engine".as_ref(),
            engine.as_ref(),
            "--certificate".as_ref(),
            cert.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(20), "{}", describe(engine, &o));
        let text = std::fs::read_to_string(&m).unwrap();
        let blasted = pdrkit_btor2::blast(&pdrkit_btor2::parse(&text).unwrap()).unwrap();
        let model = pdrkit_check::Model::parse(&pdrkit_ts::aiger::write_aag(&blasted.aig)).unwrap();
        let c = pdrkit_check::Model::read(&cert).unwrap();
        assert!(
            pdrkit_check::check_certificate(&model, &c).is_ok(),
            "{engine}"
        );
        // `pdrkit certify` given the BTOR2 model checks the certificate for its blasted model.
        let o = pdrkit(["certify".as_ref(), m.as_os_str(), cert.as_os_str()]);
        assert_eq!(o.status.code(), Some(0), "{}", describe(engine, &o));
    }
    // A certificate of another model is rejected for it.
    let other = dir.join("other.cert.aag");
    let o = pdrkit([
        "check".as_ref(),
        models_dir().join("counter_safe.aag").as_os_str(),
        "--certificate".as_ref(),
        other.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(20), "{}", describe("aiger", &o));
    let o = pdrkit(["certify".as_ref(), m.as_os_str(), other.as_os_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", describe("other", &o));
}

/// The format is recognized by content: a BTOR2 file under another name is still BTOR2.
#[test]
fn btor2_is_recognized_by_content() {
    let dir = std::env::temp_dir().join(format!("pdrkit-btor2-name-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let renamed = dir.join("model.txt");
    std::fs::copy(model("counter_unsafe.btor2"), &renamed).unwrap();
    let o = pdrkit(["check".as_ref(), renamed.as_os_str()]);
    assert_eq!(first_line(&o), "sat", "{}", describe("renamed", &o));
}

/// yosys's name maps are for AIGER: `--map` with a BTOR2 model is refused with a clear error,
/// not ignored.
#[test]
fn name_maps_are_refused_for_btor2() {
    let m = model("counter_unsafe.btor2");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--vcd".as_ref(),
        "-".as_ref(),
        "--map".as_ref(),
        "x.aim".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", describe("--map", &o));
    assert!(stderr(&o).contains("--map names the signals of an AIGER model"));
}

/// `pdrkit replay` takes a BTOR2 model and a btorsim witness: the checker's word-level
/// simulator accepts pdrkit's own witness (exit 0) and rejects it with one input changed
/// (exit 2).
#[test]
fn replay_checks_btorsim_witnesses() {
    let m = model("counter_unsafe.btor2");
    let o = check_with_witness(&m);
    let text = witness_of(&stdout(&o));
    let dir = std::env::temp_dir().join(format!("pdrkit-btor2-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.wit");
    std::fs::write(&good, &text).unwrap();
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), good.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    assert_eq!(first_line(&o), "ok: 10 steps, b0 is 1 at step 9");
    // Enable off in the first step: nine steps no longer reach 9.
    let bad = dir.join("bad.wit");
    std::fs::write(&bad, text.replacen("@0\n0 1 en", "@0\n0 0 en", 1)).unwrap();
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), bad.as_os_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", describe("replay", &o));
}

/// `pdrkit blast` writes the AIG a BTOR2 model is checked as: a certificate of `check
/// MODEL.btor2 --certificate C` is accepted by `pdrkit certify` on the blasted file, binary
/// and ASCII alike, and the bits carry the BTOR2 symbols.
#[test]
fn a_blasted_model_is_what_btor2_certificates_prove() {
    let m = model("counter_safe.btor2");
    let dir = std::env::temp_dir().join(format!("pdrkit-btor2-blast-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cert = dir.join("counter.cert");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--certificate".as_ref(),
        cert.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(20), "{}", describe("check", &o));
    for name in ["blasted.aig", "blasted.aag"] {
        let out = dir.join(name);
        let o = pdrkit([
            "blast".as_ref(),
            m.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", describe("blast", &o));
        let header = std::fs::read(&out).unwrap();
        let binary = name.ends_with(".aig");
        assert!(header.starts_with(if binary { b"aig " } else { b"aag " }));
        let o = pdrkit(["certify".as_ref(), out.as_os_str(), cert.as_os_str()]);
        assert_eq!(o.status.code(), Some(0), "{}", describe(name, &o));
        assert!(stdout(&o).starts_with("ok: certificate valid"));
    }
    // Without -o: ASCII on standard output, the 4-bit state's latches named by bit.
    let o = pdrkit(["blast".as_ref(), m.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("blast", &o));
    let text = stdout(&o);
    assert!(text.starts_with("aag "), "{text}");
    for sym in [
        "i0 en\n",
        "l0 count[0]\n",
        "l3 count[3]\n",
        "b0 count_above_9\n",
    ] {
        assert!(text.contains(sym), "{sym:?} missing:\n{text}");
    }
    let aig = pdrkit_check::Model::parse(text.as_bytes()).expect("the checker reads it");
    assert_eq!((aig.inputs.len(), aig.latches.len()), (1, 4));
    // An AIGER model is refused, with what was expected.
    let aag = models_dir().join("counter_safe.aag");
    let o = pdrkit(["blast".as_ref(), aag.as_os_str()]);
    assert_eq!(o.status.code(), Some(1), "{}", describe("blast aag", &o));
    assert!(stderr(&o).contains("not a BTOR2 model"), "{}", stderr(&o));
}

/// HWMCC's word-level call form `pdrkit MODEL.btor2 WITNESS`: the verdict on stdout, and on
/// `sat` the btorsim witness in WITNESS (accepted by `pdrkit replay`); on `unsat` no witness
/// is left there, not even an earlier run's.
#[test]
fn hwmcc_word_level_call_form() {
    let dir = std::env::temp_dir().join(format!("pdrkit-btor2-hwmcc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wit = dir.join("out.wit");
    let unsafe_ = model("counter_unsafe.btor2");
    let o = pdrkit([unsafe_.as_os_str(), wit.as_os_str()]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("unsafe", &o));
    assert_eq!(stdout(&o), "sat\n", "the witness goes to the file only");
    let text = std::fs::read_to_string(&wit).unwrap();
    assert!(text.starts_with("sat\nb0\n"), "{text}");
    let o = pdrkit(["replay".as_ref(), unsafe_.as_os_str(), wit.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    let safe = model("counter_safe.btor2");
    let o = pdrkit([safe.as_os_str(), wit.as_os_str()]);
    assert_eq!(o.status.code(), Some(20), "{}", describe("safe", &o));
    assert_eq!(first_line(&o), "unsat");
    assert!(!wit.exists(), "the earlier run's witness stayed");
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pdrkit-btor2-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The assignments of a btorsim witness, read here: per frame, the `#k` and `@k` parts as
/// (position, bits) pairs.
type Frames = Vec<(Vec<(usize, String)>, Vec<(usize, String)>)>;

fn frames(witness: &str) -> Frames {
    let mut out: Frames = Vec::new();
    let mut states = Vec::new();
    let mut in_inputs = false;
    for line in witness.lines() {
        if line.starts_with('#') {
            in_inputs = false;
        } else if line.starts_with('@') {
            out.push((std::mem::take(&mut states), Vec::new()));
            in_inputs = true;
        } else if let Some((pos, rest)) = line.split_once(' ') {
            let Ok(pos) = pos.parse::<usize>() else {
                continue;
            };
            let bits = rest.split(' ').next().unwrap().to_string();
            if in_inputs {
                out.last_mut().unwrap().1.push((pos, bits));
            } else {
                states.push((pos, bits));
            }
        }
    }
    out
}

/// The value a frame part gives position `pos` (0 when left out, as the format says).
fn given(part: &[(usize, String)], pos: usize, width: usize) -> u64 {
    part.iter().find(|(p, _)| *p == pos).map_or(0, |(_, b)| {
        assert_eq!(b.len(), width);
        u64::from_str_radix(b, 2).unwrap()
    })
}

fn bits(v: u64, width: usize) -> String {
    format!("{v:0width$b}")
}

/// `--vcd` on a BTOR2 model: one word-level signal per input and state, named by its symbol,
/// with the values the witness gives (worked out here from the witness text: `count` adds `en`
/// every step, `junk` flips), and the property; `replay --vcd` writes the same waveform.
#[test]
fn a_btor2_waveform_is_word_level() {
    let m = model("counter_unsafe.btor2");
    let dir = scratch("vcd");
    let (wit, vcd) = (dir.join("c.wit"), dir.join("c.vcd"));
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--witness".as_ref(),
        wit.as_os_str(),
        "--vcd".as_ref(),
        vcd.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    let text = std::fs::read_to_string(&vcd).unwrap();
    let v = Vcd::parse(&text);
    for (name, width) in [
        ("counter_unsafe.en", 1),
        ("counter_unsafe.count", 4),
        ("counter_unsafe.junk", 4),
        ("properties.b0_count_is_9", 1),
    ] {
        assert_eq!(
            v.vars.get(name).map(|x| x.1),
            Some(width),
            "{name}:\n{text}"
        );
    }
    assert_eq!(v.vars.len(), 4, "{text}");
    let f = frames(&std::fs::read_to_string(&wit).unwrap());
    let junk0 = given(&f[0].0, 1, 4);
    let mut count = 0;
    for (k, (_, inputs)) in f.iter().enumerate() {
        let t = 10 * k as u64;
        assert_eq!(v.at("counter_unsafe.count", t), bits(count, 4), "step {k}");
        let junk = if k % 2 == 0 { junk0 } else { !junk0 & 15 };
        assert_eq!(v.at("counter_unsafe.junk", t), bits(junk, 4), "step {k}");
        let en = given(inputs, 0, 1);
        assert_eq!(v.at("counter_unsafe.en", t), bits(en, 1), "step {k}");
        let bad = if count == 9 { "1" } else { "0" };
        assert_eq!(v.at("properties.b0_count_is_9", t), bad, "step {k}");
        count = (count + en) & 15;
    }
    // The same waveform from `replay`.
    let again = dir.join("again.vcd");
    let o = pdrkit([
        "replay".as_ref(),
        m.as_os_str(),
        wit.as_os_str(),
        "--vcd".as_ref(),
        again.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

/// The yosys-made design `fifo_ctl.v` (written as BTOR2 by `fifo_ctl.ys`): its counterexample
/// is accepted by the checker's replay and by btorsim.py, and its waveform has the Verilog's
/// signal names and widths, with values that follow the Verilog's semantics step by step
/// (worked out here from the waveform's own inputs) into a failing assertion.
#[test]
fn a_yosys_design_through_btor2() {
    let m = model("fifo_ctl.btor2");
    let dir = scratch("yosys");
    let (wit, vcd) = (dir.join("f.wit"), dir.join("f.vcd"));
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--witness".as_ref(),
        wit.as_os_str(),
        "--vcd".as_ref(),
        vcd.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    let witness = std::fs::read_to_string(&wit).unwrap();
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), wit.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    btorsim_accepts(&m, &witness, "fifo_ctl");
    let text = std::fs::read_to_string(&vcd).unwrap();
    let v = Vcd::parse(&text);
    let signals = [
        ("clk", 1),
        ("push", 1),
        ("pop", 1),
        ("din", 8),
        ("count", 3),
        ("wptr", 2),
        ("rptr", 2),
        ("sum", 8),
        ("drained", 1),
    ];
    for (name, width) in signals {
        let full = format!("fifo_ctl.{name}");
        assert_eq!(
            v.vars.get(&full).map(|x| x.1),
            Some(width),
            "{full}:\n{text}"
        );
    }
    for p in [
        "b0_checksum_not_full",
        "b1_count_bounded",
        "b2_no_refill_after_read",
        "b3_pointers_agree",
    ] {
        assert!(
            v.vars.contains_key(&format!("properties.{p}")),
            "{p}:\n{text}"
        );
    }
    assert!(v.vars.contains_key("constraints.c0"), "{text}");
    assert_eq!(v.vars.len(), signals.len() + 5, "{text}");
    // The registers step as the Verilog says, from 0.
    let val = |name: &str, k: u64| {
        u64::from_str_radix(&v.at(&format!("fifo_ctl.{name}"), 10 * k), 2).unwrap()
    };
    let steps = frames(&witness).len() as u64;
    let (mut count, mut wptr, mut rptr, mut sum, mut drained) = (0, 0, 0, 0, 0);
    for k in 0..steps {
        let got = [
            val("count", k),
            val("wptr", k),
            val("rptr", k),
            val("sum", k),
            val("drained", k),
        ];
        assert_eq!(got, [count, wptr, rptr, sum, drained], "step {k}:\n{text}");
        let do_push = val("push", k) == 1 && count != 4;
        let do_pop = val("pop", k) == 1 && count != 0;
        if do_push {
            wptr = (wptr + 1) & 3;
            sum = (sum + val("din", k)) & 255;
        }
        if do_pop {
            rptr = (rptr + 1) & 3;
            drained = 1;
        }
        count = count + u64::from(do_push) - u64::from(do_pop);
    }
    // The last step violates the assertion the witness names.
    let last = steps - 1;
    let b0 = val("count", last) == 4 && val("sum", last) == 255;
    let b2 = val("drained", last) == 1 && val("count", last) == 3;
    let claimed = witness.lines().nth(1).unwrap();
    match claimed {
        "b0" => assert!(b0, "{text}"),
        "b2" => assert!(b2, "{text}"),
        other => panic!("{other}: a property that holds"),
    }
}

/// `--each-property` on a BTOR2 model with several `bad`s: one verdict line each, one btorsim
/// witness per violated property in the witness file (each accepted by `replay` and
/// btorsim.py), one certificate per safe property (accepted by `certify --property N` on the
/// blasted model), and the waveform of the first counterexample.
#[test]
fn each_property_of_a_btor2_model() {
    let m = model("fifo_ctl.btor2");
    let dir = scratch("each");
    let (wit, cert, vcd) = (dir.join("e.wit"), dir.join("e.aag"), dir.join("e.vcd"));
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--each-property".as_ref(),
        "--witness".as_ref(),
        wit.as_os_str(),
        "--certificate".as_ref(),
        cert.as_os_str(),
        "--vcd".as_ref(),
        vcd.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    assert_eq!(stdout(&o), "sat\nb0 sat\nb1 unsat\nb2 sat\nb3 unsat\n");
    let text = std::fs::read_to_string(&wit).unwrap();
    let all = pdrkit_check::parse_btor2_witnesses(&text).unwrap();
    let checker = pdrkit_check::read_btor2(&m).unwrap();
    let claimed: Vec<Vec<usize>> = all.iter().map(|w| w.bads.clone()).collect();
    assert_eq!(claimed, [[0], [2]]);
    for w in &all {
        pdrkit_check::replay_btor2(&checker, w).expect("the checker replays it");
    }
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), wit.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().map(|l| &l[..6]).collect();
    assert_eq!(lines, ["b0: ok", "b2: ok"]);
    // btorsim.py reads one witness per file.
    let mut one = String::new();
    for (k, line) in text.lines().enumerate() {
        one.push_str(line);
        one.push('\n');
        if line == "." {
            btorsim_accepts(&m, &one, &format!("each-{k}"));
            one.clear();
        }
    }
    let blasted = dir.join("fifo_ctl.aag");
    let o = pdrkit([
        "blast".as_ref(),
        m.as_os_str(),
        "-o".as_ref(),
        blasted.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("blast", &o));
    for n in ["1", "3"] {
        let c = dir.join(format!("e.b{n}.aag"));
        let o = pdrkit([
            "certify".as_ref(),
            blasted.as_os_str(),
            c.as_os_str(),
            "--property".as_ref(),
            n.as_ref(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", describe(n, &o));
    }
    assert!(!dir.join("e.b0.aag").exists() && !dir.join("e.b2.aag").exists());
    let v = Vcd::parse(&std::fs::read_to_string(&vcd).unwrap());
    let end = 10 * (all[0].frames.len() as u64 - 1);
    assert_eq!(v.at("properties.b0_checksum_not_full", end), "1");
}

/// `pdrkit check` on `m` with `--engine engine` (none for `default`) and `extra` arguments.
fn check_engine(m: &std::path::Path, engine: &str, extra: &[&OsStr]) -> std::process::Output {
    let mut args: Vec<&OsStr> = vec!["check".as_ref(), m.as_os_str()];
    if engine != "default" {
        args.extend([OsStr::new("--engine"), OsStr::new(engine)]);
    }
    args.extend_from_slice(extra);
    pdrkit(args)
}

/// States started from `init` expressions (another state's init, `add(a, 1)`, a negated state,
/// a state without init), blasted into AIGER 1.9.23 reset functions and lowered for the
/// engines: the unsafe model's btorsim witness from every engine lists only the state without
/// init at `#0` (the others are computed) and is accepted by the checker's replay, `pdrkit
/// replay` and btorsim.py, its bad state no earlier than the init expressions allow (step 7);
/// the safe model's certificate from every proving engine is accepted by `pdrkit certify
/// MODEL.btor2 CERT`. The safe verdict hangs on the init expressions: with `b`'s init dropped
/// the model fails at step 0.
#[test]
fn init_expressions_end_to_end() {
    let dir = scratch("init-fn");
    let unsafe_ = model("init_fn_unsafe.btor2");
    let checker = pdrkit_check::read_btor2(&unsafe_).unwrap();
    for engine in ["ic3", "bmc", "kind", "default"] {
        let wit = dir.join(format!("{engine}.wit"));
        let o = check_engine(&unsafe_, engine, &["--witness".as_ref(), wit.as_os_str()]);
        assert_eq!(o.status.code(), Some(10), "{}", describe(engine, &o));
        assert_eq!(first_line(&o), "sat");
        let text = std::fs::read_to_string(&wit).unwrap();
        let f = frames(&text);
        let listed: Vec<usize> = f[0].0.iter().map(|(p, _)| *p).collect();
        assert_eq!(listed, [0], "only k has no init:\n{text}");
        let w = pdrkit_check::parse_btor2_witness(&text).unwrap();
        let r = pdrkit_check::replay_btor2(&checker, &w).expect("the checker replays it");
        assert!(
            r.bad_step >= 7,
            "{engine}: bad at step {}:\n{text}",
            r.bad_step
        );
        if engine == "bmc" {
            assert_eq!(r.bad_step, 7, "bmc's witness is a shortest one");
        }
        let o = pdrkit(["replay".as_ref(), unsafe_.as_os_str(), wit.as_os_str()]);
        assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
        btorsim_accepts(&unsafe_, &text, &format!("init-fn-{engine}"));
    }
    let safe = model("init_fn_safe.btor2");
    for engine in ["ic3", "kind", "default"] {
        let cert = dir.join(format!("{engine}.cert.aag"));
        let o = check_engine(&safe, engine, &["--certificate".as_ref(), cert.as_os_str()]);
        assert_eq!(o.status.code(), Some(20), "{}", describe(engine, &o));
        assert_eq!(first_line(&o), "unsat");
        let o = pdrkit(["certify".as_ref(), safe.as_os_str(), cert.as_os_str()]);
        assert_eq!(o.status.code(), Some(0), "{}", describe(engine, &o));
        assert!(
            stdout(&o).starts_with("ok: certificate valid"),
            "{}",
            stdout(&o)
        );
    }
    let text = std::fs::read_to_string(&safe).unwrap();
    let dropped = text.replace("8 init 1 7 6\n", "");
    assert_ne!(dropped, text);
    let free_b = dir.join("free_b.btor2");
    std::fs::write(&free_b, &dropped).unwrap();
    let o = check_with_witness(&free_b);
    assert_eq!(o.status.code(), Some(10), "{}", describe("free b", &o));
    let text = witness_of(&stdout(&o));
    let w = pdrkit_check::parse_btor2_witness(&text).unwrap();
    let m = pdrkit_check::read_btor2(&free_b).unwrap();
    let r = pdrkit_check::replay_btor2(&m, &w).expect("the checker replays it");
    assert_eq!(r.bad_step, 0, "{text}");
    btorsim_accepts(&free_b, &text, "init-fn-free-b");
}

/// `init` expressions the format forbids or that define no start state are refused with the
/// line and what is wrong, never given a verdict: an `init` reading an input (btor2parser and
/// btorsim.py refuse it, and so does the checker's reader, without which no witness could be
/// checked; `pdrkit blast` alone writes it, the latches' reset functions reading the input),
/// and two states initialised from each other (named, by `check` and `blast` alike).
#[test]
fn bad_init_expressions_are_refused() {
    let dir = scratch("init-bad");
    let input = dir.join("input.btor2");
    std::fs::write(
        &input,
        "1 sort bitvec 2\n2 input 1 i\n3 state 1 s\n4 init 1 3 2\n5 next 1 3 3\n\
         6 sort bitvec 1\n7 redand 6 3\n8 bad 7\n",
    )
    .unwrap();
    let o = pdrkit(["check".as_ref(), input.as_os_str()]);
    assert_eq!(o.status.code(), Some(1), "{}", describe("input", &o));
    assert!(stdout(&o).is_empty(), "{}", describe("input", &o));
    assert!(
        stderr(&o).contains("line 4: init: input 2 in the init value of state 3"),
        "{}",
        describe("input", &o)
    );
    let o = pdrkit(["blast".as_ref(), input.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("blast input", &o));
    // Inputs 2 and 4 (i's bits); latches 6 and 8 (s's bits) keep their value and start at
    // the inputs' (their reset literals).
    let aag = stdout(&o);
    assert!(
        aag.starts_with("aag 5 2 2 0 1 1\n2\n4\n6 6 2\n8 8 4\n"),
        "{aag}"
    );
    let cycle = dir.join("cycle.btor2");
    std::fs::write(
        &cycle,
        "1 sort bitvec 2\n2 state 1 a\n3 state 1 b\n4 init 1 2 3\n5 init 1 3 2\n\
         6 sort bitvec 1\n7 redand 6 3\n8 bad 7\n",
    )
    .unwrap();
    for command in ["check", "blast"] {
        let o = pdrkit([command.as_ref(), cycle.as_os_str()]);
        assert_eq!(o.status.code(), Some(1), "{}", describe(command, &o));
        assert!(stdout(&o).is_empty(), "{}", describe(command, &o));
        assert!(
            stderr(&o).contains(
                "line 4: the `init` values form a cycle: state 2 (a) -> state 3 (b) -> state 2 (a)"
            ),
            "{}",
            describe(command, &o)
        );
    }
}

/// An array state started from another (free) array state, element by element: `n = m`
/// forever, so `b0` (an element differs) holds, proven with a certificate `certify` accepts;
/// `b1` (an element is 5) fails at step 0 with a witness that lists `m` (no init) but not `n`
/// (computed), accepted by `replay` and btorsim.py.
#[test]
fn an_array_state_initialised_from_another() {
    let m = model("init_fn_array.btor2");
    let dir = scratch("init-array");
    let (wit, cert) = (dir.join("a.wit"), dir.join("a.cert"));
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--each-property".as_ref(),
        "--witness".as_ref(),
        wit.as_os_str(),
        "--certificate".as_ref(),
        cert.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    assert_eq!(stdout(&o), "sat\nb0 unsat\nb1 sat\n");
    let text = std::fs::read_to_string(&wit).unwrap();
    let f = frames(&text);
    assert!(f[0].0.iter().all(|(p, _)| *p == 0), "only m at #0:\n{text}");
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), wit.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    btorsim_accepts(&m, &text, "init-fn-array");
    let o = pdrkit([
        "certify".as_ref(),
        m.as_os_str(),
        dir.join("a.b0.cert").as_os_str(),
        "--property".as_ref(),
        "0".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("certify", &o));
}
