//! What a page draws of an analysis: the [`Report`] with the board point by
//! point (positions, not text), each sub-position's tree before and after
//! the transformation as nodes with parents, the canonical tree of its
//! value and the tree as SVG. `miai serve` sends a [`View`] as JSON.
//!
//! Also the seed's user-steered dialogue (§4.3): [`Step`]s, each expanding
//! one `nil` node (or every `nil` node) of one sub-position at the points
//! the user names, replayed by [`apply_steps`].

use std::collections::HashMap;

use miai_cgt::Game;
use miai_goban::{Color, Vertex};
use serde::Serialize;

use crate::analysis::{Analysis, SubAnalysis};
use crate::race::Race;
use crate::region::Scope;
use crate::report::{Report, tree_svg};
use crate::transform::Transformed;
use crate::tree::{Edge, Expansion, GameTree};
use crate::verdict::Evaluation;

/// Tree nodes drawn per tree at most (the DAG is unfolded for drawing).
pub const DRAWN_NODES: usize = 300;
/// Nodes of a drawn canonical tree at most.
const CANONICAL_NODES: usize = 120;
/// Depth of a drawn canonical tree at most.
const CANONICAL_DEPTH: usize = 8;

/// The report with what a page draws.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// The report, its sub-positions with their [`SubDrawing`]s.
    #[serde(flatten)]
    pub report: Report,
    /// The board, point by point (`None` off grids).
    pub board: Option<BoardView>,
    /// `seed` or `stops`: which verdict leads.
    pub lead: &'static str,
    /// The leading verdict in words.
    pub words: Option<String>,
    /// `g = cool(G, 2)`, the value the seed's rule judges.
    pub g: Option<String>,
    /// Whether the user named points (steered the expansion).
    pub steered: bool,
    /// The diagram's labels with their coordinates.
    pub labels: Vec<LabelView>,
    /// Why the results may be cut off (time limit, cancel), if they may.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// The board of a [`View`].
#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The rows, top first: `X` Black, `O` White, `.` empty.
    pub stones: Vec<String>,
    /// Every point with what the page shows on it.
    pub points: Vec<PointView>,
}

/// One point of a [`BoardView`].
#[derive(Debug, Clone, Serialize)]
pub struct PointView {
    /// Column, from the left.
    pub x: usize,
    /// Row, from the top.
    pub y: usize,
    /// Its coordinate.
    pub coord: String,
    /// Its label if it has one, else its coordinate.
    pub name: String,
    /// `B` or `W`.
    pub stone: Option<&'static str>,
    /// The chain's attribute (`essential`, `safe`, `unknown`).
    pub attribute: Option<String>,
    /// The diagram's label.
    pub label: Option<String>,
    /// The sub-position it lies in.
    pub sub: Option<usize>,
    /// An empty point's attribute (`useful`, `useless`).
    pub point: Option<String>,
}

/// A label and its coordinate.
#[derive(Debug, Clone, Serialize)]
pub struct LabelView {
    /// The label.
    pub label: String,
    /// Its coordinate.
    pub point: String,
}

/// What a page draws of one sub-position besides its report.
#[derive(Debug, Clone, Serialize)]
pub struct SubDrawing {
    /// Whose essential chain it holds (`None` if not a race sub-position).
    pub owner: Option<String>,
    /// Its boundary, by name.
    pub boundary: Vec<String>,
    /// `complete` or `cut off`, if it was expanded automatically.
    pub expansion: Option<&'static str>,
    /// The tree, if it has one.
    #[serde(flatten)]
    pub tree: Option<TreeDrawing>,
}

/// The tree of a [`SubDrawing`].
#[derive(Debug, Clone, Serialize)]
pub struct TreeDrawing {
    /// The root's liberty count.
    pub count: i64,
    /// Whether the root is settled.
    pub settled: bool,
    /// Its `nil` nodes.
    pub nil: usize,
    /// Its nodes.
    pub tree_nodes: usize,
    /// The tree before the transformation.
    pub tree_before: DrawnTree,
    /// The tree after the transformation.
    pub tree_after: Option<DrawnTree>,
    /// The canonical tree of the value.
    pub canonical: Option<CanonicalTree>,
    /// The tree as SVG.
    pub tree_svg: String,
}

