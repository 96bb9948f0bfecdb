//! Any text: reading SGF, replaying it and writing it never panics; what is
//! written reads back to the same text.

use miai_goban::{Rules, sgf};

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(rec) = sgf::read(text) {
        let _ = rec.replay(Rules::tromp_taylor());
        let out = rec.write();
        let back = sgf::read(&out).expect("written SGF reads back");
        assert_eq!(back.write(), out);
    }
}
