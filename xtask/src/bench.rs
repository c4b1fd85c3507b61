//! `cargo xtask bench`: runs the configurations (and the peers) on a suite, or emits the same
//! runs for Slurm / BenchExec, or imports their results; then writes the result files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use regex::Regex;

use crate::exec::{self, Config, Job, Settings};
use crate::peer::Peer;
use crate::suite::{self, Instance};
use crate::summary;
use crate::verdict::Record;

/// Everything `bench` was asked to do.
pub struct Options {
    /// The suite folder.
    pub suite: PathBuf,
    /// Time limit per run.
    pub timeout: f64,
    /// Memory limit per run (MiB).
    pub memory_mb: u64,
    /// The configurations.
    pub configs: Vec<Config>,
    /// The peers (`--vs`, repeatable), in the order given, each once.
    pub peers: Vec<Peer>,
    /// Parallel files.
    pub jobs: usize,
    /// Filter on relative paths.
    pub filter: Option<Regex>,
    /// Output folder.
    pub out: Option<PathBuf>,
    /// A given binary (hidden option, for tests).
    pub binary: Option<String>,
    /// Use the existing release binary instead of building it.
    pub no_build: bool,
}

/// The default suite: `../shared/benchmarks` from the workspace root.
pub fn default_suite() -> PathBuf {
    let p = crate::workspace_root().join("../shared/benchmarks");
    std::fs::canonicalize(&p).unwrap_or(p)
}

