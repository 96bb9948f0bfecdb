//! Placeholder until the library lands; replaced by its owner.

use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Not implemented yet.
    Todo,
}

pub fn run(_command: Command) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not implemented yet")
}
