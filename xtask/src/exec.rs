//! Executing a plan: every file's jobs (pdrkit configurations, then the peers), files in
//! parallel on `--jobs` workers, each answer checked and judged, with a progress bar and a
//! running tally. Also building the release binary.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};

use crate::peer::{self, Peer};
use crate::run::{run_limited, Ending, Limits, Measured, Scratch};
use crate::suite::Instance;
use crate::verdict::{judge, Check, Judgement, Record, Verdict};

/// A named pdrkit configuration: extra arguments to `pdrkit check`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// Its name in results.
    pub name: String,
    /// The extra arguments.
    pub args: Vec<String>,
}

impl Config {
    /// Parses `NAME=ARGS` (ARGS split like a shell would).
    pub fn parse(spec: &str) -> Result<Config> {
        let (name, args) = spec
            .split_once('=')
            .with_context(|| format!("--config `{spec}`: expected NAME=ARGS"))?;
        let name = name.trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c))
        {
            bail!("--config `{spec}`: the name must be letters, digits, - _ . +");
        }
        Ok(Config {
            name: name.to_string(),
            args: crate::shell::split_words(args)?,
        })
    }
}

/// One run to do on a file.
#[derive(Clone, Debug)]
pub enum Job {
    /// `pdrkit check` with a configuration and a time limit.
    Pdrkit {
        /// The configuration.
        config: Config,
        /// Its time limit in seconds.
        timeout: f64,
    },
    /// A peer tool with a time limit.
    Peer {
        /// Which.
        peer: Peer,
        /// Its time limit in seconds.
        timeout: f64,
    },
}

/// What every run shares.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The `pdrkit` binary.
    pub binary: PathBuf,
    /// Address-space limit in MiB.
    pub memory_mb: u64,
    /// Where to keep the witness or certificate of a WRONG or UNCHECKED answer.
    pub keep_dir: Option<PathBuf>,
    /// A second, outside check of every BTOR2 witness: `python3 btorsim.py check MODEL
    /// WITNESS` (the project's independent word-level simulator), when given.
    pub btorsim: Option<PathBuf>,
    /// The peers' liveness-to-safety reduction, `python3 aigtool.py l2s MODEL OUT`, which ABC
    /// needs to check a justice property (it cannot read `J`), when there is one.
    pub aigtool: Option<PathBuf>,
}

/// The grace period after the time limit before the hard kill.
pub fn grace(timeout: f64) -> f64 {
    (timeout * 0.1).clamp(2.0, 10.0)
}

/// An answer counts as in time when it came at most this long after the limit (start-up and
/// the process's own reaction time).
const LATE_TOLERANCE_S: f64 = 0.5;

fn check_limits(timeout: f64, memory_mb: u64) -> Limits {
    Limits {
        wall_s: (4.0 * timeout).max(60.0),
        memory_mb,
    }
}

fn has_option(args: &[String], name: &str) -> bool {
    args.iter()
        .any(|a| a == name || a.starts_with(&format!("{name}=")))
}

fn ending_name(m: &Measured) -> String {
    let stderr = m.stderr.to_ascii_lowercase();
    let memout = stderr.contains("memory allocation") || stderr.contains("out of memory");
    match m.ending {
        Ending::Killed => "timeout".into(),
        Ending::Exit(10 | 20 | 30) if !memout => format!("exit {}", m.code().unwrap_or(0)),
        _ if memout => "memout".into(),
        Ending::Exit(1) => "error".into(),
        Ending::Exit(c) => format!("exit {c}"),
        Ending::Signal(s) => format!("signal {s}"),
    }
}

