//! `GET /api/nko/table`: seed 000's win table; `GET /api/nko/state`: one
//! state's verdict and best play (the drill-down of a table cell).

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use miai_nko::{Player, State};

use super::{ApiError, blocking};
use miai_nko::report::{self as nko, Table};

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new()
        .route("/api/nko/table", get(api_nko_table))
        .route("/api/nko/state", get(api_nko_state))
}

/// The largest `max_n` of `/api/nko/table`.
pub const NKO_MAX_N: u64 = 200;

/// The query of `GET /api/nko/table`.
#[derive(Debug, Deserialize)]
struct NkoTableQuery {
    /// Largest n (2..=[`NKO_MAX_N`], default 20).
    max_n: Option<u64>,
    /// The variant with passes.
    #[serde(default)]
    passes: bool,
}

/// The answer of `GET /api/nko/table`.
#[derive(Debug, Serialize)]
struct NkoTable {
    max_n: u64,
    passes: bool,
    rows: Vec<nko::Row>,
}

async fn api_nko_table(
    query: Result<Query<NkoTableQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query?;
    let max_n = q.max_n.unwrap_or(20);
    if !(2..=NKO_MAX_N).contains(&max_n) {
        return Err(ApiError::bad_request(format!(
            "max_n: {max_n}: expected 2..={NKO_MAX_N}"
        )));
    }
    let passes = q.passes;
    let rows = blocking(move || {
        Table::new(max_n, passes)
            .and_then(|t| t.rows())
            .map_err(|e| ApiError::from_analysis(&e))
    })
    .await?;
    Ok(Json(NkoTable {
        max_n,
        passes,
        rows,
    })
    .into_response())
}

/// The largest `n` of `/api/nko/state` (the model's own limit is far
/// beyond any board; a variation has fewer than `n` plies).
pub const NKO_STATE_MAX_N: u64 = 10_000;
/// The largest `n` of `/api/nko/state` with passes: the answer also
/// builds the naive pass table up to `n`, which grows as `n²` (about 0.3 s
/// at 2,000 in a debug build, 9 s and 200 MB at 10,000).
pub const NKO_STATE_MAX_N_PASSES: u64 = 2_000;
/// The most plies of a variation shown.
pub const NKO_MAX_PLIES: usize = 400;

/// The query of `GET /api/nko/state`.
#[derive(Debug, Deserialize)]
struct NkoStateQuery {
    n: u64,
    m: u64,
    /// 0 Black to move, 1 White to move (or give `to_move`).
    t: Option<u8>,
    /// `B` or `W` (or `black`/`white`).
    to_move: Option<String>,
    /// The variant with passes.
    #[serde(default)]
    passes: bool,
    /// At most this many plies (default and limit [`NKO_MAX_PLIES`]).
    max_plies: Option<usize>,
}

fn player_of(q: &NkoStateQuery) -> Result<Player, ApiError> {
    let by_t = match q.t {
        None => None,
        Some(0) => Some(Player::Black),
        Some(1) => Some(Player::White),
        Some(t) => {
            return Err(ApiError::bad_request(format!(
                "t: {t}: expected 0 (Black to move) or 1 (White to move)"
            )));
        }
    };
    let by_name = match q.to_move.as_deref() {
        None => None,
        Some(s) => Some(Player::from_name(s).ok_or_else(|| {
            ApiError::bad_request(format!("to_move: {:?}: expected B or W", s.trim()))
        })?),
    };
    match (by_t, by_name) {
        (Some(a), Some(b)) if a != b => Err(ApiError::bad_request(
            "t and to_move disagree: give one of them",
        )),
        (Some(p), _) | (None, Some(p)) => Ok(p),
        (None, None) => Err(ApiError::bad_request(
            "give the side to move: t=0|1 or to_move=B|W",
        )),
    }
}

async fn api_nko_state(
    query: Result<Query<NkoStateQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query?;
    let to_move = player_of(&q)?;
    if q.n > NKO_STATE_MAX_N {
        return Err(ApiError::bad_request(format!(
            "n: {}: this server answers n up to {NKO_STATE_MAX_N}",
            q.n
        )));
    }
    if q.passes && q.n > NKO_STATE_MAX_N_PASSES {
        return Err(ApiError::bad_request(format!(
            "n: {}: with passes this server answers n up to {NKO_STATE_MAX_N_PASSES}",
            q.n
        )));
    }
    let state = State::new(q.n, q.m, to_move).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let max_plies = q.max_plies.unwrap_or(NKO_MAX_PLIES).min(NKO_MAX_PLIES);
    let passes = q.passes;
    let answer = blocking(move || {
        let report = nko::StateReport::new(state, passes, max_plies)
            .map_err(|e| ApiError::from_analysis(&e))?;
        // Through a `Value`: its keys sorted, as this answer always had them.
        serde_json::to_value(report).map_err(|e| ApiError::from_analysis(&e))
    })
    .await?;
    Ok(Json(answer).into_response())
}
