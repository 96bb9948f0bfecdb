//! The report of an analysis, as `miai semeai` prints it and `miai serve`
//! sends it: a [`Report`] is `Serialize` (the JSON form) and `Display` (the
//! text form), and [`tree_svg`] draws a sub-position's tree.

use std::fmt::{self, Write as _};

use miai_goban::{Color, Vertex};
use serde::Serialize;

use crate::analysis::{Analysis, SubAnalysis};
use crate::attribute::PointAttribute;
use crate::race::Race;
use crate::region::Scope;
use crate::search::RaceOutcome;
use crate::verdict::{Evaluation, Verdict};

/// Lines of a tree in the text report.
const TEXT_TREE_LINES: usize = 200;
/// Lines of a tree in the JSON report.
const JSON_TREE_LINES: usize = 500;

/// The report of an analysis: what `miai semeai` prints, as JSON
/// (`Serialize`) or text (`Display`).
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Per sub-position.
    pub subpositions: Vec<SubReport>,
    /// Why there is no CGT verdict, if there is none.
    pub outside: Vec<String>,
    /// The sum `G`.
    #[serde(rename = "G")]
    pub sum: Option<String>,
    /// The leading verdict.
    pub verdict: Option<VerdictReport>,
    /// The seed's verdict.
    pub seed_verdict: Option<VerdictReport>,
    /// The stops verdict.
    pub stops_verdict: Option<VerdictReport>,
    /// The independent search.
    pub search: Option<SearchReport>,
    /// Where the leading verdict and the search disagree.
    pub disagreements: Vec<String>,
    /// Where the race's verdict comes from: `"method"` (the counting model
    /// expresses every sub-position) or `"search"` (it does not: see
    /// `fallback`).
    pub verdict_source: String,
    /// The sub-positions the counting model cannot express, each with the
    /// reason; the verdict then comes from the board search.
    pub fallback: Vec<String>,
    /// The colours whose essential chain lives with two eyes in different
    /// sub-positions (`G` includes their life count).
    pub lives: Vec<String>,
    /// The race's verdict from its source, in words (`None`: the search
    /// that should give it was skipped or cut off).
    pub outcome: Option<String>,
    /// The sum spelled out, one term per race sub-position (numbers
    /// first): `-7 + {4|0} + {6|{4|0}}`.
    pub sum_terms: Option<String>,
    /// The shared liberties and how they count, where the race has some
    /// (the verdicts are then on `G` shifted by the margins, seki
    /// included).
    pub shared: Option<SharedReport>,
    /// The approach kos the count values, where the race has some
    /// ([`crate::ModelKo`]).
    pub approach_kos: Option<ApproachKoReport>,
    /// The joint game's kos valued with each side as the ko master, where
    /// it met kos ([`crate::JointKo`]).
    pub joint_kos: Option<JointKoReport>,
    /// Which verdict leads.
    #[serde(skip)]
    pub lead: Evaluation,
    /// Whether the text form shows each sub-position's points and trees
    /// after the summary ([`Report::with_trees`]).
    #[serde(skip)]
    pub trees: bool,
    /// The point labels, `label = coordinate`.
    #[serde(skip)]
    labels: Vec<String>,
    /// The verdicts in one line each, the leading one first.
    #[serde(skip)]
    verdict_lines: Vec<String>,
}

/// One sub-position of a [`Report`].
#[derive(Debug, Clone, Serialize)]
pub struct SubReport {
    /// Its index.
    pub index: usize,
    /// What it is for the race, in words.
    pub scope: String,
    /// Its points, by name.
    pub region: Vec<String>,
    /// Its empty points' attributes: `[name, attribute]`.
    pub points: Vec<(String, String)>,
    /// The search region, by name.
    pub search_region: Vec<String>,
    /// The tree before the transformation, as text.
    pub tree: Option<String>,
    /// Its value before the transformation.
    pub raw_value: Option<String>,
    /// Its value after the transformation.
    pub value: Option<String>,
    /// The colour of the essential chain it is analysed for, if it is part
    /// of the race by the method.
    pub chain: Option<String>,
    /// The liberty count (手数) at the start, signed (Black positive).
    pub count: Option<i64>,
    /// Kos met while expanding the tree, in words (`None`: none).
    pub ko: Option<String>,
    /// What a page draws of it ([`crate::View`]); `None` in the plain report.
    #[serde(flatten)]
    pub drawing: Option<crate::view::SubDrawing>,
    /// Not part of the race (no essential chain).
    #[serde(skip)]
    idle: bool,
    /// The useless points, by coordinate.
    #[serde(skip)]
    useless: Vec<String>,
    /// Its points, by coordinate.
    #[serde(skip)]
    coords: Vec<String>,
    /// The search region, by coordinate.
    #[serde(skip)]
    search_coords: Vec<String>,
    /// The trees before and after the transformation as the text report
    /// shows them, and the number of pruned nodes.
    #[serde(skip)]
    text_trees: Option<(String, Option<(String, usize)>)>,
}

