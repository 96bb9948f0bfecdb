//! `POST /api/board/parse` and `POST /api/board/write`: the board editor's
//! reader and writer.
//!
//! The page never parses SGF or diagrams itself: it sends the text here and
//! gets a *board* (JSON, [`Board`]) back, and sends a board to get text. The
//! readers and writers are miai's own: goban's [`Diagram`] and [`sgf`], the
//! tsumego problem file parser ([`file::parse`]) and semeai's race
//! diagram / SGF reader ([`Race`]).
//!
//! A board is a window (`width` x `height`, the grid the page draws) on a
//! whole board (`board`, default the window itself) at `origin` (column and
//! row of the window's top-left point, from the top-left). Points are named
//! in GTP coordinates of the whole board (`A19` top-left on 19x19).

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use miai_goban::diagram::Edges;
use miai_goban::graph::MAX_GRID_SIDE;
use miai_goban::{Color, Diagram, Graph, Mark, Position, Setup, Vertex, sgf};
use miai_semeai::{Attribute, Race, race_rules};
use miai_tsumego::problem::file;
use serde::{Deserialize, Serialize};

use super::ApiError;

/// The routes of the board editor.
pub(super) fn routes() -> Router {
    Router::new()
        .route("/api/board/parse", post(api_parse))
        .route("/api/board/write", post(api_write))
}

/// The board as the page and the API see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Board {
    /// Columns of the window.
    width: usize,
    /// Rows of the window.
    height: usize,
    /// The whole board, `[width, height]` (default: the window).
    #[serde(default)]
    board: Option<[usize; 2]>,
    /// Column and row of the window's top-left point on the whole board.
    #[serde(default)]
    origin: [usize; 2],
    /// The window's rows, top first: `X` Black, `O` White, `.` empty.
    stones: Vec<String>,
    /// Chain attributes (seed 002 §4.1), on stones.
    #[serde(default)]
    attributes: Vec<PointAttribute>,
    /// Markup.
    #[serde(default)]
    marks: Vec<PointMark>,
    /// The problem's region (`region:` header), if given.
    #[serde(default)]
    region: Option<Vec<String>>,
    /// The target stones (`target:` header), if given.
    #[serde(default)]
    target: Option<Vec<String>>,
    /// `B` or `W` (`attacker:`), if given.
    #[serde(default)]
    attacker: Option<String>,
    /// `B` or `W` (default `B`).
    #[serde(default)]
    to_move: Option<String>,
    /// The simple-ko ban point (`ko:`), if any.
    #[serde(default)]
    ko: Option<String>,
    /// The problem file's other headers (`name`, `rules`, `ko-threats`, ...),
    /// in order.
    #[serde(default)]
    headers: Vec<(String, String)>,
}

/// An attribute on a point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PointAttribute {
    point: String,
    /// `essential`, `safe` or `unknown`.
    attribute: String,
}

/// A mark on a point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PointMark {
    point: String,
    /// `triangle`, `triangle-down`, `square`, `circle`, `cross` or `label`.
    mark: String,
    /// The text of a `label`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    label: Option<String>,
}

/// The headers a board keeps in fields of its own.
const MANAGED: &[&str] = &["attacker", "to-move", "ko", "region", "target", "board"];

/// The formats read and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Sgf,
    Diagram,
    Plain,
    Problem,
    Race,
    RaceSgf,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::Sgf => "sgf",
            Format::Diagram => "diagram",
            Format::Plain => "plain",
            Format::Problem => "problem",
            Format::Race => "race",
            Format::RaceSgf => "race-sgf",
        }
    }

    fn from_name(s: &str) -> Result<Format, BoardError> {
        Ok(match s.trim() {
            "sgf" => Format::Sgf,
            "diagram" | "box" => Format::Diagram,
            "plain" => Format::Plain,
            "problem" => Format::Problem,
            "race" => Format::Race,
            "race-sgf" => Format::RaceSgf,
            other => {
                return Err(BoardError::plain(format!(
                    "format: {other:?}: expected sgf, diagram, plain, problem, race or race-sgf"
                )));
            }
        })
    }

    /// The format of a text when none is named: SGF if it starts with `(`,
    /// a race diagram if a row holds seed 002's attribute letters or an
    /// `open:` header, else a problem file (which also reads bare box and
    /// plain diagrams).
    fn guess(text: &str) -> Format {
        let t = text.trim_start();
        if t.starts_with('(') {
            return Format::Sgf;
        }
        let race = text.lines().map(str::trim).any(|l| {
            l.starts_with("open:")
                || (!l.contains(':')
                    && !l.is_empty()
                    && l.chars().any(|c| "EeSsUu".contains(c))
                    && l.chars().all(|c| {
                        c.is_whitespace() || c.is_ascii_alphanumeric() || c == '.' || c == '+'
                    }))
        });
        if race { Format::Race } else { Format::Problem }
    }
}

