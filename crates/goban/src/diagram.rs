//! Board diagrams: plain text (`X O .`, also `# @ +`) and the box-drawing
//! style of seed 003 (`┌┬┐├┼┤└┴┘` empty, `●` Black, `○` White, `△`
//! marked White, `▲` `▼` marked Black).
//!
//! # Plain diagrams
//!
//! One row per line, top row first; `X` `x` `#` Black, `O` `o` `@` White,
//! `.` `+` empty; spaces between points are ignored. A plain diagram is a
//! whole board.
//!
//! # Box diagrams and partial boards
//!
//! The glyph of each empty point says which board edges it lies on (`┌` is
//! the top-left corner, `┬` the top edge, `┼` the inside, ...). A side of
//! the diagram is a board edge when the empty glyphs along it say so; a side
//! that shows no edge glyph (only `┼`, or a side in the middle of the board)
//! means **the board goes on**. A side along which every point holds a
//! stone can't show an edge and is taken as going on. Contradictions (an
//! edge glyph away from its side, `┬` and `┼` in one top row) are errors.
//!
//! A partial diagram is placed on a board ([`Diagram::place`], default
//! 19x19): along each axis, if both edges show, the board is exactly as
//! wide (or high) as the diagram; otherwise the board has the requested size
//! and the diagram sits against the edge it shows: the seed's diagrams show
//! the top and left edges, so they are the top-left (A19) corner of a 19x19
//! board. A diagram showing neither edge of an axis needs an explicit
//! origin.
//!
//! A parenthesised caption after a row (as in seed 003,
//! `●●●●●●●○┼(三コウ 1サイクル6手)`) is ignored.
//!
//! Marks: the seed marks the stone just played; `△` is read as a White stone
//! with [`Mark::Triangle`], `▲` as a Black stone with [`Mark::Triangle`],
//! `▼` as a Black stone with [`Mark::TriangleDown`]. Marks on empty points
//! and other marks have no box glyph and are not written.

mod boxed;
mod plain;

use std::sync::Arc;

use crate::color::Color;
use crate::graph::Graph;
use crate::position::Position;
use crate::setup::Setup;
use crate::vertex::Vertex;
use crate::vertex_set::VertexSet;

/// A mark on a point (SGF markup, or the triangles of seed 003).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `TR`, `△` / `▲`.
    Triangle,
    /// `▼` (seed 003); written to SGF as `TR`.
    TriangleDown,
    /// `SQ`.
    Square,
    /// `CR`.
    Circle,
    /// `MA`.
    Cross,
    /// `LB`.
    Label(String),
}

/// Which sides of a diagram are board edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edges {
    /// Top side is the board's edge.
    pub top: bool,
    /// Bottom side is the board's edge.
    pub bottom: bool,
    /// Left side is the board's edge.
    pub left: bool,
    /// Right side is the board's edge.
    pub right: bool,
}

impl Edges {
    /// All four sides are edges: a whole board.
    pub const ALL: Edges = Edges {
        top: true,
        bottom: true,
        left: true,
        right: true,
    };
}

/// A rectangular diagram: stones, marks and which sides are edges. Points
/// are row-major, top row first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Stone on each point.
    pub stones: Vec<Option<Color>>,
    /// Mark on each point.
    pub marks: Vec<Option<Mark>>,
    /// Sides that are board edges.
    pub edges: Edges,
}

/// A malformed diagram, with the place of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct DiagramError {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

pub(crate) fn derr(line: usize, column: usize, message: impl Into<String>) -> DiagramError {
    DiagramError {
        line,
        column,
        message: message.into(),
    }
}

/// Checks that row `line` has as many points as the first row, and records
/// the width when it is the first.
pub(crate) fn check_row_width(
    width: &mut Option<usize>,
    count: usize,
    line: usize,
) -> Result<(), DiagramError> {
    match *width {
        None => *width = Some(count),
        Some(w) if w != count => {
            return Err(derr(
                line,
                1,
                format!("this row has {count} points, the first row {w}"),
            ));
        }
        _ => {}
    }
    Ok(())
}

/// Checks that a `width` x `height` diagram fits the largest grid.
pub(crate) fn check_size(width: usize, height: usize) -> Result<(), DiagramError> {
    if width > crate::graph::MAX_GRID_SIDE || height > crate::graph::MAX_GRID_SIDE {
        return Err(derr(
            1,
            1,
            format!("a {width}x{height} diagram is larger than 25x25"),
        ));
    }
    Ok(())
}

/// Where a diagram goes on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// Board width and height along axes whose two edges the diagram doesn't
    /// both show.
    pub board: (usize, usize),
    /// Column and row (from the top-left) of the diagram's top-left point;
    /// `None` to place it against the edges it shows.
    pub origin: Option<(usize, usize)>,
}

