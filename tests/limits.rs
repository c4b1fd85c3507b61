//! End-to-end limits of the `pdrkit` binary: a counterexample thousands of steps deep found,
//! written and replayed; `--timeout` honoured by every engine; `--memory` answering `unknown`
//! instead of being killed; SIGINT and SIGTERM answering `unknown` at once; a large binary
//! AIGER file read in time and memory proportional to its size.
//!
//! The tests run one at a time (they measure wall-clock time and memory, and the machine may be
//! small), each holding [`serial`]. Run them with
//! `cargo test --release -p pdrkit-suite --test limits`; the 100 MB soak item with
//! `cargo test --release -p pdrkit-suite --test limits -- --ignored large_aiger_100mb`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use pdrkit_logic::Lit;
use pdrkit_suite::{
    describe, first_line, pdrkit, pdrkit_binary, release_profile, shared_benchmarks, stderr, stdout,
};
use pdrkit_ts::{aiger, Aig, Latch, Reset};

/// A hard problem on which no engine answers within seconds: ABC's `pdr` and rIC3 time out on
/// it (the manifest), and so did pdrkit's IC3 at 60 s and its portfolio (IC3 and k-induction)
/// at 20 s on 2026-12-05. (It was `zipcpu-zipmmu-p31` until IC3 came to prove that in 1.6 s.)
const HARD: &str = "hwmcc20/vis_arrays_bufferAlloc.aig";

/// The engines of `--engine`.
const ENGINES: [&str; 5] = ["ic3", "bmc", "kind", "kipdr", "portfolio"];

/// Runs the tests of this file one at a time; a failed test does not poison the others.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    let guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // Build the binary before any timing starts.
    pdrkit_binary();
    guard
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("pdrkit-limits")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The hard shared benchmark, `None` (after a note) when the shared suite is absent.
fn hard_file() -> Option<PathBuf> {
    let p = shared_benchmarks()?.join(HARD);
    if p.is_file() {
        Some(p)
    } else {
        println!("note: {} is absent; skipping", p.display());
        None
    }
}

/// Asserts the run answered `unknown` with exit code 30 (and was not killed by a signal).
fn assert_unknown(what: &str, o: &Output) {
    assert_eq!(o.status.code(), Some(30), "{}", describe(what, o));
    assert_eq!(first_line(o), "unknown", "{}", describe(what, o));
    assert!(
        !stderr(o).contains("panicked") && !stderr(o).contains("internal error"),
        "{}",
        describe(what, o)
    );
}

/// Runs `pdrkit` and measures the wall-clock time of the run.
fn timed<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> (Output, Duration) {
    let start = Instant::now();
    let o = pdrkit(args);
    (o, start.elapsed())
}

