//! The full-history brute force run over every cell of the win table and
//! compared with the dynamic programme (or, with passes, with the seed's
//! proven pass rule) and with the seed's own claims: the check behind
//! `miai nko verify`.

use std::fmt;

use miai_search::{Cancel, Limits, Progress, Stop};

use crate::history::{HistorySearch, MAX_HISTORY_N, Rules};
use crate::{Outcome, Player, SearchError, State, StateError, WinTable, closed_form, passes};

/// What a sweep found: how many cells it solved and where the brute force
/// disagrees with the table or with the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// The largest `n` swept.
    pub max_n: u64,
    /// The game played.
    pub rules: Rules,
    /// Cells solved, in order `n`, then `m`, then Black to move before
    /// White.
    pub solved: u64,
    /// Cells in the sweep: `max_n * (max_n - 1)`.
    pub cells: u64,
    /// Search nodes over the whole sweep.
    pub nodes: u64,
    /// Cells where the brute force and the table (the DP without passes,
    /// the proven pass rule with passes) disagree.
    pub mismatches: Vec<State>,
    /// Cells where the seed's claim (its closed form, or its pass rule)
    /// differs from the brute force.
    pub seed_wrong: Vec<State>,
    /// Why the sweep stopped before the last cell, if it did; the cells
    /// solved before are kept.
    pub stopped: Option<Stop>,
}

impl Sweep {
    /// Whether every cell was solved and agrees with the table.
    #[must_use]
    pub fn holds(&self) -> bool {
        self.stopped.is_none() && self.mismatches.is_empty()
    }
}

/// The text of `miai nko verify`: cells solved and nodes, why the sweep
/// stopped, the disagreements with the table and (without passes) the
/// cells where the seed's closed form is wrong, each list cut at 40 cells.
impl fmt::Display for Sweep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let passes = self.rules == Rules::PassesAllowed;
        let what = if passes {
            "the seed's pass rule"
        } else {
            "the DP table"
        };
        writeln!(
            f,
            "full-history brute force: {} of {} cells solved, {} nodes",
            self.solved, self.cells, self.nodes
        )?;
        if let Some(stop) = self.stopped {
            writeln!(
                f,
                "stopped early: {stop}; the cells above were solved and are kept"
            )?;
        }
        writeln!(
            f,
            "{what}: {} disagreement(s){}",
            self.mismatches.len(),
            list(&self.mismatches)
        )?;
        if !passes {
            writeln!(
                f,
                "seed 000's closed form: wrong at {} cell(s){}",
                self.seed_wrong.len(),
                list(&self.seed_wrong)
            )?;
        }
        Ok(())
    }
}

/// The cells shown after a count: `": a b c"`, at most 40, `...` beyond.
fn list(states: &[State]) -> String {
    if states.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = states.iter().take(40).map(ToString::to_string).collect();
    format!(
        ": {}{}",
        shown.join(" "),
        if states.len() > 40 { " ..." } else { "" }
    )
}

/// A sweep that cannot start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// `max_n` outside what the brute force handles.
    #[error("max_n = {max_n}: the full-history brute force handles 2..={MAX_HISTORY_N}")]
    MaxN {
        /// The rejected value.
        max_n: u64,
    },
    /// A state or search error other than a stop.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The table could not be built.
    #[error(transparent)]
    State(#[from] StateError),
}

/// The number of cells a sweep up to `max_n` solves, `max_n * (max_n - 1)`
/// (for a progress bar).
///
/// # Errors
/// [`SweepError::MaxN`] outside `2..=MAX_HISTORY_N`.
pub fn sweep_cells(max_n: u64) -> Result<u64, SweepError> {
    if !(2..=MAX_HISTORY_N).contains(&max_n) {
        return Err(SweepError::MaxN { max_n });
    }
    Ok(max_n * (max_n - 1))
}

