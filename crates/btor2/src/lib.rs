//! pdrkit-btor2: the BTOR2 front end — reads a word-level BTOR2 model ([`parse`]) and
//! bit-blasts it into the [`pdrkit_ts::Aig`] every pdrkit engine reads ([`blast`]), keeping
//! for each BTOR2 input and state the AIG literals of its bits, so a witness can be given back
//! in BTOR2 terms.

mod blast;
mod gates;
pub mod model;
mod parse;

pub use blast::{blast, BlastError, Blasted, Variable, MAX_ARRAY_INDEX_WIDTH};
pub use model::{Arg, Model, Node, NodeId, NodeKind, Op, Sort};
pub use parse::{parse, Btor2Error};
