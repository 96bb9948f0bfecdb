//! `POST /api/semeai` and `GET /api/semeai/examples` (the capturing-race
//! view) end to end: the built binary on a free port, plain HTTP/1.1.
//!
//! Expected values and their sources (seed 002,
//! `../shared/seeds/002_*.txt`; `examples/semeai/seed002-fig2.txt` is
//! the reconstruction of its fig. 2 with the values the text gives):
//! - §3, figs. 3-5: the sub-positions are `{4|0}` (Black 1 makes 4, White 1
//!   makes 0), `{6|{4|0}}` and `-7`; §4.2: the empty points 4 and 5 of
//!   fig. 5 are useless (White there does not join the essential chain,
//!   Black there fills no liberty of White's).
//! - §4.4: `G = {4|0} + {6|{4|0}} - 7`, g's adjusted value 0 when Black
//!   plays first, "the side that plays first wins". By hand (Winning Ways
//!   ch. 6 cooling, as in tests/serve.rs): `g = cool(G, 2) = -1^*`,
//!   confused with -1 only, so rule 3 gives -1+1 = 0 (Black first) and
//!   -1-1 = -2 (White first).
//! - §4.3, figs. 13-16: the user names a and b at the root: leaves 6 (B a),
//!   5 (B b), nil (W a), nil (W b) (fig. 13); at the node after White a the
//!   user names b: 4 (B b), 0 (W b) (fig. 14); at the node after White b,
//!   a: 5 (B a), 0 (W a) (fig. 15); the canonical tree is `{6|{4|0}}`: 6 to
//!   the left, `{4|0}` with 4 and 0 to the right (fig. 16).
//! - Richard Hunter, *Counting Liberties and Winning Capturing Races*
//!   (2004), ch. 1: 3 liberties against 3, no eyes: the side to move wins
//!   (`examples/semeai/plain-3-3.txt`).

use serde_json::{Value, json};

use crate::common::{Server, assert_error, parse};

fn fig2() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/semeai/seed002-fig2.txt"
    ))
    .expect("the seed-002 example")
}

/// The sub-position whose region holds the point named `name`.
fn sub_with<'a>(v: &'a Value, name: &str) -> &'a Value {
    v["subpositions"]
        .as_array()
        .expect("subpositions")
        .iter()
        .find(|s| {
            s["region"]
                .as_array()
                .is_some_and(|r| r.iter().any(|p| p == name))
        })
        .unwrap_or_else(|| panic!("no sub-position holds {name}: {v}"))
}

