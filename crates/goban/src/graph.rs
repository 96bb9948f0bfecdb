//! Boards as graphs: grids, lines, tori and explicit edge lists.

mod coord;
mod text;

pub use coord::{CoordError, GTP_LETTERS};
pub use text::{GraphText, GraphTextError};

use std::fmt;

use crate::vertex::{MAX_VERTICES, Vertex};
use crate::vertex_set::VertexSet;

/// The largest grid side: GTP names columns with the 25 letters `A`..`Z`
/// without `I`, so a 25x25 grid uses them all (`Z` is the 25th column) and a
/// 26th column would have no GTP name.
pub const MAX_GRID_SIDE: usize = GTP_LETTERS.len();

/// What shape a graph has, which decides how its vertices are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A `width x height` grid (a line when `height == 1`); GTP and SGF
    /// coordinates.
    Grid {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A grid whose opposite sides are joined; named like a grid.
    Torus {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// Any other simple graph; vertices carry the names they were given.
    Explicit,
}

/// Errors building a graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A grid or torus side outside `1..=25`.
    #[error("a {width}x{height} board is not supported: each side must be 1..={max}", max = MAX_GRID_SIDE)]
    BadSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// More vertices than [`MAX_VERTICES`].
    #[error("{0} vertices is more than the {max} a graph may have", max = MAX_VERTICES)]
    TooManyVertices(usize),
    /// A graph needs at least one vertex.
    #[error("a graph needs at least one vertex")]
    NoVertices,
    /// An edge from a vertex to itself.
    #[error("edge {0}-{0} is a loop; boards are simple graphs")]
    SelfLoop(String),
    /// The same edge twice.
    #[error("edge {0}-{1} is given twice; boards are simple graphs")]
    DuplicateEdge(String, String),
    /// An edge naming a vertex index out of range.
    #[error("edge endpoint {0} is not a vertex (the graph has {1})")]
    NoSuchVertex(usize, usize),
    /// Two vertices with one name.
    #[error("vertex name {0:?} is used twice")]
    DuplicateName(String),
    /// A name that can't be written in the text format.
    #[error("vertex name {0:?} must be non-empty without whitespace, '#' or ':'")]
    BadName(String),
}

/// A simple undirected graph with compact (CSR) adjacency: the neighbours of
/// vertex `v` are `neighbors[offsets[v]..offsets[v + 1]]`, in increasing
/// order.
///
/// ```
/// use miai_goban::Graph;
/// let g = Graph::grid(9, 9).unwrap();
/// let c3 = g.parse_vertex("C3").unwrap();
/// assert_eq!(g.neighbors(c3).len(), 4);
/// assert_eq!(g.vertex_name(c3), "C3");
/// assert_eq!(g.sgf_name(c3).as_deref(), Some("cg"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Graph {
    shape: Shape,
    names: Vec<String>,
    offsets: Vec<u32>,
    neighbors: Vec<Vertex>,
    diag_offsets: Vec<u32>,
    diagonals: Vec<Vertex>,
    /// Grids and tori only (degree at most 4): each vertex's neighbours and
    /// diagonal neighbours in four fixed slots, unused slots holding the
    /// sentinel index `len()`, so the playout loops run a fixed count
    /// without offset lookups (positions keep an off-board cell there).
    padded: Vec<[Slots; 2]>,
}

/// Four neighbour indices, unused slots set to the graph's `len()`.
pub(crate) type Slots = [u16; 4];

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Graph")
            .field("shape", &self.shape)
            .field("vertices", &self.len())
            .field("edges", &self.edge_count())
            .finish()
    }
}

impl Graph {
    /// The `width x height` grid, each side `1..=25`.
    pub fn grid(width: usize, height: usize) -> Result<Graph, GraphError> {
        check_side(width, height)?;
        Ok(Graph::lattice(width, height, false))
    }

    /// The line `1 x n` (one row of `n` points), `n` in `1..=25`; longer paths
    /// are explicit graphs ([`Graph::path`]).
    pub fn line(n: usize) -> Result<Graph, GraphError> {
        Graph::grid(n, 1)
    }

    /// The `width x height` torus: a grid whose left and right columns and
    /// top and bottom rows are adjacent. Where wrapping would repeat an edge
    /// (a side of 2) it is kept once, and a side of 1 adds no loop.
    pub fn torus(width: usize, height: usize) -> Result<Graph, GraphError> {
        check_side(width, height)?;
        Ok(Graph::lattice(width, height, true))
    }

    /// The path on `n` vertices named `1..=n`, for lines longer than 25.
    pub fn path(n: usize) -> Result<Graph, GraphError> {
        let names = (1..=n).map(|i| i.to_string()).collect();
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        Graph::from_edges(names, &edges)
    }

