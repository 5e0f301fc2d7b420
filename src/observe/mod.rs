//! Watching the bot run: metrics in Prometheus's text format and health checks on
//! `METRICS_ADDR` (off by default), the database prober that tells the Discord adapter
//! when the database is away, and the log's format (see `docs/running.md`, "Watching
//! it").

pub mod health;
pub mod interaction;
pub mod logs;
pub mod metrics;
mod server;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use metrics_exporter_prometheus::PrometheusHandle;
use tracing::{info, warn};

pub use health::{health, Health, ShardState};

use crate::service::Service;
use crate::store::Unavailable;

tokio::task_local! {
    /// The use case at hand, for the database's metrics.
    static USE_CASE: &'static str;
}

/// The use case at hand ([`in_use_case`]), else `other`.
#[must_use]
pub fn use_case() -> &'static str {
    USE_CASE.try_with(|u| *u).unwrap_or("other")
}

/// Runs `work` as use case `name` (a label from a short fixed list: a command's
/// registered name, a component's kind, a scheduler's step).
pub async fn in_use_case<F: Future>(name: &'static str, work: F) -> F::Output {
    USE_CASE.scope(name, work).await
}

/// What is sampled just before a scrape.
#[derive(Debug, Default)]
pub(crate) struct Sample {
    pub read_in_use: usize,
    pub write_in_use: usize,
    pub database_up: bool,
    pub matches_in_play: Option<i64>,
    pub shards: std::collections::BTreeMap<u32, ShardState>,
    pub ready: bool,
}

/// How long the count of matches in play is kept before a scrape counts again.
const MATCHES_COUNTED_FOR: Duration = Duration::from_secs(5);

/// Starts what watches the process: always the database prober (the Discord adapter
/// answers clicks at once while the database is away); with `addr` (`METRICS_ADDR`), the
/// metrics recorder and the address serving `/metrics`, `/healthz` and `/readyz`. Returns
/// the address listened on.
///
/// # Errors
/// The address cannot be listened on, or a metrics recorder is installed already.
pub async fn start(addr: Option<SocketAddr>, service: &Service) -> Result<Option<SocketAddr>, String> {
    tokio::spawn(probe_database(service.clone()));
    let Some(addr) = addr else { return Ok(None) };
    let handle = metrics::install()?;
    let process = metrics_process::Collector::default();
    process.describe();
    let scrape = Arc::new(Scrape { handle, process, service: service.clone(), matches: Mutex::new(None) });
    let route: server::Route = Arc::new(move |path: &str| {
        let scrape = Arc::clone(&scrape);
        let path = path.to_owned();
        Box::pin(async move { scrape.answer(&path).await })
    });
    let bound = server::serve(addr, route).await.map_err(|e| format!("METRICS_ADDR: cannot listen on {addr}: {e}"))?;
    info!(%bound, "serving /metrics, /healthz and /readyz");
    Ok(Some(bound))
}

/// What a scrape needs.
struct Scrape {
    handle: PrometheusHandle,
    process: metrics_process::Collector,
    service: Service,
    /// The last count of matches in play, and when it was made.
    matches: Mutex<Option<(Instant, i64)>>,
}

impl Scrape {
    async fn answer(&self, path: &str) -> server::Answer {
        match path {
            "/healthz" => server::Answer::text(200, "alive\n"),
            "/readyz" => match health().readiness() {
                Ok(()) => server::Answer::text(200, "ready\n"),
                Err(why) => server::Answer::text(503, format!("not ready: {why}\n")),
            },
            "/metrics" => {
                self.sample().await;
                self.process.collect();
                self.handle.run_upkeep();
                server::Answer {
                    status: 200,
                    body: self.handle.render(),
                    content_type: "text/plain; version=0.0.4; charset=utf-8",
                }
            }
            _ => server::Answer::text(404, "not found: /metrics, /healthz, /readyz\n"),
        }
    }

    /// Sets the gauges that are read rather than counted.
    async fn sample(&self) {
        let (read_in_use, write_in_use) = self.service.connections_in_use();
        let database_up = health().database_away().is_none();
        let kept = *self.matches.lock().unwrap_or_else(PoisonError::into_inner);
        let matches_in_play = match kept {
            Some((at, n)) if at.elapsed() < MATCHES_COUNTED_FOR || !database_up => Some(n),
            _ if !database_up => None,
            _ => match tokio::time::timeout(Duration::from_secs(1), self.service.matches_in_play()).await {
                Ok(Ok(n)) => {
                    *self.matches.lock().unwrap_or_else(PoisonError::into_inner) = Some((Instant::now(), n));
                    Some(n)
                }
                _ => kept.map(|(_, n)| n),
            },
        };
        let shards = health().shards();
        let ready = health().readiness().is_ok();
        metrics::set_sampled(&Sample { read_in_use, write_in_use, database_up, matches_in_play, shards, ready });
    }
}

/// Probes the database for ever: every [`health::PROBE_EVERY`] while it answers, every
/// [`health::PROBE_EVERY_WHILE_AWAY`] while it is away; a write probe while the last
/// failure was a refusal to write (a full disk, a read-only file).
async fn probe_database(service: Service) {
    let mut away = false;
    let mut unanswered = 0;
    loop {
        let write = health().writes_failing();
        let probe = tokio::time::timeout(health::PROBE_TIMEOUT, service.probe_database(write)).await;
        unanswered = if probe.is_err() { unanswered + 1 } else { 0 };
        match probe {
            Ok(Ok(())) if write => health().database_wrote(),
            Ok(Ok(())) => health().database_answered(),
            Ok(Err(e)) => {
                let how = crate::store::unavailable(&e).unwrap_or(Unavailable::Unreachable);
                health().database_failed(if write { Unavailable::NoWrites } else { how }, &e.to_string());
            }
            // Twice in a row: a busy pool may keep one probe waiting.
            Err(_) if unanswered >= 2 => {
                health().database_failed(Unavailable::Unreachable, "no answer to two probes within 2 s");
            }
            Err(_) => {}
        }
        let now_away = health().database_away();
        match (&now_away, away) {
            (Some(why), false) => warn!(%why, "the database is away: clicks are answered \"try again in a moment\""),
            (None, true) => info!("the database is back"),
            _ => {}
        }
        away = now_away.is_some();
        tokio::time::sleep(if away { health::PROBE_EVERY_WHILE_AWAY } else { health::PROBE_EVERY }).await;
    }
}
