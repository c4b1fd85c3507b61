//! Unit tests of IC3's phases on small systems built in code. Every answer is checked against
//! brute-force enumeration of the system's states and inputs (a few latches, so all of them
//! can be tried), never against the SAT solvers that produced it.
//!
//! MIC is reached through [`Ic3::generalize`] at the top level `k`: there `push_forward` has no
//! level to try, so the lemma learned at `k` is exactly what MIC returned (CTG lemmas are learned
//! one level lower in the systems below, and told apart by their level).

use pdrkit_logic::{Cube, Lit};
use pdrkit_ts::{Aig, Latch, Reset, TransitionSystem};

use super::generalize::CtgBudget;
use super::obligation::Obligation;
use super::{Ic3, Ic3Config, LiftMode};
use crate::{Control, SatBackend};

/// Both frame-solver backends: MIC's joins differ between them (`join_flip` is pdrkit's only).
const BACKENDS: [SatBackend; 2] = [SatBackend::Pdrkit, SatBackend::Minisat];

/// The backends, each with a few seeds: the seed breaks ties in MIC's drop order (every
/// literal has activity 0 here), and these seeds give different orders.
fn runs() -> impl Iterator<Item = (SatBackend, u64)> {
    BACKENDS
        .into_iter()
        .flat_map(|sat| (0..4).map(move |seed| (sat, seed)))
}

/// A circuit under construction: the inputs and latches first (every latch reset to 0, next
/// state 0 until set), then the gates.
struct Circuit {
    aig: Aig,
}

impl Circuit {
    fn new(inputs: usize, latches: usize) -> Self {
        let mut aig = Aig::default();
        for _ in 0..inputs {
            let v = aig.new_var();
            aig.inputs.push(v.lit());
        }
        for _ in 0..latches {
            let v = aig.new_var();
            aig.latches.push(Latch {
                lit: v.lit(),
                next: Lit::FALSE,
                reset: Reset::Zero,
            });
        }
        Circuit { aig }
    }

    fn input(&self, i: usize) -> Lit {
        self.aig.inputs[i]
    }

    fn latch(&self, j: usize) -> Lit {
        self.aig.latches[j].lit
    }

    fn and(&mut self, a: Lit, b: Lit) -> Lit {
        self.aig.add_and(a, b)
    }

    fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }

    fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        let both = self.and(a, b);
        let neither = self.and(!a, !b);
        self.and(!both, !neither)
    }

    fn set_next(&mut self, j: usize, next: Lit) {
        self.aig.latches[j].next = next;
    }

    /// The system. Bad is "every latch at 1": the property does not matter to these tests, but
    /// it puts every latch and input in the cone of influence, so the system keeps the model's
    /// numbering (latch `j` of the model is latch `j` of the system, input `i` is input `i`).
    fn build(mut self) -> TransitionSystem {
        let n = self.aig.latches.len();
        let mut bad = self.latch(0);
        for j in 1..n {
            bad = self.and(bad, self.latch(j));
        }
        self.aig.bads.push(bad);
        let ts = TransitionSystem::from_aig(&self.aig, None).expect("well-formed circuit");
        assert_eq!(ts.latch_origin, (0..n).collect::<Vec<_>>());
        assert_eq!(
            ts.input_origin,
            (0..self.aig.inputs.len()).collect::<Vec<_>>()
        );
        assert!(ts.constraints.is_empty() && ts.first.is_none());
        ts
    }
}

/// The system's literal "latch `j` is 1".
fn on(ts: &TransitionSystem, j: usize) -> Lit {
    ts.latch(j).lit()
}

/// Every assignment of `n` booleans.
fn assignments(n: usize) -> impl Iterator<Item = Vec<bool>> {
    (0u32..1 << n).map(move |m| (0..n).map(|i| m >> i & 1 == 1).collect())
}

/// Whether every literal of `cube` (over latches) holds in `state`.
fn holds(ts: &TransitionSystem, cube: &[Lit], state: &[bool]) -> bool {
    cube.iter().all(|&l| {
        let j = ts.latch_index(l.var()).expect("cube over latches");
        state[j] != l.is_neg()
    })
}

/// The successor of `state` under `inputs`, by two-valued simulation of the gates.
fn successor(ts: &TransitionSystem, state: &[bool], inputs: &[bool]) -> Vec<bool> {
    let mut values = Vec::new();
    ts.evaluate(state, inputs, &mut values);
    ts.next
        .iter()
        .map(|&n| TransitionSystem::value(&values, n))
        .collect()
}

fn is_initial(ts: &TransitionSystem, state: &[bool]) -> bool {
    ts.init
        .iter()
        .zip(state)
        .all(|(init, &s)| init.is_none_or(|b| b == s))
}

/// Whether some initial state lies in `cube`.
fn meets_init(ts: &TransitionSystem, cube: &[Lit]) -> bool {
    assignments(ts.num_latches()).any(|s| is_initial(ts, &s) && holds(ts, cube, &s))
}

/// The lemmas of `F_level` (level ≥ 1) as IC3 holds them now, but for `except`.
fn frame_lemmas(ic3: &Ic3, level: usize, except: Option<&Cube>) -> Vec<Cube> {
    ic3.frames
        .frame(level)
        .filter(|&c| Some(c) != except)
        .cloned()
        .collect()
}

