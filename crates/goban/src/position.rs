//! Checked positions and fast play.
//!
//! Representation (chosen for speed, see the benchmark): per vertex a cell
//! byte, the chain head and the next stone of the chain's ring; per chain
//! (stored at its head) the stone count and *pseudo-liberties*, counted once
//! per (stone, empty neighbour) pair, with their sum and sum of squares. A
//! chain is in atari exactly when all its pseudo-liberties are one vertex,
//! i.e. when `count * sum_sq == sum * sum` (Cauchy-Schwarz), and that vertex
//! is `sum / count`. Merging adds the counters and relabels the smaller
//! chain; captures walk the ring. A list of empty points gives move
//! generation. Nothing allocates per move; copying a position
//! ([`Clone::clone_from`] into a preallocated one) is the undo mechanism
//! (copy-make), or use [`Game`](crate::Game) which keeps the stack.

mod board;
mod chain;
mod illegal;

pub use chain::Chain;
pub use illegal::{Illegal, IllegalMove, PlayError};

use std::fmt;
use std::sync::Arc;

use crate::color::Color;
use crate::graph::Graph;
use crate::rules::{Repetition, Rules, Suicide};
use crate::setup::{Setup, SetupError};
use crate::vertex::Vertex;
use crate::vertex_set::VertexSet;
use crate::zobrist;

use board::{Adjacency, BORDER, Board, ChainInfo, Csr, EMPTY, Padded, cell};

/// A move: a stone on a vertex, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put a stone on the vertex.
    Play(Vertex),
    /// Pass.
    Pass,
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveInfo {
    /// Opponent stones captured.
    pub captured: u32,
    /// Own stones removed by suicide.
    pub suicided: u32,
    /// The point now forbidden to the opponent by the simple-ko rule.
    pub ko: Option<Vertex>,
}

/// A legal position: a colouring of a graph in which every chain has a
/// liberty, with the player to move, the simple-ko point, capture counts,
/// the rules and an incrementally kept Zobrist hash.
///
/// A `Position` checks occupation, suicide and simple ko itself; superko
/// needs the history of the game, which [`Game`](crate::Game) keeps.
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::{Color, Graph, Move, Position, Rules};
/// let g = Arc::new(Graph::grid(9, 9).unwrap());
/// let pos = Position::empty(g.clone(), Rules::chinese());
/// let pos = pos.play(Move::Play(g.parse_vertex("E5").unwrap())).unwrap();
/// assert_eq!(pos.color_at(g.parse_vertex("E5").unwrap()), Some(Color::Black));
/// assert_eq!(pos.to_move(), Color::White);
/// ```
pub struct Position {
    graph: Arc<Graph>,
    rules: Rules,
    b: Board,
    to_move: Color,
    ko: Option<(Vertex, Color)>,
    captures: [u32; 2],
}

impl Position {
    /// The empty board, Black to move.
    pub fn empty(graph: Arc<Graph>, rules: Rules) -> Position {
        let n = graph.len();
        Position {
            graph,
            rules,
            b: Board::empty(n),
            to_move: Color::Black,
            ko: None,
            captures: [0, 0],
        }
    }

