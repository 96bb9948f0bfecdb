//! A game: a position with its history (superko) and an undo stack.

use crate::color::Color;
use crate::history::History;
use crate::position::{Illegal, IllegalMove, Move, MoveInfo, Position};
use crate::rules::Repetition;

/// A position plus everything that came before it: the move list, the
/// positions for superko, and copies for undo. Under the superko rules a
/// play is legal only if the resulting colouring (positional) or colouring
/// with player to move (situational) is not in the history; passes are
/// always legal and are recorded too.
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::{Game, Graph, Move, Position, Rules};
/// let g = Arc::new(Graph::grid(5, 5).unwrap());
/// let mut game = Game::new(Position::empty(g.clone(), Rules::tromp_taylor()));
/// game.play(Move::Play(g.parse_vertex("C3").unwrap())).unwrap();
/// game.play(Move::Pass).unwrap();
/// assert_eq!(game.moves().len(), 2);
/// game.undo();
/// assert_eq!(game.moves().len(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    position: Position,
    history: History,
    /// Positions before each move, for [`Game::undo`]; empty and unused
    /// without undo (a full position per move is large: a game replayed
    /// only to reach its end keeps just the history).
    stack: Vec<Position>,
    keep_undo: bool,
    moves: Vec<(Color, Move)>,
    scratch: Option<Box<Position>>,
}

impl Game {
    /// A game starting at `position` (which is recorded in the history).
    pub fn new(position: Position) -> Game {
        let mut history = History::new(position.graph().len());
        history.push(&position);
        Game {
            position,
            history,
            stack: Vec::new(),
            keep_undo: true,
            moves: Vec::new(),
            scratch: None,
        }
    }

    /// This game without an undo stack: [`Game::undo`] then always returns
    /// `None`, and a move costs only its history entry (a colouring and a
    /// hash) instead of a copy of the whole position. For replaying long
    /// records.
    pub fn without_undo(mut self) -> Game {
        self.keep_undo = false;
        self.stack = Vec::new();
        self
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The positions so far, the current one included.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The number of passes at the end of the move list.
    pub fn consecutive_passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|m| m.1 == Move::Pass)
            .count()
    }

    /// Checks a move by `color` under all the rules, superko included.
    pub fn check(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        let Move::Play(v) = mv else { return Ok(()) };
        self.position.check(color, v)?;
        let rule = self.position.rules().repetition;
        if !matches!(
            rule,
            Repetition::PositionalSuperko | Repetition::SituationalSuperko
        ) {
            return Ok(());
        }
        let mut next = self
            .scratch
            .take()
            .unwrap_or_else(|| Box::new(self.position.clone()));
        (*next).clone_from(&self.position);
        next.play_unchecked(color, v);
        let violation = self.history.violation(&next, rule);
        self.scratch = Some(next);
        violation.map_or(Ok(()), Err)
    }

    /// Plays a move for the player to move.
    pub fn play(&mut self, mv: Move) -> Result<MoveInfo, IllegalMove> {
        self.play_as(self.position.to_move(), mv)
    }

    /// Plays a move for `color` (either side may move); the game is
    /// untouched if the move is illegal.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveInfo, IllegalMove> {
        if let Err(reason) = self.check(color, mv) {
            let vertex = match mv {
                Move::Play(v) if self.position.graph().contains(v) => {
                    self.position.graph().vertex_name(v)
                }
                Move::Play(v) => format!("#{}", v.index()),
                Move::Pass => "pass".into(),
            };
            return Err(IllegalMove {
                color,
                vertex,
                reason,
            });
        }
        if self.keep_undo {
            self.stack.push(self.position.clone());
        }
        let info = match mv {
            Move::Pass => {
                self.position.pass(color);
                MoveInfo::default()
            }
            Move::Play(v) => self.position.play_unchecked(color, v),
        };
        self.history.push(&self.position);
        self.moves.push((color, mv));
        Ok(info)
    }

    /// Takes back the last move; `None` at the start (always, for a game
    /// [`without_undo`](Game::without_undo)).
    pub fn undo(&mut self) -> Option<(Color, Move)> {
        let prev = self.stack.pop()?;
        self.position = prev;
        self.history.pop();
        self.moves.pop()
    }

    /// The legal moves of `color` (plays in vertex order, then pass).
    pub fn legal_moves(&mut self, color: Color) -> Vec<Move> {
        let plays = self.position.legal_plays(color);
        let mut out: Vec<Move> = plays
            .into_iter()
            .filter(|&v| self.check(color, Move::Play(v)).is_ok())
            .map(Move::Play)
            .collect();
        out.push(Move::Pass);
        out
    }
}
