//! Every diagram of seed 003 parses to the stones it shows, is a legal
//! position on the top-left corner of a 19x19 board, and writes back to the
//! seed's own characters. Data: `tests/data/seed003/*.txt`, each a diagram
//! copied verbatim from the seed with a transcription made by `sed` (not by
//! this crate) and stone counts made by `grep`.

use std::fs;
use std::path::PathBuf;
use std::sync::Arc;

use miai_goban::diagram::Placement;
use miai_goban::{Color, Diagram, Graph, Illegal, Move, Position, Rules, Setup};

struct Figure {
    name: String,
    to_move: Option<Color>,
    black: usize,
    white: usize,
    marks: usize,
    expect: Vec<Vec<char>>,
    diagram: String,
}

fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .map(str::trim)
        .unwrap_or_else(|| panic!("field {key} missing"))
}

fn figures() -> Vec<Figure> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/seed003");
    let mut names: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            let (head, diagram) = text.split_once("diagram:\n").unwrap();
            let expect = head
                .split_once("expect:")
                .unwrap()
                .1
                .lines()
                .skip(1)
                .map(|l| l.chars().collect())
                .collect();
            Figure {
                name: path.file_name().unwrap().to_string_lossy().into_owned(),
                to_move: Color::from_name(field(head, "to-move:")),
                black: field(head, "black-stones:").parse().unwrap(),
                white: field(head, "white-stones:").parse().unwrap(),
                marks: field(head, "marks:").parse().unwrap(),
                expect,
                diagram: diagram.to_string(),
            }
        })
        .collect()
}

#[test]
fn there_are_21_diagrams() {
    // Counted in the seed: 1 (ko) + 3 (tenuki) + 3 (long cycles) + 4 + 4
    // (eternal life and its look-alike, ア-エ) + 4 (tempo cycle) + 2 (§3).
    assert_eq!(figures().len(), 21);
}

#[test]
fn every_diagram_parses_to_the_stones_shown() {
    for f in figures() {
        let d = Diagram::parse(&f.diagram).unwrap_or_else(|e| panic!("{}: {e}", f.name));
        assert_eq!(d.height, f.expect.len(), "{}", f.name);
        assert_eq!(d.width, f.expect[0].len(), "{}", f.name);
        for (y, row) in f.expect.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                let want = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                assert_eq!(
                    d.stones[y * d.width + x],
                    want,
                    "{} at row {y} column {x}",
                    f.name
                );
            }
        }
        let count = |c| d.stones.iter().filter(|&&s| s == Some(c)).count();
        assert_eq!(count(Color::Black), f.black, "{}", f.name);
        assert_eq!(count(Color::White), f.white, "{}", f.name);
        assert_eq!(d.marks.iter().flatten().count(), f.marks, "{}", f.name);
        // Every seed diagram is a top-left corner: top and left edges
        // shown, the board going on to the right and below.
        assert!(
            d.edges.top && d.edges.left && !d.edges.right && !d.edges.bottom,
            "{}",
            f.name
        );
    }
}

#[test]
fn every_diagram_is_a_legal_corner_of_19x19() {
    for f in figures() {
        let d = Diagram::parse(&f.diagram).unwrap();
        let placed = d.place(Placement::default()).unwrap();
        assert_eq!(placed.origin, (0, 0));
        let mut setup = placed.setup;
        if let Some(c) = f.to_move {
            setup.to_move = c;
        }
        let pos = Position::from_setup(setup, Rules::japanese())
            .unwrap_or_else(|e| panic!("{}: {e}", f.name));
        // The corner point is A19.
        let a19 = pos.graph().parse_vertex("A19").unwrap();
        assert_eq!(pos.color_at(a19), d.stones[0], "{}", f.name);
    }
}

#[test]
fn every_diagram_writes_back_to_the_seed_text() {
    for f in figures() {
        let d = Diagram::parse(&f.diagram).unwrap();
        // The seed's rows without the caption of the triple-ko diagram.
        let original: String = f
            .diagram
            .lines()
            .map(|l| format!("{}\n", l.split('(').next().unwrap()))
            .collect();
        assert_eq!(d.write_box(), original, "{}", f.name);
        assert_eq!(Diagram::parse(&d.write_box()).unwrap(), d, "{}", f.name);
    }
}

fn ko_figure() -> (Position, Arc<Graph>) {
    let f = figures()
        .into_iter()
        .find(|f| f.name.starts_with("01_ko"))
        .unwrap();
    let placed = Diagram::parse(&f.diagram)
        .unwrap()
        .place(Placement::default())
        .unwrap();
    let g = placed.setup.graph.clone();
    (
        Position::from_setup(placed.setup, Rules::japanese()).unwrap(),
        g,
    )
}

/// Seed 003 §2(1): Black to move in the ko diagram. If △ (C19) was not just
/// played, Black takes it at D19 and White may not retake at once; if △ was
/// the ko capture just played, Black may not retake.
#[test]
fn seed_ko_diagram() {
    let (pos, g) = ko_figure();
    let c19 = g.parse_vertex("C19").unwrap();
    let d19 = g.parse_vertex("D19").unwrap();
    assert_eq!(pos.color_at(c19), Some(Color::White));
    assert_eq!(pos.atari_liberty(c19), Some(d19));

    // △ not the last move: Black captures one stone and White can't retake.
    let mut taken = pos.clone();
    let info = taken.play_mut(Color::Black, Move::Play(d19)).unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(info.ko, Some(c19));
    assert_eq!(taken.check(Color::White, c19), Err(Illegal::Ko));
    // After a move elsewhere (a ko threat and its answer) it is legal again.
    let mut later = taken.clone();
    later
        .play_mut(Color::White, Move::Play(g.parse_vertex("K10").unwrap()))
        .unwrap();
    later
        .play_mut(Color::Black, Move::Play(g.parse_vertex("K11").unwrap()))
        .unwrap();
    assert_eq!(later.check(Color::White, c19), Ok(()));

    // △ the last move: build the position before it (Black on D19, C19
    // empty), let White capture, and Black may not retake.
    let mut before: Setup = pos.to_setup();
    before.stones[c19.index()] = None;
    before.stones[d19.index()] = Some(Color::Black);
    before.to_move = Color::White;
    let before = Position::from_setup(before, Rules::japanese()).unwrap();
    let after = before.play(Move::Play(c19)).unwrap();
    assert!(after.same_board(&pos));
    let err = after.play(Move::Play(d19)).unwrap_err();
    assert_eq!(err.error.reason, Illegal::Ko);
}
