//! Certificates: a winning strategy written out in full.
//!
//! Text format (line based, `#` comments allowed):
//!
//! ```text
//! miai-achieve certificate 1
//! first maker                 # who moves first
//! winner breaker              # whose strategy follows
//! creature 0,4,5,7,15         # optional: where the game came from ...
//! area 14                     # ... `area K` or `area tile 0,2,...`
//! anchor 2                    # ... 0-based stone index
//! mirror no                   # ... yes / no
//! animal 0,0 1,0 1,1 2,1      # or, in the plane: a polyomino (cells x,y),
//! symmetry free                # ... which images count,
//! board 5x5                    # ... and the board (`miai achieve animal`)
//! within 5                    # optional: Maker wins within 5 of his moves
//! stones maker 24             # optional: stones on the board at the start
//! stones breaker 3            # ... (a certificate from a given position)
//! handicap 1                  # optional, Breaker strategies only: Maker
//!                             # first places 1 stone anywhere, then `first`
//!                             # moves (every choice is answered)
//! cells 14                    # the game itself: cells 0..N
//! set 0 2 10                  # one line per winning set
//! ...
//! moves 1234                  # number of strategy lines
//! move 21 3fff 7              # Maker's live cells, live cells (hex), reply
//! ...
//! pairs 1 3ffe 2,3 5,9         # Breaker strategies only: from this position
//! ...                          # Breaker wins by pairing (cells 2,3 and 5,9)
//! ```
//!
//! Positions are keyed by what matters in them. The *live* sets are the
//! winning sets without a Breaker stone; their union `L` is the second
//! bitset, and the live sets are exactly the winning sets inside `L` (a set
//! inside `L` has no Breaker stone, since `L` has none). The first bitset is
//! Maker's cells inside `L`. Cells outside `L` can no longer matter, so
//! every position with the same pair is the same game. A `move` line says:
//! in every such position with the winner to move, the winner plays the
//! given cell (always a cell of `L`, hence empty). The strategy answers every position the
//! loser can reach by playing cells of winning sets the winner has not yet
//! spoilt (for Breaker: sets without a Breaker cell); a move anywhere else
//! is a pass in effect and cannot help the loser (an extra stone never hurts
//! its owner in a Maker-Breaker game), which `docs/achieve.md` spells out.
//!
//! A `pairs` line (same key) ends a line of a Breaker strategy without
//! writing the rest of the game: disjoint pairs of empty cells such that
//! every live set contains a whole pair. Breaker answers a Maker move in a
//! pair with its partner, so Maker never completes a live set; who moves
//! there does not matter. A [`Solver`] with the pairing cut on
//! ([`Solver::with_pairing_cut`]) writes such lines wherever its cut finds
//! a pairing; the checker verifies each pairing itself.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::str::FromStr;

use crate::area::Area;
use crate::creature::Creature;
use crate::error::CertificateError;
use crate::hypergraph::{Hypergraph, cells_of};
use crate::plane::{Board, Polyomino, Symmetry};
use crate::player::Player;
use crate::solver::Solver;
use miai_search::{Progress, Stop};

/// Where a certificate's game comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The family of a creature on an area (seed 004's lemmas).
    Family {
        /// The creature.
        creature: Creature,
        /// The area.
        area: Area,
        /// Anchor stone index.
        anchor: usize,
        /// Mirror images count.
        mirror: bool,
    },
    /// The placements of a polyomino on a board (`miai achieve animal`):
    /// the verifier derives them again with its own code.
    Plane {
        /// The animal.
        animal: Polyomino,
        /// Which images of it count.
        symmetry: Symmetry,
        /// The board.
        board: Board,
    },
    /// A hypergraph given directly.
    Sets,
}

