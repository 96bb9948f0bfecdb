//! The game tree of a sub-position (seed 002 §4.3): expanded
//! automatically over the useful points or at points the user names;
//! unsettled unexpanded nodes are `nil`.

use std::collections::HashMap;
use std::fmt::Write as _;

use miai_cgt::Game;
use miai_goban::{Color, Illegal, Vertex, VertexSet};

use miai_search::{Cancel, Limits, Meter, Stop};

use crate::count;
use crate::race::Race;

/// A move in the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    /// Who plays.
    pub color: Color,
    /// Where.
    pub at: Vertex,
    /// The node reached.
    pub child: usize,
}

/// A node of the tree.
#[derive(Debug, Clone)]
pub struct Node {
    /// The position at this node.
    pub race: Race,
    /// The liberty count now, signed.
    pub count: i64,
    /// Whether the count is settled here.
    pub settled: bool,
    /// Whether the essential chain lives here (two eyes in the
    /// sub-position, [`count::is_alive`]): a leaf worth
    /// [`count::life_count`].
    pub alive: bool,
    /// Whether the node has been expanded.
    pub expanded: bool,
    /// Unsettled, but no useful point is left to play: the count is taken
    /// as it stands.
    pub exhausted: bool,
    /// Moves from this node, Black's first.
    pub edges: Vec<Edge>,
}

impl Node {
    /// Whether the node still needs expanding (`nil` in the seed).
    pub fn is_nil(&self) -> bool {
        !self.settled && !self.expanded && !self.exhausted
    }
}

/// The tree of one sub-position; node 0 is the root. Equal positions share
/// a node (so it is a DAG; printing unfolds it).
#[derive(Debug, Clone)]
pub struct GameTree {
    /// Colour of the essential chain.
    pub owner: Color,
    /// The sub-position's region.
    pub region: VertexSet,
    /// The nodes.
    pub nodes: Vec<Node>,
    /// Moves left out because they would retake a ko at once (or repeat a
    /// position): kos are not modelled in the tree.
    pub ko_retakes: usize,
    /// Moves into a settled node (a leaf) that capture one stone with a
    /// stone left alone in atari on the point just emptied: the
    /// opponent's retake, a ko, lies beyond the leaf, where the tree does
    /// not look (issue 25). Counted with [`GameTree::ko_retakes`] as kos.
    pub ko_captures: usize,
    /// The owner's eyes in other sub-positions (regions only its essential
    /// chain borders, no move here changes them): a node below the root
    /// where the chain has two eyes with them lives (a capture here that
    /// makes the second eye). Empty where the chain lives with them at the
    /// root already: the analysis counts that life (`Analysis::lives`).
    pub other_eyes: VertexSet,
    memo: HashMap<u64, usize>,
}

/// How an automatic expansion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expansion {
    /// Every leaf is settled.
    Complete,
    /// `nil` leaves remain: a limit or the caller stopped the expansion
    /// (the reason given), or, in the user-steered mode, the rounds ran out
    /// or the points given settle nothing more (`None`).
    CutOff(Option<Stop>),
}

impl GameTree {
    /// The tree with only its root, `other_eyes` the owner's eyes in other
    /// sub-positions ([`GameTree::other_eyes`]).
    pub fn with_eyes(
        race: &Race,
        region: VertexSet,
        owner: Color,
        other_eyes: VertexSet,
    ) -> GameTree {
        // A chain that already lives with them: that life is the
        // analysis's (`Analysis::lives`), and the tree counts this
        // sub-position alone.
        let other_eyes = if count::is_alive(race, &(region | other_eyes), owner) {
            VertexSet::default()
        } else {
            other_eyes
        };
        GameTree::root(race, region, owner, other_eyes)
    }

    /// The tree with only its root.
    pub fn new(race: &Race, region: VertexSet, owner: Color) -> GameTree {
        GameTree::root(race, region, owner, VertexSet::default())
    }

    /// The tree with only its root, `other_eyes` taken as given.
    fn root(race: &Race, region: VertexSet, owner: Color, other_eyes: VertexSet) -> GameTree {
        let mut t = GameTree {
            owner,
            region,
            nodes: Vec::new(),
            ko_retakes: 0,
            ko_captures: 0,
            other_eyes,
            memo: HashMap::new(),
        };
        t.node_for(race.clone());
        t
    }

