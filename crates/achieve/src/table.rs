//! The results table: every 1-D creature of a few cells up to a span,
//! classified as pairing loser, loser by an area proof, winner on a finite
//! segment, or open.

use std::fmt::Write as _;
use std::time::Duration;

use crate::creature::Creature;
use crate::family::segment;
use crate::pairing::{Pairing, PairingResult, find_pairing};
use crate::player::Player;
use crate::prove::{ProveOptions, prove};
use crate::solver::{Solver, Verdict};
use miai_search::Limits;

/// How hard to try for each creature.
#[derive(Debug, Clone, PartialEq)]
pub struct TableOptions {
    /// Largest area tried for an area proof.
    pub max_area: usize,
    /// Largest segment tried for a Maker win.
    pub max_segment: usize,
    /// Mirror images count.
    pub mirror: bool,
    /// Limit for each single solve.
    pub limit: Limits,
    /// Largest pairing period searched.
    pub pairing_period: usize,
    /// Pairing search nodes per period.
    pub pairing_budget: u64,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            max_area: 18,
            max_segment: 22,
            mirror: false,
            limit: Limits::none()
                .with_time(Duration::from_secs(10))
                .with_table_bytes(32 << 20),
            pairing_period: 24,
            pairing_budget: 20_000,
        }
    }
}

/// The class of one creature.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// A pairing strategy blocks it.
    PairingLoser(Pairing),
    /// No pairing found (or none exists) but Breaker wins the family of
    /// this consecutive area with this anchor, Maker first.
    AreaLoser {
        /// Smallest area size with a Breaker win.
        area: usize,
        /// Anchors that work at that size.
        anchors: Vec<usize>,
        /// True when the pairing search proved no pairing exists.
        paving_winner: bool,
    },
    /// Maker wins on a segment of this many cells (so on the line).
    Winner {
        /// Segment length.
        segment: usize,
    },
    /// All cells share a factor `g > 1`: the line splits into `g` copies
    /// (residues mod `g`) on each of which the game is that of the reduced
    /// creature; a Breaker strategy for the reduced creature answers each
    /// move in its own copy, a Maker strategy plays in one copy, so the
    /// class is the reduced creature's.
    Scaled {
        /// The common factor.
        factor: i64,
        /// The reduced creature.
        reduced: Creature,
        /// Its class.
        status: Box<Status>,
    },
    /// None of the above within the limits.
    Open {
        /// True when the pairing search proved no pairing exists.
        paving_winner: bool,
    },
}

/// One table row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The creature (the lexicographically smaller of it and its mirror).
    pub creature: Creature,
    /// Its class.
    pub status: Status,
    /// Search nodes spent on it.
    pub nodes: u64,
}

/// Creatures with `cells` cells, first cell 0, span at most `max_span`, one
/// per mirror pair (their statuses agree by reflection of the line).
pub fn creatures(cells: usize, max_span: usize) -> Vec<Creature> {
    let mut out = Vec::new();
    if cells == 0 {
        return out;
    }
    if cells == 1 {
        if let Ok(c) = Creature::new(&[0]) {
            out.push(c);
        }
        return out;
    }
    for span in cells - 1..=max_span {
        let mut inner = Vec::new();
        choose(1, span as i64 - 1, cells - 2, &mut inner, &mut |inner| {
            let mut v = vec![0];
            v.extend_from_slice(inner);
            v.push(span as i64);
            if let Ok(c) = Creature::new(&v)
                && c.cells() <= c.mirror().cells()
            {
                out.push(c);
            }
        });
    }
    out
}

fn choose(lo: i64, hi: i64, k: usize, cur: &mut Vec<i64>, f: &mut dyn FnMut(&[i64])) {
    if k == 0 {
        f(cur);
        return;
    }
    let mut x = lo;
    while x + (k as i64) - 1 <= hi {
        cur.push(x);
        choose(x + 1, hi, k - 1, cur, f);
        cur.pop();
        x += 1;
    }
}