/// Whether `cube` is relative-inductive at `level`: no state of `F_{level-1}` outside the cube
/// steps into it, under any inputs. `below` holds the lemmas of `F_{level-1}`, `None` for
/// `F_0`, the initial states.
fn relative_inductive(ts: &TransitionSystem, below: Option<&[Cube]>, cube: &[Lit]) -> bool {
    let in_below = |s: &[bool]| match below {
        None => is_initial(ts, s),
        Some(lemmas) => lemmas.iter().all(|c| !holds(ts, c, s)),
    };
    assignments(ts.num_latches())
        .filter(|s| in_below(s) && !holds(ts, cube, s))
        .all(|s| assignments(ts.num_inputs()).all(|i| !holds(ts, cube, &successor(ts, &s, &i))))
}

/// MIC's contract on its result `g` for the blocked cube `input`, with `below` the lemmas of
/// the frame under the level: (a) `g ⊆ input`, (b) `g` excludes the initial states, (c) `g` is
/// relative-inductive, (d) dropping any one literal breaks (b) or (c).
fn assert_mic_contract(ts: &TransitionSystem, below: &[Cube], input: &Cube, g: &Cube) {
    assert!(g.subsumes(input), "{g:?} is not a sub-cube of {input:?}");
    assert!(!meets_init(ts, g), "{g:?} meets the initial states");
    assert!(
        relative_inductive(ts, Some(below), g),
        "{g:?} is not relative-inductive over {below:?}"
    );
    for &l in g.iter() {
        let smaller = g.filtered(|x| x != l);
        assert!(
            meets_init(ts, &smaller) || !relative_inductive(ts, Some(below), &smaller),
            "{g:?} is not minimal: {smaller:?} is a lemma too"
        );
    }
}

/// Checks MIC's contract for `g` over `F_1` as it is after generalization, without `g`
/// itself (which entered `F_1` when learned at level 2, after MIC's last query).
fn assert_contract_after(ic3: &Ic3, ts: &TransitionSystem, input: &Cube, g: &Cube) {
    let below = frame_lemmas(ic3, 1, Some(g));
    assert_mic_contract(ts, &below, input, g);
}

/// An IC3 run on `ts` with its frames set up to level `k` (all empty), as `run` leaves them
/// after the first `extend`s.
fn ic3_at(ts: &TransitionSystem, cfg: Ic3Config, k: usize) -> Ic3<'_> {
    let mut ic3 = Ic3::new(ts, cfg, Control::new());
    ic3.solvers.push(ic3.build_solver(0));
    for _ in 0..k {
        ic3.extend();
    }
    assert_eq!(ic3.k(), k);
    ic3
}

/// Runs `generalize` on `input` at the top level and returns the lemma it learned there (MIC's
/// result: nothing pushes at the top level).
fn mic_at_top(ic3: &mut Ic3, input: &Cube) -> Cube {
    let k = ic3.k();
    let before = ic3.frames.level(k).to_vec();
    let ctg = CtgBudget {
        max: ic3.cfg.ctg_max,
        limit: ic3.cfg.ctg_limit,
    };
    let at = match ic3.generalize(input.clone(), k, ctg) {
        Ok(at) => at,
        Err(_) => panic!("generalization stopped"),
    };
    assert_eq!(at, k, "learned at the top level, where MIC left it");
    let new: Vec<Cube> = ic3
        .frames
        .level(k)
        .iter()
        .filter(|c| !before.contains(c))
        .cloned()
        .collect();
    assert_eq!(new.len(), 1, "one new lemma at the top level: {new:?}");
    new.into_iter().next().unwrap()
}

/// Inputs `i, j1, j2`; latches `a, b, c, d, e`, reset 0: `a' = i`, `b' = ¬i ∨ e`, `c' = j1`,
/// `d' = j2`, `e' = e`.
///
/// `a' ∧ b' = i ∧ e`: once `¬e` is known, no state steps into `a ∧ b`, while `a` alone
/// (`i = 1`) and `b` alone (`i = 0`) are reached from anywhere, and `c`, `d` follow free inputs.
/// Over `F_1 = ¬e`, the sub-cubes of `a ∧ b ∧ ¬c ∧ d` that are lemmas at level 2 are exactly
/// those containing `a ∧ b`.
fn two_literal_core() -> TransitionSystem {
    let mut m = Circuit::new(3, 5);
    let (i, j1, j2) = (m.input(0), m.input(1), m.input(2));
    let e = m.latch(4);
    m.set_next(0, i);
    let b_next = m.or(!i, e);
    m.set_next(1, b_next);
    m.set_next(2, j1);
    m.set_next(3, j2);
    m.set_next(4, e);
    m.build()
}

