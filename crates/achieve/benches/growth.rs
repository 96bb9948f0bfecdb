//! Bench binary (harness = false): how the solver's cost grows with the
//! area size, for the Fig. 3 and Fig. 6 creatures of seed 004. Asserts the
//! answers the seed states (Lemma 2: Fig. 3 on 14 cells, Breaker; Lemma 4:
//! Fig. 6 on 15 cells, Breaker; Lemma 5: Fig. 6 on 16 cells, Maker).
//!
//! `cargo bench -p miai-achieve --bench growth -- [max_area] [seconds]`
//! (defaults 20 and 60): one line per creature and area with nodes, time
//! and result; an area that hits the time limit ends that creature's run.

use std::time::{Duration, Instant};

use miai_achieve::{Area, Creature, Limits, Player, Solver, Verdict, family};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let max_area: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    let seed_answers = [
        ("0,4,5,7,15", 14, Player::Breaker),
        ("0,4,6,7,15", 15, Player::Breaker),
        ("0,4,6,7,15", 16, Player::Maker),
    ];
    println!("creature           area  result        nodes        time   table MiB");
    for (name, creature) in [("fig3", "0,4,5,7,15"), ("fig6", "0,4,6,7,15")] {
        let c: Creature = creature.parse().expect("creature");
        for k in 14..=max_area {
            let area = Area::consecutive(k).expect("area");
            let game = family(&c, &area, c.middle(), false).expect("family");
            let limit = Limits::none()
                .with_time(Duration::from_secs(seconds))
                .with_table_bytes(256 << 20);
            let mut solver = Solver::new(&game, limit).expect("solver");
            let t = Instant::now();
            let report = solver.solve(Player::Maker, &mut |_| {});
            let dt = t.elapsed();
            let result = match report.verdict {
                Verdict::Proven(p) => format!("{p}"),
                Verdict::CutOff(c) => format!("cut ({c})"),
            };
            let (_, capacity) = solver.table_usage();
            println!(
                "{name} {creature:<12} {k:>3}  {result:<8} {:>12}  {:>10.3?}  {:>6}",
                report.nodes,
                dt,
                (capacity * 48) >> 20
            );
            for (sc, sk, sw) in seed_answers {
                if sc == creature && sk == k {
                    assert_eq!(report.verdict.winner(), Some(sw), "seed answer");
                }
            }
            if report.verdict.winner().is_none() {
                break;
            }
        }
    }
}
