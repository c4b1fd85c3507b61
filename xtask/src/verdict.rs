//! Answers and their judgement: what a run answered, whether the answer was checked, how it
//! compares with the manifest, and the [`Record`] of one run (one row of `results.csv`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::suite::Expected;

/// What a checker answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A bad state is reachable (unsafe).
    Sat,
    /// No bad state is reachable (safe).
    Unsat,
    /// No answer (unknown, timeout, out of memory, error).
    Unknown,
}

impl Verdict {
    /// The verdict `pdrkit check` printed on the first line of its output.
    pub fn from_first_line(stdout: &str) -> Verdict {
        match stdout.lines().next().map(str::trim) {
            Some("sat") => Verdict::Sat,
            Some("unsat") => Verdict::Unsat,
            _ => Verdict::Unknown,
        }
    }

    /// Whether this answers the question.
    pub fn is_answer(self) -> bool {
        self != Verdict::Unknown
    }

    /// Whether this answer contradicts the expected verdict.
    pub fn contradicts(self, expected: Expected) -> bool {
        matches!(
            (self, expected),
            (Verdict::Sat, Expected::Safe) | (Verdict::Unsat, Expected::Unsafe)
        )
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Sat => "sat",
            Verdict::Unsat => "unsat",
            Verdict::Unknown => "unknown",
        })
    }
}

/// The outcome of checking an answer with `pdrkit replay` / `pdrkit certify`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The witness replays / the certificate is valid.
    Passed,
    /// It does not (or is missing, or the checker failed); the reason.
    Failed(String),
    /// Not checked: no answer, or a peer whose answers are not checked.
    NotRun,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Check::Passed => f.write_str("passed"),
            Check::Failed(why) => write!(f, "failed: {why}"),
            Check::NotRun => f.write_str("-"),
        }
    }
}

/// How a run is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Judgement {
    /// Answered within the limit, agreeing with the manifest (or the manifest does not know),
    /// and the answer's witness or certificate checked (when it is checked at all).
    #[serde(rename = "ok")]
    Solved,
    /// The answer contradicts the manifest.
    #[serde(rename = "WRONG")]
    Wrong,
    /// The answer's witness or certificate did not check.
    #[serde(rename = "UNCHECKED")]
    Unchecked,
    /// No answer within the limit.
    #[serde(rename = "unsolved")]
    Unsolved,
}

impl Judgement {
    /// The name used in tables and files.
    pub fn as_str(self) -> &'static str {
        match self {
            Judgement::Solved => "ok",
            Judgement::Wrong => "WRONG",
            Judgement::Unchecked => "UNCHECKED",
            Judgement::Unsolved => "unsolved",
        }
    }

    /// WRONG or UNCHECKED: an answer that must fail the run.
    pub fn is_failure(self) -> bool {
        matches!(self, Judgement::Wrong | Judgement::Unchecked)
    }
}

/// Judges one answer. A contradiction with the manifest is WRONG whatever the check said
/// (a replaying witness against a `safe` manifest entry means the manifest or the replayer is
/// wrong: either way someone must look). A failed check is UNCHECKED. An answer that came
/// after the time limit counts as unsolved (but is still judged WRONG/UNCHECKED first).
pub fn judge(expected: Expected, verdict: Verdict, check: &Check, in_time: bool) -> Judgement {
    if !verdict.is_answer() {
        Judgement::Unsolved
    } else if verdict.contradicts(expected) {
        Judgement::Wrong
    } else if matches!(check, Check::Failed(_)) {
        Judgement::Unchecked
    } else if !in_time {
        Judgement::Unsolved
    } else {
        Judgement::Solved
    }
}

/// One run: one file under one configuration (or a peer). One row of `results.csv`, and what
/// a Slurm task writes as JSON.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The file, relative to the suite folder.
    pub file: String,
    /// The configuration's name (`abc` for the ABC peer).
    pub config: String,
    /// Whether this is a peer tool rather than pdrkit.
    pub peer: bool,
    /// What the manifest expects.
    pub expected: Expected,
    /// What the run answered.
    pub verdict: Verdict,
    /// How the process ended: `exit N`, `signal N`, `timeout`, `memout`, `error: ...`.
    pub ending: String,
    /// The judgement.
    pub judgement: Judgement,
    /// Wall-clock seconds.
    pub wall_s: f64,
    /// CPU seconds (user + system, the process and its waited-for children).
    pub cpu_s: f64,
    /// Peak resident set size in MiB.
    pub rss_mb: f64,
    /// The run's time limit in seconds (PAR-2 counts an unsolved run as twice this).
    pub timeout_s: f64,
    /// The check of the answer: `passed`, `failed: reason` or `-`.
    pub check: String,
    /// Seconds the check took (not part of the timing).
    pub check_s: f64,
    /// The statistics JSON object the run wrote (`--stats-json`), or empty.
    pub stats: String,
    /// Anything worth a look: the first line of stderr on errors, the check's reason.
    pub note: String,
}

