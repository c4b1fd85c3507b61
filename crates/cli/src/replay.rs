//! `pdrkit replay`: a witness replayed on the model by the independent checker's simulator.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::btor2;
use crate::model::{parse_checker_model, read_bytes, shown};
use crate::output::check_writable;
use crate::wave;

/// Exit code of `replay` and `certify` when the witness or certificate was read and is wrong;
/// one that cannot be read is an input error (1), as everywhere in the CLI.
pub(crate) const REJECTED: u8 = 2;

/// Runs `pdrkit replay`: exit 0 when every counterexample of the witness file reaches a bad
/// state, 2 when one does not; with `vcd`, also writes the waveform of one of them.
pub fn replay(
    model: &Path,
    witness: &Path,
    vcd: Option<&Path>,
    maps: &[PathBuf],
    property: Option<usize>,
) -> anyhow::Result<u8> {
    let model_bytes = read_bytes(model)?;
    if btor2::is_btor2(&model_bytes) {
        if !maps.is_empty() {
            anyhow::bail!(
                "--map names the signals of an AIGER model (yosys's maps); a BTOR2 model's \
                 waveform is named by its own symbols"
            );
        }
        return replay_btor2(model, &model_bytes, witness, vcd, property);
    }
    let aig = parse_checker_model(model, &model_bytes)?;
    let bytes = std::fs::read(witness)
        .with_context(|| format!("{}: cannot read the witness", witness.display()))?;
    let names = match vcd {
        Some(_) => Some(wave::names(model, &aig, maps, false)?),
        None => None,
    };
    if let Some(path) = vcd {
        if path != Path::new("-") {
            check_writable(path)?;
        }
    } else if !maps.is_empty() {
        eprintln!("pdrkit: warning: --map is used only with --vcd");
    }
    // One counterexample (the common case) keeps the single-witness messages; a file of
    // several results is read as such.
    let results = match pdrkit_check::parse_witness(&bytes) {
        Ok(w) => vec![pdrkit_check::WitnessResult::Fails(w)],
        Err(single) => match pdrkit_check::parse_results(&bytes) {
            Ok(r) if r.len() > 1 => r,
            _ => return Err(single).with_context(|| format!("{}", witness.display())),
        },
    };
    let several = results.len() > 1;
    let mut rejected = false;
    let mut replayed = 0;
    for r in &results {
        let (w, label) = match r {
            pdrkit_check::WitnessResult::Fails(w) => (
                w,
                format!("b{}: ", w.properties.first().copied().unwrap_or(0)),
            ),
            pdrkit_check::WitnessResult::Holds { properties, .. } => {
                println!(
                    "{}: holds (status 0; use `certify` for its proof)",
                    names_of(properties)
                );
                continue;
            }
            pdrkit_check::WitnessResult::Unknown { properties, .. } => {
                println!("{}: unknown (status 2)", names_of(properties));
                continue;
            }
        };
        let label = if several { label } else { String::new() };
        // A witness naming justice properties only is a lasso: each one it names is replayed.
        if w.properties.is_empty() && !w.justice.is_empty() {
            for &j in &w.justice {
                match pdrkit_check::replay_lasso(&aig, w, j) {
                    Ok(r) => {
                        replayed += 1;
                        println!("ok: {}", r.summary());
                    }
                    Err(e) => {
                        rejected = true;
                        eprintln!("pdrkit: {}: j{j}: lasso rejected: {e}", witness.display());
                    }
                }
            }
            continue;
        }
        match pdrkit_check::replay(&aig, w) {
            Ok(r) => {
                replayed += 1;
                println!("{label}ok: {}", r.summary());
            }
            Err(e) => {
                rejected = true;
                eprintln!(
                    "pdrkit: {}: {label}witness rejected: {e}",
                    witness.display()
                );
            }
        }
    }
    if rejected {
        return Ok(REJECTED);
    }
    if replayed == 0 {
        eprintln!(
            "pdrkit: {}: no counterexample in the file",
            witness.display()
        );
        return Ok(REJECTED);
    }
    if let (Some(path), Some(names)) = (vcd, &names) {
        let mut out = std::io::stdout().lock();
        wave::write(path, model, &aig, &bytes, property, names, &mut out)?;
        out.flush()?;
    }
    Ok(0)
}

fn names_of(properties: &[usize]) -> String {
    let v: Vec<String> = properties.iter().map(|p| format!("b{p}")).collect();
    v.join(" ")
}

/// `replay` of a btorsim witness file (one witness or several, one after the other) on a
/// BTOR2 model, by the checker's word-level simulator; with `vcd`, the waveform of the witness
/// of `property` (or the first).
fn replay_btor2(
    model: &Path,
    model_bytes: &[u8],
    witness: &Path,
    vcd: Option<&Path>,
    property: Option<usize>,
) -> anyhow::Result<u8> {
    if let Some(path) = vcd.filter(|p| *p != Path::new("-")) {
        check_writable(path)?;
    }
    let text = std::str::from_utf8(model_bytes)
        .map_err(|e| anyhow::anyhow!("{}: not a text file: {e}", shown(model)))?;
    let m = pdrkit_check::parse_btor2(text).with_context(|| shown(model))?;
    let w = std::fs::read_to_string(witness)
        .with_context(|| format!("{}: cannot read the witness", witness.display()))?;
    let all = pdrkit_check::parse_btor2_witnesses(&w)
        .with_context(|| format!("{}", witness.display()))?;
    let several = all.len() > 1;
    let mut rejected = false;
    for one in &all {
        let label = if several {
            format!("{}: ", names_of(&one.bads))
        } else {
            String::new()
        };
        match pdrkit_check::replay_btor2(&m, one) {
            Ok(r) => {
                let hits: Vec<String> = r
                    .hits
                    .iter()
                    .map(|(p, step)| format!("b{p} is 1 at step {step}"))
                    .collect();
                println!("{label}ok: {} steps, {}", r.steps, hits.join(", "));
            }
            Err(e) => {
                rejected = true;
                eprintln!(
                    "pdrkit: {}: {label}witness rejected: {e}",
                    witness.display()
                );
            }
        }
    }
    if rejected {
        return Ok(REJECTED);
    }
    if let Some(path) = vcd {
        let mut out = std::io::stdout().lock();
        wave::write_btor2(path, model, &m, &w, property, &mut out)?;
        out.flush()?;
    }
    Ok(0)
}