    /// Checks a setup: the right number of points, every chain with a
    /// liberty, the ko point empty. The error names a vertex of the first
    /// chain without liberties.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        let n = setup.graph.len();
        if setup.stones.len() != n {
            return Err(SetupError::WrongLength {
                expected: n,
                found: setup.stones.len(),
            });
        }
        let mut pos = Position::empty(setup.graph, rules);
        for (i, s) in setup.stones.iter().enumerate() {
            if let Some(c) = *s {
                pos.put_stone(c, Vertex::from_index(i));
            }
        }
        for i in 0..n {
            if pos.b.cells[i] != EMPTY && pos.b.head[i] as usize == i && pos.b.chains[i].libs == 0 {
                // Name the chain by its first vertex in index order.
                let first = pos.ring(i).min().unwrap_or(i);
                return Err(SetupError::NoLiberties {
                    color: pos.color_at(Vertex::from_index(i)).unwrap_or(Color::Black),
                    vertex: pos.graph.vertex_name(Vertex::from_index(first)),
                });
            }
        }
        if let Some(k) = setup.ko {
            if k.index() >= n || pos.b.cells[k.index()] != EMPTY {
                return Err(SetupError::BadKo(if k.index() < n {
                    pos.graph.vertex_name(k)
                } else {
                    format!("#{}", k.index())
                }));
            }
            pos.ko = Some((k, setup.to_move));
        }
        pos.to_move = setup.to_move;
        pos.captures = setup.captures;
        Ok(pos)
    }

    /// The unchecked data of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            graph: self.graph.clone(),
            stones: self.stones(),
            to_move: self.to_move,
            ko: self.ko_point(),
            captures: self.captures,
        }
    }

    /// The board.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the rules (e.g. komi for scoring); the colouring stays.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the player to move (for analysis where either side may move).
    /// A simple-ko ban stays attached to the colour it binds.
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// The point the player to move may not play by the simple-ko rule.
    pub fn ko_point(&self) -> Option<Vertex> {
        self.ko.filter(|&(_, c)| c == self.to_move).map(|(v, _)| v)
    }

    /// The simple-ko ban: the point and the colour that may not play it.
    pub fn ko_ban(&self) -> Option<(Vertex, Color)> {
        self.ko
    }

    /// Stones captured so far by `color` (including suicides of the other
    /// colour).
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The Zobrist hash of the colouring (XOR of the stones' keys; ko and
    /// player to move are not in it).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.b.hash
    }

    /// The hash of the situation: the colouring and the player to move.
    #[inline]
    pub fn situation_hash(&self) -> u64 {
        match self.to_move {
            Color::Black => self.b.hash,
            Color::White => self.b.hash ^ zobrist::WHITE_TO_MOVE,
        }
    }

    /// A key for transposition tables: the situation hash combined with the
    /// simple-ko ban, so positions that differ only in a ko ban differ.
    #[inline]
    pub fn search_key(&self) -> u64 {
        match self.ko {
            None => self.situation_hash(),
            Some((v, c)) => {
                self.situation_hash()
                    ^ zobrist::stone_key(v, c).rotate_left(31)
                    ^ zobrist::WHITE_TO_MOVE.rotate_left(7)
            }
        }
    }

    /// The hash recomputed from scratch (for checking the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        self.graph
            .vertices()
            .filter_map(|v| self.color_at(v).map(|c| zobrist::stone_key(v, c)))
            .fold(0, |a, k| a ^ k)
    }

    /// The stone on `v`.
    #[inline]
    pub fn color_at(&self, v: Vertex) -> Option<Color> {
        match self.b.cells[v.index()] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The stone on every vertex.
    pub fn stones(&self) -> Vec<Option<Color>> {
        self.graph.vertices().map(|v| self.color_at(v)).collect()
    }

    /// Whether the two positions have the same colouring (graphs assumed
    /// equal).
    pub fn same_board(&self, other: &Position) -> bool {
        self.b.cells == other.b.cells
    }

    /// The colouring as bytes (0 empty, 1 Black, 2 White), for compact
    /// storage.
    pub fn board_bytes(&self) -> &[u8] {
        &self.b.cells[..self.b.len()]
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl ExactSizeIterator<Item = Vertex> + '_ {
        self.b
            .empties()
            .iter()
            .map(|&i| Vertex::from_index(i as usize))
    }

    /// The `i`-th entry of the empty-point list (`i < empty_count()`); the
    /// order is arbitrary but stable between moves that don't touch it.
    #[inline]
    pub fn empty_at_index(&self, i: usize) -> Vertex {
        Vertex::from_index(self.b.empties()[i] as usize)
    }

    /// The number of empty points.
    pub fn empty_count(&self) -> usize {
        self.b.empties().len()
    }

    /// The stones of `color`, as a set.
    pub fn stones_of(&self, color: Color) -> VertexSet {
        let c = cell(color);
        self.graph
            .vertices()
            .filter(|v| self.b.cells[v.index()] == c)
            .collect()
    }

    fn ring(&self, start: usize) -> impl Iterator<Item = usize> + '_ {
        let mut cur = Some(start);
        std::iter::from_fn(move || {
            let v = cur?;
            let n = self.b.next[v] as usize;
            cur = (n != start).then_some(n);
            Some(v)
        })
    }

    /// The chain's head (a representative stone, stable until the chain
    /// merges or is captured) of the stone on `v`.
    #[inline]
    pub fn chain_head(&self, v: Vertex) -> Option<Vertex> {
        // Stones only: the off-board sentinel cell (both colour bits set)
        // is not a chain.
        matches!(self.b.cells[v.index()], 1 | 2)
            .then(|| Vertex::from_index(self.b.head[v.index()] as usize))
    }

    /// The number of stones in the chain through `v`.
    pub fn chain_size(&self, v: Vertex) -> usize {
        match self.chain_head(v) {
            Some(h) => self.b.chains[h.index()].size as usize,
            None => 0,
        }
    }

    /// The stones of the chain through `v` (empty set on an empty point).
    pub fn chain_stones(&self, v: Vertex) -> VertexSet {
        match self.chain_head(v) {
            Some(h) => self.ring(h.index()).map(Vertex::from_index).collect(),
            None => VertexSet::new(),
        }
    }

    /// The stones of the chain through `v`, one by one in the chain's
    /// ring order (none on an empty point): [`Position::chain_stones`]
    /// without building a set.
    pub fn chain_iter(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
        let start = self.chain_head(v).map(Vertex::index);
        let mut cur = start;
        std::iter::from_fn(move || {
            let v = cur?;
            let n = self.b.next[v] as usize;
            cur = (Some(n) != start).then_some(n);
            Some(Vertex::from_index(v))
        })
    }

    /// The liberties of the chain through `v` (empty on an empty point).
    pub fn liberties(&self, v: Vertex) -> VertexSet {
        let mut libs = VertexSet::new();
        if let Some(h) = self.chain_head(v) {
            for s in self.ring(h.index()) {
                for &u in self.graph.neighbors(Vertex::from_index(s)) {
                    if self.b.cells[u.index()] == EMPTY {
                        libs.insert(u);
                    }
                }
            }
        }
        libs
    }

    /// The number of liberties of the chain through `v` (0 on an empty
    /// point).
    pub fn liberty_count(&self, v: Vertex) -> usize {
        self.liberties(v).len()
    }

    /// If the chain through `v` has exactly one liberty, that liberty
    /// (O(1)).
    #[inline]
    pub fn atari_liberty(&self, v: Vertex) -> Option<Vertex> {
        let h = self.chain_head(v)?;
        let info = &self.b.chains[h.index()];
        info.in_atari()
            .then(|| Vertex::from_index((info.lib_sum / u64::from(info.libs)) as usize))
    }

    /// The chain through `v`, with its liberties.
    pub fn chain(&self, v: Vertex) -> Option<Chain> {
        let color = self.color_at(v)?;
        Some(Chain {
            color,
            stones: self.chain_stones(v),
            liberties: self.liberties(v),
        })
    }

    /// All chains, ordered by their first vertex.
    pub fn chains(&self) -> Vec<Chain> {
        let mut out = Vec::new();
        let mut seen = VertexSet::new();
        for v in self.graph.vertices() {
            if self.b.cells[v.index()] != EMPTY
                && !seen.contains(v)
                && let Some(ch) = self.chain(v)
            {
                seen |= ch.stones;
                out.push(ch);
            }
        }
        out
    }

    /// Whether `v` is an empty point all of whose neighbours are stones of
    /// `color` (a single-point eye, the kind random playouts don't fill).
    #[inline]
    pub fn is_eye(&self, color: Color, v: Vertex) -> bool {
        let c = cell(color);
        self.b.cells[v.index()] == EMPTY
            && self
                .graph
                .neighbors(v)
                .iter()
                .all(|u| self.b.cells[u.index()] == c)
    }

    /// Whether a random playout may play `color` on the empty point `v`: a
    /// legal play (simple ko, suicide) that doesn't fill an own eye. An eye
    /// is a point whose neighbours are all `color`'s stones; on grids and
    /// tori it must also not be a false eye (two opposing diagonal stones,
    /// or one at the edge), the usual playout heuristic.
    #[inline]
    pub fn playout_ok(&self, color: Color, v: Vertex) -> bool {
        match self.graph.padded() {
            Some(table) => self.playout_ok_padded(table, color, v),
            None => self.playout_ok_general(color, v),
        }
    }

    /// The first entry of the empty list, scanning cyclically from index
    /// `start` (`start < empty_count()`), on which [`Position::playout_ok`]
    /// holds for `color`; the playout move picker, with the board-shape
    /// dispatch done once per move rather than once per candidate.
    #[inline]
    pub(crate) fn first_playout_ok(&self, color: Color, start: usize) -> Option<Vertex> {
        match self.graph.padded() {
            Some(table) => self.scan_empties(start, |v| self.playout_ok_padded(table, color, v)),
            None => self.scan_empties(start, |v| self.playout_ok_general(color, v)),
        }
    }

    /// The first empty point, cyclically from list index `start`, that
    /// satisfies `ok`.
    #[inline(always)]
    fn scan_empties(&self, start: usize, ok: impl Fn(Vertex) -> bool) -> Option<Vertex> {
        let empties = self.b.empties();
        let n = empties.len();
        let mut i = start;
        loop {
            let v = Vertex::from_index(usize::from(empties[i]));
            if ok(v) {
                return Some(v);
            }
            i += 1;
            if i == n {
                i = 0;
            }
            if i == start {
                return None;
            }
        }
    }

    /// [`Position::playout_ok`] on a grid or torus: four fixed neighbour
    /// and diagonal slots, off-board slots reading [`BORDER`].
    #[inline]
    fn playout_ok_padded(
        &self,
        table: &[[crate::graph::Slots; 2]],
        color: Color,
        v: Vertex,
    ) -> bool {
        let cells = &self.b.cells;
        let own = cell(color);
        let [nb, dg] = &table[v.index()];
        let mut all_own = true;
        for &u in nb {
            let cu = cells[usize::from(u)];
            if cu == EMPTY {
                // Not an eye, and a liberty: legal (the ko point has no
                // empty neighbour).
                return true;
            }
            // Own stone or off-board (BORDER has both colour bits).
            all_own &= cu & own != 0;
        }
        if all_own {
            // A false eye has two enemy diagonals, or one where a diagonal
            // is off the board (or missing on a small torus).
            let opp = cell(color.opponent());
            let mut enemies = 0u32;
            let mut edge = false;
            for &d in dg {
                let cd = cells[usize::from(d)];
                enemies += u32::from(cd == opp);
                edge |= cd == BORDER;
            }
            if enemies + u32::from(edge) < 2 {
                return false;
            }
        }
        self.check_empty(Padded(table), color, v).is_ok()
    }

    /// [`Position::playout_ok`] on any graph, through the adjacency lists.
    fn playout_ok_general(&self, color: Color, v: Vertex) -> bool {
        let own = cell(color);
        let mut all_own = true;
        for &u in self.graph.neighbors(v) {
            let cu = self.b.cells[u.index()];
            if cu == EMPTY {
                return true;
            }
            all_own &= cu == own;
        }
        if all_own {
            let diag = self.graph.diagonals(v);
            if diag.is_empty() && self.graph.dimensions().is_none() {
                return false;
            }
            let opp = cell(color.opponent());
            let enemies = diag
                .iter()
                .filter(|d| self.b.cells[d.index()] == opp)
                .count();
            let false_eye = if diag.len() < 4 {
                enemies >= 1
            } else {
                enemies >= 2
            };
            if !false_eye {
                return false;
            }
        }
        self.check_empty(Csr(&self.graph), color, v).is_ok()
    }

    /// Checks `color` playing on `v` against occupation, suicide and the
    /// simple-ko rule (not superko: see [`Game`](crate::Game)).
    #[inline]
    pub fn check(&self, color: Color, v: Vertex) -> Result<(), Illegal> {
        let vi = v.index();
        if vi >= self.b.len() {
            return Err(Illegal::OffBoard);
        }
        if self.b.cells[vi] != EMPTY {
            return Err(Illegal::Occupied);
        }
        match self.graph.padded() {
            Some(table) => self.check_empty(Padded(table), color, v),
            None => self.check_empty(Csr(&self.graph), color, v),
        }
    }

    /// [`Position::check`] for a point known to be an empty vertex: the
    /// simple-ko ban and suicide.
    #[inline]
    fn check_empty<A: Adjacency>(&self, adj: A, color: Color, v: Vertex) -> Result<(), Illegal> {
        if self.ko == Some((v, color)) && self.rules.repetition != Repetition::None {
            return Err(Illegal::Ko);
        }
        let own = cell(color);
        for u in adj.neighbors(v.index()) {
            let cu = self.b.cells[u];
            if cu == EMPTY {
                return Ok(());
            }
            // A friend with another liberty, or an enemy whose last
            // liberty is v (off-board reads as neither: not own, and its
            // counters say "not in atari").
            if (cu == own) != self.b.chain_in_atari(u) {
                return Ok(());
            }
        }
        match self.rules.suicide {
            Suicide::Allowed => Ok(()),
            Suicide::Forbidden => Err(Illegal::Suicide),
        }
    }

    /// Whether the move would remove its own chain (legal only where suicide
    /// is allowed).
    pub fn is_suicide(&self, color: Color, v: Vertex) -> bool {
        if self.b.cells[v.index()] != EMPTY {
            return false;
        }
        let own = cell(color);
        !self.graph.neighbors(v).iter().any(|&u| {
            let cu = self.b.cells[u.index()];
            cu == EMPTY || (cu == own) != self.b.chains[self.b.head[u.index()] as usize].in_atari()
        })
    }

    /// The legal plays of `color` (occupation, suicide and simple ko; not
    /// superko), appended to `out` in increasing vertex order.
    pub fn legal_plays_into(&self, color: Color, out: &mut Vec<Vertex>) {
        let start = out.len();
        out.extend(
            self.b
                .empties()
                .iter()
                .map(|&i| Vertex::from_index(i as usize))
                .filter(|&v| self.check(color, v).is_ok()),
        );
        out[start..].sort_unstable();
    }

    /// The legal plays of `color` inside `region` (occupation, suicide,
    /// simple ko), in increasing vertex order.
    pub fn legal_plays_in(&self, color: Color, region: &VertexSet) -> Vec<Vertex> {
        region
            .iter()
            .filter(|&v| v.index() < self.b.len() && self.check(color, v).is_ok())
            .collect()
    }

    /// The legal plays of `color`, in increasing vertex order.
    pub fn legal_plays(&self, color: Color) -> Vec<Vertex> {
        let mut out = Vec::with_capacity(self.b.empties().len());
        self.legal_plays_into(color, &mut out);
        out
    }

    /// Plays a move for the player to move, consuming the position; on an
    /// illegal move the unchanged position comes back in the error.
    pub fn play(mut self, mv: Move) -> Result<Position, PlayError> {
        let color = self.to_move;
        match self.play_mut(color, mv) {
            Ok(_) => Ok(self),
            Err(reason) => {
                let vertex = match mv {
                    Move::Play(v) if v.index() < self.graph.len() => self.graph.vertex_name(v),
                    Move::Play(v) => format!("#{}", v.index()),
                    Move::Pass => "pass".to_string(),
                };
                Err(PlayError {
                    position: Box::new(self),
                    error: IllegalMove {
                        color,
                        vertex,
                        reason,
                    },
                })
            }
        }
    }

    /// Plays `color`'s move in place; on an illegal move the position is
    /// untouched. Any colour may move (for analysis); the player to move
    /// becomes `color`'s opponent.
    #[inline]
    pub fn play_mut(&mut self, color: Color, mv: Move) -> Result<MoveInfo, Illegal> {
        match mv {
            Move::Pass => {
                self.pass(color);
                Ok(MoveInfo::default())
            }
            Move::Play(v) => {
                self.check(color, v)?;
                Ok(self.play_unchecked(color, v))
            }
        }
    }

    /// A pass by `color`.
    pub fn pass(&mut self, color: Color) {
        self.ko = None;
        self.to_move = color.opponent();
    }

    /// Plays `color` on `v` without checking legality. The caller must have
    /// checked it ([`Position::check`]); on an illegal move the position is
    /// left inconsistent (but memory-safe).
    #[inline]
    pub fn play_unchecked(&mut self, color: Color, v: Vertex) -> MoveInfo {
        let (captured, suicided, last_captured, info) = match self.graph.padded() {
            Some(table) => self.b.play(Padded(table), color, v.index()),
            None => self.b.play(Csr(&self.graph), color, v.index()),
        };
        self.captures[color.opponent().index()] += suicided;
        self.captures[color.index()] += captured;
        self.ko = (captured == 1 && suicided == 0 && info.size == 1 && info.in_atari())
            .then(|| (Vertex::from_index(last_captured), color.opponent()));
        self.to_move = color.opponent();
        MoveInfo {
            captured,
            suicided,
            ko: self.ko.map(|k| k.0),
        }
    }

    /// Puts a stone on an empty point and joins it to its friends, without
    /// captures (for setups).
    fn put_stone(&mut self, color: Color, v: Vertex) {
        self.b.put_stone(Csr(&self.graph), color, v.index());
    }

    /// Checks the internal bookkeeping against a recomputation (for tests):
    /// heads, rings, pseudo-liberty counters, the empty list and the hash.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.graph.len();
        if self.recompute_hash() != self.b.hash {
            return Err("hash differs from the recomputed one".into());
        }
        let mut empties: Vec<u16> = self.b.empties().to_vec();
        empties.sort_unstable();
        let expect: Vec<u16> = (0..n as u16)
            .filter(|&i| self.b.cells[i as usize] == EMPTY)
            .collect();
        if empties != expect {
            return Err("empty list is wrong".into());
        }
        for (k, &e) in self.b.empties().iter().enumerate() {
            if self.b.empty_at[e as usize] as usize != k {
                return Err("empty index is wrong".into());
            }
        }
        for v in self.graph.vertices() {
            if self.b.cells[v.index()] == EMPTY {
                continue;
            }
            let h = self.b.head[v.index()] as usize;
            let stones = self.chain_stones(v);
            // Flood fill the chain independently.
            let mut fill = VertexSet::new();
            let mut stack = vec![v];
            fill.insert(v);
            while let Some(x) = stack.pop() {
                for &u in self.graph.neighbors(x) {
                    if self.b.cells[u.index()] == self.b.cells[v.index()] && fill.insert(u) {
                        stack.push(u);
                    }
                }
            }
            if fill != stones {
                return Err(format!("ring of {} is not its chain", v.index()));
            }
            if stones.iter().any(|s| self.b.head[s.index()] as usize != h) {
                return Err("heads disagree within a chain".into());
            }
            let mut info = ChainInfo {
                size: stones.len() as u32,
                ..ChainInfo::default()
            };
            for s in stones.iter() {
                for &u in self.graph.neighbors(s) {
                    if self.b.cells[u.index()] == EMPTY {
                        info.add_lib(u.index());
                    }
                }
            }
            if info != self.b.chains[h] {
                return Err(format!("chain counters of {} are wrong", v.index()));
            }
            if info.libs == 0 {
                return Err(format!("chain of {} has no liberty", v.index()));
            }
        }
        Ok(())
    }
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            graph: self.graph.clone(),
            rules: self.rules,
            b: self.b.clone(),
            to_move: self.to_move,
            ko: self.ko,
            captures: self.captures,
        }
    }

    /// Reuses the buffers (copy-make into a preallocated position).
    fn clone_from(&mut self, source: &Position) {
        if !Arc::ptr_eq(&self.graph, &source.graph) {
            self.graph.clone_from(&source.graph);
        }
        self.rules = source.rules;
        self.b.clone_from(&source.b);
        self.to_move = source.to_move;
        self.ko = source.ko;
        self.captures = source.captures;
    }
}

