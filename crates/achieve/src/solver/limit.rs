//! Search limits, progress reports and the reasons a search stops early.

use std::fmt;
use std::time::Duration;

/// Bounds on one search. The node and time bounds count from the start of
/// [`Solver::solve`](crate::Solver::solve) (or the solver's creation for
/// direct position queries); the table size bounds memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimit {
    /// Stop after this many nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this much time.
    pub max_time: Option<Duration>,
    /// Transposition table size in bytes (entries are 48 bytes; rounded down
    /// to a power of two entries, at least 1024).
    pub table_bytes: usize,
}

impl Default for SearchLimit {
    /// No node or time limit; a 64 MiB table.
    fn default() -> Self {
        SearchLimit {
            max_nodes: None,
            max_time: None,
            table_bytes: 64 << 20,
        }
    }
}

/// A snapshot handed to the progress callback.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Table entries in use.
    pub table_used: usize,
    /// Table capacity in entries.
    pub table_capacity: usize,
}

/// Why a search stopped before proving a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CutOff {
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached.
    Time,
    /// The cancellation flag was raised.
    Cancelled,
}

impl fmt::Display for CutOff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CutOff::Nodes => "node limit reached",
            CutOff::Time => "time limit reached",
            CutOff::Cancelled => "cancelled",
        })
    }
}
