//! The exact whole-board solver: the optimal area score of a position under
//! a repetition rule, with its principal variation.
//!
//! # Search
//!
//! Alpha-beta over (colouring, player to move, last move was a pass); two
//! consecutive passes end the game and it is scored by area (Tromp-Taylor:
//! stones plus empty regions touching one colour only), from Black's view,
//! komi 0 (komi shifts every score by the same amount, so the optimal line
//! does not depend on it). Suicide is forbidden; a pass never violates
//! superko.
//!
//! Every search returns two *proven* bounds `lo <= value <= hi` rather than
//! one number. That makes iterative deepening exact: a node at the depth
//! horizon returns the bounds of Benson's algorithm (Black's pass-alive
//! area is Black's whatever happens, White's likewise), which hold for the
//! true value, and minimax is monotone, so the bounds computed above the
//! horizon hold too. The driver runs null-window tests (MTD(f)) at the
//! root and deepens only while a test is undecided, so lines are never
//! longer than they need to be; in a depth-first search without a horizon,
//! superko-legal lines of thousands of plies dominate. Proven bounds do
//! not depend on the depth they were found at, so the table needs no
//! depth field and every bound it holds is reused by later iterations.
//!
//! Each null-window test is two *one-sided* searches. "Prove
//! `value >= beta`" stops at a White node as soon as one White move is not
//! proven `>= beta` (an undecided leaf counts as a failure); "prove
//! `value <= alpha`" mirrors it. Keeping both sides open in one search
//! cannot prune at undecided nodes: 3x4 did not finish in 179 M nodes that
//! way, against 3 M with one-sided searches (before failure records). The
//! attempt expected to succeed runs first (after a test raised the lower
//! bound, the next usually fails), and both run with a node budget growing
//! by 4 in turn, so a wrong guess costs a few times the right attempt (on
//! 4x4 a doomed attempt took 10.5 M nodes where the other side's proof
//! took 0.13 M). A failed attempt is recorded in the
//! table with its depth and the basis of the failure (below); the same
//! attempt fails at once where that basis holds. Failure records only make
//! a search less decisive, never wrong.
//!
//! Move order: the table's move (from the last iteration), the pass when
//! it ends the game, captures, other plays by the liberties of the new
//! chain and then by degree, the pass;
//! then a play whose child the table already holds as deciding the node
//! for the mover goes first (enhanced transposition cutoffs used as move
//! ordering: about a fifth fewer nodes on 4x4). The table is read before
//! Benson's algorithm is run, which it often makes unnecessary.
//!
//! Late-move reductions: in a one-sided search the prover's moves after
//! the first [`REDUCE_AFTER`] are searched one ply shallower. This is no
//! guess about the value: a horizon only decides where the (proven)
//! static bounds are taken, so a proof found at a reduced horizon is a
//! proof, and a reduction can only make an iteration fail where the full
//! horizon would not have; the next iteration is deeper. The failing
//! iterations, where every prover move is tried, get much cheaper (4x4
//! 733,636 -> 470,082 nodes, 4x4 situational 5.2 M -> 0.65 M, 1x10
//! 21.9 M -> 6.9 M); a few small boards get dearer (1x8 35 k -> 109 k).
//! Reducing the defender's late moves too, or a second ply for later
//! moves, was worse on 3x4 or 4x4.
//!
//! The keeping game ([`crate::keeping`], [`SolveOptions::keeping`]): at a
//! node with few empty points that the table and the static bounds leave
//! open, the defender of the one-sided search is asked whether it keeps
//! the prover's target out of reach without ever losing a stone (White
//! holding Black below `beta` in "prove `>= beta`", Black holding White
//! above `alpha` in the other). A win is a proven bound with a region
//! basis (the defender's stones at the node, and any of its new stones
//! outside them), and fails the attempt there at once.
//!
//! [`SolveOptions::guess`] starts the null-window tests at an expected
//! value (a published one) instead of 1; [`Solution::stats`] counts where
//! the nodes went (table cutoffs, bounds refused for the history, static
//! cutoffs, failure records, open leaves at the horizon by empty points).
//!
//! # Repetition and the transposition table (graph-history interaction)
//!
//! Under superko the value of a position depends on the history that led to
//! it. The search keeps the history as a stack and a map from each
//! colouring (positional superko) or colouring with player to move
//! (situational superko) to its index in the stack. The table must not
//! hand a bound proven under one history to a node with another history
//! unless the proof still holds there. Each bound is stored with a
//! [`tt::Basis`] of its proof, and the argument is per bound:
//!
//! A proof of `value >= lo` is a strategy for Black: one move at each Black
//! node, every legal White move at each White node, down to leaves whose
//! value does not depend on the history (two passes, Benson bounds) or to
//! table bounds that are themselves valid there. Take the same strategy
//! under another history `H'` that reaches the same node `Q`. It is still a
//! proof if
//!
//! 1. each colouring *entered* by a chosen Black play is still new: none is
//!    in `H'` above `Q` (colourings on the path from `Q` down are the same
//!    as before). The basis over-approximates that set (stones common to
//!    all entered colourings, and a Bloom filter of their canonical
//!    hashes): it may claim a colouring that is not there, which only costs
//!    a re-search, never a wrong answer;
//! 2. no White play that the proof did not answer becomes legal. A White
//!    play was refused only because it repeated a colouring of the history;
//!    if that colouring was on the path from `Q` down it is refused again.
//!    The basis records the smallest history index any refusal of a White
//!    play referred to (`min_ref`). A refusal above `Q` makes the bound
//!    *dependent*: it is stored with the length `k` of the history segment
//!    from the referred colouring to `Q` and the hash of that segment
//!    (actual orientation), and holds only where the last `k` colourings
//!    above `Q` are the same set. The set is compared by a 64-bit hash (XOR
//!    of mixed colouring hashes); a collision, about 2^-64 per comparison,
//!    is the one place where soundness rests on a hash (table keys are
//!    compared exactly, and the Bloom filters err only towards re-search).
//!
//! White plays that `H'` forbids but the old history allowed only remove
//! White options: the strategy still guarantees `lo`. Black refusals do not
//! matter to a lower bound at all (Black chose one legal play). Upper
//! bounds: the same with the colours swapped. At a node whose value is
//! proven by one move (Black's lower bound, White's upper bound) the basis
//! is that child's; where every move had to be examined it is the join of
//! all the children's (plus the refusals there). A bound taken from the
//! table joins that bound's basis, moved to the current orientation;
//! `min_ref` becomes the start of its dependent segment. Under situational
//! superko a pass to a situation already in the history is allowed but not
//! pushed; the result is then treated as depending on the whole history.
//!
//! An earlier version stored only "history-independent" results and used
//! them under any history; the cross-check found it wrong already on 1x2
//! under situational superko. Condition 1 is what it missed.
//!
//! # Symmetry
//!
//! Table keys are the least image of the colouring under the board's
//! symmetries ([`Board::symmetries`]: the dihedral group of grids), so a
//! position and its mirror images share an entry. Bases are stored in the
//! key's frame and moved back with the inverse symmetry.

mod dfpn;
pub mod oracle;
pub mod tt;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use miai_goban::Color;
pub use miai_search::{Cancel, Limits, Progress, Stop};
use miai_search::{Meter, TableUsage};
use tt::{Basis, Bound, Entry, NO_FAILURE, NO_MOVE, NONE, PASS, SharedTable, Table, mix};

use crate::benson;
use crate::board::{Bits, Board};
use crate::keeping;
use crate::proof::{Proof, Side, Step, Tree};
use crate::safety;
use crate::stones::{Played, Stones};

/// The repetition rule of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// No play may recreate an earlier colouring.
    Positional,
    /// No play may recreate an earlier colouring with the same player to
    /// move.
    Situational,
}

impl Repetition {
    /// Its name: `positional` or `situational`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Repetition::Positional => "positional",
            Repetition::Situational => "situational",
        }
    }
}

/// A repetition rule that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: expected positional or situational")]
pub struct RepetitionError(pub String);

/// `positional` (or `psk`) and `situational` (or `ssk`), in any case.
impl std::str::FromStr for Repetition {
    type Err = RepetitionError;
    fn from_str(s: &str) -> Result<Repetition, RepetitionError> {
        match s.to_ascii_lowercase().as_str() {
            "positional" | "psk" => Ok(Repetition::Positional),
            "situational" | "ssk" => Ok(Repetition::Situational),
            other => Err(RepetitionError(other.to_string())),
        }
    }
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
    /// The limit that cut the principal variation short after the score
    /// was proven (the score stays proven; the variation is a prefix and
    /// no proof is written).
    pub pv_cut: Option<Stop>,
    /// Nodes visited.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: std::time::Duration,
    /// Why the search stopped early on a limit or a cancel, if it did.
    pub stopped: Option<Stop>,
    /// Whether the search gave up because a line needed more plies than
    /// [`SolveOptions::max_depth`] (graphgo's own reason besides
    /// [`Stop`]).
    pub depth_exhausted: bool,
    /// Table entries in use at the end.
    pub table_entries: usize,
    /// Bytes the table held at the end (it grows with use, up to
    /// [`table_bytes_for`] the budget).
    pub table_bytes: usize,
    /// Where the nodes went (counters of the search, for measurement).
    pub stats: SearchStats,
}

/// Counters of a solve: where its nodes went and how the table and the
/// static bounds served them. They do not change the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Table probes at searched nodes.
    pub probes: u64,
    /// Probes that found an entry for the key.
    pub probe_hits: u64,
    /// Stored bounds that would have decided the node's window but were
    /// refused because the history differs (the basis check).
    pub refused_by_history: u64,
    /// Stored bounds that decided the node.
    pub table_cutoffs: u64,
    /// Nodes decided by the static bounds (Benson, safe regions).
    pub static_cutoffs: u64,
    /// Nodes ended by a failure record of the same attempt.
    pub failure_cutoffs: u64,
    /// Nodes at the horizon (no plies left) that no bound decided.
    pub open_leaves: u64,
    /// Nodes whose moves were searched.
    pub expanded: u64,
    /// Nodes per number of empty points (index: empty points).
    pub by_empty: Vec<u64>,
    /// Open horizon leaves per number of empty points.
    pub open_by_empty: Vec<u64>,
    /// Local searches of regions ([`safety::searched_regions`]; won: the
    /// region safe).
    pub region_games: safety::LocalGames,
    /// Static bounds where a searched region was claimed (widening
    /// Benson's and the one-point regions').
    pub searched_claims: u64,
    /// Local games of [`safety::alternating`] (won: the region good).
    pub wall_games: safety::LocalGames,
    /// Static bounds that [`safety::alternating`] widened (the history
    /// allowing).
    pub alternating_claims: u64,
    /// Nodes decided by static bounds that would not have been without
    /// [`safety::alternating`]'s claims.
    pub alternating_cutoffs: u64,
    /// Local games of enclosed regions ([`safety::enclosed_regions`],
    /// and [`safety::alternating_with`]'s regions beyond
    /// [`safety::MAX_ALTERNATING_POINTS`]; won: the region the owner's).
    pub enclosed_games: safety::LocalGames,
    /// Of the won games, how many by the region's size (index: points).
    pub enclosed_safe_by_size: Vec<u64>,
    /// Enclosed games run and won by the region's empty points at the
    /// start (index).
    pub enclosed_by_empty: Vec<(u64, u64)>,
    /// Static bounds that claimed an enclosed region
    /// ([`SolveOptions::enclosed`]; the history allowing).
    pub enclosed_claims: u64,
    /// Nodes decided by static bounds that would not have been without
    /// the enclosed regions' points (the points of the regions
    /// themselves: blocks that [`safety::alternating_with`] finds safe
    /// only through such a region are counted as the claim's too).
    pub enclosed_cutoffs: u64,
    /// Nodes decided by the keeping game ([`crate::keeping`]).
    pub keep_cutoffs: u64,
    /// Keeping-game tests run (cache misses).
    pub keep_tests: u64,
    /// Of them, those the keeper won.
    pub keep_wins: u64,
    /// Of them, those that ran out of their budget.
    pub keep_over_budget: u64,
    /// Positions the keeping-game tests visited.
    pub keep_nodes: u64,
    /// A sample of open horizon leaves (every 2^16-th, at most 64): the
    /// colouring and the player to move.
    pub open_sample: Vec<(Stones, Color)>,
    /// Every one-sided attempt of the root's null-window tests, in order
    /// (their nodes add up to the solve's, less the principal variation's
    /// and a cut-off attempt's).
    pub attempts: Vec<Attempt>,
    /// What the proof walk's sharing did (with [`solve_with_proof`]).
    pub sharing: SharingStats,
    /// With [`SolveOptions::dfpn`]: the root of the last df-pn test as it
    /// stood when the root last chose a move to work below (the frontier
    /// of an unproven solve; a root that worked below one move until the
    /// end shows that move's numbers from before).
    pub dfpn_root: Option<DfpnRoot>,
}

/// The root of a df-pn test (issue 20, twelfth session): the test, the
/// ply cap it ran under and each root move's numbers and proven bounds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DfpnRoot {
    /// The test is `value >= beta`.
    pub beta: i32,
    /// The side df-pn proves: `true` for `value >= beta` (Black's).
    pub lower: bool,
    /// The ply cap of the run.
    pub cap: usize,
    /// The root's moves (refused ones left out).
    pub children: Vec<DfpnChild>,
}

/// One root move of a df-pn test and where its subtree stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DfpnChild {
    /// The vertex played, `None` for the pass.
    pub vertex: Option<usize>,
    /// Proof number (0: proven for the prover; saturated numbers are
    /// `u64::MAX` here).
    pub pn: u64,
    /// Disproof number (0: refuted).
    pub dn: u64,
    /// The proven lower bound on the child's value so far.
    pub lo: i32,
    /// The proven upper bound on it.
    pub hi: i32,
}

/// Counters of a proof walk that shares subproofs (format version 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SharingStats {
    /// Subproofs remembered for sharing.
    pub remembered: u64,
    /// `ref`s written.
    pub refs: u64,
    /// Positions met again whose remembered subproof the filter could not
    /// clear for the new history: checked exactly, by replaying it.
    pub exact_checks: u64,
    /// Of them, those whose prover enters a colouring of the new history
    /// (the subproof is written again).
    pub conflicts: u64,
    /// Subproofs not remembered because a defender's move was left out
    /// for repeating a colouring above their root.
    pub not_context_free: u64,
    /// Subproofs not remembered because they hold a `safe` leaf.
    pub with_safe: u64,
    /// Inner nodes written whose position had been written before
    /// without a remembered subproof.
    pub unshared_repeats: u64,
    /// Prover moves chosen because their child's subproof was written
    /// already (no search).
    pub shared_moves: u64,
}

/// One one-sided attempt at the root: at the horizon `depth`, the test
/// `value >= beta` attacked from one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The horizon in plies.
    pub depth: usize,
    /// The test is `value >= beta`.
    pub beta: i32,
    /// The side tried: `true` for "prove `value >= beta`" (Black's
    /// strategy), `false` for "prove `value < beta`" (White's).
    pub lower: bool,
    /// Nodes the attempt searched.
    pub nodes: u64,
    /// How it ended.
    pub result: AttemptResult,
}

/// How a one-sided attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptResult {
    /// It proved its side.
    Proved,
    /// It proved the other side instead (the test is decided against it).
    Refuted,
    /// The horizon left it undecided.
    Open,
    /// It spent the node budget it had while the other side was still
    /// open, and was set aside (it reruns with four times the budget).
    OverBudget,
    /// On two threads ([`SolveOptions::threads`]): the other side decided
    /// the test while this attempt ran, and it was stopped.
    Cancelled,
}

impl Solution {
    /// Why the search stopped before a proof, in one word as in JSON
    /// reports: a [`Stop::word`], or `depth`.
    pub fn stop_word(&self) -> Option<&'static str> {
        match self.stopped {
            Some(s) => Some(s.word()),
            None => self.depth_exhausted.then_some("depth"),
        }
    }

    /// Why the search stopped before a proof, in words: a [`Stop`]'s
    /// text, or `depth limit reached`.
    pub fn stop_text(&self) -> Option<String> {
        match self.stopped {
            Some(s) => Some(s.to_string()),
            None => self
                .depth_exhausted
                .then(|| "depth limit reached".to_string()),
        }
    }
}

/// The transposition table's default memory: 2^18 entries (about 80 MiB).
pub const DEFAULT_TABLE_BYTES: usize = (1 << 18) * tt::ENTRY_BYTES;

/// The table memory a solve uses on `board` under the budget `bytes`: the
/// budget, but never more than eight times the entries the board has
/// keys for (4 * 3^n: every colouring, player to move and pass flag;
/// the table rounds down to a power of two, so at least four times), so
/// a small board's table stays small once it is spread into its array
/// (1x7: 2^16 entries, 20 MiB, where the default budget allows 80 MiB).
/// Twice the keys was too tight: 1x8 needed 19 % more nodes with it (bucket
/// collisions). The table grows lazily up to this (see [`tt::Table`]).
#[must_use]
pub fn table_bytes_for(board: &Board, bytes: usize) -> usize {
    let keys = u32::try_from(board.len())
        .ok()
        .and_then(|n| 3usize.checked_pow(n))
        .and_then(|c| c.checked_mul(4 * 8 * tt::ENTRY_BYTES))
        .unwrap_or(usize::MAX);
    bytes.min(keys)
}

/// The default deepest iterative-deepening horizon, in plies.
pub const DEFAULT_MAX_DEPTH: usize = 2000;

/// Why the search is stopping: a shared stop reason, or the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    Limit(Stop),
    Depth,
}

