//! The tracked tree stays portable and small: no tracked text file names an absolute path of
//! the machine it was written on (a home folder, `/root`, the bench machine's `/work`), the
//! bench notes under `docs/` stay a handful of summaries (not raw dumps), and the README stays
//! a front page. Everything comes from `git ls-files`; outside a git checkout (a packaged
//! source tree, no `git` on PATH) the test says so and passes.

use std::path::Path;
use std::process::Command;

/// Most files `git ls-files docs` may list.
const DOCS_FILES_BELOW: usize = 40;
/// Most lines the README may have.
const README_LINES_AT_MOST: usize = 250;

/// The tracked files under `dir` of the checkout at `root` (`""`: all of them), or `None` when
/// this is not a git checkout or git is not installed.
fn tracked(root: &Path, dir: &str) -> Option<Vec<String>> {
    if !root.join(".git").exists() {
        eprintln!(
            "note: {} is not a git checkout: tree checks skipped",
            root.display()
        );
        return None;
    }
    let mut cmd = Command::new("git");
    cmd.arg("-C").arg(root).args(["ls-files", "-z"]);
    if !dir.is_empty() {
        cmd.args(["--", dir]);
    }
    let out = match cmd.output() {
        Ok(out) => out,
        Err(e) => {
            eprintln!("note: git cannot be run ({e}): tree checks skipped");
            return None;
        }
    };
    assert!(
        out.status.success(),
        "git ls-files failed in a git checkout: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names = String::from_utf8(out.stdout).expect("file names are UTF-8");
    Some(
        names
            .split('\0')
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

/// What an absolute path of a particular machine looks like. Built here rather than written
/// out, so that this file does not match itself.
fn machine_paths() -> Vec<String> {
    let mut p: Vec<String> = ["work", "home", "root", "Users"]
        .iter()
        .map(|d| format!("/{d}/"))
        .collect();
    let (b, s) = ('\\', '/');
    p.push(format!("C:{b}Users"));
    p.push(format!("C:{b}{b}Users"));
    p.push(format!("C:{s}Users"));
    p
}

#[test]
fn no_tracked_file_names_an_absolute_machine_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(files) = tracked(root, "") else {
        return;
    };
    assert!(!files.is_empty(), "git ls-files listed nothing");
    let patterns = machine_paths();
    let mut hits = Vec::new();
    for name in &files {
        // A file deleted in the working tree but still in the index: nothing to read.
        let Ok(bytes) = std::fs::read(root.join(name)) else {
            continue;
        };
        // Binary files (models, compressed data) are not text anyone reads.
        if bytes.contains(&0) {
            continue;
        }
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        for (i, line) in text.lines().enumerate() {
            if let Some(p) = patterns.iter().find(|p| line.contains(p.as_str())) {
                hits.push(format!("{name}:{}: `{p}` in: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "{} tracked line(s) name an absolute machine path; write paths relative to the \
         repository or the benchmark suite's root instead:\n{}",
        hits.len(),
        hits.join("\n")
    );
}

#[test]
fn docs_hold_summaries_not_raw_dumps() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(files) = tracked(root, "docs") else {
        return;
    };
    assert!(
        files.len() < DOCS_FILES_BELOW,
        "`git ls-files docs` lists {} files, at most {} are allowed: keep the summaries that \
         docs/decisions.md cites, merged, not raw bench output:\n{}",
        files.len(),
        DOCS_FILES_BELOW - 1,
        files.join("\n")
    );
}

#[test]
fn readme_is_a_front_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md is readable");
    let lines = readme.lines().count();
    assert!(
        lines <= README_LINES_AT_MOST,
        "README.md has {lines} lines, at most {README_LINES_AT_MOST}: results over time go to \
         docs/results.md, the reasons for defaults to docs/decisions.md"
    );
}
