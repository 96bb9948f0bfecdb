//! `GET /api/nko/table`: seed 000's win table.

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::{ApiError, blocking};
use crate::cmd::nko;

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new().route("/api/nko/table", get(api_nko_table))
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
    let rows =
        blocking(move || nko::table_rows(max_n, passes).map_err(|e| ApiError::from_analysis(&e)))
            .await?;
    Ok(Json(NkoTable {
        max_n,
        passes,
        rows,
    })
    .into_response())
}
