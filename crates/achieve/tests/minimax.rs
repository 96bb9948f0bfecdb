//! The fast solver against a plain minimax written here (no reductions, no
//! pruning, just the rules), on random small hypergraphs, both players
//! first. Every proven result also comes with a certificate that the
//! independent checker must accept.

mod common;

use miai_achieve::{Certificate, Hypergraph, Limits, Origin, Player, Solver, verify};
use proptest::prelude::*;

fn game() -> impl Strategy<Value = (usize, Vec<u128>)> {
    (2usize..=12).prop_flat_map(|n| {
        let set = prop::collection::btree_set(0..n, 1..=5.min(n))
            .prop_map(|s| s.into_iter().fold(0u128, |a, c| a | 1 << c));
        (Just(n), prop::collection::vec(set, 1..=9))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn solver_agrees_with_plain_minimax((n, sets) in game()) {
        let h = Hypergraph::from_masks(n, sets.clone()).unwrap();
        for first in [Player::Maker, Player::Breaker] {
            let mut solver = Solver::new(&h, Limits::none().with_table_bytes(1 << 16)).unwrap();
            let fast = solver.solve(first, &mut |_| {}).verdict.winner();
            let slow = common::plain_maker_wins(&sets, n, 0, 0, first == Player::Maker);
            let expected = if slow { Player::Maker } else { Player::Breaker };
            prop_assert_eq!(fast, Some(expected), "first {}", first);

            let cert = Certificate::build(&mut solver, &h, Origin::Sets, first, &mut |_| {}).unwrap();
            let checked = verify::verify_text(&cert.to_string());
            prop_assert!(checked.is_ok(), "{:?}", checked);
            prop_assert_eq!(checked.unwrap().winner, expected);
        }
    }
}
