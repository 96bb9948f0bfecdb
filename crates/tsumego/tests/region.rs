//! Region inference of book-style problems: the closed area inside a wall,
//! and the tsumego frame round an open corner problem.

use miai_goban::Vertex;
use miai_tsumego::problem::file;
use miai_tsumego::{Problem, RegionKind};

fn pose(text: &str) -> Problem {
    let f = file::parse(text).expect("test diagram parses");
    Problem::new(f.spec).expect("test diagram poses")
}

fn names(p: &Problem, points: &[Vertex]) -> Vec<String> {
    let g = &p.original().graph;
    let mut out: Vec<String> = points.iter().map(|&v| g.vertex_name(v)).collect();
    out.sort();
    out
}

fn region(p: &Problem) -> Vec<String> {
    names(p, &p.original_region())
}

fn frame(p: &Problem) -> Vec<String> {
    names(p, p.frame())
}

/// White's corner group sees the open board along the first line: the
/// problem is framed. The region reaches two steps from White's stones,
/// and one step further along the edge (D19, three steps from B18): a
/// frame stone there would sit on the first-line point next to the eye
/// space, where book problems have their hanes and placements, and would
/// make shapes (kos) the book position does not have.
#[test]
fn the_frame_leaves_the_first_line_next_to_the_group_in_play() {
    let p = pose(
        "board: 19\nattacker: black\ndiagram:\n\
         ┌┬┬┬┬┬┬┬\n\
         ○○●┼┼┼┼┼\n\
         ●●●┼┼┼┼┼\n\
         ├┼┼┼┼┼┼┼\n\
         ├┼┼┼┼┼┼┼\n",
    );
    assert_eq!(p.region_kind(), RegionKind::Framed);
    let r = region(&p);
    for pt in ["A19", "B19", "C19", "D19", "A18", "B18"] {
        assert!(r.contains(&pt.to_string()), "{pt} not in the region {r:?}");
    }
    let f = frame(&p);
    assert!(
        f.contains(&"E19".to_string()),
        "no frame stone on E19: {f:?}"
    );
    assert!(
        !f.contains(&"D19".to_string()),
        "a frame stone on D19: {f:?}"
    );
    // Black's wall is in the region (its chain touches White's stones);
    // nothing of the open board beyond the frame is.
    assert!(r.contains(&"C18".to_string()));
    assert!(!r.contains(&"E19".to_string()) && !r.contains(&"A15".to_string()));
}

/// A wall that only Black's stones and the edges close: no frame, the
/// region is the enclosed area with White's stones in it.
#[test]
fn a_closed_wall_encloses_the_region_without_a_frame() {
    let p = pose(
        "board: 19\ndiagram:\n\
         ┌┬┬●┬┬┬\n\
         ○○┼●┼┼┼\n\
         ●●●●┼┼┼\n\
         ├┼┼┼┼┼┼\n",
    );
    assert_eq!(p.region_kind(), RegionKind::Closed);
    assert_eq!(p.attacker(), miai_goban::Color::Black);
    assert!(p.frame().is_empty());
    let r = region(&p);
    assert_eq!(r, ["A18", "A19", "B18", "B19", "C18", "C19"]);
}

/// However narrow the frame, the space between the defender's stones and
/// the edge (its eye space) stays in play: White's stones on the third
/// line keep the first and second lines above them at reach 1, and only
/// the outside is narrowed.
#[test]
fn a_narrow_frame_keeps_the_space_between_the_group_and_the_edge() {
    let text = "board: 19\nattacker: black\ndiagram:\n\
                ┌┬┬┬┬┬┬┬┬\n\
                ├┼┼┼┼┼┼┼┼\n\
                ├○○○●┼┼┼┼\n\
                ├●●●●┼┼┼┼\n\
                ├┼┼┼┼┼┼┼┼\n\
                ├┼┼┼┼┼┼┼┼\n";
    let f = file::parse(text).expect("test diagram parses");
    let mut spec = f.spec;
    spec.reach = 1;
    let narrow = Problem::new(spec.clone()).expect("poses");
    spec.reach = 2;
    let wide = Problem::new(spec).expect("poses");
    assert_eq!(narrow.reach(), Some(1));
    let (rn, rw) = (region(&narrow), region(&wide));
    for pt in [
        "A19", "B19", "C19", "D19", "A18", "B18", "C18", "D18", "A17",
    ] {
        assert!(
            rn.contains(&pt.to_string()),
            "{pt} not in the narrow region {rn:?}"
        );
    }
    assert_strictly_inside(&rn, &rw, "narrow in wide");
}

