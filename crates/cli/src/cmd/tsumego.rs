//! `miai tsumego`: life and death under repetition (seed 003, issue 7).
//!
//! `miai tsumego FILE` poses a problem file (headers and a diagram, see
//! `miai_tsumego::problem::file`) or an SGF file and analyses it with the
//! attacker and with the defender moving first; `miai tsumego bench PATH`
//! runs a problem set (see [`mod@bench`]).

mod bench;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail};
use clap::Subcommand;
use miai_goban::{Color, Graph, Rules, Setup, Vertex, sgf};
use miai_tsumego::problem::file::{self, RulesError};
use miai_tsumego::report::Source;
use miai_tsumego::solution;
use miai_tsumego::{
    DEFAULT_LIMITS, Knowledge, Options, Problem, ProblemSpec, Regime, Report, Side,
};

use crate::search::{LimitArgs, Spinner, ctrl_c, exit_code};

/// Arguments of `miai tsumego`.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  miai tsumego problem.txt\n  \
    miai tsumego problem.sgf --first attacker --all-moves\n  \
    miai tsumego game.sgf --move 120 --region A1,B1,A2\n  \
    miai tsumego problem.txt --rules superko --json\n  \
    miai tsumego bench problems.jsonl --limit 100\n\n\
    Problem files: `key: value` headers (attacker, to-move, ko, region, target, \
    tenuki, board, rules, ko-threats), then `diagram:` and the rows of a \
    diagram; a bare diagram is read too. Flags override the headers."
)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    solve: SolveArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs a problem set: a `.jsonl` file of book problems (fields AB, AW,
    /// SZ, C, SOL, id) or a directory of problem files with `expect:`
    /// headers; prints solved / wrong / unproven counts and time
    /// percentiles.
    Bench(bench::BenchArgs),
}

/// Both cores on one query (`Options::split`), for `miai tsumego` and its
/// bench.
#[derive(Debug, Clone, Copy, clap::Args)]
pub(crate) struct SplitArgs {
    /// Both cores on one query: a query still open after its first
    /// `--split-after` nodes is searched by two threads on one shared
    /// transposition table (`--max-nodes` counts both threads' nodes,
    /// whose counts then vary from run to run; `miai tsumego` shows the
    /// threads' statistics, in its text and its JSON).
    #[arg(long)]
    split: bool,
    /// With `--split`: the nodes a query is searched alone before the
    /// second thread joins it.
    #[arg(long, value_name = "N", requires = "split", default_value_t = miai_tsumego::Split::AFTER)]
    split_after: u64,
    /// With `--split`: what the second thread does (`virtual`: Kaneko's
    /// virtual proof numbers, measured worse; `no-helper`: none, the
    /// first thread goes on alone on the shared table — what the table
    /// costs; for measurements).
    #[arg(long, value_enum, requires = "split", default_value_t = SplitHelperArg::Plain)]
    split_helper: SplitHelperArg,
}

/// The recognisers of an analysis (`Options`' knowledge), for `miai
/// tsumego` and its bench.
#[derive(Debug, Clone, Copy, clap::Args)]
pub(crate) struct KnowledgeArgs {
    /// Static knowledge switched on or off, for comparisons: names
    /// separated by commas, each switched off with `no-` in front
    /// (`no-room-connect`, `safety,no-room-pair`). The names: `eye-shapes`
    /// (known eye shapes; off, the plain search), `eye-regions` (two small
    /// enclosed regions make life; off by default), `room` (no room for
    /// two eyes), `room-pair` (two inner points), `room-connect` (the
    /// attacker's placements joined first), `room-join-one` (a placement
    /// with one joining point, the attacker to move), `room-capture` (a lone
    /// placement in atari whose capture leaves the pair; off by default),
    /// `safety` (Benson over miai
    /// pairs; off by default), `life` (small regions the defender answers
    /// in; off by default), `life-zones` (relevance zones in the life
    /// queries: the attacker's replies off the defender's answer to its
    /// pass left out; off by default). Proven answers do not depend on them; node
    /// counts and times do.
    #[arg(long, value_name = "LIST", value_parser = parse_knowledge)]
    knowledge: Option<Knowledge>,
}

impl KnowledgeArgs {
    /// The analyses' knowledge (the library's defaults when not given).
    pub(crate) fn knowledge(&self) -> Knowledge {
        self.knowledge.unwrap_or_default()
    }
}

fn parse_knowledge(list: &str) -> Result<Knowledge, String> {
    Knowledge::parse(list)
}

