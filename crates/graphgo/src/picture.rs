//! Pictures of a board coloured by outcome class or final owner: text (grids
//! as a diagram, other graphs as a vertex list) and SVG (grids as a lattice,
//! other graphs on a circle).

use std::fmt::Write as _;

use miai_goban::Shape;

use crate::board::Board;
use crate::outcome::Class;
use crate::stones::Stones;

/// What a vertex is marked with in a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Black's at the end.
    Black,
    /// White's at the end.
    White,
    /// Next player's (class N).
    Next,
    /// Stays as it is (class P) or nobody's.
    Neutral,
}

impl From<Class> for Mark {
    fn from(c: Class) -> Mark {
        match c {
            Class::B => Mark::Black,
            Class::W => Mark::White,
            Class::N => Mark::Next,
            Class::P => Mark::Neutral,
        }
    }
}

/// Marks from the area count of a final colouring.
pub fn owner_marks(board: &Board, stones: &Stones) -> Vec<Mark> {
    let (b, w) = stones.area_sets(board);
    (0..board.len())
        .map(|v| {
            if b >> v & 1 == 1 {
                Mark::Black
            } else if w >> v & 1 == 1 {
                Mark::White
            } else {
                Mark::Neutral
            }
        })
        .collect()
}

fn stone_char(stones: &Stones, v: usize) -> char {
    match stones.value(v) {
        -1 => 'X',
        1 => 'O',
        _ => '.',
    }
}

fn mark_char(m: Mark) -> char {
    match m {
        Mark::Black => 'b',
        Mark::White => 'w',
        Mark::Next => 'n',
        Mark::Neutral => '-',
    }
}

/// A text picture: for grids two diagrams side by side (stones `X O .`,
/// marks `b w n -`); for other graphs one line per vertex.
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::Graph;
/// use miai_graphgo::{Board, Stones, picture};
/// let b = Board::new(Arc::new(Graph::line(3).unwrap())).unwrap();
/// let s = Stones { black: 0b010, white: 0 };
/// let marks = picture::owner_marks(&b, &s);
/// assert_eq!(picture::text(&b, &s, &marks), ".X.   bbb\n");
/// ```
pub fn text(board: &Board, stones: &Stones, marks: &[Mark]) -> String {
    let mut out = String::new();
    match board.graph().shape() {
        Shape::Grid { width, height } | Shape::Torus { width, height }
            if width * height == board.len() =>
        {
            for y in 0..height {
                for x in 0..width {
                    out.push(stone_char(stones, y * width + x));
                }
                out.push_str("   ");
                for x in 0..width {
                    out.push(mark_char(marks[y * width + x]));
                }
                out.push('\n');
            }
        }
        _ => {
            for (v, &m) in marks.iter().enumerate().take(board.len()) {
                let _ = writeln!(
                    out,
                    "{} {} {}",
                    board.name(v),
                    stone_char(stones, v),
                    mark_char(m)
                );
            }
        }
    }
    out
}

fn fill(m: Mark) -> &'static str {
    match m {
        Mark::Black => "#404040",
        Mark::White => "#f0f0f0",
        Mark::Next => "#e0a030",
        Mark::Neutral => "#a0c0e0",
    }
}

/// An SVG picture: each vertex a square tinted by its mark (dark Black's,
/// light White's, orange N, blue P/neutral), with its stone drawn on top
/// and edges as lines.
pub fn svg(board: &Board, stones: &Stones, marks: &[Mark]) -> String {
    let n = board.len();
    let cell = 40.0;
    let pos: Vec<(f64, f64)> = match board.graph().shape() {
        Shape::Grid { width, height } | Shape::Torus { width, height } if width * height == n => (0
            ..n)
            .map(|v| {
                (
                    (v % width) as f64 * cell + cell,
                    (v / width) as f64 * cell + cell,
                )
            })
            .collect(),
        _ => {
            let r = cell * (n as f64).max(3.0) / 3.0;
            (0..n)
                .map(|v| {
                    let a = std::f64::consts::TAU * v as f64 / n as f64;
                    (r + cell + r * a.cos(), r + cell + r * a.sin())
                })
                .collect()
        }
    };
    let w = pos.iter().map(|p| p.0).fold(0.0, f64::max) + cell;
    let h = pos.iter().map(|p| p.1).fold(0.0, f64::max) + cell;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
    for (a, b) in board.graph().edges() {
        let (p, q) = (pos[a.index()], pos[b.index()]);
        let _ = writeln!(
            out,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#000000" stroke-width="1.5"/>"##,
            p.0, p.1, q.0, q.1
        );
    }
    for v in 0..n {
        let (x, y) = pos[v];
        let half = cell * 0.45;
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" fill-opacity="0.6"/>"##,
            x - half,
            y - half,
            2.0 * half,
            2.0 * half,
            fill(marks[v])
        );
        match stones.value(v) {
            -1 => {
                let _ = writeln!(
                    out,
                    r##"<circle cx="{x}" cy="{y}" r="{}" fill="#000000"/>"##,
                    cell * 0.3
                );
            }
            1 => {
                let _ = writeln!(
                    out,
                    r##"<circle cx="{x}" cy="{y}" r="{}" fill="#ffffff" stroke="#000000"/>"##,
                    cell * 0.3
                );
            }
            _ => {}
        }
        let _ = writeln!(
            out,
            r##"<text x="{x}" y="{}" font-size="9" text-anchor="middle" fill="#c00000">{}</text>"##,
            y + cell * 0.45,
            board.name(v)
        );
    }
    out.push_str("</svg>\n");
    out
}
