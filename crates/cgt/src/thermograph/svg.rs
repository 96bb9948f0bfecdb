//! Drawing a thermograph as SVG.
//!
//! Conventions (CGSuite's and Winning Ways'): temperature `t` runs upward,
//! the value axis is *reversed* so that larger values (good for Left) are on
//! the left; the left wall is drawn on the left, the right wall on the right,
//! and the mast goes up from the temperature. Floating point is used only
//! for pixel positions here, never in the algebra.

use std::fmt::Write as _;

use super::Thermograph;
use crate::Dyadic;

fn f(x: Dyadic) -> f64 {
    x.numerator() as f64 / (1u64 << x.exponent()) as f64
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The most tick labels on one axis.
const MAX_TICKS: f64 = 40.0;

/// The labelled integers in `[lo, hi]`: every integer when at most
/// [`MAX_TICKS`] fit, else the multiples of the smallest step `1, 2, 5 ×
/// 10^k` that keeps them that few (a game worth `10^18` draws a handful of
/// labels, not `10^18`).
fn ticks(lo: f64, hi: f64) -> Vec<i64> {
    if !(lo.is_finite() && hi.is_finite()) || hi < lo {
        return Vec::new();
    }
    let mut step = 1.0_f64;
    'find: for _ in 0..20 {
        for k in [1.0, 2.0, 5.0] {
            if (hi - lo) / (k * step) <= MAX_TICKS {
                step *= k;
                break 'find;
            }
        }
        step *= 10.0;
    }
    let first = (lo / step).ceil();
    (0..=MAX_TICKS as i64)
        .map(|i| (first + i as f64) * step)
        .take_while(|&x| x <= hi)
        .map(|x| x as i64)
        .collect()
}

