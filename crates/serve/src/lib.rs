//! The miai workbench in the browser: the server behind `miai serve`.
//!
//! An axum server on tokio, bound to 127.0.0.1 unless told otherwise,
//! serving one page whose HTML, CSS and JavaScript are embedded in the
//! binary (`crates/serve/assets/`, no CDN: the app works offline) and
//! a JSON API under `/api/` that the page uses and scripts may use too
//! (reference: `docs/serve.md`). Searches run on tokio's blocking pool so
//! that requests do not hold each other up, under a node cap, a time cap
//! and a table size cap so that one request cannot take the machine.

mod achieve;
mod board;
mod cgt;
#[doc(hidden)]
pub mod fuzz;
mod guard;
mod jobs;
mod listen;
mod nko;
mod semeai;
mod tsumego;

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::extract::Path;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{Method, StatusCode, Uri, header};
use axum::middleware;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use miai_search::Cancel;
use serde::Serialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The page's script modules, served under `/js/`: one per view and the
/// shared ones (`crates/serve/assets/js/`).
const SCRIPTS: &[(&str, &str)] = &[
    ("app.js", include_str!("../assets/js/app.js")),
    ("util.js", include_str!("../assets/js/util.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("cgt.js", include_str!("../assets/js/cgt.js")),
    ("tsumego.js", include_str!("../assets/js/tsumego.js")),
    ("tsplay.js", include_str!("../assets/js/tsplay.js")),
    ("nko.js", include_str!("../assets/js/nko.js")),
    ("semeai.js", include_str!("../assets/js/semeai.js")),
    ("editor.js", include_str!("../assets/js/editor.js")),
    ("jobs.js", include_str!("../assets/js/jobs.js")),
    ("achieve.js", include_str!("../assets/js/achieve.js")),
    ("animal.js", include_str!("../assets/js/animal.js")),
];

/// Heavy analyses running at once, jobs and synchronous requests together
/// under one semaphore (the machine has few cores; a search takes one).
pub const HEAVY_SLOTS: usize = 4;
/// The synchronous endpoints that run a search and so take a heavy slot
/// (`POST` only): more than [`HEAVY_SLOTS`] at once are answered 429.
const HEAVY_ROUTES: &[&str] = &[
    "/api/tsumego",
    "/api/tsumego/play",
    "/api/tsumego/sgf",
    "/api/semeai",
    "/api/cgt",
    "/api/achieve/family",
    "/api/achieve/pairing",
    "/api/achieve/animal",
];

/// How long a client may take to send a request's head; also how long an
/// idle connection (a fresh one, or a kept-alive one between requests) is
/// kept open.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a client may take to send a request's body.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(30);
/// The most connections served at once; further ones wait in the listen
/// queue until one closes (the timeouts above make sure one does).
pub const MAX_CONNECTIONS: usize = 128;
/// On Ctrl-C, how long in-flight requests get to answer once their
/// searches are cancelled, before the server exits anyway.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// Where and how the server listens. The command line fills it in
/// (`miai serve --host --port`); [`Settings::default`] is 127.0.0.1:8080
/// with the timeouts above.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// The address to bind: 127.0.0.1 keeps the server to this machine.
    pub host: IpAddr,
    /// The TCP port (0: any free port, printed at start).
    pub port: u16,
    /// How long a client may take to send a request head (and an idle
    /// connection is kept).
    pub header_timeout: Duration,
    /// How long a client may take to send a request body.
    pub body_timeout: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
        }
    }
}

/// Runs the server until Ctrl-C. The first line printed on stdout is
/// `listening on http://HOST:PORT/` (with the real port when `port` is 0).
pub fn run(settings: Settings) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(serve(settings));
    // Every search was cancelled and stops within a few hundred
    // milliseconds; a computation that cannot be cancelled must not hold
    // the exit (dropping the runtime would wait for it).
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
}

async fn serve(settings: Settings) -> std::io::Result<()> {
    let addr = SocketAddr::new(settings.host, settings.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}")))?;
    let local = listener.local_addr()?;
    // The tests (and scripts using --port 0) read the port from this line.
    println!("listening on http://{local}/");
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
        // A second Ctrl-C exits at once, whatever is still running.
        tokio::spawn(async {
            if tokio::signal::ctrl_c().await.is_ok() {
                std::process::exit(130);
            }
        });
    };
    listen::serve(
        listener,
        app(local, settings),
        settings.header_timeout,
        ctrl_c,
    )
    .await;
    Ok(())
}

/// The router of a server listening on `local`: the page, its assets and
/// the API, then (from the inside out) admission of heavy requests, the body read under a
/// timeout, the `Host`/`Origin` checks and the security headers on every
/// answer.
fn app(local: SocketAddr, settings: Settings) -> Router {
    let heavy = Heavy::new(HEAVY_SLOTS);
    Router::new()
        .route("/", get(index))
        .route("/style.css", get(style))
        .route("/js/{name}", get(script))
        .merge(cgt::routes())
        .merge(tsumego::routes())
        .merge(nko::routes())
        .merge(semeai::routes())
        .merge(board::routes())
        .merge(jobs::routes(heavy.clone()))
        .merge(achieve::routes())
        .method_not_allowed_fallback(method_not_allowed)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(heavy, guard::admission))
        .layer(middleware::from_fn_with_state(
            settings.body_timeout,
            guard::read_body,
        ))
        .layer(middleware::from_fn_with_state(
            guard::Allowed::new(local),
            guard::host_and_origin,
        ))
        .layer(middleware::map_response(guard::security_headers))
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

