//! `miai nko`: n-ko fights under superko (seed 000). Who wins `(n, m, t)`,
//! with a principal variation in words; the win table as text, JSON or SVG;
//! and a full-history brute-force check of the table.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use miai_nko::history::Rules;
use miai_nko::report::{PassQuery, Query, Table};
use miai_nko::variation::principal_variation;
use miai_nko::verify::{sweep, sweep_cells};
use miai_nko::{Player, State};
use miai_search::Limits;

use crate::search::{LimitArgs, ctrl_c, exit_code, progress_bar, progress_message};

/// Arguments of `miai nko`.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  miai nko 50 17 --to-move black\n  \
        miai nko 3 1 --passes\n  miai nko table --max-n 50 --svg table.svg\n  \
        miai nko table --max-n 8 --passes --json\n  miai nko verify --max-n 6"
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Number of unresolved kos n (>= 2).
    #[arg(required = true, allow_negative_numbers = true)]
    pub n: Option<i64>,
    /// Number of kos in Black's shape m (Black's liberties), 1..=n-1.
    #[arg(required = true, allow_negative_numbers = true)]
    pub m: Option<i64>,
    /// Side to move.
    #[arg(long, value_enum, default_value_t = Side::Black)]
    pub to_move: Side,
    /// The variant with passes (two passes in a row: draw).
    #[arg(long)]
    pub passes: bool,
    /// At most this many moves of the principal variation.
    #[arg(long, default_value_t = 40)]
    pub max_plies: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Limits of the brute force run with --passes (n <= 8).
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Subcommands of `miai nko`.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// The win table for every state with n <= N.
    Table(TableArgs),
    /// Re-derive the table by the full-history brute force (n <= 10) and
    /// compare it with the DP (or, with --passes, the proven pass table) and
    /// with the seed's claims.
    Verify(VerifyArgs),
}

/// Arguments of `miai nko table`.
#[derive(Debug, clap::Args)]
pub struct TableArgs {
    /// Largest n (at most 10,000).
    #[arg(long, default_value_t = 50)]
    pub max_n: u64,
    /// The variant with passes.
    #[arg(long)]
    pub passes: bool,
    /// Side to move in the text table and the picture (JSON has both).
    #[arg(long, value_enum, default_value_t = Side::Black)]
    pub to_move: Side,
    /// Print JSON rows {n, m, t, winner, ...} instead of text.
    #[arg(long)]
    pub json: bool,
    /// Draw the table as SVG into this file (the seed's picture).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Arguments of `miai nko verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// Largest n (at most 10; the search grows fast: n = 6 takes well under
    /// a second, n = 10 with passes minutes).
    #[arg(long, default_value_t = 6)]
    pub max_n: u64,
    /// The variant with passes.
    #[arg(long)]
    pub passes: bool,
    /// Limits of the brute force, over the whole sweep.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// A side, on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Side {
    Black,
    White,
}

impl From<Side> for Player {
    fn from(s: Side) -> Self {
        match s {
            Side::Black => Player::Black,
            Side::White => Player::White,
        }
    }
}

/// Run `miai nko`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(Command::Table(t)) => table(&t),
        Some(Command::Verify(v)) => verify(&v),
        None => {
            let (Some(n), Some(m)) = (args.n, args.m) else {
                bail!("give n and m (e.g. `miai nko 50 17`), or a subcommand");
            };
            let state = State::from_signed(n, m, args.to_move.into())?;
            if args.passes {
                query_passes(state, &args.limits.limits(), args.json)
            } else {
                query(state, args.max_plies, args.json)
            }
        }
    }
}

fn query(state: State, max_plies: usize, json: bool) -> anyhow::Result<ExitCode> {
    let pv = principal_variation(state, max_plies);
    let out = Query::new(state, &pv);
    if json {
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        print!("{out}");
    }
    Ok(ExitCode::SUCCESS)
}

fn query_passes(state: State, limits: &Limits, json: bool) -> anyhow::Result<ExitCode> {
    let q = PassQuery::new(state, limits, Some(&ctrl_c()))?;
    if let Some(stop) = q.stopped {
        eprintln!("the brute force stopped ({stop}): the answer below is the seed's pass rule");
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&q.json())?);
    } else {
        print!("{q}");
    }
    Ok(exit_code(q.stopped.is_none()))
}

fn table(args: &TableArgs) -> anyhow::Result<ExitCode> {
    let max_n = args.max_n;
    let table = Table::new(max_n, args.passes).with_context(|| format!("--max-n {max_n}"))?;
    if args.json {
        // Streamed: the array for --max-n 10000 is some 8.5 GB.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        table.write_json(&mut out)?;
        writeln!(out)?;
        out.flush()?;
    }
    let side: Player = args.to_move.into();
    if let Some(path) = &args.svg {
        std::fs::write(path, table.svg(side)?)
            .with_context(|| format!("writing {}", path.display()))?;
        if !args.json {
            println!("wrote {}", path.display());
        }
    }
    if !args.json && args.svg.is_none() {
        print!("{}", table.text(side)?);
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let cells = sweep_cells(args.max_n).with_context(|| format!("--max-n {}", args.max_n))?;
    let bar = progress_bar(true, cells, "{bar:40} {pos}/{len} {msg}");
    let s = sweep(
        args.max_n,
        Rules::with_passes(args.passes),
        &args.limits.limits(),
        Some(&ctrl_c()),
        &mut |p| bar.set_message(progress_message(p)),
        &mut || bar.inc(1),
    )?;
    bar.finish_and_clear();
    print!("{s}");
    Ok(exit_code(s.holds()))
}
