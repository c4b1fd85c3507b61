//! Peer model checkers run side by side with pdrkit (`--vs`, repeatable), each as a
//! configuration of its own in the results; their answers are not checked, only compared with
//! the manifest.
//!
//! * ABC, run the way `shared/peers/README.md` says is sound: `&r FILE; &put; fold; pdr -T
//!   SECS; print_status` on a binary `.aig` without outputs when it has bad-state properties.
//! * rIC3 (`rIC3 -e ic3 FILE`, the HWMCC'24/'25 winner) on the model as given (it reads
//!   `.aag`/`.aig`, outputs next to bad-state properties, constraints and uninitialized latches
//!   itself), only decompressed when gzipped. It has no time-limit option: the wall-clock kill
//!   of [`crate::run::run_limited`] is its limit. Its log (stderr) is parsed into the record's
//!   statistics by [`parse_ric3_log`].

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use serde_json::{Map, Value};

use crate::verdict::Verdict;

/// The ABC binary (Debian's package name).
pub const ABC_BINARY: &str = "berkeley-abc";

/// The rIC3 binary (`cargo install rIC3`).
pub const RIC3_BINARY: &str = "rIC3";

/// How to install rIC3 (the version the bench was written against).
pub const RIC3_INSTALL: &str =
    "apt-get install -y cmake clang && RUSTC_BOOTSTRAP=1 cargo install rIC3 --version 1.5.1 --locked";

/// A peer tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    /// Berkeley ABC's `pdr` (on a justice property: after the peers' liveness-to-safety
    /// reduction).
    Abc,
    /// Berkeley ABC's `bmc3`, the same way.
    AbcBmc,
    /// rIC3's IC3 engine (on a justice property: its `rlive` engine).
    Ric3,
}

impl Peer {
    /// Every peer, in the order `--vs`'s help lists them.
    pub const ALL: [Peer; 3] = [Peer::Abc, Peer::AbcBmc, Peer::Ric3];

    /// Parses a `--vs` value.
    pub fn parse(s: &str) -> Result<Peer> {
        match s {
            "abc" => Ok(Peer::Abc),
            "abc-bmc3" => Ok(Peer::AbcBmc),
            "ric3" => Ok(Peer::Ric3),
            other => bail!("unknown peer `{other}` (supported: abc, abc-bmc3, ric3)"),
        }
    }

    /// The name used as the configuration name in results (so reserved for configurations).
    pub fn name(self) -> &'static str {
        match self {
            Peer::Abc => "abc",
            Peer::AbcBmc => "abc-bmc3",
            Peer::Ric3 => "ric3",
        }
    }

    /// The executable looked up on PATH.
    pub fn binary(self) -> &'static str {
        match self {
            Peer::Abc | Peer::AbcBmc => ABC_BINARY,
            Peer::Ric3 => RIC3_BINARY,
        }
    }

    /// The command line run on each file, for the summary's list of configurations.
    pub fn command_line(self, timeout_s: f64) -> String {
        match self {
            Peer::Abc | Peer::AbcBmc => format!(
                "berkeley-abc -c \"&r FILE; &put; fold; {} -T {}; print_status\" (FILE: for a \
                 justice property, aigtool.py l2s's reduction)",
                self.abc_engine(),
                timeout_s.ceil()
            ),
            Peer::Ric3 => format!("{RIC3_BINARY} -e ic3 FILE (-e rlive for a justice property)"),
        }
    }

    /// ABC's engine command of an ABC peer.
    fn abc_engine(self) -> &'static str {
        if self == Peer::AbcBmc {
            "bmc3"
        } else {
            "pdr"
        }
    }

    /// Whether the peer's binary is on PATH.
    pub fn is_installed(self) -> bool {
        on_path(self.binary())
    }

    /// Fails early when the peer's binary is not installed.
    pub fn ensure_installed(self) -> Result<()> {
        if self.is_installed() {
            return Ok(());
        }
        match self {
            Peer::Abc | Peer::AbcBmc => {
                bail!("`{ABC_BINARY}` is not on PATH (apt-get install -y berkeley-abc)")
            }
            Peer::Ric3 => bail!("`{RIC3_BINARY}` is not on PATH (install: {RIC3_INSTALL})"),
        }
    }

    /// Whether `code` is how the peer exits after a normal run (answer or not): a run that
    /// ended otherwise gets a note from its stderr.
    pub fn normal_exit(self, code: i32) -> bool {
        match self {
            Peer::Abc | Peer::AbcBmc => code == 0,
            Peer::Ric3 => code == 10 || code == 20,
        }
    }
}

