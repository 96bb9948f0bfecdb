//! The compact board: a connected graph of at most 64 vertices, each
//! vertex a bit of a `u64`, with neighbour masks and the graph's cheap
//! symmetries.

use std::sync::Arc;

use miai_goban::{Graph, Shape, Vertex};

use crate::error::GraphGoError;

/// The most vertices a [`Board`] holds: one bit per vertex in a `u64`.
pub const MAX_BOARD_VERTICES: usize = 64;

/// A set of vertices of a [`Board`], one bit per vertex.
pub type Bits = u64;

/// A connected graph of at most [`MAX_BOARD_VERTICES`] vertices in bitboard
/// form, built from a goban [`Graph`].
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::Graph;
/// use miai_graphgo::Board;
/// let b = Board::new(Arc::new(Graph::grid(3, 3).unwrap())).unwrap();
/// assert_eq!(b.len(), 9);
/// assert_eq!(b.symmetries().len(), 8);
/// ```
#[derive(Debug, Clone)]
pub struct Board {
    graph: Arc<Graph>,
    neighbors: Vec<Bits>,
    all: Bits,
    symmetries: Vec<Vec<u8>>,
    /// On a grid numbered row by row: the shift form of `adjacent`.
    shifts: Option<Shifts>,
}

/// `adjacent` on a `w`-wide grid numbered row by row, by shifts: a set
/// moved one column right (its last column dropped), one left (its first
/// dropped), one row down and one up. Built only when it reproduces every
/// vertex's neighbour mask, so it is the same function as the loop.
#[derive(Debug, Clone, Copy)]
struct Shifts {
    width: u32,
    /// Every vertex but those of the first column.
    not_first: Bits,
    /// Every vertex but those of the last column.
    not_last: Bits,
}

impl Shifts {
    #[inline]
    fn adjacent(&self, set: Bits, all: Bits) -> Bits {
        (((set << 1) & self.not_first)
            | ((set >> 1) & self.not_last)
            | (set << self.width)
            | (set >> self.width))
            & all
    }

    /// The shift form for `neighbors`, if the graph is a grid numbered
    /// row by row (checked vertex by vertex: `adjacent` is a union of
    /// neighbour masks, so agreeing on every single vertex is agreeing
    /// on every set).
    fn of(graph: &Graph, neighbors: &[Bits], all: Bits) -> Option<Shifts> {
        let Shape::Grid { width, height } = graph.shape() else {
            return None;
        };
        let n = neighbors.len();
        if width == 0 || width >= 64 || width * height != n || n > MAX_BOARD_VERTICES {
            return None;
        }
        let first: Bits = (0..height).fold(0, |m, y| m | 1 << (y * width));
        let last: Bits = first << (width - 1);
        let s = Shifts {
            width: width as u32,
            not_first: all & !first,
            not_last: all & !last,
        };
        (0..n)
            .all(|v| s.adjacent(1 << v, all) == neighbors[v])
            .then_some(s)
    }
}

impl Board {
    /// The board of `graph`: it must be connected and have at most
    /// [`MAX_BOARD_VERTICES`] vertices.
    pub fn new(graph: Arc<Graph>) -> Result<Board, GraphGoError> {
        let n = graph.len();
        if n > MAX_BOARD_VERTICES {
            return Err(GraphGoError::TooBig {
                vertices: n,
                max: MAX_BOARD_VERTICES,
            });
        }
        let mut neighbors = vec![0u64; n];
        for (a, b) in graph.edges() {
            neighbors[a.index()] |= 1 << b.index();
            neighbors[b.index()] |= 1 << a.index();
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let board = Board {
            symmetries: symmetries_of(&graph),
            shifts: Shifts::of(&graph, &neighbors, all),
            graph,
            neighbors,
            all,
        };
        if n > 0 {
            let reached = board.flood(1, all);
            if reached != all {
                let unreached = (all & !reached).trailing_zeros() as usize;
                return Err(GraphGoError::Disconnected {
                    start: board.name(0),
                    unreached: board.name(unreached),
                });
            }
        }
        Ok(board)
    }

    /// Whether the board is a path (a line `1xn`, or any graph of `n`
    /// vertices and `n - 1` edges with no vertex of degree above 2): a
    /// one-dimensional board, where a chain has at most two liberties.
    #[must_use]
    pub fn is_path(&self) -> bool {
        let degrees = self.neighbors.iter().map(|m| m.count_ones() as usize);
        let (edges, widest) = degrees.fold((0, 0), |(e, w), d| (e + d, w.max(d)));
        widest <= 2 && edges == 2 * self.len().saturating_sub(1)
    }

    /// The goban graph.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.neighbors.len()
    }

    /// Whether the board has no vertex (never, for a built board).
    pub fn is_empty(&self) -> bool {
        self.neighbors.is_empty()
    }

    /// All vertices as a bit set.
    pub fn all(&self) -> Bits {
        self.all
    }

    /// The neighbours of vertex `v` as a bit set.
    #[inline]
    pub fn neighbors(&self, v: usize) -> Bits {
        self.neighbors[v]
    }

