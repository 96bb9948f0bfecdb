//! One recogniser switched on against the search without it (the other
//! knowledge on in both), shared by the cross-checks of `Options::safety`
//! (`tests/safety.rs`) and `Options::life` (`tests/life.rs`): random
//! positions in the corner and in the centre of a safe attacker wall, both
//! first players, the seed's rules with N = 2 and N = 0 and the book
//! regime, threat counts up to 2; and every corpus file. The status, the
//! seed's ko reading and the threat counts must be the same, and the
//! recogniser must save nodes in some (it fires).

#[path = "../seed_corpus/mod.rs"]
mod seed_corpus;

use std::ops::RangeInclusive;
use std::sync::Arc;

use miai_goban::{Color, Graph, Setup};
use miai_tsumego::{DEFAULT_LIMITS, Options, Problem, ProblemSpec, Regime, Side, analyse};

/// The recogniser under test and its random positions.
pub struct Check {
    /// What the messages call it ("the miai safety").
    pub label: &'static str,
    /// Switches it in the options.
    pub switch: fn(&mut Options, bool),
    /// Shapes the random positions perturb (rows from the edge: `O`
    /// White, `X` Black, `.` empty).
    pub templates: &'static [&'static [&'static str]],
    /// The empty points a random position's box may have.
    pub empties: RangeInclusive<usize>,
    /// The random positions' seed.
    pub seed: u64,
}

fn options(check: &Check, regime: Regime, on: bool) -> Options {
    let mut options = Options {
        regime,
        limits: DEFAULT_LIMITS.with_nodes(2_000_000),
        threat_search: 2,
        max_pv: 0,
        ..Options::default()
    };
    (check.switch)(&mut options, on);
    options
}

/// The analyses with and without the recogniser agree on `problem`
/// (status, result without threats, threat counts), the one without it
/// proven: their nodes (without, with).
fn agrees(check: &Check, problem: &Problem, first: Side, regime: Regime, what: &str) -> (u64, u64) {
    let off = analyse(problem, first, &options(check, regime, false), None, None);
    let on = analyse(problem, first, &options(check, regime, true), None, None);
    assert!(off.status.is_proven(), "{what}: cut off");
    assert_eq!(
        (on.status, on.without_threats, &on.threats),
        (off.status, off.without_threats, &off.threats),
        "{what}: with / without {}",
        check.label
    );
    (off.nodes, on.nodes)
}

/// A random position: a `w` x `h` box of random stones (White, the
/// defender, on about half the points; Black, the attacker, on a fifth),
/// or a template with each point redrawn so at random with probability
/// 1/4, in the corner of the board (`corner`) or in its centre, enclosed
/// by a Black wall with empty points beyond (its permanent liberties). The
/// region is the box. `None` when the box's empty points are not in
/// `empties`, no White stone, or the position is not legal.
fn random_position(
    rng: &mut impl rand::Rng,
    corner: bool,
    template: Option<&[&str]>,
    (w, h): (usize, usize),
    first: Color,
    empties: &RangeInclusive<usize>,
) -> Option<(Problem, Problem)> {
    let (w, h) = match template {
        Some(t) => (t[0].len(), t.len()),
        None => (w, h),
    };
    let margin = if corner { 0 } else { 2 };
    let (bw, bh) = (w + margin + 2, h + margin + 2);
    let graph = Arc::new(Graph::grid(bw, bh).ok()?);
    let mut setup = Setup::empty(graph.clone());
    let mut region = Vec::new();
    let (mut empty, mut white) = (0, 0);
    for y in 0..bh {
        for x in 0..bw {
            let v = graph.at(x, y)?;
            let inside = |lo: usize, hi: usize, z: usize| z >= lo && z < hi;
            let (x0, y0) = (margin, margin);
            if inside(x0, x0 + w, x) && inside(y0, y0 + h, y) {
                region.push(v);
                let r: f64 = rng.random();
                let given = template
                    .filter(|_| rng.random::<f64>() >= 0.25)
                    .map(|t| t[y - y0].as_bytes()[x - x0]);
                let c = match given {
                    Some(b'O') => Some(Color::White),
                    Some(b'X') => Some(Color::Black),
                    Some(_) => None,
                    None if r < 0.5 => Some(Color::White),
                    None if r < 0.7 => Some(Color::Black),
                    None => None,
                };
                match c {
                    Some(Color::White) => white += 1,
                    None => empty += 1,
                    _ => {}
                }
                setup.stones[v.index()] = c;
            } else if inside(x0.saturating_sub(1), x0 + w + 1, x)
                && inside(y0.saturating_sub(1), y0 + h + 1, y)
            {
                setup.stones[v.index()] = Some(Color::Black);
            }
        }
    }
    if white == 0 || !empties.contains(&empty) {
        return None;
    }
    let pose = |to_move: Color| {
        let mut s = setup.clone();
        s.to_move = to_move;
        let mut spec = ProblemSpec::new(s);
        spec.attacker = Some(Color::Black);
        spec.region = Some(region.clone());
        Problem::new(spec).ok()
    };
    Some((pose(first)?, pose(first.opponent())?))
}

/// A kind of random position: in the corner or not, a template or none,
/// the size of a box without one.
type Kind = (bool, Option<&'static [&'static str]>, (usize, usize));

