//! The whole analysis of a race: split, expand, transform, sum, judge, and
//! check by search.

use miai_cgt::Game;
use miai_goban::{Color, Vertex, VertexSet};
use miai_search::{Cancel, Limits, Meter, Progress};

use crate::attribute::PointAttribute;
use crate::count;
use crate::error::RaceError;
use crate::limit::default_tree_limits;
use crate::race::Race;
use crate::region::{Scope, SubPosition, split};
use crate::search::{SearchResult, search_race_with};
use crate::transform::{Transformed, transform};
use crate::tree::{Expansion, GameTree};
use crate::verdict::{Evaluation, Verdict, judge};

/// How to expand the trees, and the two budgets: one for each tree's
/// expansion (its node limit bounds the tree's size), one for the
/// independent search (positions visited, over both first players). Their
/// time limits count from the start of each tree's expansion and of the
/// search; `cancel` stops all of it.
#[derive(Debug, Clone)]
pub struct Options {
    /// Candidate points named by the user (the seed's way), used at every
    /// `nil` node of the sub-positions they lie in; sub-positions without
    /// such a point expand automatically over their useful points.
    pub points: Vec<Vertex>,
    /// With user points: rounds of expansion (the seed's figs. 13-15 are
    /// rounds 1-3); `0` means until nothing changes.
    pub rounds: usize,
    /// Limits of each tree's expansion (default: [`crate::TREE_NODES`]
    /// nodes).
    pub tree_limits: Limits,
    /// Limits of the independent search; `None` skips it.
    pub search_limits: Option<Limits>,
    /// Raised by the caller to stop the expansion and the search; results
    /// then say they were cut off.
    pub cancel: Option<Cancel>,
}

impl Default for Options {
    /// Automatic expansion within [`crate::TREE_NODES`] nodes per tree, no
    /// search, no cancel flag.
    fn default() -> Self {
        Options {
            points: Vec::new(),
            rounds: 0,
            tree_limits: default_tree_limits(),
            search_limits: None,
            cancel: None,
        }
    }
}

/// The analysis of one sub-position.
#[derive(Debug, Clone)]
pub struct SubAnalysis {
    /// The sub-position.
    pub sub: SubPosition,
    /// Its scope.
    pub scope: Scope,
    /// Empty-point attributes at the start.
    pub points: Vec<(Vertex, PointAttribute)>,
    /// The search region (cut at useless points).
    pub search_region: VertexSet,
    /// The tree (for race sub-positions).
    pub tree: Option<GameTree>,
    /// Whether the expansion finished.
    pub expansion: Option<Expansion>,
    /// Value before the transformation (`None` while `nil` remains).
    pub raw_value: Option<Game>,
    /// The transformation (`None` while `nil` remains).
    pub transformed: Option<Transformed>,
}

/// The analysis of a race.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Per sub-position.
    pub subs: Vec<SubAnalysis>,
    /// The sum `G` of the race sub-positions' values (`None` if one is
    /// missing or the race is outside the method).
    pub sum: Option<Game>,
    /// The seed's verdict.
    pub seed: Option<Verdict>,
    /// The stops verdict.
    pub stops: Option<Verdict>,
    /// The independent search.
    pub search: Option<SearchResult>,
    /// Why there is no CGT verdict, if there is none.
    pub outside: Vec<String>,
}

impl Analysis {
    /// Puts `tree` in place of sub-position `index`'s tree (an expansion of
    /// the user's, say), with its values; call [`Analysis::judge`] after
    /// the last one.
    pub fn set_tree(&mut self, index: usize, tree: GameTree) {
        let Some(s) = self.subs.get_mut(index) else {
            return;
        };
        s.raw_value = tree.raw_value();
        s.transformed = transform(&tree);
        s.expansion = Some(if tree.has_nil() {
            Expansion::CutOff(None)
        } else {
            Expansion::Complete
        });
        s.tree = Some(tree);
    }

    /// Sums the race sub-positions' values into `G` and judges it by both
    /// evaluations; says in `outside` why there is no sum where there is
    /// none.
    pub fn judge(&mut self, race: &Race) {
        let mut sum = Some(Game::zero());
        let mut outside = Vec::new();
        for s in &self.subs {
            match s.scope {
                Scope::Idle => {}
                Scope::Outside => {
                    outside.push(format!(
                        "{} holds essential chains of both colours (shared liberties): outside the seed's method",
                        s.sub.name(race)
                    ));
                    sum = None;
                }
                Scope::Race(_) => match (&s.transformed, sum) {
                    (Some(t), Some(g)) => sum = g.checked_add(t.value).ok(),
                    (None, _) => {
                        outside.push(format!(
                            "{}: the tree still has nil nodes (name more points or raise the limit)",
                            s.sub.name(race)
                        ));
                        sum = None;
                    }
                    (Some(_), None) => {}
                },
            }
        }
        self.sum = sum;
        self.seed = sum.and_then(|g| judge(g, Evaluation::Seed).ok());
        self.stops = sum.and_then(|g| judge(g, Evaluation::Stops).ok());
        self.outside = outside;
    }

