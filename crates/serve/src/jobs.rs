//! Long computations as jobs: `POST /api/jobs` starts one off the request
//! thread, `GET /api/jobs/{id}/events` streams its progress and its end as
//! Server-Sent Events, `GET /api/jobs/{id}` is a snapshot, `DELETE
//! /api/jobs/{id}` cancels it, `GET /api/jobs/{id}/download` fetches the file
//! it made (an achievement certificate).
//!
//! A job runs on tokio's blocking pool with a cancel flag and a progress
//! callback handed to the search. Its state lives in a `watch` channel: every
//! subscriber sees the latest progress (older values are skipped, which is
//! what a progress display wants) and, because the last value stays in the
//! channel, a client that connects after the end still gets the final event.
//!
//! Bounds: a job takes one of the server's heavy slots (shared with the
//! synchronous analyses, [`super::HEAVY_SLOTS`]) for as long as its work
//! runs, so at most [`MAX_RUNNING`] jobs run at once and fewer while
//! synchronous analyses run (429 beyond, so a few users cannot queue the
//! machine up); finished jobs are kept for
//! [`KEEP_FINISHED`] and at most [`MAX_FINISHED`] of them (the oldest are
//! forgotten first; a forgotten id is a 404 like an unknown one).

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream::{self, Stream};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::{ApiError, Heavy, lock};
use super::{achieve, semeai, tsumego};

/// The most jobs running at once: every heavy slot.
pub const MAX_RUNNING: usize = super::HEAVY_SLOTS;
/// The most finished jobs remembered.
pub const MAX_FINISHED: usize = 32;
/// How long a finished job is remembered.
pub const KEEP_FINISHED: Duration = Duration::from_secs(600);
/// How long `DELETE` waits for the search to stop before answering.
const CANCEL_WAIT: Duration = Duration::from_secs(5);

/// The routes of the job API, with a fresh registry whose jobs take their
/// slot from `heavy`.
pub(super) fn routes(heavy: Heavy) -> Router {
    Router::new()
        .route("/api/jobs", post(api_start).get(api_list))
        .route("/api/jobs/{id}", get(api_snapshot).delete(api_cancel))
        .route("/api/jobs/{id}/events", get(api_events))
        .route("/api/jobs/{id}/download", get(api_download))
        .with_state(registry(heavy))
}

/// A fresh registry. When the server shuts down (Ctrl-C) its running jobs
/// are cancelled, so that the server's graceful shutdown does not wait for
/// their searches (and for the event streams that follow them) to run to
/// their limits.
fn registry(heavy: Heavy) -> Arc<Registry> {
    let registry = Arc::new(Registry {
        inner: Mutex::default(),
        heavy,
    });
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        let weak = Arc::downgrade(&registry);
        runtime.spawn(async move {
            super::shutdown().raised().await;
            if let Some(registry) = weak.upgrade() {
                registry.cancel_all();
            }
        });
    }
    registry
}

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum JobState {
    /// Still computing.
    Running,
    /// Finished with a result.
    Done,
    /// Stopped on request; the result (if any) is what it had, not proven.
    Cancelled,
    /// The input was rejected or the computation failed.
    Failed,
}

/// A job's state as its subscribers see it.
#[derive(Debug, Clone)]
struct View {
    state: JobState,
    /// The last progress report (`seconds` included).
    progress: Option<Value>,
    /// The result when done, or the partial result when cancelled.
    result: Option<Value>,
    /// The error message when failed.
    error: Option<String>,
    /// When it finished.
    finished: Option<Instant>,
    /// Wall time from start to finish (or to now, while running).
    seconds: f64,
}

/// A file a job made, served by `GET /api/jobs/{id}/download`.
#[derive(Debug, Clone)]
pub(super) struct Download {
    /// The suggested file name.
    pub filename: String,
    /// The file.
    pub body: String,
}

/// What a job's work hands back.
#[derive(Debug)]
pub(super) struct Output {
    /// The result (the JSON the synchronous endpoint would answer).
    pub result: Value,
    /// A file to download, if the job made one.
    pub download: Option<Download>,
}

/// What a job's work sees: the cancel flags and the progress callback.
#[derive(Debug, Clone)]
pub(super) struct Context {
    /// One flag for every solver the job runs.
    cancel: miai_search::Cancel,
    started: Instant,
    view: watch::Sender<View>,
}

impl Context {
    /// A fresh context (not cancelled, started now) reporting to `view`.
    fn new(view: watch::Sender<View>) -> Context {
        Context {
            cancel: miai_search::Cancel::new(),
            started: Instant::now(),
            view,
        }
    }