/// The shared liberties of a race in a [`Report`] ([`crate::shared::Shared`]).
#[derive(Debug, Clone, Serialize)]
pub struct SharedReport {
    /// The shared liberties, by name.
    pub liberties: Vec<String>,
    /// Whether Black's essential chain has an eye.
    pub black_eye: bool,
    /// Whether White's has.
    pub white_eye: bool,
    /// Black captures iff a plain race worth `G - black_margin` is Black's.
    pub black_margin: i64,
    /// White captures iff a plain race worth `G + white_margin` is White's.
    pub white_margin: i64,
    /// The rule applied, in words.
    pub rule: String,
    /// The outcome by the leading evaluation with Black first: `"Black"`,
    /// `"White"` (who captures), `"seki"`; `None`: undecided.
    pub black_first: Option<String>,
    /// The same with White first.
    pub white_first: Option<String>,
}

/// The approach kos of a race in a [`Report`] ([`crate::ModelKo`]).
#[derive(Debug, Clone, Serialize)]
pub struct ApproachKoReport {
    /// Each ko: `"C7 (Black's liberty, approach C8)"`.
    pub kos: Vec<String>,
    /// The moves Black's attacker (White) pays more when Black wins its
    /// kos.
    pub black_extra: i64,
    /// The moves White's attacker pays more when White wins its kos.
    pub white_extra: i64,
    /// `G` when Black wins every ko.
    pub black_wins: String,
    /// `G` when White wins every ko.
    pub white_wins: String,
    /// The leading evaluation's ko outcome with Black first, in words
    /// (`None`: the kos do not decide it).
    pub black_first: Option<String>,
    /// The same with White first.
    pub white_first: Option<String>,
}

impl ApproachKoReport {
    fn new(race: &Race, k: &crate::ModelKo, lead: Evaluation) -> ApproachKoReport {
        let outcomes = k.outcomes(lead).unwrap_or([None, None]);
        ApproachKoReport {
            kos: k
                .kos
                .iter()
                .map(|a| {
                    format!(
                        "{} ({}'s liberty, approach {})",
                        race.name(a.liberty),
                        a.owner,
                        race.name(a.approach)
                    )
                })
                .collect(),
            black_extra: k.extra[0],
            white_extra: k.extra[1],
            black_wins: k.values[0].to_string(),
            white_wins: k.values[1].to_string(),
            black_first: outcomes[0].map(|o| o.words()),
            white_first: outcomes[1].map(|o| o.words()),
        }
    }

    /// The line of the text summary.
    fn line(&self) -> String {
        let decides = match (&self.black_first, &self.white_first) {
            (None, None) => "the kos do not decide the race".to_string(),
            (b, w) => format!(
                "Black first: {}; White first: {}",
                b.as_deref().unwrap_or("the kos do not decide"),
                w.as_deref().unwrap_or("the kos do not decide")
            ),
        };
        format!(
            "approach kos: {}; with Black winning every ko G = {}, with White winning G = {}: {decides}",
            self.kos.join(", "),
            brief(&self.black_wins),
            brief(&self.white_wins)
        )
    }
}

/// The joint game's kos in a [`Report`] ([`crate::JointKo`]): the race
/// judged with Black winning every ko and with White winning every ko.
#[derive(Debug, Clone, Serialize)]
pub struct JointKoReport {
    /// The immediate retakes the joint game without a ko master left out.
    pub retakes: usize,
    /// With Black winning every ko, the outcome with Black first and with
    /// White first: `"Black"`, `"White"` (who captures), `"seki"`; `None`
    /// undecided.
    pub black_wins: [Option<String>; 2],
    /// The same with White winning every ko.
    pub white_wins: [Option<String>; 2],
    /// Whether the kos decide the race for some first player (the two
    /// differ): the verdict is then the search's.
    pub decide: bool,
}

impl JointKoReport {
    fn new(k: &crate::JointKo, lead: Evaluation) -> JointKoReport {
        let words = |r: Option<RaceOutcome>| {
            r.map(|r| match r.winner() {
                Some(c) => c.to_string(),
                None => "seki".into(),
            })
        };
        let [b, w] = k.outcomes(lead);
        JointKoReport {
            retakes: k.retakes,
            black_wins: b.map(words),
            white_wins: w.map(words),
            decide: b != w,
        }
    }

