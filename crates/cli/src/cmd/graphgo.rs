//! `miai graphgo`: graph Go (seed 001) — exact solving of small boards and
//! per-vertex outcome classes.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use clap::Subcommand;
use miai_graphgo::picture;
use miai_graphgo::report::{ClassesReport, SolveReport};
use miai_graphgo::start::{Start, StartError};
use miai_graphgo::verify::VerifyReport;
use miai_graphgo::{Repetition, SolveOptions, outcome, solver};

use crate::search::{LimitArgs, Spinner, ctrl_c, exit_code};

/// The deepening schedule, on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Deepen {
    /// The default: by half up to 26 plies, then one ply at a time (as
    /// `one`, on every board).
    Auto,
    /// By half after every undecided test.
    Half,
    /// By half up to 26 plies, then one ply at a time.
    One,
}

impl From<Deepen> for solver::Deepening {
    fn from(d: Deepen) -> Self {
        match d {
            Deepen::Auto => solver::Deepening::Auto,
            Deepen::Half => solver::Deepening::Half,
            Deepen::One => solver::Deepening::One,
        }
    }
}

/// Graph Go: solve small boards, or compute outcome classes.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

/// How both subcommands state a score and take a graph (said once, in
/// both `--help`s).
const CONVENTIONS: &str = "Conventions (both subcommands): a score is from Black's view \
(positive: Black ahead; area counting, komi 0), and the winner is decided against --komi \
for White (White wins when White's margin is at least the komi). A graph is given as a \
FILE argument (an edge-list .graph file with optional black:/white:/to-move: lines).";

#[derive(Debug, Subcommand)]
enum Command {
    /// The optimal area score of a board (from the empty board, or from a
    /// position in a `.graph` file), with its principal variation.
    ///
    /// Exit code 0 when proven, 1 when cut off by a limit or Ctrl-C, 2 on
    /// bad input.
    #[command(after_help = CONVENTIONS)]
    Solve(SolveArgs),
    /// The outcome classes o(r, v) of every vertex of a position (a `.graph`
    /// file with `black:`/`white:` lines), its ultimate status and eyes, and
    /// the Chinese count (printed as a score from Black's view, beside the
    /// seed's s_c, which is White minus Black).
    ///
    /// Exit code 0 on success, 2 on bad input or when the recursion's node
    /// budget runs out.
    #[command(after_help = CONVENTIONS)]
    Classes(ClassesArgs),
    /// Checks a proof file written by `solve --proof` with a checker that
    /// shares no search or rules code with the solver: it replays both
    /// strategy trees (score >= v for Black, score <= v for White) on its
    /// own rules and re-derives every leaf.
    ///
    /// Exit code 0 when accepted, 1 when refused (the reason is named), 2
    /// when the file cannot be read.
    Verify(VerifyArgs),
}

