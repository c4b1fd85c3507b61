//! End-to-end tests of `xtask regress` and `xtask bench` against a fake `pdrkit` (a shell
//! script that answers from the file name), on a temporary suite: a correct manifest passes, a
//! deliberately wrong manifest entry fails loudly with WRONG, a witness that does not replay
//! fails with UNCHECKED. The rIC3 peer runs as a fake `rIC3` put first on PATH (printing a
//! real rIC3 log), or is missing from PATH altogether.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fake pdrkit: `check` answers `sat` for files named `*unsafe*`, `unsat` for `*safe*`
/// (bmc: `unknown`), and rejects engines other than ic3 and bmc like a clap CLI does.
/// `replay` fails when `$FAKE_REPLAY_FAILS` is set; `certify` always succeeds. With
/// `$FAKE_BAD_EXIT`, `sat` comes with exit code 20 and no witness (a broken output contract).
/// With `$FAKE_ORDER_LOG`, each `check` appends `pdrkit FILE` to that file.
const FAKE: &str = r#"#!/bin/sh
sub=$1; shift
case $sub in
check)
  engine=ic3; witness=; cert=; model=
  while [ $# -gt 0 ]; do
    case $1 in
      --engine) engine=$2; shift 2;;
      --witness) witness=$2; shift 2;;
      --certificate) cert=$2; shift 2;;
      --stats-json) echo '{"frames": 2, "engine": "fake"}' > "$2"; shift 2;;
      --timeout|--memory) shift 2;;
      *) model=$1; shift;;
    esac
  done
  if [ -n "$FAKE_ORDER_LOG" ]; then echo "pdrkit $(basename "$model")" >> "$FAKE_ORDER_LOG"; fi
  case $engine in
    ic3|bmc) ;;
    *) echo "error: invalid value '$engine' for '--engine <ENGINE>'" >&2; exit 1;;
  esac
  case $(basename "$model") in
    *unsafe*)
      if [ -n "$FAKE_BAD_EXIT" ]; then echo sat; exit 20; fi
      echo sat; printf '1\nb0\n0\n.\n' > "$witness"; exit 10;;
    *safe*)
      if [ "$engine" = bmc ]; then echo unknown; exit 30; fi
      echo unsat; echo 'aag 0 0 0 0 0' > "$cert"; exit 20;;
  esac
  echo unknown; exit 30;;
replay)
  if [ -n "$FAKE_REPLAY_FAILS" ]; then echo "witness does not reach a bad state" >&2; exit 1; fi
  exit 0;;
certify) exit 0;;
*) echo "unknown command $sub" >&2; exit 1;;
esac
"#;

/// A fake rIC3: `rIC3 -e ic3 FILE` answers from the file name like the fake pdrkit, with
/// rIC3's exit codes and last stdout line, and a real rIC3 log (`ric3.log` next to it) on
/// stderr. `$FAKE_RIC3_LIES` answers `sat` on safe files; `$FAKE_RIC3_HANG` prints the
/// preprocessing part of the log and hangs (to be killed at the time limit). With
/// `$FAKE_ORDER_LOG`, each run appends `ric3 FILE` to that file.
const FAKE_RIC3: &str = r#"#!/bin/sh
log="$(dirname "$0")/ric3.log"
if [ "$1 $2" != "-e ic3" ] || [ $# -ne 3 ]; then echo "error: unexpected arguments $*" >&2; exit 2; fi
if [ -n "$FAKE_ORDER_LOG" ]; then echo "ric3 $(basename "$3")" >> "$FAKE_ORDER_LOG"; fi
if [ -n "$FAKE_RIC3_HANG" ]; then head -n 12 "$log" >&2; sleep 30; exit 0; fi
case $(basename "$3") in
  *unsafe*) sat=1;;
  *safe*) sat=${FAKE_RIC3_LIES:+1};;
  *) exit 1;;
esac
cat "$log" >&2
if [ -n "$sat" ]; then echo "RESULT: SAT"; exit 10; fi
echo "RESULT: UNSAT"; exit 20
"#;

