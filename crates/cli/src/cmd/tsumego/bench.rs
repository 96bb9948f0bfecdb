//! `miai tsumego bench PATH`: runs a problem set and reports how many
//! problems were solved, and how fast.
//!
//! Two kinds of set: a `.jsonl` file of book problems (one JSON object a
//! line: `AB`/`AW` stones in SGF coordinates, `SZ`, `C` "Black to play" /
//! "White to play", `SOL` the accepted first moves, `id`), posed and scored
//! by `miai_tsumego::bench` (its documentation has the posing ladder; a line
//! with a `goal` is a status problem, posed as stated); or a directory of
//! problem files and SGF files: a file with an `expect:` header
//! (`attacker-first=<status> defender-first=<status>`, `-` for "not
//! stated") must give every stated status; a file without one states a
//! goal for the side to play (a `goal:` header, or an SGF root comment
//! such as "Black to kill" or "White to live: fails") and is scored as a
//! status problem (`docs/tsumego.md` has the format).

use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail};
use miai_goban::{Mark, Move, sgf};
use miai_search::{Cancel, Limits};
use miai_tsumego::bench::{
    BookProblem, Exits, Goal, Outcome, Posing, ProblemResult, StatusProblem, run_book, run_file,
    run_status, summarise,
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
    /// The node budget bounds the proofs; drawing a proven result's line
    /// counts its nodes apart (a problem's total may pass `--max-nodes`),
    /// the time limit holds for the whole problem.
    #[command(flatten)]
    limits: LimitArgs,
    /// Repetition rules for the `.jsonl` problems and the status problems
    /// (default `book`: the seed's rules with the attacker free to pass
    /// until the defender answers a pass, the way problem books read a
    /// kill; `seed`; `superko`); problem files with `expect:` use their
    /// own `rules` header. Under `book` the seed's reading is reported too
    /// where it differs.
    #[arg(long, value_name = "book|seed|superko")]
    rules: Option<String>,
    /// Seed rules: N for the `.jsonl` problems (problem files use their
    /// own `ko-threats` header). N counts tenukis, not ko threats; it
    /// scores kos only with `--threat-search 0`.
    #[arg(long, value_name = "N")]
    ko_threats: Option<u8>,
    /// How kos are scored (`.jsonl` and status problems): with GoTools-style
    /// ko-threat counts, up to this many external threats — the side to
    /// play succeeds ("strict") when it wins with no ko threats on either
    /// side, and wins a ko when it needs threats (each lets it retake a ko
    /// at once and is used up; the fewest are reported); its first move is
    /// the one that wins with the fewest threats. 0: the seed's N model
    /// (`--ko-threats`); at N = 0 a life that holds only by retaking a ko
    /// at once for ever is asked again without threats and scored a ko.
    #[arg(long, value_name = "T", default_value_t = Posing::DEFAULT_THREAT_SEARCH)]
    threat_search: u8,
    /// Open (framed) `.jsonl` problems: how far, in empty points, the region
    /// reaches from the defender's stones (the first line one step
    /// further).
    #[arg(long, value_name = "N", default_value_t = miai_tsumego::problem::DEFAULT_REACH)]
    reach: usize,
    /// Open `.jsonl` problems: the share of the time and node limits the
    /// frame at `--reach` gets; when its search is cut off (or its
    /// opponent's threat count is), the frame one step narrower gets the
    /// rest and the better answer is kept (1: never narrow).
    #[arg(long, value_name = "FRACTION", default_value_t = 0.25)]
    narrow_after: f64,
    /// Book rules: keep the ko threats after the defender answers the
    /// attacker's pass (by default the stop clears both sides' threats
    /// then, as in the Japanese ruling that makes a bent four in the
    /// corner dead; as `miai tsumego --no-book-stop`).
    #[arg(long)]
    no_book_stop: bool,
    /// Problems run at once, one thread each (each with its own limits
    /// and table, so memory grows with it: up to `--table-mb` per job).
    /// Results are reported in the set's order; off a terminal the line
    /// of each problem is streamed as it finishes.
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// Threads per problem: with 2, an open problem's narrower frame is
    /// searched beside the wide one from the start, to the time limit (so
    /// a time limit per problem uses two cores). A run bound by
    /// `--max-nodes` gives the same answers whatever the threads.
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=2))]
    threads: u16,
    /// `--split` (independent of `--threads`: a second thread per
    /// problem, or a third beside `--threads 2`).
    #[command(flatten)]
    split: super::SplitArgs,
    #[command(flatten)]
    knowledge: super::KnowledgeArgs,
    /// Open `.jsonl` kill problems: exit points in the frame (`off`; `always`:
    /// the frame's points towards the open board are left empty and in
    /// play, and the defender's group lives by reaching one; `recheck`: only
    /// a wrong kill is posed again so, to tell the frame's artefacts from
    /// the book's differences; it can only move a wrong answer, so totals
    /// with it lean to the book).
    #[arg(long, value_enum, default_value_t = ExitsArg::Off)]
    exits: ExitsArg,
    /// List every problem in the text output, not only the failures.
    #[arg(long)]
    verbose: bool,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

