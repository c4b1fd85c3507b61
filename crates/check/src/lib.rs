//! pdrkit-check: independently checks what a model checker claims — that a counterexample
//! trace really reaches a bad state ([`witness`]), and that a safety certificate really proves
//! the property ([`certificate`]) — without sharing any code with the engines that produce them;
//! and shows a replayed trace as a waveform under the design's names ([`waveform`]).
//!
//! The checker reads the model with its own AIGER reader ([`aiger`], into a [`Model`]), not the
//! engines', so that a reader bug cannot fool both; and it does its own evaluation: plain
//! simulation for traces, a separate Tseitin encoding and fresh SAT queries for certificates.
//! Nothing here panics on malformed input; every rejection is a typed error whose message says
//! what failed and where.

pub mod aiger;
pub mod certificate;
mod circuit;
mod cnf;
pub mod model;
pub mod waveform;
pub mod witness;

pub use aiger::{AigerError, Position};
pub use model::{AndGate, Latch, Model, Reset, Symbol, SymbolKind};

pub use certificate::{
    check_certificate, CertError, CertReport, CheckStats, Condition, MappingSource,
};
pub use circuit::StructureError;
pub use waveform::{write_vcd, MapError, SignalNames};
pub use witness::{
    parse_results, parse_witness, read_results, read_witness, replay, simulate, Bit, Replay,
    ReplayError, Simulation, Witness, WitnessError, WitnessResult,
};