/// Runs one pdrkit configuration on a file, checks and judges the answer.
pub fn run_pdrkit(inst: &Instance, config: &Config, timeout: f64, s: &Settings) -> Result<Record> {
    let scratch = Scratch::new(&format!("{}-{}", config.name, inst.rel))?;
    let dir = scratch.path();
    let witness = dir.join("witness.aiw");
    let certificate = dir.join("certificate.aag");
    let stats = dir.join("stats.json");
    let mut cmd = Command::new(&s.binary);
    cmd.arg("check").args(&config.args);
    if !has_option(&config.args, "--timeout") {
        cmd.arg("--timeout").arg(format!("{timeout}"));
    }
    if !has_option(&config.args, "--memory") && s.memory_mb > 0 {
        // pdrkit's own (soft) limit, below the hard address-space limit so that it can
        // answer `unknown` before an allocation fails.
        cmd.arg("--memory")
            .arg(format!("{}", (s.memory_mb * 9 / 10).max(1)));
    }
    cmd.arg("--witness")
        .arg(&witness)
        .arg("--certificate")
        .arg(&certificate)
        .arg("--stats-json")
        .arg(&stats)
        .arg(&inst.path);
    let limits = Limits {
        wall_s: timeout + grace(timeout),
        memory_mb: s.memory_mb,
    };
    let m = run_limited(cmd, limits, dir, "check")?;
    // The answer is the first line; an exit code of 10/20 under another first line is still
    // taken as that answer (and then fails its check: the output contract is broken).
    let claimed = match (m.ending, Verdict::from_first_line(&m.stdout)) {
        (Ending::Exit(_), v) if v.is_answer() => v,
        (Ending::Exit(10), _) => Verdict::Sat,
        (Ending::Exit(20), _) => Verdict::Unsat,
        _ => Verdict::Unknown,
    };
    let (check, check_s) = match claimed {
        Verdict::Unknown => (Check::NotRun, 0.0),
        v => check_answer(v, &m, inst, &witness, &certificate, timeout, s, dir)?,
    };
    let mut note = String::new();
    let in_time = m.wall_s <= timeout + LATE_TOLERANCE_S;
    let judgement = judge(inst.expected, claimed, &check, in_time);
    let ending = ending_name(&m);
    if let Check::Failed(why) = &check {
        note = why.clone();
    } else if judgement == Judgement::Wrong {
        note = format!("answered {claimed}, the manifest says {}", inst.expected);
    } else if !matches!(m.ending, Ending::Exit(10 | 20 | 30)) {
        note = m.first_error_line();
    } else if claimed.is_answer() && !in_time {
        note = "answered after the time limit".into();
    }
    if judgement.is_failure() {
        if let Some(keep) = &s.keep_dir {
            let artifact = if claimed == Verdict::Sat {
                &witness
            } else {
                &certificate
            };
            if let Some(kept) = keep_artifact(keep, &config.name, &inst.rel, artifact) {
                note = format!("{note} (kept {})", kept.display());
            }
        }
    }
    let stats = std::fs::read_to_string(&stats)
        .ok()
        .map(|t| match serde_json::from_str::<serde_json::Value>(&t) {
            Ok(v) => v.to_string(),
            Err(_) => t.trim().to_string(),
        })
        .unwrap_or_default();
    Ok(Record {
        file: inst.rel.clone(),
        config: config.name.clone(),
        peer: false,
        expected: inst.expected,
        verdict: claimed,
        ending,
        judgement,
        wall_s: m.wall_s,
        cpu_s: m.cpu_s,
        rss_mb: m.rss_mb,
        timeout_s: timeout,
        check: check.to_string(),
        check_s,
        stats,
        note,
    })
}

