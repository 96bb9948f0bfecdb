//! Harary's classification of animals: winners (Maker completes a copy on
//! some finite board, hence on the plane) and losers (a paving blocks every
//! copy), with the *board number* — the smallest `n` with a Maker win on
//! the `n x n` board — found by the exact Maker-Breaker solver.
//!
//! The game here is the weak (Maker-Breaker) one: Breaker only blocks. In
//! Harary's original achievement game both players build and the first to
//! finish wins, so a board number of the weak game can be smaller than the
//! one published for the strong game (`docs/achieve.md`).

use serde::Serialize;

use super::paving::{self, Paving, PavingResult};
use super::{Board, PlaneError, Polyomino, Symmetry};
use crate::{Cancel, Limits, Player, Progress, Solver, Stop, Verdict};

/// The result of the Maker-Breaker game on one `n x n` board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardResult {
    /// Side of the square board.
    pub side: usize,
    /// `Some(player)` when proven; `None` when the search stopped.
    pub winner: Option<Player>,
    /// Why the search stopped, if it did.
    pub stop: Option<Stop>,
    /// Solver nodes.
    pub nodes: u64,
}

/// Why a board could not be searched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TooLarge {
    /// Side of the square board.
    pub side: usize,
    /// What the solver said.
    pub reason: String,
}

/// The search for the board number of an animal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardNumber {
    /// The smallest side with a Maker win, if one was found.
    pub number: Option<usize>,
    /// Every board searched, smallest first (boards the animal does not fit
    /// on are left out).
    pub boards: Vec<BoardResult>,
    /// The first board the solver could not take (too many cells or
    /// placements), if the search got that far.
    pub too_large: Option<TooLarge>,
}

/// Solve the weak game of `animal` on `n x n` boards, `n = 1..=max_side`,
/// until Maker wins. Each board gets `limits` afresh; a board cut off ends
/// the search (a larger board is not evidence for the number).
pub fn board_number(
    animal: &Polyomino,
    symmetry: Symmetry,
    max_side: usize,
    limits: &Limits,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
) -> BoardNumber {
    let mut out = BoardNumber {
        number: None,
        boards: Vec::new(),
        too_large: None,
    };
    for side in 1..=max_side {
        let board = Board::rect(side, side);
        let game = match board.hypergraph(animal, symmetry) {
            Ok(game) => game,
            Err(PlaneError::NoPlacement { .. }) => continue,
            Err(e) => {
                out.too_large = Some(TooLarge {
                    side,
                    reason: e.to_string(),
                });
                break;
            }
        };
        let solver = match Solver::new(&game, *limits) {
            Ok(s) => s,
            Err(e) => {
                out.too_large = Some(TooLarge {
                    side,
                    reason: e.to_string(),
                });
                break;
            }
        };
        let mut solver = match cancel {
            Some(c) => solver.with_cancel(c),
            None => solver,
        };
        let report = solver.solve(Player::Maker, progress);
        let (winner, stop) = match report.verdict {
            Verdict::Proven(p) => (Some(p), None),
            Verdict::CutOff(s) => (None, Some(s)),
        };
        out.boards.push(BoardResult {
            side,
            winner,
            stop,
            nodes: report.nodes,
        });
        match winner {
            Some(Player::Maker) => {
                out.number = Some(side);
                break;
            }
            Some(Player::Breaker) => {}
            None => break,
        }
    }
    out
}

/// Winner, loser, or not settled by the searches made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Maker wins on a finite board, so on the plane.
    Winner,
    /// A paving blocks every copy.
    Loser,
    /// Neither was shown within the bounds.
    Open,
}

/// One animal's classification with its evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Classification {
    /// The animal (canonical form).
    pub animal: String,
    /// Its name, if it has one.
    pub name: Option<&'static str>,
    /// Number of cells.
    pub cells: usize,
    /// The verdict.
    pub class: Class,
    /// The blocking paving, for a loser.
    pub paving: Option<Paving>,
    /// The paving search's nodes.
    pub paving_nodes: u64,
    /// Largest period side searched when no paving was found.
    pub paving_searched: Option<usize>,
    /// The board number search (for animals without a paving).
    pub boards: Option<BoardNumber>,
}

/// Bounds for [`classify`].
#[derive(Debug, Clone)]
pub struct Bounds {
    /// Largest period side for pavings.
    pub max_period: usize,
    /// Largest square board for Maker-Breaker.
    pub max_board: usize,
    /// Limits per paving search and per board.
    pub limits: Limits,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_period: 8,
            max_board: 8,
            limits: Limits::none().with_nodes(20_000_000),
        }
    }
}

