//! Certificates: checking a certifaiger witness circuit (the HWMCC'24 format; liveness as in
//! HWMCC'25) against its model.
//!
//! A certificate is an AIGER circuit W. Its symbol table maps some of W's inputs and latches to
//! the model's inputs and latches (`i3 = 42`: W's input 3 *is* the model's input or latch with
//! literal 42); the others are W's own. When no such symbol exists at all, the first inputs and
//! the first latches correspond by position. With C the invariant constraints and P "no
//! property signal is 1" (properties as in [`Model::properties`]), W proves the
//! model safe when five formulas are valid:
//!
//! | condition  | formula (K: the mapped inputs and latches)   |
//! |------------|----------------------------------------------|
//! | Reset      | R_M{K} ∧ C_M ⇒ R_W{K} ∧ C_W                  |
//! | Transition | F_M{K} ∧ C_M0 ∧ C_M1 ∧ C_W0 ⇒ F_W{K} ∧ C_W1  |
//! | Property   | C_M ∧ C_W ∧ P_W ⇒ P_M                        |
//! | Base       | R_W ∧ C_W ⇒ P_W                              |
//! | Step       | P_W0 ∧ F_W ∧ C_W0 ∧ C_W1 ⇒ P_W1              |
//!
//! R is "the latches at their resets": a constant, or the value of a reset function (AIGER
//! 1.9.23: any literal, over the same step's inputs and latches), uninitialized latches free.
//! Reset functions must be stratified (acyclic), so R defines each latch in dependency order
//! (a cycle is [`StructureError::ResetCycle`]). R{K} and F{K} only
//! speak of the mapped latches, exactly as in the reference checker certifaiger (without its
//! QBF mode): the model's unmapped latches and W's own latches are unconstrained there, so a
//! constraint of W that holds only because W's own latches follow their resets or next-state
//! functions is rejected, as certifaiger rejects it. Being no more lenient than certifaiger is
//! the point: a certificate this checker accepts is one the competition's checker accepts.
//!
//! The first three make W simulate the model, the last two make W's property inductive. Each
//! formula is refuted by its own fresh SAT solver (MiniSat), over this crate's own encoding of both circuits: one query, except for
//! Step, where each conjunct of W's property (each clause of an invariant) gets its own, and
//! the property's conjuncts are solver clauses rather than gates.
//! Transition, where two differently built circuits must be shown to compute the same next
//! states, is first shrunk by proving local equivalences between their gates (see the
//! encoder's sweeping); that only makes the query easier, never changes its answer — a test
//! compares both ways.
//!
//! Liveness: for each justice property of the model, four more conditions (Liveness, Decrease,
//! Closure, Consistent) make W's own fairness and justice signals a ranking that rules out
//! fair lassos; see [`liveness`]. A model without justice properties has none of them, and W's
//! fairness and justice sections are then ignored.
//!
//! Mapping: certifaiger also reads a `MAPPING` comment that maps model inputs and latches to
//! *gates* of W. This checker refuses such a certificate ([`CertError::GateMapping`]): a gate need
//! not take every value the model's input or latch can, so the mapping can hide model states
//! from every check (mapping an unsafe model's input to the constant 0, for one, makes a
//! certificate that certifaiger accepts). Only W's inputs and latches, which the checks let
//! take every value, may stand for the model's.

use std::fmt;
use std::time::{Duration, Instant};

use crate::model::{Model, Reset, SymbolKind};
use pdrkit_logic::{Lit, SatResult};

use crate::circuit::{Circuit, StructureError};
use crate::cnf::{Encoder, Frame, Side};

pub mod liveness;

/// The Step check splits W's property into at most this many conjuncts.
const MAX_CONJUNCTS: usize = 1 << 16;

/// One of the conditions of a witness circuit: five for safety, four more per justice property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// The model's reset states are reset states of W (on the mapped latches) and satisfy C_W.
    Reset,
    /// W's mapped latches step like the model's, and C_W keeps holding.
    Transition,
    /// W's property implies the model's.
    Property,
    /// W's property holds in W's reset states.
    Base,
    /// W's property is inductive.
    Step,
    /// Liveness, justice property `j`: a signal of W that is 0 on a step is 0 in the model.
    Liveness(usize),
    /// Liveness, justice property `j`: on every step of W some signal of W is 0 on the
    /// reversed edge (W's signals cover "is reached from").
    Decrease(usize),
    /// Liveness, justice property `j`: that cover is closed under steps of W.
    Closure(usize),
    /// Liveness, justice property `j`: along two steps that close into cycles, a signal of W
    /// that is 0 stays 0.
    Consistent(usize),
}

