//! Pavings: periodic domino pairings of the plane that block an animal.
//!
//! A paving pairs some cells with a neighbour (a domino); Breaker answers
//! each Maker move with its partner (anywhere else when it has none). If
//! every placement of the animal contains a whole domino, Maker never
//! completes one: the animal is a *loser*. Every known loser up to six
//! cells is proven this way; the winners, and Snaky, have no paving.
//!
//! The search looks for a paving with period `width x height` (a torus):
//! each cell's partner direction is a variable, each placement a clause
//! "one of my internal edges is a domino", solved by depth-first search
//! on the clause with the fewest live edges. [`Paving::unblocked`] checks a
//! result in the plane, sharing no code with the search.

use std::fmt;

use serde::Serialize;

use super::{Cell, Polyomino, Symmetry};
use miai_search::{Cancel, Limits, Meter, Stop};

/// The neighbour a cell is paired with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// `y - 1`.
    North,
    /// `x + 1`.
    East,
    /// `y + 1`.
    South,
    /// `x - 1`.
    West,
}

impl Dir {
    const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The step `(dx, dy)`.
    pub fn delta(self) -> Cell {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// The direction back.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A periodic paving: cell `(x, y)` of the plane is paired as cell
/// `(x mod width, y mod height)` of one period is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Paving {
    width: usize,
    height: usize,
    partner: Vec<Option<Dir>>,
}

/// Why a paving cannot be built from the given partners.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PavingError {
    /// Wrong number of cells for the period.
    #[error("a {width}x{height} period has {expected} cells, {given} partners were given")]
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// `width * height`.
        expected: usize,
        /// Partners given.
        given: usize,
    },
    /// A cell's partner does not point back.
    #[error("cell ({x},{y}) is paired {dir:?}, but that neighbour is not paired back")]
    NotMutual {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// Its partner direction.
        dir: Dir,
    },
}

impl Paving {
    /// A paving from one period's partners (row by row). Pairs must be
    /// mutual: a cell paired east has its east neighbour paired west.
    pub fn new(
        width: usize,
        height: usize,
        partner: Vec<Option<Dir>>,
    ) -> Result<Paving, PavingError> {
        if width == 0 || height == 0 || partner.len() != width * height {
            return Err(PavingError::Size {
                width,
                height,
                expected: width * height,
                given: partner.len(),
            });
        }
        let paving = Paving {
            width,
            height,
            partner,
        };
        for y in 0..height {
            for x in 0..width {
                if let Some(d) = paving.partner[y * width + x] {
                    let (dx, dy) = d.delta();
                    let back = paving.partner_of((x as i32 + dx, y as i32 + dy));
                    if back != Some(d.opposite()) {
                        return Err(PavingError::NotMutual { x, y, dir: d });
                    }
                }
            }
        }
        Ok(paving)
    }

    /// Columns of one period.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of one period.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The partner direction of any cell of the plane.
    pub fn partner_of(&self, (x, y): Cell) -> Option<Dir> {
        let x = x.rem_euclid(self.width as i32) as usize;
        let y = y.rem_euclid(self.height as i32) as usize;
        self.partner[y * self.width + x]
    }

    /// Number of dominoes in one period.
    pub fn dominoes(&self) -> usize {
        self.partner.iter().filter(|p| p.is_some()).count() / 2
    }

    /// A placement of `animal` (under `symmetry`) in the plane that
    /// contains no whole domino, or `None` if the paving blocks them all.
    /// Translations over one period cover every placement.
    pub fn unblocked(&self, animal: &Polyomino, symmetry: Symmetry) -> Option<Vec<Cell>> {
        for image in animal.images(symmetry) {
            for ty in 0..self.height as i32 {
                for tx in 0..self.width as i32 {
                    let placed: Vec<Cell> = image
                        .cells()
                        .iter()
                        .map(|&(x, y)| (x + tx, y + ty))
                        .collect();
                    let blocked = placed.iter().any(|&(x, y)| {
                        self.partner_of((x, y)).is_some_and(|d| {
                            let (dx, dy) = d.delta();
                            placed.contains(&(x + dx, y + dy))
                        })
                    });
                    if !blocked {
                        return Some(placed);
                    }
                }
            }
        }
        None
    }

    /// A picture of `cols x rows` periods: `<>` a horizontal domino, `^`
    /// over `v` a vertical one, `.` an unpaired cell.
    pub fn picture(&self, cols: usize, rows: usize) -> String {
        let mut out = String::new();
        for y in 0..(self.height * rows) as i32 {
            if y > 0 {
                out.push('\n');
            }
            for x in 0..(self.width * cols) as i32 {
                out.push(match self.partner_of((x, y)) {
                    None => '.',
                    Some(Dir::East) => '<',
                    Some(Dir::West) => '>',
                    Some(Dir::South) => '^',
                    Some(Dir::North) => 'v',
                });
            }
        }
        out
    }
}

impl fmt::Display for Paving {
    /// One period as a picture (see [`Paving::picture`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.picture(1, 1))
    }
}

