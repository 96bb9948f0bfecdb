//! Static safety by miai connections (issue 19): Benson's unconditional
//! life, with defender chains joined by *miai pairs* into virtual chains —
//! after Müller 1997, "Playing it safe: recognizing secure territories in
//! computer Go by using static rules and search" (safety under
//! alternating play: the defender answers the attacker's move).
//!
//! A *miai pair* is two empty region points `p`, `q` each next to the same
//! two (or more) defender chains; pairs are disjoint. The chains a pair
//! joins, and the pairs' joins taken transitively, make a *virtual chain*
//! `V`. *Regions* are the connected components of the points that hold no
//! defender stone and are no pair point. A region `R` is *vital* to `V`
//! when every point of `R` lies in the region in play, every neighbour of
//! `R` outside it is a stone of a chain still in the set `X` (no pair
//! point, no chain dropped), and every empty point of `R` is a liberty of a
//! chain of `V`. As in Benson's test, the virtual chains with fewer than
//! two vital regions are dropped until none is; the defender is *safe*
//! when a chain of a virtual chain left holds a target point.
//!
//! # Why it is sound (the seed's rules and the book regime)
//!
//! The defender's strategy: pass (tenuki), except when the attacker plays
//! one point of a pair whose other point is still empty — then it plays
//! that other point. Under it no chain of `X` is ever captured:
//!
//! - A current chain `c` of the defender that holds a chain of `X` either
//!   holds every chain of its virtual chain `V` (every pair of `V` answered)
//!   or is next to both points of an untouched pair of `V` (the pair that
//!   joins it to the rest): then it has two liberties, and the attacker's
//!   one move cannot capture it; if that move is on the pair, the answer
//!   joins `c` to the rest at once. The answer is legal: the chain it makes
//!   either has an untouched pair's two points as liberties or holds all of
//!   `V` and so the empty points of `V`'s vital regions, which are never
//!   all filled (below). It is never a ko point (those are points where a
//!   defender stone was captured, and a pair point was empty until its
//!   answer, whose stone is never captured) and it makes no ko (its stone
//!   joins chains of `X`, never a lone stone).
//! - Take the first attacker move `m` that captures a chain of `X`, say
//!   `c`. By the above `c` holds all of some `V`, so every empty point of
//!   `V`'s two vital regions is a liberty of `c`: before `m` they held at
//!   most one empty point together, so one vital region `R` had none. The
//!   defender never plays in or beside a vital region (its answers are
//!   pair points, never beside one), so `R` was filled by attacker stones;
//!   the attacker chain that filled its last empty point lies in `R` (`R`
//!   is bounded by stones of `X`), had no liberty, and so captured a chain
//!   of `X` — at a move before `m`, or at `m` itself with the other region
//!   already full, which was filled earlier. Either way a capture before
//!   `m`: a contradiction.
//!
//! So a target point keeps a defender stone. The defender's stones are
//! never captured in `X` and the defender plays at most one stone a pair;
//! between two answers the attacker's stones only grow (the defender only
//! passes; an attacker move captures defender stones only). So no state
//! repeats (no cycle, no tempo to count), the attacker never gets a ko ban
//! (the defender makes no ko), so by the seed's rules it may never tenuki
//! and the defender may always pass after its move; in the book regime the
//! defender answers an attacker's pass with its own (which ends them), and
//! the game runs out with the attacker out of moves. Threats, the N model
//! and the threat counts do not enter (no ko arises).
//!
//! The caller's conditions: no simple-ko point and no ban on the board, no
//! exit points (`ProblemSpec::exits`: the defender may not play on them
//! freely, and an answer could be one); at
//! the defender's turn, it may tenuki now; at the attacker's, the seed's
//! rules do not let it tenuki (Benson's own guard); not the seki test
//! (two passes end that game, and it asks for unconditional life, which
//! the pairs are not). With no pairs this is Benson's test; [`safe`]
//! asks it only where a pair may be found (Benson's own test is the
//! search's). Checked against the search without it: `tests/safety.rs`.

use miai_goban::{Position, Vertex};

use crate::side::Side;
use crate::state::{Ctx, State};

/// No index.
const NONE: usize = usize::MAX;

/// Whether the state's turn lets the strategy of the module's argument
/// start: no ko on the board, not the seki test, and the defender free to
/// pass now (its turn) or the attacker not free to (its turn).
pub(crate) fn applies(s: &State, ctx: &Ctx) -> bool {
    // With exit points the defender may not play everywhere (an exit only
    // to escape or capture), and a pair point's answer could be one.
    if ctx.free_pass
        || ctx.any_exit
        || s.pos.ko_point().is_some()
        || s.bans.iter().any(Option::is_some)
    {
        return false;
    }
    match s.mover(ctx) {
        Side::Defender => s.may_tenuki(ctx, false),
        Side::Attacker => !s.may_tenuki_seed(ctx, false),
    }
}