/// [`miai_tsumego::SplitHelper`] on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SplitHelperArg {
    Plain,
    Virtual,
    NoHelper,
}

impl SplitArgs {
    /// The analyses' [`Options::split`].
    pub(crate) fn split(&self) -> Option<miai_tsumego::Split> {
        self.split.then_some(miai_tsumego::Split {
            after: self.split_after,
            helper: match self.split_helper {
                SplitHelperArg::Plain => miai_tsumego::SplitHelper::Plain,
                SplitHelperArg::Virtual => miai_tsumego::SplitHelper::Virtual,
                SplitHelperArg::NoHelper => miai_tsumego::SplitHelper::NoHelper,
            },
        })
    }
}

/// Which side moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum First {
    /// The attacker moves first.
    Attacker,
    /// The defender moves first.
    Defender,
    /// Both analyses.
    Both,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// The problem: a problem file (headers and a diagram, or a bare
    /// diagram) or an SGF file (`.sgf`: AB/AW setup, SZ, PL; a game record,
    /// moves without setup stones, gives the position at the end of its
    /// main line).
    #[arg(required = true)]
    file: Option<PathBuf>,
    /// SGF: the position after the first N moves of the main line (a game
    /// record, or a problem's answer played out), as `miai board` plays it.
    #[arg(long = "move", value_name = "N")]
    move_number: Option<usize>,
    /// The player to move (binds a `--ko` ban to it).
    #[arg(long, value_name = "B|W", value_parser = parse_color)]
    to_play: Option<Color>,
    /// Who moves first in the analysis.
    #[arg(long, value_enum, default_value_t = First::Both)]
    first: First,
    /// The attacking colour (inferred when not given).
    #[arg(long, value_name = "B|W", value_parser = parse_color)]
    attacker: Option<Color>,
    /// The region in play: points separated by commas or spaces (inferred
    /// when not given).
    #[arg(long, value_name = "PTS")]
    region: Option<String>,
    /// An inferred open problem's tsumego frame: how far, in empty points,
    /// the region reaches from the defender's stones (the first line one
    /// step further).
    #[arg(long, value_name = "N")]
    reach: Option<usize>,
    /// An inferred open problem with the defender to play: no frame stone on
    /// a liberty of an empty point the attacker's stones otherwise surround
    /// (that point is put in play, the frame goes one step further) — for a
    /// life the frame turns into a ko (the bench retries such kos so).
    #[arg(long)]
    room: bool,
    /// An inferred open problem with the attacker to play: exit points —
    /// the frame's points towards the open board are left empty and in
    /// play, and the defender's group lives by reaching one (escapes).
    #[arg(long)]
    exits: bool,
    /// The target: points of the defender's chains to capture (default:
    /// every defender stone in the region).
    #[arg(long, value_name = "PTS")]
    target: Option<String>,
    /// A point the player to move may not play now (a ko just taken), or
    /// `none`.
    #[arg(long, value_name = "PT")]
    ko: Option<String>,
    /// Seed rules: the seed's N, which counts tenukis, not ko threats: the
    /// ko-disadvantaged side must tenuki N times (each a free move for the
    /// other side) before it may retake kos at will. The report's "ko
    /// threats" line counts external ko threats instead (GoTools' sense:
    /// each lets a side retake a ko at once and is used up), searched from
    /// none upward. N = 0 is not "no threats": with no tenuki owed, both
    /// sides may retake every ko at once, and the endless ko counts as the
    /// attacker's failure (a defender that lives only by retaking a ko
    /// comes out seki or alive; docs/tsumego.md, "N = 0 is not 'no
    /// threats'").
    #[arg(long, value_name = "N")]
    ko_threats: Option<u8>,
    /// Repetition rules: `seed` (the seed's Japanese-style rules), `book`
    /// (the seed's rules, the attacker free to pass until the defender
    /// answers a pass: a kill as problem books read it) or `superko`
    /// (positional superko).
    #[arg(long, value_name = "seed|book|superko")]
    rules: Option<String>,
    /// Also list every correct first move.
    #[arg(long)]
    all_moves: bool,
    /// Book rules: keep each side's external ko threats after the
    /// defender answers the attacker's pass (by default they are gone
    /// then, as in the Japanese ruling that makes a bent four in the
    /// corner dead: the attacker removes them before it starts the ko).
    #[arg(long)]
    no_book_stop: bool,
    #[command(flatten)]
    split: SplitArgs,
    #[command(flatten)]
    knowledge: KnowledgeArgs,
    /// Limits of one analysis (default: 20,000,000 nodes, no time limit,
    /// a 256 MiB table). The node limit bounds each proof; drawing a
    /// proven result's line starts a node count of its own (so an
    /// analysis may report up to about twice the limit), while the time
    /// limit holds for the whole analysis.
    #[command(flatten)]
    limits: LimitArgs,
    /// JSON output.
    #[arg(long)]
    json: bool,
    /// Also write the solution as SGF to this file: the problem, every
    /// correct first move with its main line, the refutations of the most
    /// tempting wrong moves, statuses in comments, lines cut where the
    /// status is settled (`miai_tsumego::solution`). For the player to move
    /// (or `--first attacker|defender`).
    #[arg(long, value_name = "OUT.sgf")]
    sgf_out: Option<PathBuf>,
}

