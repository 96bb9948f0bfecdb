//! How far a search may go, and the one place user-given limits are checked.

use std::time::Duration;

/// How far a search may go. `None` is "no limit" for nodes and time, and
/// "the solver's default" for the table.
///
/// Node and time limits count from the start of the search (or of the
/// analysis, for solvers that run several queries on one budget); the table
/// size bounds the transposition table's memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Nodes at most.
    pub max_nodes: Option<u64>,
    /// Wall-clock time at most.
    pub max_time: Option<Duration>,
    /// Transposition-table memory at most, in bytes.
    pub table_bytes: Option<usize>,
}

/// A user-given limit that cannot be used, with the value as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// Not a number at all.
    #[error("{what}: '{value}' is not a number")]
    NotANumber {
        /// Which limit.
        what: &'static str,
        /// The value as given.
        value: String,
    },
    /// Zero, negative or NaN.
    #[error("{what}: '{value}' is not a positive number")]
    NotPositive {
        /// Which limit.
        what: &'static str,
        /// The value as given.
        value: String,
    },
    /// A node count with a fraction.
    #[error("{what}: '{value}' is not a whole number")]
    NotWhole {
        /// Which limit.
        what: &'static str,
        /// The value as given.
        value: String,
    },
    /// Larger than the limit's ceiling (infinity included).
    #[error("{what}: '{value}' is more than the most allowed, {max}")]
    TooLarge {
        /// Which limit.
        what: &'static str,
        /// The value as given.
        value: String,
        /// The ceiling, with its unit.
        max: String,
    },
}

impl Limits {
    /// The longest time limit accepted: 366 days. A longer one is a typo
    /// or an attempt to say "no limit" (leave the limit out for that).
    pub const MAX_TIME: Duration = Duration::from_secs(366 * 24 * 3600);
    /// The largest table accepted, in MiB (64 GiB). Tables grow lazily, so
    /// this is a ceiling, not an allocation.
    pub const MAX_TABLE_MB: u64 = 64 * 1024;

