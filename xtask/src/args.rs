//! Command-line parsing for the xtask subcommands: `--name VALUE` / `--name=VALUE` options,
//! flags and positional arguments, and shell-like splitting of a configuration's arguments.

use std::str::FromStr;

use anyhow::{bail, Context, Result};

/// The parsed arguments of one subcommand.
#[derive(Debug, Default)]
pub struct Parsed {
    values: Vec<(String, String)>,
    flags: Vec<String>,
    /// Arguments that are not options, in order.
    pub positional: Vec<String>,
}

/// Parses `argv`; `with_value` and `flags` are the accepted option names (without `--`).
pub fn parse(argv: &[String], with_value: &[&str], flags: &[&str]) -> Result<Parsed> {
    let mut out = Parsed::default();
    let mut it = argv.iter();
    while let Some(arg) = it.next() {
        let Some(name) = arg.strip_prefix("--") else {
            out.positional.push(arg.clone());
            continue;
        };
        let (name, inline) = match name.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (name, None),
        };
        if with_value.contains(&name) {
            let value = match inline {
                Some(v) => v,
                None => it
                    .next()
                    .with_context(|| format!("option --{name} needs a value"))?
                    .clone(),
            };
            out.values.push((name.to_string(), value));
        } else if flags.contains(&name) && inline.is_none() {
            out.flags.push(name.to_string());
        } else {
            bail!("unknown option `{arg}` (try `cargo xtask help`)");
        }
    }
    Ok(out)
}

impl Parsed {
    /// The last value given for an option.
    pub fn last(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value given for a repeatable option, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.values
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether a flag was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The last value of an option parsed as a number (or anything `FromStr`).
    pub fn number<T: FromStr>(&self, name: &str) -> Result<Option<T>>
    where
        T::Err: std::fmt::Display,
    {
        match self.last(name) {
            None => Ok(None),
            Some(v) => v
                .parse::<T>()
                .map(Some)
                .map_err(|e| anyhow::anyhow!("--{name} {v}: {e}")),
        }
    }
}

/// Splits a configuration's argument string like a POSIX shell does for words: whitespace
/// separates, single quotes keep everything, double quotes keep everything but `\"` and `\\`,
/// and a backslash outside quotes escapes the next character.
pub fn split_words(s: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => cur.push(c),
                        None => bail!("unclosed ' in `{s}`"),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => cur.push(c),
                            Some(c) => {
                                cur.push('\\');
                                cur.push(c);
                            }
                            None => bail!("unclosed \" in `{s}`"),
                        },
                        Some(c) => cur.push(c),
                        None => bail!("unclosed \" in `{s}`"),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => cur.push(c),
                    None => bail!("trailing \\ in `{s}`"),
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// Quotes a word for a POSIX shell (only when needed).
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_flags_positionals() {
        let p = parse(
            &v(&[
                "suite",
                "--timeout",
                "5",
                "--config=a=--engine ic3",
                "--config",
                "b=",
                "--x",
            ]),
            &["timeout", "config"],
            &["x"],
        )
        .unwrap();
        assert_eq!(p.positional, v(&["suite"]));
        assert_eq!(p.number::<f64>("timeout").unwrap(), Some(5.0));
        assert_eq!(p.all("config"), vec!["a=--engine ic3", "b="]);
        assert!(p.flag("x"));
        assert!(parse(&v(&["--nope"]), &[], &[]).is_err());
        assert!(parse(&v(&["--timeout"]), &["timeout"], &[]).is_err());
    }

    #[test]
    fn words() {
        assert_eq!(
            split_words(r#" --engine ic3  --opt 'a b' "c \"d\"" e\ f "#).unwrap(),
            v(&["--engine", "ic3", "--opt", "a b", "c \"d\"", "e f"])
        );
        assert!(split_words("'x").is_err());
        assert_eq!(split_words("").unwrap(), Vec::<String>::new());
        assert_eq!(shell_quote("a b'c"), r"'a b'\''c'");
        assert_eq!(shell_quote("/x/y.aig"), "/x/y.aig");
    }
}
