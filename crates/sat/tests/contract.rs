//! The workspace's [`SatSolver`](pdrkit_logic::SatSolver) contract, the one MiniSat and CaDiCaL
//! keep (`crates/logic/tests/contract`), on pdrkit's own solver.

#[path = "../../logic/tests/contract/mod.rs"]
mod contract;

use contract::{contract, interruptible};
use pdrkit_sat::Cdcl;

#[test]
fn cdcl_keeps_the_contract() {
    contract::<Cdcl>();
}

#[test]
fn cdcl_is_interruptible() {
    interruptible::<Cdcl>();
}
