//! `miai nko`: n-ko fights under superko (seed 000). Who wins `(n, m, t)`,
//! with a principal variation in words; the win table as text, JSON or SVG;
//! and a full-history brute-force check of the table.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use miai_nko::history::Rules;
use miai_nko::passes::PROVEN_PASS_MAX_N;
use miai_nko::report::{PassQuery, Query, Table, describe};
use miai_nko::variation::principal_variation;
use miai_nko::verify::sweep;
use miai_nko::{MAX_TABLE_N, Outcome, Player, State, closed_form};
use miai_search::Limits;

use crate::search::{LimitArgs, ctrl_c, exit_code, progress_bar, progress_message};

/// Arguments of `miai nko`.
#[derive(Debug, clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  miai nko 50 17 --to-move black\n  \
        miai nko 3 1 --passes\n  miai nko table --max-n 50 --svg table.svg\n  \
        miai nko table --max-n 8 --passes --json\n  miai nko verify --max-n 6"
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Number of unresolved kos n (>= 2).
    #[arg(required = true, allow_negative_numbers = true)]
    pub n: Option<i64>,
    /// Number of kos in Black's shape m (Black's liberties), 1..=n-1.
    #[arg(required = true, allow_negative_numbers = true)]
    pub m: Option<i64>,
    /// Side to move.
    #[arg(long, value_enum, default_value_t = Side::Black)]
    pub to_move: Side,
    /// The variant with passes (two passes in a row: draw).
    #[arg(long)]
    pub passes: bool,
    /// At most this many moves of the principal variation.
    #[arg(long, default_value_t = 40)]
    pub max_plies: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Limits of the brute force run with --passes (n <= 8).
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Subcommands of `miai nko`.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// The win table for every state with n <= N.
    Table(TableArgs),
    /// Re-derive the table by the full-history brute force (n <= 10) and
    /// compare it with the DP (or, with --passes, the proven pass table) and
    /// with the seed's claims.
    Verify(VerifyArgs),
}

/// Arguments of `miai nko table`.
#[derive(Debug, clap::Args)]
pub struct TableArgs {
    /// Largest n (at most 10,000).
    #[arg(long, default_value_t = 50)]
    pub max_n: u64,
    /// The variant with passes.
    #[arg(long)]
    pub passes: bool,
    /// Side to move in the text table and the picture (JSON has both).
    #[arg(long, value_enum, default_value_t = Side::Black)]
    pub to_move: Side,
    /// Print JSON rows {n, m, t, winner, ...} instead of text.
    #[arg(long)]
    pub json: bool,
    /// Draw the table as SVG into this file (the seed's picture).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Arguments of `miai nko verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// Largest n (at most 10; the search grows fast: n = 6 takes well under
    /// a second, n = 10 with passes minutes).
    #[arg(long, default_value_t = 6)]
    pub max_n: u64,
    /// The variant with passes.
    #[arg(long)]
    pub passes: bool,
    /// Limits of the brute force, over the whole sweep.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// A side, on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Side {
    Black,
    White,
}

impl From<Side> for Player {
    fn from(s: Side) -> Self {
        match s {
            Side::Black => Player::Black,
            Side::White => Player::White,
        }
    }
}

/// Run `miai nko`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(Command::Table(t)) => table(&t),
        Some(Command::Verify(v)) => verify(&v),
        None => {
            let (Some(n), Some(m)) = (args.n, args.m) else {
                bail!("give n and m (e.g. `miai nko 50 17`), or a subcommand");
            };
            let state = State::from_signed(n, m, args.to_move.into())?;
            if args.passes {
                query_passes(state, &args.limits.limits(), args.json)
            } else {
                query(state, args.max_plies, args.json)
            }
        }
    }
}

