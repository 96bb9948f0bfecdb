//! Static life under alternating play (issue 19): the defender's chains
//! made safe by small enclosed regions in each of which it answers the
//! attacker's every play — after Müller 1997 ("Playing it safe:
//! recognizing secure territories in computer Go by using static rules
//! and search", safety under alternating play), as the graph-Go crate's
//! `safety::alternating` has it for area scoring. Where Benson's test (and
//! `crate::safety`'s miai pairs) need every empty point of a vital region
//! to be a liberty of the chain, here a region may hold the attacker's
//! stones, points the chain does not touch, and several chains around it,
//! as long as the defender can answer every poke inside it.
//!
//! # The definition
//!
//! A *region* is a connected set of points holding no defender stone,
//! maximal on the whole board (so every neighbour outside it is a defender
//! stone), all of whose points are in the region in play, with at most
//! [`MAX_POINTS`] points and an empty one (it may hold attacker stones).
//! Its *walls* are the defender's chains next to it. Its *local game*:
//! the attacker moves first and plays any empty point of the region that
//! is not suicide (it never passes in the local game); the defender
//! answers with a play in the region or a pass. The defender loses the
//! local game when
//!
//! - an attacker play captures a defender stone of the region not joined
//!   (through defender stones of the region) to a point next to a wall, or
//! - whenever the attacker is to move (at the start and after each
//!   defender answer, a pass included), some wall has no liberty in the
//!   region: no empty point of it next to the wall, or next to defender
//!   stones of the region joined to the wall;
//!
//! and a defender answer is not allowed when it is suicide (a stone not
//! joined to a wall point with no liberty after its captures) or when it
//! would make a simple ko (it captures one stone, and the stone played is
//! alone, not next to a wall, with that one point as its liberty; such an
//! answer loses the local game anyway, which lets the attacker retake at
//! once, a capture of a lone defender stone, ko or not). The
//! game is finite: the defender's stones in the region only grow (an
//! answer adds one, none is ever captured in a won line), and between two
//! of its plays the attacker's only grow. A region is *good* when the
//! defender wins its local game (an exact search, memoised, at most
//! [`LOCAL_BUDGET`] local positions; over the budget it is not good).
//!
//! As in Benson's test, a chain with fewer than two good regions all of
//! whose walls are still counted is dropped, until none is; the defender
//! is *alive* when a chain left (the set `S`) holds a target point.
//!
//! # Why it is sound (the seed's rules and the book regime)
//!
//! The defender's strategy from an attacker's turn: answer an attacker
//! play in a good region of `S` by the local game's winning answer in that
//! region (a play or a pass); answer anything else (a play elsewhere, the
//! book regime's pass) by a pass. The invariant: whenever the attacker is
//! to move, every good region is at a won local position with the
//! attacker to move, so every chain of `S` has a liberty in each of its
//! two or more good regions.
//!
//! - One attacker move fills one point, so no chain holding a chain of
//!   `S` is captured (it keeps a liberty in another region), nor is a
//!   defender stone of a region joined to one. The other defender stones
//!   of a region are captured only as the local game says, which a won
//!   line never lets happen. The local game is the game in the region:
//!   the region's neighbours outside are defender stones of `S`, never
//!   captured, so nothing played outside it changes its points' liberties;
//!   an attacker chain in it has its liberties in it; a defender answer
//!   joined to a wall is never suicide (the wall keeps its liberty in
//!   another region). So the invariant holds after each answer, and a
//!   target point keeps its stone: the defender never loses by capture.
//! - No ko arises: the attacker never captures in a good region (that
//!   loses the local game), its captures elsewhere take defender stones
//!   off `S` and leave a ban on the defender only (the attacker may tenuki
//!   only while a ko is banned *to it*), and the defender's answers make
//!   no ko (the rule above; a stone next to a wall joins a chain of more
//!   than one stone). So the attacker never gets a seed-rules tenuki, the
//!   threat counts and the ko-advantaged side never enter, and the
//!   defender may pass whenever the strategy says (the seed's rules forbid
//!   it only right after an attacker's tenuki, which is then the book
//!   regime's pass, after which the defender may pass and so ends the
//!   attacker's passes).
//! - No state repeats, so no cycle (and no tempo) decides: the defender's
//!   stones in the regions only grow, each of its plays adds one; the
//!   attacker's stones outside the regions are never captured (the
//!   defender plays only in them, and its captures take attacker chains
//!   next to its stone, inside the region), and between two defender plays
//!   every attacker play adds a stone. So the game runs out: with the
//!   book regime's passes ended (a defender's pass answers the first), the
//!   attacker, not free to tenuki, eventually has no legal move and loses.
//!   Attacker moves the search leaves out (its pointless fills) only take
//!   options away from it; the defender's answers are moves the search
//!   gives it (no exit points: the caller's condition).
//!
//! The caller's conditions are `crate::safety::applies`' (the same turn
//! argument): no simple-ko point and no ban on the board, no exit points,
//! not the seki test (two passes end that game and it asks for
//! unconditional life), at the defender's turn the defender free to pass
//! now (it passes, and the attacker is to move on the same board), at the
//! attacker's the attacker not free to tenuki by the seed's rules. The
//! search asks it at the attacker's turn only (at the defender's it
//! closed almost nothing more: docs/tsumego.md, "static life under
//! alternating play"). Checked against the search without it:
//! `tests/life.rs`, whose checks fail with one good region taken as
//! enough, with the defender moving first in the local game, or without
//! the liberty condition.