/// The stderr of a real `rIC3 -e ic3` run (rIC3 1.5.1, hwmcc20/zipcpu-busdelay-p36.aig).
const RIC3_LOG: &str = include_str!("data/ric3-busdelay-p36.stderr");

struct Fixture {
    dir: PathBuf,
}

impl Fixture {
    fn new(name: &str, manifest: &str) -> Fixture {
        let dir = std::env::temp_dir().join(format!("xtask-e2e-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("suite/fam")).unwrap();
        // Safe: the output is constant false. Unsafe: constant true.
        std::fs::write(dir.join("suite/fam/safe.aag"), "aag 0 0 0 1 0\n0\n").unwrap();
        std::fs::write(dir.join("suite/fam/unsafe.aag"), "aag 0 0 0 1 0\n1\n").unwrap();
        // Not in the quick tier (ABC took long): regress skips it.
        std::fs::write(dir.join("suite/fam/slow_safe.aag"), "aag 0 0 0 1 0\n0\n").unwrap();
        std::fs::write(dir.join("suite/MANIFEST.tsv"), manifest).unwrap();
        let fake = dir.join("pdrkit");
        std::fs::write(&fake, FAKE).unwrap();
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::create_dir_all(dir.join("models")).unwrap();
        Fixture { dir }
    }

    fn xtask(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_xtask"));
        cmd.args(args).arg("--binary").arg(self.dir.join("pdrkit"));
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    }

    fn regress(&self, env: &[(&str, &str)]) -> Output {
        let suite = self.dir.join("suite");
        let models = self.dir.join("models");
        self.xtask(
            &[
                "regress",
                "--timeout",
                "5",
                "--suite",
                suite.to_str().unwrap(),
                "--models",
                models.to_str().unwrap(),
            ],
            env,
        )
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    /// Puts the fake rIC3 into `bin/`; returns a PATH with it first.
    fn with_fake_ric3(&self) -> String {
        let bin = self.path("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::write(bin.join("ric3.log"), RIC3_LOG).unwrap();
        let fake = bin.join("rIC3");
        std::fs::write(&fake, FAKE_RIC3).unwrap();
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
        format!("{}:{}", bin.display(), path_without_ric3())
    }

    /// `bench` on the whole suite with the ic3 configuration, the peers given and `env`.
    fn bench_vs(&self, peers: &[&str], extra: &[&str], env: &[(&str, &str)]) -> Output {
        let out = self.path("out");
        let suite = self.path("suite");
        let mut args = vec![
            "bench",
            suite.to_str().unwrap(),
            "--config",
            "ic3=--engine ic3",
            "--out",
            out.to_str().unwrap(),
        ];
        for p in peers {
            args.extend(["--vs", p]);
        }
        args.extend(extra);
        self.xtask(&args, env)
    }
}

/// PATH without the folders that hold a `rIC3` (the real one, when installed).
fn path_without_ric3() -> String {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|d| !d.join("rIC3").exists())
        .collect();
    std::env::join_paths(dirs)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const GOOD: &str = "file\texpected\tabc_pdr_seconds\n\
                    fam/safe.aag\tsafe\t0.05\n\
                    fam/unsafe.aag\tunsafe\t0.04\n\
                    fam/slow_safe.aag\tsafe\t15.0\n";

const WRONG: &str = "file\texpected\tabc_pdr_seconds\n\
                     fam/safe.aag\tunsafe\t0.05\n\
                     fam/unsafe.aag\tunsafe\t0.04\n\
                     fam/slow_safe.aag\tsafe\t15.0\n";

#[test]
fn regress_passes_when_every_answer_is_right() {
    let f = Fixture::new("good", GOOD);
    let o = f.regress(&[]);
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("regress: OK"), "{t}");
    // Engines the fake rejects are skipped, the others run.
    assert!(t.contains("skipping engine kind"), "{t}");
    assert!(t.contains("fam/safe.aag"), "{t}");
    assert!(!t.contains("slow_safe"), "not in the quick tier: {t}");
}

#[test]
fn regress_fails_on_a_wrong_verdict() {
    let f = Fixture::new("wrong", WRONG);
    let o = f.regress(&[]);
    let t = text(&o);
    assert!(!o.status.success(), "{t}");
    assert!(t.contains("WRONG"), "{t}");
    assert!(t.contains("regress FAILED"), "{t}");
    assert!(
        t.contains("WRONG     ic3        fam/safe.aag"),
        "the wrong run is named: {t}"
    );
}

#[test]
fn regress_fails_when_a_witness_does_not_replay() {
    let f = Fixture::new("unchecked", GOOD);
    let o = f.regress(&[("FAKE_REPLAY_FAILS", "1")]);
    let t = text(&o);
    assert!(!o.status.success(), "{t}");
    assert!(t.contains("UNCHECKED"), "{t}");
    assert!(t.contains("witness does not reach a bad state"), "{t}");
}

#[test]
fn regress_fails_when_the_exit_code_contradicts_the_answer() {
    let f = Fixture::new("badexit", GOOD);
    let o = f.regress(&[("FAKE_BAD_EXIT", "1")]);
    let t = text(&o);
    assert!(!o.status.success(), "{t}");
    assert!(t.contains("UNCHECKED"), "{t}");
    assert!(
        t.contains("answered sat with exit code 20 (expected 10)"),
        "{t}"
    );
}

#[test]
fn regress_uses_tests_models_and_their_manifest() {
    let f = Fixture::new("models", GOOD);
    std::fs::write(f.path("models/tiny_unsafe.aag"), "aag 0 0 0 1 0\n1\n").unwrap();
    std::fs::write(
        f.path("models/MANIFEST.tsv"),
        "file\texpected\ntiny_unsafe.aag\tsafe\n",
    )
    .unwrap();
    let o = f.regress(&[]);
    let t = text(&o);
    assert!(!o.status.success(), "{t}");
    assert!(t.contains("tests/models/tiny_unsafe.aag"), "{t}");
    assert!(t.contains("WRONG"), "{t}");
}

#[test]
fn bench_writes_results_and_fails_loudly_on_wrong() {
    let f = Fixture::new("bench", WRONG);
    let out = f.path("out");
    let suite = f.path("suite");
    let o = f.xtask(
        &[
            "bench",
            suite.to_str().unwrap(),
            "--timeout",
            "5",
            "--jobs",
            "2",
            "--config",
            "ic3=--engine ic3",
            "--config",
            "bmc=--engine bmc",
            "--out",
            out.to_str().unwrap(),
        ],
        &[],
    );
    let t = text(&o);
    assert!(!o.status.success(), "{t}");
    assert!(t.contains("FAILED"), "{t}");
    assert!(t.contains("WRONG"), "{t}");
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 3 * 2, "{csv}");
    assert!(
        csv.contains("fam/safe.aag,ic3,false,unsafe,unsat,exit 20,WRONG"),
        "{csv}"
    );
    assert!(
        csv.contains("fam/unsafe.aag,bmc,false,unsafe,sat,exit 10,ok"),
        "{csv}"
    );
    assert!(
        csv.contains(r#""{""engine"":""fake"",""frames"":2}""#),
        "{csv}"
    );
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        md.contains("| ic3 | 1 | 1 | 2 | 3 | 1 | **1** | 0 |"),
        "{md}"
    );
    assert!(md.contains("## WRONG and UNCHECKED answers"), "{md}");
    let svg = std::fs::read_to_string(out.join("cactus.svg")).unwrap();
    assert_eq!(svg.matches("<polyline").count(), 2, "{svg}");
    // The certificate of the WRONG answer is kept for a look.
    assert!(out.join("failures/ic3/fam__safe.aag.aag").is_file());
}

#[test]
fn bench_filter_and_default_config_pass() {
    let f = Fixture::new("filter", GOOD);
    let out = f.path("out");
    let suite = f.path("suite");
    let o = f.xtask(
        &[
            "bench",
            suite.to_str().unwrap(),
            "--timeout",
            "5",
            "--filter",
            "/unsafe",
            "--out",
            out.to_str().unwrap(),
        ],
        &[],
    );
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(
        csv.contains("fam/unsafe.aag,default,false,unsafe,sat,exit 10,ok"),
        "{csv}"
    );
    // No machine's absolute path in the summary: the suite by its folder name, the binary
    // (given with --binary, outside the workspace) by its file name.
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("# pdrkit bench: suite\n"), "{md}");
    assert!(md.contains("- binary pdrkit\n"), "{md}");
    assert!(!md.contains(&*f.dir.to_string_lossy()), "{md}");
}

fn has_abc() -> bool {
    Command::new("berkeley-abc")
        .args(["-c", "quit"])
        .output()
        .is_ok()
}

#[test]
fn bench_versus_abc() {
    if !has_abc() {
        eprintln!("berkeley-abc not installed: skipped");
        return;
    }
    let f = Fixture::new("abc", GOOD);
    let out = f.path("out");
    let suite = f.path("suite");
    let o = f.xtask(
        &[
            "bench",
            suite.to_str().unwrap(),
            "--timeout",
            "5",
            "--vs",
            "abc",
            "--out",
            out.to_str().unwrap(),
        ],
        &[],
    );
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert!(
        csv.contains("fam/safe.aag,abc,true,safe,unsat,exit 0,ok"),
        "{csv}"
    );
    assert!(
        csv.contains("fam/unsafe.aag,abc,true,unsafe,sat,exit 0,ok"),
        "{csv}"
    );
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("## Versus abc"), "{md}");
}

