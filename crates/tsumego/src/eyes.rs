//! Static eye-space knowledge (issue 19): a defender group whose whole fate
//! lies in one enclosed eye space is judged without search.
//!
//! The recogniser looks for the simplest settled shape, where a problem
//! book's reader stops reading:
//!
//! - the target stones are one chain `T`, all of whose liberties lie in
//!   one eye space enclosed by `T` alone (every neighbour of the space is
//!   in it or in `T`, and all of it lies in the region); the space is empty,
//!   or holds one attacker stone;
//! - every attacker chain next to `T` is safe (it has a permanent liberty
//!   outside the region) or lies inside the space, so `T` can gain no
//!   liberty by capturing the wall.
//!
//! Then only the eye space matters, and its shape — the graph its points
//! and their adjacencies make, which is what the solver board is — decides:
//!
//! | eye space | attacker to move | defender to move |
//! |---|---|---|
//! | one or two points, the square four (empty) | dead | dead |
//! | straight or bent three, pyramid four, crossed five, bulky five, rabbity six (the *killable* shapes), empty | dead (it plays the vital point) | alive (it plays it) |
//! | a killable shape with one attacker stone on its vital point | dead | dead |
//!
//! Everything else is left to the search. A verdict is used only where
//! nothing outside the eye space can change it: no ko ban or simple-ko
//! point on the board, and "alive" only where the defender is never forced
//! to fill its own space (at its turn when it may tenuki; the seki test).
//! The other shapes of four to six points, seven or more, and two separate
//! spaces are *not* called alive: with every liberty of `T` inside the
//! space, the shortage of liberties kills some of them in the corner (the
//! bent four, the rectangular six), as the cross-check showed. Every
//! verdict is checked against the plain search (the recogniser off) on
//! every eye space of up to six points in the corner and in the centre,
//! empty and with an attacker stone, a sample of seven-point ones, and the
//! repository's corpus (`tests/eyes.rs`): a proof stays a proof.

use miai_goban::{Color, Position, Vertex, VertexSet};

use crate::side::Side;
use crate::state::{Ctx, State};

/// The class of a position's enclosed eye space (see the module's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// Not a settled shape: the recogniser says nothing.
    Open,
    /// Dead whoever moves.
    Dead,
    /// Dead with the attacker to move, alive with the defender to move.
    Killable,
    /// Alive whoever moves.
    Alive,
}

/// The eye-space class of `pos` for the defender of `ctx` (board only:
/// ko bans are the caller's business).
pub(crate) fn classify(pos: &Position, ctx: &Ctx) -> Class {
    let def = ctx.attacker.opponent();
    let g = pos.graph();
    // One target chain.
    let mut head = None;
    for &t in &ctx.target_list {
        if pos.color_at(t) == Some(def) {
            let h = pos.chain_head(t);
            match head {
                None => head = Some(h),
                Some(x) if x == h => {}
                Some(_) => return Class::Open,
            }
        }
    }
    let Some(Some(head)) = head else {
        return Class::Open;
    };
    let chain = pos.chain_stones(head);
    // Its neighbours: liberties, and attacker chains, each safe (a
    // permanent liberty) or else inside the eye space (checked below).
    let mut libs = VertexSet::new();
    let mut checked = VertexSet::new();
    let mut unsafe_heads = VertexSet::new();
    for v in chain.iter() {
        for &u in g.neighbors(v) {
            match pos.color_at(u) {
                None => {
                    libs.insert(u);
                }
                Some(c) if c == def => {}
                Some(_) => {
                    let Some(h) = pos.chain_head(u) else {
                        return Class::Open;
                    };
                    if checked.insert(h) && !safe(pos, ctx, u) {
                        unsafe_heads.insert(h);
                    }
                }
            }
        }
    }
    // The eye spaces: components of empty points and unsafe attacker
    // stones, from the liberties, each enclosed by the chain alone and
    // inside the region.
    let mut seen = VertexSet::new();
    let mut components = 0;
    let mut space: Vec<Vertex> = Vec::new();
    let mut inside: Vec<Vertex> = Vec::new();
    for l in libs.iter() {
        if seen.contains(l) {
            continue;
        }
        components += 1;
        let start = space.len();
        space.push(l);
        seen.insert(l);
        let mut i = start;
        while i < space.len() {
            let v = space[i];
            i += 1;
            if !ctx.region.contains(v) {
                return Class::Open;
            }
            for &u in g.neighbors(v) {
                match pos.color_at(u) {
                    Some(c) if c == def => {
                        if !chain.contains(u) {
                            return Class::Open;
                        }
                    }
                    Some(_) => {
                        // An attacker stone inside: its chain must not be
                        // safe (then the space would touch the wall).
                        match pos.chain_head(u) {
                            Some(h) if !checked.contains(h) || unsafe_heads.contains(h) => {
                                if seen.insert(u) {
                                    space.push(u);
                                    inside.push(u);
                                }
                            }
                            _ => return Class::Open,
                        }
                    }
                    None => {
                        if seen.insert(u) {
                            space.push(u);
                        }
                    }
                }
            }
        }
    }
    // Every unsafe attacker chain next to the defender lies inside.
    if unsafe_heads.iter().any(|h| !seen.contains(h)) {
        return Class::Open;
    }
    match (components, inside.as_slice()) {
        (1, []) => shape(pos, &space),
        // One attacker stone on the vital point of a killable shape: the
        // placement is made, dead whoever moves.
        (1, [stone]) => match (shape(pos, &space), vital(pos, &space)) {
            (Class::Killable, Some(v)) if v == *stone => Class::Dead,
            _ => Class::Open,
        },
        _ => Class::Open,
    }
}

/// The vital point of a killable shape: its one point of the highest
/// degree (the middle of a three, the centre of a pyramid four or crossed
/// five, the square's corner the tail hangs on in a bulky five, the
/// square's corner with both tails in a rabbity six).
fn vital(pos: &Position, space: &[Vertex]) -> Option<Vertex> {
    let g = pos.graph();
    let set: VertexSet = space.iter().copied().collect();
    let deg = |v: Vertex| g.neighbors(v).iter().filter(|u| set.contains(**u)).count();
    let top = space.iter().map(|&v| deg(v)).max()?;
    let mut at = space.iter().filter(|&&v| deg(v) == top);
    let v = *at.next()?;
    at.next().is_none().then_some(v)
}

/// Whether the chain at `v` has a permanent liberty (an empty point
/// outside the region).
fn safe(pos: &Position, ctx: &Ctx, v: Vertex) -> bool {
    let g = pos.graph();
    pos.chain_iter(v).any(|s| {
        ctx.off_region_near.contains(s)
            && g.neighbors(s)
                .iter()
                .any(|&u| pos.color_at(u).is_none() && !ctx.region.contains(u))
    })
}

