//! `POST /api/semeai` and `GET /api/semeai/examples`: the capturing-race
//! view (seed 002). The answer is the report of `miai semeai --json` with
//! what the page draws added: the board point by point, each
//! sub-position's tree before and after the transformation as nodes with
//! parents, the canonical tree of its value, and the tree as SVG.
//!
//! The seed's user-steered mode (§4, §4.3) comes in two forms: `points` +
//! `rounds` (the same candidate points at every `nil` node, round after
//! round, as `miai semeai --points --rounds`), and `steps`, the seed's own
//! dialogue: expand one `nil` node (named by its path from the root) at the
//! points the user names, which is how figs. 13, 14 and 15 follow each
//! other.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use miai_cgt::Game;
use miai_goban::{Color, Vertex};
use miai_search::{Cancel, Limits, Progress};
use miai_semeai::{
    Analysis, Evaluation, Expansion, GameTree, Options, PointAttribute, Race, Report, Scope,
    SubAnalysis, Transformed, analyse_with, tree_svg,
};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{ApiError, blocking, jobs};

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new()
        .route("/api/semeai", post(api_semeai))
        .route("/api/semeai/examples", get(api_examples))
}

/// The races of `examples/semeai/`, offered by the page's drop-down; the
/// first is the one the page starts with.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "seed002-fig2.txt",
        include_str!("../../../../../examples/semeai/seed002-fig2.txt"),
    ),
    (
        "seed002-fig2.sgf",
        include_str!("../../../../../examples/semeai/seed002-fig2.sgf"),
    ),
    (
        "seed002-fig12-cut.txt",
        include_str!("../../../../../examples/semeai/seed002-fig12-cut.txt"),
    ),
    (
        "plain-3-3.txt",
        include_str!("../../../../../examples/semeai/plain-3-3.txt"),
    ),
    (
        "eye-vs-no-eye.txt",
        include_str!("../../../../../examples/semeai/eye-vs-no-eye.txt"),
    ),
    (
        "shared-liberties.txt",
        include_str!("../../../../../examples/semeai/shared-liberties.txt"),
    ),
    (
        "study-unknown-capture.txt",
        include_str!("../../../../../examples/semeai/study-unknown-capture.txt"),
    ),
    (
        "study-approach-ko.txt",
        include_str!("../../../../../examples/semeai/study-approach-ko.txt"),
    ),
];

/// Tree nodes per sub-position at most (and the default).
pub const TREE_NODES_CAP: u64 = 100_000;
/// Positions the independent search may visit at most.
pub const SEARCH_NODES_CAP: u64 = 10_000_000;
/// The search's default: enough for the seed's race of fig. 2 (4.48
/// million positions, docs/semeai.md §6).
pub const SEARCH_NODES_DEFAULT: u64 = 5_000_000;
/// The time limit of one analysis (tree expansion and search).
pub const SEMEAI_TIME: Duration = Duration::from_secs(30);
/// Rounds, candidate points and steps at most.
pub const ROUNDS_CAP: usize = 64;
/// Candidate points at most (in `points` and in each step).
pub const POINTS_CAP: usize = 64;
/// Steps at most.
pub const STEPS_CAP: usize = 256;
/// Tree nodes drawn per tree at most (the DAG is unfolded for drawing).
const DRAWN_NODES: usize = 300;

/// The body of `POST /api/semeai`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SemeaiRequest {
    /// A race diagram or SGF text.
    diagram: String,
    /// Candidate points (labels or coordinates) used at every `nil` node.
    #[serde(default)]
    points: Vec<String>,
    /// With `points`: expansion rounds; 0 or absent = until settled.
    rounds: Option<usize>,
    /// `stops` (default) or `seed`: which verdict leads.
    verdict: Option<String>,
    /// Tree nodes per sub-position at most.
    tree_nodes: Option<u64>,
    /// Positions the independent search may visit (0 skips it).
    search_nodes: Option<u64>,
    /// The seed's dialogue, one expansion after another.
    #[serde(default)]
    steps: Vec<StepRequest>,
}

/// One expansion of the seed's dialogue.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepRequest {
    /// The candidate points; the first one names the sub-position.
    points: Vec<String>,
    /// The node to expand, as moves from the root (`"B a"`, `"W D5"`);
    /// absent: every `nil` node of the sub-position (one round).
    path: Option<Vec<String>>,
}