    /// The vertices adjacent to some vertex of `set` (may overlap `set`).
    #[inline]
    pub fn adjacent(&self, set: Bits) -> Bits {
        if let Some(s) = &self.shifts {
            return s.adjacent(set, self.all);
        }
        let mut out = 0;
        let mut s = set;
        while s != 0 {
            let v = s.trailing_zeros() as usize;
            s &= s - 1;
            out |= self.neighbors[v];
        }
        out
    }

    /// The connected part of `within` that contains `seed` (which must lie
    /// in `within`).
    #[inline]
    pub fn flood(&self, seed: Bits, within: Bits) -> Bits {
        let mut set = seed & within;
        let mut frontier = set;
        while frontier != 0 {
            let grown = self.adjacent(frontier) & within & !set;
            set |= grown;
            frontier = grown;
        }
        set
    }

    /// The name of vertex `v` (GTP on grids, the given name otherwise).
    pub fn name(&self, v: usize) -> String {
        Vertex::new(v).map_or_else(|| v.to_string(), |x| self.graph.vertex_name(x))
    }

    /// The automorphisms used to fold the transposition table, as vertex
    /// permutations (the identity first): the dihedral symmetries of grids
    /// and tori (8 for squares, 4 for other rectangles); only the identity
    /// for explicit graphs.
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// Applies permutation `perm` to a bit set.
    #[inline]
    pub fn permute(perm: &[u8], set: Bits) -> Bits {
        let mut out = 0;
        let mut s = set;
        while s != 0 {
            let v = s.trailing_zeros() as usize;
            s &= s - 1;
            out |= 1u64 << perm[v];
        }
        out
    }
}

fn symmetries_of(graph: &Graph) -> Vec<Vec<u8>> {
    let n = graph.len();
    let identity: Vec<u8> = (0..n).map(|v| v as u8).collect();
    let (w, h) = match graph.shape() {
        Shape::Grid { width, height } | Shape::Torus { width, height } => (width, height),
        Shape::Explicit => return vec![identity],
    };
    if w * h != n {
        return vec![identity];
    }
    let mut out: Vec<Vec<u8>> = Vec::new();
    // (transpose, flip x, flip y); transposing needs a square.
    for transpose in [false, true] {
        if transpose && w != h {
            continue;
        }
        for fx in [false, true] {
            for fy in [false, true] {
                let mut perm = vec![0u8; n];
                for y in 0..h {
                    for x in 0..w {
                        let (mut nx, mut ny) = (x, y);
                        if fx {
                            nx = w - 1 - nx;
                        }
                        if fy {
                            ny = h - 1 - ny;
                        }
                        if transpose {
                            std::mem::swap(&mut nx, &mut ny);
                        }
                        perm[y * w + x] = (ny * w + nx) as u8;
                    }
                }
                if !out.contains(&perm) {
                    out.push(perm);
                }
            }
        }
    }
    // Keep the identity first.
    if let Some(i) = out.iter().position(|p| *p == identity) {
        out.swap(0, i);
    }
    // Every permutation must be an automorphism; drop any that is not
    // (defensive: cheap, and keeps the table sound whatever the shape).
    out.retain(|p| {
        graph.edges().all(|(a, b)| {
            Vertex::new(p[a.index()] as usize)
                .zip(Vertex::new(p[b.index()] as usize))
                .is_some_and(|(x, y)| graph.adjacent(x, y))
        })
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_symmetries_are_automorphisms() {
        for (w, h, count) in [(3, 3, 8), (3, 4, 4), (1, 5, 2), (4, 4, 8), (1, 1, 1)] {
            let b = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            assert_eq!(b.symmetries().len(), count, "{w}x{h}");
            assert_eq!(
                b.symmetries()[0],
                (0..w * h).map(|v| v as u8).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn shifts_agree_with_the_neighbour_loop() {
        for (w, h) in [(1, 1), (1, 12), (12, 1), (4, 5), (5, 4), (8, 8), (3, 7)] {
            let b = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            assert!(b.shifts.is_some(), "{w}x{h}");
            let loop_form = |set: Bits| {
                (0..b.len())
                    .filter(|v| set >> v & 1 == 1)
                    .fold(0, |m, v| m | b.neighbors(v))
            };
            let mut x: u64 = 0x9E37_79B9_7F4A_7C15 ^ (w * 64 + h) as u64;
            for _ in 0..2000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let set = x & b.all();
                assert_eq!(b.adjacent(set), loop_form(set), "{w}x{h} {set:#x}");
            }
        }
        let torus = Board::new(Arc::new(Graph::torus(3, 3).unwrap())).unwrap();
        assert!(torus.shifts.is_none());
    }

    #[test]
    fn disconnected_graph_is_an_error() {
        let g = Graph::from_edges(vec!["a".into(), "b".into(), "c".into()], &[(0, 1)]).unwrap();
        assert!(matches!(
            Board::new(Arc::new(g)),
            Err(GraphGoError::Disconnected { .. })
        ));
    }

    #[test]
    fn too_big_is_an_error() {
        let g = Graph::grid(9, 9).unwrap();
        assert!(matches!(
            Board::new(Arc::new(g)),
            Err(GraphGoError::TooBig { .. })
        ));
    }
}
