//! Every text reader of miai-achieve on arbitrary input: no panics, and a
//! certificate that parses is checked without panicking either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use miai_achieve::{Area, Certificate, Creature, Hypergraph, verify};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = text.parse::<Creature>();
    let _ = Area::parse_tile(text);
    let _ = text.parse::<Hypergraph>();
    if let Ok(cert) = text.parse::<Certificate>()
        && cert.game.cells() <= 16
    {
        let _ = verify::verify(&cert);
    }
});
