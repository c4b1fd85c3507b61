//! Peer model checkers run side by side with pdrkit (`--vs`). Only ABC for now, run the way
//! `shared/peers/README.md` says is sound: `&r FILE; &put; fold; pdr -T SECS; print_status`
//! on a binary `.aig` without outputs when it has bad-state properties.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::verdict::Verdict;

/// The ABC binary (Debian's package name).
pub const ABC_BINARY: &str = "berkeley-abc";

/// A peer tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    /// Berkeley ABC's `pdr`.
    Abc,
}

impl Peer {
    /// Parses a `--vs` value.
    pub fn parse(s: &str) -> Result<Peer> {
        match s {
            "abc" => Ok(Peer::Abc),
            other => bail!("unknown peer `{other}` (supported: abc)"),
        }
    }

    /// The name used as the configuration name in results.
    pub fn name(self) -> &'static str {
        match self {
            Peer::Abc => "abc",
        }
    }

    /// Fails early when the peer's binary is not installed.
    pub fn ensure_installed(self) -> Result<()> {
        match self {
            Peer::Abc => {
                let found = std::env::var_os("PATH")
                    .map(|p| std::env::split_paths(&p).any(|d| d.join(ABC_BINARY).is_file()))
                    .unwrap_or(false);
                if !found {
                    bail!("`{ABC_BINARY}` is not on PATH (apt-get install -y berkeley-abc)");
                }
                Ok(())
            }
        }
    }
}

/// The file to give ABC for `model`: the model itself when it is a plain binary `.aig` with a
/// harmless path and not both outputs and bad-state properties; otherwise a binary copy
/// (outputs dropped when there are bad-state properties) written into `scratch`.
pub fn abc_input(model: &Path, scratch: &Path) -> Result<PathBuf> {
    let bytes = std::fs::read(model).with_context(|| format!("reading {}", model.display()))?;
    let aig =
        pdrkit_ts::aiger::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", model.display()))?;
    let plain_binary = bytes.starts_with(b"aig ");
    let both = !aig.outputs.is_empty() && !aig.bads.is_empty();
    let path_ok = model
        .to_str()
        .is_some_and(|s| !s.chars().any(|c| c.is_whitespace() || ";\"'".contains(c)));
    if plain_binary && !both && path_ok {
        return Ok(model.to_path_buf());
    }
    let mut aig = aig;
    if !aig.bads.is_empty() {
        aig.outputs.clear();
        aig.symbols
            .retain(|s| s.kind != pdrkit_ts::SymbolKind::Output);
    }
    let out = scratch.join("abc-input.aig");
    std::fs::write(&out, pdrkit_ts::aiger::write_aig(&aig))
        .with_context(|| format!("writing {}", out.display()))?;
    Ok(out)
}

/// The ABC command for `input` (a binary `.aig` from [`abc_input`]) with a `pdr` limit.
pub fn abc_command(input: &Path, timeout_s: f64) -> Command {
    let secs = timeout_s.ceil().max(1.0) as u64;
    let mut cmd = Command::new(ABC_BINARY);
    cmd.arg("-c").arg(format!(
        "&r {}; &put; fold; pdr -T {secs}; print_status",
        input.display()
    ));
    cmd
}

/// ABC's answer from its output: `Status = 1` safe (unsat), `Status = 0` unsafe (sat),
/// anything else (`-1`, nothing) unknown.
pub fn parse_abc_status(stdout: &str) -> Verdict {
    for line in stdout.lines().rev() {
        if let Some(rest) = line.trim_start().strip_prefix("Status =") {
            return match rest.split_whitespace().next() {
                Some("1") => Verdict::Unsat,
                Some("0") => Verdict::Sat,
                _ => Verdict::Unknown,
            };
        }
    }
    Verdict::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines() {
        assert_eq!(
            parse_abc_status(
                "Property proved.  Time = 0.01 sec\nStatus = 1  Frames = 1   Cex is not defined.\n"
            ),
            Verdict::Unsat
        );
        assert_eq!(
            parse_abc_status("Status = 0  Frames = 2   CEX: Po =   0  Frame =   3\n"),
            Verdict::Sat
        );
        assert_eq!(
            parse_abc_status("Property UNDECIDED.\nStatus = -1  Frames = 20\n"),
            Verdict::Unknown
        );
        assert_eq!(
            parse_abc_status("Wrong input file format\n"),
            Verdict::Unknown
        );
    }

    #[test]
    fn converts_ascii_and_drops_outputs_next_to_bads() {
        let dir = crate::run::Scratch::new("peer-test").unwrap();
        // One output and one bad: the latch toggles, the bad is the latch.
        let model = dir.path().join("m.aag");
        std::fs::write(&model, "aag 1 0 1 1 0 1\n2 3\n2\n2\no0 out\nb0 bad\n").unwrap();
        let input = abc_input(&model, dir.path()).unwrap();
        assert_ne!(input, model);
        let back = pdrkit_ts::aiger::read_file(&input).unwrap();
        assert!(back.outputs.is_empty());
        assert_eq!(back.bads.len(), 1);
        assert!(std::fs::read(&input).unwrap().starts_with(b"aig "));
        // A plain binary file with one property is used as it is.
        let plain = dir.path().join("p.aig");
        std::fs::write(&plain, std::fs::read(&input).unwrap()).unwrap();
        assert_eq!(abc_input(&plain, dir.path()).unwrap(), plain);
    }

    #[test]
    fn command_line() {
        let cmd = abc_command(Path::new("/x/y.aig"), 2.5);
        let args: Vec<_> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            vec!["-c", "&r /x/y.aig; &put; fold; pdr -T 3; print_status"]
        );
    }
}
