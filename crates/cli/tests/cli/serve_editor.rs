//! `miai serve`'s board editor API (`/api/board/parse`, `/api/board/write`)
//! and the life-and-death examples (`/api/tsumego/examples`), end to end
//! over HTTP like `serve.rs`.
//!
//! Expected values come from the texts themselves, not from this code:
//! - seed 003's diagrams (`crates/tsumego/tests/data/seed003/*.txt`, each
//!   citing the seed's lines): the stones a diagram draws are read off its
//!   glyphs (`●` Black, `○` White, `△` a marked White stone), and writing a
//!   read diagram gives back the file's rows (captions aside);
//! - the SGF examples (`examples/board/seed003-ko.sgf`,
//!   `examples/semeai/seed002-fig2.sgf`): their `AB`/`AW`/`TR`/`CR` lists
//!   counted in the file;
//! - seed 002's race diagrams (`examples/semeai/*.txt`): writing a read race
//!   gives back its rows;
//! - error places: the goban crate's documented examples (`(;SZ[9]\n;B[zz])`
//!   is wrong at line 2, column 2; `┬` inside a box diagram) and hand-placed
//!   faults.
//! - seed 003 §2(2): the tenuki diagram is alive whoever moves first, also
//!   when the problem text comes from the editor's writer.

use serde_json::{Value, json};

use crate::common::{Server, assert_error, parse, repo_file};

