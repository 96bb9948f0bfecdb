//! Unchecked positions: plain data, checked by [`Position::from_setup`].

use std::sync::Arc;

use crate::color::Color;
use crate::graph::Graph;
use crate::position::Position;
use crate::rules::Rules;
use crate::vertex::Vertex;

/// A colouring of a graph with the player to move, not yet checked: any
/// field may be set freely; [`Position::from_setup`] checks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub graph: Arc<Graph>,
    /// The stone on each vertex, indexed by vertex.
    pub stones: Vec<Option<Color>>,
    /// The player to move.
    pub to_move: Color,
    /// A point the player to move may not play now by the simple-ko rule.
    pub ko: Option<Vertex>,
    /// Stones captured so far by Black and by White (for territory scoring).
    pub captures: [u32; 2],
}

/// Why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// `stones` has the wrong length.
    #[error("the setup has {found} points but the board has {expected} vertices")]
    WrongLength {
        /// Vertices of the graph.
        expected: usize,
        /// Entries in `stones`.
        found: usize,
    },
    /// A chain has no liberty.
    #[error("the {color} chain at {vertex} has no liberties")]
    NoLiberties {
        /// Colour of the chain.
        color: Color,
        /// Name of a vertex of the chain (its first in vertex order).
        vertex: String,
    },
    /// The ko point holds a stone or is off the board.
    #[error("the ko point {0} is not an empty point of the board")]
    BadKo(String),
}

impl Setup {
    /// The empty board, Black to move.
    pub fn empty(graph: Arc<Graph>) -> Setup {
        let n = graph.len();
        Setup {
            graph,
            stones: vec![None; n],
            to_move: Color::Black,
            ko: None,
            captures: [0, 0],
        }
    }

    /// Checks the setup under `rules` (see [`Position::from_setup`]).
    pub fn into_position(self, rules: Rules) -> Result<Position, SetupError> {
        Position::from_setup(self, rules)
    }
}
