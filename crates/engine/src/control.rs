//! Cooperative stopping: a shared flag and an optional deadline, checked between SAT calls.

use std::sync::atomic::{AtomicBool, Ordering};
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

/// Lemmas (blocked cubes over the system's latches) proved inductive on their own under the
/// constraints: invariants every engine of a portfolio may assume. Append-only.
#[derive(Clone, Debug, Default)]
pub struct LemmaPool {
    inner: Arc<Mutex<Vec<Cube>>>,
}

impl LemmaPool {
    /// Publishes inductive lemmas.
    pub fn publish(&self, cubes: impl IntoIterator<Item = Cube>) {
        if let Ok(mut v) = self.inner.lock() {
            v.extend(cubes);
        }
    }
    /// The lemmas published after the first `seen`.
    pub fn since(&self, seen: usize) -> Vec<Cube> {
        self.inner
            .lock()
            .map(|v| v.get(seen..).map(<[Cube]>::to_vec).unwrap_or_default())
            .unwrap_or_default()
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
