//! `miai achieve animal`: Harary's achievement games in the plane —
//! polyominoes, pavings (losers), Maker-Breaker on square boards (winners,
//! board numbers), the strong game, and the table up to six cells.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, anyhow};
use miai_achieve::plane::handicap::{self, HandicapGame};
use miai_achieve::plane::harary::{self, Bounds, Class, Classification};
use miai_achieve::plane::moves;
use miai_achieve::plane::paving::{self, PavingResult};
use miai_achieve::plane::strong;
use miai_achieve::plane::{Board, Polyomino, Symmetry};
use miai_achieve::{Limits, Origin, Player};

use crate::search::{LimitArgs, Spinner, ctrl_c, exit_code};

/// Animals: a name (`L4`, `N5`, `snaky`, ...), a picture (`##./.##`) or
/// cells (`0,0 1,0 1,1`).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Draw an animal and count its orientations.
    Show(ShowArgs),
    /// Look for a periodic domino paving that blocks every copy (a loser).
    Pave(PaveArgs),
    /// Solve the game of an animal on one board (Maker first).
    Solve(SolveArgs),
    /// The board number: the smallest n x n board Maker wins on.
    Number(NumberArgs),
    /// The move number: the fewest Maker moves that force a copy on one
    /// board (Maker-Breaker, Maker first).
    Moves(MovesArgs),
    /// Classify every animal up to N cells: winner, loser or open.
    Table(TableArgs),
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The animal.
    animal: String,
}

#[derive(Debug, clap::Args)]
pub struct PaveArgs {
    /// The animal.
    animal: String,
    /// Largest period side searched (both directions).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=16))]
    max_period: u16,
    /// Which copies count: free (rotations and reflections, Harary's
    /// convention), rotations, fixed.
    #[arg(long, default_value = "free")]
    symmetry: Symmetry,
    /// JSON output.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The animal.
    animal: String,
    /// The board: `WxH`, `N` (square), `torus:WxH`, or a picture of its
    /// cells (`###/#.#/###`).
    #[arg(long)]
    board: String,
    /// Which copies count (free, rotations, fixed).
    #[arg(long, default_value = "free")]
    symmetry: Symmetry,
    /// Harary's strong game (both build, the first copy wins) instead of
    /// Maker-Breaker.
    #[arg(long)]
    strong: bool,
    /// Write the winner's strategy (Maker-Breaker only); `miai achieve
    /// verify FILE` checks it.
    #[arg(long, conflicts_with = "strong")]
    certificate: Option<PathBuf>,
    /// Maker first places this many stones of his own, anywhere, then
    /// moves first (the handicap game; one placement per symmetry class is
    /// solved, the certificate answers every placement).
    #[arg(long, default_value_t = 0, conflicts_with = "strong",
          value_parser = clap::value_parser!(u8).range(0..=3))]
    handicap: u8,
    /// Share table entries between positions that are images of each other
    /// under the board's rotations and reflections.
    #[arg(long, conflicts_with = "strong")]
    symmetric: bool,
    /// JSON output.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct NumberArgs {
    /// The animal.
    animal: String,
    /// Largest board side tried.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=11))]
    max_board: u16,
    /// Which copies count (free, rotations, fixed).
    #[arg(long, default_value = "free")]
    symmetry: Symmetry,
    /// JSON output.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    /// The animal.
    animal: String,
    /// The board: `WxH`, `N` (square), `torus:WxH`, or a picture.
    #[arg(long)]
    board: String,
    /// Largest number of Maker moves tried.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u16).range(1..=64))]
    max_moves: u16,
    /// Which copies count (free, rotations, fixed).
    #[arg(long, default_value = "free")]
    symmetry: Symmetry,
    /// Write Maker's strategy with its `within` bound; `miai achieve
    /// verify FILE` checks it, counting Maker's moves.
    #[arg(long)]
    certificate: Option<PathBuf>,
    /// JSON output.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct TableArgs {
    /// Largest animal (cells).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=8))]
    max_cells: u8,
    /// Largest period side for pavings.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=16))]
    max_period: u16,
    /// Largest square board for Maker-Breaker.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u16).range(1..=11))]
    max_board: u16,
    /// JSON lines, one per animal.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Per search (paving or board) unless `--max-nodes` says otherwise.
const NODES: u64 = 20_000_000;

fn parse_animal(text: &str) -> anyhow::Result<Polyomino> {
    text.parse::<Polyomino>()
        .with_context(|| format!("bad animal `{text}`"))
}

