//! Exit points (`ProblemSpec::exits`, issue 19): in a framed kill problem
//! the frame points on the open side are left empty and in play, and the
//! defender's target chain reaching one has escaped. Checked here: the
//! points chosen on hand-made frames, that nothing changes where there is
//! no frame (every data file) or the defender is to play, the search
//! against the exhaustive reference (which implements the exit rule from
//! its statement), and Cho Intermediate's Prob0434 and Prob0496, whose
//! frames decided their wrong answers.

#[allow(dead_code, unused_imports)]
mod common;

use std::path::Path;

use miai_goban::{Color, Vertex};
use miai_tsumego::problem::file;
use miai_tsumego::{
    Limits, Mv, Options, Problem, ProblemSpec, Regime, RegionKind, Side, Status, analyse,
    side_threats,
};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use common::{all_queries, describe, reference_status};

/// A corner group whose way out along the top is open: White's B19-D19
/// and A18-B18, Black's C18 and A17-C17, nothing else. Black to play.
const CORNER: &str = "attacker: black\nto-move: black\ndiagram:\n\
    ┌○○○┬┬┬┬┬\n\
    ○○●┼┼┼┼┼┼\n\
    ●●●┼┼┼┼┼┼\n\
    ├┼┼┼┼┼┼┼┼\n\
    ├┼┼┼┼┼┼┼┼\n";

fn spec(text: &str, exits: bool) -> ProblemSpec {
    let mut f = file::parse(text).expect("the diagram parses");
    f.spec.exits = exits;
    f.spec
}

fn pose(text: &str, exits: bool) -> Problem {
    Problem::new(spec(text, exits)).expect("the diagram poses")
}

fn data_file(rel: &str) -> file::ProblemFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    file::parse(&text).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The data file's problem posed without exit points and with them.
fn without_and_with_exits(rel: &str) -> (Problem, Problem) {
    let parsed = data_file(rel);
    let without = Problem::new(parsed.spec.clone()).expect("poses");
    let with = Problem::new(ProblemSpec {
        exits: true,
        ..parsed.spec
    })
    .expect("poses");
    (without, with)
}

fn names(p: &Problem, points: &[Vertex]) -> Vec<String> {
    let g = &p.original().graph;
    let mut out: Vec<String> = points.iter().map(|&v| g.vertex_name(v)).collect();
    out.sort();
    out
}

fn point(p: &Problem, name: &str) -> Vertex {
    let o = p.original().graph.parse_vertex(name).expect("a point");
    p.from_original(o).expect("on the solver board")
}

fn play(p: &Problem, name: &str) -> Mv {
    Mv::Play(point(p, name))
}

fn book(threats: u8) -> Options {
    Options {
        regime: Regime::BOOK,
        threat_search: threats,
        limits: Limits::none().with_nodes(20_000_000),
        ..Options::default()
    }
}