    /// The verdict of an evaluation.
    pub fn verdict(&self, e: Evaluation) -> Option<&Verdict> {
        match e {
            Evaluation::Seed => self.seed.as_ref(),
            Evaluation::Stops => self.stops.as_ref(),
        }
    }

    /// Where a verdict and the search disagree, in words; empty if they
    /// agree or either is missing.
    pub fn disagreements(&self, e: Evaluation) -> Vec<String> {
        let (Some(v), Some(s)) = (self.verdict(e), self.search) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (first, cgt, found) in [
            ("Black", v.black_first, s.black_first),
            ("White", v.white_first, s.white_first),
        ] {
            let (Some(found), cgt) = (found, cgt) else {
                continue;
            };
            if found.winner() != cgt {
                out.push(format!(
                    "{first} first: CGT says {}, the search says {}",
                    cgt.map_or("undecided".into(), |c| format!("{c} wins")),
                    match found.winner() {
                        Some(c) => format!("{c} captures"),
                        None => "seki".into(),
                    }
                ));
            }
        }
        out
    }
}

/// The points of the race sub-positions (the search's move area).
pub fn race_area(subs: &[SubPosition]) -> VertexSet {
    subs.iter()
        .filter(|s| s.scope() != Scope::Idle)
        .fold(VertexSet::default(), |a, s| a | s.region)
}

/// Analyses a race.
pub fn analyse(race: &Race, options: &Options) -> Result<Analysis, RaceError> {
    analyse_with(race, options, &mut |_| {})
}

/// [`analyse`] handing the independent search's progress records to
/// `progress`.
pub fn analyse_with(
    race: &Race,
    options: &Options,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Analysis, RaceError> {
    let cancel = options.cancel.as_ref();
    let subs = split(race)?;
    let mut out = Vec::new();
    for sub in &subs {
        let scope = sub.scope();
        let points = count::point_attributes(race, &sub.region);
        let mut a = SubAnalysis {
            sub: sub.clone(),
            scope,
            points,
            search_region: VertexSet::default(),
            tree: None,
            expansion: None,
            raw_value: None,
            transformed: None,
        };
        match scope {
            Scope::Idle => {}
            Scope::Outside => {}
            Scope::Race(owner) => {
                a.search_region = count::search_region(race, &sub.region, owner);
                let mut tree = GameTree::new(race, sub.region, owner);
                // The user's points steer the sub-positions they lie in; the
                // others expand automatically.
                let points: Vec<Vertex> = options
                    .points
                    .iter()
                    .copied()
                    .filter(|&v| sub.region.contains(v))
                    .collect();
                let exp = if points.is_empty() {
                    tree.expand_auto(&options.tree_limits, cancel)
                } else {
                    let mut meter = Meter::new(&options.tree_limits, cancel);
                    let mut stop = None;
                    let rounds = if options.rounds == 0 {
                        usize::MAX
                    } else {
                        options.rounds
                    };
                    let mut r = 0;
                    while r < rounds && tree.has_nil() {
                        let before = tree.nodes.len();
                        tree.expand_steered(&points, 1);
                        r += 1;
                        if tree.nodes.len() == before && tree.has_nil() && r > 1 {
                            break;
                        }
                        if let Err(s) = tree.over(&options.tree_limits, &mut meter) {
                            stop = Some(s);
                            break;
                        }
                    }
                    if tree.has_nil() {
                        Expansion::CutOff(stop)
                    } else {
                        Expansion::Complete
                    }
                };
                a.raw_value = tree.raw_value();
                a.transformed = transform(&tree);
                a.expansion = Some(exp);
                a.tree = Some(tree);
            }
        }
        out.push(a);
    }
    let search = options
        .search_limits
        .as_ref()
        .map(|l| search_race_with(race, race_area(&subs), l, cancel, progress));
    let mut analysis = Analysis {
        subs: out,
        sum: None,
        seed: None,
        stops: None,
        search,
        outside: Vec::new(),
    };
    analysis.judge(race);
    Ok(analysis)
}

/// The owner of a race sub-position, if it is one.
pub fn owner(sub: &SubPosition) -> Option<Color> {
    match sub.scope() {
        Scope::Race(c) => Some(c),
        _ => None,
    }
}
