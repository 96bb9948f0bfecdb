//! `miai serve`'s job API (`/api/jobs`: start, Server-Sent Events,
//! snapshot, cancel, download), the achievement view's endpoints and the
//! n-ko drill-down, end to end: the built binary is started on a free port
//! and hit with plain HTTP/1.1 over a `TcpStream`.
//!
//! Expected values and their sources:
//! - seed 004 (`../shared/seeds/004_*.txt`), Lemmas 2, 4 and 5: the
//!   families and winners of `crates/achieve/tests/data/seed_lemmas.txt`
//!   (copied verbatim from the seed, each line citing its lemma); Theorem 1:
//!   no pairing blocks the Fig. 3 creature `{0,4,5,7,15}` (offsets
//!   `{-5,-1,0,2,10}` about the middle stone, seed §3).
//! - three in a row on the line, `{0,1,2}`: the pairs `{2i, 2i+1}` block it
//!   (every three consecutive cells hold a whole pair; by hand). Any pairing
//!   the server returns is re-checked here cell by cell.
//! - seed 000: the exceptions `(n, n-1, 0)` (Black captures at once) and
//!   `(n, 1, 1)` (White does); with passes, `(4, 1, 0)` is a draw and
//!   `(3, 1, 0)` a Black win (おまけ). `(4, 1, 0)` without passes, worked by
//!   hand in `crates/nko/tests/data/hand_cells.txt`: Black wins the ko fight,
//!   White fills, `(3, 2, 0)`, Black captures.
//! - seed 003 §2(2): the tenuki diagram
//!   (`crates/tsumego/tests/data/seed003/02_tenuki.txt`) is alive whoever
//!   moves first.
//! - the "hard" problem below is a 28-point open corner that the search
//!   does not settle within 2,000,000 nodes (`miai tsumego` says unproven,
//!   node limit reached): the jobs the tests cancel cannot finish first.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{Server, assert_error, fetch, parse, repo_file};

/// The most jobs the server runs at once (`MAX_RUNNING` in
/// `crates/serve/src/jobs.rs`, documented in docs/serve.md).
const MAX_RUNNING: usize = 4;

impl Server {
    /// Starts a job; returns its id (panics unless 202).
    fn start_job(&self, kind: &str, params: Value) -> String {
        let (status, v) = self.post_json("/api/jobs", &json!({"kind": kind, "params": params}));
        assert_eq!(status, 202, "{v}");
        let id = v["id"].as_str().expect("an id").to_string();
        assert_eq!(v["events"], format!("/api/jobs/{id}/events"), "{v}");
        id
    }

    /// The whole event stream of a job (it ends after the final event).
    fn events(&self, id: &str) -> Vec<(String, Value)> {
        let a = self.get_answer(&format!("/api/jobs/{id}/events"));
        assert_eq!(a.status, 200, "{}", a.body);
        assert!(
            a.head.to_ascii_lowercase().contains("text/event-stream"),
            "{}",
            a.head
        );
        sse_events(&a.body)
    }

