//! pdrkit-frames: IC3's frames as delta-encoded lemma storage with subsumption.
//!
//! A lemma is a cube `c` whose negation `¬c` is known to hold in a frame. It is stored once, at
//! the highest level where that is known; frame `F_i` is the conjunction of the lemmas stored at
//! levels `≥ i`, plus the "infinity" level of lemmas that are inductive on their own. `F_0` is the
//! initial states and stores nothing here.
//!
//! Insertion keeps the store free of syntactic redundancy: a lemma implied by one stored at its
//! level or above is not added, and lemmas at its level or below that it implies are removed.
//! The cubes' 64-bit signatures reject most pairs without comparing literals; each level keeps
//! its lemmas' signatures apart, so that a scan reads them alone, contiguous, and a lemma itself
//! only when its signature passes (IC3 scans a level per obligation and per push: on
//! `cmudme2`, with thousands of lemmas a level, the scans were a tenth of the run, spent on
//! cache misses reading every lemma).

use pdrkit_logic::Cube;

/// The lemmas stored at one level, and their signatures in the same order.
#[derive(Clone, Debug, Default)]
struct Level {
    cubes: Vec<Cube>,
    sigs: Vec<u64>,
}

impl Level {
    fn push(&mut self, cube: Cube) {
        self.sigs.push(cube.set().sig());
        self.cubes.push(cube);
    }

    fn extend(&mut self, cubes: Vec<Cube>) {
        for c in cubes {
            self.push(c);
        }
    }

    fn take(&mut self) -> Vec<Cube> {
        self.sigs.clear();
        std::mem::take(&mut self.cubes)
    }

    /// A stored lemma with a subset of `cube`'s literals.
    fn subsumer(&self, cube: &Cube) -> Option<&Cube> {
        let sig = cube.set().sig();
        self.sigs
            .iter()
            .enumerate()
            .find(|&(i, &d)| d & !sig == 0 && self.cubes[i].subsumes(cube))
            .map(|(i, _)| &self.cubes[i])
    }

    /// Removes the stored lemmas that have every literal of `cube`, keeping the others' order.
    fn remove_subsumed_by(&mut self, cube: &Cube) {
        let sig = cube.set().sig();
        let mut kept = 0;
        for i in 0..self.cubes.len() {
            if sig & !self.sigs[i] == 0 && cube.subsumes(&self.cubes[i]) {
                continue;
            }
            self.cubes.swap(kept, i);
            self.sigs[kept] = self.sigs[i];
            kept += 1;
        }
        self.cubes.truncate(kept);
        self.sigs.truncate(kept);
    }
}

/// The level of lemmas that hold in every frame (inductive on their own).
pub const INF: usize = usize::MAX;

/// Delta-encoded frames.
#[derive(Clone, Debug)]
pub struct Frames {
    /// `levels[i]`: lemmas whose highest known level is `i` (`levels[0]` stays empty).
    levels: Vec<Level>,
    inf: Level,
}

impl Default for Frames {
    fn default() -> Self {
        Self::new()
    }
}

impl Frames {
    /// Only `F_0` (the initial states).
    pub fn new() -> Self {
        Frames {
            levels: vec![Level::default()],
            inf: Level::default(),
        }
    }

    /// The highest finite level `k`.
    pub fn depth(&self) -> usize {
        self.levels.len() - 1
    }

    /// Adds level `k + 1`, empty.
    pub fn push_level(&mut self) {
        self.levels.push(Level::default());
    }

    /// Lemmas stored exactly at `level` (`INF` for the infinity level).
    pub fn level(&self, level: usize) -> &[Cube] {
        if level == INF {
            &self.inf.cubes
        } else {
            &self.levels[level].cubes
        }
    }

    /// Removes and returns the lemmas stored exactly at finite `level`, for pushing; put back
    /// the ones that stay with [`add`](Self::add) or [`restore`](Self::restore).
    pub fn take_level(&mut self, level: usize) -> Vec<Cube> {
        self.levels[level].take()
    }

    /// Puts lemmas back at `level` without any subsumption check (they came from there).
    pub fn restore(&mut self, level: usize, cubes: Vec<Cube>) {
        if level == INF {
            self.inf.extend(cubes);
        } else {
            self.levels[level].extend(cubes);
        }
    }

