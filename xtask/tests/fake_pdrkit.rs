//! End-to-end tests of `xtask regress` and `xtask bench` against a fake `pdrkit` (a shell
//! script that answers from the file name), on a temporary suite: a correct manifest passes, a
//! deliberately wrong manifest entry fails loudly with WRONG, a witness that does not replay
//! fails with UNCHECKED.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fake pdrkit: `check` answers `sat` for files named `*unsafe*`, `unsat` for `*safe*`
/// (bmc: `unknown`), and rejects engines other than ic3 and bmc like a clap CLI does.
/// `replay` fails when `$FAKE_REPLAY_FAILS` is set; `certify` always succeeds. With
/// `$FAKE_BAD_EXIT`, `sat` comes with exit code 20 and no witness (a broken output contract).
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
