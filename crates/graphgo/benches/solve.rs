//! Bench binary: solves small boards from the empty position and asserts
//! the published optimal scores (see tests/data/small_boards.txt for the
//! sources). Usage: `cargo bench -p miai-graphgo --bench solve -- [WxH ...]
//! [options]` (`-- --help` lists the options). With no board, 2x3 1x7 3x3
//! 3x4 4x4 (table at most 2^20 entries, about 300 MiB, by default; it
//! grows as it fills). `--position` starts from a position instead of the
//! empty board (the points row by row, `X` Black, `O` White, anything else
//! empty; no earlier history), Black to move unless `--white-first`; the
//! published value is then not asserted. A proven score that disagrees
//! with the published one fails the run. `--proof` also writes the proof
//! (as trees, format version 1, or with shared subproofs, version 2) in
//! memory and checks it with `miai_graphgo::verify`, printing its nodes,
//! refs, text size and the walk's and the checker's times; a refused proof
//! fails the run. With `--proof-file` it writes the text there instead of
//! checking it (check it with `miai graphgo verify FILE`, or with `--verify
//! FILE`, which only reads and checks a proof file of any size: the CLI
//! reads at most 64 MiB). A bad flag or value is refused with clap's
//! message (exit code 2), never replaced by a default.

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};

use miai_goban::{Color, Graph};
use miai_graphgo::solver::tt::ENTRY_BYTES;
use miai_graphgo::{Board, Deepening, Repetition, SolveOptions, Stones, solver, verify};

fn published(w: usize, h: usize) -> Option<i32> {
    // Drange et al. (mathpuzzle.com/go) and van der Werf (5x5); see the
    // test data file for details.
    let (a, b) = if w <= h { (w, h) } else { (h, w) };
    match (a, b) {
        (1, 3) => Some(3),
        (1, 4) => Some(4),
        (1, 5) => Some(0),
        (1, 6) => Some(1),
        (1, 7) => Some(2),
        (2, 2) => Some(1),
        (2, 3) => Some(0),
        (3, 3) => Some(9),
        (3, 4) => Some(4),
        (4, 4) => Some(2),
        (4, 5) => Some(20),
        (5, 5) => Some(25),
        _ => None,
    }
}

