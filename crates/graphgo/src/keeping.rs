//! The keeping game: a bound on the value from a game in which one side,
//! the *keeper*, may never lose a stone (issue 20, fourth session).
//!
//! Benson's algorithm and the safe regions of [`crate::safety`] need
//! pass-alive stones; in most of the open horizon leaves of 4x5 neither
//! colour has one (fights between groups that are not yet alive). The
//! keeping game asks instead: can the keeper reach the target score with
//! a strategy that never lets the opponent capture one of its stones?
//! It is the real game with two changes, each of which can only hurt the
//! keeper:
//!
//! - the keeper loses outright (the worst score) as soon as the opponent
//!   captures a keeper stone, so the keeper's sacrifices are given up;
//! - the opponent may make every play that suicide allows, also those that
//!   superko would refuse in the real game (more options for the
//!   opponent), and may pass whenever it likes, as in the real game.
//!
//! Two passes end the game and it is scored by area, as in the real game.
//!
//! # Why it is a bound of the real game, under either superko rule
//!
//! In the keeping game the keeper's stones are never captured, so every
//! keeper play adds a keeper stone and every opponent play adds an
//! opponent stone while the keeper's set stays the same (an opponent play
//! that captures ends the game, and suicide is forbidden). Order the
//! colourings by (keeper stones, opponent stones) as a pair of counts:
//! every stone play moves strictly up, passes make no colouring. So
//!
//! - the game is finite (at most one keeper play per point, and between
//!   two keeper plays at most one opponent play per point), and its value
//!   needs no history: it can be cached by position;
//! - no colouring made in it repeats one made earlier in it, so superko
//!   refuses nothing on account of the game below the node;
//! - every colouring the keeper makes holds all of the keeper's stones at
//!   the node (`P0`) and at least one more keeper stone. If no colouring
//!   of the history above the node holds a strict superset of `P0` as its
//!   keeper stones ([`clean`]), superko refuses no keeper play on account
//!   of the history either (positional superko refuses a play that
//!   repeats a colouring; situational superko refuses fewer). Opponent
//!   plays the real game refuses only take options away from the
//!   opponent.
//!
//! So a keeper strategy that wins the keeping game is a legal strategy of
//! the real game that reaches at least the target against every opponent
//! line, and the target is a proven bound on the value there: a lower
//! bound when Black keeps, an upper bound when White keeps. In the solver
//! the bound's basis is a region basis (the keeper's new stones may be
//! anywhere outside `P0`, all of `P0` stays): `region` = the points
//! outside `P0`, `region_all` = `P0`, tested against the history wherever
//! the bound is reused, exactly like the safe regions' claims.
//!
//! A keeper win is a strategy of the real game, so a proof that uses it
//! needs no new kind of leaf: the proof writer follows the keeper's moves
//! (every opponent reply) down to leaves that two passes or Benson's
//! algorithm close, and the independent checker replays them.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use miai_goban::Color;

use crate::benson;
use crate::board::{Bits, Board};
use crate::solver::KeyHasher;
use crate::stones::Stones;

/// The most positions one keeping-game test may visit; past it the test
/// is undecided (and cached as such).
pub const KEEP_BUDGET: u64 = 100;

/// Cache entries kept before the cache is emptied.
const CACHE_CAP: usize = 1 << 22;

/// What a test found: the keeper reaches the target, cannot, or the
/// budget ran out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The keeper has a strategy that reaches the target.
    Wins,
    /// It has none.
    Fails,
    /// The budget ran out.
    Unknown,
}

/// The key of a cached verdict: the colouring, the player to move, the
/// pass flag, the keeper and its target.
type Key = (Bits, Bits, u8, i32);

/// Keeping-game verdicts by position (they depend on nothing else) and
/// counters.
#[derive(Debug)]
pub struct KeepCache {
    known: HashMap<Key, Verdict, BuildHasherDefault<KeyHasher>>,
    /// Tests run from the solver (cache misses at the top).
    pub tests: u64,
    /// Of them, those the keeper won.
    pub wins: u64,
    /// Of them, those that ran out of [`KEEP_BUDGET`].
    pub over_budget: u64,
    /// Positions visited by all tests.
    pub nodes: u64,
    /// The most positions one test may visit ([`KEEP_BUDGET`] by
    /// default).
    pub budget: u64,
}

impl Default for KeepCache {
    fn default() -> Self {
        KeepCache::with_budget(KEEP_BUDGET)
    }
}

/// Whether no colouring of `history` (Black and White stones) has keeper
/// stones that strictly contain `kept` (the keeper's stones at the node):
/// the condition under which a keeping-game win is a bound (module docs).
pub fn clean(history: impl IntoIterator<Item = (Bits, Bits)>, keeper: Color, kept: Bits) -> bool {
    history.into_iter().all(|(b, w)| {
        let mine = if keeper == Color::Black { b } else { w };
        mine & kept != kept || mine == kept
    })
}

