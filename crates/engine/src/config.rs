//! What the engines' configurations share: the error of a rejected combination, and (with the
//! `cli` feature) the value parsers their command-line options use.

/// A configuration an engine refuses to run with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// An option's value lies outside its range: the option, then the range.
    #[error("--{0} must be {1}")]
    Range(&'static str, &'static str),
    /// Two options contradict each other.
    #[error("{0}")]
    Conflict(&'static str),
}

/// A probability or a share of something: a number from 0 to 1.
#[cfg(feature = "cli")]
pub(crate) fn fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("expected a number from 0 to 1, got '{s}'")),
    }
}
