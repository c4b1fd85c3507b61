//! The command line's options and what it writes: every engine option is declared once (the
//! help is derived from the engines' configurations), and the defects users met are gone.

use std::path::{Path, PathBuf};

use pdrkit_engine::ic3::Ic3Config;
use pdrkit_engine::kind::KindConfig;
use pdrkit_engine::klive::KliveConfig;
use pdrkit_preprocess::PreprocessConfig;
use pdrkit_suite::{describe, first_line, models_dir, pdrkit, stderr, stdout};

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("pdrkit-cli-options-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The field names of a configuration.
fn fields(debug: &str) -> Vec<String> {
    pdrkit_engine::config::debug_fields(debug)
        .into_iter()
        .map(|(k, _)| k.to_string())
        .collect()
}

/// The `--long` options a help text lists, in order.
fn listed(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l
                .strip_prefix("-v, ")
                .or(l.strip_prefix("-h, "))
                .unwrap_or(l);
            let name = l.strip_prefix("--")?;
            Some(format!("--{}", name.split([' ', '=']).next()?))
        })
        .collect()
}

/// `pdrkit check MODEL ARGS...`.
fn check(model: &Path, args: &[&str]) -> std::process::Output {
    let mut all: Vec<&std::ffi::OsStr> = vec!["check".as_ref(), model.as_os_str()];
    all.extend(args.iter().map(std::ffi::OsStr::new));
    pdrkit(all)
}

fn help(flag: &str) -> String {
    let o = pdrkit(["check", flag]);
    assert_eq!(o.status.code(), Some(0), "{}", describe(flag, &o));
    stdout(&o)
}

/// Every field of the IC3, k-induction, k-liveness and preprocessing configurations is an
/// option of `check --help-all`, and nothing else is there but `check`'s own options; a field
/// with no option is one the command line sets from another option, named here.
#[test]
fn help_all_lists_exactly_the_configurations_fields() {
    let all = listed(&help("--help-all"));
    let kebab = |f: &str| format!("--{}", f.replace('_', "-"));
    let mut expected: Vec<String> = Vec::new();
    let from_other_options = [
        // --sat, --no-share, -v, --bound, --engine, the portfolio's worker names; tests only.
        "sat",
        "import_lemmas",
        "external_invariants",
        "verbose",
        "name",
        "max_k",
        "property_direction",
        "check_frames",
        // k-liveness's IC3 run: the IC3 options.
        "ic3",
    ];
    for (what, debug) in [
        ("IC3", format!("{:?}", Ic3Config::default())),
        ("k-induction", format!("{:?}", KindConfig::default())),
        ("k-liveness", format!("{:?}", KliveConfig::default())),
        (
            "preprocessing",
            format!("{:?}", PreprocessConfig::default()),
        ),
    ] {
        for f in fields(&debug) {
            if from_other_options.contains(&f.as_str()) {
                continue;
            }
            // k-induction's literal-dropping budget is property direction's.
            let option = if what == "k-induction" && f == "mic_attempts" {
                "--pd-mic-attempts".to_string()
            } else {
                kebab(&f)
            };
            assert!(
                all.contains(&option),
                "{what}'s `{f}` is not {option} in --help-all"
            );
            expected.push(option);
        }
    }
    let own = [
        "--engine",
        "--property",
        "--jobs",
        "--bound",
        "--timeout",
        "--memory",
        "--witness",
        "--certificate",
        "--binary-certificate",
        "--vcd",
        "--map",
        "--each-property",
        "--stats",
        "--stats-json",
        "--verbose",
        "--no-self-check",
        "--no-share",
        "--portfolio-rows",
        "--sat",
        "--no-preprocess",
        "--first-latch",
        "--help",
    ];
    for o in &all {
        assert!(
            expected.contains(o) || own.contains(&o.as_str()),
            "{o} in --help-all is neither a configuration field nor one of check's own"
        );
    }
}

/// `--help` fits on a screen: the common options, the rest behind `--help-all`.
#[test]
fn help_shows_the_common_options_only() {
    let short = listed(&help("--help"));
    let all = listed(&help("--help-all"));
    assert!(
        short.len() <= 27,
        "{} options in --help: {short:?}",
        short.len()
    );
    assert!(all.len() > short.len() + 20);
    for o in &short {
        assert!(all.contains(o), "{o}");
    }
    for o in [
        "--engine",
        "--timeout",
        "--witness",
        "--certificate",
        "--vcd",
        "--seed",
    ] {
        assert!(short.contains(&o.to_string()), "{o} missing from --help");
    }
    assert!(help("--help").contains("--help-all"));
}

