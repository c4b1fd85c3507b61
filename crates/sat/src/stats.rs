//! Counters of a solver's work, for tuning and for the engines' statistics.

/// What a [`Cdcl`](crate::Cdcl) solver did since it was created.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Calls of `solve`.
    pub queries: u64,
    /// Sum over queries of the domain's size (permanent part and cone) in variables.
    pub domain_vars: u64,
    /// Queries that reused the last query's domain (same roots, see module `domain`).
    pub domains_reused: u64,
    /// Decisions (assumptions not counted).
    pub decisions: u64,
    /// Literals propagated.
    pub propagations: u64,
    /// Conflicts.
    pub conflicts: u64,
    /// Clauses of two literals or more learnt (learnt units become level-0 facts).
    pub learnt: u64,
    /// Restarts.
    pub restarts: u64,
    /// Reductions of the learnt clauses.
    pub reductions: u64,
    /// Compactions of the clause arena.
    pub compactions: u64,
}