/// The drawn tree as (path, label) pairs, paths joined by ", ".
fn leaves(tree: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = tree["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .filter(|n| n["kind"] != "inner")
        .map(|n| {
            let path: Vec<&str> = n["path"]
                .as_array()
                .expect("path")
                .iter()
                .map(|m| m.as_str().expect("a move"))
                .collect();
            (
                path.join(", "),
                n["label"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = items
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    v.sort();
    v
}

#[test]
fn seed_fig2_verdict_and_values() {
    let s = Server::start();
    let (status, v) = s.post_json(
        "/api/semeai",
        &json!({"diagram": fig2(), "verdict": "seed", "search_nodes": 0}),
    );
    assert_eq!(status, 200, "{v}");
    // §4.4: the verdict in words, and the adjusted values.
    assert_eq!(v["words"], "the side that plays first wins", "{v}");
    assert_eq!(v["lead"], "seed");
    assert_eq!(v["g"], "-1^*");
    let seed = &v["seed_verdict"];
    assert_eq!(seed["rule"], 3);
    assert_eq!(seed["black_first_value"], "0");
    assert_eq!(seed["white_first_value"], "-2");
    assert_eq!(
        v["stops_verdict"]["words"],
        "the side that plays first wins"
    );
    // §3: the three sub-positions' values (after the transformation).
    assert_eq!(sub_with(&v, "1")["value"], "{4|0}");
    assert_eq!(sub_with(&v, "a")["value"], "{6|{4|0}}");
    assert_eq!(sub_with(&v, "D7")["value"], "-7");
    // G is their sum: the same game as the seed's expression (checked
    // through /api/cgt, which parses the seed's sum itself).
    let (status, c) = s.post_json("/api/cgt", &json!({"expr": "{4|0} + {6|{4|0}} - 7"}));
    assert_eq!(status, 200, "{c}");
    assert_eq!(v["G"], c["canonical"]);
    // §4.2: points 4 and 5 of fig. 5 are useless; the board says so.
    let points = v["board"]["points"].as_array().expect("board points");
    for label in ["4", "5"] {
        let p = points
            .iter()
            .find(|p| p["label"] == label)
            .unwrap_or_else(|| panic!("no point labelled {label}"));
        assert_eq!(p["point"], "useless", "{p}");
        assert!(p["stone"].is_null(), "{p}");
    }
    // The board as positions, not text: 12 rows of 11 points, X O or .,
    // agreeing with the points; A12 (top left) is a Black stone.
    let rows = v["board"]["stones"].as_array().expect("stone rows");
    assert_eq!(rows.len(), 12);
    assert_eq!(v["board"]["width"], 11);
    assert!(v["board"].get("diagram").is_none(), "no text diagram");
    for p in points {
        let row = rows[p["y"].as_u64().expect("y") as usize]
            .as_str()
            .expect("a row");
        let want = match p["stone"].as_str() {
            Some("B") => 'X',
            Some("W") => 'O',
            _ => '.',
        };
        assert_eq!(
            row.chars().nth(p["x"].as_u64().expect("x") as usize),
            Some(want),
            "{p}"
        );
    }
    assert_eq!(rows[0].as_str().and_then(|r| r.chars().next()), Some('X'));
    // Black's essential chain (column F) is marked essential.
    let f12 = points.iter().find(|p| p["coord"] == "F12").expect("F12");
    assert_eq!(
        (&f12["stone"], &f12["attribute"]),
        (&json!("B"), &json!("essential"))
    );
    // Fig. 16: the canonical tree of {6|{4|0}}.
    let canon = sub_with(&v, "a")["canonical"]["nodes"]
        .as_array()
        .expect("canonical tree")
        .iter()
        .map(|n| {
            (
                n["side"].as_str().unwrap_or("root").to_string(),
                n["value"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect::<Vec<_>>();
    let want: Vec<(String, String)> = [
        ("root", "{6|{4|0}}"),
        ("L", "6"),
        ("R", "{4|0}"),
        ("L", "4"),
        ("R", "0"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(canon, want);
    // Each tree also comes as SVG.
    assert!(
        sub_with(&v, "a")["tree_svg"]
            .as_str()
            .is_some_and(|t| t.starts_with("<svg"))
    );
}

#[test]
fn the_user_steered_rounds_grow_the_seed_trees() {
    let s = Server::start();
    // Fig. 13: one round at a and b.
    let (status, v) = s.post_json(
        "/api/semeai",
        &json!({"diagram": fig2(), "points": ["a", "b"], "rounds": 1, "search_nodes": 0}),
    );
    assert_eq!(status, 200, "{v}");
    let sub = sub_with(&v, "a");
    assert_eq!(
        leaves(&sub["tree_before"]),
        pairs(&[("B a", "6"), ("B b", "5"), ("W a", "nil"), ("W b", "nil")])
    );
    assert_eq!(sub["nil"], 2);
    assert!(
        sub["tree_after"].is_null() && v["G"].is_null() && v["words"].is_null(),
        "{v}"
    );
    assert_eq!(v["steered"], true);
    // Figs. 14 and 15: the seed's dialogue, one nil node at a time.
    let fig13 = json!({"points": ["a", "b"]});
    let fig14 = json!({"points": ["b"], "path": ["W a"]});
    let fig15 = json!({"points": ["a"], "path": ["W b"]});
    let (status, v) = s.post_json(
        "/api/semeai",
        &json!({"diagram": fig2(), "steps": [fig13, fig14], "search_nodes": 0}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        leaves(&sub_with(&v, "a")["tree_before"]),
        pairs(&[
            ("B a", "6"),
            ("B b", "5"),
            ("W a, B b", "4"),
            ("W a, W b", "0"),
            ("W b", "nil")
        ])
    );
    assert!(v["words"].is_null(), "{v}");
    let (status, v) = s.post_json(
        "/api/semeai",
        &json!({"diagram": fig2(), "steps": [fig13, fig14, fig15], "search_nodes": 0}),
    );
    assert_eq!(status, 200, "{v}");
    let sub = sub_with(&v, "a");
    assert_eq!(
        leaves(&sub["tree_before"]),
        pairs(&[
            ("B a", "6"),
            ("B b", "5"),
            ("W a, B b", "4"),
            ("W a, W b", "0"),
            ("W b, B a", "5"),
            ("W b, W a", "0")
        ])
    );
    assert_eq!(sub["raw_value"], "{6|{4|0}}");
    assert_eq!(sub["value"], "{6|{4|0}}");
    assert_eq!(sub["nil"], 0);
    assert_eq!(v["words"], "the side that plays first wins");
    // The same points at every nil node: the second round already ends
    // the tree (both nil nodes expanded at once).
    let (status, v) = s.post_json(
        "/api/semeai",
        &json!({"diagram": fig2(), "points": ["a", "b"], "rounds": 2, "search_nodes": 0}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(sub_with(&v, "a")["value"], "{6|{4|0}}");
}

#[test]
fn the_search_checks_a_plain_race() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/semeai/plain-3-3.txt"
    ))
    .expect("plain-3-3");
    let s = Server::start();
    let (status, v) = s.post_json("/api/semeai", &json!({"diagram": text}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["words"], "the side that plays first wins");
    assert_eq!(v["search"]["black_first"], "Black", "{v}");
    assert_eq!(v["search"]["white_first"], "White", "{v}");
    assert_eq!(v["search"]["complete"], true);
    assert_eq!(v["disagreements"], json!([]));
}

#[test]
fn examples_and_the_page() {
    let s = Server::start();
    let (status, text) = s.get("/api/semeai/examples");
    assert_eq!(status, 200, "{text}");
    let v = parse(&text);
    let first = &v["examples"][0];
    assert_eq!(first["name"], "seed002-fig2.txt");
    assert_eq!(first["text"].as_str(), Some(fig2().as_str()));
    let (status, page) = s.get("/");
    assert_eq!(status, 200);
    for needle in [
        "data-tab=\"semeai\"",
        "id=\"tab-semeai\"",
        "data-app=\"miai-semeai\"",
        "id=\"se-diagram\"",
        "id=\"se-form\"",
        "id=\"se-out\"",
    ] {
        assert!(page.contains(needle), "the page lacks {needle}");
    }
    let (status, js) = s.get("/js/semeai.js");
    assert_eq!(status, 200);
    assert!(js.contains("export function init"));
}

#[test]
fn malformed_input_is_a_400_that_says_where() {
    let s = Server::start();
    let post = |body: Value| s.post_json("/api/semeai", &body);
    let (status, v) = post(json!({"diagram": "E e .\nE e ?\n"}));
    assert_error(status, &v, 400, "line 2, column 5");
    let (status, v) = post(json!({"diagram": "E e .\nE e\n"}));
    assert_error(status, &v, 400, "line 2");
    let (status, v) = post(json!({"diagram": "X . O\n"}));
    assert_error(status, &v, 400, "essential");
    let (status, v) = post(json!({"diagram": fig2(), "points": ["z9"], "search_nodes": 0}));
    assert_error(status, &v, 400, "points: point `z9`");
    let (status, v) = post(
        json!({"diagram": fig2(), "steps": [{"points": ["b"], "path": ["W q"]}], "search_nodes": 0}),
    );
    assert_error(status, &v, 400, "steps[0].path");
    let (status, v) = post(
        json!({"diagram": fig2(), "steps": [{"points": ["b"], "path": ["B a"]}], "search_nodes": 0}),
    );
    assert_error(status, &v, 400, "no node B a");
    let (status, v) =
        post(json!({"diagram": fig2(), "steps": [{"points": ["A1"]}], "search_nodes": 0}));
    assert_error(status, &v, 400, "A1 lies in no sub-position");
    let (status, v) = post(json!({"diagram": fig2(), "verdict": "coin"}));
    assert_error(status, &v, 400, "verdict");
    let (status, v) = post(json!({"diagram": fig2(), "tree_nodes": 0}));
    assert_error(status, &v, 400, "tree_nodes");
    let (status, v) = post(json!({"diagram": fig2(), "search_nodes": 10_000_001}));
    assert_error(status, &v, 400, "search_nodes");
    let (status, v) = post(json!({"diagram": fig2(), "rounds": 65}));
    assert_error(status, &v, 400, "rounds");
    let (status, v) = post(json!({"diagram": fig2(), "colour": "B"}));
    assert_error(status, &v, 422, "colour");
    let (status, text) = s.request("POST", "/api/semeai", "application/json", b"{\"diagram\": ");
    assert_eq!(status, 400, "{text}");
}

#[test]
fn an_oversized_body_is_a_413() {
    let s = Server::start();
    let big = json!({"diagram": ". ".repeat(40_000)});
    let (status, v) = s.post_json("/api/semeai", &big);
    assert_error(status, &v, 413, "larger than");
}
