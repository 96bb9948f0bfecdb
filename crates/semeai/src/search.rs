//! The independent check: a plain alternating-play search of the race on
//! the real board. Each side tries to capture an essential stone of the
//! other; both may pass; two passes in a row end the race with neither
//! captured (seki). Moves are the points of the sub-positions that touch
//! an essential chain that are empty at the moment (a point where an
//! unknown stone stood at the start becomes playable once it is
//! captured); a move that repeats a position of the current line is
//! refused (positional superko).
//!
//! The transposition table ignores the path (the usual graph-history
//! compromise); races with kos are where it could matter.

use std::collections::HashMap;

use crate::race::Race;
use miai_goban::{Color, Move, Position, Vertex, VertexSet};
use miai_search::{Cancel, Limits, Meter, Progress, Stop, TableUsage};

/// How a race ends under best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RaceOutcome {
    /// Black captures White's essential chain first.
    BlackCaptures,
    /// White captures Black's essential chain first.
    WhiteCaptures,
    /// Neither can capture (seki).
    Seki,
}

impl RaceOutcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            RaceOutcome::BlackCaptures => Some(Color::Black),
            RaceOutcome::WhiteCaptures => Some(Color::White),
            RaceOutcome::Seki => None,
        }
    }
}

/// The result of the search for both first players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// With Black to play first (`None`: cut off).
    pub black_first: Option<RaceOutcome>,
    /// With White to play first.
    pub white_first: Option<RaceOutcome>,
    /// Positions visited.
    pub nodes: u64,
    /// Why the search stopped early, if a limit or the caller stopped it
    /// (a side's outcome is then `None`; an outcome can also be missing
    /// without a stop when a line grew past 400 moves).
    pub stop: Option<Stop>,
}

impl SearchResult {
    /// Whether both first players' outcomes were found.
    pub fn complete(&self) -> bool {
        self.black_first.is_some() && self.white_first.is_some()
    }
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Searcher<'a> {
    progress: &'a mut dyn FnMut(&Progress),
    area: Vec<Vertex>,
    ess: [VertexSet; 2],
    meter: Meter,
    stopped: bool,
    table: HashMap<u64, (i8, Bound)>,
    path: Vec<u64>,
}

fn idx(c: Color) -> usize {
    usize::from(c == Color::White)
}

/// Searches the race for both first players, within `limits` (positions
/// and time, over both searches), stopped early when `cancel` is raised.
pub fn search_race(
    race: &Race,
    area: VertexSet,
    limits: &Limits,
    cancel: Option<&Cancel>,
) -> SearchResult {
    search_race_with(race, area, limits, cancel, &mut |_| {})
}

/// [`search_race`] handing a progress record to `progress` at the meter's
/// cadence (every 100 ms).
pub fn search_race_with(
    race: &Race,
    area: VertexSet,
    limits: &Limits,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
) -> SearchResult {
    // Every point of the area, stones included: an unknown chain that is
    // captured leaves points that must be playable again (a ko, a
    // recapture inside an eye). Occupied points are refused move by move.
    let area: Vec<Vertex> = area.iter().collect();
    let mut s = Searcher {
        progress,
        area,
        ess: [
            race.essential_stones(Color::Black),
            race.essential_stones(Color::White),
        ],
        meter: Meter::new(limits, cancel),
        stopped: false,
        table: HashMap::new(),
        path: Vec::new(),
    };
    let mut out = [None, None];
    for (i, first) in [Color::Black, Color::White].into_iter().enumerate() {
        let mut pos = race.position().clone();
        pos.set_to_move(first);
        s.stopped = false;
        s.path.clear();
        s.path.push(pos.hash());
        let v = s.negamax(&pos, first, 0, -1, 1, 0);
        if !s.stopped {
            out[i] = Some(match (v, first) {
                (0, _) => RaceOutcome::Seki,
                (1, Color::Black) | (-1, Color::White) => RaceOutcome::BlackCaptures,
                _ => RaceOutcome::WhiteCaptures,
            });
        }
    }
    SearchResult {
        black_first: out[0],
        white_first: out[1],
        nodes: s.meter.nodes(),
        stop: s.meter.stopped(),
    }
}

impl Searcher<'_> {
    fn captured(&self, pos: &Position, c: Color) -> bool {
        self.ess[idx(c)].iter().any(|v| pos.color_at(v) != Some(c))
    }

    /// Value for `me` to move: 1 win, 0 seki, -1 loss.
    fn negamax(
        &mut self,
        pos: &Position,
        me: Color,
        passes: u8,
        mut alpha: i8,
        mut beta: i8,
        depth: u32,
    ) -> i8 {
        let ticked = self.meter.tick();
        if self.meter.report_due() {
            let used = self.table.len();
            (self.progress)(&self.meter.progress(TableUsage {
                used,
                capacity: used,
            }));
        }
        if self.stopped || ticked.is_err() || depth > 400 {
            self.stopped = true;
            return 0;
        }
        let key = pos.search_key() ^ (u64::from(passes) << 62) ^ u64::from(me == Color::White);
        let alpha0 = alpha;
        if let Some(&(v, b)) = self.table.get(&key) {
            match b {
                Bound::Exact => return v,
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
            }
            if alpha >= beta {
                return v;
            }
        }
        let opp = me.opponent();
        // Order: captures of the opponent's essential stones, then its
        // liberties, then the rest; pass last.
        let mut moves: Vec<(u8, Vertex)> = Vec::new();
        let mut opp_libs = VertexSet::default();
        for v in self.ess[idx(opp)].iter() {
            if pos.color_at(v) == Some(opp) {
                opp_libs |= pos.liberties(v);
            }
        }
        for &v in &self.area {
            if pos.check(me, v).is_err() {
                continue;
            }
            let rank = if opp_libs.contains(v) { 0 } else { 1 };
            moves.push((rank, v));
        }
        moves.sort_by_key(|m| m.0);
        let mut best: i8 = -2;
        let mut child = pos.clone();
        for &(_, v) in &moves {
            child.clone_from(pos);
            if child.play_mut(me, Move::Play(v)).is_err() {
                continue;
            }
            let h = child.hash();
            if self.path.contains(&h) {
                continue;
            }
            let score = if self.captured(&child, opp) {
                1
            } else {
                self.path.push(h);
                let s = -self.negamax(&child, opp, 0, -beta, -alpha, depth + 1);
                self.path.pop();
                s
            };
            if score > best {
                best = score;
            }
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        if alpha < beta && !self.stopped {
            let score = if passes >= 1 {
                0
            } else {
                child.clone_from(pos);
                child.pass(me);
                -self.negamax(&child, opp, passes + 1, -beta, -alpha, depth + 1)
            };
            best = best.max(score);
        }
        if !self.stopped {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(key, (best, bound));
        }
        best
    }
}
