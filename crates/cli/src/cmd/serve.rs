//! `miai serve`: the miai workbench in the browser (issue 9, first slice).
//!
//! An axum server on tokio, bound to 127.0.0.1 unless `--host` says
//! otherwise, serving one page whose HTML, CSS and JavaScript are embedded
//! in the binary (`crates/cli/assets/`, no CDN: the app works offline) and
//! a JSON API under `/api/` that the page uses and scripts may use too
//! (reference: `docs/serve.md`). Searches run on tokio's blocking pool so
//! that requests do not hold each other up, under a node cap, a time cap
//! and a table size cap so that one request cannot take the machine.

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use miai_cgt::Dyadic;
use miai_tsumego::{Cancel, Limits};
use serde::{Deserialize, Serialize};

use super::{cgt, nko, tsumego};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;
/// The largest node limit one `/api/tsumego` analysis may ask for (and its
/// default).
pub const MAX_NODES_CAP: u64 = 2_000_000;
/// The time limit of one `/api/tsumego` analysis.
pub const TSUMEGO_TIME: Duration = Duration::from_secs(30);
/// The transposition table of one `/api/tsumego` analysis, in bytes.
pub const TSUMEGO_TABLE_BYTES: usize = 32 << 20;
/// The largest `max_n` of `/api/nko/table`.
pub const NKO_MAX_N: u64 = 200;

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const STYLE_CSS: &str = include_str!("../../assets/style.css");
const APP_JS: &str = include_str!("../../assets/app.js");

/// Arguments of `miai serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  miai serve\n  miai serve --port 0\n  \
    miai serve --host 0.0.0.0 --port 8080\n\n\
    The first line printed is `listening on http://HOST:PORT/` (with the \
    real port when --port is 0). The API is described in docs/serve.md.")]
pub struct Args {
    /// The TCP port (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to bind: 127.0.0.1 keeps the server to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
}

/// Runs `miai serve` until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the tokio runtime")?;
    runtime.block_on(serve(SocketAddr::new(args.host, args.port)))?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(addr: SocketAddr) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let local = listener.local_addr()?;
    // The tests (and scripts using --port 0) read the port from this line.
    println!("listening on http://{local}/");
    axum::serve(listener, app())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("the server stopped")?;
    Ok(())
}

/// The router: the page, its assets and the API.
pub fn app() -> Router {
    Router::new()
        .route("/", get(index))
        .route("/style.css", get(style))
        .route("/app.js", get(script))
        .route("/api/cgt", post(api_cgt))
        .route("/api/tsumego", post(api_tsumego))
        .route("/api/nko/table", get(api_nko_table))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

async fn index() -> Html<&'static str> {
    Html(INDEX_HTML)
}

async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
}

async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}

/// An error answer: a status and `{"error": "..."}`.
#[derive(Debug)]
struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A request the analysis rejected: the whole error chain, so the
    /// message says where (line, column, point) the input was wrong.
    fn from_analysis(err: &anyhow::Error) -> Self {
        ApiError::bad_request(format!("{err:#}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body {
            error: String,
        }
        (
            self.status,
            Json(Body {
                error: self.message,
            }),
        )
            .into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        // axum's status: 400 for malformed JSON, 415 for a missing JSON
        // content type, 422 for JSON of the wrong shape, 413 for a body
        // over the limit.
        let status = r.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the request body is larger than {BODY_LIMIT} bytes")
        } else {
            r.body_text()
        };
        ApiError::new(status, message)
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        ApiError::new(r.status(), r.body_text())
    }
}

/// Runs `f` on the blocking pool; a panic in it becomes a 500 answer.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the analysis failed unexpectedly: {e}"),
        )
    })?
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

/// The body of `POST /api/tsumego`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TsumegoRequest {
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

/// Cancels its flag when dropped: when the client goes away, axum drops
/// the handler's future and the search stops.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

async fn api_tsumego(
    body: Result<Json<TsumegoRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let first = match req.first.as_deref().map(str::trim) {
        None | Some("both") => tsumego::First::Both,
        Some("attacker") => tsumego::First::Attacker,
        Some("defender") => tsumego::First::Defender,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "first: {other:?}: expected attacker, defender or both"
            )));
        }
    };
    let max_nodes = req.max_nodes.unwrap_or(MAX_NODES_CAP);
    if max_nodes == 0 || max_nodes > MAX_NODES_CAP {
        return Err(ApiError::bad_request(format!(
            "max_nodes: {max_nodes}: expected 1..={MAX_NODES_CAP}"
        )));
    }
    let limits = Limits {
        max_nodes,
        max_time: Some(TSUMEGO_TIME),
        table_bytes: TSUMEGO_TABLE_BYTES,
    };
    let guard = CancelOnDrop(Cancel::new());
    let cancel = guard.0.clone();
    let report = blocking(move || {
        tsumego::report_for_text(
            &req.diagram,
            first,
            req.rules.as_deref(),
            req.ko_threats,
            limits,
            req.all_moves,
            &cancel,
        )
        .map_err(|e| ApiError::from_analysis(&e))
    })
    .await?;
    // The search is over: dropping the guard now cancels nothing.
    drop(guard);
    Ok(Json(report).into_response())
}

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
