//! `POST /api/tsumego`: life and death; `GET /api/tsumego/examples`: the
//! seed-003 diagrams the page offers.

use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use miai_tsumego::problem::file::{self, RulesError};
use miai_tsumego::report::Source;
use miai_tsumego::{Cancel, Limits, Options, Problem, Progress, Report, Side};
use serde::{Deserialize, Serialize};

use super::{ApiError, CancelOnDrop, blocking};

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new()
        .route("/api/tsumego", post(api_tsumego))
        .route("/api/tsumego/examples", get(api_examples))
}

/// Seed 003's diagrams offered on the page (the problem files of
/// `crates/tsumego/tests/data/seed003/`, each citing the seed's lines),
/// embedded in the binary: `(id, text)`.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "02_tenuki",
        include_str!("../assets/examples/tsumego/02_tenuki.txt"),
    ),
    (
        "01a_ko_just_taken",
        include_str!("../assets/examples/tsumego/01a_ko_just_taken.txt"),
    ),
    (
        "03_dead_ko_disadvantaged",
        include_str!("../assets/examples/tsumego/03_dead_ko_disadvantaged.txt"),
    ),
    (
        "04a_approach_ko_n2",
        include_str!("../assets/examples/tsumego/04a_approach_ko_n2.txt"),
    ),
    (
        "04b_approach_ko_n3",
        include_str!("../assets/examples/tsumego/04b_approach_ko_n3.txt"),
    ),
    (
        "05_triple_ko",
        include_str!("../assets/examples/tsumego/05_triple_ko.txt"),
    ),
    (
        "06_round_robin_ko",
        include_str!("../assets/examples/tsumego/06_round_robin_ko.txt"),
    ),
    (
        "07_eternal_life",
        include_str!("../assets/examples/tsumego/07_eternal_life.txt"),
    ),
    (
        "12_false_eternal_life_a",
        include_str!("../assets/examples/tsumego/12_false_eternal_life_a.txt"),
    ),
    (
        "16_tempo_cycle_a",
        include_str!("../assets/examples/tsumego/16_tempo_cycle_a.txt"),
    ),
];

/// One example of `GET /api/tsumego/examples`.
#[derive(Debug, Serialize)]
struct Example {
    id: &'static str,
    /// The file's `name:` header.
    name: String,
    /// The file's `expect:` header: the seed's statuses.
    expect: Option<String>,
    /// The whole problem file.
    text: &'static str,
}

async fn api_examples() -> Json<Vec<Example>> {
    let header = |text: &str, key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .map(|v| v.trim().to_string())
    };
    Json(
        EXAMPLES
            .iter()
            .map(|&(id, text)| Example {
                id,
                name: header(text, "name:").unwrap_or_else(|| id.to_string()),
                expect: header(text, "expect:"),
                text,
            })
            .collect(),
    )
}

/// The largest node limit one `/api/tsumego` analysis may ask for (and its
/// default).
pub const MAX_NODES_CAP: u64 = 2_000_000;
/// The time limit of one `/api/tsumego` analysis.
pub const TSUMEGO_TIME: Duration = Duration::from_secs(30);
/// The transposition table of one `/api/tsumego` analysis, in bytes.
pub const TSUMEGO_TABLE_BYTES: usize = 32 << 20;

/// The body of `POST /api/tsumego` (and the `params` of a tsumego job).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TsumegoRequest {
    /// A problem file's text (headers and `diagram:`) or a bare diagram.
    diagram: String,
    /// `attacker`, `defender` or `both` (the default).
    first: Option<String>,
    /// `seed` or `superko` (default: the file's `rules` header, else seed).
    rules: Option<String>,
    /// Seed rules: the tenukis needed before retaking a ko.
    ko_threats: Option<u8>,
    /// Node limit of one analysis, at most [`MAX_NODES_CAP`].
    max_nodes: Option<u64>,
    /// Also list every correct first move.
    #[serde(default)]
    all_moves: bool,
}

/// A checked [`TsumegoRequest`], ready to run.
#[derive(Debug)]
pub(super) struct TsumegoTask {
    req: TsumegoRequest,
    first: &'static [Side],
    limits: Limits,
}

impl TsumegoRequest {
    /// Checks the fields the analysis does not check itself (400 with the
    /// field named).
    pub(super) fn validate(self) -> Result<TsumegoTask, ApiError> {
        let first: &'static [Side] = match self.first.as_deref().map(str::trim) {
            None | Some("both") => &[Side::Attacker, Side::Defender],
            Some("attacker") => &[Side::Attacker],
            Some("defender") => &[Side::Defender],
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "first: {other:?}: expected attacker, defender or both"
                )));
            }
        };
        let max_nodes = self.max_nodes.unwrap_or(MAX_NODES_CAP);
        if max_nodes == 0 || max_nodes > MAX_NODES_CAP {
            return Err(ApiError::bad_request(format!(
                "max_nodes: {max_nodes}: expected 1..={MAX_NODES_CAP}"
            )));
        }
        let limits = Limits::none()
            .with_nodes(max_nodes)
            .with_time(TSUMEGO_TIME)
            .with_table_bytes(TSUMEGO_TABLE_BYTES);
        Ok(TsumegoTask {
            req: self,
            first,
            limits,
        })
    }
}

impl TsumegoTask {
    /// Whether both first players are analysed (two searches in a row).
    pub(super) fn searches(&self) -> usize {
        self.first.len()
    }

    /// Runs the analysis (blocking), calling `on_progress` with the first
    /// player being analysed and the search's progress. The report carries
    /// the positions of each principal variation on the diagram's window.
    pub(super) fn run(
        &self,
        cancel: &Cancel,
        on_progress: &mut dyn FnMut(Side, Progress),
    ) -> Result<Report, ApiError> {
        const ORIGIN: &str = "the diagram";
        let req = &self.req;
        let bad = |e: &dyn std::fmt::Display| ApiError::bad_request(format!("{ORIGIN}: {e}"));
        let f = file::parse(&req.diagram).map_err(|e| bad(&e))?;
        let regime = file::choose_regime(req.rules.as_deref(), req.ko_threats, Some(&f)).map_err(
            |e| match e {
                RulesError::Given(e) => ApiError::bad_request(format!("rules: {e}")),
                RulesError::Header { .. } => bad(&e),
                RulesError::KoThreatsUnderSuperko => {
                    ApiError::bad_request(format!("ko_threats: {e}"))
                }
            },
        )?;
        let problem = Problem::new(f.spec.clone()).map_err(|e| bad(&e))?;
        let options = Options {
            regime,
            limits: self.limits,
            all_moves: req.all_moves,
            ..Options::default()
        };
        let source = Source {
            file: ORIGIN.to_string(),
            name: f.header("name").map(str::to_string),
            to_play: f.spec.setup.to_move,
        };
        let mut report = Report::run(source, &problem, self.first, &options, cancel, on_progress);
        if let Some(window) = f.window() {
            report.add_positions(&problem, window);
        }
        Ok(report)
    }
}

async fn api_tsumego(
    body: Result<Json<TsumegoRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let task = req.validate()?;
    let guard = CancelOnDrop::new();
    let cancel = guard.0.clone();
    let report = blocking(move || task.run(&cancel, &mut |_, _| {})).await?;
    // The search is over: dropping the guard now cancels nothing.
    drop(guard);
    Ok(Json(report).into_response())
}
