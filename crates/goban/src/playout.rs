//! Random playouts: the speed benchmark of the board, and a building block
//! for Monte-Carlo style estimates.
//!
//! Policy: random among legal plays that don't fill a single-point eye of
//! the mover (an empty point all of whose neighbours are the mover's stones;
//! on grids not a false eye by the diagonal rule, see
//! [`Position::playout_ok`]); pass when there is none. The playout ends after two
//! passes in a row or at the length cap. Superko is not checked (simple ko
//! is), as usual for playouts.

use crate::color::Color;
use crate::position::Position;
use crate::vertex::Vertex;

/// A small, fast, seedable generator (xorshift64*): playouts need speed and
/// reproducibility, not cryptographic quality.
#[derive(Debug, Clone)]
pub struct FastRng(u64);

impl FastRng {
    /// A generator from a seed (0 is replaced by a fixed non-zero value).
    pub fn new(seed: u64) -> FastRng {
        FastRng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// How a playout ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played, passes included.
    pub moves: usize,
    /// Whether it ended by two passes (rather than the cap).
    pub finished: bool,
}

/// Picks a random legal non-eye-filling play for `color`, or `None`.
#[inline]
pub fn random_play(pos: &Position, color: Color, rng: &mut FastRng) -> Option<Vertex> {
    let n = pos.empty_count();
    if n == 0 {
        return None;
    }
    // Scan the empty list from a random start: uniform over the first
    // acceptable point after a random index, the usual cheap approximation.
    let start = rng.below(n);
    pos.first_playout_ok(color, start)
}

/// Plays a random game from `pos` to the end (two passes) or `max_moves`.
pub fn playout(pos: &mut Position, rng: &mut FastRng, max_moves: usize) -> PlayoutResult {
    let mut passes = 0;
    let mut moves = 0;
    while moves < max_moves {
        let color = pos.to_move();
        match random_play(pos, color, rng) {
            Some(v) => {
                pos.play_unchecked(color, v);
                passes = 0;
            }
            None => {
                pos.pass(color);
                passes += 1;
            }
        }
        moves += 1;
        if passes == 2 {
            return PlayoutResult {
                moves,
                finished: true,
            };
        }
    }
    PlayoutResult {
        moves,
        finished: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use crate::rules::Rules;
    use std::sync::Arc;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let g = Arc::new(Graph::grid(9, 9).unwrap());
        let mut rng = FastRng::new(7);
        for _ in 0..50 {
            let mut pos = Position::empty(g.clone(), Rules::chinese());
            let r = playout(&mut pos, &mut rng, 1000);
            pos.validate().unwrap();
            // Simple ko lets rare long cycles (e.g. sending two, returning
            // one) run into the cap; those end unfinished.
            if !r.finished {
                continue;
            }
            // Two adjacent empty points would give both sides a play that
            // fills no eye, so at the end no empty point touches another.
            for v in pos.empty_points() {
                assert!(
                    pos.graph()
                        .neighbors(v)
                        .iter()
                        .all(|&u| pos.color_at(u).is_some())
                );
            }
        }
    }

    #[test]
    fn below_is_in_range() {
        let mut rng = FastRng::new(1);
        for n in 1..100 {
            assert!(rng.below(n) < n);
        }
    }
}