/// Options of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The repetition rule.
    pub repetition: Repetition,
    /// Node, time and table-memory limits (the table defaults to
    /// [`DEFAULT_TABLE_BYTES`] and grows lazily up to its limit).
    pub limits: Limits,
    /// Deepest iterative-deepening horizon (plies) before the search gives
    /// up as unproven.
    pub max_depth: usize,
    /// Use Benson's algorithm to stop early.
    pub benson: bool,
    /// Also claim the regions of [`crate::safety`] (enclosed by pass-alive
    /// stones, one inner point) where the history allows (needs `benson`).
    pub safety: bool,
    /// With `safety`, also claim the regions of two or more inner points
    /// that a local search shows the opponent cannot keep a stone in
    /// ([`safety::searched_regions`]).
    pub searched_regions: bool,
    /// With `safety`, also claim blocks that are not pass-alive and the
    /// small regions that make them safe under alternating play
    /// ([`safety::alternating`]: each block has two regions in each of
    /// which the owner answers every play, keeping a liberty of every
    /// block there and the opponent out). Off by default (issue 20,
    /// seventeenth session; see docs/graphgo.md). The proof checker does
    /// not re-derive these claims, so [`solve_with_proof`] refuses to
    /// write a proof with it on ([`ProofError::Unsupported`]).
    pub alternating: bool,
    /// With `safety`, also claim regions that hold opponent stones,
    /// enclosed by the owner's safe stones (pass-alive chains, and with
    /// `alternating` its blocks), of up to
    /// [`safety::MAX_ENCLOSED_POINTS`] points, where a local search shows
    /// the opponent cannot keep a stone ([`safety::enclosed_regions`];
    /// with `alternating` its regions may be that large too when they
    /// hold opponent stones, [`safety::alternating_with`]). Off by default
    /// (issue 20, eighteenth session; see docs/graphgo.md). The proof
    /// checker does not re-derive these claims, so [`solve_with_proof`]
    /// refuses to write a proof with it on ([`ProofError::Unsupported`]).
    pub enclosed: bool,
    /// Fold the table by the board's symmetries.
    pub symmetry: bool,
    /// The score expected (a published value, say): the first
    /// null-window test is `score >= guess`, so a right guess is proven
    /// by two tests (`>= guess`, then `>= guess + 1` refuted) instead of
    /// a walk up from 1. Any guess gives the same proven score; `None`
    /// starts at 1.
    pub guess: Option<i32>,
    /// Late-move reductions for the prover (see [`REDUCE_AFTER`]): its
    /// moves after the first few are searched to a shallower horizon.
    /// Bounds stay proven (a horizon only decides where static bounds
    /// are taken), so this changes how soon a proof is found, never the
    /// value.
    pub reductions: bool,
    /// Close nodes by the keeping game ([`crate::keeping`]): at nodes with
    /// at most [`KEEP_EMPTIES`] empty points, the defender of a one-sided
    /// search keeps the score the prover needs out of reach without ever
    /// losing a stone (a proven bound that fails the attempt there). Off
    /// by default: it costs time on small boards and lines, and saves
    /// time on 4x5 only at deep horizons (from about 26 plies; see
    /// docs/graphgo.md).
    pub keeping: bool,
    /// With `guess`, run only the one-sided attempt the guess expects to
    /// succeed at each null-window test (`score >= beta` proved for `beta
    /// <= guess`, refuted above), never the other side beside it. On
    /// lines the other side's doomed attempts are 60 to 70 % of the nodes
    /// (1x10 with `--guess 1`: 0.83 M nodes instead of 2.16 M). The value
    /// stays proven (an attempt's bounds are proven either way, and a
    /// test it decides against the guess moves the root bounds as
    /// before), but with a wrong guess a test may stay open until the
    /// limits or the depth limit stop the search, unproven; and the
    /// other side's table entries can be what the proof needs (3x4: 879 k
    /// nodes instead of 45 k; on 1x12 White's attempt at horizon 37 took
    /// 3.3 M nodes beside Black's, 25.8 M alone). Off by default.
    pub expect_guess: bool,
    /// How the iterative deepening grows the horizon after an undecided
    /// test ([`Deepening::Auto`] by default: by half up to 26 plies, then
    /// one ply at a time).
    pub deepening: Deepening,
    /// Threads: 1 (the default) searches as before, deterministically;
    /// 2 or more run the two one-sided attempts of each null-window test
    /// at once on two threads sharing one transposition table
    /// ([`tt::SharedTable`]), so the side the value refutes fills the
    /// table while the other side's proof reads it. The first attempt
    /// that decides the test ends the other; bounds stay proven, so the
    /// value is the same, but node counts vary from run to run, and
    /// the node limit is checked across the threads every
    /// [`miai_search::CHECK_EVERY`] nodes rather than exactly.
    /// More than 2 is the same as 2 (a test has two sides).
    pub threads: usize,
    /// Free answers (issue 20, ninth session; off by default): a
    /// one-sided search's prover play that captures the stone the
    /// defender has just played keeps the parent's horizon instead of
    /// using a ply. Bounds stay proven (a horizon only decides where the
    /// static bounds are taken), so the value cannot change; lines stay
    /// finite (every free ply follows a charged one, so a line is at
    /// most twice the horizon). On lines the deep proofs are refutations
    /// of the defender's sacrifices: 1x10 0.79 M nodes instead of 2.16 M
    /// (docs/graphgo.md, "Lines again"); grids pay more (3x4 94 k
    /// instead of 49 k).
    pub free_captures: bool,
    /// The doomed side shallower (issue 20, tenth session; 0, off, by
    /// default): once one side of a null-window test has ended open at
    /// the horizon (on lines: the side the value makes true, whose proof
    /// needs a deeper horizon), the other side runs this many plies
    /// shallower at that horizon (one thread; the two-thread pairing runs
    /// both at the horizon). That side is usually doomed, and its full
    /// runs were 95 % of 1x12's nodes; what the true side needs from it
    /// (its table entries, bounds proven on the way) mostly comes from
    /// the shallower run. Bounds stay proven at any horizon, so the
    /// value cannot change: a test the shallower side would have decided
    /// is decided at a later horizon. 1x10 1.87 M nodes instead of 2.16
    /// M; 1x12, not proven, through horizon 41 in ten minutes of CPU
    /// with a lag of 4 and 44 with 8, against 38 by default
    /// (docs/graphgo.md, "Lines, tenth session").
    pub doomed_lag: usize,
    /// Decide each null-window test by a best-first proof search (df-pn,
    /// `solver/dfpn.rs`; issue 20, eleventh session; off by default) instead of
    /// the iterative-deepening alpha-beta: horizon-free, its leaves
    /// evaluated by the alpha-beta at [`SolveOptions::dfpn_leaf_depth`]
    /// plies, its proven nodes stored in the table with their bases.
    /// One thread.
    pub dfpn: bool,
    /// With `dfpn`: the alpha-beta horizon of its leaf evaluations (0:
    /// the table and the static bounds only).
    pub dfpn_leaf_depth: usize,
    /// With `dfpn`: the deepest ply it works at first (deeper nodes stay
    /// open); where that leaves a test open, the cap grows by half and
    /// the test runs again, up to `max_depth`.
    pub dfpn_max_ply: usize,
    /// With `dfpn`: weak proof numbers (the largest child's number plus
    /// one per other open child, instead of the sum).
    pub dfpn_weak: bool,
    /// With `dfpn`: the proof-number table holds at most 2^bits positions
    /// (2^24 by default; fewer on small boards, and never more bytes than
    /// the table memory limit).
    pub dfpn_table_bits: u32,
    /// With `dfpn`: mirrored moves merged (issue 20, twelfth session; off
    /// by default). At a node whose every history colouring (the node's
    /// own included) a board symmetry fixes, a move whose child is that
    /// symmetry's image of an earlier move's child has the same value
    /// (the game, the history and the scoring all map onto each other), so
    /// df-pn works on one of them; the node's bounds join the other's
    /// basis moved by the symmetry. On the empty board this halves the
    /// root's moves on a line.
    pub dfpn_twins: bool,
    /// With `dfpn`: a fresh leaf's first proof and disproof numbers from
    /// a history-free estimate of its value ([`oracle::Oracle`], the
    /// depth-[`oracle::ORACLE_DEPTH`] minimax of the area score over
    /// every colouring, built once per solve on boards of at most
    /// [`oracle::ORACLE_MAX_VERTICES`] points): `(1, k)` where the
    /// estimate says the prover wins the test, `(k, 1)` where it says
    /// the defender does (issue 20, thirteenth session; 0, off, by
    /// default). Numbers only order df-pn's work, so the value cannot
    /// change.
    pub dfpn_oracle: u64,
    /// With `dfpn_oracle`: the depth of the estimate's minimax
    /// ([`oracle::ORACLE_DEPTH`], 24, by default).
    pub dfpn_oracle_depth: usize,
    /// With `dfpn_oracle`: the estimate forbids the immediate retake of
    /// a single-stone ko (off by default: a closer estimate, 57 % of
    /// sampled 1x9 positions exact instead of 28 %, but no better as
    /// df-pn's numbers; docs/graphgo.md, "Lines, thirteenth session").
    pub dfpn_oracle_ko: bool,
    /// With `dfpn`: the principal variation tests each candidate child
    /// by df-pn too, instead of the alpha-beta with doubling horizons
    /// (off by default; a proof walk keeps the alpha-beta: with df-pn
    /// the walk of 1x10's proof did not end in five minutes, its
    /// candidates that fail being disproved in full). After df-pn's proof the alpha-beta must re-prove what
    /// its table no longer holds: on 1x10, after tests of 0.3 to 0.4 M
    /// nodes, the variation took 89 M to 131 M nodes in some variants
    /// (docs/graphgo.md, "Lines, thirteenth session").
    pub dfpn_pv: bool,
}

/// The growth of the deepening horizon after a null-window test the
/// horizon left undecided. Bounds do not depend on the horizon they were
/// found at, so every schedule proves the same value; they differ in how
/// far the last iteration overshoots the horizon the proof needs, against
/// how many failing iterations run below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Deepening {
    /// [`Deepening::One`] on every board (until issue 20's seventh
    /// session, [`Deepening::Half`] off the lines: every grid up to 4x4 is
    /// proven below 26 plies, where the two agree, and 4x5 needs horizon
    /// 28, which the half schedule steps over to 40).
    #[default]
    Auto,
    /// `d -> d + 1 + d / 2` (the horizons 1, 2, 4, 7, 11, 17, 26, 40, 61,
    /// ...): on 4x4, 40 % fewer nodes than `d + 1 + d / 8`, and eight
    /// times fewer than one ply at a time from the start.
    Half,
    /// As [`Deepening::Half`] up to [`ONE_PLY_FROM`] plies, then `d -> d +
    /// 1`. On lines an iteration beyond 26 plies costs only 1.1 to 1.5
    /// times the one a ply shallower, and the proofs need horizons
    /// between the half schedule's steps (1x10 and 1x11 at 29, where the
    /// half schedule runs 40 with its failing tests): 1x10 needs a third
    /// of the nodes this way, 1x11 an eighth (docs/graphgo.md, "Lines").
    /// Below 26 the half schedule's few cheap iterations are better
    /// (1x5 to 1x9 need up to three times the nodes one ply at a time).
    One,
}

/// [`Deepening::One`] grows the horizon by half below this many plies,
/// and one ply at a time from here.
pub const ONE_PLY_FROM: usize = 26;

impl Deepening {
    /// The schedule `Auto` stands for on `board`.
    #[must_use]
    pub fn on(self, _board: &Board) -> Deepening {
        match self {
            // Lines and grids alike (the board stays in the signature for
            // schedules that depend on it).
            Deepening::Auto => Deepening::One,
            other => other,
        }
    }

    /// The horizon after `depth` (never `Auto`: call [`Deepening::on`]
    /// first; `Auto` grows by half).
    #[must_use]
    pub fn next(self, depth: usize) -> usize {
        match self {
            Deepening::One if depth >= ONE_PLY_FROM => depth + 1,
            Deepening::One | Deepening::Auto | Deepening::Half => depth + 1 + depth / 2,
        }
    }
}

/// With [`SolveOptions::keeping`], nodes with at most this many empty
/// points are tested by the keeping game (4x4: 6 halves the nodes at the
/// same time; more empty points cost more time than they save).
pub const KEEP_EMPTIES: usize = 6;

/// With [`SolveOptions::reductions`], the prover's moves after this many
/// are searched one ply shallower.
pub const REDUCE_AFTER: usize = 2;

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            repetition: Repetition::Positional,
            limits: Limits::none(),
            max_depth: DEFAULT_MAX_DEPTH,
            benson: true,
            safety: true,
            searched_regions: true,
            alternating: false,
            enclosed: false,
            symmetry: true,
            guess: None,
            reductions: true,
            keeping: false,
            deepening: Deepening::Auto,
            expect_guess: false,
            threads: 1,
            free_captures: false,
            doomed_lag: 0,
            dfpn: false,
            dfpn_leaf_depth: 0,
            dfpn_max_ply: 60,
            dfpn_weak: true,
            dfpn_table_bits: 24,
            dfpn_twins: false,
            dfpn_oracle: 0,
            dfpn_oracle_depth: oracle::ORACLE_DEPTH,
            dfpn_oracle_ko: false,
            dfpn_pv: false,
        }
    }
}

type HistKey = (Bits, Bits, u8);

/// A canonical colouring (Black, White) and the symmetry that gave it.
type Canonical = (Bits, Bits, usize);

/// A vertex permutation as eight tables, one per byte of a bit set: the
/// image of a set is the union of eight lookups (the bit-by-bit loop was
/// an eighth of the solver's time).
type ByteTable = Box<[[Bits; 256]; 8]>;

fn byte_table(perm: &[u8]) -> ByteTable {
    let mut t = Box::new([[0; 256]; 8]);
    for (k, table) in t.iter_mut().enumerate() {
        for (byte, image) in table.iter_mut().enumerate() {
            for bit in 0..8 {
                let v = 8 * k + bit;
                if byte >> bit & 1 == 1
                    && let Some(&p) = perm.get(v)
                {
                    *image |= 1 << p;
                }
            }
        }
    }
    t
}

/// The image of `set` under a permutation's byte tables; only the first
/// `bytes` bytes of the set can be non-empty.
#[inline]
fn permute_bytes(t: &[[Bits; 256]; 8], bytes: usize, set: Bits) -> Bits {
    let mut out = 0;
    for (k, table) in t.iter().enumerate().take(bytes) {
        out |= table[(set >> (8 * k)) as usize & 255];
    }
    out
}

/// A fast hasher for history keys and keeping-game keys (colourings are
/// already well spread; the default SipHash was a twentieth of the
/// solver's time).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        miai_search::hash::mix64(self.0)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_i32(&mut self, i: i32) {
        self.write_u64(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(23) ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The table a search reads and writes: its own, or one shared with the
/// other thread of a two-thread solve.
enum Tt {
    Own(Table),
    Shared(Arc<SharedTable>),
}

impl Tt {
    /// `f` of the key's entry, if stored (read whole, under the shard's
    /// lock when shared).
    #[inline]
    fn probe_map<R>(
        &self,
        black: Bits,
        white: Bits,
        flags: u8,
        f: impl FnOnce(&Entry) -> R,
    ) -> Option<R> {
        match self {
            Tt::Own(t) => t.probe(black, white, flags).map(f),
            Tt::Shared(t) => t.probe_map(black, white, flags, f),
        }
    }

    /// The values of the key's two bounds, if stored.
    #[inline]
    fn probe_values(&self, black: Bits, white: Bits, flags: u8) -> Option<(i8, i8)> {
        match self {
            Tt::Own(t) => t.probe_values(black, white, flags),
            Tt::Shared(t) => t.probe_map(black, white, flags, |e| (e.lo.value, e.hi.value)),
        }
    }

    #[inline]
    fn store(&mut self, e: Entry) {
        match self {
            Tt::Own(t) => t.store(e),
            Tt::Shared(t) => t.store(e),
        }
    }

    fn used(&self) -> usize {
        match self {
            Tt::Own(t) => t.used(),
            Tt::Shared(t) => t.used(),
        }
    }

    fn capacity(&self) -> usize {
        match self {
            Tt::Own(t) => t.capacity(),
            Tt::Shared(t) => t.capacity(),
        }
    }

    fn allocated_bytes(&self) -> usize {
        match self {
            Tt::Own(t) => t.allocated_bytes(),
            Tt::Shared(t) => t.allocated_bytes(),
        }
    }
}

/// Signals between the two threads of a solve, by thread (0: the main
/// thread, 1: the helper), for the test they are working on.
#[derive(Debug, Default)]
struct Signals {
    /// The other thread decided the test (or stopped the solve): stop.
    decided: [AtomicBool; 2],
    /// The other thread's side ended (decided or open): run without a
    /// budget from the next rerun.
    ended: [AtomicBool; 2],
}

impl Signals {
    fn reset(&self) {
        for f in self.decided.iter().chain(&self.ended) {
            f.store(false, Ordering::SeqCst);
        }
    }
}

/// What a search shares with the other thread of a two-thread solve.
struct Pairing {
    /// This thread's index in `signals`.
    me: usize,
    signals: Arc<Signals>,
    /// Nodes of both threads, published every [`miai_search::CHECK_EVERY`]
    /// nodes (the node limit and the progress reports count them).
    nodes: Arc<AtomicU64>,
    /// This thread's nodes already added to `nodes`.
    published: u64,
    /// The node limit of the solve (the meters count no limit of their
    /// own).
    max_nodes: Option<u64>,
}

struct Search<'a> {
    board: &'a Board,
    opts: SolveOptions,
    table: Tt,
    /// On two threads: what the threads share besides the table.
    pairing: Option<Pairing>,
    history: Vec<HistKey>,
    /// Per history entry: the hash of its canonical form (for Bloom tests).
    canon_hashes: Vec<u64>,
    /// `prefix[i]`: XOR of the exact hashes of `history[..i]`, so the hash
    /// of any segment of the history is two lookups.
    prefix: Vec<u64>,
    index: HashMap<HistKey, usize, BuildHasherDefault<KeyHasher>>,
    /// Each symmetry as byte lookup tables (see [`permute_bytes`]).
    byte_perms: Vec<ByteTable>,
    /// The last colouring made canonical, and the result.
    last_canonical: std::cell::Cell<Option<(Stones, Canonical)>>,
    /// The inverse of each symmetry.
    inverse: Vec<Vec<u8>>,
    meter: Meter,
    progress: &'a mut dyn FnMut(&Progress),
    stop: Option<Halt>,
    mode: Mode,
    /// The node count at which the current root attempt gives up.
    budget_end: Option<u64>,
    /// The current root attempt gave up (not a stop of the solve).
    aborted: bool,
    /// Counters for measurement.
    stats: SearchStats,
    /// The verdicts of the regions' local searches.
    regions: std::cell::RefCell<safety::RegionCache>,
    /// Static bounds that claimed a searched region.
    searched_claims: std::cell::Cell<u64>,
    /// Static bounds that claimed [`safety::alternating`]'s area.
    alternating_claims: std::cell::Cell<u64>,
    /// Static bounds that claimed an enclosed region.
    enclosed_claims: std::cell::Cell<u64>,
    /// The keeping game's verdicts.
    keep: keeping::KeepCache,
    /// The stone the move into the next node searched played (none after
    /// a pass or at a root), for [`SolveOptions::free_captures`]: set
    /// just before a call of `search`, which takes it (leaving none).
    last_play: Bits,
    /// The proof and disproof numbers of [`SolveOptions::dfpn`]
    /// (history-blind ordering hints).
    pn_table: dfpn::PnTable,
    /// The ply cap of the current df-pn run.
    dfpn_cap: usize,
    /// The test (`beta`, mode) the numbers' table was last filled for.
    pn_for: Option<(i32, Mode)>,
    /// [`SolveOptions::dfpn_oracle`]'s estimate, where it is built.
    oracle: Option<std::sync::Arc<oracle::Oracle>>,
}

