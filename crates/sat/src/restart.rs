//! Restarts: the Luby sequence (1 1 2 1 1 2 4 ...) times a unit of conflicts, started afresh by
//! every query, so that the many short queries of IC3 (a handful of conflicts each) never
//! restart, and a long one still does. A restart keeps the assumption levels.

#[derive(Debug)]
pub(crate) struct Restarts {
    /// Conflicts in one unit of the sequence.
    unit: u64,
    /// Restarts in the current query.
    count: u32,
    /// Conflicts left before the next restart.
    left: u64,
}

impl Restarts {
    pub fn new(unit: u64) -> Self {
        Restarts {
            unit: unit.max(1),
            count: 0,
            left: unit.max(1),
        }
    }

    /// Starts a query's sequence over.
    pub fn begin_query(&mut self) {
        self.count = 0;
        self.left = self.unit;
    }

    /// Counts a conflict; true when it is time to restart.
    #[inline]
    pub fn conflict(&mut self) -> bool {
        self.left -= 1;
        if self.left > 0 {
            return false;
        }
        self.count += 1;
        self.left = self.unit.saturating_mul(luby(self.count));
        true
    }
}

/// The `i`-th element (from 0) of the Luby sequence.
fn luby(i: u32) -> u64 {
    // Find the finite subsequence (of length 2^k - 1) that contains index i, then descend.
    let mut size: u64 = 1;
    let mut k = 0;
    while size < u64::from(i) + 1 {
        k += 1;
        size = 2 * size + 1;
    }
    let mut i = u64::from(i);
    while size - 1 != i {
        size = (size - 1) / 2;
        k -= 1;
        i %= size;
    }
    1 << k
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let s: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(s, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
