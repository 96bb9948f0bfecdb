//! Analysis: the status of a problem for a given first player, from a few
//! proof queries, with a principal variation and the correct first moves.

use std::fmt;
use std::time::{Duration, Instant};

use crate::error::LineError;
use crate::problem::Problem;
use crate::regime::Regime;
use crate::search::limit::{Cancel, DEFAULT_LIMITS, Limits, Progress, Stop};
use crate::search::{Answer, Ordering, Searcher};
use crate::side::Side;
use crate::state::{Ctx, Mv, State};

/// The status of the target stones with a given side to move first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The attacker captures them even without ko threats.
    Dead,
    /// They live even without ko threats.
    Alive,
    /// They live (the attacker cannot capture them), but not
    /// unconditionally: were the attacker free to pass, they could not make
    /// two eyes — a seki.
    Seki,
    /// A ko decides: the attacker kills if it has the ko threats
    /// (`attacker_wins_it`), the defender lives if it has them
    /// (`defender_wins_it`); where neither, the ko leads to no result.
    Ko {
        /// The attacker kills when it is ko-advantaged.
        attacker_wins_it: bool,
        /// The defender lives when it is ko-advantaged.
        defender_wins_it: bool,
    },
    /// Neither side can force a result: a long cycle (triple ko, eternal
    /// life...) with no tempo gained.
    NoResult,
    /// The search was cut off.
    Unproven(Stop),
}

impl Status {
    /// A short word: `dead`, `alive`, `ko`, `no-result`, `unproven`.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Dead => "dead",
            Status::Alive => "alive",
            Status::Seki => "seki",
            Status::Ko { .. } => "ko",
            Status::NoResult => "no-result",
            Status::Unproven(_) => "unproven",
        }
    }

    /// Whether the search proved this status.
    pub fn is_proven(&self) -> bool {
        !matches!(self, Status::Unproven(_))
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Dead => f.write_str("dead (the attacker kills without ko threats)"),
            Status::Alive => f.write_str("alive (the defender lives without ko threats)"),
            Status::Seki => f.write_str("seki (the defender lives, without two eyes)"),
            Status::Ko {
                attacker_wins_it,
                defender_wins_it,
            } => match (attacker_wins_it, defender_wins_it) {
                (true, true) => f.write_str("ko (whoever has the ko threats wins)"),
                (true, false) => f.write_str(
                    "ko (the attacker kills if it has the ko threats; otherwise no result)",
                ),
                (false, true) => f.write_str(
                    "ko (the defender lives if it has the ko threats; otherwise no result)",
                ),
                (false, false) => f.write_str("ko"),
            },
            Status::NoResult => {
                f.write_str("no result (a long cycle: neither side can force a result)")
            }
            Status::Unproven(s) => write!(f, "unproven ({s})"),
        }
    }
}

/// Who wins a game, or that neither can force it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The attacker captures the target.
    AttackerWins,
    /// The target lives.
    DefenderWins,
    /// Neither side can force a result (a long cycle).
    NoResult,
    /// The search was cut off.
    Unproven(Stop),
}

/// How to analyse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Repetition regime.
    pub regime: Regime,
    /// Node, time and memory limits ([`DEFAULT_LIMITS`] by default). A
    /// limit left open is no limit for nodes and time, and a
    /// [`DEFAULT_TABLE_BYTES`](crate::DEFAULT_TABLE_BYTES) table.
    pub limits: Limits,
    /// Move ordering.
    pub ordering: Ordering,
    /// Also list every correct first move.
    pub all_moves: bool,
    /// Longest principal variation to extract.
    pub max_pv: usize,
    /// The whole status (default): tell seki from unconditional life, and
    /// read a ko or a cycle without threats too (`without_threats`) —
    /// extra proof queries. Off, only what says whether the first player
    /// succeeds is proven: [`Status::Alive`] then means "lives, with two
    /// eyes or in seki", and `without_threats` stays `None` (a benchmark
    /// that scores only who wins saves the queries).
    pub full_status: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            regime: Regime::SEED,
            limits: DEFAULT_LIMITS,
            ordering: Ordering::Heuristic,
            all_moves: false,
            max_pv: 40,
            full_status: true,
        }
    }
}