/// A step read against the race.
struct Step {
    points: Vec<Vertex>,
    path: Option<Vec<(Color, Vertex)>>,
}

/// Raises the flag when dropped: a client that goes away stops the
/// analysis (axum drops the handler's future).
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

async fn api_examples() -> Json<Value> {
    Json(json!({
        "examples": EXAMPLES
            .iter()
            .map(|(name, text)| json!({"name": name, "text": text}))
            .collect::<Vec<_>>(),
    }))
}

async fn api_semeai(
    body: Result<Json<SemeaiRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let cancel = Cancel::new();
    let settings = req.settings(cancel.clone())?;
    let guard = CancelOnDrop(cancel.clone());
    let timed_out = Arc::new(AtomicBool::new(false));
    let timer = {
        let (cancel, timed_out) = (cancel.clone(), timed_out.clone());
        tokio::spawn(async move {
            tokio::time::sleep(SEMEAI_TIME).await;
            timed_out.store(true, Ordering::Relaxed);
            cancel.cancel();
        })
    };
    let answer = blocking(move || analyse(&req, &settings, &mut |_| {})).await;
    timer.abort();
    // The analysis is over: dropping the guard now stops nothing.
    drop(guard);
    let mut answer = answer?;
    if timed_out.load(Ordering::Relaxed) {
        answer["stopped"] = json!(format!(
            "the time limit ({} s) stopped the analysis: results may be cut off",
            SEMEAI_TIME.as_secs()
        ));
    }
    Ok(Json(answer).into_response())
}

/// The work of a semeai job (`POST /api/jobs`, kind `semeai`): the body of
/// `POST /api/semeai`, checked by the same code, with the independent
/// search's positions streamed as progress and a cancel that stops both the
/// expansion and the search (the answer then says `"cancelled"`).
pub(super) fn job_work(params: Value) -> Result<jobs::Work, ApiError> {
    let req: SemeaiRequest = jobs::params("semeai", params)?;
    // The job's own flag is only known when it runs: check the request now
    // (a 400 at the start), build the real settings in the work.
    req.settings(Cancel::new())?;
    Ok(Box::new(move |ctx: &jobs::Context| {
        let settings = req.settings(ctx.search_cancel())?;
        let max_nodes = settings.search_nodes;
        let mut answer = analyse(&req, &settings, &mut |p| {
            ctx.progress(json!({"nodes": p.nodes, "max_nodes": max_nodes}));
        })?;
        if ctx.is_cancelled() {
            answer["stopped"] = json!("cancelled: results may be cut off");
        }
        Ok(jobs::Output {
            result: answer,
            download: None,
        })
    }))
}

impl SemeaiRequest {
    /// The request's limits, checked, with `cancel` as the stop flag.
    fn settings(&self, cancel: Cancel) -> Result<Settings, ApiError> {
        let lead = match self.verdict.as_deref().map(str::trim) {
            None | Some("stops") => Evaluation::Stops,
            Some("seed") => Evaluation::Seed,
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "verdict: {other:?}: expected stops or seed"
                )));
            }
        };
        let tree_nodes = self.tree_nodes.unwrap_or(TREE_NODES_CAP);
        if tree_nodes == 0 || tree_nodes > TREE_NODES_CAP {
            return Err(ApiError::bad_request(format!(
                "tree_nodes: {tree_nodes}: expected 1..={TREE_NODES_CAP}"
            )));
        }
        let search_nodes = self.search_nodes.unwrap_or(SEARCH_NODES_DEFAULT);
        if search_nodes > SEARCH_NODES_CAP {
            return Err(ApiError::bad_request(format!(
                "search_nodes: {search_nodes}: expected 0..={SEARCH_NODES_CAP}"
            )));
        }
        let rounds = self.rounds.unwrap_or(0);
        if rounds > ROUNDS_CAP {
            return Err(ApiError::bad_request(format!(
                "rounds: {rounds}: expected 0..={ROUNDS_CAP}"
            )));
        }
        if self.points.len() > POINTS_CAP || self.steps.iter().any(|s| s.points.len() > POINTS_CAP)
        {
            return Err(ApiError::bad_request(format!(
                "points: at most {POINTS_CAP} candidate points"
            )));
        }
        if self.steps.len() > STEPS_CAP {
            return Err(ApiError::bad_request(format!(
                "steps: {}: at most {STEPS_CAP} steps",
                self.steps.len()
            )));
        }
        Ok(Settings {
            lead,
            rounds,
            tree_nodes,
            search_nodes,
            cancel,
        })
    }
}