#[test]
fn mic_without_ctg_returns_exactly_the_two_literals_that_block() {
    let ts = two_literal_core();
    let (a, b, c, d, e) = (on(&ts, 0), on(&ts, 1), on(&ts, 2), on(&ts, 3), on(&ts, 4));
    let input = Cube::new([a, b, !c, d]);
    for (sat, seed) in runs() {
        let cfg = Ic3Config {
            seed,
            ctg_max: 0,
            mic_shuffle: 0.0,
            mic_attempts: 0,
            sat,
            ..Ic3Config::default()
        };
        let mut ic3 = ic3_at(&ts, cfg, 2);
        // `¬e` is inductive: a lemma at level 1 (it holds at every level).
        ic3.add_lemma(Cube::new([e]), 1, false);
        let below = frame_lemmas(&ic3, 1, None);
        assert!(
            relative_inductive(&ts, Some(&below), &input),
            "input blocked"
        );
        let g = mic_at_top(&mut ic3, &input);
        assert_eq!(g, Cube::new([a, b]), "{sat}, seed {seed}");
        assert_contract_after(&ic3, &ts, &input, &g);
        assert_eq!(ic3.stats.ctgs, 0);
        assert!(ic3.stats.generalize_calls > 0);
        // One MIC, from the four literals; nothing raised above the top level.
        assert_eq!((ic3.stats.mics, ic3.stats.mic_lits), (1, 4));
        assert_eq!(ic3.stats.raise_calls, 0);
    }
}

/// A lemma generalized below the top level is raised before it is learned, and those queries
/// are counted apart from MIC's (`sat_raise` against rIC3's `push_lemma`).
#[test]
fn raising_a_generalized_lemma_is_counted_apart_from_mic() {
    let ts = two_literal_core();
    let (a, b, c, d, e) = (on(&ts, 0), on(&ts, 1), on(&ts, 2), on(&ts, 3), on(&ts, 4));
    let cfg = Ic3Config {
        mic_shuffle: 0.0,
        ..Ic3Config::default()
    };
    let mut ic3 = ic3_at(&ts, cfg, 3);
    // `¬e` at level 3 holds in F1..F3: `a ∧ b` is blocked at every level.
    ic3.add_lemma(Cube::new([e]), 3, false);
    let at = match ic3.generalize(Cube::new([a, b, !c, d]), 2, CtgBudget::NONE) {
        Ok(at) => at,
        Err(_) => panic!("generalization stopped"),
    };
    assert_eq!(at, 3, "raised from level 2 to the top");
    assert_eq!(ic3.stats.raise_calls, 1);
    assert_eq!(ic3.stats.mics, 1);
    let mic_queries = ic3.stats.generalize_calls;
    assert!(mic_queries > 0);
    assert_eq!(
        ic3.stats.queries(),
        mic_queries + 1,
        "MIC's queries and the one raise, nothing else"
    );
}

/// Inputs `i, k`; latches `a, b, d`, reset 0: `a' = i`, `b' = b ∧ k`, `d' = ¬i`.
///
/// No state steps into `a ∧ d` (`a' ∧ d' = i ∧ ¬i`), and only `b` steps into `b`: over `F_1` =
/// every state, the lemmas at level 2 under `a ∧ b ∧ d` are those holding `b` or `a ∧ d`.
/// Dropping `a` or `d` first fails on its first query (`b ∧ d` is entered from `b ∧ ¬d`,
/// `a ∧ b` from `¬a ∧ b`); the join with that predecessor leaves `b`, and a second query
/// proves it.
fn join_saves_the_drop() -> TransitionSystem {
    let mut m = Circuit::new(2, 3);
    let (i, k) = (m.input(0), m.input(1));
    let b = m.latch(1);
    m.set_next(0, i);
    let b_next = m.and(b, k);
    m.set_next(1, b_next);
    m.set_next(2, !i);
    m.build()
}

/// Bradley's `down` joins a failed candidate with its predecessor and asks again: some literal
/// orders reach `b` only through that join, the others keep `a ∧ d`.
#[test]
fn a_join_with_the_predecessor_saves_a_literal_drop() {
    let ts = join_saves_the_drop();
    let (a, b, d) = (on(&ts, 0), on(&ts, 1), on(&ts, 2));
    let input = Cube::new([a, b, d]);
    let mut joined = 0;
    for (sat, seed) in runs() {
        let cfg = Ic3Config {
            seed,
            ctg_max: 0,
            mic_shuffle: 0.0,
            sat,
            ..Ic3Config::default()
        };
        let mut ic3 = ic3_at(&ts, cfg, 2);
        let g = mic_at_top(&mut ic3, &input);
        assert_contract_after(&ic3, &ts, &input, &g);
        if g == Cube::new([b]) {
            joined += 1;
        } else {
            assert_eq!(g, Cube::new([a, d]), "{sat}, seed {seed}");
        }
    }
    assert!(joined > 0, "no order reached `b`");
}

/// An obligation's activity counts its handlings whether or not obligations are ever dropped:
/// dynamic generalization reads it, and `drop_po = 0` (never drop) must not switch that off.
#[test]
fn obligations_count_their_handlings_also_when_none_is_dropped() {
    let ts = two_literal_core();
    let (a, b) = (on(&ts, 0), on(&ts, 1));
    for drop_po in [0.0, 20.0] {
        let cfg = Ic3Config {
            drop_po,
            ..Ic3Config::default()
        };
        let mut ic3 = ic3_at(&ts, cfg, 1);
        // `a ∧ b` needs `e`, which is 0 in the initial states: blocked at level 1.
        let id = ic3
            .obligations
            .add(Obligation::new(Cube::new([a, b]), Vec::new(), None, 0));
        ic3.obligations.push(id, 1);
        assert!(ic3.block().is_ok(), "blocked, drop_po {drop_po}");
        // Handled once at level 1, then kept one level up (decayed by 0.6).
        let act = ic3.obligations.get(id).act;
        assert!(
            (act - 0.6).abs() < 1e-9,
            "drop_po {drop_po}: activity {act}"
        );
    }
}

