//! One engine with its options: the one place an engine is chosen and run, for the rows of a
//! portfolio, the command line and the library's [`check`](crate::check).

use pdrkit_ts::TransitionSystem;

use crate::bmc::{self, BmcConfig, BmcStats};
use crate::ic3::{self, Ic3Config, Ic3Stats};
use crate::kind::{self, KindConfig, KindStats};
use crate::{Control, Outcome, Stat, StatValue};

/// An engine and its configuration.
#[derive(Clone, Debug)]
pub enum EngineSpec {
    /// IC3/PDR.
    Ic3(Ic3Config),
    /// Bounded model checking.
    Bmc(BmcConfig),
    /// k-induction, with property direction (KIPDR) when its configuration says so.
    Kind(KindConfig),
}

impl EngineSpec {
    /// Runs the engine on `ts` until an answer or `ctl` stops it; returns the answer and the
    /// engine's statistics as (name, value).
    pub fn run(&self, ts: &TransitionSystem, ctl: &Control) -> (Outcome, Vec<Stat>) {
        fn named<K: ToString>(pairs: Vec<(K, StatValue)>) -> Vec<Stat> {
            pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
        }
        match self {
            EngineSpec::Ic3(cfg) => {
                let mut st = Ic3Stats::default();
                let o = ic3::check(ts, cfg, ctl, &mut st);
                (o, named(st.pairs()))
            }
            EngineSpec::Bmc(cfg) => {
                let mut st = BmcStats::default();
                let o = bmc::check(ts, cfg, ctl, &mut st);
                (o, named(st.pairs()))
            }
            EngineSpec::Kind(cfg) => {
                let mut st = KindStats::default();
                let o = kind::check(ts, cfg, ctl, &mut st);
                (o, named(st.pairs()))
            }
        }
    }
}