/// A tree unfolded from the root for drawing.
#[derive(Debug, Clone, Serialize)]
pub struct DrawnTree {
    /// Nodes in depth-first order, parents first.
    pub nodes: Vec<DrawnNode>,
    /// Whether [`DRAWN_NODES`] cut it.
    pub truncated: bool,
}

/// One node of a [`DrawnTree`].
#[derive(Debug, Clone, Serialize)]
pub struct DrawnNode {
    /// The node in the game tree.
    pub node: usize,
    /// Its parent among the drawn nodes.
    pub parent: Option<usize>,
    /// The move from the parent.
    #[serde(rename = "move")]
    pub mv: Option<DrawnMove>,
    /// The moves from the root (`"B a"`).
    pub path: Vec<String>,
    /// `settled`, `exhausted`, `inner` or `nil`.
    pub kind: &'static str,
    /// Its liberty count.
    pub count: i64,
    /// What is written on it.
    pub label: Option<String>,
    /// Its value (plain before the transformation, transformed after).
    pub value: Option<String>,
    /// After the transformation: the owner's moves were pruned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pruned: Option<bool>,
    /// After the transformation: the value was replaced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced: Option<bool>,
}

/// A move of a [`DrawnTree`].
#[derive(Debug, Clone, Serialize)]
pub struct DrawnMove {
    /// `B` or `W`.
    pub color: &'static str,
    /// The point, by name.
    pub at: String,
}

/// A value's canonical form as a tree (seed fig. 16).
#[derive(Debug, Clone, Serialize)]
pub struct CanonicalTree {
    /// Nodes, parents first.
    pub nodes: Vec<CanonicalNode>,
}

/// One node of a [`CanonicalTree`].
#[derive(Debug, Clone, Serialize)]
pub struct CanonicalNode {
    /// Its parent.
    pub parent: Option<usize>,
    /// `L` (Left's, Black's option) or `R`.
    pub side: Option<&'static str>,
    /// The value.
    pub value: String,
}

/// `B` or `W`.
fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

impl View {
    /// The view of `a`, the analysis of `race`, `lead`'s verdict first;
    /// `steered` says whether the user named points.
    pub fn new(race: &Race, a: &Analysis, lead: Evaluation, steered: bool) -> View {
        let mut report = Report::new(race, a, lead);
        for (out, s) in report.subpositions.iter_mut().zip(a.listed_subs()) {
            out.drawing = Some(SubDrawing::new(race, s));
        }
        View {
            report,
            board: board(race, a),
            lead: match lead {
                Evaluation::Seed => "seed",
                Evaluation::Stops => "stops",
            },
            words: a.verdict(lead).map(|v| v.words()).or_else(|| {
                let v = a.shared.as_ref()?.verdict(lead)?;
                Some(crate::analysis::outcome_words(v.black_first, v.white_first))
            }),
            g: a.seed.as_ref().map(|v| v.g.to_string()),
            steered,
            labels: race
                .labels()
                .iter()
                .map(|&(c, p)| LabelView {
                    label: c.to_string(),
                    point: race.position().graph().vertex_name(p),
                })
                .collect(),
            stopped: None,
        }
    }
}

impl SubDrawing {
    fn new(race: &Race, s: &SubAnalysis) -> SubDrawing {
        SubDrawing {
            owner: match s.scope {
                Scope::Race(c) => Some(c.to_string()),
                _ => None,
            },
            boundary: s.sub.boundary.iter().map(|v| race.name(v)).collect(),
            expansion: s.expansion.map(|e| match e {
                Expansion::Complete => "complete",
                Expansion::CutOff(_) => "cut off",
            }),
            tree: s.tree.as_ref().map(|tree| TreeDrawing {
                count: tree.nodes[0].count,
                settled: tree.nodes[0].settled,
                nil: tree.nodes.iter().filter(|n| n.is_nil()).count(),
                tree_nodes: tree.nodes.len(),
                tree_before: tree_before(race, tree),
                tree_after: s.transformed.as_ref().map(|tr| tree_after(race, tree, tr)),
                canonical: s.transformed.as_ref().map(|tr| canonical_tree(tr.value)),
                tree_svg: tree_svg(race, s, tree),
            }),
        }
    }
}

