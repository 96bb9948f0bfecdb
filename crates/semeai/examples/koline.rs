//! Follows a race with a ko master where the model's valuation of the
//! joint game with that master ([`miai_semeai::value_joint_kos`]) and the
//! search with that master part (issue 25): from a node where they differ
//! for the side to move, it steps to a child (a move, a retake by the
//! master, or a pass) where they still differ, until a node where every
//! child agrees. The `line` example does the same without ko masters.
//!
//! `cargo run --release -p miai-semeai --example koline -- SEED WIDTH b|w MASTER`
//! or `-- FILE b|w MASTER` (`MASTER` is `b` or `w`); `DUMP=1` lists the
//! master's joint game at the last node.

use miai_goban::{Color, VertexSet};
use miai_search::Limits;
use miai_semeai::study::{generate, mark, render};
use miai_semeai::{
    Evaluation, Options, Race, RaceOutcome, analyse, race_area, search_race_master, split,
    value_joint_kos,
};

fn idx(c: Color) -> usize {
    usize::from(c == Color::White)
}

/// The model's outcome with `master` and `first` to move (from the joint
/// game's master valuation where it met kos, else the plain verdict), and
/// the search's.
fn outcomes(
    race: &Race,
    area: VertexSet,
    first: Color,
    master: Color,
) -> Option<(Option<RaceOutcome>, Option<RaceOutcome>, &'static str)> {
    let options = Options::default();
    let mut a = analyse(race, &options).ok()?;
    value_joint_kos(race, &mut a, &options);
    // Inside the domain once the joint game's kos are valued: every
    // reason a ko of a joint game whose masters were both built.
    let admitted = a.sum.is_some()
        && a.subs.iter().all(|s| {
            s.unmodelled
                .iter()
                .all(|u| matches!(u, miai_semeai::Unmodelled::Ko(_)) && s.joint_masters.len() == 2)
        });
    let (model, src) = match a.joint_kos {
        Some(jk) if admitted => (jk[idx(master)][idx(first)], "masters"),
        _ if !admitted => (None, "outside"),
        _ => (
            a.method_outcomes(Evaluation::Stops)
                .and_then(|m| m[idx(first)]),
            "plain",
        ),
    };
    let s = search_race_master(
        race,
        area,
        &Limits::none().with_nodes(2_000_000),
        Some(master),
    );
    Some((model, s[idx(first)], src))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (text, first, master, seeded) = match args.len() {
        5 => {
            let seed: u64 = args[1].parse().unwrap_or(0);
            let width: usize = args[2].parse().unwrap_or(3);
            (generate(seed, width, 0.15), &args[3], &args[4], true)
        }
        4 => (
            std::fs::read_to_string(&args[1]).unwrap_or_default(),
            &args[2],
            &args[3],
            false,
        ),
        _ => {
            eprintln!("usage: koline SEED WIDTH b|w MASTER, or koline FILE b|w MASTER");
            std::process::exit(2);
        }
    };
    let race = if seeded {
        mark(&text)
    } else {
        Race::parse(&text).ok()
    };
    let Some(mut race) = race else {
        eprintln!("not a race");
        std::process::exit(2);
    };
    let color = |s: &str| if s == "w" { Color::White } else { Color::Black };
    let mut me = color(first);
    let master = color(master);
    let area: VertexSet = split(&race).map(|s| race_area(&s)).unwrap_or_default();
    for depth in 0..60 {
        let Some((m, s, src)) = outcomes(&race, area, me, master) else {
            println!("no analysis");
            return;
        };
        println!(
            "== depth {depth}, {me:?} to move, master {master:?}: model {m:?} ({src}), search {s:?}\n{}",
            render(&race)
        );
        if m == s {
            println!("they agree here");
            return;
        }
        let opp = me.opponent();
        let mut children: Vec<(String, Race)> = Vec::new();
        for v in area.iter() {
            if let Some(c) = race.play(me, v) {
                children.push((race.name(v), c));
            } else if me == master
                && let Some(c) = race.play_retake(me, v)
            {
                children.push((format!("{} (retake)", race.name(v)), c));
            }
        }
        children.push(("pass".into(), race.passed(me)));
        let mut next = None;
        let mut table = Vec::new();
        for (name, child) in children {
            let won = Some(if me == Color::Black {
                RaceOutcome::BlackCaptures
            } else {
                RaceOutcome::WhiteCaptures
            });
            let (cm, cs, src) = if child.essential_stones(opp).is_empty() {
                (won, won, "captured")
            } else {
                match outcomes(&child, area, opp, master) {
                    Some(o) => o,
                    None => continue,
                }
            };
            table.push(format!(
                "  {me:?} {name}: model {cm:?} ({src}), search {cs:?}"
            ));
            if next.is_none() && cm != cs && (cm == m || cs == s) {
                next = Some(child);
            }
        }
        match next {
            Some(c) => {
                for t in &table {
                    println!("{t}");
                }
                race = c;
                me = opp;
            }
            None => {
                println!("every child agrees or carries neither outcome:");
                for t in table {
                    println!("{t}");
                }
                if std::env::var("DUMP").is_ok() {
                    let options = Options::default();
                    if let Ok(mut a) = analyse(&race, &options) {
                        value_joint_kos(&race, &mut a, &options);
                        for sub in &a.subs {
                            if let Some(t) = sub.joint_masters.get(idx(master)) {
                                let values = t.node_values(&|_| 0);
                                for (id, n) in t.nodes.iter().enumerate() {
                                    let moves: Vec<String> = n
                                        .edges
                                        .iter()
                                        .map(|e| {
                                            let who =
                                                if e.color == Color::Black { "B" } else { "W" };
                                            format!("{who}{}->{}", n.race.name(e.at), e.child)
                                        })
                                        .collect();
                                    println!(
                                        "node {id}: own {:?} leaf {:?} value {:?}\n{}  {}",
                                        n.own,
                                        n.leaf.map(|g| g.to_string()),
                                        values.get(&id).map(|g| g.to_string()),
                                        render(&n.race),
                                        moves.join(" ")
                                    );
                                }
                            }
                        }
                    }
                }
                return;
            }
        }
    }
}
