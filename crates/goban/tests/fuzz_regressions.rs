//! The fuzz targets' regression inputs, replayed on stable: every file of
//! `fuzz/regressions/TARGET/` goes through the check that the fuzz target
//! `TARGET` runs (`fuzz/checks/TARGET.rs`, compiled into both).

#[path = "../../../tests/support/fuzz_replay.rs"]
mod fuzz_replay;
use fuzz_replay::replay;

#[path = "../fuzz/checks/diagram.rs"]
mod diagram;
#[path = "../fuzz/checks/graph_text.rs"]
mod graph_text;
#[path = "../fuzz/checks/play.rs"]
mod play;
#[path = "../fuzz/checks/sgf.rs"]
mod sgf;

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