/// A request the board reader or writer rejects: 400 with the place.
#[derive(Debug)]
pub(super) struct BoardError {
    message: String,
    format: Option<&'static str>,
    line: Option<usize>,
    column: Option<usize>,
}

impl BoardError {
    fn plain(message: impl Into<String>) -> Self {
        BoardError {
            message: message.into(),
            format: None,
            line: None,
            column: None,
        }
    }

    fn at(format: Format, line: Option<usize>, column: Option<usize>, message: String) -> Self {
        BoardError {
            message: format!("{}: {message}", format.name()),
            format: Some(format.name()),
            line,
            column,
        }
    }
}

impl IntoResponse for BoardError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body {
            error: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            format: Option<&'static str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            line: Option<usize>,
            #[serde(skip_serializing_if = "Option::is_none")]
            column: Option<usize>,
        }
        (
            StatusCode::BAD_REQUEST,
            Json(Body {
                error: self.message,
                format: self.format,
                line: self.line,
                column: self.column,
            }),
        )
            .into_response()
    }
}

/// Either kind of error answer.
pub(super) enum Failure {
    Api(ApiError),
    Board(BoardError),
}

impl From<JsonRejection> for Failure {
    fn from(r: JsonRejection) -> Self {
        Failure::Api(ApiError::from(r))
    }
}

impl From<BoardError> for Failure {
    fn from(e: BoardError) -> Self {
        Failure::Board(e)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        match self {
            Failure::Api(e) => e.into_response(),
            Failure::Board(e) => e.into_response(),
        }
    }
}

/// The body of `POST /api/board/parse`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ParseRequest {
    text: String,
    /// One of the formats, or guessed.
    format: Option<String>,
}

/// The answer of `POST /api/board/parse`.
#[derive(Debug, Serialize)]
pub(crate) struct ParseAnswer {
    /// The format read.
    format: &'static str,
    board: Board,
    /// What the reading left out (moves after an SGF setup, ...).
    notes: Vec<String>,
}

/// The body of `POST /api/board/write`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct WriteRequest {
    board: Board,
    format: String,
}

/// The answer of `POST /api/board/write`.
#[derive(Debug, Serialize)]
pub(crate) struct WriteAnswer {
    format: &'static str,
    text: String,
}

async fn api_parse(body: Result<Json<ParseRequest>, JsonRejection>) -> Result<Response, Failure> {
    let Json(req) = body?;
    Ok(Json(parse_answer(&req)?).into_response())
}

/// The work of `POST /api/board/parse`.
pub(crate) fn parse_answer(req: &ParseRequest) -> Result<ParseAnswer, Failure> {
    let format = match req.format.as_deref() {
        None | Some("") | Some("auto") => Format::guess(&req.text),
        Some(f) => Format::from_name(f)?,
    };
    let (model, notes) = read(&req.text, format)?;
    Ok(ParseAnswer {
        format: format.name(),
        board: model.to_board(),
        notes,
    })
}

async fn api_write(body: Result<Json<WriteRequest>, JsonRejection>) -> Result<Response, Failure> {
    let Json(req) = body?;
    Ok(Json(write_answer(&req)?).into_response())
}

/// The work of `POST /api/board/write`.
pub(crate) fn write_answer(req: &WriteRequest) -> Result<WriteAnswer, Failure> {
    let format = Format::from_name(&req.format)?;
    let model = Model::from_board(&req.board)?;
    let text = write(&model, format)?;
    Ok(WriteAnswer {
        format: format.name(),
        text,
    })
}

/// A board checked and placed on its graph.
#[derive(Debug, Clone)]
struct Model {
    graph: Arc<Graph>,
    origin: (usize, usize),
    width: usize,
    height: usize,
    stones: Vec<Option<Color>>,
    attrs: Vec<Option<Attribute>>,
    marks: Vec<(Vertex, Mark)>,
    region: Option<Vec<Vertex>>,
    target: Option<Vec<Vertex>>,
    attacker: Option<Color>,
    to_move: Color,
    ko: Option<Vertex>,
    headers: Vec<(String, String)>,
}