impl Condition {
    /// The five safety conditions, in the order they are checked (the liveness ones follow,
    /// per justice property of the model).
    pub const ALL: [Condition; 5] = [
        Condition::Reset,
        Condition::Transition,
        Condition::Property,
        Condition::Base,
        Condition::Step,
    ];
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Condition::Reset => "Reset",
            Condition::Transition => "Transition",
            Condition::Property => "Property",
            Condition::Base => "Base",
            Condition::Step => "Step",
            Condition::Liveness(j) => return write!(f, "Liveness (justice property j{j})"),
            Condition::Decrease(j) => return write!(f, "Decrease (justice property j{j})"),
            Condition::Closure(j) => return write!(f, "Closure (justice property j{j})"),
            Condition::Consistent(j) => return write!(f, "Consistent (justice property j{j})"),
        })
    }
}

/// Where the correspondence between W's and the model's inputs and latches came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MappingSource {
    /// `i<N> = <lit>` / `l<N> = <lit>` symbols.
    Symbols,
    /// No such symbol: the first inputs and latches correspond by position.
    Position,
}

/// Size and time of one condition's SAT query.
#[derive(Clone, Copy, Debug)]
pub struct CheckStats {
    /// The condition.
    pub condition: Condition,
    /// Solver variables.
    pub vars: u32,
    /// Solver clauses.
    pub clauses: usize,
    /// Time to encode and solve.
    pub time: Duration,
}

/// What a successful check found.
#[derive(Clone, Debug)]
pub struct CertReport {
    /// How W's inputs and latches were matched to the model's.
    pub mapping: MappingSource,
    /// Number of W's inputs and latches that stand for a model input or latch.
    pub mapped: usize,
    /// Number of W's inputs and latches of its own (not mapped).
    pub extra: usize,
    /// The queries, in order: the five safety conditions, then four per justice property.
    pub checks: Vec<CheckStats>,
}

impl CertReport {
    /// Total time of the queries.
    pub fn total_time(&self) -> Duration {
        self.checks.iter().map(|c| c.time).sum()
    }
}

/// Why a certificate is not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CertError {
    /// The model is not a well-formed AIG.
    #[error("the model is malformed: {0}")]
    Model(StructureError),
    /// The certificate is not a well-formed AIG.
    #[error("the certificate is malformed: {0}")]
    Witness(StructureError),
    /// A mapping symbol of the certificate is unusable.
    #[error("the certificate's symbol '{symbol}' is not a valid mapping: {reason}")]
    Mapping {
        /// The symbol as written, e.g. `l3 = 43`.
        symbol: String,
        /// What is wrong with it.
        reason: String,
    },
    /// One of the conditions does not hold.
    #[error("the certificate fails the {condition} check: {reason}")]
    Failed {
        /// The condition.
        condition: Condition,
        /// The part of the condition that fails, in words.
        reason: String,
    },
    /// The certificate maps model inputs or latches to its gates (certifaiger's `MAPPING`
    /// comment), which this checker refuses (see the module documentation).
    #[error("the certificate's comment '{comment}' maps model inputs or latches to gates of the certificate (certifaiger's MAPPING), which is not supported: a gate need not take every value the model's input or latch can, so such a mapping can hide model states from the checks; map to the certificate's inputs and latches with 'i<N> = <lit>' and 'l<N> = <lit>' symbols")]
    GateMapping {
        /// The comment line, e.g. `MAPPING 1`.
        comment: String,
    },
    /// An intervention (`<` symbol or `INTERVENTION` comment) is unusable.
    #[error("the certificate's intervention '{text}' is not valid: {reason}")]
    Intervention {
        /// The symbol or comment line as written.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The SAT solver answered neither yes nor no.
    #[error("the {condition} check was inconclusive: the SAT solver gave up")]
    Inconclusive {
        /// The condition.
        condition: Condition,
    },
}

/// A pair (model node, witness node) of mapped leaves.
type Pair = (usize, usize);

