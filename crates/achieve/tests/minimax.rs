//! The fast solver against a plain minimax written here (no reductions, no
//! pruning, just the rules), on random small hypergraphs, both players
//! first. Every proven result also comes with a certificate that the
//! independent checker must accept.

use std::collections::HashMap;

use miai_achieve::{Certificate, Hypergraph, Origin, Player, SearchLimit, Solver, verify};
use proptest::prelude::*;

/// Maker wins from (m, b)? Plain game tree over all empty cells, memoised.
fn plain(
    sets: &[u128],
    n: usize,
    m: u128,
    b: u128,
    maker_to_move: bool,
    memo: &mut HashMap<(u128, u128), bool>,
) -> bool {
    if sets.iter().any(|&s| s & !m == 0) {
        return true;
    }
    if let Some(&v) = memo.get(&(m, b)) {
        return v;
    }
    let empty: Vec<usize> = (0..n).filter(|&c| (m | b) >> c & 1 == 0).collect();
    let v = if empty.is_empty() {
        false
    } else if maker_to_move {
        empty
            .iter()
            .any(|&c| plain(sets, n, m | 1 << c, b, false, memo))
    } else {
        empty
            .iter()
            .all(|&c| plain(sets, n, m, b | 1 << c, true, memo))
    };
    memo.insert((m, b), v);
    v
}

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
            let mut solver = Solver::new(&h, SearchLimit { table_bytes: 1 << 16, ..SearchLimit::default() }).unwrap();
            let fast = solver.solve(first, &mut |_| {}).verdict.winner();
            let slow = plain(&sets, n, 0, 0, first == Player::Maker, &mut HashMap::new());
            let expected = if slow { Player::Maker } else { Player::Breaker };
            prop_assert_eq!(fast, Some(expected), "first {}", first);

            let cert = Certificate::build(&mut solver, &h, Origin::Sets, first, &mut |_| {}).unwrap();
            let checked = verify::verify_text(&cert.to_string());
            prop_assert!(checked.is_ok(), "{:?}", checked);
            prop_assert_eq!(checked.unwrap().winner, expected);
        }
    }
}
