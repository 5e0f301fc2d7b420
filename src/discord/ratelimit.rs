//! The bot's own gate in front of Discord's rate limits (see `design.md`, "Discord
//! conventions"): every request Discord counts against the bot's global limit (board posts,
//! edits and retirements, threads, challenges, draw offers, reminders, digests) goes through
//! it, and so do boards carried by interactions' routes (follow-ups and their edits), which
//! Discord does not count against the global limit but buckets per token. Answers to
//! interactions never wait for it (they must arrive within 3 seconds).
//!
//! - **Global budget**: at most [`GLOBAL_BUDGET`] requests in any sliding [`GLOBAL_WINDOW`],
//!   below Discord's 50 per second, leaving room for the answers to commands that serenity
//!   sends and the registration of commands at start-up. Interaction routes ([`exempt`])
//!   take nothing from it, and a global 429 does not pause them.
//! - **Buckets learnt from headers**: `X-RateLimit-Bucket`, `-Limit`, `-Remaining` and
//!   `-Reset-After` of each answer; a route whose bucket is not yet known has one request in
//!   flight at a time until an answer teaches it.
//! - **429**: waits `retry_after` (the whole gate for a global one, the bucket for a route
//!   one), then tries again, a bounded number of times; never a hot loop.
//! - **Priorities**: a request waiting for the global budget goes before any of a lower
//!   [`Priority`] (boards, then reminders, then digests); none is dropped.
//!
//! Requests are sent with the gate's own HTTP client (the token and base URL of serenity's
//! `Http`), so that the headers of every answer, refusals included, are read. Serenity's own
//! rate limiter is off (see `discord::run`), so the two never wait for each other.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::warn;

use crate::observe::metrics;

/// Requests the gate lets through in any [`GLOBAL_WINDOW`] (Discord allows 50 per second).
pub const GLOBAL_BUDGET: usize = 40;
/// The window of the global budget, a little longer than Discord's second, for margin.
pub const GLOBAL_WINDOW: Duration = Duration::from_millis(1_050);
/// Margin added to a bucket's reset, for clocks and latency.
const RESET_MARGIN: Duration = Duration::from_millis(60);
/// How many times a request refused with 429 is tried again (each after `retry_after`).
const RATE_LIMIT_ATTEMPTS: u32 = 8;
/// The wait after a 429 without `retry_after` (e.g. Cloudflare's ban page).
const UNKNOWN_RETRY_AFTER: Duration = Duration::from_secs(5);

/// How many buckets the gate keeps before it forgets those whose window is over.
const MAX_BUCKETS: usize = 4_096;

/// The order in which requests waiting for the global budget go; lower first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Board posts, edits in place and retirements.
    Board = 0,
    /// Reminders to players who must act.
    Reminder = 1,
    /// Digests and anything else that can wait.
    Digest = 2,
}

const PRIORITIES: usize = 3;

impl Priority {
    /// Its name, as a metrics label.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Priority::Board => "board",
            Priority::Reminder => "reminder",
            Priority::Digest => "digest",
        }
    }
}

/// One bucket as Discord announced it.
#[derive(Clone, Debug)]
struct Bucket {
    limit: u32,
    remaining: u32,
    /// When the window resets; `None` once it reset here, until an answer tells the next.
    reset_at: Option<Instant>,
}

/// What the gate knows, shared by every request.
#[derive(Debug, Default)]
pub struct State {
    /// When each request of the global window was let through.
    sent: VecDeque<Instant>,
    /// No request before this instant (a global 429).
    paused_until: Option<Instant>,
    /// Route key (method, path template, major parameter) → Discord's bucket id.
    routes: HashMap<String, String>,
    /// (bucket id, major parameter) → its state.
    buckets: HashMap<String, Bucket>,
    /// Route keys of unknown bucket with a request in flight.
    probing: HashSet<String>,
    /// Route keys whose answers carry no bucket (Discord limits them by nothing the bot
    /// is told): not probed one request at a time, until an answer names a bucket.
    unbucketed: HashSet<String>,
    /// Requests waiting for the global budget (their bucket ready), by priority.
    waiting: [usize; PRIORITIES],
    /// What happened, for logs and tests.
    pub stats: Stats,
}

