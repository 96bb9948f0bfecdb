//! `miai semeai` end to end.

use std::process::Command;

fn miai(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn seed_fig2_race() {
    // Seed 002 §4.4: the race of fig. 2, first player wins, adjusted 0 / -2.
    let (ok, out, err) = miai(&[
        "semeai",
        "examples/semeai/seed002-fig2.txt",
        "--search-nodes",
        "0",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("G = -7 + {4|0} + {6|{4|0}} = {1,{3|-1}|-3}"),
        "{out}"
    );
    assert!(out.contains("g = cool(G,2) = -1^*: adjusted value 0 (Black first), -2 (White first): the side that plays first wins"), "{out}");
}

#[test]
fn the_summary_leads_and_the_trees_wait_for_trees() {
    // Issue 21 item 3: a table of the race's sub-positions, G spelled out,
    // the verdicts, in a screenful; the trees only with --trees.
    let (ok, out, err) = miai(&[
        "semeai",
        "examples/semeai/seed002-fig2.txt",
        "--max-nodes",
        "0",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() <= 12, "{out}");
    assert!(lines[0].starts_with("sub-position  chain"), "{out}");
    // Every race sub-position has a row with its chain, count and value.
    for value in ["{4|0}", "{6|{4|0}}", "-7"] {
        assert!(
            lines[1..4].iter().any(|l| l.contains(value)),
            "{value}: {out}"
        );
    }
    // The idle ones are named, not silently skipped.
    assert!(out.contains("not part of the race"), "{out}");
    assert!(out.contains("the side that plays first wins"), "{out}");
    assert!(!out.contains("tree before"), "{out}");
    let (ok, trees, err) = miai(&[
        "semeai",
        "examples/semeai/seed002-fig2.txt",
        "--max-nodes",
        "0",
        "--trees",
    ]);
    assert!(ok, "{err}");
    assert!(trees.starts_with(&out), "{trees}");
    assert!(trees.contains("tree before the transformation"), "{trees}");
    // Inner nodes show their count, never an empty label.
    assert!(
        !trees
            .lines()
            .map(str::trim)
            .any(|l| (l.starts_with("B ") || l.starts_with("W ")) && l.ends_with(':')),
        "{trees}"
    );
    // The labels are listed once with their coordinates.
    assert!(trees.contains("labels: "), "{trees}");
}

#[test]
fn steered_points_leave_nil() {
    // Seed figs. 13: one round at a, b leaves two nil nodes.
    let (ok, out, err) = miai(&[
        "semeai",
        "examples/semeai/seed002-fig2.txt",
        "--points",
        "a,b",
        "--rounds",
        "1",
        "--search-nodes",
        "0",
        "--trees",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("W a: nil") && out.contains("W b: nil") && out.contains("B a: 6"),
        "{out}"
    );
}

#[test]
fn json_and_seed_flag() {
    let (ok, out, err) = miai(&[
        "semeai",
        "examples/semeai/seed002-fig2.txt",
        "--json",
        "--verdict",
        "seed",
        "--search-nodes",
        "0",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"]["g"], "-1^*");
    assert_eq!(v["verdict"]["black_first_value"], "0");
    assert_eq!(v["verdict"]["white_first_value"], "-2");
}

#[test]
fn search_checks_a_small_race() {
    let (ok, out, err) = miai(&["semeai", "examples/semeai/plain-3-3.txt"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Black first: Black captures; White first: White captures"),
        "{out}"
    );
    assert!(!out.contains("DISAGREEMENT"), "{out}");
}

#[test]
fn bad_input_is_an_error() {
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let f = dir.join("none.txt");
    std::fs::write(&f, ". X O .\n. X O .\n").unwrap();
    let (ok, _, err) = miai(&["semeai", f.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("no chain is marked essential"), "{err}");
    let (ok, _, err) = miai(&[
        "semeai",
        "examples/semeai/seed002-fig2.txt",
        "--points",
        "zz",
    ]);
    assert!(!ok);
    assert!(err.contains("zz"), "{err}");
}

#[test]
fn bad_time_limits_are_clear_errors() {
    for bad in ["nan", "inf", "-1", "1e300", "0"] {
        let arg = format!("--time={bad}");
        let (ok, _, err) = miai(&["semeai", "examples/semeai/plain-3-3.txt", &arg]);
        assert!(!ok, "{bad}");
        assert!(err.contains("--time") && err.contains(bad), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_cut_off_search_exits_1_and_the_old_flags_still_work() {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args([
            "semeai",
            "examples/semeai/seed002-fig2.txt",
            "--max-nodes",
            "1000",
        ])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("cut off"));
    let (ok, out, err) = miai(&[
        "semeai",
        "examples/semeai/plain-3-3.txt",
        "--tree-nodes",
        "1000",
        "--search-nodes",
        "100000",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("Black first: Black captures"), "{out}");
}

#[test]
fn an_unwritable_out_dir_is_named() {
    // A file where the folder should be: the error names the folder.
    let scratch = super::common::scratch();
    let file = scratch.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let dir = file.join("trees");
    let dir_text = dir.to_string_lossy().into_owned();
    let (ok, _, err) = miai(&[
        "semeai",
        "examples/semeai/plain-3-3.txt",
        "--trees",
        "svg",
        "--out-dir",
        &dir_text,
    ]);
    assert!(!ok);
    assert!(err.contains(&dir_text), "{err}");
}

/// Ctrl-C (SIGINT) stops the analysis and the exit code is 1 (cut off), as
/// for every solver (issue 18: semeai exited 0 after SIGINT). The race of
/// fig. 2 searches 4.48 million positions; if it ever finishes within the
/// second before the signal, there is nothing to interrupt and the test
/// says so.
#[cfg(unix)]
#[test]
fn ctrl_c_exits_1() {
    let Some(out) =
        super::common::interrupted_after_a_second(&["semeai", "examples/semeai/seed002-fig2.txt"])
    else {
        return;
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("interrupted"), "{err}");
}

#[test]
fn outside_the_model_the_verdict_comes_from_the_search() {
    // Issue 25: the ko race has kos at the leaves of a tree besides its
    // approach kos; the sub-positions the model cannot express are named
    // with the reason, and the verdict is the search's, in the text and
    // in the JSON.
    let (_, out, err) = miai(&["semeai", "examples/semeai/ko-race.txt"]);
    assert!(err.is_empty() || !err.contains("error"), "{err}");
    assert!(
        out.contains("the model cannot express sub-position"),
        "{out}"
    );
    assert!(out.contains("ko(s) at the leaves of the trees"), "{out}");
    assert!(out.contains("verdict (from the board search): "), "{out}");
    assert!(!out.contains("DISAGREEMENT"), "{out}");
    let (_, out, err) = miai(&["semeai", "examples/semeai/ko-race.txt", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["verdict_source"], "search");
}

#[test]
fn an_approach_ko_is_valued_by_the_model() {
    // Issue 25: the study's approach ko (Black's liberty C7, approach
    // C8): the model values it for either side winning it; it does not
    // decide, and the verdict is the model's, in the text and the JSON.
    let (_, out, err) = miai(&["semeai", "examples/semeai/study-approach-ko.txt"]);
    assert!(err.is_empty() || !err.contains("error"), "{err}");
    assert!(
        out.contains("approach kos: C7 (Black's liberty, approach C8)"),
        "{out}"
    );
    assert!(
        out.contains("verdict with the approach kos: White wins whoever plays first"),
        "{out}"
    );
    assert!(!out.contains("DISAGREEMENT"), "{out}");
    let (_, out, err) = miai(&["semeai", "examples/semeai/study-approach-ko.txt", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["verdict_source"], "method");
    assert_eq!(v["outcome"], "White wins whoever plays first");
    assert_eq!(
        v["approach_kos"]["kos"][0],
        "C7 (Black's liberty, approach C8)"
    );
}

#[test]
fn approach_kos_that_decide_are_the_models_ko() {
    // Issue 25: two approach kos on White's chain; with White first the
    // model's verdict is a ko that whoever wins captures, the search's
    // too, in the text and the JSON.
    let words = "Black first: Black captures; White first: ko: whoever wins it captures";
    let (_, out, err) = miai(&["semeai", "examples/semeai/approach-ko-race.txt"]);
    assert!(err.is_empty() || !err.contains("error"), "{err}");
    assert!(
        out.contains(&format!("verdict with the approach kos: {words}")),
        "{out}"
    );
    assert!(!out.contains("DISAGREEMENT"), "{out}");
    let (_, out, err) = miai(&["semeai", "examples/semeai/approach-ko-race.txt", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["verdict_source"], "method");
    assert_eq!(v["outcome"], words);
    assert_eq!(
        v["approach_kos"]["white_first"],
        "ko: whoever wins it captures"
    );
    assert_eq!(
        v["search"]["white_first_ko"],
        "ko: whoever wins it captures"
    );
}

#[test]
fn a_ko_race_is_reported_as_a_ko() {
    // Issue 25: a race decided by a ko reports the ko ("whoever wins it
    // captures"), in the text and in the JSON, not a count.
    let words = "Black first: Black captures; White first: ko: whoever wins it captures";
    let (_, out, err) = miai(&["semeai", "examples/semeai/ko-race.txt"]);
    assert!(
        out.contains(&format!("verdict (from the board search): {words}")),
        "{out}{err}"
    );
    assert!(
        out.contains("White first: ko: whoever wins it captures"),
        "{out}"
    );
    let (_, out, err) = miai(&["semeai", "examples/semeai/ko-race.txt", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["verdict_source"], "search");
    assert_eq!(v["outcome"], words);
    assert_eq!(
        v["search"]["white_first_ko"],
        "ko: whoever wins it captures"
    );
}

#[test]
fn shared_liberties_are_counted_with_seki_as_an_outcome() {
    // Issue 25: two shared liberties, no eyes, Black 2 outside liberties
    // against White's 1: the model counts the shared liberties (Hunter,
    // Müller) and gives seki with White first, in the text and the JSON.
    let (_, out, err) = miai(&["semeai", "examples/semeai/shared-liberties.txt"]);
    assert!(
        out.contains("verdict: shared liberties A5 C5 (no eye on either side"),
        "{out}{err}"
    );
    assert!(
        out.contains("Black first: Black captures; White first: seki"),
        "{out}"
    );
    assert!(!out.contains("DISAGREEMENT"), "{out}");
    let (_, out, err) = miai(&["semeai", "examples/semeai/shared-liberties.txt", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["verdict_source"], "method");
    assert_eq!(
        v["outcome"],
        "Black first: Black captures; White first: seki"
    );
    assert_eq!(v["shared"]["white_first"], "seki");
    assert_eq!(v["shared"]["black_margin"], 1);
}

#[test]
fn the_parts_of_a_split_sub_position_get_their_own_svg() {
    // Issue 25: a sub-position bounded by both chains is split into parts,
    // each with its tree; `--trees svg` writes one file per part (shown
    // also where a joint game values the sub-position).
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let race = dir.join("joined.txt");
    std::fs::write(
        &race,
        ". . .\nO O O\n. O .\n. . .\nE E .\ne e .\ne . .\n. . u\nX X X\n. . .\n",
    )
    .unwrap();
    let (_, out, err) = miai(&[
        "semeai",
        race.to_str().unwrap(),
        "--trees",
        "svg",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    // The two liberty areas meet (C4 next to C5): one joint game values
    // the sub-position, the parts are shown, not counted, and the verdict
    // is the model's, as the search's (judged with the shared-liberty
    // margins at the joint game's leaves since the escapes of issue 25
    // reach leaves with shared liberties).
    assert!(out.contains("joint game: {"), "{out}{err}");
    assert!(out.contains("(not counted)"), "{out}");
    assert!(
        out.contains("\nverdict: ")
            && !out.contains("verdict (from the board search)")
            && !out.contains("DISAGREEMENT"),
        "{out}"
    );
    for part in ["semeai-sub2-part1.svg", "semeai-sub2-part2.svg"] {
        let svg = std::fs::read_to_string(dir.join(part)).unwrap_or_else(|e| panic!("{part}: {e}"));
        assert!(svg.starts_with("<svg"), "{part}");
    }
}

/// A race whose joint game has kos (issue 25): the kos valued with each
/// side as the ko master, reported in the text and the JSON.
#[test]
fn joint_kos_that_do_not_decide_are_reported() {
    let (ok, out, err) = miai(&["semeai", "examples/semeai/joint-ko.txt"]);
    assert!(ok, "{err}");
    assert!(out.contains("joint game's kos ("), "{out}");
    assert!(out.contains("the kos do not decide the race"), "{out}");
    assert!(
        out.contains("verdict with the joint game's kos: White wins whoever plays first"),
        "{out}"
    );
    assert!(out.contains("the count, the kos left out:"), "{out}");
    assert!(!out.contains("DISAGREEMENT"), "{out}");
    let (ok, out, err) = miai(&["semeai", "examples/semeai/joint-ko.txt", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["verdict_source"], "method");
    assert_eq!(v["outcome"], "White wins whoever plays first");
    assert_eq!(v["joint_kos"]["decide"], false);
    assert_eq!(v["joint_kos"]["white_wins"][1], "White");
    assert!(v["joint_kos"]["retakes"].as_u64().unwrap() > 0);
}