    /// Polls the snapshot until `done(snapshot)`, for at most 60 s.
    fn wait_for(&self, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let (status, v) = self.get_json(&format!("/api/jobs/{id}"));
            assert_eq!(status, 200, "{v}");
            if done(&v) {
                return v;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "job {id}: still not {what}: {v}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The events of a Server-Sent Events body: `(event name, data as JSON)`;
/// comments (keep-alives) are skipped.
fn sse_events(body: &str) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for block in body.split("\n\n") {
        let mut name = String::from("message");
        let mut data = Vec::new();
        for line in block.lines() {
            if let Some(v) = line.strip_prefix("event:") {
                name = v.trim().to_string();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push(v.strip_prefix(' ').unwrap_or(v));
            }
        }
        if !data.is_empty() {
            out.push((name, parse(&data.join("\n"))));
        }
    }
    out
}

fn data_file(rel: &str) -> String {
    repo_file(&format!("crates/{rel}"))
}

fn tenuki() -> String {
    data_file("tsumego/tests/data/seed003/02_tenuki.txt")
}

/// A 28-point open corner the search does not settle in 2,000,000 nodes.
const HARD: &str = "attacker: black\nto-move: black\ndiagram:\n\
    ┌┬┬┬┬┬┬●┬\n├┼┼┼┼┼┼●┼\n├┼○○┼┼┼●┼\n├┼┼┼┼┼┼●┼\n●●●●●●●●┼\n├┼┼┼┼┼┼┼┼\n";

fn hard_params() -> Value {
    json!({"diagram": HARD, "first": "attacker"})
}

#[test]
fn the_page_has_the_achieve_view_and_the_job_client() {
    let s = Server::start();
    let page = s.get_answer("/");
    assert_eq!(page.status, 200);
    for needle in ["data-tab=\"achieve\"", "data-app=\"miai-achieve\""] {
        assert!(page.body.contains(needle), "the page lacks {needle:?}");
    }
    let app = s.get_answer("/js/app.js");
    assert!(
        app.body.contains("./achieve.js"),
        "app.js does not load achieve.js"
    );
    for (name, needles) in [
        (
            "jobs.js",
            &["/api/jobs", "EventSource", "export async function startJob"][..],
        ),
        (
            "achieve.js",
            &["/api/achieve/family", "/api/achieve/pairing", "./jobs.js"][..],
        ),
        ("nko.js", &["/api/nko/state"][..]),
    ] {
        let a = s.get_answer(&format!("/js/{name}"));
        assert_eq!(a.status, 200, "/js/{name}");
        for n in needles {
            assert!(a.body.contains(n), "{name} lacks {n:?}");
        }
    }
}

#[test]
fn a_tsumego_job_streams_progress_then_its_result_and_late_subscribers_get_the_end() {
    let s = Server::start();
    // 300,000 nodes of the hard problem: several progress reports (one per
    // 65,536 nodes), then the node limit.
    let id = s.start_job(
        "tsumego",
        json!({"diagram": HARD, "first": "attacker", "max_nodes": 300_000}),
    );
    let events = s.events(&id);
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    let (last, result) = events.last().expect("events");
    assert_eq!(last, "result", "{names:?}");
    assert_eq!(
        names.iter().filter(|n| **n != "progress").count(),
        1,
        "exactly one final event: {names:?}"
    );
    let progress: Vec<&Value> = events
        .iter()
        .filter(|(n, _)| n == "progress")
        .map(|(_, v)| v)
        .collect();
    assert!(!progress.is_empty(), "no progress event: {names:?}");
    for p in &progress {
        assert_eq!(p["first"], "attacker", "{p}");
        assert_eq!(p["max_nodes"], 300_000, "{p}");
        assert!(p["nodes"].as_u64().is_some_and(|n| n > 0), "{p}");
        assert!(p["seconds"].as_f64().is_some(), "{p}");
    }
    // Progress never goes back.
    let nodes: Vec<u64> = progress
        .iter()
        .filter_map(|p| p["nodes"].as_u64())
        .collect();
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{nodes:?}");
    // The result is the synchronous endpoint's JSON: unproven, node limit.
    let r = &result["results"][0];
    assert_eq!(r["status"], "unproven", "{result}");
    // The node limit, or on a badly loaded machine the endpoint's 30 s
    // clock first: either way a cut-off, not a proof.
    assert!(
        r["stopped"] == "node limit reached" || r["stopped"] == "time limit reached",
        "{result}"
    );
    assert_eq!(r["proven"], false, "{result}");
    // A late subscriber gets the final event alone.
    let late = s.events(&id);
    assert_eq!(late.len(), 1, "{late:?}");
    assert_eq!(late[0].0, "result");
    assert_eq!(&late[0].1, result);
    // The snapshot says done, with the same result and the last progress.
    let (status, snap) = s.get_json(&format!("/api/jobs/{id}"));
    assert_eq!(status, 200);
    assert_eq!(snap["state"], "done", "{snap}");
    assert_eq!(snap["kind"], "tsumego");
    assert_eq!(&snap["result"], result);
    assert!(snap["progress"]["nodes"].as_u64().is_some(), "{snap}");
    assert!(snap["download"].is_null(), "{snap}");
    // The list names it.
    let (status, list) = s.get_json("/api/jobs");
    assert_eq!(status, 200);
    assert_eq!(list["max_running"], MAX_RUNNING);
    assert!(
        list["jobs"]
            .as_array()
            .is_some_and(|js| js.iter().any(|j| j["id"] == id.as_str())),
        "{list}"
    );
}

#[test]
fn a_tsumego_job_gives_the_same_answer_as_the_synchronous_endpoint() {
    // Seed 003 §2(2): the tenuki diagram is alive whoever moves first.
    let s = Server::start();
    let id = s.start_job("tsumego", json!({"diagram": tenuki()}));
    let events = s.events(&id);
    let (name, result) = events.last().expect("events");
    assert_eq!(name, "result");
    let statuses: Vec<&Value> = result["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| &r["status"])
        .collect();
    assert_eq!(statuses, [&json!("alive"), &json!("alive")], "{result}");
    let (status, sync) = s.post_json("/api/tsumego", &json!({"diagram": tenuki()}));
    assert_eq!(status, 200);
    // Same report but for the timings.
    let strip = |v: &Value| {
        let mut v = v.clone();
        for r in v["results"].as_array_mut().expect("results") {
            r["seconds"] = Value::Null;
        }
        v
    };
    assert_eq!(strip(result), strip(&sync));
}

#[test]
fn a_cancelled_search_stops_and_reports_not_proven() {
    let s = Server::start();
    let id = s.start_job("tsumego", hard_params());
    // Let it get going: the first progress report comes at 65,536 nodes.
    s.wait_for(&id, "reporting progress", |v| !v["progress"].is_null());
    let (status, snap) = s.delete(&format!("/api/jobs/{id}"));
    assert_eq!(status, 200, "{snap}");
    assert_eq!(snap["state"], "cancelled", "{snap}");
    let r = &snap["result"]["results"][0];
    assert_eq!(r["proven"], false, "{snap}");
    assert_eq!(r["status"], "unproven", "{snap}");
    assert_eq!(r["stopped"], "cancelled", "{snap}");
    // Far from the 2,000,000-node limit: it stopped because it was told to.
    assert!(r["nodes"].as_u64().is_some_and(|n| n < 2_000_000), "{snap}");
    // The event stream ends with `cancelled` carrying the same partial
    // report.
    let events = s.events(&id);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].0, "cancelled");
    assert_eq!(events[0].1, snap["result"]);
    // Cancelling again changes nothing.
    let (status, again) = s.delete(&format!("/api/jobs/{id}"));
    assert_eq!(status, 200);
    assert_eq!(again["state"], "cancelled");
}

#[test]
fn a_subscriber_waiting_on_a_running_job_gets_cancelled() {
    let s = Server::start();
    let id = s.start_job("tsumego", hard_params());
    let addr = s.addr;
    let path = format!("/api/jobs/{id}/events");
    let listener = std::thread::spawn(move || fetch(addr, "GET", &path, "text/plain", b""));
    s.wait_for(&id, "reporting progress", |v| !v["progress"].is_null());
    let (status, _) = s.delete(&format!("/api/jobs/{id}"));
    assert_eq!(status, 200);
    let a = listener.join().expect("the listener");
    let events = sse_events(&a.body);
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names.last(), Some(&"cancelled"), "{names:?}");
    assert!(
        names[..names.len() - 1].iter().all(|n| *n == "progress"),
        "{names:?}"
    );
}

