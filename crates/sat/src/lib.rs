//! pdrkit-sat: pdrkit's own CDCL SAT solver, [`Cdcl`], built for the tens of thousands of tiny
//! incremental queries an IC3 frame solver answers, and usable by every engine through
//! [`pdrkit_logic::SatSolver`].
//!
//! Beyond a plain incremental solver (two watched literals with blockers, first-UIP learning
//! with recursive minimization, Luby restarts, LBD/activity reduction, phase saving, VSIDS,
//! conflict budgets, interruption through [`pdrkit_logic::Interrupts`]), it offers what IC3
//! needs, after GipSAT (Su et al., "Deeply Optimizing the SAT Solver for the IC3 Algorithm",
//! 2025), written anew:
//! - **per-query domains**: the logic is given as definitions (a variable, its fan-in, its
//!   clauses), and a query decides and propagates only the cone of its assumptions and
//!   temporary clauses plus the permanent clauses' variables, so its price follows its cone,
//!   not the design (module `domain`);
//! - **temporary clauses** for one query, on one reserved activation variable, deleted with
//!   what was learnt from them when the query ends (module `temporary`);
//! - models and failed assumptions read in place, in O(1) per literal, and
//!   [`Cdcl::flip_to_none`] to drop the values of a model that no clause needs;
//! - the price of the many small queries kept down: decisions on the domain's leaves only
//!   (module `search`), a domain reused when a query has the last one's roots (module
//!   `domain`), permanent clauses kept free of repeats and subsumed copies (IC3 adds a lemma
//!   to a frame solver each time it moves up, module `lemmas`).
//!
//! See [`Cdcl`] for the API and its exact semantics. Module [`trace`] reads and replays the
//! query sequences the engine records (`pdrkit check --record-sat DIR`), for benchmarks and
//! tests on real IC3 workloads.

mod analyze;
mod assign;
mod backend;
mod clause;
mod config;
mod decide;
mod domain;
mod failed;
mod lemmas;
mod lift;
mod propagate;
mod reduce;
mod restart;
mod search;
mod solver;
mod stats;
mod temporary;
pub mod trace;
mod watch;

pub use config::Config;
pub use solver::Cdcl;
pub use stats::Stats;
