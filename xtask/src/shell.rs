//! Shell words: splitting a configuration's argument string the way a POSIX shell does, and
//! quoting a word for a shell (in summaries and emitted scripts).

use anyhow::{bail, Result};

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
