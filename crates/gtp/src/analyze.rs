//! The analysis commands (listed by `gogui-analyze_commands`) and the move
//! generator.
//!
//! - `miai-tsumego [VERTEX] [N] [seed|superko] [b|w]`: the life-and-death
//!   status of the group at VERTEX, with the player to move (or the colour
//!   given) moving first, and its best move ([`miai_tsumego`]); the group's
//!   opponent attacks. A closed group is the target; for an open group
//!   the region is inferred as `miai tsumego` infers it, a tsumego frame
//!   round all the defender's stones (the solver takes a target only in a
//!   closed region), so on a full board it is refused as too big. Without a vertex, the
//!   problem loaded by `miai-loadproblem`, with its headers. N: the seed's
//!   ko threats; rules: `seed` or `superko`.
//! - `miai-semeai VERTEX VERTEX`: the capturing race between the two
//!   chains ([`miai_semeai`]: the chains are the essential ones, every
//!   other chain is safe, as unmarked chains in the seed's figures); the
//!   CGT verdicts and the board search's outcome for both first players.
//! - `miai-graphgo_score [b|w] [positional|situational]`: the exact area
//!   score of a small board (at most 64 points) with the player to move
//!   first ([`miai_graphgo`]), without komi, and the result with it.
//!
//! Answers are GoGui `gfx` text: a `TEXT` line that says the result, and
//! `VAR` for a principal variation; the first word after `TEXT` is the
//! status, for scripts.

use std::sync::Arc;

use miai_goban::{Color, Move, Position, Vertex};
use miai_graphgo::{Board, MAX_BOARD_VERTICES, Repetition, SolveOptions, Stones, solver};
use miai_semeai::{Attribute, Evaluation, Race, RaceOutcome, race_rules};
use miai_tsumego::report::move_name;
use miai_tsumego::{
    Mv, Options, Problem, ProblemError, ProblemSpec, Regime, Side, Status, analyse,
};

use crate::engine::{DEFAULTS, Engine};
use crate::error::GtpError;

/// What `gogui-analyze_commands` lists: `type/label/command`, GoGui's
/// format (`%p` a point the user clicks; `%s` a text GoGui asks for).
pub const ANALYZE_COMMANDS: &[&str] = &[
    "gfx/miai Life and death/miai-tsumego %p",
    "gfx/miai Life and death (N rules colour)/miai-tsumego %p %s",
    "gfx/miai Life and death of the loaded problem/miai-tsumego",
    "gfx/miai Capturing race/miai-semeai %p %s",
    "string/miai Exact area score (small board)/miai-graphgo_score",
];

