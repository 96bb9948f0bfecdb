//! Bad input: clear errors naming what and where, never a panic.

use miai_tsumego::problem::file;
use miai_tsumego::{DEFAULT_LIMITS, Options, Problem, ProblemError, Side, Status, analyse};
use proptest::prelude::*;

fn pose(text: &str) -> Result<Problem, String> {
    let f = file::parse(text).map_err(|e| e.to_string())?;
    Problem::new(f.spec).map_err(|e| e.to_string())
}

#[test]
fn a_malformed_header_names_its_line() {
    let e = file::parse("attacker: black\nthis is not a header\ndiagram:\n┌●┬\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
}

#[test]
fn a_bad_colour_and_a_bad_point_are_named() {
    let e = file::parse("attacker: purple\ndiagram:\n┌●○┬\n├●○┼\n").unwrap_err();
    assert!(e.to_string().contains("purple"), "{e}");
    let e = file::parse("ko: Z99\ndiagram:\n┌●○┬\n├●○┼\n").unwrap_err();
    assert!(e.to_string().contains("Z99"), "{e}");
}

#[test]
fn a_file_without_a_diagram_is_refused() {
    let e = file::parse("attacker: black\n").unwrap_err();
    assert!(e.to_string().contains("no diagram"), "{e}");
}

#[test]
fn an_impossible_position_is_refused() {
    // White's corner stone has no liberty.
    let e = pose("diagram:\n○●┬┬\n●┼┼┼\n├┼┼┼\n").unwrap_err();
    assert!(e.contains("no liberties"), "{e}");
}

#[test]
fn no_target_is_refused() {
    let f = file::parse("attacker: black\ndiagram:\n┌●┬┬\n●●┼┼\n├┼┼┼\n").expect("parses");
    match Problem::new(f.spec) {
        Err(ProblemError::NoTarget { .. }) => {}
        other => panic!("expected no target, got {other:?}"),
    }
}

#[test]
fn a_target_that_is_not_the_defenders_is_refused() {
    let f = file::parse("attacker: black\ntarget: B19\ndiagram:\n┌●○┬┬\n●●○┼┼\n○○○┼┼\n├┼┼┼┼\n")
        .expect("parses");
    let e = Problem::new(f.spec).unwrap_err().to_string();
    assert!(e.contains("B19") && e.contains("defender"), "{e}");
}

#[test]
fn a_search_over_its_limit_says_unproven() {
    let p = pose(include_str!("data/classic/07_rabbity_six_side.txt")).expect("poses");
    // The plain search: the eye-shape knowledge settles the rabbity six
    // at the root.
    let o = Options {
        limits: DEFAULT_LIMITS.with_nodes(5),
        eye_shapes: false,
        ..Options::default()
    };
    let a = analyse(&p, Side::Attacker, &o, None, None);
    assert!(matches!(a.status, Status::Unproven(_)), "{:?}", a.status);
}

#[test]
fn the_node_limit_holds_for_the_whole_analysis() {
    // The status, its line and the correct first moves all draw on one
    // budget: a limit that proves the status but not everything after it
    // ends with the line cut off (flagged), never past the limit.
    let p = pose(include_str!("data/classic/16_second_line_side_6.txt")).expect("poses");
    let with = |nodes: Option<u64>| Options {
        limits: match nodes {
            Some(n) => DEFAULT_LIMITS.with_nodes(n),
            None => DEFAULT_LIMITS,
        },
        eye_shapes: false,
        all_moves: true,
        ..Options::default()
    };
    let whole = analyse(&p, Side::Attacker, &with(None), None, None);
    assert!(whole.status.is_proven(), "{:?}", whole.status);
    let mut cut_after_the_status = 0;
    let mut limit = 8;
    while limit < whole.nodes {
        let a = analyse(&p, Side::Attacker, &with(Some(limit)), None, None);
        assert!(a.nodes <= limit, "{} nodes on a limit of {limit}", a.nodes);
        if a.status.is_proven() {
            assert_eq!(a.status, whole.status, "limit {limit}");
            if a.extraction_stopped.is_some() {
                cut_after_the_status += 1;
            }
        }
        limit = limit * 3 / 2;
    }
    assert!(
        cut_after_the_status > 0,
        "no limit fell between the status and its lines ({} nodes)",
        whole.nodes
    );
}
proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Arbitrary text never panics the reader or the poser.
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,120}") {
        let _ = pose(&text);
    }

    /// Arbitrary small diagrams never panic, and a posed one analyses.
    #[test]
    fn arbitrary_diagrams_never_panic(cells in proptest::collection::vec(0u8..3, 12)) {
        let glyph = |c: u8, edge: &str| match c {
            0 => edge.to_string(),
            1 => "●".to_string(),
            _ => "○".to_string(),
        };
        let mut text = String::from("diagram:\n");
        for r in 0..3 {
            for c in 0..4 {
                let edge = match (r, c) {
                    (0, 0) => "┌",
                    (0, _) => "┬",
                    (_, 0) => "├",
                    _ => "┼",
                };
                text.push_str(&glyph(cells[r * 4 + c], edge));
            }
            text.push('\n');
        }
        if let Ok(p) = pose(&text) {
            let o = Options {
                limits: DEFAULT_LIMITS.with_nodes(2_000),
                ..Options::default()
            };
            let _ = analyse(&p, Side::Attacker, &o, None, None);
        }
    }
}