/// Solves every cell with `n <= max_n` by the full-history brute force
/// (one search, its table shared by all cells, within `limits` over the
/// whole sweep) and compares. `on_cell` is called after each solved cell;
/// `progress` with the search's progress records.
///
/// ```
/// use miai_nko::history::Rules;
/// use miai_nko::verify::sweep;
/// use miai_search::Limits;
/// let s = sweep(4, Rules::NoPasses, &Limits::none(), None, &mut |_| {}, &mut || {})?;
/// assert!(s.holds());
/// assert_eq!(s.solved, 12);
/// # Ok::<(), miai_nko::verify::SweepError>(())
/// ```
///
/// # Errors
/// [`SweepError::MaxN`] outside `2..=MAX_HISTORY_N`.
pub fn sweep(
    max_n: u64,
    rules: Rules,
    limits: &Limits,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
    on_cell: &mut dyn FnMut(),
) -> Result<Sweep, SweepError> {
    sweep_cells(max_n)?;
    let with_passes = rules == Rules::PassesAllowed;
    let dp = WinTable::build(max_n)?;
    let mut search = HistorySearch::new(rules, limits, cancel).with_progress(progress);
    let mut out = Sweep {
        max_n,
        rules,
        solved: 0,
        cells: max_n * (max_n - 1),
        nodes: 0,
        mismatches: Vec::new(),
        seed_wrong: Vec::new(),
        stopped: None,
    };
    'outer: for n in 2..=max_n {
        for m in 1..n {
            for p in [Player::Black, Player::White] {
                let s = State::new(n, m, p)?;
                let truth = match search.solve(s) {
                    Ok(o) => o,
                    Err(SearchError::Stopped { stop, .. }) => {
                        out.stopped = Some(stop);
                        break 'outer;
                    }
                    Err(e) => return Err(e.into()),
                };
                let expected = if with_passes {
                    passes::proven_outcome(s)
                } else {
                    Outcome::win_for(dp.winner(s)?)
                };
                if truth != expected {
                    out.mismatches.push(s);
                }
                let seed = if with_passes {
                    Some(passes::proven_outcome(s)) // the seed's pass rule
                } else {
                    closed_form::seed_claim(s).map(Outcome::win_for)
                };
                if seed.is_some_and(|c| c != truth) {
                    out.seed_wrong.push(s);
                }
                out.solved += 1;
                on_cell();
            }
        }
    }
    out.nodes = search.nodes();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brute_force_agrees_with_the_dp_and_finds_the_seeds_errors() {
        let mut cells = 0;
        let s = sweep(
            6,
            Rules::NoPasses,
            &Limits::none(),
            None,
            &mut |_| {},
            &mut || cells += 1,
        )
        .unwrap();
        assert!(s.holds(), "{s:?}");
        assert_eq!((s.solved, s.cells, cells), (30, 30, 30));
        // The seed's closed form is wrong exactly where it differs from the
        // proven closed form, which the DP confirms.
        let expected: Vec<State> = (2..=6)
            .flat_map(|n| (1..n).map(move |m| (n, m)))
            .flat_map(|(n, m)| [Player::Black, Player::White].map(|p| State::new(n, m, p).unwrap()))
            .filter(|&s| closed_form::seed_is_wrong(s))
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(s.seed_wrong, expected);
    }

    #[test]
    fn a_stopped_sweep_keeps_its_cells_and_says_why() {
        let s = sweep(
            6,
            Rules::PassesAllowed,
            &Limits::none().with_nodes(50),
            None,
            &mut |_| {},
            &mut || {},
        )
        .unwrap();
        assert_eq!(s.stopped, Some(Stop::Nodes));
        assert!(s.solved < s.cells);
        assert!(!s.holds());
        let cancel = Cancel::new();
        cancel.cancel();
        let s = sweep(
            8,
            Rules::PassesAllowed,
            &Limits::none(),
            Some(&cancel),
            &mut |_| {},
            &mut || {},
        )
        .unwrap();
        assert_eq!(s.stopped, Some(Stop::Cancelled));
    }

    #[test]
    fn max_n_outside_the_range_is_refused() {
        for n in [0, 1, MAX_HISTORY_N + 1] {
            assert_eq!(
                sweep(
                    n,
                    Rules::NoPasses,
                    &Limits::none(),
                    None,
                    &mut |_| {},
                    &mut || {}
                ),
                Err(SweepError::MaxN { max_n: n })
            );
        }
    }

    /// The brute force over every cell with n <= 4, no passes, unlimited.
    fn sweep_to_4() -> Sweep {
        sweep(
            4,
            Rules::NoPasses,
            &Limits::none(),
            None,
            &mut |_| {},
            &mut || {},
        )
        .unwrap()
    }

    #[test]
    fn the_text_lists_the_seeds_errors_and_says_when_it_stopped() {
        let s = sweep_to_4();
        let text = s.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            format!(
                "full-history brute force: 12 of 12 cells solved, {} nodes",
                s.nodes
            )
        );
        assert_eq!(lines[1], "the DP table: 0 disagreement(s)");
        // (3,1,0) is one of the seed's errors (tests/data/hand_cells.txt).
        let wrong = State::new(3, 1, Player::Black).unwrap();
        assert!(s.seed_wrong.contains(&wrong));
        assert!(lines[2].starts_with(&format!(
            "seed 000's closed form: wrong at {} cell(s): ",
            s.seed_wrong.len()
        )));
        assert!(lines[2].contains(&wrong.to_string()));
        assert_eq!(lines.len(), 3);

        let stopped = sweep(
            6,
            Rules::PassesAllowed,
            &Limits::none().with_nodes(50),
            None,
            &mut |_| {},
            &mut || {},
        )
        .unwrap();
        let text = stopped.to_string();
        assert!(text.contains("stopped early: "));
        assert!(text.contains("the seed's pass rule: "));
        assert!(!text.contains("closed form"), "no closed form with passes");
    }

    #[test]
    fn sweep_cells_counts_both_sides_and_checks_the_range() {
        let s = sweep_to_4();
        assert_eq!(sweep_cells(4), Ok(s.cells));
        assert_eq!(sweep_cells(1), Err(SweepError::MaxN { max_n: 1 }));
        assert!(sweep_cells(MAX_HISTORY_N + 1).is_err());
        assert_eq!(Rules::with_passes(true), Rules::PassesAllowed);
        assert_eq!(Rules::with_passes(false), Rules::NoPasses);
    }

    #[test]
    fn a_long_list_is_cut_at_forty_cells() {
        let states: Vec<State> = (2..=12u64)
            .flat_map(|n| (1..n).map(move |m| State::new(n, m, Player::Black).unwrap()))
            .collect();
        assert!(states.len() > 40);
        let text = list(&states);
        assert_eq!(text.matches(", ").count() / 2, 40);
        assert!(text.ends_with(" ..."));
        assert_eq!(list(&states[..3]).matches(" ...").count(), 0);
        assert_eq!(list(&[]), "");
    }
}