/// Renders `th` with `title` above it; returns a complete SVG document.
pub fn render(th: &Thermograph, title: &str) -> String {
    let temp = f(th.temperature());
    let t_lo = if temp < 0.0 { -1.0 } else { 0.0 };
    let t_hi = temp.max(0.0) * 1.25 + 1.0;
    // Value range: the walls are widest at the bottom.
    let at = |w: &super::Trajectory, t: f64| -> f64 {
        let mut x = 0.0;
        for s in w.segments() {
            if f(s.t0) <= t {
                x = f(s.x0) + s.slope as f64 * (t - f(s.t0));
            }
        }
        x
    };
    let x_max = at(th.left_wall(), t_lo).max(at(th.right_wall(), t_lo)) + 1.0;
    let x_min = at(th.left_wall(), t_lo).min(at(th.right_wall(), t_lo)) - 1.0;
    // `foot` is the room under the plot for the legend.
    let (w, h, m, foot) = (480.0, 420.0, 44.0, 40.0);
    let sx = (w - 2.0 * m) / (x_max - x_min);
    let sy = (h - 2.0 * m - foot) / (t_hi - t_lo);
    // Reversed value axis: x_max at the left edge.
    let px = |x: f64| m + (x_max - x) * sx;
    let py = |t: f64| h - m - foot - (t - t_lo) * sy;
    // The plot's bottom edge (the rest of the drawing hangs from it).
    let bottom = h - m - foot;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<title>{}</title>"#, esc(title));
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="20" text-anchor="middle">{}</text>"#,
        w / 2.0,
        esc(title)
    );
    // Axes: t = 0 horizontal, x = 0 vertical (if in range).
    let _ = writeln!(
        out,
        r##"<line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="#999"/>"##,
        m,
        w - m,
        y = py(0.0)
    );
    if x_min < 0.0 && 0.0 < x_max {
        let _ = writeln!(
            out,
            r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#999"/>"##,
            m,
            bottom,
            x = px(0.0)
        );
    }
    // Integer ticks on the value axis.
    for k in ticks(x_min, x_max) {
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" text-anchor="middle" fill="#555">{k}</text>"##,
            px(k as f64),
            bottom + 16.0
        );
    }
    // The temperature axis on the left edge, with integer ticks.
    let _ = writeln!(
        out,
        r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#999"/>"##,
        py(t_lo),
        py(t_hi),
        x = m - 8.0
    );
    for k in ticks(t_lo, t_hi) {
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" text-anchor="end" fill="#555">{k}</text>"##,
            m - 12.0,
            py(k as f64) + 4.0
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" text-anchor="middle" fill="#555">t</text>"##,
        m - 8.0,
        py(t_hi) - 6.0
    );
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" text-anchor="end" fill="#555">value (Left ← reversed → Right)</text>"##,
        w - m,
        bottom + 30.0
    );
    // The walls, as polylines from t_lo to the temperature, then the mast.
    for (wall, colour) in [(th.left_wall(), "#c00"), (th.right_wall(), "#00c")] {
        let mut pts = vec![(at(wall, t_lo), t_lo)];
        for s in wall.segments() {
            let t = f(s.t0);
            if t > t_lo && t < t_hi {
                pts.push((f(s.x0), t));
            }
        }
        pts.push((at(wall, t_hi), t_hi));
        let poly: Vec<String> = pts
            .iter()
            .map(|&(x, t)| format!("{:.2},{:.2}", px(x), py(t)))
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            poly.join(" ")
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" fill="#000">mean {} temperature {}</text>"##,
        m,
        bottom + 46.0,
        th.mean(),
        th.temperature()
    );
    // The legend: which wall is which, and what the mast is.
    let y = h - 24.0;
    let _ = writeln!(out, r#"<g class="legend">"#);
    for (i, (colour, label)) in [
        ("#c00", "left wall: Left first"),
        ("#00c", "right wall: Right first"),
    ]
    .into_iter()
    .enumerate()
    {
        let x = m + i as f64 * 166.0;
        let _ = writeln!(
            out,
            r#"<line x1="{x}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="2"/><text x="{}" y="{y}">{label}</text>"#,
            y - 4.0,
            x + 18.0,
            y - 4.0,
            x + 22.0
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" fill="#555">mast: where the walls meet, at the mean</text>"##,
        m,
        h - 8.0
    );
    let _ = writeln!(out, "</g>");
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::ticks;
    use crate::Game;

    #[test]
    fn small_ranges_label_every_integer() {
        assert_eq!(ticks(-2.5, 3.0), vec![-2, -1, 0, 1, 2, 3]);
        assert_eq!(ticks(-1.0, 39.0).len(), 41);
    }

    #[test]
    fn huge_ranges_label_a_few_round_values() {
        // Issue 18: a game worth 1.7e18 drew one label per integer.
        let v = ticks(-1.0, 1.7e18);
        assert!(!v.is_empty() && v.len() <= 41, "{} labels", v.len());
        assert!(v.windows(2).all(|w| w[0] < w[1]));
        assert!(ticks(-5e18, 5e18).len() <= 41);
    }

    #[test]
    fn a_huge_integer_draws_quickly() {
        let g: Game = "{5|0} + {1722586675415205659|{3|0}} - 4".parse().unwrap();
        let svg = g.thermograph().unwrap().to_svg("huge");
        assert!(svg.len() < 20_000, "{} bytes", svg.len());
    }

    #[test]
    fn the_walls_have_a_legend_in_their_colours() {
        let g: Game = "{6|{4|0}}".parse().unwrap();
        let svg = g.thermograph().unwrap().to_svg("{6|{4|0}}");
        for (colour, label) in [("#c00", "left wall"), ("#00c", "right wall")] {
            let at = svg
                .find(label)
                .unwrap_or_else(|| panic!("no {label}: {svg}"));
            let line = svg[..at].rfind("<line").unwrap();
            assert!(svg[line..at].contains(colour), "{label} drawn in {colour}");
        }
        assert!(svg.contains("mast:"), "{svg}");
    }
}
