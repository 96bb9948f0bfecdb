//! `miai tsumego`: life and death under repetition (seed 003, issue 7).
//!
//! `miai tsumego FILE` poses a problem file (headers and a diagram, see
//! `miai_tsumego::problem::file`) or an SGF file and analyses it with the
//! attacker and with the defender moving first; `miai tsumego bench PATH`
//! runs a problem set (see [`bench`]).

mod bench;

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context as _, anyhow, bail};
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use miai_goban::graph::GTP_LETTERS;
use miai_goban::{Color, Graph, Move, Position, Repetition, Rules, Setup, Suicide, Vertex, sgf};
use miai_tsumego::problem::file;
use miai_tsumego::{
    Analysis, Cancel, Limits, Mv, Options, Outcome, Problem, ProblemSpec, Progress, Regime,
    RegimeError, RegionKind, Side, Status, analyse,
};
use serde::Serialize;

/// Arguments of `miai tsumego`.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  miai tsumego problem.txt\n  \
    miai tsumego problem.sgf --first attacker --all-moves\n  \
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

/// Which side moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum First {
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
    /// diagram) or an SGF file (`.sgf`: AB/AW setup, SZ, PL).
    #[arg(required = true)]
    file: Option<PathBuf>,
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
    /// The target: points of the defender's chains to capture (default:
    /// every defender stone in the region).
    #[arg(long, value_name = "PTS")]
    target: Option<String>,
    /// A point the player to move may not play now (a ko just taken), or
    /// `none`.
    #[arg(long, value_name = "PT")]
    ko: Option<String>,
    /// Seed rules: the tenukis N the ko-disadvantaged side needs before it
    /// may retake a ko.
    #[arg(long, value_name = "N")]
    ko_threats: Option<u8>,
    /// Repetition rules: `seed` (the seed's Japanese-style rules) or
    /// `superko` (positional superko).
    #[arg(long, value_name = "seed|superko")]
    rules: Option<String>,
    /// Also list every correct first move.
    #[arg(long)]
    all_moves: bool,
    /// Node limit of one analysis.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Time limit of one analysis, in seconds.
    #[arg(long, value_name = "SECS")]
    time: Option<f64>,
    /// Transposition table size in MiB.
    #[arg(long, value_name = "MB")]
    table_mb: Option<usize>,
    /// JSON output.
    #[arg(long)]
    json: bool,
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

