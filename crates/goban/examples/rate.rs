//! Playout rate on one core: `cargo run --release -p miai-goban --example
//! rate -- SIZE COUNT`; run it under `perf stat -e task-clock` to get the
//! CPU time when the machine is shared.
use std::sync::Arc;

use miai_goban::playout::{FastRng, playout};
use miai_goban::{Graph, Position, Rules};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let size = args.first().copied().unwrap_or(9);
    let count = args.get(1).copied().unwrap_or(100_000);
    let Ok(graph) = Graph::grid(size, size) else {
        eprintln!("size must be 1..=25");
        return;
    };
    let empty = Position::empty(Arc::new(graph), Rules::chinese());
    let mut pos = empty.clone();
    let mut rng = FastRng::new(7);
    let mut moves = 0;
    let start = std::time::Instant::now();
    for _ in 0..count {
        pos.clone_from(&empty);
        moves += playout(&mut pos, &mut rng, 3 * size * size).moves;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{size}x{size}: {count} playouts, {:.1} moves each, wall {:.0} playouts/s, {:.1} ns/move",
        moves as f64 / count as f64,
        count as f64 / secs,
        secs * 1e9 / moves as f64
    );
}
