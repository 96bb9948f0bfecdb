//! Benson's unconditional life (Benson 1976, "Life in the game of Go").
//!
//! A chain set is unconditionally alive when the opponent cannot capture
//! it even playing every move (the owner passing throughout). Regions are
//! the connected components of points not holding the owner's stones; a
//! region is *vital* to a chain when each of its empty points is a liberty
//! of the chain. Repeatedly drop chains with fewer than two vital regions
//! and regions touching a dropped chain; the chains left are alive.
//!
//! Here the opponent may only play in the search region; that only takes
//! options away from it, so the test stays sound.

use miai_goban::{Color, Position, VertexSet};

/// No chain / no region.
const NONE: u16 = u16::MAX;

/// Reusable buffers of the test, so that a search calling it at many nodes
/// allocates nothing. Regions and their lists are flat arrays with
/// offsets.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Chain index of each stone of the colour tested.
    chain_of: Vec<u16>,
    /// Per chain: whether it has a stone in the region of interest.
    chain_in_region: Vec<bool>,
    chain_alive: Vec<bool>,
    count: Vec<u32>,
    /// Region index of each other point.
    region_of: Vec<u16>,
    /// Points of the regions, region by region; region `r` is
    /// `points[region_start[r]..region_start[r + 1]]`.
    points: Vec<u16>,
    region_start: Vec<u32>,
    region_alive: Vec<bool>,
    /// Chains around each region (`around_start` offsets), and among them
    /// those the region is vital to (`vital_start` offsets).
    around: Vec<u16>,
    around_start: Vec<u32>,
    vital: Vec<u16>,
    vital_start: Vec<u32>,
    stack: Vec<u16>,
    /// Bitset version: the board the neighbour masks are for (its graph's
    /// address and size), the masks, and per chain / region sets.
    graph_id: (usize, usize),
    nb: Vec<Bits>,
    chain_bits: Vec<Bits>,
    chain_libs: Vec<Bits>,
    region_bits: Vec<Bits>,
    region_empty: Vec<Bits>,
    region_nb: Vec<Bits>,
    /// Chain index by head vertex (bitset version).
    head_chain: Vec<u8>,
}

/// Most points of a board the bitset version handles.
const BITS: usize = 256;
const WORDS: usize = BITS / 64;

/// A set of at most [`BITS`] points.
type Bits = [u64; WORDS];

#[inline]
fn bit(i: usize) -> Bits {
    let mut b = [0; WORDS];
    b[i / 64] = 1 << (i % 64);
    b
}

#[inline]
fn or(a: Bits, b: Bits) -> Bits {
    std::array::from_fn(|k| a[k] | b[k])
}

#[inline]
fn and(a: Bits, b: Bits) -> Bits {
    std::array::from_fn(|k| a[k] & b[k])
}

#[inline]
fn and_not(a: Bits, b: Bits) -> Bits {
    std::array::from_fn(|k| a[k] & !b[k])
}

#[inline]
fn is_empty(a: &Bits) -> bool {
    a.iter().all(|&w| w == 0)
}

/// The points of a set, in increasing order.
#[inline]
fn points(a: Bits) -> impl Iterator<Item = usize> {
    (0..WORDS).flat_map(move |k| {
        let mut w = a[k];
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let t = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(k * 64 + t)
        })
    })
}

