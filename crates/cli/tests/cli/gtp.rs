//! `miai gtp` end to end: the binary driven by a GTP controller
//! (`miai_gtp::client`), the analysis commands against `miai tsumego` on
//! the seed-003 diagrams, and a game against GNU Go, the independent
//! referee (skipped, with a notice, where `gnugo` is not installed; CI
//! installs it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use miai_gtp::client::Client;
use serde_json::Value;

fn miai() -> &'static str {
    env!("CARGO_BIN_EXE_miai")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn gtp_answers_a_controller_and_quit_ends_the_process() {
    let mut c = Client::spawn(miai(), &["gtp", "--max-nodes", "100000"]).expect("miai gtp starts");
    assert_eq!(c.ok("protocol_version").unwrap(), "2");
    assert_eq!(c.ok("name").unwrap(), "miai");
    c.ok("boardsize 9").unwrap();
    c.ok("play black E5").unwrap();
    let err = c.send("play white e5").unwrap().unwrap_err();
    assert!(err.starts_with("illegal move"), "{err}");
    let board = c.ok("showboard").unwrap();
    assert!(
        board.lines().any(|l| l
            .split_whitespace()
            .eq(["5", ".", ".", ".", ".", "X", ".", ".", ".", ".", "5"])),
        "{board}"
    );
    // Raw bytes: CR LF line ends, a comment, an empty line, then quit.
    let mut child = Command::new(miai())
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(b"# hello\r\n\r\n3 name\r\n4 quit\r\n5 name\r\n")
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "=3 miai\n\n=4 \n\n");
}

/// The status word and the side (`attacker` / `defender`) of a
/// `miai-tsumego` answer.
fn gtp_status(answer: &str) -> (String, String) {
    let text = answer
        .strip_prefix("TEXT ")
        .unwrap_or_else(|| panic!("{answer}"));
    let word = text.split_whitespace().next().unwrap().to_string();
    let side = if text.contains("(attacker)") {
        "attacker"
    } else if text.contains("(defender)") {
        "defender"
    } else {
        panic!("no side in {answer}")
    };
    (word, side.to_string())
}

#[test]
fn the_analysis_commands_answer_on_the_seed003_diagrams_as_the_cli_does() {
    let dir = root().join("crates/tsumego/tests/data/seed003");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{} files", files.len());
    let mut gtp = Client::spawn(miai(), &["gtp"]).unwrap();
    let mut compared = 0;
    for f in &files {
        let loaded = gtp
            .send(&format!("miai-loadproblem {}", f.display()))
            .unwrap();
        let loaded = loaded.unwrap_or_else(|m| panic!("{}: {m}", f.display()));
        assert!(loaded == "black" || loaded == "white", "{loaded}");
        let answer = gtp.ok("miai-tsumego").unwrap();
        let (word, side) = gtp_status(&answer);
        let out = Command::new(miai())
            .args([
                "tsumego",
                &f.display().to_string(),
                "--first",
                &side,
                "--json",
            ])
            .output()
            .unwrap();
        let json: Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let cli = json["results"][0]["status"].as_str().unwrap();
        assert_eq!(word, cli, "{}: GTP {answer:?}", f.display());
        // The best move is the CLI's principal variation's first move.
        if let Some(first) = json["results"][0]["pv"][0]["point"].as_str() {
            let first = if first == "tenuki" { "pass" } else { first };
            assert!(
                answer.contains(&format!("best {first};")) || word == "unproven",
                "{}: {answer} vs {first}",
                f.display()
            );
        }
        compared += 1;
    }
    assert_eq!(compared, files.len());
}

/// GNU Go, if installed: on PATH or where Debian puts it.
fn gnugo() -> Option<String> {
    for p in ["gnugo", "/usr/games/gnugo"] {
        if Command::new(p)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
        {
            return Some(p.to_string());
        }
    }
    None
}

fn stones(c: &mut Client) -> (Vec<String>, Vec<String>) {
    let mut sorted = |color: &str| {
        let mut v: Vec<String> = c
            .ok(&format!("list_stones {color}"))
            .unwrap()
            .split_whitespace()
            .map(str::to_ascii_uppercase)
            .collect();
        v.sort();
        v
    };
    (sorted("black"), sorted("white"))
}

#[test]
fn a_game_against_gnu_go_keeps_both_boards_equal_move_by_move() {
    let Some(gnugo) = gnugo() else {
        eprintln!("SKIPPED: gnugo is not installed (apt-get install gnugo); .ci/run installs it");
        return;
    };
    let mut referee = Client::spawn(&gnugo, &["--mode", "gtp", "--level", "1"]).unwrap();
    let mut engine = Client::spawn(miai(), &["gtp", "--max-nodes", "2000"]).unwrap();
    for c in [&mut referee, &mut engine] {
        c.ok("boardsize 7").unwrap();
        c.ok("clear_board").unwrap();
        c.ok("komi 0.5").unwrap();
    }
    let mut passes = 0;
    let mut moves = 0;
    let mut color = "black";
    while passes < 2 && moves < 120 {
        // GNU Go plays Black, miai White; each move goes to the other
        // engine, which must accept it under its own rules.
        let (mover, other) = if color == "black" {
            (&mut referee, &mut engine)
        } else {
            (&mut engine, &mut referee)
        };
        let mv = mover
            .ok(&format!("genmove {color}"))
            .unwrap()
            .to_ascii_uppercase();
        if mv == "RESIGN" {
            break;
        }
        other
            .ok(&format!("play {color} {mv}"))
            .unwrap_or_else(|e| panic!("move {moves}: the other engine refused {color} {mv}: {e}"));
        passes = if mv == "PASS" { passes + 1 } else { 0 };
        moves += 1;
        assert_eq!(
            stones(&mut referee),
            stones(&mut engine),
            "after move {moves} ({color} {mv})"
        );
        color = if color == "black" { "white" } else { "black" };
    }
    assert!(moves >= 10, "a game of {moves} moves");
    // Undo on both: the boards stay equal.
    for _ in 0..4 {
        referee.ok("undo").unwrap();
        engine.ok("undo").unwrap();
        assert_eq!(stones(&mut referee), stones(&mut engine));
    }
}

#[test]
fn loadsgf_reads_what_gnu_go_reads() {
    let Some(gnugo) = gnugo() else {
        eprintln!("SKIPPED: gnugo is not installed (apt-get install gnugo); .ci/run installs it");
        return;
    };
    let file = root().join("examples/board/seed003-ko.sgf");
    assert!(Path::new(&file).exists());
    let mut referee = Client::spawn(&gnugo, &["--mode", "gtp"]).unwrap();
    let mut engine = Client::spawn(miai(), &["gtp"]).unwrap();
    let f = file.display();
    let a = referee.ok(&format!("loadsgf {f}")).unwrap();
    let b = engine.ok(&format!("loadsgf {f}")).unwrap();
    assert_eq!(a, b, "the player to move");
    assert_eq!(stones(&mut referee), stones(&mut engine));
}
