//! Errors of problem construction and input.

use miai_goban::{Color, SetupError};

/// Why a position cannot be posed as a life-and-death problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// The position itself is impossible (a chain without liberties...).
    #[error("impossible position: {0}")]
    Setup(#[from] SetupError),
    /// No stone of the defender is in the region.
    #[error("no target: the defender ({defender}) has no stone in the region")]
    NoTarget {
        /// The defender's colour.
        defender: Color,
    },
    /// The defender's stones are not enclosed and no frame can be built.
    #[error(
        "the region is not closed: the {color} chain at {vertex} reaches the open board \
         (give the region with --region, or use a grid board so a frame can be put round it)"
    )]
    NotClosed {
        /// The defender's colour.
        color: Color,
        /// A stone of the open chain.
        vertex: String,
    },
    /// The attacker cannot be told from the position.
    #[error("cannot tell the attacker from the position: {0} (say which colour attacks)")]
    AmbiguousAttacker(String),
    /// The region cannot be inferred (no open board around the stones).
    #[error("cannot infer the region: {0} (give it explicitly)")]
    NoRegion(String),
    /// A region or ko vertex that is not on the board or not empty.
    #[error("bad point {point}: {reason}")]
    BadPoint {
        /// The point as given.
        point: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The region is too big for the solver.
    #[error("the region has {points} points; the solver takes at most {max}")]
    TooBig {
        /// Points in the region.
        points: usize,
        /// The limit.
        max: usize,
    },
}

/// A move of a given line that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} of the line ({mv}) is illegal: {reason}")]
pub struct LineError {
    /// Index of the move, from 0.
    pub index: usize,
    /// The move as written.
    pub mv: String,
    /// Why.
    pub reason: String,
}
