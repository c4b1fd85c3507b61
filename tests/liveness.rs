//! End-to-end runs of `pdrkit check` on liveness models (`tests/models/live_*.aag`): a justice
//! property is reduced to safety and the reduced model checked, and the answer is never one
//! the independent checker has not backed. Until `pdrkit-check` replays lassos and reads
//! liveness certificates, both a lasso and a proof are `unknown`, each with its line.

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

#[test]
fn a_fair_lasso_found_is_not_answered_unchecked() {
    for engine in ENGINES {
        let o = check("live_toggle_sat.aag", engine);
        assert_unknown(
            &format!("live_toggle_sat {engine:?}"),
            &o,
            "liveness counterexample not checked",
        );
    }
}

#[test]
fn a_proof_is_not_answered_uncertified() {
    for engine in ENGINES {
        // BMC cannot prove: it reaches its bound.
        let line = if engine.contains(&"bmc") {
            "the bound"
        } else {
            "cannot be certified yet"
        };
        let o = check("live_stuck_unsat.aag", engine);
        assert_unknown(&format!("live_stuck_unsat {engine:?}"), &o, line);
    }
}

#[test]
fn liveness_usage_errors() {
    let error = |what: &str, o: &Output, needle: &str| {
        assert_eq!(o.status.code(), Some(1), "{}", describe(what, o));
        assert!(stderr(o).contains(needle), "{}", describe(what, o));
    };
    let o = check("live_toggle_sat.aag", &["--property", "1"]);
    error("--property 1", &o, "1 justice properties");
    let o = check("live_toggle_sat.aag", &["--each-property"]);
    error("--each-property", &o, "--each-property");
    let o = check("counter_unsafe.aag", &["--engine", "l2s"]);
    error("l2s without J", &o, "no justice property");
}
