//! Side-by-side random playouts: miai-goban against the `goban` crate
//! (crates.io, v0.19), one engine per run so each can be timed on its own:
//!
//! ```text
//! cargo run --release -- ENGINE SIZE COUNT      # ENGINE: miai | goban
//! perf stat -e task-clock target/release/peer-go goban 9 2000
//! ```
//!
//! The same policy for both: uniformly random start in the list of empty
//! points, then the first point that is legal (simple ko, no suicide) and
//! not an own eye by the engine's own eye test; pass when there is none;
//! stop after two passes in a row or at 3 * size * size moves. The `goban`
//! crate is driven through its public API (`pseudo_legals`, `check_point`,
//! `check_eye`, `play`) with its JAPANESE rule flags (ko + suicide, no
//! superko: the superko check would replay every capture).

use std::sync::Arc;
use std::time::Instant;

use goban::pieces::stones::Stone;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, JAPANESE, Move};
use miai_goban::playout::{FastRng, playout};
use miai_goban::{Graph, Position, Rules};

fn run_miai(size: usize, count: usize) -> usize {
    let graph = Arc::new(Graph::grid(size, size).expect("size 1..=25"));
    let empty = Position::empty(graph, Rules::chinese());
    let mut pos = empty.clone();
    let mut rng = FastRng::new(7);
    let mut moves = 0;
    for _ in 0..count {
        pos.clone_from(&empty);
        moves += playout(&mut pos, &mut rng, 3 * size * size).moves;
    }
    moves
}

fn run_goban(size: usize, count: usize) -> usize {
    let mut rng = FastRng::new(7);
    let cap = 3 * size * size;
    let mut moves = 0;
    let mut empties = Vec::with_capacity(size * size);
    for _ in 0..count {
        let mut g = Game::new(GobanSizes::Custom(size, size), JAPANESE);
        let mut n = 0;
        while !g.is_over() && n < cap {
            empties.clear();
            empties.extend(g.pseudo_legals());
            let mut mv = Move::Pass;
            if !empties.is_empty() {
                let start = rng.below(empties.len());
                for k in 0..empties.len() {
                    let p = empties[(start + k) % empties.len()];
                    if g.check_point(p).is_none()
                        && !g.check_eye(Stone {
                            coord: p,
                            color: g.turn(),
                        })
                    {
                        mv = Move::Play(p.0, p.1);
                        break;
                    }
                }
            }
            g.play(mv);
            n += 1;
        }
        moves += n;
    }
    moves
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let engine = args.first().map(String::as_str).unwrap_or("miai");
    let size: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(9);
    let count: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let start = Instant::now();
    let moves = match engine {
        "miai" => run_miai(size, count),
        "goban" => run_goban(size, count),
        other => {
            eprintln!("unknown engine {other:?}: use miai or goban");
            std::process::exit(2);
        }
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{engine} {size}x{size}: {count} playouts, {:.1} moves each, wall {:.0} playouts/s, {:.1} ns/move",
        moves as f64 / count as f64,
        count as f64 / secs,
        secs * 1e9 / moves as f64
    );
}
