//! miai-gtp: a GTP v2 engine (the Go Text Protocol that Sabaki, GoGui and
//! match runners speak) over miai's libraries.
//!
//! The [`Engine`] keeps a square board (2x2 to 25x25, Chinese rules:
//! area scoring, positional superko) and answers the standard commands —
//! `protocol_version`, `name`, `version`, `known_command`,
//! `list_commands`, `quit`, `boardsize`, `clear_board`, `komi`, `play`,
//! `genmove`, `undo`, `showboard`, `final_score`, `loadsgf` (and GNU Go's
//! `list_stones`) — plus the analysis commands GoGui lists in its menu
//! through `gogui-analyze_commands` ([`analyze`]): life and death at a
//! point (`miai-tsumego`), a capturing race between two chains
//! (`miai-semeai`), the exact area score of a small board
//! (`miai-graphgo_score`), and `miai-loadproblem` for miai's problem
//! files. Every search runs within the shared [`miai_search::Limits`]
//! ([`Config`], each command's [`DEFAULTS`]), so no command hangs a
//! client.
//!
//! `genmove` plays the exact solver's move on boards of at most 64
//! points when it proves the score within its limits, and otherwise a
//! plain legal move (see [`analyze::choose_move`]): miai is an analyser,
//! not a player.
//!
//! Input follows the specification's preprocessing ([`command`]); errors
//! are `? message` responses ([`GtpError`]), never a panic; ids are
//! echoed.
//!
//! ```
//! use miai_gtp::{Config, Engine};
//! let mut e = Engine::new(Config::default());
//! let r = e.handle_line("1 boardsize 9").unwrap();
//! assert_eq!(r.to_string(), "=1 \n\n");
//! e.handle_line("play b e5");
//! let r = e.handle_line("play w E5").unwrap();
//! assert_eq!(r.to_string(), "? illegal move: the point is occupied\n\n");
//! assert!(e.handle_line("# a comment").is_none());
//! ```

#![forbid(unsafe_code)]

pub mod analyze;
mod board;
pub mod client;
pub mod command;
mod engine;
mod error;
mod response;
mod session;

pub use engine::{Config, DEFAULTS, Defaults, Engine};
pub use error::GtpError;
pub use response::Response;
pub use session::run;
