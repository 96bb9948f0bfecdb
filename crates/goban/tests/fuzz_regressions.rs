//! The fuzz targets' regression inputs, replayed on stable: every file of
//! `fuzz/regressions/TARGET/` goes through the check that the fuzz target
//! `TARGET` runs (`fuzz/checks/TARGET.rs`, compiled into both).

use std::path::Path;

#[path = "../fuzz/checks/diagram.rs"]
mod diagram;
#[path = "../fuzz/checks/graph_text.rs"]
mod graph_text;
#[path = "../fuzz/checks/play.rs"]
mod play;
#[path = "../fuzz/checks/sgf.rs"]
mod sgf;

/// Runs `check` on every input saved for `target`; there is at least one.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "no inputs in {}", dir.display());
    for path in inputs {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Shown with the failure: which input broke the check.
        eprintln!("{}", path.display());
        check(&data);
    }
}

#[test]
fn diagram_inputs_pass_the_fuzz_check() {
    replay("diagram", diagram::check);
}

#[test]
fn graph_text_inputs_pass_the_fuzz_check() {
    replay("graph_text", graph_text::check);
}

#[test]
fn play_inputs_pass_the_fuzz_check() {
    replay("play", play::check);
}

#[test]
fn sgf_inputs_pass_the_fuzz_check() {
    replay("sgf", sgf::check);
}
