//! `cargo xtask compare`: sets `bench` runs (their `results.csv`) side by side.
//!
//! By default: solved and PAR-2 per configuration on the whole set and on the hard tier (the
//! manifest rows whose `abc_limit_s` is 60), and for each pair of configurations, on the files
//! both solve, the time ratios (median, total, geometric mean on files over 1 s), the SAT-query
//! and time-per-query ratios where both report them, the files whose query counts lie more than
//! 2x apart (named, either way), and the files only one solves.
//!
//! With `--same-search A B`: whether A and B searched alike, file by file: the files where
//! their verdicts differ, and the files both solve where a SAT-query count differs (the
//! `sat_queries` statistic, and every portfolio worker's `WORKER.sat_queries`). It lists every
//! difference and exits 1 when there is any, so "this refactoring changes no search" is one
//! command.
//!
//! With one results.csv the configurations keep their names. With several, each is named
//! LABEL/CONFIG, where LABEL defaults to the name of the folder that holds the CSV; that is how
//! two runs (two seeds, two commits, rIC3 from an earlier run) are set side by side.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use serde_json::Value;

/// `cargo xtask compare RUN.csv[:LABEL]... [OPTIONS]`.
#[derive(clap::Args, Debug)]
#[command(args_override_self = true)]
pub struct Args {
    /// The results.csv of a `bench` run, optionally labelled (default label: the name of the
    /// folder that holds it); with several runs, configurations are named LABEL/CONFIG
    #[arg(value_name = "RUN.csv[:LABEL]", required = true)]
    pub runs: Vec<String>,
    /// Compare only this pair of configurations
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    pub pair: Option<Vec<String>>,
    /// The manifest whose hard tier (rows with abc_limit_s 60) gets a section of its own
    /// [default: ../shared/benchmarks/MANIFEST.tsv beside the workspace]
    #[arg(long, value_name = "MANIFEST.tsv")]
    pub manifest: Option<PathBuf>,
    /// Instead of the tables: list the files where A's and B's verdicts differ, and the files
    /// both solve where a SAT-query count differs; exit 1 when there is any difference
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    pub same_search: Option<Vec<String>>,
    /// With --same-search: the statistic compared (repeatable; NAME and every WORKER.NAME of
    /// stats_json)
    #[arg(long = "stat", value_name = "NAME", default_value = "sat_queries")]
    pub stats: Vec<String>,
}

/// One row of a results.csv, by column name.
type Row = HashMap<String, String>;

/// The runs' rows: by file, then by configuration name.
type Runs = BTreeMap<String, BTreeMap<String, Row>>;

