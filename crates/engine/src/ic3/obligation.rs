//! Proof obligations: states that reach a bad state, to be blocked at a level.
//!
//! Obligations live in an arena so that a counterexample can follow the chain from a state that
//! meets the initial states to the bad one; the queue orders them lowest level first, then
//! deepest (farthest from the bad state) first, then oldest first (or, configured, smallest
//! cube first, as rIC3 does).
//!
//! Obligations outlive the frame they were found in (rIC3, and Eén et al.'s PDR, §"obligation
//! re-queueing"): one blocked at level `i` waits in the queue at level `i + 1`, and is taken up
//! again once the frontier reaches that level. A state that reached a bad state once is the
//! likeliest to do it again at the next depth, and its chain is the counterexample when one
//! exists. Each obligation keeps an activity (how often it was handled, decayed each time it
//! moves up a level), so that one that keeps coming back can be dropped (rIC3's "drop-PO");
//! dropping one resets its activity, which the obligations below it read.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use pdrkit_logic::Cube;

/// One obligation: `cube` must be shown unreachable within `level` steps.
#[derive(Clone, Debug)]
pub(crate) struct Obligation {
    /// The states (a lifted cube over latches).
    pub cube: Cube,
    /// The inputs taking these states to the successor (or making them bad), one per input.
    pub inputs: Vec<bool>,
    /// The successor obligation on the way to the bad state, if any.
    pub next: Option<usize>,
    /// Number of steps from here to the bad state.
    pub depth: usize,
    /// How often it was handled, decayed when it moves up a level.
    pub act: f64,
    /// The level it was last queued at.
    pub level: usize,
}

impl Obligation {
    /// A new obligation with no history.
    pub fn new(cube: Cube, inputs: Vec<bool>, next: Option<usize>, depth: usize) -> Self {
        Obligation {
            cube,
            inputs,
            next,
            depth,
            act: 0.0,
            level: 0,
        }
    }
}

/// How much an obligation's activity keeps per level it moves up (rIC3's choice).
const DECAY_PER_LEVEL: f64 = 0.6;

/// A queue entry, smallest first: level, depth (deepest first), the tie-break size, id
/// (oldest first).
type Key = (usize, Reverse<usize>, usize, usize);

/// Arena and priority queue of obligations.
#[derive(Default)]
pub(crate) struct Obligations {
    arena: Vec<Obligation>,
    heap: BinaryHeap<Reverse<Key>>,
    /// Among obligations of one level and depth, the smallest cube first (rIC3), instead of
    /// the oldest.
    smallest_first: bool,
}

impl Obligations {
    /// Empty.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empty; ties among obligations of one level and depth go to the smallest cube.
    pub fn smallest_first() -> Self {
        Obligations {
            smallest_first: true,
            ..Self::default()
        }
    }

    /// Stores an obligation and returns its index.
    pub fn add(&mut self, o: Obligation) -> usize {
        self.arena.push(o);
        self.arena.len() - 1
    }

    /// Queues obligation `id` at `level`; moving it up decays its activity.
    pub fn push(&mut self, id: usize, level: usize) {
        let o = &mut self.arena[id];
        if level > o.level {
            o.act *= DECAY_PER_LEVEL.powi((level - o.level).min(64) as i32);
        }
        o.level = level;
        let size = if self.smallest_first { o.cube.len() } else { 0 };
        self.heap.push(Reverse((level, Reverse(o.depth), size, id)));
    }

    /// The next obligation at a level `≤ max_level`: (id, level). Those above stay queued.
    pub fn pop(&mut self, max_level: usize) -> Option<(usize, usize)> {
        match self.heap.peek() {
            Some(Reverse((level, ..))) if *level <= max_level => self
                .heap
                .pop()
                .map(|Reverse((level, _, _, id))| (id, level)),
            _ => None,
        }
    }

    /// An obligation.
    pub fn get(&self, id: usize) -> &Obligation {
        &self.arena[id]
    }

    /// Counts one more handling of obligation `id` and returns its activity.
    pub fn bump(&mut self, id: usize) -> f64 {
        let o = &mut self.arena[id];
        o.act += 1.0;
        o.act
    }

    /// Gives obligation `id` up (drop-PO): the caller does not queue it again, and its activity
    /// goes back to 0. The obligations still queued on its way read it as a successor's
    /// activity (dynamic generalization's CTG budget), and a dropped one is never handled
    /// again: its count would stay frozen above the drop threshold, never decayed, and give
    /// every one of them the largest budget in every later frame (on `bobsmdct`, 52k SAT
    /// queries and 51 frames instead of 7k and 12).
    pub fn give_up(&mut self, id: usize) {
        self.arena[id].act = 0.0;
    }