    /// The line of the text summary.
    fn line(&self) -> String {
        let show = |o: &[Option<String>; 2]| {
            let one = |r: &Option<String>| match r.as_deref() {
                Some("seki") => "seki".to_string(),
                Some(c) => format!("{c} captures"),
                None => "undecided".to_string(),
            };
            format!("Black first: {}; White first: {}", one(&o[0]), one(&o[1]))
        };
        format!(
            "joint game's kos ({} immediate retake(s)): with Black winning every ko, {}; with White winning every ko, {}: {}",
            self.retakes,
            show(&self.black_wins),
            show(&self.white_wins),
            if self.decide {
                "the kos decide the race (the verdict is the search's)"
            } else {
                "the kos do not decide the race"
            }
        )
    }
}

/// A verdict in a [`Report`].
#[derive(Debug, Clone, Serialize)]
pub struct VerdictReport {
    /// The value judged.
    pub g: String,
    /// The rule applied.
    pub rule: u8,
    /// The value for Black first.
    pub black_first_value: Option<String>,
    /// The value for White first.
    pub white_first_value: Option<String>,
    /// The winner with Black first.
    pub black_first: Option<String>,
    /// The winner with White first.
    pub white_first: Option<String>,
    /// In words.
    pub words: String,
    /// A note, if any.
    pub note: Option<String>,
}

/// The independent search in a [`Report`]: `"Black"`, `"White"` (who
/// captures) or `"seki"`; `None` where it was cut off.
#[derive(Debug, Clone, Serialize)]
pub struct SearchReport {
    /// With Black first.
    pub black_first: Option<String>,
    /// With White first.
    pub white_first: Option<String>,
    /// Positions visited.
    pub nodes: u64,
    /// Whether both searches ran to the end.
    pub complete: bool,
    /// Where the outcome with Black first depends on a ko, in words
    /// ("ko: whoever wins it captures"); the outcome above is then play
    /// without ko threats.
    pub black_first_ko: Option<String>,
    /// The same with White first.
    pub white_first_ko: Option<String>,
    /// Positions visited by the searches with ko threats (0: none ran).
    pub ko_nodes: u64,
}

