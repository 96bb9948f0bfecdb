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
    proof_with(
        w,
        h,
        SolveOptions {
            repetition: rule,
            ..SolveOptions::default()
        },
    )
}

/// The solve and proof (with shared subproofs) of the empty `w`x`h` grid
/// with `opts`.
fn proof_with(w: usize, h: usize, opts: SolveOptions) -> (solver::Solution, Proof) {
    shaped_proof(w, h, opts, true)
}

/// The same, as trees (`share` false) or with shared subproofs.
fn shaped_proof(w: usize, h: usize, opts: SolveOptions, share: bool) -> (solver::Solution, Proof) {
    let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
    let (sol, proof) = solver::solve_with_proof_sharing(
        &board,
        Stones::EMPTY,
        Color::Black,
        &opts,
        None,
        &mut |_| {},
        1 << 22,
        share,
    );
    (sol, proof.unwrap())
}

/// The solve and proof of `stones` on `board` with White to move, with
/// `opts` and a table of `entries` entries.
fn white_first_proof(
    board: &Board,
    stones: Stones,
    opts: &SolveOptions,
    entries: usize,
) -> (solver::Solution, Result<Proof, solver::ProofError>) {
    solver::solve_with_proof(
        board,
        stones,
        Color::White,
        opts,
        None,
        &mut |_| {},
        entries,
    )
}

