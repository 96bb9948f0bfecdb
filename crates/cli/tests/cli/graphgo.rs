//! `miai graphgo` end to end.

use std::process::Command;

use super::common::miai;

#[test]
fn solve_2x2_json() {
    // 2x2 = 1 (Tromp; Sensei's Library, Bill Taylor's proof).
    let (code, out, _) = miai(&["graphgo", "solve", "--board", "2x2", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"], 1);
    assert_eq!(v["proven"], true);
}

#[test]
fn solve_1x4_text() {
    // 1x4 = 4 (Drange et al.).
    let (code, out, _) = miai(&["graphgo", "solve", "--board", "1x4"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("score +4"), "{out}");
}

#[test]
fn classes_of_a_cycle() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/graphgo/c4_two_eyes.graph"
    );
    let (code, out, _) = miai(&["graphgo", "classes", path, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ultimate"], true);
    assert_eq!(v["chinese_score"], -4);
    assert_eq!(v["score"], 4);
    assert_eq!(v["winner"], "B");
}

const K23: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/graphgo/k23.graph"
);

/// One convention across the subcommands (issue 21): scores from Black's
/// view in both (the seed's s_c printed as what it is), the graph as a
/// FILE argument in both (the old `solve --graph FILE` still works), and
/// both `--help`s say so.
#[test]
fn both_subcommands_share_one_convention() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/graphgo/c4_two_eyes.graph"
    );
    let (code, out, _) = miai(&["graphgo", "classes", path]);
    assert_eq!(code, 0);
    assert!(
        out.contains("score +4 (Black's view; the seed's s_c = -4, White minus Black)"),
        "{out}"
    );
    assert!(out.contains("Black wins"), "{out}");
    let (code, by_file, _) = miai(&["graphgo", "solve", K23, "--json"]);
    assert_eq!(code, 0);
    let (code, by_flag, _) = miai(&["graphgo", "solve", "--graph", K23, "--json"]);
    assert_eq!(code, 0);
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&by_file).unwrap(),
        serde_json::from_str(&by_flag).unwrap(),
    );
    assert_eq!(a["score"], b["score"]);
    assert_eq!(a["pv"], b["pv"]);
    let (code, _, err) = miai(&["graphgo", "solve", K23, "--board", "2x2"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = miai(&["graphgo", "classes", "--graph", path, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"], 4);
    for command in ["solve", "classes"] {
        let (code, help, _) = miai(&["graphgo", command, "--help"]);
        assert_eq!(code, 0);
        assert!(help.contains("from Black's view"), "{command}: {help}");
        assert!(
            help.contains("[FILE]") || help.contains("<FILE>"),
            "{command}: {help}"
        );
        assert!(!help.contains("--graph"), "{command}: {help}");
    }
}

/// The table is sized by the board as well as `--table-mb`: 3x3 needs
/// kilobytes, and the report says how much it held.
#[test]
fn a_small_board_needs_a_small_table() {
    let (code, out, _) = miai(&["graphgo", "solve", "--board", "3x3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"], 9);
    let bytes = v["table_bytes"].as_u64().unwrap();
    let entries = v["table_entries"].as_u64().unwrap();
    assert!(entries > 0 && bytes >= entries, "{entries} {bytes}");
    assert!(bytes < 1 << 20, "{bytes}");
    let (_, text, _) = miai(&["graphgo", "solve", "--board", "3x3"]);
    assert!(
        text.contains(&format!("table {entries} entries in ")),
        "{text}"
    );
}

#[test]
fn bad_inputs() {
    let (code, _, err) = miai(&["graphgo", "solve", "--board", "3by3"]);
    assert_ne!(code, 0);
    assert!(err.contains("WxH"), "{err}");
    let (code, _, err) = miai(&["graphgo", "solve", "--board", "9x9"]);
    assert_ne!(code, 0);
    assert!(err.contains("at most 64"), "{err}");
    let (code, out, _) = miai(&[
        "graphgo", "solve", "--board", "4x4", "--nodes", "500", "--json",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("\"proven\": false"), "{out}");
    let scratch = super::common::scratch();
    let dir = scratch.path().join("bad.graph");
    std::fs::write(&dir, "a b\nc d\n").unwrap();
    let (code, _, err) = miai(&["graphgo", "classes", dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("not connected"), "{err}");
    std::fs::write(&dir, "a b\nblack: a b\n").unwrap();
    let (code, _, err) = miai(&["graphgo", "classes", dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("no liberties"), "{err}");
}

/// `graphgo solve` takes the shared limit flags; a value that is not a
/// positive finite number in range is a clear error (exit 2), never a
/// panic (`--time nan` used to panic).
#[test]
fn solve_refuses_bad_limits() {
    for flag in [
        "--time",
        "--max-time",
        "--max-nodes",
        "--nodes",
        "--table-mb",
    ] {
        for bad in ["nan", "inf", "-1", "1e300", "0"] {
            let arg = format!("{flag}={bad}");
            let (code, _, err) = miai(&["graphgo", "solve", "--board", "2x2", &arg]);
            assert_eq!(code, 2, "{arg}: {err}");
            assert!(err.contains(bad), "{arg}: {err}");
            assert!(!err.contains("panicked"), "{arg}: {err}");
        }
    }
}

/// A komi that is not a finite number would decide every game: refused.
#[test]
fn solve_refuses_a_komi_that_is_not_finite() {
    for bad in ["nan", "inf", "-inf", "x"] {
        for command in ["solve", "classes"] {
            let arg = format!("--komi={bad}");
            let args: Vec<&str> = if command == "solve" {
                vec!["graphgo", "solve", "--board", "2x2", &arg]
            } else {
                vec!["graphgo", "classes", "x.graph", &arg]
            };
            let (code, _, err) = miai(&args);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(err.contains("--komi"), "{args:?}: {err}");
        }
    }
    let (code, out, _) = miai(&["graphgo", "solve", "--board", "1x3", "--komi", "-2.5"]);
    assert_eq!(code, 0);
    assert!(out.contains("komi -2.5: Black wins"), "{out}");
}

/// A cut-off solve says why in words (and as a word in JSON), not in
/// Rust's Debug form (`stopped by Some(Nodes)`).
#[test]
fn a_cut_off_says_why_in_words() {
    let (code, out, _) = miai(&["graphgo", "solve", "--board", "4x4", "--max-nodes", "300"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("unproven: node limit reached after 300 nodes"),
        "{out}"
    );
    assert!(!out.contains("Some("), "{out}");
    let (code, out, _) = miai(&[
        "graphgo",
        "solve",
        "--board",
        "4x4",
        "--max-nodes",
        "300",
        "--json",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stopped"], "nodes");
    assert_eq!(v["nodes"], 300);
}

/// `--table-bits` is gone with a pointer to `--table-mb`; a huge
/// `--table-mb` is a ceiling, not an allocation: 2x2 solves within a
/// 4 GB address-space limit with a 20,000 MiB table.
#[test]
fn the_table_is_sized_in_mib_and_grows_lazily() {
    let (code, _, err) = miai(&["graphgo", "solve", "--board", "2x2", "--table-bits", "26"]);
    assert_eq!(code, 2);
    assert!(err.contains("--table-mb"), "{err}");
    let (code, out, _) = miai(&["graphgo", "solve", "--board", "2x2", "--table-mb", "1"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("score +1"), "{out}");
    if cfg!(target_os = "linux") {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 4000000 && exec '{}' graphgo solve --board 2x2 --table-mb 20000 --json",
                env!("CARGO_BIN_EXE_miai")
            ))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["score"], 1);
    }
}

/// The JSON carries the position after every move of the variation, the
/// last one being the final position.
#[test]
fn the_variation_comes_with_its_positions() {
    let (code, out, _) = miai(&["graphgo", "solve", "--board", "1x4", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let pv = v["pv"].as_array().unwrap();
    let steps = v["pv_steps"].as_array().unwrap();
    assert_eq!(pv.len(), steps.len());
    for (m, s) in pv.iter().zip(steps) {
        assert_eq!(
            m.as_str().unwrap(),
            format!(
                "{} {}",
                s["player"].as_str().unwrap(),
                s["move"].as_str().unwrap()
            )
        );
    }
    assert_eq!(steps.last().unwrap()["position"], v["final"]);
}

/// `solve --proof` writes a proof that `verify` accepts; a tampered copy
/// (a higher claimed value) is refused with the reason named, exit 1.
#[test]
fn solve_writes_a_proof_that_verify_accepts() {
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let file = dir.join("1x5.proof");
    let path = file.to_str().unwrap();
    let (code, out, err) = miai(&["graphgo", "solve", "--board", "1x5", "--proof", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("score +0"), "{out}");
    assert!(err.contains("proof: score >= 0 in"), "{err}");
    let (code, out, _) = miai(&["graphgo", "verify", path]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("accepted: score = 0 under positional superko"),
        "{out}"
    );
    let (code, out, _) = miai(&["graphgo", "verify", path, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["accepted"], true);
    assert_eq!(v["value"], 0);
    assert!(v["lower_nodes"].as_u64().unwrap() > 1);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replacen("\nvalue 0\n", "\nvalue 1\n", 1)).unwrap();
    let (code, out, _) = miai(&["graphgo", "verify", path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("refused: lower proof, node "), "{out}");
    assert!(out.contains("short of the claim >= 1"), "{out}");
    let (code, _, err) = miai(&["graphgo", "verify", dir.join("none").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
}

/// Solves 3x4 with the extra flags, checks the value (4) and returns the
/// nodes searched.
fn nodes_3x4(extra: &[&str]) -> u64 {
    nodes_of("3x4", 4, extra)
}

/// Solves `board` with the extra flags, checks the value and returns the
/// nodes searched.
fn nodes_of(board: &str, value: i64, extra: &[&str]) -> u64 {
    let mut args = vec!["graphgo", "solve", "--board", board, "--json"];
    args.extend_from_slice(extra);
    let (code, out, err) = miai(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"], value, "{board}");
    v["nodes"].as_u64().unwrap()
}

/// `--no-safety` leaves out the safe regions beyond Benson: the same
/// value, found by another number of nodes (3x4).
#[test]
fn no_safety_solves_the_same_value_another_way() {
    assert_ne!(nodes_3x4(&[]), nodes_3x4(&["--no-safety"]));
}

/// `--no-searched-regions` leaves out the regions decided by a local
/// search: the same value, found by more nodes (3x4).
#[test]
fn no_searched_regions_solves_the_same_value_with_more_nodes() {
    assert!(nodes_3x4(&[]) < nodes_3x4(&["--no-searched-regions"]));
}

/// `--keeping` adds the keeping game: the same value, found by fewer
/// nodes (3x4).
#[test]
fn keeping_solves_the_same_value_with_fewer_nodes() {
    assert!(nodes_3x4(&["--keeping"]) < nodes_3x4(&[]));
}

/// `--alternating` and `--enclosed` add their claims: the same value,
/// found by fewer nodes with each step (3x4: 49,460, 33,069, 25,439 when
/// measured), and neither writes a proof.
#[test]
fn alternating_and_enclosed_claims_solve_the_same_value_with_fewer_nodes() {
    let plain = nodes_3x4(&[]);
    let alternating = nodes_3x4(&["--alternating"]);
    let both = nodes_3x4(&["--alternating", "--enclosed"]);
    assert!(
        both < alternating && alternating < plain,
        "{plain} {alternating} {both}"
    );
    for flag in ["--alternating", "--enclosed"] {
        let (code, _, err) = miai(&[
            "graphgo", "solve", "--board", "2x2", flag, "--proof", "x.proof",
        ]);
        assert_eq!(code, 2, "{flag}: {err}");
        assert!(err.contains("cannot be used with"), "{flag}: {err}");
    }
}

/// `--no-reductions` searches every prover move to the full horizon, and
/// `--guess` starts the null-window tests elsewhere: the same value,
/// found by other numbers of nodes (3x4).
#[test]
fn reductions_and_guesses_change_the_nodes_not_the_value() {
    let plain = nodes_3x4(&[]);
    assert!(plain < nodes_3x4(&["--no-reductions"]));
    assert_ne!(plain, nodes_3x4(&["--guess", "-12"]));
    assert_ne!(plain, nodes_3x4(&["--guess", "4"]));
}

/// `--expect` runs only the side the guess says succeeds (3x4) and
/// `--deepen` picks the horizon's growth (1x8 = 3: auto is one ply at a
/// time past 26 plies on a line): the same value, found by other numbers
/// of nodes; `--expect` needs `--guess`.
#[test]
fn expect_and_deepen_change_the_nodes_not_the_value() {
    let guessed = nodes_3x4(&["--guess", "4"]);
    assert_ne!(guessed, nodes_3x4(&["--guess", "4", "--expect"]));
    let plain = nodes_of("1x8", 3, &[]);
    assert_eq!(plain, nodes_of("1x8", 3, &["--deepen", "one"]));
    assert_ne!(plain, nodes_of("1x8", 3, &["--deepen", "half"]));
    let (code, _, err) = miai(&["graphgo", "solve", "--board", "3x4", "--expect"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--guess"), "{err}");
}

/// `--free-captures` charges no ply for the prover's capture of the
/// stone just played: the same value, found by fewer nodes on a line
/// (1x8 = 3) and more on a grid (3x4 = 4).
#[test]
fn free_captures_change_the_nodes_not_the_value() {
    assert!(nodes_of("1x8", 3, &["--free-captures"]) < nodes_of("1x8", 3, &[]));
    assert!(nodes_3x4(&["--free-captures"]) > nodes_3x4(&[]));
}

/// `--doomed-lag 4` runs the side that ends open second four plies
/// shallower: the same value, found by fewer nodes on a line (1x8 = 3).
#[test]
fn a_shallower_doomed_side_changes_the_nodes_not_the_value() {
    assert!(nodes_of("1x8", 3, &["--doomed-lag", "4"]) < nodes_of("1x8", 3, &[]));
}

/// `--dfpn` decides each test by a proof-number search: the same value,
/// found by fewer nodes on a line (1x8 = 3) and more on a grid (3x4 =
/// 4); it runs on one thread, so `--threads` is refused beside it.
#[test]
fn proof_number_search_changes_the_nodes_not_the_value() {
    assert!(nodes_of("1x8", 3, &["--dfpn"]) < nodes_of("1x8", 3, &[]));
    assert!(nodes_3x4(&["--dfpn"]) > nodes_3x4(&[]));
    let (code, _, err) = miai(&[
        "graphgo",
        "solve",
        "--board",
        "2x2",
        "--dfpn",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--threads"), "{err}");
    // Mirrored moves merged: the same value in fewer nodes on 1x8; the
    // flag means nothing without `--dfpn`.
    assert!(nodes_of("1x8", 3, &["--dfpn", "--dfpn-twins"]) < nodes_of("1x8", 3, &["--dfpn"]));
    let (code, _, err) = miai(&["graphgo", "solve", "--board", "2x2", "--dfpn-twins"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--dfpn"), "{err}");
    // The estimated first numbers: the same value in fewer nodes on 1x9
    // (79 k without, 28 k with); df-pn's own variation no more; neither
    // means anything without `--dfpn`.
    let plain = nodes_of("1x9", 0, &["--dfpn", "--dfpn-twins"]);
    let estimated = nodes_of("1x9", 0, &["--dfpn", "--dfpn-twins", "--dfpn-oracle", "8"]);
    assert!(estimated < plain, "{estimated} against {plain}");
    let both = nodes_of(
        "1x9",
        0,
        &["--dfpn", "--dfpn-twins", "--dfpn-oracle", "8", "--dfpn-pv"],
    );
    assert!(both <= estimated, "{both} against {estimated}");
    for flag in [&["--dfpn-oracle", "8"][..], &["--dfpn-pv"][..]] {
        let mut args = vec!["graphgo", "solve", "--board", "2x2"];
        args.extend_from_slice(flag);
        let (code, _, err) = miai(&args);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("--dfpn"), "{err}");
    }
}

/// `--threads 2` runs the two sides of each null-window test at once
/// (the same values, 3x4 = 4 and 1x8 = 3; node counts vary); the count
/// is 1 to 64.
#[test]
fn two_threads_solve_the_same_value() {
    assert!(nodes_of("4x3", 4, &["--threads", "2"]) > 0);
    assert!(nodes_of("1x8", 3, &["--threads", "2"]) > 0);
    for bad in ["0", "65", "two"] {
        let (code, _, err) = miai(&["graphgo", "solve", "--board", "2x2", "--threads", bad]);
        assert_eq!(code, 2, "--threads {bad}: {err}");
    }
}
