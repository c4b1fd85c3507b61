//! Statistics as named values that keep their type from the engines' counters to `--stats`
//! and `--stats-json`: a count stays a number and a word stays a word, so that nothing on the
//! way parses text back into numbers.

use std::fmt;

/// The value of one statistic.
#[derive(Clone, Debug, PartialEq)]
pub enum StatValue {
    /// A count or a depth (queries, lemmas, frames; `-1` for "not even depth 0").
    Int(i64),
    /// A duration in seconds, shown to the millisecond.
    Seconds(f64),
    /// A mean (a query's microseconds, a lemma's literals), shown with two decimals.
    Mean(f64),
    /// A word or a sentence: a verdict, a worker's name, why an answer was refused.
    Text(String),
}

/// A named statistic, as engines report them (`worker.name` inside a portfolio).
pub type Stat = (String, StatValue);

impl StatValue {
    /// The value as a number; `None` for text.
    pub fn number(&self) -> Option<f64> {
        match *self {
            StatValue::Int(n) => Some(n as f64),
            StatValue::Seconds(x) | StatValue::Mean(x) => Some(x),
            StatValue::Text(_) => None,
        }
    }

    /// The value as JSON: numbers as numbers (as shown; `null` if not finite), text as a
    /// string.
    pub fn to_json(&self) -> String {
        match self {
            StatValue::Text(s) => {
                let mut out = String::with_capacity(s.len() + 2);
                out.push('"');
                for c in s.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                        c => out.push(c),
                    }
                }
                out.push('"');
                out
            }
            v if v.number().is_some_and(|x| !x.is_finite()) => "null".to_string(),
            v => v.to_string(),
        }
    }
}

impl fmt::Display for StatValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatValue::Int(n) => write!(f, "{n}"),
            StatValue::Seconds(x) => write!(f, "{x:.3}"),
            StatValue::Mean(x) => write!(f, "{x:.2}"),
            StatValue::Text(s) => f.write_str(s),
        }
    }
}

