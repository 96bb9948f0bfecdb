//! Benchmarks on problem sets: how a book problem is posed and scored (the
//! posing ladder), how a problem file's stated statuses are checked, and
//! the report of a run (what `miai tsumego bench` prints).
//!
//! Two kinds of set:
//! - a `.jsonl` file of book problems (one JSON object a line: `AB`/`AW`
//!   stones in SGF coordinates, `aa` the top-left point; `SZ`; `C` "Black
//!   to play" / "White to play"; `SOL` the accepted first moves; `id`). The
//!   problem is posed with everything inferred and analysed with the side
//!   to play first; the accepted moves are proven correct one by one when
//!   the variation starts elsewhere. The side to play
//!   succeeds when it kills as the attacker or lives as the defender; when
//!   it fails in the inferred role (or its search is cut off), the problem
//!   is posed again with the other colour attacking, and that answer is
//!   used if it is better (a book problem says who moves, not who attacks;
//!   a ko the side to play wins keeps the inferred role). An open problem's
//!   tsumego frame reaches [`Posing::reach`] points from the defender; when that
//!   search is cut off after its share of the limits ([`Posing::wide_share`]), the
//!   problem is posed again in a frame one step narrower, and that answer
//!   is used if it is better (reported as "frame narrowed"); when the
//!   defender, to play, is proven to die in its frame, up to two wider
//!   frames are tried first ("frame widened": frame stones, the attacker's,
//!   may take room the defender needs). When the side to play attacks and
//!   the wide frame's search is cut off, and the defender has chains the
//!   attacker encloses beside chains that see the open board (every
//!   defender stone in play is a target, so a kill must also take stones
//!   in open space), the enclosed chains alone are posed as the targets
//!   (a closed problem inside the wall, with a tenth of the budget) before
//!   the narrower frame; a settled kill there is the answer (reported with
//!   the region `closed`). That posing is built, or refused, before its
//!   search; a weak attacker wall near the defender's outside stones has
//!   its liberties in play there, the defender's stones round them. With
//!   [`Posing::exits`] a kill problem's frame may have exit points
//!   ([`ProblemSpec::exits`]), always or only to recheck a wrong kill
//!   ([`Exits`]). All the analyses of one problem
//!   (every posing, the accepted moves' checks) draw on one budget: one
//!   deadline and one node count, so no problem runs past its time limit.
//! - a directory of problem files, each with an `expect:` header
//!   (`attacker-first=<status> defender-first=<status>`, `-` for "not
//!   stated"): every stated status must come out.

use std::time::Instant;

use miai_goban::{Color, Graph, Position, Setup, Vertex, VertexSet};
use serde::{Deserialize, Serialize};

use crate::problem::file::Stated;
use crate::problem::{Problem, ProblemSpec, RegionKind};
use crate::regime::Regime;
use crate::report::{extraction_cut, kind_word, move_name};
use crate::search::limit::{Cancel, Limits};
use crate::side::Side;
use crate::solve::{
    Knowledge, Options, SideThreats, Status, ThreatReader, analyse, analyse_after, side_threats,
};
use crate::state::Mv;

/// How one problem came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Proven, and the first move is an accepted one (book problems) or
    /// every stated status came out (problem files).
    Solved,
    /// Proven with another first move, and an accepted move is among the
    /// correct ones.
    OtherCorrect,
    /// A ko the side to play wins with ko threats.
    Ko,
    /// Proven, but not the book's answer (or the side to play fails).
    Wrong,
    /// Cut off by a limit.
    Unproven,
    /// The problem could not be read or posed.
    Error,
}

/// Every outcome, in the order reports list them.
pub const OUTCOMES: [Outcome; 6] = [
    Outcome::Solved,
    Outcome::OtherCorrect,
    Outcome::Ko,
    Outcome::Wrong,
    Outcome::Unproven,
    Outcome::Error,
];

impl Outcome {
    /// The outcome's word, as in JSON.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::OtherCorrect => "other-correct",
            Outcome::Ko => "ko",
            Outcome::Wrong => "wrong",
            Outcome::Unproven => "unproven",
            Outcome::Error => "error",
        }
    }
}

/// One problem's result.
#[derive(Debug, Clone, Serialize)]
pub struct ProblemResult {
    /// The problem's id (the file's `id`, or its line number).
    pub id: String,
    /// How the problem came out.
    pub outcome: Outcome,
    /// The colour to play (book problems).
    pub to_play: Option<String>,
    /// The attacking colour of the answer used.
    pub attacker: Option<String>,
    /// The attacker is not the inferred one.
    pub swapped: bool,
    /// Open problems: the frame one step narrower than `--reach` gave the
    /// answer (the wide frame's search was cut off).
    pub narrowed: bool,
    /// Open problems: a frame wider than `--reach` gave the answer (the
    /// defender, to play, died in the frames up to it).
    pub widened: bool,
    /// A book move is proven to reach the result used (the first move of
    /// the variation or a checked accepted move).
    pub accepted: bool,
    /// The region searched, as point names.
    pub region: Option<String>,
    /// Points in the region searched.
    pub region_points: Option<usize>,
    /// Status words of the analyses used (`attacker-first=...` for problem
    /// files).
    pub status: Option<String>,
    /// The proven first move.
    pub first_move: Option<String>,
    /// Open problems: the frame's reach used for the answer (one less
    /// than `--reach` when the wide frame's search was cut off, more when
    /// the defender, to play, died in it); `None` for a closed problem.
    pub reach: Option<usize>,
    /// The book's accepted first moves.
    pub sol: Vec<String>,
    /// The correct first moves found.
    pub correct: Option<Vec<String>>,
    /// Nodes searched over every posing tried.
    pub nodes: u64,
    /// With [`Posing::threads`] above 1: nodes searched in parallel that
    /// the answer did not use (a narrower frame's search started beside
    /// the wide one and dropped when the wide frame settled the problem, or
    /// searched again with its exact budget). Not in `nodes`, which counts
    /// what a single thread searches for the same answer.
    pub speculative_nodes: u64,
    /// Wall-clock seconds over every posing tried.
    pub seconds: f64,
    /// Why it is wrong, unproven or an error.
    pub detail: Option<String>,
    /// Book regime: the status of the same posing under the seed's rules
    /// (the attacker may not pass), from what is left of the budget, when
    /// it says something else for the side to play than the book's
    /// reading (`None` when they agree, or when not compared).
    pub seed_status: Option<String>,
    /// A status problem: its stated goal (`kill`, `live`, `kill fails`,
    /// `live fails`).
    pub goal: Option<String>,
    /// Threat counts ([`Posing::threat_search`]): the fewest external ko
    /// threats with which the side to play wins (0: it wins without; `None`:
    /// not counted, or it fails with up to the most tried).
    pub ko_threats: Option<u8>,
    /// Threat counts, when the side to play wins without threats: the
    /// fewest external ko threats with which the opponent turns it (a ko
    /// the side to play is favoured in); `None` when it cannot with up to
    /// the most tried (an outright success), or not counted. An upper bound
    /// when the count from 1 up was cut off (the status then says "at
    /// most").
    pub opponent_threats: Option<u8>,
    /// Open problems: the points of the board that got frame stones in
    /// the posing used (empty for a closed problem).
    pub framed: Vec<String>,
    /// A book move's point holds a frame stone in the posing used: the
    /// frame took a point the book plays (the answer cannot be the book's).
    pub book_move_framed: bool,
    /// The book's moves the posing used checked after its variation opened
    /// with another move, each with what it reaches there (`G18: ko (the
    /// defender needs 2 threats)`, `H18: framed`): why a wrong answer is
    /// wrong — the book's move fails, only wins a ko the variation's move
    /// wins outright, was cut off, or the frame took its point. Empty when
    /// the variation opened with a book move or none was checked.
    pub book_moves: Vec<String>,
    /// Open kill problems posed with exit points ([`run_book`]):
    /// the frame points left empty and in play as exits in the posing
    /// used (not in `framed`). Left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exits: Vec<String>,
    /// The answer is the exit posing's ([`Exits::Recheck`]): the plain
    /// frame's was a kill no book move was proven to share. Left out of
    /// the JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exits_recheck: bool,
}

impl ProblemResult {
    /// A result that is an error until filled in.
    pub fn new(id: String) -> ProblemResult {
        ProblemResult {
            id,
            outcome: Outcome::Error,
            to_play: None,
            attacker: None,
            swapped: false,
            narrowed: false,
            widened: false,
            accepted: false,
            region: None,
            region_points: None,
            status: None,
            first_move: None,
            reach: None,
            sol: Vec::new(),
            correct: None,
            nodes: 0,
            speculative_nodes: 0,
            seconds: 0.0,
            detail: None,
            seed_status: None,
            goal: None,
            ko_threats: None,
            opponent_threats: None,
            framed: Vec::new(),
            book_move_framed: false,
            book_moves: Vec::new(),
            exits: Vec::new(),
            exits_recheck: false,
        }
    }
}

/// Problems by outcome.
#[derive(Debug, Serialize)]
pub struct Counts {
    /// Proven, with a book move.
    pub solved: usize,
    /// Proven with another move that is also correct.
    pub other_correct: usize,
    /// A ko result.
    pub ko: usize,
    /// Proven, against the book.
    pub wrong: usize,
    /// Cut off before a proof.
    pub unproven: usize,
    /// The problem could not be posed.
    pub errors: usize,
}

/// Seconds per problem.
#[derive(Debug, Serialize)]
pub struct Times {
    /// The median.
    pub median: f64,
    p90: f64,
    p99: f64,
    /// The slowest.
    pub max: f64,
    /// The mean.
    pub mean: f64,
    /// The sum over the problems.
    pub total: f64,
}

/// One of the slowest problems.
#[derive(Debug, Serialize)]
pub struct Slow {
    /// The problem's id.
    pub id: String,
    /// Its time.
    pub seconds: f64,
    /// Its outcome.
    pub outcome: Outcome,
}

/// The report of a run over a problem set.
#[derive(Debug, Serialize)]
pub struct BenchReport {
    /// The problem set's path, as given.
    pub path: String,
    /// The set's format (`jsonl` or `files`).
    pub kind: &'static str,
    /// Problems run.
    pub problems: usize,
    /// Problems in the set (before `--limit` / `--ids`).
    pub available: usize,
    /// The run was cancelled (Ctrl-C) before its end.
    pub cancelled: bool,
    /// The node limit per problem.
    pub max_nodes: Option<u64>,
    /// The time limit per problem, in seconds.
    pub time_limit: f64,
    /// The repetition rule.
    pub rules: String,
    /// Problems by outcome.
    pub counts: Counts,
    /// Problems answered with the other colour attacking.
    pub role_swapped: usize,
    /// Open problems answered with the narrower frame.
    pub frame_narrowed: usize,
    /// Open problems answered with a wider frame.
    pub frame_widened: usize,
    /// Problems whose posing used put a frame stone on a book move's point.
    pub book_move_framed: usize,
    /// Wrong kills posed again with exit points whose answer was kept
    /// ([`Exits::Recheck`]; left out of the JSON when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub exits_rechecked: usize,
    /// Ko answers with a book move proven to win the ko (or, for a status
    /// problem, none given).
    pub ko_with_accepted_move: usize,
    /// Book regime: problems whose answer differs under the seed's rules.
    pub regimes_differ: usize,
    /// How kos are scored: GoTools-style threat counts (a success needs no
    /// threats; a ko is won with the fewest external threats) or the
    /// seed's N model.
    pub ko_model: String,
    /// Threat counts: the ko answers by the threats the side to play needs
    /// (index 0: one threat).
    pub ko_by_threats: Vec<usize>,
    /// Threat counts: the ko answers the side to play wins without threats
    /// by the threats with which the opponent turns them (index 0: one).
    pub ko_favoured_by_threats: Vec<usize>,
    /// Seconds per problem.
    pub times: Times,
    /// The slowest problems, slowest first.
    pub slowest: Vec<Slow>,
    /// Every problem's result, in the set's order.
    pub results: Vec<ProblemResult>,
}

/// `serde`'s test for a count left out of the JSON when none.
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A line of a `.jsonl` problem set.
#[derive(Debug, Deserialize)]
pub struct BookProblem {
    /// Black stones (SGF points).
    #[serde(rename = "AB", default)]
    pub ab: Vec<String>,
    /// White stones (SGF points).
    #[serde(rename = "AW", default)]
    pub aw: Vec<String>,
    /// The board size (a number or a string; 19 if absent).
    #[serde(rename = "SZ", default)]
    pub sz: Option<serde_json::Value>,
    /// The comment: the side to play and the goal.
    #[serde(rename = "C", default)]
    pub c: String,
    /// The book's solution lines (first moves first).
    #[serde(rename = "SOL", default)]
    pub sol: Vec<Vec<serde_json::Value>>,
    /// The problem's id.
    #[serde(default)]
    pub id: Option<String>,
    /// A status problem: the goal of the side to play, `kill` or `live`
    /// (then `SOL` may be empty, and the problem is posed as stated, not
    /// inferred: see [`StatusProblem`]).
    #[serde(default)]
    pub goal: Option<String>,
    /// A status problem: the side to play is stated to fail.
    #[serde(default)]
    pub fails: bool,
    /// A status problem: the region in play (SGF points); inferred when
    /// absent.
    #[serde(default)]
    pub region: Option<Vec<String>>,
}

/// An SGF point (`aa` = top-left) on a grid.
fn sgf_point(graph: &Graph, p: &str) -> Result<Vertex, String> {
    let b = p.as_bytes();
    if b.len() != 2 || !b.iter().all(u8::is_ascii_lowercase) {
        return Err(format!("bad SGF point {p:?}: expected two letters a..s"));
    }
    graph
        .at(usize::from(b[0] - b'a'), usize::from(b[1] - b'a'))
        .ok_or_else(|| format!("SGF point {p:?} is off the board"))
}

/// The position of a book problem and its accepted first moves (at least
/// one).
pub fn book_setup(p: &BookProblem) -> Result<(Setup, Vec<Vertex>), String> {
    let (setup, sol) = book_position(p)?;
    if sol.is_empty() {
        return Err("no SOL moves".to_string());
    }
    Ok((setup, sol))
}

/// The position of a `.jsonl` problem and its accepted first moves (maybe
/// none).
fn book_position(p: &BookProblem) -> Result<(Setup, Vec<Vertex>), String> {
    let size = match &p.sz {
        None => 19,
        Some(serde_json::Value::String(s)) => s
            .trim()
            .parse()
            .map_err(|_| format!("bad SZ {s:?}: expected a number"))?,
        Some(serde_json::Value::Number(n)) => n
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| format!("bad SZ {n}"))?,
        Some(v) => return Err(format!("bad SZ {v}")),
    };
    let graph = std::sync::Arc::new(
        Graph::grid(size, size).map_err(|e| format!("board size {size}: {e}"))?,
    );
    let mut setup = Setup::empty(graph.clone());
    for (list, color) in [(&p.ab, Color::Black), (&p.aw, Color::White)] {
        for pt in list {
            let v = sgf_point(&graph, pt)?;
            if setup.stones[v.index()].is_some() {
                return Err(format!("two stones on {pt:?}"));
            }
            setup.stones[v.index()] = Some(color);
        }
    }
    let c = p.c.to_ascii_lowercase();
    setup.to_move = if c.contains("black to play") {
        Color::Black
    } else if c.contains("white to play") {
        Color::White
    } else if let Some((color, _, _)) = Goal::from_comment(&p.c) {
        color
    } else {
        return Err(format!(
            "C {:?} says neither \"Black to play\" nor \"White to play\" (nor \"Black to kill\", ...)",
            p.c
        ));
    };
    let mut sol = Vec::new();
    for s in &p.sol {
        let pt = s
            .get(1)
            .and_then(|v| v.as_str())
            .ok_or_else(|| format!("bad SOL entry {s:?}: expected [colour, point, ...]"))?;
        sol.push(sgf_point(&graph, pt)?);
    }
    Ok((setup, sol))
}

