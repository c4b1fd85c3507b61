//! The BTOR2 witnesses rIC3 wrote for the shared unsafe benchmarks replay on the checker's own
//! BTOR2 simulator, and corrupted copies are rejected: a wrong bad index, a trace cut before the
//! bad step, and input bits flipped so that the outcome changes.

mod common;

use std::path::{Path, PathBuf};

use pdrkit_check::{
    parse_btor2_witness, read_btor2, replay_btor2, simulate_btor2, Btor2Model, Btor2ReplayError,
    Btor2Witness, Bv,
};

/// The shared BTOR2 folder, when present.
fn shared_btor2() -> Option<PathBuf> {
    let shared = common::shared()?;
    let p = shared.join("btor2");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("note: {} is absent, skipping", p.display());
        None
    }
}

fn model_of(dir: &Path, name: &str) -> PathBuf {
    ["hwmcc20-bv", "hwmcc20-array"]
        .iter()
        .map(|d| dir.join(d).join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no model named {name}"))
}

/// (name, model, witness) for every shared BTOR2 witness.
fn traces() -> Vec<(String, Btor2Model, Btor2Witness)> {
    let Some(dir) = shared_btor2() else {
        return Vec::new();
    };
    let wits = common::files(&dir.join("witnesses"), ".wit");
    assert!(!wits.is_empty(), "no witnesses in {}", dir.display());
    wits.iter()
        .map(|p| {
            let file = p.file_name().unwrap().to_string_lossy().into_owned();
            let name = file.trim_end_matches(".wit").to_owned();
            let model =
                read_btor2(&model_of(&dir, &name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let text = std::fs::read_to_string(p).unwrap();
            let w = parse_btor2_witness(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, model, w)
        })
        .collect()
}

#[test]
fn all_shared_btor2_witnesses_replay() {
    let t = traces();
    for (name, model, w) in &t {
        let r = replay_btor2(model, w).unwrap_or_else(|e| panic!("{name}: {e}"));
        eprintln!(
            "{name}: {} frames, b{} reached at step {} ({} state and {} input values defaulted)",
            r.steps, r.hits[0].0, r.bad_step, r.defaulted_states, r.defaulted_inputs
        );
        // The full simulation agrees: the bad is 1 at the replay's step.
        let sim = simulate_btor2(model, w).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(sim.states.len(), w.frames.len());
        assert!(sim.bads[r.bad_step][w.bads[0]], "{name}");
        assert!(sim.constraints[..=r.bad_step]
            .iter()
            .all(|c| c.iter().all(|&x| x)));
    }
    if !t.is_empty() {
        assert_eq!(t.len(), 21);
    }
}

#[test]
fn a_wrong_bad_index_is_rejected() {
    for (name, model, w) in traces() {
        let mut bad = w.clone();
        bad.bads = vec![model.bads.len()];
        assert!(
            matches!(
                replay_btor2(&model, &bad),
                Err(Btor2ReplayError::NoSuchBad { .. })
            ),
            "{name}"
        );
    }
}

#[test]
fn truncated_traces_are_rejected() {
    for (name, model, w) in traces() {
        let r = replay_btor2(&model, &w).unwrap();
        if r.bad_step == 0 {
            continue;
        }
        let mut cut = w.clone();
        cut.frames.truncate(r.bad_step);
        match replay_btor2(&model, &cut) {
            Err(Btor2ReplayError::NotReached { frames, .. }) => assert_eq!(frames, r.bad_step),
            other => panic!("{name}: a trace cut before its bad step gave {other:?}"),
        }
    }
}

/// For each witness: how many of the single-bit flips of `flipped_input_bits_change_some_outcomes`
/// (the first bit of each of the first 40 input assignments, one at a time) `btorsim.py check`
/// rejects, and how many flips there are.
const REFERENCE_FLIPS: &[(&str, usize, usize)] = &[
    ("arbitrated_top_n2_w8_d16_e0.btor2", 10, 40),
    ("arbitrated_top_n3_w32_d16_e0.btor2", 10, 40),
    ("arbitrated_top_n3_w8_d16_e0.btor2", 12, 40),
    ("arbitrated_top_n4_w16_d16_e0.btor2", 12, 40),
    ("arbitrated_top_n5_w128_d8_e0.btor2", 12, 40),
    ("arbitrated_top_n5_w64_d16_e0.btor2", 11, 40),
    ("brp2.2.prop1-func-interl.btor2", 40, 40),
    ("circular_pointer_top_w128_d8_e0.btor2", 23, 40),
    ("circular_pointer_top_w32_d16_e0.btor2", 23, 40),
    ("circular_pointer_top_w64_d8_e0.btor2", 34, 40),
    ("circular_pointer_top_w8_d16_e0.btor2", 34, 40),
    ("krebs.3.prop1-func-interl.btor2", 40, 40),
    ("marlann_compute_fail2-p1.btor", 15, 34),
    ("picorv32_mutAY_nomem-p4.btor2", 20, 40),
    ("shift_register_top_w16_d16_e0.btor2", 34, 40),
    ("shift_register_top_w16_d8_e0.btor2", 32, 40),
    ("shift_register_top_w32_d8_e0.btor2", 33, 40),
    ("shift_register_top_w64_d8_e0.btor2", 32, 40),
    ("stack-p1.btor2", 2, 13),
    ("vis_arrays_am2901.btor2", 8, 40),
    ("vis_arrays_buf_bug.btor2", 11, 40),
];

/// Flips one listed input bit at a time (the first bit of each of the first 40 input
/// assignments); every flip must either replay or be rejected with a typed error, never panic;
/// in every witness some flip changes the outcome, and exactly the flips `btorsim.py` rejects
/// are rejected (counted per witness).
#[test]
fn flipped_input_bits_change_some_outcomes() {
    let mut rejected = 0;
    let mut tried = 0;
    for (name, model, w) in traces() {
        let mut flips_here = 0;
        let mut rejected_here = 0;
        'frames: for k in 0..w.frames.len() {
            for a in 0..w.frames[k].inputs.len() {
                if flips_here >= 40 {
                    break 'frames;
                }
                let mut m = w.clone();
                let v = &mut m.frames[k].inputs[a].value;
                let bits: String = v
                    .to_bits()
                    .chars()
                    .enumerate()
                    .map(|(i, c)| match (i, c) {
                        (0, '0') => '1',
                        (0, _) => '0',
                        (_, c) => c,
                    })
                    .collect();
                *v = Bv::from_bits(&bits).unwrap();
                flips_here += 1;
                tried += 1;
                if replay_btor2(&model, &m).is_err() {
                    rejected += 1;
                    rejected_here += 1;
                }
            }
        }
        eprintln!("{name}: {rejected_here} of {flips_here} flips rejected");
        assert!(rejected_here > 0, "{name}: no flip changes the outcome");
        let reference = REFERENCE_FLIPS.iter().find(|r| r.0 == name).unwrap();
        assert_eq!(
            (rejected_here, flips_here),
            (reference.1, reference.2),
            "{name}"
        );
    }
    eprintln!("{rejected} of {tried} single-bit input flips rejected");
    if tried > 0 {
        assert!(rejected > 0);
    }
}

/// Random traces that `btorsim.py` generated (its random simulation: 12 frames, inputs and free
/// states redrawn until the constraints hold, written whether or not the bad fires) for the 79
/// shared models whose trace is under 12 kB, and one trace of `stack-p1` that fires, each with
/// `btorsim.py check`'s verdict: `ok K`, `not-reached F`, or `constraint C line L step S`. The
/// checker must give the same verdict on every one.
#[test]
fn random_traces_get_the_reference_verdicts() {
    use std::io::Read;
    let Some(dir) = shared_btor2() else {
        return;
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/btor2_random_witnesses.txt.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut n = 0;
    for section in text.split("=== ").filter(|s| !s.is_empty()) {
        let (head, wit) = section.split_once('\n').unwrap();
        let (name, want) = head.split_once(' ').unwrap();
        let model = read_btor2(&model_of(&dir, name)).unwrap();
        let w = parse_btor2_witness(wit).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = match replay_btor2(&model, &w) {
            Ok(r) => format!("ok {}", r.bad_step),
            Err(Btor2ReplayError::NotReached { frames, .. }) => format!("not-reached {frames}"),
            Err(Btor2ReplayError::ConstraintViolated {
                constraint,
                line,
                step,
                ..
            }) => format!("constraint {constraint} line {line} step {step}"),
            Err(e) => format!("error {e}"),
        };
        assert_eq!(got, want, "{name}");
        // The full simulation sees the same: the first step with a constraint 0 or the bad 1.
        let sim = simulate_btor2(&model, &w).unwrap_or_else(|e| panic!("{name}: {e}"));
        let first =
            (0..sim.bads.len()).find(|&k| !sim.constraints[k].iter().all(|&c| c) || sim.bads[k][0]);
        match first {
            Some(k) if sim.constraints[k].iter().all(|&c| c) => assert_eq!(got, format!("ok {k}")),
            Some(k) => assert!(got.ends_with(&format!("step {k}")), "{name}: {got}"),
            None => assert!(got.starts_with("not-reached"), "{name}: {got}"),
        }
        n += 1;
    }
    assert_eq!(n, 80);
}

/// Every shared BTOR2 model is read, with the counts of its MANIFEST.tsv row.
#[test]
fn all_shared_btor2_models_are_read() {
    let Some(dir) = shared_btor2() else {
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut n = 0;
    for row in manifest.lines().skip(1) {
        let c: Vec<&str> = row.split('\t').collect();
        let m = read_btor2(&dir.join(c[0])).unwrap_or_else(|e| panic!("{}: {e}", c[0]));
        let counts = [
            m.states.len(),
            m.inputs.len(),
            m.bads.len(),
            m.constraints.len(),
        ];
        let want: Vec<usize> = c[4..8].iter().map(|x| x.parse().unwrap()).collect();
        assert_eq!(counts.to_vec(), want, "{}", c[0]);
        n += 1;
    }
    assert_eq!(n, 95);
}
