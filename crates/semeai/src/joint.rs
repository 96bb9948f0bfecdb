//! Joined liberty areas (issue 25): a sub-position bounded by essential
//! chains of both colours whose two liberty areas meet, a Black liberty
//! next to a White liberty, valued as **one** game.
//!
//! Counting the two areas apart ([`crate::shared::split_shared`]) misses
//! what happens where they meet: a White stone on Black's liberty next to
//! White's liberty is in atari and Black captures it by filling White's
//! liberty; White's extension onto its own liberty turns Black's liberty
//! next to it into a shared one; a filling stone of either side can be
//! captured by the other's fill. The joint game plays these out: a tree
//! over the whole sub-position where both colours play both chains'
//! candidate points on the real board (captures of filling stones,
//! approach moves and extensions included, shared liberties left to the
//! rule of [`crate::shared::Shared`]), whose leaves are the points where
//! both chains' liberty counts are settled.
//!
//! A leaf is worth Black's own liberties less White's (shared liberties
//! counted for neither), shifted by the shared-liberty margin of the leaf
//! (its shared liberties and those of the rest of the race): one value of
//! the tree for Black's capture, one for White's, as
//! [`crate::shared::Shared`] judges a race with shared liberties.
//!
//! The transformation is the seed's (§5 of docs/semeai.md) with each move
//! classed by what it does instead of by the owner of the sub-position:
//! an **attack** lowers the opponent's count of own liberties (a fill, an
//! extension that makes the opponent's liberty a shared one, the capture
//! of a filling stone by a fill); any other move is a **defence**. At a
//! node whose temperature is below 1 the defences are pruned (save those
//! of a side with no legal fill of the opponent's liberties that would be
//! left with no move: its only moves are these); a node with
//! moves for one side only takes its best option with that side's move
//! charged (`{ | n} -> n+1`, `{n | } -> n-1`); a node with none takes its
//! count as it stands. Where the two areas do not interact this is the sum of the
//! two areas' values, up to a switch of temperature 1 that cooling by 1
//! (the verdict) removes.

use std::collections::HashMap;

use miai_cgt::{Comparison, Dyadic, Game};
use miai_goban::{Color, Vertex, VertexSet};
use miai_search::{Cancel, Limits, Meter, Stop};

use crate::count;
use crate::race::Race;
use crate::transform::best;
use crate::tree::{Edge, tree_play};

/// A node of a joint tree.
#[derive(Debug, Clone)]
pub struct JointNode {
    /// The position.
    pub race: Race,
    /// Black's and White's own liberties in the region (shared ones
    /// left out).
    pub own: [i64; 2],
    /// The shared liberties in the region (next to both chains).
    pub shared: usize,
    /// At a leaf (both counts settled, or a chain captured): Black's own
    /// liberties less White's (a chain that lives counts its life).
    pub leaf: Option<Game>,
    /// Whether the node has been expanded.
    pub expanded: bool,
    /// The moves, Black's first.
    pub edges: Vec<Edge>,
}

/// The joint tree of a sub-position bounded by both colours' essential
/// chains; node 0 is the root, equal positions share a node.
#[derive(Debug, Clone)]
pub struct JointTree {
    /// The sub-position's region.
    pub region: VertexSet,
    /// The nodes.
    pub nodes: Vec<JointNode>,
    /// Moves left out because they would retake a ko at once.
    pub ko_retakes: usize,
    /// The side that may retake a ko at once (unlimited ko threats, as in
    /// the search's ko searches), if any: the tree then values the kos
    /// for that side winning them.
    pub master: Option<Color>,
    memo: HashMap<u64, usize>,
}

fn idx(c: Color) -> usize {
    usize::from(c == Color::White)
}

/// Where the two colours' parts of a split ([`crate::shared::Split`])
/// meet: a point of one next to a point of the other.
pub fn meeting(race: &Race, parts: &[(Color, VertexSet)]) -> Option<Vertex> {
    let pos = race.position();
    let of = |v: Vertex| parts.iter().find(|p| p.1.contains(v)).map(|p| p.0);
    parts.iter().find_map(|(c, part)| {
        part.iter().find(|&v| {
            pos.graph()
                .neighbors(v)
                .iter()
                .any(|&u| of(u) == Some(c.opponent()))
        })
    })
}