/// The request's limits, checked.
struct Settings {
    lead: Evaluation,
    rounds: usize,
    tree_nodes: u64,
    search_nodes: u64,
    cancel: Cancel,
}

fn bad(message: String) -> ApiError {
    ApiError::bad_request(message)
}

fn analyse(
    req: &SemeaiRequest,
    settings: &Settings,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Value, ApiError> {
    let race = Race::parse(&req.diagram).map_err(|e| bad(format!("diagram: {e}")))?;
    let point = |field: &str, name: &str| {
        race.point(name.trim())
            .map_err(|e| bad(format!("{field}: {e}")))
    };
    let points = req
        .points
        .iter()
        .map(|p| point("points", p))
        .collect::<Result<Vec<_>, _>>()?;
    let mut steps = Vec::new();
    for (k, s) in req.steps.iter().enumerate() {
        let field = format!("steps[{k}]");
        let pts = s
            .points
            .iter()
            .map(|p| point(&field, p))
            .collect::<Result<Vec<_>, _>>()?;
        let path = match &s.path {
            None => None,
            Some(moves) => Some(
                moves
                    .iter()
                    .map(|m| parse_move(&race, m).map_err(|e| bad(format!("{field}.path: {e}"))))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        steps.push(Step { points: pts, path });
    }
    let options = Options {
        points,
        rounds: settings.rounds,
        tree_limits: Limits::none().with_nodes(settings.tree_nodes),
        search_limits: (settings.search_nodes > 0)
            .then(|| Limits::none().with_nodes(settings.search_nodes)),
        cancel: Some(settings.cancel.clone()),
    };
    let mut a = analyse_with(&race, &options, progress).map_err(|e| bad(e.to_string()))?;
    if !steps.is_empty() {
        apply_steps(&race, &mut a, &steps, settings.tree_nodes)?;
    }
    Ok(answer(
        &race,
        &a,
        settings,
        !steps.is_empty() || !options.points.is_empty(),
    ))
}

/// `"B a"`, `"W D5"`: a move of a path.
fn parse_move(race: &Race, text: &str) -> Result<(Color, Vertex), String> {
    let mut words = text.split_whitespace();
    let color = match words.next() {
        Some("B" | "b" | "Black" | "black") => Color::Black,
        Some("W" | "w" | "White" | "white") => Color::White,
        _ => {
            return Err(format!(
                "{text:?}: expected a colour and a point, as \"B a\" or \"W D5\""
            ));
        }
    };
    let (Some(p), None) = (words.next(), words.next()) else {
        return Err(format!(
            "{text:?}: expected a colour and a point, as \"B a\" or \"W D5\""
        ));
    };
    let v = race.point(p).map_err(|e| e.to_string())?;
    Ok((color, v))
}

/// Replays the user's steps: each names its sub-position by its first
/// point; those sub-positions get the trees the steps build (from the
/// root), the others keep their automatic trees; then `G` and the verdicts
/// are computed again.
fn apply_steps(
    race: &Race,
    a: &mut Analysis,
    steps: &[Step],
    tree_nodes: u64,
) -> Result<(), ApiError> {
    let mut trees: HashMap<usize, GameTree> = HashMap::new();
    for (k, step) in steps.iter().enumerate() {
        let Some(&first) = step.points.first() else {
            return Err(bad(format!("steps[{k}]: no candidate point")));
        };
        let Some((i, owner)) = a.subs.iter().enumerate().find_map(|(i, s)| match s.scope {
            Scope::Race(c) if s.sub.region.contains(first) => Some((i, c)),
            _ => None,
        }) else {
            return Err(bad(format!(
                "steps[{k}]: {} lies in no sub-position of the race",
                race.name(first)
            )));
        };
        let tree = trees
            .entry(i)
            .or_insert_with(|| GameTree::new(race, a.subs[i].sub.region, owner));
        match &step.path {
            None => tree.expand_steered(&step.points, 1),
            Some(path) => {
                let Some(id) = tree.find(path) else {
                    return Err(bad(format!(
                        "steps[{k}].path: no node {} in the tree of sub-position {}",
                        path.iter()
                            .map(|(c, v)| format!("{} {}", letter(*c), race.name(*v)))
                            .collect::<Vec<_>>()
                            .join(", "),
                        a.subs[i].sub.index
                    )));
                };
                tree.expand(id, &step.points);
            }
        }
        if tree.nodes.len() as u64 > tree_nodes {
            return Err(bad(format!(
                "steps[{k}]: the tree of sub-position {} has more than {tree_nodes} nodes",
                a.subs[i].sub.index
            )));
        }
    }
    for (i, tree) in trees {
        a.set_tree(i, tree);
    }
    a.judge(race);
    Ok(())
}

fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        _ => "W",
    }
}

/// The report of `miai semeai --json` with the board, the trees and the
/// values the page draws.
fn answer(race: &Race, a: &Analysis, settings: &Settings, steered: bool) -> Value {
    let mut v = serde_json::to_value(Report::new(race, a, settings.lead)).unwrap_or(Value::Null);
    if let Some(subs) = v["subpositions"].as_array_mut() {
        for (j, s) in subs.iter_mut().zip(&a.subs) {
            extend_sub(race, s, j);
        }
    }
    v["board"] = board(race, a);
    v["lead"] = json!(match settings.lead {
        Evaluation::Seed => "seed",
        Evaluation::Stops => "stops",
    });
    v["words"] = json!(a.verdict(settings.lead).map(|v| v.words()));
    v["g"] = json!(a.seed.as_ref().map(|v| v.g.to_string()));
    v["steered"] = json!(steered);
    v["labels"] = json!(
        race.labels()
            .iter()
            .map(|&(c, p)| json!({"label": c.to_string(), "point": race.position().graph().vertex_name(p)}))
            .collect::<Vec<_>>()
    );
    if let (Some(s), Some(search)) = (a.search, v.get_mut("search"))
        && let Some(o) = search.as_object_mut()
    {
        o.insert("complete".into(), json!(s.complete()));
    }
    v
}

/// What the page needs of one sub-position besides the CLI's report.
fn extend_sub(race: &Race, s: &SubAnalysis, out: &mut Value) {
    out["owner"] = json!(match s.scope {
        Scope::Race(c) => Some(c.to_string()),
        _ => None,
    });
    out["boundary"] = json!(
        s.sub
            .boundary
            .iter()
            .map(|v| race.name(v))
            .collect::<Vec<_>>()
    );
    out["expansion"] = json!(s.expansion.map(|e| match e {
        Expansion::Complete => "complete",
        Expansion::CutOff(_) => "cut off",
    }));
    let Some(tree) = &s.tree else {
        return;
    };
    out["count"] = json!(tree.nodes[0].count);
    out["settled"] = json!(tree.nodes[0].settled);
    out["nil"] = json!(tree.nodes.iter().filter(|n| n.is_nil()).count());
    out["tree_nodes"] = json!(tree.nodes.len());
    out["tree_before"] = tree_before(race, tree);
    out["tree_after"] = s
        .transformed
        .as_ref()
        .map_or(Value::Null, |tr| tree_after(race, tree, tr));
    out["canonical"] = s
        .transformed
        .as_ref()
        .map_or(Value::Null, |tr| canonical_tree(tr.value));
    out["tree_svg"] = json!(tree_svg(race, s, tree));
}

/// Every point of the board: stone, chain attribute, label, sub-position
/// and the attribute of an empty point; and the rows `drawBoard` reads.
fn board(race: &Race, a: &Analysis) -> Value {
    let pos = race.position();
    let graph = pos.graph();
    let Some((w, h)) = graph.dimensions() else {
        return Value::Null;
    };
    let mut attrs: HashMap<Vertex, (usize, PointAttribute)> = HashMap::new();
    let mut sub_of: HashMap<Vertex, usize> = HashMap::new();
    for s in &a.subs {
        for v in s.sub.region.iter() {
            sub_of.insert(v, s.sub.index);
        }
        for &(v, p) in &s.points {
            attrs.insert(v, (s.sub.index, p));
        }
    }
    let mut cells = vec![vec!["."; w]; h];
    let mut points = Vec::new();
    for v in graph.vertices() {
        let Some((x, y)) = graph.xy(v) else { continue };
        let stone = pos.color_at(v);
        if let Some(c) = stone {
            cells[y][x] = if c == Color::Black { "X" } else { "O" };
        }
        let label = race
            .labels()
            .iter()
            .find(|&&(_, u)| u == v)
            .map(|&(c, _)| c.to_string());
        points.push(json!({
            "x": x,
            "y": y,
            "coord": graph.vertex_name(v),
            "name": race.name(v),
            "stone": stone.map(letter),
            "attribute": race.attribute(v).map(|a| a.to_string()),
            "label": label,
            "sub": sub_of.get(&v),
            "point": attrs.get(&v).map(|(_, p)| p.to_string()),
        }));
    }
    let cols: Vec<String> = (0..w)
        .map(|x| {
            graph
                .at(x, 0)
                .map(|v| graph.vertex_name(v))
                .unwrap_or_default()
                .trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        })
        .collect();
    // The rows of the reports' diagrams: a letter row, "NN" and three
    // characters per point, the letter row again.
    let head = format!(
        "  {}",
        cols.iter().map(|c| format!("{c:>3}")).collect::<String>()
    );
    let mut rows = vec![head.clone()];
    for (y, row) in cells.iter().enumerate() {
        rows.push(format!(
            "{:>2} {}",
            h - y,
            row.iter().map(|c| format!("{c:>3}")).collect::<String>()
        ));
    }
    rows.push(head);
    json!({"width": w, "height": h, "diagram": rows, "points": points})
}

/// One drawn node of an unfolded tree.
struct Drawn {
    nodes: Vec<Value>,
    truncated: bool,
}

/// Unfolds the tree (a DAG) from the root for drawing, at most
/// [`DRAWN_NODES`] nodes; `describe` gives a node's fields, `keep` says
/// whether an edge is drawn.
fn unfold(
    race: &Race,
    tree: &GameTree,
    describe: &dyn Fn(usize) -> Value,
    keep: &dyn Fn(usize, &miai_semeai::Edge) -> bool,
) -> Value {
    struct Walk<'a> {
        race: &'a Race,
        tree: &'a GameTree,
        describe: &'a dyn Fn(usize) -> Value,
        keep: &'a dyn Fn(usize, &miai_semeai::Edge) -> bool,
        out: Drawn,
        on_path: Vec<bool>,
        path: Vec<String>,
    }
    impl Walk<'_> {
        fn visit(&mut self, id: usize, parent: Option<usize>, mv: Option<Value>) {
            if self.out.nodes.len() >= DRAWN_NODES {
                self.out.truncated = true;
                return;
            }
            let me = self.out.nodes.len();
            let mut node = (self.describe)(id);
            node["node"] = json!(id);
            node["parent"] = json!(parent);
            node["move"] = mv.unwrap_or(Value::Null);
            node["path"] = json!(self.path);
            self.out.nodes.push(node);
            let n = &self.tree.nodes[id];
            if !n.expanded || n.settled || self.path.len() >= 64 {
                return;
            }
            self.on_path[id] = true;
            for e in &n.edges {
                if self.on_path[e.child] || !(self.keep)(id, e) {
                    continue;
                }
                let who = letter(e.color);
                let at = self.race.name(e.at);
                self.path.push(format!("{who} {at}"));
                self.visit(e.child, Some(me), Some(json!({"color": who, "at": at})));
                self.path.pop();
            }
            self.on_path[id] = false;
        }
    }
    let mut w = Walk {
        race,
        tree,
        describe,
        keep,
        out: Drawn {
            nodes: Vec::new(),
            truncated: false,
        },
        on_path: vec![false; tree.nodes.len()],
        path: Vec::new(),
    };
    w.visit(0, None, None);
    json!({"nodes": w.out.nodes, "truncated": w.out.truncated})
}