impl From<u64> for StatValue {
    fn from(n: u64) -> Self {
        StatValue::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u32> for StatValue {
    fn from(n: u32) -> Self {
        StatValue::Int(i64::from(n))
    }
}

impl From<usize> for StatValue {
    fn from(n: usize) -> Self {
        StatValue::from(n as u64)
    }
}

impl From<&str> for StatValue {
    fn from(s: &str) -> Self {
        StatValue::Text(s.to_string())
    }
}

impl From<String> for StatValue {
    fn from(s: String) -> Self {
        StatValue::Text(s)
    }
}

impl From<bool> for StatValue {
    /// 1 for true, 0 for false.
    fn from(b: bool) -> Self {
        StatValue::Int(i64::from(b))
    }
}

impl From<std::time::Duration> for StatValue {
    fn from(d: std::time::Duration) -> Self {
        StatValue::Seconds(d.as_secs_f64())
    }
}

impl From<Option<usize>> for StatValue {
    /// The number, or `-1` for none (a depth: "not even depth 0").
    fn from(n: Option<usize>) -> Self {
        n.map_or(StatValue::Int(-1), StatValue::from)
    }
}

/// Declares a statistics struct and its `pairs()` (every statistic as (name, value), in the
/// order of the declaration, for `--stats` and `--stats-json`) from one list, so that each name
/// is written once. Every field is `pub`; each entry of the list is one of:
///
/// - `field: Type,` shown under the field's own name, its value through `StatValue::from`;
/// - `field: Type => "name",` shown under another name;
/// - `field: Type => _,` not shown (a sum a mean is made of, say);
/// - `field: Type => ..,` a nested statistics struct: its pairs, spliced in;
/// - `@ "name" => |s| value,` a value computed from the struct (`fn(&Self) -> StatValue`).
///
/// Doc comments go before any entry (and are kept on fields).
macro_rules! stats {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident { $($body:tt)* }
    ) => {
        $crate::stat::stats!(@parse [$(#[$meta])* $vis struct $name] [] [] $($body)*);
    };
    // A field shown under its own name.
    (@parse $head:tt [$($fields:tt)*] [$($pairs:tt)*]
        $(#[$fmeta:meta])* $field:ident : $ty:ty , $($rest:tt)*) => {
        $crate::stat::stats!(@parse $head [$($fields)* $(#[$fmeta])* pub $field: $ty,]
            [$($pairs)* (field stringify!($field), $field)] $($rest)*);
    };
    // A field shown under another name.
    (@parse $head:tt [$($fields:tt)*] [$($pairs:tt)*]
        $(#[$fmeta:meta])* $field:ident : $ty:ty => $key:literal , $($rest:tt)*) => {
        $crate::stat::stats!(@parse $head [$($fields)* $(#[$fmeta])* pub $field: $ty,]
            [$($pairs)* (field $key, $field)] $($rest)*);
    };
    // A field not shown.
    (@parse $head:tt [$($fields:tt)*] [$($pairs:tt)*]
        $(#[$fmeta:meta])* $field:ident : $ty:ty => _ , $($rest:tt)*) => {
        $crate::stat::stats!(@parse $head [$($fields)* $(#[$fmeta])* pub $field: $ty,]
            [$($pairs)*] $($rest)*);
    };
    // A nested statistics struct, spliced in.
    (@parse $head:tt [$($fields:tt)*] [$($pairs:tt)*]
        $(#[$fmeta:meta])* $field:ident : $ty:ty => .. , $($rest:tt)*) => {
        $crate::stat::stats!(@parse $head [$($fields)* $(#[$fmeta])* pub $field: $ty,]
            [$($pairs)* (splice $field)] $($rest)*);
    };
    // A computed value.
    (@parse $head:tt [$($fields:tt)*] [$($pairs:tt)*]
        $(#[$fmeta:meta])* @ $key:literal => $value:expr , $($rest:tt)*) => {
        $crate::stat::stats!(@parse $head [$($fields)*]
            [$($pairs)* (computed $key, $value)] $($rest)*);
    };
    (@parse [$(#[$meta:meta])* $vis:vis struct $name:ident] [$($fields:tt)*] [$($pairs:tt)*]) => {
        $(#[$meta])*
        $vis struct $name { $($fields)* }

        impl $name {
            /// Every statistic as (name, value) pairs, for `--stats` and `--stats-json`.
            // One push per entry: a nested struct's pairs are spliced in between.
            #[allow(clippy::vec_init_then_push)]
            pub fn pairs(&self) -> Vec<(&'static str, $crate::StatValue)> {
                let mut pairs = Vec::new();
                $($crate::stat::stats!(@pair pairs self $pairs);)*
                pairs
            }
        }
    };
    (@pair $pairs:ident $s:ident (field $key:expr, $field:ident)) => {
        $pairs.push(($key, $crate::StatValue::from($s.$field)))
    };
    (@pair $pairs:ident $s:ident (splice $field:ident)) => {
        $pairs.extend($s.$field.pairs())
    };
    (@pair $pairs:ident $s:ident (computed $key:literal, $value:expr)) => {{
        let value: fn(&Self) -> $crate::StatValue = $value;
        $pairs.push(($key, value($s)))
    }};
}
pub(crate) use stats;

#[cfg(test)]
mod tests {
    use super::StatValue;

    stats! {
        #[derive(Default)]
        struct Inner {
            x: u64 => "inner_x",
        }
    }

    stats! {
        /// Every kind of entry, in an order the pairs must keep.
        #[derive(Default)]
        struct Every {
            /// Shown under its own name.
            count: u64,
            @ "twice" => |s| (2 * s.count).into(),
            hidden: u64 => _,
            renamed: bool => "flag",
            inner: Inner => ..,
            depth: Option<usize> => "depth_clear",
            time: std::time::Duration => "time_s",
        }
    }

    #[test]
    fn a_stats_list_gives_the_struct_and_its_pairs_in_order() {
        let e = Every {
            count: 3,
            hidden: 7,
            renamed: true,
            inner: Inner { x: 5 },
            depth: None,
            time: std::time::Duration::from_millis(1500),
        };
        assert_eq!(e.hidden, 7);
        assert_eq!(
            e.pairs(),
            [
                ("count", StatValue::Int(3)),
                ("twice", StatValue::Int(6)),
                ("flag", StatValue::Int(1)),
                ("inner_x", StatValue::Int(5)),
                ("depth_clear", StatValue::Int(-1)),
                ("time_s", StatValue::Seconds(1.5)),
            ]
        );
        assert_eq!(Every::default().pairs()[4].1, StatValue::Int(-1));
    }

    #[test]
    fn numbers_stay_numbers_and_text_is_escaped_in_json() {
        assert_eq!(StatValue::from(42u64).to_json(), "42");
        assert_eq!(StatValue::Int(-1).to_json(), "-1");
        assert_eq!(StatValue::Seconds(1.23456).to_json(), "1.235");
        assert_eq!(StatValue::Mean(f64::NAN).to_json(), "null");
        assert_eq!(
            StatValue::from("a \"b\"\\\n").to_json(),
            "\"a \\\"b\\\"\\\\\\u000a\""
        );
        assert_eq!(StatValue::Mean(0.5).number(), Some(0.5));
        assert_eq!(StatValue::from("x").number(), None);
    }
}
