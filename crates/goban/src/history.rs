//! The positions of a game so far, for superko.

use crate::color::Color;
use crate::position::{Illegal, Position};
use crate::rules::Repetition;

/// Every board colouring seen so far, with the player to move, stored
/// compactly (one byte per vertex in one flat buffer). Lookups compare
/// hashes first and confirm a hit by comparing the colourings, so a hash
/// collision can never make a legal move illegal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    n: usize,
    keys: Vec<u64>,
    movers: Vec<Color>,
    boards: Vec<u8>,
}

impl History {
    /// An empty history for boards of `n` vertices.
    pub fn new(n: usize) -> History {
        History {
            n,
            ..History::default()
        }
    }

    /// The number of positions recorded.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Records a position.
    pub fn push(&mut self, pos: &Position) {
        self.n = pos.board_bytes().len();
        self.keys.push(pos.hash());
        self.movers.push(pos.to_move());
        self.boards.extend_from_slice(pos.board_bytes());
    }

    /// Forgets the last position recorded.
    pub fn pop(&mut self) {
        if self.keys.pop().is_some() {
            self.movers.pop();
            self.boards.truncate(self.keys.len() * self.n);
        }
    }

    fn board(&self, i: usize) -> &[u8] {
        &self.boards[i * self.n..(i + 1) * self.n]
    }

    /// Whether the colouring of `pos` was seen before (hash hit confirmed by
    /// comparing colourings).
    pub fn contains_position(&self, pos: &Position) -> bool {
        let h = pos.hash();
        (0..self.keys.len()).any(|i| self.keys[i] == h && self.board(i) == pos.board_bytes())
    }

    /// Whether the colouring of `pos` was seen before with the same player
    /// to move.
    pub fn contains_situation(&self, pos: &Position) -> bool {
        let h = pos.hash();
        (0..self.keys.len()).any(|i| {
            self.keys[i] == h
                && self.movers[i] == pos.to_move()
                && self.board(i) == pos.board_bytes()
        })
    }

    /// The superko violation, if any, of reaching `pos` under `rule`.
    pub fn violation(&self, pos: &Position, rule: Repetition) -> Option<Illegal> {
        match rule {
            Repetition::PositionalSuperko if self.contains_position(pos) => {
                Some(Illegal::PositionalSuperko)
            }
            Repetition::SituationalSuperko if self.contains_situation(pos) => {
                Some(Illegal::SituationalSuperko)
            }
            _ => None,
        }
    }
}
