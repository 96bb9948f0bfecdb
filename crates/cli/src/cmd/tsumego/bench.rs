//! `miai tsumego bench PATH`: runs a problem set and reports how many
//! problems were solved, and how fast.
//!
//! Two kinds of set: a `.jsonl` file of book problems (one JSON object a
//! line: `AB`/`AW` stones in SGF coordinates, `SZ`, `C` "Black to play" /
//! "White to play", `SOL` the accepted first moves, `id`), posed and scored
//! by `miai_tsumego::bench` (its documentation has the posing ladder); or a
//! directory of problem files, each with an `expect:` header
//! (`attacker-first=<status> defender-first=<status>`, `-` for "not
//! stated"): every stated status must come out.

use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail};
use miai_search::{Cancel, Limits};
use miai_tsumego::bench::{
    BookProblem, Outcome, Posing, ProblemResult, run_book, run_file, summarise,
};
use miai_tsumego::{Problem, Regime};

use super::{load, regime};
use crate::search::{LimitArgs, ctrl_c, progress_bar};

/// Arguments of `miai tsumego bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// A `.jsonl` file of book problems, or a directory of problem files
    /// with `expect:` headers.
    path: PathBuf,
    /// Run only the first K problems.
    #[arg(long, value_name = "K")]
    limit: Option<usize>,
    /// Run only these problems (ids, or file names in a directory),
    /// separated by commas.
    #[arg(long, value_name = "ID,...", value_delimiter = ',')]
    ids: Vec<String>,
    /// Limits per problem, for all its analyses together (both posings,
    /// the accepted moves' checks): default 50,000,000 nodes and 10
    /// seconds (the time limit is meant to bind first), a 256 MiB table.
    #[command(flatten)]
    limits: LimitArgs,
    /// Repetition rules for the `.jsonl` problems (`seed` or `superko`);
    /// problem files use their own `rules` header.
    #[arg(long, value_name = "seed|superko")]
    rules: Option<String>,
    /// Seed rules: N for the `.jsonl` problems (problem files use their
    /// own `ko-threats` header).
    #[arg(long, value_name = "N")]
    ko_threats: Option<u8>,
    /// Open (framed) `.jsonl` problems: how far, in empty points, the region
    /// reaches from the defender's stones (the first line one step
    /// further).
    #[arg(long, value_name = "N", default_value_t = miai_tsumego::problem::DEFAULT_REACH)]
    reach: usize,
    /// Open `.jsonl` problems: the share of the time and node limits the
    /// frame at `--reach` gets; when its search is cut off, the frame one
    /// step narrower gets the rest (1: never narrow).
    #[arg(long, value_name = "FRACTION", default_value_t = 0.5)]
    narrow_after: f64,
    /// List every problem in the text output, not only the failures.
    #[arg(long)]
    verbose: bool,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

/// The default limits per problem.
const DEFAULTS: Limits = Limits {
    max_nodes: Some(50_000_000),
    max_time: Some(Duration::from_secs(10)),
    table_bytes: None,
};

/// One item of a set, before it is run.
enum Item {
    Book {
        id: String,
        line: usize,
        parsed: Result<BookProblem, String>,
    },
    File {
        id: String,
        path: PathBuf,
    },
}

impl Item {
    fn id(&self) -> &str {
        match self {
            Item::Book { id, .. } | Item::File { id, .. } => id,
        }
    }
}