/// What a search tries to prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// `value >= beta`: a White node stops at the first child not proven
    /// `>= beta` (an undecided child counts as a failure).
    Lower,
    /// `value <= alpha`: a Black node stops at the first child not proven
    /// `<= alpha`.
    Upper,
    /// Either: stop only on a decided window.
    Both,
}

/// A search result: proven bounds `lo <= value <= hi` and the bases of
/// their proofs.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    lo: i32,
    hi: i32,
    lo_basis: Basis,
    hi_basis: Basis,
    /// In a one-sided mode, when the node was not proven for that side:
    /// what the failure leans on (the defender's entered colourings, the
    /// prover's refusals), shaped like the other side's bound basis.
    fail: Basis,
}

impl Outcome {
    /// What a cut-off search returns (never used).
    const STOPPED: Outcome = Outcome {
        lo: 0,
        hi: 0,
        lo_basis: Basis::EMPTY,
        hi_basis: Basis::EMPTY,
        fail: Basis::EMPTY,
    };

    /// A value known exactly without reference to the history.
    fn exact(v: i32) -> Outcome {
        Outcome {
            lo: v,
            hi: v,
            lo_basis: Basis::EMPTY,
            hi_basis: Basis::EMPTY,
            fail: Basis::EMPTY,
        }
    }
}

/// Static bounds with the bases of their proofs.
#[derive(Clone, Copy, Debug)]
struct StaticBounds {
    lo: i32,
    hi: i32,
    lo_basis: Basis,
    hi_basis: Basis,
    /// No safe region of either colour was a candidate, so the bounds are
    /// Benson's alone and hold under every history.
    history_free: bool,
    /// The bounds without [`safety::alternating`]'s claims (the same as
    /// `lo`, `hi` when it is off).
    plain: (i32, i32),
    /// The bounds without the enclosed regions' points (the same as
    /// `lo`, `hi` when [`SolveOptions::enclosed`] is off).
    unenclosed: (i32, i32),
}

/// Solves `stones` with `to_move` to play (no earlier history) on `board`.
///
/// ```
/// use std::sync::Arc;
/// use miai_goban::{Color, Graph};
/// use miai_graphgo::{Board, Stones, solver};
/// let b = Board::new(Arc::new(Graph::line(3).unwrap())).unwrap();
/// let cancel = solver::Cancel::new();
/// let s = solver::solve(&b, Stones::EMPTY, Color::Black, &Default::default(),
///     Some(&cancel), &mut |_| {});
/// assert_eq!(s.score, Some(3)); // Black plays the middle and owns the line
/// ```
pub fn solve(
    board: &Board,
    stones: Stones,
    to_move: Color,
    opts: &SolveOptions,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
) -> Solution {
    solve_inner(board, stones, to_move, opts, cancel, progress, None).0
}

/// [`solve`], then the proof of the value it found: the two strategy
/// trees (`score >= v` for Black, `score <= v` for White) written out by
/// replaying the game with the table the solve filled (see
/// [`crate::proof`] for the format, [`crate::verify`] for the checker).
/// At each prover node the first move whose child the search proves to
/// keep the claim is taken (the table's move first); at each defender
/// node every legal move is followed; a line ends where Benson's
/// algorithm alone gives the claim or the game ends by two passes. The
/// nodes of the proof's searches are not in [`Solution::nodes`]; the
/// proof stops after `max_steps` nodes of the two trees.
///
/// # Errors
///
/// The proof ([`ProofError`]) when the solve was cut off, or the proof's
/// searches hit a limit, or the trees grow beyond `max_steps`.
pub fn solve_with_proof(
    board: &Board,
    stones: Stones,
    to_move: Color,
    opts: &SolveOptions,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
    max_steps: usize,
) -> (Solution, Result<Proof, ProofError>) {
    solve_with_proof_sharing(
        board, stones, to_move, opts, cancel, progress, max_steps, true,
    )
}

/// [`solve_with_proof`], with the choice of writing the proof as trees
/// (`share` false: version 1 of [`crate::proof`], each transposition
/// written again) or with shared subproofs (`share` true, what
/// [`solve_with_proof`] does: a position reached again is written as a
/// `ref` to its first subproof where that subproof is valid without the
/// history above it and none of its prover's colourings is in the new
/// history; see `Search::proof_node`).
///
/// # Errors
///
/// As [`solve_with_proof`].
#[allow(clippy::too_many_arguments)]
pub fn solve_with_proof_sharing(
    board: &Board,
    stones: Stones,
    to_move: Color,
    opts: &SolveOptions,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
    max_steps: usize,
    share: bool,
) -> (Solution, Result<Proof, ProofError>) {
    if opts.alternating && opts.safety && opts.benson {
        let sol = solve_inner(board, stones, to_move, opts, cancel, progress, None).0;
        return (sol, Err(ProofError::Unsupported("alternating-play safety")));
    }
    if opts.enclosed && opts.safety && opts.benson {
        let sol = solve_inner(board, stones, to_move, opts, cancel, progress, None).0;
        return (sol, Err(ProofError::Unsupported("enclosed regions")));
    }
    let (sol, proof) = solve_inner(
        board,
        stones,
        to_move,
        opts,
        cancel,
        progress,
        Some(ProofPlan { max_steps, share }),
    );
    let proof = proof.unwrap_or_else(|| {
        Err(match sol.pv_cut {
            Some(stop) => ProofError::Stopped(format!("{stop} while the variation was walked")),
            None => ProofError::NotProven,
        })
    });
    (sol, proof)
}

/// What proof to write after a solve.
#[derive(Clone, Copy, Debug)]
struct ProofPlan {
    /// Most nodes of the two trees.
    max_steps: usize,
    /// Write transpositions once (`ref`).
    share: bool,
}

/// Why no proof was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    /// The solve itself was cut off.
    #[error("the value is not proven, so there is no proof to write")]
    NotProven,
    /// A limit or a cancel stopped the proof's searches.
    #[error("the proof's searches stopped: {0}")]
    Stopped(String),
    /// The trees outgrew the budget.
    #[error("the proof has more than {0} nodes")]
    TooLarge(usize),
    /// An option whose leaves the checker does not re-derive was on.
    #[error("no proof is written with {0}: the checker does not re-derive its leaves")]
    Unsupported(&'static str),
    /// A line the search said was won ends short of the claim (a solver
    /// bug: the checker would refuse the proof).
    #[error("the {0} proof reached a line the search did not prove")]
    Unsound(&'static str),
}

/// A root attempt for the helper thread of a two-thread solve.
#[derive(Clone, Copy, Debug)]
struct Job {
    mode: Mode,
    beta: i32,
    depth: usize,
    /// Rerun with growing budgets while the other side runs.
    budgeted: bool,
}

/// How the helper's attempt ended.
#[derive(Clone, Debug)]
struct Done {
    /// How the side ended, when it did.
    end: Option<SideEnd>,
    /// Its attempts.
    attempts: Vec<Attempt>,
    stop: Option<Halt>,
}

/// What the helper thread hands back at the end.
struct HelperEnd {
    nodes: u64,
    stats: SearchStats,
}

/// On two threads, whether the second side (the one expected to fail)
/// also reruns with growing budgets while the first runs (measured and
/// dropped, docs/graphgo.md "Two threads": off).
const BUDGET_BOTH_SIDES: bool = false;

/// The main thread's side of the helper thread.
struct Helper {
    jobs: mpsc::Sender<Job>,
    done: mpsc::Receiver<Done>,
    signals: Arc<Signals>,
}

/// The solve, then (when `proof` gives a node budget) its proof.
fn solve_inner(
    board: &Board,
    stones: Stones,
    to_move: Color,
    opts: &SolveOptions,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
    proof: Option<ProofPlan>,
) -> (Solution, Option<Result<Proof, ProofError>>) {
    let bytes = table_bytes_for(board, opts.limits.table_bytes_or(DEFAULT_TABLE_BYTES));
    if opts.threads < 2 {
        let s = Search::new(
            board,
            opts,
            Tt::Own(Table::new(bytes)),
            cancel,
            progress,
            None,
        );
        return drive(s, stones, to_move, proof, None);
    }
    let shared = Arc::new(SharedTable::new(bytes));
    let nodes = Arc::new(AtomicU64::new(0));
    let signals = Arc::new(Signals::default());
    let pairing = |me: usize| Pairing {
        me,
        signals: Arc::clone(&signals),
        nodes: Arc::clone(&nodes),
        published: 0,
        max_nodes: opts.limits.max_nodes,
    };
    let main_pairing = pairing(0);
    let helper_pairing = pairing(1);
    let (jobs, job_rx) = mpsc::channel::<Job>();
    let (done_tx, done) = mpsc::channel::<Done>();
    std::thread::scope(|scope| {
        let helper_table = Tt::Shared(Arc::clone(&shared));
        let helper_cancel = cancel.cloned();
        let handle = scope.spawn(move || {
            let mut quiet = |_: &Progress| {};
            let mut h = Search::new(
                board,
                opts,
                helper_table,
                helper_cancel.as_ref(),
                &mut quiet,
                Some(helper_pairing),
            );
            let key = h.hist_key(stones, to_move);
            h.push(key);
            while let Ok(job) = job_rx.recv() {
                let end = h.side(stones, to_move, job.mode, job.beta, job.depth, job.budgeted);
                let report = Done {
                    end,
                    attempts: std::mem::take(&mut h.stats.attempts),
                    stop: h.stop,
                };
                if done_tx.send(report).is_err() {
                    break;
                }
            }
            HelperEnd {
                nodes: h.meter.nodes(),
                stats: h.take_stats(),
            }
        });
        let s = Search::new(
            board,
            opts,
            Tt::Shared(Arc::clone(&shared)),
            cancel,
            progress,
            Some(main_pairing),
        );
        let helper = Helper {
            jobs,
            done,
            signals,
        };
        let (mut sol, proof) = drive(s, stones, to_move, proof, Some(helper));
        // `drive` dropped the job channel: the helper's loop has ended.
        if let Ok(end) = handle.join() {
            sol.nodes += end.nodes;
            sol.stats.add(&end.stats);
        }
        (sol, proof)
    })
}

impl<'a> Search<'a> {
    /// A search of `board` with its table, before the start is pushed.
    fn new(
        board: &'a Board,
        opts: &SolveOptions,
        table: Tt,
        cancel: Option<&Cancel>,
        progress: &'a mut dyn FnMut(&Progress),
        pairing: Option<Pairing>,
    ) -> Search<'a> {
        // Df-pn runs on one thread only; its numbers' table is sized by
        // the board as the main table is (at most eight times the keys),
        // and by the table memory limit (it gets as much again as the main
        // table, so `--table-mb` bounds both).
        let pn_bits = if opts.dfpn && pairing.is_none() {
            let keys = u32::try_from(board.len())
                .ok()
                .and_then(|n| 3u64.checked_pow(n))
                .map_or(u64::MAX, |c| c.saturating_mul(4 * 8));
            let fit = 64 - keys.leading_zeros();
            let budget =
                opts.limits.table_bytes_or(DEFAULT_TABLE_BYTES) / dfpn::PnTable::SLOT_BYTES;
            opts.dfpn_table_bits.min(fit).min(budget.max(2).ilog2())
        } else {
            1
        };
        let pairing_none = pairing.is_none();
        let mut limits = opts.limits;
        if pairing.is_some() {
            // The node limit counts both threads (`check_limits`).
            limits.max_nodes = None;
        }
        Search {
            board,
            opts: *opts,
            table,
            pairing,
            history: Vec::new(),
            canon_hashes: Vec::new(),
            prefix: vec![0],
            index: HashMap::default(),
            byte_perms: board.symmetries().iter().map(|p| byte_table(p)).collect(),
            last_canonical: std::cell::Cell::new(None),
            inverse: board
                .symmetries()
                .iter()
                .map(|p| {
                    let mut inv = vec![0u8; p.len()];
                    for (v, &q) in p.iter().enumerate() {
                        inv[q as usize] = v as u8;
                    }
                    inv
                })
                .collect(),
            meter: Meter::new(&limits, cancel),
            progress,
            stop: None,
            mode: Mode::Both,
            budget_end: None,
            aborted: false,
            stats: SearchStats {
                by_empty: vec![0; board.len() + 1],
                open_by_empty: vec![0; board.len() + 1],
                ..SearchStats::default()
            },
            regions: std::cell::RefCell::new(safety::RegionCache::default()),
            searched_claims: std::cell::Cell::new(0),
            alternating_claims: std::cell::Cell::new(0),
            enclosed_claims: std::cell::Cell::new(0),
            keep: keeping::KeepCache::default(),
            last_play: 0,
            pn_table: dfpn::PnTable::new(pn_bits),
            dfpn_cap: 0,
            pn_for: None,
            oracle: if opts.dfpn && opts.dfpn_oracle > 0 && pairing_none {
                oracle::Oracle::build(board, opts.dfpn_oracle_depth, opts.dfpn_oracle_ko)
                    .map(std::sync::Arc::new)
            } else {
                None
            },
        }
    }

    /// The counters, with the caches' (taken: the search's are left
    /// empty).
    fn take_stats(&mut self) -> SearchStats {
        let mut stats = std::mem::take(&mut self.stats);
        {
            let rc = self.regions.borrow();
            stats.region_games = rc.region_games;
            stats.searched_claims = self.searched_claims.get();
            stats.wall_games = rc.wall_games;
            stats.alternating_claims = self.alternating_claims.get();
            stats.enclosed_games = rc.enclosed_games;
            stats.enclosed_safe_by_size = rc.enclosed_safe_by_size.clone();
            stats.enclosed_by_empty = rc.enclosed_by_empty.clone();
            stats.enclosed_claims = self.enclosed_claims.get();
        }
        stats.keep_tests = self.keep.tests;
        stats.keep_wins = self.keep.wins;
        stats.keep_over_budget = self.keep.over_budget;
        stats.keep_nodes = self.keep.nodes;
        stats
    }

    /// The result of a root attempt that ran to its end (or was stopped).
    fn attempt_result(&self, lower_side: bool, lo: i32, hi: i32, beta: i32) -> AttemptResult {
        if (lo >= beta && lower_side) || (hi < beta && !lower_side) {
            AttemptResult::Proved
        } else if lo >= beta || hi < beta {
            AttemptResult::Refuted
        } else {
            AttemptResult::Open
        }
    }
}

/// How one side of a test ended on its thread of a two-thread solve.
#[derive(Clone, Copy, Debug)]
struct SideEnd {
    /// The best bounds its attempts proved.
    lo: i32,
    hi: i32,
}

impl Search<'_> {
    /// One side of a test on its thread of a two-thread solve (`mode`, at
    /// `beta`, from horizon `depth`): with `budgeted`, node budgets
    /// growing by 4 from 2^12 while the other side still runs, so each
    /// rerun reads what the other side stored meanwhile (the sequential
    /// search gets the same from taking turns); once the other side has
    /// ended, no budget. Ends when the other thread decides the test (`None`), and
    /// tells the other thread when it decides it or ends open. Logs its
    /// attempts; `None` also when the solve stopped.
    #[allow(clippy::too_many_arguments)]
    fn side(
        &mut self,
        stones: Stones,
        to_move: Color,
        mode: Mode,
        beta: i32,
        depth: usize,
        budgeted: bool,
    ) -> Option<SideEnd> {
        let (me, signals) = {
            let p = self.pairing.as_ref()?;
            (p.me, Arc::clone(&p.signals))
        };
        let other = 1 - me;
        let n = self.board.len() as i32;
        let mut end = SideEnd { lo: -n, hi: n };
        let mut budget: u64 = 1 << 12;
        loop {
            self.mode = mode;
            let bounded = budgeted && !signals.ended[me].load(Ordering::SeqCst);
            self.budget_end = bounded.then_some(self.meter.nodes() + budget);
            let before = self.meter.nodes();
            let u = self.search(stones, to_move, false, beta - 1, beta, depth, 0, 0);
            self.budget_end = None;
            if self.stop.is_some() {
                // The other thread stops too (its next check).
                signals.decided[other].store(true, Ordering::SeqCst);
                return None;
            }
            let aborted = std::mem::take(&mut self.aborted);
            let cancelled = aborted && signals.decided[me].load(Ordering::SeqCst);
            let lower_side = mode == Mode::Lower;
            let result = if cancelled {
                AttemptResult::Cancelled
            } else if aborted {
                AttemptResult::OverBudget
            } else {
                self.attempt_result(lower_side, u.lo, u.hi, beta)
            };
            self.stats.attempts.push(Attempt {
                depth,
                beta,
                lower: lower_side,
                nodes: self.meter.nodes() - before,
                result,
            });
            if cancelled {
                return None;
            }
            if aborted {
                budget = budget.saturating_mul(4);
                continue;
            }
            end.lo = end.lo.max(u.lo);
            end.hi = end.hi.min(u.hi);
            let decided = end.lo >= beta || end.hi < beta;
            if decided {
                signals.decided[other].store(true, Ordering::SeqCst);
            }
            signals.ended[other].store(true, Ordering::SeqCst);
            return Some(end);
        }
    }
}