impl Default for Placement {
    /// A 19x19 board, placed by the edges shown.
    fn default() -> Self {
        Placement {
            board: (19, 19),
            origin: None,
        }
    }
}

/// A diagram placed on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// The position as a setup (Black to move; change `to_move` as needed).
    pub setup: Setup,
    /// The marks, by vertex.
    pub marks: Vec<(Vertex, Mark)>,
    /// Column and row of the diagram's top-left point on the board.
    pub origin: (usize, usize),
}

const BOX_CHARS: &str = "┌┬┐├┼┤└┴┘●○△▲▼";

impl Diagram {
    /// Reads a diagram, box style if any box-drawing glyph or `●` `○`
    /// appears, plain otherwise.
    ///
    /// ```
    /// use miai_goban::Diagram;
    /// let d = Diagram::parse("┌●┬\n├○┼\n").unwrap();
    /// assert_eq!((d.width, d.height), (3, 2));
    /// assert!(d.edges.top && d.edges.left && !d.edges.right && !d.edges.bottom);
    /// let p = Diagram::parse("X O .\n. . .\n").unwrap();
    /// assert!(p.edges.right);
    /// ```
    pub fn parse(text: &str) -> Result<Diagram, DiagramError> {
        let text = crate::text::strip_bom(text);
        if text.chars().any(|c| BOX_CHARS.contains(c)) {
            boxed::parse(text)
        } else {
            plain::parse(text)
        }
    }

    /// Reads a plain diagram.
    pub fn parse_plain(text: &str) -> Result<Diagram, DiagramError> {
        plain::parse(crate::text::strip_bom(text))
    }

    /// Reads a box-drawing diagram.
    pub fn parse_box(text: &str) -> Result<Diagram, DiagramError> {
        boxed::parse(crate::text::strip_bom(text))
    }

    /// Writes the plain style: `X O .` separated by spaces.
    pub fn write_plain(&self) -> String {
        plain::write(self)
    }

    /// Writes the box style of seed 003.
    pub fn write_box(&self) -> String {
        boxed::write(self)
    }

    /// The whole board of a grid (or torus, drawn as a grid) position;
    /// `None` for explicit graphs.
    pub fn from_position(pos: &Position) -> Option<Diagram> {
        let (w, h) = pos.graph().dimensions()?;
        Diagram::window(pos, 0, 0, w, h)
    }

    /// The `width x height` window with top-left point at column `x`, row
    /// `y` (from the top) of a grid position; sides of the window are edges
    /// where they are the board's edges.
    pub fn window(
        pos: &Position,
        x: usize,
        y: usize,
        width: usize,
        height: usize,
    ) -> Option<Diagram> {
        let (bw, bh) = pos.graph().dimensions()?;
        if width == 0 || height == 0 || x + width > bw || y + height > bh {
            return None;
        }
        let mut stones = Vec::with_capacity(width * height);
        for r in y..y + height {
            for c in x..x + width {
                stones.push(pos.color_at(pos.graph().at(c, r)?));
            }
        }
        Some(Diagram {
            width,
            height,
            marks: vec![None; stones.len()],
            stones,
            edges: Edges {
                top: y == 0,
                left: x == 0,
                bottom: y + height == bh,
                right: x + width == bw,
            },
        })
    }

    /// Puts the marks given by vertex onto this diagram of the whole board
    /// or a window starting at `origin`.
    pub fn set_marks(&mut self, graph: &Graph, origin: (usize, usize), marks: &[(Vertex, Mark)]) {
        for (v, m) in marks {
            if let Some((x, y)) = graph.xy(*v)
                && x >= origin.0
                && y >= origin.1
                && x - origin.0 < self.width
                && y - origin.1 < self.height
            {
                self.marks[(y - origin.1) * self.width + (x - origin.0)] = Some(m.clone());
            }
        }
    }

