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
//!   may take room the defender needs). All the analyses of one problem
//!   (every posing, the accepted moves' checks) draw on one budget: one
//!   deadline and one node count, so no problem runs past its time limit.
//! - a directory of problem files, each with an `expect:` header
//!   (`attacker-first=<status> defender-first=<status>`, `-` for "not
//!   stated"): every stated status must come out.

use std::time::Instant;

use miai_goban::{Color, Graph, Setup, Vertex};
use serde::{Deserialize, Serialize};

use crate::problem::file::Stated;
use crate::problem::{Problem, ProblemSpec, RegionKind};
use crate::regime::Regime;
use crate::report::{extraction_cut, kind_word, move_name};
use crate::search::limit::{Cancel, Limits};
use crate::side::Side;
use crate::solve::{Options, Status, analyse, analyse_after};
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
            seconds: 0.0,
            detail: None,
            seed_status: None,
            goal: None,
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
    /// Ko answers with a book move proven to win the ko.
    pub ko_with_accepted_move: usize,
    /// Book regime: problems whose answer differs under the seed's rules.
    pub regimes_differ: usize,
    /// Seconds per problem.
    pub times: Times,
    /// The slowest problems, slowest first.
    pub slowest: Vec<Slow>,
    /// Every problem's result, in the set's order.
    pub results: Vec<ProblemResult>,
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

/// How the side to play fares in one analysis, best last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Fare {
    Fails,
    Unproven,
    WinsKo,
    Succeeds,
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
        ) => Fare::WinsKo,
        (Status::Unproven(_), _) => Fare::Unproven,
        _ => Fare::Fails,
    }
}

/// One posing and analysis of a book problem.
struct Attempt {
    problem: Problem,
    side: Side,
    status: Status,
    pv_first: Option<Mv>,
    correct: Vec<Mv>,
    fare: Fare,
    /// A limit was reached while the first moves were extracted.
    cut: bool,
    /// The variation's first move is a book move.
    first_accepted: bool,
    /// A book move is among `correct`.
    accepted: bool,
}

