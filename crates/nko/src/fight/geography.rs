//! Brute-force vertex geography on the explicit ko-fight graph, written to
//! check the oracle [`super::mover_wins`] without any matching theory.

use rustc_hash::FxHashMap;

/// The bipartite graph of a fight: the `k`-subsets and `(k+1)`-subsets of
/// `n` kos, joined when one contains the other. Vertices are numbered; the
/// `k`-subsets come first.
#[derive(Clone, Debug)]
pub struct FightGraph {
    n: u32,
    k: u32,
    sets: Vec<u32>,
    neighbours: Vec<Vec<u8>>,
}

/// The largest `n` whose fight graphs fit the solver (at most 128 vertices
/// in a visited mask).
pub const MAX_GEOGRAPHY_N: u32 = 7;

impl FightGraph {
    /// The fight graph between levels `k` and `k + 1` of the subsets of `n`
    /// kos, or `None` if `k + 1 > n` or the graph has more than 128 vertices.
    #[must_use]
    pub fn new(n: u32, k: u32) -> Option<Self> {
        if k + 1 > n || n > 16 {
            return None;
        }
        let mut sets: Vec<u32> = (0u32..1 << n).filter(|s| s.count_ones() == k).collect();
        sets.extend((0u32..1 << n).filter(|s| s.count_ones() == k + 1));
        if sets.len() > 128 {
            return None;
        }
        let index: FxHashMap<u32, u8> = sets
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, i as u8))
            .collect();
        let neighbours = sets
            .iter()
            .map(|&s| {
                (0..n)
                    .map(|i| s ^ (1 << i))
                    .filter_map(|t| index.get(&t).copied())
                    .collect()
            })
            .collect();
        Some(Self {
            n,
            k,
            sets,
            neighbours,
        })
    }

    /// Number of vertices, `C(n, k) + C(n, k+1)`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether the graph has no vertex (never, for a valid fight).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// The vertex numbers of the `k`-subsets: the fight's starting positions
    /// when the mover holds `k` kos.
    pub fn lower_level(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.sets.len()).filter(|&i| self.sets[i].count_ones() == self.k)
    }

    /// The set of kos (a bit mask) of vertex `v`.
    #[must_use]
    pub fn set(&self, v: usize) -> u32 {
        self.sets[v]
    }

    /// The neighbours of vertex `v`.
    #[must_use]
    pub fn neighbours(&self, v: usize) -> &[u8] {
        &self.neighbours[v]
    }

    /// Number of kos.
    #[must_use]
    pub fn n(&self) -> u32 {
        self.n
    }
}

/// Exhaustive solver with a transposition table on `(vertex, visited set)`.
#[derive(Debug, Default)]
pub struct GeographySolver {
    memo: FxHashMap<(u8, u128), bool>,
    nodes: u64,
}

impl GeographySolver {
    /// A fresh solver.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Nodes expanded so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the player to move from `start` (already visited, as the
    /// current position is on the board) wins vertex geography on `graph`.
    /// The table is only valid for one graph: use a fresh solver per graph.
    pub fn mover_wins_from(&mut self, graph: &FightGraph, start: usize) -> bool {
        self.wins(graph, start, 1u128 << start)
    }

    fn wins(&mut self, graph: &FightGraph, at: usize, visited: u128) -> bool {
        if let Some(&w) = self.memo.get(&(at as u8, visited)) {
            return w;
        }
        self.nodes += 1;
        // Candidate moves with the number of moves the opponent would have
        // there. A dead end (none) wins at once; otherwise try the most
        // constrained first, which finds wins sooner (the order only affects
        // speed: every move is still examined before declaring a loss).
        let mut moves: Vec<(u32, u8)> = graph
            .neighbours(at)
            .iter()
            .filter(|&&v| visited >> v & 1 == 0)
            .map(|&v| {
                let after = visited | 1u128 << v;
                let free = graph
                    .neighbours(usize::from(v))
                    .iter()
                    .filter(|&&w| after >> w & 1 == 0)
                    .count() as u32;
                (free, v)
            })
            .collect();
        let win = if moves.iter().any(|&(free, _)| free == 0) {
            true
        } else {
            moves.sort_unstable();
            moves
                .iter()
                .any(|&(_, next)| !self.wins(graph, usize::from(next), visited | 1u128 << next))
        };
        self.memo.insert((at as u8, visited), win);
        win
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_kos_one_black_is_a_six_cycle_won_by_the_mover() {
        // By hand: the 1- and 2-subsets of {a,b,c} form a 6-cycle; from {a}
        // (visited) the walk {a,b},{b},{b,c},{c},{a,c} leaves the second player
        // stuck, and every walk on a cycle is this one up to direction.
        let g = FightGraph::new(3, 1).unwrap();
        assert_eq!(g.len(), 6);
        assert!((0..6).all(|v| g.neighbours(v).len() == 2));
        let mut s = GeographySolver::new();
        assert!(s.mover_wins_from(&g, 0));
    }

    #[test]
    fn two_kos_one_each_the_mover_loses() {
        // {a} -> {a,b} -> {b}, then {a,b} is visited: the mover is stuck.
        let g = FightGraph::new(2, 1).unwrap();
        assert_eq!(g.len(), 3);
        let mut s = GeographySolver::new();
        assert!(!s.mover_wins_from(&g, 0));
    }
}
