//! Creatures and tiles from any text: reading never panics, a creature
//! prints back to itself, and the family of a creature on a tile (the first
//! line the creature, the second the tile) is built without panicking.

use miai_achieve::{Area, Creature, family};

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
    let area = Area::parse_tile(second).or_else(|_| Area::parse_tile(text));
    if let (Ok(c), Ok(area)) = (creature, area) {
        for anchor in [0, c.len() / 2, c.len()] {
            for mirror in [false, true] {
                let _ = family(&c, &area, anchor, mirror);
            }
        }
    }
}
