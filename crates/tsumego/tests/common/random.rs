//! Random small closed problems: a connected area on the top edge of a
//! 19x19 board (in the corner or on the side), enclosed by a solid attacker
//! wall, with random stones inside.

use std::sync::Arc;

use miai_goban::{Color, Graph, Position, Rules, Setup, Vertex};
use miai_tsumego::{ProblemSpec, Regime};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// How the stones inside the area are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The defender's group lines the wall round an eye space: area points
    /// next to the wall are mostly defender stones (with some holes and
    /// attacker stones), the others mostly empty. Gives eye shapes, hence
    /// alive as well as dead results.
    EyeSpace,
    /// Many attacker stones inside too: more captures, kos and cycles.
    Mixed,
}

/// Draws problems until one is legal, has a defender stone and at most
/// `max_empty` empty points; the area has between 3 and `max_area` points.
pub fn random_problem(
    rng: &mut ChaCha8Rng,
    max_area: usize,
    max_empty: usize,
    style: Style,
) -> ProblemSpec {
    let graph = Arc::new(Graph::grid(19, 19).expect("19x19 is a board"));
    loop {
        if let Some(p) = attempt(rng, &graph, max_area, max_empty, style) {
            return p;
        }
    }
}

fn attempt(
    rng: &mut ChaCha8Rng,
    graph: &Arc<Graph>,
    max_area: usize,
    max_empty: usize,
    style: Style,
) -> Option<ProblemSpec> {
    // The area grows from a point on the top edge: the corner or the side.
    let corner = rng.random_bool(0.6);
    let (x0, box_w, box_h) = if corner { (0, 6, 4) } else { (6, 8, 3) };
    let at = |x: usize, y: usize| graph.at(x, y).expect("on the board");
    let size = rng.random_range(3..=max_area);
    let mut cells: Vec<(usize, usize)> = vec![(x0 + if corner { 0 } else { 2 }, 0)];
    while cells.len() < size {
        let &(x, y) = &cells[rng.random_range(0..cells.len())];
        let mut next = Vec::new();
        if x > x0 {
            next.push((x - 1, y));
        }
        if x + 1 < x0 + box_w {
            next.push((x + 1, y));
        }
        if y + 1 < box_h {
            next.push((x, y + 1));
        }
        if y > 0 {
            next.push((x, y - 1));
        }
        let n = next[rng.random_range(0..next.len())];
        if !cells.contains(&n) {
            cells.push(n);
        }
    }
    let area: Vec<Vertex> = cells.iter().map(|&(x, y)| at(x, y)).collect();
    let attacker = if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let defender = attacker.opponent();
    let mut setup = Setup::empty(graph.clone());
    // The wall: every point next to the area, diagonals included, so that
    // it is solid.
    for &(x, y) in &cells {
        for dx in -1i64..=1 {
            for dy in -1i64..=1 {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if nx < 0 || ny < 0 || nx >= 19 || ny >= 19 {
                    continue;
                }
                let v = at(nx as usize, ny as usize);
                if !area.contains(&v) {
                    setup.stones[v.index()] = Some(attacker);
                }
            }
        }
    }
    let mut empty = 0;
    let mut defenders = 0;
    let holes = rng.random_range(0.0..0.3);
    let intruders = rng.random_range(0.1..0.35);
    for &v in &area {
        let by_wall = graph.neighbors(v).iter().any(|&u| !area.contains(&u));
        let r: f64 = rng.random();
        // Below p_empty: empty; below p_defender: defender; else attacker.
        let (p_empty, p_defender) = match (style, by_wall) {
            (Style::EyeSpace, true) => (holes, 1.0 - holes / 2.0),
            (Style::EyeSpace, false) => (0.7, 0.85),
            (Style::Mixed, true) => (holes, 1.0 - intruders),
            (Style::Mixed, false) => (0.5, 0.75),
        };
        setup.stones[v.index()] = if r < p_empty {
            empty += 1;
            None
        } else if r < p_defender {
            defenders += 1;
            Some(defender)
        } else {
            Some(attacker)
        };
    }
    if defenders == 0 || empty > max_empty || empty == 0 {
        return None;
    }
    setup.to_move = if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    // Legal: every chain has a liberty.
    let pos = Position::from_setup(setup.clone(), Rules::default()).ok()?;
    // Every wall chain keeps a liberty outside the area.
    for v in graph.vertices() {
        if pos.color_at(v) == Some(attacker)
            && !area.contains(&v)
            && pos.liberties(v).iter().all(|l| area.contains(&l))
        {
            return None;
        }
    }
    let mut spec = ProblemSpec::new(setup);
    spec.attacker = Some(attacker);
    spec.region = Some(area);
    spec.attacker_just_tenukied = rng.random_bool(0.15);
    Some(spec)
}

/// The regime of random case `i`: superko, the seed's and the book's in
/// turn, the last two with 0 to 2 threats drawn from `rng`.
pub fn regime_in_turn(rng: &mut ChaCha8Rng, i: usize) -> Regime {
    match i % 3 {
        0 => Regime::Superko,
        1 => Regime::Seed {
            ko_threats: rng.random_range(0..=2),
        },
        _ => Regime::Book {
            ko_threats: rng.random_range(0..=2),
        },
    }
}
