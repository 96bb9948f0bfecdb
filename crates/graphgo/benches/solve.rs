//! Bench binary: solves small boards from the empty position and asserts
//! the published optimal scores (see tests/data/small_boards.txt for the
//! sources). Usage: `cargo bench -p miai-graphgo --bench solve -- [WxH ...]
//! [--nodes N] [--time S] [--situational] [--no-safety]
//! [--no-searched-regions] [--keeping] [--table-bits B]
//! [--guess V | --published] [--stats] [--no-reductions] [--max-depth D]
//! [--deepen one|half] [--expect] [--threads N] [--free-captures]
//! [--doomed-lag D] [--dfpn [--dfpn-leaf-depth D] [--dfpn-max-ply P]
//! [--dfpn-twins] [--dfpn-oracle K [--dfpn-oracle-depth D] [--dfpn-oracle-ko]]
//! [--dfpn-pv]]
//! [--position ROWS [--white-first]]
//! [--proof tree|dag [--proof-nodes N] [--proof-file FILE]]
//! [--verify FILE]`; with no
//! board, 2x3 1x7 3x3 3x4 4x4 (table at most 2^20 entries, about 300 MiB,
//! by default; it grows as it fills). `--position` starts from a position
//! instead of the empty board (the points row by row, `X` Black, `O`
//! White, anything else empty; no earlier history), Black to move unless
//! `--white-first`; the published value is then not asserted.
//! A proven score that disagrees with the published one fails the run.
//! `--proof` also writes the proof (as trees, format version 1, or with
//! shared subproofs, version 2) in memory and checks it with
//! `miai_graphgo::verify`, printing its nodes, refs, text size and the
//! walk's and the checker's times; a refused proof fails the run. With
//! `--proof-file` it writes the text there instead of checking it (check
//! it with `miai graphgo verify FILE`, or with `--verify FILE`, which
//! only reads and checks a proof file of any size: the CLI reads at most
//! 64 MiB).

use std::sync::Arc;
use std::time::Instant;

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

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut boards = Vec::new();
    let mut opts = SolveOptions::default();
    let table_bytes = |bits: u32| (1usize << bits.min(30)) * ENTRY_BYTES;
    opts.limits.table_bytes = Some(table_bytes(20));
    let mut use_published = false;
    let mut stats = false;
    // Write and check the proof: Some(share).
    let mut proof: Option<bool> = None;
    let mut proof_nodes = 1usize << 26;
    let mut proof_file: Option<String> = None;
    // A start position (row by row, `X` Black, `O` White, `.` empty)
    // and the player to move there.
    let mut start: Option<String> = None;
    let mut first = Color::Black;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--nodes" => {
                i += 1;
                opts.limits.max_nodes = args.get(i).and_then(|s| s.parse().ok());
            }
            "--time" => {
                i += 1;
                opts.limits.max_time = args.get(i).and_then(|s| solver::Limits::parse_time(s).ok());
            }
            "--situational" => opts.repetition = Repetition::Situational,
            "--guess" => {
                i += 1;
                opts.guess = args.get(i).and_then(|s| s.parse().ok());
            }
            "--published" => use_published = true,
            "--position" => {
                i += 1;
                start = args.get(i).cloned();
            }
            "--white-first" => first = Color::White,
            "--stats" => stats = true,
            "--proof" => {
                i += 1;
                proof = match args.get(i).map(String::as_str) {
                    Some("tree") => Some(false),
                    Some("dag") => Some(true),
                    other => panic!("--proof tree|dag, not {other:?}"),
                };
            }
            "--proof-file" => {
                i += 1;
                proof_file = args.get(i).cloned();
            }
            "--proof-nodes" => {
                i += 1;
                proof_nodes = args
                    .get(i)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(proof_nodes);
            }
            "--no-benson" => opts.benson = false,
            "--no-safety" => opts.safety = false,
            "--no-searched-regions" => opts.searched_regions = false,
            "--no-reductions" => opts.reductions = false,
            "--keeping" => opts.keeping = true,
            "--expect" => opts.expect_guess = true,
            "--free-captures" => opts.free_captures = true,
            "--doomed-lag" => {
                i += 1;
                opts.doomed_lag = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(0);
            }
            "--dfpn" => opts.dfpn = true,
            "--dfpn-sum" => opts.dfpn_weak = false,
            "--dfpn-twins" => opts.dfpn_twins = true,
            "--dfpn-oracle-ko" => opts.dfpn_oracle_ko = true,
            "--dfpn-pv" => opts.dfpn_pv = true,
            "--dfpn-oracle-depth" => {
                i += 1;
                opts.dfpn_oracle_depth = args
                    .get(i)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(opts.dfpn_oracle_depth);
            }
            "--dfpn-oracle" => {
                i += 1;
                opts.dfpn_oracle = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(0);
            }
            "--dfpn-table-bits" => {
                i += 1;
                opts.dfpn_table_bits = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(24);
            }
            "--dfpn-leaf-depth" => {
                i += 1;
                opts.dfpn_leaf_depth = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(0);
            }
            "--dfpn-max-ply" => {
                i += 1;
                opts.dfpn_max_ply = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(60);
            }
            "--threads" => {
                i += 1;
                opts.threads = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(1);
            }
            "--deepen" => {
                i += 1;
                opts.deepening = match args.get(i).map(String::as_str) {
                    Some("one") => Deepening::One,
                    Some("half") => Deepening::Half,
                    _ => Deepening::Auto,
                };
            }
            "--max-depth" => {
                i += 1;
                opts.max_depth = args
                    .get(i)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(opts.max_depth);
            }
            "--no-symmetry" => opts.symmetry = false,
            "--table-bits" => {
                i += 1;
                let bits = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(20);
                opts.limits.table_bytes = Some(table_bytes(bits));
            }
            s => {
                if let Some((w, h)) = s.split_once('x')
                    && let (Ok(w), Ok(h)) = (w.parse::<usize>(), h.parse::<usize>())
                {
                    boards.push((w, h));
                }
            }
        }
        i += 1;
    }
    if let Some(i) = args.iter().position(|a| a == "--verify") {
        let path = args.get(i + 1).expect("--verify FILE");
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
                "  region searches {} safe {} over budget {} local positions {} \
                 static bounds with a searched region {}",
                st.region_searches,
                st.regions_safe,
                st.regions_over_budget,
                st.region_local_nodes,
                st.searched_claims
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
