//! The fuzz target of checks/certificate.rs (shared with the stable replay test
//! tests/fuzz_regressions.rs).
#![no_main]

#[path = "../checks/certificate.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
