//! Rules as values: suicide per setting, superko variants, scoring. Every
//! expected value here is worked out by hand in the comments.

use std::sync::Arc;

use miai_goban::diagram::Placement;
use miai_goban::{
    Color, Diagram, Game, Illegal, Komi, Move, Position, Repetition, Rules, Scoring, Suicide,
    Vertex, VertexSet,
};

fn pos(diagram: &str, rules: Rules, to_move: Color) -> Position {
    let placed = Diagram::parse(diagram)
        .unwrap()
        .place(Placement::default())
        .unwrap();
    let mut setup = placed.setup;
    setup.to_move = to_move;
    Position::from_setup(setup, rules).unwrap()
}

fn at(p: &Position, name: &str) -> Vertex {
    p.graph().parse_vertex(name).unwrap()
}

fn with_suicide(rules: Rules, s: Suicide) -> Rules {
    Rules {
        suicide: s,
        ..rules
    }
}

/// White B2 in the middle of four black stones (3x3): a one-stone suicide.
const ONE: &str = ". X .\nX . X\n. X .\n";
/// White C2 next to its own B2 inside black (4x3): a two-stone suicide.
const TWO: &str = ". X X .\nX O . X\n. X X .\n";

#[test]
fn suicide_of_one_stone_per_setting() {
    let forbidden = pos(
        ONE,
        with_suicide(Rules::chinese(), Suicide::Forbidden),
        Color::White,
    );
    let b2 = at(&forbidden, "B2");
    assert_eq!(forbidden.check(Color::White, b2), Err(Illegal::Suicide));
    assert!(forbidden.is_suicide(Color::White, b2));

    let mut allowed = pos(
        ONE,
        with_suicide(Rules::chinese(), Suicide::Allowed),
        Color::White,
    );
    let before = allowed.stones();
    let info = allowed.play_mut(Color::White, Move::Play(b2)).unwrap();
    assert_eq!((info.captured, info.suicided), (0, 1));
    // The board is as before, the stone counts as Black's prisoner.
    assert_eq!(allowed.stones(), before);
    assert_eq!(allowed.captures(Color::Black), 1);
    assert_eq!(allowed.hash(), allowed.recompute_hash());
}

#[test]
fn suicide_of_two_stones_per_setting() {
    let forbidden = pos(
        TWO,
        with_suicide(Rules::chinese(), Suicide::Forbidden),
        Color::White,
    );
    let c2 = at(&forbidden, "C2");
    assert_eq!(forbidden.check(Color::White, c2), Err(Illegal::Suicide));

    // Tromp-Taylor allows it, and positional superko doesn't stop it: the
    // board changes (B2 becomes empty).
    let mut game = Game::new(pos(TWO, Rules::tromp_taylor(), Color::White));
    let info = game.play(Move::Play(c2)).unwrap();
    assert_eq!((info.captured, info.suicided), (0, 2));
    let p = game.position();
    assert_eq!(p.color_at(at(p, "B2")), None);
    assert_eq!(p.color_at(at(p, "C2")), None);
    assert_eq!(p.captures(Color::Black), 2);
}

#[test]
fn opponent_chains_go_first() {
    // ". O X ." on a 1x4 line: White D1 has no liberty of its own, but Black's
    // C1 loses its last liberty first and is captured, so D1 is not
    // suicide, under either suicide rule.
    for s in [Suicide::Forbidden, Suicide::Allowed] {
        let mut p = pos(". O X .\n", with_suicide(Rules::chinese(), s), Color::White);
        let d1 = at(&p, "D1");
        let info = p.play_mut(Color::White, Move::Play(d1)).unwrap();
        assert_eq!((info.captured, info.suicided), (1, 0));
        assert_eq!(p.color_at(at(&p, "C1")), None);
        assert_eq!(p.color_at(d1), Some(Color::White));
    }
}

/// One-stone suicide recreates the board, so positional superko forbids it
/// (the note in the Tromp-Taylor rules), while situational superko allows
/// it: the board repeats with the other player to move, which never
/// occurred (New Zealand rules).
#[test]
fn positional_and_situational_superko_differ() {
    let psk = Rules::tromp_taylor();
    let ssk = Rules::new_zealand();
    assert_eq!(
        (psk.suicide, ssk.suicide),
        (Suicide::Allowed, Suicide::Allowed)
    );
    let mut game = Game::new(pos(ONE, psk, Color::White));
    let b2 = at(game.position(), "B2");
    assert_eq!(
        game.check(Color::White, Move::Play(b2)),
        Err(Illegal::PositionalSuperko)
    );
    let err = game.play(Move::Play(b2)).unwrap_err();
    assert_eq!(err.reason, Illegal::PositionalSuperko);

    let mut game = Game::new(pos(ONE, ssk, Color::White));
    assert_eq!(game.play(Move::Play(b2)).unwrap().suicided, 1);
    // Black passes; now White's suicide would recreate (board, Black to
    // move), which occurred just now: situational superko forbids it.
    game.play(Move::Pass).unwrap();
    assert_eq!(
        game.check(Color::White, Move::Play(b2)),
        Err(Illegal::SituationalSuperko)
    );
}

