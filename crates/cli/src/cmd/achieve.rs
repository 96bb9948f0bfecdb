//! `miai achieve`: 1-D achievement games, Maker-Breaker proofs, pairing
//! strategies, certificates and the results table. A thin layer over
//! `miai-achieve`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressStyle};
use miai_achieve::pairing::{PairingResult, find_pairing};
use miai_achieve::prove::{ProveOptions, prove};
use miai_achieve::table::{TableOptions, classify, creatures, markdown};
use miai_achieve::{
    Area, Certificate, Creature, CutOff, Hypergraph, Origin, Player, Progress, SearchLimit,
    SolveReport, Solver, Verdict, family, verify,
};
use serde_json::json;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Solve a Maker-Breaker game: the family of a creature on an area, or
    /// any hypergraph from a file.
    Solve(SolveArgs),
    /// Check a certificate written by `solve` or `prove`.
    Verify(VerifyArgs),
    /// Look for a pairing (paving, 畳敷き) strategy that blocks a creature.
    Pairing(PairingArgs),
    /// Find the smallest consecutive area (and anchor) on which Breaker
    /// wins, proving the creature a loser.
    Prove(ProveArgs),
    /// Classify all creatures of some sizes: pairing loser, area loser,
    /// winner, open (Markdown table).
    Table(TableArgs),
}

#[derive(Debug, clap::Args)]
pub struct LimitArgs {
    /// Stop after this many search nodes.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long)]
    max_time: Option<f64>,
    /// Transposition table size in MiB (bounds memory).
    #[arg(long, default_value_t = 256)]
    table_mb: usize,
}

impl LimitArgs {
    fn limit(&self) -> anyhow::Result<SearchLimit> {
        let max_time = match self.max_time {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                bail!("--max-time must be a positive number of seconds")
            }
            Some(t) => Some(Duration::from_secs_f64(t)),
            None => None,
        };
        Ok(SearchLimit {
            max_nodes: self.max_nodes,
            max_time,
            table_bytes: self.table_mb.max(1) << 20,
        })
    }
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The creature, e.g. `0,4,5,7,15`.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "sets")]
    creature: Option<String>,
    /// Area of K consecutive cells.
    #[arg(long, conflicts_with = "tile")]
    area: Option<usize>,
    /// Non-consecutive area: a tile whose translates tile the line, e.g. `0,1,4,5`.
    #[arg(long, allow_hyphen_values = true)]
    tile: Option<String>,
    /// Anchor stone (0-based, increasing order); default the middle one.
    #[arg(long)]
    anchor: Option<usize>,
    /// Mirror images of the creature count too.
    #[arg(long)]
    mirror: bool,
    /// A hypergraph file instead (one winning set per line; see docs/achieve.md).
    #[arg(long)]
    sets: Option<PathBuf>,
    /// Who moves first.
    #[arg(long, default_value = "maker")]
    first: Player,
    /// Write the winner's strategy to this file.
    #[arg(long)]
    certificate: Option<PathBuf>,
    /// Print the family (winning sets) too.
    #[arg(long)]
    show_sets: bool,
    /// JSON output.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The certificate file.
    certificate: PathBuf,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
pub struct PairingArgs {
    /// The creature, e.g. `0,1,2`.
    #[arg(long, allow_hyphen_values = true)]
    creature: String,
    /// Mirror images count too.
    #[arg(long)]
    mirror: bool,
    /// Largest period searched.
    #[arg(long, default_value_t = 32)]
    max_period: usize,
    /// Search nodes per period.
    #[arg(long, default_value_t = 1_000_000)]
    budget: u64,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ProveArgs {
    /// The creature, e.g. `0,4,5,7,15`.
    #[arg(long, allow_hyphen_values = true)]
    creature: String,
    /// Mirror images count too.
    #[arg(long)]
    mirror: bool,
    /// Smallest area size tried.
    #[arg(long, default_value_t = 1)]
    min_area: usize,
    /// Largest area size tried.
    #[arg(long, default_value_t = 24)]
    max_area: usize,
    /// Only these anchors (default: every stone).
    #[arg(long, value_delimiter = ',')]
    anchor: Option<Vec<usize>>,
    /// Also try non-consecutive tiles of each size k with span up to k-1+N
    /// (every tile the search settles; 0 = consecutive areas only).
    #[arg(long, default_value_t = 0)]
    tiles: usize,
    /// Write the certificate of the first Breaker win found here.
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
    /// Creature sizes, e.g. `4,5`.
    #[arg(long, value_delimiter = ',', default_value = "4,5")]
    cells: Vec<usize>,
    /// Largest span.
    #[arg(long, default_value_t = 12)]
    max_span: usize,
    /// Largest area tried for an area proof.
    #[arg(long, default_value_t = 18)]
    max_area: usize,
    /// Largest segment tried for a Maker win.
    #[arg(long, default_value_t = 22)]
    max_segment: usize,
    /// Mirror images count.
    #[arg(long)]
    mirror: bool,
    /// Seconds per single solve.
    #[arg(long, default_value_t = 10.0)]
    max_time: f64,
}

pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(a) => solve(a),
        Command::Verify(a) => verify_cmd(a),
        Command::Pairing(a) => pairing(a),
        Command::Prove(a) => prove_cmd(a),
        Command::Table(a) => table(a),
    }
}

