//! The fuzz targets' regression inputs, replayed on stable: every file of
//! `fuzz/regressions/TARGET/` goes through the check that the fuzz target
//! `TARGET` runs (`fuzz/checks/TARGET.rs`, compiled into both).

#[path = "../../../tests/support/fuzz_replay.rs"]
mod fuzz_replay;
use fuzz_replay::replay;

#[path = "../fuzz/checks/request.rs"]
mod request;

#[test]
fn request_inputs_pass_the_fuzz_check() {
    replay("request", request::check);
}
