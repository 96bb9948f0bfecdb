//! The report of a problem's analyses: what `miai tsumego` prints (its
//! [`Display`](std::fmt::Display) form) and what the web server sends (its
//! JSON form, through `serde`). Both front ends build it here, so they say
//! the same thing.
//!
//! For each first player the report has the status, the principal variation
//! as moves, the correct first moves, and the position after the variation
//! as a text diagram; on request ([`Report::add_positions`]) it also carries
//! one position per step of the variation, for a page that steps through
//! it.

use std::collections::HashMap;
use std::fmt;

use miai_goban::graph::GTP_LETTERS;
use miai_goban::{Color, Move, Position, Repetition, Rules, Setup, Suicide, Vertex};
use serde::Serialize;

use crate::problem::{Problem, RegionKind};
use crate::regime::Regime;
use crate::search::limit::{Cancel, Limits, Progress};
use crate::side::Side;
use crate::solve::{Analysis, Options, Outcome, Status, analyse};
use crate::state::Mv;

/// The whole report of a problem: the problem as posed and one result per
/// first player.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Where the problem came from (a file name, or "the diagram").
    pub file: String,
    /// The problem file's `name:` header.
    pub name: Option<String>,
    /// The attacking colour.
    pub attacker: String,
    /// The defending colour.
    pub defender: String,
    /// The colour to play in the problem.
    pub to_play: String,
    /// The region in play.
    pub region: RegionReport,
    /// The repetition rules.
    pub rules: String,
    /// Seed rules: the tenukis needed before retaking a ko.
    pub ko_threats: Option<u8>,
    /// The problem as posed (frame stones in lower case), rows from the top.
    pub diagram: Vec<String>,
    /// The window the positions of [`FirstReport::positions`] cover; set by
    /// [`Report::add_positions`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<Window>,
    /// One result per first player.
    pub results: Vec<FirstReport>,
}

/// The region of a report.
#[derive(Debug, Clone, Serialize)]
pub struct RegionReport {
    /// `given`, `closed` or `framed`.
    pub kind: String,
    /// Points in the region.
    pub points: usize,
    /// Empty points in the region.
    pub empty_points: usize,
    /// Frame stones added round an open problem.
    pub frame_stones: usize,
    /// A framed region's reach from the defender's stones.
    pub reach: Option<usize>,
    /// Exit points of the frame (`ProblemSpec::exits`): left empty and in
    /// play; the defender's group lives by reaching one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exits: Vec<String>,
}

/// One analysis: a first player.
#[derive(Debug, Clone, Serialize)]
pub struct FirstReport {
    /// `attacker` or `defender`.
    pub first: String,
    /// The first player's colour.
    pub first_color: String,
    /// The status word ([`Status::word`]).
    pub status: String,
    /// The status in words.
    pub description: String,
    /// Whether the status is proven.
    pub proven: bool,
    /// Why the search stopped, when it was cut off.
    pub stopped: Option<String>,
    /// For a ko: who wins it with ko threats.
    pub ko: Option<KoReport>,
    /// For a ko or no result: who wins when neither side has ko threats
    /// (`attacker`, `defender`, `no-result`, `unproven`).
    pub without_threats: Option<String>,
    /// Seed rules: the status as GoTools gives it — without ko threats
    /// first, then the fewest external ko threats each side needs
    /// ([`KoThreats`](crate::KoThreats)).
    pub threats: Option<ThreatReport>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock time, in seconds.
    pub seconds: f64,
    /// With [`Options::split`]: what the two threads of the split queries
    /// did (absent without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split: Option<crate::search::SplitStats>,
    /// The principal variation.
    pub pv: Vec<PvMove>,
    /// The correct first moves, when asked for.
    pub correct: Option<Vec<String>>,
    /// The position after the principal variation (its stones numbered),
    /// rows from the top.
    pub diagram: Vec<String>,
    /// Why the principal variation may be incomplete (cut by a limit, or
    /// not replayable).
    pub replay_note: Option<String>,
    /// The positions before the variation and after each of its moves, on
    /// the report's [`Report::window`]; set by [`Report::add_positions`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<Step>>,
    /// The variation as solver moves, for [`Report::add_positions`].
    #[serde(skip)]
    moves: Vec<Mv>,
    #[serde(skip)]
    side: Side,
}

