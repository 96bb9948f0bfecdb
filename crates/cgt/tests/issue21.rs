//! Issue 21 (what CGSuite users reach for): laws of atomic weight and of
//! the reduced canonical form over random games, and print -> parse over
//! games whose parts sit at the parser's limits. The values from the
//! literature are in `data/known_values.txt`.

use miai_cgt::{Dyadic, Game, PartizanGame, parse};
use proptest::prelude::*;

#[path = "common/tree.rs"]
mod tree;
use tree::Tree;

/// All-small forms: every position has options for both players or for
/// neither.
fn all_small(depth: u32) -> BoxedStrategy<Tree> {
    let leaf = Tree {
        left: vec![],
        right: vec![],
    };
    if depth == 0 {
        return Just(leaf).boxed();
    }
    let smaller = all_small(depth - 1);
    prop_oneof![
        1 => smaller.clone(),
        3 => (
            prop::collection::vec(smaller.clone(), 1..=2),
            prop::collection::vec(smaller, 1..=2),
        )
            .prop_map(|(left, right)| Tree { left, right }),
    ]
    .boxed()
}

fn small_game(depth: u32) -> impl Strategy<Value = Game> {
    all_small(depth).prop_map(|t| t.canonical_form().unwrap())
}

/// Any short game of birthday at most `depth` over numbers and switches.
fn game(depth: u32) -> BoxedStrategy<Game> {
    let atom = prop_oneof![
        (-4i64..5).prop_map(Game::integer),
        (-8i64..9).prop_map(|n| Game::number(Dyadic::new(n, 2).unwrap())),
        (0u32..4).prop_map(|m| Game::nimber(m).unwrap()),
    ];
    if depth == 0 {
        return atom.boxed();
    }
    let smaller = game(depth - 1);
    prop_oneof![
        1 => atom,
        3 => (
            prop::collection::vec(smaller.clone(), 0..=2),
            prop::collection::vec(smaller, 0..=2),
        )
            .prop_map(|(l, r)| Game::from_options(&l, &r).unwrap()),
    ]
    .boxed()
}

