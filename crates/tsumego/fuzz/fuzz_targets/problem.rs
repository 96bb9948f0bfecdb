//! The fuzz target of checks/problem.rs (shared with the stable replay test
//! tests/fuzz_regressions.rs).
#![no_main]

#[path = "../checks/problem.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
