//! The fuzz target of checks/hypergraph.rs (shared with the stable replay test
//! tests/fuzz_regressions.rs).
#![no_main]

#[path = "../checks/hypergraph.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
