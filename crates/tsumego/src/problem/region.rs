//! Region inference and the cut-out solver board.

use std::collections::VecDeque;
use std::sync::Arc;

use miai_goban::{Color, Graph, Position, Setup, Vertex, VertexSet};

use crate::error::ProblemError;

/// How the region was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionKind {
    /// Given by the user.
    Given,
    /// The area enclosed by the attacker's wall.
    Closed,
    /// The stones' bounding box grown by a line, with a frame round it.
    Framed,
}

/// The outcome of inference, on the original board.
pub(crate) struct Found {
    pub region: VertexSet,
    pub attacker: Color,
    pub kind: RegionKind,
    /// Empty points that get attacker frame stones.
    pub frame: Vec<Vertex>,
    /// Exit points ([`ProblemSpec::exits`](crate::ProblemSpec::exits)):
    /// frame points on the open side left empty and in play, not target
    /// points.
    pub exits: Vec<Vertex>,
}

/// Infers the attacker and the region (see the module docs of `problem`).
pub(crate) fn infer(
    pos: &Position,
    attacker: Option<Color>,
    region: Option<&[Vertex]>,
    targets: Option<&[Vertex]>,
    reach: usize,
    room: bool,
    exits: bool,
) -> Result<Found, ProblemError> {
    let g = pos.graph();
    if let (Some(a), Some(t)) = (attacker, targets) {
        for &v in t {
            if pos.color_at(v) != Some(a.opponent()) {
                return Err(ProblemError::BadPoint {
                    point: g.vertex_name(v),
                    reason: format!(
                        "a target must be a stone of the defender ({})",
                        a.opponent()
                    ),
                });
            }
        }
    }
    if let Some(points) = region {
        let mut set = VertexSet::new();
        for &v in points {
            if !g.contains(v) {
                return Err(ProblemError::BadPoint {
                    point: format!("#{}", v.index()),
                    reason: "not a point of the board".into(),
                });
            }
            set.insert(v);
        }
        // A region point's whole chain is in play.
        for v in points {
            if pos.color_at(*v).is_some() {
                for s in pos.chain_stones(*v).iter() {
                    set.insert(s);
                }
            }
        }
        let attacker = match attacker {
            Some(a) => a,
            None => guess_by_edges(pos, &set).ok_or_else(|| {
                ProblemError::AmbiguousAttacker("both colours lie alike in the region".into())
            })?,
        };
        return Ok(Found {
            region: set,
            attacker,
            kind: RegionKind::Given,
            frame: Vec::new(),
            exits: Vec::new(),
        });
    }
    let stones: Vec<Vertex> = g
        .vertices()
        .filter(|&v| pos.color_at(v).is_some())
        .collect();
    if stones.is_empty() {
        return Err(ProblemError::NoRegion("the board has no stones".into()));
    }
    let Some((w, h)) = g.dimensions() else {
        return Err(ProblemError::NoRegion(
            "regions are inferred on grid boards only".into(),
        ));
    };
    let (x0, y0, x1, y1) = bbox(g, &stones);
    // Seeds of the open board: empty points beyond the box grown by one.
    let far = |x: usize, y: usize| x + 1 < x0 || x > x1 + 1 || y + 1 < y0 || y > y1 + 1;
    let seeds: Vec<Vertex> = g
        .vertices()
        .filter(|&v| pos.color_at(v).is_none())
        .filter(|&v| g.xy(v).is_some_and(|(x, y)| far(x, y)))
        .collect();
    if seeds.is_empty() {
        return Err(ProblemError::NoRegion(
            "the stones leave no open board around them".into(),
        ));
    }
    let open = flood_empty(pos, &seeds);
    // Chains touching the open board, by colour.
    let mut wall = [VertexSet::new(), VertexSet::new()];
    for v in g.vertices() {
        if let Some(c) = pos.color_at(v)
            && g.neighbors(v).iter().any(|u| open.contains(*u))
        {
            wall[c.index()].insert(v);
        }
    }
    let has_inner = |c: Color| {
        stones
            .iter()
            .any(|&s| pos.color_at(s) == Some(c) && !wall_chain(pos, &wall[c.index()], s))
    };
    let attacker = match (attacker, targets.and_then(|t| t.first())) {
        (Some(a), _) => a,
        (None, Some(&t)) => match pos.color_at(t) {
            Some(c) => c.opponent(),
            None => {
                return Err(ProblemError::BadPoint {
                    point: g.vertex_name(t),
                    reason: "a target must be a stone".into(),
                });
            }
        },
        (None, None) => {
            let bw = !wall[Color::Black.index()].is_empty();
            let ww = !wall[Color::White.index()].is_empty();
            match (bw, ww) {
                (true, false) if has_inner(Color::White) => Color::Black,
                (false, true) if has_inner(Color::Black) => Color::White,
                _ => guess_by_edges(pos, &g.all()).ok_or_else(|| {
                    ProblemError::AmbiguousAttacker("both colours lie alike on the board".into())
                })?,
            }
        }
    };
    let defender = attacker.opponent();
    // Chains touching the open board are outside (the attacker's wall, the
    // defender's friends outside); the region is what the target stones
    // reach without crossing them.
    let mut blocked = open;
    for w in &wall {
        for v in w.iter() {
            for s in pos.chain_stones(v).iter() {
                blocked.insert(s);
            }
        }
    }
    let seeds: Vec<Vertex> = match targets {
        Some(t) => t.to_vec(),
        None => stones
            .iter()
            .copied()
            .filter(|&s| pos.color_at(s) == Some(defender) && !blocked.contains(s))
            .collect(),
    };
    if let Some(&open_target) = seeds.iter().find(|s| blocked.contains(**s))
        && targets.is_some()
    {
        return Err(ProblemError::NotClosed {
            color: defender,
            vertex: g.vertex_name(open_target),
        });
    }
    let enclosed = !seeds.is_empty()
        && (targets.is_some()
            || !stones
                .iter()
                .any(|&s| pos.color_at(s) == Some(defender) && blocked.contains(s)));
    let region = enclosed.then(|| flood(g, &seeds, &blocked));
    // A weak attacker chain in the wall (few liberties) could be captured:
    // then the wall is not safe, and a frame models the problem better.
    let weak_wall = region.as_ref().is_some_and(|r| {
        targets.is_none()
            && r.iter().any(|v| {
                g.neighbors(v).iter().any(|&u| {
                    pos.color_at(u) == Some(attacker)
                        && !r.contains(u)
                        && pos.liberty_count(u) <= WEAK_LIBERTIES
                })
            })
    });
    if let Some(region) = region
        && !weak_wall
    {
        return Ok(Found {
            region,
            attacker,
            kind: RegionKind::Closed,
            frame: Vec::new(),
            exits: Vec::new(),
        });
    }
    // Open: the defender's neighbourhood, framed. Empty points within
    // `reach` steps of a defender stone (through empty points and defender
    // stones, never through an attacker stone), the defender stones reached,
    // and every attacker chain touching them; the attacker gets a safe frame
    // on every empty point just outside.
    // The box: the defender's stones' box grown by `reach`, inside the box
    // of all stones grown by one; on a side where the defender's stones
    // come within `EDGE_LINES` lines of the edge, out to the edge (the
    // space between the group and the edge is its eye space).
    let dstones: Vec<Vertex> = stones
        .iter()
        .copied()
        .filter(|&s| pos.color_at(s) == Some(defender))
        .collect();
    let (dx0, dy0, dx1, dy1) = bbox(g, &dstones);
    let grow = reach;
    let low = |d0: usize, a0: usize| {
        if d0 < EDGE_LINES {
            0
        } else {
            a0.saturating_sub(1).max(d0.saturating_sub(grow))
        }
    };
    let high = |d1: usize, a1: usize, n: usize| {
        if n - 1 - d1 < EDGE_LINES {
            n - 1
        } else {
            (a1 + 1).min(n - 1).min(d1 + grow)
        }
    };
    let bx0 = low(dx0, x0);
    let by0 = low(dy0, y0);
    let bx1 = high(dx1, x1, w);
    let by1 = high(dy1, y1, h);
    let in_box = |v: Vertex| {
        g.xy(v)
            .is_some_and(|(x, y)| (bx0..=bx1).contains(&x) && (by0..=by1).contains(&y))
    };
    // Lines from the nearest board edge (0: the first line).
    let line = |v: Vertex| {
        g.xy(v)
            .map_or(0, |(x, y)| x.min(y).min(w - 1 - x).min(h - 1 - y))
    };
    // Distances in empty points from the defender's stones (0-1 search:
    // a defender stone costs nothing, and neither does a step from it
    // straight towards the edge, so the space between the group and the
    // edge, where its eyes are, is always in play; the frame narrows the
    // outside only). The first line reaches one step further along the
    // edge: hanes and placements there are the usual tesuji, and a frame
    // stone on the edge next to the group makes ko shapes the book
    // position does not have.
    let mut dist = vec![usize::MAX; g.len()];
    let mut queue: VecDeque<Vertex> = VecDeque::new();
    for &s in &stones {
        if pos.color_at(s) == Some(defender) {
            dist[s.index()] = 0;
            queue.push_back(s);
        }
    }
    while let Some(v) = queue.pop_front() {
        let dv = dist[v.index()];
        for &u in g.neighbors(v) {
            if !in_box(u) {
                continue;
            }
            let du = match pos.color_at(u) {
                Some(c) if c == defender => 0,
                None if dv == 0 && line(u) < line(v) => 0,
                None if dv < reach => dv + 1,
                None if dv == reach && line(u) == 0 && line(v) == 0 => dv + 1,
                _ => continue,
            };
            if du < dist[u.index()] {
                dist[u.index()] = du;
                if du == dv {
                    queue.push_front(u);
                } else {
                    queue.push_back(u);
                }
            }
        }
    }
    let mut region = VertexSet::new();
    for v in g.vertices() {
        if dist[v.index()] != usize::MAX {
            region.insert(v);
        }
    }
    for v in region.iter().collect::<Vec<_>>() {
        for &u in g.neighbors(v) {
            if pos.color_at(u) == Some(attacker) && !region.contains(u) {
                let chain = pos.chain_stones(u);
                for s in chain.iter() {
                    region.insert(s);
                }
                // A weak attacker chain (few liberties) can be captured: its
                // liberties are in play too, not frame.
                let libs = pos.liberties(u);
                if libs.len() <= WEAK_LIBERTIES {
                    for l in libs.iter() {
                        if in_box(l) {
                            region.insert(l);
                        }
                    }
                }
            }
        }
    }
    // A frame stone must not close a gap between two of the attacker's
    // chains that a point in play also separates: the defender's stone on
    // that point would have the frame's point as a liberty (Cho Elementary's
    // Prob0070: a frame stone on E16, between White's D16 and F16, turns
    // Black's capture at E17 into a ko). Such points are in play, the frame
    // one step further.
    for u in gap_points(pos, attacker, &region, &in_box) {
        region.insert(u);
        for &w in g.neighbors(u) {
            if pos.color_at(w) == Some(attacker) {
                for s in pos.chain_stones(w).iter() {
                    region.insert(s);
                }
            }
        }
    }
    // With `room`, in a live problem (the defender to play): a frame stone
    // must not take one of the two liberties of a defender's stone played on
    // an empty point of the region that the attacker's stones otherwise
    // surround (Cho Elementary's Prob0082: a frame stone on D16 below D17,
    // between White's C17 and E17, makes Black's capture at D17 a ko the
    // book position does not have). Such frame points are in play, the
    // frame one step further. One pass: the points put in play are not
    // examined again, so the frame moves by one point at most.
    if room && pos.to_move() == defender {
        for u in cramped_points(pos, attacker, &region) {
            region.insert(u);
            for &w in g.neighbors(u) {
                if pos.color_at(w) == Some(attacker) {
                    for s in pos.chain_stones(w).iter() {
                        region.insert(s);
                    }
                }
            }
        }
    }
    let mut frame: Vec<Vertex> = Vec::new();
    let mut is_frame = VertexSet::new();
    for v in region.iter() {
        for &u in g.neighbors(v) {
            if pos.color_at(u).is_none() && !region.contains(u) && is_frame.insert(u) {
                frame.push(u);
            }
        }
    }
    // A frame stone needs a liberty beyond the frame (or a frame neighbour
    // that has one); a frame point with no way out is a pocket of the
    // region: in play.
    settle_frame(pos, &mut region, &is_frame, &mut frame);
    // With `exits`, in a kill problem (the attacker to play): the frame
    // points on the open side are exits, in play and empty.
    let mut exit_points: Vec<Vertex> = Vec::new();
    if exits && pos.to_move() == attacker {
        exit_points = open_side(pos, &region, &frame);
        if !exit_points.is_empty() {
            frame.retain(|f| !exit_points.contains(f));
            for &e in &exit_points {
                region.insert(e);
                is_frame.remove(e);
            }
            // A frame stone whose way out was an exit's is a pocket now.
            settle_frame(pos, &mut region, &is_frame, &mut frame);
            // An exit whose empty neighbours off the region all kept frame
            // stones (a concave corner of the frame) has no liberty on the
            // open side: a frame point again.
            let open = |e: Vertex, region: &VertexSet, is_frame: &VertexSet| {
                g.neighbors(e).iter().any(|&u| {
                    pos.color_at(u).is_none() && !region.contains(u) && !is_frame.contains(u)
                })
            };
            // (Until none is left: a point turned back can close another.)
            loop {
                let closed: Vec<Vertex> = exit_points
                    .iter()
                    .copied()
                    .filter(|&e| !open(e, &region, &is_frame))
                    .collect();
                if closed.is_empty() {
                    break;
                }
                exit_points.retain(|e| !closed.contains(e));
                for &e in &closed {
                    region.remove(e);
                    if is_frame.insert(e) {
                        frame.push(e);
                    }
                }
                settle_frame(pos, &mut region, &is_frame, &mut frame);
            }
        }
    }
    Ok(Found {
        region,
        attacker,
        kind: RegionKind::Framed,
        frame,
        exits: exit_points,
    })
}

