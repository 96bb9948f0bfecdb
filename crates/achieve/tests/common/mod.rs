//! Test helpers shared by the integration tests.

use std::collections::HashMap;

/// Does Maker win from Maker's cells `m` and Breaker's cells `b`, with
/// `maker_to_move` saying whose turn it is? A plain minimax over every empty
/// cell of `0..n`, memoised, with no reduction beyond the rules: the
/// independent reference for the fast solver.
pub fn plain_maker_wins(sets: &[u128], n: usize, m: u128, b: u128, maker_to_move: bool) -> bool {
    fn go(
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
        // Within one game the side to move follows from the stone counts,
        // so (m, b) is a complete key.
        if let Some(&v) = memo.get(&(m, b)) {
            return v;
        }
        let empty: Vec<usize> = (0..n).filter(|&c| (m | b) >> c & 1 == 0).collect();
        let v = if empty.is_empty() {
            false
        } else if maker_to_move {
            empty
                .iter()
                .any(|&c| go(sets, n, m | 1 << c, b, false, memo))
        } else {
            empty
                .iter()
                .all(|&c| go(sets, n, m, b | 1 << c, true, memo))
        };
        memo.insert((m, b), v);
        v
    }
    // Only sets Breaker has not touched can be completed.
    let live: Vec<u128> = sets.iter().copied().filter(|&s| s & b == 0).collect();
    go(&live, n, m, b, maker_to_move, &mut HashMap::new())
}