/// The test on bitsets (boards of at most [`BITS`] points): the same
/// chains, regions and elimination as [`alive_in_lists`].
fn alive_in_bits(pos: &Position, color: Color, region: &VertexSet, sc: &mut Scratch) -> bool {
    let g = pos.graph();
    let n = g.len();
    let id = (std::sync::Arc::as_ptr(g) as usize, n);
    if sc.graph_id != id || sc.nb.len() != n {
        sc.graph_id = id;
        sc.nb.clear();
        sc.nb.extend(g.vertices().map(|v| {
            g.neighbors(v)
                .iter()
                .fold([0; WORDS], |m, u| or(m, bit(u.index())))
        }));
    }
    let cells = pos.board_bytes();
    let own: u8 = match color {
        Color::Black => 1,
        Color::White => 2,
    };
    // The owner's stones and the empty points, word by word.
    let mut mine: Bits = [0; WORDS];
    let mut empty: Bits = [0; WORDS];
    for (i, &c) in cells.iter().enumerate().take(n) {
        if c == 0 {
            empty[i / 64] |= 1 << (i % 64);
        } else if c == own {
            mine[i / 64] |= 1 << (i % 64);
        }
    }
    if is_empty(&mine) {
        return false;
    }
    let mut left = and_not(first_n(n), mine);
    // A quick no: a region vital to a chain has every empty point a
    // liberty of it, and at least one empty point (an attacker stone has a
    // liberty, in its region). So a region holding an empty point next to
    // none of the owner's stones is vital to nothing, nor is any point
    // connected to one through points not the owner's; with fewer than
    // two empty points left outside those regions, no chain has two vital
    // regions, and every chain falls in the first round of the
    // elimination. (Asked before the chains are listed: it needs only the
    // liberties of them all, the empty points next to an owner's stone.)
    let all_libs = and(points(mine).fold([0; WORDS], |m, i| or(m, sc.nb[i])), empty);
    let mut reach = and_not(empty, all_libs);
    let mut frontier = reach;
    while !is_empty(&frontier) {
        let nbs = points(frontier).fold([0; WORDS], |m, i| or(m, sc.nb[i]));
        frontier = and_not(and(nbs, left), reach);
        reach = or(reach, frontier);
    }
    if and_not(empty, reach)
        .iter()
        .map(|w| w.count_ones())
        .sum::<u32>()
        < 2
    {
        return false;
    }
    // The owner's stones by chain.
    sc.head_chain.clear();
    sc.head_chain.resize(n, u8::MAX);
    sc.chain_bits.clear();
    sc.chain_in_region.clear();
    for i in points(mine) {
        let v = crate::vx(i);
        let h = pos.chain_head(v).map_or(i, |h| h.index());
        if sc.head_chain[h] == u8::MAX {
            if sc.chain_bits.len() == usize::from(u8::MAX) {
                // Too many chains for the byte index: use the lists.
                return alive_in_lists(pos, color, region, sc);
            }
            sc.head_chain[h] = sc.chain_bits.len() as u8;
            sc.chain_bits.push([0; WORDS]);
            sc.chain_in_region.push(false);
        }
        let k = usize::from(sc.head_chain[h]);
        sc.chain_bits[k][i / 64] |= 1 << (i % 64);
        if region.contains(v) {
            sc.chain_in_region[k] = true;
        }
    }
    let nc = sc.chain_bits.len();
    // Liberties of each chain.
    sc.chain_libs.clear();
    for k in 0..nc {
        let nbs = points(sc.chain_bits[k]).fold([0; WORDS], |m, i| or(m, sc.nb[i]));
        sc.chain_libs.push(and(nbs, empty));
    }
    // Regions: components of the points not holding the owner's stones,
    // with their empty points and the points next to them.
    sc.region_bits.clear();
    sc.region_empty.clear();
    sc.region_nb.clear();
    while let Some(start) = points(left).next() {
        let mut r = bit(start);
        let mut frontier = r;
        let mut around: Bits = [0; WORDS];
        while !is_empty(&frontier) {
            let nbs = points(frontier).fold([0; WORDS], |m, i| or(m, sc.nb[i]));
            around = or(around, nbs);
            frontier = and_not(and(nbs, left), r);
            r = or(r, frontier);
        }
        left = and_not(left, r);
        sc.region_empty.push(and(r, empty));
        sc.region_nb.push(around);
        sc.region_bits.push(r);
    }
    let nr = sc.region_bits.len();
    // Vital: every empty point of the region is a liberty of the chain.
    // Around: the chain touches the region.
    sc.around.clear();
    sc.around_start.clear();
    sc.vital.clear();
    sc.vital_start.clear();
    for r in 0..nr {
        sc.around_start.push(sc.around.len() as u32);
        sc.vital_start.push(sc.vital.len() as u32);
        for k in 0..nc {
            if is_empty(&and(sc.region_nb[r], sc.chain_bits[k])) {
                continue;
            }
            sc.around.push(k as u16);
            if is_empty(&and_not(sc.region_empty[r], sc.chain_libs[k])) {
                sc.vital.push(k as u16);
            }
        }
    }
    sc.around_start.push(sc.around.len() as u32);
    sc.vital_start.push(sc.vital.len() as u32);
    eliminate(sc, nc, nr)
}