/// The result of [`analyse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Who moved first.
    pub first: Side,
    /// The status.
    pub status: Status,
    /// A principal variation of the deciding query (empty for no result),
    /// as moves from the first player on.
    pub pv: Vec<Mv>,
    /// The first player's correct first moves, when asked for: the moves
    /// that keep the status (for the side the status favours). Empty when
    /// the first player cannot reach it.
    pub correct: Option<Vec<Mv>>,
    /// Seed regime, for a ko or no result: the outcome when neither side
    /// has ko threats, under the plain simple-ko rule — the reading of the
    /// seed's first diagrams, made before it brings in ko threats.
    pub without_threats: Option<Outcome>,
    /// Set when the principal variation or the correct moves were cut off
    /// (the status itself is still proven).
    pub extraction_stopped: Option<Stop>,
    /// Nodes searched (all queries).
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// One query: goal side, ko-advantaged side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Query {
    goal: Side,
    master: Option<Side>,
}

/// Analyses the problem with `first` to move.
pub fn analyse(
    problem: &Problem,
    first: Side,
    options: &Options,
    cancel: Option<Cancel>,
    progress: Option<&mut dyn FnMut(Progress)>,
) -> Analysis {
    match analyse_after(problem, first, &[], options, cancel, progress) {
        Ok(a) => a,
        Err(_) => unreachable!("an empty line has no illegal move"),
    }
}

/// Analyses the position reached by `moves` (from the problem's start with
/// `first` to move) *with that line as its history*: cycles closing on the
/// line count, as they do inside the search. The status is for the player
/// to move after the line (the side `first` if the line has even length).
pub fn analyse_after(
    problem: &Problem,
    first: Side,
    moves: &[Mv],
    options: &Options,
    cancel: Option<Cancel>,
    mut progress: Option<&mut dyn FnMut(Progress)>,
) -> Result<Analysis, LineError> {
    let started = Instant::now();
    // Check the line once (board legality; ko bans depend on the query).
    {
        let ctx = Ctx::new(problem, options.regime, None);
        let mut s = State::start(problem, &ctx, first);
        for (index, &mv) in moves.iter().enumerate() {
            let bad = |reason: String| LineError {
                index,
                mv: match mv {
                    Mv::Play(v) => problem.vertex_name(v),
                    Mv::Tenuki => "tenuki".into(),
                },
                reason,
            };
            match mv {
                Mv::Play(v) => {
                    if !problem.region().contains(v) {
                        return Err(bad("not in the region".into()));
                    }
                    s.pos
                        .check(s.pos.to_move(), v)
                        .map_err(|e| bad(e.to_string()))?;
                }
                Mv::Tenuki => {}
            }
            let mut next = s.clone();
            s.play_into(&ctx, mv, &mut next);
            s = next;
        }
    }
    let ctx = Ctx::new(problem, options.regime, Some(Side::Defender));
    let progress_ref: Option<&mut dyn FnMut(Progress)> = match progress.as_mut() {
        Some(p) => Some(&mut **p),
        None => None,
    };
    let mut searcher = Searcher::new(ctx, options.limits, options.ordering, cancel, progress_ref);
    // The root depends on the query: a ko ban given with the problem binds
    // only a side without threats.
    let root = |s: &Searcher| {
        let mut line = vec![State::start(problem, &s.ctx, first)];
        for &mv in moves {
            let last = line.last().expect("a line has a state");
            let mut next = last.clone();
            last.play_into(&s.ctx, mv, &mut next);
            line.push(next);
        }
        line
    };
    let mut ask = |s: &mut Searcher, q: Query| -> Answer {
        s.set_query(q.goal, q.master);
        let line = root(s);
        s.prove(&line, moves).0
    };
    let (status, decisive) = match options.regime {
        Regime::Superko => {
            let q = Query {
                goal: Side::Attacker,
                master: Some(Side::Defender),
            };
            match ask(&mut searcher, q) {
                Answer::Yes => (Status::Dead, Some(q)),
                Answer::No => (
                    Status::Alive,
                    Some(Query {
                        goal: Side::Defender,
                        master: Some(Side::Defender),
                    }),
                ),
                Answer::Unknown(s) => (Status::Unproven(s), None),
            }
        }
        Regime::Seed { .. } => seed_status(first, &mut searcher, &mut ask),
    };
    // Alive: with two eyes, or in seki? Ask whether the defender still
    // reaches unconditional life when the attacker may pass.
    let status = if status == Status::Alive && options.full_status {
        s_seki(&mut searcher, &root, moves)
    } else {
        status
    };
    let mut without_threats = None;
    if options.full_status
        && matches!(options.regime, Regime::Seed { .. })
        && matches!(status, Status::Ko { .. } | Status::NoResult)
    {
        let kill = ask(
            &mut searcher,
            Query {
                goal: Side::Attacker,
                master: None,
            },
        );
        let live = ask(
            &mut searcher,
            Query {
                goal: Side::Defender,
                master: None,
            },
        );
        without_threats = Some(match (kill, live) {
            (Answer::Unknown(s), _) | (_, Answer::Unknown(s)) => Outcome::Unproven(s),
            (Answer::Yes, _) => Outcome::AttackerWins,
            (_, Answer::Yes) => Outcome::DefenderWins,
            _ => Outcome::NoResult,
        });
    }
    let mut pv = Vec::new();
    let mut correct = None;
    if let Some(q) = decisive
        && status.is_proven()
    {
        searcher.set_query(q.goal, q.master);
        searcher.extend_budget(options.limits.max_nodes);
        let line = root(&searcher);
        pv = principal_variation(&mut searcher, &line, moves, q, options.max_pv);
        if options.all_moves {
            correct = Some(correct_moves(&mut searcher, &line, moves, q));
        }
    }
    Ok(Analysis {
        first,
        status,
        pv,
        correct,
        without_threats,
        extraction_stopped: if status.is_proven() {
            searcher.stopped()
        } else {
            None
        },
        nodes: searcher.nodes(),
        elapsed: started.elapsed(),
    })
}

