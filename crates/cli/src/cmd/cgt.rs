//! `miai cgt`: evaluate a game expression and report its canonical form,
//! outcome, stops, mean and temperature; optionally cool, heat and draw the
//! thermograph.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use miai_cgt::report::analyse_detailed;
use miai_cgt::{Dyadic, Evaluator};
use miai_search::Limits;

use crate::search::LimitArgs;

/// Arguments of `miai cgt`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  miai cgt \"{4|0} + {6|{4|0}} - 7\"\n  \
    miai cgt --file examples/cgt/seed002-race.cgt --cool 2\n  \
    miai cgt \"+-1\" --thermograph pm1.svg --json\n  \
    miai cgt \"-{2|1}\"              (a leading minus needs no --)\n  \
    miai cgt \"{^2|v}\" --all        (options, incentives, reduced form, atomic weight)\n\n\
    Notation (CGSuite style): 3, -1/8, 2.5 (dyadic decimals only), *, *2, ^, v, ^3, ^*, +-1 (or ±1), \
    {A,B|C,D}, {a||b|c}, sums and differences with parentheses.")]
pub struct Args {
    /// The game expression, e.g. "{4|0} + {6|{4|0}} - 7"; it may start
    /// with a minus ("-{2|1}", "-1/2*").
    #[arg(
        required_unless_present = "file",
        conflicts_with = "file",
        allow_hyphen_values = true
    )]
    pub expression: Option<String>,
    /// Read the expression from this file instead.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Also cool the game by T (a dyadic number >= 0, e.g. 2 or 1/2) and say
    /// whether the result is a number and which integers it is confused with.
    #[arg(long, value_name = "T")]
    pub cool: Option<Dyadic>,
    /// Also heat the game by T (>= 0).
    #[arg(long, value_name = "T")]
    pub heat: Option<Dyadic>,
    /// Also list the canonical form's Left and Right options and
    /// incentives, its reduced canonical form and its atomic weight (for
    /// all-small games; otherwise it says "not defined").
    #[arg(long)]
    pub all: bool,
    /// Write the thermograph as SVG to this file (t upward, values reversed
    /// so the left wall is on the left, as CGSuite draws it).
    #[arg(long, value_name = "OUT.svg")]
    pub thermograph: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Node (canonicalisation and comparison steps), time and memory limits
    /// (`--table-mb`: how much the store of games may grow; default 2048).
    /// Cut off: a message, exit code 1.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Memory ceiling of `miai cgt` when `--table-mb` is not given: the store of
/// canonical forms and its caches may grow by this much (the CLI sets no
/// node or time limit by default).
pub const DEFAULT_TABLE_BYTES: usize = 2 << 30;

/// Runs `miai cgt`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (text, origin) = match (&args.expression, &args.file) {
        (Some(e), _) => (e.clone(), "the expression".to_string()),
        (None, Some(path)) => (crate::input::read(path)?, path.display().to_string()),
        (None, None) => bail!("give an expression or --file"),
    };
    let limits = args
        .limits
        .or(Limits::default().with_table_bytes(DEFAULT_TABLE_BYTES));
    let cancel = crate::search::ctrl_c();
    let eval = Evaluator::new(&limits, Some(&cancel));
    let analysed = analyse_detailed(&text, &origin, args.cool, args.heat, args.all, &eval);
    let mut report = match analysed {
        Ok(r) => r,
        Err(e) => match e.stop() {
            Some(stop) => {
                eprintln!("miai cgt: cut off ({stop}): {}", describe(&limits));
                return Ok(crate::search::exit_code(false));
            }
            None => return Err(e.into()),
        },
    };
    if let Some(path) = &args.thermograph {
        let svg = report.thermograph_svg();
        std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        report.thermograph_svg = Some(path.clone());
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{report}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The limits in words, for the cut-off message.
fn describe(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(n) = limits.max_nodes {
        parts.push(format!("--max-nodes {n}"));
    }
    if let Some(t) = limits.max_time {
        parts.push(format!("--time {}", t.as_secs_f64()));
    }
    if let Some(b) = limits.table_bytes {
        parts.push(format!("--table-mb {}", b as f64 / (1 << 20) as f64));
    }
    format!("limits {}; raise them to go further", parts.join(", "))
}
