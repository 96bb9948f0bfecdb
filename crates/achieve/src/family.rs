//! The family of an area: the Maker-Breaker game of seed 004's lemmas.

use std::collections::HashMap;

use crate::area::Area;
use crate::creature::Creature;
use crate::error::CreatureError;
use crate::hypergraph::Hypergraph;

/// The family of `creature` on `area` for the stone `anchor` (0-based, in
/// increasing order; the seed uses the middle one): for every placement of
/// the creature whose anchor stone lies in the area, the set of its cells
/// inside the area. With `mirror`, mirrored placements count too (their
/// anchor is the mirror image of the same stone).
///
/// Why a Breaker win proves the creature a loser (seed 004, Theorem 3):
/// translates of the area tile the line; every placement has its anchor in
/// exactly one tile, where it must fill one family set; Breaker answers each
/// Maker move in the same tile with his winning strategy there.
///
/// Sets are listed in order of the anchor's cell, duplicates dropped.
///
/// ```
/// use miai_achieve::{Area, Creature, family};
/// let c: Creature = "0,4,5,7,15".parse().unwrap();
/// let h = family(&c, &Area::consecutive(14).unwrap(), 2, false).unwrap();
/// assert_eq!(h.set_lists()[0], vec![0, 2, 10]); // seed, Lemma 2
/// ```
pub fn family(
    creature: &Creature,
    area: &Area,
    anchor: usize,
    mirror: bool,
) -> Result<Hypergraph, CreatureError> {
    creature.check_anchor(anchor)?;
    let index: HashMap<i64, usize> = area
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i))
        .collect();
    let a = creature.cells()[anchor];
    let mut shapes = vec![creature.cells().iter().map(|c| c - a).collect::<Vec<_>>()];
    if mirror {
        shapes.push(creature.cells().iter().map(|c| a - c).collect());
    }
    let mut sets: Vec<u128> = Vec::new();
    for shape in &shapes {
        for &cell in area.cells() {
            let mut mask = 0u128;
            for off in shape {
                if let Some(&i) = index.get(&(cell + off)) {
                    mask |= 1 << i;
                }
            }
            if !sets.contains(&mask) {
                sets.push(mask);
            }
        }
    }
    Ok(Hypergraph::from_family(
        area.len(),
        sets,
        area.cells().to_vec(),
    ))
}

/// The game on a finite segment of `len` cells `0..len`: every placement
/// (and mirrored placement, with `mirror`) lying wholly inside. A Maker win
/// here is a Maker win on the whole line (he plays inside the segment;
/// Breaker's stones outside it are wasted). `None` if no placement fits or
/// `len` exceeds the bitset.
///
/// ```
/// use miai_achieve::{Creature, segment};
/// let c: Creature = "0,1".parse().unwrap();
/// assert_eq!(segment(&c, 3, false).unwrap().set_lists(), vec![vec![0, 1], vec![1, 2]]);
/// ```
pub fn segment(creature: &Creature, len: usize, mirror: bool) -> Option<Hypergraph> {
    if len > crate::hypergraph::MAX_CELLS {
        return None;
    }
    let c = creature.normalized();
    let mut shapes = vec![c.cells().to_vec()];
    if mirror && !c.is_symmetric() {
        shapes.push(c.mirror().cells().to_vec());
    }
    let span = c.span();
    let mut sets = Vec::new();
    for shape in &shapes {
        for t in 0..=(len as i64 - 1 - span) {
            let mask = shape.iter().fold(0u128, |m, &x| m | 1 << (t + x));
            if !sets.contains(&mask) {
                sets.push(mask);
            }
        }
    }
    if sets.is_empty() {
        return None;
    }
    Some(Hypergraph::from_family(
        len,
        sets,
        (0..len as i64).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_on_a_non_consecutive_tile() {
        // Creature {0,4}, anchor 0, tile {0,1,4,5} (cells 0,1,2,3 of the
        // game). Placements anchored at 0,1,4,5 occupy {0,4},{1,5},{4,8},
        // {5,9}; inside the tile: {0,4},{1,5},{4},{5} = indices {0,2},
        // {1,3},{2},{3} (worked by hand).
        let c: Creature = "0,4".parse().unwrap();
        let t = Area::tile(&[0, 1, 4, 5]).unwrap();
        let h = family(&c, &t, 0, false).unwrap();
        assert_eq!(
            h.set_lists(),
            vec![vec![0, 2], vec![1, 3], vec![2], vec![3]]
        );
        assert_eq!(h.labels(), Some(&[0, 1, 4, 5][..]));
    }

    #[test]
    fn mirror_adds_the_reflected_placements() {
        // {0,1,3} anchor 1 on 3 cells: direct placements {a-1,a,a+2},
        // mirrored {a+1,a,a-2}; cut to 0..3 (by hand):
        // direct a=0,1,2: {0,2},{0,1},{1,2}; mirrored: {0,1},{1,2},{0,2}
        // (duplicates dropped).
        let c: Creature = "0,1,3".parse().unwrap();
        let a = Area::consecutive(3).unwrap();
        let plain = family(&c, &a, 1, false).unwrap();
        assert_eq!(plain.set_lists(), vec![vec![0, 2], vec![0, 1], vec![1, 2]]);
        let both = family(&c, &a, 1, true).unwrap();
        assert_eq!(both.set_lists().len(), 3);
        // A symmetric creature anchored at its centre stone gains nothing.
        let s: Creature = "0,1,3,5,6".parse().unwrap();
        let a = Area::consecutive(9).unwrap();
        assert_eq!(
            family(&s, &a, 2, false).unwrap().canonical_sets(),
            family(&s, &a, 2, true).unwrap().canonical_sets()
        );
    }

    #[test]
    fn bad_anchor_is_an_error() {
        let c: Creature = "0,1".parse().unwrap();
        let a = Area::consecutive(3).unwrap();
        assert!(matches!(
            family(&c, &a, 2, false),
            Err(CreatureError::AnchorOutOfRange { anchor: 2, len: 2 })
        ));
    }
}
