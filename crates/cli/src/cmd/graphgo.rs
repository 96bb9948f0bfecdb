//! `miai graphgo`: graph Go (seed 001) — exact solving of small boards and
//! per-vertex outcome classes.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Subcommand;
use miai_goban::{Color, Graph, GraphText};
use miai_graphgo::picture::{self, Mark};
use miai_graphgo::{
    Board, Class, Move, Repetition, SolveOptions, Stones, chinese, outcome, solver, ultimate,
};
use serde_json::json;

/// Graph Go: solve small boards, or compute outcome classes.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The optimal area score of a board (from the empty board, or from a
    /// position in a `.graph` file), with its principal variation.
    Solve(SolveArgs),
    /// The outcome classes o(r, v) of every vertex of a position (a `.graph`
    /// file with `black:`/`white:` lines), its ultimate status and eyes, and
    /// the Chinese count.
    Classes(ClassesArgs),
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// A grid `WxH` (e.g. 3x3, 1x5).
    #[arg(long, conflicts_with = "graph")]
    board: Option<String>,
    /// An edge-list `.graph` file (goban's format; stones and `to-move:`
    /// in it give the start position).
    #[arg(long)]
    graph: Option<PathBuf>,
    /// Repetition rule: `positional` (superko) or `situational`.
    #[arg(long, default_value = "positional")]
    rules: String,
    /// Komi for White (only decides the winner; the score is komi-free).
    #[arg(long, default_value_t = 0.0)]
    komi: f64,
    /// Node limit.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time limit in seconds.
    #[arg(long)]
    time: Option<f64>,
    /// Transposition table size, log2 of entries (about 320 bytes each:
    /// 18 is 80 MiB, 21 is 640 MiB).
    #[arg(long, default_value_t = 18)]
    table_bits: u32,
    /// Also compute the outcome classes of the start position (small
    /// graphs only).
    #[arg(long)]
    classes: bool,
    /// Write an SVG of the final position coloured by owner.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct ClassesArgs {
    /// The `.graph` file with the position.
    file: PathBuf,
    /// Node budget of the exhaustive recursion.
    #[arg(long, default_value_t = outcome::DEFAULT_CLASS_NODES)]
    nodes: u64,
    /// Komi h for the Chinese count (White wins iff s_c >= h).
    #[arg(long, default_value_t = 0.0)]
    komi: f64,
    /// Write an SVG coloured by class.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

/// Runs `miai graphgo`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Solve(a) => solve(a),
        Command::Classes(a) => classes(a),
    }
}

fn load_graph_file(path: &PathBuf) -> anyhow::Result<(Board, Stones, Color)> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let t = GraphText::parse(&text).with_context(|| format!("{}", path.display()))?;
    let board = Board::new(Arc::new(t.graph)).with_context(|| format!("{}", path.display()))?;
    let mut colors = vec![None; board.len()];
    for (v, c) in t.stones {
        colors[v.index()] = Some(c);
    }
    let stones =
        Stones::from_colors(&board, &colors).with_context(|| format!("{}", path.display()))?;
    Ok((board, stones, t.to_move.unwrap_or(Color::Black)))
}

fn parse_grid(text: &str) -> anyhow::Result<Graph> {
    let Some((w, h)) = text.split_once(['x', 'X']) else {
        bail!("--board {text:?}: expected WxH, e.g. 3x3");
    };
    let (w, h): (usize, usize) = (
        w.trim()
            .parse()
            .with_context(|| format!("--board {text:?}: bad width"))?,
        h.trim()
            .parse()
            .with_context(|| format!("--board {text:?}: bad height"))?,
    );
    Ok(Graph::grid(w, h)?)
}

fn names(board: &Board, set: u64) -> Vec<String> {
    (0..board.len())
        .filter(|v| set >> v & 1 == 1)
        .map(|v| board.name(v))
        .collect()
}

