//! What `miai nko` reports and `miai serve` sends: a state in words, the
//! answer to a query with or without passes, and the rows of the win table.

use miai_search::{Cancel, Limits, Stop};
use serde::Serialize;

use crate::history::{HistorySearch, Rules};
use crate::passes::{self, NaivePassTable, PROVEN_PASS_MAX_N};
use crate::variation::Variation;
use crate::{MAX_TABLE_N, Outcome, Player, SearchError, State, StateError, WinTable, closed_form};

/// A state in words: its kos, who holds how many, who moves.
#[must_use]
pub fn describe(state: State) -> String {
    format!(
        "{state}: {} kos, Black holds {}, White {}, {} to move",
        state.n(),
        state.kos_of(Player::Black),
        state.kos_of(Player::White),
        state.to_move()
    )
}

/// The answer for a state without passes (the proven closed form), the
/// seed's claim and a principal variation: the JSON of `miai nko N M
/// --json`.
#[derive(Debug, Clone, Serialize)]
pub struct Query {
    /// Kos.
    pub n: u64,
    /// Black's kos.
    pub m: u64,
    /// Side to move, the seed's index.
    pub t: usize,
    /// Always false here.
    pub passes: bool,
    /// `B` or `W`.
    pub winner: char,
    /// Always true: the closed form is proven.
    pub proven: bool,
    /// The seed's claim, if it makes one.
    pub seed_claim: Option<char>,
    /// Whether the seed's claim is wrong.
    pub seed_wrong: bool,
    /// The principal variation, a ply per entry.
    pub variation: Vec<String>,
    /// Whether the variation was cut short.
    pub variation_truncated: bool,
}

impl Query {
    /// The answer for `state`, with the variation `pv`.
    #[must_use]
    pub fn new(state: State, pv: &Variation) -> Query {
        let winner = closed_form::winner(state);
        let seed = closed_form::seed_claim(state);
        Query {
            n: state.n(),
            m: state.m(),
            t: state.t(),
            passes: false,
            winner: winner.letter(),
            proven: true,
            seed_claim: seed.map(Player::letter),
            seed_wrong: seed.is_some_and(|s| s != winner),
            variation: pv.plies.iter().map(ToString::to_string).collect(),
            variation_truncated: pv.truncated,
        }
    }
}

/// The largest `n` a pass query plays out with the brute force.
pub const PASS_SEARCH_MAX_N: u64 = 8;

/// The outcome of a state with passes: the brute force for small `n`, else
/// the seed's pass rule, with what backs it.
#[derive(Debug, Clone)]
pub struct PassQuery {
    /// The state.
    pub state: State,
    /// The seed's pass rule.
    pub rule: Outcome,
    /// The full-history brute force, run for `n <= PASS_SEARCH_MAX_N`
    /// (`None` beyond, or when it was stopped).
    pub searched: Option<Outcome>,
    /// Why the brute force stopped, if it did.
    pub stopped: Option<Stop>,
    /// The answer: the brute force where run, else the rule.
    pub outcome: Outcome,
    /// Whether the rule is backed by the brute force at this `n`.
    pub proven: bool,
    /// The naive `(n, m, t)` recursion with a pass move (a different game).
    pub naive: Option<Outcome>,
}

/// The JSON of `miai nko N M --passes --json`.
#[derive(Debug, Clone, Serialize)]
pub struct PassJson {
    /// Kos.
    pub n: u64,
    /// Black's kos.
    pub m: u64,
    /// Side to move, the seed's index.
    pub t: usize,
    /// Always true here.
    pub passes: bool,
    /// `B`, `W` or `D`.
    pub winner: char,
    /// Whether the answer is proven.
    pub proven: bool,
    /// The naive recursion's answer.
    pub naive_recursion: Option<char>,
}

impl PassQuery {
    /// Answers `state` with passes allowed; the brute force runs within
    /// `limits` and stops when `cancel` is raised (the rule answers then).
    ///
    /// # Errors
    /// A search error other than a stop.
    pub fn new(
        state: State,
        limits: &Limits,
        cancel: Option<&Cancel>,
    ) -> Result<PassQuery, SearchError> {
        let rule = passes::proven_outcome(state);
        let (mut searched, mut stopped) = (None, None);
        if state.n() <= PASS_SEARCH_MAX_N {
            match HistorySearch::new(Rules::PassesAllowed, limits, cancel).solve(state) {
                Ok(o) => searched = Some(o),
                Err(SearchError::Stopped { stop, .. }) => stopped = Some(stop),
                Err(e) => return Err(e),
            }
        }
        Ok(PassQuery {
            state,
            rule,
            searched,
            stopped,
            outcome: searched.unwrap_or(rule),
            proven: passes::is_proven(state),
            naive: NaivePassTable::build(state.n().clamp(2, MAX_TABLE_N))
                .ok()
                .and_then(|t| t.outcome(state).ok()),
        })
    }

