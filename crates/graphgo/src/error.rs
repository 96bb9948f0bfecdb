//! Errors of graph Go.

/// What can go wrong building a graph-Go board or position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphGoError {
    /// The graph has more vertices than the compact 64-bit board holds.
    #[error("the graph has {vertices} vertices; graph Go handles at most {max}")]
    TooBig {
        /// Vertices of the graph.
        vertices: usize,
        /// The limit.
        max: usize,
    },
    /// The graph is not connected.
    #[error("the graph is not connected: vertex {unreached} cannot be reached from vertex {start}")]
    Disconnected {
        /// A vertex the search started from.
        start: String,
        /// A vertex it did not reach.
        unreached: String,
    },
    /// The stones given do not fit the board.
    #[error("the position has {found} points but the board has {expected} vertices")]
    WrongLength {
        /// Vertices of the board.
        expected: usize,
        /// Points given.
        found: usize,
    },
    /// A chain of the setup has no liberty.
    #[error("illegal setup: the {color} chain at {vertex} has no liberties")]
    NoLiberties {
        /// "black" or "white".
        color: &'static str,
        /// A vertex of the chain.
        vertex: String,
    },
    /// A position too large for the exhaustive outcome-class recursion.
    #[error("outcome classes need a board of at most {max} vertices; this one has {vertices}")]
    TooBigForClasses {
        /// Vertices of the board.
        vertices: usize,
        /// The limit.
        max: usize,
    },
    /// The outcome-class recursion ran out of its node budget.
    #[error(
        "the outcome-class recursion needs more than {nodes} positions; raise the limit or use a smaller board"
    )]
    ClassesCutOff {
        /// The budget.
        nodes: u64,
    },
}
