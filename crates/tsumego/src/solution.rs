//! A problem's solution as a tree of lines, written as SGF (issue 22).
//!
//! [`solve_tree`] analyses a problem for the player to move and gathers:
//! every correct first move with its main line (the opponent's most
//! stubborn resistance, the solver's answers), and the refutations of the
//! most tempting wrong first moves — the wrong moves whose refutation took
//! the search the most work, at most [`TreeOptions::max_refutations`] of
//! them. Each line comes from [`analyse_after`], so the status it states is
//! proven with the line as history.
//!
//! *Lines end where the status is settled.* A principal variation runs on
//! until the position is decided outright (the target captured, two eyes
//! beyond doubt), which is long after a player would stop reading. After
//! each move of the side the line favours, the tree checks whether that
//! side could now ignore the opponent's next move: whether, for every
//! reply of the opponent, the opponent moving *again* still does not turn
//! the result (each such position analysed on its own, as a state: the
//! line's history is dropped there). The first move after which this holds
//! ends the line. The check is bounded ([`TreeOptions::settle_points`]);
//! a line whose check was skipped runs to the end of the principal
//! variation and says so.
//!
//! [`Solution::record`] writes the tree with goban's SGF writer: the
//! problem as set up (frame stones included: the solver read with them),
//! `CR` on the correct first moves and `MA` on the refuted ones at the
//! root, a `C[]` comment on every first move (correct or wrong, the status
//! with its ko details) and on the last move of every line (why it ends).
//! A tenuki is a pass; a ko retake that the simple-ko rule forbids at that
//! point (the ko-advantaged side of the seed's model retakes at will) is
//! preceded by a ko threat elsewhere and its answer, two passes, so that
//! every node replays legally under the simple-ko rule.

use std::time::{Duration, Instant};

use miai_goban::{Color, Illegal, Mark, Move, Position, Rules, Vertex, sgf};

use crate::problem::Problem;
use crate::report::move_name;
use crate::search::limit::{Cancel, Stop};
use crate::side::Side;
use crate::solve::{Analysis, KoThreats, Options, Status, analyse, analyse_after};
use crate::state::Mv;

/// How much of the tree to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeOptions {
    /// The most refuted wrong first moves shown.
    pub max_refutations: usize,
    /// Check where each line's status is settled (and cut it there).
    pub settle: bool,
    /// Skip the settled check in positions with more empty region points
    /// than this (it analyses one position per reply).
    pub settle_points: usize,
    /// Stop adding to the tree (further refutations, settled checks) once
    /// this much time has gone; what is built is kept.
    pub max_time: Option<Duration>,
}

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions {
            max_refutations: 4,
            settle: true,
            settle_points: 40,
            max_time: None,
        }
    }
}

/// One line of the tree: a first move and what follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Whether the first move is correct (keeps the status for the first
    /// player) or a refuted wrong move.
    pub correct: bool,
    /// The moves, the first player's first move first.
    pub moves: Vec<Mv>,
    /// The status after the first move, for the opponent to move.
    pub status: Status,
    /// The ko-threat counts after the first move (seed rules), if counted.
    pub threats: Option<KoThreats>,
    /// The line ends because the status is settled there (else it is the
    /// end of the principal variation, or the settled check was skipped).
    pub settled: bool,
    /// Nodes of the line's analysis.
    pub nodes: u64,
}

/// The solution tree of a problem (see the [module](self) docs).
#[derive(Debug, Clone)]
pub struct Solution {
    /// Who moves first.
    pub first: Side,
    /// The status with `first` to move.
    pub analysis: Analysis,
    /// The correct lines, then the refutations (most tempting first).
    pub lines: Vec<Line>,
    /// Legal first moves that were not shown (wrong moves beyond
    /// [`TreeOptions::max_refutations`]).
    pub not_shown: usize,
    /// Set when a limit, the time of [`TreeOptions::max_time`] or a cancel
    /// cut the tree short.
    pub stopped: Option<Stop>,
    /// Nodes searched, all analyses together.
    pub nodes: u64,
}