/// Runs `miai tsumego`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(Command::Bench(b)) => bench::run(b),
        None => solve(args.solve),
    }
}

fn parse_color(s: &str) -> Result<Color, String> {
    Color::from_name(s).ok_or_else(|| format!("{s:?}: expected B, W, black or white"))
}

/// A problem read from a file, before the command-line overrides.
struct Loaded {
    spec: ProblemSpec,
    /// The problem file, when it was one (an SGF file has no headers).
    file: Option<file::ProblemFile>,
}

impl Loaded {
    fn header(&self, key: &str) -> Option<&str> {
        self.file.as_ref()?.header(key)
    }

    /// The statuses a header states (see `ProblemFile::stated`).
    fn stated(&self, key: &str) -> Result<Option<file::Stated>, file::FileError> {
        match &self.file {
            Some(f) => f.stated(key),
            None => Ok(None),
        }
    }
}

/// Reads a problem file or, for `.sgf`, the setup of an SGF file (see
/// [`sgf_problem`]; `move_number` is its `--move`).
fn load(path: &Path, move_number: Option<usize>) -> anyhow::Result<Loaded> {
    let text = crate::input::read(path)?;
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if is_sgf {
        let record = sgf::read(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let setup =
            sgf_problem(record, move_number).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        Ok(Loaded {
            spec: ProblemSpec::new(setup),
            file: None,
        })
    } else {
        if move_number.is_some() {
            bail!("--move applies to SGF files only");
        }
        let f = file::parse(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        Ok(Loaded {
            spec: f.spec.clone(),
            file: Some(f),
        })
    }
}

/// Whether the main line before its first move places no stone (a game
/// record, not a problem).
fn has_no_setup_stones(record: &sgf::Record) -> bool {
    record
        .main_line()
        .iter()
        .take_while(|n| n.mv.is_none())
        .all(|n| n.setup.iter().all(|(_, c)| c.is_none()))
}

/// The position an SGF file poses: with `--move N`, the main line played
/// up to its N-th move; a game record (moves, no setup stones before them)
/// played to the end of its main line; otherwise the problem's setup
/// (`Record::setup_before_moves`: the moves are the book's answer).
fn sgf_problem(mut record: sgf::Record, move_number: Option<usize>) -> anyhow::Result<Setup> {
    let moves = record.main_line().iter().filter(|n| n.mv.is_some()).count();
    let upto = match move_number {
        Some(n) if n > moves => {
            bail!("--move {n}: the main line has {moves} moves")
        }
        Some(n) => n,
        None if moves > 0 && has_no_setup_stones(&record) => moves,
        None => return Ok(record.setup_before_moves()),
    };
    // Cut the main line after its `upto`-th move, then replay it.
    let depth = {
        let line = record.main_line();
        let mut played = usize::from(line[0].mv.is_some());
        let mut depth = 0;
        while played < upto && depth + 1 < line.len() {
            depth += 1;
            played += usize::from(line[depth].mv.is_some());
        }
        depth
    };
    let mut node = &mut record.root;
    for _ in 0..depth {
        // The main line has a first child down to `depth`.
        node = &mut node.children[0];
    }
    node.children.clear();
    let (game, _) = record.replay(Rules::chinese())?;
    Ok(game.position().to_setup())
}

/// Points separated by commas or white space, on `graph`.
fn parse_points(graph: &Graph, text: &str, what: &str) -> anyhow::Result<Vec<Vertex>> {
    let out = miai_tsumego::problem::file::parse_points(graph, text)
        .map_err(|(p, e)| anyhow!("{what}: bad point {p:?}: {e}"))?;
    if out.is_empty() {
        bail!("{what}: no points given");
    }
    Ok(out)
}

/// The rules: the flags, else the file's `rules` and `ko-threats`
/// headers, else the seed rules with the default N.
fn regime(
    rules: Option<&str>,
    ko_threats: Option<u8>,
    loaded: &Loaded,
    origin: &str,
) -> anyhow::Result<Regime> {
    file::choose_regime(rules, ko_threats, loaded.file.as_ref()).map_err(|e| match e {
        RulesError::Given(e) => anyhow!("--rules: {e}"),
        RulesError::Header { .. } => anyhow!("{origin}: {e}"),
        RulesError::KoThreatsUnderSuperko => {
            anyhow!("--ko-threats applies to the seed rules only, not to superko")
        }
    })
}

fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let Some(path) = args.file.clone() else {
        bail!("give a problem FILE (or `bench PATH`)");
    };
    let loaded = load(&path, args.move_number)?;
    let regime = regime(
        args.rules.as_deref(),
        args.ko_threats,
        &loaded,
        &path.display().to_string(),
    )?;
    let name = loaded.header("name").map(str::to_string);
    let mut spec = loaded.spec;
    let graph = spec.setup.graph.clone();
    if let Some(c) = args.to_play {
        spec.setup.to_move = c;
    }
    if let Some(c) = args.attacker {
        spec.attacker = Some(c);
    }
    if let Some(r) = &args.region {
        spec.region = Some(parse_points(&graph, r, "--region")?);
    }
    if let Some(r) = args.reach {
        spec.reach = r;
    }
    spec.room |= args.room;
    spec.exits |= args.exits;
    if let Some(t) = &args.target {
        spec.targets = Some(parse_points(&graph, t, "--target")?);
    }
    if let Some(k) = &args.ko {
        spec.setup.ko = match k.trim() {
            "none" | "-" => None,
            p => Some(
                graph
                    .parse_vertex(p)
                    .map_err(|e| anyhow!("--ko: bad point {p:?}: {e}"))?,
            ),
        };
    }
    let to_play = spec.setup.to_move;
    let problem = Problem::new(spec).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if args.exits && problem.exits().is_empty() {
        eprintln!(
            "note: --exits found no exit point (they are made only in an inferred frame, \
             with the attacker to play, where a frame point has room towards the open board)"
        );
    }
    let mut options = Options {
        regime,
        limits: args.limits.or(DEFAULT_LIMITS),
        all_moves: args.all_moves,
        book_stop: !args.no_book_stop,
        split: args.split.split(),
        ..Options::default()
    };
    args.knowledge.knowledge().apply(&mut options);
    let sides: &[Side] = match args.first {
        First::Attacker => &[Side::Attacker],
        First::Defender => &[Side::Defender],
        First::Both => &[Side::Attacker, Side::Defender],
    };
    let source = Source {
        file: path.display().to_string(),
        name,
        to_play,
    };
    // One spinner per first player, while its analysis runs.
    let mut spinner: Option<(Side, Spinner)> = None;
    let report = Report::run(
        source,
        &problem,
        sides,
        &options,
        &ctrl_c(),
        &mut |side, p| {
            if spinner.as_ref().map(|s| s.0) != Some(side) {
                if let Some((_, s)) = spinner.take() {
                    s.finish();
                }
                spinner = Some((side, Spinner::new(&format!("{side} first"), true)));
            }
            if let Some((_, s)) = &spinner {
                s.update(&p);
            }
        },
    );
    if let Some((_, s)) = spinner {
        s.finish();
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{report}");
    }
    let mut proven = report.all_proven();
    if let Some(out) = &args.sgf_out {
        let first = match args.first {
            First::Attacker => Side::Attacker,
            First::Defender => Side::Defender,
            First::Both => problem.side_of(to_play),
        };
        let spinner = Spinner::new("solution tree", true);
        let (tree, text) = solution::solution_sgf(
            &problem,
            first,
            report.name.as_deref(),
            &options,
            &solution::TreeOptions::default(),
            Some(ctrl_c()),
        )
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        spinner.finish();
        std::fs::write(out, text).map_err(|e| anyhow!("{}: {e}", out.display()))?;
        proven &= tree.stopped.is_none();
        eprintln!(
            "wrote the solution ({} lines) to {}",
            tree.lines.len(),
            out.display()
        );
    }
    Ok(exit_code(proven))
}
