//! Walks the joint game of a race built with a ko master
//! ([`miai_semeai::joint::JointTree::with_master`]) from its root, node by
//! node, against the search with that master: at each node the outcome
//! the node's value gives for the side to move (stops, margins for no
//! eyes) and the search's on the node's position; it steps to the first
//! move of the side to move whose child still differs, until every child
//! agrees (issue 25, ninth session). At each node it also lists every
//! legal move of the board (the master's retakes too) whose position the
//! search wins for the side to move, so a winning move the tree does not
//! play shows; first it counts the cycles of the master's game (back
//! edges of a depth-first walk, which the valuation cuts). The joint game
//! must be the race's only part (no other sub-position counted).
//!
//! `cargo run --release -p miai-semeai --example kotree -- FILE b|w MASTER`
//! (`ALL=1`: the other side's moves at each node too).

use miai_goban::Color;
use miai_search::Limits;
use miai_semeai::joint::{JointNode, JointTree};
use miai_semeai::shared::{Shared, margins};
use miai_semeai::study::render;
use miai_semeai::{Evaluation, Options, Race, RaceOutcome, race_area, search_race_master, split};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: kotree FILE b|w MASTER");
        std::process::exit(2);
    }
    let color = |s: &str| if s == "w" { Color::White } else { Color::Black };
    let text = std::fs::read_to_string(&args[1]).unwrap_or_default();
    let Ok(race) = Race::parse(&text) else {
        eprintln!("not a race");
        std::process::exit(2);
    };
    let mut me = color(&args[2]);
    let master = color(&args[3]);
    let area = split(&race).map(|s| race_area(&s)).unwrap_or_default();
    let mut t = JointTree::with_master(&race, area, Some(master));
    if t.expand_auto(&Options::default().tree_limits, None)
        .is_err()
        || t.has_nil()
    {
        println!("the master's joint game is incomplete");
        return;
    }
    let no = [false, false];
    let b = t.node_values(&|n: &JointNode| -margins(n.shared, no)[0]);
    let w = t.node_values(&|n: &JointNode| margins(n.shared, no)[1]);
    let model = |id: usize, c: Color| {
        let (gb, gw) = (b.get(&id)?, w.get(&id)?);
        let v = Shared::joint(Vec::new(), no, [*gb, *gw]);
        let v = v.verdict(Evaluation::Stops)?;
        if c == Color::Black {
            v.black_first
        } else {
            v.white_first
        }
    };
    let search = |r: &Race, c: Color| -> Option<RaceOutcome> {
        let s = search_race_master(r, area, &Limits::none().with_nodes(2_000_000), Some(master));
        s[usize::from(c == Color::White)]
    };
    // Back edges of a depth-first walk from the root: the cycles the
    // valuation cuts (a move back to a position on the path is skipped).
    let mut state = vec![0u8; t.nodes.len()];
    let mut back = 0;
    let mut stack = vec![(0usize, 0usize)];
    state[0] = 1;
    while let Some(&mut (id, ref mut k)) = stack.last_mut() {
        if let Some(e) = t.nodes[id].edges.get(*k) {
            *k += 1;
            match state[e.child] {
                0 => {
                    state[e.child] = 1;
                    stack.push((e.child, 0));
                }
                1 => back += 1,
                _ => {}
            }
        } else {
            state[id] = 2;
            stack.pop();
        }
    }
    println!("back edges {back}");
    println!(
        "{} nodes, region {}",
        t.nodes.len(),
        area.iter()
            .map(|v| race.name(v))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut id = 0;
    for depth in 0..40 {
        let n = &t.nodes[id];
        let (m, s) = (model(id, me), search(&n.race, me));
        println!(
            "== depth {depth}, node {id}, {me:?} to move, ban {:?}: value {:?} / {:?}, model {m:?}, search {s:?}, leaf {:?}\n{}",
            n.race.position().ko_ban().map(|(v, c)| (race.name(v), c)),
            b.get(&id).map(|g| g.to_string()),
            w.get(&id).map(|g| g.to_string()),
            n.leaf.map(|g| g.to_string()),
            render(&n.race)
        );
        if std::env::var("ALL").is_ok() {
            for e in n.edges.iter().filter(|e| e.color != me) {
                println!(
                    "  ({:?} {}: node {}, value {:?})",
                    e.color,
                    race.name(e.at),
                    e.child,
                    b.get(&e.child).map(|g| g.to_string())
                );
            }
        }
        let mut next = None;
        for e in n.edges.iter().filter(|e| e.color == me) {
            let c = &t.nodes[e.child].race;
            let (cm, cs) = (model(e.child, me.opponent()), search(c, me.opponent()));
            println!(
                "  {me:?} {}: node {}, value {:?}, model {cm:?}, search {cs:?}",
                race.name(e.at),
                e.child,
                b.get(&e.child).map(|g| g.to_string())
            );
            if next.is_none() && cm != cs && (cm == m || cs == s) {
                next = Some(e.child);
            }
        }
        // Every legal move of the side to move (the master's retakes too)
        // whose position the search wins for it.
        let won = Some(if me == Color::Black {
            RaceOutcome::BlackCaptures
        } else {
            RaceOutcome::WhiteCaptures
        });
        for v in area.iter() {
            let child = n
                .race
                .play(me, v)
                .or_else(|| (me == master).then(|| n.race.play_retake(me, v)).flatten());
            if let Some(c) = child {
                let cs = if c.essential_stones(me.opponent()).is_empty() {
                    won
                } else {
                    search(&c, me.opponent())
                };
                if cs == won {
                    println!("  the search wins for {me:?} at {}", race.name(v));
                }
            }
        }
        match next {
            Some(c) => {
                id = c;
                me = me.opponent();
            }
            None => {
                println!("every child agrees (or none carries the outcome)");
                return;
            }
        }
    }
}