/// The tree proof (format version 1) of the empty `w`x`h` grid.
fn tree_proof_of(w: usize, h: usize, rule: Repetition) -> (solver::Solution, Proof) {
    let opts = SolveOptions {
        repetition: rule,
        ..SolveOptions::default()
    };
    shaped_proof(w, h, opts, false)
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
        // The text round-trips (up to the line numbers reading adds).
        assert_eq!(back.lower.steps, proof.lower.steps);
        assert_eq!(back.upper.steps, proof.upper.steps);
        assert_eq!(back.to_text(), text);
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

/// A solve with the keeping game writes a proof of plain nodes (the
/// keeper's strategy followed move by move, no new leaf kind) that the
/// checker accepts, under both superko rules (boards where the game
/// closed nodes of the solve).
#[test]
fn keeping_game_proofs_verify() {
    for (w, h, score) in [(2, 3, 0), (2, 4, 8), (6, 1, 1)] {
        for rule in [Repetition::Positional, Repetition::Situational] {
            let opts = SolveOptions {
                repetition: rule,
                keeping: true,
                ..SolveOptions::default()
            };
            let (sol, proof) = proof_with(w, h, opts);
            assert_eq!(sol.score, Some(score), "{w}x{h} {rule:?}");
            assert!(sol.stats.keep_cutoffs > 0, "{w}x{h} {rule:?}");
            let back = Proof::parse(&proof.to_text()).unwrap();
            let v = verify::verify(&back).unwrap_or_else(|e| panic!("{w}x{h} {rule:?}: {e}"));
            assert_eq!(v.value, score);
        }
    }
}

/// Solves the small boards under both rules and the lines 1x8 to 1x10
/// with the options `tweak` makes of the default ones, and checks that
/// each value is the published one and that the checker accepts the
/// proof.
fn small_and_line_proofs_verify(tweak: impl Fn(SolveOptions) -> SolveOptions) {
    let mut cases = small_cases();
    cases.extend([
        (1, 8, 3, Repetition::Positional),
        (1, 9, 0, Repetition::Positional),
        (1, 10, 1, Repetition::Positional),
    ]);
    for (w, h, score, rule) in cases {
        let opts = tweak(SolveOptions {
            repetition: rule,
            ..SolveOptions::default()
        });
        let (sol, proof) = proof_with(w, h, opts);
        assert_eq!(sol.score, Some(score), "{w}x{h} {rule:?}");
        let back = Proof::parse(&proof.to_text()).unwrap();
        let v = verify::verify(&back).unwrap_or_else(|e| panic!("{w}x{h} {rule:?}: {e}"));
        assert_eq!(v.value, score, "{w}x{h} {rule:?}");
    }
}

/// A solve with free answers ([`SolveOptions::free_captures`]) proves the
/// same values with proofs the checker accepts (the horizon only decides
/// where the search looks; the proof is replayed on the rules): the small
/// boards under both rules, and the lines 1x8 to 1x10 (searched
/// differently with the option).
#[test]
fn free_capture_proofs_verify() {
    small_and_line_proofs_verify(|o| SolveOptions {
        free_captures: true,
        ..o
    });
}

/// A solve with the doomed side shallower ([`SolveOptions::doomed_lag`])
/// proves the same values with proofs the checker accepts: the small
/// boards under both rules, and the lines 1x8 to 1x10.
#[test]
fn shallower_doomed_side_proofs_verify() {
    small_and_line_proofs_verify(|o| SolveOptions { doomed_lag: 4, ..o });
}

/// Nodes in the subtree at `k` (preorder).
fn subtree(steps: &[Step], k: usize) -> usize {
    match &steps[k] {
        Step::Ended | Step::Benson | Step::Safe | Step::Ref(_) => 1,
        Step::Play(_) => 1 + subtree(steps, k + 1),
        Step::All(ms) => {
            let mut size = 1;
            for _ in ms {
                size += subtree(steps, k + size);
            }
            size
        }
    }
}

fn refused(proof: &Proof) -> VerifyError {
    // Through the text, as a tampered file would be read.
    verify::verify_text(&proof.to_text()).expect_err("a tampered proof is refused")
}

#[test]
fn tampered_proofs_are_refused_by_name() {
    let (_, good) = tree_proof_of(3, 3, Repetition::Positional);
    assert_eq!(good.version(), 1);
    assert!(verify::verify(&good).is_ok());
    let steps = &good.lower.steps;

    // A higher claim: some leaf falls short of it.
    let mut p = good.clone();
    p.value += 1;
    assert!(
        matches!(refused(&p), VerifyError::LeafFails { .. }),
        "{}",
        refused(&p)
    );

    // A defender's move left out, with its subtree.
    let k = steps
        .iter()
        .position(|s| matches!(s, Step::All(ms) if ms.len() >= 2))
        .unwrap();
    let Step::All(ms) = &steps[k] else {
        unreachable!()
    };
    let mut first = k + 1;
    for _ in 0..ms.len() - 1 {
        first += subtree(steps, first);
    }
    let last = *ms.last().unwrap();
    let mut p = good.clone();
    p.lower.steps.drain(first..first + subtree(steps, first));
    if let Step::All(ms) = &mut p.lower.steps[k] {
        ms.pop();
    }
    let e = refused(&p);
    assert!(
        matches!(&e, VerifyError::MissingReply { side: "lower", mv, .. }
            if *mv == match last { Move::Pass => "pass".to_string(), Move::Play(v) => v.to_string() }),
        "{e}"
    );

    // A defender's move listed twice.
    let mut p = good.clone();
    if let Step::All(ms) = &mut p.lower.steps[k] {
        ms[1] = ms[0];
    }
    assert!(
        matches!(refused(&p), VerifyError::ExtraReply { .. }),
        "{}",
        refused(&p)
    );

    // The prover plays on an occupied point: the first prover move after
    // the opening one, moved onto the opening stone.
    let Step::Play(Move::Play(opening)) = steps[0] else {
        panic!("3x3 opens with a stone: {:?}", steps[0])
    };
    let j = steps
        .iter()
        .skip(1)
        .position(|s| matches!(s, Step::Play(Move::Play(_))))
        .unwrap()
        + 1;
    let mut p = good.clone();
    p.lower.steps[j] = Step::Play(Move::Play(opening));
    let e = refused(&p);
    assert!(
        matches!(&e, VerifyError::IllegalMove { mv, .. } if *mv == opening.to_string()),
        "{e}"
    );

    // A prover's move where the defender is to move, and the reverse.
    let mut p = good.clone();
    p.lower.steps[1] = Step::Play(Move::Pass);
    assert!(
        matches!(refused(&p), VerifyError::WrongNode { .. }),
        "{}",
        refused(&p)
    );
    let mut p = good.clone();
    p.lower.steps[0] = Step::All(vec![Move::Pass]);
    assert!(
        matches!(refused(&p), VerifyError::WrongNode { .. }),
        "{}",
        refused(&p)
    );

    // A game that ended, closed as 'benson'; an 'ended' where play goes on.
    let e = steps.iter().position(|s| *s == Step::Ended).unwrap();
    let mut p = good.clone();
    p.lower.steps[e] = Step::Benson;
    assert!(
        matches!(refused(&p), VerifyError::WrongNode { .. }),
        "{}",
        refused(&p)
    );
    let b = steps.iter().position(|s| *s == Step::Benson).unwrap();
    let mut p = good.clone();
    p.lower.steps[b] = Step::Ended;
    assert!(
        matches!(refused(&p), VerifyError::WrongNode { .. }),
        "{}",
        refused(&p)
    );

    // A Benson leaf that Benson's algorithm does not give: the root of
    // the lower proof (the empty board).
    let mut p = good.clone();
    p.lower.steps = vec![Step::Benson];
    assert!(
        matches!(
            refused(&p),
            VerifyError::LeafFails {
                reason: "benson",
                ..
            }
        ),
        "{}",
        refused(&p)
    );

    // Nodes left over, and a tree that stops early.
    let mut p = good.clone();
    p.upper.steps.push(Step::Benson);
    assert!(
        matches!(refused(&p), VerifyError::Shape { side: "upper", .. }),
        "{}",
        refused(&p)
    );
    let mut p = good.clone();
    p.upper.steps.pop();
    assert!(
        matches!(refused(&p), VerifyError::Shape { side: "upper", .. }),
        "{}",
        refused(&p)
    );

    // Another version, and a broken line.
    let text = good.to_text();
    assert!(matches!(
        verify::verify_text(&text.replacen("proof 1", "proof 9", 1)),
        Err(VerifyError::Format(_))
    ));
    assert!(matches!(
        verify::verify_text(&text.replacen("\nbenson\n", "\nbensn\n", 1)),
        Err(VerifyError::Format(_))
    ));
    // An extra edge makes a different game: some node no longer matches.
    let mut p = good.clone();
    p.edges.push((0, 8));
    assert!(verify::verify(&p).is_err());
}

/// The rule is part of the proof: a situational-superko proof of 2x2 is
/// not accepted as a positional one, or the other way round, unless the
/// legal moves agree on every path (then it is a proof under both).
#[test]
fn the_rule_matters() {
    let (_, sit) = proof_of(2, 2, Repetition::Situational);
    let mut p = sit.clone();
    p.rule = Repetition::Positional;
    let (_, pos) = proof_of(2, 2, Repetition::Positional);
    let mut q = pos.clone();
    q.rule = Repetition::Situational;
    assert!(
        verify::verify(&p).is_err() || verify::verify(&q).is_err(),
        "both 2x2 proofs hold under both rules"
    );
}

/// A proof closed by a safe region (the corner bent three of
/// `safety::safe`'s example, White to move, Black owns all 12 points):
/// the checker re-derives the `safe` leaf, and refuses it as `benson`
/// (Benson's area alone is 9 points, a bound of 6).
#[test]
fn a_safe_leaf_verifies_and_is_not_benson() {
    safe_leaf_verifies_and_is_not_benson(4, 3, 0b1011_1110_0100);
}

/// A proof closed by a searched region (the 2x3 corner of a 6x3 board
/// inside a Black chain with two one-point eyes, White to move, Black
/// owns all 18 points): the checker re-derives the `safe` leaf by its own
/// plain local game, and refuses it as `benson` (Benson's area alone is
/// the 12 points of the wall and its eyes, a bound of 6).
#[test]
fn a_searched_region_leaf_verifies() {
    safe_leaf_verifies_and_is_not_benson(
        6,
        3,
        (1 << 3) | (1 << 5) | (0b111 << 9) | (0b1111 << 12) | (1 << 17),
    );
}

/// On a `w` x `h` grid with Black's stones `black` and no White stone,
/// White to move: Black owns every point by one `safe` leaf, which the
/// checker re-derives, and refuses relabelled `benson` (with a bound of 6).
fn safe_leaf_verifies_and_is_not_benson(w: usize, h: usize, black: u64) {
    let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
    let n = (w * h) as i32;
    let stones = Stones { black, white: 0 };
    let (sol, proof) = white_first_proof(&board, stones, &SolveOptions::default(), 1 << 20);
    assert_eq!(sol.score, Some(n));
    let proof = proof.unwrap();
    assert_eq!(proof.lower.steps, vec![Step::Safe]);
    let text = proof.to_text();
    let v = verify::verify_text(&text).unwrap();
    assert_eq!((v.value, v.safe_leaves), (n, 1));
    let mut p = Proof::parse(&text).unwrap();
    p.lower.steps[0] = Step::Benson;
    assert!(
        matches!(
            verify::verify(&p),
            Err(VerifyError::LeafFails {
                reason: "benson",
                bound: 6,
                ..
            })
        ),
        "{:?}",
        verify::verify(&p)
    );
}

/// On two threads ([`SolveOptions::threads`]) the solve ends with the
/// variation and the proof built on the calling thread from the shared
/// table: the checker accepts the proofs of the small boards, under both
/// rules (a stop signal left over from the last test once cut them
/// short).
#[test]
fn two_thread_proofs_verify() {
    for (w, h, score, rule) in small_cases() {
        // Several runs: which thread decides the last test varies.
        for _ in 0..3 {
            let (sol, proof) = proof_with(
                w,
                h,
                SolveOptions {
                    repetition: rule,
                    threads: 2,
                    ..SolveOptions::default()
                },
            );
            assert_eq!(sol.score, Some(score), "{w}x{h} {rule:?}");
            assert!(!sol.pv.is_empty(), "{w}x{h} {rule:?}");
            let v = verify::verify(&proof).unwrap_or_else(|e| panic!("{w}x{h} {rule:?}: {e}"));
            assert_eq!(v.value, score, "{w}x{h} {rule:?}");
        }
    }
}

/// The walk searches each prover node at the horizon the solve's proof had
/// left there and takes a play that closes the line statically first: on
/// 3x3 the tree of `score >= 9` has 240 nodes (1,576 when every node was
/// searched at the full horizon and the table's move always taken), on 1x8
/// the tree of `score <= 3` 79,309 (1,582,041); both are still accepted.
#[test]
fn proof_walks_stay_small() {
    let (_, p) = tree_proof_of(3, 3, Repetition::Positional);
    assert!(p.lower.steps.len() <= 400, "{}", p.lower.steps.len());
    verify::verify(&p).expect("3x3 accepted");
    let (sol, p) = tree_proof_of(8, 1, Repetition::Positional);
    assert_eq!(sol.score, Some(3));
    assert!(p.upper.steps.len() <= 200_000, "{}", p.upper.steps.len());
    let v = verify::verify(&p).expect("1x8 accepted");
    assert_eq!(v.value, 3);
}

/// Shared subproofs (format version 2): every small board's proof written
/// with `ref`s is accepted, never larger than the tree, and smaller where
/// positions transpose (3x4: 237,737 tree nodes against about 28 k).
#[test]
fn shared_proofs_verify_and_are_smaller() {
    let mut cases = small_cases();
    cases.push((3, 4, 4, Repetition::Positional));
    let mut shrunk = Vec::new();
    for (w, h, score, rule) in cases {
        let (_, tree) = tree_proof_of(w, h, rule);
        let (_, dag) = proof_of(w, h, rule);
        assert_eq!(tree.refs(), 0);
        let text = dag.to_text();
        let back = Proof::parse(&text).unwrap();
        assert_eq!(back.lower.steps, dag.lower.steps);
        assert_eq!(back.upper.steps, dag.upper.steps);
        let v = verify::verify(&back).unwrap_or_else(|e| panic!("{w}x{h} {rule:?}: {e}"));
        assert_eq!(v.value, score);
        assert_eq!(v.refs, dag.refs());
        assert!(dag.size() <= tree.size(), "{w}x{h} {rule:?}");
        if dag.refs() > 0 {
            assert_eq!(dag.version(), 2);
            assert!(v.shared_subproofs > 0 && v.filter_hits > 0);
            shrunk.push((w, h, tree.size(), dag.size()));
        }
    }
    let big = shrunk
        .iter()
        .find(|c| (c.0, c.1) == (3, 4))
        .expect("3x4 shares");
    assert!(big.3 * 4 < big.2, "3x4: {big:?}");
    assert!(shrunk.len() >= 4, "{shrunk:?}");
}

/// The position of every node of a proof tree: colouring, player to move,
/// whether the last move was a pass, whether the game has ended.
type At = (Stones, Color, bool, bool);

/// Each node's position (from the empty board, Black to move) and the
/// size of its subtree.
fn positions_and_sizes(board: &Board, steps: &[Step]) -> (Vec<At>, Vec<usize>) {
    let start = (Stones::EMPTY, Color::Black, false, false);
    let mut at = vec![start; steps.len()];
    positions(board, steps, 0, start, &mut at);
    let size = (0..steps.len()).map(|k| subtree(steps, k)).collect();
    (at, size)
}

fn positions(board: &Board, steps: &[Step], k: usize, at: At, out: &mut Vec<At>) -> usize {
    out[k] = at;
    let (stones, color, passed, _) = at;
    let next = |m: Move| match m {
        Move::Play(v) => (
            stones.play(board, color, v).unwrap().stones,
            color.opponent(),
            false,
            false,
        ),
        Move::Pass => (stones, color.opponent(), true, passed),
    };
    match &steps[k] {
        Step::Play(m) => positions(board, steps, k + 1, next(*m), out),
        Step::All(ms) => {
            let mut j = k + 1;
            for &m in ms {
                j = positions(board, steps, j, next(m), out);
            }
            j
        }
        _ => k + 1,
    }
}

/// `tree` with the subtree at `r` of its `side` tree replaced by `ref t`.
fn with_ref(tree: &Proof, upper: bool, t: usize, r: usize) -> Proof {
    let mut p = tree.clone();
    let steps = if upper { &mut p.upper } else { &mut p.lower };
    let size = subtree(&steps.steps, r);
    steps.steps.splice(r..r + size, [Step::Ref(t)]);
    steps.lines.clear();
    p
}

/// Sharing by position alone, without the checks of the writer: for
/// pairs of nodes of a tree proof (either tree) whose positions `pair`
/// accepts, the later replaced by a `ref` to the earlier (when that
/// subtree is complete before it), and what the checker says. At most
/// `limit` pairs, the first ones in preorder.
fn naive_shares(
    w: usize,
    h: usize,
    tree: &Proof,
    pair: impl Fn(&At, &At) -> bool,
    limit: usize,
) -> Vec<(usize, usize, Result<verify::Verified, VerifyError>)> {
    let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
    let mut out = Vec::new();
    for upper in [false, true] {
        let steps = if upper {
            &tree.upper.steps
        } else {
            &tree.lower.steps
        };
        let (at, size) = positions_and_sizes(&board, steps);
        for r in 0..steps.len() {
            for t in 0..r {
                if out.len() < limit && t + size[t] <= r && size[t] > 1 && pair(&at[t], &at[r]) {
                    out.push((t, r, verify::verify(&with_ref(tree, upper, t, r))));
                }
            }
        }
    }
    out
}

/// A tampered `ref` is refused by name: pointing forward or past the end
/// (`BadRef` at reading), to its own ancestor, to a subproof of another
/// position (colouring, player to move or pass state); sharing by position
/// alone, without the writer's checks, is refused where the shared
/// subproof's prover re-enters a colouring of the history above the `ref`
/// (`SharedRepeats`) or the subproof left out a defender's move legal
/// without the history above it (`MissingReply` inside the shared part),
/// and accepted elsewhere, also with `safe` leaves inside.
#[test]
fn tampered_refs_are_refused_by_name() {
    let (_, good) = proof_of(2, 3, Repetition::Positional);
    assert!(verify::verify(&good).is_ok());
    let steps = &good.lower.steps;
    let refs: Vec<(usize, usize)> = steps
        .iter()
        .enumerate()
        .filter_map(|(r, s)| match s {
            Step::Ref(t) => Some((r, *t)),
            _ => None,
        })
        .collect();
    assert!(refs.len() >= 2, "{refs:?}");
    let (r0, t0) = refs[0];
    let bad_ref = |p: &Proof| match verify::verify_text(&p.to_text()) {
        Err(VerifyError::BadRef { what, .. }) => what,
        other => panic!("{other:?}"),
    };
    // Forward, past the end, the root (an ancestor of every node).
    for (t, what) in [
        (r0 + 1, "earlier"),
        (steps.len() + 5, "no such node"),
        (r0, "earlier"),
        (0, "not complete"),
    ] {
        let mut p = good.clone();
        p.lower.steps[r0] = Step::Ref(t);
        assert!(bad_ref(&p).contains(what), "ref {t}: {}", bad_ref(&p));
    }
    // Another shared subproof's position.
    let &(r1, _) = refs.iter().find(|&&(_, t)| t != t0).unwrap();
    let mut p = good.clone();
    p.lower.steps[r1] = Step::Ref(t0);
    assert!(bad_ref(&p).contains("position"), "{}", bad_ref(&p));

    // Sharing by position alone on the boards where superko bites.
    let mut kinds = (0, 0, 0, 0);
    for (w, h) in [(2, 1), (2, 2), (5, 1), (6, 1), (3, 2)] {
        let (_, tree) = tree_proof_of(w, h, Repetition::Positional);
        for (t, r, v) in naive_shares(w, h, &tree, |a, b| a == b, 400) {
            match v {
                Ok(_) => kinds.0 += 1,
                Err(VerifyError::SharedRepeats { target, place, .. }) => {
                    assert_eq!(target, t);
                    assert!(place.starts_with(&format!("node {r}")), "{place}");
                    kinds.1 += 1;
                }
                Err(VerifyError::MissingReply { .. }) => kinds.2 += 1,
                Err(e) => panic!("{w}x{h} ref {t} at {r}: {e}"),
            }
        }
        // The same colouring, another player to move or pass state (the
        // check of the subproof itself may fail first).
        let other = |a: &At, b: &At| a.0 == b.0 && a.3 == b.3 && (a.1 != b.1 || a.2 != b.2);
        for (t, r, v) in naive_shares(w, h, &tree, other, 40) {
            match v {
                Err(VerifyError::BadRef { what, place, .. }) if what.contains("position") => {
                    assert!(place.starts_with(&format!("node {r}")), "{place}");
                    kinds.3 += 1;
                }
                Err(VerifyError::MissingReply { .. } | VerifyError::SharedRepeats { .. }) => {}
                other => panic!("{w}x{h} ref {t} at {r}: {other:?}"),
            }
        }
    }
    assert!(
        kinds.0 > 0 && kinds.1 > 0 && kinds.2 > 0 && kinds.3 > 0,
        "accepted, repeats, missing, other position: {kinds:?}"
    );

    // `safe` leaves inside a shared subproof: 3x4's tree has some; share
    // subtrees holding one with later nodes of their position. The checker
    // keeps their regions and checks them at each use (the refusal is
    // `SharedForbidsRegion`, tested in `verify`'s unit tests).
    let (_, tree) = tree_proof_of(3, 4, Repetition::Positional);
    let steps = &tree.lower.steps;
    let board = Board::new(Arc::new(Graph::grid(3, 4).unwrap())).unwrap();
    let (at, size) = positions_and_sizes(&board, steps);
    let pairs: Vec<(usize, usize)> = (1..steps.len())
        .filter(|&t| size[t] > 1 && steps[t..t + size[t]].contains(&Step::Safe))
        .filter_map(|t| {
            (t + size[t]..steps.len())
                .find(|&r| at[r] == at[t])
                .map(|r| (t, r))
        })
        .take(10)
        .collect();
    let mut accepted = 0;
    for &(t, r) in &pairs {
        match verify::verify(&with_ref(&tree, false, t, r)) {
            Ok(v) => {
                assert_eq!(v.refs, 1);
                accepted += 1;
            }
            Err(
                VerifyError::SharedForbidsRegion { .. }
                | VerifyError::SharedRepeats { .. }
                | VerifyError::MissingReply { .. },
            ) => {}
            Err(e) => panic!("ref {t} at {r}: {e}"),
        }
    }
    assert!(accepted > 0, "{pairs:?}");
}

/// A solve by the best-first proof search ([`SolveOptions::dfpn`]) proves
/// the same values with proofs the checker accepts: the proof walk reads
/// the bounds df-pn stored (with their bases) and searches what they
/// leave open; the small boards under both rules, and 1x8 to 1x10.
#[test]
fn best_first_proof_search_proofs_verify() {
    // A table that holds df-pn's proven nodes (with the default 2^18
    // entries 1x10 takes 227 M nodes instead of 0.7 M).
    small_and_line_proofs_verify(|o| SolveOptions {
        dfpn: true,
        limits: solver::Limits {
            table_bytes: Some((1 << 20) * miai_graphgo::solver::tt::ENTRY_BYTES),
            ..o.limits
        },
        ..o
    });
}

/// With mirrored moves merged ([`SolveOptions::dfpn_twins`]) df-pn
/// proves only one of each pair of mirrored children where a symmetry
/// fixes the history (the empty board's first moves on a line): the
/// proofs, which the walk writes for every move, still verify.
#[test]
fn best_first_proof_search_with_merged_mirrors_proofs_verify() {
    small_and_line_proofs_verify(|o| SolveOptions {
        dfpn: true,
        dfpn_twins: true,
        limits: solver::Limits {
            table_bytes: Some((1 << 20) * miai_graphgo::solver::tt::ENTRY_BYTES),
            ..o.limits
        },
        ..o
    });
}

/// Df-pn with its first numbers from the history-free estimate
/// (`SolveOptions::dfpn_oracle`): the proofs the walk writes from the
/// table it filled verify.
#[test]
fn best_first_proof_search_with_estimated_numbers_proofs_verify() {
    small_and_line_proofs_verify(|o| SolveOptions {
        dfpn: true,
        dfpn_twins: true,
        dfpn_oracle: 8,
        limits: solver::Limits {
            table_bytes: Some((1 << 20) * miai_graphgo::solver::tt::ENTRY_BYTES),
            ..o.limits
        },
        ..o
    });
}

/// Df-pn with its principal variation found by df-pn as well
/// (`SolveOptions::dfpn_pv`; the proof walk keeps the alpha-beta): the
/// proofs verify.
#[test]
fn best_first_proof_search_with_dfpn_variation_proofs_verify() {
    small_and_line_proofs_verify(|o| SolveOptions {
        dfpn: true,
        dfpn_twins: true,
        dfpn_oracle: 8,
        dfpn_pv: true,
        limits: solver::Limits {
            table_bytes: Some((1 << 20) * miai_graphgo::solver::tt::ENTRY_BYTES),
            ..o.limits
        },
        ..o
    });
}

/// With alternating-play safety on (`SolveOptions::alternating`), whose
/// claims the checker does not re-derive, no proof is written: the solve
/// still finds the value (the 5x3 position of `safety`'s unit test, White
/// to move: Black owns the board, closed at the root by the claim), and
/// the proof is refused as unsupported; without it the same position has
/// a proof the checker accepts.
#[test]
fn no_proof_with_alternating_safety() {
    let board = Board::new(Arc::new(Graph::grid(5, 3).unwrap())).unwrap();
    let stones = Stones {
        black: 0b11110 | (1 << 5),
        white: 0,
    };
    let with = SolveOptions {
        alternating: true,
        ..SolveOptions::default()
    };
    let (sol, proof) = white_first_proof(&board, stones, &with, 1 << 20);
    assert_eq!(sol.score, Some(15));
    assert!(sol.nodes <= 2, "{}", sol.nodes);
    assert!(matches!(proof, Err(solver::ProofError::Unsupported(_))));
    let (sol, proof) = white_first_proof(&board, stones, &SolveOptions::default(), 1 << 22);
    assert_eq!(sol.score, Some(15));
    let v = verify::verify_text(&proof.unwrap().to_text()).unwrap();
    assert_eq!(v.value, 15);
}

/// With the enclosed regions (`SolveOptions::enclosed`), whose claims the
/// checker does not re-derive, no proof is written: the solve still finds
/// the value (the 5x4 position of `safety`'s unit test
/// `an_enclosed_group_is_dead`, White to move: Black's wall kills the
/// White group, and the board is Black's, the root's first test closed by
/// the claim), and the proof is refused as unsupported.
#[test]
fn no_proof_with_enclosed_regions() {
    let board = Board::new(Arc::new(Graph::grid(5, 4).unwrap())).unwrap();
    let stones = Stones {
        black: (1 << 1) | (1 << 5) | (1 << 6) | (1 << 11) | (1 << 15) | (1 << 16),
        white: (1 << 2) | (1 << 3) | (1 << 4) | (1 << 9) | (1 << 14),
    };
    let with = SolveOptions {
        enclosed: true,
        ..SolveOptions::default()
    };
    let (sol, proof) = white_first_proof(&board, stones, &with, 1 << 20);
    assert_eq!(sol.score, Some(20));
    assert!(sol.stats.enclosed_claims > 0);
    assert!(matches!(
        proof,
        Err(solver::ProofError::Unsupported("enclosed regions"))
    ));
    // Without the claim the solver searches the kill, in more nodes (with
    // it, the root's first test is proved in one node; the rest is the
    // principal variation's walk).
    let plain = solver::solve_quietly(&board, stones, Color::White, &SolveOptions::default());
    assert_eq!(plain.score, Some(20));
    assert!(plain.nodes > 2 * sol.nodes, "{} {}", plain.nodes, sol.nodes);
}
