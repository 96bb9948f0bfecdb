//! miai-achieve: one-dimensional achievement games (Harary's generalized
//! tic-tac-toe on the line), pairing (paving, 畳敷き) strategies, and the
//! "partially dynamic paving" proofs of seed 004 by exact Maker-Breaker
//! search, with certificates that an independent checker verifies.
//!
//! The pieces:
//! - [`Creature`]: a finite set of integers; Maker wins by occupying a
//!   translate (a mirror image too when asked).
//! - [`Area`] and [`family`]: cut the line into areas; for a chosen anchor
//!   stone, every placement whose anchor lies in an area contributes the
//!   cells it has inside that area. A Breaker win on that family proves the
//!   creature a loser.
//! - [`Hypergraph`]: any finite Maker-Breaker game (cells, winning sets).
//! - [`Solver`]: exact search with a bounded transposition table, forced
//!   moves, sound reductions, limits, progress and cancellation.
//! - [`Certificate`] and [`verify`]: a winning strategy written out, and a
//!   deliberately simple checker that shares no search code.
//! - [`pairing`]: periodic pairing strategies and density obstructions.
//! - [`report`]: the solvers' reports, as JSON and as text.
//! - [`unit`](mod@unit): a proof cut into work units (JSON), solved apart and merged
//!   back into one verdict and one certificate.
//!
//! ```
//! use miai_achieve::{Area, Creature, Limits, Player, Solver, family};
//! // Lemma 2 of seed 004: the Fig. 3 creature on a 14-cell area.
//! let creature: Creature = "0,4,5,7,15".parse().unwrap();
//! let area = Area::consecutive(14).unwrap();
//! let game = family(&creature, &area, creature.middle(), false).unwrap();
//! let mut solver = Solver::new(&game, Limits::none()).unwrap();
//! let report = solver.solve(Player::Maker, &mut |_| {});
//! assert_eq!(report.verdict.winner(), Some(Player::Breaker));
//! ```

mod area;
mod certificate;
mod creature;
mod error;
mod family;
mod hypergraph;
pub mod pairing;
pub mod plane;
mod player;
pub mod prove;
pub mod report;
mod solver;
pub mod spec;
pub mod table;
pub mod unit;
pub mod verify;

pub use area::{Area, MAX_TILING_PERIOD, tiles, tiles_unsettled};
pub use certificate::{Certificate, Origin, Start};

pub use creature::Creature;
pub use error::{AreaError, CertificateError, CreatureError, HypergraphError};
pub use family::{family, segment};
pub use hypergraph::{Hypergraph, MAX_CELLS, MAX_SETS};
pub use miai_search::{Cancel, Limits, Progress, Stop};
pub use player::Player;
pub use solver::{DEFAULT_TABLE_BYTES, SolveReport, Solver, Verdict};