/// The ko-threat counts of an analysis ([`KoThreats`](crate::KoThreats)).
#[derive(Debug, Clone, Serialize)]
pub struct ThreatReport {
    /// `dead`, `alive`, `ko`, `no-result` or `unproven`: never `alive` when
    /// the attacker kills without threats.
    pub status: String,
    /// The short code (`d`, `l`, `d1l`, `l2d`, `n1d2l`...).
    pub code: String,
    /// The counts in words.
    pub description: String,
    /// Who wins with no threats for either side (`attacker`, `defender`,
    /// `no-result`, `unproven`).
    pub plain: String,
    /// The fewest external threats with which the attacker kills (0: it
    /// kills without; absent: not with `max`).
    pub attacker: Option<u8>,
    /// The fewest external threats with which the defender lives.
    pub defender: Option<u8>,
    /// The most threats tried.
    pub max: u8,
    /// These counts, not the seed's N model ([`FirstReport::status`]), are
    /// the answer ([`KoThreats::leads`](crate::KoThreats::leads): the book
    /// regime's stop, where the two disagree); the text then leads with
    /// them and [`FirstReport::pv`] is their line without threats.
    pub leads: bool,
    /// The winning line without threats.
    pub plain_pv: Vec<PvMove>,
    /// The ko line: the side that needs threats winning with them.
    pub ko_pv: Vec<PvMove>,
}

/// Who wins a ko with ko threats.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct KoReport {
    /// The attacker kills when it has the ko threats.
    pub attacker_wins_it: bool,
    /// The defender lives when it has the ko threats.
    pub defender_wins_it: bool,
}

/// A move of a principal variation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PvMove {
    /// `B` or `W`.
    pub color: String,
    /// A GTP point of the original board, or `tenuki`.
    pub point: String,
}

/// A window of a grid board: the part a diagram or a page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Window {
    /// The whole board, `[width, height]`.
    pub board: [usize; 2],
    /// Column and row of the window's top-left point.
    pub origin: [usize; 2],
    /// Columns of the window.
    pub width: usize,
    /// Rows of the window.
    pub height: usize,
}

/// A point of a [`Window`]: column and row from its top-left corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WindowPoint {
    /// Column in the window.
    pub x: usize,
    /// Row in the window, from the top.
    pub y: usize,
}

/// A number drawn on a point of a [`Step`]: the variation's move played
/// there last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Numbered {
    /// Column in the window.
    pub x: usize,
    /// Row in the window, from the top.
    pub y: usize,
    /// The move's number, from 1.
    pub n: usize,
}

/// The position after some moves of a principal variation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The window's rows, top first: `X` Black, `O` White, `.` empty (frame
    /// stones are not shown).
    pub stones: Vec<String>,
    /// The numbers of the moves played so far, on the points inside the
    /// window (a point played twice shows its later number).
    pub numbers: Vec<Numbered>,
    /// The last move's point, when it is a play inside the window.
    pub last: Option<WindowPoint>,
}

/// Where a report's problem came from.
#[derive(Debug, Clone)]
pub struct Source {
    /// A file name, or a description ("the diagram").
    pub file: String,
    /// The problem's name (a problem file's `name:` header).
    pub name: Option<String>,
    /// The colour to play in the problem.
    pub to_play: Color,
}

impl Report {
    /// Analyses `problem` with each of `sides` moving first and reports;
    /// `on_progress` gets the side being analysed and the search's
    /// progress.
    pub fn run(
        source: Source,
        problem: &Problem,
        sides: &[Side],
        options: &Options,
        cancel: &Cancel,
        on_progress: &mut dyn FnMut(Side, Progress),
    ) -> Report {
        let results = sides
            .iter()
            .map(|&first| {
                let mut p = |pr: Progress| on_progress(first, pr);
                let a = analyse(problem, first, options, Some(cancel.clone()), Some(&mut p));
                FirstReport::new(problem, &a, extraction_cut(&a, &options.limits, cancel))
            })
            .collect();
        Report::new(source, problem, options.regime, results)
    }

