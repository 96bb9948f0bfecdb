//! Follows a race where the model and the search part: from a node where
//! the model's outcome for the side to move differs from the search's, it
//! steps to a child (a move of that side, or a pass) where they still
//! differ and the model's or the search's outcome is carried on, and
//! re-analyses each node, until a node where every child agrees: the
//! model's valuation of that node is what is wrong (issue 25; the method
//! of docs/semeai.md §7).
//!
//! `cargo run --release -p miai-semeai --example line -- SEED WIDTH b|w`
//! (a race of the study, `study::generate(SEED, WIDTH, 0.15)`), or
//! `-- FILE b|w` (a race diagram); `b` or `w` is the first player.

use miai_goban::{Color, VertexSet};
use miai_search::Limits;
use miai_semeai::study::{generate, mark, render};
use miai_semeai::{Evaluation, Options, Race, RaceOutcome, Report, analyse, race_area, split};

/// The model's and the search's outcomes with `first` to move.
fn outcomes(race: &Race, first: Color) -> Option<(Option<RaceOutcome>, Option<RaceOutcome>)> {
    let options = Options {
        search_limits: Some(Limits::none().with_nodes(2_000_000)),
        ..Options::default()
    };
    let a = analyse(race, &options).ok()?;
    let i = usize::from(first == Color::White);
    let model = a.method_outcomes(Evaluation::Stops).and_then(|m| m[i]);
    let s = a.search?;
    let search = [s.black_first, s.white_first][i];
    Some((model, search))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (text, first) = match args.len() {
        4 => {
            let seed: u64 = args[1].parse().unwrap_or(0);
            let width: usize = args[2].parse().unwrap_or(3);
            (generate(seed, width, 0.15), &args[3])
        }
        3 => (
            std::fs::read_to_string(&args[1]).unwrap_or_default(),
            &args[2],
        ),
        _ => {
            eprintln!("usage: line SEED WIDTH b|w, or line FILE b|w");
            std::process::exit(2);
        }
    };
    let race = if args.len() == 4 {
        mark(&text)
    } else {
        Race::parse(&text).ok()
    };
    let Some(mut race) = race else {
        eprintln!("not a race");
        std::process::exit(2);
    };
    let mut me = if first == "w" {
        Color::White
    } else {
        Color::Black
    };
    let area: VertexSet = split(&race).map(|s| race_area(&s)).unwrap_or_default();
    // `DUMP0=1`: the root's joint game node by node, and stop.
    if std::env::var("DUMP0").is_ok() {
        if let Ok(a) = analyse(&race, &Options::default()) {
            dump(&a);
        }
        return;
    }
    for depth in 0..60 {
        let Some((m, s)) = outcomes(&race, me) else {
            println!("no analysis");
            return;
        };
        println!(
            "== depth {depth}, {me:?} to move: model {m:?}, search {s:?}\n{}",
            render(&race)
        );
        if m == s {
            println!("they agree here");
            return;
        }
        let opp = me.opponent();
        // The children: each move of `me` (and a pass), with the model's
        // and the search's outcomes for `opp` to move.
        let mut next = None;
        let mut table = Vec::new();
        // The moves first, a pass last (two passes end the race).
        let mut children: Vec<(String, Race)> = Vec::new();
        for v in area.iter() {
            if let Some(c) = race.play(me, v) {
                children.push((race.name(v), c));
            }
        }
        children.push(("pass".into(), race.clone()));
        for (name, child) in children {
            let captured = child.essential_stones(opp).is_empty();
            let (cm, cs) = if captured {
                let won = Some(if me == Color::Black {
                    RaceOutcome::BlackCaptures
                } else {
                    RaceOutcome::WhiteCaptures
                });
                (won, won)
            } else {
                match outcomes(&child, opp) {
                    Some(o) => o,
                    None => continue,
                }
            };
            table.push(format!("  {me:?} {name}: model {cm:?}, search {cs:?}"));
            if next.is_none() && cm != cs && (cm == m || cs == s) {
                next = Some(child);
            }
        }
        match next {
            Some(c) => {
                race = c;
                me = opp;
            }
            None => {
                println!("every child agrees or carries neither outcome:");
                for t in table {
                    println!("{t}");
                }
                let options = Options {
                    search_limits: Some(Limits::none().with_nodes(2_000_000)),
                    ..Options::default()
                };
                if let Ok(a) = analyse(&race, &options) {
                    println!("{}", Report::new(&race, &a, Evaluation::Stops));
                    if std::env::var("DUMP").is_ok() {
                        dump(&a);
                    }
                }
                return;
            }
        }
    }
}

/// Every node of the race's joint game: its position, own liberties,
/// leaf value, transformed value and moves.
fn dump(a: &miai_semeai::Analysis) {
    for s in &a.subs {
        let Some(t) = &s.joint else { continue };
        let values = t.node_values(&|_| 0);
        for (id, n) in t.nodes.iter().enumerate() {
            let moves: Vec<String> = n
                .edges
                .iter()
                .map(|e| {
                    let who = if e.color == Color::Black { "B" } else { "W" };
                    format!("{who}{}->{}", n.race.name(e.at), e.child)
                })
                .collect();
            println!(
                "node {id}: own {:?} shared {} leaf {:?} value {:?}\n{}  {}",
                n.own,
                n.shared,
                n.leaf.map(|g| g.to_string()),
                values.get(&id).map(|g| g.to_string()),
                render(&n.race),
                moves.join(" ")
            );
        }
    }
}
