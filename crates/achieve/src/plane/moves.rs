//! Harary's *move number*: the fewest moves in which Maker (moving first)
//! forces a copy of the animal on a given board, in the Maker-Breaker game.
//!
//! A depth-bounded search, separate from the main solver: "Maker completes
//! a winning set within `k` of his own moves". Sound restrictions:
//! - with `k` Maker moves left, only sets with at most `k` empty cells can
//!   still be completed; a move (either side's) in none of them changes no
//!   such set, so it is a pass, and a pass never helps its maker in a
//!   Maker-Breaker game (an extra stone never hurts its owner); so both
//!   sides play only cells of those sets;
//! - Maker with one move left wins iff some set lacks one cell; Breaker
//!   facing two such cells loses; facing one, he must take it.
//!
//! [`certificate`] writes the strategy in the certificate format with a
//! `within k` line, which `verify` checks by counting Maker's moves.

use std::collections::{BTreeMap, HashMap};

use miai_search::{Cancel, Limits, Meter, Stop};
use serde::Serialize;

use crate::certificate::{Certificate, Origin};
use crate::hypergraph::{Hypergraph, cells_of};
use crate::player::Player;

/// The result of [`move_number`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveNumber {
    /// The fewest Maker moves that force a win, if found within the
    /// bound and the limits.
    pub moves: Option<usize>,
    /// The largest bound refuted (Breaker survives that many Maker moves).
    pub refuted: Option<usize>,
    /// Why the search stopped, if it did.
    pub stop: Option<Stop>,
    /// Nodes searched (all bounds together).
    pub nodes: u64,
}

struct Bounded<'a> {
    sets: &'a [u128],
    memo: HashMap<(u128, u128, usize, bool), bool>,
    meter: Meter,
}

impl Bounded<'_> {
    /// Cells of live sets with at most `k` empty cells, and the cells that
    /// complete a set now (sets with one empty cell).
    fn relevant(&self, maker: u128, breaker: u128, k: usize) -> (u128, u128, bool) {
        let (mut cells, mut threats, mut done) = (0u128, 0u128, false);
        for &s in self.sets {
            if s & breaker == 0 {
                let r = s & !maker;
                let n = r.count_ones() as usize;
                if n == 0 {
                    done = true;
                } else if n <= k {
                    cells |= r;
                    if n == 1 {
                        threats |= r;
                    }
                }
            }
        }
        (cells, threats, done)
    }

    /// Does Maker complete a set within `k` more Maker moves?
    fn wins(
        &mut self,
        maker: u128,
        breaker: u128,
        k: usize,
        maker_to_move: bool,
    ) -> Result<bool, Stop> {
        self.meter.tick()?;
        // Breaker to move: Maker then has `k` moves; Maker to move: `k`
        // including this one.
        let (cells, threats, done) = self.relevant(maker, breaker, k);
        if done {
            return Ok(true);
        }
        if k == 0 || cells == 0 {
            return Ok(false);
        }
        if maker_to_move && threats != 0 {
            return Ok(true);
        }
        if maker_to_move && k == 1 {
            return Ok(false);
        }
        if !maker_to_move && threats.count_ones() >= 2 {
            return Ok(true);
        }
        let key = (maker, breaker, k, maker_to_move);
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        let moves = if !maker_to_move && threats != 0 {
            threats
        } else {
            cells
        };
        let mut result = !maker_to_move;
        for c in cells_of(moves) {
            let bit = 1u128 << c;
            let w = if maker_to_move {
                self.wins(maker | bit, breaker, k - 1, false)?
            } else {
                self.wins(maker, breaker | bit, k, true)?
            };
            if w == maker_to_move {
                result = maker_to_move;
                break;
            }
        }
        self.memo.insert(key, result);
        Ok(result)
    }
}

/// The fewest Maker moves (Maker first) that force a completed set of
/// `game`, trying `1..=max_moves` in turn under `limits`.
pub fn move_number(
    game: &Hypergraph,
    max_moves: usize,
    limits: &Limits,
    cancel: Option<&Cancel>,
) -> MoveNumber {
    let mut b = Bounded {
        sets: game.sets(),
        memo: HashMap::new(),
        meter: Meter::new(limits, cancel),
    };
    let smallest = game
        .sets()
        .iter()
        .map(|s| s.count_ones() as usize)
        .min()
        .unwrap_or(1);
    let mut out = MoveNumber {
        moves: None,
        refuted: smallest.checked_sub(1).filter(|&r| r > 0),
        stop: None,
        nodes: 0,
    };
    for k in smallest..=max_moves {
        match b.wins(0, 0, k, true) {
            Ok(true) => {
                out.moves = Some(k);
                break;
            }
            Ok(false) => out.refuted = Some(k),
            Err(stop) => {
                out.stop = Some(stop);
                break;
            }
        }
    }
    out.nodes = b.meter.nodes();
    out
}

