//! A colouring of a [`Board`]: Black (-1 in the seed), White (+1), empty (0).

use miai_goban::Color;

use crate::board::{Bits, Board};
use crate::error::GraphGoError;

/// The stones on a board: two disjoint bit sets. This is the seed's
/// 配置 (colouring) `c: V -> {-1, 0, 1}` with Black = -1 and White = +1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones {
    /// Black stones.
    pub black: Bits,
    /// White stones.
    pub white: Bits,
}

/// The result of a stone play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The colouring after the play.
    pub stones: Stones,
    /// The opponent stones it captured.
    pub captured: Bits,
}

impl Stones {
    /// The empty board.
    pub const EMPTY: Stones = Stones { black: 0, white: 0 };

    /// The stones of `color`.
    #[inline]
    pub fn of(&self, color: Color) -> Bits {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The empty points of `board`.
    #[inline]
    pub fn empty(&self, board: &Board) -> Bits {
        board.all() & !(self.black | self.white)
    }

    /// The seed's `c(v)`: -1 Black, +1 White, 0 empty.
    pub fn value(&self, v: usize) -> i8 {
        if self.black >> v & 1 == 1 {
            -1
        } else if self.white >> v & 1 == 1 {
            1
        } else {
            0
        }
    }

    /// The colour at `v`, if any.
    pub fn color_at(&self, v: usize) -> Option<Color> {
        match self.value(v) {
            -1 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// A colouring from per-vertex colours, checked: every chain must have a
    /// liberty.
    pub fn from_colors(board: &Board, colors: &[Option<Color>]) -> Result<Stones, GraphGoError> {
        if colors.len() != board.len() {
            return Err(GraphGoError::WrongLength {
                expected: board.len(),
                found: colors.len(),
            });
        }
        let mut s = Stones::EMPTY;
        for (v, c) in colors.iter().enumerate() {
            match c {
                Some(Color::Black) => s.black |= 1 << v,
                Some(Color::White) => s.white |= 1 << v,
                None => {}
            }
        }
        s.check_liberties(board)?;
        Ok(s)
    }

    /// Per-vertex colours.
    pub fn to_colors(&self, board: &Board) -> Vec<Option<Color>> {
        (0..board.len()).map(|v| self.color_at(v)).collect()
    }

    /// An error naming the first chain (by vertex order) without a liberty,
    /// if there is one: such a colouring is not a position.
    pub fn check_liberties(&self, board: &Board) -> Result<(), GraphGoError> {
        match self.chain_without_liberty(board) {
            None => Ok(()),
            Some((color, v)) => Err(GraphGoError::NoLiberties {
                color: if color == Color::Black {
                    "black"
                } else {
                    "white"
                },
                vertex: board.name(v),
            }),
        }
    }

    /// The first chain (by vertex order) without a liberty, if any.
    pub fn chain_without_liberty(&self, board: &Board) -> Option<(Color, usize)> {
        let empty = self.empty(board);
        for color in Color::ALL {
            let mut rest = self.of(color);
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                let chain = board.flood(1 << v, self.of(color));
                rest &= !chain;
                if board.adjacent(chain) & empty == 0 {
                    return Some((color, v));
                }
            }
        }
        None
    }

    /// The chain (stones of one colour, connected) through `v`, or the
    /// connected empty region through `v` when `v` is empty: the seed's
    /// class `[v]` of the colouring.
    pub fn block(&self, board: &Board, v: usize) -> Bits {
        let within = match self.color_at(v) {
            Some(c) => self.of(c),
            None => self.empty(board),
        };
        board.flood(1 << v, within)
    }

    /// The liberties (empty neighbours) of a set of stones.
    #[inline]
    pub fn liberties(&self, board: &Board, chain: Bits) -> Bits {
        board.adjacent(chain) & self.empty(board)
    }

    /// `color` plays at empty `v`: opponent chains left without liberties
    /// are captured; `None` if `v` is occupied or the play is suicide
    /// (forbidden: the seed's 着手禁止点).
    #[inline]
    pub fn play(&self, board: &Board, color: Color, v: usize) -> Option<Played> {
        let bit = 1u64 << v;
        if (self.black | self.white) & bit != 0 {
            return None;
        }
        let me = self.of(color) | bit;
        let mut opp = self.of(color.opponent());
        let empty = board.all() & !(me | opp);
        let mut captured = 0;
        let mut near = board.neighbors(v) & opp;
        while near != 0 {
            let u = near.trailing_zeros() as usize;
            let chain = board.flood(1 << u, opp);
            near &= !chain;
            if board.adjacent(chain) & empty == 0 {
                captured |= chain;
            }
        }
        opp &= !captured;
        if captured == 0 {
            let mine = board.flood(bit, me);
            if board.adjacent(mine) & empty == 0 {
                return None;
            }
        }
        let stones = match color {
            Color::Black => Stones {
                black: me,
                white: opp,
            },
            Color::White => Stones {
                black: opp,
                white: me,
            },
        };
        Some(Played { stones, captured })
    }

    /// Tromp-Taylor area: each colour's stones plus the empty regions that
    /// touch only that colour. Returns `(black, white)` counts.
    pub fn area(&self, board: &Board) -> (u32, u32) {
        let (bo, wo) = self.area_sets(board);
        (bo.count_ones(), wo.count_ones())
    }

    /// The vertices counted for Black and for White by area scoring.
    pub fn area_sets(&self, board: &Board) -> (Bits, Bits) {
        let empty = self.empty(board);
        let (mut b, mut w) = (self.black, self.white);
        let mut rest = empty;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            let region = board.flood(1 << v, empty);
            rest &= !region;
            let border = board.adjacent(region);
            let touches_b = border & self.black != 0;
            let touches_w = border & self.white != 0;
            if touches_b && !touches_w {
                b |= region;
            } else if touches_w && !touches_b {
                w |= region;
            }
        }
        (b, w)
    }

    /// Area score from Black's view: Black's area minus White's.
    pub fn area_score(&self, board: &Board) -> i32 {
        let (b, w) = self.area(board);
        b as i32 - w as i32
    }

    /// Stones-only (純碁, Jungo) score from Black's view: Black stones minus
    /// White stones.
    pub fn stone_score(&self) -> i32 {
        self.black.count_ones() as i32 - self.white.count_ones() as i32
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;

    use super::*;

    fn line(n: usize) -> Board {
        Board::new(Arc::new(Graph::line(n).unwrap())).unwrap()
    }

    #[test]
    fn capture_and_suicide_on_a_line() {
        let b = line(3);
        let s = Stones::EMPTY.play(&b, Color::Black, 0).unwrap().stones;
        let p = s.play(&b, Color::White, 1).unwrap();
        assert_eq!(p.captured, 1);
        assert_eq!(p.stones, Stones { black: 0, white: 2 });
        // `. O .`: Black at A1 would have no liberty and capture nothing.
        assert!(p.stones.play(&b, Color::Black, 0).is_none());
        // `. O O`: now Black at A1 captures both.
        let q = p.stones.play(&b, Color::White, 2).unwrap().stones;
        assert_eq!(q.play(&b, Color::Black, 0).unwrap().captured, 0b110);
    }

    #[test]
    fn area_of_a_line() {
        let b = line(3);
        let s = Stones {
            black: 0b010,
            white: 0,
        };
        assert_eq!(s.area(&b), (3, 0));
        let s = Stones {
            black: 0b001,
            white: 0b100,
        };
        assert_eq!(s.area(&b), (1, 1));
        assert_eq!(s.stone_score(), 0);
    }
}
