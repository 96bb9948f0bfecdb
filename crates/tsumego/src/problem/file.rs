//! Problem files: `key: value` header lines, then `diagram:` and the rows of
//! a diagram (box style or plain, see `miai_goban::Diagram`).
//!
//! ```text
//! name: bent four in the corner
//! source: ...
//! attacker: black
//! to-move: white
//! ko: B19
//! diagram:
//! ┌●●○┬
//! ...
//! ```
//!
//! Keys read here: `attacker`, `to-move`, `ko` (the point the player to move
//! may not play because of a ko just taken, in the board's coordinates),
//! `region` (points separated by spaces or commas), `target` (points of
//! the target chains), `tenuki: attacker` (the
//! attacker's last move was a tenuki), `board` (`19` or `19x19`, the board
//! the diagram sits on). Every other key is kept as it is (`name`,
//! `source`, `expect`, ...).

use std::sync::Arc;

use miai_goban::diagram::{Edges, Placement};
use miai_goban::{Color, CoordError, Diagram, Graph, Mark, Vertex};

use crate::problem::ProblemSpec;
use crate::regime::{Regime, RegimeError};
use crate::report::Window;
use crate::side::Side;

/// A parsed problem file.
#[derive(Debug, Clone)]
pub struct ProblemFile {
    /// The problem.
    pub spec: ProblemSpec,
    /// Every header, in order (keys lower-cased).
    pub headers: Vec<(String, String)>,
    /// The diagram as read.
    pub diagram: Diagram,
    /// Column and row of the diagram's top-left point on the board.
    pub origin: (usize, usize),
    /// The line of each header.
    header_lines: Vec<usize>,
}

impl ProblemFile {
    /// The regime the headers ask for: `rules: seed|superko` (default
    /// seed) and `ko-threats: N` (default [`Regime::DEFAULT_KO_THREATS`]).
    pub fn regime(&self) -> Result<Regime, FileError> {
        let line = |key: &str| {
            self.headers
                .iter()
                .position(|(k, _)| k == key)
                .map_or(1, |i| self.header_lines[i])
        };
        Regime::choose(self.header("rules"), self.header("ko-threats")).map_err(|e| {
            let key = match e {
                RegimeError::UnknownRules(_) => "rules",
                RegimeError::BadKoThreats(_) => "ko-threats",
            };
            err(line(key), e.to_string())
        })
    }

    /// The statuses a status header states (`expect`, `solver-differs`,
    /// `expect-no-threats`): `attacker-first=<word> defender-first=<word>`,
    /// `-` for "not stated". `None` when the file has no such header; an
    /// error names the header's line and the bad item.
    pub fn stated(&self, key: &str) -> Result<Option<Stated>, FileError> {
        let Some(i) = self.headers.iter().position(|(k, _)| k == key) else {
            return Ok(None);
        };
        let line = self.header_lines[i];
        let mut out = Stated::default();
        let mut seen = false;
        for part in self.headers[i].1.split_whitespace() {
            let Some((k, v)) = part.split_once('=') else {
                return Err(err(
                    line,
                    format!(
                        "{key}: bad item {part:?}: expected attacker-first=<status> or defender-first=<status>"
                    ),
                ));
            };
            let slot = match k {
                "attacker-first" => &mut out.attacker_first,
                "defender-first" => &mut out.defender_first,
                _ => {
                    return Err(err(
                        line,
                        format!("{key}: bad key {k:?}: expected attacker-first or defender-first"),
                    ));
                }
            };
            seen = true;
            *slot = (v != "-").then(|| v.to_string());
        }
        if !seen {
            return Err(err(line, format!("{key}: states no status")));
        }
        Ok(Some(out))
    }

    /// The value of a header.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The statuses a header states for each first player (see
/// [`ProblemFile::stated`]): status words such as `dead` or `ko`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stated {
    /// With the attacker moving first.
    pub attacker_first: Option<String>,
    /// With the defender moving first.
    pub defender_first: Option<String>,
}

impl Stated {
    /// The status stated for `first`.
    pub fn get(&self, first: Side) -> Option<&str> {
        match first {
            Side::Attacker => self.attacker_first.as_deref(),
            Side::Defender => self.defender_first.as_deref(),
        }
    }
}

/// A malformed problem file, with its line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct FileError {
    /// Line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> FileError {
    FileError {
        line,
        message: message.into(),
    }
}

