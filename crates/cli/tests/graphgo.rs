//! `miai graphgo` end to end.

use std::process::Command;

fn miai(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
    let dir = std::env::temp_dir().join(format!("miai-graphgo-{}.graph", std::process::id()));
    std::fs::write(&dir, "a b\nc d\n").unwrap();
    let (code, _, err) = miai(&["graphgo", "classes", dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("not connected"), "{err}");
    std::fs::write(&dir, "a b\nblack: a b\n").unwrap();
    let (code, _, err) = miai(&["graphgo", "classes", dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("no liberties"), "{err}");
    let _ = std::fs::remove_file(&dir);
}
