//! A benchmark suite: the AIGER and BTOR2 files under a folder and the optional `MANIFEST.tsv`
//! that gives each one's expected verdict, reference times and, for a BTOR2 file, its AIGER twin
//! (columns found by header name).

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use regex::Regex;
use serde::{Deserialize, Serialize};

/// The verdict a manifest expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Expected {
    /// No bad state is reachable (`unsat`).
    Safe,
    /// A bad state is reachable (`sat`).
    Unsafe,
    /// Not known.
    Unknown,
}

impl Expected {
    /// Parses a manifest cell (`safe`, `unsafe`; also `unsat`/`sat`); anything else is unknown.
    pub fn parse(s: &str) -> Expected {
        match s.trim().to_ascii_lowercase().as_str() {
            "safe" | "unsat" | "true" => Expected::Safe,
            "unsafe" | "sat" | "false" => Expected::Unsafe,
            _ => Expected::Unknown,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Safe => "safe",
            Expected::Unsafe => "unsafe",
            Expected::Unknown => "unknown",
        })
    }
}

/// One model of a suite.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Instance {
    /// Where the file is.
    pub path: PathBuf,
    /// Its path relative to the suite folder, with `/` separators: the key in the manifest
    /// and in every result.
    pub rel: String,
    /// The manifest's `expected` column (unknown when the file is not in the manifest).
    pub expected: Expected,
    /// The manifest's `abc_pdr_seconds`, when it is a number.
    pub abc_seconds: Option<f64>,
    /// The manifest's `ric3_ic3_seconds`, when it is a number.
    pub ric3_seconds: Option<f64>,
    /// For a BTOR2 file, its AIGER twin (the same design and property, written by the
    /// organizers from the BTOR2): the manifest's `aig_twin` column, a `;`-separated list of
    /// places of which the first that names an existing file, resolved against the suite
    /// folder and its ancestors, is taken.
    #[serde(default)]
    pub twin: Option<PathBuf>,
}

/// The rows of a `MANIFEST.tsv`, keyed by the `file` column.
#[derive(Debug, Default)]
pub struct Manifest {
    rows: HashMap<String, HashMap<String, String>>,
}

impl Manifest {
    /// Parses the text of a tab-separated manifest whose first line names the columns.
    /// It needs a `file` column; every other column is optional.
    pub fn parse(text: &str) -> Result<Manifest> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let Some(header) = lines.next() else {
            return Ok(Manifest::default());
        };
        let names: Vec<&str> = header.split('\t').map(str::trim).collect();
        if !names.contains(&"file") {
            bail!("the manifest's header has no `file` column");
        }
        let mut rows = HashMap::new();
        for line in lines {
            let row: HashMap<String, String> = names
                .iter()
                .zip(line.split('\t'))
                .map(|(n, v)| (n.to_string(), v.trim().to_string()))
                .collect();
            if let Some(file) = row.get("file").cloned() {
                rows.insert(file, row);
            }
        }
        Ok(Manifest { rows })
    }

    /// Reads `DIR/MANIFEST.tsv`, or an empty manifest when there is none.
    pub fn load(dir: &Path) -> Result<Manifest> {
        let path = dir.join("MANIFEST.tsv");
        if !path.exists() {
            return Ok(Manifest::default());
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        Manifest::parse(&text).with_context(|| format!("in {}", path.display()))
    }

    /// A cell of the row of `file`.
    pub fn get(&self, file: &str, column: &str) -> Option<&str> {
        self.rows.get(file)?.get(column).map(String::as_str)
    }
}

/// Whether a file name is a model: AIGER (`.aag`, `.aig`, `.aig.gz`) or BTOR2 (`.btor2`,
/// `.btor`).
pub fn is_model(name: &str) -> bool {
    name.ends_with(".aag")
        || name.ends_with(".aig")
        || name.ends_with(".aig.gz")
        || is_btor2(Path::new(name))
}

/// Whether a model is a BTOR2 file (by its name, as the suites name them).
pub fn is_btor2(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == "btor2" || e == "btor")
}

/// The first place in a manifest's `aig_twin` cell that names an existing file, tried
/// against `dir` and each of its ancestors (the manifests name twins from a common root, such
/// as `shared/benchmarks/hwmcc20/x.aig`).
fn twin_path(dir: &Path, cell: &str) -> Option<PathBuf> {
    cell.split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty() && !p.contains(':'))
        .find_map(|p| {
            dir.ancestors()
                .map(|a| a.join(p))
                .find(|candidate| candidate.is_file())
        })
}

