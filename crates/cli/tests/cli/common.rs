//! What the tests share: a scratch directory per test; for the `miai serve`
//! API tests, the built binary started on a free port (`--port 0`, the port
//! read from its first line) and a plain HTTP/1.1 client over a `TcpStream` (no HTTP crate: the tests read the
//! bytes the server sends, chunked bodies included).

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A fresh directory for one test, removed when the guard drops. The
/// tests of this binary run on threads of one process, so a name made from
/// the process id is shared between them: two tests once removed each
/// other's files that way (CI, stop 21).
pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("miai-test-")
        .tempdir()
        .expect("a temporary directory")
}

/// A running `miai serve`, killed when dropped.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

/// An HTTP answer: status, head, body (chunked bodies decoded).
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Server {
    /// Starts `miai serve --port 0` and reads its address.
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// Starts `miai serve --port 0` with further arguments (e.g. the
    /// hidden timeout hooks) and reads its address.
    pub fn start_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_miai"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("miai serve starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the first line of miai serve");
        let addr: SocketAddr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        // Bound to this machine only, by default.
        assert!(addr.ip().is_loopback(), "{addr}");
        Server { child, addr }
    }

    /// One request; the whole answer.
    pub fn fetch(&self, method: &str, path: &str, content_type: &str, body: &[u8]) -> Answer {
        fetch(self.addr, method, path, content_type, body)
    }

    /// One request; the status and the body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        content_type: &str,
        body: &[u8],
    ) -> (u16, String) {
        let a = self.fetch(method, path, content_type, body);
        (a.status, a.body)
    }

    /// `GET path`: the status and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, "text/plain", b"")
    }

    /// `GET path`: the whole answer.
    pub fn get_answer(&self, path: &str) -> Answer {
        self.fetch("GET", path, "text/plain", b"")
    }

    /// `GET path`, the body read as JSON.
    pub fn get_json(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.get(path);
        (status, parse(&body))
    }

    /// `DELETE path`, the body read as JSON.
    pub fn delete(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.request("DELETE", path, "text/plain", b"");
        (status, parse(&body))
    }

    /// `POST path` with a JSON body, the answer read as JSON.
    pub fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.request(
            "POST",
            path,
            "application/json",
            body.to_string().as_bytes(),
        );
        (status, parse(&text))
    }
}

impl Server {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits (polling, at most `limit`) for the server to exit: its exit
    /// status, or `None` if it is still running.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let end = std::time::Instant::now() + limit;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if std::time::Instant::now() > end {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends one request to `addr` (`Connection: close`) and reads the answer
/// to its end.
pub fn fetch(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: &str,
    body: &[u8],
) -> Answer {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    send(addr, &head, body)
}

/// Sends `head` (a request's head, written by the caller, blank line
/// included) and `body` to `addr` and reads the answer to its end.
pub fn send(addr: SocketAddr, head: &str, body: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(90)))
        .expect("timeout");
    stream.write_all(head.as_bytes()).expect("send the head");
    // The server may answer (413) and stop reading before the whole body
    // is sent; the answer is what counts.
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP answer: {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let rest = &raw[split + 4..];
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line: {head:?}"));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    Answer {
        status,
        head,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

/// Decodes an HTTP/1.1 chunked body.
fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = raw.windows(2).position(|w| w == b"\r\n") else {
            panic!(
                "a chunk size line is cut: {:?}",
                String::from_utf8_lossy(raw)
            );
        };
        let size_text = String::from_utf8_lossy(&raw[..eol]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .unwrap_or_else(|e| panic!("bad chunk size {size_text:?}: {e}"));
        raw = &raw[eol + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

/// `text` as JSON (panics with the text if it is not).
pub fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text:?}"))
}

/// An error answer: the status is `want` and the body `{"error": ...}`
/// mentions `needle`.
pub fn assert_error(status: u16, body: &Value, want: u16, needle: &str) {
    assert_eq!(status, want, "{body}");
    let msg = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error: {body}"));
    assert!(msg.contains(needle), "{msg:?} should mention {needle:?}");
}

/// A file of the repository, `rel` from its root.
pub fn repo_file(rel: &str) -> String {
    let path = format!("{}/../../{rel}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs `miai ARGS` (from the repository's root), sends it SIGINT after a
/// second and returns its output; `None` (said on stderr) if it ended
/// within that second, leaving nothing to interrupt.
#[cfg(unix)]
pub fn interrupted_after_a_second(args: &[&str]) -> Option<std::process::Output> {
    let child = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the miai binary runs");
    interrupt_after_a_second(child)
}

/// [`interrupted_after_a_second`] for a child already started.
#[cfg(unix)]
pub fn interrupt_after_a_second(mut child: Child) -> Option<std::process::Output> {
    std::thread::sleep(Duration::from_millis(1000));
    if child.try_wait().expect("wait").is_some() {
        eprintln!("miai ended within a second: nothing to interrupt");
        return None;
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    Some(child.wait_with_output().expect("wait"))
}

/// Runs `miai ARGS` to the end: exit code (-1 if killed), stdout, stderr.
pub fn miai(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(args)
        .output()
        .expect("the miai binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
