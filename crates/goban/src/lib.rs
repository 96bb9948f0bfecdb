//! miai-goban: the rules of Go on any graph.
//!
//! A board is a [`Graph`] (grids, lines, tori, explicit edge lists); a
//! [`Position`] colours its vertices and plays moves fast (pseudo-liberty
//! chains, no allocation per move, copy-make); [`Rules`] are a value
//! (suicide, ko / superko, scoring, komi); a [`Game`] keeps the history that
//! superko needs. Diagrams (plain and the box-drawing style of seed 003) and
//! SGF are read and written by [`Diagram`] and [`sgf`].
//!
//! # For solvers
//!
//! - Board: [`Graph`] (`grid`, `line`, `torus`, `path`, `from_edges`,
//!   [`GraphText::parse`]); `neighbors(v)` is a slice; names through
//!   `vertex_name` / `parse_vertex` (GTP `A1`..`Z25` without `I`, SGF `aa`).
//! - Sets: [`VertexSet`], a `Copy` 1024-bit set with `|`, `&`, `-`, `iter`.
//! - Position: [`Position::from_setup`] (checked) from a [`Setup`] (plain
//!   data); [`Position::check`] (legality without superko, no allocation),
//!   [`Position::play_mut`] / [`Position::play_unchecked`] (in place),
//!   [`Position::play`] (consuming, shakmaty style), `pass`;
//!   copy-make with `clone_from` into a preallocated position (no allocation);
//!   `legal_plays`, `legal_plays_in(region)`.
//! - Queries: `color_at`, `chain_head`, `chain_stones`, `chain_size`,
//!   `liberties`, `liberty_count`, `atari_liberty` (O(1)), `chains`,
//!   `is_eye`, `empty_points`.
//! - Hashing: `hash` (colouring, incremental Zobrist from a fixed seed),
//!   `situation_hash` (plus player to move), `search_key` (plus ko ban),
//!   `recompute_hash` for checks.
//! - Repetition: [`History`] (`push`/`pop`, `contains_position`,
//!   `contains_situation`, confirmed by comparing colourings) and [`Game`]
//!   (history, superko-checked `play`, `undo`, `legal_moves`).
//! - Counting: [`Position::score`] with dead stones, [`Position::ownership`].
//!
//! ```
//! use std::sync::Arc;
//! use miai_goban::{Color, Graph, Move, Position, Rules};
//! let g = Arc::new(Graph::line(3).unwrap());
//! let mut p = Position::empty(g.clone(), Rules::chinese());
//! let (a, b, c) = (g.parse_vertex("A1").unwrap(), g.parse_vertex("B1").unwrap(), g.parse_vertex("C1").unwrap());
//! p.play_mut(Color::Black, Move::Play(a)).unwrap();
//! // White B1 takes A1's last liberty.
//! assert_eq!(p.play_mut(Color::White, Move::Play(b)).unwrap().captured, 1);
//! assert_eq!(p.liberties(b).len(), 2);
//! assert!(p.check(Color::Black, c).is_err()); // suicide
//! ```

#![forbid(unsafe_code)]

mod color;
pub mod diagram;
mod game;
pub mod graph;
mod history;
pub mod playout;
mod position;
mod rules;
mod score;
mod setup;
pub mod sgf;
pub mod text;
mod vertex;
mod vertex_set;
pub mod zobrist;

pub use color::Color;
pub use diagram::{Diagram, DiagramError, Mark};
pub use game::Game;
pub use graph::{CoordError, Graph, GraphError, GraphText, GraphTextError, Shape};
pub use history::History;
pub use position::{Chain, Illegal, IllegalMove, Move, MoveInfo, PlayError, Position};
pub use rules::{Komi, KomiError, Repetition, Rules, RulesError, Scoring, Suicide};
pub use score::{Score, ScoreError};
pub use setup::{Setup, SetupError};
pub use text::{ReadError, read_text, strip_bom};
pub use vertex::{MAX_VERTICES, Vertex};
pub use vertex_set::VertexSet;