/// Maker's strategy for winning within `k` moves, as a certificate with a
/// `within k` line (`None` if Maker cannot, or the limits stop the search).
/// Positions are keyed as in every certificate; the strategy is built along
/// every line Breaker can play, and `verify` counts Maker's moves.
pub fn certificate(
    game: &Hypergraph,
    origin: Origin,
    k: usize,
    limits: &Limits,
) -> Result<Option<Certificate>, Stop> {
    let mut b = Bounded {
        sets: game.sets(),
        memo: HashMap::new(),
        meter: Meter::new(limits, None),
    };
    if !b.wins(0, 0, k, true)? {
        return Ok(None);
    }
    let mut strategy = BTreeMap::new();
    let mut budget = HashMap::new();
    build(&mut b, 0, 0, k, &mut strategy, &mut budget)?;
    Ok(Some(Certificate {
        origin,
        game: game.clone(),
        first: Player::Maker,
        winner: Player::Maker,
        within: Some(k),
        start: crate::certificate::Start::empty(),
        strategy,
        pairings: BTreeMap::new(),
    }))
}

/// Maker to move with `k` moves left, in a position Maker wins within `k`.
///
/// The same key can be met with different budgets (Maker stones outside the
/// live sets are not in the key). Each key keeps the answer found for the
/// smallest budget it was met with: a move that wins within `k` wins
/// within any larger budget, so a key met again with at least that budget
/// is done, and one met with less gets a new answer (and its lines are
/// built again under it).
fn build(
    b: &mut Bounded<'_>,
    maker: u128,
    breaker: u128,
    k: usize,
    strategy: &mut BTreeMap<(u128, u128), usize>,
    budget: &mut HashMap<(u128, u128), usize>,
) -> Result<(), Stop> {
    if b.sets.iter().any(|&s| s & !maker == 0) {
        return Ok(());
    }
    let live = b
        .sets
        .iter()
        .filter(|&&s| s & breaker == 0)
        .fold(0u128, |a, &s| a | s);
    let key = (maker & live, live);
    if budget.get(&key).is_some_and(|&kk| kk <= k) {
        return Ok(());
    }
    let (cells, _, _) = b.relevant(maker, breaker, k);
    let mut answer = None;
    for c in cells_of(cells) {
        let m = maker | 1u128 << c;
        if b.sets.iter().any(|&s| s & breaker == 0 && s & !m == 0)
            || b.wins(m, breaker, k - 1, false)?
        {
            answer = Some(c);
            break;
        }
    }
    let Some(answer) = answer else {
        return Ok(()); // cannot happen in a won position; the verifier would say
    };
    strategy.insert(key, answer);
    budget.insert(key, k);
    let m = maker | 1u128 << answer;
    if b.sets.iter().any(|&s| s & breaker == 0 && s & !m == 0) {
        return Ok(());
    }
    // Breaker's replies: every empty cell of a live set.
    let live_after = b
        .sets
        .iter()
        .filter(|&&s| s & breaker == 0)
        .fold(0u128, |a, &s| a | s)
        & !m;
    for c in cells_of(live_after) {
        build(b, m, breaker | 1u128 << c, k - 1, strategy, budget)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plane::{Board, Polyomino, Symmetry};
    use crate::verify::verify;

    fn game(name: &str, side: usize) -> Hypergraph {
        Board::rect(side, side)
            .hypergraph(&Polyomino::named(name).unwrap(), Symmetry::Free)
            .unwrap()
    }

    /// Plain minimax, no pruning: Maker wins within `k` moves.
    fn brute(
        sets: &[u128],
        n: usize,
        maker: u128,
        breaker: u128,
        k: usize,
        maker_to_move: bool,
    ) -> bool {
        if sets.iter().any(|&s| s & !maker == 0) {
            return true;
        }
        if k == 0 {
            return false;
        }
        let empty: Vec<usize> = (0..n)
            .filter(|&c| (maker | breaker) >> c & 1 == 0)
            .collect();
        if empty.is_empty() {
            return false;
        }
        if maker_to_move {
            empty
                .iter()
                .any(|&c| brute(sets, n, maker | 1 << c, breaker, k - 1, false))
        } else {
            empty
                .iter()
                .all(|&c| brute(sets, n, maker, breaker | 1 << c, k, true))
        }
    }

    #[test]
    fn move_numbers_agree_with_plain_minimax_on_small_boards() {
        for (name, side) in [("domino", 2), ("V3", 2), ("V3", 3), ("I3", 3), ("Z4", 3)] {
            let g = game(name, side);
            let n = g.cells();
            let brute_number = (1..=n.div_ceil(2)).find(|&k| brute(g.sets(), n, 0, 0, k, true));
            let r = move_number(&g, n.div_ceil(2), &Limits::none(), None);
            assert_eq!(r.moves, brute_number, "{name} on {side}x{side}");
        }
    }

    #[test]
    fn a_move_number_certificate_verifies_and_one_move_less_fails() {
        let animal = Polyomino::named("Z4").unwrap();
        let board = Board::rect(3, 3);
        let g = board.hypergraph(&animal, Symmetry::Free).unwrap();
        let r = move_number(&g, 5, &Limits::none(), None);
        let k = r.moves.unwrap();
        let origin = Origin::Plane {
            animal,
            symmetry: Symmetry::Free,
            board,
        };
        let cert = certificate(&g, origin, k, &Limits::none())
            .unwrap()
            .unwrap();
        verify(&cert).unwrap();
        let text = cert.to_string();
        assert!(text.contains(&format!("within {k}")));
        // The same strategy claimed one move sooner is rejected.
        let mut short = cert.clone();
        short.within = Some(k - 1);
        assert!(verify(&short).is_err());
    }
}
