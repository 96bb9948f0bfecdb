//! Search limits and progress reports.

use std::time::Duration;

/// How far a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimit {
    /// Most nodes to visit.
    pub nodes: Option<u64>,
    /// Most wall-clock time.
    pub time: Option<Duration>,
    /// Transposition-table size as a power of two (entries of about 320
    /// bytes: 18 is 80 MiB, 21 is 640 MiB; at most 26).
    pub table_bits: u32,
    /// Deepest iterative-deepening horizon (plies) before the search
    /// gives up as unproven.
    pub max_depth: usize,
}

impl Default for SearchLimit {
    fn default() -> Self {
        SearchLimit {
            nodes: None,
            time: None,
            table_bits: 18,
            max_depth: 2000,
        }
    }
}

/// A progress report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// Deepest ply reached.
    pub max_ply: usize,
}
