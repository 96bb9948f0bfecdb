//! The engine: a board, its game and the command table.

use std::path::Path;
use std::sync::Arc;

use miai_goban::graph::MAX_GRID_SIDE;
use miai_goban::{Color, Game, Graph, Komi, Move, Position, Rules, Vertex, VertexSet, sgf};
use miai_search::{Cancel, Limits};
use miai_tsumego::problem::file;
use miai_tsumego::{ProblemSpec, Regime};

use crate::analyze;
use crate::command::{Line, parse_line};
use crate::error::GtpError;
use crate::response::Response;

/// The largest file `loadsgf` and `miai-loadproblem` read.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// How the engine is set up: the search limits the command line gave.
/// A limit left open takes each command's default ([`DEFAULTS`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Config {
    /// The limits of one search; every analysis command and `genmove`
    /// take them, each filling what is not given from its own defaults.
    pub limits: Limits,
}

/// The default limits of each searching command, so that no command keeps
/// a client waiting for ever: a node limit and a time limit each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defaults {
    /// `miai-tsumego`: one analysis (all its proof queries).
    pub tsumego: Limits,
    /// `miai-semeai`: each tree's expansion, and the board search.
    pub semeai_tree: Limits,
    /// `miai-semeai`: the independent board search.
    pub semeai_search: Limits,
    /// `miai-graphgo_score`: the exact solve.
    pub graphgo: Limits,
    /// `genmove`: the exact solve of a small board.
    pub genmove: Limits,
}

/// The defaults: 10 seconds for an analysis, 2 for a move.
pub const DEFAULTS: Defaults = Defaults {
    tsumego: Limits {
        max_nodes: Some(5_000_000),
        max_time: Some(std::time::Duration::from_secs(10)),
        table_bytes: None,
    },
    semeai_tree: Limits {
        max_nodes: Some(100_000),
        max_time: Some(std::time::Duration::from_secs(10)),
        table_bytes: None,
    },
    semeai_search: Limits {
        max_nodes: Some(2_000_000),
        max_time: Some(std::time::Duration::from_secs(10)),
        table_bytes: None,
    },
    graphgo: Limits {
        max_nodes: Some(5_000_000),
        max_time: Some(std::time::Duration::from_secs(10)),
        table_bytes: None,
    },
    genmove: Limits {
        max_nodes: Some(200_000),
        max_time: Some(std::time::Duration::from_secs(2)),
        table_bytes: None,
    },
};

/// A problem file loaded by `miai-loadproblem`: its spec (attacker,
/// region, target, ko, tenuki) and rules apply to `miai-tsumego` without
/// a point while the board is still the loaded position.
#[derive(Debug, Clone)]
pub(crate) struct LoadedProblem {
    pub(crate) spec: ProblemSpec,
    pub(crate) regime: Regime,
    /// Moves in the game when it was loaded (always 0: loading starts a
    /// new game); a move played since makes the problem stale.
    pub(crate) moves: usize,
}

/// One command handler.
type Handler = fn(&mut Engine, &[String]) -> Result<String, GtpError>;

/// The command table: every command the engine knows, in the order
/// `list_commands` gives them.
const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, _| Ok("2".into())),
    ("name", |_, _| Ok("miai".into())),
    ("version", |_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    ("known_command", Engine::known_command),
    ("list_commands", |_, _| {
        Ok(COMMANDS.iter().map(|c| c.0).collect::<Vec<_>>().join("\n"))
    }),
    ("quit", |e, _| {
        e.quit = true;
        Ok(String::new())
    }),
    ("boardsize", Engine::boardsize),
    ("clear_board", |e, _| {
        e.clear();
        Ok(String::new())
    }),
    ("komi", Engine::set_komi),
    ("play", Engine::play),
    ("genmove", Engine::genmove),
    ("undo", Engine::undo),
    ("showboard", |e, _| {
        Ok(crate::board::show(e.game.position()))
    }),
    ("list_stones", Engine::list_stones),
    ("final_score", Engine::final_score),
    ("loadsgf", Engine::loadsgf),
    ("miai-loadproblem", Engine::load_problem),
    ("miai-tsumego", analyze::tsumego),
    ("miai-semeai", analyze::semeai),
    ("miai-graphgo_score", analyze::graphgo_score),
    ("gogui-analyze_commands", |_, _| {
        Ok(analyze::ANALYZE_COMMANDS.join("\n"))
    }),
];

