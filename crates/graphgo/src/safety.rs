//! Static safety beyond Benson: enclosed regions where the opponent
//! cannot live (one inner point, below; bigger ones by a local search, see
//! [`searched_regions`]), and blocks that are not pass-alive but safe
//! under alternating play with the regions that make them so
//! ([`alternating`]), and regions holding a whole opponent group that the
//! owner's safe walls enclose and a local search shows dead
//! ([`enclosed_regions`], [`alternating_with`]).
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

/// The counters of one kind of local game: the games played (verdicts not
/// found in a cache), how many the owner won, how many ran out of their
/// budget, and the local positions they visited.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LocalGames {
    /// Games played (cache misses).
    pub games: u64,
    /// Of them, the regions found the owner's (safe, good, kept).
    pub won: u64,
    /// Of them, the games that ran out of their budget.
    pub over_budget: u64,
    /// Local positions those games visited.
    pub local_nodes: u64,
}

impl LocalGames {
    /// Counts one game: whether the owner won it, whether it ran out of
    /// its budget, and the local positions it visited.
    fn record(&mut self, won: bool, over: bool, nodes: u64) {
        self.games += 1;
        self.won += u64::from(won);
        self.over_budget += u64::from(over);
        self.local_nodes += nodes;
    }
}

impl std::ops::AddAssign for LocalGames {
    fn add_assign(&mut self, o: LocalGames) {
        self.games += o.games;
        self.won += o.won;
        self.over_budget += o.over_budget;
        self.local_nodes += o.local_nodes;
    }
}

impl std::fmt::Display for LocalGames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "local games {} won {} over budget {} local positions {}",
            self.games, self.won, self.over_budget, self.local_nodes
        )
    }
}

/// The verdicts of [`searched_regions`]' local searches, by region and the
/// opponent's stones in it (the local game does not depend on anything
/// else: the region's neighbours are all the owner's pass-alive stones,
/// and the game is the same for either colour), with counters.
#[derive(Debug, Default)]
pub struct RegionCache {
    known: HashMap<(Bits, Bits), bool>,
    /// [`searched_regions`]' local games (won: the region safe; budget
    /// [`LOCAL_BUDGET`]).
    pub region_games: LocalGames,
    /// The verdicts of [`alternating`]'s local games, by region, the
    /// opponent's stones in it and the wall blocks' stones next to it.
    walled: HashMap<(Bits, Bits, Vec<Bits>), bool, BuildHasherDefault<KeyHasher>>,
    /// [`alternating`]'s local games (won: the region good; budget
    /// [`LOCAL_BUDGET`]).
    pub wall_games: LocalGames,
    /// The verdicts of the enclosed regions' local games
    /// ([`enclosed_regions`], and [`alternating_with`]'s regions beyond
    /// [`MAX_ALTERNATING_POINTS`]), by region, the opponent's stones in
    /// it and the wall blocks' stones next to it with the liberties each
    /// must keep there (none when the walls need no liberty there).
    enclosed: HashMap<(Bits, Bits, Walls), bool, BuildHasherDefault<KeyHasher>>,
    /// Enclosed regions' local games (won: the region the owner's;
    /// budget [`ENCLOSED_BUDGET`]).
    pub enclosed_games: LocalGames,
    /// Enclosed games won, by the region's number of points (index).
    pub enclosed_safe_by_size: Vec<u64>,
    /// Enclosed games run and won, by the region's empty points at the
    /// start (index).
    pub enclosed_by_empty: Vec<(u64, u64)>,
    /// The enclosed games' memos, kept from game to game by region and
    /// walls (a local position's value does not depend on the position
    /// the game started from), and their total entries.
    enclosed_memos: EnclosedMemos,
    enclosed_memo_entries: usize,
    /// The memo of the local game being played (emptied before each,
    /// kept to reuse its memory).
    scratch: LocalMemo,
}

/// A local game's verdicts by (owner's stones, opponent's, owner to move).
type LocalMemo = HashMap<(Bits, Bits, bool), bool, BuildHasherDefault<KeyHasher>>;