    /// The job's one cancel flag, as every solver takes it.
    pub(super) fn search_cancel(&self) -> miai_search::Cancel {
        self.cancel.clone()
    }

    /// Whether cancellation was asked for.
    pub(super) fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    fn cancel(&self) {
        self.cancel.cancel();
    }

    /// Reports progress: `progress` (a JSON object) with `seconds` since the
    /// job started added.
    pub(super) fn progress(&self, mut progress: Value) {
        let seconds = self.started.elapsed().as_secs_f64();
        if let Value::Object(map) = &mut progress {
            map.insert("seconds".to_string(), json!(seconds));
        }
        self.view.send_modify(|v| {
            v.progress = Some(progress);
            v.seconds = seconds;
        });
    }
}

/// The work of a job: runs on the blocking pool.
pub(super) type Work = Box<dyn FnOnce(&Context) -> Result<Output, ApiError> + Send>;

#[derive(Debug)]
struct Job {
    id: String,
    kind: &'static str,
    ctx: Context,
    download: Mutex<Option<Download>>,
}

impl Job {
    fn view(&self) -> View {
        let mut v = self.ctx.view.borrow().clone();
        if v.state == JobState::Running {
            v.seconds = self.ctx.started.elapsed().as_secs_f64();
        }
        v
    }

    fn snapshot(&self) -> Value {
        let v = self.view();
        let has_download = lock(&self.download).is_some();
        json!({
            "id": self.id,
            "kind": self.kind,
            "state": v.state,
            "seconds": v.seconds,
            "progress": v.progress,
            "result": v.result,
            "error": v.error,
            "events": format!("/api/jobs/{}/events", self.id),
            "download": has_download.then(|| format!("/api/jobs/{}/download", self.id)),
        })
    }
}

/// The jobs this server knows.
#[derive(Debug)]
struct Registry {
    inner: Mutex<Inner>,
    /// The server's heavy slots: a running job holds one.
    heavy: Heavy,
}

#[derive(Debug, Default)]
struct Inner {
    next_id: u64,
    jobs: HashMap<String, Arc<Job>>,
}

impl Registry {
    fn get(&self, id: &str) -> Result<Arc<Job>, ApiError> {
        lock(&self.inner).jobs.get(id).cloned().ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no job {id:?} (unknown, or finished and forgotten)"),
            )
        })
    }

    /// Raises the cancel flag of every job.
    fn cancel_all(&self) {
        for job in lock(&self.inner).jobs.values() {
            job.ctx.cancel();
        }
    }

    /// Registers and starts a job, unless every heavy slot is taken (429).
    fn start(&self, kind: &'static str, work: Work) -> Result<Arc<Job>, ApiError> {
        let mut inner = lock(&self.inner);
        forget_old(&mut inner.jobs, Instant::now());
        let permit = self.heavy.try_acquire()?;
        inner.next_id += 1;
        let id = inner.next_id.to_string();
        let (view, _) = watch::channel(View {
            state: JobState::Running,
            progress: None,
            result: None,
            error: None,
            finished: None,
            seconds: 0.0,
        });
        let job = Arc::new(Job {
            id: id.clone(),
            kind,
            ctx: Context::new(view),
            download: Mutex::new(None),
        });
        inner.jobs.insert(id, job.clone());
        drop(inner);
        let runner = job.clone();
        let handle = tokio::task::spawn_blocking(move || {
            // The slot is held until the work returns.
            let _permit = permit;
            let out = work(&runner.ctx);
            // Read the flag as soon as the work returns: a cancel that
            // arrives after this found the job finished.
            let cancelled = runner.ctx.is_cancelled();
            (runner, out, cancelled)
        });
        let watcher = job.clone();
        tokio::spawn(async move {
            let (state, result, error) = match handle.await {
                Ok((job, Ok(out), cancelled)) => {
                    *lock(&job.download) = out.download;
                    let state = if cancelled {
                        JobState::Cancelled
                    } else {
                        JobState::Done
                    };
                    (state, Some(out.result), None)
                }
                Ok((_, Err(e), _)) => (JobState::Failed, None, Some(e.message)),
                Err(e) => (
                    JobState::Failed,
                    None,
                    Some(format!("the analysis failed unexpectedly: {e}")),
                ),
            };
            let seconds = watcher.ctx.started.elapsed().as_secs_f64();
            watcher.ctx.view.send_modify(|v| {
                v.state = state;
                v.result = result;
                v.error = error;
                v.finished = Some(Instant::now());
                v.seconds = seconds;
            });
        });
        Ok(job)
    }
}

