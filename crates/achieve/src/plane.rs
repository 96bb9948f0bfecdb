//! Achievement games in the plane: Harary's animals (polyominoes) on the
//! square grid, boards (rectangles, any cell set, the torus), the family of
//! all placements as a [`Hypergraph`], and periodic pavings
//! ([`paving`]), the pairing strategies that prove an animal a loser.
//!
//! Coordinates are `(x, y)` with `x` to the right and `y` downwards; a
//! polyomino is kept *normalized* (smallest `x` and `y` are 0, cells sorted
//! by row, then column).
//!
//! ```
//! use miai_achieve::plane::{Board, Polyomino, Symmetry};
//! let l: Polyomino = "L4".parse().unwrap();
//! assert_eq!(l.images(Symmetry::Free).len(), 8);
//! let sets = Board::rect(4, 4).placements(&l, Symmetry::Free);
//! assert_eq!(sets.len(), 8 * 3 * 2);
//! ```

pub mod handicap;
pub mod harary;
pub mod line;
pub mod moves;
pub mod paving;
pub mod strong;

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::hypergraph::{Hypergraph, MAX_CELLS};

/// A cell of the plane: `(x, y)`, `x` to the right, `y` downwards.
pub type Cell = (i32, i32);

/// Largest polyomino accepted (cells).
pub const MAX_POLYOMINO: usize = 64;
/// Largest board side accepted (the hypergraph holds at most
/// [`MAX_CELLS`] cells anyway; pavings search far smaller periods).
pub const MAX_SIDE: usize = 1024;

/// Which copies of an animal count as achieved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// Rotations and reflections (Harary's convention: congruent copies).
    #[default]
    Free,
    /// Rotations only (one-sided polyominoes).
    Rotations,
    /// Translations only (fixed polyominoes).
    Fixed,
}

impl Symmetry {
    /// The word used on the command line and in reports.
    pub fn word(self) -> &'static str {
        match self {
            Symmetry::Free => "free",
            Symmetry::Rotations => "rotations",
            Symmetry::Fixed => "fixed",
        }
    }
}

impl FromStr for Symmetry {
    type Err = PlaneError;
    fn from_str(s: &str) -> Result<Self, PlaneError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "free" | "congruent" | "all" => Ok(Symmetry::Free),
            "rotations" | "one-sided" | "onesided" => Ok(Symmetry::Rotations),
            "fixed" | "translations" | "translation" => Ok(Symmetry::Fixed),
            _ => Err(PlaneError::Symmetry {
                text: s.to_string(),
            }),
        }
    }
}

