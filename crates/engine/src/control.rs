//! Cooperative stopping: a shared flag and an optional deadline, checked between SAT calls.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Tells a running engine when to give up. Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
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
    /// The shared flag, for engines that spawn their own workers.
    pub fn flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }
}
