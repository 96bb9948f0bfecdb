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

/// Whether some chain of `color` with a stone in `region` is unconditionally
/// alive.
pub(crate) fn alive_in(pos: &Position, color: Color, region: &VertexSet) -> bool {
    let g = pos.graph();
    let n = g.len();
    // Chains of `color`, by head.
    let mut chain_of = vec![u16::MAX; n];
    let mut heads: Vec<usize> = Vec::new();
    for v in g.vertices() {
        if pos.color_at(v) == Some(color) {
            let h = pos.chain_head(v).map_or(v.index(), |h| h.index());
            if chain_of[h] == u16::MAX {
                chain_of[h] = heads.len() as u16;
                heads.push(h);
            }
            chain_of[v.index()] = chain_of[h];
        }
    }
    if heads.is_empty() {
        return false;
    }
    // Regions: components of the other points.
    let mut region_of = vec![u16::MAX; n];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for v in g.vertices() {
        let i = v.index();
        if pos.color_at(v) == Some(color) || region_of[i] != u16::MAX {
            continue;
        }
        let r = regions.len() as u16;
        let mut pts = Vec::new();
        region_of[i] = r;
        stack.push(v);
        while let Some(u) = stack.pop() {
            pts.push(u.index());
            for &w in g.neighbors(u) {
                if pos.color_at(w) != Some(color) && region_of[w.index()] == u16::MAX {
                    region_of[w.index()] = r;
                    stack.push(w);
                }
            }
        }
        regions.push(pts);
    }
    // For each region: the chains around it, and those it is vital to.
    let nc = heads.len();
    let mut around: Vec<Vec<u16>> = vec![Vec::new(); regions.len()];
    let mut vital: Vec<Vec<u16>> = vec![Vec::new(); regions.len()];
    for (r, pts) in regions.iter().enumerate() {
        let mut adj = Vec::new();
        for &p in pts {
            for &w in g.neighbors(crate::vx(p)) {
                let c = chain_of[w.index()];
                if c != u16::MAX && !adj.contains(&c) {
                    adj.push(c);
                }
            }
        }
        for &c in &adj {
            let is_vital = pts.iter().all(|&p| {
                let v = crate::vx(p);
                pos.color_at(v).is_some() || g.neighbors(v).iter().any(|w| chain_of[w.index()] == c)
            });
            if is_vital {
                vital[r].push(c);
            }
        }
        around[r] = adj;
    }
    let mut chain_alive = vec![true; nc];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut count = vec![0u32; nc];
        for r in 0..regions.len() {
            if region_alive[r] {
                for &c in &vital[r] {
                    count[c as usize] += 1;
                }
            }
        }
        let mut changed = false;
        for c in 0..nc {
            if chain_alive[c] && count[c] < 2 {
                chain_alive[c] = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_alive[r] && around[r].iter().any(|&c| !chain_alive[c as usize]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    heads.iter().enumerate().any(|(c, &h)| {
        chain_alive[c] && {
            let stones = pos.chain_stones(crate::vx(h));
            stones.intersects(region)
        }
    })
}