/// Cho Elementary's Prob0070 (Black to live with E19): White's cutting
/// stones B17, D17, F17 hang below Black's row-18 stones. At reach 2 the
/// frame would put a White stone on E16, closing the gap between D16 and
/// F16 below E17, where Black captures White's cut at E18: Black's stone
/// there would have E18 alone as its liberty, a ko the book position does
/// not have (GNU Go's owl reader: Black lives on the open board, lives by a
/// ko in that frame). The gap is left in play, the frame one step further.
#[test]
fn the_frame_leaves_a_gap_between_two_attacker_chains_in_play() {
    let text = "board: 19\nattacker: white\nto-move: black\ndiagram:\n\
                ┌┬┬┬┬┬┬┬┬┬┬┬\n\
                ○●●●┼●●●○┼┼┼\n\
                ├○┼○┼○┼○○┼┼┼\n\
                ├○┼○┼○┼┼┼┼┼┼\n\
                ├┼┼┼┼┼┼┼┼┼┼┼\n\
                ├┼┼┼┼┼┼┼┼┼┼┼\n";
    let p = pose(text);
    assert_eq!(p.region_kind(), RegionKind::Framed);
    let (r, f) = (region(&p), frame(&p));
    assert!(r.contains(&"E16".to_string()), "E16 framed: {f:?}");
    assert!(!f.contains(&"E16".to_string()), "E16 framed: {f:?}");
    assert!(f.contains(&"E15".to_string()), "no frame on E15: {f:?}");
    // The other gaps below row 18 (C16, G16) are in the region anyway;
    // no other frame point moved.
    assert_eq!(f.len(), 12, "{f:?}");
    // Black E19, White cuts at E18, Black takes it at E17: no ko.
    let g = &p.original().graph;
    let mv = |name: &str| {
        let v: Vertex = g.parse_vertex(name).expect("a point");
        miai_tsumego::Mv::Play(p.from_original(v).expect("on the solver board"))
    };
    let after = p
        .after(
            miai_tsumego::Side::Defender,
            &[mv("E19"), mv("E18"), mv("E17")],
        )
        .expect("the line is legal");
    assert_eq!(after.start().ko, None, "Black's capture at E17 is a ko");
}

/// Poses a book diagram (top left corner of a 19x19 board; White attacks)
/// with `to_play` first, at `reach`, with or without `ProblemSpec::room`.
fn pose_corner(rows: &[&str], to_play: &str, reach: usize, room: bool) -> Problem {
    let text = format!(
        "board: 19\nattacker: white\nto-move: {to_play}\ndiagram:\n{}\n",
        rows.join("\n")
    );
    let f = file::parse(&text).expect("test diagram parses");
    let mut spec = f.spec;
    spec.reach = reach;
    spec.room = room;
    Problem::new(spec).expect("test diagram poses")
}

