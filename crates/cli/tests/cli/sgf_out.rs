//! `miai tsumego --sgf-out` and `POST /api/tsumego/sgf`: the solution SGF
//! read back by miai's reader and by two independent ones, sgfmill (PyPI)
//! and @sabaki/sgf (npm), through the scripts of `tools/sgfcheck/`, which
//! replay every node on boards of their own. The three readers must agree
//! on the tree's shape. A reader that is not installed is skipped, saying
//! so on stderr, unless `MIAI_REQUIRE_SGF_READERS=1` (as `.ci/run` sets it,
//! after installing them): then the test fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use miai_goban::sgf;
use serde_json::{Value, json};

use crate::common::{Server, miai};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn out_path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sgf-out");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir.join(name)
}

/// What miai's own reader sees, in the fields the scripts print.
fn own_stats(text: &str) -> Value {
    let rec = sgf::read(text).unwrap_or_else(|e| panic!("miai reads its own SGF: {e}"));
    let (mut nodes, mut moves, mut passes, mut leaves, mut comments) = (0, 0, 0, 0, 0);
    let mut stack = vec![&rec.root];
    while let Some(n) = stack.pop() {
        nodes += 1;
        if n.comment.is_some() {
            comments += 1;
        }
        if let Some((_, mv)) = n.mv {
            moves += 1;
            if mv == miai_goban::Move::Pass {
                passes += 1;
            }
        }
        if n.children.is_empty() {
            leaves += 1;
        }
        stack.extend(n.children.iter());
    }
    let first: Vec<Value> = rec
        .root
        .children
        .iter()
        .map(|c| match c.mv {
            Some((col, miai_goban::Move::Play(v))) => Value::String(format!(
                "{}{}",
                col.letter(),
                rec.graph.sgf_name(v).unwrap_or_default()
            )),
            Some((col, miai_goban::Move::Pass)) => Value::String(col.letter().to_string()),
            None => Value::Null,
        })
        .collect();
    json!({
        "nodes": nodes, "moves": moves, "passes": passes, "leaves": leaves,
        "comments": comments, "setup": rec.root.setup.len(), "first_moves": first,
    })
}

