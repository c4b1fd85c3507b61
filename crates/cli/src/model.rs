//! The model a command reads: from a file or standard input, reduced to one property when
//! asked, and what of it is not checked.

use std::io::Read;
use std::path::Path;

use pdrkit_ts::{aiger, Aig};

/// Reads the AIGER model at `path` (`-`: standard input); errors name the path.
pub(crate) fn read_model(path: &Path) -> anyhow::Result<Aig> {
    let read = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| anyhow::anyhow!("standard input: cannot be read: {e}"))?;
        aiger::parse(&bytes)
    } else {
        aiger::read_file(path)
    };
    read.map_err(|e| match e {
        // The reader's I/O errors name the path already.
        aiger::AigerError::Io(_) => anyhow::anyhow!("{e}"),
        _ => anyhow::anyhow!("{}: {e}", shown(path)),
    })
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

/// Says on stderr what of `model` is not checked: liveness sections beside safety properties,
/// or no property at all (then the answer is `unsat`, trivially).
pub(crate) fn warn_about_model(path: &Path, aig: &Aig) {
    let (j, f) = (aig.justice.len(), aig.fairness.len());
    if j + f > 0 {
        eprintln!(
            "pdrkit: warning: {}: {j} justice and {f} fairness properties are not checked \
             (liveness); the safety properties are",
            shown(path)
        );
    }
    if aig.properties().is_empty() {
        eprintln!(
            "pdrkit: warning: {}: no safety property (no bad-state literal, and no output \
             taken as one): nothing can go wrong",
            shown(path)
        );
    }
}
