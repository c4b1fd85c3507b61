//! The model a command reads: from a file or standard input, reduced to one property when
//! asked, and what of it is not checked.

use std::io::Read;
use std::path::Path;

use pdrkit_ts::{aiger, Aig};

use crate::btor2::{self, Btor2Input};

/// A model as the engines and the independent checker read it.
pub(crate) struct Loaded {
    /// The AIG as read (for BTOR2, the bit-blasted model): the model witnesses and
    /// certificates speak of.
    pub aig: Aig,
    /// When some latch of `aig` has a reset function, the model with them lowered, which the
    /// engines check instead ([`Loaded::engines`]); its witnesses and certificates are made
    /// ones of `aig` by [`pdrkit_ts::Lowered::witness`] and [`pdrkit_ts::Lowered::certificate`].
    pub lowered: Option<pdrkit_ts::Lowered>,
    /// The same AIG as the checker's own reader read it (for BTOR2, the blasted AIG as
    /// written in AIGER: the model its certificates speak of).
    pub checked: pdrkit_check::Model,
    /// For a BTOR2 model, the word-level model on both sides.
    pub btor2: Option<Btor2Input>,
}

impl Loaded {
    /// The AIG the engines check: the model as read, or its lowering when it has reset
    /// functions.
    pub fn engines(&self) -> &Aig {
        self.lowered.as_ref().map_or(&self.aig, |l| &l.aig)
    }
}

/// The lowering of `aig`'s reset functions, if it has any (`path` names the model in errors).
fn lower(path: &Path, aig: &Aig) -> anyhow::Result<Option<pdrkit_ts::Lowered>> {
    aig.lower_reset_functions()
        .map_err(|e| anyhow::anyhow!("{}: {e}", shown(path)))
}

/// Reads the model file once (`-`: standard input), AIGER or BTOR2 by content; the engines and
/// the independent checker each parse its bytes with their own reader, so that a bug of one
/// reader cannot fool both.
pub(crate) fn read_model(path: &Path) -> anyhow::Result<Loaded> {
    let bytes = read_bytes(path)?;
    if btor2::is_btor2(&bytes) {
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| anyhow::anyhow!("{}: not a text file: {e}", shown(path)))?;
        let input = btor2::read(text).map_err(|e| anyhow::anyhow!("{}: {e:#}", shown(path)))?;
        let aig = input.blasted.aig.clone();
        let checked = pdrkit_check::Model::parse(&aiger::write_aag(&aig))
            .map_err(|e| anyhow::anyhow!("{}: the blasted model: {e}", shown(path)))?;
        return Ok(Loaded {
            lowered: lower(path, &aig)?,
            aig,
            checked,
            btor2: Some(input),
        });
    }
    let aig = aiger::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", shown(path)))?;
    let checked = pdrkit_check::Model::parse(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: the checker's reader: {e}", shown(path)))?;
    Ok(Loaded {
        lowered: lower(path, &aig)?,
        aig,
        checked,
        btor2: None,
    })
}

/// Reads a model with the independent checker's reader only (`replay`, `certify`).
pub(crate) fn read_checker_model(path: &Path) -> anyhow::Result<pdrkit_check::Model> {
    parse_checker_model(path, &read_bytes(path)?)
}

/// Parses the AIGER `bytes` read from `path` with the independent checker's reader.
pub(crate) fn parse_checker_model(
    path: &Path,
    bytes: &[u8],
) -> anyhow::Result<pdrkit_check::Model> {
    pdrkit_check::Model::parse(bytes).map_err(|e| anyhow::anyhow!("{}: {e}", shown(path)))
}

/// The bytes of the file at `path`, or of standard input for `-`.
pub(crate) fn read_bytes(path: &Path) -> anyhow::Result<Vec<u8>> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| anyhow::anyhow!("standard input: cannot be read: {e}"))?;
        return Ok(bytes);
    }
    if path.is_dir() {
        anyhow::bail!("{}: is a directory, expected an AIGER file", path.display());
    }
    std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: cannot be read: {e}", path.display()))
}

/// How messages name the model at `path`.
pub(crate) fn shown(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".into()
    } else {
        path.display().to_string()
    }
}

/// The model as far as a check of `property` goes: with `--property N`, only that property.
pub(crate) fn single_property(aig: &Aig, property: Option<usize>) -> Aig {
    let mut m = aig.clone();
    if let Some(n) = property {
        if m.bads.is_empty() {
            m.outputs = vec![m.outputs[n]];
        } else {
            m.bads = vec![m.bads[n]];
        }
        // Symbols of dropped properties would name positions that no longer exist.
        m.symbols.retain(|s| {
            !matches!(
                s.kind,
                pdrkit_ts::SymbolKind::Bad | pdrkit_ts::SymbolKind::Output
            )
        });
    }
    m
}

/// Says on stderr what of `model` is not checked: justice properties beside safety properties,
/// or no property at all (then the answer is `unsat`, trivially).
/// (`--each-property` checks the justice properties too.)
pub(crate) fn warn_about_model(path: &Path, aig: &Aig, each_property: bool) {
    let j = aig.justice.len();
    if j > 0 && !each_property {
        eprintln!(
            "pdrkit: warning: {}: {j} justice propert{} not checked (liveness; \
             --each-property checks every property, --engine klive or l2s with --property N \
             one justice property); the safety properties are",
            shown(path),
            if j == 1 { "y is" } else { "ies are" }
        );
    }
    if aig.properties().is_empty() && !(each_property && j > 0) {
        eprintln!(
            "pdrkit: warning: {}: no safety property (no bad-state literal, and no output \
             taken as one): nothing can go wrong",
            shown(path)
        );
    }
}
