//! Proof obligations: states that reach a bad state, to be blocked at a level.
//!
//! Obligations live in an arena so that a counterexample can follow the chain from a state that
//! meets the initial states to the bad one; the queue orders them lowest level first, then
//! deepest (farthest from the bad state) first, then oldest first.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use pdrkit_logic::Cube;

/// One obligation: `cube` must be shown unreachable within `level` steps.
#[derive(Clone, Debug)]
pub struct Obligation {
    /// The states (a lifted cube over latches).
    pub cube: Cube,
    /// The inputs taking these states to the successor (or making them bad), one per input.
    pub inputs: Vec<bool>,
    /// The successor obligation on the way to the bad state, if any.
    pub next: Option<usize>,
    /// Number of steps from here to the bad state.
    pub depth: usize,
}

/// Arena and priority queue of obligations.
#[derive(Default)]
pub struct Obligations {
    arena: Vec<Obligation>,
    heap: BinaryHeap<Reverse<(usize, Reverse<usize>, usize)>>,
}

impl Obligations {
    /// Empty.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stores an obligation and returns its index.
    pub fn add(&mut self, o: Obligation) -> usize {
        self.arena.push(o);
        self.arena.len() - 1
    }

    /// Queues obligation `id` at `level`.
    pub fn push(&mut self, id: usize, level: usize) {
        let depth = self.arena[id].depth;
        self.heap.push(Reverse((level, Reverse(depth), id)));
    }

    /// The next obligation to handle: (id, level).
    pub fn pop(&mut self) -> Option<(usize, usize)> {
        self.heap.pop().map(|Reverse((level, _, id))| (id, level))
    }

    /// An obligation.
    pub fn get(&self, id: usize) -> &Obligation {
        &self.arena[id]
    }

    /// Drops everything (after the frontier is clear, old obligations are not kept).
    pub fn clear(&mut self) {
        self.arena.clear();
        self.heap.clear();
    }
}
