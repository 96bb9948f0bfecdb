//! The two roles of a life-and-death problem.

use std::fmt;

/// Who plays which role: the attacker wants every target stone captured, the
/// defender wants some of them to survive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side trying to capture the target stones.
    Attacker,
    /// The owner of the target stones.
    Defender,
}

impl Side {
    /// The other role.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }

    /// 0 for the attacker, 1 for the defender (for small tables).
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Side::Attacker => 0,
            Side::Defender => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Attacker => "attacker",
            Side::Defender => "defender",
        })
    }
}