/// Entry point.
pub fn main(args: &Args) -> Result<ExitCode> {
    let mut loaded = Vec::new();
    for spec in &args.runs {
        let (path, label) = split_spec(spec);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        loaded.push((label, parse_csv(&text)?));
    }
    let runs = merge(loaded)?;
    let cfgs = configurations(&runs);
    if let Some(ab) = &args.same_search {
        check_names(ab, &cfgs)?;
        let (text, differences) = same_search(&runs, &ab[0], &ab[1], &args.stats);
        print!("{text}");
        return Ok(if differences == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    let pairs: Vec<(String, String)> = match &args.pair {
        Some(p) => vec![(p[0].clone(), p[1].clone())],
        None => cfgs
            .iter()
            .enumerate()
            .flat_map(|(i, a)| cfgs[i + 1..].iter().map(move |b| (a.clone(), b.clone())))
            .collect(),
    };
    for (a, b) in &pairs {
        check_names(&[a.clone(), b.clone()], &cfgs)?;
    }
    let hard = match &args.manifest {
        Some(m) => Some(hard_tier(m)?),
        None => {
            let m = crate::plan::default_suite().join("MANIFEST.tsv");
            if m.is_file() {
                Some(hard_tier(&m)?)
            } else {
                eprintln!("note: no manifest at {}: no hard-tier section", m.display());
                None
            }
        }
    };
    print!("{}", report(&runs, &cfgs, &pairs, hard.as_ref()));
    Ok(ExitCode::SUCCESS)
}

/// `RUN.csv[:LABEL]`: the path and the label (default: the name of the CSV's folder).
fn split_spec(spec: &str) -> (PathBuf, String) {
    let (path, label) = match spec.rsplit_once(':') {
        Some((p, l)) if !Path::new(spec).exists() => (PathBuf::from(p), l.to_string()),
        _ => (PathBuf::from(spec), String::new()),
    };
    if !label.is_empty() {
        return (path, label);
    }
    let abs = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
    let label = abs
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (path, label)
}

/// Merges the runs: with one, configurations by their name; with several, LABEL/CONFIG.
fn merge(loaded: Vec<(String, Vec<Row>)>) -> Result<Runs> {
    let mut labels = BTreeSet::new();
    let single = loaded.len() == 1;
    let mut runs = Runs::new();
    for (label, rows) in loaded {
        if !labels.insert(label.clone()) {
            bail!("two runs labelled `{label}`: give one a label (RUN.csv:LABEL)");
        }
        for row in rows {
            let (Some(file), Some(config)) = (row.get("file"), row.get("config")) else {
                bail!("a row without file or config column");
            };
            let name = if single {
                config.clone()
            } else {
                format!("{label}/{config}")
            };
            runs.entry(file.clone()).or_default().insert(name, row);
        }
    }
    Ok(runs)
}

/// The configurations in display order: ic3, minisat, ric3, abc first (by the last part of
/// their name), then the others by name.
fn configurations(runs: &Runs) -> Vec<String> {
    const ORDER: [&str; 4] = ["ic3", "minisat", "ric3", "abc"];
    let mut cfgs: Vec<String> = runs
        .values()
        .flat_map(|cs| cs.keys().cloned())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let rank = |c: &String| {
        let last = c.rsplit('/').next().unwrap_or(c);
        ORDER.iter().position(|o| *o == last).unwrap_or(ORDER.len())
    };
    cfgs.sort_by(|a, b| (rank(a), a).cmp(&(rank(b), b)));
    cfgs
}

fn check_names(names: &[String], cfgs: &[String]) -> Result<()> {
    for c in names {
        if !cfgs.contains(c) {
            bail!("no configuration `{c}`; the runs have {cfgs:?}");
        }
    }
    Ok(())
}

/// The files of a manifest's hard tier (`abc_limit_s` 60).
fn hard_tier(manifest: &Path) -> Result<BTreeSet<String>> {
    let text = std::fs::read_to_string(manifest)
        .with_context(|| format!("reading {}", manifest.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h.trim() == name)
            .with_context(|| format!("{}: no `{name}` column", manifest.display()))
    };
    let (file, limit) = (col("file")?, col("abc_limit_s")?);
    Ok(lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|cells| cells.get(limit).is_some_and(|c| c.trim() == "60"))
        .filter_map(|cells| cells.get(file).map(|f| f.to_string()))
        .collect())
}

/// Parses CSV text with a header line (RFC 4180: quoted fields, `""` inside quotes).
fn parse_csv(text: &str) -> Result<Vec<Row>> {
    let mut records: Vec<Vec<String>> = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            ',' => record.push(std::mem::take(&mut field)),
            '\r' => {}
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                any = false;
            }
            c => field.push(c),
        }
    }
    if quoted {
        bail!("unclosed quote in CSV");
    }
    if any {
        record.push(field);
        records.push(record);
    }
    let mut it = records.into_iter();
    let header = it.next().context("an empty CSV")?;
    Ok(it
        .filter(|r| !(r.len() == 1 && r[0].is_empty()))
        .map(|r| header.iter().cloned().zip(r).collect())
        .collect())
}

fn ok(r: &Row) -> bool {
    r.get("judgement").is_some_and(|j| j == "ok")
}

fn number(r: &Row, column: &str) -> f64 {
    r.get(column)
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0.0)
}

