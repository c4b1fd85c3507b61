//! Reset functions (AIGER 1.9.23): validation of models built in code, the systems' refusal of
//! unlowered models, and the lowering's shape and meaning (its start states, restricted to the
//! original latches, are exactly the original's).

use pdrkit_logic::Lit;
use pdrkit_ts::aiger::parse;
use pdrkit_ts::reset::{CONSTRAINT_NAME, FIRST_NAME};
use pdrkit_ts::{Aig, AigError, Reset, Site, SymbolKind, SystemError, TransitionSystem};

fn lit(code: u32) -> Lit {
    Lit::from_code(code)
}

/// Input 2; latch 4 reset to ¬input, latch 6 reset to gate 10 = 2 ∧ 4 (a chain through latch
/// 4), latch 8 uninitialized; bad = 6.
const CHAIN: &[u8] = b"aag 5 1 3 0 1 1\n2\n4 4 3\n6 6 10\n8 8 8\n6\n10 2 4\n";

#[test]
fn reset_functions_are_validated() {
    let mut a = parse(CHAIN).unwrap();
    assert_eq!(a.validate(), Ok(()));
    a.latches[0].reset = Reset::Function(lit(12));
    assert_eq!(
        a.validate(),
        Err(AigError::OutOfRange {
            site: Site::Latch(0),
            lit: 12,
            max_var: 5
        })
    );
    a.max_var = 6;
    assert_eq!(
        a.validate(),
        Err(AigError::Undefined {
            site: Site::Latch(0),
            lit: 12
        })
    );
    // Latch 4 reset to gate 10, which reads latch 4: a cycle of one.
    a.max_var = 5;
    a.latches[0].reset = Reset::Function(lit(11));
    let e = a.validate().unwrap_err();
    assert_eq!(
        e,
        AigError::ResetCycle {
            latches: vec![(0, 4)]
        }
    );
    assert!(e.to_string().contains("depends on its own value"), "{e}");
    // Through another latch: 4 <- 6 <- gate 10 <- 4.
    a.latches[0].reset = Reset::Function(lit(7));
    assert_eq!(
        a.validate(),
        Err(AigError::ResetCycle {
            latches: vec![(0, 4), (1, 6)]
        })
    );
    // The latch's own positive literal means uninitialized: no cycle.
    a.latches[0].reset = Reset::Function(lit(4));
    assert_eq!(a.validate(), Ok(()));
    // Every system refuses the cycle as a malformed circuit, and an unlowered model by name.
    a.latches[0].reset = Reset::Function(lit(5));
    assert!(matches!(
        TransitionSystem::from_aig(&a, None),
        Err(SystemError::Malformed(AigError::ResetCycle { .. }))
    ));
    assert!(matches!(
        a.lower_reset_functions(),
        Err(AigError::ResetCycle { .. })
    ));
    let a = parse(CHAIN).unwrap();
    assert!(matches!(
        TransitionSystem::from_aig(&a, None),
        Err(SystemError::ResetFunction { latch: 0 })
    ));
}

#[test]
fn lowering_keeps_the_order_and_appends_first_and_one_constraint() {
    let a = parse(CHAIN).unwrap();
    let low = a
        .lower_reset_functions()
        .unwrap()
        .expect("there are functions");
    let l = &low.aig;
    assert_eq!(l.inputs, a.inputs);
    assert_eq!((low.first, low.constraint), (3, 0));
    assert_eq!(low.functions, vec![(0, lit(3)), (1, lit(10))]);
    assert_eq!(l.latches.len(), 4);
    for (k, (x, y)) in l.latches.iter().zip(&a.latches).enumerate() {
        assert_eq!((x.lit, x.next), (y.lit, y.next), "latch {k}");
        assert_eq!(x.reset, Reset::Uninit, "latch {k}");
    }
    let first = l.latches[3];
    assert_eq!((first.next, first.reset), (Lit::FALSE, Reset::One));
    assert_eq!(first.lit.var().0, a.max_var + 1);
    assert_eq!(l.constraints.len(), 1);
    assert_eq!(&l.ands[..1], &a.ands[..]);
    let named = |kind, index| {
        l.symbols
            .iter()
            .find(|s| s.kind == kind && s.index == index)
            .map(|s| s.name.as_str())
    };
    assert_eq!(named(SymbolKind::Latch, 3), Some(FIRST_NAME));
    assert_eq!(named(SymbolKind::Constraint, 0), Some(CONSTRAINT_NAME));
    assert_eq!(l.validate(), Ok(()));
    assert!(TransitionSystem::from_aig(l, None).is_ok());
    // Nothing to lower: no model.
    let plain = parse(b"aag 1 0 1 0 0 1\n2 3 2\n2\n").unwrap();
    assert_eq!(plain.lower_reset_functions(), Ok(None));
}

