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
    assert!(rn.len() < rw.len(), "{rn:?} {rw:?}");
    assert!(rn.iter().all(|p| rw.contains(p)), "{rn:?} {rw:?}");
}
