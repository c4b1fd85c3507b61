//! The reader's memory is linear in its input's size, whatever the header claims: measured with
//! a counting allocator (per thread, so tests may run in parallel).

// A global allocator needs `unsafe impl`; it only forwards to the system allocator.
#![allow(unsafe_code)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use pdrkit_ts::aiger::{parse, write_aag, write_aig};
use pdrkit_ts::certificate::witness_circuit;
use pdrkit_ts::kinduction::kinduction_circuit;
use pdrkit_ts::TransitionSystem;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

struct Counting;

fn grow(n: usize) {
    let _ = LIVE.try_with(|l| {
        let v = l.get() + n;
        l.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

fn shrink(n: usize) {
    let _ = LIVE.try_with(|l| l.set(l.get().saturating_sub(n)));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grow(new_size);
        shrink(layout.size());
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Peak bytes allocated by this thread while running `f`, above what was live before.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let r = f();
    (r, PEAK.with(Cell::get) - base)
}

/// The bound every parse must keep: a fixed allowance (the free implicit inputs of a binary
/// file, 4 bytes each) plus a constant per input byte.
fn bound(len: usize) -> usize {
    (8 << 20) + 64 * len
}

#[track_caller]
fn check(input: &[u8]) {
    let (r, peak) = peak_of(|| parse(input).map(|a| a.ands.len()));
    assert!(
        peak <= bound(input.len()),
        "parsing {:?} ({} bytes, {r:?}) peaked at {peak} bytes",
        String::from_utf8_lossy(&input[..input.len().min(60)]),
        input.len()
    );
}

#[test]
fn huge_counts_allocate_nothing_big() {
    for input in [
        &b"aag 4000000000 4000000000 0 0 0\n"[..],
        b"aag 1000000000 1000000000 0 0 0\n",
        b"aag 1000000000 0 1000000000 0 0\n",
        b"aag 1000000000 0 0 1000000000 0\n",
        b"aag 1000000000 0 0 0 1000000000\n",
        b"aag 1000000000 0 0 0 0 1000000000 1000000000 1000000000 1000000000\n",
        b"aag 1 0 0 0 0 0 0 1\n4000000000\n",
        b"aig 1000000000 1000000000 0 0 0\n",
        b"aig 1000000000 0 1000000000 0 0\n",
        b"aig 1000000000 0 0 0 1000000000\n",
        b"aig 1000000000 0 0 1000000000 1000000000\n",
        b"aig 1048576 1048576 0 0 0\n",
        // The 25-byte files of issue 44, ASCII and binary.
        b"aag 1000000000 1 0 0 0 1\n",
        b"aig 1000000000 1 0 0 0 1\n",
        // Sparse high literals under a huge M: valid.
        b"aag 1000000000 1 0 1 0\n2000000000\n2000000001\n",
        b"aag 1073741822 0 1 1 1\n2147483644 2147483645\n2147483642\n2147483642 2147483644 1\n",
    ] {
        check(input);
    }
}

#[test]
fn writers_of_a_sparse_model_stay_small() {
    let a = parse(b"aag 1000000000 1 0 1 0\n2000000000\n2000000001\n").unwrap();
    let (bin, peak) = peak_of(|| write_aig(&a));
    assert!(peak < 1 << 20, "write_aig peaked at {peak} bytes");
    let (aag, peak) = peak_of(|| write_aag(&a));
    assert!(peak < 1 << 20, "write_aag peaked at {peak} bytes");
    assert_eq!(parse(&aag).unwrap(), a);
    assert_eq!(parse(&bin).unwrap().inputs.len(), 1);
}

/// A file that declares a huge `M` and defines a few variables (valid AIGER) becomes a small
/// transition system: the tables over the model's variables follow what the file defines, not
/// `M` (they took gigabytes, and seconds, before).
#[test]
fn a_sparse_model_becomes_a_small_system() {
    // Input 2, a toggling latch, gate = input AND latch, bad = the gate; all near 2^31.
    let text = b"aag 1000000000 1 1 0 1 1\n2\n1999999998 1999999999\n2000000000\n2000000000 2 1999999998\n";
    let a = parse(text).unwrap();
    let (r, peak) = peak_of(|| a.validate());
    assert_eq!(r, Ok(()));
    assert!(peak < 1 << 20, "validate peaked at {peak} bytes");
    let (ts, peak) = peak_of(|| TransitionSystem::from_aig(&a, None).unwrap());
    assert!(peak < 1 << 20, "from_aig peaked at {peak} bytes");
    assert_eq!((ts.num_inputs(), ts.num_latches()), (1, 1));
    let (ts, peak) = peak_of(|| TransitionSystem::from_aig_with_first(&a, Some(0)).unwrap());
    assert!(peak < 1 << 20, "from_aig_with_first peaked at {peak} bytes");
    assert_eq!(ts.num_latches(), 2);
    let (w, peak) = peak_of(|| kinduction_circuit(&a, 3, &[]));
    assert!(peak < 1 << 20, "kinduction_circuit peaked at {peak} bytes");
    assert_eq!(w.validate(), Ok(()));
    let (w, peak) = peak_of(|| witness_circuit(&a, &[]));
    assert!(peak < 1 << 20, "witness_circuit peaked at {peak} bytes");
    assert_eq!(w.validate(), Ok(()));
}

#[test]
fn benchmarks_parse_in_linear_memory() {
    for path in common::benchmark_files() {
        let bytes = std::fs::read(&path).unwrap();
        let (r, peak) = peak_of(|| parse(&bytes));
        assert!(r.is_ok(), "{}", path.display());
        assert!(
            peak <= 64 * bytes.len() + (1 << 16),
            "{}: {} bytes peaked at {peak}",
            path.display(),
            bytes.len()
        );
    }
}