impl Attempt {
    /// Whether the bench's question is answered: a result is proven, and
    /// either a book move is proven correct or every book move was checked
    /// (an analysis cut off while checking them leaves it open).
    fn settled(&self) -> bool {
        self.fare != Fare::Unproven && (self.accepted || !self.cut)
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
    regime: Regime,
    reach: usize,
    budget: Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> Result<Option<Attempt>, String> {
    let mut spec = ProblemSpec::new(setup.clone());
    spec.attacker = attacker;
    spec.region = region.map(<[Vertex]>::to_vec);
    spec.reach = reach;
    let problem = Problem::new(spec).map_err(|e| e.to_string())?;
    let side = problem.side_of(setup.to_move);
    let Some(limits) = budget.left(*nodes, cancel) else {
        return Ok(None);
    };
    let options = Options {
        regime,
        limits,
        // Who succeeds is all a book problem asks: living in seki or with
        // two eyes both answer it, and a ko's no-threats reading is not
        // scored.
        full_status: false,
        ..Options::default()
    };
    let a = analyse(&problem, side, &options, Some(cancel.clone()), None);
    *nodes += a.nodes;
    // A side that wins moving first has a first move: none means the
    // extraction was cut short, whatever the limit.
    let fare = fare(a.status, side);
    let mut cut = extraction_cut(&a, &limits, cancel) || (fare >= Fare::WinsKo && a.pv.is_empty());
    // The moves known correct: the variation's first, and each accepted
    // move proven to keep the result (cheaper than every first move).
    let pv_first = a.pv.first().copied();
    let mut correct: Vec<Mv> = pv_first.into_iter().collect();
    let in_sol = |m: Mv| match m {
        Mv::Play(v) => problem.to_original(v).is_some_and(|o| sol.contains(&o)),
        Mv::Tenuki => false,
    };
    let first_accepted = pv_first.is_some_and(in_sol);
    let mut accepted = first_accepted;
    if fare >= Fare::WinsKo && !accepted {
        for &o in sol {
            let Some(v) = problem
                .from_original(o)
                .filter(|v| problem.region().contains(*v))
            else {
                continue;
            };
            let mv = Mv::Play(v);
            let Some(limits) = budget.left(*nodes, cancel) else {
                cut = true;
                break;
            };
            let options = Options { limits, ..options };
            if let Ok(b) =
                analyse_after(&problem, side, &[mv], &options, Some(cancel.clone()), None)
            {
                *nodes += b.nodes;
                if !b.status.is_proven() {
                    cut = true;
                } else if self::fare(b.status, side) >= fare {
                    correct.push(mv);
                    // One book move proven answers the bench's question.
                    accepted = true;
                    break;
                }
            }
        }
    }
    Ok(Some(Attempt {
        cut,
        side,
        status: a.status,
        pv_first,
        correct,
        fare,
        first_accepted,
        accepted,
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
    regime: Regime,
    reach: usize,
    budget: Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> Result<(Attempt, bool), NoAnswer> {
    // Every posing draws on what is left of the one budget.
    let pose = |attacker: Option<Color>, reach: usize, nodes: &mut u64| {
        attempt(
            setup, sol, attacker, None, regime, reach, budget, cancel, nodes,
        )
    };
    let again =
        |attacker: Color, nodes: &mut u64| pose(Some(attacker), reach, nodes).ok().flatten();
    let first = pose(None, reach, nodes);
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
        Ok(Some(a)) if a.fare >= Fare::WinsKo => Ok((a, false)),
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
}

/// Poses a book problem (see the module's documentation: attacker swap,
/// frame narrowing and widening, one budget of `limits` for every
/// analysis) and scores the answer against the book's moves. A line
/// with a `goal` is a status problem, posed as stated ([`run_status`]).
pub fn run_book(
    id: &str,
    p: &BookProblem,
    posing: Posing,
    limits: Limits,
    cancel: &Cancel,
) -> ProblemResult {
    let Posing {
        regime,
        reach,
        wide_share,
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
    let wide = posings(
        &setup,
        &sol,
        regime,
        reach,
        if can_narrow {
            budget.share(wide_share, nodes)
        } else {
            budget
        },
        cancel,
        &mut nodes,
    );
    let unsettled = match &wide {
        Ok((a, _)) => !a.settled(),
        Err(_) => true,
    };
    // A settled answer before an open one, then the better fare.
    let rank = |a: &Attempt| (a.settled(), a.fare);
    let mut narrowed = false;
    let chosen = if can_narrow && unsettled {
        match posings(&setup, &sol, regime, reach - 1, budget, cancel, &mut nodes) {
            Ok(b) if wide.as_ref().map_or(true, |(a, _)| rank(&b.0) > rank(a)) => {
                narrowed = true;
                Ok(b)
            }
            _ => wide,
        }
    } else {
        wide
    };
    let (used, swapped) = match chosen {
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
    r.narrowed = narrowed;
    r.nodes = nodes;
    r.swapped = swapped;
    record_attempt(&mut r, &used);
    r.widened = r.reach.is_some_and(|used| used > reach);
    r.seed_status = seed_differs(&used, regime, &budget, cancel, &mut nodes);
    r.nodes = nodes;
    r.outcome = match used.fare {
        Fare::Succeeds if used.first_accepted => Outcome::Solved,
        Fare::Succeeds | Fare::WinsKo if used.cut && !used.accepted => {
            r.detail = Some(format!(
                "{}, proven, but the limit cut off the search for the first move",
                used.status.word()
            ));
            Outcome::Unproven
        }
        Fare::Succeeds if used.accepted => Outcome::OtherCorrect,
        Fare::Succeeds => {
            r.detail = Some("proven, but no accepted move is among the correct ones".into());
            Outcome::Wrong
        }
        Fare::WinsKo => {
            r.detail = Some(if used.accepted {
                "ko, with an accepted first move".into()
            } else {
                "ko, and no accepted move is among the correct ones".into()
            });
            Outcome::Ko
        }
        Fare::Unproven => {
            r.detail = Some(used.status.to_string());
            Outcome::Unproven
        }
        Fare::Fails => {
            r.detail = Some(format!(
                "the side to play fails as the {}: {}",
                used.side, used.status
            ));
            Outcome::Wrong
        }
    };
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
    r.status = Some(format!("{} ({} first)", used.status.word(), used.side));
    r.first_move = used.pv_first.map(|m| move_name(problem, m));
    r.correct = Some(
        used.correct
            .iter()
            .map(|&m| move_name(problem, m))
            .collect(),
    );
    r.accepted = used.accepted;
}

/// Book regime: the status of `used`'s posing under the seed's rules (the
/// attacker may not pass), from what is left of the budget (and at most
/// four times the nodes spent so far), when it says something else for the
/// side to play (`None` when it agrees, under another regime, or when that
/// reading is cut off).
fn seed_differs(
    used: &Attempt,
    regime: Regime,
    budget: &Budget,
    cancel: &Cancel,
    nodes: &mut u64,
) -> Option<String> {
    if !regime.book() {
        return None;
    }
    let mut limits = budget.left(*nodes, cancel)?;
    // A side note, not the answer: at most four times the nodes spent so
    // far (at least 50,000), so that a hard reading under the seed's
    // rules does not spend the time of a problem the book regime settled.
    let cap = nodes.saturating_mul(4).max(50_000);
    limits.max_nodes = Some(limits.max_nodes.map_or(cap, |n| n.min(cap)));
    let options = Options {
        regime: regime.with_book(false),
        limits,
        full_status: false,
        max_pv: 1,
        ..Options::default()
    };
    let a = analyse(
        &used.problem,
        used.side,
        &options,
        Some(cancel.clone()),
        None,
    );
    *nodes += a.nodes;
    let seed = fare(a.status, used.side);
    // Cut off: not known to differ.
    (seed != used.fare && seed != Fare::Unproven).then(|| {
        let first =
            a.pv.first()
                .map(|&m| format!(" by {}", move_name(&used.problem, m)))
                .unwrap_or_default();
        format!("{} ({} first){first}", a.status.word(), used.side)
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
        posing.regime,
        posing.reach,
        budget,
        cancel,
        &mut nodes,
    );
    let used = match used {
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
    r.seed_status = seed_differs(&used, posing.regime, &budget, cancel, &mut nodes);
    r.nodes = nodes;
    let no_sol = p.sol.is_empty();
    r.outcome = match (p.fails, used.fare) {
        (_, Fare::Unproven) => {
            r.detail = Some(used.status.to_string());
            Outcome::Unproven
        }
        (true, Fare::Fails) => Outcome::Solved,
        (true, _) => {
            r.detail = Some(format!(
                "stated to fail, but the side to play succeeds: {}",
                used.status
            ));
            Outcome::Wrong
        }
        (false, Fare::Fails) => {
            r.detail = Some(format!(
                "the side to play fails as the {}: {}",
                used.side, used.status
            ));
            Outcome::Wrong
        }
        (false, Fare::WinsKo) => {
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
pub fn summarise(
    path: String,
    kind: &'static str,
    available: usize,
    cancelled: bool,
    limits: Limits,
    regime: Regime,
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
        ko_with_accepted_move: results
            .iter()
            .filter(|r| r.outcome == Outcome::Ko && r.accepted)
            .count(),
        regimes_differ: results.iter().filter(|r| r.seed_status.is_some()).count(),
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
                "ko answers with an accepted first move: {}; role swapped: {}; frame narrowed: {}, widened: {}",
                r.ko_with_accepted_move, r.role_swapped, r.frame_narrowed, r.frame_widened
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
                if let Some(d) = &x.detail {
                    let _ = write!(line, ": {d}");
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

    fn book(line: &str) -> BookProblem {
        serde_json::from_str(line).expect("a book problem")
    }

    fn posing(reach: usize, wide_share: f64) -> Posing {
        Posing {
            regime: Regime::SEED,
            reach,
            wide_share,
        }
    }

    fn limits(nodes: u64) -> Limits {
        Limits::none()
            .with_nodes(nodes)
            .with_time(Duration::from_secs(600))
    }

    fn run(line: &str, posing: Posing, limits: Limits) -> ProblemResult {
        run_book("t", &book(line), posing, limits, &Cancel::new())
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
        assert_eq!(fare(ko(true, false), Side::Attacker), Fare::WinsKo);
        assert_eq!(fare(ko(true, false), Side::Defender), Fare::Fails);
        assert_eq!(fare(ko(false, true), Side::Defender), Fare::WinsKo);
        assert_eq!(fare(Status::NoResult, Side::Attacker), Fare::Fails);
        assert_eq!(
            fare(Status::Unproven(Stop::Nodes), Side::Defender),
            Fare::Unproven
        );
        assert!(Fare::Fails < Fare::Unproven);
        assert!(Fare::Unproven < Fare::WinsKo);
        assert!(Fare::WinsKo < Fare::Succeeds);
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
        // About 4,000 nodes settle the corner at reach 2 and 1,200 at reach
        // 1: with 4,000 the wide frame is cut off at half of them, and the
        // narrow one answers with the rest; the total stays within 4,000.
        let r = run(OPEN_CORNER, posing(2, 0.5), limits(4_000));
        assert!(r.narrowed, "{r:?}");
        assert!(r.accepted, "{r:?}");
        assert!(r.nodes <= 4_000 && r.nodes > 2_000, "{r:?}");
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
}
