//! Differential testing of the engines against explicit-state search on random small AIGs.
//!
//! Each seed builds a random model in memory (0–10 latches with resets 0, 1 or uninitialized,
//! 0–4 inputs, 0–40 AND gates, 0–2 invariant constraints, 1–3 bad properties), finds the truth
//! by breadth-first search over its latch valuations ([`explicit_search`]), and runs IC3, BMC,
//! k-induction, KIPDR and the portfolio through the library API, on both SAT backends: BMC,
//! k-induction and KIPDR on both for every seed, the portfolio's KIPDR on one per seed
//! ([`portfolio_backend`]), IC3 on pdrkit's solver and, for a subset, on MiniSat. Every
//! counterexample is re-simulated on the transition system and replayed on the model by the
//! independent checker; every proof is turned into a certificate and checked. Any
//! disagreement fails with the seed and the model as `.aag` text.
//!
//! A second test gives half the latches of such models reset functions (AIGER 1.9.23): the
//! engines run on the lowered model (`Aig::lower_reset_functions`), explicit search runs on
//! both, and every answer is also made one of the model with its reset functions and checked
//! there (a third as many seeds).
//!
//! `PDRKIT_DIFF_CASES` sets the number of seeds (default 2000 in release, 300 in debug);
//! `PDRKIT_DIFF_SEED` runs that one seed only.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pdrkit_engine::bmc::{self, BmcConfig, BmcStats};
use pdrkit_engine::ic3::{self, Ic3Config, Ic3Stats, LiftMode};
use pdrkit_engine::kind::{self, KindConfig, KindStats, SimplePath};
use pdrkit_engine::{portfolio, Control, Outcome, Reason, SatBackend};
use pdrkit_logic::rng::Rng;
use pdrkit_logic::Lit;
use pdrkit_preprocess::PreprocessConfig;
use pdrkit_suite::{explicit_search, Reach};
use pdrkit_ts::{aiger, Aig, Latch, Lowered, Reset, TransitionSystem};

/// The model the engines check, and, when it is the lowering of a model with reset functions,
/// that model and its lowering: answers are then also lifted to the original and checked
/// there. Dereferences to the engines' model.
struct Model {
    aig: Aig,
    lowered: Option<(Aig, Lowered)>,
}

impl Model {
    fn plain(aig: Aig) -> Self {
        Model { aig, lowered: None }
    }
}

impl std::ops::Deref for Model {
    type Target = Aig;
    fn deref(&self) -> &Aig {
        &self.aig
    }
}

/// A random literal over `pool` (positive signals), preferring recent ones half the time so
/// that logic gets deep, with a random sign.
fn pick(rng: &mut Rng, pool: &[Lit]) -> Lit {
    let l = if pool.len() > 6 && rng.percent(50) {
        pool[pool.len() - 1 - rng.below(6)]
    } else {
        pool[rng.below(pool.len())]
    };
    l.xor(rng.percent(50))
}

