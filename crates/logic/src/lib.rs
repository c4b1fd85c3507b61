//! pdrkit-logic: the vocabulary every other pdrkit crate speaks — variables, literals, cubes and
//! clauses — and a small SAT layer ([`sat::SatSolver`]) with just what the engines need.
//!
//! Literals use the AIGER and rustsat bit layout (`2 * var + negated`), so an AIGER literal is a
//! [`Lit`] as it stands and a literal slice goes to the solver without conversion.

mod lit;
mod litset;
pub mod sat;

pub use lit::{Lit, Var};
pub use litset::{Clause, Cube, LitSet};
pub use sat::{Minisat, SatResult, SatSolver};