/// Keeps the frame points with a way out (an empty point beyond the
/// region and the frame, or a frame neighbour that has one) and puts the
/// others, pockets, in the region.
fn settle_frame(
    pos: &Position,
    region: &mut VertexSet,
    is_frame: &VertexSet,
    frame: &mut Vec<Vertex>,
) {
    let g = pos.graph();
    let mut free = VertexSet::new();
    loop {
        let mut changed = false;
        for &f in frame.iter() {
            if free.contains(f) {
                continue;
            }
            let ok = g.neighbors(f).iter().any(|&u| {
                (pos.color_at(u).is_none() && !region.contains(u) && !is_frame.contains(u))
                    || free.contains(u)
            });
            if ok {
                free.insert(f);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for &f in frame.iter() {
        if !free.contains(f) {
            region.insert(f);
        }
    }
    frame.retain(|f| free.contains(*f));
}

/// The exit points of a frame ([`ProblemSpec::exits`](crate::ProblemSpec::exits)):
/// the frame points that a defender's stone could step onto from an
/// empty point of the region, and that touch at least [`EXIT_LIBERTIES`]
/// empty points off the region (frame points among them: on the board as
/// given they are empty), so that a stone there has room on the open
/// side. A frame point behind the attacker's stones (no empty region
/// point beside it) or in a gap between them (one empty point beyond)
/// stays a frame stone; so does one whose empty neighbours off the region
/// all keep frame stones once the exits are in play (the caller's check:
/// an exit has a liberty on the open side).
fn open_side(pos: &Position, region: &VertexSet, frame: &[Vertex]) -> Vec<Vertex> {
    let g = pos.graph();
    frame
        .iter()
        .copied()
        .filter(|&f| {
            g.neighbors(f)
                .iter()
                .any(|&u| region.contains(u) && pos.color_at(u).is_none())
        })
        .filter(|&f| {
            g.neighbors(f)
                .iter()
                .filter(|&&u| pos.color_at(u).is_none() && !region.contains(u))
                .count()
                >= EXIT_LIBERTIES
        })
        .collect()
}

/// A defender within this many lines of an edge (on the third line or
/// lower) has the space between it and the edge in play.
const EDGE_LINES: usize = 3;

/// The empty points off the region an exit point must touch: a
/// defender's stone there has that many liberties on the open side.
const EXIT_LIBERTIES: usize = 2;

/// An attacker chain with at most this many liberties is weak: the frame
/// does not take its liberties.
const WEAK_LIBERTIES: usize = 3;

/// The attacker's chains (by head) among `v`'s neighbours.
fn attacker_heads(pos: &Position, attacker: Color, v: Vertex) -> Vec<Vertex> {
    let mut heads: Vec<Vertex> = Vec::new();
    for &w in pos.graph().neighbors(v) {
        if pos.color_at(w) == Some(attacker)
            && let Some(h) = pos.chain_head(w)
            && !heads.contains(&h)
        {
            heads.push(h);
        }
    }
    heads
}

/// The empty points just outside `region` (in the box) that would get a
/// frame stone between two of the attacker's chains, where an empty point
/// of the region beside them lies between two of the same chains: the
/// frame stone would take a liberty from a defender's stone played there.
fn gap_points(
    pos: &Position,
    attacker: Color,
    region: &VertexSet,
    in_box: &dyn Fn(Vertex) -> bool,
) -> Vec<Vertex> {
    let g = pos.graph();
    let mut gaps: Vec<Vertex> = Vec::new();
    for v in region.iter() {
        if pos.color_at(v).is_some() {
            continue;
        }
        let inner = attacker_heads(pos, attacker, v);
        if inner.len() < 2 {
            continue;
        }
        for &u in g.neighbors(v) {
            if pos.color_at(u).is_some() || region.contains(u) || !in_box(u) || gaps.contains(&u) {
                continue;
            }
            let outer = attacker_heads(pos, attacker, u);
            let shared = outer.iter().filter(|h| inner.contains(h)).count();
            if shared >= 2 {
                gaps.push(u);
            }
        }
    }
    gaps
}

/// The empty points just outside `region` that are a liberty of a cramped
/// empty point of the region: one whose neighbours are, but for at most
/// two, the attacker's stones (so a defender's stone there has at most two
/// liberties, this point one of them).
fn cramped_points(pos: &Position, attacker: Color, region: &VertexSet) -> Vec<Vertex> {
    let g = pos.graph();
    let mut out: Vec<Vertex> = Vec::new();
    for v in region.iter() {
        if pos.color_at(v).is_some() {
            continue;
        }
        let open = g
            .neighbors(v)
            .iter()
            .filter(|&&u| pos.color_at(u) != Some(attacker))
            .count();
        if open > 2 {
            continue;
        }
        for &u in g.neighbors(v) {
            if pos.color_at(u).is_none() && !region.contains(u) && !out.contains(&u) {
                out.push(u);
            }
        }
    }
    out
}

/// Whether `s`'s chain has a stone in `wall`.
fn wall_chain(pos: &Position, wall: &VertexSet, s: Vertex) -> bool {
    pos.chain_stones(s).intersects(wall)
}

/// Column/row bounding box of `points` (min x, min y, max x, max y).
fn bbox(g: &Graph, points: &[Vertex]) -> (usize, usize, usize, usize) {
    let mut b = (usize::MAX, usize::MAX, 0, 0);
    for &v in points {
        if let Some((x, y)) = g.xy(v) {
            b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        }
    }
    b
}

/// Empty points reachable from `seeds` through empty points.
fn flood_empty(pos: &Position, seeds: &[Vertex]) -> VertexSet {
    let g = pos.graph();
    let mut seen = VertexSet::new();
    let mut queue: VecDeque<Vertex> = VecDeque::new();
    for &s in seeds {
        if seen.insert(s) {
            queue.push_back(s);
        }
    }
    while let Some(v) = queue.pop_front() {
        for &u in g.neighbors(v) {
            if pos.color_at(u).is_none() && seen.insert(u) {
                queue.push_back(u);
            }
        }
    }
    seen
}

/// Points reachable from `seeds` avoiding `blocked`.
fn flood(g: &Graph, seeds: &[Vertex], blocked: &VertexSet) -> VertexSet {
    let mut seen = VertexSet::new();
    let mut queue: VecDeque<Vertex> = VecDeque::new();
    for &s in seeds {
        if !blocked.contains(s) && seen.insert(s) {
            queue.push_back(s);
        }
    }
    while let Some(v) = queue.pop_front() {
        for &u in g.neighbors(v) {
            if !blocked.contains(u) && seen.insert(u) {
                queue.push_back(u);
            }
        }
    }
    seen
}

/// The attacker by geometry: the colour whose stones in `within` lie
/// farther from the board edges the stones hug (the defender sits in the
/// corner or on the side, the attacker round it). `None` on a tie.
fn guess_by_edges(pos: &Position, within: &VertexSet) -> Option<Color> {
    let g = pos.graph();
    let (w, h) = g.dimensions()?;
    let stones: Vec<Vertex> = within
        .iter()
        .filter(|&v| pos.color_at(v).is_some())
        .collect();
    let (x0, y0, x1, y1) = bbox(g, &stones);
    // The edges the problem sits on: those its box is nearest to.
    let near = |d: usize| d <= 3;
    let (left, top, right, bottom) = (near(x0), near(y0), near(w - 1 - x1), near(h - 1 - y1));
    let dist = |v: Vertex| -> usize {
        let Some((x, y)) = g.xy(v) else { return 0 };
        let mut d = 0;
        if left {
            d += x;
        }
        if top {
            d += y;
        }
        if right {
            d += w - 1 - x;
        }
        if bottom {
            d += h - 1 - y;
        }
        d
    };
    let mut sum = [0usize; 2];
    let mut count = [0usize; 2];
    for &s in &stones {
        if let Some(c) = pos.color_at(s) {
            sum[c.index()] += dist(s);
            count[c.index()] += 1;
        }
    }
    let (b, wh) = (Color::Black.index(), Color::White.index());
    if count[b] == 0 {
        return Some(Color::Black);
    }
    if count[wh] == 0 {
        return Some(Color::White);
    }
    // Compare means without division.
    let (mb, mw) = (sum[b] * count[wh], sum[wh] * count[b]);
    match mb.cmp(&mw) {
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Equal => None,
    }
}

/// The solver board cut out of the original.
pub(crate) struct Cut {
    pub graph: Arc<Graph>,
    pub to_original: Vec<Option<Vertex>>,
    pub region: VertexSet,
}

/// Cuts the solver board: the region, its neighbours, the stones of every
/// chain touching it, and one permanent liberty for each such chain with
/// liberties beyond the cut.
pub(crate) fn cut(original: &Setup, region: &VertexSet) -> Result<Cut, ProblemError> {
    let pos = Position::from_setup(original.clone(), miai_goban::Rules::japanese())?;
    let g = pos.graph();
    let mut keep = *region;
    for v in region.iter() {
        for &u in g.neighbors(v) {
            keep.insert(u);
        }
    }
    // Whole chains of the kept stones.
    for v in keep.iter().collect::<Vec<_>>() {
        if pos.color_at(v).is_some() && !region.contains(v) {
            for s in pos.chain_stones(v).iter() {
                keep.insert(s);
            }
        }
    }
    let old: Vec<Vertex> = keep.iter().collect();
    let mut index = vec![usize::MAX; g.len()];
    for (i, v) in old.iter().enumerate() {
        index[v.index()] = i;
    }
    let mut names: Vec<String> = old.iter().map(|&v| g.vertex_name(v)).collect();
    let mut to_original: Vec<Option<Vertex>> = old.iter().map(|&v| Some(v)).collect();
    let mut edges = Vec::new();
    for (i, &v) in old.iter().enumerate() {
        for &u in g.neighbors(v) {
            let j = index[u.index()];
            if j != usize::MAX && i < j {
                edges.push((i, j));
            }
        }
    }
    // Permanent liberties for outside chains with liberties beyond the cut.
    let mut done = VertexSet::new();
    for &v in &old {
        if region.contains(v) || pos.color_at(v).is_none() || done.contains(v) {
            continue;
        }
        let chain = pos.chain_stones(v);
        for s in chain.iter() {
            done.insert(s);
        }
        let outside = pos
            .liberties(v)
            .iter()
            .any(|l| index[l.index()] == usize::MAX);
        if outside {
            let i = names.len();
            names.push(format!("+out{i}"));
            to_original.push(None);
            edges.push((index[v.index()], i));
        }
    }
    let graph = Graph::from_edges(names, &edges)
        .map_err(|e| ProblemError::NoRegion(format!("cannot build the solver board: {e}")))?;
    let mut cut_region = VertexSet::new();
    for v in region.iter() {
        cut_region.insert(crate::vx(index[v.index()]));
    }
    Ok(Cut {
        graph: Arc::new(graph),
        to_original,
        region: cut_region,
    })
}
