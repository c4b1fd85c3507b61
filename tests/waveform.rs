//! Waveforms and one verdict per property, end to end on a design made by yosys
//! (`tests/models/yosys/counter.v`, turned into AIGER by `counter.ys`): the VCD is parsed back
//! and compared, step by step, with a simulation of the witness done here (not the checker's);
//! every per-property witness and certificate is re-checked by `replay` and `certify`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use pdrkit_suite::{describe, evaluate, lit_value, models_dir, pdrkit, stderr, stdout, Vcd};
use pdrkit_ts::{aiger, Aig, SymbolKind};

fn yosys(name: &str) -> PathBuf {
    models_dir().join("yosys").join(name)
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pdrkit-waveform-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The first counterexample of a witness file, simulated here: per step, every AIG variable's
/// value (the support crate's evaluator, nothing of the checker's).
fn simulate_here(aig: &Aig, witness: &str) -> Vec<Vec<bool>> {
    let lines: Vec<&str> = witness.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "1")
        .expect("a counterexample");
    let bits = |l: &str| -> u64 {
        l.bytes()
            .enumerate()
            .map(|(k, c)| u64::from(c == b'1') << k)
            .sum()
    };
    let mut state = bits(lines[start + 2]);
    let mut steps = Vec::new();
    for l in &lines[start + 3..] {
        if *l == "." {
            break;
        }
        let mut val = Vec::new();
        evaluate(aig, state, bits(l), &mut val);
        state = aig
            .latches
            .iter()
            .enumerate()
            .map(|(k, latch)| u64::from(lit_value(&val, latch.next)) << k)
            .sum();
        steps.push(val);
    }
    steps
}

/// The latches of the symbol table named `base[i]`, by `i`.
fn latch_bits(aig: &Aig, base: &str) -> Vec<usize> {
    let mut bits: Vec<(usize, usize)> = aig
        .symbols
        .iter()
        .filter(|s| s.kind == SymbolKind::Latch)
        .filter_map(|s| {
            let rest = s.name.strip_prefix(base)?.strip_prefix('[')?;
            Some((rest.strip_suffix(']')?.parse().ok()?, s.index))
        })
        .collect();
    bits.sort();
    bits.into_iter().map(|(_, k)| k).collect()
}