/// A random model for `seed`.
fn random_aig(seed: u64) -> Aig {
    // Seeded through splitmix64, so that nearby seeds give unrelated models.
    let mut rng = Rng::mixed(seed);
    let mut aig = Aig::default();
    let ni = rng.range(0, 4);
    let nl = rng.range(0, 10);
    let na = rng.range(0, 40);
    let nc = [0, 0, 0, 1, 1, 2][rng.below(6)];
    let nb = rng.range(1, 3);
    for _ in 0..ni {
        let l = aig.new_var().lit();
        aig.inputs.push(l);
    }
    for _ in 0..nl {
        let lit = aig.new_var().lit();
        let reset = match rng.below(20) {
            0..=11 => Reset::Zero,
            12..=16 => Reset::One,
            _ => Reset::Uninit,
        };
        aig.latches.push(Latch {
            lit,
            next: Lit::FALSE,
            reset,
        });
    }
    let mut pool: Vec<Lit> = aig.inputs.clone();
    pool.extend(aig.latches.iter().map(|l| l.lit));
    if pool.is_empty() || rng.percent(5) {
        pool.push(Lit::TRUE);
    }
    for _ in 0..na {
        let a = pick(&mut rng, &pool);
        let b = pick(&mut rng, &pool);
        let g = aig.add_and(a, b);
        pool.push(g);
    }
    // Next-state functions. The first latches may form a counter (deep counterexamples); the
    // others hold, shift, copy an input, take a constant, or take random logic.
    let state: Vec<Lit> = aig.latches.iter().map(|l| l.lit).collect();
    let counter_bits = if nl >= 2 && rng.percent(40) {
        rng.range(2, nl.min(4))
    } else {
        0
    };
    let mut carry = if rng.percent(50) {
        Lit::TRUE
    } else {
        pick(&mut rng, &pool)
    };
    let clear = rng.percent(40).then(|| pick(&mut rng, &pool));
    for (k, &x) in state.iter().enumerate().take(counter_bits) {
        let both = aig.add_and(x, carry);
        let neither = aig.add_and(!x, !carry);
        let mut next = aig.add_and(!both, !neither);
        if let Some(r) = clear {
            next = aig.add_and(next, !r);
        }
        aig.latches[k].next = next;
        carry = both;
    }
    for k in counter_bits..nl {
        aig.latches[k].next = match rng.below(20) {
            0..=1 => state[rng.below(nl)].xor(rng.percent(50)),
            2..=4 if k > 0 => state[k - 1].xor(rng.percent(20)),
            5..=6 if ni > 0 => aig.inputs[rng.below(ni)],
            7 => Lit::FALSE.xor(rng.percent(50)),
            8..=11 => pick(&mut rng, &pool),
            // A balanced function: the latch or another signal xor random logic.
            _ => {
                let a = if rng.percent(60) {
                    state[k]
                } else {
                    pick(&mut rng, &pool)
                };
                let b = pick(&mut rng, &pool);
                let both = aig.add_and(a, b);
                let neither = aig.add_and(!a, !b);
                aig.add_and(!both, !neither)
            }
        };
    }
    // Twins, for preprocessing: a latch that steps like an earlier one (or like its negation,
    // from the opposite reset), so that the two are equal (opposite) in every reachable state,
    // or one that never leaves its reset value. An uninitialized twin is not equal in the
    // initial states, and must not be merged.
    if nl >= 2 && rng.percent(40) {
        for _ in 0..rng.range(1, 3) {
            let k = rng.range(1, nl - 1);
            let j = rng.below(k);
            let flip = rng.percent(40);
            let (next, reset) = (aig.latches[j].next, aig.latches[j].reset);
            aig.latches[k].next = next.xor(flip);
            aig.latches[k].reset = match (reset, flip) {
                (Reset::Zero, true) => Reset::One,
                (Reset::One, true) => Reset::Zero,
                (r, _) if rng.percent(20) => r,
                (_, _) if rng.percent(50) => Reset::Uninit,
                (r, _) => r,
            };
        }
        if rng.percent(30) {
            let k = rng.below(nl);
            aig.latches[k].next = state[k];
        }
    }
    // Constraints: mostly disjunctions, which rarely forbid everything.
    for _ in 0..nc {
        let a = pick(&mut rng, &pool);
        let c = if rng.percent(70) {
            let b = pick(&mut rng, &pool);
            !aig.add_and(!a, !b)
        } else {
            a
        };
        aig.constraints.push(c);
    }
    // Bad properties: mostly a cube over a few latches (a state to reach), sometimes with
    // more logic, else a random signal.
    for _ in 0..nb {
        let mut b = if nl >= 2 && rng.percent(85) {
            let mut c = Lit::TRUE;
            for _ in 0..rng.range(2, nl.min(5)) {
                // Mostly the literal the latch's reset makes false: a state to be reached.
                let k = rng.below(nl);
                let l = state[k]
                    .xor(aig.latches[k].reset == Reset::One)
                    .xor(rng.percent(20));
                c = if c == Lit::TRUE { l } else { aig.add_and(c, l) };
            }
            c
        } else {
            pick(&mut rng, &pool)
        };
        if rng.percent(25) {
            let other = pick(&mut rng, &pool);
            b = aig.add_and(b, other);
        }
        aig.bads.push(b);
    }
    aig
}

/// The number of seeds to run.
fn cases() -> usize {
    std::env::var("PDRKIT_DIFF_CASES")
        .ok()
        .map(|s| s.parse().expect("PDRKIT_DIFF_CASES: a number"))
        .unwrap_or(if cfg!(debug_assertions) { 300 } else { 2000 })
}

/// Budget of one engine run: a hang is a failure, not a stuck test.
const ENGINE_LIMIT: Duration = Duration::from_secs(60);

fn control() -> Control {
    Control::new().with_deadline(Some(Instant::now() + ENGINE_LIMIT))
}

