//! SGF FF\[4\]: reading through the `sgf-parse` crate, writing
//! deterministically.
//!
//! Read: board size (`SZ`, square or `w:h`, 1..=25), komi (`KM`), setup
//! (`AB` `AW` `AE`, `PL`), moves (`B` `W`, `B[]` or `B[tt]` on boards up to
//! 19x19 is a pass), markup (`TR` `SQ` `CR` `MA` `LB`), comments (`C`) and
//! variations. Other properties are ignored. Errors name the line and column
//! of the problem: syntax errors from a small scanner of our own (the crate
//! reports no positions), value errors at the property.
//!
//! Written: the same properties, points in increasing order, so writing is
//! deterministic.

mod scan;

use std::sync::Arc;

use sgf_parse::go::{Move as SgfMove, Point, Prop};
use sgf_parse::{SgfNode, SgfProp};

use crate::color::Color;
use crate::diagram::Mark;
use crate::game::Game;
use crate::graph::{Graph, MAX_GRID_SIDE};
use crate::position::{Move, Position};
use crate::rules::{Komi, Rules};
use crate::setup::Setup;
use crate::vertex::Vertex;

/// One node of a game record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    /// Setup: points set to a colour (`AB`, `AW`) or cleared (`AE`).
    pub setup: Vec<(Vertex, Option<Color>)>,
    /// A move (`B`, `W`).
    pub mv: Option<(Color, Move)>,
    /// Player to move (`PL`).
    pub to_play: Option<Color>,
    /// Markup.
    pub marks: Vec<(Vertex, Mark)>,
    /// Comment (`C`).
    pub comment: Option<String>,
    /// Variations; the first is the main line.
    pub children: Vec<Node>,
    /// Line and column of the node's `;` in the text it was read from.
    pub at: Option<(usize, usize)>,
}

/// A game record: the board, komi and the tree of nodes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The board.
    pub graph: Arc<Graph>,
    /// Komi, if given.
    pub komi: Option<Komi>,
    /// The root node.
    pub root: Node,
}

/// Malformed or impossible SGF, with its place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct SgfError {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn serr(text: &str, offset: usize, message: impl Into<String>) -> SgfError {
    let (line, column) = scan::line_col(text, offset);
    SgfError {
        line,
        column,
        message: message.into(),
    }
}

/// Reads the first game tree of an SGF collection.
///
/// ```
/// use miai_goban::sgf;
/// let rec = sgf::read("(;FF[4]GM[1]SZ[9]AB[cc][dd]AW[ee];B[ff](;W[gg])(;W[hh]))").unwrap();
/// assert_eq!(rec.graph.len(), 81);
/// assert_eq!(rec.root.setup.len(), 3);
/// assert_eq!(rec.root.children[0].children.len(), 2);
/// let e = sgf::read("(;SZ[9]\n;B[zz])").unwrap_err();
/// assert_eq!((e.line, e.column), (2, 2));
/// ```
pub fn read(text: &str) -> Result<Record, SgfError> {
    let scanned = scan::scan(text).map_err(|(off, msg)| serr(text, off, msg))?;
    let trees =
        sgf_parse::go::parse(text).map_err(|e| serr(text, 0, format!("not a Go SGF: {e}")))?;
    let Some(root) = trees.into_iter().next() else {
        return Err(serr(text, 0, "no game tree"));
    };
    // Size first (root only), default 19.
    let root_at = scanned.first().map_or(0, |n| n.offset);
    let prop_at = |node: usize, ident: &str| {
        scanned
            .get(node)
            .and_then(|n| n.props.iter().find(|p| p.ident == ident))
            .map_or_else(|| scanned.get(node).map_or(0, |n| n.offset), |p| p.offset)
    };
    let (w, h) = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) => (usize::from(*w), usize::from(*h)),
        Some(_) => {
            return Err(serr(
                text,
                prop_at(0, "SZ"),
                "SZ must be a size like 19 or 19:13",
            ));
        }
        None => (19, 19),
    };
    if !(1..=MAX_GRID_SIDE).contains(&w) || !(1..=MAX_GRID_SIDE).contains(&h) {
        return Err(serr(
            text,
            prop_at(0, "SZ"),
            format!("board size {w}x{h}: each side must be 1..=25"),
        ));
    }
    let graph = Arc::new(Graph::grid(w, h).map_err(|e| serr(text, root_at, e.to_string()))?);
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) => Some(Komi::from_f64(*k).ok_or_else(|| {
            serr(
                text,
                prop_at(0, "KM"),
                format!("komi {k} is not a multiple of 1/2"),
            )
        })?),
        Some(_) => return Err(serr(text, prop_at(0, "KM"), "KM must be a number")),
        None => None,
    };
    let mut reader = Reader {
        text,
        scanned: &scanned,
        graph: &graph,
        next: 0,
    };
    let root = reader.node(&root)?;
    Ok(Record { graph, komi, root })
}

