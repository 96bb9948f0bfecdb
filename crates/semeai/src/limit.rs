//! Bounds on the tree expansion and the search: two budgets of the shared
//! search contract, one per phase.

use miai_search::Limits;

/// The default budget of each tree's expansion: 200,000 tree nodes.
pub const TREE_NODES: u64 = 200_000;

/// The default limits of a tree expansion ([`TREE_NODES`] nodes, no time
/// limit). A tree's node count is its size (distinct positions, root
/// included), checked before each node is expanded; the time limit and the
/// cancel flag are looked at there too.
pub fn default_tree_limits() -> Limits {
    Limits::none().with_nodes(TREE_NODES)
}
