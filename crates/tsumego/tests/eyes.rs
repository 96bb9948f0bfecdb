//! The static eye-space knowledge (`Options::eye_shapes`) checked against
//! the plain search (the knowledge off): every eye space of up to six
//! points (each fixed orientation) enclosed by one defender chain with a
//! safe attacker wall, in the corner and in the centre, and a sample of
//! seven-point ones, empty or with an attacker stone inside (every point
//! up to four points, the points of highest degree beyond); both first
//! players; every regime the recogniser works in. The status, the seed's ko reading and the GoTools-style threat
//! counts must be the same, and the knowledge must save nodes (it fires).
//! The corpus files are checked the same way.

mod seed_corpus;

use std::collections::BTreeSet;
use std::sync::Arc;

use miai_goban::{Color, Graph, Setup, Vertex};
use miai_tsumego::{DEFAULT_LIMITS, Options, Problem, ProblemSpec, Regime, Side, analyse};

type Shape = Vec<(i32, i32)>;

/// Translated so that its least x and least y are 0, sorted.
fn normal(mut s: Shape) -> Shape {
    let mx = s.iter().map(|p| p.0).min().unwrap_or(0);
    let my = s.iter().map(|p| p.1).min().unwrap_or(0);
    for p in &mut s {
        p.0 -= mx;
        p.1 -= my;
    }
    s.sort();
    s
}