/// Classify one animal: a paving makes it a loser; otherwise the board
/// number search may make it a winner; otherwise it stays open.
pub fn classify(
    animal: &Polyomino,
    symmetry: Symmetry,
    bounds: &Bounds,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
) -> Classification {
    let canonical = animal.canonical();
    let paved = paving::search(animal, symmetry, bounds.max_period, &bounds.limits, cancel);
    let mut out = Classification {
        animal: format!("{canonical:#}"),
        name: animal.name(),
        cells: animal.len(),
        class: Class::Open,
        paving: None,
        paving_nodes: paved.nodes,
        paving_searched: None,
        boards: None,
    };
    match paved.result {
        PavingResult::Found { paving } => {
            out.class = Class::Loser;
            out.paving = Some(paving);
            return out;
        }
        PavingResult::NoneUpTo { max_side } => out.paving_searched = Some(max_side),
        PavingResult::Impossible | PavingResult::Stopped { .. } => {}
    }
    let boards = board_number(
        animal,
        symmetry,
        bounds.max_board,
        &bounds.limits,
        cancel,
        progress,
    );
    if boards.number.is_some() {
        out.class = Class::Winner;
    }
    out.boards = Some(boards);
    out
}

/// The winner's strategy for `animal` on the `side x side` board (Maker
/// first) as a certificate whose origin names the animal and the board, so
/// `verify` derives the placements again; `None` if the limits stop the
/// solve or the board is beyond the solver.
pub fn certify(
    animal: &Polyomino,
    symmetry: Symmetry,
    side: usize,
    limits: &Limits,
) -> Option<crate::Certificate> {
    let board = Board::rect(side, side);
    let game = board.hypergraph(animal, symmetry).ok()?;
    let mut solver = Solver::new(&game, *limits).ok()?;
    let origin = crate::Origin::Plane {
        animal: animal.clone(),
        symmetry,
        board,
    };
    crate::Certificate::build(&mut solver, &game, origin, Player::Maker, &mut |_| {}).ok()
}

