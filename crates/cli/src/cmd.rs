//! One module per subcommand. Each exposes its clap arguments and a `run`
//! function returning the process exit code.

pub mod achieve;
pub mod animal;
pub mod board;
pub mod cgt;
pub mod graphgo;
pub mod gtp;
pub mod nko;
pub mod semeai;
pub mod serve;
pub mod tsumego;
