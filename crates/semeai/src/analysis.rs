//! The whole analysis of a race: split, expand, transform, sum, judge, and
//! check by search.

use miai_cgt::Game;
use miai_goban::{Color, Vertex, VertexSet};
use miai_search::{Cancel, Limits, Meter, Progress};

use crate::attribute::PointAttribute;
use crate::count;
use crate::error::RaceError;
use crate::joint::JointTree;
use crate::limit::default_tree_limits;
use crate::race::Race;
use crate::region::{Scope, SubPosition, split};
use crate::search::{KoOutcome, RaceOutcome, SearchResult, search_race_kos};
use crate::shared::{Shared, Unsplit, split_shared};
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
    /// Why the counting model cannot value this sub-position (empty: it
    /// can); the race's verdict then comes from the board search.
    pub unmodelled: Vec<Unmodelled>,
    /// For a sub-position bounded by both colours' essential chains: its
    /// shared liberties ([`crate::shared::split_shared`]).
    pub shared: VertexSet,
    /// For such a sub-position: its one-colour parts, each analysed like a
    /// sub-position of its own (same index).
    pub parts: Vec<SubAnalysis>,
    /// For such a sub-position whose two liberty areas meet: the joint
    /// game of both areas ([`crate::joint`]), which values it instead of
    /// its parts.
    pub joint: Option<JointTree>,
    /// The joint game's value with every leaf worth Black's own liberties
    /// less White's (no shared-liberty margin), as `G` lists it.
    pub joint_value: Option<Game>,
    /// The approach kos on its essential chain's liberties
    /// ([`ApproachKo`]), which the count takes as one move each and
    /// [`ModelKo`] values for either side winning them.
    pub approach_kos: Vec<ApproachKo>,
    /// A sub-position of one colour played inside the race's joint game
    /// ([`crate::joint`]; issue 25): its own tree is listed but not
    /// counted, the joint game values it with the rest of the race (a
    /// move there can put a chain in atari whose liberties lie here).
    pub in_joint: bool,
    /// Where the joint game met kos: the joint game again with Black, then
    /// White as the ko master (it may retake at once, issue 25); both, or
    /// none where one of them passed the tree limit (the kos then keep the
    /// race outside the model, [`Unmodelled::Ko`]).
    pub joint_masters: Vec<JointTree>,
}

/// An approach ko (issue 25): a liberty of the defender's essential chain
/// that the tree does not play, where the attacker's stone would be alone
/// in atari and the defender's capture would leave its own capturing stone
/// alone in atari on the point just emptied (a ko); the attacker's
/// approach move on the capturing point is safe, and after it the fill is
/// a plain one. The attacker fills such a liberty in one move if it wins
/// the ko (or fills it last, capturing the chain), else in two: the
/// approach and the fill (Sensei's Library, "Approach Move" and "Eyes Win
/// Semeais": an approach move counts as a liberty of the defender, and
/// may be saved where its liberty is filled last).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApproachKo {
    /// The colour of the essential chain whose liberty it is.
    pub owner: Color,
    /// The liberty.
    pub liberty: Vertex,
    /// The capturing point, where the attacker's approach move goes.
    pub approach: Vertex,
}

/// The approach kos of a race valued by the count (issue 25): `G` with
/// every approach ko won by Black and by White. The side that loses a ko
/// pays its approach moves: one move more per approach ko on the
/// opponent's chain, less one where that chain has no eye (the attacker
/// fills the last of them last, capturing the chain, with no ko).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelKo {
    /// The approach kos, Black's chain's first.
    pub kos: Vec<ApproachKo>,
    /// The moves the attacker of each chain (Black's, White's) pays more
    /// when the chain's owner wins its kos.
    pub extra: [i64; 2],
    /// `G` when Black wins every ko (`G` plus Black's extra) and when
    /// White does (`G` less White's).
    pub values: [Game; 2],
    /// Where the race has shared liberties or a joint game ([`Shared`]):
    /// the race judged with Black winning every ko and with White winning
    /// (its games shifted by the extra moves, the margins as they were;
    /// issue 25, eighth session).
    pub shared: Option<[Shared; 2]>,
}

impl ModelKo {
    /// The ko outcomes (Black first, White first) by an evaluation: where
    /// the verdicts of the two values differ, the race is a ko for that
    /// first player (`Some`); where they agree the kos do not decide it.
    pub fn outcomes(&self, e: Evaluation) -> Option<[Option<KoOutcome>; 2]> {
        let [b, w] = self.regimes(e)?;
        let one = |x: Option<RaceOutcome>, y: Option<RaceOutcome>| match (x, y) {
            (Some(x), Some(y)) if x != y => Some(KoOutcome {
                black_wins_ko: x,
                white_wins_ko: y,
            }),
            _ => None,
        };
        Some([one(b[0], w[0]), one(b[1], w[1])])
    }

    /// The outcomes (Black first, White first) with Black winning every
    /// ko, then with White winning.
    fn regimes(&self, e: Evaluation) -> Option<[[Option<RaceOutcome>; 2]; 2]> {
        if let Some(sh) = &self.shared {
            let b = sh[0].verdict(e)?;
            let w = sh[1].verdict(e)?;
            return Some([
                [b.black_first, b.white_first],
                [w.black_first, w.white_first],
            ]);
        }
        let out = |c: Option<Color>| {
            c.map(|c| match c {
                Color::Black => RaceOutcome::BlackCaptures,
                Color::White => RaceOutcome::WhiteCaptures,
            })
        };
        let b = judge(self.values[0], e).ok()?;
        let w = judge(self.values[1], e).ok()?;
        Some([
            [out(b.black_first), out(b.white_first)],
            [out(w.black_first), out(w.white_first)],
        ])
    }
}

