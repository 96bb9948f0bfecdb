//! `miai board` end to end on the files in `examples/board/`.

use std::process::Command;

/// `miai ARGS` from the repository root: success, stdout, stderr.
fn miai(args: &[&str]) -> (bool, String, String) {
    let (code, out, err) = miai_code(args);
    (code == Some(0), out, err)
}

#[test]
fn show_lists_chains_and_liberties() {
    let (ok, out, _) = miai(&[
        "board",
        "show",
        "examples/board/seed003-ko.txt",
        "--to-move",
        "black",
    ]);
    assert!(ok);
    assert!(out.contains("19x19 board, Black to move"), "{out}");
    // The marked White stone C19 of the seed: one liberty, D19.
    assert!(out.contains("White C19: 1 stone, 1 liberty: D19"), "{out}");
}

#[test]
fn play_reports_ko() {
    let (ok, _, err) = miai(&[
        "board",
        "play",
        "examples/board/seed003-ko.txt",
        "--to-move",
        "black",
        "D19",
        "C19",
    ]);
    assert!(!ok);
    assert!(err.contains("illegal move White C19: ko"), "{err}");
    // The same ko from the SGF record: Black can't retake at once.
    let (ok, _, err) = miai(&["board", "play", "examples/board/seed003-ko.sgf", "da"]);
    assert!(!ok);
    assert!(err.contains("illegal move Black D19: ko"), "{err}");
}

#[test]
fn play_reports_suicide_and_occupied() {
    let (ok, _, err) = miai(&[
        "board",
        "play",
        "examples/board/suicide.txt",
        "--to-move",
        "white",
        "C2",
    ]);
    assert!(!ok);
    assert!(err.contains("suicide"), "{err}");
    let (ok, out, _) = miai(&[
        "board",
        "play",
        "examples/board/suicide.txt",
        "--rules",
        "tromp-taylor",
        "--to-move",
        "white",
        "C2",
    ]);
    assert!(ok);
    assert!(out.contains("suicide of 2"), "{out}");
    let (ok, _, err) = miai(&["board", "play", "examples/board/suicide.txt", "B3"]);
    assert!(!ok);
    assert!(err.contains("occupied"), "{err}");
}