/// A GTP engine over miai's libraries: a board (a square grid, 19x19 at
/// the start), komi, the game played on it, and the analysis commands.
#[derive(Debug)]
pub struct Engine {
    pub(crate) game: Game,
    pub(crate) komi: Komi,
    pub(crate) config: Config,
    pub(crate) cancel: Cancel,
    pub(crate) problem: Option<LoadedProblem>,
    quit: bool,
}

/// The rules of the board: Chinese (area scoring, positional superko, no
/// suicide) with the komi set.
fn board_rules(komi: Komi) -> Rules {
    Rules::chinese().with_komi(komi)
}

impl Engine {
    /// An engine with a 19x19 board, komi 7.5 and the given limits.
    pub fn new(config: Config) -> Engine {
        let komi = Komi::from_halves(15);
        Engine {
            game: new_game(19, komi),
            komi,
            config,
            cancel: Cancel::new(),
            problem: None,
            quit: false,
        }
    }

    /// The engine with `cancel` as the flag its searches watch: raising it
    /// stops the running command's search, whose answer then says it was
    /// cut off. (A raised flag stops every later search too.)
    pub fn with_cancel(mut self, cancel: Cancel) -> Engine {
        self.cancel = cancel;
        self
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The names of the commands the engine knows.
    pub fn commands() -> impl Iterator<Item = &'static str> {
        COMMANDS.iter().map(|c| c.0)
    }

    /// Answers one raw input line; `None` for a line that is empty, white
    /// space or a comment (GTP sends nothing back for those).
    pub fn handle_line(&mut self, raw: &str) -> Option<Response> {
        match parse_line(raw) {
            Line::Nothing => None,
            Line::IdOnly(id) => Some(Response {
                id: Some(id),
                result: Err(GtpError::NoCommand),
            }),
            Line::Command(c) => {
                let result = match COMMANDS.iter().find(|(n, _)| *n == c.name) {
                    Some((_, handler)) => handler(self, &c.args),
                    None => Err(GtpError::UnknownCommand),
                };
                Some(Response { id: c.id, result })
            }
        }
    }

    fn clear(&mut self) {
        let size = self.size();
        self.game = new_game(size, self.komi);
        self.problem = None;
    }

    /// The side of the square board.
    fn size(&self) -> usize {
        self.game
            .position()
            .graph()
            .dimensions()
            .map_or(19, |(w, _)| w)
    }

    fn known_command(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [name] = args else {
            return Err(GtpError::Syntax("known_command takes one name".into()));
        };
        Ok(if COMMANDS.iter().any(|(n, _)| n == name) {
            "true".into()
        } else {
            "false".into()
        })
    }

    fn boardsize(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [size] = args else {
            return Err(GtpError::Syntax("boardsize takes one number".into()));
        };
        let n: usize = size
            .parse()
            .map_err(|_| GtpError::Syntax(format!("{size:?} is not a board size")))?;
        if !(2..=MAX_GRID_SIDE).contains(&n) {
            return Err(GtpError::UnacceptableSize(format!(
                "{n}: sizes 2 to {MAX_GRID_SIDE}"
            )));
        }
        self.game = new_game(n, self.komi);
        self.problem = None;
        Ok(String::new())
    }

    fn set_komi(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [k] = args else {
            return Err(GtpError::Syntax("komi takes one number".into()));
        };
        let x: f64 = k
            .parse()
            .map_err(|_| GtpError::Syntax(format!("{k:?} is not a number")))?;
        let komi = Komi::from_f64(x)
            .ok_or_else(|| GtpError::Syntax(format!("komi {k}: a multiple of 0.5 is needed")))?;
        self.komi = komi;
        // The game keeps its moves: only the counting changes. Replaying
        // would lose nothing but is not needed: komi is not in the
        // repetition history.
        let rules = board_rules(komi);
        let mut pos = self.game.position().clone();
        pos.set_rules(rules);
        let moves: Vec<(Color, Move)> = self.game.moves().to_vec();
        // Rebuild the game under the new rules so `undo` and superko keep
        // working: start from the first position and replay.
        let mut start = self.game.clone();
        while start.undo().is_some() {}
        let mut first = start.position().clone();
        first.set_rules(rules);
        let mut game = Game::new(first);
        for (c, m) in moves {
            game.play_as(c, m)
                .map_err(|e| GtpError::Analysis(format!("komi: replaying the game failed: {e}")))?;
        }
        self.game = game;
        Ok(String::new())
    }

