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

/// A regime name that is neither `seed` nor `superko`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {0:?}: expected `seed` or `superko`")]
pub struct RegimeError(pub String);

impl FromStr for Regime {
    type Err = RegimeError;
    fn from_str(s: &str) -> Result<Regime, RegimeError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "seed" | "japanese" => Ok(Regime::SEED),
            "superko" | "positional" => Ok(Regime::Superko),
            _ => Err(RegimeError(s.to_string())),
        }
    }
}
