//! Blocking: bad states of the frontier become proof obligations; an obligation is blocked by
//! a relative-induction query one level down (its core generalized into a lemma) or gets a
//! lifted predecessor, which is a counterexample when it meets the initial states.

use std::time::Instant;

use pdrkit_logic::{Cube, Lit, SatResult};

use super::generalize::CtgBudget;
use super::obligation::Obligation;
use super::{Ic3, Purpose, Relind, Stop};

impl Ic3<'_> {
    /// Whether a cube is disjoint from the initial states (some literal contradicts a reset).
    pub(super) fn initiation(&self, cube: &[Lit]) -> bool {
        cube.iter().any(|&l| self.ts.contradicts_init(l))
    }

    /// The literal "not the first step" when the system has the first-step latch.
    pub(super) fn not_first(&self) -> Option<Lit> {
        self.ts.first.map(|j| !self.ts.latch(j).lit())
    }

    /// Turns a lifted state cube into an obligation cube, or tells that it meets the initial
    /// states (a counterexample: `Err` with the cube to start from). With the first-step latch,
    /// an obligation is restricted to `first = 0`: a state with a predecessor; the part with
    /// `first = 1` is either initial (the check here) or unreachable.
    pub(super) fn obligation_cube(&self, cube: Cube) -> Result<Cube, Cube> {
        let Some(nf) = self.not_first() else {
            return if self.initiation(&cube) {
                Ok(cube)
            } else {
                Err(cube)
            };
        };
        let rest = cube.filtered(|l| l.var() != nf.var());
        if !self.initiation(&rest) {
            return Err(rest);
        }
        Ok(Cube::new(rest.iter().copied().chain([nf])))
    }

    /// Looks for a bad state in `F_level`. At level 0 a bad state is a counterexample at once;
    /// at higher levels it becomes an obligation (its id is returned, not yet queued).
    pub(super) fn bad_state(&mut self, level: usize) -> Result<Option<usize>, Stop> {
        let (ts, layout) = (self.ts, &self.layout);
        let t = Instant::now();
        let r = self.solvers[level].solve(ts, layout, &[], &[ts.bad]);
        self.stats.sat_time += t.elapsed();
        self.stats.bad_calls += 1;
        match r {
            SatResult::Unsat => Ok(None),
            SatResult::Unknown => Err(Stop::Unknown(self.gave_up())),
            SatResult::Sat => {
                let (state, inputs) = self.model_of(level);
                if level == 0 {
                    return Err(Stop::Cex(self.trace(self.full_init(&state), inputs, None)));
                }
                let cube = self.lift(&state, &inputs, &[ts.bad]);
                let cube = match self.obligation_cube(cube) {
                    Ok(c) => c,
                    Err(c) => return Err(Stop::Cex(self.trace(self.full_init(&c), inputs, None))),
                };
                Ok(Some(
                    self.obligations.add(Obligation::new(cube, inputs, None, 0)),
                ))
            }
        }
    }

    /// The CTG budget of generalizing obligation `id`: the configured one, or with
    /// [`Ic3Config::ctg_dynamic`](super::Ic3Config::ctg_dynamic) one from the activity of
    /// the next three obligations on its way to the bad state (none for a bad state itself),
    /// raised to the configured one where that gives more.
    pub(super) fn ctg_budget(&self, id: usize) -> CtgBudget {
        let fixed = CtgBudget {
            max: self.cfg.ctg_max,
            limit: self.cfg.ctg_limit,
        };
        if !self.cfg.ctg_dynamic {
            return fixed;
        }
        let mut act = None::<f64>;
        let mut next = self.obligations.get(id).next;
        for _ in 0..3 {
            let Some(n) = next else { break };
            let o = self.obligations.get(n);
            act = Some(act.map_or(o.act, |a| a.max(o.act)));
            next = o.next;
        }
        act.map_or(CtgBudget::NONE, CtgBudget::dynamic)
            .at_least(fixed)
    }

    /// Blocks the queued obligations at levels up to `k`, and everything they spawn; a
    /// counterexample ends it. An obligation blocked at level `i` waits at `i + 1` (beyond `k`
    /// when obligations are kept across frames).
    pub(super) fn block(&mut self) -> Result<(), Stop> {
        let keep = self.cfg.keep_obligations;
        while let Some((id, lvl)) = self.obligations.pop(self.k()) {
            self.stats.obligations += 1;
            if self.ctl.should_stop() {
                return Err(Stop::Unknown(self.stopped()));
            }
            let k = self.k();
            let cube = self.obligations.get(id).cube.clone();
            if let Some(at) = self.frames.blocking_level(&cube, lvl) {
                if at != pdrkit_frames::INF && (at < k || keep) {
                    self.obligations.push(id, at + 1);
                }
                continue;
            }
            // Every handling counts, also when nothing is dropped: dynamic generalization
            // reads the activity.
            let act = self.obligations.bump(id);
            if self.cfg.drop_po > 0.0 && act > self.cfg.drop_po {
                self.stats.dropped += 1;
                self.obligations.give_up(id);
                continue;
            }
            let negation = self.cfg.block_negation;
            match self.relind(&cube, lvl - 1, negation, Purpose::Block)? {
                Relind::Blocked(core) => {
                    let ctg = self.ctg_budget(id);
                    let at = self.generalize(core, lvl, ctg)?;
                    if at < k || keep {
                        self.obligations.push(id, at + 1);
                    }
                }
                Relind::Pred => {
                    let (state, inputs) = self.model_of(lvl - 1);
                    if lvl == 1 {
                        // The predecessor is an initial state.
                        return Err(Stop::Cex(self.trace(
                            self.full_init(&state),
                            inputs,
                            Some(id),
                        )));
                    }
                    let targets: Vec<Lit> = cube.iter().map(|&l| self.layout.prime(l)).collect();
                    let pred = self.lift(&state, &inputs, &targets);
                    if !self.initiation(&pred) {
                        return Err(Stop::Cex(self.trace(
                            self.full_init(&pred),
                            inputs,
                            Some(id),
                        )));
                    }
                    let depth = self.obligations.get(id).depth + 1;
                    let pid = self
                        .obligations
                        .add(Obligation::new(pred, inputs, Some(id), depth));
                    self.obligations.push(pid, lvl - 1);
                    self.obligations.push(id, lvl);
                }
            }
        }
        Ok(())
    }
}