/// Book lives (Black to play, White attacks) where the frame stone on
/// `point` took a liberty of Black's stone on a point of the region
/// White's stones otherwise surround, and GNU Go's owl reader called the
/// book move a ko or dead in the frame, alive on the open board and in
/// the frame without that one stone: Cho Elementary Prob0082 (D16 below
/// D17, between C17 and E17), 0085 (E15 below E16), 0117 (E19 beside
/// D19), 0222 (G19 beside F19, at reach 1), 0602 (A14 below A15, between
/// A16 and B15), Intermediate Prob0400 (F19 beside E19) and 0817 (A19
/// beside B19).
const CRAMPED: [(&str, &[&str], usize, &str); 7] = [
    (
        "Elementary 0082",
        &[
            "┌●┬┬┬●○┬┬┬",
            "○●●┼●●○┼┼┼",
            "├○○┼○○○┼┼┼",
            "├┼┼┼┼┼┼┼┼┼",
            "├┼○┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼",
        ],
        2,
        "D16",
    ),
    (
        "Elementary 0085",
        &[
            "┌┬┬┬┬┬┬┬┬┬┬┬",
            "○●●┼●●○┼○┼┼┼",
            "├○○●┼●○┼┼┼┼┼",
            "├┼○○┼○○┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼┼┼",
        ],
        2,
        "E15",
    ),
    (
        "Elementary 0117",
        &[
            "┌●┬┬┬┬┬",
            "●┼┼○┼┼┼",
            "├●○○┼┼┼",
            "├○┼┼┼┼┼",
            "├┼○┼┼┼┼",
            "├┼┼┼┼┼┼",
            "├┼┼┼┼┼┼",
        ],
        2,
        "E19",
    ),
    (
        "Elementary 0222",
        &[
            "┌┬┬┬┬┬┬┬┬┬",
            "├┼●┼●○┼┼┼┼",
            "├○●●○┼○┼┼┼",
            "├●○○○┼┼┼┼┼",
            "├○┼┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼",
        ],
        1,
        "G19",
    ),
    (
        "Elementary 0602",
        &[
            "┌┬○┬○┬┬┬",
            "├┼┼●○┼┼┼",
            "●┼●●○┼┼┼",
            "○●●○○┼┼┼",
            "├○○┼┼┼┼┼",
            "├┼┼┼┼┼┼┼",
            "├○┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼",
        ],
        2,
        "A14",
    ),
    (
        "Intermediate 0400",
        &[
            "┌●┬○┬┬┬┬┬┬",
            "├┼○●○┼○┼┼┼",
            "├┼○●┼○┼┼┼┼",
            "●●┼●┼┼┼┼┼┼",
            "○○●●┼○┼┼┼┼",
            "├○○●┼┼┼┼┼┼",
            "├┼┼○○┼┼┼┼┼",
            "├┼○┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼",
        ],
        1,
        "F19",
    ),
    (
        "Intermediate 0817",
        &[
            "┌┬○●┬┬┬●○┬┬┬",
            "├○●●┼○●●○┼┼┼",
            "├○●┼┼┼●○○┼┼┼",
            "├○●○●●●●○┼┼┼",
            "├┼○○○○○○┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼┼┼",
            "├┼┼┼┼┼┼┼┼┼┼┼",
        ],
        2,
        "A19",
    ),
];

/// With `room`, a live problem's frame leaves those points in play (the
/// frame one step further); without it, or posed as a kill (White to
/// play), the frame stone is there as before.
#[test]
fn a_live_problem_keeps_the_liberties_of_its_cramped_points() {
    for (name, rows, reach, point) in CRAMPED {
        let live = pose_corner(rows, "black", reach, true);
        assert_eq!(live.region_kind(), RegionKind::Framed, "{name}");
        let (r, f) = (region(&live), frame(&live));
        assert!(
            r.contains(&point.to_string()),
            "{name}: {point} not in play, frame {f:?}"
        );
        assert!(!f.contains(&point.to_string()), "{name}: {point} framed");
        for (to_play, room) in [("black", false), ("white", true)] {
            let plain = pose_corner(rows, to_play, reach, room);
            let (rp, fp) = (region(&plain), frame(&plain));
            assert!(
                fp.contains(&point.to_string()),
                "{name}, {to_play} to play, room {room}: {point} not framed, {fp:?}"
            );
            assert_strictly_inside(&rp, &r, name);
        }
    }
}

/// Elementary Prob0602: Black's capture at A15 (of White's A16) is no ko
/// in the live problem's frame with `room`; with the frame stone on A14
/// (without it) it is one.
#[test]
fn a_live_problem_captures_without_a_ko_the_frame_made() {
    let (_, rows, reach, _) = CRAMPED[4];
    for room in [true, false] {
        let p = pose_corner(rows, "black", reach, room);
        let g = &p.original().graph;
        let v: Vertex = g.parse_vertex("A15").expect("a point");
        let mv = miai_tsumego::Mv::Play(p.from_original(v).expect("on the solver board"));
        let after = p
            .after(miai_tsumego::Side::Defender, &[mv])
            .expect("the capture is legal");
        assert_eq!(after.start().ko.is_some(), !room, "room {room}");
    }
}

/// Every point of `inner` is in `outer`, which has more.
fn assert_strictly_inside(inner: &[String], outer: &[String], what: &str) {
    assert!(inner.len() < outer.len(), "{what}: {inner:?} {outer:?}");
    assert!(
        inner.iter().all(|p| outer.contains(p)),
        "{what}: {inner:?} {outer:?}"
    );
}
