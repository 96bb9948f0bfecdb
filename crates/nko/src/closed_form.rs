//! The closed form of the win table, and the seed's claimed one.
//!
//! **Theorem.** In the `(n, m, t)` model with Black to move, `1 <= m <= n-1`
//! and `k = (n + m) mod 3`, Black wins iff
//!
//! * `m = n - 1` (White is in atari: capture), or
//! * `2m < n` and `k != 0`, or
//! * `2m >= n` and `k = 2`.
//!
//! With White to move the colours swap: `(n, m, 1)` is won by White iff
//! `(n, n - m, 0)` is won by Black.
//!
//! *Proof.* Write `f(n, m)` for "the side to move, holding `m` of `n` kos,
//! wins" (Black to move at `(n, m, 0)`; White to move at `(n, m', 1)` is
//! `f(n, n - m')`). Induction on `n`; `n = 2` is the capture `m = n - 1`.
//! Let `1 <= m <= n - 2` and `k = (n + m) mod 3`. The mover has two options:
//!
//! * **Fill.** For `m = 1` it is suicide (a loss). Otherwise the opponent
//!   moves holding `n - m` of `n - 1`; if `m = 2` that is a capture for him.
//!   The fill wins iff `not f(n-1, n-m)`. That state's residue is
//!   `(2n - m - 1) mod 3 = (-k - 1) mod 3` (`k = 0, 1, 2` give `2, 1, 0`), and
//!   it is in the `2m' < n'` regime iff `2m >= n + 2`.
//! * **Win the ko fight**, only if `2m < n`. The mover moves again in
//!   `(n-1, m+1)`, same residue `k`; if `m + 1 = n - 1` the opponent had to
//!   fill his last liberty (a win). That state is in the `2m' < n'` regime
//!   iff `2m <= n - 4`.
//!
//! *Case `2m < n`.* The fill leaves the opponent in the `2m' >= n'` regime,
//! where he wins iff his residue is 2, i.e. `k = 0`: the fill wins iff
//! `m >= 3` and `k != 0`.
//! `k = 0`: the fill loses; the fight reaches residue 0, lost in either
//! regime (its capture cases `m = n - 2`, `m = n - 3` need `n <= 3`, where
//! `k != 0`). Loss, as claimed.
//! `k = 2`: the fight wins in either regime. Win.
//! `k = 1`: the fight wins if `2m <= n - 4`, the fill if `m >= 3`; what is left
//! is `m <= 2` with `2m >= n - 3`, i.e. `(3, 1)` (the fight leaves White one
//! ko to fill) and `(5, 2)` (the fight reaches `(4, 3)`, a capture). Win.
//!
//! *Case `2m >= n`* (then `m >= 2`, and only the fill is left). `m = 2` means
//! `n = 4`, `k = 0`, and White captures: loss, as claimed. If `2m >= n + 2`
//! the opponent is in the `2m' < n'` regime and wins iff his residue is not
//! 0, i.e. `k != 2`: the mover wins iff `k = 2`. If `2m = n` then `k = 0`; the
//! opponent (`2m' = n' + 1`) wins iff his residue (2) is 2: loss. If
//! `2m = n + 1` then `k = 2`; the opponent (`2m' = n'`) has residue 0 and
//! loses: win. ∎
//!
//! The seed's closed form is the same shape with the residues shifted:
//! `2m < n`: Black wins iff `k != 1`; `2m >= n`: iff `k = 0`. See
//! [`seed_claim`] and the crate documentation for where it is wrong.

use crate::{Player, State};

/// Whether Black, to move at `(n, m, 0)`, wins (the proven closed form).
/// Requires `1 <= m <= n - 1` (as in a [`State`]).
#[must_use]
pub fn black_to_move_wins(n: u64, m: u64) -> bool {
    let k = (n + m) % 3;
    m + 1 == n || (2 * m < n && k != 0) || (2 * m >= n && k == 2)
}

/// The winner of `state` by the proven closed form.
///
/// ```
/// use miai_nko::{Player, State, closed_form};
/// // The seed's worked example: the seed says White wins; the truth is Black.
/// let s = State::new(50, 17, Player::Black)?;
/// assert_eq!(closed_form::winner(s), Player::Black);
/// # Ok::<(), miai_nko::StateError>(())
/// ```
#[must_use]
pub fn winner(state: State) -> Player {
    let s = match state.to_move() {
        Player::Black => state,
        Player::White => state.mirrored(),
    };
    if black_to_move_wins(s.n(), s.m()) {
        state.to_move()
    } else {
        state.to_move().opponent()
    }
}

/// What the seed (000) claims about `state`, if it claims anything: its
/// closed form for Black to move (with the exception `(n, n-1, 0)`: Black
/// wins) and its exception `(n, 1, 1)`: White wins. For other White-to-move
/// states the seed states nothing.
#[must_use]
pub fn seed_claim(state: State) -> Option<Player> {
    let (n, m) = (state.n(), state.m());
    match state.to_move() {
        Player::White => (m == 1).then_some(Player::White),
        Player::Black => {
            let black = if m + 1 == n {
                true
            } else if 2 * m < n {
                (n + m) % 3 != 1
            } else {
                (n + m) % 3 == 0
            };
            Some(if black { Player::Black } else { Player::White })
        }
    }
}

/// Whether the seed's claim about `state` (if any) is wrong.
#[must_use]
pub fn seed_is_wrong(state: State) -> bool {
    seed_claim(state).is_some_and(|claim| claim != winner(state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WinTable;

    #[test]
    fn closed_form_equals_the_table_for_n_up_to_300() {
        let table = WinTable::build(300).unwrap();
        for (s, w) in table.iter() {
            assert_eq!(winner(s), w, "{s}");
        }
    }

    #[test]
    fn seed_disagrees_exactly_where_the_residues_are_shifted() {
        // Derived from the two formulas: with k = (n+m) mod 3 and m <= n-2, the
        // seed is right only where (2m < n, k = 2) or (2m >= n, k = 1).
        for n in 2..200u64 {
            for m in 1..n {
                let s = State::new(n, m, Player::Black).unwrap();
                let k = (n + m) % 3;
                let agree = m == n - 1 || (2 * m < n && k == 2) || (2 * m >= n && k == 1);
                assert_eq!(!seed_is_wrong(s), agree, "{s}");
            }
        }
    }
}
