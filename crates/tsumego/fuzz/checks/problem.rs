//! Problem files (and bare diagrams) from any text: reading, choosing the
//! rules, building the problem and a small analysis of each first player
//! never panic; a problem written back as a file reads again.

use miai_tsumego::problem::file;
use miai_tsumego::{Limits, Options, Problem, Side, analyse};

/// Nodes of each analysis (small: the point is odd problems, not deep
/// searches).
const NODES: u64 = 300;

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(f) = file::parse(text) else {
        return;
    };
    let _ = f.stated("expect");
    let regime = f.regime();
    let chosen = file::choose_regime(None, None, Some(&f));
    assert_eq!(regime.is_ok(), chosen.is_ok(), "{text:?}");
    if let Some(window) = f.window()
        && let Ok(written) = file::write(&f.spec, &f.headers, window, &[])
        && let Err(e) = file::parse(&written)
    {
        panic!("{text:?} written as {written:?}, which does not read: {e:?}");
    }
    let Ok(problem) = Problem::new(f.spec.clone()) else {
        return;
    };
    let options = Options {
        regime: chosen.unwrap_or(Options::default().regime),
        limits: Limits::none().with_nodes(NODES).with_table_bytes(1 << 20),
        ..Options::default()
    };
    for first in [Side::Attacker, Side::Defender] {
        let _ = analyse(&problem, first, &options, None, None);
    }
}