    /// Its JSON.
    #[must_use]
    pub fn json(&self) -> PassJson {
        PassJson {
            n: self.state.n(),
            m: self.state.m(),
            t: self.state.t(),
            passes: true,
            winner: self.outcome.letter(),
            proven: self.proven,
            naive_recursion: self.naive.map(Outcome::letter),
        }
    }

    /// What backs the answer, in words.
    #[must_use]
    pub fn how(&self) -> String {
        if self.searched.is_some() {
            "full-history brute force, just run".to_string()
        } else if self.proven {
            format!(
                "seed's pass rule, verified by the full-history brute force for n <= {PROVEN_PASS_MAX_N}"
            )
        } else {
            format!(
                "seed's pass rule; NOT proven at this n (brute force verified only n <= {PROVEN_PASS_MAX_N})"
            )
        }
    }
}

/// One cell of the win table: state `(n, m, t)` and its winner.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Kos.
    pub n: u64,
    /// Black's kos.
    pub m: u64,
    /// Side to move, the seed's index.
    pub t: usize,
    /// The side to move, `B` or `W`.
    pub to_move: char,
    /// `B`, `W` or `D`.
    pub winner: char,
    /// Whether the seed's claim (if any) disagrees.
    pub seed_wrong: bool,
    /// Whether the value is proven (always, without passes).
    pub proven: bool,
}

/// The cells of the win table up to `max_n`, with or without passes: the
/// DP without passes, the proven pass rule with them.
#[derive(Debug, Clone)]
pub struct Table {
    dp: Option<WinTable>,
    max_n: u64,
}

impl Table {
    /// The table up to `max_n`.
    ///
    /// # Errors
    /// `max_n` below 2 or above [`MAX_TABLE_N`].
    pub fn new(max_n: u64, passes: bool) -> Result<Table, StateError> {
        if max_n < 2 {
            return Err(StateError::TooFewKos { n: max_n });
        }
        if max_n > MAX_TABLE_N {
            return Err(StateError::TooManyKos {
                n: max_n,
                limit: MAX_TABLE_N,
            });
        }
        Ok(Table {
            dp: if passes {
                None
            } else {
                Some(WinTable::build(max_n)?)
            },
            max_n,
        })
    }

    /// A cell's outcome, whether the seed's claim there is wrong, and
    /// whether the outcome is proven.
    ///
    /// # Errors
    /// A state outside the table.
    pub fn cell(&self, s: State) -> Result<(Outcome, bool, bool), StateError> {
        Ok(match &self.dp {
            Some(t) => (
                Outcome::win_for(t.winner(s)?),
                closed_form::seed_is_wrong(s),
                true,
            ),
            // With passes the proven rule is the seed's own: no disagreement
            // in the brute-forced range, and unproven beyond it.
            None => (passes::proven_outcome(s), false, passes::is_proven(s)),
        })
    }

    /// Every cell, both sides to move.
    ///
    /// # Errors
    /// None in practice: every state is inside the table.
    pub fn rows(&self) -> Result<Vec<Row>, StateError> {
        let mut rows = Vec::new();
        for n in 2..=self.max_n {
            for m in 1..n {
                for p in [Player::Black, Player::White] {
                    let s = State::new(n, m, p)?;
                    let (o, seed_wrong, proven) = self.cell(s)?;
                    rows.push(Row {
                        n,
                        m,
                        t: s.t(),
                        to_move: p.letter(),
                        winner: o.letter(),
                        seed_wrong,
                        proven,
                    });
                }
            }
        }
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_pass_query_falls_back_to_the_rule_and_says_why() {
        let s = State::new(7, 3, Player::Black).unwrap();
        let q = PassQuery::new(s, &Limits::none().with_nodes(5), None).unwrap();
        assert_eq!(q.stopped, Some(Stop::Nodes));
        assert_eq!(q.searched, None);
        assert_eq!(q.outcome, q.rule);
        let full = PassQuery::new(s, &Limits::none(), None).unwrap();
        assert_eq!(full.stopped, None);
        assert!(full.searched.is_some());
    }

    #[test]
    fn table_rows_cover_every_cell() {
        let rows = Table::new(5, false).unwrap().rows().unwrap();
        // (n, m) with 1 <= m < n <= 5: 10 pairs, each with both sides to move.
        assert_eq!(rows.len(), 20);
        assert!(Table::new(1, false).is_err());
    }
}
