//! A chain (連, a maximal connected group of one colour) and its liberties.

use crate::color::Color;
use crate::vertex::Vertex;
use crate::vertex_set::VertexSet;

/// A chain with its liberties, as a query result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chain {
    /// Colour of the stones.
    pub color: Color,
    /// The stones.
    pub stones: VertexSet,
    /// The empty points adjacent to a stone of the chain.
    pub liberties: VertexSet,
}

impl Chain {
    /// The chain's first vertex in vertex order (a stable name for it).
    pub fn anchor(&self) -> Vertex {
        // A chain has at least one stone.
        self.stones.first_vertex().unwrap_or(Vertex::from_index(0))
    }
}
