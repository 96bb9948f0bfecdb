//! Counting legal positions, an independent check of the chain and liberty
//! bookkeeping: enumerate every colouring of a small board and count those
//! [`Position::from_setup`] accepts. Expected counts come from
//! `tests/data/legal_positions.txt` (Tromp and Farnebäck).

use std::sync::Arc;

use miai_goban::{Color, Graph, Position, Rules, Setup};

fn count(w: usize, h: usize) -> u64 {
    let graph = Arc::new(Graph::grid(w, h).unwrap());
    let n = graph.len();
    let mut legal = 0;
    for code in 0..3u64.pow(n as u32) {
        let mut c = code;
        let mut setup = Setup::empty(graph.clone());
        for s in setup.stones.iter_mut() {
            *s = [None, Some(Color::Black), Some(Color::White)][(c % 3) as usize];
            c /= 3;
        }
        if Position::from_setup(setup, Rules::chinese()).is_ok() {
            legal += 1;
        }
    }
    legal
}

fn cases() -> Vec<(usize, usize, u64, bool)> {
    let text = include_str!("data/legal_positions.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (w, h) = f[0].split_once('x').unwrap();
            (
                h.parse().unwrap(),
                w.parse().unwrap(),
                f[1].parse().unwrap(),
                f.get(2) == Some(&"slow"),
            )
        })
        .collect()
}

#[test]
fn small_boards_match_the_literature() {
    let fast: Vec<_> = cases().into_iter().filter(|c| !c.3).collect();
    assert_eq!(fast.len(), 12);
    for (w, h, expected, _) in fast {
        assert_eq!(count(w, h), expected, "{h}x{w}");
    }
}

#[test]
#[ignore = "43 million colourings: about a minute in release; run with --release --ignored"]
fn four_by_four_matches_the_literature() {
    for (w, h, expected, _) in cases().into_iter().filter(|c| c.3) {
        assert_eq!(count(w, h), expected, "{h}x{w}");
    }
}