/// A dropped obligation is never handled again, so its activity must not go on giving the
/// obligations queued below it (their successor's activity: dynamic generalization) a CTG
/// budget: frozen above the drop threshold, it gave them the largest budget in every frame.
#[test]
fn a_dropped_obligation_gives_those_below_it_no_ctg_budget() {
    let ts = two_literal_core();
    let (a, b, c) = (on(&ts, 0), on(&ts, 1), on(&ts, 2));
    let cfg = Ic3Config {
        drop_po: 3.0,
        ..Ic3Config::default()
    };
    let mut ic3 = ic3_at(&ts, cfg, 1);
    let succ = ic3
        .obligations
        .add(Obligation::new(Cube::new([a, b]), Vec::new(), None, 0));
    let pred = ic3
        .obligations
        .add(Obligation::new(Cube::new([c]), Vec::new(), Some(succ), 1));
    ic3.obligations.push(succ, 1);
    for _ in 0..3 {
        ic3.obligations.bump(succ);
    }
    assert_ne!(
        ic3.ctg_budget(pred),
        CtgBudget::NONE,
        "a successor handled 3 times gives CTG"
    );
    // Handled a fourth time, beyond `drop_po`: dropped.
    assert!(ic3.block().is_ok());
    assert_eq!(ic3.stats.dropped, 1);
    assert_eq!(ic3.ctg_budget(pred), CtgBudget::NONE);
    // With a configured floor, every obligation gets at least that.
    ic3.cfg.ctg_max = 2;
    assert_eq!(ic3.ctg_budget(pred), CtgBudget { max: 2, limit: 1 });
}

/// Inputs `i, j, x`; latches `r1, a, p, r2, b, q, n`, reset 0: two delay lines
/// `i → r1 → a → p` and `j → r2 → b → q`, and `n' = x`.
///
/// With `F_1 = ¬(a ∧ b)` (true after one step: `a` and `b` are 0 then), `p ∧ q ∧ n` is blocked
/// at level 2, but neither `p` nor `q` alone is: `q`'s predecessors have `b = 1`, allowed by
/// `F_1`. That predecessor is a counterexample to generalization: `b` cannot hold one step
/// after the initial states, so CTG learns `¬b` at level 1, after which `q` alone is blocked
/// at level 2 (and symmetrically `¬a` for `p`). Plain MIC cannot drop `p` or `q`.
fn delay_lines() -> TransitionSystem {
    let mut m = Circuit::new(3, 7);
    let (i, j, x) = (m.input(0), m.input(1), m.input(2));
    let (r1, a, r2, b) = (m.latch(0), m.latch(1), m.latch(3), m.latch(4));
    m.set_next(0, i);
    m.set_next(1, r1);
    m.set_next(2, a);
    m.set_next(3, j);
    m.set_next(4, r2);
    m.set_next(5, b);
    m.set_next(6, x);
    m.build()
}

#[test]
fn mic_with_ctg_learns_the_counterexample_one_level_down_and_drops_more() {
    let ts = delay_lines();
    let (a, p, b, q, n) = (on(&ts, 1), on(&ts, 2), on(&ts, 4), on(&ts, 5), on(&ts, 6));
    let input = Cube::new([p, q, n]);
    let a_and_b = Cube::new([a, b]);
    assert!(!meets_init(&ts, &a_and_b) && relative_inductive(&ts, None, &a_and_b));
    for (sat, seed) in runs() {
        let cfg = |ctg_max| Ic3Config {
            seed,
            ctg_max,
            ctg_depth: 1,
            mic_shuffle: 0.0,
            mic_attempts: 0,
            sat,
            ..Ic3Config::default()
        };

        // Without CTG: `p` and `q` both stay, `n` goes.
        let mut plain = ic3_at(&ts, cfg(0), 2);
        plain.add_lemma(a_and_b.clone(), 1, false);
        let f1 = frame_lemmas(&plain, 1, None);
        assert!(relative_inductive(&ts, Some(&f1), &input), "input blocked");
        let g = mic_at_top(&mut plain, &input);
        assert_eq!(g, Cube::new([p, q]), "{sat}, seed {seed}");
        assert_contract_after(&plain, &ts, &input, &g);
        assert_eq!(plain.stats.ctgs, 0);
        assert_eq!(plain.frames.level(1), std::slice::from_ref(&a_and_b));

        // With CTG (its queries inside the cube being generalized or, as rIC3 asks them,
        // outside it): one counterexample blocked at level 1 lets one of `p`, `q` go too
        // (which one depends on the drop order; the seeds give both).
        for outside in [false, true] {
            let mut ic3 = ic3_at(
                &ts,
                Ic3Config {
                    ctg_outside: outside,
                    ..cfg(3)
                },
                2,
            );
            ic3.add_lemma(a_and_b.clone(), 1, false);
            let g = mic_at_top(&mut ic3, &input);
            let ctg_lemma = if g == Cube::new([q]) {
                Cube::new([b])
            } else {
                assert_eq!(
                    g,
                    Cube::new([p]),
                    "{sat}, seed {seed}, outside {outside}: one literal"
                );
                Cube::new([a])
            };
            assert_eq!(
                ic3.stats.ctgs, 1,
                "{sat}, seed {seed}, outside {outside}: one counterexample to generalization"
            );
            // The CTG lemma is sound at level 1 (checked against the initial states), stays
            // there (over `F_1`, `r2 = 1` leads to `b`), and replaces `a ∧ b`, which it
            // subsumes.
            assert!(!meets_init(&ts, &ctg_lemma) && relative_inductive(&ts, None, &ctg_lemma));
            assert_eq!(
                ic3.frames.level(1),
                std::slice::from_ref(&ctg_lemma),
                "{sat}, seed {seed}, outside {outside}"
            );
            // The result needs the CTG lemma: over the frame MIC started from it is no lemma.
            assert!(!relative_inductive(&ts, Some(&f1), &g));
            assert_contract_after(&ic3, &ts, &input, &g);
        }
    }
}