/// A run's statistics (`stats_json`), empty when there are none.
fn stats(r: &Row) -> serde_json::Map<String, Value> {
    r.get("stats_json")
        .and_then(|s| serde_json::from_str::<Value>(s).ok())
        .and_then(|v| match v {
            Value::Object(m) => Some(m),
            _ => None,
        })
        .unwrap_or_default()
}

/// A statistic as a nonzero number (zero, missing and non-numbers: `None`).
fn stat(r: &Row, key: &str) -> Option<(f64, Value)> {
    let v = stats(r).get(key)?.clone();
    let x = v.as_f64().filter(|x| *x != 0.0)?;
    Some((x, v))
}

fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => v[n / 2],
        _ => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// `{:.2}` as Python writes it (`nan`, `inf`).
fn f2(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else {
        format!("{x:.2}")
    }
}

/// A list of names as Python writes one: `['a', 'b']`.
fn py_list(xs: &[&String]) -> String {
    let items: Vec<String> = xs
        .iter()
        .map(|x| format!("'{}'", x.replace('\\', "\\\\").replace('\'', "\\'")))
        .collect();
    format!("[{}]", items.join(", "))
}

/// The tables and the pairwise comparisons.
fn report(
    runs: &Runs,
    cfgs: &[String],
    pairs: &[(String, String)],
    hard: Option<&BTreeSet<String>>,
) -> String {
    let whole: Vec<&String> = runs.keys().collect();
    let mut sections = vec![("whole set", whole.clone())];
    if let Some(hard) = hard {
        let tier: Vec<&String> = whole
            .iter()
            .copied()
            .filter(|f| hard.contains(*f))
            .collect();
        if tier == whole {
            // A run on the hard tier alone: one section, not the same twice.
            sections.clear();
        }
        sections.push(("hard tier", tier));
    }
    let mut out = String::new();
    for (label, files) in sections {
        table(&mut out, runs, cfgs, &files, label);
        for (a, b) in pairs {
            compare_pair(&mut out, runs, a, b, &files);
        }
    }
    out
}

fn table(out: &mut String, runs: &Runs, cfgs: &[String], files: &[&String], label: &str) {
    let _ = writeln!(out, "## {label} ({} files)", files.len());
    for c in cfgs {
        let rs: Vec<&Row> = files.iter().filter_map(|f| runs[*f].get(c)).collect();
        let solved: Vec<&&Row> = rs.iter().filter(|r| ok(r)).collect();
        let verdicts = |v: &str| solved.iter().filter(|r| r["verdict"] == v).count();
        let par: f64 = rs
            .iter()
            .map(|r| {
                if ok(r) {
                    number(r, "wall_s")
                } else {
                    2.0 * number(r, "timeout_s")
                }
            })
            .sum();
        let bad = rs
            .iter()
            .filter(|r| {
                r.get("judgement").is_some_and(|j| {
                    j.eq_ignore_ascii_case("wrong") || j.eq_ignore_ascii_case("unchecked")
                })
            })
            .count();
        let _ = writeln!(
            out,
            "  {c:10} solved {:3} (safe {}, unsafe {}) PAR-2 {par:8.1} wrong/unchecked {bad}",
            solved.len(),
            verdicts("unsat"),
            verdicts("sat")
        );
    }
}

/// Per-file ratios a/b of a statistic, on the files where both report it.
fn ratios(runs: &Runs, a: &str, b: &str, both: &[&String], key: &str) -> Vec<(String, f64)> {
    both.iter()
        .filter_map(|f| {
            let (x, _) = stat(&runs[*f][a], key)?;
            let (y, _) = stat(&runs[*f][b], key)?;
            Some(((*f).clone(), x / y))
        })
        .collect()
}

