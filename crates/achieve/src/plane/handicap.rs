//! The handicap game: Maker places `k` stones of his own wherever he likes,
//! then the Maker-Breaker game starts with Maker to move (the handicap
//! variant of the literature, e.g. Halupczok and Schlage-Puchta on Snaky).
//!
//! Maker wins iff some placement of the stones leaves a position Maker
//! wins with the move. Placements that are images of each other under a
//! symmetry of the game ([`Board::symmetries`]) have the same value, so
//! one per class is solved, with one solver whose table (symmetry-canonical)
//! is shared by all of them, and with the pairing cut
//! ([`Solver::with_pairing_cut`]). A certificate ([`Certificate::build_start`])
//! covers every placement, not only one per class, so that the checker
//! needs no symmetry argument.

use std::time::Instant;

use serde::Serialize;

use super::{Board, Cell, PlaneError, Polyomino, Symmetry};
use crate::certificate::{Start, handicap_placements};
use crate::{Cancel, Certificate, HypergraphError, Limits, Origin, Player, Progress, Solver, Stop};

/// Steps of the pairing cut per node ([`Solver::with_pairing_cut`]).
pub const PAIRING_BUDGET: u32 = 500;
/// Largest residual family the pairing cut looks at.
pub const PAIRING_MAX_SETS: usize = 200;

/// What [`solve`] found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HandicapReport {
    /// Handicap stones.
    pub handicap: usize,
    /// Placements of the stones, up to the board's symmetries (those
    /// solved, if the search stopped early).
    pub classes: usize,
    /// Classes solved before the search ended.
    pub solved: usize,
    /// `Some(winner)` when proven.
    pub winner: Option<Player>,
    /// Maker's winning stones (when Maker wins), as `(x, y)` cells.
    pub stones: Option<Vec<Cell>>,
    /// Why the search stopped, if it did.
    pub stop: Option<Stop>,
    /// Solver nodes over all classes.
    pub nodes: u64,
    /// Wall time, seconds.
    pub seconds: f64,
    /// Symmetries of the game used (besides the identity).
    pub symmetries: usize,
}

