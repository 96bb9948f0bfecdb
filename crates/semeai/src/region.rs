//! Splitting a race into sub-positions (seed 002 §4.1): closed regions
//! bounded by essential and safe chains, holding empty points and unknown
//! chains; the bounding chains belong to the sub-position.

use miai_goban::{Color, Vertex, VertexSet};

use crate::attribute::Attribute;
use crate::error::RaceError;
use crate::race::Race;

/// One sub-position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubPosition {
    /// Number from 1, in the order of the region's first vertex.
    pub index: usize,
    /// The inside: empty points and stones of unknown chains.
    pub region: VertexSet,
    /// Stones of the bounding essential and safe chains.
    pub boundary: VertexSet,
    /// Colours of the bounding essential chains.
    pub essential_colors: Vec<Color>,
}

/// What the method can do with a sub-position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Bounded by essential chains of one colour: analysed, counted for
    /// that colour.
    Race(Color),
    /// Touches no essential chain: no part of the race.
    Idle,
    /// Bounded by essential chains of both colours (shared liberties):
    /// outside the seed's method.
    Outside,
}

impl SubPosition {
    /// The scope of this sub-position.
    pub fn scope(&self) -> Scope {
        match self.essential_colors.as_slice() {
            [] => Scope::Idle,
            [c] => Scope::Race(*c),
            _ => Scope::Outside,
        }
    }

    /// A short name: "sub-position N (A1 B1 ...)", with at most eight points.
    pub fn name(&self, race: &Race) -> String {
        let pts: Vec<String> = self.region.iter().take(8).map(|v| race.name(v)).collect();
        let more = if self.region.len() > 8 { " ..." } else { "" };
        format!("sub-position {} ({}{more})", self.index, pts.join(" "))
    }
}

/// Splits the race into sub-positions, checking that it is a race: an
/// essential chain of each colour, every region closed.
pub fn split(race: &Race) -> Result<Vec<SubPosition>, RaceError> {
    let black = !race.essential_stones(Color::Black).is_empty();
    let white = !race.essential_stones(Color::White).is_empty();
    match (black, white) {
        (false, false) => return Err(RaceError::NoEssential),
        (true, false) => return Err(RaceError::OneColour("Black".into())),
        (false, true) => return Err(RaceError::OneColour("White".into())),
        _ => {}
    }
    let pos = race.position();
    let graph = pos.graph();
    let inside =
        |v: Vertex| pos.color_at(v).is_none() || race.attribute(v) == Some(Attribute::Unknown);
    let mut seen = VertexSet::default();
    let mut out = Vec::new();
    for start in graph.vertices() {
        if seen.contains(start) || !inside(start) {
            continue;
        }
        let mut region = VertexSet::default();
        let mut boundary = VertexSet::default();
        let mut colors = Vec::new();
        let mut stack = vec![start];
        seen.insert(start);
        while let Some(v) = stack.pop() {
            region.insert(v);
            for &u in graph.neighbors(v) {
                if inside(u) {
                    if seen.insert(u) {
                        stack.push(u);
                    }
                } else if !boundary.contains(u) {
                    let chain = pos.chain_stones(u);
                    boundary |= chain;
                    if let (Some(Attribute::Essential), Some(c)) =
                        (race.attribute(u), pos.color_at(u))
                        && !colors.contains(&c)
                    {
                        colors.push(c);
                    }
                }
            }
        }
        for (side, set) in race.open_sides() {
            if colors.is_empty() {
                break;
            }
            if let Some(v) = (region & *set).first_vertex() {
                return Err(RaceError::Unclosed {
                    vertex: race.name(v),
                    side: (*side).to_string(),
                });
            }
        }
        colors.sort_by_key(|c| *c != Color::Black);
        out.push(SubPosition {
            index: out.len() + 1,
            region,
            boundary,
            essential_colors: colors,
        });
    }
    Ok(out)
}