/// How the side to play fares in one analysis, best last. A won ko has a
/// score: `k > 0` when the side to play wins without threats unless the
/// opponent has `k` (more is better), `-t` when it needs `t` threats
/// (fewer is better), 0 in the seed's N model (no count) or when the
/// opponent's count was cut off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Fare {
    Fails,
    Unproven,
    WinsKo(i8),
    Succeeds,
}

/// A won ko of the seed's N model (no threat count).
const WINS_KO: Fare = Fare::WinsKo(0);

impl Fare {
    /// Whether the side to play wins, outright or by a ko.
    fn wins(self) -> bool {
        matches!(self, Fare::WinsKo(_) | Fare::Succeeds)
    }
}

fn fare(status: Status, side: Side) -> Fare {
    match (status, side) {
        (Status::Dead, Side::Attacker) | (Status::Alive | Status::Seki, Side::Defender) => {
            Fare::Succeeds
        }
        (
            Status::Ko {
                attacker_wins_it: true,
                ..
            },
            Side::Attacker,
        )
        | (
            Status::Ko {
                defender_wins_it: true,
                ..
            },
            Side::Defender,
        ) => WINS_KO,
        (Status::Unproven(_), _) => Fare::Unproven,
        _ => Fare::Fails,
    }
}

/// The status of one analysis in words, with its threat counts: what an
/// [`Eval`] found and an [`Attempt`] keeps.
struct Reading {
    /// The status's word (`dead`, `alive`, `ko`, ... in the seed's N model;
    /// `kills`, `lives`, `ko`, `fails`, `unproven` with threat counts).
    word: String,
    /// The status in a sentence.
    text: String,
    /// The fewest external ko threats the side to play needs (threat
    /// counts only).
    threats: Option<u8>,
    /// When it wins without: the fewest the opponent needs to turn it.
    opponent: Option<u8>,
    /// It wins without threats, but the opponent's count was cut off (the
    /// fare may be better than it says; `opponent`, if any, is an upper
    /// bound).
    open: bool,
}

/// How the side to play fares, with its status in words, from one
/// analysis of a posed problem.
struct Eval {
    fare: Fare,
    reading: Reading,
    pv_first: Option<Mv>,
    /// A limit was reached while the first move was extracted.
    cut: bool,
    nodes: u64,
}

/// The analyses' switches a [`Posing`] sets beside the regime and the
/// threat count.
#[derive(Debug, Clone, Copy)]
struct Switches {
    book_stop: bool,
    split: Option<crate::search::Split>,
    knowledge: Knowledge,
}

/// The options of the bench's analyses.
fn bench_options(
    regime: Regime,
    threat_search: u8,
    switches: Switches,
    limits: Limits,
    max_pv: usize,
) -> Options {
    let mut options = Options {
        regime,
        limits,
        book_stop: switches.book_stop,
        split: switches.split,
        // Who succeeds is all a book problem asks: living in seki or with
        // two eyes both answer it, and a ko's no-threats reading is not
        // scored.
        full_status: false,
        threat_search,
        max_pv,
        ..Options::default()
    };
    switches.knowledge.apply(&mut options);
    options
}

/// Analyses the position after `moves` (from the start, `side` to move
/// first) for `side`: with GoTools-style threat counts when
/// `threat_search > 0` (the side wins outright with none, by a ko with its
/// fewest threats, or fails with up to `threat_search`), else by the
/// seed's N model (the status, `full_status` off), where at N = 0 a
/// defender's life that rests on an endless ko is a ko
/// ([`endless_ko_check`]).
#[allow(clippy::too_many_arguments)]
fn evaluate(
    problem: &Problem,
    side: Side,
    moves: &[Mv],
    regime: Regime,
    threat_search: u8,
    switches: Switches,
    limits: Limits,
    max_pv: usize,
    cancel: &Cancel,
) -> Result<Eval, String> {
    let options = bench_options(regime, threat_search, switches, limits, max_pv);
    if threat_search > 0 && regime.seed_rules() {
        let t = side_threats(problem, side, moves, side, &options, Some(cancel.clone()))
            .map_err(|e| e.to_string())?;
        return Ok(threat_eval(t, side, &limits, cancel));
    }
    let a = if moves.is_empty() {
        analyse(problem, side, &options, Some(cancel.clone()), None)
    } else {
        analyse_after(problem, side, moves, &options, Some(cancel.clone()), None)
            .map_err(|e| e.to_string())?
    };
    let eval = Eval {
        fare: fare(a.status, side),
        reading: Reading {
            word: a.status.word().to_string(),
            text: a.status.to_string(),
            threats: None,
            opponent: None,
            open: false,
        },
        pv_first: a.pv.first().copied(),
        cut: extraction_cut(&a, &limits, cancel),
        nodes: a.nodes,
    };
    // At N = 0 both sides retake every ko at once and a ko retaken back
    // and forth is the attacker's failure, so a defender may "live" only
    // by retaking a ko for ever: a ko without threats, not a life
    // (issue 19).
    if regime.ko_threats() == Some(0) && matches!(a.status, Status::Alive | Status::Seki) {
        let left = Limits {
            max_nodes: limits.max_nodes.map(|n| n.saturating_sub(a.nodes)),
            max_time: limits.max_time.map(|t| t.saturating_sub(a.elapsed)),
            ..limits
        };
        return endless_ko_check(problem, side, moves, &options, left, cancel, eval);
    }
    Ok(eval)
}

/// The [`Eval`] of a side's threat count `t` ([`evaluate`]) found within
/// `limits`.
fn threat_eval(t: SideThreats, side: Side, limits: &Limits, cancel: &Cancel) -> Eval {
    let verb = match side {
        Side::Attacker => "kills",
        Side::Defender => "lives",
    };
    let plural = |n: u8| if n == 1 { "" } else { "s" };
    let (fare, word, text) = match (t.threats, t.opponent, t.stopped) {
        (Some(0), None, None) => (
            Fare::Succeeds,
            verb.to_string(),
            format!(
                "the {side} {verb} with no ko threats, and the {} cannot turn it with up to {}",
                side.other(),
                t.max
            ),
        ),
        // The count from 1 up was cut off after the most threats
        // turned it: `k` is only an upper bound, and the opponent
        // needs at least one (it loses without).
        (Some(0), Some(k), Some(st)) => (
            Fare::WinsKo(1),
            format!(
                "ko (the {} needs at most {k} threat{})",
                side.other(),
                plural(k)
            ),
            format!(
                "ko: the {side} {verb} with no ko threats, but the {} turns it with at most {k} external threat{} (the count from 1 up was cut off: {st})",
                side.other(),
                plural(k)
            ),
        ),
        (Some(0), Some(k), None) => (
            Fare::WinsKo(k.min(i8::MAX as u8) as i8),
            format!("ko (the {} needs {k} threat{})", side.other(), plural(k)),
            format!(
                "ko: the {side} {verb} with no ko threats, but the {} turns it with {k} external threat{}",
                side.other(),
                plural(k)
            ),
        ),
        (Some(0), None, Some(st)) => (
            WINS_KO,
            "ko?".to_string(),
            format!(
                "the {side} {verb} with no ko threats; whether the {} turns it with threats was cut off ({st})",
                side.other()
            ),
        ),
        (Some(n), _, _) => (
            Fare::WinsKo(-(n.min(i8::MAX as u8) as i8)),
            format!("ko ({n} threat{})", plural(n)),
            format!(
                "ko: the {side} {verb} with {n} external ko threat{}, not without",
                plural(n)
            ),
        ),
        (None, _, Some(st)) => (
            Fare::Unproven,
            "unproven".to_string(),
            format!("unproven ({st})"),
        ),
        (None, _, None) => (
            Fare::Fails,
            "fails".to_string(),
            format!("the {side} fails even with {} external ko threats", t.max),
        ),
    };
    // (The line is the one after `moves`.)
    let pv_first = t.pv.first().copied();
    let cut = t.extraction_stopped.is_some()
        || cancel.is_cancelled()
        || limits.max_time.is_some_and(|m| t.elapsed >= m);
    Eval {
        fare,
        reading: Reading {
            word,
            text,
            threats: t.threats,
            opponent: t.opponent,
            open: t.threats == Some(0) && t.stopped.is_some(),
        },
        pv_first,
        cut: fare.wins() && cut,
        nodes: t.nodes,
    }
}

/// The N = 0 reading's life (`eval`, the defender alive or in seki) asked
/// again without threats on either side (the plain simple-ko rule: a ko
/// may not be retaken at once; the threat counts' first letter), within
/// `left`: when the defender does not live so, its life rests on retaking
/// a ko for ever and the result is a ko (the defender wins it by the
/// endless retake; the attacker's first move, when it is to play, is the
/// one that kills without threats); cut off, it is unproven; else `eval`
/// stands. The side to play is asked first (the attacker's line is
/// needed), the defender then only when the attacker does not kill (a
/// plain no result).
fn endless_ko_check(
    problem: &Problem,
    side: Side,
    moves: &[Mv],
    options: &Options,
    left: Limits,
    cancel: &Cancel,
    eval: Eval,
) -> Result<Eval, String> {
    let mut nodes = eval.nodes;
    let ask = |winner: Side, nodes: &mut u64| -> Result<Result<SideThreats, String>, String> {
        let spent = *nodes - eval.nodes;
        let limits = Limits {
            max_nodes: left.max_nodes.map(|n| n.saturating_sub(spent)),
            ..left
        };
        if limits.max_nodes == Some(0) || limits.max_time.is_some_and(|t| t.is_zero()) {
            return Ok(Err("the budget was spent".to_string()));
        }
        let plain = Options {
            limits,
            threat_search: 0,
            ..*options
        };
        let t = side_threats(problem, side, moves, winner, &plain, Some(cancel.clone()))
            .map_err(|e| e.to_string())?;
        *nodes += t.nodes;
        Ok(match t.stopped {
            Some(st) if t.threats.is_none() => Err(st.to_string()),
            _ => Ok(t),
        })
    };
    // Whether the defender lives without threats (`Err`: cut off), and
    // the attacker's killing line when it is to play and kills so.
    let mut line = (None, false);
    let mut kills = false;
    let lives = match side {
        Side::Attacker => match ask(Side::Attacker, &mut nodes)? {
            Ok(t) if t.threats == Some(0) => {
                kills = true;
                line = (
                    t.pv.first().copied(),
                    t.extraction_stopped.is_some() || cancel.is_cancelled(),
                );
                Ok(false)
            }
            Ok(_) => ask(Side::Defender, &mut nodes)?.map(|t| t.threats == Some(0)),
            Err(e) => Err(e),
        },
        Side::Defender => ask(Side::Defender, &mut nodes)?.map(|t| t.threats == Some(0)),
    };
    let word = eval.reading.word.clone();
    let reading = |word: &str, text: String| Reading {
        word: word.to_string(),
        text,
        threats: None,
        opponent: None,
        open: false,
    };
    Ok(match lives {
        Ok(true) => Eval { nodes, ..eval },
        // The attacker to play kills neither: a plain no result (a long
        // cycle), not a ko it wins; still no life.
        Ok(false) if side == Side::Attacker && !kills => Eval {
            reading: reading(
                "no-result",
                format!(
                    "{word} at N = 0 only by an endless ko retake; with no ko threats on either side no result (neither side wins)"
                ),
            ),
            nodes,
            ..eval
        },
        Ok(false) => {
            let (pv_first, cut) = match side {
                Side::Attacker => line,
                Side::Defender => (eval.pv_first, eval.cut),
            };
            Eval {
                fare: WINS_KO,
                reading: reading(
                    "ko",
                    format!(
                        "ko: {word} at N = 0 only by retaking a ko at once for ever (the endless retake is the attacker's failure); with no ko threats on either side the defender does not live"
                    ),
                ),
                pv_first,
                cut,
                nodes,
            }
        }
        Err(e) => Eval {
            fare: Fare::Unproven,
            reading: reading(
                "unproven",
                format!(
                    "{word} at N = 0, but whether the defender lives without ko threats (not by an endless ko) was cut off ({e})"
                ),
            ),
            pv_first: None,
            cut: eval.cut,
            nodes,
        },
    })
}

/// One posing and analysis of a book problem.
struct Attempt {
    problem: Problem,
    side: Side,
    /// The status in words and its threat counts (the main analysis's).
    reading: Reading,
    pv_first: Option<Mv>,
    correct: Vec<Mv>,
    fare: Fare,
    /// A limit was reached while the first moves were extracted.
    cut: bool,
    /// The variation's first move is a book move.
    first_accepted: bool,
    /// A book move is among `correct`.
    accepted: bool,
    /// The book moves checked (the variation opening with another move),
    /// with what each reaches, in the book's order ([`ProblemResult::book_moves`]).
    book_moves: Vec<(Vertex, String)>,
    /// The main analysis's searcher, its table kept for the seed's reading
    /// ([`seed_differs`]; book regime with threat counts, a table of at
    /// most [`KEPT_TABLE_BYTES`]).
    reader: Option<ThreatReader>,
}

/// The largest table an [`Attempt`] keeps for the seed's reading: a few
/// attempts of a problem are alive at once (the wide frame's while the
/// narrower one is searched, the swapped posing), and a median problem's
/// table is far smaller.
const KEPT_TABLE_BYTES: usize = 32 << 20;

impl Attempt {
    /// Whether the bench's question is answered: a result is proven, its
    /// threat counts are finished (a `ko?`, the opponent's count cut off,
    /// is not), and either a book move is proven correct or every book
    /// move was checked (an analysis cut off while checking them leaves it
    /// open).
    fn settled(&self) -> bool {
        self.fare != Fare::Unproven && !self.reading.open && (self.accepted || !self.cut)
    }
}

/// What is left of one problem's budget: every analysis of the problem
/// (each posing, and each accepted move proven after the main analysis)
/// draws on one deadline and one node count, so no problem runs past the
/// limit.
#[derive(Debug, Clone, Copy)]
struct Budget {
    limits: Limits,
    deadline: Option<Instant>,
    /// The most nodes the problem's analyses may have spent in all when
    /// this budget ends (`None`: no node limit).
    node_cap: Option<u64>,
}

impl Budget {
    /// The first `share` (0..=1) of what is left of this budget, in time
    /// and in nodes, `nodes` having been spent.
    fn share(&self, share: f64, nodes: u64) -> Budget {
        let share = share.clamp(0.0, 1.0);
        Budget {
            limits: self.limits,
            deadline: self.deadline.map(|d| {
                let now = Instant::now();
                now + d.saturating_duration_since(now).mul_f64(share)
            }),
            // Rounded down: a share of 1 keeps the whole rest.
            node_cap: self
                .node_cap
                .map(|cap| nodes + (cap.saturating_sub(nodes) as f64 * share) as u64),
        }
    }

    /// The whole budget of `limits`, from now.
    fn new(limits: Limits) -> Budget {
        Budget {
            node_cap: limits.max_nodes,
            limits,
            // 2% of the limit is kept for what follows the last search:
            // freeing its table (hundreds of MiB after a long search), the
            // result, and the scheduler's delays on a busy machine.
            deadline: limits.max_time.map(|t| Instant::now() + t.mul_f64(0.98)),
        }
    }