fn attribute_name(a: Attribute) -> &'static str {
    match a {
        Attribute::Essential => "essential",
        Attribute::Safe => "safe",
        Attribute::Unknown => "unknown",
    }
}

fn mark_name(m: &Mark) -> (&'static str, Option<String>) {
    match m {
        Mark::Triangle => ("triangle", None),
        Mark::TriangleDown => ("triangle-down", None),
        Mark::Square => ("square", None),
        Mark::Circle => ("circle", None),
        Mark::Cross => ("cross", None),
        Mark::Label(l) => ("label", Some(l.clone())),
    }
}

impl Model {
    fn empty(graph: Arc<Graph>) -> Model {
        let (w, h) = graph.dimensions().unwrap_or((0, 0));
        Model {
            origin: (0, 0),
            width: w,
            height: h,
            stones: vec![None; graph.len()],
            attrs: vec![None; graph.len()],
            graph,
            marks: Vec::new(),
            region: None,
            target: None,
            attacker: None,
            to_move: Color::Black,
            ko: None,
            headers: Vec::new(),
        }
    }

    fn window_vertices(&self) -> impl Iterator<Item = (usize, usize, Option<Vertex>)> + '_ {
        (0..self.height).flat_map(move |r| {
            (0..self.width)
                .map(move |c| (c, r, self.graph.at(self.origin.0 + c, self.origin.1 + r)))
        })
    }

    fn name(&self, v: Vertex) -> String {
        self.graph.vertex_name(v)
    }

    fn to_board(&self) -> Board {
        let mut stones = Vec::with_capacity(self.height);
        for r in 0..self.height {
            let row: String = (0..self.width)
                .map(|c| {
                    match self
                        .graph
                        .at(self.origin.0 + c, self.origin.1 + r)
                        .and_then(|v| self.stones[v.index()])
                    {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    }
                })
                .collect();
            stones.push(row);
        }
        let attributes = self
            .graph
            .vertices()
            .filter(|v| self.stones[v.index()].is_some())
            .filter_map(|v| {
                self.attrs[v.index()].map(|a| PointAttribute {
                    point: self.name(v),
                    attribute: attribute_name(a).to_string(),
                })
            })
            .collect();
        let marks = self
            .marks
            .iter()
            .map(|(v, m)| {
                let (mark, label) = mark_name(m);
                PointMark {
                    point: self.name(*v),
                    mark: mark.to_string(),
                    label,
                }
            })
            .collect();
        let names = |vs: &Option<Vec<Vertex>>| {
            vs.as_ref()
                .map(|vs| vs.iter().map(|&v| self.name(v)).collect())
        };
        let (bw, bh) = self.graph.dimensions().unwrap_or((self.width, self.height));
        Board {
            width: self.width,
            height: self.height,
            board: Some([bw, bh]),
            origin: [self.origin.0, self.origin.1],
            stones,
            attributes,
            marks,
            region: names(&self.region),
            target: names(&self.target),
            attacker: self.attacker.map(|c| c.letter().to_string()),
            to_move: Some(self.to_move.letter().to_string()),
            ko: self.ko.map(|v| self.name(v)),
            headers: self.headers.clone(),
        }
    }

    /// Checks a board from the page: sizes, rows, point names.
    fn from_board(b: &Board) -> Result<Model, BoardError> {
        let bad = |m: String| BoardError::plain(format!("board: {m}"));
        let [bw, bh] = b.board.unwrap_or([b.width, b.height]);
        for (what, n) in [
            ("width", b.width),
            ("height", b.height),
            ("board width", bw),
            ("board height", bh),
        ] {
            if n == 0 || n > MAX_GRID_SIDE {
                return Err(bad(format!("{what} {n}: expected 1..={MAX_GRID_SIDE}")));
            }
        }
        let [ox, oy] = b.origin;
        if ox.saturating_add(b.width) > bw || oy.saturating_add(b.height) > bh {
            return Err(bad(format!(
                "a {}x{} window at column {ox}, row {oy} runs off the {bw}x{bh} board",
                b.width, b.height
            )));
        }
        if b.stones.len() != b.height {
            return Err(bad(format!(
                "stones: {} rows, the height is {}",
                b.stones.len(),
                b.height
            )));
        }
        let graph = Arc::new(Graph::grid(bw, bh).map_err(|e| bad(format!("{bw}x{bh}: {e}")))?);
        let mut m = Model::empty(graph.clone());
        m.origin = (ox, oy);
        m.width = b.width;
        m.height = b.height;
        for (r, row) in b.stones.iter().enumerate() {
            let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != b.width {
                return Err(bad(format!(
                    "stones row {}: {} points, the width is {}",
                    r + 1,
                    cells.len(),
                    b.width
                )));
            }
            for (c, ch) in cells.into_iter().enumerate() {
                let stone = match ch {
                    'X' | 'x' | 'B' | 'b' => Some(Color::Black),
                    'O' | 'o' | 'W' | 'w' => Some(Color::White),
                    '.' | '+' => None,
                    other => {
                        return Err(bad(format!(
                            "stones row {}, column {}: {other:?} (expected X, O or .)",
                            r + 1,
                            c + 1
                        )));
                    }
                };
                if let Some(v) = graph.at(ox + c, oy + r) {
                    m.stones[v.index()] = stone;
                }
            }
        }
        let point = |what: &str, p: &str| -> Result<Vertex, BoardError> {
            let v = graph
                .parse_vertex(p.trim())
                .map_err(|e| bad(format!("{what}: bad point {p:?}: {e}")))?;
            Ok(v)
        };
        for a in &b.attributes {
            let v = point("attributes", &a.point)?;
            let attr = match a.attribute.as_str() {
                "essential" => Attribute::Essential,
                "safe" => Attribute::Safe,
                "unknown" => Attribute::Unknown,
                other => {
                    return Err(bad(format!(
                        "attributes: {other:?} at {}: expected essential, safe or unknown",
                        a.point
                    )));
                }
            };
            // An attribute on an empty point means nothing: dropped.
            if m.stones[v.index()].is_some() {
                m.attrs[v.index()] = Some(attr);
            }
        }
        for pm in &b.marks {
            let v = point("marks", &pm.point)?;
            let mark = match (pm.mark.as_str(), &pm.label) {
                ("triangle", _) => Mark::Triangle,
                ("triangle-down", _) => Mark::TriangleDown,
                ("square", _) => Mark::Square,
                ("circle", _) => Mark::Circle,
                ("cross", _) => Mark::Cross,
                ("label", Some(l)) if !l.is_empty() => Mark::Label(l.clone()),
                (other, _) => {
                    return Err(bad(format!(
                        "marks: {other:?} at {}: expected triangle, triangle-down, square, \
                         circle, cross or label (with a non-empty label)",
                        pm.point
                    )));
                }
            };
            m.marks.retain(|(u, _)| *u != v);
            m.marks.push((v, mark));
        }
        let points =
            |what: &str, ps: &Option<Vec<String>>| -> Result<Option<Vec<Vertex>>, BoardError> {
                ps.as_ref()
                    .map(|ps| ps.iter().map(|p| point(what, p)).collect())
                    .transpose()
            };
        m.region = points("region", &b.region)?;
        m.target = points("target", &b.target)?;
        let color = |what: &str, s: &str| {
            Color::from_name(s.trim()).ok_or_else(|| bad(format!("{what}: {s:?}: expected B or W")))
        };
        m.attacker = b
            .attacker
            .as_deref()
            .filter(|s| !s.trim().is_empty())
            .map(|s| color("attacker", s))
            .transpose()?;
        m.to_move = b
            .to_move
            .as_deref()
            .filter(|s| !s.trim().is_empty())
            .map(|s| color("to_move", s))
            .transpose()?
            .unwrap_or(Color::Black);
        m.ko =
            b.ko.as_deref()
                .filter(|s| !s.trim().is_empty())
                .map(|p| point("ko", p))
                .transpose()?;
        for (k, v) in &b.headers {
            let key = k.trim().to_ascii_lowercase();
            if key.is_empty()
                || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                || key == "diagram"
            {
                return Err(bad(format!(
                    "headers: {k:?} is not a header name (letters, digits and -)"
                )));
            }
            if v.contains('\n') {
                return Err(bad(format!("headers: the value of {k:?} has a line break")));
            }
            if !MANAGED.contains(&key.as_str()) {
                m.headers.push((key, v.trim().to_string()));
            }
        }
        Ok(m)
    }

    fn setup(&self) -> Setup {
        let mut s = Setup::empty(self.graph.clone());
        s.stones = self.stones.clone();
        s.to_move = self.to_move;
        s
    }

    /// The window as a goban diagram, with the marks a box diagram shows.
    fn diagram(&self) -> Diagram {
        let (bw, bh) = self.graph.dimensions().unwrap_or((self.width, self.height));
        let mut stones = Vec::with_capacity(self.width * self.height);
        for (_, _, v) in self.window_vertices() {
            stones.push(v.and_then(|v| self.stones[v.index()]));
        }
        let mut d = Diagram {
            width: self.width,
            height: self.height,
            marks: vec![None; stones.len()],
            stones,
            edges: Edges {
                top: self.origin.1 == 0,
                left: self.origin.0 == 0,
                bottom: self.origin.1 + self.height == bh,
                right: self.origin.0 + self.width == bw,
            },
        };
        d.set_marks(&self.graph, self.origin, &self.marks);
        d
    }
}