/// The peers of a run that can run here, and a note (to print after `note: `) for each one
/// left out. ABC missing is an error (CI installs it, and a comparison asked for should not
/// silently lack it); rIC3 missing only skips it, because it is a long source build most
/// machines (CI included) do not have.
pub fn usable(peers: &[Peer]) -> Result<(Vec<Peer>, Vec<String>)> {
    let mut kept = Vec::new();
    let mut notes = Vec::new();
    for &peer in peers {
        match peer {
            Peer::Ric3 if !peer.is_installed() => notes.push(format!(
                "{RIC3_BINARY} not on PATH, peer skipped (install: {RIC3_INSTALL})"
            )),
            _ => {
                peer.ensure_installed()?;
                kept.push(peer);
            }
        }
    }
    Ok((kept, notes))
}

/// Whether an executable file `name` is in one of PATH's folders.
fn on_path(name: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p).any(|d| {
                std::fs::metadata(d.join(name))
                    .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            })
        })
        .unwrap_or(false)
}

/// The file to give ABC for `model`: the model itself when it is a plain binary `.aig` with a
/// harmless path and not both outputs and bad-state properties; otherwise a binary copy
/// (outputs dropped when there are bad-state properties) written into `scratch`.
///
/// A model whose only properties are justice ones (ABC cannot read `J`) is first reduced to
/// safety by the peers' own tool, `python3 AIGTOOL l2s MODEL OUT.aag` (justice property 0):
/// the peer is "liveness to safety, then ABC", with no pdrkit code in the reduction.
pub fn abc_input(model: &Path, scratch: &Path, aigtool: Option<&Path>) -> Result<PathBuf> {
    let bytes = std::fs::read(model).with_context(|| format!("reading {}", model.display()))?;
    let aig =
        pdrkit_ts::aiger::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", model.display()))?;
    if !aig.justice.is_empty() && aig.properties().is_empty() {
        let Some(tool) = aigtool else {
            bail!("a justice property needs the peers' aigtool.py (peers/ beside the suite)");
        };
        let reduced = scratch.join("l2s.aag");
        let out = Command::new("python3")
            .arg(tool)
            .arg("l2s")
            .arg(model)
            .arg(&reduced)
            .output()
            .context("running python3 aigtool.py l2s")?;
        if !out.status.success() {
            bail!(
                "aigtool.py l2s failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let text =
            std::fs::read(&reduced).with_context(|| format!("reading {}", reduced.display()))?;
        let aig = pdrkit_ts::aiger::parse(&text)
            .map_err(|e| anyhow::anyhow!("aigtool.py's reduction: {e}"))?;
        let bin = scratch.join("abc-input.aig");
        std::fs::write(&bin, pdrkit_ts::aiger::write_aig(&aig))
            .with_context(|| format!("writing {}", bin.display()))?;
        return Ok(bin);
    }
    let plain_binary = bytes.starts_with(b"aig ");
    let both = !aig.outputs.is_empty() && !aig.bads.is_empty();
    let path_ok = model
        .to_str()
        .is_some_and(|s| !s.chars().any(|c| c.is_whitespace() || ";\"'".contains(c)));
    if plain_binary && !both && path_ok {
        return Ok(model.to_path_buf());
    }
    let mut aig = aig;
    if !aig.bads.is_empty() {
        aig.outputs.clear();
        aig.symbols
            .retain(|s| s.kind != pdrkit_ts::SymbolKind::Output);
    }
    let out = scratch.join("abc-input.aig");
    std::fs::write(&out, pdrkit_ts::aiger::write_aig(&aig))
        .with_context(|| format!("writing {}", out.display()))?;
    Ok(out)
}

/// The ABC command of `peer` (`pdr` or `bmc3`) for `input` (a binary `.aig` from
/// [`abc_input`]) with a time limit.
pub fn abc_command(peer: Peer, input: &Path, timeout_s: f64) -> Command {
    let secs = timeout_s.ceil().max(1.0) as u64;
    let mut cmd = Command::new(ABC_BINARY);
    cmd.arg("-c").arg(format!(
        "&r {}; &put; fold; {} -T {secs}; print_status",
        input.display(),
        peer.abc_engine()
    ));
    cmd
}

/// ABC's answer from its output: `Status = 1` safe (unsat), `Status = 0` unsafe (sat),
/// anything else (`-1`, nothing) unknown.
pub fn parse_abc_status(stdout: &str) -> Verdict {
    for line in stdout.lines().rev() {
        if let Some(rest) = line.trim_start().strip_prefix("Status =") {
            return match rest.split_whitespace().next() {
                Some("1") => Verdict::Unsat,
                Some("0") => Verdict::Sat,
                _ => Verdict::Unknown,
            };
        }
    }
    Verdict::Unknown
}

/// The file to give rIC3 for `model`: the model itself, or, when it is gzip-compressed, its
/// decompressed copy in `scratch` (rIC3 reads only plain files, named `.aag` or `.aig`: the
/// copy is named after its header). Decompressed by `gzip -dc`, as `import` reads `.bz2`.
pub fn ric3_input(model: &Path, scratch: &Path) -> Result<PathBuf> {
    use std::io::Read as _;
    let mut magic = [0u8; 2];
    let gzipped = std::fs::File::open(model)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok()
        && magic == [0x1f, 0x8b];
    if !gzipped {
        return Ok(model.to_path_buf());
    }
    let raw = scratch.join("ric3-input.raw");
    let out = std::fs::File::create(&raw).with_context(|| format!("creating {}", raw.display()))?;
    let status = Command::new("gzip")
        .arg("-dc")
        .arg(model)
        .stdout(out)
        .status()
        .context("running gzip -dc (apt-get install gzip)")?;
    if !status.success() {
        bail!("gzip -dc {} failed", model.display());
    }
    let mut head = [0u8; 4];
    let _ = std::fs::File::open(&raw).and_then(|mut f| f.read_exact(&mut head));
    let ext = if &head == b"aag " { "aag" } else { "aig" };
    let input = scratch.join(format!("ric3-input.{ext}"));
    std::fs::rename(&raw, &input).with_context(|| format!("renaming to {}", input.display()))?;
    Ok(input)
}

/// The rIC3 command for `input` (from [`ric3_input`]).
pub fn ric3_command(input: &Path) -> Command {
    let live = std::fs::read(input)
        .ok()
        .and_then(|b| pdrkit_ts::aiger::parse(&b).ok())
        .is_some_and(|a| !a.justice.is_empty() && a.properties().is_empty());
    let mut cmd = Command::new(RIC3_BINARY);
    cmd.arg("-e")
        .arg(if live { "rlive" } else { "ic3" })
        .arg(input);
    cmd
}

/// rIC3's answer: exit code 20 unsat (safe), 10 sat (unsafe), anything else unknown. Its last
/// stdout line says the same (`RESULT: UNSAT` / `RESULT: SAT`); when that line is there and
/// disagrees with the exit code, the answer is unknown and the second value says why.
pub fn ric3_verdict(code: Option<i32>, stdout: &str) -> (Verdict, Option<String>) {
    let by_code = match code {
        Some(20) => Verdict::Unsat,
        Some(10) => Verdict::Sat,
        _ => return (Verdict::Unknown, None),
    };
    let said = stdout
        .lines()
        .rev()
        .find_map(|l| l.trim().strip_prefix("RESULT:"))
        .map(str::trim);
    let by_line = match said {
        None => return (by_code, None),
        Some("UNSAT") => Verdict::Unsat,
        Some("SAT") => Verdict::Sat,
        Some(_) => Verdict::Unknown,
    };
    if by_line == by_code {
        (by_code, None)
    } else {
        let why = format!(
            "exit code {} but stdout says `RESULT: {}`",
            code.unwrap_or(0),
            said.unwrap_or("")
        );
        (Verdict::Unknown, Some(why))
    }
}

/// The line of a failed rIC3 run worth a note: the first one that names an error or a panic,
/// else the last non-empty one (its log's first lines are `[INFO ]` lines about the model).
pub fn ric3_error_line(stderr: &str) -> String {
    let mut lines = stderr.lines().map(str::trim).filter(|l| !l.is_empty());
    let named = lines.clone().find(|l| {
        let l = l.to_ascii_lowercase();
        l.contains("error") || l.contains("panicked")
    });
    named
        .or_else(|| lines.next_back())
        .unwrap_or("")
        .chars()
        .take(200)
        .collect()
}

/// rIC3's statistics from its log (stderr), as the JSON object of the record's `stats`, with
/// the keys pdrkit's `--stats-json` uses where they mean the same thing:
///
/// * `sat_queries`: `num_solve` of the (last) `SolverStatistic { .. }` block;
/// * `sat_mean_us`: its `avg_solve_time` (a Rust `Duration` Debug print) in microseconds;
/// * `mics`: `num_mic` of the `Statistic { .. }` block (MIC runs, as pdrkit's `mics`);
///   `avg_mic_len`: its `avg_mic_cube_len`; `time_s`: its `time`, in seconds;
/// * `frames`: N of the last `frames [N]: a b .. inf` line; `lemmas_held`: the sum of its
///   numbers but the first, the infinity level's included (the lemmas held at the end, as
///   pdrkit's `lemmas_held`: rIC3's level 0 holds the initial states' literals, which pdrkit
///   does not count; pdrkit's `lemmas` counts every lemma learned);
/// * `preprocessed`: the text after `preprocessed ts has `.
///
/// Whatever is missing (a run killed at the limit prints little) is left out: the object may
/// be empty, and this never fails.
pub fn parse_ric3_log(stderr: &str) -> Map<String, Value> {
    let mut out = Map::new();
    let mut block = Block::None;
    // Brace depth inside the current block: its own fields are at depth 1.
    let mut depth = 0usize;
    for line in stderr.lines() {
        // A log line is `[LEVEL] message`; a block's fields are indented continuation lines.
        let message = match line.strip_prefix('[').and_then(|l| l.split_once("] ")) {
            Some((_, m)) => m.trim(),
            None => line.trim(),
        };
        if depth == 0 || line.starts_with('[') {
            block = match message {
                "SolverStatistic {" => Block::Solver,
                "Statistic {" => Block::Statistic,
                m if m.ends_with('{') => Block::Other,
                _ => Block::None,
            };
            depth = usize::from(block != Block::None);
            if block == Block::None {
                top_level_line(message, &mut out);
            }
            continue;
        }
        if depth == 1 {
            if let Some((key, value)) = message.split_once(':') {
                let value = value.trim().trim_end_matches(',').trim();
                field(&block, key.trim(), value, &mut out);
            }
        }
        depth += message.matches('{').count();
        depth = depth.saturating_sub(message.matches('}').count());
    }
    out
}

/// The statistics on a log line outside the blocks: `frames [..]` and `preprocessed ts has`.
fn top_level_line(message: &str, out: &mut Map<String, Value>) {
    if let Some(rest) = message.strip_prefix("preprocessed ts has ") {
        out.insert("preprocessed".into(), Value::from(rest.trim()));
    } else if let Some(rest) = message.strip_prefix("frames [") {
        let Some((n, levels)) = rest.split_once("]:") else {
            return;
        };
        if let Ok(n) = n.trim().parse::<u64>() {
            out.insert("frames".into(), Value::from(n));
        }
        let sizes: Option<Vec<u64>> = levels.split_whitespace().map(|w| w.parse().ok()).collect();
        if let Some(sizes) = sizes {
            let learned = sizes.iter().skip(1).sum::<u64>();
            out.insert("lemmas_held".into(), Value::from(learned));
        }
    }
}

/// The block of rIC3's log a line belongs to.
#[derive(PartialEq)]
enum Block {
    /// Not in a block.
    None,
    /// `SolverStatistic { .. }`.
    Solver,
    /// `Statistic { .. }` (IC3's own).
    Statistic,
    /// Any other `Name { .. }`.
    Other,
}

/// One field of a statistics block, when it is one the record keeps.
fn field(block: &Block, key: &str, value: &str, out: &mut Map<String, Value>) {
    let (name, value) = match (block, key) {
        (Block::Solver, "num_solve") | (Block::Statistic, "num_mic") => {
            let Ok(n) = value.parse::<u64>() else { return };
            let name = if key == "num_solve" {
                "sat_queries"
            } else {
                "mics"
            };
            (name, Value::from(n))
        }
        (Block::Solver, "avg_solve_time") => {
            let Some(us) = duration_us(value) else { return };
            ("sat_mean_us", Value::from(us))
        }
        (Block::Statistic, "avg_mic_cube_len") => {
            let Ok(x) = value.parse::<f64>() else { return };
            ("avg_mic_len", Value::from(x))
        }
        (Block::Statistic, "time") => {
            let Some(us) = duration_us(value) else { return };
            ("time_s", Value::from(us / 1e6))
        }
        _ => return,
    };
    out.insert(name.into(), value);
}

/// A Rust `Duration` Debug print (`17.522µs`, `1.5ms`, `0.94s`, `120ns`; also `us`) in
/// microseconds.
pub fn duration_us(s: &str) -> Option<f64> {
    let s = s.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let number: f64 = number.parse().ok()?;
    let scale = match unit.trim() {
        "ns" => 1e-3,
        "µs" | "us" | "μs" => 1.0,
        "ms" => 1e3,
        "s" => 1e6,
        _ => return None,
    };
    Some(number * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines() {
        assert_eq!(
            parse_abc_status(
                "Property proved.  Time = 0.01 sec\nStatus = 1  Frames = 1   Cex is not defined.\n"
            ),
            Verdict::Unsat
        );
        assert_eq!(
            parse_abc_status("Status = 0  Frames = 2   CEX: Po =   0  Frame =   3\n"),
            Verdict::Sat
        );
        assert_eq!(
            parse_abc_status("Property UNDECIDED.\nStatus = -1  Frames = 20\n"),
            Verdict::Unknown
        );
        assert_eq!(
            parse_abc_status("Wrong input file format\n"),
            Verdict::Unknown
        );
    }

    #[test]
    fn converts_ascii_and_drops_outputs_next_to_bads() {
        let dir = crate::run::Scratch::new("peer-test").unwrap();
        // One output and one bad: the latch toggles, the bad is the latch.
        let model = dir.path().join("m.aag");
        std::fs::write(&model, "aag 1 0 1 1 0 1\n2 3\n2\n2\no0 out\nb0 bad\n").unwrap();
        let input = abc_input(&model, dir.path(), None).unwrap();
        assert_ne!(input, model);
        let back = pdrkit_ts::aiger::read_file(&input).unwrap();
        assert!(back.outputs.is_empty());
        assert_eq!(back.bads.len(), 1);
        assert!(std::fs::read(&input).unwrap().starts_with(b"aig "));
        // A plain binary file with one property is used as it is.
        let plain = dir.path().join("p.aig");
        std::fs::write(&plain, std::fs::read(&input).unwrap()).unwrap();
        assert_eq!(abc_input(&plain, dir.path(), None).unwrap(), plain);
    }

    /// The log of `rIC3 -e ic3 hwmcc20/zipcpu-busdelay-p36.aig` (rIC3 1.5.1) as the task that
    /// asked for this parser quoted it: stderr with one field elided, and stdout's last line.
    const RIC3_LOG: &str = include_str!("../tests/data/ric3-busdelay-p36-brief.log");

    /// The same run's whole stderr, captured here (nested blocks, other timings).
    const RIC3_STDERR: &str = include_str!("../tests/data/ric3-busdelay-p36.stderr");

    #[test]
    fn ric3_log_statistics() {
        let stats = parse_ric3_log(RIC3_LOG);
        let json = Value::Object(stats.clone()).to_string();
        assert_eq!(stats["sat_queries"], 34124, "{json}");
        assert!((stats["sat_mean_us"].as_f64().unwrap() - 17.522).abs() < 1e-9);
        assert_eq!(stats["mics"], 1565);
        assert!((stats["avg_mic_len"].as_f64().unwrap() - 6.357188).abs() < 1e-9);
        assert_eq!(stats["frames"], 22);
        // Every level's lemmas but level 0's 48 (the initial states), the infinity level's 88
        // included.
        assert_eq!(stats["lemmas_held"], 1120);
        assert_eq!(
            stats["preprocessed"],
            "373 vars, 75 inputs, 142 latches, 817 clauses, 31 constraints"
        );
        assert!((stats["time_s"].as_f64().unwrap() - 0.94).abs() < 1e-9);
        assert_eq!(stats.len(), 8, "{json}");
        // The whole log: the nested `block: Block { .. }` and its `*_time` fields are skipped.
        let whole = parse_ric3_log(RIC3_STDERR);
        assert_eq!(whole["sat_queries"], 34124);
        assert!((whole["sat_mean_us"].as_f64().unwrap() - 15.437).abs() < 1e-9);
        assert!((whole["time_s"].as_f64().unwrap() - 0.75).abs() < 1e-9);
        assert_eq!(
            (&whole["frames"], &whole["lemmas_held"]),
            (&stats["frames"], &stats["lemmas_held"])
        );
        assert_eq!(whole.len(), 8);
    }

    #[test]
    fn ric3_log_cut_short() {
        // Killed at the limit in the middle of IC3: only the preprocessing was logged.
        let cut: String = RIC3_LOG
            .lines()
            .take(12)
            .map(|l| format!("{l}\n"))
            .collect();
        let stats = parse_ric3_log(&cut);
        assert_eq!(stats.len(), 1, "{stats:?}");
        assert!(stats.contains_key("preprocessed"));
        // Cut inside the solver block: what was printed is kept; a half-printed frames line
        // (a number cut in two is still a number) and a broken duration are not fatal.
        let cut = "[INFO ] frames [3]: 4 5\n[INFO ] SolverStatistic {\n        num_solve: 12,\n        avg_solve_time: 3.1";
        let stats = parse_ric3_log(cut);
        assert_eq!(stats["frames"], 3);
        assert_eq!(stats["lemmas_held"], 5);
        assert_eq!(stats["sat_queries"], 12);
        assert!(!stats.contains_key("sat_mean_us"));
        assert!(parse_ric3_log("").is_empty());
        assert!(parse_ric3_log("thread 'main' panicked at src/main.rs:1:1:\nboom\n").is_empty());
        // The last frames line counts.
        let two = "[INFO ] frames [2]: 1 1\n[INFO ] frames [3]: 1 2 3 \n";
        assert_eq!(parse_ric3_log(two)["lemmas_held"], 5);
    }

    #[test]
    fn durations() {
        assert_eq!(duration_us("17.522\u{b5}s"), Some(17.522));
        assert_eq!(duration_us("17.522us"), Some(17.522));
        assert_eq!(duration_us("250ns"), Some(0.25));
        assert_eq!(duration_us("1.5ms"), Some(1500.0));
        assert_eq!(duration_us("2s"), Some(2e6));
        assert_eq!(duration_us("0.94s"), Some(940_000.0));
        assert_eq!(duration_us("3.1"), None);
        assert_eq!(duration_us("fast"), None);
    }

    #[test]
    fn ric3_answers() {
        assert_eq!(
            ric3_verdict(Some(20), "RESULT: UNSAT\n"),
            (Verdict::Unsat, None)
        );
        assert_eq!(
            ric3_verdict(Some(10), "RESULT: SAT\n"),
            (Verdict::Sat, None)
        );
        assert_eq!(ric3_verdict(Some(20), ""), (Verdict::Unsat, None));
        assert_eq!(
            ric3_verdict(Some(0), "RESULT: UNSAT\n"),
            (Verdict::Unknown, None)
        );
        assert_eq!(ric3_verdict(None, ""), (Verdict::Unknown, None));
        let (v, why) = ric3_verdict(Some(20), "RESULT: SAT\n");
        assert_eq!(v, Verdict::Unknown);
        assert!(why.unwrap().contains("exit code 20"));
        assert_eq!(
            ric3_error_line("[INFO ] the model\nthread 'main' panicked at x\nmore\n"),
            "thread 'main' panicked at x"
        );
        assert_eq!(ric3_error_line("[INFO ] a\n[INFO ] b\n"), "[INFO ] b");
    }

    #[test]
    fn ric3_gets_the_model_as_given_or_decompressed() {
        let dir = crate::run::Scratch::new("ric3-input").unwrap();
        let model = dir.path().join("m.aag");
        std::fs::write(&model, "aag 1 0 1 0 0 1\n2 3\n2\n").unwrap();
        assert_eq!(ric3_input(&model, dir.path()).unwrap(), model);
        let status = Command::new("gzip").arg("-k").arg(&model).status();
        if !status.is_ok_and(|s| s.success()) {
            eprintln!("gzip not installed: the decompression is not tested");
            return;
        }
        // Named .aig.gz as in the suite, but ASCII inside: the copy is named after its header.
        let gz = dir.path().join("m.aig.gz");
        std::fs::rename(dir.path().join("m.aag.gz"), &gz).unwrap();
        let input = ric3_input(&gz, dir.path()).unwrap();
        assert_eq!(input, dir.path().join("ric3-input.aag"));
        assert_eq!(
            std::fs::read(&input).unwrap(),
            std::fs::read(&model).unwrap()
        );
        let args: Vec<_> = ric3_command(&input)
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            vec!["-e".to_string(), "ic3".into(), input.display().to_string()]
        );
    }

    #[test]
    fn parse_names() {
        for p in Peer::ALL {
            assert_eq!(Peer::parse(p.name()).unwrap(), p);
        }
        assert!(Peer::parse("RIC3").is_err());
        assert_eq!(
            Peer::Ric3.command_line(60.0),
            "rIC3 -e ic3 FILE (-e rlive for a justice property)"
        );
        assert!(Peer::AbcBmc.command_line(5.0).contains("bmc3 -T 5;"));
        assert!(Peer::Ric3.normal_exit(20) && !Peer::Ric3.normal_exit(0));
    }

    #[test]
    fn command_line() {
        let cmd = abc_command(Peer::Abc, Path::new("/x/y.aig"), 2.5);
        let args: Vec<_> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            vec!["-c", "&r /x/y.aig; &put; fold; pdr -T 3; print_status"]
        );
        let cmd = abc_command(Peer::AbcBmc, Path::new("/x/y.aig"), 2.5);
        assert!(cmd.get_args().any(|a| a
            .to_string_lossy()
            .contains("fold; bmc3 -T 3; print_status")));
    }
}
