//! miai-graphgo: Go on graphs as in seed 001 ("グラフ碁の死活"): ultimate
//! positions, per-vertex outcome classes, the Chinese-countable end and
//! score, and an exact whole-board solver for small graphs.
//!
//! A board is a connected graph of at most 64 vertices ([`Board`], built
//! from a goban [`miai_goban::Graph`]); a colouring is [`Stones`] (the
//! seed's `c: V -> {-1, 0, +1}`, Black = -1, White = +1). Suicide is
//! forbidden throughout (the seed's 着手禁止点 are suicide points).
//!
//! - [`ultimate`]: ultimate positions (窮極盤面) and their eyes `E_B`, `E_W`.
//! - [`outcome`]: the outcome class `o(r, v)` ∈ {B, W, N, P} of each vertex
//!   for a regular (repetition-free) move sequence `r`; the exact
//!   recursion is written in that module's docs.
//! - [`chinese`]: Chinese-countable end (中国式可終局), Chinese score `s_c`
//!   (White minus Black) against komi, the stones-only (純碁) score.
//! - [`solver`]: the optimal area score of a position under positional or
//!   situational superko: iterative-deepening MTD(f) over proven bounds
//!   (Benson's at the horizon), a transposition table whose bounds carry
//!   the history conditions of their proofs, symmetry; the shared
//!   [`miai_search`] limits, cancellation and progress. Solves 4x4 (Black
//!   by 2) in about 2 s.
//! - [`proof`] and [`verify`]: a solved value's two strategy trees
//!   (`score >= v` for Black, `score <= v` for White) as a versioned text
//!   file, and a checker sharing no search or rules code with the solver
//!   that replays them on its own rules and re-derives every leaf.
//! - [`benson`]: unconditional life and pass-alive territory.
//! - [`safety`]: regions beyond Benson that the opponent cannot keep
//!   (one inner point), claimed where the history allows.
//! - [`keeping`]: the keeping game, a bound from play in which one side
//!   never loses a stone (no pass-alive stones needed).
//! - [`picture`]: text and SVG pictures coloured by class or owner.
//! - [`report`]: a solve's report (variation replayed with positions),
//!   as JSON and as text.
//!
//! ```
//! use std::sync::Arc;
//! use miai_goban::{Color, Graph};
//! use miai_graphgo::{Board, Stones, solver};
//! let board = Board::new(Arc::new(Graph::grid(3, 3).unwrap())).unwrap();
//! let s = solver::solve(&board, Stones::EMPTY, Color::Black, &Default::default(),
//!     None, &mut |_| {});
//! assert_eq!(s.score, Some(9)); // 3x3: Black takes the whole board
//! ```

#![forbid(unsafe_code)]

pub mod benson;
mod board;
pub mod chinese;
mod error;
pub mod keeping;
pub mod outcome;
pub mod picture;
pub mod proof;
pub mod report;
pub mod safety;
pub mod solver;
pub mod start;
mod stones;
pub mod ultimate;
pub mod verify;

pub use board::{Bits, Board, MAX_BOARD_VERTICES};
pub use error::GraphGoError;
pub use outcome::Class;
pub use solver::{Deepening, Move, Repetition, Solution, SolveOptions};
pub use stones::{Played, Stones};