/// The options of the side analyses (settled checks, candidate scans):
/// only who wins, no ko-threat counts, no variation.
fn light(options: &Options) -> Options {
    Options {
        all_moves: false,
        max_pv: 0,
        full_status: false,
        threat_search: 0,
        ..*options
    }
}

/// How good `status` is for `goal`: 3 a plain win, 2 a ko it wins with the
/// ko threats, 1 a ko or cycle it does not win, 0 a loss or unproven.
fn rank(goal: Side, status: Status) -> u8 {
    match (goal, status) {
        (Side::Attacker, Status::Dead) => 3,
        (Side::Defender, Status::Alive | Status::Seki) => 3,
        (
            Side::Attacker,
            Status::Ko {
                attacker_wins_it: true,
                ..
            },
        ) => 2,
        (
            Side::Defender,
            Status::Ko {
                defender_wins_it: true,
                ..
            },
        ) => 2,
        (_, Status::Ko { .. } | Status::NoResult) => 1,
        _ => 0,
    }
}

/// The side a status with `to_move` to move favours: the winner of a plain
/// result, the side that wins a ko with its threats (the player to move if
/// both do), `None` for no result or unproven.
pub fn favoured(status: Status, to_move: Side) -> Option<Side> {
    match status {
        Status::Dead => Some(Side::Attacker),
        Status::Alive | Status::Seki => Some(Side::Defender),
        Status::Ko {
            attacker_wins_it,
            defender_wins_it,
        } => match (attacker_wins_it, defender_wins_it) {
            (true, true) => Some(to_move),
            (true, false) => Some(Side::Attacker),
            (false, true) => Some(Side::Defender),
            (false, false) => None,
        },
        Status::NoResult | Status::Unproven(_) => None,
    }
}

/// The side to move after `n` moves from `first`.
fn mover(first: Side, n: usize) -> Side {
    if n.is_multiple_of(2) {
        first
    } else {
        first.other()
    }
}

/// Builds the solution tree of `problem` with `first` to move.
pub fn solve_tree(
    problem: &Problem,
    first: Side,
    options: &Options,
    tree: &TreeOptions,
    cancel: Option<Cancel>,
) -> Solution {
    let started = Instant::now();
    let mut nodes = 0u64;
    let mut stopped = None;
    let out_of_time = |stopped: &mut Option<Stop>| {
        if stopped.is_some() {
            return true;
        }
        if cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            *stopped = Some(Stop::Cancelled);
        } else if tree.max_time.is_some_and(|t| started.elapsed() >= t) {
            *stopped = Some(Stop::Time);
        }
        stopped.is_some()
    };
    let all = Options {
        all_moves: true,
        ..*options
    };
    let analysis = analyse(problem, first, &all, cancel.clone(), None);
    nodes += analysis.nodes;
    if let Status::Unproven(s) = analysis.status {
        return Solution {
            first,
            analysis,
            lines: Vec::new(),
            not_shown: 0,
            stopped: Some(s),
            nodes,
        };
    }
    let correct: Vec<Mv> = analysis.correct.clone().unwrap_or_default();
    let line_options = Options {
        all_moves: false,
        ..*options
    };
    let mut lines = Vec::new();
    // The correct lines: the first player's goal is what the status
    // promises it.
    for &c in &correct {
        if out_of_time(&mut stopped) {
            break;
        }
        if let Ok(a) = analyse_after(problem, first, &[c], &line_options, cancel.clone(), None) {
            nodes += a.nodes;
            lines.push(line_of(c, true, a));
        }
    }
    // The wrong moves: every other legal first play, scanned cheaply; the
    // hardest to refute are the tempting ones.
    let mut candidates = Vec::new();
    for v in first_plays(problem, first) {
        let mv = Mv::Play(v);
        if correct.contains(&mv) || out_of_time(&mut stopped) {
            continue;
        }
        let Ok(a) = analyse_after(problem, first, &[mv], &light(options), cancel.clone(), None)
        else {
            continue;
        };
        nodes += a.nodes;
        // Refuted: the opponent (to move) keeps the result from the first
        // player — it does at least as well as the root status lets it.
        let goal = first.other();
        if a.status.is_proven() && rank(goal, a.status) >= rank(goal, analysis.status) {
            candidates.push((a.nodes, v));
        }
    }
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let shown = candidates.len().min(tree.max_refutations);
    for &(_, v) in &candidates[..shown] {
        if out_of_time(&mut stopped) {
            break;
        }
        let mv = Mv::Play(v);
        if let Ok(a) = analyse_after(problem, first, &[mv], &line_options, cancel.clone(), None) {
            nodes += a.nodes;
            lines.push(line_of(mv, false, a));
        }
    }
    let not_shown = candidates.len() - lines.iter().filter(|l| !l.correct).count();
    // Cut each line where its status is settled.
    if tree.settle {
        for line in &mut lines {
            if out_of_time(&mut stopped) {
                break;
            }
            let goal = if line.correct { first } else { first.other() };
            settle(
                problem, first, goal, line, options, tree, &cancel, &mut nodes,
            );
        }
    }
    if stopped.is_none() {
        stopped = lines.iter().find_map(|l| match l.status {
            Status::Unproven(s) => Some(s),
            _ => None,
        });
    }
    Solution {
        first,
        analysis,
        lines,
        not_shown,
        stopped,
        nodes,
    }
}