/// Today's UTC date and time as `YYYY-MM-DD_HH-MM-SS` (for default output folders).
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}_{:02}-{:02}-{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

fn host() -> String {
    std::fs::read_to_string("/etc/hostname")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Entry point.
pub fn main(argv: &[String]) -> Result<ExitCode> {
    let p = crate::args::parse(
        argv,
        &[
            "timeout", "memory", "config", "vs", "jobs", "filter", "out", "emit", "import",
            "binary",
        ],
        &["no-build"],
    )?;
    if p.positional.len() > 2 {
        bail!(
            "bench takes at most one SUITE folder (got {:?})",
            p.positional
        );
    }
    let emit = p.last("emit").map(str::to_string);
    let mut positional = p.positional.clone();
    // `--emit slurm DIR`: DIR is the word after the kind.
    let emit = match emit {
        Some(kind) => {
            let (kind, dir) = match kind.split_once('=') {
                Some((k, d)) => (k.to_string(), d.to_string()),
                None => {
                    if positional.is_empty() {
                        bail!("--emit {kind} needs a folder: --emit {kind} DIR");
                    }
                    let dir = positional.pop().unwrap_or_default();
                    (kind, dir)
                }
            };
            Some((kind, PathBuf::from(dir)))
        }
        None => None,
    };
    if positional.len() > 1 {
        bail!("bench takes at most one SUITE folder (got {positional:?})");
    }
    let mut configs = Vec::new();
    for spec in p.all("config") {
        let c = Config::parse(spec)?;
        let reserved = Peer::ALL.iter().any(|p| p.name() == c.name);
        if configs.iter().any(|o: &Config| o.name == c.name) || reserved {
            bail!("configuration name `{}` is used twice or reserved", c.name);
        }
        configs.push(c);
    }
    let mut peers = Vec::new();
    for name in p.all("vs") {
        let peer = Peer::parse(name)?;
        if !peers.contains(&peer) {
            peers.push(peer);
        }
    }
    if configs.is_empty() {
        configs.push(Config {
            name: "default".into(),
            args: vec![],
        });
    }
    let opts = Options {
        suite: positional
            .first()
            .map(PathBuf::from)
            .unwrap_or_else(default_suite),
        timeout: p.number("timeout")?.unwrap_or(60.0),
        memory_mb: p.number("memory")?.unwrap_or(4096),
        configs,
        peers,
        jobs: p.number("jobs")?.unwrap_or(1),
        filter: p
            .last("filter")
            .map(Regex::new)
            .transpose()
            .context("--filter")?,
        out: p.last("out").map(PathBuf::from),
        binary: p.last("binary").map(str::to_string),
        no_build: p.flag("no-build"),
    };
    if opts.timeout <= 0.0 {
        bail!("--timeout must be positive");
    }
    if let Some(dir) = p.last("import") {
        return crate::emit::import(Path::new(dir), &opts);
    }
    if let Some((kind, dir)) = emit {
        return crate::emit::emit(&kind, &dir, &opts);
    }
    run(&opts)
}

/// The default output folder.
fn out_dir(opts: &Options) -> PathBuf {
    opts.out
        .clone()
        .unwrap_or_else(|| crate::workspace_root().join("bench-out").join(timestamp()))
}

/// Loads the suite (and says so).
pub fn load_suite(opts: &Options) -> Result<Vec<Instance>> {
    let instances = suite::load(&opts.suite, opts.filter.as_ref())?;
    if instances.is_empty() {
        bail!(
            "no .aag/.aig/.aig.gz files under {}{}",
            opts.suite.display(),
            if opts.filter.is_some() {
                " matching --filter"
            } else {
                ""
            }
        );
    }
    Ok(instances)
}

/// The configurations as (name, arguments) for the summary, peers included (their command).
pub fn config_lines(configs: &[Config], peers: &[Peer], timeout: f64) -> Vec<(String, String)> {
    let mut lines: Vec<(String, String)> = configs
        .iter()
        .map(|c| {
            let args: Vec<String> = c.args.iter().map(|a| crate::args::shell_quote(a)).collect();
            (
                c.name.clone(),
                format!("pdrkit check {}", args.join(" "))
                    .trim()
                    .to_string(),
            )
        })
        .collect();
    for peer in peers {
        lines.push((peer.name().into(), peer.command_line(timeout)));
    }
    lines
}

/// Prints the end-of-run report and turns failures into the exit code.
pub fn finish(records: &[Record], configs: &[(String, String)], out: &Path) -> ExitCode {
    let stats = summary::config_stats(records);
    println!("{}", summary::stats_table(&stats, configs));
    println!(
        "results: {}/results.csv, summary.md, cactus.svg",
        out.display()
    );
    let failures: Vec<&Record> = records
        .iter()
        .filter(|r| !r.peer && r.judgement.is_failure())
        .collect();
    for r in records
        .iter()
        .filter(|r| r.peer && r.judgement.is_failure())
    {
        println!(
            "note: peer {} answered {} on {} ({}); the manifest says {}",
            r.config,
            r.verdict,
            r.file,
            r.judgement.as_str(),
            r.expected
        );
    }
    if failures.is_empty() {
        return ExitCode::SUCCESS;
    }
    eprintln!();
    eprintln!("########################################################################");
    eprintln!(
        "### FAILED: {} WRONG or UNCHECKED answer(s) from pdrkit",
        failures.len()
    );
    const SHOWN: usize = 40;
    if failures.len() > SHOWN {
        eprintln!("###   (the first {SHOWN}; all are in summary.md)");
    }
    for r in failures.iter().take(SHOWN) {
        eprintln!(
            "###   {:9} {} on {}: answered {} ({})",
            r.judgement.as_str(),
            r.config,
            r.file,
            r.verdict,
            r.note
        );
    }
    eprintln!("########################################################################");
    ExitCode::FAILURE
}

fn run(opts: &Options) -> Result<ExitCode> {
    let instances = load_suite(opts)?;
    let (peers, skipped) = crate::peer::usable(&opts.peers)?;
    for note in &skipped {
        println!("note: {note}");
    }
    let binary = exec::binary(opts.binary.as_deref(), opts.no_build)?;
    let out = out_dir(opts);
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let settings = Settings {
        binary: binary.clone(),
        memory_mb: opts.memory_mb,
        keep_dir: Some(out.clone()),
    };
    let mut jobs: Vec<Job> = opts
        .configs
        .iter()
        .map(|c| Job::Pdrkit {
            config: c.clone(),
            timeout: opts.timeout,
        })
        .collect();
    jobs.extend(peers.iter().map(|&peer| Job::Peer {
        peer,
        timeout: opts.timeout,
    }));
    let plan: Vec<(Instance, Vec<Job>)> = instances
        .iter()
        .map(|i| (i.clone(), jobs.clone()))
        .collect();
    eprintln!(
        "bench: {} files x {} runs, timeout {} s, memory {} MiB, {} job(s), output {}",
        plan.len(),
        jobs.len(),
        opts.timeout,
        opts.memory_mb,
        opts.jobs,
        out.display()
    );
    let started = timestamp();
    let records = exec::run_plan(&plan, &settings, opts.jobs);
    let configs = config_lines(&opts.configs, &peers, opts.timeout);
    let mut setup = vec![
        format!("started {started} UTC on {}", host()),
        format!(
            "timeout {} s, memory {} MiB, {} parallel job(s)",
            opts.timeout, opts.memory_mb, opts.jobs
        ),
        format!("binary {}", binary.display()),
        format!(
            "filter {}",
            opts.filter.as_ref().map_or("(none)", |f| f.as_str())
        ),
    ];
    setup.extend(skipped);
    let ctx = summary::Report {
        title: format!("pdrkit bench: {}", opts.suite.display()),
        setup,
        configs: configs.clone(),
        instances: &instances,
    };
    summary::write_all(&out, &records, &ctx)?;
    Ok(finish(&records, &configs, &out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_shape() {
        let t = timestamp();
        assert_eq!(t.len(), 19, "{t}");
        assert!(t.starts_with("20"));
        assert_eq!(&t[10..11], "_");
    }
}
