//! Static safety beyond Benson: enclosed regions where the opponent
//! cannot live (one inner point, below; bigger ones by a local search, see
//! [`searched_regions`]), and blocks that are not pass-alive but safe
//! under alternating play with the regions that make them so
//! ([`alternating`]).
//!
//! Let `A` be one colour's pass-alive chains (Benson, [`crate::benson`]),
//! and `R` a region (a maximal connected set of points without that
//! colour's stones) whose whole border is in `A`. Call the points of `R`
//! next to `A` its *edge* and the rest its *inside*. Benson's territory is
//! the case where every empty point of `R` is on the edge. This module
//! adds the case where the inside is one empty point `q` with at least two
//! neighbours (all in `R`): on a grid the bent three in the corner, the
//! pyramid four around an edge point, the crossed five, and larger regions
//! whose points but one touch `A`. Such a region is the owner's (say Black's) at
//! the end of the game, with the strategy:
//!
//! - pass, unless White has stones in `R` (or the last point played
//!   inside was not yet joined, below);
//! - otherwise fill an empty edge point (it joins a chain of `A`, so it is
//!   legal and can never be captured: `R` is not vital to any chain, as
//!   `q` is empty and touches none, so `A` stays pass-alive through its
//!   other regions); when no edge point is empty, every White chain in
//!   `R` has `q` as its last liberty, and playing `q` captures them all;
//! - `q` played that way touches only the captured points, at least two,
//!   so White can fill one at most before Black joins `q` to `A` through
//!   another (an edge point).
//!
//! Every Black move of the strategy adds a Black stone inside the
//! regions and none is ever captured, so the colourings Black's moves make
//! never repeat one made after the node: superko cannot refuse them on
//! account of the game below the node. It can on account of the history
//! above it: every colouring Black's moves make holds `A` and a Black
//! stone in `R`, so the region is claimed only where no earlier colouring
//! does ([`clean`]). In the solver this is the `region` of the bound's
//! basis ([`crate::solver::tt::Basis`]), tested against the history like
//! the rest of the basis wherever the bound is reused. White's moves are
//! never assumed refused, so the proof needs nothing else of the history.
//!
//! White may play anywhere, so White can never keep a stone in `R` when
//! the game ends (two passes: Black passes only when `R` holds no White
//! stone), and `R`'s empty points then reach only Black.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use miai_goban::Color;

use crate::benson::{self, Settled};
use crate::board::{Bits, Board};
use crate::solver::KeyHasher;
use crate::stones::Stones;

/// One colour's safe area: Benson's, the one-inner-point regions and the
/// searched ones ([`searched_regions`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Safe {
    /// Benson's pass-alive stones and territory.
    pub settled: Settled,
    /// Regions bordered by the pass-alive stones only, not Benson's
    /// territory, with one inner point (see the module docs), then those
    /// of [`searched_regions`].
    pub regions: Vec<Bits>,
}

impl Safe {
    /// All the regions' points.
    pub fn extra(&self) -> Bits {
        self.regions.iter().fold(0, |a, r| a | r)
    }
}

/// Benson's result for `color`, the regions of the module docs and those
/// of [`searched_regions`] (with a fresh cache).
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::{Color, Graph};
/// use miai_graphgo::{Board, Stones, safety};
/// let b = Board::new(Arc::new(Graph::grid(4, 3).unwrap())).unwrap();
/// // X X . X     (the top row first) one Black chain, alive by the eyes
/// // . X X X     on the right; the corner bent three: its corner point
/// // . . X .     touches no Black stone, so it is not Benson's territory.
/// let s = Stones { black: 0b1011_1110_0100, white: 0 };
/// let safe = safety::safe(&b, &s, Color::Black);
/// assert_eq!(safe.settled.area().count_ones(), 9);
/// assert_eq!(safe.extra(), 0b0000_0001_0011);
/// ```
pub fn safe(board: &Board, stones: &Stones, color: Color) -> Safe {
    let settled = benson::settle(board, stones, color);
    let mut regions = one_point_regions(board, stones, color, &settled);
    let mut cache = RegionCache::default();
    regions.extend(searched_regions(board, stones, color, &settled, &mut cache));
    Safe { settled, regions }
}

