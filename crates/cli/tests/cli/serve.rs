//! `miai serve` end to end: the built binary is started on a free port
//! (`--port 0`, the port read from its first line) and every endpoint is
//! hit with plain HTTP/1.1 over a `TcpStream`.
//!
//! Expected values and their sources:
//! - seed 002 (`../shared/seeds/002_*.txt`, lines 333-335): the race
//!   `G = {4|0} + {6|{4|0}} - 7`, the first player wins. Worked by hand
//!   (Winning Ways ch. 6 cooling): mean -1 (2 + 4 - 7), temperature 2,
//!   stops 1 and -3, and G cooled by 2 = 2* + {4|4*} - 7 = 2* + 4^ - 7 =
//!   -1^*, the seed's g.
//! - seed 003 §2(2) (手抜き): the tenuki diagram
//!   (`crates/tsumego/tests/data/seed003/02_tenuki.txt`) is alive whoever
//!   moves first.
//! - the n-ko table: hand-worked cells of
//!   `crates/nko/tests/data/hand_cells.txt`; with passes (4,1,0) is a draw
//!   (seed 000, おまけ).

use serde_json::json;

use crate::common;
use crate::common::{Server, assert_error, fetch, parse};

fn tenuki() -> String {
    let path = format!(
        "{}/../tsumego/tests/data/seed003/02_tenuki.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_page_and_its_assets_load() {
    let s = Server::start();
    let (status, page) = s.get("/");
    assert_eq!(status, 200);
    for needle in [
        "<title>miai workbench</title>",
        "data-app=\"miai-cgt\"",
        "data-app=\"miai-tsumego\"",
        "data-app=\"miai-nko\"",
        "src=\"/js/app.js\"",
        "href=\"/style.css\"",
    ] {
        assert!(page.contains(needle), "the page lacks {needle:?}");
    }
    // No CDN or other network: every script and stylesheet is local.
    assert!(!page.contains("http://") && !page.contains("https://"));
    // Every module the entry point imports, transitively, is served.
    let mut pending = vec!["app.js".to_string()];
    let mut seen = std::collections::BTreeSet::new();
    let mut js = String::new();
    while let Some(name) = pending.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let (status, text) = s.get(&format!("/js/{name}"));
        assert_eq!(status, 200, "/js/{name}");
        // The SVG namespace is a name, not a fetch.
        let fetched = text.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !fetched.contains("http://") && !fetched.contains("https://"),
            "{name} names a URL"
        );
        for part in text.split("from \"./").skip(1) {
            let module = part.split('"').next().unwrap_or_default();
            pending.push(module.to_string());
        }
        js.push_str(&text);
    }
    assert!(seen.len() >= 5, "modules: {seen:?}");
    for needle in ["/api/cgt", "/api/tsumego", "/api/nko/table", "┌●●○┬"] {
        assert!(js.contains(needle), "the scripts lack {needle:?}");
    }
    let (status, body) = s.get("/js/nothing.js");
    assert_error(status, &parse(&body), 404, "no script");
    let (status, css) = s.get("/style.css");
    assert_eq!(status, 200);
    assert!(css.contains(".tab"));
    let (status, body) = s.get("/no/such/page");
    assert_error(status, &parse(&body), 404, "no such");
}

#[test]
fn cgt_gives_the_seed002_race_values() {
    let s = Server::start();
    let (status, v) = s.post_json(
        "/api/cgt",
        &json!({"expr": "{4|0} + {6|{4|0}} - 7", "cool": "2"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["canonical"], "{1,{3|-1}|-3}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["outcome_words"], "the first player wins");
    assert_eq!(v["left_stop"], "1");
    assert_eq!(v["right_stop"], "-3");
    assert_eq!(v["mean"], "-1");
    assert_eq!(v["temperature"], "2");
    assert_eq!(v["cooled"]["t"], "2");
    assert_eq!(v["cooled"]["value"], "-1^*");
    assert_eq!(v["cooled"]["is_number"], false);
    let picture = v["thermograph_picture"].as_str().expect("a picture");
    assert!(
        picture.contains("<svg") && picture.contains("</svg>"),
        "{picture}"
    );
    // Without `cool` there is no cooled value.
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "{4|0}"}));
    assert_eq!(status, 200, "{v}");
    assert!(v.get("cooled").is_none(), "{v}");
}

