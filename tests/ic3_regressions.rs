//! IC3 behaviours that once went wrong on shared benchmark files, pinned by counts (frames,
//! queries), never by times. Each test skips itself, with a note, when `../shared/benchmarks`
//! is absent.

use pdrkit_engine::ic3::{self, Ic3Config, Ic3Stats};
use pdrkit_engine::kind::KindConfig;
use pdrkit_engine::{portfolio, Control, Outcome, StatValue};
use pdrkit_suite::shared_benchmarks;
use pdrkit_ts::{aiger, TransitionSystem};

fn load(rel: &str) -> Option<TransitionSystem> {
    let Some(bench) = shared_benchmarks() else {
        println!("note: ../shared/benchmarks is absent; skipping");
        return None;
    };
    let aig = aiger::read_file(bench.join(rel)).expect("a shared benchmark parses");
    Some(TransitionSystem::from_aig(&aig, None).expect("a safety model"))
}

fn frames(ts: &TransitionSystem, cfg: &Ic3Config) -> usize {
    let mut st = Ic3Stats::default();
    let o = ic3::check(ts, cfg, &Control::new(), &mut st);
    assert!(
        matches!(o, Outcome::Safe(_)),
        "expected safe, got {}",
        o.word()
    );
    st.frames
}

/// Promoting self-inductive lemmas to the infinity level (what the portfolio's first IC3 did)
/// once took 770 frames on power2eq2048 against 36 without it: generalization stopped after
/// three failed drops in a row, so a perturbation of the solvers' clauses left lemmas with an
/// 11-literal tail of control latches, and IC3 enumerated a counter's values one level each.
/// Generalization now tries every literal, and promotion costs a few frames at most.
#[test]
fn promotion_does_not_multiply_frames_on_power2eq2048() {
    let Some(ts) = load("hwmcc15/power2eq2048.aig") else {
        return;
    };
    let cfg = Ic3Config::default();
    let plain = frames(&ts, &cfg);
    let promoted = frames(
        &ts,
        &Ic3Config {
            promote: true,
            ..cfg.clone()
        },
    );
    assert!(
        promoted * 2 <= plain * 3,
        "promotion took {promoted} frames, against {plain} without it"
    );
}

/// The default engine's first worker is IC3 exactly as `--engine ic3` runs it (it used to
/// promote lemmas for k-induction, see above): on power2eq2048 it goes through the same frames
/// as IC3 alone, unless another worker answers first and stops it earlier.
#[test]
fn portfolio_first_worker_is_ic3_alone_on_power2eq2048() {
    let Some(ts) = load("hwmcc15/power2eq2048.aig") else {
        return;
    };
    let alone = frames(&ts, &Ic3Config::default());
    let workers = portfolio::workers(&Ic3Config::default(), &KindConfig::default(), 2);
    let r = portfolio::check(&ts, &workers, &Control::new());
    assert!(
        matches!(r.outcome, Outcome::Safe(_)),
        "expected safe, got {}",
        r.outcome.word()
    );
    let in_portfolio: usize = r
        .stats
        .iter()
        .find(|(k, _)| k == "ic3.frames")
        .and_then(|(_, v)| match v {
            StatValue::Int(n) => usize::try_from(*n).ok(),
            _ => None,
        })
        .expect("the IC3 worker reports its frames as a count");
    if r.winner == Some("ic3") {
        assert_eq!(in_portfolio, alone, "the portfolio's IC3 is not IC3 alone");
    } else {
        assert!(
            in_portfolio <= alone,
            "{in_portfolio} frames, {alone} alone"
        );
    }
}

/// `tests/models/yosys/deep59.aag` (issue 47's design: a 6-bit phase and a 16-bit LFSR) fails
/// first after 59 steps: BMC finds exactly that depth, and IC3 with its frames capped below
/// it cannot answer. IC3 finding it within ABC `pdr`'s time (3.5 s here) is issue 47's
/// target: on 2026-12-08 it reached frame 43 in 10 s, its lemmas a mean 10.9 literals long
/// (phase and LFSR bits together) where rIC3's MIC results average 7.1.
#[test]
fn deep59_fails_after_59_steps() {
    let path = pdrkit_suite::models_dir().join("yosys/deep59.aag");
    let aig = aiger::read_file(&path).expect("deep59.aag parses");
    let ts = TransitionSystem::from_aig(&aig, None).expect("a safety model");
    let mut st = pdrkit_engine::bmc::BmcStats::default();
    let cfg = pdrkit_engine::bmc::BmcConfig::default();
    match pdrkit_engine::bmc::check(&ts, &cfg, &Control::new(), &mut st) {
        Outcome::Unsafe(trace) => assert_eq!(trace.depth(), 59),
        o => panic!("expected a counterexample, got {}", o.word()),
    }
    let capped = Ic3Config {
        max_frames: Some(30),
        ..Ic3Config::default()
    };
    let o = ic3::check(&ts, &capped, &Control::new(), &mut Ic3Stats::default());
    assert!(matches!(o, Outcome::Unknown(_)), "got {}", o.word());
}