/// `--exits`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ExitsArg {
    Off,
    Always,
    Recheck,
}

impl From<ExitsArg> for Exits {
    fn from(e: ExitsArg) -> Exits {
        match e {
            ExitsArg::Off => Exits::Off,
            ExitsArg::Always => Exits::Always,
            ExitsArg::Recheck => Exits::Recheck,
        }
    }
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
    let posing = Posing {
        regime,
        reach: args.reach,
        wide_share: args.narrow_after,
        threat_search: args.threat_search,
        threads: usize::from(args.threads),
        book_stop: !args.no_book_stop,
        split: args.split.split(),
        exits: args.exits.into(),
        knowledge: args.knowledge.knowledge(),
    };
    let jobs = usize::from(args.jobs).min(items.len()).max(1);
    // Problems are handed out in order; each runs on one thread with its
    // own budget and table, and its result lands in its slot.
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<ProblemResult>>> = Mutex::new(vec![None; items.len()]);
    let work = || {
        loop {
            if cancel.is_cancelled() {
                break;
            }
            let i = next.fetch_add(1, AtomicOrdering::Relaxed);
            let Some(item) = items.get(i) else { break };
            if jobs == 1 {
                bar.set_message(item.id().to_string());
            }
            let started = Instant::now();
            let mut r = run_item(item, posing, limits, &cancel);
            r.seconds = started.elapsed().as_secs_f64();
            if stream {
                // Off a terminal there is no progress bar: a line per
                // problem, as it finishes.
                eprintln!("{}", stream_line(&r));
            }
            bar.inc(1);
            if let Ok(mut s) = slots.lock() {
                s[i] = Some(r);
            }
        }
    };
    if jobs == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                scope.spawn(work);
            }
        });
    }
    // In the set's order; problems not run (cancelled) are left out.
    let results: Vec<ProblemResult> = slots
        .into_inner()
        .map_err(|_| anyhow!("a bench thread panicked"))?
        .into_iter()
        .flatten()
        .collect();
    bar.finish_and_clear();
    let report = summarise(
        path.display().to_string(),
        kind,
        available,
        cancel.is_cancelled(),
        limits,
        regime,
        args.threat_search,
        !args.no_book_stop,
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

/// Runs one item of the set (its time is the caller's to set).
fn run_item(item: &Item, posing: Posing, limits: Limits, cancel: &Cancel) -> ProblemResult {
    match item {
        Item::Book { id, line, parsed } => match parsed {
            Ok(p) => run_book(id, p, posing, limits, cancel),
            Err(e) => {
                let mut r = ProblemResult::new(id.clone());
                r.detail = Some(format!("line {line}: {e}"));
                r
            }
        },
        Item::File { id, path } => file_result(id, path, posing, limits, cancel),
    }
}

/// The line streamed for a problem off a terminal.
fn stream_line(r: &ProblemResult) -> String {
    format!(
        "{} {}{} {} {} nodes {:.3} s{}",
        r.id,
        r.outcome.word(),
        r.ko_threats
            .filter(|&t| t > 0)
            .map(|t| format!(" ({t} threat{})", if t == 1 { "" } else { "s" }))
            .unwrap_or_default(),
        r.first_move.as_deref().unwrap_or("-"),
        r.nodes,
        r.seconds,
        r.seed_status
            .as_deref()
            .map(|s| format!(
                " (book {}; seed rules {s})",
                r.status.as_deref().unwrap_or("-")
            ))
            .unwrap_or_default()
    )
}

/// The bench's regime: `--rules`, default the book regime.
fn book_regime(rules: Option<&str>, ko_threats: Option<u8>) -> anyhow::Result<Regime> {
    let n = ko_threats.map(|n| n.to_string());
    let regime = Regime::choose(Some(rules.unwrap_or("book")), n.as_deref())
        .map_err(|e| anyhow!("--rules: {e}"))?;
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

/// The status problem a file states when it has no `expect:` header: a
/// `goal:` header (`kill`, `live`, or a phrase such as `White to live:
/// fails`; `fails: yes` too) for a problem file, the root comment for an
/// SGF file (the region: the root's squares, `SQ`; the accepted first
/// move: the main line's first), with the side to play as the file gives
/// it.
fn stated_goal(path: &Path, loaded: &super::Loaded) -> anyhow::Result<StatusProblem> {
    let no_goal = || {
        anyhow!(
            "{}: neither an `expect:` header nor a goal (a `goal:` header, or an SGF comment \
             such as \"Black to kill\")",
            path.display()
        )
    };
    let setup = loaded.spec.setup.clone();
    let (goal, fails, region, sol) = if let Some(f) = &loaded.file {
        let g = f.header("goal").ok_or_else(no_goal)?;
        let (goal, fails) = match Goal::from_comment(g) {
            Some((color, goal, fails)) => {
                if color != setup.to_move {
                    bail!(
                        "{}: goal {g:?}: the problem has {} to play",
                        path.display(),
                        setup.to_move
                    );
                }
                (goal, fails)
            }
            None => (
                Goal::parse(g).map_err(|e| anyhow!("{}: {e}", path.display()))?,
                false,
            ),
        };
        let fails = fails
            || f.header("fails")
                .is_some_and(|v| matches!(v.trim(), "yes" | "true"));
        (goal, fails, loaded.spec.region.clone(), Vec::new())
    } else {
        let text = crate::input::read(path)?;
        let record = sgf::read(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let comment = record.root.comment.as_deref().unwrap_or("");
        let (color, goal, fails) = Goal::from_comment(comment).ok_or_else(no_goal)?;
        if color != setup.to_move {
            bail!(
                "{}: the comment says {color} to {}, but {} is to play (PL)",
                path.display(),
                if goal == Goal::Kill { "kill" } else { "live" },
                setup.to_move
            );
        }
        let region: Vec<_> = record
            .root
            .marks
            .iter()
            .filter(|(_, m)| *m == Mark::Square)
            .map(|&(v, _)| v)
            .collect();
        let sol = record
            .main_line()
            .iter()
            .find_map(|n| match n.mv {
                Some((c, Move::Play(v))) if c == setup.to_move => Some(v),
                _ => None,
            })
            .into_iter()
            .collect();
        (goal, fails, (!region.is_empty()).then_some(region), sol)
    };
    Ok(StatusProblem {
        setup,
        goal,
        fails,
        region,
        sol,
    })
}

/// Checks a problem file's `expect:` header or, without one, scores the
/// status problem it states (see [`stated_goal`]).
fn file_result(
    id: &str,
    path: &Path,
    posing: Posing,
    limits: Limits,
    cancel: &Cancel,
) -> ProblemResult {
    let posed = || -> anyhow::Result<_> {
        let loaded = load(path, None)?;
        let Some(expect) = loaded
            .stated("expect")
            .map_err(|e| anyhow!("{}: {e}", path.display()))?
        else {
            let status = stated_goal(path, &loaded)?;
            // A problem file's own rules, else the bench's.
            let regime = if loaded.header("rules").is_some() {
                regime(None, None, &loaded, &path.display().to_string())?
            } else {
                posing.regime
            };
            return Ok(Err((status, regime)));
        };
        let regime = regime(None, None, &loaded, &path.display().to_string())?;
        let problem = Problem::new(loaded.spec).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        Ok(Ok((problem, regime, expect)))
    };
    match posed() {
        Ok(Err((status, regime))) => {
            let mut r = run_status(id, &status, Posing { regime, ..posing }, limits, cancel);
            if r.outcome == Outcome::Error
                && let Some(d) = &mut r.detail
            {
                *d = format!("{}: {d}", path.display());
            }
            r
        }
        Ok(Ok((problem, regime, expect))) => {
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