impl PartialEq for Position {
    /// Same graph, colouring, player to move, ko ban and captures.
    fn eq(&self, other: &Position) -> bool {
        self.b.cells == other.b.cells
            && self.to_move == other.to_move
            && self.ko == other.ko
            && self.captures == other.captures
            && self.rules == other.rules
            && (Arc::ptr_eq(&self.graph, &other.graph) || self.graph == other.graph)
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board: String = self
            .board_bytes()
            .iter()
            .map(|&c| match c {
                1 => 'X',
                2 => 'O',
                _ => '.',
            })
            .collect();
        f.debug_struct("Position")
            .field("graph", &self.graph)
            .field("board", &board)
            .field("to_move", &self.to_move)
            .field("ko", &self.ko)
            .field("hash", &format_args!("{:016x}", self.b.hash))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: usize) -> Arc<Graph> {
        Arc::new(Graph::line(n).unwrap())
    }

    fn v(i: usize) -> Vertex {
        Vertex::from_index(i)
    }

    #[test]
    fn capture_on_a_line() {
        // . X O . on 1x4: Black at the end captures the white stone.
        let mut p = Position::empty(line(4), Rules::chinese());
        p.play_mut(Color::Black, Move::Play(v(1))).unwrap();
        p.play_mut(Color::White, Move::Play(v(2))).unwrap();
        let info = p.play_mut(Color::Black, Move::Play(v(3))).unwrap();
        assert_eq!(info.captured, 1);
        assert_eq!(p.color_at(v(2)), None);
        // X at the end of 1x3 has one liberty: O next to it captures it.
        let mut q = Position::empty(line(3), Rules::chinese());
        q.play_mut(Color::Black, Move::Play(v(0))).unwrap();
        assert_eq!(
            q.play_mut(Color::White, Move::Play(v(1))).unwrap().captured,
            1
        );
        // ...and Black can't come back at the other end: suicide.
        assert_eq!(q.check(Color::Black, v(2)), Err(Illegal::Suicide));
        assert_eq!(p.captures(Color::Black), 1);
        p.validate().unwrap();
    }

