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

/// The settled test: every liberty touches, besides the essential chain,
/// only safe chains and useless empty points.
pub fn is_settled(race: &Race, region: &VertexSet, owner: Color) -> bool {
    let pos = race.position();
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
/// of the search region.
pub fn candidates(race: &Race, region: &VertexSet, owner: Color) -> Vec<Vertex> {
    search_region(race, region, owner)
        .iter()
        .filter(|&v| {
            race.position().color_at(v).is_none()
                && point_attribute(race, v) == PointAttribute::Useful
        })
        .collect()
}
