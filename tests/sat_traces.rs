//! pdrkit-sat on the recorded IC3 query sequences of `benches/data` (the traces the
//! `ic3_queries` benchmark replays): every answer must be the recorded one.

#[path = "../benches/common/traces.rs"]
mod traces;

use pdrkit_sat::trace::replay_cdcl;
use pdrkit_sat::Cdcl;

#[test]
fn stored_traces_replay_with_recorded_answers() {
    let all = traces::stored_traces();
    assert!(
        !all.is_empty(),
        "no trace in {}",
        traces::data_dir().display()
    );
    for (name, trace) in &all {
        let mut s = Cdcl::new();
        let r = replay_cdcl(trace, &mut s).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.queries as usize, trace.queries(), "{name}");
        assert_eq!(
            r.unchecked, 0,
            "{name}: stored traces have no unknown answer"
        );
    }
}

/// The recordings themselves, against the reference solver (MiniSat as the engine drives it):
/// every trace but those of the 27k-gate design, which the benchmark replays on MiniSat anyway.
#[test]
fn stored_traces_agree_with_minisat() {
    for (name, trace) in traces::stored_traces() {
        if name.starts_with("dspfilters") {
            continue;
        }
        let r = pdrkit_sat::trace::replay_activation(
            &trace,
            pdrkit_logic::Minisat::default,
            Some(1000),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.queries as usize, trace.queries(), "{name}");
    }
}