/// Why the handicap game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// The board or animal does not give a game.
    #[error(transparent)]
    Plane(#[from] PlaneError),
    /// The solver cannot take the game.
    #[error(transparent)]
    Hypergraph(#[from] HypergraphError),
}

/// The handicap placements up to symmetry: the least image of each,
/// in increasing order of that image.
fn classes(sets: &[u128], handicap: usize, perms: &[Vec<usize>]) -> Vec<u128> {
    let all = handicap_placements(
        sets,
        Start {
            handicap,
            ..Start::empty()
        },
    );
    let mut out: Vec<u128> = all
        .into_iter()
        .map(|m| {
            perms
                .iter()
                .map(|p| {
                    crate::hypergraph::cells_of(m)
                        .iter()
                        .fold(0u128, |a, &c| a | 1 << p[c])
                })
                .fold(m, u128::min)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A handicap game: `animal` (copies under `symmetry`) on `board`, Maker
/// placing `handicap` stones before his first move.
#[derive(Debug, Clone, Copy)]
pub struct HandicapGame<'a> {
    /// The animal.
    pub animal: &'a Polyomino,
    /// Which copies count.
    pub symmetry: Symmetry,
    /// The board.
    pub board: &'a Board,
    /// Maker's extra stones.
    pub handicap: usize,
}

/// Solve a [`HandicapGame`]. With `certificate`, also write the winner's
/// strategy from the start (every placement answered when Breaker wins;
/// Maker's stones named when he wins); `None` in the second place when not
/// asked for or when the limits stop it.
pub fn solve(
    spec: HandicapGame<'_>,
    limits: &Limits,
    cancel: Option<&Cancel>,
    certificate: bool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(HandicapReport, Option<Certificate>), HandicapError> {
    let HandicapGame {
        animal,
        symmetry,
        board,
        handicap,
    } = spec;
    let game = board.hypergraph(animal, symmetry)?;
    let perms = board.symmetries(animal, symmetry);
    let solver = Solver::new(&game, *limits)?
        .with_symmetries(&perms)?
        .with_pairing_cut(PAIRING_BUDGET, PAIRING_MAX_SETS);
    let mut solver = match cancel {
        Some(c) => solver.with_cancel(c),
        None => solver,
    };
    let t = Instant::now();
    let cells = board.cells();
    let todo = classes(game.sets(), handicap, &perms);
    let mut report = HandicapReport {
        handicap,
        classes: todo.len(),
        solved: 0,
        winner: Some(Player::Breaker),
        stones: None,
        stop: None,
        nodes: 0,
        seconds: 0.0,
        symmetries: perms.len(),
    };
    for &m in &todo {
        match solver.winner(m, 0, Player::Maker, progress) {
            Ok(Player::Maker) => {
                report.solved += 1;
                report.winner = Some(Player::Maker);
                report.stones = Some(
                    crate::hypergraph::cells_of(m)
                        .iter()
                        .map(|&c| cells[c])
                        .collect(),
                );
                break;
            }
            Ok(Player::Breaker) => report.solved += 1,
            Err(stop) => {
                report.winner = None;
                report.stop = Some(stop);
                break;
            }
        }
    }
    report.nodes = solver.nodes();
    report.seconds = t.elapsed().as_secs_f64();
    let cert = match (certificate, report.winner) {
        (true, Some(_)) => {
            let origin = Origin::Plane {
                animal: animal.clone(),
                symmetry,
                board: board.clone(),
            };
            let start = Start {
                handicap,
                ..Start::empty()
            };
            Certificate::build_start(&mut solver, &game, origin, Player::Maker, start, progress)
                .ok()
        }
        _ => None,
    };
    Ok((report, cert))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_up_to_symmetry_on_a_square() {
        let snaky = Polyomino::named("snaky").unwrap();
        let board = Board::rect(6, 6);
        let game = board.hypergraph(&snaky, Symmetry::Free).unwrap();
        let perms = board.symmetries(&snaky, Symmetry::Free);
        assert_eq!(perms.len(), 7);
        // One stone on 6 x 6: the six cells x <= y <= 2 of a quarter.
        assert_eq!(classes(game.sets(), 1, &perms).len(), 6);
        assert_eq!(classes(game.sets(), 0, &perms), vec![0]);
    }

    #[test]
    fn a_handicap_stone_turns_a_breaker_win_into_a_maker_win() {
        // I3 on a 4 x 1 strip: Breaker takes a middle cell after Maker's
        // first move; with one stone more Maker holds both middle cells
        // and threatens both ends.
        let i3 = Polyomino::named("I3").unwrap();
        let strip = Board::rect(4, 1);
        let mut certs = Vec::new();
        for k in 0..=2 {
            let (r, cert) = solve(
                HandicapGame {
                    animal: &i3,
                    symmetry: Symmetry::Free,
                    board: &strip,
                    handicap: k,
                },
                &Limits::none(),
                None,
                true,
                &mut |_| {},
            )
            .unwrap();
            let text = cert.unwrap().to_string();
            let checked = crate::verify::verify_text(&text).unwrap();
            assert_eq!(Some(checked.winner), r.winner);
            certs.push((r.winner.unwrap(), text));
        }
        let winners: Vec<Player> = certs.iter().map(|c| c.0).collect();
        assert_eq!(winners, [Player::Breaker, Player::Maker, Player::Maker]);
        // Breaker's plain strategy does not survive a handicap stone, and
        // Maker's strategy needs its stones.
        let claimed = certs[0].1.replace("\ncells ", "\nhandicap 1\ncells ");
        assert!(crate::verify::verify_text(&claimed).is_err());
        assert!(certs[1].1.contains("\nstones maker "));
        let stoneless: String = certs[1]
            .1
            .lines()
            .filter(|l| !l.starts_with("stones"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(crate::verify::verify_text(&stoneless).is_err());
    }

    #[test]
    fn snaky_on_5x5_with_one_stone_is_a_breaker_win_with_a_certificate() {
        let snaky = Polyomino::named("snaky").unwrap();
        let board = Board::rect(5, 5);
        let (r, cert) = solve(
            HandicapGame {
                animal: &snaky,
                symmetry: Symmetry::Free,
                board: &board,
                handicap: 1,
            },
            &Limits::none(),
            None,
            true,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(r.winner, Some(Player::Breaker));
        assert_eq!(r.classes, 6);
        let checked = crate::verify::verify_text(&cert.unwrap().to_string()).unwrap();
        assert_eq!(checked.winner, Player::Breaker);
    }
}