#[test]
fn unknown_jobs_are_404() {
    let s = Server::start();
    for path in [
        "/api/jobs/999999",
        "/api/jobs/999999/events",
        "/api/jobs/999999/download",
        "/api/jobs/nonsense",
    ] {
        let (status, v) = s.get_json(path);
        assert_error(status, &v, 404, "no job");
    }
    let (status, v) = s.delete("/api/jobs/999999");
    assert_error(status, &v, 404, "no job");
    // A job without a file to download.
    let id = s.start_job("tsumego", json!({"diagram": tenuki()}));
    s.wait_for(&id, "done", |v| v["state"] == "done");
    let (status, v) = s.get_json(&format!("/api/jobs/{id}/download"));
    assert_error(status, &v, 404, "no file");
}

#[test]
fn too_many_running_jobs_are_refused_with_429() {
    let s = Server::start();
    let ids: Vec<String> = (0..MAX_RUNNING)
        .map(|_| s.start_job("tsumego", hard_params()))
        .collect();
    let (status, v) = s.post_json(
        "/api/jobs",
        &json!({"kind": "tsumego", "params": hard_params()}),
    );
    assert_error(status, &v, 429, "too many analyses running");
    // A quick request is still answered while the searches run (they are
    // on the blocking pool, not on the request threads).
    let (status, v) = s.get_json("/api/nko/state?n=9&m=8&t=0");
    assert_eq!(status, 200, "{v}");
    for id in &ids {
        let (status, snap) = s.delete(&format!("/api/jobs/{id}"));
        assert_eq!(status, 200, "{snap}");
        assert_eq!(snap["state"], "cancelled", "{snap}");
    }
    // With the others stopped there is room again.
    let id = s.start_job("tsumego", json!({"diagram": tenuki()}));
    s.wait_for(&id, "done", |v| v["state"] == "done");
}

