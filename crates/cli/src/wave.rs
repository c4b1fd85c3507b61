//! `--vcd`: a counterexample as a waveform, under the names of the model's symbol table and of
//! the maps yosys writes beside it (`write_aiger -map X.aim`, `-ywmap X.ywa`); for a BTOR2
//! model, at the word level under its symbols, with the values of the checker's word-level
//! simulation of the btorsim witness.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use pdrkit_check::{Model, SignalNames, WitnessResult};

use crate::model::Loaded;
use crate::output::write_output;

/// The model's path without `.gz` and without its extension: `design.aig.gz` → `design`.
fn base(model: &Path) -> PathBuf {
    let m = if model.extension().is_some_and(|e| e == "gz") {
        model.with_extension("")
    } else {
        model.to_path_buf()
    };
    m.with_extension("")
}

/// Applies one map file to `names`: a `.ywa` (JSON) map or a `.aim` map.
fn apply(names: &mut SignalNames, path: &Path) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot be read", path.display()))?;
    let json = path.extension().is_some_and(|e| e == "ywa") || text.trim_start().starts_with('{');
    let r = if json {
        names.read_ywa(&text)
    } else {
        names.read_aim(&text)
    };
    r.with_context(|| format!("{}", path.display()))
}

/// The names a waveform of `model` (read from `path`) uses: its symbol table, then the yosys maps beside the model
/// (`design.aim`, `design.ywa` next to `design.aig`; one that does not fit is skipped with a
/// warning), then the maps given with `--map` (one that does not fit is an error).
pub fn names(
    path: &Path,
    model: &Model,
    maps: &[PathBuf],
    verbose: bool,
) -> anyhow::Result<SignalNames> {
    let mut names = SignalNames::from_symbols(model);
    for ext in ["aim", "ywa"] {
        let beside = base(path).with_extension(ext);
        if !beside.is_file() || maps.iter().any(|m| m == &beside) {
            continue;
        }
        let mut trial = names.clone();
        match apply(&mut trial, &beside) {
            Ok(()) => {
                if verbose {
                    eprintln!("pdrkit: waveform names from {}", beside.display());
                }
                names = trial;
            }
            Err(e) => eprintln!("pdrkit: warning: {e:#}; its names are not used"),
        }
    }
    for m in maps {
        apply(&mut names, m)?;
    }
    Ok(names)
}

/// Writes the VCD of a counterexample in `witness` (the file's bytes; with several results,
/// the one of `property`, or the first counterexample) to `path` (`-`: `stdout`); the model
/// was read from `model_path`. A lasso (a result naming justice properties only) shows its
/// fairness and justice literals and where its loop is (scope `liveness`, `in_loop`).
pub fn write(
    path: &Path,
    model_path: &Path,
    model: &Model,
    witness: &[u8],
    property: Option<usize>,
    names: &SignalNames,
    stdout: &mut impl Write,
) -> anyhow::Result<()> {
    let results = pdrkit_check::parse_results(witness)?;
    let chosen = results.iter().find_map(|r| match r {
        WitnessResult::Fails(w) if property.is_none_or(|p| w.properties.contains(&p)) => Some(w),
        _ => None,
    });
    let Some(w) = chosen else {
        match property {
            Some(p) => anyhow::bail!("no counterexample for property b{p}: no waveform"),
            None => anyhow::bail!("no counterexample in the witness: no waveform"),
        }
    };
    let sim = match w.justice.first() {
        Some(&j) if w.properties.is_empty() => pdrkit_check::simulate_lasso(model, w, j)
            .map(|(_, sim)| sim)
            .map_err(|e| anyhow::anyhow!("the lasso does not replay, no waveform: {e}"))?,
        _ => {
            pdrkit_check::simulate(model, w)
                .map_err(|e| anyhow::anyhow!("the witness does not replay, no waveform: {e}"))?
                .1
        }
    };
    let top = base(model_path)
        .file_name()
        .map_or("model".into(), |s| s.to_string_lossy().into_owned());
    let text = pdrkit_check::write_vcd(
        model,
        &sim,
        names,
        &top,
        concat!("pdrkit ", env!("CARGO_PKG_VERSION")),
    );
    write_output(path, text.as_bytes(), stdout)
}

/// Writes the VCD of a counterexample `witness` as `check` wrote it for `loaded` (read from
/// `model_path`): at the word level for a BTOR2 model ([`write_btor2`]), else at the bit level
/// under `names` (the symbol table's when `None`).
pub fn write_either(
    path: &Path,
    model_path: &Path,
    loaded: &Loaded,
    names: Option<&SignalNames>,
    witness: &str,
    property: Option<usize>,
    stdout: &mut impl Write,
) -> anyhow::Result<()> {
    if let Some(b) = &loaded.btor2 {
        return write_btor2(path, model_path, &b.checked, witness, property, stdout);
    }
    let own;
    let names = match names {
        Some(n) => n,
        None => {
            own = SignalNames::from_symbols(&loaded.checked);
            &own
        }
    };
    let bytes = witness.as_bytes();
    write(
        path,
        model_path,
        &loaded.checked,
        bytes,
        property,
        names,
        stdout,
    )
}

/// Writes the word-level VCD of a btorsim witness of the BTOR2 `model` (read from
/// `model_path`) to `path` (`-`: `stdout`): of the witness that claims `property`, or the
/// first, when the file holds several.
pub fn write_btor2(
    path: &Path,
    model_path: &Path,
    model: &pdrkit_check::Btor2Model,
    witness: &str,
    property: Option<usize>,
    stdout: &mut impl Write,
) -> anyhow::Result<()> {
    let all = pdrkit_check::parse_btor2_witnesses(witness)?;
    let Some(w) = all
        .iter()
        .find(|w| property.is_none_or(|p| w.bads.contains(&p)))
    else {
        match property {
            Some(p) => anyhow::bail!("no counterexample for property b{p}: no waveform"),
            None => anyhow::bail!("no counterexample in the witness: no waveform"),
        }
    };
    let sim = pdrkit_check::simulate_btor2(model, w)
        .map_err(|e| anyhow::anyhow!("the witness does not replay, no waveform: {e}"))?;
    let top = base(model_path)
        .file_name()
        .map_or("model".into(), |s| s.to_string_lossy().into_owned());
    let text = pdrkit_check::write_btor2_vcd(
        model,
        &sim,
        &top,
        concat!("pdrkit ", env!("CARGO_PKG_VERSION")),
    );
    write_output(path, text.as_bytes(), stdout)
}