/// Whether a Black-view score meets the keeper's target: at least
/// `target` for Black, at most `target` for White.
fn meets(keeper: Color, score: i32, target: i32) -> bool {
    if keeper == Color::Black {
        score >= target
    } else {
        score <= target
    }
}

impl KeepCache {
    /// An empty cache whose tests visit at most `budget` positions each.
    pub fn with_budget(budget: u64) -> KeepCache {
        KeepCache {
            known: HashMap::default(),
            tests: 0,
            wins: 0,
            over_budget: 0,
            nodes: 0,
            budget,
        }
    }

    /// Whether `keeper` reaches `target` (a Black-view score: at least it
    /// for Black, at most it for White) in the keeping game from `stones`
    /// with `to_move` to play (`passed`: the last move was a pass).
    pub fn test(
        &mut self,
        board: &Board,
        stones: Stones,
        to_move: Color,
        passed: bool,
        keeper: Color,
        target: i32,
    ) -> Verdict {
        let key = key(stones, to_move, passed, keeper, target);
        if let Some(&v) = self.known.get(&key) {
            return v;
        }
        if self.known.len() >= CACHE_CAP {
            self.known.clear();
        }
        let mut game = Game {
            board,
            keeper,
            target,
            cache: self,
            nodes: 0,
            over: false,
        };
        let v = game.node(stones, to_move, passed);
        let nodes = game.nodes;
        self.tests += 1;
        self.nodes += nodes;
        self.wins += u64::from(v == Verdict::Wins);
        self.over_budget += u64::from(v == Verdict::Unknown);
        self.known.insert(key, v);
        v
    }
}

fn key(stones: Stones, to_move: Color, passed: bool, keeper: Color, target: i32) -> Key {
    let flags = to_move.index() as u8 | u8::from(passed) << 1 | (keeper.index() as u8) << 2;
    (stones.black, stones.white, flags, target)
}

/// One keeping-game test.
struct Game<'a, 'c> {
    board: &'a Board,
    keeper: Color,
    target: i32,
    cache: &'c mut KeepCache,
    nodes: u64,
    over: bool,
}

impl Game<'_, '_> {
    /// The verdict of a position (exact, or `Unknown` once the budget is
    /// spent).
    fn node(&mut self, stones: Stones, to_move: Color, passed: bool) -> Verdict {
        let key = key(stones, to_move, passed, self.keeper, self.target);
        if let Some(&v) = self.cache.known.get(&key)
            && v != Verdict::Unknown
        {
            return v;
        }
        if self.over {
            return Verdict::Unknown;
        }
        self.nodes += 1;
        if self.nodes > self.cache.budget {
            self.over = true;
            return Verdict::Unknown;
        }
        let v = self.evaluate(stones, to_move, passed);
        if v != Verdict::Unknown {
            self.cache.known.insert(key, v);
        }
        v
    }

