//! Shared by every crate's `tests/fuzz_regressions.rs` (included with
//! `#[path]`): the replay of a fuzz target's saved inputs on stable.

use std::path::Path;

/// Runs `check` on every input saved for `target`; there is at least one.
pub fn replay(target: &str, check: fn(&[u8])) {
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