fn seed003_files() -> Vec<(String, String)> {
    let dir = format!(
        "{}/../tsumego/tests/data/seed003",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("seed003 directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    assert!(out.len() >= 20, "the seed-003 corpus is there");
    out
}

/// The diagram rows of a problem file, captions `(...)` removed.
fn diagram_rows(text: &str) -> Vec<String> {
    let after = text.split("diagram:\n").nth(1).expect("a diagram: line");
    after
        .lines()
        .map(|l| l.split('(').next().unwrap_or("").trim_end().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The board stones a box diagram's glyphs show: `X` for `●▲▼`, `O` for
/// `○△`, `.` for the line glyphs.
fn glyph_stones(rows: &[String]) -> Vec<String> {
    rows.iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    '●' | '▲' | '▼' => 'X',
                    '○' | '△' => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

impl Server {
    fn parse_text(&self, text: &str, format: Option<&str>) -> (u16, Value) {
        let mut body = json!({ "text": text });
        if let Some(f) = format {
            body["format"] = json!(f);
        }
        self.post_json("/api/board/parse", &body)
    }

    fn ok_board(&self, text: &str, format: Option<&str>) -> Value {
        let (status, v) = self.parse_text(text, format);
        assert_eq!(status, 200, "{v}");
        v
    }

    fn write(&self, board: &Value, format: &str) -> (u16, Value) {
        self.post_json(
            "/api/board/write",
            &json!({ "board": board, "format": format }),
        )
    }

    fn ok_text(&self, board: &Value, format: &str) -> String {
        let (status, v) = self.write(board, format);
        assert_eq!(status, 200, "{v}");
        v["text"].as_str().expect("text").to_string()
    }
}

#[test]
fn a_problem_file_becomes_a_board() {
    let s = Server::start();
    let text = repo_file("crates/tsumego/tests/data/seed003/02_tenuki.txt");
    let v = s.ok_board(&text, None);
    assert_eq!(v["format"], "problem");
    let b = &v["board"];
    // The seed's diagram is the A19 corner of a 19x19 board, 5x5.
    assert_eq!(
        (b["width"].as_u64(), b["height"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(b["board"], json!([19, 19]));
    assert_eq!(b["origin"], json!([0, 0]));
    assert_eq!(b["stones"], json!(glyph_stones(&diagram_rows(&text))));
    assert_eq!(b["attacker"], "W");
    let headers = b["headers"].as_array().expect("headers");
    assert!(
        headers.iter().any(|h| h[0] == "rules" && h[1] == "seed"),
        "{headers:?}"
    );
    // Headers the board holds in its own fields are not repeated.
    assert!(!headers.iter().any(|h| h[0] == "attacker"));
}

#[test]
fn region_target_and_marks_are_read() {
    let s = Server::start();
    // Seed 003 §2(3), the triple ko: region and target headers.
    let text = repo_file("crates/tsumego/tests/data/seed003/05_triple_ko.txt");
    let b = &s.ok_board(&text, None)["board"];
    assert_eq!(b["target"], json!(["A17"]));
    assert_eq!(b["region"].as_array().map(Vec::len), Some(24));
    // Seed 003 §2(1): the marked stone is the ko capture just played (C19, △).
    let text = repo_file("crates/tsumego/tests/data/seed003/01a_ko_just_taken.txt");
    let b = &s.ok_board(&text, None)["board"];
    let marks = b["marks"].as_array().expect("marks");
    assert!(marks.iter().any(|m| m["mark"] == "triangle"), "{marks:?}");
}

#[test]
fn seed003_diagrams_round_trip() {
    let s = Server::start();
    for (name, text) in seed003_files() {
        let v = s.ok_board(&text, None);
        let board = &v["board"];
        assert_eq!(
            board["stones"],
            json!(glyph_stones(&diagram_rows(&text))),
            "{name}"
        );
        // Diagram -> board -> diagram: the file's rows.
        let written = s.ok_text(board, "diagram");
        let rows: Vec<String> = written.lines().map(str::to_string).collect();
        assert_eq!(rows, diagram_rows(&text), "{name}");
        // Problem -> board -> problem -> board: the same board.
        let problem = s.ok_text(board, "problem");
        let again = s.ok_board(&problem, Some("problem"));
        assert_eq!(&again["board"], board, "{name}:\n{problem}");
        // The bare written diagram, read again, draws the same stones.
        let bare = s.ok_board(&written, Some("diagram"));
        assert_eq!(bare["board"]["stones"], board["stones"], "{name}");
        assert_eq!(bare["board"]["origin"], board["origin"], "{name}");
    }
}

#[test]
fn sgf_round_trips() {
    let s = Server::start();
    let text = repo_file("examples/board/seed003-ko.sgf");
    let v = s.ok_board(&text, None);
    assert_eq!(v["format"], "sgf");
    let b = &v["board"];
    // The file's AB lists 13 points, AW 8; PL[W]; its one move W[ca] is the
    // answer, left out (and said so).
    let count = |c: char| {
        b["stones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().chars().filter(|&x| x == c).count())
            .sum::<usize>()
    };
    assert_eq!((count('X'), count('O')), (13, 8));
    assert_eq!(b["to_move"], "W");
    assert_eq!(b["board"], json!([19, 19]));
    assert!(v["notes"][0].as_str().unwrap().contains("1 move"), "{v}");
    // SGF -> board -> SGF -> board: the same board.
    let sgf = s.ok_text(b, "sgf");
    assert!(sgf.starts_with("(;FF[4]"), "{sgf}");
    let again = s.ok_board(&sgf, Some("sgf"));
    assert_eq!(&again["board"], b, "{sgf}");
}

#[test]
fn race_sgf_keeps_the_attributes() {
    let s = Server::start();
    let text = repo_file("examples/semeai/seed002-fig2.sgf");
    let v = s.ok_board(&text, Some("race-sgf"));
    let b = &v["board"];
    assert_eq!(b["board"], json!([11, 12]));
    let attrs = b["attributes"].as_array().expect("attributes");
    let of = |a: &str| attrs.iter().filter(|x| x["attribute"] == a).count();
    // The file's TR lists 20 stones (essential), CR 4 (unknown).
    assert_eq!((of("essential"), of("unknown")), (20, 4));
    // LB: five labels.
    assert_eq!(b["marks"].as_array().map(Vec::len), Some(5));
    let sgf = s.ok_text(b, "race-sgf");
    let again = s.ok_board(&sgf, Some("race-sgf"));
    assert_eq!(&again["board"], b, "{sgf}");
    // And as a race diagram, read back the same.
    let diagram = s.ok_text(b, "race");
    let back = s.ok_board(&diagram, Some("race"));
    assert_eq!(&back["board"], b, "{diagram}");
}

#[test]
fn race_diagrams_round_trip() {
    let s = Server::start();
    for name in [
        "plain-3-3.txt",
        "shared-liberties.txt",
        "seed002-fig12-cut.txt",
        "seed002-fig2.txt",
        "eye-vs-no-eye.txt",
    ] {
        let text = repo_file(&format!("examples/semeai/{name}"));
        let v = s.ok_board(&text, None);
        assert_eq!(v["format"], "race", "{name}");
        let written = s.ok_text(&v["board"], "race");
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty() && !l.starts_with(';'))
            .collect();
        let got: Vec<&str> = written.lines().collect();
        assert_eq!(got, rows, "{name}");
    }
}

#[test]
fn malformed_sgf_names_the_place() {
    let s = Server::start();
    // goban's documented example: the move on line 2 is off the board.
    let (status, v) = s.parse_text("(;SZ[9]\n;B[zz])", None);
    assert_error(status, &v, 400, "off the board");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(v["format"], "sgf");
    // An unclosed property value on line 3.
    let (status, v) = s.parse_text("(;FF[4]SZ[9]\nAB[aa]\nAW[bb", Some("sgf"));
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["line"].as_u64(), Some(3), "{v}");
    // A size beyond 25.
    let (status, v) = s.parse_text("(;SZ[30])", None);
    assert_error(status, &v, 400, "30x30");
}

#[test]
fn malformed_diagrams_name_the_place() {
    let s = Server::start();
    // A top-edge glyph in the second row (goban's own example).
    let (status, v) = s.parse_text("┌┬┬\n├┬┼\n", Some("diagram"));
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(2), Some(2)),
        "{v}"
    );
    // The same fault in a problem file: lines count from the file's top.
    let (status, v) = s.parse_text("attacker: white\ndiagram:\n┌●●○┬\n●┼┬○┼\n", None);
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(4), Some(3)),
        "{v}"
    );
    // A ragged row.
    let (status, v) = s.parse_text("X O .\nX O\n", Some("plain"));
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["line"].as_u64(), Some(2), "{v}");
    // A race diagram with a character it does not know: line 2, column 3.
    let (status, v) = s.parse_text("E e .\n. # .\n", Some("race"));
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(2), Some(3)),
        "{v}"
    );
    // Conflicting attributes on one chain.
    let (status, v) = s.parse_text(". E U .\n. . . .\n", Some("race"));
    assert_error(status, &v, 400, "marked both");
    // A bad header value in a problem file names its line.
    let (status, v) = s.parse_text("attacker: green\ndiagram:\n┌●○\n", None);
    assert_error(status, &v, 400, "green");
    assert_eq!(v["line"].as_u64(), Some(1), "{v}");
}

