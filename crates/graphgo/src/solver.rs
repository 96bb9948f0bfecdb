//! The exact whole-board solver: the optimal area score of a position under
//! a repetition rule, with its principal variation.
//!
//! # Search
//!
//! Fail-soft alpha-beta over (colouring, player to move, last move was a
//! pass); two consecutive passes end the game and it is scored by area
//! (Tromp-Taylor: stones plus empty regions touching one colour only), from
//! Black's view, komi 0 (komi shifts every score by the same amount, so the
//! optimal line does not depend on it). Suicide is forbidden. Move order:
//! the table's move, then pass (as Tromp found for 2x2, trying the pass
//! first makes the search far smaller), then plays that capture, then the
//! rest.
//!
//! # Repetition and the transposition table
//!
//! Under superko the value of a position depends on the history that led to
//! it (graph-history interaction). The search keeps the history as a
//! stack and a map from each colouring (positional superko) or colouring
//! with player to move (situational superko) to its index in the stack.
//! Every time a play is refused because it would repeat an entry, the
//! search notes the entry's index; a node returns, with its value, the
//! smallest such index met anywhere in its subtree. A value goes into the
//! table only if that index is not below the node's own entry: then no
//! refusal in the subtree came from a colouring played *before* the node,
//! i.e. the value is the one the node has with an empty prior history.
//!
//! This is the "store only results proven without reference to history"
//! policy. It is not airtight: an entry is later used for the same
//! position under another history, and that history could forbid a
//! colouring that the stored subtree reached. The cross-check test against
//! a plain full-history minimax on tiny graphs has found no case where this
//! matters; the documentation says so rather than claim soundness.
//!
//! # Early stops
//!
//! Benson's algorithm ([`crate::benson`]) bounds the score: Black's
//! pass-alive stones and territory are Black's whatever happens, White's
//! likewise. When they cover the board the value is exact; otherwise the
//! bounds cut the window.
//!
//! # Symmetry
//!
//! Table keys are the least image of the colouring under the board's
//! symmetries ([`Board::symmetries`]: the dihedral group of grids), so a
//! position and its mirror images share an entry.

pub mod limit;
pub mod tt;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use miai_goban::Color;

pub use limit::{Progress, SearchLimit};
use tt::{Bloom, Entry, NO_MOVE, PASS, Table, bloom_add, bloom_has, bloom_or, mix};

use crate::benson;
use crate::board::{Bits, Board};
use crate::stones::Stones;

/// The repetition rule of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// No play may recreate an earlier colouring.
    Positional,
    /// No play may recreate an earlier colouring with the same player to
    /// move.
    Situational,
}

/// A move in a principal variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone at this vertex.
    Play(usize),
    /// A pass.
    Pass,
}

/// The result of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The optimal area score from Black's view (komi 0), when proven.
    pub score: Option<i32>,
    /// Whether the score is proven (the search was not cut off).
    pub proven: bool,
    /// The principal variation from the start (players alternate from the
    /// player to move).
    pub pv: Vec<Move>,
    /// Whether the principal variation ends in a position Benson's
    /// algorithm settles (rather than in two passes).
    pub pv_ends_settled: bool,
    /// Nodes visited.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: std::time::Duration,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// Why a search was cut off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
    /// Cancelled by the caller.
    Cancelled,
    /// A line longer than the depth limit.
    Depth,
}

/// Options of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The repetition rule.
    pub repetition: Repetition,
    /// Limits.
    pub limit: SearchLimit,
    /// Use Benson's algorithm to stop early.
    pub benson: bool,
    /// Fold the table by the board's symmetries.
    pub symmetry: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            repetition: Repetition::Positional,
            limit: SearchLimit::default(),
            benson: true,
            symmetry: true,
        }
    }
}

type HistKey = (Bits, Bits, u8);

struct Search<'a> {
    board: &'a Board,
    opts: SolveOptions,
    table: Table,
    history: Vec<HistKey>,
    /// Per history entry: the hash of its canonical form (for Bloom tests).
    canon_hashes: Vec<u64>,
    /// XOR of the exact hashes of the history entries.
    history_hash: u64,
    index: HashMap<HistKey, usize>,
    nodes: u64,
    start: Instant,
    cancel: &'a AtomicBool,
    progress: &'a mut dyn FnMut(&Progress),
    stop: Option<Stop>,
    max_ply: usize,
}

const NONE: usize = usize::MAX;

