//! `miai serve` end to end: the built binary is started on a free port
//! (`--port 0`, the port read from its first line) and every endpoint is
//! hit with plain HTTP/1.1 over a `TcpStream`.
//!
//! Expected values and their sources:
//! - seed 002 (`/work/shared/seeds/002_*.txt`, lines 333-335): the race
//!   `G = {4|0} + {6|{4|0}} - 7`, the first player wins. Worked by hand
//!   (Winning Ways ch. 6 cooling): mean -1 (2 + 4 - 7), temperature 2,
//!   stops 1 and -3, and G cooled by 2 = 2* + {4|4*} - 7 = 2* + 4^ - 7 =
//!   -1^*, the seed's g.
//! - seed 003 §2(2) (手抜き): the tenuki diagram
//!   (`crates/tsumego/tests/data/seed003/02_tenuki.txt`) is alive whoever
//!   moves first.
//! - the n-ko table: hand-worked cells of
//!   `crates/nko/tests/data/hand_cells.txt`; with passes (4,1,0) is a draw
//!   (seed 000, おまけ).

use serde_json::json;

mod common;
use common::{Server, assert_error, fetch, parse};

fn tenuki() -> String {
    let path = format!(
        "{}/../tsumego/tests/data/seed003/02_tenuki.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_page_and_its_assets_load() {
    let s = Server::start();
    let (status, page) = s.get("/");
    assert_eq!(status, 200);
    for needle in [
        "<title>miai workbench</title>",
        "data-app=\"miai-cgt\"",
        "data-app=\"miai-tsumego\"",
        "data-app=\"miai-nko\"",
        "src=\"/js/app.js\"",
        "href=\"/style.css\"",
    ] {
        assert!(page.contains(needle), "the page lacks {needle:?}");
    }
    // No CDN or other network: every script and stylesheet is local.
    assert!(!page.contains("http://") && !page.contains("https://"));
    // Every module the entry point imports, transitively, is served.
    let mut pending = vec!["app.js".to_string()];
    let mut seen = std::collections::BTreeSet::new();
    let mut js = String::new();
    while let Some(name) = pending.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let (status, text) = s.get(&format!("/js/{name}"));
        assert_eq!(status, 200, "/js/{name}");
        // The SVG namespace is a name, not a fetch.
        let fetched = text.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !fetched.contains("http://") && !fetched.contains("https://"),
            "{name} names a URL"
        );
        for part in text.split("from \"./").skip(1) {
            let module = part.split('"').next().unwrap_or_default();
            pending.push(module.to_string());
        }
        js.push_str(&text);
    }
    assert!(seen.len() >= 5, "modules: {seen:?}");
    for needle in ["/api/cgt", "/api/tsumego", "/api/nko/table", "┌●●○┬"] {
        assert!(js.contains(needle), "the scripts lack {needle:?}");
    }
    let (status, body) = s.get("/js/nothing.js");
    assert_error(status, &parse(&body), 404, "no script");
    let (status, css) = s.get("/style.css");
    assert_eq!(status, 200);
    assert!(css.contains(".tab"));
    let (status, body) = s.get("/no/such/page");
    assert_error(status, &parse(&body), 404, "no such");
}

#[test]
fn cgt_gives_the_seed002_race_values() {
    let s = Server::start();
    let (status, v) = s.post_json(
        "/api/cgt",
        &json!({"expr": "{4|0} + {6|{4|0}} - 7", "cool": "2"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["canonical"], "{1,{3|-1}|-3}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["outcome_words"], "the first player wins");
    assert_eq!(v["left_stop"], "1");
    assert_eq!(v["right_stop"], "-3");
    assert_eq!(v["mean"], "-1");
    assert_eq!(v["temperature"], "2");
    assert_eq!(v["cooled"]["t"], "2");
    assert_eq!(v["cooled"]["value"], "-1^*");
    assert_eq!(v["cooled"]["is_number"], false);
    let picture = v["thermograph_picture"].as_str().expect("a picture");
    assert!(
        picture.contains("<svg") && picture.contains("</svg>"),
        "{picture}"
    );
    // Without `cool` there is no cooled value.
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "{4|0}"}));
    assert_eq!(status, 200, "{v}");
    assert!(v.get("cooled").is_none(), "{v}");
}