/// Ctrl-C raises the flag; the search stops and reports what it has.
fn cancel_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let f = flag.clone();
    // A second handler in the same process is refused; the first one stays.
    let _ = ctrlc::set_handler(move || f.store(true, Ordering::Relaxed));
    flag
}

fn spinner() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

fn progress_message(p: &Progress) -> String {
    format!(
        "{} nodes, {:.0} nodes/s, table {:.1}% full",
        p.nodes,
        p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9),
        100.0 * p.table_used as f64 / p.table_capacity.max(1) as f64
    )
}

fn parse_creature(s: &str) -> anyhow::Result<Creature> {
    s.parse::<Creature>()
        .with_context(|| format!("bad --creature `{s}`"))
}

fn read(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

fn solve(a: SolveArgs) -> anyhow::Result<ExitCode> {
    let (game, origin) = match (&a.sets, &a.creature) {
        (Some(path), _) => {
            let game: Hypergraph = read(path)?
                .parse()
                .with_context(|| format!("in {}", path.display()))?;
            (game, Origin::Sets)
        }
        (None, Some(c)) => {
            let creature = parse_creature(c)?;
            let area = match (&a.area, &a.tile) {
                (Some(k), None) => Area::consecutive(*k)?,
                (None, Some(t)) => Area::parse_tile(t).context("bad --tile")?,
                _ => bail!("give --area K or --tile CELLS with --creature"),
            };
            let anchor = a.anchor.unwrap_or(creature.middle());
            let game = family(&creature, &area, anchor, a.mirror)?;
            let origin = Origin::Family {
                creature,
                area,
                anchor,
                mirror: a.mirror,
            };
            (game, origin)
        }
        (None, None) => bail!("give --creature (with --area or --tile) or --sets FILE"),
    };
    let limit = a.limits.limit()?;
    let cancel = cancel_flag();
    let bar = spinner();
    let solved = solve_game(
        &game,
        &origin,
        a.first,
        limit,
        cancel,
        a.certificate.is_some(),
        &mut || bar.set_message("writing certificate"),
        &mut |p| bar.set_message(progress_message(p)),
    );
    let solved = match solved {
        Ok(s) => s,
        Err(e) => {
            bar.finish_and_clear();
            return Err(e);
        }
    };
    let report = solved.report;
    let mut cert_info = None;
    match (&a.certificate, solved.certificate) {
        (Some(path), Some(Ok(cert))) => {
            std::fs::write(path, cert.to_string())
                .with_context(|| format!("cannot write {}", path.display()))?;
            cert_info = Some((path.display().to_string(), cert.strategy.len()));
        }
        (_, Some(Err(cut))) => bar.suspend(|| eprintln!("certificate not written: {cut}")),
        _ => {}
    }
    bar.finish_and_clear();
    let result = verdict_words(report.verdict);
    if a.json {
        let out = solve_json(
            &report,
            a.first,
            &game,
            cert_info
                .as_ref()
                .map(|(p, n)| json!({"path": p, "moves": n})),
        );
        println!("{out}");
    } else {
        if let Origin::Family {
            creature,
            area,
            anchor,
            mirror,
        } = &origin
        {
            println!(
                "creature {creature}, area {area}, anchor {anchor} (offsets {:?}){}",
                creature.offsets_about(*anchor).unwrap_or_default(),
                if *mirror { ", mirror images count" } else { "" }
            );
        }
        println!(
            "{} cells, {} winning sets, {} moves first",
            game.cells(),
            game.sets().len(),
            a.first
        );
        if a.show_sets {
            for s in game.set_lists() {
                println!("  {s:?}");
            }
        }
        println!(
            "{result}: {} nodes, {:.3} s",
            report.nodes,
            report.elapsed.as_secs_f64()
        );
        if let Some((p, n)) = &cert_info {
            println!("certificate: {p} ({n} strategy moves)");
        }
    }
    Ok(if report.verdict.winner().is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What [`solve_game`] found: the search's report and, when a certificate
/// was asked for and the game was proven, the certificate (or why building
/// it stopped).
#[derive(Debug)]
pub(crate) struct Solved {
    pub report: SolveReport,
    pub certificate: Option<Result<Certificate, CutOff>>,
}

/// Solves `game` with `first` to move under `limit`, stopping when `cancel`
/// is raised; with `certificate`, also writes out the winner's strategy
/// (`on_certificate` is called when that phase starts). Shared by `miai
/// achieve solve` and `miai serve`'s achievement jobs.
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_game(
    game: &Hypergraph,
    origin: &Origin,
    first: Player,
    limit: SearchLimit,
    cancel: Arc<AtomicBool>,
    certificate: bool,
    on_certificate: &mut dyn FnMut(),
    on_progress: &mut dyn FnMut(&Progress),
) -> anyhow::Result<Solved> {
    let mut solver = Solver::new(game, limit)?.with_cancel(cancel);
    let report = solver.solve(first, on_progress);
    let certificate = match report.verdict {
        Verdict::Proven(_) if certificate => {
            on_certificate();
            Some(Certificate::build(
                &mut solver,
                game,
                origin.clone(),
                first,
                on_progress,
            ))
        }
        _ => None,
    };
    Ok(Solved {
        report,
        certificate,
    })
}

/// The verdict in words: `Maker wins`, `Breaker wins` or `unproven (why)`.
pub(crate) fn verdict_words(verdict: Verdict) -> String {
    match verdict {
        Verdict::Proven(Player::Maker) => "Maker wins".to_string(),
        Verdict::Proven(Player::Breaker) => "Breaker wins".to_string(),
        Verdict::CutOff(c) => format!("unproven ({c})"),
    }
}

/// The JSON of `miai achieve solve --json` (`certificate` as the caller
/// describes it).
pub(crate) fn solve_json(
    report: &SolveReport,
    first: Player,
    game: &Hypergraph,
    certificate: Option<serde_json::Value>,
) -> serde_json::Value {
    json!({
        "result": match report.verdict {
            Verdict::Proven(p) => p.to_string(),
            Verdict::CutOff(_) => "unproven".to_string(),
        },
        "cut_off": match report.verdict { Verdict::CutOff(c) => Some(c.to_string()), _ => None },
        "first": first.to_string(),
        "cells": game.cells(),
        "sets": game.set_lists(),
        "nodes": report.nodes,
        "seconds": report.elapsed.as_secs_f64(),
        "certificate": certificate,
    })
}

/// The JSON of `miai achieve pairing --json`.
pub(crate) fn pairing_json(result: &PairingResult) -> serde_json::Value {
    match result {
        PairingResult::Found(p) => {
            json!({"result": "found", "period": p.period, "pairs": p.pairs})
        }
        PairingResult::Impossible(o) => {
            json!({"result": "impossible", "reason": o.to_string()})
        }
        PairingResult::Unknown {
            max_period,
            exhausted,
        } => {
            json!({"result": "unknown", "max_period": max_period, "budget_exhausted_periods": exhausted})
        }
    }
}

fn verify_cmd(a: VerifyArgs) -> anyhow::Result<ExitCode> {
    let text = read(&a.certificate)?;
    let result = verify::verify_text(&text);
    match &result {
        Ok(v) => {
            if a.json {
                println!(
                    "{}",
                    json!({"accepted": true, "winner": v.winner.to_string(), "first": v.first.to_string(),
                           "positions": v.positions, "lines": v.lines})
                );
            } else {
                println!(
                    "accepted: {} wins with {} moving first ({} positions, {} line ends checked)",
                    v.winner, v.first, v.positions, v.lines
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if a.json {
                println!("{}", json!({"accepted": false, "reason": e.to_string()}));
            } else {
                println!("rejected: {e}");
            }
            Ok(ExitCode::from(1))
        }
    }
}

fn pairing(a: PairingArgs) -> anyhow::Result<ExitCode> {
    let creature = parse_creature(&a.creature)?;
    let result = find_pairing(&creature, a.mirror, a.max_period, a.budget);
    if a.json {
        println!("{}", pairing_json(&result));
    } else {
        match &result {
            PairingResult::Found(p) => {
                println!("pairing found, Breaker blocks every placement of {creature}: {p}");
                println!("(the pairs repeat with the period: {{a + kP, b + kP}} for all k)");
            }
            PairingResult::Impossible(o) => println!("no pairing strategy exists: {o}"),
            PairingResult::Unknown {
                max_period,
                exhausted,
            } => {
                print!("unknown: no blocking pairing with period up to {max_period}");
                if exhausted.is_empty() {
                    println!();
                } else {
                    println!(" (search budget ran out on periods {exhausted:?})");
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn prove_cmd(a: ProveArgs) -> anyhow::Result<ExitCode> {
    let creature = parse_creature(&a.creature)?;
    let limit = a.limits.limit()?;
    let options = ProveOptions {
        min_area: a.min_area,
        max_area: a.max_area,
        anchors: a.anchor.clone(),
        mirror: a.mirror,
        limit,
        tile_extra_span: a.tiles,
    };
    let cancel = cancel_flag();
    let bar = spinner();
    let mut rows = Vec::new();
    let outcome = prove(
        &creature,
        &options,
        &mut |s| s.with_cancel(cancel.clone()),
        &mut |t| {
            let r = match t.verdict {
                Verdict::Proven(p) => format!("{p} wins"),
                Verdict::CutOff(c) => format!("unproven ({c})"),
            };
            let line = format!(
                "area {:>3} anchor {}: {:<20} {:>12} nodes {:>9.3} s",
                t.area,
                t.anchor,
                r,
                t.nodes,
                t.elapsed.as_secs_f64()
            );
            if !a.json {
                bar.suspend(|| println!("{line}"));
            }
            bar.set_message(format!("area {} anchor {}", t.area, t.anchor));
            rows.push(
                json!({"area": t.area.len(), "anchor": t.anchor, "result": r,
                             "nodes": t.nodes, "seconds": t.elapsed.as_secs_f64()}),
            );
        },
    )?;
    bar.finish_and_clear();
    let mut cert_path = None;
    if let (Some(path), Some((area, anchors))) = (&a.certificate, &outcome.found) {
        let anchor = anchors[0];
        let game = family(&creature, area, anchor, a.mirror)?;
        let mut solver = Solver::new(&game, limit)?.with_cancel(cancel.clone());
        let origin = Origin::Family {
            creature: creature.clone(),
            area: area.clone(),
            anchor,
            mirror: a.mirror,
        };
        match Certificate::build(&mut solver, &game, origin, Player::Maker, &mut |_| {}) {
            Ok(cert) => {
                std::fs::write(path, cert.to_string())
                    .with_context(|| format!("cannot write {}", path.display()))?;
                cert_path = Some(path.display().to_string());
            }
            Err(cut) => eprintln!("certificate not written: {cut}"),
        }
    }
    if a.json {
        println!(
            "{}",
            json!({
                "creature": creature.to_string(),
                "found": outcome.found.as_ref().map(|(area, anchors)| json!({"area": area.len(), "anchors": anchors})),
                "smallest": outcome.smallest && outcome.found.is_some(),
                "cut_off": outcome.cut_off,
                "cancelled": outcome.cancelled,
                "attempts": rows,
                "certificate": cert_path,
            })
        );
    } else {
        match &outcome.found {
            Some((area, anchors)) => {
                println!(
                    "Breaker wins on area {area} with anchor{} {:?}: {creature} is a loser.",
                    if anchors.len() > 1 { "s" } else { "" },
                    anchors
                );
                if outcome.smallest && a.min_area <= 1 {
                    println!(
                        "Smallest {}: every smaller area and every anchor tried is a proven Maker win.",
                        if a.tiles > 0 {
                            format!(
                                "area among consecutive areas and tiles of span <= size-1+{}",
                                a.tiles
                            )
                        } else {
                            "consecutive area".to_string()
                        }
                    );
                } else if outcome.smallest {
                    println!("Smallest from --min-area {} on.", a.min_area);
                } else {
                    println!("Not proven smallest: some smaller area was cut off by the limits.");
                }
            }
            None if outcome.cancelled => println!("cancelled"),
            None => println!(
                "no Breaker win on areas of {}..={} cells ({} areas x anchors tried{}){}",
                a.min_area,
                a.max_area,
                outcome.attempts.len(),
                if a.tiles > 0 {
                    format!(
                        ", consecutive areas and tiles of span <= size-1+{}",
                        a.tiles
                    )
                } else {
                    ", consecutive only".to_string()
                },
                if outcome.cut_off {
                    "; some attempts were cut off by the limits"
                } else {
                    "; all proven Maker wins"
                }
            ),
        }
        if let Some(p) = cert_path {
            println!("certificate: {p}");
        }
    }
    Ok(if outcome.found.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn table(a: TableArgs) -> anyhow::Result<ExitCode> {
    if !(a.max_time.is_finite() && a.max_time > 0.0) {
        bail!("--max-time must be a positive number of seconds");
    }
    let options = TableOptions {
        max_area: a.max_area,
        max_segment: a.max_segment,
        mirror: a.mirror,
        limit: SearchLimit {
            max_time: Some(Duration::from_secs_f64(a.max_time)),
            table_bytes: 32 << 20,
            ..SearchLimit::default()
        },
        ..TableOptions::default()
    };
    let bar = spinner();
    for &n in &a.cells {
        if n == 0 {
            bail!("--cells: a creature has at least one cell");
        }
        let list = creatures(n, a.max_span);
        let mut rows = Vec::new();
        for c in &list {
            bar.set_message(format!("{n} cells: {c}"));
            rows.push(classify(c, &options));
        }
        bar.suspend(|| {
            println!("### {n} cells, span at most {}\n", a.max_span);
            println!("{}", markdown(&rows, &options));
        });
    }
    bar.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}