    fn node_for(&mut self, race: Race) -> usize {
        let key = race.position().hash();
        if let Some(&id) = self.memo.get(&key) {
            return id;
        }
        // A chain with two eyes here lives: a leaf worth more liberties
        // than any race has.
        let alive = count::is_alive(&race, &self.region, self.owner)
            || (!self.nodes.is_empty()
                && !self.other_eyes.is_empty()
                && count::is_alive(&race, &(self.region | self.other_eyes), self.owner));
        let count = if alive {
            count::life_count(&race, self.owner)
        } else {
            count::signed_count(&race, &self.region, self.owner)
        };
        let settled = alive || count::is_settled(&race, &self.region, self.owner);
        self.nodes.push(Node {
            race,
            count,
            settled,
            alive,
            expanded: false,
            exhausted: false,
            edges: Vec::new(),
        });
        let id = self.nodes.len() - 1;
        self.memo.insert(key, id);
        id
    }

    /// Expands node `id` at `points`: both colours play at each point that
    /// is empty, inside the region and legal. Points that can't be played
    /// are skipped.
    pub fn expand(&mut self, id: usize, points: &[Vertex]) {
        let Some(node) = self.nodes.get(id) else {
            return;
        };
        if node.settled || node.expanded {
            return;
        }
        let race = node.race.clone();
        let mut edges = Vec::new();
        for color in [Color::Black, Color::White] {
            for &v in points {
                if !self.region.contains(v) {
                    continue;
                }
                match tree_play(&race, color, v) {
                    Ok(next) => {
                        let ko = ko_capture(&race, &next, v);
                        let child = self.node_for(next);
                        if ko && self.nodes[child].settled {
                            self.ko_captures += 1;
                        }
                        edges.push(Edge {
                            color,
                            at: v,
                            child,
                        });
                    }
                    Err(ko) => self.ko_retakes += usize::from(ko),
                }
            }
        }
        let node = &mut self.nodes[id];
        node.expanded = !edges.is_empty();
        node.exhausted = edges.is_empty();
        node.edges = edges;
    }

    /// The node reached from the root by `path` (colour and point per move).
    pub fn find(&self, path: &[(Color, Vertex)]) -> Option<usize> {
        let mut id = 0;
        for &(c, v) in path {
            id = self.nodes[id]
                .edges
                .iter()
                .find(|e| e.color == c && e.at == v)?
                .child;
        }
        Some(id)
    }

    /// Expands every `nil` node at the points given (the seed's way, with
    /// the user's points reused at every node), `rounds` times.
    pub fn expand_steered(&mut self, points: &[Vertex], rounds: usize) {
        for _ in 0..rounds {
            let nil: Vec<usize> = (0..self.nodes.len())
                .filter(|&i| self.nodes[i].is_nil())
                .collect();
            if nil.is_empty() {
                break;
            }
            for id in nil {
                self.expand(id, points);
            }
        }
    }

    /// Expands automatically over the useful points of the search region
    /// until every leaf is settled or a limit is reached. The node limit
    /// bounds the tree's size (its distinct positions, root included),
    /// checked before each node is expanded, where the clock and the cancel
    /// flag are looked at too.
    pub fn expand_auto(&mut self, limits: &Limits, cancel: Option<&Cancel>) -> Expansion {
        let mut meter = Meter::new(limits, cancel);
        let mut next = 0;
        while next < self.nodes.len() {
            if let Err(stop) = self.over(limits, &mut meter) {
                return Expansion::CutOff(Some(stop));
            }
            if self.nodes[next].is_nil() {
                let pts = count::candidates(&self.nodes[next].race, &self.region, self.owner);
                self.expand(next, &pts);
            }
            next += 1;
        }
        Expansion::Complete
    }

    /// Whether the tree has reached the node limit, or the clock or the
    /// cancel flag on `meter` says stop.
    pub(crate) fn over(&self, limits: &Limits, meter: &mut Meter) -> Result<(), Stop> {
        if limits
            .max_nodes
            .is_some_and(|m| self.nodes.len() as u64 >= m)
        {
            meter.stop(Stop::Nodes);
        }
        meter.check()
    }

    /// Whether some node is still `nil`.
    pub fn has_nil(&self) -> bool {
        self.nodes.iter().any(Node::is_nil)
    }

    /// The plain CGT value of the tree, without the transformation (`None`
    /// while a `nil` node is reachable).
    pub fn raw_value(&self) -> Option<Game> {
        self.raw_values().get(&0).copied().flatten()
    }