    /// An explicit graph: vertex names (their order gives the indices) and
    /// edges as index pairs.
    pub fn from_edges(names: Vec<String>, edges: &[(usize, usize)]) -> Result<Graph, GraphError> {
        let n = names.len();
        if n == 0 {
            return Err(GraphError::NoVertices);
        }
        if n > MAX_VERTICES {
            return Err(GraphError::TooManyVertices(n));
        }
        let mut seen = std::collections::HashSet::new();
        for name in &names {
            if !valid_name(name) {
                return Err(GraphError::BadName(name.clone()));
            }
            if !seen.insert(name.as_str()) {
                return Err(GraphError::DuplicateName(name.clone()));
            }
        }
        let mut adj: Vec<Vec<Vertex>> = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a >= n {
                return Err(GraphError::NoSuchVertex(a, n));
            }
            if b >= n {
                return Err(GraphError::NoSuchVertex(b, n));
            }
            if a == b {
                return Err(GraphError::SelfLoop(names[a].clone()));
            }
            if adj[a].contains(&Vertex::from_index(b)) {
                return Err(GraphError::DuplicateEdge(
                    names[a].clone(),
                    names[b].clone(),
                ));
            }
            adj[a].push(Vertex::from_index(b));
            adj[b].push(Vertex::from_index(a));
        }
        Ok(Graph::from_adjacency(Shape::Explicit, names, adj))
    }

    fn lattice(width: usize, height: usize, wrap: bool) -> Graph {
        let n = width * height;
        let mut adj: Vec<Vec<Vertex>> = vec![Vec::new(); n];
        let at = |x: usize, y: usize| Vertex::from_index(y * width + x);
        for y in 0..height {
            for x in 0..width {
                let v = y * width + x;
                let mut push = |u: Vertex| {
                    if u.index() != v && !adj[v].contains(&u) {
                        adj[v].push(u);
                    }
                };
                if x > 0 {
                    push(at(x - 1, y));
                } else if wrap {
                    push(at(width - 1, y));
                }
                if x + 1 < width {
                    push(at(x + 1, y));
                } else if wrap {
                    push(at(0, y));
                }
                if y > 0 {
                    push(at(x, y - 1));
                } else if wrap {
                    push(at(x, height - 1));
                }
                if y + 1 < height {
                    push(at(x, y + 1));
                } else if wrap {
                    push(at(x, 0));
                }
            }
        }
        let shape = if wrap {
            Shape::Torus { width, height }
        } else {
            Shape::Grid { width, height }
        };
        Graph::from_adjacency(shape, Vec::new(), adj)
    }

    fn from_adjacency(shape: Shape, names: Vec<String>, mut adj: Vec<Vec<Vertex>>) -> Graph {
        let mut offsets = Vec::with_capacity(adj.len() + 1);
        let mut neighbors = Vec::new();
        offsets.push(0);
        for list in adj.iter_mut() {
            list.sort_unstable();
            neighbors.extend_from_slice(list);
            offsets.push(neighbors.len() as u32);
        }
        // Diagonal neighbours exist on grids and tori only (for the
        // playout eye heuristic).
        let mut diag_offsets = Vec::with_capacity(adj.len() + 1);
        let mut diagonals = Vec::new();
        diag_offsets.push(0);
        let dims = match shape {
            Shape::Grid { width, height } => Some((width, height, false)),
            Shape::Torus { width, height } => Some((width, height, true)),
            Shape::Explicit => None,
        };
        for i in 0..adj.len() {
            if let Some((w, h, wrap)) = dims {
                let (x, y) = ((i % w) as isize, (i / w) as isize);
                let mut list: Vec<Vertex> = Vec::new();
                for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                    let (mut nx, mut ny) = (x + dx, y + dy);
                    if wrap {
                        nx = nx.rem_euclid(w as isize);
                        ny = ny.rem_euclid(h as isize);
                    }
                    if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                        let d = Vertex::from_index(ny as usize * w + nx as usize);
                        if d.index() != i && !list.contains(&d) {
                            list.push(d);
                        }
                    }
                }
                list.sort_unstable();
                diagonals.extend_from_slice(&list);
            }
            diag_offsets.push(diagonals.len() as u32);
        }
        let mut padded = Vec::new();
        if dims.is_some() {
            let n = adj.len();
            let fill = |list: &[Vertex]| {
                let mut slots = [n as u16; 4];
                for (slot, u) in slots.iter_mut().zip(list) {
                    *slot = u.index() as u16;
                }
                slots
            };
            for i in 0..n {
                let nb = &neighbors[offsets[i] as usize..offsets[i + 1] as usize];
                let dg = &diagonals[diag_offsets[i] as usize..diag_offsets[i + 1] as usize];
                // Lattices have degree at most 4 (checked, not assumed).
                if nb.len() > 4 || dg.len() > 4 {
                    padded.clear();
                    break;
                }
                padded.push([fill(nb), fill(dg)]);
            }
        }
        Graph {
            shape,
            names,
            offsets,
            neighbors,
            diag_offsets,
            diagonals,
            padded,
        }
    }

    /// The fixed-slot neighbour and diagonal tables of a grid or torus
    /// (see the `padded` field), or `None` for other graphs.
    #[inline]
    pub(crate) fn padded(&self) -> Option<&[[Slots; 2]]> {
        (!self.padded.is_empty()).then_some(self.padded.as_slice())
    }

    /// The diagonal neighbours of `v` on a grid or torus (none on explicit
    /// graphs).
    #[inline]
    pub fn diagonals(&self, v: Vertex) -> &[Vertex] {
        let i = v.index();
        &self.diagonals[self.diag_offsets[i] as usize..self.diag_offsets[i + 1] as usize]
    }

    /// The shape (grid, torus or explicit).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Width and height for grids and tori.
    pub fn dimensions(&self) -> Option<(usize, usize)> {
        match self.shape {
            Shape::Grid { width, height } | Shape::Torus { width, height } => Some((width, height)),
            Shape::Explicit => None,
        }
    }

    /// The number of vertices.
    #[inline]
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Always false: a graph has at least one vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.neighbors.len() / 2
    }

    /// All vertices in index order.
    pub fn vertices(&self) -> impl ExactSizeIterator<Item = Vertex> + use<> {
        (0..self.len()).map(Vertex::from_index)
    }

    /// All vertices as a set.
    pub fn all(&self) -> VertexSet {
        VertexSet::first(self.len())
    }

    /// The neighbours of `v`, in increasing order.
    #[inline]
    pub fn neighbors(&self, v: Vertex) -> &[Vertex] {
        let i = v.index();
        &self.neighbors[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The degree of `v`.
    pub fn degree(&self, v: Vertex) -> usize {
        self.neighbors(v).len()
    }

    /// Whether `a` and `b` are adjacent.
    pub fn adjacent(&self, a: Vertex, b: Vertex) -> bool {
        self.neighbors(a).binary_search(&b).is_ok()
    }

    /// The edges `(a, b)` with `a < b`, in order.
    pub fn edges(&self) -> impl Iterator<Item = (Vertex, Vertex)> + '_ {
        self.vertices().flat_map(move |a| {
            self.neighbors(a)
                .iter()
                .filter(move |&&b| a < b)
                .map(move |&b| (a, b))
        })
    }

    /// Column and row (`y = 0` the top row) of a grid or torus vertex.
    pub fn xy(&self, v: Vertex) -> Option<(usize, usize)> {
        let (w, _) = self.dimensions()?;
        Some((v.index() % w, v.index() / w))
    }

    /// The vertex at column `x`, row `y` (top row 0) of a grid or torus.
    pub fn at(&self, x: usize, y: usize) -> Option<Vertex> {
        let (w, h) = self.dimensions()?;
        (x < w && y < h).then(|| Vertex::from_index(y * w + x))
    }

    /// Whether `v` is a vertex of this graph.
    pub fn contains(&self, v: Vertex) -> bool {
        v.index() < self.len()
    }
}

