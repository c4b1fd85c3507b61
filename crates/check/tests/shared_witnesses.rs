//! The counterexamples rIC3 wrote for the shared unsafe benchmarks replay, and corrupted copies
//! of them are rejected. A corruption is only required to be rejected where it provably breaks
//! the trace; bit flips only have to break some of the traces, and must never panic.

mod common;

use pdrkit_check::aiger::read_file;
use pdrkit_check::{parse_witness, replay, Bit, ReplayError, Witness};
use pdrkit_check::{Model, Reset};

/// (name, model, witness text, parsed witness) for every shared witness.
fn traces() -> Vec<(String, Model, String, Witness)> {
    let Some(shared) = common::shared() else {
        return Vec::new();
    };
    let wits = common::files(&shared.join("witnesses"), ".wit");
    assert!(!wits.is_empty(), "no witnesses in {}", shared.display());
    wits.iter()
        .map(|p| {
            let file = p.file_name().unwrap().to_string_lossy().into_owned();
            let name = file.trim_end_matches(".wit").to_owned();
            let model_path = common::benchmark(&shared, &name)
                .unwrap_or_else(|| panic!("no benchmark named {name}"));
            let model = read_file(&model_path).unwrap();
            let text = std::fs::read_to_string(p).unwrap();
            let w = parse_witness(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, model, text, w)
        })
        .collect()
}

#[test]
fn all_shared_witnesses_replay() {
    for (name, model, _, w) in traces() {
        let r = replay(&model, &w).unwrap_or_else(|e| panic!("{name}: {e}"));
        eprintln!(
            "{name}: {} steps, property b{} first 1 at step {}, at the last step: {}",
            r.steps, r.hits[0].0, r.first_bad_step, r.bad_at_last_step
        );
        assert_eq!(r.hits.len(), w.properties.len());
    }
}

#[test]
fn truncated_traces_are_rejected() {
    for (name, model, _, w) in traces() {
        // No steps at all.
        let mut empty = w.clone();
        empty.inputs.clear();
        assert!(
            matches!(replay(&model, &empty), Err(ReplayError::EmptyTrace { .. })),
            "{name}"
        );
        // Cut just before the first bad step: the property is 0 on every remaining step.
        let first = replay(&model, &w).unwrap().first_bad_step;
        if first > 0 {
            let mut cut = w.clone();
            cut.inputs.truncate(first);
            match replay(&model, &cut) {
                Err(ReplayError::NotReached { steps, .. }) => assert_eq!(steps, first),
                other => panic!("{name}: expected NotReached, got {other:?}"),
            }
        }
    }
}

#[test]
fn malformed_vectors_are_rejected_with_their_line() {
    for (name, model, text, w) in traces() {
        let lines: Vec<&str> = text.lines().collect();
        let init_idx = w.init_line - 1;
        // One latch value too few.
        let mut t = lines.clone();
        let shorter = &lines[init_idx][..lines[init_idx].len().saturating_sub(1)];
        t[init_idx] = shorter;
        let bad = parse_witness(t.join("\n").as_bytes()).unwrap();
        match replay(&model, &bad) {
            Err(e @ ReplayError::LatchCount { .. }) => {
                assert!(
                    e.to_string().starts_with(&format!("line {}:", w.init_line)),
                    "{e}"
                )
            }
            other => panic!("{name}: expected LatchCount, got {other:?}"),
        }
        // One input value too many on the last step.
        let last_idx = w.step_line(w.inputs.len() - 1) - 1;
        let longer = format!("{}0", lines[last_idx]);
        let mut t = lines.clone();
        t[last_idx] = &longer;
        let bad = parse_witness(t.join("\n").as_bytes()).unwrap();
        match replay(&model, &bad) {
            Err(ReplayError::InputCount { line, step, .. }) => {
                assert_eq!((line, step), (last_idx + 1, w.inputs.len() - 1), "{name}")
            }
            other => panic!("{name}: expected InputCount, got {other:?}"),
        }
        // A property the model does not have.
        let mut t = lines.clone();
        let prop_idx = w.property_line - 1;
        t[prop_idx] = "b99";
        let bad = parse_witness(t.join("\n").as_bytes()).unwrap();
        assert!(
            matches!(
                replay(&model, &bad),
                Err(ReplayError::UnknownProperty { property: 99, .. })
            ),
            "{name}"
        );
        // No terminating '.'.
        let end = lines.iter().rposition(|l| l.trim() == ".").unwrap();
        let t = lines[..end].join("\n");
        let e = parse_witness(t.as_bytes()).unwrap_err().to_string();
        assert!(e.contains("must end with a line '.'"), "{name}: {e}");
    }
}

#[test]
fn wrong_initial_values_are_rejected() {
    let mut tried = 0;
    for (name, model, _, w) in traces() {
        let Some(k) = model.latches.iter().position(|l| l.reset != Reset::Uninit) else {
            continue;
        };
        let mut bad = w.clone();
        bad.init[k] = if model.latches[k].reset == Reset::Zero {
            Bit::One
        } else {
            Bit::Zero
        };
        tried += 1;
        match replay(&model, &bad) {
            Err(ReplayError::ResetMismatch { latch, .. }) => assert_eq!(latch, k),
            other => panic!("{name}: expected ResetMismatch, got {other:?}"),
        }
    }
    if common::shared().is_some() {
        assert!(tried > 0);
    }
}

/// Flipping one input bit may or may not matter; over many flips on each trace, some must
/// break it, and none may panic.
#[test]
fn flipped_input_bits_break_some_traces() {
    let (mut total, mut rejected) = (0, 0);
    for (name, model, _, w) in traces() {
        let steps = w.inputs.len();
        let width = model.inputs.len();
        if width == 0 {
            continue;
        }
        let mut here = 0;
        let mut count = 0;
        // Every input of the last step, and a spread of (step, input) positions elsewhere.
        let mut positions: Vec<(usize, usize)> = (0..width).map(|i| (steps - 1, i)).collect();
        positions.extend((0..24).map(|j| ((j * 7919) % steps, (j * 104_729) % width)));
        for (s, i) in positions {
            let mut f = w.clone();
            f.inputs[s][i] = match f.inputs[s][i] {
                Bit::One => Bit::Zero,
                _ => Bit::One,
            };
            count += 1;
            if replay(&model, &f).is_err() {
                here += 1;
            }
        }
        eprintln!("{name}: {here} of {count} flipped traces rejected");
        total += count;
        rejected += here;
    }
    if total > 0 {
        assert!(rejected > 0, "no flipped trace was rejected out of {total}");
    }
}