/// Checks an answer: the exit code must match it, and the witness must replay (`sat`) or the
/// certificate be valid (`unsat`). Returns the check and the seconds it took.
#[allow(clippy::too_many_arguments)]
fn check_answer(
    answer: Verdict,
    m: &Measured,
    inst: &Instance,
    witness: &Path,
    certificate: &Path,
    timeout: f64,
    s: &Settings,
    scratch: &Path,
) -> Result<(Check, f64)> {
    let (want, sub, artifact, what) = match answer {
        Verdict::Sat => (10, "replay", witness, "witness"),
        _ => (20, "certify", certificate, "certificate"),
    };
    if m.code() != Some(want) {
        let why = format!(
            "answered {answer} with exit code {} (expected {want})",
            m.code().map_or("none".to_string(), |c| c.to_string())
        );
        return Ok((Check::Failed(why), 0.0));
    }
    if Verdict::from_first_line(&m.stdout) != answer {
        let first = m.stdout.lines().next().unwrap_or("").trim().to_string();
        let why = format!("exit code {want} but the first line is `{first}`");
        return Ok((Check::Failed(why), 0.0));
    }
    if !artifact.is_file() {
        return Ok((Check::Failed(format!("no {what} written")), 0.0));
    }
    let mut c = Command::new(&s.binary);
    c.arg(sub).arg(&inst.path).arg(artifact);
    let cm = run_limited(c, check_limits(timeout, s.memory_mb), scratch, sub)?;
    let check = match cm.ending {
        Ending::Exit(0) => Check::Passed,
        Ending::Killed => Check::Failed(format!("`pdrkit {sub}` timed out")),
        _ => Check::Failed(format!(
            "`pdrkit {sub}` {}: {}",
            ending_name(&cm),
            cm.first_error_line()
        )),
    };
    let mut seconds = cm.wall_s;
    // A BTOR2 witness is replayed a second time, by a simulator outside the workspace: the
    // checker's word-level simulator and btorsim.py share no code.
    if let (Check::Passed, Verdict::Sat, Some(btorsim)) = (&check, answer, &s.btorsim) {
        if crate::suite::is_btor2(&inst.path) {
            let mut c = Command::new("python3");
            c.arg(btorsim).arg("check").arg(&inst.path).arg(artifact);
            let bm = run_limited(c, check_limits(timeout, s.memory_mb), scratch, "btorsim")?;
            seconds += bm.wall_s;
            if bm.ending != Ending::Exit(0) {
                let line = bm
                    .stdout
                    .lines()
                    .chain(bm.stderr.lines())
                    .find(|l| !l.is_empty());
                return Ok((
                    Check::Failed(format!(
                        "btorsim.py rejects the witness: {}",
                        line.unwrap_or("(no output)").trim()
                    )),
                    seconds,
                ));
            }
        }
    }
    Ok((check, seconds))
}

fn keep_artifact(keep: &Path, config: &str, rel: &str, artifact: &Path) -> Option<PathBuf> {
    if !artifact.is_file() {
        return None;
    }
    let dir = keep.join("failures").join(config);
    std::fs::create_dir_all(&dir).ok()?;
    let ext = artifact.extension()?.to_string_lossy().into_owned();
    let dest = dir.join(format!("{}.{ext}", rel.replace('/', "__")));
    std::fs::copy(artifact, &dest).ok()?;
    Some(dest)
}

