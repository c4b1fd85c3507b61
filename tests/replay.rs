//! `pdrkit replay` end to end: its verdict names the property each counterexample reaches, as
//! the witness names it (`b<N>`), and the step where it is 1.

use std::path::PathBuf;

use pdrkit_suite::{describe, models_dir, pdrkit, stdout};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pdrkit-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Replays `witness` (the file's text) on `model` of `tests/models`; returns stdout.
fn replay(model: &str, name: &str, witness: &str) -> String {
    let w = scratch(name);
    std::fs::write(&w, witness).unwrap();
    let m = models_dir().join(model);
    let o = pdrkit(["replay".as_ref(), m.as_os_str(), w.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    stdout(&o)
}

#[test]
fn names_the_property_of_a_hand_written_witness() {
    // b1 = x, x' = i: one step with i = 1 makes x = 1 at step 1.
    assert_eq!(
        replay("multi_prop.aag", "b1.wit", "1\nb1\n00\n1\n0\n.\n"),
        "ok: 2 steps, b1 is 1 at step 1\n"
    );
    // A trace that goes on after the bad state says so.
    assert_eq!(
        replay("multi_prop.aag", "long.wit", "1\nb1\n00\n1\n0\n0\n.\n"),
        "ok: 3 steps, b1 is 1 at step 1 (not at the last step)\n"
    );
}

#[test]
fn names_the_property_of_a_witness_pdrkit_wrote() {
    let model = models_dir().join("counter_unsafe.aag");
    let w = scratch("counter.wit");
    let o = pdrkit([
        "check".as_ref(),
        model.as_os_str(),
        "--engine".as_ref(),
        "bmc".as_ref(),
        "--witness".as_ref(),
        w.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(10), "{}", describe("check", &o));
    let steps = std::fs::read_to_string(&w)
        .unwrap()
        .lines()
        .skip_while(|l| *l != "1")
        .skip(3)
        .take_while(|l| *l != ".")
        .count();
    let o = pdrkit(["replay".as_ref(), model.as_os_str(), w.as_os_str()]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));
    assert_eq!(
        stdout(&o),
        format!("ok: {steps} steps, b0 is 1 at step {}\n", steps - 1)
    );
}
