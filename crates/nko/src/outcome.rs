//! Three-valued results, for the variant with passes.

use std::fmt;

use crate::Player;

/// The result of a game under perfect play when draws are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// Black wins.
    BlackWins,
    /// White wins.
    WhiteWins,
    /// Neither can force a win (two consecutive passes end the game).
    Draw,
}

impl Outcome {
    /// The outcome in which `player` wins.
    #[must_use]
    pub fn win_for(player: Player) -> Self {
        match player {
            Player::Black => Self::BlackWins,
            Player::White => Self::WhiteWins,
        }
    }

    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            Self::BlackWins => Some(Player::Black),
            Self::WhiteWins => Some(Player::White),
            Self::Draw => None,
        }
    }

    /// How good the outcome is for `player`: 2 win, 1 draw, 0 loss.
    #[must_use]
    pub fn score_for(self, player: Player) -> u8 {
        match self.winner() {
            Some(w) if w == player => 2,
            Some(_) => 0,
            None => 1,
        }
    }

    /// One letter, as in the JSON rows: `B`, `W` or `D`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Self::BlackWins => 'B',
            Self::WhiteWins => 'W',
            Self::Draw => 'D',
        }
    }
}

impl From<Player> for Outcome {
    fn from(player: Player) -> Self {
        Self::win_for(player)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::BlackWins => "Black wins",
            Self::WhiteWins => "White wins",
            Self::Draw => "draw",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order_the_outcomes_for_each_player() {
        for p in [Player::Black, Player::White] {
            assert_eq!(Outcome::win_for(p).score_for(p), 2);
            assert_eq!(Outcome::Draw.score_for(p), 1);
            assert_eq!(Outcome::win_for(p.opponent()).score_for(p), 0);
            assert_eq!(Outcome::from(p).winner(), Some(p));
        }
        assert_eq!(Outcome::Draw.letter(), 'D');
    }
}
