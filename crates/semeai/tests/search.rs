//! The independent search on races where a point that held a stone at the
//! start must be played again.

use miai_semeai::{Evaluation, Options, Race, RaceOutcome, analyse};

fn analysed(text: &str) -> miai_semeai::Analysis {
    let race = Race::parse(text).unwrap();
    let options = Options {
        search_limits: Some(miai_search::Limits::none().with_nodes(1_000_000)),
        ..Options::default()
    };
    analyse(&race, &options).unwrap()
}

/// White's unknown stone A7 is in atari; Black can capture it at A8, but
/// White then plays B8 and retakes the point A7, capturing Black's chain
/// (and the stone A8). A search that never plays where a stone stood at
/// the start cannot make that last move and says Black wins with Black
/// first. By hand: Black A8 (captures A7), White B8, Black A3, White A7
/// captures; any other Black first move lets White fill B8 at once.
#[test]
fn a_captured_unknown_stone_s_point_is_playable_again() {
    let text = std::fs::read_to_string(format!(
        "{}/../../examples/semeai/study-unknown-capture.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let a = analysed(&text);
    let s = a.search.unwrap();
    assert_eq!(s.black_first, Some(RaceOutcome::WhiteCaptures));
    assert_eq!(s.white_first, Some(RaceOutcome::WhiteCaptures));
    // And the seed's method, counting Black at one liberty, agrees.
    assert!(a.disagreements(Evaluation::Seed).is_empty());
    assert!(a.disagreements(Evaluation::Stops).is_empty());
}