impl Record {
    /// A run that could not be made at all (`ending` `error`, unsolved), with why in `note`.
    pub fn error(
        file: &str,
        config: String,
        peer: bool,
        expected: Expected,
        timeout_s: f64,
        note: String,
    ) -> Self {
        Record {
            file: file.to_string(),
            config,
            peer,
            expected,
            verdict: Verdict::Unknown,
            ending: "error".into(),
            judgement: Judgement::Unsolved,
            wall_s: 0.0,
            cpu_s: 0.0,
            rss_mb: 0.0,
            timeout_s,
            check: "-".into(),
            check_s: 0.0,
            stats: String::new(),
            note,
        }
    }

    /// Whether the run solved the file (correctly, checked, in time).
    pub fn solved(&self) -> bool {
        self.judgement == Judgement::Solved
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A record for tests: `exit 10` (or `timeout` when unknown), `{"frames":3}` as statistics.
    pub fn rec(file: &str, config: &str, verdict: Verdict, j: Judgement, wall: f64) -> Record {
        Record {
            file: file.into(),
            config: config.into(),
            peer: config == "abc" || config == "ric3",
            expected: Expected::Unknown,
            verdict,
            ending: if verdict == Verdict::Unknown {
                "timeout".into()
            } else {
                "exit 10".into()
            },
            judgement: j,
            wall_s: wall,
            cpu_s: wall,
            rss_mb: 10.0,
            timeout_s: 10.0,
            check: "-".into(),
            check_s: 0.0,
            stats: r#"{"frames":3}"#.into(),
            note: "a, \"b\"".into(),
        }
    }

    #[test]
    fn wrong_when_contradicting_the_manifest() {
        assert_eq!(
            judge(Expected::Safe, Verdict::Sat, &Check::Passed, true),
            Judgement::Wrong
        );
        assert_eq!(
            judge(Expected::Unsafe, Verdict::Unsat, &Check::Passed, true),
            Judgement::Wrong
        );
        // Even late, even with a failed check, a contradiction is reported as WRONG.
        assert_eq!(
            judge(
                Expected::Unsafe,
                Verdict::Unsat,
                &Check::Failed("x".into()),
                false
            ),
            Judgement::Wrong
        );
    }

    #[test]
    fn unchecked_when_the_check_fails() {
        assert_eq!(
            judge(
                Expected::Unsafe,
                Verdict::Sat,
                &Check::Failed("does not replay".into()),
                true
            ),
            Judgement::Unchecked
        );
        assert_eq!(
            judge(
                Expected::Unknown,
                Verdict::Unsat,
                &Check::Failed("invalid".into()),
                true
            ),
            Judgement::Unchecked
        );
    }

    #[test]
    fn solved_and_unsolved() {
        assert_eq!(
            judge(Expected::Safe, Verdict::Unsat, &Check::Passed, true),
            Judgement::Solved
        );
        assert_eq!(
            judge(Expected::Unknown, Verdict::Sat, &Check::NotRun, true),
            Judgement::Solved
        );
        assert_eq!(
            judge(Expected::Safe, Verdict::Unknown, &Check::NotRun, true),
            Judgement::Unsolved
        );
        assert_eq!(
            judge(Expected::Safe, Verdict::Unsat, &Check::Passed, false),
            Judgement::Unsolved
        );
    }

    #[test]
    fn first_line() {
        assert_eq!(Verdict::from_first_line("sat\n1\nb0\n"), Verdict::Sat);
        assert_eq!(Verdict::from_first_line("unsat\n"), Verdict::Unsat);
        assert_eq!(Verdict::from_first_line("unknown\n"), Verdict::Unknown);
        assert_eq!(Verdict::from_first_line(""), Verdict::Unknown);
        assert_eq!(Verdict::from_first_line("unsatisfied"), Verdict::Unknown);
    }
}