    /// Drops everything.
    pub fn clear(&mut self) {
        self.arena.clear();
        self.heap.clear();
    }

    /// Number of obligations stored (queued or on a queued one's chain, or dead).
    #[cfg(test)]
    pub fn stored(&self) -> usize {
        self.arena.len()
    }

    /// Forgets the obligations that no queued obligation leads to, when they are most of the
    /// arena: they can never be part of a counterexample again. Renumbers the rest.
    pub fn collect(&mut self) {
        if self.arena.len() < 1024 || self.arena.len() < 4 * self.heap.len() {
            return;
        }
        const DEAD: usize = usize::MAX;
        let mut new_id = vec![DEAD; self.arena.len()];
        let mut order = Vec::new();
        for Reverse((.., id)) in self.heap.iter() {
            let mut at = Some(*id);
            while let Some(i) = at {
                if new_id[i] != DEAD {
                    break;
                }
                new_id[i] = 0;
                order.push(i);
                at = self.arena[i].next;
            }
        }
        // Keep the arena's order, so that "oldest first" stays true among equals.
        order.sort_unstable();
        for (n, &i) in order.iter().enumerate() {
            new_id[i] = n;
        }
        let mut arena = Vec::with_capacity(order.len());
        for &i in &order {
            let mut o = std::mem::replace(
                &mut self.arena[i],
                Obligation::new(Cube::new([]), Vec::new(), None, 0),
            );
            o.next = o.next.map(|n| new_id[n]);
            arena.push(o);
        }
        self.arena = arena;
        let heap = std::mem::take(&mut self.heap);
        self.heap = heap
            .into_iter()
            .map(|Reverse((l, d, size, id))| Reverse((l, d, size, new_id[id])))
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdrkit_logic::Var;

    fn ob(v: u32, next: Option<usize>, depth: usize) -> Obligation {
        Obligation::new(Cube::new([Var(v).lit()]), vec![], next, depth)
    }

    #[test]
    fn lowest_level_first_then_deepest_and_levels_above_wait() {
        let mut q = Obligations::new();
        let a = q.add(ob(1, None, 0));
        let b = q.add(ob(2, Some(a), 1));
        let c = q.add(ob(3, None, 0));
        q.push(a, 3);
        q.push(b, 2);
        q.push(c, 2);
        assert_eq!(q.pop(3), Some((b, 2)), "deeper first at equal levels");
        assert_eq!(q.pop(3), Some((c, 2)));
        assert_eq!(q.pop(2), None, "level 3 waits for a frontier of 3");
        assert_eq!(q.pop(3), Some((a, 3)));
        assert_eq!(q.pop(3), None);
    }

    #[test]
    fn ties_go_to_the_oldest_or_the_smallest_cube() {
        let big = || Obligation::new(Cube::new([Var(1).lit(), Var(2).lit()]), vec![], None, 0);
        for (mut q, smallest) in [
            (Obligations::new(), false),
            (Obligations::smallest_first(), true),
        ] {
            let a = q.add(big());
            let b = q.add(ob(3, None, 0));
            q.push(a, 1);
            q.push(b, 1);
            let first = q.pop(1).unwrap().0;
            assert_eq!(first, if smallest { b } else { a });
        }
    }

    #[test]
    fn activity_decays_when_moved_up() {
        let mut q = Obligations::new();
        let a = q.add(ob(1, None, 0));
        q.push(a, 1);
        assert_eq!(q.bump(a), 1.0);
        assert_eq!(q.bump(a), 2.0);
        q.pop(1);
        q.push(a, 3);
        assert!((q.get(a).act - 2.0 * 0.36).abs() < 1e-9);
    }

    #[test]
    fn collect_keeps_queued_chains_and_renumbers() {
        let mut q = Obligations::new();
        for i in 0..2000 {
            q.add(ob(i + 1, None, 0));
        }
        let root = q.add(ob(5000, None, 0));
        let mid = q.add(ob(5001, Some(root), 1));
        let leaf = q.add(ob(5002, Some(mid), 2));
        q.push(leaf, 1);
        q.collect();
        assert_eq!(q.stored(), 3);
        let (id, level) = q.pop(1).unwrap();
        assert_eq!(level, 1);
        let o = q.get(id);
        assert_eq!(o.cube, Cube::new([Var(5002).lit()]));
        let m = q.get(o.next.unwrap());
        assert_eq!(m.cube, Cube::new([Var(5001).lit()]));
        assert_eq!(q.get(m.next.unwrap()).cube, Cube::new([Var(5000).lit()]));
    }
}