#[test]
fn cgt_rejects_bad_input_with_a_message() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "{4|"}));
    assert_error(status, &v, 400, "column");
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "1", "cool": "x"}));
    assert_error(status, &v, 400, "cool");
    // Missing field, unknown field, wrong type: the JSON has the wrong shape.
    let (status, v) = s.post_json("/api/cgt", &json!({"cool": "2"}));
    assert_error(status, &v, 422, "expr");
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": "1", "colo": "2"}));
    assert_error(status, &v, 422, "colo");
    let (status, v) = s.post_json("/api/cgt", &json!({"expr": 3}));
    assert_error(status, &v, 422, "expr");
}

#[test]
fn malformed_json_is_a_400() {
    let s = Server::start();
    for bad in ["{\"expr\":", "not json", "", "{\"expr\": \"1\"} trailing"] {
        let (status, body) = s.request("POST", "/api/cgt", "application/json", bad.as_bytes());
        assert_error(status, &parse(&body), 400, "JSON");
    }
    let (status, body) = s.request(
        "POST",
        "/api/tsumego",
        "application/json",
        b"{\"diagram\": ",
    );
    assert_error(status, &parse(&body), 400, "JSON");
    // JSON sent as text: the content type is wrong.
    let (status, body) = s.request("POST", "/api/cgt", "text/plain", b"{\"expr\": \"1\"}");
    assert_eq!(status, 415);
    assert!(parse(&body)["error"].is_string());
}

#[test]
fn an_oversized_body_is_a_413() {
    let s = Server::start();
    let big = json!({"expr": "1+".repeat(40_000) + "1"});
    let (status, v) = s.post_json("/api/cgt", &big);
    assert_error(status, &v, 413, "larger than 65536 bytes");
    let big = json!({"diagram": ".".repeat(70_000)});
    let (status, v) = s.post_json("/api/tsumego", &big);
    assert_error(status, &v, 413, "larger than");
}

#[test]
fn tsumego_tenuki_diagram_is_alive() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": tenuki()}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["attacker"], "White");
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 2, "{v}");
    let firsts: Vec<&str> = results
        .iter()
        .map(|r| r["first"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(firsts, ["attacker", "defender"]);
    for r in results {
        assert_eq!(r["status"], "alive", "{r}");
        assert_eq!(r["proven"], true, "{r}");
        assert!(r["nodes"].as_u64().is_some_and(|n| n >= 1), "{r}");
        assert!(r["pv"].is_array(), "{r}");
    }
    // One first player on request, and the bare diagram (no headers) is
    // read too: its attacker is inferred.
    let bare: String = tenuki()
        .split_once("diagram:\n")
        .map(|(_, d)| d.to_string())
        .expect("the file has a diagram");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "first": "defender", "rules": "superko", "max_nodes": 10000}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["results"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["results"][0]["first"], "defender");
    assert_eq!(v["results"][0]["status"], "alive");
    assert_eq!(v["rules"], "positional superko");
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": bare}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["region"]["points"], 8, "{v}");
}

#[test]
fn tsumego_seed003_corpus_comes_out_as_cited() {
    // Every seed-003 problem file cites its diagram's place in the seed and
    // states the expected status per first player in an `expect:` header
    // (`-` where the seed says nothing).
    let s = Server::start();
    let dir = format!(
        "{}/../tsumego/tests/data/seed003",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut checked = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a problem file");
        let expect = text
            .lines()
            .find_map(|l| l.strip_prefix("expect:"))
            .unwrap_or_else(|| panic!("{}: no expect header", path.display()));
        let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": text}));
        assert_eq!(status, 200, "{}: {v}", path.display());
        for item in expect.split_whitespace() {
            let (first, want) = item.split_once("-first=").expect("first=status");
            if want == "-" {
                continue;
            }
            let got = v["results"]
                .as_array()
                .and_then(|rs| rs.iter().find(|r| r["first"] == first))
                .unwrap_or_else(|| panic!("{}: no {first} result: {v}", path.display()));
            assert_eq!(got["status"], want, "{}: {first} first", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} statuses checked");
}

#[test]
fn tsumego_lists_correct_first_moves_on_request() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": tenuki()}));
    assert_eq!(status, 200, "{v}");
    assert!(v["results"][0]["correct"].is_null(), "{v}");
    // White (the attacker) has no legal move at all in the tenuki
    // diagram (seed 003, line 26: both eyes are suicide), so no first move
    // of White's is correct.
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "first": "attacker", "all_moves": true}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["results"][0]["correct"], json!([]), "{v}");
}

