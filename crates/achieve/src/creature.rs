//! A creature: the target shape of a 1-D achievement game.

use std::fmt;
use std::str::FromStr;

use crate::error::CreatureError;

/// Largest span (last cell minus first) accepted; far beyond any search.
const MAX_SPAN: i64 = 1 << 20;

/// A finite set of integers, kept sorted. Maker wins by occupying every
/// cell of some translate `t + C` (and of a mirror image `t - C` when the
/// game allows mirrors).
///
/// Stones are numbered 0.. in increasing order; an *anchor* is such an index.
///
/// ```
/// use miai_achieve::Creature;
/// let c: Creature = "5, 0, 4, 7, 15".parse().unwrap();
/// assert_eq!(c.cells(), &[0, 4, 5, 7, 15]);
/// assert_eq!(c.middle(), 2);
/// assert_eq!(c.offsets_about(2).unwrap(), vec![-5, -1, 0, 2, 10]);
/// assert!("0,1,1".parse::<Creature>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Creature {
    cells: Vec<i64>,
}

impl Creature {
    /// Build from cells in any order; rejects an empty or repeated list.
    pub fn new(cells: &[i64]) -> Result<Self, CreatureError> {
        if cells.is_empty() {
            return Err(CreatureError::Empty);
        }
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(CreatureError::Duplicate { cell: w[0] });
        }
        let span = sorted[sorted.len() - 1].saturating_sub(sorted[0]);
        if span > MAX_SPAN {
            return Err(CreatureError::SpanTooLarge {
                span,
                max: MAX_SPAN,
            });
        }
        Ok(Creature { cells: sorted })
    }

    /// The cells, increasing.
    pub fn cells(&self) -> &[i64] {
        &self.cells
    }

    /// Number of stones.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a creature has at least one stone.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Last cell minus first.
    pub fn span(&self) -> i64 {
        self.cells[self.cells.len() - 1] - self.cells[0]
    }

    /// The middle stone (index `len / 2`), the seed's anchor.
    pub fn middle(&self) -> usize {
        self.cells.len() / 2
    }

    /// The same shape translated so that its first cell is 0.
    pub fn normalized(&self) -> Creature {
        let first = self.cells[0];
        Creature {
            cells: self.cells.iter().map(|c| c - first).collect(),
        }
    }

    /// The mirror image, normalized.
    pub fn mirror(&self) -> Creature {
        let last = self.cells[self.cells.len() - 1];
        let mut cells: Vec<i64> = self.cells.iter().map(|c| last - c).collect();
        cells.sort_unstable();
        Creature { cells }
    }

    /// True when the creature equals its own mirror image up to translation.
    pub fn is_symmetric(&self) -> bool {
        self.normalized() == self.mirror()
    }

    /// Check that `anchor` names a stone.
    pub fn check_anchor(&self, anchor: usize) -> Result<(), CreatureError> {
        if anchor < self.cells.len() {
            Ok(())
        } else {
            Err(CreatureError::AnchorOutOfRange {
                anchor,
                len: self.cells.len(),
            })
        }
    }

    /// The cells as offsets from the anchor stone (the seed writes the Fig. 3
    /// creature as {-5,-1,0,2,10} about its middle stone).
    pub fn offsets_about(&self, anchor: usize) -> Result<Vec<i64>, CreatureError> {
        self.check_anchor(anchor)?;
        let a = self.cells[anchor];
        Ok(self.cells.iter().map(|c| c - a).collect())
    }
}

impl FromStr for Creature {
    type Err = CreatureError;

    /// Comma- or space-separated integers, e.g. `0,4,5,7,15`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let cells = parse_int_list(s)
            .map_err(|(index, text)| CreatureError::NotAnInteger { index, text })?;
        Creature::new(&cells)
    }
}

impl fmt::Display for Creature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.cells)
    }
}

/// Parse a comma/space separated list of integers; on failure the 1-based
/// index and text of the bad item.
pub(crate) fn parse_int_list(s: &str) -> Result<Vec<i64>, (usize, String)> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| t.parse::<i64>().map_err(|_| (i + 1, t.to_string())))
        .collect()
}

pub(crate) fn write_list(f: &mut fmt::Formatter<'_>, cells: &[i64]) -> fmt::Result {
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!("".parse::<Creature>(), Err(CreatureError::Empty));
        assert_eq!(" , ".parse::<Creature>(), Err(CreatureError::Empty));
        assert_eq!(
            "0,4,4".parse::<Creature>(),
            Err(CreatureError::Duplicate { cell: 4 })
        );
        assert!(matches!(
            "0,x".parse::<Creature>(),
            Err(CreatureError::NotAnInteger { index: 2, .. })
        ));
        assert!(matches!(
            "0,99999999999".parse::<Creature>(),
            Err(CreatureError::SpanTooLarge { .. })
        ));
    }

    #[test]
    fn mirror_of_fig3_creature() {
        // {0,4,5,7,15} reflected: 15 - x = {0,8,10,11,15}.
        let c: Creature = "0,4,5,7,15".parse().unwrap();
        assert_eq!(c.mirror().cells(), &[0, 8, 10, 11, 15]);
        assert!(!c.is_symmetric());
        assert!("0,1,3,4".parse::<Creature>().unwrap().is_symmetric());
    }

    proptest::proptest! {
        #[test]
        fn parsing_arbitrary_text_never_panics(s in "\\PC{0,40}") {
            let _ = s.parse::<Creature>();
        }
    }
}
