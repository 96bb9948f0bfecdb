//! `miai achieve` end to end: seed 004's lemmas through the CLI, the
//! certificate round trip (write, verify, tamper, reject), pairing, prove,
//! and clean errors on bad input.

use std::path::PathBuf;
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

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A path `name` in a fresh directory of its own, removed when the
/// returned guard drops.
fn temp(name: &str) -> (tempfile::TempDir, PathBuf) {
    let scratch = super::common::scratch();
    let path = scratch.path().join(name);
    (scratch, path)
}

#[test]
fn lemma2_breaker_wins_with_a_certificate_the_checker_accepts() {
    // Seed 004, Lemma 2: Fig. 3 creature {-5,-1,0,2,10} about its middle
    // stone, 14-cell area: Breaker wins.
    let (_scratch, cert) = temp("lemma2.cert");
    let o = miai(&[
        "achieve",
        "solve",
        "--creature",
        "0,4,5,7,15",
        "--area",
        "14",
        "--certificate",
        cert.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Breaker wins"), "{}", stdout(&o));
    let v = miai(&["achieve", "verify", cert.to_str().unwrap()]);
    assert!(v.status.success());
    assert!(
        stdout(&v).starts_with("accepted: breaker wins"),
        "{}",
        stdout(&v)
    );

    // Change one response to another cell: some change must be caught (a
    // response may happen to have a winning alternative, so try several).
    let text = std::fs::read_to_string(&cert).unwrap();
    let mut rejected = 0;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("move "))
        .take(40)
    {
        let mut parts: Vec<String> = line.split_whitespace().map(String::from).collect();
        let cell: usize = parts[3].parse().unwrap();
        parts[3] = ((cell + 1) % 14).to_string();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[i] = parts.join(" ");
        let (_scratch, bad) = temp(&format!("lemma2-bad-{i}.cert"));
        std::fs::write(&bad, lines.join("\n")).unwrap();
        let v = miai(&["achieve", "verify", bad.to_str().unwrap()]);
        if !v.status.success() {
            assert!(stdout(&v).starts_with("rejected:"), "{}", stdout(&v));
            rejected += 1;
        }
    }
    assert!(rejected > 0);
}

#[test]
fn lemma4_and_lemma5_json() {
    // Seed 004, Lemma 4 (15 cells: Breaker) and Lemma 5 (16 cells: Maker),
    // Fig. 6 creature {0,4,6,7,15}.
    for (area, winner) in [("15", "breaker"), ("16", "maker")] {
        let o = miai(&[
            "achieve",
            "solve",
            "--creature",
            "0,4,6,7,15",
            "--area",
            area,
            "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["result"], winner, "area {area}");
        assert_eq!(
            v["sets"].as_array().unwrap().len(),
            area.parse::<usize>().unwrap()
        );
    }
}

#[test]
fn prove_finds_area_14_for_the_fig3_creature() {
    // Seed 004 §4: 14 consecutive cells with the middle anchor is the
    // smallest area its author found.
    let o = miai(&[
        "achieve",
        "prove",
        "--creature",
        "0,4,5,7,15",
        "--max-area",
        "14",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Breaker wins on area 14 with anchor [2]"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn sets_file_tictactoe() {
    // Maker-Breaker 3x3 tic-tac-toe: Maker (first) wins (Beck 2008, ch. 1).
    let (_scratch, path) = temp("ttt.txt");
    std::fs::write(
        &path,
        "cells 9\n0 1 2\n3 4 5\n6 7 8\n0 3 6\n1 4 7\n2 5 8\n0 4 8\n2 4 6\n",
    )
    .unwrap();
    let o = miai(&["achieve", "solve", "--sets", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Maker wins"));
}

#[test]
fn pairing_found_and_impossible() {
    let o = miai(&["achieve", "pairing", "--creature", "0,1,2"]);
    assert!(stdout(&o).contains("pairing found"), "{}", stdout(&o));
    // Seed 004 Theorem 1: Fig. 3 cannot be shown a loser by pairing.
    let o = miai(&["achieve", "pairing", "--creature", "0,4,5,7,15"]);
    assert!(
        stdout(&o).contains("no pairing strategy exists"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn bad_input_is_a_clear_error_not_a_panic() {
    let (_scratch, path) = temp("big.txt");
    std::fs::write(&path, "0 1\n5 200\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["achieve", "solve", "--creature", "", "--area", "14"],
            "empty",
        ),
        (
            vec!["achieve", "solve", "--creature", "0,4,4", "--area", "14"],
            "given twice",
        ),
        (
            vec!["achieve", "solve", "--creature", "0,4,5", "--tile", "0,1,3"],
            "does not tile",
        ),
        (
            vec!["achieve", "solve", "--creature", "0,4,5", "--area", "200"],
            "at most 128",
        ),
        (
            vec![
                "achieve",
                "solve",
                "--creature",
                "0,4,5",
                "--area",
                "14",
                "--anchor",
                "7",
            ],
            "anchor 7",
        ),
        (
            vec!["achieve", "solve", "--sets", path.to_str().unwrap()],
            "line 2: cell 200",
        ),
        (
            vec!["achieve", "verify", "/nonexistent/cert"],
            "cannot read",
        ),
    ];
    for (args, needle) in cases {
        let o = miai(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
}

/// Every solving subcommand takes the shared limit flags, and a value that
/// is not a positive finite number in range is a clear error (exit 2)
/// naming the flag and the value, never a panic.
#[test]
fn every_solving_subcommand_refuses_bad_limits() {
    let commands: [&[&str]; 3] = [
        &["achieve", "solve", "--creature", "0,1,2", "--area", "5"],
        &["achieve", "prove", "--creature", "0,1,2", "--max-area", "3"],
        &["achieve", "table", "--cells", "2", "--max-span", "2"],
    ];
    for command in commands {
        for flag in ["--time", "--max-time", "--max-nodes", "--table-mb"] {
            for bad in ["nan", "inf", "-1", "1e300", "0"] {
                let arg = format!("{flag}={bad}");
                let mut args = command.to_vec();
                args.push(&arg);
                let o = miai(&args);
                let err = stderr(&o);
                assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
                assert!(err.contains(bad), "{args:?}: {err}");
                assert!(!err.contains("panicked"), "{args:?}: {err}");
            }
        }
    }
}

/// The limits are applied: a node limit cuts the solve off (exit 1, the
/// reason in words in the JSON), a proof search reports its attempts as
/// cut off, and a small table still proves the answer.
#[test]
fn the_limit_flags_reach_the_search() {
    let o = miai(&[
        "achieve",
        "solve",
        "--creature",
        "0,4,5,7,15",
        "--area",
        "14",
        "--max-nodes",
        "50",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["result"], "unproven");
    assert_eq!(v["cut_off"], "node limit reached");
    assert_eq!(v["nodes"], 50);
    let o = miai(&[
        "achieve",
        "prove",
        "--creature",
        "0,4,5,7,15",
        "--min-area",
        "14",
        "--max-area",
        "14",
        "--nodes",
        "50",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["cut_off"], true);
    assert!(v["found"].is_null());
    let o = miai(&[
        "achieve",
        "solve",
        "--creature",
        "0,4,5,7,15",
        "--area",
        "14",
        "--table-mb",
        "0.05",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Breaker wins"), "{}", stdout(&o));
    let o = miai(&[
        "achieve",
        "table",
        "--cells",
        "3",
        "--max-span",
        "3",
        "--time",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A table with rows left open by the limits is printed whole but exits 1
/// (cut off), as every unproven answer does.
#[test]
fn a_table_with_open_rows_exits_1() {
    let o = miai(&[
        "achieve",
        "table",
        "--cells",
        "4",
        "--max-span",
        "5",
        "--max-nodes",
        "1000",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("| open |"), "{out}");
    assert!(out.contains("pairing loser"), "{out}");
}

/// `split`, `solve-unit` on every unit, `merge`: the verdict printed as
/// `solve` prints it, and a merged certificate `verify` accepts, proving
/// the same winner as `solve`'s own.
#[test]
fn split_solve_unit_merge_equals_solve() {
    let (_scratch, dir) = temp("split-fig3-14");
    let (units, results) = (dir.join("units"), dir.join("results"));
    let game = ["--creature", "0,4,5,7,15", "--area", "14"];
    let mut args = vec!["achieve", "split"];
    args.extend(game);
    let units_s = units.to_str().unwrap();
    args.extend(["--depth", "2", "--certificates", "--out", units_s]);
    let o = miai(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(units.join("split.json")).unwrap()).unwrap();
    let n = manifest["units"].as_u64().unwrap() as usize;
    assert!(
        stdout(&o).starts_with(&format!("{n} units after 2 moves")),
        "{}",
        stdout(&o)
    );
    for i in 0..n {
        let unit = units.join(format!("u{i:05}.json"));
        let o = miai(&[
            "achieve",
            "solve-unit",
            unit.to_str().unwrap(),
            "--out",
            results.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let cert = dir.join("merged.cert");
    let o = miai(&[
        "achieve",
        "merge",
        "--units",
        units_s,
        "--results",
        results.to_str().unwrap(),
        "--certificate",
        cert.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let merged = stdout(&o);
    let mut args = vec!["achieve", "solve"];
    args.extend(game);
    let single = stdout(&miai(&args));
    // The same header and verdict words as `solve` (nodes and time differ).
    let head = |s: &str| -> Vec<String> {
        s.lines()
            .take(3)
            .map(|l| l.split(':').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(head(&merged), head(&single), "{merged}\n{single}");
    assert!(merged.contains("Breaker wins"), "{merged}");
    let o = miai(&["achieve", "verify", cert.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stdout(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["winner"], "breaker", "{v}");
    // Results missing where the root needs them: merge names the first
    // and fails (exit 2). (A decided root needs only one winning reply per
    // winner node, so some results may be missing without harm.)
    std::fs::remove_dir_all(&results).unwrap();
    std::fs::create_dir_all(&results).unwrap();
    let o = miai(&[
        "achieve",
        "merge",
        "--units",
        units_s,
        "--results",
        results.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("u00000"), "{}", stderr(&o));
}

/// `prove` leads with the answer; `--attempts` lists every solve after it
/// in columns that stay aligned when the area reaches two digits.
#[test]
fn prove_leads_with_the_answer_and_aligns_its_attempts() {
    let args = [
        "achieve",
        "prove",
        "--creature",
        "0,4,5,7,15",
        "--min-area",
        "8",
        "--max-area",
        "14",
    ];
    let o = miai(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Breaker wins on area 14"), "{out}");
    assert!(out.lines().count() <= 5, "{out}");
    let mut with = args.to_vec();
    with.push("--attempts");
    let out = stdout(&miai(&with));
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("area"))
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 7 * 5, "{out}");
    let column = |l: &str| l.find("maker").or_else(|| l.find("breaker")).unwrap();
    assert!(rows.iter().all(|l| column(l) == column(rows[0])), "{out}");
    assert!(rows.iter().all(|l| l.len() == rows[0].len()), "{out}");
    assert!(
        rows.iter().any(|l| l.trim_start().starts_with("9 ")),
        "{out}"
    );
    assert!(
        rows.iter().any(|l| l.trim_start().starts_with("10 ")),
        "{out}"
    );
}

#[test]
fn handicap_games_write_certificates_the_checker_replays_from_the_start() {
    // Snaky on 5 x 5 with one handicap stone: Breaker answers every
    // placement, and the checker replays all 25 of them.
    let (_scratch, cert) = temp("snaky5h1.cert");
    let path = cert.to_str().unwrap();
    let o = miai(&[
        "achieve",
        "animal",
        "solve",
        "snaky",
        "--board",
        "5",
        "--handicap",
        "1",
        "--certificate",
        path,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("Breaker wins"), "{}", stdout(&o));
    assert!(stdout(&o).contains("6 placement classes"), "{}", stdout(&o));
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(text.contains("\nhandicap 1\n"));
    let v = miai(&["achieve", "verify", path]);
    assert_eq!(v.status.code(), Some(0), "{}{}", stdout(&v), stderr(&v));

    // I3 on a 4 x 1 strip: Breaker wins the plain game, Maker with one
    // stone; Breaker's plain strategy claimed for the handicap game is
    // refused.
    let (_scratch, plain) = temp("i3-plain.cert");
    let o = miai(&[
        "achieve",
        "animal",
        "solve",
        "I3",
        "--board",
        "4x1",
        "--symmetric",
        "--certificate",
        plain.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("Breaker wins"), "{}", stdout(&o));
    let claimed = std::fs::read_to_string(&plain)
        .unwrap()
        .replace("\ncells ", "\nhandicap 1\ncells ");
    std::fs::write(&plain, claimed).unwrap();
    let v = miai(&["achieve", "verify", plain.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(1), "{}{}", stdout(&v), stderr(&v));

    let (_scratch, maker) = temp("i3-h1.cert");
    let o = miai(&[
        "achieve",
        "animal",
        "solve",
        "I3",
        "--board",
        "4x1",
        "--handicap",
        "1",
        "--certificate",
        maker.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("Maker wins (handicap stones"),
        "{}",
        stdout(&o)
    );
    assert!(
        std::fs::read_to_string(&maker)
            .unwrap()
            .contains("\nstones maker ")
    );
    let v = miai(&["achieve", "verify", maker.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(0), "{}{}", stdout(&v), stderr(&v));
}