impl SearchStats {
    /// Adds another search's counters (the other thread's of a
    /// two-thread solve): sums, the samples and attempts appended.
    fn add(&mut self, o: &SearchStats) {
        self.probes += o.probes;
        self.probe_hits += o.probe_hits;
        self.refused_by_history += o.refused_by_history;
        self.table_cutoffs += o.table_cutoffs;
        self.static_cutoffs += o.static_cutoffs;
        self.failure_cutoffs += o.failure_cutoffs;
        self.open_leaves += o.open_leaves;
        self.expanded += o.expanded;
        for (a, b) in [
            (&mut self.by_empty, &o.by_empty),
            (&mut self.open_by_empty, &o.open_by_empty),
        ] {
            if a.len() < b.len() {
                a.resize(b.len(), 0);
            }
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self.region_games += o.region_games;
        self.searched_claims += o.searched_claims;
        self.wall_games += o.wall_games;
        self.alternating_claims += o.alternating_claims;
        self.alternating_cutoffs += o.alternating_cutoffs;
        self.enclosed_games += o.enclosed_games;
        if self.enclosed_safe_by_size.len() < o.enclosed_safe_by_size.len() {
            self.enclosed_safe_by_size
                .resize(o.enclosed_safe_by_size.len(), 0);
        }
        for (x, y) in self
            .enclosed_safe_by_size
            .iter_mut()
            .zip(&o.enclosed_safe_by_size)
        {
            *x += y;
        }
        if self.enclosed_by_empty.len() < o.enclosed_by_empty.len() {
            self.enclosed_by_empty
                .resize(o.enclosed_by_empty.len(), (0, 0));
        }
        for (x, y) in self.enclosed_by_empty.iter_mut().zip(&o.enclosed_by_empty) {
            x.0 += y.0;
            x.1 += y.1;
        }
        self.enclosed_claims += o.enclosed_claims;
        self.enclosed_cutoffs += o.enclosed_cutoffs;
        self.keep_cutoffs += o.keep_cutoffs;
        self.keep_tests += o.keep_tests;
        self.keep_wins += o.keep_wins;
        self.keep_over_budget += o.keep_over_budget;
        self.keep_nodes += o.keep_nodes;
        let room = 64usize.saturating_sub(self.open_sample.len());
        self.open_sample
            .extend(o.open_sample.iter().take(room).copied());
        self.attempts.extend(o.attempts.iter().copied());
        if o.dfpn_root.is_some() {
            self.dfpn_root.clone_from(&o.dfpn_root);
        }
    }
}

/// The root's iterative deepening (on the main thread; with `helper`,
/// the two sides of each test at once), then the principal variation and
/// (when `proof` gives a node budget) the proof.
fn drive(
    mut s: Search<'_>,
    stones: Stones,
    to_move: Color,
    proof: Option<ProofPlan>,
    mut helper: Option<Helper>,
) -> (Solution, Option<Result<Proof, ProofError>>) {
    let board = s.board;
    let opts = s.opts;
    let n = board.len() as i32;
    let key = s.hist_key(stones, to_move);
    s.push(key);
    // MTD(f) with iterative deepening: null-window tests at `beta`; a
    // decided test moves a root bound, an undecided one deepens.
    let (mut lower, mut upper) = (-n, n);
    let mut beta = opts.guess.unwrap_or(1).clamp(-n + 1, n);
    let mut depth = 1;
    let deepening = opts.deepening.on(board);

    let mut expect_down = false;
    while lower < upper && s.stop.is_none() {
        beta = beta.clamp(lower + 1, upper);
        // Two one-sided searches prune far more than one that keeps both
        // sides open: an undecided leaf ends the branch. The one expected
        // to succeed goes first: after a test that raised the lower bound
        // the next (one higher) usually fails, and a doomed attempt costs
        // far more than the proof of the other side (4x4: 10 M nodes
        // against 0.1 M).
        let modes = if expect_down {
            [Mode::Upper, Mode::Lower]
        } else {
            [Mode::Lower, Mode::Upper]
        };
        // Both attempts run with a node budget that grows by 4 in turn, so
        // a bad guess costs at most a few times the right attempt; the
        // last attempt still open runs without one.
        let (mut lo, mut hi) = (-n, n);
        let mut open = [true, true];
        let mut modes = modes;
        if let (true, Some(g)) = (opts.expect_guess, opts.guess) {
            // Only the side the guess says is true; the other never runs.
            modes = if beta <= g {
                [Mode::Lower, Mode::Upper]
            } else {
                [Mode::Upper, Mode::Lower]
            };
            open[1] = false;
        }
        if opts.dfpn {
            // The test by df-pn: decided unless stopped or cut by its
            // ply cap.
            s.mode = modes[0];
            let before = s.meter.nodes();
            let (l, h) = s.dfpn_test(stones, to_move, beta);
            if s.stop.is_none() {
                s.stats.attempts.push(Attempt {
                    depth: 0,
                    beta,
                    lower: modes[0] == Mode::Lower,
                    nodes: s.meter.nodes() - before,
                    result: s.attempt_result(modes[0] == Mode::Lower, l, h, beta),
                });
                if l < beta && h >= beta {
                    s.stop = Some(Halt::Depth);
                }
            }
            lo = l;
            hi = h;
            open = [false, false];
        }
        if let Some(h) = &helper
            && open == [true, true]
        {
            // Two threads: the second side on the helper; the first to
            // decide the test stops the other.
            h.signals.reset();
            let job = Job {
                mode: modes[1],
                beta,
                depth,
                budgeted: BUDGET_BOTH_SIDES,
            };
            if h.jobs.send(job).is_ok() {
                let mine = s.side(stones, to_move, modes[0], beta, depth, true);
                if let Some(e) = mine {
                    open[0] = false;
                    lo = lo.max(e.lo);
                    hi = hi.min(e.hi);
                }
                match h.done.recv() {
                    Ok(d) => {
                        s.stats.attempts.extend(d.attempts);
                        if let Some(stop) = d.stop {
                            s.stop.get_or_insert(stop);
                        }
                        if let Some(e) = d.end {
                            open[1] = false;
                            lo = lo.max(e.lo);
                            hi = hi.min(e.hi);
                        }
                    }
                    // The helper is gone (it cannot be, short of a bug):
                    // its side runs here below.
                    Err(_) => helper = None,
                }
            } else {
                helper = None;
            }
        }
        let mut budget: u64 = 1 << 12;
        // A side ended open at this horizon.
        let mut ended_open = false;
        'attempts: while open.contains(&true) && lo < beta && hi >= beta && s.stop.is_none() {
            for (i, &mode) in modes.iter().enumerate() {
                if !open[i] {
                    continue;
                }
                s.mode = mode;
                let both_open = open == [true, true];
                s.budget_end = both_open.then_some(s.meter.nodes() + budget);
                let before = s.meter.nodes();
                let at = if ended_open {
                    depth.saturating_sub(opts.doomed_lag).max(1)
                } else {
                    depth
                };
                let u = s.search(stones, to_move, false, beta - 1, beta, at, 0, 0);
                s.budget_end = None;
                if s.stop.is_some() {
                    break 'attempts;
                }
                let lower_side = mode == Mode::Lower;
                let result = if s.aborted {
                    AttemptResult::OverBudget
                } else {
                    s.attempt_result(lower_side, u.lo, u.hi, beta)
                };
                s.stats.attempts.push(Attempt {
                    depth,
                    beta,
                    lower: lower_side,
                    nodes: s.meter.nodes() - before,
                    result,
                });
                if s.aborted {
                    s.aborted = false;
                    continue;
                }
                open[i] = false;
                if result == AttemptResult::Open {
                    ended_open = true;
                }
                lo = lo.max(u.lo);
                hi = hi.min(u.hi);
                if lo >= beta || hi < beta {
                    break 'attempts;
                }
            }
            budget = budget.saturating_mul(4);
        }
        let r = (lo, hi);
        if s.stop.is_some() {
            break;
        }
        lower = lower.max(r.0);
        upper = upper.min(r.1);
        if r.0 >= beta {
            expect_down = true;
            beta = lower + 1;
        } else if r.1 < beta {
            expect_down = false;
            beta = upper;
        } else if depth >= s.opts.max_depth {
            s.stop = Some(Halt::Depth);
        } else {
            // Geometric deepening (x1.5) on grids: on 4x4 it needs 40 %
            // fewer nodes than +1 + depth/8, and doubling is worse again;
            // one ply at a time on lines (see `Deepening`).
            depth = deepening.next(depth).min(s.opts.max_depth);
        }
    }
    // The helper is not needed any more: its loop ends when the job
    // channel closes.
    drop(helper);
    // The variation and the proof search on this thread alone: no stop
    // signal of the last test may cut them short.
    if let Some(p) = &s.pairing {
        p.signals.reset();
    }
    s.aborted = false;
    let proven = s.stop.is_none();
    let value = lower;
    let (pv, settled) = if proven {
        s.principal_variation(stones, to_move, value, depth)
    } else {
        (Vec::new(), false)
    };
    // A limit met while the variation is walked cuts the variation short,
    // not the score: the tests that decided it are done.
    let pv_cut = match s.stop {
        Some(Halt::Limit(stop)) if proven => Some(stop),
        _ => None,
    };
    let whole = s.stop.is_none();
    // The helper's nodes are added by the caller.
    let nodes = s.meter.nodes();
    let elapsed = s.meter.elapsed();
    let halt = if proven { None } else { s.stop };
    let (table_entries, table_bytes) = (s.table.used(), s.table.allocated_bytes());
    let mut stats = s.take_stats();
    let proof = match proof {
        Some(plan) if whole => {
            // Back to the start: the variation left its moves pushed.
            while s.history.len() > 1 {
                s.pop();
            }
            let proof = s.proof(stones, to_move, value, depth, plan);
            stats.sharing = s.stats.sharing;
            Some(proof)
        }
        _ => None,
    };
    let sol = Solution {
        score: proven.then_some(value),
        proven,
        pv,
        pv_ends_settled: settled,
        pv_cut,
        nodes,
        elapsed,
        stopped: match halt {
            Some(Halt::Limit(stop)) => Some(stop),
            _ => None,
        },
        depth_exhausted: halt == Some(Halt::Depth),
        table_entries,
        table_bytes,
        stats,
    };
    (sol, proof)
}

/// [`solve`] with no cancellation and no progress reports (tests,
/// examples, small boards).
pub fn solve_quietly(
    board: &Board,
    stones: Stones,
    to_move: Color,
    opts: &SolveOptions,
) -> Solution {
    solve(board, stones, to_move, opts, None, &mut |_| {})
}

