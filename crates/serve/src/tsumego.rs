//! `POST /api/tsumego`: life and death; `POST /api/tsumego/play`: the
//! solver's reply to a line played on the problem; `POST /api/tsumego/sgf`:
//! the solution tree as SGF; `GET /api/tsumego/examples`: the seed-003
//! diagrams the page offers.

use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use miai_goban::{Color, Position, Rules, Vertex};
use miai_tsumego::problem::file::{self, RulesError};
use miai_tsumego::report::{Source, Window, kind_word, move_name};
use miai_tsumego::{
    Cancel, Limits, Mv, Options, Problem, Progress, Report, Side, analyse_after, solution,
};
use serde::{Deserialize, Serialize};

use super::{ApiError, CancelOnDrop, blocking};

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new()
        .route("/api/tsumego", post(api_tsumego))
        .route("/api/tsumego/examples", get(api_examples))
        .route("/api/tsumego/play", post(api_play))
        .route("/api/tsumego/sgf", post(api_sgf))
}

/// Seed 003's diagrams offered on the page (the problem files of
/// `crates/tsumego/tests/data/seed003/`, each citing the seed's lines),
/// embedded in the binary: `(id, text)`.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "02_tenuki",
        include_str!("../assets/examples/tsumego/02_tenuki.txt"),
    ),
    (
        "01a_ko_just_taken",
        include_str!("../assets/examples/tsumego/01a_ko_just_taken.txt"),
    ),
    (
        "03_dead_ko_disadvantaged",
        include_str!("../assets/examples/tsumego/03_dead_ko_disadvantaged.txt"),
    ),
    (
        "04a_approach_ko_n2",
        include_str!("../assets/examples/tsumego/04a_approach_ko_n2.txt"),
    ),
    (
        "04b_approach_ko_n3",
        include_str!("../assets/examples/tsumego/04b_approach_ko_n3.txt"),
    ),
    (
        "05_triple_ko",
        include_str!("../assets/examples/tsumego/05_triple_ko.txt"),
    ),
    (
        "06_round_robin_ko",
        include_str!("../assets/examples/tsumego/06_round_robin_ko.txt"),
    ),
    (
        "07_eternal_life",
        include_str!("../assets/examples/tsumego/07_eternal_life.txt"),
    ),
    (
        "12_false_eternal_life_a",
        include_str!("../assets/examples/tsumego/12_false_eternal_life_a.txt"),
    ),
    (
        "16_tempo_cycle_a",
        include_str!("../assets/examples/tsumego/16_tempo_cycle_a.txt"),
    ),
];

/// One example of `GET /api/tsumego/examples`.
#[derive(Debug, Serialize)]
struct Example {
    id: &'static str,
    /// The file's `name:` header.
    name: String,
    /// The file's `expect:` header: the seed's statuses.
    expect: Option<String>,
    /// The whole problem file.
    text: &'static str,
}

async fn api_examples() -> Json<Vec<Example>> {
    let header = |text: &str, key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .map(|v| v.trim().to_string())
    };
    Json(
        EXAMPLES
            .iter()
            .map(|&(id, text)| Example {
                id,
                name: header(text, "name:").unwrap_or_else(|| id.to_string()),
                expect: header(text, "expect:"),
                text,
            })
            .collect(),
    )
}

/// The largest node limit one `/api/tsumego` analysis may ask for (and its
/// default).
pub const MAX_NODES_CAP: u64 = 2_000_000;
/// The time limit of one `/api/tsumego` analysis.
pub const TSUMEGO_TIME: Duration = Duration::from_secs(30);
/// The transposition table of one `/api/tsumego` analysis, in bytes.
pub const TSUMEGO_TABLE_BYTES: usize = 32 << 20;

/// The body of `POST /api/tsumego` (and the `params` of a tsumego job).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TsumegoRequest {
    /// A problem file's text (headers and `diagram:`) or a bare diagram.
    diagram: String,
    /// `attacker`, `defender` or `both` (the default).
    first: Option<String>,
    /// `seed` or `superko` (default: the file's `rules` header, else seed).
    rules: Option<String>,
    /// Seed rules: the tenukis needed before retaking a ko.
    ko_threats: Option<u8>,
    /// Node limit of one analysis, at most [`MAX_NODES_CAP`].
    max_nodes: Option<u64>,
    /// Also list every correct first move.
    #[serde(default)]
    all_moves: bool,
    /// An open problem's tsumego frame: how far the region reaches from the
    /// defender's stones (default 2, at most [`MAX_REACH`]).
    reach: Option<usize>,
}

