//! Quick look at the cho-elementary benchmark (the real runner is `miai tsumego bench`).
use miai_goban::{Color, Graph, Setup};
use miai_tsumego::*;
use std::sync::Arc;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let limit: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(50);
    let nodes: u64 = std::env::args()
        .nth(3)
        .map(|s| s.parse().unwrap())
        .unwrap_or(200_000);
    let text = std::fs::read_to_string(path).unwrap();
    let g = Arc::new(Graph::grid(19, 19).unwrap());
    let (mut ok, mut wrong, mut unproven) = (0, 0, 0);
    let mut times = Vec::new();
    let only: Option<String> = std::env::var("ONLY").ok();
    for line in text.lines().take(limit) {
        if let Some(o) = &only
            && !o.split(',').any(|o| line.contains(&format!("\"{o}\"")))
        {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut setup = Setup::empty(g.clone());
        let at = |s: &str| {
            let b = s.as_bytes();
            g.at((b[0] - b'a') as usize, (b[1] - b'a') as usize)
                .unwrap()
        };
        for (k, c) in [("AB", Color::Black), ("AW", Color::White)] {
            for p in v[k].as_array().into_iter().flatten() {
                setup.stones[at(p.as_str().unwrap()).index()] = Some(c);
            }
        }
        let tm = if v["C"].as_str().unwrap().starts_with("White") {
            Color::White
        } else {
            Color::Black
        };
        setup.to_move = tm;
        let sol: Vec<_> = v["SOL"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| at(s[1].as_str().unwrap()))
            .collect();
        let id = v["id"].as_str().unwrap();
        let mut spec = ProblemSpec::new(setup);
        if let Ok(r) = std::env::var("REACH") {
            spec.reach = r.parse().unwrap();
        }
        let mut result = None;
        for attempt in 0..2 {
            let p = match Problem::new(spec.clone()) {
                Ok(p) => p,
                Err(e) => {
                    println!("{id}: {e}");
                    break;
                }
            };
            let first = p.side_of(tm);
            if std::env::var("SHOW").is_ok() {
                let pos = miai_goban::Position::from_setup(
                    p.original().clone(),
                    miai_goban::Rules::japanese(),
                )
                .unwrap();
                let marks: Vec<_> = p
                    .original_region()
                    .into_iter()
                    .filter(|v| pos.color_at(*v).is_none())
                    .map(|v| (v, miai_goban::Mark::Cross))
                    .collect();
                let txt = miai_goban::diagram::labelled(&pos, &marks).unwrap();
                for l in txt.lines().take(10) {
                    println!("{l}");
                }
                println!(
                    "sol {:?}",
                    sol.iter().map(|v| g.vertex_name(*v)).collect::<Vec<_>>()
                );
            }
            let o = Options {
                limits: Limits {
                    max_nodes: nodes,
                    ..Limits::default()
                },
                all_moves: false,
                ..Options::default()
            };
            let a = analyse(&p, first, &o, None, None);
            let win = matches!(
                (first, a.status),
                (Side::Attacker, Status::Dead)
                    | (Side::Defender, Status::Alive)
                    | (
                        Side::Attacker,
                        Status::Ko {
                            attacker_wins_it: true,
                            ..
                        }
                    )
                    | (
                        Side::Defender,
                        Status::Ko {
                            defender_wins_it: true,
                            ..
                        }
                    )
            );
            let mv = a.pv.first().and_then(|m| match m {
                Mv::Play(v) => p.to_original(*v),
                _ => None,
            });
            times.push(a.elapsed);
            result = Some((
                p.attacker(),
                p.region().len(),
                p.empty_points(),
                a.status,
                a.nodes,
                a.elapsed,
                win,
                mv.is_some_and(|m| sol.contains(&m)),
                mv.map(|m| g.vertex_name(m)),
            ));
            if std::env::var("SHOW").is_ok() {
                let pv: Vec<String> =
                    a.pv.iter()
                        .map(|m| match m {
                            Mv::Play(v) => p.vertex_name(*v),
                            Mv::Tenuki => "tenuki".into(),
                        })
                        .collect();
                println!(
                    "attempt {attempt}: att {} {} nodes {} pv {}",
                    p.attacker(),
                    a.status,
                    a.nodes,
                    pv.join(" ")
                );
            }
            if win || attempt == 1 || !a.status.is_proven() {
                break;
            }
            spec.attacker = Some(p.attacker().opponent());
        }
        if let Some((att, rl, emp, st, n, t, win, good, mv)) = result {
            if !st.is_proven() {
                unproven += 1
            } else if win && good {
                ok += 1
            } else {
                wrong += 1
            }
            println!(
                "{id} att {att} region {rl}/{emp} {} {n} nodes {t:?} win {win} sol {good} mv {mv:?}",
                st.word()
            );
        }
    }
    times.sort();
    println!(
        "ok {ok} wrong {wrong} unproven {unproven} median {:?} max {:?}",
        times.get(times.len() / 2),
        times.last()
    );
}
