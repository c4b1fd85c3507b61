//! What the engines' configurations share: the error of a rejected combination, the reading
//! of a configuration's fields for display, and (with the `cli` feature) the value parsers
//! their command-line options use.

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

/// The `(name, value)` fields of a configuration's `Debug` form (`Name { a: 1, b: Some(2) }`),
/// split at its top level: how a front end shows configurations (a portfolio's worker
/// table, what differs from the options given) without a second list of field names.
pub fn debug_fields(debug: &str) -> Vec<(&str, &str)> {
    let inner = match (debug.find('{'), debug.rfind('}')) {
        (Some(a), Some(b)) if a < b => &debug[a + 1..b],
        _ => return Vec::new(),
    };
    let (mut depth, mut quoted, mut start, mut items) = (0i32, false, 0, Vec::new());
    for (i, c) in inner.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter_map(|f| f.split_once(':'))
        .map(|(k, v)| (k.trim(), v.trim()))
        .filter(|(k, _)| !k.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn debug_fields_split_at_the_top_level() {
        let d = r#"C { a: 1, b: Some("x, y"), c: [1, 2], name: "ic3" }"#;
        assert_eq!(
            super::debug_fields(d),
            [
                ("a", "1"),
                ("b", "Some(\"x, y\")"),
                ("c", "[1, 2]"),
                ("name", "\"ic3\"")
            ]
        );
        assert!(super::debug_fields("Unit").is_empty());
    }
}