/// Inputs `i, j, x`; latches `s1, r1, a, p, s2, r2, b, q, n`, reset 0: two delay lines
/// `i → s1 → r1 → a → p` and `j → s2 → r2 → b → q`, and `n' = x`.
///
/// With `F_1 = F_2 = ¬(a ∧ b)` (true for two steps: `a` and `b` are 0 until step 3),
/// `p ∧ q ∧ n` is blocked at level 3, but `q` alone is not: its predecessors have `b = 1`.
/// That counterexample is not blocked at level 2 in one query (its own predecessors have
/// `r2 = 1`, allowed by `F_1`), but `r2` is blocked at level 1 (it is 0 one step after the
/// initial states), and then `b` at level 2: a CTG limit of 2 lets `p` go (and symmetrically
/// `a`, `r1` let `q` go), a limit of 1 does not, nor a recursion floor above level 1.
fn long_delay_lines() -> TransitionSystem {
    let mut m = Circuit::new(3, 9);
    let (i, j, x) = (m.input(0), m.input(1), m.input(2));
    for (first, input) in [(0, i), (4, j)] {
        m.set_next(first, input);
        for stage in 1..4 {
            let prev = m.latch(first + stage - 1);
            m.set_next(first + stage, prev);
        }
    }
    m.set_next(8, x);
    m.build()
}

#[test]
fn ctg_limit_blocks_the_counterexamples_own_predecessor_first() {
    let ts = long_delay_lines();
    let l = |j| on(&ts, j);
    let (r1, a, p, r2, b, q, n) = (l(1), l(2), l(3), l(5), l(6), l(7), l(8));
    let input = Cube::new([p, q, n]);
    let a_and_b = Cube::new([a, b]);
    assert!(!meets_init(&ts, &a_and_b));
    for (sat, seed) in runs() {
        // The recursion floor, a fraction of `k = 3`: 0.3 allows level 1 (0.9), 0.5 does not.
        for (limit, floor) in [(1, 0.0), (2, 0.0), (2, 0.3), (2, 0.5)] {
            let cfg = Ic3Config {
                seed,
                ctg_max: 3,
                ctg_limit: limit,
                ctg_recursion_floor: floor,
                ctg_depth: 1,
                mic_shuffle: 0.0,
                mic_attempts: 0,
                sat,
                ..Ic3Config::default()
            };
            let mut ic3 = ic3_at(&ts, cfg, 3);
            ic3.add_lemma(a_and_b.clone(), 2, false);
            let f2 = frame_lemmas(&ic3, 2, None);
            assert!(relative_inductive(&ts, Some(&f2), &input), "input blocked");
            let g = mic_at_top(&mut ic3, &input);
            let what = format!("{sat}, seed {seed}, limit {limit}, floor {floor}");
            if limit == 1 || floor == 0.5 {
                assert_eq!(g, Cube::new([p, q]), "{what}: no CTG can be blocked");
                assert_eq!(ic3.stats.ctgs, 0, "{what}");
                continue;
            }
            // Which line gave way depends on the drop order.
            let (kept, pred, ctg) = if g == Cube::new([q]) {
                (q, r2, b)
            } else {
                assert_eq!(g, Cube::new([p]), "{what}: one literal");
                (p, r1, a)
            };
            assert_eq!(g, Cube::new([kept]));
            assert_eq!(
                ic3.stats.ctgs, 1,
                "{what}: one counterexample to generalization"
            );
            // Both lemmas are sound where they were learned (brute force): the predecessor's
            // at level 1, the counterexample's at level 2 over it.
            let pred_lemma = Cube::new([pred]);
            let ctg_lemma = Cube::new([ctg]);
            assert!(ic3.frames.level(1).contains(&pred_lemma), "{what}");
            assert!(ic3.frames.level(2).contains(&ctg_lemma), "{what}");
            assert!(relative_inductive(&ts, None, &pred_lemma));
            assert!(relative_inductive(
                &ts,
                Some(&frame_lemmas(&ic3, 1, None)),
                &ctg_lemma
            ));
            assert!(
                !relative_inductive(&ts, Some(&f2), &g),
                "{what}: needs the CTG lemma"
            );
            assert!(relative_inductive(
                &ts,
                Some(&frame_lemmas(&ic3, 2, Some(&g))),
                &g
            ));
        }
    }
}