/// The kos of the race's joint game valued by the model (issue 25): the
/// joint game built again with Black, then White as the **ko master** (it
/// may retake a ko at once, its opponent may not: unlimited ko threats,
/// as in the search's ko searches), each judged with its margins. As for
/// the approach kos ([`ModelKo`]): where the two give the same outcome
/// for a first player, the kos do not decide the race for it and that is
/// the verdict; where they differ, the race is a ko for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JointKo {
    /// The immediate retakes the joint game without a master left out.
    pub retakes: usize,
    /// The race judged with Black winning every ko, then White.
    pub masters: [Shared; 2],
}

impl JointKo {
    /// The outcomes with each master (Black's, White's), each for Black
    /// first and White first, by an evaluation.
    pub fn outcomes(&self, e: Evaluation) -> [[Option<RaceOutcome>; 2]; 2] {
        self.masters.each_ref().map(|m| {
            m.verdict(e)
                .map_or([None, None], |v| [v.black_first, v.white_first])
        })
    }

    /// The ko outcomes (Black first, White first): `Some` where the two
    /// masters' outcomes differ.
    pub fn ko(&self, e: Evaluation) -> [Option<KoOutcome>; 2] {
        let [b, w] = self.outcomes(e);
        [0, 1].map(|i| match (b[i], w[i]) {
            (Some(x), Some(y)) if x != y => Some(KoOutcome {
                black_wins_ko: x,
                white_wins_ko: y,
            }),
            _ => None,
        })
    }
}

/// What the counting model cannot express in a sub-position. The race's
/// verdict then comes from the board search, and the report says so with
/// the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmodelled {
    /// Essential chains of both colours bound it and its points cannot be
    /// split between them: this point is as near to one chain as to the
    /// other, or an unknown chain lies in both liberty areas.
    SharedLiberties(Vertex),
    /// Shared liberties between two chains with an eye each where one eye
    /// is bigger than three points (a big eye against a small one takes
    /// the shared liberties, which the rule for small eyes does not say).
    BigEyeShared,
    /// The two chains' liberty areas meet at this point without a shared
    /// liberty between them: a stone there changes the other area's
    /// liberties, and the split would count the areas apart.
    Joined(Vertex),
    /// A ko: this many immediate retakes were left out of the tree.
    Ko(usize),
    /// The tree still has `nil` nodes (a limit, or the user's points).
    Incomplete,
    /// The attacker's stone on this liberty (outside the defender's eyes,
    /// a point the tree does not play) would be alone in atari at once,
    /// and the defender's capture a ko ([`ApproachKo`]) whose approach
    /// move the model cannot value: the approach is not safe, or the ko
    /// lies in a sub-position bounded by both colours (shared liberties, a
    /// joint game).
    ApproachMove(Vertex),
    /// An approach ko ([`ApproachKo`]) on this liberty in a race whose
    /// joint game's kos are valued too ([`JointKo`]): the model does not
    /// count the two kinds of ko together. (Before issue 25's eighth
    /// session: in any race with shared liberties or a joint game.)
    SharedApproachKo(Vertex),
    /// The joint game met this many immediate retakes and its kos,
    /// valued with each side as the ko master ([`JointKo`]), decide the
    /// race for some first player: the two masters' outcomes differ. The
    /// model does not claim the ko's outcome (on the study its joint-game
    /// ko outcomes were the search's on none of 4 verdicts, docs/semeai.md
    /// §7); the search gives it.
    JointKoDecides(usize),
    /// An approach ko in a race whose trees met this many other kos at a
    /// leaf (a capture of one stone by a stone left alone in atari,
    /// [`GameTree::ko_captures`]): where the approach ko is fought, those
    /// can decide too, and the model values only the approach kos.
    LeafKo(usize),
}

impl Unmodelled {
    /// A short tag for the class: `shared-liberties`, `joined`,
    /// `big-eye-shared`, `ko` (with [`Unmodelled::LeafKo`]), `incomplete`,
    /// `approach-move` (with [`Unmodelled::SharedApproachKo`]).
    pub fn tag(&self) -> &'static str {
        match self {
            Unmodelled::SharedLiberties(_) => "shared-liberties",
            Unmodelled::BigEyeShared => "big-eye-shared",
            Unmodelled::Joined(_) => "joined",
            Unmodelled::Ko(_) => "ko",
            Unmodelled::Incomplete => "incomplete",
            Unmodelled::ApproachMove(_) | Unmodelled::SharedApproachKo(_) => "approach-move",
            Unmodelled::LeafKo(_) | Unmodelled::JointKoDecides(_) => "ko",
        }
    }

    /// The reason in words, points named as in `race`.
    pub fn words(&self, race: &Race) -> String {
        match self {
            Unmodelled::SharedLiberties(v) => format!(
                "essential chains of both colours share its liberties and its point {} cannot be given to one of them",
                race.name(*v)
            ),
            Unmodelled::Joined(v) => format!(
                "the two chains' liberty areas meet at {} without a shared liberty: a stone there changes the other area's liberties, which counting the areas apart misses",
                race.name(*v)
            ),
            Unmodelled::BigEyeShared => {
                "shared liberties between two chains with an eye each, one of them bigger than three points".into()
            }
            Unmodelled::Ko(n) => format!("a ko ({n} immediate retake(s) the tree cannot play)"),
            Unmodelled::Incomplete => "the tree is incomplete (nil nodes remain)".into(),
            Unmodelled::ApproachMove(v) => format!(
                "the attacker's stone on the liberty {} would be in atari at once and its capture is a ko (an approach ko the model cannot value here)",
                race.name(*v)
            ),
            Unmodelled::SharedApproachKo(v) => format!(
                "an approach ko at {} in a race whose joint game has kos too (the two kinds of ko are not counted together)",
                race.name(*v)
            ),
            Unmodelled::JointKoDecides(n) => format!(
                "a ko that decides ({n} immediate retake(s) in the joint game: with Black winning every ko and with White winning it the outcomes differ, and the model does not value which ko outcome)"
            ),
            Unmodelled::LeafKo(n) => format!(
                "an approach ko besides {n} ko(s) at the leaves of the trees (a capture the opponent may retake), which the model does not value"
            ),
        }
    }
}

