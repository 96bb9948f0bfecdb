//! Per-vertex outcome classes `o(r, v)` of regular move sequences.
//!
//! # The recursion implemented
//!
//! A *regular move sequence* (正規着手列) `r = c_0 ... c_n` is a sequence of
//! colourings, each obtained from the previous one by a legal stone play
//! (suicide forbidden), with no colouring repeated. Its Black options `r^B`
//! are the regular sequences `r + m` for Black plays `m`, its White options
//! `r^W` likewise. Passes are not options: the class `P` stands for them.
//! The class `o(r, v) ∈ {B, W, N, P}` of a vertex `v` is:
//!
//! 1. if the last colouring `c_n` is ultimate ([`crate::ultimate`]):
//!    `B` for Black stones and Black eyes, `W` for White stones and eyes;
//! 2. otherwise, with
//!    `black_good = ∃ r' ∈ r^B : o(r', v) ∈ {B, P}` and
//!    `white_good = ∃ r' ∈ r^W : o(r', v) ∈ {W, P}`:
//!
//!    | black_good | white_good | o(r, v) |
//!    |---|---|---|
//!    | yes | yes | N |
//!    | yes | no  | B |
//!    | no  | yes | W |
//!    | no  | no  | P |
//!
//! Why this table (the seed's second table is an image lost from the text):
//! the seed's prose says that next to an ultimate sequence Black wants an
//! option of class `B` and White one of class `W` (the four corners of its
//! first table), that a child of class `N` belongs to the *next* player, so
//! it is bad for the one who chose it, and that a child of class `P` "is no
//! problem to choose, but since Go allows passing it is left as it is": `P`
//! belongs to the player who has just moved, i.e. to the chooser. So a
//! child is good for Black iff its class is `B` or `P`, good for White iff
//! `W` or `P` — the outcome recursion of combinatorial game theory, with
//! `B`/`W` for Left/Right wins. A sequence with no options at all (both
//! players can only pass) gets `P` everywhere, as the seki example of the
//! seed requires.
//!
//! The class depends on the whole history (repetitions remove options), so
//! the exhaustive recursion is memoised by the exact key (last colouring,
//! set of colourings in `r`): two sequences with the same key have the same
//! options and so the same classes.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use miai_goban::Color;

use crate::board::Board;
use crate::error::GraphGoError;
use crate::stones::Stones;
use crate::ultimate;

/// An outcome class of a vertex (帰結類).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// The vertex ends Black's (Black stone or Black eye).
    B,
    /// The vertex ends White's.
    W,
    /// The next player to move gets it.
    N,
    /// The previous player gets it: it stays as it is (both may pass).
    P,
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::B => "B",
            Class::W => "W",
            Class::N => "N",
            Class::P => "P",
        })
    }
}

impl Class {
    /// The table of the module docs.
    pub fn from_goodness(black_good: bool, white_good: bool) -> Class {
        match (black_good, white_good) {
            (true, true) => Class::N,
            (true, false) => Class::B,
            (false, true) => Class::W,
            (false, false) => Class::P,
        }
    }
}

/// The default node budget of [`classes`].
pub const DEFAULT_CLASS_NODES: u64 = 2_000_000;

/// The most vertices [`classes`] accepts: the recursion is exhaustive.
pub const MAX_CLASS_VERTICES: usize = 16;

/// The outcome classes `o(r, v)` of every vertex for the regular sequence
/// `r` (its colourings in order, the last being the current one), with a
/// budget of `max_nodes` distinct memo entries.
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::Graph;
/// use miai_graphgo::{Board, Class, Stones, outcome};
/// let b = Board::new(Arc::new(Graph::line(3).unwrap())).unwrap();
/// // `. X .` is ultimate: everything is Black's.
/// let c = outcome::classes(&b, &[Stones { black: 0b010, white: 0 }], 10_000).unwrap();
/// assert_eq!(c, vec![Class::B; 3]);
/// ```
pub fn classes(board: &Board, r: &[Stones], max_nodes: u64) -> Result<Vec<Class>, GraphGoError> {
    if board.len() > MAX_CLASS_VERTICES {
        return Err(GraphGoError::TooBigForClasses {
            vertices: board.len(),
            max: MAX_CLASS_VERTICES,
        });
    }
    let Some(&last) = r.last() else {
        return Err(GraphGoError::WrongLength {
            expected: board.len(),
            found: 0,
        });
    };
    for s in r {
        s.check_liberties(board)?;
    }
    let seen: BTreeSet<Stones> = r.iter().copied().collect();
    let mut search = ClassSearch {
        board,
        memo: HashMap::new(),
        max_nodes,
    };
    search
        .run(last, &seen)
        .ok_or(GraphGoError::ClassesCutOff { nodes: max_nodes })
}

struct ClassSearch<'a> {
    board: &'a Board,
    memo: HashMap<(Stones, Vec<Stones>), Vec<Class>>,
    max_nodes: u64,
}

impl ClassSearch<'_> {
    fn run(&mut self, cur: Stones, seen: &BTreeSet<Stones>) -> Option<Vec<Class>> {
        let key = (cur, seen.iter().copied().collect::<Vec<_>>());
        if let Some(c) = self.memo.get(&key) {
            return Some(c.clone());
        }
        if self.memo.len() as u64 >= self.max_nodes {
            return None;
        }
        let n = self.board.len();
        let out: Vec<Class> = if let Some(eyes) = ultimate::eyes(self.board, &cur) {
            (0..n)
                .map(|v| {
                    let bit = 1u64 << v;
                    if (cur.black | eyes.black) & bit != 0 {
                        Class::B
                    } else {
                        Class::W
                    }
                })
                .collect()
        } else {
            let mut good = [vec![false; n], vec![false; n]];
            for color in Color::ALL {
                let mut empty = cur.empty(self.board);
                while empty != 0 {
                    let v = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    let Some(p) = cur.play(self.board, color, v) else {
                        continue;
                    };
                    if seen.contains(&p.stones) {
                        continue;
                    }
                    let mut next = seen.clone();
                    next.insert(p.stones);
                    let child = self.run(p.stones, &next)?;
                    let mine = if color == Color::Black {
                        Class::B
                    } else {
                        Class::W
                    };
                    for (g, c) in good[color.index()].iter_mut().zip(&child) {
                        *g |= *c == mine || *c == Class::P;
                    }
                }
            }
            (0..n)
                .map(|v| Class::from_goodness(good[0][v], good[1][v]))
                .collect()
        };
        self.memo.insert(key, out.clone());
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        assert_eq!(Class::from_goodness(true, true), Class::N);
        assert_eq!(Class::from_goodness(true, false), Class::B);
        assert_eq!(Class::from_goodness(false, true), Class::W);
        assert_eq!(Class::from_goodness(false, false), Class::P);
    }
}