/// One conjunct of a condition's conclusion, kept to explain a failure.
#[derive(Clone, Copy)]
enum Goal {
    /// W's latch takes its reset value.
    WitnessReset(usize),
    /// W's latch's next value equals the model's.
    WitnessNext(usize),
    /// W's constraint holds.
    WitnessConstraint(usize),
    /// The model's property is 0.
    ModelProperty(usize),
    /// W's property is 0.
    WitnessProperty(usize),
    /// A liveness condition's single conclusion.
    Progress,
    /// A liveness condition's conclusion about signal `i` (fairness constraints first, then
    /// the justice literals).
    Signal(usize),
    /// Consistent's conclusion that some signal at a model signal's position is 0.
    ModelSignal,
}

struct Checker<'a> {
    model: &'a Circuit,
    witness: &'a Circuit,
    /// The certificate as given, for literals in messages.
    witness_model: &'a Model,
    pairs: &'a [Pair],
    /// W's interventions as node literals (source, target): in `N'xy`, `target` takes the
    /// value `source` has in `y`.
    interventions: Vec<(Lit, Lit)>,
}

/// Checks the witness circuit `witness` against `model`: the conditions above, each by one
/// SAT query. `Ok` means `witness` proves that no safety property of `model` can ever be 1
/// and that no fair path of `model` violates any of its justice properties.
pub fn check_certificate(model: &Model, witness: &Model) -> Result<CertReport, CertError> {
    check_with(model, witness, true)
}

/// [`check_certificate`], with sweeping in the Transition query on or off (off only in tests,
/// to check that sweeping never changes an answer).
fn check_with(model: &Model, witness: &Model, sweep: bool) -> Result<CertReport, CertError> {
    let m = Circuit::new(model).map_err(CertError::Model)?;
    let w = Circuit::new(witness).map_err(CertError::Witness)?;
    if let Some(line) = witness
        .comments
        .iter()
        .find(|l| l.trim_start().starts_with("MAPPING"))
    {
        return Err(CertError::GateMapping {
            comment: line.trim().to_owned(),
        });
    }
    let (pairs, mapping) = mapping(&m, witness, &w)?;
    let leaves = w.input_lits.len() + w.latch_lits.len();
    let mut mapped: Vec<usize> = pairs.iter().map(|&(_, wn)| wn).collect();
    mapped.sort_unstable();
    mapped.dedup();
    let interventions = if m.justice.is_empty() {
        Vec::new()
    } else {
        interventions(witness, &w)?
    };
    let checker = Checker {
        model: &m,
        witness: &w,
        witness_model: witness,
        pairs: &pairs,
        interventions,
    };
    let conditions = Condition::ALL
        .into_iter()
        .chain((0..m.justice.len()).flat_map(liveness::conditions));
    let mut checks = Vec::with_capacity(5 + 4 * m.justice.len());
    for condition in conditions {
        let start = Instant::now();
        // Sweeping pays where the model and the certificate meet; the other checks are over
        // one circuit, where structural hashing already finds the sharing there is.
        let mut enc = match condition {
            Condition::Transition if sweep => {
                Encoder::with_sweeping(2 * (m.num_nodes() + w.num_nodes()))
            }
            _ => Encoder::new(),
        };
        // Step asks one query per conjunct (see `prove_each`); the others one in all.
        if condition == Condition::Step {
            let goals = checker.step(&mut enc);
            checker.prove_each(&mut enc, condition, &goals)?;
        } else {
            let goals = match condition {
                Condition::Reset => checker.reset(&mut enc),
                Condition::Transition => checker.transition(&mut enc),
                Condition::Property => checker.property(&mut enc),
                Condition::Base => checker.base(&mut enc),
                live => checker.liveness(&mut enc, live),
            };
            checker.prove(&mut enc, condition, &goals)?;
        }
        let (vars, clauses) = enc.size();
        checks.push(CheckStats {
            condition,
            vars,
            clauses,
            time: start.elapsed(),
        });
    }
    Ok(CertReport {
        mapping,
        mapped: mapped.len(),
        extra: leaves - mapped.len(),
        checks,
    })
}