/// Where a race's verdict comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The counting model (the CGT verdict of an evaluation).
    Method(Evaluation),
    /// The board search: the model cannot express some sub-position.
    Search,
}

/// The race's verdict: from the counting model where it can express every
/// sub-position, else from the board search (seki is then a possible
/// outcome).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Where it comes from.
    pub source: Source,
    /// With Black first (`None`: undecided, cut off or no search).
    pub black_first: Option<RaceOutcome>,
    /// With White first.
    pub white_first: Option<RaceOutcome>,
    /// Where the outcome depends on a ko (Black first, White first), from
    /// the search: the outcome when each side wins it. The outcomes above
    /// are then those of play without ko threats.
    pub ko: [Option<KoOutcome>; 2],
}

impl Decision {
    /// The outcome in words: "Black wins whoever plays first", "seki
    /// whoever plays first", "Black first: ko: whoever wins it captures;
    /// White first: White captures", ...
    pub fn words(&self) -> String {
        if self.ko.iter().all(Option::is_none) {
            return outcome_words(self.black_first, self.white_first);
        }
        if let [Some(b), Some(w)] = self.ko
            && b == w
        {
            return format!("{} whoever plays first", b.words());
        }
        let one = |r: Option<RaceOutcome>, k: Option<KoOutcome>| match (k, r) {
            (Some(k), _) => k.words(),
            (None, Some(RaceOutcome::BlackCaptures)) => "Black captures".into(),
            (None, Some(RaceOutcome::WhiteCaptures)) => "White captures".into(),
            (None, Some(RaceOutcome::Seki)) => "seki".into(),
            (None, None) => "undecided".into(),
        };
        format!(
            "Black first: {}; White first: {}",
            one(self.black_first, self.ko[0]),
            one(self.white_first, self.ko[1])
        )
    }
}

