//! `miai gtp`: a GTP v2 engine on stdin and stdout (for Sabaki, GoGui,
//! match runners). The engine and its command table live in `miai-gtp`;
//! this wires the standard streams and the limit flags.

use std::io::{self, BufReader};
use std::process::ExitCode;

use miai_gtp::{Config, Engine, run as run_engine};

use crate::search::LimitArgs;

/// Arguments of `miai gtp`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  miai gtp\n  miai gtp --max-nodes 1e6 --time 5\n  \
    gogui -program 'miai gtp'\n\n\
    Standard commands plus miai-tsumego, miai-semeai, miai-graphgo_score and \
    miai-loadproblem (listed for GoGui by gogui-analyze_commands). The limits \
    apply to each searching command; unset, each takes its own default (10 s \
    for an analysis, 2 s for genmove)."
)]
pub struct Args {
    /// Limits of each searching command (analysis commands and genmove).
    #[command(flatten)]
    limits: LimitArgs,
}

/// Runs `miai gtp` until `quit` or the end of the input.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut engine = Engine::new(Config {
        limits: args.limits.limits(),
    });
    let stdin = io::stdin();
    let mut input = BufReader::new(stdin.lock());
    let mut output = io::stdout().lock();
    run_engine(&mut engine, &mut input, &mut output)?;
    Ok(ExitCode::SUCCESS)
}