/// Every fixed polyomino of `n` cells (translations identified).
fn polyominoes(n: usize) -> Vec<Shape> {
    let mut level: BTreeSet<Shape> = BTreeSet::new();
    level.insert(vec![(0, 0)]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for s in &level {
            for &(x, y) in s {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let p = (x + dx, y + dy);
                    if !s.contains(&p) {
                        let mut t = s.clone();
                        t.push(p);
                        next.insert(normal(t));
                    }
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

/// The eye space `shape` at offset `at` on a board just large enough: the
/// defender (Black) on every point within one step (diagonals too) of the
/// space, the attacker (White) on every point two steps away, the rest
/// empty (the attacker's permanent liberties). The region is the space
/// and the defender's stones; `stone`: an attacker stone on that point of
/// the space (a placement). `None` when the defender's stones are not one
/// chain or the position is not legal.
fn posed(shape: &Shape, at: (i32, i32), first: Color, stone: Option<usize>) -> Option<Problem> {
    posed_with(shape, at, first, stone.as_slice())
}

/// [`posed`] with attacker stones on these points of the space.
fn posed_with(shape: &Shape, at: (i32, i32), first: Color, stones: &[usize]) -> Option<Problem> {
    let w = shape.iter().map(|p| p.0).max()? + at.0 + 4;
    let h = shape.iter().map(|p| p.1).max()? + at.1 + 4;
    let graph = Arc::new(Graph::grid(w as usize, h as usize).ok()?);
    let mut setup = Setup::empty(graph.clone());
    let space: Vec<(i32, i32)> = shape.iter().map(|p| (p.0 + at.0, p.1 + at.1)).collect();
    let dist = |x: i32, y: i32| {
        space
            .iter()
            .map(|p| (p.0 - x).abs().max((p.1 - y).abs()))
            .min()
            .unwrap_or(i32::MAX)
    };
    let mut region = Vec::new();
    let mut black = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let v = graph.at(x as usize, y as usize)?;
            match dist(x, y) {
                0 => {
                    region.push(v);
                    if stones.iter().any(|&i| space[i] == (x, y)) {
                        setup.stones[v.index()] = Some(Color::White);
                    }
                }
                1 => {
                    setup.stones[v.index()] = Some(Color::Black);
                    region.push(v);
                    black.push((x, y));
                }
                2 => setup.stones[v.index()] = Some(Color::White),
                _ => {}
            }
        }
    }
    // One defender chain.
    let mut reached = vec![black[0]];
    let mut i = 0;
    while i < reached.len() {
        let (x, y) = reached[i];
        i += 1;
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let p = (x + dx, y + dy);
            if black.contains(&p) && !reached.contains(&p) {
                reached.push(p);
            }
        }
    }
    if reached.len() != black.len() {
        return None;
    }
    setup.to_move = first;
    let mut spec = ProblemSpec::new(setup);
    spec.attacker = Some(Color::White);
    spec.region = Some(region);
    Problem::new(spec).ok()
}

fn options(regime: Regime, eye_shapes: bool) -> Options {
    Options {
        regime,
        limits: DEFAULT_LIMITS.with_nodes(2_000_000),
        threat_search: 2,
        max_pv: 0,
        eye_shapes,
        eye_regions: eye_shapes,
        eye_room: eye_shapes,
        // (Off by default; on here, so the room test's checks cover it.)
        eye_room_capture: eye_shapes,
        ..Options::default()
    }
}

/// The analyses with and without the knowledge agree; returns the nodes
/// (without, with).
fn agree(problem: &Problem, first: Side, regime: Regime, what: &str) -> (u64, u64) {
    let off = analyse(problem, first, &options(regime, false), None, None);
    let on = analyse(problem, first, &options(regime, true), None, None);
    assert!(
        off.status.is_proven(),
        "{what}, {first} first, {regime}: the plain search is cut off"
    );
    assert_eq!(
        (on.status, on.without_threats, &on.threats),
        (off.status, off.without_threats, &off.threats),
        "{what}, {first} first, {regime}: with eye-shape knowledge / plain search"
    );
    (off.nodes, on.nodes)
}

/// `setup` posed with `first` to move, Black attacking, in `region`
/// (`None` where the position is not legal with that player to move).
fn pose_black_attacking(setup: &Setup, region: &[Vertex], first: Color) -> Option<Problem> {
    let mut s = setup.clone();
    s.to_move = first;
    let mut spec = ProblemSpec::new(s);
    spec.attacker = Some(Color::Black);
    spec.region = Some(region.to_vec());
    Problem::new(spec).ok()
}

/// The analysis with and without the room test (`eye_room`) agree on
/// `problem` (status, result without threats, threat counts), the one
/// without it proven: their nodes (without, with).
fn room_agrees(problem: &Problem, first: Side, regime: Regime, what: &str) -> (u64, u64) {
    let without = Options {
        eye_room: false,
        ..options(regime, true)
    };
    let off = analyse(problem, first, &without, None, None);
    let on = analyse(problem, first, &options(regime, true), None, None);
    assert!(off.status.is_proven(), "{what}: cut off");
    assert_eq!(
        (on.status, on.without_threats, &on.threats),
        (off.status, off.without_threats, &off.threats),
        "{what}: with / without the room test"
    );
    (off.nodes, on.nodes)
}

/// The points of `shape` to try an attacker stone on: none, every point of
/// a space up to four points, and the points of highest degree of larger
/// ones (where a vital point is).
fn stones(shape: &Shape) -> Vec<Option<usize>> {
    let mut out = vec![None];
    let deg = |p: (i32, i32)| {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .filter(|d| shape.contains(&(p.0 + d.0, p.1 + d.1)))
            .count()
    };
    let top = shape.iter().map(|&p| deg(p)).max().unwrap_or(0);
    for (i, &p) in shape.iter().enumerate() {
        if shape.len() > 1 && (shape.len() <= 4 || deg(p) == top) {
            out.push(Some(i));
        }
    }
    out
}

fn check_shapes(sizes: std::ops::RangeInclusive<usize>, step: usize, placements: &[(i32, i32)]) {
    let mut nodes = (0, 0);
    let mut cases = 0;
    for n in sizes {
        for (k, shape) in polyominoes(n).iter().enumerate() {
            if k % step != 0 {
                continue;
            }
            for &at in placements {
                for stone in stones(shape) {
                    for first in [Side::Attacker, Side::Defender] {
                        let color = mover(first);
                        let Some(problem) = posed(shape, at, color, stone) else {
                            continue;
                        };
                        for regime in [
                            Regime::Seed { ko_threats: 2 },
                            Regime::Book { ko_threats: 2 },
                            Regime::Seed { ko_threats: 0 },
                        ] {
                            let what =
                                format!("eye space {shape:?} at {at:?}, attacker stone {stone:?}");
                            let (off, on) = agree(&problem, first, regime, &what);
                            nodes.0 += off;
                            nodes.1 += on;
                            cases += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(cases > 0);
    // The knowledge fires: it saves nodes on these shapes.
    assert!(
        nodes.1 < nodes.0,
        "{cases} cases: {} nodes with the knowledge, {} without",
        nodes.1,
        nodes.0
    );
}

/// Eye spaces of one to five points, every orientation, in the corner and
/// in the centre.
#[test]
fn eye_spaces_up_to_five_points_agree_with_the_plain_search() {
    check_shapes(1..=5, 1, &[(0, 0), (3, 3)]);
}

/// Six points, every orientation, in the corner and in the centre.
#[test]
fn six_point_eye_spaces_agree_with_the_plain_search() {
    check_shapes(6..=6, 1, &[(0, 0), (3, 3)]);
}

/// A sample of seven-point eye spaces (every 20th orientation), in the
/// corner and on the edge.
#[test]
fn seven_point_eye_spaces_agree_with_the_plain_search() {
    check_shapes(7..=7, 20, &[(0, 0), (3, 0)]);
}

/// Two enclosed regions of one defender chain side by side (issue 19,
/// `Options::eye_regions`): a small one (one to three points) beside a
/// larger one (four to six points, every 5th orientation) in the corner,
/// where a region holds points the chain does not touch, empty or with
/// one or two attacker stones inside (chosen at random); both first
/// players, the seed's rules and the book regime. The answers with the
/// knowledge must be those of the plain search, and both recognisers on
/// must save nodes over the eye shapes alone.
#[test]
fn two_enclosed_regions_agree_with_the_plain_search() {
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let small: Vec<Shape> = (1..=3).flat_map(polyominoes).collect();
    let mut nodes = (0, 0);
    let mut fired = 0;
    let mut cases = 0;
    for n in 4..=6 {
        for (k, big) in polyominoes(n).iter().enumerate() {
            for (at, variant) in [((0, 0), 0), ((0, 0), 1), ((0, 2), 2), ((3, 3), 3)] {
                if variant == 3 && k % 4 != 0 {
                    continue;
                }
                let a = small.choose(&mut rng).expect("shapes");
                let width = big.iter().map(|p| p.0).max().unwrap_or(0) + 2;
                let mut shape = big.clone();
                shape.extend(a.iter().map(|p| (p.0 + width, p.1)));
                let k = rng.random_range(0..4usize);
                let mut stones: Vec<usize> = Vec::new();
                while stones.len() < k {
                    let i = rng.random_range(0..shape.len());
                    if !stones.contains(&i) {
                        stones.push(i);
                    }
                }
                for first in [Side::Attacker, Side::Defender] {
                    let color = mover(first);
                    let Some(problem) = posed_with(&shape, at, color, &stones) else {
                        continue;
                    };
                    for regime in [
                        Regime::Seed { ko_threats: 2 },
                        Regime::Book { ko_threats: 2 },
                        Regime::Seed { ko_threats: 0 },
                    ] {
                        let what = format!("regions {shape:?}, attacker stones {stones:?}");
                        // (The miai safety off too: it decides many of
                        // these first, at the defender's turn.)
                        let shapes_only = Options {
                            eye_regions: false,
                            safety: false,
                            ..options(regime, true)
                        };
                        let base = analyse(&problem, first, &shapes_only, None, None);
                        let (_, on) = agree(&problem, first, regime, &what);
                        nodes.0 += base.nodes;
                        nodes.1 += on;
                        fired += usize::from(on < base.nodes);
                        cases += 1;
                    }
                }
            }
        }
    }
    assert!(cases > 50, "{cases} cases");
    assert!(
        nodes.1 < nodes.0 && fired * 4 > cases,
        "{cases} cases, {fired} with fewer nodes: {} nodes with the regions, {} without",
        nodes.1,
        nodes.0
    );
}

/// The defender dead by want of room (`Options::eye_room`) against the
/// search without it (the other knowledge on): eye spaces of one to four
/// points in the corner and on the edge with up to two attacker stones,
/// and every corpus file, both first players, the seed's rules (N = 2 and
/// N = 0) and the book regime. The same answers, and fewer nodes with it.
#[test]
fn no_room_agrees_with_the_search_without_it() {
    let mut nodes = (0, 0);
    let mut fired = 0;
    let mut cases = 0;
    let mut check = |problem: &Problem, first: Side, regime: Regime, what: &str| {
        let (off, on) = room_agrees(
            problem,
            first,
            regime,
            &format!("{what}, {first} first, {regime}"),
        );
        nodes.0 += off;
        nodes.1 += on;
        fired += usize::from(on < off);
        cases += 1;
    };
    let regimes = [
        Regime::Seed { ko_threats: 2 },
        Regime::Seed { ko_threats: 0 },
        Regime::Book { ko_threats: 2 },
    ];
    for n in 1..=4 {
        for shape in polyominoes(n) {
            for at in [(0, 0), (2, 0)] {
                let mut sets: Vec<Vec<usize>> = vec![vec![]];
                sets.extend((0..n).map(|i| vec![i]));
                sets.extend((1..n).map(|i| vec![0, i]));
                for stones in sets {
                    for first in [Side::Attacker, Side::Defender] {
                        let color = mover(first);
                        let Some(problem) = posed_with(&shape, at, color, &stones) else {
                            continue;
                        };
                        for regime in regimes {
                            let what = format!("{shape:?} at {at:?}, stones {stones:?}");
                            check(&problem, first, regime, &what);
                        }
                    }
                }
            }
        }
    }
    for (problem, regime, name) in seed_corpus::seed_rule_corpus() {
        for first in [Side::Attacker, Side::Defender] {
            check(&problem, first, regime, &name);
        }
    }
    assert!(cases > 500, "{cases} cases");
    assert!(
        nodes.1 < nodes.0 && fired >= 10,
        "{cases} cases, {fired} with fewer nodes: {} nodes with the room test, {} without",
        nodes.1,
        nodes.0
    );
}

/// Every corpus file with its own rules: the same statuses and counts with
/// the knowledge as without.
#[test]
fn corpus_statuses_agree_with_the_plain_search() {
    let mut checked = 0;
    for (problem, regime, name) in seed_corpus::seed_rule_corpus() {
        for first in [Side::Attacker, Side::Defender] {
            agree(&problem, first, regime, &name);
            checked += 1;
        }
    }
    assert!(checked > 40);
}

/// The colour that moves first in the posed shapes (White attacks).
fn mover(first: Side) -> Color {
    match first {
        Side::Attacker => Color::White,
        Side::Defender => Color::Black,
    }
}

/// The room test with an attacker chain safe by two solid eyes (empty
/// points whose every neighbour is a stone of that chain) instead of a
/// permanent liberty: the whole board in play (no chain has a permanent
/// liberty), Black's two-eyed chain at the left edge (its eyes in the
/// corner and on the edge of a 6x4 board, or two inner points of a 6x5
/// one), White (the defender) and loose Black stones at random in the
/// other columns. Both first players, the seed's rules (N = 2 and N = 0)
/// and the book regime; the same answers as without the room test, and
/// fewer nodes in some (it fires).
#[test]
fn no_room_beside_a_two_eyed_chain_agrees_with_the_search_without_it() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    // (width, height, Black's chain, the first column of random points).
    let corner: (usize, usize, Vec<(usize, usize)>, usize) = (
        6,
        4,
        vec![(1, 0), (0, 1), (1, 1), (1, 2), (0, 3), (1, 3)],
        2,
    );
    let inner: (usize, usize, Vec<(usize, usize)>, usize) = (
        6,
        5,
        (0..3)
            .flat_map(|x| (0..5).map(move |y| (x, y)))
            .filter(|&p| p != (1, 1) && p != (1, 3))
            .collect(),
        3,
    );
    let mut nodes = (0, 0);
    let mut fired = 0;
    let mut cases = 0;
    for (w, h, eyed, x0) in [corner, inner] {
        let graph = Arc::new(Graph::grid(w, h).expect("a grid"));
        let mut positions = 0;
        while positions < 30 {
            let mut setup = Setup::empty(graph.clone());
            for &(x, y) in &eyed {
                setup.stones[graph.at(x, y).expect("on the board").index()] = Some(Color::Black);
            }
            let mut empty = 0;
            let mut white = 0;
            for y in 0..h {
                for x in x0..w {
                    let r: f64 = rng.random();
                    let c = if r < 0.25 {
                        Some(Color::Black)
                    } else if r < 0.65 {
                        white += 1;
                        Some(Color::White)
                    } else {
                        empty += 1;
                        None
                    };
                    setup.stones[graph.at(x, y).expect("on the board").index()] = c;
                }
            }
            if white == 0 || !(3..=7).contains(&empty) {
                continue;
            }
            let region: Vec<_> = graph.vertices().collect();
            let pose = |first: Color| pose_black_attacking(&setup, &region, first);
            if pose(Color::Black).is_none() {
                continue;
            }
            positions += 1;
            for first in [Side::Attacker, Side::Defender] {
                let color = match first {
                    Side::Attacker => Color::Black,
                    Side::Defender => Color::White,
                };
                let problem = pose(color).expect("posed with the other player to move too");
                for regime in [
                    Regime::Seed { ko_threats: 2 },
                    Regime::Seed { ko_threats: 0 },
                    Regime::Book { ko_threats: 2 },
                ] {
                    let what = format!("{w}x{h} {:?}, {first} first, {regime}", setup.stones);
                    let (off, on) = room_agrees(&problem, first, regime, &what);
                    nodes.0 += off;
                    nodes.1 += on;
                    fired += usize::from(on < off);
                    cases += 1;
                }
            }
        }
    }
    eprintln!(
        "{cases} cases, {fired} with fewer nodes: {} nodes with the room test, {} without",
        nodes.1, nodes.0
    );
    assert!(
        nodes.1 < nodes.0 && fired >= 20,
        "{cases} cases, {fired} with fewer nodes: {} nodes with the room test, {} without",
        nodes.1,
        nodes.0
    );
}

/// The analysis with the default knowledge and with `off`'s (one of
/// the room test's switches turned off) agree on `problem`, the one
/// without it proven: their nodes (without, with).
fn switch_agrees(
    problem: &Problem,
    first: Side,
    regime: Regime,
    what: &str,
    off: fn(Options) -> Options,
) -> (u64, u64) {
    let without = off(options(regime, true));
    let off = analyse(problem, first, &without, None, None);
    let on = analyse(problem, first, &options(regime, true), None, None);
    assert!(off.status.is_proven(), "{what}: cut off");
    assert_eq!(
        (on.status, on.without_threats, &on.threats),
        (off.status, off.without_threats, &off.threats),
        "{what}: with / without the switch"
    );
    (off.nodes, on.nodes)
}

/// The options without the pair of inner points.
fn without_pair(o: Options) -> Options {
    Options {
        eye_room_pair: false,
        ..o
    }
}

/// The options without the joining of unsafe attacker chains.
fn without_connect(o: Options) -> Options {
    Options {
        eye_room_connect: false,
        ..o
    }
}

/// The room test's pair of inner points (`Options::eye_room_pair`)
/// against the search without it: random positions in the corner (a 5x3
/// region in a 7x5 board's corner) and in the centre (a 5x3 region in a
/// 9x7 board), behind a wall of Black (the attacker) with permanent
/// liberties beyond, White (the defender) in two or more chains and Black
/// stones inside (some joined to the wall, some loose), 3-7 empty points;
/// both first players, the seed's rules with N = 2, 1 and 0 and the book
/// regime, the threat counts up to 2; and every corpus file. The same
/// answers, and fewer nodes with it in some (it fires).
#[test]
fn no_room_pair_agrees_with_the_search_without_it() {
    random_rooms_pay(1919, 0.2, without_pair, "the pair", 40);
}

/// The room test's joining of the attacker's unsafe chains
/// (`Options::eye_room_connect`) against the search without it: the
/// pair's random positions (another seed, more Black stones inside, so
/// more of them loose), the two eyes apart and every corpus file, the
/// same way. The same answers, and fewer nodes with it in some.
#[test]
fn no_room_connect_agrees_with_the_search_without_it() {
    random_rooms_pay(2019, 0.3, without_connect, "the joining", 20);
}

/// The options without the joining of a placement with one joining
/// point at the attacker's turn.
fn without_join_one(o: Options) -> Options {
    Options {
        eye_room_join_one: false,
        ..o
    }
}

/// The joining of one placement with a single joining point at the
/// attacker's turn (`Options::eye_room_join_one`) against the search
/// without it: the joining's random positions (another seed), the two
/// eyes apart and every corpus file, the same way. The same answers, and
/// fewer nodes with it in some.
#[test]
fn no_room_join_one_agrees_with_the_search_without_it() {
    random_rooms_pay(2119, 0.3, without_join_one, "one joining point", 20);
}

/// The options without the captured placement.
fn without_capture(o: Options) -> Options {
    Options {
        eye_room_capture: false,
        ..o
    }
}

/// The room test with one unjoinable placement whose capture leaves the
/// adjacent pair (`Options::eye_room_capture`) against the search
/// without it: the joining's random positions (another seed, more Black
/// stones inside), the two eyes apart and every corpus file, the same
/// way. The same answers, and fewer nodes with it in some.
#[test]
fn no_room_capture_agrees_with_the_search_without_it() {
    random_rooms_pay(2219, 0.35, without_capture, "the capture", 5);
}

/// [`random_rooms_agree`] for the rule that `switch` turns off (`what`
/// names it): the same answers, fewer nodes with it in all, and in at
/// least `min_fired` cases (it fires).
fn random_rooms_pay(
    seed: u64,
    black_share: f64,
    switch: fn(Options) -> Options,
    what: &str,
    min_fired: usize,
) {
    let (cases, fired, nodes) = random_rooms_agree(seed, black_share, switch);
    let tally = format!(
        "{cases} cases, {fired} with fewer nodes: {} nodes with {what}, {} without",
        nodes.1, nodes.0
    );
    eprintln!("{tally}");
    assert!(nodes.1 < nodes.0 && fired >= min_fired, "{tally}");
}

/// The pair's and the joining's cross-check: random positions from
/// `seed` with Black on a point of the region with probability `black`,
/// as `no_room_pair_agrees_with_the_search_without_it` says, the two eyes
/// apart and the corpus, each analysed with the default knowledge and
/// with `switch`'s (`switch_agrees`): (cases, cases with fewer nodes,
/// (nodes without, nodes with)).
fn random_rooms_agree(
    seed: u64,
    black_share: f64,
    switch: fn(Options) -> Options,
) -> (usize, usize, (u64, u64)) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut nodes = (0, 0);
    let mut fired = 0;
    let mut cases = 0;
    // (width, height, the region's corner, the region's size).
    let boards = [(7, 5, (0, 0), (5, 3)), (9, 7, (2, 2), (5, 3))];
    for (w, h, (x0, y0), (rw, rh)) in boards {
        let graph = Arc::new(Graph::grid(w, h).expect("a grid"));
        let inside = |x: usize, y: usize| (x0..x0 + rw).contains(&x) && (y0..y0 + rh).contains(&y);
        // The wall: every point one step (diagonals too) off the region.
        let wall = |x: usize, y: usize| {
            !inside(x, y) && (x + 1 >= x0 && x <= x0 + rw) && (y + 1 >= y0 && y <= y0 + rh)
        };
        let mut positions = 0;
        let mut tries = 0;
        while positions < 40 {
            tries += 1;
            assert!(tries < 100_000, "too few positions posed");
            let mut setup = Setup::empty(graph.clone());
            let mut region = Vec::new();
            let (mut empty, mut black) = (0, 0);
            for y in 0..h {
                for x in 0..w {
                    let v = graph.at(x, y).expect("on the board");
                    if inside(x, y) {
                        region.push(v);
                        let r: f64 = rng.random();
                        setup.stones[v.index()] = if r < black_share {
                            black += 1;
                            Some(Color::Black)
                        } else if r < black_share + 0.4 {
                            Some(Color::White)
                        } else {
                            empty += 1;
                            None
                        };
                    } else if wall(x, y) {
                        setup.stones[v.index()] = Some(Color::Black);
                    }
                }
            }
            if black == 0 || !(3..=7).contains(&empty) {
                continue;
            }
            // Two or more White chains.
            let white: Vec<_> = region
                .iter()
                .copied()
                .filter(|v| setup.stones[v.index()] == Some(Color::White))
                .collect();
            let Some(&w0) = white.first() else {
                continue;
            };
            let mut chain = vec![w0];
            let mut i = 0;
            while i < chain.len() {
                let v = chain[i];
                i += 1;
                for &u in graph.neighbors(v) {
                    if white.contains(&u) && !chain.contains(&u) {
                        chain.push(u);
                    }
                }
            }
            if chain.len() == white.len() {
                continue;
            }
            let pose = |first: Color| pose_black_attacking(&setup, &region, first);
            if pose(Color::Black).is_none() {
                continue;
            }
            positions += 1;
            for first in [Side::Attacker, Side::Defender] {
                let color = match first {
                    Side::Attacker => Color::Black,
                    Side::Defender => Color::White,
                };
                let problem = pose(color).expect("posed with the other player to move too");
                for regime in [
                    Regime::Seed { ko_threats: 2 },
                    Regime::Seed { ko_threats: 1 },
                    Regime::Seed { ko_threats: 0 },
                    Regime::Book { ko_threats: 2 },
                ] {
                    let what = format!("{w}x{h} {:?}, {first} first, {regime}", setup.stones);
                    let (off, on) = switch_agrees(&problem, first, regime, &what, switch);
                    nodes.0 += off;
                    nodes.1 += on;
                    fired += usize::from(on < off);
                    cases += 1;
                }
            }
        }
    }
    // A living White chain whose only inner points are its two eyes,
    // apart (every White stone touches Black's safe wall): the pair must
    // be neighbours.
    let apart = two_eyes_apart();
    for first in [Side::Attacker, Side::Defender] {
        let color = match first {
            Side::Attacker => Color::Black,
            Side::Defender => Color::White,
        };
        let mut setup = apart.clone();
        setup.to_move = color;
        let mut spec = ProblemSpec::new(setup);
        spec.attacker = Some(Color::Black);
        let problem = Problem::new(spec).expect("two eyes apart pose");
        for regime in [
            Regime::Seed { ko_threats: 2 },
            Regime::Book { ko_threats: 2 },
        ] {
            let what = format!("two eyes apart, {first} first, {regime}");
            let (off, on) = switch_agrees(&problem, first, regime, &what, switch);
            nodes.0 += off;
            nodes.1 += on;
            cases += 1;
        }
    }
    for (problem, regime, name) in seed_corpus::seed_rule_corpus() {
        for first in [Side::Attacker, Side::Defender] {
            let (off, on) = switch_agrees(
                &problem,
                first,
                regime,
                &format!("{name}, {first} first"),
                switch,
            );
            nodes.0 += off;
            nodes.1 += on;
            fired += usize::from(on < off);
            cases += 1;
        }
    }
    (cases, fired, nodes)
}

/// White's chain with two one-point eyes apart, at (4, 3) and (4, 7) of an
/// 11x13 board: the eight points round each eye and (5, 5) between them,
/// Black on every other point one step away (diagonals too), the rest
/// empty. Every White stone touches Black, so the eyes are the only points
/// of White's area with no safe Black stone beside them.
fn two_eyes_apart() -> Setup {
    let graph = Arc::new(Graph::grid(11, 13).expect("a grid"));
    let mut setup = Setup::empty(graph.clone());
    let eyes = [(4i32, 3i32), (4, 7)];
    let mut white: Vec<(i32, i32)> = vec![(5, 5)];
    for (ex, ey) in eyes {
        for dx in -1..=1 {
            for dy in -1..=1 {
                if (dx, dy) != (0, 0) {
                    white.push((ex + dx, ey + dy));
                }
            }
        }
    }
    let near = |x: i32, y: i32| {
        white
            .iter()
            .chain(eyes.iter())
            .any(|p| (p.0 - x).abs().max((p.1 - y).abs()) <= 1)
    };
    for y in 0..13 {
        for x in 0..11 {
            let v = graph.at(x as usize, y as usize).expect("on the board");
            setup.stones[v.index()] = if white.contains(&(x, y)) {
                Some(Color::White)
            } else if eyes.contains(&(x, y)) || !near(x, y) {
                None
            } else {
                Some(Color::Black)
            };
        }
    }
    setup
}