impl Search<'_> {
    fn hist_key(&self, stones: Stones, to_move: Color) -> HistKey {
        match self.opts.repetition {
            Repetition::Positional => (stones.black, stones.white, 0),
            Repetition::Situational => (stones.black, stones.white, 1 + to_move.index() as u8),
        }
    }

    /// The child of a play of `side` at `v` and its history key, unless
    /// the play is illegal or repeats a colouring of the history.
    fn fresh_play(&self, cur: Stones, side: Color, v: usize) -> Option<(Stones, HistKey)> {
        let p = cur.play(self.board, side, v)?;
        let key = self.hist_key(p.stones, side.opponent());
        (!self.index.contains_key(&key)).then_some((p.stones, key))
    }

    /// After a pass (not the second in a row) at `cur` with `to_move` next:
    /// pushes the situation when the rule records it (situational, and not
    /// seen before); whether it did.
    fn push_pass(&mut self, cur: Stones, to_move: Color) -> bool {
        let key = self.hist_key(cur, to_move);
        let fresh =
            self.opts.repetition == Repetition::Situational && !self.index.contains_key(&key);
        if fresh {
            self.push(key);
        }
        fresh
    }

    fn push(&mut self, key: HistKey) {
        let (cb, cw, _) = self.canonical(Stones {
            black: key.0,
            white: key.1,
        });
        self.index.insert(key, self.history.len());
        self.history.push(key);
        self.canon_hashes.push(mix(cb, cw, key.2));
        let last = self.prefix.last().copied().unwrap_or(0);
        self.prefix
            .push(last ^ mix(key.0, key.1, key.2).rotate_left(17));
    }

    fn pop(&mut self) {
        if let Some(k) = self.history.pop() {
            self.index.remove(&k);
            self.canon_hashes.pop();
            self.prefix.pop();
        }
    }

    /// The hash of the history segment `history[from..to]`.
    fn segment_hash(&self, from: usize, to: usize) -> u64 {
        self.prefix[to] ^ self.prefix[from]
    }

    /// The canonical key and the symmetry that produced it.
    fn canonical(&self, stones: Stones) -> Canonical {
        if !self.opts.symmetry {
            return (stones.black, stones.white, 0);
        }
        if let Some((last, canon)) = self.last_canonical.get()
            && last == stones
        {
            return canon;
        }
        let nbytes = self.board.len().div_ceil(8);
        let mut best = (stones.black, stones.white, 0);
        for (i, bytes) in self.byte_perms.iter().enumerate().skip(1) {
            let b = permute_bytes(bytes, nbytes, stones.black);
            let w = permute_bytes(bytes, nbytes, stones.white);
            if (b, w) < (best.0, best.1) {
                best = (b, w, i);
            }
        }
        // A pushed colouring is searched next: remember it once.
        self.last_canonical.set(Some((stones, best)));
        best
    }

    /// Whether the search must stop here: a stop or an aborted attempt,
    /// the attempt's node budget, the depth limit, or the meter's `tick`
    /// (node limit, clock, cancel). Reports progress when due.
    fn check_limits(&mut self, ply: usize, tick: Result<(), Stop>) -> bool {
        if self.stop.is_some() || self.aborted {
            return true;
        }
        if self.budget_end.is_some_and(|e| self.meter.nodes() >= e) {
            self.aborted = true;
            return true;
        }
        if let Some(p) = &mut self.pairing {
            if p.signals.decided[p.me].load(Ordering::Relaxed) {
                self.aborted = true;
                return true;
            }
            let mine = self.meter.nodes();
            if mine - p.published >= miai_search::CHECK_EVERY {
                let total =
                    p.nodes.fetch_add(mine - p.published, Ordering::Relaxed) + (mine - p.published);
                p.published = mine;
                if p.max_nodes.is_some_and(|m| total >= m) {
                    self.stop = Some(Halt::Limit(Stop::Nodes));
                    return true;
                }
            }
        }
        if ply > self.opts.max_depth {
            self.stop = Some(Halt::Depth);
            return true;
        }
        if let Err(stop) = tick {
            self.stop = Some(Halt::Limit(stop));
            return true;
        }
        if self.meter.report_due() {
            let table = TableUsage {
                used: self.table.used(),
                capacity: self.table.capacity(),
            };
            let mut progress = self.meter.progress(table);
            if let Some(p) = &self.pairing {
                // Both threads' nodes.
                progress.nodes = p.nodes.load(Ordering::Relaxed) + self.meter.nodes() - p.published;
                progress.max_nodes = p.max_nodes;
            }
            (self.progress)(&progress);
        }
        false
    }

    /// The basis a stored bound contributes at a node with history index
    /// `own_index` and symmetry `sym`, or `None` if the bound may not hold
    /// under the current history (see the module docs); `black`: the
    /// bound's prover is Black (a lower bound, or a failed attempt at an
    /// upper one).
    fn usable(&self, bound: &Bound, black: bool, sym: usize, own_index: usize) -> Option<Basis> {
        let k = bound.dep_len as usize;
        let min_ref = if k == 0 {
            NONE
        } else {
            if k > own_index
                || usize::from(bound.sym) != sym
                || self.segment_hash(own_index - k, own_index) != bound.dep_hash
            {
                return None;
            }
            own_index - k
        };
        let b = bound.basis.permuted(&self.inverse[sym], self.board.all());
        // Condition 1: no entered colouring is in the history above the
        // node (the dependent segment, if any, is the one the proof saw).
        let end = own_index - k;
        let clean = self.history[..end]
            .iter()
            .zip(&self.canon_hashes[..end])
            .all(|(&(hb, hw, _), &h)| !b.may_contain(hb, hw, h, black));
        clean.then_some(Basis { min_ref, ..b })
    }

    /// A bound to store (a lower bound if `lower`), its basis moved to the
    /// canonical frame.
    fn bound(&self, value: i32, lower: bool, basis: &Basis, sym: usize, own_index: usize) -> Bound {
        let n = self.board.len() as i32;
        if (lower && value <= -n) || (!lower && value >= n) {
            // No information: needs no proof.
            return Bound::trivial(value.clamp(-n, n) as i8);
        }
        let k = own_index.saturating_sub(basis.min_ref);
        Bound {
            value: value as i8,
            dep_len: k as u32,
            sym: sym as u8,
            dep_hash: self.segment_hash(own_index - k, own_index),
            basis: basis.permuted(&self.board.symmetries()[sym], self.board.all()),
        }
    }

    /// A failure record at `edge` (the beta or alpha that was not reached).
    fn failure(&self, edge: i32, basis: &Basis, sym: usize, own_index: usize) -> Bound {
        let n = self.board.len() as i32;
        Bound {
            value: edge.clamp(-n - 1, n + 1) as i8,
            ..self.bound(0, true, basis, sym, own_index)
        }
    }

    /// Benson's bounds on the value: each side's pass-alive area is its
    /// own whatever happens.
    fn benson_bounds(&self, stones: &Stones) -> (i32, i32) {
        let n = self.board.len() as i32;
        if !self.opts.benson {
            return (-n, n);
        }
        let b = benson::settle(self.board, stones, Color::Black).area();
        let w = benson::settle(self.board, stones, Color::White).area() & !b;
        let (nb, nw) = (b.count_ones() as i32, w.count_ones() as i32);
        (nb - (n - nb), (n - nw) - nw)
    }

    /// Benson's bounds widened by the regions of [`crate::safety`] that
    /// the history (the whole stack, the node included) allows, with the
    /// bases of those claims (Benson's alone need none).
    fn static_bounds(&self, stones: &Stones) -> StaticBounds {
        self.static_bounds_within(stones, None)
    }

    /// Whether `color`'s static area could, with the enclosed regions,
    /// reach what decides a node with the window `(alpha, beta)`: Black's
    /// `lo >= beta`, White's `hi <= alpha`. The enclosed claims add only
    /// `color`'s stones and regions of at most
    /// [`safety::MAX_ENCLOSED_POINTS`] points to `area`, so where even all
    /// of those fall short they are not computed (their bounds could not
    /// decide the node; the weaker bounds stay proven).
    fn enclosed_could_decide(
        &self,
        stones: &Stones,
        color: Color,
        area: Bits,
        window: Option<(i32, i32)>,
    ) -> bool {
        let Some((alpha, beta)) = window else {
            return true;
        };
        let n = self.board.len() as i32;
        let mine = stones.of(color);
        let mut potential = area | mine;
        let mut rest = self.board.all() & !potential;
        while rest != 0 {
            let r = self
                .board
                .flood(rest & rest.wrapping_neg(), self.board.all() & !mine);
            rest &= !r;
            if r.count_ones() <= safety::MAX_ENCLOSED_POINTS {
                potential |= r;
            }
        }
        let k = potential.count_ones() as i32;
        if color == Color::Black {
            2 * k - n >= beta
        } else {
            n - 2 * k <= alpha
        }
    }

    /// [`Search::static_bounds`]; with a window, the enclosed regions
    /// ([`SolveOptions::enclosed`]) of a colour are claimed only where they
    /// could decide the node ([`Search::enclosed_could_decide`]).
    fn static_bounds_within(&self, stones: &Stones, window: Option<(i32, i32)>) -> StaticBounds {
        let n = self.board.len() as i32;
        if !self.opts.benson {
            return StaticBounds {
                lo: -n,
                hi: n,
                lo_basis: Basis::EMPTY,
                hi_basis: Basis::EMPTY,
                history_free: true,
                plain: (-n, n),
                unenclosed: (-n, n),
            };
        }
        let bs = benson::settle(self.board, stones, Color::Black);
        let ws = benson::settle(self.board, stones, Color::White);
        let (mut b, mut w) = (bs.area(), ws.area());
        let (mut lo_basis, mut hi_basis) = (Basis::EMPTY, Basis::EMPTY);
        // The enclosed regions' points, for the counters.
        let (mut enc_b, mut enc_w) = (0, 0);
        let enclosed = self.opts.safety && self.opts.enclosed;
        let enc_ok_b =
            enclosed && self.enclosed_could_decide(stones, Color::Black, bs.area(), window);
        let enc_ok_w =
            enclosed && self.enclosed_could_decide(stones, Color::White, ws.area(), window);
        // A claim left out for this window may decide another: the bounds
        // are then not the node's last word for the table's settled flag.
        let mut history_free = !(enclosed && !(enc_ok_b && enc_ok_w));
        if self.opts.safety {
            let (eb, basis, candidates) =
                self.claimed(stones, Color::Black, &bs, enc_ok_b, &mut enc_b);
            b |= eb;
            lo_basis = basis;
            history_free &= !candidates;
            let (ew, basis, candidates) =
                self.claimed(stones, Color::White, &ws, enc_ok_w, &mut enc_w);
            w |= ew;
            hi_basis = basis;
            history_free &= !candidates;
        }
        let count = |b: Bits, w: Bits| {
            let w = w & !b;
            let (nb, nw) = (b.count_ones() as i32, w.count_ones() as i32);
            (nb - (n - nb), (n - nw) - nw)
        };
        let plain = count(b, w);
        if self.opts.safety && self.opts.alternating {
            for (color, area, basis, alive, ok, enc) in [
                (
                    Color::Black,
                    &mut b,
                    &mut lo_basis,
                    bs.alive,
                    enc_ok_b,
                    &mut enc_b,
                ),
                (
                    Color::White,
                    &mut w,
                    &mut hi_basis,
                    ws.alive,
                    enc_ok_w,
                    &mut enc_w,
                ),
            ] {
                let (claim, candidate) =
                    self.alternating_claim(stones, color, *area, alive, ok, enc);
                history_free &= !candidate;
                if let Some((extra, claim)) = claim {
                    *area |= extra;
                    basis.join(&claim);
                }
            }
        }
        let (lo, hi) = count(b, w);
        let unenclosed = if enc_b | enc_w == 0 {
            (lo, hi)
        } else {
            count(b & !enc_b, w & !enc_w)
        };
        StaticBounds {
            lo,
            hi,
            lo_basis,
            hi_basis,
            history_free,
            plain,
            unenclosed,
        }
    }

    /// The regions of [`crate::safety`] for `color` that no colouring of
    /// the history forbids, and the basis of the claim: every colouring
    /// in the regions; and whether there was any candidate region (the
    /// regions depend on the colouring alone, only the claims on the
    /// history).
    fn claimed(
        &self,
        stones: &Stones,
        color: Color,
        settled: &benson::Settled,
        enclosed: bool,
        enc: &mut Bits,
    ) -> (Bits, Basis, bool) {
        let mut regions = safety::one_point_regions(self.board, stones, color, settled);
        let one_point = regions.len();
        if self.opts.searched_regions && settled.alive != 0 {
            let mut cache = self.regions.borrow_mut();
            regions.extend(safety::searched_regions(
                self.board, stones, color, settled, &mut cache,
            ));
        }
        let searched = regions.len();
        if enclosed && settled.alive != 0 {
            let known = regions.iter().fold(settled.area(), |a, r| a | r);
            let mut cache = self.regions.borrow_mut();
            regions.extend(safety::enclosed_regions(
                self.board,
                stones,
                color,
                settled.alive,
                settled.alive,
                known,
                &mut cache,
            ));
        }
        let candidates = !regions.is_empty();
        let mut area = 0;
        let mut enclosed_claim = false;
        for (i, r) in regions.into_iter().enumerate() {
            let history = self.history.iter().map(|&(b, w, _)| (b, w));
            if safety::clean(history, color, settled.alive, r) {
                area |= r;
                if i >= searched {
                    *enc |= r;
                    enclosed_claim = true;
                } else if i >= one_point {
                    self.searched_claims.set(self.searched_claims.get() + 1);
                }
            }
        }
        if enclosed_claim {
            self.enclosed_claims.set(self.enclosed_claims.get() + 1);
        }
        if area == 0 {
            return (0, Basis::EMPTY, candidates);
        }
        let basis = Basis {
            region: area,
            region_all: settled.alive,
            ..Basis::EMPTY
        };
        (area, basis, candidates)
    }

    /// [`safety::alternating`]'s blocks and regions for `color`, when they
    /// add points to `area` and no colouring of the history forbids them
    /// (one holding all the blocks and a stone of `color` in the
    /// regions), with the basis of the claim; and whether they add points
    /// at all (the claim then depends on the history).
    ///
    /// With [`SolveOptions::enclosed`], the regions may be enclosed ones
    /// ([`safety::alternating_with`]), and the enclosed regions walled by
    /// the blocks and `color`'s pass-alive stones `alive`
    /// ([`safety::enclosed_regions`]) join the claim (the history
    /// condition then covers all the regions, with the blocks and `alive`
    /// as the walls); their points, and the enclosed regions' of
    /// [`safety::alternating_with`], go into `enc`.
    fn alternating_claim(
        &self,
        stones: &Stones,
        color: Color,
        area: Bits,
        alive: Bits,
        enclosed: bool,
        enc: &mut Bits,
    ) -> (Option<(Bits, Basis)>, bool) {
        let (mut walls, mut regions, mut big) = {
            let mut cache = self.regions.borrow_mut();
            safety::alternating_with(self.board, stones, color, &mut cache, enclosed)
        };
        if enclosed && walls != 0 {
            let known = area | walls | regions;
            let mut cache = self.regions.borrow_mut();
            let more = safety::enclosed_regions(
                self.board,
                stones,
                color,
                walls | alive,
                alive & !walls,
                known,
                &mut cache,
            );
            if !more.is_empty() {
                let more = more.iter().fold(0, |a, r| a | r);
                regions |= more;
                big |= more;
                walls |= alive;
            }
        }
        let extra = walls | regions;
        if extra & !area == 0 {
            return (None, false);
        }
        let history = self.history.iter().map(|&(b, w, _)| (b, w));
        if !safety::clean(history, color, walls, regions) {
            return (None, true);
        }
        self.alternating_claims
            .set(self.alternating_claims.get() + 1);
        if big != 0 {
            *enc |= big & !area;
            self.enclosed_claims.set(self.enclosed_claims.get() + 1);
        }
        let basis = Basis {
            region: regions,
            region_all: walls,
            ..Basis::EMPTY
        };
        (Some((extra, basis)), true)
    }

    /// The keeping game's bound ([`crate::keeping`]): when `keeper` wins
    /// it for `target` and the history allows, the bound (`value >=
    /// target` for Black, `<= target` for White) goes into `out` with its
    /// region basis and the node is decided.
    fn keeping_bound(
        &mut self,
        out: &mut Outcome,
        stones: Stones,
        to_move: Color,
        passed: bool,
        keeper: Color,
        target: i32,
    ) -> bool {
        let kept = stones.of(keeper);
        let history = self.history.iter().map(|&(b, w, _)| (b, w));
        if !keeping::clean(history, keeper, kept) {
            return false;
        }
        let v = self
            .keep
            .test(self.board, stones, to_move, passed, keeper, target);
        if v != keeping::Verdict::Wins {
            return false;
        }
        self.stats.keep_cutoffs += 1;
        let basis = Basis {
            region: self.board.all() & !kept,
            region_all: kept,
            ..Basis::EMPTY
        };
        if keeper == Color::Black {
            if target > out.lo {
                out.lo = target;
                out.lo_basis.join(&basis);
            }
        } else if target < out.hi {
            out.hi = target;
            out.hi_basis.join(&basis);
        }
        true
    }

    /// Searches the node with `depth` plies left; returns proven bounds
    /// with their bases. The window `alpha < beta` only steers pruning:
    /// the bounds are proven whatever it is, and a search that is not cut
    /// off decides `value >= beta` or `value <= alpha` unless the depth
    /// ran out.
    // The window, depth, ply and own history index are the recursion's
    // state; a struct for them would only rename the arguments.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        stones: Stones,
        to_move: Color,
        passed: bool,
        alpha: i32,
        beta: i32,
        depth: usize,
        ply: usize,
        own_index: usize,
    ) -> Outcome {
        // The stone the move into this node played: set by the caller
        // just before the call, read once here (a root has none).
        let last_play = std::mem::take(&mut self.last_play);
        let tick = self.meter.tick();
        let nodes_before = self.meter.nodes();
        self.meter.reached_depth(ply);
        if self.check_limits(ply, tick) {
            return Outcome::STOPPED;
        }
        let board = self.board;
        let black = to_move == Color::Black;
        let (cb, cw, sym) = self.canonical(stones);
        let tag = self.hist_key(stones, to_move).2;
        // The node's colouring was entered by the previous player's stone
        // play (unless that was a pass): it belongs to the basis of that
        // player's bound (condition 1).
        let mut out = Outcome::exact(0);
        if !passed {
            let h = mix(cb, cw, tag);
            if black {
                out.hi_basis.enter(stones.black, stones.white, h);
            } else {
                out.lo_basis.enter(stones.black, stones.white, h);
            }
        }
        // The prover of a one-sided mode: Black proves lower bounds.
        let prover_black = self.mode != Mode::Upper;
        let prover = black == prover_black;
        // A failure leans on the defender's entered colourings: this one
        // if the defender entered it.
        out.fail = if prover_black {
            out.hi_basis
        } else {
            out.lo_basis
        };
        // The table first: when it decides the node, Benson's algorithm
        // (a fifth of the time) is not needed.
        let n = self.board.len() as i32;
        (out.lo, out.hi) = (-n, n);
        let flags = to_move.index() as u8 | (u8::from(passed) << 1);
        let mut tt_move = NO_MOVE;
        let mut failed = ((NO_FAILURE, 0), (NO_FAILURE, 0));
        let entry = self.table.probe_map(cb, cw, flags, |e| *e);
        let empties = stones.empty(board).count_ones() as usize;
        self.stats.probes += 1;
        if let Some(c) = self.stats.by_empty.get_mut(empties) {
            *c += 1;
        }
        if let Some(e) = &entry {
            self.stats.probe_hits += 1;
            let mut refused = false;
            if i32::from(e.lo.value) > out.lo {
                if let Some(b) = self.usable(&e.lo, true, sym, own_index) {
                    out.lo = i32::from(e.lo.value);
                    out.lo_basis.join(&b);
                } else if i32::from(e.lo.value) >= beta {
                    refused = true;
                }
            }
            if i32::from(e.hi.value) < out.hi {
                if let Some(b) = self.usable(&e.hi, false, sym, own_index) {
                    out.hi = i32::from(e.hi.value);
                    out.hi_basis.join(&b);
                } else if i32::from(e.hi.value) <= alpha {
                    refused = true;
                }
            }
            if out.lo >= beta || out.hi <= alpha || out.lo >= out.hi {
                self.stats.table_cutoffs += 1;
            } else if refused {
                self.stats.refused_by_history += 1;
            }
        }
        // A stored entry holds bounds at least as tight as the static ones
        // it was stored with (every store follows their computation); when
        // those were Benson's alone (history-free) and both stored bounds
        // hold here, they cannot tighten anything: skip them.
        let mut settled = entry.is_some_and(|e| {
            e.settled && i32::from(e.lo.value) <= out.lo && i32::from(e.hi.value) >= out.hi
        });
        if !settled && out.lo < beta && out.hi > alpha && out.lo < out.hi {
            let st = self.static_bounds_within(&stones, Some((alpha, beta)));
            settled = st.history_free;
            if st.lo >= beta || st.hi <= alpha || st.lo >= st.hi {
                self.stats.static_cutoffs += 1;
                let (plo, phi) = st.plain;
                if !(plo.max(out.lo) >= beta
                    || phi.min(out.hi) <= alpha
                    || plo.max(out.lo) >= phi.min(out.hi))
                {
                    self.stats.alternating_cutoffs += 1;
                }
                let (ulo, uhi) = st.unenclosed;
                if !(ulo.max(out.lo) >= beta
                    || uhi.min(out.hi) <= alpha
                    || ulo.max(out.lo) >= uhi.min(out.hi))
                {
                    self.stats.enclosed_cutoffs += 1;
                }
            }
            if st.lo > out.lo {
                out.lo = st.lo;
                out.lo_basis.join(&st.lo_basis);
            }
            if st.hi < out.hi {
                out.hi = st.hi;
                out.hi_basis.join(&st.hi_basis);
            }
        }
        let mut decided = out.lo >= beta || out.hi <= alpha || out.lo >= out.hi;
        if !decided && self.opts.keeping && self.mode != Mode::Both && empties <= KEEP_EMPTIES {
            // The defender keeps what the prover needs: the attempt fails
            // here with a proven bound.
            let (keeper, target) = if self.mode == Mode::Lower {
                (Color::White, beta - 1)
            } else {
                (Color::Black, alpha + 1)
            };
            decided = self.keeping_bound(&mut out, stones, to_move, passed, keeper, target);
        }
        if !decided && depth == 0 {
            self.stats.open_leaves += 1;
            if let Some(c) = self.stats.open_by_empty.get_mut(empties) {
                *c += 1;
            }
            if self.stats.open_leaves.is_multiple_of(1 << 16) && self.stats.open_sample.len() < 64 {
                self.stats.open_sample.push((stones, to_move));
            }
        }
        if decided || depth == 0 {
            // A bound against the prover is also the failure's basis.
            out.fail.join(if prover_black {
                &out.hi_basis
            } else {
                &out.lo_basis
            });
            return out;
        }
        if let Some(e) = entry {
            // The same one-sided attempt failed already at this depth,
            // under a history where its basis holds.
            let (fl, fh) = (
                (e.failed_lo, e.failed_lo_depth),
                (e.failed_hi, e.failed_hi_depth),
            );
            let repeat = match self.mode {
                Mode::Lower if usize::from(fl.1) >= depth && beta >= i32::from(fl.0.value) => {
                    self.usable(&fl.0, false, sym, own_index)
                }
                Mode::Upper if usize::from(fh.1) >= depth && alpha <= i32::from(fh.0.value) => {
                    self.usable(&fh.0, true, sym, own_index)
                }
                _ => None,
            };
            if let Some(b) = repeat {
                self.stats.failure_cutoffs += 1;
                out.fail.join(&b);
                return out;
            }
            tt_move = e.best;
            failed = (fl, fh);
        }
        self.stats.expanded += 1;
        // The window narrowed by what is known.
        let mut a = alpha.max(out.lo);
        let mut b = beta.min(out.hi);
        // Black: the best lower bound among the children (one move proves
        // it) and the best upper bound (all moves needed); White mirrored.
        let mut one = if black { -n - 1 } else { n + 1 };
        let mut every = one;
        let mut one_basis = Basis::EMPTY;
        let mut every_basis = Basis::EMPTY;
        let mut best_move = NO_MOVE;
        let mut cut = false;
        let mut fail = out.fail;
        let mut order = self.move_order(stones, to_move, passed, tt_move, sym);
        self.decisive_first(&mut order, to_move, alpha, beta);
        let opp = to_move.opponent();
        let reduce = self.opts.reductions && prover && self.mode != Mode::Both;
        for (searched, (mv, played)) in order.into_iter().enumerate() {
            // Late moves of the prover get a shallower horizon.
            let mut child_depth = if reduce && searched >= REDUCE_AFTER && depth > 2 {
                depth - 2
            } else {
                depth - 1
            };
            // The prover's capture of the stone just played is free.
            if self.opts.free_captures
                && prover
                && played.is_some_and(|p| p.captured & last_play != 0)
            {
                child_depth += 1;
            }
            let r = match played {
                None if passed => Outcome::exact(stones.area_score(board)),
                None => {
                    let key = self.hist_key(stones, opp);
                    if self.opts.repetition == Repetition::Situational
                        && self.index.contains_key(&key)
                    {
                        // A situation seen before (situational rule): the
                        // pass is allowed but not pushed; the result may
                        // depend on where the situation was seen.
                        let top = self.history.len();
                        let mut r = self.search(stones, opp, true, a, b, child_depth, ply + 1, top);
                        r.lo_basis.min_ref = 0;
                        r.hi_basis.min_ref = 0;
                        r.fail.min_ref = 0;
                        r
                    } else {
                        let pushed = self.opts.repetition == Repetition::Situational;
                        let child_own = if pushed {
                            self.push(key);
                            self.history.len() - 1
                        } else {
                            own_index
                        };
                        let r =
                            self.search(stones, opp, true, a, b, child_depth, ply + 1, child_own);
                        if pushed {
                            self.pop();
                        }
                        r
                    }
                }
                Some(p) => {
                    let key = self.hist_key(p.stones, opp);
                    if let Some(&i) = self.index.get(&key) {
                        // A refused play: the bound that needs all of this
                        // player's moves depends on the refusal, and so
                        // does a failure to prove the prover's side.
                        every_basis.min_ref = every_basis.min_ref.min(i);
                        if prover {
                            fail.min_ref = fail.min_ref.min(i);
                        }
                        continue;
                    }
                    self.push(key);
                    let top = self.history.len() - 1;
                    self.last_play = 1 << mv;
                    let r = self.search(p.stones, opp, false, a, b, child_depth, ply + 1, top);
                    self.pop();
                    r
                }
            };
            if self.stop.is_some() || self.aborted {
                return Outcome::STOPPED;
            }
            if black {
                if r.lo > one || best_move == NO_MOVE {
                    if r.lo > one {
                        one = r.lo;
                        one_basis = r.lo_basis;
                    }
                    best_move = mv;
                }
                every = every.max(r.hi);
                every_basis.join(&r.hi_basis);
                a = a.max(r.lo);
            } else {
                if r.hi < one || best_move == NO_MOVE {
                    if r.hi < one {
                        one = r.hi;
                        one_basis = r.hi_basis;
                    }
                    best_move = mv;
                }
                every = every.min(r.lo);
                every_basis.join(&r.lo_basis);
                b = b.min(r.hi);
            }
            // A decided window, or (one-sided modes) a child that leaves
            // the side being proven without a proof: the rest cannot
            // decide this node for that side.
            let hopeless = match self.mode {
                Mode::Lower => !black && r.lo < b,
                Mode::Upper => black && r.hi > a,
                Mode::Both => false,
            };
            if prover {
                fail.join(&r.fail);
            }
            if a >= b || hopeless {
                if !prover {
                    // The defender's refutation.
                    fail.join(&r.fail);
                }
                cut = true;
                break;
            }
        }
        out.fail = fail;
        if black {
            if one > out.lo {
                out.lo = one;
                out.lo_basis.join(&one_basis);
            }
            if !cut && every < out.hi {
                out.hi = every;
                out.hi_basis.join(&every_basis);
            }
        } else {
            if one < out.hi {
                out.hi = one;
                out.hi_basis.join(&one_basis);
            }
            if !cut && every > out.lo {
                out.lo = every;
                out.lo_basis.join(&every_basis);
            }
        }
        let canon_move = if best_move < PASS {
            board.symmetries()[sym][best_move as usize]
        } else {
            best_move
        };
        let lo = self.bound(out.lo, true, &out.lo_basis, sym, own_index);
        let hi = self.bound(out.hi, false, &out.hi_basis, sym, own_index);
        let depth16 = u16::try_from(depth).unwrap_or(u16::MAX);
        match self.mode {
            Mode::Lower if out.lo < beta => {
                failed.0 = (self.failure(beta, &out.fail, sym, own_index), depth16);
            }
            Mode::Upper if out.hi > alpha => {
                failed.1 = (self.failure(alpha, &out.fail, sym, own_index), depth16);
            }
            _ => {}
        }
        self.table.store(Entry {
            black: cb,
            white: cw,
            flags,
            best: canon_move,
            work: (64 - (self.meter.nodes() - nodes_before + 1).leading_zeros()) as u8,
            lo,
            hi,
            failed_lo: failed.0.0,
            failed_lo_depth: failed.0.1,
            failed_hi: failed.1.0,
            failed_hi_depth: failed.1.1,
            settled,
        });
        out
    }

    /// The moves of a node in search order: the table's move; the pass
    /// when it ends the game; captures; other plays by the liberties of
    /// the chain they make, then by degree (solid, central plays settle
    /// groups sooner, so Benson's algorithm ends lines early); the pass
    /// last.
    fn move_order(
        &self,
        stones: Stones,
        to_move: Color,
        passed: bool,
        tt_move: u8,
        sym: usize,
    ) -> Vec<(u8, Option<Played>)> {
        let board = self.board;
        let tt_vertex = if tt_move < PASS {
            self.inverse[sym].get(tt_move as usize).map(|&v| v as usize)
        } else {
            None
        };
        let mut order: Vec<(u8, Option<Played>)> = Vec::with_capacity(board.len() + 1);
        let pass_first = tt_move == PASS || passed;
        if pass_first {
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
        // Quiet plays: most liberties of the new chain first, then the
        // highest degree. (Degree alone: 1.6 times the nodes on 3x4 and
        // 4x4; adding a bonus for ataris doubled 4x4 again; a history
        // heuristic in front doubled 3x4 and 4x4 no longer finished in four
        // minutes; two killer moves per ply doubled 4x4.)
        // Each key once (a flood and a liberty count), not per comparison;
        // both sorts are stable, so the order is the same.
        quiet.sort_by_cached_key(|(v, p)| {
            let v = usize::from(*v);
            let libs = p.map_or(0, |p| {
                let mine = p.stones.of(to_move);
                let chain = board.flood(1 << v, mine);
                p.stones.liberties(board, chain).count_ones()
            });
            std::cmp::Reverse((libs, board.neighbors(v).count_ones()))
        });
        order.extend(quiet);
        if !pass_first {
            order.push((PASS, None));
        }
        order
    }

    /// Enhanced transposition cutoffs, as ordering: plays whose result
    /// the table already holds as deciding this node for the mover (a
    /// stored bound `>= beta` after a Black play, `<= alpha` after a White
    /// one) go first. Whether the bound is valid under the current history
    /// is left to the child's own probe, so this only orders.
    fn decisive_first(
        &self,
        order: &mut [(u8, Option<Played>)],
        to_move: Color,
        alpha: i32,
        beta: i32,
    ) {
        let opp_flags = to_move.opponent().index() as u8;
        let black = to_move == Color::Black;
        let decisive = |p: &Played| {
            let (cb, cw, _) = self.canonical(p.stones);
            self.table
                .probe_values(cb, cw, opp_flags)
                .is_some_and(|(lo, hi)| {
                    if black {
                        i32::from(lo) >= beta
                    } else {
                        i32::from(hi) <= alpha
                    }
                })
        };
        if let Some(i) = order
            .iter()
            .position(|(_, p)| p.as_ref().is_some_and(decisive))
        {
            order[..=i].rotate_right(1);
        }
    }

    /// Rebuilds a principal variation by replaying the game: at each step
    /// the first move whose child is proven to keep the value (a
    /// null-window test, deepened while undecided). Stops after two
    /// passes, or where Benson's algorithm settles the whole board.
    fn principal_variation(
        &mut self,
        stones: Stones,
        to_move: Color,
        value: i32,
        depth: usize,
    ) -> (Vec<Move>, bool) {
        let board = self.board;
        let mut out = Vec::new();
        let mut cur = stones;
        let mut side = to_move;
        let mut passed = false;
        for _ in 0..(8 * board.len() + 16) {
            let (lo, hi) = self.benson_bounds(&cur);
            if self.opts.benson && lo == hi {
                return (out, true);
            }
            let Some((m, next)) = self.pv_step(cur, side, passed, value, depth) else {
                return (out, false);
            };
            out.push(m);
            if m == Move::Pass && passed {
                return (out, false);
            }
            passed = m == Move::Pass;
            cur = next;
            side = side.opponent();
        }
        (out, false)
    }

    /// One optimal move from the current end of the history (pushed), or
    /// `None` if none is found within the limits.
    fn pv_step(
        &mut self,
        cur: Stones,
        side: Color,
        passed: bool,
        value: i32,
        depth: usize,
    ) -> Option<(Move, Stones)> {
        let dfpn = self.opts.dfpn && self.opts.dfpn_pv;
        self.keeping_move(cur, side, passed, value, depth, dfpn)
            .map(|(m, next, _)| (m, next))
    }

    /// The leaf of a proof walk that closes the node at `stones` for its
    /// claim (`>= value` for the lower tree, `<= value` for the upper):
    /// Benson's bounds, else the safe regions' (which see the history
    /// pushed so far); `None` where neither holds or Benson is off.
    fn static_leaf(&self, stones: &Stones, lower: bool, value: i32) -> Option<Step> {
        if !self.opts.benson {
            return None;
        }
        let holds = |lo: i32, hi: i32| if lower { lo >= value } else { hi <= value };
        let (lo, hi) = self.benson_bounds(stones);
        if holds(lo, hi) {
            return Some(Step::Benson);
        }
        if self.opts.safety {
            let st = self.static_bounds(stones);
            if holds(st.lo, st.hi) {
                return Some(Step::Safe);
            }
        }
        None
    }

    /// A play of the prover `side` after which the static bounds alone
    /// give the claim of a proof walk (`>= value` for the lower tree,
    /// `<= value` for the upper), its colouring left pushed on the
    /// history: the child is a `benson` or `safe` leaf. Vertex order; no
    /// search.
    fn closing_move(
        &mut self,
        cur: Stones,
        side: Color,
        lower: bool,
        value: i32,
    ) -> Option<(Move, Stones)> {
        if !self.opts.benson {
            return None;
        }
        let mut empty = cur.empty(self.board);
        while empty != 0 {
            let v = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let Some((next, key)) = self.fresh_play(cur, side, v) else {
                continue;
            };
            // The child's static bounds see the history up to it, as in
            // its own leaf test in `proof_node`.
            self.push(key);
            if self.static_leaf(&next, lower, value).is_some() {
                return Some((Move::Play(v), next));
            }
            self.pop();
        }
        None
    }

    /// A move of `side` whose child is proven to keep the claim (`>=
    /// value` for Black, `<= value` for White), its colouring pushed on
    /// the history when the move enters one (the flag says so), or `None`
    /// if none is found within the limits. With `dfpn` each candidate is
    /// tested by df-pn ([`SolveOptions::dfpn_pv`]) instead of the
    /// alpha-beta at doubling horizons.
    fn keeping_move(
        &mut self,
        cur: Stones,
        side: Color,
        passed: bool,
        value: i32,
        depth: usize,
        dfpn: bool,
    ) -> Option<(Move, Stones, bool)> {
        let board = self.board;
        let opp = side.opponent();
        let black = side == Color::Black;
        // The child keeps the value when it is proven >= value (Black
        // moved) or <= value (White moved).
        let (a, b) = if black {
            (value - 1, value)
        } else {
            (value, value + 1)
        };
        // The table's move first: it is usually the one that proved the
        // value.
        let (cb, cw, sym) = self.canonical(cur);
        let flags = side.index() as u8 | (u8::from(passed) << 1);
        let first = match self.table.probe_map(cb, cw, flags, |e| e.best) {
            Some(PASS) => Some(Move::Pass),
            Some(m) if m < PASS => self.inverse[sym]
                .get(usize::from(m))
                .map(|&v| Move::Play(usize::from(v))),
            _ => None,
        };
        let mut cands: Vec<Move> = first.into_iter().collect();
        cands.extend(std::iter::once(Move::Pass).chain((0..board.len()).map(Move::Play)));
        cands.retain(|m| match m {
            Move::Play(v) => cur.empty(board) >> v & 1 == 1,
            Move::Pass => true,
        });
        let mut seen = Vec::with_capacity(cands.len());
        cands.retain(|m| {
            let fresh = !seen.contains(m);
            seen.push(*m);
            fresh
        });
        let mut depth = depth.max(1);
        loop {
            let mut undecided = false;
            for &m in &cands {
                let (next, pushed) = match m {
                    Move::Pass if passed => {
                        let score = cur.area_score(board);
                        if (black && score >= value) || (!black && score <= value) {
                            return Some((m, cur, false));
                        }
                        continue;
                    }
                    Move::Pass => (cur, self.push_pass(cur, opp)),
                    Move::Play(x) => {
                        let Some((next, key)) = self.fresh_play(cur, side, x) else {
                            continue;
                        };
                        self.push(key);
                        (next, true)
                    }
                };
                let own = if pushed || self.opts.repetition == Repetition::Positional {
                    self.history.len() - 1
                } else {
                    self.history.len()
                };
                self.mode = if black { Mode::Lower } else { Mode::Upper };
                if let Move::Play(x) = m {
                    self.last_play = 1 << x;
                }
                let (r_lo, r_hi) = if dfpn {
                    self.dfpn_test_at(next, opp, m == Move::Pass, b, own)
                } else {
                    let r = self.search(next, opp, m == Move::Pass, a, b, depth, 1, own);
                    (r.lo, r.hi)
                };
                if self.stop.is_some() {
                    return None;
                }
                if (black && r_lo >= value) || (!black && r_hi <= value) {
                    // Keep the pushed colouring: the PV goes on from it.
                    return Some((m, next, pushed));
                }
                if (black && r_hi >= value) || (!black && r_lo <= value) {
                    undecided = true;
                }
                if pushed {
                    self.pop();
                }
            }
            // Df-pn has no horizon to deepen: it grew its own ply cap.
            if !undecided || depth >= self.opts.max_depth || dfpn {
                return None;
            }
            depth = (depth * 2).min(self.opts.max_depth);
        }
    }

    /// The two proof trees of `value` from the start (the history holds
    /// only the start).
    fn proof(
        &mut self,
        stones: Stones,
        to_move: Color,
        value: i32,
        depth: usize,
        plan: ProofPlan,
    ) -> Result<Proof, ProofError> {
        let board = self.board;
        let mut trees = Vec::new();
        for side in [Side::Lower, Side::Upper] {
            let mut tree = Tree::default();
            let budget = plan
                .max_steps
                .saturating_sub(trees.iter().map(|t: &Tree| t.steps.len()).sum());
            let mut walk = ProofWalk {
                side,
                value,
                depth,
                ply: 0,
                max_steps: budget,
                steps: &mut tree.steps,
                share: plan.share,
                memo: HashMap::new(),
                seen: HashSet::new(),
            };
            self.proof_node(&mut walk, stones, to_move, false, false)?;
            trees.push(tree);
        }
        let upper = trees.pop().unwrap_or_default();
        let lower = trees.pop().unwrap_or_default();
        let mut edges = Vec::new();
        for v in 0..board.len() {
            let mut nb = board.neighbors(v) & !((2u64 << v) - 1);
            while nb != 0 {
                edges.push((v, nb.trailing_zeros() as usize));
                nb &= nb - 1;
            }
        }
        Ok(Proof {
            names: (0..board.len()).map(|v| board.name(v)).collect(),
            edges,
            start: stones.to_colors(board),
            to_move,
            rule: self.opts.repetition,
            value,
            lower,
            upper,
        })
    }

    /// The subproof of the child `next` reached by `m` (its colouring
    /// already on the history stack if `pushed`, and taken off it here).
    fn proof_child(
        &mut self,
        walk: &mut ProofWalk<'_>,
        next: Stones,
        to_move: Color,
        m: Move,
        passed: bool,
        pushed: bool,
    ) -> Result<Written, ProofError> {
        let over = m == Move::Pass && passed;
        walk.ply += 1;
        let r = self.proof_node(walk, next, to_move, m == Move::Pass, over);
        walk.ply -= 1;
        if pushed {
            self.pop();
        }
        r
    }

    /// Appends the proof of the node (`cur`, `side` to move; `passed`:
    /// the last move was a pass; `ended`: two passes ended the game) to
    /// `walk.steps`; the history ends at the node. Returns what sharing
    /// the subproof needs to know (see [`Written`]).
    ///
    /// Sharing (`walk.share`): a subproof is remembered by its position
    /// (colouring, player to move, pass) when it holds without the history
    /// above its root: no defender's move was left out for repeating a
    /// colouring above the root (the root's own colouring excepted).
    /// Where the position comes again, a `ref` to it is written if no
    /// colouring of the new history (the root's own excepted: the
    /// subproof's plays were legal with it in the history) can be one its
    /// prover's plays enter and none forbids a safe region one of its
    /// `safe` leaves counts, by the filter of [`Written`] or, where the
    /// filter cannot tell, an exact replay; otherwise the subproof is
    /// written again. The checker checks all of this itself.
    fn proof_node(
        &mut self,
        walk: &mut ProofWalk<'_>,
        cur: Stones,
        side: Color,
        passed: bool,
        ended: bool,
    ) -> Result<Written, ProofError> {
        if walk.steps.len() >= walk.max_steps {
            return Err(ProofError::TooLarge(walk.max_steps));
        }
        let lower = walk.side == Side::Lower;
        let holds = |bound: i32| {
            if lower {
                bound >= walk.value
            } else {
                bound <= walk.value
            }
        };
        if ended {
            if !holds(cur.area_score(self.board)) {
                return Err(ProofError::Unsound(walk.side.word()));
            }
            walk.steps.push(Step::Ended);
            return Ok(Written::default());
        }
        if let Some(leaf) = self.static_leaf(&cur, lower, walk.value) {
            let mut out = Written::default();
            if leaf == Step::Safe {
                // Its regions hold while no colouring of the history has
                // the prover's pass-alive stones and a prover's stone
                // outside their area (a superset of the regions counted).
                out.safe = true;
                out.filter
                    .add_safe(self.safe_condition(&cur, walk.side.prover()));
            }
            walk.steps.push(leaf);
            return Ok(out);
        }
        let own_key = self.hist_key(cur, side);
        let memo_key = (cur.black, cur.white, side.index() as u8, passed);
        if walk.share
            && let Some(&(node, filter)) = walk.memo.get(&memo_key)
        {
            // The subproof's plays were legal with its root's own entry in
            // the history: only the others can conflict.
            let clear = self
                .history
                .iter()
                .all(|h| *h == own_key || filter.clears(h, walk.side.prover()))
                || {
                    self.stats.sharing.exact_checks += 1;
                    let prover = walk.side.prover();
                    let mut seen = HashSet::new();
                    let ok = self
                        .replay_clear(walk.steps, node, cur, side, (prover, own_key), &mut seen)
                        .is_some();
                    self.stats.sharing.conflicts += u64::from(!ok);
                    ok
                };
            if clear {
                self.stats.sharing.refs += 1;
                walk.steps.push(Step::Ref(node));
                return Ok(Written {
                    filter,
                    ..Written::default()
                });
            }
        }
        if walk.share && !walk.seen.insert(memo_key) {
            self.stats.sharing.unshared_repeats += 1;
        }
        let start = walk.steps.len();
        let base = self.history.len();
        let own = self.index.get(&own_key).copied();
        let opp = side.opponent();
        let mut out = Written::default();
        if side == walk.side.prover() {
            // A play that makes the child a leaf first (the table's move
            // may prove the claim by a longer line), then the searched one.
            let found = match self.closing_move(cur, side, lower, walk.value) {
                Some((m, next)) => Some((m, next, true)),
                // Then a play to a position whose subproof is written
                // already and can be shared here (a `ref`, no search).
                None if walk.share
                    && let Some(f) = self.shared_move(walk, cur, side, passed) =>
                {
                    self.stats.sharing.shared_moves += 1;
                    Some(f)
                }
                // The horizon the solve's proof had left at the child
                // (deepened inside if that leaves the child open): the
                // full horizon from every node made searches below the
                // table's reach run far beyond what the proof needs
                // (4x5: no step written in 11 minutes).
                None => {
                    let left = walk.depth.saturating_sub(walk.ply + 1).max(1);
                    self.keeping_move(cur, side, passed, walk.value, left, false)
                }
            };
            let Some((m, next, pushed)) = found else {
                return Err(match self.stop {
                    Some(Halt::Limit(stop)) => ProofError::Stopped(stop.to_string()),
                    Some(Halt::Depth) => ProofError::Stopped("depth limit reached".into()),
                    None => ProofError::Unsound(walk.side.word()),
                });
            };
            walk.steps.push(Step::Play(m));
            let r = self.proof_child(walk, next, opp, m, passed, pushed);
            out.join(&r?, base);
            if let Move::Play(_) = m {
                out.filter.add(&self.hist_key(next, opp));
            }
        } else {
            // The defender: every legal move (plays in vertex order, the
            // pass last).
            let board = self.board;
            let mut moves = Vec::new();
            let mut empty = cur.empty(board);
            while empty != 0 {
                let v = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                if let Some(p) = cur.play(board, side, v) {
                    match self.index.get(&self.hist_key(p.stones, opp)) {
                        Some(&j) => out.refused.push(j),
                        None => moves.push((Move::Play(v), p.stones)),
                    }
                }
            }
            moves.push((Move::Pass, cur));
            walk.steps
                .push(Step::All(moves.iter().map(|&(m, _)| m).collect()));
            for (m, next) in moves {
                let pushed = match m {
                    Move::Play(_) => {
                        self.push(self.hist_key(next, opp));
                        true
                    }
                    Move::Pass => !passed && self.push_pass(cur, opp),
                };
                let r = self.proof_child(walk, next, opp, m, passed, pushed);
                out.join(&r?, base);
            }
        }
        out.refused.sort_unstable();
        out.refused.dedup();
        let context_free = out.refused.iter().all(|&j| Some(j) == own);
        if walk.share && walk.steps.len() - start >= MIN_SHARED {
            let st = &mut self.stats.sharing;
            if !context_free {
                st.not_context_free += 1;
            } else if let std::collections::hash_map::Entry::Vacant(e) = walk.memo.entry(memo_key) {
                st.remembered += 1;
                st.with_safe += u64::from(out.safe);
                e.insert((start, out.filter));
            }
        }
        Ok(out)
    }

    /// The history condition of a `safe` leaf at `stones` for `prover`'s
    /// claim, as (pass-alive stones, points): a colouring of the history
    /// forbids one of the leaf's regions only if its `prover` stones hold
    /// all of the first and one of the second (every region counted lies
    /// outside Benson's area and the prover's stones).
    fn safe_condition(&self, stones: &Stones, prover: Color) -> (Bits, Bits) {
        let settled = benson::settle(self.board, stones, prover);
        let outside = self.board.all() & !settled.area() & !stones.of(prover);
        (settled.alive, outside)
    }

    /// A move of the prover `side` to a position whose remembered subproof
    /// the filter clears for the history (the child is then written as a
    /// `ref`), its colouring pushed when it enters one (the flag says
    /// so). Vertex order, then the pass; no search.
    fn shared_move(
        &mut self,
        walk: &ProofWalk<'_>,
        cur: Stones,
        side: Color,
        passed: bool,
    ) -> Option<(Move, Stones, bool)> {
        let board = self.board;
        let opp = side.opponent();
        let clear = |s: &Self, next: Stones, after_pass: bool| {
            let own = s.hist_key(next, opp);
            walk.memo
                .get(&(next.black, next.white, opp.index() as u8, after_pass))
                .is_some_and(|(_, filter)| {
                    s.history
                        .iter()
                        .all(|h| *h == own || filter.clears(h, walk.side.prover()))
                })
        };
        let mut empty = cur.empty(board);
        while empty != 0 {
            let v = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            if let Some((next, key)) = self.fresh_play(cur, side, v)
                && clear(self, next, false)
            {
                self.push(key);
                return Some((Move::Play(v), next, true));
            }
        }
        if !passed && clear(self, cur, true) {
            return Some((Move::Pass, cur, self.push_pass(cur, opp)));
        }
        None
    }

    /// Replays the subproof written at `steps[k]` for the position (`cur`,
    /// `side` to move), refs followed (each once: `seen`), and returns the
    /// node after it, or `None` if a play of `prover` in it enters a
    /// colouring of the history, or a colouring of the history but `own`
    /// (the root's) forbids one of its `safe` leaves' regions (or a move
    /// does not replay).
    fn replay_clear(
        &self,
        steps: &[Step],
        k: usize,
        cur: Stones,
        side: Color,
        (prover, own): (Color, HistKey),
        seen: &mut HashSet<usize>,
    ) -> Option<usize> {
        let board = self.board;
        let opp = side.opponent();
        let child = |m: Move| match m {
            Move::Pass => Some(cur),
            Move::Play(v) => cur.play(board, side, v).map(|p| p.stones),
        };
        match steps.get(k)? {
            Step::Ended | Step::Benson => Some(k + 1),
            Step::Safe => {
                let (alive, region) = self.safe_condition(&cur, prover);
                let forbids = |h: &HistKey| {
                    let mine = if prover == Color::Black { h.0 } else { h.1 };
                    *h != own && mine & alive == alive && mine & region != 0
                };
                (!self.history.iter().any(forbids)).then_some(k + 1)
            }
            Step::Ref(t) => {
                if seen.insert(*t) {
                    self.replay_clear(steps, *t, cur, side, (prover, own), seen)?;
                }
                Some(k + 1)
            }
            Step::Play(m) => {
                let next = child(*m)?;
                if side == prover
                    && *m != Move::Pass
                    && self.index.contains_key(&self.hist_key(next, opp))
                {
                    return None;
                }
                self.replay_clear(steps, k + 1, next, opp, (prover, own), seen)
            }
            Step::All(ms) => {
                let mut j = k + 1;
                for &m in ms {
                    j = self.replay_clear(steps, j, child(m)?, opp, (prover, own), seen)?;
                }
                Some(j)
            }
        }
    }
}