    /// The finite levels whose lemmas hold in `F_level` (`level` and above; none for `INF`).
    fn levels_at_or_above(&self, level: usize) -> &[Level] {
        let from = if level == INF {
            self.levels.len()
        } else {
            level.max(1)
        };
        &self.levels[from.min(self.levels.len())..]
    }

    fn stored_at_or_above(&self, level: usize) -> impl Iterator<Item = &Cube> {
        self.levels_at_or_above(level)
            .iter()
            .flat_map(|lv| lv.cubes.iter())
            .chain(self.inf.cubes.iter())
    }

    /// Whether `cube` is blocked at `level` syntactically: some lemma at `level` or above has a
    /// subset of `cube`'s literals, so its clause implies `¬cube`.
    pub fn is_blocked(&self, cube: &Cube, level: usize) -> bool {
        self.inf.subsumer(cube).is_some()
            || self
                .levels_at_or_above(level)
                .iter()
                .any(|lv| lv.subsumer(cube).is_some())
    }

    /// The highest level at which a stored lemma blocks `cube` syntactically, if it is blocked
    /// at `level` (`INF` when a lemma of the infinity level does). An obligation blocked this
    /// way can wait one level above it.
    pub fn blocking_level(&self, cube: &Cube, level: usize) -> Option<usize> {
        if self.inf.subsumer(cube).is_some() {
            return Some(INF);
        }
        if level == INF {
            return None;
        }
        let from = level.max(1);
        (from..self.levels.len())
            .rev()
            .find(|&i| self.levels[i].subsumer(cube).is_some())
    }

    /// A lemma stored exactly at finite `level` that blocks `cube` syntactically (the
    /// "parent lemma" of a cube generalized one level higher).
    pub fn subsumer_at(&self, level: usize, cube: &Cube) -> Option<&Cube> {
        self.levels.get(level)?.subsumer(cube)
    }

    /// Adds lemma `cube` at `level` (`INF` allowed). Returns false (and stores nothing) when a
    /// lemma at `level` or above already implies it; otherwise removes the lemmas at `level` or
    /// below that it implies.
    pub fn add(&mut self, cube: Cube, level: usize) -> bool {
        if self.is_blocked(&cube, level) {
            return false;
        }
        let top = if level == INF {
            self.levels.len() - 1
        } else {
            level
        };
        for lv in &mut self.levels[1..=top] {
            lv.remove_subsumed_by(&cube);
        }
        if level == INF {
            self.inf.remove_subsumed_by(&cube);
            self.inf.push(cube);
        } else {
            self.levels[level].push(cube);
        }
        true
    }

    /// The lemmas of `F_level`: those stored at `level` or above, and the infinity level.
    pub fn frame(&self, level: usize) -> impl Iterator<Item = &Cube> {
        self.stored_at_or_above(level)
    }

    /// Number of lemmas stored at each finite level `1..=k`, and at infinity.
    pub fn sizes(&self) -> (Vec<usize>, usize) {
        (
            self.levels[1..].iter().map(|lv| lv.cubes.len()).collect(),
            self.inf.cubes.len(),
        )
    }