/// Runs `miai tsumego bench`.
pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    let path = &args.path;
    if !path.exists() {
        bail!("{}: no such file or directory", path.display());
    }
    let (kind, mut items) = if path.is_dir() {
        ("directory", dir_items(path)?)
    } else {
        ("jsonl", jsonl_items(path)?)
    };
    let available = items.len();
    if !args.ids.is_empty() {
        let wanted: HashSet<&str> = args.ids.iter().map(|s| s.trim()).collect();
        let known: HashSet<String> = items.iter().map(|i| i.id().to_string()).collect();
        if let Some(missing) = wanted.iter().find(|w| !known.contains(**w)) {
            bail!("--ids: no problem {missing:?} in {}", path.display());
        }
        items.retain(|i| wanted.contains(i.id()));
    }
    if let Some(k) = args.limit {
        items.truncate(k);
    }
    if !(0.0..=1.0).contains(&args.narrow_after) {
        bail!(
            "--narrow-after {}: expected a share of the limits, 0 to 1",
            args.narrow_after
        );
    }
    if args.reach == 0 {
        bail!("--reach 0: expected at least 1 (empty points round the defender's stones)");
    }
    let limits = args.limits.or(DEFAULTS);
    let regime = book_regime(args.rules.as_deref(), args.ko_threats)?;
    let cancel = ctrl_c();
    let bar = progress_bar(
        true,
        items.len() as u64,
        "{spinner} {msg} [{bar:30}] {pos}/{len} problems {elapsed}",
    );
    let stream = !std::io::stderr().is_terminal();
    let mut results = Vec::with_capacity(items.len());
    for item in &items {
        bar.set_message(item.id().to_string());
        let started = Instant::now();
        let mut r = match item {
            Item::Book { id, line, parsed } => match parsed {
                Ok(p) => run_book(
                    id,
                    p,
                    Posing {
                        regime,
                        reach: args.reach,
                        wide_share: args.narrow_after,
                    },
                    limits,
                    &cancel,
                ),
                Err(e) => {
                    let mut r = ProblemResult::new(id.clone());
                    r.detail = Some(format!("line {line}: {e}"));
                    r
                }
            },
            Item::File { id, path } => file_result(id, path, limits, &cancel),
        };
        r.seconds = started.elapsed().as_secs_f64();
        if stream {
            // Off a terminal there is no progress bar: a line per problem.
            eprintln!(
                "{} {} {} {} nodes {:.3} s",
                r.id,
                r.outcome.word(),
                r.first_move.as_deref().unwrap_or("-"),
                r.nodes,
                r.seconds
            );
        }
        results.push(r);
        bar.inc(1);
        if cancel.is_cancelled() {
            break;
        }
    }
    bar.finish_and_clear();
    let report = summarise(
        path.display().to_string(),
        kind,
        available,
        cancel.is_cancelled(),
        limits,
        regime,
        results,
    );
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.text(args.verbose));
    }
    // A set in which every problem is an error measured nothing.
    let all_errors = report.problems > 0 && report.counts.errors == report.problems;
    Ok(if all_errors {
        ExitCode::from(crate::search::CUT_OFF)
    } else {
        ExitCode::SUCCESS
    })
}

fn book_regime(rules: Option<&str>, ko_threats: Option<u8>) -> anyhow::Result<Regime> {
    let n = ko_threats.map(|n| n.to_string());
    let regime = Regime::choose(rules, n.as_deref()).map_err(|e| anyhow!("--rules: {e}"))?;
    if regime == Regime::Superko && ko_threats.is_some() {
        bail!("--ko-threats applies to the seed rules only, not to superko");
    }
    Ok(regime)
}

/// The problem files of a directory (`.txt` and `.sgf`), by name.
fn dir_items(dir: &Path) -> anyhow::Result<Vec<Item>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| anyhow!("{}: cannot list the directory: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("txt") || e.eq_ignore_ascii_case("sgf"))
        })
        .collect();
    paths.sort();
    if paths.is_empty() {
        bail!("{}: no problem files (.txt, .sgf) in it", dir.display());
    }
    Ok(paths
        .into_iter()
        .map(|p| Item::File {
            id: p
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            path: p,
        })
        .collect())
}

/// The lines of a `.jsonl` set; a malformed line becomes an error item.
fn jsonl_items(path: &Path) -> anyhow::Result<Vec<Item>> {
    let text = crate::input::read(path)?;
    let mut items = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed: Result<BookProblem, String> =
            serde_json::from_str(line).map_err(|e| format!("not a problem object: {e}"));
        let id = match &parsed {
            Ok(BookProblem { id: Some(id), .. }) => id.clone(),
            _ => format!("line{}", i + 1),
        };
        items.push(Item::Book {
            id,
            line: i + 1,
            parsed,
        });
    }
    if items.is_empty() {
        bail!("{}: no problems in it", path.display());
    }
    Ok(items)
}

/// Checks a problem file's `expect:` header.
fn file_result(id: &str, path: &Path, limits: Limits, cancel: &Cancel) -> ProblemResult {
    let posed = || -> anyhow::Result<_> {
        let loaded = load(path, None)?;
        let expect = loaded
            .stated("expect")
            .map_err(|e| anyhow!("{}: {e}", path.display()))?
            .ok_or_else(|| anyhow!("{}: no `expect:` header", path.display()))?;
        let regime = regime(None, None, &loaded, &path.display().to_string())?;
        let problem = Problem::new(loaded.spec).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        Ok((problem, regime, expect))
    };
    match posed() {
        Ok((problem, regime, expect)) => {
            let mut r = run_file(id, &problem, regime, &expect, limits, cancel);
            if r.outcome == Outcome::Error
                && let Some(d) = &mut r.detail
            {
                *d = format!("{}: {d}", path.display());
            }
            r
        }
        Err(e) => {
            let mut r = ProblemResult::new(id.to_string());
            r.detail = Some(e.to_string());
            r
        }
    }
}
