//! The results of a run as files: `results.csv` (one row per file × configuration) and
//! `summary.md` (per configuration: solved, unique, wrong, unchecked, PAR-2, and the comparison
//! with each peer and with the manifest's reference times; against a peer that records
//! statistics, rIC3, also file by file: time, SAT queries, time per query, MIC runs, lemmas
//! held at the end, frames).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, Result};

use crate::suite::Instance;
use crate::verdict::{Judgement, Record, Verdict};

/// The columns of `results.csv`.
const CSV_COLUMNS: [&str; 15] = [
    "file",
    "config",
    "peer",
    "expected",
    "verdict",
    "ending",
    "judgement",
    "wall_s",
    "cpu_s",
    "rss_mb",
    "timeout_s",
    "check",
    "check_s",
    "note",
    "stats_json",
];

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// `results.csv` as text.
pub fn to_csv(records: &[Record]) -> String {
    let mut out = CSV_COLUMNS.join(",");
    out.push('\n');
    for r in records {
        let fields = [
            r.file.clone(),
            r.config.clone(),
            r.peer.to_string(),
            r.expected.to_string(),
            r.verdict.to_string(),
            r.ending.clone(),
            r.judgement.as_str().to_string(),
            format!("{:.3}", r.wall_s),
            format!("{:.3}", r.cpu_s),
            format!("{:.1}", r.rss_mb),
            format!("{}", r.timeout_s),
            r.check.clone(),
            format!("{:.3}", r.check_s),
            r.note.clone(),
            r.stats.clone(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// What the summary describes besides the records.
pub struct Report<'a> {
    /// A title line (command, suite).
    pub title: String,
    /// Free-form lines describing the setup (limits, binary, host, date).
    pub setup: Vec<String>,
    /// The configurations in display order, with their arguments (peers: their command).
    pub configs: Vec<(String, String)>,
    /// The suite's instances (for the manifest's reference times), if known.
    pub instances: &'a [Instance],
}

/// Per-configuration numbers.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct ConfigStats {
    /// Runs.
    pub runs: usize,
    /// Solved, answer `unsat`.
    pub solved_safe: usize,
    /// Solved, answer `sat`.
    pub solved_unsafe: usize,
    /// Solved by this configuration and no other one (peers included).
    pub unique: usize,
    /// WRONG answers.
    pub wrong: usize,
    /// UNCHECKED answers.
    pub unchecked: usize,
    /// Runs without an answer and without an error: `unknown`, or timed out.
    pub no_answer: usize,
    /// Runs that ended in an error, a crash or out of memory.
    pub errors: usize,
    /// PAR-2: the sum over runs of the wall time when solved, else twice the time limit.
    pub par2: f64,
}

impl ConfigStats {
    /// Solved, both kinds.
    pub fn solved(&self) -> usize {
        self.solved_safe + self.solved_unsafe
    }
}

/// Computes [`ConfigStats`] for every configuration that has records, keyed by name.
pub fn config_stats(records: &[Record]) -> BTreeMap<String, ConfigStats> {
    let mut solvers: HashMap<&str, HashSet<&str>> = HashMap::new();
    for r in records.iter().filter(|r| r.solved()) {
        solvers.entry(&r.file).or_default().insert(&r.config);
    }
    let mut out: BTreeMap<String, ConfigStats> = BTreeMap::new();
    for r in records {
        let s = out.entry(r.config.clone()).or_default();
        s.runs += 1;
        match r.judgement {
            Judgement::Solved => {
                if r.verdict == Verdict::Unsat {
                    s.solved_safe += 1;
                } else {
                    s.solved_unsafe += 1;
                }
                if solvers.get(r.file.as_str()).is_some_and(|c| c.len() == 1) {
                    s.unique += 1;
                }
            }
            Judgement::Wrong => s.wrong += 1,
            Judgement::Unchecked => s.unchecked += 1,
            Judgement::Unsolved => {
                if is_error(&r.ending) {
                    s.errors += 1;
                } else if r.verdict == Verdict::Unknown {
                    s.no_answer += 1;
                }
            }
        }
        s.par2 += if r.solved() {
            r.wall_s
        } else {
            2.0 * r.timeout_s
        };
    }
    out
}

fn is_error(ending: &str) -> bool {
    ending.starts_with("error") || ending.starts_with("signal") || ending == "memout"
}

/// The comparison of two configurations on the files both solve.
#[derive(Debug, Clone, PartialEq)]
pub struct Versus {
    /// Files both solve.
    pub both: usize,
    /// Solved only by the first / only by the second.
    pub only_a: usize,
    /// Solved only by the second.
    pub only_b: usize,
    /// Total wall seconds of each on the files both solve.
    pub total_a: f64,
    /// Total wall seconds of the second.
    pub total_b: f64,
    /// Geometric mean over those files of wall(a) / wall(b) (times floored at 10 ms).
    pub geomean: f64,
    /// Median over those files of the same ratio.
    pub median: f64,
}

impl Versus {
    /// The comparison as the cells of a Markdown table row: both, only a, only b, the two
    /// totals, the total ratio, the geometric mean and median ratios.
    fn cells(&self) -> String {
        format!(
            "{} | {} | {} | {:.2} | {:.2} | {} | {} | {}",
            self.both,
            self.only_a,
            self.only_b,
            self.total_a,
            self.total_b,
            ratio(self.total_a, self.total_b),
            num2(self.geomean),
            num2(self.median)
        )
    }
}

/// Compares configuration `a` with `b`.
pub fn versus(records: &[Record], a: &str, b: &str) -> Versus {
    let solved = |name: &str| -> HashMap<&str, f64> {
        records
            .iter()
            .filter(|r| r.config == name && r.solved())
            .map(|r| (r.file.as_str(), r.wall_s))
            .collect()
    };
    let (sa, sb) = (solved(a), solved(b));
    times_versus(&sa, &sb)
}

fn times_versus(sa: &HashMap<&str, f64>, sb: &HashMap<&str, f64>) -> Versus {
    let mut v = Versus {
        both: 0,
        only_a: 0,
        only_b: sb.keys().filter(|f| !sa.contains_key(*f)).count(),
        total_a: 0.0,
        total_b: 0.0,
        geomean: f64::NAN,
        median: f64::NAN,
    };
    let mut ratios = Vec::new();
    for (file, ta) in sa {
        match sb.get(file) {
            Some(tb) => {
                v.both += 1;
                v.total_a += ta;
                v.total_b += tb;
                ratios.push(time_ratio(*ta, *tb));
            }
            None => v.only_a += 1,
        }
    }
    if v.both > 0 {
        v.geomean = (ratios.iter().map(|r| r.ln()).sum::<f64>() / v.both as f64).exp();
    }
    v.median = median(&mut ratios);
    v
}

/// wall(a) / wall(b), both floored at 10 ms (start-up noise).
fn time_ratio(a: f64, b: f64) -> f64 {
    a.max(0.01) / b.max(0.01)
}

/// The median of `xs` (NaN when empty); sorts them.
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// A number with two decimals, or `-` when it is not one.
fn num2(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.2}")
    } else {
        "-".into()
    }
}

fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 && a.is_finite() {
        format!("{:.2}", a / b)
    } else {
        "-".into()
    }
}

/// `summary.md` as text.
pub fn to_markdown(records: &[Record], ctx: &Report<'_>) -> String {
    let stats = config_stats(records);
    let files: HashSet<&str> = records.iter().map(|r| r.file.as_str()).collect();
    let mut md = String::new();
    let _ = writeln!(md, "# {}\n", ctx.title);
    for line in &ctx.setup {
        let _ = writeln!(md, "- {line}");
    }
    let _ = writeln!(md, "- files: {}", files.len());
    let _ = writeln!(
        md,
        "- times are wall-clock seconds; PAR-2 counts an unsolved run as twice its limit; \
         `solved` means answered in time, agreeing with the manifest, and (pdrkit) the \
         witness replayed or the certificate checked\n"
    );
    let _ = writeln!(md, "## Configurations\n");
    let _ = writeln!(md, "| configuration | arguments |\n|---|---|");
    for (name, args) in &ctx.configs {
        let _ = writeln!(md, "| {name} | `{}` |", args.replace('|', "\\|"));
    }
    md.push('\n');
    md.push_str(&stats_table(&stats, &ctx.configs));

    md.push_str(&twins_table(records));

    // Versus the peers.
    let peers: Vec<&str> = ordered_names(&ctx.configs, records)
        .into_iter()
        .filter(|n| records.iter().any(|r| &r.config == n && r.peer))
        .collect();
    // Runs on AIGER twins are compared with their BTOR2 runs above, not with the peers.
    let ours: Vec<&str> = ordered_names(&ctx.configs, records)
        .into_iter()
        .filter(|n| !peers.contains(n) && !n.ends_with(crate::plan::TWIN_SUFFIX))
        .collect();
    for peer in &peers {
        let _ = writeln!(md, "\n## Versus {peer} (files both solve)\n");
        let _ = writeln!(
            md,
            "| configuration | both solve | only it | only {peer} | its total s | {peer} total s | \
             total ratio | geo-mean ratio | median ratio |\n|---|---|---|---|---|---|---|---|---|"
        );
        for c in &ours {
            let v = versus(records, c, peer);
            let _ = writeln!(md, "| {c} | {} |", v.cells());
        }
        let _ = writeln!(md, "\nA ratio below 1 means pdrkit is faster.");
        let with_stats = records
            .iter()
            .any(|r| &r.config == peer && !r.stats.is_empty());
        if with_stats {
            for c in &ours {
                md.push_str(&file_by_file(records, c, peer));
            }
        }
    }

    // Versus the manifest's reference times (CPU seconds, measured elsewhere).
    type Reference = (&'static str, fn(&Instance) -> Option<f64>);
    let refs: [Reference; 2] = [
        ("abc_pdr_seconds", |i| i.abc_seconds),
        ("ric3_ic3_seconds", |i| i.ric3_seconds),
    ];
    let mut ref_md = String::new();
    for (column, get) in refs {
        let reference: HashMap<&str, f64> = ctx
            .instances
            .iter()
            .filter(|i| files.contains(i.rel.as_str()))
            .filter_map(|i| get(i).map(|t| (i.rel.as_str(), t)))
            .collect();
        if reference.is_empty() {
            continue;
        }
        for c in &ours {
            let mine: HashMap<&str, f64> = records
                .iter()
                .filter(|r| &r.config == c && r.solved())
                .map(|r| (r.file.as_str(), r.cpu_s))
                .collect();
            let v = times_versus(&mine, &reference);
            let _ = writeln!(ref_md, "| {c} | {column} | {} |", v.cells());
        }
    }
    if !ref_md.is_empty() {
        let _ = writeln!(
            md,
            "\n## Versus the manifest's reference times (CPU seconds; measured on another \
             day on a loaded machine: indicative only)\n"
        );
        let _ = writeln!(
            md,
            "| configuration | reference | both solve | only it | only reference | its CPU s | \
             reference s | total ratio | geo-mean ratio | median ratio |\n\
             |---|---|---|---|---|---|---|---|---|---|"
        );
        md.push_str(&ref_md);
    }

    // The runs someone must look at.
    let bad: Vec<&Record> = records
        .iter()
        .filter(|r| r.judgement.is_failure())
        .collect();
    if !bad.is_empty() {
        let _ = writeln!(md, "\n## WRONG and UNCHECKED answers\n");
        let _ = writeln!(
            md,
            "| file | configuration | expected | answer | judgement | note |\n|---|---|---|---|---|---|"
        );
        for r in bad {
            let _ = writeln!(
                md,
                "| {} | {}{} | {} | {} | **{}** | {} |",
                r.file,
                r.config,
                if r.peer { " (peer)" } else { "" },
                r.expected,
                r.verdict,
                r.judgement.as_str(),
                r.note.replace('|', "\\|")
            );
        }
    }
    let errors: Vec<&Record> = records.iter().filter(|r| is_error(&r.ending)).collect();
    if !errors.is_empty() {
        let _ = writeln!(md, "\n## Errors (first 30)\n");
        let _ = writeln!(
            md,
            "| file | configuration | ending | note |\n|---|---|---|---|"
        );
        for r in errors.iter().take(30) {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} |",
                r.file,
                r.config,
                r.ending,
                r.note.replace('|', "\\|")
            );
        }
    }
    md
}

