//! Komi in half points.

use std::fmt;
use std::str::FromStr;

/// Komi: points given to White, a multiple of one half (kept exactly as
/// half points).
///
/// ```
/// use miai_goban::Komi;
/// let k: Komi = "7.5".parse().unwrap();
/// assert_eq!(k.halves(), 15);
/// assert_eq!(k.to_string(), "7.5");
/// assert!("7.3".parse::<Komi>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Komi(i32);

/// A komi that is not a multiple of 1/2 or not a number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("komi {0:?} must be a number with no fraction or a fraction of .5, like 6.5 or -3")]
pub struct KomiError(pub String);

impl Komi {
    /// No komi.
    pub const ZERO: Komi = Komi(0);

    /// Komi of `halves / 2` points.
    pub const fn from_halves(halves: i32) -> Komi {
        Komi(halves)
    }

    /// Komi in half points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// Komi as a float (exact).
    pub fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// Komi from an SGF `KM` real; `None` unless a multiple of 1/2.
    pub fn from_f64(x: f64) -> Option<Komi> {
        let h = x * 2.0;
        (h.is_finite() && h.fract() == 0.0 && h.abs() < 1e9).then_some(Komi(h as i32))
    }
}

impl FromStr for Komi {
    type Err = KomiError;
    fn from_str(s: &str) -> Result<Komi, KomiError> {
        let t = s.trim();
        let bad = || KomiError(s.to_string());
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || int.len() > 8 {
            return Err(bad());
        }
        let whole: i32 = int.parse().map_err(|_| bad())?;
        let half = match frac.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        let h = whole * 2 + half;
        Ok(Komi(if neg { -h } else { h }))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        if a.is_multiple_of(2) {
            write!(f, "{sign}{}", a / 2)
        } else {
            write!(f, "{sign}{}.5", a / 2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses() {
        assert_eq!("0".parse::<Komi>().unwrap(), Komi::ZERO);
        assert_eq!("-0.5".parse::<Komi>().unwrap().halves(), -1);
        assert_eq!("6.50".parse::<Komi>().unwrap().halves(), 13);
        for bad in ["", "x", "1.25", ".5", "1e3", "--1", "1.5.5"] {
            assert!(bad.parse::<Komi>().is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn display_round_trips(h in -100_000i32..100_000) {
            let k = Komi::from_halves(h);
            prop_assert_eq!(k.to_string().parse::<Komi>().unwrap(), k);
            prop_assert_eq!(Komi::from_f64(k.points()), Some(k));
        }
    }
}