/// A switch alone means true, and takes `false`; a value out of range is refused.
#[test]
fn switches_and_ranges() {
    let m = models_dir().join("counter_safe.aag");
    for args in [
        &["--engine", "ic3", "--push-memo"][..],
        &[
            "--engine",
            "ic3",
            "--push-memo",
            "false",
            "--ctg-dynamic=false",
        ],
        &["--engine", "ic3", "--lift", "ternary"],
    ] {
        let o = check(&m, args);
        assert_eq!(first_line(&o), "unsat", "{}", describe(&args.join(" "), &o));
    }
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--lift-rounds".as_ref(),
        "0".as_ref(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        describe("--lift-rounds 0", &o)
    );
    assert!(
        stderr(&o).contains("--lift-rounds"),
        "{}",
        describe("--lift-rounds 0", &o)
    );
}

/// `-v` prints the options in use as `--name value` lines, not Rust's `Debug` forms.
#[test]
fn verbose_prints_readable_options() {
    let m = models_dir().join("counter_safe.aag");
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "-v".as_ref(),
        "--engine".as_ref(),
        "ic3".as_ref(),
    ]);
    let err = stderr(&o);
    assert!(err.contains("pdrkit:   --engine ic3"), "{err}");
    assert!(err.contains("pdrkit:   --ctg-dynamic true"), "{err}");
    assert!(!err.contains("Ic3Config {"), "{err}");
    assert!(!err.contains("PreprocessConfig {"), "{err}");
}

/// `--bound` with IC3 or the portfolio, and `--map` without `--vcd`, are said to do nothing.
#[test]
fn ignored_options_are_warned_about() {
    let m = models_dir().join("counter_safe.aag");
    for (args, needle) in [
        (
            &["--engine", "ic3", "--bound", "3"][..],
            "--bound is not used by --engine ic3",
        ),
        (
            &["--bound", "3"],
            "--bound is not used by --engine portfolio",
        ),
        (&["--map", "x.aim"], "--map is used only with --vcd"),
    ] {
        let o = check(&m, args);
        assert!(stderr(&o).contains(needle), "{}", describe(needle, &o));
        assert_eq!(first_line(&o), "unsat", "{}", describe(needle, &o));
    }
}

/// `pdrkit MODEL` hints at `check`; the top-level help shows HWMCC's three-argument form;
/// `-` reads the model from standard input.
#[test]
fn model_alone_hints_at_check_and_stdin_is_a_model() {
    let m = models_dir().join("counter_unsafe.aag");
    let o = pdrkit([m.as_os_str()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("pdrkit check"),
        "{}",
        describe("model alone", &o)
    );
    let o = pdrkit(["--help"]);
    assert!(
        stdout(&o).contains("MODEL WITNESS CERTIFICATE"),
        "{}",
        stdout(&o)
    );
    let o = std::process::Command::new(pdrkit_suite::pdrkit_binary())
        .args(["check", "-"])
        .stdin(std::fs::File::open(&m).unwrap())
        .output()
        .unwrap();
    assert_eq!(first_line(&o), "sat", "{}", describe("check -", &o));
    assert_eq!(o.status.code(), Some(10));
}

fn unsafe_model() -> PathBuf {
    models_dir().join("counter_unsafe.aag")
}

/// Output paths that are not regular files are written through, never removed: a device, a
/// symbolic link (and its target keeps the content), a FIFO.
#[test]
fn outputs_are_written_through_devices_links_and_fifos() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("through");
    // A device.
    let o = pdrkit([
        "check".as_ref(),
        unsafe_model().as_os_str(),
        "--witness".as_ref(),
        "/dev/null".as_ref(),
    ]);
    assert_eq!(first_line(&o), "sat", "{}", describe("/dev/null", &o));
    let t = std::fs::metadata("/dev/null").unwrap().file_type();
    assert!(t.is_char_device(), "/dev/null is no longer a device");
    // A symbolic link, to a stale file.
    let target = dir.join("target.wit");
    std::fs::write(&target, "stale").unwrap();
    let link = dir.join("link.wit");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let o = pdrkit([
        "check".as_ref(),
        unsafe_model().as_os_str(),
        "--witness".as_ref(),
        link.as_os_str(),
    ]);
    assert_eq!(first_line(&o), "sat", "{}", describe("symlink", &o));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "link replaced"
    );
    assert!(
        std::fs::read_to_string(&target).unwrap().starts_with("1\n"),
        "target not written"
    );
    // A FIFO, read while the checker writes.
    let fifo = dir.join("fifo.wit");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        let o = pdrkit([
            "check".as_ref(),
            unsafe_model().as_os_str(),
            "--witness".as_ref(),
            fifo.as_os_str(),
        ]);
        assert_eq!(first_line(&o), "sat", "{}", describe("fifo", &o));
        assert!(reader.join().unwrap().starts_with("1\n"));
        assert!(
            std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
            "FIFO replaced"
        );
    } else {
        eprintln!("note: mkfifo unavailable; the FIFO case is not tried");
    }
    // A stale regular file is still removed when the run has nothing to write there.
    let stale = dir.join("stale.cert");
    std::fs::write(&stale, "old").unwrap();
    let o = pdrkit([
        "check".as_ref(),
        unsafe_model().as_os_str(),
        "--certificate".as_ref(),
        stale.as_os_str(),
    ]);
    assert_eq!(first_line(&o), "sat", "{}", describe("stale", &o));
    assert!(
        !Path::new(&stale).exists(),
        "a stale certificate stays beside a `sat` answer"
    );
}

