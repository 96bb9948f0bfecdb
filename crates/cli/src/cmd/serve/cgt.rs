//! `POST /api/cgt`: the CGT calculator.

use axum::extract::rejection::JsonRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use miai_cgt::Dyadic;
use serde::{Deserialize, Serialize};

use super::{ApiError, blocking};
use crate::cmd::cgt;

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new().route("/api/cgt", post(api_cgt))
}

/// The body of `POST /api/cgt`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CgtRequest {
    /// The game expression.
    expr: String,
    /// Cool by this temperature (a dyadic number as text, e.g. "2", "1/2").
    cool: Option<String>,
    /// Heat by this temperature.
    heat: Option<String>,
}

fn temperature(field: &str, text: Option<&str>) -> Result<Option<Dyadic>, ApiError> {
    text.map(|t| {
        t.trim().parse::<Dyadic>().map_err(|e| {
            ApiError::bad_request(format!("{field}: {t:?} is not a dyadic number: {e}"))
        })
    })
    .transpose()
}

/// The answer of `POST /api/cgt`: the report of `miai cgt --json` and the
/// thermograph drawn.
#[derive(Debug, Serialize)]
struct CgtAnswer {
    #[serde(flatten)]
    report: cgt::Report,
    /// The thermograph as an SVG document.
    thermograph_picture: String,
}

async fn api_cgt(body: Result<Json<CgtRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let cool = temperature("cool", req.cool.as_deref())?;
    let heat = temperature("heat", req.heat.as_deref())?;
    let answer = blocking(move || {
        let (report, _) =
            cgt::analyse(&req.expr, "expr", cool, heat).map_err(|e| ApiError::from_analysis(&e))?;
        let thermograph_picture = report.thermograph_svg();
        Ok(CgtAnswer {
            report,
            thermograph_picture,
        })
    })
    .await?;
    Ok(Json(answer).into_response())
}