#[test]
fn dynamic_ctg_budget_grows_with_the_successors_activity() {
    assert_eq!(CtgBudget::dynamic(0.0), CtgBudget::NONE);
    assert_eq!(CtgBudget::dynamic(1.9), CtgBudget::NONE);
    let at = |act| CtgBudget::dynamic(act);
    assert_eq!(at(2.0), CtgBudget { max: 2, limit: 1 });
    assert_eq!(at(4.0), CtgBudget { max: 3, limit: 1 });
    assert_eq!(at(7.9), CtgBudget { max: 4, limit: 1 });
    assert_eq!(at(8.0), CtgBudget { max: 5, limit: 5 });
    let mut last = at(8.0).limit;
    for act in [10.0, 20.0, 40.0, 100.0] {
        let b = at(act);
        assert_eq!(b.max, 5);
        assert!(b.limit > last, "{act}: {b:?}");
        last = b.limit;
    }
    // A configured floor raises each part where it gives more; a floor without CTG is none.
    let floor = CtgBudget { max: 3, limit: 1 };
    assert_eq!(CtgBudget::NONE.at_least(floor), floor);
    assert_eq!(at(2.0).at_least(floor), CtgBudget { max: 3, limit: 1 });
    assert_eq!(at(8.0).at_least(floor), at(8.0));
    assert_eq!(at(8.0).at_least(CtgBudget { max: 0, limit: 9 }), at(8.0));
    assert_eq!(
        at(0.0).at_least(CtgBudget { max: 0, limit: 9 }),
        CtgBudget::NONE
    );
}

/// Inputs `i0, i1`; latches `l0 … l5`, reset 0: `l0' = l1 ∧ l2`, `l1' = l0 ∨ i0`,
/// `l2' = l3 ⊕ l4`, `l3' = l5 ∧ i1`, `l4' = ¬l0`, `l5' = l5`.
fn mixed_logic() -> TransitionSystem {
    let mut m = Circuit::new(2, 6);
    let (i0, i1) = (m.input(0), m.input(1));
    let l: Vec<Lit> = (0..6).map(|j| m.latch(j)).collect();
    let n0 = m.and(l[1], l[2]);
    m.set_next(0, n0);
    let n1 = m.or(l[0], i0);
    m.set_next(1, n1);
    let n2 = m.xor(l[3], l[4]);
    m.set_next(2, n2);
    let n3 = m.and(l[5], i1);
    m.set_next(3, n3);
    m.set_next(4, !l[0]);
    m.set_next(5, l[5]);
    m.build()
}

/// Whether latch `j`'s next-state function reads latch `m` (some state and inputs where
/// flipping `m` flips it), found by simulation.
fn reads(ts: &TransitionSystem, j: usize, m: usize) -> bool {
    assignments(ts.num_latches()).any(|s| {
        let mut t = s.clone();
        t[m] = !t[m];
        assignments(ts.num_inputs()).any(|i| successor(ts, &s, &i)[j] != successor(ts, &t, &i)[j])
    })
}

#[test]
fn lifted_predecessor_is_a_sub_cube_whose_every_state_steps_into_the_target() {
    let ts = mixed_logic();
    let nl = ts.num_latches();
    // Target sets (latch indices whose successor values must be kept).
    let targets: [&[usize]; 5] = [&[0], &[1], &[2], &[0, 2], &[0, 1, 2, 3, 4, 5]];
    let modes = [
        (LiftMode::Core, 1, SatBackend::Pdrkit),
        (LiftMode::Core, 3, SatBackend::Pdrkit),
        (LiftMode::Core, 1, SatBackend::Minisat),
        (LiftMode::Ternary, 1, SatBackend::Pdrkit),
        (LiftMode::TernaryCore, 1, SatBackend::Pdrkit),
    ];
    for (lift, lift_rounds, sat) in modes {
        let cfg = Ic3Config {
            lift,
            lift_rounds,
            sat,
            ..Ic3Config::default()
        };
        let mut ic3 = Ic3::new(&ts, cfg, Control::new());
        for state in assignments(nl) {
            let state_lits: Vec<Lit> = (0..nl).map(|j| ts.latch(j).lit_with(!state[j])).collect();
            for inputs in assignments(ts.num_inputs()) {
                let succ = successor(&ts, &state, &inputs);
                for &set in &targets {
                    let target: Vec<Lit> = set
                        .iter()
                        .map(|&j| ts.latch(j).lit_with(!succ[j]))
                        .collect();
                    let primed: Vec<Lit> = target.iter().map(|&t| ic3.layout.prime(t)).collect();
                    let cube = ic3.lift(&state_lits, &inputs, &primed);
                    let what = format!("{lift}/{lift_rounds}/{sat}: {state:?} {inputs:?} {set:?}");
                    assert!(
                        cube.iter().all(|l| state_lits.contains(l)),
                        "{what}: {cube:?} is not part of the state"
                    );
                    // No latch the targets do not read: lifting must drop what cannot matter.
                    for l in cube.iter() {
                        let m = ts.latch_index(l.var()).unwrap();
                        assert!(
                            set.iter().any(|&j| reads(&ts, j, m)),
                            "{what}: kept latch {m}, which no target reads"
                        );
                    }
                    // Every state of the cube (every completion of the free latches), with the
                    // same inputs, steps into the target.
                    for s in assignments(nl).filter(|s| holds(&ts, &cube, s)) {
                        let t = successor(&ts, &s, &inputs);
                        assert!(
                            holds(&ts, &target, &t),
                            "{what}: {cube:?} holds in {s:?}, which steps to {t:?}"
                        );
                    }
                }
            }
        }
        // The exact answer where soundness and the cone force it: `l0' = 1` needs `l1 ∧ l2`
        // and nothing else; `l2' = 1` from `l3 = 1, l4 = 0` needs both.
        let mut state = vec![true; nl];
        state[4] = false;
        let state_lits: Vec<Lit> = (0..nl).map(|j| ts.latch(j).lit_with(!state[j])).collect();
        let l0 = ic3.layout.prime(on(&ts, 0));
        let l2 = ic3.layout.prime(on(&ts, 2));
        assert_eq!(
            ic3.lift(&state_lits, &[false, false], &[l0]),
            Cube::new([on(&ts, 1), on(&ts, 2)]),
            "{lift}"
        );
        assert_eq!(
            ic3.lift(&state_lits, &[false, false], &[l2]),
            Cube::new([on(&ts, 3), !on(&ts, 4)]),
            "{lift}"
        );
    }
}