#[derive(Debug, clap::Args)]
struct VerifyArgs {
    /// The proof file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// An edge-list `.graph` file (goban's format; stones and `to-move:`
    /// in it give the start position).
    #[arg(value_name = "FILE", conflicts_with = "board")]
    file: Option<PathBuf>,
    /// A grid `WxH` (e.g. 3x3, 1x5), from the empty board.
    #[arg(long)]
    board: Option<String>,
    /// The old spelling of FILE, kept working.
    #[arg(long, hide = true, conflicts_with_all = ["file", "board"])]
    graph: Option<PathBuf>,
    /// Repetition rule: `positional` (superko) or `situational`.
    #[arg(long, default_value = "positional")]
    rules: String,
    /// Komi for White (only decides the winner; the score is komi-free).
    #[arg(long, default_value_t = 0.0, value_parser = parse_komi, allow_hyphen_values = true)]
    komi: f64,
    #[command(flatten)]
    limits: LimitArgs,
    /// Gone: the table is sized by `--table-mb` now (the default, 80 MiB,
    /// was `--table-bits 18`).
    #[arg(long, hide = true, value_name = "B")]
    table_bits: Option<String>,
    /// Also compute the outcome classes of the start position (small
    /// graphs only).
    #[arg(long)]
    classes: bool,
    /// Write an SVG of the final position coloured by owner.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Write the proof of the value (both strategy trees, the format of
    /// `miai_graphgo::proof`) to FILE; `miai graphgo verify FILE` checks it.
    #[arg(long, value_name = "FILE")]
    proof: Option<PathBuf>,
    /// Most nodes the proof may have (both trees; the 4x5 proof has
    /// 23.2 M, about 5 GB of memory while it is written).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 30_000_000,
        requires = "proof"
    )]
    proof_nodes: usize,
    /// Claim only Benson's areas, not the safe regions beyond them
    /// (enclosed regions with one inner point; to measure what they save).
    #[arg(long)]
    no_safety: bool,
    /// Leave out the safe regions of two or more inner points that a local
    /// search decides (keep Benson's and the one-point regions; to measure
    /// what the searched ones save).
    #[arg(long)]
    no_searched_regions: bool,
    /// Also claim blocks that are not pass-alive, made safe under
    /// alternating play by two small regions each (in each the owner
    /// answers every play, keeping the opponent out and a liberty of every
    /// block): fewer nodes on 4x4-5x5 (4x5: 172 M instead of 240 M), more
    /// time a node, both ways on lines. The value is the same; no proof
    /// is written with it (the checker does not re-derive its claims).
    #[arg(long, conflicts_with_all = ["proof", "no_safety"])]
    alternating: bool,
    /// Also claim regions that hold opponent stones inside the owner's
    /// safe stones, where a local search shows the opponent cannot keep a
    /// stone (with `--alternating`, its regions may be that large too):
    /// fewer nodes only beside `--alternating` (4x4 -19 %), five to ten
    /// times the time a node, so slower on every board measured. The value
    /// is the same; no proof is written with it.
    #[arg(long, conflicts_with_all = ["proof", "no_safety"])]
    enclosed: bool,
    /// Search every move of the prover to the full horizon (no late-move
    /// reductions; to measure what they save). The value is the same.
    #[arg(long)]
    no_reductions: bool,
    /// Use the keeping game: at nodes with few empty points, the defender
    /// of a null-window test keeps what the prover needs out of reach
    /// without ever losing a stone, a proven bound (fewer nodes, more
    /// time per node). The value is the same.
    #[arg(long)]
    keeping: bool,
    /// The score expected (Black's view, e.g. a published value): the
    /// first null-window test is `score >= V`. Any V gives the same
    /// proven score; a right one needs fewer tests.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    guess: Option<i32>,
    /// With --guess: run only the side of each null-window test that the
    /// guess says succeeds, never the doomed one (on lines 60-70% of the
    /// nodes). A wrong guess cannot give a wrong value, only leave it
    /// unproven; it can also cost more (the doomed side's table entries
    /// sometimes make the proof cheap: 3x4).
    #[arg(long, requires = "guess")]
    expect: bool,
    /// Free answers: the prover's capture of the stone just played uses
    /// no ply of the horizon. The value is the same; lines need fewer
    /// nodes (1x10: 0.79 M instead of 2.16 M), grids more (3x4: 94 k
    /// instead of 49 k).
    #[arg(long)]
    free_captures: bool,
    /// Once one side of a null-window test has ended open at the
    /// horizon, run the other side D plies shallower there (0: off). The
    /// value is the same, found later if the shallower side was the one
    /// to succeed; lines need fewer nodes (1x8: 33 k instead of 75 k,
    /// 1x11: 6.6 M instead of 18 M with a 2^22 table), 1x9 and 4x4
    /// situational a few per cent more. One thread only.
    #[arg(long, value_name = "D", default_value_t = 0)]
    doomed_lag: usize,
    /// Decide each null-window test by a best-first proof search (df-pn)
    /// instead of the deepening alpha-beta: no horizon, and its proven
    /// nodes kept in the table with their history bases as the
    /// alpha-beta's are. The value is the same; lines need far fewer
    /// nodes (1x11: 1.2 M instead of 18 M), grids more (4x4: 10.9 M
    /// instead of 0.47 M). It keeps what it proved only in the table:
    /// give it a few hundred MiB (`--table-mb 400`; 1x10 with the default
    /// 80 MiB takes 227 M nodes instead of 0.7 M). Its proof numbers get
    /// a table of their own within the same limit. One thread only.
    #[arg(long, conflicts_with = "threads")]
    dfpn: bool,
    /// With `--dfpn`: where a board symmetry leaves every position of the
    /// history unchanged, search only one of two mirrored moves (same
    /// value, the kept move's proof mirrored). Halves a line's first
    /// moves (1x10: 0.56 M nodes instead of 0.69 M); on odd lines it can
    /// cost more (1x11: 1.7 M instead of 1.2 M).
    #[arg(long, requires = "dfpn")]
    dfpn_twins: bool,
    /// With `--dfpn`: start each fresh node's proof numbers from a
    /// history-free estimate of its value (a minimax of the area score
    /// over every colouring, built once for boards of at most 13 points,
    /// ignored on larger ones): (1, K) where the estimate says the test
    /// succeeds, (K, 1) where it fails. It only orders the work, so the
    /// value is the same; 8 is the measured choice (1x10: 0.34 M nodes
    /// in the tests instead of 0.47 M, 1x12's sub-position 0.83 M instead
    /// of 1.9 M; other K are erratic). 0: off.
    #[arg(long, value_name = "K", default_value_t = 0, requires = "dfpn")]
    dfpn_oracle: u64,
    /// With `--dfpn`: find the principal variation after the proof by
    /// df-pn too, instead of the deepening alpha-beta (which can re-prove
    /// much of what df-pn proved: 1x11 0.89 M nodes in all instead of
    /// 1.6 M). A proof file's walk still uses the alpha-beta.
    #[arg(long, requires = "dfpn")]
    dfpn_pv: bool,
    /// How the deepening horizon grows after an undecided test: by half
    /// (1, 2, 4, 7, 11, 17, 26, 40, ...), by half up to 26 plies and then
    /// one ply at a time, or auto (the second, on every board; 4x5 needs
    /// horizon 28, which the first jumps over to 40). The value is the
    /// same.
    #[arg(long, value_enum, default_value_t = Deepen::Auto)]
    deepen: Deepen,
    /// Threads: 2 runs the two sides of each null-window test at once,
    /// sharing the table (node counts then vary from run to run; the
    /// value is the same). 1, the default, is deterministic.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct ClassesArgs {
    /// The `.graph` file with the position.
    #[arg(value_name = "FILE", required_unless_present = "graph")]
    file: Option<PathBuf>,
    /// FILE given the way older `solve` took it, accepted here too.
    #[arg(long, hide = true, conflicts_with = "file")]
    graph: Option<PathBuf>,
    /// Node budget of the exhaustive recursion.
    #[arg(long, default_value_t = outcome::DEFAULT_CLASS_NODES)]
    nodes: u64,
    /// Komi h for the Chinese count (White wins iff s_c >= h).
    #[arg(long, default_value_t = 0.0, value_parser = parse_komi, allow_hyphen_values = true)]
    komi: f64,
    /// Write an SVG coloured by class.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

