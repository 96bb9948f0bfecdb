//! Bench binary (harness = false): Harary's move numbers of the winners
//! in the Maker-Breaker game, on the weak board number's board and on the
//! published (strong game) board, each with a `within k` certificate that
//! the independent verifier must accept.
//!
//! `cargo bench -p miai-achieve --bench harary -- [seconds] [names...]`
//! (default 120 s per board, every winner): one line per animal and board.

use std::time::{Duration, Instant};

use miai_achieve::plane::moves::{certificate, move_number};
use miai_achieve::plane::{Board, Polyomino, Symmetry};
use miai_achieve::verify::verify;
use miai_achieve::{Limits, Origin};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let seconds: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(120);
    let names: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    // (animal, weak board number found by miai, published board number)
    let winners = [
        ("monomino", 1, 1),
        ("domino", 2, 2),
        ("I3", 4, 4),
        ("V3", 3, 3),
        ("L4", 4, 4),
        ("T4", 5, 5),
        ("Z4", 3, 3),
        ("I4", 6, 7),
        ("N5", 5, 6),
        ("L5", 6, 7),
        ("Y5", 6, 7),
    ];
    println!("animal    board  moves  refuted        nodes       time  certificate");
    for (name, weak, published) in winners {
        if !names.is_empty() && !names.contains(&name) {
            continue;
        }
        let animal = Polyomino::named(name).expect("named");
        let mut sides = vec![weak];
        if published != weak {
            sides.push(published);
        }
        for side in sides {
            let board = Board::rect(side, side);
            let game = board.hypergraph(&animal, Symmetry::Free).expect("board");
            let limits = Limits::none().with_time(Duration::from_secs(seconds));
            let t = Instant::now();
            let r = move_number(&game, 16, &limits, None);
            let dt = t.elapsed();
            let cert = match r.moves {
                Some(k) => {
                    let origin = Origin::Plane {
                        animal: animal.clone(),
                        symmetry: Symmetry::Free,
                        board: board.clone(),
                    };
                    match certificate(&game, origin, k, &limits) {
                        Ok(Some(c)) => {
                            let v = verify(&c).expect("the move-number certificate verifies");
                            format!(
                                "{} moves, {} positions verified",
                                c.strategy.len(),
                                v.positions
                            )
                        }
                        Ok(None) => panic!("{name}: no strategy within {k}"),
                        Err(s) => format!("not built ({s})"),
                    }
                }
                None => format!("- ({})", r.stop.map_or("none".into(), |s| s.to_string())),
            };
            println!(
                "{name:<9} {side:>2}x{side:<2} {:>5}  {:>7}  {:>11}  {:>9.2?}  {cert}",
                r.moves.map_or("-".into(), |k| k.to_string()),
                r.refuted.map_or("-".into(), |k| k.to_string()),
                r.nodes,
                dt
            );
        }
    }
}