impl Report {
    /// The report of `analysis` of `race`, with `lead`'s verdict first.
    pub fn new(race: &Race, a: &Analysis, lead: Evaluation) -> Report {
        let names = |it: &mut dyn Iterator<Item = Vertex>| it.map(|v| race.name(v)).collect();
        let graph = race.position().graph();
        let coords =
            |it: &mut dyn Iterator<Item = Vertex>| it.map(|v| graph.vertex_name(v)).collect();
        // Per listed sub-position: whether it is a part, and whether its
        // sub-position is valued by a joint game instead of its parts.
        let part_of: Vec<(bool, bool)> = a
            .subs
            .iter()
            .flat_map(|s| {
                let joint = s.joint.is_some();
                std::iter::once((false, false)).chain(s.parts.iter().map(move |_| (true, joint)))
            })
            .collect();
        let subpositions = a
            .listed_subs()
            .zip(part_of)
            .map(|(s, (part, joint))| SubReport {
                index: s.sub.index,
                scope: if joint {
                    format!(
                        "part of sub-position {} ({}'s area; not counted: the joint game values the sub-position)",
                        s.sub.index,
                        owner_of(s)
                    )
                } else if part {
                    format!(
                        "part of sub-position {} counted for {}",
                        s.sub.index,
                        scope_words(s)
                    )
                } else {
                    scope_words(s)
                },
                region: names(&mut s.sub.region.iter()),
                points: s
                    .points
                    .iter()
                    .map(|(v, p)| (race.name(*v), p.to_string()))
                    .collect(),
                search_region: names(&mut s.search_region.iter()),
                tree: s
                    .tree
                    .as_ref()
                    .map(|t| t.render(&|v| race.name(v), JSON_TREE_LINES)),
                raw_value: s.raw_value.map(|g| g.to_string()),
                value: if joint {
                    s.transformed
                        .as_ref()
                        .map(|t| format!("{} (not counted)", t.value))
                } else if s.in_joint {
                    s.transformed
                        .as_ref()
                        .map(|t| format!("{} (not counted: played in the joint game)", t.value))
                } else if s.scope != Scope::Outside || (s.parts.is_empty() && s.shared.is_empty()) {
                    s.transformed.as_ref().map(|t| t.value.to_string())
                } else if let Some(t) = &s.joint {
                    // The joint game of two liberty areas that meet.
                    Some(format!(
                        "joint game: {} ({} positions)",
                        s.joint_value.map_or("nil".into(), |g| g.to_string()),
                        t.nodes.len()
                    ))
                } else {
                    // The parts of a sub-position bounded by both colours,
                    // each `colour: value`.
                    Some(
                        s.parts
                            .iter()
                            .map(|p| {
                                let c = owner_of(p);
                                let v = p
                                    .transformed
                                    .as_ref()
                                    .map_or("nil".into(), |t| t.value.to_string());
                                format!("{c}: {v}")
                            })
                            .chain((!s.shared.is_empty()).then(|| {
                                let names: Vec<String> =
                                    s.shared.iter().map(|v| race.name(v)).collect();
                                format!("shared: {}", names.join(" "))
                            }))
                            .collect::<Vec<_>>()
                            .join(", "),
                    )
                },
                chain: match s.scope {
                    Scope::Race(c) => Some(c.to_string()),
                    _ => None,
                },
                count: s.tree.as_ref().map(|t| t.nodes[0].count),
                ko: s.tree.as_ref().and_then(|t| ko_words(t.ko_retakes)),
                drawing: None,
                idle: s.scope == Scope::Idle,
                useless: s
                    .points
                    .iter()
                    .filter(|p| p.1 == PointAttribute::Useless)
                    .map(|p| graph.vertex_name(p.0))
                    .collect(),
                coords: coords(&mut s.sub.region.iter()),
                search_coords: coords(&mut s.search_region.iter()),
                text_trees: s.tree.as_ref().map(|t| {
                    (
                        t.render(&|v| race.name(v), TEXT_TREE_LINES),
                        s.transformed.as_ref().map(|tr| {
                            (
                                transformed_tree(race, t, tr, TEXT_TREE_LINES),
                                tr.nodes.values().filter(|n| n.pruned).count(),
                            )
                        }),
                    )
                }),
            })
            .collect();
        let outcome = |r: Option<RaceOutcome>| {
            r.map(|r| match r.winner() {
                Some(c) => c.to_string(),
                None => "seki".into(),
            })
        };
        let mut verdict_lines: Vec<String> = Vec::new();
        let others = [Evaluation::Stops, Evaluation::Seed]
            .into_iter()
            .filter(|&e| e != lead);
        for e in std::iter::once(lead).chain(others) {
            match &a.shared {
                Some(sh) => verdict_lines.extend(sh.verdict(e).map(|v| shared_text(race, sh, v))),
                None => verdict_lines.extend(a.verdict(e).map(verdict_text)),
            }
        }
        let decision = a.decision(lead);
        let from_search = decision.source == crate::analysis::Source::Search;
        Report {
            subpositions,
            verdict_source: if from_search { "search" } else { "method" }.into(),
            fallback: a.fallback.clone(),
            lives: a.lives.iter().map(|c| c.to_string()).collect(),
            outcome: (decision.black_first.is_some() || decision.white_first.is_some())
                .then(|| decision.words()),
            outside: a.outside.clone(),
            sum: a.sum.map(|g| g.to_string()),
            verdict: a.verdict(lead).map(VerdictReport::new),
            seed_verdict: a.seed.as_ref().map(VerdictReport::new),
            stops_verdict: a.stops.as_ref().map(VerdictReport::new),
            search: a.search.map(|s| SearchReport {
                black_first: outcome(s.black_first),
                white_first: outcome(s.white_first),
                nodes: s.nodes,
                complete: s.complete(),
                black_first_ko: s.ko[0].map(|k| k.words()),
                white_first_ko: s.ko[1].map(|k| k.words()),
                ko_nodes: s.ko_nodes,
            }),
            disagreements: if from_search {
                Vec::new()
            } else {
                a.disagreements(lead)
            },
            sum_terms: a.sum.map(|_| sum_terms(a)),
            shared: a.shared.as_ref().map(|sh| {
                let v = sh.verdict(lead);
                SharedReport {
                    liberties: sh.liberties.iter().map(|&v| race.name(v)).collect(),
                    black_eye: sh.eyes[0],
                    white_eye: sh.eyes[1],
                    black_margin: sh.margin[0],
                    white_margin: sh.margin[1],
                    rule: sh.rule_words(),
                    black_first: v.and_then(|v| outcome(v.black_first)),
                    white_first: v.and_then(|v| outcome(v.white_first)),
                }
            }),
            approach_kos: a.ko.as_ref().map(|k| ApproachKoReport::new(race, k, lead)),
            joint_kos: a.joint_ko.as_ref().map(|k| JointKoReport::new(k, lead)),
            lead,
            trees: false,
            labels: race
                .labels()
                .iter()
                .map(|&(l, v)| format!("{l} = {}", graph.vertex_name(v)))
                .collect(),
            verdict_lines,
        }
    }

    /// The report whose text form also shows, after the summary, each
    /// sub-position's points and its trees before and after the
    /// transformation (`miai semeai --trees`).
    pub fn with_trees(mut self, trees: bool) -> Report {
        self.trees = trees;
        self
    }
}