    #[test]
    fn chain_iter_walks_the_chain_stones() {
        // Black and White on a 5x5 grid, some chains merged by later
        // plays and one captured: each vertex's walk is its chain's set.
        let g = Arc::new(Graph::grid(5, 5).unwrap());
        let mut p = Position::empty(g.clone(), Rules::chinese());
        for (c, i) in [
            (Color::Black, 6),
            (Color::White, 7),
            (Color::Black, 8),
            (Color::White, 12),
            (Color::Black, 11),
            (Color::White, 2),
            (Color::Black, 13),
            (Color::White, 17),
            (Color::Black, 1),
            (Color::White, 3),
            (Color::Black, 16),
            (Color::White, 22),
            (Color::Black, 18),
        ] {
            p.play_mut(c, Move::Play(v(i))).unwrap();
        }
        for u in g.vertices() {
            let walked: Vec<Vertex> = p.chain_iter(u).collect();
            let set: VertexSet = walked.iter().copied().collect();
            assert_eq!(walked.len(), set.len());
            assert_eq!(set, p.chain_stones(u));
            assert_eq!(walked.len(), p.chain_size(u));
        }
        assert!(p.chain_iter(v(0)).next().is_none());
    }

    #[test]
    fn setup_without_liberties_is_rejected() {
        let g = line(2);
        let mut s = Setup::empty(g);
        s.stones = vec![Some(Color::Black), Some(Color::White)];
        let e = Position::from_setup(s, Rules::chinese()).unwrap_err();
        assert_eq!(
            e,
            SetupError::NoLiberties {
                color: Color::Black,
                vertex: "A1".into()
            }
        );
    }

