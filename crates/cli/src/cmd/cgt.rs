//! `miai cgt`: evaluate a game expression and report its canonical form,
//! outcome, stops, mean and temperature; optionally cool, heat and draw the
//! thermograph.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use miai_cgt::{Dyadic, Game, parse};
use serde::Serialize;

/// How many integers `--cool` lists as confused with the cooled value.
const CONFUSED_LIMIT: u64 = 1000;

/// Arguments of `miai cgt`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  miai cgt \"{4|0} + {6|{4|0}} - 7\"\n  \
    miai cgt --file examples/cgt/seed002-race.cgt --cool 2\n  \
    miai cgt \"+-1\" --thermograph pm1.svg --json\n\n\
    Notation (CGSuite style): 3, -1/8, *, *2, ^, v, ^3, ^*, +-1 (or ±1), \
    {A,B|C,D}, {a||b|c}, sums and differences with parentheses.")]
pub struct Args {
    /// The game expression, e.g. "{4|0} + {6|{4|0}} - 7".
    #[arg(required_unless_present = "file", conflicts_with = "file")]
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
    /// Write the thermograph as SVG to this file (t upward, values reversed
    /// so the left wall is on the left, as CGSuite draws it).
    #[arg(long, value_name = "OUT.svg")]
    pub thermograph: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The report of `miai cgt --json` and of `/api/cgt`.
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    expression: String,
    canonical: Game,
    outcome: String,
    /// The outcome class in words ("the first player wins").
    outcome_words: String,
    left_stop: Dyadic,
    right_stop: Dyadic,
    mean: Dyadic,
    temperature: Dyadic,
    birthday: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    cooled: Option<Cooled>,
    #[serde(skip_serializing_if = "Option::is_none")]
    heated: Option<Heated>,
    thermograph: miai_cgt::Thermograph,
    #[serde(skip_serializing_if = "Option::is_none")]
    thermograph_svg: Option<PathBuf>,
}

#[derive(Debug, Serialize)]
struct Cooled {
    t: Dyadic,
    value: Game,
    is_number: bool,
    /// `None` when there are too many candidates to list.
    confused_with_integers: Option<Vec<i64>>,
}

#[derive(Debug, Serialize)]
struct Heated {
    t: Dyadic,
    value: Game,
}

fn outcome_words(o: miai_cgt::Outcome) -> &'static str {
    match o {
        miai_cgt::Outcome::L => "Left (Black) wins",
        miai_cgt::Outcome::R => "Right (White) wins",
        miai_cgt::Outcome::N => "the first player wins",
        miai_cgt::Outcome::P => "the second player wins",
    }
}

/// Runs `miai cgt`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (text, origin) = match (&args.expression, &args.file) {
        (Some(e), _) => (e.clone(), "the expression".to_string()),
        (None, Some(path)) => (
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?,
            path.display().to_string(),
        ),
        (None, None) => bail!("give an expression or --file"),
    };
    let (mut report, game) = analyse(&text, &origin, args.cool, args.heat)?;
    if let Some(path) = &args.thermograph {
        let svg = report.thermograph_svg();
        std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        report.thermograph_svg = Some(path.clone());
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_text(&report, game);
    }
    Ok(ExitCode::SUCCESS)
}

/// Parses `text` (from `origin`, named in errors) and computes the report:
/// canonical form, stops, mean, temperature, thermograph, and the game
/// cooled by `cool` and heated by `heat` when given. Shared by `miai cgt`
/// and `miai serve`'s `/api/cgt`.
pub(crate) fn analyse(
    text: &str,
    origin: &str,
    cool: Option<Dyadic>,
    heat: Option<Dyadic>,
) -> anyhow::Result<(Report, Game)> {
    let game = parse(text).map_err(|e| {
        let (line, column) = miai_cgt::parse::line_and_column(text, e.column());
        anyhow::Error::new(e).context(format!(
            "cannot parse the game in {origin} (line {line}, column {column})"
        ))
    })?;
    let (left_stop, right_stop) = game.stops();
    let thermograph = game.thermograph()?;
    let cooled = match cool {
        Some(t) => {
            let value = game.cool(t).with_context(|| format!("cooling by {t}"))?;
            Some(Cooled {
                t,
                value,
                is_number: value.is_number(),
                confused_with_integers: value.confused_integers(CONFUSED_LIMIT),
            })
        }
        None => None,
    };
    let heated = match heat {
        Some(t) => Some(Heated {
            t,
            value: game.heat(t).with_context(|| format!("heating by {t}"))?,
        }),
        None => None,
    };
    let report = Report {
        expression: text.trim().to_string(),
        canonical: game,
        outcome: game.outcome().to_string(),
        outcome_words: outcome_words(game.outcome()).to_string(),
        left_stop,
        right_stop,
        mean: thermograph.mean(),
        temperature: thermograph.temperature(),
        birthday: game.birthday()?,
        cooled,
        heated,
        thermograph,
        thermograph_svg: None,
    };
    Ok((report, game))
}

impl Report {
    /// The thermograph as an SVG document, titled with the canonical form.
    pub(crate) fn thermograph_svg(&self) -> String {
        self.thermograph.to_svg(&self.canonical.to_string())
    }
}

fn print_text(r: &Report, game: Game) {
    println!("expression:   {}", r.expression);
    println!("canonical:    {}", r.canonical);
    println!(
        "outcome:      {} ({})",
        r.outcome,
        outcome_words(game.outcome())
    );
    println!("stops:        left {}, right {}", r.left_stop, r.right_stop);
    println!("mean:         {}", r.mean);
    println!("temperature:  {}", r.temperature);
    println!("birthday:     {}", r.birthday);
    if let Some(c) = &r.cooled {
        println!("cooled by {}:  {}", c.t, c.value);
        println!("  number:     {}", if c.is_number { "yes" } else { "no" });
        match &c.confused_with_integers {
            Some(v) if v.is_empty() => println!("  confused with integers: none"),
            Some(v) => {
                let list: Vec<String> = v.iter().map(i64::to_string).collect();
                println!("  confused with integers: {}", list.join(", "));
            }
            None => println!(
                "  confused with integers: too many to list (stops {} and {})",
                c.value.left_stop(),
                c.value.right_stop()
            ),
        }
    }
    if let Some(h) = &r.heated {
        println!("heated by {}:  {}", h.t, h.value);
    }
    if let Some(p) = &r.thermograph_svg {
        println!("thermograph:  written to {}", p.display());
    }
}
