//! The server's own guards, as middleware around every route: the `Host`
//! and `Origin` checks (against DNS rebinding and cross-site requests), the
//! request body read under a timeout, admission of heavy requests (one
//! slot each, shared with the jobs) and the security headers on every
//! answer.

use std::cell::RefCell;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::uri::Authority;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::OwnedSemaphorePermit;

use super::{ApiError, BODY_LIMIT, HEAVY_ROUTES, Heavy};

tokio::task_local! {
    /// The heavy slot of the request being handled, from [`admission`] to
    /// [`super::blocking`], which carries it onto the blocking pool.
    static PERMIT: RefCell<Option<OwnedSemaphorePermit>>;
}

/// Takes the current request's heavy slot, if it has one.
pub(super) fn take_permit() -> Option<OwnedSemaphorePermit> {
    PERMIT.try_with(|p| p.borrow_mut().take()).ok().flatten()
}

/// Gives a slot taken by [`take_permit`] back to the request (a second
/// analysis in the same request runs under the same slot).
pub(super) fn give_back(permit: Option<OwnedSemaphorePermit>) {
    if let Some(permit) = permit {
        let _ = PERMIT.try_with(|p| *p.borrow_mut() = Some(permit));
    }
}

/// Whether `req` runs a search synchronously.
fn is_heavy(req: &Request) -> bool {
    req.method() == Method::POST && HEAVY_ROUTES.contains(&req.uri().path())
}

/// Admission control: a heavy request takes a slot for as long as its
/// handler (and the blocking work it starts) runs, or gets 429 at once.
pub(super) async fn admission(State(heavy): State<Heavy>, req: Request, next: Next) -> Response {
    if !is_heavy(&req) {
        return next.run(req).await;
    }
    match heavy.try_acquire() {
        Ok(permit) => {
            PERMIT
                .scope(RefCell::new(Some(permit)), next.run(req))
                .await
        }
        Err(e) => e.into_response(),
    }
}

/// Reads the request body (at most [`BODY_LIMIT`] bytes) within `timeout`
/// before the handler sees it: a client that sends its body slowly gets
/// 408 and its connection closed, instead of holding a task forever.
pub(super) async fn read_body(
    State(timeout): State<Duration>,
    req: Request,
    next: Next,
) -> Response {
    let (parts, body) = req.into_parts();
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {BODY_LIMIT} bytes"),
        )
    };
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return closing(too_large().into_response());
    }
    let bytes = match tokio::time::timeout(timeout, axum::body::to_bytes(body, BODY_LIMIT)).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(e)) => {
            let over = std::iter::successors(Some(&e as &(dyn std::error::Error + 'static)), |e| {
                e.source()
            })
            .any(|e| e.is::<http_body_util::LengthLimitError>());
            let answer = if over {
                too_large()
            } else {
                ApiError::bad_request(format!("cannot read the request body: {e}"))
            };
            return closing(answer.into_response());
        }
        Err(_) => {
            return closing(
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} ms",
                        timeout.as_millis()
                    ),
                )
                .into_response(),
            );
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// `answer` with `Connection: close`: the rest of the body is not read.
fn closing(mut answer: Response) -> Response {
    answer
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    answer
}

/// The names under which this server may be asked for: `localhost`, the
/// loopback addresses and the bound address, each with the bound port.
#[derive(Debug, Clone)]
pub(super) struct Allowed {
    local: SocketAddr,
}

impl Allowed {
    pub(super) fn new(local: SocketAddr) -> Allowed {
        Allowed { local }
    }

    /// Whether `authority` (a `Host` header, or an origin's host and port)
    /// names this server. A name other than `localhost` is refused even if
    /// it resolves here: that is what DNS rebinding relies on. Bound to
    /// every address (`--host 0.0.0.0`), any IP address is accepted, as the
    /// server may be reached through any of them.
    fn accepts(&self, authority: &str, default_port: u16) -> bool {
        let Ok(authority) = authority.parse::<Authority>() else {
            return false;
        };
        if authority.as_str().contains('@') {
            return false;
        }
        if authority.port_u16().unwrap_or(default_port) != self.local.port() {
            return false;
        }
        let host = authority.host();
        if host.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let ip = host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(host)
            .parse::<IpAddr>();
        let Ok(ip) = ip else {
            return false;
        };
        ip == IpAddr::V4(Ipv4Addr::LOCALHOST)
            || ip == IpAddr::V6(Ipv6Addr::LOCALHOST)
            || ip == self.local.ip()
            || self.local.ip().is_unspecified()
    }
}

/// Refuses a request whose `Host` does not name this server (403), and a
/// state-changing one (any method but GET, HEAD and OPTIONS) sent from a
/// page of another origin (403). Requests without `Origin` (scripts,
/// curl) pass.
pub(super) async fn host_and_origin(
    State(allowed): State<Allowed>,
    req: Request,
    next: Next,
) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.uri().authority().map(|a| a.to_string()));
    let Some(host) = host else {
        return ApiError::bad_request("the request has no Host header").into_response();
    };
    if !allowed.accepts(&host, 80) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "Host {host:?} does not name this server: use http://127.0.0.1:{}/",
                allowed.local.port()
            ),
        )
        .into_response();
    }
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe && let Some(origin) = req.headers().get(header::ORIGIN) {
        let ours = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|a| !a.contains('/') && allowed.accepts(a, 80));
        if !ours {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "{} from the origin {origin:?} refused: only this server's own page may \
                     change state",
                    req.method()
                ),
            )
            .into_response();
        }
    }
    next.run(req).await
}

/// Adds `X-Content-Type-Options: nosniff` and a CSP forbidding framing to
/// every answer.
pub(super) async fn security_headers(mut answer: Response) -> Response {
    let headers = answer.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'none'"),
    );
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_naming_this_server_are_accepted_others_not() {
        let loopback = Allowed::new("127.0.0.1:8080".parse().expect("an address"));
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(loopback.accepts(ok, 80), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost",
            "192.168.1.2:8080",
            "localhost.evil.example:8080",
            "user@127.0.0.1:8080",
            "",
            "[::1",
        ] {
            assert!(!loopback.accepts(bad, 80), "{bad}");
        }
        // Without a port the scheme's default counts.
        let port80 = Allowed::new("127.0.0.1:80".parse().expect("an address"));
        assert!(port80.accepts("localhost", 80));
        // Bound to every address: any IP address, still no other name.
        let any = Allowed::new("0.0.0.0:8080".parse().expect("an address"));
        assert!(any.accepts("192.168.1.2:8080", 80));
        assert!(!any.accepts("evil.example:8080", 80));
        let lan = Allowed::new("192.168.1.2:8080".parse().expect("an address"));
        assert!(lan.accepts("192.168.1.2:8080", 80));
        assert!(!lan.accepts("192.168.1.3:8080", 80));
    }
}
