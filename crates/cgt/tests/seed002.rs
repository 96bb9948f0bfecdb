//! The capturing race of seed 002, Fig. 2: `G = {4|0} + {6|{4|0}} - 7`.
//!
//! Values from the seed (its CGSuite computation) and the issue brief: the
//! canonical form is `{1,{3|-1}|-3}`, mean -1, temperature 2;
//! `cool({4|0},2) = 2*`, `cool({6|{4|0}},2) = {4|4*} = 4^`, and
//! `g = cool(G,2) = -1^*`, confused with -1, so by the seed's rule 3 the
//! adjusted value is 0 for Black first and -2 for White first: the side
//! that plays first wins.

use miai_cgt::{Dyadic, Game, Outcome, parse};

fn two() -> Dyadic {
    Dyadic::integer(2)
}

#[test]
fn canonical_form_mean_and_temperature() {
    let g = parse("{4|0} + {6|{4|0}} - 7").unwrap();
    assert_eq!(g, parse("{1,{3|-1}|-3}").unwrap());
    assert_eq!(g.to_string(), "{1,{3|-1}|-3}");
    assert_eq!(g.mean().unwrap(), Dyadic::integer(-1));
    assert_eq!(g.temperature().unwrap(), two());
    assert_eq!(g.outcome(), Outcome::N);
}

#[test]
fn cooled_parts_keep_their_infinitesimals() {
    let a = parse("{4|0}").unwrap().cool(two()).unwrap();
    assert_eq!(a, parse("2*").unwrap());
    assert_eq!(a.to_string(), "2*");
    let b = parse("{6|{4|0}}").unwrap().cool(two()).unwrap();
    assert_eq!(b, parse("{4|4*}").unwrap());
    assert_eq!(b.to_string(), "4^");
    // Cooling is additive, so the parts add up to the whole.
    let g = parse("{4|0} + {6|{4|0}} - 7").unwrap();
    let cg = g.cool(two()).unwrap();
    assert_eq!(cg, a + b + Game::integer(-7));
}

#[test]
fn cooled_race_is_minus_one_up_star_confused_with_minus_one() {
    let g = parse("{4|0} + {6|{4|0}} - 7").unwrap();
    let c = g.cool(two()).unwrap();
    assert_eq!(c.to_string(), "-1^*");
    assert!(!c.is_number());
    assert!(c.is_confused_with(Game::integer(-1)));
    assert_eq!(c.confused_integers(100), Some(vec![-1]));
    // Rule 3 of the seed: n + 1 = 0 with Black first, n - 1 = -2 with
    // White first; the first player wins. Dropping the star (cooling that
    // stops at the number) would give -1 and the wrong verdict.
    assert!(c > Game::integer(-2) && c < Game::integer(0));
    assert_ne!(c, Game::integer(-1));
}

#[test]
fn right_stop_takes_the_left_stops_of_right_options() {
    // RS({10 | 1, {4|-4}}) = min(LS(1), LS({4|-4})) = min(1, 4) = 1.
    let g = parse("{10|1,{4|-4}}").unwrap();
    assert_eq!(g.right_stop(), Dyadic::ONE);
    assert_eq!(g.left_stop(), Dyadic::integer(10));
}

#[test]
fn example_file_holds_the_race() {
    let text = include_str!("../../../examples/cgt/seed002-race.cgt");
    assert_eq!(parse(text.trim()).unwrap(), parse("{1,{3|-1}|-3}").unwrap());
}
