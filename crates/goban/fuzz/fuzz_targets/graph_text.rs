//! Any text: the graph format never panics and round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use miai_goban::GraphText;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(t) = GraphText::parse(text) {
        assert_eq!(
            GraphText::parse(&t.write()).expect("written text reads back"),
            t
        );
    }
});
