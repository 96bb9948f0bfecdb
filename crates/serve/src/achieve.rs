//! The achievement view (seed 004): `POST /api/achieve/family` (a creature,
//! its area family and the placements behind it), `POST /api/achieve/pairing`
//! (a pairing strategy), `POST /api/achieve/animal` (an animal of the plane:
//! its orientations, a paving that proves it a loser, and the Maker-Breaker
//! game on a board with a proof line), and the `achieve` job kind (the
//! Maker-Breaker proof with progress, cancel and a certificate to download).

use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use miai_achieve::pairing::find_pairing;
use miai_achieve::plane::{Board, Polyomino, Symmetry, line, paving};
use miai_achieve::report::{PairingReport, solve_game};
use miai_achieve::spec::{FamilyReport, GameSpec};
use miai_achieve::{Cancel, Creature, Limits, Player};
use serde::Deserialize;
use serde_json::{Value, json};

use super::jobs::{self, Context, Download, Output, Work};
use super::{ApiError, CancelOnDrop, blocking};

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new()
        .route("/api/achieve/family", post(api_family))
        .route("/api/achieve/pairing", post(api_pairing))
        .route("/api/achieve/animal", post(api_animal))
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

/// The largest animal `POST /api/achieve/animal` takes (cells).
pub const ANIMAL_MAX_CELLS: usize = 12;
/// The largest board it solves (cells): 8 x 8.
pub const ANIMAL_BOARD_CELLS: usize = 64;
/// The time limit of its Maker-Breaker search (and of its paving search).
pub const ANIMAL_TIME: Duration = Duration::from_secs(10);
/// The node limit of its Maker-Breaker search.
pub const ANIMAL_NODES: u64 = 20_000_000;
/// The largest paving period side it searches (`miai achieve animal pave`
/// goes to 16).
pub const ANIMAL_MAX_PERIOD: usize = 8;
/// The node limit of its paving search.
pub const ANIMAL_PAVING_NODES: u64 = 2_000_000;

/// The body of `POST /api/achieve/animal`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnimalRequest {
    /// A name (`L4`, `snaky`), a picture (`##./.##`) or cells (`0,0 1,0`).
    animal: String,
    /// `free` (default), `rotations` or `fixed`.
    symmetry: Option<String>,
    /// `WxH`, `N`, `torus:WxH` or a picture: solve the game there and draw
    /// a proof line.
    board: Option<String>,
    /// Look for a paving (default: when no board is given).
    pave: Option<bool>,
    /// Largest paving period side (default 6, at most [`ANIMAL_MAX_PERIOD`]).
    max_period: Option<usize>,
}

/// A checked animal request.
#[derive(Debug)]
pub(crate) struct AnimalTask {
    animal: Polyomino,
    symmetry: Symmetry,
    board: Option<Board>,
    pave: bool,
    max_period: usize,
}

impl AnimalRequest {
    /// Checks the request (400 with the field named).
    pub(crate) fn check(&self) -> Result<AnimalTask, ApiError> {
        let animal: Polyomino = self
            .animal
            .parse()
            .map_err(|e| ApiError::bad_request(format!("animal: {:?}: {e}", self.animal)))?;
        if animal.len() > ANIMAL_MAX_CELLS {
            return Err(ApiError::bad_request(format!(
                "animal: {} cells; this server takes at most {ANIMAL_MAX_CELLS}",
                animal.len()
            )));
        }
        let symmetry = match self.symmetry.as_deref() {
            None => Symmetry::Free,
            Some(t) => t
                .parse()
                .map_err(|e| ApiError::bad_request(format!("symmetry: {e}")))?,
        };
        let board = match self.board.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(t) => {
                let b: Board = t
                    .parse()
                    .map_err(|e| ApiError::bad_request(format!("board: {e}")))?;
                // Counted without listing a large rectangle's cells.
                let cells = match &b {
                    Board::Rect { width, height } | Board::Torus { width, height } => {
                        width.saturating_mul(*height)
                    }
                    Board::Cells(c) => c.len(),
                };
                if cells > ANIMAL_BOARD_CELLS {
                    return Err(ApiError::bad_request(format!(
                        "board: {cells} cells; this server solves boards of at most \
                         {ANIMAL_BOARD_CELLS} cells (use `miai achieve animal solve`)"
                    )));
                }
                Some(b)
            }
        };
        let max_period = self.max_period.unwrap_or(6);
        if !(1..=ANIMAL_MAX_PERIOD).contains(&max_period) {
            return Err(ApiError::bad_request(format!(
                "max_period: {max_period}: expected 1..={ANIMAL_MAX_PERIOD}"
            )));
        }
        Ok(AnimalTask {
            animal,
            symmetry,
            pave: self.pave.unwrap_or(board.is_none()),
            board,
            max_period,
        })
    }
}

impl AnimalTask {
    /// The answer (blocking): the animal and its orientations, the paving
    /// search's report when asked, the game on the board with its proof
    /// line when a board is given.
    pub(crate) fn run(&self, cancel: &Cancel) -> Result<Value, ApiError> {
        let a = &self.animal;
        let orientations: Vec<_> = a
            .images(self.symmetry)
            .iter()
            .map(|p| p.cells().to_vec())
            .collect();
        let paving = self.pave.then(|| {
            let limits = Limits::none()
                .with_nodes(ANIMAL_PAVING_NODES)
                .with_time(ANIMAL_TIME);
            paving::search(a, self.symmetry, self.max_period, &limits, Some(cancel))
        });
        let board = self.board.as_ref().map(|b| {
            let cells = b.cells();
            json!({
                "text": b.to_string(),
                "torus": matches!(b, Board::Torus { .. }),
                "width": cells.iter().map(|c| c.0 + 1).max().unwrap_or(0),
                "height": cells.iter().map(|c| c.1 + 1).max().unwrap_or(0),
                "cells": cells,
            })
        });
        let game = match &self.board {
            None => None,
            Some(board) => {
                let limits = Limits::none()
                    .with_nodes(ANIMAL_NODES)
                    .with_time(ANIMAL_TIME)
                    .with_table_bytes(ACHIEVE_TABLE_BYTES);
                let spec = line::Game {
                    animal: a,
                    symmetry: self.symmetry,
                    board,
                };
                Some(
                    line::solve(spec, &limits, Some(cancel))
                        .map_err(|e| ApiError::bad_request(format!("board: {e}")))?,
                )
            }
        };
        Ok(json!({
            "animal": {
                "name": a.name(),
                "cells": a.cells(),
                "width": a.width(),
                "height": a.height(),
                "symmetry": self.symmetry.word(),
                "orientations": orientations,
            },
            "board": board,
            "paving": paving,
            "game": game,
        }))
    }
}

async fn api_animal(
    body: Result<Json<AnimalRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let task = req.check()?;
    let guard = CancelOnDrop::new();
    let cancel = guard.0.clone();
    let answer = blocking(move || task.run(&cancel)).await?;
    // The search is over: dropping the guard now cancels nothing.
    drop(guard);
    Ok(Json(answer).into_response())
}
