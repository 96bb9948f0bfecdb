//! The repetition regimes (issue 7, SPEC §4) and book semantics (issue 19).

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
    /// Book semantics (issue 19): the seed's rules (ko threats by N, cycles
    /// by tempo), except that the attacker need not capture every stone.
    /// It may pass (tenuki) at any time; a defender's tenuki right after
    /// an attacker's ends that freedom for the rest of the game (two
    /// passes: from there the attacker must capture, as in the seed's
    /// rules). So the defender lives only by reaching unconditional life or
    /// a position the attacker cannot capture even moving first (seki),
    /// and "kill" means the defender cannot reach either even moving first
    /// — the way problem books read.
    Book {
        /// The seed's N, as in [`Regime::Seed`].
        ko_threats: u8,
    },
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

    /// The book regime with N = [`Regime::DEFAULT_KO_THREATS`].
    pub const BOOK: Regime = Regime::Book {
        ko_threats: Regime::DEFAULT_KO_THREATS,
    };

    /// The seed's N, in the seed and book regimes.
    pub fn ko_threats(self) -> Option<u8> {
        match self {
            Regime::Seed { ko_threats } | Regime::Book { ko_threats } => Some(ko_threats),
            Regime::Superko => None,
        }
    }

    /// Whether ko and cycles follow the seed's rules (the seed and book
    /// regimes).
    pub fn seed_rules(self) -> bool {
        !matches!(self, Regime::Superko)
    }

    /// Whether the attacker may pass until the defender answers a pass
    /// with one (the book regime).
    pub fn book(self) -> bool {
        matches!(self, Regime::Book { .. })
    }

    /// The same regime with the attacker's passes (book semantics) or
    /// without (the seed's rules); superko stays superko.
    pub fn with_book(self, book: bool) -> Regime {
        match (self, book) {
            (Regime::Seed { ko_threats } | Regime::Book { ko_threats }, true) => {
                Regime::Book { ko_threats }
            }
            (Regime::Seed { ko_threats } | Regime::Book { ko_threats }, false) => {
                Regime::Seed { ko_threats }
            }
            (Regime::Superko, _) => Regime::Superko,
        }
    }
}

impl fmt::Display for Regime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Regime::Seed { ko_threats } => write!(f, "seed (N = {ko_threats})"),
            Regime::Superko => f.write_str("positional superko"),
            Regime::Book { ko_threats } => {
                write!(f, "book (seed N = {ko_threats}, attacker passes)")
            }
        }
    }
}

/// A regime setting that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegimeError {
    /// A rules name that is not `seed`, `book` or `superko`.
    #[error("unknown rules {0:?}: expected `seed`, `book` or `superko`")]
    UnknownRules(String),
    /// A ko-threat count that is not a number 0..=255.
    #[error("bad ko-threats {0:?}: expected a number 0..=255")]
    BadKoThreats(String),
}

impl Regime {
    /// The regime chosen by a rules name and a ko-threat count, each given
    /// or not (problem-file headers, command-line flags, API fields): the
    /// seed rules unless `rules` names superko or book, with N =
    /// `ko_threats` (default [`Regime::DEFAULT_KO_THREATS`]). Under superko
    /// N is not used, but a malformed one is still an error.
    ///
    /// ```
    /// use miai_tsumego::Regime;
    /// assert_eq!(Regime::choose(None, None), Ok(Regime::SEED));
    /// assert_eq!(
    ///     Regime::choose(Some("seed"), Some("3")),
    ///     Ok(Regime::Seed { ko_threats: 3 })
    /// );
    /// assert_eq!(Regime::choose(Some("superko"), Some("3")), Ok(Regime::Superko));
    /// assert_eq!(
    ///     Regime::choose(Some("book"), Some("1")),
    ///     Ok(Regime::Book { ko_threats: 1 })
    /// );
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
            Some(Regime::Book { .. }) => Ok(Regime::Book { ko_threats: n }),
            Some(Regime::Superko) => Ok(Regime::Superko),
        }
    }
}

impl FromStr for Regime {
    type Err = RegimeError;
    /// `seed` (or `japanese`) with the default N, `book` with the default
    /// N, or `superko` (or `positional`).
    fn from_str(s: &str) -> Result<Regime, RegimeError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "seed" | "japanese" => Ok(Regime::SEED),
            "superko" | "positional" => Ok(Regime::Superko),
            "book" => Ok(Regime::BOOK),
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
