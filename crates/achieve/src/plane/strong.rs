//! Harary's original (strong) achievement game: both players mark cells
//! and the first to complete a copy of the animal wins; a full board with
//! no copy is a draw. Strategy stealing shows the second player cannot
//! win, so the question is whether the first player forces a win.
//!
//! A plain exact search (boards up to 64 cells), kept apart from the
//! Maker-Breaker solver: it is what the published board numbers measure,
//! and comparing it with the weak game shows where the two differ.

use std::collections::HashMap;

use miai_search::{Cancel, Limits, Meter, Stop};

use super::{Board, PlaneError, Polyomino, Symmetry};

/// Largest board the strong search takes (cells).
pub const MAX_STRONG_CELLS: usize = 64;

/// The answer of [`first_player_wins`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrongResult {
    /// `Some(true)`: the first player forces a win; `Some(false)`: the
    /// second player draws or wins; `None`: the search stopped.
    pub first_wins: Option<bool>,
    /// Why the search stopped, if it did.
    pub stop: Option<Stop>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Does the first player force a win of the strong game of `animal` on
/// `board`?
pub fn first_player_wins(
    animal: &Polyomino,
    symmetry: Symmetry,
    board: &Board,
    limits: &Limits,
    cancel: Option<&Cancel>,
) -> Result<StrongResult, PlaneError> {
    let cells = board.cells().len();
    if cells > MAX_STRONG_CELLS {
        return Err(PlaneError::BoardTooLarge {
            cells,
            max: MAX_STRONG_CELLS,
        });
    }
    let sets: Vec<u64> = board
        .placements(animal, symmetry)
        .iter()
        .map(|s| s.iter().fold(0u64, |m, &c| m | 1 << c))
        .collect();
    if sets.is_empty() {
        return Err(PlaneError::NoPlacement {
            cells: animal.len(),
        });
    }
    let mut search = Strong {
        sets,
        table: HashMap::new(),
        meter: Meter::new(limits, cancel),
    };
    let result = search.first_wins(0, 0);
    let nodes = search.meter.nodes();
    Ok(match result {
        Ok(w) => StrongResult {
            first_wins: Some(w),
            stop: None,
            nodes,
        },
        Err(stop) => StrongResult {
            first_wins: None,
            stop: Some(stop),
            nodes,
        },
    })
}

struct Strong {
    sets: Vec<u64>,
    table: HashMap<(u64, u64), bool>,
    meter: Meter,
}

impl Strong {
    /// The cells that complete a copy for the player owning `own` (the
    /// opponent owns `other`): sets with exactly one empty cell.
    fn threats(&self, own: u64, other: u64) -> u64 {
        let mut t = 0;
        for &s in &self.sets {
            if s & other == 0 {
                let missing = s & !own;
                if missing.count_ones() == 1 {
                    t |= missing;
                }
            }
        }
        t
    }

    /// Cells of some placement still open to either player.
    fn live(&self, a: u64, b: u64) -> u64 {
        let mut l = 0;
        for &s in &self.sets {
            if s & b == 0 || s & a == 0 {
                l |= s;
            }
        }
        l & !(a | b)
    }

    /// `a`: the first player's cells, `b`: the second's. The player to
    /// move follows from the counts.
    fn first_wins(&mut self, a: u64, b: u64) -> Result<bool, Stop> {
        self.meter.tick()?;
        if let Some(&w) = self.table.get(&(a, b)) {
            return Ok(w);
        }
        let first_to_move = a.count_ones() == b.count_ones();
        let (me, you) = if first_to_move { (a, b) } else { (b, a) };
        let mine = self.threats(me, you);
        let result = if mine != 0 {
            // The mover completes a copy now.
            first_to_move
        } else {
            let yours = self.threats(you, me);
            if yours.count_ones() >= 2 {
                // Two threats: one survives the block.
                !first_to_move
            } else {
                let moves = if yours != 0 { yours } else { self.live(a, b) };
                if moves == 0 {
                    false // nothing left to make: a draw
                } else {
                    let mut order: Vec<(u32, u64)> = Vec::new();
                    let mut m = moves;
                    while m != 0 {
                        let bit = m & m.wrapping_neg();
                        m &= m - 1;
                        let weight = self
                            .sets
                            .iter()
                            .filter(|&&s| s & bit != 0 && (s & you == 0 || s & me == 0))
                            .count() as u32;
                        order.push((weight, bit));
                    }
                    order.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
                    let mut outcome = !first_to_move;
                    for (_, bit) in order {
                        let w = if first_to_move {
                            self.first_wins(a | bit, b)?
                        } else {
                            self.first_wins(a, b | bit)?
                        };
                        if w == first_to_move {
                            outcome = first_to_move;
                            break;
                        }
                    }
                    outcome
                }
            }
        };
        self.table.insert((a, b), result);
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strong(name: &str, side: usize) -> Option<bool> {
        let animal = Polyomino::named(name).unwrap();
        match first_player_wins(
            &animal,
            Symmetry::Free,
            &Board::rect(side, side),
            &Limits::none(),
            None,
        ) {
            Ok(r) => r.first_wins,
            // The animal does not fit: nobody makes it.
            Err(PlaneError::NoPlacement { .. }) => Some(false),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn strong_board_numbers_of_the_small_winners() {
        // Harary's board numbers (the strong game): monomino 1, domino 2,
        // V3 3, I3 4, Z4 3, L4 4, T4 5: a win on b x b, none on (b-1).
        for (name, b) in [
            ("domino", 2),
            ("V3", 3),
            ("I3", 4),
            ("Z4", 3),
            ("L4", 4),
            ("T4", 5),
        ] {
            assert_eq!(strong(name, b), Some(true), "{name} on {b}x{b}");
            if b > 2 {
                assert_eq!(strong(name, b - 1), Some(false), "{name} on {0}x{0}", b - 1);
            }
        }
    }

    #[test]
    fn the_strong_game_is_never_easier_than_the_weak_one() {
        // A strong win is a weak win (the first player's strategy ignores
        // the second's copies only to lose more often), so on every board
        // where the weak game is lost the strong one is too.
        use crate::{Player, Solver};
        for name in ["V3", "I3", "L4", "T4", "Z4", "O4"] {
            let animal = Polyomino::named(name).unwrap();
            for side in 2..=4 {
                let board = Board::rect(side, side);
                let Ok(game) = board.hypergraph(&animal, Symmetry::Free) else {
                    continue;
                };
                let weak = Solver::new(&game, Limits::none())
                    .unwrap()
                    .solve(Player::Maker, &mut |_| {})
                    .verdict
                    .winner();
                let strong = strong(name, side);
                if strong == Some(true) {
                    assert_eq!(weak, Some(Player::Maker), "{name} {side}");
                }
            }
        }
    }
}