/// Kos in a tree, in words.
fn ko_words(retakes: usize) -> Option<String> {
    (retakes > 0).then(|| {
        format!(
            "ko: {retakes} immediate retake(s) left out of the tree (kos are not modelled: the value assumes nobody fights the ko; the search plays it)"
        )
    })
}

/// `G` spelled out: the race sub-positions' values, numbers first, joined
/// by `+` (`- n` for a negative number after the first term).
fn sum_terms(a: &Analysis) -> String {
    let values: Vec<miai_cgt::Game> = a
        .subs
        .iter()
        .flat_map(|s| match s.scope {
            Scope::Race(_) if s.in_joint => vec![],
            Scope::Race(_) => vec![s.transformed.as_ref().map(|t| t.value)],
            // A joint game values its sub-position whole.
            _ if s.joint.is_some() => vec![s.joint_value],
            _ => s
                .parts
                .iter()
                .map(|p| p.transformed.as_ref().map(|t| t.value))
                .collect(),
        })
        .flatten()
        .collect();
    let (numbers, games): (Vec<_>, Vec<_>) = values.into_iter().partition(|g| g.is_number());
    let mut out = String::new();
    for g in numbers.iter().chain(games.iter()) {
        let text = g.to_string();
        if out.is_empty() {
            out = text;
        } else if let Some(neg) = text.strip_prefix('-').filter(|_| g.is_number()) {
            out.push_str(" - ");
            out.push_str(neg);
        } else {
            out.push_str(" + ");
            out.push_str(&text);
        }
    }
    if out.is_empty() { "0".into() } else { out }
}

impl VerdictReport {
    fn new(v: &Verdict) -> VerdictReport {
        VerdictReport {
            g: v.g.to_string(),
            rule: v.rule,
            black_first_value: v.black_first_value.map(|d| d.to_string()),
            white_first_value: v.white_first_value.map(|d| d.to_string()),
            black_first: v.black_first.map(|c| c.to_string()),
            white_first: v.white_first.map(|c| c.to_string()),
            words: v.words(),
            note: v.note.clone(),
        }
    }
}