    /// No limit on nodes or time, the solver's default table.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// These limits with a node limit of `nodes`.
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits {
            max_nodes: Some(nodes),
            ..self
        }
    }

    /// These limits with a time limit of `time`.
    pub fn with_time(self, time: Duration) -> Limits {
        Limits {
            max_time: Some(time),
            ..self
        }
    }

    /// These limits with a table of `bytes` bytes.
    pub fn with_table_bytes(self, bytes: usize) -> Limits {
        Limits {
            table_bytes: Some(bytes),
            ..self
        }
    }

    /// The table size, or `default` when none was given.
    pub fn table_bytes_or(&self, default: usize) -> usize {
        self.table_bytes.unwrap_or(default)
    }

    /// Fills in the limits `self` leaves open from `defaults`.
    pub fn or(self, defaults: Limits) -> Limits {
        Limits {
            max_nodes: self.max_nodes.or(defaults.max_nodes),
            max_time: self.max_time.or(defaults.max_time),
            table_bytes: self.table_bytes.or(defaults.table_bytes),
        }
    }

    /// A node limit as a user writes it: a positive whole number, with `_`
    /// or `,` allowed between digits, or in exponent form (`2e6`).
    pub fn parse_nodes(text: &str) -> Result<u64, LimitError> {
        const WHAT: &str = "node limit";
        let value = text.trim();
        let digits: String = value.chars().filter(|c| !matches!(c, '_' | ',')).collect();
        if let Ok(n) = digits.parse::<u64>() {
            return if n == 0 {
                Err(LimitError::NotPositive {
                    what: WHAT,
                    value: text.to_string(),
                })
            } else {
                Ok(n)
            };
        }
        let x: f64 = digits.parse().map_err(|_| LimitError::NotANumber {
            what: WHAT,
            value: text.to_string(),
        })?;
        if x.is_nan() || x <= 0.0 {
            return Err(LimitError::NotPositive {
                what: WHAT,
                value: text.to_string(),
            });
        }
        // 2^64 and above (infinity too) do not fit.
        if x >= 18_446_744_073_709_551_616.0 {
            return Err(LimitError::TooLarge {
                what: WHAT,
                value: text.to_string(),
                max: u64::MAX.to_string(),
            });
        }
        if x.fract() != 0.0 {
            return Err(LimitError::NotWhole {
                what: WHAT,
                value: text.to_string(),
            });
        }
        Ok(x as u64)
    }

    /// A time limit in seconds as a user writes it (`10`, `0.5`, `2e3`).
    pub fn parse_time(text: &str) -> Result<Duration, LimitError> {
        let x: f64 = text.trim().parse().map_err(|_| LimitError::NotANumber {
            what: "time limit",
            value: text.to_string(),
        })?;
        Self::time_from_secs_given(x, text)
    }

    /// A time limit given as a number of seconds (a JSON field, say).
    pub fn time_from_secs(secs: f64) -> Result<Duration, LimitError> {
        Self::time_from_secs_given(secs, &secs.to_string())
    }

    fn time_from_secs_given(secs: f64, text: &str) -> Result<Duration, LimitError> {
        const WHAT: &str = "time limit";
        if secs.is_nan() || secs <= 0.0 {
            return Err(LimitError::NotPositive {
                what: WHAT,
                value: text.to_string(),
            });
        }
        if secs > Self::MAX_TIME.as_secs_f64() {
            return Err(LimitError::TooLarge {
                what: WHAT,
                value: text.to_string(),
                max: format!("{} s (366 days)", Self::MAX_TIME.as_secs()),
            });
        }
        // Finite and in range, so this cannot fail; a tiny positive value
        // rounds to a nanosecond rather than to "no time".
        Ok(Duration::try_from_secs_f64(secs)
            .unwrap_or(Self::MAX_TIME)
            .max(Duration::from_nanos(1)))
    }

    /// A table size in MiB as a user writes it (`256`, `0.5`), in bytes.
    pub fn parse_table_mb(text: &str) -> Result<usize, LimitError> {
        let x: f64 = text.trim().parse().map_err(|_| LimitError::NotANumber {
            what: "table size",
            value: text.to_string(),
        })?;
        Self::table_bytes_from_mb_given(x, text)
    }

    /// A table size given as a number of MiB (a JSON field, say), in bytes.
    pub fn table_bytes_from_mb(mb: f64) -> Result<usize, LimitError> {
        Self::table_bytes_from_mb_given(mb, &mb.to_string())
    }

    fn table_bytes_from_mb_given(mb: f64, text: &str) -> Result<usize, LimitError> {
        const WHAT: &str = "table size";
        if mb.is_nan() || mb <= 0.0 {
            return Err(LimitError::NotPositive {
                what: WHAT,
                value: text.to_string(),
            });
        }
        if mb > Self::MAX_TABLE_MB as f64 {
            return Err(LimitError::TooLarge {
                what: WHAT,
                value: text.to_string(),
                max: format!("{} MiB", Self::MAX_TABLE_MB),
            });
        }
        let bytes = (mb * (1u64 << 20) as f64) as u64;
        Ok(usize::try_from(bytes.max(1)).unwrap_or(usize::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bad_values_are_refused_with_their_text() {
        for bad in ["nan", "inf", "-1", "1e300", "0", "-0", "", "ten"] {
            let t = Limits::parse_time(bad).unwrap_err().to_string();
            assert!(t.contains(&format!("'{bad}'")), "{t}");
            let m = Limits::parse_table_mb(bad).unwrap_err().to_string();
            assert!(m.contains(&format!("'{bad}'")), "{m}");
            let n = Limits::parse_nodes(bad).unwrap_err().to_string();
            assert!(n.contains(&format!("'{bad}'")), "{n}");
        }
        assert!(matches!(
            Limits::parse_nodes("2.5"),
            Err(LimitError::NotWhole { .. })
        ));
        assert!(matches!(
            Limits::parse_time("1e300"),
            Err(LimitError::TooLarge { .. })
        ));
    }

    #[test]
    fn good_values_are_read() {
        assert_eq!(Limits::parse_nodes("2e6"), Ok(2_000_000));
        assert_eq!(Limits::parse_nodes("1_000,000"), Ok(1_000_000));
        assert_eq!(Limits::parse_nodes(" 7 "), Ok(7));
        assert_eq!(Limits::parse_nodes("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(Limits::parse_time("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(Limits::parse_time("1e-12"), Ok(Duration::from_nanos(1)));
        assert_eq!(Limits::parse_table_mb("256"), Ok(256 << 20));
        assert_eq!(Limits::parse_table_mb("0.5"), Ok(512 << 10));
        assert_eq!(Limits::parse_table_mb("65536"), Ok(64 << 30));
    }

    #[test]
    fn or_fills_only_what_is_open() {
        let given = Limits::none().with_nodes(5);
        let defaults = Limits::none()
            .with_nodes(9)
            .with_time(Duration::from_secs(1))
            .with_table_bytes(64);
        assert_eq!(
            given.or(defaults),
            Limits {
                max_nodes: Some(5),
                max_time: Some(Duration::from_secs(1)),
                table_bytes: Some(64),
            }
        );
        assert_eq!(Limits::none().table_bytes_or(3), 3);
    }

    proptest! {
        #[test]
        fn no_float_text_panics(x in proptest::num::f64::ANY) {
            let text = x.to_string();
            let _ = Limits::parse_time(&text);
            let _ = Limits::parse_table_mb(&text);
            let _ = Limits::parse_nodes(&text);
            let _ = Limits::time_from_secs(x);
            let _ = Limits::table_bytes_from_mb(x);
        }

        #[test]
        fn accepted_times_round_trip(ms in 1u64..(366 * 24 * 3600 * 1000)) {
            let d = Limits::parse_time(&(ms as f64 / 1000.0).to_string()).unwrap();
            prop_assert!(d.as_millis().abs_diff(u128::from(ms)) <= 1);
        }

        #[test]
        fn any_text_is_a_value_or_an_error(s in ".{0,24}") {
            let _ = Limits::parse_time(&s);
            let _ = Limits::parse_table_mb(&s);
            let _ = Limits::parse_nodes(&s);
        }
    }
}
