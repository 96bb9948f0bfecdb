//! Exact dyadic rationals `m / 2^k`, the numbers of short game theory.
//!
//! Every operation is checked: a result that does not fit (numerator beyond
//! `i64`, exponent beyond [`Dyadic::MAX_EXP`]) is an [`ArithmeticError`],
//! never a silent wrap. No floating point is used anywhere.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::error::ArithmeticError;

/// An exact dyadic rational `numerator / 2^exponent`, kept normalised
/// (the numerator is odd whenever the exponent is positive), so equal values
/// have equal representations and derived `Eq`/`Hash` are value equality.
///
/// ```
/// use miai_cgt::Dyadic;
/// let x: Dyadic = "3/4".parse().unwrap();
/// let y = Dyadic::new(-1, 3).unwrap();
/// assert_eq!(x.checked_add(y).unwrap().to_string(), "5/8");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// The largest exponent `k` of a denominator `2^k`.
    pub const MAX_EXP: u32 = 62;
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, normalised; an error if `exp` exceeds [`Self::MAX_EXP`]
    /// after normalisation.
    pub fn new(num: i64, exp: u32) -> Result<Dyadic, ArithmeticError> {
        let (mut num, mut exp) = (num, exp);
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        num >>= tz;
        exp -= tz;
        if exp > Self::MAX_EXP {
            return Err(ArithmeticError::Overflow("dyadic denominator"));
        }
        Ok(Dyadic { num, exp })
    }

    /// The numerator `m` of `m / 2^k` (odd unless the value is an integer).
    pub const fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent `k` of the denominator `2^k` (0 for integers).
    pub const fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the value is an integer.
    pub const fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The integer value, if the value is an integer.
    pub const fn to_integer(self) -> Option<i64> {
        if self.exp == 0 { Some(self.num) } else { None }
    }

    /// The sign: -1, 0 or 1.
    pub const fn signum(self) -> i64 {
        self.num.signum()
    }

    /// The numerator scaled to the common exponent `e >= self.exp`, in `i128`
    /// (exact: `|num| < 2^63` and `e <= 62`).
    fn scaled(self, e: u32) -> i128 {
        (self.num as i128) << (e - self.exp)
    }

    fn from_i128(num: i128, exp: u32) -> Result<Dyadic, ArithmeticError> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        let (num, exp) = (num >> tz, exp - tz);
        let num = i64::try_from(num).map_err(|_| ArithmeticError::Overflow("dyadic numerator"))?;
        Dyadic::new(num, exp)
    }

    /// `self + other`.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, ArithmeticError> {
        let e = self.exp.max(other.exp);
        Dyadic::from_i128(self.scaled(e) + other.scaled(e), e)
    }

    /// `self - other`.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, ArithmeticError> {
        let e = self.exp.max(other.exp);
        Dyadic::from_i128(self.scaled(e) - other.scaled(e), e)
    }

    /// `-self`.
    pub fn checked_neg(self) -> Result<Dyadic, ArithmeticError> {
        let num = self
            .num
            .checked_neg()
            .ok_or(ArithmeticError::Overflow("dyadic negation"))?;
        Ok(Dyadic { num, exp: self.exp })
    }

    /// `self * k` for an integer `k`.
    pub fn checked_mul_int(self, k: i64) -> Result<Dyadic, ArithmeticError> {
        Dyadic::from_i128(self.num as i128 * k as i128, self.exp)
    }

    /// `self / 2^k`.
    pub fn checked_div_pow2(self, k: u32) -> Result<Dyadic, ArithmeticError> {
        let exp = self
            .exp
            .checked_add(k)
            .ok_or(ArithmeticError::Overflow("dyadic denominator"))?;
        Dyadic::new(self.num, exp)
    }

    /// `self / d` for `d` a power of two up to sign (±1, ±2, ±4, ...);
    /// an error otherwise (the quotient would not be dyadic).
    pub fn checked_div_int(self, d: i64) -> Result<Dyadic, ArithmeticError> {
        if d == 0 || !d.unsigned_abs().is_power_of_two() {
            return Err(ArithmeticError::NotDyadic);
        }
        let q = self.checked_div_pow2(d.unsigned_abs().trailing_zeros())?;
        if d < 0 { q.checked_neg() } else { Ok(q) }
    }

    /// The value of an unsigned decimal `int.frac` (`2.5`, `.5`, `3.`,
    /// `0.125`) if it is dyadic: `m / 10^k` is dyadic exactly when `5^k`
    /// divides `m` after removing trailing zeros, so `2.5 = 5/2` and
    /// `0.125 = 1/8` are, `0.1 = 1/10` is not
    /// ([`ArithmeticError::NotDyadic`]).
    ///
    /// ```
    /// use miai_cgt::Dyadic;
    /// assert_eq!(Dyadic::from_decimal("2.5").unwrap().to_string(), "5/2");
    /// assert!(Dyadic::from_decimal("0.1").is_err());
    /// ```
    pub fn from_decimal(text: &str) -> Result<Dyadic, ArithmeticError> {
        let bad = || ArithmeticError::BadNumber(text.to_string());
        let (int, frac) = text.split_once('.').ok_or_else(bad)?;
        if (int.is_empty() && frac.is_empty())
            || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let frac = frac.trim_end_matches('0');
        let too_large = || ArithmeticError::Overflow("decimal");
        let mut m: i128 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            m = m
                .checked_mul(10)
                .and_then(|m| m.checked_add(i128::from(b - b'0')))
                .ok_or_else(too_large)?;
        }
        let k = u32::try_from(frac.len()).map_err(|_| too_large())?;
        let five_k = 5i128.checked_pow(k).ok_or(ArithmeticError::NotDyadic)?;
        if m % five_k != 0 {
            return Err(ArithmeticError::NotDyadic);
        }
        Dyadic::from_i128(m / five_k, k)
    }

    /// The largest integer `<= self`.
    pub const fn floor(self) -> i64 {
        // Arithmetic shift rounds toward negative infinity.
        self.num >> self.exp
    }

    /// The smallest integer `>= self`.
    pub const fn ceil(self) -> i64 {
        if self.exp == 0 {
            self.num
        } else {
            (self.num >> self.exp) + 1
        }
    }

    /// The simplest number strictly between `lo` and `hi` (`None` = unbounded),
    /// as in the simplicity theorem: an integer of least magnitude if one
    /// fits, else the fraction with the smallest denominator. Requires
    /// `lo < hi`.
    pub fn simplest_between(
        lo: Option<Dyadic>,
        hi: Option<Dyadic>,
    ) -> Result<Dyadic, ArithmeticError> {
        match (lo, hi) {
            (None, None) => Ok(Dyadic::ZERO),
            (None, Some(h)) => {
                if h.signum() > 0 {
                    Ok(Dyadic::ZERO)
                } else {
                    let n = h
                        .ceil()
                        .checked_sub(1)
                        .ok_or(ArithmeticError::Overflow("integer"))?;
                    Ok(Dyadic::integer(n))
                }
            }
            (Some(l), None) => {
                if l.signum() < 0 {
                    Ok(Dyadic::ZERO)
                } else {
                    let n = l
                        .floor()
                        .checked_add(1)
                        .ok_or(ArithmeticError::Overflow("integer"))?;
                    Ok(Dyadic::integer(n))
                }
            }
            (Some(l), Some(h)) => {
                debug_assert!(l < h, "simplest_between needs lo < hi");
                if l.signum() < 0 && h.signum() > 0 {
                    return Ok(Dyadic::ZERO);
                }
                if h.signum() <= 0 {
                    // Mirror image of the positive case.
                    let s =
                        Dyadic::simplest_between(Some(h.checked_neg()?), Some(l.checked_neg()?))?;
                    return s.checked_neg();
                }
                // Here 0 <= l < h.
                for k in 0..=Self::MAX_EXP {
                    let e = k.max(l.exp);
                    // floor(l * 2^k) + 1, computed exactly in i128.
                    let m = (l.scaled(e) >> (e - k)) + 1;
                    let candidate = Dyadic::from_i128(m, k)?;
                    if candidate < h {
                        return Ok(candidate);
                    }
                }
                Err(ArithmeticError::Overflow("dyadic denominator"))
            }
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let e = self.exp.max(other.exp);
        self.scaled(e).cmp(&other.scaled(e))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::integer(n)
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Dyadic> for String {
    fn from(d: Dyadic) -> String {
        d.to_string()
    }
}

impl TryFrom<String> for Dyadic {
    type Error = ArithmeticError;
    fn try_from(s: String) -> Result<Dyadic, ArithmeticError> {
        s.parse()
    }
}

impl FromStr for Dyadic {
    type Err = ArithmeticError;

    /// Parses `n`, `n/d` with `d` a power of two (`-3/8`) or a decimal
    /// that is dyadic (`2.5`, `-0.125`; `0.1` is refused).
    fn from_str(s: &str) -> Result<Dyadic, ArithmeticError> {
        let s = s.trim();
        let bad = || ArithmeticError::BadNumber(s.to_string());
        if s.contains('.') {
            let (negative, digits) = match s.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, s),
            };
            let x = Dyadic::from_decimal(digits)?;
            return if negative { x.checked_neg() } else { Ok(x) };
        }
        let (n, d) = match s.split_once('/') {
            Some((n, d)) => (n.trim(), Some(d.trim())),
            None => (s, None),
        };
        let digits = n.strip_prefix('-').unwrap_or(n);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let num: i64 = n.parse().map_err(|_| bad())?;
        match d {
            None => Ok(Dyadic::integer(num)),
            Some(d) => {
                if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                let den: u64 = d.parse().map_err(|_| bad())?;
                if den == 0 || !den.is_power_of_two() {
                    return Err(ArithmeticError::NotDyadic);
                }
                Dyadic::new(num, den.trailing_zeros())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn normalises_and_prints() {
        assert_eq!(Dyadic::new(4, 3).unwrap(), d("1/2"));
        assert_eq!(d("-6/4").to_string(), "-3/2");
        assert_eq!(d("0/8"), Dyadic::ZERO);
        assert!("3/3".parse::<Dyadic>().is_err());
    }

    #[test]
    fn dyadic_decimals() {
        assert_eq!(d("2.5"), d("5/2"));
        assert_eq!(d("-0.125"), d("-1/8"));
        assert_eq!(d("3.0"), d("3"));
        assert_eq!(d(".75"), d("3/4"));
        assert_eq!("0.1".parse::<Dyadic>(), Err(ArithmeticError::NotDyadic));
        assert_eq!("1.2".parse::<Dyadic>(), Err(ArithmeticError::NotDyadic));
        assert!(".".parse::<Dyadic>().is_err());
        assert!("1.2.3".parse::<Dyadic>().is_err());
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d("3/4").checked_add(d("-1/8")).unwrap(), d("5/8"));
        assert_eq!(d("1/2").checked_sub(d("1/2")).unwrap(), Dyadic::ZERO);
        assert!(d("-1/2") < d("-1/4"));
        assert_eq!(d("-3/2").floor(), -2);
        assert_eq!(d("-3/2").ceil(), -1);
        assert_eq!(d("5").checked_div_int(-2).unwrap(), d("-5/2"));
        assert!(d("5").checked_div_int(3).is_err());
    }

    #[test]
    fn overflow_is_an_error() {
        let big = Dyadic::integer(i64::MAX);
        assert!(big.checked_add(Dyadic::ONE).is_err());
        assert!(Dyadic::integer(i64::MIN).checked_neg().is_err());
        assert!(Dyadic::new(1, 62).unwrap().checked_div_pow2(1).is_err());
    }

    #[test]
    fn simplest_numbers() {
        let s = |l: Option<&str>, h: Option<&str>| {
            Dyadic::simplest_between(l.map(d), h.map(d))
                .unwrap()
                .to_string()
        };
        assert_eq!(s(None, None), "0");
        assert_eq!(s(Some("0"), None), "1");
        assert_eq!(s(Some("-1/2"), None), "0");
        assert_eq!(s(None, Some("0")), "-1");
        assert_eq!(s(Some("0"), Some("1")), "1/2");
        assert_eq!(s(Some("1/2"), Some("1")), "3/4");
        assert_eq!(s(Some("1"), Some("7/4")), "3/2");
        assert_eq!(s(Some("-1"), Some("1")), "0");
        assert_eq!(s(Some("-2"), Some("-1")), "-3/2");
        assert_eq!(s(Some("3"), Some("10")), "4");
        assert_eq!(s(Some("-10"), Some("-3")), "-4");
    }
}
