//! Why a Go position is not an n-ko of the model.

use miai_goban::{Color, SetupError};

/// What is wrong with a position offered as an n-ko, or with a request for a
/// built one. Vertices are named in the board's own coordinates (GTP on
/// grids).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The rules do not forbid recreating a board position.
    #[error(
        "the rules use {found}; the n-ko model is about positional superko (no earlier board colouring may recur)"
    )]
    NotPositionalSuperko {
        /// The repetition rule found, in words.
        found: String,
    },
    /// No chain of this colour qualifies as the racing group.
    #[error(
        "no {color:?} group: every {color:?} chain is a single stone in atari (a ko stone); the racing group must have at least two stones"
    )]
    NoGroup {
        /// Its colour.
        color: Color,
    },
    /// More than one chain of this colour that is not a ko stone.
    #[error(
        "two {color:?} chains that are not ko stones, at {first} and {second}: the model has exactly one group per side"
    )]
    SeveralGroups {
        /// Their colour.
        color: Color,
        /// A stone of the first.
        first: String,
        /// A stone of the second.
        second: String,
    },
    /// A single stone in atari that is not part of a ko between the groups.
    #[error("the {color:?} stone at {vertex} is not a ko stone of the race: {reason}")]
    NotAKo {
        /// Its colour.
        color: Color,
        /// Where it is.
        vertex: String,
        /// Which condition fails.
        reason: &'static str,
    },
    /// An empty point that belongs to no ko.
    #[error(
        "the empty point {vertex} is not a ko point: it would give a player a spare move (a tempo), which the model does not have"
    )]
    StrayEmptyPoint {
        /// Where it is.
        vertex: String,
    },
    /// A built layout was asked for with impossible numbers.
    #[error(
        "cannot build an n-ko with n = {n} and m = {m}: the grid layout needs 2 <= n <= {max_n} and 1 <= m <= n - 1"
    )]
    BadLayout {
        /// Kos asked for.
        n: usize,
        /// Kos in Black's shape asked for.
        m: usize,
        /// The largest n the layout builds.
        max_n: usize,
    },
    /// The position itself is not legal.
    #[error(transparent)]
    Setup(#[from] SetupError),
}
