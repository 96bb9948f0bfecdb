//! The two repetition regimes (issue 7, SPEC §4).

use std::fmt;
use std::str::FromStr;

/// How ko and long cycles are treated.
///
/// Both regimes share the seed's tenuki rules: tenuki (a play elsewhere) is a
/// move, not a pass; the defender may tenuki unless the attacker's last move
/// was a tenuki; the attacker may tenuki only while a ko capture is
/// forbidden to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Regime {
    /// The seed's Japanese-style rules. A ko just taken may not be retaken
    /// at once (simple ko); the *ko-advantaged* side may retake after one
    /// tenuki (it always has a threat), the other only after tenuki-ing
    /// `ko_threats` times since the ko was taken from it, so an approach ko
    /// needs a level. A tenuki is not answered: the opponent gets a free
    /// move in the region. A long cycle (triple
    /// ko, round-robin ko, eternal life) is no result unless one side gained
    /// tempo on the way round: a cycle in which one side played more
    /// tenukis than the other is won by that side (seed §2(4): the side that
    /// lets the other gain a move each cycle is at fault).
    Seed {
        /// The seed's N: tenukis the ko-disadvantaged side needs before it
        /// may retake a ko.
        ko_threats: u8,
    },
    /// Positional superko: a play that recreates an earlier board of the
    /// line is illegal (tenukis do not create boards). Every result is
    /// defined; no ko-threat model.
    Superko,
}

impl Regime {
    /// The seed regime with N = [`Regime::DEFAULT_KO_THREATS`].
    pub const SEED: Regime = Regime::Seed {
        ko_threats: Regime::DEFAULT_KO_THREATS,
    };

    /// The default N: the seed's approach-ko diagram (a two-step approach
    /// ko) is then unconditionally alive, as the seed calls it; N = 3 makes
    /// it a ko.
    pub const DEFAULT_KO_THREATS: u8 = 2;
}

impl fmt::Display for Regime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Regime::Seed { ko_threats } => write!(f, "seed (N = {ko_threats})"),
            Regime::Superko => f.write_str("positional superko"),
        }
    }
}

/// A regime setting that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegimeError {
    /// A rules name that is neither `seed` nor `superko`.
    #[error("unknown rules {0:?}: expected `seed` or `superko`")]
    UnknownRules(String),
    /// A ko-threat count that is not a number 0..=255.
    #[error("bad ko-threats {0:?}: expected a number 0..=255")]
    BadKoThreats(String),
}

impl Regime {
    /// The regime chosen by a rules name and a ko-threat count, each given
    /// or not (problem-file headers, command-line flags, API fields): the
    /// seed rules unless `rules` names superko, with N = `ko_threats`
    /// (default [`Regime::DEFAULT_KO_THREATS`]). Under superko N is not
    /// used, but a malformed one is still an error.
    ///
    /// ```
    /// use miai_tsumego::Regime;
    /// assert_eq!(Regime::choose(None, None), Ok(Regime::SEED));
    /// assert_eq!(
    ///     Regime::choose(Some("seed"), Some("3")),
    ///     Ok(Regime::Seed { ko_threats: 3 })
    /// );
    /// assert_eq!(Regime::choose(Some("superko"), Some("3")), Ok(Regime::Superko));
    /// assert!(Regime::choose(Some("chinese"), None).is_err());
    /// assert!(Regime::choose(None, Some("-1")).is_err());
    /// ```
    pub fn choose(rules: Option<&str>, ko_threats: Option<&str>) -> Result<Regime, RegimeError> {
        let n = match ko_threats {
            None => Regime::DEFAULT_KO_THREATS,
            Some(t) => t
                .trim()
                .parse()
                .map_err(|_| RegimeError::BadKoThreats(t.to_string()))?,
        };
        match rules.map(str::parse).transpose()? {
            None | Some(Regime::Seed { .. }) => Ok(Regime::Seed { ko_threats: n }),
            Some(Regime::Superko) => Ok(Regime::Superko),
        }
    }
}

impl FromStr for Regime {
    type Err = RegimeError;
    /// `seed` (or `japanese`) with the default N, or `superko` (or
    /// `positional`).
    fn from_str(s: &str) -> Result<Regime, RegimeError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "seed" | "japanese" => Ok(Regime::SEED),
            "superko" | "positional" => Ok(Regime::Superko),
            _ => Err(RegimeError::UnknownRules(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choose_reads_names_and_counts_and_names_what_is_wrong() {
        assert_eq!(Regime::choose(Some(" Japanese "), None), Ok(Regime::SEED));
        assert_eq!(
            Regime::choose(Some("positional"), None),
            Ok(Regime::Superko)
        );
        assert_eq!(
            Regime::choose(None, Some("0")),
            Ok(Regime::Seed { ko_threats: 0 })
        );
        assert_eq!(
            Regime::choose(Some("superko"), Some("256")),
            Err(RegimeError::BadKoThreats("256".into()))
        );
        let e = Regime::choose(Some("chinese"), Some("2")).unwrap_err();
        assert!(e.to_string().contains("\"chinese\""), "{e}");
    }
}