/// A checked [`TsumegoRequest`], ready to run.
#[derive(Debug)]
pub(super) struct TsumegoTask {
    req: TsumegoRequest,
    first: &'static [Side],
    limits: Limits,
}

impl TsumegoRequest {
    /// Checks the fields the analysis does not check itself (400 with the
    /// field named).
    pub(super) fn validate(self) -> Result<TsumegoTask, ApiError> {
        let first: &'static [Side] = match self.first.as_deref().map(str::trim) {
            None | Some("both") => &[Side::Attacker, Side::Defender],
            Some("attacker") => &[Side::Attacker],
            Some("defender") => &[Side::Defender],
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "first: {other:?}: expected attacker, defender or both"
                )));
            }
        };
        let max_nodes = self.max_nodes.unwrap_or(MAX_NODES_CAP);
        if max_nodes == 0 || max_nodes > MAX_NODES_CAP {
            return Err(ApiError::bad_request(format!(
                "max_nodes: {max_nodes}: expected 1..={MAX_NODES_CAP}"
            )));
        }
        if let Some(r) = self.reach
            && !(1..=MAX_REACH).contains(&r)
        {
            return Err(ApiError::bad_request(format!(
                "reach: {r}: expected 1..={MAX_REACH}"
            )));
        }
        let limits = Limits::none()
            .with_nodes(max_nodes)
            .with_time(TSUMEGO_TIME)
            .with_table_bytes(TSUMEGO_TABLE_BYTES);
        Ok(TsumegoTask {
            req: self,
            first,
            limits,
        })
    }
}

impl TsumegoTask {
    /// Whether both first players are analysed (two searches in a row).
    pub(super) fn searches(&self) -> usize {
        self.first.len()
    }

    /// Runs the analysis (blocking), calling `on_progress` with the first
    /// player being analysed and the search's progress. The report carries
    /// the positions of each principal variation on the diagram's window.
    pub(super) fn run(
        &self,
        cancel: &Cancel,
        on_progress: &mut dyn FnMut(Side, Progress),
    ) -> Result<Report, ApiError> {
        const ORIGIN: &str = "the diagram";
        let req = &self.req;
        let bad = |e: &dyn std::fmt::Display| ApiError::bad_request(format!("{ORIGIN}: {e}"));
        let f = file::parse(&req.diagram).map_err(|e| bad(&e))?;
        let regime = file::choose_regime(req.rules.as_deref(), req.ko_threats, Some(&f)).map_err(
            |e| match e {
                RulesError::Given(e) => ApiError::bad_request(format!("rules: {e}")),
                RulesError::Header { .. } => bad(&e),
                RulesError::KoThreatsUnderSuperko => {
                    ApiError::bad_request(format!("ko_threats: {e}"))
                }
            },
        )?;
        let mut spec = f.spec.clone();
        if let Some(r) = req.reach {
            spec.reach = r;
        }
        let problem = Problem::new(spec).map_err(|e| bad(&e))?;
        let options = Options {
            regime,
            limits: self.limits,
            all_moves: req.all_moves,
            ..Options::default()
        };
        let source = Source {
            file: ORIGIN.to_string(),
            name: f.header("name").map(str::to_string),
            to_play: f.spec.setup.to_move,
        };
        let mut report = Report::run(source, &problem, self.first, &options, cancel, on_progress);
        if let Some(window) = f.window() {
            report.add_positions(&problem, window);
        }
        Ok(report)
    }
}

async fn api_tsumego(
    body: Result<Json<TsumegoRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let task = req.validate()?;
    let guard = CancelOnDrop::new();
    let cancel = guard.0.clone();
    let report = blocking(move || task.run(&cancel, &mut |_, _| {})).await?;
    // The search is over: dropping the guard now cancels nothing.
    drop(guard);
    Ok(Json(report).into_response())
}