#[test]
fn jobs_and_synchronous_analyses_share_one_cap() {
    // Every heavy slot taken by jobs: the synchronous analyses are refused
    // at once with 429 (they would otherwise each take a blocking thread),
    // quick requests are still answered.
    let s = Server::start();
    let ids: Vec<String> = (0..MAX_RUNNING)
        .map(|_| s.start_job("tsumego", hard_params()))
        .collect();
    for (path, body) in [
        ("/api/tsumego", json!({"diagram": tenuki()})),
        ("/api/cgt", json!({"expr": "{4|0}"})),
        ("/api/semeai", json!({"diagram": "nothing"})),
        // The tile check and the pairing search are heavy work too.
        (
            "/api/achieve/family",
            json!({"creature": "0,1", "tile": "0,2"}),
        ),
        ("/api/achieve/pairing", json!({"creature": "0,1"})),
    ] {
        let (status, v) = s.post_json(path, &body);
        assert_error(status, &v, 429, "too many analyses running");
    }
    let (status, v) = s.post_json("/api/board/parse", &json!({"text": "(;SZ[9])"}));
    assert_eq!(status, 200, "{v}");
    // One job cancelled: one synchronous analysis may run.
    let (status, snap) = s.delete(&format!("/api/jobs/{}", ids[0]));
    assert_eq!(status, 200, "{snap}");
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "{4|0}"}));
    assert_eq!(status, 200, "{v}");
    for id in &ids[1..] {
        let (status, snap) = s.delete(&format!("/api/jobs/{id}"));
        assert_eq!(status, 200, "{snap}");
    }
}

#[test]
fn synchronous_analyses_beyond_the_cap_get_429_and_take_no_job_slot_later() {
    // Six hard analyses at once: four run, two are refused (the four run
    // for seconds, so all six overlap), and while the four run no job may
    // start either.
    let s = Server::start();
    let addr = s.addr;
    let (tx, rx) = std::sync::mpsc::channel();
    let n = MAX_RUNNING + 2;
    for _ in 0..n {
        let tx = tx.clone();
        let body = json!({"diagram": HARD, "first": "attacker", "max_nodes": 500_000}).to_string();
        std::thread::spawn(move || {
            let a = fetch(
                addr,
                "POST",
                "/api/tsumego",
                "application/json",
                body.as_bytes(),
            );
            let _ = tx.send((a.status, a.body));
        });
    }
    drop(tx);
    // The refusals come first: the searches take seconds.
    for _ in 0..n - MAX_RUNNING {
        let (status, body) = rx.recv().expect("an answer");
        assert_error(status, &parse(&body), 429, "too many analyses running");
    }
    let (status, v) = s.post_json(
        "/api/jobs",
        &json!({"kind": "tsumego", "params": hard_params()}),
    );
    assert_error(status, &v, 429, "too many analyses running");
    // The four that ran answer (unproven: the node limit).
    for _ in 0..MAX_RUNNING {
        let (status, body) = rx.recv().expect("an answer");
        assert_eq!(status, 200, "{body}");
    }
    let id = s.start_job("tsumego", json!({"diagram": tenuki()}));
    s.wait_for(&id, "done", |v| v["state"] == "done");
}