    /// Places the diagram on a board (see the module documentation).
    pub fn place(&self, placement: Placement) -> Result<Placed, DiagramError> {
        let axis = |name: &str,
                    near: bool,
                    far: bool,
                    len: usize,
                    board: usize,
                    origin: Option<usize>| {
            let size = if near && far { len } else { board };
            if size < len || size == 0 || size > crate::graph::MAX_GRID_SIDE {
                return Err(derr(
                    1,
                    1,
                    format!("a {name} of {len} points doesn't fit a board {name} of {size}"),
                ));
            }
            let at = match origin {
                Some(o) => o,
                None if near => 0,
                None if far => size - len,
                None => {
                    return Err(derr(
                        1,
                        1,
                        format!(
                            "the diagram shows neither {name} edge, so its place on the board must be given"
                        ),
                    ));
                }
            };
            if at + len > size {
                return Err(derr(
                    1,
                    1,
                    format!("the diagram runs off the board's {name}"),
                ));
            }
            Ok((size, at))
        };
        let o = placement.origin;
        let (bw, x0) = axis(
            "width",
            self.edges.left,
            self.edges.right,
            self.width,
            placement.board.0,
            o.map(|o| o.0),
        )?;
        let (bh, y0) = axis(
            "height",
            self.edges.top,
            self.edges.bottom,
            self.height,
            placement.board.1,
            o.map(|o| o.1),
        )?;
        let graph = Arc::new(Graph::grid(bw, bh).map_err(|e| derr(1, 1, e.to_string()))?);
        let mut setup = Setup::empty(graph.clone());
        let mut marks = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                let Some(v) = graph.at(x0 + c, y0 + r) else {
                    continue;
                };
                setup.stones[v.index()] = self.stones[r * self.width + c];
                if let Some(m) = &self.marks[r * self.width + c] {
                    marks.push((v, m.clone()));
                }
            }
        }
        Ok(Placed {
            setup,
            marks,
            origin: (x0, y0),
        })
    }
}

/// A grid position drawn with GTP coordinates around it (for people, not
/// for reading back): `X` Black, `O` White, `.` empty, with the marks given
/// as `^` (triangles), `#` (squares), `o` (circles), `x` (crosses) or the
/// label's first character on empty points.
pub fn labelled(pos: &Position, marks: &[(Vertex, Mark)]) -> Option<String> {
    labelled_last(pos, marks, None)
}

/// [`labelled`] with the last move in parentheses, `X(O)X`, as GTP
/// engines draw it.
pub fn labelled_last(
    pos: &Position,
    marks: &[(Vertex, Mark)],
    last: Option<Vertex>,
) -> Option<String> {
    grid_text(pos, last, |v| {
        let mark = marks.iter().find(|m| m.0 == v).map(|m| &m.1);
        match (pos.color_at(v), mark) {
            (Some(Color::Black), _) => 'X',
            (Some(Color::White), _) => 'O',
            (None, Some(Mark::Triangle | Mark::TriangleDown)) => '^',
            (None, Some(Mark::Square)) => '#',
            (None, Some(Mark::Circle)) => 'o',
            (None, Some(Mark::Cross)) => 'x',
            (None, Some(Mark::Label(l))) => l.chars().next().unwrap_or('.'),
            (None, None) => '.',
        }
    })
}

/// A counted grid position, as [`labelled`] draws it but with the count's
/// map: `X` `O` the stones left on the board, `x` `o` the empty points
/// (and the points of the stones removed as `dead`) that Black or White
/// owns, `.` the neutral points. `owner` is [`Position::ownership`]'s map
/// for the same `dead`.
pub fn scored(pos: &Position, owner: &[Option<Color>], dead: &VertexSet) -> Option<String> {
    grid_text(pos, None, |v| {
        let stone = pos.color_at(v).filter(|_| !dead.contains(v));
        match (stone, owner.get(v.index()).copied().flatten()) {
            (Some(Color::Black), _) => 'X',
            (Some(Color::White), _) => 'O',
            (None, Some(Color::Black)) => 'x',
            (None, Some(Color::White)) => 'o',
            (None, None) => '.',
        }
    })
}

/// The grid with coordinates, a character per point, `last` in
/// parentheses.
fn grid_text(
    pos: &Position,
    last: Option<Vertex>,
    cell: impl Fn(Vertex) -> char,
) -> Option<String> {
    let g = pos.graph();
    let (w, h) = g.dimensions()?;
    let letters: String = crate::graph::GTP_LETTERS[..w]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let mut out = format!("   {letters}\n");
    for y in 0..h {
        let row = h - y;
        out.push_str(&format!("{row:>2} "));
        // The separator before the next point: `)` right after the last
        // move, `(` before it, else a space.
        let mut close = false;
        for x in 0..w {
            let v = g.at(x, y)?;
            let is_last = last == Some(v);
            out.push(if is_last {
                '('
            } else if close {
                ')'
            } else {
                ' '
            });
            out.push(cell(v));
            close = is_last;
        }
        out.push_str(&format!("{}{row}\n", if close { ')' } else { ' ' }));
    }
    out.push_str(&format!("   {letters}\n"));
    Some(out)
}

