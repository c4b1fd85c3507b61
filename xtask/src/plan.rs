//! What a benchmark runs: every file of a suite (optionally filtered) × the named pdrkit
//! configurations and the peers, each run under the same time and memory limits. `bench` runs a
//! plan here; `emit` writes the same plan for Slurm or BenchExec, and `import` reads its results
//! back; both share this module and neither uses the other.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use regex::Regex;

use crate::exec::{Config, Job};
use crate::peer::Peer;
use crate::shell::shell_quote;
use crate::suite::{self, Instance};

/// The command-line options that say what runs (shared by `bench` and `emit`).
#[derive(clap::Args, Debug, Clone)]
pub struct PlanArgs {
    /// The suite: a folder of AIGER (.aag, .aig, .aig.gz) or BTOR2 (.btor2, .btor) files and
    /// an optional MANIFEST.tsv
    /// [default: ../shared/benchmarks beside the workspace]
    #[arg(value_name = "SUITE")]
    pub suite: Option<PathBuf>,
    /// Time limit per run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Address-space limit per run, in MiB
    #[arg(long = "memory", value_name = "MB", default_value_t = 4096)]
    pub memory_mb: u64,
    /// A named configuration: extra `pdrkit check` arguments, split like a shell does
    /// (repeatable; without any, one configuration `default` with no extra arguments)
    #[arg(long = "config", value_name = "NAME=ARGS", allow_hyphen_values = true)]
    pub configs: Vec<String>,
    /// Also run a peer on each file, with the same limits (repeatable: `--vs ric3 --vs abc`
    /// runs both). `abc` is ABC's `pdr`, `abc-bmc3` its `bmc3` (an error when berkeley-abc is
    /// missing; on a justice property both run after `peers/aigtool.py l2s` beside the suite),
    /// `ric3` is `rIC3 -e ic3` (`-e rlive` on a justice property; skipped with a note when rIC3
    /// is not on PATH); their names are reserved
    #[arg(long = "vs", value_name = "PEER", value_parser = ["abc", "abc-bmc3", "ric3"])]
    pub vs: Vec<String>,
    /// Only the files whose path relative to SUITE matches
    #[arg(long, value_name = "REGEX", allow_hyphen_values = true)]
    pub filter: Option<String>,
    /// Only the files a list names: one path relative to SUITE per line, `#` comments (an error
    /// when a listed file is not in the suite)
    #[arg(long, value_name = "LIST", conflicts_with = "half")]
    pub files: Option<PathBuf>,
    /// Only one half of the shared set (`benches/halves/half-a.txt` or `half-b.txt`, split by
    /// family): a default is tuned on one half and must win on the other
    #[arg(long, value_name = "HALF", value_parser = ["a", "b"])]
    pub half: Option<String>,
    /// Also run every configuration on each BTOR2 file's AIGER twin (the manifest's
    /// `aig_twin` column), as configuration `NAME@aig`; the summary compares the two
    #[arg(long)]
    pub twins: bool,
    /// The outside checker of BTOR2 witnesses, run as `python3 PATH check MODEL WITNESS`
    /// after pdrkit's own replay [default: peers/btorsim.py beside the suite, when there]
    #[arg(long, value_name = "PATH")]
    pub btorsim: Option<PathBuf>,
}

/// Which pdrkit binary runs (shared by `bench`, `emit` and `regress`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct BinaryArgs {
    /// Use the existing target/release/pdrkit instead of building it
    #[arg(long)]
    pub no_build: bool,
    /// Use this pdrkit binary (for tests)
    #[arg(long, value_name = "PATH", hide = true)]
    pub binary: Option<String>,
}

/// A benchmark plan: what runs on every file.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The suite folder.
    pub suite: PathBuf,
    /// Filter on the files' relative paths.
    pub filter: Option<Regex>,
    /// The list of files to run (`--files`, `--half`), when there is one: its path and the
    /// relative paths it names.
    pub list: Option<(PathBuf, BTreeSet<String>)>,
    /// Time limit per run (seconds).
    pub timeout: f64,
    /// Memory limit per run (MiB).
    pub memory_mb: u64,
    /// The configurations (at least one).
    pub configs: Vec<Config>,
    /// Whether each configuration also runs on the BTOR2 files' AIGER twins.
    pub twins: bool,
    /// The outside BTOR2 witness checker, when there is one.
    pub btorsim: Option<PathBuf>,
    /// The peers, in the order given, each once.
    pub peers: Vec<Peer>,
}