/// Checks an engine's answer on the system built for `property` against the truth. `shortest`:
/// whether the counterexample must be the shortest (BMC). Returns the answer word.
fn judge(
    what: &str,
    aig: &Model,
    ts: &TransitionSystem,
    property: Option<usize>,
    truth: &Reach,
    outcome: Outcome,
    shortest: bool,
) -> Result<&'static str, String> {
    let word = outcome.word();
    match (outcome, truth.shortest_cex) {
        (Outcome::Unsafe(trace), Some(d)) => {
            let p = trace
                .validate(ts)
                .map_err(|e| format!("{what}: the trace does not validate: {e}"))?;
            if let Some(k) = property {
                if p != k {
                    return Err(format!("{what}: trace fails property {p}, checked {k}"));
                }
            } else if p >= aig.properties().len() {
                return Err(format!("{what}: trace names property {p}"));
            }
            if trace.depth() < d {
                return Err(format!(
                    "{what}: trace of depth {} but the shortest is {d}",
                    trace.depth()
                ));
            }
            if shortest && trace.depth() != d {
                return Err(format!(
                    "{what}: trace of depth {}, the shortest is {d}",
                    trace.depth()
                ));
            }
            let text = trace.to_witness(ts, aig, p);
            let w = pdrkit_check::parse_witness(text.as_bytes())
                .map_err(|e| format!("{what}: the witness does not parse: {e}\n{text}"))?;
            let r = pdrkit_check::replay(&pdrkit_suite::checker_model(aig), &w)
                .map_err(|e| format!("{what}: the checker rejects the witness: {e}\n{text}"))?;
            if !r.bad_at_last_step || r.steps != trace.depth() + 1 {
                return Err(format!("{what}: witness replays as {r:?}\n{text}"));
            }
            if let Some((original, low)) = &aig.lowered {
                // The same counterexample over the model with its reset functions.
                let text = low.witness(&text);
                let w = pdrkit_check::parse_witness(text.as_bytes())
                    .map_err(|e| format!("{what}: the lifted witness does not parse: {e}"))?;
                let r = pdrkit_check::replay(&pdrkit_suite::checker_model(original), &w).map_err(
                    |e| format!("{what}: the checker rejects the lifted witness: {e}\n{text}"),
                )?;
                if !r.bad_at_last_step || r.steps != trace.depth() + 1 {
                    return Err(format!("{what}: lifted witness replays as {r:?}\n{text}"));
                }
            }
        }
        (Outcome::Safe(proof), None) => {
            // The certificate is about the model as checked: with one property, that one only.
            let mut model = Aig::clone(aig);
            if let Some(k) = property {
                model.bads = vec![aig.properties()[k]];
                model.outputs.clear();
            }
            let cert = match proof.certificate(ts, &model) {
                Ok(c) => c,
                // Simple-path proofs have no certificate: the verdict was compared above.
                Err(Reason::NotCertifiable) => return Ok(word),
                Err(why) => return Err(format!("{what}: no certificate: {why}")),
            };
            pdrkit_check::check_certificate(
                &pdrkit_suite::checker_model(&model),
                &pdrkit_suite::checker_model(&cert),
            )
            .map_err(|e| {
                format!(
                    "{what}: the certificate is rejected: {e}\nproof: {proof:?}\ncertificate:\n{}",
                    String::from_utf8_lossy(&aiger::write_aag(&cert))
                )
            })?;
            if let Some((original, low)) = &aig.lowered {
                // The certificate made one of the model with its reset functions.
                let mut model = original.clone();
                if let Some(k) = property {
                    model.bads = vec![original.properties()[k]];
                    model.outputs.clear();
                }
                let cert = low.certificate(&cert);
                pdrkit_check::check_certificate(
                    &pdrkit_suite::checker_model(&model),
                    &pdrkit_suite::checker_model(&cert),
                )
                .map_err(|e| {
                    format!(
                        "{what}: the lifted certificate is rejected: {e}\ncertificate:\n{}",
                        String::from_utf8_lossy(&aiger::write_aag(&cert))
                    )
                })?;
            }
        }
        (Outcome::Unknown(why), _) => return Err(format!("{what}: unknown ({why})")),
        (o, t) => {
            return Err(format!(
                "{what}: answered {}, explicit search says {t:?}",
                o.word()
            ))
        }
    }
    Ok(word)
}