fn query(state: State, max_plies: usize, json: bool) -> anyhow::Result<ExitCode> {
    let winner = closed_form::winner(state);
    let seed = closed_form::seed_claim(state);
    let pv = principal_variation(state, max_plies);
    if json {
        let out = Query::new(state, &pv);
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(ExitCode::SUCCESS);
    }
    let mut s = String::new();
    writeln!(s, "{}", describe(state))?;
    writeln!(
        s,
        "Verdict: {winner} wins (proven closed form; equal to the DP for n <= {MAX_TABLE_N} and to the full-history brute force for n <= 6)"
    )?;
    match seed {
        Some(claim) if claim != winner => writeln!(
            s,
            "Seed 000 claims {claim} wins: the seed is WRONG here (its residues are shifted; see crates/nko/README.md)"
        )?,
        Some(claim) => writeln!(s, "Seed 000 claims {claim} wins: agrees")?,
        None => writeln!(s, "Seed 000 states nothing about this state")?,
    }
    writeln!(s, "Principal variation:")?;
    for (i, ply) in pv.plies.iter().enumerate() {
        writeln!(s, "  {:>3}. {ply}", i + 1)?;
    }
    if pv.truncated {
        writeln!(s, "  ... (more; raise --max-plies)")?;
    }
    print!("{s}");
    Ok(ExitCode::SUCCESS)
}

fn query_passes(state: State, limits: &Limits, json: bool) -> anyhow::Result<ExitCode> {
    let q = PassQuery::new(state, limits, Some(&ctrl_c()))?;
    if let Some(stop) = q.stopped {
        eprintln!("the brute force stopped ({stop}): the answer below is the seed's pass rule");
    }
    let code = exit_code(q.stopped.is_none());
    if json {
        println!("{}", serde_json::to_string_pretty(&q.json())?);
        return Ok(code);
    }
    let (rule, searched, outcome, naive) = (q.rule, q.searched, q.outcome, q.naive);
    println!(
        "{} (passes allowed; two passes in a row: draw)",
        describe(state)
    );
    println!("Verdict: {outcome} ({})", q.how());
    if searched.is_some_and(|o| o != rule) {
        println!("The seed's pass rule says {rule}: the seed is WRONG here");
    } else {
        println!("Seed 000's pass rule says {rule}: agrees");
    }
    if let Some(nv) = naive.filter(|&nv| nv != outcome) {
        println!(
            "Note: the naive (n, m, t) recursion with a pass move says {nv}; it is a different game (a pass mid-fight changes the fight)"
        );
    }
    Ok(code)
}

fn table(args: &TableArgs) -> anyhow::Result<ExitCode> {
    let max_n = args.max_n;
    if max_n < 2 {
        bail!("--max-n {max_n}: the table starts at n = 2");
    }
    if max_n > MAX_TABLE_N {
        bail!("--max-n {max_n} is above the limit of {MAX_TABLE_N}");
    }
    let table = Table::new(max_n, args.passes)?;
    let cell = |s: State| Ok(table.cell(s)?);
    if args.json {
        let rows = table.rows()?;
        println!("{}", serde_json::to_string(&rows)?);
    }
    let side: Player = args.to_move.into();
    if let Some(path) = &args.svg {
        let svg = draw_svg(max_n, side, args.passes, &cell)?;
        std::fs::write(path, svg).with_context(|| format!("writing {}", path.display()))?;
        if !args.json {
            println!("wrote {}", path.display());
        }
    }
    if !args.json && args.svg.is_none() {
        print_text(max_n, side, args.passes, &cell)?;
    }
    Ok(ExitCode::SUCCESS)
}

type CellFn<'a> = dyn Fn(State) -> anyhow::Result<(Outcome, bool, bool)> + 'a;

fn print_text(max_n: u64, side: Player, passes: bool, cell: &CellFn<'_>) -> anyhow::Result<()> {
    let mut out = String::new();
    writeln!(
        out,
        "{} to move{}; row n, column m = 1..n-1. B Black wins, W White wins, D draw{}",
        side,
        if passes { ", passes allowed" } else { "" },
        if passes {
            ""
        } else {
            "; lower-case: the seed's closed form says otherwise"
        }
    )?;
    let (mut wrong, mut claimed, mut unproven) = (0u64, 0u64, false);
    for n in 2..=max_n {
        write!(out, "{n:>5} ")?;
        for m in 1..n {
            let s = State::new(n, m, side)?;
            let (o, seed_wrong, proven) = cell(s)?;
            unproven |= !proven;
            if closed_form::seed_claim(s).is_some() && !passes {
                claimed += 1;
            }
            wrong += u64::from(seed_wrong);
            let c = o.letter();
            out.push(if seed_wrong {
                c.to_ascii_lowercase()
            } else {
                c
            });
        }
        out.push('\n');
    }
    if !passes {
        writeln!(
            out,
            "The seed's claims disagree with the proven table on {wrong} of {claimed} cells shown."
        )?;
    }
    if unproven {
        writeln!(
            out,
            "Rows with n > {PROVEN_PASS_MAX_N} follow the seed's pass rule and are not proven."
        )?;
    }
    print!("{out}");
    Ok(())
}