    /// The report of `problem` with these results.
    pub fn new(
        source: Source,
        problem: &Problem,
        regime: Regime,
        results: Vec<FirstReport>,
    ) -> Report {
        Report {
            file: source.file,
            name: source.name,
            attacker: problem.attacker().to_string(),
            defender: problem.defender().to_string(),
            to_play: source.to_play.to_string(),
            region: RegionReport {
                kind: kind_word(problem.region_kind()).to_string(),
                points: problem.region().len(),
                empty_points: problem.empty_points(),
                frame_stones: problem.frame().len(),
                reach: problem.reach(),
                exits: problem
                    .exits()
                    .iter()
                    .map(|&v| problem.original().graph.vertex_name(v))
                    .collect(),
            },
            rules: regime.to_string(),
            ko_threats: regime.ko_threats(),
            diagram: draw(problem, problem.original(), &HashMap::new()),
            window: None,
            results,
        }
    }

    /// Whether every status is proven.
    pub fn all_proven(&self) -> bool {
        self.results.iter().all(|r| r.proven)
    }

    /// Adds, for every result, the positions of its principal variation on
    /// `window` (of `problem`'s original board): before the first move and
    /// after each move.
    pub fn add_positions(&mut self, problem: &Problem, window: Window) {
        for r in &mut self.results {
            r.positions = Some(positions(problem, r.side, &r.moves, window));
        }
        self.window = Some(window);
    }
}

/// Whether the time limit (or a cancel) was reached after the status was
/// proven, while the principal variation and the correct moves were
/// extracted: they may then be cut short. The node limit is left out: the
/// extraction gets a fresh node budget of its own.
pub fn extraction_cut(a: &Analysis, limits: &Limits, cancel: &Cancel) -> bool {
    a.status.is_proven()
        && (cancel.is_cancelled() || limits.max_time.is_some_and(|t| a.elapsed >= t))
}

/// A region kind's word: `given`, `closed` or `framed`.
pub fn kind_word(k: RegionKind) -> &'static str {
    match k {
        RegionKind::Given => "given",
        RegionKind::Closed => "closed",
        RegionKind::Framed => "framed",
    }
}

/// A move of the solver board as a GTP point of the original board
/// (`tenuki` for a tenuki).
pub fn move_name(problem: &Problem, mv: Mv) -> String {
    match mv {
        Mv::Play(v) => problem.vertex_name(v),
        Mv::Tenuki => "tenuki".to_string(),
    }
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

impl FirstReport {
    /// The result of analysis `a` of `problem`; `cut` says a limit was
    /// reached while the variation was extracted (see [`extraction_cut`]).
    pub fn new(problem: &Problem, a: &Analysis, cut: bool) -> FirstReport {
        let first_color = problem.color_of(a.first);
        let pv = pv_moves(problem, first_color, &a.pv);
        let (after, labels, mut replay_note) = replay(problem, a.first, &a.pv);
        if cut {
            replay_note = Some(
                "a limit was reached after the status was proven: the principal variation \
                 and the correct moves may be cut short"
                    .to_string(),
            );
        }
        FirstReport {
            first: a.first.to_string(),
            first_color: first_color.to_string(),
            status: a.status.word().to_string(),
            description: a.status.to_string(),
            proven: a.status.is_proven(),
            stopped: match a.status {
                Status::Unproven(s) => Some(s.to_string()),
                _ => None,
            },
            ko: match a.status {
                Status::Ko {
                    attacker_wins_it,
                    defender_wins_it,
                } => Some(KoReport {
                    attacker_wins_it,
                    defender_wins_it,
                }),
                _ => None,
            },
            without_threats: a.without_threats.map(|o| outcome_word(o).to_string()),
            threats: a.threats.as_ref().map(|k| ThreatReport {
                status: k.word().to_string(),
                code: k.code(),
                description: k.to_string(),
                plain: outcome_word(k.plain).to_string(),
                attacker: k.attacker,
                defender: k.defender,
                max: k.max,
                leads: k.leads,
                plain_pv: pv_moves(problem, first_color, &k.plain_pv),
                ko_pv: pv_moves(problem, first_color, &k.ko_pv),
            }),
            nodes: a.nodes,
            seconds: a.elapsed.as_secs_f64(),
            split: a.split,
            pv,
            correct: a
                .correct
                .as_ref()
                .map(|c| c.iter().map(|&mv| move_name(problem, mv)).collect()),
            diagram: draw(problem, &after, &labels),
            replay_note,
            positions: None,
            moves: a.pv.clone(),
            side: a.first,
        }
    }
}

/// The word of an outcome: `attacker`, `defender`, `no-result`,
/// `unproven`.
fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::AttackerWins => "attacker",
        Outcome::DefenderWins => "defender",
        Outcome::NoResult => "no-result",
        Outcome::Unproven(_) => "unproven",
    }
}

