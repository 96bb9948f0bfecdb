//! `miai achieve`: 1-D achievement games, Maker-Breaker proofs, pairing
//! strategies, certificates and the results table. A thin layer over
//! `miai-achieve`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use miai_achieve::pairing::find_pairing;
use miai_achieve::prove::{ProveOptions, prove};
use miai_achieve::report::{
    AttemptRow, CertificateNote, GameReport, PairingReport, ProveReport, VerifyReport, solve_game,
};
use miai_achieve::spec::{GameSpec, SpecCertificateError, SpecError};
use miai_achieve::table::{Status, TableOptions, classify, creatures, markdown};
use miai_achieve::{Creature, Hypergraph, Limits, Origin, Player, unit, verify};

use crate::search::{LimitArgs, Spinner, ctrl_c, exit_code};

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
    /// Cut a game into work units: the positions after DEPTH moves (JSON
    /// files in --out, with split.json, the top tree), for `solve-unit` on
    /// any machine and `merge` after.
    Split(SplitArgs),
    /// Solve one work unit written by `split`; the result goes to
    /// --out/ID.result.json.
    SolveUnit(SolveUnitArgs),
    /// Combine the unit results by minimax on the top tree: the verdict as
    /// `solve` prints it, and one certificate `verify` accepts.
    Merge(MergeArgs),
    /// Harary's animals in the plane: pavings, board numbers, the table.
    #[command(subcommand)]
    Animal(crate::cmd::animal::Command),
}

/// The table memory of `solve` and `prove` unless `--table-mb` says
/// otherwise (it grows as it fills, up to this).
const TABLE_BYTES: usize = 256 << 20;

/// The limits of `solve` and `prove`: the flags given, else no node or
/// time limit and a [`TABLE_BYTES`] table.
fn limits(args: &LimitArgs) -> Limits {
    args.or(Limits::none().with_table_bytes(TABLE_BYTES))
}

/// The game of `solve` and `split`: a creature's family on an area, or a
/// hypergraph file, and who moves first.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
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
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
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
    /// List every solve (area, anchor, result, nodes, seconds) after the
    /// answer.
    #[arg(long)]
    attempts: bool,
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
    /// Limits of each single solve (default: 10 s, a 32 MiB table).
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct SplitArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves in the top tree: every position after this many moves is a
    /// unit (depth 1 on a 28-cell area: 28 units).
    #[arg(long)]
    depth: usize,
    /// The directory for split.json and the units (created).
    #[arg(long)]
    out: PathBuf,
    /// Units also write the winner's strategy, for `merge --certificate`.
    #[arg(long)]
    certificates: bool,
    /// Limits written into every unit (`solve-unit` flags override them).
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct SolveUnitArgs {
    /// The unit file (`u00017.json`).
    unit: PathBuf,
    /// The directory for the result (created): ID.result.json.
    #[arg(long)]
    out: PathBuf,
    /// Print the result as JSON too.
    #[arg(long)]
    json: bool,
    /// Limits instead of the unit's own.
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The split's directory (with split.json).
    #[arg(long)]
    units: PathBuf,
    /// The directory of the results (`*.result.json`).
    #[arg(long)]
    results: PathBuf,
    /// Write the merged certificate to this file (the units must have been
    /// split with --certificates).
    #[arg(long)]
    certificate: Option<PathBuf>,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(a) => solve(a),
        Command::Verify(a) => verify_cmd(a),
        Command::Pairing(a) => pairing(a),
        Command::Prove(a) => prove_cmd(a),
        Command::Table(a) => table(a),
        Command::Split(a) => split_cmd(a),
        Command::SolveUnit(a) => solve_unit_cmd(a),
        Command::Merge(a) => merge_cmd(a),
        Command::Animal(c) => crate::cmd::animal::run(c),
    }
}

fn parse_creature(s: &str) -> anyhow::Result<Creature> {
    s.parse::<Creature>()
        .with_context(|| format!("bad --creature `{s}`"))
}

fn read(path: &Path) -> anyhow::Result<String> {
    crate::input::read(path)
}

/// The game named by `--sets FILE` or `--creature` with `--area`/`--tile`.
impl GameArgs {
    /// The game and its origin, from a file or the creature's family.
    fn game(&self) -> anyhow::Result<(Hypergraph, Origin)> {
        Ok(match (&self.sets, &self.creature) {
            (Some(path), _) => {
                let game: Hypergraph = read(path)?
                    .parse()
                    .with_context(|| format!("in {}", path.display()))?;
                (game, Origin::Sets)
            }
            (None, Some(c)) => {
                let spec = GameSpec::new(
                    parse_creature(c)?,
                    self.area,
                    self.tile.as_deref(),
                    self.anchor,
                    self.mirror,
                )
                .map_err(|e| match e {
                    SpecError::NoArea | SpecError::BothAreas => {
                        anyhow!("give --area K or --tile CELLS with --creature")
                    }
                    other => anyhow!("bad --{other}"),
                })?;
                (spec.family()?, spec.origin())
            }
            (None, None) => bail!("give --creature (with --area or --tile) or --sets FILE"),
        })
    }
}

