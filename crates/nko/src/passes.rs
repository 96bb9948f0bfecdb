//! The variant with passes: a pass hands the move over without changing the
//! board, and two passes in a row end the game in a draw (seed 000, "（おまけ）
//! パスがある場合").
//!
//! Two tables live here:
//!
//! * [`proven_outcome`]: the seed's claim — Black to move wins iff
//!   `m >= n - 1` or `(n, m) = (3, 1)`, otherwise it is a draw; Black to move
//!   never loses (and by colour symmetry White to move wins iff `m = 1` or
//!   `(n, m) = (3, 2)`). It is checked against the full-history brute force
//!   ([`crate::history`], with [`crate::history::Rules::PassesAllowed`]) for
//!   every state with `n <= 10` in the tests: there it is the truth. Beyond
//!   that it is a conjecture (see [`PROVEN_PASS_MAX_N`]).
//! * [`NaivePassTable`]: the `(n, m, t)` recursion with a pass move added
//!   naively (state `(n, m, t, last move was a pass)`, ko fights still
//!   decided by the no-pass oracle). This is *not* the same game: a pass in
//!   the middle of a ko fight changes who takes next and lets the walk leave
//!   the two levels the oracle assumes. The tests compare the two and the
//!   crate documentation lists the cells where they differ.

use crate::{Outcome, Player, State, StateError, fight};

/// The largest `n` for which the pass table has been established by the
/// full-history brute force (in the test suite, `tests/passes.rs`).
pub const PROVEN_PASS_MAX_N: u64 = 10;

/// The outcome with passes allowed, by the seed's rule (see the module docs
/// for its status): the side to move wins iff the opponent is in atari, or
/// in the triple ko where the mover holds one ko; otherwise a draw.
///
/// ```
/// use miai_nko::{Outcome, Player, State, passes};
/// let s = State::new(3, 1, Player::Black)?;
/// assert_eq!(passes::proven_outcome(s), Outcome::BlackWins);
/// let s = State::new(50, 17, Player::Black)?;
/// assert_eq!(passes::proven_outcome(s), Outcome::Draw);
/// # Ok::<(), miai_nko::StateError>(())
/// ```
#[must_use]
pub fn proven_outcome(state: State) -> Outcome {
    let me = state.to_move();
    let (n, mine) = (state.n(), state.kos_of(me));
    if mine + 1 == n || (n == 3 && mine == 1) {
        Outcome::win_for(me)
    } else {
        Outcome::Draw
    }
}

/// Whether [`proven_outcome`] is backed by the brute force for this state.
#[must_use]
pub fn is_proven(state: State) -> bool {
    state.n() <= PROVEN_PASS_MAX_N
}

/// The naive `(n, m, t)` recursion with passes (see the module docs).
#[derive(Clone, Debug)]
pub struct NaivePassTable {
    max_n: u64,
    /// Per cell `(n, m)`: the outcome for `[t][passed]`.
    cells: Vec<[[Outcome; 2]; 2]>,
}

fn cell(n: u64, m: u64) -> usize {
    ((n - 2) * (n - 1) / 2 + (m - 1)) as usize
}

impl NaivePassTable {
    /// Build the naive table for `n <= max_n`.
    ///
    /// # Errors
    /// As [`crate::WinTable::build`].
    pub fn build(max_n: u64) -> Result<Self, StateError> {
        if max_n < 2 {
            return Err(StateError::TooFewKos { n: max_n });
        }
        if max_n > crate::MAX_TABLE_N {
            return Err(StateError::TooManyKos {
                n: max_n,
                limit: crate::MAX_TABLE_N,
            });
        }
        let mut cells = vec![[[Outcome::Draw; 2]; 2]; cell(max_n, max_n - 1) + 1];
        for n in 2..=max_n {
            for m in 1..n {
                // After a pass first (it only needs smaller n), then after a move.
                for passed in [true, false] {
                    for me in [Player::Black, Player::White] {
                        let o = Self::value(&cells, n, m, me, passed);
                        cells[cell(n, m)][me.index()][usize::from(passed)] = o;
                    }
                }
            }
        }
        Ok(Self { max_n, cells })
    }

    fn value(cells: &[[[Outcome; 2]; 2]], n: u64, m: u64, me: Player, passed: bool) -> Outcome {
        let mine = if me == Player::Black { m } else { n - m };
        let theirs = n - mine;
        if theirs == 1 {
            return Outcome::win_for(me);
        }
        // Outcome of a state (n', black kos m', to move) after a non-pass
        // move, with the no-liberty ends resolved.
        let after = |n2: u64, m2: u64, p: Player| -> Outcome {
            if m2 == 0 {
                Outcome::WhiteWins
            } else if m2 == n2 {
                Outcome::BlackWins
            } else {
                cells[cell(n2, m2)][p.index()][0]
            }
        };
        let mut options = Vec::with_capacity(3);
        if mine > 1 {
            let m2 = if me == Player::Black { m - 1 } else { m };
            options.push(after(n - 1, m2, me.opponent()));
        }
        if fight::mover_wins(n, mine) {
            let m2 = if me == Player::Black { m + 1 } else { m - 2 };
            options.push(after(n - 1, m2, me));
        }
        options.push(if passed {
            Outcome::Draw
        } else {
            cells[cell(n, m)][me.opponent().index()][1]
        });
        options
            .into_iter()
            .max_by_key(|o| o.score_for(me))
            .unwrap_or(Outcome::win_for(me.opponent()))
    }

    /// The naive outcome of `state` (with no pass just played).
    ///
    /// # Errors
    /// [`StateError::OutsideTable`] beyond the table.
    pub fn outcome(&self, state: State) -> Result<Outcome, StateError> {
        if state.n() > self.max_n {
            return Err(StateError::OutsideTable {
                max_n: self.max_n,
                n: state.n(),
                m: state.m(),
            });
        }
        Ok(self.cells[cell(state.n(), state.m())][state.t()][0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_outcome_is_colour_symmetric() {
        for n in 2..30 {
            for m in 1..n {
                let s = State::new(n, m, Player::Black).unwrap();
                let mirrored = match proven_outcome(s.mirrored()) {
                    Outcome::BlackWins => Outcome::WhiteWins,
                    Outcome::WhiteWins => Outcome::BlackWins,
                    Outcome::Draw => Outcome::Draw,
                };
                assert_eq!(proven_outcome(s), mirrored, "{s}");
            }
        }
    }

    #[test]
    fn naive_table_never_lets_the_capturer_miss() {
        let t = NaivePassTable::build(20).unwrap();
        for n in 2..=20 {
            let s = State::new(n, n - 1, Player::Black).unwrap();
            assert_eq!(t.outcome(s).unwrap(), Outcome::BlackWins);
        }
    }
}
