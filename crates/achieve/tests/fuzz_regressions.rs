//! The fuzz targets' regression inputs, replayed on stable: every file of
//! `fuzz/regressions/TARGET/` goes through the check that the fuzz target
//! `TARGET` runs (`fuzz/checks/TARGET.rs`, compiled into both).

use std::path::Path;

#[path = "../fuzz/checks/certificate.rs"]
mod certificate;
#[path = "../fuzz/checks/creature.rs"]
mod creature;
#[path = "../fuzz/checks/hypergraph.rs"]
mod hypergraph;

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
fn certificate_inputs_pass_the_fuzz_check() {
    replay("certificate", certificate::check);
}

#[test]
fn creature_inputs_pass_the_fuzz_check() {
    replay("creature", creature::check);
}

#[test]
fn hypergraph_inputs_pass_the_fuzz_check() {
    replay("hypergraph", hypergraph::check);
}