/// The smallest subproof a proof walk remembers for sharing (nodes): a
/// `ref` to a smaller one would save nothing.
const MIN_SHARED: usize = 2;

/// What a proof walk knows of a subproof it wrote, for sharing it.
#[derive(Clone, Debug, Default)]
struct Written {
    /// History indices above the subproof's root that a defender's move
    /// left out (for repeating that colouring) referred to.
    refused: Vec<usize>,
    /// A `safe` leaf is in it (counted only).
    safe: bool,
    /// The colourings its prover's plays enter (refs followed).
    filter: Entered,
}

impl Written {
    /// Adds a child's: its refusals of history indices below `base` (the
    /// history length at this node) refer above this node.
    fn join(&mut self, child: &Written, base: usize) {
        self.refused
            .extend(child.refused.iter().copied().filter(|&j| j < base));
        self.safe |= child.safe;
        self.filter.join(&child.filter);
    }
}

/// An over-approximation of a set of history keys: a key can be in the
/// set only if it holds every stone of `all`, no stone outside `any`, and
/// its tag (`HistKey`'s third field) is in `tags`. Empty: `tags` 0.
///
/// Likewise for the `safe` leaves' history conditions: a key can forbid one
/// only if the prover's stones in it hold all of `alive` and one of
/// `region`.
#[derive(Clone, Copy, Debug)]
struct Entered {
    all: (Bits, Bits),
    any: (Bits, Bits),
    tags: u8,
    alive: Bits,
    region: Bits,
}