/// Whether the defender is safe in `pos` (see the module's documentation)
/// by a test with miai pairs: `false` at once where the bounded look of
/// `may_pair` finds no two empty points sharing two defender chains (then
/// the test is Benson's, which the search asks itself, a move later at the
/// defender's turn: measured to gain nothing there, and not worth its cost
/// at every node).
pub(crate) fn safe(pos: &Position, ctx: &Ctx) -> bool {
    may_pair(pos, ctx) && safe_with(pos, ctx, true)
}

/// Whether two empty region points are each next to the same two
/// defender chains (a possible miai pair): a cheap, bounded look at the
/// chain heads around each empty point, no allocation (it keeps the first
/// 32 pairs of heads it sees, so with more it can miss a pair: a missed
/// pair only leaves the node to the search).
fn may_pair(pos: &Position, ctx: &Ctx) -> bool {
    let def = ctx.attacker.opponent();
    let g = pos.graph();
    // Pairs of chain heads (in order) next to an empty point, as seen.
    let mut seen = [(0usize, 0usize); 32];
    let mut n = 0;
    for &v in &ctx.region_list {
        if pos.color_at(v).is_some() {
            continue;
        }
        let mut heads: [Option<Vertex>; 4] = [None; 4];
        let mut k = 0;
        for &u in g.neighbors(v) {
            if pos.color_at(u) == Some(def) {
                let h = pos.chain_head(u);
                if !heads[..k].contains(&h) && k < 4 {
                    heads[k] = h;
                    k += 1;
                }
            }
        }
        for i in 0..k {
            for j in i + 1..k {
                let (Some(a), Some(b)) = (heads[i], heads[j]) else {
                    continue;
                };
                let p = (a.index().min(b.index()), a.index().max(b.index()));
                if seen[..n].contains(&p) {
                    return true;
                }
                if n < seen.len() {
                    seen[n] = p;
                    n += 1;
                }
            }
        }
    }
    false
}

