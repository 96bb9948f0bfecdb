//! `miai achieve animal` end to end: a loser's paving, a winner's board
//! number, a Maker win whose certificate the checker accepts, the strong
//! game, and clean errors.

use std::process::{Command, Output};

fn miai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(args)
        .output()
        .expect("run miai")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_square_tetromino_is_a_loser_by_paving() {
    let o = miai(&["achieve", "animal", "pave", "O4"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("O4 (##/##) is a loser"), "{out}");
    // The printed paving has dominoes in it.
    assert!(out.contains("<>"), "{out}");
}

#[test]
fn the_l_tetromino_has_board_number_four() {
    let o = miai(&["achieve", "animal", "number", "L4", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["number"], 4);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards[boards.len() - 2]["winner"], "breaker");
}

#[test]
fn a_maker_win_on_a_board_comes_with_a_certificate_the_checker_accepts() {
    let cert = std::env::temp_dir().join(format!("miai-animal-{}-z4.cert", std::process::id()));
    let path = cert.to_str().unwrap();
    let o = miai(&[
        "achieve",
        "animal",
        "solve",
        "Z4",
        "--board",
        "3x3",
        "--certificate",
        path,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("Maker wins"), "{}", stdout(&o));
    let v = miai(&["achieve", "verify", path]);
    assert_eq!(v.status.code(), Some(0), "{}", stdout(&v));
    assert!(
        stdout(&v).starts_with("accepted: maker wins"),
        "{}",
        stdout(&v)
    );
    // The certificate names the animal and the board, so the checker
    // derives the placements itself: a wrong board is refused.
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(
        text.contains("\nanimal ") && text.contains("\nboard 3x3\n"),
        "{text}"
    );
    std::fs::write(&cert, text.replace("\nboard 3x3\n", "\nboard 4x3\n")).unwrap();
    let v = miai(&["achieve", "verify", path]);
    assert_ne!(v.status.code(), Some(0), "{}", stdout(&v));
    let _ = std::fs::remove_file(&cert);
}

#[test]
fn the_t_tetromino_is_forced_in_four_moves_with_a_checked_certificate() {
    let cert = std::env::temp_dir().join(format!("miai-animal-{}-t4.cert", std::process::id()));
    let path = cert.to_str().unwrap();
    let o = miai(&[
        "achieve",
        "animal",
        "moves",
        "T4",
        "--board",
        "5",
        "--json",
        "--certificate",
        path,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["moves"], 4);
    assert_eq!(v["refuted"], 3);
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(text.contains("\nwithin 4\n"), "{text}");
    let ok = miai(&["achieve", "verify", path]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    // Claiming three moves is refused by the checker.
    std::fs::write(&cert, text.replace("\nwithin 4\n", "\nwithin 3\n")).unwrap();
    let bad = miai(&["achieve", "verify", path]);
    assert_ne!(bad.status.code(), Some(0), "{}", stdout(&bad));
    let _ = std::fs::remove_file(&cert);
}

#[test]
fn the_strong_game_of_the_v_tromino_is_won_on_three_by_three_only() {
    let won = miai(&[
        "achieve", "animal", "solve", "V3", "--board", "3", "--strong",
    ]);
    assert!(
        stdout(&won).contains("the first player wins"),
        "{}",
        stdout(&won)
    );
    let lost = miai(&[
        "achieve", "animal", "solve", "V3", "--board", "2", "--strong",
    ]);
    assert!(stdout(&lost).contains("cannot win"), "{}", stdout(&lost));
}

#[test]
fn bad_animals_and_boards_are_refused_with_the_reason() {
    let o = miai(&["achieve", "animal", "show", "0,0 2,0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not edge-connected"));
    let o = miai(&["achieve", "animal", "solve", "L4", "--board", "0x3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("board side 0"));
}
