//! Empty-point attributes, liberty counts (手数) and the settled test of a
//! sub-position (seed 002 §3, §4.2).

use miai_goban::{Color, Vertex, VertexSet};

use crate::attribute::{Attribute, PointAttribute};
use crate::race::Race;

/// The attribute of the empty point `v` by the seed's three rules: counts
/// its distinct essential/unknown neighbour chains and its empty
/// neighbours.
pub fn point_attribute(race: &Race, v: Vertex) -> PointAttribute {
    let pos = race.position();
    let mut chains: Vec<Vertex> = Vec::new();
    let mut empties = 0;
    for &u in pos.graph().neighbors(v) {
        match race.attribute(u) {
            None => empties += 1,
            Some(Attribute::Essential | Attribute::Unknown) => {
                if let Some(h) = pos.chain_head(u)
                    && !chains.contains(&h)
                {
                    chains.push(h);
                }
            }
            Some(Attribute::Safe) => {}
        }
    }
    PointAttribute::classify(chains.len(), empties)
}

/// The attributes of the empty points of `region`, in vertex order.
pub fn point_attributes(race: &Race, region: &VertexSet) -> Vec<(Vertex, PointAttribute)> {
    region
        .iter()
        .filter(|&v| race.position().color_at(v).is_none())
        .map(|v| (v, point_attribute(race, v)))
        .collect()
}

/// The liberties of `owner`'s essential stones that lie in `region`.
pub fn liberties(race: &Race, region: &VertexSet, owner: Color) -> VertexSet {
    let pos = race.position();
    let mut libs = VertexSet::default();
    for v in race.essential_stones(owner).iter() {
        for &u in pos.graph().neighbors(v) {
            if region.contains(u) && pos.color_at(u).is_none() {
                libs.insert(u);
            }
        }
    }
    libs
}

/// The liberty count (手数) with the seed's sign: Black's essential chain
/// positive, White's negative.
pub fn signed_count(race: &Race, region: &VertexSet, owner: Color) -> i64 {
    let n = liberties(race, region, owner).len() as i64;
    if owner == Color::Black { n } else { -n }
}

/// The **escape points** of `owner`'s essential chain in `region`: its
/// liberties next to a safe chain of its own colour, where its stone joins
/// the two and the chain escapes ([`Race::escaped`]; issue 25: where two
/// liberty areas meet, a chain reaches the safe stones its own colour,
/// attacking there, has in the other chain's area). They are candidates
/// even where useless, and a count with one is not settled.
pub fn escape_points(race: &Race, region: &VertexSet, owner: Color) -> VertexSet {
    let pos = race.position();
    liberties(race, region, owner)
        .iter()
        .filter(|&l| {
            pos.graph().neighbors(l).iter().any(|&u| {
                pos.color_at(u) == Some(owner) && race.attribute(u) == Some(Attribute::Safe)
            })
        })
        .collect()
}

/// The settled test: every liberty touches, besides the essential chain,
/// only safe chains and useless empty points; and none is an escape point
/// ([`escape_points`]).
pub fn is_settled(race: &Race, region: &VertexSet, owner: Color) -> bool {
    let pos = race.position();
    if !escape_points(race, region, owner).is_empty() {
        return false;
    }
    liberties(race, region, owner).iter().all(|l| {
        pos.graph()
            .neighbors(l)
            .iter()
            .all(|&u| match race.attribute(u) {
                None => point_attribute(race, u) == PointAttribute::Useless,
                Some(Attribute::Safe) => true,
                Some(Attribute::Essential) => pos.color_at(u) == Some(owner),
                Some(Attribute::Unknown) => false,
            })
    })
}

/// The search region: the points reached from the essential chain's
/// liberties through useful empty points and unknown stones; a useless
/// point is reached but not crossed, so it cuts off what lies behind it
/// (seed figs. 11-12).
pub fn search_region(race: &Race, region: &VertexSet, owner: Color) -> VertexSet {
    let pos = race.position();
    let mut reached = VertexSet::default();
    let mut stack: Vec<Vertex> = liberties(race, region, owner).iter().collect();
    for &v in &stack {
        reached.insert(v);
    }
    while let Some(v) = stack.pop() {
        let crosses = match race.attribute(v) {
            None => point_attribute(race, v) == PointAttribute::Useful,
            Some(Attribute::Unknown) => true,
            _ => false,
        };
        if !crosses {
            continue;
        }
        for &u in pos.graph().neighbors(v) {
            if region.contains(u) && !reached.contains(u) {
                let inside = matches!(race.attribute(u), None | Some(Attribute::Unknown));
                if inside {
                    reached.insert(u);
                    stack.push(u);
                }
            }
        }
    }
    reached
}

/// The candidate points of the automatic expansion: the useful empty points
/// of the search region and of the eyes ([`eye_space`]).
pub fn candidates(race: &Race, region: &VertexSet, owner: Color) -> Vec<Vertex> {
    let escapes = escape_points(race, region, owner);
    (search_region(race, region, owner) | eye_space(race, region, owner) | escapes)
        .iter()
        .filter(|&v| {
            race.position().color_at(v).is_none()
                && (point_attribute(race, v) == PointAttribute::Useful || escapes.contains(v))
        })
        .collect()
}

