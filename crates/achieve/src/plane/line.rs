//! A proof line to draw: the Maker-Breaker game of an animal on a board
//! (Maker first), solved, and one line of play from the empty board in
//! which the winner follows his winning strategy.
//!
//! The winner's moves are the solver's ([`Solver::winning_move`]); the
//! loser's are a plausible choice, not the only one the strategy answers:
//! the empty live cell of greatest Erdős–Selfridge weight (the cell in the
//! most, and the most nearly complete, sets still open to Maker). The line
//! ends when Maker completes a copy (the copy is given), when no copy is
//! left open to Maker, or, in a Breaker win, as soon as the remaining
//! copies have a *pairing* (two empty cells of every copy still open,
//! pairs disjoint): Breaker then wins by answering each Maker move in a
//! pair with its partner (the pairs are given). This is the picture of a
//! certificate's line, for the web view; the certificate itself is written
//! by [`crate::Certificate::build`].
//!
//! ```
//! use miai_achieve::plane::line::{self, Game};
//! use miai_achieve::plane::{Board, Polyomino, Symmetry};
//! use miai_achieve::{Limits, Player};
//! let v3: Polyomino = "V3".parse().unwrap();
//! let board = Board::rect(3, 3);
//! let game = Game { animal: &v3, symmetry: Symmetry::Free, board: &board };
//! let l = line::solve(game, &Limits::none(), None).unwrap();
//! assert_eq!(l.winner, Some(Player::Maker));
//! assert_eq!(l.line.len(), 5); // Maker's third stone completes a V
//! assert_eq!(l.copy.as_ref().map(Vec::len), Some(3));
//! ```

use std::time::Instant;

use serde::Serialize;

use super::handicap::{HandicapError, PAIRING_BUDGET, PAIRING_MAX_SETS};
use super::{Board, Cell, Polyomino, Symmetry};
use crate::hypergraph::cells_of;
use crate::{Cancel, Limits, Player, Solver, Stop};

/// The game to solve: `animal` (copies under `symmetry`) on `board`.
#[derive(Debug, Clone, Copy)]
pub struct Game<'a> {
    /// The animal.
    pub animal: &'a Polyomino,
    /// Which copies count.
    pub symmetry: Symmetry,
    /// The board.
    pub board: &'a Board,
}

/// One move of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Move {
    /// Who plays.
    pub player: Player,
    /// Where, as `(x, y)`.
    pub cell: Cell,
}

/// The solved game and its line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProofLine {
    /// The board's cells, index order (row by row).
    pub cells: Vec<Cell>,
    /// Copies of the animal on the board.
    pub placements: usize,
    /// The winner with Maker first, `None` when the limits stopped the
    /// search.
    pub winner: Option<Player>,
    /// Why the search stopped, if it did.
    pub stop: Option<Stop>,
    /// Solver nodes (the solve and the line's winning moves).
    pub nodes: u64,
    /// Wall time, seconds.
    pub seconds: f64,
    /// The line of play, Maker first (empty when not solved).
    pub line: Vec<Move>,
    /// Maker's completed copy at the end of the line (a Maker win).
    pub copy: Option<Vec<Cell>>,
    /// The pairing that ends the line (a Breaker win): pairs of empty
    /// cells, every copy still open to Maker holding a whole pair.
    pub pairs: Option<Vec<(Cell, Cell)>>,
}

/// Solve `game` with Maker first (symmetry-canonical table and the pairing
/// cut, as [`super::handicap`]) and play its proof line.
pub fn solve(
    game: Game<'_>,
    limits: &Limits,
    cancel: Option<&Cancel>,
) -> Result<ProofLine, HandicapError> {
    let Game {
        animal,
        symmetry,
        board,
    } = game;
    let t = Instant::now();
    let family = board.hypergraph(animal, symmetry)?;
    let perms = board.symmetries(animal, symmetry);
    let solver = Solver::new(&family, *limits)?
        .with_symmetries(&perms)?
        .with_pairing_cut(PAIRING_BUDGET, PAIRING_MAX_SETS);
    let mut solver = match cancel {
        Some(c) => solver.with_cancel(c),
        None => solver,
    };
    let cells = board.cells();
    let sets = family.sets().to_vec();
    let mut out = ProofLine {
        cells: cells.clone(),
        placements: sets.len(),
        winner: None,
        stop: None,
        nodes: 0,
        seconds: 0.0,
        line: Vec::new(),
        copy: None,
        pairs: None,
    };
    let report = solver.solve(Player::Maker, &mut |_| {});
    let mut nodes = report.nodes;
    match report.verdict.winner() {
        Some(w) => out.winner = Some(w),
        None => {
            out.stop = match report.verdict {
                crate::Verdict::CutOff(s) => Some(s),
                crate::Verdict::Proven(_) => None,
            };
            out.nodes = nodes;
            out.seconds = t.elapsed().as_secs_f64();
            return Ok(out);
        }
    }
    let winner = report.verdict.winner().unwrap_or(Player::Breaker);
    let (mut maker, mut breaker) = (0u128, 0u128);
    let mut to_move = Player::Maker;
    let at = |c: usize| cells[c];
    loop {
        if let Some(&s) = sets.iter().find(|&&s| s & !maker == 0) {
            out.copy = Some(cells_of(s).into_iter().map(at).collect());
            break;
        }
        let live = sets
            .iter()
            .filter(|&&s| s & breaker == 0)
            .fold(0u128, |a, &s| a | s)
            & !maker;
        if live == 0 {
            break;
        }
        if winner == Player::Breaker
            && let Some(pairs) = solver.pairing(maker, breaker)
        {
            out.pairs = Some(pairs.into_iter().map(|(x, y)| (at(x), at(y))).collect());
            break;
        }
        let cell = if to_move == winner {
            let before = solver.nodes();
            let found = solver.winning_move(maker, breaker, to_move, &mut |_| {});
            nodes += solver.nodes().saturating_sub(before);
            match found {
                Ok(Some(c)) => c,
                // Cannot happen after a proof; end the line rather than
                // draw a wrong one.
                Ok(None) => break,
                Err(stop) => {
                    out.stop = Some(stop);
                    break;
                }
            }
        } else {
            heaviest(&sets, maker, breaker, live)
        };
        out.line.push(Move {
            player: to_move,
            cell: at(cell),
        });
        match to_move {
            Player::Maker => maker |= 1 << cell,
            Player::Breaker => breaker |= 1 << cell,
        }
        to_move = to_move.other();
    }
    out.nodes = nodes;
    out.seconds = t.elapsed().as_secs_f64();
    Ok(out)
}