#[test]
fn malformed_job_requests_are_4xx_with_a_message() {
    let s = Server::start();
    let post = |body: Value| s.post_json("/api/jobs", &body);
    let (status, v) = post(json!({"params": {}}));
    assert_error(status, &v, 422, "kind");
    let (status, v) = post(json!({"kind": "tsumego"}));
    assert_error(status, &v, 422, "params");
    let (status, v) = post(json!({"kind": "chess", "params": {}}));
    assert_error(status, &v, 400, "kind");
    let (status, v) = post(json!({"kind": "tsumego", "params": {}, "extra": 1}));
    assert_error(status, &v, 422, "extra");
    // The tsumego params are the body of POST /api/tsumego, checked alike.
    let (status, v) =
        post(json!({"kind": "tsumego", "params": {"diagram": tenuki(), "colour": "x"}}));
    assert_error(status, &v, 422, "colour");
    let (status, v) = post(json!({"kind": "tsumego", "params": {"diagram": 7}}));
    assert_error(status, &v, 422, "params");
    let (status, v) =
        post(json!({"kind": "tsumego", "params": {"diagram": tenuki(), "first": "black"}}));
    assert_error(status, &v, 400, "first");
    let (status, v) = post(
        json!({"kind": "tsumego", "params": {"diagram": tenuki(), "max_nodes": 2_000_001u64}}),
    );
    assert_error(status, &v, 400, "max_nodes");
    // Malformed JSON and the wrong content type.
    let a = s.fetch("POST", "/api/jobs", "application/json", b"{\"kind\": ");
    assert_error(a.status, &parse(&a.body), 400, "JSON");
    let a = s.fetch("POST", "/api/jobs", "text/plain", b"{}");
    assert_eq!(a.status, 415);
    // A diagram the analysis rejects: the job fails with the message.
    let id = s.start_job("tsumego", json!({"diagram": "zzz"}));
    let events = s.events(&id);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].0, "error");
    let msg = events[0].1["error"].as_str().expect("an error message");
    assert!(msg.contains("line 1"), "{msg}");
    let (_, snap) = s.get_json(&format!("/api/jobs/{id}"));
    assert_eq!(snap["state"], "failed", "{snap}");
    assert_eq!(snap["error"], msg);
    // Achievement params.
    for (params, want, needle) in [
        (json!({"creature": "0,4,x", "area": 14}), 400, "creature"),
        (json!({"creature": "0,1,1", "area": 14}), 400, "creature"),
        (json!({"creature": "0,4,5,7,15"}), 400, "area"),
        (
            json!({"creature": "0,4,5,7,15", "area": 14, "tile": "0,1"}),
            400,
            "area",
        ),
        (json!({"creature": "0,4,5,7,15", "area": 0}), 400, "area"),
        (
            json!({"creature": "0,4,5,7,15", "tile": "0,1,3"}),
            400,
            "tile",
        ),
        (
            json!({"creature": "0,4,5,7,15", "area": 14, "anchor": 5}),
            400,
            "anchor",
        ),
        (
            json!({"creature": "0,4,5,7,15", "area": 14, "first": "me"}),
            400,
            "first",
        ),
        (
            json!({"creature": "0,4,5,7,15", "area": 30, "certificate": true}),
            400,
            "certificate",
        ),
        (
            json!({"creature": "0,4,5,7,15", "area": 14, "max_nodes": 0}),
            400,
            "max_nodes",
        ),
        (json!({"creature": "0,4,5,7,15", "area": "14"}), 422, "area"),
        (
            json!({"creature": "0,4,5,7,15", "area": 14, "size": 3}),
            422,
            "size",
        ),
    ] {
        let (status, v) = post(json!({"kind": "achieve", "params": params}));
        assert_error(status, &v, want, needle);
    }
}

/// One of seed 004's lemmas (`crates/achieve/tests/data/seed_lemmas.txt`).
struct Lemma {
    name: String,
    creature: String,
    area: u64,
    anchor: u64,
    /// `maker` or `breaker`.
    winner: String,
    /// The family as printed in the seed.
    family: Vec<Vec<u64>>,
}

fn seed_lemmas() -> Vec<Lemma> {
    data_file("achieve/tests/data/seed_lemmas.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            let family = f[5]
                .split('}')
                .filter_map(|s| {
                    let s = s.trim_start_matches([',', ' ', '{']);
                    (!s.is_empty()).then(|| {
                        s.split(',')
                            .map(|c| c.trim().parse().expect("a cell"))
                            .collect()
                    })
                })
                .collect();
            Lemma {
                name: f[0].to_string(),
                creature: f[1].to_string(),
                area: f[2].parse().expect("an area"),
                anchor: f[3].parse().expect("an anchor"),
                winner: f[4].to_string(),
                family,
            }
        })
        .collect()
}

