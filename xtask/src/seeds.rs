//! `cargo xtask seeds`: SAT queries of pdrkit's IC3 and rIC3's IC3 on a few files over several
//! seeds, one run at a time. A file's query count moves with the seed (rIC3's own on `frogs.5`
//! from 476 to 79607 over seeds 0–6), so a ratio from one seed each says little about one file.
//! Prints a Markdown table: per file, each tool's queries per seed, their medians and the ratio
//! of the medians (runs that time out count as missing; a median needs at least one answer).

use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};

use anyhow::Result;
use regex::Regex;

/// `cargo xtask seeds [OPTIONS] FILE...`.
#[derive(clap::Args, Debug)]
#[command(args_override_self = true)]
pub struct Args {
    /// The AIGER files
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Seeds 0 to N-1
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub seeds: u64,
    /// Time limit per run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 30.0)]
    pub timeout: f64,
    /// The pdrkit binary [default: target/release/pdrkit in the workspace]
    #[arg(long, value_name = "BIN")]
    pub pdrkit: Option<PathBuf>,
    /// The rIC3 binary
    #[arg(long, value_name = "BIN", default_value = "rIC3")]
    pub ric3: String,
    /// `pdrkit check` arguments (split like a shell does)
    #[arg(
        long,
        value_name = "ARGS",
        default_value = "--engine ic3",
        allow_hyphen_values = true
    )]
    pub args: String,
    /// rIC3 arguments (split like a shell does)
    #[arg(
        long,
        value_name = "ARGS",
        default_value = "-e ic3",
        allow_hyphen_values = true
    )]
    pub ric3_args: String,
}

/// Entry point: the table, a row at a time.
pub fn main(a: &Args) -> Result<ExitCode> {
    let pdrkit = a.pdrkit.clone().unwrap_or_else(crate::exec::release_path);
    let ours_args = crate::shell::split_words(&a.args)?;
    let theirs_args = crate::shell::split_words(&a.ric3_args)?;
    let timeout = format!("{}", a.timeout);
    print!("{}", header(&a.args, &a.ric3_args, a.seeds));
    for f in &a.files {
        let ours: Vec<Option<u64>> = (0..a.seeds)
            .map(|s| {
                let out = Command::new(&pdrkit)
                    .arg("check")
                    .args(&ours_args)
                    .args(["--seed", &s.to_string(), "--timeout", &timeout])
                    .args(["--stats-json", "-"])
                    .arg(f)
                    .stderr(Stdio::null())
                    .output()
                    .ok()?;
                pdrkit_queries(&String::from_utf8_lossy(&out.stdout))
            })
            .collect();
        let theirs: Vec<Option<u64>> = (0..a.seeds)
            .map(|s| {
                let out = Command::new("timeout")
                    .arg(&timeout)
                    .arg(&a.ric3)
                    .args(&theirs_args)
                    .args(["--rseed", &s.to_string()])
                    .arg(f)
                    .output()
                    .ok()?;
                let log = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                ric3_queries(&log)
            })
            .collect();
        let name = f.file_name().map_or_else(
            || f.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        print!("{}", row(&name, &ours, &theirs));
    }
    Ok(ExitCode::SUCCESS)
}

/// The query count of a `pdrkit check --stats-json -` run that answered: its first line is
/// `sat` or `unsat`, its last the statistics.
fn pdrkit_queries(stdout: &str) -> Option<u64> {
    let lines: Vec<&str> = stdout.lines().collect();
    let (first, last) = (lines.first()?, lines.last()?);
    if !matches!(first.trim(), "sat" | "unsat") {
        return None;
    }
    let stats: serde_json::Value = serde_json::from_str(last).ok()?;
    stats.get("sat_queries")?.as_u64()
}

/// The query count of an rIC3 run that answered (its log has `RESULT` and `num_solve: N`).
fn ric3_queries(log: &str) -> Option<u64> {
    let re = Regex::new(r"num_solve: (\d+)").expect("regex");
    if !log.contains("RESULT") {
        return None;
    }
    re.captures(log)?[1].parse().ok()
}

/// The median of the answers, as Python's `statistics.median` writes it (an odd count: the
/// middle number; an even one: the mean of the two middle ones, `12.0` or `12.5`).
fn median(xs: &[Option<u64>]) -> Option<(f64, String)> {
    let mut v: Vec<u64> = xs.iter().flatten().copied().collect();
    v.sort_unstable();
    let n = v.len();
    if n == 0 {
        None
    } else if n % 2 == 1 {
        Some((v[n / 2] as f64, v[n / 2].to_string()))
    } else {
        let m = (v[n / 2 - 1] + v[n / 2]) as f64 / 2.0;
        Some((m, format!("{m:.1}")))
    }
}

fn header(args: &str, ric3_args: &str, seeds: u64) -> String {
    let last = seeds.saturating_sub(1);
    format!(
        "| file | pdrkit `{args}` seeds 0–{last} | median | rIC3 `{ric3_args}` seeds 0–{last} \
         | median | ratio of medians |\n|---|---|---|---|---|---|\n"
    )
}

fn row(name: &str, ours: &[Option<u64>], theirs: &[Option<u64>]) -> String {
    let show = |xs: &[Option<u64>]| {
        xs.iter()
            .map(|x| x.map_or("-".to_string(), |q| q.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (mo, mt) = (median(ours), median(theirs));
    let ratio = match (&mo, &mt) {
        (Some((o, _)), Some((t, _))) if *t != 0.0 => format!("{:.2}", o / t),
        _ => "-".into(),
    };
    let text = |m: &Option<(f64, String)>| m.as_ref().map_or("-".to_string(), |(_, s)| s.clone());
    format!(
        "| `{name}` | {} | {} | {} | {} | {ratio} |\n",
        show(ours),
        text(&mo),
        show(theirs),
        text(&mt)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_their_counts() {
        assert_eq!(
            pdrkit_queries("unsat\n{\"sat_queries\":42,\"frames\":3}\n"),
            Some(42)
        );
        assert_eq!(pdrkit_queries("unknown\n{\"sat_queries\":42}\n"), None);
        assert_eq!(pdrkit_queries(""), None);
        assert_eq!(pdrkit_queries("sat\nnot json\n"), None);
        let log = include_str!("../tests/data/ric3-busdelay-p36.stderr");
        let q = ric3_queries(&format!("RESULT: UNSAT\n{log}"));
        assert!(q.is_some_and(|q| q > 0), "{q:?}");
        assert_eq!(ric3_queries("num_solve: 12"), None, "no answer");
    }

    #[test]
    fn the_table() {
        let h = header("--engine ic3", "-e ic3", 3);
        assert!(h.starts_with(
            "| file | pdrkit `--engine ic3` seeds 0–2 | median | rIC3 `-e ic3` seeds 0–2 |"
        ));
        assert_eq!(
            row(
                "frogs.aig",
                &[Some(10), None, Some(30)],
                &[Some(4), Some(6), None]
            ),
            "| `frogs.aig` | 10 - 30 | 20.0 | 4 6 - | 5.0 | 4.00 |\n"
        );
        assert_eq!(
            row("x.aig", &[Some(3), Some(1), Some(2)], &[None, None, None]),
            "| `x.aig` | 3 1 2 | 2 | - - - | - | - |\n"
        );
    }
}
