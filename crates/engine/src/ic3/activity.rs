//! Literal activity: how recently and often a latch took part in learned lemmas (a VSIDS-like
//! score, as in IC3ref and rIC3). Generalization drops the least active literals first, and
//! queries and lifting assume the most active first, so that new lemmas and obligations speak
//! of the latches earlier lemmas speak of.

use pdrkit_logic::Lit;

/// Scores by variable or by literal, with geometric decay.
pub(crate) struct Activity {
    score: Vec<f64>,
    bump: f64,
    decay: f64,
    by_var: bool,
}

impl Activity {
    /// Scores for literals up to `num_vars` variables; `decay` is what a score keeps per
    /// learned lemma; `by_var`: both literals of a variable share one score.
    pub fn new(num_vars: u32, decay: f64, by_var: bool) -> Self {
        Activity {
            score: vec![0.0; 2 * num_vars as usize],
            bump: 1.0,
            decay,
            by_var,
        }
    }

    #[inline]
    fn slot(&self, l: Lit) -> usize {
        if self.by_var {
            l.var().idx()
        } else {
            l.code() as usize
        }
    }

    /// The score of a literal.
    #[inline]
    pub fn get(&self, l: Lit) -> f64 {
        self.score[self.slot(l)]
    }

    /// One more lemma with these literals: bumps them, and (by growing the bump) decays all.
    pub fn bump_cube(&mut self, cube: &[Lit]) {
        for &l in cube {
            let s = self.slot(l);
            self.score[s] += self.bump;
        }
        self.bump /= self.decay;
        if self.bump > 1e100 {
            self.score.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
    }

    /// Sorts literals by decreasing score.
    pub fn sort_descending(&self, lits: &mut [Lit]) {
        lits.sort_by(|a, b| self.get(*b).total_cmp(&self.get(*a)));
    }

    /// Number of literal codes covered (for tables indexed by literal code).
    pub fn num_codes(&self) -> usize {
        self.score.len()
    }
}
