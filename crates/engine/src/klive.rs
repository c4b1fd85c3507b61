//! k-liveness on IC3 (Claessen and Sörensson, FMCAD'12): proves a justice property by proving,
//! for `k = 0, 1, 2, …`, that its signals complete at most `k` rounds
//! ([`pdrkit_ts::Aig::k_liveness`]). A counterexample for `k` only says the bound is too low;
//! a proof for some `k` proves the property, and becomes a liveness certificate
//! ([`pdrkit_ts::KLive::certificate`]). It never refutes: pair it with liveness to safety for
//! lassos (the command line's default engine does).
//!
//! The bounds share one system: the counter is built `counter_width` bits wide (wider only
//! when a bound needs it), so raising `k` changes only the bad states, to fewer of them, and
//! IC3 resumes from the frames of the bound before ([`crate::ic3::check_from`]): what it learned
//! about the reachable states still holds, and only the counter's new bad states are new work.

use pdrkit_frames::Frames;
use pdrkit_ts::{Aig, KLive, LivenessError, TransitionSystem};

use crate::ic3::{self, Ic3Config, Ic3Stats};
use crate::{Control, Outcome, Reason, StatValue};

/// Options of k-liveness, declared once ([`KliveConfig::DEFAULT`]).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[cfg_attr(feature = "cli", command(next_help_heading = "k-liveness options"))]
pub struct KliveConfig {
    /// Keep IC3's frames from one bound to the next (off: a fresh IC3 run per bound).
    #[cfg_attr(feature = "cli", arg(long, value_name = "BOOL", action = clap::ArgAction::Set,
        default_value_t = Self::DEFAULT.klive_keep_frames))]
    pub klive_keep_frames: bool,
    /// The counter's least width in bits: bounds up to 2^N - 2 share one system (and so
    /// IC3's frames); a wider counter for a higher bound starts afresh.
    #[cfg_attr(feature = "cli", arg(long, value_name = "N", hide = true,
        default_value_t = Self::DEFAULT.klive_width))]
    pub klive_width: usize,
    /// The IC3 run for each bound (the IC3 options).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.ic3))]
    pub ic3: Ic3Config,
    /// The largest bound tried; beyond it the answer is unknown (the CLI's `--bound`).
    #[cfg_attr(feature = "cli", arg(skip = Self::DEFAULT.max_k))]
    pub max_k: u32,
}

impl KliveConfig {
    /// The defaults, written once: IC3 isolated (see [`KliveConfig::isolated`]).
    pub const DEFAULT: KliveConfig = KliveConfig {
        klive_keep_frames: true,
        klive_width: 8,
        ic3: Ic3Config {
            promote: false,
            import_lemmas: false,
            name: "klive",
            ..Ic3Config::DEFAULT
        },
        max_k: 1 << 16,
    };

    /// `self` with IC3 neither publishing nor importing lemmas: beside liveness to safety in
    /// a portfolio, the other engines' lemmas speak of another system.
    pub fn isolated(mut self) -> Self {
        self.ic3.promote = false;
        self.ic3.import_lemmas = false;
        self.ic3.name = "klive";
        self
    }

    /// The counter width for bound `k`: the configured one, doubled until it holds `k + 1`.
    fn width(&self, k: u32) -> usize {
        let mut w = self.klive_width.max(1);
        while w < KLive::min_width(k) {
            w *= 2;
        }
        w
    }
}

impl Default for KliveConfig {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Counters of a k-liveness run.
#[derive(Clone, Debug, Default)]
pub struct KliveStats {
    /// The last bound tried (the proved one, when proved).
    pub k: u32,
    /// IC3's counters, summed over the bounds.
    pub sat_calls: u64,
    /// Bounds whose IC3 run resumed from the frames of the bound before.
    pub resumed: u32,
}

impl KliveStats {
    /// The counters as (name, value), for `--stats`.
    pub fn pairs(&self) -> Vec<(&'static str, StatValue)> {
        vec![
            ("klive_k", (self.k as usize).into()),
            ("klive_sat_calls", (self.sat_calls as usize).into()),
            ("klive_resumed", (self.resumed as usize).into()),
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
    // The frames of the bound before, and the system they speak of (its inputs and latches).
    let mut kept: Option<(Frames, Vec<usize>, Vec<usize>)> = None;
    for k in 0..=cfg.max_k {
        stats.k = k;
        if ctl.should_stop() {
            return Ok(KliveOutcome::Unknown(ctl.gave_up("k", k as usize)));
        }
        let kl = aig.k_liveness(justice, k, cfg.width(k))?;
        let ts = match TransitionSystem::from_aig(&kl.aig, None) {
            Ok(ts) => ts,
            Err(e) => return Ok(KliveOutcome::Unknown(Reason::Internal(e.to_string()))),
        };
        // The frames carry over when the system is the same one: the same inputs and latches
        // of the same model (the same width), in the same places.
        let frames = match kept.take() {
            Some((frames, inputs, latches))
                if cfg.klive_keep_frames
                    && inputs == ts.input_origin
                    && latches == ts.latch_origin =>
            {
                stats.resumed += 1;
                frames
            }
            _ => Frames::new(),
        };
        let mut st = Ic3Stats::default();
        let (outcome, frames) = ic3::check_from(&ts, &cfg.ic3, ctl, &mut st, frames);
        stats.sat_calls += st.queries();
        match outcome {
            // The signals can complete k + 1 rounds: try a higher bound.
            Outcome::Unsafe(_) => {
                kept = Some((frames, ts.input_origin.clone(), ts.latch_origin.clone()));
                continue;
            }
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
        let (k, cert, _) = proved_with(aig, &KliveConfig::default());
        (k, cert)
    }

    fn proved_with(aig: &Aig, cfg: &KliveConfig) -> (u32, Aig, KliveStats) {
        let ctl = Control::new();
        let mut st = KliveStats::default();
        match check(aig, 0, cfg, &ctl, &mut st).unwrap() {
            KliveOutcome::Proved { k, certificate, .. } => (k, *certificate, st),
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

    /// Each bound after the first resumes from the frames of the one before while the counter
    /// keeps its width, and starts afresh when it grows or when asked; every way proves the
    /// same bound with a certificate the checker accepts.
    #[test]
    fn bounds_resume_from_the_frames_before() {
        let text = "aag 10 1 2 0 7 0 0 1 0\n2\n4 15 0\n6 19 0\n1\n20\n8 2 5\n10 2 7\n12 4 11\n\
                    14 9 13\n16 4 10\n18 7 17\n20 5 15\n";
        let aig = model(text);
        let kept = KliveConfig::default();
        let fresh = KliveConfig {
            klive_keep_frames: false,
            ..KliveConfig::default()
        };
        // Width 1 holds k + 1 = 1 only: k = 1 needs 2 bits, k = 2 fits in them.
        let growing = KliveConfig {
            klive_width: 1,
            ..KliveConfig::default()
        };
        assert_eq!(
            (growing.width(0), growing.width(1), growing.width(2)),
            (1, 2, 2)
        );
        assert_eq!(
            (growing.width(3), kept.width(254), kept.width(255)),
            (4, 8, 16)
        );
        for (cfg, resumed) in [(&kept, 2), (&fresh, 0), (&growing, 1)] {
            let (k, cert, st) = proved_with(&aig, cfg);
            assert_eq!((k, st.k, st.resumed), (2, 2, resumed));
            certified(text, &cert);
        }
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
