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
use miai_goban::{Color, Illegal, Move, Position, Repetition, Rules, Vertex, VertexSet};
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

/// A race whose outcome depends on a ko: the outcome when Black wins the
/// ko and when White wins it. The search finds it by giving one side
/// unlimited ko threats (it may retake a ko at once, its opponent may
/// not) and then the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KoOutcome {
    /// When Black wins the ko (Black may retake at once).
    pub black_wins_ko: RaceOutcome,
    /// When White wins it.
    pub white_wins_ko: RaceOutcome,
}

impl KoOutcome {
    /// In words: "ko: whoever wins it captures", "ko: Black must win it
    /// (else seki)", ...
    pub fn words(&self) -> String {
        use RaceOutcome::{BlackCaptures as B, Seki as S, WhiteCaptures as W};
        match (self.black_wins_ko, self.white_wins_ko) {
            (B, W) => "ko: whoever wins it captures".into(),
            (B, S) => "ko: Black must win it to capture (else seki)".into(),
            (S, W) => "ko: White must win it to capture (else seki)".into(),
            (b, w) => format!("ko: {b:?} if Black wins it, {w:?} if White wins it"),
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
    /// Where the outcome depends on a ko (Black first, White first):
    /// what each side gets when it wins the ko; `None` where no ko
    /// changes the outcome (or the ko searches were cut off). The
    /// outcomes above are those without ko threats (positional superko).
    pub ko: [Option<KoOutcome>; 2],
    /// Positions visited by the search without ko threats.
    pub nodes: u64,
    /// Positions visited by the two searches with ko threats (run only
    /// where a ko was met, each first player with each ko master; 0 if
    /// none ran).
    pub ko_nodes: u64,
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
    /// The side with unlimited ko threats: it may retake a ko at once.
    master: Option<Color>,
    /// Whether a move was refused by the ko rule or superko.
    ko_seen: bool,
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
    search_race_kos(race, area, limits, cancel, progress, true)
}

/// [`search_race_with`], with the searches with ko threats only if `kos`
/// (they run where a ko retake was refused, on their own budget, and can
/// cost twice the plain search: the analysis asks for them only where
/// the counting model gives the verdict to the search).
pub fn search_race_kos(
    race: &Race,
    area: VertexSet,
    limits: &Limits,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
    kos: bool,
) -> SearchResult {
    let mut s = Searcher::new(race, area, limits, cancel, progress, None);
    let out = s.both(race);
    let (nodes, stop) = (s.meter.nodes(), s.meter.stopped());
    // A ko met (a retake refused by the simple-ko rule): search again with
    // each side as the ko master, on a budget of their own, so that the
    // plain search's positions and limits are as they were; if they are
    // cut off, no ko outcome is claimed.
    let mut ko = [None, None];
    let mut ko_nodes = 0;
    if kos && s.ko_seen && out.iter().all(Option::is_some) {
        s.meter = Meter::new(limits, cancel);
        s.master = Some(Color::Black);
        let black = s.both(race);
        s.master = Some(Color::White);
        let white = s.both(race);
        ko_nodes = s.meter.nodes();
        for i in 0..2 {
            if let (Some(b), Some(w)) = (black[i], white[i])
                && b != w
            {
                ko[i] = Some(KoOutcome {
                    black_wins_ko: b,
                    white_wins_ko: w,
                });
            }
        }
    }
    SearchResult {
        black_first: out[0],
        white_first: out[1],
        ko,
        nodes,
        ko_nodes,
        stop,
    }
}

/// The outcomes (Black first, White first) of the search with `master`
/// as the ko master (it may retake a ko at once, its opponent may not),
/// as [`search_race_kos`] runs them; for following a ko race node by node
/// (`examples/line.rs` with `MASTER=`). `None` where cut off.
pub fn search_race_master(
    race: &Race,
    area: VertexSet,
    limits: &Limits,
    master: Option<Color>,
) -> [Option<RaceOutcome>; 2] {
    let mut progress = |_: &Progress| {};
    Searcher::new(race, area, limits, None, &mut progress, master).both(race)
}

impl<'a> Searcher<'a> {
    /// A search of `race` over `area` within `limits`, with `master` as
    /// the ko master (`None`: the simple-ko rule binds both sides).
    fn new(
        race: &Race,
        area: VertexSet,
        limits: &Limits,
        cancel: Option<&Cancel>,
        progress: &'a mut dyn FnMut(&Progress),
        master: Option<Color>,
    ) -> Searcher<'a> {
        Searcher {
            progress,
            // Every point of the area, stones included: an unknown chain
            // that is captured leaves points that must be playable again
            // (a ko, a recapture inside an eye). Occupied points are
            // refused move by move.
            area: area.iter().collect(),
            ess: [
                race.essential_stones(Color::Black),
                race.essential_stones(Color::White),
            ],
            meter: Meter::new(limits, cancel),
            stopped: false,
            table: HashMap::new(),
            path: Vec::new(),
            master,
            ko_seen: false,
        }
    }
}

impl Searcher<'_> {
    /// The outcome with each first player (Black's, White's) under the
    /// current ko master; `None` where cut off.
    fn both(&mut self, race: &Race) -> [Option<RaceOutcome>; 2] {
        self.table.clear();
        let mut out = [None, None];
        for (i, first) in [Color::Black, Color::White].into_iter().enumerate() {
            let mut pos = race.position().clone();
            pos.set_to_move(first);
            self.stopped = false;
            self.path.clear();
            self.path.push(pos.hash());
            let v = self.negamax(&pos, first, 0, -1, 1, 0);
            if !self.stopped {
                out[i] = Some(match (v, first) {
                    (0, _) => RaceOutcome::Seki,
                    (1, Color::Black) | (-1, Color::White) => RaceOutcome::BlackCaptures,
                    _ => RaceOutcome::WhiteCaptures,
                });
            }
        }
        out
    }

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
        let mut moves: Vec<(u8, Vertex, bool)> = Vec::new();
        let mut opp_libs = VertexSet::default();
        for v in self.ess[idx(opp)].iter() {
            if pos.color_at(v) == Some(opp) {
                opp_libs |= pos.liberties(v);
            }
        }
        let master = self.master == Some(me);
        for &v in &self.area {
            let retake = match pos.check(me, v) {
                Ok(()) => false,
                Err(Illegal::Ko) => {
                    self.ko_seen = true;
                    if !master {
                        continue;
                    }
                    true
                }
                Err(_) => continue,
            };
            let rank = if opp_libs.contains(v) { 0 } else { 1 };
            moves.push((rank, v, retake));
        }
        moves.sort_by_key(|m| m.0);
        let mut best: i8 = -2;
        let mut child = pos.clone();
        for &(_, v, retake) in &moves {
            child.clone_from(pos);
            if retake {
                // The ko master retakes at once: no repetition rule for
                // this move.
                let rules = child.rules();
                child.set_rules(Rules {
                    repetition: Repetition::None,
                    ..rules
                });
                let played = child.play_mut(me, Move::Play(v));
                child.set_rules(rules);
                if played.is_err() {
                    continue;
                }
            } else if child.play_mut(me, Move::Play(v)).is_err() {
                continue;
            }
            let h = child.hash();
            if !retake && self.path.contains(&h) {
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