    /// Reads a colour argument.
    pub(crate) fn color(text: &str) -> Result<Color, GtpError> {
        Color::from_name(text).ok_or_else(|| {
            GtpError::Syntax(format!("{text:?} is not a colour (b, w, black, white)"))
        })
    }

    /// Reads a GTP vertex (`D4`, any case) of the board, or `pass`.
    pub(crate) fn vertex_or_pass(&self, text: &str) -> Result<Move, GtpError> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        self.vertex(text).map(Move::Play)
    }

    /// Reads a GTP vertex (`D4`, any case) of the board.
    pub(crate) fn vertex(&self, text: &str) -> Result<Vertex, GtpError> {
        let b = text.as_bytes();
        // GTP vertices only: a letter and a row number (the board's parser
        // also reads SGF points, which GTP does not have).
        if b.len() < 2 || !b[0].is_ascii_alphabetic() || !b[1..].iter().all(u8::is_ascii_digit) {
            return Err(GtpError::Syntax(format!("{text:?} is not a vertex")));
        }
        self.game
            .position()
            .graph()
            .parse_vertex(text)
            .map_err(|e| GtpError::Syntax(format!("invalid vertex {text}: {e}")))
    }

    /// A vertex's GTP name.
    pub(crate) fn name(&self, v: Vertex) -> String {
        self.game.position().graph().vertex_name(v)
    }

    fn play(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [color, vertex] = args else {
            return Err(GtpError::Syntax("play takes a colour and a vertex".into()));
        };
        let color = Engine::color(color)?;
        let mv = self.vertex_or_pass(vertex)?;
        self.game
            .play_as(color, mv)
            .map_err(|e| GtpError::IllegalMove(e.reason.to_string()))?;
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [color] = args else {
            return Err(GtpError::Syntax("genmove takes a colour".into()));
        };
        let color = Engine::color(color)?;
        let mv = analyze::choose_move(self, color);
        // The chosen move is checked legal; should the game refuse it all
        // the same, pass rather than answer with a move not played.
        let mv = match self.game.play_as(color, mv) {
            Ok(_) => mv,
            Err(_) => {
                self.game
                    .play_as(color, Move::Pass)
                    .map_err(|e| GtpError::Analysis(e.to_string()))?;
                Move::Pass
            }
        };
        Ok(match mv {
            Move::Pass => "pass".into(),
            Move::Play(v) => self.name(v),
        })
    }

    fn undo(&mut self, args: &[String]) -> Result<String, GtpError> {
        if !args.is_empty() {
            return Err(GtpError::Syntax("undo takes no argument".into()));
        }
        self.game.undo().ok_or(GtpError::CannotUndo)?;
        Ok(String::new())
    }

    fn list_stones(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [color] = args else {
            return Err(GtpError::Syntax("list_stones takes a colour".into()));
        };
        let color = Engine::color(color)?;
        let pos = self.game.position();
        Ok(pos
            .graph()
            .vertices()
            .filter(|&v| pos.color_at(v) == Some(color))
            .map(|v| self.name(v))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn final_score(&mut self, args: &[String]) -> Result<String, GtpError> {
        if !args.is_empty() {
            return Err(GtpError::Syntax("final_score takes no argument".into()));
        }
        // Every stone counts as alive: the area count of the board as it
        // stands (the engine does not guess dead stones).
        let score = self
            .game
            .position()
            .score(&VertexSet::new())
            .map_err(|e| GtpError::Analysis(e.to_string()))?;
        Ok(match score.winner() {
            Some(_) => score.to_string(),
            None => "0".into(),
        })
    }

    fn loadsgf(&mut self, args: &[String]) -> Result<String, GtpError> {
        let (path, before) = match args {
            [path] => (path, None),
            [path, n] => {
                let n: usize = n
                    .parse()
                    .map_err(|_| GtpError::Syntax(format!("{n:?} is not a move number")))?;
                (path, Some(n))
            }
            _ => {
                return Err(GtpError::Syntax(
                    "loadsgf takes a file name and an optional move number".into(),
                ));
            }
        };
        let text = miai_goban::read_text(Path::new(path), MAX_FILE_BYTES)
            .map_err(|e| GtpError::CannotLoad(e.to_string()))?;
        let record = sgf::read(&text).map_err(|e| GtpError::CannotLoad(format!("{path}: {e}")))?;
        let game = replay(&record, before, self.komi)
            .map_err(|e| GtpError::CannotLoad(format!("{path}: {e}")))?;
        if let Some(k) = record.komi {
            self.komi = k;
        }
        self.game = game;
        self.problem = None;
        // GTP: the response is the colour to move next.
        Ok(match self.game.position().to_move() {
            Color::Black => "black".into(),
            Color::White => "white".into(),
        })
    }

    /// `miai-loadproblem FILE`: a miai problem file (headers and a diagram,
    /// as `miai tsumego` reads them) or an SGF file's setup; the board takes
    /// the file's size, stones, player to move and ko ban, and
    /// `miai-tsumego` without a point analyses it as `miai tsumego FILE`
    /// does.
    fn load_problem(&mut self, args: &[String]) -> Result<String, GtpError> {
        let [path] = args else {
            return Err(GtpError::Syntax(
                "miai-loadproblem takes a file name".into(),
            ));
        };
        let text = miai_goban::read_text(Path::new(path), MAX_FILE_BYTES)
            .map_err(|e| GtpError::CannotLoad(e.to_string()))?;
        let is_sgf = Path::new(path)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
        let (spec, regime) = if is_sgf {
            let record =
                sgf::read(&text).map_err(|e| GtpError::CannotLoad(format!("{path}: {e}")))?;
            (ProblemSpec::new(record.setup_before_moves()), Regime::SEED)
        } else {
            let f = file::parse(&text).map_err(|e| GtpError::CannotLoad(format!("{path}: {e}")))?;
            let regime = f
                .regime()
                .map_err(|e| GtpError::CannotLoad(format!("{path}: {e}")))?;
            (f.spec, regime)
        };
        let graph = spec.setup.graph.clone();
        match graph.dimensions() {
            Some((w, h)) if w == h => {}
            _ => {
                return Err(GtpError::CannotLoad(format!(
                    "{path}: the board is not a square grid"
                )));
            }
        }
        let pos = Position::from_setup(spec.setup.clone(), board_rules(self.komi))
            .map_err(|e| GtpError::CannotLoad(format!("{path}: {e}")))?;
        self.game = Game::new(pos);
        self.problem = Some(LoadedProblem {
            spec,
            regime,
            moves: 0,
        });
        Ok(match self.game.position().to_move() {
            Color::Black => "black".into(),
            Color::White => "white".into(),
        })
    }
}

/// A new game on an empty `size` x `size` board.
fn new_game(size: usize, komi: Komi) -> Game {
    // Sizes are checked before (2..=25): a grid of that size exists.
    let graph = match Graph::grid(size, size) {
        Ok(g) => g,
        Err(_) => Graph::grid(19, 19).unwrap_or_else(|_| unreachable!("19x19 is a grid")),
    };
    Game::new(Position::empty(Arc::new(graph), board_rules(komi)))
}

/// Replays a record's main line as a game with undo, up to the position
/// before move number `before` (moves counted from 1), or to the end.
fn replay(record: &sgf::Record, before: Option<usize>, komi: Komi) -> Result<Game, String> {
    match record.graph.dimensions() {
        Some((w, h)) if w == h => {}
        _ => return Err("the board is not a square grid".into()),
    }
    let rules = board_rules(record.komi.unwrap_or(komi));
    let mut game = Game::new(Position::empty(record.graph.clone(), rules));
    let mut played = 0;
    for node in record.main_line() {
        if node.has_setup() {
            // A setup node starts the game anew (undo stops there).
            let mut setup = game.position().to_setup();
            node.apply_setup(&mut setup);
            let pos = Position::from_setup(setup, rules).map_err(|e| format!("setup: {e}"))?;
            game = Game::new(pos);
        }
        if let Some((color, mv)) = node.mv {
            if before.is_some_and(|n| played + 1 >= n) {
                break;
            }
            game.play_as(color, mv)
                .map_err(|e| format!("move {}: {e}", played + 1))?;
            played += 1;
        }
    }
    Ok(game)
}
