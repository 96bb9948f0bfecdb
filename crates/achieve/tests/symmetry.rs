//! The symmetry-canonical transposition table: the same verdicts as the
//! plain table on every small plane game and position, fewer nodes where
//! the board has symmetries, and maps that are not symmetries refused.

use miai_achieve::plane::{Board, Polyomino, Symmetry};
use miai_achieve::{HypergraphError, Limits, Player, Solver};

fn solver(game: &miai_achieve::Hypergraph, perms: Option<&[Vec<usize>]>) -> Solver {
    let s = Solver::new(game, Limits::none().with_table_bytes(1 << 20)).unwrap();
    match perms {
        Some(p) => s.with_symmetries(p).unwrap(),
        None => s,
    }
}

#[test]
fn board_symmetries_are_the_square_and_rectangle_groups() {
    let l4 = Polyomino::named("L4").unwrap();
    assert_eq!(Board::rect(5, 5).symmetries(&l4, Symmetry::Free).len(), 7);
    assert_eq!(Board::rect(5, 4).symmetries(&l4, Symmetry::Free).len(), 3);
    // One-sided S4: the reflections turn S copies into Z copies.
    let s4 = Polyomino::named("Z4").unwrap();
    assert_eq!(
        Board::rect(5, 5).symmetries(&s4, Symmetry::Rotations).len(),
        3
    );
    // A plus-shaped board keeps all eight; an L-shaped one only the
    // diagonal reflection.
    let plus: Board = ".#./###/.#.".parse().unwrap();
    assert_eq!(plus.symmetries(&l4, Symmetry::Free).len(), 7);
    let ell: Board = "#../#../###".parse().unwrap();
    assert_eq!(
        ell.symmetries(&Polyomino::named("domino").unwrap(), Symmetry::Free)
            .len(),
        1
    );
}

#[test]
fn verdicts_agree_with_the_plain_table_on_small_boards() {
    for name in ["domino", "I3", "V3", "L4", "T4", "Z4", "O4", "I4"] {
        let animal = Polyomino::named(name).unwrap();
        for (w, h) in [(3, 3), (4, 4), (4, 3), (5, 5), (5, 3)] {
            let board = Board::rect(w, h);
            let Ok(game) = board.hypergraph(&animal, Symmetry::Free) else {
                continue;
            };
            let perms = board.symmetries(&animal, Symmetry::Free);
            for first in [Player::Maker, Player::Breaker] {
                let plain = solver(&game, None).solve(first, &mut |_| {});
                let sym = solver(&game, Some(&perms)).solve(first, &mut |_| {});
                assert_eq!(
                    plain.verdict, sym.verdict,
                    "{name} on {w}x{h}, {first} first"
                );
            }
            // Every position after two moves, with a shared table.
            let mut a = solver(&game, None);
            let mut b = solver(&game, Some(&perms));
            let cells = game.cells();
            for m in 0..cells {
                for x in (0..cells).filter(|&x| x != m).step_by(3) {
                    let (mk, br) = (1u128 << m, 1u128 << x);
                    let pa = a.winner(mk, br, Player::Maker, &mut |_| {}).unwrap();
                    let pb = b.winner(mk, br, Player::Maker, &mut |_| {}).unwrap();
                    assert_eq!(pa, pb, "{name} on {w}x{h}: maker {m}, breaker {x}");
                }
            }
        }
    }
}

#[test]
fn symmetries_save_nodes_on_snaky_6x6() {
    let snaky = Polyomino::named("snaky").unwrap();
    let board = Board::rect(6, 6);
    let game = board.hypergraph(&snaky, Symmetry::Free).unwrap();
    let perms = board.symmetries(&snaky, Symmetry::Free);
    let plain = solver(&game, None).solve(Player::Maker, &mut |_| {});
    let mut s = Solver::new(&game, Limits::none())
        .unwrap()
        .with_symmetries(&perms)
        .unwrap();
    let sym = s.solve(Player::Maker, &mut |_| {});
    assert_eq!(plain.verdict.winner(), Some(Player::Breaker));
    assert_eq!(sym.verdict.winner(), Some(Player::Breaker));
    assert!(
        sym.nodes * 4 < plain.nodes,
        "{} nodes with symmetries, {} without",
        sym.nodes,
        plain.nodes
    );
}

#[test]
fn a_map_that_is_not_a_symmetry_is_refused() {
    let v3 = Polyomino::named("V3").unwrap();
    let board = Board::rect(3, 3);
    let game = board.hypergraph(&v3, Symmetry::Free).unwrap();
    // Swap a corner with the centre: the V3 copies through the centre are
    // not all images of copies through the corner.
    let mut swap: Vec<usize> = (0..9).collect();
    swap.swap(0, 4);
    let err = Solver::new(&game, Limits::none())
        .unwrap()
        .with_symmetries(&[swap])
        .unwrap_err();
    assert!(
        matches!(err, HypergraphError::NotASymmetry { index: 0, .. }),
        "{err}"
    );
    let twice = vec![0usize; 9];
    assert!(
        Solver::new(&game, Limits::none())
            .unwrap()
            .with_symmetries(&[twice])
            .is_err()
    );
}

#[test]
fn the_pairing_cut_keeps_every_verdict() {
    for name in [
        "domino", "I3", "V3", "L4", "T4", "Z4", "O4", "I4", "N5", "snaky",
    ] {
        let animal = Polyomino::named(name).unwrap();
        for (w, h) in [(3, 3), (4, 4), (4, 3), (5, 5), (5, 3), (5, 4)] {
            let board = Board::rect(w, h);
            let Ok(game) = board.hypergraph(&animal, Symmetry::Free) else {
                continue;
            };
            for first in [Player::Maker, Player::Breaker] {
                let plain = solver(&game, None).solve(first, &mut |_| {});
                for budget in [1, 20, 500] {
                    let cut = solver(&game, None)
                        .with_pairing_cut(budget, 200)
                        .solve(first, &mut |_| {});
                    assert_eq!(
                        plain.verdict, cut.verdict,
                        "{name} on {w}x{h}, {first} first, budget {budget}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_pairing_cut_saves_nodes_on_snaky_6x6() {
    let snaky = Polyomino::named("snaky").unwrap();
    let board = Board::rect(6, 6);
    let game = board.hypergraph(&snaky, Symmetry::Free).unwrap();
    let perms = board.symmetries(&snaky, Symmetry::Free);
    let sym = solver(&game, Some(&perms)).solve(Player::Maker, &mut |_| {});
    let cut = solver(&game, Some(&perms))
        .with_pairing_cut(500, 200)
        .solve(Player::Maker, &mut |_| {});
    assert_eq!(cut.verdict.winner(), Some(Player::Breaker));
    assert!(
        cut.nodes * 10 < sym.nodes,
        "{} nodes with the cut, {} without",
        cut.nodes,
        sym.nodes
    );
}

#[test]
fn a_breaker_certificate_found_with_the_cut_verifies() {
    use miai_achieve::{Certificate, Origin, verify::verify};
    let snaky = Polyomino::named("snaky").unwrap();
    let board = Board::rect(5, 5);
    let game = board.hypergraph(&snaky, Symmetry::Free).unwrap();
    let mut s =
        solver(&game, Some(&board.symmetries(&snaky, Symmetry::Free))).with_pairing_cut(500, 200);
    let origin = Origin::Plane {
        animal: snaky,
        symmetry: Symmetry::Free,
        board,
    };
    let cert = Certificate::build(&mut s, &game, origin, Player::Maker, &mut |_| {}).unwrap();
    assert_eq!(verify(&cert).unwrap().winner, Player::Breaker);
}
