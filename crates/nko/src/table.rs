//! The win table of the `(n, m, t)` model by dynamic programming.

use crate::{Player, State, StateError};

/// The largest `n` a [`WinTable`] is built for: two bits per cell, about
/// 12.5 MB at this size, built in a fraction of a second (see the
/// `table` benchmark). The closed form ([`crate::closed_form`]) answers
/// single states far beyond.
pub const MAX_TABLE_N: u64 = 10_000;

/// Who wins every state `(n, m, t)` with `2 <= n <= max_n`, `1 <= m < n`,
/// computed by dynamic programming over `n` from the model's rules alone.
#[derive(Clone, Debug)]
pub struct WinTable {
    max_n: u64,
    /// `black_wins[t]`: one bit per cell, cell index [`cell`].
    black_wins: [Vec<u64>; 2],
}

/// Bit index of `(n, m)` in a table: rows of `n - 1` cells for `n = 2, 3, ...`.
fn cell(n: u64, m: u64) -> usize {
    ((n - 2) * (n - 1) / 2 + (m - 1)) as usize
}

fn get(bits: &[u64], i: usize) -> bool {
    bits[i >> 6] >> (i & 63) & 1 == 1
}

fn set(bits: &mut [u64], i: usize) {
    bits[i >> 6] |= 1 << (i & 63);
}

impl WinTable {
    /// Build the table for `n <= max_n`.
    ///
    /// # Errors
    /// [`StateError::TooFewKos`] if `max_n < 2`, [`StateError::TooManyKos`]
    /// above [`MAX_TABLE_N`].
    ///
    /// ```
    /// use miai_nko::{Player, State, WinTable};
    /// let table = WinTable::build(60)?;
    /// let s = State::new(50, 17, Player::Black)?;
    /// assert_eq!(table.winner(s)?, Player::Black); // the seed says White: see the crate docs
    /// # Ok::<(), miai_nko::StateError>(())
    /// ```
    pub fn build(max_n: u64) -> Result<Self, StateError> {
        if max_n < 2 {
            return Err(StateError::TooFewKos { n: max_n });
        }
        if max_n > MAX_TABLE_N {
            return Err(StateError::TooManyKos {
                n: max_n,
                limit: MAX_TABLE_N,
            });
        }
        let cells = cell(max_n, max_n - 1) + 1;
        let words = cells.div_ceil(64);
        let mut b = vec![0u64; words]; // Black to move
        let mut w = vec![0u64; words]; // White to move
        for n in 2..=max_n {
            for m in 1..n {
                // Black to move.
                let black = if m == n - 1 {
                    true // Capture: White's group has one liberty.
                } else {
                    // Fill: (n-1, m-1, 1); filling the last liberty loses.
                    let fill = m > 1 && get(&w, cell(n - 1, m - 1));
                    // Win the fight (n >= 2m+1): (n-1, m+1, 0); when White
                    // then holds none, he had to fill his last liberty.
                    let fight = n > 2 * m && (m + 1 == n - 1 || get(&b, cell(n - 1, m + 1)));
                    fill || fight
                };
                if black {
                    set(&mut b, cell(n, m));
                }
                // White to move.
                let white_wins = if m == 1 {
                    true // Capture.
                } else {
                    // Fill: (n-1, m, 0); White filling his last liberty loses.
                    let fill = n - m > 1 && !get(&b, cell(n - 1, m));
                    // White holds n - m; wins the fight iff n >= 2(n-m)+1,
                    // then (n-1, m-2, 1); Black left with none loses.
                    let fight = n > 2 * (n - m) && (m == 2 || !get(&w, cell(n - 1, m - 2)));
                    fill || fight
                };
                if !white_wins {
                    set(&mut w, cell(n, m));
                }
            }
        }
        Ok(Self {
            max_n,
            black_wins: [b, w],
        })
    }

    /// The largest `n` in the table.
    #[must_use]
    pub fn max_n(&self) -> u64 {
        self.max_n
    }

    /// The winner of `state` under perfect play.
    ///
    /// # Errors
    /// [`StateError::OutsideTable`] if `state.n()` exceeds the table.
    pub fn winner(&self, state: State) -> Result<Player, StateError> {
        if state.n() > self.max_n {
            return Err(StateError::OutsideTable {
                max_n: self.max_n,
                n: state.n(),
                m: state.m(),
            });
        }
        let black = get(&self.black_wins[state.t()], cell(state.n(), state.m()));
        Ok(if black { Player::Black } else { Player::White })
    }

    /// Every state of the table, in order of `n`, then `m`, then `t`, with
    /// its winner.
    pub fn iter(&self) -> impl Iterator<Item = (State, Player)> + '_ {
        (2..=self.max_n).flat_map(move |n| {
            (1..n).flat_map(move |m| {
                [Player::Black, Player::White].into_iter().map(move |p| {
                    let i = cell(n, m);
                    let black = get(&self.black_wins[p.index()], i);
                    // Cells exist for every (n, m) with 2 <= n, 1 <= m < n.
                    let state = State::new(n, m, p).unwrap_or_else(|_| unreachable!());
                    (state, if black { Player::Black } else { Player::White })
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Step};

    /// Plain minimax over `State::play`, independent of the table's
    /// hand-written index arithmetic.
    fn minimax(s: State) -> Player {
        let me = s.to_move();
        let wins = s.moves().into_iter().any(|mv| match s.play(mv) {
            Some(Step::Win { winner, .. }) => winner == me,
            Some(Step::Continue(next)) => minimax(next) == me,
            None => false,
        });
        if wins { me } else { me.opponent() }
    }

    #[test]
    fn table_equals_plain_minimax_over_the_move_rules() {
        let table = WinTable::build(18).unwrap();
        for (s, w) in table.iter() {
            assert_eq!(w, minimax(s), "{s}");
        }
        assert_eq!(table.iter().count(), 2 * (17 * 18 / 2));
    }

    #[test]
    fn colour_symmetry() {
        let table = WinTable::build(40).unwrap();
        for (s, w) in table.iter() {
            assert_eq!(table.winner(s.mirrored()).unwrap(), w.opponent(), "{s}");
        }
    }

    #[test]
    fn small_cells_worked_by_hand() {
        // (3,1,0): Black takes; 3 >= 2*1+1 so Black wins the six-cycle fight and
        // White, in atari with one ko, must fill his last liberty.
        let t = WinTable::build(5).unwrap();
        let s = State::new(3, 1, Player::Black).unwrap();
        assert_eq!(s.play(Move::WinKoFight).map(|_| ()), Some(()));
        assert_eq!(t.winner(s).unwrap(), Player::Black);
        // (4,2,0): fill -> (3,1,1), White captures; fight lost (4 < 5).
        assert_eq!(
            t.winner(State::new(4, 2, Player::Black).unwrap()).unwrap(),
            Player::White
        );
        assert!(t.winner(State::new(6, 2, Player::Black).unwrap()).is_err());
    }

    #[test]
    fn limits() {
        assert!(WinTable::build(1).is_err());
        assert!(matches!(
            WinTable::build(MAX_TABLE_N + 1),
            Err(StateError::TooManyKos { .. })
        ));
    }
}
