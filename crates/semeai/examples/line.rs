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
//!
//! With `MASTER=b` or `MASTER=w` it follows the race with that side as the
//! ko master (it may retake a ko at once; its retakes are children too):
//! the model's outcome is then its valuation of the joint game with that
//! master ([`miai_semeai::value_joint_kos`]) and the search's is the
//! search with that master. `DUMP=1` lists the (master's) joint game at
//! the last node; `DUMP0=1` the root's, and stops.

use miai_goban::{Color, VertexSet};
use miai_search::Limits;
use miai_semeai::joint::JointTree;
use miai_semeai::study::{generate, mark, render};
use miai_semeai::{
    Analysis, Evaluation, Options, Race, RaceOutcome, Report, Unmodelled, analyse, race_area,
    search_race_master, split, value_joint_kos,
};

fn idx(c: Color) -> usize {
    usize::from(c == Color::White)
}

fn options() -> Options {
    Options {
        search_limits: Some(Limits::none().with_nodes(2_000_000)),
        ..Options::default()
    }
}

/// The model's and the search's outcomes with `first` to move, and where
/// the model's came from. With a ko `master`: the model's from the joint
/// game's valuation with that master where the race is inside the domain
/// once its kos are valued, else its plain verdict; the search's with
/// that master.
fn outcomes(
    race: &Race,
    area: VertexSet,
    first: Color,
    master: Option<Color>,
) -> Option<(Option<RaceOutcome>, Option<RaceOutcome>, &'static str)> {
    let Some(master) = master else {
        let a = analyse(race, &options()).ok()?;
        let model = a
            .method_outcomes(Evaluation::Stops)
            .and_then(|m| m[idx(first)]);
        let s = a.search?;
        return Some((model, [s.black_first, s.white_first][idx(first)], "plain"));
    };
    let plain = Options::default();
    let mut a = analyse(race, &plain).ok()?;
    value_joint_kos(race, &mut a, &plain);
    // Inside the domain once the joint game's kos are valued: every
    // reason a ko of a joint game whose masters were both built.
    let admitted = a.sum.is_some()
        && a.subs.iter().all(|s| {
            s.unmodelled
                .iter()
                .all(|u| matches!(u, Unmodelled::Ko(_)) && s.joint_masters.len() == 2)
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
            eprintln!("usage: [MASTER=b|w] line SEED WIDTH b|w, or line FILE b|w");
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
    let color = |s: &str| if s == "w" { Color::White } else { Color::Black };
    let mut me = color(first);
    let master = std::env::var("MASTER").ok().map(|m| color(&m));
    let area: VertexSet = split(&race).map(|s| race_area(&s)).unwrap_or_default();
    // `DUMP0=1`: the root's joint game node by node, and stop.
    if std::env::var("DUMP0").is_ok() {
        if let Some(a) = analysed(&race, master) {
            dump(&a, master);
        }
        return;
    }
    let with = master.map_or(String::new(), |m| format!(", master {m:?}"));
    for depth in 0..60 {
        let Some((m, s, src)) = outcomes(&race, area, me, master) else {
            println!("no analysis");
            return;
        };
        println!(
            "== depth {depth}, {me:?} to move{with}: model {m:?} ({src}), search {s:?}\n{}",
            render(&race)
        );
        if m == s {
            println!("they agree here");
            return;
        }
        let opp = me.opponent();
        // The children: each move of `me` (a retake too where `me` is the
        // ko master), a pass last (two passes end the race), with the
        // model's and the search's outcomes for `opp` to move.
        let mut children: Vec<(String, Race)> = Vec::new();
        for v in area.iter() {
            if let Some(c) = race.play(me, v) {
                children.push((race.name(v), c));
            } else if master == Some(me)
                && let Some(c) = race.play_retake(me, v)
            {
                children.push((format!("{} (retake)", race.name(v)), c));
            }
        }
        children.push(("pass".into(), race.passed(me)));
        let mut next = None;
        let mut table = Vec::new();
        for (name, child) in children {
            let (cm, cs, src) = if child.essential_stones(opp).is_empty() {
                let won = Some(if me == Color::Black {
                    RaceOutcome::BlackCaptures
                } else {
                    RaceOutcome::WhiteCaptures
                });
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
        for t in &table {
            println!("{t}");
        }
        match next {
            Some(c) => {
                race = c;
                me = opp;
            }
            None => {
                println!("every child agrees or carries neither outcome");
                if let Some(a) = analysed(&race, master) {
                    if master.is_none() {
                        println!("{}", Report::new(&race, &a, Evaluation::Stops));
                    }
                    if std::env::var("DUMP").is_ok() {
                        dump(&a, master);
                    }
                }
                return;
            }
        }
    }
}

/// The race analysed (with the joint game's ko masters built where a ko
/// `master` is followed).
fn analysed(race: &Race, master: Option<Color>) -> Option<Analysis> {
    let mut a = analyse(race, &options()).ok()?;
    if master.is_some() {
        value_joint_kos(race, &mut a, &Options::default());
    }
    Some(a)
}

/// Every node of the race's joint game (the `master`'s, where one is
/// followed): its position, own and shared liberties, leaf value,
/// transformed value and moves.
fn dump(a: &Analysis, master: Option<Color>) {
    for s in &a.subs {
        let tree: Option<&JointTree> = match master {
            Some(m) => s.joint_masters.get(idx(m)),
            None => s.joint.as_ref(),
        };
        let Some(t) = tree else { continue };
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
