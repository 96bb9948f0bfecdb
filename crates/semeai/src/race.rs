//! A race: a position with an attribute on every chain, read from a race
//! diagram or from SGF.
//!
//! # Race diagrams
//!
//! A whole board, one row per line, top row first; spaces between points
//! are ignored; lines starting with `;` are comments.
//!
//! | point | meaning |
//! |---|---|
//! | `.` `+` | empty |
//! | `X` / `O` | Black / White stone, safe unless another stone of its chain is marked |
//! | `E` / `e` | Black / White stone of an **essential** chain |
//! | `S` / `s` | Black / White stone of a **safe** chain (explicit) |
//! | `U` / `u` | Black / White stone of an **unknown** chain |
//! | other lower-case letters, digits | an empty point with that label (`a`, `b`, `1`, ...) |
//!
//! A chain takes the mark of any of its stones (one marked stone is
//! enough); unmarked chains are safe, as in the seed's figures, where
//! stones without a letter are safe blocks. Two different marks on one
//! chain are an error.
//!
//! A header line `open: right bottom` (any of `top bottom left right`) says
//! the board goes on past those sides: a region that reaches an open side
//! is not closed and is refused.
//!
//! # SGF
//!
//! The position after the main line; markup on the stones gives the
//! attributes: `TR` essential, `SQ` safe, `CR` or `MA` unknown, unmarked
//! safe. `LB` labels of one character on empty points are labels.
//!
//! # Writing
//!
//! [`Race::to_diagram`] and [`Race::to_sgf`] write a race back with the
//! marks as they were given ([`Race::mark`]): a chain marked on one stone
//! is written marked on that stone, an explicit `S` stays `S`, so reading
//! what was written gives the same race.

use std::sync::Arc;

use miai_goban::{Color, Graph, Mark, Move, Position, Rules, Setup, Vertex, VertexSet, sgf};

use crate::attribute::Attribute;
use crate::error::{InputError, RaceError, WriteError};

/// A position with an attribute per chain.
#[derive(Debug, Clone)]
pub struct Race {
    position: Position,
    attrs: Vec<Option<Attribute>>,
    /// The attributes as given, stone by stone (the writers' source).
    marks: Vec<Option<Attribute>>,
    labels: Vec<(char, Vertex)>,
    open: Vec<(&'static str, VertexSet)>,
    /// Per colour (Black, White): whether a move joined its essential
    /// chain to a safe chain ([`Race::escaped`]).
    escaped: [bool; 2],
}

/// The sides a race diagram may leave open, in the order they are written.
pub const SIDES: [&str; 4] = ["top", "bottom", "left", "right"];

/// The rules the race is played under: suicide forbidden, simple ko.
pub fn race_rules() -> Rules {
    Rules::japanese()
}

impl Race {
    /// A race from a position and an attribute for each stone (`None` on
    /// empty points); stones of one chain must agree. Missing attributes
    /// on stones count as safe. The attributes are kept as given for the
    /// writers ([`Race::mark`]).
    pub fn new(position: Position, attrs: Vec<Option<Attribute>>) -> Result<Race, InputError> {
        let marks = position
            .graph()
            .vertices()
            .map(|v| {
                position
                    .color_at(v)
                    .and(attrs.get(v.index()).copied().flatten())
            })
            .collect();
        let mut race = Race {
            attrs: vec![None; position.graph().len()],
            marks,
            position,
            labels: Vec::new(),
            open: Vec::new(),
            escaped: [false; 2],
        };
        for chain in race.position.chains() {
            let mut found: Option<Attribute> = None;
            for v in chain.stones.iter() {
                if let Some(a) = attrs.get(v.index()).copied().flatten() {
                    match found {
                        Some(f) if f != a => {
                            return Err(InputError::ConflictingMarks {
                                color: chain.color.to_string(),
                                vertex: race.position.graph().vertex_name(chain.anchor()),
                                first: f.to_string(),
                                second: a.to_string(),
                            });
                        }
                        _ => found = Some(a),
                    }
                }
            }
            let a = found.unwrap_or(Attribute::Safe);
            for v in chain.stones.iter() {
                race.attrs[v.index()] = Some(a);
            }
        }
        Ok(race)
    }