#[test]
fn simple_ko_and_no_rule() {
    // The seed-003 ko shape is in tests/seed003.rs; here the bare shape on a
    // 4x3 board: Black B2 takes C2? Set up:  . X O .
    //                                         X O . O
    //                                         . X O .
    // Black C2 captures B2 (one stone), and White may not retake at once.
    let shape = ". X O .\nX O . O\n. X O .\n";
    let mut p = pos(shape, Rules::japanese(), Color::Black);
    let (b2, c2) = (at(&p, "B2"), at(&p, "C2"));
    assert_eq!(
        p.play_mut(Color::Black, Move::Play(c2)).unwrap().ko,
        Some(b2)
    );
    assert_eq!(p.check(Color::White, b2), Err(Illegal::Ko));
    // With no repetition rule the retake is legal.
    let mut free = pos(
        shape,
        Rules {
            repetition: Repetition::None,
            ..Rules::japanese()
        },
        Color::Black,
    );
    free.play_mut(Color::Black, Move::Play(c2)).unwrap();
    assert_eq!(free.check(Color::White, b2), Ok(()));
}

/// A 5x5 position counted by hand:
///
/// ```text
/// . X O . .     Black: 6 stones + A5 A4 + A2 A1 = 10 (area), 4 (territory)
/// . X O . .     White: 7 stones + D5..E3 (6) + D1 E1 = 15 (area), 8 (territory)
/// X X O . .
/// . X O O O
/// . X O . .
/// ```
const COUNTED: &str = ". X O . .\n. X O . .\nX X O . .\n. X O O O\n. X O . .\n";

#[test]
fn scoring_by_hand() {
    let none = VertexSet::new();
    let area = pos(COUNTED, Rules::chinese(), Color::Black)
        .score(&none)
        .unwrap();
    assert_eq!((area.black, area.white), (10, 15));
    assert_eq!(area.to_string(), "W+12.5");
    let stones = pos(COUNTED, Rules::jungo(), Color::Black)
        .score(&none)
        .unwrap();
    assert_eq!(
        (stones.black, stones.white, stones.scoring),
        (6, 7, Scoring::Stones)
    );
    assert_eq!(stones.to_string(), "W+1");
    let territory = pos(COUNTED, Rules::japanese(), Color::Black)
        .score(&none)
        .unwrap();
    assert_eq!((territory.black, territory.white), (4, 8));
    assert_eq!(territory.to_string(), "W+10.5");
    // Integral komi can draw: area 10 - 15 with komi -5.
    let draw = pos(
        COUNTED,
        Rules::chinese().with_komi(Komi::from_halves(-10)),
        Color::Black,
    )
    .score(&none)
    .unwrap();
    assert_eq!(
        (draw.winner(), draw.to_string()),
        (None, "Draw".to_string())
    );
}

#[test]
fn scoring_with_a_dead_stone() {
    // A black stone at E5 inside White's area, marked dead: area unchanged
    // for White (the point is White's either way: 15), one prisoner more
    // for White under territory (8 + 1 = 9).
    let with_dead = ". X O . X\n. X O . .\nX X O . .\n. X O O O\n. X O . .\n";
    let p = pos(with_dead, Rules::chinese(), Color::Black);
    let dead: VertexSet = [at(&p, "E5")].into_iter().collect();
    let area = p.score(&dead).unwrap();
    assert_eq!((area.black, area.white), (10, 15));
    let mut t = p.clone();
    t.set_rules(Rules::japanese());
    let terr = t.score(&dead).unwrap();
    assert_eq!((terr.black, terr.white), (4, 9));
    // Without marking it dead the stone spoils White's region (neutral).
    let alive = p.score(&VertexSet::new()).unwrap();
    assert_eq!((alive.black, alive.white), (11, 9));
    // Marking an empty point dead is an error naming it.
    let bad: VertexSet = [at(&p, "D5")].into_iter().collect();
    assert_eq!(
        p.score(&bad).unwrap_err().to_string(),
        "D5 is marked dead but holds no stone"
    );
    let _ = Arc::clone(p.graph());
}
