//! Shared helpers for the integration tests.
#![allow(dead_code)]

use miai_nko::{Player, State};

/// One line of `tests/data/hand_cells.txt`.
#[derive(Debug)]
pub struct HandCell {
    pub state: State,
    pub winner: Player,
    pub seed: Option<Player>,
}

fn player(letter: &str) -> Option<Player> {
    match letter {
        "B" => Some(Player::Black),
        "W" => Some(Player::White),
        _ => None,
    }
}

/// The hand-worked cells.
pub fn hand_cells() -> Vec<HandCell> {
    include_str!("../data/hand_cells.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 5, "bad data line {l:?}");
            let n: u64 = f[0].parse().unwrap();
            let m: u64 = f[1].parse().unwrap();
            let t: usize = f[2].parse().unwrap();
            HandCell {
                state: State::new(n, m, Player::from_index(t)).unwrap(),
                winner: player(f[3]).unwrap(),
                seed: player(f[4]),
            }
        })
        .collect()
}
