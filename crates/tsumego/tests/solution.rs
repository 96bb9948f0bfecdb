//! The solution tree (`miai_tsumego::solution`): its content checked
//! against independent code — the plain exhaustive reference solver of
//! `tests/common` on the positions the lines reach — and its SGF replayed
//! node by node on goban's board.

// The reference solver and its helpers; this test uses a part of them.
#[allow(dead_code, unused_imports)]
mod common;

use std::path::Path;

use miai_goban::{Mark, Move, Position, Rules, sgf};
use miai_tsumego::problem::file;
use miai_tsumego::solution::{TreeOptions, favoured, solve_tree};
use miai_tsumego::{Options, Problem, Side, Status, analyse_after};

use common::reference_status;

/// Positions the reference reads within this many nodes.
const CAP: u64 = 2_000_000;

fn load(rel: &str) -> (file::ProblemFile, Problem) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    let text = std::fs::read_to_string(&path).expect("test data");
    let f = file::parse(&text).expect("a problem file");
    let p = Problem::new(f.spec.clone()).expect("a problem");
    (f, p)
}

/// A ko that whoever has the ko threats wins: it favours no side as such.
const BOTH: Status = Status::Ko {
    attacker_wins_it: true,
    defender_wins_it: true,
};

/// Seki counts as alive (the reference does not tell them apart).
fn plain(s: Status) -> Status {
    if s == Status::Seki { Status::Alive } else { s }
}

const PROBLEMS: &[&str] = &[
    "classic/01_straight_three_corner.txt",
    "classic/02_bent_three_corner.txt",
    "classic/03_straight_three_side.txt",
    "seed003/04a_approach_ko_n2.txt",
];

#[test]
fn every_line_reaches_the_status_it_states_by_the_reference() {
    let mut checked = 0;
    // Plain results only: the end of a ko line, read as a state of its
    // own, loses the seed model's tenuki counts that the line used up.
    for rel in &PROBLEMS[..3] {
        let (f, problem) = load(rel);
        let regime = file::choose_regime(None, None, Some(&f)).expect("rules");
        let options = Options {
            regime,
            ..Options::default()
        };
        for first in [Side::Attacker, Side::Defender] {
            let tree = solve_tree(&problem, first, &options, &TreeOptions::default(), None);
            assert!(tree.stopped.is_none(), "{rel}: {:?}", tree.stopped);
            let root = plain(tree.analysis.status);
            // The reference reads the small problems; over its cap it
            // says nothing (and the count below makes sure it read some).
            if let Some(r) = reference_status(&problem, regime, first, CAP) {
                checked += 1;
                assert_eq!(r, root, "{rel}, {first} first: the root status");
            }
            let correct = tree.lines.iter().filter(|l| l.correct).count();
            assert_eq!(
                correct,
                tree.analysis.correct.as_ref().map_or(0, Vec::len),
                "{rel}: every correct first move has a line"
            );
            for line in &tree.lines {
                assert!(!line.moves.is_empty());
                // The status after the first move, by the reference.
                let after_first = problem.after(first, &line.moves[..1]).expect("legal");
                if let Some(r) = reference_status(&after_first, regime, first.other(), CAP) {
                    checked += 1;
                    assert_eq!(
                        r,
                        plain(line.status),
                        "{rel}, {first} first, {:?}: the stated status",
                        line.moves
                    );
                }
                // A correct move keeps the root's status; a wrong one
                // gives the opponent at least as much.
                let goal = if line.correct { first } else { first.other() };
                if line.correct {
                    assert_eq!(plain(line.status), root, "{rel}: {:?}", line.moves);
                }
                assert!(
                    line.status == BOTH
                        || favoured(line.status, first.other()).is_none_or(|s| s == goal),
                    "{rel}, {first} first, {:?}: the line's status favours its goal",
                    line.moves
                );
                // The line's end: the side to move there cannot turn the
                // result the line states, by the reference.
                let n = line.moves.len();
                let to_move = if n.is_multiple_of(2) {
                    first
                } else {
                    first.other()
                };
                // (A line in which the ko-advantaged side of the seed's
                // model retakes a ko at once is no state of its own.)
                let end = problem.after(first, &line.moves).ok();
                let by_ref = end.and_then(|e| reference_status(&e, regime, to_move, CAP));
                if let Some(s) = by_ref {
                    checked += 1;
                    assert!(
                        (s == BOTH && line.status == BOTH)
                            || favoured(s, to_move) == favoured(line.status, first.other()),
                        "{rel}, {first} first, {:?}: the end's status {s:?}",
                        line.moves
                    );
                }
                if line.settled {
                    // Settled lines end with the goal side's move.
                    assert_eq!(
                        to_move,
                        goal.other(),
                        "{rel}: {:?} ends on the goal's move",
                        line.moves
                    );
                }
            }
        }
    }
    assert!(checked >= 20, "the reference read only {checked} positions");
}