/// A line from the analysis after its first move.
fn line_of(first_move: Mv, correct: bool, a: Analysis) -> Line {
    let mut moves = vec![first_move];
    moves.extend_from_slice(&a.pv);
    Line {
        correct,
        moves,
        status: a.status,
        threats: a.threats,
        settled: false,
        nodes: a.nodes,
    }
}

/// The first player's legal plays in the region (solver-board vertices, in
/// increasing order).
fn first_plays(problem: &Problem, first: Side) -> Vec<Vertex> {
    problem
        .region()
        .iter()
        .filter(|&v| problem.after(first, &[Mv::Play(v)]).is_ok())
        .collect()
}

/// Cuts `line` after the first move of `goal` following which the goal side
/// could ignore the opponent's next move (see the module docs).
#[allow(clippy::too_many_arguments)]
fn settle(
    problem: &Problem,
    first: Side,
    goal: Side,
    line: &mut Line,
    options: &Options,
    tree: &TreeOptions,
    cancel: &Option<Cancel>,
    nodes: &mut u64,
) {
    let want = rank(goal, line.status);
    if want == 0 {
        return;
    }
    let light = light(options);
    for k in 0..line.moves.len() {
        // Only after the goal side's moves, and not at the line's end.
        if mover(first, k) != goal || k + 1 >= line.moves.len() {
            continue;
        }
        let prefix = &line.moves[..=k];
        let Ok(here) = problem.after(first, prefix) else {
            return;
        };
        let opponent = goal.other();
        let replies: Vec<Vertex> = here
            .region()
            .iter()
            .filter(|&v| here.after(opponent, &[Mv::Play(v)]).is_ok())
            .collect();
        if replies.len() > tree.settle_points {
            return;
        }
        let mut settled = true;
        for v in replies {
            if cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
                return;
            }
            let Ok(twice) = here.after(opponent, &[Mv::Play(v)]) else {
                continue;
            };
            // The opponent moves again.
            let a = analyse(&twice, opponent, &light, cancel.clone(), None);
            *nodes += a.nodes;
            if !a.status.is_proven() {
                return;
            }
            if rank(goal, a.status) < want {
                settled = false;
                break;
            }
        }
        if settled {
            line.moves.truncate(k + 1);
            line.settled = true;
            return;
        }
    }
}

/// Why an SGF could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolutionSgfError {
    /// The problem's board is not a grid (SGF names grid points only).
    #[error("the problem's board is not a grid: SGF cannot name its points")]
    NotAGrid,
    /// A move of a line does not replay on the original board.
    #[error("line {line}, move {index} ({mv}): {reason}")]
    Replay {
        /// The line, from 1.
        line: usize,
        /// The move, from 1.
        index: usize,
        /// The move's point.
        mv: String,
        /// What the board said.
        reason: String,
    },
}