/// Counters of the gate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Requests let through that count against the global limit.
    pub sent: u64,
    /// Requests let through on interaction routes (not counted against the global limit).
    pub exempt: u64,
    /// 429s with scope `global`.
    pub global_429: u64,
    /// 429s with scope `user` (a route's bucket).
    pub route_429: u64,
    /// 429s with scope `shared`.
    pub shared_429: u64,
    /// Answers 401 or 403 (they count toward Discord's invalid-request ban).
    pub unauthorized: u64,
}

/// What a caller must do before sending.
#[derive(Debug, PartialEq, Eq)]
pub enum Admit {
    /// Send now (the slot is taken).
    Go,
    /// Ask again after this long: the route's bucket (or a global pause) holds it.
    Wait(Duration),
    /// Ask again after this long: it queues for the global budget, behind higher priorities.
    Queue(Duration),
}

/// The route key of a request: method, path with ids other than the major parameter
/// replaced, and the major parameter (the id after `channels` or `guilds`; for webhook and
/// interaction routes, the id and the token, whose routes Discord buckets per token).
#[must_use]
pub fn route_key(method: &str, path: &str) -> (String, String) {
    let path = path.split('?').next().unwrap_or_default();
    let path = path.find("/api/").map_or(path, |i| &path[i + 4..]);
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let mut major = String::new();
    let mut template = String::new();
    let mut i = 0;
    while i < segs.len() {
        let seg = segs[i];
        template.push('/');
        let prev = if i == 0 { "" } else { segs[i - 1] };
        let id = !seg.is_empty() && seg.bytes().all(|b| b.is_ascii_digit());
        if matches!(prev, "webhooks" | "interactions") {
            // `{id}/{token}`: the token is a secret and differs for every interaction, so it
            // is part of the major parameter, never of the template.
            template.push_str("{id}/{token}");
            if major.is_empty() {
                major = segs.get(i + 1).map_or_else(|| seg.to_string(), |token| format!("{seg}/{token}"));
            }
            i += 2;
            continue;
        }
        let after_major = prev == "channels" || prev == "guilds";
        if id && after_major && major.is_empty() {
            major = seg.to_string();
            template.push_str(seg);
        } else if id {
            template.push_str("{id}");
        } else if prev == "reactions" {
            template.push_str("{emoji}");
        } else {
            template.push_str(seg);
        }
        i += 1;
    }
    (format!("{method} {template}"), major)
}

/// Whether a route key names an interaction route (the callback, `@original` and follow-ups,
/// all under `/interactions/{id}/{token}` or `/webhooks/{application}/{token}`): Discord
/// does not count those against the bot's global limit, only against their own buckets.
#[must_use]
pub fn exempt(key: &str) -> bool {
    let path = key.split_once(' ').map_or(key, |(_, p)| p);
    let path = path.strip_prefix('/').unwrap_or(path);
    // After an optional version segment (`v10/`).
    let path = match path.split_once('/') {
        Some((v, rest)) if v.starts_with('v') && v[1..].bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => path,
    };
    path.starts_with("webhooks/") || path.starts_with("interactions/")
}

impl State {
    /// Whether the request of `key` (major parameter `major`) may go now, at priority `p`
    /// (requests of a higher priority queued for the global budget, see [`State::wait`],
    /// go first).
    pub fn admit(&mut self, key: &str, major: &str, p: Priority, now: Instant) -> Admit {
        let exempt = exempt(key);
        if let Some(until) = self.paused_until {
            // A global 429 pauses what counts against the global limit only.
            if now < until && !exempt {
                return Admit::Wait(until - now);
            }
            if now >= until {
                self.paused_until = None;
            }
        }
        // The route's bucket.
        let bucket = self.routes.get(key).map(|b| format!("{b}:{major}"));
        match &bucket {
            Some(id) => {
                if let Some(b) = self.buckets.get_mut(id) {
                    if b.reset_at.is_some_and(|r| now >= r) {
                        b.remaining = b.limit;
                        b.reset_at = None;
                    }
                    if b.remaining == 0 {
                        // Spent in a window whose end is not known yet: an answer in flight
                        // will tell.
                        let wait = b.reset_at.map_or(Duration::from_millis(50), |r| r.saturating_duration_since(now));
                        return Admit::Wait(wait.max(Duration::from_millis(5)));
                    }
                }
            }
            None => {
                if self.probing.contains(key) && !self.unbucketed.contains(key) {
                    return Admit::Wait(Duration::from_millis(50));
                }
            }
        }
        if exempt {
            // Only its bucket holds an interaction route.
            self.stats.exempt += 1;
            self.take(bucket.as_deref(), key);
            return Admit::Go;
        }
        // The global budget, by priority.
        while self.sent.front().is_some_and(|&t| now.duration_since(t) >= GLOBAL_WINDOW) {
            self.sent.pop_front();
        }
        let before: usize = self.waiting[..p as usize].iter().sum();
        if before > 0 {
            return Admit::Queue(Duration::from_millis(20));
        }
        if self.sent.len() >= GLOBAL_BUDGET {
            let oldest = self.sent.front().copied().unwrap_or(now);
            return Admit::Queue((oldest + GLOBAL_WINDOW).saturating_duration_since(now).max(Duration::from_millis(1)));
        }
        self.sent.push_back(now);
        self.stats.sent += 1;
        self.take(bucket.as_deref(), key);
        Admit::Go
    }

