//! The Chinese-countable end (中国式可終局) and the Chinese score.
//!
//! A regular sequence `r` is *Chinese-countable* when no vertex has class
//! `N` and all vertices of each class `[v]_r` of the last colouring agree.
//! Here `[v]_r` is the block of `v` (the seed's article on graph Go is not
//! among the seeds; we take the usual meaning): the connected set of
//! vertices of `v`'s colour — a chain for a stone, a connected empty region
//! for an empty point. The Chinese score (White minus Black, as the seed
//! writes it) counts `W` vertices and `P` vertices holding a White stone for
//! White, `B` vertices and `P` vertices holding a Black stone for Black;
//! White wins against komi `h` iff `s_c >= h`.

use crate::board::Board;
use crate::outcome::Class;
use crate::stones::Stones;

/// Whether the classes make the position Chinese-countable (see the module
/// docs); on failure, the vertex that shows it.
pub fn countable_failure(board: &Board, stones: &Stones, classes: &[Class]) -> Option<usize> {
    for v in 0..board.len() {
        if classes[v] == Class::N {
            return Some(v);
        }
        let mut block = stones.block(board, v);
        while block != 0 {
            let w = block.trailing_zeros() as usize;
            block &= block - 1;
            if classes[w] != classes[v] {
                return Some(w);
            }
        }
    }
    None
}

/// Whether the classes make the position Chinese-countable.
pub fn is_countable(board: &Board, stones: &Stones, classes: &[Class]) -> bool {
    countable_failure(board, stones, classes).is_none()
}

/// The Chinese score `s_c` (White minus Black) of the seed: `W` vertices and
/// White-stone `P` vertices minus `B` vertices and Black-stone `P` vertices.
/// Meaningful when the position is Chinese-countable.
///
/// ```
/// use miai_graphgo::{Class, Stones, chinese};
/// let s = Stones { black: 0b001, white: 0b100 };
/// // A seki-like line `X . O` where every vertex is P: 1 - 1.
/// assert_eq!(chinese::score(&s, &[Class::P, Class::P, Class::P]), 0);
/// ```
pub fn score(stones: &Stones, classes: &[Class]) -> i32 {
    let mut s = 0;
    for (v, c) in classes.iter().enumerate() {
        s += match (c, stones.value(v)) {
            (Class::W, _) | (Class::P, 1) => 1,
            (Class::B, _) | (Class::P, -1) => -1,
            _ => 0,
        };
    }
    s
}

/// White wins by the Chinese count against komi `h` iff `s_c >= h`.
pub fn white_wins(score: i32, komi: f64) -> bool {
    f64::from(score) >= komi
}

/// The stones-only (純碁) score, White minus Black as the seed counts.
pub fn jungo_score(stones: &Stones) -> i32 {
    -stones.stone_score()
}