struct Reader<'a> {
    text: &'a str,
    scanned: &'a [scan::ScannedNode],
    graph: &'a Graph,
    next: usize,
}

impl Reader<'_> {
    fn node(&mut self, src: &SgfNode<Prop>) -> Result<Node, SgfError> {
        // Pre-order: this node's index in document order.
        let index = self.next;
        self.next += 1;
        let scanned = self.scanned.get(index);
        let node_off = scanned.map_or(0, |n| n.offset);
        let mut out = Node {
            at: Some(scan::line_col(self.text, node_off)),
            ..Node::default()
        };
        for (k, prop) in src.properties().enumerate() {
            // Properties keep their written order within a node.
            let off = scanned
                .and_then(|n| n.props.get(k))
                .map_or(node_off, |p| p.offset);
            let point = |p: &Point| -> Result<Vertex, SgfError> {
                self.graph
                    .at(usize::from(p.x), usize::from(p.y))
                    .ok_or_else(|| {
                        serr(
                            self.text,
                            off,
                            format!(
                                "{}: point {} is off the board",
                                prop.identifier(),
                                sgf_point(p)
                            ),
                        )
                    })
            };
            let sorted = |set: &std::collections::HashSet<Point>| {
                let mut v: Vec<Point> = set.iter().copied().collect();
                v.sort_by_key(|p| (p.y, p.x));
                v
            };
            match prop {
                Prop::B(m) | Prop::W(m) => {
                    let color = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let (w, h) = self.graph.dimensions().unwrap_or((0, 0));
                    let mv = match m {
                        SgfMove::Pass => Move::Pass,
                        SgfMove::Move(p) if p.x == 19 && p.y == 19 && w <= 19 && h <= 19 => {
                            Move::Pass
                        }
                        SgfMove::Move(p) => Move::Play(point(p)?),
                    };
                    if out.mv.is_some() {
                        return Err(serr(self.text, off, "two moves in one node"));
                    }
                    out.mv = Some((color, mv));
                }
                Prop::AB(s) | Prop::AW(s) | Prop::AE(s) => {
                    let c = match prop {
                        Prop::AB(_) => Some(Color::Black),
                        Prop::AW(_) => Some(Color::White),
                        _ => None,
                    };
                    for p in sorted(s) {
                        let v = point(&p)?;
                        if out.setup.iter().any(|(u, _)| *u == v) {
                            return Err(serr(
                                self.text,
                                off,
                                format!("point {} is set up twice in one node", sgf_point(&p)),
                            ));
                        }
                        out.setup.push((v, c));
                    }
                }
                Prop::PL(c) => {
                    out.to_play = Some(match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    })
                }
                Prop::TR(s) | Prop::SQ(s) | Prop::CR(s) | Prop::MA(s) => {
                    let mark = match prop {
                        Prop::TR(_) => Mark::Triangle,
                        Prop::SQ(_) => Mark::Square,
                        Prop::CR(_) => Mark::Circle,
                        _ => Mark::Cross,
                    };
                    for p in sorted(s) {
                        out.marks.push((point(&p)?, mark.clone()));
                    }
                }
                Prop::LB(s) => {
                    let mut labels: Vec<&(Point, sgf_parse::SimpleText)> = s.iter().collect();
                    labels.sort_by_key(|(p, _)| (p.y, p.x));
                    for (p, t) in labels {
                        out.marks.push((point(p)?, Mark::Label(t.text.clone())));
                    }
                }
                Prop::C(t) => out.comment = Some(t.text.clone()),
                Prop::Invalid(ident, values) => {
                    return Err(serr(
                        self.text,
                        off,
                        format!("invalid value for {ident}: [{}]", values.join("][")),
                    ));
                }
                _ => {}
            }
        }
        for child in src.children() {
            let c = self.node(child)?;
            out.children.push(c);
        }
        Ok(out)
    }
}