/// Where play starts: stones already on the board, and handicap stones
/// Maker places (anywhere he likes) before the first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Start {
    /// Maker's stones at the start (a bitset of cells).
    pub maker: u128,
    /// Breaker's stones at the start.
    pub breaker: u128,
    /// Stones Maker places, one after another and wherever he likes,
    /// before `first` moves. Only in a Breaker strategy (which must answer
    /// every choice); a Maker strategy names its handicap stones in
    /// `maker` instead.
    pub handicap: usize,
}

impl Start {
    /// The empty board.
    pub fn empty() -> Start {
        Start::default()
    }

    /// Is this the empty board with no handicap?
    pub fn is_empty(&self) -> bool {
        *self == Start::default()
    }
}

/// A winning strategy for one player, position by position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The game's origin (checked against the sets by the verifier).
    pub origin: Origin,
    /// The game.
    pub game: Hypergraph,
    /// Who moves first.
    pub first: Player,
    /// Whose strategy this is.
    pub winner: Player,
    /// For a Maker strategy: Maker completes a set within this many of
    /// his moves (a move-number certificate; `verify` counts them).
    pub within: Option<usize>,
    /// Where play starts (the empty board unless stated).
    pub start: Start,
    /// `(Maker's live cells, live cells) -> winner's move`; see the module
    /// documentation.
    pub strategy: BTreeMap<(u128, u128), usize>,
    /// `(Maker's live cells, live cells) -> pairs`: Breaker strategies
    /// only, a position where Breaker wins by answering in the pairs (see
    /// the module documentation).
    pub pairings: BTreeMap<(u128, u128), Vec<(usize, usize)>>,
}