/// Column `N` from a message that starts `column N: ...` (how the problem
/// file reader passes on a diagram error's column).
fn split_column(message: &str) -> (Option<usize>, String) {
    if let Some(rest) = message.strip_prefix("column ")
        && let Some((n, msg)) = rest.split_once(": ")
        && let Ok(n) = n.parse()
    {
        return (Some(n), msg.to_string());
    }
    (None, message.to_string())
}

/// Reads `text` as `format`.
fn read(text: &str, format: Format) -> Result<(Model, Vec<String>), BoardError> {
    match format {
        Format::Sgf => read_sgf(text),
        Format::Problem | Format::Diagram | Format::Plain => read_problem(text, format),
        Format::Race | Format::RaceSgf => read_race(text, format),
    }
}

fn read_sgf(text: &str) -> Result<(Model, Vec<String>), BoardError> {
    let record = sgf::read(text)
        .map_err(|e| BoardError::at(Format::Sgf, Some(e.line), Some(e.column), e.to_string()))?;
    let mut m = Model::empty(record.graph.clone());
    let mut notes = Vec::new();
    // A problem's SGF: the setup nodes before the first move; the moves
    // after it are the book's answer (as `miai tsumego` reads SGF).
    let line = record.main_line();
    let mut moves = 0;
    for node in &line {
        if node.mv.is_some() {
            moves += 1;
            continue;
        }
        if moves > 0 {
            continue;
        }
        for &(v, c) in &node.setup {
            m.stones[v.index()] = c;
        }
        if let Some(c) = node.to_play {
            m.to_move = c;
        }
        for (v, mark) in &node.marks {
            m.marks.retain(|(u, _)| u != v);
            m.marks.push((*v, mark.clone()));
        }
        if let Some(c) = &node.comment
            && !c.contains('\n')
            && m.headers.is_empty()
        {
            m.headers.push(("name".into(), c.trim().to_string()));
        }
    }
    if moves > 0 {
        notes.push(format!(
            "the main line's {moves} move(s) after the setup were not played: \
             the board is the setup (as `miai tsumego` reads a problem's SGF)"
        ));
    }
    check_legal(&m, Format::Sgf)?;
    Ok((m, notes))
}