    /// Takes a request's place in its bucket (`None`: not known yet, one probe at a time).
    fn take(&mut self, bucket: Option<&str>, key: &str) {
        match bucket {
            Some(id) => {
                if let Some(b) = self.buckets.get_mut(id) {
                    b.remaining = b.remaining.saturating_sub(1);
                }
            }
            None if self.unbucketed.contains(key) => {}
            None => {
                self.probing.insert(key.to_string());
            }
        }
    }

    /// Notes that a request waits (`true`) or stops waiting for the global budget.
    pub fn wait(&mut self, p: Priority, waiting: bool) {
        let n = &mut self.waiting[p as usize];
        *n = if waiting { *n + 1 } else { n.saturating_sub(1) };
        metrics::gate_queue(p.label(), *n);
    }

    /// Learns from an answer's headers: its bucket, what remains and when it resets.
    pub fn learn(&mut self, key: &str, major: &str, headers: &Headers, now: Instant) {
        self.probing.remove(key);
        let Some(bucket) = &headers.bucket else {
            self.unbucketed.insert(key.to_string());
            return;
        };
        self.unbucketed.remove(key);
        self.routes.insert(key.to_string(), bucket.clone());
        let (Some(remaining), Some(reset_after)) = (headers.remaining, headers.reset_after) else { return };
        let reset_at = now + reset_after + RESET_MARGIN;
        let limit = headers.limit.unwrap_or(remaining.max(1));
        let id = format!("{bucket}:{major}");
        if self.buckets.len() >= MAX_BUCKETS {
            // Every interaction token has buckets of its own: forget those past their reset,
            // and if that frees less than a quarter (many tokens within their window), every
            // token's (their routes are exempt from the global limit, and a 429 on one is
            // waited out): pruning must not come back on every request.
            self.buckets.retain(|_, b| b.reset_at.is_some_and(|r| now < r));
            if self.buckets.len() >= MAX_BUCKETS * 3 / 4 {
                self.buckets.retain(|id, _| !id.rsplit_once(':').is_some_and(|(_, major)| major.contains('/')));
            }
        }
        match self.buckets.get_mut(&id) {
            // The same window: requests still in flight were counted here, not yet there.
            Some(b) if b.reset_at.is_none_or(|r| now < r) && b.limit == limit => {
                b.remaining = b.remaining.min(remaining);
                b.reset_at = Some(b.reset_at.map_or(reset_at, |r| r.max(reset_at)));
            }
            _ => {
                self.buckets.insert(id, Bucket { limit, remaining, reset_at: Some(reset_at) });
            }
        }
    }

    /// Learns from a 429: pauses everything (global) or the bucket until `retry_after`.
    pub fn refused(&mut self, key: &str, major: &str, headers: &Headers, now: Instant) -> Duration {
        self.probing.remove(key);
        let wait = headers.retry_after.unwrap_or(UNKNOWN_RETRY_AFTER);
        match headers.scope.as_deref() {
            _ if headers.global => {
                self.stats.global_429 += 1;
                metrics::rate_limited("global");
                let until = now + wait + RESET_MARGIN;
                self.paused_until = Some(self.paused_until.map_or(until, |u| u.max(until)));
            }
            Some("shared") => {
                self.stats.shared_429 += 1;
                metrics::rate_limited("shared");
            }
            _ => {
                self.stats.route_429 += 1;
                metrics::rate_limited("user");
                if let Some(bucket) = &headers.bucket {
                    self.unbucketed.remove(key);
                    self.routes.insert(key.to_string(), bucket.clone());
                    let id = format!("{bucket}:{major}");
                    let limit = headers.limit.unwrap_or(1);
                    self.buckets.insert(id, Bucket { limit, remaining: 0, reset_at: Some(now + wait + RESET_MARGIN) });
                }
            }
        }
        wait
    }
}