    /// Reads a race diagram (see the module docs).
    ///
    /// ```
    /// use miai_semeai::Race;
    /// let r = Race::parse_diagram(". E e .\n. E e .\n").unwrap();
    /// assert_eq!(r.position().graph().len(), 8);
    /// ```
    pub fn parse_diagram(text: &str) -> Result<Race, InputError> {
        let mut rows: Vec<Vec<(char, usize)>> = Vec::new();
        let mut row_lines = Vec::new();
        let mut open_names: Vec<&'static str> = Vec::new();
        for (ln, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with(';') {
                continue;
            }
            if let Some(rest) = t.strip_prefix("open:") {
                for w in rest.split_whitespace() {
                    let side = match SIDES.iter().find(|&&s| s == w) {
                        Some(&s) => s,
                        None => {
                            return Err(InputError::Header {
                                line: ln + 1,
                                message: format!("`{w}` is not a side (top, bottom, left, right)"),
                            });
                        }
                    };
                    open_names.push(side);
                }
                continue;
            }
            let mut row = Vec::new();
            for (col, ch) in line.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                let ok = matches!(
                    ch,
                    '.' | '+' | 'X' | 'O' | 'E' | 'e' | 'S' | 's' | 'U' | 'u'
                ) || ch.is_ascii_lowercase()
                    || ch.is_ascii_digit();
                if !ok {
                    return Err(InputError::BadChar {
                        line: ln + 1,
                        column: col + 1,
                        found: ch,
                    });
                }
                row.push((ch, col + 1));
            }
            if let Some(first) = rows.first()
                && first.len() != row.len()
            {
                return Err(InputError::Ragged {
                    line: ln + 1,
                    expected: first.len(),
                    found: row.len(),
                });
            }
            rows.push(row);
            row_lines.push(ln + 1);
        }
        let (h, w) = (rows.len(), rows.first().map_or(0, Vec::len));
        if h == 0 || w == 0 {
            return Err(InputError::Empty);
        }
        let graph = Graph::grid(w, h).map_err(|e| InputError::Header {
            line: 1,
            message: format!("board {w}x{h}: {e}"),
        })?;
        let graph = Arc::new(graph);
        let mut setup = Setup::empty(graph.clone());
        let mut attrs = vec![None; graph.len()];
        let mut labels: Vec<(char, Vertex)> = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, &(ch, _)) in row.iter().enumerate() {
                let Some(v) = graph.at(x, y) else { continue };
                let (stone, attr) = match ch {
                    '.' | '+' => (None, None),
                    'X' => (Some(Color::Black), None),
                    'O' => (Some(Color::White), None),
                    'E' => (Some(Color::Black), Some(Attribute::Essential)),
                    'e' => (Some(Color::White), Some(Attribute::Essential)),
                    'S' => (Some(Color::Black), Some(Attribute::Safe)),
                    's' => (Some(Color::White), Some(Attribute::Safe)),
                    'U' => (Some(Color::Black), Some(Attribute::Unknown)),
                    'u' => (Some(Color::White), Some(Attribute::Unknown)),
                    label => {
                        if labels.iter().any(|&(c, _)| c == label) {
                            return Err(InputError::DuplicateLabel(label));
                        }
                        labels.push((label, v));
                        (None, None)
                    }
                };
                setup.stones[v.index()] = stone;
                attrs[v.index()] = attr;
            }
        }
        let position = Position::from_setup(setup, race_rules())?;
        Race::new(position, attrs)?
            .with_labels(&labels)?
            .with_open_sides(&open_names)
    }

    /// Reads a race from SGF (see the module docs).
    pub fn parse_sgf(text: &str) -> Result<Race, InputError> {
        let record = sgf::read(text)?;
        let (game, marks) = record.replay(race_rules())?;
        let position = game.position().clone();
        if position.graph().dimensions().is_none() {
            return Err(InputError::SgfUnsupported("the board is not a grid".into()));
        }
        // Markup of the root counts too (marks are often put on the setup node).
        let mut all_marks = record.root.marks.clone();
        all_marks.extend(marks);
        let mut attrs = vec![None; position.graph().len()];
        let mut labels = Vec::new();
        for (v, mark) in all_marks {
            if position.color_at(v).is_some() {
                attrs[v.index()] = match mark {
                    Mark::Triangle | Mark::TriangleDown => Some(Attribute::Essential),
                    Mark::Square => Some(Attribute::Safe),
                    Mark::Circle | Mark::Cross => Some(Attribute::Unknown),
                    Mark::Label(_) => attrs[v.index()],
                };
            } else if let Mark::Label(t) = mark {
                let mut cs = t.chars();
                if let (Some(c), None) = (cs.next(), cs.next())
                    && !labels.iter().any(|&(l, _)| l == c)
                {
                    labels.push((c, v));
                }
            }
        }
        Race::new(position, attrs)?.with_labels(&labels)
    }

    /// Reads either format: SGF if the text starts with `(`.
    pub fn parse(text: &str) -> Result<Race, InputError> {
        if text.trim_start().starts_with('(') {
            Race::parse_sgf(text)
        } else {
            Race::parse_diagram(text)
        }
    }

    /// The same race with labels on empty points (replacing any it had).
    pub fn with_labels(mut self, labels: &[(char, Vertex)]) -> Result<Race, InputError> {
        let mut kept: Vec<(char, Vertex)> = Vec::with_capacity(labels.len());
        for &(c, v) in labels {
            if kept.iter().any(|&(l, _)| l == c) {
                return Err(InputError::DuplicateLabel(c));
            }
            if v.index() >= self.position.graph().len() || self.position.color_at(v).is_some() {
                return Err(InputError::LabelOnStone {
                    label: c,
                    vertex: self.position.graph().vertex_name(v),
                });
            }
            kept.push((c, v));
        }
        self.labels = kept;
        Ok(self)
    }

    /// The same race with the board going on past `sides` (names of
    /// [`SIDES`]; replacing any it had). Off grids no side can be open.
    pub fn with_open_sides(mut self, sides: &[&str]) -> Result<Race, InputError> {
        let graph = self.position.graph().clone();
        let dims = graph.dimensions();
        for side in sides {
            if !SIDES.contains(side) {
                return Err(InputError::BadSide(side.to_string()));
            }
        }
        self.open.clear();
        for side in SIDES {
            if !sides.contains(&side) {
                continue;
            }
            let Some((w, h)) = dims else {
                return Err(InputError::BadSide(side.to_string()));
            };
            let set: VertexSet = graph
                .vertices()
                .filter(|&v| {
                    graph.xy(v).is_some_and(|(x, y)| match side {
                        "top" => y == 0,
                        "bottom" => y + 1 == h,
                        "left" => x == 0,
                        _ => x + 1 == w,
                    })
                })
                .collect();
            self.open.push((side, set));
        }
        Ok(self)
    }

    /// The race as a race diagram (see the module docs): the `open:`
    /// header, then the rows, points separated by spaces; each stone with
    /// its mark as given, each label on its point.
    ///
    /// ```
    /// use miai_semeai::Race;
    /// let text = "open: right\nE . S a\nE X e e\n";
    /// assert_eq!(Race::parse_diagram(text).unwrap().to_diagram().unwrap(), text);
    /// ```
    pub fn to_diagram(&self) -> Result<String, WriteError> {
        let graph = self.position.graph();
        let (w, h) = graph.dimensions().ok_or(WriteError::NotGrid)?;
        let mut out = String::new();
        if !self.open.is_empty() {
            let names: Vec<&str> = self.open.iter().map(|(s, _)| *s).collect();
            out.push_str(&format!("open: {}\n", names.join(" ")));
        }
        for y in 0..h {
            let mut row = Vec::with_capacity(w);
            for x in 0..w {
                let v = graph.at(x, y).ok_or(WriteError::NotGrid)?;
                let ch = match self.position.color_at(v) {
                    Some(color) => {
                        let ch = match self.mark(v) {
                            None => 'X',
                            Some(Attribute::Essential) => 'E',
                            Some(Attribute::Safe) => 'S',
                            Some(Attribute::Unknown) => 'U',
                        };
                        match (color, ch) {
                            (Color::Black, ch) => ch,
                            (_, 'X') => 'O',
                            (_, ch) => ch.to_ascii_lowercase(),
                        }
                    }
                    None => match self.labels.iter().find(|&&(_, u)| u == v) {
                        Some(&(c, _)) if is_diagram_label(c) => c,
                        Some(&(c, _)) => {
                            return Err(WriteError::Label {
                                label: c,
                                vertex: graph.vertex_name(v),
                            });
                        }
                        None => '.',
                    },
                };
                row.push(ch.to_string());
            }
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        Ok(out)
    }

    /// The race as SGF: the position as setup, the marks as given (`TR`
    /// essential, `SQ` safe, `CR` unknown), `LB` for the labels. `None`
    /// off grids.
    pub fn to_sgf(&self) -> Option<String> {
        let mut marks = Vec::new();
        for v in self.position.graph().vertices() {
            let mark = match self.mark(v) {
                Some(Attribute::Essential) => Some(Mark::Triangle),
                Some(Attribute::Safe) => Some(Mark::Square),
                Some(Attribute::Unknown) => Some(Mark::Circle),
                None => self
                    .labels
                    .iter()
                    .find(|&&(_, u)| u == v)
                    .map(|&(c, _)| Mark::Label(c.to_string())),
            };
            marks.extend(mark.map(|m| (v, m)));
        }
        Some(sgf::Record::from_position(&self.position, &marks)?.write())
    }

    /// The attribute given to the stone on `v` itself (`None` on an empty
    /// point or an unmarked stone): what the writers write.
    pub fn mark(&self, v: Vertex) -> Option<Attribute> {
        self.marks.get(v.index()).copied().flatten()
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The attribute of the chain on `v` (`None` on an empty point).
    pub fn attribute(&self, v: Vertex) -> Option<Attribute> {
        self.position.color_at(v)?;
        self.attrs.get(v.index()).copied().flatten()
    }

    /// The labels of the diagram.
    pub fn labels(&self) -> &[(char, Vertex)] {
        &self.labels
    }

    /// The open sides with their border vertices.
    pub fn open_sides(&self) -> &[(&'static str, VertexSet)] {
        &self.open
    }

    /// A vertex by label or coordinate.
    pub fn point(&self, name: &str) -> Result<Vertex, RaceError> {
        let mut cs = name.chars();
        if let (Some(c), None) = (cs.next(), cs.next())
            && let Some(&(_, v)) = self.labels.iter().find(|&&(l, _)| l == c)
        {
            return Ok(v);
        }
        self.position
            .graph()
            .parse_vertex(name)
            .map_err(|_| RaceError::BadPoint(name.to_string()))
    }

    /// A move as `"B a"` or `"W D5"` (`b`, `black`, `White`, ... also do):
    /// a colour and a point by label or coordinate.
    pub fn parse_move(&self, text: &str) -> Result<(Color, Vertex), RaceError> {
        let bad = || RaceError::BadMove(text.to_string());
        let mut words = text.split_whitespace();
        let color = match words.next() {
            Some("B" | "b" | "Black" | "black") => Color::Black,
            Some("W" | "w" | "White" | "white") => Color::White,
            _ => return Err(bad()),
        };
        let (Some(p), None) = (words.next(), words.next()) else {
            return Err(bad());
        };
        Ok((color, self.point(p)?))
    }

    /// The name of a vertex: its label if it has one, else its coordinate.
    pub fn name(&self, v: Vertex) -> String {
        match self.labels.iter().find(|&&(_, u)| u == v) {
            Some(&(l, _)) => l.to_string(),
            None => self.position.graph().vertex_name(v),
        }
    }

    /// Whether a move has joined `color`'s essential chain to one of its
    /// safe chains: the chain has escaped and can no longer be captured
    /// (where two liberty areas meet, a chain can reach the safe stones
    /// its own colour, attacking there, has in the other chain's area).
    pub fn escaped(&self, color: Color) -> bool {
        self.escaped[usize::from(color == Color::White)] && !self.essential_stones(color).is_empty()
    }

    /// The stones of essential chains of `color`.
    pub fn essential_stones(&self, color: Color) -> VertexSet {
        self.position
            .stones_of(color)
            .iter()
            .filter(|&v| self.attribute(v) == Some(Attribute::Essential))
            .collect()
    }

    /// Plays `color` at `v` and gives the new chain its attribute: essential
    /// if it joins an essential chain, else safe if it joins a safe chain,
    /// else unknown. Returns `None` if the move is illegal.
    pub fn play(&self, color: Color, v: Vertex) -> Option<Race> {
        self.position.check(color, v).ok()?;
        self.play_checked(color, v)
    }

    /// [`Race::play`] for a side that may retake a ko at once (the ko
    /// master of a tree that values kos, issue 25): the simple-ko ban does
    /// not bind it; the ban its own move leaves binds the opponent.
    pub fn play_retake(&self, color: Color, v: Vertex) -> Option<Race> {
        let mut free = self.clone();
        let rules = free.position.rules();
        free.position.set_rules(miai_goban::Rules {
            repetition: miai_goban::Repetition::None,
            ..rules
        });
        free.position.check(color, v).ok()?;
        let mut next = free.play_checked(color, v)?;
        next.position.set_rules(rules);
        Some(next)
    }

    /// The race after `color` passes (a simple-ko ban is lifted).
    pub fn passed(&self, color: Color) -> Race {
        let mut next = self.clone();
        next.position.pass(color);
        next
    }

    /// [`Race::play`] after the legality check.
    fn play_checked(&self, color: Color, v: Vertex) -> Option<Race> {
        let mut next = self.clone();
        let mut joined: Option<Attribute> = None;
        let mut kinds = [false; 2];
        for &u in self.position.graph().neighbors(v) {
            if self.position.color_at(u) == Some(color) {
                let a = self.attribute(u).unwrap_or(Attribute::Safe);
                joined = Some(joined.map_or(a, |j| j.min(a)));
                kinds[0] |= a == Attribute::Essential;
                kinds[1] |= a == Attribute::Safe;
            }
        }
        if kinds == [true, true] {
            next.escaped[usize::from(color == Color::White)] = true;
        }
        next.position.play_mut(color, Move::Play(v)).ok()?;
        // Both colours move at every tree node; the simple-ko ban left by
        // this move still keeps the opponent from retaking at once.
        next.position.set_to_move(color.opponent());
        let a = joined.unwrap_or(Attribute::Unknown);
        for s in next.position.chain_stones(v).iter() {
            next.attrs[s.index()] = Some(a);
        }
        for u in next.position.graph().vertices() {
            if next.position.color_at(u).is_none() {
                next.attrs[u.index()] = None;
                next.marks[u.index()] = None;
            }
        }
        Some(next)
    }
}

/// A label a race diagram can hold: a lower-case letter other than the
/// stone letters `e`, `s`, `u`, or a digit.
fn is_diagram_label(c: char) -> bool {
    (c.is_ascii_lowercase() && !matches!(c, 'e' | 's' | 'u')) || c.is_ascii_digit()
}
