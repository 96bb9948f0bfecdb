//! Hypergraphs from any text: reading never panics and what reads prints
//! back to the same hypergraph.

use miai_achieve::Hypergraph;

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(h) = text.parse::<Hypergraph>() {
        let printed = h.to_string();
        assert_eq!(
            printed.parse::<Hypergraph>().as_ref(),
            Ok(&h),
            "{printed:?}"
        );
    }
}