/// What every exit point must be, on the problem posed with exits and the
/// same problem without: a point of the plain frame, beside an empty point
/// of the region and two empty points of the board as given off the
/// region the frame closes (frame points, other exits among them), left
/// empty, in the region and neither a target point nor an
/// escape point; the plain frame is the frame with exits and its exits
/// (or pockets the exits opened, now in the region); the escape points
/// are the defender's stones as posed.
fn check_exits(with: &Problem, without: &Problem) {
    let g = &with.original().graph;
    let plain_frame = names(without, without.frame());
    let in_play = |u: Vertex| {
        with.from_original(u)
            .is_some_and(|s| with.region().contains(s))
    };
    for &e in with.exits() {
        let name = g.vertex_name(e);
        assert!(plain_frame.contains(&name), "{name} is not a frame point");
        let open = g
            .neighbors(e)
            .iter()
            .filter(|&&u| {
                (with.original().stones[u.index()].is_none() || with.frame().contains(&u))
                    && (!in_play(u) || with.exits().contains(&u))
            })
            .count();
        assert!(
            open >= 2,
            "{name} touches {open} empty points off the region"
        );
        // A liberty on the open side for good: an empty point off the
        // region that kept no frame stone.
        assert!(
            g.neighbors(e)
                .iter()
                .any(|&u| with.original().stones[u.index()].is_none() && !in_play(u)),
            "{name} has no empty neighbour off the region and the frame"
        );
        assert_eq!(
            with.original().stones[e.index()],
            None,
            "{name} holds a stone"
        );
        let v = with.from_original(e).expect("on the solver board");
        assert!(with.region().contains(v), "{name} is not in play");
        assert!(
            !with.target_points().contains(v),
            "{name} is a target point"
        );
        assert!(
            !with.escape_points().contains(v),
            "{name} is an escape point"
        );
        assert!(
            g.neighbors(e).iter().any(|&u| {
                with.original().stones[u.index()].is_none()
                    && with
                        .from_original(u)
                        .is_some_and(|s| with.region().contains(s))
                    && !with.exits().contains(&u)
            }),
            "{name} is beside no empty point of the region"
        );
    }
    let defender = with.defender();
    for v in with.region().iter() {
        let posed = with.start().stones[v.index()] == Some(defender);
        assert_eq!(
            with.escape_points().contains(v),
            posed,
            "{}: escape point {}, a defender's stone as posed {posed}",
            with.vertex_name(v),
            with.escape_points().contains(v)
        );
    }
    let mut both = names(with, with.frame());
    both.extend(names(with, with.exits()));
    let region = names(with, &with.original_region());
    for f in &plain_frame {
        assert!(
            both.contains(f) || region.contains(f),
            "the plain frame's {f} is neither framed nor in play"
        );
    }
}

/// The corner's frame at reach 2: its points on the open side are exits
/// (D16, E17, F18 and F19: each has two empty points off the region
/// beside it), its points behind Black's wall are not (A16-C16 touch no
/// empty point of the region). White, moving first, runs out (1.W E19,
/// then F19, or E18 with F18 and E17 beside it); in the plain frame it
/// dies either way.
#[test]
fn the_corner_frame_has_exits_on_its_open_side() {
    let without = pose(CORNER, false);
    let with = pose(CORNER, true);
    assert_eq!(with.region_kind(), RegionKind::Framed);
    assert!(without.exits().is_empty());
    assert_eq!(without.escape_points(), without.target_points());
    assert_eq!(names(&with, with.exits()), ["D16", "E17", "F18", "F19"]);
    assert_eq!(names(&with, with.frame()), ["A16", "B16", "C16"]);
    check_exits(&with, &without);
    let o = book(2);
    let status = |p: &Problem, first: Side| analyse(p, first, &o, None, None).status;
    assert_eq!(status(&without, Side::Attacker), Status::Dead);
    assert_eq!(status(&without, Side::Defender), Status::Dead);
    assert_eq!(status(&with, Side::Attacker), Status::Dead);
    assert_eq!(status(&with, Side::Defender), Status::Alive);
}

/// Exits are a kill problem's: with the defender to play (a live
/// problem) the frame is the plain one.
#[test]
fn a_live_problem_gets_no_exits() {
    let live = CORNER.replace("to-move: black", "to-move: white");
    let without = pose(&live, false);
    let with = pose(&live, true);
    assert!(with.exits().is_empty());
    assert_eq!(names(&with, with.frame()), names(&without, without.frame()));
    assert_eq!(
        names(&with, &with.original_region()),
        names(&without, &without.original_region())
    );
}