/// The seki test for an alive status (see [`Status::Seki`]). The defender
/// gets the ko threats here: a life that hangs on a ko the seed's rules
/// give it (an approach ko it can wait out) is not a seki.
fn s_seki(s: &mut Searcher, root: &dyn Fn(&Searcher) -> Vec<State>, moves: &[Mv]) -> Status {
    s.set_query_mode(Side::Defender, Some(Side::Defender), true);
    let line = root(s);
    match s.prove(&line, moves).0 {
        Answer::Yes => Status::Alive,
        Answer::No => Status::Seki,
        Answer::Unknown(st) => Status::Unproven(st),
    }
}

/// The seed regime's status: unconditional results first (the side judged
/// is ko-disadvantaged), then with ko advantage (seed §2(1)).
fn seed_status(
    first: Side,
    s: &mut Searcher,
    ask: &mut dyn FnMut(&mut Searcher, Query) -> Answer,
) -> (Status, Option<Query>) {
    let kill = Query {
        goal: Side::Attacker,
        master: Some(Side::Defender),
    };
    let live = Query {
        goal: Side::Defender,
        master: Some(Side::Attacker),
    };
    // Ask first what the first player hopes for: a book problem's answer
    // is usually a win for it, and a proof is cheaper than a refutation.
    // (Both cannot hold: the attacker killing with the defender's threats
    // and the defender living against the attacker's.)
    let order = if first == Side::Defender {
        [(live, Status::Alive), (kill, Status::Dead)]
    } else {
        [(kill, Status::Dead), (live, Status::Alive)]
    };
    for (q, status) in order {
        match ask(s, q) {
            Answer::Yes => return (status, Some(q)),
            Answer::Unknown(st) => return (Status::Unproven(st), None),
            Answer::No => {}
        }
    }
    let kill_ko = Query {
        goal: Side::Attacker,
        master: Some(Side::Attacker),
    };
    let live_ko = Query {
        goal: Side::Defender,
        master: Some(Side::Defender),
    };
    let a = match ask(s, kill_ko) {
        Answer::Yes => true,
        Answer::No => false,
        Answer::Unknown(st) => return (Status::Unproven(st), None),
    };
    let b = match ask(s, live_ko) {
        Answer::Yes => true,
        Answer::No => false,
        Answer::Unknown(st) => return (Status::Unproven(st), None),
    };
    match (a, b) {
        (false, false) => (Status::NoResult, None),
        _ => (
            Status::Ko {
                attacker_wins_it: a,
                defender_wins_it: b,
            },
            // The variation and correct moves of the first player's win.
            Some(match (first, a, b) {
                (Side::Defender, _, true) | (_, false, _) => live_ko,
                _ => kill_ko,
            }),
        ),
    }
}