fn read_problem(text: &str, format: Format) -> Result<(Model, Vec<String>), BoardError> {
    let f = file::parse(text).map_err(|e| {
        let (column, message) = split_column(&e.message);
        BoardError::at(
            format,
            Some(e.line),
            column,
            match column {
                Some(c) => format!("line {}, column {c}: {message}", e.line),
                None => e.to_string(),
            },
        )
    })?;
    let setup = &f.spec.setup;
    let mut m = Model::empty(setup.graph.clone());
    m.stones = setup.stones.clone();
    m.to_move = setup.to_move;
    m.ko = setup.ko;
    m.origin = f.origin;
    m.width = f.diagram.width;
    m.height = f.diagram.height;
    for (i, mark) in f.diagram.marks.iter().enumerate() {
        if let Some(mark) = mark
            && let Some(v) = m.graph.at(
                f.origin.0 + i % f.diagram.width,
                f.origin.1 + i / f.diagram.width,
            )
        {
            m.marks.push((v, mark.clone()));
        }
    }
    m.attacker = f.spec.attacker;
    m.region = f.spec.region.clone();
    m.target = f.spec.targets.clone();
    m.headers = f
        .headers
        .iter()
        .filter(|(k, _)| !MANAGED.contains(&k.as_str()))
        .cloned()
        .collect();
    Ok((m, Vec::new()))
}

