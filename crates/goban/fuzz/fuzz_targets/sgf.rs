//! Any text: reading SGF, replaying it and writing it never panics; what is
//! written reads back to the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use miai_goban::{Rules, sgf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(rec) = sgf::read(text) {
        let _ = rec.replay(Rules::tromp_taylor());
        let out = rec.write();
        let back = sgf::read(&out).expect("written SGF reads back");
        assert_eq!(back.write(), out);
    }
});
