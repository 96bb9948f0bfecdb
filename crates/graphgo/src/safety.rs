//! Static safety beyond Benson: enclosed regions with one inner point.
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

use miai_goban::Color;

use crate::benson::{self, Settled};
use crate::board::{Bits, Board};
use crate::stones::Stones;

/// One colour's safe area: Benson's and the one-inner-point regions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Safe {
    /// Benson's pass-alive stones and territory.
    pub settled: Settled,
    /// Regions bordered by the pass-alive stones only, not Benson's
    /// territory, with one inner point (see the module docs).
    pub regions: Vec<Bits>,
}

impl Safe {
    /// All the regions' points.
    pub fn extra(&self) -> Bits {
        self.regions.iter().fold(0, |a, r| a | r)
    }
}

/// Benson's result for `color` and the regions of the module docs.
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
    let regions = one_point_regions(board, stones, color, &settled);
    Safe { settled, regions }
}

/// The regions of the module docs, given Benson's result for `color`.
pub fn one_point_regions(
    board: &Board,
    stones: &Stones,
    color: Color,
    settled: &Settled,
) -> Vec<Bits> {
    let alive = settled.alive;
    let mut out = Vec::new();
    if alive == 0 {
        return out;
    }
    let mine = stones.of(color);
    let empty = stones.empty(board);
    let near = board.adjacent(alive);
    let mut rest = board.all() & !mine & !settled.territory;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        let r = board.flood(1 << v, board.all() & !mine);
        rest &= !r;
        if board.adjacent(r) & mine & !alive != 0 {
            continue;
        }
        let inside = r & !near;
        if inside.count_ones() != 1 || inside & empty == 0 {
            continue;
        }
        let q = inside.trailing_zeros() as usize;
        if board.neighbors(q).count_ones() >= 2 {
            out.push(r);
        }
    }
    out
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
