//! The full-history brute force: the game played move by move on an
//! explicit abstract ko board, with positional superko checked against the
//! set of positions actually seen. No `(n, m, t)` abstraction and no fight
//! oracle: ko fights are played out take by take.
//!
//! # The board it abstracts
//!
//! A Black group and a White group, neither with an eye, share `n` kos and
//! have no other liberties; nothing else on the board is playable. In a ko
//! `p`–`q`, `p` touches only Black's group and `q` only White's group.
//! "Black has taken" the ko: a Black stone on `q` (in atari), `p` empty, so
//! `p` is a liberty of Black's group. White retakes by playing `p`, which
//! captures the stone on `q` and takes away that liberty; now `q` is empty, a
//! liberty of White's group. So Black's group has exactly as many liberties
//! as the kos in Black's shape, and White's likewise. The legal moves are:
//!
//! * **take** one of the opponent's kos, unless the resulting position has
//!   been seen before (positional superko); taking the opponent's *last* ko
//!   fills his last liberty and captures his whole group: the taker wins;
//! * **fill** one of your own kos (play the empty point of a ko in your shape,
//!   connecting the stone in atari): the ko is settled for good and your
//!   group loses a liberty; filling your last liberty is suicide, which is
//!   not a legal move (where suicide is allowed it loses at once: the same);
//! * **pass**, only in the [`Rules::PassesAllowed`] variant, where two passes
//!   in a row end the game as a draw;
//! * a player with no legal move loses (no-pass rules).
//!
//! Filled kos never change again (their stones are only removed with the
//! whole group, which ends the game), so no position from before the last
//! fill can recur. The search therefore keeps in its transposition key only
//! the positions seen since the last fill (together with which kos are
//! unfilled); this is exact, not an approximation. Which colour filled a
//! settled ko is not in the key either: settled kos have no liberties to
//! give and no moves, so they cannot affect the play.

pub mod board;

pub use board::KoBoard;

use miai_search::{Cancel, Limits, Meter, Progress, TableUsage};
use rustc_hash::FxHashMap;

use crate::{Outcome, Player, SearchError, State};

/// The largest `n` the full-history search accepts (its history is a bit set
/// over the `2^n` positions of the unfilled kos).
pub const MAX_HISTORY_N: u64 = 10;

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The seed's main line: no passes; a player with no legal move loses.
    NoPasses,
    /// Passes allowed; two passes in a row end the game in a draw.
    PassesAllowed,
}

impl Rules {
    /// [`Rules::PassesAllowed`] when `passes`, else [`Rules::NoPasses`].
    #[must_use]
    pub fn with_passes(passes: bool) -> Rules {
        if passes {
            Rules::PassesAllowed
        } else {
            Rules::NoPasses
        }
    }
}

/// A progress callback, boxed.
pub(crate) type ProgressFn<'a> = Option<Box<dyn FnMut(&Progress) + 'a>>;

/// The per-node bookkeeping both full-history searches share: count the
/// node on the meter, hand a progress record to the callback when one is
/// due, and turn a stop into [`SearchError::Stopped`].
pub(crate) fn tick(
    meter: &mut Meter,
    table: usize,
    progress: &mut ProgressFn<'_>,
) -> Result<(), SearchError> {
    meter
        .tick()
        .map_err(|stop| SearchError::stopped(stop, meter.nodes()))?;
    if meter.report_due()
        && let Some(p) = progress.as_mut()
    {
        p(&meter.progress(TableUsage {
            used: table,
            capacity: table,
        }));
    }
    Ok(())
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    unfilled: u16,
    black: u16,
    to_move: Player,
    passed: bool,
    /// The player whose win is asked about.
    goal: Player,
    history: Box<[u64]>,
}

/// The full-history solver. Its transposition table is kept between calls
/// with the same [`Rules`], so solving every state of a table shares work.
///
/// It answers two-valued questions ("can Black force a win?", "can White
/// force a win?"); a draw is what is left when neither can. Asking the
/// questions separately lets each side's defence stop at its first good
/// move (a pass, typically), which a three-valued search could not do.
pub struct HistorySearch<'a> {
    rules: Rules,
    meter: Meter,
    memo: FxHashMap<Key, bool>,
    progress: ProgressFn<'a>,
}

impl std::fmt::Debug for HistorySearch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HistorySearch")
            .field("rules", &self.rules)
            .field("nodes", &self.meter.nodes())
            .field("table", &self.memo.len())
            .finish_non_exhaustive()
    }
}

