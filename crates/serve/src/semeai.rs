//! `POST /api/semeai` and `GET /api/semeai/examples`: the capturing-race
//! view (seed 002). The answer is semeai's [`View`]: the report of
//! `miai semeai --json` with what the page draws (the board point by
//! point, the trees as nodes with parents, the canonical trees, SVG).
//! This file is HTTP glue: it checks the request and calls the library.
//!
//! The seed's user-steered mode (§4, §4.3) comes in two forms: `points` +
//! `rounds` (the same candidate points at every `nil` node, round after
//! round, as `miai semeai --points --rounds`), and `steps`, the seed's own
//! dialogue: expand one `nil` node (named by its path from the root) at the
//! points the user names, which is how figs. 13, 14 and 15 follow each
//! other.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use miai_search::{Cancel, Limits, Progress};
use miai_semeai::{Evaluation, Options, Race, Step, View, analyse_with, apply_steps};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{ApiError, CancelOnDrop, blocking, jobs};

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
        include_str!("../assets/examples/semeai/seed002-fig2.txt"),
    ),
    (
        "seed002-fig2.sgf",
        include_str!("../assets/examples/semeai/seed002-fig2.sgf"),
    ),
    (
        "seed002-fig12-cut.txt",
        include_str!("../assets/examples/semeai/seed002-fig12-cut.txt"),
    ),
    (
        "plain-3-3.txt",
        include_str!("../assets/examples/semeai/plain-3-3.txt"),
    ),
    (
        "eye-vs-no-eye.txt",
        include_str!("../assets/examples/semeai/eye-vs-no-eye.txt"),
    ),
    (
        "shared-liberties.txt",
        include_str!("../assets/examples/semeai/shared-liberties.txt"),
    ),
    (
        "study-unknown-capture.txt",
        include_str!("../assets/examples/semeai/study-unknown-capture.txt"),
    ),
    (
        "study-approach-ko.txt",
        include_str!("../assets/examples/semeai/study-approach-ko.txt"),
    ),
    (
        "approach-ko-race.txt",
        include_str!("../assets/examples/semeai/approach-ko-race.txt"),
    ),
    (
        "joint-areas.txt",
        include_str!("../assets/examples/semeai/joint-areas.txt"),
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
    let guard = CancelOnDrop::new();
    let cancel = guard.0.clone();
    let settings = req.settings(cancel.clone())?;
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
        answer.stopped = Some(format!(
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
            answer.stopped = Some("cancelled: results may be cut off".into());
        }
        Ok(jobs::Output {
            result: serde_json::to_value(answer).map_err(|e| bad(e.to_string()))?,
            download: None,
        })
    }))
}

impl SemeaiRequest {
    /// The request's limits, checked, with `cancel` as the stop flag.
    pub(super) fn settings(&self, cancel: Cancel) -> Result<Settings, ApiError> {
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
pub(super) struct Settings {
    lead: Evaluation,
    rounds: usize,
    tree_nodes: u64,
    search_nodes: u64,
    cancel: Cancel,
}

fn bad(message: String) -> ApiError {
    ApiError::bad_request(message)
}

pub(super) fn analyse(
    req: &SemeaiRequest,
    settings: &Settings,
    progress: &mut dyn FnMut(&Progress),
) -> Result<View, ApiError> {
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
                    .map(|m| {
                        race.parse_move(m)
                            .map_err(|e| bad(format!("{field}.path: {e}")))
                    })
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
        apply_steps(&race, &mut a, &steps, settings.tree_nodes).map_err(|e| bad(e.to_string()))?;
    }
    let steered = !steps.is_empty() || !options.points.is_empty();
    Ok(View::new(&race, &a, settings.lead, steered))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_is_a_race() {
        for (name, text) in EXAMPLES {
            assert!(Race::parse(text).is_ok(), "{name}");
        }
    }
}