impl JointTree {
    /// The tree of `region` with only its root.
    pub fn new(race: &Race, region: VertexSet) -> JointTree {
        JointTree::with_master(race, region, None)
    }

    /// The tree of `region` with only its root, `master` (if any) the side
    /// that may retake a ko at once.
    pub fn with_master(race: &Race, region: VertexSet, master: Option<Color>) -> JointTree {
        let mut t = JointTree {
            region,
            nodes: Vec::new(),
            ko_retakes: 0,
            master,
            memo: HashMap::new(),
        };
        t.node_for(race.clone());
        t
    }

    fn node_for(&mut self, race: Race) -> usize {
        let key = node_key(&race, self.master.is_some());
        if let Some(&id) = self.memo.get(&key) {
            return id;
        }
        let l = [
            count::liberties(&race, &self.region, Color::Black),
            count::liberties(&race, &self.region, Color::White),
        ];
        let shared = l[0] & l[1];
        let own = [0, 1].map(|i| (l[i] - shared).len() as i64);
        let leaf = leaf(&race, &self.region);
        self.nodes.push(JointNode {
            race,
            own,
            shared: shared.len(),
            leaf,
            expanded: false,
            edges: Vec::new(),
        });
        let id = self.nodes.len() - 1;
        self.memo.insert(key, id);
        id
    }

    fn expand(&mut self, id: usize) {
        let node = &self.nodes[id];
        if node.leaf.is_some() || node.expanded {
            return;
        }
        let race = node.race.clone();
        let points = candidates(&race, &self.region);
        let mut edges = Vec::new();
        for color in [Color::Black, Color::White] {
            for &v in &points {
                match tree_play(&race, color, v) {
                    Ok(next) => {
                        let child = self.node_for(next);
                        edges.push(Edge {
                            color,
                            at: v,
                            child,
                        });
                    }
                    Err(true) if self.master == Some(color) => {
                        if let Some(next) = race.play_retake(color, v) {
                            let child = self.node_for(next);
                            edges.push(Edge {
                                color,
                                at: v,
                                child,
                            });
                        }
                    }
                    Err(ko) => self.ko_retakes += usize::from(ko),
                }
            }
        }
        // The fill of the opponent's last liberty, where no candidate
        // (issue 25, sixth session).
        for color in [Color::Black, Color::White] {
            for v in last_liberties(&race, &self.region, color).iter() {
                if points.contains(&v) {
                    continue;
                }
                if let Ok(next) = tree_play(&race, color, v) {
                    let child = self.node_for(next);
                    edges.push(Edge {
                        color,
                        at: v,
                        child,
                    });
                }
            }
        }
        edges.sort_by_key(|e| idx(e.color));
        let node = &mut self.nodes[id];
        node.expanded = true;
        node.edges = edges;
    }

    /// Expands every node until all leaves are reached or a limit is
    /// (the node limit bounds the tree's distinct positions).
    pub fn expand_auto(&mut self, limits: &Limits, cancel: Option<&Cancel>) -> Result<(), Stop> {
        let mut meter = Meter::new(limits, cancel);
        let mut next = 0;
        while next < self.nodes.len() {
            if limits
                .max_nodes
                .is_some_and(|m| self.nodes.len() as u64 >= m)
            {
                meter.stop(Stop::Nodes);
            }
            meter.check()?;
            self.expand(next);
            next += 1;
        }
        Ok(())
    }

    /// Whether some node is neither a leaf nor expanded.
    pub fn has_nil(&self) -> bool {
        self.nodes.iter().any(|n| n.leaf.is_none() && !n.expanded)
    }

    /// The transformed value of the tree with each leaf's value shifted by
    /// `shift(n)` (the margin of its shared liberties); `None` while a node
    /// is unexpanded.
    pub fn value(&self, shift: &dyn Fn(&JointNode) -> i64) -> Option<Game> {
        let mut memo = HashMap::new();
        let mut on_path = vec![false; self.nodes.len()];
        self.visit(0, shift, &mut memo, &mut on_path)
    }

