//! Algebraic laws and invariants over random games, and an independent
//! brute-force check of the order.
//!
//! Random games are random option sets built from smaller random games
//! (birthday at most 4), given as plain trees (not canonical) and
//! canonicalised through the [`PartizanGame`] trait.

use miai_cgt::{Comparison, Dyadic, Game, Nus, PartizanGame, parse};
use proptest::prelude::*;

#[path = "common/tree.rs"]
mod tree;
use tree::Tree;

/// Trees of depth (birthday) at most `depth`, with at most `width` options
/// a side, each option a random tree of smaller depth.
fn tree(depth: u32, width: usize) -> BoxedStrategy<Tree> {
    let leaf = Tree {
        left: vec![],
        right: vec![],
    };
    if depth == 0 {
        return Just(leaf).boxed();
    }
    let smaller = tree(depth - 1, width);
    prop_oneof![
        1 => smaller.clone(),
        4 => (
            prop::collection::vec(smaller.clone(), 0..=width),
            prop::collection::vec(smaller, 0..=width),
        )
            .prop_map(|(left, right)| Tree { left, right }),
    ]
    .boxed()
}

fn game(depth: u32) -> impl Strategy<Value = Game> {
    tree(depth, 3).prop_map(|t| t.canonical_form().unwrap())
}

fn temperatures() -> impl Strategy<Value = Dyadic> {
    prop::sample::select(vec![
        "0", "1/4", "1/2", "3/4", "1", "5/4", "3/2", "2", "5/2", "3", "4",
    ])
    .prop_map(|s| s.parse::<Dyadic>().unwrap())
}

/// `G <= H` by the bare definition on trees: no `G^L >= H`, no `H^R <= G`.
fn brute_le(g: &Tree, h: &Tree) -> bool {
    g.left.iter().all(|gl| !brute_le(h, gl)) && h.right.iter().all(|hr| !brute_le(hr, g))
}

/// The sum of two trees by the definition, as a tree.
fn brute_sum(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|a| brute_sum(a, h)).collect();
    left.extend(h.left.iter().map(|a| brute_sum(g, a)));
    let mut right: Vec<Tree> = g.right.iter().map(|b| brute_sum(b, h)).collect();
    right.extend(h.right.iter().map(|b| brute_sum(g, b)));
    Tree { left, right }
}