#[test]
fn the_family_endpoint_gives_the_seed_families_and_placements() {
    let s = Server::start();
    let lemmas = seed_lemmas();
    assert_eq!(lemmas.len(), 3);
    for Lemma {
        name,
        creature,
        area,
        anchor,
        family,
        ..
    } in &lemmas
    {
        let (status, v) = s.post_json(
            "/api/achieve/family",
            &json!({"creature": creature, "area": area}),
        );
        assert_eq!(status, 200, "{name}: {v}");
        // The default anchor is the middle stone, as the seed uses.
        assert_eq!(v["anchor"], *anchor, "{name}");
        let sets: Vec<Vec<u64>> = serde_json::from_value(v["sets"].clone()).expect("sets");
        assert_eq!(&sets, family, "{name}: the family differs from the seed's");
        // One placement per area cell, anchored there; its cells inside the
        // area are the family set of that cell.
        let placements = v["placements"].as_array().expect("placements");
        assert_eq!(placements.len() as u64, *area, "{name}");
        let offsets: Vec<i64> = serde_json::from_value(v["offsets"].clone()).expect("offsets");
        for (cell, p) in placements.iter().enumerate() {
            assert_eq!(p["anchor_at"], cell, "{name}");
            let cells: Vec<i64> = serde_json::from_value(p["cells"].clone()).expect("cells");
            let want: Vec<i64> = offsets.iter().map(|o| cell as i64 + o).collect();
            assert_eq!(cells, want, "{name}");
        }
    }
    // Seed §3 writes the Fig. 3 creature as offsets {-5,-1,0,2,10}.
    let (_, v) = s.post_json(
        "/api/achieve/family",
        &json!({"creature": "0,4,5,7,15", "area": 14}),
    );
    assert_eq!(v["offsets"], json!([-5, -1, 0, 2, 10]));
    // A tile (seed §4, Fig. 5: areas need not be consecutive).
    let (status, v) = s.post_json(
        "/api/achieve/family",
        &json!({"creature": "0,4", "tile": "0,1,4,5", "anchor": 0}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["area"]["consecutive"], false);
    assert_eq!(v["area"]["cells"], json!([0, 1, 4, 5]));
    // By hand: placements {a, a+4} for a in {0,1,4,5}, cut to the tile.
    assert_eq!(v["sets"], json!([[0, 4], [1, 5], [4], [5]]));
    let (status, v) = s.post_json("/api/achieve/family", &json!({"creature": "", "area": 3}));
    assert_error(status, &v, 400, "creature");
}

/// Whether the periodic pairing blocks every placement of `creature`: some
/// pair `{a + kP, b + kP}` lies wholly inside each translate (a plain check
/// written for the test).
fn pairing_blocks(creature: &[i64], period: i64, pairs: &[(i64, i64)]) -> bool {
    let span = creature.iter().max().copied().unwrap_or(0);
    (0..period).all(|t| {
        let cells: Vec<i64> = creature.iter().map(|c| c + t).collect();
        pairs.iter().any(|&(a, b)| {
            (-(span / period) - 2..=span / period + 2)
                .any(|k| cells.contains(&(a + k * period)) && cells.contains(&(b + k * period)))
        })
    })
}

#[test]
fn the_pairing_endpoint_finds_and_refutes_pairings() {
    let s = Server::start();
    // Seed Theorem 1: no pairing blocks the Fig. 3 creature.
    let (status, v) = s.post_json("/api/achieve/pairing", &json!({"creature": "0,4,5,7,15"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"], "impossible", "{v}");
    // Three in a row: blocked by pairs; whatever pairing comes back must
    // block every placement.
    for creature in [vec![0i64, 1, 2], vec![0, 1, 3, 5]] {
        let text = creature
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let (status, v) = s.post_json("/api/achieve/pairing", &json!({"creature": text}));
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"], "found", "{v}");
        let period = v["period"].as_i64().expect("a period");
        let pairs: Vec<(i64, i64)> = serde_json::from_value(v["pairs"].clone()).expect("pairs");
        assert!(
            pairing_blocks(&creature, period, &pairs),
            "{text}: the pairing {v} does not block"
        );
    }
    let (status, v) = s.post_json(
        "/api/achieve/pairing",
        &json!({"creature": "0,1,2", "max_period": 1000}),
    );
    assert_error(status, &v, 400, "max_period");
}

#[test]
fn achieve_jobs_prove_the_seed_lemmas_with_certificates_the_checker_accepts() {
    let s = Server::start();
    let scratch = super::common::scratch();
    let dir = scratch.path();
    for Lemma {
        name,
        creature,
        area,
        anchor,
        winner,
        ..
    } in seed_lemmas()
    {
        let id = s.start_job(
            "achieve",
            json!({"creature": creature, "area": area, "anchor": anchor, "certificate": true}),
        );
        let events = s.events(&id);
        let (last, result) = events.last().expect("events");
        assert_eq!(last, "result", "{name}: {events:?}");
        assert_eq!(result["result"], winner, "{name}: {result}");
        assert_eq!(result["proven"], true, "{name}");
        assert_eq!(result["first"], "maker", "{name}");
        assert_eq!(result["loser_proof"], winner == "breaker", "{name}");
        let cert = &result["certificate"];
        assert_eq!(cert["winner"], winner, "{name}: {result}");
        let (_, snap) = s.get_json(&format!("/api/jobs/{id}"));
        let link = snap["download"].as_str().expect("a download link");
        let file = s.get_answer(link);
        assert_eq!(file.status, 200, "{name}");
        assert!(
            file.head
                .to_ascii_lowercase()
                .contains("content-disposition: attachment"),
            "{}",
            file.head
        );
        assert_eq!(file.body.len() as u64, cert["bytes"].as_u64().unwrap_or(0));
        let path = dir.join(format!("{name}.cert"));
        std::fs::write(&path, &file.body).expect("write the certificate");
        // The independent checker accepts it.
        let out = Command::new(env!("CARGO_BIN_EXE_miai"))
            .args(["achieve", "verify"])
            .arg(&path)
            .output()
            .expect("miai achieve verify runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name}: {text}");
        assert!(
            text.starts_with(&format!("accepted: {winner} wins")),
            "{name}: {text}"
        );
    }
}

#[test]
fn achieve_jobs_report_progress_and_can_be_cancelled() {
    // The Fig. 3 creature on 30 cells takes about 60 million nodes (docs/
    // achieve.md): far more than this test waits for.
    let s = Server::start();
    let id = s.start_job("achieve", json!({"creature": "0,4,5,7,15", "area": 30}));
    let snap = s.wait_for(&id, "reporting progress", |v| !v["progress"].is_null());
    assert_eq!(snap["progress"]["phase"], "solve", "{snap}");
    let (status, snap) = s.delete(&format!("/api/jobs/{id}"));
    assert_eq!(status, 200, "{snap}");
    assert_eq!(snap["state"], "cancelled", "{snap}");
    assert_eq!(snap["result"]["result"], "unproven", "{snap}");
    assert_eq!(snap["result"]["cut_off"], "cancelled", "{snap}");
    assert_eq!(snap["result"]["proven"], false, "{snap}");
    assert!(snap["download"].is_null(), "{snap}");
}

#[test]
fn nko_state_drill_down_follows_the_seed() {
    let s = Server::start();
    // Seed 000's exceptions: the side to move captures at once.
    for (query, winner) in [
        ("n=9&m=8&t=0", "B"),
        ("n=9&m=1&t=1", "W"),
        ("n=2&m=1&to_move=B", "B"),
    ] {
        let (status, v) = s.get_json(&format!("/api/nko/state?{query}"));
        assert_eq!(status, 200, "{query}: {v}");
        assert_eq!(v["winner"], winner, "{query}: {v}");
        assert_eq!(v["seed_claim"], winner, "{query}: {v}");
        let plies = v["plies"].as_array().expect("plies");
        assert_eq!(plies.len(), 1, "{query}: {v}");
        assert_eq!(plies[0]["move"], "capture");
        assert_eq!(plies[0]["player"], winner);
        assert_eq!(plies[0]["end"]["winner"], winner);
        assert!(plies[0]["after"].is_null());
    }
    // (4, 1, 0) by hand: Black takes a ko and wins the fight (4 >= 2*1+1),
    // White fills one of his: (3, 2, 0), Black captures.
    let (status, v) = s.get_json("/api/nko/state?n=4&m=1&t=0");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["winner"], "B");
    assert_eq!(v["seed_claim"], "B");
    assert_eq!(v["seed_wrong"], false);
    let plies = v["plies"].as_array().expect("plies");
    let moves: Vec<&Value> = plies.iter().map(|p| &p["move"]).collect();
    assert_eq!(moves, [&json!("win-ko-fight"), &json!("capture")], "{v}");
    assert_eq!(plies[0]["after"]["n"], 3);
    assert_eq!(plies[0]["after"]["m"], 2);
    assert_eq!(plies[0]["after"]["t"], 0);
    assert_eq!(plies[1]["before"], plies[0]["after"]);
    assert_eq!(plies[1]["end"]["winner"], "B");
    // t and to_move name the same side.
    let (_, w) = s.get_json("/api/nko/state?n=4&m=1&to_move=black");
    assert_eq!(w["plies"], v["plies"]);
    // With passes (seed 000, おまけ): (4,1,0) is a draw, (3,1,0) Black's.
    let (status, v) = s.get_json("/api/nko/state?n=4&m=1&t=0&passes=true");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["winner"], "D", "{v}");
    assert_eq!(v["passes"], true);
    let (_, v) = s.get_json("/api/nko/state?n=3&m=1&t=0&passes=true");
    assert_eq!(v["winner"], "B", "{v}");
    // Bad states and queries.
    for (query, status_want, needle) in [
        ("n=4&m=4&t=0", 400, "m"),
        ("n=1&m=0&t=0", 400, "n"),
        ("n=4&m=1&t=2", 400, "t"),
        ("n=4&m=1", 400, "to move"),
        ("n=4&m=1&t=0&to_move=W", 400, "disagree"),
        ("n=4&m=1&to_move=green", 400, "to_move"),
        ("n=99999999&m=1&t=0", 400, "n"),
        ("n=5000&m=1&t=0&passes=true", 400, "with passes"),
        ("n=x&m=1&t=0", 400, "n"),
    ] {
        let (status, v) = s.get_json(&format!("/api/nko/state?{query}"));
        assert_error(status, &v, status_want, needle);
    }
}

/// Seed 002's fig. 2 race (examples/semeai/seed002-fig2.txt).
fn fig2() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/semeai/seed002-fig2.txt"
    ))
    .expect("the fig. 2 example")
}