impl Solution {
    /// The tree as an SGF record (see the [module](self) docs). `title` is
    /// the problem's name, if it has one.
    pub fn record(
        &self,
        problem: &Problem,
        title: Option<&str>,
    ) -> Result<sgf::Record, SolutionSgfError> {
        let original = problem.original();
        original
            .graph
            .dimensions()
            .ok_or(SolutionSgfError::NotAGrid)?;
        let first_color = problem.color_of(self.first);
        let mut start = original.clone();
        if start.to_move != first_color {
            start.ko = None;
        }
        start.to_move = first_color;
        let pos = Position::from_setup(start, Rules::japanese()).map_err(|e| {
            SolutionSgfError::Replay {
                line: 0,
                index: 0,
                mv: String::new(),
                reason: e.to_string(),
            }
        })?;
        let mut root = sgf::Node {
            setup: original
                .graph
                .vertices()
                .filter_map(|v| original.stones[v.index()].map(|c| (v, Some(c))))
                .collect(),
            to_play: Some(first_color),
            comment: Some(self.root_comment(problem, title)),
            ..sgf::Node::default()
        };
        for (i, line) in self.lines.iter().enumerate() {
            if let Some(&Mv::Play(v)) = line.moves.first()
                && let Some(o) = problem.to_original(v)
            {
                let mark = if line.correct {
                    Mark::Circle
                } else {
                    Mark::Cross
                };
                root.marks.push((o, mark));
            }
            root.children.push(self.line_nodes(problem, &pos, i, line)?);
        }
        Ok(sgf::Record {
            graph: original.graph.clone(),
            komi: None,
            root,
        })
    }

    /// The root's comment: the problem, the status, the moves shown.
    fn root_comment(&self, problem: &Problem, title: Option<&str>) -> String {
        let a = &self.analysis;
        let mut c = String::new();
        if let Some(t) = title {
            c.push_str(t);
            c.push('\n');
        }
        c.push_str(&format!(
            "{} to play ({} first). Attacker {}, defender {}.\nStatus: {}.",
            problem.color_of(self.first),
            self.first,
            problem.attacker(),
            problem.defender(),
            a.status
        ));
        if let Some(k) = &a.threats {
            c.push_str(&format!("\nKo threats: {k}."));
        }
        let correct: Vec<String> = a
            .correct
            .iter()
            .flatten()
            .map(|&m| move_name(problem, m))
            .collect();
        if correct.is_empty() {
            c.push_str("\nNo first move reaches it for the first player.");
        } else {
            c.push_str(&format!(
                "\nCorrect first moves (circled): {}.",
                correct.join(" ")
            ));
        }
        let wrong = self.lines.iter().filter(|l| !l.correct).count();
        if wrong > 0 {
            c.push_str(&format!(
                "\nRefuted wrong moves shown (crossed): {wrong}, the hardest to refute first{}.",
                if self.not_shown > 0 {
                    format!("; {} more not shown", self.not_shown)
                } else {
                    String::new()
                }
            ));
        }
        c.push_str(&format!(
            "\nRegion: {} points ({} empty)",
            problem.region().len(),
            problem.empty_points()
        ));
        if !problem.frame().is_empty() {
            c.push_str(&format!(
                "; tsumego frame of {} {} stones (set up here: the solver read with them)",
                problem.frame().len(),
                problem.attacker()
            ));
            if let Some(r) = problem.reach() {
                c.push_str(&format!(", reach {r}"));
            }
        }
        c.push('.');
        if let Some(s) = self.stopped {
            c.push_str(&format!("\nThe tree was cut short: {s}."));
        }
        c.push_str("\nSolved by miai (exact search).");
        c
    }

