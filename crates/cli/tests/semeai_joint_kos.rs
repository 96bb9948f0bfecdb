//! `miai semeai` on a race whose joint game has kos (issue 25, eighth
//! session): the kos valued with each side as the ko master, reported in
//! the text and the JSON.

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