/// Reads the correspondence of W's inputs and latches to the model's.
fn mapping(
    m: &Circuit,
    witness: &Model,
    w: &Circuit,
) -> Result<(Vec<Pair>, MappingSource), CertError> {
    // One slot per W leaf (node - 1), with the symbol that filled it.
    let nleaves = w.input_lits.len() + w.latch_lits.len();
    let mut slots: Vec<Option<(usize, String)>> = vec![None; nleaves];
    let mut any = false;
    for sym in &witness.symbols {
        let (count, first_node) = match sym.kind {
            SymbolKind::Input => (w.input_lits.len(), 1),
            SymbolKind::Latch => (w.latch_lits.len(), w.first_latch()),
            _ => continue,
        };
        let Some(rest) = sym.name.trim_start().strip_prefix('=') else {
            // An ordinary name, not a mapping.
            continue;
        };
        any = true;
        let text = format!("{}{} {}", sym.kind.letter(), sym.index, sym.name);
        let err = |reason: String| CertError::Mapping {
            symbol: text.clone(),
            reason,
        };
        let (what, one) = if sym.kind == SymbolKind::Input {
            ("inputs", "input")
        } else {
            ("latches", "latch")
        };
        if sym.index >= count {
            return Err(err(format!("the certificate has only {count} {what}")));
        }
        let code: u32 = rest
            .trim()
            .parse()
            .map_err(|_| err("expected '= <literal>' with a decimal model literal".into()))?;
        let lit = Lit::from_code(code);
        let node = m
            .node_lit(lit)
            .filter(|n| !n.is_neg() && m.leaf(n.var().idx()).is_some())
            .ok_or_else(|| {
                err(format!(
                    "model literal {code} is not {}",
                    if lit.is_neg() {
                        "positive: inputs and latches are named by even literals"
                    } else {
                        "an input or a latch of the model"
                    }
                ))
            })?
            .var()
            .idx();
        let slot = &mut slots[first_node + sym.index - 1];
        match slot {
            Some((earlier, first)) if *earlier != node => {
                return Err(err(format!(
                    "the same {one} is already mapped by '{first}' to another model literal"
                )))
            }
            _ => *slot = Some((node, text.clone())),
        }
    }
    if any {
        let pairs = slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|(node, _)| (*node, i + 1)))
            .collect();
        return Ok((pairs, MappingSource::Symbols));
    }
    let ni = m.input_lits.len().min(w.input_lits.len());
    let nl = m.latch_lits.len().min(w.latch_lits.len());
    let pairs = (0..ni)
        .map(|k| (m.input_node(k), w.input_node(k)))
        .chain((0..nl).map(|k| (m.first_latch() + k, w.first_latch() + k)))
        .collect();
    Ok((pairs, MappingSource::Position))
}

