//! k-liveness on IC3 (Claessen and Sörensson, FMCAD'12): proves a justice property by proving,
//! for `k = 0, 1, 2, …`, that its signals complete at most `k` rounds
//! ([`pdrkit_ts::Aig::k_liveness`]). A counterexample for `k` only says the bound is too low;
//! a proof for some `k` proves the property, and becomes a liveness certificate
//! ([`pdrkit_ts::KLive::certificate`]). It never refutes: pair it with liveness to safety for
//! lassos (the command line's default engine does).
//!
//! Each `k` is a fresh IC3 run on the model with its counter: the frames of one bound are not
//! carried to the next (a later step).

use pdrkit_ts::{Aig, LivenessError, TransitionSystem};

use crate::ic3::{self, Ic3Config, Ic3Stats};
use crate::{Control, Outcome, Reason, StatValue};

/// Options of k-liveness.
#[derive(Clone, Debug)]
pub struct KliveConfig {
    /// The IC3 run for each bound.
    pub ic3: Ic3Config,
    /// The largest bound tried; beyond it the answer is unknown.
    pub max_k: u32,
}

impl KliveConfig {
    /// `self` with IC3 neither publishing nor importing lemmas: beside liveness to safety in
    /// a portfolio, the other engines' lemmas speak of another system.
    pub fn isolated(mut self) -> Self {
        self.ic3.promote = false;
        self.ic3.import_lemmas = false;
        self.ic3.name = "klive";
        self
    }
}

impl Default for KliveConfig {
    fn default() -> Self {
        KliveConfig {
            ic3: Ic3Config::default(),
            max_k: 1 << 16,
        }
        .isolated()
    }
}

/// Counters of a k-liveness run.
#[derive(Clone, Debug, Default)]
pub struct KliveStats {
    /// The last bound tried (the proved one, when proved).
    pub k: u32,
    /// IC3's counters, summed over the bounds.
    pub sat_calls: u64,
}

impl KliveStats {
    /// The counters as (name, value), for `--stats`.
    pub fn pairs(&self) -> Vec<(&'static str, StatValue)> {
        vec![
            ("klive_k", (self.k as usize).into()),
            ("klive_sat_calls", (self.sat_calls as usize).into()),
        ]
    }
}

/// What k-liveness concluded.
#[derive(Clone, Debug)]
pub enum KliveOutcome {
    /// The justice property holds: `certificate` is its liveness witness circuit, for the
    /// model restricted to that property.
    Proved {
        /// The bound proved.
        k: u32,
        /// The certificate.
        certificate: Box<Aig>,
        /// IC3's proof of the bound, over the latches of [`pdrkit_ts::KLive::aig`].
        proof: crate::Proof,
    },
    /// No conclusion, and why.
    Unknown(Reason),
}