fn run_ic3(
    what: &str,
    aig: &Model,
    property: Option<usize>,
    truth: &Reach,
    cfg: &Ic3Config,
) -> Result<&'static str, String> {
    let ts = TransitionSystem::from_aig(aig, property).map_err(|e| format!("{what}: {e}"))?;
    run_ic3_on(what, aig, &ts, property, truth, cfg)
}

/// The system after preprocessing (latch correspondence and SAT sweeping), with a small
/// simulation so that induction has candidates to refute.
fn preprocessed(
    what: &str,
    aig: &Aig,
    property: Option<usize>,
    first: bool,
    seed: u64,
) -> Result<TransitionSystem, String> {
    let cfg = PreprocessConfig {
        sweep: true,
        scorr_runs: 1,
        scorr_steps: [1, 2, 8, 64][(seed % 4) as usize],
        // Small budgets on some seeds: what runs out is left unmerged, never merged wrongly.
        scorr_conflicts: [1000, 2][(seed % 2) as usize],
        sweep_words: 1 + (seed % 3) as usize,
        sweep_conflicts: [100, 1][(seed / 2 % 2) as usize],
        ..PreprocessConfig::default()
    };
    let (ts, st) = pdrkit_preprocess::preprocess(aig, property, first, &cfg)
        .map_err(|e| format!("{what}: {e}"))?;
    if st.scorr.gave_up {
        return Err(format!("{what}: latch correspondence gave up"));
    }
    Ok(ts)
}

/// Models on which preprocessing merged a latch.
static MERGED: AtomicUsize = AtomicUsize::new(0);
/// KIPDR runs that learned a lemma at k ≥ 2, and runs that found a counterexample through an
/// obligation the base case reached.
static KIPDR_DEEP: AtomicUsize = AtomicUsize::new(0);
static KIPDR_REACHED: AtomicUsize = AtomicUsize::new(0);

/// IC3, k-induction and KIPDR on the preprocessed system: their answers (certificates with
/// the merged latches' equalities, witnesses over the model) are judged like the others.
fn run_preprocessed(aig: &Model, truth: &Reach, seed: u64) -> Result<(), String> {
    let what = "ic3 preprocessed";
    let ts = preprocessed(what, aig, None, seed.is_multiple_of(5), seed)?;
    if !ts.merged.is_empty() {
        MERGED.fetch_add(1, Ordering::Relaxed);
    }
    run_ic3_on(what, aig, &ts, None, truth, &Ic3Config::default())?;
    let ts = preprocessed("kind preprocessed", aig, None, false, seed)?;
    for (name, pd) in [("kind preprocessed", false), ("kipdr preprocessed", true)] {
        let cfg = KindConfig {
            property_direction: pd,
            max_k: Some(8),
            // Property direction's time is not shared: on models this small, a share of
            // microseconds would make what it does depend on the machine's load.
            pd_share: f64::INFINITY,
            // Property direction's other budgets cut short: lemmas stay longer, obligations
            // open; the answers must not change.
            mic_attempts: 1,
            pd_conflicts: 100,
            ..KindConfig::default()
        };
        match kind::check(&ts, &cfg, &control(), &mut KindStats::default()) {
            Outcome::Unknown(_) if truth.shortest_cex.is_none_or(|d| d > 8) => {}
            o => {
                judge(name, aig, &ts, None, truth, o, !pd)?;
            }
        }
    }
    Ok(())
}

/// IC3 on a system built with the first-step latch: its certificate carries the extra latch.
fn run_ic3_first(aig: &Model, truth: &Reach) -> Result<&'static str, String> {
    let what = "ic3 first latch";
    let ts =
        TransitionSystem::from_aig_with_first(aig, None).map_err(|e| format!("{what}: {e}"))?;
    run_ic3_on(what, aig, &ts, None, truth, &Ic3Config::default())
}

fn run_ic3_on(
    what: &str,
    aig: &Model,
    ts: &TransitionSystem,
    property: Option<usize>,
    truth: &Reach,
    cfg: &Ic3Config,
) -> Result<&'static str, String> {
    let ts = ts.clone();
    let mut st = Ic3Stats::default();
    let o = ic3::check(&ts, cfg, &control(), &mut st);
    judge(what, aig, &ts, property, truth, o, false)
}