impl fmt::Display for Report {
    /// The summary first (a table of the race's sub-positions, `G`, the
    /// verdicts, the search), then, with [`Report::with_trees`], each
    /// sub-position's points and trees.
    fn fmt(&self, o: &mut fmt::Formatter<'_>) -> fmt::Result {
        let race: Vec<&SubReport> = self
            .subpositions
            .iter()
            .filter(|s| s.chain.is_some() || !s.idle)
            .collect();
        let rows: Vec<[String; 5]> = race
            .iter()
            .map(|s| {
                [
                    s.index.to_string(),
                    s.chain.clone().unwrap_or_else(|| "both".into()),
                    s.count.map_or("-".into(), |c| c.to_string()),
                    s.value.as_deref().map_or_else(
                        || match s.chain {
                            Some(_) => "nil".into(),
                            None => "outside the method".into(),
                        },
                        brief,
                    ),
                    points_words(&s.coords),
                ]
            })
            .collect();
        let head = ["sub-position", "chain", "count", "value", "points"];
        let mut width = head.map(str::len);
        for r in &rows {
            for (w, c) in width.iter_mut().zip(r) {
                *w = (*w).max(c.chars().count());
            }
        }
        let line = |o: &mut fmt::Formatter<'_>, r: [&str; 5]| {
            writeln!(
                o,
                "{:>w0$}  {:<w1$}  {:>w2$}  {:<w3$}  {}",
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                w0 = width[0],
                w1 = width[1],
                w2 = width[2],
                w3 = width[3]
            )
        };
        line(o, head)?;
        for r in &rows {
            line(o, [&r[0], &r[1], &r[2], &r[3], &r[4]])?;
        }
        let idle: Vec<String> = self
            .subpositions
            .iter()
            .filter(|s| s.idle)
            .map(|s| s.index.to_string())
            .collect();
        if !idle.is_empty() {
            writeln!(
                o,
                "(sub-position{} {}: no essential chain, not part of the race)",
                if idle.len() > 1 { "s" } else { "" },
                idle.join(", ")
            )?;
        }
        for s in &race {
            if let Some(ko) = &s.ko {
                writeln!(o, "sub-position {}: {ko}", s.index)?;
            }
        }
        for why in &self.outside {
            writeln!(o, "{why}")?;
        }
        for c in &self.lives {
            writeln!(
                o,
                "{c}'s essential chain lives (two eyes in different sub-positions): G includes its life count"
            )?;
        }
        for why in &self.fallback {
            writeln!(o, "the model cannot express {why}")?;
        }
        if let Some(g) = &self.sum {
            match self.sum_terms.as_deref() {
                Some(t) if t != g => writeln!(o, "G = {} = {}", brief(t), brief(g))?,
                _ => writeln!(o, "G = {}", brief(g))?,
            }
            let search = self.verdict_source == "search";
            // Where an approach ko decides, the verdict is the line
            // after the kos; the count's own is every liberty one move.
            let ko_decides = self
                .approach_kos
                .as_ref()
                .is_some_and(|k| k.black_first.is_some() || k.white_first.is_some());
            for (i, v) in self.verdict_lines.iter().enumerate() {
                let tag = match (search, i) {
                    (false, 0) if ko_decides => "the count, every liberty one move",
                    (false, 0) if self.joint_kos.is_some() => "the count, the kos left out",
                    (false, 0) => "verdict",
                    (true, 0) => "the model's count (not used)",
                    _ => "also",
                };
                writeln!(o, "{tag}: {}", brief_games(v))?;
            }
            if let Some(k) = &self.approach_kos {
                writeln!(o, "{}", k.line())?;
                if !search && let Some(w) = &self.outcome {
                    writeln!(o, "verdict with the approach kos: {w}")?;
                }
            }
            if let Some(k) = &self.joint_kos {
                writeln!(o, "{}", k.line())?;
                if !search && let Some(w) = &self.outcome {
                    writeln!(o, "verdict with the joint game's kos: {w}")?;
                }
            }
        }
        if self.verdict_source == "search" {
            match &self.outcome {
                Some(w) => writeln!(o, "verdict (from the board search): {w}")?,
                None => writeln!(
                    o,
                    "no verdict: the model cannot express the race and the search was skipped or cut off"
                )?,
            }
        }
        if let Some(s) = &self.search {
            let show = |r: &Option<String>| match r.as_deref() {
                Some("seki") => "seki".to_string(),
                Some(c) => format!("{c} captures"),
                None => "cut off".to_string(),
            };
            writeln!(
                o,
                "search ({} positions): Black first: {}; White first: {}",
                s.nodes,
                show(&s.black_first),
                show(&s.white_first)
            )?;
            for (first, ko) in [("Black", &s.black_first_ko), ("White", &s.white_first_ko)] {
                if let Some(k) = ko {
                    writeln!(
                        o,
                        "search with ko threats ({} positions), {first} first: {k}",
                        s.ko_nodes
                    )?;
                }
            }
            for d in &self.disagreements {
                writeln!(o, "DISAGREEMENT ({}): {d}", self.lead)?;
            }
        }
        if !self.trees {
            return Ok(());
        }
        if !self.labels.is_empty() {
            writeln!(o, "\nlabels: {}", self.labels.join(", "))?;
        }
        for s in race {
            writeln!(o, "\nsub-position {}: {}", s.index, s.scope)?;
            writeln!(o, "  points: {}", s.coords.join(" "))?;
            writeln!(o, "  useless points: {}", s.useless.join(" "))?;
            let Some((before, after)) = &s.text_trees else {
                continue;
            };
            writeln!(o, "  search region: {}", s.search_coords.join(" "))?;
            writeln!(
                o,
                "  tree before the transformation (leaves: the count; inner nodes: (count)):"
            )?;
            for line in before.lines() {
                writeln!(o, "    {line}")?;
            }
            writeln!(
                o,
                "  value before: {}",
                s.raw_value.as_deref().unwrap_or("nil")
            )?;
            match (after, &s.value) {
                (Some((tree, pruned)), Some(value)) => {
                    writeln!(o, "  tree after the transformation:")?;
                    for line in tree.lines() {
                        writeln!(o, "    {line}")?;
                    }
                    writeln!(
                        o,
                        "  after the transformation ({pruned} node(s) pruned): {value}"
                    )?;
                }
                _ => writeln!(o, "  after the transformation: nil (tree incomplete)")?,
            }
        }
        Ok(())
    }
}

/// Longest game written out in the text summary (a joint game's value
/// can run to thousands of characters; the JSON has it whole).
const BRIEF: usize = 100;

/// `text` as the summary writes it: cut after [`BRIEF`] characters with
/// the full length said.
fn brief(text: &str) -> String {
    let n = text.chars().count();
    if n <= BRIEF {
        return text.to_string();
    }
    let head: String = text.chars().take(BRIEF).collect();
    format!("{head}... ({n} characters; --json has it whole)")
}

/// A verdict line with every long game in it cut ([`brief`]): a game is a
/// run of characters from `{` to its matching `}`.
fn brief_games(line: &str) -> String {
    let mut out = String::new();
    let mut game = String::new();
    let mut depth = 0usize;
    for c in line.chars() {
        if depth > 0 || c == '{' {
            game.push(c);
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                out.push_str(&brief(&game));
                game.clear();
            }
        } else {
            out.push(c);
        }
    }
    out.push_str(&game);
    out
}