/// Runs one checker script; `None` (said on stderr) when its reader is
/// missing and the readers are not required.
fn run_checker(program: &str, script: &str, file: &Path) -> Option<Value> {
    let required = std::env::var("MIAI_REQUIRE_SGF_READERS").is_ok_and(|v| v == "1");
    let out = match Command::new(program).arg(repo(script)).arg(file).output() {
        Ok(o) => o,
        Err(e) => {
            assert!(
                !required,
                "{program} cannot run ({e}) and the SGF readers are required"
            );
            eprintln!("SKIPPED {script}: {program} cannot run: {e}");
            return None;
        }
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() == Some(3) {
        assert!(!required, "{script}: {stderr} (MIAI_REQUIRE_SGF_READERS=1)");
        eprintln!(
            "SKIPPED {script}: {stderr}\
             (pip install sgfmill; npm ci in tools/sgfcheck/; .ci/run does both)"
        );
        return None;
    }
    assert!(
        out.status.success(),
        "{script} refuses {}: {stderr}",
        file.display()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    Some(
        serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("{script}: not JSON ({e}): {stdout}")),
    )
}

/// The three readers agree on `file`.
fn check_with_readers(file: &Path) {
    let text = std::fs::read_to_string(file).expect("the SGF was written");
    let own = own_stats(&text);
    for (program, script) in [
        ("python3", "tools/sgfcheck/check_sgfmill.py"),
        ("node", "tools/sgfcheck/check_sabaki.mjs"),
    ] {
        let Some(theirs) = run_checker(program, script, file) else {
            continue;
        };
        for key in [
            "nodes",
            "moves",
            "passes",
            "leaves",
            "comments",
            "setup",
            "first_moves",
        ] {
            assert_eq!(theirs[key], own[key], "{script}: {key} differs\n{text}");
        }
    }
}

#[test]
fn sgf_out_opens_in_two_independent_readers() {
    for (name, problem) in [
        (
            "straight-three.sgf",
            "crates/tsumego/tests/data/classic/01_straight_three_corner.txt",
        ),
        (
            "approach-ko.sgf",
            "crates/tsumego/tests/data/seed003/04a_approach_ko_n2.txt",
        ),
    ] {
        let out = out_path(name);
        let _ = std::fs::remove_file(&out);
        let (code, _, err) = miai(&[
            "tsumego",
            repo(problem).to_str().expect("a UTF-8 path"),
            "--sgf-out",
            out.to_str().expect("a UTF-8 path"),
        ]);
        assert_eq!(code, 0, "{problem}: {err}");
        assert!(err.contains("wrote the solution"), "{err}");
        let text = std::fs::read_to_string(&out).expect("the SGF was written");
        assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
        // The first moves are marked at the root and commented.
        assert!(
            text.contains("Correct.") || text.contains("Wrong."),
            "{text}"
        );
        check_with_readers(&out);
    }
}

#[test]
fn served_sgf_download_opens_in_two_independent_readers() {
    let server = Server::start();
    let diagram = std::fs::read_to_string(repo(
        "crates/tsumego/tests/data/classic/02_bent_three_corner.txt",
    ))
    .expect("test data");
    let answer = server.fetch(
        "POST",
        "/api/tsumego/sgf",
        "application/json",
        json!({ "diagram": diagram }).to_string().as_bytes(),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        answer
            .head
            .to_ascii_lowercase()
            .contains("content-type: application/x-go-sgf"),
        "{}",
        answer.head
    );
    let out = out_path("served.sgf");
    std::fs::write(&out, &answer.body).expect("scratch file");
    check_with_readers(&out);
}

#[test]
fn served_play_refutes_a_wrong_move_and_checks_its_moves() {
    let server = Server::start();
    let diagram = std::fs::read_to_string(repo(
        "crates/tsumego/tests/data/classic/01_straight_three_corner.txt",
    ))
    .expect("test data");
    let play = |moves: Value, reply: bool| {
        server.post_json(
            "/api/tsumego/play",
            &json!({ "diagram": diagram, "first": "attacker", "moves": moves, "reply": reply }),
        )
    };
    // The problem alone: the attacker to move kills; the region is given
    // for drawing.
    let (code, start) = play(json!([]), false);
    assert_eq!(code, 200, "{start}");
    assert_eq!(start["favours"], "attacker", "{start}");
    assert!(start["reply"].is_null());
    let region: Vec<&str> = start["region"]
        .as_array()
        .expect("region")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        region.contains(&"A19") && region.contains(&"B19"),
        "{start}"
    );
    // Every empty point of the region played first: the solver's reply
    // keeps the result it states, which the next request confirms with
    // the reply on the board and the first player to move.
    for first in ["A19", "B19", "C19"] {
        let (code, a) = play(json!([first]), true);
        assert_eq!(code, 200, "{a}");
        let reply = a["reply"]["point"].as_str().expect("a reply").to_string();
        let (code, b) = play(json!([first, reply]), false);
        assert_eq!(code, 200, "{b}");
        assert_eq!(b["to_move"], "B", "{b}");
        assert_eq!(a["favours"], b["favours"], "{first}: {a}\n{b}");
        // The window's stones change with the reply (or it is a tenuki).
        if reply != "tenuki" {
            assert_ne!(a["stones"], a["stones_after_reply"], "{a}");
        }
    }
    // A move outside the region is refused, naming it.
    let (code, e) = play(json!(["K10"]), true);
    assert_eq!(code, 400, "{e}");
    assert!(
        e["error"]
            .as_str()
            .is_some_and(|m| m.contains("moves[0]: K10 is not in the region")),
        "{e}"
    );
    let (code, e) = server.post_json(
        "/api/tsumego/play",
        &json!({ "diagram": diagram, "reach": 0 }),
    );
    assert_eq!(code, 400, "{e}");
}
