//! Games with answers from the literature, read from `tests/data/*.txt`
//! (each file states its expected winner and source in its header).

use miai_achieve::{Certificate, Hypergraph, Limits, Origin, Player, Solver, verify};

fn check(text: &str) {
    let expect: Player = text
        .lines()
        .find_map(|l| l.strip_prefix("# expect (Maker first): "))
        .expect("expect line")
        .parse()
        .unwrap();
    let game: Hypergraph = text.parse().unwrap();
    let mut solver = Solver::new(&game, Limits::none()).unwrap();
    let report = solver.solve(Player::Maker, &mut |_| {});
    assert_eq!(report.verdict.winner(), Some(expect));
    let cert =
        Certificate::build(&mut solver, &game, Origin::Sets, Player::Maker, &mut |_| {}).unwrap();
    assert_eq!(verify::verify(&cert).unwrap().winner, expect);
}

#[test]
fn tictactoe_3x3() {
    check(include_str!("data/tictactoe_3x3.txt"));
}

#[test]
fn tictactoe_4x4() {
    check(include_str!("data/tictactoe_4x4.txt"));
}

#[test]
fn tictactoe_5x5() {
    check(include_str!("data/tictactoe_5x5.txt"));
}
