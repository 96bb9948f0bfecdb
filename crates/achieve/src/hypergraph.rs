//! A finite Maker-Breaker game: cells `0..n` and winning sets.

use std::fmt;
use std::str::FromStr;

use crate::error::HypergraphError;

/// Cells a position holds (a `u128` bitset).
pub const MAX_CELLS: usize = 128;
/// Distinct minimal winning sets the solver indexes (a `u128` set mask up
/// to 128 sets, a wider word array up to this limit).
pub const MAX_SETS: usize = 512;

/// Cells `0..cells` and winning sets as bitsets. Maker wins by occupying
/// every cell of one winning set; Breaker wins by preventing it.
///
/// Text form (`--sets FILE`): one winning set per line, cells as
/// non-negative integers separated by spaces or commas; `#` starts a
/// comment; blank lines are ignored; an optional first line `cells N`
/// declares cells `0..N` (cells in no set are allowed and play no role);
/// without it the board is `0..=max cell`.
///
/// ```
/// use miai_achieve::Hypergraph;
/// let h: Hypergraph = "cells 4\n0 1\n1,2\n".parse().unwrap();
/// assert_eq!(h.cells(), 4);
/// assert_eq!(h.sets(), &[0b011, 0b110]);
/// assert!("0 128".parse::<Hypergraph>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hypergraph {
    cells: usize,
    sets: Vec<u128>,
    labels: Option<Vec<i64>>,
}

impl Hypergraph {
    /// Build from sets of cell indices.
    pub fn new(cells: usize, sets: &[Vec<usize>]) -> Result<Self, HypergraphError> {
        if cells > MAX_CELLS {
            return Err(HypergraphError::TooManyCells {
                cells,
                max: MAX_CELLS,
            });
        }
        let mut masks = Vec::with_capacity(sets.len());
        for set in sets {
            let mut mask = 0u128;
            for &c in set {
                if c >= cells {
                    return Err(HypergraphError::CellTooLarge {
                        line: 0,
                        cell: c as u64,
                        max: cells,
                    });
                }
                if mask >> c & 1 == 1 {
                    return Err(HypergraphError::DuplicateCell {
                        line: 0,
                        cell: c as u64,
                    });
                }
                mask |= 1 << c;
            }
            masks.push(mask);
        }
        Hypergraph::from_masks(cells, masks)
    }