impl<'a> HistorySearch<'a> {
    /// A solver for `rules` within `limits` (nodes and time, counted over
    /// all calls; the table is unbounded), stopped early when `cancel` is
    /// raised.
    #[must_use]
    pub fn new(rules: Rules, limits: &Limits, cancel: Option<&Cancel>) -> Self {
        Self {
            rules,
            meter: Meter::new(limits, cancel),
            memo: FxHashMap::default(),
            progress: None,
        }
    }

    /// Hand a progress record to `progress` now and then (at the meter's
    /// cadence: every 100 ms).
    #[must_use]
    pub fn with_progress(mut self, progress: impl FnMut(&Progress) + 'a) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Nodes searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.meter.nodes()
    }

    /// The outcome of the board of `state` (its first `m` kos in Black's
    /// shape, the rest in White's; which ones does not matter by symmetry)
    /// with only the current position in the history.
    ///
    /// # Errors
    /// [`SearchError::TooManyKos`] above [`MAX_HISTORY_N`];
    /// [`SearchError::Stopped`] at a limit or on cancellation.
    pub fn solve(&mut self, state: State) -> Result<Outcome, SearchError> {
        if state.n() > MAX_HISTORY_N {
            return Err(SearchError::TooManyKos {
                n: state.n(),
                limit: MAX_HISTORY_N,
            });
        }
        let board = KoBoard::from_state(state);
        self.solve_board(board, state.to_move())
    }

    /// The outcome of `board` with `to_move` to play and only the current
    /// position in the history.
    ///
    /// # Errors
    /// As [`HistorySearch::solve`].
    pub fn solve_board(&mut self, board: KoBoard, to_move: Player) -> Result<Outcome, SearchError> {
        for goal in [to_move, to_move.opponent()] {
            let mut history = board.fresh_history();
            if self.wins(board, &mut history, to_move, false, goal)? {
                return Ok(Outcome::win_for(goal));
            }
            if self.rules == Rules::NoPasses {
                // No draws without passes: if the mover cannot win, he loses.
                return Ok(Outcome::win_for(to_move.opponent()));
            }
        }
        Ok(Outcome::Draw)
    }

    fn tick(&mut self) -> Result<(), SearchError> {
        tick(&mut self.meter, self.memo.len(), &mut self.progress)
    }

    /// Whether `goal` can force a win (a draw counts as failure) from
    /// `board` with `me` to move, `history` holding the positions seen since
    /// the last fill and `passed` telling whether the last move was a pass.
    fn wins(
        &mut self,
        board: KoBoard,
        history: &mut Vec<u64>,
        me: Player,
        passed: bool,
        goal: Player,
    ) -> Result<bool, SearchError> {
        // Capture ends the game at once.
        if board.kos_of(me.opponent()) == 1 {
            return Ok(me == goal);
        }
        let key = Key {
            unfilled: board.unfilled() as u16,
            black: board.black() as u16,
            to_move: me,
            passed,
            goal,
            history: history.clone().into_boxed_slice(),
        };
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        self.tick()?;
        // The mover looks for a move that reaches his aim: `goal` wins if the
        // mover is `goal`, `goal` fails otherwise.
        let attacking = me == goal;
        let mut found = false;
        let mut any_move = false;
        // The defender tries the pass first: against a pass the attacker
        // must make progress at once or the game is drawn.
        if !attacking && self.rules == Rules::PassesAllowed {
            any_move = true;
            found = passed || !self.wins(board, history, me.opponent(), true, goal)?;
        }
        if !found {
            // Takes: the ko fight, move by move.
            for ko in board.kos_held_by(me.opponent()) {
                let next = board.take(ko, me);
                let idx = next.black() as usize;
                if history[idx >> 6] >> (idx & 63) & 1 == 1 {
                    continue; // positional superko
                }
                any_move = true;
                history[idx >> 6] |= 1 << (idx & 63);
                let w = self.wins(next, history, me.opponent(), false, goal);
                history[idx >> 6] &= !(1 << (idx & 63));
                if w? == attacking {
                    found = true;
                    break;
                }
            }
        }
        if !found && board.kos_of(me) > 1 {
            // Fills (never the last liberty: that is suicide).
            for ko in board.kos_held_by(me) {
                any_move = true;
                let next = board.fill(ko, me);
                let mut fresh = next.fresh_history();
                if self.wins(next, &mut fresh, me.opponent(), false, goal)? == attacking {
                    found = true;
                    break;
                }
            }
        }
        if !found && attacking && self.rules == Rules::PassesAllowed && !passed {
            // A pass can win only by putting the opponent in zugzwang.
            any_move = true;
            found = self.wins(board, history, me.opponent(), true, goal)?;
        }
        // With no legal move at all the mover loses (no-pass rules).
        let goal_wins = if any_move {
            found == attacking
        } else {
            !attacking
        };
        self.memo.insert(key, goal_wins);
        Ok(goal_wins)
    }
}