impl Plan {
    /// The plan the options describe: configurations parsed and checked (names unique and not a
    /// peer's), peers without repeats, the default suite and configuration where none is given.
    pub fn new(a: &PlanArgs) -> Result<Plan> {
        let mut configs = Vec::new();
        for spec in &a.configs {
            let c = Config::parse(spec)?;
            let reserved = Peer::ALL.iter().any(|p| p.name() == c.name);
            if configs.iter().any(|o: &Config| o.name == c.name) || reserved {
                bail!("configuration name `{}` is used twice or reserved", c.name);
            }
            configs.push(c);
        }
        if configs.is_empty() {
            configs.push(Config {
                name: "default".into(),
                args: vec![],
            });
        }
        let mut peers = Vec::new();
        for name in &a.vs {
            let peer = Peer::parse(name)?;
            if !peers.contains(&peer) {
                peers.push(peer);
            }
        }
        if a.timeout <= 0.0 || a.timeout.is_nan() {
            bail!("--timeout must be positive");
        }
        let suite = a.suite.clone().unwrap_or_else(default_suite);
        let list_path = match (&a.files, &a.half) {
            (Some(p), _) => Some(p.clone()),
            (None, Some(h)) => Some(half_list(h)),
            (None, None) => None,
        };
        let list = list_path
            .map(|p| read_list(&p).map(|names| (p, names)))
            .transpose()?;
        let btorsim = match &a.btorsim {
            Some(p) if !p.is_file() => bail!("--btorsim {}: no such file", p.display()),
            Some(p) => Some(p.clone()),
            None => Some(suite.join("../peers/btorsim.py")).filter(|p| p.is_file()),
        };
        Ok(Plan {
            twins: a.twins,
            btorsim,
            suite,
            filter: a
                .filter
                .as_deref()
                .map(Regex::new)
                .transpose()
                .context("--filter")?,
            list,
            timeout: a.timeout,
            memory_mb: a.memory_mb,
            configs,
            peers,
        })
    }

    /// The suite's files that pass the filter and are on the list; an error when there are
    /// none, or when the list names a file the suite does not hold.
    pub fn load_suite(&self) -> Result<Vec<Instance>> {
        let mut instances = suite::load(&self.suite, self.filter.as_ref())?;
        if let Some((path, names)) = &self.list {
            let all = suite::load(&self.suite, None)?;
            if let Some(missing) = names.iter().find(|n| !all.iter().any(|i| &i.rel == *n)) {
                bail!(
                    "{}: `{missing}` is not a file of {}",
                    path.display(),
                    self.suite.display()
                );
            }
            instances.retain(|i| names.contains(&i.rel));
        }
        if instances.is_empty() {
            bail!(
                "no .aag/.aig/.aig.gz/.btor2/.btor files under {}{}",
                self.suite.display(),
                if self.filter.is_some() {
                    " matching --filter"
                } else {
                    ""
                }
            );
        }
        Ok(instances)
    }
}

/// The runs on one file: every configuration, then every peer, all with the same time limit.
pub fn jobs(configs: &[Config], peers: &[Peer], timeout: f64) -> Vec<Job> {
    let mut jobs: Vec<Job> = configs
        .iter()
        .map(|c| Job::Pdrkit {
            config: c.clone(),
            timeout,
        })
        .collect();
    jobs.extend(peers.iter().map(|&peer| Job::Peer { peer, timeout }));
    jobs
}

/// The suffix of a configuration run on the AIGER twins of a BTOR2 suite's files.
pub const TWIN_SUFFIX: &str = "@aig";

/// Each configuration renamed for its runs on the AIGER twins (`NAME@aig`).
pub fn twin_configs(configs: &[Config]) -> Vec<Config> {
    configs
        .iter()
        .map(|c| Config {
            name: format!("{}{TWIN_SUFFIX}", c.name),
            args: c.args.clone(),
        })
        .collect()
}

/// The runs on the AIGER twins: each file with a twin is run again, its twin in its place
/// under the same relative path (so that the records of a file and of its twin pair up by
/// name), by every configuration renamed `NAME@aig`. No peer runs on a twin.
pub fn twin_runs(
    instances: &[Instance],
    configs: &[Config],
    timeout: f64,
) -> Vec<(Instance, Vec<Job>)> {
    let jobs = jobs(&twin_configs(configs), &[], timeout);
    instances
        .iter()
        .filter_map(|i| {
            let twin = i.twin.clone()?;
            let inst = Instance {
                path: twin,
                twin: None,
                ..i.clone()
            };
            Some((inst, jobs.clone()))
        })
        .collect()
}

