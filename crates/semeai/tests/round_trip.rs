//! The writers beside the reader: a race written as a race diagram or as
//! SGF reads back as the same race (stones, marks as given, attributes,
//! labels, open sides).

use std::sync::Arc;

use miai_goban::{Color, Graph, Position, Setup};
use miai_semeai::{Attribute, Race, SIDES, WriteError, race_rules};
use proptest::prelude::*;

/// Labels a race diagram can hold.
const LABELS: &str = "abcdfghijklmnopqrtvwxyz0123456789";

/// One generated point: 0 empty, 1 Black, 2 White; a mark 0 none, 1
/// essential, 2 safe, 3 unknown; a label on empty points if `label`.
type Cell = (u8, u8, bool);

/// Builds a legal race from generated cells: chains without liberties are
/// taken off, the marks of a chain made to agree (the first mark wins,
/// unmarked stones stay unmarked), labels given in reading order.
fn build(w: usize, h: usize, cells: &[Cell], label_shift: usize, open: u8) -> Race {
    let mut stones: Vec<Option<Color>> = cells
        .iter()
        .map(|c| match c.0 {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        })
        .collect();
    let mut marks: Vec<Option<Attribute>> = cells
        .iter()
        .map(|c| match c.1 {
            1 => Some(Attribute::Essential),
            2 => Some(Attribute::Safe),
            3 => Some(Attribute::Unknown),
            _ => None,
        })
        .collect();
    let neighbours = |i: usize| {
        let (x, y) = (i % w, i / w);
        let mut out = Vec::new();
        if x > 0 {
            out.push(i - 1);
        }
        if x + 1 < w {
            out.push(i + 1);
        }
        if y > 0 {
            out.push(i - w);
        }
        if y + 1 < h {
            out.push(i + w);
        }
        out
    };
    let chain = |stones: &[Option<Color>], start: usize| {
        let mut seen = vec![start];
        let mut k = 0;
        while k < seen.len() {
            for n in neighbours(seen[k]) {
                if stones[n] == stones[start] && !seen.contains(&n) {
                    seen.push(n);
                }
            }
            k += 1;
        }
        seen
    };
    // Taking chains off only adds liberties: repeat until none is dead.
    loop {
        let dead = (0..w * h).find(|&i| {
            stones[i].is_some()
                && chain(&stones, i)
                    .iter()
                    .all(|&s| neighbours(s).iter().all(|&n| stones[n].is_some()))
        });
        let Some(i) = dead else { break };
        for s in chain(&stones, i) {
            stones[s] = None;
        }
    }
    for i in 0..w * h {
        if stones[i].is_none() {
            marks[i] = None;
            continue;
        }
        let c = chain(&stones, i);
        let first = c.iter().find_map(|&s| marks[s]);
        for s in c {
            if marks[s].is_some() {
                marks[s] = first;
            }
        }
    }
    let graph = Arc::new(Graph::grid(w, h).expect("a small grid"));
    let mut setup = Setup::empty(graph.clone());
    let mut attrs = vec![None; graph.len()];
    let mut labels = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let v = graph.at(x, y).expect("on the grid");
            setup.stones[v.index()] = stones[i];
            attrs[v.index()] = marks[i];
            if stones[i].is_none() && cells[i].2 && labels.len() < LABELS.len() {
                let c = LABELS
                    .chars()
                    .nth((labels.len() + label_shift) % LABELS.len())
                    .expect("a label");
                labels.push((c, v));
            }
        }
    }
    let position = Position::from_setup(setup, race_rules()).expect("no chain without liberties");
    let sides: Vec<&str> = SIDES
        .iter()
        .enumerate()
        .filter(|(k, _)| open & (1 << k) != 0)
        .map(|(_, s)| *s)
        .collect();
    Race::new(position, attrs)
        .expect("the marks of each chain agree")
        .with_labels(&labels)
        .expect("labels on empty points, each once")
        .with_open_sides(&sides)
        .expect("known sides")
}

/// Everything a race holds, comparable: per point the stone, its mark as
/// given and its chain's attribute; the labels; the open sides.
type Fingerprint = (
    Vec<(Option<Color>, Option<Attribute>, Option<Attribute>)>,
    Vec<(char, String)>,
    Vec<&'static str>,
);

/// Everything a race holds, comparable.
fn fingerprint(r: &Race) -> Fingerprint {
    let pos = r.position();
    let points = pos
        .graph()
        .vertices()
        .map(|v| (pos.color_at(v), r.mark(v), r.attribute(v)))
        .collect();
    let mut labels: Vec<(char, String)> = r
        .labels()
        .iter()
        .map(|&(c, v)| (c, pos.graph().vertex_name(v)))
        .collect();
    labels.sort();
    let open = r.open_sides().iter().map(|(s, _)| *s).collect();
    (points, labels, open)
}

fn races() -> impl Strategy<Value = Race> {
    (1usize..=6, 1usize..=6)
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                Just(h),
                prop::collection::vec((0u8..3, 0u8..4, prop::bool::weighted(0.3)), w * h),
                0usize..LABELS.len(),
                0u8..16,
            )
        })
        .prop_map(|(w, h, cells, shift, open)| build(w, h, &cells, shift, open))
}

proptest! {
    #[test]
    fn a_written_race_diagram_reads_back_the_same(race in races()) {
        let text = race.to_diagram().expect("diagram labels only");
        let back = Race::parse_diagram(&text).expect("the writer's own output reads");
        prop_assert_eq!(fingerprint(&back), fingerprint(&race), "{}", text);
        // And the text is a fixed point.
        prop_assert_eq!(back.to_diagram().expect("writes again"), text);
    }

    #[test]
    fn a_written_race_sgf_reads_back_the_same(race in races()) {
        let race = race.with_open_sides(&[]).expect("no sides");
        let text = race.to_sgf().expect("a grid");
        let back = Race::parse_sgf(&text).expect("the writer's own output reads");
        prop_assert_eq!(fingerprint(&back), fingerprint(&race), "{}", text);
    }
}

#[test]
fn explicit_marks_stay_as_given() {
    // `S` on one stone and `E` on one stone of a longer chain: written back
    // as given, not as the chain's attribute on every stone.
    let text = "S X . a\n. . e e\nE X . .\n";
    let race = Race::parse_diagram(text).expect("a race");
    assert_eq!(race.to_diagram().expect("writes"), text);
    let sgf = race.to_sgf().expect("a grid");
    assert!(sgf.contains("SQ["), "{sgf}");
    let back = Race::parse_sgf(&sgf).expect("reads");
    assert_eq!(fingerprint(&back), fingerprint(&race));
}

#[test]
fn labels_a_diagram_cannot_hold_are_refused() {
    let race = Race::parse_diagram("E . e\n").expect("a race");
    let v = race.point("B1").expect("B1");
    let e = race
        .with_labels(&[('A', v)])
        .expect("a label on an empty point")
        .to_diagram()
        .unwrap_err();
    assert_eq!(
        e,
        WriteError::Label {
            label: 'A',
            vertex: "B1".into()
        }
    );
    // Labels go on empty points only, and name one point each.
    let race = Race::parse_diagram("E . . e\n").expect("a race");
    let (a, c) = (race.point("A1").unwrap(), race.point("B1").unwrap());
    assert!(race.clone().with_labels(&[('a', a)]).is_err());
    let d = race.point("C1").unwrap();
    assert!(race.with_labels(&[('a', c), ('a', d)]).is_err());
}
