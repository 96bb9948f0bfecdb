//! `miai`: the command-line front end. A thin layer: it parses arguments,
//! calls the libraries and prints what they return. No rules or search logic
//! lives here.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;
mod input;
mod search;

/// Exact analysis of Go and Go-like combinatorial games.
#[derive(Debug, Parser)]
#[command(
    name = "miai",
    version,
    about,
    propagate_version = true,
    after_help = "Every solving subcommand takes the same search limits: --max-nodes N, \
--time SECONDS, --table-mb MIB; Ctrl-C stops a search and prints what it has.\n\n\
Exit codes: 0 the answer is proven; 1 the search was cut off (limit or Ctrl-C) \
or a checked claim failed, what was computed is printed; 2 bad input or another \
error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Combinatorial game theory: canonical forms, stops, mean, temperature,
    /// cooling, thermographs.
    Cgt(cmd::cgt::Args),
    /// Go positions on graphs: show, play and score diagrams and SGF files.
    #[command(subcommand)]
    Board(cmd::board::Command),
    /// Capturing races (semeai) analysed with combinatorial game theory, as in
    /// seed 002, checked by a plain search.
    Semeai(cmd::semeai::Args),
    /// Graph Go: ultimate positions, per-vertex outcome classes and exact
    /// solving of small boards.
    Graphgo(cmd::graphgo::Args),
    /// n-ko fights under superko: the (n, m, t) model and its win table.
    Nko(cmd::nko::Args),
    /// Achievement games: Maker-Breaker proofs and pairing strategies.
    #[command(subcommand)]
    Achieve(cmd::achieve::Command),
    /// Life and death under repetition (seed 003): solve a problem file or
    /// SGF, or benchmark a problem set.
    Tsumego(cmd::tsumego::Args),
    /// The workbench in the browser: a local web app and a JSON API
    /// (docs/serve.md).
    Serve(cmd::serve::Args),
    /// A GTP v2 engine on stdin/stdout for Go programs (GoGui, Sabaki):
    /// board commands plus life-and-death, capturing-race and exact-score
    /// analysis commands.
    Gtp(cmd::gtp::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Output piped into `head` and the like: end quietly when the reader
    // goes away, as command-line tools do, instead of panicking on the
    // failed write. Not for the server, whose sockets must not kill it.
    if !matches!(cli.command, Command::Serve(_)) {
        sigpipe::reset();
    }
    let result = match cli.command {
        Command::Cgt(args) => cmd::cgt::run(args),
        Command::Board(command) => cmd::board::run(command),
        Command::Semeai(args) => cmd::semeai::run(args),
        Command::Graphgo(args) => cmd::graphgo::run(args),
        Command::Nko(args) => cmd::nko::run(args),
        Command::Achieve(command) => cmd::achieve::run(command),
        Command::Tsumego(args) => cmd::tsumego::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Gtp(args) => cmd::gtp::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err}");
            // Many errors print their source in their own message too
            // (`cannot read x: No such file`): show each text once.
            let mut previous = err.to_string();
            for cause in err.chain().skip(1) {
                let text = cause.to_string();
                if !previous.contains(&text) {
                    eprintln!("  caused by: {text}");
                }
                previous = text;
            }
            ExitCode::from(2)
        }
    }
}
