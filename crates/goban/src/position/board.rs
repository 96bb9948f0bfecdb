//! The mutable arrays of a position and the move kernel, generic over how
//! neighbours are looked up: fixed four-slot tables on grids and tori
//! ([`Padded`]), the graph's adjacency lists elsewhere ([`Csr`]).
//!
//! The arrays have one cell more than the graph has vertices: index
//! `len()` is an off-board cell ([`BORDER`]) that the padded tables' unused
//! slots point at, so the hot loops run exactly four times with no length
//! checks. Its chain entry stays the default (no liberties, not in atari)
//! and is never written, so legality tests read it as "no help".

use crate::color::Color;
use crate::graph::{Graph, Slots};
use crate::vertex::Vertex;
use crate::zobrist;

/// Cell value of an empty point.
pub(super) const EMPTY: u8 = 0;
/// Cell value of the off-board cell. `BORDER & cell(c) != 0` for both
/// colours, so one mask test reads "own stone or edge".
pub(super) const BORDER: u8 = 3;

/// Cell value of a stone of `c` (1 Black, 2 White).
#[inline]
pub(super) const fn cell(c: Color) -> u8 {
    c as u8 + 1
}

/// Per-chain counters, stored at the chain's head.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ChainInfo {
    pub(super) size: u32,
    pub(super) libs: u32,
    pub(super) lib_sum: u64,
    pub(super) lib_sq: u64,
}

impl ChainInfo {
    #[inline]
    pub(super) fn add_lib(&mut self, v: usize) {
        let v = v as u64;
        self.libs += 1;
        self.lib_sum += v;
        self.lib_sq += v * v;
    }

    #[inline]
    pub(super) fn remove_lib(&mut self, v: usize) {
        let v = v as u64;
        self.libs -= 1;
        self.lib_sum -= v;
        self.lib_sq -= v * v;
    }

    /// Exactly one distinct liberty.
    #[inline]
    pub(super) fn in_atari(&self) -> bool {
        self.libs > 0 && u64::from(self.libs) * self.lib_sq == self.lib_sum * self.lib_sum
    }
}

/// How the kernel finds a vertex's neighbours.
pub(super) trait Adjacency: Copy {
    /// The neighbours of vertex `v`, possibly with off-board sentinels.
    fn neighbors(self, v: usize) -> impl Iterator<Item = usize>;
}

/// Four fixed slots per vertex (grids and tori), unused ones the sentinel.
#[derive(Clone, Copy)]
pub(super) struct Padded<'g>(pub(super) &'g [[Slots; 2]]);

impl Adjacency for Padded<'_> {
    #[inline(always)]
    fn neighbors(self, v: usize) -> impl Iterator<Item = usize> {
        self.0[v][0].into_iter().map(usize::from)
    }
}

/// The graph's own adjacency lists (any graph).
#[derive(Clone, Copy)]
pub(super) struct Csr<'g>(pub(super) &'g Graph);

impl Adjacency for Csr<'_> {
    #[inline(always)]
    fn neighbors(self, v: usize) -> impl Iterator<Item = usize> {
        self.0
            .neighbors(Vertex::from_index(v))
            .iter()
            .map(|u| u.index())
    }
}

/// The colouring with its chains, liberty counters, empty list and hash.
pub(super) struct Board {
    /// Per vertex (plus the off-board cell): 0 empty, 1 Black, 2 White.
    pub(super) cells: Vec<u8>,
    pub(super) head: Vec<u16>,
    pub(super) next: Vec<u16>,
    pub(super) chains: Vec<ChainInfo>,
    /// The empty points are `empty_list[..empty_len]`; the list keeps its
    /// full length so taking and freeing points never checks capacity.
    empty_list: Vec<u16>,
    empty_len: usize,
    pub(super) empty_at: Vec<u16>,
    pub(super) hash: u64,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            chains: self.chains.clone(),
            empty_list: self.empty_list.clone(),
            empty_len: self.empty_len,
            empty_at: self.empty_at.clone(),
            hash: self.hash,
        }
    }

    /// Field by field, so copy-make into a preallocated position reuses
    /// its buffers instead of allocating (the derived `clone_from` would
    /// clone whole and drop the old vectors).
    fn clone_from(&mut self, source: &Board) {
        self.cells.clone_from(&source.cells);
        self.head.clone_from(&source.head);
        self.next.clone_from(&source.next);
        self.chains.clone_from(&source.chains);
        self.empty_list.clone_from(&source.empty_list);
        self.empty_len = source.empty_len;
        self.empty_at.clone_from(&source.empty_at);
        self.hash = source.hash;
    }
}