/// Two outcomes (Black first, White first) in words.
pub fn outcome_words(b: Option<RaceOutcome>, w: Option<RaceOutcome>) -> String {
    use RaceOutcome::{BlackCaptures as B, Seki as S, WhiteCaptures as W};
    let one = |r: Option<RaceOutcome>| match r {
        Some(B) => "Black captures",
        Some(W) => "White captures",
        Some(S) => "seki",
        None => "undecided",
    };
    match (b, w) {
        (Some(B), Some(B)) => "Black wins whoever plays first".into(),
        (Some(W), Some(W)) => "White wins whoever plays first".into(),
        (Some(B), Some(W)) => "the side that plays first wins".into(),
        (Some(W), Some(B)) => "the side that plays second wins".into(),
        (Some(S), Some(S)) => "seki whoever plays first".into(),
        _ => format!("Black first: {}; White first: {}", one(b), one(w)),
    }
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
    /// The sub-positions the counting model cannot express, with the
    /// reason, in words (empty: the race is inside the model's domain).
    pub fallback: Vec<String>,
    /// The colours whose essential chain lives with two eyes in different
    /// sub-positions (each alone is finite); `G` includes their life
    /// count ([`count::life_count`]).
    pub lives: Vec<Color>,
    /// The shared liberties and how they count, where the race has some
    /// and every sub-position bounded by both colours could be split
    /// ([`Shared`]); the verdicts are then [`Shared`]'s, `seed` and
    /// `stops` are `None`.
    pub shared: Option<Shared>,
    /// The approach kos of a race valued by the count, where it has some
    /// ([`ModelKo`]): the verdict then says where a ko decides.
    pub ko: Option<ModelKo>,
    /// Where the race's joint game met kos ([`SubAnalysis::joint_masters`]):
    /// the model's outcomes (Black first, White first) with Black, then
    /// White as the ko master.
    pub joint_kos: Option<[[Option<RaceOutcome>; 2]; 2]>,
    /// The joint game's kos valued with a ko master each, where it met
    /// kos and both masters' games are complete ([`JointKo`]): the race is
    /// then inside the model's domain, the verdict says where a ko
    /// decides.
    pub joint_ko: Option<JointKo>,
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
        if let Scope::Race(owner) = s.scope {
            let race = tree.nodes[0].race.clone();
            s.unmodelled = unmodelled(&race, &s.sub, owner, &tree);
        }
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
        let mut shared = Vec::new();
        let mut joint_shared = Vec::new();
        let mut joint: Option<&SubAnalysis> = None;
        // Shared liberties between chains with an eye each, one of them
        // big: outside the rule for small eyes.
        let eyes = [Color::Black, Color::White].map(|c| {
            self.subs
                .iter()
                .filter(|s| s.scope == Scope::Race(c))
                .chain(self.subs.iter().filter(|s| s.joint.is_some()))
                .map(|s| count::eye_space(race, &s.sub.region, c).len())
                .max()
                .unwrap_or(0)
        });
        for s in &mut self.subs {
            s.unmodelled.retain(|u| *u != Unmodelled::BigEyeShared);
            if s.scope == Scope::Outside
                && !s.shared.is_empty()
                && eyes.iter().all(|&e| e > 0)
                && eyes.iter().any(|&e| e > 3)
            {
                s.unmodelled.push(Unmodelled::BigEyeShared);
            }
        }
        // Approach kos (`ModelKo`, below) only where the race has no
        // shared liberties, and no other ko at a leaf of a tree: where the
        // approach kos are fought, such a ko (a capture the opponent may
        // retake, beyond the settled leaf) can decide too.
        let joined = self
            .subs
            .iter()
            .any(|s| !s.shared.is_empty() || s.joint.is_some());
        // With the joint game's kos valued too, the two kinds of ko are
        // not counted together.
        let joint_kos = self.subs.iter().any(|s| !s.joint_masters.is_empty());
        let leaf_kos: usize = self
            .subs
            .iter()
            .filter_map(|s| s.tree.as_ref())
            .map(|t| t.ko_captures)
            .sum();
        for s in &mut self.subs {
            s.unmodelled.retain(|u| {
                !matches!(
                    u,
                    Unmodelled::SharedApproachKo(_)
                        | Unmodelled::LeafKo(_)
                        | Unmodelled::JointKoDecides(_)
                )
            });
            let Some(k) = s.approach_kos.first() else {
                continue;
            };
            if joined && joint_kos {
                s.unmodelled.push(Unmodelled::SharedApproachKo(k.liberty));
            } else if leaf_kos > 0 {
                s.unmodelled.push(Unmodelled::LeafKo(leaf_kos));
            }
        }
        for s in &self.subs {
            let values: Vec<&SubAnalysis> = match s.scope {
                Scope::Idle => continue,
                Scope::Outside if s.parts.is_empty() && s.shared.is_empty() => {
                    outside.push(format!(
                        "{} holds essential chains of both colours and cannot be split between them: outside the method",
                        s.sub.name(race)
                    ));
                    sum = None;
                    continue;
                }
                Scope::Outside if s.joint.is_some() => {
                    // Valued below, with the margins at its leaves.
                    if s.joint_value.is_none() {
                        outside.push(format!(
                            "{}: the joint game of its two liberty areas is incomplete (raise the tree limit)",
                            s.sub.name(race)
                        ));
                        sum = None;
                    }
                    joint_shared.extend(s.shared.iter());
                    joint = Some(s);
                    continue;
                }
                Scope::Outside => {
                    shared.extend(s.shared.iter());
                    s.parts.iter().collect()
                }
                Scope::Race(_) if s.in_joint => continue,
                Scope::Race(_) => vec![s],
            };
            for p in values {
                match (&p.transformed, sum) {
                    (Some(t), Some(g)) => sum = g.checked_add(t.value).ok(),
                    (None, _) => {
                        outside.push(format!(
                            "{}: the tree still has nil nodes (name more points or raise the limit)",
                            p.sub.name(race)
                        ));
                        sum = None;
                    }
                    (Some(_), None) => {}
                }
            }
        }
        self.fallback = self
            .subs
            .iter()
            .flat_map(|s| {
                s.unmodelled
                    .iter()
                    .map(|u| format!("{}: {}", s.sub.name(race), u.words(race)))
            })
            .collect();
        // Two eyes in different sub-positions (a big eye and an eye
        // elsewhere): each sub-position's count is finite, but together
        // the chain lives, and G gets the life count.
        self.lives.clear();
        for c in [Color::Black, Color::White] {
            let area = self
                .subs
                .iter()
                .filter(|s| s.scope == Scope::Race(c))
                .fold(VertexSet::default(), |a, s| a | s.sub.region);
            let one = self
                .subs
                .iter()
                .any(|s| s.scope == Scope::Race(c) && count::is_alive(race, &s.sub.region, c));
            if !one && count::is_alive(race, &area, c) {
                self.lives.push(c);
                sum = sum.and_then(|g| {
                    g.checked_add(Game::integer(count::life_count(race, c)))
                        .ok()
                });
            }
        }
        if self.lives.len() == 2 {
            self.fallback
                .push("both essential chains live with two eyes (seki)".into());
        }
        self.shared = None;
        // The joint game: its leaves' margins count the shared liberties
        // of the rest of the race too.
        let mut joint_games = None;
        let mut joint_ko = None;
        self.joint_kos = None;
        if let Some(s) = joint {
            let rest = sum;
            sum = rest
                .zip(s.joint_value)
                .and_then(|(g, j)| g.checked_add(j).ok());
            let eyes = eyes.map(|e| e > 0);
            let s0 = shared.len();
            let games_of = |t: &JointTree| {
                let b = t.value(&|n| -crate::shared::margins(s0 + n.shared, eyes)[0])?;
                let w = t.value(&|n| crate::shared::margins(s0 + n.shared, eyes)[1])?;
                let g = rest?;
                Some([g.checked_add(b).ok()?, g.checked_add(w).ok()?])
            };
            let games = s.joint.as_ref().and_then(games_of);
            if let [b, w] = &s.joint_masters[..] {
                let mut libs: Vec<Vertex> =
                    shared.iter().chain(joint_shared.iter()).copied().collect();
                libs.sort_unstable();
                let judged = |t: &JointTree| Some(Shared::joint(libs.clone(), eyes, games_of(t)?));
                if let (Some(b), Some(w)) = (judged(b), judged(w)) {
                    let k = JointKo {
                        retakes: s.joint.as_ref().map_or(0, |t| t.ko_retakes),

                        masters: [b, w],
                    };
                    self.joint_kos = Some(k.outcomes(Evaluation::Stops));
                    joint_ko = Some(k);
                }
            }
            match (games, sum) {
                (Some(gs), Some(g)) if s0 == 0 && gs == [g, g] => {}
                (Some(gs), Some(_)) => {
                    let mut libs = shared.clone();
                    libs.extend(joint_shared);
                    libs.sort_unstable();
                    joint_games = Some(Shared::joint(libs, eyes, gs));
                }
                _ => sum = None,
            }
        }
        // The joint game's kos: where they decide for a first player (by
        // either evaluation), the race is the search's.
        if let Some(k) = &joint_ko
            && [Evaluation::Stops, Evaluation::Seed]
                .iter()
                .any(|&e| k.ko(e).iter().any(Option::is_some))
            && let Some(s) = self.subs.iter_mut().find(|s| s.joint.is_some())
        {
            let u = Unmodelled::JointKoDecides(k.retakes);
            self.fallback
                .push(format!("{}: {}", s.sub.name(race), u.words(race)));
            s.unmodelled.push(u);
        }
        self.joint_ko = joint_ko;
        self.sum = sum;
        if let Some(sh) = joint_games {
            self.shared = Some(sh);
            self.seed = None;
            self.stops = None;
        } else if let (Some(g), false) = (sum, shared.is_empty()) {
            shared.sort_unstable();
            self.shared = Some(Shared::new(shared, eyes.map(|e| e > 0), g));
            self.seed = None;
            self.stops = None;
        } else {
            self.seed = sum.and_then(|g| judge(g, Evaluation::Seed).ok());
            self.stops = sum.and_then(|g| judge(g, Evaluation::Stops).ok());
        }
        self.outside = outside;
        // The approach kos: G with either side winning every ko.
        self.ko = None;
        let kos: Vec<ApproachKo> = [Color::Black, Color::White]
            .into_iter()
            .flat_map(|c| {
                self.subs
                    .iter()
                    .filter(move |s| s.scope == Scope::Race(c))
                    .flat_map(|s| s.approach_kos.iter().copied())
            })
            .collect();
        if kos.is_empty() {
            return;
        }
        let extra = [Color::Black, Color::White].map(|c| {
            let k = kos.iter().filter(|k| k.owner == c).count() as i64;
            let eye = self.subs.iter().any(|s| {
                s.scope == Scope::Race(c) && !count::eye_space(race, &s.sub.region, c).is_empty()
            });
            if k == 0 || eye { k } else { k - 1 }
        });
        if let Some(g) = self.sum {
            let values = [
                g.checked_add(Game::integer(extra[0])).ok(),
                g.checked_add(Game::integer(-extra[1])).ok(),
            ];
            // With shared liberties or a joint game: its games shifted by
            // the extra moves, judged with the same margins.
            let shift = |x: i64| -> Option<Shared> {
                let sh = self.shared.as_ref()?;
                let add = |h: Game| h.checked_add(Game::integer(x)).ok();
                Some(match sh.joint {
                    Some([gb, gw]) => {
                        Shared::joint(sh.liberties.clone(), sh.eyes, [add(gb)?, add(gw)?])
                    }
                    None => Shared::new(sh.liberties.clone(), sh.eyes, add(g)?),
                })
            };
            let shared = match &self.shared {
                None => Some(None),
                Some(_) => shift(extra[0])
                    .zip(shift(-extra[1]))
                    .map(|(b, w)| Some([b, w])),
            };
            if let ([Some(b), Some(w)], Some(shared)) = (values, shared) {
                self.ko = Some(ModelKo {
                    kos,
                    extra,
                    values: [b, w],
                    shared,
                });
            }
        }
    }

    /// The model's ko outcomes (Black first, White first) by an
    /// evaluation: `Some` where an approach ko decides the race
    /// ([`ModelKo::outcomes`]).
    pub fn method_ko(&self, e: Evaluation) -> [Option<KoOutcome>; 2] {
        self.ko
            .as_ref()
            .and_then(|k| k.outcomes(e))
            .unwrap_or([None, None])
    }

    /// The model's outcomes (Black first, White first) by an evaluation:
    /// from the plain verdict on `G`, or where the race has shared
    /// liberties from [`Shared`] (seki included); `None` without a sum,
    /// an outcome `None` where the evaluation does not decide.
    pub fn method_outcomes(&self, e: Evaluation) -> Option<[Option<RaceOutcome>; 2]> {
        let plain = self.plain_outcomes(e)?;
        // Where the joint game's kos are valued and do not decide for a
        // first player, its outcome is the masters' common one.
        let Some(k) = &self.joint_ko else {
            return Some(plain);
        };
        let [b, w] = k.outcomes(e);
        Some([0, 1].map(|i| if b[i] == w[i] { b[i] } else { plain[i] }))
    }

    /// [`Analysis::method_outcomes`] with the joint game's kos left out
    /// (the immediate retakes not played).
    pub fn plain_outcomes(&self, e: Evaluation) -> Option<[Option<RaceOutcome>; 2]> {
        if let Some(sh) = &self.shared {
            let v = sh.verdict(e)?;
            return Some([v.black_first, v.white_first]);
        }
        let v = self.verdict(e)?;
        let out = |c: Option<Color>| {
            c.map(|c| match c {
                Color::Black => RaceOutcome::BlackCaptures,
                Color::White => RaceOutcome::WhiteCaptures,
            })
        };
        Some([out(v.black_first), out(v.white_first)])
    }

    /// The sub-positions as reports list them: each followed by its parts
    /// where it was split between the two chains.
    pub fn listed_subs(&self) -> impl Iterator<Item = &SubAnalysis> {
        self.subs
            .iter()
            .flat_map(|s| std::iter::once(s).chain(s.parts.iter()))
    }

    /// The verdict of an evaluation.
    pub fn verdict(&self, e: Evaluation) -> Option<&Verdict> {
        match e {
            Evaluation::Seed => self.seed.as_ref(),
            Evaluation::Stops => self.stops.as_ref(),
        }
    }

    /// Whether the counting model expresses every sub-position (the race
    /// is inside its domain) and gave a sum.
    pub fn in_domain(&self) -> bool {
        self.fallback.is_empty() && self.sum.is_some()
    }

    /// The race's verdict: the CGT verdict of `e` inside the model's
    /// domain, else the board search's (outcomes `None` where it was cut
    /// off or skipped).
    pub fn decision(&self, e: Evaluation) -> Decision {
        if self.in_domain()
            && let Some([b, w]) = self.method_outcomes(e)
        {
            return Decision {
                source: Source::Method(e),
                black_first: b,
                white_first: w,
                ko: self.method_ko(e),
            };
        }
        Decision {
            source: Source::Search,
            black_first: self.search.and_then(|s| s.black_first),
            white_first: self.search.and_then(|s| s.white_first),
            ko: self.search.map_or([None, None], |s| s.ko),
        }
    }

    /// Where a verdict and the search disagree, in words; empty if they
    /// agree or either is missing.
    pub fn disagreements(&self, e: Evaluation) -> Vec<String> {
        let (Some(v), Some(s)) = (self.method_outcomes(e), self.search) else {
            return Vec::new();
        };
        let words = |r: Option<RaceOutcome>| match r {
            Some(RaceOutcome::BlackCaptures) => "Black captures",
            Some(RaceOutcome::WhiteCaptures) => "White captures",
            Some(RaceOutcome::Seki) => "seki",
            None => "undecided",
        };
        let mut out = Vec::new();
        let kos = self.method_ko(e);
        for (i, (first, cgt, found)) in [
            ("Black", v[0], s.black_first),
            ("White", v[1], s.white_first),
        ]
        .into_iter()
        .enumerate()
        {
            let Some(found) = found else {
                continue;
            };
            // A ko on either side: the two ko outcomes must be the same.
            if kos[i].is_some() || s.ko[i].is_some() {
                if kos[i] != s.ko[i] {
                    let ko =
                        |k: Option<KoOutcome>| k.map_or("no ko that decides".into(), |k| k.words());
                    out.push(format!(
                        "{first} first: CGT says {}, the search says {}",
                        ko(kos[i]),
                        ko(s.ko[i])
                    ));
                }
                continue;
            }
            if Some(found) != cgt {
                out.push(format!(
                    "{first} first: CGT says {}, the search says {}",
                    match cgt.and_then(RaceOutcome::winner) {
                        Some(c) => format!("{c} wins"),
                        None => words(cgt).into(),
                    },
                    words(Some(found))
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
        let mut a = match sub.scope() {
            Scope::Race(owner) => {
                // The owner's whole eyes elsewhere (a one-point eye, say):
                // a capture here that makes a second eye lives.
                let eyes = subs
                    .iter()
                    .filter(|o| o.index != sub.index && o.scope() == Scope::Race(owner))
                    .filter(|o| count::eye_space(race, &o.region, owner) == o.region)
                    .fold(VertexSet::default(), |a, o| a | o.region);
                analyse_sub(race, sub, owner, options, eyes)
            }
            scope => SubAnalysis {
                sub: sub.clone(),
                scope,
                points: count::point_attributes(race, &sub.region),
                search_region: VertexSet::default(),
                tree: None,
                expansion: None,
                raw_value: None,
                transformed: None,
                unmodelled: Vec::new(),
                shared: VertexSet::default(),
                parts: Vec::new(),
                joint: None,
                joint_value: None,
                approach_kos: Vec::new(),
                in_joint: false,
                joint_masters: Vec::new(),
            },
        };
        if a.scope == Scope::Outside {
            match split_shared(race, &sub.region) {
                Ok(split) => {
                    // The areas meet, or a stone on a shared liberty
                    // captures: one game.
                    let meet = crate::joint::meeting(race, &split.parts).or_else(|| {
                        crate::joint::capture_points(race, &split.shared)
                            .iter()
                            .next()
                    });
                    if meet.is_some() {
                        // The areas meet: one joint game for both, played
                        // with every race sub-position of one colour.
                        let whole = subs
                            .iter()
                            .filter(|o| matches!(o.scope(), Scope::Race(_)))
                            .fold(sub.region, |a, o| a | o.region);
                        let mut t = JointTree::new(race, whole);
                        let mut stop = t.expand_auto(&options.tree_limits, cancel).err();
                        if (stop.is_some() || t.has_nil()) && whole != sub.region {
                            // Too large with the other sub-positions: the
                            // meeting areas alone, the others counted apart.
                            t = JointTree::new(race, sub.region);
                            stop = t.expand_auto(&options.tree_limits, cancel).err();
                        }
                        if stop.is_some() || t.has_nil() {
                            a.unmodelled.push(Unmodelled::Incomplete);
                        } else if t.ko_retakes > 0 {
                            // The kos valued with each side as the ko
                            // master (issue 25); where a master's game is
                            // incomplete, the kos stay outside the model.
                            a.joint_masters = masters(race, t.region, options);
                            if a.joint_masters.len() != 2 {
                                a.unmodelled.push(Unmodelled::Ko(t.ko_retakes));
                            }
                        }
                        a.joint_value = t.value(&|_| 0);
                        a.joint = Some(t);
                    }
                    a.shared = split.shared;
                    for (c, region) in split.parts {
                        let part = part_of(race, sub, region, c);
                        let p = analyse_sub(race, &part, c, options, VertexSet::default());
                        // The count's approach kos are for races without
                        // shared liberties or a joint game.
                        a.unmodelled.extend(
                            p.approach_kos
                                .iter()
                                .take(1)
                                .map(|k| Unmodelled::ApproachMove(k.liberty)),
                        );
                        if meet.is_none() {
                            a.unmodelled.extend(p.unmodelled.iter().cloned());
                        } else {
                            // The joint game plays the parts' trees; an
                            // approach move's ko it does not see.
                            a.unmodelled.extend(
                                p.unmodelled
                                    .iter()
                                    .filter(|u| matches!(u, Unmodelled::ApproachMove(_)))
                                    .cloned(),
                            );
                        }
                        a.parts.push(p);
                    }
                }
                Err(Unsplit::Tie(v) | Unsplit::Straddles(v)) => {
                    a.unmodelled.push(Unmodelled::SharedLiberties(v));
                }
            }
        }
        out.push(a);
    }
    // The race sub-positions of one colour are played in the joint game
    // (unless it grew past the tree limit with them).
    let joint_region = match &out
        .iter()
        .filter_map(|s| s.joint.as_ref())
        .collect::<Vec<_>>()[..]
    {
        [t] => t.region,
        _ => VertexSet::default(),
    };
    if !joint_region.is_empty() {
        for s in out.iter_mut().filter(|s| {
            matches!(s.scope, Scope::Race(_))
                && s.sub.region.iter().any(|v| joint_region.contains(v))
        }) {
            s.in_joint = true;
            s.unmodelled
                .retain(|u| !matches!(u, Unmodelled::Ko(_) | Unmodelled::Incomplete));
        }
    }
    // One joint game at most: two would need their margins together.
    if out.iter().filter(|s| s.joint.is_some()).count() > 1 {
        for s in out.iter_mut().filter(|s| s.joint.is_some()) {
            let v = s.sub.region.iter().next();
            s.unmodelled.extend(v.map(Unmodelled::Joined));
        }
    }
    // The searches with ko threats only where the search gives the verdict.
    let kos = out.iter().any(|s| {
        !s.unmodelled.is_empty() || !s.approach_kos.is_empty() || !s.joint_masters.is_empty()
    });
    let search = options
        .search_limits
        .as_ref()
        .map(|l| search_race_kos(race, race_area(&subs), l, cancel, progress, kos));
    let mut analysis = Analysis {
        subs: out,
        sum: None,
        seed: None,
        stops: None,
        search,
        outside: Vec::new(),
        fallback: Vec::new(),
        lives: Vec::new(),
        shared: None,
        ko: None,
        joint_kos: None,
        joint_ko: None,
    };
    analysis.judge(race);
    Ok(analysis)
}

/// Where the race's joint game met kos and its games with a ko master are
/// missing (an analysis of an older kind), builds them with each side as
/// the ko master ([`SubAnalysis::joint_masters`]) within `options`' tree
/// limits and judges again, which fills [`Analysis::joint_ko`] and
/// [`Analysis::joint_kos`]. Since issue 25's eighth session
/// [`analyse`] builds them itself (they can triple the joint game's
/// cost); this is a no-op on its analyses.
pub fn value_joint_kos(race: &Race, a: &mut Analysis, options: &Options) {
    for s in &mut a.subs {
        let Some(t) = &s.joint else { continue };
        if t.ko_retakes == 0 || s.joint_masters.len() == 2 {
            continue;
        }
        s.joint_masters = masters(race, t.region, options);
    }
    a.judge(race);
}

/// The joint game of `region` with Black, then White as the ko master,
/// each expanded within `options`' tree limits; only the complete ones.
fn masters(race: &Race, region: VertexSet, options: &Options) -> Vec<JointTree> {
    let cancel = options.cancel.as_ref();
    let mut out = Vec::new();
    for c in [Color::Black, Color::White] {
        let mut m = JointTree::with_master(race, region, Some(c));
        if m.expand_auto(&options.tree_limits, cancel).is_ok() && !m.has_nil() {
            out.push(m);
        }
    }
    out
}

/// The analysis of a sub-position of one colour `owner` (or a part of a
/// split one): its tree, expanded automatically or at the user's points,
/// transformed.
fn analyse_sub(
    race: &Race,
    sub: &SubPosition,
    owner: Color,
    options: &Options,
    other_eyes: VertexSet,
) -> SubAnalysis {
    let cancel = options.cancel.as_ref();
    let mut tree = GameTree::with_eyes(race, sub.region, owner, other_eyes);
    // The user's points steer the sub-positions they lie in; the others
    // expand automatically.
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
    SubAnalysis {
        sub: sub.clone(),
        scope: Scope::Race(owner),
        points: count::point_attributes(race, &sub.region),
        search_region: count::search_region(race, &sub.region, owner),
        raw_value: tree.raw_value(),
        transformed: transform(&tree),
        expansion: Some(exp),
        unmodelled: unmodelled(race, sub, owner, &tree),
        tree: Some(tree),
        shared: VertexSet::default(),
        parts: Vec::new(),
        joint: None,
        joint_value: None,
        approach_kos: approach_kos(race, sub, owner).0,
        in_joint: false,
        joint_masters: Vec::new(),
    }
}

/// The part `region` of the sub-position `sub` (bounded by both colours'
/// chains) given to `owner`, as a sub-position of its own with `sub`'s
/// number.
fn part_of(race: &Race, sub: &SubPosition, region: VertexSet, owner: Color) -> SubPosition {
    let pos = race.position();
    let mut boundary = VertexSet::default();
    for v in region.iter() {
        for &u in pos.graph().neighbors(v) {
            if !region.contains(u) && sub.boundary.contains(u) {
                boundary |= pos.chain_stones(u);
            }
        }
    }
    SubPosition {
        index: sub.index,
        region,
        boundary,
        essential_colors: vec![owner],
    }
}

/// What the counting model cannot express in the race sub-position `sub`
/// (owned by `owner`) with its `tree`.
fn unmodelled(race: &Race, sub: &SubPosition, owner: Color, tree: &GameTree) -> Vec<Unmodelled> {
    let mut out = Vec::new();
    if let Some(l) = approach_kos(race, sub, owner).1 {
        out.push(Unmodelled::ApproachMove(l));
    }
    if tree.ko_retakes > 0 {
        out.push(Unmodelled::Ko(tree.ko_retakes));
    }
    if tree.has_nil() {
        out.push(Unmodelled::Incomplete);
    }
    out
}

/// The approach kos on `owner`'s liberties in `sub` ([`ApproachKo`]), and
/// the first liberty whose fill starts a ko but whose approach move is not
/// safe (the attacker's stone on the capturing point, or the fill after
/// it, would be in atari).
fn approach_kos(race: &Race, sub: &SubPosition, owner: Color) -> (Vec<ApproachKo>, Option<Vertex>) {
    let mut kos = Vec::new();
    let mut unsafe_ko = None;
    // What the tree plays at the root: its candidates.
    let played: VertexSet = count::candidates(race, &sub.region, owner)
        .into_iter()
        .collect();
    let eyes = count::eye_space(race, &sub.region, owner);
    let attacker = owner.opponent();
    // A stone of `c` on `v` after the move: safe, or with two liberties.
    let holds = |r: &Race, v: Vertex| {
        r.attribute(v) == Some(crate::Attribute::Safe) || r.position().liberties(v).len() >= 2
    };
    for l in count::liberties(race, &sub.region, owner).iter() {
        // The tree plays its candidates, and a fill there in atari is
        // captured in the tree; the others count one move each.
        if eyes.contains(l) || played.contains(l) {
            continue;
        }
        let Some(next) = race.play(attacker, l) else {
            continue;
        };
        let p = next.position();
        if next.essential_stones(owner).is_empty()
            || p.liberties(l).len() != 1
            || p.chain_stones(l).len() != 1
        {
            continue;
        }
        // The defender captures the lone stone; if its capturing stone is
        // then alone in atari on the point just emptied, the attacker
        // retakes: a ko.
        let Some(m) = p.liberties(l).iter().next() else {
            continue;
        };
        let Some(after) = next.play(owner, m) else {
            continue;
        };
        let q = after.position();
        let libs = q.liberties(m);
        let ko = q.color_at(l).is_none()
            && q.chain_stones(m).len() == 1
            && libs.len() == 1
            && libs.contains(l);
        if !ko {
            continue;
        }
        // The attacker's approach on the capturing point, then the fill.
        let approach = race
            .play(attacker, m)
            .filter(|r| holds(r, m))
            .and_then(|r| r.play(attacker, l))
            .is_some_and(|r| holds(&r, l));
        if approach {
            kos.push(ApproachKo {
                owner,
                liberty: l,
                approach: m,
            });
        } else if unsafe_ko.is_none() {
            unsafe_ko = Some(l);
        }
    }
    (kos, unsafe_ko)
}

/// The owner of a race sub-position, if it is one.
pub fn owner(sub: &SubPosition) -> Option<Color> {
    match sub.scope() {
        Scope::Race(c) => Some(c),
        _ => None,
    }
}
