//! miai-cgt: short partizan games, exactly.
//!
//! Combinatorial game theory in CGSuite's sense, Left = Black = the
//! maximiser. Every [`Game`] is stored in canonical form (dominated options
//! removed, reversible options bypassed) in a process-wide, thread-safe
//! store, so equal games are the same handle. Numbers are exact
//! [`Dyadic`] rationals; there is no floating point in the algebra and every
//! overflow is an error.
//!
//! - build: [`parse()`] (`"{4|0} + {6|{4|0}} - 7"`), [`Game::from_options`],
//!   [`Game::integer`], [`Game::nimber`], [`Game::nus`], the
//!   [`PartizanGame`] trait for game trees;
//! - algebra: `+`, `-` ([`Game::checked_add`], ...), the order (`<=`, `==`,
//!   [`Game::compare`], [`Game::is_confused_with`]), [`Game::outcome`];
//! - temperature theory: [`Game::stops`], [`Game::mean`],
//!   [`Game::temperature`], [`Game::thermograph`] (with SVG), [`Game::cool`],
//!   [`Game::heat`], [`Game::chill`];
//! - printing: `Display` gives CGSuite-style short forms (`2*`, `4^`,
//!   `-1^*`, `+-1`, `{1,{3|-1}|-3}`) that parse back to the same game.
//!
//! Cooling follows CGSuite: `G_t = G` for a number; otherwise
//! `{G^L_t - t | G^R_t + t}`, unless `G_{t'}` is infinitely close to a number
//! `x` for some `t' < t`, and then `G_t = x`. At the temperature itself the
//! infinitesimal survives:
//!
//! ```
//! use miai_cgt::Game;
//! let g: Game = "{4|0}".parse().unwrap();
//! assert_eq!(g.cool(2.into()).unwrap().to_string(), "2*");
//! assert_eq!(g.cool("5/2".parse().unwrap()).unwrap().to_string(), "2");
//! ```

mod budget;
mod comparison;
mod context;
mod dyadic;
mod error;
mod game;
mod nus;
mod outcome;
pub mod parse;
mod print;
pub mod report;
pub mod text;
pub mod thermograph;
mod tree;

pub use budget::Evaluator;
pub use comparison::Comparison;
pub use dyadic::Dyadic;
pub use error::{ArithmeticError, CgtError};
pub use game::{Game, MAX_NIMBER, MAX_UPS};
pub use nus::Nus;
pub use outcome::Outcome;
pub use parse::{ParseError, parse};
pub use thermograph::{Thermograph, Trajectory};
pub use tree::PartizanGame;