/// The wall blocks' stones next to a region, each with the liberties it
/// must keep there.
type Walls = Vec<(Bits, u32)>;

/// The enclosed games' memos by region and walls.
type EnclosedMemos = HashMap<(Bits, Walls), LocalMemo, BuildHasherDefault<KeyHasher>>;

/// The entries of the enclosed games' memo of `region` and `walls`.
fn memo_len_after(memos: &EnclosedMemos, region: Bits, walls: &[(Bits, u32)]) -> usize {
    memos.get(&(region, walls.to_vec())).map_or(0, HashMap::len)
}

/// The enclosed games' memos are emptied past this many entries in all.
const ENCLOSED_MEMO_CAP: usize = 1 << 22;

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
        let (safe, over, nodes) = Local::play(
            board,
            region,
            Vec::new(),
            &mut self.scratch,
            LOCAL_BUDGET,
            false,
            theirs,
        );
        self.region_games.record(safe, over, nodes);
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
        let walls = key
            .2
            .iter()
            .map(|&w| (board.adjacent(w) & region, 1))
            .collect();
        let (safe, over, nodes) = Local::play(
            board,
            region,
            walls,
            &mut self.scratch,
            LOCAL_BUDGET,
            false,
            theirs,
        );
        self.wall_games.record(safe, over, nodes);
        if self.walled.len() >= CACHE_CAP {
            self.walled.clear();
        }
        self.walled.insert(key, safe);
        safe
    }

    /// Whether the owner wins the local game of an enclosed region
    /// against the opponent's stones `theirs`, with [`ENCLOSED_BUDGET`]:
    /// [`searched_regions`]' game when `walls` is empty, [`alternating`]'s
    /// otherwise: each wall block (its stones next to the region) keeps
    /// the given number of liberties in the region whenever the opponent
    /// is to move; cached.
    pub fn enclosed_verdict(
        &mut self,
        board: &Board,
        region: Bits,
        theirs: Bits,
        walls: Vec<(Bits, u32)>,
    ) -> bool {
        let theirs = theirs & region;
        let key = (region, theirs, walls);
        if let Some(&v) = self.enclosed.get(&key) {
            return v;
        }
        if self.enclosed_memo_entries >= ENCLOSED_MEMO_CAP {
            self.enclosed_memos.clear();
            self.enclosed_memo_entries = 0;
        }
        let memo = self
            .enclosed_memos
            .entry((region, key.2.clone()))
            .or_default();
        let before = memo.len();
        let walls = key
            .2
            .iter()
            .map(|&(w, need)| (board.adjacent(w) & region, need))
            .collect();
        let (safe, over, nodes) =
            Local::play(board, region, walls, memo, ENCLOSED_BUDGET, true, theirs);
        self.enclosed_memo_entries += memo_len_after(&self.enclosed_memos, region, &key.2) - before;
        self.enclosed_games.record(safe, over, nodes);
        let empties = (region & !theirs).count_ones() as usize;
        if self.enclosed_by_empty.len() <= empties {
            self.enclosed_by_empty.resize(empties + 1, (0, 0));
        }
        self.enclosed_by_empty[empties].0 += 1;
        self.enclosed_by_empty[empties].1 += u64::from(safe);
        if safe {
            let size = region.count_ones() as usize;
            if self.enclosed_safe_by_size.len() <= size {
                self.enclosed_safe_by_size.resize(size + 1, 0);
            }
            self.enclosed_safe_by_size[size] += 1;
        }
        if self.enclosed.len() >= CACHE_CAP {
            self.enclosed.clear();
        }
        self.enclosed.insert(key, safe);
        safe
    }
}

/// The most points a region may have for [`alternating`] to play its
/// local game.
pub const MAX_ALTERNATING_POINTS: u32 = 10;

/// The most points a region holding opponent stones may have for
/// [`enclosed_regions`] (and [`alternating_with`] with `enclosed`) to
/// play its local game.
pub const MAX_ENCLOSED_POINTS: u32 = 18;

