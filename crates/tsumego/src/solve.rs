//! Analysis: the status of a problem for a given first player, from a few
//! proof queries, with a principal variation and the correct first moves.

use std::fmt;
use std::time::{Duration, Instant};

use crate::problem::Problem;
use crate::regime::Regime;
use crate::search::limit::{Cancel, Limits, Progress, Stop};
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

/// How to analyse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Repetition regime.
    pub regime: Regime,
    /// Node, time and memory limits.
    pub limits: Limits,
    /// Move ordering.
    pub ordering: Ordering,
    /// Also list every correct first move.
    pub all_moves: bool,
    /// Longest principal variation to extract.
    pub max_pv: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            regime: Regime::SEED,
            limits: Limits::default(),
            ordering: Ordering::Heuristic,
            all_moves: false,
            max_pv: 40,
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
    /// Nodes searched (all queries).
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// One query: goal side, ko-advantaged side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Query {
    goal: Side,
    master: Side,
}

/// Analyses the problem with `first` to move.
pub fn analyse(
    problem: &Problem,
    first: Side,
    options: &Options,
    cancel: Option<Cancel>,
    mut progress: Option<&mut dyn FnMut(Progress)>,
) -> Analysis {
    let started = Instant::now();
    let ctx = Ctx::new(problem, options.regime, Side::Defender);
    let progress_ref: Option<&mut dyn FnMut(Progress)> = match progress.as_mut() {
        Some(p) => Some(&mut **p),
        None => None,
    };
    let mut searcher = Searcher::new(ctx, options.limits, options.ordering, cancel, progress_ref);
    // The root depends on the query: a ko ban given with the problem binds
    // only a side without threats.
    let root = |s: &Searcher| vec![State::start(problem, &s.ctx, first)];
    let mut ask = |s: &mut Searcher, q: Query| -> Answer {
        s.set_query(q.goal, q.master);
        let line = root(s);
        s.prove(&line, &[]).0
    };
    let (status, decisive) = match options.regime {
        Regime::Superko => {
            let q = Query {
                goal: Side::Attacker,
                master: Side::Defender,
            };
            match ask(&mut searcher, q) {
                Answer::Yes => (Status::Dead, Some(q)),
                Answer::No => (
                    Status::Alive,
                    Some(Query {
                        goal: Side::Defender,
                        master: Side::Defender,
                    }),
                ),
                Answer::Unknown(s) => (Status::Unproven(s), None),
            }
        }
        Regime::Seed { .. } => seed_status(&mut searcher, &mut ask),
    };
    let mut pv = Vec::new();
    let mut correct = None;
    if let Some(q) = decisive
        && status.is_proven()
    {
        searcher.set_query(q.goal, q.master);
        searcher.extend_budget(options.limits.max_nodes);
        let line = root(&searcher);
        pv = principal_variation(&mut searcher, &line, q, options.max_pv);
        if options.all_moves {
            correct = Some(correct_moves(&mut searcher, &line, q));
        }
    }
    Analysis {
        first,
        status,
        pv,
        correct,
        nodes: searcher.nodes,
        elapsed: started.elapsed(),
    }
}

/// The seed regime's status: unconditional results first (the side judged
/// is ko-disadvantaged), then with ko advantage (seed §2(1)).
fn seed_status(
    s: &mut Searcher,
    ask: &mut dyn FnMut(&mut Searcher, Query) -> Answer,
) -> (Status, Option<Query>) {
    let kill = Query {
        goal: Side::Attacker,
        master: Side::Defender,
    };
    match ask(s, kill) {
        Answer::Yes => return (Status::Dead, Some(kill)),
        Answer::Unknown(st) => return (Status::Unproven(st), None),
        Answer::No => {}
    }
    let live = Query {
        goal: Side::Defender,
        master: Side::Attacker,
    };
    match ask(s, live) {
        Answer::Yes => return (Status::Alive, Some(live)),
        Answer::Unknown(st) => return (Status::Unproven(st), None),
        Answer::No => {}
    }
    let kill_ko = Query {
        goal: Side::Attacker,
        master: Side::Attacker,
    };
    let live_ko = Query {
        goal: Side::Defender,
        master: Side::Defender,
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
            Some(if a { kill_ko } else { live_ko }),
        ),
    }
}

/// Follows the proof of `q` from the line's end: the goal side plays a
/// winning move, the other side the move whose refutation took the most
/// work.
fn principal_variation(s: &mut Searcher, line: &[State], q: Query, max: usize) -> Vec<Mv> {
    let mut line = line.to_vec();
    let mut moves: Vec<Mv> = Vec::new();
    while moves.len() < max {
        let last = line.last().expect("a line has a state");
        if last.decided(&s.ctx).is_some() {
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
            let before = s.nodes;
            let ans = s.prove(&l, &m).0;
            let work = s.nodes - before;
            if s.stopped.is_some() {
                return moves;
            }
            match ans {
                Answer::Yes if mover == q.goal => {
                    chosen = Some((mv, child, work));
                    break;
                }
                Answer::Yes if chosen.as_ref().is_none_or(|c| work > c.2) => {
                    chosen = Some((mv, child, work));
                }
                Answer::No if mover != q.goal => return moves,
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
    moves
}

/// Whether `child` repeats a state of `line`.
fn repeats(s: &Searcher, line: &[State], child: &State) -> bool {
    let k = child.key(&s.ctx);
    line.iter().any(|x| x.key(&s.ctx) == k)
}

/// The first moves that keep `q`'s goal, when the goal side moves first.
fn correct_moves(s: &mut Searcher, line: &[State], q: Query) -> Vec<Mv> {
    let root = line.last().expect("a line has a state");
    if root.mover(&s.ctx) != q.goal {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (mv, child) in s.children_of(line, &[]) {
        let l = [line[0].clone(), child];
        if s.prove(&l, &[mv]).0 == Answer::Yes {
            out.push(mv);
        }
    }
    out
}