/// The tests' pseudo-random numbers: pdrkit's one generator, at fixed seeds (the same cases
/// every run).
pub(super) use pdrkit_logic::rng::Rng;

/// A random circuit with reconvergent fan-out: `gates` ANDs over the inputs, the latches and
/// the gates before, with random polarities; each latch's next state is one of them, or an
/// input or latch. Every latch stays in the system, in order (bad reads them all).
pub(super) fn random_circuit(
    inputs: usize,
    latches: usize,
    gates: usize,
    rng: &mut Rng,
) -> TransitionSystem {
    let mut next = |n: usize| rng.below(n);
    let mut c = Circuit::new(inputs, latches);
    let mut pool: Vec<Lit> = (0..inputs)
        .map(|i| c.input(i))
        .chain((0..latches).map(|j| c.latch(j)))
        .collect();
    for _ in 0..gates {
        let a = pool[next(pool.len())];
        let b = pool[next(pool.len())];
        let g = c.and(a.xor(next(2) == 1), b.xor(next(2) == 1));
        pool.push(g);
    }
    for j in 0..latches {
        // Some next states are latches or inputs themselves (shift registers): a primed
        // variable is then a copy of a current one.
        let n = if next(3) == 0 {
            pool[next(inputs + latches)]
        } else {
            pool[inputs + latches + next(gates)]
        };
        c.set_next(j, n.xor(next(2) == 1));
    }
    // Bad reads every latch (they all stay); an input no latch reads may go.
    let mut bad = c.latch(0);
    for j in 1..latches {
        bad = c.and(bad, c.latch(j));
    }
    c.aig.bads.push(bad);
    TransitionSystem::from_aig(&c.aig, None).expect("well-formed circuit")
}

#[test]
fn a_failed_push_is_not_asked_again_until_a_lemma_takes_its_state_away() {
    use super::frame_solvers::{Purpose, Relind};
    // `p' = a`: pushing `¬p` from level 1 fails on a state with `a = 1`.
    let ts = delay_lines();
    let (a, p, b, q) = (on(&ts, 1), on(&ts, 2), on(&ts, 4), on(&ts, 5));
    for sat in BACKENDS {
        let cfg = Ic3Config {
            push_memo: true,
            sat,
            ..Ic3Config::default()
        };
        let mut ic3 = ic3_at(&ts, cfg, 2);
        let lemma = Cube::new([p]);
        ic3.add_lemma(lemma.clone(), 1, false);
        let refuted = |ic3: &mut Ic3| {
            assert!(matches!(
                ic3.relind(&lemma, 1, false, Purpose::Push),
                Ok(Relind::Pred)
            ));
            assert_eq!(
                ic3.value_at(1, a),
                Some(true),
                "{sat}: the refuting state has a = 1"
            );
            ic3.push_witnesses.record(&ts, &ic3.solvers[1], &lemma, 1);
        };
        refuted(&mut ic3);
        assert!(ic3.push_witnesses.refutes(&ts, &lemma, 1));
        // Only a refutation of the same push counts.
        assert!(!ic3.push_witnesses.refutes(&ts, &lemma, 2));
        assert!(!ic3.push_witnesses.refutes(&ts, &Cube::new([q]), 1));
        // A lemma the state violates (`¬a` is false there) leaves it in the frame.
        ic3.add_lemma(Cube::new([!a, q]), 1, false);
        assert!(ic3.push_witnesses.refutes(&ts, &lemma, 1));
        // A lemma that may hold the state (`a ∧ b`, `b` unassigned) takes the memory away.
        ic3.add_lemma(Cube::new([a, b]), 2, false);
        assert!(!ic3.push_witnesses.refutes(&ts, &lemma, 1));
        // Recorded again, it stays through a round, and is dropped by a round that did not
        // look at it.
        refuted(&mut ic3);
        ic3.push_witnesses.end_round();
        assert!(ic3.push_witnesses.refutes(&ts, &lemma, 1));
        ic3.push_witnesses.end_round();
        ic3.push_witnesses.end_round();
        assert!(!ic3.push_witnesses.refutes(&ts, &lemma, 1));
    }
}

/// A 3-bit counter from 0, counting up each step; bad when all bits are set.
fn three_bit_counter() -> TransitionSystem {
    let mut c = Circuit::new(0, 3);
    let (l0, l1, l2) = (c.latch(0), c.latch(1), c.latch(2));
    let carry = c.and(l0, l1);
    let n1 = c.xor(l1, l0);
    let n2 = c.xor(l2, carry);
    c.set_next(0, !l0);
    c.set_next(1, n1);
    c.set_next(2, n2);
    c.build()
}

