//! The ko fight: who is forced to fill first.
//!
//! Within a fight no ko is filled, so every position is a set `S` of the kos
//! in Black's shape. Starting from `(n, m)` with Black to move, Black's takes
//! move `S` from `m` to `m + 1` elements and White's back to `m`: the fight
//! is a walk on the bipartite graph between the `m`-subsets and the
//! `(m+1)`-subsets of the `n` kos, joined when one contains the other.
//! Superko forbids revisiting a vertex, and the start is already on the board,
//! so it is visited. The side that cannot take must fill (or, when that is
//! its last liberty, lose): this is vertex generalized geography, and the
//! side that cannot move loses it.
//!
//! **Theorem** (the oracle). The mover, holding `k` of `n` kos, wins the fight
//! iff `n >= 2k + 1`.
//!
//! *Proof.* For undirected vertex geography the first player wins from `v`
//! (with `v` already visited) iff every maximum matching covers `v`
//! (Fraenkel, Scheinerman and Ullman, 1993): if some maximum matching `M`
//! misses `v`, the second player answers each move along `M` (a move off
//! `M`'s path would give an augmenting path, contradicting maximality);
//! otherwise the first player moves along any maximum matching. The graph
//! here is biregular (an `m`-set has `n - m` supersets, an `(m+1)`-set
//! `m + 1` subsets), so by Hall's theorem it has a matching saturating its
//! smaller side. If `C(n, m) <= C(n, m+1)`, i.e. `n >= 2m + 1`, every
//! maximum matching saturates the `m`-side, so it covers the start: the
//! mover wins. Otherwise a maximum matching has `C(n, m+1) < C(n, m)` edges
//! and misses some `m`-set; the symmetric group acts transitively on
//! `m`-sets, so for every `m`-set, the start included, some maximum matching
//! misses it: the mover loses. Colours are symmetric, so the same holds for
//! White with `k = n - m`. ∎
//!
//! [`geography`] checks this by brute force on the explicit graph.

pub mod geography;

/// Whether the side to move, holding `mover_kos` of `n` kos, wins the ko
/// fight it starts by taking one of the opponent's kos: `n >= 2k + 1`.
///
/// ```
/// use miai_nko::fight::mover_wins;
/// assert!(mover_wins(50, 17));  // 50 >= 35
/// assert!(mover_wins(5, 2));    // equal sides: C(5,2) = C(5,3); the mover wins
/// assert!(!mover_wins(5, 3));
/// ```
#[must_use]
pub fn mover_wins(n: u64, mover_kos: u64) -> bool {
    // Checked: an absurd `mover_kos` (2k + 1 overflowing) simply loses.
    mover_kos
        .checked_mul(2)
        .and_then(|x| x.checked_add(1))
        .is_some_and(|bound| n >= bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_statement_black_to_move_wins_iff_n_at_least_2m_plus_1() {
        // Seed 000, "コウ争いの勝敗判定": black to move wins the fight iff n >= 2m+1.
        assert!(mover_wins(3, 1));
        assert!(!mover_wins(3, 2));
        assert!(mover_wins(7, 3));
        assert!(!mover_wins(7, 4));
        assert!(!mover_wins(u64::MAX, u64::MAX));
    }
}
