//! Bench binary (harness = false): the strong (Harary's original) game of
//! one animal on one square board, with the first player's strategy
//! written out against every reply and checked by the independent checker
//! (`verify::verify_strong`). Asserts that a claimed first-player win
//! passes the checker.
//!
//! `cargo bench -p miai-achieve --bench strong -- [animal] [side] [seconds]`
//! (defaults N5 5 600).

use std::time::{Duration, Instant};

use miai_achieve::Limits;
use miai_achieve::plane::strong::{first_player_wins, strategy};
use miai_achieve::plane::{Board, Polyomino, Symmetry};
use miai_achieve::verify::verify_strong;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let name = args.first().map_or("N5", String::as_str);
    let side: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let seconds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(600);
    let animal = Polyomino::named(name).expect("a named animal");
    let board = Board::rect(side, side);
    let limits = Limits::none().with_time(Duration::from_secs(seconds));
    let t = Instant::now();
    let r = first_player_wins(&animal, Symmetry::Free, &board, &limits, None).expect("board");
    println!(
        "{name} on {side}x{side}, strong game: first wins = {:?} ({} nodes, {:.1?})",
        r.first_wins,
        r.nodes,
        t.elapsed()
    );
    let t = Instant::now();
    match strategy(&animal, Symmetry::Free, &board, &limits, None).expect("board") {
        Ok(Some(s)) => {
            println!(
                "strategy: {} first-player positions ({:.1?})",
                s.moves.len(),
                t.elapsed()
            );
            let t = Instant::now();
            let checked = verify_strong(animal.cells(), Symmetry::Free, &board, &s);
            println!("independent check: {checked:?} ({:.1?})", t.elapsed());
            assert!(checked.is_ok(), "the checker refuses the strategy");
        }
        Ok(None) => println!("no first-player win: no strategy to check"),
        Err(stop) => println!("strategy cut off: {stop}"),
    }
}