    /// The limits of the next analysis after `nodes` spent, or `None` when
    /// the budget is spent (or the run cancelled).
    fn left(&self, nodes: u64, cancel: &Cancel) -> Option<Limits> {
        let max_time = self
            .deadline
            .map(|d| d.saturating_duration_since(Instant::now()));
        let max_nodes = self.node_cap.map(|cap| cap.saturating_sub(nodes));
        if max_time.is_some_and(|t| t.is_zero()) || max_nodes == Some(0) || cancel.is_cancelled() {
            return None;
        }
        Some(Limits {
            max_nodes,
            max_time,
            ..self.limits
        })
    }
}

#[allow(clippy::too_many_arguments)]
fn attempt(
    setup: &Setup,
    sol: &[Vertex],
    attacker: Option<Color>,
    region: Option<&[Vertex]>,
    targets: Option<&[Vertex]>,
    posing: Posing,
    reach: usize,
    room: bool,
    exits: bool,
    budget: Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> Result<Option<Attempt>, String> {
    let regime = posing.regime;
    let mut spec = ProblemSpec::new(setup.clone());
    spec.attacker = attacker;
    spec.region = region.map(<[Vertex]>::to_vec);
    spec.targets = targets.map(<[Vertex]>::to_vec);
    spec.reach = reach;
    spec.room = room;
    spec.exits = exits;
    let problem = Problem::new(spec).map_err(|e| e.to_string())?;
    let side = problem.side_of(setup.to_move);
    let Some(limits) = budget.left(*nodes, cancel) else {
        return Ok(None);
    };
    // In the book regime with threat counts the searcher is kept (when its
    // table is small) for the seed's reading ([`seed_differs`]).
    let (a, mut reader) = if posing.threat_search > 0 && regime.seed_rules() {
        let options = bench_options(regime, posing.threat_search, posing.switches(), limits, 40);
        let (t, reader) =
            ThreatReader::count(&problem, side, &[], side, &options, Some(cancel.clone()))
                .map_err(|e| e.to_string())?;
        (threat_eval(t, side, &limits, cancel), Some(reader))
    } else {
        let a = evaluate(
            &problem,
            side,
            &[],
            regime,
            posing.threat_search,
            posing.switches(),
            limits,
            40,
            cancel,
        )?;
        (a, None)
    };
    *nodes += a.nodes;
    // A side that wins moving first has a first move: none means the
    // extraction was cut short, whatever the limit.
    let fare = a.fare;
    let mut cut = a.cut || (fare.wins() && a.pv_first.is_none());
    // The moves known correct: the variation's first, and each accepted
    // move proven to keep the result (cheaper than every first move).
    let pv_first = a.pv_first;
    let mut correct: Vec<Mv> = pv_first.into_iter().collect();
    let in_sol = |m: Mv| match m {
        Mv::Play(v) => problem.to_original(v).is_some_and(|o| sol.contains(&o)),
        Mv::Tenuki => false,
    };
    let first_accepted = pv_first.is_some_and(in_sol);
    let mut accepted = first_accepted;
    let mut book_moves: Vec<(Vertex, String)> = Vec::new();
    if fare.wins() && !accepted {
        for &o in sol {
            let Some(v) = problem
                .from_original(o)
                .filter(|v| problem.region().contains(*v))
            else {
                let why = if problem.frame().contains(&o) {
                    "framed"
                } else {
                    "out of the region"
                };
                book_moves.push((o, why.to_string()));
                continue;
            };
            let mv = Mv::Play(v);
            let Some(limits) = budget.left(*nodes, cancel) else {
                cut = true;
                break;
            };
            // On the main analysis's table, when there is one: the move's
            // subtree is part of the game it searched.
            let b = match reader.as_mut() {
                Some(reader) => {
                    let options =
                        bench_options(regime, posing.threat_search, posing.switches(), limits, 1);
                    reader
                        .count_again(&problem, &[mv], &options)
                        .map(|t| threat_eval(t, side, &limits, cancel))
                        .map_err(|e| e.to_string())
                }
                None => evaluate(
                    &problem,
                    side,
                    &[mv],
                    regime,
                    posing.threat_search,
                    posing.switches(),
                    limits,
                    1,
                    cancel,
                ),
            };
            if let Ok(b) = b {
                *nodes += b.nodes;
                book_moves.push((o, b.reading.word.clone()));
                if b.fare == Fare::Unproven || (b.reading.open && b.fare < fare) {
                    // Cut off before it is known to do as well.
                    cut = true;
                } else if b.fare >= fare {
                    correct.push(mv);
                    // One book move proven answers the bench's question.
                    accepted = true;
                    break;
                }
            }
        }
    }
    // Kept for the seed's reading only in the book regime, and only a
    // small table.
    let reader = reader.filter(|r| regime.book() && r.table_bytes() <= KEPT_TABLE_BYTES);
    Ok(Some(Attempt {
        cut,
        side,
        reader,
        reading: a.reading,
        pv_first,
        correct,
        fare,
        first_accepted,
        accepted,
        book_moves,
        problem,
    }))
}

/// The problem posed with the inferred attacker and, when the side to play
/// fails that way or the search is cut off, with the other colour attacking
/// (a book problem says who moves, not who attacks): the better of the two,
/// and whether it is the swapped one. A ko the side to play wins keeps the
/// inferred posing.
#[allow(clippy::too_many_arguments)]
fn posings(
    setup: &Setup,
    sol: &[Vertex],
    posing: Posing,
    exits: bool,
    reach: usize,
    budget: Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> Result<(Attempt, bool), NoAnswer> {
    // Every posing draws on what is left of the one budget.
    let pose_room = |attacker: Option<Color>, reach: usize, room: bool, nodes: &mut u64| {
        attempt(
            setup, sol, attacker, None, None, posing, reach, room, exits, budget, cancel, nodes,
        )
    };
    let pose = |attacker: Option<Color>, reach: usize, nodes: &mut u64| {
        pose_room(attacker, reach, false, nodes)
    };
    let again =
        |attacker: Color, nodes: &mut u64| pose(Some(attacker), reach, nodes).ok().flatten();
    let first = pose(None, reach, nodes);
    // A live problem the defender wins only by a ko in its frame: a frame
    // stone may have taken a liberty the book position's group has
    // (`ProblemSpec::room`). The frame that leaves the cramped points their
    // room is tried with what is left of the budget, and the better answer
    // kept (a wider frame gives the defender more: it decides nothing for
    // the attacker). A loss goes to the wider frames below.
    let first = match first {
        Ok(Some(a))
            if a.side == Side::Defender
                && a.problem.reach().is_some()
                && matches!(a.fare, Fare::WinsKo(_))
                && room_differs(setup, reach) =>
        {
            match pose_room(None, reach, true, nodes) {
                Ok(Some(b)) if b.fare > a.fare => Ok(Some(b)),
                _ => Ok(Some(a)),
            }
        }
        other => other,
    };
    // A book problem has an answer: when the defender, to play, is proven
    // to die in its frame, the frame may be what kills (frame stones, the
    // attacker's, on room the group needs), so wider frames are tried first.
    let first = match first {
        Ok(Some(a))
            if a.fare == Fare::Fails && a.side == Side::Defender && a.problem.reach().is_some() =>
        {
            let mut a = a;
            for wider in reach + 1..=reach + WIDEN_STEPS {
                match pose(None, wider, nodes) {
                    Ok(Some(b)) if b.fare > Fare::Fails => {
                        a = b;
                        break;
                    }
                    Ok(Some(_)) => {}
                    _ => break,
                }
            }
            Ok(Some(a))
        }
        other => other,
    };
    match first {
        Ok(None) => Err(NoAnswer::OutOfTime),
        // A side that succeeds, even by ko, answers the problem as
        // inferred: the other posing would ask another question (whether
        // the side to play can also live, or also kill, outright).
        Ok(Some(a)) if a.fare.wins() => Ok((a, false)),
        Ok(Some(a)) => match again(a.problem.attacker().opponent(), nodes) {
            Some(b) if b.fare > a.fare => Ok((b, true)),
            _ => Ok((a, false)),
        },
        // The inference failed: try each colour as the attacker before
        // giving up (the error reported is the inference's).
        Err(e) => match again(setup.to_move.opponent(), nodes) {
            Some(b) => Ok((b, true)),
            None => match again(setup.to_move, nodes) {
                Some(b) => Ok((b, true)),
                None => Err(NoAnswer::NotPosed(e)),
            },
        },
    }
}

/// Whether the frame at `reach` that leaves the cramped points their room
/// (`ProblemSpec::room`) poses another region than the plain one.
fn room_differs(setup: &Setup, reach: usize) -> bool {
    let region = |room: bool| {
        Problem::new(ProblemSpec {
            reach,
            room,
            ..ProblemSpec::new(setup.clone())
        })
        .map(|p| p.original_region())
        .ok()
    };
    region(true).is_some_and(|r| Some(r) != region(false))
}

/// A narrower frame's search run beside the wide one
/// ([`frames_side_by_side`]).
struct Speculative {
    result: Result<(Attempt, bool), NoAnswer>,
    /// The problem's node count it started from (the wide frame's whole
    /// share) and the count it ended at.
    start: u64,
    end: u64,
}

/// The wide frame (at `posing.reach`, with `wide_budget`: its share of the
/// nodes and of the time, as with one thread) and the frame one step
/// narrower (with the rest of `budget`'s nodes, counted as if the wide
/// frame had spent its whole share, and the whole time) searched at once
/// on two threads. Returns the wide frame's answer; the
/// narrower one's when the wide one leaves the problem open (else it is
/// cancelled); and the nodes of a narrower search so dropped.
#[allow(clippy::too_many_arguments)]
fn frames_side_by_side(
    setup: &Setup,
    sol: &[Vertex],
    posing: Posing,
    exits: bool,
    budget: Budget,
    wide_budget: Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> (Result<(Attempt, bool), NoAnswer>, Option<Speculative>, u64) {
    let reach = posing.reach;
    let start = wide_budget.node_cap.unwrap_or(*nodes);
    // The narrower search's own flag: cancelled with the run, or alone
    // when the wide frame settles the problem.
    let local = cancel.child();
    std::thread::scope(|scope| {
        let narrow = scope.spawn(|| {
            let mut end = start;
            let result = posings(
                setup,
                sol,
                posing,
                exits,
                reach - 1,
                budget,
                &local,
                &mut end,
            );
            Speculative { result, start, end }
        });
        let wide = posings(setup, sol, posing, exits, reach, wide_budget, cancel, nodes);
        let settled = wide.as_ref().is_ok_and(|(a, _)| a.settled());
        if settled {
            local.cancel();
        }
        let sp = match narrow.join() {
            Ok(sp) => sp,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        if settled {
            let dropped = sp.end - sp.start;
            (wide, None, dropped)
        } else {
            (wide, Some(sp), 0)
        }
    })
}

/// How many frames, one step wider each, [`posings`] tries when the
/// defender, to play, dies in the frame asked for.
const WIDEN_STEPS: usize = 2;

/// Why [`posings`] has no answer.
enum NoAnswer {
    /// The budget was spent before the analysis.
    OutOfTime,
    /// The problem could not be posed with either attacker (the inference's
    /// error).
    NotPosed(String),
}

/// The share of a problem's budget the enclosed chains' posing gets.
const INNER_SHARE: f64 = 0.1;

/// An attacker chain with at most this many liberties beside the enclosed
/// chains' region is not taken for safe (as the frame's weak chains).
const WEAK_LIBERTIES: usize = 3;

/// The most points the enclosed chains' region grows by when the weak
/// attacker chains' liberties are put in play ([`closed_posing`]).
const MAX_CLOSED_GROWTH: usize = 16;

/// The defender's chains (a stone of each) that do not touch the open
/// board — the empty points reached from beyond the stones' box grown by
/// one — when it also has chains that do; `None` otherwise.
fn enclosed_chains(pos: &Position, defender: Color) -> Option<Vec<Vertex>> {
    let g = pos.graph();
    let stones: Vec<Vertex> = g
        .vertices()
        .filter(|&v| pos.color_at(v).is_some())
        .collect();
    let xy: Vec<(usize, usize)> = stones.iter().filter_map(|&v| g.xy(v)).collect();
    let x0 = xy.iter().map(|p| p.0).min()?;
    let x1 = xy.iter().map(|p| p.0).max()?;
    let y0 = xy.iter().map(|p| p.1).min()?;
    let y1 = xy.iter().map(|p| p.1).max()?;
    let far = |x: usize, y: usize| x + 1 < x0 || x > x1 + 1 || y + 1 < y0 || y > y1 + 1;
    let mut open = VertexSet::new();
    let mut stack: Vec<Vertex> = g
        .vertices()
        .filter(|&v| pos.color_at(v).is_none() && g.xy(v).is_some_and(|(x, y)| far(x, y)))
        .collect();
    for &v in &stack {
        open.insert(v);
    }
    while let Some(v) = stack.pop() {
        for &u in g.neighbors(v) {
            if pos.color_at(u).is_none() && open.insert(u) {
                stack.push(u);
            }
        }
    }
    let mut inner = Vec::new();
    let mut outer = false;
    for &s in &stones {
        if pos.color_at(s) != Some(defender) {
            continue;
        }
        let sees_open = pos
            .chain_stones(s)
            .iter()
            .any(|c| g.neighbors(c).iter().any(|u| open.contains(*u)));
        if sees_open {
            outer = true;
        } else {
            inner.push(s);
        }
    }
    (outer && !inner.is_empty()).then_some(inner)
}

/// The enclosed chains' closed posing, built before any search: the
/// position, the region (`None`: the closed region as inferred) and the
/// defender's stones put beyond it.
#[derive(Debug)]
struct ClosedPosing {
    setup: Setup,
    region: Option<Vec<Vertex>>,
    /// Empty points outside the region given a defender stone.
    placed: Vec<Vertex>,
}

/// Poses the enclosed chains `targets` as a closed problem, the side to
/// play attacking, or refuses to (`None`) — from the position alone,
/// before any search.
///
/// Refused when an empty point of the enclosed chains' closed region is
/// next to a defender stone the region does not hold: the enclosed chains
/// could join the others there, and the book's problem is then about both
/// (Cho Intermediate's Prob0761: the enclosed group, killed alone with
/// G18, reaches E18 next to White's D18; the book's E19 attacks the two
/// together).
///
/// The closed problem gives every chain beside its region that has
/// liberties outside it a permanent liberty: the attacker's wall is
/// immortal. That is the book's reading of a strong wall, not of a weak
/// one (at most [`WEAK_LIBERTIES`] liberties), which the defender could
/// capture from outside (Cho Intermediate's Prob0092: Black's B18, two
/// liberties, beside White's B17; killed alone with E19, the book's A19
/// guards B18 first). So a weak attacker chain in or beside the region
/// with a liberty outside it, within reach of the defender's stones
/// outside (one is next to the chain or to such a liberty; a weak chain
/// in open space, as the frame's, is still taken for safe), is put in
/// play, its stones and its liberties, and every empty point just outside the grown region gets a
/// defender stone — a frame of the defender's colour, safe (its chain
/// must keep a liberty outside the region; a point where it would not is
/// put in play instead, and the growth goes on from it).
/// The defender then has every move against the wall it has on the
/// board, and the attacker no liberty it does not have: the race between
/// the wall and the enclosed chains is searched, not assumed won (Cho
/// Elementary's Prob0495: Black's C18 kills, White's B15 against the wall
/// A16-C16 comes too late). Refused when the region would grow by more
/// than [`MAX_CLOSED_GROWTH`] points, a stone put would be illegal or
/// would cover a book move (`sol`: the book's answer could not be
/// checked; the book moves are used for nothing else).
fn closed_posing(
    setup: &Setup,
    pos: &Position,
    sol: &[Vertex],
    targets: &[Vertex],
) -> Option<ClosedPosing> {
    let attacker = setup.to_move;
    let defender = attacker.opponent();
    let g = pos.graph();
    let mut spec = ProblemSpec::new(setup.clone());
    spec.attacker = Some(attacker);
    spec.targets = Some(targets.to_vec());
    let closed = Problem::new(spec).ok()?;
    let mut region = VertexSet::new();
    for v in closed.original_region() {
        region.insert(v);
    }
    let outside_defender = |u: Vertex| pos.color_at(u) == Some(defender) && !region.contains(u);
    if region
        .iter()
        .any(|v| pos.color_at(v).is_none() && g.neighbors(v).iter().any(|&u| outside_defender(u)))
    {
        return None;
    }
    // A weak attacker chain whose liberties are all in the region, next to
    // a defender stone outside: the closed problem ends when the enclosed
    // chains are captured, and the defender's stones outside could take
    // the capturing stones back (Cho Intermediate's Prob0519: Black's
    // B18-B19 and White's A18 share their one liberty A19; Black's A19
    // "kills" A18, White's A18 then takes three stones).
    let attacker_near = |v: Vertex| {
        std::iter::once(v)
            .chain(g.neighbors(v).iter().copied())
            .filter(|&u| pos.color_at(u) == Some(attacker))
            .collect::<Vec<_>>()
    };
    if region.iter().flat_map(attacker_near).any(|u| {
        pos.liberty_count(u) <= WEAK_LIBERTIES
            && pos.liberties(u).iter().all(|l| region.contains(l))
            && pos
                .chain_stones(u)
                .iter()
                .any(|s| g.neighbors(s).iter().any(|&w| outside_defender(w)))
    }) {
        return None;
    }
    let size = region.len();
    let mut cur = setup.clone();
    let mut placed: Vec<Vertex> = Vec::new();
    loop {
        let now = Position::from_setup(cur.clone(), miai_goban::Rules::japanese()).ok()?;
        // Points to put in play: the weak attacker chains beside the region
        // with a liberty outside it (stones and liberties), and the stones
        // put before whose chain has no liberty left outside the region.
        let mut grow: Vec<Vertex> = Vec::new();
        for v in region.iter() {
            for u in std::iter::once(v).chain(g.neighbors(v).iter().copied()) {
                if now.color_at(u) != Some(attacker)
                    || now.liberty_count(u) > WEAK_LIBERTIES
                    || grow.contains(&u)
                {
                    continue;
                }
                let libs = now.liberties(u);
                let outside: Vec<Vertex> = libs.iter().filter(|l| !region.contains(*l)).collect();
                let chain = now.chain_stones(u);
                // Within reach of the defender's stones outside: next to
                // the chain or to a liberty of it outside the region.
                let near = chain
                    .iter()
                    .chain(outside.iter().copied())
                    .flat_map(|s| g.neighbors(s).iter().copied())
                    .any(|s| now.color_at(s) == Some(defender) && !region.contains(s));
                if outside.is_empty() || !near {
                    continue;
                }
                grow.extend(chain.iter());
                grow.extend(outside);
            }
        }
        for &p in &placed {
            if !grow.contains(&p) && now.liberties(p).iter().all(|l| region.contains(l)) {
                grow.push(p);
            }
        }
        if grow.is_empty() {
            break;
        }
        for v in grow {
            region.insert(v);
            if let Some(i) = placed.iter().position(|&p| p == v) {
                placed.swap_remove(i);
                cur.stones[v.index()] = None;
            }
        }
        if region.len() > size + MAX_CLOSED_GROWTH {
            return None;
        }
        // The frame of the defender's colour round what was put in play.
        let fill: Vec<Vertex> = region
            .iter()
            .flat_map(|v| g.neighbors(v).iter().copied())
            .filter(|&u| cur.stones[u.index()].is_none() && !region.contains(u))
            .collect();
        for u in fill {
            // A book move is never covered (the book's answer could not
            // be checked): the posing is refused.
            if sol.contains(&u) {
                return None;
            }
            if cur.stones[u.index()].is_none() {
                cur.stones[u.index()] = Some(defender);
                placed.push(u);
            }
        }
    }
    if region.len() == size {
        return Some(ClosedPosing {
            setup: setup.clone(),
            region: None,
            placed,
        });
    }
    placed.sort_by_key(|v| v.index());
    let mut region: Vec<Vertex> = region.iter().collect();
    region.sort_by_key(|v| v.index());
    Some(ClosedPosing {
        setup: cur,
        region: Some(region),
        placed,
    })
}

/// A kill whose wide frame is cut off, where the defender has chains the
/// attacker encloses and chains that see the open board: the enclosed ones
/// alone as the targets ([`closed_posing`], refused before any search when
/// it does not hold), searched with [`INNER_SHARE`] of the budget; kept
/// when the side to play kills there (settled). Also the points given a
/// defender stone in the posing.
#[allow(clippy::too_many_arguments)]
fn closed_attempt(
    setup: &Setup,
    pos: &Position,
    sol: &[Vertex],
    posing: Posing,
    reach: usize,
    budget: &Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> Option<(Attempt, Vec<Vertex>)> {
    let targets = enclosed_chains(pos, setup.to_move.opponent())?;
    let closed = closed_posing(setup, pos, sol, &targets)?;
    let share = budget.share(INNER_SHARE, *nodes);
    let a = attempt(
        &closed.setup,
        sol,
        Some(setup.to_move),
        closed.region.as_deref(),
        Some(&targets),
        posing,
        reach,
        false,
        false,
        share,
        cancel,
        nodes,
    )
    .ok()
    .flatten()?;
    (a.settled() && a.fare == Fare::Succeeds).then_some((a, closed.placed))
}

/// How book problems are posed.
#[derive(Debug, Clone, Copy)]
pub struct Posing {
    /// The ko and tenuki rules.
    pub regime: Regime,
    /// The frame's reach.
    pub reach: usize,
    /// The share of the budget the frame at `reach` gets before a narrower
    /// one is tried.
    pub wide_share: f64,
    /// Seed and book regimes: score with GoTools-style ko-threat counts —
    /// the side to play succeeds when it wins with no threats on either
    /// side, wins a ko when it needs external threats (the fewest, up to
    /// this many, are reported), fails otherwise; its first move is the one
    /// that wins with the fewest threats. 0: the seed's N model (the kill
    /// query gives the defender the threats, the live query the attacker);
    /// at N = 0 a defender's life there is asked again without threats,
    /// and one that rests on an endless ko retake is scored a ko.
    pub threat_search: u8,
    /// Threads one problem may use (at least 1). With 2 or more, an open
    /// problem's narrower frame is searched beside the wide one from the
    /// start, instead of after it ([`run_book`]). Node budgets are split as
    /// with one thread, so a run bound by nodes gives the same answers and
    /// node counts whatever the threads. Bound by time, the wide frame
    /// keeps its share of the time and the narrower one searches from the
    /// start to the problem's deadline (with one thread: from the end of
    /// the wide frame's share).
    pub threads: usize,
    /// Book regime: the stop clears both sides' ko threats once the
    /// defender has answered the attacker's pass ([`Options::book_stop`];
    /// on by default, as in the single-problem analysis).
    pub book_stop: bool,
    /// Both cores on each query of an analysis ([`Options::split`]): a
    /// query still open after a first stretch of nodes is searched by two
    /// threads on one shared table. Independent of
    /// [`Posing::threads`] (which runs two frames side by side); node
    /// counts are then not reproducible. Off (`None`) by default.
    pub split: Option<crate::search::Split>,
    /// Kill problems' frames with exit points ([`Exits`]; off by default).
    pub exits: Exits,
    /// The recognisers the analyses use ([`Knowledge`];
    /// [`Options::default`]'s by default).
    pub knowledge: Knowledge,
}

impl Posing {
    /// The switches of its analyses.
    fn switches(&self) -> Switches {
        Switches {
            book_stop: self.book_stop,
            split: self.split,
            knowledge: self.knowledge,
        }
    }

    /// The default number of threats the bench tries
    /// ([`Posing::threat_search`]).
    pub const DEFAULT_THREAT_SEARCH: u8 = Options::DEFAULT_THREAT_SEARCH;
}

/// Whether a book kill problem's frame has exit points
/// ([`ProblemSpec::exits`]: the defender's group reaching the open side
/// escapes), in [`run_book`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Exits {
    /// The plain frame (the bench's default).
    #[default]
    Off,
    /// Every frame of a posing with the side to play attacking (a live
    /// problem's frame, the swapped posing's included, has none).
    Always,
    /// The plain frame; when its answer is a kill that no book move is
    /// proven to share (a wrong answer), the problem is posed again in
    /// the frame of the answer's reach with exits, with what is left of
    /// the budget, and that answer is used when it is settled
    /// ([`ProblemResult::exits_recheck`]).
    Recheck,
}

/// Poses a book problem (see the module's documentation: attacker swap,
/// frame narrowing and widening, one budget of `limits` for every
/// analysis) and scores the answer against the book's moves. A line
/// with a `goal` is a status problem, posed as stated ([`run_status`]).
/// A kill problem's frame has exit points as [`Posing::exits`] says.
pub fn run_book(
    id: &str,
    p: &BookProblem,
    posing: Posing,
    limits: Limits,
    cancel: &Cancel,
) -> ProblemResult {
    let exits_rule = posing.exits;
    let exits = exits_rule == Exits::Always;
    let Posing {
        reach, wide_share, ..
    } = posing;
    match book_status_problem(p) {
        Ok(Some(q)) => return run_status(id, &q, posing, limits, cancel),
        Ok(None) => {}
        Err(e) => {
            let mut r = ProblemResult::new(id.to_string());
            r.detail = Some(e);
            return r;
        }
    }
    let mut r = ProblemResult::new(id.to_string());
    let (setup, sol) = match book_setup(p) {
        Ok(x) => x,
        Err(e) => {
            r.detail = Some(e);
            return r;
        }
    };
    r.to_play = Some(setup.to_move.to_string());
    r.sol = sol.iter().map(|&v| setup.graph.vertex_name(v)).collect();
    let mut nodes = 0;
    let budget = Budget::new(limits);
    // An open problem's frame first as wide as asked, with a share of the
    // budget; when that search is cut off, the frame one step narrower (a
    // smaller region) with the rest.
    let can_narrow = reach > 1
        && wide_share < 1.0
        && Problem::new(ProblemSpec {
            reach,
            ..ProblemSpec::new(setup.clone())
        })
        .is_ok_and(|p| p.region_kind() == RegionKind::Framed);
    let wide_budget = if can_narrow {
        budget.share(wide_share, nodes)
    } else {
        budget
    };
    // With two threads the narrower frame is searched beside the wide one.
    let (wide, speculative) = if can_narrow && posing.threads > 1 {
        let (wide, speculative, dropped) = frames_side_by_side(
            &setup,
            &sol,
            posing,
            exits,
            budget,
            wide_budget,
            cancel,
            &mut nodes,
        );
        r.speculative_nodes += dropped;
        (wide, speculative)
    } else {
        let wide = posings(
            &setup,
            &sol,
            posing,
            exits,
            reach,
            wide_budget,
            cancel,
            &mut nodes,
        );
        (wide, None)
    };
    let unsettled = match &wide {
        Ok((a, _)) => !a.settled(),
        Err(_) => true,
    };
    // A kill whose wide frame is cut off, where the defender has chains the
    // attacker encloses and chains that see the open board: the enclosed
    // ones alone as the targets (a closed problem inside the wall), with a
    // share of the budget; kept when the side to play kills there.
    let kill = matches!(&wide, Ok((a, _)) if a.side == Side::Attacker);
    let inner = if unsettled && kill {
        Position::from_setup(setup.clone(), miai_goban::Rules::japanese())
            .ok()
            .and_then(|pos| {
                closed_attempt(
                    &setup, &pos, &sol, posing, reach, &budget, cancel, &mut nodes,
                )
            })
    } else {
        None
    };
    let mut closed_placed = None;
    let (wide, unsettled, speculative) = match inner {
        Some((a, placed)) => {
            // The narrower frame searched beside the wide one is not used.
            if let Some(sp) = &speculative {
                r.speculative_nodes += sp.end - sp.start;
            }
            closed_placed = Some(placed);
            (Ok((a, false)), false, None)
        }
        None => (wide, unsettled, speculative),
    };
    // A settled answer before an open one, then the better fare.
    let rank = |a: &Attempt| (a.settled(), a.fare);
    let mut narrowed = false;
    let chosen = if can_narrow && unsettled {
        let narrow = match speculative {
            // The search beside the wide one started from the nodes one
            // thread would have left it (the wide frame's whole share),
            // or there is no node limit: its answer is the one thread's
            // (the same when bound by nodes). Also kept when the time is
            // up, there being no time to search again.
            Some(sp)
                if budget.node_cap.is_none()
                    || sp.start == nodes
                    || budget.left(nodes, cancel).is_none() =>
            {
                nodes += sp.end - sp.start;
                sp.result
            }
            other => {
                // It started from another count: searched again with the
                // budget one thread would have given it.
                if let Some(sp) = other {
                    r.speculative_nodes += sp.end - sp.start;
                }
                posings(
                    &setup,
                    &sol,
                    posing,
                    exits,
                    reach - 1,
                    budget,
                    cancel,
                    &mut nodes,
                )
            }
        };
        match narrow {
            Ok(b) if wide.as_ref().map_or(true, |(a, _)| rank(&b.0) > rank(a)) => {
                narrowed = true;
                Ok(b)
            }
            _ => wide,
        }
    } else {
        wide
    };
    let (mut used, swapped) = match chosen {
        Ok(x) => x,
        Err(no) => {
            (r.outcome, r.detail) = match no {
                NoAnswer::OutOfTime => (
                    Outcome::Unproven,
                    Some("the time limit was spent before the analysis".into()),
                ),
                NoAnswer::NotPosed(e) => (Outcome::Error, Some(e)),
            };
            r.nodes = nodes;
            return r;
        }
    };
    // A wrong kill in a frame: posed again with exits (the frame's stones
    // may have closed the defender's way out, and the posing has exits),
    // the settled answer kept.
    let mut recheck_open = false;
    if exits_rule == Exits::Recheck
        && closed_placed.is_none()
        && used.side == Side::Attacker
        && used.fare == Fare::Succeeds
        && !used.accepted
        && used.settled()
        && let Some(used_reach) = used.problem.reach()
        && Problem::new(ProblemSpec {
            attacker: Some(used.problem.attacker()),
            reach: used_reach,
            exits: true,
            ..ProblemSpec::new(setup.clone())
        })
        .is_ok_and(|p| !p.exits().is_empty())
    {
        let again = attempt(
            &setup,
            &sol,
            Some(used.problem.attacker()),
            None,
            None,
            posing,
            used_reach,
            false,
            true,
            budget,
            cancel,
            &mut nodes,
        );
        match again {
            Ok(Some(b)) if b.settled() => {
                used = b;
                r.exits_recheck = true;
            }
            // Its nodes are counted; the report says it was tried.
            _ => recheck_open = true,
        }
    }
    r.narrowed = narrowed;
    r.nodes = nodes;
    r.swapped = swapped;
    record_attempt(&mut r, &used);
    if let Some(placed) = closed_placed {
        // The enclosed chains' posing: its region is the closed one (grown
        // by a weak wall's liberties), its frame the defender's stones.
        r.region = Some(kind_word(RegionKind::Closed).to_string());
        r.framed = placed.iter().map(|&v| setup.graph.vertex_name(v)).collect();
        r.book_move_framed = r.sol.iter().any(|m| r.framed.contains(m));
    }
    r.widened = r.reach.is_some_and(|used| used > reach);
    r.seed_status = seed_differs(&mut used, posing, &budget, cancel, &mut nodes);
    r.nodes = nodes;
    r.outcome = match used.fare {
        Fare::Succeeds if used.first_accepted => Outcome::Solved,
        Fare::Succeeds | Fare::WinsKo(_) if used.cut && !used.accepted => {
            r.detail = Some(format!(
                "{}, proven, but the limit cut off the search for the first move",
                used.reading.word
            ));
            Outcome::Unproven
        }
        Fare::Succeeds if used.accepted => Outcome::OtherCorrect,
        Fare::Succeeds => {
            r.detail = Some("proven, but no accepted move is among the correct ones".into());
            Outcome::Wrong
        }
        Fare::WinsKo(_) => {
            r.detail = Some(if used.accepted {
                "ko, with an accepted first move".into()
            } else {
                "ko, and no accepted move is among the correct ones".into()
            });
            Outcome::Ko
        }
        Fare::Unproven => {
            r.detail = Some(used.reading.text.clone());
            Outcome::Unproven
        }
        Fare::Fails => {
            r.detail = Some(format!(
                "the side to play fails as the {}: {}",
                used.side, used.reading.text
            ));
            Outcome::Wrong
        }
    };
    if recheck_open {
        let d = r.detail.take().unwrap_or_default();
        r.detail = Some(format!(
            "{d}; posed again with exit points, not settled there"
        ));
    }
    r
}

/// What a problem's result says of the attempt that answered it: the
/// attacker, region, reach, status, first move, correct moves and whether
/// the book's move is among them.
fn record_attempt(r: &mut ProblemResult, used: &Attempt) {
    let problem = &used.problem;
    r.attacker = Some(problem.attacker().to_string());
    r.region = Some(kind_word(problem.region_kind()).to_string());
    r.region_points = Some(problem.region().len());
    r.reach = problem.reach();
    r.status = Some(format!("{} ({} first)", used.reading.word, used.side));
    r.ko_threats = used.reading.threats;
    r.opponent_threats = used.reading.opponent;
    r.first_move = used.pv_first.map(|m| move_name(problem, m));
    r.correct = Some(
        used.correct
            .iter()
            .map(|&m| move_name(problem, m))
            .collect(),
    );
    r.accepted = used.accepted;
    let graph = &problem.original().graph;
    r.framed = problem
        .frame()
        .iter()
        .map(|&v| graph.vertex_name(v))
        .collect();
    r.book_move_framed = r.sol.iter().any(|m| r.framed.contains(m));
    r.exits = problem
        .exits()
        .iter()
        .map(|&v| graph.vertex_name(v))
        .collect();
    r.book_moves = used
        .book_moves
        .iter()
        .map(|(v, word)| format!("{}: {word}", graph.vertex_name(*v)))
        .collect();
}

/// Whether `side`'s fare under the seed's rules is known from its fare in
/// the book regime without a search. The seed's game is the book regime's
/// with the attacker's passes taken away and nothing else changed: every
/// seed line is a book line with the same history (the flag the
/// defender's answering pass sets is never set), the defender's moves and
/// the cycle and threat rules are the same along it. So a defender's
/// strategy that wins in the book regime (with or without threats, against
/// any number of the attacker's) wins under the seed's rules too, and an
/// attacker's winning strategy there wins in the book regime: the defender
/// fares at least as well under the seed's rules, the attacker no better.
/// At the ends of the scale that fixes the seed's fare — a defender that
/// succeeds, an attacker that fails — and the seed's reading would only
/// repeat it (or be cut off).
fn seed_reading_implied(side: Side, book: Fare) -> bool {
    match side {
        Side::Defender => book == Fare::Succeeds,
        Side::Attacker => book == Fare::Fails,
    }
}

/// Book regime: the status of `used`'s posing under the seed's rules (the
/// attacker may not pass), from what is left of the budget (and at most
/// four times the nodes spent so far), when it says something else for the
/// side to play (`None` when it agrees, under another regime, or when that
/// reading is cut off; not searched when the book regime's fare implies
/// it, [`seed_reading_implied`]).
fn seed_differs(
    used: &mut Attempt,
    posing: Posing,
    budget: &Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> Option<String> {
    if !posing.regime.book() || seed_reading_implied(used.side, used.fare) {
        return None;
    }
    let mut limits = budget.left(*nodes, cancel)?;
    // A side note, not the answer: at most four times the nodes spent so
    // far (at least 50,000), so that a hard reading under the seed's
    // rules does not spend the time of a problem the book regime settled.
    let cap = nodes.saturating_mul(4).max(50_000);
    limits.max_nodes = Some(limits.max_nodes.map_or(cap, |n| n.min(cap)));
    let regime = posing.regime.with_book(false);
    let a = match used.reader.as_mut() {
        // On the book reading's table (`ThreatReader::count_again`).
        Some(reader) => {
            let options = bench_options(regime, posing.threat_search, posing.switches(), limits, 1);
            let t = reader.count_again(&used.problem, &[], &options).ok()?;
            threat_eval(t, used.side, &limits, cancel)
        }
        None => evaluate(
            &used.problem,
            used.side,
            &[],
            regime,
            posing.threat_search,
            posing.switches(),
            limits,
            1,
            cancel,
        )
        .ok()?,
    };
    *nodes += a.nodes;
    // Cut off: not known to differ.
    (a.fare != used.fare && a.fare != Fare::Unproven).then(|| {
        let first = a
            .pv_first
            .map(|m| format!(" by {}", move_name(&used.problem, m)))
            .unwrap_or_default();
        format!("{} ({} first){first}", a.reading.word, used.side)
    })
}

/// The goal a status problem states for the side to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// The side to play attacks: it kills.
    Kill,
    /// The side to play defends: it lives (with two eyes or in seki).
    Live,
}

impl Goal {
    /// Reads `kill` or `live`.
    pub fn parse(s: &str) -> Result<Goal, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "kill" => Ok(Goal::Kill),
            "live" => Ok(Goal::Live),
            other => Err(format!("bad goal {other:?}: expected kill or live")),
        }
    }

    /// The goal as a comment states it: the first `black|white to
    /// kill|live` in `text` (any case), with `fails` when the word follows
    /// on the same line ("White to live: fails"). The colour is the side
    /// to play.
    pub fn from_comment(text: &str) -> Option<(Color, Goal, bool)> {
        for line in text.lines() {
            let l = line.to_ascii_lowercase();
            for (color, word) in [(Color::Black, "black"), (Color::White, "white")] {
                for (goal, verb) in [(Goal::Kill, "kill"), (Goal::Live, "live")] {
                    let phrase = format!("{word} to {verb}");
                    if let Some(at) = l.find(&phrase) {
                        let fails = l[at + phrase.len()..].contains("fail");
                        return Some((color, goal, fails));
                    }
                }
            }
        }
        None
    }

    fn word(self) -> &'static str {
        match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
        }
    }
}

