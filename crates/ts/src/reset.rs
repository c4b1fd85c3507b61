//! Reset functions (AIGER 1.9.23) made into what every engine already handles: uninitialized
//! latches, a first-step latch and one invariant constraint.
//!
//! A latch with reset function `f` starts at `f`'s value in step 0 (over step 0's inputs and
//! the other latches' start values). The lowered model makes each such latch uninitialized,
//! appends a latch `first` (reset 1, next 0: it is 1 exactly in step 0) and the constraint
//! `¬first ∨ ⋀ (l ≡ f)`. AIGER constraints hold at every step, step 0 included, so:
//! - a trace of the lowered model starts in a state where each `l` equals its `f`: restricted to
//!   the original latches (which keep their positions, as the inputs do) it is a trace of the
//!   original model, and every trace of the original extends to one of the lowered model (with
//!   `first` = 1, then 0); the two models reach the same states and fail the same properties;
//! - a certificate of the lowered model becomes one of the original by
//!   [`Lowered::certificate`] (see there why it stays valid).

use pdrkit_logic::Lit;

use crate::aig::{Aig, AigError, Latch, Reset, Symbol, SymbolKind};

/// The name the lowered model's symbol table gives the added first-step latch.
pub const FIRST_NAME: &str = "pdrkit_reset_first";
/// The name the lowered model's symbol table gives the added constraint.
pub const CONSTRAINT_NAME: &str = "pdrkit_reset_functions";

/// A model with reset functions, lowered for the engines ([`Aig::lower_reset_functions`]), and
/// what it takes to speak of the original model again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowered {
    /// The lowered model: the original's inputs and latches in their order (the latches with a
    /// reset function now uninitialized), then the first-step latch; the original's
    /// constraints, then the added one; the original's gates, then the added ones.
    pub aig: Aig,
    /// The position of the first-step latch in `aig.latches` (the original's latch count).
    pub first: usize,
    /// The position of the added constraint in `aig.constraints` (the original's constraint
    /// count).
    pub constraint: usize,
    /// The reset functions the lowering replaced: (latch position, function literal).
    pub functions: Vec<(usize, Lit)>,
}

impl Aig {
    /// The model with its reset functions lowered (see the module documentation), or `None`
    /// when no latch has one. (A reset function that is a constant, or the latch's own
    /// positive literal, becomes that constant reset or uninitialized, without a constraint.)
    ///
    /// The model is validated first ([`validate`](Self::validate)): a cycle of reset functions
    /// in particular is refused, since its constraint could exclude every start state and make
    /// every property hold vacuously.
    pub fn lower_reset_functions(&self) -> Result<Option<Lowered>, AigError> {
        self.validate()?;
        if self.latches.iter().all(|l| l.reset.function().is_none()) {
            return Ok(None);
        }
        let mut aig = self.clone();
        let first = aig.latches.len();
        let constraint = aig.constraints.len();
        let first_lit = aig.new_var().lit();
        let mut functions = Vec::new();
        for (i, l) in aig.latches.iter_mut().enumerate() {
            if let Reset::Function(f) = l.reset {
                l.reset = match f {
                    Lit::FALSE => Reset::Zero,
                    Lit::TRUE => Reset::One,
                    f if f == l.lit => Reset::Uninit,
                    f => {
                        functions.push((i, f));
                        Reset::Uninit
                    }
                };
            }
        }
        aig.latches.push(Latch {
            lit: first_lit,
            next: Lit::FALSE,
            reset: Reset::One,
        });
        // All of them equal their functions: ⋀ ¬(l ∧ ¬f) ∧ ¬(¬l ∧ f).
        let mut all = Lit::TRUE;
        for &(i, f) in &functions {
            let l = aig.latches[i].lit;
            let differ = [aig.add_and(l, !f), aig.add_and(!l, f)];
            for d in differ {
                all = if all == Lit::TRUE {
                    !d
                } else {
                    aig.add_and(all, !d)
                };
            }
        }
        // ¬first ∨ all = ¬(first ∧ ¬all)
        let c = if all == Lit::TRUE {
            Lit::TRUE
        } else {
            !aig.add_and(first_lit, !all)
        };
        aig.constraints.push(c);
        aig.symbols.push(Symbol {
            kind: SymbolKind::Latch,
            index: first,
            name: FIRST_NAME.into(),
        });
        aig.symbols.push(Symbol {
            kind: SymbolKind::Constraint,
            index: constraint,
            name: CONSTRAINT_NAME.into(),
        });
        Ok(Some(Lowered {
            aig,
            first,
            constraint,
            functions,
        }))
    }
}