impl Default for Entered {
    fn default() -> Self {
        Entered {
            all: (Bits::MAX, Bits::MAX),
            any: (0, 0),
            tags: 0,
            alive: Bits::MAX,
            region: 0,
        }
    }
}

impl Entered {
    fn add_safe(&mut self, (alive, region): (Bits, Bits)) {
        self.alive &= alive;
        self.region |= region;
    }

    /// Whether the key `h` certainly neither is one of the set nor
    /// forbids a `safe` leaf's region (`prover`: the tree's).
    fn clears(&self, h: &HistKey, prover: Color) -> bool {
        let mine = if prover == Color::Black { h.0 } else { h.1 };
        let forbids = mine & self.alive == self.alive && mine & self.region != 0;
        !self.may_hold(h) && !forbids
    }

    fn add(&mut self, k: &HistKey) {
        self.all = (self.all.0 & k.0, self.all.1 & k.1);
        self.any = (self.any.0 | k.0, self.any.1 | k.1);
        self.tags |= 1 << k.2;
    }

    fn join(&mut self, o: &Entered) {
        self.all = (self.all.0 & o.all.0, self.all.1 & o.all.1);
        self.any = (self.any.0 | o.any.0, self.any.1 | o.any.1);
        self.tags |= o.tags;
        self.alive &= o.alive;
        self.region |= o.region;
    }

    fn may_hold(&self, k: &HistKey) -> bool {
        self.tags >> k.2 & 1 == 1
            && k.0 & self.all.0 == self.all.0
            && k.1 & self.all.1 == self.all.1
            && k.0 & !self.any.0 == 0
            && k.1 & !self.any.1 == 0
    }
}

