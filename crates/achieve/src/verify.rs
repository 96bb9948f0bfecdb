//! The certificate checker: deliberately simple and independent of the
//! solver (it shares no search code; only the certificate's text reader and
//! the `Creature`/`Area` value types).
//!
//! It replays every line of play against the certificate: at a position
//! with the loser to move it tries every empty cell of every winning set the
//! winner has not spoilt; at a position with the winner to move it looks the
//! answer up and plays it. Answers are looked up, and positions memoised,
//! by `(Maker's cells in live sets, union L of the live sets)`: the live
//! sets are exactly the winning sets inside `L`, and cells outside `L` can
//! no longer matter, so equal keys (with the same side to move) are the
//! same game. A line ends when Maker holds a whole winning set
//! or no winning set is left without a Breaker cell. The certificate is
//! accepted iff every line ends in the winner's favour and every lookup
//! succeeds with a legal move. Each position is checked once (a memo).
//!
//! Play starts from the certificate's `stones` (empty by default). With
//! `handicap k` (Breaker strategies only) Maker first places `k` stones
//! wherever he likes, one by one, and every such choice is replayed before
//! the first player moves.
//!
//! A Breaker strategy may end a line with a pairing (a `pairs` line for the
//! position's key): the checker accepts it only if its pairs are disjoint,
//! each of two different empty cells of the live sets, and every winning
//! set without a Breaker stone contains a whole pair. Then Breaker answers
//! each Maker move in a pair with its partner and Maker completes no set,
//! whoever moves next.
//!
//! Loser moves outside every live set are not replayed: such a stone lies in
//! no set the loser can still use (or spoil), so it is a pass in effect,
//! and a Maker-Breaker strategy that wins against every non-passing
//! opponent also wins against passes (the winner answers a pass with an
//! arbitrary extra stone and keeps following the strategy, pretending that
//! stone is not there: extra stones never hurt their owner).

use std::collections::HashSet;

use thiserror::Error;

use crate::certificate::{Certificate, Origin};
use crate::error::CertificateError;
use crate::plane::{Board, Symmetry};
use crate::player::Player;

/// Why a certificate was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// The text could not be read.
    #[error(transparent)]
    Syntax(#[from] CertificateError),
    /// The sets differ from the family of the stated creature and area.
    #[error(
        "the winning sets do not match the family of creature {creature} on area {area} \
         (anchor {anchor}): expected {expected} sets, found {found}"
    )]
    FamilyMismatch {
        /// Creature, printed.
        creature: String,
        /// Area, printed.
        area: String,
        /// Anchor.
        anchor: usize,
        /// Derived family size.
        expected: usize,
        /// Carried family size.
        found: usize,
    },
    /// The sets differ from the placements of the stated animal on the
    /// stated board.
    #[error(
        "the winning sets do not match the placements of the animal {animal} ({symmetry}) on the \
         board {board}: expected {expected} sets on {cells} cells, found {found} on {found_cells}"
    )]
    PlacementMismatch {
        /// Animal, printed.
        animal: String,
        /// Symmetry word.
        symmetry: String,
        /// Board, printed.
        board: String,
        /// Derived placements.
        expected: usize,
        /// Board cells.
        cells: usize,
        /// Carried sets.
        found: usize,
        /// Carried cells.
        found_cells: usize,
    },
    /// A move-number certificate whose Maker needs more moves than it says.
    #[error(
        "Maker has made his {within} moves without completing a set in the line ending in \
         maker {maker:x} / breaker {breaker:x}"
    )]
    TooSlow {
        /// The claimed bound.
        within: usize,
        /// Maker's cells.
        maker: u128,
        /// Breaker's cells.
        breaker: u128,
    },
    /// No answer for a reachable position.
    #[error("no {winner} answer for the position maker {maker:x} / breaker {breaker:x}")]
    MissingAnswer {
        /// Whose answer is missing.
        winner: Player,
        /// Maker's cells.
        maker: u128,
        /// Breaker's cells.
        breaker: u128,
    },
    /// An answer on an occupied cell or off the board.
    #[error("illegal answer {cell} in the position maker {maker:x} / breaker {breaker:x}")]
    IllegalAnswer {
        /// The answer.
        cell: usize,
        /// Maker's cells.
        maker: u128,
        /// Breaker's cells.
        breaker: u128,
    },
    /// A start position that cannot be played from.
    #[error("bad start: {message}")]
    BadStart {
        /// What is wrong.
        message: String,
    },
    /// A pairing that does not block every live set, or is not made of
    /// disjoint pairs of empty live cells.
    #[error("bad pairing in the position maker {maker:x} / breaker {breaker:x}: {message}")]
    BadPairing {
        /// What is wrong.
        message: String,
        /// Maker's cells.
        maker: u128,
        /// Breaker's cells.
        breaker: u128,
    },
    /// A line the certificate loses.
    #[error(
        "the {loser} wins the line ending in maker {maker:x} / breaker {breaker:x}: the \
         strategy fails there"
    )]
    LostLine {
        /// Who won the line.
        loser: Player,
        /// Maker's cells.
        maker: u128,
        /// Breaker's cells.
        breaker: u128,
    },
}