fn kind(tree: &GameTree, id: usize) -> &'static str {
    let n = &tree.nodes[id];
    if n.settled {
        "settled"
    } else if n.exhausted {
        "exhausted"
    } else if n.expanded {
        "inner"
    } else {
        "nil"
    }
}

/// The tree before the transformation: leaves with their counts, `nil`
/// where unexpanded, inner nodes with their plain CGT value.
fn tree_before(race: &Race, tree: &GameTree) -> Value {
    let raw = tree.raw_values();
    let describe = |id: usize| {
        let n = &tree.nodes[id];
        let k = kind(tree, id);
        json!({
            "kind": k,
            "count": n.count,
            "label": match k {
                "settled" | "exhausted" => n.count.to_string(),
                "nil" => "nil".to_string(),
                _ => String::new(),
            },
            "value": raw.get(&id).copied().flatten().map(|g| g.to_string()),
        })
    };
    unfold(race, tree, &describe, &|_, _| true)
}

/// The tree after the transformation: the owner's moves left out where
/// they were pruned, each node with its transformed value.
fn tree_after(race: &Race, tree: &GameTree, tr: &Transformed) -> Value {
    let describe = |id: usize| {
        let t = tr.nodes.get(&id);
        json!({
            "kind": kind(tree, id),
            "count": tree.nodes[id].count,
            "label": t.map(|t| t.value.to_string()),
            "value": t.map(|t| t.value.to_string()),
            "pruned": t.is_some_and(|t| t.pruned),
            "replaced": t.is_some_and(|t| t.replaced),
        })
    };
    let keep = |id: usize, e: &miai_semeai::Edge| {
        !(tr.nodes.get(&id).is_some_and(|t| t.pruned) && e.color == tree.owner)
    };
    unfold(race, tree, &describe, &keep)
}

