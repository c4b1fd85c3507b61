//! Bytes after a forced binary header prefix "aig ".
#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    common::check(&common::prefixed(b"aig ", data));
});