use std::collections::HashMap;

use miai_goban::{Position, Vertex};

use crate::state::Ctx;

/// The most points a region may have for its local game.
pub(crate) const MAX_POINTS: usize = 10;

/// The most local positions one region's local game may visit.
pub(crate) const LOCAL_BUDGET: u32 = 20_000;

/// Verdicts kept per thread before the cache is cleared.
const CACHE_LIMIT: usize = 1 << 18;

/// No index.
const NONE: u32 = u32::MAX;

/// A set of a region's points, by local index.
type Set = u32;

/// The buffers and the verdict cache of the test, kept per thread (it
/// runs at many nodes: nothing is allocated once they have grown).
#[derive(Default)]
struct Scratch {
    /// The board the cache's keys are for (its graph's address and size).
    graph_id: (usize, usize),
    /// The call's stamp: a point is reached in this call when its `seen`
    /// is the stamp, a chain head has a block when its `block_of_head`
    /// stamp is (so the arrays are not cleared at each call).
    stamp: u32,
    seen: Vec<u32>,
    /// Block index by chain head, with its stamp.
    block_of_head: Vec<(u32, u32)>,
    /// The blocks' chain heads.
    heads: Vec<Vertex>,
    stack: Vec<Vertex>,
    /// The candidate regions' points, region by region (`start` offsets).
    points: Vec<Vertex>,
    start: Vec<u32>,
    /// Their walls (block indices; `wall_start` offsets).
    walls: Vec<u32>,
    wall_start: Vec<u32>,
    /// Their verdicts (`None`: not asked yet).
    good: Vec<Option<bool>>,
    /// Per block: still counted, and its regions counted.
    alive: Vec<bool>,
    count: Vec<u32>,
    /// The key of the region asked.
    key: Vec<u32>,
    /// Verdicts by region key (`verdict`).
    cache: HashMap<Vec<u32>, bool>,
    /// The local game's memo: (defender's stones, attacker's, defender to
    /// move).
    memo: HashMap<(Set, Set, bool), bool>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Whether the defender is alive in `pos` by the module's test. The
/// caller checks the turn conditions (`crate::safety::applies`).
pub(crate) fn alive(pos: &Position, ctx: &Ctx) -> bool {
    SCRATCH.with(|sc| alive_in(pos, ctx, &mut sc.borrow_mut()))
}

fn alive_in(pos: &Position, ctx: &Ctx, sc: &mut Scratch) -> bool {
    let def = ctx.attacker.opponent();
    // A target point must hold a defender stone.
    if !ctx
        .target_list
        .iter()
        .any(|&t| pos.color_at(t) == Some(def))
    {
        return false;
    }
    let g = pos.graph();
    let n = g.len();
    let id = (std::sync::Arc::as_ptr(g) as usize, n);
    if sc.graph_id != id || sc.cache.len() > CACHE_LIMIT {
        sc.graph_id = id;
        sc.cache.clear();
    }
    let cells = pos.board_bytes();
    let own: u8 = match def {
        miai_goban::Color::Black => 1,
        miai_goban::Color::White => 2,
    };
    let stamp = next_stamp(sc, n);
    sc.heads.clear();
    sc.points.clear();
    sc.start.clear();
    sc.start.push(0);
    sc.walls.clear();
    sc.wall_start.clear();
    sc.wall_start.push(0);
    // Regions: flooded from the region's points only, never onto a point
    // off it (a region beside one is not enclosed; such a point is not
    // marked, so every region beside it learns that it is not). Only the
    // candidates are kept.
    for &v in &ctx.region_list {
        let i = v.index();
        if cells[i] == own || sc.seen[i] == stamp {
            continue;
        }
        let (p0, w0) = (sc.points.len(), sc.walls.len());
        // Still a candidate: enclosed so far and not too large (once not,
        // the flood only marks its points).
        let mut candidate = true;
        let mut size = 0;
        let mut has_empty = false;
        sc.seen[i] = stamp;
        sc.stack.clear();
        sc.stack.push(v);
        while let Some(p) = sc.stack.pop() {
            size += 1;
            if size > MAX_POINTS {
                candidate = false;
            }
            if candidate {
                sc.points.push(p);
                has_empty |= cells[p.index()] == 0;
            }
            for &u in g.neighbors(p) {
                let k = u.index();
                if cells[k] == own {
                    if !candidate {
                        continue;
                    }
                    let h = pos.chain_head(u).expect("a stone has a chain");
                    let (st, mut b) = sc.block_of_head[h.index()];
                    if st != stamp {
                        b = sc.heads.len() as u32;
                        sc.block_of_head[h.index()] = (stamp, b);
                        sc.heads.push(h);
                    }
                    if !sc.walls[w0..].contains(&b) {
                        sc.walls.push(b);
                    }
                } else if !ctx.region.contains(u) {
                    candidate = false;
                } else if sc.seen[k] != stamp {
                    sc.seen[k] = stamp;
                    sc.stack.push(u);
                }
            }
        }
        if candidate && has_empty && sc.walls.len() > w0 {
            sc.start.push(sc.points.len() as u32);
            sc.wall_start.push(sc.walls.len() as u32);
        } else {
            sc.points.truncate(p0);
            sc.walls.truncate(w0);
        }
    }
    let nr = sc.start.len() - 1;
    let nb = sc.heads.len();
    if nr < 2 {
        return false;
    }
    sc.good.clear();
    sc.good.resize(nr, None);
    sc.alive.clear();
    sc.alive.resize(nb, true);
    let walls_of = |sc: &Scratch, r: usize| {
        let (a, b) = (sc.wall_start[r] as usize, sc.wall_start[r + 1] as usize);
        a..b
    };
    // The target chains among the walls.
    let target_alive = |sc: &Scratch| {
        ctx.target_list.iter().any(|&t| {
            pos.color_at(t) == Some(def)
                && pos.chain_head(t).is_some_and(|h| {
                    let (st, b) = sc.block_of_head[h.index()];
                    st == stamp && sc.alive[b as usize]
                })
        })
    };
    loop {
        sc.count.clear();
        sc.count.resize(nb, 0);
        for r in 0..nr {
            let ws = walls_of(sc, r);
            if sc.good[r] != Some(false)
                && sc.walls[ws.clone()].iter().all(|&b| sc.alive[b as usize])
            {
                for j in ws {
                    let b = sc.walls[j] as usize;
                    sc.count[b] += 1;
                }
            }
        }
        let mut changed = false;
        for b in 0..nb {
            if sc.alive[b] && sc.count[b] < 2 {
                sc.alive[b] = false;
                changed = true;
            }
        }
        if !target_alive(sc) {
            return false;
        }
        if changed {
            continue;
        }
        // Ask the local games of the regions still counted.
        let mut bad = false;
        for r in 0..nr {
            let ws = walls_of(sc, r);
            if sc.good[r].is_none() && sc.walls[ws].iter().all(|&b| sc.alive[b as usize]) {
                let v = verdict(pos, r, sc);
                sc.good[r] = Some(v);
                bad |= !v;
            }
        }
        if !bad {
            return true;
        }
    }
}

/// A new stamp for `seen` and `block_of_head` (cleared when it wraps).
fn next_stamp(sc: &mut Scratch, n: usize) -> u32 {
    sc.stamp = sc.stamp.wrapping_add(1);
    if sc.stamp == 0 || sc.seen.len() != n {
        sc.seen.clear();
        sc.seen.resize(n, 0);
        sc.block_of_head.clear();
        sc.block_of_head.resize(n, (0, 0));
        sc.stamp = 1;
    }
    sc.stamp
}

/// The local game's verdict of the candidate region `r`, cached by its
/// shape: its points, the attacker's stones in it and the points next to
/// each wall.
fn verdict(pos: &Position, r: usize, sc: &mut Scratch) -> bool {
    let g = pos.graph();
    let mut pts = [0usize; MAX_POINTS];
    let (a, b) = (sc.start[r] as usize, sc.start[r + 1] as usize);
    let k = b - a;
    for (slot, v) in pts.iter_mut().zip(&sc.points[a..b]) {
        *slot = v.index();
    }
    let pts = &mut pts[..k];
    pts.sort_unstable();
    let local = |i: usize| pts.iter().position(|&p| p == i);
    let mut nbm: Vec<Set> = vec![0; k];
    let mut edge: Set = 0;
    let mut theirs: Set = 0;
    for (i, &p) in pts.iter().enumerate() {
        let v = crate::vx(p);
        if pos.color_at(v).is_some() {
            theirs |= 1 << i;
        }
        for &u in g.neighbors(v) {
            match local(u.index()) {
                Some(j) => nbm[i] |= 1 << j,
                None => edge |= 1 << i,
            }
        }
    }
    let (wa, wb) = (sc.wall_start[r] as usize, sc.wall_start[r + 1] as usize);
    let mut walls: Vec<Set> = sc.walls[wa..wb]
        .iter()
        .map(|&blk| {
            let h = Some(sc.heads[blk as usize]);
            let mut m = 0;
            for (i, &p) in pts.iter().enumerate() {
                if g.neighbors(crate::vx(p))
                    .iter()
                    .any(|&u| pos.color_at(u).is_some() && pos.chain_head(u) == h)
                {
                    m |= 1 << i;
                }
            }
            m
        })
        .collect();
    walls.sort_unstable();
    walls.dedup();
    sc.key.clear();
    sc.key.extend(pts.iter().map(|&p| p as u32));
    sc.key.push(NONE);
    sc.key.push(theirs);
    sc.key.extend(walls.iter().copied());
    if let Some(&v) = sc.cache.get(&sc.key) {
        return v;
    }
    sc.memo.clear();
    let mut game = Local {
        nb: nbm,
        all: (1 << k) - 1,
        edge,
        walls,
        memo: &mut sc.memo,
        nodes: 0,
        over: false,
    };
    let v = game.attacker(0, theirs) && !game.over;
    sc.cache.insert(sc.key.clone(), v);
    v
}

/// The local game of one region: `o` the defender's stones in it, `p` the
/// attacker's (local sets).
struct Local<'a> {
    /// Each point's neighbours in the region.
    nb: Vec<Set>,
    all: Set,
    /// Points next to a wall (a point outside the region).
    edge: Set,
    /// Each wall's neighbours in the region.
    walls: Vec<Set>,
    memo: &'a mut HashMap<(Set, Set, bool), bool>,
    nodes: u32,
    over: bool,
}