/// Runs k-liveness on justice property `justice` of `aig` until a proof, the bound, or the
/// stop signal.
pub fn check(
    aig: &Aig,
    justice: usize,
    cfg: &KliveConfig,
    ctl: &Control,
    stats: &mut KliveStats,
) -> Result<KliveOutcome, LivenessError> {
    for k in 0..=cfg.max_k {
        stats.k = k;
        if ctl.should_stop() {
            return Ok(KliveOutcome::Unknown(ctl.gave_up("k", k as usize)));
        }
        let kl = aig.k_liveness(justice, k)?;
        let ts = match TransitionSystem::from_aig(&kl.aig, None) {
            Ok(ts) => ts,
            Err(e) => return Ok(KliveOutcome::Unknown(Reason::Internal(e.to_string()))),
        };
        let mut st = Ic3Stats::default();
        let outcome = ic3::check(&ts, &cfg.ic3, ctl, &mut st);
        stats.sat_calls += st.queries();
        match outcome {
            // The signals can complete k + 1 rounds: try a higher bound.
            Outcome::Unsafe(_) => continue,
            Outcome::Safe(proof) => {
                let safety = match proof.certificate(&ts, &kl.aig) {
                    Ok(c) => c,
                    Err(why) => return Ok(KliveOutcome::Unknown(why)),
                };
                return Ok(match kl.certificate(&safety) {
                    Some(certificate) => KliveOutcome::Proved {
                        k,
                        certificate: Box::new(certificate),
                        proof,
                    },
                    None => KliveOutcome::Unknown(Reason::Internal(
                        "the k-liveness counter is missing from the safety certificate".into(),
                    )),
                });
            }
            Outcome::Unknown(why) => return Ok(KliveOutcome::Unknown(why)),
        }
    }
    Ok(KliveOutcome::Unknown(Reason::BoundReached {
        unit: "k",
        bound: cfg.max_k as usize,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(text: &str) -> Aig {
        pdrkit_ts::aiger::parse(text.as_bytes()).unwrap()
    }

    fn proved(aig: &Aig) -> (u32, Aig) {
        let ctl = Control::new();
        let mut st = KliveStats::default();
        match check(aig, 0, &KliveConfig::default(), &ctl, &mut st).unwrap() {
            KliveOutcome::Proved { k, certificate, .. } => (k, *certificate),
            other => panic!("not proved: {other:?}"),
        }
    }

    /// The certificate, written and read back by the checker's own reader, is accepted for the
    /// model as written.
    fn certified(text: &str, cert: &Aig) {
        let m = pdrkit_check::Model::parse(text.as_bytes()).unwrap();
        let c = pdrkit_check::Model::parse(&pdrkit_ts::aiger::write_aag(cert)).unwrap();
        if let Err(e) = pdrkit_check::check_certificate(&m, &c) {
            panic!(
                "{e}\n{}",
                String::from_utf8_lossy(&pdrkit_ts::aiger::write_aag(cert))
            );
        }
    }

    /// A saturating counter whose low bit rises at most twice (certifaiger's `intervention`
    /// model): proved at k = 2, not below, and certified.
    #[test]
    fn saturating_counter_is_proved_and_certified() {
        let text = "aag 10 1 2 0 7 0 0 1 0\n2\n4 15 0\n6 19 0\n1\n20\n8 2 5\n10 2 7\n12 4 11\n\
                    14 9 13\n16 4 10\n18 7 17\n20 5 15\n";
        let (k, cert) = proved(&model(text));
        assert_eq!(k, 2);
        certified(text, &cert);
    }

    /// Two justice literals and a fairness constraint: the input picks a side forever; no
    /// side meets both literals.
    #[test]
    fn several_signals_and_fairness_are_certified() {
        // Latches a (set once the input is read), b (the side); f = 1 (fair everywhere),
        // j = [a ∧ ¬b, a ∧ b].
        let text = "aag 6 1 2 0 3 0 0 1 1\n2\n4 1\n6 9\n2\n10\n12\n1\n8 2 5\n10 4 7\n12 4 6\n";
        let aig = model(text);
        let (_, cert) = proved(&aig);
        certified(text, &cert);
    }

    /// A mutated certificate is refused: the counter's ranking is what makes it valid.
    #[test]
    fn a_broken_ranking_is_rejected() {
        let text = "aag 10 1 2 0 7 0 0 1 0\n2\n4 15 0\n6 19 0\n1\n20\n8 2 5\n10 2 7\n12 4 11\n\
                    14 9 13\n16 4 10\n18 7 17\n20 5 15\n";
        let (_, mut cert) = proved(&model(text));
        let last = cert.justice[0].len() - 1;
        cert.justice[0][last] = pdrkit_logic::Lit::TRUE;
        let m = pdrkit_check::Model::parse(text.as_bytes()).unwrap();
        let c = pdrkit_check::Model::parse(&pdrkit_ts::aiger::write_aag(&cert)).unwrap();
        assert!(pdrkit_check::check_certificate(&m, &c).is_err());
    }
}
