//! Areas: the tiles the line is cut into for a partially dynamic paving.

use std::fmt;

use crate::creature::{parse_int_list, write_list};
use crate::error::AreaError;
use crate::hypergraph::MAX_CELLS;

/// Largest period tried when checking that a tile tiles the line.
pub const MAX_TILING_PERIOD: usize = 1024;
/// Largest tile span accepted.
const MAX_TILE_SPAN: i64 = 4096;
/// Steps of the tiling search over all periods together: a backtracking
/// node costs one step in the enumeration of [`tiles`], and one step per
/// tile cell for a tile given by the user ([`Area::tile`]), so that a tile
/// of many cells is bounded alike (it stops with
/// [`AreaError::TilingUndecided`]).
const TILING_BUDGET: u64 = 2_000_000;

/// A finite set of cells whose translates tile the line (checked), kept
/// normalized (first cell 0). `k` consecutive cells is the common case; the
/// seed's Fig. 5 shows a non-consecutive one.
///
/// Cell `i` of the area (its `i`-th smallest cell) is cell `i` of the
/// Maker-Breaker game built on it.
///
/// ```
/// use miai_achieve::Area;
/// let a = Area::tile(&[0, 2]).unwrap(); // {0,2} + {0,1} + 4Z tiles Z
/// assert_eq!(a.period(), 4);
/// assert!(Area::tile(&[0, 1, 3]).is_err()); // no translates tile Z
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    cells: Vec<i64>,
    consecutive: bool,
    period: usize,
    translates: Vec<i64>,
}

impl Area {
    /// `k` consecutive cells `0..k`.
    pub fn consecutive(k: usize) -> Result<Self, AreaError> {
        if k == 0 {
            return Err(AreaError::Empty);
        }
        if k > MAX_CELLS {
            return Err(AreaError::TooLarge {
                cells: k,
                max: MAX_CELLS,
            });
        }
        Ok(Area {
            cells: (0..k as i64).collect(),
            consecutive: true,
            period: k,
            translates: vec![0],
        })
    }

    /// A tile given by its cells (any order, any translate); fails unless its
    /// translates tile the line with some period up to [`MAX_TILING_PERIOD`].
    pub fn tile(cells: &[i64]) -> Result<Self, AreaError> {
        if cells.is_empty() {
            return Err(AreaError::Empty);
        }
        if cells.len() > MAX_CELLS {
            return Err(AreaError::TooLarge {
                cells: cells.len(),
                max: MAX_CELLS,
            });
        }
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(AreaError::Duplicate { cell: w[0] });
        }
        let first = sorted[0];
        let span = sorted[sorted.len() - 1].saturating_sub(first);
        if span > MAX_TILE_SPAN {
            return Err(AreaError::SpanTooLarge {
                span,
                max: MAX_TILE_SPAN,
            });
        }
        for c in &mut sorted {
            *c -= first;
        }
        let span = sorted[sorted.len() - 1];
        let consecutive = span as usize + 1 == sorted.len();
        if consecutive {
            return Area::consecutive(sorted.len());
        }
        let found = match half_line_tiling(&sorted) {
            Some(t) => Periodic::Found(t),
            // A node of the search tries every cell of the tile: counted
            // as that many steps, so wide tiles with many cells stay cheap.
            None => find_periodic_tiling(&sorted, MAX_TILING_PERIOD, sorted.len() as u64),
        };
        match found {
            Periodic::Found((period, translates)) => Ok(Area {
                cells: sorted,
                consecutive,
                period,
                translates,
            }),
            Periodic::None => Err(AreaError::DoesNotTile {
                tile: list_string(&sorted),
                max_period: MAX_TILING_PERIOD,
            }),
            Periodic::OutOfBudget { period } => Err(AreaError::TilingUndecided {
                tile: list_string(&sorted),
                budget: TILING_BUDGET,
                period,
            }),
        }
    }

    /// Parse a tile written as a comma/space separated list.
    pub fn parse_tile(s: &str) -> Result<Self, AreaError> {
        let cells =
            parse_int_list(s).map_err(|(index, text)| AreaError::NotAnInteger { index, text })?;
        Area::tile(&cells)
    }

    /// The cells, increasing, first one 0.
    pub fn cells(&self) -> &[i64] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True for `k` consecutive cells.
    pub fn is_consecutive(&self) -> bool {
        self.consecutive
    }

    /// Period of the tiling found (the line is `translates + period Z`
    /// copies of the area).
    pub fn period(&self) -> usize {
        self.period
    }

    /// Translates of the area within one period of the tiling found.
    pub fn translates(&self) -> &[i64] {
        &self.translates
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.consecutive {
            write!(f, "{}", self.cells.len())
        } else {
            f.write_str("tile ")?;
            write_list(f, &self.cells)
        }
    }
}

