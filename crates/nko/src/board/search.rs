//! Exhaustive search of a real n-ko position under positional superko.

use miai_goban::{Color, Game, Move};

use miai_search::{Cancel, Limits, Meter, Progress};

use crate::history::{ProgressFn, Rules, tick};
use crate::{Outcome, Player, SearchError};

use super::KoPosition;

/// The largest `n` [`BoardSearch`] accepts. The search keeps no
/// transposition table (equal boards with different histories are different
/// games), so its tree grows fast with `n`. Without passes every cell up to
/// `n = 5` takes at most a few thousand nodes; with passes `n = 4` takes up
/// to about 25,000 nodes and a single `n = 5` cell did not finish in a
/// minute (see the crate README). Use [`Limits`] to bound a search.
pub const MAX_BOARD_N: u64 = 5;

/// A plain minimax over full game histories on the Go board itself:
/// every legal move of the position (goban's rules: occupation, suicide,
/// positional superko against every position of the game so far), no
/// abstraction and no transposition table.
///
/// Terminal rules, as in the model: a move that captures the opponent's
/// racing group wins; a move that removes the mover's own group (suicide,
/// where the rules allow it) loses; a player with no legal move loses. In
/// the [`Rules::PassesAllowed`] variant a pass is always legal and two
/// passes in a row end the game in a draw.
pub struct BoardSearch<'a> {
    rules: Rules,
    meter: Meter,
    progress: ProgressFn<'a>,
}

impl std::fmt::Debug for BoardSearch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardSearch")
            .field("rules", &self.rules)
            .field("nodes", &self.meter.nodes())
            .finish_non_exhaustive()
    }
}

fn color(player: Player) -> Color {
    match player {
        Player::Black => Color::Black,
        Player::White => Color::White,
    }
}

impl<'a> BoardSearch<'a> {
    /// A search of the game `rules` (with or without passes) within
    /// `limits` (nodes and time, counted over all calls), stopped early
    /// when `cancel` is raised.
    #[must_use]
    pub fn new(rules: Rules, limits: &Limits, cancel: Option<&Cancel>) -> Self {
        Self {
            rules,
            meter: Meter::new(limits, cancel),
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

    /// Nodes searched so far (over all calls).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.meter.nodes()
    }

    /// The outcome of `position` under perfect play, its side to move to
    /// play and only the position itself in the history.
    ///
    /// ```
    /// use miai_goban::Rules as GoRules;
    /// use miai_nko::history::Rules;
    /// use miai_search::Limits;
    /// use miai_nko::board::{BoardSearch, KoPosition, grid_setup};
    /// use miai_nko::{Outcome, Player};
    /// // (3, 1, 0): the seed's formula says White; Black wins.
    /// let setup = grid_setup(&[true, false, false], Player::Black)?;
    /// let ko = KoPosition::recognise(&setup.into_position(GoRules::chinese())?)?;
    /// let mut search = BoardSearch::new(Rules::NoPasses, &Limits::none(), None);
    /// assert_eq!(search.solve(&ko)?, Outcome::BlackWins);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SearchError::TooManyKos`] above [`MAX_BOARD_N`];
    /// [`SearchError::Stopped`] at a limit or on cancellation.
    pub fn solve(&mut self, position: &KoPosition) -> Result<Outcome, SearchError> {
        if position.n() > MAX_BOARD_N {
            return Err(SearchError::TooManyKos {
                n: position.n(),
                limit: MAX_BOARD_N,
            });
        }
        let groups = [position.group(Player::Black), position.group(Player::White)];
        let me = position.to_move();
        let mut game = Game::new(position.position().clone());
        let value = self.value(&mut game, &groups, color(me), false)?;
        Ok(match value {
            1 => Outcome::win_for(me),
            -1 => Outcome::win_for(me.opponent()),
            _ => Outcome::Draw,
        })
    }

    fn tick(&mut self) -> Result<(), SearchError> {
        tick(&mut self.meter, 0, &mut self.progress)
    }

    /// The value for `me`, to move: 1 win, 0 draw, -1 loss. `passed` says
    /// the last move was a pass. `groups` holds a stone of each racing
    /// group (Black's, White's); a group is captured when its stone is gone.
    fn value(
        &mut self,
        game: &mut Game,
        groups: &[miai_goban::Vertex; 2],
        me: Color,
        passed: bool,
    ) -> Result<i8, SearchError> {
        self.tick()?;
        // Every legal move: plays in vertex order (superko checked), then
        // the pass, which the no-pass game leaves out. No move at all loses.
        let mut best = -1;
        for mv in game.legal_moves(me) {
            let v = match mv {
                Move::Pass if self.rules == Rules::NoPasses => continue,
                Move::Pass if passed => 0,
                Move::Play(_) | Move::Pass => {
                    if game.play_as(me, mv).is_err() {
                        continue; // legal_moves checked it; never happens
                    }
                    let alive = |c: Color| game.position().color_at(groups[c.index()]).is_some();
                    let v = if !alive(me.opponent()) {
                        1
                    } else if !alive(me) {
                        -1
                    } else {
                        let r = self.value(game, groups, me.opponent(), mv == Move::Pass);
                        match r {
                            Ok(r) => -r,
                            Err(e) => {
                                game.undo();
                                return Err(e);
                            }
                        }
                    };
                    game.undo();
                    v
                }
            };
            best = best.max(v);
            if best == 1 {
                break;
            }
        }
        Ok(best)
    }
}
