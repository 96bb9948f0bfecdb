//! `POST /api/cgt`: the CGT calculator, bounded in time and memory and
//! cancelled when the client goes away.

use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use miai_cgt::report::{Report, analyse_detailed};
use miai_cgt::{Dyadic, Evaluator};
use miai_search::{Cancel, Limits};
use serde::{Deserialize, Serialize};

use super::{ApiError, CancelOnDrop, blocking};

/// Time limit of one request.
const TIME_LIMIT: Duration = Duration::from_secs(10);
/// How much one request may grow the store of games and its caches.
const MEMORY_LIMIT: usize = 256 << 20;
/// The store of canonical forms is process-wide and keeps what it stored
/// (see `miai_cgt::Game::store_bytes`): past this size, once its caches are
/// emptied, the server takes no more expressions (503) rather than grow
/// without end. With [`MEMORY_LIMIT`] per request, the store stays under
/// this plus one request's growth per heavy slot.
const STORE_CEILING: usize = 2 << 30;

/// The routes of this view.
pub(super) fn routes() -> Router {
    Router::new().route("/api/cgt", post(api_cgt))
}

/// The body of `POST /api/cgt`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CgtRequest {
    /// The game expression.
    expr: String,
    /// Cool by this temperature (a dyadic number as text, e.g. "2", "1/2").
    cool: Option<String>,
    /// Heat by this temperature.
    heat: Option<String>,
    /// Also list options and incentives, the reduced canonical form and
    /// the atomic weight.
    #[serde(default)]
    pub(crate) details: bool,
}

fn temperature(field: &str, text: Option<&str>) -> Result<Option<Dyadic>, ApiError> {
    text.map(|t| {
        t.trim()
            .parse::<Dyadic>()
            .map_err(|e| ApiError::bad_request(format!("{field} by {t:?}: {e}")))
    })
    .transpose()
}

/// The answer of `POST /api/cgt`: the report of `miai cgt --json` and the
/// thermograph drawn.
#[derive(Debug, Serialize)]
pub(crate) struct CgtAnswer {
    #[serde(flatten)]
    report: Report,
    /// The thermograph as an SVG document.
    thermograph_picture: String,
}

async fn api_cgt(body: Result<Json<CgtRequest>, JsonRejection>) -> Result<Response, ApiError> {
    let Json(req) = body?;
    // Dropped with this future when the client goes away: the work stops.
    let guard = CancelOnDrop::new();
    let cancel = guard.0.clone();
    let answer = blocking(move || {
        let limits = Limits::default()
            .with_time(TIME_LIMIT)
            .with_table_bytes(MEMORY_LIMIT);
        evaluate(&req, &limits, &cancel)
    })
    .await?;
    drop(guard);
    Ok(Json(answer).into_response())
}

/// The work of `POST /api/cgt` (blocking) under `limits` and `cancel`.
pub(crate) fn evaluate(
    req: &CgtRequest,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<CgtAnswer, ApiError> {
    evaluate_under(req, limits, cancel, STORE_CEILING)
}

/// [`evaluate`] with the store's ceiling given.
fn evaluate_under(
    req: &CgtRequest,
    limits: &Limits,
    cancel: &Cancel,
    store_ceiling: usize,
) -> Result<CgtAnswer, ApiError> {
    let cool = temperature("cool", req.cool.as_deref())?;
    let heat = temperature("heat", req.heat.as_deref())?;
    if miai_cgt::Game::store_bytes() > store_ceiling {
        miai_cgt::Game::clear_caches();
        let bytes = miai_cgt::Game::store_bytes();
        if bytes > store_ceiling {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server's store of canonical forms is full ({} MiB of {} MiB): \
                     restart `miai serve` to empty it, or run `miai cgt`",
                    bytes >> 20,
                    store_ceiling >> 20
                ),
            ));
        }
    }
    let eval = Evaluator::new(limits, Some(cancel));
    // Named as the page names it, not by its JSON field.
    let report = analyse_detailed(&req.expr, "the expression", cool, heat, req.details, &eval)
        .map_err(|e| match e.stop() {
            Some(stop) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "cut off ({stop}): the server gives one expression at most {} s and {} MiB; \
                 run `miai cgt` for larger ones",
                    TIME_LIMIT.as_secs(),
                    MEMORY_LIMIT >> 20
                ),
            ),
            None => ApiError::bad_request(e.to_string()),
        })?;
    let thermograph_picture = report.thermograph_svg();
    Ok(CgtAnswer {
        report,
        thermograph_picture,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(expr: &str) -> CgtRequest {
        CgtRequest {
            expr: expr.to_string(),
            cool: None,
            heat: None,
            details: false,
        }
    }

    #[test]
    fn a_full_store_refuses_new_expressions_with_503_and_says_why() {
        let limits = Limits::default().with_time(TIME_LIMIT);
        let cancel = Cancel::new();
        // A game stored, so a ceiling of one byte is exceeded even after
        // the caches are emptied.
        assert!(miai_cgt::parse("{3|1}").is_ok());
        assert!(miai_cgt::Game::store_bytes() > 1);
        let err = evaluate_under(&request("{3|1}"), &limits, &cancel, 1)
            .expect_err("a store over its ceiling refuses");
        assert_eq!(err.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(
            err.message.contains("store of canonical forms is full"),
            "{}",
            err.message
        );
        // Under the real ceiling the same request is answered.
        let answer = evaluate_under(&request("{3|1}"), &limits, &cancel, STORE_CEILING);
        assert!(answer.is_ok());
    }
}