/// Splits text into numbered lines, dropping blank lines before and after
/// the diagram; a blank line inside it is an error.
pub(crate) fn rows(text: &str) -> Result<Vec<(usize, &str)>, DiagramError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .collect();
    let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
    let (Some(a), Some(b)) = (first, last) else {
        return Err(derr(1, 1, "the diagram is empty"));
    };
    let body = &lines[a..=b];
    if let Some((n, _)) = body.iter().find(|(_, l)| l.trim().is_empty()) {
        return Err(derr(*n, 1, "blank line inside the diagram"));
    }
    Ok(body.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn plain(text: &str) -> Position {
        let placed = Diagram::parse(text)
            .unwrap()
            .place(Placement::default())
            .unwrap();
        Position::from_setup(placed.setup, Rules::chinese()).unwrap()
    }

    #[test]
    fn the_last_move_is_drawn_in_parentheses() {
        let pos = plain(". X .\n. O .\n. . O\n");
        let at = |name: &str| pos.graph().parse_vertex(name).unwrap();
        let text = labelled_last(&pos, &[], Some(at("B2"))).unwrap();
        assert!(text.contains("\n 2  .(O). 2\n"), "{text}");
        // At the right edge the closing parenthesis takes the space before
        // the row number; unmarked rows are unchanged.
        let text = labelled_last(&pos, &[], Some(at("C1"))).unwrap();
        assert!(text.contains("\n 1  . .(O)1\n"), "{text}");
        assert!(text.contains("\n 3  . X . 3\n"), "{text}");
        assert_eq!(labelled_last(&pos, &[], None), labelled(&pos, &[]));
    }

    #[test]
    fn the_count_map_removes_dead_stones_and_marks_territory() {
        let pos = plain(". X O .\n. X O X\n");
        let mut dead = VertexSet::new();
        dead.insert(pos.graph().parse_vertex("D1").unwrap());
        let owner = pos.ownership(&dead).unwrap();
        let text = scored(&pos, &owner, &dead).unwrap();
        assert!(text.contains("\n 2  x X O o 2\n"), "{text}");
        assert!(text.contains("\n 1  x X O o 1\n"), "{text}");
        // Nothing dead: D1 stays a Black stone, D2 touches both colours.
        let none = VertexSet::new();
        let owner = pos.ownership(&none).unwrap();
        let text = scored(&pos, &owner, &none).unwrap();
        assert!(text.contains("\n 2  x X O . 2\n"), "{text}");
        assert!(text.contains("\n 1  x X O X 1\n"), "{text}");
    }

    #[test]
    fn partial_diagram_goes_to_the_top_left_corner() {
        let d = Diagram::parse("┌●┬\n├○┼\n").unwrap();
        let placed = d.place(Placement::default()).unwrap();
        let g = placed.setup.graph.clone();
        assert_eq!(g.dimensions(), Some((19, 19)));
        assert_eq!(
            placed.setup.stones[g.parse_vertex("B19").unwrap().index()],
            Some(Color::Black)
        );
        assert_eq!(
            placed.setup.stones[g.parse_vertex("B18").unwrap().index()],
            Some(Color::White)
        );
    }

    #[test]
    fn right_and_bottom_edges_place_at_the_far_corner() {
        let d = Diagram::parse("┼●┤\n┴○┘\n").unwrap();
        assert!(d.edges.right && d.edges.bottom && !d.edges.left && !d.edges.top);
        let placed = d.place(Placement::default()).unwrap();
        let g = placed.setup.graph.clone();
        assert_eq!(
            placed.setup.stones[g.parse_vertex("S1").unwrap().index()],
            Some(Color::White)
        );
    }

    #[test]
    fn middle_fragment_needs_an_origin() {
        let d = Diagram::parse("┼●┼\n┼○┼\n").unwrap();
        assert!(d.place(Placement::default()).is_err());
        let placed = d
            .place(Placement {
                origin: Some((5, 5)),
                ..Placement::default()
            })
            .unwrap();
        assert_eq!(placed.origin, (5, 5));
    }

    #[test]
    fn window_round_trips() {
        let g = Arc::new(Graph::grid(9, 9).unwrap());
        let mut s = Setup::empty(g.clone());
        s.stones[g.parse_vertex("A9").unwrap().index()] = Some(Color::Black);
        s.stones[g.parse_vertex("B8").unwrap().index()] = Some(Color::White);
        let pos = Position::from_setup(s, Rules::chinese()).unwrap();
        let d = Diagram::window(&pos, 0, 0, 4, 3).unwrap();
        let text = d.write_box();
        assert_eq!(text, "●┬┬┬\n├○┼┼\n├┼┼┼\n");
        let back = Diagram::parse(&text).unwrap();
        assert_eq!(back, d);
        let placed = back
            .place(Placement {
                board: (9, 9),
                origin: None,
            })
            .unwrap();
        assert_eq!(placed.setup.stones, pos.stones());
    }
}