/// Every model under `dir` (recursively, sorted by relative path) whose relative path matches
/// `filter`, with what the manifest says about it.
pub fn load(dir: &Path, filter: Option<&Regex>) -> Result<Vec<Instance>> {
    if !dir.is_dir() {
        bail!("suite folder {} does not exist", dir.display());
    }
    let manifest = Manifest::load(dir)?;
    let mut files = Vec::new();
    collect(dir, dir, &mut files)?;
    files.sort();
    let number = |s: Option<&str>| s.and_then(|v| v.parse::<f64>().ok());
    let absolute = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    Ok(files
        .into_iter()
        .filter(|(rel, _)| filter.is_none_or(|f| f.is_match(rel)))
        .map(|(rel, path)| Instance {
            expected: Expected::parse(manifest.get(&rel, "expected").unwrap_or("")),
            abc_seconds: number(manifest.get(&rel, "abc_pdr_seconds")),
            ric3_seconds: number(manifest.get(&rel, "ric3_ic3_seconds")),
            twin: manifest
                .get(&rel, "aig_twin")
                .and_then(|cell| twin_path(&absolute, cell)),
            rel,
            path,
        })
        .collect())
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<()> {
    let entries = std::fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))?;
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_dir() || (kind.is_symlink() && path.is_dir()) {
            collect(root, &path, out)?;
        } else if is_model(&entry.file_name().to_string_lossy()) {
            let rel = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, path));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_columns_by_name() {
        let m = Manifest::parse(
            "suite\tfile\texpected\tabc_pdr_seconds\n\
             x\ta/b.aig\tsafe\t0.5\n\
             x\tc.aag\tunsafe\ttimeout\n",
        )
        .unwrap();
        assert_eq!(m.get("a/b.aig", "expected"), Some("safe"));
        assert_eq!(m.get("c.aag", "abc_pdr_seconds"), Some("timeout"));
        assert_eq!(m.get("c.aag", "nope"), None);
        assert!(Manifest::parse("a\tb\n").is_err());
    }

    #[test]
    fn finds_models_recursively() {
        let dir = std::env::temp_dir().join(format!("xtask-suite-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/m.aag"), "aag 0 0 0 1 0\n0\n").unwrap();
        std::fs::write(dir.join("z.aig.gz"), "").unwrap();
        std::fs::write(dir.join("notes.txt"), "").unwrap();
        std::fs::write(
            dir.join("MANIFEST.tsv"),
            "file\texpected\tabc_pdr_seconds\nsub/m.aag\tsafe\t0.01\n",
        )
        .unwrap();
        let all = load(&dir, None).unwrap();
        let rels: Vec<_> = all.iter().map(|i| i.rel.as_str()).collect();
        assert_eq!(rels, vec!["sub/m.aag", "z.aig.gz"]);
        assert_eq!(all[0].expected, Expected::Safe);
        assert_eq!(all[0].abc_seconds, Some(0.01));
        assert_eq!(all[1].expected, Expected::Unknown);
        let only = load(&dir, Some(&Regex::new("^sub/").unwrap())).unwrap();
        assert_eq!(only.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn btor2_files_and_their_twins() {
        let root = std::env::temp_dir().join(format!("xtask-twin-test-{}", std::process::id()));
        let dir = root.join("shared/btor2");
        std::fs::create_dir_all(dir.join("bv")).unwrap();
        std::fs::create_dir_all(root.join("shared/benchmarks/hw")).unwrap();
        std::fs::write(root.join("shared/benchmarks/hw/a.aig"), "").unwrap();
        std::fs::write(dir.join("bv/a.btor2"), "").unwrap();
        std::fs::write(dir.join("bv/b.btor"), "").unwrap();
        std::fs::write(
            dir.join("MANIFEST.tsv"),
            "file\texpected\taig_twin\n\
             bv/a.btor2\tsafe\tmirror:hw/a.aig; shared/benchmarks/hw/a.aig\n\
             bv/b.btor\tunsafe\tshared/benchmarks/hw/missing.aig\n",
        )
        .unwrap();
        let all = load(&dir, None).unwrap();
        let rels: Vec<_> = all.iter().map(|i| i.rel.as_str()).collect();
        assert_eq!(rels, vec!["bv/a.btor2", "bv/b.btor"]);
        let twin = all[0].twin.as_ref().expect("a twin");
        assert!(
            twin.ends_with("shared/benchmarks/hw/a.aig"),
            "{}",
            twin.display()
        );
        assert_eq!(all[1].twin, None);
        assert!(is_btor2(&all[1].path) && !is_btor2(twin));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