/// The empty live cell of greatest weight `sum 2^-(cells still empty)`
/// over the sets open to Maker (lowest index on ties).
fn heaviest(sets: &[u128], maker: u128, breaker: u128, live: u128) -> usize {
    let mut weight = [0f64; 128];
    for &s in sets.iter().filter(|&&s| s & breaker == 0) {
        let r = s & !maker;
        let w = 0.5f64.powi(r.count_ones() as i32);
        for c in cells_of(r) {
            weight[c] += w;
        }
    }
    let mut best = live.trailing_zeros() as usize;
    for c in cells_of(live) {
        if weight[c] > weight[best] {
            best = c;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str, board: Board) -> ProofLine {
        let animal = Polyomino::named(name).unwrap();
        solve(
            Game {
                animal: &animal,
                symmetry: Symmetry::Free,
                board: &board,
            },
            &Limits::none(),
            None,
        )
        .unwrap()
    }

    /// Replays a line and checks it is legal and ends as stated.
    fn replay(l: &ProofLine, name: &str, board: &Board) {
        let animal = Polyomino::named(name).unwrap();
        let copies: Vec<Vec<Cell>> = board
            .placements(&animal, Symmetry::Free)
            .iter()
            .map(|p| p.iter().map(|&c| l.cells[c]).collect())
            .collect();
        let mut taken: Vec<Cell> = Vec::new();
        for (i, m) in l.line.iter().enumerate() {
            let expected = if i % 2 == 0 {
                Player::Maker
            } else {
                Player::Breaker
            };
            assert_eq!(m.player, expected);
            assert!(l.cells.contains(&m.cell) && !taken.contains(&m.cell));
            taken.push(m.cell);
        }
        let makers: Vec<Cell> = l.line.iter().step_by(2).map(|m| m.cell).collect();
        let breakers: Vec<Cell> = l.line.iter().skip(1).step_by(2).map(|m| m.cell).collect();
        if let Some(copy) = &l.copy {
            assert_eq!(l.winner, Some(Player::Maker));
            assert!(copies.iter().any(|c| {
                let mut a = c.clone();
                let mut b = copy.clone();
                a.sort_unstable();
                b.sort_unstable();
                a == b
            }));
            assert!(copy.iter().all(|c| makers.contains(c)));
        }
        if let Some(pairs) = &l.pairs {
            assert_eq!(l.winner, Some(Player::Breaker));
            // Every copy without a Breaker stone holds a pair of empty
            // cells.
            for c in copies
                .iter()
                .filter(|c| !c.iter().any(|x| breakers.contains(x)))
            {
                assert!(
                    pairs.iter().any(|(a, b)| c.contains(a)
                        && c.contains(b)
                        && !taken.contains(a)
                        && !taken.contains(b)),
                    "{c:?} holds no pair"
                );
            }
        }
    }

    #[test]
    fn winners_complete_a_copy_and_losers_end_on_a_pairing() {
        for (name, n, winner) in [
            ("V3", 3, Player::Maker),
            ("L4", 4, Player::Maker),
            ("T4", 5, Player::Maker),
            ("L4", 3, Player::Breaker),
            ("O4", 4, Player::Breaker),
            ("snaky", 5, Player::Breaker),
        ] {
            let board = Board::rect(n, n);
            let l = line(name, board.clone());
            assert_eq!(l.winner, Some(winner), "{name} on {n}x{n}");
            replay(&l, name, &board);
            match winner {
                Player::Maker => assert!(l.copy.is_some(), "{name}"),
                Player::Breaker => assert!(l.copy.is_none(), "{name}"),
            }
        }
        // O4 on 4x4: the empty board already has a pairing.
        let o4 = line("O4", Board::rect(4, 4));
        assert!(o4.line.is_empty() && o4.pairs.is_some());
    }

    #[test]
    fn a_node_limit_stops_without_a_line() {
        let snaky = Polyomino::named("snaky").unwrap();
        let board = Board::rect(6, 6);
        let l = solve(
            Game {
                animal: &snaky,
                symmetry: Symmetry::Free,
                board: &board,
            },
            &Limits::none().with_nodes(3),
            None,
        )
        .unwrap();
        assert_eq!((l.winner, l.stop), (None, Some(Stop::Nodes)));
        assert!(l.line.is_empty());
    }
}
