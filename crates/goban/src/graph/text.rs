//! The edge-list text format for explicit graphs, with an optional
//! colouring.
//!
//! ```text
//! # A comment runs from '#' to the end of the line.
//! a b          # an edge: two vertex names
//! b c
//! d            # a lone name declares a vertex (isolated ones need this)
//! black: a     # stones (the keys black:, white:, to-move: are reserved)
//! white: c
//! to-move: white
//! ```
//!
//! Vertex names are any characters but whitespace, `#` and `:`. Vertices are
//! numbered in order of first appearance. A line with three or more names,
//! a loop, a repeated edge or a stone on an undeclared vertex is an error
//! naming its line and column (both from 1; columns count characters).

use super::{Graph, GraphError};
use crate::color::Color;
use crate::vertex::Vertex;

/// A graph read from the text format, with its stones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphText {
    /// The graph.
    pub graph: Graph,
    /// Vertices holding a stone, with its colour.
    pub stones: Vec<(Vertex, Color)>,
    /// The player to move, if given.
    pub to_move: Option<Color>,
}

/// An error in the graph text format, with its place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct GraphTextError {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, column: usize, message: impl Into<String>) -> GraphTextError {
    GraphTextError {
        line,
        column,
        message: message.into(),
    }
}

impl GraphText {
    /// Reads the text format.
    ///
    /// ```
    /// use miai_goban::GraphText;
    /// let t = GraphText::parse("a b\nb c\nblack: b\n").unwrap();
    /// assert_eq!(t.graph.len(), 3);
    /// assert_eq!(t.stones.len(), 1);
    /// let e = GraphText::parse("a b\na a\n").unwrap_err();
    /// assert_eq!((e.line, e.column), (2, 1));
    /// ```
    pub fn parse(text: &str) -> Result<GraphText, GraphTextError> {
        let text = crate::text::strip_bom(text);
        let mut names: Vec<String> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut edge_set = std::collections::HashSet::new();
        let mut stone_words: Vec<(usize, usize, String, Color)> = Vec::new();
        let mut to_move = None;
        for (l, raw) in text.lines().enumerate() {
            let line = l + 1;
            let body = raw.split('#').next().unwrap_or("");
            // Words with their 1-based character columns.
            let mut words: Vec<(usize, &str)> = Vec::new();
            let mut start: Option<(usize, usize)> = None; // (byte, column)
            for (col, (byte, ch)) in body.char_indices().enumerate() {
                match (ch.is_whitespace(), start) {
                    (false, None) => start = Some((byte, col + 1)),
                    (true, Some((b, c))) => {
                        words.push((c, &body[b..byte]));
                        start = None;
                    }
                    _ => {}
                }
            }
            if let Some((b, c)) = start {
                words.push((c, &body[b..]));
            }
            let Some(&(col0, first)) = words.first() else {
                continue;
            };
            if let Some(key) = first.strip_suffix(':') {
                let rest = &words[1..];
                match key {
                    "black" | "white" => {
                        let color = if key == "black" {
                            Color::Black
                        } else {
                            Color::White
                        };
                        for &(c, w) in rest {
                            stone_words.push((line, c, w.to_string(), color));
                        }
                    }
                    "to-move" => {
                        let [(c, w)] = rest else {
                            return Err(err(
                                line,
                                col0,
                                "to-move: takes one colour, black or white",
                            ));
                        };
                        to_move = Some(Color::from_name(w).ok_or_else(|| {
                            err(line, *c, format!("{w:?} is not a colour (black or white)"))
                        })?);
                    }
                    _ => {
                        return Err(err(
                            line,
                            col0,
                            format!("unknown key {first:?}: expected black:, white: or to-move:"),
                        ));
                    }
                }
                continue;
            }
            if let Some(&(c, w)) = words.iter().find(|(_, w)| w.contains(':')) {
                return Err(err(
                    line,
                    c,
                    format!(
                        "{w:?}: ':' is only allowed after black, white or to-move at the start of a line"
                    ),
                ));
            }
            if words.len() > 2 {
                return Err(err(
                    line,
                    words[2].0,
                    "expected one vertex name or an edge of two names",
                ));
            }
            let mut ids = [0usize; 2];
            for (k, &(_, w)) in words.iter().enumerate() {
                ids[k] = *index.entry(w.to_string()).or_insert_with(|| {
                    names.push(w.to_string());
                    names.len() - 1
                });
            }
            if names.len() > crate::vertex::MAX_VERTICES {
                return Err(err(
                    line,
                    col0,
                    GraphError::TooManyVertices(names.len()).to_string(),
                ));
            }
            if words.len() == 2 {
                let (a, b) = (ids[0], ids[1]);
                if a == b {
                    return Err(err(
                        line,
                        col0,
                        format!("edge {first}-{first} is a loop; boards are simple graphs"),
                    ));
                }
                if !edge_set.insert((a.min(b), a.max(b))) {
                    return Err(err(
                        line,
                        col0,
                        format!("edge {}-{} is given twice", names[a], names[b]),
                    ));
                }
                edges.push((a, b));
            }
        }
        if names.is_empty() {
            return Err(err(
                1,
                1,
                "no vertices: expected edges like \"a b\" or vertex names",
            ));
        }
        let graph = Graph::from_edges(names, &edges).map_err(|e| err(1, 1, e.to_string()))?;
        let mut stones = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (line, col, w, color) in stone_words {
            let v = graph
                .parse_vertex(&w)
                .map_err(|_| err(line, col, format!("{w:?} is not a vertex of the graph")))?;
            if !seen.insert(v) {
                return Err(err(line, col, format!("{w:?} is given a stone twice")));
            }
            stones.push((v, color));
        }
        // The order `write` uses (Black's, then White's, each by vertex), so
        // reading what was written gives the same value.
        stones.sort_by_key(|&(v, c)| (c == Color::White, v));
        Ok(GraphText {
            graph,
            stones,
            to_move,
        })
    }