fn list_string(cells: &[i64]) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Every non-consecutive tile with `size` cells, first cell 0 and span at
/// most `max_span` whose translates tile the line, with the tiling found: a
/// candidate is kept when the forced half-line construction or a periodic
/// exact cover (period up to [`MAX_TILING_PERIOD`], bounded work) finds a
/// tiling; the exact cover is only tried on candidates satisfying the
/// Coven–Meyerowitz conditions (T1) and (T2). For sizes with at most two
/// prime factors (every size up to 14) this misses no tile unless the
/// bounded search fails on one, which [`tiles_unsettled`] counts.
pub fn tiles(size: usize, max_span: usize) -> Vec<Area> {
    let mut out = Vec::new();
    if !(2..=MAX_CELLS).contains(&size) || max_span >= 127 {
        return out;
    }
    for_each_candidate(size, max_span, &mut |cells| {
        if let Some((period, translates)) = tiling_for_enumeration(cells) {
            out.push(Area {
                cells: cells.to_vec(),
                consecutive: false,
                period,
                translates,
            });
        }
    });
    out
}

/// Candidates of [`tiles`] that satisfy (T1) and (T2), hence tile the line
/// (Coven–Meyerowitz), but for which the bounded search found no tiling, so
/// [`tiles`] misses them. Zero means the enumeration is complete whenever
/// `size` has at most two prime factors.
pub fn tiles_unsettled(size: usize, max_span: usize) -> usize {
    let mut n = 0;
    if !(2..=MAX_CELLS).contains(&size) || max_span >= 127 {
        return 0;
    }
    for_each_candidate(size, max_span, &mut |cells| {
        if t1_may_hold(cells)
            && coven_meyerowitz(cells) == (true, true)
            && tiling_for_enumeration(cells).is_none()
        {
            n += 1;
        }
    });
    n
}

fn for_each_candidate(size: usize, max_span: usize, f: &mut dyn FnMut(&[i64])) {
    for span in size..=max_span {
        let mut inner: Vec<i64> = (1..=size as i64 - 2).collect();
        loop {
            let mut cells = vec![0];
            cells.extend_from_slice(&inner);
            cells.push(span as i64);
            f(&cells);
            let k = inner.len();
            let mut i = k;
            while i > 0 && inner[i - 1] == span as i64 - 1 - (k - i) as i64 {
                i -= 1;
            }
            if i == 0 {
                break;
            }
            inner[i - 1] += 1;
            for j in i..k {
                inner[j] = inner[j - 1] + 1;
            }
        }
    }
}

/// A tiling of the line for an enumerated candidate, if cheaply found.
fn tiling_for_enumeration(cells: &[i64]) -> Option<(usize, Vec<i64>)> {
    if let Some(t) = half_line_tiling(cells) {
        return Some(t);
    }
    if !t1_may_hold(cells) || coven_meyerowitz(cells) != (true, true) {
        // Fails (T1): no tile. Fails (T2): no tile when |A| has at most two
        // prime factors; otherwise possibly a tile, left out (rare).
        return None;
    }
    match find_periodic_tiling(cells, MAX_TILING_PERIOD, 1) {
        Periodic::Found(t) => Some(t),
        Periodic::None | Periodic::OutOfBudget { .. } => None,
    }
}