fn solve(a: SolveArgs) -> anyhow::Result<ExitCode> {
    let (board, stones, to_move) = match (&a.board, &a.graph) {
        (_, Some(path)) => load_graph_file(path)?,
        (Some(b), None) => {
            let board = Board::new(Arc::new(parse_grid(b)?))?;
            (board, Stones::EMPTY, Color::Black)
        }
        (None, None) => bail!("give --board WxH or --graph FILE"),
    };
    let repetition = match a.rules.to_ascii_lowercase().as_str() {
        "positional" | "psk" => Repetition::Positional,
        "situational" | "ssk" => Repetition::Situational,
        other => bail!("--rules {other:?}: expected positional or situational"),
    };
    let mut opts = SolveOptions {
        repetition,
        ..SolveOptions::default()
    };
    opts.limit.nodes = a.nodes;
    opts.limit.time = a.time.map(Duration::from_secs_f64);
    opts.limit.table_bits = a.table_bits.min(26);
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::Relaxed));
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let bar2 = bar.clone();
    let sol = solver::solve(&board, stones, to_move, &opts, &cancel, &mut |p| {
        bar2.set_message(format!(
            "{} nodes, {:.1?}, ply {}",
            p.nodes, p.elapsed, p.max_ply
        ));
        bar2.tick();
    });
    bar.finish_and_clear();
    // Replay the PV for the final position.
    let mut cur = stones;
    let mut side = to_move;
    let mut pv_names = Vec::new();
    for m in &sol.pv {
        match m {
            Move::Pass => pv_names.push(format!("{} pass", side.letter())),
            Move::Play(v) => {
                if let Some(p) = cur.play(&board, side, *v) {
                    cur = p.stones;
                }
                pv_names.push(format!("{} {}", side.letter(), board.name(*v)));
            }
        }
        side = side.opponent();
    }
    // Classes are an exhaustive recursion: on a board too large for it, say
    // why instead of failing the whole solve.
    let (start_classes, classes_note) = if a.classes {
        match outcome::classes(&board, &[stones], outcome::DEFAULT_CLASS_NODES) {
            Ok(c) => (Some(c), None),
            Err(e) => (None, Some(e.to_string())),
        }
    } else {
        (None, None)
    };
    let marks = picture::owner_marks(&board, &cur);
    if let Some(path) = &a.svg {
        std::fs::write(path, picture::svg(&board, &cur, &marks))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let winner = sol
        .score
        .map(|s| if f64::from(-s) >= a.komi { "W" } else { "B" });
    if a.json {
        let out = json!({
            "vertices": board.len(),
            "rules": format!("{repetition:?}").to_lowercase(),
            "komi": a.komi,
            "score": sol.score,
            "proven": sol.proven,
            "stopped": sol.stopped.map(|s| format!("{s:?}").to_lowercase()),
            "winner": winner,
            "nodes": sol.nodes,
            "seconds": sol.elapsed.as_secs_f64(),
            "pv": pv_names,
            "pv_ends_settled": sol.pv_ends_settled,
            "final": { "black": names(&board, cur.black), "white": names(&board, cur.white) },
            "owner": marks.iter().map(|m| match m { Mark::Black => "B", Mark::White => "W", _ => "-" }).collect::<Vec<_>>(),
            "classes": start_classes.as_ref().map(|c| c.iter().map(|x| x.to_string()).collect::<Vec<_>>()),
            "classes_note": classes_note,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        match sol.score {
            Some(s) => println!("score {s:+} (Black's view, area, {repetition:?} superko; proven)"),
            None => println!(
                "unproven: stopped by {:?} after {} nodes",
                sol.stopped, sol.nodes
            ),
        }
        if let Some(w) = winner {
            println!("komi {}: {} wins", a.komi, w);
        }
        println!("nodes {} time {:.3?}", sol.nodes, sol.elapsed);
        println!(
            "pv: {}{}",
            pv_names.join(", "),
            if sol.pv_ends_settled {
                " (then settled by Benson)"
            } else {
                ""
            }
        );
        print!("{}", picture::text(&board, &cur, &marks));
        if let Some(c) = &start_classes {
            println!(
                "classes at the start: {}",
                c.iter().map(Class::to_string).collect::<Vec<_>>().join(" ")
            );
        }
        if let Some(note) = &classes_note {
            println!("classes not computed: {note}");
        }
    }
    Ok(if sol.proven {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn classes(a: ClassesArgs) -> anyhow::Result<ExitCode> {
    let (board, stones, _) = load_graph_file(&a.file)?;
    let cls = outcome::classes(&board, &[stones], a.nodes)?;
    let eyes = ultimate::eyes(&board, &stones);
    let countable = chinese::countable_failure(&board, &stones, &cls);
    let sc = chinese::score(&stones, &cls);
    let marks: Vec<Mark> = cls.iter().map(|&c| Mark::from(c)).collect();
    if let Some(path) = &a.svg {
        std::fs::write(path, picture::svg(&board, &stones, &marks))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        let out = json!({
            "vertices": (0..board.len()).map(|v| board.name(v)).collect::<Vec<_>>(),
            "classes": cls.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "ultimate": eyes.is_some(),
            "eyes_black": eyes.map(|e| names(&board, e.black)),
            "eyes_white": eyes.map(|e| names(&board, e.white)),
            "chinese_countable": countable.is_none(),
            "chinese_score": countable.is_none().then_some(sc),
            "white_wins": countable.is_none().then(|| chinese::white_wins(sc, a.komi)),
            "jungo_score": chinese::jungo_score(&stones),
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        print!("{}", picture::text(&board, &stones, &marks));
        match eyes {
            Some(e) => println!(
                "ultimate; E_B = {:?}, E_W = {:?}",
                names(&board, e.black),
                names(&board, e.white)
            ),
            None => println!("not ultimate"),
        }
        match countable {
            None => println!(
                "Chinese-countable; s_c = {sc} (White minus Black); komi {}: {} wins",
                a.komi,
                if chinese::white_wins(sc, a.komi) {
                    "White"
                } else {
                    "Black"
                }
            ),
            Some(v) => println!("not Chinese-countable (see vertex {})", board.name(v)),
        }
    }
    Ok(ExitCode::SUCCESS)
}
