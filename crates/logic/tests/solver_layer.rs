//! The contract of [`SatSolver`] that the engines rely on, checked for every backend built in:
//! MiniSat always, CaDiCaL with the `cadical` feature (`cargo test -p pdrkit-logic --features
//! cadical`).

mod contract;

use contract::{contract, interruptible};
use pdrkit_logic::Minisat;

#[test]
fn minisat_keeps_the_contract() {
    contract::<Minisat>();
}

#[cfg(feature = "cadical")]
#[test]
fn cadical_keeps_the_contract() {
    contract::<pdrkit_logic::Cadical>();
}

#[test]
fn minisat_is_interruptible() {
    interruptible::<Minisat>();
}

#[cfg(feature = "cadical")]
#[test]
fn cadical_is_interruptible() {
    interruptible::<pdrkit_logic::Cadical>();
}