fn read_race(text: &str, format: Format) -> Result<(Model, Vec<String>), BoardError> {
    use miai_semeai::InputError as E;
    let race = if format == Format::RaceSgf || text.trim_start().starts_with('(') {
        Race::parse_sgf(text)
    } else {
        Race::parse_diagram(text)
    }
    .map_err(|e| {
        let (line, column) = match &e {
            E::BadChar { line, column, .. } => (Some(*line), Some(*column)),
            E::Ragged { line, .. } | E::Header { line, .. } => (Some(*line), None),
            E::Diagram(d) => (Some(d.line), Some(d.column)),
            E::Sgf(s) => (Some(s.line), Some(s.column)),
            _ => (None, None),
        };
        BoardError::at(format, line, column, e.to_string())
    })?;
    let pos = race.position();
    let graph = pos.graph().clone();
    let (w, h) = graph.dimensions().unwrap_or((0, 0));
    let mut m = Model::empty(graph.clone());
    m.stones = pos.stones();
    m.to_move = pos.to_move();
    for v in graph.vertices() {
        // Unmarked chains are safe in a race: only the marks that say
        // something are kept, so a race read and written stays the same.
        if let Some(a @ (Attribute::Essential | Attribute::Unknown)) = race.attribute(v) {
            m.attrs[v.index()] = Some(a);
        }
    }
    for &(c, v) in race.labels() {
        m.marks.push((v, Mark::Label(c.to_string())));
    }
    let mut notes = Vec::new();
    // An open side: the race is a window on a larger (19x19) board, as a
    // box diagram that shows no edge on that side.
    let open: Vec<&str> = race.open_sides().iter().map(|(s, _)| *s).collect();
    if !open.is_empty() {
        let (mut bw, mut bh, mut ox, mut oy) = (w, h, 0, 0);
        let axis = |near: bool, far: bool, len: usize| -> (usize, usize) {
            match (near, far) {
                (false, false) => (len, 0),
                (true, false) => (19.max(len), 19.max(len) - len),
                (false, true) => (19.max(len), 0),
                (true, true) => (len + 2, 1),
            }
        };
        (bw, ox) = if bw > 0 {
            axis(open.contains(&"left"), open.contains(&"right"), w)
        } else {
            (bw, ox)
        };
        (bh, oy) = if bh > 0 {
            axis(open.contains(&"top"), open.contains(&"bottom"), h)
        } else {
            (bh, oy)
        };
        let big = Arc::new(
            Graph::grid(bw, bh).map_err(|e| BoardError::at(format, None, None, e.to_string()))?,
        );
        let mut placed = Model::empty(big.clone());
        placed.origin = (ox, oy);
        placed.width = w;
        placed.height = h;
        placed.to_move = m.to_move;
        for v in graph.vertices() {
            if let Some((x, y)) = graph.xy(v)
                && let Some(u) = big.at(ox + x, oy + y)
            {
                placed.stones[u.index()] = m.stones[v.index()];
                placed.attrs[u.index()] = m.attrs[v.index()];
                if let Some((_, mk)) = m.marks.iter().find(|(x, _)| *x == v) {
                    placed.marks.push((u, mk.clone()));
                }
            }
        }
        notes.push(format!(
            "open sides ({}): the race is drawn as part of a {bw}x{bh} board",
            open.join(" ")
        ));
        m = placed;
    }
    Ok((m, notes))
}

/// A position with a chain without liberties is refused (SGF setups may
/// hold one; the editor could not play from it).
fn check_legal(m: &Model, format: Format) -> Result<(), BoardError> {
    Position::from_setup(m.setup(), race_rules())
        .map(|_| ())
        .map_err(|e| BoardError::at(format, None, None, format!("illegal position: {e}")))
}