/// Why a polyomino, board or paving cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlaneError {
    /// No cells.
    #[error("the polyomino is empty: give cells like `0,0 1,0 1,1` or a picture of `#` and `.`")]
    Empty,
    /// A cell list item is not `x,y`.
    #[error("cell {index} (`{text}`) is not `x,y` with integer x and y")]
    BadCell {
        /// 1-based position in the list.
        index: usize,
        /// The offending text.
        text: String,
    },
    /// A picture character that is neither a cell nor a gap.
    #[error(
        "picture line {line}, column {column}: `{ch}` is neither a cell (`#`, `X`, `x`, `O`, `o`, `*`) nor a gap (`.`, `_`, space)"
    )]
    BadPicture {
        /// 1-based line.
        line: usize,
        /// 1-based column (characters).
        column: usize,
        /// The character.
        ch: char,
    },
    /// The same cell twice.
    #[error("cell ({x},{y}) is given twice")]
    Duplicate {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Cells that are not edge-connected.
    #[error("the cells are not edge-connected: ({x},{y}) cannot be reached from ({x0},{y0})")]
    Disconnected {
        /// First cell.
        x0: i32,
        /// First cell's row.
        y0: i32,
        /// A cell that cannot be reached.
        x: i32,
        /// Its row.
        y: i32,
    },
    /// More cells than any search can use.
    #[error("{cells} cells is too many (at most {max})")]
    TooLarge {
        /// Cells given.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// Coordinates too far apart.
    #[error("coordinates span {span} rows or columns; at most {max}")]
    SpanTooLarge {
        /// The span.
        span: i64,
        /// The limit.
        max: usize,
    },
    /// An unknown symmetry word.
    #[error("unknown symmetry `{text}`: use free (rotations and reflections), rotations, or fixed")]
    Symmetry {
        /// The word given.
        text: String,
    },
    /// A board side of zero or beyond [`MAX_SIDE`].
    #[error("board side {side} is out of range 1..={max}")]
    Side {
        /// The side given.
        side: usize,
        /// The limit.
        max: usize,
    },
    /// A board text that is not `WxH`, `torus WxH` or a picture.
    #[error("board `{text}` is not `WxH`, `torus:WxH` or a picture of `#` and `.`")]
    BadBoard {
        /// The text given.
        text: String,
    },
    /// The family does not fit the exact solver.
    #[error("the board has {cells} cells; the Maker-Breaker solver holds at most {max}")]
    BoardTooLarge {
        /// Cells of the board.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// The animal fits nowhere on the board.
    #[error("the animal ({cells} cells) fits nowhere on this board")]
    NoPlacement {
        /// The animal's cells.
        cells: usize,
    },
}

/// A polyomino ("animal"): a finite, edge-connected set of grid cells, kept
/// normalized (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Polyomino {
    cells: Vec<Cell>,
}

/// Names of the animals up to six cells that the literature names, with
/// their pictures (rows separated by `/`). Harary's winners, the losers of
/// four and five cells by their letters, and Snaky.
const NAMES: &[(&str, &str)] = &[
    ("monomino", "#"),
    ("domino", "##"),
    ("I3", "###"),
    ("V3", "##/#."),
    ("I4", "####"),
    ("L4", "###/#.."),
    ("T4", "###/.#."),
    ("Z4", "##./.##"),
    ("O4", "##/##"),
    ("F5", ".##/##./.#."),
    ("I5", "#####"),
    ("L5", "####/#..."),
    ("N5", "##../.###"),
    ("P5", "##/##/#."),
    ("T5", "###/.#./.#."),
    ("U5", "#.#/###"),
    ("V5", "#../#../###"),
    ("W5", "#../##./.##"),
    ("X5", ".#./###/.#."),
    ("Y5", "####/.#.."),
    ("Z5", "##./.#./.##"),
    ("snaky", "##.../.####"),
];

impl Polyomino {
    /// Build from cells in any order and position; rejects an empty,
    /// repeated, disconnected or oversized list.
    pub fn new(cells: &[Cell]) -> Result<Self, PlaneError> {
        if cells.is_empty() {
            return Err(PlaneError::Empty);
        }
        if cells.len() > MAX_POLYOMINO {
            return Err(PlaneError::TooLarge {
                cells: cells.len(),
                max: MAX_POLYOMINO,
            });
        }
        let (x0, y0) = min_corner(cells);
        let (x1, y1) = max_corner(cells);
        let span = (i64::from(x1) - i64::from(x0)).max(i64::from(y1) - i64::from(y0));
        if span >= MAX_POLYOMINO as i64 {
            return Err(PlaneError::SpanTooLarge {
                span,
                max: MAX_POLYOMINO,
            });
        }
        let mut sorted: Vec<Cell> = cells.iter().map(|&(x, y)| (x - x0, y - y0)).collect();
        sorted.sort_unstable_by_key(|&(x, y)| (y, x));
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(PlaneError::Duplicate {
                x: w[0].0 + x0,
                y: w[0].1 + y0,
            });
        }
        // Edge-connected: a flood fill from the first cell reaches all.
        let set: BTreeSet<Cell> = sorted.iter().copied().collect();
        let mut seen = BTreeSet::from([sorted[0]]);
        let mut stack = vec![sorted[0]];
        while let Some((x, y)) = stack.pop() {
            for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                if set.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        if let Some(&(x, y)) = sorted.iter().find(|c| !seen.contains(c)) {
            return Err(PlaneError::Disconnected {
                x0: sorted[0].0 + x0,
                y0: sorted[0].1 + y0,
                x: x + x0,
                y: y + y0,
            });
        }
        Ok(Polyomino { cells: sorted })
    }

    /// Read a picture: one line per row, `#`/`X`/`x`/`O`/`o`/`*` for a cell,
    /// `.`/`_`/space for a gap; `/` also separates rows (`##./.##`).
    pub fn from_picture(text: &str) -> Result<Self, PlaneError> {
        Polyomino::new(&picture_cells(text)?)
    }

    /// A named animal: `monomino`, `domino`, `I3`, `V3`, the tetrominoes
    /// `I4 L4 T4 Z4 O4` (`S4` = `Z4`, `J4` = `L4` under reflection), the
    /// pentominoes `F5 I5 L5 N5 P5 T5 U5 V5 W5 X5 Y5 Z5`, and `snaky`.
    /// Case is ignored.
    pub fn named(name: &str) -> Option<Polyomino> {
        let key = name.trim().to_ascii_lowercase();
        let key = match key.as_str() {
            "s4" => "z4".to_string(),
            "j4" => "l4".to_string(),
            "l3" => "v3".to_string(),
            "o" | "square" => "o4".to_string(),
            _ => key,
        };
        NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&key))
            .and_then(|(_, p)| Polyomino::from_picture(p).ok())
    }

    /// The name of this animal (up to congruence) if it has one.
    pub fn name(&self) -> Option<&'static str> {
        let canonical = self.canonical();
        NAMES.iter().find_map(|(n, p)| {
            let q = Polyomino::from_picture(p).ok()?;
            (q.canonical() == canonical).then_some(*n)
        })
    }

    /// The cells, normalized, sorted by row then column.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a polyomino has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Columns spanned.
    pub fn width(&self) -> usize {
        (self.cells.iter().map(|c| c.0).max().unwrap_or(0) + 1) as usize
    }

    /// Rows spanned.
    pub fn height(&self) -> usize {
        (self.cells.iter().map(|c| c.1).max().unwrap_or(0) + 1) as usize
    }

    /// The distinct normalized images under `symmetry` (this shape first).
    pub fn images(&self, symmetry: Symmetry) -> Vec<Polyomino> {
        let maps: &[fn(Cell) -> Cell] = match symmetry {
            Symmetry::Fixed => &TRANSFORMS[..1],
            Symmetry::Rotations => &TRANSFORMS[..4],
            Symmetry::Free => &TRANSFORMS[..],
        };
        let mut out: Vec<Polyomino> = Vec::with_capacity(maps.len());
        for map in maps {
            let image = self.mapped(*map);
            if !out.contains(&image) {
                out.push(image);
            }
        }
        out
    }

    /// The representative of the congruence class (the least image under
    /// rotations and reflections).
    pub fn canonical(&self) -> Polyomino {
        TRANSFORMS
            .iter()
            .map(|m| self.mapped(*m))
            .min()
            .unwrap_or_else(|| self.clone())
    }

    fn mapped(&self, map: fn(Cell) -> Cell) -> Polyomino {
        let moved: Vec<Cell> = self.cells.iter().map(|&c| map(c)).collect();
        let (x0, y0) = min_corner(&moved);
        let mut cells: Vec<Cell> = moved.iter().map(|&(x, y)| (x - x0, y - y0)).collect();
        cells.sort_unstable_by_key(|&(x, y)| (y, x));
        Polyomino { cells }
    }

    /// The internal edges: pairs of cells of the shape that are neighbours,
    /// as `(cell, direction)` with the direction east or south.
    pub fn edges(&self) -> Vec<(Cell, paving::Dir)> {
        let mut out = Vec::new();
        for &(x, y) in &self.cells {
            if self.cells.contains(&(x + 1, y)) {
                out.push(((x, y), paving::Dir::East));
            }
            if self.cells.contains(&(x, y + 1)) {
                out.push(((x, y), paving::Dir::South));
            }
        }
        out
    }
}

