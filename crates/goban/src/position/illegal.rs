//! Why a move is illegal.

use std::fmt;

use crate::color::Color;
use crate::position::Position;

/// Why a move is illegal: cheap to return from the fast checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The point holds a stone.
    Occupied,
    /// The move would leave its own chain without liberties and the rules
    /// forbid suicide.
    Suicide,
    /// The simple-ko rule forbids retaking now.
    Ko,
    /// The move would recreate an earlier board colouring.
    PositionalSuperko,
    /// The move would recreate an earlier board colouring with the same
    /// player to move.
    SituationalSuperko,
    /// The vertex is not on this board.
    OffBoard,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegal::Occupied => "the point is occupied",
            Illegal::Suicide => "suicide is forbidden by the rules",
            Illegal::Ko => "ko: the stone just taken can't be retaken at once",
            Illegal::PositionalSuperko => "positional superko: the board position would repeat",
            Illegal::SituationalSuperko => {
                "situational superko: the board position would repeat with the same player to move"
            }
            Illegal::OffBoard => "the point is not on the board",
        })
    }
}

/// An illegal move with its vertex named, for messages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {color} {vertex}: {reason}")]
pub struct IllegalMove {
    /// Who tried to move.
    pub color: Color,
    /// The vertex, by name.
    pub vertex: String,
    /// Why it is illegal.
    pub reason: Illegal,
}

/// The error of [`Position::play`]: the illegal move, and the position given
/// back unchanged (as in shakmaty).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{error}")]
pub struct PlayError {
    /// The position, unchanged.
    pub position: Box<Position>,
    /// What was wrong.
    pub error: IllegalMove,
}