/// Reads W's interventions (see [`liveness`]): an `INTERVENTION <n>` comment followed by `n`
/// lines `<source> <target>` (W's literals), else the symbols `i<K> < <lit>` / `l<K> < <lit>`
/// (the input or latch is the source, `<lit>` the target), else the default: each latch is the
/// source of its own next-state literal (constant ones skipped).
fn interventions(witness: &Model, w: &Circuit) -> Result<Vec<(Lit, Lit)>, CertError> {
    let node = |code: u32, text: &str| {
        w.node_lit(Lit::from_code(code))
            .ok_or_else(|| CertError::Intervention {
                text: text.to_owned(),
                reason: format!("literal {code} is not defined in the certificate"),
            })
    };
    let number = |s: Option<&str>, text: &str| -> Result<u32, CertError> {
        s.and_then(|s| s.trim().parse().ok())
            .ok_or_else(|| CertError::Intervention {
                text: text.to_owned(),
                reason: "expected a decimal literal".into(),
            })
    };
    let mut lines = witness.comments.iter();
    while let Some(line) = lines.next() {
        let Some(count) = line.trim_start().strip_prefix("INTERVENTION") else {
            continue;
        };
        let count = number(Some(count), line)? as usize;
        let mut out = Vec::with_capacity(count.min(1 << 20));
        for _ in 0..count {
            let Some(pair) = lines.next() else {
                return Err(CertError::Intervention {
                    text: line.trim().to_owned(),
                    reason: format!("expected {count} lines '<source> <target>' after it"),
                });
            };
            let mut parts = pair.split_whitespace();
            let source = number(parts.next(), pair)?;
            let target = number(parts.next(), pair)?;
            out.push((node(source, pair)?, node(target, pair)?));
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for sym in &witness.symbols {
        let (count, first_node) = match sym.kind {
            SymbolKind::Input => (w.input_lits.len(), 1),
            SymbolKind::Latch => (w.latch_lits.len(), w.first_latch()),
            _ => continue,
        };
        let Some(rest) = sym.name.trim_start().strip_prefix('<') else {
            continue;
        };
        let text = format!("{}{} {}", sym.kind.letter(), sym.index, sym.name);
        if sym.index >= count {
            return Err(CertError::Intervention {
                reason: format!("the certificate has only {count} of those"),
                text,
            });
        }
        let source = pdrkit_logic::Var((first_node + sym.index) as u32).lit();
        out.push((source, node(number(Some(rest), &text)?, &text)?));
    }
    if !out.is_empty() {
        return Ok(out);
    }
    Ok(w.latches
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.next.is_const())
        .map(|(k, l)| {
            (
                pdrkit_logic::Var((w.first_latch() + k) as u32).lit(),
                l.next,
            )
        })
        .collect())
}

/// The constant literal of a fixed reset value.
fn reset_lit(r: Reset) -> Option<Lit> {
    r.value().map(|v| if v { Lit::TRUE } else { Lit::FALSE })
}

impl Checker<'_> {
    /// Binds the witness frame's mapped leaves to the model frame's.
    fn share(&self, enc: &mut Encoder, mf: &mut Frame, wf: &mut Frame) {
        for &(mn, wn) in self.pairs {
            let l = mf.leaf(enc, mn);
            wf.bind(wn, l);
        }
    }

    /// Puts the latches of `c`'s frame `f` at their resets, all of them or (`only`) those
    /// whose node is marked: a constant, or a reset function's value; uninitialized latches
    /// stay free. Functions are evaluated in [`Circuit::init_order`], so a function reading
    /// another latch with a reset function finds it bound, and constants come first, so a
    /// function reading one finds it bound.
    fn at_reset(&self, enc: &mut Encoder, c: &Circuit, f: &mut Frame, only: Option<&[bool]>) {
        let chosen = |node: usize| only.is_none_or(|m| m[node]);
        let first_latch = c.first_latch();
        for (k, l) in c.latches.iter().enumerate() {
            if let Some(r) = reset_lit(l.reset) {
                if chosen(first_latch + k) {
                    f.bind(first_latch + k, r);
                }
            }
        }
        for &n in &c.init_order {
            if let Some(Err(k)) = c.leaf(n) {
                if let Some(func) = c.latches[k].reset.function() {
                    if chosen(n) {
                        let v = f.lit(enc, func);
                        f.bind(n, v);
                    }
                }
            }
        }
    }

    fn constraints_hold(&self, enc: &mut Encoder, c: &Circuit, f: &mut Frame) {
        for &k in &c.constraints {
            let l = f.lit(enc, k);
            enc.assert(l);
        }
    }

    fn no_property(&self, enc: &mut Encoder, c: &Circuit, f: &mut Frame) {
        for &p in &c.properties {
            let l = f.lit(enc, p);
            enc.assert(!l);
        }
    }

    /// Reset: R_M{K} ∧ C_M ⇒ R_W{K} ∧ C_W.
    fn reset(&self, enc: &mut Encoder) -> Vec<(Lit, Goal)> {
        let (m, w) = (self.model, self.witness);
        let mut mf = Frame::new(m, Side::Model);
        let mut wf = Frame::new(w, Side::Witness);
        // The premise R_M{K} by substitution: a mapped model latch with a fixed reset *is* that
        // constant, one with a reset function *is* the function's value (its definition; the
        // functions are stratified, so this defines them all). Unmapped latches stay free.
        let mut mapped = vec![false; m.first_and()];
        for &(mn, _) in self.pairs {
            mapped[mn] = true;
        }
        self.at_reset(enc, m, &mut mf, Some(&mapped));
        self.share(enc, &mut mf, &mut wf);
        self.constraints_hold(enc, m, &mut mf);
        let mut goals = Vec::new();
        for &(_, wn) in self.pairs {
            if let Some(Err(k)) = w.leaf(wn) {
                let want = match w.latches[k].reset {
                    Reset::Function(f) => Some(wf.lit(enc, f)),
                    r => reset_lit(r),
                };
                if let Some(r) = want {
                    let now = wf.leaf(enc, wn);
                    goals.push((enc.equal(now, r), Goal::WitnessReset(k)));
                }
            }
        }
        for (i, &c) in w.constraints.iter().enumerate() {
            goals.push((wf.lit(enc, c), Goal::WitnessConstraint(i)));
        }
        goals
    }

    /// Transition: F_M{K} ∧ C_M0 ∧ C_M1 ∧ C_W0 ⇒ F_W{K} ∧ C_W1.
    fn transition(&self, enc: &mut Encoder) -> Vec<(Lit, Goal)> {
        let (m, w) = (self.model, self.witness);
        let (mut m0, mut m1) = (Frame::new(m, Side::Model), Frame::new(m, Side::Model));
        let (mut w0, mut w1) = (Frame::new(w, Side::Witness), Frame::new(w, Side::Witness));
        self.share(enc, &mut m0, &mut w0);
        // F_M{K} by substitution: a mapped model latch's next copy is its next-state function.
        for &(mn, _) in self.pairs {
            if let Some(Err(k)) = m.leaf(mn) {
                let next = m0.lit(enc, m.latches[k].next);
                m1.bind(mn, next);
            }
        }
        self.share(enc, &mut m1, &mut w1);
        self.constraints_hold(enc, m, &mut m0);
        self.constraints_hold(enc, m, &mut m1);
        self.constraints_hold(enc, w, &mut w0);
        let mut goals = Vec::new();
        for &(_, wn) in self.pairs {
            if let Some(Err(k)) = w.leaf(wn) {
                let next = w0.lit(enc, w.latches[k].next);
                let then = w1.leaf(enc, wn);
                goals.push((enc.equal(next, then), Goal::WitnessNext(k)));
            }
        }
        for (i, &c) in w.constraints.iter().enumerate() {
            goals.push((w1.lit(enc, c), Goal::WitnessConstraint(i)));
        }
        goals
    }

    /// Property: C_M ∧ C_W ∧ P_W ⇒ P_M.
    fn property(&self, enc: &mut Encoder) -> Vec<(Lit, Goal)> {
        let (m, w) = (self.model, self.witness);
        let mut mf = Frame::new(m, Side::Model);
        let mut wf = Frame::new(w, Side::Witness);
        self.share(enc, &mut mf, &mut wf);
        // The model's side first, so that sweeping finds the model's gates when it meets the
        // certificate's.
        let goals = m
            .properties
            .iter()
            .enumerate()
            .map(|(i, &p)| (!mf.lit(enc, p), Goal::ModelProperty(i)))
            .collect();
        self.constraints_hold(enc, m, &mut mf);
        self.constraints_hold(enc, w, &mut wf);
        self.no_property(enc, w, &mut wf);
        goals
    }

    /// Base: R_W ∧ C_W ⇒ P_W.
    fn base(&self, enc: &mut Encoder) -> Vec<(Lit, Goal)> {
        let w = self.witness;
        let mut wf = Frame::new(w, Side::Witness);
        self.at_reset(enc, w, &mut wf, None);
        self.constraints_hold(enc, w, &mut wf);
        w.properties
            .iter()
            .enumerate()
            .map(|(i, &p)| (!wf.lit(enc, p), Goal::WitnessProperty(i)))
            .collect()
    }

    /// Step: P_W0 ∧ F_W ∧ C_W0 ∧ C_W1 ⇒ P_W1. "No property is 1" is split into its conjuncts
    /// (an invariant's clauses, typically), and each conjunct `c` into the literals `d` with
    /// `¬c = ⋀ d` (a clause's negated literals). P_W0 becomes one solver clause per conjunct,
    /// over the `d` of frame 0, not a gate tree; each goal is refuted by assuming its `d` in
    /// frame 1 (see `prove_each`). Both say the same as the gates would: `c = ⋁ ¬d`.
    fn step(&self, enc: &mut Encoder) -> Vec<(Vec<Lit>, Goal)> {
        let w = self.witness;
        let (mut w0, mut w1) = (Frame::new(w, Side::Witness), Frame::new(w, Side::Witness));
        for (k, l) in w.latches.iter().enumerate() {
            let next = w0.lit(enc, l.next);
            w1.bind(w.first_latch() + k, next);
        }
        self.constraints_hold(enc, w, &mut w0);
        self.constraints_hold(enc, w, &mut w1);
        let mut goals = Vec::new();
        let mut clause = Vec::new();
        for (i, &p) in w.properties.iter().enumerate() {
            for c in w.conjuncts(!p, MAX_CONJUNCTS) {
                let negated = w.conjuncts(!c, MAX_CONJUNCTS);
                clause.clear();
                clause.extend(negated.iter().map(|&d| !w0.lit(enc, d)));
                enc.clause(&clause);
                let fails = negated.iter().map(|&d| w1.lit(enc, d)).collect();
                goals.push((fails, Goal::WitnessProperty(i)));
            }
        }
        goals
    }

    /// Refutes "premises ∧ ¬(all goals)"; on a model, explains the first goal that fails.
    fn prove(
        &self,
        enc: &mut Encoder,
        condition: Condition,
        goals: &[(Lit, Goal)],
    ) -> Result<(), CertError> {
        let open: Vec<Lit> = goals
            .iter()
            .map(|&(l, _)| l)
            .filter(|&l| l != Lit::TRUE)
            .collect();
        if open.is_empty() {
            // Every goal folded to true: valid without asking the solver.
            return Ok(());
        }
        let negated: Vec<Lit> = open.iter().map(|&l| !l).collect();
        enc.clause(&negated);
        match enc.solve() {
            SatResult::Unsat => Ok(()),
            SatResult::Unknown => Err(CertError::Inconclusive { condition }),
            SatResult::Sat => {
                let failed = goals.iter().find(|&&(l, _)| !enc.value(l)).map(|&(_, g)| g);
                Err(CertError::Failed {
                    condition,
                    reason: failed.map_or_else(
                        || "the solver found a counterexample".to_owned(),
                        |g| self.explain(condition, g),
                    ),
                })
            }
        }
    }

    /// Refutes "premises ∧ ¬goal" for each goal in turn, on one incremental solver, where
    /// `¬goal` is the conjunction of the goal's literals, assumed; a goal proved becomes a
    /// premise clause of the next queries (it holds in every model of the premises, so this
    /// removes no model). One query per clause of an invariant is what IC3 itself asks; on an
    /// IC3 invariant of 3198 clauses (`zipcpu-busdelay-p36`), the single query for their
    /// disjunction took 25 s, these 3198 queries 16 s (with each clause still a gate tree).
    /// Assumed literals and premise clauses instead of gate trees took Step on the
    /// 12337-clause invariant of `rast-p00` from 143.6 s to 4.0 s (`pdrkit certify`).
    fn prove_each(
        &self,
        enc: &mut Encoder,
        condition: Condition,
        goals: &[(Vec<Lit>, Goal)],
    ) -> Result<(), CertError> {
        let mut assume = Vec::new();
        let mut clause = Vec::new();
        for (fails, goal) in goals {
            // A constant false literal makes the goal hold; constant true ones assume nothing.
            if fails.contains(&Lit::FALSE) {
                continue;
            }
            assume.clear();
            assume.extend(fails.iter().copied().filter(|&l| l != Lit::TRUE));
            match enc.solve_assuming(&assume) {
                SatResult::Unsat => {
                    clause.clear();
                    clause.extend(assume.iter().map(|&l| !l));
                    enc.clause(&clause);
                }
                SatResult::Unknown => return Err(CertError::Inconclusive { condition }),
                SatResult::Sat => {
                    return Err(CertError::Failed {
                        condition,
                        reason: self.explain(condition, *goal),
                    })
                }
            }
        }
        Ok(())
    }

    fn mapped_to(&self, w_node: usize) -> String {
        match self.pairs.iter().find(|&&(_, wn)| wn == w_node) {
            Some(&(mn, _)) => {
                let (kind, lit) = match self.model.leaf(mn) {
                    Some(Ok(k)) => ("input", self.model.input_lits[k]),
                    Some(Err(k)) => ("latch", self.model.latch_lits[k]),
                    None => ("node", Lit::FALSE),
                };
                format!("mapped to the model's {kind} {}", lit.code())
            }
            None => "not mapped".to_owned(),
        }
    }

    fn explain(&self, condition: Condition, goal: Goal) -> String {
        let (m, w) = (self.model, self.witness);
        match goal {
            Goal::WitnessReset(k) => format!(
                "in a reset state of the model, the certificate's latch l{k} (literal {}, {}) can differ from its reset {}",
                w.latch_lits[k].code(),
                self.mapped_to(w.first_latch() + k),
                match self.witness_model.latches.get(k).map(|l| l.reset) {
                    Some(Reset::Function(f)) => format!(
                        "function (literal {}) evaluated in the certificate's reset state",
                        f.code()
                    ),
                    _ => "value".to_owned(),
                }
            ),
            Goal::WitnessNext(k) => format!(
                "the certificate's latch l{k} (literal {}, {}) can take a next value different from the model's",
                w.latch_lits[k].code(),
                self.mapped_to(w.first_latch() + k)
            ),
            Goal::WitnessConstraint(i) => format!(
                "the certificate's constraint c{i} can be 0 {}",
                if condition == Condition::Reset {
                    "in a reset state of the model"
                } else {
                    "after a step of the model from a state where all constraints hold"
                }
            ),
            Goal::ModelProperty(i) => format!(
                "the model's {} can be 1 where all constraints hold and no property of the certificate is 1",
                m.property_name(i)
            ),
            Goal::Progress => match condition {
                Condition::Decrease(j) => format!(
                    "on a step of the certificate, no signal of its justice property j{j} (or of its fairness constraints) is 0 on the reversed edge"
                ),
                _ => "the certificate's signals that cover \"is reached from\" are not closed under its steps".to_owned(),
            },
            Goal::ModelSignal => "on a step of a cycle of the certificate, only signals with no model signal in their place are 0: they prove nothing of the model's cycles".to_owned(),
            Goal::Signal(i) => match condition {
                Condition::Liveness(_) => {
                    let nf = m.fairness.len();
                    let signal = if i < nf {
                        format!("fairness constraint f{i}")
                    } else {
                        format!("justice literal {}", i - nf)
                    };
                    format!("the model's {signal} can be 1 on a step where the certificate's signal in its place is 0")
                }
                _ => format!(
                    "the certificate's signal {i} (fairness constraints first, then the justice literals) is 0 on one step and 1 on the next of a cycle"
                ),
            },
            Goal::WitnessProperty(i) => match condition {
                Condition::Base => format!(
                    "the certificate's {} can be 1 in one of its reset states",
                    w.property_name(i)
                ),
                _ => format!(
                    "the certificate's {} can become 1 one step after a state where no property of the certificate is 1 (it is not inductive)",
                    w.property_name(i)
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdrkit_logic::Lit;

    fn condition(r: Result<CertReport, CertError>) -> Option<Condition> {
        match r {
            Ok(_) => None,
            Err(CertError::Failed { condition, .. }) => Some(condition),
            Err(e) => panic!("unexpected error: {e}"),
        }
    }

    /// Sweeping only makes the Transition query easier: on the shared certificates and on
    /// mutants of them, it must give the same verdict as the plain encoding.
    #[test]
    fn sweeping_never_changes_a_verdict() {
        let shared = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"));
        let Ok(dir) = std::fs::read_dir(shared.join("certificates")) else {
            eprintln!("note: {} is absent, skipping", shared.display());
            return;
        };
        let mut compared = 0;
        for entry in dir.flatten() {
            let path = entry.path();
            let file = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let Some(name) = file.strip_suffix(".cert.aag") else {
                continue;
            };
            let Some(model_path) = std::fs::read_dir(shared.join("benchmarks"))
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path().join(name))
                .find(|p| p.is_file())
            else {
                continue;
            };
            let model = crate::aiger::read_file(&model_path).unwrap();
            let witness = crate::aiger::read_file(&path).unwrap();
            if model.ands.len() + witness.ands.len() > 5000 {
                continue;
            }
            let mut mutants = vec![witness.clone()];
            let n = witness.ands.len();
            for i in (0..8).map(|i| i * n / 8).filter(|&i| i < n) {
                let mut w = witness.clone();
                w.ands[i].rhs1 = !w.ands[i].rhs1;
                mutants.push(w);
            }
            let nl = witness.latches.len();
            for i in (0..4).map(|i| i * nl / 4).filter(|&i| i < nl) {
                let mut w = witness.clone();
                w.latches[i].next = Lit::FALSE;
                mutants.push(w);
            }
            for w in &mutants {
                let plain = condition(check_with(&model, w, false));
                let swept = condition(check_with(&model, w, true));
                assert_eq!(plain, swept, "{name}");
                compared += 1;
            }
        }
        eprintln!("{compared} verdicts compared");
    }
}