impl Board {
    /// The empty board on `n` vertices (plus the off-board cell).
    pub(super) fn empty(n: usize) -> Board {
        let mut cells = vec![EMPTY; n + 1];
        cells[n] = BORDER;
        Board {
            cells,
            head: (0..=n as u16).collect(),
            next: (0..=n as u16).collect(),
            chains: vec![ChainInfo::default(); n + 1],
            empty_list: (0..n as u16).collect(),
            empty_len: n,
            empty_at: (0..=n as u16).collect(),
            hash: 0,
        }
    }

    /// The empty points, in list order.
    #[inline]
    pub(super) fn empties(&self) -> &[u16] {
        &self.empty_list[..self.empty_len]
    }

    /// The number of vertices (without the off-board cell).
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.cells.len() - 1
    }

    /// Whether the chain of the stone on `u` is in atari (false on the
    /// off-board cell, whose counters stay zero).
    #[inline]
    pub(super) fn chain_in_atari(&self, u: usize) -> bool {
        self.chains[self.head[u] as usize].in_atari()
    }

    /// Plays `color` on the empty point `vi` with captures and, if the
    /// rules let it through, suicide. Returns (captured, suicided, the
    /// last captured vertex, the counters of the new stone's chain).
    #[inline]
    pub(super) fn play<A: Adjacency>(
        &mut self,
        adj: A,
        color: Color,
        vi: usize,
    ) -> (u32, u32, usize, ChainInfo) {
        self.put_stone(adj, color, vi);
        let opp = cell(color.opponent());
        let mut captured = 0;
        let mut last_captured = 0;
        for u in adj.neighbors(vi) {
            if self.cells[u] == opp {
                let h = self.head[u] as usize;
                if self.chains[h].libs == 0 {
                    captured += self.remove_chain(adj, h);
                    last_captured = u;
                }
            }
        }
        let h = self.head[vi] as usize;
        let info = self.chains[h];
        let mut suicided = 0;
        if info.libs == 0 {
            suicided = self.remove_chain(adj, h);
        }
        (captured, suicided, last_captured, info)
    }

    /// Puts a stone on an empty point and joins it to its friends, without
    /// captures (for setups and as the first half of a move).
    #[inline]
    pub(super) fn put_stone<A: Adjacency>(&mut self, adj: A, color: Color, vi: usize) {
        let own = cell(color);
        // Remove from the empty list (swap with the last).
        let at = self.empty_at[vi] as usize;
        self.empty_len -= 1;
        let last = self.empty_list[self.empty_len];
        self.empty_list[at] = last;
        self.empty_at[last as usize] = at as u16;

        self.cells[vi] = own;
        self.hash ^= zobrist::stone_key(Vertex::from_index(vi), color);
        self.head[vi] = vi as u16;
        self.next[vi] = vi as u16;
        self.chains[vi] = ChainInfo {
            size: 1,
            ..ChainInfo::default()
        };
        // One pass: liberties of the new stone, the liberty it takes from
        // each neighbouring chain, and merges with friends. Counters are
        // additive, so the order of merges doesn't matter.
        for ui in adj.neighbors(vi) {
            let cu = self.cells[ui];
            if cu == EMPTY {
                let h = self.head[vi] as usize;
                self.chains[h].add_lib(ui);
            } else if cu != BORDER {
                let hu = self.head[ui] as usize;
                self.chains[hu].remove_lib(vi);
                let hv = self.head[vi] as usize;
                if cu == own && hu != hv {
                    self.merge(hv, hu);
                }
            }
        }
    }

    /// Removes the chain with head `h`; returns its size.
    fn remove_chain<A: Adjacency>(&mut self, adj: A, h: usize) -> u32 {
        let color = if self.cells[h] == cell(Color::Black) {
            Color::Black
        } else {
            Color::White
        };
        let size = self.chains[h].size;
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.hash ^= zobrist::stone_key(Vertex::from_index(s), color);
            self.empty_at[s] = self.empty_len as u16;
            self.empty_list[self.empty_len] = s as u16;
            self.empty_len += 1;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        // Second pass, once every stone is gone: each neighbouring stone
        // gains the freed point as a (pseudo-)liberty.
        let mut s = h;
        loop {
            for ui in adj.neighbors(s) {
                let cu = self.cells[ui];
                if cu != EMPTY && cu != BORDER {
                    let hu = self.head[ui] as usize;
                    self.chains[hu].add_lib(s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        size
    }

    /// Joins chains with heads `a` and `b`: the smaller is relabelled.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.chains[a].size >= self.chains[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        let sm = self.chains[small];
        let bg = &mut self.chains[big];
        bg.size += sm.size;
        bg.libs += sm.libs;
        bg.lib_sum += sm.lib_sum;
        bg.lib_sq += sm.lib_sq;
    }
}
