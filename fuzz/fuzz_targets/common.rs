//! Shared by the targets: parse, and on success check that both writers read back.

use pdrkit_ts::aiger::{parse, write_aag, write_aig};

/// Parses `data`; when it is accepted, the ASCII writer must give back the same model and the
/// binary writer a model of the same shape.
pub fn check(data: &[u8]) {
    let Ok(aig) = parse(data) else {
        return;
    };
    let aag = write_aag(&aig);
    let back = parse(&aag).expect("write_aag output must parse");
    assert_eq!(back, aig, "write_aag -> parse must be the identity");
    let bin = write_aig(&aig);
    let b = parse(&bin).expect("write_aig output must parse");
    assert_eq!(b.inputs.len(), aig.inputs.len());
    assert_eq!(b.latches.len(), aig.latches.len());
    assert_eq!(b.outputs.len(), aig.outputs.len());
    assert_eq!(b.bads.len(), aig.bads.len());
    assert_eq!(b.constraints.len(), aig.constraints.len());
    let sizes = |a: &pdrkit_ts::Aig| a.justice.iter().map(Vec::len).collect::<Vec<_>>();
    assert_eq!(sizes(&b), sizes(&aig));
    assert_eq!(b.fairness.len(), aig.fairness.len());
    assert_eq!(b.ands.len(), aig.ands.len());
    assert_eq!(b.symbols, aig.symbols);
    assert_eq!(b.comments, aig.comments);
}

/// `prefix` followed by `data`, so that the fuzzer spends its time past the format check.
#[allow(dead_code)] // Used by the prefixed targets only.
pub fn prefixed(prefix: &[u8], data: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(prefix.len() + data.len());
    v.extend_from_slice(prefix);
    v.extend_from_slice(data);
    v
}