/// Parts at and past the parser's literal limits: the smallest and
/// largest 64-bit numbers, nimbers up to `*2047`, up multiples past 64.
fn extreme_part() -> impl Strategy<Value = Game> {
    prop_oneof![
        Just(Game::integer(i64::MIN)),
        Just(Game::integer(i64::MAX)),
        Just(Game::number(Dyadic::new(1, Dyadic::MAX_EXP).unwrap())),
        Just(Game::number(
            Dyadic::new(i64::MIN + 1, Dyadic::MAX_EXP).unwrap()
        )),
        (0u32..=1024, 0u32..=1024)
            .prop_map(|(a, b)| Game::nimber(a).unwrap() + Game::nimber(b).unwrap()),
        (1i64..=3, any::<bool>()).prop_map(|(k, down)| {
            let up64 = parse("^64").unwrap();
            let mut g = parse("^").unwrap();
            for _ in 0..k {
                g = g + up64;
            }
            if down { -g } else { g }
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Atomic weight is additive on all-small games (Winning Ways ch. 8:
    /// aw(G + H) = aw(G) + aw(H)), and `n·↑` weighs `n`.
    #[test]
    fn atomic_weight_is_additive(g in small_game(3), h in small_game(3), n in -3i64..4) {
        let aw = |x: Game| x.atomic_weight().unwrap().expect("all-small");
        prop_assert!(g.is_all_small() && h.is_all_small());
        prop_assert_eq!(aw(g + h), aw(g) + aw(h));
        let ups = parse(&format!("^{}", n.abs())).unwrap();
        let ups = if n < 0 { -ups } else { ups };
        prop_assert_eq!(aw(ups + g), Game::integer(n) + aw(g));
    }

    /// The reduced canonical form differs from the game by an
    /// infinitesimal (both stops of the difference are 0), is its own
    /// reduced form, and reduction respects sums up to infinitesimals.
    #[test]
    fn reduced_form_is_infinitesimally_close(g in game(3), h in game(2)) {
        let r = g.reduced_canonical_form().unwrap();
        prop_assert!((r - g).is_infinitesimal(), "rcf({}) = {}", g, r);
        prop_assert_eq!(r.reduced_canonical_form().unwrap(), r);
        prop_assert_eq!(r.stops(), g.stops());
        let rh = h.reduced_canonical_form().unwrap();
        prop_assert_eq!(
            (g + h).reduced_canonical_form().unwrap(),
            (r + rh).reduced_canonical_form().unwrap()
        );
    }

    /// Incentives by their definition: `G^L - G` and `G - G^R`.
    #[test]
    fn incentives_are_option_differences(g in game(3)) {
        let li: Vec<Game> = g.left_options().into_iter().map(|o| o - g).collect();
        let ri: Vec<Game> = g.right_options().into_iter().map(|o| g - o).collect();
        prop_assert_eq!(g.left_incentives().unwrap(), li);
        prop_assert_eq!(g.right_incentives().unwrap(), ri);
    }

}

proptest! {
    // Building the big nimbers and ups is slow in a debug build: few cases.
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Everything printed reads back as the same game, also with parts at
    /// the parser's limits nested in braces.
    #[test]
    fn print_then_parse_with_extreme_parts(a in extreme_part(), b in extreme_part(), g in game(2)) {
        // Between two extreme numbers the simplest number may need more
        // than 64 bits: that overflow is the algebra's, not the printer's.
        let pair = Game::from_options(&[a, g], &[b]);
        prop_assume!(pair.is_ok());
        let pair = pair.unwrap();
        for x in [a, b, pair] {
            let text = x.to_string();
            prop_assert_eq!(parse(&text).unwrap(), x, "{}", text);
        }
    }
}

#[test]
fn a_nimber_past_every_literal_sum_prints_as_braces() {
    // *2048 is only built from explicit options; it prints as its braces
    // (long, but read back), not as the unreadable `*2048`.
    let opts: Vec<Game> = (0..2048)
        .map(|m| Game::nimber(m.min(1024)).unwrap())
        .collect();
    let mut opts = opts;
    for (m, o) in opts.iter_mut().enumerate().skip(1025) {
        *o = Game::nimber(1024).unwrap() + Game::nimber(u32::try_from(m).unwrap() ^ 1024).unwrap();
    }
    let g = Game::from_options(&opts, &opts).unwrap();
    assert_eq!(g.as_nimber(), Some(2048));
    let text = g.to_string();
    assert!(text.starts_with("{0,*,*2,"), "{}", &text[..40]);
    assert_eq!(parse(&text).unwrap(), g);
}

#[test]
fn atomic_weight_says_when_it_is_not_defined() {
    for text in ["1", "{1|0}", "1*", "{0|-1}"] {
        let g = parse(text).unwrap();
        assert!(!g.is_all_small(), "{text}");
        assert_eq!(g.atomic_weight().unwrap(), None, "{text}");
    }
}

/// Item 9 (speed): the printer and the recognition of `x + n·↑ + *m` were
/// rewritten; on a corpus of forms (random sums of braces, numbers, ups
/// and nimbers; `tests/data/print-corpus.tsv`, written by the version
/// before) every canonical form, cooled by 1 and heated by 1, prints as it
/// did before.
#[test]
fn printed_forms_are_unchanged_on_a_corpus() {
    let corpus = include_str!("data/print-corpus.tsv");
    let mut n = 0;
    for line in corpus.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let [expr, canonical, cooled, heated] = f[..] else {
            panic!("bad corpus line {line:?}");
        };
        let g = parse(expr).unwrap();
        assert_eq!(g.to_string(), canonical, "{expr}");
        assert_eq!(
            g.cool(Dyadic::ONE).unwrap().to_string(),
            cooled,
            "{expr} cooled"
        );
        assert_eq!(
            g.heat(Dyadic::ONE).unwrap().to_string(),
            heated,
            "{expr} heated"
        );
        n += 1;
    }
    assert!(n >= 300, "{n} forms");
}