/// The rate-limit headers of an answer (and the 429 body's `retry_after` and `global`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Headers {
    /// `X-RateLimit-Bucket`.
    pub bucket: Option<String>,
    /// `X-RateLimit-Limit`.
    pub limit: Option<u32>,
    /// `X-RateLimit-Remaining`.
    pub remaining: Option<u32>,
    /// `X-RateLimit-Reset-After`.
    pub reset_after: Option<Duration>,
    /// `retry_after` of a 429's body, else its `Retry-After` header.
    pub retry_after: Option<Duration>,
    /// `X-RateLimit-Global` or the body's `global`.
    pub global: bool,
    /// `X-RateLimit-Scope`.
    pub scope: Option<String>,
}

impl Headers {
    fn read(map: &reqwest::header::HeaderMap) -> Headers {
        let text = |name: &str| map.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        let secs = |name: &str| {
            text(name)
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(Duration::from_secs_f64)
        };
        Headers {
            bucket: text("x-ratelimit-bucket"),
            limit: text("x-ratelimit-limit").and_then(|v| v.parse().ok()),
            remaining: text("x-ratelimit-remaining").and_then(|v| v.parse().ok()),
            reset_after: secs("x-ratelimit-reset-after"),
            retry_after: secs("retry-after"),
            global: text("x-ratelimit-global").is_some_and(|v| v == "true"),
            scope: text("x-ratelimit-scope"),
        }
    }

    fn read_body(&mut self, body: &[u8]) {
        if let Ok(value) = serde_json::from_slice::<serde_json::Value>(body) {
            if let Some(s) = value.get("retry_after").and_then(serde_json::Value::as_f64) {
                if s.is_finite() && s >= 0.0 {
                    self.retry_after = Some(Duration::from_secs_f64(s));
                }
            }
            self.global |= value.get("global").and_then(serde_json::Value::as_bool).unwrap_or(false);
        }
    }
}

/// What a request carries.
#[derive(Clone, Copy)]
enum Payload<'a> {
    Empty,
    Json(&'a [u8]),
    Multipart(&'a serenity::http::Multipart),
}

/// The process's gate: one per process, as Discord's global limit is per bot.
pub struct Gate {
    state: Mutex<State>,
    client: reqwest::Client,
}

/// A failed request through the gate.
#[derive(Debug, thiserror::Error)]
pub enum GateError {
    /// Discord answered with an error status (the body, shortened).
    #[error("Discord answered {status}: {body}")]
    Status {
        /// The status.
        status: u16,
        /// The start of the body.
        body: String,
    },
    /// The request could not be built or sent.
    #[error("request failed: {0}")]
    Transport(String),
}

impl GateError {
    /// Whether Discord refused for want of a permission (403, code 50013): files where the
    /// bot may not attach any, say.
    #[must_use]
    pub fn missing_permissions(&self) -> bool {
        matches!(self, GateError::Status { status: 403, body } if body.contains("50013"))
    }

    /// Discord's error code (the `code` of its JSON error body), if it gave one.
    #[must_use]
    pub fn code(&self) -> Option<u64> {
        match self {
            GateError::Status { body, .. } => serde_json::from_str::<serde_json::Value>(body).ok()?["code"].as_u64(),
            GateError::Transport(_) => None,
        }
    }

    /// The HTTP status, if Discord answered.
    #[must_use]
    pub fn status(&self) -> Option<u16> {
        match self {
            GateError::Status { status, .. } => Some(*status),
            GateError::Transport(_) => None,
        }
    }
}

/// The process's gate.
pub fn gate() -> &'static Gate {
    static GATE: OnceLock<Gate> = OnceLock::new();
    GATE.get_or_init(|| Gate { state: Mutex::new(State::default()), client: reqwest::Client::new() })
}

/// Unregisters a waiter when its wait ends, however it ends.
struct Waiting<'a> {
    gate: &'a Gate,
    p: Priority,
    on: bool,
}

