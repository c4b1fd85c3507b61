//! Time, memory and signal limits of a check: whichever comes first answers `unknown` (exit 30).
//! Time and memory limits answer at once, without waiting for the engine. A signal (SIGINT,
//! SIGTERM) first asks the engine to stop, so that the run ends the normal way with its
//! statistics; if it has not within a grace period, the answer is printed with the counters
//! the engines last reported.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pdrkit_engine::{Control, Stat};

/// Set once an answer was printed, so that a late limit does not print a second one.
static ANSWERED: AtomicBool = AtomicBool::new(false);

/// Set when a signal arrived: the statistics are printed whatever the options.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The running check: its control (to stop the engines and read their progress), the
/// statistics known before the engines started, and where the user asked for statistics.
static RUNNING: Mutex<Option<Running>> = Mutex::new(None);

type Running = (Control, Vec<Stat>, StatsOutput);

/// Where statistics go at the end of a run (`--stats`, `--stats-json`), whatever ends it.
#[derive(Clone, Debug, Default)]
pub struct StatsOutput {
    /// Print them on stderr.
    pub print: bool,
    /// Write them as one JSON object to this file.
    pub json: Option<std::path::PathBuf>,
}

/// How long a signalled engine gets to stop and report before the answer is forced.
const GRACE: Duration = Duration::from_millis(400);

/// Whether a signal arrived.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Registers the running check's control, the statistics to report before its progress if a
/// limit or a signal forces the answer, and where they go; replaces the check registered
/// before (`--each-property` runs one check per property).
pub fn attach(ctl: &Control, base: Vec<Stat>, out: StatsOutput) {
    if let Ok(mut r) = RUNNING.lock() {
        *r = Some((ctl.clone(), base, out));
    }
}

/// The running check, if one is attached.
fn running() -> Option<Running> {
    RUNNING.lock().ok()?.clone()
}

/// The statistics of a forced answer: those known before the engines started, then the
/// counters the engines last reported.
fn last_reported() -> Option<Vec<Stat>> {
    let running = running()?;
    let (ctl, base, _) = &running;
    let mut stats = base.clone();
    stats.extend(ctl.progress().snapshot());
    stats.push(("result".into(), "unknown".into()));
    Some(stats)
}

fn on_signal() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    let Some((ctl, _, _)) = running() else {
        give_up("interrupted")
    };
    ctl.stop();
    let until = Instant::now() + GRACE;
    while Instant::now() < until {
        if ANSWERED.load(Ordering::SeqCst) {
            // The main thread is printing the answer; it exits when done.
            loop {
                std::thread::park();
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    give_up("interrupted (statistics as last reported)")
}

/// Claims the right to print the answer; false if someone already did.
pub fn claim_answer() -> bool {
    !ANSWERED.swap(true, Ordering::SeqCst)
}

/// Answers `unknown` for `reason` and exits 30, with the statistics as last reported where
/// the user asked for them (on a signal, on stderr always).
fn give_up(reason: &str) -> ! {
    if claim_answer() {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "unknown");
        let _ = out.flush();
        eprintln!("pdrkit: {reason}");
        if let (Some(stats), Some((_, _, to))) = (last_reported(), running()) {
            if let Err(e) = write_stats(to.print, to.json.as_deref(), &stats) {
                eprintln!("pdrkit: {e:#}");
            }
        }
        std::process::exit(30)
    }
    // The answer is being written by the main thread: let it finish and exit with its code.
    loop {
        std::thread::park();
    }
}

/// Resident memory of this process in MiB (Linux), `None` where unknown.
pub fn rss_mib() -> Option<u64> {
    status_mib("VmRSS:")
}

/// A size from `/proc/self/status` in MiB. It is given in kB there, which (unlike `statm`'s
/// pages) does not depend on the page size.
fn status_mib(key: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// The soft address-space limit (`ulimit -v`, RLIMIT_AS) in MiB, `None` when unlimited.
fn address_space_limit_mib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = s.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    Some(soft.parse::<u64>().ok()? >> 20)
}

/// Starts the watchdog: a thread that ends the process with `unknown` at the deadline or when
/// memory goes above `memory_mib`, and handlers for SIGINT/SIGTERM (see the module notes).
///
/// Under an address-space limit (`ulimit -v`), an allocation past it fails: Rust aborts and
/// MiniSat reports out of memory. So the watchdog also answers `unknown` when the address space
/// in use comes within a tenth of that limit, before the failure.
pub fn install(deadline: Option<Instant>, memory_mib: Option<u64>) {
    let _ = ctrlc::set_handler(on_signal);
    let address_space = address_space_limit_mib().map(|l| l - l / 10);
    if deadline.is_none() && memory_mib.is_none() && address_space.is_none() {
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
        if let (Some(limit), Some(vm)) = (address_space, status_mib("VmSize:")) {
            if vm > limit {
                give_up(&format!(
                    "address-space limit nearly reached ({vm} MiB in use)"
                ));
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    });
}

/// Writes the statistics of a run where asked: on stderr with `print` (and always after a
/// signal), as JSON to `json`.
pub fn write_stats(
    print: bool,
    json: Option<&std::path::Path>,
    stats: &[Stat],
) -> anyhow::Result<()> {
    if print || interrupted() {
        for (k, v) in stats {
            eprintln!("{k:>18}: {v}");
        }
    }
    if let Some(p) = json {
        crate::output::write_stats_json(p, stats)?;
    }
    Ok(())
}

/// Starts a thread that prints the run's progress on stderr once a second (`-v`), from the
/// second second on: the time, and the frames, lemmas, obligations and depths the engines
/// last reported.
pub fn show_progress(start: Instant) {
    const SHOWN: [&str; 6] = [
        "frames",
        "lemmas_held",
        "lemmas",
        "obligations",
        "k",
        "depth",
    ];
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(1));
        if ANSWERED.load(Ordering::SeqCst) {
            return;
        }
        let Some((ctl, _, _)) = running() else {
            continue;
        };
        let items: Vec<String> = ctl
            .progress()
            .snapshot()
            .into_iter()
            .filter(|(k, _)| {
                let field = k.rsplit('.').next().unwrap_or(k);
                SHOWN.contains(&field)
            })
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        eprintln!(
            "pdrkit: {}s: {}",
            start.elapsed().as_secs(),
            if items.is_empty() {
                "(nothing reported yet)".into()
            } else {
                items.join(", ")
            }
        );
    });
}
