//! Relevance zones (issue 19): the region points a proof read.
//!
//! A *zone* of a proof that the query's goal side wins a state `N` is a
//! set `Z` of region points such that the goal side wins every state `N'`
//! that has `N`'s fields (player to move, simple-ko point, tenuki, book
//! passes, no ko bans) and `N`'s board on `Z` — whatever `N'` holds on the
//! region's other points (the points off the region are the same in every
//! state of a search: nobody plays there). The search builds zones bottom
//! up (see `crate::search`'s `Searcher::goal_zone`):
//!
//! - every node of a proof reads its target chains (their stones and
//!   neighbours: whether the defender has reached a permanent liberty or
//!   lost its last target stone) — `base`;
//! - a play reads its point, its neighbours and every chain next to it with
//!   the chain's neighbours (its legality, what it captures, what it joins)
//!   — `play`; at a node where the side that must refute everything
//!   moves, so does every empty point it may not play (suicide, the ko
//!   point: it must stay forbidden);
//! - a static verdict reads its enclosure (`enclosure`: the points the
//!   defender holds or may fill, reached from the targets, their
//!   neighbours, and the attacker chains around them), Benson's test the
//!   whole region (not refined).
//!
//! Zones are bits by region index (`Ctx::zone_bit`); a region of more
//! than 128 points gets none.
//!
//! Where they are used (`Options::zones`): the plain queries of the seed
//! and book regimes (no ko threats, no ko-advantaged side, not the seki
//! test). A null move counts only when its proof met no ko and no cycle
//! (`search::CYCLE`), with no ko point or ban at the node, and a play is
//! left out only on a point that held no stone anywhere on the line.
//! With the default targets (every defender stone in the region) the
//! target points are the whole region and so is every zone: nothing is
//! left out. Zones prune only where the problem names its target chains,
//! or where exit points (`ProblemSpec::exits`, not target points) are in
//! play: a proven zone then holds what a play on every empty point that
//! is no play there would read (`goal_zone`), an exit the defender may
//! not yet take among them.

use std::cell::Cell;

use miai_goban::{Position, Vertex};

use crate::state::{Ctx, NO_ZONE_BIT};

/// A zone: one bit per region point.
pub(crate) type Zone = u128;

/// The zone of a proof that may have read any point.
pub(crate) const ALL: Zone = u128::MAX;

thread_local! {
    /// A test's deliberately wrong zones ([`weaken_for_tests`]).
    static WEAK: Cell<bool> = const { Cell::new(false) };
}

/// For the tests that check that the cross-checks catch a zone that
/// misses points: on this thread, until called with `false`, a play reads
/// only its own point, a node nothing, a static verdict nothing, and a
/// null move's zone is not closed under chains — zones too small, whose
/// pruning can give wrong answers. Never for real use.
#[doc(hidden)]
pub fn weaken_for_tests(on: bool) {
    WEAK.with(|w| w.set(on));
}

#[inline]
fn weak() -> bool {
    WEAK.with(Cell::get)
}

/// The target points (the attacker's win: none holds a defender stone).
pub(crate) fn targets(ctx: &Ctx) -> Zone {
    if weak() { 0 } else { ctx.zone_targets }
}

/// `v`'s bit (none off the region).
#[inline]
pub(crate) fn bit(ctx: &Ctx, v: Vertex) -> Zone {
    let b = ctx.zone_bit[v.index()];
    if b == NO_ZONE_BIT { 0 } else { 1u128 << b }
}

/// The stones of the chain through the stone `u` and their neighbours.
fn chain(pos: &Position, ctx: &Ctx, u: Vertex) -> Zone {
    let g = pos.graph();
    let mut z = 0;
    for s in pos.chain_stones(u).iter() {
        z |= bit(ctx, s);
        for &n in g.neighbors(s) {
            z |= bit(ctx, n);
        }
    }
    z
}

/// What a play at the empty point `v` reads: `v`, its neighbours, and the
/// chains next to it with their neighbours. A state that agrees on these
/// points allows the same play (or forbids it: suicide), with the same
/// captures and the same chain for the new stone.
pub(crate) fn play(pos: &Position, ctx: &Ctx, v: Vertex) -> Zone {
    let g = pos.graph();
    let mut z = bit(ctx, v);
    if weak() {
        return z;
    }
    let mut heads: [Option<Vertex>; 8] = [None; 8];
    let mut k = 0;
    for &u in g.neighbors(v) {
        z |= bit(ctx, u);
        let Some(h) = pos.chain_head(u) else { continue };
        if heads[..k].contains(&Some(h)) {
            continue;
        }
        if k < heads.len() {
            heads[k] = Some(h);
            k += 1;
        }
        z |= chain(pos, ctx, u);
    }
    z
}

