//! Judging a race from the sum `G` of its sub-positions.
//!
//! [`Evaluation::Seed`] is the seed's rule on `g = cool(G, 2)` (seed 002
//! §3): g an integer: `g > 0` Black wins, `g < 0` White wins, `g = 0` the
//! first player wins; `n < g < n+1`: adjust to `n+1` (Black first) or `n`
//! (White first); g confused with an integer `n`: adjust to `n+1` or `n-1`;
//! then judge by the first rule. [`Evaluation::Stops`] judges by the stops
//! of `cool(G, 1)`: Black playing first wins iff its left stop is `>= 0`,
//! White playing first wins iff its right stop is `<= 0`.

use std::fmt;

use miai_cgt::{Comparison, Dyadic, Game};
use miai_goban::Color;

/// Which evaluation turns `G` into a verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// The seed's three rules on `cool(G, 2)`.
    Seed,
    /// The stops of `cool(G, 1)`.
    Stops,
}

/// Who wins with each first player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The evaluation used.
    pub evaluation: Evaluation,
    /// `cool(G, 2)` for the seed, `cool(G, 1)` for the stops.
    pub g: Game,
    /// Which of the seed's rules applied (1, 2, 3); 0 for the stops.
    pub rule: u8,
    /// The adjusted value (seed) or left stop (stops) when Black plays first.
    pub black_first_value: Option<Dyadic>,
    /// The adjusted value (seed) or right stop (stops) when White plays first.
    pub white_first_value: Option<Dyadic>,
    /// Winner when Black plays first (`None`: the rule does not decide).
    pub black_first: Option<Color>,
    /// Winner when White plays first.
    pub white_first: Option<Color>,
    /// Why the rule did not decide, if it did not.
    pub note: Option<String>,
}

impl Verdict {
    /// The verdict in words.
    ///
    /// ```
    /// use miai_semeai::{Evaluation, judge};
    /// let g = "{4|0} + {6|{4|0}} - 7".parse().unwrap();
    /// let v = judge(g, Evaluation::Seed).unwrap();
    /// assert_eq!(v.words(), "the side that plays first wins");
    /// ```
    pub fn words(&self) -> String {
        match (self.black_first, self.white_first) {
            (Some(Color::Black), Some(Color::Black)) => "Black wins whoever plays first".into(),
            (Some(Color::White), Some(Color::White)) => "White wins whoever plays first".into(),
            (Some(Color::Black), Some(Color::White)) => "the side that plays first wins".into(),
            (Some(Color::White), Some(Color::Black)) => "the side that plays second wins".into(),
            _ => format!(
                "undecided: {}",
                self.note
                    .clone()
                    .unwrap_or_else(|| "the rule does not apply".into())
            ),
        }
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Evaluation::Seed => "seed (cool(G,2), three rules)",
            Evaluation::Stops => "stops of cool(G,1)",
        })
    }
}

/// Rule 1 on an integer, for the given first player.
fn rule1(n: i64, first: Color) -> Color {
    match n.signum() {
        1 => Color::Black,
        -1 => Color::White,
        _ => first,
    }
}

/// Judges `G` by an evaluation. Errors only on arithmetic overflow.
pub fn judge(sum: Game, evaluation: Evaluation) -> Result<Verdict, miai_cgt::CgtError> {
    match evaluation {
        Evaluation::Seed => judge_seed(sum),
        Evaluation::Stops => {
            let g = sum.cool(Dyadic::integer(1))?;
            let (ls, rs) = g.stops();
            let zero = Dyadic::integer(0);
            Ok(Verdict {
                evaluation,
                g,
                rule: 0,
                black_first_value: Some(ls),
                white_first_value: Some(rs),
                black_first: Some(if ls >= zero {
                    Color::Black
                } else {
                    Color::White
                }),
                white_first: Some(if rs <= zero {
                    Color::White
                } else {
                    Color::Black
                }),
                note: None,
            })
        }
    }
}

