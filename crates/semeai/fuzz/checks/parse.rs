//! Race diagrams and SGF from any text: reading, writing back and a small
//! analysis never panic; a race written as a diagram or as SGF reads back.

use miai_search::Limits;
use miai_semeai::{Options, Race, analyse};

/// Tree nodes and search positions of the analysis (small: the point is
/// odd positions, not deep searches).
const NODES: u64 = 300;

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(race) = Race::parse(text) else {
        return;
    };
    if let Ok(diagram) = race.to_diagram()
        && let Err(e) = Race::parse(&diagram)
    {
        panic!("{text:?} written as {diagram:?}, which does not read: {e}");
    }
    if let Some(sgf) = race.to_sgf()
        && let Err(e) = Race::parse(&sgf)
    {
        panic!("{text:?} written as {sgf:?}, which does not read: {e}");
    }
    let options = Options {
        tree_limits: Limits::none().with_nodes(NODES),
        search_limits: Some(Limits::none().with_nodes(NODES)),
        ..Options::default()
    };
    let _ = analyse(&race, &options);
}
