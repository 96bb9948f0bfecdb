//! Pairing (paving, 畳敷き) strategies: Breaker pairs up cells of the line
//! and answers each Maker move with its partner. This blocks the creature
//! iff every placement contains a whole pair.

use std::fmt;

use crate::creature::Creature;

/// A periodic pairing: the pairs `{a + kP, b + kP}` for every integer `k`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// The period `P`.
    pub period: usize,
    /// One representative `(a, b)` per pair class, `0 <= a < P`, `a < b`.
    pub pairs: Vec<(i64, i64)>,
}

impl fmt::Display for Pairing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "period {}:", self.period)?;
        for (a, b) in &self.pairs {
            write!(f, " {{{a},{b}}}")?;
        }
        Ok(())
    }
}

/// What the pairing search established.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingResult {
    /// A pairing that blocks every placement (checked by [`blocks`]).
    Found(Pairing),
    /// No pairing of any kind (periodic or not) blocks the creature.
    Impossible(Obstruction),
    /// None with period up to the bound (the search budget may also have
    /// run out on some periods).
    Unknown {
        /// Largest period searched.
        max_period: usize,
        /// Periods whose search ran out of budget.
        exhausted: Vec<usize>,
    },
}

/// Why no pairing can exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obstruction {
    /// Every difference of two cells occurs once (a Golomb ruler). Density:
    /// a pair with difference `d` lies in at most `m(d)` placements of each
    /// shape, where `m(d)` counts pairs of creature cells at distance `d`;
    /// in a window of `N` placements per shape only the pairs within
    /// `N + span` cells help, at most `(N + span)/2` of them, so blocking
    /// needs `max m(d) * (N + span) / 2 >= N` for all `N`, i.e.
    /// `max m(d) >= 2`.
    DistinctDifferences,
}

impl fmt::Display for Obstruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstruction::DistinctDifferences => f.write_str(
                "all differences between cells are distinct, so a pair lies in at most one \
                 placement (per shape) while the pairs near N placements number about N/2: \
                 no pairing of the line blocks every placement (density)",
            ),
        }
    }
}

/// The shapes Breaker must block: the creature, and its mirror when asked
/// (if different).
fn shapes(creature: &Creature, mirror: bool) -> Vec<Vec<i64>> {
    let c = creature.normalized();
    let mut v = vec![c.cells().to_vec()];
    if mirror && !c.is_symmetric() {
        v.push(c.mirror().cells().to_vec());
    }
    v
}

/// Search periodic pairings with periods `2..=max_period`, spending at most
/// `budget` search nodes per period.
///
/// ```
/// use miai_achieve::pairing::{find_pairing, PairingResult};
/// // Three in a row: pairs {2i, 2i+1}.
/// let c = "0,1,2".parse().unwrap();
/// assert!(matches!(find_pairing(&c, false, 8, 10_000), PairingResult::Found(_)));
/// // The seed's Fig. 3 creature: a Golomb ruler, no pairing (seed Theorem 1).
/// let c = "0,4,5,7,15".parse().unwrap();
/// assert!(matches!(find_pairing(&c, false, 8, 10_000), PairingResult::Impossible(_)));
/// ```
pub fn find_pairing(
    creature: &Creature,
    mirror: bool,
    max_period: usize,
    budget: u64,
) -> PairingResult {
    let shapes = shapes(creature, mirror);
    let base = &shapes[0];
    let mut mult = std::collections::HashMap::new();
    for (i, &x) in base.iter().enumerate() {
        for &y in &base[i + 1..] {
            *mult.entry(y - x).or_insert(0) += 1;
        }
    }
    if mult.values().all(|&m| m < 2) {
        return PairingResult::Impossible(Obstruction::DistinctDifferences);
    }
    let mut exhausted = Vec::new();
    for period in 2..=max_period {
        let mut search = Search::new(&shapes, period, budget);
        if search.run() {
            let pairing = Pairing {
                period,
                pairs: search.chosen.clone(),
            };
            if blocks(creature, mirror, &pairing) {
                return PairingResult::Found(pairing);
            }
        } else if search.budget == 0 {
            exhausted.push(period);
        }
    }
    PairingResult::Unknown {
        max_period,
        exhausted,
    }
}

/// Check a pairing directly: pair cells are distinct modulo the period,
/// and every placement `t + S` (t in one period, each shape S) contains
/// both cells of some pair `{a + kP, b + kP}`.
pub fn blocks(creature: &Creature, mirror: bool, pairing: &Pairing) -> bool {
    let p = pairing.period as i64;
    if p < 2 {
        return false;
    }
    let mut used = vec![false; pairing.period];
    for &(a, b) in &pairing.pairs {
        for x in [a, b] {
            let r = x.rem_euclid(p) as usize;
            if used[r] {
                return false;
            }
            used[r] = true;
        }
    }
    shapes(creature, mirror).iter().all(|shape| {
        (0..p).all(|t| {
            let cells: Vec<i64> = shape.iter().map(|s| t + s).collect();
            pairing.pairs.iter().any(|&(a, b)| {
                // Some k puts a + kP on a cell x of the placement; then b + kP
                // must be on the placement too.
                cells
                    .iter()
                    .any(|&x| (x - a).rem_euclid(p) == 0 && cells.contains(&(x - a + b)))
            })
        })
    })
}