/// The canonical form of a value as a tree (seed fig. 16): Left's
/// (Black's) options to the left; numbers are leaves.
fn canonical_tree(g: Game) -> Value {
    fn walk(
        g: Game,
        parent: Option<usize>,
        side: Option<&str>,
        depth: usize,
        nodes: &mut Vec<Value>,
    ) {
        if nodes.len() >= 120 {
            return;
        }
        let me = nodes.len();
        nodes.push(json!({"parent": parent, "side": side, "value": g.to_string()}));
        if g.is_number() || depth >= 8 {
            return;
        }
        for l in g.left_options() {
            walk(l, Some(me), Some("L"), depth + 1, nodes);
        }
        for r in g.right_options() {
            walk(r, Some(me), Some("R"), depth + 1, nodes);
        }
    }
    let mut nodes = Vec::new();
    walk(g, None, None, 0, &mut nodes);
    json!({"nodes": nodes})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fig2() -> Race {
        Race::parse(EXAMPLES[0].1).expect("the seed's fig. 2 parses")
    }

    #[test]
    fn moves_of_a_path() {
        let race = fig2();
        let a = race.point("a").expect("label a");
        assert_eq!(parse_move(&race, "W a"), Ok((Color::White, a)));
        assert_eq!(parse_move(&race, "black G3"), Ok((Color::Black, a)));
        assert!(parse_move(&race, "a").is_err());
        assert!(parse_move(&race, "B a b").is_err());
        assert!(parse_move(&race, "X a").is_err());
    }

    #[test]
    fn canonical_tree_of_fig16() {
        // Seed fig. 16: {6|{4|0}} has Left option 6 and Right option
        // {4|0}, whose options are 4 and 0.
        let g: Game = "{6|{4|0}}".parse().expect("a game");
        let t = canonical_tree(g);
        let values: Vec<&str> = t["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .map(|n| n["value"].as_str().unwrap_or(""))
            .collect();
        assert_eq!(values, ["{6|{4|0}}", "6", "{4|0}", "4", "0"]);
        assert_eq!(t["nodes"][3]["parent"], 2);
    }

    #[test]
    fn board_rows_line_up() {
        // board.js reads three characters per point after a two-character
        // row name and a space; the letter row has the same columns.
        let race = fig2();
        let a = miai_semeai::analyse(&race, &Options::default()).expect("the analysis");
        let b = board(&race, &a);
        let rows: Vec<&str> = b["diagram"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r.as_str().unwrap_or(""))
            .collect();
        assert_eq!(rows[0].get(2..5), Some("  A"));
        assert_eq!(rows[0].get(26..29), Some("  J"), "no I column");
        // Row 12 is the top row: A12 is a Black stone, B12 empty.
        assert_eq!(rows[1].get(0..2), Some("12"));
        assert_eq!(rows[1].get(3..6), Some("  X"));
        assert_eq!(rows[1].get(6..9), Some("  ."));
        assert_eq!(rows.len(), 14);
    }
}