/// Drops finished jobs older than [`KEEP_FINISHED`], then the oldest
/// finished ones beyond [`MAX_FINISHED`]. Running jobs are never dropped.
fn forget_old(jobs: &mut HashMap<String, Arc<Job>>, now: Instant) {
    let mut finished: Vec<(Instant, String)> = jobs
        .values()
        .filter_map(|j| j.ctx.view.borrow().finished.map(|t| (t, j.id.clone())))
        .collect();
    finished.sort();
    let excess = finished.len().saturating_sub(MAX_FINISHED);
    for (i, (t, id)) in finished.iter().enumerate() {
        if i < excess || now.duration_since(*t) > KEEP_FINISHED {
            jobs.remove(id);
        }
    }
}

/// The body of `POST /api/jobs`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StartRequest {
    /// `tsumego` or `achieve`.
    kind: String,
    /// The kind's parameters.
    params: Value,
}

/// The params of a kind, read like a request body: a shape error is a 422
/// naming the field.
pub(super) fn params<T: serde::de::DeserializeOwned>(kind: &str, v: Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." {
            String::new()
        } else {
            format!(".{path}")
        };
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("params{at} ({kind} job): {}", e.inner()),
        )
    })
}

/// The work of a tsumego job: the body of `POST /api/tsumego`, checked by
/// the same code, its report streamed as progress per first player.
fn tsumego_work(params_value: Value) -> Result<Work, ApiError> {
    let req: tsumego::TsumegoRequest = params("tsumego", params_value)?;
    let task = req.validate()?;
    let searches = task.searches();
    Ok(Box::new(move |ctx: &Context| {
        let cancel = ctx.search_cancel();
        let mut step = 0usize;
        let mut last_side = None;
        let report = task.run(&cancel, &mut |side, p| {
            if last_side != Some(side) {
                last_side = Some(side);
                step += 1;
            }
            ctx.progress(json!({
                "first": side.to_string(),
                "search": step,
                "searches": searches,
                "nodes": p.nodes,
                "max_nodes": p.max_nodes,
                "table_entries": p.table.used,
            }));
        })?;
        let result = serde_json::to_value(&report).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot write the report: {e}"),
            )
        })?;
        Ok(Output {
            result,
            download: None,
        })
    }))
}

/// The kind and the work of a job request, checked (nothing runs yet).
pub(crate) fn work_of(req: StartRequest) -> Result<(&'static str, Work), ApiError> {
    Ok(match req.kind.trim() {
        "tsumego" => ("tsumego", tsumego_work(req.params)?),
        "achieve" => ("achieve", achieve::job_work(req.params)?),
        "semeai" => ("semeai", semeai::job_work(req.params)?),
        other => {
            return Err(ApiError::bad_request(format!(
                "kind: {other:?}: expected tsumego, achieve or semeai"
            )));
        }
    })
}

async fn api_start(
    State(reg): State<Arc<Registry>>,
    body: Result<Json<StartRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let (kind, work) = work_of(req)?;
    let job = reg.start(kind, work)?;
    Ok((
        StatusCode::ACCEPTED,
        [(header::LOCATION, format!("/api/jobs/{}", job.id))],
        Json(json!({
            "id": job.id,
            "kind": kind,
            "events": format!("/api/jobs/{}/events", job.id),
            "status": format!("/api/jobs/{}", job.id),
        })),
    )
        .into_response())
}

async fn api_list(State(reg): State<Arc<Registry>>) -> Json<Value> {
    let inner = lock(&reg.inner);
    let mut jobs: Vec<(u64, Value)> = inner
        .jobs
        .values()
        .map(|j| {
            let v = j.view();
            (
                j.id.parse().unwrap_or(0),
                json!({"id": j.id, "kind": j.kind, "state": v.state, "seconds": v.seconds}),
            )
        })
        .collect();
    jobs.sort_by_key(|(n, _)| *n);
    Json(json!({
        "max_running": MAX_RUNNING,
        "jobs": jobs.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
    }))
}

async fn api_snapshot(
    State(reg): State<Arc<Registry>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(reg.get(&id)?.snapshot()))
}

/// Cancels a running job and waits (a few seconds at most) for the search
/// to stop; answers the snapshot. Cancelling a finished job changes
/// nothing.
async fn api_cancel(
    State(reg): State<Arc<Registry>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let job = reg.get(&id)?;
    if job.view().state == JobState::Running {
        job.ctx.cancel();
        let mut rx = job.ctx.view.subscribe();
        let _ =
            tokio::time::timeout(CANCEL_WAIT, rx.wait_for(|v| v.state != JobState::Running)).await;
    }
    Ok(Json(job.snapshot()))
}