/// Rotations first (identity, 90, 180, 270 degrees), then the reflections.
const TRANSFORMS: [fn(Cell) -> Cell; 8] = [
    |(x, y)| (x, y),
    |(x, y)| (-y, x),
    |(x, y)| (-x, -y),
    |(x, y)| (y, -x),
    |(x, y)| (-x, y),
    |(x, y)| (y, x),
    |(x, y)| (x, -y),
    |(x, y)| (-y, -x),
];

fn min_corner(cells: &[Cell]) -> Cell {
    let x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    (x, y)
}

fn max_corner(cells: &[Cell]) -> Cell {
    let x = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let y = cells.iter().map(|c| c.1).max().unwrap_or(0);
    (x, y)
}

fn picture_cells(text: &str) -> Result<Vec<Cell>, PlaneError> {
    let mut cells = Vec::new();
    let rows = text
        .lines()
        .flat_map(|l| l.split('/'))
        .map(|l| l.trim_end())
        .collect::<Vec<_>>();
    // Blank rows at either end carry nothing; inside they are gaps.
    let first = rows.iter().position(|r| !r.trim().is_empty()).unwrap_or(0);
    let last = rows
        .iter()
        .rposition(|r| !r.trim().is_empty())
        .map_or(0, |i| i + 1);
    for (y, row) in rows[first..last.max(first)].iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            match ch {
                '#' | 'X' | 'x' | 'O' | 'o' | '*' | '■' => {
                    if cells.len() >= MAX_SIDE * MAX_SIDE {
                        return Err(PlaneError::TooLarge {
                            cells: cells.len() + 1,
                            max: MAX_SIDE * MAX_SIDE,
                        });
                    }
                    cells.push((x as i32, y as i32))
                }
                '.' | '_' | ' ' | '□' => {}
                _ => {
                    return Err(PlaneError::BadPicture {
                        line: first + y + 1,
                        column: x + 1,
                        ch,
                    });
                }
            }
            if x >= MAX_SIDE {
                return Err(PlaneError::SpanTooLarge {
                    span: x as i64 + 1,
                    max: MAX_SIDE,
                });
            }
        }
        if y >= MAX_SIDE {
            return Err(PlaneError::SpanTooLarge {
                span: y as i64 + 1,
                max: MAX_SIDE,
            });
        }
    }
    Ok(cells)
}