fn check_side(width: usize, height: usize) -> Result<(), GraphError> {
    if (1..=MAX_GRID_SIDE).contains(&width) && (1..=MAX_GRID_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(GraphError::BadSize { width, height })
    }
}

pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == '#' || c == ':')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_edge_counts() {
        // A w x h grid has w(h-1) + h(w-1) edges.
        for (w, h) in [(1, 1), (1, 5), (3, 3), (9, 9), (19, 19), (25, 25), (4, 7)] {
            let g = Graph::grid(w, h).unwrap();
            assert_eq!(g.len(), w * h);
            assert_eq!(g.edge_count(), w * (h - 1) + h * (w - 1));
        }
    }

    #[test]
    fn torus_is_four_regular_from_three() {
        let g = Graph::torus(5, 3).unwrap();
        assert!(g.vertices().all(|v| g.degree(v) == 4));
        assert_eq!(g.edge_count(), 30);
        // Side 2 wraps onto an existing edge; side 1 would be a loop.
        let g = Graph::torus(2, 1).unwrap();
        assert_eq!(g.edge_count(), 1);
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Graph::grid(0, 3).is_err());
        assert!(Graph::grid(26, 3).is_err());
        assert!(Graph::grid(25, 25).is_ok());
        assert!(Graph::path(MAX_VERTICES + 1).is_err());
    }

    #[test]
    fn explicit_graph_checks() {
        let names = || vec!["a".to_string(), "b".to_string()];
        assert!(Graph::from_edges(names(), &[(0, 1)]).is_ok());
        assert_eq!(
            Graph::from_edges(names(), &[(0, 0)]),
            Err(GraphError::SelfLoop("a".into()))
        );
        assert!(matches!(
            Graph::from_edges(names(), &[(0, 1), (1, 0)]),
            Err(GraphError::DuplicateEdge(..))
        ));
        assert!(Graph::from_edges(vec!["a".into(), "a".into()], &[]).is_err());
    }

    #[test]
    fn adjacency_is_symmetric() {
        for g in [
            Graph::grid(4, 3).unwrap(),
            Graph::torus(3, 4).unwrap(),
            Graph::path(40).unwrap(),
        ] {
            for (a, b) in g.edges() {
                assert!(g.adjacent(a, b) && g.adjacent(b, a));
            }
        }
    }
}
