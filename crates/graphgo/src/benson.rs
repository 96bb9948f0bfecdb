//! Unconditional life (Benson's algorithm) and pass-alive territory, used to
//! stop the search early.
//!
//! A set of chains of one colour is *pass-alive* when the opponent cannot
//! capture any of them even if their owner passes forever (Benson 1976). A
//! region (maximal connected set of non-`X` vertices) is *vital* to a chain
//! when every empty point of the region is a liberty of that chain; the
//! algorithm drops chains with fewer than two vital healthy regions, and
//! regions bordered by a dropped chain, until nothing changes. A surviving
//! region whose every empty point touches a surviving chain is *pass-alive
//! territory*: the opponent can never make an eye there, so under area
//! scoring the owner can claim it all (capturing any stones inside before
//! the game ends).

use miai_goban::Color;

use crate::board::{Bits, Board};
use crate::stones::Stones;

/// What Benson's algorithm proves for one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Pass-alive stones.
    pub alive: Bits,
    /// Pass-alive territory (empty points and dead opponent stones).
    pub territory: Bits,
}

impl Settled {
    /// Stones and territory together.
    pub fn area(&self) -> Bits {
        self.alive | self.territory
    }
}

/// Benson's algorithm for `color` on `stones`.
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::{Color, Graph};
/// use miai_graphgo::{Board, Stones, benson};
/// let b = Board::new(Arc::new(Graph::line(5).unwrap())).unwrap();
/// // `. X . X .`: White may play nowhere, so both stones are pass-alive.
/// let s = Stones { black: 0b01010, white: 0 };
/// assert_eq!(benson::settle(&b, &s, Color::Black).area(), 0b11111);
/// // `. X . . .`: one stone, one vital region: not alive.
/// let s = Stones { black: 0b00010, white: 0 };
/// assert_eq!(benson::settle(&b, &s, Color::Black).alive, 0);
/// ```
pub fn settle(board: &Board, stones: &Stones, color: Color) -> Settled {
    let mine = stones.of(color);
    if mine == 0 {
        return Settled::default();
    }
    let empty = stones.empty(board);
    let mut chains: [Bits; 64] = [0; 64];
    let mut libs: [Bits; 64] = [0; 64];
    let mut nc = 0;
    let mut rest = mine;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        let c = board.flood(1 << v, mine);
        rest &= !c;
        chains[nc] = c;
        libs[nc] = board.adjacent(c) & empty;
        nc += 1;
    }
    let other = board.all() & !mine;
    let mut regions: [Bits; 64] = [0; 64];
    let mut nr = 0;
    let mut rest = other;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        let r = board.flood(1 << v, other);
        rest &= !r;
        regions[nr] = r;
        nr += 1;
    }
    let mut chain_ok = [true; 64];
    let mut region_ok = [true; 64];
    loop {
        let mut changed = false;
        for i in 0..nc {
            if !chain_ok[i] {
                continue;
            }
            let mut vital = 0;
            for j in 0..nr {
                if !region_ok[j] {
                    continue;
                }
                let r = regions[j];
                let e = r & empty;
                // Vital: the region touches the chain and all its empty
                // points are liberties of the chain.
                if board.adjacent(chains[i]) & r != 0 && e & !libs[i] == 0 {
                    vital += 1;
                }
            }
            if vital < 2 {
                chain_ok[i] = false;
                changed = true;
            }
        }
        let mut alive_now = 0;
        for i in 0..nc {
            if chain_ok[i] {
                alive_now |= chains[i];
            }
        }
        for j in 0..nr {
            if !region_ok[j] {
                continue;
            }
            let border = board.adjacent(regions[j]) & mine;
            if border & !alive_now != 0 {
                region_ok[j] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut alive = 0;
    for i in 0..nc {
        if chain_ok[i] {
            alive |= chains[i];
        }
    }
    if alive == 0 {
        return Settled::default();
    }
    let near_alive = board.adjacent(alive);
    let mut territory = 0;
    for j in 0..nr {
        if region_ok[j] && regions[j] & empty & !near_alive == 0 {
            territory |= regions[j];
        }
    }
    Settled { alive, territory }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;

    use super::*;

    #[test]
    fn grid_two_eyes() {
        // 3x3:  . X .
        //       X X X
        //       . X .   four single-point eyes: alive, all Black's.
        let b = Board::new(Arc::new(Graph::grid(3, 3).unwrap())).unwrap();
        let s = Stones {
            black: 0b010_111_010,
            white: 0,
        };
        assert_eq!(settle(&b, &s, Color::Black).area(), b.all());
        // One eye only (an L-shaped 3-point region is one region).
        let s = Stones {
            black: 0b000_111_000,
            white: 0,
        };
        let st = settle(&b, &s, Color::Black);
        // Two regions (top row, bottom row), each vital: alive.
        assert_eq!(st.alive, 0b000_111_000);
    }
}