fn picture_of(cells: &[Cell], width: usize, height: usize) -> String {
    let mut out = String::new();
    for y in 0..height as i32 {
        let row: String = (0..width as i32)
            .map(|x| if cells.contains(&(x, y)) { '#' } else { '.' })
            .collect();
        out.push_str(&row);
        if y + 1 < height as i32 {
            out.push('\n');
        }
    }
    out
}

impl fmt::Display for Polyomino {
    /// The picture, rows separated by newlines (`#` cell, `.` gap); the
    /// alternate form `{:#}` writes one line with `/` between rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let picture = picture_of(&self.cells, self.width(), self.height());
        if f.alternate() {
            write!(f, "{}", picture.replace('\n', "/"))
        } else {
            write!(f, "{picture}")
        }
    }
}

impl FromStr for Polyomino {
    type Err = PlaneError;
    /// A name ([`Polyomino::named`]), a picture (contains `#`, `.` or a
    /// newline, or `/` between rows), or cells `x,y` separated by spaces or
    /// `;` (`0,0 1,0 1,1`).
    fn from_str(s: &str) -> Result<Self, PlaneError> {
        let t = s.trim_start_matches('\u{feff}').trim();
        if t.is_empty() {
            return Err(PlaneError::Empty);
        }
        if let Some(p) = Polyomino::named(t) {
            return Ok(p);
        }
        if t.contains(['#', '\n', '/']) || t.chars().all(|c| ".#Xx*".contains(c)) {
            return Polyomino::from_picture(t);
        }
        let mut cells = Vec::new();
        for (i, item) in t
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter(|s| !s.is_empty())
            .enumerate()
        {
            let item_trim = item.trim_matches(|c| c == '(' || c == ')');
            let bad = || PlaneError::BadCell {
                index: i + 1,
                text: item.to_string(),
            };
            let (x, y) = item_trim.split_once(',').ok_or_else(bad)?;
            let x: i32 = x.trim().parse().map_err(|_| bad())?;
            let y: i32 = y.trim().parse().map_err(|_| bad())?;
            if cells.len() > MAX_POLYOMINO {
                return Err(PlaneError::TooLarge {
                    cells: cells.len() + 1,
                    max: MAX_POLYOMINO,
                });
            }
            cells.push((x, y));
        }
        Polyomino::new(&cells)
    }
}

