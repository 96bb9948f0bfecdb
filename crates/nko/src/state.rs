//! The seed's abstract state `(n, m, t)` and its moves.

use std::fmt;

use crate::{Player, StateError, fight};

/// The largest `n` a [`State`] accepts.
///
/// The closed form needs only `2m + 1` and `n + m` to fit in a `u64`; the
/// limit is far below that and far above anything a board holds, so a typo
/// (an extra digit or ten) is caught rather than answered.
pub const MAX_N: u64 = 1_000_000_000_000;

/// A position of the n-ko model at a moment when no ko fight is in progress:
/// right after a fill (or at the start), so that no earlier position can
/// recur and the superko history is empty apart from the position itself.
///
/// Invariant: `2 <= n <= MAX_N` and `1 <= m <= n - 1` (each group's liberties
/// are its kos, so a live group holds at least one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    n: u64,
    m: u64,
    to_move: Player,
}

/// A move of the abstract game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The opponent holds exactly one ko: retake it. That fills the last
    /// liberty of the opponent's group, which is captured: the mover wins.
    Capture,
    /// Operation 1 (コウを埋める): fill one of your own kos. It costs you one
    /// liberty; filling your last one is suicide and loses.
    Fill,
    /// Operation 2 (コウに勝ち、相手に埋めさせる): take one of the opponent's
    /// kos and win the ko fight that follows, so that the opponent, unable to
    /// retake, must fill one of his own; you keep the move. Only available
    /// when the fight oracle says the mover wins the fight.
    WinKoFight,
}

/// How a game of the model ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The winner retook the loser's last ko and captured his group.
    Capture,
    /// The loser filled his own last liberty (suicide; where suicide is
    /// illegal he had no legal move, which under no-pass rules also loses).
    Suicide,
    /// The loser lost the ko fight while holding a single ko: he had to fill
    /// his last liberty (or had no legal move).
    LostFightInAtari,
}

/// The result of playing a [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The game goes on from this state.
    Continue(State),
    /// The game is over.
    Win {
        /// Who won.
        winner: Player,
        /// How.
        ending: Ending,
    },
}

impl State {
    /// A checked state: `n` kos, `m` of them in the shape Black has taken
    /// (Black's liberties), `to_move` to play.
    ///
    /// # Errors
    /// [`StateError`] if `n < 2`, `n > MAX_N` or `m` is not in `1..=n-1`.
    ///
    /// ```
    /// use miai_nko::{Player, State};
    /// let s = State::new(50, 17, Player::Black)?;
    /// assert_eq!((s.n(), s.m(), s.t()), (50, 17, 0));
    /// assert!(State::new(5, 5, Player::Black).is_err());
    /// # Ok::<(), miai_nko::StateError>(())
    /// ```
    pub fn new(n: u64, m: u64, to_move: Player) -> Result<Self, StateError> {
        if n < 2 {
            return Err(StateError::TooFewKos { n });
        }
        if n > MAX_N {
            return Err(StateError::TooManyKos { n, limit: MAX_N });
        }
        if m == 0 || m >= n {
            return Err(StateError::BlackKosOutOfRange { n, m, max: n - 1 });
        }
        Ok(Self { n, m, to_move })
    }

    /// Like [`State::new`] for signed input (a command line), so that
    /// negative numbers get their own message.
    ///
    /// # Errors
    /// [`StateError::Negative`] for negative numbers, else as [`State::new`].
    pub fn from_signed(n: i64, m: i64, to_move: Player) -> Result<Self, StateError> {
        let n = u64::try_from(n).map_err(|_| StateError::Negative {
            what: "n",
            value: n,
        })?;
        let m = u64::try_from(m).map_err(|_| StateError::Negative {
            what: "m",
            value: m,
        })?;
        Self::new(n, m, to_move)
    }

    /// The number of unresolved kos.
    #[must_use]
    pub fn n(self) -> u64 {
        self.n
    }