/// What an accepted certificate proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verified {
    /// The player whose strategy wins.
    pub winner: Player,
    /// Who moved first.
    pub first: Player,
    /// Distinct positions checked (up to equivalence, see the module).
    pub positions: usize,
    /// Ends of lines reached (a line ending is counted once per distinct
    /// position it is reached from).
    pub lines: usize,
}

/// Read and check a certificate.
pub fn verify_text(text: &str) -> Result<Verified, VerifyError> {
    verify(&text.parse::<Certificate>()?)
}

/// Check a certificate.
pub fn verify(cert: &Certificate) -> Result<Verified, VerifyError> {
    let sets: Vec<u128> = cert.game.sets().to_vec();
    if let Origin::Family {
        creature,
        area,
        anchor,
        mirror,
    } = &cert.origin
    {
        let mut expected = derive_family(creature.cells(), area.cells(), *anchor, *mirror);
        let mut found = sets.clone();
        expected.sort_unstable();
        expected.dedup();
        found.sort_unstable();
        found.dedup();
        if expected != found || cert.game.cells() != area.len() {
            return Err(VerifyError::FamilyMismatch {
                creature: creature.to_string(),
                area: area.to_string(),
                anchor: *anchor,
                expected: expected.len(),
                found: found.len(),
            });
        }
    }
    if let Origin::Plane {
        animal,
        symmetry,
        board,
    } = &cert.origin
    {
        let (cells, mut expected) = derive_placements(animal.cells(), *symmetry, board);
        let mut found = sets.clone();
        expected.sort_unstable();
        expected.dedup();
        found.sort_unstable();
        found.dedup();
        if expected != found || cert.game.cells() != cells {
            return Err(VerifyError::PlacementMismatch {
                animal: format!("{animal:#}"),
                symmetry: symmetry.word().into(),
                board: board.to_string(),
                expected: expected.len(),
                cells,
                found: found.len(),
                found_cells: cert.game.cells(),
            });
        }
    }
    let mut checker = Checker {
        cert,
        sets,
        board: if cert.game.cells() >= 128 {
            u128::MAX
        } else {
            (1u128 << cert.game.cells()) - 1
        },
        seen: HashSet::new(),
        lines: 0,
    };
    if cert.within.is_some() && cert.winner != Player::Maker {
        return Err(VerifyError::Syntax(CertificateError::Syntax {
            line: 0,
            message: "`within` bounds Maker's moves: only for a Maker strategy".into(),
        }));
    }
    if !cert.pairings.is_empty() && cert.winner != Player::Breaker {
        return Err(VerifyError::Syntax(CertificateError::Syntax {
            line: 0,
            message: "`pairs` lines are Breaker's: only in a Breaker strategy".into(),
        }));
    }
    let start = cert.start;
    if start.maker & start.breaker != 0 || (start.maker | start.breaker) & !checker.board != 0 {
        return Err(VerifyError::BadStart {
            message: format!(
                "the stones overlap or lie off the board (maker {:x}, breaker {:x})",
                start.maker, start.breaker
            ),
        });
    }
    if start.handicap > 0 && cert.winner != Player::Breaker {
        return Err(VerifyError::BadStart {
            message: "a handicap is only for a Breaker strategy: a Maker strategy names its \
                      handicap stones with `stones maker`"
                .into(),
        });
    }
    let mut placed = HashSet::new();
    checker.handicap(start.maker, start.breaker, start.handicap, &mut placed)?;
    Ok(Verified {
        winner: cert.winner,
        first: cert.first,
        positions: checker.seen.len(),
        lines: checker.lines,
    })
}

