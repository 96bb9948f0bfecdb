//! `miai`: the command-line front end. A thin layer: it parses arguments,
//! calls the libraries and prints what they return. No rules or search logic
//! lives here.

use std::process::ExitCode;

use clap::{CommandFactory as _, FromArgMatches as _, Parser, Subcommand};

mod cmd;
mod input;
mod search;

/// The exit codes, the same for every subcommand (see `search.rs`).
macro_rules! exit_codes {
    () => {
        "Exit codes: 0 the answer is proven (or there was nothing to prove); 1 the \
search was cut off (a limit or Ctrl-C) or a checked claim does not hold (a \
refuted certificate, a wrong answer, an illegal move), and what was computed is \
printed; 2 bad input or another error."
    };
}

/// Exact analysis of Go and Go-like combinatorial games.
#[derive(Debug, Parser)]
#[command(
    name = "miai",
    version,
    about,
    propagate_version = true,
    after_help = concat!(
        "Every solving subcommand takes the same search limits: --max-nodes N, \
--time SECONDS, --table-mb MIB; Ctrl-C stops a search and prints what it has.\n\n",
        exit_codes!()
    )
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

/// The command line, each subcommand's help ending with the exit codes
/// (unless it states its own); `miai serve` runs until stopped and has none.
fn command() -> clap::Command {
    fn add(cmd: clap::Command) -> clap::Command {
        let names: Vec<String> = cmd
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        names.into_iter().fold(cmd, |cmd, name| {
            cmd.mut_subcommand(name, |sub| {
                let sub = add(sub);
                let help = sub
                    .get_after_help()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                if sub.get_name() == "serve" || help.contains("Exit codes") {
                    sub
                } else if help.is_empty() {
                    sub.after_help(exit_codes!())
                } else {
                    sub.after_help(format!("{help}\n\n{}", exit_codes!()))
                }
            })
        })
    }
    add(Cli::command())
}

fn main() -> ExitCode {
    let cli = match Cli::from_arg_matches(&command().get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
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