    /// The plain CGT value of every node reached from the root, by node id
    /// (`None` below a `nil`), as [`GameTree::raw_value`] computes them: a
    /// move back into the line being valued (a capture and recapture) is
    /// left out, so a node's value is the one its first visit gave.
    pub fn raw_values(&self) -> HashMap<usize, Option<Game>> {
        let mut memo = HashMap::new();
        let mut on_path = vec![false; self.nodes.len()];
        self.raw(0, &mut memo, &mut on_path);
        memo
    }

    fn raw(
        &self,
        id: usize,
        memo: &mut HashMap<usize, Option<Game>>,
        on_path: &mut [bool],
    ) -> Option<Game> {
        if let Some(g) = memo.get(&id) {
            return *g;
        }
        let n = &self.nodes[id];
        let value = if n.settled || n.exhausted {
            Some(Game::integer(n.count))
        } else if !n.expanded {
            None
        } else {
            on_path[id] = true;
            let (mut l, mut r) = (Vec::new(), Vec::new());
            let mut ok = true;
            for e in &n.edges {
                if on_path[e.child] {
                    continue;
                }
                match self.raw(e.child, memo, on_path) {
                    Some(g) if e.color == Color::Black => l.push(g),
                    Some(g) => r.push(g),
                    None => ok = false,
                }
            }
            on_path[id] = false;
            if ok {
                Game::from_options(&l, &r).ok()
            } else {
                None
            }
        };
        memo.insert(id, value);
        value
    }

    /// The tree as text, one move per line, leaves with their counts and
    /// `nil` where unexpanded; at most `max_lines` lines.
    pub fn render(&self, race_names: &dyn Fn(Vertex) -> String, max_lines: usize) -> String {
        let mut out = String::new();
        let mut lines = 0;
        let root = &self.nodes[0];
        let _ = writeln!(out, "root: {}", self.label(0));
        if root.expanded {
            self.render_edges(0, 1, race_names, &mut out, &mut lines, max_lines);
        }
        out
    }

    fn label(&self, id: usize) -> String {
        let n = &self.nodes[id];
        if n.settled {
            n.count.to_string()
        } else if n.exhausted {
            format!("{} (unsettled, no useful point left)", n.count)
        } else if n.expanded {
            format!("({})", n.count)
        } else {
            "nil".into()
        }
    }

    fn render_edges(
        &self,
        id: usize,
        depth: usize,
        names: &dyn Fn(Vertex) -> String,
        out: &mut String,
        lines: &mut usize,
        max: usize,
    ) {
        if depth > 64 {
            return;
        }
        for e in &self.nodes[id].edges {
            if *lines >= max {
                if *lines == max {
                    let _ = writeln!(out, "{}...", "  ".repeat(depth));
                    *lines += 1;
                }
                return;
            }
            *lines += 1;
            let who = if e.color == Color::Black { "B" } else { "W" };
            let _ = writeln!(
                out,
                "{}{who} {}: {}",
                "  ".repeat(depth),
                names(e.at),
                self.label(e.child)
            );
            if self.nodes[e.child].expanded {
                self.render_edges(e.child, depth + 1, names, out, lines, max);
            }
        }
    }
}

/// Whether the move at `v` that led from `before` to `after` captured
/// exactly one stone and left its own stone alone in atari on the point
/// just emptied (a ko: the opponent may retake).
pub(crate) fn ko_capture(before: &Race, after: &Race, v: Vertex) -> bool {
    let (b, a) = (before.position(), after.position());
    let captured: Vec<Vertex> = b
        .graph()
        .neighbors(v)
        .iter()
        .copied()
        .filter(|&u| b.color_at(u).is_some() && a.color_at(u).is_none())
        .flat_map(|u| b.chain_stones(u).iter().collect::<Vec<_>>())
        .collect();
    let [c] = captured[..] else {
        return false;
    };
    let libs = a.liberties(v);
    a.chain_stones(v).len() == 1 && libs.len() == 1 && libs.contains(c)
}

/// `color`'s play at `v` in `race` as a tree move: the position after it,
/// or `Err(true)` where a ko or superko rule refuses it (a ko retake, left
/// out of the tree and counted), `Err(false)` where another rule does.
pub(crate) fn tree_play(race: &Race, color: Color, v: Vertex) -> Result<Race, bool> {
    race.play(color, v).ok_or_else(|| {
        matches!(
            race.position().check(color, v),
            Err(Illegal::Ko | Illegal::PositionalSuperko | Illegal::SituationalSuperko)
        )
    })
}
