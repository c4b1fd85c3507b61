//! The cactus plot (`cactus.svg`), written by hand: x = number of files solved, y = the time
//! of each solved run sorted ascending (log scale), one polyline per configuration.

use std::fmt::Write as _;

use crate::verdict::Record;

const WIDTH: f64 = 820.0;
const HEIGHT: f64 = 520.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 190.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 60.0;
const COLORS: [&str; 10] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
    "#7f7f7f", "#bcbd22",
];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn tick_label(v: f64) -> String {
    if v >= 1.0 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').to_string()
    }
}

/// A step for about `target` ticks over `0..=max`: 1, 2 or 5 times a power of ten.
fn nice_step(max: f64, target: f64) -> f64 {
    let raw = (max / target).max(1.0);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * p)
}

/// The SVG text of the cactus plot of `records`, one line per name in `names` (in order).
pub fn cactus_svg(records: &[Record], names: &[&str], title: &str) -> String {
    let series: Vec<(&str, bool, Vec<f64>)> = names
        .iter()
        .map(|n| {
            let mut t: Vec<f64> = records
                .iter()
                .filter(|r| r.config == *n && r.solved())
                .map(|r| r.wall_s)
                .collect();
            t.sort_by(f64::total_cmp);
            let peer = records.iter().any(|r| r.config == *n && r.peer);
            (*n, peer, t)
        })
        .collect();
    let files = {
        let mut f: Vec<&str> = records.iter().map(|r| r.file.as_str()).collect();
        f.sort_unstable();
        f.dedup();
        f.len()
    };
    let limit = records.iter().map(|r| r.timeout_s).fold(0.0, f64::max);
    let tmax = series
        .iter()
        .flat_map(|s| s.2.iter().copied())
        .fold(limit, f64::max)
        .max(0.1);
    let tmin = series
        .iter()
        .flat_map(|s| s.2.iter().copied())
        .fold(f64::INFINITY, f64::min)
        .clamp(0.001, tmax);
    let (lo, hi) = (
        tmin.log10().floor(),
        tmax.log10().ceil().max(tmin.log10().floor() + 1.0),
    );
    let xmax = files.max(1) as f64;
    let (pw, ph) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |n: f64| LEFT + pw * n / xmax;
    let y = |t: f64| TOP + ph * (1.0 - (t.max(10f64.powf(lo)).log10() - lo) / (hi - lo));

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14">{}</text>"#,
        LEFT + pw / 2.0,
        escape(title)
    );
    // Grid and ticks: y decades.
    let mut e = lo;
    while e <= hi + 1e-9 {
        let v = 10f64.powf(e);
        let yy = y(v);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            LEFT + pw,
            LEFT - 6.0,
            yy + 4.0,
            tick_label(v)
        );
        e += 1.0;
    }
    // x ticks.
    let step = nice_step(xmax, 10.0);
    let mut n = 0.0;
    while n <= xmax + 1e-9 {
        let xx = x(n);
        let _ = writeln!(
            s,
            r##"<line x1="{xx:.1}" y1="{TOP}" x2="{xx:.1}" y2="{:.1}" stroke="#eee"/><text x="{xx:.1}" y="{:.1}" text-anchor="middle">{n}</text>"##,
            TOP + ph,
            TOP + ph + 18.0
        );
        n += step;
    }
    // The time limit.
    if limit > 0.0 {
        let yy = y(limit);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#999" stroke-dasharray="2,3"/><text x="{:.1}" y="{:.1}" fill="#777">limit {}s</text>"##,
            LEFT + pw,
            LEFT + 4.0,
            yy - 4.0,
            tick_label(limit)
        );
    }
    // Axes and labels.
    let _ = writeln!(
        s,
        r#"<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" stroke="black"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">files solved (of {files})</text>"#,
        LEFT + pw / 2.0,
        HEIGHT - 18.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(18,{:.1}) rotate(-90)" text-anchor="middle">wall-clock time per file (s, log scale)</text>"#,
        TOP + ph / 2.0
    );
    // Series and legend.
    for (i, (name, peer, times)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let dash = if *peer {
            r#" stroke-dasharray="6,3""#
        } else {
            ""
        };
        if !times.is_empty() {
            let mut pts = format!("{:.1},{:.1}", x(0.0), y(times[0]));
            for (k, t) in times.iter().enumerate() {
                let _ = write!(pts, " {:.1},{:.1}", x(k as f64 + 1.0), y(*t));
            }
            let _ = writeln!(
                s,
                r#"<polyline fill="none" stroke="{color}" stroke-width="2"{dash} points="{pts}"/>"#
            );
        }
        let ly = TOP + 10.0 + 20.0 * i as f64;
        let lx = LEFT + pw + 15.0;
        let _ = writeln!(
            s,
            r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{color}" stroke-width="2"{dash}/><text x="{:.1}" y="{:.1}">{} ({})</text>"#,
            lx + 24.0,
            lx + 30.0,
            ly + 4.0,
            escape(name),
            times.len()
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::tests::rec;
    use crate::verdict::{Judgement, Verdict};

    #[test]
    fn one_polyline_per_configuration_with_legend() {
        let recs = vec![
            rec("a", "ic3", Verdict::Unsat, Judgement::Solved, 0.5),
            rec("b", "ic3", Verdict::Sat, Judgement::Solved, 3.0),
            rec("a", "abc", Verdict::Unsat, Judgement::Solved, 0.2),
            rec("b", "abc", Verdict::Unknown, Judgement::Unsolved, 11.0),
            rec("a", "b<m>", Verdict::Unknown, Judgement::Unsolved, 11.0),
        ];
        let svg = cactus_svg(&recs, &["ic3", "abc", "b<m>"], "t & t");
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("ic3 (2)"));
        assert!(svg.contains("abc (1)"));
        assert!(svg.contains("b&lt;m&gt; (0)"));
        assert!(svg.contains("files solved"));
        assert!(svg.contains("t &amp; t"));
    }

    #[test]
    fn steps() {
        assert_eq!(nice_step(151.0, 10.0), 20.0);
        assert_eq!(nice_step(6.0, 10.0), 1.0);
        assert_eq!(nice_step(40.0, 10.0), 5.0);
    }
}