async fn api_download(
    State(reg): State<Arc<Registry>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let job = reg.get(&id)?;
    let file = lock(&job.download).clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("job {id} has no file to download (not finished, or it made none)"),
        )
    })?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", file.filename),
            ),
        ],
        file.body,
    )
        .into_response())
}

/// The event for a job's state: `progress` while running, else the final
/// one.
fn event_of(v: &View) -> Option<Event> {
    let (name, data) = match v.state {
        JobState::Running => ("progress", v.progress.clone()?),
        JobState::Done => ("result", v.result.clone().unwrap_or(Value::Null)),
        JobState::Cancelled => ("cancelled", v.result.clone().unwrap_or(Value::Null)),
        JobState::Failed => (
            "error",
            json!({"error": v.error.clone().unwrap_or_default()}),
        ),
    };
    Some(Event::default().event(name).data(data.to_string()))
}

async fn api_events(
    State(reg): State<Arc<Registry>>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let job = reg.get(&id)?;
    let rx = job.ctx.view.subscribe();
    // State: the receiver, whether its current value was sent already;
    // `None` once the final event is out (the stream then ends).
    let events = stream::unfold(Some((rx, false)), |state| async move {
        let (mut rx, mut seen) = state?;
        loop {
            if seen && rx.changed().await.is_err() {
                return None;
            }
            seen = true;
            let v = rx.borrow_and_update().clone();
            let Some(event) = event_of(&v) else {
                continue; // running, no progress yet
            };
            let next = (v.state == JobState::Running).then_some((rx, true));
            return Some((Ok(event), next));
        }
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(id: usize, finished: Option<Instant>) -> Arc<Job> {
        let (view, _) = watch::channel(View {
            state: if finished.is_some() {
                JobState::Done
            } else {
                JobState::Running
            },
            progress: None,
            result: None,
            error: None,
            finished,
            seconds: 0.0,
        });
        Arc::new(Job {
            id: id.to_string(),
            kind: "tsumego",
            ctx: Context::new(view),
            download: Mutex::new(None),
        })
    }

    /// The ids among `range` still in `jobs`.
    fn kept(jobs: &HashMap<String, Arc<Job>>, range: std::ops::Range<usize>) -> Vec<usize> {
        range
            .filter(|i| jobs.contains_key(&i.to_string()))
            .collect()
    }

    #[test]
    fn old_and_excess_finished_jobs_are_forgotten_running_ones_never() {
        let now = Instant::now();
        let Some(long_ago) = now.checked_sub(KEEP_FINISHED + Duration::from_secs(60)) else {
            return; // the machine has been up for less than that
        };
        // Running jobs (ids 0..10) and ten finished ones (100..110): three
        // finished more than KEEP_FINISHED ago, seven a minute ago.
        let mut jobs = HashMap::new();
        for i in 0..10 {
            jobs.insert(i.to_string(), job(i, None));
        }
        for i in 100..110 {
            let at = if i < 103 {
                long_ago
            } else {
                now - Duration::from_secs(60)
            };
            jobs.insert(i.to_string(), job(i, Some(at)));
        }
        forget_old(&mut jobs, now);
        assert_eq!(kept(&jobs, 0..10), (0..10).collect::<Vec<_>>());
        assert_eq!(kept(&jobs, 100..110), (103..110).collect::<Vec<_>>());
        // MAX_FINISHED + 10 fresh finished jobs, one per millisecond: the
        // ten oldest go.
        let mut jobs = HashMap::new();
        for i in 0..10 {
            jobs.insert(i.to_string(), job(i, None));
        }
        let n = MAX_FINISHED + 10;
        for k in 0..n {
            let at = now - Duration::from_millis((n - k) as u64);
            jobs.insert((100 + k).to_string(), job(100 + k, Some(at)));
        }
        forget_old(&mut jobs, now);
        assert_eq!(kept(&jobs, 0..10), (0..10).collect::<Vec<_>>());
        assert_eq!(
            kept(&jobs, 100..100 + n),
            (110..100 + n).collect::<Vec<_>>()
        );
    }

    #[test]
    fn params_errors_name_the_field() {
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct P {
            #[allow(dead_code)]
            area: usize,
        }
        let e = params::<P>("achieve", json!({"area": "x"})).expect_err("a string is no area");
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            e.message.starts_with("params.area (achieve job): "),
            "{}",
            e.message
        );
        let e = params::<P>("achieve", json!({"area": 1, "size": 2})).expect_err("unknown field");
        assert!(e.message.contains("size"), "{}", e.message);
    }
}