/// Every free polyomino (up to rotation and reflection) of `n` cells, each
/// as its canonical representative, sorted. `n` at most 10 (4,655 shapes).
///
/// ```
/// use miai_achieve::plane::free_polyominoes;
/// let counts: Vec<usize> = (1..=6).map(|n| free_polyominoes(n).len()).collect();
/// assert_eq!(counts, [1, 1, 2, 5, 12, 35]);
/// ```
pub fn free_polyominoes(n: usize) -> Vec<Polyomino> {
    if n == 0 || n > 10 {
        return Vec::new();
    }
    let mut level: BTreeSet<Polyomino> = BTreeSet::from([Polyomino {
        cells: vec![(0, 0)],
    }]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for p in &level {
            for &(x, y) in &p.cells {
                for c in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if p.cells.contains(&c) {
                        continue;
                    }
                    let mut cells = p.cells.clone();
                    cells.push(c);
                    if let Ok(q) = Polyomino::new(&cells) {
                        next.insert(q.canonical());
                    }
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

/// A board of the plane game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Board {
    /// A `width x height` rectangle.
    Rect {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A `width x height` torus: placements wrap around both edges.
    Torus {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// Any finite set of cells (sorted by row, then column).
    Cells(Vec<Cell>),
}

impl Board {
    /// A rectangle.
    pub fn rect(width: usize, height: usize) -> Board {
        Board::Rect { width, height }
    }

    /// A torus.
    pub fn torus(width: usize, height: usize) -> Board {
        Board::Torus { width, height }
    }

    /// The cells, in index order (row by row).
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Board::Rect { width, height } | Board::Torus { width, height } => (0..*height as i32)
                .flat_map(|y| (0..*width as i32).map(move |x| (x, y)))
                .collect(),
            Board::Cells(cells) => cells.clone(),
        }
    }

    /// The placements of `animal` (every image under `symmetry`, every
    /// position), each as the sorted cell indices it covers, without
    /// repeats. On a torus a placement that covers a cell twice is not a
    /// copy and is left out.
    pub fn placements(&self, animal: &Polyomino, symmetry: Symmetry) -> Vec<Vec<usize>> {
        let cells = self.cells();
        let index = |c: Cell| -> Option<usize> {
            match self {
                Board::Rect { width, height } => {
                    (c.0 >= 0 && c.1 >= 0 && (c.0 as usize) < *width && (c.1 as usize) < *height)
                        .then(|| c.1 as usize * width + c.0 as usize)
                }
                Board::Torus { width, height } => {
                    let x = c.0.rem_euclid(*width as i32) as usize;
                    let y = c.1.rem_euclid(*height as i32) as usize;
                    Some(y * width + x)
                }
                Board::Cells(list) => list
                    .binary_search_by_key(&(c.1, c.0), |&(x, y)| (y, x))
                    .ok(),
            }
        };
        let (ox, oy, ex, ey) = match self {
            Board::Rect { width, height } | Board::Torus { width, height } => {
                (0, 0, *width as i32, *height as i32)
            }
            Board::Cells(list) => {
                let (x0, y0) = min_corner(list);
                let (x1, y1) = max_corner(list);
                (x0, y0, x1 + 1, y1 + 1)
            }
        };
        let mut seen = BTreeSet::new();
        for image in animal.images(symmetry) {
            let (w, h) = (image.width() as i32, image.height() as i32);
            let (ty_end, tx_end) = match self {
                Board::Torus { .. } => (ey, ex),
                _ => (ey - h + 1, ex - w + 1),
            };
            for ty in oy..ty_end {
                for tx in ox..tx_end {
                    let mut set: Vec<usize> = Vec::with_capacity(image.len());
                    let mut ok = true;
                    for &(x, y) in image.cells() {
                        match index((x + tx, y + ty)) {
                            Some(i) => set.push(i),
                            None => {
                                ok = false;
                                break;
                            }
                        }
                    }
                    if !ok {
                        continue;
                    }
                    set.sort_unstable();
                    if set.windows(2).any(|w| w[0] == w[1]) {
                        continue;
                    }
                    seen.insert(set);
                }
            }
        }
        let _ = cells;
        seen.into_iter().collect()
    }

    /// The symmetries of the game of `animal` on this board, other than
    /// the identity: the rotations and reflections of the board's bounding
    /// box that map the board onto itself and every placement onto a
    /// placement, each as a cell permutation (`perm[i]` is the image of
    /// cell `i` in [`Board::cells`] order), ready for
    /// [`Solver::with_symmetries`](crate::Solver::with_symmetries). A
    /// square board has up to eight, a rectangle up to four; with
    /// [`Symmetry::Fixed`] or [`Symmetry::Rotations`] a chiral animal loses
    /// the maps that turn its placements into mirror images. (On a torus
    /// only these maps are used, not its translations.)
    pub fn symmetries(&self, animal: &Polyomino, symmetry: Symmetry) -> Vec<Vec<usize>> {
        let cells = self.cells();
        let (x0, y0) = min_corner(&cells);
        let (x1, y1) = max_corner(&cells);
        let (w, h) = (x1 - x0, y1 - y0);
        let index: std::collections::HashMap<Cell, usize> =
            cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let family: BTreeSet<Vec<usize>> = self.placements(animal, symmetry).into_iter().collect();
        let mut out = Vec::new();
        for map in 1..8u8 {
            let image = |(x, y): Cell| -> Cell {
                let (u, v) = (x - x0, y - y0);
                let (u, v) = if map & 4 != 0 { (v, u) } else { (u, v) };
                let (bw, bh) = if map & 4 != 0 { (h, w) } else { (w, h) };
                let u = if map & 1 != 0 { bw - u } else { u };
                let v = if map & 2 != 0 { bh - v } else { v };
                (u + x0, v + y0)
            };
            let Some(perm) = cells
                .iter()
                .map(|&c| index.get(&image(c)).copied())
                .collect::<Option<Vec<usize>>>()
            else {
                continue;
            };
            let preserved = family.iter().all(|set| {
                let mut img: Vec<usize> = set.iter().map(|&c| perm[c]).collect();
                img.sort_unstable();
                family.contains(&img)
            });
            if preserved {
                out.push(perm);
            }
        }
        out
    }

    /// The Maker-Breaker game of `animal` on this board: cells in
    /// [`Board::cells`] order, one winning set per placement, each cell
    /// labelled `y * 1000 + x` for display.
    pub fn hypergraph(
        &self,
        animal: &Polyomino,
        symmetry: Symmetry,
    ) -> Result<Hypergraph, PlaneError> {
        let cells = self.cells();
        if cells.len() > MAX_CELLS {
            return Err(PlaneError::BoardTooLarge {
                cells: cells.len(),
                max: MAX_CELLS,
            });
        }
        let sets = self.placements(animal, symmetry);
        if sets.is_empty() {
            return Err(PlaneError::NoPlacement {
                cells: animal.len(),
            });
        }
        let masks = sets
            .iter()
            .map(|s| s.iter().fold(0u128, |m, &c| m | 1 << c))
            .collect();
        let labels = cells
            .iter()
            .map(|&(x, y)| i64::from(y) * 1000 + i64::from(x))
            .collect();
        Hypergraph::from_masks(cells.len(), masks)
            .map(|h| h.with_labels(labels))
            .map_err(|_| PlaneError::BoardTooLarge {
                cells: cells.len(),
                max: MAX_CELLS,
            })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Rect { width, height } => write!(f, "{width}x{height}"),
            Board::Torus { width, height } => write!(f, "torus:{width}x{height}"),
            Board::Cells(cells) => {
                let (x1, y1) = max_corner(cells);
                write!(
                    f,
                    "{}",
                    picture_of(cells, x1 as usize + 1, y1 as usize + 1).replace('\n', "/")
                )
            }
        }
    }
}

impl FromStr for Board {
    type Err = PlaneError;
    /// `WxH` (a rectangle), `N` (square), `torus:WxH`, or a picture of the
    /// cells (`#` a cell, `.` a gap; rows by newline or `/`).
    fn from_str(s: &str) -> Result<Self, PlaneError> {
        let t = s.trim_start_matches('\u{feff}').trim();
        let bad = || PlaneError::BadBoard {
            text: t.chars().take(40).collect(),
        };
        let (torus, dims) = match t
            .strip_prefix("torus:")
            .or_else(|| t.strip_prefix("torus "))
        {
            Some(rest) => (true, rest.trim()),
            None => (false, t),
        };
        let side = |v: &str| -> Result<usize, PlaneError> {
            let n: usize = v.trim().parse().map_err(|_| bad())?;
            if n == 0 || n > MAX_SIDE {
                return Err(PlaneError::Side {
                    side: n,
                    max: MAX_SIDE,
                });
            }
            Ok(n)
        };
        if dims.chars().all(|c| c.is_ascii_digit()) && !dims.is_empty() {
            let n = side(dims)?;
            return Ok(if torus {
                Board::torus(n, n)
            } else {
                Board::rect(n, n)
            });
        }
        if let Some((w, h)) = dims.split_once(['x', 'X', '×'])
            && w.trim().chars().all(|c| c.is_ascii_digit())
            && h.trim().chars().all(|c| c.is_ascii_digit())
        {
            let (w, h) = (side(w)?, side(h)?);
            return Ok(if torus {
                Board::torus(w, h)
            } else {
                Board::rect(w, h)
            });
        }
        if torus {
            return Err(bad());
        }
        let mut cells = picture_cells(t)?;
        if cells.is_empty() {
            return Err(bad());
        }
        cells.sort_unstable_by_key(|&(x, y)| (y, x));
        Ok(Board::Cells(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_animals_have_the_sizes_of_their_names() {
        for (name, _) in NAMES {
            let p = Polyomino::named(name).unwrap();
            let size = match *name {
                "monomino" => 1,
                "domino" => 2,
                "snaky" => 6,
                n => n[1..].parse().unwrap(),
            };
            assert_eq!(p.len(), size, "{name}");
            assert_eq!(p.name(), Some(*name), "{name}");
        }
    }

    #[test]
    fn named_animals_are_distinct_shapes() {
        let shapes: BTreeSet<Polyomino> = NAMES
            .iter()
            .map(|(n, _)| Polyomino::named(n).unwrap().canonical())
            .collect();
        assert_eq!(shapes.len(), NAMES.len());
        // Every pentomino is named: the twelve letters cover all twelve.
        let pentominoes: BTreeSet<Polyomino> = free_polyominoes(5).into_iter().collect();
        let named5: BTreeSet<Polyomino> = NAMES
            .iter()
            .filter(|(n, _)| n.ends_with('5'))
            .map(|(n, _)| Polyomino::named(n).unwrap().canonical())
            .collect();
        assert_eq!(named5, pentominoes);
    }

    #[test]
    fn image_counts_follow_the_shapes_symmetry() {
        let count = |n: &str, s| Polyomino::named(n).unwrap().images(s).len();
        assert_eq!(count("O4", Symmetry::Free), 1);
        assert_eq!(count("I4", Symmetry::Free), 2);
        assert_eq!(count("T4", Symmetry::Free), 4);
        assert_eq!(count("Z4", Symmetry::Free), 4);
        assert_eq!(count("Z4", Symmetry::Rotations), 2);
        assert_eq!(count("L4", Symmetry::Free), 8);
        assert_eq!(count("L4", Symmetry::Rotations), 4);
        assert_eq!(count("X5", Symmetry::Free), 1);
        assert_eq!(count("snaky", Symmetry::Free), 8);
        assert_eq!(count("snaky", Symmetry::Fixed), 1);
    }

    #[test]
    fn parsing_forms_agree_and_errors_name_the_place() {
        let a: Polyomino = "0,0 1,0 1,1".parse().unwrap();
        let b: Polyomino = "##/.#".parse().unwrap();
        let c: Polyomino = "##\n.#\n".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(b, c);
        assert_eq!(a.canonical(), Polyomino::named("V3").unwrap().canonical());
        assert_eq!(
            "0,0 2,0".parse::<Polyomino>(),
            Err(PlaneError::Disconnected {
                x0: 0,
                y0: 0,
                x: 2,
                y: 0
            })
        );
        assert!(matches!(
            "0,0 1;0".parse::<Polyomino>(),
            Err(PlaneError::BadCell { index: 2, .. })
        ));
        assert!(matches!(
            "#?".parse::<Polyomino>(),
            Err(PlaneError::BadPicture {
                line: 1,
                column: 2,
                ch: '?'
            })
        ));
        assert_eq!(
            "0,0 0,0".parse::<Polyomino>(),
            Err(PlaneError::Duplicate { x: 0, y: 0 })
        );
        assert_eq!(format!("{:#}", b), "##/.#");
        assert_eq!(b.to_string().parse::<Polyomino>().unwrap(), b);
    }

    #[test]
    fn boards_parse_and_count_placements() {
        assert_eq!("4x3".parse::<Board>().unwrap(), Board::rect(4, 3));
        assert_eq!("5".parse::<Board>().unwrap(), Board::rect(5, 5));
        assert_eq!("torus:4x4".parse::<Board>().unwrap(), Board::torus(4, 4));
        assert!(matches!(
            "0x3".parse::<Board>(),
            Err(PlaneError::Side { side: 0, .. })
        ));
        let i3 = Polyomino::named("I3").unwrap();
        // Rectangle 4x4: 2 per row x 4 rows x 2 directions.
        assert_eq!(Board::rect(4, 4).placements(&i3, Symmetry::Free).len(), 16);
        // Torus 4x4: every cell starts one per direction.
        assert_eq!(Board::torus(4, 4).placements(&i3, Symmetry::Free).len(), 32);
        // Torus of width 2: a horizontal I3 would cover a cell twice.
        assert_eq!(Board::torus(2, 4).placements(&i3, Symmetry::Free).len(), 8);
        // A plus-shaped board holds the X pentomino once.
        let plus: Board = ".#./###/.#.".parse().unwrap();
        let x5 = Polyomino::named("X5").unwrap();
        assert_eq!(
            plus.placements(&x5, Symmetry::Free),
            vec![vec![0, 1, 2, 3, 4]]
        );
    }

    #[test]
    fn brute_force_placements_agree_on_rectangles() {
        // Every set of cells of the board congruent to the animal, found by
        // testing all subsets of a small board, equals the placements.
        let board = Board::rect(4, 4);
        let cells = board.cells();
        for animal in (1..=5).flat_map(free_polyominoes) {
            let mut brute: Vec<Vec<usize>> = Vec::new();
            for mask in 0u32..(1 << cells.len()) {
                if mask.count_ones() as usize != animal.len() {
                    continue;
                }
                let chosen: Vec<Cell> = (0..cells.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| cells[i])
                    .collect();
                if let Ok(p) = Polyomino::new(&chosen)
                    && p.canonical() == animal.canonical()
                {
                    brute.push((0..cells.len()).filter(|i| mask >> i & 1 == 1).collect());
                }
            }
            brute.sort();
            assert_eq!(
                board.placements(&animal, Symmetry::Free),
                brute,
                "{animal:#}"
            );
        }
    }
}