    /// Writes the text format: edges, then stones (Black's, then White's,
    /// each by vertex). When the edges alone
    /// would number the vertices differently (or some are isolated), every
    /// vertex is first declared on a line of its own, so reading the text
    /// back gives the same graph with the same numbering.
    pub fn write(&self) -> String {
        let g = &self.graph;
        let mut out = String::new();
        let mut order = Vec::new();
        let mut seen = vec![false; g.len()];
        for (a, b) in g.edges() {
            for v in [a, b] {
                if !seen[v.index()] {
                    seen[v.index()] = true;
                    order.push(v.index());
                }
            }
        }
        if order != (0..g.len()).collect::<Vec<_>>() {
            for v in g.vertices() {
                out.push_str(&format!("{}\n", g.vertex_name(v)));
            }
        }
        for (a, b) in g.edges() {
            out.push_str(&format!("{} {}\n", g.vertex_name(a), g.vertex_name(b)));
        }
        for color in Color::ALL {
            let mut vs: Vec<Vertex> = self
                .stones
                .iter()
                .filter(|s| s.1 == color)
                .map(|s| s.0)
                .collect();
            vs.sort_unstable();
            let list: Vec<String> = vs.into_iter().map(|v| g.vertex_name(v)).collect();
            if !list.is_empty() {
                out.push_str(&format!(
                    "{}: {}\n",
                    color.to_string().to_lowercase(),
                    list.join(" ")
                ));
            }
        }
        if let Some(c) = self.to_move {
            out.push_str(&format!("to-move: {}\n", c.to_string().to_lowercase()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes() {
        let text =
            "# triangle plus a tail\na b\nb c\nc a\nc d\ne\nblack: a\nwhite: d e\nto-move: white\n";
        let t = GraphText::parse(text).unwrap();
        assert_eq!(t.graph.len(), 5);
        assert_eq!(t.graph.edge_count(), 4);
        assert_eq!(t.to_move, Some(Color::White));
        let again = GraphText::parse(&t.write()).unwrap();
        assert_eq!(again, t);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = GraphText::parse("a b\n  c d e\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 7));
        let e = GraphText::parse("a b\nb a\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        let e = GraphText::parse("a b\nblack: a z\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        let e = GraphText::parse("a b\nto-move: green\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        let e = GraphText::parse("# nothing\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = GraphText::parse("a:b c\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
    }
}