/// Two properties (both the top bit) of a 24-bit counter that needs 2^23 steps to reach it:
/// far beyond a second or two, and not provable by induction alone.
fn counter24() -> String {
    let n = 24;
    let mut gates = Vec::new();
    let mut next = Vec::new();
    let mut carry = 1usize; // constant true, as a literal
    let mut var = n + 1;
    for i in 1..=n {
        let l = 2 * i;
        // next = l XOR carry; new carry = l AND carry.
        let both = 2 * var;
        let neither = 2 * var + 2;
        let xor = 2 * var + 4;
        gates.push((both, l, carry));
        gates.push((neither, l ^ 1, carry ^ 1));
        gates.push((xor, both ^ 1, neither ^ 1));
        var += 3;
        next.push(xor);
        carry = both;
    }
    let top = 2 * n;
    let mut text = format!("aag {} 0 {n} 0 {} 2\n", var - 1, gates.len());
    for (i, x) in next.iter().enumerate() {
        text.push_str(&format!("{} {x}\n", 2 * (i + 1)));
    }
    text.push_str(&format!("{top}\n{top}\n"));
    for (a, b, c) in &gates {
        text.push_str(&format!("{a} {b} {c}\n"));
    }
    text
}

/// `--each-property` that runs out of time says so.
#[test]
fn each_property_says_time_limit() {
    let dir = scratch("each");
    let m = dir.join("counter24.aag");
    std::fs::write(&m, counter24()).unwrap();
    let o = pdrkit([
        "check".as_ref(),
        m.as_os_str(),
        "--each-property".as_ref(),
        "--timeout".as_ref(),
        "1".as_ref(),
        "--engine".as_ref(),
        "portfolio".as_ref(),
    ]);
    assert_eq!(first_line(&o), "unknown", "{}", describe("each", &o));
    let err = stderr(&o);
    assert!(err.contains("b0 unknown: time limit reached"), "{err}");
    assert!(!err.contains("no worker answered"), "{err}");
}

/// `-v` on a run longer than a second prints its progress once a second.
#[test]
fn verbose_shows_progress_once_a_second() {
    let dir = scratch("progress");
    let m = dir.join("counter24.aag");
    std::fs::write(&m, counter24()).unwrap();
    let o = check(&m, &["--engine", "ic3", "--timeout", "2.5", "-v"]);
    assert_eq!(first_line(&o), "unknown", "{}", describe("progress", &o));
    let err = stderr(&o);
    // About one line a second: 1s and 2s (a loaded machine may shift them a little).
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| {
            l.strip_prefix("pdrkit: ")
                .and_then(|r| r.split_once("s: "))
                .is_some_and(|(t, _)| t.parse::<u64>().is_ok())
        })
        .collect();
    assert!((1..=3).contains(&lines.len()), "{err}");
    assert!(lines.iter().any(|l| l.contains("frames")), "{err}");
}