/// The Coven–Meyerowitz (1999) conditions for `A(x) = Σ x^a`, with `S`
/// the prime powers `s` such that the cyclotomic polynomial `Φ_s` divides
/// `A(x)` (tested exactly, in integer arithmetic):
/// (T1) `A(1) = Π_{s∈S} Φ_s(1)` (and `Φ_{p^k}(1) = p`);
/// (T2) for prime powers `s_1, ..., s_m ∈ S` of distinct primes,
/// `Φ_{s_1 ⋯ s_m}` divides `A(x)`.
/// Every tile satisfies (T1); (T1) and (T2) together imply that `A` tiles;
/// and a tile whose size has at most two prime factors satisfies (T2), so
/// for such sizes (all sizes up to 14) the two decide tiling exactly.
fn coven_meyerowitz(cells: &[i64]) -> (bool, bool) {
    let span = cells.last().copied().unwrap_or(0) as u64;
    let poly: Vec<i64> = {
        let mut v = vec![0i64; span as usize + 1];
        for &a in cells {
            v[a as usize] += 1;
        }
        v
    };
    // Φ_s has degree φ(s) <= span if it divides A; φ(p^k) >= p^k / 2.
    let set: Vec<(u64, u64)> = (2..=2 * span + 2)
        .filter_map(|s| prime_power_base(s).map(|p| (s, p)))
        .filter(|&(s, _)| divides(&cyclotomic(s), &poly))
        .collect();
    let product = set.iter().fold(1u64, |a, &(_, p)| a.saturating_mul(p));
    let t1 = product == cells.len() as u64;
    // T2: every product of prime powers from S with distinct primes.
    let mut primes: Vec<u64> = set.iter().map(|&(_, p)| p).collect();
    primes.sort_unstable();
    primes.dedup();
    let mut t2 = true;
    let mut stack: Vec<(usize, u64)> = vec![(0, 1)];
    while let Some((i, acc)) = stack.pop() {
        if i == primes.len() {
            if acc > 1 && prime_power_base(acc).is_none() && !divides(&cyclotomic(acc), &poly) {
                t2 = false;
                break;
            }
            continue;
        }
        stack.push((i + 1, acc));
        for &(s, p) in &set {
            if p == primes[i] {
                stack.push((i + 1, acc.saturating_mul(s)));
            }
        }
    }
    (t1, t2)
}

/// A fast floating-point screen for (T1): evaluates `A` at primitive
/// `s`-th roots of unity. A true divisor gives exactly 0 (rounding stays
/// far below the 1e-6 threshold), a spurious one can only raise the
/// product, so `false` here reliably means (T1) fails.
fn t1_may_hold(cells: &[i64]) -> bool {
    let span = cells.last().copied().unwrap_or(0);
    let mut product: u64 = 1;
    for s in 2..=(2 * span + 2) as u64 {
        let Some(p) = prime_power_base(s) else {
            continue;
        };
        let (mut re, mut im) = (0.0f64, 0.0f64);
        for &a in cells {
            let angle = std::f64::consts::TAU * ((a as u64 % s) as f64) / s as f64;
            re += angle.cos();
            im += angle.sin();
        }
        if re.abs() < 1e-6 && im.abs() < 1e-6 {
            product = product.saturating_mul(p);
        }
    }
    product >= cells.len() as u64
}

/// (T1) only: a necessary condition for tiling.
#[cfg(test)]
fn coven_meyerowitz_t1(cells: &[i64]) -> bool {
    coven_meyerowitz(cells).0
}