/// Waits for `child` to end, at most `limit`; kills it (and fails) when it does not.
fn wait_at_most(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("cannot wait for pdrkit") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running {limit:?} after the signal");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

// ---------------------------------------------------------------------------------------------
// A deep counterexample.

/// `a ⊕ b` out of three AND gates.
fn xor(aig: &mut Aig, a: Lit, b: Lit) -> Lit {
    let x = aig.add_and(a, !b);
    let y = aig.add_and(!a, b);
    !aig.add_and(!x, !y)
}

/// A 12-bit counter that starts at 0 and increments at every step, with `1 + noise` inputs: the
/// bad state is `count == target ∧ fire` (`fire` the first input), and the `noise` inputs are
/// read by nothing. The shortest counterexample is `target` steps long: `target + 1` input
/// vectors, `fire` 1 in the last.
fn counter_model(target: u32, noise: usize) -> Aig {
    const BITS: usize = 12;
    assert!(target < 1 << BITS);
    let mut aig = Aig::default();
    aig.inputs = (0..1 + noise).map(|_| aig.new_var().lit()).collect();
    let fire = aig.inputs[0];
    let bits: Vec<Lit> = (0..BITS).map(|_| aig.new_var().lit()).collect();
    // Ripple-carry increment: bit 0 toggles, bit k toggles when bits 0..k are all 1.
    let mut next = vec![!bits[0]];
    let mut carry = bits[0];
    for &b in &bits[1..] {
        next.push(xor(&mut aig, b, carry));
        carry = aig.add_and(b, carry);
    }
    aig.latches = bits
        .iter()
        .zip(&next)
        .map(|(&lit, &next)| Latch {
            lit,
            next,
            reset: Reset::Zero,
        })
        .collect();
    let mut eq = fire;
    for (k, &b) in bits.iter().enumerate() {
        eq = aig.add_and(eq, b.xor(target >> k & 1 == 0));
    }
    aig.bads = vec![eq];
    aig
}

/// Checks a witness of [`counter_model`]`(target)`: its shape line by line, `fire` only in the
/// last step, `pdrkit replay`'s verdict and the library's replay.
fn check_counter_witness(aig: &Aig, model: &Path, wit: &Path, target: u32, what: &str) {
    let text = std::fs::read_to_string(wit)
        .unwrap_or_else(|e| panic!("{what}: cannot read the witness {}: {e}", wit.display()));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 4, "{what}: witness too short: {text:?}");
    assert_eq!(lines[0], "1", "{what}: status line");
    assert_eq!(lines[1], "b0", "{what}: property line");
    assert_eq!(lines[2], "0".repeat(12), "{what}: initial state");
    let end = lines
        .iter()
        .position(|&l| l == ".")
        .unwrap_or_else(|| panic!("{what}: the witness has no terminating '.'"));
    let inputs = &lines[3..end];
    assert_eq!(
        inputs.len(),
        target as usize + 1,
        "{what}: number of input lines"
    );
    for (k, l) in inputs.iter().enumerate() {
        assert_eq!(l.len(), aig.inputs.len(), "{what}: input line {k}: {l:?}");
    }
    assert!(
        inputs[target as usize].starts_with('1'),
        "{what}: fire is not 1 in the last step"
    );
    assert!(
        lines[end + 1..].iter().all(|l| l.trim().is_empty()),
        "{what}: text after the '.'"
    );

    let o = pdrkit([Path::new("replay"), model, wit]);
    assert_eq!(o.status.code(), Some(0), "{}", describe("replay", &o));

    let w = pdrkit_check::read_witness(wit).unwrap();
    let r = pdrkit_check::replay(&pdrkit_suite::checker_model(aig), &w).unwrap();
    assert_eq!(r.steps, target as usize + 1, "{what}");
    assert_eq!(r.first_bad_step, target as usize, "{what}");
    assert!(r.bad_at_last_step, "{what}");
}

/// The counter's bad state first appears after this many steps.
const DEEP: u32 = 3000;

/// BMC finds the 3000-step counterexample, writes it (3001 input lines), and it replays.
#[test]
fn deep_counterexample_bmc() {
    let _serial = serial();
    let dir = scratch("deep-bmc");
    let aig = counter_model(DEEP, 1);
    let model = dir.join("counter.aag");
    std::fs::write(&model, aiger::write_aag(&aig)).unwrap();
    let wit = dir.join("bmc.wit");
    let (o, took) = timed(&[
        "check".as_ref(),
        model.as_os_str(),
        "--engine".as_ref(),
        "bmc".as_ref(),
        "--witness".as_ref(),
        wit.as_os_str(),
    ]);
    println!("bmc, depth {DEEP}: {took:?}");
    assert_eq!(first_line(&o), "sat", "{}", describe("bmc", &o));
    assert_eq!(o.status.code(), Some(10), "{}", describe("bmc", &o));
    check_counter_witness(&aig, &model, &wit, DEEP, "bmc");
    if release_profile() {
        assert!(took < Duration::from_secs(20), "bmc took {took:?}");
    }
}