impl Waiting<'_> {
    fn set(&mut self, on: bool) {
        if self.on != on {
            self.gate.lock().wait(self.p, on);
            self.on = on;
        }
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.set(false);
    }
}

impl Gate {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.lock().stats.clone()
    }

    /// Waits until a request of `key` may go at priority `p`, and takes its slot.
    async fn admit(&self, key: &str, major: &str, p: Priority) {
        let mut waiting = Waiting { gate: self, p, on: false };
        let asked = Instant::now();
        loop {
            let admit = self.lock().admit(key, major, p, Instant::now());
            let (queued, d) = match admit {
                Admit::Go => return metrics::gate_waited(p.label(), asked.elapsed()),
                Admit::Wait(d) => (false, d),
                Admit::Queue(d) => (true, d),
            };
            // Only a request held by the global budget keeps lower priorities waiting.
            waiting.set(queued);
            tokio::time::sleep(d.min(Duration::from_secs(30))).await;
        }
    }

    /// Sends a request (`method` on `route`, with a JSON `body`) through the gate at
    /// priority `p`; the answer's body once successful. 429s are waited out and tried again,
    /// 5xx a few times (but an interaction's follow-up, which takes no nonce); other errors
    /// are final.
    ///
    /// # Errors
    /// The last error.
    pub async fn send(
        &self,
        http: &serenity::Http,
        p: Priority,
        method: serenity::http::LightMethod,
        route: serenity::http::Route<'_>,
        body: Option<&[u8]>,
    ) -> Result<Vec<u8>, GateError> {
        self.send_payload(http, p, method, route, body.map_or(Payload::Empty, Payload::Json)).await
    }

    /// [`Gate::send`] with files: a multipart body (`payload_json` and the files).
    ///
    /// # Errors
    /// The last error.
    pub async fn send_multipart(
        &self,
        http: &serenity::Http,
        p: Priority,
        method: serenity::http::LightMethod,
        route: serenity::http::Route<'_>,
        multipart: &serenity::http::Multipart,
    ) -> Result<Vec<u8>, GateError> {
        self.send_payload(http, p, method, route, Payload::Multipart(multipart)).await
    }

    async fn send_payload(
        &self,
        http: &serenity::Http,
        p: Priority,
        method: serenity::http::LightMethod,
        route: serenity::http::Route<'_>,
        payload: Payload<'_>,
    ) -> Result<Vec<u8>, GateError> {
        let (key, major) = route_key(method_str(method), &route.path());
        // A follow-up takes no nonce, and Discord opens a thread with no starter message as
        // often as asked: either, failed after Discord made it, would show twice if sent
        // again, so a 5xx is the caller's to settle (see `publish` and `threads`).
        let retry_5xx = !matches!(
            route,
            serenity::http::Route::WebhookFollowupMessages { .. } | serenity::http::Route::ChannelThreads { .. }
        );
        let mut limited = 0;
        let mut failed = 1;
        loop {
            let request = serenity::http::Request::new(route, method);
            let request = match payload {
                Payload::Empty => request,
                Payload::Json(body) => request.body(Some(body.to_vec())),
                Payload::Multipart(multipart) => request.multipart(Some(multipart.clone())),
            };
            self.admit(&key, &major, p).await;
            let sent = match request.build(&self.client, http.token(), http.proxy.as_deref()) {
                Ok(builder) => builder.send().await.map_err(|e| GateError::Transport(e.to_string())),
                Err(e) => Err(GateError::Transport(e.to_string())),
            };
            let response = match sent {
                Ok(r) => r,
                Err(e) => {
                    metrics::discord_request(&key, None);
                    self.lock().probing.remove(&key);
                    return Err(e);
                }
            };
            let status = response.status().as_u16();
            metrics::discord_request(&key, Some(status));
            let mut headers = Headers::read(response.headers());
            let body = response.bytes().await.map(|b| b.to_vec()).unwrap_or_default();
            let now = Instant::now();
            if status == 429 {
                headers.read_body(&body);
                let wait = self.lock().refused(&key, &major, &headers, now);
                limited += 1;
                warn!(route = %key, ?wait, global = headers.global, scope = ?headers.scope, "rate limited by Discord");
                if limited >= RATE_LIMIT_ATTEMPTS {
                    return Err(GateError::Status { status, body: short(&body) });
                }
                if headers.bucket.is_none() && !headers.global {
                    // A shared or unknown refusal: this request alone waits.
                    tokio::time::sleep(wait).await;
                }
                continue;
            }
            self.lock().learn(&key, &major, &headers, now);
            if (200..300).contains(&status) {
                return Ok(body);
            }
            if matches!(status, 401 | 403) {
                self.lock().stats.unauthorized += 1;
            }
            if (500..600).contains(&status) && retry_5xx && failed < super::retry::ATTEMPTS {
                tokio::time::sleep(super::retry::SERVER_ERROR_WAIT * 2u32.saturating_pow(failed - 1)).await;
                failed += 1;
                continue;
            }
            return Err(GateError::Status { status, body: short(&body) });
        }
    }

    /// Sends a request through the gate and decodes its answer.
    ///
    /// # Errors
    /// The request's error, or a body that does not decode.
    pub async fn fire<T: serde::de::DeserializeOwned>(
        &self,
        http: &serenity::Http,
        p: Priority,
        method: serenity::http::LightMethod,
        route: serenity::http::Route<'_>,
        body: Option<&[u8]>,
    ) -> Result<T, GateError> {
        let body = self.send(http, p, method, route, body).await?;
        serde_json::from_slice(&body).map_err(|e| GateError::Transport(format!("undecodable answer: {e}")))
    }
}