#[test]
fn emit_slurm_then_run_a_task_then_import() {
    let f = Fixture::new("slurm", WRONG);
    let job = f.path("job");
    let suite = f.path("suite");
    let o = f.xtask(
        &[
            "bench",
            suite.to_str().unwrap(),
            "--timeout",
            "5",
            "--config",
            "ic3=--engine ic3",
            "--emit",
            "slurm",
            job.to_str().unwrap(),
        ],
        &[],
    );
    assert!(o.status.success(), "{}", text(&o));
    let script = std::fs::read_to_string(job.join("job.sh")).unwrap();
    assert!(script.contains("#SBATCH --array=0-2"), "{script}");
    assert_eq!(
        std::fs::read_to_string(job.join("files.txt"))
            .unwrap()
            .lines()
            .count(),
        3
    );
    // Run two of the three tasks the way Slurm would.
    for i in ["0", "1"] {
        let o = Command::new(job.join("bin/xtask"))
            .args(["run-task", job.to_str().unwrap()])
            .env("SLURM_ARRAY_TASK_ID", i)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o));
    }
    let out = f.path("imported");
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args([
            "bench",
            "--import",
            job.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let t = text(&o);
    // files sorted: fam/safe.aag (index 0, WRONG per this manifest), fam/slow_safe.aag (1).
    assert!(!o.status.success(), "{t}");
    assert!(t.contains("WRONG"), "{t}");
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("1 task(s) have no result file"), "{md}");
    assert!(Path::new(&out.join("cactus.svg")).is_file());
}