/// The count of a chain that lives (two eyes in the sub-position): more
/// liberties than the board has points, so no race can outlast it. Signed
/// like [`signed_count`].
pub fn life_count(race: &Race, owner: Color) -> i64 {
    let n = race.position().graph().len() as i64 + 1;
    if owner == Color::Black { n } else { -n }
}

/// Whether `owner`'s essential chain has two eyes inside `region`, so the
/// attacker can never capture it there: Benson's test of unconditional
/// life on the owner's chains that touch the region. A *part* is a
/// connected set of the region's points not of the owner's colour; it is
/// vital to a chain when every empty point of the part is a liberty of the
/// chain and every stone bordering the part is of a chain still in the
/// set. Chains with fewer than two vital parts leave the set, and so do the
/// parts they border, until nothing changes; the essential chain lives if
/// it stays (it must be one chain). The attacker's stones inside a vital
/// part change nothing: they can never fill its last point.
pub fn is_alive(race: &Race, region: &VertexSet, owner: Color) -> bool {
    if race.escaped(owner) {
        return true;
    }
    let pos = race.position();
    let ess = race.essential_stones(owner);
    let Some(first) = ess.iter().next() else {
        return false;
    };
    let Some(ess_head) = pos.chain_head(first) else {
        return false;
    };
    if !ess.iter().all(|v| pos.chain_head(v) == Some(ess_head)) {
        return false;
    }
    // The parts: for each, the empty points' liberty chains (the chains
    // every empty point touches) and the bordering chains; `None` if a
    // non-owner point outside the region or a safe stone borders it.
    struct Part {
        border: Vec<Vertex>,
        vital_to: Vec<Vertex>,
    }
    let mut parts: Vec<Part> = Vec::new();
    let mut seen = VertexSet::default();
    for start in region.iter() {
        if seen.contains(start) || pos.color_at(start) == Some(owner) {
            continue;
        }
        let mut stack = vec![start];
        seen.insert(start);
        let mut ok = true;
        let mut border: Vec<Vertex> = Vec::new();
        let mut vital_to: Option<Vec<Vertex>> = None;
        while let Some(v) = stack.pop() {
            let mut touches: Vec<Vertex> = Vec::new();
            for &u in pos.graph().neighbors(v) {
                if pos.color_at(u) == Some(owner) {
                    if race.attribute(u) == Some(Attribute::Safe) {
                        ok = false;
                    } else if let Some(h) = pos.chain_head(u) {
                        if !border.contains(&h) {
                            border.push(h);
                        }
                        if !touches.contains(&h) {
                            touches.push(h);
                        }
                    }
                } else if !region.contains(u) {
                    ok = false;
                } else if !seen.contains(u) {
                    seen.insert(u);
                    stack.push(u);
                }
            }
            if pos.color_at(v).is_none() {
                vital_to = Some(match vital_to {
                    None => touches,
                    Some(prev) => prev.into_iter().filter(|h| touches.contains(h)).collect(),
                });
            }
        }
        if ok {
            parts.push(Part {
                border,
                vital_to: vital_to.unwrap_or_default(),
            });
        }
    }
    let mut chains: Vec<Vertex> = parts.iter().flat_map(|p| p.border.clone()).collect();
    chains.sort_unstable();
    chains.dedup();
    let mut alive_parts: Vec<bool> = vec![true; parts.len()];
    loop {
        let before = chains.len();
        chains.retain(|c| {
            parts
                .iter()
                .zip(&alive_parts)
                .filter(|(p, a)| **a && p.vital_to.contains(c))
                .count()
                >= 2
        });
        for (p, a) in parts.iter().zip(alive_parts.iter_mut()) {
            if p.border.iter().any(|h| !chains.contains(h)) {
                *a = false;
            }
        }
        if chains.len() == before {
            break;
        }
    }
    chains.contains(&ess_head)
}

/// The points of `region` inside `owner`'s eyes: the connected parts of
/// the region's points not of the owner's colour that only the owner's
/// essential stones border. The search region can miss an eye's inner
/// point (a pyramid four left after a capture: its liberties are useless,
/// its centre touches no stone), though nothing lies behind it to cut off.
pub fn eye_space(race: &Race, region: &VertexSet, owner: Color) -> VertexSet {
    let pos = race.position();
    let mut out = VertexSet::default();
    let mut seen = VertexSet::default();
    for start in region.iter() {
        if seen.contains(start) || pos.color_at(start) == Some(owner) {
            continue;
        }
        let mut part = vec![start];
        let mut stack = vec![start];
        seen.insert(start);
        let mut eye = true;
        while let Some(v) = stack.pop() {
            for &u in pos.graph().neighbors(v) {
                if pos.color_at(u) == Some(owner) {
                    if race.attribute(u) != Some(Attribute::Essential) {
                        eye = false;
                    }
                } else if !region.contains(u) {
                    eye = false;
                } else if !seen.contains(u) {
                    seen.insert(u);
                    part.push(u);
                    stack.push(u);
                }
            }
        }
        if eye {
            for v in part {
                out.insert(v);
            }
        }
    }
    out
}