/// A known path asked with a method it does not take (axum adds the
/// `Allow` header).
async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {method}", uri.path()),
    )
}

/// An error answer: a status and `{"error": "..."}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    pub(crate) fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A request the analysis rejected: the whole error chain, so the
    /// message says where (line, column, point) the input was wrong (a
    /// cause whose text the message already holds is not said twice).
    pub(crate) fn from_analysis(err: &(dyn std::error::Error + 'static)) -> Self {
        let mut message = err.to_string();
        let mut source = err.source();
        while let Some(cause) = source {
            let text = cause.to_string();
            if !message.contains(&text) {
                message = format!("{message}: {text}");
            }
            source = cause.source();
        }
        ApiError::bad_request(message)
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
///
/// In a heavy request ([`HEAVY_ROUTES`]) the request's slot goes along
/// with `f`: it is released when `f` returns, not when the client goes
/// away, so a search that is still stopping keeps counting.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = guard::take_permit();
    let (out, permit) = tokio::task::spawn_blocking(move || (f(), permit))
        .await
        .map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the analysis failed unexpectedly: {e}"),
            )
        })?;
    guard::give_back(permit);
    out
}

/// Cancels its flag when dropped: when the client goes away, axum drops
/// the handler's future and the search stops.
pub(crate) struct CancelOnDrop(pub(crate) Cancel);

impl CancelOnDrop {
    /// A fresh flag that Ctrl-C on the server raises too (see
    /// [`request_cancel`]).
    pub(crate) fn new() -> CancelOnDrop {
        CancelOnDrop(request_cancel())
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A fresh cancel flag for one request's search, raised when the server
/// shuts down (Ctrl-C), so that shutting down does not wait for the
/// search to run to its limits.
pub(crate) fn request_cancel() -> Cancel {
    let cancel = Cancel::new();
    SHUTDOWN.register(&cancel);
    cancel
}

/// The server's shutdown: raised once, on Ctrl-C; it cancels every
/// search flag registered with it (and every one registered later).
static SHUTDOWN: LazyLock<Shutdown> = LazyLock::new(Shutdown::default);

/// A shutdown signal with the searches it cancels.
#[derive(Debug)]
pub(crate) struct Shutdown {
    raised: watch::Sender<bool>,
    /// The registered flags not yet cancelled (cancelled ones are dropped
    /// at the next registration, so this stays as long as the searches
    /// running).
    live: Mutex<Vec<Cancel>>,
}

impl Default for Shutdown {
    fn default() -> Self {
        Shutdown {
            raised: watch::Sender::new(false),
            live: Mutex::new(Vec::new()),
        }
    }
}

impl Shutdown {
    /// Cancels `cancel` when the shutdown is raised (at once if it was).
    fn register(&self, cancel: &Cancel) {
        let mut live = lock(&self.live);
        // Read under the lock: `raise` sets the flag before draining.
        if *self.raised.borrow() {
            cancel.cancel();
            return;
        }
        live.retain(|c| !c.is_cancelled());
        live.push(cancel.clone());
    }

    /// Raises the shutdown: cancels every registered flag.
    fn raise(&self) {
        self.raised.send_replace(true);
        for cancel in lock(&self.live).drain(..) {
            cancel.cancel();
        }
    }

    /// Waits until the shutdown is raised.
    pub(crate) async fn raised(&self) {
        let mut rx = self.raised.subscribe();
        let _ = rx.wait_for(|r| *r).await;
    }
}

/// The server's shutdown (the job registry waits on it).
pub(crate) fn shutdown() -> &'static Shutdown {
    &SHUTDOWN
}

/// A poisoned lock only means another request panicked mid-update; what
/// it guards stays usable.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The heavy slots: one semaphore that jobs and the synchronous heavy
/// endpoints both take a permit of, so that at most [`HEAVY_SLOTS`]
/// searches run at once whichever way they came.
#[derive(Debug, Clone)]
pub(crate) struct Heavy(Arc<Semaphore>);

impl Heavy {
    fn new(slots: usize) -> Heavy {
        Heavy(Arc::new(Semaphore::new(slots)))
    }

    /// A slot, or a 429 answer when every one is taken.
    pub(crate) fn try_acquire(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        self.0.clone().try_acquire_owned().map_err(|_| {
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many analyses running (at most {HEAVY_SLOTS} jobs and synchronous \
                     analyses at once): wait for one to finish or cancel a job (DELETE \
                     /api/jobs/ID)"
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_shutdown_cancels_registered_flags_and_later_ones() {
        let shutdown = Shutdown::default();
        let (a, b, done) = (Cancel::new(), Cancel::new(), Cancel::new());
        shutdown.register(&a);
        shutdown.register(&done);
        done.cancel();
        // A cancelled flag is forgotten at the next registration.
        shutdown.register(&b);
        assert_eq!(lock(&shutdown.live).len(), 2);
        assert!(!a.is_cancelled() && !b.is_cancelled());
        shutdown.raise();
        assert!(a.is_cancelled() && b.is_cancelled());
        let late = Cancel::new();
        shutdown.register(&late);
        assert!(late.is_cancelled());
    }

    #[test]
    fn heavy_slots_are_shared_and_come_back() {
        let heavy = Heavy::new(2);
        let one = heavy.try_acquire().expect("a first slot");
        let _two = heavy.clone().try_acquire().expect("a second slot");
        let e = heavy.try_acquire().expect_err("no third slot");
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        drop(one);
        assert!(heavy.try_acquire().is_ok());
    }
}
