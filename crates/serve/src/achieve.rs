//! The achievement view (seed 004): `POST /api/achieve/family` (a creature,
//! its area family and the placements behind it), `POST /api/achieve/pairing`
//! (a pairing strategy), and the `achieve` job kind (the Maker-Breaker proof
//! with progress, cancel and a certificate to download).

use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use miai_achieve::pairing::find_pairing;
use miai_achieve::report::{PairingReport, solve_game};
use miai_achieve::spec::{FamilyReport, GameSpec};
use miai_achieve::{Creature, Limits, Player};
use serde::Deserialize;
use serde_json::{Value, json};

use super::jobs::{self, Context, Download, Output, Work};
use super::{ApiError, blocking};

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new()
        .route("/api/achieve/family", post(api_family))
        .route("/api/achieve/pairing", post(api_pairing))
}

/// The most stones a creature may have here.
pub const MAX_STONES: usize = 24;
/// The widest creature accepted here.
pub const MAX_SPAN: i64 = 128;
/// The time limit of one proof.
pub const ACHIEVE_TIME: Duration = Duration::from_secs(60);
/// The largest node limit a proof may ask for.
pub const ACHIEVE_MAX_NODES: u64 = 1_000_000_000;
/// The transposition table of one proof, in bytes.
pub const ACHIEVE_TABLE_BYTES: usize = 64 << 20;
/// The largest area whose certificate is written: beyond it certificates
/// reach tens of megabytes (docs/achieve.md: 22 MB at 22 cells).
pub const CERTIFICATE_MAX_CELLS: usize = 20;
/// The largest period the pairing search may try here (the search cannot
/// be cancelled; up to 32 it answers within about a second in a debug
/// build, at 64 it took 20 to 60 s on 5-stone creatures without a pairing).
pub const PAIRING_MAX_PERIOD: usize = 32;
/// The largest pairing search budget per period.
pub const PAIRING_MAX_BUDGET: u64 = 1_000_000;

/// A creature on an area, as posted.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FamilyRequest {
    /// The creature's cells, e.g. `"0,4,5,7,15"`.
    creature: String,
    /// An area of this many consecutive cells.
    area: Option<usize>,
    /// Or a tile whose translates tile the line, e.g. `"0,1,4,5"`.
    tile: Option<String>,
    /// The anchor stone (0-based); default the middle one.
    anchor: Option<usize>,
    /// Mirror images count too.
    #[serde(default)]
    mirror: bool,
}

/// The params of an `achieve` job.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    creature: String,
    area: Option<usize>,
    tile: Option<String>,
    anchor: Option<usize>,
    #[serde(default)]
    mirror: bool,
    /// `maker` (default) or `breaker`.
    first: Option<String>,
    /// Node limit, at most [`ACHIEVE_MAX_NODES`].
    max_nodes: Option<u64>,
    /// Also write the winner's strategy (a certificate to download).
    #[serde(default)]
    certificate: bool,
}

/// The body of `POST /api/achieve/pairing`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PairingRequest {
    creature: String,
    #[serde(default)]
    mirror: bool,
    /// Largest period tried (default 32).
    max_period: Option<usize>,
    /// Search nodes per period (default 1,000,000).
    budget: Option<u64>,
}

/// A creature read from its field, within this server's bounds.
fn creature(text: &str) -> Result<Creature, ApiError> {
    let c: Creature = text
        .parse()
        .map_err(|e| ApiError::bad_request(format!("creature: {text:?}: {e}")))?;
    if c.len() > MAX_STONES {
        return Err(ApiError::bad_request(format!(
            "creature: {} stones; this server takes at most {MAX_STONES}",
            c.len()
        )));
    }
    if c.span() > MAX_SPAN {
        return Err(ApiError::bad_request(format!(
            "creature: span {}; this server takes at most {MAX_SPAN}",
            c.span()
        )));
    }
    Ok(c)
}

