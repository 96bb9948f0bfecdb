//! Regressions of issue 18 (hardening): bounded evaluation, printing what
//! the parser reads back, byte-order marks.

use miai_cgt::report::analyse;
use miai_cgt::{Evaluator, Game, parse};
use miai_search::{Cancel, Limits, Stop};
use proptest::prelude::*;

fn forty_hot_switches() -> String {
    (0..40)
        .map(|i| format!("{{{}|{}}}", i + 20, -i))
        .collect::<Vec<_>>()
        .join(" + ")
}

#[test]
fn issue18_node_limit_cuts_off_a_slow_expression() {
    // 11 bytes that took 15 s unbounded.
    let eval = Evaluator::new(&Limits::default().with_nodes(20_000), None);
    let e = analyse("99222v2*213", "test", None, None, &eval).unwrap_err();
    assert_eq!(e.stop(), Some(Stop::Nodes), "{e}");
    assert!(e.to_string().contains("cut off"), "{e}");
}

#[test]
fn issue18_memory_ceiling_cuts_off_forty_hot_switches() {
    // 534 bytes that grew a server past 1.15 GB.
    let eval = Evaluator::new(&Limits::default().with_table_bytes(16 << 20), None);
    let (r, steps) = eval.run_counted(|| parse(&forty_hot_switches()));
    let e = r.unwrap_err();
    assert_eq!(e.stop(), Some(Stop::Memory), "{e}");
    assert!(steps > 0);
}

#[test]
fn issue18_cancel_stops_the_evaluation() {
    let cancel = Cancel::new();
    cancel.cancel();
    let eval = Evaluator::new(&Limits::default(), Some(&cancel));
    let e = analyse(&forty_hot_switches(), "test", None, None, &eval).unwrap_err();
    assert_eq!(e.stop(), Some(Stop::Cancelled), "{e}");
}

#[test]
fn issue18_ordinary_expressions_are_unchanged_under_limits() {
    let text = "{4|0} + {6|{4|0}} - 7";
    let free = analyse(
        text,
        "test",
        Some(2.into()),
        Some(1.into()),
        &Evaluator::default(),
    )
    .unwrap();
    let eval = Evaluator::new(
        &Limits::default()
            .with_nodes(1_000_000)
            .with_table_bytes(64 << 20),
        None,
    );
    let bounded = analyse(text, "test", Some(2.into()), Some(1.into()), &eval).unwrap();
    assert_eq!(bounded.to_string(), free.to_string());
    assert_eq!(
        serde_json::to_string(&bounded).unwrap(),
        serde_json::to_string(&free).unwrap()
    );
    assert_eq!(free.canonical.to_string(), "{1,{3|-1}|-3}");
}

#[test]
fn issue18_large_ups_and_nimbers_print_readably() {
    let up64: Game = "^64".parse().unwrap();
    let up: Game = "^".parse().unwrap();
    let g = up64 + up64 + up + Game::integer(2);
    let printed = g.to_string();
    assert_eq!(parse(&printed).unwrap(), g, "{printed}");
    let n = Game::nimber(256).unwrap() + Game::nimber(1).unwrap();
    let printed = n.to_string();
    assert_eq!(parse(&printed).unwrap(), n, "{printed}");
    let down = -(up64 + up64 + up);
    assert_eq!(parse(&down.to_string()).unwrap(), down, "{down}");
}

#[test]
fn issue18_a_step_counts_comparisons_answered_from_the_cache() {
    // `±*256` compares hundreds of pairs of `*256`'s options (most of them
    // nimbers, answered without descending); counted as one step per
    // canonicalisation they let a 20,000-step budget run for 39 s
    // (fuzz finding `timeout-big-nimber-switches`).
    let eval = Evaluator::new(&Limits::none().with_nodes(200), None);
    let (r, steps) = eval.run_counted(|| parse("+-*256"));
    assert_eq!(r.unwrap_err().stop(), Some(Stop::Nodes));
    assert!(steps >= 200);
    // Unbounded it is `{*256|*256} = 0`: whoever starts moves to `*256`,
    // and the other player answers to 0.
    assert_eq!(parse("+-*256").unwrap(), Game::zero());
}

#[test]
fn issue18_a_huge_integer_draws_a_few_value_labels() {
    // The thermograph's value axis had one label per integer between the
    // walls: 1.7e18 of them ran for minutes and grew past 1.4 GB (fuzz
    // finding `timeout-cgt-heat-huge-integer`). 10^5 shows it in a moment.
    for n in ["100000", "1722586675415205659"] {
        let text = format!("{{5|0}} + {{{n}|{{3|0}}}} - 4");
        let r = analyse(
            &text,
            "test",
            Some(0.into()),
            Some("1/2".parse().unwrap()),
            &Evaluator::default(),
        )
        .unwrap();
        let svg = r.thermograph_svg();
        let labels = svg.matches(r##"fill="#555">"##).count();
        assert!(labels <= 2 * 41 + 3, "{n}: {labels} labels");
    }
}

#[test]
fn issue18_byte_order_mark_is_accepted() {
    assert_eq!(parse("\u{feff}{4|0}").unwrap(), parse("{4|0}").unwrap());
    let e = parse("\u{feff}{4|").unwrap_err();
    assert_eq!(e.column(), parse("{4|").unwrap_err().column());
}

fn nus_term() -> impl Strategy<Value = String> {
    (-3i64..4, -64i64..=64, 0u32..4).prop_map(|(x, u, m)| {
        let ups = match u {
            0 => String::new(),
            u if u > 0 => format!("^{u}"),
            u => format!("v{}", -u),
        };
        format!("{x}{ups}*{m}")
    })
}

proptest! {
    // Sums of high ups are slow to build in a debug build: few cases.
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// What is printed parses back to the same game, also past the
    /// parser's literal limits (sums of big ups and nimbers), inside
    /// braces too.
    #[test]
    fn print_then_parse_is_the_identity(terms in prop::collection::vec(nus_term(), 1..3), wrap in any::<bool>()) {
        let text = terms.join(" + ");
        let g = parse(&text).unwrap();
        let g = if wrap { Game::from_options(&[g], &[Game::integer(-100)]).unwrap() } else { g };
        let printed = g.to_string();
        prop_assert_eq!(parse(&printed).unwrap(), g, "{}", printed);
    }

    /// Nimbers past the literal limit (nim sums reach `*2047`).
    #[test]
    fn big_nimbers_print_then_parse(a in 0u32..=1024, b in 0u32..=1024) {
        let g = Game::nimber(a).unwrap() + Game::nimber(b).unwrap();
        let printed = g.to_string();
        prop_assert_eq!(parse(&printed).unwrap(), g, "{}", printed);
    }
}