#[test]
fn tsumego_rejects_bad_input_with_a_message() {
    let s = Server::start();
    let (status, v) = s.post_json("/api/tsumego", &json!({"diagram": "zzz"}));
    assert_error(status, &v, 400, "line 1");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "first": "black"}),
    );
    assert_error(status, &v, 400, "first");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "max_nodes": 2_000_001u64}),
    );
    assert_error(status, &v, 400, "max_nodes");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "rules": "chinese"}),
    );
    assert_error(status, &v, 400, "chinese");
    let (status, v) = s.post_json(
        "/api/tsumego",
        &json!({"diagram": tenuki(), "ko_threats": 300}),
    );
    assert_error(status, &v, 422, "ko_threats");
}

#[test]
fn nko_table_has_the_right_shape_and_values() {
    let s = Server::start();
    let (status, body) = s.get("/api/nko/table?max_n=5");
    assert_eq!(status, 200, "{body}");
    let v = parse(&body);
    assert_eq!(v["max_n"], 5);
    assert_eq!(v["passes"], false);
    let rows = v["rows"].as_array().expect("rows");
    // n = 2..=5, m = 1..n: 1+2+3+4 cells, both sides to move.
    assert_eq!(rows.len(), 20);
    for r in rows {
        for key in ["n", "m", "t", "to_move", "winner", "seed_wrong", "proven"] {
            assert!(r.get(key).is_some(), "{r} lacks {key}");
        }
    }
    let winner = |n: u64, m: u64, t: u64| {
        rows.iter()
            .find(|r| r["n"] == n && r["m"] == m && r["t"] == t)
            .map(|r| r["winner"].clone())
            .unwrap_or_else(|| panic!("no cell ({n}, {m}, {t})"))
    };
    // crates/nko/tests/data/hand_cells.txt.
    assert_eq!(winner(3, 1, 0), "B");
    assert_eq!(winner(4, 2, 0), "W");
    assert_eq!(winner(5, 3, 0), "B");
    assert_eq!(winner(4, 2, 1), "B");
    // The default is n <= 20: 19 * 20 cells.
    let (status, body) = s.get("/api/nko/table");
    assert_eq!(status, 200);
    assert_eq!(parse(&body)["rows"].as_array().map(Vec::len), Some(19 * 20));
    // With passes, seed 000 (おまけ): (4,1,0) is a draw.
    let (status, body) = s.get("/api/nko/table?max_n=4&passes=true");
    assert_eq!(status, 200);
    let v = parse(&body);
    assert!(
        v["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .any(|r| r["n"] == 4 && r["m"] == 1 && r["t"] == 0 && r["winner"] == "D"),
        "{v}"
    );
    // Out of range and malformed queries.
    let (status, body) = s.get("/api/nko/table?max_n=1");
    assert_error(status, &parse(&body), 400, "max_n");
    let (status, body) = s.get("/api/nko/table?max_n=201");
    assert_error(status, &parse(&body), 400, "max_n");
    let (status, body) = s.get("/api/nko/table?max_n=many");
    assert_error(status, &parse(&body), 400, "max_n");
}

#[test]
fn concurrent_requests_all_answer() {
    // Several searches at once (each on the blocking pool) and a table
    // request alongside: all answer. (The tenuki searches are short: this
    // checks concurrent handling; tests/serve_jobs.rs runs long searches
    // as jobs beside quick requests and cancels them.)
    let s = Server::start();
    let addr = s.addr;
    let workers: Vec<_> = (0..3)
        .map(|_| {
            let body = json!({"diagram": tenuki()}).to_string();
            std::thread::spawn(move || {
                let a = fetch(
                    addr,
                    "POST",
                    "/api/tsumego",
                    "application/json",
                    body.as_bytes(),
                );
                (a.status, a.body)
            })
        })
        .collect();
    let (status, _) = s.get("/api/nko/table?max_n=10");
    assert_eq!(status, 200);
    for w in workers {
        let (status, body) = w.join().expect("a worker");
        assert_eq!(status, 200, "{body}");
    }
}

/// Reads from `stream` until the server closes it (or 30 s pass: then the
/// test fails); returns what was read.
fn read_until_closed(stream: &mut std::net::TcpStream, what: &str) -> String {
    use std::io::Read as _;
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .expect("a read timeout");
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return String::from_utf8_lossy(&got).into_owned(),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                panic!("{what}: the server kept the connection open")
            }
            // A reset is a close too.
            Err(_) => return String::from_utf8_lossy(&got).into_owned(),
        }
    }
}

