//! The two players.

use std::fmt;
use std::str::FromStr;

/// Maker (wants a whole winning set) or Breaker (wants to stop him).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Occupies cells; wins by filling a winning set.
    Maker,
    /// Occupies cells; wins by touching every winning set.
    Breaker,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Maker => Player::Breaker,
            Player::Breaker => Player::Maker,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Maker => "maker",
            Player::Breaker => "breaker",
        })
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "maker" => Ok(Player::Maker),
            "breaker" => Ok(Player::Breaker),
            other => Err(format!("`{other}` is not a player (maker or breaker)")),
        }
    }
}
