//! Pushing lemmas forward after a level is added, shortest first; a level left empty means
//! convergence. A push that failed is not asked again while the state that refuted it still
//! does (`push_witness.rs`).

use pdrkit_frames::INF;
use pdrkit_logic::{Cube, Lit, SatResult};

use super::solver::ConeSolver;
use super::{Ic3, Purpose, Relind, Stop};

impl Ic3<'_> {
    /// Tries every lemma of levels `1..k` one level up. Returns the first level left empty:
    /// then `F_level = F_{level+1}`, and the lemmas above it are an inductive invariant.
    pub(super) fn propagate(&mut self) -> Result<Option<usize>, Stop> {
        let k = self.k();
        for i in 1..k {
            let mut cubes = self.frames.take_level(i);
            cubes.sort_by_key(|c| c.len());
            let mut stay: Vec<Cube> = Vec::new();
            for (n, c) in cubes.iter().enumerate() {
                if self.ctl.should_stop() {
                    stay.extend(cubes[n..].iter().cloned());
                    self.frames.restore(i, stay);
                    return Err(Stop::Unknown(self.stopped()));
                }
                if self.frames.is_blocked(c, i + 1) {
                    // A lemma at a higher level implies it: it is redundant.
                    continue;
                }
                if self.cfg.push_memo && self.push_witnesses.refutes(self.ts, c, i) {
                    self.stats.push_skipped += 1;
                    stay.push(c.clone());
                    continue;
                }
                match self.relind(c, i, false, Purpose::Push)? {
                    Relind::Blocked(core) => {
                        self.stats.pushed += 1;
                        self.push_witnesses.forget(c);
                        let lemma = if self.cfg.push_shrink {
                            core
                        } else {
                            c.clone()
                        };
                        self.add_lemma(lemma, i + 1, false);
                    }
                    Relind::Pred => {
                        if self.cfg.push_memo {
                            self.push_witnesses.record(self.ts, &self.solvers[i], c, i);
                        }
                        stay.push(c.clone());
                    }
                }
            }
            self.frames.restore(i, stay);
            if self.frames.level(i).is_empty() {
                return Ok(Some(i));
            }
        }
        self.push_witnesses.end_round();
        Ok(None)
    }
}

impl Ic3<'_> {
    /// Moves the largest subset of the top level's lemmas that is inductive on its own (with the
    /// infinity level) to the infinity level, found Houdini-style: drop every lemma a
    /// counterexample to induction violates, until none does. The promoted lemmas are published
    /// to the portfolio's lemma pool.
    pub(super) fn promote_inductive(&mut self) -> Result<(), Stop> {
        let k = self.k();
        let cand = self.frames.take_level(k);
        if cand.is_empty() {
            return Ok(());
        }
        let (ts, layout) = (self.ts, &self.layout);
        let mut s = ConeSolver::new(ts, layout, true, self.cfg.sat, None);
        let mut clause = Vec::new();
        for c in self.frames.level(INF) {
            clause.clear();
            clause.extend(c.iter().map(|&l| !l));
            s.add_clause(ts, layout, &clause);
        }
        // One activation literal per candidate: dropping a candidate = not assuming it.
        let acts: Vec<Lit> = cand
            .iter()
            .map(|c| {
                clause.clear();
                clause.extend(c.iter().map(|&l| !l));
                s.add_guarded(ts, layout, &clause)
            })
            .collect();
        let mut alive = vec![true; cand.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..cand.len() {
                if !alive[i] {
                    continue;
                }
                if self.ctl.should_stop() {
                    self.frames.restore(k, cand);
                    return Err(Stop::Unknown(self.stopped()));
                }
                let assumptions: Vec<Lit> = cand[i].iter().map(|&l| layout.prime(l)).collect();
                // The activation literals of the live candidates go in as assumptions too.
                let live_acts: Vec<Lit> = acts
                    .iter()
                    .zip(&alive)
                    .filter(|(_, &a)| a)
                    .map(|(&a, _)| a)
                    .collect();
                self.stats.push_calls += 1;
                match s.solve_with_acts(ts, layout, &live_acts, &assumptions) {
                    SatResult::Unsat => {}
                    SatResult::Sat => {
                        // Every candidate whose successor cube the model satisfies fails too.
                        for j in 0..cand.len() {
                            if alive[j]
                                && cand[j]
                                    .iter()
                                    .all(|&l| s.value(layout.prime(l)) == Some(true))
                            {
                                alive[j] = false;
                            }
                        }
                        alive[i] = false;
                        changed = true;
                    }
                    SatResult::Unknown => return Err(Stop::Unknown(self.gave_up())),
                }
            }
        }
        let mut stay = Vec::new();
        let mut promoted = Vec::new();
        for (c, a) in cand.into_iter().zip(alive) {
            if a {
                promoted.push(c);
            } else {
                stay.push(c);
            }
        }
        self.frames.restore(k, stay);
        if !promoted.is_empty() {
            self.stats.promoted += promoted.len() as u64;
            // With a first-step latch, lemmas may be inductive only thanks to the ones about
            // that latch, which k-induction certificates cannot express: publish none then.
            if self.ts.first.is_none() {
                self.ctl
                    .lemmas()
                    .publish(self.pool_id, promoted.iter().cloned());
            }
            for c in promoted {
                self.add_lemma(c, INF, false);
            }
        }
        Ok(())
    }
}