impl Lowered {
    /// A witness (AIGER format, as `pdrkit_engine`'s traces write it) of the lowered model,
    /// made one of the original model: the first-step latch's column of the initial-state line
    /// (the third line) is dropped. The other initial values are the trace's step-0 values,
    /// which satisfy the reset functions (the added constraint holds in step 0).
    pub fn witness(&self, witness: &str) -> String {
        let mut out = String::with_capacity(witness.len());
        for (k, line) in witness.split_inclusive('\n').enumerate() {
            if k == 2 && line.len() > self.first && line.is_char_boundary(self.first) {
                out.push_str(&line[..self.first]);
                out.push_str(&line[self.first + 1..]);
            } else {
                out.push_str(line);
            }
        }
        out
    }

    /// A certificate (certifaiger witness circuit) built for the lowered model (or for it
    /// reduced to one property) made one of the original model: the latches get their reset
    /// functions back, the added constraint leaves the constraints, and each bad literal `b`
    /// becomes `b ∨ ¬c` (`c` the added constraint); the first-step latch stays as a latch of
    /// the certificate's own, no longer mapped to the model.
    ///
    /// Why it is valid when the certificate `W` was valid for the lowered model `L` (with `C`
    /// the original constraints, `c` the added one, `P` "no bad literal"): the certificate's
    /// constraints are now the model's, and its mapped latches have the model's resets and
    /// next-state functions, so it simulates the model. Base: a start state of the result has
    /// `first` = 1 and each latch equal to its function, so `c` holds and the state is a start
    /// state of `W` satisfying `C ∧ c`, where `W`'s Base gives `P`. Step: the premise
    /// `P ∧ c` of the current state gives `W`'s constraints `C ∧ c` there; in the next state
    /// `first` is 0, so `c` holds there too, and `W`'s Step gives `P`.
    ///
    /// A certificate that does not have the shape of one built from the lowered model (its
    /// latches do not start with the lowered model's, or its constraints are not the lowered
    /// model's) gets `bad = 1`, which no check accepts: never a wrong certificate.
    pub fn certificate(&self, cert: &Aig) -> Aig {
        let mut w = cert.clone();
        let same_latches = w.latches.len() > self.first
            && w.latches[..=self.first]
                .iter()
                .zip(&self.aig.latches)
                .all(|(a, b)| a == b);
        let fits = same_latches
            && w.constraints == self.aig.constraints
            && u64::from(w.max_var) + (w.bads.len() as u64) < u64::from(u32::MAX >> 1);
        if !fits {
            w.bads = vec![Lit::TRUE];
            return w;
        }
        let c = w.constraints.remove(self.constraint);
        for &(i, f) in &self.functions {
            w.latches[i].reset = Reset::Function(f);
        }
        let bads = std::mem::take(&mut w.bads);
        w.bads = bads
            .into_iter()
            .map(|b| {
                if b == Lit::TRUE || c == Lit::TRUE {
                    b
                } else {
                    !w.add_and(!b, c)
                }
            })
            .collect();
        w.symbols
            .retain(|s| !(s.kind == SymbolKind::Latch && s.index == self.first));
        w
    }
}
