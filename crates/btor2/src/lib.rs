//! pdrkit-btor2: the BTOR2 front end — reads a word-level BTOR2 model ([`parse`]) and
//! bit-blasts it into the [`pdrkit_ts::Aig`] every pdrkit engine reads ([`blast`]), keeping
//! for each BTOR2 input and state the AIG literals of its bits, so a witness can be given back
//! in BTOR2 terms.
//!
//! ```
//! // A 3-bit counter from 0; bad when it reaches 7.
//! let model = pdrkit_btor2::parse(
//!     "1 sort bitvec 3\n2 zero 1\n3 state 1 cnt\n4 init 1 3 2\n5 one 1\n\
//!      6 add 1 3 5\n7 next 1 3 6\n8 sort bitvec 1\n9 ones 1\n10 eq 8 3 9\n11 bad 10\n",
//! )?;
//! let blasted = pdrkit_btor2::blast(&model)?;
//! assert_eq!(blasted.aig.latches.len(), 3);
//! assert_eq!(blasted.states[0].bits.len(), 3); // cnt's latches, LSB first
//! assert_eq!(blasted.aig.bads.len(), 1);
//! pdrkit_ts::TransitionSystem::from_aig(&blasted.aig, None)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What is translated, and what is not yet, is listed at [`blast`].

mod blast;
mod gates;
pub mod model;
mod parse;

pub use blast::{blast, BlastError, Blasted, Variable, MAX_ARRAY_BITS, MAX_ARRAY_INDEX_WIDTH};
pub use model::{Arg, Model, Node, NodeId, NodeKind, Op, Sort};
pub use parse::{parse, Btor2Error, MAX_WIDTH};