#[test]
fn lines_are_cut_where_the_status_is_settled() {
    // Straight three in the corner, Black (the attacker) first: B19 kills
    // at once; the principal variation after it runs on to the capture.
    let (_, problem) = load("classic/01_straight_three_corner.txt");
    let options = Options::default();
    let first = Side::Attacker;
    let tree = solve_tree(&problem, first, &options, &TreeOptions::default(), None);
    let uncut = solve_tree(
        &problem,
        first,
        &options,
        &TreeOptions {
            settle: false,
            ..TreeOptions::default()
        },
        None,
    );
    let main = tree
        .lines
        .iter()
        .find(|l| l.correct)
        .expect("a correct line");
    let long = uncut
        .lines
        .iter()
        .find(|l| l.correct)
        .expect("a correct line");
    assert!(main.settled, "{:?}", main.moves);
    assert!(
        main.moves.len() < long.moves.len(),
        "cut {:?}, uncut {:?}",
        main.moves,
        long.moves
    );
    // The uncut line is the principal variation after the first move.
    let a = analyse_after(&problem, first, &long.moves[..1], &options, None, None).expect("legal");
    assert_eq!(&long.moves[1..], &a.pv[..]);
    // The wrong moves shown are refuted, at most the bound.
    let bounded = solve_tree(
        &problem,
        first,
        &options,
        &TreeOptions {
            max_refutations: 1,
            ..TreeOptions::default()
        },
        None,
    );
    assert!(bounded.lines.iter().filter(|l| !l.correct).count() <= 1);
}

/// Replays every node of `rec` on goban's board (simple ko): each move
/// legal in the position its parent reached.
fn replay_all(rec: &sgf::Record) -> usize {
    let mut setup = rec.setup_before_moves();
    setup.ko = None;
    let start = Position::from_setup(setup, Rules::japanese()).expect("a legal setup");
    let mut stack = vec![(&rec.root, start)];
    let mut moves = 0;
    while let Some((node, before)) = stack.pop() {
        let mut pos = before;
        if let Some((color, mv)) = node.mv {
            moves += 1;
            match mv {
                Move::Pass => pos.pass(color),
                Move::Play(v) => {
                    if let Err(e) = pos.play_mut(color, Move::Play(v)) {
                        panic!("{color} {v:?}: {e}");
                    }
                }
            }
        }
        for c in node.children.iter() {
            stack.push((c, pos.clone()));
        }
    }
    moves
}

#[test]
fn the_sgf_replays_legally_and_marks_the_first_moves() {
    for rel in PROBLEMS {
        let (f, problem) = load(rel);
        let regime = file::choose_regime(None, None, Some(&f)).expect("rules");
        let options = Options {
            regime,
            ..Options::default()
        };
        let first = problem.side_of(f.spec.setup.to_move);
        let tree = solve_tree(&problem, first, &options, &TreeOptions::default(), None);
        let rec = tree.record(&problem, f.header("name")).expect("a grid");
        let text = rec.write();
        let back = sgf::read(&text).expect("miai reads what it wrote");
        assert_eq!(back.root.children.len(), tree.lines.len(), "{rel}");
        let moves = replay_all(&back);
        let played: usize = tree.lines.iter().map(|l| l.moves.len()).sum();
        // Passes are added only before ko retakes, two at a time.
        assert!(
            moves >= played && (moves - played).is_multiple_of(2),
            "{rel}\n{text}"
        );
        let circles = back
            .root
            .marks
            .iter()
            .filter(|(_, m)| *m == Mark::Circle)
            .count();
        assert_eq!(
            circles,
            tree.lines.iter().filter(|l| l.correct).count(),
            "{rel}"
        );
        for (child, line) in back.root.children.iter().zip(&tree.lines) {
            let c = child.comment.as_deref().unwrap_or_default();
            let word = if line.correct { "Correct." } else { "Wrong." };
            assert!(c.contains(word), "{rel}: {c}");
            assert!(c.contains(line.status.word()), "{rel}: {c}");
        }
        // The problem's stones are set up at the root (frame included).
        let stones = problem
            .original()
            .stones
            .iter()
            .filter(|s| s.is_some())
            .count();
        assert_eq!(back.root.setup.len(), stones);
    }
}
