//! The two players.

use std::fmt;

/// A player, and the colour of that player's stones. Black moves first and is
/// Left (the maximiser) in the combinatorial-game sense.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, `X` / `#` / `●` in diagrams, `B` in SGF.
    Black,
    /// White, `O` / `@` / `○` in diagrams, `W` in SGF.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    ///
    /// ```
    /// use miai_goban::Color;
    /// assert_eq!(Color::Black.opponent(), Color::White);
    /// ```
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The SGF letter, `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// Reads `b`, `black`, `w`, `white` (any case).
    pub fn from_name(name: &str) -> Option<Color> {
        match name.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for c in Color::ALL {
            assert_eq!(c.opponent().opponent(), c);
            assert_ne!(c.opponent(), c);
        }
    }

    #[test]
    fn names() {
        assert_eq!(Color::from_name("WHITE"), Some(Color::White));
        assert_eq!(Color::from_name("b"), Some(Color::Black));
        assert_eq!(Color::from_name("x"), None);
    }
}