/// The state of a proof's walk.
struct ProofWalk<'a> {
    side: Side,
    value: i32,
    /// The horizon of the solve's last iteration, from the start.
    depth: usize,
    /// Plies from the start to the node being walked.
    ply: usize,
    max_steps: usize,
    steps: &'a mut Vec<Step>,
    /// Write transpositions as `ref`s.
    share: bool,
    /// Shareable subproofs by position (black, white, player to move,
    /// passed): their root node and the filter of their entered
    /// colourings.
    memo: HashMap<(Bits, Bits, u8, bool), (usize, Entered)>,
    /// Every inner node's position written so far.
    seen: HashSet<(Bits, Bits, u8, bool)>,
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The byte-table permutation agrees with the bit-by-bit one.
        #[test]
        fn byte_tables_permute_like_bits(set in any::<u64>(), w in 1usize..9, h in 1usize..8) {
            let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            let set = set & board.all();
            for perm in board.symmetries() {
                let t = byte_table(perm);
                prop_assert_eq!(
                    permute_bytes(&t, board.len().div_ceil(8), set),
                    Board::permute(perm, set)
                );
            }
        }
    }

    /// A search cut off by a tiny node limit says so and claims no score;
    /// the same search with room proves the published 2x3 value (0,
    /// Drange et al.).
    /// The 4x3 position of [`crate::safety::safe`]'s example, White to
    /// move: the safe regions give Black the whole board at the root;
    /// Benson's bounds alone leave the corner to a search.
    #[test]
    fn a_safe_region_closes_the_root() {
        let board = Board::new(Arc::new(Graph::grid(4, 3).unwrap())).unwrap();
        let s = Stones {
            black: 0b1011_1110_0100,
            white: 0,
        };
        let mut opts = SolveOptions::default();
        let with = solve_quietly(&board, s, Color::White, &opts);
        opts.safety = false;
        let without = solve_quietly(&board, s, Color::White, &opts);
        assert_eq!((with.score, without.score), (Some(12), Some(12)));
        assert!(with.nodes <= 2, "{}", with.nodes);
        assert!(without.nodes > 2, "{}", without.nodes);
    }

    /// The 6x3 corner of [`crate::safety`]'s searched-region test, White
    /// to move: the searched region gives Black the whole board at the
    /// root; without it the corner is left to the search.
    #[test]
    fn a_searched_region_closes_the_root() {
        let board = Board::new(Arc::new(Graph::grid(6, 3).unwrap())).unwrap();
        let wall: Bits = (1 << 3) | (1 << 5) | (0b111 << 9) | (0b1111 << 12) | (1 << 17);
        let s = Stones {
            black: wall,
            white: 0,
        };
        let mut opts = SolveOptions::default();
        let with = solve_quietly(&board, s, Color::White, &opts);
        opts.searched_regions = false;
        let without = solve_quietly(&board, s, Color::White, &opts);
        assert_eq!((with.score, without.score), (Some(18), Some(18)));
        assert!(with.nodes <= 2, "{}", with.nodes);
        assert!(without.nodes > 2, "{}", without.nodes);
        assert!(with.stats.searched_claims > 0 && with.stats.region_games.won > 0);
    }

    /// Alternating-play safety's claim follows the history (5x3, the two
    /// Black blocks of `safety`'s unit test, neither pass-alive, owning
    /// the board): claimed with no history, with its region basis (the
    /// blocks, the other points); refused, and the bounds marked as
    /// depending on the history, after a colouring holding the blocks and
    /// a Black stone in the regions; claimed again after one without the
    /// blocks. Fails if the claim ignores the history.
    #[test]
    fn the_alternating_claim_follows_the_history() {
        let board = Board::new(Arc::new(Graph::grid(5, 3).unwrap())).unwrap();
        let black: Bits = 0b11110 | (1 << 5);
        let s = Stones { black, white: 0 };
        let opts = SolveOptions {
            alternating: true,
            ..SolveOptions::default()
        };
        with_search(&board, &opts, |search| {
            let st = search.static_bounds(&s);
            assert_eq!((st.lo, st.plain.0), (15, -15));
            assert_eq!(st.lo_basis.region, board.all() & !black);
            assert_eq!(st.lo_basis.region_all, black);
            assert!(!st.history_free);
            search.push((black | (1 << 12), 0, 0));
            let st = search.static_bounds(&s);
            assert_eq!(st.lo, -15);
            assert!(!st.history_free);
            search.pop();
            search.push((0b11110 | (1 << 12), 1 << 5, 0));
            assert_eq!(search.static_bounds(&s).lo, 15);
        });
    }

    /// Runs `f` on a search of `board` with `opts` (its own table of 2^16
    /// entries, no cancel flag, no progress), at the root.
    fn with_search<R>(
        board: &Board,
        opts: &SolveOptions,
        f: impl FnOnce(&mut Search<'_>) -> R,
    ) -> R {
        let mut progress = |_: &Progress| {};
        let mut search = Search::new(
            board,
            opts,
            Tt::Own(Table::new(1 << 16)),
            None,
            &mut progress,
            None,
        );
        f(&mut search)
    }

    /// The enclosed regions' claim follows the history (5x4, the dead
    /// White group of `safety`'s unit test `an_enclosed_group_is_dead`
    /// inside a pass-alive Black wall): claimed with no history (the whole
    /// board, Black's), with its region basis (the region, the wall);
    /// not without the option; refused, and the bounds marked as
    /// depending on the history, after a colouring holding the wall and a
    /// Black stone in the region; claimed again after one without the
    /// whole wall. Fails if the claim ignores the history.
    #[test]
    fn the_enclosed_claim_follows_the_history() {
        let board = Board::new(Arc::new(Graph::grid(5, 4).unwrap())).unwrap();
        let wall: Bits = (1 << 1) | (1 << 5) | (1 << 6) | (1 << 11) | (1 << 15) | (1 << 16);
        let white: Bits = (1 << 2) | (1 << 3) | (1 << 4) | (1 << 9) | (1 << 14);
        let region = board.all() & !wall & !1 & !(1 << 10);
        let s = Stones { black: wall, white };
        for alternating in [false, true] {
            let without = SolveOptions {
                alternating,
                ..SolveOptions::default()
            };
            let plain = with_search(&board, &without, |search| search.static_bounds(&s).lo);
            assert_eq!(plain, -4);
            let opts = SolveOptions {
                enclosed: true,
                ..without
            };
            with_search(&board, &opts, |search| {
                let st = search.static_bounds(&s);
                assert_eq!((st.lo, st.unenclosed.0), (20, -4));
                assert_eq!(st.lo_basis.region, region);
                assert_eq!(st.lo_basis.region_all, wall);
                assert!(!st.history_free);
                search.push((wall | (1 << 12), white, 0));
                let st = search.static_bounds(&s);
                assert_eq!(st.lo, -4);
                assert!(!st.history_free);
                search.pop();
                search.push((wall & !(1 << 16) | (1 << 12), white, 0));
                assert_eq!(search.static_bounds(&s).lo, 20);
            });
        }
    }

    /// Late-move reductions find the same value in fewer nodes (1x9,
    /// 3x4: the prover's late moves fail sooner at a shallow horizon), and
    /// the counters account for every searched node.
    #[test]
    fn reductions_find_the_value_in_fewer_nodes() {
        for (w, h) in [(9, 1), (3, 4)] {
            let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            // The schedule the reductions were measured with, on both.
            let half = SolveOptions {
                deepening: Deepening::Half,
                ..SolveOptions::default()
            };
            let with = solve_quietly(&board, Stones::EMPTY, Color::Black, &half);
            let opts = SolveOptions {
                reductions: false,
                ..half
            };
            let without = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
            assert_eq!(with.score, without.score, "{w}x{h}");
            assert!(
                with.nodes < without.nodes,
                "{w}x{h}: {} {}",
                with.nodes,
                without.nodes
            );
            let st = &with.stats;
            assert_eq!(st.by_empty.iter().sum::<u64>(), st.probes);
            assert!(st.probes <= with.nodes && st.probe_hits <= st.probes);
            assert!(st.expanded + st.table_cutoffs + st.static_cutoffs > 0);
        }
    }

    /// 1x8 and 1x10 solved with `base` and with `variant`: both proven,
    /// the same score, fewer nodes with the variant (`what` names it in
    /// the failure); the variant's solutions.
    fn fewer_nodes_on_lines(
        base: &SolveOptions,
        variant: &SolveOptions,
        what: &str,
    ) -> Vec<Solution> {
        [8, 10]
            .into_iter()
            .map(|n| {
                let board = Board::new(Arc::new(Graph::grid(n, 1).unwrap())).unwrap();
                let plain = solve_quietly(&board, Stones::EMPTY, Color::Black, base);
                let new = solve_quietly(&board, Stones::EMPTY, Color::Black, variant);
                assert!(plain.proven && new.proven, "1x{n}");
                assert_eq!(new.score, plain.score, "1x{n}");
                assert!(
                    new.nodes < plain.nodes,
                    "1x{n}: {} {what}, {} without",
                    new.nodes,
                    plain.nodes
                );
                new
            })
            .collect()
    }

    /// Running the doomed side of each test 4 plies shallower proves the
    /// same line values in fewer nodes.
    #[test]
    fn a_shallower_doomed_side_proves_lines_in_fewer_nodes() {
        let lag = SolveOptions {
            doomed_lag: 4,
            ..SolveOptions::default()
        };
        fewer_nodes_on_lines(
            &SolveOptions::default(),
            &lag,
            "with the doomed side 4 plies shallower",
        );
    }

    /// Df-pn (mirrored moves merged or not) with a table of 2^20 entries:
    /// df-pn keeps its proven nodes in the table only, so it needs one
    /// that holds them (1x10 with 2^18 entries: 227 M nodes, with 2^19
    /// 0.76 M).
    fn dfpn_on_lines(twins: bool) -> SolveOptions {
        SolveOptions {
            dfpn: true,
            dfpn_twins: twins,
            limits: Limits {
                table_bytes: Some((1 << 20) * tt::ENTRY_BYTES),
                ..Limits::none()
            },
            ..SolveOptions::default()
        }
    }

    /// The best-first proof search proves the same line values in fewer
    /// nodes than the iterative-deepening alpha-beta, and each test is
    /// one attempt without a horizon.
    #[test]
    fn best_first_proof_search_proves_lines_in_fewer_nodes() {
        let base = SolveOptions {
            dfpn: false,
            ..dfpn_on_lines(false)
        };
        let dfpn = SolveOptions { dfpn: true, ..base };
        for best_first in fewer_nodes_on_lines(&base, &dfpn, "by df-pn") {
            let attempts = &best_first.stats.attempts;
            assert!(!attempts.is_empty() && attempts.iter().all(|a| a.depth == 0));
            assert!(attempts.iter().all(|a| a.result != AttemptResult::Open));
        }
    }

    /// Merging mirrored moves where a symmetry fixes the history
    /// ([`SolveOptions::dfpn_twins`]) leaves half of a line's first moves
    /// at df-pn's root and proves the same line values in fewer nodes.
    #[test]
    fn merged_mirrors_prove_lines_in_fewer_nodes_by_dfpn() {
        let dfpn = dfpn_on_lines(false);
        let twins = dfpn_on_lines(true);
        for (n, s) in
            [8, 10]
                .into_iter()
                .zip(fewer_nodes_on_lines(&dfpn, &twins, "with mirrors merged"))
        {
            let root = s.stats.dfpn_root.expect("df-pn's root");
            let plays = root.children.iter().filter(|c| c.vertex.is_some()).count();
            // Each first move and its mirror image: one of them.
            assert_eq!(plays, n / 2, "1x{n}: {:?}", root.children);
        }
    }

    /// Df-pn's first numbers from the history-free estimate
    /// ([`SolveOptions::dfpn_oracle`]) prove the same line values in
    /// fewer nodes (1x8 and 1x9; on 1x10 it is about even).
    #[test]
    fn estimated_first_numbers_prove_lines_in_fewer_nodes() {
        let twins = dfpn_on_lines(true);
        let oracle = SolveOptions {
            dfpn_oracle: 8,
            ..twins
        };
        for n in [8, 9] {
            let board = Board::new(Arc::new(Graph::grid(n, 1).unwrap())).unwrap();
            let plain = solve_quietly(&board, Stones::EMPTY, Color::Black, &twins);
            let new = solve_quietly(&board, Stones::EMPTY, Color::Black, &oracle);
            assert!(plain.proven && new.proven, "1x{n}");
            assert_eq!(new.score, plain.score, "1x{n}");
            assert!(
                new.nodes < plain.nodes,
                "1x{n}: {} with the estimate, {} without",
                new.nodes,
                plain.nodes
            );
        }
    }

    /// With [`SolveOptions::dfpn_pv`] the principal variation after
    /// df-pn's proof is found by df-pn too: the same score, a variation
    /// that replays legally under positional superko to the score, and
    /// fewer nodes in all on 1x9 and 1x10 (the tests' nodes are the
    /// same: the option only changes the variation's search).
    #[test]
    fn a_dfpn_variation_is_legal_and_cheaper() {
        let dfpn = dfpn_on_lines(true);
        let pv = SolveOptions {
            dfpn_pv: true,
            ..dfpn
        };
        for (n, guess) in [(8, None), (9, None), (10, Some(1))] {
            let board = Board::new(Arc::new(Graph::grid(n, 1).unwrap())).unwrap();
            let with_guess = |o: &SolveOptions| SolveOptions { guess, ..*o };
            let plain = solve_quietly(&board, Stones::EMPTY, Color::Black, &with_guess(&dfpn));
            let new = solve_quietly(&board, Stones::EMPTY, Color::Black, &with_guess(&pv));
            assert!(plain.proven && new.proven, "1x{n}");
            assert_eq!(new.score, plain.score, "1x{n}");
            let tests = |s: &Solution| s.stats.attempts.iter().map(|a| a.nodes).sum::<u64>();
            assert_eq!(tests(&new), tests(&plain), "1x{n}");
            if n >= 9 {
                assert!(
                    new.nodes < plain.nodes,
                    "1x{n}: {} with df-pn's variation, {} without",
                    new.nodes,
                    plain.nodes
                );
            }
            let mut cur = Stones::EMPTY;
            let mut seen = vec![cur];
            let mut side = Color::Black;
            for m in &new.pv {
                if let Move::Play(x) = *m {
                    cur = cur.play(&board, side, x).expect("a legal play").stones;
                    assert!(!seen.contains(&cur), "1x{n}: the variation repeats");
                    seen.push(cur);
                }
                side = side.opponent();
            }
            if !new.pv_ends_settled && new.pv.ends_with(&[Move::Pass, Move::Pass]) {
                assert_eq!(Some(cur.area_score(&board)), new.score, "1x{n}");
            }
        }
    }

    /// The estimate: the area score at depth 0, a plain minimax of it
    /// (repetitions allowed) deeper, and none on boards too big.
    #[test]
    fn the_estimate_is_a_minimax_of_the_area_score() {
        let line = |n| Board::new(Arc::new(Graph::grid(n, 1).unwrap())).unwrap();
        let b3 = line(3);
        let zero = oracle::Oracle::build(&b3, 0, false).unwrap();
        let x_mid = Stones {
            black: 0b010,
            white: 0,
        };
        assert_eq!(zero.estimate(x_mid, Color::White, false), 3);
        assert_eq!(zero.estimate(Stones::EMPTY, Color::Black, false), 0);
        // 1x3: the centre play owns the board, for either colour (a
        // depth-2 minimax finds it: the other side can only pass).
        let two = oracle::Oracle::build(&b3, 2, false).unwrap();
        assert_eq!(two.estimate(Stones::EMPTY, Color::Black, false), 3);
        assert_eq!(two.estimate(Stones::EMPTY, Color::White, true), -3);
        // Depth 1 after a pass: White's pass would end the game at 0,
        // White's centre play is scored as it stands, -3.
        let one = oracle::Oracle::build(&b3, 1, false).unwrap();
        assert_eq!(one.estimate(Stones::EMPTY, Color::White, true), -3);
        // ... and a Black stone in the centre, White to move after a
        // pass: White can only pass (an end is suicide), ending at 3.
        assert_eq!(one.estimate(x_mid, Color::White, true), 3);
        assert!(oracle::Oracle::build(&line(oracle::ORACLE_MAX_VERTICES + 1), 1, false).is_none());
    }

    /// Free captures prove the same line values in fewer nodes.
    #[test]
    fn free_captures_prove_lines_in_fewer_nodes() {
        // Measured with the bench's 2^22-entry table: 1x8 51,306 nodes
        // instead of 74,791, 1x10 794,508 instead of 2,156,603.
        let free = SolveOptions {
            free_captures: true,
            ..SolveOptions::default()
        };
        fewer_nodes_on_lines(&SolveOptions::default(), &free, "with free captures");
    }

    /// Every board deepens one ply at a time from 26 by default; on 1x8
    /// that needs fewer nodes for the same value (74,791 against 108,884
    /// in the release bench), and 3x4, proven below 26 plies, searches
    /// exactly the half schedule's nodes.
    #[test]
    fn lines_deepen_one_ply_at_a_time() {
        let grid = |w, h| Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
        let (line, rect) = (grid(8, 1), grid(3, 4));
        assert!(line.is_path() && grid(1, 1).is_path() && grid(1, 5).is_path());
        assert!(!rect.is_path() && !grid(2, 2).is_path());
        assert_eq!(Deepening::Auto.on(&line), Deepening::One);
        assert_eq!(Deepening::Auto.on(&rect), Deepening::One);
        assert_eq!(Deepening::Half.on(&line), Deepening::Half);
        assert_eq!(Deepening::One.next(26), 27);
        assert_eq!(Deepening::One.next(11), 17);
        assert_eq!(Deepening::Half.next(26), 40);
        let with = |board: &Board, deepening| {
            let opts = SolveOptions {
                deepening,
                ..SolveOptions::default()
            };
            solve_quietly(board, Stones::EMPTY, Color::Black, &opts)
        };
        let (one, half) = (with(&line, Deepening::One), with(&line, Deepening::Half));
        assert_eq!(one.score, Some(3));
        assert_eq!(half.score, Some(3));
        assert!(one.nodes < half.nodes, "{} {}", one.nodes, half.nodes);
        assert_eq!(with(&line, Deepening::Auto).nodes, one.nodes);
        let auto = with(&rect, Deepening::Auto);
        assert_eq!(auto.nodes, with(&rect, Deepening::Half).nodes);
        assert_eq!(auto.score, Some(4));
    }

    /// The root's one-sided attempts are logged in order: the horizons
    /// never shrink, their nodes stay within the solve's, and the value
    /// is decided by proved attempts on both sides (`>= v` and `< v + 1`).
    #[test]
    fn the_attempts_account_for_the_nodes() {
        for (w, h) in [(6, 1), (3, 3), (2, 3)] {
            let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            let s = solve_quietly(
                &board,
                Stones::EMPTY,
                Color::Black,
                &SolveOptions::default(),
            );
            let v = s.score.unwrap();
            let log = &s.stats.attempts;
            assert!(!log.is_empty(), "{w}x{h}");
            assert!(log.windows(2).all(|p| p[0].depth <= p[1].depth), "{w}x{h}");
            assert!(
                log.iter().map(|a| a.nodes).sum::<u64>() <= s.nodes,
                "{w}x{h}"
            );
            // A decided test `>= beta`: whether it came out true.
            let outcomes: Vec<(i32, bool)> = log
                .iter()
                .filter_map(|a| match a.result {
                    AttemptResult::Proved => Some((a.beta, a.lower)),
                    AttemptResult::Refuted => Some((a.beta, !a.lower)),
                    _ => None,
                })
                .collect();
            assert!(outcomes.iter().all(|&(beta, holds)| holds == (v >= beta)));
            let n = board.len() as i32;
            assert!(
                v == -n || outcomes.iter().any(|&(_, holds)| holds),
                "{w}x{h}: {log:?}"
            );
            assert!(
                v == n || outcomes.iter().any(|&(_, holds)| !holds),
                "{w}x{h}: {log:?}"
            );
        }
    }

    /// With `expect_guess` and the right guess, every attempt is on the
    /// side the guess expects (`>= beta` for `beta <= guess`, `< beta`
    /// above) and the value is the same; without a guess the option does
    /// nothing.
    #[test]
    fn an_expected_guess_runs_one_side_only() {
        for (w, h, v) in [(6, 1, 1), (3, 2, 0), (3, 3, 9), (8, 1, 3)] {
            let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            let opts = SolveOptions {
                guess: Some(v),
                expect_guess: true,
                ..SolveOptions::default()
            };
            let s = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
            assert_eq!(s.score, Some(v), "{w}x{h}");
            let log = &s.stats.attempts;
            assert!(!log.is_empty());
            assert!(
                log.iter().all(|a| a.lower == (a.beta <= v)),
                "{w}x{h}: {log:?}"
            );
            let plain = SolveOptions {
                expect_guess: true,
                ..SolveOptions::default()
            };
            let p = solve_quietly(&board, Stones::EMPTY, Color::Black, &plain);
            let default = solve_quietly(
                &board,
                Stones::EMPTY,
                Color::Black,
                &SolveOptions::default(),
            );
            assert_eq!(p.nodes, default.nodes, "{w}x{h}");
        }
    }

    /// The keeping game closes nodes: 3x4 and 2x4 (Black takes the whole
    /// board) need fewer nodes with it, for the same value; without it
    /// no test runs.
    #[test]
    fn the_keeping_game_finds_the_value_in_fewer_nodes() {
        for (w, h) in [(3, 4), (2, 4)] {
            let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            let opts = SolveOptions {
                keeping: true,
                ..SolveOptions::default()
            };
            let with = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
            let without = solve_quietly(
                &board,
                Stones::EMPTY,
                Color::Black,
                &SolveOptions::default(),
            );
            assert_eq!(with.score, without.score, "{w}x{h}");
            assert!(
                with.nodes < without.nodes,
                "{w}x{h}: {} {}",
                with.nodes,
                without.nodes
            );
            assert!(with.stats.keep_cutoffs > 0 && with.stats.keep_wins > 0);
            assert!(with.stats.keep_tests >= with.stats.keep_wins);
            assert_eq!(without.stats.keep_tests, 0);
        }
    }

    /// A guess at the value changes the tests run, not their outcome.
    /// Two threads ([`SolveOptions::threads`]) prove the same values as
    /// one, under both rules, and log both sides' attempts with their
    /// nodes counted. On two threads the second side of a test runs
    /// without a budget, so no test has both sides over budget; on one
    /// thread 3x4 has such a test (horizon 26, `>= 5`), so this fails if
    /// the option is ignored.
    #[test]
    fn two_threads_prove_the_same_values() {
        let two_sides_over_budget = |log: &[Attempt]| {
            log.iter().any(|a| {
                a.result == AttemptResult::OverBudget
                    && log.iter().any(|b| {
                        (b.depth, b.beta) == (a.depth, a.beta)
                            && b.lower != a.lower
                            && b.result == AttemptResult::OverBudget
                    })
            })
        };
        let board = Board::new(Arc::new(Graph::grid(4, 3).unwrap())).unwrap();
        let one = solve_quietly(
            &board,
            Stones::EMPTY,
            Color::Black,
            &SolveOptions::default(),
        );
        assert!(two_sides_over_budget(&one.stats.attempts));
        for (w, h, v) in [(3, 2, 0), (3, 3, 9), (7, 1, 2), (4, 2, 8), (4, 3, 4)] {
            let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            for repetition in [Repetition::Positional, Repetition::Situational] {
                let opts = SolveOptions {
                    repetition,
                    threads: 2,
                    ..SolveOptions::default()
                };
                let s = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
                assert_eq!(s.score, Some(v), "{w}x{h} {repetition:?}");
                let log = &s.stats.attempts;
                assert!(log.iter().any(|a| a.lower) && log.iter().any(|a| !a.lower));
                assert!(
                    log.iter().map(|a| a.nodes).sum::<u64>() <= s.nodes,
                    "{w}x{h}"
                );
                assert!(
                    !two_sides_over_budget(log),
                    "{w}x{h} {repetition:?}: {log:?}"
                );
                // The variation is legal.
                let mut cur = Stones::EMPTY;
                let mut side = Color::Black;
                for m in &s.pv {
                    if let Move::Play(x) = *m {
                        cur = cur.play(&board, side, x).expect("a legal play").stones;
                    }
                    side = side.opponent();
                }
            }
        }
    }

    /// A limit met while the principal variation is walked leaves the
    /// score proven (the tests are done) and says the variation was cut.
    #[test]
    fn a_limit_in_the_variation_keeps_the_score_proven() {
        let board = Board::new(Arc::new(Graph::grid(3, 3).unwrap())).unwrap();
        let with = |nodes: Option<u64>| {
            let limits = match nodes {
                Some(n) => Limits::none().with_nodes(n),
                None => Limits::none(),
            };
            let opts = SolveOptions {
                limits,
                ..SolveOptions::default()
            };
            solve_quietly(&board, Stones::EMPTY, Color::Black, &opts)
        };
        let full = with(None);
        assert_eq!(full.score, Some(9));
        assert_eq!(full.pv_cut, None);
        // The smallest node limit under which the tests decide the score.
        let (mut lo, mut hi) = (1, full.nodes);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if with(Some(mid)).score.is_some() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let s = with(Some(lo));
        assert!(lo < full.nodes, "the variation took no nodes");
        assert_eq!(s.score, Some(9));
        assert!(s.proven);
        assert_eq!(s.pv_cut, Some(Stop::Nodes));
        assert_eq!(s.stopped, None);
        assert!(s.pv.len() < full.pv.len() || !s.pv_ends_settled);
        // One node less and the tests themselves are cut off.
        let t = with(Some(lo - 1));
        assert!(!t.proven && t.score.is_none());
        assert_eq!(t.stopped, Some(Stop::Nodes));
    }

    /// A node limit counts both threads' nodes.
    #[test]
    fn two_threads_share_the_node_limit() {
        let board = Board::new(Arc::new(Graph::grid(4, 4).unwrap())).unwrap();
        let opts = SolveOptions {
            threads: 2,
            limits: Limits::none().with_nodes(20_000),
            ..SolveOptions::default()
        };
        let s = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
        assert!(!s.proven);
        assert_eq!(s.stopped, Some(Stop::Nodes));
        // Each thread publishes its count every `CHECK_EVERY` nodes.
        assert!(
            s.nodes < 20_000 + 2 * miai_search::CHECK_EVERY,
            "{}",
            s.nodes
        );
    }

    #[test]
    fn any_guess_gives_the_same_value() {
        let board = Board::new(Arc::new(Graph::grid(2, 3).unwrap())).unwrap();
        for guess in [-100, -6, -1, 0, 1, 6, 100] {
            let opts = SolveOptions {
                guess: Some(guess),
                ..SolveOptions::default()
            };
            let s = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
            assert_eq!(s.score, Some(0), "guess {guess}");
        }
    }

    #[test]
    fn cut_off_then_proven() {
        let board = Board::new(Arc::new(Graph::grid(2, 3).unwrap())).unwrap();
        let mut opts = SolveOptions {
            limits: Limits::none()
                .with_nodes(50)
                .with_table_bytes((1 << 12) * tt::ENTRY_BYTES),
            ..SolveOptions::default()
        };
        let cut = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
        assert!(!cut.proven);
        assert_eq!(cut.score, None);
        opts.limits.max_nodes = None;
        let s = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
        assert_eq!(s.score, Some(0));
    }

    /// The table never gets more room than eight times the keys the board
    /// has, and a big board keeps the whole budget.
    #[test]
    fn the_table_is_sized_by_the_board() {
        let grid = |w, h| Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
        let small = grid(1, 7);
        let keys = 4 * 3usize.pow(7);
        let t = Table::new(table_bytes_for(&small, DEFAULT_TABLE_BYTES));
        assert!(t.cap() >= 4 * keys && t.cap() <= 8 * keys, "{}", t.cap());
        assert!(table_bytes_for(&small, DEFAULT_TABLE_BYTES) < DEFAULT_TABLE_BYTES);
        assert_eq!(
            table_bytes_for(&grid(4, 4), DEFAULT_TABLE_BYTES),
            DEFAULT_TABLE_BYTES
        );
        assert_eq!(table_bytes_for(&grid(8, 8), usize::MAX), usize::MAX);
        // A 3x3 solve holds a few hundred entries, in kilobytes.
        let s = solve_quietly(
            &grid(3, 3),
            Stones::EMPTY,
            Color::Black,
            &SolveOptions::default(),
        );
        assert_eq!(s.score, Some(9));
        assert!(
            s.table_entries > 0 && s.table_bytes < 1 << 20,
            "{}",
            s.table_bytes
        );
    }

    #[test]
    fn repetition_rules_parse_by_name_and_round_trip() {
        for r in [Repetition::Positional, Repetition::Situational] {
            assert_eq!(r.word().parse::<Repetition>(), Ok(r));
        }
        assert_eq!("PSK".parse(), Ok(Repetition::Positional));
        assert_eq!("ssk".parse(), Ok(Repetition::Situational));
        let err = "Japanese".parse::<Repetition>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"japanese\": expected positional or situational"
        );
    }
}