/// The row of `file` and `config` in results.csv.
fn row<'a>(csv: &'a str, file: &str, config: &str) -> &'a str {
    let start = format!("{file},{config},");
    csv.lines()
        .find(|l| l.starts_with(&start))
        .unwrap_or_else(|| panic!("no row {start} in {csv}"))
}

#[test]
fn bench_versus_ric3_and_abc_in_one_run() {
    let f = Fixture::new("ric3", GOOD);
    let path = f.with_fake_ric3();
    // ABC too when it is installed (`--vs` is repeatable); rIC3 first, as given.
    let peers: &[&str] = if has_abc() {
        &["ric3", "abc"]
    } else {
        &["ric3"]
    };
    let o = f.bench_vs(peers, &["--timeout", "5"], &[("PATH", &path)]);
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(!t.contains("peer skipped"), "{t}");
    let csv = std::fs::read_to_string(f.path("out/results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 3 * (1 + peers.len()), "{csv}");
    let safe = row(&csv, "fam/safe.aag", "ric3");
    assert!(
        safe.starts_with("fam/safe.aag,ric3,true,safe,unsat,exit 20,ok,"),
        "{csv}"
    );
    // The log's statistics, in the same column as pdrkit's --stats-json.
    for stat in [
        r#"""sat_queries"":34124"#,
        r#"""sat_mean_us"":15.437"#,
        r#"""frames"":22"#,
        r#"""lemmas_held"":1120"#,
        r#"""mics"":1565"#,
        r#"""avg_mic_len"":6.357188"#,
        r#"""time_s"":0.75"#,
        r#"""preprocessed"":""373 vars, 75 inputs, 142 latches, 817 clauses, 31 constraints"""#,
    ] {
        assert!(safe.contains(stat), "{stat} in {safe}");
    }
    assert!(
        row(&csv, "fam/unsafe.aag", "ric3")
            .starts_with("fam/unsafe.aag,ric3,true,unsafe,sat,exit 10,ok,"),
        "{csv}"
    );
    let md = std::fs::read_to_string(f.path("out/summary.md")).unwrap();
    assert!(
        md.contains("| ric3 | `rIC3 -e ic3 FILE (-e rlive for a justice property)` |"),
        "{md}"
    );
    assert!(md.contains("| ric3 | 2 | 1 | 3 | 3 | 0 |"), "{md}");
    assert!(md.contains("## Versus ric3"), "{md}");
    assert!(md.contains("### ic3 against ric3, file by file"), "{md}");
    // The fake pdrkit's statistics have frames but no queries yet.
    assert!(md.contains("| 34124 | - |"), "{md}");
    if peers.len() == 2 {
        assert!(row(&csv, "fam/safe.aag", "abc").contains(",abc,true,safe,unsat,exit 0,ok,"));
        assert!(md.find("## Versus ric3") < md.find("## Versus abc"), "{md}");
        assert!(
            !md.contains("against abc, file by file"),
            "no statistics from ABC: {md}"
        );
    }
}

#[test]
fn peer_jobs_run_the_peers_after_pdrkit() {
    let f = Fixture::new("phased", GOOD);
    let path = f.with_fake_ric3();
    let order = f.path("order.log");
    let env = [
        ("PATH", path.as_str()),
        ("FAKE_ORDER_LOG", order.to_str().unwrap()),
    ];
    let o = f.bench_vs(&["ric3"], &["--jobs", "1", "--peer-jobs", "2"], &env);
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    let log = std::fs::read_to_string(&order).unwrap();
    let who: Vec<&str> = log.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        who,
        ["pdrkit"; 3]
            .iter()
            .chain(&["ric3"; 3])
            .copied()
            .collect::<Vec<_>>(),
        "{log}"
    );
    // The records still come file by file, pdrkit before its peer.
    let csv = std::fs::read_to_string(f.path("out/results.csv")).unwrap();
    let rows: Vec<(&str, &str)> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let mut cols = l.split(',');
            (cols.next().unwrap(), cols.next().unwrap())
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("fam/safe.aag", "ic3"),
            ("fam/safe.aag", "ric3"),
            ("fam/slow_safe.aag", "ic3"),
            ("fam/slow_safe.aag", "ric3"),
            ("fam/unsafe.aag", "ic3"),
            ("fam/unsafe.aag", "ric3"),
        ],
        "{csv}"
    );
    let md = std::fs::read_to_string(f.path("out/summary.md")).unwrap();
    assert!(
        md.contains("1 parallel job(s), then the peers on 2"),
        "{md}"
    );
    // Without --peer-jobs the peer runs right after pdrkit on each file.
    std::fs::remove_file(&order).unwrap();
    let o = f.bench_vs(&["ric3"], &["--jobs", "1"], &env);
    assert!(o.status.success(), "{}", text(&o));
    let log = std::fs::read_to_string(&order).unwrap();
    assert!(log.starts_with("pdrkit safe.aag\nric3 safe.aag\n"), "{log}");
}