/// A region's points for the summary: up to six coordinates and the count.
fn points_words(coords: &[String]) -> String {
    if coords.len() <= 6 {
        coords.join(" ")
    } else {
        format!("{} ... ({} points)", coords[..5].join(" "), coords.len())
    }
}

/// What a sub-position is for the race, in words.
pub fn scope_words(s: &SubAnalysis) -> String {
    match s.scope {
        Scope::Race(c) => format!("{c}'s essential chain"),
        Scope::Idle => "no essential chain (not part of the race)".into(),
        Scope::Outside if s.parts.is_empty() && s.shared.is_empty() => {
            "essential chains of both colours: outside the method".into()
        }
        Scope::Outside if s.joint.is_some() => format!(
            "essential chains of both colours: their liberty areas meet, valued as one joint game ({} shared liberties; the {} part(s) are shown, not counted)",
            s.shared.len(),
            s.parts.len()
        ),
        Scope::Outside => format!(
            "essential chains of both colours: {} shared liberties, {} part(s) given to one chain each",
            s.shared.len(),
            s.parts.len()
        ),
    }
}

/// The colour a part of a split sub-position is counted for.
fn owner_of(s: &SubAnalysis) -> String {
    match s.scope {
        Scope::Race(c) => c.to_string(),
        _ => "-".into(),
    }
}

/// The verdict of a race with shared liberties, in one line: the
/// shared liberties, the rule, the two shifted sums judged and the
/// outcome.
fn shared_text(
    race: &Race,
    sh: &crate::shared::Shared,
    v: &crate::shared::SharedVerdict,
) -> String {
    let libs: Vec<String> = sh.liberties.iter().map(|&p| race.name(p)).collect();
    let shift = |m: i64| match m {
        0 => "G".to_string(),
        m if m > 0 => format!("G + {m}"),
        m => format!("G - {}", -m),
    };
    let how = match v.black.evaluation {
        Evaluation::Seed => "the seed's rule",
        Evaluation::Stops => "the stops",
    };
    if let Some([b, w]) = sh.joint {
        return format!(
            "liberty areas joined, shared liberties counted at the joint game's leaves ({}): {how} on {b} (for Black's capture) and on {w} (for White's): {}",
            if libs.is_empty() {
                "none at the start".to_string()
            } else {
                libs.join(" ")
            },
            crate::analysis::outcome_words(v.black_first, v.white_first)
        );
    }
    format!(
        "shared liberties {} ({}): {how} on {} (for Black's capture) and on {} (for White's): {}",
        libs.join(" "),
        sh.rule_words(),
        shift(-sh.margin[0]),
        shift(sh.margin[1]),
        crate::analysis::outcome_words(v.black_first, v.white_first)
    )
}

/// A verdict with its value and rule, in one line.
pub fn verdict_text(v: &Verdict) -> String {
    let val = |d: Option<miai_cgt::Dyadic>| d.map_or("-".into(), |d| d.to_string());
    match v.evaluation {
        Evaluation::Seed => format!(
            "seed rule {} on g = cool(G,2) = {}: adjusted value {} (Black first), {} (White first): {}",
            v.rule,
            v.g,
            val(v.black_first_value),
            val(v.white_first_value),
            v.words()
        ),
        Evaluation::Stops => format!(
            "stops of cool(G,1) = {}: left stop {}, right stop {}: {}",
            v.g,
            val(v.black_first_value),
            val(v.white_first_value),
            v.words()
        ),
    }
}

/// The transformed tree as text: each node with its value after the
/// transformation; at a node where the owner's moves were pruned they are
/// left out.
pub fn transformed_tree(
    race: &Race,
    t: &crate::GameTree,
    tr: &crate::Transformed,
    max_lines: usize,
) -> String {
    /// What the recursive walk reads and writes, so it takes two arguments
    /// besides itself.
    struct Walk<'a> {
        race: &'a Race,
        t: &'a crate::GameTree,
        tr: &'a crate::Transformed,
        out: String,
        lines: usize,
        max: usize,
    }
    impl Walk<'_> {
        fn walk(&mut self, id: usize, depth: usize) {
            let (t, tr) = (self.t, self.tr);
            let Some(n) = tr.nodes.get(&id) else { return };
            let node = &t.nodes[id];
            if depth > 64 || !node.expanded || node.settled {
                return;
            }
            for e in &node.edges {
                if n.pruned && e.color == t.owner {
                    continue;
                }
                if self.lines >= self.max {
                    return;
                }
                self.lines += 1;
                let who = if e.color == Color::Black { "B" } else { "W" };
                let value = tr
                    .nodes
                    .get(&e.child)
                    .map_or("-".into(), |c| c.value.to_string());
                let _ = writeln!(
                    self.out,
                    "{}{who} {}: {value}",
                    "  ".repeat(depth),
                    self.race.name(e.at)
                );
                self.walk(e.child, depth + 1);
            }
        }
    }
    let root = tr.nodes.get(&0).map_or("-".into(), |n| n.value.to_string());
    let mut w = Walk {
        race,
        t,
        tr,
        out: format!("root: {root}\n"),
        lines: 0,
        max: max_lines,
    };
    w.walk(0, 1);
    w.out
}