/// The set `{0, ..., n - 1}`.
#[inline]
fn first_n(n: usize) -> Bits {
    std::array::from_fn(|k| {
        let lo = k * 64;
        if n >= lo + 64 {
            u64::MAX
        } else if n <= lo {
            0
        } else {
            (1u64 << (n - lo)) - 1
        }
    })
}

/// Benson's elimination on the region lists in `sc`: drops chains with
/// fewer than two vital live regions and regions touching a dropped
/// chain, until nothing changes; whether a chain in the region of interest
/// survives.
fn eliminate(sc: &mut Scratch, nc: usize, nr: usize) -> bool {
    sc.chain_alive.clear();
    sc.chain_alive.resize(nc, true);
    sc.region_alive.clear();
    sc.region_alive.resize(nr, true);
    loop {
        sc.count.clear();
        sc.count.resize(nc, 0);
        for r in 0..nr {
            if sc.region_alive[r] {
                for &c in &sc.vital[sc.vital_start[r] as usize..sc.vital_start[r + 1] as usize] {
                    sc.count[c as usize] += 1;
                }
            }
        }
        let mut changed = false;
        for c in 0..nc {
            if sc.chain_alive[c] && sc.count[c] < 2 {
                sc.chain_alive[c] = false;
                changed = true;
            }
        }
        for r in 0..nr {
            if sc.region_alive[r]
                && sc.around[sc.around_start[r] as usize..sc.around_start[r + 1] as usize]
                    .iter()
                    .any(|&c| !sc.chain_alive[c as usize])
            {
                sc.region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..nc).any(|c| sc.chain_alive[c] && sc.chain_in_region[c])
}

/// Whether some chain of `color` with a stone in `region` is unconditionally
/// alive.
pub(crate) fn alive_in(pos: &Position, color: Color, region: &VertexSet) -> bool {
    alive_in_with(pos, color, region, &mut Scratch::default())
}

/// [`alive_in`] with reusable buffers: on bitsets when the board has at
/// most [`BITS`] points (every solver board of a book problem), else on
/// lists.
pub(crate) fn alive_in_with(
    pos: &Position,
    color: Color,
    region: &VertexSet,
    sc: &mut Scratch,
) -> bool {
    if pos.graph().len() <= BITS {
        alive_in_bits(pos, color, region, sc)
    } else {
        alive_in_lists(pos, color, region, sc)
    }
}

/// The test on lists (any board size).
fn alive_in_lists(pos: &Position, color: Color, region: &VertexSet, sc: &mut Scratch) -> bool {
    let g = pos.graph();
    let n = g.len();
    // Chains of `color`, numbered in the order their first stone is met.
    sc.chain_of.clear();
    sc.chain_of.resize(n, NONE);
    sc.chain_in_region.clear();
    for v in g.vertices() {
        if pos.color_at(v) == Some(color) {
            let h = pos.chain_head(v).map_or(v.index(), |h| h.index());
            // The head is numbered when its chain is first met (a head may
            // come after other stones of its chain in index order).
            if sc.chain_of[h] == NONE {
                sc.chain_of[h] = sc.chain_in_region.len() as u16;
                sc.chain_in_region.push(false);
            }
            let c = sc.chain_of[h];
            sc.chain_of[v.index()] = c;
            if region.contains(v) {
                sc.chain_in_region[c as usize] = true;
            }
        }
    }
    let nc = sc.chain_in_region.len();
    if nc == 0 {
        return false;
    }
    // Regions: components of the other points.
    sc.region_of.clear();
    sc.region_of.resize(n, NONE);
    sc.points.clear();
    sc.region_start.clear();
    for v in g.vertices() {
        let i = v.index();
        if pos.color_at(v) == Some(color) || sc.region_of[i] != NONE {
            continue;
        }
        let r = sc.region_start.len() as u16;
        sc.region_start.push(sc.points.len() as u32);
        sc.region_of[i] = r;
        sc.stack.push(i as u16);
        while let Some(u) = sc.stack.pop() {
            sc.points.push(u);
            for &w in g.neighbors(crate::vx(usize::from(u))) {
                if pos.color_at(w) != Some(color) && sc.region_of[w.index()] == NONE {
                    sc.region_of[w.index()] = r;
                    sc.stack.push(w.index() as u16);
                }
            }
        }
    }
    let nr = sc.region_start.len();
    sc.region_start.push(sc.points.len() as u32);
    // For each region: the chains around it, and those it is vital to.
    sc.around.clear();
    sc.around_start.clear();
    sc.vital.clear();
    sc.vital_start.clear();
    for r in 0..nr {
        let pts = &sc.points[sc.region_start[r] as usize..sc.region_start[r + 1] as usize];
        let a0 = sc.around.len();
        sc.around_start.push(a0 as u32);
        sc.vital_start.push(sc.vital.len() as u32);
        for &p in pts {
            for &w in g.neighbors(crate::vx(usize::from(p))) {
                let c = sc.chain_of[w.index()];
                if c != NONE && !sc.around[a0..].contains(&c) {
                    sc.around.push(c);
                }
            }
        }
        for k in a0..sc.around.len() {
            let c = sc.around[k];
            let is_vital = pts.iter().all(|&p| {
                let v = crate::vx(usize::from(p));
                pos.color_at(v).is_some()
                    || g.neighbors(v).iter().any(|w| sc.chain_of[w.index()] == c)
            });
            if is_vital {
                sc.vital.push(c);
            }
        }
    }
    sc.around_start.push(sc.around.len() as u32);
    sc.vital_start.push(sc.vital.len() as u32);
    eliminate(sc, nc, nr)
}

#[cfg(test)]
mod tests {
    use miai_goban::{Graph, Rules};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The bitset version agrees with the list version on random boards
    /// (random stones, every chain with a liberty), for both colours and
    /// for a random region of interest.
    #[test]
    fn bitsets_and_lists_agree() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut alive = 0;
        let mut sc = Scratch::default();
        for (w, h) in [(4, 4), (5, 5), (7, 6), (9, 9), (13, 13)] {
            let g = std::sync::Arc::new(Graph::grid(w, h).expect("a grid"));
            for _ in 0..300 {
                let mut pos = Position::empty(g.clone(), Rules::japanese());
                let fill: f64 = rng.random_range(0.3..0.8);
                for v in g.vertices() {
                    if rng.random_bool(fill) {
                        let c = if rng.random_bool(0.5) {
                            Color::Black
                        } else {
                            Color::White
                        };
                        if pos.check(c, v).is_ok() {
                            pos.play_mut(c, miai_goban::Move::Play(v)).expect("checked");
                        }
                    }
                }
                // Round trip through a setup: the position as a problem
                // would pose it.
                let pos = Position::from_setup(pos.to_setup(), Rules::japanese())
                    .expect("a legal position");
                let mut region = VertexSet::new();
                for v in g.vertices() {
                    if rng.random_bool(0.5) {
                        region.insert(v);
                    }
                }
                for color in [Color::Black, Color::White] {
                    for r in [region, g.all()] {
                        let a = alive_in_bits(&pos, color, &r, &mut sc);
                        let b = alive_in_lists(&pos, color, &r, &mut Scratch::default());
                        assert_eq!(a, b, "{color} on\n{pos:?}");
                        alive += usize::from(a);
                    }
                }
            }
        }
        assert!(alive > 50, "only {alive} alive cases");
    }
}