/// The buffers of the test, kept per thread (it runs at many nodes).
#[derive(Default)]
struct Scratch {
    chain_of: Vec<usize>,
    heads: Vec<Vertex>,
    pair_point: Vec<bool>,
    cand: Vec<(Vertex, u64)>,
    used: Vec<bool>,
    region_of: Vec<usize>,
    stack: Vec<Vertex>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// The test with (`pairs`) or without miai pairs.
pub(crate) fn safe_with(pos: &Position, ctx: &Ctx, pairs: bool) -> bool {
    SCRATCH.with(|sc| safe_in(pos, ctx, pairs, &mut sc.borrow_mut()))
}

fn safe_in(pos: &Position, ctx: &Ctx, pairs: bool, sc: &mut Scratch) -> bool {
    let def = ctx.attacker.opponent();
    let g = pos.graph();
    let n = g.len();
    let Scratch {
        chain_of,
        heads,
        pair_point,
        cand,
        used,
        region_of,
        stack,
    } = sc;
    // Defender chains: index of each stone's chain.
    chain_of.clear();
    chain_of.resize(n, NONE);
    heads.clear();
    for v in g.vertices() {
        if pos.color_at(v) == Some(def) && chain_of[v.index()] == NONE {
            let k = heads.len();
            heads.push(v);
            for s in pos.chain_stones(v).iter() {
                chain_of[s.index()] = k;
            }
        }
    }
    let nc = heads.len();
    if nc == 0 || nc > 64 {
        return false;
    }
    // A target point must hold a defender stone.
    if !ctx
        .target_list
        .iter()
        .any(|&t| pos.color_at(t) == Some(def))
    {
        return false;
    }
    // The chains next to each empty point, as a mask.
    let adj = |v: Vertex| -> u64 {
        g.neighbors(v)
            .iter()
            .filter(|u| chain_of[u.index()] != NONE)
            .fold(0u64, |m, u| m | 1 << chain_of[u.index()])
    };
    // Virtual chains: a union-find over the chains, joined by pairs.
    let mut parent: Vec<usize> = (0..nc).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    pair_point.clear();
    pair_point.resize(n, false);
    if pairs {
        // Candidates: empty region points next to two or more chains, and
        // next to something other than the defender's stones (a point all
        // of whose neighbours are defender stones is an eye, better left
        // to the regions).
        cand.clear();
        for &v in &ctx.region_list {
            if pos.color_at(v).is_some() {
                continue;
            }
            let m = adj(v);
            if m.count_ones() < 2 {
                continue;
            }
            if g.neighbors(v).iter().all(|u| pos.color_at(*u) == Some(def)) {
                continue;
            }
            cand.push((v, m));
        }
        // Pairs, greedily: two unused candidates sharing two chains whose
        // virtual chains differ.
        used.clear();
        used.resize(cand.len(), false);
        for i in 0..cand.len() {
            if used[i] {
                continue;
            }
            for j in i + 1..cand.len() {
                if used[j] {
                    continue;
                }
                let common = cand[i].1 & cand[j].1;
                if common.count_ones() < 2 {
                    continue;
                }
                // Join every chain of `common` (each is next to both).
                let mut bits = common;
                let first = bits.trailing_zeros() as usize;
                let mut joined = false;
                bits &= bits - 1;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let (a, b) = (find(&mut parent, first), find(&mut parent, k));
                    if a != b {
                        parent[a] = b;
                        joined = true;
                    }
                }
                if joined {
                    used[i] = true;
                    used[j] = true;
                    pair_point[cand[i].0.index()] = true;
                    pair_point[cand[j].0.index()] = true;
                    break;
                }
            }
        }
    }
    let root: Vec<usize> = (0..nc).map(|k| find(&mut parent, k)).collect();
    // Regions: components of the points holding no defender stone and no
    // pair point; per region, whether all of it is in play, the chains
    // around it (a mask), whether a pair point is beside it, and the
    // virtual chains every empty point of it is next to.
    region_of.clear();
    region_of.resize(n, NONE);
    struct Region {
        in_play: bool,
        around: u64,
        beside_pair: bool,
        has_empty: bool,
        /// Virtual chains (by root, as a chain mask) next to every empty
        /// point.
        vital_to: u64,
    }
    let vmask = |m: u64| -> u64 {
        let mut out = 0u64;
        let mut b = m;
        while b != 0 {
            let k = b.trailing_zeros() as usize;
            b &= b - 1;
            out |= 1 << root[k];
        }
        out
    };
    let mut regions: Vec<Region> = Vec::new();
    stack.clear();
    // (Flooded from the region's points only, never onto a point off it:
    // a region beside one is no vital region. Such a point is not marked
    // as seen either, so every region beside it learns that it is.)
    for &v in &ctx.region_list {
        let i = v.index();
        if chain_of[i] != NONE || pair_point[i] || region_of[i] != NONE {
            continue;
        }
        let r = regions.len();
        let mut reg = Region {
            in_play: true,
            around: 0,
            beside_pair: false,
            has_empty: false,
            vital_to: u64::MAX,
        };
        region_of[i] = r;
        stack.push(v);
        while let Some(p) = stack.pop() {
            if pos.color_at(p).is_none() {
                reg.has_empty = true;
                reg.vital_to &= vmask(adj(p));
            }
            for &u in g.neighbors(p) {
                let k = u.index();
                if chain_of[k] != NONE {
                    reg.around |= 1 << chain_of[k];
                } else if !ctx.region.contains(u) {
                    reg.in_play = false;
                } else if pair_point[k] {
                    reg.beside_pair = true;
                } else if region_of[k] == NONE {
                    region_of[k] = r;
                    stack.push(u);
                }
            }
        }
        if reg.in_play && reg.has_empty && !reg.beside_pair {
            regions.push(reg);
        }
    }
    // Two vital regions at least.
    if regions.len() < 2 {
        return false;
    }
    // Benson's elimination over the virtual chains.
    let mut alive: u64 = (0..nc).fold(0, |m, k| m | 1 << k);
    loop {
        let mut count = [0u8; 64];
        for reg in &regions {
            if reg.around & !alive != 0 {
                continue;
            }
            let mut b = reg.vital_to & vmask(alive);
            while b != 0 {
                let k = b.trailing_zeros() as usize;
                b &= b - 1;
                count[k] = count[k].saturating_add(1);
            }
        }
        let mut dropped = false;
        for k in 0..nc {
            if alive & (1 << k) != 0 && count[root[k]] < 2 {
                alive &= !(1 << k);
                dropped = true;
            }
        }
        if !dropped {
            break;
        }
        if alive == 0 {
            return false;
        }
    }
    ctx.target_list.iter().any(|&t| {
        let k = chain_of[t.index()];
        k != NONE && alive & (1 << k) != 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Problem, file};
    use crate::regime::Regime;
    use crate::state::{Ctx, State};

    /// The start state of a problem file (White defends), `first` to move.
    fn posed(text: &str, first: Side) -> (State, Ctx) {
        let f = file::parse(text).expect("parses");
        let problem = Problem::new(f.spec).expect("poses");
        let ctx = Ctx::new(&problem, Regime::SEED, None);
        let s = State::start(&problem, &ctx, first);
        (s, ctx)
    }

    /// Two White chains, each with a one-point eye, joined by two empty
    /// points (C19, C18) each next to both: miai.
    const MIAI: &str = "attacker: black\ndiagram:\n\
        ┌○┬○┬○●┬\n\
        ○○┼○○○●┼\n\
        ○○●○○○●┼\n\
        ●●●●●●●┼\n\
        ├┼┼┼┼┼┼┼\n";

    #[test]
    fn two_chains_joined_by_a_miai_pair_are_safe_benson_alone_is_not() {
        for first in [Side::Attacker, Side::Defender] {
            let (s, ctx) = posed(MIAI, first);
            assert!(safe_with(&s.pos, &ctx, true), "{first} first");
            assert!(!safe_with(&s.pos, &ctx, false), "{first} first");
            assert!(!crate::benson::alive_in(
                &s.pos,
                ctx.attacker.opponent(),
                &ctx.targets
            ));
            assert!(applies(&s, &ctx), "{first} first");
        }
    }

    /// One connection point taken (C19 Black's): no pair, no safety.
    #[test]
    fn one_connection_point_is_no_miai() {
        let text = "attacker: black\ndiagram:\n\
            ┌○●○┬○●┬\n\
            ○○┼○○○●┼\n\
            ○○●○○○●┼\n\
            ●●●●●●●┼\n\
            ├┼┼┼┼┼┼┼\n";
        let (s, ctx) = posed(text, Side::Attacker);
        assert!(!safe(&s.pos, &ctx));
    }

    /// One eye and a miai connection to a chain without an eye: one vital
    /// region, not safe.
    #[test]
    fn a_miai_pair_does_not_make_an_eye() {
        let text = "attacker: black\ndiagram:\n\
            ┌○┬○○○●┬\n\
            ○○┼○○○●┼\n\
            ○○●○○○●┼\n\
            ●●●●●●●┼\n\
            ├┼┼┼┼┼┼┼\n";
        let (s, ctx) = posed(text, Side::Attacker);
        assert!(!safe(&s.pos, &ctx));
    }

    /// The start of a position from rows ([`crate::problem::from_rows`]),
    /// `first` to move.
    fn posed_rows(rows: &[&str], first: Side) -> (State, Ctx) {
        let problem = crate::problem::from_rows(rows);
        let ctx = Ctx::new(&problem, Regime::SEED, None);
        let s = State::start(&problem, &ctx, first);
        (s, ctx)
    }

    /// Two regions beside one wall stone (C5 touches both B5 and C4): each
    /// is beside the wall, so neither is vital, and the two chains joined
    /// by the pair E4/E3 have one eye (G4) between them — Black fills C4
    /// from the wall and kills. (The flood once marked the wall stone as
    /// the first region's, and the second region, C4, then passed for a
    /// vital one: found in review.)
    #[test]
    fn a_region_beside_the_wall_is_not_vital_whichever_region_reaches_it_first() {
        let rows = [
            "+++++++++",
            "#########",
            "O.###OOOO",
            "OO.O.O.OO",
            "OOOO.OOOO",
            "#########",
            "+++++++++",
        ];
        for first in [Side::Attacker, Side::Defender] {
            let (s, ctx) = posed_rows(&rows, first);
            assert!(may_pair(&s.pos, &ctx), "{first} first: E4/E3 is a pair");
            assert!(!safe_with(&s.pos, &ctx, true), "{first} first");
            assert!(!safe(&s.pos, &ctx), "{first} first");
        }
    }

    /// No safety with exit points: the defender may not play on them
    /// freely (`Ctx::any_exit`).
    #[test]
    fn exits_turn_the_test_off() {
        let (s, mut ctx) = posed(MIAI, Side::Attacker);
        assert!(applies(&s, &ctx));
        ctx.any_exit = true;
        assert!(!applies(&s, &ctx));
    }

    /// One chain with two eyes (A19, and C19-C18): safe by the test at the
    /// defender's turn too, where the search asks Benson's test a move
    /// later; not where the defender may not tenuki.
    #[test]
    fn two_eyes_are_safe_at_the_defenders_turn() {
        let shared = "attacker: black\ndiagram:\n\
            ┌○┬○●┬\n\
            ○○┼○●┼\n\
            ●○○○●┼\n\
            ●●●●●┼\n\
            ├┼┼┼┼┼\n";
        let (s, ctx) = posed(shared, Side::Defender);
        // (One chain: no pair, so `safe` leaves it to Benson's test.)
        assert!(safe_with(&s.pos, &ctx, true));
        assert!(!safe(&s.pos, &ctx));
        assert!(applies(&s, &ctx));
        let (s, ctx) = posed(MIAI, Side::Defender);
        let mut t = s.clone();
        t.last_tenuki = Some(Side::Attacker);
        assert!(
            !applies(&t, &ctx),
            "the defender may not tenuki after the attacker's"
        );
    }
}