#[test]
fn cgt_rejects_bad_input_with_a_message() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "{4|"}));
    assert_error(status, &v, 400, "column");
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "1", "cool": "x"}));
    assert_error(status, &v, 400, "cool");
    // Missing field, unknown field, wrong type: the JSON has the wrong shape.
    let (status, v) = s.post_json("/api/cgt", &json!({"cool": "2"}));
    assert_error(status, &v, 422, "expr");
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "1", "colo": "2"}));
    assert_error(status, &v, 422, "colo");
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": 3}));
    assert_error(status, &v, 422, "expr");
}

#[test]
fn malformed_json_is_a_400() {
    let s = Server::start();
    for bad in ["{\"expr\":", "not json", "", "{\"expr\": \"1\"} trailing"] {
        let (status, body) = s.request("POST", "/api/cgt", "application/json", bad.as_bytes());
        assert_error(status, &parse(&body), 400, "JSON");
    }
    let (status, body) = s.request(
        "POST",
        "/api/tsumego",
        "application/json",
        b"{\"diagram\": ",
    );
    assert_error(status, &parse(&body), 400, "JSON");
    // JSON sent as text: the content type is wrong.
    let (status, body) = s.request("POST", "/api/cgt", "text/plain", b"{\"expr\": \"1\"}");
    assert_eq!(status, 415);
    assert!(parse(&body)["error"].is_string());
}

#[test]
fn an_oversized_body_is_a_413() {
    let s = Server::start();
    let big = json!({"expr": "1+".repeat(40_000) + "1"});
    let (status, v) = s.post_json("/api/cgt", &big);
    assert_error(status, &v, 413, "larger than 65536 bytes");
    let big = json!({"diagram": ".".repeat(70_000)});
    let (status, v) = s.post_json("/api/tsumego", &big);
    assert_error(status, &v, 413, "larger than");
}

#[test]
fn tsumego_tenuki_diagram_is_alive() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": tenuki()}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["attacker"], "White");
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 2, "{v}");
    let firsts: Vec<&str> = results
        .iter()
        .map(|r| r["first"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(firsts, ["attacker", "defender"]);
    for r in results {
        assert_eq!(r["status"], "alive", "{r}");
        assert_eq!(r["proven"], true, "{r}");
        assert!(r["nodes"].as_u64().is_some_and(|n| n >= 1), "{r}");
        assert!(r["pv"].is_array(), "{r}");
    }
    // One first player on request, and the bare diagram (no headers) is
    // read too: its attacker is inferred.
    let bare: String = tenuki()
        .split_once("diagram:\n")
        .map(|(_, d)| d.to_string())
        .expect("the file has a diagram");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "first": "defender", "rules": "superko", "max_nodes": 10000}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["results"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["results"][0]["first"], "defender");
    assert_eq!(v["results"][0]["status"], "alive");
    assert_eq!(v["rules"], "positional superko");
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": bare}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["region"]["points"], 8, "{v}");
}

#[test]
fn tsumego_seed003_corpus_comes_out_as_cited() {
    // Every seed-003 problem file cites its diagram's place in the seed and
    // states the expected status per first player in an `expect:` header
    // (`-` where the seed says nothing).
    let s = Server::start();
    let dir = format!(
        "{}/../tsumego/tests/data/seed003",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut checked = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a problem file");
        let expect = text
            .lines()
            .find_map(|l| l.strip_prefix("expect:"))
            .unwrap_or_else(|| panic!("{}: no expect header", path.display()));
        let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": text}));
        assert_eq!(status, 200, "{}: {v}", path.display());
        for item in expect.split_whitespace() {
            let (first, want) = item.split_once("-first=").expect("first=status");
            if want == "-" {
                continue;
            }
            let got = v["results"]
                .as_array()
                .and_then(|rs| rs.iter().find(|r| r["first"] == first))
                .unwrap_or_else(|| panic!("{}: no {first} result: {v}", path.display()));
            assert_eq!(got["status"], want, "{}: {first} first", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} statuses checked");
}

#[test]
fn tsumego_lists_correct_first_moves_on_request() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": tenuki()}));
    assert_eq!(status, 200, "{v}");
    assert!(v["results"][0]["correct"].is_null(), "{v}");
    // White (the attacker) has no legal move at all in the tenuki
    // diagram (seed 003, line 26: both eyes are suicide), so no first move
    // of White's is correct.
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "first": "attacker", "all_moves": true}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["results"][0]["correct"], json!([]), "{v}");
}