/// The configurations as (name, command) for the summary, peers included.
pub fn config_lines(configs: &[Config], peers: &[Peer], timeout: f64) -> Vec<(String, String)> {
    let mut lines: Vec<(String, String)> = configs
        .iter()
        .map(|c| {
            let args: Vec<String> = c.args.iter().map(|a| shell_quote(a)).collect();
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

/// The list of a half of the shared set: `benches/halves/half-H.txt` in the workspace.
pub fn half_list(half: &str) -> PathBuf {
    crate::workspace_root()
        .join("benches/halves")
        .join(format!("half-{half}.txt"))
}

/// The relative paths a list names: one per line, blank lines and `#` comments skipped.
fn read_list(path: &Path) -> Result<BTreeSet<String>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn args(configs: &[&str], vs: &[&str]) -> PlanArgs {
        PlanArgs {
            suite: Some("s".into()),
            timeout: 5.0,
            memory_mb: 100,
            configs: configs.iter().map(|s| s.to_string()).collect(),
            vs: vs.iter().map(|s| s.to_string()).collect(),
            filter: None,
            files: None,
            half: None,
            twins: false,
            btorsim: None,
        }
    }

    #[test]
    fn lists_and_halves() {
        let dir = std::env::temp_dir().join(format!("xtask-list-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("suite/f")).unwrap();
        for f in ["f/a1.aag", "f/b1.aag", "f/c1.aag"] {
            std::fs::write(dir.join("suite").join(f), "aag 0 0 0 1 0\n0\n").unwrap();
        }
        let list = dir.join("list.txt");
        std::fs::write(&list, "# a comment\nf/a1.aag\n\nf/c1.aag  # and another\n").unwrap();
        let mut a = args(&[], &[]);
        a.suite = Some(dir.join("suite"));
        a.files = Some(list.clone());
        let rels = |a: &PlanArgs| -> Result<Vec<String>> {
            Ok(Plan::new(a)?
                .load_suite()?
                .into_iter()
                .map(|i| i.rel)
                .collect())
        };
        assert_eq!(rels(&a).unwrap(), ["f/a1.aag", "f/c1.aag"]);
        a.filter = Some("c".into());
        assert_eq!(rels(&a).unwrap(), ["f/c1.aag"]);
        std::fs::write(&list, "f/a1.aag\nf/gone.aag\n").unwrap();
        let e = rels(&a).unwrap_err().to_string();
        assert!(e.contains("`f/gone.aag` is not a file of"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
        // The committed halves: disjoint, together the whole shared set's manifest.
        let half = |h: &str| read_list(&half_list(h)).unwrap();
        let (ha, hb) = (half("a"), half("b"));
        assert!(ha.is_disjoint(&hb));
        assert!(
            ha.len().abs_diff(hb.len()) <= 2,
            "{} vs {}",
            ha.len(),
            hb.len()
        );
        let manifest = default_suite().join("MANIFEST.tsv");
        if let Ok(text) = std::fs::read_to_string(manifest) {
            let files: BTreeSet<String> = text
                .lines()
                .skip(1)
                .filter_map(|l| l.split('\t').next())
                .map(str::to_string)
                .collect();
            assert_eq!(ha.union(&hb).cloned().collect::<BTreeSet<_>>(), files);
        }
    }

    #[test]
    fn timestamp_shape() {
        let t = timestamp();
        assert_eq!(t.len(), 19, "{t}");
        assert!(t.starts_with("20"));
        assert_eq!(&t[10..11], "_");
    }

    #[test]
    fn configurations_and_peers() {
        let p = Plan::new(&args(&[], &["ric3", "abc", "ric3"])).unwrap();
        assert_eq!(p.configs.len(), 1);
        assert_eq!(p.configs[0].name, "default");
        assert_eq!(p.peers, vec![Peer::Ric3, Peer::Abc]);
        assert_eq!(jobs(&p.configs, &p.peers, 5.0).len(), 3);
        assert!(Plan::new(&args(&["a=", "a=--engine ic3"], &[])).is_err());
        assert!(Plan::new(&args(&["abc=--engine ic3"], &[])).is_err());
        let mut a = args(&[], &[]);
        a.timeout = 0.0;
        assert!(Plan::new(&a).is_err());
        let lines = config_lines(
            &Plan::new(&args(&["x=--opt 'a b'"], &[])).unwrap().configs,
            &[],
            5.0,
        );
        assert_eq!(lines, vec![("x".into(), "pdrkit check --opt 'a b'".into())]);
    }
}
