//! The metrics and health address (`METRICS_ADDR`): a few lines of HTTP/1.1 over tokio,
//! enough for Prometheus and for health checks (systemd, a load balancer, Kubernetes):
//!
//! - `GET /metrics`: the metrics, in Prometheus's text format;
//! - `GET /healthz`: 200 `alive` while the process runs;
//! - `GET /readyz`: 200 `ready`, or 503 with the reason on one line.
//!
//! One request a connection (`Connection: close`); a request must arrive within
//! [`READ_TIMEOUT`] and its head fit in [`MOST_HEAD`] bytes.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tracing::debug;

/// How long a client may take to send its request's head.
const READ_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest request head read.
const MOST_HEAD: usize = 8 << 10;

/// An answer: its status and its body (plain text).
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// What the body says.
    pub body: String,
    /// The body's content type.
    pub content_type: &'static str,
}

impl Answer {
    /// A plain-text answer.
    #[must_use]
    pub fn text(status: u16, body: impl Into<String>) -> Answer {
        Answer { status, body: body.into(), content_type: "text/plain; charset=utf-8" }
    }
}

/// What answers a path.
pub type Route = Arc<dyn Fn(&str) -> Pin<Box<dyn Future<Output = Answer> + Send>> + Send + Sync>;

/// Listens on `addr` and answers each request through `route` (by path), until the
/// process ends.
///
/// # Errors
/// The address cannot be listened on.
pub async fn serve(addr: SocketAddr, route: Route) -> std::io::Result<SocketAddr> {
    let listener = TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    tokio::spawn(async move {
        loop {
            match listener.accept().await {
                Ok((stream, _)) => {
                    let route = Arc::clone(&route);
                    tokio::spawn(async move {
                        if let Err(e) = answer(stream, &route).await {
                            debug!(error = %e, "a metrics or health request failed");
                        }
                    });
                }
                Err(e) => {
                    debug!(error = %e, "accepting a metrics or health connection failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    });
    Ok(bound)
}

async fn answer(mut stream: TcpStream, route: &Route) -> std::io::Result<()> {
    let mut head = Vec::with_capacity(512);
    let read = tokio::time::timeout(READ_TIMEOUT, async {
        let mut buf = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < MOST_HEAD {
            let n = stream.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            head.extend_from_slice(&buf[..n]);
        }
        Ok::<_, std::io::Error>(())
    })
    .await;
    if !matches!(read, Ok(Ok(()))) {
        return Ok(());
    }
    let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let path = target.split('?').next().unwrap_or_default();
    let reply = match method {
        "GET" | "HEAD" => route(path).await,
        _ => Answer::text(405, "only GET\n"),
    };
    let reason = match reply.status {
        200 => "OK",
        404 => "Not Found",
        405 => "Method Not Allowed",
        503 => "Service Unavailable",
        _ => "",
    };
    let mut out = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        reply.status,
        reply.content_type,
        reply.body.len()
    )
    .into_bytes();
    if method != "HEAD" {
        out.extend_from_slice(reply.body.as_bytes());
    }
    stream.write_all(&out).await?;
    stream.shutdown().await
}
