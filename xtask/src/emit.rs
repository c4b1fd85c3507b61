//! Running a benchmark plan elsewhere: `emit slurm DIR` (a Slurm job array whose tasks run this
//! xtask's own runner: same limits, same checks), `emit benchexec DIR` (a BenchExec benchmark
//! definition and tool-info module), and `import DIR` (either's results back into
//! `results.csv`, `summary.md` and `cactus.svg`).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::exec::{self, Config, Settings};
use crate::peer::Peer;
use crate::plan::{self, BinaryArgs, Plan, PlanArgs};
use crate::shell::shell_quote;
use crate::suite::{Expected, Instance};
use crate::summary;
use crate::verdict::{judge, Check, Judgement, Record, Verdict};

/// `cargo xtask emit KIND DIR [SUITE] [OPTIONS]`.
#[derive(clap::Args, Debug)]
#[command(args_override_self = true)]
pub struct EmitArgs {
    /// `slurm`: a Slurm job array (DIR/job.sh), one task per file, each running every
    /// configuration and peer with this xtask's own limits and checks; `benchexec`: a BenchExec
    /// benchmark definition (DIR/pdrkit-bench.xml) and tool-info module, pdrkit only
    #[arg(value_name = "KIND", value_parser = ["slurm", "benchexec"])]
    pub kind: String,
    /// The folder to write (created if needed)
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    #[command(flatten)]
    pub plan: PlanArgs,
    #[command(flatten)]
    pub binary: BinaryArgs,
}

/// `cargo xtask import DIR [OPTIONS]`.
#[derive(clap::Args, Debug)]
#[command(args_override_self = true)]
pub struct ImportArgs {
    /// A folder written by `emit slurm` (its results/*.json), or any folder holding BenchExec
    /// result files (*.results.*.xml or .xml.bz2)
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Output folder [default: DIR]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub fallback: Fallback,
}

/// For BenchExec results without the `tasks.json` that `emit` writes: what the run was.
#[derive(clap::Args, Debug, Clone)]
pub struct Fallback {
    /// Without DIR/tasks.json: the suite the results are of (for its manifest)
    /// [default: ../shared/benchmarks beside the workspace]
    #[arg(long, value_name = "SUITE")]
    pub suite: Option<PathBuf>,
    /// Without DIR/tasks.json: the time limit the runs had, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Without DIR/tasks.json: the memory limit the runs had, in MiB
    #[arg(long = "memory", value_name = "MB", default_value_t = 4096)]
    pub memory_mb: u64,
}

/// `xtask run-task DIR [INDEX]` (hidden): one task of an emitted Slurm array.
#[derive(clap::Args, Debug)]
pub struct RunTaskArgs {
    /// The emitted folder
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The task's index [default: $SLURM_ARRAY_TASK_ID]
    #[arg(value_name = "INDEX")]
    pub index: Option<usize>,
}

/// What an emitted folder records about the run (`DIR/tasks.json`): enough for a Slurm task to
/// run its file and for `import` to summarise.
#[derive(Debug, Serialize, Deserialize)]
pub struct TaskFile {
    /// `slurm` or `benchexec`.
    pub kind: String,
    /// The suite folder.
    pub suite: PathBuf,
    /// The pdrkit binary the tasks run (a copy inside DIR).
    pub binary: PathBuf,
    /// Time limit per run.
    pub timeout: f64,
    /// Memory limit per run (MiB).
    pub memory_mb: u64,
    /// The configurations.
    pub configs: Vec<Config>,
    /// The peers' names, in order. Folders written before `--vs` was repeatable have
    /// `"peer": NAME` or `null` instead: read as the same field.
    #[serde(default, alias = "peer", deserialize_with = "one_or_many")]
    pub peers: Vec<String>,
    /// The files, in task order (task i = files\[i\]).
    pub files: Vec<Instance>,
}

impl TaskFile {
    fn load(dir: &Path) -> Result<TaskFile> {
        let path = dir.join("tasks.json");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }

    fn peers(&self) -> Result<Vec<Peer>> {
        self.peers.iter().map(|p| Peer::parse(p)).collect()
    }
}

/// `peers` as a list, or as the single name (or `null`) of older task files.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Option::<OneOrMany>::deserialize(d)? {
        None => Vec::new(),
        Some(OneOrMany::One(p)) => vec![p],
        Some(OneOrMany::Many(ps)) => ps,
    })
}

