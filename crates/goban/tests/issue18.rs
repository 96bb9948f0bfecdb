//! Regressions of issue 18 (hardening): deep and long SGF trees, repeated
//! properties, byte-order marks.

use miai_goban::sgf::{self, Node, Record};
use miai_goban::{Color, Diagram, GraphText, Move, Rules};
use proptest::prelude::*;

const N: usize = 100_000;

fn long_main_line() -> String {
    let mut s = String::from("(;FF[4]SZ[19]");
    for i in 0..N {
        s.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    s.push(')');
    s
}

fn deep_variations() -> String {
    let mut s = String::from("(;FF[4]SZ[19]");
    for i in 0..N {
        s.push_str(if i % 2 == 0 { "(;B[aa]" } else { "(;W[bb]" });
    }
    s.push_str(&")".repeat(N));
    s.push(')');
    s
}

/// Each of read, main line, write, clone, compare and drop used to recurse
/// once per node and overflowed the stack at a few thousand nodes.
fn exercise(text: &str) {
    let rec = sgf::read(text).unwrap();
    let line = rec.main_line();
    assert_eq!(line.len(), N + 1);
    assert_eq!(line[N].mv.map(|m| m.0), Some(Color::White));
    let out = rec.write();
    let back = sgf::read(&out).unwrap();
    assert_eq!(back.main_line().len(), N + 1);
    let copy = back.clone();
    assert_eq!(copy.write(), out);
    // Places differ (the written text is laid out differently).
    assert_ne!(copy, rec);
    assert_eq!(copy, back);
    drop(copy);
    drop(back);
    drop(rec);
}

#[test]
fn issue18_long_main_line() {
    exercise(&long_main_line());
}

#[test]
fn issue18_deep_variations() {
    exercise(&deep_variations());
}

#[test]
fn issue18_wide_and_deep_tree_keeps_variation_order() {
    // A node with three variations, the second a long line of its own.
    let mut mid = String::new();
    for _ in 0..1000 {
        mid.push_str(";B[cc]");
    }
    let text = format!("(;SZ[9](;B[aa];W[ab])(;B[bb]{mid})(;B[dd]))");
    let rec = sgf::read(&text).unwrap();
    let kids: Vec<_> = rec.root.children.iter().map(|n| n.mv).collect();
    let g = &rec.graph;
    assert_eq!(
        kids,
        [(0, 0), (1, 1), (3, 3)]
            .map(|(x, y)| Some((Color::Black, Move::Play(g.at(x, y).unwrap()))))
    );
    assert_eq!(rec.root.children[0].children.len(), 1);
    let mut n = &rec.root.children[1];
    let mut len = 1;
    while let Some(c) = n.children.first() {
        n = c;
        len += 1;
    }
    assert_eq!(len, 1001);
    assert_eq!(sgf::read(&rec.write()).unwrap().write(), rec.write());
}

#[test]
fn issue18_repeated_property_counts_once() {
    let text = "(;SZ[9]TR[aa]TR[aa][bb]LB[cc:x]LB[cc:x]AB[dd]AB[dd]C[a];B[ee]B[ee])";
    let rec = sgf::read(text).unwrap();
    assert_eq!(rec.root.marks.len(), 3);
    assert_eq!(rec.root.setup.len(), 1);
    let mut again = rec.clone();
    for _ in 0..3 {
        again = sgf::read(&again.write()).unwrap();
        assert_eq!(again.root.marks, rec.root.marks);
        assert_eq!(again.root.setup, rec.root.setup);
    }
    // Conflicts are still errors.
    assert!(sgf::read("(;SZ[9]AB[aa]AW[aa])").is_err());
    assert!(sgf::read("(;SZ[9];B[aa]B[bb])").is_err());
}

#[test]
fn issue18_escaped_texts_round_trip() {
    let rec = sgf::read("(;SZ[9]LB[aa:x\\:y\\]z]C[a \\] b \\\\ c])").unwrap();
    assert_eq!(rec.root.comment.as_deref(), Some("a ] b \\ c"));
    assert_eq!(rec.root.marks[0].1, miai_goban::Mark::Label("x:y]z".into()));
    let back = sgf::read(&rec.write()).unwrap();
    assert_eq!(back.root.comment, rec.root.comment);
    assert_eq!(back.root.marks, rec.root.marks);
}

#[test]
fn issue18_byte_order_mark_is_accepted() {
    let bom = "\u{feff}";
    let rec = sgf::read(&format!("{bom}(;SZ[9]AB[aa])")).unwrap();
    assert_eq!(rec.root.setup.len(), 1);
    let d = Diagram::parse(&format!("{bom}X O .\n. . .\n")).unwrap();
    assert_eq!(Diagram::parse("X O .\n. . .\n").unwrap(), d);
    let g = GraphText::parse(&format!("{bom}a b\nb c\nblack: a\n")).unwrap();
    assert_eq!(GraphText::parse("a b\nb c\nblack: a\n").unwrap(), g);
}

fn point() -> impl Strategy<Value = String> {
    (0u8..9, 0u8..9).prop_map(|(x, y)| format!("{}{}", (b'a' + x) as char, (b'a' + y) as char))
}

fn prop() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            prop::sample::select(vec!["TR", "SQ", "CR", "MA", "AB", "AW", "AE"]),
            prop::collection::vec(point(), 1..4)
        )
            .prop_map(|(id, ps)| format!("{id}[{}]", ps.join("]["))),
        (point(), "[a-z:\\]\\\\]{0,3}").prop_map(|(p, t)| {
            let t = t
                .replace('\\', "\\\\")
                .replace(']', "\\]")
                .replace(':', "\\:");
            format!("LB[{p}:{t}]")
        }),
        "[a-z \\]\\\\]{0,5}"
            .prop_map(|t| format!("C[{}]", t.replace('\\', "\\\\").replace(']', "\\]"))),
    ]
}

