//! Two independent methods must never contradict each other: a blocking
//! pairing (checked cell by cell) means Breaker wins every finite segment,
//! so the solver must never find a Maker win on a segment for a creature
//! with a pairing. And a creature scaled by g behaves like the original.

use miai_achieve::pairing::{PairingResult, blocks, find_pairing};
use miai_achieve::table::creatures;
use miai_achieve::{Limits, Player, Solver, segment};

#[test]
fn pairing_losers_never_lose_a_segment() {
    let mut pairings = 0;
    for cells in 3..=4 {
        for c in creatures(cells, 6) {
            if let PairingResult::Found(p) = find_pairing(&c, false, 12, 10_000) {
                assert!(blocks(&c, false, &p));
                pairings += 1;
                for len in (c.span() as usize + 1)..=14 {
                    let game = segment(&c, len, false).unwrap();
                    let mut s = Solver::new(&game, Limits::none()).unwrap();
                    let w = s.solve(Player::Maker, &mut |_| {}).verdict.winner();
                    assert_eq!(w, Some(Player::Breaker), "{c} on {len} cells");
                }
            }
        }
    }
    assert!(pairings > 5);
}

#[test]
fn scaling_a_creature_scales_its_segment_game() {
    // {0,1,3} doubled is {0,2,6}: on 2L cells the game is exactly two
    // disjoint copies of the L-cell game (even and odd cells); Maker moving
    // first wins a disjoint sum iff he wins one copy moving first.
    let small: miai_achieve::Creature = "0,1,3".parse().unwrap();
    let big: miai_achieve::Creature = "0,2,6".parse().unwrap();
    for len in 4..=11 {
        let solve = |c: &miai_achieve::Creature, n: usize| {
            let g = segment(c, n, false).unwrap();
            Solver::new(&g, Limits::none())
                .unwrap()
                .solve(Player::Maker, &mut |_| {})
                .verdict
                .winner()
        };
        assert_eq!(solve(&small, len), solve(&big, 2 * len), "length {len}");
    }
}