    /// The number of kos in Black's shape (Black's liberties).
    #[must_use]
    pub fn m(self) -> u64 {
        self.m
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(self) -> Player {
        self.to_move
    }

    /// The seed's `t`: 0 Black to move, 1 White to move.
    #[must_use]
    pub fn t(self) -> usize {
        self.to_move.index()
    }

    /// The number of kos (liberties) `player` holds.
    #[must_use]
    pub fn kos_of(self, player: Player) -> u64 {
        match player {
            Player::Black => self.m,
            Player::White => self.n - self.m,
        }
    }

    /// The same position with colours swapped: `(n, n - m, 1 - t)`.
    #[must_use]
    pub fn mirrored(self) -> Self {
        Self {
            n: self.n,
            m: self.n - self.m,
            to_move: self.to_move.opponent(),
        }
    }

    /// Whether the side to move wins the ko fight it would start by taking a
    /// ko (see [`fight::mover_wins`]).
    #[must_use]
    pub fn mover_wins_fight(self) -> bool {
        fight::mover_wins(self.n, self.kos_of(self.to_move))
    }

    /// The moves that make sense here: `Capture` alone when the opponent is
    /// in atari (it wins at once), otherwise `Fill` and, if the fight is won,
    /// `WinKoFight`.
    #[must_use]
    pub fn moves(self) -> Vec<Move> {
        if self.kos_of(self.to_move.opponent()) == 1 {
            return vec![Move::Capture];
        }
        let mut moves = vec![Move::Fill];
        if self.mover_wins_fight() {
            moves.push(Move::WinKoFight);
        }
        moves
    }

    /// Play `mv`. Moves that are not available here (see [`State::moves`])
    /// are played anyway where they make sense on the board: `Capture`
    /// needs the opponent in atari and `WinKoFight` needs a won fight, so
    /// they return `None` otherwise.
    #[must_use]
    pub fn play(self, mv: Move) -> Option<Step> {
        let me = self.to_move;
        let mine = self.kos_of(me);
        let theirs = self.kos_of(me.opponent());
        match mv {
            Move::Capture => (theirs == 1).then_some(Step::Win {
                winner: me,
                ending: Ending::Capture,
            }),
            Move::Fill => Some(if mine == 1 {
                Step::Win {
                    winner: me.opponent(),
                    ending: Ending::Suicide,
                }
            } else {
                // One ko disappears; it was one of mine.
                let m = match me {
                    Player::Black => self.m - 1,
                    Player::White => self.m,
                };
                Step::Continue(Self {
                    n: self.n - 1,
                    m,
                    to_move: me.opponent(),
                })
            }),
            Move::WinKoFight => {
                if !self.mover_wins_fight() || theirs < 2 {
                    return None;
                }
                // I take one of theirs (mine + 1, theirs - 1); they, unable to
                // retake, fill one of theirs (theirs - 2) and I move again.
                if theirs == 2 {
                    return Some(Step::Win {
                        winner: me,
                        ending: Ending::LostFightInAtari,
                    });
                }
                let m = match me {
                    Player::Black => self.m + 1,
                    Player::White => self.m - 2,
                };
                Some(Step::Continue(Self {
                    n: self.n - 1,
                    m,
                    to_move: me,
                }))
            }
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.n, self.m, self.t())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_transitions_for_operation_one() {
        // Seed: Black (n, m, 0) -> (n-1, m-1, 1); White (n, m, 1) -> (n-1, m, 0).
        let b = State::new(10, 4, Player::Black).unwrap();
        assert_eq!(
            b.play(Move::Fill),
            Some(Step::Continue(State::new(9, 3, Player::White).unwrap()))
        );
        let w = State::new(10, 4, Player::White).unwrap();
        assert_eq!(
            w.play(Move::Fill),
            Some(Step::Continue(State::new(9, 4, Player::Black).unwrap()))
        );
    }

    #[test]
    fn seed_transitions_for_operation_two() {
        // Seed: Black (n, m, 0) -> (n-1, m+1, 0); White (n, m, 1) -> (n-1, m-2, 1).
        let b = State::new(10, 4, Player::Black).unwrap();
        assert_eq!(
            b.play(Move::WinKoFight),
            Some(Step::Continue(State::new(9, 5, Player::Black).unwrap()))
        );
        let w = State::new(10, 7, Player::White).unwrap();
        assert_eq!(
            w.play(Move::WinKoFight),
            Some(Step::Continue(State::new(9, 5, Player::White).unwrap()))
        );
        // White holds 3 of 10: 10 >= 2*3 + 1, so White wins the fight; Black
        // holds 7 and loses his.
        assert!(w.mover_wins_fight());
        assert!(!State::new(10, 7, Player::Black).unwrap().mover_wins_fight());
    }

    #[test]
    fn atari_rules() {
        let s = State::new(6, 5, Player::Black).unwrap();
        assert_eq!(s.moves(), vec![Move::Capture]);
        let s = State::new(6, 1, Player::Black).unwrap();
        assert_eq!(
            s.play(Move::Fill),
            Some(Step::Win {
                winner: Player::White,
                ending: Ending::Suicide
            })
        );
        let s = State::new(5, 3, Player::Black).unwrap();
        assert_eq!(
            s.play(Move::WinKoFight),
            None,
            "Black holds 3 of 5: loses the fight"
        );
    }

    #[test]
    fn bad_states_are_rejected_with_reasons() {
        assert_eq!(
            State::new(1, 0, Player::Black),
            Err(StateError::TooFewKos { n: 1 })
        );
        assert!(matches!(
            State::new(5, 0, Player::Black),
            Err(StateError::BlackKosOutOfRange { .. })
        ));
        assert!(matches!(
            State::new(MAX_N + 1, 1, Player::Black),
            Err(StateError::TooManyKos { .. })
        ));
        assert!(matches!(
            State::from_signed(-3, 1, Player::Black),
            Err(StateError::Negative { what: "n", .. })
        ));
    }
}