proptest! {
    /// Whatever properties a node repeats, writing and reading again gives
    /// the same record, and the first write is already stable.
    #[test]
    fn repeated_properties_round_trip(props in prop::collection::vec(prop(), 0..8), child in prop::collection::vec(prop(), 0..4)) {
        let text = format!("(;SZ[9]{};B[ee]{})", props.concat(), child.concat());
        if let Ok(rec) = sgf::read(&text) {
            let out = rec.write();
            let back = sgf::read(&out).unwrap();
            prop_assert_eq!(&back.root.marks, &rec.root.marks);
            prop_assert_eq!(&back.root.setup, &rec.root.setup);
            prop_assert_eq!(&back.root.comment, &rec.root.comment);
            prop_assert_eq!(&back.root.children[0].marks, &rec.root.children[0].marks);
            prop_assert_eq!(back.write(), out);
            let _ = rec.replay(Rules::chinese());
        }
    }
}

#[test]
fn built_trees_drop_and_compare_without_recursion() {
    // A record built in code, not read: the node type itself is safe.
    let mut root = Node::default();
    for _ in 0..N {
        root = Node {
            mv: Some((Color::Black, Move::Pass)),
            children: vec![root].into(),
            ..Node::default()
        };
    }
    let rec = Record {
        graph: std::sync::Arc::new(miai_goban::Graph::grid(9, 9).unwrap()),
        komi: None,
        root,
    };
    let copy = rec.clone();
    assert_eq!(copy, rec);
    assert_eq!(sgf::read(&rec.write()).unwrap().main_line().len(), N + 1);
}

proptest! {
    /// Stones given in any order and over several lines: writing and
    /// reading back gives the same `GraphText` (stone order included).
    #[test]
    fn graph_text_round_trip(n in 2usize..12, stones in prop::collection::vec((0usize..12, any::<bool>()), 0..12)) {
        let mut text: String = (1..n).map(|i| format!("v{} v{}\n", i - 1, i)).collect();
        let mut seen = std::collections::HashSet::new();
        for (v, white) in stones {
            if v < n && seen.insert(v) {
                text.push_str(&format!("{}: v{v}\n", if white { "white" } else { "black" }));
            }
        }
        let t = GraphText::parse(&text).unwrap();
        let back = GraphText::parse(&t.write()).unwrap();
        prop_assert_eq!(&back, &t);
        prop_assert_eq!(back.write(), t.write());
    }
}