/// The default engine (the portfolio, with its own 120 s limit) finds a counterexample of the
/// same length, written and replayed the same way.
#[test]
fn deep_counterexample_default_engine() {
    let _serial = serial();
    let dir = scratch("deep-default");
    let aig = counter_model(DEEP, 1);
    let model = dir.join("counter.aag");
    std::fs::write(&model, aiger::write_aag(&aig)).unwrap();
    let wit = dir.join("default.wit");
    let (o, took) = timed(&[
        "check".as_ref(),
        model.as_os_str(),
        "--timeout".as_ref(),
        "120".as_ref(),
        "--witness".as_ref(),
        wit.as_os_str(),
    ]);
    println!("default engine, depth {DEEP}: {took:?}");
    assert_eq!(first_line(&o), "sat", "{}", describe("default engine", &o));
    assert_eq!(
        o.status.code(),
        Some(10),
        "{}",
        describe("default engine", &o)
    );
    check_counter_witness(&aig, &model, &wit, DEEP, "default engine");
}

/// An answer found before the time limit is kept when the limit passes while it is being
/// written: `--witness -` into a pipe nobody reads for 3 s (the 600 kB witness fills it), with
/// `--timeout 2`, must still give `sat`, the whole witness and exit 10.
#[test]
fn deadline_while_writing_keeps_the_answer() {
    let _serial = serial();
    let dir = scratch("deadline-writing");
    let aig = counter_model(DEEP, 199);
    let model = dir.join("wide-counter.aag");
    std::fs::write(&model, aiger::write_aag(&aig)).unwrap();
    let child = Command::new(pdrkit_binary())
        .arg("check")
        .arg(&model)
        .args(["--engine", "bmc", "--timeout", "2", "--witness", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start pdrkit");
    std::thread::sleep(Duration::from_secs(3));
    let o = child.wait_with_output().unwrap();
    let what = "bmc --timeout 2 --witness - into a slow pipe";
    assert_eq!(first_line(&o), "sat", "{}", describe(what, &o));
    assert_eq!(o.status.code(), Some(10), "{}", describe(what, &o));
    let wit = dir.join("stdout.wit");
    let text = stdout(&o);
    std::fs::write(&wit, text.split_once('\n').unwrap().1).unwrap();
    check_counter_witness(&aig, &model, &wit, DEEP, what);
}

// ---------------------------------------------------------------------------------------------
// Time, memory and signals.

/// `--timeout 2` on a hard problem: `unknown`, exit 30, after 2 s and before 2.5 s, for every
/// engine.
#[test]
fn timeout_is_honoured_by_every_engine() {
    let _serial = serial();
    let Some(hard) = hard_file() else { return };
    let dir = std::env::temp_dir().join(format!("pdrkit-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for engine in ENGINES {
        let json = dir.join(format!("{engine}.json"));
        let (o, took) = timed(&[
            "check".as_ref(),
            hard.as_os_str(),
            "--engine".as_ref(),
            engine.as_ref(),
            "--timeout".as_ref(),
            "2".as_ref(),
            "--stats".as_ref(),
            "--stats-json".as_ref(),
            json.as_os_str(),
        ]);
        let what = format!("--engine {engine} --timeout 2 --stats --stats-json");
        println!("{what}: {took:?}");
        assert_unknown(&what, &o);
        // Statistics on every outcome: on stderr and as JSON, whichever thread answered.
        let text = std::fs::read_to_string(&json)
            .unwrap_or_else(|e| panic!("{what}: no JSON written ({e}); stderr: {}", stderr(&o)));
        assert!(
            text.trim_start().starts_with('{') && text.contains("\"result\": \"unknown\""),
            "{what}: {text}"
        );
        assert!(text.contains("\"latches\": "), "{what}: {text}");
        assert!(stderr(&o).contains("latches: "), "{what}: {}", stderr(&o));
        assert!(
            took >= Duration::from_millis(1950),
            "{what}: gave up early, after {took:?}"
        );
        assert!(
            took < Duration::from_millis(2500),
            "{what}: answered after {took:?}"
        );
    }
}

/// The largest file of the shared suite.
fn largest_shared_file() -> Option<PathBuf> {
    let root = shared_benchmarks()?;
    let mut best: Option<(u64, PathBuf)> = None;
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).ok()?.flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let name = p.to_string_lossy();
            if !(name.ends_with(".aig") || name.ends_with(".aag")) {
                continue;
            }
            let size = entry.metadata().map_or(0, |m| m.len());
            if best.as_ref().is_none_or(|(s, _)| size > *s) {
                best = Some((size, p));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// `--memory 30` on the largest shared file: the default engine answers `unknown`, exit 30,
/// soon — it is not killed by a signal.
#[test]
fn memory_limit_answers_unknown() {
    let _serial = serial();
    let Some(big) = largest_shared_file() else {
        println!("note: ../shared/benchmarks is absent; skipping");
        return;
    };
    let size = std::fs::metadata(&big).unwrap().len();
    let (o, took) = timed(&[
        "check".as_ref(),
        big.as_os_str(),
        "--memory".as_ref(),
        "30".as_ref(),
        "--timeout".as_ref(),
        "60".as_ref(),
    ]);
    let what = format!("{} ({size} bytes) --memory 30", big.display());
    println!("{what}: {took:?}, stderr {:?}", stderr(&o).trim());
    assert_unknown(&what, &o);
    assert!(
        stderr(&o).contains("memory"),
        "the message does not name the memory limit: {}",
        describe(&what, &o)
    );
    assert!(took < Duration::from_secs(30), "{what}: took {took:?}");
}

/// Every engine answers `sat` on a generated 2 MB model without a memory limit (using well
/// over 100 MB), and `unknown` (exit 30, not a signal) with `--memory 50`.
#[test]
fn memory_limit_answers_unknown_for_every_engine() {
    let _serial = serial();
    let dir = scratch("memory");
    let path = dir.join("chain-2mb.aig");
    std::fs::write(&path, aiger::write_aig(&chain_model(2 << 20))).unwrap();
    for engine in ENGINES {
        let what = format!("--engine {engine}");
        let o = pdrkit([
            "check".as_ref(),
            path.as_os_str(),
            "--engine".as_ref(),
            engine.as_ref(),
            "--timeout".as_ref(),
            "60".as_ref(),
        ]);
        assert_eq!(first_line(&o), "sat", "{}", describe(&what, &o));
        assert_eq!(o.status.code(), Some(10), "{}", describe(&what, &o));
        let what = format!("--engine {engine} --memory 50");
        let (o, took) = timed(&[
            "check".as_ref(),
            path.as_os_str(),
            "--engine".as_ref(),
            engine.as_ref(),
            "--memory".as_ref(),
            "50".as_ref(),
            "--timeout".as_ref(),
            "60".as_ref(),
        ]);
        println!("{what}: {took:?}, stderr {:?}", stderr(&o).trim());
        assert_unknown(&what, &o);
        assert!(
            stderr(&o).contains("memory"),
            "the message does not name the memory limit: {}",
            describe(&what, &o)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Under an address-space limit (`ulimit -v`, as some harnesses set), with no `--memory`, BMC
/// on a shared file whose unrolling grows by gigabytes answers `unknown` (exit 30) before an
/// allocation fails, instead of aborting or panicking.
#[test]
fn address_space_limit_answers_unknown() {
    let _serial = serial();
    let Some(root) = shared_benchmarks() else {
        println!("note: ../shared/benchmarks is absent; skipping");
        return;
    };
    let model = root.join("hwmcc08/texasparsesysp4.aig");
    let script = "ulimit -v 800000 && exec \"$0\" check \"$1\" --engine bmc --timeout 60";
    let o = Command::new("sh")
        .args(["-c", script])
        .arg(pdrkit_binary())
        .arg(&model)
        .stdin(Stdio::null())
        .output()
        .expect("cannot run sh");
    let what = format!(
        "ulimit -v 800000; pdrkit check {} --engine bmc",
        model.display()
    );
    assert_unknown(&what, &o);
    // A debug build may not reach the limit before the time limit.
    if release_profile() {
        assert!(
            stderr(&o).contains("address-space limit"),
            "{}",
            describe(&what, &o)
        );
    }
}

/// Sends `signal` (a name for `kill -s`) to `pid`.
fn send_signal(pid: u32, signal: &str) {
    let st = Command::new("kill")
        .args(["-s", signal, &pid.to_string()])
        .status()
        .expect("cannot run kill");
    assert!(st.success(), "kill -s {signal} {pid} failed");
}

/// SIGINT and SIGTERM, sent one second into a run on a hard problem: `unknown` on the first line
/// of stdout and exit 30 within a second, for every engine, with the statistics so far on
/// stderr (without `--stats`): the model's size and the engine's own progress counter.
#[test]
fn signals_answer_unknown() {
    let _serial = serial();
    let Some(hard) = hard_file() else { return };
    for signal in ["INT", "TERM"] {
        for engine in ENGINES {
            let what = format!("SIG{signal} to --engine {engine}");
            let mut child = Command::new(pdrkit_binary())
                .arg("check")
                .arg(&hard)
                .args(["--engine", engine])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("cannot start pdrkit");
            std::thread::sleep(Duration::from_secs(1));
            assert!(
                child.try_wait().unwrap().is_none(),
                "{what}: pdrkit ended before the signal"
            );
            let sent = Instant::now();
            send_signal(child.id(), signal);
            let status = wait_at_most(&mut child, Duration::from_secs(5), &what);
            let took = sent.elapsed();
            let o = child.wait_with_output().unwrap();
            let o = Output { status, ..o };
            println!("{what}: ended {took:?} after the signal");
            assert_unknown(&what, &o);
            assert!(
                took < Duration::from_secs(1),
                "{what}: ended {took:?} after the signal"
            );
            let err = stderr(&o);
            // One second is many frames (and depths) on this file: each engine has reported.
            let progress = match engine {
                "ic3" => "frames: ",
                "bmc" => "bmc_depth_clear: ",
                "kind" | "kipdr" => "k: ",
                _ => "ic3.frames: ",
            };
            for key in ["pdrkit: interrupted", "latches: ", progress] {
                assert!(err.contains(key), "{what}: no '{key}' on stderr:\n{err}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Large files.

/// A model of about `bytes` bytes in binary AIGER: `inputs` inputs, one latch and a chain of AND
/// gates, each reading the previous one and an input, the inputs taken in a scattered order.
/// The bad state is the chain's end with the latch still 0 (reachable at step 0 with every
/// input 1); the latch's next state is the chain's end.
fn chain_model(bytes: usize) -> Aig {
    // A gate costs 1 byte (the delta to the previous gate) plus 3 or 4 (the delta to an input).
    const BYTES_PER_GATE: usize = 5;
    const INPUTS: usize = 1000;
    let gates = bytes / BYTES_PER_GATE;
    let mut aig = Aig::default();
    aig.inputs = (0..INPUTS).map(|_| aig.new_var().lit()).collect();
    let latch = aig.new_var().lit();
    let mut chain = aig.inputs[0];
    for k in 0..gates {
        let input = aig.inputs[(k * 389 + 1) % INPUTS];
        chain = aig.add_and(chain, input);
    }
    let bad = aig.add_and(chain, !latch);
    aig.latches = vec![Latch {
        lit: latch,
        next: chain,
        reset: Reset::Zero,
    }];
    aig.bads = vec![bad];
    aig
}

/// What a run under `/usr/bin/time -v` took: its output, wall-clock time, and peak resident
/// memory in KiB (`None` when `/usr/bin/time` is not there).
fn run_measured(args: &[&std::ffi::OsStr]) -> (Output, Duration, Option<u64>) {
    let time = Path::new("/usr/bin/time");
    let start = Instant::now();
    if !time.is_file() {
        let o = pdrkit(args);
        return (o, start.elapsed(), None);
    }
    let o = Command::new(time)
        .arg("-v")
        .arg(pdrkit_binary())
        .args(args)
        .output()
        .expect("cannot run /usr/bin/time");
    let took = start.elapsed();
    let rss = stderr(&o)
        .lines()
        .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))
        .and_then(|v| v.trim().parse().ok());
    (o, took, rss)
}

/// Generates a chain model of about `mb` MB as binary AIGER, runs `pdrkit check --engine bmc
/// --bound 0 --timeout <timeout>` on it, and checks that it answers (any word) within `limit`;
/// returns the file size, the time and the peak memory (KiB) of the run.
fn read_large(mb: usize, timeout: u64, limit: Duration) -> (u64, Duration, Option<u64>) {
    let dir = scratch(&format!("large-{mb}"));
    let path = dir.join(format!("chain-{mb}mb.aig"));
    let bytes = aiger::write_aig(&chain_model(mb << 20));
    std::fs::write(&path, &bytes).unwrap();
    drop(bytes);
    let size = std::fs::metadata(&path).unwrap().len();
    let (o, took, rss) = run_measured(&[
        "check".as_ref(),
        path.as_os_str(),
        "--engine".as_ref(),
        "bmc".as_ref(),
        "--bound".as_ref(),
        "0".as_ref(),
        "--timeout".as_ref(),
        timeout.to_string().as_ref(),
    ]);
    let what = format!("{} ({size} bytes)", path.display());
    let word = first_line(&o);
    println!(
        "{what}: '{word}' after {took:?}, peak RSS {} KiB",
        rss.map_or("?".into(), |r| r.to_string())
    );
    let code = match word.as_str() {
        "sat" => 10,
        "unsat" => 20,
        "unknown" => 30,
        _ => panic!("no answer: {}", describe(&what, &o)),
    };
    assert_eq!(o.status.code(), Some(code), "{}", describe(&what, &o));
    assert!(took < limit, "{what}: took {took:?}");
    let _ = std::fs::remove_dir_all(&dir);
    (size, took, rss)
}

/// A ~20 MB binary AIGER file (4 million gates) is read, and BMC's first step run (and its
/// answer checked), in time and memory roughly proportional to the file: compared with a ~2 MB
/// file, at most 2.5 times what proportionality predicts for the time (plus a second) and for
/// the memory above an 8 MiB base.
#[test]
fn large_aiger_is_read_in_linear_time_and_memory() {
    let _serial = serial();
    if !release_profile() {
        println!("note: a release-build test; skipping");
        return;
    }
    let (small_size, small_time, small_rss) = read_large(2, 60, Duration::from_secs(30));
    let (size, time, rss) = read_large(20, 60, Duration::from_secs(60));
    assert!(
        (18 << 20..24 << 20).contains(&size),
        "the large file has {size} bytes"
    );
    let ratio = size as f64 / small_size as f64;
    assert!(
        time.as_secs_f64() < 2.5 * ratio * small_time.as_secs_f64() + 1.0,
        "{size} bytes in {time:?}, {small_size} bytes in {small_time:?}"
    );
    if let (Some(rss), Some(small_rss)) = (rss, small_rss) {
        const BASE_KIB: f64 = 8192.0;
        assert!(
            (rss as f64 - BASE_KIB) < 2.5 * ratio * (small_rss as f64 - BASE_KIB).max(1.0),
            "{size} bytes in {rss} KiB, {small_size} bytes in {small_rss} KiB"
        );
    }
}

/// Soak: a ~100 MB file (21 million gates), with `--timeout 600`; it needs about 9 GB of
/// memory. Run with
/// `cargo test --release -p pdrkit-suite --test limits -- --ignored large_aiger_100mb --nocapture`.
#[test]
#[ignore = "soak item: a 100 MB file"]
fn large_aiger_100mb() {
    let _serial = serial();
    let (size, time, rss) = read_large(100, 600, Duration::from_secs(620));
    assert!(size >= 90 << 20, "the file has {size} bytes");
    println!("100 MB: {time:?}, {rss:?} KiB");
}
