//! Random playouts on 9x9 and 19x19 (the board's speed benchmark), and the
//! legal-position count of 4x4 (24,318,165; Tromp and Farnebäck,
//! "Combinatorics of Go") which is too slow for the test suite.
//!
//! `cargo bench -p miai-goban --bench playout` runs the criterion groups;
//! with `MIAI_COUNT_4X4=1` in the environment it first counts 4x4 and
//! asserts the literature value.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, Throughput};
use miai_goban::playout::{FastRng, playout};
use miai_goban::{Color, Graph, Position, Rules, Setup};

fn playouts(c: &mut Criterion) {
    for size in [9usize, 19] {
        let graph = Arc::new(Graph::grid(size, size).expect("valid size"));
        let empty = Position::empty(graph, Rules::chinese());
        let cap = 3 * size * size;
        // Check what is measured: playouts end, and the board stays sound.
        let mut rng = FastRng::new(1);
        let mut moves = 0;
        let mut pos = empty.clone();
        for _ in 0..200 {
            pos.clone_from(&empty);
            moves += playout(&mut pos, &mut rng, cap).moves;
            assert!(pos.validate().is_ok());
        }
        let per_playout = moves as f64 / 200.0;
        eprintln!("{size}x{size}: {per_playout:.1} moves per playout (passes included)");

        let mut group = c.benchmark_group(format!("playout {size}x{size}"));
        group.throughput(Throughput::Elements(1));
        group.bench_function("one playout", |b| {
            let mut pos = empty.clone();
            let mut rng = FastRng::new(2);
            b.iter(|| {
                pos.clone_from(&empty);
                black_box(playout(&mut pos, &mut rng, cap))
            })
        });
        group.finish();
    }
}

/// Counts colourings of the 4x4 grid in which every chain has a liberty.
fn count_4x4() {
    let graph = Arc::new(Graph::grid(4, 4).expect("valid size"));
    let n = graph.len();
    let start = Instant::now();
    let mut legal = 0u64;
    let mut stones: Vec<Option<Color>> = vec![None; n];
    let total = 3u64.pow(n as u32);
    for code in 0..total {
        let mut c = code;
        for s in stones.iter_mut() {
            *s = match c % 3 {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
            c /= 3;
        }
        let setup = Setup {
            stones: stones.clone(),
            ..Setup::empty(graph.clone())
        };
        if Position::from_setup(setup, Rules::chinese()).is_ok() {
            legal += 1;
        }
    }
    assert_eq!(
        legal, 24_318_165,
        "Tromp and Farnebäck: 4x4 has 24,318,165 legal positions"
    );
    eprintln!(
        "4x4: {legal} legal positions, {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

fn main() {
    if std::env::var_os("MIAI_COUNT_4X4").is_some() {
        count_4x4();
    }
    let mut c = Criterion::default().configure_from_args();
    playouts(&mut c);
    c.final_summary();
}
