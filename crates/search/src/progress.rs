//! Progress records handed to a search's callback.

use std::time::Duration;

/// How full a solver's transposition table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TableUsage {
    /// Entries in use.
    pub used: usize,
    /// Entries the table can hold now (a table that grows lazily reports
    /// its current size).
    pub capacity: usize,
}

/// Where a search is, for a progress display. Every solver reports this
/// one record, at the cadence of its [`Meter`](crate::Meter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// The node limit, if any.
    pub max_nodes: Option<u64>,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The time limit, if any.
    pub max_time: Option<Duration>,
    /// The transposition table's use.
    pub table: TableUsage,
    /// The deepest ply reached so far, for solvers that track it.
    pub depth: Option<usize>,
}

impl Progress {
    /// The fraction of the tighter of the node and time limits used, in
    /// `[0, 1]`; `None` without either limit.
    pub fn fraction(&self) -> Option<f64> {
        let by_nodes = self
            .max_nodes
            .filter(|&m| m > 0)
            .map(|m| self.nodes as f64 / m as f64);
        let by_time = self
            .max_time
            .filter(|t| !t.is_zero())
            .map(|t| self.elapsed.as_secs_f64() / t.as_secs_f64());
        match (by_nodes, by_time) {
            (Some(a), Some(b)) => Some(a.max(b).min(1.0)),
            (Some(a), None) | (None, Some(a)) => Some(a.min(1.0)),
            (None, None) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fraction_is_the_tighter_limit() {
        let p = Progress {
            nodes: 50,
            max_nodes: Some(100),
            elapsed: Duration::from_secs(3),
            max_time: Some(Duration::from_secs(4)),
            ..Progress::default()
        };
        assert_eq!(p.fraction(), Some(0.75));
        assert_eq!(Progress::default().fraction(), None);
        let over = Progress {
            nodes: 500,
            max_nodes: Some(100),
            ..Progress::default()
        };
        assert_eq!(over.fraction(), Some(1.0));
    }
}
