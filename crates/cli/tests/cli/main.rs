//! The `miai` binary end to end, in one test binary (one link instead of
//! one per file): each module runs the built binary (`CARGO_BIN_EXE_miai`)
//! on one subcommand, or starts `miai serve` and talks HTTP to it.

mod achieve;
mod animal;
mod board;
mod cgt;
mod common;
mod graphgo;
mod gtp;
mod limits;
mod nko;
mod readme;
mod semeai;
mod serve;
mod serve_editor;
mod serve_jobs;
mod serve_semeai;
mod sgf_out;
mod tsumego;
