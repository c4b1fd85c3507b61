//! Cooperative stopping: a shared flag and an optional deadline, checked between SAT calls.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use pdrkit_logic::Cube;

/// Tells a running engine when to give up, and carries the lemmas engines share. Cloning
/// shares both.
#[derive(Clone, Debug, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    lemmas: LemmaPool,
}

/// Lemmas (blocked cubes over the system's latches) proved inductive under the constraints,
/// each relative to the lemmas published before it: invariants every engine of a portfolio may
/// assume. Append-only; an engine [joins](Self::join) to get an id, so that it does not read
/// back what it published itself.
#[derive(Clone, Debug, Default)]
pub struct LemmaPool {
    inner: Arc<Mutex<Vec<(usize, Cube)>>>,
    members: Arc<AtomicUsize>,
}

impl LemmaPool {
    /// A fresh publisher id.
    pub fn join(&self) -> usize {
        self.members.fetch_add(1, Ordering::Relaxed)
    }
    /// Publishes lemmas on behalf of `from`. A lemma must be inductive relative to everything
    /// published before it and to the batch it comes with.
    pub fn publish(&self, from: usize, cubes: impl IntoIterator<Item = Cube>) {
        if let Ok(mut v) = self.inner.lock() {
            v.extend(cubes.into_iter().map(|c| (from, c)));
        }
    }
    /// The lemmas others than `me` published after the first `*seen` entries; advances `*seen`
    /// past everything there is.
    pub fn since(&self, seen: &mut usize, me: usize) -> Vec<Cube> {
        let Ok(v) = self.inner.lock() else {
            return Vec::new();
        };
        let new = v
            .get(*seen..)
            .unwrap_or_default()
            .iter()
            .filter(|(from, _)| *from != me)
            .map(|(_, c)| c.clone())
            .collect();
        *seen = v.len();
        new
    }
}

impl Control {
    /// No deadline, not stopped.
    pub fn new() -> Self {
        Self::default()
    }
    /// Also stop at this instant.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }
    /// Asks every engine sharing this control to stop.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
    /// Whether the engine should stop now.
    #[inline]
    pub fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
    /// The lemma pool shared by the engines of a portfolio.
    pub fn lemmas(&self) -> &LemmaPool {
        &self.lemmas
    }
    /// The shared flag, for engines that spawn their own workers.
    pub fn flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }
}
