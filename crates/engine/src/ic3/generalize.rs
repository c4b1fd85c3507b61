//! Generalization of a blocked cube: the unsat core first, then literal dropping ("down", MIC)
//! in order of increasing activity, with counterexamples to generalization (CTG): a state that
//! stops a literal from being dropped is blocked one level lower when it can be (within
//! `ctg_max` tries and `ctg_depth` recursion), and otherwise the cube is joined with it.

use pdrkit_logic::{Cube, Lit};

use super::{Ic3, Purpose, Relind, Stop};

impl Ic3<'_> {
    /// Generalizes `core` (blocked at `level`), pushes it as high as it goes, re-verifies and
    /// learns it; returns the level it was learned at.
    pub(super) fn generalize(&mut self, core: Cube, level: usize) -> Result<usize, Stop> {
        let g = self.mic(core, level, 1)?;
        let (g, at) = self.push_forward(g, level)?;
        self.learn(g, at)?;
        Ok(at)
    }

    /// Learns `cube` at `level` after re-proving it (when configured): initiation and
    /// `F_{level-1} ∧ C ∧ ¬cube ∧ T ⇒ ¬cube'`.
    fn learn(&mut self, cube: Cube, level: usize) -> Result<(), Stop> {
        if self.cfg.verify_lemmas {
            let ok = self.initiation(&cube)
                && matches!(
                    self.relind(&cube, level - 1, true, Purpose::Verify)?,
                    Relind::Blocked(_)
                );
            if !ok {
                return Err(Stop::Unknown(format!(
                    "internal error: lemma {cube:?} failed re-verification at level {level}"
                )));
            }
        }
        self.add_lemma(cube, level, true);
        Ok(())
    }

    /// Pushes a cube blocked at `level` to the highest level `≤ k` where it is still
    /// relative-inductive, shrinking it by each query's core when configured.
    fn push_forward(&mut self, mut cube: Cube, mut level: usize) -> Result<(Cube, usize), Stop> {
        while level < self.k() {
            match self.relind(&cube, level, true, Purpose::Generalize)? {
                Relind::Blocked(core) => {
                    if self.cfg.push_shrink {
                        cube = core;
                    }
                    level += 1;
                }
                Relind::Pred { .. } => break,
            }
        }
        Ok((cube, level))
    }

    /// Literal dropping with CTG. `depth` counts CTG recursion (1 at the top).
    fn mic(&mut self, mut cube: Cube, level: usize, depth: usize) -> Result<Cube, Stop> {
        let mut order: Vec<Lit> = cube.to_vec();
        let seed = self.cfg.seed;
        let act = &self.activity;
        order.sort_by(|a, b| {
            act[a.code() as usize]
                .total_cmp(&act[b.code() as usize])
                .then_with(|| tie(*a, seed).cmp(&tie(*b, seed)))
        });
        // Literals that could not be dropped: a join must not lose them again.
        let mut kept: Vec<Lit> = Vec::new();
        let mut attempts = self.cfg.mic_attempts;
        for lit in order {
            if cube.len() <= 1 {
                break;
            }
            if self.ctl.should_stop() {
                return Err(Stop::Unknown("stopped".into()));
            }
            if !cube.set().contains(lit) {
                continue;
            }
            let cand = cube.filtered(|l| l != lit);
            if !self.initiation(&cand) {
                kept.push(lit);
                continue;
            }
            match self.ctg_down(cand, level, depth, &kept)? {
                Some(g) => {
                    cube = g;
                    attempts = self.cfg.mic_attempts;
                }
                None => {
                    kept.push(lit);
                    // Several literals in a row that cannot go: the cube is about minimal
                    // (IC3ref's `micAttempts`).
                    attempts = attempts.saturating_sub(1);
                    if attempts == 0 {
                        break;
                    }
                }
            }
        }
        Ok(cube)
    }

    /// Tries to show `cube` blocked at `level`, handling counterexamples to generalization.
    /// Returns the (possibly smaller) blocked cube, or `None` when it fails.
    fn ctg_down(
        &mut self,
        mut cube: Cube,
        level: usize,
        depth: usize,
        kept: &[Lit],
    ) -> Result<Option<Cube>, Stop> {
        let mut ctgs = 0;
        loop {
            match self.relind(&cube, level - 1, true, Purpose::Generalize)? {
                Relind::Blocked(core) => return Ok(Some(core)),
                Relind::Pred { state, .. } => {
                    if depth > self.cfg.ctg_depth {
                        return Ok(None);
                    }
                    let s = Cube::new(state);
                    // The CTG is blocked relative to F_{level-2}, which must not be F_0.
                    if ctgs < self.cfg.ctg_max && level > 2 && self.initiation(&s) {
                        if let Relind::Blocked(core) =
                            self.relind(&s, level - 2, true, Purpose::Ctg)?
                        {
                            ctgs += 1;
                            self.stats.ctgs += 1;
                            let (c, at) = self.push_forward(core, level - 1)?;
                            let c = self.mic(c, at, depth + 1)?;
                            self.learn(c, at)?;
                            continue;
                        }
                    }
                    ctgs = 0;
                    // Join: keep the literals the counterexample agrees with.
                    let joined = cube.filtered(|l| s.set().contains(l));
                    if joined.len() == cube.len()
                        || !self.initiation(&joined)
                        || kept
                            .iter()
                            .any(|&k| cube.set().contains(k) && !joined.set().contains(k))
                    {
                        return Ok(None);
                    }
                    cube = joined;
                }
            }
        }
    }
}

/// A seed-dependent tie-breaker between literals of equal activity.
#[inline]
fn tie(l: Lit, seed: u64) -> u64 {
    (u64::from(l.code()) ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
