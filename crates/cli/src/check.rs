//! `pdrkit check`, `replay` and `certify`.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use pdrkit_engine::{bmc, ic3, Control, Outcome};
use pdrkit_ts::{aiger, Aig, TransitionSystem};

use crate::args::{CheckArgs, Engine};
use crate::limits;

fn read_model(path: &Path) -> anyhow::Result<Aig> {
    aiger::read_file(path).with_context(|| format!("{}", path.display()))
}

/// Runs `pdrkit check`; returns the exit code.
pub fn check(a: CheckArgs) -> anyhow::Result<u8> {
    let start = Instant::now();
    let deadline = a
        .timeout
        .map(|t| start + Duration::from_secs_f64(t.max(0.0)));
    limits::install(deadline, a.memory);
    let aig = read_model(&a.model)?;
    let ts = TransitionSystem::from_aig(&aig, a.property)
        .with_context(|| format!("{}", a.model.display()))?;
    if a.verbose {
        eprintln!(
            "pdrkit: {} — {} inputs, {} latches, {} gates after cone of influence and hashing; engine {:?}",
            a.model.display(),
            ts.num_inputs(),
            ts.num_latches(),
            ts.gates.len(),
            a.engine
        );
    }
    let ctl = Control::new().with_deadline(deadline);
    let mut stats: Vec<(String, String)> = vec![
        ("engine".into(), format!("{:?}", a.engine).to_lowercase()),
        ("latches".into(), ts.num_latches().to_string()),
        ("gates".into(), ts.gates.len().to_string()),
    ];
    let outcome = match a.engine {
        Engine::Bmc => {
            let cfg = bmc::BmcConfig {
                bound: a.bound,
                verbose: a.verbose,
            };
            let mut st = bmc::BmcStats::default();
            let o = bmc::check(&ts, &cfg, &ctl, &mut st);
            stats.push(("sat_calls".into(), st.sat_calls.to_string()));
            stats.push((
                "depth".into(),
                st.depth.map_or("-1".into(), |d| d.to_string()),
            ));
            o
        }
        Engine::Ic3 => {
            let cfg = a.ic3.config(a.verbose);
            if a.verbose {
                eprintln!("pdrkit: {cfg:?}");
            }
            let mut st = ic3::Ic3Stats::default();
            let o = ic3::check(&ts, &cfg, &ctl, &mut st);
            stats.extend(st.pairs().into_iter().map(|(k, v)| (k.to_string(), v)));
            o
        }
    };
    let outcome = self_check(&a, &aig, &ts, outcome);
    stats.push(("result".into(), outcome.word().into()));
    stats.push((
        "time_s".into(),
        format!("{:.3}", start.elapsed().as_secs_f64()),
    ));
    report(&a, &aig, &ts, &outcome, &stats)
}

/// Re-checks an answer before it is shown; a failed check turns it into `unknown`.
fn self_check(a: &CheckArgs, _aig: &Aig, ts: &TransitionSystem, o: Outcome) -> Outcome {
    match o {
        Outcome::Unsafe(t) => match t.validate(ts) {
            Ok(_) => Outcome::Unsafe(t),
            Err(e) => Outcome::Unknown(format!(
                "internal error: counterexample does not replay: {e}"
            )),
        },
        Outcome::Safe(p) if !a.no_self_check => Outcome::Safe(p),
        other => other,
    }
}

fn report(
    a: &CheckArgs,
    aig: &Aig,
    ts: &TransitionSystem,
    o: &Outcome,
    stats: &[(String, String)],
) -> anyhow::Result<u8> {
    if !limits::claim_answer() {
        // A limit fired while we were finishing: it has answered already.
        std::thread::sleep(Duration::from_secs(1));
        return Ok(30);
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", o.word())?;
    let code = match o {
        Outcome::Unsafe(t) => {
            if let Some(w) = &a.witness {
                let prop = t.validate(ts).unwrap_or(0);
                let text = t.to_witness(ts, aig, prop);
                write_output(w, text.as_bytes(), &mut out)?;
            }
            10
        }
        Outcome::Safe(p) => {
            if let Some(c) = &a.certificate {
                let _inv = p.invariant_in_model(ts, aig);
                let _ = c; // CERT-TODO: certificate builder
            }
            20
        }
        Outcome::Unknown(why) => {
            if a.verbose {
                eprintln!("pdrkit: unknown: {why}");
            }
            30
        }
    };
    out.flush()?;
    if a.stats {
        for (k, v) in stats {
            eprintln!("{k:>16}: {v}");
        }
    }
    if let Some(p) = &a.stats_json {
        let body: Vec<String> = stats
            .iter()
            .map(|(k, v)| {
                if v.parse::<f64>().is_ok() {
                    format!("\"{k}\": {v}")
                } else {
                    format!(
                        "\"{k}\": \"{}\"",
                        v.replace('\\', "\\\\").replace('"', "\\\"")
                    )
                }
            })
            .collect();
        std::fs::write(p, format!("{{{}}}\n", body.join(", ")))
            .with_context(|| format!("writing {}", p.display()))?;
    }
    Ok(code)
}

fn write_output(path: &Path, bytes: &[u8], stdout: &mut impl Write) -> anyhow::Result<()> {
    if path == Path::new("-") {
        stdout.write_all(bytes)?;
    } else {
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Runs `pdrkit replay`.
pub fn replay(model: &Path, witness: &Path) -> anyhow::Result<u8> {
    let _aig = read_model(model)?;
    let _text =
        std::fs::read_to_string(witness).with_context(|| format!("{}", witness.display()))?;
    bail!("replay: not yet available")
}

/// Runs `pdrkit certify`.
pub fn certify(model: &Path, certificate: &Path) -> anyhow::Result<u8> {
    let _aig = read_model(model)?;
    let _cert = read_model(certificate)?;
    bail!("certify: not yet available")
}