/// The regions of the module docs, given Benson's result for `color`.
pub fn one_point_regions(
    board: &Board,
    stones: &Stones,
    color: Color,
    settled: &Settled,
) -> Vec<Bits> {
    let empty = stones.empty(board);
    walled_regions(board, stones, color, settled)
        .filter(|&(_, inside)| {
            inside.count_ones() == 1
                && inside & empty != 0
                && board
                    .neighbors(inside.trailing_zeros() as usize)
                    .count_ones()
                    >= 2
        })
        .map(|(r, _)| r)
        .collect()
}

/// The regions (maximal connected sets of points without `color`'s
/// stones, outside Benson's territory) bordered by `color`'s pass-alive
/// stones only, each with its inner points (those touching none of the
/// pass-alive stones); none when there are no pass-alive stones.
fn walled_regions<'a>(
    board: &'a Board,
    stones: &Stones,
    color: Color,
    settled: &Settled,
) -> impl Iterator<Item = (Bits, Bits)> + 'a {
    let alive = settled.alive;
    let mine = stones.of(color);
    let near = board.adjacent(alive);
    let mut rest = if alive == 0 {
        0
    } else {
        board.all() & !mine & !settled.territory
    };
    std::iter::from_fn(move || {
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            let r = board.flood(1 << v, board.all() & !mine);
            rest &= !r;
            if board.adjacent(r) & mine & !alive == 0 {
                return Some((r, r & !near));
            }
        }
        None
    })
}

/// Whether no colouring of `history` (Black and White stones) holds all
/// of `alive` and a stone of `color` in `region`: the condition under
/// which the region is claimed (see the module docs).
pub fn clean<'a>(
    history: impl IntoIterator<Item = (Bits, Bits)> + 'a,
    color: Color,
    alive: Bits,
    region: Bits,
) -> bool {
    history.into_iter().all(|(b, w)| {
        let (mine, _) = if color == Color::Black {
            (b, w)
        } else {
            (w, b)
        };
        mine & alive != alive || mine & region == 0
    })
}

/// The most points a region may have for [`searched_regions`] to search
/// it (3^12 local positions at most).
pub const MAX_SEARCHED_POINTS: u32 = 10;

/// The most local positions one region's search may visit; past it the
/// region is not claimed (and the verdict is cached as such).
pub const LOCAL_BUDGET: u64 = 8_000;

/// The verdicts of [`searched_regions`]' local searches, by region and the
/// opponent's stones in it (the local game does not depend on anything
/// else: the region's neighbours are all the owner's pass-alive stones,
/// and the game is the same for either colour), with counters.
#[derive(Debug, Default)]
pub struct RegionCache {
    known: HashMap<(Bits, Bits), bool>,
    /// Local searches run (verdicts not found in the cache).
    pub searches: u64,
    /// Of them, the regions found safe.
    pub safe: u64,
    /// Of them, the searches that ran out of [`LOCAL_BUDGET`].
    pub over_budget: u64,
    /// Local positions visited by all searches.
    pub local_nodes: u64,
    /// The verdicts of [`alternating`]'s local games, by region, the
    /// opponent's stones in it and the wall blocks' stones next to it.
    walled: HashMap<(Bits, Bits, Vec<Bits>), bool, BuildHasherDefault<KeyHasher>>,
    /// [`alternating`]'s local games run (cache misses).
    pub wall_searches: u64,
    /// Of them, the regions found good.
    pub wall_safe: u64,
    /// Of them, the games that ran out of [`LOCAL_BUDGET`].
    pub wall_over_budget: u64,
    /// Local positions those games visited.
    pub wall_local_nodes: u64,
    /// The memo of the local game being played (emptied before each,
    /// kept to reuse its memory).
    scratch: LocalMemo,
}

/// A local game's verdicts by (owner's stones, opponent's, owner to move).
type LocalMemo = HashMap<(Bits, Bits, bool), bool, BuildHasherDefault<KeyHasher>>;