fn compare_pair(out: &mut String, runs: &Runs, a: &str, b: &str, files: &[&String]) {
    let files: Vec<&String> = files
        .iter()
        .copied()
        .filter(|f| runs[*f].contains_key(a) && runs[*f].contains_key(b))
        .collect();
    let both: Vec<&String> = files
        .iter()
        .copied()
        .filter(|f| ok(&runs[*f][a]) && ok(&runs[*f][b]))
        .collect();
    if both.is_empty() {
        return;
    }
    let wall = |f: &String, c: &str| number(&runs[f][c], "wall_s").max(0.01);
    let tr: Vec<f64> = both.iter().map(|f| wall(f, a) / wall(f, b)).collect();
    let big: Vec<&&String> = both
        .iter()
        .filter(|f| wall(f, a).max(wall(f, b)) > 1.0)
        .collect();
    let g = if big.is_empty() {
        f64::NAN
    } else {
        (big.iter()
            .map(|f| (wall(f, a) / wall(f, b)).ln())
            .sum::<f64>()
            / big.len() as f64)
            .exp()
    };
    let total =
        both.iter().map(|f| wall(f, a)).sum::<f64>() / both.iter().map(|f| wall(f, b)).sum::<f64>();
    let _ = writeln!(
        out,
        "  {a} vs {b}: both {}, time median {}, total {}, geomean on {} files >1 s: {}",
        both.len(),
        f2(median(&tr)),
        f2(total),
        big.len(),
        f2(g)
    );
    let qr = ratios(runs, a, b, &both, "sat_queries");
    let ur = ratios(runs, a, b, &both, "sat_mean_us");
    if !qr.is_empty() {
        let values: Vec<f64> = qr.iter().map(|(_, x)| *x).collect();
        let per_query = if ur.is_empty() {
            String::new()
        } else {
            let u: Vec<f64> = ur.iter().map(|(_, x)| *x).collect();
            format!("; µs/query median {}", f2(median(&u)))
        };
        let _ = writeln!(
            out,
            "    queries on {} files: median {}, >2x {}, <1/2 {}{per_query}",
            qr.len(),
            f2(median(&values)),
            values.iter().filter(|x| **x > 2.0).count(),
            values.iter().filter(|x| **x < 0.5).count()
        );
        let mut sorted = qr.clone();
        sorted.sort_by(|x, y| y.1.total_cmp(&x.1));
        for (f, x) in sorted {
            if !(0.5..=2.0).contains(&x) {
                let show = |c: &str| {
                    stat(&runs[&f][c], "sat_queries").map_or("-".into(), |s| s.1.to_string())
                };
                let _ = writeln!(
                    out,
                    "      {f}: {} against {} ({}x)",
                    show(a),
                    show(b),
                    f2(x)
                );
            }
        }
    }
    let only = |x: &str, y: &str| -> Vec<&String> {
        files
            .iter()
            .copied()
            .filter(|f| ok(&runs[*f][x]) && !ok(&runs[*f][y]))
            .collect()
    };
    let _ = writeln!(out, "    only {a}: {}", py_list(&only(a, b)));
    let _ = writeln!(out, "    only {b}: {}", py_list(&only(b, a)));
}

/// The statistics of a run named by `names`: each NAME and each `WORKER.NAME`.
fn search_stats(r: &Row, names: &[String]) -> BTreeMap<String, Value> {
    stats(r)
        .into_iter()
        .filter(|(k, _)| {
            names
                .iter()
                .any(|n| k == n || k.strip_suffix(n.as_str()).is_some_and(|p| p.ends_with('.')))
        })
        .collect()
}

fn verdict(r: &Row) -> &str {
    r.get("verdict").map_or("?", String::as_str)
}