/// The bench's flags (see the module's documentation).
#[derive(Parser, Debug)]
#[command(
    name = "solve",
    about = "Solve small graph-Go boards and assert the published values"
)]
struct Args {
    /// Boards to solve, `WxH` (default: 3x2 1x7 3x3 3x4 4x4).
    #[arg(value_parser = parse_board)]
    boards: Vec<(usize, usize)>,
    /// Node limit.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time limit (`90`, `90s`, `5m`, ...).
    #[arg(long, value_parser = parse_time)]
    time: Option<Duration>,
    /// Situational superko (default: positional).
    #[arg(long)]
    situational: bool,
    /// Aspiration guess of the score.
    #[arg(long, allow_negative_numbers = true, conflicts_with = "published")]
    guess: Option<i32>,
    /// Guess the published value.
    #[arg(long)]
    published: bool,
    /// Start from this position (row by row: `X` Black, `O` White, anything
    /// else empty).
    #[arg(long)]
    position: Option<String>,
    /// White moves first (with `--position`).
    #[arg(long, requires = "position")]
    white_first: bool,
    /// Print the search's statistics.
    #[arg(long)]
    stats: bool,
    /// Write the proof, as trees or with shared subproofs, and check it.
    #[arg(long, value_enum)]
    proof: Option<ProofKind>,
    /// Most nodes the proof may have.
    #[arg(long, default_value_t = 1 << 26, requires = "proof")]
    proof_nodes: usize,
    /// Write the proof to this file instead of checking it.
    #[arg(long, requires = "proof")]
    proof_file: Option<String>,
    /// Only read and check this proof file.
    #[arg(long, conflicts_with_all = ["boards", "proof"])]
    verify: Option<String>,
    /// No Benson test at the leaves.
    #[arg(long)]
    no_benson: bool,
    /// No static safety beyond Benson.
    #[arg(long)]
    no_safety: bool,
    /// No searched safe regions.
    #[arg(long)]
    no_searched_regions: bool,
    /// No late-move reductions.
    #[arg(long)]
    no_reductions: bool,
    /// No symmetry.
    #[arg(long)]
    no_symmetry: bool,
    /// The keeping game.
    #[arg(long)]
    keeping: bool,
    /// Alternating-play safety (`SolveOptions::alternating`).
    #[arg(long)]
    alternating: bool,
    /// Enclosed regions holding opponent stones (`SolveOptions::enclosed`).
    #[arg(long)]
    enclosed: bool,
    /// Expect the guess (`SolveOptions::expect_guess`).
    #[arg(long)]
    expect: bool,
    /// Free captures (`SolveOptions::free_captures`).
    #[arg(long)]
    free_captures: bool,
    /// `SolveOptions::doomed_lag`.
    #[arg(long, default_value_t = SolveOptions::default().doomed_lag)]
    doomed_lag: usize,
    /// Proof-number search (df-pn) at the root.
    #[arg(long)]
    dfpn: bool,
    /// df-pn with summed numbers (`dfpn_weak` off).
    #[arg(long, requires = "dfpn")]
    dfpn_sum: bool,
    /// df-pn: merge mirror twins.
    #[arg(long, requires = "dfpn")]
    dfpn_twins: bool,
    /// df-pn: estimated first numbers from a minimax over every colouring
    /// (boards of at most 13 points), `K` their scale.
    #[arg(long, value_name = "K", requires = "dfpn", default_value_t = SolveOptions::default().dfpn_oracle)]
    dfpn_oracle: u64,
    /// Depth of the estimate's minimax.
    #[arg(long, requires = "dfpn_oracle", default_value_t = SolveOptions::default().dfpn_oracle_depth)]
    dfpn_oracle_depth: usize,
    /// The estimate with the ko ban.
    #[arg(long, requires = "dfpn_oracle")]
    dfpn_oracle_ko: bool,
    /// The principal variation by df-pn.
    #[arg(long, requires = "dfpn")]
    dfpn_pv: bool,
    /// df-pn's table, 2^B entries.
    #[arg(long, value_name = "B", requires = "dfpn", default_value_t = SolveOptions::default().dfpn_table_bits)]
    dfpn_table_bits: u32,
    /// df-pn's leaf depth.
    #[arg(long, requires = "dfpn", default_value_t = SolveOptions::default().dfpn_leaf_depth)]
    dfpn_leaf_depth: usize,
    /// df-pn's ply cap.
    #[arg(long, requires = "dfpn", default_value_t = SolveOptions::default().dfpn_max_ply)]
    dfpn_max_ply: usize,
    /// Threads.
    #[arg(long, default_value_t = SolveOptions::default().threads)]
    threads: usize,
    /// Deepening steps.
    #[arg(long, value_enum)]
    deepen: Option<DeepenArg>,
    /// Deepest iteration.
    #[arg(long, default_value_t = SolveOptions::default().max_depth)]
    max_depth: usize,
    /// The table: at most 2^B entries (capped at 2^30).
    #[arg(long, value_name = "B", default_value_t = 20)]
    table_bits: u32,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ProofKind {
    /// Trees (format version 1).
    Tree,
    /// Shared subproofs (format version 2).
    Dag,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DeepenArg {
    One,
    Half,
    Auto,
}

fn parse_board(s: &str) -> Result<(usize, usize), String> {
    s.split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .filter(|&(w, h)| w > 0 && h > 0)
        .ok_or_else(|| format!("a board is WxH (e.g. 4x5), not {s:?}"))
}

fn parse_time(s: &str) -> Result<Duration, String> {
    solver::Limits::parse_time(s).map_err(|e| e.to_string())
}

fn main() {
    // `cargo bench` passes `--bench` to every bench binary.
    let args = Args::parse_from(std::env::args().filter(|a| a != "--bench"));
    let mut opts = SolveOptions::default();
    let table_bytes = |bits: u32| (1usize << bits.min(30)) * ENTRY_BYTES;
    opts.limits.table_bytes = Some(table_bytes(args.table_bits));
    opts.limits.max_nodes = args.nodes;
    opts.limits.max_time = args.time;
    if args.situational {
        opts.repetition = Repetition::Situational;
    }
    opts.guess = args.guess;
    let use_published = args.published;
    let stats = args.stats;
    // Write and check the proof: Some(share).
    let proof = args.proof.map(|k| matches!(k, ProofKind::Dag));
    let proof_nodes = args.proof_nodes;
    let proof_file = args.proof_file.clone();
    // A start position (row by row, `X` Black, `O` White, `.` empty)
    // and the player to move there.
    let start = args.position.clone();
    let first = if args.white_first {
        Color::White
    } else {
        Color::Black
    };
    opts.benson &= !args.no_benson;
    opts.safety &= !args.no_safety;
    opts.searched_regions &= !args.no_searched_regions;
    opts.reductions &= !args.no_reductions;
    opts.symmetry &= !args.no_symmetry;
    opts.keeping |= args.keeping;
    opts.alternating |= args.alternating;
    opts.enclosed |= args.enclosed;
    opts.expect_guess |= args.expect;
    opts.free_captures |= args.free_captures;
    opts.doomed_lag = args.doomed_lag;
    opts.dfpn |= args.dfpn;
    opts.dfpn_weak &= !args.dfpn_sum;
    opts.dfpn_twins |= args.dfpn_twins;
    opts.dfpn_oracle_ko |= args.dfpn_oracle_ko;
    opts.dfpn_pv |= args.dfpn_pv;
    opts.dfpn_oracle = args.dfpn_oracle;
    opts.dfpn_oracle_depth = args.dfpn_oracle_depth;
    opts.dfpn_table_bits = args.dfpn_table_bits;
    opts.dfpn_leaf_depth = args.dfpn_leaf_depth;
    opts.dfpn_max_ply = args.dfpn_max_ply;
    opts.threads = args.threads;
    if let Some(d) = args.deepen {
        opts.deepening = match d {
            DeepenArg::One => Deepening::One,
            DeepenArg::Half => Deepening::Half,
            DeepenArg::Auto => Deepening::Auto,
        };
    }
    opts.max_depth = args.max_depth;
    if let Some(path) = &args.verify {
        let t = Instant::now();
        let text = std::fs::read_to_string(path).expect("reading the proof file");
        let read = t.elapsed();
        let v = verify::verify_text(&text);
        print!(
            "{path}: {} bytes read in {read:.1?}, checked in {:.1?}: {}",
            text.len(),
            t.elapsed().saturating_sub(read),
            verify::VerifyReport::new(&v)
        );
        assert!(v.is_ok(), "{path}: the proof is refused");
        return;
    }
    let mut boards = args.boards.clone();
    if boards.is_empty() {
        boards = vec![(3, 2), (1, 7), (3, 3), (3, 4), (4, 4)];
    }
    for (w, h) in boards {
        let Ok(g) = Graph::grid(w, h) else { continue };
        let Ok(board) = Board::new(Arc::new(g)) else {
            continue;
        };
        let mut stones = Stones::EMPTY;
        if let Some(text) = &start {
            let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != w * h {
                eprintln!(
                    "--position has {} points; {w}x{h} has {}",
                    cells.len(),
                    w * h
                );
                std::process::exit(2);
            }
            for (v, c) in cells.into_iter().enumerate() {
                match c {
                    'X' | 'x' => stones.black |= 1 << v,
                    'O' | 'o' => stones.white |= 1 << v,
                    _ => {}
                }
            }
            if let Err(e) = stones.check_liberties(&board) {
                eprintln!("--position: {e}");
                std::process::exit(2);
            }
        }
        let t = Instant::now();
        let mut opts = opts;
        if use_published {
            opts.guess = published(w, h);
        }
        let mut progress = |p: &solver::Progress| {
            eprintln!(
                "  {}x{}: {} nodes, {:.1?}, ply {}",
                w,
                h,
                p.nodes,
                p.elapsed,
                p.depth.unwrap_or(0)
            )
        };
        let (s, written) = match proof {
            None => (
                solver::solve(&board, stones, first, &opts, None, &mut progress),
                None,
            ),
            Some(share) => {
                let (s, p) = solver::solve_with_proof_sharing(
                    &board,
                    stones,
                    first,
                    &opts,
                    None,
                    &mut progress,
                    proof_nodes,
                    share,
                );
                (s, Some((p, t.elapsed())))
            }
        };
        let pv: Vec<String> =
            s.pv.iter()
                .map(|m| match m {
                    solver::Move::Pass => "pass".to_string(),
                    solver::Move::Play(v) => board.name(*v),
                })
                .collect();
        println!(
            "{w}x{h} {:?}: score {:?} proven {} ({}) nodes {} solve {:.3?} (with table {:.3?}) pv {}",
            opts.repetition,
            s.score,
            s.proven,
            s.stop_word().unwrap_or("None"),
            s.nodes,
            s.elapsed,
            t.elapsed(),
            pv.join(" ")
        );
        if stats {
            let st = &s.stats;
            println!(
                "  probes {} hits {} table cutoffs {} refused by history {} static cutoffs {} \
                 failure cutoffs {} expanded {} open horizon leaves {}",
                st.probes,
                st.probe_hits,
                st.table_cutoffs,
                st.refused_by_history,
                st.static_cutoffs,
                st.failure_cutoffs,
                st.expanded,
                st.open_leaves
            );
            println!(
                "  searched regions: {} static bounds with a searched region {}",
                st.region_games, st.searched_claims
            );
            println!(
                "  alternating safety: {} static bounds widened {} static cutoffs only with it {}",
                st.wall_games, st.alternating_claims, st.alternating_cutoffs
            );
            println!(
                "  enclosed regions: {} static bounds with one {} static cutoffs only with \
                 their points {} won by size {:?}",
                st.enclosed_games,
                st.enclosed_claims,
                st.enclosed_cutoffs,
                st.enclosed_safe_by_size
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c > 0)
                    .collect::<Vec<_>>()
            );
            println!(
                "  enclosed games (run, won) by empty points: {:?}",
                st.enclosed_by_empty
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c.0 > 0)
                    .collect::<Vec<_>>()
            );
            println!(
                "  keeping game: cutoffs {} tests {} won {} over budget {} positions {}",
                st.keep_cutoffs, st.keep_tests, st.keep_wins, st.keep_over_budget, st.keep_nodes
            );
            // The root's attempts, one line per horizon: each attempt's
            // test, side, nodes and end.
            let mut line = String::new();
            let mut at = 0;
            for a in &st.attempts {
                if a.depth != at {
                    if !line.is_empty() {
                        println!("{line}");
                    }
                    at = a.depth;
                    line = format!("  horizon {at}:");
                }
                let side = if a.lower { ">=" } else { "<" };
                line.push_str(&format!(" [{side}{} {} {:?}]", a.beta, a.nodes, a.result));
            }
            if !line.is_empty() {
                println!("{line}");
            }
            // Each test's sides: with two threads they run at once, so the
            // wall time follows the busier side (the sum of the maxima),
            // with one the sum of both.
            let mut tests: Vec<((usize, i32), [u64; 2])> = Vec::new();
            for a in &st.attempts {
                let k = (a.depth, a.beta);
                let side = usize::from(a.lower);
                match tests.iter_mut().find(|(t, _)| *t == k) {
                    Some((_, n)) => n[side] += a.nodes,
                    None => {
                        let mut n = [0, 0];
                        n[side] = a.nodes;
                        tests.push((k, n));
                    }
                }
            }
            let total: u64 = tests.iter().map(|(_, n)| n[0] + n[1]).sum();
            let busier: u64 = tests.iter().map(|(_, n)| n[0].max(n[1])).sum();
            println!("  attempts' nodes {total}, the busier side's per test {busier}");
            println!("  nodes by empty points: {:?}", st.by_empty);
            println!("  open leaves by empty points: {:?}", st.open_by_empty);
            if let Some(r) = &st.dfpn_root {
                let side = if r.lower { ">=" } else { "<" };
                println!(
                    "  df-pn root of the last test ({side} {}, ply cap {}):",
                    r.beta, r.cap
                );
                for c in &r.children {
                    let mv = c.vertex.map_or("pass".to_string(), |v| format!("{v}"));
                    let num = |x: u64| {
                        if x == u64::MAX {
                            "inf".to_string()
                        } else {
                            x.to_string()
                        }
                    };
                    println!(
                        "    {mv}: pn {} dn {} value {}..{}",
                        num(c.pn),
                        num(c.dn),
                        c.lo,
                        c.hi
                    );
                }
            }
            for (stones, to_move) in st.open_sample.iter().take(12) {
                println!("  open leaf, {to_move:?} to move:");
                for row in 0..h {
                    let line: String = (0..w)
                        .map(|col| {
                            let v = row * w + col;
                            if stones.black >> v & 1 == 1 {
                                'X'
                            } else if stones.white >> v & 1 == 1 {
                                'O'
                            } else {
                                '.'
                            }
                        })
                        .collect();
                    println!("    {line}");
                }
            }
        }
        if let Some((p, done)) = written {
            let walk = done.saturating_sub(s.elapsed);
            let sh = &s.stats.sharing;
            println!(
                "  sharing: remembered {} refs {} exact checks {} conflicts {} not context-free {} \
                 with a safe leaf {} unshared repeats {} shared moves {}",
                sh.remembered,
                sh.refs,
                sh.exact_checks,
                sh.conflicts,
                sh.not_context_free,
                sh.with_safe,
                sh.unshared_repeats,
                sh.shared_moves
            );
            match p {
                Err(e) => println!("  no proof: {e} (walk {walk:.1?})"),
                Ok(p) if proof_file.is_some() => {
                    let text = p.to_text();
                    let path = proof_file.as_deref().unwrap_or_default();
                    std::fs::write(path, &text).expect("writing the proof file");
                    println!(
                        "  proof (version {}): {} + {} nodes, {} refs, {} bytes; walk {walk:.1?}; \
                         written to {path}",
                        p.version(),
                        p.lower.steps.len(),
                        p.upper.steps.len(),
                        p.refs(),
                        text.len(),
                    );
                }
                Ok(p) => {
                    let text = p.to_text();
                    let t = Instant::now();
                    let v = verify::verify_text(&text);
                    println!(
                        "  proof (version {}): {} + {} nodes, {} refs, {} bytes; walk {walk:.1?}, \
                         check {:.1?}: {}",
                        p.version(),
                        p.lower.steps.len(),
                        p.upper.steps.len(),
                        p.refs(),
                        text.len(),
                        t.elapsed(),
                        verify::VerifyReport::new(&v)
                    );
                    assert!(v.is_ok(), "{w}x{h}: the proof is refused");
                }
            }
        }
        if s.proven
            && start.is_none()
            && let Some(p) = published(w, h)
        {
            assert_eq!(s.score, Some(p), "{w}x{h} disagrees with the published {p}");
        }
    }
}