/// Classify every free polyomino of `1..=max_cells` cells (at most 8).
pub fn table(
    max_cells: usize,
    bounds: &Bounds,
    cancel: Option<&Cancel>,
    on_row: &mut dyn FnMut(&Classification),
) -> Vec<Classification> {
    let mut rows = Vec::new();
    for n in 1..=max_cells.min(8) {
        for animal in super::free_polyominoes(n) {
            let row = classify(&animal, Symmetry::Free, bounds, cancel, &mut |_| {});
            on_row(&row);
            rows.push(row);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certificate::{Certificate, Origin};
    use crate::verify::verify;

    fn number(name: &str) -> BoardNumber {
        let animal = Polyomino::named(name).unwrap();
        board_number(
            &animal,
            Symmetry::Free,
            6,
            &Limits::none(),
            None,
            &mut |_| {},
        )
    }

    #[test]
    fn weak_board_numbers_of_the_small_winners() {
        // Harary's board numbers (Gardner 1979; Harary 1982) for the strong
        // game are monomino 1, domino 2, I3 4, V3 3, Z4 3, L4 4, T4 5. The
        // weak game agrees on all of these: Maker wins on b x b and
        // Breaker on (b-1) x (b-1).
        for (name, b) in [
            ("monomino", 1),
            ("domino", 2),
            ("I3", 4),
            ("V3", 3),
            ("Z4", 3),
            ("L4", 4),
            ("T4", 5),
        ] {
            let r = number(name);
            assert_eq!(r.number, Some(b), "{name}");
            let last = r.boards.last().unwrap();
            assert_eq!((last.side, last.winner), (b, Some(Player::Maker)), "{name}");
            if let Some(below) = r.boards.iter().rev().nth(1) {
                assert_eq!(below.side, b - 1, "{name}");
                assert_eq!(below.winner, Some(Player::Breaker), "{name}");
            }
        }
    }

    #[test]
    fn the_weak_game_is_won_on_smaller_boards_than_published() {
        // The published (strong game) numbers are I4 7 and N5 6; Maker
        // already wins the weak game on 6 x 6 and 5 x 5 (the N5 win checked
        // by the independent verifier; I4's certificate takes a minute).
        assert_eq!(number("I4").number, Some(6));
        let r = number("N5");
        assert_eq!(r.number, Some(5));
        let animal = Polyomino::named("N5").unwrap();
        let game = Board::rect(5, 5)
            .hypergraph(&animal, Symmetry::Free)
            .unwrap();
        let mut solver = Solver::new(&game, Limits::none()).unwrap();
        let origin = Origin::Plane {
            animal,
            symmetry: Symmetry::Free,
            board: Board::rect(5, 5),
        };
        let cert =
            Certificate::build(&mut solver, &game, origin, Player::Maker, &mut |_| {}).unwrap();
        assert_eq!(verify(&cert).unwrap().winner, Player::Maker);
    }

    #[test]
    fn every_winner_of_the_table_up_to_four_cells_has_a_verified_certificate() {
        let bounds = Bounds {
            max_period: 4,
            max_board: 5,
            limits: Limits::none(),
        };
        let rows = table(4, &bounds, None, &mut |_| {});
        let mut winners = 0;
        for row in rows.iter().filter(|r| r.class == Class::Winner) {
            let animal: Polyomino = row.animal.parse().unwrap();
            let side = row.boards.as_ref().and_then(|b| b.number).unwrap();
            let cert = certify(&animal, Symmetry::Free, side, &Limits::none()).unwrap();
            // Through the text form, as `miai achieve verify` reads it.
            let v = crate::verify::verify_text(&cert.to_string()).unwrap();
            assert_eq!(v.winner, Player::Maker, "{}", row.animal);
            winners += 1;
        }
        // monomino, domino, I3, V3, L4, T4, Z4 (I4 wins only on 6 x 6).
        assert_eq!(winners, 7);
    }

    #[test]
    fn a_plane_certificate_with_the_wrong_board_or_a_set_missing_is_rejected() {
        let animal = Polyomino::named("V3").unwrap();
        let cert = certify(&animal, Symmetry::Free, 3, &Limits::none()).unwrap();
        assert!(verify(&cert).is_ok());
        // Claimed for a 4 x 4 board: the sets are not its placements.
        let mut wrong = cert.clone();
        wrong.origin = Origin::Plane {
            animal: animal.clone(),
            symmetry: Symmetry::Free,
            board: Board::rect(4, 4),
        };
        assert!(matches!(
            verify(&wrong),
            Err(crate::verify::VerifyError::PlacementMismatch { .. })
        ));
        // Claimed for translations only: fewer placements than carried.
        let mut fixed = cert.clone();
        fixed.origin = Origin::Plane {
            animal: animal.clone(),
            symmetry: Symmetry::Fixed,
            board: Board::rect(3, 3),
        };
        assert!(verify(&fixed).is_err());
        // A placement dropped from the game (an easier game for Maker? no:
        // a smaller family) no longer matches the animal's placements.
        let mut sets = cert.game.set_lists();
        sets.pop();
        let mut dropped = cert.clone();
        dropped.game = crate::Hypergraph::new(9, &sets).unwrap();
        assert!(matches!(
            verify(&dropped),
            Err(crate::verify::VerifyError::PlacementMismatch { .. })
        ));
        // The text form round-trips the origin, a drawn board too.
        // (Cell labels are not written.)
        let back: Certificate = cert.to_string().parse().unwrap();
        assert_eq!(
            (&back.origin, back.game.sets(), &back.strategy),
            (&cert.origin, cert.game.sets(), &cert.strategy)
        );
        let mut drawn = cert.clone();
        drawn.origin = Origin::Plane {
            animal,
            symmetry: Symmetry::Free,
            board: "###/###/###".parse().unwrap(),
        };
        let back: Certificate = drawn.to_string().parse().unwrap();
        assert_eq!(back.origin, drawn.origin);
        assert!(verify(&back).is_ok());
    }

    #[test]
    fn the_square_is_a_loser_and_the_l_tetromino_a_winner() {
        let bounds = Bounds {
            max_period: 4,
            max_board: 5,
            limits: Limits::none(),
        };
        let o4 = classify(
            &"O4".parse().unwrap(),
            Symmetry::Free,
            &bounds,
            None,
            &mut |_| {},
        );
        assert_eq!(o4.class, Class::Loser);
        assert!(o4.paving.is_some());
        let l4 = classify(
            &"L4".parse().unwrap(),
            Symmetry::Free,
            &bounds,
            None,
            &mut |_| {},
        );
        assert_eq!(l4.class, Class::Winner);
        assert_eq!(l4.boards.unwrap().number, Some(4));
    }

    #[test]
    fn snaky_is_the_only_hexomino_without_a_paving() {
        // Harborth and Seemann: Snaky is a "paving winner" (no pairing
        // strategy blocks it); every other hexomino is a paving loser.
        let mut unpaved = Vec::new();
        for animal in super::super::free_polyominoes(6) {
            let r = paving::search(&animal, Symmetry::Free, 8, &Limits::none(), None);
            match r.result {
                PavingResult::Found { paving } => {
                    assert_eq!(paving.unblocked(&animal, Symmetry::Free), None)
                }
                _ => unpaved.push(animal),
            }
        }
        assert_eq!(
            unpaved,
            vec![Polyomino::named("snaky").unwrap().canonical()]
        );
    }

    #[test]
    fn snaky_loses_on_the_six_by_six_board() {
        // Harborth and Seemann showed Breaker wins Snaky on 6 x 6.
        let snaky = Polyomino::named("snaky").unwrap();
        let r = board_number(
            &snaky,
            Symmetry::Free,
            6,
            &Limits::none(),
            None,
            &mut |_| {},
        );
        assert_eq!(r.number, None);
        assert_eq!(
            r.boards.last().map(|b| (b.side, b.winner)),
            Some((6, Some(Player::Breaker)))
        );
    }
}
