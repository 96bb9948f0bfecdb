//! miai-nko: n-ko fights under superko (seed 000).
#![doc = include_str!("../README.md")]

pub mod board;
pub mod closed_form;
mod error;
pub mod fight;
pub mod history;
mod outcome;
pub mod passes;
mod player;
pub mod report;
mod state;
pub mod table;
pub mod variation;
pub mod verify;

pub use error::{SearchError, StateError};
pub use outcome::Outcome;
pub use player::Player;
pub use state::{Ending, MAX_N, Move, State, Step};
pub use table::{MAX_TABLE_N, WinTable};