/// Every point of the board: stone, chain attribute, label, sub-position
/// and the attribute of an empty point.
fn board(race: &Race, a: &Analysis) -> Option<BoardView> {
    let pos = race.position();
    let graph = pos.graph();
    let (w, h) = graph.dimensions()?;
    let mut attrs = HashMap::new();
    let mut sub_of = HashMap::new();
    for s in &a.subs {
        for v in s.sub.region.iter() {
            sub_of.insert(v, s.sub.index);
        }
        for &(v, p) in &s.points {
            attrs.insert(v, p);
        }
    }
    let mut cells = vec![vec!['.'; w]; h];
    let mut points = Vec::new();
    for v in graph.vertices() {
        let Some((x, y)) = graph.xy(v) else { continue };
        let stone = pos.color_at(v);
        if let Some(c) = stone {
            cells[y][x] = if c == Color::Black { 'X' } else { 'O' };
        }
        points.push(PointView {
            x,
            y,
            coord: graph.vertex_name(v),
            name: race.name(v),
            stone: stone.map(letter),
            attribute: race.attribute(v).map(|a| a.to_string()),
            label: race
                .labels()
                .iter()
                .find(|&&(_, u)| u == v)
                .map(|&(c, _)| c.to_string()),
            sub: sub_of.get(&v).copied(),
            point: attrs.get(&v).map(|p| p.to_string()),
        });
    }
    Some(BoardView {
        width: w,
        height: h,
        stones: cells.into_iter().map(String::from_iter).collect(),
        points,
    })
}

/// Unfolds the tree (a DAG) from the root for drawing, at most
/// [`DRAWN_NODES`] nodes; `describe` gives a node's own fields, `keep`
/// says whether an edge is drawn.
fn unfold(
    race: &Race,
    tree: &GameTree,
    describe: &dyn Fn(usize) -> DrawnNode,
    keep: &dyn Fn(usize, &Edge) -> bool,
) -> DrawnTree {
    /// What the recursive walk reads and writes.
    struct Walk<'a> {
        race: &'a Race,
        tree: &'a GameTree,
        describe: &'a dyn Fn(usize) -> DrawnNode,
        keep: &'a dyn Fn(usize, &Edge) -> bool,
        out: DrawnTree,
        on_path: Vec<bool>,
        path: Vec<String>,
    }
    impl Walk<'_> {
        fn visit(&mut self, id: usize, parent: Option<usize>, mv: Option<DrawnMove>) {
            if self.out.nodes.len() >= DRAWN_NODES {
                self.out.truncated = true;
                return;
            }
            let me = self.out.nodes.len();
            let mut node = (self.describe)(id);
            node.node = id;
            node.parent = parent;
            node.mv = mv;
            node.path = self.path.clone();
            self.out.nodes.push(node);
            let n = &self.tree.nodes[id];
            if !n.expanded || n.settled || self.path.len() >= 64 {
                return;
            }
            self.on_path[id] = true;
            for e in &n.edges {
                if self.on_path[e.child] || !(self.keep)(id, e) {
                    continue;
                }
                let (color, at) = (letter(e.color), self.race.name(e.at));
                self.path.push(format!("{color} {at}"));
                self.visit(e.child, Some(me), Some(DrawnMove { color, at }));
                self.path.pop();
            }
            self.on_path[id] = false;
        }
    }
    let mut w = Walk {
        race,
        tree,
        describe,
        keep,
        out: DrawnTree {
            nodes: Vec::new(),
            truncated: false,
        },
        on_path: vec![false; tree.nodes.len()],
        path: Vec::new(),
    };
    w.visit(0, None, None);
    w.out
}

/// A node's kind: `settled`, `exhausted`, `inner` or `nil`.
fn kind(tree: &GameTree, id: usize) -> &'static str {
    let n = &tree.nodes[id];
    if n.settled {
        "settled"
    } else if n.exhausted {
        "exhausted"
    } else if n.expanded {
        "inner"
    } else {
        "nil"
    }
}

/// A drawn node with its own fields; the walk fills in where it sits.
fn node(kind: &'static str, count: i64, label: Option<String>, value: Option<String>) -> DrawnNode {
    DrawnNode {
        node: 0,
        parent: None,
        mv: None,
        path: Vec::new(),
        kind,
        count,
        label,
        value,
        pruned: None,
        replaced: None,
    }
}

