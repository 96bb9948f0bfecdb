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
//!   whole region in the attacker's proofs (where it is a loss, never
//!   read) and its alive chains with their vital regions in the
//!   defender's (`benson`).
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
//!
//! *Life zones* (`Options::life_zones`, or `Options::zones` for both
//! goals): in the proofs of the defender's goal the side that must refute
//! everything is the attacker, and its null move is the defender's
//! *second move in a row*: the null move's state proven in the table, or,
//! in the book regime, the defender's answer by a play to the attacker's
//! pass (`search::PASS_ANSWER`: the pass's child differs from the null
//! move's state only in the defender's next tenuki, and a play clears
//! that). Its readings are leaner than the attacker's goal's, since only
//! attacker plays are left out: the defender's base is its target
//! stones (`base`), a play reads a chain next to it through its stones
//! and one liberty (`play`), the null move's closure the defender's chains
//! on it the same way (`close_defender`), Benson's verdict its alive chains
//! and their vital regions (`benson`), and a defender-won eye verdict the
//! enclosure without the target points (`enclosure`). Measured on the
//! Cho volumes they stay most of the region (docs/tsumego.md,
//! "life zones").

use std::cell::Cell;

use miai_goban::{Position, Vertex};

use crate::side::Side;
use crate::state::{Ctx, NO_ZONE_BIT};

/// A zone: one bit per region point.
pub(crate) type Zone = u128;

/// The zone of a proof that may have read any point.
pub(crate) const ALL: Zone = u128::MAX;

thread_local! {
    /// A test's deliberately wrong zones ([`weaken_for_tests`]).
    static WEAK: Cell<bool> = const { Cell::new(false) };
    /// A test's deliberately wrong life zones ([`weaken_life_for_tests`]).
    static WEAK_LIFE: Cell<u8> = const { Cell::new(0) };
}

/// For the tests that check that the cross-check of the life zones can
/// fail: on this thread, until called with 0, the zones of the defender's
/// wins are made wrong on purpose — 1: Benson's zone without the vital
/// regions (the alive chains and their neighbours only); 2: the answer to
/// the attacker's pass read without the answer's own play (its point,
/// neighbours and the chains beside it); 3: both, and Benson's zone and
/// the defender's base nothing. Never for real use.
#[doc(hidden)]
pub fn weaken_life_for_tests(level: u8) {
    WEAK_LIFE.with(|w| w.set(level));
}

#[inline]
pub(crate) fn weak_life() -> u8 {
    WEAK_LIFE.with(Cell::get)
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
///
/// In the proofs of the defender's goal (`goal`), leaner: a chain next to
/// `v` that has a liberty other than `v` reads its stones and one such
/// liberty only (in a state agreeing there, the chain holding those stones
/// — the same or larger — keeps that liberty: `v` neither captures it nor
/// is a suicide by it); a chain whose one liberty is `v` reads its stones
/// and neighbours (then the same chain, with the same one liberty).
pub(crate) fn play(pos: &Position, ctx: &Ctx, v: Vertex, goal: Side) -> Zone {
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
        z |= match goal {
            Side::Defender => chain_lean(pos, ctx, u, v),
            Side::Attacker => chain(pos, ctx, u),
        };
    }
    z
}

/// [`play`]'s lean reading of the chain through `u` next to the play at
/// `v`: its stones and a liberty other than `v` if there is one, else its
/// stones and their neighbours.
fn chain_lean(pos: &Position, ctx: &Ctx, u: Vertex, v: Vertex) -> Zone {
    let g = pos.graph();
    let mut z = 0;
    let mut other: Option<Vertex> = None;
    for s in pos.chain_stones(u).iter() {
        z |= bit(ctx, s);
        if other.is_none() {
            other = g
                .neighbors(s)
                .iter()
                .copied()
                .find(|&e| e != v && pos.color_at(e).is_none());
        }
    }
    match other {
        Some(l) => z | bit(ctx, l),
        None => z | chain(pos, ctx, u),
    }
}

