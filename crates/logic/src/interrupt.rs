//! Stopping SAT calls in progress from another thread.
//!
//! A portfolio's winner, a signal or a caller asks the engines to stop; a flag checked between
//! SAT calls is not enough when one call runs for minutes (a deep BMC query), since the
//! portfolio can only return once every worker has. So the engines' solvers register with an
//! [`Interrupts`] registry, and [`Interrupts::interrupt`] interrupts all of them.
//!
//! Solvers are created deep inside the engines (one per IC3 frame, rebuilt often), so instead
//! of passing the registry through every constructor, an engine's thread
//! [enters](Interrupts::enter) it, and every solver the thread creates while the returned scope
//! lives registers itself. An interrupted solver answers `Unknown` to every later call: a stop
//! is final, and MiniSat's interrupt is permanent anyway. A solver leaves the registry when it
//! is dropped, under the lock `interrupt` holds, so an interrupt never reaches a freed solver.
//!
//! A solver that runs out of memory answers `Unknown` from then on, as an interrupted one
//! does, and marks its registry ([`Interrupts::out_of_memory`]), so that the engine can say
//! why it has no answer: out of memory is a value, not a panic.
//!
//! Solvers outside this crate (pdrkit's own, which polls a flag between conflicts) register a
//! plain `Arc<AtomicBool>` through [`FlagRegistration`] instead of a rustsat interrupter.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use rustsat::solvers::InterruptSolver;

/// A set of live solvers that can be interrupted together. Clones share it.
#[derive(Clone, Default)]
pub struct Interrupts {
    inner: Arc<Shared>,
}

#[derive(Default)]
struct Shared {
    stopped: AtomicBool,
    /// Set by a registered solver that ran out of memory (see
    /// [`Interrupts::out_of_memory`]).
    out_of_memory: AtomicBool,
    live: Mutex<Live>,
}

type Handle = Box<dyn InterruptSolver + Send>;

#[derive(Default)]
struct Live {
    next_id: u64,
    handles: Vec<(u64, Handle)>,
}

impl std::fmt::Debug for Interrupts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Interrupts(interrupted: {}, live: {})",
            self.is_interrupted(),
            self.live()
        )
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Interrupts>> = const { RefCell::new(None) };
}

impl Interrupts {
    /// An empty registry, not interrupted.
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> MutexGuard<'_, Live> {
        // A panic elsewhere while the lock was held leaves the list itself intact.
        self.inner.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Interrupts every registered solver, now and from now on: calls in progress return
    /// `Unknown` within milliseconds, and so does every later call of these solvers and of
    /// solvers registered afterwards.
    pub fn interrupt(&self) {
        self.inner.stopped.store(true, Ordering::SeqCst);
        for (_, h) in &self.lock().handles {
            h.interrupt();
        }
    }

    /// Whether [`interrupt`](Self::interrupt) was called.
    pub fn is_interrupted(&self) -> bool {
        self.inner.stopped.load(Ordering::SeqCst)
    }

    /// Whether a solver registered here ran out of memory (and answers `Unknown` since): an
    /// engine that gets `Unknown` asks this to tell a limit of the machine from its own budget.
    pub fn out_of_memory(&self) -> bool {
        self.inner.out_of_memory.load(Ordering::SeqCst)
    }

    /// Number of registered solvers still alive.
    pub fn live(&self) -> usize {
        self.lock().handles.len()
    }

    /// Makes this registry the current thread's until the scope is dropped: solvers the thread
    /// creates meanwhile register with it.
    #[must_use = "solvers register only while the scope lives"]
    pub fn enter(&self) -> Scope {
        let prev = CURRENT.with(|c| c.replace(Some(self.clone())));
        Scope {
            prev,
            _not_send: PhantomData,
        }
    }
}

/// The current thread's registry while it lives (see [`Interrupts::enter`]); restores the
/// previous one when dropped.
#[derive(Debug)]
pub struct Scope {
    prev: Option<Interrupts>,
    // The registry is per thread: the scope must end on the thread it began on.
    _not_send: PhantomData<*const ()>,
}

impl Drop for Scope {
    fn drop(&mut self) {
        let prev = self.prev.take();
        CURRENT.with(|c| *c.borrow_mut() = prev);
    }
}

/// One solver's place in a registry. It must be dropped before the solver it interrupts:
/// declared as the wrapper's first field, it is.
pub(crate) struct Registration {
    reg: Interrupts,
    id: u64,
}

impl Registration {
    /// Registers a solver with the current thread's registry, if there is one. `handle` is
    /// asked for only then.
    pub(crate) fn current(handle: impl FnOnce() -> Handle) -> Option<Registration> {
        let reg = CURRENT.with(|c| c.borrow().clone())?;
        let h = handle();
        let mut live = reg.lock();
        // Checked under the lock: either `interrupt` sees this handle or this sees its flag.
        if reg.is_interrupted() {
            h.interrupt();
        }
        let id = live.next_id;
        live.next_id += 1;
        live.handles.push((id, h));
        drop(live);
        Some(Registration { reg, id })
    }

    /// Whether the registry was interrupted (the next call must not start).
    #[inline]
    pub(crate) fn interrupted(&self) -> bool {
        self.reg.is_interrupted()
    }

    /// Records in the registry that this solver ran out of memory.
    pub(crate) fn report_out_of_memory(&self) {
        self.reg.inner.out_of_memory.store(true, Ordering::SeqCst);
    }
}

/// What an interrupt does to a solver that polls a flag: sets it, for good.
struct Flag(Arc<AtomicBool>);

impl InterruptSolver for Flag {
    fn interrupt(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// A stop flag's place in the current thread's registry (see [`Interrupts::enter`]), for a
/// solver that checks a flag instead of offering a rustsat interrupter. The registry's
/// [`interrupt`](Interrupts::interrupt) sets the flag; the solver leaves the registry when this
/// is dropped, so keep it as long as the solver (the flag itself is shared, never freed early).
pub struct FlagRegistration(Registration);

impl std::fmt::Debug for FlagRegistration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FlagRegistration({})", self.0.id)
    }
}

impl FlagRegistration {
    /// Registers `flag` with the current thread's registry, if the thread entered one (`None`
    /// otherwise). When the registry was interrupted already, the flag is set at once.
    pub fn current(flag: &Arc<AtomicBool>) -> Option<FlagRegistration> {
        Registration::current(|| Box::new(Flag(flag.clone()))).map(FlagRegistration)
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut live = self.reg.lock();
        if let Some(i) = live.handles.iter().position(|(id, _)| *id == self.id) {
            live.handles.swap_remove(i);
        }
    }
}
