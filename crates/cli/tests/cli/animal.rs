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
    let scratch = super::common::scratch();
    let cert = scratch.path().join("z4.cert");
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
}

#[test]
fn the_t_tetromino_is_forced_in_four_moves_with_a_checked_certificate() {
    let scratch = super::common::scratch();
    let cert = scratch.path().join("t4.cert");
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

#[test]
fn snaky_6x6_gets_a_certificate_with_pairing_lines_and_a_wrong_pairing_is_refused() {
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let cert = dir.join("snaky6.cert");
    let c = cert.to_str().unwrap();
    let o = miai(&[
        "achieve",
        "animal",
        "solve",
        "snaky",
        "--board",
        "6",
        "--symmetric",
        "--certificate",
        c,
    ]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("Breaker wins"), "{}", stdout(&o));
    assert!(stdout(&o).contains("pairing lines"), "{}", stdout(&o));
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(text.lines().any(|l| l.starts_with("pairs ")));
    let v = miai(&["achieve", "verify", c]);
    assert!(v.status.success(), "{}", stdout(&v));
    assert!(
        stdout(&v).starts_with("accepted: breaker wins"),
        "{}",
        stdout(&v)
    );
    // Drop the last pair of every pairing line: some copy then holds no
    // pair (a pairing of the search is never one pair too many on every
    // line), and the checker refuses it.
    let cut: String = text
        .lines()
        .map(|l| match l.strip_prefix("pairs ") {
            Some(rest) => {
                let mut f: Vec<&str> = rest.split_whitespace().collect();
                f.pop();
                format!("pairs {}\n", f.join(" "))
            }
            None => format!("{l}\n"),
        })
        .collect();
    let bad = dir.join("cut.cert");
    std::fs::write(&bad, cut).unwrap();
    let v = miai(&["achieve", "verify", bad.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(1), "{}", stdout(&v));
    assert!(stdout(&v).contains("pairing"), "{}", stdout(&v));
}

#[test]
fn the_animal_api_draws_a_winners_line_a_losers_paving_and_refuses_bad_input() {
    use super::common::{Server, assert_error};
    use serde_json::{Value, json};
    let s = Server::start();
    let (status, v) = s.post_json(
        "/api/achieve/animal",
        &json!({"animal": "L4", "board": "4x4"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["animal"]["orientations"].as_array().unwrap().len(), 8);
    assert_eq!(v["board"]["cells"].as_array().unwrap().len(), 16);
    assert!(v["paving"].is_null(), "{v}");
    let g = &v["game"];
    assert_eq!(g["winner"], "maker", "{g}");
    assert_eq!(g["placements"], 48);
    // The line alternates from Maker, on distinct board cells, and Maker's
    // stones hold the copy it ends with.
    let line = g["line"].as_array().unwrap();
    let cell = |m: &Value| {
        (
            m["cell"][0].as_i64().unwrap(),
            m["cell"][1].as_i64().unwrap(),
        )
    };
    let mut seen = std::collections::HashSet::new();
    for (i, m) in line.iter().enumerate() {
        assert_eq!(m["player"], if i % 2 == 0 { "maker" } else { "breaker" });
        let (x, y) = cell(m);
        assert!((0..4).contains(&x) && (0..4).contains(&y) && seen.insert((x, y)));
    }
    let makers: Vec<_> = line.iter().step_by(2).map(cell).collect();
    let copy = g["copy"].as_array().unwrap();
    assert_eq!(copy.len(), 4);
    for c in copy {
        assert!(makers.contains(&(c[0].as_i64().unwrap(), c[1].as_i64().unwrap())));
    }
    // A loser: Snaky on 5x5 ends on a pairing, with no copy.
    let (status, v) = s.post_json(
        "/api/achieve/animal",
        &json!({"animal": "##.../.####", "board": "5x5"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["game"]["winner"], "breaker");
    assert!(
        v["game"]["copy"].is_null() && v["game"]["pairs"].is_array(),
        "{v}"
    );
    // No board: the paving search.
    let (status, v) = s.post_json("/api/achieve/animal", &json!({"animal": "O4"}));
    assert_eq!(status, 200, "{v}");
    assert!(v["game"].is_null());
    assert_eq!(v["paving"]["result"]["result"], "found", "{v}");
    for (body, needle) in [
        (
            json!({"animal": "snaky", "board": "9x9"}),
            "at most 64 cells",
        ),
        (
            json!({"animal": "L4", "board": "4x4", "symmetry": "sideways"}),
            "symmetry",
        ),
        (json!({"animal": "#############"}), "at most 12"),
        (json!({"animal": "L4", "max_period": 9}), "max_period"),
        (json!({"animal": "#.#"}), "animal"),
    ] {
        let (status, v) = s.post_json("/api/achieve/animal", &body);
        assert_error(status, &v, 400, needle);
    }
}