/// Reads a problem file (or a bare diagram: no headers, Black to move).
pub fn parse(text: &str) -> Result<ProblemFile, FileError> {
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut header_line: Vec<usize> = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut diagram_start = None;
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') && !line.contains('┌') {
            continue;
        }
        if line == "diagram:" {
            diagram_start = Some(i + 1);
            break;
        }
        match line.split_once(':') {
            Some((k, v))
                if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
            {
                headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
                header_line.push(i + 1);
            }
            _ => {
                if headers.is_empty() {
                    // A bare diagram.
                    diagram_start = Some(i);
                    break;
                }
                return Err(err(
                    i + 1,
                    format!("expected `key: value` or `diagram:`, found {line:?}"),
                ));
            }
        }
    }
    let Some(start) = diagram_start else {
        return Err(err(
            lines.len().max(1),
            "no diagram (a `diagram:` line and its rows)",
        ));
    };
    let body: String = lines[start..].iter().map(|l| format!("{l}\n")).collect();
    let diagram = Diagram::parse(&body).map_err(|e| {
        err(
            start + e.line,
            format!("column {}: {}", e.column, e.message),
        )
    })?;
    let at = |key: &str| -> usize {
        headers
            .iter()
            .position(|(k, _)| k == key)
            .map_or(1, |i| header_line[i])
    };
    let get = |key: &str| {
        headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    let board = match get("board") {
        None => (19, 19),
        Some(b) => {
            parse_board(&b).ok_or_else(|| err(at("board"), format!("bad board size {b:?}")))?
        }
    };
    let placed = diagram
        .place(Placement {
            board,
            origin: None,
        })
        .map_err(|e| err(start + e.line, e.message.clone()))?;
    let mut setup = placed.setup;
    let graph: Arc<Graph> = setup.graph.clone();
    // Other headers are kept for the front ends (`name`, `source`,
    // `expect`...), but one that reads like the side to move and is not
    // `to-move` would be ignored without a word: refused, naming the right
    // one.
    for key in ["to-play", "player", "turn", "side-to-move"] {
        if get(key).is_some() {
            return Err(err(
                at(key),
                format!("unknown header `{key}:`: the side to move is given by `to-move:`"),
            ));
        }
    }
    if let Some(c) = get("to-move") {
        match c.as_str() {
            "-" | "" => {}
            _ => {
                setup.to_move = Color::from_name(&c).ok_or_else(|| {
                    err(
                        at("to-move"),
                        format!("bad colour {c:?}: expected black or white"),
                    )
                })?
            }
        }
    }
    let attacker = match get("attacker") {
        None => None,
        Some(c) => Some(Color::from_name(&c).ok_or_else(|| {
            err(
                at("attacker"),
                format!("bad colour {c:?}: expected black or white"),
            )
        })?),
    };
    if let Some(k) = get("ko") {
        let v = graph
            .parse_vertex(&k)
            .map_err(|e| err(at("ko"), format!("bad ko point {k:?}: {e}")))?;
        setup.ko = Some(v);
    }
    let points = |key: &str| -> Result<Option<Vec<Vertex>>, FileError> {
        get(key)
            .map(|r| {
                parse_points(&graph, &r)
                    .map_err(|(p, e)| err(at(key), format!("bad {key} point {p:?}: {e}")))
            })
            .transpose()
    };
    let region = points("region")?;
    let targets = points("target")?;
    let attacker_just_tenukied = match get("tenuki").as_deref() {
        None | Some("-") | Some("none") => false,
        Some("attacker") => true,
        Some(other) => {
            return Err(err(
                at("tenuki"),
                format!("bad tenuki {other:?}: expected `attacker`"),
            ));
        }
    };
    Ok(ProblemFile {
        spec: ProblemSpec {
            setup,
            attacker,
            region,
            attacker_just_tenukied,
            targets,
            reach: crate::problem::DEFAULT_REACH,
            room: false,
            exits: false,
        },
        headers,
        diagram,
        origin: placed.origin,
        header_lines: header_line,
    })
}

/// Points separated by commas or white space, on `graph`; a bad one comes
/// back with its text and the reason.
pub fn parse_points(graph: &Graph, text: &str) -> Result<Vec<Vertex>, (String, CoordError)> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .map(|p| graph.parse_vertex(p).map_err(|e| (p.to_string(), e)))
        .collect()
}