/// What `POST /api/tsumego/play` and `POST /api/tsumego/sgf` share: the
/// problem and how to read it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlayRequest {
    /// A problem file's text (headers and `diagram:`) or a bare diagram.
    diagram: String,
    /// `attacker` or `defender`: who plays the first move of `moves`
    /// (default: the side of the file's player to move).
    first: Option<String>,
    /// `seed` or `superko` (default: the file's `rules` header, else seed).
    rules: Option<String>,
    /// Seed rules: the tenukis needed before retaking a ko.
    ko_threats: Option<u8>,
    /// An open problem's tsumego frame: how far the region reaches from the
    /// defender's stones (default 2).
    reach: Option<usize>,
    /// Node limit of one analysis, at most [`MAX_NODES_CAP`].
    max_nodes: Option<u64>,
    /// Time limit in seconds, at most [`TSUMEGO_TIME`] (the default).
    time: Option<f64>,
    /// `play`: the moves so far, GTP points of the diagram's board or
    /// `tenuki`, the first by `first`.
    #[serde(default)]
    moves: Vec<String>,
    /// `play`: answer with the solver's reply (default true).
    reply: Option<bool>,
    /// `sgf`: the most refuted wrong first moves shown (default 4, at most
    /// [`MAX_REFUTATIONS`]).
    max_refutations: Option<usize>,
}

/// The most wrong first moves `POST /api/tsumego/sgf` refutes.
pub const MAX_REFUTATIONS: usize = 12;
/// The longest line `POST /api/tsumego/play` takes.
pub const MAX_PLAY_MOVES: usize = 200;

/// A posed [`PlayRequest`].
struct Posed {
    problem: Problem,
    file: file::ProblemFile,
    first: Side,
    options: Options,
    window: Window,
}

impl PlayRequest {
    /// Reads the problem and checks the fields (400 naming the field).
    fn pose(&self) -> Result<Posed, ApiError> {
        const ORIGIN: &str = "the diagram";
        let bad = |e: &dyn std::fmt::Display| ApiError::bad_request(format!("{ORIGIN}: {e}"));
        let f = file::parse(&self.diagram).map_err(|e| bad(&e))?;
        let regime = file::choose_regime(self.rules.as_deref(), self.ko_threats, Some(&f))
            .map_err(|e| match e {
                RulesError::Given(e) => ApiError::bad_request(format!("rules: {e}")),
                RulesError::Header { .. } => bad(&e),
                RulesError::KoThreatsUnderSuperko => {
                    ApiError::bad_request(format!("ko_threats: {e}"))
                }
            })?;
        let mut spec = f.spec.clone();
        if let Some(r) = self.reach {
            if !(1..=MAX_REACH).contains(&r) {
                return Err(ApiError::bad_request(format!(
                    "reach: {r}: expected 1..={MAX_REACH}"
                )));
            }
            spec.reach = r;
        }
        let problem = Problem::new(spec).map_err(|e| bad(&e))?;
        let first = match self.first.as_deref().map(str::trim) {
            None => problem.side_of(f.spec.setup.to_move),
            Some("attacker") => Side::Attacker,
            Some("defender") => Side::Defender,
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "first: {other:?}: expected attacker or defender"
                )));
            }
        };
        let max_nodes = self.max_nodes.unwrap_or(MAX_NODES_CAP);
        if max_nodes == 0 || max_nodes > MAX_NODES_CAP {
            return Err(ApiError::bad_request(format!(
                "max_nodes: {max_nodes}: expected 1..={MAX_NODES_CAP}"
            )));
        }
        let time = match self.time {
            None => TSUMEGO_TIME,
            Some(t) if t > 0.0 && t <= TSUMEGO_TIME.as_secs_f64() => Duration::from_secs_f64(t),
            Some(t) => {
                return Err(ApiError::bad_request(format!(
                    "time: {t}: expected more than 0 and at most {} seconds",
                    TSUMEGO_TIME.as_secs()
                )));
            }
        };
        let limits = Limits::none()
            .with_nodes(max_nodes)
            .with_time(time)
            .with_table_bytes(TSUMEGO_TABLE_BYTES);
        let options = Options {
            regime,
            limits,
            ..Options::default()
        };
        let window = play_window(&problem, f.window())
            .ok_or_else(|| ApiError::bad_request(format!("{ORIGIN}: the board is not a grid")))?;
        Ok(Posed {
            problem,
            file: f,
            first,
            options,
            window,
        })
    }
}

/// The largest frame reach a request may ask for.
pub const MAX_REACH: usize = 8;