fn parse_board(text: &str) -> anyhow::Result<Board> {
    text.parse::<Board>()
        .with_context(|| format!("bad --board `{text}`"))
}

fn label(animal: &Polyomino) -> String {
    match animal.name() {
        Some(n) => format!("{n} ({animal:#})"),
        None => format!("{animal:#}"),
    }
}

/// Run one `miai achieve animal` subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Show(a) => show(a),
        Command::Pave(a) => pave(a),
        Command::Solve(a) => solve(a),
        Command::Number(a) => number(a),
        Command::Moves(a) => move_number(a),
        Command::Table(a) => table(a),
    }
}

fn show(a: ShowArgs) -> anyhow::Result<ExitCode> {
    let animal = parse_animal(&a.animal)?;
    println!(
        "{}: {} cells, {} orientations (rotations and reflections), {} one-sided",
        label(&animal),
        animal.len(),
        animal.images(Symmetry::Free).len(),
        animal.images(Symmetry::Rotations).len()
    );
    println!("{animal}");
    Ok(exit_code(true))
}

fn pave(a: PaveArgs) -> anyhow::Result<ExitCode> {
    let animal = parse_animal(&a.animal)?;
    let cancel = ctrl_c();
    let limits = a.limits.or(Limits::none().with_nodes(NODES));
    let spinner = Spinner::new("searching pavings", !a.json);
    let report = paving::search(
        &animal,
        a.symmetry,
        a.max_period as usize,
        &limits,
        Some(&cancel),
    );
    spinner.finish();
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        match &report.result {
            PavingResult::Found { paving } => {
                println!(
                    "{} is a loser: a {}x{} paving blocks every copy ({} nodes)",
                    label(&animal),
                    paving.width(),
                    paving.height(),
                    report.nodes
                );
                println!("(two periods each way; <> and ^/v are the dominoes, . unpaired)");
                println!("{}", paving.picture(2, 2));
            }
            PavingResult::Impossible => println!(
                "{}: no paving can exist (a copy has no two neighbouring cells)",
                label(&animal)
            ),
            PavingResult::NoneUpTo { max_side } => println!(
                "{}: no paving with period up to {max_side}x{max_side} ({} nodes)",
                label(&animal),
                report.nodes
            ),
            PavingResult::Stopped { stop, searched } => println!(
                "{}: search cut off ({stop}) after {} nodes; {} periods searched, none blocks",
                label(&animal),
                report.nodes,
                searched.len()
            ),
        }
    }
    Ok(exit_code(!matches!(
        report.result,
        PavingResult::Stopped { .. }
    )))
}

fn solve(a: SolveArgs) -> anyhow::Result<ExitCode> {
    let animal = parse_animal(&a.animal)?;
    let board = parse_board(&a.board)?;
    let cancel = ctrl_c();
    let limits = a.limits.limits();
    if a.strong {
        let r = strong::first_player_wins(&animal, a.symmetry, &board, &limits, Some(&cancel))?;
        if a.json {
            let v = serde_json::json!({
                "animal": format!("{animal:#}"),
                "board": board.to_string(),
                "game": "strong",
                "first_wins": r.first_wins,
                "stop": r.stop,
                "nodes": r.nodes,
            });
            println!("{v}");
        } else {
            let verdict = match r.first_wins {
                Some(true) => "the first player wins".to_string(),
                Some(false) => "the first player cannot win".to_string(),
                None => format!(
                    "not settled: {}",
                    r.stop.map_or("stopped".to_string(), |s| s.to_string())
                ),
            };
            println!(
                "{} on {board} (strong game): {verdict} ({} nodes)",
                label(&animal),
                r.nodes
            );
        }
        return Ok(exit_code(r.first_wins.is_some()));
    }
    if a.handicap > 0 || a.symmetric {
        return solve_handicap(&a, &animal, &board, &cancel);
    }
    let game = board.hypergraph(&animal, a.symmetry)?;
    let origin = Origin::Plane {
        animal: animal.clone(),
        symmetry: a.symmetry,
        board: board.clone(),
    };
    let report = crate::cmd::achieve::solve_and_certify(
        &game,
        &origin,
        Player::Maker,
        limits,
        a.certificate.as_deref(),
        !a.json,
    )
    .map_err(|e| anyhow!("{} on {board}: {e}", label(&animal)))?;
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "{} on {board} (Maker-Breaker, Maker first, {} copies):",
            label(&animal),
            game.sets().len()
        );
        print!("{report}");
    }
    Ok(exit_code(report.proven()))
}