/// The game a request names, checked.
fn game_spec(
    creature_text: &str,
    area: Option<usize>,
    tile: Option<&str>,
    anchor: Option<usize>,
    mirror: bool,
) -> Result<GameSpec, ApiError> {
    GameSpec::new(creature(creature_text)?, area, tile, anchor, mirror)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

async fn api_family(
    body: Result<Json<FamilyRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    // Checking a tile's tiling is a bounded search, but one that may take
    // a while: off the async runtime, under the admission control.
    let report = blocking(move || family_report(&req)).await?;
    Ok(Json(report).into_response())
}

/// The work of `POST /api/achieve/family`.
pub(crate) fn family_report(req: &FamilyRequest) -> Result<FamilyReport, ApiError> {
    let spec = game_spec(
        &req.creature,
        req.area,
        req.tile.as_deref(),
        req.anchor,
        req.mirror,
    )?;
    FamilyReport::new(&spec).map_err(|e| ApiError::bad_request(format!("family: {e}")))
}

async fn api_pairing(
    body: Result<Json<PairingRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let search = req.check()?;
    let answer = blocking(move || search.run()).await?;
    Ok(Json(answer).into_response())
}

/// A checked pairing request.
#[derive(Debug)]
pub(crate) struct PairingSearch {
    creature: Creature,
    mirror: bool,
    /// Largest period tried.
    pub(crate) max_period: usize,
    /// Search nodes per period.
    pub(crate) budget: u64,
}

impl PairingRequest {
    /// Checks the request (400 with the field named).
    pub(crate) fn check(&self) -> Result<PairingSearch, ApiError> {
        let creature = creature(&self.creature)?;
        let max_period = self.max_period.unwrap_or(32);
        if !(2..=PAIRING_MAX_PERIOD).contains(&max_period) {
            return Err(ApiError::bad_request(format!(
                "max_period: {max_period}: expected 2..={PAIRING_MAX_PERIOD}"
            )));
        }
        let budget = self.budget.unwrap_or(PAIRING_MAX_BUDGET);
        if !(1..=PAIRING_MAX_BUDGET).contains(&budget) {
            return Err(ApiError::bad_request(format!(
                "budget: {budget}: expected 1..={PAIRING_MAX_BUDGET}"
            )));
        }
        Ok(PairingSearch {
            creature,
            mirror: self.mirror,
            max_period,
            budget,
        })
    }
}

impl PairingSearch {
    /// The search and its report (blocking).
    pub(crate) fn run(&self) -> Result<Value, ApiError> {
        let c = &self.creature;
        let result = find_pairing(c, self.mirror, self.max_period, self.budget);
        let report = PairingReport::new(c, self.mirror, &result).with_creature_note();
        serde_json::to_value(report).map_err(|e| ApiError::from_analysis(&e))
    }
}

/// The work of an `achieve` job: the Maker-Breaker game of the family,
/// solved with progress, and its certificate (`miai achieve solve
/// --certificate`'s format) offered for download.
pub(super) fn job_work(params: Value) -> Result<Work, ApiError> {
    let req: SolveRequest = jobs::params("achieve", params)?;
    let spec = game_spec(
        &req.creature,
        req.area,
        req.tile.as_deref(),
        req.anchor,
        req.mirror,
    )?;
    let first = match req.first.as_deref().map(str::trim) {
        None | Some("maker") => Player::Maker,
        Some("breaker") => Player::Breaker,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "first: {other:?}: expected maker or breaker"
            )));
        }
    };
    if let Some(n) = req.max_nodes
        && !(1..=ACHIEVE_MAX_NODES).contains(&n)
    {
        return Err(ApiError::bad_request(format!(
            "max_nodes: {n}: expected 1..={ACHIEVE_MAX_NODES}"
        )));
    }
    if req.certificate && spec.area.len() > CERTIFICATE_MAX_CELLS {
        return Err(ApiError::bad_request(format!(
            "certificate: the area has {} cells; certificates are written here up to \
             {CERTIFICATE_MAX_CELLS} cells (they grow to tens of megabytes beyond; use `miai \
             achieve solve --certificate`)",
            spec.area.len()
        )));
    }
    let game = spec
        .family()
        .map_err(|e| ApiError::bad_request(format!("family: {e}")))?;
    let limits = Limits {
        max_nodes: req.max_nodes,
        max_time: Some(ACHIEVE_TIME),
        table_bytes: Some(ACHIEVE_TABLE_BYTES),
    };
    let filename = spec.certificate_filename();
    let origin = spec.origin();
    let want_certificate = req.certificate;
    Ok(Box::new(move |ctx: &Context| {
        let phase = std::cell::Cell::new("solve");
        let cancel = ctx.search_cancel();
        let solved = solve_game(
            &game,
            &origin,
            first,
            limits,
            Some(&cancel),
            want_certificate,
            &mut || phase.set("certificate"),
            &mut |p| {
                ctx.progress(json!({
                    "phase": phase.get(),
                    "nodes": p.nodes,
                    "table_used": p.table.used,
                    "table_capacity": p.table.capacity,
                }));
            },
        )
        .map_err(|e| ApiError::from_analysis(&e))?;
        let (report, body) = solved.offer(&filename);
        let download = body.map(|body| Download {
            filename: filename.clone(),
            body,
        });
        let result = serde_json::to_value(report.with_family_note())
            .map_err(|e| ApiError::from_analysis(&e))?;
        Ok(Output { result, download })
    }))
}