fn parse_board(s: &str) -> Option<(usize, usize)> {
    let s = s.trim();
    match s.split_once('x') {
        Some((w, h)) => Some((w.trim().parse().ok()?, h.trim().parse().ok()?)),
        None => {
            let n = s.parse().ok()?;
            Some((n, n))
        }
    }
}

/// Rules that cannot be used, and where they came from (see
/// [`choose_regime`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The rules the caller gave.
    #[error("{0}")]
    Given(RegimeError),
    /// A header of the problem file.
    #[error("header `{key}`: {error}")]
    Header {
        /// `rules` or `ko-threats`.
        key: &'static str,
        /// What is wrong with it.
        error: RegimeError,
    },
    /// Ko threats given with the superko rules.
    #[error("ko threats apply to the seed rules only, not to superko")]
    KoThreatsUnderSuperko,
}

/// The rules of an analysis: `rules` and `ko_threats` as the caller gives
/// them, each falling back on the file's `rules` and `ko-threats` headers,
/// then on the seed rules with their default N.
pub fn choose_regime(
    rules: Option<&str>,
    ko_threats: Option<u8>,
    file: Option<&ProblemFile>,
) -> Result<Regime, RulesError> {
    let header = |key: &str| file.and_then(|f| f.header(key));
    let ko = ko_threats.map(|n| n.to_string());
    let regime = Regime::choose(
        rules.or(header("rules")),
        ko.as_deref().or(header("ko-threats")),
    )
    .map_err(|e| match e {
        RegimeError::UnknownRules(_) if rules.is_some() => RulesError::Given(e),
        RegimeError::UnknownRules(_) => RulesError::Header {
            key: "rules",
            error: e,
        },
        RegimeError::BadKoThreats(_) => RulesError::Header {
            key: "ko-threats",
            error: e,
        },
    })?;
    if regime == Regime::Superko && ko_threats.is_some() {
        return Err(RulesError::KoThreatsUnderSuperko);
    }
    Ok(regime)
}

impl ProblemFile {
    /// The diagram's window on its board.
    pub fn window(&self) -> Option<Window> {
        let (w, h) = self.spec.setup.graph.dimensions()?;
        Some(Window {
            board: [w, h],
            origin: [self.origin.0, self.origin.1],
            width: self.diagram.width,
            height: self.diagram.height,
        })
    }
}

/// The headers [`write()`] writes from the spec; headers of these keys given
/// to it are left out.
pub const SPEC_KEYS: &[&str] = &[
    "attacker", "to-move", "ko", "tenuki", "region", "target", "board",
];

/// Why a problem cannot be written as a problem file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The board is not a grid.
    #[error("a problem file's board is a grid")]
    NotAGrid,
    /// The window does not fit on the board.
    #[error("the window ({width}x{height} at column {x}, row {y}) is not on the board")]
    OffBoard {
        /// Columns of the window.
        width: usize,
        /// Rows of the window.
        height: usize,
        /// Its left column.
        x: usize,
        /// Its top row.
        y: usize,
    },
    /// The diagram would not place itself where the window is.
    #[error(
        "a box diagram places itself by the board edges it shows, and this window's edge \
         sides hold only stones (or it touches no edge){detail}: widen the window to include \
         an empty edge point"
    )]
    Unplaced {
        /// What the placement said, if it failed.
        detail: String,
    },
    /// A header's key or value cannot be written on one header line.
    #[error("header {key:?}: {reason}")]
    BadHeader {
        /// The key.
        key: String,
        /// What is wrong.
        reason: &'static str,
    },
}

