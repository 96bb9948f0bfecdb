//! Vertices of a board graph.

/// The most vertices a [`Graph`](crate::Graph) may have. 1024 covers every
/// grid up to 25x25 (625 points) with room for explicit graphs, and keeps a
/// [`VertexSet`](crate::VertexSet) a small `Copy` value (16 words).
pub const MAX_VERTICES: usize = 1024;

/// A vertex of a board graph: a plain index `0..graph.len()`. On grids the
/// index is `y * width + x` with `y = 0` the top row (as in SGF and in
/// diagrams), so GTP row numbers count the other way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(u16);

impl Vertex {
    /// The vertex with this index; `None` at or beyond [`MAX_VERTICES`].
    #[inline]
    pub const fn new(index: usize) -> Option<Vertex> {
        if index < MAX_VERTICES {
            Some(Vertex(index as u16))
        } else {
            None
        }
    }

    /// For indices already known to be below [`MAX_VERTICES`] (inside the
    /// crate, from a graph's own ranges).
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Vertex {
        debug_assert!(index < MAX_VERTICES);
        Vertex(index as u16)
    }

    /// The index of this vertex.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        assert_eq!(Vertex::new(0).map(Vertex::index), Some(0));
        assert_eq!(
            Vertex::new(MAX_VERTICES - 1).map(Vertex::index),
            Some(MAX_VERTICES - 1)
        );
        assert_eq!(Vertex::new(MAX_VERTICES), None);
    }
}
