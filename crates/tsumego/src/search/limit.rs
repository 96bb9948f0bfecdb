//! Limits, cancellation and progress of a search.

use std::time::Duration;

/// How far a search may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Nodes (states expanded) over all the queries of one analysis.
    pub max_nodes: u64,
    /// Wall-clock time for one analysis.
    pub max_time: Option<Duration>,
    /// Memory for the transposition table, in bytes.
    pub table_bytes: usize,
}

impl Default for Limits {
    /// 20 million nodes, no time limit, a 256 MiB table.
    fn default() -> Self {
        Limits {
            max_nodes: 20_000_000,
            max_time: None,
            table_bytes: 256 << 20,
        }
    }
}

/// Why a search stopped before proving its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
    /// The caller cancelled.
    Cancelled,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::Nodes => "node limit reached",
            Stop::Time => "time limit reached",
            Stop::Cancelled => "cancelled",
        })
    }
}

pub use miai_search::Cancel;

/// Where a search is, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Nodes so far.
    pub nodes: u64,
    /// The node limit.
    pub max_nodes: u64,
    /// Entries in the transposition table.
    pub table_entries: usize,
}
