//! The seed's worked examples on real boards (seed 002 §3, §4.2-4.4). The
//! shapes are reconstructions (the figures are lost), built to have exactly
//! the values the text gives; see the comments in each data file.

use miai_cgt::Game;
use miai_goban::Color;
use miai_semeai::{
    Evaluation, GameTree, Options, PointAttribute, Race, Scope, analyse, count, split, transform,
};

fn race(name: &str) -> Race {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    Race::parse(&text).unwrap()
}

fn g(s: &str) -> Game {
    s.parse().unwrap()
}

#[test]
fn fig2_subpositions_have_the_seeds_values() {
    // Seed §3: fig. 3 = {4|0}, fig. 4 = {6|{4|0}}, fig. 5 = -7.
    let r = race("seed002-fig2.txt");
    let a = analyse(&r, &Options::default()).unwrap();
    let values: Vec<Game> = a
        .subs
        .iter()
        .filter_map(|s| s.transformed.as_ref().map(|t| t.value))
        .collect();
    assert_eq!(values.len(), 3);
    assert!(values.contains(&g("{4|0}")));
    assert!(values.contains(&g("{6|{4|0}}")));
    assert!(values.contains(&g("-7")));
    // Seed §4.4: G = {4|0} + {6|{4|0}} - 7.
    assert_eq!(a.sum, Some(g("{4|0} + {6|{4|0}} - 7")));
    // Seed §4.4 and SPEC §1: g = -1^*, adjusted 0 (Black first), -2 (White
    // first): the side that plays first wins.
    let v = a.verdict(Evaluation::Seed).unwrap();
    assert_eq!(v.g, g("-1^*"));
    assert_eq!(v.black_first_value, Some(0.into()));
    assert_eq!(v.white_first_value, Some((-2).into()));
    assert_eq!(v.words(), "the side that plays first wins");
    assert_eq!(
        a.verdict(Evaluation::Stops).unwrap().words(),
        "the side that plays first wins"
    );
}

#[test]
fn fig5_needs_the_transformation() {
    // Seed §3 fig. 5: White's seven liberties in a line are not settled
    // (each inner one is useful), and the untransformed tree is not -7;
    // pruning White's cold moves and {-n|} -> -n-1 give -7.
    let r = race("seed002-fig2.txt");
    let a = analyse(&r, &Options::default()).unwrap();
    let left = a
        .subs
        .iter()
        .find(|s| s.scope == Scope::Race(Color::White))
        .unwrap();
    assert_ne!(left.raw_value, Some(g("-7")));
    assert_eq!(left.transformed.as_ref().unwrap().value, g("-7"));
    // Fig. 5's points 4 and 5 are useless.
    for p in ['4', '5'] {
        let v = r.point(&p.to_string()).unwrap();
        assert_eq!(
            count::point_attribute(&r, v),
            PointAttribute::Useless,
            "point {p}"
        );
    }
}

#[test]
fn figs13_to_16_steered_expansion() {
    let r = race("seed002-fig2.txt");
    let subs = split(&r).unwrap();
    let (a, b) = (r.point("a").unwrap(), r.point("b").unwrap());
    let sub = subs.iter().find(|s| s.region.contains(a)).unwrap();
    let mut t = GameTree::new(&r, sub.region, Color::Black);
    // Fig. 10: a and b are useful, the other points of the region useless.
    for (v, attr) in count::point_attributes(&r, &sub.region) {
        let want = if v == a || v == b {
            PointAttribute::Useful
        } else {
            PointAttribute::Useless
        };
        assert_eq!(attr, want, "{}", r.name(v));
    }
    // Fig. 13: the user names a and b at the root.
    t.expand(0, &[a, b]);
    let leaf = |t: &GameTree, path: &[(Color, _)]| {
        let n = &t.nodes[t.find(path).unwrap()];
        if n.settled { Some(n.count) } else { None }
    };
    assert_eq!(leaf(&t, &[(Color::Black, a)]), Some(6));
    assert_eq!(leaf(&t, &[(Color::Black, b)]), Some(5));
    assert_eq!(leaf(&t, &[(Color::White, a)]), None); // nil
    assert_eq!(leaf(&t, &[(Color::White, b)]), None); // nil
    assert!(transform(&t).is_none());
    // Fig. 14: at White a the user names b.
    let wa = t.find(&[(Color::White, a)]).unwrap();
    t.expand(wa, &[b]);
    assert_eq!(leaf(&t, &[(Color::White, a), (Color::Black, b)]), Some(4));
    assert_eq!(leaf(&t, &[(Color::White, a), (Color::White, b)]), Some(0));
    // Fig. 15: at White b the user names a.
    let wb = t.find(&[(Color::White, b)]).unwrap();
    t.expand(wb, &[a]);
    assert_eq!(leaf(&t, &[(Color::White, b), (Color::Black, a)]), Some(5));
    assert_eq!(leaf(&t, &[(Color::White, b), (Color::White, a)]), Some(0));
    assert!(!t.has_nil());
    // Fig. 16: the canonical form {6|{4|0}}.
    assert_eq!(t.raw_value(), Some(g("{6|{4|0}}")));
    assert_eq!(transform(&t).unwrap().value, g("{6|{4|0}}"));
}