    /// Build from bitsets.
    pub fn from_masks(cells: usize, sets: Vec<u128>) -> Result<Self, HypergraphError> {
        if cells > MAX_CELLS {
            return Err(HypergraphError::TooManyCells {
                cells,
                max: MAX_CELLS,
            });
        }
        if sets.is_empty() {
            return Err(HypergraphError::NoSets);
        }
        let board = if cells == MAX_CELLS {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        if let Some(bad) = sets.iter().find(|&&s| s & !board != 0) {
            return Err(HypergraphError::CellTooLarge {
                line: 0,
                cell: (127 - (bad & !board).leading_zeros()) as u64,
                max: cells,
            });
        }
        Ok(Hypergraph {
            cells,
            sets,
            labels: None,
        })
    }

    /// Internal constructor for area families: the caller guarantees
    /// `cells <= MAX_CELLS`, every set non-empty and inside the board.
    pub(crate) fn from_family(cells: usize, sets: Vec<u128>, labels: Vec<i64>) -> Hypergraph {
        Hypergraph {
            cells,
            sets,
            labels: Some(labels),
        }
    }

    /// Attach a label (e.g. the line coordinate) to each cell, for display.
    pub fn with_labels(mut self, labels: Vec<i64>) -> Self {
        if labels.len() == self.cells {
            self.labels = Some(labels);
        }
        self
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The winning sets, as given.
    pub fn sets(&self) -> &[u128] {
        &self.sets
    }

    /// Cell labels, if any.
    pub fn labels(&self) -> Option<&[i64]> {
        self.labels.as_deref()
    }

    /// The label of a cell (its index when unlabelled).
    pub fn label(&self, cell: usize) -> i64 {
        self.labels
            .as_ref()
            .and_then(|l| l.get(cell).copied())
            .unwrap_or(cell as i64)
    }

    /// The sets as sorted lists of cell indices.
    pub fn set_lists(&self) -> Vec<Vec<usize>> {
        self.sets.iter().map(|&s| cells_of(s)).collect()
    }

    /// Distinct inclusion-minimal sets. Removing a superset is sound: Maker
    /// completing it completes the smaller set too.
    pub fn minimal_sets(&self) -> Vec<u128> {
        minimal(&self.sets)
    }

    /// The sets as a sorted list of sorted lists, for comparing families.
    pub fn canonical_sets(&self) -> Vec<Vec<usize>> {
        let mut v = self.set_lists();
        v.sort();
        v.dedup();
        v
    }
}

/// Distinct inclusion-minimal members of `sets`, in order of first
/// appearance.
pub(crate) fn minimal(sets: &[u128]) -> Vec<u128> {
    let mut out: Vec<u128> = Vec::new();
    for (i, &s) in sets.iter().enumerate() {
        let dominated = sets
            .iter()
            .enumerate()
            .any(|(j, &t)| t & !s == 0 && (t != s || j < i));
        if !dominated {
            out.push(s);
        }
    }
    out
}

/// Cell indices of a bitset, increasing.
pub(crate) fn cells_of(mut s: u128) -> Vec<usize> {
    let mut v = Vec::with_capacity(s.count_ones() as usize);
    while s != 0 {
        v.push(s.trailing_zeros() as usize);
        s &= s - 1;
    }
    v
}

impl FromStr for Hypergraph {
    type Err = HypergraphError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut declared: Option<usize> = None;
        let mut sets = Vec::new();
        let mut max_cell: Option<u64> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("");
            let trimmed = body.trim();
            if trimmed.is_empty() {
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix("cells") {
                if declared.is_some() || !sets.is_empty() {
                    return Err(HypergraphError::BadHeader {
                        line,
                        message: "`cells N` must come once, before the sets".into(),
                    });
                }
                let n: usize = rest
                    .trim()
                    .parse()
                    .map_err(|_| HypergraphError::BadHeader {
                        line,
                        message: format!("`cells{rest}`: N must be a non-negative integer"),
                    })?;
                if n > MAX_CELLS {
                    return Err(HypergraphError::TooManyCells {
                        cells: n,
                        max: MAX_CELLS,
                    });
                }
                declared = Some(n);
                continue;
            }
            let mut mask = 0u128;
            let mut column = 1;
            for piece in body.split_inclusive(|c: char| c == ',' || c.is_whitespace()) {
                let token = piece.trim_end_matches(|c: char| c == ',' || c.is_whitespace());
                if !token.is_empty() {
                    let cell: u64 = token.parse().map_err(|_| HypergraphError::BadToken {
                        line,
                        column,
                        text: token.to_string(),
                    })?;
                    let limit = declared.unwrap_or(MAX_CELLS);
                    if cell >= limit as u64 {
                        return Err(HypergraphError::CellTooLarge {
                            line,
                            cell,
                            max: limit,
                        });
                    }
                    if mask >> cell & 1 == 1 {
                        return Err(HypergraphError::DuplicateCell { line, cell });
                    }
                    mask |= 1 << cell;
                    max_cell = Some(max_cell.map_or(cell, |m| m.max(cell)));
                }
                column += piece.chars().count();
            }
            if mask == 0 {
                // Separators and no cell (`,`): not a set.
                return Err(HypergraphError::BadToken {
                    line,
                    column: body.chars().take_while(|c| c.is_whitespace()).count() + 1,
                    text: trimmed.to_string(),
                });
            }
            sets.push(mask);
        }
        let cells = declared.unwrap_or_else(|| max_cell.map_or(0, |m| m as usize + 1));
        Hypergraph::from_masks(cells, sets)
    }
}

impl fmt::Display for Hypergraph {
    /// The text form read by `FromStr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "cells {}", self.cells)?;
        for s in &self.sets {
            let v: Vec<String> = cells_of(*s).iter().map(|c| c.to_string()).collect();
            writeln!(f, "{}", v.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_line_of_separators_is_not_an_empty_set() {
        // Found by the `hypergraph` fuzz target: `,` read as a set without
        // cells, which prints as an empty line and does not read back.
        assert_eq!(
            "0 1\n , ,\n".parse::<Hypergraph>(),
            Err(HypergraphError::BadToken {
                line: 2,
                column: 2,
                text: ", ,".into()
            })
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            "0 1\n2 x".parse::<Hypergraph>(),
            Err(HypergraphError::BadToken {
                line: 2,
                column: 3,
                text: "x".into()
            })
        );
        assert_eq!(
            "0 1\n\n200".parse::<Hypergraph>(),
            Err(HypergraphError::CellTooLarge {
                line: 3,
                cell: 200,
                max: 128
            })
        );
        assert_eq!(
            "cells 3\n0 3".parse::<Hypergraph>(),
            Err(HypergraphError::CellTooLarge {
                line: 2,
                cell: 3,
                max: 3
            })
        );
        assert!(matches!(
            "cells 200".parse::<Hypergraph>(),
            Err(HypergraphError::TooManyCells { .. })
        ));
        assert_eq!(
            "1 1".parse::<Hypergraph>(),
            Err(HypergraphError::DuplicateCell { line: 1, cell: 1 })
        );
        assert_eq!(
            "# nothing".parse::<Hypergraph>(),
            Err(HypergraphError::NoSets)
        );
    }

    #[test]
    fn minimal_drops_duplicates_and_supersets() {
        assert_eq!(minimal(&[0b111, 0b011, 0b011, 0b100]), vec![0b011, 0b100]);
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(s in "\\PC{0,60}") {
            let _ = s.parse::<Hypergraph>();
        }

        #[test]
        fn display_round_trips(sets in prop::collection::vec(1u128..(1 << 12), 1..8)) {
            let h = Hypergraph::from_masks(12, sets).unwrap();
            prop_assert_eq!(h.to_string().parse::<Hypergraph>().unwrap(), h);
        }
    }
}