impl Certificate {
    /// Solve (if needed) and write out the winner's strategy for every
    /// position the loser can reach. Uses the solver's table, so call it
    /// after `solve` on the same solver.
    pub fn build(
        solver: &mut Solver,
        game: &Hypergraph,
        origin: Origin,
        first: Player,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Certificate, Stop> {
        Certificate::build_from(solver, game, origin, first, (0, 0, first), progress)
    }

    /// The winner's strategy from the position `(maker, breaker, to_move)`
    /// of a game that `first` began (a work unit's part of a certificate;
    /// see [`crate::unit`]): every position the loser can reach from there.
    /// With the empty position this is [`Certificate::build`].
    pub fn build_from(
        solver: &mut Solver,
        game: &Hypergraph,
        origin: Origin,
        first: Player,
        (maker, breaker, to_move): (u128, u128, Player),
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Certificate, Stop> {
        let winner = solver.winner(maker, breaker, to_move, progress)?;
        let mut cert = Certificate::unfilled(game, origin, first, winner, Start::empty());
        let mut seen = HashSet::new();
        cert.extend(solver, maker, breaker, to_move, &mut seen, progress)?;
        Ok(cert)
    }

    /// The winner's strategy from `start`, recorded in the certificate so
    /// that the checker replays from there. With handicap stones, every
    /// placement of them is solved: if Maker wins after one of them, the
    /// certificate is his strategy from that placement (the stones written
    /// as `stones maker`, handicap 0); otherwise it is Breaker's strategy
    /// answering every placement. `start`'s stones must be disjoint.
    pub fn build_start(
        solver: &mut Solver,
        game: &Hypergraph,
        origin: Origin,
        first: Player,
        start: Start,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Certificate, Stop> {
        let placements = handicap_placements(game.sets(), start);
        let mut winner = Player::Breaker;
        let mut begin = start;
        for &m in &placements {
            if solver.winner(m, start.breaker, first, progress)? == Player::Maker {
                winner = Player::Maker;
                begin = Start {
                    maker: m,
                    breaker: start.breaker,
                    handicap: 0,
                };
                break;
            }
        }
        let mut cert = Certificate::unfilled(game, origin, first, winner, begin);
        let mut seen = HashSet::new();
        if winner == Player::Maker {
            cert.extend(
                solver,
                begin.maker,
                begin.breaker,
                first,
                &mut seen,
                progress,
            )?;
        } else {
            for m in placements {
                cert.extend(solver, m, start.breaker, first, &mut seen, progress)?;
            }
        }
        Ok(cert)
    }

    /// A certificate of `winner` from `start` with no strategy recorded yet
    /// (filled by [`Certificate::extend`]).
    fn unfilled(
        game: &Hypergraph,
        origin: Origin,
        first: Player,
        winner: Player,
        start: Start,
    ) -> Certificate {
        Certificate {
            origin,
            game: game.clone(),
            first,
            winner,
            within: None,
            start,
            strategy: BTreeMap::new(),
            pairings: BTreeMap::new(),
        }
    }

    fn extend(
        &mut self,
        solver: &mut Solver,
        maker: u128,
        breaker: u128,
        to_move: Player,
        seen: &mut HashSet<(u128, u128)>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<(), Stop> {
        let sets = self.game.sets();
        if sets.iter().any(|&s| s & !maker == 0) {
            return Ok(()); // Maker has won: the line ends.
        }
        let live: u128 = sets
            .iter()
            .filter(|&&s| s & breaker == 0)
            .fold(0, |a, &s| a | s)
            & !maker;
        if live == 0 {
            return Ok(()); // Breaker has won: the line ends.
        }
        let key = (maker & live_all(sets, breaker), live_all(sets, breaker));
        if self.winner == Player::Breaker && solver.pairing_cut_on() {
            if self.pairings.contains_key(&key) {
                return Ok(());
            }
            // Tried once per key: at a winner's position a failure leaves
            // a strategy move under the key, at a loser's a `seen` entry.
            let tried = if to_move == self.winner {
                self.strategy.contains_key(&key)
            } else {
                seen.contains(&key)
            };
            if !tried && let Some(pairs) = solver.pairing(maker, breaker) {
                self.pairings.insert(key, pairs);
                return Ok(());
            }
        }
        if to_move == self.winner {
            if self.strategy.contains_key(&key) {
                return Ok(());
            }
            let Some(c) = solver.winning_move(maker, breaker, to_move, progress)? else {
                // Cannot happen for a proven win; leave the gap for the
                // verifier to report rather than panic.
                return Ok(());
            };
            self.strategy.insert(key, c);
            let (m, b) = play(maker, breaker, to_move, c);
            self.extend(solver, m, b, to_move.other(), seen, progress)
        } else {
            if !seen.insert(key) {
                return Ok(());
            }
            for c in cells_of(live) {
                let (m, b) = play(maker, breaker, to_move, c);
                self.extend(solver, m, b, to_move.other(), seen, progress)?;
            }
            Ok(())
        }
    }
}

/// Every set of Maker stones the handicap can leave: `start.maker` plus
/// `start.handicap` more cells, each in a winning set without a Breaker
/// stone (a stone elsewhere is worth nothing, as a pass), without repeats.
/// Placements that already complete a set are kept (the line ends there).
pub(crate) fn handicap_placements(sets: &[u128], start: Start) -> Vec<u128> {
    let live = live_all(sets, start.breaker);
    let mut level = vec![start.maker];
    for _ in 0..start.handicap {
        let mut next = std::collections::BTreeSet::new();
        for &m in &level {
            if sets.iter().any(|&s| s & start.breaker == 0 && s & !m == 0) {
                next.insert(m);
                continue;
            }
            for c in cells_of(live & !m) {
                next.insert(m | 1 << c);
            }
        }
        level = next.into_iter().collect();
    }
    level
}

/// Union of the winning sets without a Breaker stone.
fn live_all(sets: &[u128], breaker: u128) -> u128 {
    sets.iter()
        .filter(|&&s| s & breaker == 0)
        .fold(0, |a, &s| a | s)
}

fn play(maker: u128, breaker: u128, who: Player, cell: usize) -> (u128, u128) {
    match who {
        Player::Maker => (maker | 1 << cell, breaker),
        Player::Breaker => (maker, breaker | 1 << cell),
    }
}

const MAGIC: &str = "miai-achieve certificate 1";

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{MAGIC}")?;
        writeln!(f, "first {}", self.first)?;
        writeln!(f, "winner {}", self.winner)?;
        if let Origin::Family {
            creature,
            area,
            anchor,
            mirror,
        } = &self.origin
        {
            writeln!(f, "creature {creature}")?;
            writeln!(f, "area {area}")?;
            writeln!(f, "anchor {anchor}")?;
            writeln!(f, "mirror {}", if *mirror { "yes" } else { "no" })?;
        }
        if let Origin::Plane {
            animal,
            symmetry,
            board,
        } = &self.origin
        {
            // Cells, not the picture: `#` starts a comment here.
            let cells: Vec<String> = animal
                .cells()
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect();
            writeln!(f, "animal {}", cells.join(" "))?;
            writeln!(f, "symmetry {}", symmetry.word())?;
            // A drawn board with `X` for its cells (`#` starts a comment).
            writeln!(f, "board {}", board.to_string().replace('#', "X"))?;
        }
        if let Some(k) = self.within {
            writeln!(f, "within {k}")?;
        }
        for (who, stones) in [("maker", self.start.maker), ("breaker", self.start.breaker)] {
            if stones != 0 {
                let v: Vec<String> = cells_of(stones).iter().map(|c| c.to_string()).collect();
                writeln!(f, "stones {who} {}", v.join(" "))?;
            }
        }
        if self.start.handicap > 0 {
            writeln!(f, "handicap {}", self.start.handicap)?;
        }
        writeln!(f, "cells {}", self.game.cells())?;
        for s in self.game.set_lists() {
            let v: Vec<String> = s.iter().map(|c| c.to_string()).collect();
            writeln!(f, "set {}", v.join(" "))?;
        }
        writeln!(f, "moves {}", self.strategy.len())?;
        for (&(m, b), &c) in &self.strategy {
            writeln!(f, "move {m:x} {b:x} {c}")?;
        }
        for (&(m, b), pairs) in &self.pairings {
            let v: Vec<String> = pairs.iter().map(|(x, y)| format!("{x},{y}")).collect();
            writeln!(f, "pairs {m:x} {b:x} {}", v.join(" "))?;
        }
        Ok(())
    }
}

impl FromStr for Certificate {
    type Err = CertificateError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = |line: usize, message: String| CertificateError::Syntax { line, message };
        let mut first = None;
        let mut winner = None;
        let mut creature = None;
        let mut area = None;
        let mut anchor = None;
        let mut mirror = None;
        let mut animal = None;
        let mut symmetry = None;
        let mut board = None;
        let mut cells = None;
        let mut within = None;
        let mut start = Start::empty();
        let mut sets: Vec<Vec<usize>> = Vec::new();
        let mut declared_moves = None;
        let mut strategy = BTreeMap::new();
        let mut pairings = BTreeMap::new();
        let mut magic = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            if !magic {
                if body != MAGIC {
                    return Err(syntax(line, format!("expected `{MAGIC}`")));
                }
                magic = true;
                continue;
            }
            let (word, rest) = body.split_once(' ').unwrap_or((body, ""));
            let rest = rest.trim();
            match word {
                "first" => first = Some(rest.parse::<Player>().map_err(|e| syntax(line, e))?),
                "winner" => winner = Some(rest.parse::<Player>().map_err(|e| syntax(line, e))?),
                "creature" => creature = Some(rest.parse::<Creature>()?),
                "area" => {
                    area = Some(match rest.strip_prefix("tile") {
                        Some(tile) => Area::parse_tile(tile)?,
                        None => Area::consecutive(rest.parse().map_err(|_| {
                            syntax(line, format!("`{rest}`: area size must be an integer"))
                        })?)?,
                    })
                }
                "anchor" => {
                    anchor = Some(rest.parse::<usize>().map_err(|_| {
                        syntax(line, format!("`{rest}`: anchor must be a stone index"))
                    })?)
                }
                "mirror" => {
                    mirror = Some(match rest {
                        "yes" => true,
                        "no" => false,
                        _ => return Err(syntax(line, format!("`{rest}`: mirror is yes or no"))),
                    })
                }
                "animal" => {
                    animal = Some(
                        rest.parse::<Polyomino>()
                            .map_err(|e| syntax(line, format!("animal: {e}")))?,
                    )
                }
                "symmetry" => {
                    symmetry = Some(
                        rest.parse::<Symmetry>()
                            .map_err(|e| syntax(line, format!("symmetry: {e}")))?,
                    )
                }
                "board" => {
                    board = Some(
                        rest.parse::<Board>()
                            .map_err(|e| syntax(line, format!("board: {e}")))?,
                    )
                }
                "within" => {
                    within = Some(rest.parse::<usize>().map_err(|_| {
                        syntax(line, format!("`{rest}`: within takes a number of moves"))
                    })?)
                }
                "stones" => {
                    let (who, list) = rest.split_once(' ').unwrap_or((rest, ""));
                    let mut mask = 0u128;
                    for t in list.split_whitespace() {
                        let c = t
                            .parse::<usize>()
                            .ok()
                            .filter(|&c| c < 128)
                            .ok_or_else(|| syntax(line, format!("`{t}`: not a cell")))?;
                        mask |= 1 << c;
                    }
                    match who {
                        "maker" => start.maker |= mask,
                        "breaker" => start.breaker |= mask,
                        _ => {
                            return Err(syntax(
                                line,
                                format!("`{who}`: stones are `maker` or `breaker`"),
                            ));
                        }
                    }
                }
                "handicap" => {
                    start.handicap = rest.parse::<usize>().map_err(|_| {
                        syntax(line, format!("`{rest}`: handicap takes a number of stones"))
                    })?
                }
                "cells" => {
                    cells =
                        Some(rest.parse::<usize>().map_err(|_| {
                            syntax(line, format!("`{rest}`: cells must be an integer"))
                        })?)
                }
                "set" => {
                    let set = rest
                        .split_whitespace()
                        .map(|t| t.parse::<usize>())
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|_| syntax(line, format!("`{rest}`: bad cell in set")))?;
                    sets.push(set);
                }
                "moves" => {
                    declared_moves =
                        Some(rest.parse::<usize>().map_err(|_| {
                            syntax(line, format!("`{rest}`: moves must be an integer"))
                        })?)
                }
                "move" => {
                    let p: Vec<&str> = rest.split_whitespace().collect();
                    if p.len() != 3 {
                        return Err(syntax(line, "a move line has three fields".into()));
                    }
                    let m = u128::from_str_radix(p[0], 16)
                        .map_err(|_| syntax(line, format!("`{}`: not a hex bitset", p[0])))?;
                    let b = u128::from_str_radix(p[1], 16)
                        .map_err(|_| syntax(line, format!("`{}`: not a hex bitset", p[1])))?;
                    let c = p[2]
                        .parse::<usize>()
                        .map_err(|_| syntax(line, format!("`{}`: not a cell", p[2])))?;
                    if strategy.insert((m, b), c).is_some() {
                        return Err(syntax(line, "position given twice".into()));
                    }
                }
                "pairs" => {
                    let mut p = rest.split_whitespace();
                    let mut hex = |what: &str| {
                        let t = p.next().unwrap_or("");
                        u128::from_str_radix(t, 16)
                            .map_err(|_| syntax(line, format!("`{t}`: {what} is not a hex bitset")))
                    };
                    let m = hex("Maker's live cells")?;
                    let b = hex("the live cells")?;
                    let mut pairs = Vec::new();
                    for t in p {
                        let pair = t.split_once(',').and_then(|(x, y)| {
                            Some((x.parse::<usize>().ok()?, y.parse::<usize>().ok()?))
                        });
                        pairs.push(pair.ok_or_else(|| {
                            syntax(line, format!("`{t}`: a pair is two cells `x,y`"))
                        })?);
                    }
                    if pairings.insert((m, b), pairs).is_some() {
                        return Err(syntax(line, "pairing given twice".into()));
                    }
                }
                other => return Err(syntax(line, format!("unknown keyword `{other}`"))),
            }
        }
        let end = text.lines().count();
        if !magic {
            return Err(syntax(1, format!("empty: expected `{MAGIC}`")));
        }
        let missing = |what: &str| syntax(end, format!("missing `{what}` line"));
        let cells = cells.ok_or_else(|| missing("cells"))?;
        let game = Hypergraph::new(cells, &sets)?;
        if let Some(n) = declared_moves
            && n != strategy.len()
        {
            return Err(syntax(
                end,
                format!("`moves {n}` but {} move lines", strategy.len()),
            ));
        }
        let plane = match (animal, symmetry, board) {
            (None, None, None) => None,
            (Some(animal), symmetry, Some(board)) => Some(Origin::Plane {
                animal,
                symmetry: symmetry.unwrap_or_default(),
                board,
            }),
            _ => return Err(missing("animal/board")),
        };
        let origin = match (creature, area, anchor, mirror, plane) {
            (None, None, None, None, None) => Origin::Sets,
            (None, None, None, None, Some(plane)) => plane,
            (Some(creature), Some(area), Some(anchor), mirror, None) => Origin::Family {
                creature,
                area,
                anchor,
                mirror: mirror.unwrap_or(false),
            },
            (_, _, _, _, Some(_)) => {
                return Err(syntax(
                    end,
                    "a certificate comes from a creature or from an animal, not both".into(),
                ));
            }
            _ => return Err(missing("creature/area/anchor")),
        };
        Ok(Certificate {
            origin,
            game,
            first: first.ok_or_else(|| missing("first"))?,
            winner: winner.ok_or_else(|| missing("winner"))?,
            within,
            start,
            strategy,
            pairings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    #[test]
    fn text_round_trips() {
        let game: Hypergraph = "0 1\n1 2\n".parse().unwrap();
        let mut solver = Solver::new(&game, Limits::none()).unwrap();
        let cert = Certificate::build(&mut solver, &game, Origin::Sets, Player::Maker, &mut |_| {})
            .unwrap();
        assert_eq!(cert.winner, Player::Maker);
        assert_eq!(cert.to_string().parse::<Certificate>().unwrap(), cert);
    }

    #[test]
    fn a_start_position_round_trips() {
        let game: Hypergraph = "cells 5\n0 1\n1 2\n3 4".parse().unwrap();
        let mut solver = Solver::new(&game, Limits::none()).unwrap();
        let start = Start {
            maker: 0,
            breaker: 1 << 1,
            handicap: 1,
        };
        let cert = Certificate::build_start(
            &mut solver,
            &game,
            Origin::Sets,
            Player::Breaker,
            start,
            &mut |_| {},
        )
        .unwrap();
        // Breaker's stone on 1 kills {0,1} and {1,2}; Maker's handicap
        // stone goes to 3 or 4, then Breaker moves first and takes the
        // other: Breaker wins after every placement.
        assert_eq!(cert.winner, Player::Breaker);
        assert_eq!(cert.start, start);
        assert_eq!(cert.to_string().parse::<Certificate>().unwrap(), cert);
    }

    #[test]
    fn handicap_placements_skip_dead_cells_and_repeats() {
        let sets = [0b0011u128, 0b0110, 0b1000_0000];
        let start = Start {
            maker: 0,
            breaker: 0b0100,
            handicap: 2,
        };
        // Live cells: 0, 1 (set {0,1}) and 7; pairs of them, and {7} alone
        // already completes a set, so it stays as it is.
        let got = handicap_placements(&sets, start);
        assert_eq!(got, vec![0b0011, 0b1000_0000, 0b1000_0001, 0b1000_0010]);
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_text_never_panics(s in "\\PC{0,80}") {
            let _ = s.parse::<Certificate>();
            let _ = format!("{MAGIC}\n{s}").parse::<Certificate>();
        }
    }
}
