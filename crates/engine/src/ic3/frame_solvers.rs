//! The frame solvers: solver `i` holds `F_i ∧ C ∧ T` (level 0: the initial states), and is
//! rebuilt from the frames when its temporary clauses pile up. Lemmas enter the solvers of
//! every level they hold at; the relative-induction query `F_i ∧ C ∧ ¬c ∧ T ∧ c'` and the
//! reading of its model live here.

use std::time::Instant;

use pdrkit_logic::{Cube, Lit, SatResult};

use super::solver::ConeSolver;
use super::{Ic3, Stop};

/// The answer of a relative-induction query.
pub(super) enum Relind {
    /// Blocked: the sub-cube in the core (disjoint from the initial states).
    Blocked(Cube),
    /// A predecessor exists: the model stays in the level's solver until its next query, for
    /// the caller to read what it needs ([`Ic3::model_of`], [`Ic3::value_at`]).
    Pred,
}

/// Rebuild a frame or lifting solver after this many activation literals: the dead temporary
/// clauses they leave slow MiniSat down (ABC recycles after 300).
pub(super) const REBUILD_AFTER: usize = 1000;

/// What a relative-induction query is for (statistics only).
#[derive(Clone, Copy)]
pub(super) enum Purpose {
    Block,
    Generalize,
    Raise,
    Ctg,
    Push,
}

