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

use miai_goban::diagram::Placement;
use miai_goban::{Color, CoordError, Diagram, Graph, Vertex};

use crate::problem::ProblemSpec;
use crate::regime::{Regime, RegimeError};
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
