use miai_tsumego::problem::file;
use miai_tsumego::*;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let n: u8 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(2);
    let regime = if std::env::args().nth(3).as_deref() == Some("superko") {
        Regime::Superko
    } else {
        Regime::Seed { ko_threats: n }
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let f = file::parse(&text).unwrap();
    let p = Problem::new(f.spec.clone()).unwrap();
    println!(
        "attacker {:?} region {} points ({} empty) kind {:?}",
        p.attacker(),
        p.region().len(),
        p.empty_points(),
        p.region_kind()
    );
    for first in [Side::Attacker, Side::Defender] {
        let o = Options {
            regime,
            all_moves: true,
            ..Options::default()
        };
        let a = analyse(&p, first, &o, None, None);
        let pv: Vec<String> =
            a.pv.iter()
                .map(|m| match m {
                    Mv::Play(v) => p.vertex_name(*v),
                    Mv::Tenuki => "tenuki".into(),
                })
                .collect();
        let c: Vec<String> = a
            .correct
            .iter()
            .flatten()
            .map(|m| match m {
                Mv::Play(v) => p.vertex_name(*v),
                Mv::Tenuki => "tenuki".into(),
            })
            .collect();
        println!(
            "{first} first: {} nodes {} {:?} pv {:?} correct {:?}",
            a.status, a.nodes, a.elapsed, pv, c
        );
    }
}
