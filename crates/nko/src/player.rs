//! The two players.

use std::fmt;

/// A player. Black is the side whose kos are counted by `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Player {
    /// Black (黒), `t = 0` in the seed's notation.
    Black,
    /// White (白), `t = 1` in the seed's notation.
    White,
}

impl Player {
    /// The other player.
    #[must_use]
    pub fn opponent(self) -> Self {
        match self {
            Self::Black => Self::White,
            Self::White => Self::Black,
        }
    }

    /// The seed's turn index: 0 for Black, 1 for White.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Self::Black => 0,
            Self::White => 1,
        }
    }

    /// The player for the seed's turn index `t` (0 Black, anything else White).
    #[must_use]
    pub fn from_index(t: usize) -> Self {
        if t == 0 { Self::Black } else { Self::White }
    }

    /// The player named `B`/`Black` or `W`/`White` (any case, spaces
    /// around ignored).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("b") || name.eq_ignore_ascii_case("black") {
            Some(Self::Black)
        } else if name.eq_ignore_ascii_case("w") || name.eq_ignore_ascii_case("white") {
            Some(Self::White)
        } else {
            None
        }
    }

    /// One letter, as in the JSON rows: `B` or `W`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Self::Black => 'B',
            Self::White => 'W',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Black => "Black",
            Self::White => "White",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution_and_index_round_trips() {
        for p in [Player::Black, Player::White] {
            assert_eq!(p.opponent().opponent(), p);
            assert_ne!(p.opponent(), p);
            assert_eq!(Player::from_index(p.index()), p);
        }
        assert_eq!(Player::Black.letter(), 'B');
        for (name, p) in [
            (" b", Player::Black),
            ("BLACK", Player::Black),
            ("w", Player::White),
            ("White ", Player::White),
        ] {
            assert_eq!(Player::from_name(name), Some(p), "{name:?}");
        }
        for name in ["", "x", "bl", "black white"] {
            assert_eq!(Player::from_name(name), None, "{name:?}");
        }
        assert_eq!(Player::White.to_string(), "White");
    }
}