    #[test]
    fn illegal_play_gives_the_position_back() {
        let p = Position::empty(line(3), Rules::chinese());
        let p = p.play(Move::Play(v(1))).unwrap();
        let err = p.clone().play(Move::Play(v(1))).unwrap_err();
        assert_eq!(err.error.reason, Illegal::Occupied);
        assert_eq!(*err.position, p);
        assert_eq!(
            err.to_string(),
            "illegal move White B1: the point is occupied"
        );
    }

    #[test]
    fn search_key_sees_the_ko_ban() {
        // ". X O ." / "X O . O" / ". X O ." : Black C2 takes B2 with a ko.
        let g = Arc::new(Graph::grid(4, 3).unwrap());
        let mut s = Setup::empty(g.clone());
        for (name, c) in [
            ("B3", Color::Black),
            ("C3", Color::White),
            ("A2", Color::Black),
            ("B2", Color::White),
            ("D2", Color::White),
            ("B1", Color::Black),
            ("C1", Color::White),
        ] {
            s.stones[g.parse_vertex(name).unwrap().index()] = Some(c);
        }
        let p = Position::from_setup(s, Rules::japanese()).unwrap();
        let mut taken = p.clone();
        taken
            .play_mut(Color::Black, Move::Play(g.parse_vertex("C2").unwrap()))
            .unwrap();
        let mut same_board = taken.clone();
        same_board.pass(Color::White);
        same_board.pass(Color::Black);
        assert!(same_board.same_board(&taken));
        assert_eq!(same_board.situation_hash(), taken.situation_hash());
        assert_ne!(same_board.search_key(), taken.search_key());
        let region: VertexSet = [v(0), v(3), v(6)].into_iter().collect();
        let all = taken.legal_plays(Color::White);
        let inside = taken.legal_plays_in(Color::White, &region);
        assert_eq!(
            inside,
            all.into_iter()
                .filter(|x| region.contains(*x))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn padded_tables_agree_with_adjacency_lists() {
        // The grid/torus fast path against the general one (the original
        // code) on every empty point, both colours, along random games,
        // including degenerate lattices (lines, a point, 2-wide tori whose
        // wrapped edges and diagonals collapse).
        let graphs = [
            Graph::grid(1, 1),
            Graph::grid(5, 1),
            Graph::grid(2, 2),
            Graph::grid(4, 3),
            Graph::grid(9, 9),
            Graph::torus(2, 2),
            Graph::torus(2, 5),
            Graph::torus(3, 3),
            Graph::torus(5, 4),
        ];
        let mut rng = crate::playout::FastRng::new(11);
        for g in graphs {
            let g = Arc::new(g.unwrap());
            let table = g.padded().expect("lattices have padded tables");
            for game in 0..20 {
                let rules = if game % 2 == 0 {
                    Rules::chinese()
                } else {
                    Rules::tromp_taylor()
                };
                let mut p = Position::empty(g.clone(), rules);
                for _ in 0..3 * g.len() {
                    for c in Color::ALL {
                        for v in p.empty_points() {
                            assert_eq!(
                                p.playout_ok_padded(table, c, v),
                                p.playout_ok_general(c, v),
                                "playout_ok {c:?} {v:?} in {p:?}"
                            );
                            assert_eq!(
                                p.check_empty(Padded(table), c, v),
                                p.check_empty(Csr(&g), c, v),
                                "check {c:?} {v:?} in {p:?}"
                            );
                        }
                    }
                    let color = p.to_move();
                    let legal = p.legal_plays(color);
                    if legal.is_empty() {
                        p.pass(color);
                    } else {
                        p.play_unchecked(color, legal[rng.below(legal.len())]);
                    }
                    p.validate().unwrap();
                }
            }
        }
    }
}