/// The cyclotomic polynomial `Φ_n`, coefficients from degree 0, computed as
/// `(x^n - 1) / Π_{d | n, d < n} Φ_d` by exact division (memoised per
/// thread: the tile enumeration asks for the same few again and again).
fn cyclotomic(n: u64) -> Vec<i64> {
    thread_local! {
        static MEMO: std::cell::RefCell<std::collections::HashMap<u64, Vec<i64>>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    if let Some(p) = MEMO.with(|m| m.borrow().get(&n).cloned()) {
        return p;
    }
    let mut num = vec![0i64; n as usize + 1];
    num[0] = -1;
    num[n as usize] = 1;
    for d in 1..n {
        if n.is_multiple_of(d) {
            num = divide(&num, &cyclotomic(d));
        }
    }
    MEMO.with(|m| m.borrow_mut().insert(n, num.clone()));
    num
}

/// Exact quotient of `a` by the monic polynomial `b` (remainder dropped).
fn divide(a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut r = a.to_vec();
    let db = b.len() - 1;
    if r.len() <= db {
        return vec![0];
    }
    let mut q = vec![0i64; r.len() - db];
    for i in (0..q.len()).rev() {
        let c = r[i + db];
        q[i] = c;
        if c != 0 {
            for (j, &bj) in b.iter().enumerate() {
                r[i + j] -= c * bj;
            }
        }
    }
    q
}

/// Does the monic polynomial `b` divide `a` exactly?
fn divides(b: &[i64], a: &[i64]) -> bool {
    let mut r = a.to_vec();
    let db = b.len() - 1;
    if r.len() <= db {
        return r.iter().all(|&c| c == 0);
    }
    for i in (0..r.len() - db).rev() {
        let c = r[i + db];
        if c != 0 {
            for (j, &bj) in b.iter().enumerate() {
                r[i + j] -= c * bj;
            }
        }
    }
    r[..db].iter().all(|&c| c == 0)
}

/// `p` if `s = p^k` for a prime `p` and `k >= 1`.
fn prime_power_base(s: u64) -> Option<u64> {
    let p = (2..=s).find(|&d| s.is_multiple_of(d))?;
    let mut r = s;
    while r.is_multiple_of(p) {
        r /= p;
    }
    (r == 1).then_some(p)
}

/// Tile the half-line greedily: the leftmost uncovered cell must be the
/// first cell of the next copy (every copy further left is already placed),
/// so the process is forced. It either gets stuck or repeats a state; a
/// repeat gives a periodic tiling of the whole line, which is then checked
/// as an exact cover modulo the period. Spans of 127 or more are skipped.
fn half_line_tiling(tile: &[i64]) -> Option<(usize, Vec<i64>)> {
    let span = *tile.last()? as usize;
    if span >= 127 {
        return None;
    }
    let shape = tile.iter().fold(0u128, |m, &c| m | 1 << c);
    let mut seen = std::collections::HashMap::new();
    let mut placed: Vec<i64> = Vec::new();
    let mut covered = 0u128; // relative to `pos`
    let mut pos: i64 = 0;
    for _ in 0..100_000 {
        let skip = covered.trailing_ones();
        pos += i64::from(skip);
        covered = covered.checked_shr(skip).unwrap_or(0);
        if let Some(&(pos0, idx0)) = seen.get(&covered) {
            let p = (pos - pos0) as usize;
            let cycle: Vec<i64> = placed[idx0..].iter().map(|&a| a - pos0).collect();
            // Repeat the cycle until the period exceeds the span, so that
            // wrap-around cannot hide an overlap; then check it exactly.
            let reps = span / p + 1;
            let period = p * reps;
            let translates: Vec<i64> = (0..reps as i64)
                .flat_map(|r| cycle.iter().map(move |&a| a + r * p as i64))
                .collect();
            return exact_cover_mod(tile, period, &translates).then_some((period, translates));
        }
        seen.insert(covered, (pos, placed.len()));
        if covered & shape != 0 {
            return None;
        }
        covered |= shape;
        placed.push(pos);
    }
    None
}

/// Do `tile + translates` cover every residue mod `period` exactly once?
fn exact_cover_mod(tile: &[i64], period: usize, translates: &[i64]) -> bool {
    let mut count = vec![0u32; period];
    for &a in translates {
        for &c in tile {
            count[(a + c).rem_euclid(period as i64) as usize] += 1;
        }
    }
    count.iter().all(|&k| k == 1)
}

/// Search a periodic tiling: translates `A` with `T + A + PZ = Z` exactly.
/// `P` must be a multiple of `|T|` with `T`'s cells distinct mod `P`; the
/// exact cover of `Z_P` is found by backtracking on the smallest uncovered
/// residue. Newman (1977) shows every 1-D tiling is periodic, so "none up to
/// the bound" is the honest negative answer.
fn find_periodic_tiling(tile: &[i64], max_period: usize, node_cost: u64) -> Periodic {
    let n = tile.len();
    let mut period = n;
    let mut budget = TILING_BUDGET;
    while period <= max_period {
        let mut residues: Vec<usize> = tile
            .iter()
            .map(|&c| (c as usize) % period)
            .collect::<Vec<_>>();
        residues.sort_unstable();
        residues.dedup();
        if residues.len() == n {
            let mut search = Cover {
                tile: &residues,
                period,
                covered: vec![false; period],
                chosen: Vec::new(),
                budget,
                node_cost,
            };
            let found = search.run(0);
            budget = search.budget;
            let mut chosen = search.chosen;
            if found {
                chosen.sort_unstable();
                return Periodic::Found((period, chosen.into_iter().map(|a| a as i64).collect()));
            }
            if budget == 0 {
                return Periodic::OutOfBudget { period };
            }
        }
        period += n;
    }
    Periodic::None
}

/// The answer of [`find_periodic_tiling`].
enum Periodic {
    /// The period and the translates within one period.
    Found((usize, Vec<i64>)),
    /// No tiling with a period up to the bound.
    None,
    /// The search budget ran out while trying this period.
    OutOfBudget {
        /// The period being tried.
        period: usize,
    },
}

/// The exact cover search of one period.
struct Cover<'a> {
    /// The tile's residues.
    tile: &'a [usize],
    period: usize,
    covered: Vec<bool>,
    chosen: Vec<usize>,
    /// Steps left.
    budget: u64,
    /// Steps a node costs.
    node_cost: u64,
}