/// The window shown: the diagram's, grown to hold the region and its wall.
fn play_window(problem: &Problem, diagram: Option<Window>) -> Option<Window> {
    let (w, h) = problem.original().graph.dimensions()?;
    let (mut x0, mut y0, mut x1, mut y1) = match problem.window() {
        Some((x, y, ww, hh)) => (x, y, x + ww - 1, y + hh - 1),
        None => (0, 0, w - 1, h - 1),
    };
    if let Some(d) = diagram {
        x0 = x0.min(d.origin[0]);
        y0 = y0.min(d.origin[1]);
        x1 = x1.max(d.origin[0] + d.width - 1);
        y1 = y1.max(d.origin[1] + d.height - 1);
    }
    Some(Window {
        board: [w, h],
        origin: [x0, y0],
        width: x1 - x0 + 1,
        height: y1 - y0 + 1,
    })
}

/// One move of a line in an answer.
#[derive(Debug, Serialize)]
struct PlayedMove {
    /// `B` or `W`.
    color: &'static str,
    /// A GTP point of the board, or `tenuki`.
    point: String,
}

/// The answer of `POST /api/tsumego/play`.
#[derive(Debug, Serialize)]
struct PlayAnswer {
    /// The attacking colour.
    attacker: String,
    /// The defending colour.
    defender: String,
    /// Who plays the line's first move (`attacker` or `defender`).
    first: String,
    /// How the region was found: `given`, `closed` or `framed`.
    region_kind: &'static str,
    /// The region, GTP points.
    region: Vec<String>,
    /// The tsumego frame's stones (the attacker's), GTP points.
    frame: Vec<String>,
    /// A framed problem's reach.
    reach: Option<usize>,
    /// The window the stones are given on.
    window: Window,
    /// The moves played, then the reply if any.
    moves: Vec<PlayedMove>,
    /// The status after `moves` (before the reply), for the side to move
    /// then: a word (`dead`, `alive`, `seki`, `ko`, `no-result`,
    /// `unproven`).
    status: &'static str,
    /// The status in words, with its ko details.
    description: String,
    /// Who the status favours (`attacker`, `defender`, or null).
    favours: Option<String>,
    /// The ko-threat counts (seed rules), in words.
    threats: Option<String>,
    /// Whether the status is proven.
    proven: bool,
    /// The colour to move after `moves` (before the reply).
    to_move: &'static str,
    /// The solver's best move for the side to move: its winning move, or
    /// the loser's most stubborn one.
    reply: Option<PlayedMove>,
    /// The solver's principal variation from the side to move.
    pv: Vec<PlayedMove>,
    /// The window's rows after the moves (before the reply), top first:
    /// `X` Black, `O` White, `.` empty (frame stones included).
    stones: Vec<String>,
    /// The window's rows after the reply, when there is one.
    stones_after_reply: Option<Vec<String>>,
    /// Nodes searched.
    nodes: u64,
    /// Seconds of search.
    seconds: f64,
}

fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