/// Backtracking over the uncovered placement with the fewest options.
struct Search<'a> {
    shapes: &'a [Vec<i64>],
    period: usize,
    /// covered[shape][t]: number of chosen pairs inside placement t.
    covered: Vec<Vec<u32>>,
    used: Vec<bool>,
    chosen: Vec<(i64, i64)>,
    budget: u64,
}

impl<'a> Search<'a> {
    fn new(shapes: &'a [Vec<i64>], period: usize, budget: u64) -> Self {
        Search {
            shapes,
            period,
            covered: vec![vec![0; period]; shapes.len()],
            used: vec![false; period],
            chosen: Vec::new(),
            budget,
        }
    }

    fn residue(&self, x: i64) -> usize {
        x.rem_euclid(self.period as i64) as usize
    }

    /// Pairs (a, d) that would block placement t of shape s, still free.
    fn options(&self, s: usize, t: usize) -> Vec<(i64, i64)> {
        let shape = &self.shapes[s];
        let mut out = Vec::new();
        for (i, &x) in shape.iter().enumerate() {
            for &y in &shape[i + 1..] {
                let a = t as i64 + x;
                let b = t as i64 + y;
                let (ra, rb) = (self.residue(a), self.residue(b));
                if ra != rb && !self.used[ra] && !self.used[rb] {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Placements a pair blocks: (shape, t) with the pair inside.
    fn blocked_by(&self, a: i64, b: i64) -> Vec<(usize, usize)> {
        let d = b - a;
        let mut out = Vec::new();
        for (s, shape) in self.shapes.iter().enumerate() {
            for &x in shape {
                if shape.contains(&(x + d)) {
                    out.push((s, self.residue(a - x)));
                }
            }
        }
        out
    }

    fn run(&mut self) -> bool {
        // The uncovered placement with the fewest options.
        let mut best: Option<(usize, Vec<(i64, i64)>)> = None;
        for s in 0..self.shapes.len() {
            for t in 0..self.period {
                if self.covered[s][t] == 0 {
                    let opts = self.options(s, t);
                    if best.as_ref().is_none_or(|(n, _)| opts.len() < *n) {
                        let n = opts.len();
                        best = Some((n, opts));
                        if n == 0 {
                            return false;
                        }
                    }
                }
            }
        }
        let Some((_, opts)) = best else {
            return true; // everything covered
        };
        for (a, b) in opts {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let (ra, rb) = (self.residue(a), self.residue(b));
            if self.used[ra] || self.used[rb] {
                continue;
            }
            self.used[ra] = true;
            self.used[rb] = true;
            let blocked = self.blocked_by(a, b);
            for &(s, t) in &blocked {
                self.covered[s][t] += 1;
            }
            let rep = (ra as i64, ra as i64 + (b - a));
            self.chosen.push(rep);
            if self.run() {
                return true;
            }
            self.chosen.pop();
            for &(s, t) in &blocked {
                self.covered[s][t] -= 1;
            }
            self.used[ra] = false;
            self.used[rb] = false;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn creature(s: &str) -> Creature {
        s.parse().unwrap()
    }

    #[test]
    fn k_in_a_row_is_a_pairing_loser_for_k_at_least_3() {
        // Classical: pairs {2i, 2i+1} meet every 3 consecutive cells.
        for k in 3..7 {
            let cells: Vec<i64> = (0..k).collect();
            let c = Creature::new(&cells).unwrap();
            match find_pairing(&c, false, 8, 100_000) {
                PairingResult::Found(p) => assert!(blocks(&c, false, &p)),
                other => panic!("{k} in a row: {other:?}"),
            }
        }
    }

    #[test]
    fn two_cells_have_no_pairing() {
        // Any 2-cell creature is a Maker win, so no pairing can exist.
        assert_eq!(
            find_pairing(&creature("0,3"), false, 8, 1000),
            PairingResult::Impossible(Obstruction::DistinctDifferences)
        );
    }

    #[test]
    fn seed_figures_are_paving_winners() {
        // Seed 004 Theorem 1 (and Suetsugu [4]): the Fig. 3 creature cannot be
        // shown a loser by pairing; the same holds for Fig. 6 (both rulers).
        for c in ["0,4,5,7,15", "0,4,6,7,15"] {
            for mirror in [false, true] {
                assert!(matches!(
                    find_pairing(&creature(c), mirror, 8, 1000),
                    PairingResult::Impossible(_)
                ));
            }
        }
    }

    #[test]
    fn checker_rejects_a_bad_pairing() {
        let c = creature("0,1,2");
        // {4i, 4i+1} alone misses the placement {1,2,3}.
        let bad = Pairing {
            period: 4,
            pairs: vec![(0, 1)],
        };
        assert!(!blocks(&c, false, &bad));
        let overlapping = Pairing {
            period: 2,
            pairs: vec![(0, 1), (1, 2)],
        };
        assert!(!blocks(&c, false, &overlapping));
        let good = Pairing {
            period: 2,
            pairs: vec![(0, 1)],
        };
        assert!(blocks(&c, false, &good));
    }
}