/// Sends `body` (a serialisable builder: a message, an edit, a thread) through the process's
/// gate at priority `p`, and decodes the answer.
///
/// # Errors
/// The request's error, or a body that does not encode or decode.
pub async fn fire_json<T: serde::de::DeserializeOwned>(
    http: &serenity::Http,
    p: Priority,
    method: serenity::http::LightMethod,
    route: serenity::http::Route<'_>,
    body: &impl serde::Serialize,
) -> Result<T, GateError> {
    let body = serde_json::to_vec(body).map_err(|e| GateError::Transport(format!("unencodable body: {e}")))?;
    gate().fire(http, p, method, route, Some(&body)).await
}

fn short(body: &[u8]) -> String {
    String::from_utf8_lossy(&body[..body.len().min(200)]).into_owned()
}

fn method_str(method: serenity::http::LightMethod) -> &'static str {
    match method {
        serenity::http::LightMethod::Get => "GET",
        serenity::http::LightMethod::Post => "POST",
        serenity::http::LightMethod::Patch => "PATCH",
        serenity::http::LightMethod::Put => "PUT",
        serenity::http::LightMethod::Delete => "DELETE",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_discord_s_code_when_its_body_gives_one() {
        let body = r#"{"message": "A thread has already been created for this message", "code": 160004}"#;
        let refused = GateError::Status { status: 400, body: body.to_owned() };
        assert_eq!(refused.code(), Some(160_004));
        assert_eq!(GateError::Status { status: 502, body: "<html>Bad Gateway</html>".to_owned() }.code(), None);
        assert_eq!(GateError::Transport("connection reset".to_owned()).code(), None);
    }

    fn headers(bucket: &str, limit: u32, remaining: u32, reset_after: f64) -> Headers {
        Headers {
            bucket: Some(bucket.to_string()),
            limit: Some(limit),
            remaining: Some(remaining),
            reset_after: Some(Duration::from_secs_f64(reset_after)),
            ..Headers::default()
        }
    }

    #[test]
    fn route_keys_keep_the_major_parameter_only() {
        let (k, m) = route_key("PATCH", "https://discord.com/api/v10/channels/123/messages/456");
        assert_eq!((k.as_str(), m.as_str()), ("PATCH /v10/channels/123/messages/{id}", "123"));
        let (k2, _) = route_key("PATCH", "https://discord.com/api/v10/channels/123/messages/789");
        assert_eq!(k, k2, "one bucket for every message of a channel");
        let (k3, m3) = route_key("POST", "http://127.0.0.1:9/api/v10/channels/9/messages");
        assert_eq!((k3.as_str(), m3.as_str()), ("POST /v10/channels/9/messages", "9"));
    }

    #[test]
    fn interaction_routes_are_keyed_per_token_and_exempt() {
        let (k, m) = route_key("POST", "http://127.0.0.1:9/api/v10/webhooks/77/tok-1");
        assert_eq!((k.as_str(), m.as_str()), ("POST /v10/webhooks/{id}/{token}", "77/tok-1"));
        let (k2, m2) = route_key("PATCH", "https://discord.com/api/v10/webhooks/77/tok-2/messages/456");
        assert_eq!((k2.as_str(), m2.as_str()), ("PATCH /v10/webhooks/{id}/{token}/messages/{id}", "77/tok-2"));
        let (cb, _) = route_key("POST", "https://discord.com/api/v10/interactions/5/tok/callback");
        assert_eq!(cb, "POST /v10/interactions/{id}/{token}/callback");
        assert!(exempt(&k) && exempt(&k2) && exempt(&cb));
        let (channel, _) = route_key("POST", "https://discord.com/api/v10/channels/9/messages");
        assert!(!exempt(&channel));
        // Exempt requests take nothing from the global budget, and a global pause does not
        // hold them.
        let mut s = State::default();
        let now = Instant::now();
        let global = Headers { retry_after: Some(Duration::from_secs(1)), global: true, ..Headers::default() };
        s.refused(&channel, "9", &global, now);
        for i in 0..(2 * GLOBAL_BUDGET) {
            let major = format!("77/t{i}");
            assert_eq!(s.admit(&k, &major, Priority::Board, now), Admit::Go);
            s.learn(&k, &major, &headers("hook", 5, 4, 5.0), now);
        }
        assert!(matches!(s.admit(&channel, "9", Priority::Board, now), Admit::Wait(_)));
        assert_eq!((s.stats.sent, s.stats.exempt), (0, 2 * GLOBAL_BUDGET as u64));
        assert!(s.sent.is_empty());
    }

    #[test]
    fn many_tokens_within_their_window_are_pruned_once_not_on_every_request() {
        let mut s = State::default();
        let now = Instant::now();
        let (hook, _) = route_key("POST", "https://discord.com/api/v10/webhooks/77/tok");
        let (channel, _) = route_key("POST", "https://discord.com/api/v10/channels/9/messages");
        s.learn(&channel, "9", &headers("abc", 5, 4, 5.0), now);
        for i in 0..MAX_BUCKETS {
            s.learn(&hook, &format!("77/t{i}"), &headers("hook", 5, 4, 5.0), now);
        }
        // The map was full of tokens still within their window: they went, all at once, and
        // the channel's bucket stayed.
        assert!(s.buckets.len() < MAX_BUCKETS / 2, "{}", s.buckets.len());
        assert!(s.buckets.contains_key("abc:9"));
    }

    #[test]
    fn a_bucket_is_learnt_and_honoured() {
        let mut s = State::default();
        let now = Instant::now();
        let key = "POST /channels/1/messages";
        // Unknown: one request in flight at a time.
        assert_eq!(s.admit(key, "1", Priority::Board, now), Admit::Go);
        assert!(matches!(s.admit(key, "1", Priority::Board, now), Admit::Wait(_) | Admit::Queue(_)));
        s.learn(key, "1", &headers("abc", 5, 4, 5.0), now);
        for _ in 0..4 {
            assert_eq!(s.admit(key, "1", Priority::Board, now), Admit::Go);
        }
        let Admit::Wait(d) = s.admit(key, "1", Priority::Board, now) else { panic!("bucket spent") };
        assert!(d >= Duration::from_secs(5) && d < Duration::from_secs(6), "{d:?}");
        // Another channel has its own bucket (same route, another major parameter).
        let other = "POST /channels/2/messages";
        assert_eq!(s.admit(other, "2", Priority::Board, now), Admit::Go);
        // After the reset, the bucket is full again.
        let later = now + Duration::from_secs(6);
        assert_eq!(s.admit(key, "1", Priority::Board, later), Admit::Go);
    }

    #[test]
    fn a_route_answered_without_a_bucket_is_not_probed_one_request_at_a_time() {
        let mut s = State::default();
        let now = Instant::now();
        let (key, major) = route_key("POST", "https://discord.com/api/v10/webhooks/77/tok");
        assert_eq!(s.admit(&key, &major, Priority::Board, now), Admit::Go);
        assert!(matches!(s.admit(&key, &major, Priority::Board, now), Admit::Wait(_)), "probed");
        // The answer names no bucket: requests go side by side from then on.
        s.learn(&key, &major, &Headers::default(), now);
        for _ in 0..10 {
            assert_eq!(s.admit(&key, &major, Priority::Board, now), Admit::Go);
        }
        // Until an answer names one: then its bucket holds them.
        s.learn(&key, &major, &headers("hook", 2, 0, 5.0), now);
        assert!(matches!(s.admit(&key, &major, Priority::Board, now), Admit::Wait(_)));
    }

    #[test]
    fn answers_in_flight_do_not_refill_a_bucket() {
        let mut s = State::default();
        let now = Instant::now();
        let key = "POST /channels/1/messages";
        s.learn(key, "1", &headers("abc", 5, 5, 5.0), now);
        for _ in 0..5 {
            assert_eq!(s.admit(key, "1", Priority::Board, now), Admit::Go);
        }
        // The first answer says 4 remain, but four more are in flight.
        s.learn(key, "1", &headers("abc", 5, 4, 4.9), now);
        assert!(matches!(s.admit(key, "1", Priority::Board, now), Admit::Wait(_) | Admit::Queue(_)));
    }

    #[test]
    fn the_global_budget_holds_in_any_window() {
        let mut s = State::default();
        let start = Instant::now();
        let mut sent = Vec::new();
        // Many channels, so that only the global budget binds; try every 5 ms for 3 s.
        for i in 0..600u64 {
            let now = start + Duration::from_millis(i * 5);
            let key = format!("POST /channels/{i}/messages");
            if s.admit(&key, &i.to_string(), Priority::Board, now) == Admit::Go {
                s.learn(&key, &i.to_string(), &headers(&format!("b{i}"), 5, 4, 5.0), now);
                sent.push(now);
            }
        }
        for (i, &t) in sent.iter().enumerate() {
            let in_second = sent[i..].iter().take_while(|&&u| u.duration_since(t) < Duration::from_secs(1)).count();
            assert!(in_second <= GLOBAL_BUDGET, "{in_second} in one second");
        }
        assert!(sent.len() >= 2 * GLOBAL_BUDGET, "the budget is used: {}", sent.len());
    }

    #[test]
    fn a_global_429_pauses_everything_and_a_route_429_its_bucket() {
        let mut s = State::default();
        let now = Instant::now();
        let global = Headers { retry_after: Some(Duration::from_millis(700)), global: true, ..Headers::default() };
        assert_eq!(s.refused("POST /channels/1/messages", "1", &global, now), Duration::from_millis(700));
        assert!(matches!(
            s.admit("POST /channels/2/messages", "2", Priority::Board, now),
            Admit::Wait(_) | Admit::Queue(_)
        ));
        let after = now + Duration::from_secs(1);
        assert_eq!(s.admit("POST /channels/2/messages", "2", Priority::Board, after), Admit::Go);
        // A route's 429: that bucket waits, others go.
        let route = Headers {
            retry_after: Some(Duration::from_secs(2)),
            scope: Some("user".into()),
            ..headers("m", 5, 0, 2.0)
        };
        s.refused("POST /channels/3/messages", "3", &route, after);
        assert!(matches!(
            s.admit("POST /channels/3/messages", "3", Priority::Board, after),
            Admit::Wait(_) | Admit::Queue(_)
        ));
        assert_eq!(s.admit("POST /channels/4/messages", "4", Priority::Board, after), Admit::Go);
        assert_eq!((s.stats.global_429, s.stats.route_429), (1, 1));
    }

    #[test]
    fn the_429_body_is_read() {
        let mut h = Headers { retry_after: Some(Duration::from_secs(1)), ..Headers::default() };
        h.read_body(br#"{"message":"You are being rate limited.","retry_after":0.25,"global":true}"#);
        assert_eq!(h.retry_after, Some(Duration::from_millis(250)));
        assert!(h.global);
    }

    #[test]
    fn higher_priorities_go_first() {
        let mut s = State::default();
        let now = Instant::now();
        // A board waits for the global budget: a reminder does not pass it.
        s.wait(Priority::Board, true);
        assert!(matches!(
            s.admit("POST /channels/1/messages", "1", Priority::Reminder, now),
            Admit::Wait(_) | Admit::Queue(_)
        ));
        assert_eq!(s.admit("POST /channels/2/messages", "2", Priority::Board, now), Admit::Go);
        s.wait(Priority::Board, false);
        assert_eq!(s.admit("POST /channels/1/messages", "1", Priority::Reminder, now), Admit::Go);
        // A digest yields to a waiting reminder.
        s.wait(Priority::Reminder, true);
        assert!(matches!(
            s.admit("POST /channels/5/messages", "5", Priority::Digest, now),
            Admit::Wait(_) | Admit::Queue(_)
        ));
    }
}