/// A run stopped before it finished a level still reports what it did: the statistics a
/// time limit prints are the run's, not the last finished level's.
#[test]
fn a_stopped_run_reports_its_statistics() {
    // Bad (all ones) needs levels beyond the first.
    let ts = three_bit_counter();
    for sat in BACKENDS {
        let ctl = Control::new();
        ctl.stop();
        let mut stats = super::Ic3Stats::default();
        let cfg = Ic3Config {
            sat,
            ..Ic3Config::default()
        };
        let outcome = super::check(&ts, &cfg, &ctl, &mut stats);
        assert!(matches!(outcome, crate::Outcome::Unknown(_)), "{sat}");
        assert!(stats.queries() > 0, "{sat}: the bad-state query at level 0");
        let reported = ctl.progress().snapshot();
        let queries = reported
            .iter()
            .find(|(k, _)| k == "sat_queries")
            .map(|(_, v)| v.clone());
        assert_eq!(
            queries,
            Some(crate::StatValue::from(stats.queries())),
            "{sat}"
        );
    }
}

/// A deadline does not interrupt SAT calls, so the loops that can ask many of them within one
/// literal drop check it themselves: CTG's `down` past its deadline stops before asking one.
#[test]
fn ctg_down_stops_at_the_deadline_without_a_query() {
    // The frames hold no lemmas yet, so dropping `l1` from `l2 ∧ l1` at level 2 needs a
    // query (it finds the predecessor 3 of 4).
    let ts = three_bit_counter();
    let (b1, b2) = (ts.latch(1).lit(), ts.latch(2).lit());
    let budget = CtgBudget { max: 3, limit: 1 };
    for past in [false, true] {
        let mut ic3 = ic3_at(&ts, Ic3Config::default(), 2);
        if past {
            ic3.ctl = Control::new().with_deadline(Some(std::time::Instant::now()));
        }
        let before = ic3.stats.queries();
        let r = ic3.ctg_down(&[b2], &[b1, b2], 2, 1, &[], None, budget);
        if past {
            assert!(matches!(r, Err(super::Stop::Unknown(_))));
            assert_eq!(
                ic3.stats.queries(),
                before,
                "a query asked past the deadline"
            );
        } else {
            assert!(r.is_ok());
            assert!(ic3.stats.queries() > before, "the candidate needs a query");
        }
    }
}

/// The core of blocking `cube` at level 2 with `block_core_retry` at `retry` (no lemma yet:
/// every activity is 0, so the literals are assumed in the cube's order), and the blocking
/// queries it took.
fn blocking_core(ts: &TransitionSystem, retry: usize, cube: &[Lit]) -> (Vec<Lit>, u64) {
    use super::frame_solvers::{Purpose, Relind};
    let cfg = Ic3Config {
        block_core_retry: retry,
        ..Ic3Config::default()
    };
    let mut ic3 = ic3_at(ts, cfg, 2);
    let Ok(Relind::Blocked(core)) =
        ic3.relind(&Cube::new(cube.iter().copied()), 1, true, Purpose::Block)
    else {
        panic!("the cube has no predecessor");
    };
    (core.iter().copied().collect(), ic3.stats.block_calls)
}

/// With `block_core_retry`, a blocking query whose first core is long is asked again with that
/// core's literals last, and a shorter core found so is the one returned.
#[test]
fn block_core_retry_finds_the_one_literal_core_the_first_order_hides() {
    // `a' = x` and `b' = ¬x` cannot both hold; `d' = 0` can never hold.
    let mut c = Circuit::new(1, 3);
    let x = c.input(0);
    c.set_next(0, x);
    c.set_next(1, !x);
    let ts = c.build();
    let (a, b, d) = (on(&ts, 0), on(&ts, 1), on(&ts, 2));
    for (retry, expected) in [(0, vec![a, b]), (2, vec![d]), (3, vec![a, b])] {
        // `a'`, `b'`, `d'` are assumed in that order, and the first conflict is between `a'`
        // and `b'`.
        let (core, queries) = blocking_core(&ts, retry, &[a, b, d]);
        assert_eq!(core, expected, "retry {retry}");
        assert_eq!(queries, if retry == 2 { 2 } else { 1 }, "retry {retry}");
    }
}

/// On a tie the retry keeps the second core: that is what moves a blocked predecessor's lemma
/// off the literals the activity order put first.
#[test]
fn block_core_retry_keeps_the_second_core_on_a_tie() {
    // `a' = x`, `b' = ¬x`, `d' = y`, `e' = ¬y`: `{a', b'}` and `{d', e'}` are both cores.
    let mut c = Circuit::new(2, 4);
    let (x, y) = (c.input(0), c.input(1));
    c.set_next(0, x);
    c.set_next(1, !x);
    c.set_next(2, y);
    c.set_next(3, !y);
    let ts = c.build();
    let (a, b, d, e) = (on(&ts, 0), on(&ts, 1), on(&ts, 2), on(&ts, 3));
    for (retry, expected) in [(0, vec![a, b]), (2, vec![d, e])] {
        let (core, _) = blocking_core(&ts, retry, &[a, b, d, e]);
        assert_eq!(core, expected, "retry {retry}");
    }
}