impl Ic3<'_> {
    /// A solver for `F_level` from scratch.
    pub(super) fn build_solver(&self, level: usize) -> ConeSolver {
        let (ts, layout) = (self.ts, &self.layout);
        let mut s = ConeSolver::new(
            ts,
            layout,
            true,
            self.cfg.sat,
            self.cfg.record_sat.as_deref(),
        );
        if level == 0 {
            for l in ts.init_cube() {
                s.add_clause(ts, layout, &[l]);
            }
        } else {
            let mut clause = Vec::new();
            for c in self.frames.frame(level) {
                clause.clear();
                clause.extend(c.iter().map(|&l| !l));
                s.add_clause(ts, layout, &clause);
            }
        }
        s
    }

    pub(super) fn maybe_rebuild(&mut self, level: usize) {
        if self.solvers[level].activations() > REBUILD_AFTER {
            self.solvers[level] = self.build_solver(level);
            self.stats.rebuilds += 1;
        }
    }

    /// Adds level `k + 1`.
    pub(super) fn extend(&mut self) {
        self.frames.push_level();
        let s = self.build_solver(self.k());
        self.solvers.push(s);
    }

    /// Learns lemma `cube` at `level`: stores it and adds its clause to the solvers of
    /// `F_1..F_level`.
    pub(super) fn add_lemma(&mut self, cube: Cube, level: usize, new: bool) {
        debug_assert!(self.initiation(&cube), "lemma meets the initial states");
        if new {
            self.stats.lemmas += 1;
            self.stats.lemma_lits += cube.len() as u64;
            // Only new lemmas count: a lemma moved up (pushed, promoted, imported) would bump
            // its literals again and again, until generalization kept them by habit. That
            // made the portfolio's promoting IC3 enumerate counter values on power2eq2048
            // (770 frames instead of 36).
            self.activity.bump_cube(&cube);
        }
        let top = level.min(self.k());
        let mut clause = std::mem::take(&mut self.buf);
        clause.clear();
        clause.extend(cube.iter().map(|&l| !l));
        if self.cfg.push_memo {
            self.push_witnesses.added(&cube, level);
        }
        if self.frames.add(cube, level) {
            for j in 1..=top {
                self.solvers[j].add_clause(self.ts, &self.layout, &clause);
            }
        }
        self.buf = clause;
    }

    /// The full state (every latch the solver's logic reads) and the inputs of the last model.
    pub(super) fn model_of(&self, level: usize) -> (Vec<Lit>, Vec<bool>) {
        let s = &self.solvers[level];
        let ts = self.ts;
        let state = (0..ts.num_latches())
            .filter_map(|j| {
                let v = ts.latch(j);
                s.value(v.lit()).map(|b| v.lit_with(!b))
            })
            .collect();
        let inputs = (0..ts.num_inputs())
            .map(|i| s.value(ts.input(i).lit()).unwrap_or(false))
            .collect();
        (state, inputs)
    }

    pub(super) fn input_lits(&self, inputs: &[bool]) -> Vec<Lit> {
        inputs
            .iter()
            .enumerate()
            .map(|(i, &b)| self.ts.input(i).lit_with(!b))
            .collect()
    }

    /// The relative-induction query `F_level ∧ C ∧ ¬cube ∧ T ∧ cube'` (without `¬cube` when
    /// `with_negation` is false: pushing, where `¬cube` is in `F_level` already, and blocking
    /// when [`Ic3Config::block_negation`](super::Ic3Config::block_negation) is off). The primed
    /// literals are assumed in decreasing activity when configured: the solver's final conflict
    /// then prefers the literals that earlier lemmas used, and cores look alike.
    pub(super) fn relind(
        &mut self,
        cube: &Cube,
        level: usize,
        with_negation: bool,
        purpose: Purpose,
    ) -> Result<Relind, Stop> {
        self.relind_outside(cube, level, with_negation, None, purpose)
    }

    /// [`relind`](Self::relind) with the predecessor also required outside `outside` (one
    /// more temporary clause, `¬outside`). CTG asks its queries so, outside the cube being
    /// generalized: that cube holds no state reachable within its level, which is what makes
    /// a lemma proved under that hypothesis sound one level lower (see `generalize.rs`).
    pub(super) fn relind_outside(
        &mut self,
        cube: &Cube,
        level: usize,
        with_negation: bool,
        outside: Option<&[Lit]>,
        purpose: Purpose,
    ) -> Result<Relind, Stop> {
        if with_negation || outside.is_some() {
            // Only queries that add temporary clauses rebuild: a push query must see the
            // lemmas of its level, which `propagate` holds outside the store meanwhile.
            self.maybe_rebuild(level);
        }
        let (ts, layout) = (self.ts, &self.layout);
        let mut neg = std::mem::take(&mut self.neg_buf);
        neg.clear();
        if with_negation {
            neg.extend(cube.iter().map(|&l| !l));
        }
        let split = neg.len();
        if let Some(o) = outside {
            neg.extend(o.iter().map(|&l| !l));
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.extend(cube.iter().map(|&l| layout.prime(l)));
        let block = matches!(purpose, Purpose::Block);
        if self.cfg.order_assumptions && (self.cfg.order_block || !block) {
            let act = &self.activity;
            buf.sort_by(|a, b| {
                act.get(layout.unprime(*b))
                    .total_cmp(&act.get(layout.unprime(*a)))
            });
        }
        let s = &mut self.solvers[level];
        let t = Instant::now();
        // `¬cube` and `¬outside`, each only when asked for.
        let (own, other) = neg.split_at(split);
        let clauses = [own, other];
        let from = usize::from(!with_negation);
        let to = 1 + usize::from(outside.is_some());
        let mut r = s.solve(ts, layout, &clauses[from..to], &buf);
        // A blocked obligation's query asked again with the core's literals assumed last
        // (`block_core_retry`): the solver then finds another conflict where there is one,
        // and that core is kept unless the first is shorter (`first` holds the first one,
        // primed; empty: no retry).
        let mut first = std::mem::take(&mut self.core_buf);
        first.clear();
        let retry = self.cfg.block_core_retry;
        if block && retry > 0 && r == SatResult::Unsat {
            first.extend(buf.iter().copied().filter(|&l| s.is_failed(l)));
            if first.len() >= retry {
                buf.retain(|&l| !s.is_failed(l));
                buf.extend_from_slice(&first);
                r = s.solve(ts, layout, &clauses[from..to], &buf);
                self.stats.block_calls += 1;
            } else {
                first.clear();
            }
        }
        self.stats.sat_time += t.elapsed();
        self.buf = buf;
        self.neg_buf = neg;
        match purpose {
            Purpose::Block => self.stats.block_calls += 1,
            Purpose::Generalize => self.stats.generalize_calls += 1,
            Purpose::Raise => self.stats.raise_calls += 1,
            Purpose::Ctg => self.stats.ctg_calls += 1,
            Purpose::Push => self.stats.push_calls += 1,
        }
        let result = match r {
            SatResult::Unsat => {
                let s = &self.solvers[level];
                let mut core: Vec<Lit> = cube
                    .iter()
                    .copied()
                    .filter(|&l| s.is_failed(layout.prime(l)))
                    .collect();
                if !first.is_empty() && first.len() < core.len() {
                    core.clear();
                    core.extend(first.iter().map(|&l| layout.unprime(l)));
                }
                if !core.iter().any(|&l| ts.contradicts_init(l)) {
                    // Keep the cube disjoint from the initial states, by "not the first step"
                    // when the cube has it (the most general choice).
                    let nf = ts.first.map(|j| !ts.latch(j).lit());
                    let pick = nf
                        .filter(|l| cube.set().contains(*l))
                        .or_else(|| cube.iter().copied().find(|&l| ts.contradicts_init(l)));
                    if let Some(l) = pick {
                        core.push(l);
                    }
                }
                Ok(Relind::Blocked(Cube::new(core)))
            }
            SatResult::Sat => Ok(Relind::Pred),
            SatResult::Unknown => Err(Stop::Unknown(self.gave_up())),
        };
        self.core_buf = first;
        result
    }

    /// The value of a system literal in the last model of `level`'s solver.
    #[inline]
    pub(super) fn value_at(&self, level: usize, l: Lit) -> Option<bool> {
        self.solvers[level].value(l)
    }
}