/// Classify one creature.
pub fn classify(creature: &Creature, options: &TableOptions) -> Row {
    let normal = creature.normalized();
    let g = normal.cells().iter().fold(0i64, |a, &c| gcd(a, c));
    if g > 1
        && let Ok(reduced) =
            Creature::new(&normal.cells().iter().map(|c| c / g).collect::<Vec<_>>())
    {
        let inner = classify(&reduced, options);
        return Row {
            creature: creature.clone(),
            status: Status::Scaled {
                factor: g,
                reduced,
                status: Box::new(inner.status),
            },
            nodes: inner.nodes,
        };
    }
    let pairing = find_pairing(
        creature,
        options.mirror,
        options.pairing_period,
        options.pairing_budget,
    );
    let paving_winner = matches!(pairing, PairingResult::Impossible(_));
    if let PairingResult::Found(p) = pairing {
        return Row {
            creature: creature.clone(),
            status: Status::PairingLoser(p),
            nodes: 0,
        };
    }
    let mut nodes = 0;
    let prove_options = ProveOptions {
        min_area: 1,
        max_area: options.max_area,
        anchors: None,
        mirror: options.mirror,
        limit: options.limit,
        tile_extra_span: 0,
    };
    if let Ok(outcome) = prove(creature, &prove_options, None, &mut |a| {
        nodes += a.nodes;
    }) && let Some((area, anchors)) = outcome.found
    {
        return Row {
            creature: creature.clone(),
            status: Status::AreaLoser {
                area: area.len(),
                anchors,
                paving_winner,
            },
            nodes,
        };
    }
    let span = creature.span() as usize;
    for len in span + 1..=options.max_segment {
        let Some(game) = segment(creature, len, options.mirror) else {
            continue;
        };
        let Ok(mut solver) = Solver::new(&game, options.limit) else {
            break;
        };
        let report = solver.solve(Player::Maker, &mut |_| {});
        nodes += report.nodes;
        match report.verdict {
            Verdict::Proven(Player::Maker) => {
                return Row {
                    creature: creature.clone(),
                    status: Status::Winner { segment: len },
                    nodes,
                };
            }
            Verdict::Proven(Player::Breaker) => {}
            Verdict::CutOff(_) => break,
        }
    }
    Row {
        creature: creature.clone(),
        status: Status::Open { paving_winner },
        nodes,
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// Class name and evidence for the table.
fn describe(status: &Status) -> (String, String) {
    match status {
        Status::PairingLoser(p) => ("pairing loser".to_string(), format!("pairing {p}")),
        Status::AreaLoser {
            area,
            anchors,
            paving_winner,
        } => (
            format!(
                "loser (area){}",
                if *paving_winner {
                    ", paving winner"
                } else {
                    ""
                }
            ),
            format!(
                "Breaker wins area {area}, anchor{} {}",
                if anchors.len() > 1 { "s" } else { "" },
                anchors
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ),
        Status::Winner { segment } => (
            "winner".to_string(),
            format!("Maker wins on {segment} cells"),
        ),
        Status::Scaled {
            factor,
            reduced,
            status,
        } => {
            let (class, evidence) = describe(status);
            (class, format!("= {reduced} scaled by {factor}: {evidence}"))
        }
        Status::Open { paving_winner } => (
            "open".to_string(),
            if *paving_winner {
                "no pairing exists; no area proof or segment win within the limits".into()
            } else {
                "no pairing found; no area proof or segment win within the limits".into()
            },
        ),
    }
}

/// The base class of a status (looking through scaling).
fn base(status: &Status) -> &Status {
    match status {
        Status::Scaled { status, .. } => base(status),
        s => s,
    }
}

/// The table as Markdown, with a summary line per class.
pub fn markdown(rows: &[Row], options: &TableOptions) -> String {
    let mut s = String::new();
    let count = |f: &dyn Fn(&Status) -> bool| rows.iter().filter(|r| f(base(&r.status))).count();
    let _ = writeln!(
        s,
        "| creature | span | class | evidence |\n|---|---:|---|---|"
    );
    for r in rows {
        let (class, evidence) = describe(&r.status);
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            r.creature,
            r.creature.span(),
            class,
            evidence
        );
    }
    let _ = writeln!(
        s,
        "\n{} creatures (one per mirror pair): {} pairing losers, {} losers by an area of at most \
         {} cells, {} winners (segments of at most {} cells), {} open. Mirror images {}.",
        rows.len(),
        count(&|s| matches!(s, Status::PairingLoser(_))),
        count(&|s| matches!(s, Status::AreaLoser { .. })),
        options.max_area,
        count(&|s| matches!(s, Status::Winner { .. })),
        options.max_segment,
        count(&|s| matches!(s, Status::Open { .. })),
        if options.mirror {
            "count"
        } else {
            "do not count"
        }
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumeration_counts() {
        // 4 cells, span 3..=5: {0,1,2,3}; span 4: C(3,2)=3 sets {0,a,b,4}:
        // {1,2},{1,3},{2,3}; mirror pairs {1,2}~{2,3}, {1,3} self: 2 classes;
        // span 5: C(4,2)=6: {1,2}~{3,4}, {1,3}~{2,4}, {1,4} self, {2,3} self: 4.
        assert_eq!(creatures(4, 5).len(), 1 + 2 + 4);
    }

    #[test]
    fn small_classes_are_consistent() {
        // Two cells: Maker always wins (he plays x, then completes whichever
        // of the two placements through x Breaker leaves).
        let row = classify(&"0,3".parse().unwrap(), &TableOptions::default());
        assert!(
            matches!(base(&row.status), Status::Winner { .. }),
            "{row:?}"
        );
        let row = classify(&"0,1".parse().unwrap(), &TableOptions::default());
        assert!(
            matches!(row.status, Status::Winner { segment: 3 }),
            "{row:?}"
        );
        // Three in a row: the classical pairing {2i, 2i+1}.
        let row = classify(&"0,1,2".parse().unwrap(), &TableOptions::default());
        assert!(matches!(row.status, Status::PairingLoser(_)), "{row:?}");
        // Scaling: {0,2} is {0,1} on the even cells.
        let row = classify(&"0,2".parse().unwrap(), &TableOptions::default());
        assert!(
            matches!(row.status, Status::Scaled { factor: 2, .. }),
            "{row:?}"
        );
    }
}