/// The family, written again from the definition: for each area cell `p`,
/// the placement whose anchor stone sits on `p`, cut to the area.
fn derive_family(creature: &[i64], area: &[i64], anchor: usize, mirror: bool) -> Vec<u128> {
    let mut out = Vec::new();
    let Some(&a) = creature.get(anchor) else {
        return out;
    };
    let signs: &[i64] = if mirror { &[1, -1] } else { &[1] };
    for &sign in signs {
        for &p in area {
            let mut mask = 0u128;
            for &c in creature {
                let cell = p + sign * (c - a);
                if let Some(i) = area.iter().position(|&x| x == cell) {
                    mask |= 1 << i;
                }
            }
            out.push(mask);
        }
    }
    out
}

/// The placements of an animal on a board, written again from the
/// definition (sharing no code with `plane`): the board's cells numbered row
/// by row; every image of the animal under the allowed rotations and
/// reflections, moved so that its first cell lies on each board cell in
/// turn, kept when all its cells are on the board (on a torus: wrapped, and
/// kept when they are distinct). Returns the number of board cells and the
/// placements (empty when the board has more than 128 cells).
fn derive_placements(
    animal: &[(i32, i32)],
    symmetry: Symmetry,
    board: &Board,
) -> (usize, Vec<u128>) {
    type Point = (i64, i64);
    let (list, wrap): (Vec<Point>, Option<Point>) = match board {
        Board::Rect { width, height } | Board::Torus { width, height } => {
            let (w, h) = (*width as i64, *height as i64);
            let list = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect();
            let wrap = matches!(board, Board::Torus { .. }).then_some((w, h));
            (list, wrap)
        }
        Board::Cells(cells) => {
            let mut list: Vec<(i64, i64)> = cells
                .iter()
                .map(|&(x, y)| (i64::from(x), i64::from(y)))
                .collect();
            list.sort_unstable_by_key(|&(x, y)| (y, x));
            list.dedup();
            (list, None)
        }
    };
    let n = list.len();
    if n > 128 || animal.is_empty() {
        return (n, Vec::new());
    }
    // (x, y) -> (a x + b y, c x + d y): the identity, the three rotations,
    // then the four reflections.
    let maps: [[i64; 4]; 8] = [
        [1, 0, 0, 1],
        [0, -1, 1, 0],
        [-1, 0, 0, -1],
        [0, 1, -1, 0],
        [-1, 0, 0, 1],
        [1, 0, 0, -1],
        [0, 1, 1, 0],
        [0, -1, -1, 0],
    ];
    let count = match symmetry {
        Symmetry::Fixed => 1,
        Symmetry::Rotations => 4,
        Symmetry::Free => 8,
    };
    let index = |x: i64, y: i64| -> Option<usize> {
        let (x, y) = match wrap {
            Some((w, h)) => (x.rem_euclid(w), y.rem_euclid(h)),
            None => (x, y),
        };
        list.iter().position(|&c| c == (x, y))
    };
    let mut out = Vec::new();
    for m in &maps[..count] {
        let image: Vec<(i64, i64)> = animal
            .iter()
            .map(|&(x, y)| {
                let (x, y) = (i64::from(x), i64::from(y));
                (m[0] * x + m[1] * y, m[2] * x + m[3] * y)
            })
            .collect();
        let (fx, fy) = image[0];
        for &(px, py) in &list {
            let mut mask = 0u128;
            let mut ok = true;
            for &(x, y) in &image {
                match index(px + x - fx, py + y - fy) {
                    Some(i) => mask |= 1 << i,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok && mask.count_ones() as usize == image.len() {
                out.push(mask);
            }
        }
    }
    (n, out)
}

struct Checker<'a> {
    cert: &'a Certificate,
    sets: Vec<u128>,
    board: u128,
    /// `(Maker's live cells, live cells, Maker to move, Maker moves made
    /// when a `within` bound is checked)`.
    seen: HashSet<(u128, u128, bool, usize)>,
    lines: usize,
}

impl Checker<'_> {
    /// Maker places `left` more handicap stones, every way (each on an
    /// empty cell of a winning set without a Breaker stone; elsewhere it is
    /// a pass), then the game starts.
    fn handicap(
        &mut self,
        maker: u128,
        breaker: u128,
        left: usize,
        placed: &mut HashSet<(u128, usize)>,
    ) -> Result<(), VerifyError> {
        if !placed.insert((maker, left)) {
            return Ok(());
        }
        let done = self
            .sets
            .iter()
            .any(|&s| s & breaker == 0 && s & !maker == 0);
        if left == 0 || done {
            return self.check(maker, breaker, self.cert.first, 0);
        }
        let mut live = 0u128;
        for &s in &self.sets {
            if s & breaker == 0 {
                live |= s;
            }
        }
        for cell in 0..128 {
            let bit = 1u128 << cell;
            if live & !maker & bit != 0 {
                self.handicap(maker | bit, breaker, left - 1, placed)?;
            }
        }
        Ok(())
    }

    /// `made`: Maker's moves so far (counted only for a `within` bound).
    fn check(
        &mut self,
        maker: u128,
        breaker: u128,
        to_move: Player,
        made: usize,
    ) -> Result<(), VerifyError> {
        let maker_has_set = self.sets.iter().any(|&s| s & !maker == 0);
        let mut live = 0u128;
        for &s in &self.sets {
            if s & breaker == 0 {
                live |= s;
            }
        }
        let key = (maker & live, live);
        if maker_has_set || live == 0 {
            self.lines += 1;
            let line_winner = if maker_has_set {
                Player::Maker
            } else {
                Player::Breaker
            };
            if line_winner != self.cert.winner {
                return Err(VerifyError::LostLine {
                    loser: line_winner,
                    maker,
                    breaker,
                });
            }
            return Ok(());
        }
        let made = if self.cert.within.is_some() { made } else { 0 };
        if let Some(within) = self.cert.within
            && to_move == Player::Maker
            && made >= within
        {
            return Err(VerifyError::TooSlow {
                within,
                maker,
                breaker,
            });
        }
        if !self
            .seen
            .insert((key.0, key.1, to_move == Player::Maker, made))
        {
            return Ok(());
        }
        if let Some(pairs) = self.cert.pairings.get(&key) {
            // Only Breaker strategies carry pairings (checked above).
            self.check_pairing(pairs, maker, breaker, live)?;
            self.lines += 1;
            return Ok(());
        }
        let next = made + usize::from(to_move == Player::Maker);
        let live_empty = live & !maker;
        if to_move == self.cert.winner {
            let Some(&cell) = self.cert.strategy.get(&key) else {
                return Err(VerifyError::MissingAnswer {
                    winner: to_move,
                    maker,
                    breaker,
                });
            };
            let bit = if cell < 128 { 1u128 << cell } else { 0 };
            if bit & self.board == 0 || bit & (maker | breaker) != 0 {
                return Err(VerifyError::IllegalAnswer {
                    cell,
                    maker,
                    breaker,
                });
            }
            let (m, b) = place(maker, breaker, to_move, bit);
            self.check(m, b, to_move.other(), next)
        } else {
            for cell in 0..128 {
                let bit = 1u128 << cell;
                if live_empty & bit != 0 {
                    let (m, b) = place(maker, breaker, to_move, bit);
                    self.check(m, b, to_move.other(), next)?;
                }
            }
            Ok(())
        }
    }
}

