//! Any text: parsing never panics; what parses prints back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use miai_cgt::parse;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Keep inputs small: the point is the parser, not huge sums.
    if text.len() > 200 {
        return;
    }
    match parse(text) {
        Ok(g) => {
            let printed = g.to_string();
            assert_eq!(
                parse(&printed).ok(),
                Some(g),
                "{text:?} printed as {printed:?}"
            );
        }
        Err(e) => {
            assert!(e.column() >= 1 && e.column() <= text.chars().count() + 1);
        }
    }
});