impl Posed {
    /// The solver moves of the request's GTP points (400 naming the move).
    fn moves(&self, names: &[String]) -> Result<Vec<Mv>, ApiError> {
        if names.len() > MAX_PLAY_MOVES {
            return Err(ApiError::bad_request(format!(
                "moves: {} moves: at most {MAX_PLAY_MOVES}",
                names.len()
            )));
        }
        let graph = &self.problem.original().graph;
        names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let n = name.trim();
                if n.eq_ignore_ascii_case("tenuki") || n.eq_ignore_ascii_case("pass") {
                    return Ok(Mv::Tenuki);
                }
                let v = graph
                    .parse_vertex(n)
                    .map_err(|e| ApiError::bad_request(format!("moves[{i}]: {n:?}: {e}")))?;
                match self.problem.from_original(v) {
                    Some(s) if self.problem.region().contains(s) => Ok(Mv::Play(s)),
                    _ => Err(ApiError::bad_request(format!(
                        "moves[{i}]: {n} is not in the region"
                    ))),
                }
            })
            .collect()
    }

    fn line(&self, moves: &[Mv], from: Side) -> Vec<PlayedMove> {
        let mut c = self.problem.color_of(from);
        moves
            .iter()
            .map(|&m| {
                let out = PlayedMove {
                    color: letter(c),
                    point: move_name(&self.problem, m),
                };
                c = c.opponent();
                out
            })
            .collect()
    }

    /// The window's rows after `moves` (a legal line).
    fn stones(&self, moves: &[Mv]) -> Result<Vec<String>, ApiError> {
        let after = self
            .problem
            .after(self.first, moves)
            .map_err(|e| ApiError::bad_request(format!("moves: {e}")))?;
        let pos = Position::from_setup(after.start().clone(), Rules::japanese())
            .map_err(|e| ApiError::bad_request(format!("moves: {e}")))?;
        let setup = self.problem.to_original_setup(&pos);
        let g = &setup.graph;
        let w = self.window;
        let mut rows = Vec::with_capacity(w.height);
        for y in w.origin[1]..w.origin[1] + w.height {
            let mut row = String::with_capacity(w.width);
            for x in w.origin[0]..w.origin[0] + w.width {
                let c = g.at(x, y).and_then(|v| setup.stones[v.index()]);
                row.push(match c {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            rows.push(row);
        }
        Ok(rows)
    }
}

/// The analysis of one `/api/tsumego/play` request (blocking).
fn play(req: &PlayRequest, cancel: &Cancel) -> Result<PlayAnswer, ApiError> {
    let posed = req.pose()?;
    let moves = posed.moves(&req.moves)?;
    let p = &posed.problem;
    let a = analyse_after(
        p,
        posed.first,
        &moves,
        &posed.options,
        Some(cancel.clone()),
        None,
    )
    .map_err(|e| ApiError::bad_request(format!("moves: {e}")))?;
    let to_move_side = solution::color_after(p, posed.first, moves.len());
    let side = p.side_of(to_move_side);
    let reply = if req.reply.unwrap_or(true) {
        a.pv.first().copied()
    } else {
        None
    };
    let mut shown = moves.clone();
    shown.extend(reply);
    let graph = &p.original().graph;
    let name = |v: &Vertex| graph.vertex_name(*v);
    Ok(PlayAnswer {
        attacker: p.attacker().to_string(),
        defender: p.defender().to_string(),
        first: posed.first.to_string(),
        region_kind: kind_word(p.region_kind()),
        region: p.original_region().iter().map(name).collect(),
        frame: p.frame().iter().map(name).collect(),
        reach: p.reach(),
        window: posed.window,
        moves: posed.line(&shown, posed.first),
        status: a.status.word(),
        description: a.status.to_string(),
        favours: solution::favoured(a.status, side).map(|s| s.to_string()),
        threats: a.threats.as_ref().map(|k| k.to_string()),
        proven: a.status.is_proven(),
        to_move: letter(to_move_side),
        reply: reply.map(|m| PlayedMove {
            color: letter(to_move_side),
            point: move_name(p, m),
        }),
        pv: posed.line(&a.pv, side),
        stones: posed.stones(&moves)?,
        stones_after_reply: match reply {
            Some(_) => Some(posed.stones(&shown)?),
            None => None,
        },
        nodes: a.nodes,
        seconds: a.elapsed.as_secs_f64(),
    })
}

async fn api_play(body: Result<Json<PlayRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let guard = CancelOnDrop::new();
    let cancel = guard.0.clone();
    let answer = blocking(move || play(&req, &cancel)).await?;
    drop(guard);
    Ok(Json(answer).into_response())
}

/// The solution tree of one `/api/tsumego/sgf` request (blocking).
fn solution_text(req: &PlayRequest, cancel: &Cancel) -> Result<String, ApiError> {
    let posed = req.pose()?;
    if !req.moves.is_empty() {
        return Err(ApiError::bad_request(
            "moves: the solution starts from the problem: give no moves",
        ));
    }
    let max_refutations = req.max_refutations.unwrap_or(4);
    if max_refutations > MAX_REFUTATIONS {
        return Err(ApiError::bad_request(format!(
            "max_refutations: {max_refutations}: at most {MAX_REFUTATIONS}"
        )));
    }
    let tree = solution::TreeOptions {
        max_refutations,
        max_time: posed.options.limits.max_time,
        ..solution::TreeOptions::default()
    };
    let (_, text) = solution::solution_sgf(
        &posed.problem,
        posed.first,
        posed.file.header("name"),
        &posed.options,
        &tree,
        Some(cancel.clone()),
    )
    .map_err(|e| ApiError::bad_request(format!("the diagram: {e}")))?;
    Ok(text)
}

async fn api_sgf(body: Result<Json<PlayRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let guard = CancelOnDrop::new();
    let cancel = guard.0.clone();
    let text = blocking(move || solution_text(&req, &cancel)).await?;
    drop(guard);
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"solution.sgf\"",
            ),
        ],
        text,
    )
        .into_response())
}