#[test]
fn tsumego_rejects_bad_input_with_a_message() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": "zzz"}));
    assert_error(status, &v, 400, "line 1");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "first": "black"}),
    );
    assert_error(status, &v, 400, "first");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "max_nodes": 2_000_001u64}),
    );
    assert_error(status, &v, 400, "max_nodes");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "rules": "chinese"}),
    );
    assert_error(status, &v, 400, "chinese");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "ko_threats": 300}),
    );
    assert_error(status, &v, 422, "ko_threats");
}

#[test]
fn nko_table_has_the_right_shape_and_values() {
    let s = Server::start();
    let (status, body) = s.get("/api/nko/table?max_n=5");
    assert_eq!(status, 200, "{body}");
    let v = parse(&body);
    assert_eq!(v["max_n"], 5);
    assert_eq!(v["passes"], false);
    let rows = v["rows"].as_array().expect("rows");
    // n = 2..=5, m = 1..n: 1+2+3+4 cells, both sides to move.
    assert_eq!(rows.len(), 20);
    for r in rows {
        for key in ["n", "m", "t", "to_move", "winner", "seed_wrong", "proven"] {
            assert!(r.get(key).is_some(), "{r} lacks {key}");
        }
    }
    let winner = |n: u64, m: u64, t: u64| {
        rows.iter()
            .find(|r| r["n"] == n && r["m"] == m && r["t"] == t)
            .map(|r| r["winner"].clone())
            .unwrap_or_else(|| panic!("no cell ({n}, {m}, {t})"))
    };
    // crates/nko/tests/data/hand_cells.txt.
    assert_eq!(winner(3, 1, 0), "B");
    assert_eq!(winner(4, 2, 0), "W");
    assert_eq!(winner(5, 3, 0), "B");
    assert_eq!(winner(4, 2, 1), "B");
    // The default is n <= 20: 19 * 20 cells.
    let (status, body) = s.get("/api/nko/table");
    assert_eq!(status, 200);
    assert_eq!(parse(&body)["rows"].as_array().map(Vec::len), Some(19 * 20));
    // With passes, seed 000 (おまけ): (4,1,0) is a draw.
    let (status, body) = s.get("/api/nko/table?max_n=4&passes=true");
    assert_eq!(status, 200);
    let v = parse(&body);
    assert!(
        v["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .any(|r| r["n"] == 4 && r["m"] == 1 && r["t"] == 0 && r["winner"] == "D"),
        "{v}"
    );
    // Out of range and malformed queries.
    let (status, body) = s.get("/api/nko/table?max_n=1");
    assert_error(status, &parse(&body), 400, "max_n");
    let (status, body) = s.get("/api/nko/table?max_n=201");
    assert_error(status, &parse(&body), 400, "max_n");
    let (status, body) = s.get("/api/nko/table?max_n=many");
    assert_error(status, &parse(&body), 400, "max_n");
}

#[test]
fn concurrent_requests_all_answer() {
    // Several searches at once (each on the blocking pool) and a table
    // request alongside: all answer. (The tenuki searches are short: this
    // checks concurrent handling; tests/serve_jobs.rs runs long searches
    // as jobs beside quick requests and cancels them.)
    let s = Server::start();
    let addr = s.addr;
    let workers: Vec<_> = (0..3)
        .map(|_| {
            let body = json!({"diagram": tenuki()}).to_string();
            std::thread::spawn(move || {
                let a = fetch(
                    addr,
                    "POST",
                    "/api/tsumego",
                    "application/json",
                    body.as_bytes(),
                );
                (a.status, a.body)
            })
        })
        .collect();
    let (status, _) = s.get("/api/nko/table?max_n=10");
    assert_eq!(status, 200);
    for w in workers {
        let (status, body) = w.join().expect("a worker");
        assert_eq!(status, 200, "{body}");
    }
}