/// Cache entries kept before the cache is emptied.
const CACHE_CAP: usize = 1 << 20;

impl RegionCache {
    /// Whether the owner of the stones around `region` keeps it against
    /// the opponent's stones `theirs` (see [`searched_regions`]); cached.
    pub fn verdict(&mut self, board: &Board, region: Bits, theirs: Bits) -> bool {
        let theirs = theirs & region;
        if let Some(&v) = self.known.get(&(region, theirs)) {
            return v;
        }
        self.scratch.clear();
        let mut local = Local {
            board,
            region,
            edge: region & board.adjacent(board.all() & !region),
            walls: Vec::new(),
            memo: &mut self.scratch,
            nodes: 0,
            over: false,
        };
        let safe = local.opponent(0, theirs) && !local.over;
        self.searches += 1;
        self.safe += u64::from(safe);
        self.over_budget += u64::from(local.over);
        self.local_nodes += local.nodes;
        if self.known.len() >= CACHE_CAP {
            self.known.clear();
        }
        self.known.insert((region, theirs), safe);
        safe
    }

    /// Whether the owner wins [`alternating`]'s local game in `region`
    /// against the opponent's stones `theirs`, the region bordered by the
    /// wall blocks whose stones next to it are `walls`; cached.
    pub fn wall_verdict(
        &mut self,
        board: &Board,
        region: Bits,
        theirs: Bits,
        walls: Vec<Bits>,
    ) -> bool {
        let theirs = theirs & region;
        let key = (region, theirs, walls);
        if let Some(&v) = self.walled.get(&key) {
            return v;
        }
        self.scratch.clear();
        let mut local = Local {
            board,
            region,
            edge: region & board.adjacent(board.all() & !region),
            walls: key.2.iter().map(|&w| board.adjacent(w) & region).collect(),
            memo: &mut self.scratch,
            nodes: 0,
            over: false,
        };
        let safe = local.opponent(0, theirs) && !local.over;
        self.wall_searches += 1;
        self.wall_safe += u64::from(safe);
        self.wall_over_budget += u64::from(local.over);
        self.wall_local_nodes += local.nodes;
        if self.walled.len() >= CACHE_CAP {
            self.walled.clear();
        }
        self.walled.insert(key, safe);
        safe
    }
}

/// The most points a region may have for [`alternating`] to play its
/// local game.
pub const MAX_ALTERNATING_POINTS: u32 = 10;