/// Solves `game` with a spinner (shown when `show`), Ctrl-C cancelling,
/// and writes the winner's certificate to `certificate` when asked (a
/// certificate cut off by the limits is said on stderr). Shared by
/// `achieve solve` and `achieve animal solve`.
pub(crate) fn solve_and_certify(
    game: &Hypergraph,
    origin: &Origin,
    first: Player,
    limits: Limits,
    certificate: Option<&Path>,
    show: bool,
) -> anyhow::Result<GameReport> {
    let cancel = ctrl_c();
    let spinner = Spinner::new("solving", show);
    let solved = solve_game(
        game,
        origin,
        first,
        limits,
        Some(&cancel),
        certificate.is_some(),
        &mut || spinner.message("writing certificate".to_string()),
        &mut |p| spinner.update(p),
    );
    let solved = match solved {
        Ok(s) => s,
        Err(e) => {
            spinner.finish();
            return Err(e.into());
        }
    };
    let mut report = solved.report;
    match (certificate, solved.certificate) {
        (Some(path), Some(Ok(cert))) => {
            let written = std::fs::write(path, cert.to_string())
                .with_context(|| format!("cannot write {}", path.display()));
            if let Err(e) = written {
                spinner.finish();
                return Err(e);
            }
            report.certificate = Some(CertificateNote::Written {
                path: path.display().to_string(),
                moves: cert.strategy.len(),
            });
        }
        (_, Some(Err(cut))) => spinner.suspend(|| eprintln!("certificate not written: {cut}")),
        _ => {}
    }
    spinner.finish();
    Ok(report)
}

fn solve(a: SolveArgs) -> anyhow::Result<ExitCode> {
    let (game, origin) = a.game.game()?;
    let mut report = solve_and_certify(
        &game,
        &origin,
        a.game.first,
        limits(&a.limits),
        a.certificate.as_deref(),
        true,
    )?;
    report.show_sets = a.show_sets;
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{report}");
    }
    Ok(exit_code(report.proven()))
}

fn verify_cmd(a: VerifyArgs) -> anyhow::Result<ExitCode> {
    let text = crate::input::read_certificate(&a.certificate)?;
    let result = verify::verify_text(&text);
    let report = VerifyReport::new(&result);
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{report}");
    }
    Ok(if report.accepted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn pairing(a: PairingArgs) -> anyhow::Result<ExitCode> {
    let creature = parse_creature(&a.creature)?;
    let result = find_pairing(&creature, a.mirror, a.max_period, a.budget);
    let report = PairingReport::new(&creature, a.mirror, &result);
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{report}");
    }
    Ok(ExitCode::SUCCESS)
}

fn prove_cmd(a: ProveArgs) -> anyhow::Result<ExitCode> {
    let creature = parse_creature(&a.creature)?;
    let limit = limits(&a.limits);
    let options = ProveOptions {
        min_area: a.min_area,
        max_area: a.max_area,
        anchors: a.anchor.clone(),
        mirror: a.mirror,
        limit,
        tile_extra_span: a.tiles,
    };
    let cancel = ctrl_c();
    let spinner = Spinner::new("proving", true);
    let outcome = prove(&creature, &options, Some(&cancel), &mut |t| {
        let row = AttemptRow::new(t);
        spinner.message(format!(
            "area {} anchor {}: {}",
            row.area_name, row.anchor, row.result
        ));
    })?;
    spinner.finish();
    let mut report = ProveReport::new(&creature, &outcome, a.min_area, a.max_area, a.tiles);
    if let (Some(path), Some((area, anchors))) = (&a.certificate, &outcome.found) {
        let spec = GameSpec {
            creature: creature.clone(),
            area: area.clone(),
            anchor: anchors[0],
            mirror: a.mirror,
        };
        match spec.certificate(Player::Maker, limit, Some(&cancel)) {
            Ok(cert) => {
                std::fs::write(path, cert.to_string())
                    .with_context(|| format!("cannot write {}", path.display()))?;
                report.certificate = Some(path.display().to_string());
            }
            Err(SpecCertificateError::Stopped(cut)) => eprintln!("certificate not written: {cut}"),
            Err(e) => return Err(e.into()),
        }
    }
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{report}");
        if a.attempts {
            print!("\n{}", report.attempts_table());
        } else if !report.attempts.is_empty() {
            println!("(each solve: --attempts)");
        }
    }
    Ok(exit_code(outcome.found.is_some()))
}