    /// Total number of stored lemmas.
    pub fn len(&self) -> usize {
        self.levels.iter().map(|lv| lv.cubes.len()).sum::<usize>() + self.inf.cubes.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdrkit_logic::Var;

    fn cube(lits: &[i32]) -> Cube {
        Cube::new(lits.iter().map(|&l| Var(l.unsigned_abs()).lit_with(l < 0)))
    }

    fn frames(k: usize) -> Frames {
        let mut f = Frames::new();
        for _ in 0..k {
            f.push_level();
        }
        f
    }

    #[test]
    fn delta_encoding_frame_is_union_of_higher_levels() {
        let mut f = frames(3);
        assert!(f.add(cube(&[1, 2]), 1));
        assert!(f.add(cube(&[3, -4]), 2));
        assert!(f.add(cube(&[5]), 3));
        assert!(f.add(cube(&[6, 7]), INF));
        assert_eq!(f.frame(1).count(), 4);
        assert_eq!(f.frame(2).count(), 3);
        assert_eq!(f.frame(3).count(), 2);
        assert_eq!(f.frame(INF).count(), 1);
        assert_eq!(f.sizes(), (vec![1, 1, 1], 1));
    }

    #[test]
    fn implied_lemma_is_not_added() {
        let mut f = frames(3);
        assert!(f.add(cube(&[1, 2]), 2));
        // ¬(1∧2) at level 2 implies ¬(1∧2∧3) at levels ≤ 2 ...
        assert!(!f.add(cube(&[1, 2, 3]), 2));
        assert!(!f.add(cube(&[1, 2, 3]), 1));
        // ... but not at level 3.
        assert!(f.add(cube(&[1, 2, 3]), 3));
    }

    #[test]
    fn stronger_lemma_removes_weaker_ones_at_or_below_its_level() {
        let mut f = frames(3);
        f.add(cube(&[1, 2, 3]), 1);
        f.add(cube(&[1, 2, 4]), 2);
        f.add(cube(&[1, 2, 5]), 3);
        f.add(cube(&[1, -2]), 3);
        assert!(f.add(cube(&[1, 2]), 2));
        assert_eq!(f.level(1).len(), 0);
        assert_eq!(f.level(2), &[cube(&[1, 2])]);
        // Level 3's [1,2,5] is stronger-levelled: it stays.
        assert_eq!(f.level(3).len(), 2);
        assert!(f.add(cube(&[1]), INF));
        assert_eq!(f.len(), 1);
    }

    #[test]
    fn removing_subsumed_lemmas_keeps_the_order_of_the_rest() {
        let mut f = frames(1);
        for c in [&[1, 2, 3][..], &[4, 5], &[1, 2, 6], &[7, 8], &[-1, 2]] {
            assert!(f.add(cube(c), 1));
        }
        assert!(f.add(cube(&[1, 2]), 1));
        let expected = [cube(&[4, 5]), cube(&[7, 8]), cube(&[-1, 2]), cube(&[1, 2])];
        assert_eq!(f.level(1), &expected);
        // The signatures moved with their lemmas: each is still found as a subsumer.
        for c in &expected {
            assert_eq!(f.subsumer_at(1, c), Some(c));
        }
        assert!(!f.is_blocked(&cube(&[1, 3, 4]), 1));
    }

    #[test]
    fn blocked_check_is_syntactic_and_level_aware() {
        let mut f = frames(2);
        f.add(cube(&[1, -2]), 2);
        assert!(f.is_blocked(&cube(&[1, -2, 3]), 1));
        assert!(f.is_blocked(&cube(&[1, -2, 3]), 2));
        assert!(!f.is_blocked(&cube(&[1, 2, 3]), 1));
        f.push_level();
        assert!(!f.is_blocked(&cube(&[1, -2, 3]), 3));
    }

    #[test]
    fn blocking_level_is_the_highest_and_parent_is_exact() {
        let mut f = frames(4);
        f.add(cube(&[1, 2]), 1);
        f.add(cube(&[1]), 3);
        assert_eq!(f.blocking_level(&cube(&[1, 2, 3]), 1), Some(3));
        assert_eq!(f.blocking_level(&cube(&[1, 2, 3]), 4), None);
        assert_eq!(f.blocking_level(&cube(&[2, 3]), 1), None);
        f.add(cube(&[2]), INF);
        assert_eq!(f.blocking_level(&cube(&[2, 3]), 4), Some(INF));
        assert_eq!(f.subsumer_at(3, &cube(&[1, 5])), Some(&cube(&[1])));
        assert_eq!(f.subsumer_at(2, &cube(&[1, 5])), None);
        assert_eq!(f.subsumer_at(9, &cube(&[1, 5])), None);
    }

    #[test]
    fn take_and_restore_for_pushing() {
        let mut f = frames(2);
        f.add(cube(&[1]), 1);
        f.add(cube(&[2]), 1);
        let taken = f.take_level(1);
        assert_eq!(taken.len(), 2);
        assert!(f.level(1).is_empty());
        f.restore(1, vec![taken[0].clone()]);
        assert!(f.add(taken[1].clone(), 2));
        assert_eq!(f.sizes(), (vec![1, 1], 0));
    }
}