/// A simple layered drawing of a sub-position's tree: Black's moves go
/// left, White's right, as in the seed's figures.
pub fn tree_svg(race: &Race, s: &SubAnalysis, tree: &crate::GameTree) -> String {
    struct Item {
        x: f64,
        y: f64,
        label: String,
        parent: Option<(f64, f64, String)>,
    }
    let mut items: Vec<Item> = Vec::new();
    let mut next_x = 0.0;
    #[allow(clippy::too_many_arguments)]
    fn place(
        t: &crate::GameTree,
        race: &Race,
        id: usize,
        depth: usize,
        edge: Option<(f64, f64, String)>,
        items: &mut Vec<Item>,
        next_x: &mut f64,
        budget: &mut usize,
    ) -> f64 {
        let n = &t.nodes[id];
        let label = if n.settled || n.exhausted {
            n.count.to_string()
        } else if n.expanded {
            String::new()
        } else {
            "nil".into()
        };
        let y = 40.0 + depth as f64 * 70.0;
        let idx = items.len();
        items.push(Item {
            x: 0.0,
            y,
            label,
            parent: edge,
        });
        let mut xs = Vec::new();
        if n.expanded && depth < 12 && *budget > 0 {
            for e in &n.edges {
                if *budget == 0 {
                    break;
                }
                *budget -= 1;
                let tag = format!(
                    "{}{}",
                    if e.color == Color::Black { "B " } else { "W " },
                    race.name(e.at)
                );
                xs.push(place(
                    t,
                    race,
                    e.child,
                    depth + 1,
                    Some((0.0, y, tag)),
                    items,
                    next_x,
                    budget,
                ));
            }
        }
        let x = if xs.is_empty() {
            *next_x += 60.0;
            *next_x
        } else {
            xs.iter().sum::<f64>() / xs.len() as f64
        };
        items[idx].x = x;
        // Children recorded the parent's y; fix their parent x now.
        for it in items.iter_mut().skip(idx + 1) {
            if let Some(p) = &mut it.parent
                && p.1 == y
                && p.0 == 0.0
            {
                p.0 = x;
            }
        }
        x
    }
    let mut budget = 400;
    place(tree, race, 0, 0, None, &mut items, &mut next_x, &mut budget);
    let w = next_x + 60.0;
    let h = items.iter().map(|i| i.y).fold(0.0, f64::max) + 40.0;
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<title>{} tree</title>\n",
        s.sub.name(race)
    );
    for it in &items {
        if let Some((px, py, tag)) = &it.parent {
            let _ = writeln!(
                o,
                "<line x1=\"{px}\" y1=\"{py}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">{tag}</text>",
                it.x,
                it.y,
                (px + it.x) / 2.0,
                (py + it.y) / 2.0
            );
        }
    }
    for it in &items {
        let _ = writeln!(
            o,
            "<circle cx=\"{}\" cy=\"{}\" r=\"13\" fill=\"white\" stroke=\"black\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            it.x,
            it.y,
            it.x,
            it.y + 4.0,
            it.label
        );
    }
    o.push_str("</svg>\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, analyse};

    #[test]
    fn text_and_json_forms_of_the_seeds_race() {
        let race = Race::parse_diagram(
            "
            . . E e . .
            O O E e X X
            O O E e X X
        ",
        )
        .unwrap();
        let a = analyse(&race, &Options::default()).unwrap();
        let r = Report::new(&race, &a, Evaluation::Seed);
        let text = r.to_string();
        assert!(text.contains("G = 1 - 1 = 0"), "{text}");
        assert!(
            text.starts_with("verdict: seed rule") || text.contains("\nverdict: seed rule"),
            "{text}"
        );
        assert_eq!(r.sum.as_deref(), Some("0"));
        assert_eq!(
            r.verdict.as_ref().map(|v| v.words.as_str()),
            Some("the side that plays first wins")
        );
        assert_eq!(r.subpositions.len(), a.subs.len());
    }
}
