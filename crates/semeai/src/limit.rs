//! Bounds on the tree expansion and the search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// How far a search may go.
#[derive(Debug, Clone)]
pub struct SearchLimit {
    /// Nodes at most (tree nodes for the expansion, positions for the
    /// search).
    pub nodes: u64,
    /// Set to `true` from another thread to stop; results say they were
    /// cut off.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for SearchLimit {
    /// 200 000 nodes, no cancellation.
    fn default() -> Self {
        SearchLimit {
            nodes: 200_000,
            cancel: None,
        }
    }
}

impl SearchLimit {
    /// A limit of `nodes` nodes.
    pub fn nodes(nodes: u64) -> SearchLimit {
        SearchLimit {
            nodes,
            cancel: None,
        }
    }

    /// Whether the search has to stop after `used` nodes.
    pub fn exceeded(&self, used: u64) -> bool {
        used >= self.nodes
            || self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}