/// Writes `m` as `format`.
fn write(m: &Model, format: Format) -> Result<String, BoardError> {
    match format {
        Format::Sgf => {
            let root = sgf::Node {
                setup: m
                    .graph
                    .vertices()
                    .filter_map(|v| m.stones[v.index()].map(|c| (v, Some(c))))
                    .collect(),
                to_play: Some(m.to_move),
                marks: m.marks.clone(),
                comment: m
                    .headers
                    .iter()
                    .find(|(k, _)| k == "name")
                    .map(|(_, v)| v.clone()),
                ..sgf::Node::default()
            };
            Ok(sgf::Record {
                graph: m.graph.clone(),
                komi: None,
                root,
            }
            .write())
        }
        Format::Diagram => Ok(m.diagram().write_box()),
        Format::Plain => {
            let whole = Model {
                origin: (0, 0),
                width: m.graph.dimensions().map_or(m.width, |d| d.0),
                height: m.graph.dimensions().map_or(m.height, |d| d.1),
                ..m.clone()
            };
            Ok(whole.diagram().write_plain())
        }
        Format::Problem => write_problem(m),
        Format::Race => write_race(m),
        Format::RaceSgf => write_race_sgf(m),
    }
}

fn write_problem(m: &Model) -> Result<String, BoardError> {
    let (bw, bh) = m.graph.dimensions().unwrap_or((m.width, m.height));
    let mut setup = m.setup();
    setup.ko = m.ko;
    let spec = miai_tsumego::ProblemSpec {
        attacker: m.attacker,
        region: m.region.clone(),
        targets: m.target.clone(),
        attacker_just_tenukied: m
            .headers
            .iter()
            .any(|(k, v)| k == "tenuki" && v == "attacker"),
        ..miai_tsumego::ProblemSpec::new(setup)
    };
    let window = miai_tsumego::report::Window {
        board: [bw, bh],
        origin: [m.origin.0, m.origin.1],
        width: m.width,
        height: m.height,
    };
    file::write(&spec, &m.headers, window, &m.marks)
        .map_err(|e| BoardError::plain(format!("problem: {e}")))
}

/// The race on the whole board: the stones, the attributes as the page
/// gave them, the one-character labels on empty points (the first of each).
fn race_of(m: &Model) -> Result<Race, BoardError> {
    let pos = Position::from_setup(m.setup(), race_rules())
        .map_err(|e| BoardError::plain(format!("race: illegal position: {e}")))?;
    let mut labels: Vec<(char, Vertex)> = Vec::new();
    for v in m.graph.vertices() {
        if m.stones[v.index()].is_some() {
            continue;
        }
        let one = m.marks.iter().find_map(|(u, mk)| match mk {
            Mark::Label(l) if *u == v && l.chars().count() == 1 => l.chars().next(),
            _ => None,
        });
        if let Some(c) = one
            && !labels.iter().any(|&(l, _)| l == c)
        {
            labels.push((c, v));
        }
    }
    Race::new(pos, m.attrs.clone())
        .and_then(|r| r.with_labels(&labels))
        .map_err(|e| BoardError::plain(format!("race: {e}")))
}

/// The race as SGF, with semeai's markup (`Race::to_sgf`).
fn write_race_sgf(m: &Model) -> Result<String, BoardError> {
    race_of(m)?
        .to_sgf()
        .ok_or_else(|| BoardError::plain("race-sgf: the board is not a grid"))
}

