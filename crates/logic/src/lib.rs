//! pdrkit-logic: the vocabulary every other pdrkit crate speaks — variables, literals, cubes and
//! clauses — and a small SAT layer ([`sat::SatSolver`]) with just what the engines need.
//!
//! Literals use the AIGER and rustsat bit layout (`2 * var + negated`), so an AIGER literal is a
//! [`Lit`] as it stands and a literal slice goes to the solver without conversion.

#[cfg(feature = "cadical")]
mod cadical;
mod interrupt;
mod lit;
mod litset;
pub mod rng;
pub mod sat;

#[cfg(feature = "cadical")]
pub use cadical::Cadical;
pub use interrupt::{FlagRegistration, Interrupts, Scope};
pub use lit::{Lit, Var};
pub use litset::{Clause, Cube, LitSet};
pub use sat::{Minisat, SatResult, SatSolver};

/// The SAT solver the engines use: MiniSat, or CaDiCaL with the `cadical` feature. The
/// independent checker always uses [`Minisat`].
#[cfg(not(feature = "cadical"))]
pub type Solver = Minisat;
/// The SAT solver the engines use: MiniSat, or CaDiCaL with the `cadical` feature. The
/// independent checker always uses [`Minisat`].
#[cfg(feature = "cadical")]
pub type Solver = Cadical;