/// Reads a problem file or, for `.sgf`, the setup of an SGF file.
fn load(path: &Path) -> anyhow::Result<Loaded> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if is_sgf {
        let record = sgf::read(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        Ok(Loaded {
            spec: ProblemSpec::new(sgf_setup(&record)),
            file: None,
        })
    } else {
        let f = file::parse(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        Ok(Loaded {
            spec: f.spec.clone(),
            file: Some(f),
        })
    }
}

/// The problem of an SGF record: the setup stones (`AB`, `AW`, `AE`) and
/// the player to move (`PL`, default Black) of the main line's nodes before
/// its first move; the moves after it are the book's answer and are not
/// played.
fn sgf_setup(record: &sgf::Record) -> Setup {
    let mut setup = Setup::empty(record.graph.clone());
    for node in record.main_line() {
        if node.mv.is_some() {
            break;
        }
        for &(v, c) in &node.setup {
            setup.stones[v.index()] = c;
        }
        if let Some(c) = node.to_play {
            setup.to_move = c;
        }
    }
    setup
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
    headers: &Loaded,
    origin: &str,
) -> anyhow::Result<Regime> {
    let ko_flag = ko_threats.map(|n| n.to_string());
    let regime = Regime::choose(
        rules.or(headers.header("rules")),
        ko_flag.as_deref().or(headers.header("ko-threats")),
    )
    .map_err(|e| match e {
        RegimeError::UnknownRules(_) if rules.is_some() => anyhow!("--rules: {e}"),
        RegimeError::UnknownRules(_) => anyhow!("{origin}: header `rules`: {e}"),
        RegimeError::BadKoThreats(_) => anyhow!("{origin}: header `ko-threats`: {e}"),
    })?;
    if regime == Regime::Superko && ko_threats.is_some() {
        bail!("--ko-threats applies to the seed rules only, not to superko");
    }
    Ok(regime)
}

/// Limits from the flags, the library's defaults where a flag is absent.
fn limits(
    max_nodes: Option<u64>,
    time: Option<f64>,
    table_mb: Option<usize>,
) -> anyhow::Result<Limits> {
    let mut l = Limits::default();
    if let Some(n) = max_nodes {
        l.max_nodes = n;
    }
    if let Some(t) = time {
        if !(t.is_finite() && t > 0.0) {
            bail!("--time {t}: expected a positive number of seconds");
        }
        l.max_time = Some(Duration::from_secs_f64(t));
    }
    if let Some(mb) = table_mb {
        if mb == 0 || mb > 1 << 20 {
            bail!("--table-mb {mb}: expected 1..=1048576");
        }
        l.table_bytes = mb << 20;
    }
    Ok(l)
}

/// A Ctrl-C handler that sets `cancel` (only one handler per process; if
/// one is set already, go without).
fn cancel_on_ctrl_c() -> Cancel {
    let cancel = Cancel::new();
    let c = cancel.clone();
    let _ = ctrlc::set_handler(move || c.cancel());
    cancel
}

/// A progress bar on stderr, hidden when stderr is not a terminal.
fn progress_bar(len: u64, template: &str) -> ProgressBar {
    progress_bar_if(true, len, template)
}

/// A progress bar on stderr when `show` and stderr is a terminal.
fn progress_bar_if(show: bool, len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if !show || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn kind_word(k: RegionKind) -> &'static str {
    match k {
        RegionKind::Given => "given",
        RegionKind::Closed => "closed",
        RegionKind::Framed => "framed",
    }
}

/// Whether the time limit (or Ctrl-C) was reached after the status was
/// proven, while the principal variation and the correct moves were
/// extracted: they may then be cut short. The analysis does not say so
/// itself; the node limit is left out because the extraction gets a fresh
/// node budget of its own.
fn extraction_cut(a: &Analysis, limits: &Limits, cancel: &Cancel) -> bool {
    a.status.is_proven()
        && (cancel.is_cancelled() || limits.max_time.is_some_and(|t| a.elapsed >= t))
}

/// A move of the solver board as a GTP point of the original board.
fn move_name(problem: &Problem, mv: Mv) -> String {
    match mv {
        Mv::Play(v) => problem.vertex_name(v),
        Mv::Tenuki => "tenuki".to_string(),
    }
}

/// The whole report of `miai tsumego FILE` (and of `/api/tsumego`).
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    file: String,
    name: Option<String>,
    attacker: String,
    defender: String,
    to_play: String,
    region: RegionReport,
    rules: String,
    ko_threats: Option<u8>,
    /// The problem as posed (frame stones in lower case), rows from the top.
    diagram: Vec<String>,
    results: Vec<FirstReport>,
}

#[derive(Debug, Serialize)]
struct RegionReport {
    kind: String,
    points: usize,
    empty_points: usize,
    frame_stones: usize,
    /// A framed region's reach from the defender's stones.
    reach: Option<usize>,
}

/// One analysis: a first player.
#[derive(Debug, Serialize)]
struct FirstReport {
    first: String,
    first_color: String,
    status: String,
    description: String,
    proven: bool,
    stopped: Option<String>,
    ko: Option<KoReport>,
    /// For a ko or no result: who wins when neither side has ko threats
    /// (`attacker`, `defender`, `no-result`, `unproven`).
    without_threats: Option<String>,
    nodes: u64,
    seconds: f64,
    pv: Vec<PvMove>,
    correct: Option<Vec<String>>,
    /// The position after the principal variation (its stones numbered),
    /// rows from the top.
    diagram: Vec<String>,
    /// Why the principal variation may be incomplete (cut by a limit, or
    /// not replayable).
    replay_note: Option<String>,
}

#[derive(Debug, Serialize)]
struct KoReport {
    attacker_wins_it: bool,
    defender_wins_it: bool,
}

#[derive(Debug, Serialize)]
struct PvMove {
    color: String,
    point: String,
}

fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let Some(path) = args.file.clone() else {
        bail!("give a problem FILE (or `bench PATH`)");
    };
    let loaded = load(&path)?;
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
    let options = Options {
        regime,
        limits: limits(args.max_nodes, args.time, args.table_mb)?,
        all_moves: args.all_moves,
        ..Options::default()
    };
    let cancel = cancel_on_ctrl_c();
    let report = report(
        path.display().to_string(),
        name,
        &problem,
        to_play,
        regime,
        &options,
        args.first,
        &cancel,
        true,
        &mut |_, _| {},
    );
    let all_proven = report.results.iter().all(|r| r.proven);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", text(&report));
    }
    Ok(if all_proven {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Analyses `problem` with each first player of `first` and builds the
/// report; `show_progress` draws a progress bar on a terminal.
#[allow(clippy::too_many_arguments)]
fn report(
    file: String,
    name: Option<String>,
    problem: &Problem,
    to_play: Color,
    regime: Regime,
    options: &Options,
    first: First,
    cancel: &Cancel,
    show_progress: bool,
    on_progress: &mut dyn FnMut(Side, Progress),
) -> Report {
    let sides: &[Side] = match first {
        First::Attacker => &[Side::Attacker],
        First::Defender => &[Side::Defender],
        First::Both => &[Side::Attacker, Side::Defender],
    };
    let mut results = Vec::new();
    for &first in sides {
        let bar = progress_bar_if(
            show_progress,
            options.limits.max_nodes,
            "{spinner} {msg} [{bar:30}] {human_pos}/{human_len} nodes {elapsed}",
        );
        bar.set_message(format!("{first} first"));
        let analysis = {
            let bar = bar.clone();
            let mut on_search_progress = |p: Progress| {
                bar.set_length(p.max_nodes);
                bar.set_position(p.nodes);
                on_progress(first, p);
            };
            analyse(
                problem,
                first,
                options,
                Some(cancel.clone()),
                Some(&mut on_search_progress),
            )
        };
        bar.finish_and_clear();
        let cut = extraction_cut(&analysis, &options.limits, cancel);
        results.push(first_report(problem, &analysis, cut));
    }
    Report {
        file,
        name,
        attacker: problem.attacker().to_string(),
        defender: problem.defender().to_string(),
        to_play: to_play.to_string(),
        region: RegionReport {
            kind: kind_word(problem.region_kind()).to_string(),
            points: problem.region().len(),
            empty_points: problem.empty_points(),
            frame_stones: problem.frame().len(),
            reach: problem.reach(),
        },
        rules: regime.to_string(),
        ko_threats: match regime {
            Regime::Seed { ko_threats } => Some(ko_threats),
            Regime::Superko => None,
        },
        diagram: draw(problem, problem.original(), &HashMap::new()),
        results,
    }
}

/// The report for a problem given as text (a problem file or a bare
/// diagram) with no overrides but the rules, the ko threats and the
/// limits, listing every correct first move when `all_moves`; no progress
/// bar, but `on_progress` is called with the first player being analysed
/// and the search's progress (every 65,536 nodes). Used by `miai serve`'s
/// `/api/tsumego` and its tsumego jobs, which stream the progress.
#[allow(clippy::too_many_arguments)]
pub(crate) fn report_for_text(
    text: &str,
    first: First,
    rules: Option<&str>,
    ko_threats: Option<u8>,
    limits: Limits,
    all_moves: bool,
    cancel: &Cancel,
    on_progress: &mut dyn FnMut(Side, Progress),
) -> anyhow::Result<Report> {
    let origin = "the diagram";
    let f = file::parse(text).map_err(|e| anyhow!("{origin}: {e}"))?;
    let loaded = Loaded {
        spec: f.spec.clone(),
        file: Some(f),
    };
    let regime = regime(rules, ko_threats, &loaded, origin)?;
    let name = loaded.header("name").map(str::to_string);
    let to_play = loaded.spec.setup.to_move;
    let problem = Problem::new(loaded.spec).map_err(|e| anyhow!("{origin}: {e}"))?;
    let options = Options {
        regime,
        limits,
        all_moves,
        ..Options::default()
    };
    Ok(report(
        origin.to_string(),
        name,
        &problem,
        to_play,
        regime,
        &options,
        first,
        cancel,
        false,
        on_progress,
    ))
}

fn first_report(problem: &Problem, a: &Analysis, cut: bool) -> FirstReport {
    let first_color = problem.color_of(a.first);
    let mut color = first_color;
    let pv =
        a.pv.iter()
            .map(|&mv| {
                let m = PvMove {
                    color: color_letter(color).to_string(),
                    point: move_name(problem, mv),
                };
                color = color.opponent();
                m
            })
            .collect();
    let (after, labels, mut replay_note) = replay(problem, a.first, &a.pv);
    if cut {
        replay_note = Some(
            "a limit was reached after the status was proven: the principal variation \
             and the correct moves may be cut short"
                .to_string(),
        );
    }
    FirstReport {
        first: a.first.to_string(),
        first_color: first_color.to_string(),
        status: a.status.word().to_string(),
        description: a.status.to_string(),
        proven: a.status.is_proven(),
        stopped: match a.status {
            Status::Unproven(s) => Some(s.to_string()),
            _ => None,
        },
        ko: match a.status {
            Status::Ko {
                attacker_wins_it,
                defender_wins_it,
            } => Some(KoReport {
                attacker_wins_it,
                defender_wins_it,
            }),
            _ => None,
        },
        without_threats: a.without_threats.map(|o| {
            match o {
                Outcome::AttackerWins => "attacker",
                Outcome::DefenderWins => "defender",
                Outcome::NoResult => "no-result",
                Outcome::Unproven(_) => "unproven",
            }
            .to_string()
        }),
        nodes: a.nodes,
        seconds: a.elapsed.as_secs_f64(),
        pv,
        correct: a
            .correct
            .as_ref()
            .map(|c| c.iter().map(|&mv| move_name(problem, mv)).collect()),
        diagram: draw(problem, &after, &labels),
        replay_note,
    }
}

/// Plays the principal variation on the solver board (a tenuki is a pass
/// there) and puts the result back on the original board, with the move
/// number of every PV stone still standing (by original vertex).
fn replay(
    problem: &Problem,
    first: Side,
    pv: &[Mv],
) -> (Setup, HashMap<Vertex, usize>, Option<String>) {
    let mut setup = problem.start().clone();
    setup.to_move = problem.color_of(first);
    setup.ko = None;
    // The search enforced the ko and repetition rules; here only the
    // board mechanics are wanted.
    let rules = Rules {
        suicide: Suicide::Forbidden,
        repetition: Repetition::None,
        ..Rules::japanese()
    };
    let mut note = None;
    let mut pos = match Position::from_setup(setup, rules) {
        Ok(p) => p,
        Err(e) => {
            // Cannot happen for a posed problem; say so rather than panic.
            return (
                problem.original().clone(),
                HashMap::new(),
                Some(format!("the start position cannot be replayed: {e}")),
            );
        }
    };
    let mut played: Vec<(Vertex, Color, usize)> = Vec::new();
    for (i, &mv) in pv.iter().enumerate() {
        let color = pos.to_move();
        match mv {
            Mv::Tenuki => pos.pass(color),
            Mv::Play(v) => {
                if let Err(e) = pos.play_mut(color, Move::Play(v)) {
                    note = Some(format!(
                        "move {} ({} {}) could not be replayed: {e}",
                        i + 1,
                        color_letter(color),
                        problem.vertex_name(v)
                    ));
                    break;
                }
                played.push((v, color, i + 1));
            }
        }
    }
    let mut labels = HashMap::new();
    for (v, color, n) in played {
        if pos.color_at(v) == Some(color)
            && let Some(o) = problem.to_original(v)
        {
            // A later stone on the same point overwrites an earlier one.
            labels.insert(o, n);
        }
    }
    (problem.to_original_setup(&pos), labels, note)
}

/// The problem's window of `setup` with GTP coordinates: `X` Black, `O`
/// White, `x`/`o` frame stones, `.` empty, numbers for the PV stones.
fn draw(problem: &Problem, setup: &Setup, labels: &HashMap<Vertex, usize>) -> Vec<String> {
    let g = &setup.graph;
    let (Some((x0, y0, w, h)), Some((_, bh))) = (problem.window(), g.dimensions()) else {
        return Vec::new();
    };
    let frame: Vec<Vertex> = problem.frame().to_vec();
    let mut rows = Vec::with_capacity(h + 2);
    let letters: String = (x0..x0 + w)
        .map(|x| format!("{:>3}", GTP_LETTERS.get(x).map_or('?', |&c| c as char)))
        .collect();
    rows.push(format!("  {letters}"));
    for y in y0..y0 + h {
        let mut row = format!("{:>2} ", bh - y);
        for x in x0..x0 + w {
            let cell = match g.at(x, y) {
                None => "?".to_string(),
                Some(v) => match (labels.get(&v), setup.stones[v.index()]) {
                    (Some(n), Some(_)) => n.to_string(),
                    (_, Some(c)) => {
                        let s = color_letter(c).replace('B', "X").replace('W', "O");
                        if frame.contains(&v) {
                            s.to_lowercase()
                        } else {
                            s
                        }
                    }
                    (_, None) => ".".to_string(),
                },
            };
            row.push_str(&format!("{cell:>3}"));
        }
        rows.push(row.trim_end().to_string());
    }
    rows.push(format!("  {letters}"));
    rows
}

fn text(r: &Report) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let mut tail: Vec<String> = Vec::new();
    let _ = writeln!(
        s,
        "{}{}",
        r.file,
        r.name.as_ref().map_or(String::new(), |n| format!(" ({n})"))
    );
    let _ = writeln!(
        s,
        "attacker {}, defender {}, {} to play; rules {}",
        r.attacker, r.defender, r.to_play, r.rules
    );
    let _ = writeln!(
        s,
        "region: {}, {} points ({} empty){}",
        r.region.kind,
        r.region.points,
        r.region.empty_points,
        if r.region.frame_stones > 0 {
            format!(", {} frame stones (x/o)", r.region.frame_stones)
        } else {
            String::new()
        }
    );
    if let Some(reach) = r.region.reach
        && reach > 1
        && r.results.iter().any(|f| !f.proven)
    {
        tail.push(format!(
            "hint: the search was cut off in a frame reaching {reach} points from the \
             defender's stones; --reach {} frames the problem more tightly (a smaller \
             region, solved faster; check that the frame does not decide it)",
            reach - 1
        ));
    }
    // Frame stones are the attacker's: a frame too tight can only take
    // room the defender needs.
    if let Some(reach) = r.region.reach
        && r.results
            .iter()
            .any(|f| f.first == Side::Defender.to_string() && f.status == Status::Dead.word())
    {
        tail.push(format!(
            "hint: the defender dies even moving first in a frame reaching {reach} points from \
             its stones; if it should live, --reach {} leaves it more room (the frame may \
             decide it)",
            reach + 1
        ));
    }
    for row in &r.diagram {
        let _ = writeln!(s, "{row}");
    }
    for f in &r.results {
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{} first ({}): {}",
            f.first, f.first_color, f.description
        );
        let _ = writeln!(
            s,
            "  {}, {} nodes, {:.3} s",
            if f.proven { "proven" } else { "not proven" },
            f.nodes,
            f.seconds
        );
        if let Some(w) = &f.without_threats {
            let _ = writeln!(
                s,
                "  without ko threats for either side (plain simple ko): {w}"
            );
        }
        if !f.pv.is_empty() {
            let pv: Vec<String> =
                f.pv.iter()
                    .enumerate()
                    .map(|(i, m)| format!("{}.{} {}", i + 1, m.color, m.point))
                    .collect();
            let _ = writeln!(s, "  pv: {}", pv.join(" "));
        } else if f.proven {
            let _ = writeln!(s, "  pv: (none)");
        }
        if let Some(c) = &f.correct {
            let _ = writeln!(
                s,
                "  correct first moves: {}",
                if c.is_empty() {
                    "none".to_string()
                } else {
                    c.join(" ")
                }
            );
        }
        if let Some(n) = &f.replay_note {
            let _ = writeln!(s, "  note: {n}");
        }
        if f.proven && !f.pv.is_empty() {
            let _ = writeln!(s, "  after the pv (numbers: pv stones still on the board):");
            for row in &f.diagram {
                let _ = writeln!(s, "  {row}");
            }
        }
    }
    for t in tail {
        let _ = writeln!(s);
        let _ = writeln!(s, "{t}");
    }
    s
}