/// The most empty points a region may have at the node for its enclosed
/// game to be played (the games on more are rarely won and mostly run out
/// of their budget: docs/graphgo.md, eighteenth session).
pub const MAX_ENCLOSED_EMPTIES: u32 = 8;

/// The most local positions one enclosed region's game may visit; past
/// it the region is not claimed (and the verdict is cached as such).
pub const ENCLOSED_BUDGET: u64 = 10_000;

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
    let (walls, area, _) = alternating_with(board, stones, color, cache, false);
    (walls, area)
}

/// [`alternating`], and with `enclosed` (issue 20, eighteenth session)
/// two more kinds of good region, both played with [`ENCLOSED_BUDGET`]
/// local positions and cached by [`RegionCache::enclosed_verdict`]:
///
/// - regions of more than [`MAX_ALTERNATING_POINTS`] points, up to
///   [`MAX_ENCLOSED_POINTS`], that hold opponent stones (an enclosed
///   opponent group the owner must kill for its blocks to live). The local
///   game, the fixpoint and the argument of [`alternating`] do not depend
///   on the region's size, so the claim is sound on the same terms;
/// - for a block with **one** candidate region (typically the region that
///   holds the opponent's group and the block's own eye space at once),
///   that region's game demands **two** liberties of the block whenever
///   the opponent is to move, and the region then counts twice for the
///   block in the fixpoint. Soundness: whenever the opponent is to move,
///   every block of `S` has at least two liberties in its good regions
///   together (one in each of two, or two in its only one); an opponent
///   play is one point, so it leaves the block a liberty and cannot
///   capture it, and the owner's answer in the region played in (or,
///   after a play elsewhere, the owner's move in a region) restores the
///   region's condition, which the local game demands after every owner
///   move. The rest of [`alternating`]'s argument (the strategy, the
///   repetition argument, the history condition of [`clean`] with `S`)
///   is unchanged.
///
/// Returns the blocks, the good regions' points and, of those, the points
/// of the regions decided by the enclosed game (beyond
/// [`MAX_ALTERNATING_POINTS`] points, or with a block that needs two
/// liberties).
pub fn alternating_with(
    board: &Board,
    stones: &Stones,
    color: Color,
    cache: &mut RegionCache,
    enclosed: bool,
) -> (Bits, Bits, Bits) {
    let mine = stones.of(color);
    if mine == 0 {
        return (0, 0, 0);
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
        let size = r.count_ones();
        let big = size > MAX_ALTERNATING_POINTS;
        if r & empty == 0
            || (big
                && !(enclosed
                    && r & theirs != 0
                    && size <= MAX_ENCLOSED_POINTS
                    && (r & empty).count_ones() <= MAX_ENCLOSED_EMPTIES))
        {
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
    // With `enclosed`, a block with one candidate region must keep two
    // liberties there (and the region then counts twice for it).
    let mut need = vec![1u32; blocks.len()];
    if enclosed {
        let mut seen = vec![0u32; blocks.len()];
        for (_, border) in &regions {
            for &i in border {
                seen[i] += 1;
            }
        }
        for i in 0..blocks.len() {
            if seen[i] == 1 {
                need[i] = 2;
            }
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
                    count[i] += need[i];
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
                let v = if r.count_ones() > MAX_ALTERNATING_POINTS
                    || border.iter().any(|&i| need[i] > 1)
                {
                    let mut walls: Vec<(Bits, u32)> = border
                        .iter()
                        .map(|&i| (blocks[i] & near, need[i]))
                        .collect();
                    walls.sort_unstable();
                    cache.enclosed_verdict(board, *r, theirs, walls)
                } else {
                    let mut walls: Vec<Bits> = border.iter().map(|&i| blocks[i] & near).collect();
                    walls.sort_unstable();
                    cache.wall_verdict(board, *r, theirs, walls)
                };
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
        return (0, 0, 0);
    }
    let area = (0..regions.len())
        .filter(|&j| good[j] == Some(true) && regions[j].1.iter().all(|&i| alive[i]))
        .fold(0, |a, j| a | regions[j].0);
    let big = (0..regions.len())
        .filter(|&j| {
            good[j] == Some(true)
                && regions[j].1.iter().all(|&i| alive[i])
                && (regions[j].0.count_ones() > MAX_ALTERNATING_POINTS
                    || regions[j].1.iter().any(|&i| need[i] > 1))
        })
        .fold(0, |a, j| a | regions[j].0);
    (walls, area, big)
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

/// Regions that hold a whole opponent group, enclosed by the owner's safe
/// stones, where a local search shows the opponent cannot live (issue 20,
/// eighteenth session; [`crate::solver::SolveOptions::enclosed`]).
///
/// `walls` are `color`'s stones known safe at the node: its pass-alive
/// chains (Benson) and, where the solver also claims [`alternating`]'s
/// blocks, those blocks `S`; `fixed` are the pass-alive chains not in `S`
/// (safe by Benson alone). A region here is a maximal connected set of
/// points without `color`'s stones (so its outside neighbours are all
/// `color`'s stones) such that
///
/// - its whole border is in `walls`;
/// - it holds an opponent stone, has at most [`MAX_ENCLOSED_POINTS`]
///   points, and none of it is in `claimed` (the area already claimed:
///   Benson's, the safe regions', [`alternating`]'s);
/// - it has an empty point next to no chain of `fixed`, so that it is
///   vital to no pass-alive chain outside `S` (Benson's result for those
///   never needed it);
/// - unless its border holds a block outside `fixed`, it has more than
///   [`MAX_SEARCHED_POINTS`] points ([`searched_regions`] decides the
///   smaller ones with the same game);
/// - the owner wins [`searched_regions`]' local game in it (the opponent
///   moves first and may pass, which stands for a play elsewhere; the
///   owner answers in the region and may pass only when no opponent stone
///   is left there; the owner loses if a stone of its own not joined to
///   the border is captured or it has no legal answer), within
///   [`ENCLOSED_BUDGET`] local positions, cached by the region and the
///   opponent's stones in it ([`RegionCache::enclosed_verdict`]).
///
/// Why the region is the owner's at the end of the game, under positional
/// and situational superko, given the history condition of [`clean`] with
/// `walls` (and, with [`alternating`]'s blocks, its good regions besides
/// these):
///
/// - **Strategy.** The owner's strategy over all the regions it claims at
///   the node (the safe regions, [`alternating`]'s good regions and these)
///   is that of [`searched_regions`]: answer a play in a claimed region in
///   that region by its local game's winning answer; after a play
///   elsewhere or a pass, make a winning local move in some claimed region
///   that still holds an opponent stone (the local game includes the
///   opponent's pass, so one exists); pass when none does.
/// - **The walls stand.** A chain of `fixed` keeps its two vital regions
///   (this region is not one of them, and the owner plays in no vital
///   region of such a chain), so it stays pass-alive. A block of `S` has a
///   liberty in each of its two or more good regions whenever the opponent
///   is to move ([`alternating`]'s argument); a play in this region is in
///   none of them, so the block keeps its liberties there and is never
///   captured. Owner stones on the region's edge join a wall block and
///   are never captured; owner stones inside it never are, by the local
///   game. Nothing outside the region touches its points (their outside
///   neighbours are wall stones), so the game in the region is the local
///   game, the opponent's plays elsewhere and passes being its local
///   passes.
/// - **Repetition.** The owner's stones in the claimed regions only grow
///   and each owner play adds one, so every colouring the owner enters has
///   more of them than every colouring before it below the node: superko
///   never refuses the owner there. Each such colouring holds all of
///   `walls` and an owner stone in the claimed regions, so where no
///   colouring of the history above the node does ([`clean`]), superko
///   never refuses the owner at all; the solver claims the region only
///   then, and carries the same condition in the bound's basis (`region`
///   the claimed regions, `region_all` the walls), tested wherever the
///   table reuses the bound. Under situational superko a colouring never
///   seen is a situation never seen. The opponent's plays that superko
///   refuses only take options away (the local game allows every play
///   local liberties allow).
/// - **The end.** The local game is finite (the owner's stones grow every
///   owner move, and the owner moves after every opponent play or pass
///   while an opponent stone is left), and the owner passes only when no
///   claimed region holds an opponent stone, so the game (two passes)
///   cannot end with an opponent stone in the region: its points are then
///   owner stones and empty points reaching only owner stones.
///
/// The restriction that owner stones inside are never captured keeps the
/// repetition argument this simple; it gives up kills that need a
/// sacrifice (a throw-in into a two-point eye), which the game then calls
/// "not the owner's" (sound, not complete).
#[allow(clippy::too_many_arguments)]
pub fn enclosed_regions(
    board: &Board,
    stones: &Stones,
    color: Color,
    walls: Bits,
    fixed: Bits,
    claimed: Bits,
    cache: &mut RegionCache,
) -> Vec<Bits> {
    let mine = stones.of(color);
    let theirs = stones.of(color.opponent());
    if walls == 0 || theirs == 0 {
        return Vec::new();
    }
    let empty = stones.empty(board);
    let near_fixed = board.adjacent(fixed);
    let mut out = Vec::new();
    let mut rest = board.all() & !mine & !claimed;
    while rest != 0 {
        let r = board.flood(rest & rest.wrapping_neg(), board.all() & !mine);
        rest &= !r;
        let size = r.count_ones();
        let border = board.adjacent(r) & mine;
        if r & claimed != 0
            || r & theirs == 0
            || size > MAX_ENCLOSED_POINTS
            || (r & empty).count_ones() > MAX_ENCLOSED_EMPTIES
            || border & !walls != 0
            || r & empty & !near_fixed == 0
            || (size <= MAX_SEARCHED_POINTS && border & !fixed == 0)
        {
            continue;
        }
        if cache.enclosed_verdict(board, r, theirs, Vec::new()) {
            out.push(r);
        }
    }
    out
}

/// The local game of [`searched_regions`] in one region: `o` the owner's
/// stones in it, `p` the opponent's.
struct Local<'a> {
    board: &'a Board,
    region: Bits,
    /// The region's points next to the surrounding stones.
    edge: Bits,
    /// For [`alternating`]: each wall block's neighbours in the region
    /// and the liberties it must have there whenever the opponent is to
    /// move (one; two for [`alternating_with`]'s blocks with no other
    /// region); none for pass-alive walls.
    walls: Vec<(Bits, u32)>,
    /// Verdicts by (owner's stones, opponent's, owner to move).
    memo: &'a mut LocalMemo,
    nodes: u64,
    /// The most local positions the game may visit.
    budget: u64,
    over: bool,
    /// The opponent tries its plays before its pass, and first looks for
    /// a play that captures an owner stone (the enclosed games: their
    /// verdicts are mostly the opponent's, found sooner this way; the
    /// other games keep their order, and so their node counts).
    plays_first: bool,
}

impl<'a> Local<'a> {
    /// Plays the local game in `region` (the fields' meanings) from the
    /// opponent's stones `theirs`, the opponent to move: whether the owner
    /// wins within the budget, whether the budget ran out, and the local
    /// positions visited.
    fn play(
        board: &'a Board,
        region: Bits,
        walls: Vec<(Bits, u32)>,
        memo: &'a mut LocalMemo,
        budget: u64,
        plays_first: bool,
        theirs: Bits,
    ) -> (bool, bool, u64) {
        let mut local = Local {
            board,
            region,
            edge: region & board.adjacent(board.all() & !region),
            walls,
            memo,
            nodes: 0,
            budget,
            over: false,
            plays_first,
        };
        let safe = local.opponent(0, theirs) && !local.over;
        (safe, local.over, local.nodes)
    }

    /// Counts a local position; false once the budget is spent.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
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
        if self.plays_first && self.captures_owner(o, free) {
            self.memo.insert((o, p, false), false);
            return false;
        }
        // A pass (or a play elsewhere): with a stone of the opponent left,
        // the owner must make progress here.
        let mut win = self.plays_first || p == 0 || self.owner(o, p);
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
        if win && self.plays_first && p != 0 && !self.over {
            win = self.owner(o, p);
        }
        if !self.over {
            self.memo.insert((o, p, false), win);
        }
        win
    }

    /// Whether an opponent play on a point of `free` would capture an
    /// owner stone not joined to the walls.
    fn captures_owner(&self, o: Bits, free: Bits) -> bool {
        let board = self.board;
        let mut rest = o & !board.flood(o & self.edge, o);
        while rest != 0 {
            let c = board.flood(rest & rest.wrapping_neg(), o);
            rest &= !c;
            let libs = board.adjacent(c) & free;
            if libs.count_ones() == 1 {
                return true;
            }
        }
        false
    }

    /// Whether every wall block has a liberty in the region: an empty
    /// point next to it, or next to the owner's stones in the region
    /// joined to it.
    fn walls_breathe(&self, o: Bits, free: Bits) -> bool {
        self.walls.iter().all(|&(touch, need)| {
            let joined = self.board.flood(touch & o, o);
            ((touch | self.board.adjacent(joined)) & free).count_ones() >= need
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
        assert_eq!(cache.region_games.games, 4);
        assert_eq!(cache.region_games.won, 4);
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
        assert!(cache.wall_games.games >= 2 && cache.wall_games.won >= 2);
    }

    /// On 5x4 (rows from the top, `v = 5 row + col`) a pass-alive Black
    /// wall with two one-point eyes encloses a White group of five stones
    /// on the top and right edges, seven empty points around it:
    ///
    /// ```text
    /// . X O O O
    /// X X . . O
    /// . X . . O
    /// X X . . .
    /// ```
    ///
    /// The region (12 points) is beyond the searched regions' cap and
    /// holds White stones; with White moving first Black kills the group
    /// without losing a stone: the enclosed game claims it. Not as an
    /// alternating-play region (the wall is pass-alive, so the region is
    /// already walled) and not for White.
    #[test]
    fn an_enclosed_group_is_dead() {
        let b = grid(5, 4);
        let wall: Bits = (1 << 1) | (1 << 5) | (1 << 6) | (1 << 11) | (1 << 15) | (1 << 16);
        let white: Bits = (1 << 2) | (1 << 3) | (1 << 4) | (1 << 9) | (1 << 14);
        let region = b.all() & !wall & !1 & !(1 << 10);
        let s = Stones { black: wall, white };
        let st = benson::settle(&b, &s, Color::Black);
        assert_eq!(st.alive, wall);
        let mut cache = RegionCache::default();
        assert!(searched_regions(&b, &s, Color::Black, &st, &mut cache).is_empty());
        assert_eq!(
            enclosed_regions(&b, &s, Color::Black, wall, wall, st.area(), &mut cache),
            vec![region]
        );
        assert_eq!(cache.enclosed_games.games, 1);
        assert_eq!(cache.enclosed_games.won, 1);
        // Not for White, and nothing when the region is already claimed.
        let ws = benson::settle(&b, &s, Color::White);
        assert!(
            enclosed_regions(
                &b,
                &s,
                Color::White,
                ws.alive,
                ws.alive,
                ws.area(),
                &mut cache
            )
            .is_empty()
        );
        assert!(
            enclosed_regions(
                &b,
                &s,
                Color::Black,
                wall,
                wall,
                st.area() | region,
                &mut cache
            )
            .is_empty()
        );
        // With three more White stones (the bottom right, the point left
        // of it, the middle of the third column) Black's game is lost:
        // not claimed.
        let alive_white = white | (1 << 19) | (1 << 18) | (1 << 12);
        let s2 = Stones {
            black: wall,
            white: alive_white,
        };
        let st2 = benson::settle(&b, &s2, Color::Black);
        assert!(
            enclosed_regions(&b, &s2, Color::Black, wall, wall, st2.area(), &mut cache).is_empty()
        );
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
