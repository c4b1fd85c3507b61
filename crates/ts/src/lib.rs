//! pdrkit-ts: the model side of pdrkit — the AIG read from an AIGER file ([`aig`], [`aiger`]) and
//! the transition system built from it ([`system`]): cone of influence, constant propagation,
//! structural hashing, and the Tseitin CNF the engines load into their solvers, with a map back
//! to the original file's inputs and latches. A system can be built with latches and gates
//! replaced by what they were proved equal to ([`Reduction`]; `pdrkit-preprocess` proves them).
//! Latches whose reset is a function of other signals (AIGER 1.9.23) are lowered to
//! uninitialized ones under a constraint before a system is built ([`reset`]). A justice
//! property becomes a safety model too: by liveness to safety ([`liveness`]) or with a
//! k-liveness counter ([`klive`]), whose proofs become liveness certificates.

pub mod aig;
pub mod aiger;
pub mod certificate;
pub mod cnf;
pub mod kinduction;
pub mod klive;
pub mod liveness;
pub mod reset;

pub use aig::{Aig, AigError, AndGate, Latch, Reset, Site, Symbol, SymbolKind};
pub use aiger::{AigerError, Position};
pub use klive::KLive;
pub use liveness::{L2s, LivenessError, Watch};
pub use reset::Lowered;
pub mod system;
mod varindex;

pub use system::{Gate, Merge, Reduction, SystemError, TransitionSystem, NO_ORIGIN};