/// For each configuration that also ran on AIGER twins (`NAME@aig`, `bench --twins`): on the
/// files that have a twin, how many it solves on the BTOR2 file and on the twin, and which
/// files only one of them solves. Empty when nothing ran on twins.
pub fn twins_table(records: &[Record]) -> String {
    let solved = |config: &str, file: &str| {
        records
            .iter()
            .any(|r| r.config == config && r.file == file && r.judgement == Judgement::Solved)
    };
    let mut names: Vec<&str> = records
        .iter()
        .filter_map(|r| r.config.strip_suffix(crate::plan::TWIN_SUFFIX))
        .collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        return String::new();
    }
    let mut md = String::from(
        "\n## BTOR2 against the AIGER twins (files that have one)\n\n\
         | configuration | files | solved on BTOR2 | solved on the twin | ratio | \
         only on BTOR2 | only on the twin |\n|---|---|---|---|---|---|---|\n",
    );
    for name in names {
        let twin = format!("{name}{}", crate::plan::TWIN_SUFFIX);
        let mut files: Vec<&str> = records
            .iter()
            .filter(|r| r.config == twin)
            .map(|r| r.file.as_str())
            .collect();
        files.sort_unstable();
        files.dedup();
        let on_btor2: Vec<&str> = files.iter().copied().filter(|f| solved(name, f)).collect();
        let on_twin: Vec<&str> = files.iter().copied().filter(|f| solved(&twin, f)).collect();
        let only = |a: &[&str], b: &[&str]| {
            let v: Vec<&str> = a.iter().copied().filter(|f| !b.contains(f)).collect();
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(", ")
            }
        };
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {} | {} | {} | {} |",
            files.len(),
            on_btor2.len(),
            on_twin.len(),
            if on_twin.is_empty() {
                "-".to_string()
            } else {
                format!(
                    "{:.1}%",
                    100.0 * on_btor2.len() as f64 / on_twin.len() as f64
                )
            },
            only(&on_btor2, &on_twin),
            only(&on_twin, &on_btor2)
        );
    }
    md
}

