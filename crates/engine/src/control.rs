//! Stopping: a shared flag and an optional deadline, checked between SAT calls, and the
//! engines' solvers interrupted inside a call when the flag is set.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use pdrkit_logic::{Cube, Interrupts, Scope};

use crate::{Reason, Stat, StatValue};

/// Tells a running engine when to give up, and carries the lemmas engines share. Clones share
/// the stop flag, the solvers to interrupt, the lemma pool and the progress counters; the
/// deadline is copied.
#[derive(Clone, Debug, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
    /// The solvers of the engines running under this control (see [`Control::enter`]).
    interrupts: Interrupts,
    deadline: Option<Instant>,
    lemmas: LemmaPool,
    progress: Progress,
    /// The portfolio worker whose counters these are: names are reported as `worker.name`.
    worker: Option<&'static str>,
}

/// The latest counters every engine reported, as (name, value): what an interrupted run can
/// still tell. Engines report at natural points (a new frame, a new k), not per SAT call.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    inner: Arc<Mutex<Vec<Stat>>>,
}

impl Progress {
    /// The counters reported so far, in the order they were first reported.
    pub fn snapshot(&self) -> Vec<Stat> {
        self.inner.lock().map(|v| v.clone()).unwrap_or_default()
    }
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
    /// Asks every engine sharing this control to stop, interrupting their SAT calls in
    /// progress: a portfolio's losers return within milliseconds even from a long BMC query.
    /// (A deadline alone does not interrupt a call: the CLI's watchdog answers at the deadline.)
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.interrupts.interrupt();
    }
    /// Whether [`stop`](Self::stop) was called (the deadline aside).
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    /// Registers the solvers the calling thread creates until the scope is dropped, so that
    /// [`stop`](Self::stop) interrupts them. Engines enter at the start of their `check`.
    pub fn enter(&self) -> Scope {
        self.interrupts.enter()
    }
    /// Whether the engine should stop now.
    #[inline]
    pub fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
    /// Why a SAT call answered unknown: one of the engine's solvers ran out of memory, the
    /// engine was stopped (its solvers interrupted), or the solver itself gave up.
    pub fn gave_up(&self, unit: &'static str, depth: usize) -> Reason {
        if self.out_of_memory() {
            Reason::OutOfMemory
        } else if self.should_stop() {
            Reason::Stopped { unit, depth }
        } else {
            Reason::SolverGaveUp
        }
    }
    /// Whether a solver of an engine under this control (or a clone) ran out of memory.
    pub fn out_of_memory(&self) -> bool {
        self.interrupts.out_of_memory()
    }
    /// The lemma pool shared by the engines of a portfolio.
    pub fn lemmas(&self) -> &LemmaPool {
        &self.lemmas
    }
    /// The counters engines reported so far (shared by clones).
    pub fn progress(&self) -> &Progress {
        &self.progress
    }
    /// Records this engine's current counters, replacing what it reported before.
    pub fn report(&self, pairs: Vec<(&'static str, StatValue)>) {
        let Ok(mut v) = self.progress.inner.lock() else {
            return;
        };
        for (k, val) in pairs {
            let name = match self.worker {
                Some(w) => format!("{w}.{k}"),
                None => k.to_string(),
            };
            match v.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = val,
                None => v.push((name, val)),
            }
        }
    }
    /// The same control for a portfolio worker: it reports its counters as `worker.name`.
    pub fn for_worker(&self, worker: &'static str) -> Self {
        Control {
            worker: Some(worker),
            ..self.clone()
        }
    }
}