/// BMC with a bound of the number of reachable states, on `sat`: it must find the shortest
/// counterexample when there is one, and never answer `sat` otherwise.
fn run_bmc(aig: &Model, truth: &Reach, sat: SatBackend) -> Result<(), String> {
    let what = format!("bmc on {sat}");
    let ts = TransitionSystem::from_aig(aig, None).map_err(|e| format!("{what}: {e}"))?;
    let cfg = BmcConfig {
        bound: Some(truth.states),
        sat,
        ..BmcConfig::default()
    };
    let mut st = BmcStats::default();
    match bmc::check(&ts, &cfg, &control(), &mut st) {
        Outcome::Unknown(why) if truth.shortest_cex.is_none() => {
            if st.depth != Some(truth.states) {
                return Err(format!(
                    "{what}: stopped at depth {:?}, bound {} ({why})",
                    st.depth, truth.states
                ));
            }
            Ok(())
        }
        Outcome::Safe(_) => Err(format!("{what}: claims a proof")),
        o => judge(&what, aig, &ts, None, truth, o, true).map(|_| ()),
    }
}

/// The backend of the portfolio's KIPDR worker for `seed`: each backend gets every other pair
/// of seeds, so that it meets both simple-path modes (which alternate with the seed's parity),
/// and the portfolio, the costliest run of a seed, runs once.
fn portfolio_backend(seed: u64) -> SatBackend {
    if (seed / 2).is_multiple_of(2) {
        SatBackend::Pdrkit
    } else {
        SatBackend::Minisat
    }
}

/// k-induction and KIPDR (the same with property direction) on both backends, and the
/// portfolio (IC3 and KIPDR sharing their inductive lemmas) with its KIPDR on `portfolio_sat`.
/// With simple-path constraints k-induction is complete once k exceeds the number of states of
/// the whole space (the step case starts anywhere): it must answer when that bound is small
/// (here: at most 4 latches). KIPDR's counterexamples through open obligations need not be the
/// shortest.
fn run_kind_and_portfolio(
    aig: &Model,
    truth: &Reach,
    simple_path: SimplePath,
    portfolio_sat: SatBackend,
) -> Result<(), String> {
    let ts = TransitionSystem::from_aig(aig, None).map_err(|e| format!("kind: {e}"))?;
    let space = 1usize << ts.num_latches().min(20);
    let complete = simple_path != SimplePath::Off && space <= 16;
    let cfg = KindConfig {
        simple_path,
        max_k: Some(space.min(16) + 1),
        // As in `run_preprocessed`: no time share on models this small.
        pd_share: f64::INFINITY,
        ..KindConfig::default()
    };
    for sat in [SatBackend::Pdrkit, SatBackend::Minisat] {
        for (name, pd) in [("kind", false), ("kipdr", true)] {
            let cfg = KindConfig {
                property_direction: pd,
                // A small budget, so that chains get cut and open obligations reach the base
                // case.
                pd_budget: if pd { 20 } else { 0 },
                sat,
                ..cfg.clone()
            };
            let mut st = KindStats::default();
            let o = kind::check(&ts, &cfg, &control(), &mut st);
            KIPDR_DEEP.fetch_add(usize::from(st.pd.deep_lemmas > 0), Ordering::Relaxed);
            KIPDR_REACHED.fetch_add(usize::from(st.pd.reached > 0), Ordering::Relaxed);
            match o {
                Outcome::Unknown(_) if !complete && truth.shortest_cex.is_none() => {}
                // A counterexample deeper than the bound is out of reach.
                Outcome::Unknown(_)
                    if truth.shortest_cex.is_some_and(|d| d > space.min(16) + 1) => {}
                o => {
                    judge(&format!("{name} on {sat}"), aig, &ts, None, truth, o, !pd)?;
                }
            }
        }
    }
    // Three workers on odd-numbered cases: the third (IC3 with CTG) takes in KIPDR's lemmas,
    // which the first IC3 does not.
    let jobs = if simple_path == SimplePath::Off { 3 } else { 2 };
    let cfg = KindConfig {
        sat: portfolio_sat,
        ..cfg
    };
    let workers = portfolio::workers(&Ic3Config::default(), &cfg, jobs);
    let r = portfolio::check(&ts, &workers, &control());
    let what = format!("portfolio, KIPDR on {portfolio_sat}");
    judge(&what, aig, &ts, None, truth, r.outcome, false).map(|_| ())
}

/// The outcome of one seed: the shortest counterexample's depth (`None`: safe), or what failed.
type CaseResult = Result<Option<usize>, String>;

