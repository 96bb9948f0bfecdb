//! The compact form `x + n·↑ + *m` (number, up multiple, nimber).

use std::fmt;

use crate::Dyadic;

/// A value `number + ups·↑ + *nimber`: numbers, nimbers, ups and downs and
/// their sums, the values printed in short form (`2*`, `4^`, `-1^*`, `v3*2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Nus {
    /// The number part `x`.
    pub number: Dyadic,
    /// The multiple `n` of `↑` (negative for `↓`).
    pub ups: i64,
    /// The nimber `m` of `*m`.
    pub nimber: u32,
}

impl Nus {
    /// The number `x` alone.
    pub const fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nimber: 0,
        }
    }
}

impl fmt::Display for Nus {
    /// CGSuite-style: the number (omitted when zero and something follows),
    /// then `^`/`v` with a count above one, then `*` with an index above one:
    /// `2*`, `4^`, `-1^*`, `^2*3`, `v`, `1/2v2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.number != Dyadic::ZERO || (self.ups == 0 && self.nimber == 0) {
            write!(f, "{}", self.number)?;
        }
        match self.ups {
            0 => {}
            1 => f.write_str("^")?,
            -1 => f.write_str("v")?,
            n if n > 0 => write!(f, "^{n}")?,
            n => write!(f, "v{}", n.unsigned_abs())?,
        }
        match self.nimber {
            0 => {}
            1 => f.write_str("*")?,
            m => write!(f, "*{m}")?,
        }
        Ok(())
    }
}