impl Local<'_> {
    fn adjacent(&self, s: Set) -> Set {
        let mut out = 0;
        let mut b = s;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            out |= self.nb[i];
        }
        out & !s
    }

    /// The points of `within` connected to `seed` inside `within`.
    fn flood(&self, seed: Set, within: Set) -> Set {
        let mut c = seed & within;
        loop {
            let next = (c | self.adjacent(c)) & within;
            if next == c {
                return c;
            }
            c = next;
        }
    }

    /// Whether every wall has a liberty in the region.
    fn breathe(&self, o: Set, free: Set) -> bool {
        self.walls.iter().all(|&touch| {
            let joined = self.flood(touch & o, o);
            (touch | self.adjacent(joined)) & free != 0
        })
    }

    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > LOCAL_BUDGET {
            self.over = true;
        }
        !self.over
    }

    /// Whether the defender wins with the attacker to move.
    fn attacker(&mut self, o: Set, p: Set) -> bool {
        if let Some(&w) = self.memo.get(&(o, p, false)) {
            return w;
        }
        if !self.visit() {
            return false;
        }
        let free = self.all & !o & !p;
        let mut win = self.breathe(o, free);
        let mut xs = free;
        while win && xs != 0 {
            let x = xs & xs.wrapping_neg();
            xs &= xs - 1;
            let p2 = p | x;
            let free2 = free & !x;
            // A capture of a defender stone not joined to a wall loses.
            let mut near = self.adjacent(x) & o;
            while near != 0 {
                let c = self.flood(near & near.wrapping_neg(), o);
                near &= !c;
                if c & self.edge == 0 && self.adjacent(c) & free2 == 0 {
                    win = false;
                }
            }
            if !win {
                break;
            }
            let chain = self.flood(x, p2);
            if self.adjacent(chain) & free2 == 0 {
                continue; // suicide
            }
            win = self.defender(o, p2);
        }
        if !self.over {
            self.memo.insert((o, p, false), win);
        }
        win
    }

    /// Whether the defender, to answer, has a winning answer (a pass
    /// included).
    fn defender(&mut self, o: Set, p: Set) -> bool {
        if let Some(&w) = self.memo.get(&(o, p, true)) {
            return w;
        }
        if !self.visit() {
            return false;
        }
        let free = self.all & !o & !p;
        let mut win = self.attacker(o, p);
        let mut ys = free;
        while !win && !self.over && ys != 0 {
            let y = ys & ys.wrapping_neg();
            ys &= ys - 1;
            let o2 = o | y;
            let free2 = free & !y;
            let mut captured = 0;
            let mut near = self.adjacent(y) & p;
            while near != 0 {
                let c = self.flood(near & near.wrapping_neg(), p);
                near &= !c;
                if self.adjacent(c) & free2 == 0 {
                    captured |= c;
                }
            }
            let chain = self.flood(y, o2);
            let libs = self.adjacent(chain) & (free2 | captured);
            if chain & self.edge == 0 {
                if libs == 0 {
                    continue; // suicide
                }
                if chain == y && captured.count_ones() == 1 && libs.count_ones() == 1 {
                    continue; // a ko
                }
            }
            win = self.attacker(o2, p & !captured);
        }
        if !self.over {
            self.memo.insert((o, p, true), win);
        }
        win
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::regime::Regime;
    use crate::side::Side;
    use crate::state::{Ctx, State};

    fn benson(s: &State, ctx: &Ctx) -> bool {
        crate::benson::alive_in(&s.pos, ctx.attacker.opponent(), &ctx.targets)
    }

    /// The start of a position from rows ([`crate::problem::from_rows`]),
    /// `first` to move, the book regime.
    fn posed_rows(rows: &[&str], first: Side) -> (Problem, State, Ctx) {
        let problem = crate::problem::from_rows(rows);
        let ctx = Ctx::new(&problem, Regime::BOOK, None);
        let s = State::start(&problem, &ctx, first);
        (problem, s, ctx)
    }

    /// The plain search's status (no static knowledge), `first` to move.
    fn searched(problem: &Problem, first: Side) -> crate::Status {
        let options = crate::Options {
            regime: Regime::BOOK,
            eye_shapes: false,
            max_pv: 0,
            threat_search: 0,
            ..crate::Options::default()
        };
        let a = crate::analyse(problem, first, &options, None, None);
        assert!(a.status.is_proven(), "{first} first: cut off");
        a.status
    }

    /// A corner eye of three points in an L (A19, B19, A18) with Black's
    /// poke on B19, and a one-point eye (D19): A19 is no liberty of
    /// White's chain, so Benson's test does not count the L, but Black's
    /// A18 is answered by A19 (taking two stones) and A19 by A18.
    const POKED_L: [&str; 4] = [".XO.O#+", ".OOOO#+", "OOO###+", "###++++"];

    #[test]
    fn a_poked_corner_eye_and_a_one_point_eye_live_where_benson_does_not_see_it() {
        for first in [Side::Attacker, Side::Defender] {
            let (problem, s, ctx) = posed_rows(&POKED_L, first);
            assert!(crate::safety::applies(&s, &ctx), "{first} first");
            assert!(alive(&s.pos, &ctx), "{first} first");
            assert!(!benson(&s, &ctx), "{first} first");
            assert_eq!(
                searched(&problem, first),
                crate::Status::Alive,
                "{first} first"
            );
        }
    }

    /// A false eye: White's corner chain has one real eye (A19) and a
    /// point C19 it shares with the lone stone D19, whose only liberty it
    /// is: that stone has one region, so it falls, and with it C19, and
    /// the corner chain has one eye. The test must refuse it (the search:
    /// Black kills, playing first).
    const FALSE_EYE: [&str; 4] = [".O.OX#+", "OOOXX#+", "###XX#+", "+++++++"];

    #[test]
    fn a_false_eye_is_refused() {
        let (problem, s, ctx) = posed_rows(&FALSE_EYE, Side::Attacker);
        assert!(!alive(&s.pos, &ctx));
        assert_ne!(searched(&problem, Side::Attacker), crate::Status::Alive);
    }

    /// One good region is no life: the corner L alone (D19 a White
    /// stone: no second eye).
    #[test]
    fn one_region_is_not_enough() {
        let rows = [".XOOO#+", ".OOOO#+", "OOO###+", "###++++"];
        let (problem, s, ctx) = posed_rows(&rows, Side::Attacker);
        assert!(!alive(&s.pos, &ctx));
        assert_ne!(searched(&problem, Side::Attacker), crate::Status::Alive);
    }

    /// With a ko on the board or exit points the caller does not ask.
    #[test]
    fn the_turn_conditions_are_safetys() {
        let (_, s, mut ctx) = posed_rows(&POKED_L, Side::Attacker);
        assert!(crate::safety::applies(&s, &ctx));
        ctx.any_exit = true;
        assert!(!crate::safety::applies(&s, &ctx));
    }

    /// The local game of a one-point region next to two chains: the
    /// attacker cannot play it, and both chains breathe in it.
    #[test]
    fn a_point_between_two_chains_is_good_for_both() {
        let mut memo = HashMap::new();
        let mut game = Local {
            nb: vec![0],
            all: 1,
            edge: 1,
            walls: vec![1, 1],
            memo: &mut memo,
            nodes: 0,
            over: false,
        };
        assert!(game.attacker(0, 0));
        // A two-point region whose far point touches no wall (a corner
        // pair: 0 on the edge, 1 inside): the attacker takes 0 and then
        // the wall has no liberty there unless the defender takes it back
        // on 1, which would be a ko (the stone on 1 alone, its one
        // liberty the point it took): refused, so the region is lost.
        let mut memo = HashMap::new();
        let mut game = Local {
            nb: vec![2, 1],
            all: 3,
            edge: 1,
            walls: vec![1],
            memo: &mut memo,
            nodes: 0,
            over: false,
        };
        assert!(!game.attacker(0, 0));
    }
}
