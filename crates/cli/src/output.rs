//! What a command writes besides its answer: witnesses, certificates, waveforms and
//! statistics, to files or standard output.
//!
//! An output path that exists is only ever replaced when it is a regular file: a device
//! (`/dev/null`), a FIFO or a symbolic link (`/dev/stdout`) is written through, never removed.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use pdrkit_engine::Stat;
use pdrkit_ts::{aiger, Aig};

/// What an answer writes: a witness text or a certificate circuit.
pub(crate) enum Artifact {
    None,
    Witness(String),
    Certificate(Box<Aig>),
}

/// Writes `bytes` to `path` (`-`: `stdout`), through whatever the path is.
pub(crate) fn write_output(
    path: &Path,
    bytes: &[u8],
    stdout: &mut impl Write,
) -> anyhow::Result<()> {
    if path == Path::new("-") {
        stdout.write_all(bytes)?;
    } else {
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Writes `stats` to `path` as one JSON object (numbers as numbers, the rest as strings; the
/// names are plain identifiers).
pub(crate) fn write_stats_json(path: &Path, stats: &[Stat]) -> anyhow::Result<()> {
    let body: Vec<String> = stats
        .iter()
        .map(|(k, v)| format!("\"{k}\": {}", v.to_json()))
        .collect();
    let text = format!("{{{}}}\n", body.join(", "));
    let mut out = std::io::stdout().lock();
    // On standard output: after the first line (and a witness or certificate sent there).
    write_output(path, text.as_bytes(), &mut out)?;
    out.flush()?;
    Ok(())
}

/// Whether `a` and `b` name the same existing file.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Fails unless `path` can be written: an existing regular file or device is opened for
/// appending (nothing changes; a FIFO is not opened, which would wait for a reader), a new
/// file is created and removed again.
pub(crate) fn check_writable(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::FileTypeExt;
    let cannot = || format!("{}: cannot be written", path.display());
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => anyhow::bail!("{}: is a directory, not a file", path.display()),
        Ok(m) if m.file_type().is_fifo() => {}
        Ok(_) => {
            std::fs::OpenOptions::new()
                .append(true)
                .open(path)
                .with_context(cannot)?;
        }
        // A dangling symbolic link: writing creates its target, which is not ours to test.
        Err(_) if std::fs::symlink_metadata(path).is_ok() => {}
        Err(_) => {
            std::fs::File::create(path).with_context(cannot)?;
            std::fs::remove_file(path).with_context(cannot)?;
        }
    }
    Ok(())
}

/// Removes `path` when it is a regular file (the output of an earlier run, which must not
/// stay beside this run's answer); anything else there is left alone.
pub(crate) fn remove_stale(path: &Path) -> anyhow::Result<()> {
    let regular = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file());
    if regular {
        std::fs::remove_file(path).with_context(|| format!("removing {}", path.display()))?;
    }
    Ok(())
}

/// A certificate's bytes for `path`: binary AIGER when `binary` (`--binary-certificate`) or
/// for an `.aig` name, ASCII otherwise.
pub(crate) fn certificate_bytes(binary: bool, path: &Path, cert: &Aig) -> Vec<u8> {
    if binary || path.extension().is_some_and(|e| e == "aig") {
        aiger::write_aig(cert)
    } else {
        aiger::write_aag(cert)
    }
}