/// The statistics of a run that the file-by-file comparison shows, from its `stats` JSON
/// (pdrkit's `--stats-json`, or the peer's parsed log); each may be missing.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct RunStats {
    /// SAT queries (`sat_queries`).
    pub queries: Option<f64>,
    /// Mean microseconds per SAT query (`sat_mean_us`).
    pub us_per_query: Option<f64>,
    /// MIC runs (`mics`).
    pub mics: Option<f64>,
    /// Lemmas held at the end (`lemmas_held`).
    pub lemmas_held: Option<f64>,
    /// Frames (`frames`).
    pub frames: Option<f64>,
}

impl RunStats {
    /// Reads the keys from a record's `stats` (anything unparsable counts as missing). A
    /// portfolio's statistics are per worker (`ic3.sat_queries`): the answering worker's
    /// (`winner`) stand for the run.
    pub fn of(r: &Record) -> RunStats {
        let Ok(serde_json::Value::Object(m)) = serde_json::from_str(&r.stats) else {
            return RunStats::default();
        };
        let winner = m.get("winner").and_then(serde_json::Value::as_str);
        let get = |k: &str| {
            m.get(k)
                .or_else(|| winner.and_then(|w| m.get(&format!("{w}.{k}"))))
                .and_then(serde_json::Value::as_f64)
        };
        RunStats {
            queries: get("sat_queries"),
            us_per_query: get("sat_mean_us"),
            mics: get("mics"),
            lemmas_held: get("lemmas_held"),
            frames: get("frames"),
        }
    }
}

/// `a / b` when both are known and `b` is positive.
fn opt_ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 && a.is_finite() => Some(a / b),
        _ => None,
    }
}

fn opt_cell(x: Option<f64>, decimals: usize) -> String {
    x.map_or("-".into(), |x| format!("{x:.decimals$}"))
}