fn sgf_point(p: &Point) -> String {
    let ch = |x: u8| {
        if x < 26 {
            (b'a' + x) as char
        } else {
            (b'A' + x - 26) as char
        }
    };
    format!("{}{}", ch(p.x), ch(p.y))
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace(']', "\\]")
        .replace(':', "\\:")
}

impl Record {
    /// A record whose root sets up `pos` (stones, player to move) with
    /// `marks`; komi from the position's rules.
    pub fn from_position(pos: &Position, marks: &[(Vertex, Mark)]) -> Option<Record> {
        pos.graph().dimensions()?;
        let setup = pos
            .graph()
            .vertices()
            .filter_map(|v| pos.color_at(v).map(|c| (v, Some(c))))
            .collect();
        Some(Record {
            graph: pos.graph().clone(),
            komi: Some(pos.rules().komi),
            root: Node {
                setup,
                to_play: Some(pos.to_move()),
                marks: marks.to_vec(),
                ..Node::default()
            },
        })
    }

    /// The nodes of the main line (first variations), root first.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut out = vec![&self.root];
        let mut n = &self.root;
        while let Some(c) = n.children.first() {
            out.push(c);
            n = c;
        }
        out
    }

    /// Replays the main line under `rules` (komi from the record if it has
    /// one): setup nodes change the board (the result must be legal), moves
    /// must be legal. Also returns the marks of the last node.
    pub fn replay(&self, rules: Rules) -> Result<(Game, Vec<(Vertex, Mark)>), SgfError> {
        let rules = self.komi.map_or(rules, |k| rules.with_komi(k));
        let at = |n: &Node, msg: String| {
            let (line, column) = n.at.unwrap_or((1, 1));
            SgfError {
                line,
                column,
                message: msg,
            }
        };
        let mut game = Game::new(Position::empty(self.graph.clone(), rules));
        let mut marks = Vec::new();
        for node in self.main_line() {
            if !node.setup.is_empty() || node.to_play.is_some() {
                let mut setup: Setup = game.position().to_setup();
                for &(v, c) in &node.setup {
                    setup.stones[v.index()] = c;
                }
                if !node.setup.is_empty() {
                    setup.ko = None;
                }
                if let Some(c) = node.to_play {
                    setup.to_move = c;
                }
                let pos = Position::from_setup(setup, rules)
                    .map_err(|e| at(node, format!("setup: {e}")))?;
                game = Game::new(pos);
            }
            if let Some((color, mv)) = node.mv {
                game.play_as(color, mv)
                    .map_err(|e| at(node, e.to_string()))?;
            }
            marks = node.marks.clone();
        }
        Ok((game, marks))
    }

    /// Writes the record as SGF FF\[4\].
    pub fn write(&self) -> String {
        let (w, h) = self.graph.dimensions().unwrap_or((19, 19));
        let mut root = vec![
            Prop::FF(4),
            Prop::GM(1),
            Prop::CA(sgf_parse::SimpleText {
                text: "UTF-8".to_string(),
            }),
            Prop::Unknown(
                "SZ".into(),
                vec![if w == h {
                    w.to_string()
                } else {
                    format!("{w}:{h}")
                }],
            ),
        ];
        if let Some(k) = self.komi {
            root.push(Prop::Unknown("KM".into(), vec![k.to_string()]));
        }
        let node = self.node_out(&self.root, root, true);
        node.serialize() + "\n"
    }

    fn node_out(&self, n: &Node, mut props: Vec<Prop>, is_root: bool) -> SgfNode<Prop> {
        let name = |v: Vertex| self.graph.sgf_name(v).unwrap_or_default();
        let list = |ident: &str, want: Option<Color>| -> Option<Prop> {
            let mut vs: Vec<Vertex> = n
                .setup
                .iter()
                .filter(|s| s.1 == want)
                .map(|s| s.0)
                .collect();
            vs.sort_unstable();
            (!vs.is_empty())
                .then(|| Prop::Unknown(ident.into(), vs.into_iter().map(name).collect()))
        };
        if let Some((c, mv)) = n.mv {
            let value = match mv {
                Move::Pass => String::new(),
                Move::Play(v) => name(v),
            };
            props.push(Prop::Unknown(c.letter().to_string(), vec![value]));
        }
        props.extend(list("AB", Some(Color::Black)));
        props.extend(list("AW", Some(Color::White)));
        props.extend(list("AE", None));
        if let Some(c) = n.to_play {
            props.push(Prop::Unknown("PL".into(), vec![c.letter().to_string()]));
        }
        for (ident, kind) in [
            ("TR", Mark::Triangle),
            ("SQ", Mark::Square),
            ("CR", Mark::Circle),
            ("MA", Mark::Cross),
        ] {
            let mut vs: Vec<Vertex> = n
                .marks
                .iter()
                .filter(|(_, m)| *m == kind || (kind == Mark::Triangle && *m == Mark::TriangleDown))
                .map(|m| m.0)
                .collect();
            vs.sort_unstable();
            vs.dedup();
            if !vs.is_empty() {
                props.push(Prop::Unknown(
                    ident.into(),
                    vs.into_iter().map(name).collect(),
                ));
            }
        }
        let mut labels: Vec<(Vertex, String)> = n
            .marks
            .iter()
            .filter_map(|(v, m)| match m {
                Mark::Label(t) => Some((*v, format!("{}:{}", name(*v), escape(t)))),
                _ => None,
            })
            .collect();
        labels.sort();
        if !labels.is_empty() {
            props.push(Prop::Unknown(
                "LB".into(),
                labels.into_iter().map(|l| l.1).collect(),
            ));
        }
        if let Some(c) = &n.comment {
            props.push(Prop::C(sgf_parse::Text { text: c.clone() }));
        }
        let children = n
            .children
            .iter()
            .map(|c| self.node_out(c, Vec::new(), false))
            .collect();
        SgfNode::new(props, children, is_root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_setup_markup_variations() {
        let text = "(;FF[4]GM[1]SZ[5]KM[0.5]AB[aa][bb]AW[cc]PL[W]TR[aa]LB[dd:x]C[root]\n;W[dd];B[]\n(;W[ee])(;W[ea]SQ[ea]))";
        let rec = read(text).unwrap();
        assert_eq!(rec.komi, Some(Komi::from_halves(1)));
        assert_eq!(rec.root.to_play, Some(Color::White));
        assert_eq!(rec.root.marks.len(), 2);
        let line = rec.main_line();
        assert_eq!(line.len(), 4);
        assert_eq!(line[2].mv, Some((Color::Black, Move::Pass)));
        assert_eq!(line[2].children.len(), 2);
        let again = read(&rec.write()).unwrap();
        assert_eq!(again.write(), rec.write());
        let (game, marks) = rec.replay(Rules::chinese()).unwrap();
        assert_eq!(
            game.position().color_at(rec.graph.at(4, 4).unwrap()),
            Some(Color::White)
        );
        assert!(marks.is_empty());
    }

    #[test]
    fn value_errors_have_places() {
        let e = read("(;SZ[30])").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = read("(;SZ[9]KM[abc])").unwrap_err();
        assert_eq!((e.line, e.column), (1, 8));
        let e = read("(;SZ[9];B[aa]\n;W[a])").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        // Replay errors point at the node.
        let rec = read("(;SZ[9];B[aa]\n;W[aa])").unwrap();
        let e = rec.replay(Rules::chinese()).unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("occupied"), "{}", e.message);
    }
}