#[test]
fn a_semeai_job_gives_the_seed_verdict_and_its_search_can_be_cancelled() {
    let s = Server::start();
    // Without the search: the seed's verdict (§4.4), as POST /api/semeai.
    let id = s.start_job("semeai", json!({"diagram": fig2(), "search_nodes": 0}));
    let events = s.events(&id);
    let (kind, answer) = events.last().expect("a final event");
    assert_eq!(kind, "result", "{events:?}");
    assert_eq!(
        answer["words"], "the side that plays first wins",
        "{answer}"
    );
    let (status, sync) = s.post_json(
        "/api/semeai",
        &json!({"diagram": fig2(), "search_nodes": 0}),
    );
    assert_eq!(status, 200, "{sync}");
    assert_eq!(answer["G"], sync["G"]);
    // With the search (4.48 M positions for this race): progress, then a
    // cancel that stops it short of its limit.
    let id = s.start_job(
        "semeai",
        json!({"diagram": fig2(), "search_nodes": 10_000_000}),
    );
    let snap = s.wait_for(&id, "reporting progress", |v| !v["progress"].is_null());
    assert_eq!(snap["state"], "running", "{snap}");
    assert!(
        snap["progress"]["nodes"].as_u64().is_some_and(|n| n > 0),
        "{snap}"
    );
    let (status, snap) = s.delete(&format!("/api/jobs/{id}"));
    assert_eq!(status, 200, "{snap}");
    assert_eq!(snap["state"], "cancelled", "{snap}");
    assert_eq!(snap["result"]["search"]["complete"], false, "{snap}");
    assert!(snap["result"]["stopped"].is_string(), "{snap}");
    // Bad parameters are refused when the job is started.
    let (status, v) = s.post_json(
        "/api/jobs",
        &json!({"kind": "semeai", "params": {"diagram": "X O", "verdict": "fast"}}),
    );
    assert_error(status, &v, 400, "verdict");
}
