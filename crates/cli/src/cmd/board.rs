//! `miai board`: show, play and score Go positions (diagrams, SGF, graph
//! files). A thin layer over `miai-goban`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use miai_goban::diagram::{Placement, labelled_last, scored};
use miai_goban::{
    Color, Diagram, Game, GraphText, Komi, Mark, Move, Position, Rules, Setup, Vertex, VertexSet,
    sgf,
};

/// Options shared by the subcommands for reading a position.
#[derive(Debug, clap::Args)]
pub struct Input {
    /// A diagram (plain `X O .` or box-drawing), an SGF file (`.sgf`, the
    /// end of its main line) or a graph file (`.graph`: edges and stones).
    pub file: PathBuf,
    /// Rules: tromp-taylor, chinese, japanese, aga, new-zealand, jungo.
    /// Default: the SGF's RU[] when miai knows those rules, else chinese.
    #[arg(long)]
    pub rules: Option<String>,
    /// Komi (overrides the rules' and the SGF's), e.g. 6.5.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Board size for a partial box diagram (one that doesn't show all four
    /// edges); it is placed against the edges it shows.
    #[arg(long, default_value_t = 19)]
    pub size: usize,
    /// Player to move (black or white); default Black, or the SGF's.
    #[arg(long)]
    pub to_move: Option<String>,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Show a position: the board (the last move of an SGF in
    /// parentheses), then every chain with its liberties.
    Show {
        #[command(flatten)]
        input: Input,
        /// Also print the box-drawing diagram of the board.
        #[arg(long = "box")]
        box_style: bool,
    },
    /// Play moves (GTP `C3` or SGF `cc` coordinates, `pass`; `b:C3` forces a
    /// colour) and show the result, the last move in parentheses. An
    /// illegal move is not played: the board before it is shown with the
    /// reason, and the exit code is 1.
    #[command(
        after_help = "Exit codes: 0 every move was played; 1 a move was illegal \
(the board before it and the reason are printed); 2 bad input (a file, a \
coordinate or an option that cannot be read)."
    )]
    Play {
        #[command(flatten)]
        input: Input,
        /// The moves, alternating from the player to move.
        moves: Vec<String>,
        /// Write the resulting position as SGF to this file.
        #[arg(long)]
        sgf: Option<PathBuf>,
    },
    /// Score a finished position under the rules: the board with the dead
    /// stones removed and every point's owner marked, then the count.
    Score {
        #[command(flatten)]
        input: Input,
        /// Dead stones to remove before counting (comma-separated or
        /// repeated), e.g. `--dead A1,B2`.
        #[arg(long, value_delimiter = ',')]
        dead: Vec<String>,
    },
}

/// A position read from a file, with what the file said around it.
struct Loaded {
    game: Game,
    marks: Vec<(Vertex, Mark)>,
    /// The last move of an SGF's main line.
    last: Option<(Color, Move)>,
    /// Where the rules came from, when not from `--rules`.
    rules_from: Option<String>,
}

pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Show { input, box_style } => {
            let loaded = load(&input)?;
            let pos = loaded.game.position();
            print!("{}", header(pos, &loaded));
            print!("{}", board(pos, &loaded.marks, loaded.last));
            if let (true, Some(mut d)) = (box_style, Diagram::from_position(pos)) {
                d.set_marks(pos.graph(), (0, 0), &loaded.marks);
                print!("\n{}", d.write_box());
            }
            print!("{}", chains(pos));
        }
        Command::Play { input, moves, sgf } => {
            let mut loaded = load(&input)?;
            let mut refused = None;
            for (i, text) in moves.iter().enumerate() {
                let (color, mv) = parse_move(loaded.game.position(), text)?;
                let info = match loaded.game.play_as(color, mv) {
                    Ok(info) => info,
                    Err(e) => {
                        refused = Some(format!("move {} ({text}) not played: {e}", i + 1));
                        break;
                    }
                };
                loaded.last = Some((color, mv));
                loaded.marks.clear();
                if info.captured > 0 || info.suicided > 0 {
                    println!(
                        "{color} {text}: captures {}{}",
                        info.captured,
                        if info.suicided > 0 {
                            format!(", suicide of {}", info.suicided)
                        } else {
                            String::new()
                        }
                    );
                }
            }
            let pos = loaded.game.position();
            print!("{}", header(pos, &loaded));
            print!("{}", board(pos, &[], loaded.last));
            print!("{}", chains(pos));
            if let Some(reason) = refused {
                println!("{reason}");
                eprintln!("{reason}");
                return Ok(ExitCode::from(crate::search::CUT_OFF));
            }
            if let Some(path) = sgf {
                let record =
                    sgf::Record::from_position(pos, &[]).context("SGF needs a grid board")?;
                std::fs::write(&path, record.write())
                    .with_context(|| format!("writing {}", path.display()))?;
            }
        }
        Command::Score { input, dead } => {
            let loaded = load(&input)?;
            let pos = loaded.game.position();
            let mut set = VertexSet::new();
            for d in dead.iter().filter(|d| !d.trim().is_empty()) {
                set.insert(
                    pos.graph()
                        .parse_vertex(d)
                        .with_context(|| format!("--dead {d}"))?,
                );
            }
            let score = pos.score(&set)?;
            let owner = pos.ownership(&set)?;
            print!("{}", header(pos, &loaded));
            print!("{}", count_map(pos, &owner, &set));
            println!(
                "Black {}, White {} + komi {}: {}",
                score.black, score.white, score.komi, score
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The rules: `--rules`, else the SGF's `RU[]` when miai knows it (with a
/// note where it came from), else Chinese (with a note when the SGF named
/// rules miai lacks); then `--komi`.
fn rules(input: &Input, sgf_rules: Option<&str>) -> Result<(Rules, Option<String>)> {
    let (mut rules, from) = match (&input.rules, sgf_rules) {
        (Some(name), _) => (name.parse::<Rules>()?, None),
        (None, Some(ru)) => match Rules::from_sgf(ru) {
            Some(r) => (r, Some(format!("the SGF's RU[{ru}]"))),
            None => {
                eprintln!(
                    "note: the SGF's RU[{ru}] names rules miai does not have; using chinese \
                     (choose with --rules)"
                );
                (
                    Rules::chinese(),
                    Some(format!("the default: RU[{ru}] unknown")),
                )
            }
        },
        (None, None) => (Rules::chinese(), None),
    };
    if let Some(k) = &input.komi {
        rules.komi = k.parse::<Komi>()?;
    }
    Ok((rules, from))
}

fn load(input: &Input) -> Result<Loaded> {
    let path = &input.file;
    let text = crate::input::read(path)?;
    let to_move = match &input.to_move {
        Some(c) => Some(
            Color::from_name(c)
                .with_context(|| format!("--to-move {c}: expected black or white"))?,
        ),
        None => None,
    };
    let ext = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let name = path.display();
    let (mut pos, marks, rules_from) =
        if ext == "sgf" || (ext != "graph" && text.trim_start().starts_with('(')) {
            let ru = if input.rules.is_none() {
                sgf::root_property(&text, "RU").with_context(|| format!("{name}"))?
            } else {
                None
            };
            let (rules, rules_from) = rules(input, ru.as_deref())?;
            let mut record = sgf::read(&text).with_context(|| format!("{name}"))?;
            if input.komi.is_some() {
                record.komi = None; // the command line wins
            }
            let (game, marks) = record.replay(rules).with_context(|| format!("{name}"))?;
            let last = game.moves().last().copied();
            let Some(c) = to_move else {
                // Keep the game: its history matters for superko.
                return Ok(Loaded {
                    game,
                    marks,
                    last,
                    rules_from,
                });
            };
            let mut pos = game.position().clone();
            pos.set_to_move(c);
            return Ok(Loaded {
                game: Game::new(pos).without_undo(),
                marks,
                last,
                rules_from,
            });
        } else if ext == "graph" {
            let (rules, _) = rules(input, None)?;
            let g = GraphText::parse(&text).with_context(|| format!("{name}"))?;
            let mut setup = Setup::empty(Arc::new(g.graph));
            for (v, c) in g.stones {
                setup.stones[v.index()] = Some(c);
            }
            if let Some(c) = g.to_move {
                setup.to_move = c;
            }
            (
                Position::from_setup(setup, rules).with_context(|| format!("{name}"))?,
                Vec::new(),
                None,
            )
        } else {
            let (rules, _) = rules(input, None)?;
            let d = Diagram::parse(&text).with_context(|| format!("{name}"))?;
            let placed = d
                .place(Placement {
                    board: (input.size, input.size),
                    origin: None,
                })
                .with_context(|| format!("{name}"))?;
            (
                Position::from_setup(placed.setup, rules).with_context(|| format!("{name}"))?,
                placed.marks,
                None,
            )
        };
    if let Some(c) = to_move {
        pos.set_to_move(c);
    }
    Ok(Loaded {
        game: Game::new(pos).without_undo(),
        marks,
        last: None,
        rules_from,
    })
}

fn parse_move(pos: &Position, text: &str) -> Result<(Color, Move)> {
    let (color, body) = match text.split_once(':') {
        Some((c, rest)) => (
            Color::from_name(c).with_context(|| format!("{text:?}: {c:?} is not a colour"))?,
            rest,
        ),
        None => (pos.to_move(), text),
    };
    if body.eq_ignore_ascii_case("pass") {
        return Ok((color, Move::Pass));
    }
    let v = pos
        .graph()
        .parse_vertex(body)
        .with_context(|| format!("move {text:?}"))?;
    Ok((color, Move::Play(v)))
}

/// The lines above the board: shape, player to move, rules (and where
/// they came from), ko, captures and the last move.
fn header(pos: &Position, loaded: &Loaded) -> String {
    let g = pos.graph();
    let mut out = String::new();
    let shape = match g.dimensions() {
        Some((w, h)) => format!(
            "{w}x{h} {}",
            if matches!(g.shape(), miai_goban::Shape::Torus { .. }) {
                "torus"
            } else {
                "board"
            }
        ),
        None => format!("graph of {} vertices and {} edges", g.len(), g.edge_count()),
    };
    out.push_str(&format!(
        "{shape}, {} to move, rules: {}{}\n",
        pos.to_move(),
        pos.rules(),
        loaded
            .rules_from
            .as_ref()
            .map(|f| format!(" ({f})"))
            .unwrap_or_default()
    ));
    if let Some(k) = pos.ko_point() {
        out.push_str(&format!(
            "ko: {} may not play {}\n",
            pos.to_move(),
            g.vertex_name(k)
        ));
    }
    out.push_str(&format!(
        "captures: Black {}, White {}\n",
        pos.captures(Color::Black),
        pos.captures(Color::White)
    ));
    if let Some((color, mv)) = loaded.last {
        let what = match mv {
            Move::Play(v) => g.vertex_name(v),
            Move::Pass => "pass".to_string(),
        };
        out.push_str(&format!("last move: {color} {what}\n"));
    }
    out
}

/// The board with coordinates, the last move in parentheses; a graph
/// without coordinates lists the stones.
fn board(pos: &Position, marks: &[(Vertex, Mark)], last: Option<(Color, Move)>) -> String {
    let last = match last {
        Some((_, Move::Play(v))) => Some(v),
        _ => None,
    };
    labelled_last(pos, marks, last).unwrap_or_else(|| {
        by_owner(|c| {
            pos.stones_of(c)
                .iter()
                .map(|v| pos.graph().vertex_name(v))
                .collect()
        })
    })
}

/// The count's map: the board without the dead stones, every point marked
/// with its owner, a legend.
fn count_map(pos: &Position, owner: &[Option<Color>], dead: &VertexSet) -> String {
    let g = pos.graph();
    let mut out = match scored(pos, owner, dead) {
        Some(board) => {
            let mut legend = String::from(
                "X O stones, x o points Black and White own, . neutral (the count's map)",
            );
            if !dead.is_empty() {
                legend += "; the dead stones are taken off";
            }
            format!("{board}{legend}\n")
        }
        None => {
            let mut list = by_owner(|c| {
                g.vertices()
                    .filter(|v| owner.get(v.index()).copied().flatten() == Some(c))
                    .map(|v| {
                        let name = g.vertex_name(v);
                        match pos.color_at(v) {
                            Some(s) if s == c && !dead.contains(v) => name,
                            _ => format!("{name}*"),
                        }
                    })
                    .collect()
            });
            list.push_str("(* a point without a live stone: territory or a dead stone)\n");
            list
        }
    };
    if !dead.is_empty() {
        let names: Vec<String> = dead
            .iter()
            .map(|v| {
                let color = pos
                    .color_at(v)
                    .map(|c| format!(" ({c})"))
                    .unwrap_or_default();
                format!("{}{color}", g.vertex_name(v))
            })
            .collect();
        out.push_str(&format!("dead: {}\n", names.join(", ")));
    }
    out
}

/// A line per colour, for boards without coordinates.
fn by_owner(names: impl Fn(Color) -> Vec<String>) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        out.push_str(&format!("{color}: {}\n", names(color).join(" ")));
    }
    out
}

fn chains(pos: &Position) -> String {
    let g = pos.graph();
    let names = |s: &VertexSet| {
        s.iter()
            .map(|v| g.vertex_name(v))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = String::from("chains:\n");
    let all = pos.chains();
    if all.is_empty() {
        out.push_str("  (none)\n");
    }
    for ch in all {
        out.push_str(&format!(
            "  {} {}: {} stone{}, {} libert{}: {}\n",
            ch.color,
            g.vertex_name(ch.anchor()),
            ch.stones.len(),
            if ch.stones.len() == 1 { "" } else { "s" },
            ch.liberties.len(),
            if ch.liberties.len() == 1 { "y" } else { "ies" },
            names(&ch.liberties)
        ));
        if ch.stones.len() > 1 {
            out.push_str(&format!("    stones: {}\n", names(&ch.stones)));
        }
    }
    out
}