/// The file-by-file comparison of configuration `c` with `peer` on the files both solve
/// (markdown: a table, then the median and max of the per-file ratios).
pub fn file_by_file(records: &[Record], c: &str, peer: &str) -> String {
    let theirs: HashMap<&str, &Record> = records
        .iter()
        .filter(|r| r.config == peer && r.solved())
        .map(|r| (r.file.as_str(), r))
        .collect();
    let mut md = String::new();
    let _ = writeln!(
        md,
        "\n### {c} against {peer}, file by file (files both solve)\n"
    );
    let _ = writeln!(
        md,
        "| file | {c} s | {peer} s | time ratio | {c} queries | {peer} queries | query ratio | \
         {c} µs/query | {peer} µs/query | µs/query ratio | {c} MICs | {peer} MICs | \
         {c} lemmas held | {peer} lemmas held | {c} frames | {peer} frames |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    let (mut times, mut queries, mut costs) = (Vec::new(), Vec::new(), Vec::new());
    for mine in records.iter().filter(|r| r.config == c && r.solved()) {
        let Some(other) = theirs.get(mine.file.as_str()) else {
            continue;
        };
        let (a, b) = (RunStats::of(mine), RunStats::of(other));
        let t = time_ratio(mine.wall_s, other.wall_s);
        let q = opt_ratio(a.queries, b.queries);
        let u = opt_ratio(a.us_per_query, b.us_per_query);
        times.push(t);
        queries.extend(q);
        costs.extend(u);
        let _ = writeln!(
            md,
            "| {} | {:.2} | {:.2} | {:.2} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            mine.file,
            mine.wall_s,
            other.wall_s,
            t,
            opt_cell(a.queries, 0),
            opt_cell(b.queries, 0),
            opt_cell(q, 2),
            opt_cell(a.us_per_query, 1),
            opt_cell(b.us_per_query, 1),
            opt_cell(u, 2),
            opt_cell(a.mics, 0),
            opt_cell(b.mics, 0),
            opt_cell(a.lemmas_held, 0),
            opt_cell(b.lemmas_held, 0),
            opt_cell(a.frames, 0),
            opt_cell(b.frames, 0),
        );
    }
    let max = |xs: &[f64]| xs.iter().copied().fold(f64::NAN, f64::max);
    let _ = writeln!(md);
    let _ = writeln!(
        md,
        "- time ratio ({c} / {peer}, times floored at 10 ms): median {} over {} files",
        num2(median(&mut times)),
        times.len()
    );
    for (what, xs, both) in [
        ("query", &mut queries, "counts"),
        ("µs/query", &mut costs, "means"),
    ] {
        let _ = writeln!(
            md,
            "- {what} ratio: median {}, max {} over {} files with both {both}",
            num2(median(&mut xs[..])),
            num2(max(&xs[..])),
            xs.len()
        );
    }
    let _ = writeln!(
        md,
        "\nA ratio below 1 means pdrkit is faster / asks fewer queries / spends less per query."
    );
    md
}

/// Configuration names in display order: those of `configs` first, then any others found.
pub fn ordered_names<'a>(configs: &'a [(String, String)], records: &'a [Record]) -> Vec<&'a str> {
    let mut names: Vec<&str> = configs.iter().map(|(n, _)| n.as_str()).collect();
    for r in records {
        if !names.contains(&r.config.as_str()) {
            names.push(&r.config);
        }
    }
    names.retain(|n| records.iter().any(|r| r.config == *n));
    names
}

/// The per-configuration table (markdown), also printed at the end of a run.
pub fn stats_table(stats: &BTreeMap<String, ConfigStats>, configs: &[(String, String)]) -> String {
    let mut names: Vec<&str> = configs
        .iter()
        .map(|(n, _)| n.as_str())
        .filter(|n| stats.contains_key(*n))
        .collect();
    for n in stats.keys() {
        if !names.contains(&n.as_str()) {
            names.push(n);
        }
    }
    let mut md = String::from(
        "| configuration | solved safe | solved unsafe | solved | runs | unique | wrong | \
         unchecked | no answer | errors | PAR-2 s |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for n in names {
        let s = &stats[n];
        let mark = |k: usize| {
            if k > 0 {
                format!("**{k}**")
            } else {
                "0".into()
            }
        };
        let _ = writeln!(
            md,
            "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
            s.solved_safe,
            s.solved_unsafe,
            s.solved(),
            s.runs,
            s.unique,
            mark(s.wrong),
            mark(s.unchecked),
            s.no_answer,
            s.errors,
            s.par2
        );
    }
    md
}

/// Writes `results.csv`, `summary.md` and `cactus.svg` into `out`; returns the summary text.
pub fn write_all(out: &Path, records: &[Record], ctx: &Report<'_>) -> Result<String> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    std::fs::write(out.join("results.csv"), to_csv(records)).context("writing results.csv")?;
    let md = to_markdown(records, ctx);
    std::fs::write(out.join("summary.md"), &md).context("writing summary.md")?;
    let names = ordered_names(&ctx.configs, records);
    let svg = crate::plot::cactus_svg(records, &names, &ctx.title);
    std::fs::write(out.join("cactus.svg"), svg).context("writing cactus.svg")?;
    Ok(md)
}

/// Prints the end-of-run report and turns failures into the exit code.
pub fn finish(records: &[Record], configs: &[(String, String)], out: &Path) -> ExitCode {
    let stats = config_stats(records);
    println!("{}", stats_table(&stats, configs));
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

/// A path as a summary shows it, never absolute (a machine's folders mean nothing elsewhere): a
/// relative path as given; an absolute one relative to the current folder or the workspace when
/// it is near (at most two levels up), otherwise its last component.
pub fn shown_path(p: &Path) -> String {
    if p.is_relative() {
        return p.display().to_string();
    }
    let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let bases = [std::env::current_dir().ok(), Some(crate::workspace_root())];
    for base in bases.into_iter().flatten() {
        let base = std::fs::canonicalize(&base).unwrap_or(base);
        if let Some(rel) = relative_to(&p, &base) {
            return rel;
        }
    }
    p.file_name()
        .map_or_else(|| ".".to_string(), |n| n.to_string_lossy().into_owned())
}

/// `p` relative to `base`, both absolute, when they share more than the root and `p` is at
/// most two levels up from `base`.
fn relative_to(p: &Path, base: &Path) -> Option<String> {
    let pc: Vec<_> = p.components().collect();
    let bc: Vec<_> = base.components().collect();
    let common = pc.iter().zip(&bc).take_while(|(a, b)| a == b).count();
    let ups = bc.len() - common;
    if common <= 1 || ups > 2 {
        return None;
    }
    let mut parts: Vec<String> = vec!["..".to_string(); ups];
    parts.extend(
        pc[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    Some(if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    })
}

/// The pdrkit binary as a summary shows it: a build of this workspace as its path relative to
/// the workspace (or to `$CARGO_TARGET_DIR`) and the workspace's commit; any other binary as
/// [`shown_path`] shows it.
pub fn shown_binary(binary: &Path) -> String {
    let root = crate::workspace_root();
    let root = std::fs::canonicalize(&root).unwrap_or(root);
    let binary = std::fs::canonicalize(binary).unwrap_or_else(|_| binary.to_path_buf());
    let release = crate::exec::release_path();
    let release = std::fs::canonicalize(&release).unwrap_or(release);
    let shown = if let Ok(rel) = binary.strip_prefix(&root) {
        rel.display().to_string()
    } else if binary == release {
        "$CARGO_TARGET_DIR/release/pdrkit".to_string()
    } else {
        return shown_path(&binary);
    };
    match workspace_commit(&root) {
        Some(commit) => format!("{shown} (workspace at {commit})"),
        None => shown,
    }
}

/// `commit ABCDEF123456`, with `, uncommitted changes` when tracked files differ from it.
fn workspace_commit(root: &Path) -> Option<String> {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short=12", "HEAD"])?;
    let dirty =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    Some(if dirty {
        format!("commit {commit}, uncommitted changes")
    } else {
        format!("commit {commit}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::tests::rec;

    fn sample() -> Vec<Record> {
        use Judgement::*;
        use Verdict::*;
        vec![
            rec("a", "ic3", Unsat, Solved, 1.0),
            rec("a", "abc", Unsat, Solved, 2.0),
            rec("b", "ic3", Sat, Solved, 4.0),
            rec("b", "abc", Unknown, Unsolved, 11.0),
            rec("c", "ic3", Sat, Wrong, 1.0),
            rec("c", "abc", Sat, Solved, 1.0),
        ]
    }

    #[test]
    fn stats_unique_par2() {
        let s = config_stats(&sample());
        let ic3 = &s["ic3"];
        assert_eq!((ic3.solved_safe, ic3.solved_unsafe, ic3.unique), (1, 1, 1));
        assert_eq!(ic3.wrong, 1);
        assert!((ic3.par2 - (1.0 + 4.0 + 20.0)).abs() < 1e-9);
        let abc = &s["abc"];
        assert_eq!((abc.solved(), abc.unique, abc.no_answer), (2, 1, 1));
    }

    #[test]
    fn versus_peer() {
        let v = versus(&sample(), "ic3", "abc");
        assert_eq!((v.both, v.only_a, v.only_b), (1, 1, 1));
        assert!((v.geomean - 0.5).abs() < 1e-9);
    }

    #[test]
    fn csv_quotes_and_markdown_mentions_failures() {
        let recs = sample();
        let csv = to_csv(&recs);
        assert!(csv.starts_with("file,config,peer,"));
        assert!(csv.contains("\"a, \"\"b\"\"\""));
        assert!(csv.contains("\"{\"\"frames\"\":3}\""));
        let ctx = Report {
            title: "t".into(),
            setup: vec![],
            configs: vec![("ic3".into(), "--engine ic3".into())],
            instances: &[],
        };
        let md = to_markdown(&recs, &ctx);
        assert!(md.contains("## Versus abc"));
        assert!(md.contains("**WRONG**"));
    }

    #[test]
    fn a_portfolio_run_reports_its_winners_statistics() {
        let mut r = rec("a", "default", Verdict::Unsat, Judgement::Solved, 1.0);
        r.stats = r#"{"engine":"portfolio","winner":"ic3","ic3.sat_queries":843,
            "ic3.sat_mean_us":50.0,"ic3.lemmas_held":94,"ic3.mics":120,"ic3.frames":6,"kind.k":11}"#
            .into();
        let s = RunStats::of(&r);
        assert_eq!(s.queries, Some(843.0));
        assert_eq!(s.us_per_query, Some(50.0));
        assert_eq!(
            (s.mics, s.lemmas_held, s.frames),
            (Some(120.0), Some(94.0), Some(6.0))
        );
        // The winner's keys only: k-induction answering gives no IC3 query count.
        r.stats = r#"{"winner":"kind","ic3.sat_queries":843,"kind.k":11}"#.into();
        assert_eq!(RunStats::of(&r).queries, None);
    }

    #[test]
    fn file_by_file_against_ric3() {
        use Judgement::*;
        use Verdict::*;
        let with = |mut r: Record, stats: &str| {
            r.stats = stats.into();
            r
        };
        let recs = vec![
            with(
                rec("a", "ic3", Unsat, Solved, 2.0),
                r#"{"sat_queries":300,"sat_mean_us":20.0,"mics":35,"lemmas":50,"lemmas_held":40,"frames":7}"#,
            ),
            with(rec("a", "abc", Unsat, Solved, 1.0), ""),
            with(
                rec("a", "ric3", Unsat, Solved, 1.0),
                r#"{"sat_queries":100,"sat_mean_us":10.0,"lemmas_held":30,"frames":6,"mics":5}"#,
            ),
            // pdrkit without the query keys (an older binary): shown as `-`, not counted.
            with(rec("b", "ic3", Sat, Solved, 1.0), r#"{"frames":3}"#),
            with(
                rec("b", "ric3", Sat, Solved, 4.0),
                r#"{"sat_queries":50,"sat_mean_us":5.0,"frames":4,"lemmas_held":9}"#,
            ),
            // Killed: no statistics, and not solved by both, so not in the table.
            with(rec("c", "ric3", Unknown, Unsolved, 11.0), ""),
            with(rec("c", "ic3", Sat, Solved, 1.0), "not json"),
            with(
                rec("d", "ic3", Unsat, Solved, 0.5),
                r#"{"sat_queries":10,"sat_mean_us":1.0}"#,
            ),
            with(
                rec("d", "ric3", Unsat, Solved, 0.5),
                r#"{"sat_queries":20,"sat_mean_us":4.0}"#,
            ),
        ];
        let ctx = Report {
            title: "t".into(),
            setup: vec![],
            configs: vec![
                ("ic3".into(), "--engine ic3".into()),
                ("ric3".into(), "rIC3 -e ic3 FILE".into()),
                ("abc".into(), "abc".into()),
            ],
            instances: &[],
        };
        let md = to_markdown(&recs, &ctx);
        // One comparison per peer, in the configurations' order; only rIC3 has statistics.
        let (r, a) = (
            md.find("## Versus ric3").unwrap(),
            md.find("## Versus abc").unwrap(),
        );
        assert!(r < a, "{md}");
        assert!(md.contains("### ic3 against ric3, file by file"), "{md}");
        assert!(!md.contains("against abc, file by file"), "{md}");
        assert!(
            md.contains("| a | 2.00 | 1.00 | 2.00 | 300 | 100 | 3.00 | 20.0 | 10.0 | 2.00 | 35 | 5 | 40 | 30 | 7 | 6 |"),
            "{md}"
        );
        assert!(
            md.contains(
                "| b | 1.00 | 4.00 | 0.25 | - | 50 | - | - | 5.0 | - | - | - | - | 9 | 3 | 4 |"
            ),
            "{md}"
        );
        assert!(!md.contains("| c | "), "{md}");
        assert!(
            md.contains("median 1.00 over 3 files"),
            "times 2, 0.25, 1: {md}"
        );
        assert!(
            md.contains("query ratio: median 1.75, max 3.00 over 2 files"),
            "{md}"
        );
        assert!(
            md.contains("µs/query ratio: median 1.12, max 2.00 over 2 files"),
            "{md}"
        );
        // The versus table has a median ratio column: ic3/ric3 on a, b, d: 2, 0.25, 1.
        assert!(
            md.contains("| ic3 | 3 | 1 | 0 | 3.50 | 5.50 | 0.64 | 0.79 | 1.00 |"),
            "{md}"
        );
    }

    #[test]
    fn twins_compare_solved_files() {
        let recs = vec![
            rec("a.btor2", "ic3", Verdict::Unsat, Judgement::Solved, 1.0),
            rec("a.btor2", "ic3@aig", Verdict::Unsat, Judgement::Solved, 1.0),
            rec("b.btor2", "ic3", Verdict::Unknown, Judgement::Unsolved, 9.0),
            rec("b.btor2", "ic3@aig", Verdict::Sat, Judgement::Solved, 2.0),
            rec("c.btor2", "ic3", Verdict::Sat, Judgement::Solved, 2.0),
        ];
        let t = twins_table(&recs);
        assert!(
            t.contains("| ic3 | 2 | 1 | 2 | 50.0% | - | b.btor2 |"),
            "{t}"
        );
        assert_eq!(twins_table(&recs[4..]), "");
    }

    #[test]
    fn shown_paths_are_never_absolute() {
        let rel = |p: &str, b: &str| relative_to(Path::new(p), Path::new(b));
        assert_eq!(
            rel("/a/b/shared/x", "/a/b/wt").as_deref(),
            Some("../shared/x")
        );
        assert_eq!(rel("/a/b/wt/s", "/a/b/wt").as_deref(), Some("s"));
        assert_eq!(rel("/a/b", "/a/b").as_deref(), Some("."));
        assert_eq!(rel("/tmp/x", "/a/b"), None, "only the root in common");
        assert_eq!(rel("/a/x", "/a/b/c/d"), None, "three levels up");
        assert_eq!(shown_path(Path::new("rel/suite")), "rel/suite");
        let far = shown_path(Path::new("/nonexistent-xtask-dir/suite"));
        assert_eq!(far, "suite");
        let release = crate::exec::release_path();
        let shown = shown_binary(&release);
        assert!(!shown.starts_with('/'), "{shown}");
        assert!(shown.contains("release/pdrkit"), "{shown}");
    }
}
