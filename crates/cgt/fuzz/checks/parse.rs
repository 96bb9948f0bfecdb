//! Any text: parsing never panics; what parses prints back to itself (the
//! printer writes only what the parser reads: sums for ups and nimbers past
//! the literal limits); a refusal names a column inside the text.
//!
//! Evaluation runs under a node and memory budget, so that long inputs
//! (`-max_len=65536`) test the parser rather than time out on huge sums; an
//! input cut off by the budget is not checked further.

use miai_cgt::{Evaluator, parse};
use miai_search::Limits;

/// Steps (canonicalisations, comparisons) one parse may take.
const STEPS: u64 = 20_000;

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let eval = Evaluator::new(
        &Limits::none().with_nodes(STEPS).with_table_bytes(64 << 20),
        None,
    );
    match eval.run(|| parse(text)) {
        Ok(g) => {
            let printed = g.to_string();
            match eval.run(|| parse(&printed)) {
                Ok(back) => assert_eq!(back, g, "{text:?} printed as {printed:?}"),
                Err(e) => assert!(
                    e.stop().is_some(),
                    "{text:?} printed as {printed:?}, which does not parse: {e}"
                ),
            }
        }
        Err(e) => {
            if e.stop().is_none() {
                let column = e.column();
                // A byte-order mark is skipped, not counted.
                let columns = text.chars().count() + 1;
                assert!(
                    (1..=columns).contains(&column),
                    "{text:?}: column {column} of {columns}: {e}"
                );
            }
        }
    }
}