/// The colour's letter in a GoGui `VAR` line.
fn var_color(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// Reads `miai-tsumego`'s arguments: a vertex, a number (N), a rules name,
/// a colour, each at most once and in any order.
struct TsumegoArgs {
    vertex: Option<Vertex>,
    ko_threats: Option<String>,
    rules: Option<String>,
    color: Option<Color>,
}

fn tsumego_args(e: &Engine, args: &[String]) -> Result<TsumegoArgs, GtpError> {
    let mut out = TsumegoArgs {
        vertex: None,
        ko_threats: None,
        rules: None,
        color: None,
    };
    let twice = |what: &str| GtpError::Syntax(format!("{what} given twice"));
    for a in args {
        if a.bytes().all(|b| b.is_ascii_digit()) {
            if out.ko_threats.replace(a.clone()).is_some() {
                return Err(twice("ko threats"));
            }
        } else if let Some(c) = Color::from_name(a) {
            if out.color.replace(c).is_some() {
                return Err(twice("a colour"));
            }
        } else if a.parse::<Regime>().is_ok() {
            if out.rules.replace(a.clone()).is_some() {
                return Err(twice("rules"));
            }
        } else {
            let v = e.vertex(a).map_err(|_| {
                GtpError::Syntax(format!(
                    "{a:?} is neither a vertex, a number of ko threats, rules (seed, superko) \
                     nor a colour"
                ))
            })?;
            if out.vertex.replace(v).is_some() {
                return Err(twice("a vertex"));
            }
        }
    }
    Ok(out)
}

/// `miai-tsumego`: see the module docs.
pub fn tsumego(e: &mut Engine, args: &[String]) -> Result<String, GtpError> {
    let a = tsumego_args(e, args)?;
    let pos = e.game.position();
    let (mut spec, default_regime) = match a.vertex {
        Some(v) => {
            let Some(owner) = pos.color_at(v) else {
                return Err(GtpError::Analysis(format!(
                    "no stone at {}: point at a stone of the group",
                    e.name(v)
                )));
            };
            let mut spec = ProblemSpec::new(pos.to_setup());
            spec.attacker = Some(owner.opponent());
            spec.targets = Some(vec![v]);
            (spec, Regime::SEED)
        }
        None => match &e.problem {
            Some(p) if p.moves == e.game.moves().len() => (p.spec.clone(), p.regime),
            Some(_) => {
                return Err(GtpError::Analysis(
                    "the board has changed since miai-loadproblem: give a vertex".into(),
                ));
            }
            None => {
                return Err(GtpError::Analysis(
                    "give a vertex (or load a problem with miai-loadproblem)".into(),
                ));
            }
        },
    };
    let regime = match (&a.rules, &a.ko_threats) {
        (None, None) => default_regime,
        (rules, n) => {
            // A number alone keeps the default rules' name.
            let rules = rules.as_deref().or(match default_regime {
                Regime::Superko => Some("superko"),
                Regime::Book { .. } => Some("book"),
                Regime::Seed { .. } => None,
            });
            let n = n
                .as_deref()
                .map(str::to_string)
                .or(default_regime.ko_threats().map(|n| n.to_string()));
            Regime::choose(rules, n.as_deref()).map_err(|e| GtpError::Syntax(e.to_string()))?
        }
    };
    if let Some(c) = a.color
        && c != spec.setup.to_move
    {
        // The ko ban binds the player it was given to.
        spec.setup.to_move = c;
        spec.setup.ko = None;
    }
    let first_color = spec.setup.to_move;
    // A target is taken as a closed group; an open one (a book problem
    // in a corner) gets the tsumego frame of every defender stone instead,
    // as `miai tsumego` poses it.
    let problem = match Problem::new(spec.clone()) {
        Err(ProblemError::NotClosed { .. }) if a.vertex.is_some() => Problem::new(ProblemSpec {
            targets: None,
            ..spec
        }),
        other => other,
    }
    .map_err(|err| GtpError::Analysis(err.to_string()))?;
    let first = problem.side_of(first_color);
    let options = Options {
        regime,
        limits: e.config.limits.or(DEFAULTS.tsumego),
        ..Options::default()
    };
    let analysis = analyse(&problem, first, &options, Some(e.cancel.clone()), None);
    // A tenuki is a pass on the GTP board.
    let best = match analysis.pv.first() {
        Some(Mv::Tenuki) if analysis.status.is_proven() => "pass".into(),
        Some(&mv) if analysis.status.is_proven() => move_name(&problem, mv),
        _ => "none".into(),
    };
    let role = match first {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    };
    let mut out = format!(
        "TEXT {} best {best}; {first_color} first ({role}); {}; rules {regime}; {} nodes",
        analysis.status.word(),
        analysis.status,
        analysis.nodes
    );
    if let Status::Ko { .. } | Status::NoResult = analysis.status
        && let Some(o) = analysis.without_threats
    {
        out.push_str(&format!("; without ko threats: {o:?}"));
    }
    if analysis.status.is_proven() && !analysis.pv.is_empty() {
        out.push_str("\nVAR");
        let mut c = first_color;
        for &mv in &analysis.pv {
            let point = match mv {
                Mv::Play(_) => move_name(&problem, mv),
                Mv::Tenuki => "pass".into(),
            };
            out.push_str(&format!(" {} {point}", var_color(c)));
            c = c.opponent();
        }
    }
    Ok(out)
}

/// `miai-semeai V1 V2`: see the module docs.
pub fn semeai(e: &mut Engine, args: &[String]) -> Result<String, GtpError> {
    // GoGui's `%p %s` sends the clicked point and the typed text: the
    // second vertex may come as one argument or two words.
    let words: Vec<&str> = args.iter().flat_map(|a| a.split(',')).collect();
    let [a, b] = words.as_slice() else {
        return Err(GtpError::Syntax(
            "miai-semeai takes two vertices, one stone of each racing chain".into(),
        ));
    };
    let (va, vb) = (e.vertex(a)?, e.vertex(b)?);
    let pos = e.game.position();
    let (Some(ca), Some(cb)) = (pos.color_at(va), pos.color_at(vb)) else {
        return Err(GtpError::Analysis(format!(
            "point at two stones: {a} or {b} is empty"
        )));
    };
    if ca == cb {
        return Err(GtpError::Analysis(format!(
            "{a} and {b} are both {ca}: a race is between a Black and a White chain"
        )));
    }
    let setup = pos.to_setup();
    let race_pos = Position::from_setup(setup, race_rules())
        .map_err(|err| GtpError::Analysis(err.to_string()))?;
    let mut attrs = vec![None; race_pos.graph().len()];
    for v in race_pos
        .chain_stones(va)
        .iter()
        .chain(race_pos.chain_stones(vb).iter())
    {
        attrs[v.index()] = Some(Attribute::Essential);
    }
    let race = Race::new(race_pos, attrs).map_err(|err| GtpError::Analysis(err.to_string()))?;
    let options = miai_semeai::Options {
        tree_limits: e.config.limits.or(DEFAULTS.semeai_tree),
        search_limits: Some(e.config.limits.or(DEFAULTS.semeai_search)),
        cancel: Some(e.cancel.clone()),
        ..miai_semeai::Options::default()
    };
    let analysis =
        miai_semeai::analyse(&race, &options).map_err(|err| GtpError::Analysis(err.to_string()))?;
    let outcome = |o: Option<RaceOutcome>| match o {
        Some(RaceOutcome::BlackCaptures) => "Black captures",
        Some(RaceOutcome::WhiteCaptures) => "White captures",
        Some(RaceOutcome::Seki) => "seki",
        None => "unproven",
    };
    let search = match analysis.search {
        Some(s) => format!(
            "search: Black first {}, White first {} ({} nodes)",
            outcome(s.black_first),
            outcome(s.white_first),
            s.nodes
        ),
        None => "search: not run".into(),
    };
    let verdict = |ev: Evaluation| {
        analysis
            .verdict(ev)
            .map_or_else(|| "no verdict".to_string(), |v| v.words())
    };
    let word = match analysis.search {
        Some(s) if s.complete() => "proven",
        _ => "unproven",
    };
    let mut out = format!(
        "TEXT {word} {search}; stops verdict: {}; seed verdict: {}",
        verdict(Evaluation::Stops),
        verdict(Evaluation::Seed)
    );
    if !analysis.outside.is_empty() {
        out.push_str(&format!("; {}", analysis.outside.join("; ")));
    }
    Ok(out)
}

/// The graph-Go board and stones of a position, when it has at most
/// [`MAX_BOARD_VERTICES`] points.
fn graphgo_start(pos: &Position) -> Result<(Board, Stones), String> {
    let graph = pos.graph().clone();
    if graph.len() > MAX_BOARD_VERTICES {
        return Err(format!(
            "the board has {} points; the exact solver takes at most {MAX_BOARD_VERTICES}",
            graph.len()
        ));
    }
    let board = Board::new(Arc::clone(&graph)).map_err(|e| e.to_string())?;
    let colors: Vec<Option<Color>> = graph.vertices().map(|v| pos.color_at(v)).collect();
    let stones = Stones::from_colors(&board, &colors).map_err(|e| e.to_string())?;
    Ok((board, stones))
}

/// `miai-graphgo_score [b|w] [positional|situational]`.
pub fn graphgo_score(e: &mut Engine, args: &[String]) -> Result<String, GtpError> {
    let mut color = None;
    let mut repetition = None;
    for a in args {
        if let Some(c) = Color::from_name(a) {
            color = Some(c);
        } else if let Ok(r) = a.parse::<Repetition>() {
            repetition = Some(r);
        } else {
            return Err(GtpError::Syntax(format!(
                "{a:?} is neither a colour nor positional / situational"
            )));
        }
    }
    let pos = e.game.position();
    let to_move = color.unwrap_or(pos.to_move());
    let (board, stones) = graphgo_start(pos).map_err(GtpError::Analysis)?;
    let opts = SolveOptions {
        repetition: repetition.unwrap_or(Repetition::Positional),
        limits: e.config.limits.or(DEFAULTS.graphgo),
        ..SolveOptions::default()
    };
    let sol = solver::solve(&board, stones, to_move, &opts, Some(&e.cancel), &mut |_| {});
    let Some(score) = sol.score.filter(|_| sol.proven) else {
        return Ok(format!(
            "unproven ({}) after {} nodes",
            sol.stop_text().unwrap_or_else(|| "cut off".into()),
            sol.nodes
        ));
    };
    let komi = e.komi;
    let margin = 2 * i64::from(score) - i64::from(komi.halves());
    let result = match margin.signum() {
        1 => format!("B+{}", margin as f64 / 2.0),
        -1 => format!("W+{}", -margin as f64 / 2.0),
        _ => "0".into(),
    };
    let best = match sol.pv.first() {
        Some(solver::Move::Play(i)) => Vertex::new(*i).map_or("?".into(), |v| e.name(v)),
        Some(solver::Move::Pass) => "pass".into(),
        None => "none".into(),
    };
    Ok(format!(
        "{score} (Black's area minus White's, {to_move} to move, {} superko); with komi {}: \
         {result}; best move {best}; proven in {} nodes",
        opts.repetition.word(),
        komi,
        sol.nodes
    ))
}

/// `genmove`'s choice for `color`: on a board of at most
/// [`MAX_BOARD_VERTICES`] points, the first move of the exact solver's
/// principal variation when it is proven within the `genmove` limits and
/// legal in the game; otherwise the legal play that leaves the mover's
/// new chain the most liberties among those that fill no own eye (a
/// placeholder, not a player), and a pass when there is none.
pub fn choose_move(e: &mut Engine, color: Color) -> Move {
    let pos = e.game.position().clone();
    if let Ok((board, stones)) = graphgo_start(&pos) {
        let opts = SolveOptions {
            limits: e.config.limits.or(DEFAULTS.genmove),
            ..SolveOptions::default()
        };
        let sol = solver::solve(&board, stones, color, &opts, Some(&e.cancel), &mut |_| {});
        if sol.proven {
            let mv = match sol.pv.first() {
                Some(solver::Move::Play(i)) => Vertex::new(*i).map(Move::Play),
                Some(solver::Move::Pass) => Some(Move::Pass),
                None => None,
            };
            if let Some(mv) = mv
                && e.game.check(color, mv).is_ok()
            {
                return mv;
            }
        }
    }
    let mut best: Option<(usize, Vertex)> = None;
    for v in pos.legal_plays(color) {
        if !pos.playout_ok(color, v) || e.game.check(color, Move::Play(v)).is_err() {
            continue;
        }
        let mut after = pos.clone();
        if after.play_mut(color, Move::Play(v)).is_err() {
            continue;
        }
        let libs = after.liberty_count(v);
        if best.is_none_or(|(b, _)| libs > b) {
            best = Some((libs, v));
        }
    }
    best.map_or(Move::Pass, |(_, v)| Move::Play(v))
}
