//! Error types, one per concern.

use thiserror::Error;

/// A creature (1-D shape) that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CreatureError {
    /// No cells at all.
    #[error("the creature is empty: give at least one cell, e.g. `0,4,5,7,15`")]
    Empty,
    /// A list item is not an integer.
    #[error("creature cell {index} (`{text}`) is not an integer")]
    NotAnInteger {
        /// 1-based position in the list.
        index: usize,
        /// The offending text.
        text: String,
    },
    /// The same cell was given twice.
    #[error("creature cell {cell} is given twice")]
    Duplicate {
        /// The repeated cell.
        cell: i64,
    },
    /// Cells so far apart that no search could use them.
    #[error("creature span {span} is too large (at most {max})")]
    SpanTooLarge {
        /// Largest minus smallest cell.
        span: i64,
        /// The limit.
        max: i64,
    },
    /// An anchor index past the last stone.
    #[error("anchor {anchor} does not exist: the creature has {len} stones (anchors 0..{len})")]
    AnchorOutOfRange {
        /// The requested anchor (0-based index in increasing order).
        anchor: usize,
        /// Number of stones.
        len: usize,
    },
}

/// An area (the tile the line is cut into) that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AreaError {
    /// Zero cells.
    #[error("the area is empty")]
    Empty,
    /// More cells than the bitset holds.
    #[error("the area has {cells} cells; the solver holds at most {max}")]
    TooLarge {
        /// Cells requested.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// A tile item is not an integer.
    #[error("tile cell {index} (`{text}`) is not an integer")]
    NotAnInteger {
        /// 1-based position in the list.
        index: usize,
        /// The offending text.
        text: String,
    },
    /// The same tile cell given twice.
    #[error("tile cell {cell} is given twice")]
    Duplicate {
        /// The repeated cell.
        cell: i64,
    },
    /// Tile cells so far apart that no tiling search could use them.
    #[error("tile span {span} is too large (at most {max})")]
    SpanTooLarge {
        /// Largest minus smallest cell (saturated).
        span: i64,
        /// The limit.
        max: i64,
    },
    /// The translates of the tile do not cover the line without overlap.
    #[error(
        "the tile {tile} does not tile the line: no periodic tiling with period up to {max_period} \
         (a 1-D tile that tiles the line tiles it periodically)"
    )]
    DoesNotTile {
        /// The tile, printed.
        tile: String,
        /// Largest period tried.
        max_period: usize,
    },
    /// The tiling search spent its whole budget without an answer.
    #[error(
        "the tile {tile} is not settled: the tiling search stopped at its limit of {budget} \
         steps while trying period {period} (no tiling found with a smaller period)"
    )]
    TilingUndecided {
        /// The tile, printed.
        tile: String,
        /// The limit: search steps over all periods.
        budget: u64,
        /// The period being tried when the budget ran out.
        period: usize,
    },
}

/// A Maker-Breaker hypergraph that cannot be built or read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HypergraphError {
    /// A cell index past the bitset.
    #[error("line {line}: cell {cell} is too large for the bitset (cells are 0..{max})")]
    CellTooLarge {
        /// 1-based line (0 when not read from text).
        line: usize,
        /// The cell.
        cell: u64,
        /// Number of cells the bitset holds.
        max: usize,
    },
    /// More cells than the bitset holds.
    #[error("{cells} cells is too many for the bitset (at most {max})")]
    TooManyCells {
        /// Cells requested.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// More winning sets than the solver's set index holds.
    #[error("{sets} distinct minimal winning sets is too many (at most {max})")]
    TooManySets {
        /// Sets after removing duplicates and supersets.
        sets: usize,
        /// The limit.
        max: usize,
    },
    /// A token that is not a cell index.
    #[error("line {line}, column {column}: `{text}` is not a cell index (a non-negative integer)")]
    BadToken {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The token.
        text: String,
    },
    /// A `cells N` header that is malformed or smaller than a cell used.
    #[error("line {line}: {message}")]
    BadHeader {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The same cell twice in one set.
    #[error("line {line}: cell {cell} appears twice in one winning set")]
    DuplicateCell {
        /// 1-based line.
        line: usize,
        /// The cell.
        cell: u64,
    },
    /// No winning set at all.
    #[error("the hypergraph has no winning sets")]
    NoSets,
    /// A symmetry given to the solver that is not one of the game's.
    #[error("symmetry {index}: {message}")]
    NotASymmetry {
        /// 0-based index in the list given.
        index: usize,
        /// What is wrong (not a permutation of the cells, or a winning set
        /// it does not map onto a winning set).
        message: String,
    },
}

/// A certificate that cannot be read, or does not match what it claims.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CertificateError {
    /// Malformed text.
    #[error("certificate line {line}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The hypergraph in the certificate is invalid.
    #[error("certificate hypergraph: {0}")]
    Hypergraph(#[from] HypergraphError),
    /// The creature in the certificate is invalid.
    #[error("certificate creature: {0}")]
    Creature(#[from] CreatureError),
    /// The area in the certificate is invalid.
    #[error("certificate area: {0}")]
    Area(#[from] AreaError),
}