/// Runs a peer on a file and judges its answer (peers' answers are not checked). rIC3's
/// statistics, parsed from its log, go into the record's `stats` like pdrkit's `--stats-json`.
pub fn run_peer(inst: &Instance, peer: Peer, timeout: f64, s: &Settings) -> Result<Record> {
    let scratch = Scratch::new(&format!("{}-{}", peer.name(), inst.rel))?;
    let abc = matches!(peer, Peer::Abc | Peer::AbcBmc);
    if abc && crate::suite::is_btor2(&inst.path) {
        return Ok(Record::error(
            &inst.rel,
            peer.name().into(),
            true,
            inst.expected,
            timeout,
            "ABC does not read BTOR2".into(),
        ));
    }
    let input = match peer {
        Peer::Abc | Peer::AbcBmc => {
            peer::abc_input(&inst.path, scratch.path(), s.aigtool.as_deref())
        }
        Peer::Ric3 => peer::ric3_input(&inst.path, scratch.path()),
    };
    let input = match input {
        Ok(p) => p,
        Err(e) => {
            return Ok(Record::error(
                &inst.rel,
                peer.name().into(),
                true,
                inst.expected,
                timeout,
                format!("cannot prepare the input: {e:#}"),
            ))
        }
    };
    let cmd = match peer {
        Peer::Abc | Peer::AbcBmc => peer::abc_command(peer, &input, timeout),
        Peer::Ric3 => peer::ric3_command(&input),
    };
    let limits = Limits {
        wall_s: timeout + grace(timeout),
        memory_mb: s.memory_mb,
    };
    let m = run_limited(cmd, limits, scratch.path(), peer.name())?;
    let (verdict, odd) = match (peer, m.ending) {
        (Peer::Abc | Peer::AbcBmc, Ending::Exit(_)) => (peer::parse_abc_status(&m.stdout), None),
        (Peer::Ric3, _) => peer::ric3_verdict(m.code(), &m.stdout),
        _ => (Verdict::Unknown, None),
    };
    let in_time = m.wall_s <= timeout + LATE_TOLERANCE_S;
    let judgement = judge(inst.expected, verdict, &Check::NotRun, in_time);
    let normal = m.code().is_some_and(|c| peer.normal_exit(c));
    let note = if judgement == Judgement::Wrong {
        format!("answered {verdict}, the manifest says {}", inst.expected)
    } else if let Some(why) = odd {
        why
    } else if !normal && peer == Peer::Ric3 {
        peer::ric3_error_line(&m.stderr)
    } else if !normal {
        m.first_error_line()
    } else if verdict.is_answer() && !in_time {
        "answered after the time limit".into()
    } else {
        String::new()
    };
    let stats = match peer {
        Peer::Abc | Peer::AbcBmc => String::new(),
        Peer::Ric3 => {
            let stats = peer::parse_ric3_log(&m.stderr);
            if stats.is_empty() {
                String::new()
            } else {
                serde_json::Value::Object(stats).to_string()
            }
        }
    };
    Ok(Record {
        file: inst.rel.clone(),
        config: peer.name().into(),
        peer: true,
        expected: inst.expected,
        verdict,
        ending: ending_name(&m),
        judgement,
        wall_s: m.wall_s,
        cpu_s: m.cpu_s,
        rss_mb: m.rss_mb,
        timeout_s: timeout,
        check: "-".into(),
        check_s: 0.0,
        stats,
        note,
    })
}

/// Runs one job; a failure to run at all becomes an `error` record rather than an abort.
pub fn run_job(inst: &Instance, job: &Job, s: &Settings) -> Record {
    let result = match job {
        Job::Pdrkit { config, timeout } => run_pdrkit(inst, config, *timeout, s),
        Job::Peer { peer, timeout } => run_peer(inst, *peer, *timeout, s),
    };
    result.unwrap_or_else(|e| {
        let (config, peer) = match job {
            Job::Pdrkit { config, .. } => (config.name.clone(), false),
            Job::Peer { peer, .. } => (peer.name().to_string(), true),
        };
        let timeout = match job {
            Job::Pdrkit { timeout, .. } | Job::Peer { timeout, .. } => *timeout,
        };
        Record::error(
            &inst.rel,
            config,
            peer,
            inst.expected,
            timeout,
            format!("could not run: {e:#}"),
        )
    })
}

/// The running tally shown next to the progress bar.
#[derive(Default)]
struct Tally {
    solved: AtomicUsize,
    wrong: AtomicUsize,
    unchecked: AtomicUsize,
    peer_wrong: AtomicUsize,
}