/// A status problem: a position, the goal of the side to play, whether it
/// is stated to fail, the region (inferred when `None`) and the accepted
/// first moves (none: only the status is scored). The attacker is the side
/// to play when it is to kill, the other colour when it is to live.
#[derive(Debug, Clone)]
pub struct StatusProblem {
    /// The position, with the side to play.
    pub setup: Setup,
    /// The side to play's goal.
    pub goal: Goal,
    /// The side to play is stated to fail.
    pub fails: bool,
    /// The region in play.
    pub region: Option<Vec<Vertex>>,
    /// The accepted first moves.
    pub sol: Vec<Vertex>,
}

impl StatusProblem {
    /// The attacking colour the goal implies.
    pub fn attacker(&self) -> Color {
        match self.goal {
            Goal::Kill => self.setup.to_move,
            Goal::Live => self.setup.to_move.opponent(),
        }
    }

    /// The goal's words (`kill`, `live fails`, ...).
    pub fn goal_words(&self) -> String {
        format!(
            "{}{}",
            self.goal.word(),
            if self.fails { " fails" } else { "" }
        )
    }
}

/// The status problem a `.jsonl` line states with its `goal` field (and
/// `fails`, `region`, `SOL` optional), or `None` when it has none (a book
/// problem).
pub fn book_status_problem(p: &BookProblem) -> Result<Option<StatusProblem>, String> {
    let Some(goal) = &p.goal else {
        return Ok(None);
    };
    let goal = Goal::parse(goal)?;
    let (setup, sol) = book_position(p)?;
    let region = match &p.region {
        None => None,
        Some(points) => Some(
            points
                .iter()
                .map(|pt| sgf_point(&setup.graph, pt))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    Ok(Some(StatusProblem {
        setup,
        goal,
        fails: p.fails,
        region,
        sol,
    }))
}

/// Poses a status problem as stated (attacker from the goal, the region
/// given or inferred, frame at `posing.reach`) and scores it: the status
/// (the side to play succeeds, by ko, or fails, as stated) and, when the
/// side to play succeeds and accepted moves are given, the first move.
/// Stated to succeed: *solved* when it does with an accepted move (or
/// none is given), *other-correct* when an accepted move is proven as good,
/// *ko* when it wins only by a ko, *wrong* when it fails. Stated to fail:
/// *solved* when it fails, *wrong* when it succeeds, even by ko. In the
/// book regime the seed's reading is given too where it differs.
pub fn run_status(
    id: &str,
    p: &StatusProblem,
    posing: Posing,
    limits: Limits,
    cancel: &Cancel,
) -> ProblemResult {
    let mut r = ProblemResult::new(id.to_string());
    r.goal = Some(p.goal_words());
    r.to_play = Some(p.setup.to_move.to_string());
    r.sol = p
        .sol
        .iter()
        .map(|&v| p.setup.graph.vertex_name(v))
        .collect();
    let budget = Budget::new(limits);
    let mut nodes = 0;
    let used = attempt(
        &p.setup,
        &p.sol,
        Some(p.attacker()),
        p.region.as_deref(),
        None,
        posing,
        posing.reach,
        false,
        false,
        budget,
        cancel,
        &mut nodes,
    );
    let mut used = match used {
        Ok(Some(a)) => a,
        Ok(None) => {
            r.outcome = Outcome::Unproven;
            r.detail = Some("the time limit was spent before the analysis".into());
            return r;
        }
        Err(e) => {
            r.detail = Some(e);
            r.nodes = nodes;
            return r;
        }
    };
    record_attempt(&mut r, &used);
    r.seed_status = seed_differs(&mut used, posing, &budget, cancel, &mut nodes);
    r.nodes = nodes;
    let no_sol = p.sol.is_empty();
    r.outcome = match (p.fails, used.fare) {
        (_, Fare::Unproven) => {
            r.detail = Some(used.reading.text.clone());
            Outcome::Unproven
        }
        (true, Fare::Fails) => Outcome::Solved,
        (true, _) => {
            r.detail = Some(format!(
                "stated to fail, but the side to play succeeds: {}",
                used.reading.text
            ));
            Outcome::Wrong
        }
        (false, Fare::Fails) => {
            r.detail = Some(format!(
                "the side to play fails as the {}: {}",
                used.side, used.reading.text
            ));
            Outcome::Wrong
        }
        (false, Fare::WinsKo(_)) => {
            r.detail = Some(if used.accepted || no_sol {
                "ko, with an accepted first move".into()
            } else {
                "ko, and no accepted move is among the correct ones".into()
            });
            Outcome::Ko
        }
        (false, Fare::Succeeds) if used.first_accepted || no_sol => Outcome::Solved,
        (false, Fare::Succeeds) if used.accepted => Outcome::OtherCorrect,
        (false, Fare::Succeeds) if used.cut => {
            r.detail = Some("proven, but the limit cut off the check of the accepted moves".into());
            Outcome::Unproven
        }
        (false, Fare::Succeeds) => {
            r.detail = Some("proven, but no accepted move is among the correct ones".into());
            Outcome::Wrong
        }
    };
    r
}

/// Whether `status` is what a problem file's expectation word says.
pub fn matches_expect(word: &str, status: Status) -> Result<bool, String> {
    Ok(match word {
        "dead" => status == Status::Dead,
        "alive" => status == Status::Alive,
        // The test data's README allows a solver that knows only win and
        // loss to call a seki alive.
        "seki" => matches!(status, Status::Seki | Status::Alive),
        "ko" => matches!(status, Status::Ko { .. }),
        "no-result" => status == Status::NoResult,
        other => {
            return Err(format!(
                "bad expected status {other:?}: expected dead, alive, seki, ko, no-result or -"
            ));
        }
    })
}

/// Checks a problem file's stated statuses (its `expect:` header): each
/// stated first player is analysed on one budget of `limits`, and every
/// stated status must come out. `region` and `attacker` of the result are
/// filled in; `id` names it.
pub fn run_file(
    id: &str,
    problem: &Problem,
    regime: Regime,
    expect: &Stated,
    limits: Limits,
    cancel: &Cancel,
) -> ProblemResult {
    let mut r = ProblemResult::new(id.to_string());
    r.attacker = Some(problem.attacker().to_string());
    r.region = Some(kind_word(problem.region_kind()).to_string());
    r.region_points = Some(problem.region().len());
    let budget = Budget::new(limits);
    let mut words = Vec::new();
    let (mut wrong, mut unproven) = (Vec::new(), Vec::new());
    for side in [Side::Attacker, Side::Defender] {
        let Some(want) = expect.get(side) else {
            continue;
        };
        let Some(limits) = budget.left(r.nodes, cancel) else {
            unproven.push(format!("{side} first: the problem's budget was spent"));
            continue;
        };
        let options = Options {
            regime,
            limits,
            ..Options::default()
        };
        let a = analyse(problem, side, &options, Some(cancel.clone()), None);
        r.nodes += a.nodes;
        words.push(format!("{side}-first={}", a.status.word()));
        if !a.status.is_proven() {
            unproven.push(format!("{side} first: {}", a.status));
        } else {
            match matches_expect(want, a.status) {
                Ok(true) => {}
                Ok(false) => {
                    wrong.push(format!("{side} first: expected {want}, got {}", a.status));
                }
                Err(e) => {
                    r.outcome = Outcome::Error;
                    r.detail = Some(e);
                    return r;
                }
            }
        }
    }
    r.status = Some(words.join(" "));
    r.outcome = if !wrong.is_empty() {
        r.detail = Some(wrong.join("; "));
        Outcome::Wrong
    } else if !unproven.is_empty() {
        r.detail = Some(unproven.join("; "));
        Outcome::Unproven
    } else {
        Outcome::Solved
    };
    r
}

/// The `q`-quantile by nearest rank of sorted values.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The report of a run: counts, time percentiles, the slowest problems.
#[allow(clippy::too_many_arguments)]
pub fn summarise(
    path: String,
    kind: &'static str,
    available: usize,
    cancelled: bool,
    limits: Limits,
    regime: Regime,
    threat_search: u8,
    book_stop: bool,
    results: Vec<ProblemResult>,
) -> BenchReport {
    let count = |o: Outcome| results.iter().filter(|r| r.outcome == o).count();
    let mut times: Vec<f64> = results.iter().map(|r| r.seconds).collect();
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    let mut slowest: Vec<Slow> = results
        .iter()
        .map(|r| Slow {
            id: r.id.clone(),
            seconds: r.seconds,
            outcome: r.outcome,
        })
        .collect();
    slowest.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    slowest.truncate(10);
    BenchReport {
        path,
        kind,
        problems: results.len(),
        available,
        cancelled,
        max_nodes: limits.max_nodes,
        time_limit: limits.max_time.map_or(0.0, |t| t.as_secs_f64()),
        rules: if kind == "jsonl" {
            regime.to_string()
        } else {
            // A problem file with an `expect:` header states its own
            // rules; a status problem is read in the bench's regime.
            format!("per file; status problems: {regime}")
        },
        counts: Counts {
            solved: count(Outcome::Solved),
            other_correct: count(Outcome::OtherCorrect),
            ko: count(Outcome::Ko),
            wrong: count(Outcome::Wrong),
            unproven: count(Outcome::Unproven),
            errors: count(Outcome::Error),
        },
        role_swapped: results.iter().filter(|r| r.swapped).count(),
        frame_narrowed: results.iter().filter(|r| r.narrowed).count(),
        frame_widened: results.iter().filter(|r| r.widened).count(),
        book_move_framed: results.iter().filter(|r| r.book_move_framed).count(),
        exits_rechecked: results.iter().filter(|r| r.exits_recheck).count(),
        ko_with_accepted_move: results
            .iter()
            .filter(|r| r.outcome == Outcome::Ko && (r.accepted || r.sol.is_empty()))
            .count(),
        regimes_differ: results.iter().filter(|r| r.seed_status.is_some()).count(),
        ko_model: if threat_search > 0 && regime.seed_rules() {
            let stop = if matches!(regime, Regime::Book { .. }) && !book_stop {
                ", the book stop off (the threats stay after the defender answers a pass)"
            } else {
                ""
            };
            format!("threat counts (up to {threat_search} external threats){stop}")
        } else if let Some(n) = regime.ko_threats() {
            if n == 0 {
                // (`evaluate`: a life at N = 0 is asked again without
                // threats.)
                "the seed's N = 0 (a life that rests on an endless ko retake is scored a ko)"
                    .to_string()
            } else {
                format!("the seed's N = {n}")
            }
        } else {
            "none (superko)".to_string()
        },
        ko_by_threats: (1..=threat_search)
            .map(|t| {
                results
                    .iter()
                    .filter(|r| r.outcome == Outcome::Ko && r.ko_threats == Some(t))
                    .count()
            })
            .collect(),
        ko_favoured_by_threats: (1..=threat_search)
            .map(|k| {
                results
                    .iter()
                    .filter(|r| {
                        r.outcome == Outcome::Ko
                            && r.ko_threats == Some(0)
                            && r.opponent_threats == Some(k)
                    })
                    .count()
            })
            .collect(),
        times: Times {
            median: quantile(&times, 0.5),
            p90: quantile(&times, 0.9),
            p99: quantile(&times, 0.99),
            max: times.last().copied().unwrap_or(0.0),
            mean: if times.is_empty() {
                0.0
            } else {
                total / times.len() as f64
            },
            total,
        },
        slowest,
        results,
    }
}

/// Seconds for people: milliseconds below one second.
fn secs(s: f64) -> String {
    if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

impl BenchReport {
    /// The text `miai tsumego bench` prints; `verbose` lists every problem,
    /// not only those not solved.
    pub fn text(&self, verbose: bool) -> String {
        use std::fmt::Write as _;
        let r = self;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "bench {} ({}): {} of {} problems{}; limits {} nodes, {} s per problem; rules {}",
            r.path,
            r.kind,
            r.problems,
            r.available,
            if r.cancelled { ", cancelled" } else { "" },
            r.max_nodes
                .map_or_else(|| "no limit of".to_string(), |n| n.to_string()),
            r.time_limit,
            r.rules
        );
        let c = &r.counts;
        let pct = |n: usize| {
            if r.problems == 0 {
                0.0
            } else {
                100.0 * n as f64 / r.problems as f64
            }
        };
        let _ = writeln!(
            s,
            "solved {} ({:.1}%), other correct {} ({:.1}%), ko {}, wrong {}, unproven {}, errors {}",
            c.solved,
            pct(c.solved),
            c.other_correct,
            pct(c.other_correct),
            c.ko,
            c.wrong,
            c.unproven,
            c.errors
        );
        if r.kind == "jsonl" {
            let _ = writeln!(
                s,
                "ko answers with an accepted first move: {}; role swapped: {}; frame narrowed: {}, widened: {}; a frame stone on a book move: {}",
                r.ko_with_accepted_move,
                r.role_swapped,
                r.frame_narrowed,
                r.frame_widened,
                r.book_move_framed
            );
            if r.exits_rechecked > 0 {
                let _ = writeln!(
                    s,
                    "wrong kills posed again with exit points (their answers kept): {}",
                    r.exits_rechecked
                );
            }
            let strict = c.solved + c.other_correct;
            let _ = writeln!(
                s,
                "correct counting kos {} ({:.1}%), strict {} ({:.1}%); kos scored by {}",
                strict + r.ko_with_accepted_move,
                pct(strict + r.ko_with_accepted_move),
                strict,
                pct(strict),
                r.ko_model
            );
        }
        let by = |counts: &[usize]| -> String {
            counts
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(i, n)| format!("{n} at {}", i + 1))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if r.ko_by_threats.iter().any(|&n| n > 0) {
            let _ = writeln!(
                s,
                "kos the side to play wins with threats (count: problems): {}",
                by(&r.ko_by_threats)
            );
        }
        if r.ko_favoured_by_threats.iter().any(|&n| n > 0) {
            let _ = writeln!(
                s,
                "kos the side to play wins without threats unless the opponent has some (count: problems): {}",
                by(&r.ko_favoured_by_threats)
            );
        }
        if r.regimes_differ > 0 {
            let differ: Vec<String> = r
                .results
                .iter()
                .filter_map(|x| {
                    let seed = x.seed_status.as_ref()?;
                    Some(format!(
                        "{} {} / {seed}",
                        x.id,
                        x.status.as_deref().unwrap_or("-")
                    ))
                })
                .collect();
            let _ = writeln!(
                s,
                "book and seed rules differ on {}: {}",
                r.regimes_differ,
                differ.join(", ")
            );
        }
        let t = &r.times;
        let _ = writeln!(
            s,
            "time per problem: median {}, p90 {}, p99 {}, max {}; mean {}, total {}",
            secs(t.median),
            secs(t.p90),
            secs(t.p99),
            secs(t.max),
            secs(t.mean),
            secs(t.total)
        );
        let slow: Vec<String> = r
            .slowest
            .iter()
            .take(5)
            .map(|x| format!("{} {} ({})", x.id, secs(x.seconds), x.outcome.word()))
            .collect();
        let _ = writeln!(s, "slowest: {}", slow.join(", "));
        for o in OUTCOMES {
            let listed: Vec<&ProblemResult> = r
                .results
                .iter()
                .filter(|x| x.outcome == o && (verbose || !matches!(o, Outcome::Solved)))
                .collect();
            if listed.is_empty() {
                continue;
            }
            let _ = writeln!(s, "{}:", o.word());
            for x in listed {
                let mut line = format!("  {} {}", x.id, secs(x.seconds));
                if let Some(g) = &x.goal {
                    let _ = write!(line, " goal {g}:");
                }
                if let Some(st) = &x.status {
                    let _ = write!(line, " {st}");
                }
                if let Some(st) = &x.seed_status {
                    let _ = write!(line, " (seed rules: {st})");
                }
                if let Some(m) = &x.first_move {
                    let _ = write!(line, " first {m}");
                }
                if !x.sol.is_empty() {
                    let _ = write!(line, " sol {}", x.sol.join(","));
                }
                if let Some(cm) = &x.correct
                    && !matches!(o, Outcome::Solved)
                {
                    let _ = write!(line, " correct [{}]", cm.join(","));
                }
                if x.swapped {
                    line.push_str(" (role swapped)");
                }
                if x.narrowed {
                    line.push_str(" (frame narrowed)");
                }
                if x.widened {
                    line.push_str(" (frame widened)");
                }
                if x.book_move_framed {
                    line.push_str(" (a frame stone on a book move)");
                }
                if !x.exits.is_empty() {
                    let how = if x.exits_recheck {
                        "posed again with exit points"
                    } else {
                        "exit points"
                    };
                    let _ = write!(line, " ({how} {})", x.exits.join(","));
                }
                if let Some(d) = &x.detail {
                    let _ = write!(line, ": {d}");
                }
                if !x.book_moves.is_empty() && matches!(o, Outcome::Wrong) {
                    let _ = write!(line, "; book moves: {}", x.book_moves.join(", "));
                }
                let _ = writeln!(s, "{line}");
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// An open corner (Black to play): White's four stones on the second
    /// line under three Black stones, framed.
    const OPEN_CORNER: &str = r#"{"AB": ["ac", "bc", "cc"], "AW": ["ab", "bb", "cb", "db"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ea", "", ""]], "id": "open"}"#;

    /// The straight three of classic/01 (closed by Black's wall): Black
    /// kills at B19.
    const CLOSED_THREE: &str = r#"{"AB": ["ea", "eb", "ac", "bc", "cc", "dc", "ec"], "AW": ["da", "ab", "bb", "cb", "db"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ba", "", ""]], "id": "closed"}"#;

    /// Four Black stones on the second line under a White wall with a gap
    /// at E18 (crates/tsumego/tests/crosscheck.rs checks the statuses by
    /// plain minimax): dead in the frame at reach 2, a ko at reach 3.
    const GAP: &str = r#"{"AB": ["ab", "bb", "cb", "db"], "AW": ["ac", "bc", "cc", "dc", "ec", "fb", "fc"], "SZ": "19", "C": "Black to play", "SOL": [["B", "eb", "", ""]], "id": "gap"}"#;

    /// [`CLOSED_THREE`] with a White stone outside Black's wall (C15): every
    /// White stone in play is a target, so the problem is framed and the
    /// kill must take the stone in open space too.
    const THREE_AND_OUTSIDE: &str = r#"{"AB": ["ea", "eb", "ac", "bc", "cc", "dc", "ec"], "AW": ["da", "ab", "bb", "cb", "db", "ce"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ba", "", ""]], "id": "three-and-outside"}"#;

    /// [`THREE_AND_OUTSIDE`] with Black's wall in danger: White stones
    /// outside it (A16, B16, D16, E16, F17, F18, F19) leave it one
    /// liberty, C16.
    const THREE_WEAK_WALL: &str = r#"{"AB": ["ea", "eb", "ac", "bc", "cc", "dc", "ec"], "AW": ["da", "ab", "bb", "cb", "db", "ad", "bd", "dd", "ed", "fc", "fb", "fa"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ba", "", ""]], "id": "three-weak-wall"}"#;

    fn book(line: &str) -> BookProblem {
        serde_json::from_str(line).expect("a book problem")
    }

    fn posing(reach: usize, wide_share: f64) -> Posing {
        Posing {
            regime: Regime::SEED,
            reach,
            wide_share,
            threat_search: 0,
            threads: 1,
            book_stop: true,
            split: None,
            exits: Exits::Off,
            knowledge: Knowledge::default(),
        }
    }

    /// One attempt of the bench's open posing (the attacker inferred, the
    /// frame at reach 2 without the room), searched within `max_nodes`:
    /// the attempt and the nodes it took.
    fn framed_attempt(
        setup: &Setup,
        sol: &[Vertex],
        posing: Posing,
        max_nodes: u64,
    ) -> (Attempt, u64) {
        let mut nodes = 0;
        let a = attempt(
            setup,
            sol,
            None,
            None,
            None,
            posing,
            2,
            false,
            false,
            Budget::new(limits(max_nodes)),
            &Cancel::new(),
            &mut nodes,
        )
        .expect("poses")
        .expect("searched within the budget");
        (a, nodes)
    }

    fn limits(nodes: u64) -> Limits {
        Limits::none()
            .with_nodes(nodes)
            .with_time(Duration::from_secs(600))
    }

    fn run(line: &str, posing: Posing, limits: Limits) -> ProblemResult {
        run_book("t", &book(line), posing, limits, &Cancel::new())
    }

    /// The seed's two-step approach ko (seed003/04a) as a status problem:
    /// White (the defender) to live.
    fn approach_ko() -> StatusProblem {
        let f = crate::problem::file::parse(include_str!(
            "../tests/data/seed003/04a_approach_ko_n2.txt"
        ))
        .expect("the corpus file parses");
        let mut setup = f.spec.setup.clone();
        setup.to_move = Color::White;
        StatusProblem {
            setup,
            goal: Goal::Live,
            fails: false,
            region: f.spec.region.clone(),
            sol: Vec::new(),
        }
    }

    /// A status problem posed as the analysis takes it, Black attacking.
    fn posed(p: &StatusProblem) -> Problem {
        Problem::new(ProblemSpec {
            attacker: Some(Color::Black),
            region: p.region.clone(),
            ..ProblemSpec::new(p.setup.clone())
        })
        .expect("poses")
    }

    /// Cho Intermediate's Prob0136 at reach 2 after the N = 0 line's W B16
    /// (tests/corpus.rs,
    /// `prob0136_at_reach_2_lives_at_n_zero_only_by_an_endless_ko`): at
    /// N = 0 Black lives in seki by retaking the ko at D19 for ever,
    /// without threats it dies.
    const ENDLESS_KO: &str = include_str!("../tests/data/cases/prob0136-reach2-after-b16.txt");

    /// `--threat-search 0 --ko-threats 0`: the seed's N model at N = 0.
    /// A defender's life there is scored a ko when the defender dies
    /// without threats (its life rests on an endless retake), and stays a
    /// life when it lives so: checked against the full analysis's own
    /// no-threats reading (the counts' first letter), either side first.
    #[test]
    fn no_alive_that_rests_on_an_endless_ko_at_n_zero() {
        let f = crate::problem::file::parse(ENDLESS_KO).expect("parses");
        let n0 = Posing {
            regime: Regime::Seed { ko_threats: 0 },
            ..posing(2, 0.0)
        };
        let mut kos = 0;
        for (to_move, goal) in [(Color::White, Goal::Kill), (Color::Black, Goal::Live)] {
            let mut setup = f.spec.setup.clone();
            setup.to_move = to_move;
            let p = StatusProblem {
                setup,
                goal,
                fails: false,
                region: f.spec.region.clone(),
                sol: Vec::new(),
            };
            let problem = Problem::new(ProblemSpec {
                attacker: Some(Color::White),
                region: p.region.clone(),
                ..ProblemSpec::new(p.setup.clone())
            })
            .expect("poses");
            let side = problem.side_of(to_move);
            let at = |regime| Options {
                regime,
                ..Options::default()
            };
            let a = analyse(&problem, side, &at(n0.regime), None, None);
            let full = analyse(&problem, side, &at(Regime::SEED), None, None);
            let plain = full.threats.expect("counted").plain;
            let lives_at_n0 = matches!(a.status, Status::Alive | Status::Seki);
            let endless = lives_at_n0 && plain == crate::solve::Outcome::AttackerWins;
            let r = run_status("t", &p, n0, limits(1_000_000), &Cancel::new());
            let status = r.status.clone().unwrap_or_default();
            if endless {
                kos += 1;
                assert_eq!(r.outcome, Outcome::Ko, "{side} first: {r:?}");
                assert!(status.starts_with("ko "), "{r:?}");
                // The attacker's first move is the one that kills
                // without threats.
                assert!(r.first_move.is_some(), "{r:?}");
            } else if lives_at_n0 {
                assert_eq!(
                    fare(a.status, side) == Fare::Succeeds,
                    r.outcome == Outcome::Solved,
                    "{r:?}"
                );
                assert!(!status.starts_with("ko "), "{r:?}");
            }
        }
        // White first is the corpus test's endless ko.
        assert!(kos >= 1, "no endless ko checked");
    }

    /// The seed's N model (N = 2) calls the approach ko alive, and the
    /// bench used to score "White to live" solved on it; with threat counts
    /// (the default) White lives without threats only until Black has
    /// some: a ko, not a life.
    #[test]
    fn no_alive_that_the_attacker_turns_with_threats() {
        let p = approach_ko();
        let seed = run_status("04a", &p, posing(2, 1.0), limits(5_000_000), &Cancel::new());
        assert_eq!(seed.outcome, Outcome::Solved, "{seed:?}");
        let counted = Posing {
            threat_search: Posing::DEFAULT_THREAT_SEARCH,
            ..posing(2, 1.0)
        };
        let r = run_status("04a", &p, counted, limits(5_000_000), &Cancel::new());
        assert_eq!(r.outcome, Outcome::Ko, "{r:?}");
        assert_eq!(r.ko_threats, Some(0), "{r:?}");
        assert!(r.opponent_threats.is_some_and(|k| k > 0), "{r:?}");
        // The same count as the analysis's own (`KoThreats`).
        let problem = posed(&p);
        let a = analyse(&problem, Side::Defender, &Options::default(), None, None);
        let k = a.threats.expect("counted");
        assert_eq!(k.code(), format!("l{}d", r.opponent_threats.unwrap_or(0)));
    }

    /// When the opponent's count from 1 up is cut off after the most
    /// threats turned the result, the count found is only an upper bound:
    /// the status says "at most", and the result stays open (a book move
    /// cannot be scored worse for it). Found by cutting the approach ko's
    /// count at node limits below what the whole count takes.
    #[test]
    fn a_cut_off_opponent_count_is_reported_as_an_upper_bound() {
        let p = approach_ko();
        let problem = posed(&p);
        let t = Posing::DEFAULT_THREAT_SEARCH;
        let eval = |nodes| {
            evaluate(
                &problem,
                Side::Defender,
                &[],
                Regime::SEED,
                t,
                Switches {
                    book_stop: true,
                    split: None,
                    knowledge: Knowledge::default(),
                },
                limits(nodes),
                1,
                &Cancel::new(),
            )
            .expect("evaluates")
        };
        let full = eval(50_000_000);
        let k = full
            .reading
            .opponent
            .expect("the attacker turns it with threats");
        assert!(
            !full.reading.open && !full.reading.word.contains("at most"),
            "{}",
            full.reading.word
        );
        let mut bounded = 0;
        for i in 1..60u64 {
            let e = eval(full.nodes * i / 60);
            if let (Some(0), Some(at_most), true) =
                (e.reading.threats, e.reading.opponent, e.reading.open)
            {
                bounded += 1;
                assert!(at_most >= k, "an upper bound {at_most} below the count {k}");
                assert!(e.reading.word.contains("at most"), "{}", e.reading.word);
                assert!(e.reading.text.contains("cut off"), "{}", e.reading.text);
            }
            if e.reading.opponent.is_some() && !e.reading.open {
                assert_eq!(e.reading.opponent, Some(k), "a finished count is the count");
            }
        }
        assert!(bounded > 0, "no limit cut the count from 1 up off");
    }

    /// A `ko?` (a win without threats whose opponent count was cut off)
    /// leaves the bench's question open, so the narrower frame gets its
    /// turn; the same answer with its count finished settles it.
    #[test]
    fn an_open_threat_count_is_not_settled() {
        let p = approach_ko();
        let problem = posed(&p);
        let attempt = |open: bool| Attempt {
            problem: problem.clone(),
            side: Side::Defender,
            reading: Reading {
                word: "ko?".into(),
                text: String::new(),
                threats: Some(0),
                opponent: None,
                open,
            },
            pv_first: None,
            correct: Vec::new(),
            fare: WINS_KO,
            cut: false,
            first_accepted: true,
            accepted: true,
            book_moves: Vec::new(),
            reader: None,
        };
        assert!(!attempt(true).settled());
        assert!(attempt(false).settled());
    }

    #[test]
    fn fares_rank_success_over_ko_over_unproven_over_failure() {
        use crate::search::limit::Stop;
        let ko = |a, d| Status::Ko {
            attacker_wins_it: a,
            defender_wins_it: d,
        };
        assert_eq!(fare(Status::Dead, Side::Attacker), Fare::Succeeds);
        assert_eq!(fare(Status::Dead, Side::Defender), Fare::Fails);
        assert_eq!(fare(Status::Seki, Side::Defender), Fare::Succeeds);
        assert_eq!(fare(Status::Alive, Side::Attacker), Fare::Fails);
        assert_eq!(fare(ko(true, false), Side::Attacker), WINS_KO);
        assert_eq!(fare(ko(true, false), Side::Defender), Fare::Fails);
        assert_eq!(fare(ko(false, true), Side::Defender), WINS_KO);
        assert_eq!(fare(Status::NoResult, Side::Attacker), Fare::Fails);
        assert_eq!(
            fare(Status::Unproven(Stop::Nodes), Side::Defender),
            Fare::Unproven
        );
        assert!(Fare::Fails < Fare::Unproven);
        assert!(Fare::Unproven < Fare::WinsKo(-4));
        assert!(Fare::WinsKo(-2) < WINS_KO);
        assert!(Fare::WinsKo(-2) < Fare::WinsKo(-1));
        assert!(WINS_KO < Fare::WinsKo(1));
        assert!(Fare::WinsKo(1) < Fare::WinsKo(3));
        assert!(WINS_KO < Fare::Succeeds);
    }

    #[test]
    fn a_share_of_the_budget_splits_what_is_left() {
        let whole = Budget::new(Limits::none().with_nodes(1000));
        assert_eq!(whole.share(0.5, 200).node_cap, Some(600));
        // A share of 1 keeps the whole rest; shares are clamped to 0..=1.
        assert_eq!(whole.share(1.0, 200).node_cap, Some(1000));
        assert_eq!(whole.share(7.0, 200).node_cap, Some(1000));
        assert_eq!(whole.share(-1.0, 200).node_cap, Some(200));
        // No node limit stays none.
        assert_eq!(Budget::new(Limits::none()).share(0.5, 10).node_cap, None);
    }

    #[test]
    fn what_is_left_is_the_cap_less_the_nodes_spent() {
        let cancel = Cancel::new();
        let b = Budget::new(Limits::none().with_nodes(1000).with_table_bytes(1 << 20));
        let left = b.left(300, &cancel).expect("nodes left");
        assert_eq!(left.max_nodes, Some(700));
        assert_eq!(left.table_bytes, Some(1 << 20));
        assert_eq!(b.left(1000, &cancel), None);
        assert_eq!(b.left(5000, &cancel), None);
        // A deadline already passed, or a cancel, leaves nothing.
        let spent = Budget::new(Limits::none().with_time(Duration::from_nanos(1)));
        assert_eq!(spent.left(0, &cancel), None);
        cancel.cancel();
        assert_eq!(b.left(0, &cancel), None);
    }

    #[test]
    fn a_closed_problem_is_solved_by_the_book_move() {
        let r = run(CLOSED_THREE, posing(2, 0.5), limits(1_000_000));
        assert_eq!(r.outcome, Outcome::Solved, "{r:?}");
        assert_eq!(r.first_move.as_deref(), Some("B19"));
        assert_eq!(r.region.as_deref(), Some("closed"));
        assert_eq!(r.reach, None);
        assert!(!r.narrowed && !r.widened && !r.swapped);
    }

    /// White's corner group with its way out along the top open
    /// (tests/exits.rs: the exit points there are D16, E17, F18 and F19).
    const RUNNING: &str = r#"{"AB": ["cb", "ac", "bc", "cc"], "AW": ["ba", "ca", "da", "ab", "bb"], "SZ": "19", "C": "Black to play", "SOL": [["B", "eb", "", ""]], "id": "running"}"#;

    /// The bench poses a kill problem with exit points only when asked
    /// ([`Posing::exits`]): they are reported apart from the frame
    /// stones, and the JSON names them only then.
    #[test]
    fn exit_points_are_posed_only_when_asked_and_reported() {
        let p = book(RUNNING);
        let plain = run(RUNNING, posing(2, 1.0), limits(1_000_000));
        let with = run_book(
            "t",
            &p,
            Posing {
                exits: Exits::Always,
                ..posing(2, 1.0)
            },
            limits(1_000_000),
            &Cancel::new(),
        );
        assert!(plain.exits.is_empty(), "{plain:?}");
        let mut exits = with.exits.clone();
        exits.sort();
        assert_eq!(exits, ["D16", "E17", "F18", "F19"], "{with:?}");
        for e in &exits {
            assert!(
                plain.framed.contains(e),
                "{e} not framed without exits: {plain:?}"
            );
            assert!(!with.framed.contains(e), "{e} framed with exits: {with:?}");
        }
        // Black kills either way (White, to play, would run out).
        assert_eq!(plain.status.as_deref(), Some("dead (attacker first)"));
        assert_eq!(with.status, plain.status, "{with:?}");
        let json = |r: &ProblemResult| serde_json::to_value(r).expect("serialises");
        assert!(json(&plain).get("exits").is_none());
        assert_eq!(json(&with)["exits"].as_array().map(Vec::len), Some(4));
    }

    #[test]
    fn the_framed_points_are_reported_and_a_framed_book_move_is_flagged() {
        let closed = run(CLOSED_THREE, posing(2, 0.5), limits(1_000_000));
        assert!(closed.framed.is_empty() && !closed.book_move_framed);
        let r = run(OPEN_CORNER, posing(1, 0.0), limits(1_000_000));
        assert!(!r.framed.is_empty(), "{r:?}");
        assert!(!r.book_move_framed, "{r:?}");
        // The same problem with a framed point as its book move.
        let name = &r.framed[0];
        let col = "ABCDEFGHJKLMNOPQRST"
            .find(&name[..1])
            .expect("a column letter");
        let row: usize = name[1..].parse().expect("a row number");
        let sgf = format!(
            "{}{}",
            char::from(b'a' + col as u8),
            char::from(b'a' + (19 - row) as u8)
        );
        let line = OPEN_CORNER.replace("\"ea\"", &format!("\"{sgf}\""));
        let f = run(&line, posing(1, 0.0), limits(1_000_000));
        assert_eq!(f.framed, r.framed);
        assert!(f.book_move_framed, "{f:?}");
        // The book move's point is named with why it was not checked.
        assert_eq!(f.book_moves, vec![format!("{name}: framed")], "{f:?}");
    }

    /// A wrong answer names what each book move reaches: the straight
    /// three with A19 as the book's move (White lives at B19).
    #[test]
    fn a_wrong_answer_names_what_the_book_moves_reach() {
        let r = run(CLOSED_THREE, posing(2, 0.5), limits(1_000_000));
        assert_eq!(r.outcome, Outcome::Solved, "{r:?}");
        assert!(r.book_moves.is_empty(), "{r:?}");
        let line = CLOSED_THREE.replace("\"ba\"", "\"aa\"");
        let w = run(&line, posing(2, 0.5), limits(1_000_000));
        assert_eq!(w.outcome, Outcome::Wrong, "{w:?}");
        assert_eq!(w.book_moves.len(), 1, "{w:?}");
        let (point, word) = w.book_moves[0].split_once(": ").expect("point: word");
        assert_eq!(point, "A19", "{w:?}");
        assert!(
            !word.starts_with("kills") && !word.starts_with("ko"),
            "{w:?}"
        );
        let report = summarise(
            "x.jsonl".into(),
            "jsonl",
            1,
            false,
            limits(1_000_000),
            Regime::BOOK,
            0,
            true,
            vec![w],
        );
        assert!(
            report.text(false).contains("book moves: A19: "),
            "{}",
            report.text(false)
        );
    }

    #[test]
    fn with_no_share_for_the_wide_frame_the_narrow_one_answers() {
        let wide = run(OPEN_CORNER, posing(2, 0.5), limits(1_000_000));
        assert_eq!(wide.reach, Some(2), "{wide:?}");
        assert!(!wide.narrowed);
        let narrow = run(OPEN_CORNER, posing(2, 0.0), limits(1_000_000));
        assert_eq!(narrow.reach, Some(1), "{narrow:?}");
        assert!(narrow.narrowed);
        // A frame at reach 1 cannot be narrowed.
        let one = run(OPEN_CORNER, posing(1, 0.0), limits(1_000_000));
        assert_eq!(one.reach, Some(1), "{one:?}");
        assert!(!one.narrowed);
    }

    #[test]
    fn the_frames_share_one_node_budget() {
        // About 700 nodes settle the corner at reach 2 and 320 at reach 1
        // (4,000 and 1,200 before the room test's pair of inner points):
        // with 1,000 the wide frame is cut off at half of them, and the
        // narrow one answers with the rest; the total stays within 1,000.
        let r = run(OPEN_CORNER, posing(2, 0.5), limits(1_000));
        assert!(r.narrowed, "{r:?}");
        assert!(r.accepted, "{r:?}");
        assert!(r.nodes <= 1_000 && r.nodes > 500, "{r:?}");
    }

    /// A result without its timing and parallel-work fields: what one
    /// thread and two must agree on.
    fn answer(r: &ProblemResult) -> serde_json::Value {
        let mut v = serde_json::to_value(r).expect("a result serialises");
        if let Some(o) = v.as_object_mut() {
            o.remove("seconds");
            o.remove("speculative_nodes");
        }
        v
    }

    /// Two threads per problem give the answers of one, node for node, when
    /// the node budget binds: budgets that leave the wide frame open (the
    /// narrower frame's search beside it is used), that let it settle the
    /// problem (that search is dropped), and every frame share, with the
    /// seed's model and with threat counts under the book regime.
    #[test]
    fn two_threads_answer_as_one_under_a_node_budget() {
        let (mut used, mut dropped) = (0, 0);
        for line in [OPEN_CORNER, GAP, CLOSED_THREE] {
            for nodes in [300, 1_000, 2_000, 4_000, 8_000, 30_000] {
                for share in [0.0, 0.25, 0.5] {
                    for counted in [false, true] {
                        let one = if counted {
                            Posing {
                                regime: Regime::Book { ko_threats: 2 },
                                threat_search: Posing::DEFAULT_THREAT_SEARCH,
                                ..posing(2, share)
                            }
                        } else {
                            posing(2, share)
                        };
                        let two = Posing { threads: 2, ..one };
                        let a = run(line, one, limits(nodes));
                        let b = run(line, two, limits(nodes));
                        assert_eq!(a.speculative_nodes, 0);
                        assert_eq!(
                            answer(&a),
                            answer(&b),
                            "{nodes} nodes, share {share}, counted {counted}"
                        );
                        // (With no share the wide frame searches nothing.)
                        if share > 0.0 && b.narrowed && b.speculative_nodes == 0 {
                            used += 1;
                        }
                        if b.speculative_nodes > 0 {
                            dropped += 1;
                        }
                    }
                }
            }
        }
        assert!(used > 0 && dropped > 0, "used {used}, dropped {dropped}");
    }

    /// A defender that lives in the book regime lives under the seed's
    /// rules too (`seed_reading_implied`; the premise is checked on random
    /// problems in tests/crosscheck.rs): the bench does not search the
    /// seed's reading, so the problem's nodes are those of the book
    /// regime's attempt alone, and the seed's reading, searched here, agrees.
    #[test]
    fn a_defender_living_in_the_book_regime_is_not_read_again_under_the_seed_rules() {
        let line = CLOSED_THREE
            .replace("Black to play", "White to play")
            .replace(r#"["B", "ba""#, r#"["W", "ba""#);
        let book_posing = Posing {
            regime: Regime::BOOK,
            threat_search: Posing::DEFAULT_THREAT_SEARCH,
            ..posing(2, 1.0)
        };
        let r = run(&line, book_posing, limits(1_000_000));
        assert_eq!(r.outcome, Outcome::Solved, "{r:?}");
        assert_eq!(r.status.as_deref(), Some("lives (defender first)"), "{r:?}");
        assert_eq!(r.seed_status, None);
        let (setup, sol) = book_setup(&book(&line)).expect("a book problem");
        let alone = |posing: Posing| {
            let (a, nodes) = framed_attempt(&setup, &sol, posing, 1_000_000);
            (a.fare, nodes)
        };
        assert_eq!(alone(book_posing), (Fare::Succeeds, r.nodes));
        let seed = Posing {
            regime: Regime::SEED,
            ..book_posing
        };
        assert_eq!(alone(seed).0, Fare::Succeeds);
    }

    #[test]
    fn a_defender_dead_in_its_frame_gets_a_wider_one() {
        let r = run(GAP, posing(2, 0.5), limits(5_000_000));
        assert_eq!(r.attacker.as_deref(), Some("White"), "{r:?}");
        assert!(r.widened && !r.swapped, "{r:?}");
        assert_eq!(r.reach, Some(3));
        assert_eq!(r.outcome, Outcome::Ko);
        assert_eq!(r.first_move.as_deref(), Some("E18"));
        // Asked for reach 3 there is nothing to widen.
        let r = run(GAP, posing(3, 0.5), limits(5_000_000));
        assert!(!r.widened, "{r:?}");
        assert_eq!(r.outcome, Outcome::Ko);
    }

    #[test]
    fn a_spent_budget_is_unproven_and_a_bad_problem_an_error() {
        let r = run(
            CLOSED_THREE,
            posing(2, 0.5),
            Limits::none().with_time(Duration::from_nanos(1)),
        );
        assert_eq!(r.outcome, Outcome::Unproven, "{r:?}");
        let mut p = book(CLOSED_THREE);
        p.c = "Black to move".into();
        let r = run_book("t", &p, posing(2, 0.5), limits(1000), &Cancel::new());
        assert_eq!(r.outcome, Outcome::Error);
        assert!(
            r.detail.as_deref().unwrap_or("").contains("Black to play"),
            "{r:?}"
        );
    }

    #[test]
    fn expectation_words_match_statuses() {
        assert_eq!(matches_expect("dead", Status::Dead), Ok(true));
        assert_eq!(matches_expect("alive", Status::Dead), Ok(false));
        // A solver that knows only win and loss may call a seki alive.
        assert_eq!(matches_expect("seki", Status::Alive), Ok(true));
        assert!(matches_expect("deadish", Status::Dead).is_err());
    }

    /// A kill whose frame is cut off, where the defender has a group the
    /// attacker encloses beside a stone that sees the open board: the
    /// enclosed group alone, inside the safe wall, is the book's problem
    /// (B19 kills the straight three). With a budget that leaves the
    /// frames open the enclosed chains' posing answers it; the frames alone
    /// do not.
    #[test]
    fn a_cut_off_kill_is_posed_on_the_enclosed_chains() {
        let r = run(THREE_AND_OUTSIDE, posing(2, 0.25), limits(4_000));
        assert_eq!(r.outcome, Outcome::Solved, "{r:?}");
        assert_eq!(r.first_move.as_deref(), Some("B19"), "{r:?}");
        assert_eq!(r.region.as_deref(), Some("closed"), "{r:?}");
        // Only the enclosed group: the outside stone's point is not in play.
        assert!(r.region_points.is_some_and(|n| n < 12), "{r:?}");
        // Without the outside stone the problem is closed from the start
        // and answered the same way.
        let closed = run(CLOSED_THREE, posing(2, 0.25), limits(4_000));
        assert_eq!(closed.outcome, Outcome::Solved, "{closed:?}");
    }

    /// Cho Elementary's Prob0082 (Black to live with D19): at reach 2 the
    /// frame stone on D16, below D17 between White's C17 and E17, makes
    /// Black's capture at D17 (after White's D18) a ko the book position
    /// does not have.
    const CRAMPED_LIFE: &str = r#"{"AB": ["ba", "fa", "bb", "cb", "eb", "fb"], "AW": ["ga", "ab", "gb", "bc", "cc", "ec", "fc", "gc", "ce"], "SZ": "19", "C": "Black to play", "SOL": [["B", "da", "", ""]], "id": "cramped-life"}"#;

    /// A live problem won only by a ko in its frame is posed again with
    /// the cramped points' room (`ProblemSpec::room`): D19 lives outright
    /// there. Without the room the same frame gives a ko.
    #[test]
    fn a_live_ko_in_the_frame_is_posed_again_with_room() {
        let book_posing = Posing {
            regime: Regime::BOOK,
            threat_search: Posing::DEFAULT_THREAT_SEARCH,
            ..posing(2, 1.0)
        };
        let r = run(CRAMPED_LIFE, book_posing, limits(1_000_000));
        assert_eq!(r.outcome, Outcome::Solved, "{r:?}");
        assert_eq!(r.first_move.as_deref(), Some("D19"), "{r:?}");
        assert!(!r.framed.contains(&"D16".to_string()), "{r:?}");
        let (setup, sol, _) = position(CRAMPED_LIFE);
        let (plain, _) = framed_attempt(&setup, &sol, book_posing, 1_000_000);
        assert!(matches!(plain.fare, Fare::WinsKo(_)), "{:?}", plain.fare);
        assert!(room_differs(&setup, 2));
    }

    /// The posing's knowledge reaches the analyses: the same answer for
    /// Prob0082's position with the plain search (`no-eye-shapes`), in
    /// more nodes; and the names are checked.
    #[test]
    fn the_posings_knowledge_reaches_the_analyses() {
        let book_posing = Posing {
            regime: Regime::BOOK,
            threat_search: Posing::DEFAULT_THREAT_SEARCH,
            ..posing(2, 1.0)
        };
        let with = run(CRAMPED_LIFE, book_posing, limits(1_000_000));
        let plain = run(
            CRAMPED_LIFE,
            Posing {
                knowledge: Knowledge::parse("no-eye-shapes").expect("a name"),
                ..book_posing
            },
            limits(1_000_000),
        );
        assert_eq!(
            (with.outcome, &with.first_move),
            (plain.outcome, &plain.first_move)
        );
        assert!(
            plain.nodes > with.nodes,
            "{} against {}",
            plain.nodes,
            with.nodes
        );
        assert_eq!(Knowledge::parse(""), Ok(Knowledge::default()));
        let k = Knowledge::parse("safety, no-room-connect").expect("names");
        let mut options = Options::default();
        k.apply(&mut options);
        assert!(options.safety && !options.eye_room_connect && options.eye_room_pair);
        assert_eq!(Knowledge::of(&options), k);
        let e = Knowledge::parse("no-room,rooms").expect_err("an unknown name");
        assert!(e.contains("\"rooms\"") && e.contains("room-connect"), "{e}");
    }

    /// [`THREE_AND_OUTSIDE`] with Black's wall at three liberties (F17, F18,
    /// F19; White's A16-E16 outside): the race is Black's, B19 kills.
    const THREE_RACE_WON: &str = r#"{"AB": ["ea", "eb", "ac", "bc", "cc", "dc", "ec"], "AW": ["da", "ab", "bb", "cb", "db", "ad", "bd", "cd", "dd", "ed"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ba", "", ""]], "id": "three-race-won"}"#;

    /// [`THREE_RACE_WON`] with White's F17 too: two liberties, the race is
    /// White's.
    const THREE_RACE_LOST: &str = r#"{"AB": ["ea", "eb", "ac", "bc", "cc", "dc", "ec"], "AW": ["da", "ab", "bb", "cb", "db", "ad", "bd", "cd", "dd", "ed", "fc"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ba", "", ""]], "id": "three-race-lost"}"#;

    /// An enclosed straight three whose eye space (E19) is next to White's
    /// F19 outside: White could connect out there.
    const THREE_BESIDE_OUTSIDE: &str = r#"{"AB": ["eb", "ac", "bc", "cc", "dc", "ec", "fb", "gb"], "AW": ["da", "ab", "bb", "cb", "db", "fa", "ce"], "SZ": "19", "C": "Black to play", "SOL": [["B", "ba", "", ""]], "id": "three-beside-outside"}"#;

    /// A White stone (A18) enclosed with one liberty, A19, which Black's
    /// B18-B19 shares, next to White's outside stones (C19, C18, B17):
    /// Black's A19 takes A18, White's A18 takes three stones back.
    const CAPTURE_UNDONE: &str = r#"{"AB": ["ba", "bb", "ac", "ad", "bd"], "AW": ["ca", "cb", "bc", "cc", "ab"], "SZ": "19", "C": "Black to play", "SOL": [["B", "dc", "", ""]], "id": "capture-undone"}"#;

    /// A problem's position, its book moves and the goban position.
    fn position(line: &str) -> (Setup, Vec<Vertex>, Position) {
        let (setup, sol) = book_setup(&book(line)).expect("a setup");
        let pos = Position::from_setup(setup.clone(), miai_goban::Rules::japanese())
            .expect("a legal position");
        (setup, sol, pos)
    }

    /// The enclosed chains' closed posing of a book line, and its search
    /// (on a budget of 100,000 nodes): the attempt kept and the nodes
    /// spent.
    fn closed(line: &str) -> (Option<ClosedPosing>, Option<Attempt>, u64) {
        let (setup, sol, pos) = position(line);
        let posed =
            enclosed_chains(&pos, Color::White).and_then(|t| closed_posing(&setup, &pos, &sol, &t));
        let mut nodes = 0;
        let a = closed_attempt(
            &setup,
            &pos,
            &sol,
            posing(2, 0.25),
            2,
            &Budget::new(limits(1_000_000)),
            &Cancel::new(),
            &mut nodes,
        );
        (posed, a.map(|(a, _)| a), nodes)
    }

    /// The closed posing of `line` is refused, and its attempt spends no
    /// node.
    fn assert_refused_before_any_search(line: &str) {
        let (posed, a, nodes) = closed(line);
        assert!(posed.is_none(), "{posed:?}");
        assert!(a.is_none());
        assert_eq!(nodes, 0);
    }

    fn names(setup: &Setup, points: &[Vertex]) -> Vec<String> {
        points.iter().map(|&v| setup.graph.vertex_name(v)).collect()
    }

    /// The closed posing is refused from the position, before any search:
    /// the enclosed group's eye space touches White's outside stone, and
    /// no node is spent on it.
    #[test]
    fn the_closed_posing_is_refused_before_any_search() {
        assert_refused_before_any_search(THREE_BESIDE_OUTSIDE);
        // Where it is not refused, the posing is searched.
        let (posed, a, nodes) = closed(THREE_AND_OUTSIDE);
        let posed = posed.expect("posed");
        assert!(
            posed.region.is_none() && posed.placed.is_empty(),
            "{posed:?}"
        );
        assert!(a.is_some_and(|a| a.first_accepted));
        assert!(nodes > 0);
    }

    /// A weak attacker chain with its liberties in the region, beside the
    /// defender's outside stones, refuses the closed posing before any
    /// search: capturing the enclosed stone ends that problem, and the
    /// outside stones would take the capturing ones back. Posed anyway,
    /// A19 "kills".
    #[test]
    fn a_capture_the_outside_stones_undo_refuses_the_closed_posing() {
        assert_refused_before_any_search(CAPTURE_UNDONE);
        let (setup, _, pos) = position(CAPTURE_UNDONE);
        let targets = enclosed_chains(&pos, Color::White).expect("enclosed chains");
        assert_eq!(names(&setup, &targets), ["A18"]);
        let mut spec = ProblemSpec::new(setup);
        spec.attacker = Some(Color::Black);
        spec.targets = Some(targets);
        let problem = Problem::new(spec).expect("a problem");
        let a = evaluate(
            &problem,
            Side::Attacker,
            &[],
            Regime::SEED,
            0,
            Switches {
                book_stop: true,
                split: None,
                knowledge: Knowledge::default(),
            },
            limits(10_000),
            1,
            &Cancel::new(),
        )
        .expect("searched");
        assert_eq!(a.fare, Fare::Succeeds);
        assert_eq!(
            a.pv_first.map(|m| move_name(&problem, m)).as_deref(),
            Some("A19")
        );
    }

    /// A weak wall's liberties are put in play, the defender's stones
    /// round them: with one liberty left (C16) White captures the wall
    /// and the kill fails; posed as plain closed problem (the wall taken
    /// for immortal), B19 would kill.
    #[test]
    fn a_weak_wall_is_raced_not_taken_for_safe() {
        let (setup, sol, pos) = position(THREE_WEAK_WALL);
        let targets = enclosed_chains(&pos, Color::White).expect("enclosed chains");
        let posed = closed_posing(&setup, &pos, &sol, &targets).expect("posed");
        let region = names(&setup, posed.region.as_deref().expect("a grown region"));
        assert!(region.contains(&"C16".to_string()), "{region:?}");
        assert_eq!(names(&setup, &posed.placed), ["C15"]);
        let (_, a, nodes) = closed(THREE_WEAK_WALL);
        assert!(a.is_none());
        assert!(nodes > 0);
        // The plain closed posing takes the wall for immortal and kills.
        let mut spec = ProblemSpec::new(setup.clone());
        spec.attacker = Some(Color::Black);
        spec.targets = Some(targets.clone());
        assert!(Problem::new(spec).is_ok_and(|p| p.region_kind() == RegionKind::Closed));
        let mut nodes = 0;
        let a = attempt(
            &setup,
            &sol,
            Some(Color::Black),
            None,
            Some(&targets),
            posing(2, 0.25),
            2,
            false,
            false,
            Budget::new(limits(100_000)),
            &Cancel::new(),
            &mut nodes,
        )
        .expect("posed")
        .expect("searched");
        assert_eq!(a.fare, Fare::Succeeds);
    }

    /// A wall of three liberties beside White's outside stones wins its
    /// race (B19 kills in the grown region); one of two loses it.
    #[test]
    fn a_weak_wall_that_wins_its_race_keeps_the_closed_posing() {
        let (posed, a, _) = closed(THREE_RACE_WON);
        let posed = posed.expect("posed");
        let region = names(&posed.setup, posed.region.as_deref().expect("grown"));
        for p in ["F17", "F18", "F19"] {
            assert!(region.contains(&p.to_string()), "{region:?}");
        }
        let a = a.expect("a kill");
        assert!(a.first_accepted, "{:?}", a.fare);
        let (posed, a, nodes) = closed(THREE_RACE_LOST);
        assert!(posed.is_some());
        assert!(a.is_none());
        assert!(nodes > 0);
        // Through the bench: the race won is solved in the closed posing,
        // its frame the defender's stones.
        let r = run(THREE_RACE_WON, posing(2, 0.25), limits(4_000));
        assert_eq!(r.outcome, Outcome::Solved, "{r:?}");
        assert_eq!(r.region.as_deref(), Some("closed"), "{r:?}");
        assert!(!r.framed.is_empty(), "{r:?}");
    }
}