impl Cover<'_> {
    /// Extends the exact cover `chosen` of `covered` to every residue;
    /// every residue below `from` is covered already, so the first
    /// uncovered one is looked for from there (not from 0: that scan made
    /// each node cost the whole period).
    fn run(&mut self, from: usize) -> bool {
        let Some(r) = self.covered[from..]
            .iter()
            .position(|&c| !c)
            .map(|i| i + from)
        else {
            return true;
        };
        if self.budget < self.node_cost {
            self.budget = 0;
            return false;
        }
        self.budget -= self.node_cost;
        let (tile, period) = (self.tile, self.period);
        for &t in tile {
            // Translate a with a + t = r (mod P).
            let a = (r + period - t) % period;
            if tile.iter().all(|&u| !self.covered[(a + u) % period]) {
                for &u in tile {
                    self.covered[(a + u) % period] = true;
                }
                self.chosen.push(a);
                if self.run(r + 1) {
                    return true;
                }
                self.chosen.pop();
                for &u in tile {
                    self.covered[(a + u) % period] = false;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        // A non-tile costs the whole tiling budget: few cases.
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        #[test]
        fn parsing_arbitrary_tiles_never_panics(s in "[0-9, -]{0,24}") {
            let _ = Area::parse_tile(&s);
        }
    }

    /// Independent check: the translates found really cover every residue
    /// exactly once.
    fn assert_tiles(area: &Area) {
        let p = area.period() as i64;
        let mut count = vec![0; p as usize];
        for &a in area.translates() {
            for &c in area.cells() {
                count[(a + c).rem_euclid(p) as usize] += 1;
            }
        }
        assert!(count.iter().all(|&k| k == 1), "{area:?}");
    }

    #[test]
    fn known_tiles() {
        // {0,2}: {0,2}+{0,1}+4Z.  {0,1,4,5}: +{0,2}+8Z.  {0,3}: +{0,1,2}+6Z.
        for t in [&[0, 2][..], &[0, 1, 4, 5], &[0, 3], &[0, 1, 2, 6, 7, 8]] {
            assert_tiles(&Area::tile(t).unwrap());
        }
        assert_eq!(
            Area::tile(&[3, 4, 5]).unwrap(),
            Area::consecutive(3).unwrap()
        );
    }

    #[test]
    fn enumerated_tiles_really_tile() {
        // Size 4, span <= 7: {0,1,4,5} (+{0,2}+8Z) and {0,2,4,6}'s cousins;
        // every listed tile is checked independently.
        let list = tiles(4, 7);
        assert!(list.iter().any(|a| a.cells() == [0, 1, 4, 5]));
        assert!(list.iter().any(|a| a.cells() == [0, 2, 4, 6]));
        for a in &list {
            assert_tiles(a);
            assert!(!a.is_consecutive());
        }
        // {0,2,3,5} tiles the line ({0,4} + 8Z) but not the half-line from
        // a copy at 0: the exact cover finds it.
        assert!(list.iter().any(|a| a.cells() == [0, 2, 3, 5]));
        assert!(coven_meyerowitz_t1(&[0, 2, 3, 5]));
        assert!(!coven_meyerowitz_t1(&[0, 1, 3]));
        assert_eq!(cyclotomic(6), vec![1, -1, 1]);
        assert_eq!(cyclotomic(12), vec![1, 0, -1, 0, 1]);
        // {0,1,2,3,4,5} = Φ2 Φ3 Φ6 (T1, T2 hold); {0,1,3,4,... } checks:
        assert_eq!(coven_meyerowitz(&[0, 1, 2, 3, 4, 5]), (true, true));
        // {0,1,3,4} = {0,1}+{0,3} is no tile: its mask polynomial
        // (1+x)(1+x^3) has only the cyclotomic factor Phi_2 among Phi_{2^k},
        // failing Coven-Meyerowitz condition T1 (A(1) = 4 needs two).
        assert!(!list.iter().any(|a| a.cells() == [0, 1, 3, 4]));
    }

    /// A wide tile of many cells used to cost seconds (each search node
    /// scanned the whole period and the budget counted nodes, not the cells
    /// each one tries); now the search stops at its step limit and says so,
    /// naming the limit, instead of claiming that no tiling exists.
    #[test]
    fn a_costly_tile_stops_at_the_limit_and_names_it() {
        let cells: Vec<i64> = (0..40).map(|c| c * 100).collect();
        let err = Area::tile(&cells).unwrap_err();
        assert!(
            matches!(err, AreaError::TilingUndecided { budget: TILING_BUDGET, period, .. }
                if period % cells.len() == 0 && period <= MAX_TILING_PERIOD),
            "{err:?}"
        );
        assert!(
            err.to_string().contains(&TILING_BUDGET.to_string()),
            "{err}"
        );
        // Small tiles are decided as before.
        assert!(Area::tile(&[0, 100]).is_ok());
    }

    #[test]
    fn non_tiles_are_rejected() {
        // {0,1,3}: a tile of size 3 needs residues distinct mod 3k; the
        // search finds none (and none exists: the gap at 2 can only be
        // filled by a translate starting at 2, which collides at 3 or leaves
        // a gap of the same kind forever).
        assert!(matches!(
            Area::tile(&[0, 1, 3]),
            Err(AreaError::DoesNotTile { .. })
        ));
        assert_eq!(Area::tile(&[]), Err(AreaError::Empty));
        assert_eq!(Area::tile(&[1, 1]), Err(AreaError::Duplicate { cell: 1 }));
        assert_eq!(Area::consecutive(0), Err(AreaError::Empty));
        assert!(matches!(
            Area::tile(&[i64::MIN, i64::MAX]),
            Err(AreaError::SpanTooLarge { .. })
        ));
        assert!(matches!(
            Area::consecutive(129),
            Err(AreaError::TooLarge { .. })
        ));
    }
}