/// What every node of a proof for `goal` reads.
///
/// The attacker's wins: the target points, and the chains on them with
/// their neighbours (whether a target stone is left, whether a target
/// chain reaches a permanent liberty).
///
/// The defender's wins: the stones of its target chains only. The
/// defender wins while one target stone lives, so a proof of its win
/// needs a target stone on the zone (a state agreeing there is not lost
/// already), and nothing else of them: the leaves that close its lines
/// read what they need themselves (Benson's chains and regions, an eye
/// shape's enclosure, the escaping chain through the play that reaches
/// the liberty), and a target stone off the zone, or a target chain
/// reaching a permanent liberty there, can only help it.
pub(crate) fn base(pos: &Position, ctx: &Ctx, goal: Side) -> Zone {
    if weak() {
        return 0;
    }
    if goal == Side::Defender {
        if weak_life() >= 3 {
            return 0;
        }
        let defender = ctx.attacker.opponent();
        let mut z = 0;
        for &t in &ctx.target_list {
            if pos.color_at(t) == Some(defender) && z & bit(ctx, t) == 0 {
                for st in pos.chain_stones(t).iter() {
                    z |= bit(ctx, st);
                }
            }
        }
        return z;
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

/// The closure of a null move's zone `z` in the proofs of the defender's
/// goal, where the plays left out are the attacker's: with every defender
/// chain that has a stone on `z`, its stones and one liberty on `z` (or,
/// with none there, all its neighbours). In a state agreeing on the
/// closure, an attacker's play off `z` cannot capture such a chain: the
/// chain holding those stones keeps that liberty, not the play's point
/// (or is the same chain with the same liberties, none of them off `z`
/// but the ones the state shares). So the play changes nothing on `z`.
pub(crate) fn close_defender(pos: &Position, ctx: &Ctx, z: Zone) -> Zone {
    if weak() {
        return z;
    }
    let g = pos.graph();
    let def = ctx.attacker.opponent();
    let mut out = z;
    let mut done: Zone = 0;
    for (i, &v) in ctx.region_list.iter().enumerate().take(128) {
        let b = 1u128 << i;
        if z & b == 0 || done & b != 0 || pos.color_at(v) != Some(def) {
            continue;
        }
        let mut lib_on_z = false;
        for st in pos.chain_stones(v).iter() {
            done |= bit(ctx, st);
            out |= bit(ctx, st);
            if !lib_on_z {
                lib_on_z = g
                    .neighbors(st)
                    .iter()
                    .any(|&e| pos.color_at(e).is_none() && z & bit(ctx, e) != 0);
            }
        }
        if !lib_on_z {
            out |= chain(pos, ctx, v);
        }
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
///
/// For a verdict the defender wins (`winner`), the target points are not
/// read (a defender stone elsewhere only helps it; see [`base`]): the
/// flood from its target stones is enough.
pub(crate) fn enclosure(pos: &Position, ctx: &Ctx, from_all_targets: bool, winner: Side) -> Zone {
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
    let mut z = if winner == Side::Defender {
        0
    } else {
        ctx.zone_targets
    };
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

/// What Benson's verdict (an alive target chain; `crate::benson`) reads:
/// the chains and regions of one self-consistent part of Benson's alive
/// set — the part connected to an alive target chain through the alive
/// regions around it — as the chains' stones with their neighbours and the
/// regions' points (on the region; the points off it are the same in
/// every state of a search); [`ALL`] if no target chain is alive.
///
/// Sound: let `X` be those chains and `R` those regions (components of
/// the points not holding a defender stone). Each chain of `X` has two
/// regions of `R` vital to it (each empty point of the region is a
/// liberty of the chain), and every chain next to a region of `R` is in
/// `X` (the elimination drops a region touching a dropped chain). A state
/// agreeing on the zone has the same chains `X` (their stones and every
/// neighbour agree, so no chain grows), the same regions `R` (their
/// points agree, and every neighbour of a region is a stone of `X`) with
/// the same empty points, so the same vital relations: `(X, R)` survives
/// Benson's elimination there too (the elimination keeps every such
/// self-consistent set, it drops only chains with fewer than two vital
/// regions left), and the target chain of `X` is alive there. Whether the
/// test applies (the attacker to move, not free to tenuki by the seed's
/// rules) is the state's fields, which the zone's states share.
pub(crate) fn benson(pos: &Position, ctx: &Ctx) -> Zone {
    if weak() || weak_life() >= 3 {
        return 0;
    }
    let g = pos.graph();
    let n = g.len();
    let def = ctx.attacker.opponent();
    const NONE: u32 = u32::MAX;
    // Chains of the defender by index, and regions (components of the
    // other points) by index.
    let mut chain_of = vec![NONE; n];
    let mut chains: Vec<Vec<Vertex>> = Vec::new();
    let mut region_of = vec![NONE; n];
    let mut regions: Vec<Vec<Vertex>> = Vec::new();
    for v in g.vertices() {
        let i = v.index();
        if pos.color_at(v) == Some(def) {
            if chain_of[i] == NONE {
                let k = chains.len() as u32;
                let stones: Vec<Vertex> = pos.chain_stones(v).iter().collect();
                for s in &stones {
                    chain_of[s.index()] = k;
                }
                chains.push(stones);
            }
        } else if region_of[i] == NONE {
            let k = regions.len() as u32;
            let mut pts = vec![v];
            region_of[i] = k;
            let mut j = 0;
            while j < pts.len() {
                let p = pts[j];
                j += 1;
                for &u in g.neighbors(p) {
                    if pos.color_at(u) != Some(def) && region_of[u.index()] == NONE {
                        region_of[u.index()] = k;
                        pts.push(u);
                    }
                }
            }
            regions.push(pts);
        }
    }
    let (nc, nr) = (chains.len(), regions.len());
    // Around each region: the chains next to it; of them, those it is
    // vital to.
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); nr];
    let mut vital: Vec<Vec<u32>> = vec![Vec::new(); nr];
    for (r, pts) in regions.iter().enumerate() {
        for &p in pts {
            for &u in g.neighbors(p) {
                let c = chain_of[u.index()];
                if c != NONE && !around[r].contains(&c) {
                    around[r].push(c);
                }
            }
        }
        for &c in &around[r] {
            let all_libs = pts.iter().all(|&p| {
                pos.color_at(p).is_some()
                    || g.neighbors(p).iter().any(|&u| chain_of[u.index()] == c)
            });
            if all_libs {
                vital[r].push(c);
            }
        }
    }
    let mut chain_alive = vec![true; nc];
    let mut region_alive = vec![true; nr];
    loop {
        let mut count = vec![0u32; nc];
        for r in 0..nr {
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
        for r in 0..nr {
            if region_alive[r] && around[r].iter().any(|&c| !chain_alive[c as usize]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let Some(start) = ctx
        .target_list
        .iter()
        .map(|t| chain_of[t.index()])
        .find(|&c| c != NONE && chain_alive[c as usize])
    else {
        return ALL;
    };
    // The part of the alive set connected to it through alive regions.
    let mut in_chain = vec![false; nc];
    let mut in_region = vec![false; nr];
    in_chain[start as usize] = true;
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for r in 0..nr {
            if region_alive[r] && !in_region[r] && around[r].contains(&c) {
                in_region[r] = true;
                for &c2 in &around[r] {
                    if !in_chain[c2 as usize] {
                        in_chain[c2 as usize] = true;
                        stack.push(c2);
                    }
                }
            }
        }
    }
    let mut z = 0;
    for (c, stones) in chains.iter().enumerate() {
        if in_chain[c] {
            for &s in stones {
                z |= bit(ctx, s);
            }
        }
    }
    if weak_life() != 1 {
        for (r, pts) in regions.iter().enumerate() {
            if in_region[r] {
                for &p in pts {
                    z |= bit(ctx, p);
                }
            }
        }
    }
    z
}