/// A line of solver moves as coloured moves, `first` playing the first.
fn pv_moves(problem: &Problem, first: Color, moves: &[Mv]) -> Vec<PvMove> {
    let mut color = first;
    moves
        .iter()
        .map(|&mv| {
            let m = PvMove {
                color: color_letter(color).to_string(),
                point: move_name(problem, mv),
            };
            color = color.opponent();
            m
        })
        .collect()
}

/// A line of [`PvMove`]s as `1.B B19 2.W C19`.
fn line_text(pv: &[PvMove]) -> String {
    pv.iter()
        .enumerate()
        .map(|(i, m)| format!("{}.{} {}", i + 1, m.color, m.point))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board mechanics of a replay: the search enforced the ko and
/// repetition rules; here only captures are wanted.
fn replay_rules() -> Rules {
    Rules {
        suicide: Suicide::Forbidden,
        repetition: Repetition::None,
        ..Rules::japanese()
    }
}

/// The solver board's start with `first` to move, for a replay.
fn replay_start(problem: &Problem, first: Side) -> Result<Position, String> {
    let mut setup = problem.start().clone();
    setup.to_move = problem.color_of(first);
    setup.ko = None;
    Position::from_setup(setup, replay_rules()).map_err(|e| e.to_string())
}

/// Plays `mv` on `pos` (a tenuki is a pass).
fn replay_move(problem: &Problem, pos: &mut Position, i: usize, mv: Mv) -> Result<(), String> {
    let color = pos.to_move();
    match mv {
        Mv::Tenuki => {
            pos.pass(color);
            Ok(())
        }
        Mv::Play(v) => pos.play_mut(color, Move::Play(v)).map(|_| ()).map_err(|e| {
            format!(
                "move {} ({} {}) could not be replayed: {e}",
                i + 1,
                color_letter(color),
                problem.vertex_name(v)
            )
        }),
    }
}

/// Plays the principal variation on the solver board (a tenuki is a pass
/// there) and puts the result back on the original board, with the move
/// number of every PV stone still standing (by original vertex).
fn replay(
    problem: &Problem,
    first: Side,
    pv: &[Mv],
) -> (Setup, HashMap<Vertex, usize>, Option<String>) {
    let mut pos = match replay_start(problem, first) {
        Ok(p) => p,
        // Cannot happen for a posed problem; say so rather than panic.
        Err(e) => {
            return (
                problem.original().clone(),
                HashMap::new(),
                Some(format!("the start position cannot be replayed: {e}")),
            );
        }
    };
    let mut note = None;
    let mut played: Vec<(Vertex, Color, usize)> = Vec::new();
    for (i, &mv) in pv.iter().enumerate() {
        let color = pos.to_move();
        if let Err(e) = replay_move(problem, &mut pos, i, mv) {
            note = Some(e);
            break;
        }
        if let Mv::Play(v) = mv {
            played.push((v, color, i + 1));
        }
    }
    let mut labels = HashMap::new();
    for (v, color, n) in played {
        if pos.color_at(v) == Some(color)
            && let Some(o) = problem.to_original(v)
        {
            // A later stone on the same point overwrites an earlier one.
            labels.insert(o, n);
        }
    }
    (problem.to_original_setup(&pos), labels, note)
}

/// The positions of a variation on `window`: the start, then one per move
/// (a move that cannot be replayed ends the list).
fn positions(problem: &Problem, first: Side, pv: &[Mv], window: Window) -> Vec<Step> {
    let Ok(mut pos) = replay_start(problem, first) else {
        return vec![step(problem, problem.original(), &[], None, window)];
    };
    let graph = problem.original().graph.clone();
    let at = |v: Vertex| -> Option<WindowPoint> {
        let o = problem.to_original(v)?;
        let (x, y) = graph.xy(o)?;
        let (x, y) = (
            x.checked_sub(window.origin[0])?,
            y.checked_sub(window.origin[1])?,
        );
        (x < window.width && y < window.height).then_some(WindowPoint { x, y })
    };
    let mut numbers: Vec<Numbered> = Vec::new();
    let mut out = vec![step(
        problem,
        &problem.to_original_setup(&pos),
        &numbers,
        None,
        window,
    )];
    for (i, &mv) in pv.iter().enumerate() {
        if replay_move(problem, &mut pos, i, mv).is_err() {
            break;
        }
        let last = match mv {
            Mv::Play(v) => at(v),
            Mv::Tenuki => None,
        };
        if let Some(p) = last {
            numbers.retain(|n| (n.x, n.y) != (p.x, p.y));
            numbers.push(Numbered {
                x: p.x,
                y: p.y,
                n: i + 1,
            });
        }
        out.push(step(
            problem,
            &problem.to_original_setup(&pos),
            &numbers,
            last,
            window,
        ));
    }
    out
}

fn step(
    problem: &Problem,
    setup: &Setup,
    numbers: &[Numbered],
    last: Option<WindowPoint>,
    window: Window,
) -> Step {
    let g = &setup.graph;
    let stones = (0..window.height)
        .map(|y| {
            (0..window.width)
                .map(|x| {
                    match g
                        .at(window.origin[0] + x, window.origin[1] + y)
                        .filter(|v| !problem.frame().contains(v))
                        .and_then(|v| setup.stones[v.index()])
                    {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    }
                })
                .collect()
        })
        .collect();
    Step {
        stones,
        numbers: numbers.to_vec(),
        last,
    }
}

/// The problem's window of `setup` with GTP coordinates: `X` Black, `O`
/// White, `x`/`o` frame stones, `.` empty, numbers for the PV stones.
fn draw(problem: &Problem, setup: &Setup, labels: &HashMap<Vertex, usize>) -> Vec<String> {
    let g = &setup.graph;
    let (Some((x0, y0, w, h)), Some((_, bh))) = (problem.window(), g.dimensions()) else {
        return Vec::new();
    };
    let frame = problem.frame();
    let mut rows = Vec::with_capacity(h + 2);
    let letters: String = (x0..x0 + w)
        .map(|x| format!("{:>3}", GTP_LETTERS.get(x).map_or('?', |&c| c as char)))
        .collect();
    rows.push(format!("  {letters}"));
    for y in y0..y0 + h {
        let mut row = format!("{:>2} ", bh - y);
        for x in x0..x0 + w {
            let cell = match g.at(x, y) {
                None => "?".to_string(),
                Some(v) => match (labels.get(&v), setup.stones[v.index()]) {
                    (Some(n), Some(_)) => n.to_string(),
                    (_, Some(c)) => {
                        let s = if c == Color::Black { "X" } else { "O" };
                        if frame.contains(&v) {
                            s.to_lowercase()
                        } else {
                            s.to_string()
                        }
                    }
                    (_, None) => ".".to_string(),
                },
            };
            row.push_str(&format!("{cell:>3}"));
        }
        rows.push(row.trim_end().to_string());
    }
    rows.push(format!("  {letters}"));
    rows
}

impl fmt::Display for Report {
    /// The text `miai tsumego` prints: the problem, its diagram, each
    /// result with its variation and the position after it, and hints on
    /// the frame.
    fn fmt(&self, s: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self;
        let mut tail: Vec<String> = Vec::new();
        writeln!(
            s,
            "{}{}",
            r.file,
            r.name.as_ref().map_or(String::new(), |n| format!(" ({n})"))
        )?;
        writeln!(
            s,
            "attacker {}, defender {}, {} to play; rules {}",
            r.attacker, r.defender, r.to_play, r.rules
        )?;
        writeln!(
            s,
            "region: {}, {} points ({} empty){}",
            r.region.kind,
            r.region.points,
            r.region.empty_points,
            if r.region.frame_stones > 0 {
                format!(", {} frame stones (x/o)", r.region.frame_stones)
            } else {
                String::new()
            }
        )?;
        if !r.region.exits.is_empty() {
            writeln!(
                s,
                "exit points (the defender escapes by reaching one): {}",
                r.region.exits.join(" ")
            )?;
        }
        if let Some(reach) = r.region.reach
            && reach > 1
            && r.results.iter().any(|f| !f.proven)
        {
            tail.push(format!(
                "hint: the search was cut off in a frame reaching {reach} points from the \
                 defender's stones; --reach {} frames the problem more tightly (a smaller \
                 region, solved faster; check that the frame does not decide it)",
                reach - 1
            ));
        }
        // Frame stones are the attacker's: a frame too tight can only take
        // room the defender needs.
        if let Some(reach) = r.region.reach
            && r.results
                .iter()
                .any(|f| f.side == Side::Defender && f.status == Status::Dead.word())
        {
            tail.push(format!(
                "hint: the defender dies even moving first in a frame reaching {reach} points \
                 from its stones; if it should live, --reach {} leaves it more room (the frame \
                 may decide it)",
                reach + 1
            ));
        }
        for row in &r.diagram {
            writeln!(s, "{row}")?;
        }
        for f in &r.results {
            writeln!(s)?;
            // The answer first. Where the threat counts (GoTools' form) are
            // the answer and the seed's N model says otherwise — the book
            // regime's stop: a ko for the N model, dead once the stop clears
            // the threats — the counts lead and the N model follows them.
            let counts_lead = f.threats.as_ref().filter(|t| t.leads);
            writeln!(
                s,
                "{} first ({}): {}",
                f.first,
                f.first_color,
                counts_lead.map_or(f.description.as_str(), |t| t.description.as_str())
            )?;
            writeln!(
                s,
                "  {}, {} nodes, {:.3} s",
                if f.proven { "proven" } else { "not proven" },
                f.nodes,
                f.seconds
            )?;
            if let Some(x) = &f.split {
                writeln!(s, "  {x}")?;
            }
            if let Some(t) = &f.threats {
                if !t.leads {
                    writeln!(s, "  ko threats: {}", t.description)?;
                } else {
                    writeln!(
                        s,
                        "  {}: {}",
                        r.ko_threats.map_or_else(
                            || "the seed's ko model".to_string(),
                            |n| format!(
                                "the seed's ko model ({n} tenuki{} before a retake)",
                                if n == 1 { "" } else { "s" }
                            )
                        ),
                        f.description
                    )?;
                }
            } else if let Some(w) = &f.without_threats {
                writeln!(
                    s,
                    "  without ko threats for either side (plain simple ko): {w}"
                )?;
            }
            if !f.pv.is_empty() {
                writeln!(s, "  pv: {}", line_text(&f.pv))?;
            } else if f.proven {
                writeln!(s, "  pv: (none)")?;
            }
            if let Some(t) = &f.threats
                && !t.ko_pv.is_empty()
            {
                if !t.plain_pv.is_empty() && t.plain_pv != f.pv {
                    writeln!(s, "  without threats: {}", line_text(&t.plain_pv))?;
                }
                writeln!(s, "  ko line (with the threats): {}", line_text(&t.ko_pv))?;
            }
            if let Some(c) = &f.correct {
                writeln!(
                    s,
                    "  correct first moves: {}",
                    if c.is_empty() {
                        "none".to_string()
                    } else {
                        c.join(" ")
                    }
                )?;
            }
            if let Some(n) = &f.replay_note {
                writeln!(s, "  note: {n}")?;
            }
            if f.proven && !f.pv.is_empty() {
                writeln!(s, "  after the pv (numbers: pv stones still on the board):")?;
                for row in &f.diagram {
                    writeln!(s, "  {row}")?;
                }
            }
        }
        for t in tail {
            writeln!(s)?;
            writeln!(s, "{t}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::file;

    /// The straight three in the corner (classic/01): Black, the attacker,
    /// kills at B19 (the vital point), and White lives there.
    const THREE: &str = include_str!("../tests/data/classic/01_straight_three_corner.txt");

    fn report(text: &str) -> (Problem, Report) {
        let f = file::parse(text).expect("the data file parses");
        let problem = Problem::new(f.spec.clone()).expect("the data file poses");
        let source = Source {
            file: "three".into(),
            name: None,
            to_play: f.spec.setup.to_move,
        };
        let mut report = Report::run(
            source,
            &problem,
            &[Side::Attacker, Side::Defender],
            &Options::default(),
            &Cancel::new(),
            &mut |_, _| {},
        );
        let (bw, bh) = f.spec.setup.graph.dimensions().expect("a grid");
        report.add_positions(
            &problem,
            Window {
                board: [bw, bh],
                origin: [f.origin.0, f.origin.1],
                width: f.diagram.width,
                height: f.diagram.height,
            },
        );
        (problem, report)
    }

    #[test]
    fn positions_follow_the_variation_with_captures() {
        let (problem, report) = report(THREE);
        for r in &report.results {
            let steps = r.positions.as_ref().expect("positions added");
            assert_eq!(steps.len(), r.pv.len() + 1);
            // Step 0 is the problem: the diagram's stones.
            let count = |s: &Step| {
                s.stones
                    .iter()
                    .map(|row| row.chars().filter(|&c| c != '.').count())
                    .sum::<usize>()
            };
            let original = problem.original().stones.iter().flatten().count();
            assert_eq!(count(&steps[0]), original);
            // Each later step is the one before with the move played and
            // the captured chains removed: replayed independently on the
            // original board with goban's rules.
            let mut setup = problem.original().clone();
            setup.to_move = problem.color_of(r.side);
            setup.ko = None;
            let mut pos = Position::from_setup(setup, replay_rules()).expect("legal");
            for (i, m) in r.pv.iter().enumerate() {
                let color = pos.to_move();
                if m.point == "tenuki" {
                    pos.pass(color);
                } else {
                    let v = pos.graph().parse_vertex(&m.point).expect("a point");
                    pos.play_mut(color, Move::Play(v)).expect("a legal move");
                    assert!(steps[i + 1].last.is_some());
                }
                let want: Vec<String> = steps[i + 1]
                    .stones
                    .iter()
                    .enumerate()
                    .map(|(y, row)| {
                        (0..row.len())
                            .map(|x| {
                                let w = report.window.expect("window");
                                let v = pos
                                    .graph()
                                    .at(w.origin[0] + x, w.origin[1] + y)
                                    .expect("on the board");
                                match pos.color_at(v) {
                                    Some(Color::Black) => 'X',
                                    Some(Color::White) => 'O',
                                    None => '.',
                                }
                            })
                            .collect()
                    })
                    .collect();
                assert_eq!(steps[i + 1].stones, want, "step {}", i + 1);
                assert!(steps[i + 1].numbers.iter().any(|n| n.n == i + 1) || m.point == "tenuki");
            }
        }
    }

    #[test]
    fn text_and_json_say_the_same_status() {
        let (_, report) = report(THREE);
        let text = report.to_string();
        let json = serde_json::to_value(&report).expect("serialises");
        for (i, r) in report.results.iter().enumerate() {
            assert!(text.contains(&format!(
                "{} first ({}): {}",
                r.first, r.first_color, r.description
            )));
            assert_eq!(json["results"][i]["status"], r.status.as_str());
            assert_eq!(
                json["results"][i]["positions"].as_array().map(Vec::len),
                Some(r.pv.len() + 1)
            );
        }
        assert_eq!(report.results[0].status, "dead");
        assert_eq!(report.results[1].status, "alive");
    }
}
