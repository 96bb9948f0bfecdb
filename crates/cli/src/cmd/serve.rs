//! `miai serve`: the miai workbench in the browser (issue 9, first slice).
//!
//! An axum server on tokio, bound to 127.0.0.1 unless `--host` says
//! otherwise, serving one page whose HTML, CSS and JavaScript are embedded
//! in the binary (`crates/cli/assets/`, no CDN: the app works offline) and
//! a JSON API under `/api/` that the page uses and scripts may use too
//! (reference: `docs/serve.md`). Searches run on tokio's blocking pool so
//! that requests do not hold each other up, under a node cap, a time cap
//! and a table size cap so that one request cannot take the machine.

mod achieve;
mod board;
mod cgt;
mod jobs;
mod nko;
mod semeai;
mod tsumego;

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;

use anyhow::Context as _;
use axum::extract::DefaultBodyLimit;
use axum::extract::Path;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use miai_tsumego::Cancel;
use serde::Serialize;

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const STYLE_CSS: &str = include_str!("../../assets/style.css");

/// The page's script modules, served under `/js/`: one per view and the
/// shared ones (`crates/cli/assets/js/`).
const SCRIPTS: &[(&str, &str)] = &[
    ("app.js", include_str!("../../assets/js/app.js")),
    ("util.js", include_str!("../../assets/js/util.js")),
    ("board.js", include_str!("../../assets/js/board.js")),
    ("cgt.js", include_str!("../../assets/js/cgt.js")),
    ("tsumego.js", include_str!("../../assets/js/tsumego.js")),
    ("nko.js", include_str!("../../assets/js/nko.js")),
    ("semeai.js", include_str!("../../assets/js/semeai.js")),
    ("editor.js", include_str!("../../assets/js/editor.js")),
    ("jobs.js", include_str!("../../assets/js/jobs.js")),
    ("achieve.js", include_str!("../../assets/js/achieve.js")),
];

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
        .route("/js/{name}", get(script))
        .merge(cgt::routes())
        .merge(tsumego::routes())
        .merge(nko::routes())
        .merge(semeai::routes())
        .merge(board::routes())
        .merge(jobs::routes())
        .merge(achieve::routes())
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

async fn script(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (_, text) = SCRIPTS
        .iter()
        .find(|(n, _)| *n == name)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no script {name:?}")))?;
    Ok((
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        *text,
    )
        .into_response())
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}

/// An error answer: a status and `{"error": "..."}`.
#[derive(Debug)]
pub(super) struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub(super) fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    pub(super) fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A request the analysis rejected: the whole error chain, so the
    /// message says where (line, column, point) the input was wrong.
    pub(super) fn from_analysis(err: &anyhow::Error) -> Self {
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
pub(super) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the analysis failed unexpectedly: {e}"),
        )
    })?
}

/// Cancels its flag when dropped: when the client goes away, axum drops
/// the handler's future and the search stops.
pub(super) struct CancelOnDrop(pub(super) Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}
