//! Rules as a value: suicide, repetition, scoring and komi.

mod komi;

pub use komi::{Komi, KomiError};

use std::fmt;
use std::str::FromStr;

/// Whether a move may leave its own chain without liberties (the chain is
/// then removed, after the opponent's chains without liberties).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// Suicide is illegal.
    Forbidden,
    /// Suicide of one or more stones is legal.
    Allowed,
}

/// Which repetitions are illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// No restriction at all (for analysis: cycles are the caller's business).
    None,
    /// The basic ko rule: a move may not immediately retake a single stone
    /// that has just captured a single stone.
    SimpleKo,
    /// No move may recreate an earlier board colouring.
    PositionalSuperko,
    /// No move may recreate an earlier board colouring with the same player
    /// to move next.
    SituationalSuperko,
}

/// How a finished position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones plus empty regions that reach only one colour (Tromp-Taylor,
    /// Chinese).
    Area,
    /// Stones only (純碁, Jungo): empty points count for nobody.
    Stones,
    /// Empty regions surrounded by one colour plus prisoners (stones captured
    /// during play and dead stones removed at the end). Meant for display:
    /// points in seki are counted like any other surrounded region.
    Territory,
}

/// A complete rule set. Every field is independent: any combination is a
/// valid rule set.
///
/// Presets (komi as usually played with them):
///
/// | preset | suicide | repetition | scoring | komi | why |
/// |---|---|---|---|---|---|
/// | [`Rules::tromp_taylor`] | allowed | positional superko | area | 7.5 | the Tromp-Taylor rules verbatim; they leave komi open, 7.5 is the usual computer-Go choice |
/// | [`Rules::chinese`] | forbidden | positional superko | area | 7.5 | Chinese rules count area and forbid recreating a whole-board position |
/// | [`Rules::japanese`] | forbidden | simple ko | territory | 6.5 | Japanese rules: ko rule only (long cycles void the game, which a rules engine can't express: the caller decides), territory plus prisoners |
/// | [`Rules::aga`] | forbidden | situational superko | area | 7.5 | AGA rules: situational superko; area count (their pass-stone territory count gives the same result) |
/// | [`Rules::new_zealand`] | allowed | situational superko | area | 7 | New Zealand rules: suicide allowed, situational superko, integral komi |
/// | [`Rules::jungo`] | forbidden | positional superko | stones | 0 | the stones-only count used for graph Go (seed 001) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Suicide rule.
    pub suicide: Suicide,
    /// Repetition rule.
    pub repetition: Repetition,
    /// Counting method.
    pub scoring: Scoring,
    /// Komi for White.
    pub komi: Komi,
}

impl Default for Rules {
    /// Chinese rules.
    fn default() -> Self {
        Rules::chinese()
    }
}

impl Rules {
    /// Tromp-Taylor: suicide allowed, positional superko, area, komi 7.5.
    pub const fn tromp_taylor() -> Rules {
        Rules {
            suicide: Suicide::Allowed,
            repetition: Repetition::PositionalSuperko,
            scoring: Scoring::Area,
            komi: Komi::from_halves(15),
        }
    }

    /// Chinese: no suicide, positional superko, area, komi 7.5.
    pub const fn chinese() -> Rules {
        Rules {
            suicide: Suicide::Forbidden,
            repetition: Repetition::PositionalSuperko,
            scoring: Scoring::Area,
            komi: Komi::from_halves(15),
        }
    }

    /// Japanese: no suicide, simple ko, territory, komi 6.5.
    pub const fn japanese() -> Rules {
        Rules {
            suicide: Suicide::Forbidden,
            repetition: Repetition::SimpleKo,
            scoring: Scoring::Territory,
            komi: Komi::from_halves(13),
        }
    }

    /// AGA: no suicide, situational superko, area, komi 7.5.
    pub const fn aga() -> Rules {
        Rules {
            suicide: Suicide::Forbidden,
            repetition: Repetition::SituationalSuperko,
            scoring: Scoring::Area,
            komi: Komi::from_halves(15),
        }
    }

