//! The accept loop: HTTP/1.1 connections served by hyper with a header read
//! timeout (which also closes idle connections, fresh or kept alive), at
//! most [`MAX_CONNECTIONS`] at once, and a shutdown that cancels every
//! search, lets the connections finish for [`SHUTDOWN_GRACE`] and returns.
//!
//! axum's own `serve` has neither the timeout nor the bound; it also
//! speaks HTTP/2 without TLS, which no browser uses and which would read
//! the connection's first bytes without a timeout.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::{MAX_CONNECTIONS, SHUTDOWN_GRACE};

/// Serves `app` on `listener` until `stop` completes, then raises the
/// server's shutdown (every search is cancelled, every job too) and waits
/// at most [`SHUTDOWN_GRACE`] for the open connections to finish.
pub(super) async fn serve(
    listener: TcpListener,
    app: Router,
    header_timeout: Duration,
    stop: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        // Wait for a free slot before accepting: further clients wait in
        // the listen queue, not as open sockets of this process.
        let permit = tokio::select! {
            () = &mut stop => break,
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
        };
        let stream = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of file descriptors and the like: wait, as
                    // axum's `serve` does, rather than spin.
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let conn = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // Errors are the client's (a timeout, a reset): nothing to do.
            let _ = conn.await;
            drop(permit);
        });
    }
    drop(listener);
    super::shutdown().raise();
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}
