//! pdrkit's SAT solver against MiniSat: the fuzzer's bytes drive the differential harness of
//! `crates/sat/tests/harness` (circuits defined gate by gate, permanent and temporary clauses,
//! assumptions, budgets, `flip_to_none`), which panics on any disagreement.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/sat/tests/harness/mod.rs"]
mod harness;

fuzz_target!(|data: &[u8]| {
    let mut source = harness::Bytes::new(data);
    harness::scenario(&mut source, 200);
});
