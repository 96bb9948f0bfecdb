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

impl Strong {
    /// The search for `animal`'s strong game on `board`: its placements as
    /// cell masks, an empty table; refused if the board is too large for a
    /// mask or holds no placement.
    fn new(
        animal: &Polyomino,
        symmetry: Symmetry,
        board: &Board,
        limits: &Limits,
        cancel: Option<&Cancel>,
    ) -> Result<Self, PlaneError> {
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
        Ok(Strong {
            sets,
            table: HashMap::new(),
            meter: Meter::new(limits, cancel),
        })
    }
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
    let mut search = Strong::new(animal, symmetry, board, limits, cancel)?;
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

/// The first player's winning strategy in the strong game: for every
/// position `(first player's cells, second player's cells)` with the first
/// player to move that his strategy can reach against *every* reply of the
/// second player (every empty cell, dead or not), the cell he plays.
/// [`crate::verify::verify_strong`] checks it with its own code.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StrongStrategy {
    /// Board cells (bit `i` of a position is cell `i` in
    /// [`Board::cells`] order).
    pub cells: usize,
    /// Position -> the first player's move.
    pub moves: HashMap<(u64, u64), usize>,
}

/// Solve the strong game of `animal` on `board` and, if the first player
/// wins, write out his strategy against every reply (`Ok(None)` when he
/// does not win).
pub fn strategy(
    animal: &Polyomino,
    symmetry: Symmetry,
    board: &Board,
    limits: &Limits,
    cancel: Option<&Cancel>,
) -> Result<Result<Option<StrongStrategy>, Stop>, PlaneError> {
    let cells = board.cells().len();
    let mut search = Strong::new(animal, symmetry, board, limits, cancel)?;
    Ok((|| {
        if !search.first_wins(0, 0)? {
            return Ok(None);
        }
        let mut out = StrongStrategy {
            cells,
            moves: HashMap::new(),
        };
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let mut seen = std::collections::HashSet::new();
        search.walk(0, 0, full, &mut out, &mut seen)?;
        Ok(Some(out))
    })())
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

    /// Writes the first player's strategy from `(a, b)`, a position he
    /// wins, answering every empty cell the second player may take.
    fn walk(
        &mut self,
        a: u64,
        b: u64,
        full: u64,
        out: &mut StrongStrategy,
        seen: &mut std::collections::HashSet<(u64, u64)>,
    ) -> Result<(), Stop> {
        if !seen.insert((a, b)) {
            return Ok(());
        }
        let empty = full & !(a | b);
        if a.count_ones() == b.count_ones() {
            let mine = self.threats(a, b);
            if mine != 0 {
                out.moves.insert((a, b), mine.trailing_zeros() as usize);
                return Ok(());
            }
            let mut m = empty;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                if self.first_wins(a | bit, b)? {
                    out.moves.insert((a, b), bit.trailing_zeros() as usize);
                    return self.walk(a | bit, b, full, out, seen);
                }
            }
            Ok(()) // not a won position: leave the gap for the checker
        } else {
            let mut m = empty;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                self.walk(a, b | bit, full, out, seen)?;
            }
            Ok(())
        }
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

    /// The strong game by plain minimax: every empty cell tried, no threat
    /// rules, no dead-cell pruning; 1 = first player wins, 0 = draw, -1 =
    /// second player wins (strategy stealing says never -1, which is
    /// checked too).
    fn brute(sets: &[u64], cells: u32, a: u64, b: u64, memo: &mut HashMap<(u64, u64), i8>) -> i8 {
        if let Some(&v) = memo.get(&(a, b)) {
            return v;
        }
        let first = a.count_ones() == b.count_ones();
        let full = (1u64 << cells) - 1;
        let empty = full & !(a | b);
        let v = if empty == 0 {
            0
        } else {
            let mut best: i8 = if first { -1 } else { 1 };
            for c in 0..cells {
                let bit = 1u64 << c;
                if empty & bit == 0 {
                    continue;
                }
                let (na, nb) = if first { (a | bit, b) } else { (a, b | bit) };
                let own = if first { na } else { nb };
                let value = if sets.iter().any(|&s| s & !own == 0) {
                    if first { 1 } else { -1 }
                } else {
                    brute(sets, cells, na, nb, memo)
                };
                best = if first {
                    best.max(value)
                } else {
                    best.min(value)
                };
                if best == if first { 1 } else { -1 } {
                    break;
                }
            }
            best
        };
        memo.insert((a, b), v);
        v
    }

    #[test]
    fn strong_strategies_pass_the_independent_checker() {
        use crate::verify::verify_strong;
        for (name, side) in [("V3", 3), ("Z4", 3), ("L4", 4), ("I3", 4)] {
            let animal = Polyomino::named(name).unwrap();
            let board = Board::rect(side, side);
            let s = strategy(&animal, Symmetry::Free, &board, &Limits::none(), None)
                .unwrap()
                .unwrap()
                .unwrap();
            let checked = verify_strong(animal.cells(), Symmetry::Free, &board, &s);
            assert!(checked.is_ok(), "{name}: {checked:?}");
            // Tampering: a reply dropped, or played on an occupied cell.
            let mut gone = s.clone();
            gone.moves.remove(&(0, 0));
            assert!(verify_strong(animal.cells(), Symmetry::Free, &board, &gone).is_err());
            let (&(a, b), _) = s.moves.iter().find(|((a, _), _)| *a != 0).unwrap();
            let mut occupied = s.clone();
            occupied.moves.insert((a, b), a.trailing_zeros() as usize);
            assert!(verify_strong(animal.cells(), Symmetry::Free, &board, &occupied).is_err());
            // On the board below, the first player cannot win.
            let small = Board::rect(side - 1, side - 1);
            if let Ok(r) = strategy(&animal, Symmetry::Free, &small, &Limits::none(), None) {
                assert!(r.unwrap().is_none(), "{name} on the smaller board");
            }
        }
    }

    #[test]
    fn the_search_agrees_with_plain_minimax_on_small_boards() {
        let mut animals: Vec<Polyomino> =
            (1..=5).flat_map(crate::plane::free_polyominoes).collect();
        animals.push(Polyomino::named("snaky").unwrap());
        let boards = [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (5, 2), (6, 2)];
        let mut wins = 0;
        for animal in &animals {
            for &(w, h) in &boards {
                let board = Board::rect(w, h);
                let sets: Vec<u64> = board
                    .placements(animal, Symmetry::Free)
                    .iter()
                    .map(|s| s.iter().fold(0u64, |m, &c| m | 1 << c))
                    .collect();
                if sets.is_empty() {
                    continue;
                }
                let exact = brute(&sets, (w * h) as u32, 0, 0, &mut HashMap::new());
                assert!(exact >= 0, "strategy stealing: {animal:#} on {w}x{h}");
                let r = first_player_wins(animal, Symmetry::Free, &board, &Limits::none(), None)
                    .unwrap();
                assert_eq!(r.first_wins, Some(exact == 1), "{animal:#} on {w}x{h}");
                wins += usize::from(exact == 1);
            }
        }
        // Both outcomes occur, so the comparison says something.
        assert!(wins > 5, "{wins}");
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
