//! Shared helpers of pdrkit's workspace-wide tests: where the shared benchmarks are, how to
//! build and run the `pdrkit` binary, the manifests of expected verdicts, and an explicit-state
//! reference checker (breadth-first search over latch valuations) for small models.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use pdrkit_logic::Lit;
use pdrkit_ts::{Aig, Reset};

/// The independent checker's model of `aig`, read by the checker's own reader from the ASCII
/// AIGER file `aig` would be written as.
pub fn checker_model(aig: &Aig) -> pdrkit_check::Model {
    pdrkit_check::Model::parse(&pdrkit_ts::aiger::write_aag(aig))
        .unwrap_or_else(|e| panic!("the checker cannot read the model: {e}"))
}

/// A run's standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run's standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The first line of a run's standard output (the answer of `pdrkit check`).
pub fn first_line(o: &Output) -> String {
    stdout(o).lines().next().unwrap_or("").to_string()
}

/// Describes a run for an assertion message; stdout is cut short, a witness may be long.
pub fn describe(what: &str, o: &Output) -> String {
    let out: String = stdout(o).chars().take(2000).collect();
    format!(
        "{what}: exit {:?} (status {})\n--- stdout\n{out}\n--- stderr\n{}",
        o.status.code(),
        o.status,
        stderr(o)
    )
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/benchmarks` beside the repository, if present.
pub fn shared_benchmarks() -> Option<PathBuf> {
    let p = repo_root().join("../shared/benchmarks");
    p.is_dir().then_some(p)
}

/// The hand-written models of `tests/models`.
pub fn models_dir() -> PathBuf {
    repo_root().join("tests/models")
}

/// Whether this test binary was built in the release profile (the binary under test is then
/// built the same way).
pub fn release_profile() -> bool {
    !cfg!(debug_assertions)
}

/// The `pdrkit` binary, built once per test process with `cargo build -p pdrkit` in the profile
/// of the tests. Panics (failing the test) when the build fails.
pub fn pdrkit_binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.current_dir(repo_root()).args(["build", "-p", "pdrkit"]);
        if release_profile() {
            cmd.arg("--release");
        }
        let out = cmd.output().expect("cannot run cargo to build pdrkit");
        assert!(
            out.status.success(),
            "cargo build -p pdrkit failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| repo_root().join("target"));
        let target = if target.is_absolute() {
            target
        } else {
            repo_root().join(target)
        };
        let bin = target
            .join(if release_profile() {
                "release"
            } else {
                "debug"
            })
            .join(format!("pdrkit{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.is_file(), "{} was not built", bin.display());
        bin
    })
}

/// Runs `pdrkit` with `args`.
pub fn pdrkit<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    Command::new(pdrkit_binary())
        .args(args)
        .output()
        .expect("cannot run pdrkit")
}

/// A verdict of a manifest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// No bad state is reachable (`unsat`).
    Safe,
    /// A bad state is reachable (`sat`).
    Unsafe,
    /// Not known.
    Unknown,
}

impl Expected {
    /// Parses `safe`, `unsafe` or `unknown`.
    pub fn parse(s: &str) -> Option<Expected> {
        match s {
            "safe" => Some(Expected::Safe),
            "unsafe" => Some(Expected::Unsafe),
            "unknown" => Some(Expected::Unknown),
            _ => None,
        }
    }

    /// The word `pdrkit check` prints for this verdict.
    pub fn word(self) -> &'static str {
        match self {
            Expected::Safe => "unsat",
            Expected::Unsafe => "sat",
            Expected::Unknown => "unknown",
        }
    }

    /// The exit code of `pdrkit check` for this verdict.
    pub fn exit_code(self) -> i32 {
        match self {
            Expected::Safe => 20,
            Expected::Unsafe => 10,
            Expected::Unknown => 30,
        }
    }
}

/// A tab-separated manifest with a header line: one map from column name to value per row.
/// Panics on a malformed file (rows with a different number of columns than the header).
pub fn read_tsv(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines
        .next()
        .unwrap_or_else(|| panic!("{} is empty", path.display()))
        .split('\t')
        .collect();
    lines
        .enumerate()
        .map(|(i, l)| {
            let cells: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                cells.len(),
                header.len(),
                "{} row {}: {} columns, header has {}",
                path.display(),
                i + 2,
                cells.len(),
                header.len()
            );
            header
                .iter()
                .zip(cells)
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

/// The rows of `tests/models/MANIFEST.tsv`: file name and expected verdict.
pub fn model_manifest() -> Vec<(String, Expected)> {
    read_tsv(&models_dir().join("MANIFEST.tsv"))
        .into_iter()
        .map(|r| {
            let e = Expected::parse(&r["expected"])
                .unwrap_or_else(|| panic!("{}: bad verdict '{}'", r["file"], r["expected"]));
            (r["file"].clone(), e)
        })
        .collect()
}

/// What the explicit-state search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Depth (transitions) of the shortest counterexample, `None` when the model is safe.
    pub shortest_cex: Option<usize>,
    /// Number of reachable states explored (all of them when safe; those up to the
    /// counterexample's level otherwise).
    pub states: usize,
}

/// The largest model [`explicit_search`] accepts.
pub const MAX_EXPLICIT_LATCHES: usize = 16;
/// See [`MAX_EXPLICIT_LATCHES`].
pub const MAX_EXPLICIT_INPUTS: usize = 10;

/// Evaluates every variable of `aig` from latch and input values (bit `k` of `state` is latch
/// `k`, bit `k` of `inputs` input `k`); the result is indexed by variable.
pub fn evaluate(aig: &Aig, state: u64, inputs: u64, val: &mut Vec<bool>) {
    val.clear();
    val.resize(aig.max_var as usize + 1, false);
    for (k, l) in aig.inputs.iter().enumerate() {
        val[l.var().idx()] = inputs >> k & 1 == 1;
    }
    for (k, l) in aig.latches.iter().enumerate() {
        val[l.lit.var().idx()] = state >> k & 1 == 1;
    }
    for g in &aig.ands {
        val[g.lhs.var().idx()] = lit_value(val, g.rhs0) && lit_value(val, g.rhs1);
    }
}

/// The value of a literal under [`evaluate`]'s variable values.
pub fn lit_value(val: &[bool], l: Lit) -> bool {
    val[l.var().idx()] ^ l.is_neg()
}

/// The start states of a model with reset functions, each with the step-0 inputs it starts
/// under: for every combination of the uninitialized latches and every input valuation, the
/// latches with a reset function take its value, round after round until all settle (the
/// reset functions are acyclic, so as many rounds as latches suffice).
fn function_starts(aig: &Aig, fixed: u64, uninit: &[usize]) -> Vec<(u64, u64)> {
    let mut val = Vec::new();
    let mut out = Vec::new();
    for combo in 0u64..1 << uninit.len() {
        let mut base = fixed;
        for (j, &k) in uninit.iter().enumerate() {
            if combo >> j & 1 == 1 {
                base |= 1 << k;
            }
        }
        for inp in 0u64..1 << aig.inputs.len() {
            let mut s = base;
            for _ in 0..aig.latches.len() {
                evaluate(aig, s, inp, &mut val);
                for (k, l) in aig.latches.iter().enumerate() {
                    match l.reset {
                        Reset::Function(f) if f != l.lit => {
                            s = s & !(1 << k) | u64::from(lit_value(&val, f)) << k;
                        }
                        _ => {}
                    }
                }
            }
            out.push((s, inp));
        }
    }
    out
}

/// Ground truth by explicit-state search: breadth-first over latch valuations from every
/// initial state (all combinations of the uninitialized latches), trying every input valuation
/// in every state. A step counts only when every invariant constraint holds under its inputs;
/// a state is bad when, under some inputs satisfying the constraints, one of the chosen
/// properties is 1 (`property`: only that one of [`Aig::properties`]; `None`: all of them).
/// With reset functions (AIGER 1.9.23), a start state depends on step 0's inputs: step 0 is
/// then taken from each start state under those inputs only.
///
/// This evaluates the AIG directly (gates in file order) and shares no code with the engines.
pub fn explicit_search(aig: &Aig, property: Option<usize>) -> Reach {
    let nl = aig.latches.len();
    let ni = aig.inputs.len();
    assert!(nl <= MAX_EXPLICIT_LATCHES, "too many latches ({nl})");
    assert!(ni <= MAX_EXPLICIT_INPUTS, "too many inputs ({ni})");
    let props: Vec<Lit> = match property {
        Some(p) => vec![aig.properties()[p]],
        None => aig.properties().to_vec(),
    };
    let mut seen = vec![false; 1usize << nl];
    let mut queue: VecDeque<(u64, usize)> = VecDeque::new();
    // Initial states: fixed resets, every combination of the uninitialized latches.
    // A reset function that is the latch's own positive literal means uninitialized, too.
    let uninit: Vec<usize> = (0..nl)
        .filter(|&k| {
            let l = &aig.latches[k];
            l.reset == Reset::Uninit || l.reset == Reset::Function(l.lit)
        })
        .collect();
    let fixed: u64 = (0..nl)
        .filter(|&k| aig.latches[k].reset == Reset::One)
        .fold(0, |s, k| s | 1 << k);
    let mut val = Vec::new();
    let mut states = 0;
    if aig.latches.iter().any(|l| l.reset.function().is_some()) {
        // Step 0 under the inputs each start state was made with; the states it reaches are
        // searched as usual from step 1 on.
        let starts = function_starts(aig, fixed, &uninit);
        let mut distinct: Vec<u64> = starts.iter().map(|s| s.0).collect();
        distinct.sort_unstable();
        distinct.dedup();
        states += distinct.len();
        for (s, inp) in starts {
            evaluate(aig, s, inp, &mut val);
            if !aig.constraints.iter().all(|&c| lit_value(&val, c)) {
                continue;
            }
            if props.iter().any(|&p| lit_value(&val, p)) {
                return Reach {
                    shortest_cex: Some(0),
                    states,
                };
            }
            let next = aig
                .latches
                .iter()
                .enumerate()
                .filter(|(_, l)| lit_value(&val, l.next))
                .fold(0u64, |n, (k, _)| n | 1 << k);
            if !std::mem::replace(&mut seen[next as usize], true) {
                queue.push_back((next, 1));
            }
        }
    } else {
        for combo in 0u64..1 << uninit.len() {
            let mut s = fixed;
            for (j, &k) in uninit.iter().enumerate() {
                if combo >> j & 1 == 1 {
                    s |= 1 << k;
                }
            }
            if !std::mem::replace(&mut seen[s as usize], true) {
                queue.push_back((s, 0));
            }
        }
    }
    while let Some((s, depth)) = queue.pop_front() {
        states += 1;
        for inp in 0u64..1 << ni {
            evaluate(aig, s, inp, &mut val);
            if !aig.constraints.iter().all(|&c| lit_value(&val, c)) {
                continue;
            }
            if props.iter().any(|&p| lit_value(&val, p)) {
                return Reach {
                    shortest_cex: Some(depth),
                    states,
                };
            }
            let next = aig
                .latches
                .iter()
                .enumerate()
                .filter(|(_, l)| lit_value(&val, l.next))
                .fold(0u64, |n, (k, _)| n | 1 << k);
            if !std::mem::replace(&mut seen[next as usize], true) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    Reach {
        shortest_cex: None,
        states,
    }
}

/// A VCD read back: each variable's full name (scopes joined by `.`) with its id and width,
/// and every value change by time.
pub struct Vcd {
    /// Each variable's full name (`scope.sub.leaf`): its id and width.
    pub vars: HashMap<String, (String, usize)>,
    /// Every value change by time: (id, value, MSB first for vectors).
    pub changes: BTreeMap<u64, Vec<(String, String)>>,
}

impl Vcd {
    /// Reads a VCD as pdrkit writes it (panics, failing the test, on anything else).
    pub fn parse(text: &str) -> Vcd {
        let mut vars = HashMap::new();
        let mut changes: BTreeMap<u64, Vec<(String, String)>> = BTreeMap::new();
        let mut scopes: Vec<String> = Vec::new();
        let mut time = 0;
        let mut tokens = text.split_whitespace().peekable();
        while let Some(t) = tokens.next() {
            match t {
                "$scope" => {
                    let _kind = tokens.next();
                    scopes.push(tokens.next().unwrap().to_owned());
                    assert_eq!(tokens.next(), Some("$end"));
                }
                "$upscope" => {
                    scopes.pop();
                    assert_eq!(tokens.next(), Some("$end"));
                }
                "$var" => {
                    let _kind = tokens.next();
                    let width: usize = tokens.next().unwrap().parse().unwrap();
                    let id = tokens.next().unwrap().to_owned();
                    let name = tokens.next().unwrap();
                    let mut next = tokens.next().unwrap();
                    if next.starts_with('[') {
                        assert_eq!(next, format!("[{}:0]", width - 1), "{name}");
                        next = tokens.next().unwrap();
                    }
                    assert_eq!(next, "$end");
                    let full = format!("{}.{name}", scopes.join("."));
                    assert!(
                        vars.insert(full.clone(), (id, width)).is_none(),
                        "{full} twice"
                    );
                }
                "$version" | "$comment" | "$timescale" | "$date" => {
                    for t in tokens.by_ref() {
                        if t == "$end" {
                            break;
                        }
                    }
                }
                "$enddefinitions" | "$dumpvars" | "$end" => {}
                t if t.starts_with('#') => time = t[1..].parse().unwrap(),
                t if t.starts_with('b') => {
                    let id = tokens.next().unwrap().to_owned();
                    changes
                        .entry(time)
                        .or_default()
                        .push((id, t[1..].to_owned()));
                }
                t => {
                    let (v, id) = t.split_at(1);
                    assert!(matches!(v, "0" | "1" | "x"), "value {t}");
                    changes
                        .entry(time)
                        .or_default()
                        .push((id.to_owned(), v.to_owned()));
                }
            }
        }
        Vcd { vars, changes }
    }

    /// The value of `name` at `time`: its last change at or before it (MSB first for vectors).
    pub fn at(&self, name: &str, time: u64) -> String {
        let (id, _) = self
            .vars
            .get(name)
            .unwrap_or_else(|| panic!("no {name} in {:?}", self.vars.keys()));
        self.changes
            .range(..=time)
            .rev()
            .find_map(|(_, cs)| {
                cs.iter()
                    .rev()
                    .find(|(i, _)| i == id)
                    .map(|(_, v)| v.clone())
            })
            .unwrap_or_else(|| panic!("{name} has no value at {time}"))
    }
}
