//! The `(n, m, t)` DP against the full-history brute force (ko fights played
//! take by take, superko against the positions actually seen, no oracle),
//! and the hand-worked cells.

mod common;

use miai_nko::history::{HistorySearch, Rules};
use miai_nko::{Outcome, Player, SearchError, State, WinTable, closed_form};
use miai_search::{Cancel, Limits, Stop};

#[test]
fn dp_equals_full_history_brute_force_for_every_cell_up_to_n_6() {
    let table = WinTable::build(6).unwrap();
    let mut search = HistorySearch::new(Rules::NoPasses, &Limits::none(), None);
    let mut cells = 0;
    for (state, winner) in table.iter() {
        let truth = search.solve(state).unwrap();
        assert_eq!(truth, Outcome::win_for(winner), "{state}");
        cells += 1;
    }
    assert_eq!(cells, 2 * (1 + 2 + 3 + 4 + 5));
}

#[test]
fn hand_worked_cells() {
    let table = WinTable::build(10).unwrap();
    let mut search = HistorySearch::new(Rules::NoPasses, &Limits::none(), None);
    for cell in common::hand_cells() {
        let s = cell.state;
        assert_eq!(table.winner(s).unwrap(), cell.winner, "DP at {s}");
        assert_eq!(closed_form::winner(s), cell.winner, "closed form at {s}");
        assert_eq!(
            search.solve(s).unwrap(),
            Outcome::win_for(cell.winner),
            "brute force at {s}"
        );
        assert_eq!(closed_form::seed_claim(s), cell.seed, "seed's claim at {s}");
    }
}

#[test]
fn seed_is_wrong_where_the_brute_force_says_so_up_to_n_6() {
    // The seed's formula is checked against the independent brute force, not
    // against the DP: for n <= 6, Black to move, the seed is wrong exactly at
    // (3,1) (4,2) (5,1) (5,2) (5,3) (6,1) (6,3) (6,4); right at (4,1) (6,2)
    // and at the captures (n, n-1).
    let mut search = HistorySearch::new(Rules::NoPasses, &Limits::none(), None);
    let mut wrong = Vec::new();
    for n in 2..=6u64 {
        for m in 1..n {
            let s = State::new(n, m, Player::Black).unwrap();
            let truth = search.solve(s).unwrap().winner();
            if closed_form::seed_claim(s) != truth {
                wrong.push((n, m));
            }
        }
        // The seed's White exception (n, 1, 1) holds.
        let s = State::new(n, 1, Player::White).unwrap();
        assert_eq!(search.solve(s).unwrap(), Outcome::WhiteWins);
    }
    assert_eq!(
        wrong,
        vec![(3, 1), (4, 2), (5, 1), (5, 2), (5, 3), (6, 1), (6, 3)]
    );
}

#[test]
fn limits_and_cancellation() {
    let mut search = HistorySearch::new(Rules::NoPasses, &Limits::none().with_nodes(10), None);
    let s = State::new(6, 2, Player::Black).unwrap();
    // The meter stops on the node that reaches the limit.
    assert_eq!(
        search.solve(s),
        Err(SearchError::Stopped {
            stop: Stop::Nodes,
            nodes: 10
        })
    );
    let big = State::new(11, 2, Player::Black).unwrap();
    assert!(matches!(
        HistorySearch::new(Rules::NoPasses, &Limits::none(), None).solve(big),
        Err(SearchError::TooManyKos { n: 11, .. })
    ));
    let cancel = Cancel::new();
    cancel.cancel();
    let mut search = HistorySearch::new(Rules::PassesAllowed, &Limits::none(), Some(&cancel));
    // The flag is looked at every 256 nodes; n = 7 with passes needs more.
    let s = State::new(7, 3, Player::Black).unwrap();
    assert!(matches!(
        search.solve(s),
        Err(SearchError::Stopped {
            stop: Stop::Cancelled,
            ..
        })
    ));
}
