//! Race diagrams and SGF from arbitrary bytes: reading and analysing never
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use miai_semeai::{Options, Race, analyse};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(race) = Race::parse(text)
    {
        let options = Options {
            tree_limits: miai_search::Limits::none().with_nodes(2_000),
            search_limits: Some(miai_search::Limits::none().with_nodes(2_000)),
            ..Options::default()
        };
        let _ = analyse(&race, &options);
    }
});