/// Safety under alternating play (issue 20, seventeenth session): blocks
/// of `color` that are not pass-alive, made safe by small regions in each
/// of which the owner answers the opponent's every play. Returns the
/// blocks `S` and the regions' points (both empty when none qualify).
///
/// A *region* here is a maximal connected set of points without
/// `color`'s stones, with at most [`MAX_ALTERNATING_POINTS`] points and an
/// empty one; its border is all `color`'s stones (maximality). It is
/// *good* for a set of blocks `S` holding its whole border when the owner
/// wins its local game: the game of [`searched_regions`] (the opponent
/// moves first and may pass; the owner answers in the region and passes
/// only when no opponent stone is left there; the owner loses when an
/// owner stone not joined to the border is captured or it has no legal
/// answer), with one more way to lose: whenever the opponent is to move
/// (at the start and after each owner move), **every border block must
/// have a liberty in the region** (an empty point of it next to the block
/// or to owner stones in the region joined to the block). `S` is what is
/// left of all `color`'s blocks after removing, as in Benson's algorithm,
/// every block with fewer than two good regions (a region is good only
/// while its whole border is in `S`), until nothing changes.
///
/// Why `S` and the good regions are the owner's at the end of the game,
/// under positional and situational superko, given the history condition
/// of [`clean`] with `S` in place of the pass-alive stones:
///
/// - the owner's strategy is that of [`searched_regions`] over all the
///   good regions at once: answer a play in a region in that region by
///   the local game's winning answer; after a play elsewhere or a pass,
///   make a winning local move in some region that holds an opponent
///   stone; pass when none does;
/// - whenever the opponent is to move, every block of `S` has a liberty
///   in each of its (at least two) good regions; an opponent play is in
///   one region at most, so every block (and every owner stone in a
///   region joined to it) keeps a liberty elsewhere and is never
///   captured, and the owner's answer restores the liberty in the region
///   played in (the local game demands it). So owner stones on a
///   region's edge are never captured (what the local game assumes), the
///   owner's edge plays are never suicide, and nothing outside the
///   regions touches them (their outside neighbours are all in `S`);
/// - the owner's stones in the regions only grow, so every colouring the
///   owner enters has more of them than any colouring before it below the
///   node (no refusal below the node), and each holds all of `S` and an
///   owner stone in the regions, which [`clean`] rules out above it;
///   refused opponent plays only take options away;
/// - the game cannot end with an opponent stone in a good region (the
///   owner passes only when none is left), so at the end `S` stands and
///   every point of the regions reaches only the owner's stones.
///
/// Pass-alive walls are the special case where the liberty condition is
/// not needed; [`searched_regions`] claims those without it.
pub fn alternating(
    board: &Board,
    stones: &Stones,
    color: Color,
    cache: &mut RegionCache,
) -> (Bits, Bits) {
    let mine = stones.of(color);
    if mine == 0 {
        return (0, 0);
    }
    let theirs = stones.of(color.opponent());
    let empty = stones.empty(board);
    let mut blocks: Vec<Bits> = Vec::new();
    let mut rest = mine;
    while rest != 0 {
        let c = board.flood(rest & rest.wrapping_neg(), mine);
        rest &= !c;
        blocks.push(c);
    }
    // Candidate regions: (points, indices of the border blocks).
    let mut regions: Vec<(Bits, Vec<usize>)> = Vec::new();
    let mut rest = board.all() & !mine;
    while rest != 0 {
        let r = board.flood(rest & rest.wrapping_neg(), board.all() & !mine);
        rest &= !r;
        if r.count_ones() > MAX_ALTERNATING_POINTS || r & empty == 0 {
            continue;
        }
        let near = board.adjacent(r);
        let border: Vec<usize> = (0..blocks.len())
            .filter(|&i| blocks[i] & near != 0)
            .collect();
        if !border.is_empty() {
            regions.push((r, border));
        }
    }
    let mut alive = vec![true; blocks.len()];
    let mut good: Vec<Option<bool>> = vec![None; regions.len()];
    loop {
        let open = |j: usize, alive: &[bool], good: &[Option<bool>]| {
            good[j] != Some(false) && regions[j].1.iter().all(|&i| alive[i])
        };
        let mut count = vec![0u32; blocks.len()];
        for (j, (_, border)) in regions.iter().enumerate() {
            if open(j, &alive, &good) {
                for &i in border {
                    count[i] += 1;
                }
            }
        }
        let mut changed = false;
        for i in 0..blocks.len() {
            if alive[i] && count[i] < 2 {
                alive[i] = false;
                changed = true;
            }
        }
        if changed {
            continue;
        }
        let mut bad = false;
        for j in 0..regions.len() {
            if good[j].is_none() && open(j, &alive, &good) {
                let (r, border) = &regions[j];
                let near = board.adjacent(*r);
                let mut walls: Vec<Bits> = border.iter().map(|&i| blocks[i] & near).collect();
                walls.sort_unstable();
                let v = cache.wall_verdict(board, *r, theirs, walls);
                good[j] = Some(v);
                bad |= !v;
            }
        }
        if !bad {
            break;
        }
    }
    let walls = (0..blocks.len())
        .filter(|&i| alive[i])
        .fold(0, |a, i| a | blocks[i]);
    if walls == 0 {
        return (0, 0);
    }
    let area = (0..regions.len())
        .filter(|&j| good[j] == Some(true) && regions[j].1.iter().all(|&i| alive[i]))
        .fold(0, |a, j| a | regions[j].0);
    (walls, area)
}

