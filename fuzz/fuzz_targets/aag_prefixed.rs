//! Bytes after a forced ASCII header prefix "aag ".
#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    common::check(&common::prefixed(b"aag ", data));
});