#[test]
fn bench_skips_ric3_when_it_is_not_installed() {
    let f = Fixture::new("noric3", GOOD);
    let o = f.bench_vs(
        &["ric3"],
        &["--timeout", "5"],
        &[("PATH", &path_without_ric3())],
    );
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(
        t.contains(
            "note: rIC3 not on PATH, peer skipped (install: apt-get install -y cmake clang && \
             RUSTC_BOOTSTRAP=1 cargo install rIC3 --version 1.5.1 --locked)"
        ),
        "{t}"
    );
    let csv = std::fs::read_to_string(f.path("out/results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 3, "{csv}");
    assert!(!csv.contains(",ric3,"), "{csv}");
    let md = std::fs::read_to_string(f.path("out/summary.md")).unwrap();
    assert!(md.contains("- rIC3 not on PATH, peer skipped"), "{md}");
    assert!(!md.contains("Versus ric3"), "{md}");
}

#[test]
fn ric3_contradicting_the_manifest_is_a_note_and_a_timeout_keeps_partial_stats() {
    let f = Fixture::new("ric3odd", GOOD);
    let path = f.with_fake_ric3();
    let o = f.bench_vs(
        &["ric3"],
        &["--timeout", "5"],
        &[("PATH", &path), ("FAKE_RIC3_LIES", "1")],
    );
    let t = text(&o);
    assert!(
        o.status.success(),
        "a peer's wrong answer does not fail the run: {t}"
    );
    assert!(
        t.contains("note: peer ric3 answered sat on fam/safe.aag (WRONG); the manifest says safe"),
        "{t}"
    );
    let csv = std::fs::read_to_string(f.path("out/results.csv")).unwrap();
    assert!(
        row(&csv, "fam/safe.aag", "ric3").contains(",sat,exit 10,WRONG,"),
        "{csv}"
    );

    // Killed at the limit (1 s + 2 s grace): unknown, with what the log had so far.
    let o = f.bench_vs(
        &["ric3"],
        &["--timeout", "1", "--filter", "/safe"],
        &[("PATH", &path), ("FAKE_RIC3_HANG", "1")],
    );
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    let csv = std::fs::read_to_string(f.path("out/results.csv")).unwrap();
    let r = row(&csv, "fam/safe.aag", "ric3");
    assert!(r.contains(",unknown,timeout,unsolved,"), "{csv}");
    assert!(
        r.contains(r#"""preprocessed"":"#) && !r.contains("sat_queries"),
        "{r}"
    );
}

#[test]
fn slurm_tasks_run_the_ric3_peer_and_import_compares_with_it() {
    let f = Fixture::new("slurm-ric3", GOOD);
    let path = f.with_fake_ric3();
    let job = f.path("job");
    // The current spellings: `emit slurm DIR SUITE` and `import DIR`.
    let suite = f.path("suite");
    let o = f.xtask(
        &[
            "emit",
            "slurm",
            job.to_str().unwrap(),
            suite.to_str().unwrap(),
            "--config",
            "ic3=--engine ic3",
            "--vs",
            "ric3",
            "--timeout",
            "5",
        ],
        &[("PATH", &path)],
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("then: cargo xtask import "),
        "{}",
        text(&o)
    );
    let tasks = std::fs::read_to_string(job.join("tasks.json")).unwrap();
    assert!(tasks.contains(r#""peers": ["#), "{tasks}");
    // Task 0 is fam/safe.aag.
    let o = Command::new(job.join("bin/xtask"))
        .args(["run-task", job.to_str().unwrap(), "0"])
        .env("PATH", &path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let out = f.path("imported");
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["import", job.to_str().unwrap(), "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        md.contains("| ric3 | `rIC3 -e ic3 FILE (-e rlive for a justice property)` |"),
        "{md}"
    );
    assert!(md.contains("### ic3 against ric3, file by file"), "{md}");
    assert!(md.contains("| fam/safe.aag | "), "{md}");
}
