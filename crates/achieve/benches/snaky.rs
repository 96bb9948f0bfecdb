//! Bench binary (harness = false): Snaky's Maker-Breaker frontier on
//! `n x n` boards, plain (Maker first) and with one handicap stone (Maker
//! places one stone, then moves first: Maker wins iff some first stone
//! leaves a position Maker wins with the move; first stones are tried one
//! per symmetry class of the square). Asserts Harborth and Seemann's
//! 6 x 6 Breaker win.
//!
//! `cargo bench -p miai-achieve --bench snaky -- [from] [to] [seconds] [handicap] [table_mb] [symmetric] [pairing] [pairing_sets]`
//! (defaults 6 6 60 0 1024 1 0 48): one line per board with nodes, time
//! and result; `symmetric` 1 shares table entries between positions that
//! are images of each other under the board's symmetries, 0 does not;
//! `pairing` is the pairing cut's step budget per node (0: off) on
//! residual families of at most `pairing_sets` sets. These three apply to
//! the plain game; the handicap game is `plane::handicap::solve`, always
//! with symmetries and the pairing cut (500 steps, 200 sets). For the
//! handicap, `seconds` is the budget of all placements together (one
//! solver, its table shared between them, one placement per symmetry
//! class); with `SNAKY_CERTIFICATE=FILE` in the environment the
//! winner's certificate (every placement answered) is written there and
//! checked by the verifier.

use std::time::{Duration, Instant};

use miai_achieve::plane::handicap::{self, HandicapGame};
use miai_achieve::plane::{Board, Polyomino, Symmetry};
use miai_achieve::verify::verify_text;
use miai_achieve::{Certificate, Hypergraph, Limits, Origin, Player, Solver, Verdict};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let arg = |i: usize, d: usize| args.get(i).copied().unwrap_or(d);
    let pairing = args.get(6).copied().unwrap_or(0) as u32;
    let pairing_sets = args.get(7).copied().unwrap_or(48);
    let (from, to, seconds, handicap, table_mb, symmetric) = (
        arg(0, 6),
        arg(1, 6),
        arg(2, 60),
        arg(3, 0),
        arg(4, 1024),
        arg(5, 1),
    );
    let snaky = Polyomino::named("snaky").expect("snaky");
    println!("board  handicap  sets  result            nodes        time");
    for n in from..=to {
        let game = Board::rect(n, n)
            .hypergraph(&snaky, Symmetry::Free)
            .expect("board");
        let limits = Limits::none()
            .with_time(Duration::from_secs(seconds as u64))
            .with_table_bytes(table_mb << 20);
        let mut solver = Solver::new(&game, limits).expect("solver");
        if symmetric == 1 {
            let perms = Board::rect(n, n).symmetries(&snaky, Symmetry::Free);
            solver = solver.with_symmetries(&perms).expect("symmetries");
        }
        solver = solver.with_pairing_cut(pairing, pairing_sets);
        let t = Instant::now();
        let (result, nodes) = if handicap == 0 {
            let r = solver.solve(Player::Maker, &mut |_| {});
            let result = match r.verdict {
                Verdict::Proven(p) => p.to_string(),
                Verdict::CutOff(c) => format!("cut ({c})"),
            };
            if n == 6 {
                assert_eq!(
                    r.verdict.winner(),
                    Some(Player::Breaker),
                    "Harborth-Seemann"
                );
            }
            if let (Some(path), Some(_)) =
                (std::env::var_os("SNAKY_CERTIFICATE"), r.verdict.winner())
            {
                certify(&mut solver, &game, n, &path, r.verdict.winner());
            }
            (result, r.nodes)
        } else {
            // One placement per symmetry class, one solver (table shared).
            let board = Board::rect(n, n);
            let game_spec = HandicapGame {
                animal: &snaky,
                symmetry: Symmetry::Free,
                board: &board,
                handicap,
            };
            let cert_path = std::env::var_os("SNAKY_CERTIFICATE");
            let (r, cert) =
                handicap::solve(game_spec, &limits, None, cert_path.is_some(), &mut |_| {})
                    .expect("handicap game");
            let result = match (r.winner, &r.stones) {
                (Some(Player::Maker), Some(st)) => format!("maker (stones {st:?})"),
                (Some(p), _) => format!("{p} ({} classes)", r.classes),
                (None, _) => format!(
                    "cut ({}) after {} of {} classes",
                    r.stop.map_or("?".into(), |s| s.to_string()),
                    r.solved,
                    r.classes
                ),
            };
            if let (Some(path), Some(cert)) = (cert_path, cert) {
                write_and_check(&cert, &path, r.winner);
            }
            (result, r.nodes)
        };
        println!(
            "{n}x{n}  {handicap:>8}  {:>4}  {result:<14} {nodes:>12}  {:>10.3?}",
            game.sets().len(),
            t.elapsed()
        );
    }
}

/// Writes the winner's strategy of the plain game (Maker first) on `n x n`
/// with the solver that proved it (pairing lines where its cut finds a
/// pairing), then checks it.
fn certify(
    solver: &mut Solver,
    game: &Hypergraph,
    n: usize,
    path: &std::ffi::OsStr,
    winner: Option<Player>,
) {
    let origin = Origin::Plane {
        animal: Polyomino::named("snaky").expect("snaky"),
        symmetry: Symmetry::Free,
        board: Board::rect(n, n),
    };
    let t = Instant::now();
    match Certificate::build(solver, game, origin, Player::Maker, &mut |_| {}) {
        Ok(cert) => {
            println!("certificate written in {:.1?}", t.elapsed());
            write_and_check(&cert, path, winner);
        }
        Err(stop) => println!("certificate: cut off ({stop}) after {:.1?}", t.elapsed()),
    }
}

/// Writes `cert` to `path`, checks it with the verifier and prints its size.
fn write_and_check(cert: &Certificate, path: &std::ffi::OsStr, winner: Option<Player>) {
    let text = cert.to_string();
    std::fs::write(path, &text).expect("write the certificate");
    let t = Instant::now();
    let checked = verify_text(&text).expect("the certificate verifies");
    println!(
        "certificate: {} strategy moves, {} pairing lines, {} bytes; {} positions checked ({:.1?})",
        cert.strategy.len(),
        cert.pairings.len(),
        text.len(),
        checked.positions,
        t.elapsed()
    );
    assert_eq!(Some(checked.winner), winner);
}
