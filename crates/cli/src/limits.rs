//! Time, memory and signal limits of a check: whichever comes first answers `unknown` (exit 30)
//! at once, without waiting for the engine.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set once an answer was printed, so that a late limit does not print a second one.
static ANSWERED: AtomicBool = AtomicBool::new(false);

/// Claims the right to print the answer; false if someone already did.
pub fn claim_answer() -> bool {
    !ANSWERED.swap(true, Ordering::SeqCst)
}

fn give_up(reason: &str) -> ! {
    if claim_answer() {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "unknown");
        let _ = out.flush();
        eprintln!("pdrkit: {reason}");
        std::process::exit(30)
    }
    // The answer is being written by the main thread: let it finish and exit with its code.
    loop {
        std::thread::park();
    }
}

/// Resident memory of this process in MiB (Linux), `None` where unknown.
pub fn rss_mib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1 << 20))
}

/// Starts the watchdog: a thread that ends the process with `unknown` at the deadline or when
/// memory goes above `memory_mib`, and handlers for SIGINT/SIGTERM that do the same.
pub fn install(deadline: Option<Instant>, memory_mib: Option<u64>) {
    let _ = ctrlc::set_handler(|| give_up("interrupted"));
    if deadline.is_none() && memory_mib.is_none() {
        return;
    }
    std::thread::spawn(move || loop {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            give_up("time limit reached");
        }
        if let (Some(limit), Some(rss)) = (memory_mib, rss_mib()) {
            if rss > limit {
                give_up(&format!("memory limit reached ({rss} MiB > {limit} MiB)"));
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    });
}
