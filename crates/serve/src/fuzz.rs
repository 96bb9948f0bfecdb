//! Hooks for the fuzz target `request` (`crates/serve/fuzz`) and its
//! stable replay test: a request body read and checked by an endpoint's own
//! code, without a server. Not part of the API.

use axum::Json;
use axum::response::IntoResponse;
use miai_search::{Cancel, Limits};

use super::{ApiError, achieve, board, cgt, jobs, semeai, tsumego};

/// The endpoints that take a JSON body.
pub const ENDPOINTS: &[&str] = &[
    "/api/board/parse",
    "/api/board/write",
    "/api/cgt",
    "/api/tsumego",
    "/api/semeai",
    "/api/jobs",
    "/api/achieve/family",
    "/api/achieve/pairing",
    "/api/achieve/animal",
];

/// Steps of a CGT evaluation here.
const CGT_STEPS: u64 = 2_000;
/// The largest period and budget of a pairing search here.
const PAIRING_PERIOD: usize = 6;
/// See [`PAIRING_PERIOD`].
const PAIRING_BUDGET: u64 = 1_000;

/// Reads `body` as a request to `endpoint` (one of [`ENDPOINTS`]) as the
/// server does (axum's JSON extractor, then the handler's checks) and
/// answers it with the handler's code, but small: searches are cancelled
/// before they start (tsumego, semeai, the animal's paving and game), CGT evaluation gets a small step
/// budget, a pairing search a small period and budget, and a job is checked
/// but not started. Gives the answer's HTTP status, `None` for an unknown
/// endpoint.
pub fn answer(endpoint: &str, body: &[u8]) -> Option<u16> {
    let cancelled = Cancel::new();
    cancelled.cancel();
    let response = match endpoint {
        "/api/board/parse" => read(body)
            .map_err(board::Failure::Api)
            .and_then(|r| board::parse_answer(&r))
            .map(Json)
            .into_response(),
        "/api/board/write" => read(body)
            .map_err(board::Failure::Api)
            .and_then(|r| board::write_answer(&r))
            .map(Json)
            .into_response(),
        "/api/cgt" => read(body)
            .and_then(|r| {
                let limits = Limits::none()
                    .with_nodes(CGT_STEPS)
                    .with_table_bytes(16 << 20);
                cgt::evaluate(&r, &limits, &Cancel::new())
            })
            .map(Json)
            .into_response(),
        "/api/tsumego" => read::<tsumego::TsumegoRequest>(body)
            .and_then(|r| r.validate())
            .and_then(|task| task.run(&cancelled, &mut |_, _| {}))
            .map(Json)
            .into_response(),
        "/api/semeai" => read::<semeai::SemeaiRequest>(body)
            .and_then(|r| {
                let settings = r.settings(cancelled.clone())?;
                semeai::analyse(&r, &settings, &mut |_| {})
            })
            .map(Json)
            .into_response(),
        "/api/jobs" => read(body)
            .and_then(jobs::work_of)
            .map(|(kind, _work)| kind)
            .into_response(),
        "/api/achieve/family" => read(body)
            .and_then(|r| achieve::family_report(&r))
            .map(Json)
            .into_response(),
        "/api/achieve/pairing" => read::<achieve::PairingRequest>(body)
            .and_then(|r| {
                let mut search = r.check()?;
                search.max_period = search.max_period.min(PAIRING_PERIOD);
                search.budget = search.budget.min(PAIRING_BUDGET);
                search.run()
            })
            .map(Json)
            .into_response(),
        "/api/achieve/animal" => read::<achieve::AnimalRequest>(body)
            .and_then(|r| r.check()?.run(&cancelled))
            .map(Json)
            .into_response(),
        _ => return None,
    };
    Some(response.status().as_u16())
}

/// A request body read as axum's `Json` extractor reads it.
fn read<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    Ok(Json::<T>::from_bytes(body)?.0)
}