    /// The nodes of one line, as a chain (the first node is the first move).
    fn line_nodes(
        &self,
        problem: &Problem,
        start: &Position,
        index: usize,
        line: &Line,
    ) -> Result<sgf::Node, SolutionSgfError> {
        let mut pos = start.clone();
        let mut chain: Vec<sgf::Node> = Vec::new();
        let mut color = pos.to_move();
        for (i, &mv) in line.moves.iter().enumerate() {
            let bad = |reason: String| SolutionSgfError::Replay {
                line: index + 1,
                index: i + 1,
                mv: move_name(problem, mv),
                reason,
            };
            let mut comment = Vec::new();
            match mv {
                Mv::Tenuki => {
                    pos.pass(color);
                    chain.push(sgf::Node {
                        mv: Some((color, Move::Pass)),
                        ..sgf::Node::default()
                    });
                    comment.push(format!("{color} tenuki (plays elsewhere)."));
                }
                Mv::Play(v) => {
                    let o = problem
                        .to_original(v)
                        .ok_or_else(|| bad("not on the original board".into()))?;
                    if pos.check(color, o) == Err(Illegal::Ko) {
                        // A retake the seed's model allows at will: a ko
                        // threat elsewhere and its answer first.
                        pos.pass(color);
                        chain.push(sgf::Node {
                            mv: Some((color, Move::Pass)),
                            comment: Some(format!("{color} plays a ko threat elsewhere.")),
                            ..sgf::Node::default()
                        });
                        pos.pass(color.opponent());
                        chain.push(sgf::Node {
                            mv: Some((color.opponent(), Move::Pass)),
                            comment: Some(format!("{} answers it.", color.opponent())),
                            ..sgf::Node::default()
                        });
                    }
                    pos.play_mut(color, Move::Play(o))
                        .map_err(|e| bad(e.to_string()))?;
                    chain.push(sgf::Node {
                        mv: Some((color, Move::Play(o))),
                        ..sgf::Node::default()
                    });
                }
            }
            if i == 0 {
                comment.push(self.first_comment(problem, line));
            }
            if i + 1 == line.moves.len() {
                comment.push(end_comment(problem, self.first, line));
            }
            if !comment.is_empty()
                && let Some(node) = chain.last_mut()
            {
                let c = node.comment.take().into_iter().chain(comment);
                node.comment = Some(c.collect::<Vec<_>>().join("\n"));
            }
            color = color.opponent();
        }
        // Link the chain: each node the only child of the one before.
        let mut node = chain.pop().ok_or_else(|| SolutionSgfError::Replay {
            line: index + 1,
            index: 0,
            mv: String::new(),
            reason: "an empty line".into(),
        })?;
        while let Some(mut parent) = chain.pop() {
            parent.children.push(node);
            node = parent;
        }
        Ok(node)
    }

    /// The comment on a line's first move.
    fn first_comment(&self, problem: &Problem, line: &Line) -> String {
        let verdict = if line.correct { "Correct" } else { "Wrong" };
        let mut c = format!(
            "{verdict}. With {} ({}) to move now: {}.",
            problem.color_of(self.first.other()),
            self.first.other(),
            line.status
        );
        if let Some(k) = &line.threats {
            c.push_str(&format!("\nKo threats: {k}."));
        }
        c
    }
}

/// The comment on a line's last move: why the line ends there.
fn end_comment(problem: &Problem, first: Side, line: &Line) -> String {
    let to_move = problem.color_of(mover(first, line.moves.len()));
    let both = Status::Ko {
        attacker_wins_it: true,
        defender_wins_it: true,
    };
    let who = match favoured(line.status, first.other()) {
        _ if line.status == both => "a ko: whoever has the ko threats wins",
        Some(Side::Attacker) => "the attacker kills",
        Some(Side::Defender) => "the defender lives",
        None => "neither side wins",
    };
    if line.settled {
        format!(
            "Settled: {who} ({}); {to_move} to move cannot change it even with two moves in a row.",
            line.status.word()
        )
    } else {
        format!("{who} ({}): end of the solver's line.", line.status.word())
    }
}

/// The solution of `problem` with `first` to move as SGF text (see
/// [`solve_tree`] and [`Solution::record`]).
pub fn solution_sgf(
    problem: &Problem,
    first: Side,
    title: Option<&str>,
    options: &Options,
    tree: &TreeOptions,
    cancel: Option<Cancel>,
) -> Result<(Solution, String), SolutionSgfError> {
    let s = solve_tree(problem, first, options, tree, cancel);
    let text = s.record(problem, title)?.write();
    Ok((s, text))
}

/// The colour to move after `n` moves from `first`'s colour.
pub fn color_after(problem: &Problem, first: Side, n: usize) -> Color {
    problem.color_of(mover(first, n))
}