#[test]
fn idle_slow_header_and_slow_body_connections_are_closed() {
    use std::io::Write as _;
    use std::net::TcpStream;
    // Short timeouts through the test hooks: the default is 30 s each.
    let s = Server::start_with(&["--header-timeout-ms", "300", "--body-timeout-ms", "300"]);
    // A connection that never sends anything.
    let mut idle = TcpStream::connect(s.addr).expect("connect");
    read_until_closed(&mut idle, "an idle connection");
    // A head that never ends, sent a byte at a time: the timeout runs
    // from the start of the head, not from the last byte.
    let mut slow = TcpStream::connect(s.addr).expect("connect");
    slow.write_all(b"GET / HTTP/1.1\r\n").expect("send");
    let mut closed = false;
    for _ in 0..600 {
        if slow.write_all(b"X").is_err() {
            closed = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    if !closed {
        read_until_closed(&mut slow, "a slow head");
    }
    // A kept-alive connection, idle after its first answer.
    let mut kept = TcpStream::connect(s.addr).expect("connect");
    write!(kept, "GET /style.css HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).expect("send");
    let answer = read_until_closed(&mut kept, "an idle kept-alive connection");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // A body that never arrives whole: 408 with a JSON error, then closed.
    let mut body = TcpStream::connect(s.addr).expect("connect");
    write!(
        body,
        "POST /api/cgt HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"expr\":",
        s.addr
    )
    .expect("send");
    let answer = read_until_closed(&mut body, "a slow body");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive"), "{answer}");
    // The server still serves.
    let (status, _) = s.get("/style.css");
    assert_eq!(status, 200);
}

/// `GET path` with the given extra header lines (each ending in CRLF).
fn get_with(s: &Server, path: &str, host: &str, extra: &str) -> common::Answer {
    common::send(
        s.addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: close\r\n\r\n"),
        b"",
    )
}

/// `method path` with a JSON body, `Host` naming the server and `extra`
/// header lines.
fn send_with(s: &Server, method: &str, path: &str, body: &str, extra: &str) -> common::Answer {
    common::send(
        s.addr,
        &format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n{extra}Connection: close\r\n\r\n",
            s.addr,
            body.len()
        ),
        body.as_bytes(),
    )
}

#[test]
fn hosts_other_than_this_server_are_refused() {
    let s = Server::start();
    let port = s.addr.port();
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("Localhost:{port}"),
    ] {
        let a = get_with(&s, "/", &host, "");
        assert_eq!(a.status, 200, "{host}: {}", a.body);
    }
    // A rebinding page's name, another port, no port.
    for host in [
        format!("evil.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        "127.0.0.1".to_string(),
        format!("localhost.evil.example:{port}"),
    ] {
        let a = get_with(&s, "/api/tsumego/examples", &host, "");
        assert_error(a.status, &parse(&a.body), 403, "does not name this server");
    }
    // HTTP/1.0 without a Host header.
    let a = common::send(s.addr, "GET / HTTP/1.0\r\n\r\n", b"");
    assert_error(a.status, &parse(&a.body), 400, "Host");
}

#[test]
fn foreign_origins_may_not_change_state() {
    let s = Server::start();
    let body = json!({"text": "(;SZ[9]AB[cc])"}).to_string();
    let own = format!("Origin: http://{}\r\n", s.addr);
    let local = format!("Origin: http://localhost:{}\r\n", s.addr.port());
    for extra in ["", own.as_str(), local.as_str()] {
        let a = send_with(&s, "POST", "/api/board/parse", &body, extra);
        assert_eq!(a.status, 200, "{extra}: {}", a.body);
    }
    for origin in [
        "http://evil.example".to_string(),
        format!("http://evil.example:{}", s.addr.port()),
        format!("https://{}", s.addr),
        "null".to_string(),
    ] {
        let extra = format!("Origin: {origin}\r\n");
        let a = send_with(&s, "POST", "/api/board/parse", &body, &extra);
        assert_error(a.status, &parse(&a.body), 403, "refused");
        let a = send_with(&s, "DELETE", "/api/jobs/1", "", &extra);
        assert_error(a.status, &parse(&a.body), 403, "refused");
    }
    // Reading is not state-changing: a GET with a foreign Origin passes
    // (the browser's same-origin policy keeps the answer from the page).
    let a = get_with(
        &s,
        "/api/tsumego/examples",
        &s.addr.to_string(),
        "Origin: http://evil.example\r\n",
    );
    assert_eq!(a.status, 200, "{}", a.body);
}

#[test]
fn every_answer_carries_the_security_headers_and_405_is_json() {
    let s = Server::start();
    let host = s.addr.to_string();
    let answers = [
        get_with(&s, "/", &host, ""),
        get_with(&s, "/style.css", &host, ""),
        get_with(&s, "/js/app.js", &host, ""),
        get_with(&s, "/no/such/page", &host, ""),
        get_with(&s, "/", "evil.example", ""),
        get_with(&s, "/api/cgt", &host, ""),
        send_with(&s, "POST", "/api/cgt", "{\"expr\": \"{4|0}\"}", ""),
        send_with(&s, "DELETE", "/", "", ""),
    ];
    for a in &answers {
        let head = a.head.to_ascii_lowercase();
        assert!(
            head.contains("\r\nx-content-type-options: nosniff"),
            "{head}"
        );
        assert!(
            head.contains("\r\ncontent-security-policy: frame-ancestors 'none'"),
            "{head}"
        );
    }
    // A known path with a method it does not take: 405, JSON, Allow.
    for (a, allow) in [(&answers[5], "post"), (&answers[7], "get")] {
        assert_error(a.status, &parse(&a.body), 405, "does not take");
        let head = a.head.to_ascii_lowercase();
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(head.contains(&format!("\r\nallow: {allow}")), "{head}");
    }
}

#[test]
fn ctrl_c_cancels_the_analyses_and_the_server_exits() {
    // A job and a synchronous analysis that would each run for seconds,
    // then SIGINT: the server cancels them and exits (before: it waited
    // for the synchronous search to reach its limits).
    const HARD: &str = "attacker: black\nto-move: black\ndiagram:\n\
        ┌┬┬┬┬┬┬●┬\n├┼┼┼┼┼┼●┼\n├┼○○┼┼┼●┼\n├┼┼┼┼┼┼●┼\n●●●●●●●●┼\n├┼┼┼┼┼┼┼┼\n";
    let mut s = Server::start();
    let (status, v) = s.post_json(
        "/api/jobs",
        &json!({"kind": "tsumego", "params": {"diagram": HARD, "first": "attacker"}}),
    );
    assert_eq!(status, 202, "{v}");
    let addr = s.addr;
    let sync = std::thread::spawn(move || {
        let body = json!({"diagram": HARD}).to_string();
        // An answer, or a connection closed without one (then `fetch`
        // panics in this thread, which the join below ignores).
        fetch(
            addr,
            "POST",
            "/api/tsumego",
            "application/json",
            body.as_bytes(),
        )
        .status
    });
    // Let the synchronous search start.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &s.pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = s
        .wait_exit(std::time::Duration::from_secs(20))
        .expect("the server exits after Ctrl-C");
    assert!(status.success(), "{status:?}");
    // The client got an answer or a closed connection, not a hang.
    let _ = sync.join();
}

#[test]
fn the_bundled_examples_are_the_cited_files() {
    // The server embeds copies (crates/serve/assets/examples/) so that the
    // binary does not reach into another crate's tests; they stay equal to
    // the files the tests and docs cite.
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for (bundled, source) in [
        ("tsumego", "crates/tsumego/tests/data/seed003"),
        ("semeai", "examples/semeai"),
    ] {
        let dir = format!("{root}/crates/serve/assets/examples/{bundled}");
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
            let path = entry.expect("an entry").path();
            let name = path.file_name().expect("a name").to_string_lossy();
            let copy = std::fs::read_to_string(&path).expect("the copy");
            let original = std::fs::read_to_string(format!("{root}/{source}/{name}"))
                .unwrap_or_else(|e| panic!("{source}/{name}: {e}"));
            assert_eq!(copy, original, "{bundled}/{name} differs from {source}");
            count += 1;
        }
    }
    assert_eq!(count, 20);
}

/// The server's resident memory in KiB (Linux: `VmRSS` of
/// `/proc/PID/status`), `None` elsewhere.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The bound on the server's resident memory under the load test (about
/// 10 MiB measured: the analyses are small; the bound leaves room for a
/// table or two, and catches memory kept per connection or per request).
const LOAD_RSS_BOUND_KIB: u64 = 96 * 1024;

#[test]
fn load_200_concurrent_mixed_requests_are_all_answered() {
    // The server against itself on loopback: 200 clients at once, each one
    // request of five kinds (the page, a board parse, a CGT value, a small
    // life-and-death analysis, a job started and cancelled). Every one gets
    // an answer (200/202, or 429 when the heavy slots are taken: never a
    // dropped connection or a 5xx), the server stays up and its memory
    // stays under LOAD_RSS_BOUND_KIB.
    const CLIENTS: usize = 200;
    let mut s = Server::start();
    let addr = s.addr;
    let pid = s.pid();
    let start = std::sync::Arc::new(std::sync::Barrier::new(CLIENTS));
    let tenuki = tenuki();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|i| {
            let start = start.clone();
            let tenuki = tenuki.clone();
            std::thread::spawn(move || {
                let post = |path: &str, body: serde_json::Value| {
                    fetch(
                        addr,
                        "POST",
                        path,
                        "application/json",
                        body.to_string().as_bytes(),
                    )
                };
                start.wait();
                let a = match i % 5 {
                    0 => fetch(addr, "GET", "/", "text/plain", b""),
                    1 => post(
                        "/api/board/parse",
                        json!({"text": "(;SZ[9]AB[cc][dd]AW[ee])"}),
                    ),
                    2 => post(
                        "/api/cgt",
                        json!({"expr": "{4|0} + {6|{4|0}} - 7", "cool": "2"}),
                    ),
                    3 => post("/api/tsumego", json!({"diagram": tenuki})),
                    _ => {
                        let a = post(
                            "/api/jobs",
                            json!({"kind": "tsumego", "params": {"diagram": tenuki}}),
                        );
                        if a.status == 202 {
                            let id = parse(&a.body)["id"].as_str().expect("an id").to_string();
                            let d = fetch(
                                addr,
                                "DELETE",
                                &format!("/api/jobs/{id}"),
                                "text/plain",
                                b"",
                            );
                            assert_eq!(d.status, 200, "{}", d.body);
                        }
                        a
                    }
                };
                (i % 5, a.status, a.body)
            })
        })
        .collect();
    // Sample the server's memory while the clients run.
    let mut peak = 0;
    let mut answers = Vec::new();
    for c in clients {
        while !c.is_finished() {
            peak = peak.max(rss_kib(pid).unwrap_or(0));
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        answers.push(c.join().expect("every client gets an HTTP answer"));
    }
    peak = peak.max(rss_kib(pid).unwrap_or(0));
    let mut by_status = std::collections::BTreeMap::new();
    for (kind, status, body) in &answers {
        assert!(
            matches!(status, 200 | 202 | 429),
            "kind {kind}: {status} {body}"
        );
        *by_status.entry(*status).or_insert(0) += 1;
    }
    eprintln!("load: {CLIENTS} clients, answers {by_status:?}, server peak RSS {peak} KiB");
    // The page, the parses and at least one analysis of each kind went
    // through.
    assert!(by_status.get(&200).copied().unwrap_or(0) >= CLIENTS * 2 / 5);
    assert!(peak < LOAD_RSS_BOUND_KIB, "peak RSS {peak} KiB");
    // Still up, still serving.
    assert!(s.wait_exit(std::time::Duration::ZERO).is_none());
    let (status, _) = s.get("/");
    assert_eq!(status, 200);
}
