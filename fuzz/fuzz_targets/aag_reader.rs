//! Raw bytes into the reader (ASCII, binary, gzip or garbage).
#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    common::check(data);
});