impl Checker<'_> {
    /// A pairing blocks the position: its pairs are disjoint pairs of two
    /// different empty cells of the live sets (`live`: their union), and
    /// every winning set without a Breaker stone holds a whole pair.
    fn check_pairing(
        &self,
        pairs: &[(usize, usize)],
        maker: u128,
        breaker: u128,
        live: u128,
    ) -> Result<(), VerifyError> {
        let bad = |message: String| VerifyError::BadPairing {
            message,
            maker,
            breaker,
        };
        let mut used = 0u128;
        let mut masks = Vec::with_capacity(pairs.len());
        for &(x, y) in pairs {
            let mut mask = 0u128;
            for c in [x, y] {
                let bit = if c < 128 { 1u128 << c } else { 0 };
                if bit & live & !maker == 0 {
                    return Err(bad(format!(
                        "cell {c} of the pair {x},{y} is not an empty cell of a live set"
                    )));
                }
                if bit & (used | mask) != 0 {
                    return Err(bad(format!("cell {c} is in two pairs")));
                }
                mask |= bit;
            }
            used |= mask;
            masks.push(mask);
        }
        for &s in &self.sets {
            if s & breaker == 0 && !masks.iter().any(|&p| p & !s == 0) {
                let cells: Vec<usize> = (0..128).filter(|&c| s >> c & 1 == 1).collect();
                return Err(bad(format!("the winning set {cells:?} holds no pair")));
            }
        }
        Ok(())
    }
}