/// Random positions in the corner and the centre (boxes of 4x3, 5x3, 3x4
/// and the templates, 25 of each kind): the same answers with the
/// recogniser as without, fewer nodes in 20 or more.
pub fn agrees_on_random_positions(check: &Check) {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(check.seed);
    let mut nodes = (0, 0);
    let (mut fired, mut cases) = (0, 0);
    let mut kinds: Vec<Kind> = vec![
        (true, None, (4, 3)),
        (true, None, (5, 3)),
        (false, None, (4, 3)),
        (false, None, (3, 4)),
    ];
    for &t in check.templates {
        kinds.push((true, Some(t), (0, 0)));
        kinds.push((false, Some(t), (0, 0)));
    }
    for (corner, template, size) in kinds {
        let (w, h) = match template {
            Some(t) => (t[0].len(), t.len()),
            None => size,
        };
        let mut positions = 0;
        let mut tries = 0;
        while positions < 25 {
            tries += 1;
            assert!(tries < 100_000, "too few legal positions");
            let Some((attacker_first, defender_first)) = random_position(
                &mut rng,
                corner,
                template,
                size,
                Color::Black,
                &check.empties,
            ) else {
                continue;
            };
            positions += 1;
            for (first, problem) in [
                (Side::Attacker, &attacker_first),
                (Side::Defender, &defender_first),
            ] {
                for regime in [
                    Regime::Seed { ko_threats: 2 },
                    Regime::Seed { ko_threats: 0 },
                    Regime::Book { ko_threats: 2 },
                ] {
                    let what = format!(
                        "{} {w}x{h} {:?}, {first} first, {regime}",
                        if corner { "corner" } else { "centre" },
                        problem.start().stones
                    );
                    let (off, on) = agrees(check, problem, first, regime, &what);
                    nodes.0 += off;
                    nodes.1 += on;
                    fired += usize::from(on < off);
                    cases += 1;
                }
            }
        }
    }
    let summary = format!(
        "{cases} cases, {fired} with fewer nodes: {} nodes with {}, {} without",
        nodes.1, check.label, nodes.0
    );
    eprintln!("{summary}");
    assert!(nodes.1 < nodes.0 && fired >= 20, "{summary}");
}

/// Every corpus file under the seed's rules (its own N and the book
/// regime), both first players: the same answers with the recogniser as
/// without.
pub fn agrees_on_the_corpus(check: &Check) {
    let mut checked = 0;
    let mut nodes = (0, 0);
    for (problem, regime, name) in seed_corpus::seed_rule_corpus() {
        let n = regime.ko_threats().expect("the seed's rules count threats");
        for regime in [regime, Regime::Book { ko_threats: n }] {
            for first in [Side::Attacker, Side::Defender] {
                let what = format!("{name}, {first} first, {regime}");
                let (off, on) = agrees(check, &problem, first, regime, &what);
                nodes.0 += off;
                nodes.1 += on;
                checked += 1;
            }
        }
    }
    eprintln!(
        "{checked} analyses: {} nodes with {}, {} without",
        nodes.1, check.label, nodes.0
    );
    assert!(checked > 80, "{checked} analyses");
}