/// Regions bordered by `color`'s pass-alive stones only, with two or more
/// inner points (points touching none of those stones), one of them
/// empty, at most [`MAX_SEARCHED_POINTS`] points, where the opponent
/// cannot keep a stone by the local game below.
///
/// The local game is played in the region only, the opponent moving first.
/// The opponent may play any point of the region that local liberties
/// allow, or elsewhere (a pass, as far as the region goes); the owner
/// answers in the region, and may pass only when no opponent stone is
/// left in it. The owner loses if the opponent ever captures an owner
/// stone (one not joined to the surrounding stones), or if the owner must
/// answer and has no legal play. The search is exact for that game.
///
/// Why a won local game makes the region the owner's, under positional
/// and situational superko, given the history condition of [`clean`] (as
/// for the one-point regions in the module docs):
///
/// - the surrounding stones `A` stay pass-alive: the region has an empty
///   point touching none of them, so it is vital to no chain and Benson's
///   result never needed it; the owner plays only inside the region, and
///   plays there change no other region;
/// - an owner stone on the region's edge joins a chain of `A` and can
///   never be captured; the opponent's chains in the region have their
///   liberties in it, and nothing played outside touches the region (its
///   neighbours outside are all in `A`), so the local game is the game;
/// - the owner's strategy: answer a play in a region in that region; after
///   a play elsewhere or a pass, play in some claimed region that holds an
///   opponent stone (the local game includes the opponent's pass, so the
///   owner has a winning move there), and pass when none does. The game
///   cannot end with an opponent stone in a claimed region;
/// - each owner play adds an owner stone to the regions and none is ever
///   captured, so every colouring the owner enters has more owner stones
///   there than any colouring before it below the node: superko never
///   refuses the owner below the node, and above it the history condition
///   (no colouring with all of `A` and an owner stone in the region) rules
///   it out. Refused opponent plays only take options away.
///
/// The game is finite: the owner's stones only grow, and the owner moves
/// after every opponent play in the region or pass while an opponent stone
/// is left (a pass of the opponent when the region is clear is answered by
/// a pass, back to the same local position).
pub fn searched_regions(
    board: &Board,
    stones: &Stones,
    color: Color,
    settled: &Settled,
    cache: &mut RegionCache,
) -> Vec<Bits> {
    let theirs = stones.of(color.opponent());
    let empty = stones.empty(board);
    walled_regions(board, stones, color, settled)
        .filter(|&(r, inside)| {
            inside.count_ones() >= 2
                && inside & empty != 0
                && r.count_ones() <= MAX_SEARCHED_POINTS
                && cache.verdict(board, r, theirs)
        })
        .map(|(r, _)| r)
        .collect()
}

/// The local game of [`searched_regions`] in one region: `o` the owner's
/// stones in it, `p` the opponent's.
struct Local<'a> {
    board: &'a Board,
    region: Bits,
    /// The region's points next to the surrounding stones.
    edge: Bits,
    /// For [`alternating`]: each wall block's neighbours in the region;
    /// whenever the opponent is to move each must have a liberty there
    /// (none for pass-alive walls).
    walls: Vec<Bits>,
    /// Verdicts by (owner's stones, opponent's, owner to move).
    memo: &'a mut LocalMemo,
    nodes: u64,
    over: bool,
}