/// The tree before the transformation: leaves with their counts, `nil`
/// where unexpanded, inner nodes with their plain CGT value.
fn tree_before(race: &Race, tree: &GameTree) -> DrawnTree {
    let raw = tree.raw_values();
    let describe = |id: usize| {
        let n = &tree.nodes[id];
        let k = kind(tree, id);
        let label = match k {
            "settled" | "exhausted" => n.count.to_string(),
            "nil" => "nil".to_string(),
            _ => String::new(),
        };
        let value = raw.get(&id).copied().flatten().map(|g| g.to_string());
        node(k, n.count, Some(label), value)
    };
    unfold(race, tree, &describe, &|_, _| true)
}

/// The tree after the transformation: the owner's moves left out where
/// they were pruned, each node with its transformed value.
fn tree_after(race: &Race, tree: &GameTree, tr: &Transformed) -> DrawnTree {
    let describe = |id: usize| {
        let t = tr.nodes.get(&id);
        let value = t.map(|t| t.value.to_string());
        DrawnNode {
            pruned: Some(t.is_some_and(|t| t.pruned)),
            replaced: Some(t.is_some_and(|t| t.replaced)),
            ..node(kind(tree, id), tree.nodes[id].count, value.clone(), value)
        }
    };
    let keep = |id: usize, e: &Edge| {
        !(tr.nodes.get(&id).is_some_and(|t| t.pruned) && e.color == tree.owner)
    };
    unfold(race, tree, &describe, &keep)
}

/// The canonical form of a value as a tree (seed fig. 16): Left's
/// (Black's) options first; numbers are leaves.
pub fn canonical_tree(g: Game) -> CanonicalTree {
    fn walk(
        g: Game,
        parent: Option<usize>,
        side: Option<&'static str>,
        depth: usize,
        nodes: &mut Vec<CanonicalNode>,
    ) {
        if nodes.len() >= CANONICAL_NODES {
            return;
        }
        let me = nodes.len();
        nodes.push(CanonicalNode {
            parent,
            side,
            value: g.to_string(),
        });
        if g.is_number() || depth >= CANONICAL_DEPTH {
            return;
        }
        for l in g.left_options() {
            walk(l, Some(me), Some("L"), depth + 1, nodes);
        }
        for r in g.right_options() {
            walk(r, Some(me), Some("R"), depth + 1, nodes);
        }
    }
    let mut nodes = Vec::new();
    walk(g, None, None, 0, &mut nodes);
    CanonicalTree { nodes }
}

/// One expansion of the seed's dialogue (§4.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The candidate points; the first one names the sub-position.
    pub points: Vec<Vertex>,
    /// The node to expand, as moves from the root; `None`: every `nil`
    /// node of the sub-position (one round).
    pub path: Option<Vec<(Color, Vertex)>>,
}

/// A step of the dialogue that cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// A step without candidate points.
    #[error("steps[{step}]: no candidate point")]
    NoPoint {
        /// The step, from 0.
        step: usize,
    },
    /// A step whose first point lies in no race sub-position.
    #[error("steps[{step}]: {point} lies in no sub-position of the race")]
    Outside {
        /// The step, from 0.
        step: usize,
        /// The point, by name.
        point: String,
    },
    /// A path that leads to no node of the tree.
    #[error("steps[{step}].path: no node {path} in the tree of sub-position {sub}")]
    NoNode {
        /// The step, from 0.
        step: usize,
        /// The path, as `B a, W b`.
        path: String,
        /// The sub-position's index.
        sub: usize,
    },
    /// A tree grown past the limit.
    #[error("steps[{step}]: the tree of sub-position {sub} has more than {limit} nodes")]
    TooBig {
        /// The step, from 0.
        step: usize,
        /// The sub-position's index.
        sub: usize,
        /// The limit.
        limit: u64,
    },
}