fn table(a: TableArgs) -> anyhow::Result<ExitCode> {
    let options = TableOptions {
        max_area: a.max_area,
        max_segment: a.max_segment,
        mirror: a.mirror,
        limit: a.limits.or(TableOptions::default().limit),
        ..TableOptions::default()
    };
    let spinner = Spinner::new("classifying", true);
    let mut settled = true;
    for &n in &a.cells {
        if n == 0 {
            bail!("--cells: a creature has at least one cell");
        }
        let list = creatures(n, a.max_span);
        let mut rows = Vec::new();
        for c in &list {
            spinner.message(format!("{n} cells: {c}"));
            rows.push(classify(c, &options));
        }
        settled &= rows.iter().all(|r| !is_open(&r.status));
        spinner.suspend(|| {
            println!("### {n} cells, span at most {}\n", a.max_span);
            println!("{}", markdown(&rows, &options));
        });
    }
    spinner.finish();
    // A row left open is a search cut off by the limits: exit 1, as for
    // every other unproven answer (the table is printed all the same).
    Ok(exit_code(settled))
}

/// Whether a table row is unsettled (directly or through its reduction).
fn is_open(status: &Status) -> bool {
    match status {
        Status::Open { .. } => true,
        Status::Scaled { status, .. } => is_open(status),
        _ => false,
    }
}

fn write_new(path: &Path, text: &str) -> anyhow::Result<()> {
    // Written beside and renamed, so a reader never sees half a file.
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

fn split_cmd(a: SplitArgs) -> anyhow::Result<ExitCode> {
    let (game, origin) = a.game.game()?;
    let problem = unit::Problem {
        game,
        origin,
        first: a.game.first,
    };
    let split = unit::split(&problem, a.depth, a.limits.limits(), a.certificates)?;
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create {}", a.out.display()))?;
    for u in &split.units {
        write_new(
            &a.out.join(unit::unit_file(&u.id)),
            &serde_json::to_string(u)?,
        )?;
    }
    write_new(
        &a.out.join(unit::MANIFEST_FILE),
        &serde_json::to_string(&split.manifest)?,
    )?;
    print!("{}", split.manifest);
    println!("written to {}", a.out.display());
    Ok(ExitCode::SUCCESS)
}

fn solve_unit_cmd(a: SolveUnitArgs) -> anyhow::Result<ExitCode> {
    let u = unit::Unit::from_json(&read(&a.unit)?)
        .with_context(|| format!("in {}", a.unit.display()))?;
    let limits = a.limits.or(u.limits.limits());
    let cancel = ctrl_c();
    let spinner = Spinner::new(&format!("solving {}", u.id), true);
    let result = unit::solve_unit(&u, limits, Some(&cancel), &mut |p| spinner.update(p));
    spinner.finish();
    let result = result.with_context(|| format!("in {}", a.unit.display()))?;
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create {}", a.out.display()))?;
    let path = a.out.join(unit::result_file(&u.id));
    let text = serde_json::to_string(&result)?;
    write_new(&path, &text)?;
    if a.json {
        println!("{text}");
    } else {
        println!("{result} -> {}", path.display());
    }
    Ok(exit_code(result.winner.is_some()))
}

fn merge_cmd(a: MergeArgs) -> anyhow::Result<ExitCode> {
    let manifest_path = a.units.join(unit::MANIFEST_FILE);
    let manifest = unit::SplitManifest::from_json(&read(&manifest_path)?)
        .with_context(|| format!("in {}", manifest_path.display()))?;
    let mut results = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&a.results)
        .with_context(|| format!("cannot read {}", a.results.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".result.json"))
        .collect();
    paths.sort();
    for p in &paths {
        results.push(
            unit::UnitResult::from_json(&read(p)?)
                .with_context(|| format!("in {}", p.display()))?,
        );
    }
    let merged = unit::merge(&manifest, &results, a.certificate.is_some())?;
    let mut report = unit::MergeReport::new(&merged, manifest.depth);
    if let (Some(path), Some(cert)) = (&a.certificate, &merged.certificate) {
        std::fs::write(path, cert.to_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
        report.game.certificate = Some(CertificateNote::Written {
            path: path.display().to_string(),
            moves: cert.strategy.len(),
        });
    }
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{report}");
    }
    Ok(exit_code(report.game.proven()))
}