/// What a paving search established.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum PavingResult {
    /// A blocking paving (checked by [`Paving::unblocked`]).
    Found {
        /// The paving.
        paving: Paving,
    },
    /// Some placement has no internal edge (a monomino): no pairing of
    /// neighbours can block it.
    Impossible,
    /// No paving with any period up to `max_side x max_side`.
    NoneUpTo {
        /// Largest side searched (both directions).
        max_side: usize,
    },
    /// The search stopped before it was complete.
    Stopped {
        /// Why.
        stop: Stop,
        /// Periods searched to the end (none found on them).
        searched: Vec<(usize, usize)>,
    },
}

/// The outcome of [`search`]: the result and the nodes spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PavingReport {
    /// What was found.
    pub result: PavingResult,
    /// Search nodes over all periods.
    pub nodes: u64,
}

/// Look for a paving that blocks `animal` with a period of at most
/// `max_side` in each direction, smaller periods (by area) first.
pub fn search(
    animal: &Polyomino,
    symmetry: Symmetry,
    max_side: usize,
    limits: &Limits,
    cancel: Option<&Cancel>,
) -> PavingReport {
    let mut meter = Meter::new(limits, cancel);
    if animal.edges().is_empty() {
        return PavingReport {
            result: PavingResult::Impossible,
            nodes: 0,
        };
    }
    let mut searched = Vec::new();
    let mut periods: Vec<(usize, usize)> = (1..=max_side)
        .flat_map(|w| (1..=max_side).map(move |h| (w, h)))
        .collect();
    periods.sort_by_key(|&(w, h)| (w * h, h, w));
    for (w, h) in periods {
        match find(animal, symmetry, w, h, &mut meter) {
            Ok(Some(paving)) => {
                return PavingReport {
                    result: PavingResult::Found { paving },
                    nodes: meter.nodes(),
                };
            }
            Ok(None) => searched.push((w, h)),
            Err(stop) => {
                return PavingReport {
                    result: PavingResult::Stopped { stop, searched },
                    nodes: meter.nodes(),
                };
            }
        }
    }
    PavingReport {
        result: PavingResult::NoneUpTo { max_side },
        nodes: meter.nodes(),
    }
}

/// Look for a paving with period exactly `width x height`; every node
/// ticks `meter`.
pub fn find(
    animal: &Polyomino,
    symmetry: Symmetry,
    width: usize,
    height: usize,
    meter: &mut Meter,
) -> Result<Option<Paving>, Stop> {
    let mut torus = Torus::new(animal, symmetry, width, height);
    if torus.clauses.iter().any(|c| c.is_empty()) {
        return Ok(None);
    }
    if torus.dfs(meter)? {
        let partner = torus
            .partner
            .iter()
            .map(|&p| (p != UNKNOWN).then(|| Dir::ALL[p as usize]))
            .collect();
        // The search keeps pairs mutual; a failure here is a bug, reported
        // as "not found" rather than a wrong paving.
        Ok(Paving::new(width, height, partner)
            .ok()
            .filter(|p| p.unblocked(animal, symmetry).is_none()))
    } else {
        Ok(None)
    }
}

const UNKNOWN: u8 = 4;

/// The search state on one period.
struct Torus {
    /// Per cell: partner direction index, or [`UNKNOWN`].
    partner: Vec<u8>,
    /// Edges `(cell, dir, other)`: "cell's partner is its `dir` neighbour".
    edges: Vec<(usize, u8, usize)>,
    /// Edges excluded in the current branch.
    forbidden: Vec<bool>,
    /// Per placement, its internal edges (edge ids).
    clauses: Vec<Vec<usize>>,
}

impl Torus {
    fn new(animal: &Polyomino, symmetry: Symmetry, width: usize, height: usize) -> Torus {
        let cells = width * height;
        let at = |x: i32, y: i32| -> usize {
            let x = x.rem_euclid(width as i32) as usize;
            let y = y.rem_euclid(height as i32) as usize;
            y * width + x
        };
        // Edge id = cell * 4 + dir; edges to the cell itself (period 1)
        // are never live.
        let mut edges = Vec::with_capacity(cells * 4);
        for i in 0..cells {
            let (x, y) = ((i % width) as i32, (i / width) as i32);
            for d in Dir::ALL {
                let (dx, dy) = d.delta();
                edges.push((i, d.index() as u8, at(x + dx, y + dy)));
            }
        }
        let mut clauses = Vec::new();
        for image in animal.images(symmetry) {
            let internal = image.edges();
            for ty in 0..height as i32 {
                for tx in 0..width as i32 {
                    // Image edges point east or south: one id per domino.
                    let mut clause: Vec<usize> = Vec::new();
                    for &((x, y), d) in &internal {
                        let i = at(x + tx, y + ty);
                        let e = i * 4 + d.index();
                        if edges[e].2 != i && !clause.contains(&e) {
                            clause.push(e);
                        }
                    }
                    clauses.push(clause);
                }
            }
        }
        Torus {
            partner: vec![UNKNOWN; cells],
            forbidden: vec![false; edges.len()],
            edges,
            clauses,
        }
    }