/// Writes a problem file that [`parse`] reads back as `spec` with `headers`:
/// the headers first (but those of [`SPEC_KEYS`], which come from the spec),
/// then the spec's attacker, player to move, ko, tenuki, target, region and
/// board size, then `diagram:` and the box diagram of `window` (with
/// `marks`). The window must show an empty point on an edge of each axis it
/// touches, for the diagram to place itself there.
pub fn write(
    spec: &ProblemSpec,
    headers: &[(String, String)],
    window: Window,
    marks: &[(Vertex, Mark)],
) -> Result<String, WriteError> {
    let graph = &spec.setup.graph;
    let (bw, bh) = graph.dimensions().ok_or(WriteError::NotAGrid)?;
    let [x0, y0] = window.origin;
    if x0 + window.width > bw || y0 + window.height > bh || window.board != [bw, bh] {
        return Err(WriteError::OffBoard {
            width: window.width,
            height: window.height,
            x: x0,
            y: y0,
        });
    }
    let mut out = String::new();
    for (k, v) in headers {
        if SPEC_KEYS.contains(&k.as_str()) {
            continue;
        }
        let key_ok = !k.is_empty()
            && k != "diagram"
            && k.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !key_ok {
            return Err(WriteError::BadHeader {
                key: k.clone(),
                reason: "a key is lower-case letters, digits and '-', not `diagram`",
            });
        }
        if v.contains(['\n', '\r']) || v.trim() != v {
            return Err(WriteError::BadHeader {
                key: k.clone(),
                reason: "a value is one line, without surrounding white space",
            });
        }
        out.push_str(&format!("{k}: {v}\n"));
    }
    let colour = |c: Color| c.to_string().to_lowercase();
    if let Some(c) = spec.attacker {
        out.push_str(&format!("attacker: {}\n", colour(c)));
    }
    if spec.setup.to_move != Color::Black {
        out.push_str(&format!("to-move: {}\n", colour(spec.setup.to_move)));
    }
    if let Some(k) = spec.setup.ko {
        out.push_str(&format!("ko: {}\n", graph.vertex_name(k)));
    }
    if spec.attacker_just_tenukied {
        out.push_str("tenuki: attacker\n");
    }
    let names = |vs: &[Vertex]| {
        vs.iter()
            .map(|&v| graph.vertex_name(v))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if let Some(t) = &spec.targets {
        out.push_str(&format!("target: {}\n", names(t)));
    }
    if let Some(r) = &spec.region {
        out.push_str(&format!("region: {}\n", names(r)));
    }
    if (bw, bh) != (19, 19) {
        out.push_str(&format!("board: {bw}x{bh}\n"));
    }
    let mut stones = Vec::with_capacity(window.width * window.height);
    for y in y0..y0 + window.height {
        for x in x0..x0 + window.width {
            stones.push(graph.at(x, y).and_then(|v| spec.setup.stones[v.index()]));
        }
    }
    let mut d = Diagram {
        width: window.width,
        height: window.height,
        marks: vec![None; stones.len()],
        stones,
        edges: Edges {
            top: y0 == 0,
            left: x0 == 0,
            bottom: y0 + window.height == bh,
            right: x0 + window.width == bw,
        },
    };
    d.set_marks(graph, (x0, y0), marks);
    let text = d.write_box();
    // The file must place the diagram where it is, and a box diagram says
    // where it sits by the edges it draws: an edge side holding only stones
    // draws none. So the text as written is read and placed again.
    let placed = Diagram::parse(&text)
        .map_err(|e| e.message)
        .and_then(|back| {
            back.place(Placement {
                board: (bw, bh),
                origin: None,
            })
            .map_err(|e| e.message)
        })
        .map_err(|m| WriteError::Unplaced {
            detail: format!(" ({m})"),
        })?;
    if placed.origin != (x0, y0) {
        return Err(WriteError::Unplaced {
            detail: String::new(),
        });
    }
    out.push_str("diagram:\n");
    out.push_str(&text);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use miai_goban::Setup;
    use proptest::prelude::*;

    /// A problem on a `w`x`h` board, its stones, and the pieces of a spec.
    fn spec_strategy() -> impl Strategy<Value = (ProblemSpec, Vec<(String, String)>)> {
        (2usize..=9, 2usize..=9).prop_flat_map(|(w, h)| {
            let n = w * h;
            (
                proptest::collection::vec(
                    prop_oneof![
                        Just(None),
                        Just(Some(Color::Black)),
                        Just(Some(Color::White))
                    ],
                    n,
                ),
                any::<bool>(),
                proptest::option::of(any::<bool>()),
                proptest::option::of(0..n),
                any::<bool>(),
                proptest::option::of(proptest::collection::vec(0..n, 1..4)),
                proptest::option::of(proptest::collection::vec(0..n, 1..6)),
                proptest::collection::vec(
                    ("[a-z][a-z0-9-]{0,6}", "[!-~]([ -~]{0,12}[!-~])?"),
                    0..4,
                ),
            )
                .prop_map(
                    move |(stones, white, attacker, ko, tenuki, targets, region, headers)| {
                        let graph = Arc::new(Graph::grid(w, h).expect("a small grid"));
                        let v = |i: usize| graph.vertices().nth(i).expect("on the board");
                        let mut setup = Setup::empty(graph.clone());
                        setup.stones = stones;
                        // An empty corner: the box diagram draws both edges
                        // there, so the whole board places itself.
                        setup.stones[0] = None;
                        setup.to_move = if white { Color::White } else { Color::Black };
                        setup.ko = ko.map(v);
                        let spec = ProblemSpec {
                            attacker: attacker.map(|b| if b { Color::Black } else { Color::White }),
                            region: region.map(|r| r.into_iter().map(v).collect()),
                            targets: targets.map(|t| t.into_iter().map(v).collect()),
                            attacker_just_tenukied: tenuki,
                            reach: crate::problem::DEFAULT_REACH,
                            room: false,
                            exits: false,
                            setup,
                        };
                        let headers = headers
                            .into_iter()
                            .filter(|(k, _)| k != "diagram" && !SPEC_KEYS.contains(&k.as_str()))
                            .collect();
                        (spec, headers)
                    },
                )
        })
    }

    proptest! {
        /// Writing a problem and reading it back gives the problem: the
        /// spec, and the headers in order.
        #[test]
        fn write_then_parse_is_the_identity((spec, headers) in spec_strategy()) {
            let (w, h) = spec.setup.graph.dimensions().expect("a grid");
            let window = Window { board: [w, h], origin: [0, 0], width: w, height: h };
            let text = write(&spec, &headers, window, &[]).expect("a whole board places itself");
            let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(&back.spec, &spec, "{}", text);
            let kept: Vec<(String, String)> = back
                .headers
                .iter()
                .filter(|(k, _)| !SPEC_KEYS.contains(&k.as_str()))
                .cloned()
                .collect();
            prop_assert_eq!(kept, headers);
            prop_assert_eq!(back.window(), Some(window));
        }

        /// A corner window of a 19x19 board is written where it is, or
        /// refused; never written elsewhere.
        #[test]
        fn a_window_is_placed_where_it_is_or_refused(
            (w, h) in (2usize..=7, 2usize..=7),
            stones in proptest::collection::vec(prop_oneof![Just(None), Just(Some(Color::Black))], 49),
            right in any::<bool>(),
            bottom in any::<bool>(),
        ) {
            let graph = Arc::new(Graph::grid(19, 19).expect("19x19"));
            let origin = [if right { 19 - w } else { 0 }, if bottom { 19 - h } else { 0 }];
            let mut setup = Setup::empty(graph.clone());
            for y in 0..h {
                for x in 0..w {
                    let v = graph.at(origin[0] + x, origin[1] + y).expect("on the board");
                    setup.stones[v.index()] = stones[y * 7 + x];
                }
            }
            let spec = ProblemSpec::new(setup);
            let window = Window { board: [19, 19], origin, width: w, height: h };
            if let Ok(text) = write(&spec, &[], window, &[]) {
                let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
                prop_assert_eq!(back.window(), Some(window));
                prop_assert_eq!(&back.spec, &spec);
            }
        }
    }

    #[test]
    fn a_window_of_stones_on_its_edges_is_refused() {
        // A 2x2 corner window full of stones: its edges hold only stones.
        let graph = Arc::new(Graph::grid(19, 19).expect("19x19"));
        let mut setup = Setup::empty(graph.clone());
        for v in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let v = graph.at(v.0, v.1).expect("on the board");
            setup.stones[v.index()] = Some(Color::Black);
        }
        let window = Window {
            board: [19, 19],
            origin: [0, 0],
            width: 2,
            height: 2,
        };
        let e = write(&ProblemSpec::new(setup), &[], window, &[]);
        assert!(matches!(e, Err(WriteError::Unplaced { .. })), "{e:?}");
    }

    /// `to-play:` (SGF's PL, a common slip) would be kept as an unknown
    /// header and the problem posed with Black to move: refused, naming
    /// its line and `to-move:`.
    #[test]
    fn a_to_play_header_is_refused_naming_to_move() {
        let text = "attacker: white\nto-play: white\ndiagram:\n┌┬┬\n├┼┼\n";
        let e = parse(text).expect_err("refused");
        assert_eq!(e.line, 2, "{e}");
        assert!(e.to_string().contains("`to-move:`"), "{e}");
        let ok = parse(&text.replace("to-play", "to-move")).expect("parses");
        assert_eq!(ok.spec.setup.to_move, Color::White);
    }
}