/// Constant functions and the latch's own literal need no constraint.
#[test]
fn trivial_functions_become_plain_resets() {
    let mut a = parse(b"aag 3 1 2 0 0 1\n2\n4 2\n6 2\n4\n").unwrap();
    a.latches[0].reset = Reset::Function(Lit::TRUE);
    a.latches[1].reset = Reset::Function(lit(6));
    let low = a.lower_reset_functions().unwrap().unwrap();
    assert_eq!(low.aig.latches[0].reset, Reset::One);
    assert_eq!(low.aig.latches[1].reset, Reset::Uninit);
    assert!(low.functions.is_empty());
    assert_eq!(low.aig.constraints, vec![Lit::TRUE]);
}

/// Every value of the inputs, latches of `aig` in step 0: (inputs, start state) pairs that
/// satisfy the start condition and the constraints, the start state restricted to the first
/// `latches` latches. Uninitialized latches and reset functions take every value, which are
/// then kept only when each latch equals its function.
fn starts(aig: &Aig, latches: usize) -> std::collections::BTreeSet<(Vec<bool>, Vec<bool>)> {
    let (ni, nl) = (aig.inputs.len(), aig.latches.len());
    let mut out = std::collections::BTreeSet::new();
    for bits in 0u32..1 << (ni + nl) {
        let mut val = std::collections::HashMap::new();
        val.insert(0u32, false);
        for (k, i) in aig.inputs.iter().enumerate() {
            val.insert(i.var().0, bits >> k & 1 == 1);
        }
        for (k, l) in aig.latches.iter().enumerate() {
            val.insert(l.lit.var().0, bits >> (ni + k) & 1 == 1);
        }
        for g in &aig.ands {
            let get = |l: Lit| val[&l.var().0] ^ l.is_neg();
            let v = get(g.rhs0) && get(g.rhs1);
            val.insert(g.lhs.var().0, v);
        }
        let get = |l: Lit| val[&l.var().0] ^ l.is_neg();
        let initial = aig.latches.iter().all(|l| match l.reset {
            Reset::Zero => !get(l.lit),
            Reset::One => get(l.lit),
            Reset::Uninit => true,
            Reset::Function(f) => get(l.lit) == get(f),
        });
        if initial && aig.constraints.iter().all(|&c| get(c)) {
            let inputs = aig.inputs.iter().map(|&i| get(i)).collect();
            let state = aig.latches[..latches].iter().map(|l| get(l.lit)).collect();
            out.insert((inputs, state));
        }
    }
    out
}

#[test]
fn lowered_start_states_are_the_original_ones() {
    for text in [
        CHAIN,
        // Reset to another latch with a constant reset, to a negated input, to an
        // uninitialized latch; a constraint of the model's own.
        b"aag 7 2 5 0 0 1 1\n2\n4\n6 7 8\n8 9 1\n10 11 3\n12 13 14\n14 15 14\n6\n5\n".as_slice(),
    ] {
        let a = parse(text).unwrap();
        let low = a.lower_reset_functions().unwrap().unwrap();
        let original = starts(&a, a.latches.len());
        assert!(!original.is_empty());
        assert_eq!(starts(&low.aig, a.latches.len()), original);
    }
}

#[test]
fn witnesses_lose_the_first_latch_column() {
    let low = parse(CHAIN)
        .unwrap()
        .lower_reset_functions()
        .unwrap()
        .unwrap();
    assert_eq!(
        low.witness("1\nb0\n0101\n1\n0\n.\n"),
        "1\nb0\n010\n1\n0\n.\n"
    );
}

#[test]
fn certificates_get_the_functions_back_and_the_constraint_moves_into_bad() {
    let a = parse(CHAIN).unwrap();
    let low = a.lower_reset_functions().unwrap().unwrap();
    let w = pdrkit_ts::certificate::witness_circuit(&low.aig, &[vec![!lit(6)]]);
    let c = low.certificate(&w);
    assert_eq!(c.latches.len(), 4);
    assert_eq!(c.latches[0].reset, Reset::Function(lit(3)));
    assert_eq!(c.latches[1].reset, Reset::Function(lit(10)));
    assert_eq!(c.latches[3], low.aig.latches[3]);
    assert!(c.constraints.is_empty());
    assert_eq!(c.bads.len(), 1);
    assert_ne!(c.bads, w.bads);
    // The first-step latch is the certificate's own: no symbol maps it.
    assert!(c
        .symbols
        .iter()
        .all(|s| !(s.kind == SymbolKind::Latch && s.index == 3)));
    assert_eq!(c.validate(), Ok(()));
    // Not built from the lowered model: a certificate nothing accepts.
    let other = pdrkit_ts::certificate::witness_circuit(&a, &[]);
    assert_eq!(low.certificate(&other).bads, vec![Lit::TRUE]);
}
