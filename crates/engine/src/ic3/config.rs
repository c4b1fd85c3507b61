//! Every option of the IC3 engine, with its default and why.

use super::lift::LiftMode;

/// Options of the IC3 engine. The command line shows these in `--help` and `-v` prints the
/// values in use.
#[derive(Clone, Debug)]
pub struct Ic3Config {
    /// Counterexamples to generalization tried per literal drop (IC3ref: 3; 0 turns CTG off,
    /// the default: on the shared suite CTG cost more queries than it saved).
    pub ctg_max: usize,
    /// Recursion depth of CTG blocking (IC3ref: 1).
    pub ctg_depth: usize,
    /// Stop dropping literals after this many failures in a row (IC3ref's `micAttempts`: 3).
    pub mic_attempts: usize,
    /// Rebuild a frame solver after this many activation literals (dead temporary clauses
    /// slow MiniSat down; ABC recycles after 300).
    pub rebuild_after: usize,
    /// How predecessors are shrunk.
    pub lift: LiftMode,
    /// Re-prove every generalized lemma with a fresh relative-induction query before learning it.
    pub verify_lemmas: bool,
    /// Shrink each lemma by the core of the query that pushes it further.
    pub push_shrink: bool,
    /// After each level, move the top level's lemmas that are inductive on their own to the
    /// infinity level and share them with the other engines of a portfolio (off for IC3 alone:
    /// it cost about 10% on the quick tier; the portfolio turns it on).
    pub promote: bool,
    /// Take the lemmas other engines of a portfolio proved inductive into the infinity level
    /// (after each level). Without a portfolio there are none.
    pub import_lemmas: bool,
    /// Seed for the order in which literals with equal activity are tried.
    pub seed: u64,
    /// Give up (unknown) after this many frames.
    pub max_frames: Option<usize>,
    /// Check the frame invariants with a fresh solver after every level (slow; for tests).
    /// Debug builds do it anyway on systems of up to 32 latches.
    pub check_frames: bool,
    /// Progress to stderr.
    pub verbose: bool,
}

impl Default for Ic3Config {
    fn default() -> Self {
        Ic3Config {
            ctg_max: 0,
            ctg_depth: 1,
            mic_attempts: 3,
            rebuild_after: 1000,
            lift: LiftMode::Core,
            verify_lemmas: true,
            push_shrink: true,
            promote: false,
            import_lemmas: true,
            seed: 0,
            max_frames: None,
            check_frames: false,
            verbose: false,
        }
    }
}