/// Without a frame nothing changes: every data file (closed problems and
/// given regions) poses the same problem with exits asked for, and its
/// analysis is the same, node for node.
#[test]
fn problems_without_a_frame_do_not_change() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files = Vec::new();
    for sub in ["classic", "seed003", "cases"] {
        for e in std::fs::read_dir(dir.join(sub)).expect("the data directory") {
            let path = e.expect("an entry").path();
            if path.extension().is_some_and(|x| x == "txt") {
                files.push(format!(
                    "{sub}/{}",
                    path.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    files.sort();
    let mut compared = 0;
    for rel in &files {
        let parsed = data_file(rel);
        let Ok(without) = Problem::new(parsed.spec.clone()) else {
            continue;
        };
        if without.region_kind() == RegionKind::Framed {
            continue;
        }
        let with = Problem::new(ProblemSpec {
            exits: true,
            ..parsed.spec.clone()
        })
        .expect("poses with exits too");
        assert!(with.exits().is_empty(), "{rel}");
        assert_eq!(with.region(), without.region(), "{rel}");
        assert_eq!(with.target_points(), without.target_points(), "{rel}");
        assert_eq!(with.start(), without.start(), "{rel}");
        assert!(with.exit_points().is_empty(), "{rel}");
        assert_eq!(with.escape_points(), with.target_points(), "{rel}");
        if without.empty_points() > 12 {
            continue;
        }
        let o = Options {
            regime: parsed.regime().expect("rules"),
            threat_search: 2,
            limits: Limits::none().with_nodes(2_000_000),
            ..Options::default()
        };
        for first in [Side::Attacker, Side::Defender] {
            let a = analyse(&without, first, &o, None, None);
            let b = analyse(&with, first, &o, None, None);
            assert_eq!(
                (a.status, a.nodes, a.pv.clone()),
                (b.status, b.nodes, b.pv.clone()),
                "{rel}, {first} first"
            );
            compared += 1;
        }
    }
    assert!(compared >= 60, "only {compared} analyses compared");
}

/// The search against the exhaustive reference on framed problems with
/// exits: the corner and random stones added to it (legal positions whose
/// frame has an exit and at most 7 empty points in play), every regime,
/// both players first.
#[test]
fn exits_agree_with_exhaustive_search() {
    const CAP: u64 = 300_000;
    let base = spec(CORNER, true);
    let g = base.setup.graph.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(0xe817);
    let mut problems = vec![("corner".to_string(), pose(CORNER, true))];
    let spots: Vec<Vertex> = (0..6)
        .flat_map(|x| (0..4).map(move |y| (x, y)))
        .filter_map(|(x, y)| g.at(x, y))
        .collect();
    let mut tries = 0;
    while problems.len() < 40 && tries < 2_000 {
        tries += 1;
        let mut s = base.clone();
        for _ in 0..rng.random_range(1..=3) {
            let v = *spots.choose(&mut rng).expect("spots");
            if s.setup.stones[v.index()].is_none() {
                let c = if rng.random_bool(0.5) {
                    Color::Black
                } else {
                    Color::White
                };
                s.setup.stones[v.index()] = Some(c);
            }
        }
        let Ok(p) = Problem::new(s) else { continue };
        if p.region_kind() != RegionKind::Framed
            || p.exits().is_empty()
            || p.empty_points() > 7
            || p.attacker() != Color::Black
        {
            continue;
        }
        problems.push((format!("random {tries}"), p));
    }
    assert!(problems.len() >= 20, "only {} problems", problems.len());
    let (mut compared, mut skipped, mut alive) = (0, 0, 0);
    let mut mismatches = Vec::new();
    for (label, p) in &problems {
        for regime in [
            Regime::Superko,
            Regime::Seed { ko_threats: 0 },
            Regime::Seed { ko_threats: 2 },
            Regime::Book { ko_threats: 2 },
        ] {
            for first in [Side::Attacker, Side::Defender] {
                let o = Options {
                    regime,
                    threat_search: 0,
                    limits: Limits::none().with_nodes(5_000_000),
                    ..Options::default()
                };
                let got = match analyse(p, first, &o, None, None).status {
                    Status::Seki => Status::Alive,
                    other => other,
                };
                let Some(want) = reference_status(p, regime, first, CAP) else {
                    skipped += 1;
                    continue;
                };
                if !got.is_proven() {
                    skipped += 1;
                    continue;
                }
                compared += 1;
                alive += usize::from(want == Status::Alive);
                if got != want {
                    mismatches.push(format!(
                        "MISMATCH {label}: {regime}, {first} first: reference {want:?}, \
                         analyse {got:?}\n{}{}",
                        describe(p),
                        all_queries(p, regime, first, CAP)
                    ));
                }
            }
        }
    }
    eprintln!(
        "exits: {} problems, {compared} compared, {skipped} skipped, {alive} alive",
        problems.len()
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert!(
        compared >= 250 && alive >= 50,
        "compared {compared} (skipped {skipped}), alive {alive}"
    );
}

/// Counts after `moves` (Black's first) for `side`, proven.
fn count(p: &Problem, moves: &[&str], side: Side) -> miai_tsumego::SideThreats {
    let o = Options {
        max_pv: 20,
        ..book(4)
    };
    let mvs: Vec<Mv> = moves.iter().map(|m| play(p, m)).collect();
    let t = side_threats(p, Side::Attacker, &mvs, side, &o, None).expect("a legal line");
    assert_eq!(t.stopped, None, "after {moves:?}: {t:?}");
    t
}

fn move_name(p: &Problem, m: Option<&Mv>) -> Option<String> {
    m.map(|&m| match m {
        Mv::Play(v) => p.vertex_name(v),
        Mv::Tenuki => "tenuki".into(),
    })
}

/// Cho Intermediate's Prob0434 in its reach-2 frame with exits: A15,
/// G17, H18 (a book move) and H19 are exits. The plain frame's outright
/// kill, C18, no longer kills: White connects at G19 and runs out (G18,
/// beside G17 and H18). The book's G18 and G19 still kill without
/// threats (one and four White threats turn them), and no first move
/// kills outright, so the bench's answer is a ko with a book move, not
/// wrong.
#[test]
fn prob0434_with_exits_is_the_books_ko() {
    let (without, with) = without_and_with_exits("cases/cho-intermediate-0434-open.txt");
    assert_eq!(without.reach(), Some(2));
    assert_eq!(names(&with, with.exits()), ["A15", "G17", "H18", "H19"]);
    check_exits(&with, &without);
    // The plain frame: C18 kills outright.
    let plain = count(&without, &["C18"], Side::Attacker);
    assert_eq!(
        (plain.threats, plain.opponent),
        (Some(0), None),
        "{plain:?}"
    );
    // With exits White lives after C18, outright.
    let c18 = count(&with, &["C18"], Side::Defender);
    assert_eq!((c18.threats, c18.opponent), (Some(0), None), "{c18:?}");
    // The book's G18 and G19: Black wins without threats, White turns it
    // with one and with four.
    let g18 = count(&with, &["G18"], Side::Attacker);
    assert_eq!((g18.threats, g18.opponent), (Some(0), Some(1)), "{g18:?}");
    let g19 = count(&with, &["G19"], Side::Attacker);
    assert_eq!((g19.threats, g19.opponent), (Some(0), Some(4)), "{g19:?}");
    // Black first: a ko, White needing four threats, opened by a book move.
    let root = count(&with, &[], Side::Attacker);
    assert_eq!(
        (root.threats, root.opponent),
        (Some(0), Some(4)),
        "{root:?}"
    );
    let first = move_name(&with, root.pv.first());
    assert!(
        first
            .as_deref()
            .is_some_and(|m| ["G18", "G19", "H18"].contains(&m)),
        "{first:?}: {root:?}"
    );
}

/// Cho Intermediate's Prob0496 in its reach-2 frame with exits: J18 and
/// J19 are exits (the plain frame's stones there kept Black's first-line
/// F19-H19 safe). The plain frame's outright kill, G19, no longer kills:
/// White lives outright after it (G18, H18, then the capture at J19 or
/// the run out). The book's D19 and G18 kill without threats, one and two
/// White threats turning them (GNU Go's owl calls both a ko too).
#[test]
fn prob0496_with_exits_lets_white_out_after_g19() {
    let (without, with) = without_and_with_exits("cases/cho-intermediate-0496-open.txt");
    assert_eq!(without.reach(), Some(2));
    assert_eq!(names(&with, with.exits()), ["J18", "J19"]);
    check_exits(&with, &without);
    let plain = count(&without, &["G19"], Side::Attacker);
    assert_eq!(
        (plain.threats, plain.opponent),
        (Some(0), None),
        "{plain:?}"
    );
    let g19 = count(&with, &["G19"], Side::Defender);
    assert_eq!((g19.threats, g19.opponent), (Some(0), None), "{g19:?}");
    let d19 = count(&with, &["D19"], Side::Attacker);
    assert_eq!((d19.threats, d19.opponent), (Some(0), Some(1)), "{d19:?}");
    let g18 = count(&with, &["G18"], Side::Attacker);
    assert_eq!((g18.threats, g18.opponent), (Some(0), Some(2)), "{g18:?}");
}

/// The bench's recheck ([`Exits::Recheck`]) on Prob0434 as a book problem
/// (built from the case file's stones, the book's first moves G18, G19,
/// H18): the plain frame's answer is C18, a kill no book move shares
/// (wrong); posed again with exits it is a ko opened by a book move, and
/// the report says so. Off, the bench's answer is the plain frame's.
#[test]
fn the_bench_rechecks_a_wrong_kill_with_exits() {
    use miai_tsumego::Knowledge;
    use miai_tsumego::bench::{BookProblem, Exits, Outcome as BenchOutcome, Posing, run_book};
    let parsed = data_file("cases/cho-intermediate-0434-open.txt");
    let setup = &parsed.spec.setup;
    let g = &setup.graph;
    let sgf = |v: Vertex| {
        let (x, y) = g.xy(v).expect("on the grid");
        format!(
            "{}{}",
            char::from(b'a' + x as u8),
            char::from(b'a' + y as u8)
        )
    };
    let stones = |c: Color| -> Vec<String> {
        g.vertices()
            .filter(|&v| setup.stones[v.index()] == Some(c))
            .map(sgf)
            .collect()
    };
    let sol: Vec<Vec<serde_json::Value>> = ["G18", "G19", "H18"]
        .iter()
        .map(|m| {
            let v = g.parse_vertex(m).expect("a point");
            vec!["B".into(), sgf(v).into(), "".into(), "".into()]
        })
        .collect();
    let p = BookProblem {
        ab: stones(Color::Black),
        aw: stones(Color::White),
        sz: None,
        c: "Black to play".into(),
        sol,
        id: Some("0434".into()),
        goal: None,
        fails: false,
        region: None,
    };
    let posing = Posing {
        regime: Regime::BOOK,
        reach: 2,
        wide_share: 1.0,
        threat_search: 4,
        threads: 1,
        book_stop: true,
        split: None,
        exits: Exits::Off,
        knowledge: Knowledge::default(),
    };
    let limits = Limits::none().with_nodes(4_000_000);
    let run = |exits: Exits| {
        run_book(
            "0434",
            &p,
            Posing { exits, ..posing },
            limits,
            &miai_tsumego::Cancel::new(),
        )
    };
    let off = run(Exits::Off);
    assert_eq!(off.outcome, BenchOutcome::Wrong, "{off:?}");
    assert_eq!(off.first_move.as_deref(), Some("C18"), "{off:?}");
    assert!(!off.exits_recheck && off.exits.is_empty(), "{off:?}");
    let re = run(Exits::Recheck);
    assert!(re.exits_recheck, "{re:?}");
    assert_eq!(re.outcome, BenchOutcome::Ko, "{re:?}");
    assert!(
        re.first_move
            .as_deref()
            .is_some_and(|m| ["G18", "G19", "H18"].contains(&m)),
        "{re:?}"
    );
    let mut exits = re.exits.clone();
    exits.sort();
    assert_eq!(exits, ["A15", "G17", "H18", "H19"], "{re:?}");
}