/// The class of one enclosed eye space by its graph (the points and their
/// adjacencies).
fn shape(pos: &Position, space: &[Vertex]) -> Class {
    let n = space.len();
    if n >= 7 {
        return Class::Alive;
    }
    if n <= 2 {
        return Class::Dead;
    }
    let g = pos.graph();
    let set: VertexSet = space.iter().copied().collect();
    let mut deg = [0usize; 6];
    for (i, &v) in space.iter().enumerate() {
        deg[i] = g.neighbors(v).iter().filter(|u| set.contains(**u)).count();
    }
    let deg = &deg[..n];
    let edges: usize = deg.iter().sum::<usize>() / 2;
    let count = |k: usize| deg.iter().filter(|&&d| d == k).count();
    match n {
        // A path (straight or bent three); a triangle is no grid shape.
        3 if edges == 2 => Class::Killable,
        // Square four: a cycle; pyramid four: a star.
        4 if edges == 4 && count(2) == 4 => Class::Dead,
        4 if edges == 3 && count(3) == 1 => Class::Killable,
        4 if edges == 3 => Class::Alive,
        // Crossed five (a star) and bulky five (a square with a tail).
        5 if edges == 4 && count(4) == 1 => Class::Killable,
        5 if edges == 5 && count(3) == 1 && count(1) == 1 && count(2) == 3 => {
            // The tail hangs on a corner of the square (any 5-point graph
            // with one cycle of four and one leaf is that shape).
            Class::Killable
        }
        5 if edges == 4 => Class::Alive,
        // Rabbity six: a square with two tails on one corner (that corner
        // of degree 4).
        6 if edges == 6 && count(4) == 1 && count(1) == 2 && count(2) == 3 => Class::Killable,
        6 if (edges == 5) || (edges == 6 && count(4) == 0) || edges == 7 => Class::Alive,
        _ => Class::Open,
    }
}

/// The static verdict at `s` (to move there), or `None`: the winner when
/// the recogniser's conditions hold (see the module's documentation).
pub(crate) fn verdict(s: &State, ctx: &Ctx, class: Class) -> Option<Side> {
    if class == Class::Open || s.pos.ko_point().is_some() || s.bans.iter().any(Option::is_some) {
        return None;
    }
    let mover = s.mover(ctx);
    let dead = match (class, mover) {
        (Class::Dead, _) | (Class::Killable, Side::Attacker) => true,
        (Class::Killable, Side::Defender) => false,
        // Not used: with every liberty of the chain inside the space, the
        // shortage of liberties kills some of these shapes in the corner
        // (the bent four, the rectangular six), as the cross-check showed.
        (Class::Alive, _) | (Class::Open, _) => return None,
    };
    if dead {
        return Some(Side::Attacker);
    }
    quiet(s, ctx).then_some(Side::Defender)
}

/// Whether the defender is never forced to fill its own eye space from
/// `s` on: at its turn when it may tenuki, at the attacker's when the
/// attacker may not (or in the seki test, where both may pass).
pub(crate) fn quiet(s: &State, ctx: &Ctx) -> bool {
    match s.mover(ctx) {
        Side::Attacker => s.benson_applies(ctx),
        Side::Defender => ctx.free_pass || s.last_tenuki != Some(Side::Attacker),
    }
}

/// Whether the defender is dead by want of room (issue 19): the points it
/// may ever hold — its *area*, the region's points reached from the
/// target points without crossing a safe attacker stone (one with a
/// permanent liberty, or of a chain with two solid eyes: empty points
/// whose every neighbour is a stone of that chain; the defender can never
/// play on them, both being liberties of the chain, so they are no part of
/// the area, and the chain keeps them as long as the attacker does not
/// fill them, which the argument below never does) — hold no attacker
/// stone (or, with `Ctx::eye_room_connect`, only unsafe chains the
/// attacker can join to its safe stones: *Joining* below), touch nothing
/// outside but safe attacker stones (no permanent
/// liberty, no friendly stone beyond), and the *inner* points (those with
/// no safe attacker stone beside them) are at most one, or, with
/// `Ctx::eye_room_pair`, two points `p` and `q` next to each other, each
/// with a neighbour besides the other.
///
/// Then the attacker kills, whoever moves and in every regime of the
/// seed's rules, threats or none. The argument reads *S*, the safe
/// attacker stones, and *I*, the inner points; S only grows and I only
/// shrinks along it.
///
/// - *Filling.* The attacker fills the area's empty points beside its
///   safe stones that have a neighbour outside S, one by one: each such
///   stone joins a safe chain, so it is never suicide, never captured,
///   never a ko (its chain has two stones or more), and never repeats a
///   state (S only grows); it is never banned either, as a ban needs a
///   ko the defender took, and the defender can take nothing: no attacker
///   stone it can capture stands in the area. The defender can never make
///   two eyes (an eye touches no safe attacker stone). When no such point
///   is left at the attacker's turn, every defender chain has its
///   liberties in I, and every neighbour of an empty inner point is in I
///   or a defender stone (an empty neighbour outside I would be beside S
///   and fillable).
/// - *One inner point* (`no_room`'s first form): every defender chain has
///   that point as its only liberty; the attacker plays there, capturing
///   them all.
/// - *Two, p and q*: if one is filled, the other is every chain's only
///   liberty, as above. If both are empty, every chain's liberties are
///   `{p}`, `{q}` or both. If no chain has `p` alone, the attacker plays
///   `p` (its one liberty `q`): if the defender takes it at `q`, its stone
///   there joins a chain beside `q` (two stones or more, no ko) whose only
///   liberty is then `p`, with every defender stone in it, and the
///   attacker takes them all at `p`; otherwise the attacker plays `q`,
///   every chain's only liberty, taking them all. The same with `p` and
///   `q` swapped. If chains with `p` alone (`X`) and with `q` alone both
///   exist, the attacker plays `p`, taking `X`; X's neighbours were X, `p`
///   and S only, so its points are fillable, and the stone at `p` has
///   liberties `q` and X's points beside `p` (two or more: no ko). If one
///   of these is still empty after the defender's move (it could take
///   nothing), the attacker fills it: `p` joins S, I is empty, and the
///   filling above ends it. Else X touched `p` at one point `v`, the
///   defender played there (a stone with a liberty in X's points), and
///   every other chain's only liberty is `q`: the attacker plays `q`,
///   taking every chain but the stone at `v` (its stones `p` and `q` a
///   chain of two, no ko). The defender then takes that chain at its last
///   liberty (two stones, no ko: back to two empty inner points, S the
///   same, and a fillable point of X left beside `v`, so the next
///   attacker move grows S), or the attacker fills a liberty of it next
///   and I is empty.
///
/// - *Joining* (`Ctx::eye_room_connect`): the area may also hold the
///   attacker's unsafe chains (its placements; the area then grows
///   through them), when each such chain `U` has two or more *joining
///   points* of its own: empty points beside a stone of `U` and beside a
///   safe attacker stone, and beside no other unsafe chain (a point
///   beside two counts for neither). The inner points are then the
///   area's points other than attacker stones with no attacker stone,
///   safe or not, beside them. The attacker first joins every such chain
///   to its safe stones: at its turn it plays a joining point of a chain
///   not yet joined — of the chain on one of whose joining points the
///   defender has just played, if any; its other joining points are
///   still empty, as every earlier defender move on a joining point was
///   answered at once and a point joins one chain only. The joining stone
///   makes one chain with `U` and a safe chain (safe: the permanent
///   liberty or the two solid eyes stay), so it is never suicide, never
///   captured, never a ko, and S grows with every such move (no state
///   repeats; and no earlier board comes back, as it would have held the
///   joining stone in a safe chain, which no capture removes). The
///   defender can take no attacker stone in the area meanwhile: an
///   unjoined chain has its two joining points as liberties, and one
///   move fills one of them at most. When every chain is joined, the
///   area (now bounded by safe stones alone, and only smaller) holds no
///   unsafe attacker stone, and its inner points are among the ones
///   counted (S only grew): the cases above finish, whoever is to move.
///   Checked against the search without it: `tests/eyes.rs`; it fails
///   when one joining point is taken as enough (a random corner
///   position, attacker first, seed N = 0: dead against seki).
///
/// No ko arises in the area (every capture there takes two stones or
/// more, is made by a chain of two stones or more, or leaves the capturing
/// stone two liberties), so the ko rules, bans and threats never matter
/// (the defender's plays beyond the safe stones change nothing inside,
/// and a ko there bans no point of the area); the attacker never passes;
/// and no state repeats: S grows between two visits to the two-point
/// case, whose few moves change the board each time. Used only with no ko
/// on the board (the caller's condition). Checked against the search
/// without it: `tests/eyes.rs`. (The search asks [`room`], which also
/// answers for the attacker to move; this is its answer for either side.)
///
/// The code (made cheaper in the eighteenth session, the same answer on
/// every board: checked against the seventeenth session's code kept in
/// the tests, `the_cheaper_room_test_agrees_with_the_reference`): every
/// way out but the last is a no, so the cheap ones come first; an unsafe
/// chain enters the area whole when the walk first meets it, its own
/// joining points counted then (a point beside another unsafe chain is
/// one the walk would put in the area too, with that chain); the chains'
/// safety is kept by chain head for the one board, and the permanent
/// liberties are looked for only at stones beside a point off the region.
#[cfg(test)]
pub(crate) fn no_room(pos: &Position, ctx: &Ctx) -> bool {
    room(pos, ctx) == Room::Dead
}