impl Local<'_> {
    /// Counts a local position; false once the budget is spent.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > LOCAL_BUDGET {
            self.over = true;
        }
        !self.over
    }

    /// Whether the owner wins with the opponent to move.
    fn opponent(&mut self, o: Bits, p: Bits) -> bool {
        if let Some(&w) = self.memo.get(&(o, p, false)) {
            return w;
        }
        if !self.visit() {
            return false;
        }
        let board = self.board;
        let free = self.region & !o & !p;
        if !self.walls_breathe(o, free) {
            self.memo.insert((o, p, false), false);
            return false;
        }
        // A pass (or a play elsewhere): with a stone of the opponent left,
        // the owner must make progress here.
        let mut win = p == 0 || self.owner(o, p);
        let mut xs = free;
        while win && xs != 0 {
            let x = xs.trailing_zeros() as usize;
            xs &= xs - 1;
            let p2 = p | 1 << x;
            let free2 = free & !(1 << x);
            // A capture of an owner stone loses the local game.
            let mut nb = board.neighbors(x) & o;
            while nb != 0 {
                let c = board.flood(nb & nb.wrapping_neg(), o);
                nb &= !c;
                if c & self.edge == 0 && board.adjacent(c) & free2 == 0 {
                    win = false;
                }
            }
            if !win {
                break;
            }
            let chain = board.flood(1 << x, p2);
            if board.adjacent(chain) & free2 == 0 {
                continue; // suicide
            }
            win = self.owner(o, p2);
        }
        if !self.over {
            self.memo.insert((o, p, false), win);
        }
        win
    }

    /// Whether every wall block has a liberty in the region: an empty
    /// point next to it, or next to the owner's stones in the region
    /// joined to it.
    fn walls_breathe(&self, o: Bits, free: Bits) -> bool {
        self.walls.iter().all(|&touch| {
            let joined = self.board.flood(touch & o, o);
            (touch | self.board.adjacent(joined)) & free != 0
        })
    }

    /// Whether the owner, to move with an opponent stone in the region,
    /// has a play that wins.
    fn owner(&mut self, o: Bits, p: Bits) -> bool {
        if let Some(&w) = self.memo.get(&(o, p, true)) {
            return w;
        }
        if !self.visit() {
            return false;
        }
        let board = self.board;
        let free = self.region & !o & !p;
        let mut win = false;
        // Edge points first: they join the pass-alive stones.
        let mut xs = free & self.edge;
        let mut later = free & !self.edge;
        loop {
            if xs == 0 {
                if later == 0 {
                    break;
                }
                xs = later;
                later = 0;
            }
            let x = xs.trailing_zeros() as usize;
            xs &= xs - 1;
            let o2 = o | 1 << x;
            let free2 = free & !(1 << x);
            let mut captured = 0;
            let mut nb = board.neighbors(x) & p;
            while nb != 0 {
                let c = board.flood(nb & nb.wrapping_neg(), p);
                nb &= !c;
                if board.adjacent(c) & free2 == 0 {
                    captured |= c;
                }
            }
            let chain = board.flood(1 << x, o2);
            if chain & self.edge == 0 && board.adjacent(chain) & (free2 | captured) == 0 {
                continue; // suicide
            }
            if self.opponent(o2, p & !captured) {
                win = true;
                break;
            }
            if self.over {
                break;
            }
        }
        if !self.over {
            self.memo.insert((o, p, true), win);
        }
        win
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;

    use super::*;

    fn grid(w: usize, h: usize) -> Board {
        Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap()
    }

    /// The example of [`safe`], and the same with a White stone on the
    /// inner point (Benson's territory then: every empty point touches
    /// the wall) and with colours swapped.
    #[test]
    fn the_corner_bent_three() {
        let b = grid(4, 3);
        let wall = 0b1011_1110_0100;
        let s = Stones {
            black: wall,
            white: 0,
        };
        assert_eq!(safe(&b, &s, Color::Black).extra(), 0b0000_0001_0011);
        assert!(safe(&b, &s, Color::White).regions.is_empty());
        let dead = Stones {
            black: wall,
            white: 1,
        };
        let d = safe(&b, &dead, Color::Black);
        assert!(d.regions.is_empty());
        assert_eq!(d.settled.area(), b.all());
        let swapped = Stones {
            black: 0,
            white: wall,
        };
        assert_eq!(safe(&b, &swapped, Color::White).extra(), 0b0000_0001_0011);
        // A White stone next to the wall inside: still one inner point.
        let inside = Stones {
            black: wall,
            white: 0b10,
        };
        assert_eq!(safe(&b, &inside, Color::Black).extra(), 0b0000_0001_0011);
    }

    /// The 2x3 corner of a 6x3 board (rows from the top, `v = 6 row +
    /// col`), inside a Black chain with two one-point eyes:
    ///
    /// ```text
    /// . . . X . X
    /// . . . X X X
    /// X X X X . X
    /// ```
    ///
    /// Its two inner points (the corner and the next one) touch no Black
    /// stone: not Benson's, not a one-point region; White cannot live in
    /// it with Black answering every play, with or without White stones
    /// already there.
    #[test]
    fn a_corner_of_six_is_searched() {
        let b = grid(6, 3);
        let wall: Bits =
            (1 << 3) | (1 << 5) | (1 << 9) | (1 << 10) | (1 << 11) | (0b1111 << 12) | (1 << 17);
        let corner: Bits = 0b111 | (0b111 << 6);
        let mut cache = RegionCache::default();
        for white in [0, 1 << 1, (1 << 7) | (1 << 8), 1 | (1 << 2)] {
            let s = Stones { black: wall, white };
            let settled = benson::settle(&b, &s, Color::Black);
            assert!(one_point_regions(&b, &s, Color::Black, &settled).is_empty());
            assert_eq!(
                searched_regions(&b, &s, Color::Black, &settled, &mut cache),
                vec![corner],
                "{white:b}"
            );
            assert_eq!(safe(&b, &s, Color::Black).settled.area() | corner, b.all());
        }
        assert_eq!(cache.searches, 4);
        assert_eq!(cache.safe, 4);
    }

    #[test]
    fn a_line_has_no_such_region() {
        // Every point of a region on a line bordered by alive stones
        // touches them, or the stones are not alive.
        let b = Board::new(Arc::new(Graph::line(7).unwrap())).unwrap();
        for code in 0..3u32.pow(7) {
            let (mut black, mut white, mut c) = (0, 0, code);
            for v in 0..7 {
                match c % 3 {
                    1 => black |= 1 << v,
                    2 => white |= 1 << v,
                    _ => {}
                }
                c /= 3;
            }
            let s = Stones { black, white };
            assert!(safe(&b, &s, Color::Black).regions.is_empty());
            assert!(safe(&b, &s, Color::White).regions.is_empty());
        }
    }

    /// On 5x3 (rows from the top, `v = 5 row + col`) Black's top row
    /// but the corner and the point below the corner are two blocks, not
    /// pass-alive (the big region has points touching neither):
    ///
    /// ```text
    /// . X X X X
    /// X . . . .
    /// . . . . .
    /// ```
    ///
    /// Each block has two regions (the corner and the other nine points);
    /// White cannot play the corner, and in the nine points Black answers
    /// every play, keeps a liberty of both blocks and leaves no White
    /// stone: the whole board is Black's. With the corner filled by Black
    /// (one block, one region) nothing is claimed; with a White stone on
    /// the second point of the second row the region is still Black's.
    #[test]
    fn two_blocks_safe_under_alternating_play() {
        let b = grid(5, 3);
        let top: Bits = 0b11110;
        let black = top | (1 << 5);
        let mut cache = RegionCache::default();
        let s = Stones { black, white: 0 };
        assert_eq!(benson::settle(&b, &s, Color::Black).alive, 0);
        assert_eq!(
            alternating(&b, &s, Color::Black, &mut cache),
            (black, b.all() & !black)
        );
        assert_eq!(alternating(&b, &s, Color::White, &mut cache), (0, 0));
        let one = Stones {
            black: black | 1,
            white: 0,
        };
        assert_eq!(alternating(&b, &one, Color::Black, &mut cache), (0, 0));
        let inside = Stones {
            black,
            white: 1 << 6,
        };
        assert_eq!(
            alternating(&b, &inside, Color::Black, &mut cache),
            (black, b.all() & !black)
        );
        assert!(cache.wall_searches >= 2 && cache.wall_safe >= 2);
    }

    #[test]
    fn the_history_condition() {
        let alive = 0b0110;
        let region = 0b1000;
        assert!(clean(
            [(0b0110, 0), (0b1000, 0)],
            Color::Black,
            alive,
            region
        ));
        assert!(!clean([(0b1110, 0)], Color::Black, alive, region));
        assert!(clean([(0b1110, 0)], Color::White, alive, region));
        assert!(!clean([(0, 0b1110)], Color::White, alive, region));
    }
}