/// `--same-search A B`: every file where A and B differ (a verdict, a statistic on a file both
/// solve, or a file only one has). Returns the report and the number of differences.
fn same_search(runs: &Runs, a: &str, b: &str, names: &[String]) -> (String, usize) {
    let mut verdicts = Vec::new();
    let mut counts = Vec::new();
    let mut missing = Vec::new();
    let (mut solved, mut compared, mut without) = (0, 0, 0);
    for (f, cs) in runs {
        let (ra, rb) = match (cs.get(a), cs.get(b)) {
            (Some(ra), Some(rb)) => (ra, rb),
            (None, None) => continue,
            (Some(_), None) => {
                missing.push(format!("  {f}: only {a} ran it"));
                continue;
            }
            (None, Some(_)) => {
                missing.push(format!("  {f}: only {b} ran it"));
                continue;
            }
        };
        if verdict(ra) != verdict(rb) {
            verdicts.push(format!(
                "  {f}: {a} {} ({}), {b} {} ({})",
                verdict(ra),
                ra.get("judgement").map_or("?", String::as_str),
                verdict(rb),
                rb.get("judgement").map_or("?", String::as_str)
            ));
            continue;
        }
        if !(ok(ra) && ok(rb)) {
            continue;
        }
        solved += 1;
        let (sa, sb) = (search_stats(ra, names), search_stats(rb, names));
        if sa.is_empty() && sb.is_empty() {
            without += 1;
            continue;
        }
        let keys: BTreeSet<&String> = sa.keys().chain(sb.keys()).collect();
        for k in keys {
            compared += 1;
            let (x, y) = (sa.get(k), sb.get(k));
            if x != y {
                let show = |v: Option<&Value>| v.map_or("-".to_string(), Value::to_string);
                counts.push(format!("  {f}: {k} {} against {}", show(x), show(y)));
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "## same search: {a} against {b}");
    let _ = writeln!(out, "verdicts differ on {} file(s)", verdicts.len());
    for l in &verdicts {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(
        out,
        "{} differ on {} of {} compared on the {solved} file(s) both solve",
        names.join(", "),
        counts.len(),
        compared
    );
    for l in &counts {
        let _ = writeln!(out, "{l}");
    }
    if without > 0 {
        let _ = writeln!(
            out,
            "note: {without} file(s) both solve report no {}: not compared",
            names.join(", ")
        );
    }
    if !missing.is_empty() {
        let _ = writeln!(out, "files only one ran: {}", missing.len());
        for l in &missing {
            let _ = writeln!(out, "{l}");
        }
    }
    let differences = verdicts.len() + counts.len() + missing.len();
    if differences == 0 {
        let _ = writeln!(out, "SAME: same verdicts and same counts on every file");
    } else {
        let _ = writeln!(out, "DIFFERENT: {differences} difference(s)");
    }
    (out, differences)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "file,config,peer,expected,verdict,ending,judgement,wall_s,cpu_s,\
                          rss_mb,timeout_s,check,check_s,note,stats_json\n";

    fn line(
        file: &str,
        config: &str,
        verdict: &str,
        judgement: &str,
        wall: f64,
        stats: &str,
    ) -> String {
        format!(
            "{file},{config},false,safe,{verdict},exit 20,{judgement},{wall:.3},{wall:.3},5.0,20,\
             passed,0.001,\"a, \"\"note\"\"\",\"{}\"\n",
            stats.replace('"', "\"\"")
        )
    }

    /// Two configurations that search alike but on `b.aag` (a query count) and `c.aag` (a
    /// verdict), and a portfolio run whose ic3 worker differs on `a.aag`.
    fn sample() -> Runs {
        let mut csv = HEADER.to_string();
        for (config, qa, qb, vc) in [("base", 10, 20, "unsat"), ("new", 10, 21, "unknown")] {
            csv += &line(
                "a.aag",
                config,
                "unsat",
                "ok",
                0.5,
                &format!(r#"{{"sat_queries":{qa},"frames":3}}"#),
            );
            csv += &line(
                "b.aag",
                config,
                "sat",
                "ok",
                2.0,
                &format!(r#"{{"sat_queries":{qb}}}"#),
            );
            let j = if vc == "unsat" { "ok" } else { "unsolved" };
            csv += &line("c.aag", config, vc, j, 20.0, "");
        }
        csv += &line(
            "a.aag",
            "pf",
            "unsat",
            "ok",
            0.4,
            r#"{"ic3.sat_queries":11,"kind.sat_base":4}"#,
        );
        csv += &line("b.aag", "pf", "sat", "ok", 0.4, r#"{"ic3.sat_queries":21}"#);
        let rows = parse_csv(&csv).unwrap();
        assert_eq!(rows.len(), 8);
        assert_eq!(rows[0]["note"], "a, \"note\"");
        merge(vec![("run".into(), rows)]).unwrap()
    }

    #[test]
    fn same_search_lists_every_difference() {
        let runs = sample();
        let names = vec!["sat_queries".to_string()];
        let (text, n) = same_search(&runs, "base", "new", &names);
        assert_eq!(n, 2, "{text}");
        assert!(
            text.contains("  c.aag: base unsat (ok), new unknown (unsolved)"),
            "{text}"
        );
        assert!(
            text.contains("  b.aag: sat_queries 20 against 21"),
            "{text}"
        );
        assert!(!text.contains("a.aag"), "{text}");
        assert!(text.contains("DIFFERENT: 2 difference(s)"), "{text}");
        // The same configuration against itself: no difference.
        let (text, n) = same_search(&runs, "base", "base", &names);
        assert_eq!(n, 0, "{text}");
        assert!(text.contains("SAME"), "{text}");
        // A portfolio's workers: ic3.sat_queries, and files the other did not run.
        let (text, n) = same_search(&runs, "new", "pf", &names);
        assert!(
            text.contains("  a.aag: ic3.sat_queries - against 11"),
            "{text}"
        );
        assert!(text.contains("  a.aag: sat_queries 10 against -"), "{text}");
        assert!(text.contains("  c.aag: only new ran it"), "{text}");
        assert_eq!(n, 5, "{text}");
    }

    #[test]
    fn tables_and_pairs_as_the_script_printed_them() {
        let runs = sample();
        let cfgs = configurations(&runs);
        assert_eq!(cfgs, vec!["base", "new", "pf"]);
        let hard: BTreeSet<String> = ["b.aag".to_string()].into();
        let pairs = vec![("base".to_string(), "new".to_string())];
        let text = report(&runs, &cfgs, &pairs, Some(&hard));
        assert!(text.starts_with("## whole set (3 files)\n"), "{text}");
        assert!(
            text.contains(
                "  base       solved   3 (safe 2, unsafe 1) PAR-2     22.5 wrong/unchecked 0\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("  new        solved   2 (safe 1, unsafe 1) PAR-2     42.5"),
            "{text}"
        );
        assert!(
            text.contains("  base vs new: both 2, time median 1.00, total 1.00, geomean on 1 files >1 s: 1.00\n"),
            "{text}"
        );
        assert!(
            text.contains("    queries on 2 files: median 0.98, >2x 0, <1/2 0\n"),
            "{text}"
        );
        assert!(
            text.contains("    only base: ['c.aag']\n    only new: []\n"),
            "{text}"
        );
        assert!(text.contains("## hard tier (1 files)\n"), "{text}");
        // Labels: LABEL/CONFIG with several runs, and ic3, minisat, ric3, abc first.
        let rows = |c: &str| {
            parse_csv(&(HEADER.to_string() + &line("a.aag", c, "sat", "ok", 1.0, ""))).unwrap()
        };
        let merged = merge(vec![("x".into(), rows("zz")), ("y".into(), rows("ric3"))]).unwrap();
        assert_eq!(configurations(&merged), vec!["y/ric3", "x/zz"]);
        assert!(merge(vec![("x".into(), rows("a")), ("x".into(), rows("b"))]).is_err());
    }

    #[test]
    fn run_specs() {
        let (p, l) = split_spec("some/dir/results.csv:old");
        assert_eq!(
            (p, l.as_str()),
            (PathBuf::from("some/dir/results.csv"), "old")
        );
        let (p, l) = split_spec("some/dir/results.csv");
        assert_eq!(
            (p, l.as_str()),
            (PathBuf::from("some/dir/results.csv"), "dir")
        );
        assert_eq!(median(&[1.0, 3.0, 2.0, 10.0]), 2.5);
        assert_eq!(f2(f64::NAN), "nan");
    }
}
