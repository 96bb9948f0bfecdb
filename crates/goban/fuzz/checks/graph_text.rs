//! Any text: the graph format never panics and round-trips.

use miai_goban::GraphText;

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(t) = GraphText::parse(text) {
        assert_eq!(
            GraphText::parse(&t.write()).expect("written text reads back"),
            t
        );
    }
}