#[test]
fn play_reports_superko() {
    // White's one-stone suicide recreates the board: positional superko
    // (Tromp-Taylor) forbids it, situational superko (New Zealand) not.
    let file = "examples/board/one-stone-suicide.txt";
    let (ok, _, err) = miai(&[
        "board",
        "play",
        file,
        "--rules",
        "tromp-taylor",
        "--to-move",
        "white",
        "B2",
    ]);
    assert!(!ok);
    assert!(
        err.contains("illegal move White B2: positional superko"),
        "{err}"
    );
    let (ok, out, err) = miai(&[
        "board",
        "play",
        file,
        "--rules",
        "new-zealand",
        "--to-move",
        "white",
        "B2",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("suicide of 1"), "{out}");
}

#[test]
fn score_by_the_rules() {
    // Counted by hand in crates/goban/tests/rules.rs.
    let (ok, out, _) = miai(&[
        "board",
        "score",
        "examples/board/counted.txt",
        "--rules",
        "chinese",
        "--dead",
        "E1",
    ]);
    assert!(ok);
    assert!(
        out.ends_with("Black 10, White 15 + komi 7.5: W+12.5\n"),
        "{out}"
    );
    let (ok, out, _) = miai(&[
        "board",
        "score",
        "examples/board/counted.txt",
        "--rules",
        "japanese",
        "--komi",
        "0",
        "--dead",
        "E1",
    ]);
    assert!(ok);
    assert!(out.ends_with("Black 4, White 9 + komi 0: W+5\n"), "{out}");
    let (ok, _, err) = miai(&[
        "board",
        "score",
        "examples/board/counted.txt",
        "--dead",
        "D1",
    ]);
    assert!(!ok);
    assert!(
        err.contains("D1 is marked dead but holds no stone"),
        "{err}"
    );
}

#[test]
fn graphs_and_bad_files() {
    let (ok, out, _) = miai(&["board", "show", "examples/board/triangle.graph"]);
    assert!(ok);
    assert!(out.contains("White d: 1 stone, 1 liberty: c"), "{out}");
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "X O .\nX Q .\n").unwrap();
    let (ok, _, err) = miai(&["board", "show", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("line 2, column 3"), "{err}");
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;SZ[9]\n;B[ee\n").unwrap();
    let (ok, _, err) = miai(&["board", "show", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("line 2, column 3"), "{err}");
}

#[test]
fn issue18_long_sgf_and_bom() {
    // 100,000 moves once overflowed the stack of the SGF reader.
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let long = dir.join("long.sgf");
    let mut text = String::from("\u{feff}(;FF[4]SZ[9]AB[aa]");
    for i in 0..100_000 {
        text.push_str(if i % 2 == 0 { "(;B[]" } else { "(;W[]" });
    }
    text.push_str(&")".repeat(100_000));
    text.push(')');
    std::fs::write(&long, text).unwrap();
    let (ok, out, err) = miai(&["board", "show", long.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("9x9 board"), "{out}");
    assert!(out.contains("Black A9: 1 stone"), "{out}");
    if std::path::Path::new("/dev/zero").exists() {
        let (ok, _, err) = miai(&["board", "show", "/dev/zero"]);
        assert!(!ok);
        assert!(err.contains("/dev/zero") && err.contains("limit"), "{err}");
    }
}

/// `miai ARGS` from the repository root: exit code, stdout, stderr.
fn miai_code(args: &[&str]) -> (Option<i32>, String, String) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .current_dir(root)
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The rows of the board drawn in `out`, by row number.
fn row(out: &str, n: usize) -> String {
    out.lines()
        .find(|l| {
            l.trim_start().starts_with(&format!("{n} ")) && l.trim_end().ends_with(&n.to_string())
        })
        .unwrap_or_else(|| panic!("no row {n} in {out}"))
        .to_string()
}

/// Issue 21: the count's diagram shows E1 taken off and every point's
/// owner, as `Position::ownership` has it.
#[test]
fn score_draws_the_count() {
    let (code, out, err) = miai_code(&[
        "board",
        "score",
        "examples/board/counted.txt",
        "--rules",
        "chinese",
        "--dead",
        "E1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    // counted.txt: row 1 is `. X O . X`; E1 is dead, so D1 and E1 are
    // White's, A1 Black's.
    assert_eq!(row(&out, 1), " 1  x X O o o 1");
    assert_eq!(row(&out, 2), " 2  x X O O O 2");
    assert!(out.contains("dead: E1 (Black)"), "{out}");
    // Without the dead stone E1 stays a stone and D1 is neutral.
    let (_, out, _) = miai_code(&["board", "score", "examples/board/counted.txt"]);
    assert_eq!(row(&out, 1), " 1  x X O . X 1");
    assert!(!out.contains("dead:"), "{out}");
}

/// Issue 21: an illegal move is refused with the board before it and the
/// reason, exit 1; the last move is in parentheses.
#[test]
fn play_shows_the_board_after_an_illegal_move_and_marks_the_last_move() {
    let (code, out, err) = miai_code(&[
        "board",
        "play",
        "examples/board/seed003-ko.txt",
        "--to-move",
        "black",
        "D19",
        "C19",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(out.contains("last move: Black D19"), "{out}");
    // Black D19 captured C19; White's retake is refused.
    assert!(row(&out, 19).contains(". X .(X)"), "{out}");
    assert!(
        out.contains("move 2 (C19) not played: illegal move White C19: ko"),
        "{out}"
    );
    assert!(err.contains("illegal move White C19: ko"), "{err}");
    // A legal line: exit 0, the last move marked.
    let (code, out, _) = miai_code(&["board", "play", "examples/board/counted.txt", "D5", "pass"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("last move: White pass"), "{out}");
    assert!(!out.contains('('), "{out}");
    let (_, out, _) = miai_code(&["board", "play", "examples/board/counted.txt", "D5"]);
    assert_eq!(row(&out, 5), " 5  . X O(X). 5");
    let (_, out, _) = miai_code(&["board", "play", "examples/board/counted.txt", "E5"]);
    assert_eq!(row(&out, 5), " 5  . X O .(X)5");
    // A coordinate that is no point is bad input: exit 2.
    let (code, _, _) = miai_code(&["board", "play", "examples/board/counted.txt", "Z9"]);
    assert_eq!(code, Some(2));
}

/// Issue 21: `--rules` defaults from the SGF's RU[]; an explicit flag wins;
/// unknown rules are a note, not an error.
#[test]
fn rules_come_from_the_sgf() {
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let write = |name: &str, ru: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("(;FF[4]GM[1]SZ[5]{ru}AB[aa][bb]AW[dd];B[cc])"),
        )
        .unwrap();
        path.to_string_lossy().into_owned()
    };
    let japanese = write("jp.sgf", "RU[Japanese]");
    let (code, out, _) = miai_code(&["board", "show", &japanese]);
    assert_eq!(code, Some(0));
    assert!(out.contains("territory scoring"), "{out}");
    assert!(out.contains("(the SGF's RU[Japanese])"), "{out}");
    assert!(out.contains("last move: Black C3"), "{out}");
    assert!(row(&out, 3).contains("(X)"), "{out}");
    let (_, out, _) = miai_code(&["board", "show", &japanese, "--rules", "chinese"]);
    assert!(
        out.contains("area scoring") && !out.contains("RU["),
        "{out}"
    );
    let odd = write("odd.sgf", "RU[GOE]");
    let (code, out, err) = miai_code(&["board", "score", &odd]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("note: the SGF's RU[GOE]"), "{err}");
    assert!(out.contains("area scoring"), "{out}");
    let none = write("none.sgf", "");
    let (_, out, err) = miai_code(&["board", "show", &none]);
    assert!(out.contains("area scoring") && err.is_empty(), "{out}{err}");
}

/// A 100,000-move main line and 100,000 nested variations through every
/// subcommand that reads SGF (`board show`, `tsumego`, `semeai`): each
/// answers or refuses with an exit code; before issue 18's fix the SGF
/// reader overflowed the stack at about 20,000 moves and the process died
/// of a signal.
#[test]
fn issue18_long_sgf_through_every_reader() {
    let scratch = super::common::scratch();
    let dir = scratch.path();
    for nested in [false, true] {
        let mut text = String::from("(;FF[4]SZ[9]AB[aa][ba][ab]AW[ca][cb][bc][ac]");
        for i in 0..100_000 {
            if nested {
                text.push('(');
            }
            text.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
        }
        if nested {
            text.push_str(&")".repeat(100_000));
        }
        text.push(')');
        let path = dir.join(if nested { "deep.sgf" } else { "long.sgf" });
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        for args in [
            &["board", "show", path][..],
            &["tsumego", path, "--max-nodes", "1000"],
            &["semeai", path, "--max-nodes", "1000"],
        ] {
            let out = Command::new(env!("CARGO_BIN_EXE_miai"))
                .args(args)
                .output()
                .expect("runs");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                matches!(out.status.code(), Some(0..=2)),
                "{args:?}: {:?} {err}",
                out.status
            );
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
        let (ok, out, err) = miai(&["board", "show", path]);
        assert!(ok, "{err}");
        assert!(out.contains("9x9 board"), "{out}");
    }
}
