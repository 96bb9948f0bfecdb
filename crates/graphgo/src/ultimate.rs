//! Ultimate positions (窮極盤面) and their eyes.
//!
//! The seed's definition: a colouring `c` is *ultimate* when every empty
//! vertex `v` is forbidden (suicide) for one of the two players and, writing
//! `d` for the colouring that the other player's play at `v` produces,
//! `|l_d(v)| = 1`: the chain through `v` in `d` has exactly one liberty.
//! Informally every group is down to exactly two single-point eyes. The
//! empty vertices of an ultimate position are its *eyes*; an eye next to a
//! Black stone is Black's (`E_B`), next to a White stone White's (`E_W`).
//!
//! The seed proves that in an ultimate position every neighbour of an empty
//! vertex is a stone and all of them have one colour, so `E_B` and `E_W`
//! partition the empty points. A vertex without neighbours (the 1x1 board)
//! is forbidden for both players and so never part of an ultimate position.

use miai_goban::Color;

use crate::board::{Bits, Board};
use crate::stones::Stones;

/// The eyes of an ultimate position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eyes {
    /// `E_B`: empty points next to a Black stone.
    pub black: Bits,
    /// `E_W`: empty points next to a White stone.
    pub white: Bits,
}

/// Whether `stones` is an ultimate position of `board` (see the module
/// docs). The empty board of a graph with an edge is not ultimate.
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::Graph;
/// use miai_graphgo::{Board, Stones, ultimate};
/// let b = Board::new(Arc::new(Graph::line(3).unwrap())).unwrap();
/// // `. X .`: both ends are Black's eyes; White may not play there.
/// assert!(ultimate::is_ultimate(&b, &Stones { black: 0b010, white: 0 }));
/// // `. . X`: both players may play B1 (White's play captures C1), so it
/// // is not ultimate.
/// assert!(!ultimate::is_ultimate(&b, &Stones { black: 0b100, white: 0 }));
/// ```
pub fn is_ultimate(board: &Board, stones: &Stones) -> bool {
    let mut empty = stones.empty(board);
    if empty == 0 {
        // Every legal colouring has an empty point; keep the definition
        // total anyway: vacuously ultimate.
        return true;
    }
    while empty != 0 {
        let v = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        let b = stones.play(board, Color::Black, v);
        let w = stones.play(board, Color::White, v);
        let d = match (b, w) {
            (Some(p), None) | (None, Some(p)) => p.stones,
            _ => return false,
        };
        let chain = d.block(board, v);
        if d.liberties(board, chain).count_ones() != 1 {
            return false;
        }
    }
    true
}

/// The eyes `E_B`, `E_W` of `stones` if it is ultimate, else `None`.
pub fn eyes(board: &Board, stones: &Stones) -> Option<Eyes> {
    if !is_ultimate(board, stones) {
        return None;
    }
    let empty = stones.empty(board);
    let (mut black, mut white) = (0, 0);
    let mut rest = empty;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let near = board.neighbors(v);
        if near & stones.black != 0 {
            black |= 1 << v;
        }
        if near & stones.white != 0 {
            white |= 1 << v;
        }
    }
    Some(Eyes { black, white })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;

    use super::*;

    #[test]
    fn line_examples() {
        let b = Board::new(Arc::new(Graph::line(5).unwrap())).unwrap();
        // `. X . X .`: three eyes; Black filling the middle keeps two
        // liberties, so it is not ultimate.
        assert!(!is_ultimate(
            &b,
            &Stones {
                black: 0b01010,
                white: 0
            }
        ));
        // `. X X X .`: two eyes, ultimate.
        let s = Stones {
            black: 0b01110,
            white: 0,
        };
        assert_eq!(
            eyes(&b, &s),
            Some(Eyes {
                black: 0b10001,
                white: 0
            })
        );
    }
}