    /// The transformed value of every node reached from the root, as
    /// [`JointTree::value`] computes them (a node's value is the one its
    /// first visit gave), by node id; for checking the model node by node.
    pub fn node_values(&self, shift: &dyn Fn(&JointNode) -> i64) -> HashMap<usize, Game> {
        let mut memo = HashMap::new();
        let mut on_path = vec![false; self.nodes.len()];
        self.visit(0, shift, &mut memo, &mut on_path);
        memo
    }

    fn visit(
        &self,
        id: usize,
        shift: &dyn Fn(&JointNode) -> i64,
        memo: &mut HashMap<usize, Game>,
        on_path: &mut [bool],
    ) -> Option<Game> {
        if let Some(g) = memo.get(&id) {
            return Some(*g);
        }
        let n = &self.nodes[id];
        // A node with no move left (or only defences at a cold node) is
        // taken as it stands.
        let stands = || Game::integer(own_difference(&n.race, &self.region) + shift(n));
        let value = match &n.leaf {
            Some(g) => g.checked_add(Game::integer(shift(n))).ok()?,
            None if !n.expanded => return None,
            None => {
                on_path[id] = true;
                // (value, attack) per side.
                let mut opts: [Vec<(Game, bool)>; 2] = [Vec::new(), Vec::new()];
                for e in &n.edges {
                    if on_path[e.child] {
                        continue;
                    }
                    let Some(g) = self.visit(e.child, shift, memo, on_path) else {
                        on_path[id] = false;
                        return None;
                    };
                    let attack = self.lowers(id, e) || self.approach(id, e);
                    opts[idx(e.color)].push((g, attack));
                }
                on_path[id] = false;
                let bound =
                    [Color::Black, Color::White].map(|c| !implicit_fill(&n.race, &self.region, c));
                node_value(&opts, bound).unwrap_or_else(stands)
            }
        };
        memo.insert(id, value);
        Some(value)
    }
}

/// A node's key: the stones, and with `ban` the simple-ko ban too (two
/// positions that differ in who may not retake where are different nodes).
fn node_key(race: &Race, ban: bool) -> u64 {
    let pos = race.position();
    match pos.ko_ban() {
        Some((v, c)) if ban => {
            pos.hash() ^ miai_search::hash::mix64(2 * v.index() as u64 + idx(c) as u64 + 1)
        }
        _ => pos.hash(),
    }
}

impl JointTree {
    /// Whether the move `e` from node `id` is an **approach move** (issue
    /// 25): the mover has no attack at `id` (every fill of the opponent's
    /// liberties is suicide there), the move fills one of its own
    /// liberties, and after it the mover attacks at a point that was no
    /// legal move before (the capture it prepares makes the fill legal).
    /// Such a move is the price of the attack, not a defence the cold
    /// nodes prune.
    fn approach(&self, id: usize, e: &Edge) -> bool {
        let me = idx(e.color);
        let n = &self.nodes[id];
        if self.nodes[e.child].own[me] >= n.own[me] || !self.attack_points(id, e.color).is_empty() {
            return false;
        }
        let pos = n.race.position();
        self.attack_points(e.child, e.color)
            .iter()
            .any(|v| pos.check(e.color, v).is_err())
    }

    /// The points where `color` attacks at node `id` ([`JointTree::lowers`]).
    fn attack_points(&self, id: usize, color: Color) -> VertexSet {
        self.nodes[id]
            .edges
            .iter()
            .filter(|e| e.color == color && self.lowers(id, e))
            .map(|e| e.at)
            .collect()
    }

    /// Whether the move `e` from node `id` lowers the opponent's own
    /// liberties or captures its chain.
    fn lowers(&self, id: usize, e: &Edge) -> bool {
        let opp = idx(e.color.opponent());
        let c = &self.nodes[e.child];
        c.own[opp] < self.nodes[id].own[opp]
            || c.race.essential_stones(e.color.opponent()).is_empty()
    }
}