/// `animal solve --handicap K` (or `--symmetric`): the solver with the
/// board's symmetries, one placement of the handicap stones per class.
fn solve_handicap(
    a: &SolveArgs,
    animal: &Polyomino,
    board: &Board,
    cancel: &miai_achieve::Cancel,
) -> anyhow::Result<ExitCode> {
    let spinner = Spinner::new("solving", !a.json);
    let solved = handicap::solve(
        HandicapGame {
            animal,
            symmetry: a.symmetry,
            board,
            handicap: a.handicap as usize,
        },
        &a.limits.limits(),
        Some(cancel),
        a.certificate.is_some(),
        &mut |p| spinner.update(p),
    );
    spinner.finish();
    let (report, cert) = solved.map_err(|e| anyhow!("{} on {board}: {e}", label(animal)))?;
    let mut written = None;
    if let Some(path) = &a.certificate {
        match &cert {
            Some(cert) => {
                std::fs::write(path, cert.to_string())
                    .with_context(|| format!("writing {}", path.display()))?;
                written = Some((
                    path.display().to_string(),
                    cert.strategy.len(),
                    cert.pairings.len(),
                ));
            }
            None => eprintln!("certificate not written: the search did not finish"),
        }
    }
    if a.json {
        let mut v = serde_json::to_value(&report)?;
        v["animal"] = format!("{animal:#}").into();
        v["board"] = board.to_string().into();
        v["certificate"] = written.as_ref().map(|w| w.0.clone()).into();
        println!("{v}");
    } else {
        let verdict = match (report.winner, &report.stones) {
            (Some(Player::Maker), Some(stones)) => {
                let s: Vec<String> = stones.iter().map(|(x, y)| format!("{x},{y}")).collect();
                format!("Maker wins (handicap stones {})", s.join(" "))
            }
            (Some(Player::Maker), None) => "Maker wins".to_string(),
            (Some(Player::Breaker), _) => "Breaker wins".to_string(),
            (None, _) => format!(
                "not settled: {}",
                report.stop.map_or("stopped".to_string(), |s| s.to_string())
            ),
        };
        println!(
            "{} on {board}, handicap {} (Maker-Breaker, Maker first): {verdict}",
            label(animal),
            report.handicap
        );
        println!(
            "  {} placement classes ({} solved), {} symmetries, {} nodes, {:.2} s",
            report.classes, report.solved, report.symmetries, report.nodes, report.seconds
        );
        if let Some((path, n, pairs)) = &written {
            println!("certificate: {path} ({n} strategy moves, {pairs} pairing lines)");
        }
    }
    Ok(exit_code(report.winner.is_some()))
}

fn number(a: NumberArgs) -> anyhow::Result<ExitCode> {
    let animal = parse_animal(&a.animal)?;
    let cancel = ctrl_c();
    let limits = a.limits.or(Limits::none().with_nodes(NODES));
    let spinner = Spinner::new("solving boards", !a.json);
    let r = harary::board_number(
        &animal,
        a.symmetry,
        a.max_board as usize,
        &limits,
        Some(&cancel),
        &mut |p| spinner.update(p),
    );
    spinner.finish();
    if a.json {
        println!("{}", serde_json::to_string(&r)?);
        return Ok(exit_code(r.number.is_some()));
    }
    match r.number {
        Some(n) => println!(
            "{}: board number {n} (Maker-Breaker, Maker first)",
            label(&animal)
        ),
        None => println!(
            "{}: no Maker win on boards up to {}x{}",
            label(&animal),
            a.max_board,
            a.max_board
        ),
    }
    for b in &r.boards {
        let what = match (b.winner, b.stop) {
            (Some(Player::Maker), _) => "Maker wins".to_string(),
            (Some(Player::Breaker), _) => "Breaker wins".to_string(),
            (None, Some(s)) => format!("cut off ({s})"),
            (None, None) => "cut off".to_string(),
        };
        println!("  {0:>2}x{0:<2}  {what:<14} {1:>12} nodes", b.side, b.nodes);
    }
    if let Some(t) = &r.too_large {
        println!("  {0:>2}x{0:<2}  not searched: {1}", t.side, t.reason);
    }
    let settled = r.number.is_some() || r.boards.iter().all(|b| b.winner.is_some());
    Ok(exit_code(settled))
}