fn run(args: &[&str]) -> std::process::Output {
    pdrkit(args.iter().map(|s| s.to_string()))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn one_verdict_per_property_with_witnesses_and_certificates() {
    let model = yosys("counter.aag");
    let (w, c, v) = (tmp("each.wit"), tmp("each.aag"), tmp("each.vcd"));
    let o = run(&[
        "check",
        s(&model),
        "--each-property",
        "--witness",
        s(&w),
        "--certificate",
        s(&c),
        "--vcd",
        s(&v),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    // b0 is `below_eleven` (the yosys flow numbers the asserts), the other three hold.
    assert_eq!(stdout(&o), "sat\nb0 sat\nb1 unsat\nb2 unsat\nb3 unsat\n");

    // The witness file holds one result per property; replay accepts its counterexample.
    let text = std::fs::read_to_string(&w).unwrap();
    assert_eq!(text.matches("\n.\n").count(), 4, "{text}");
    assert!(
        text.contains("0\nb1\n.\n") && text.contains("0\nb3\n.\n"),
        "{text}"
    );
    let r = run(&["replay", s(&model), s(&w)]);
    assert_eq!(r.status.code(), Some(0), "{}", describe("replay", &r));
    assert!(stdout(&r).starts_with("b0: ok: "), "{}", stdout(&r));

    // Each safe property has a certificate of its own, for `certify --property N`.
    assert!(
        !Path::new(&c).exists(),
        "no certificate under the plain name"
    );
    for n in 1..4 {
        let cert = c.with_file_name(format!("each.b{n}.aag"));
        let r = run(&["certify", s(&model), s(&cert), "--property", &n.to_string()]);
        assert_eq!(r.status.code(), Some(0), "{}", describe("certify", &r));
    }
    assert!(!c.with_file_name("each.b0.aag").exists());

    // A second run that finds less leaves no stale certificate behind.
    let o = run(&[
        "check",
        s(&model),
        "--each-property",
        "--engine",
        "bmc",
        "--bound",
        "6",
        "--certificate",
        s(&c),
    ]);
    assert_eq!(
        stdout(&o),
        "sat\nb0 sat\nb1 unknown\nb2 unknown\nb3 unknown\n"
    );
    assert!(stderr(&o).contains("b1 unknown: "), "{}", stderr(&o));
    assert!(!c.with_file_name("each.b1.aag").exists());
}

#[test]
fn proofs_are_reused_for_the_next_properties() {
    let model = yosys("counter.aag");
    let o = run(&[
        "check",
        s(&model),
        "--each-property",
        "--engine",
        "ic3",
        // Preprocessing proves b2 by latch correspondence alone (its invariant is then the
        // equalities b3's preprocessing proves too): without it, b2's IC3 learns lemmas.
        "--no-preprocess",
        "--stats-json",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    let out = stdout(&o);
    let json = out.lines().last().unwrap();
    for n in 0..4 {
        assert!(json.contains(&format!("\"b{n}.time_s\": ")), "{json}");
    }
    assert!(json.contains("\"b3.result\": \"unsat\""), "{json}");
    // `low_bits_agree` (b2) speaks of latches `twin_follows` (b3) has too: its invariant is
    // given to b3's IC3 as proved lemmas.
    let given: usize = json
        .split("\"b3.lemmas_given\": ")
        .nth(1)
        .and_then(|r| r.split([',', '}']).next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{json}"));
    assert!(given > 0, "{json}");
}

#[test]
fn vcd_matches_the_simulation_under_the_verilog_names() {
    let model = yosys("counter.aag");
    let aig = aiger::read_file(&model).unwrap();
    // BMC: the shortest counterexample, 4 transitions (5 steps).
    let (w, v) = (tmp("one.wit"), tmp("one.vcd"));
    let o = run(&[
        "check",
        s(&model),
        "--property",
        "0",
        "--engine",
        "bmc",
        "--witness",
        s(&w),
        "--vcd",
        s(&v),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    let text = std::fs::read_to_string(&v).unwrap();
    let vcd = Vcd::parse(&text);

    // The Verilog's names: ports and registers, vectors as one variable each.
    let widths: HashMap<&str, usize> = [
        ("counter.clk", 1),
        ("counter.en", 1),
        ("counter.step", 2),
        ("counter.count", 4),
        ("counter.twin", 4),
        ("counter.sat", 4),
        ("properties.b0", 1),
        ("properties.b3", 1),
        ("constraints.c0", 1),
    ]
    .into();
    for (name, width) in &widths {
        assert_eq!(
            vcd.vars.get(*name).map(|v| v.1),
            Some(*width),
            "{name}: {text}"
        );
    }
    assert_eq!(vcd.vars.len(), 11, "{:?}", vcd.vars.keys());

    // Step by step, as simulated here.
    let witness = std::fs::read_to_string(&w).unwrap();
    let steps = simulate_here(&aig, &witness);
    assert_eq!(steps.len(), 5);
    let vector = |val: &[bool], latches: &[usize]| -> String {
        latches
            .iter()
            .rev()
            .map(|&k| {
                if val[aig.latches[k].lit.var().idx()] {
                    '1'
                } else {
                    '0'
                }
            })
            .collect()
    };
    for (k, val) in steps.iter().enumerate() {
        let t = 10 * k as u64;
        for reg in ["count", "twin", "sat"] {
            let want = vector(val, &latch_bits(&aig, reg));
            assert_eq!(
                vcd.at(&format!("counter.{reg}"), t),
                want,
                "{reg} at step {k}"
            );
        }
        let step: String = [3usize, 2]
            .iter()
            .map(|&i| {
                if lit_value(val, aig.inputs[i]) {
                    '1'
                } else {
                    '0'
                }
            })
            .collect();
        assert_eq!(vcd.at("counter.step", t), step, "step at step {k}");
        let en = if lit_value(val, aig.inputs[1]) {
            "1"
        } else {
            "0"
        };
        assert_eq!(vcd.at("counter.en", t), en);
        let bad = if lit_value(val, aig.bads[0]) {
            "1"
        } else {
            "0"
        };
        assert_eq!(vcd.at("properties.b0", t), bad, "b0 at step {k}");
        assert_eq!(vcd.at("constraints.c0", t), "1");
        // The clock (from the .ywa map) rises at each step boundary.
        assert_eq!(vcd.at("counter.clk", t), "1");
        assert_eq!(vcd.at("counter.clk", t + 5), "0");
    }
    assert_eq!(vcd.at("counter.count", 40), "1011", "count reaches 11");
    assert_eq!(vcd.at("properties.b0", 40), "1");

    // `replay --vcd` makes the same waveform from the witness file.
    let v2 = tmp("replayed.vcd");
    let r = run(&["replay", s(&model), s(&w), "--vcd", s(&v2)]);
    assert_eq!(r.status.code(), Some(0), "{}", describe("replay", &r));
    assert_eq!(std::fs::read_to_string(&v2).unwrap(), text);
}

#[test]
fn unnamed_signals_and_name_maps() {
    let model = models_dir().join("counter_unsafe.aag");
    // Without symbols: i<N> and l<N>. (The model's own table names them; strip it.)
    let mut aig = aiger::read_file(&model).unwrap();
    aig.symbols.clear();
    let bare = tmp("bare.aag");
    std::fs::write(&bare, aiger::write_aag(&aig)).unwrap();
    let v = tmp("bare.vcd");
    let o = run(&["check", s(&bare), "--vcd", s(&v)]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    let vcd = Vcd::parse(&std::fs::read_to_string(&v).unwrap());
    for name in ["bare.i0", "bare.l0", "bare.l1", "bare.l2", "properties.b0"] {
        assert!(vcd.vars.contains_key(name), "{name}: {:?}", vcd.vars.keys());
    }

    // A yosys map names them and groups the bits into a vector; its scope splits at dots.
    let map = tmp("bare.map.aim");
    std::fs::write(
        &map,
        "input 0 0 enable\nlatch 0 0 core.x\nlatch 1 1 core.x\nlatch 2 2 core.x\n",
    )
    .unwrap();
    let o = run(&["check", s(&bare), "--vcd", s(&v), "--map", s(&map)]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    let vcd = Vcd::parse(&std::fs::read_to_string(&v).unwrap());
    assert_eq!(vcd.vars.get("bare.core.x").map(|v| v.1), Some(3));
    assert_eq!(vcd.at("bare.core.x", 70), "111", "x reaches 7 at step 7");
    assert!(vcd.vars.contains_key("bare.enable"));

    // A map that does not fit is refused before the run, naming the file and the line.
    std::fs::write(&map, "input 0 0 enable\nlatch 9 0 x\n").unwrap();
    let o = run(&["check", s(&bare), "--vcd", s(&v), "--map", s(&map)]);
    assert_eq!(o.status.code(), Some(1), "{}", describe("check", &o));
    assert!(stdout(&o).is_empty());
    let e = stderr(&o);
    assert!(
        e.contains("bare.map.aim") && e.contains("line 2") && e.contains("latch 9"),
        "{e}"
    );
    std::fs::write(&map, "{\"inputs\": 3}").unwrap();
    let ywa = tmp("bad.ywa");
    std::fs::rename(&map, &ywa).unwrap();
    let o = run(&["check", s(&bare), "--vcd", s(&v), "--map", s(&ywa)]);
    assert_eq!(o.status.code(), Some(1), "{}", describe("check", &o));
    assert!(stderr(&o).contains("bad.ywa"), "{}", stderr(&o));
}

/// A yosys `-zinit` design (`crates/check/tests/models/zinit.*`, its `.aim` map beside it): a
/// register bit that starts at 1 (stored inverted) and an uninitialized register (its first
/// value an input) show the design's values under the Verilog names, and nothing of yosys's
/// encoding (no `l0`, no `!r`, no step-0 latch, no `u_init`).
#[test]
fn zinit_registers_under_their_verilog_names() {
    let dir = pdrkit_suite::repo_root().join("crates/check/tests/models");
    let v = tmp("zinit.vcd");
    let r = run(&[
        "replay",
        s(&dir.join("zinit.aag")),
        s(&dir.join("zinit_b0.wit")),
        "--vcd",
        s(&v),
    ]);
    assert_eq!(r.status.code(), Some(0), "{}", describe("replay", &r));
    let vcd = Vcd::parse(&std::fs::read_to_string(&v).unwrap());
    let mut names: Vec<&str> = vcd.vars.keys().map(String::as_str).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "properties.b0_r_is_3_and_u",
            "properties.b1_r_is_3",
            "zinit.clk",
            "zinit.en",
            "zinit.r",
            "zinit.u"
        ]
    );
    for (step, r, u) in [(0, "01", "1"), (1, "10", "0"), (2, "11", "1")] {
        assert_eq!(vcd.at("zinit.r", 10 * step), r, "r at step {step}");
        assert_eq!(vcd.at("zinit.u", 10 * step), u, "u at step {step}");
    }
}
