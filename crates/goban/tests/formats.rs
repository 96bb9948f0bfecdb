//! Round trips (diagram -> position -> diagram, SGF -> position -> SGF) and
//! bad input: malformed text gets an error with a place, and no input
//! panics.

use std::sync::Arc;

use miai_goban::diagram::Placement;
use miai_goban::sgf::{self, Node, Record};
use miai_goban::{Color, Diagram, Game, Graph, GraphText, Komi, Move, Position, Rules};
use proptest::prelude::*;

/// A legal position from random plays (plays chosen by `choices`).
fn random_position(w: usize, h: usize, choices: &[u16]) -> (Position, Vec<(Color, Move)>) {
    let g = Arc::new(Graph::grid(w, h).unwrap());
    let mut p = Position::empty(g, Rules::chinese());
    let mut moves = vec![];
    for &c in choices {
        let color = p.to_move();
        let legal = p.legal_plays(color);
        let mv = if legal.is_empty() || c % 23 == 0 {
            Move::Pass
        } else {
            Move::Play(legal[c as usize % legal.len()])
        };
        p.play_mut(color, mv).unwrap();
        moves.push((color, mv));
    }
    (p, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn plain_diagram_round_trip(w in 1usize..10, h in 1usize..10, choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let (p, _) = random_position(w, h, &choices);
        let d = Diagram::from_position(&p).unwrap();
        let text = d.write_plain();
        let back = Diagram::parse(&text).unwrap();
        prop_assert_eq!(&back, &d);
        let placed = back.place(Placement::default()).unwrap();
        prop_assert_eq!(placed.setup.stones, p.stones());
        prop_assert_eq!(back.write_plain(), text);
    }

    #[test]
    fn box_diagram_round_trip(w in 2usize..10, h in 2usize..10, choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let (p, _) = random_position(w, h, &choices);
        let d = Diagram::from_position(&p).unwrap();
        let text = d.write_box();
        let back = Diagram::parse(&text).unwrap();
        // A side fully covered by stones can't show its edge (see the
        // diagram docs); otherwise the board comes back whole.
        let placed = back.place(Placement { board: (w, h), origin: Some((0, 0)) }).unwrap();
        prop_assert_eq!(placed.setup.stones, p.stones());
        prop_assert_eq!(back.write_box(), text);
    }

    #[test]
    fn corner_window_round_trip(w in 2usize..10, h in 2usize..10, choices in proptest::collection::vec(any::<u16>(), 0..200)) {
        let (p, _) = random_position(19, 19, &choices);
        let d = Diagram::window(&p, 0, 0, w, h).unwrap();
        let back = Diagram::parse(&d.write_box()).unwrap();
        let placed = back.place(Placement { board: (19, 19), origin: Some((0, 0)) }).unwrap();
        for y in 0..h {
            for x in 0..w {
                let v = p.graph().at(x, y).unwrap();
                prop_assert_eq!(placed.setup.stones[v.index()], p.color_at(v));
            }
        }
    }

    #[test]
    fn sgf_position_round_trip(w in 1usize..12, h in 1usize..12, choices in proptest::collection::vec(any::<u16>(), 0..100)) {
        let (p, _) = random_position(w, h, &choices);
        let text = Record::from_position(&p, &[]).unwrap().write();
        let rec = sgf::read(&text).unwrap();
        let (game, _) = rec.replay(Rules::chinese()).unwrap();
        prop_assert_eq!(game.position().stones(), p.stones());
        prop_assert_eq!(game.position().to_move(), p.to_move());
        prop_assert_eq!(rec.write(), text);
    }

    #[test]
    fn sgf_game_round_trip(w in 2usize..10, h in 2usize..10, choices in proptest::collection::vec(any::<u16>(), 0..100)) {
        let (p, moves) = random_position(w, h, &choices);
        // The moves as a main line, plus a one-move variation at the root.
        let mut tail: Option<Node> = None;
        for &(c, mv) in moves.iter().rev() {
            tail = Some(Node { mv: Some((c, mv)), children: tail.into_iter().collect(), ..Node::default() });
        }
        let mut root = Node { comment: Some("a [test] with \\ escapes".into()), ..Node::default() };
        root.children.extend(tail);
        root.children.push(Node { mv: Some((Color::Black, Move::Pass)), ..Node::default() });
        let rec = Record { graph: p.graph().clone(), komi: Some(Komi::from_halves(13)), root };
        let text = rec.write();
        let back = sgf::read(&text).unwrap();
        prop_assert_eq!(back.write(), text);
        prop_assert_eq!(back.root.comment.as_deref(), Some("a [test] with \\ escapes"));
        // Simple ko only: the random moves were checked without superko.
        let (game, _) = back.replay(Rules::japanese()).unwrap();
        prop_assert_eq!(game.position().stones(), p.stones());
        prop_assert_eq!(back.komi, Some(Komi::from_halves(13)));
    }

    #[test]
    fn no_text_panics(text in ".{0,200}") {
        let _ = Diagram::parse(&text);
        let _ = sgf::read(&text).map(|r| r.replay(Rules::tromp_taylor()));
        let _ = GraphText::parse(&text);
        let _ = text.parse::<Komi>();
        let _ = text.parse::<Rules>();
        let g = Graph::grid(19, 19).unwrap();
        let _ = g.parse_vertex(&text);
    }

    #[test]
    fn no_near_miss_panics(text in "[ \\n.XO#@+xo┌┬┐├┼┤└┴┘●○△▲▼(]{0,120}") {
        if let Ok(d) = Diagram::parse(&text) {
            let _ = d.place(Placement::default()).map(|p| Position::from_setup(p.setup, Rules::chinese()));
            let _ = d.write_box();
        }
    }

    #[test]
    fn no_sgf_near_miss_panics(text in "[();\\[\\]\\\\ \\nABWEKMSZPLTRCQ0-9a-zA-Z:]{0,120}") {
        if let Ok(r) = sgf::read(&text) {
            let _ = r.replay(Rules::new_zealand());
            let _ = r.write();
        }
    }

    #[test]
    fn no_graph_near_miss_panics(text in "[ \\nabc#:]{0,30}(black: |white: |to-move: )?[abcw \\n]{0,20}") {
        if let Ok(t) = GraphText::parse(&text) {
            prop_assert_eq!(GraphText::parse(&t.write()).unwrap(), t);
        }
    }
}

#[test]
fn malformed_inputs_name_line_and_column() {
    let e = Diagram::parse("┌┬┬\n├┼┼\n├?┼\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, 2));
    assert!(e.to_string().starts_with("line 3, column 2:"));
    let e = Diagram::parse("X O .\nX O\n").unwrap_err();
    assert_eq!(e.line, 2);
    let e = sgf::read("(;FF[4]SZ[9]\n;B[ee]\n;W[ee)").unwrap_err();
    assert_eq!((e.line, e.column), (3, 3));
    let e = sgf::read("(;FF[4]SZ[9]\n;B[ee]\n;W[jj])").unwrap_err();
    assert_eq!((e.line, e.column), (3, 2));
    assert!(e.message.contains("off the board"), "{}", e.message);
    let e = GraphText::parse("a b\nb c\nc c\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, 1));
}

#[test]
fn sgf_pass_conventions() {
    // B[] and, on boards up to 19x19, B[tt] are passes.
    let rec = sgf::read("(;SZ[19];B[];W[tt])").unwrap();
    let line = rec.main_line();
    assert_eq!(line[1].mv, Some((Color::Black, Move::Pass)));
    assert_eq!(line[2].mv, Some((Color::White, Move::Pass)));
    let (game, _): (Game, _) = rec.replay(Rules::chinese()).unwrap();
    assert_eq!(game.consecutive_passes(), 2);
}