/// The window as a race diagram (`Race::to_diagram`): the sides where the
/// window does not reach the board's edge are open.
fn write_race(m: &Model) -> Result<String, BoardError> {
    // Checks the chains' attributes agree on the whole board.
    race_of(m)?;
    let (bw, bh) = m.graph.dimensions().unwrap_or((m.width, m.height));
    let open: Vec<&str> = [
        ("top", m.origin.1 > 0),
        ("bottom", m.origin.1 + m.height < bh),
        ("left", m.origin.0 > 0),
        ("right", m.origin.0 + m.width < bw),
    ]
    .into_iter()
    .filter_map(|(side, open)| open.then_some(side))
    .collect();
    let race_err = |e: String| BoardError::plain(format!("race: {e}"));
    let graph = Arc::new(Graph::grid(m.width, m.height).map_err(|e| race_err(e.to_string()))?);
    let mut setup = Setup::empty(graph.clone());
    let mut attrs = vec![None; graph.len()];
    let mut labels = Vec::new();
    for (c, r, v) in m.window_vertices() {
        let (Some(v), Some(u)) = (v, graph.at(c, r)) else {
            continue;
        };
        setup.stones[u.index()] = m.stones[v.index()];
        attrs[u.index()] = m.attrs[v.index()];
        if m.stones[v.index()].is_none()
            && let Some((_, Mark::Label(l))) = m.marks.iter().find(|(x, _)| *x == v)
        {
            let mut cs = l.chars();
            match (cs.next(), cs.next()) {
                (Some(ch), None) => labels.push((ch, u)),
                _ => {
                    return Err(race_err(format!(
                        "the label {l:?} at {} cannot be written in a race diagram (one \
                         lower-case letter other than e, s, u, or a digit)",
                        m.name(v)
                    )));
                }
            }
        }
    }
    let pos = Position::from_setup(setup, race_rules())
        .map_err(|e| race_err(format!("illegal position in the window: {e}")))?;
    let race = Race::new(pos, attrs)
        .and_then(|r| r.with_labels(&labels))
        .and_then(|r| r.with_open_sides(&open))
        .map_err(|e| race_err(e.to_string()))?;
    race.to_diagram().map_err(|e| match e {
        // Name the point on the whole board, not in the window.
        miai_semeai::WriteError::Label { label, .. } => {
            let at = labels
                .iter()
                .find(|&&(c, _)| c == label)
                .and_then(|&(_, u)| graph.xy(u))
                .and_then(|(c, r)| m.graph.at(m.origin.0 + c, m.origin.1 + r))
                .map_or_else(String::new, |v| m.name(v));
            race_err(format!(
                "the label {:?} at {at} cannot be written in a race diagram (one lower-case \
                 letter other than e, s, u, or a digit)",
                label.to_string()
            ))
        }
        e => race_err(e.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_formats() {
        assert_eq!(Format::guess("(;SZ[9])"), Format::Sgf);
        assert_eq!(Format::guess(". E e .\n. E e .\n"), Format::Race);
        assert_eq!(Format::guess("open: right\n. X O\n"), Format::Race);
        assert_eq!(
            Format::guess("attacker: white\ndiagram:\n┌●○\n"),
            Format::Problem
        );
        assert_eq!(Format::guess("X O .\n. . .\n"), Format::Problem);
        // A header value with letters is not a race row.
        assert_eq!(Format::guess("name: use seki\n┌●○\n"), Format::Problem);
    }

    /// Arbitrary text in every format, and boards made of it, never panic
    /// (a small deterministic generator: the libraries' own parsers have
    /// their proptests and fuzz targets; this covers the glue here).
    #[test]
    fn arbitrary_input_never_panics() {
        const ALPHABET: &[&str] = &[
            "(",
            ")",
            ";",
            "[",
            "]",
            "SZ",
            "AB",
            "AW",
            "TR",
            "LB",
            "B",
            "W",
            "aa",
            "zz",
            "9",
            "19:5",
            ":",
            "\n",
            " ",
            ".",
            "X",
            "O",
            "E",
            "e",
            "S",
            "U",
            "a",
            "┌",
            "┬",
            "┼",
            "●",
            "○",
            "△",
            "├",
            "diagram:",
            "attacker: ",
            "region: ",
            "target: ",
            "A19",
            "open: right",
            "board: 9x5",
            "ko: ",
            "#",
        ];
        let formats = [
            Format::Sgf,
            Format::Diagram,
            Format::Plain,
            Format::Problem,
            Format::Race,
            Format::RaceSgf,
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) as usize) % n
        };
        for _ in 0..400 {
            let len = next(40);
            let text: String = (0..len).map(|_| ALPHABET[next(ALPHABET.len())]).collect();
            let _ = Format::guess(&text);
            for f in formats {
                if let Ok((m, _)) = read(&text, f) {
                    let b = m.to_board();
                    let back = Model::from_board(&b).map(|m| m.to_board());
                    assert_eq!(back.as_ref().ok(), Some(&b), "{text:?}");
                    for g in formats {
                        let _ = write(&m, g);
                    }
                }
            }
        }
    }

    #[test]
    fn huge_origins_are_refused() {
        let b = Board {
            width: 3,
            height: 1,
            board: Some([19, 19]),
            origin: [usize::MAX, 0],
            stones: vec!["X.O".into()],
            attributes: Vec::new(),
            marks: Vec::new(),
            region: None,
            target: None,
            attacker: None,
            to_move: None,
            ko: None,
            headers: Vec::new(),
        };
        assert!(Model::from_board(&b).is_err());
    }

    #[test]
    fn column_prefix_is_split() {
        assert_eq!(split_column("column 3: bad"), (Some(3), "bad".to_string()));
        assert_eq!(split_column("no column"), (None, "no column".to_string()));
    }
}