    fn satisfied(&self, e: usize) -> bool {
        let (i, d, _) = self.edges[e];
        self.partner[i] == d
    }

    fn live(&self, e: usize) -> bool {
        let (i, d, j) = self.edges[e];
        let back = Dir::ALL[d as usize].opposite().index() as u8;
        !self.forbidden[e]
            && i != j
            && (self.partner[i] == UNKNOWN || self.partner[i] == d)
            && (self.partner[j] == UNKNOWN || self.partner[j] == back)
    }

    fn dfs(&mut self, meter: &mut Meter) -> Result<bool, Stop> {
        meter.tick()?;
        // The open clause with the fewest live edges.
        let mut best: Option<(usize, usize)> = None;
        for (k, clause) in self.clauses.iter().enumerate() {
            if clause.iter().any(|&e| self.satisfied(e)) {
                continue;
            }
            let live = clause.iter().filter(|&&e| self.live(e)).count();
            if best.is_none_or(|(_, n)| live < n) {
                best = Some((k, live));
                if live <= 1 {
                    break;
                }
            }
        }
        let Some((k, live)) = best else {
            return Ok(true);
        };
        if live == 0 {
            return Ok(false);
        }
        let choices: Vec<usize> = self.clauses[k]
            .iter()
            .copied()
            .filter(|&e| self.live(e))
            .collect();
        let mut banned = Vec::new();
        let mut found = false;
        for e in choices {
            if !self.live(e) {
                continue;
            }
            let (i, d, j) = self.edges[e];
            let back = Dir::ALL[d as usize].opposite().index() as u8;
            let (old_i, old_j) = (self.partner[i], self.partner[j]);
            self.partner[i] = d;
            self.partner[j] = back;
            let result = self.dfs(meter);
            self.partner[i] = old_i;
            self.partner[j] = old_j;
            match result {
                Ok(true) => {
                    // Keep the solution: redo the assignment.
                    self.partner[i] = d;
                    self.partner[j] = back;
                    found = true;
                    break;
                }
                Ok(false) => {
                    self.forbidden[e] = true;
                    banned.push(e);
                }
                Err(stop) => {
                    for b in banned {
                        self.forbidden[b] = false;
                    }
                    return Err(stop);
                }
            }
        }
        for b in banned {
            self.forbidden[b] = false;
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plane::free_polyominoes;

    fn quick(animal: &Polyomino) -> PavingResult {
        search(animal, Symmetry::Free, 6, &Limits::none(), None).result
    }

    #[test]
    fn a_hand_made_brick_paving_blocks_the_square() {
        // Rows of horizontal dominoes, every other row shifted by one.
        use Dir::{East as E, West as W};
        let p = Paving::new(2, 2, vec![Some(E), Some(W), Some(W), Some(E)]).unwrap();
        let o4 = Polyomino::named("O4").unwrap();
        assert_eq!(p.unblocked(&o4, Symmetry::Free), None);
        // Without the shift a square straddling two dominoes is free.
        let q = Paving::new(2, 2, vec![Some(E), Some(W), Some(E), Some(W)]).unwrap();
        assert!(q.unblocked(&o4, Symmetry::Free).is_some());
        assert_eq!(p.picture(2, 1), "<><>\n><><");
    }

    #[test]
    fn partners_must_be_mutual() {
        assert!(matches!(
            Paving::new(3, 1, vec![Some(Dir::East), None, None]),
            Err(PavingError::NotMutual { x: 0, y: 0, .. })
        ));
        assert!(matches!(
            Paving::new(2, 2, vec![None]),
            Err(PavingError::Size { .. })
        ));
    }

    #[test]
    fn the_monomino_cannot_be_paved() {
        assert_eq!(
            quick(&Polyomino::named("monomino").unwrap()),
            PavingResult::Impossible
        );
    }

    #[test]
    fn no_winner_up_to_five_cells_has_a_paving() {
        // A paving is a Breaker strategy: a winner cannot have one.
        for name in [
            "domino", "I3", "V3", "I4", "L4", "T4", "Z4", "L5", "N5", "Y5",
        ] {
            let animal = Polyomino::named(name).unwrap();
            let r = quick(&animal);
            assert_eq!(r, PavingResult::NoneUpTo { max_side: 6 }, "{name}");
        }
    }

    #[test]
    fn every_loser_up_to_five_cells_has_a_checked_paving() {
        let winners: Vec<Polyomino> = [
            "monomino", "domino", "I3", "V3", "I4", "L4", "T4", "Z4", "L5", "N5", "Y5",
        ]
        .iter()
        .map(|n| Polyomino::named(n).unwrap().canonical())
        .collect();
        for animal in (1..=5).flat_map(free_polyominoes) {
            if winners.contains(&animal) {
                continue;
            }
            match quick(&animal) {
                PavingResult::Found { paving } => {
                    assert_eq!(
                        paving.unblocked(&animal, Symmetry::Free),
                        None,
                        "{animal:#}"
                    );
                }
                other => panic!("{animal:#}: {other:?}"),
            }
        }
    }
}