/// A leaf's value (Black's own liberties less White's) where both counts
/// are settled or a chain is captured; `None` where the tree plays on.
fn leaf(race: &Race, region: &VertexSet) -> Option<Game> {
    // A captured chain: the other's count stands (as in a tree of one
    // colour, where the capture leaves the count 0).
    for c in [Color::Black, Color::White] {
        if race.essential_stones(c).is_empty() {
            return Some(Game::integer(count::signed_count(
                race,
                region,
                c.opponent(),
            )));
        }
    }
    let l = [
        count::liberties(race, region, Color::Black),
        count::liberties(race, region, Color::White),
    ];
    settled(race, region, &l).then(|| Game::integer(own_difference(race, region)))
}

/// Whether `color` has a move the joint game counts without playing it:
/// a legal fill of one of the opponent's own liberties (shared ones left
/// out) in `region`, the move a one-sided node lets it make elsewhere
/// when its own moves there are pruned.
fn implicit_fill(race: &Race, region: &VertexSet, color: Color) -> bool {
    let pos = race.position();
    let opp = count::liberties(race, region, color.opponent());
    let mine = count::liberties(race, region, color);
    (opp - mine).iter().any(|v| pos.check(color, v).is_ok())
}

/// The transformation at one node of a joint tree from its options (value,
/// attack) for Black and White; `None` without options. `bound[i]` says
/// that side has no move besides its options (no fill of the opponent's
/// liberties is legal, [`implicit_fill`]): at a cold node its defences are
/// then kept where pruning would leave it none (issue 25, seventh
/// session), so that a side whose only moves lose is not given a free
/// pass by the charge of the other side's move.
fn node_value(opts: &[Vec<(Game, bool)>; 2], bound: [bool; 2]) -> Option<Game> {
    let games = |o: &[(Game, bool)]| o.iter().map(|p| p.0).collect::<Vec<_>>();
    let (mut l, mut r) = (opts[0].clone(), opts[1].clone());
    let whole = Game::from_options(&games(&l), &games(&r)).ok();
    let cold = whole
        .and_then(|g| g.temperature().ok())
        .is_some_and(|t| t < Dyadic::integer(1));
    if cold {
        for (side, o) in [&mut l, &mut r].into_iter().enumerate() {
            let attacks: Vec<(Game, bool)> = o.iter().copied().filter(|p| p.1).collect();
            if !attacks.is_empty() || !bound[side] {
                *o = attacks;
            }
        }
    }
    let one = Game::integer(1);
    match (l.is_empty(), r.is_empty()) {
        (true, true) => None,
        (true, false) => {
            let charged: Vec<Game> = r
                .iter()
                .map(|p| p.0.checked_add(one).unwrap_or(p.0))
                .collect();
            best(&charged, Comparison::Less)
        }
        (false, true) => {
            let charged: Vec<Game> = l
                .iter()
                .map(|p| p.0.checked_sub(one).unwrap_or(p.0))
                .collect();
            best(&charged, Comparison::Greater)
        }
        (false, false) => Game::from_options(&games(&l), &games(&r)).ok(),
    }
}

/// The candidate points of a joint node: each chain's candidates
/// ([`count::candidates`]: the useful points of its search region and
/// eyes) and the liberties where the two areas meet (a Black liberty next
/// to a White one), less the shared liberties (the rule of
/// [`crate::shared::Shared`] counts them at the leaves).
pub fn candidates(race: &Race, region: &VertexSet) -> Vec<Vertex> {
    let region = &open_points(race, region);
    let pos = race.position();
    let l = [
        count::liberties(race, region, Color::Black),
        count::liberties(race, region, Color::White),
    ];
    let shared = l[0] & l[1];
    let mut p: VertexSet = count::candidates(race, region, Color::Black)
        .into_iter()
        .chain(count::candidates(race, region, Color::White))
        .collect();
    for i in 0..2 {
        for v in (l[i] - shared).iter() {
            if pos
                .graph()
                .neighbors(v)
                .iter()
                .any(|&u| l[1 - i].contains(u) && !l[i].contains(u))
            {
                p.insert(v);
            }
        }
    }
    // A shared liberty where a stone captures is no plain shared liberty
    // (the capture can make an eye or gain liberties): it is played.
    ((p - shared) | capture_points(race, &shared))
        .iter()
        .collect()
}

