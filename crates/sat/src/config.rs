//! The solver's tunable parameters, with defaults tuned for IC3's many small queries.

/// Parameters of a [`Cdcl`](crate::Cdcl) solver ([`Cdcl::with_config`](crate::Cdcl::with_config)).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Conflicts in one unit of the Luby restart sequence, counted from each query's start
    /// (default 100: the short queries of IC3 never restart).
    pub restart_unit: u64,
    /// Learnt clauses kept before the first reduction (default 2000). Reductions happen at a
    /// query's start or at a restart, and the limit grows by a tenth after each.
    pub first_reduction: usize,
    /// Words of deleted clauses the arena may hold before it is compacted (once they are also
    /// half of it; default 65536).
    pub compaction_waste: usize,
    /// Decay of variable activities per conflict (default 0.95).
    pub var_decay: f64,
    /// A query with this many assumptions or more that meets a conflict while it holds only
    /// assumption levels answers UNSAT at once, its failed assumptions read from that
    /// conflict, instead of learning from it (default 256: IC3's lifting queries, which assume
    /// a whole state; with few assumptions learning pays, as the learnt clause often leads to
    /// fewer failed assumptions).
    pub shortcut_assumptions: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            restart_unit: 100,
            first_reduction: 2000,
            compaction_waste: 1 << 16,
            var_decay: 0.95,
            shortcut_assumptions: 256,
        }
    }
}