/// Solves `stones` with `to_move` to play (no earlier history) on `board`.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use miai_goban::{Color, Graph};
/// use miai_graphgo::{Board, Stones, solver};
/// let b = Board::new(Arc::new(Graph::line(3).unwrap())).unwrap();
/// let s = solver::solve(&b, Stones::EMPTY, Color::Black, &Default::default(),
///     &AtomicBool::new(false), &mut |_| {});
/// assert_eq!(s.score, Some(3)); // Black plays the middle and owns the line
/// ```
pub fn solve(
    board: &Board,
    stones: Stones,
    to_move: Color,
    opts: &SolveOptions,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Solution {
    let mut s = Search {
        board,
        opts: *opts,
        table: Table::new(opts.limit.table_bits),
        history: Vec::new(),
        canon_hashes: Vec::new(),
        history_hash: 0,
        index: HashMap::new(),
        nodes: 0,
        start: Instant::now(),
        cancel,
        progress,
        stop: None,
        max_ply: 0,
    };
    let n = board.len() as i32;
    let key = s.hist_key(stones, to_move);
    s.push(key);
    // MTD(f): null-window tests converge on the value; null windows prune
    // far more than a full window, and the table keeps bounds between
    // passes. A last full-window pass at the value yields the PV.
    let (mut lower, mut upper) = (-n, n);
    let mut guess = 0;
    while lower < upper && s.stop.is_none() {
        let beta = if guess == lower { guess + 1 } else { guess };
        let (g, _, _) = s.search(stones, to_move, false, beta - 1, beta, 0, 0);
        if s.stop.is_some() {
            break;
        }
        guess = g;
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
    }
    let mut value = lower;
    if s.stop.is_none() {
        let (v, _, _) = s.search(stones, to_move, false, value - 1, value + 1, 0, 0);
        value = v;
    }
    let proven = s.stop.is_none();
    let (pv, settled) = if proven {
        s.principal_variation(stones, to_move, value)
    } else {
        (Vec::new(), false)
    };
    let proven = s.stop.is_none();
    Solution {
        score: proven.then_some(value),
        proven,
        pv,
        pv_ends_settled: settled,
        nodes: s.nodes,
        elapsed: s.start.elapsed(),
        stopped: s.stop,
    }
}

impl Search<'_> {
    fn hist_key(&self, stones: Stones, to_move: Color) -> HistKey {
        match self.opts.repetition {
            Repetition::Positional => (stones.black, stones.white, 0),
            Repetition::Situational => (stones.black, stones.white, 1 + to_move.index() as u8),
        }
    }

    fn push(&mut self, key: HistKey) {
        let (cb, cw, _) = self.canonical(Stones {
            black: key.0,
            white: key.1,
        });
        self.index.insert(key, self.history.len());
        self.history.push(key);
        self.canon_hashes.push(mix(cb, cw, key.2));
        self.history_hash ^= mix(key.0, key.1, key.2).rotate_left(17);
    }

    fn pop(&mut self) {
        if let Some(k) = self.history.pop() {
            self.index.remove(&k);
            self.canon_hashes.pop();
            self.history_hash ^= mix(k.0, k.1, k.2).rotate_left(17);
        }
    }

    /// The canonical key and the symmetry that produced it.
    fn canonical(&self, stones: Stones) -> (Bits, Bits, usize) {
        if !self.opts.symmetry {
            return (stones.black, stones.white, 0);
        }
        let mut best = (stones.black, stones.white, 0);
        for (i, perm) in self.board.symmetries().iter().enumerate().skip(1) {
            let b = Board::permute(perm, stones.black);
            let w = Board::permute(perm, stones.white);
            if (b, w) < (best.0, best.1) {
                best = (b, w, i);
            }
        }
        best
    }

    fn check_limits(&mut self, ply: usize) -> bool {
        if self.stop.is_some() {
            return true;
        }
        if ply >= self.opts.limit.max_depth {
            self.stop = Some(Stop::Depth);
            return true;
        }
        if self.nodes & 0xFFF == 0 {
            if self.cancel.load(Ordering::Relaxed) {
                self.stop = Some(Stop::Cancelled);
            } else if self
                .opts
                .limit
                .time
                .is_some_and(|t| self.start.elapsed() >= t)
            {
                self.stop = Some(Stop::Time);
            }
            if self.nodes & 0xF_FFFF == 0 {
                (self.progress)(&Progress {
                    nodes: self.nodes,
                    elapsed: self.start.elapsed(),
                    max_ply: self.max_ply,
                });
            }
        }
        if self.opts.limit.nodes.is_some_and(|n| self.nodes >= n) {
            self.stop = Some(Stop::Nodes);
        }
        self.stop.is_some()
    }

    /// Returns the value (Black's view; fail-soft), the smallest history
    /// index a refused play referred to in the subtree (`NONE` if none),
    /// and the Bloom filter of the colourings the subtree's proof used.
    // The window, ply and own history index are the recursion's state; a
    // struct for them would only rename the arguments.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        stones: Stones,
        to_move: Color,
        passed: bool,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        own_index: usize,
    ) -> (i32, usize, Bloom) {
        self.nodes += 1;
        self.max_ply = self.max_ply.max(ply);
        if self.check_limits(ply) {
            return (0, 0, [0; 4]);
        }
        let n = self.board.len() as i32;
        let board = self.board;
        let (cb, cw, sym) = self.canonical(stones);
        let tag = self.hist_key(stones, to_move).2;
        let mut bloom: Bloom = [0; 4];
        bloom_add(&mut bloom, mix(cb, cw, tag));
        if self.opts.benson {
            let b = benson::settle(board, &stones, Color::Black).area();
            let w = benson::settle(board, &stones, Color::White).area() & !b;
            let (nb, nw) = (b.count_ones() as i32, w.count_ones() as i32);
            let (lo, hi) = (nb - (n - nb), (n - nw) - nw);
            if lo == hi || lo >= beta || hi <= alpha {
                return (if hi <= alpha { hi } else { lo }, NONE, bloom);
            }
            alpha = alpha.max(lo - 1);
            beta = beta.min(hi + 1);
        }
        let flags = to_move.index() as u8 | (u8::from(passed) << 1);
        let mut tt_move = NO_MOVE;
        let mut min_ref = NONE;
        if let Some(e) = self.table.probe(cb, cw, flags) {
            let exact = e.history == self.history_hash && usize::from(e.sym) == sym;
            let clean = e.independent
                && self.canon_hashes[..own_index]
                    .iter()
                    .all(|&h| !bloom_has(&e.bloom, h));
            if exact || clean {
                let (lo, hi) = (i32::from(e.lo), i32::from(e.hi));
                let refd = if e.independent { NONE } else { 0 };
                if lo == hi || lo >= beta || hi <= alpha {
                    bloom_or(&mut bloom, &e.bloom);
                    return (if hi <= alpha { hi } else { lo }, refd, bloom);
                }
                // The narrowed window's result leans on this entry.
                bloom_or(&mut bloom, &e.bloom);
                min_ref = refd;
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
            tt_move = e.best;
        }
        let (alpha0, beta0) = (alpha, beta);
        let black = to_move == Color::Black;
        let mut best = if black { -n - 2 } else { n + 2 };
        let mut best_move = NO_MOVE;
        // The moves: table move first, then pass, then captures, then rest.
        let perm = &board.symmetries()[sym];
        let tt_vertex = if tt_move < PASS {
            perm.iter().position(|&p| p == tt_move)
        } else {
            None
        };
        // Order: the table's move; the pass when it ends the game; captures;
        // other plays by decreasing degree (central points settle groups
        // sooner, so Benson's algorithm ends lines early); the pass last.
        let mut order: Vec<(u8, Option<crate::stones::Played>)> =
            Vec::with_capacity(board.len() + 1);
        if tt_move == PASS || passed {
            order.push((PASS, None));
        }
        if let Some(v) = tt_vertex
            && let Some(p) = stones.play(board, to_move, v)
        {
            order.push((v as u8, Some(p)));
        }
        let mut quiet = Vec::with_capacity(board.len());
        let mut empty = stones.empty(board);
        while empty != 0 {
            let v = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            if Some(v) == tt_vertex {
                continue;
            }
            if let Some(p) = stones.play(board, to_move, v) {
                if p.captured != 0 {
                    order.push((v as u8, Some(p)));
                } else {
                    quiet.push((v as u8, Some(p)));
                }
            }
        }
        quiet.sort_by_key(|&(v, _)| std::cmp::Reverse(board.neighbors(v as usize).count_ones()));
        order.extend(quiet);
        if !(tt_move == PASS || passed) {
            order.push((PASS, None));
        }
        let opp = to_move.opponent();
        for (mv, played) in order {
            let (value, refd, child_bloom) = match played {
                None => {
                    if passed {
                        (stones.area_score(board), NONE, [0; 4])
                    } else {
                        let key = self.hist_key(stones, opp);
                        if self.index.contains_key(&key) {
                            // A situation seen before (situational rule):
                            // the pass is still allowed, but the node's
                            // value may depend on where it was seen.
                            let top = self.history.len();
                            let r = self.search(stones, opp, true, alpha, beta, ply + 1, top);
                            (r.0, 0, r.2)
                        } else {
                            let pushed = self.opts.repetition == Repetition::Situational;
                            let child_own = if pushed {
                                self.push(key);
                                self.history.len() - 1
                            } else {
                                own_index
                            };
                            let r = self.search(stones, opp, true, alpha, beta, ply + 1, child_own);
                            if pushed {
                                self.pop();
                            }
                            r
                        }
                    }
                }
                Some(p) => {
                    let key = self.hist_key(p.stones, opp);
                    if let Some(&i) = self.index.get(&key) {
                        min_ref = min_ref.min(i);
                        continue;
                    }
                    self.push(key);
                    let top = self.history.len() - 1;
                    let r = self.search(p.stones, opp, false, alpha, beta, ply + 1, top);
                    self.pop();
                    r
                }
            };
            if self.stop.is_some() {
                return (0, 0, bloom);
            }
            min_ref = min_ref.min(refd);
            bloom_or(&mut bloom, &child_bloom);
            let better = if black { value > best } else { value < best };
            if better {
                best = value;
                best_move = mv;
            }
            if black {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        let lo = if best <= alpha0 { -n } else { best };
        let hi = if best >= beta0 { n } else { best };
        let canon_move = if best_move < PASS {
            perm[best_move as usize]
        } else {
            best_move
        };
        self.table.store(Entry {
            black: cb,
            white: cw,
            flags,
            lo: lo.max(-n) as i8,
            hi: hi.min(n) as i8,
            best: canon_move,
            sym: sym as u8,
            independent: min_ref == NONE || min_ref >= own_index,
            history: self.history_hash,
            bloom,
        });
        (best, min_ref, bloom)
    }

    /// Rebuilds a principal variation by replaying the game: at each step
    /// the first move whose child search (window around the known value)
    /// returns exactly the value. Stops after two passes, or where Benson's
    /// algorithm settles the whole board.
    fn principal_variation(
        &mut self,
        stones: Stones,
        to_move: Color,
        value: i32,
    ) -> (Vec<Move>, bool) {
        let board = self.board;
        let mut out = Vec::new();
        let mut cur = stones;
        let mut side = to_move;
        let mut passed = false;
        let mut ply = 1;
        for _ in 0..(8 * board.len() + 16) {
            if self.opts.benson {
                let b = benson::settle(board, &cur, Color::Black).area();
                let w = benson::settle(board, &cur, Color::White).area() & !b;
                if (b | w) == board.all() {
                    return (out, true);
                }
            }
            // Candidate moves: pass first, then plays.
            let mut found = None;
            let opp = side.opponent();
            let mut cands: Vec<Move> = vec![Move::Pass];
            let mut empty = cur.empty(board);
            while empty != 0 {
                let v = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                cands.push(Move::Play(v));
            }
            for m in cands {
                match m {
                    Move::Pass => {
                        if passed {
                            if cur.area_score(board) == value {
                                out.push(Move::Pass);
                                return (out, false);
                            }
                            continue;
                        }
                        let key = self.hist_key(cur, opp);
                        let fresh = !self.index.contains_key(&key);
                        if fresh {
                            self.push(key);
                        }
                        let own = if fresh {
                            self.history.len() - 1
                        } else {
                            self.history.len()
                        };
                        let (v, _, _) = self.search(cur, opp, true, value - 1, value + 1, ply, own);
                        if v == value {
                            found = Some((m, cur, true));
                            break;
                        }
                        if fresh {
                            self.pop();
                        }
                    }
                    Move::Play(x) => {
                        let Some(p) = cur.play(board, side, x) else {
                            continue;
                        };
                        let key = self.hist_key(p.stones, opp);
                        if self.index.contains_key(&key) {
                            continue;
                        }
                        self.push(key);
                        let own = self.history.len() - 1;
                        let (v, _, _) =
                            self.search(p.stones, opp, false, value - 1, value + 1, ply, own);
                        if v == value {
                            found = Some((m, p.stones, false));
                            break;
                        }
                        self.pop();
                    }
                }
                if self.stop.is_some() {
                    return (out, false);
                }
            }
            let Some((m, next, now_passed)) = found else {
                return (out, false);
            };
            out.push(m);
            cur = next;
            side = opp;
            passed = now_passed;
            ply += 1;
        }
        (out, false)
    }
}