/// Follows the proof of `q` from the line's end: the goal side plays a
/// winning move, the other side the move whose refutation took the most
/// work.
fn principal_variation(
    s: &mut Searcher,
    line: &[State],
    prefix: &[Mv],
    q: Query,
    max: usize,
) -> Vec<Mv> {
    let mut line = line.to_vec();
    let mut moves: Vec<Mv> = prefix.to_vec();
    while moves.len() < max + prefix.len() {
        let last = line.last().expect("a line has a state");
        if last.decided_cheap(&s.ctx).is_some()
            || (last.mover(&s.ctx) == Side::Attacker
                && !last.may_tenuki(&s.ctx, false)
                && last.benson(&s.ctx).is_some())
        {
            break;
        }
        let mover = last.mover(&s.ctx);
        let children = s.children_of(&line, &moves);
        let mut chosen: Option<(Mv, State, u64)> = None;
        let mut cycle: Option<Mv> = None;
        // The table knows most children: use it first.
        let mut todo = Vec::new();
        let mut all_known = true;
        for (mv, child) in children {
            if repeats(s, &line, &child) {
                // A cycle ends the game; the goal side closes one only when
                // nothing else wins.
                cycle.get_or_insert(mv);
                continue;
            }
            match s.table_answer(&child) {
                Some((true, work)) if mover == q.goal => {
                    chosen = Some((mv, child, work as u64));
                    break;
                }
                Some((true, work)) => {
                    if chosen.as_ref().is_none_or(|c| work as u64 > c.2) {
                        chosen = Some((mv, child.clone(), work as u64));
                    }
                }
                Some((false, _)) if mover == q.goal => {}
                _ => {
                    all_known = false;
                    todo.push((mv, child));
                }
            }
        }
        let decided_by_table = chosen.is_some() && (mover == q.goal || all_known);
        for (mv, child) in todo {
            if decided_by_table {
                break;
            }
            let mut l = line.clone();
            l.push(child.clone());
            let mut m = moves.clone();
            m.push(mv);
            let before = s.nodes();
            let ans = s.prove(&l, &m).0;
            let work = s.nodes() - before;
            if s.stopped().is_some() {
                return moves.split_off(prefix.len());
            }
            match ans {
                Answer::Yes if mover == q.goal => {
                    chosen = Some((mv, child, work));
                    break;
                }
                Answer::Yes if chosen.as_ref().is_none_or(|c| work > c.2) => {
                    chosen = Some((mv, child, work));
                }
                Answer::No if mover != q.goal => return moves.split_off(prefix.len()),
                _ => {}
            }
        }
        match (chosen, cycle) {
            (Some((mv, child, _)), _) => {
                moves.push(mv);
                line.push(child);
            }
            (None, Some(mv)) if mover == q.goal => {
                moves.push(mv);
                break;
            }
            _ => break,
        }
    }
    moves.split_off(prefix.len())
}

/// Whether `child` repeats a state of `line`.
fn repeats(s: &Searcher, line: &[State], child: &State) -> bool {
    let k = child.key(&s.ctx);
    line.iter().any(|x| x.key(&s.ctx) == k)
}

/// The first moves that keep `q`'s goal, when the goal side moves first.
fn correct_moves(s: &mut Searcher, line: &[State], prefix: &[Mv], q: Query) -> Vec<Mv> {
    let root = line.last().expect("a line has a state");
    if root.mover(&s.ctx) != q.goal {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (mv, child) in s.children_of(line, prefix) {
        let mut l = line.to_vec();
        l.push(child);
        let mut m = prefix.to_vec();
        m.push(mv);
        if s.prove(&l, &m).0 == Answer::Yes {
            out.push(mv);
        }
    }
    out
}
