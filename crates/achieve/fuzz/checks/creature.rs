//! Creatures and tiles from any text: reading never panics, a creature
//! prints back to itself, and the family of a creature on a tile (the first
//! line the creature, the second the tile) is built without panicking.

use miai_achieve::{Area, Creature, family};

/// The widest tile tried.
const TILE_SPAN: i64 = 16;

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (first, second) = text.split_once('\n').unwrap_or((text, ""));
    let creature = first.parse::<Creature>();
    if let Ok(c) = &creature {
        let printed = c.to_string();
        assert_eq!(printed.parse::<Creature>().as_ref(), Ok(c), "{printed:?}");
    }
    // Finding a tiling of a wide tile takes seconds (periods up to 1024):
    // keep to narrow tiles, the point is the family.
    let narrow = |t: &str| {
        let cells: Vec<i64> = t
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        let (lo, hi) = (cells.iter().min(), cells.iter().max());
        lo.zip(hi)
            .is_none_or(|(lo, hi)| hi.saturating_sub(*lo) <= TILE_SPAN)
    };
    let area = if narrow(second) {
        Area::parse_tile(second)
    } else {
        return;
    };
    if let (Ok(c), Ok(area)) = (creature, area) {
        for anchor in [0, c.len() / 2, c.len()] {
            for mirror in [false, true] {
                let _ = family(&c, &area, anchor, mirror);
            }
        }
    }
}