impl Tally {
    fn add(&self, r: &Record) {
        let counter = match (r.judgement, r.peer) {
            (Judgement::Solved, false) => &self.solved,
            (Judgement::Wrong, false) => &self.wrong,
            (Judgement::Unchecked, false) => &self.unchecked,
            (Judgement::Wrong, true) => &self.peer_wrong,
            _ => return,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn message(&self) -> String {
        let mut m = format!(
            "solved {}  wrong {}  unchecked {}",
            self.solved.load(Ordering::Relaxed),
            self.wrong.load(Ordering::Relaxed),
            self.unchecked.load(Ordering::Relaxed)
        );
        let pw = self.peer_wrong.load(Ordering::Relaxed);
        if pw > 0 {
            m.push_str(&format!("  peer wrong {pw}"));
        }
        m
    }
}

/// Runs every file's jobs (in order, file by file, so a peer's runs interleave with pdrkit's)
/// on `jobs` parallel workers. Returns the records in plan order.
pub fn run_plan(plan: &[(Instance, Vec<Job>)], s: &Settings, jobs: usize) -> Vec<Record> {
    in_plan_order(run_selected(plan, s, jobs, |_| true))
}

/// Runs pdrkit's jobs of every file on `jobs` workers first, then the peers' on `peer_jobs`
/// workers. The peers are single-threaded while pdrkit's portfolio is not: this way pdrkit
/// gets the machine alone (`--jobs 1`) and the peers still share it (`--peer-jobs 2`), in one
/// run. Returns the records in plan order, as [`run_plan`] does.
pub fn run_phased(
    plan: &[(Instance, Vec<Job>)],
    s: &Settings,
    jobs: usize,
    peer_jobs: usize,
) -> Vec<Record> {
    let is_peer = |j: &Job| matches!(j, Job::Peer { .. });
    let mut records = run_selected(plan, s, jobs, |j| !is_peer(j));
    records.extend(run_selected(plan, s, peer_jobs, is_peer));
    in_plan_order(records)
}

fn in_plan_order(mut records: Vec<(usize, usize, Record)>) -> Vec<Record> {
    records.sort_by_key(|(i, j, _)| (*i, *j));
    records.into_iter().map(|(_, _, r)| r).collect()
}

/// Runs the jobs that `select` keeps, files in parallel on `jobs` workers; each record comes
/// with its file's and its job's place in the plan.
fn run_selected(
    plan: &[(Instance, Vec<Job>)],
    s: &Settings,
    jobs: usize,
    select: impl Fn(&Job) -> bool + Sync,
) -> Vec<(usize, usize, Record)> {
    let total = plan
        .iter()
        .flat_map(|(_, js)| js)
        .filter(|j| select(j))
        .count();
    if total == 0 {
        return Vec::new();
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} runs  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let tally = Tally::default();
    bar.set_message(tally.message());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, usize, Record)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(plan.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((inst, file_jobs)) = plan.get(i) else {
                    break;
                };
                for (j, job) in file_jobs.iter().enumerate().filter(|(_, j)| select(j)) {
                    let record = run_job(inst, job, s);
                    tally.add(&record);
                    if record.judgement.is_failure()
                        || (record.peer && record.judgement == Judgement::Wrong)
                    {
                        let who = if record.peer { "peer " } else { "" };
                        let line = format!(
                            "!!! {} {who}{}: {} on {} ({})",
                            record.judgement.as_str(),
                            record.config,
                            record.verdict,
                            record.file,
                            record.note
                        );
                        if bar.is_hidden() {
                            eprintln!("{line}");
                        } else {
                            bar.println(line);
                        }
                    }
                    bar.set_message(tally.message());
                    bar.inc(1);
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, j, record));
                }
            });
        }
    });
    bar.finish_and_clear();
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Builds `target/release/pdrkit` (`cargo build --release -p pdrkit`) and returns its path.
pub fn build_release() -> Result<PathBuf> {
    let root = crate::workspace_root();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!("building: cargo build --release -p pdrkit");
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", "pdrkit"])
        .current_dir(&root)
        .status()
        .context("running cargo build")?;
    if !status.success() {
        bail!("`cargo build --release -p pdrkit` failed");
    }
    let binary = release_path();
    if !binary.is_file() {
        bail!("{} was not built", binary.display());
    }
    Ok(binary)
}

/// Where `cargo build --release -p pdrkit` puts the binary.
pub fn release_path() -> PathBuf {
    let root = crate::workspace_root();
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|t| if t.is_absolute() { t } else { root.join(t) })
        .unwrap_or_else(|| root.join("target"))
        .join("release")
        .join("pdrkit")
}

/// The binary to use: `--binary PATH` (hidden, for tests), the existing release build with
/// `--no-build`, or a fresh release build.
pub fn binary(explicit: Option<&str>, no_build: bool) -> Result<PathBuf> {
    match explicit {
        Some(p) => {
            let p = PathBuf::from(p);
            if !p.is_file() {
                bail!("--binary {}: no such file", p.display());
            }
            Ok(std::fs::canonicalize(&p).unwrap_or(p))
        }
        None if no_build => {
            let p = release_path();
            if !p.is_file() {
                bail!("--no-build: {} does not exist", p.display());
            }
            Ok(p)
        }
        None => build_release(),
    }
}