/// The room test's answer on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Room {
    /// Not shown dead.
    Open,
    /// Dead whoever moves ([`no_room`]).
    Dead,
    /// Dead with the attacker to move (`Ctx::eye_room_join_one`: one
    /// unsafe chain has one joining point, which the attacker plays).
    DeadAttackerFirst,
}

/// The room test ([`no_room`]) with, where `Ctx::eye_room_join_one`
/// allows it, its answer for the attacker to move.
///
/// *One joining point* (`Ctx::eye_room_join_one`): at the attacker's
/// turn, one of the unsafe chains in the area, `U`, may have a single
/// joining point `j` (the others two or more, as the joining asks), when
/// a stone on `j` takes no defender stone (no defender chain beside `j`
/// has `j` as its one liberty). The attacker plays `j`: empty, beside a
/// safe stone, whose chain it joins (never suicide: the permanent liberty
/// or the two solid eyes stay, as `j` is beside `U` and so no solid eye),
/// no ko on the board (the caller's condition), nothing taken (no ko
/// made, no defender point freed); `U` is then safe, and no earlier board
/// comes back (it would hold `j`'s stone in a safe chain, which nothing
/// removes). On the board after it, with the defender to move, the room
/// test holds: the area is only smaller (the walk no longer passes
/// through `U`), so it touches nothing new; the inner points are among
/// the ones counted (one attacker stone more); every other unsafe chain
/// keeps its joining points (`j` was beside `U`, so none of theirs, and
/// a point shared with `U` becomes one of their own). So the attacker
/// kills, by the arguments above. Checked against the search without it:
/// `tests/eyes.rs`.
///
/// *A captured placement* (`Ctx::eye_room_capture`, with the pair and the
/// joining; whoever moves): the area may also hold one unsafe chain `P`
/// the joining cannot take (fewer joining points; no chain with one
/// joining point beside it), when (`captured_pair`) `P` is a lone stone
/// `b` in atari, its liberty `c`; every neighbour of `c` but `b` is a
/// defender stone; every neighbour of `b` but `c` (a defender stone) has
/// another attacker stone beside it; and with `b` counted as a wall no
/// point of the area is inner. `c` is beside no safe stone (it would be a
/// joining point), so with `b`'s stone taken away the inner points,
/// counted with S and the joinable chains as walls, are `b` and `c`
/// alone, next to each other (each has another neighbour on a grid);
/// and that stays so, as S only grows. The attacker plays the joining and
/// the filling, never `c`. No defender chain beside `c` is taken
/// meanwhile (`c` is its liberty), so `c` keeps a defender stone beside
/// it.
///
/// - If the defender plays `c` while `b` is in atari, it takes `b`: one
///   stone, by a stone that joins a defender chain (two stones or more:
///   no ko, no ban). The inner points are then `b` and `c`, the pair, and
///   every unsafe chain left is joinable as before (`b` and `c` were
///   beside none): the room test holds, and its argument finishes with
///   the attacker to move.
/// - If a filling or joining move takes a defender chain beside `b`, the
///   freed points beside `b` each have another attacker stone beside them
///   (safe, or of a joinable chain). If the defender fills one, `b` is in
///   atari at `c` again and every condition above holds again; else the
///   attacker plays one at its turn: the stone joins `b` to S or to a
///   joinable chain (whose joining points it keeps: none is beside `b`),
///   after which no placement is unjoinable and the joining's room test
///   holds (no inner point: `c` is beside the joined `b`). If the defender
///   plays `c` meanwhile it takes nothing (`b` keeps the freed point), and
///   the attacker plays the freed point the same way.
/// - Else, when every joinable chain is joined and no point is left to
///   fill, every empty point of the area but `c` is gone (each was beside
///   S, or beside `b` only — `c` alone, the freed points above being
///   played), so every defender chain's only liberty is `c`: the attacker
///   plays `c`, taking them all (its stone joins `b`: no ko).
///
/// No earlier board comes back: S grows with every attacker move but the
/// last, and after the defender's capture at `c` every board has a
/// defender stone at `c` or none beside it, where every earlier one had
/// `c` empty with defender stones beside it. Checked against the search
/// without it: `tests/eyes.rs` (`no_room_capture_agrees_with_the_search_without_it`);
/// it fails when `P` may be more than one stone (a corpus seki called
/// dead). Measured: it fires rarely (docs/tsumego.md, nineteenth session).
pub(crate) fn room(pos: &Position, ctx: &Ctx) -> Room {
    ROOM_STACK.with(|stack| no_room_in(pos, ctx, &mut stack.borrow_mut()))
}