/// Every `x + n·↑ + *m` built by sums is read back as itself (the form
/// is recognised from the shape of the canonical form, see `recognise.rs`).
#[test]
fn every_number_up_star_is_recognised() {
    for x in ["0", "1", "-3/4", "5/2"] {
        for ups in -7i64..=7 {
            for nimber in 0u32..=9 {
                let v = Nus {
                    number: x.parse().unwrap(),
                    ups,
                    nimber,
                };
                let g = Game::nus(v).unwrap();
                assert_eq!(g.as_nus(), Some(v), "{v}");
                assert_eq!(g.as_nimber(), (x == "0" && ups == 0).then_some(nimber));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A game read as `x + n·↑ + *m` is that value, built independently
    /// by sums; and stops and birthday (kept with each stored form) agree
    /// with their definitions on the options.
    #[test]
    fn a_game_read_as_number_up_star_is_that_sum(g in game(4), h in game(3)) {
        for k in [g, h, g + h, g - h] {
            if let Some(v) = k.as_nus() {
                prop_assert_eq!(Game::nus(v).unwrap(), k, "{}", v);
            }
            let (l, r) = (k.left_options(), k.right_options());
            if !k.is_number() {
                let ls = l.iter().map(|o| o.right_stop()).max().unwrap();
                let rs = r.iter().map(|o| o.left_stop()).min().unwrap();
                prop_assert_eq!(k.stops(), (ls, rs));
                let b = l.iter().chain(&r).map(|o| o.birthday().unwrap() + 1).max().unwrap();
                prop_assert_eq!(k.birthday().unwrap(), b);
            }
        }
    }
}

proptest! {
    // PROPTEST_CASES=N raises the count for a longer soak.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(256)
    ))]

    #[test]
    fn difference_with_itself_is_zero(g in game(4)) {
        prop_assert_eq!(g - g, Game::zero());
        prop_assert_eq!(-(-g), g);
    }

    #[test]
    fn sums_commute_and_associate(g in game(4), h in game(3), k in game(3)) {
        prop_assert_eq!(g + h, h + g);
        prop_assert_eq!((g + h) + k, g + (h + k));
        prop_assert_eq!(-(g + h), -g + -h);
    }

    #[test]
    fn canonical_form_is_idempotent(t in tree(4, 3)) {
        let g = t.canonical_form().unwrap();
        let again = Game::from_options(&g.left_options(), &g.right_options()).unwrap();
        prop_assert_eq!(again, g);
        // The memoised trait path agrees with the plain one.
        let mut table = std::collections::HashMap::new();
        prop_assert_eq!(t.canonical_form_with(&mut table).unwrap(), g);
        // The canonical form is no older than the form it came from.
        fn depth(t: &Tree) -> u64 {
            t.left.iter().chain(&t.right).map(|o| depth(o) + 1).max().unwrap_or(0)
        }
        prop_assert!(g.birthday().unwrap() <= depth(&t));
    }

    #[test]
    fn order_is_a_partial_order_matching_differences(g in game(4), h in game(4), k in game(3)) {
        prop_assert!(g <= g);
        if g <= h && h <= g {
            prop_assert_eq!(g, h);
        }
        if g <= h && h <= k {
            prop_assert!(g <= k);
        }
        let zero = Game::zero();
        prop_assert_eq!(g <= h, (h - g) >= zero);
        prop_assert_eq!(g.compare(h) == Comparison::Confused, (h - g).is_confused_with(zero));
        let (ge, le) = (g >= h, g <= h);
        prop_assert_eq!(g.less_or_confused(h), !ge);
        prop_assert_eq!(g.greater_or_confused(h), !le);
    }

    #[test]
    fn order_agrees_with_the_bare_definition(a in tree(4, 2), b in tree(4, 2)) {
        let (g, h) = (a.canonical_form().unwrap(), b.canonical_form().unwrap());
        prop_assert_eq!(g <= h, brute_le(&a, &b));
        prop_assert_eq!(h <= g, brute_le(&b, &a));
        // The sum built by the definition on trees has the same value.
        let s = brute_sum(&a, &b);
        prop_assert_eq!(s.canonical_form().unwrap(), g + h);
    }

    #[test]
    fn means_add(g in game(4), h in game(4)) {
        let sum = g.mean().unwrap().checked_add(h.mean().unwrap()).unwrap();
        prop_assert_eq!((g + h).mean().unwrap(), sum);
    }

    #[test]
    fn cooling_is_additive(g in game(4), h in game(3), t in temperatures()) {
        let lhs = (g + h).cool(t).unwrap();
        let rhs = g.cool(t).unwrap() + h.cool(t).unwrap();
        prop_assert_eq!(lhs, rhs, "t = {}", t);
    }

    #[test]
    fn stops_and_thermograph_agree(g in game(4)) {
        let (ls, rs) = g.stops();
        prop_assert!(rs <= ls);
        let th = g.thermograph().unwrap();
        // The walls at t = 0 are the stops; the mast is the mean.
        prop_assert_eq!(th.left_wall().value_at(Dyadic::ZERO).unwrap(), ls);
        prop_assert_eq!(th.right_wall().value_at(Dyadic::ZERO).unwrap(), rs);
        prop_assert!(rs <= th.mean() && th.mean() <= ls);
        // Negative temperature exactly for numbers (CGSuite's convention).
        prop_assert_eq!(th.temperature() < Dyadic::ZERO, g.is_number());
        // Cooling above the temperature gives the mean, a number.
        let above = th.temperature().checked_add(Dyadic::ONE).unwrap().max(Dyadic::ZERO);
        prop_assert_eq!(g.cool(above).unwrap(), Game::number(th.mean()));
    }

    #[test]
    fn walls_are_the_stops_of_the_cooled_game(g in game(4), t in temperatures()) {
        // L_t(G) = LS(G_t) and R_t(G) = RS(G_t) (Siegel, CGT II.5): the
        // thermograph (built from the options' walls) against the stops of
        // the cooled game (built by cooling, then plain stops).
        let th = g.thermograph().unwrap();
        let c = g.cool(t).unwrap();
        prop_assert_eq!(th.left_wall().value_at(t).unwrap(), c.left_stop(), "t = {}", t);
        prop_assert_eq!(th.right_wall().value_at(t).unwrap(), c.right_stop(), "t = {}", t);
        // Below the temperature the cooled game is still hot or tepid...
        if t < th.temperature() {
            prop_assert!(c.right_stop() < c.left_stop() || !c.is_number());
        }
        // ...and at the temperature it is infinitely close to the mean.
        if th.temperature() >= Dyadic::ZERO {
            let at = g.cool(th.temperature()).unwrap();
            prop_assert_eq!(at.stops(), (th.mean(), th.mean()));
        }
    }

    #[test]
    fn mean_value_theorem(g in game(3)) {
        // n·m - t <= RS(n·G) <= LS(n·G) <= n·m + t for t = max(temperature, 0)
        // (Winning Ways ch. 6; Siegel, CGT II.5, the mean value theorem).
        let th = g.thermograph().unwrap();
        let t = th.temperature().max(Dyadic::ZERO);
        let mut sum = Game::zero();
        for n in 1..=4i64 {
            sum = sum + g;
            let nm = th.mean().checked_mul_int(n).unwrap();
            let (ls, rs) = sum.stops();
            prop_assert!(nm.checked_sub(t).unwrap() <= rs, "n = {}", n);
            prop_assert!(ls <= nm.checked_add(t).unwrap(), "n = {}", n);
        }
    }

    #[test]
    fn outcome_matches_stops(g in game(4)) {
        use miai_cgt::Outcome;
        let (ls, rs) = g.stops();
        let o = g.outcome();
        if rs > Dyadic::ZERO { prop_assert_eq!(o, Outcome::L); }
        if ls < Dyadic::ZERO { prop_assert_eq!(o, Outcome::R); }
        if rs < Dyadic::ZERO && ls > Dyadic::ZERO { prop_assert_eq!(o, Outcome::N); }
    }

    #[test]
    fn print_parse_round_trip(g in game(4), h in game(3)) {
        for x in [g, h, g + h, g - h, g.chill().unwrap()] {
            let text = x.to_string();
            let back = parse(&text);
            prop_assert_eq!(back.clone().ok(), Some(x), "{} -> {:?}", text, back);
        }
    }

    #[test]
    fn heating_undoes_cooling_of_simple_switches(b in -8i64..8, t in 0i64..3, gap in 1i64..10) {
        // For a switch {a|b} with temperature (a-b)/2 > t, cooling by t
        // gives {a-t|b+t} and heating that by t gives {a|b} back (WW ch.6).
        let a = b + 2 * t + gap;
        let g = Game::from_options(&[Game::integer(a)], &[Game::integer(b)]).unwrap();
        let t = Dyadic::integer(t);
        prop_assert_eq!(g.cool(t).unwrap().heat(t).unwrap(), g);
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,40}") {
        let _ = parse(&s);
    }

    #[test]
    fn game_like_text_never_panics(s in "[-+*^v{}|,()0-9/ ±]{0,40}") {
        if let Err(e) = parse(&s) {
            prop_assert!(e.column() >= 1 && e.column() <= s.chars().count() + 1);
            prop_assert!(!e.to_string().is_empty());
        }
    }
}

/// The generator must reach the birthdays the laws are meant for.
#[test]
fn generator_reaches_birthday_four() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut late = 0;
    let mut hot = 0;
    for _ in 0..200 {
        let g = game(4).new_tree(&mut runner).unwrap().current();
        if g.birthday().unwrap() >= 3 {
            late += 1;
        }
        if g.temperature().unwrap() > Dyadic::ZERO {
            hot += 1;
        }
    }
    assert!(
        late >= 40,
        "only {late} of 200 games born on day 3 or later"
    );
    assert!(hot >= 20, "only {hot} of 200 games are hot");
}
