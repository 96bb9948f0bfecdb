//! Why a search stopped before proving its answer.

use std::fmt;

/// Why a search stopped before proving its answer. A result that carries
/// one is cut off, not proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Stop {
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached.
    Time,
    /// The memory limit was reached (for searches whose memory grows with
    /// the work, such as CGT evaluation; fixed-size tables replace entries
    /// instead).
    Memory,
    /// The caller cancelled.
    Cancelled,
}

impl Stop {
    /// A one-word name, as in JSON reports: `nodes`, `time`, `memory`,
    /// `cancelled`.
    pub fn word(self) -> &'static str {
        match self {
            Stop::Nodes => "nodes",
            Stop::Time => "time",
            Stop::Memory => "memory",
            Stop::Cancelled => "cancelled",
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::Nodes => "node limit reached",
            Stop::Time => "time limit reached",
            Stop::Memory => "memory limit reached",
            Stop::Cancelled => "cancelled",
        })
    }
}

impl std::error::Error for Stop {}