/// The points of `region` where `capturer` fills the last liberty of the
/// opponent's essential chains (issue 25, sixth session): the fill
/// captures them all, a leaf. A plain liberty is otherwise counted at the
/// leaves only, and at a node that is no leaf (its counts unsettled
/// elsewhere) the side that could capture saw only its other moves:
/// extensions that lose. Only a capture of every essential chain of the
/// colour counts, and only the capturer plays there, so each added move
/// ends the game and the tree grows by leaves alone; a capture the ko
/// rule forbids is left out (as before, when the point was not played).
pub fn last_liberties(race: &Race, region: &VertexSet, capturer: Color) -> VertexSet {
    let pos = race.position();
    let libs = race
        .essential_stones(capturer.opponent())
        .iter()
        .fold(VertexSet::new(), |acc, v| acc | pos.liberties(v));
    if libs.len() != 1 {
        return VertexSet::new();
    }
    (libs & *region)
        .iter()
        .filter(|&v| pos.check(capturer, v).is_ok())
        .collect()
}

/// The points of `points` where a stone of either colour captures (an
/// opponent chain in atari there): a shared liberty there is not counted
/// by the shared-liberty rule but played (issue 25).
pub fn capture_points(race: &Race, points: &VertexSet) -> VertexSet {
    let pos = race.position();
    points
        .iter()
        .filter(|&v| {
            pos.color_at(v).is_none()
                && pos
                    .graph()
                    .neighbors(v)
                    .iter()
                    .any(|&u| pos.color_at(u).is_some() && pos.liberties(u).len() == 1)
                && [Color::Black, Color::White].iter().any(|&c| {
                    race.play(c, v).is_some_and(|r| {
                        r.position().stones_of(c.opponent()).len()
                            < pos.stones_of(c.opponent()).len()
                    })
                })
        })
        .collect()
}

/// The points of `region` still in play: empty, or held by an unknown
/// chain (a stone that joined an essential or safe chain left it).
fn open_points(race: &Race, region: &VertexSet) -> VertexSet {
    region
        .iter()
        .filter(|&v| {
            race.position().color_at(v).is_none()
                || race.attribute(v) == Some(crate::attribute::Attribute::Unknown)
        })
        .collect()
}

/// Black's own liberties less White's in `region` (a chain that lives
/// counts its life).
fn own_difference(race: &Race, region: &VertexSet) -> i64 {
    let l = [
        count::liberties(race, region, Color::Black),
        count::liberties(race, region, Color::White),
    ];
    let shared = l[0] & l[1];
    let mut own = [0, 0];
    for (i, c) in [Color::Black, Color::White].into_iter().enumerate() {
        own[i] = if count::is_alive(race, region, c) {
            count::life_count(race, c).abs()
        } else {
            (l[i] - shared).len() as i64
        };
    }
    own[0] - own[1]
}

/// Whether both chains' counts are settled in `region`: every liberty
/// touches, besides the chains, only safe stones and useless empty points
/// that are no liberty of a chain it is not a liberty of (a Black liberty
/// next to a White one is where the areas meet: unsettled), and neither
/// chain has an escape point.
fn settled(race: &Race, region: &VertexSet, l: &[VertexSet; 2]) -> bool {
    use crate::attribute::{Attribute, PointAttribute};
    let pos = race.position();
    // An escape point ([`count::escape_points`]) is still in play.
    if [Color::Black, Color::White]
        .iter()
        .any(|&c| !count::escape_points(race, region, c).is_empty())
    {
        return false;
    }
    let of = |v: Vertex| (l[0].contains(v), l[1].contains(v));
    (l[0] | l[1]).iter().all(|v| {
        pos.graph()
            .neighbors(v)
            .iter()
            .all(|&u| match race.attribute(u) {
                None => {
                    !region.contains(u)
                        || (count::point_attribute(race, u) == PointAttribute::Useless
                            && (of(u) == (false, false) || of(u) == of(v)))
                }
                Some(Attribute::Safe | Attribute::Essential) => true,
                Some(Attribute::Unknown) => false,
            })
    })
}
