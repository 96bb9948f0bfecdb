//! `miai board`: show, play and score Go positions (diagrams, SGF, graph
//! files). A thin layer over `miai-goban`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use miai_goban::diagram::{Placement, labelled};
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
    #[arg(long, default_value = "chinese")]
    pub rules: String,
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
    /// Show a position: the board, then every chain with its liberties.
    Show {
        #[command(flatten)]
        input: Input,
        /// Also print the box-drawing diagram of the board.
        #[arg(long = "box")]
        box_style: bool,
    },
    /// Play moves (GTP `C3` or SGF `cc` coordinates, `pass`; `b:C3` forces a
    /// colour) and show the result; an illegal move is an error saying why.
    Play {
        #[command(flatten)]
        input: Input,
        /// The moves, alternating from the player to move.
        moves: Vec<String>,
        /// Write the resulting position as SGF to this file.
        #[arg(long)]
        sgf: Option<PathBuf>,
    },
    /// Score a finished position under the rules.
    Score {
        #[command(flatten)]
        input: Input,
        /// Dead stones to remove before counting (comma-separated or
        /// repeated), e.g. `--dead A1,B2`.
        #[arg(long, value_delimiter = ',')]
        dead: Vec<String>,
    },
}

pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Show { input, box_style } => {
            let (game, marks) = load(&input)?;
            print!("{}", describe(game.position(), &marks));
            if let (true, Some(mut d)) = (box_style, Diagram::from_position(game.position())) {
                d.set_marks(game.position().graph(), (0, 0), &marks);
                print!("\n{}", d.write_box());
            }
            print!("{}", chains(game.position()));
        }
        Command::Play { input, moves, sgf } => {
            let (mut game, _) = load(&input)?;
            for (i, text) in moves.iter().enumerate() {
                let (color, mv) = parse_move(game.position(), text)?;
                let info = game
                    .play_as(color, mv)
                    .with_context(|| format!("move {} ({text})", i + 1))?;
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
            print!("{}", describe(game.position(), &[]));
            print!("{}", chains(game.position()));
            if let Some(path) = sgf {
                let record = sgf::Record::from_position(game.position(), &[])
                    .context("SGF needs a grid board")?;
                std::fs::write(&path, record.write())
                    .with_context(|| format!("writing {}", path.display()))?;
            }
        }
        Command::Score { input, dead } => {
            let (game, _) = load(&input)?;
            let pos = game.position();
            let mut set = VertexSet::new();
            for d in dead.iter().filter(|d| !d.trim().is_empty()) {
                set.insert(
                    pos.graph()
                        .parse_vertex(d)
                        .with_context(|| format!("--dead {d}"))?,
                );
            }
            let score = pos.score(&set)?;
            print!("{}", describe(pos, &[]));
            println!(
                "Black {}, White {} + komi {}: {}",
                score.black, score.white, score.komi, score
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn rules(input: &Input) -> Result<Rules> {
    let mut rules: Rules = input.rules.parse()?;
    if let Some(k) = &input.komi {
        rules.komi = k.parse::<Komi>()?;
    }
    Ok(rules)
}

fn load(input: &Input) -> Result<(Game, Vec<(Vertex, Mark)>)> {
    let path = &input.file;
    let text = crate::input::read(path)?;
    let rules = rules(input)?;
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
    let (mut pos, marks) = if ext == "sgf" || (ext != "graph" && text.trim_start().starts_with('('))
    {
        let mut record = sgf::read(&text).with_context(|| format!("{name}"))?;
        if input.komi.is_some() {
            record.komi = None; // the command line wins
        }
        let (game, marks) = record.replay(rules).with_context(|| format!("{name}"))?;
        let Some(c) = to_move else {
            // Keep the game: its history matters for superko.
            return Ok((game, marks));
        };
        let mut pos = game.position().clone();
        pos.set_to_move(c);
        return Ok((Game::new(pos).without_undo(), marks));
    } else if ext == "graph" {
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
        )
    } else {
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
        )
    };
    if let Some(c) = to_move {
        pos.set_to_move(c);
    }
    Ok((Game::new(pos).without_undo(), marks))
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

fn describe(pos: &Position, marks: &[(Vertex, Mark)]) -> String {
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
        "{shape}, {} to move, rules: {}\n",
        pos.to_move(),
        pos.rules()
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
    match labelled(pos, marks) {
        Some(board) => out.push_str(&board),
        None => {
            for color in Color::ALL {
                let names: Vec<String> = pos
                    .stones_of(color)
                    .iter()
                    .map(|v| g.vertex_name(v))
                    .collect();
                out.push_str(&format!("{color}: {}\n", names.join(" ")));
            }
        }
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