    /// New Zealand: suicide allowed, situational superko, area, komi 7.
    pub const fn new_zealand() -> Rules {
        Rules {
            suicide: Suicide::Allowed,
            repetition: Repetition::SituationalSuperko,
            scoring: Scoring::Area,
            komi: Komi::from_halves(14),
        }
    }

    /// Jungo (純碁): no suicide, positional superko, stones only, no komi.
    pub const fn jungo() -> Rules {
        Rules {
            suicide: Suicide::Forbidden,
            repetition: Repetition::PositionalSuperko,
            scoring: Scoring::Stones,
            komi: Komi::ZERO,
        }
    }

    /// The same rules with another komi.
    pub const fn with_komi(self, komi: Komi) -> Rules {
        Rules { komi, ..self }
    }

    /// The rules an SGF `RU[]` value names, if miai has them: the names
    /// [`FromStr`] accepts and the spellings SGF files use (`Japanese`,
    /// `Chinese`, `AGA`, `NZ`, `New Zealand`, `jp`, `cn`, `Tromp Taylor`),
    /// case-insensitive. `None` for others (`GOE`, Ing, Korean, free text):
    /// the caller picks a default and says so.
    pub fn from_sgf(value: &str) -> Option<Rules> {
        let key = value.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        match key.as_str() {
            "jp" | "japan" => Some(Rules::japanese()),
            "cn" | "china" => Some(Rules::chinese()),
            "tromp-taylor-rules" => Some(Rules::tromp_taylor()),
            _ => key.parse().ok(),
        }
    }

    /// The preset names [`FromStr`] accepts.
    pub const PRESETS: [&'static str; 6] = [
        "tromp-taylor",
        "chinese",
        "japanese",
        "aga",
        "new-zealand",
        "jungo",
    ];
}

/// An unknown preset name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rules {0:?}: expected one of tromp-taylor, chinese, japanese, aga, new-zealand, jungo"
)]
pub struct RulesError(pub String);

impl FromStr for Rules {
    type Err = RulesError;
    /// A preset by name (case-insensitive; `tt`, `nz` also accepted).
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        Ok(
            match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
                "tromp-taylor" | "tt" => Rules::tromp_taylor(),
                "chinese" => Rules::chinese(),
                "japanese" => Rules::japanese(),
                "aga" => Rules::aga(),
                "new-zealand" | "nz" => Rules::new_zealand(),
                "jungo" => Rules::jungo(),
                _ => return Err(RulesError(s.to_string())),
            },
        )
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "suicide {}, {}, {} scoring, komi {}",
            match self.suicide {
                Suicide::Allowed => "allowed",
                Suicide::Forbidden => "forbidden",
            },
            match self.repetition {
                Repetition::None => "no repetition rule",
                Repetition::SimpleKo => "simple ko",
                Repetition::PositionalSuperko => "positional superko",
                Repetition::SituationalSuperko => "situational superko",
            },
            match self.scoring {
                Scoring::Area => "area",
                Scoring::Stones => "stones-only",
                Scoring::Territory => "territory",
            },
            self.komi
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_rule_names() {
        for (ru, rules) in [
            ("Japanese", Rules::japanese()),
            ("Chinese", Rules::chinese()),
            ("AGA", Rules::aga()),
            ("NZ", Rules::new_zealand()),
            ("New Zealand", Rules::new_zealand()),
            ("jp", Rules::japanese()),
            ("cn", Rules::chinese()),
            (" Tromp Taylor ", Rules::tromp_taylor()),
        ] {
            assert_eq!(Rules::from_sgf(ru), Some(rules), "{ru}");
        }
        for unknown in ["GOE", "Korean", "", "my house rules"] {
            assert_eq!(Rules::from_sgf(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn presets_by_name() {
        for name in Rules::PRESETS {
            assert!(name.parse::<Rules>().is_ok(), "{name}");
        }
        assert_eq!("NZ".parse::<Rules>().unwrap(), Rules::new_zealand());
        assert!("ing".parse::<Rules>().is_err());
        assert_eq!(Rules::japanese().repetition, Repetition::SimpleKo);
        assert_eq!(Rules::aga().repetition, Repetition::SituationalSuperko);
        assert_eq!(Rules::tromp_taylor().suicide, Suicide::Allowed);
    }
}