/// Replays the user's steps: each names its sub-position by its first
/// point; those sub-positions get the trees the steps build (from the
/// root), the others keep their automatic trees; then `G` and the verdicts
/// are computed again. A tree may hold `tree_nodes` nodes at most.
pub fn apply_steps(
    race: &Race,
    a: &mut Analysis,
    steps: &[Step],
    tree_nodes: u64,
) -> Result<(), StepError> {
    let mut trees: HashMap<usize, GameTree> = HashMap::new();
    for (k, step) in steps.iter().enumerate() {
        let Some(&first) = step.points.first() else {
            return Err(StepError::NoPoint { step: k });
        };
        let Some((i, owner)) = a.subs.iter().enumerate().find_map(|(i, s)| match s.scope {
            Scope::Race(c) if s.sub.region.contains(first) => Some((i, c)),
            _ => None,
        }) else {
            return Err(StepError::Outside {
                step: k,
                point: race.name(first),
            });
        };
        let tree = trees
            .entry(i)
            .or_insert_with(|| GameTree::new(race, a.subs[i].sub.region, owner));
        match &step.path {
            None => tree.expand_steered(&step.points, 1),
            Some(path) => {
                let Some(id) = tree.find(path) else {
                    return Err(StepError::NoNode {
                        step: k,
                        path: path
                            .iter()
                            .map(|(c, v)| format!("{} {}", letter(*c), race.name(*v)))
                            .collect::<Vec<_>>()
                            .join(", "),
                        sub: a.subs[i].sub.index,
                    });
                };
                tree.expand(id, &step.points);
            }
        }
        if tree.nodes.len() as u64 > tree_nodes {
            return Err(StepError::TooBig {
                step: k,
                sub: a.subs[i].sub.index,
                limit: tree_nodes,
            });
        }
    }
    for (i, tree) in trees {
        a.set_tree(i, tree);
    }
    a.judge(race);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, analyse};

    fn fig2() -> Race {
        let text = include_str!("../../../examples/semeai/seed002-fig2.txt");
        Race::parse(text).expect("the seed's fig. 2 parses")
    }

    #[test]
    fn canonical_tree_of_fig16() {
        // Seed fig. 16: {6|{4|0}} has Left option 6 and Right option
        // {4|0}, whose options are 4 and 0.
        let g: Game = "{6|{4|0}}".parse().expect("a game");
        let t = canonical_tree(g);
        let values: Vec<&str> = t.nodes.iter().map(|n| n.value.as_str()).collect();
        assert_eq!(values, ["{6|{4|0}}", "6", "{4|0}", "4", "0"]);
        assert_eq!(t.nodes[3].parent, Some(2));
        assert_eq!(t.nodes[1].side, Some("L"));
        assert_eq!(t.nodes[2].side, Some("R"));
    }

    #[test]
    fn the_board_is_positions() {
        let race = fig2();
        let a = analyse(&race, &Options::default()).expect("the analysis");
        let b = board(&race, &a).expect("a grid");
        assert_eq!((b.width, b.height), (11, 12));
        assert_eq!(b.stones.len(), b.height);
        assert!(b.stones.iter().all(|r| r.chars().count() == b.width));
        assert_eq!(b.points.len(), b.width * b.height);
        // Each row agrees with the position, point by point.
        for p in &b.points {
            let v = race.point(&p.coord).expect("a coordinate");
            let want = match race.position().color_at(v) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            assert_eq!(b.stones[p.y].chars().nth(p.x), Some(want), "{}", p.coord);
        }
        // A12, the top-left point, is a Black stone.
        assert_eq!(b.stones[0].chars().next(), Some('X'));
    }

    #[test]
    fn moves_of_a_path() {
        let race = fig2();
        let a = race.point("a").expect("label a");
        assert_eq!(race.parse_move("W a"), Ok((Color::White, a)));
        assert_eq!(race.parse_move("black G3"), Ok((Color::Black, a)));
        for bad in ["a", "B a b", "X a", ""] {
            assert!(race.parse_move(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn steps_name_their_faults() {
        let race = fig2();
        let mut a = analyse(&race, &Options::default()).expect("the analysis");
        let p = |n: &str| race.point(n).expect("a point");
        let e = apply_steps(
            &race,
            &mut a,
            &[Step {
                points: vec![p("A1")],
                path: None,
            }],
            1000,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "steps[0]: A1 lies in no sub-position of the race"
        );
        let e = apply_steps(
            &race,
            &mut a,
            &[Step {
                points: vec![p("b")],
                path: Some(vec![(Color::Black, p("a"))]),
            }],
            1000,
        )
        .unwrap_err();
        assert!(e.to_string().contains("no node B a"), "{e}");
    }
}