#[test]
fn bad_boards_and_formats_are_refused() {
    let s = Server::start();
    let board = json!({"width": 3, "height": 2, "stones": ["X.O", "..."]});
    // Whole-board plain diagram.
    assert_eq!(s.ok_text(&board, "plain"), "X . O\n. . .\n");
    let (status, v) = s.write(&board, "png");
    assert_error(status, &v, 400, "png");
    let (status, v) = s.write(&json!({"width": 3, "height": 2, "stones": ["X.O"]}), "sgf");
    assert_error(status, &v, 400, "the height is 2");
    let (status, v) = s.write(&json!({"width": 3, "height": 1, "stones": ["X?O"]}), "sgf");
    assert_error(status, &v, 400, "column 2");
    let (status, v) = s.write(
        &json!({"width": 9, "height": 5, "board": [19, 19], "origin": [12, 0], "stones": [".........", ".........", ".........", ".........", "........."]}),
        "sgf",
    );
    assert_error(status, &v, 400, "runs off");
    let (status, v) = s.write(
        &json!({"width": 30, "height": 2, "stones": ["X", "O"]}),
        "sgf",
    );
    assert_error(status, &v, 400, "width 30");
    let (status, v) = s.write(
        &json!({"width": 2, "height": 1, "stones": ["X."], "target": ["Z99"]}),
        "problem",
    );
    assert_error(status, &v, 400, "Z99");
    // Attributes that disagree on one chain cannot make a race.
    let (status, v) = s.write(
        &json!({"width": 3, "height": 1, "stones": ["XX.", ], "attributes": [
            {"point": "A1", "attribute": "essential"}, {"point": "B1", "attribute": "unknown"}]}),
        "race",
    );
    assert_error(status, &v, 400, "marked both");
    // Not JSON, and JSON of the wrong shape.
    let (status, text) = s.request("POST", "/api/board/parse", "application/json", b"{");
    assert_error(status, &parse(&text), 400, "");
    let (status, v) = s.post_json("/api/board/parse", &json!({"txt": "X"}));
    assert_error(status, &v, 422, "");
}

#[test]
fn a_corner_window_keeps_its_place() {
    let s = Server::start();
    // A 9x5 window in the bottom-right corner of a 19x19 board.
    let stones = vec![
        ".........",
        ".....OOOO",
        "....OXXXX",
        "....OX...",
        "....OX.X.",
    ];
    let board = json!({
        "width": 9, "height": 5, "board": [19, 19], "origin": [10, 14],
        "stones": stones, "attacker": "W", "to_move": "B",
        "target": ["P3", "Q3", "R3", "S3"], "headers": [["name", "a corner"]],
    });
    let problem = s.ok_text(&board, "problem");
    assert!(problem.contains("target: P3 Q3 R3 S3\n"), "{problem}");
    let back = &s.ok_board(&problem, None)["board"];
    assert_eq!(back["origin"], json!([10, 14]));
    assert_eq!(back["stones"], json!(stones));
    assert_eq!(back["target"], json!(["P3", "Q3", "R3", "S3"]));
    let sgf = s.ok_text(&board, "sgf");
    let whole = &s.ok_board(&sgf, None)["board"];
    assert_eq!(whole["width"], 19);
    // P3 in SGF is column p (15th letter, 'o' skipped in GTP) row q.
    assert!(sgf.contains("pq"), "{sgf}");
}

#[test]
fn the_examples_are_seed003_problems_and_solve_from_the_editor() {
    let s = Server::start();
    let (status, text) = s.get("/api/tsumego/examples");
    assert_eq!(status, 200);
    let list = parse(&text);
    let list = list.as_array().expect("a list");
    assert!(list.len() >= 5);
    for x in list {
        let t = x["text"].as_str().unwrap();
        assert!(t.contains("source: seed 003"), "{x}");
        s.ok_board(t, None);
    }
    let tenuki = list
        .iter()
        .find(|x| x["id"] == "02_tenuki")
        .expect("the tenuki diagram");
    assert_eq!(
        tenuki["expect"],
        "attacker-first=alive defender-first=alive"
    );
    // The editor's path: text -> board -> problem text -> solve. Seed 003
    // §2(2): alive whoever moves first.
    let board = &s.ok_board(tenuki["text"].as_str().unwrap(), None)["board"];
    let problem = s.ok_text(board, "problem");
    let (status, r) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": problem, "all_moves": true}),
    );
    assert_eq!(status, 200, "{r}");
    for f in r["results"].as_array().unwrap() {
        assert_eq!(f["status"], "alive", "{f}");
    }
}
