//! Limits, cancellation and progress of a search: the shared contract of
//! [`miai_search`], with this solver's defaults.

use std::time::Duration;

pub use miai_search::{Cancel, Limits, Progress, Stop, TableUsage};

/// The transposition table's size when the limits leave it open: 256 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 256 << 20;

/// The solver's default limits ([`Options::default`](crate::Options)'s):
/// 20 million nodes over all the queries of one analysis, no time limit, a
/// 256 MiB table. A limit left open (`None`) in the limits given to an
/// analysis means no limit for nodes and time, and this table size.
pub const DEFAULT_LIMITS: Limits = Limits {
    max_nodes: Some(20_000_000),
    max_time: None::<Duration>,
    table_bytes: Some(DEFAULT_TABLE_BYTES),
};