fn place(maker: u128, breaker: u128, who: Player, bit: u128) -> (u128, u128) {
    match who {
        Player::Maker => (maker | bit, breaker),
        Player::Breaker => (maker, breaker | bit),
    }
}

/// Check a strong-game strategy ([`crate::plane::strong::StrongStrategy`])
/// for `animal` (cells `(x, y)`, copies under `symmetry`) on `board`, with
/// the placements derived again here: from the empty board, the first
/// player plays the strategy's move and every empty cell is tried for the
/// second player (no pruning of any kind); every line must end with the
/// first player completing a copy, before the second player does and
/// before the board is full. Returns the positions checked, or the first
/// failure in words.
pub fn verify_strong(
    animal: &[(i32, i32)],
    symmetry: Symmetry,
    board: &Board,
    strategy: &crate::plane::strong::StrongStrategy,
) -> Result<usize, String> {
    let (cells, sets) = derive_placements(animal, symmetry, board);
    if cells != strategy.cells || cells > 64 {
        return Err(format!(
            "the board has {cells} cells, the strategy {}",
            strategy.cells
        ));
    }
    let sets: Vec<u64> = sets.iter().map(|&s| s as u64).collect();
    let full = if cells == 64 {
        u64::MAX
    } else {
        (1u64 << cells) - 1
    };
    let mut seen = HashSet::new();
    let mut stack = vec![(0u64, 0u64)];
    while let Some((a, b)) = stack.pop() {
        if !seen.insert((a, b)) {
            continue;
        }
        if a.count_ones() == b.count_ones() {
            let Some(&cell) = strategy.moves.get(&(a, b)) else {
                return Err(format!("no move for the first player at {a:x} / {b:x}"));
            };
            let bit = if cell < 64 { 1u64 << cell } else { 0 };
            if bit & full & !(a | b) == 0 {
                return Err(format!("move {cell} at {a:x} / {b:x} is not an empty cell"));
            }
            let na = a | bit;
            if sets.iter().any(|&s| s & !na == 0) {
                continue; // the first player has a copy
            }
            if na | b == full {
                return Err(format!("the board fills without a copy: {na:x} / {b:x}"));
            }
            stack.push((na, b));
        } else {
            for c in 0..cells {
                let bit = 1u64 << c;
                if (a | b) & bit != 0 {
                    continue;
                }
                let nb = b | bit;
                if sets.iter().any(|&s| s & !nb == 0) {
                    return Err(format!(
                        "the second player completes a copy: {a:x} / {nb:x}"
                    ));
                }
                if a | nb == full {
                    return Err(format!("the board fills without a copy: {a:x} / {nb:x}"));
                }
                stack.push((a, nb));
            }
        }
    }
    Ok(seen.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Hypergraph, Limits, Solver};

    /// `{0,1,2}` and `{2,3,4}`: the pairs `{0,1}` and `{3,4}` block both
    /// sets from the empty board.
    fn bowtie() -> Certificate {
        let game: Hypergraph = "cells 5\n0 1 2\n2 3 4".parse().unwrap();
        let mut solver = Solver::new(&game, Limits::none())
            .unwrap()
            .with_pairing_cut(100, 10);
        Certificate::build(&mut solver, &game, Origin::Sets, Player::Maker, &mut |_| {}).unwrap()
    }

    #[test]
    fn a_pairing_line_ends_a_breaker_strategy() {
        let cert = bowtie();
        assert_eq!(cert.winner, Player::Breaker);
        assert!(cert.strategy.is_empty());
        // The search's pairing (one of several): {0,1} and {2,3}.
        assert_eq!(
            cert.pairings.get(&(0, 0b11111)),
            Some(&vec![(0, 1), (2, 3)])
        );
        let text = cert.to_string();
        assert!(text.contains("\npairs 0 1f 0,1 2,3\n"), "{text}");
        let checked = verify_text(&text).unwrap();
        assert_eq!(checked.winner, Player::Breaker);
        assert_eq!(checked.lines, 1);
        // Without the cut the same game needs Breaker's answers.
        let game = cert.game.clone();
        let mut plain = Solver::new(&game, Limits::none()).unwrap();
        let full = Certificate::build(&mut plain, &game, Origin::Sets, Player::Maker, &mut |_| {})
            .unwrap();
        assert!(full.pairings.is_empty() && !full.strategy.is_empty());
    }

    #[test]
    fn wrong_pairings_are_refused() {
        let text = bowtie().to_string().replace("0,1 2,3", "0,1 3,4");
        assert!(verify_text(&text).is_ok());
        let good = "pairs 0 1f 0,1 3,4";
        for (wrong, why) in [
            ("pairs 0 1f 0,1", "holds no pair"),
            ("pairs 0 1f 0,1 1,3", "in two pairs"),
            ("pairs 0 1f 0,1 3,3", "in two pairs"),
            ("pairs 0 1f 0,1 3,9", "not an empty cell"),
            ("pairs 0 1f 0,1 3,200", "not an empty cell"),
            ("pairs 0 1f 0,3 1,4", "holds no pair"),
        ] {
            let bad = text.replace(good, wrong);
            let err = verify_text(&bad).unwrap_err();
            assert!(
                matches!(&err, VerifyError::BadPairing { message, .. } if message.contains(why)),
                "{wrong}: {err}"
            );
        }
        // A pairing on a cell Maker holds: Maker takes 0 first, and a
        // strategy that pairs 0 there is refused.
        let mut cert = bowtie();
        cert.pairings.clear();
        cert.pairings.insert((0, 0b11111), vec![(0, 1), (3, 4)]);
        assert!(verify(&cert).is_ok());
        cert.start.maker = 1;
        cert.pairings.clear();
        cert.pairings.insert((1, 0b11111), vec![(0, 1), (3, 4)]);
        let err = verify(&cert).unwrap_err();
        assert!(matches!(err, VerifyError::BadPairing { .. }), "{err}");
        // Pairs are Breaker's: refused in a Maker strategy.
        let two: Hypergraph = "cells 3\n0 1\n1 2".parse().unwrap();
        let mut solver = Solver::new(&two, Limits::none()).unwrap();
        let mut maker =
            Certificate::build(&mut solver, &two, Origin::Sets, Player::Maker, &mut |_| {})
                .unwrap();
        assert_eq!(verify(&maker).unwrap().winner, Player::Maker);
        maker.pairings.insert((0, 0b111), vec![(0, 1)]);
        assert!(verify(&maker).is_err());
    }

    proptest::proptest! {
        /// On random small games, a Breaker certificate written with the
        /// pairing cut verifies, and its verdict is the plain solver's.
        #[test]
        fn pairing_certificates_verify_on_random_games(
            sets in proptest::collection::vec(
                proptest::collection::btree_set(0usize..10, 2..5), 1..9),
            maker_first in proptest::bool::ANY,
        ) {
            let text: String = sets
                .iter()
                .map(|s| s.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ") + "\n")
                .collect();
            let game: Hypergraph = format!("cells 10\n{text}").parse().unwrap();
            let first = if maker_first { Player::Maker } else { Player::Breaker };
            let mut plain = Solver::new(&game, Limits::none()).unwrap();
            let expected = plain.solve(first, &mut |_| {}).verdict.winner();
            let mut cut = Solver::new(&game, Limits::none()).unwrap().with_pairing_cut(200, 20);
            let cert = Certificate::build(&mut cut, &game, Origin::Sets, first, &mut |_| {})
                .unwrap();
            proptest::prop_assert_eq!(Some(cert.winner), expected);
            let round = cert.to_string().parse::<Certificate>().unwrap();
            proptest::prop_assert_eq!(&round, &cert);
            proptest::prop_assert_eq!(verify(&round).map(|v| v.winner), Ok(cert.winner));
        }
    }
}
