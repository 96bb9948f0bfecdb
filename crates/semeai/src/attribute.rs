//! Chain and point attributes (seed 002 §4.1, §4.2).

use std::fmt;

/// The attribute the user gives a chain (seed 002 §4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Attribute {
    /// A chain taking part in the race (対象ブロック, essential block).
    Essential,
    /// A chain that is never captured (safe block).
    Safe,
    /// Anything else (unknown block).
    Unknown,
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Attribute::Essential => "essential",
            Attribute::Safe => "safe",
            Attribute::Unknown => "unknown",
        })
    }
}

/// The attribute the system gives an empty point (seed 002 §4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointAttribute {
    /// 有用: the point can change a liberty count.
    Useful,
    /// 無用: it cannot; it also cuts the search region.
    Useless,
}

impl PointAttribute {
    /// The seed's three rules: useful if the point touches (a) two or more
    /// essential/unknown chains, or (b) one such chain and two or more empty
    /// points, or (c) three or more empty points.
    ///
    /// ```
    /// use miai_semeai::PointAttribute;
    /// assert_eq!(PointAttribute::classify(2, 0), PointAttribute::Useful);
    /// assert_eq!(PointAttribute::classify(1, 2), PointAttribute::Useful);
    /// assert_eq!(PointAttribute::classify(1, 1), PointAttribute::Useless);
    /// assert_eq!(PointAttribute::classify(0, 3), PointAttribute::Useful);
    /// assert_eq!(PointAttribute::classify(0, 2), PointAttribute::Useless);
    /// ```
    pub fn classify(chains: usize, empties: usize) -> PointAttribute {
        if chains >= 2 || (chains == 1 && empties >= 2) || empties >= 3 {
            PointAttribute::Useful
        } else {
            PointAttribute::Useless
        }
    }
}

impl fmt::Display for PointAttribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PointAttribute::Useful => "useful",
            PointAttribute::Useless => "useless",
        })
    }
}
