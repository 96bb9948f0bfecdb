//! The fuzz targets' regression inputs, replayed on stable: every file of
//! `fuzz/regressions/TARGET/` goes through the check that the fuzz target
//! `TARGET` runs (`fuzz/checks/TARGET.rs`, compiled into both).

#[path = "../../../tests/support/fuzz_replay.rs"]
mod fuzz_replay;
use fuzz_replay::replay;

#[path = "../fuzz/checks/certificate.rs"]
mod certificate;
#[path = "../fuzz/checks/creature.rs"]
mod creature;
#[path = "../fuzz/checks/hypergraph.rs"]
mod hypergraph;

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