thread_local! {
    /// [`no_room`]'s walk, kept per thread (it runs at most nodes).
    static ROOM_STACK: std::cell::RefCell<Vec<Vertex>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The attacker chains' safety as [`no_room`] reads it (a permanent
/// liberty, or two solid eyes), for one board: the first few chains'
/// answers kept by chain head, the others computed again when asked.
struct SafeHeads {
    known: [(Option<Vertex>, bool); 16],
    n: usize,
}

impl SafeHeads {
    fn new() -> SafeHeads {
        SafeHeads {
            known: [(None, false); 16],
            n: 0,
        }
    }

    /// Whether the chain at `v` is safe (`false` on an empty point).
    #[inline]
    fn is_safe(&mut self, pos: &Position, ctx: &Ctx, v: Vertex) -> bool {
        let Some(h) = pos.chain_head(v) else {
            return false;
        };
        if let Some(&(_, s)) = self.known[..self.n].iter().find(|k| k.0 == Some(h)) {
            return s;
        }
        let s = safe(pos, ctx, h) || two_solid_eyes(pos, h);
        if self.n < self.known.len() {
            self.known[self.n] = (Some(h), s);
            self.n += 1;
        }
        s
    }
}

/// [`no_room`] with its walk's stack. Every way out but the last is a
/// no, so the tests are made in the order cheapest first: a no found
/// earlier is the same no.
fn no_room_in(pos: &Position, ctx: &Ctx, stack: &mut Vec<Vertex>) -> Room {
    let att = ctx.attacker;
    let g = pos.graph();
    let connect = ctx.eye_room_connect;
    let most = if ctx.eye_room_pair { 2 } else { 1 };
    // A quick no: an empty point of the region beside a defender stone on
    // a target point, with no attacker stone beside it, is an inner point
    // (the walk below reaches it from that target point and counts it);
    // more than `most` of them, and the answer is no without the walk and
    // the safety tests of the attacker's chains.
    let def = att.opponent();
    let mut quick: [Option<Vertex>; 2] = [None; 2];
    let mut n_quick = 0;
    for &t in &ctx.target_list {
        if pos.color_at(t) != Some(def) {
            continue;
        }
        for &u in g.neighbors(t) {
            if pos.color_at(u).is_none()
                && ctx.region.contains(u)
                && !quick[..n_quick].contains(&Some(u))
                && !g.neighbors(u).iter().any(|&w| pos.color_at(w) == Some(att))
            {
                if n_quick == most {
                    return Room::Open;
                }
                quick[n_quick] = Some(u);
                n_quick += 1;
            }
        }
    }
    let mut safe_heads = SafeHeads::new();
    let mut area = VertexSet::new();
    stack.clear();
    // An unsafe attacker chain enters the area whole, at once, when the
    // walk first meets it (from `at`), and only with two joining points
    // of its own (a chain with fewer is a no, with the joining or
    // without it) or, with `eye_room_join_one`, one (`Ok(Some(j))`; two
    // or more: `Ok(None)`).
    let enter_chain = |at: Vertex,
                       area: &mut VertexSet,
                       stack: &mut Vec<Vertex>,
                       safe_heads: &mut SafeHeads|
     -> Result<Entered, ()> {
        if !connect {
            return Err(());
        }
        let h = pos.chain_head(at);
        // Its joining points: empty points beside one of its stones and
        // beside a safe attacker stone, and beside no other unsafe chain;
        // two or more.
        let mut first: Option<Vertex> = None;
        let mut two = false;
        for s in pos.chain_iter(at) {
            if !ctx.region.contains(s) {
                return Err(());
            }
            area.insert(s);
            stack.push(s);
            if two {
                continue;
            }
            for &e in g.neighbors(s) {
                if pos.color_at(e).is_some() || first == Some(e) {
                    continue;
                }
                let mut beside_safe = false;
                let mut shared = false;
                for &u in g.neighbors(e) {
                    if pos.color_at(u) != Some(att) {
                        continue;
                    }
                    if safe_heads.is_safe(pos, ctx, u) {
                        beside_safe = true;
                    } else if pos.chain_head(u) != h {
                        shared = true;
                        break;
                    }
                }
                if beside_safe && !shared {
                    if first.is_some() {
                        two = true;
                        break;
                    }
                    first = Some(e);
                }
            }
        }
        match first {
            _ if two => Ok(Entered::Joinable),
            Some(j) if ctx.eye_room_join_one => Ok(Entered::One(j)),
            _ => Ok(Entered::Unjoinable),
        }
    };
    // The chain with one joining point, and that point (at most one such
    // chain, whose point takes nothing); with `eye_room_capture`, the one
    // unjoinable chain (a stone of it).
    let capture = ctx.eye_room_capture && ctx.eye_room_pair;
    let mut one: Option<Vertex> = None;
    let mut unjoined: Option<Vertex> = None;
    let mut accept = |entered: Result<Entered, ()>, at: Vertex| -> bool {
        match entered {
            Err(()) => false,
            Ok(Entered::Joinable) => true,
            Ok(Entered::One(j)) => {
                let takes = g
                    .neighbors(j)
                    .iter()
                    .any(|&u| pos.color_at(u) == Some(def) && pos.atari_liberty(u) == Some(j));
                if one.is_some() || takes {
                    return false;
                }
                one = Some(j);
                true
            }
            // (Its conditions on the board near it are checked here, so
            // the walk still stops at once at any other such chain.)
            Ok(Entered::Unjoinable) => {
                capture && unjoined.replace(at).is_none() && captured_pair(pos, att, at)
            }
        }
    };
    for &t in &ctx.target_list {
        if area.contains(t) {
            continue;
        }
        match pos.color_at(t) {
            Some(c) if c == att => {
                if safe_heads.is_safe(pos, ctx, t) {
                    continue;
                }
                let entered = enter_chain(t, &mut area, stack, &mut safe_heads);
                if !accept(entered, t) {
                    return Room::Open;
                }
            }
            None if solid_eye_of_two_eyed(pos, att, t) => {}
            _ => {
                area.insert(t);
                stack.push(t);
            }
        }
    }
    // The inner points: at most one, or two with `eye_room_pair`: the
    // area's points other than attacker stones with no attacker stone
    // beside them (with `eye_room_connect`, an unsafe one counts as the
    // safe stone it is to become; without it, an unsafe one ends the
    // test).
    let mut inner: [Option<Vertex>; 2] = [None; 2];
    let mut n_inner = 0;
    while let Some(p) = stack.pop() {
        let stone = pos.color_at(p) == Some(att);
        let mut beside_attacker = false;
        for &u in g.neighbors(p) {
            match pos.color_at(u) {
                Some(c) if c == att => {
                    beside_attacker = true;
                    if area.contains(u) || safe_heads.is_safe(pos, ctx, u) {
                        continue;
                    }
                    let entered = enter_chain(u, &mut area, stack, &mut safe_heads);
                    if !accept(entered, u) {
                        return Room::Open;
                    }
                }
                _ if !ctx.region.contains(u) => return Room::Open,
                _ => {
                    if area.insert(u) {
                        stack.push(u);
                    }
                }
            }
        }
        if !beside_attacker && !stone {
            if n_inner == most {
                return Room::Open;
            }
            inner[n_inner] = Some(p);
            n_inner += 1;
        }
    }
    if unjoined.is_some() {
        // The unjoinable placement: no inner point besides (its capture
        // adds two), no chain with one joining point, and the capture
        // harmless (`captured_pair`).
        if n_inner == 0 && one.is_none() {
            return Room::Dead;
        }
        return Room::Open;
    }
    let dead = match inner[..n_inner] {
        [Some(p), Some(q)] => {
            let (np, nq) = (g.neighbors(p), g.neighbors(q));
            np.contains(&q) && np.len() >= 2 && nq.len() >= 2
        }
        _ => true,
    };
    match (dead, one) {
        (false, _) => Room::Open,
        (true, None) => Room::Dead,
        (true, Some(_)) => Room::DeadAttackerFirst,
    }
}

/// How [`no_room_in`]'s walk took an unsafe attacker chain it met.
enum Entered {
    /// Two joining points or more.
    Joinable,
    /// One joining point (with `Ctx::eye_room_join_one`).
    One(Vertex),
    /// Fewer (for `Ctx::eye_room_capture`).
    Unjoinable,
}

/// Whether the unjoinable placement at `b` (in the area, which has no
/// inner point with it counted as the attacker's wall) leaves the
/// defender the adjacent pair at most when captured, without a ko: `b` is
/// a lone stone in atari, its liberty `c` has only defender stones beside
/// it besides `b` (the capturing stone joins a defender chain: two stones
/// or more, no ko; and no defender chain beside `c` is ever taken before
/// `c` is played, `c` being its liberty), and every other neighbour of
/// `b` has another attacker stone beside it (so `b` and `c` are the only
/// points the capture makes inner). See [`room`]'s argument.
fn captured_pair(pos: &Position, att: Color, b: Vertex) -> bool {
    let g = pos.graph();
    let def = att.opponent();
    let Some(c) = pos.atari_liberty(b) else {
        return false;
    };
    let lone = g.neighbors(b).iter().all(|&y| pos.color_at(y) != Some(att));
    lone && g
        .neighbors(c)
        .iter()
        .all(|&u| u == b || pos.color_at(u) == Some(def))
        && g.neighbors(b).iter().all(|&y| {
            y == c
                || g.neighbors(y)
                    .iter()
                    .any(|&u| u != b && pos.color_at(u) == Some(att))
        })
}

/// The chain at `e`'s neighbours, when `e` is empty and every neighbour
/// is a stone of one chain of `color`: that chain's head.
fn solid_eye_chain(pos: &Position, color: Color, e: Vertex) -> Option<Vertex> {
    if pos.color_at(e).is_some() {
        return None;
    }
    let mut head = None;
    for &u in pos.graph().neighbors(e) {
        if pos.color_at(u) != Some(color) {
            return None;
        }
        let h = pos.chain_head(u);
        if head.is_some() && head != h {
            return None;
        }
        head = h;
    }
    head
}

/// Whether the chain at `v` has two solid eyes: empty points whose every
/// neighbour is a stone of that chain.
fn two_solid_eyes(pos: &Position, v: Vertex) -> bool {
    let Some(color) = pos.color_at(v) else {
        return false;
    };
    // Two solid eyes are two liberties: a chain in atari has not.
    if pos.atari_liberty(v).is_some() {
        return false;
    }
    let head = pos.chain_head(v);
    let g = pos.graph();
    // The liberties one by one (a solid eye is met once from each of its
    // neighbours: the first one found is skipped after).
    let mut first: Option<Vertex> = None;
    for s in pos.chain_iter(v) {
        for &e in g.neighbors(s) {
            if first != Some(e) && solid_eye_chain(pos, color, e) == head {
                if first.is_some() {
                    return true;
                }
                first = Some(e);
            }
        }
    }
    false
}

/// Whether `e` is a solid eye of a chain of `color` with two solid eyes.
fn solid_eye_of_two_eyed(pos: &Position, color: Color, e: Vertex) -> bool {
    solid_eye_chain(pos, color, e).is_some_and(|h| two_solid_eyes(pos, h))
}

/// The largest enclosed region [`two_regions`] counts as an eye.
pub(crate) const MAX_REGION: usize = 6;

/// Whether a target chain `T` of the defender has two *enclosed regions*
/// (issue 19): connected sets of points not in `T`, grown from an empty
/// liberty of `T` through empty points and attacker stones, all inside the
/// region in play, every neighbour in the set or in `T` (no other defender
/// stone, no permanent liberty), of at most [`MAX_REGION`] points.
///
/// Benson's test asks every empty point of such a region to be a liberty
/// of `T`; these may hold points the chain does not touch (a big eye, a
/// throw-in's stones). The attacker cannot take the last empty point of
/// either region without capturing `T`, which needs the other's too; in
/// so few points it can neither live inside nor win a race against a
/// chain with an eye elsewhere, and a race that stalls is a seki, which
/// the defender survives. So `T` is not captured, whoever moves, where the
/// defender is never forced to fill its own regions — the caller's
/// condition, with no ko on the board. It decides nothing in the seki
/// test (a seki is no unconditional life). Checked against the plain
/// search, not proven: `tests/eyes.rs`.
pub(crate) fn two_regions(pos: &Position, ctx: &Ctx) -> bool {
    let def = ctx.attacker.opponent();
    let g = pos.graph();
    let mut tried = VertexSet::new();
    let mut stack: Vec<Vertex> = Vec::new();
    for &t in &ctx.target_list {
        if pos.color_at(t) != Some(def) {
            continue;
        }
        let Some(head) = pos.chain_head(t) else {
            continue;
        };
        if !tried.insert(head) {
            continue;
        }
        let chain = pos.chain_stones(t);
        let mut seen = VertexSet::new();
        let mut eyes = 0;
        for v in chain.iter() {
            for &l in g.neighbors(v) {
                if pos.color_at(l).is_some() || !seen.insert(l) {
                    continue;
                }
                stack.clear();
                stack.push(l);
                let mut size = 0;
                let mut enclosed = true;
                while let Some(p) = stack.pop() {
                    size += 1;
                    if !ctx.region.contains(p) {
                        enclosed = false;
                    }
                    for &u in g.neighbors(p) {
                        if chain.contains(u) {
                            continue;
                        }
                        if pos.color_at(u) == Some(def) {
                            enclosed = false;
                        } else if seen.insert(u) {
                            stack.push(u);
                        }
                    }
                }
                if enclosed && size <= MAX_REGION {
                    eyes += 1;
                    if eyes == 2 {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The defender's eye-space potential in `pos`: the empty points of the
/// region next to a defender stone and to no attacker stone. A heuristic
/// for df-pn+'s initial numbers (the more such points, the longer the
/// attacker's way to a kill); it decides nothing. (The search counts it
/// in its move generation, `State::plays_and_potential`; this is the
/// reference the tests check that against.)
#[cfg(test)]
pub(crate) fn potential(pos: &Position, ctx: &Ctx) -> u32 {
    let def = ctx.attacker.opponent();
    let g = pos.graph();
    let mut n = 0;
    for &v in &ctx.region_list {
        if pos.color_at(v).is_some() {
            continue;
        }
        let mut own = false;
        let mut theirs = false;
        for &u in g.neighbors(v) {
            match pos.color_at(u) {
                Some(c) if c == def => own = true,
                Some(_) => theirs = true,
                None => {}
            }
        }
        if own && !theirs {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regime::Regime;

    /// `safe` as it was before the room test was made cheaper: the
    /// chain's stones as a set, every neighbour looked at.
    fn safe_reference(pos: &Position, ctx: &Ctx, v: Vertex) -> bool {
        let g = pos.graph();
        pos.chain_stones(v).iter().any(|s| {
            g.neighbors(s)
                .iter()
                .any(|&u| pos.color_at(u).is_none() && !ctx.region.contains(u))
        })
    }

    /// `two_solid_eyes` as it was: the liberties as a set.
    fn two_solid_eyes_reference(pos: &Position, v: Vertex) -> bool {
        let Some(color) = pos.color_at(v) else {
            return false;
        };
        let head = pos.chain_head(v);
        let libs = pos.liberties(v);
        libs.iter()
            .filter(|&e| solid_eye_chain(pos, color, e) == head)
            .nth(1)
            .is_some()
    }

    /// `no_room` as it was before it was made cheaper (the seventeenth
    /// session's code, word for word but for the names): the reference
    /// the cheaper one must agree with on every board.
    fn no_room_reference(pos: &Position, ctx: &Ctx) -> bool {
        let att = ctx.attacker;
        let g = pos.graph();
        let mut safe_heads = VertexSet::new();
        let mut unsafe_heads = VertexSet::new();
        let mut is_safe = |v: Vertex| -> bool {
            let Some(h) = pos.chain_head(v) else {
                return false;
            };
            if safe_heads.contains(h) {
                return true;
            }
            if unsafe_heads.contains(h) {
                return false;
            }
            let s = safe_reference(pos, ctx, v) || two_solid_eyes_reference(pos, v);
            if s {
                safe_heads.insert(h);
            } else {
                unsafe_heads.insert(h);
            }
            s
        };
        let connect = ctx.eye_room_connect;
        let most = if ctx.eye_room_pair { 2 } else { 1 };
        // A quick no: an empty point of the region beside a defender stone on
        // a target point, with no attacker stone beside it, is an inner point
        // (the walk below reaches it from that target point and counts it);
        // more than `most` of them, and the answer is no without the walk and
        // the safety tests of the attacker's chains.
        let def = att.opponent();
        let mut quick: [Option<Vertex>; 2] = [None; 2];
        let mut n_quick = 0;
        for &t in &ctx.target_list {
            if pos.color_at(t) != Some(def) {
                continue;
            }
            for &u in g.neighbors(t) {
                if pos.color_at(u).is_none()
                    && ctx.region.contains(u)
                    && !quick[..n_quick].contains(&Some(u))
                    && !g.neighbors(u).iter().any(|&w| pos.color_at(w) == Some(att))
                {
                    if n_quick == most {
                        return false;
                    }
                    quick[n_quick] = Some(u);
                    n_quick += 1;
                }
            }
        }
        let mut area = VertexSet::new();
        let mut stack: Vec<Vertex> = Vec::new();
        for &t in &ctx.target_list {
            if pos.color_at(t) == Some(att) {
                if is_safe(t) {
                    continue;
                }
                if !connect {
                    return false;
                }
            }
            if pos.color_at(t).is_none()
                && solid_eye_chain(pos, att, t).is_some_and(|h| two_solid_eyes_reference(pos, h))
            {
                continue;
            }
            if area.insert(t) {
                stack.push(t);
            }
        }
        // The inner points: at most one, or two with `eye_room_pair`: the
        // area's points other than attacker stones with no attacker stone
        // beside them (with `eye_room_connect`, an unsafe one counts as the
        // safe stone it is to become; without it, an unsafe one ends the
        // test).
        let mut inner: Vec<Vertex> = Vec::with_capacity(2);
        let mut placed: Vec<Vertex> = Vec::new();
        let mut placed_heads: Vec<Vertex> = Vec::new();
        while let Some(p) = stack.pop() {
            let stone = pos.color_at(p) == Some(att);
            if stone {
                placed.push(p);
                // A chain with fewer than two joining points (shared or not)
                // ends the test at once; the shared ones are counted below.
                let h = pos.chain_head(p);
                if let Some(h) = h.filter(|h| !placed_heads.contains(h)) {
                    placed_heads.push(h);
                    let mut first: Option<Vertex> = None;
                    let mut two = false;
                    'stones: for s in pos.chain_stones(h).iter() {
                        for &e in g.neighbors(s) {
                            if pos.color_at(e).is_none()
                                && first != Some(e)
                                && g.neighbors(e)
                                    .iter()
                                    .any(|&u| pos.color_at(u) == Some(att) && is_safe(u))
                            {
                                if first.is_some() {
                                    two = true;
                                    break 'stones;
                                }
                                first = Some(e);
                            }
                        }
                    }
                    if !two {
                        return false;
                    }
                }
            }
            let mut beside_attacker = false;
            for &u in g.neighbors(p) {
                match pos.color_at(u) {
                    Some(c) if c == att => {
                        beside_attacker = true;
                        if is_safe(u) {
                            continue;
                        }
                        if !connect || !ctx.region.contains(u) {
                            return false;
                        }
                        if area.insert(u) {
                            stack.push(u);
                        }
                    }
                    _ if !ctx.region.contains(u) => return false,
                    _ => {
                        if area.insert(u) {
                            stack.push(u);
                        }
                    }
                }
            }
            if !beside_attacker && !stone {
                if inner.len() == most {
                    return false;
                }
                inner.push(p);
            }
        }
        if !placed.is_empty() {
            // The unsafe chains' own joining points: empty points beside a
            // safe stone and beside the stones of one unsafe chain only; two
            // or more for each chain.
            let mut joins: Vec<(Vertex, Vertex)> = Vec::new();
            let mut shared = VertexSet::new();
            for &s in &placed {
                let Some(h) = pos.chain_head(s) else {
                    return false;
                };
                for &e in g.neighbors(s) {
                    if pos.color_at(e).is_some() || shared.contains(e) {
                        continue;
                    }
                    if !g
                        .neighbors(e)
                        .iter()
                        .any(|&u| pos.color_at(u) == Some(att) && is_safe(u))
                    {
                        continue;
                    }
                    if let Some(&(_, h2)) = joins.iter().find(|j| j.0 == e) {
                        if h2 != h {
                            shared.insert(e);
                        }
                        continue;
                    }
                    joins.push((e, h));
                }
            }
            joins.retain(|j| !shared.contains(j.0));
            let mut heads: Vec<Vertex> = placed.iter().filter_map(|&s| pos.chain_head(s)).collect();
            heads.sort_unstable();
            heads.dedup();
            if heads
                .iter()
                .any(|&h| joins.iter().filter(|j| j.1 == h).nth(1).is_none())
            {
                return false;
            }
        }
        match *inner.as_slice() {
            [p, q] => {
                let (np, nq) = (g.neighbors(p), g.neighbors(q));
                np.contains(&q) && np.len() >= 2 && nq.len() >= 2
            }
            _ => true,
        }
    }

    /// The cheaper room test answers as the reference on every board:
    /// random fillings of a region (each point Black, White or empty)
    /// behind a Black wall with permanent liberties, in the corner, in the
    /// centre and with a leak (a point off the region beside it), and the
    /// boards of random games from them; with and without the pair and
    /// the joining.
    #[test]
    fn the_cheaper_room_test_agrees_with_the_reference() {
        use miai_goban::{Graph, Move, Setup};
        use rand::{Rng, SeedableRng};
        use std::sync::Arc;
        // (rows): `?` a random point of the region, `#` the wall, `+` off
        // the region.
        let shapes: [&[&str]; 4] = [
            &["?????#+", "?????#+", "?????#+", "######+", "+++++++"],
            &[
                "+++++++++",
                "+#######+",
                "+#?????#+",
                "+#?????#+",
                "+#?????#+",
                "+#######+",
                "+++++++++",
            ],
            &["??????#+", "??????++", "??????#+", "#######+", "++++++++"],
            &["????#+", "????#+", "????#+", "????#+", "#####+", "++++++"],
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
        let (mut boards, mut fired, mut joined, mut walked) = (0, 0, 0, 0);
        let mut first_joined = 0;
        for rows in shapes {
            let (w, h) = (rows[0].len(), rows.len());
            let graph = Arc::new(Graph::grid(w, h).expect("a grid"));
            for _ in 0..1500 {
                let mut setup = Setup::empty(graph.clone());
                let mut region = Vec::new();
                for (y, row) in rows.iter().enumerate() {
                    for (x, c) in row.chars().enumerate() {
                        let v = graph.at(x, y).expect("on the board");
                        setup.stones[v.index()] = match c {
                            '#' => Some(Color::Black),
                            '?' => {
                                region.push(v);
                                let r: f64 = rng.random();
                                if r < 0.3 {
                                    Some(Color::Black)
                                } else if r < 0.65 {
                                    Some(Color::White)
                                } else {
                                    None
                                }
                            }
                            _ => None,
                        };
                    }
                }
                let mut spec = crate::problem::ProblemSpec::new(setup);
                spec.attacker = Some(Color::Black);
                spec.region = Some(region);
                let Ok(problem) = crate::problem::Problem::new(spec) else {
                    continue;
                };
                let mut ctx = Ctx::new(&problem, Regime::SEED, None);
                ctx.eye_room_capture = false;
                let mut pos = State::start(&problem, &ctx, Side::Attacker).pos;
                for _ in 0..12 {
                    let mut answers = [false; 4];
                    for (i, (pair, connect)) in
                        [(false, false), (true, false), (false, true), (true, true)]
                            .into_iter()
                            .enumerate()
                    {
                        ctx.eye_room_pair = pair;
                        ctx.eye_room_connect = connect;
                        let (new, old) = (no_room(&pos, &ctx), no_room_reference(&pos, &ctx));
                        assert_eq!(new, old, "pair {pair}, joining {connect}:\n{pos:?}");
                        answers[i] = new;
                    }
                    // One joining point, the attacker to move: some
                    // attacker move leaves a board the room test calls
                    // dead (the argument's step: the joining point).
                    ctx.eye_room_join_one = true;
                    if super::room(&pos, &ctx) == Room::DeadAttackerFirst {
                        first_joined += 1;
                        assert!(
                            ctx.region_list.iter().any(|&v| {
                                let mut next = pos.clone();
                                next.check(Color::Black, v).is_ok()
                                    && next.play_mut(Color::Black, Move::Play(v)).is_ok()
                                    && no_room(&next, &ctx)
                            }),
                            "one joining point:\n{pos:?}"
                        );
                    }
                    boards += 1;
                    fired += usize::from(answers[3]);
                    joined += usize::from(answers[3] && !answers[1]);
                    walked += usize::from(
                        !answers[3] && {
                            // Past the quick no (a point counted, or more).
                            ctx.target_list
                                .iter()
                                .any(|&t| pos.color_at(t) == Some(Color::White))
                        },
                    );
                    let color = pos.to_move();
                    let moves: Vec<Vertex> = ctx
                        .region_list
                        .iter()
                        .copied()
                        .filter(|&v| pos.check(color, v).is_ok())
                        .collect();
                    if moves.is_empty() {
                        break;
                    }
                    let v = moves[rng.random_range(0..moves.len())];
                    pos.play_mut(color, Move::Play(v)).expect("a legal move");
                }
            }
        }
        eprintln!(
            "{boards} boards, {fired} fired, {joined} by the joining, {walked} refused, \
             {first_joined} with one joining point"
        );
        assert!(
            boards > 20_000
                && fired > 1_000
                && joined > 100
                && walked > 1_000
                && first_joined > 100,
            "{boards} boards, {fired} fired, {joined} by the joining, {walked} refused, \
             {first_joined} with one joining point"
        );
    }

    /// The room test on a hand-made position, with and without the pair
    /// of inner points (`Ctx::eye_room_pair`): rows as
    /// [`crate::problem::from_rows`] reads them (`X`/`O`/`.` in the
    /// region, `#`/`+` the wall and its liberties off it).
    fn room(rows: &[&str]) -> (bool, bool) {
        let problem = crate::problem::from_rows(rows);
        let mut ctx = Ctx::new(&problem, Regime::SEED, None);
        ctx.eye_room_capture = false;
        let pos = State::start(&problem, &ctx, Side::Attacker).pos;
        ctx.eye_room_pair = false;
        let one = no_room(&pos, &ctx);
        ctx.eye_room_pair = true;
        (one, no_room(&pos, &ctx))
    }

    #[test]
    fn one_inner_point_is_no_room_either_way() {
        // White's one-point eye in the corner, Black's wall beyond.
        assert_eq!(room(&[".O#+", "OO#+", "##++", "++++"]), (true, true));
    }

    #[test]
    fn two_adjacent_inner_points_are_no_room_with_the_pair() {
        // A two-point eye in the corner: A19 and B19 touch no safe stone.
        assert_eq!(room(&["..O#+", "OOO#+", "###++", "+++++"]), (false, true));
        // Two White chains (B18-A18 and C19) round the same two points.
        assert_eq!(room(&["..O#+", "OO##+", "###++", "+++++"]), (false, true));
        // In the centre, a two-point eye inside a White ring.
        assert_eq!(
            room(&[
                "+++++++", "+#####+", "+#OOO#+", "+#O.O#+", "+#O.O#+", "+#OOO#+", "+#####+",
                "+++++++",
            ]),
            (false, true)
        );
        // A White stone on one of the two points: still no room.
        assert_eq!(room(&["O.O#+", "OOO#+", "###++", "+++++"]), (false, true));
    }

    #[test]
    fn what_the_pair_does_not_cover_is_left_to_the_search() {
        // Three inner points (a straight three: alive with White to move).
        assert_eq!(
            room(&["...O#+", "OOOO#+", "####++", "++++++"]),
            (false, false)
        );
        // Two inner points apart (A19 and E19), split by Black's safe
        // C19-C18: the pair must be neighbours.
        assert_eq!(
            room(&[".OXO.O#+", "OOXOOO#+", "########", "++++++++"]),
            (false, false)
        );
        // An unsafe Black stone on one of the two points.
        assert_eq!(room(&["X.O#+", "OOO#+", "###++", "+++++"]), (false, false));
        // The area leaks: White's A17 touches an empty point off the
        // region.
        assert_eq!(room(&["..O#+", "OOO#+", "O##++", "+++++"]), (false, false));
    }

    /// The room test with the pair, without and with the joining of
    /// unsafe attacker chains (`Ctx::eye_room_connect`).
    fn joined(rows: &[&str]) -> (bool, bool) {
        room_switched(rows, |ctx, on| {
            ctx.eye_room_capture = false;
            ctx.eye_room_connect = on;
        })
    }

    /// The room test on `rows` (the seed's rules, the attacker first)
    /// with the context `set` leaves without (`false`) and with (`true`)
    /// the rule it switches.
    fn room_switched(rows: &[&str], set: fn(&mut Ctx, bool)) -> (bool, bool) {
        let problem = crate::problem::from_rows(rows);
        let mut ctx = Ctx::new(&problem, Regime::SEED, None);
        let pos = State::start(&problem, &ctx, Side::Attacker).pos;
        set(&mut ctx, false);
        let without = no_room(&pos, &ctx);
        set(&mut ctx, true);
        (without, no_room(&pos, &ctx))
    }

    #[test]
    fn an_unsafe_stone_with_two_joining_points_is_joined() {
        // Black's D19 has two joining points, E19 and D18 (each beside
        // the wall and beside no other unsafe chain); once it is joined,
        // A19 and B19 are White's only inner points (C19 touches D19).
        assert_eq!(
            joined(&["..OX.#+", "OOO..#+", "#####++", "+++++++"]),
            (false, true)
        );
        // Without the stone, C19 and D19 are inner points too: four, so
        // the test does not fire either way (the stone's placement is
        // what leaves White no room).
        assert_eq!(
            joined(&["..O..#+", "OOO..#+", "#####++", "+++++++"]),
            (false, false)
        );
    }

    #[test]
    fn what_the_joining_does_not_cover_is_left_to_the_search() {
        // D19 with one joining point (D18; E19 is White's): White may
        // take it.
        assert_eq!(
            joined(&["..OXO#+", "OOO..#+", "#####++", "+++++++"]),
            (false, false)
        );
        // Joined, three inner points are left (A19, B19, C19: a straight
        // three, alive with White to move).
        assert_eq!(
            joined(&["...OX.#+", "OOOO..#+", "######++", "++++++++"]),
            (false, false)
        );
    }

    /// The room test with the pair and the joining, without and with the
    /// captured placement (`Ctx::eye_room_capture`).
    fn captured(rows: &[&str]) -> (bool, bool) {
        room_switched(rows, |ctx, on| ctx.eye_room_capture = on)
    }

    #[test]
    fn a_lone_placement_in_atari_whose_capture_leaves_the_pair() {
        // Black's A19 in atari at B19, no joining point: White's capture
        // at B19 joins B18 (no ko) and leaves A19 and B19 the only inner
        // points, next to each other; with A19 counted as a wall no point
        // is inner.
        assert_eq!(
            captured(&["X.O#+", "OOO#+", "###++", "+++++"]),
            (false, true)
        );
    }

    #[test]
    fn what_the_capture_does_not_cover_is_left_to_the_search() {
        // Two stones in atari: their capture leaves three inner points.
        assert_eq!(
            captured(&["XX.O#+", "OOOO#+", "####++", "++++++"]),
            (false, false)
        );
        // A18 touches no other Black stone: the capture makes it inner
        // too (A18, A19, B19).
        assert_eq!(
            captured(&["X.O#+", "OOO#+", "O##++", "###++", "+++++"]),
            (false, false)
        );
        // An inner point besides (D19 after the wall moves back): the
        // capture would add two.
        assert_eq!(
            captured(&["X.O.O#+", "OOOOO#+", "######+", "+++++++"]),
            (false, false)
        );
    }
}