/// What every node reads: the target points, and the chains on them with
/// their neighbours (whether a target stone is left, whether a target chain
/// reaches a permanent liberty).
pub(crate) fn base(pos: &Position, ctx: &Ctx) -> Zone {
    if weak() {
        return 0;
    }
    let mut z = ctx.zone_targets;
    let mut seen: Zone = 0;
    let defender = ctx.attacker.opponent();
    for &t in &ctx.target_list {
        if pos.color_at(t) == Some(defender) && seen & bit(ctx, t) == 0 {
            for st in pos.chain_stones(t).iter() {
                seen |= bit(ctx, st);
            }
            z |= chain(pos, ctx, t);
        }
    }
    z
}

/// The closure of `z` under chains: with every stone of `z`, its chain and
/// the chain's neighbours. A state agreeing on the closure has the same
/// chains through `z`'s stones, with the same liberties.
pub(crate) fn close(pos: &Position, ctx: &Ctx, z: Zone) -> Zone {
    let mut out = z;
    if weak() {
        return out;
    }
    let mut done: Zone = 0;
    for (i, &v) in ctx.region_list.iter().enumerate().take(128) {
        let b = 1u128 << i;
        if z & b == 0 || done & b != 0 || pos.color_at(v).is_none() {
            continue;
        }
        for st in pos.chain_stones(v).iter() {
            done |= bit(ctx, st);
        }
        out |= chain(pos, ctx, v);
    }
    out
}

/// What a static verdict on the defender's eye space (`crate::eyes`:
/// the eye shapes, two enclosed regions, the want of room) reads: the
/// target points, and the points reached from them (from those holding a
/// defender stone, for an eye shape around the target chain; from all,
/// for the want of room and the two regions) without crossing a *safe*
/// attacker stone (one whose chain has a permanent liberty, an empty point
/// off the region), over the whole board; their neighbours; and the stones
/// of the safe attacker chains next to them. A state agreeing there has the
/// same target chains, the same spaces they enclose with the same
/// contents, and the same attacker stones around them, each in a chain
/// with at least those stones (so still safe).
pub(crate) fn enclosure(pos: &Position, ctx: &Ctx, from_all_targets: bool) -> Zone {
    if weak() {
        return 0;
    }
    let g = pos.graph();
    let att = ctx.attacker;
    let n = g.len();
    let mut seen = vec![false; n];
    let mut stack: Vec<Vertex> = Vec::new();
    // Safe attacker chains by head, and the unsafe ones.
    let mut safe_heads: Vec<Vertex> = Vec::new();
    let mut unsafe_heads: Vec<Vertex> = Vec::new();
    let mut z = ctx.zone_targets;
    let mut is_safe = |u: Vertex| -> bool {
        let Some(h) = pos.chain_head(u) else {
            return false;
        };
        if safe_heads.contains(&h) {
            return true;
        }
        if unsafe_heads.contains(&h) {
            return false;
        }
        let stones = pos.chain_stones(u);
        let safe = stones.iter().any(|s| {
            g.neighbors(s)
                .iter()
                .any(|&e| !ctx.region.contains(e) && pos.color_at(e).is_none())
        });
        if safe {
            safe_heads.push(h);
            for s in stones.iter() {
                z |= bit(ctx, s);
            }
        } else {
            unsafe_heads.push(h);
        }
        safe
    };
    let defender = att.opponent();
    for &t in &ctx.target_list {
        if !from_all_targets && pos.color_at(t) != Some(defender) {
            continue;
        }
        let safe_stone = pos.color_at(t) == Some(att) && is_safe(t);
        if !seen[t.index()] && !safe_stone {
            seen[t.index()] = true;
            stack.push(t);
        }
    }
    let mut area: Zone = 0;
    while let Some(p) = stack.pop() {
        area |= bit(ctx, p);
        for &u in g.neighbors(p) {
            area |= bit(ctx, u);
            if seen[u.index()] {
                continue;
            }
            if pos.color_at(u) == Some(att) && is_safe(u) {
                continue;
            }
            seen[u.index()] = true;
            stack.push(u);
        }
    }
    z | area
}