fn draw_svg(max_n: u64, side: Player, passes: bool, cell: &CellFn<'_>) -> anyhow::Result<String> {
    let size = if max_n <= 60 {
        12u64
    } else {
        (720 / max_n).max(1)
    };
    let (left, top) = (40u64, 40u64);
    let width = (left + size * max_n + 20).max(560);
    let height = top + size * max_n + 20;
    let mut s = String::new();
    writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
    )?;
    writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##)?;
    writeln!(
        s,
        r#"<text x="{left}" y="14">n-ko under superko, {side} to move{}; m (Black's kos) across, n down</text>"#,
        if passes { ", passes allowed" } else { "" },
    )?;
    writeln!(
        s,
        r#"<text x="{left}" y="30">blue: Black wins; pale: White wins; grey: draw{}</text>"#,
        if passes {
            ""
        } else {
            "; red dot: the seed's formula is wrong"
        }
    )?;
    for n in 2..=max_n {
        let y = top + (n - 1) * size;
        if n % 10 == 0 || n == 2 {
            writeln!(s, r#"<text x="4" y="{}">{n}</text>"#, y + size)?;
        }
        for m in 1..n {
            let st = State::new(n, m, side)?;
            let (o, seed_wrong, _) = cell(st)?;
            let fill = match o {
                Outcome::BlackWins => "#1f4ea0",
                Outcome::WhiteWins => "#eef1f6",
                Outcome::Draw => "#a8a8a8",
            };
            let x = left + (m - 1) * size;
            writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" stroke="#d0d4dc" stroke-width="0.5"/>"##
            )?;
            if seed_wrong && size >= 6 {
                let r = size as f64 / 5.0;
                writeln!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{r:.1}" fill="#d11"/>"##,
                    x as f64 + size as f64 / 2.0,
                    y as f64 + size as f64 / 2.0
                )?;
            }
        }
    }
    writeln!(s, "</svg>")?;
    Ok(s)
}

fn verify(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    if args.max_n < 2 || args.max_n > miai_nko::history::MAX_HISTORY_N {
        bail!(
            "--max-n {}: the full-history brute force handles 2..={}",
            args.max_n,
            miai_nko::history::MAX_HISTORY_N
        );
    }
    let rules = if args.passes {
        Rules::PassesAllowed
    } else {
        Rules::NoPasses
    };
    let bar = progress_bar(
        true,
        args.max_n * (args.max_n - 1),
        "{bar:40} {pos}/{len} {msg}",
    );
    let s = sweep(
        args.max_n,
        rules,
        &args.limits.limits(),
        Some(&ctrl_c()),
        &mut |p| bar.set_message(progress_message(p)),
        &mut || bar.inc(1),
    )?;
    bar.finish_and_clear();
    let what = if args.passes {
        "the seed's pass rule"
    } else {
        "the DP table"
    };
    println!(
        "full-history brute force: {} of {} cells solved, {} nodes",
        s.solved, s.cells, s.nodes
    );
    if let Some(stop) = s.stopped {
        println!("stopped early: {stop}; the cells above were solved and are kept");
    }
    println!(
        "{what}: {} disagreement(s){}",
        s.mismatches.len(),
        list(&s.mismatches)
    );
    if !args.passes {
        println!(
            "seed 000's closed form: wrong at {} cell(s){}",
            s.seed_wrong.len(),
            list(&s.seed_wrong)
        );
    }
    Ok(exit_code(s.holds()))
}

fn list(states: &[State]) -> String {
    if states.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = states.iter().take(40).map(ToString::to_string).collect();
    format!(
        ": {}{}",
        shown.join(" "),
        if states.len() > 40 { " ..." } else { "" }
    )
}