/// Everything checked for one seed.
fn run_case(seed: u64) -> CaseResult {
    let aig = Model::plain(random_aig(seed));
    let truth = explicit_search(&aig, None);
    if std::env::var_os("PDRKIT_DIFF_VERBOSE").is_some() {
        println!(
            "seed {seed}: {} inputs, {} latches, {} gates, {} constraints, {} properties: {truth:?}",
            aig.inputs.len(),
            aig.latches.len(),
            aig.ands.len(),
            aig.constraints.len(),
            aig.bads.len()
        );
    }
    run_ic3("ic3", &aig, None, &truth, &Ic3Config::default())?;
    run_ic3_first(&aig, &truth)?;
    run_preprocessed(&aig, &truth, seed)?;
    run_bmc(&aig, &truth, SatBackend::Pdrkit)?;
    run_bmc(&aig, &truth, SatBackend::Minisat)?;
    let sp = if seed.is_multiple_of(2) {
        SimplePath::Lazy
    } else {
        SimplePath::Off
    };
    run_kind_and_portfolio(&aig, &truth, sp, portfolio_backend(seed))?;
    // Other configurations, on a subset.
    if seed.is_multiple_of(4) {
        let configs = [
            (
                "ic3 ctg_max 3, oldest obligation first",
                Ic3Config {
                    ctg_max: 3,
                    po_smallest_first: false,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 ctg_max 3, queries inside the generalized cube",
                Ic3Config {
                    ctg_max: 3,
                    ctg_outside: false,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 ctg_max 3, ctg_lift false",
                Ic3Config {
                    ctg_max: 3,
                    ctg_lift: false,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 lift ternary, frames audited",
                Ic3Config {
                    lift: LiftMode::Ternary,
                    check_frames: true,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 static CTG two deep, no recursion floor, ternary-core lifting, activity per literal",
                Ic3Config {
                    ctg_max: 3,
                    ctg_depth: 2,
                    ctg_limit: 3,
                    ctg_recursion_floor: 0.0,
                    lift: LiftMode::TernaryCore,
                    lift_rounds: 1,
                    activity_by_var: false,
                    activity_decay: 0.9,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 lift none",
                Ic3Config {
                    lift: LiftMode::None,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 on the CNF without elimination, on both backends",
                Ic3Config {
                    cnf_eliminate: false,
                    sat: if (seed / 4).is_multiple_of(2) {
                        SatBackend::Pdrkit
                    } else {
                        SatBackend::Minisat
                    },
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 one-step blocking queries, every push asked, no core retried",
                Ic3Config {
                    block_negation: false,
                    push_memo: false,
                    block_core_retry: 0,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 push_shrink false, blocking in the cube's order, no join flips",
                Ic3Config {
                    join_flip: false,
                    push_shrink: false,
                    order_block: false,
                    seed: seed.wrapping_mul(7),
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 on MiniSat, lifting in rounds, dynamic generalization off",
                Ic3Config {
                    sat: SatBackend::Minisat,
                    lift_rounds: 4,
                    ctg_dynamic: false,
                    ..Ic3Config::default()
                },
            ),
            (
                "ic3 obligations per frame, no drops, first 3 literals",
                Ic3Config {
                    keep_obligations: false,
                    drop_po: 0.0,
                    mic_attempts: 3,
                    parent_lemma: false,
                    order_assumptions: false,
                    mic_shuffle: 0.0,
                    promote: true,
                    ..Ic3Config::default()
                },
            ),
        ];
        for (what, cfg) in &configs {
            run_ic3(what, &aig, None, &truth, cfg)?;
        }
    }
    // Each property on its own, on another subset.
    if seed.is_multiple_of(3) && aig.properties().len() > 1 {
        for k in 0..aig.properties().len() {
            let t = explicit_search(&aig, Some(k));
            run_ic3(
                &format!("ic3 property {k}"),
                &aig,
                Some(k),
                &t,
                &Ic3Config::default(),
            )?;
            let what = format!("ic3 property {k} preprocessed");
            let ts = preprocessed(&what, &aig, Some(k), false, seed)?;
            run_ic3_on(&what, &aig, &ts, Some(k), &t, &Ic3Config::default())?;
        }
    }
    Ok(truth.shortest_cex)
}

/// The seeds to run: `PDRKIT_DIFF_SEED` alone, or `count` of them.
fn seeds(count: usize) -> Vec<u64> {
    match std::env::var("PDRKIT_DIFF_SEED") {
        Ok(s) => vec![s.parse().expect("PDRKIT_DIFF_SEED: a number")],
        Err(_) => (0..count as u64).collect(),
    }
}

/// Runs `case` on every seed, on two threads (a panic is a failure of its seed), sorted by
/// seed.
fn run_seeds(seeds: &[u64], case: fn(u64) -> CaseResult) -> Vec<(u64, CaseResult)> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(u64, CaseResult)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&seed) = seeds.get(i) else { break };
                let r = std::panic::catch_unwind(|| case(seed))
                    .unwrap_or_else(|_| Err("panicked (see the message above)".into()));
                results.lock().unwrap().push((seed, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    results
}

/// Each failed seed with its error and its model (built again by `model`) as `.aag` text.
fn failures(results: &[(u64, CaseResult)], model: fn(u64) -> Aig) -> Vec<String> {
    results
        .iter()
        .filter_map(|(seed, r)| {
            let e = r.as_ref().err()?;
            Some(format!(
                "seed {seed}: {e}\nmodel:\n{}",
                String::from_utf8_lossy(&aiger::write_aag(&model(*seed)))
            ))
        })
        .collect()
}

#[test]
fn engines_agree_with_explicit_search() {
    let seeds = seeds(cases());
    let start = Instant::now();
    let results = run_seeds(&seeds, run_case);
    let safe = results.iter().filter(|r| matches!(r.1, Ok(None))).count();
    let mut depths = [0usize; 6];
    for r in &results {
        if let Ok(Some(d)) = r.1 {
            depths[d.min(5)] += 1;
        }
    }
    let failures = failures(&results, random_aig);
    let merged = MERGED.load(Ordering::Relaxed);
    let (deep, reached) = (
        KIPDR_DEEP.load(Ordering::Relaxed),
        KIPDR_REACHED.load(Ordering::Relaxed),
    );
    println!(
        "differential: {} models in {:.1}s: safe {safe}, unsafe {} (shortest depth 0: {}, 1: {}, 2: {}, 3: {}, 4: {}, 5+: {}), failed {}, latches merged by preprocessing in {merged}, KIPDR runs with lemmas at k ≥ 2: {deep}, with counterexamples through obligations: {reached}",
        results.len(),
        start.elapsed().as_secs_f64(),
        results.len() - safe - failures.len(),
        depths[0],
        depths[1],
        depths[2],
        depths[3],
        depths[4],
        depths[5],
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} seeds failed; the first ones:\n\n{}",
        failures.len(),
        results.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    if seeds.len() >= 100 {
        // The generator must keep producing both kinds, and deep counterexamples.
        assert!(safe * 5 >= seeds.len(), "too few safe models: {safe}");
        assert!(
            merged * 10 >= seeds.len(),
            "too few models where preprocessing merges: {merged}"
        );
        assert!(
            (seeds.len() - safe) * 5 >= seeds.len(),
            "too few unsafe models"
        );
        assert!(
            depths[2..].iter().sum::<usize>() * 20 >= seeds.len(),
            "shallow: {depths:?}"
        );
        // KIPDR's k-inductive lemmas and its counterexamples through obligations get tested.
        assert!(
            deep * 50 >= seeds.len(),
            "too few KIPDR lemmas at k ≥ 2: {deep}"
        );
        assert!(
            reached * 200 >= seeds.len(),
            "too few reached obligations: {reached}"
        );
    }
}

/// A random model (as [`random_aig`]) whose latches have, half of them, a reset function: a
/// random literal over the inputs, latches and gates, with a random sign. A latch of each
/// cycle of reset functions becomes uninitialized until there is none.
fn random_aig_with_resets(seed: u64) -> Aig {
    let mut aig = random_aig(seed);
    let mut rng = Rng::mixed(seed ^ 0x05EE_D0F2_E5E7);
    let mut pool: Vec<Lit> = aig.inputs.clone();
    pool.extend(aig.latches.iter().map(|l| l.lit));
    pool.extend(aig.ands.iter().map(|g| g.lhs));
    if pool.is_empty() {
        return aig;
    }
    for k in 0..aig.latches.len() {
        if rng.percent(50) {
            aig.latches[k].reset = Reset::Function(pick(&mut rng, &pool));
        }
    }
    while let Some(cycle) = aig.reset_cycle() {
        aig.latches[cycle[0].0].reset = Reset::Uninit;
    }
    aig
}

/// One seed of [`random_aig_with_resets`]: the lowering must have the same shortest
/// counterexample as the model by explicit search (which evaluates the reset functions
/// itself), and the engines, run on the lowered model, are judged as in [`run_case`]; each
/// answer is also made one of the model with its reset functions (witness, certificate) and
/// checked there.
fn run_reset_case(seed: u64) -> CaseResult {
    let original = random_aig_with_resets(seed);
    let truth = explicit_search(&original, None);
    let low = match original.lower_reset_functions() {
        Ok(Some(low)) => low,
        Ok(None) => return Ok(truth.shortest_cex),
        Err(e) => return Err(format!("the generator made a malformed model: {e}")),
    };
    let lowered_truth = explicit_search(&low.aig, None);
    if lowered_truth.shortest_cex != truth.shortest_cex {
        return Err(format!(
            "the lowered model's shortest counterexample is {:?}, the model's {:?}",
            lowered_truth.shortest_cex, truth.shortest_cex
        ));
    }
    let m = Model {
        aig: low.aig.clone(),
        lowered: Some((original, low)),
    };
    let truth = lowered_truth;
    run_ic3("ic3", &m, None, &truth, &Ic3Config::default())?;
    run_ic3_first(&m, &truth)?;
    run_preprocessed(&m, &truth, seed)?;
    run_bmc(&m, &truth, SatBackend::Pdrkit)?;
    let sp = if seed.is_multiple_of(2) {
        SimplePath::Lazy
    } else {
        SimplePath::Off
    };
    run_kind_and_portfolio(&m, &truth, sp, portfolio_backend(seed))?;
    if seed.is_multiple_of(3) && m.properties().len() > 1 {
        for k in 0..m.properties().len() {
            let t = explicit_search(&m, Some(k));
            let what = format!("ic3 property {k} preprocessed");
            let ts = preprocessed(&what, &m, Some(k), false, seed)?;
            run_ic3_on(&what, &m, &ts, Some(k), &t, &Ic3Config::default())?;
        }
    }
    Ok(truth.shortest_cex)
}

/// Reset functions: the engines on the lowered models agree with explicit search on the
/// models, and their answers convince the checker on the models (a third as many seeds as
/// [`engines_agree_with_explicit_search`]).
#[test]
fn engines_agree_on_models_with_reset_functions() {
    let seeds = seeds(cases() / 3);
    let start = Instant::now();
    let results = run_seeds(&seeds, run_reset_case);
    let safe = results.iter().filter(|r| matches!(r.1, Ok(None))).count();
    let failures = failures(&results, random_aig_with_resets);
    // How many models have a latch whose reset function is not trivial.
    let with_functions = seeds
        .iter()
        .filter(|&&s| {
            random_aig_with_resets(s)
                .lower_reset_functions()
                .is_ok_and(|l| l.is_some_and(|l| !l.functions.is_empty()))
        })
        .count();
    println!(
        "differential with reset functions: {} models ({with_functions} with reset functions) in {:.1}s: safe {safe}, unsafe {}, failed {}",
        results.len(),
        start.elapsed().as_secs_f64(),
        results.len() - safe - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} seeds failed; the first ones:\n\n{}",
        failures.len(),
        results.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    if seeds.len() >= 50 {
        assert!(
            with_functions * 2 >= seeds.len(),
            "few reset functions: {with_functions}"
        );
        assert!(safe * 10 >= seeds.len(), "too few safe models: {safe}");
        assert!(
            (seeds.len() - safe) * 10 >= seeds.len(),
            "too few unsafe models"
        );
    }
}

/// The generator is deterministic, stays within its limits, and builds well-formed models that
/// survive a round trip through the AIGER writer and reader.
#[test]
fn generator_is_deterministic_and_well_formed() {
    for seed in 0..200 {
        let a = random_aig(seed);
        assert_eq!(a, random_aig(seed), "seed {seed}");
        assert!(a.latches.len() <= 10 && a.inputs.len() <= 4, "seed {seed}");
        assert!(a.constraints.len() <= 2, "seed {seed}");
        assert!((1..=3).contains(&a.bads.len()), "seed {seed}");
        let text = aiger::write_aag(&a);
        let b = aiger::parse(&text)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{}", String::from_utf8_lossy(&text)));
        assert_eq!(
            explicit_search(&a, None),
            explicit_search(&b, None),
            "seed {seed}"
        );
    }
    assert_ne!(random_aig(1), random_aig(2));
}