fn absolute(p: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(p).with_context(|| format!("creating {}", p.display()))?;
    std::fs::canonicalize(p).with_context(|| format!("resolving {}", p.display()))
}

fn copy_executable(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
    Ok(())
}

/// `emit KIND DIR`: writes the plan for Slurm or BenchExec.
pub fn emit(kind: &str, dir: &Path, plan: &Plan, bin: &BinaryArgs) -> Result<ExitCode> {
    if kind != "slurm" && kind != "benchexec" {
        bail!("emit {kind}: expected slurm or benchexec");
    }
    let dir = absolute(dir)?;
    let mut files = plan.load_suite()?;
    for f in &mut files {
        f.path = std::fs::canonicalize(&f.path).unwrap_or_else(|_| f.path.clone());
    }
    let suite = std::fs::canonicalize(&plan.suite).unwrap_or_else(|_| plan.suite.clone());
    let peers = if kind == "benchexec" {
        if !plan.peers.is_empty() {
            println!("note: the BenchExec definition runs pdrkit only: --vs is ignored there");
        }
        Vec::new()
    } else {
        // Checked here, where the tasks are written: a Slurm cluster's nodes normally see
        // the same software as the node the job is submitted from.
        let (peers, skipped) = crate::peer::usable(&plan.peers)?;
        for note in &skipped {
            println!("note: {note}");
        }
        peers
    };
    let built = exec::binary(bin.binary.as_deref(), bin.no_build)?;
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin)?;
    let binary = bin.join("pdrkit");
    copy_executable(&built, &binary)?;
    let tasks = TaskFile {
        kind: kind.into(),
        suite,
        binary,
        timeout: plan.timeout,
        memory_mb: plan.memory_mb,
        configs: plan.configs.clone(),
        peers: peers.iter().map(|p| p.name().to_string()).collect(),
        files,
    };
    std::fs::write(
        dir.join("tasks.json"),
        serde_json::to_string_pretty(&tasks)?,
    )?;
    let list: String = tasks
        .files
        .iter()
        .map(|f| format!("{}\n", f.path.display()))
        .collect();
    std::fs::write(dir.join("files.txt"), &list)?;
    if kind == "slurm" {
        let me = std::env::current_exe().context("locating the xtask binary")?;
        copy_executable(&me, &bin.join("xtask"))?;
        std::fs::create_dir_all(dir.join("results"))?;
        std::fs::create_dir_all(dir.join("logs"))?;
        let script = slurm_script(&dir, &tasks);
        let path = dir.join("job.sh");
        std::fs::write(&path, script)?;
        set_executable(&path)?;
        println!(
            "wrote {} ({} tasks). Submit with: sbatch {}\nthen: cargo xtask import {}",
            path.display(),
            tasks.files.len(),
            path.display(),
            dir.display()
        );
    } else {
        let set = dir.join("pdrkit.set");
        std::fs::write(&set, &list)?;
        std::fs::write(dir.join("pdrkit-bench.xml"), benchexec_definition(&tasks))?;
        let module = dir.join("pdrkit_benchexec");
        std::fs::create_dir_all(&module)?;
        std::fs::write(
            module.join("__init__.py"),
            "\"\"\"BenchExec tool-info package for pdrkit (written by `cargo xtask emit benchexec`).\"\"\"\n",
        )?;
        std::fs::write(module.join("pdrkit.py"), BENCHEXEC_TOOL)?;
        let run = dir.join("run-benchexec.sh");
        std::fs::write(
            &run,
            format!(
                "#!/bin/sh\n# Runs the emitted benchmark with BenchExec (pip install benchexec).\n\
                 cd {d} && PYTHONPATH={d} exec benchexec pdrkit-bench.xml --tool-directory {d}/bin \
                 --outputpath {d}/results/ \"$@\"\n",
                d = shell_quote(&dir.display().to_string())
            ),
        )?;
        set_executable(&run)?;
        println!(
            "wrote {}/pdrkit-bench.xml and the tool-info module pdrkit_benchexec.pdrkit.\n\
             Run: {}\nthen: cargo xtask import {}",
            dir.display(),
            run.display(),
            dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn set_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mut perm = std::fs::metadata(path)?.permissions();
    perm.set_mode(0o755);
    std::fs::set_permissions(path, perm)?;
    Ok(())
}

fn slurm_script(dir: &Path, t: &TaskFile) -> String {
    let runs = t.configs.len() + t.peers.len();
    // Every run to its hard limit, every check to its own, plus a margin.
    let per_run = t.timeout + exec::grace(t.timeout);
    let checks = t.configs.len() as f64 * (4.0 * t.timeout).max(60.0);
    let minutes = ((runs as f64 * per_run + checks + 120.0) / 60.0).ceil() as u64;
    let d = shell_quote(&dir.display().to_string());
    let mut s = String::new();
    let _ = writeln!(s, "#!/bin/bash");
    let _ = writeln!(
        s,
        "# pdrkit benchmark as a Slurm job array: one task per file of {}.",
        dir.join("files.txt").display()
    );
    let _ = writeln!(
        s,
        "# Each task runs `xtask run-task`: every configuration under the same limits as"
    );
    let _ = writeln!(
        s,
        "# `cargo xtask bench`, each answer checked, the result as JSON in results/<index>.json."
    );
    let _ = writeln!(s, "#SBATCH --job-name=pdrkit-bench");
    let _ = writeln!(s, "#SBATCH --array=0-{}", t.files.len().saturating_sub(1));
    let _ = writeln!(s, "#SBATCH --ntasks=1");
    let _ = writeln!(s, "#SBATCH --cpus-per-task=1");
    let _ = writeln!(s, "#SBATCH --mem={}M", t.memory_mb + 512);
    let _ = writeln!(s, "#SBATCH --time={minutes}");
    let _ = writeln!(s, "#SBATCH --output={}/logs/%a.out", dir.display());
    let _ = writeln!(s, "#SBATCH --error={}/logs/%a.err", dir.display());
    let _ = writeln!(s, "set -eu");
    let _ = writeln!(
        s,
        "exec {d}/bin/xtask run-task {d} \"${{SLURM_ARRAY_TASK_ID:?not inside a Slurm array job}}\""
    );
    s
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

fn xml_unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

fn benchexec_definition(t: &TaskFile) -> String {
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0"?>"#);
    let _ = writeln!(
        s,
        r#"<!DOCTYPE benchmark PUBLIC "+//IDN sosy-lab.org//DTD BenchExec benchmark 2.3//EN" "https://www.sosy-lab.org/benchexec/benchmark-2.3.dtd">"#
    );
    let _ = writeln!(
        s,
        "<!-- pdrkit benchmark, written by `cargo xtask bench` (emit benchexec). BenchExec \
         measures in SI units:\n     memlimit is the xtask's {} MiB. -->",
        t.memory_mb
    );
    let _ = writeln!(
        s,
        r#"<benchmark tool="pdrkit_benchexec.pdrkit" timelimit="{}s" hardtimelimit="{}s" memlimit="{} MB" cpuCores="1">"#,
        t.timeout.ceil(),
        (t.timeout + exec::grace(t.timeout)).ceil(),
        (t.memory_mb as f64 * 1.048_576).ceil()
    );
    for c in &t.configs {
        let _ = writeln!(s, r#"  <rundefinition name="{}">"#, xml_escape(&c.name));
        for a in &c.args {
            let _ = writeln!(s, r#"    <option name="{}"/>"#, xml_escape(a));
        }
        let _ = writeln!(s, "  </rundefinition>");
    }
    let _ = writeln!(s, r#"  <tasks name="suite">"#);
    let _ = writeln!(s, "    <includesfile>pdrkit.set</includesfile>");
    let _ = writeln!(s, "  </tasks>");
    let _ = writeln!(s, "</benchmark>");
    s
}

/// The BenchExec tool-info module for pdrkit.
const BENCHEXEC_TOOL: &str = r#""""BenchExec tool-info module for pdrkit (written by `cargo xtask emit benchexec`)."""

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """
    pdrkit: a hardware model checker for AIGER safety properties (IC3/PDR, BMC, k-induction).
    Runs `pdrkit check [OPTIONS] --timeout <cpu time limit> MODEL`.
    Answers: `unsat` (safe, exit 20) -> true, `sat` (unsafe, exit 10) -> false,
    `unknown` (exit 30) -> unknown, anything else -> error.
    """

    def executable(self, tool_locator):
        return tool_locator.find_executable("pdrkit")

    def name(self):
        return "pdrkit"

    def version(self, executable):
        return self._version_from_tool(executable).replace("pdrkit", "").strip()

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "check"] + list(options)
        limit = rlimits.cputime or rlimits.walltime
        if limit and "--timeout" not in options:
            cmd += ["--timeout", str(limit)]
        return cmd + [task.single_input_file]

    def determine_result(self, run):
        answer = ""
        for line in run.output:
            if line.strip():
                answer = line.strip()
                break
        code = run.exit_code.value
        if answer == "unsat" and code == 20:
            return result.RESULT_TRUE_PROP
        if answer == "sat" and code == 10:
            return result.RESULT_FALSE_PROP
        if code == 30 or answer == "unknown":
            return result.RESULT_UNKNOWN
        if run.was_timeout:
            return "TIMEOUT"
        if code is None:
            return result.RESULT_ERROR + " (signal {})".format(run.exit_code.signal)
        return result.RESULT_ERROR + " (exit {})".format(code)
"#;

/// Hidden `run-task DIR [INDEX]`: one Slurm array task (INDEX defaults to
/// `$SLURM_ARRAY_TASK_ID`). Writes `DIR/results/INDEX.json`: the file's records.
pub fn run_task(args: &RunTaskArgs) -> Result<ExitCode> {
    let dir = args.dir.clone();
    let index: usize = match args.index {
        Some(i) => i,
        None => std::env::var("SLURM_ARRAY_TASK_ID")
            .context("no INDEX and no SLURM_ARRAY_TASK_ID")?
            .parse()
            .context("SLURM_ARRAY_TASK_ID")?,
    };
    let tasks = TaskFile::load(&dir)?;
    let inst = tasks
        .files
        .get(index)
        .with_context(|| format!("task {index}: there are {} files", tasks.files.len()))?;
    let settings = Settings {
        binary: tasks.binary.clone(),
        memory_mb: tasks.memory_mb,
        keep_dir: Some(dir.clone()),
        btorsim: None,
        aigtool: None,
    };
    let records: Vec<_> = plan::jobs(&tasks.configs, &tasks.peers()?, tasks.timeout)
        .iter()
        .map(|job| exec::run_job(inst, job, &settings))
        .collect();
    let results = dir.join("results");
    std::fs::create_dir_all(&results)?;
    let tmp = results.join(format!(".{index}.json.tmp"));
    std::fs::write(&tmp, serde_json::to_string_pretty(&records)?)?;
    std::fs::rename(&tmp, results.join(format!("{index}.json")))?;
    for r in &records {
        println!(
            "{} {} {} {} {:.2}s {}",
            r.file,
            r.config,
            r.verdict,
            r.judgement.as_str(),
            r.wall_s,
            r.note
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `import DIR`: a Slurm folder (`tasks.json` + `results/*.json`) or BenchExec results
/// (`*.results.*.xml[.bz2]` anywhere under DIR); written to `out` (default DIR).
pub fn import(dir: &Path, fallback: &Fallback, out: Option<&Path>) -> Result<ExitCode> {
    let tasks = TaskFile::load(dir).ok();
    let slurm = tasks.as_ref().is_some_and(|t| t.kind == "slurm");
    let (records, instances, configs, timeout, memory, missing) = if slurm {
        let t = tasks.context("tasks.json")?;
        let (records, missing) = import_slurm(dir, &t)?;
        let configs = plan::config_lines(&t.configs, &t.peers()?, t.timeout);
        (records, t.files, configs, t.timeout, t.memory_mb, missing)
    } else {
        let (suite, timeout, memory) = match &tasks {
            Some(t) => (t.suite.clone(), t.timeout, t.memory_mb),
            None => (
                fallback.suite.clone().unwrap_or_else(plan::default_suite),
                fallback.timeout,
                fallback.memory_mb,
            ),
        };
        let instances = match &tasks {
            Some(t) => t.files.clone(),
            None => crate::suite::load(&suite, None).unwrap_or_default(),
        };
        let records = import_benchexec(dir, &suite, &instances, timeout)?;
        let configs = match &tasks {
            Some(t) => plan::config_lines(&t.configs, &[], t.timeout),
            None => vec![],
        };
        (records, instances, configs, timeout, memory, Vec::new())
    };
    if records.is_empty() {
        bail!("no results found under {}", dir.display());
    }
    let mut records = records;
    let order = |name: &str| {
        configs
            .iter()
            .position(|(n, _)| n == name)
            .unwrap_or(usize::MAX)
    };
    records.sort_by(|a, b| {
        (a.file.as_str(), order(&a.config), a.config.as_str()).cmp(&(
            b.file.as_str(),
            order(&b.config),
            b.config.as_str(),
        ))
    });
    let out = out.map_or_else(|| dir.to_path_buf(), Path::to_path_buf);
    let mut setup = vec![
        format!("imported from {}", summary::shown_path(dir)),
        format!("timeout {timeout} s, memory {memory} MiB"),
    ];
    if !slurm {
        setup.push(
            "BenchExec runs: answers taken from its `status` column, not replayed or certified"
                .into(),
        );
    }
    if !missing.is_empty() {
        setup.push(format!(
            "{} task(s) have no result file (not run or still running): {:?}",
            missing.len(),
            &missing[..missing.len().min(20)]
        ));
        eprintln!("warning: {} task(s) have no result file", missing.len());
    }
    let ctx = summary::Report {
        title: format!("pdrkit bench (imported): {}", summary::shown_path(dir)),
        setup,
        configs: configs.clone(),
        instances: &instances,
    };
    summary::write_all(&out, &records, &ctx)?;
    Ok(summary::finish(&records, &configs, &out))
}

fn import_slurm(dir: &Path, t: &TaskFile) -> Result<(Vec<Record>, Vec<usize>)> {
    let mut records = Vec::new();
    let mut missing = Vec::new();
    for i in 0..t.files.len() {
        let path = dir.join("results").join(format!("{i}.json"));
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let recs: Vec<Record> = serde_json::from_str(&text)
                    .with_context(|| format!("parsing {}", path.display()))?;
                records.extend(recs);
            }
            Err(_) => missing.push(i),
        }
    }
    Ok((records, missing))
}

fn attributes(s: &str) -> HashMap<String, String> {
    let re = Regex::new(r#"([A-Za-z_][\w:.-]*)\s*=\s*"([^"]*)""#).expect("attribute regex");
    re.captures_iter(s)
        .map(|c| (c[1].to_string(), xml_unescape(&c[2])))
        .collect()
}

/// A BenchExec number with a unit suffix (`12.3s`, `456B`).
fn number_with_unit(s: &str) -> Option<f64> {
    s.trim()
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .trim()
        .parse()
        .ok()
}

fn read_maybe_bz2(path: &Path) -> Result<String> {
    if path.extension().is_some_and(|e| e == "bz2") {
        let out = std::process::Command::new("bzip2")
            .arg("-dc")
            .arg(path)
            .output()
            .context("running bzip2 -dc (apt-get install bzip2)")?;
        if !out.status.success() {
            bail!("bzip2 -dc {} failed", path.display());
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
    }
}

fn find_result_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            find_result_files(&path, out)?;
        } else {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if name.contains(".results.") && (name.ends_with(".xml") || name.ends_with(".xml.bz2"))
            {
                out.push(path);
            }
        }
    }
    Ok(())
}

/// Maps a BenchExec status to a verdict.
fn benchexec_verdict(status: &str) -> Verdict {
    let s = status.trim();
    if s.starts_with("true") {
        Verdict::Unsat
    } else if s.starts_with("false") {
        Verdict::Sat
    } else {
        Verdict::Unknown
    }
}

fn import_benchexec(
    dir: &Path,
    suite: &Path,
    instances: &[Instance],
    default_timeout: f64,
) -> Result<Vec<Record>> {
    let mut files = Vec::new();
    find_result_files(dir, &mut files)?;
    files.sort();
    let suite = std::fs::canonicalize(suite).unwrap_or_else(|_| suite.to_path_buf());
    let expected: HashMap<&str, Expected> = instances
        .iter()
        .map(|i| (i.rel.as_str(), i.expected))
        .collect();
    let root_re = Regex::new(r"(?s)<result\b([^>]*)>").expect("regex");
    let run_re = Regex::new(r"(?s)<run\b([^>]*?)(?:/>|>(.*?)</run>)").expect("regex");
    let col_re = Regex::new(r"<column\b([^>]*?)/?>").expect("regex");
    let mut seen = HashSet::new();
    let mut records = Vec::new();
    for file in files {
        let text = read_maybe_bz2(&file)?;
        let Some(root) = root_re.captures(&text) else {
            continue;
        };
        let root = attributes(&root[1]);
        let mut config = root
            .get("name")
            .cloned()
            .unwrap_or_else(|| "default".into());
        if let Some(block) = root.get("block") {
            if let Some(stripped) = config.strip_suffix(&format!(".{block}")) {
                config = stripped.to_string();
            } else if config == *block {
                config = "default".into();
            }
        }
        let timeout = root
            .get("timelimit")
            .and_then(|t| number_with_unit(t))
            .unwrap_or(default_timeout);
        let xml_dir = file.parent().unwrap_or(dir).to_path_buf();
        for run in run_re.captures_iter(&text) {
            let attrs = attributes(&run[1]);
            let Some(name) = attrs.get("name") else {
                continue;
            };
            let rel = task_rel(name, &xml_dir, &suite, instances);
            if !seen.insert((config.clone(), rel.clone())) {
                continue; // the same run in a per-block file
            }
            let mut cols: HashMap<String, String> = HashMap::new();
            if let Some(body) = run.get(2) {
                for c in col_re.captures_iter(body.as_str()) {
                    let a = attributes(&c[1]);
                    if let (Some(t), Some(v)) = (a.get("title"), a.get("value")) {
                        cols.insert(t.clone(), v.clone());
                    }
                }
            }
            let status = cols.get("status").cloned().unwrap_or_default();
            let verdict = benchexec_verdict(&status);
            let cpu = cols
                .get("cputime")
                .and_then(|v| number_with_unit(v))
                .unwrap_or(0.0);
            let wall = cols
                .get("walltime")
                .and_then(|v| number_with_unit(v))
                .unwrap_or(cpu);
            let exp = expected
                .get(rel.as_str())
                .copied()
                .unwrap_or(Expected::Unknown);
            let in_time = cpu.max(wall) <= timeout + 0.5;
            let judgement = judge(exp, verdict, &Check::NotRun, in_time);
            records.push(Record {
                file: rel,
                config: config.clone(),
                peer: false,
                expected: exp,
                verdict,
                ending: status.to_lowercase(),
                judgement,
                wall_s: wall,
                cpu_s: cpu,
                rss_mb: cols
                    .get("memory")
                    .and_then(|v| number_with_unit(v))
                    .map_or(0.0, |b| b / 1_048_576.0),
                timeout_s: timeout,
                check: "-".into(),
                check_s: 0.0,
                stats: String::new(),
                note: if judgement == Judgement::Wrong {
                    format!("answered {verdict}, the manifest says {exp}")
                } else {
                    String::new()
                },
            });
        }
    }
    Ok(records)
}

/// The suite-relative path of a BenchExec run name (relative to its XML file, or absolute).
fn task_rel(name: &str, xml_dir: &Path, suite: &Path, instances: &[Instance]) -> String {
    let joined = xml_dir.join(name);
    if let Ok(abs) = std::fs::canonicalize(&joined) {
        if let Ok(rel) = abs.strip_prefix(suite) {
            return rel.to_string_lossy().replace('\\', "/");
        }
        if let Some(i) = instances.iter().find(|i| i.path == abs) {
            return i.rel.clone();
        }
    }
    instances
        .iter()
        .filter(|i| name.ends_with(&i.rel))
        .max_by_key(|i| i.rel.len())
        .map(|i| i.rel.clone())
        .unwrap_or_else(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Scratch;

    fn inst(dir: &Path, rel: &str, expected: Expected) -> Instance {
        Instance {
            path: dir.join(rel),
            rel: rel.into(),
            expected,
            abc_seconds: Some(0.1),
            ric3_seconds: None,
            twin: None,
        }
    }

    fn fallback(suite: &Path) -> Fallback {
        Fallback {
            suite: Some(suite.to_path_buf()),
            timeout: 10.0,
            memory_mb: 1000,
        }
    }

    #[test]
    fn benchexec_results_are_imported() {
        let s = Scratch::new("import-bx").unwrap();
        let suite = s.path().join("suite");
        std::fs::create_dir_all(suite.join("fam")).unwrap();
        for f in ["a.aig", "b.aig", "c.aig"] {
            std::fs::write(suite.join("fam").join(f), "aig 0 0 0 0 0\n").unwrap();
        }
        std::fs::write(
            suite.join("MANIFEST.tsv"),
            "file\texpected\nfam/a.aig\tsafe\nfam/b.aig\tunsafe\nfam/c.aig\tsafe\n",
        )
        .unwrap();
        let results = s.path().join("bx/results");
        std::fs::create_dir_all(&results).unwrap();
        // Names relative to the XML file, as BenchExec writes them.
        let xml = r#"<?xml version="1.0"?>
<!DOCTYPE result PUBLIC "+//IDN sosy-lab.org//DTD BenchExec result 2.3//EN" "https://www.sosy-lab.org/benchexec/result-2.3.dtd">
<result benchmarkname="pdrkit-bench" date="2024-01-01 00:00:00 UTC" name="ic3.suite" block="suite" timelimit="10s" tool="pdrkit">
  <columns><column title="status"/><column title="cputime"/><column title="walltime"/></columns>
  <run files="[../../suite/fam/a.aig]" name="../../suite/fam/a.aig">
    <column title="cputime" value="1.5s"/>
    <column title="memory" value="10485760B"/>
    <column title="status" value="true"/>
    <column title="walltime" value="1.6s"/>
  </run>
  <run files="[../../suite/fam/b.aig]" name="../../suite/fam/b.aig">
    <column title="cputime" value="10.02s"/>
    <column title="status" value="TIMEOUT"/>
    <column title="walltime" value="10.1s"/>
  </run>
  <run files="[../../suite/fam/c.aig]" name="../../suite/fam/c.aig">
    <column title="cputime" value="0.5s"/>
    <column title="status" value="false"/>
    <column title="walltime" value="0.6s"/>
  </run>
</result>
"#;
        std::fs::write(
            results.join("pdrkit-bench.2024-01-01_00-00-00.results.ic3.suite.xml"),
            xml,
        )
        .unwrap();
        // The same runs compressed in a second file must not be counted twice.
        let plain = results.join("pdrkit-bench.2024-01-01_00-00-00.results.ic3.xml");
        std::fs::write(
            &plain,
            xml.replace(" block=\"suite\"", "")
                .replace("ic3.suite", "ic3"),
        )
        .unwrap();
        // Compressed as BenchExec does by default, when bzip2 is there to read it back.
        let _ = std::process::Command::new("bzip2").arg(&plain).status();

        let out = s.path().join("out");
        let code = import(&s.path().join("bx"), &fallback(&suite), Some(&out)).unwrap();
        assert_eq!(code, ExitCode::FAILURE, "c.aig is answered wrongly");
        let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
        assert_eq!(csv.lines().count(), 4, "{csv}");
        assert!(csv.contains("fam/a.aig,ic3,false,safe,unsat,true,ok,1.600,1.500,10.0,10,"));
        assert!(csv.contains("fam/b.aig,ic3,false,unsafe,unknown,timeout,unsolved"));
        assert!(csv.contains("fam/c.aig,ic3,false,safe,sat,false,WRONG"));
        let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(md.contains("| ic3 | 1 | 0 | 1 | 3 |"), "{md}");
        assert!(out.join("cactus.svg").is_file());
    }

    #[test]
    fn slurm_results_are_imported() {
        let s = Scratch::new("import-slurm").unwrap();
        let dir = s.path().join("job");
        std::fs::create_dir_all(dir.join("results")).unwrap();
        let files = vec![
            inst(s.path(), "x/a.aig", Expected::Safe),
            inst(s.path(), "x/b.aig", Expected::Unsafe),
            inst(s.path(), "x/c.aig", Expected::Unsafe),
        ];
        let tasks = TaskFile {
            kind: "slurm".into(),
            suite: s.path().to_path_buf(),
            binary: "/bin/true".into(),
            timeout: 10.0,
            memory_mb: 1000,
            configs: vec![Config {
                name: "ic3".into(),
                args: vec!["--engine".into(), "ic3".into()],
            }],
            peers: vec!["abc".into()],
            files,
        };
        std::fs::write(
            dir.join("tasks.json"),
            serde_json::to_string(&tasks).unwrap(),
        )
        .unwrap();
        let rec = |file: &str, config: &str, v: Verdict, j: Judgement, wall: f64| {
            let mut r = crate::verdict::tests::rec(file, config, v, j, wall);
            r.expected = Expected::Safe;
            r
        };
        let r0 = vec![
            rec("x/a.aig", "ic3", Verdict::Unsat, Judgement::Solved, 0.4),
            rec("x/a.aig", "abc", Verdict::Unsat, Judgement::Solved, 0.8),
        ];
        let r1 = vec![
            rec("x/b.aig", "ic3", Verdict::Sat, Judgement::Solved, 0.3),
            rec(
                "x/b.aig",
                "abc",
                Verdict::Unknown,
                Judgement::Unsolved,
                10.5,
            ),
        ];
        std::fs::write(
            dir.join("results/0.json"),
            serde_json::to_string(&r0).unwrap(),
        )
        .unwrap();
        std::fs::write(
            dir.join("results/1.json"),
            serde_json::to_string(&r1).unwrap(),
        )
        .unwrap();
        // Task 2 has no result: reported as missing, not fatal.
        let out = s.path().join("out");
        let code = import(&dir, &fallback(s.path()), Some(&out)).unwrap();
        assert_eq!(code, ExitCode::SUCCESS);
        let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(md.contains("| ic3 | 1 | 1 | 2 | 2 | 1 |"), "{md}");
        assert!(md.contains("## Versus abc"));
        assert!(md.contains("1 task(s) have no result file"));
        let svg = std::fs::read_to_string(out.join("cactus.svg")).unwrap();
        assert_eq!(svg.matches("<polyline").count(), 2);
    }

    #[test]
    fn emitted_files() {
        let t = TaskFile {
            kind: "benchexec".into(),
            suite: "/s".into(),
            binary: "/b/pdrkit".into(),
            timeout: 60.0,
            memory_mb: 4096,
            configs: vec![Config {
                name: "bmc<1>".into(),
                args: vec!["--engine".into(), "bmc".into()],
            }],
            peers: vec![],
            files: vec![inst(Path::new("/s"), "a.aig", Expected::Safe)],
        };
        let xml = benchexec_definition(&t);
        assert!(xml.contains(r#"timelimit="60s" hardtimelimit="66s" memlimit="4295 MB""#));
        assert!(xml.contains(r#"<rundefinition name="bmc&lt;1&gt;">"#));
        assert!(xml.contains(r#"<option name="--engine"/>"#));
        // XML comments must not contain "--".
        for comment in xml.split("<!--").skip(1) {
            let body = comment.split("-->").next().unwrap();
            assert!(!body.contains("--"), "{body}");
        }
        let sh = slurm_script(Path::new("/j"), &t);
        assert!(sh.contains("#SBATCH --array=0-0"));
        assert!(sh.contains("#SBATCH --mem=4608M"));
        assert!(sh.contains("/j/bin/xtask run-task /j"));
        assert_eq!(benchexec_verdict("false(unreach-call)"), Verdict::Sat);
        assert_eq!(benchexec_verdict("OUT OF MEMORY"), Verdict::Unknown);
    }

    #[test]
    fn task_files_of_every_age_name_their_peers() {
        let t = TaskFile {
            kind: "slurm".into(),
            suite: "/s".into(),
            binary: "/b/pdrkit".into(),
            timeout: 60.0,
            memory_mb: 4096,
            configs: vec![],
            peers: vec!["ric3".into(), "abc".into()],
            files: vec![],
        };
        let json = serde_json::to_string(&t).unwrap();
        assert!(json.contains(r#""peers":["ric3","abc"]"#), "{json}");
        let back: TaskFile = serde_json::from_str(&json).unwrap();
        assert_eq!(back.peers().unwrap(), vec![Peer::Ric3, Peer::Abc]);
        // Written before `--vs` was repeatable: one name, null, or nothing.
        let old = json.replace(r#""peers":["ric3","abc"]"#, r#""peer":"abc""#);
        let back: TaskFile = serde_json::from_str(&old).unwrap();
        assert_eq!(back.peers().unwrap(), vec![Peer::Abc]);
        let old = json.replace(r#""peers":["ric3","abc"]"#, r#""peer":null"#);
        assert!(serde_json::from_str::<TaskFile>(&old)
            .unwrap()
            .peers
            .is_empty());
        let old = json.replace(r#""peers":["ric3","abc"],"#, "");
        assert!(serde_json::from_str::<TaskFile>(&old)
            .unwrap()
            .peers
            .is_empty());
        let sh = slurm_script(Path::new("/j"), &t);
        assert!(
            sh.contains("#SBATCH --time=5"),
            "two peer runs of 66 s: {sh}"
        );
    }
}