#[test]
fn fig3_useful_point_and_both_answers() {
    let r = race("seed002-fig2.txt");
    let one = r.point("1").unwrap();
    assert_eq!(count::point_attribute(&r, one), PointAttribute::Useful);
    let sub = split(&r)
        .unwrap()
        .into_iter()
        .find(|s| s.region.contains(one))
        .unwrap();
    let b = r.play(Color::Black, one).unwrap();
    let w = r.play(Color::White, one).unwrap();
    // Seed §3: Black 1 makes the count 4, White 1 makes it 0, both settled.
    assert!(count::is_settled(&b, &sub.region, Color::Black));
    assert_eq!(count::signed_count(&b, &sub.region, Color::Black), 4);
    assert!(count::is_settled(&w, &sub.region, Color::Black));
    assert_eq!(count::signed_count(&w, &sub.region, Color::Black), 0);
}

#[test]
fn figs11_and_12_region_cut() {
    // Fig. 11: a, b, c useful, the search reaches U, not settled.
    let r = race("fig11.txt");
    let sub = split(&r)
        .unwrap()
        .into_iter()
        .find(|s| s.scope() == Scope::Race(Color::Black))
        .unwrap();
    for p in ["a", "b", "c"] {
        assert_eq!(
            count::point_attribute(&r, r.point(p).unwrap()),
            PointAttribute::Useful,
            "{p}"
        );
    }
    let u = r.point("E6").unwrap();
    assert!(count::search_region(&r, &sub.region, Color::Black).contains(u));
    assert!(!count::is_settled(&r, &sub.region, Color::Black));
    // Fig. 12: a useless, the region is cut before U, settled at 1.
    let r = race("fig12.txt");
    let sub = split(&r)
        .unwrap()
        .into_iter()
        .find(|s| s.scope() == Scope::Race(Color::Black))
        .unwrap();
    assert_eq!(
        count::point_attribute(&r, r.point("a").unwrap()),
        PointAttribute::Useless
    );
    assert!(!count::search_region(&r, &sub.region, Color::Black).contains(u));
    assert!(count::is_settled(&r, &sub.region, Color::Black));
    assert_eq!(count::signed_count(&r, &sub.region, Color::Black), 1);
}

#[test]
fn sgf_round_trip_keeps_the_race() {
    // The race written as SGF (TR essential, CR unknown, LB labels) reads
    // back to the same sum.
    let r = race("seed002-fig2.txt");
    let text = r.to_sgf().unwrap();
    let back = Race::parse(&text).unwrap();
    assert_eq!(back.point("a").unwrap(), r.point("a").unwrap());
    let a = analyse(&back, &Options::default()).unwrap();
    assert_eq!(a.sum, Some(g("{4|0} + {6|{4|0}} - 7")));
    if std::env::var_os("SEMEAI_PRINT_SGF").is_some() {
        println!("{text}");
    }
}

#[test]
fn fig9_point_attributes() {
    let path = format!("{}/tests/data/fig9.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let r = Race::parse(&text).unwrap();
    let mut checked = 0;
    for (prefix, want) in [
        ("; useful:", PointAttribute::Useful),
        ("; useless:", PointAttribute::Useless),
    ] {
        let line = text.lines().find(|l| l.starts_with(prefix)).unwrap();
        for p in line[prefix.len()..].split_whitespace() {
            assert_eq!(
                count::point_attribute(&r, r.point(p).unwrap()),
                want,
                "point {p}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 6);
    // The unlabelled points D5 and E5 (fourth row of the diagram) touch
    // two empty points each: useless.
    for p in ["D5", "E5"] {
        assert_eq!(
            count::point_attribute(&r, r.point(p).unwrap()),
            PointAttribute::Useless,
            "{p}"
        );
    }
}
