//! pdrkit-check: independently checks what a model checker claims — that a counterexample
//! trace really reaches a bad state ([`witness`]), that a lasso really violates a justice
//! (liveness) property ([`lasso`]), and that a certificate (safety, or liveness with its
//! ranking signals) really proves the properties ([`certificate`]) — without sharing any code
//! with the engines that produce them; and shows a replayed trace as a waveform under the design's names ([`waveform`]). For the
//! word-level BTOR2 format it has its own reader ([`btor2`]), bit-vector arithmetic ([`bv`]),
//! witness reader ([`btor2_witness`]), simulator and witness replay ([`btor2_sim`]) and
//! word-level waveforms ([`btor2_vcd`]).
//!
//! The checker reads the model with its own AIGER reader ([`aiger`], into a [`Model`]), not the
//! engines', so that a reader bug cannot fool both; and it does its own evaluation: plain
//! simulation for traces, a separate Tseitin encoding and fresh SAT queries for certificates.
//! Nothing here panics on malformed input; every rejection is a typed error whose message says
//! what failed and where.

pub mod aiger;
pub mod btor2;
pub mod btor2_sim;
pub mod btor2_vcd;
pub mod btor2_witness;
pub mod bv;
pub mod certificate;
mod circuit;
mod cnf;
pub mod lasso;
pub mod model;
pub mod waveform;
pub mod witness;

pub use aiger::{AigerError, Position};
pub use model::{AndGate, Latch, Model, Reset, Symbol, SymbolKind};

pub use btor2::{
    parse_btor2, read_btor2, Btor2Arg, Btor2Error, Btor2Model, Btor2Node, Btor2Op, Btor2Sort,
};
pub use btor2_sim::{
    evaluate_btor2, replay_btor2, simulate_btor2, Btor2Array, Btor2Replay, Btor2ReplayError,
    Btor2Simulation, Btor2Value,
};
pub use btor2_vcd::write_btor2_vcd;
pub use btor2_witness::{
    parse_btor2_witness, parse_btor2_witnesses, Btor2Assignment, Btor2Frame, Btor2Index,
    Btor2Witness, Btor2WitnessError,
};
pub use bv::Bv;
pub use certificate::{
    check_certificate, CertError, CertReport, CheckStats, Condition, MappingSource,
};
pub use circuit::StructureError;
pub use lasso::{replay_lasso, simulate_lasso, LassoError, LassoReport, LoopHit, LoopLiteral};
pub use waveform::{write_vcd, MapError, SignalNames};
pub use witness::{
    parse_results, parse_witness, read_results, read_witness, replay, simulate, Bit, LassoLoop,
    Replay, ReplayError, Simulation, Witness, WitnessError, WitnessResult,
};
