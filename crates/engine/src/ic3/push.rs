//! Pushing lemmas forward after a level is added, shortest first; a level left empty means
//! convergence.

use pdrkit_logic::Cube;

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
                    return Err(Stop::Unknown(format!("stopped at frame {k}")));
                }
                if self.frames.is_blocked(c, i + 1) {
                    // A lemma at a higher level implies it: it is redundant.
                    continue;
                }
                match self.relind(c, i, false, Purpose::Push)? {
                    Relind::Blocked(core) => {
                        self.stats.pushed += 1;
                        let lemma = if self.cfg.push_shrink {
                            core
                        } else {
                            c.clone()
                        };
                        self.add_lemma(lemma, i + 1, false);
                    }
                    Relind::Pred { .. } => stay.push(c.clone()),
                }
            }
            self.frames.restore(i, stay);
            if self.frames.level(i).is_empty() {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }
}