fn judge_seed(sum: Game) -> Result<Verdict, miai_cgt::CgtError> {
    let g = sum.cool(Dyadic::integer(2))?;
    let decide = |rule: u8, b: i64, w: i64| Verdict {
        evaluation: Evaluation::Seed,
        g,
        rule,
        black_first_value: Some(Dyadic::integer(b)),
        white_first_value: Some(Dyadic::integer(w)),
        black_first: Some(rule1(b, Color::Black)),
        white_first: Some(rule1(w, Color::White)),
        note: None,
    };
    if let Some(x) = g.as_number() {
        if let Some(n) = x.to_integer() {
            return Ok(decide(1, n, n));
        }
        let n = x.floor();
        return Ok(decide(2, n + 1, n));
    }
    let confused = g.confused_integers(64).unwrap_or_default();
    match confused.as_slice() {
        [n] => Ok(decide(3, n + 1, n - 1)),
        [] => {
            // Not a number and confused with no integer: it lies strictly
            // between two consecutive integers, rule 2.
            let (ls, rs) = g.stops();
            for n in rs.floor() - 1..=ls.ceil() {
                if g.compare(Game::integer(n)) == Comparison::Greater
                    && g.compare(Game::integer(n + 1)) == Comparison::Less
                {
                    return Ok(decide(2, n + 1, n));
                }
            }
            Ok(undecided(
                g,
                "g lies between no two consecutive integers".into(),
            ))
        }
        many => Ok(undecided(
            g,
            format!(
                "g = {g} is confused with {} integers ({}): the seed's rule 3 names one integer n and is ambiguous here",
                many.len(),
                many.iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

fn undecided(g: Game, note: String) -> Verdict {
    Verdict {
        evaluation: Evaluation::Seed,
        g,
        rule: 3,
        black_first_value: None,
        white_first_value: None,
        black_first: None,
        white_first: None,
        note: Some(note),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed(s: &str) -> Verdict {
        judge(s.parse().unwrap(), Evaluation::Seed).unwrap()
    }

    #[test]
    fn seed_fig2_sum() {
        // Seed 002 §4.4: G = {4|0} + {6|{4|0}} - 7, g's adjusted value 0
        // (Black first) and by SPEC §1 -2 (White first): first player wins.
        let v = seed("{4|0} + {6|{4|0}} - 7");
        assert_eq!(v.g.to_string(), "-1^*");
        assert_eq!(v.rule, 3);
        assert_eq!(v.black_first_value, Some(Dyadic::integer(0)));
        assert_eq!(v.white_first_value, Some(Dyadic::integer(-2)));
        assert_eq!(v.words(), "the side that plays first wins");
    }

    #[test]
    fn rule_one_and_two() {
        // Rule 1 straight from the seed's text.
        assert_eq!(seed("3").words(), "Black wins whoever plays first");
        assert_eq!(seed("-1").words(), "White wins whoever plays first");
        assert_eq!(seed("0").words(), "the side that plays first wins");
        // Rule 2: cool(1/2, 2) = 1/2, n = 0: Black first 1, White first 0.
        let v = seed("1/2");
        assert_eq!(
            (v.rule, v.black_first_value, v.white_first_value),
            (2, Some(1.into()), Some(0.into()))
        );
    }

    #[test]
    fn confused_with_two_integers_is_ambiguous() {
        // {5|-5} cooled by 2 is {3|-3}, confused with -2..2: rule 3 does
        // not say which n.
        let v = seed("{5|-5}");
        assert!(v.black_first.is_none());
        assert!(v.note.unwrap().contains("ambiguous"));
        // Whoever moves first in {5|-5} gains five liberties: the first
        // player wins, which the stops of cool(G,1) = {4|-4} say.
        let s = judge("{5|-5}".parse().unwrap(), Evaluation::Stops).unwrap();
        assert_eq!(s.words(), "the side that plays first wins");
    }
}
