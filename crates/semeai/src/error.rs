//! What can go wrong reading or analysing a race.

use miai_goban::{DiagramError, SetupError, sgf::SgfError};

/// A race description that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// A character that is not a point of the race diagram format.
    #[error(
        "line {line}, column {column}: `{found}` is not a race diagram point (use . E e S s X O U u or a label letter)"
    )]
    BadChar {
        /// Line, from 1.
        line: usize,
        /// Column in characters, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// Rows of different lengths.
    #[error("line {line}: row has {found} points, the first row has {expected}")]
    Ragged {
        /// Line, from 1.
        line: usize,
        /// Points in the first row.
        expected: usize,
        /// Points in this row.
        found: usize,
    },
    /// No rows.
    #[error("the diagram has no rows")]
    Empty,
    /// A header line (`open:`) that can't be read.
    #[error("line {line}: {message}")]
    Header {
        /// Line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Two stones of one chain carry different attributes.
    #[error(
        "the {color} chain at {vertex} is marked both {first} and {second}: mark each chain once"
    )]
    ConflictingMarks {
        /// Colour of the chain.
        color: String,
        /// A vertex of the chain.
        vertex: String,
        /// One attribute.
        first: String,
        /// The other.
        second: String,
    },
    /// A label on a stone.
    #[error("label `{label}` is on the stone at {vertex}: labels name empty points")]
    LabelOnStone {
        /// The label.
        label: char,
        /// Where.
        vertex: String,
    },
    /// An open side that is not one of `top bottom left right` (or a side
    /// of a board that is not a grid).
    #[error("`{0}` is not a side of the board (top, bottom, left, right)")]
    BadSide(String),
    /// A label used twice.
    #[error("label `{0}` names two points")]
    DuplicateLabel(char),
    /// The board is not a legal position.
    #[error("illegal position: {0}")]
    Setup(#[from] SetupError),
    /// Box-diagram parse error from goban.
    #[error(transparent)]
    Diagram(#[from] DiagramError),
    /// SGF error from goban.
    #[error("SGF: {0}")]
    Sgf(#[from] SgfError),
    /// SGF on a board that is not a grid, or other unsupported SGF.
    #[error("SGF: {0}")]
    SgfUnsupported(String),
}

/// A race that cannot be written in the format asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// A label a race diagram cannot hold.
    #[error(
        "the label `{label}` at {vertex} cannot be written in a race diagram (one lower-case letter other than e, s, u, or a digit)"
    )]
    Label {
        /// The label.
        label: char,
        /// Where.
        vertex: String,
    },
    /// The board is not a grid.
    #[error("the board is not a grid")]
    NotGrid,
}

/// A race that the seed's method cannot analyse as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RaceError {
    /// No chain is marked essential.
    #[error("no chain is marked essential: mark the racing chains (E / e in diagrams, TR in SGF)")]
    NoEssential,
    /// Essential chains of one colour only.
    #[error("only {0} chains are marked essential: a race needs an essential chain of each colour")]
    OneColour(String),
    /// A region runs off an open side of the diagram.
    #[error(
        "the region containing {vertex} is not closed: it reaches the open {side} side of the diagram (close it with safe stones or make that side a board edge)"
    )]
    Unclosed {
        /// A vertex of the region.
        vertex: String,
        /// The open side.
        side: String,
    },
    /// A point named for steering is not on the board.
    #[error("point `{0}` is neither a label of the diagram nor a coordinate of the board")]
    BadPoint(String),
    /// A move that is not a colour and a point.
    #[error("{0:?}: expected a colour and a point, as \"B a\" or \"W D5\"")]
    BadMove(String),
}
