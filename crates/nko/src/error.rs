//! Errors for bad input.

/// What was wrong with an `(n, m, t)` state or a table request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// Fewer than two kos: with one ko (or none) some group has no liberty.
    #[error(
        "n = {n} kos: an n-ko position needs n >= 2 (each group's liberties are its kos, so with fewer than two kos one group has no liberty)"
    )]
    TooFewKos {
        /// The rejected number of kos.
        n: u64,
    },
    /// More kos than the documented limit.
    #[error("n = {n} kos is above the limit of {limit}")]
    TooManyKos {
        /// The rejected number of kos.
        n: u64,
        /// The limit that applies.
        limit: u64,
    },
    /// `m` is not a number of kos Black can hold in a live position.
    #[error(
        "m = {m} is outside 1..={max} for n = {n}: Black's group has m liberties and White's n - m, and a group with no liberty has already been captured"
    )]
    BlackKosOutOfRange {
        /// The number of kos.
        n: u64,
        /// The rejected number of Black's kos.
        m: u64,
        /// The largest allowed value, `n - 1`.
        max: u64,
    },
    /// A negative number where a count was expected.
    #[error("{what} = {value} is negative; it counts kos")]
    Negative {
        /// Which number (`n` or `m`).
        what: &'static str,
        /// The rejected value.
        value: i64,
    },
    /// A table was asked for beyond the size it was built for.
    #[error("the table was built for n <= {max_n}; state ({n}, {m}) is outside it")]
    OutsideTable {
        /// The table's largest n.
        max_n: u64,
        /// The requested n.
        n: u64,
        /// The requested m.
        m: u64,
    },
}

/// Why a full-history search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The board is too large for the explicit search.
    #[error("the full-history search handles at most {limit} kos; got n = {n}")]
    TooManyKos {
        /// The requested number of kos.
        n: u64,
        /// The limit.
        limit: u64,
    },
    /// The state itself is invalid.
    #[error(transparent)]
    State(#[from] StateError),
    /// A limit or the caller stopped the search before the result was
    /// proven.
    #[error("{stop} after {nodes} nodes, before the result was proven")]
    Stopped {
        /// Why it stopped.
        stop: miai_search::Stop,
        /// Nodes searched before it stopped (the node that hit the limit
        /// included).
        nodes: u64,
    },
}

impl SearchError {
    /// The error of a search stopped by `stop` after `nodes` nodes.
    pub(crate) fn stopped(stop: miai_search::Stop, nodes: u64) -> Self {
        Self::Stopped { stop, nodes }
    }
}
