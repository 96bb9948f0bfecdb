//! Search for a partially dynamic paving proof: try areas of growing size
//! and every anchor until Breaker wins one.

use std::time::Duration;

use crate::area::Area;
use crate::creature::Creature;
use crate::error::{AreaError, CreatureError};
use crate::family::family;
use crate::player::Player;
use crate::solver::{Solver, Verdict};
use miai_search::{Cancel, Limits, Stop};

/// One solved (or cut off) area and anchor.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempt {
    /// The area.
    pub area: Area,
    /// The anchor stone.
    pub anchor: usize,
    /// Result of the Maker-first game on the family.
    pub verdict: Verdict,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// What a proof search established.
#[derive(Debug, Clone, PartialEq)]
pub struct ProveOutcome {
    /// Every attempt, in order.
    pub attempts: Vec<Attempt>,
    /// The first (smallest) area with a Breaker win, and its anchors.
    pub found: Option<(Area, Vec<usize>)>,
    /// True when every smaller area (and every anchor) was *proven* a Maker
    /// win, so `found` is the smallest consecutive area; false when some
    /// attempt was cut off.
    pub smallest: bool,
    /// Set when the whole search was cancelled.
    pub cancelled: bool,
    /// Set when some attempt hit a limit (its area is then undecided).
    pub cut_off: bool,
}

/// Options for [`prove`].
#[derive(Debug, Clone, PartialEq)]
pub struct ProveOptions {
    /// First area size tried.
    pub min_area: usize,
    /// Last area size tried.
    pub max_area: usize,
    /// Anchors to try (`None`: every stone).
    pub anchors: Option<Vec<usize>>,
    /// Mirror images count.
    pub mirror: bool,
    /// Limit for each single solve.
    pub limit: Limits,
    /// Also try non-consecutive tiles of each size `k` with span up to
    /// `k - 1 + tile_extra_span` (0: consecutive areas only), as listed by
    /// [`tiles`](crate::tiles).
    pub tile_extra_span: usize,
}

/// Errors in the options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProveError {
    /// Bad anchor.
    #[error(transparent)]
    Creature(#[from] CreatureError),
    /// Bad area size.
    #[error(transparent)]
    Area(#[from] AreaError),
}

/// Try areas of sizes `min_area..=max_area` (consecutive, then the tiles
/// asked for), each with every anchor (or the given ones); stop at the first
/// area with a Breaker win (all its anchors are tried). `on_attempt` sees
/// each result as it comes; every solve stops (cut off) once `cancel` is
/// raised, and the proof search with it.
pub fn prove(
    creature: &Creature,
    options: &ProveOptions,
    cancel: Option<&Cancel>,
    on_attempt: &mut dyn FnMut(&Attempt),
) -> Result<ProveOutcome, ProveError> {
    let anchors: Vec<usize> = match &options.anchors {
        Some(a) => a.clone(),
        None => (0..creature.len()).collect(),
    };
    for &a in &anchors {
        creature.check_anchor(a)?;
    }
    let mut outcome = ProveOutcome {
        attempts: Vec::new(),
        found: None,
        smallest: true,
        cancelled: false,
        cut_off: false,
    };
    for k in options.min_area.max(1)..=options.max_area {
        let mut areas = vec![Area::consecutive(k)?];
        if options.tile_extra_span > 0 {
            areas.extend(crate::area::tiles(k, k - 1 + options.tile_extra_span));
        }
        for area in areas {
            let mut winners = Vec::new();
            for &anchor in &anchors {
                let game = family(creature, &area, anchor, options.mirror)?;
                let Ok(solver) = Solver::new(&game, options.limit) else {
                    continue; // more sets than the solver indexes: skip
                };
                let mut solver = match cancel {
                    Some(c) => solver.with_cancel(c),
                    None => solver,
                };
                let report = solver.solve(Player::Maker, &mut |_| {});
                let attempt = Attempt {
                    area: area.clone(),
                    anchor,
                    verdict: report.verdict,
                    nodes: report.nodes,
                    elapsed: report.elapsed,
                };
                on_attempt(&attempt);
                match report.verdict {
                    Verdict::Proven(Player::Breaker) => winners.push(anchor),
                    Verdict::Proven(Player::Maker) => {}
                    Verdict::CutOff(Stop::Cancelled) => {
                        outcome.attempts.push(attempt);
                        outcome.cancelled = true;
                        outcome.smallest = false;
                        return Ok(outcome);
                    }
                    Verdict::CutOff(_) => {
                        outcome.smallest = false;
                        outcome.cut_off = true;
                    }
                }
                outcome.attempts.push(attempt);
            }
            if !winners.is_empty() {
                outcome.found = Some((area, winners));
                return Ok(outcome);
            }
        }
    }
    outcome.smallest = false;
    Ok(outcome)
}