/// Runs `miai graphgo`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Solve(a) => solve(a),
        Command::Classes(a) => classes(a),
        Command::Verify(a) => verify(a),
    }
}

fn load_graph_file(path: &std::path::Path) -> anyhow::Result<Start> {
    let text = crate::input::read(path)?;
    Start::parse(&text).with_context(|| format!("{}", path.display()))
}

/// A komi: a finite number (NaN or infinity would decide every game).
fn parse_komi(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(k) if k.is_finite() => Ok(k),
        Ok(_) => Err(format!("'{text}' is not a finite number")),
        Err(_) => Err(format!("'{text}' is not a number")),
    }
}

fn solve(a: SolveArgs) -> anyhow::Result<ExitCode> {
    let Start {
        board,
        stones,
        to_move,
    } = match (&a.board, a.file.as_ref().or(a.graph.as_ref())) {
        (_, Some(path)) => load_graph_file(path)?,
        (Some(b), None) => Start::grid(b).map_err(|e| match e {
            StartError::GridSyntax { .. } => anyhow!("--board {e}"),
            StartError::GridSide { ref source, .. } => {
                anyhow::Error::new(source.clone()).context(format!("--board {e}"))
            }
            other => other.into(),
        })?,
        (None, None) => bail!("give a .graph FILE or --board WxH"),
    };
    let repetition: Repetition = a.rules.parse().map_err(|e| anyhow!("--rules {e}"))?;
    if let Some(bits) = &a.table_bits {
        bail!(
            "--table-bits {bits}: the flag is gone; give the table's memory with --table-mb MIB \
             (the table grows as it fills, up to that; the default is {} MiB)",
            solver::DEFAULT_TABLE_BYTES >> 20
        );
    }
    let opts = SolveOptions {
        repetition,
        limits: a.limits.limits(),
        safety: !a.no_safety,
        searched_regions: !a.no_searched_regions,
        alternating: a.alternating,
        enclosed: a.enclosed,
        reductions: !a.no_reductions,
        keeping: a.keeping,
        guess: a.guess,
        expect_guess: a.expect,
        free_captures: a.free_captures,
        doomed_lag: a.doomed_lag,
        dfpn: a.dfpn,
        dfpn_twins: a.dfpn_twins,
        dfpn_oracle: a.dfpn_oracle,
        dfpn_pv: a.dfpn_pv,
        deepening: a.deepen.into(),
        threads: usize::from(a.threads),
        ..SolveOptions::default()
    };
    let cancel = ctrl_c();
    let spinner = Spinner::new("solving", true);
    let mut on_progress = |p: &solver::Progress| spinner.update(p);
    let (sol, proof) = match &a.proof {
        None => (
            solver::solve(
                &board,
                stones,
                to_move,
                &opts,
                Some(&cancel),
                &mut on_progress,
            ),
            None,
        ),
        Some(_) => {
            let (sol, proof) = solver::solve_with_proof(
                &board,
                stones,
                to_move,
                &opts,
                Some(&cancel),
                &mut on_progress,
                a.proof_nodes,
            );
            (sol, Some(proof))
        }
    };
    spinner.finish();
    let mut proof_ok = true;
    if let (Some(path), Some(proof)) = (&a.proof, proof) {
        match proof {
            Ok(p) => {
                std::fs::write(path, p.to_text())
                    .with_context(|| format!("writing {}", path.display()))?;
                eprintln!(
                    "proof: score >= {v} in {} nodes, score <= {v} in {} nodes, written to {}",
                    p.lower.steps.len(),
                    p.upper.steps.len(),
                    path.display(),
                    v = p.value
                );
            }
            Err(e) => {
                proof_ok = false;
                eprintln!("no proof written: {e}");
            }
        }
    }
    let report = SolveReport::new(&board, stones, to_move, repetition, a.komi, &sol, a.classes);
    if let Some(path) = &a.svg {
        std::fs::write(
            path,
            picture::svg(&board, &report.final_stones, &report.marks),
        )
        .with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{report}");
    }
    Ok(exit_code(sol.proven && proof_ok))
}

fn verify(a: VerifyArgs) -> anyhow::Result<ExitCode> {
    let text = crate::input::read_certificate(&a.file)?;
    let report = VerifyReport::new(&miai_graphgo::verify::verify_text(&text));
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{report}");
    }
    Ok(exit_code(report.accepted))
}

fn classes(a: ClassesArgs) -> anyhow::Result<ExitCode> {
    let Some(file) = a.file.as_ref().or(a.graph.as_ref()) else {
        bail!("give a .graph FILE");
    };
    let Start { board, stones, .. } = load_graph_file(file)?;
    let report = ClassesReport::new(&board, &stones, a.nodes, a.komi)?;
    if let Some(path) = &a.svg {
        std::fs::write(path, picture::svg(&board, &stones, &report.marks))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{report}");
    }
    Ok(ExitCode::SUCCESS)
}