    fn evaluate(&mut self, stones: Stones, to_move: Color, passed: bool) -> Verdict {
        let board = self.board;
        let keeper = self.keeper;
        // Benson's bounds hold in the keeping game too (pass-alive stones
        // and territory are their owner's whatever happens).
        // Only the keeper's (the opponent's would end a lost game a few
        // plies sooner, at the price of a second Benson run per node).
        let n = board.len() as i32;
        let mine = benson::settle(board, &stones, keeper).area().count_ones() as i32;
        let best = if keeper == Color::Black {
            mine - (n - mine)
        } else {
            (n - mine) - mine
        };
        if meets(keeper, best, self.target) {
            return Verdict::Wins;
        }
        let opp = to_move.opponent();
        let pass = |g: &mut Self| {
            if passed {
                if meets(keeper, stones.area_score(board), g.target) {
                    Verdict::Wins
                } else {
                    Verdict::Fails
                }
            } else {
                g.node(stones, opp, true)
            }
        };
        let mut empty = stones.empty(board);
        // The liberties of the keeper's chains with one liberty (`short`)
        // and with two (`two`).
        let (mut short, mut two) = (0, 0);
        let mine = stones.of(keeper);
        let mut rest = mine;
        while rest != 0 {
            let chain = board.flood(rest & rest.wrapping_neg(), mine);
            rest &= !chain;
            let libs = board.adjacent(chain) & empty;
            match libs.count_ones() {
                1 => short |= libs,
                2 => two |= libs,
                _ => {}
            }
        }
        if to_move == keeper {
            // Any move that wins: captures first, then the other plays,
            // the pass last (first when it ends a won game).
            if passed && meets(keeper, stones.area_score(board), self.target) {
                return Verdict::Wins;
            }
            // With a chain in atari, only a play on its liberty or a
            // capture can keep it: anything else (the pass too) lets the
            // opponent capture next.
            let forced = short != 0;
            let mut quiet = Vec::new();
            let mut unknown = false;
            while empty != 0 {
                let v = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let Some(p) = stones.play(board, to_move, v) else {
                    continue;
                };
                if p.captured == 0 {
                    if !forced || short >> v & 1 == 1 {
                        quiet.push(p.stones);
                    }
                    continue;
                }
                match self.node(p.stones, opp, false) {
                    Verdict::Wins => return Verdict::Wins,
                    Verdict::Unknown => unknown = true,
                    Verdict::Fails => {}
                }
            }
            for s in quiet {
                match self.node(s, opp, false) {
                    Verdict::Wins => return Verdict::Wins,
                    Verdict::Unknown => unknown = true,
                    Verdict::Fails => {}
                }
            }
            if forced {
                return if unknown {
                    Verdict::Unknown
                } else {
                    Verdict::Fails
                };
            }
            match pass(self) {
                Verdict::Wins => Verdict::Wins,
                _ if unknown => Verdict::Unknown,
                v => v,
            }
        } else {
            // Every opponent move must be answered; a capture of a keeper
            // stone loses at once.
            if short != 0 {
                // The opponent captures (a keeper chain in atari).
                return Verdict::Fails;
            }
            // Ataris first (plays on a liberty of a two-liberty chain):
            // the likeliest refutations.
            let mut plays = Vec::new();
            let mut later = Vec::new();
            while empty != 0 {
                let v = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                if let Some(p) = stones.play(board, to_move, v) {
                    if two >> v & 1 == 1 {
                        plays.push(p.stones);
                    } else {
                        later.push(p.stones);
                    }
                }
            }
            plays.extend(later);
            let mut unknown = false;
            for s in plays {
                match self.node(s, opp, false) {
                    Verdict::Fails => return Verdict::Fails,
                    Verdict::Unknown => unknown = true,
                    Verdict::Wins => {}
                }
            }
            match pass(self) {
                Verdict::Fails => return Verdict::Fails,
                Verdict::Unknown => unknown = true,
                Verdict::Wins => {}
            }
            if unknown {
                Verdict::Unknown
            } else {
                Verdict::Wins
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;

    use super::*;

    fn grid(w: usize, h: usize) -> Board {
        Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap()
    }

    #[test]
    fn the_history_condition() {
        let kept = 0b0110;
        // The node itself, a subset, other stones: clean.
        assert!(clean(
            [(0b0110, 0), (0b0010, 0), (0b1001, 0)],
            Color::Black,
            kept
        ));
        // A strict superset of Black's stones: a Black play could repeat it.
        assert!(!clean([(0b1110, 0)], Color::Black, kept));
        // White's stones do not count for Black, and the other way round.
        assert!(clean([(0, 0b1110)], Color::Black, kept));
        assert!(!clean([(0, 0b1110)], Color::White, kept));
    }

    /// A White stone in atari with Black to move: White cannot keep it.
    #[test]
    fn a_stone_in_atari_is_not_kept() {
        let b = grid(4, 1);
        // . X O .   Black plays the last point and captures.
        let s = Stones {
            black: 0b0010,
            white: 0b0100,
        };
        let mut cache = KeepCache::default();
        let v = cache.test(&b, s, Color::Black, false, Color::White, 3);
        assert_eq!(v, Verdict::Fails);
        assert_eq!(cache.tests, 1);
        // The same question again comes from the cache.
        assert_eq!(
            cache.test(&b, s, Color::Black, false, Color::White, 3),
            Verdict::Fails
        );
        assert_eq!(cache.tests, 1);
    }

    /// 1x3 from the empty board, Black to move: Black plays the middle and
    /// owns the line (the published 1x3 = 3) without ever losing a stone;
    /// White cannot hold Black below 3 without losing one.
    #[test]
    fn one_by_three_is_kept_whole() {
        let b = grid(3, 1);
        let mut cache = KeepCache::default();
        let e = Stones::EMPTY;
        assert_eq!(
            cache.test(&b, e, Color::Black, false, Color::Black, 3),
            Verdict::Wins
        );
        assert_eq!(
            cache.test(&b, e, Color::Black, false, Color::White, 2),
            Verdict::Fails
        );
        // A budget of one position decides nothing that needs a search.
        let mut tiny = KeepCache::with_budget(1);
        assert_eq!(
            tiny.test(&b, e, Color::Black, false, Color::Black, 3),
            Verdict::Unknown
        );
        assert_eq!(tiny.over_budget, 1);
    }
}