fn move_number(a: MovesArgs) -> anyhow::Result<ExitCode> {
    let animal = parse_animal(&a.animal)?;
    let board = parse_board(&a.board)?;
    let cancel = ctrl_c();
    let limits = a.limits.limits();
    let game = board.hypergraph(&animal, a.symmetry)?;
    let spinner = Spinner::new("searching move numbers", !a.json);
    let r = moves::move_number(&game, a.max_moves as usize, &limits, Some(&cancel));
    spinner.finish();
    let mut written = None;
    if let (Some(path), Some(k)) = (&a.certificate, r.moves) {
        let origin = Origin::Plane {
            animal: animal.clone(),
            symmetry: a.symmetry,
            board: board.clone(),
        };
        let cert = moves::certificate(&game, origin, k, &limits)
            .map_err(|s| anyhow!("certificate not finished: {s}"))?
            .ok_or_else(|| anyhow!("no strategy within {k} moves"))?;
        std::fs::write(path, cert.to_string())
            .with_context(|| format!("writing {}", path.display()))?;
        written = Some((path.display().to_string(), cert.strategy.len()));
    }
    if a.json {
        let v = serde_json::json!({
            "animal": format!("{animal:#}"),
            "board": board.to_string(),
            "moves": r.moves,
            "refuted": r.refuted,
            "stop": r.stop,
            "nodes": r.nodes,
            "certificate": written.as_ref().map(|w| &w.0),
        });
        println!("{v}");
    } else {
        match r.moves {
            Some(k) => println!(
                "{} on {board}: Maker forces a copy within {k} moves ({} nodes)",
                label(&animal),
                r.nodes
            ),
            None => println!(
                "{} on {board}: no forced copy within {} moves{} ({} nodes)",
                label(&animal),
                r.refuted.unwrap_or(0),
                r.stop
                    .map(|s| format!("; stopped: {s}"))
                    .unwrap_or_default(),
                r.nodes
            ),
        }
        if let Some((path, n)) = &written {
            println!("certificate: {path} ({n} strategy moves)");
        }
    }
    Ok(exit_code(r.moves.is_some()))
}

fn table(a: TableArgs) -> anyhow::Result<ExitCode> {
    let cancel = ctrl_c();
    let bounds = Bounds {
        max_period: a.max_period as usize,
        max_board: a.max_board as usize,
        limits: a.limits.or(Limits::none().with_nodes(NODES)),
    };
    if !a.json {
        println!(
            "{:>5}  {:<9} {:<22} {:<7} evidence",
            "cells", "name", "animal", "class"
        );
    }
    let rows = harary::table(a.max_cells as usize, &bounds, Some(&cancel), &mut |row| {
        if a.json {
            if let Ok(s) = serde_json::to_string(row) {
                println!("{s}");
            }
        } else {
            println!("{}", table_line(row));
        }
    });
    let count = |c| rows.iter().filter(|r| r.class == c).count();
    if !a.json {
        println!(
            "{} animals: {} winners, {} losers, {} open",
            rows.len(),
            count(Class::Winner),
            count(Class::Loser),
            count(Class::Open)
        );
    }
    Ok(exit_code(!cancel.is_cancelled()))
}

fn table_line(row: &Classification) -> String {
    let class = match row.class {
        Class::Winner => "winner",
        Class::Loser => "loser",
        Class::Open => "open",
    };
    let evidence = match (&row.paving, &row.boards) {
        (Some(p), _) => format!("{}x{} paving", p.width(), p.height()),
        (None, Some(b)) => match b.number {
            Some(n) => format!(
                "Maker wins on {n}x{n} ({} nodes)",
                b.boards.last().map_or(0, |x| x.nodes)
            ),
            None => {
                let lost = b
                    .boards
                    .iter()
                    .rev()
                    .find(|x| x.winner == Some(Player::Breaker))
                    .map(|x| format!("Breaker wins up to {0}x{0}", x.side))
                    .unwrap_or_else(|| "no board settled".to_string());
                let paving = row
                    .paving_searched
                    .map(|s| format!("no paving up to period {s}x{s}; "))
                    .unwrap_or_default();
                let beyond = b
                    .too_large
                    .as_ref()
                    .map(|t| format!("; {0}x{0} beyond the solver", t.side))
                    .unwrap_or_default();
                format!("{paving}{lost}{beyond}")
            }
        },
        (None, None) => String::new(),
    };
    format!(
        "{:>5}  {:<9} {:<22} {:<7} {}",
        row.cells,
        row.name.unwrap_or("-"),
        row.animal,
        class,
        evidence
    )
}
