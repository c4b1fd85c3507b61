//! CaDiCaL (rustsat-cadical) behind [`SatSolver`](crate::SatSolver), the second backend
//! (feature `cadical`): the [`External`] wrapper over it.

use rustsat_cadical::{CaDiCaL, Limit};

use crate::sat::{Backend, External};

/// CaDiCaL behind [`SatSolver`](crate::SatSolver); interruptible like
/// [`Minisat`](crate::Minisat).
pub type Cadical = External<CaDiCaL<'static, 'static>>;

impl Backend for CaDiCaL<'static, 'static> {
    const NAME: &'static str = "CaDiCaL";
    const TYPE_NAME: &'static str = "Cadical";
    fn limit_conflicts(&mut self, conflicts: u64) {
        let c = i32::try_from(conflicts).unwrap_or(i32::MAX);
        self.set_limit(Limit::Conflicts(c))
            .expect("CaDiCaL refused a conflict limit");
    }
    fn clear_limit(&mut self) {
        // CaDiCaL's limits hold for the next call only.
    }
}
