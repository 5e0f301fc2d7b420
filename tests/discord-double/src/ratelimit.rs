//! Discord's REST rate limits, as documented in "Rate Limits"
//! (<https://discord.com/developers/docs/topics/rate-limits>):
//!
//! - **per-route buckets**, keyed by the route and its top-level resource (the "major
//!   parameter": `channel_id`, `guild_id`, or `webhook_id` + `webhook_token`), announced on
//!   every answer by `X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After` and
//!   `-Bucket`, and answered with 429 and `X-RateLimit-Scope: user` once spent;
//! - **per-resource ("shared") limits**, e.g. renaming a channel (2 per 10 minutes per
//!   channel), answered with 429 and `X-RateLimit-Scope: shared`; those 429s do not count
//!   as invalid requests;
//! - **the global limit**: 50 requests per second per bot token (per address without one),
//!   answered with 429, `X-RateLimit-Global: true` and `X-RateLimit-Scope: global`.
//!   Interaction endpoints (`POST /interactions/{id}/{token}/callback`) and webhook routes
//!   (the interaction token's `@original` and follow-ups) are not bound to it;
//! - **the invalid request limit** ("Cloudflare bans"): 10,000 answers with status 401, 403
//!   or 429 (except `shared` 429s) in 10 minutes get the address banned for a while: every
//!   request is then answered 429 by the edge, with Cloudflare's `error code: 1015` body and
//!   no rate-limit headers.
//!
//! Buckets are fixed windows, like Discord's: the first request after a reset opens a
//! window of `per`; `requests` fit in it. Limits are off by default
//! ([`RateLimits::default`]); statistics ([`RateLimitStats`]) are kept either way.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt::Write as _;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

/// A bucket size: `requests` per window of `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Requests allowed in one window.
    pub requests: u32,
    /// The window's length.
    pub per: Duration,
}

impl Limit {
    /// `requests` per `per`.
    #[must_use]
    pub const fn new(requests: u32, per: Duration) -> Self {
        Limit { requests, per }
    }
}

/// The route templates of the buckets the bot meets most (what [`RateLimits::routes`] and
/// [`RateLimitStats::by_route`] are keyed by). Other routes are named the same way: the
/// method, then the path with `{channel_id}`, `{guild_id}`, `{message_id}`, … for ids.
pub mod routes {
    /// Create Message.
    pub const CREATE_MESSAGE: &str = "POST /channels/{channel_id}/messages";
    /// Edit Message.
    pub const EDIT_MESSAGE: &str = "PATCH /channels/{channel_id}/messages/{message_id}";
    /// Delete Message.
    pub const DELETE_MESSAGE: &str = "DELETE /channels/{channel_id}/messages/{message_id}";
    /// Every reaction route of a message (add, remove, list): one bucket.
    pub const REACTIONS: &str = "* /channels/{channel_id}/messages/{message_id}/reactions";
    /// Start Thread from Message.
    pub const START_THREAD_FROM_MESSAGE: &str = "POST /channels/{channel_id}/messages/{message_id}/threads";
    /// Start Thread without Message.
    pub const START_THREAD: &str = "POST /channels/{channel_id}/threads";
    /// Modify Channel (also archives and locks threads).
    pub const MODIFY_CHANNEL: &str = "PATCH /channels/{channel_id}";
    /// Create Interaction Response (not bound to the global limit).
    pub const INTERACTION_CALLBACK: &str = "POST /interactions/{interaction_id}/{interaction_token}/callback";
    /// Create Followup Message (not bound to the global limit).
    pub const FOLLOWUP: &str = "POST /webhooks/{webhook_id}/{webhook_token}";
    /// Edit `@original` or a follow-up (not bound to the global limit).
    pub const EDIT_WEBHOOK_MESSAGE: &str = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}";
    /// Delete `@original` or a follow-up (not bound to the global limit).
    pub const DELETE_WEBHOOK_MESSAGE: &str = "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}";
    /// Get `@original` or a follow-up (not bound to the global limit).
    pub const GET_WEBHOOK_MESSAGE: &str = "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}";
}

/// The double's rate limits: on or off, and the size of each bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct RateLimits {
    /// Whether requests are refused (429) and rate-limit headers sent. Statistics are kept
    /// either way.
    pub enabled: bool,
    /// Requests per bot token across every route except interaction and webhook ones
    /// (Discord: 50 per second).
    pub global: Limit,
    /// Per-route bucket sizes, by route template (see [`routes`]); each major parameter
    /// (channel, guild, webhook + token) has its own bucket.
    pub routes: BTreeMap<String, Limit>,
    /// The bucket size of routes not in [`RateLimits::routes`].
    pub route_default: Limit,
    /// The shared (per resource) limit on renaming a channel or changing its topic
    /// (Discord: 2 per 10 minutes per channel); `X-RateLimit-Scope: shared`.
    pub channel_rename: Limit,
    /// Answers with 401, 403 or 429 (not `shared`) allowed per window before the address is
    /// banned (Discord: 10,000 per 10 minutes).
    pub invalid_requests: Limit,
    /// How long a ban lasts (Discord does not say; "temporarily": the double uses 1 hour).
    pub ban: Duration,
}

impl Default for RateLimits {
    /// Discord's sizes, switched off.
    fn default() -> Self {
        RateLimits { enabled: false, ..RateLimits::discord() }
    }
}

impl RateLimits {
    /// Discord's limits, switched on. Per-route sizes are not documented by Discord (they
    /// are read from headers); these are the values Discord announces for these routes:
    /// messages 5 per 5 s per channel (create, edit, delete), reactions 1 per 250 ms per
    /// channel, threads 10 per 10 s per channel, interaction webhooks 5 per 5 s per token,
    /// anything else 10 per 10 s per major parameter.
    #[must_use]
    pub fn discord() -> Self {
        let s = Duration::from_secs;
        let mut routes = BTreeMap::new();
        for (route, limit) in [
            (routes::CREATE_MESSAGE, Limit::new(5, s(5))),
            (routes::EDIT_MESSAGE, Limit::new(5, s(5))),
            (routes::DELETE_MESSAGE, Limit::new(5, s(5))),
            (routes::REACTIONS, Limit::new(1, Duration::from_millis(250))),
            (routes::START_THREAD_FROM_MESSAGE, Limit::new(10, s(10))),
            (routes::START_THREAD, Limit::new(10, s(10))),
            (routes::MODIFY_CHANNEL, Limit::new(10, s(10))),
            (routes::INTERACTION_CALLBACK, Limit::new(5, s(5))),
            (routes::FOLLOWUP, Limit::new(5, s(5))),
            (routes::EDIT_WEBHOOK_MESSAGE, Limit::new(5, s(5))),
            (routes::DELETE_WEBHOOK_MESSAGE, Limit::new(5, s(5))),
            (routes::GET_WEBHOOK_MESSAGE, Limit::new(5, s(5))),
        ] {
            routes.insert(route.to_string(), limit);
        }
        RateLimits {
            enabled: true,
            global: Limit::new(50, s(1)),
            routes,
            route_default: Limit::new(10, s(10)),
            channel_rename: Limit::new(2, s(600)),
            invalid_requests: Limit::new(10_000, s(600)),
            ban: s(3600),
        }
    }

    /// Sets the bucket size of one route template (see [`routes`]).
    #[must_use]
    pub fn route(mut self, template: &str, limit: Limit) -> Self {
        self.routes.insert(template.to_string(), limit);
        self
    }

    /// The bucket size of a route template.
    #[must_use]
    pub fn limit_of(&self, template: &str) -> Limit {
        self.routes.get(template).copied().unwrap_or(self.route_default)
    }
}

/// Requests and refusals of one route template.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RouteStats {
    /// Requests made (refused ones included).
    pub requests: u64,
    /// Of those, requests answered 429 by a rate limit (any scope).
    pub limited: u64,
    /// Whether the route counts against the global limit (`false` for interaction and
    /// webhook routes).
    pub counted: bool,
}

/// What the double saw of the bot's request rate (kept whether limits are on or off).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RateLimitStats {
    /// Requests by route template (see [`routes`]).
    pub by_route: BTreeMap<String, RouteStats>,
    /// Requests that count against the global limit (every route but interaction and
    /// webhook ones), refused ones included.
    pub counted: u64,
    /// Requests to interaction and webhook routes, which the global limit exempts.
    pub exempt: u64,
    /// 429s of the global limit (`X-RateLimit-Scope: global`).
    pub limited_global: u64,
    /// 429s of per-route buckets (`X-RateLimit-Scope: user`).
    pub limited_user: u64,
    /// 429s of per-resource limits (`X-RateLimit-Scope: shared`).
    pub limited_shared: u64,
    /// Requests refused because the address was banned (Cloudflare's 1015).
    pub refused_banned: u64,
    /// Invalid requests (answers 401, 403, or 429 except `shared`) in the last window of
    /// [`RateLimits::invalid_requests`] (10 minutes), when the statistics were read.
    pub invalid_in_window: u64,
    /// The most invalid requests there ever were in one such window.
    pub invalid_peak: u64,
    /// Invalid requests since the start.
    pub invalid_total: u64,
    /// How many times the address was banned.
    pub bans: u64,
}

impl RateLimitStats {
    /// All 429s answered because of a rate limit (not the ban), by scope.
    #[must_use]
    pub fn limited(&self) -> u64 {
        self.limited_global + self.limited_user + self.limited_shared
    }
}

/// A fixed window: `used` of `limit` requests until `reset_at`.
#[derive(Clone, Copy, Debug)]
struct Window {
    limit: Limit,
    used: u32,
    reset_at: Instant,
}

impl Window {
    fn new(limit: Limit, now: Instant) -> Self {
        Window { limit, used: 0, reset_at: now }
    }

    /// Takes one request: `Ok(remaining)` or `Err(time until reset)`.
    fn take(&mut self, now: Instant) -> Result<u32, Duration> {
        if now >= self.reset_at {
            self.used = 0;
            self.reset_at = now + self.limit.per;
        }
        if self.used < self.limit.requests {
            self.used += 1;
            Ok(self.limit.requests - self.used)
        } else {
            Err(self.reset_at - now)
        }
    }

    /// The bucket's state after a request, as headers show it.
    fn state(&self, now: Instant) -> BucketState {
        BucketState {
            limit: self.limit.requests,
            remaining: self.limit.requests.saturating_sub(self.used),
            reset_after: self.reset_at.saturating_duration_since(now),
        }
    }
}

/// A bucket's state for the `X-RateLimit-*` headers.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BucketState {
    limit: u32,
    remaining: u32,
    reset_after: Duration,
}

/// Which route (and bucket) a request falls in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RouteKey {
    /// The route template, e.g. `POST /channels/{channel_id}/messages`.
    pub template: String,
    /// The major parameter's value (`""` if the route has none).
    pub major: String,
    /// Interaction and webhook routes: not bound to the global limit.
    pub exempt: bool,
    /// For a channel rename (or topic change): the channel, for the shared limit.
    pub renames: Option<String>,
}

/// The route a request to `/api/v10/<segs>` falls in. `body` tells a channel rename from
/// other channel changes.
pub(crate) fn classify(method: &str, segs: &[&str], body: &Value) -> RouteKey {
    let mut template = String::with_capacity(64);
    template.push_str(method);
    template.push(' ');
    let mut major: Option<String> = None;
    let mut i = 0;
    while i < segs.len() {
        let seg = segs[i];
        let prev = if i == 0 { "" } else { segs[i - 1] };
        let placeholder = match prev {
            "channels" => Some("{channel_id}"),
            "guilds" => Some("{guild_id}"),
            "messages" => Some("{message_id}"),
            "applications" if seg != "@me" => Some("{application_id}"),
            "commands" => Some("{command_id}"),
            "members" | "thread-members" | "users" if seg != "@me" => Some("{user_id}"),
            "reactions" => Some("{emoji}"),
            _ if seg.bytes().all(|b| b.is_ascii_digit()) => Some("{id}"),
            _ => None,
        };
        template.push('/');
        match prev {
            "webhooks" | "interactions" => {
                let (id, token) = if prev == "webhooks" {
                    ("{webhook_id}", "{webhook_token}")
                } else {
                    ("{interaction_id}", "{interaction_token}")
                };
                template.push_str(id);
                if let Some(tok) = segs.get(i + 1) {
                    template.push('/');
                    template.push_str(token);
                    if major.is_none() {
                        major = Some(format!("{seg}/{tok}"));
                    }
                    i += 1;
                } else if major.is_none() {
                    major = Some(seg.to_string());
                }
            }
            _ => {
                if matches!(prev, "channels" | "guilds") && major.is_none() {
                    major = Some(seg.to_string());
                }
                template.push_str(placeholder.unwrap_or(seg));
            }
        }
        i += 1;
    }
    if let Some(at) = template.find("/reactions") {
        if template.contains("/channels/{channel_id}/messages/{message_id}/reactions") {
            template.replace_range(..at + "/reactions".len(), routes::REACTIONS);
            template.truncate(routes::REACTIONS.len());
        }
    }
    let exempt = matches!(segs.first(), Some(&("interactions" | "webhooks")));
    let renames = (template == routes::MODIFY_CHANNEL
        && (body.get("name").is_some_and(|n| !n.is_null()) || body.get("topic").is_some()))
    .then(|| major.clone().unwrap_or_default());
    RouteKey { template, major: major.unwrap_or_default(), exempt, renames }
}

/// What the limiter decided for a request.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Decision {
    /// Limits are off: no headers.
    Unlimited,
    /// Go ahead; the route bucket's state for the headers.
    Allowed { bucket: String, state: BucketState },
    /// 429 from a limit.
    Limited(Refusal),
    /// The address is banned (invalid requests): 429 from the edge, no headers.
    Banned { retry_after: Duration },
}

/// Why a request was refused with 429.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Refusal {
    pub scope: Scope,
    pub retry_after: Duration,
    /// The route bucket's id and state (not for global refusals).
    pub bucket: Option<(String, BucketState)>,
}

/// `X-RateLimit-Scope`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    User,
    Global,
    Shared,
}

impl Scope {
    fn as_str(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Global => "global",
            Scope::Shared => "shared",
        }
    }
}

/// The limiter's state: windows, the invalid-request log, statistics.
#[derive(Debug)]
pub(crate) struct RateLimiter {
    pub config: RateLimits,
    global: HashMap<String, Window>,
    buckets: HashMap<(String, String), Window>,
    shared: HashMap<String, Window>,
    /// When each invalid request of the current window was answered, oldest first.
    invalid: VecDeque<Instant>,
    banned_until: Option<Instant>,
    stats: RateLimitStats,
}

impl Default for RateLimiter {
    fn default() -> Self {
        RateLimiter::new(RateLimits::default())
    }
}

impl RateLimiter {
    pub fn new(config: RateLimits) -> Self {
        RateLimiter {
            config,
            global: HashMap::new(),
            buckets: HashMap::new(),
            shared: HashMap::new(),
            invalid: VecDeque::new(),
            banned_until: None,
            stats: RateLimitStats::default(),
        }
    }

    /// Replaces the configuration; open windows and the invalid-request log are forgotten
    /// (statistics are kept).
    pub fn configure(&mut self, config: RateLimits) {
        self.config = config;
        self.global.clear();
        self.buckets.clear();
        self.shared.clear();
        self.invalid.clear();
        self.banned_until = None;
    }

    /// Forgets the statistics.
    pub fn reset_stats(&mut self) {
        self.stats = RateLimitStats::default();
        self.stats.invalid_in_window = self.invalid.len() as u64;
        self.stats.invalid_peak = self.stats.invalid_in_window;
    }

    /// The statistics so far.
    pub fn stats(&mut self, now: Instant) -> RateLimitStats {
        self.prune(now);
        self.stats.invalid_in_window = self.invalid.len() as u64;
        self.stats.clone()
    }

    /// Decides for one request by `auth` (the `Authorization` header, if any) to `key`.
    pub fn check(&mut self, key: &RouteKey, auth: Option<&str>, now: Instant) -> Decision {
        // Looked up before inserting: most requests go to routes seen before.
        if let Some(route) = self.stats.by_route.get_mut(&key.template) {
            route.requests += 1;
        } else {
            let route = RouteStats { requests: 1, limited: 0, counted: !key.exempt };
            self.stats.by_route.insert(key.template.clone(), route);
        }
        if key.exempt {
            self.stats.exempt += 1;
        } else {
            self.stats.counted += 1;
        }
        if !self.config.enabled {
            return Decision::Unlimited;
        }
        if let Some(until) = self.banned_until {
            if now < until {
                self.stats.refused_banned += 1;
                return Decision::Banned { retry_after: until - now };
            }
            self.banned_until = None;
        }
        let decision = self.limit(key, auth, now);
        if let Decision::Limited(r) = &decision {
            if let Some(route) = self.stats.by_route.get_mut(&key.template) {
                route.limited += 1;
            }
            match r.scope {
                Scope::Global => self.stats.limited_global += 1,
                Scope::User => self.stats.limited_user += 1,
                Scope::Shared => self.stats.limited_shared += 1,
            }
        }
        decision
    }

    fn limit(&mut self, key: &RouteKey, auth: Option<&str>, now: Instant) -> Decision {
        if !key.exempt {
            let who = auth.map_or_else(|| "address:127.0.0.1".to_string(), |a| format!("token:{a}"));
            let global = self.config.global;
            let window = self.global.entry(who).or_insert_with(|| Window::new(global, now));
            if let Err(retry_after) = window.take(now) {
                return Decision::Limited(Refusal { scope: Scope::Global, retry_after, bucket: None });
            }
        }
        let bucket = bucket_id(&key.template);
        let limit = self.config.limit_of(&key.template);
        let window =
            self.buckets.entry((key.template.clone(), key.major.clone())).or_insert_with(|| Window::new(limit, now));
        let taken = window.take(now);
        let state = window.state(now);
        if let Err(retry_after) = taken {
            return Decision::Limited(Refusal { scope: Scope::User, retry_after, bucket: Some((bucket, state)) });
        }
        if let Some(channel) = &key.renames {
            let limit = self.config.channel_rename;
            let shared = self.shared.entry(channel.clone()).or_insert_with(|| Window::new(limit, now));
            if let Err(retry_after) = shared.take(now) {
                // The route's own bucket still has room: its headers say so.
                return Decision::Limited(Refusal { scope: Scope::Shared, retry_after, bucket: Some((bucket, state)) });
            }
        }
        Decision::Allowed { bucket, state }
    }

    /// Notes the status a request was answered with (invalid requests count towards the
    /// ban). `shared` is true for a 429 of a shared limit, which does not count.
    pub fn answered(&mut self, status: u16, shared: bool, now: Instant) {
        if !matches!(status, 401 | 403 | 429) || shared {
            return;
        }
        self.prune(now);
        self.invalid.push_back(now);
        self.stats.invalid_total += 1;
        let n = self.invalid.len() as u64;
        self.stats.invalid_peak = self.stats.invalid_peak.max(n);
        if self.config.enabled && n >= u64::from(self.config.invalid_requests.requests) && self.banned_until.is_none() {
            self.banned_until = Some(now + self.config.ban);
            self.stats.bans += 1;
            tracing::warn!(invalid = n, "discord-double: too many invalid requests; the address is banned");
        }
    }

    fn prune(&mut self, now: Instant) {
        let per = self.config.invalid_requests.per;
        while self.invalid.front().is_some_and(|t| now.duration_since(*t) >= per) {
            self.invalid.pop_front();
        }
    }
}

/// A stable bucket id for a route template (like Discord's, an opaque hex string that
/// does not include the major parameter).
fn bucket_id(template: &str) -> String {
    // FNV-1a, 64 bits, twice with different offsets: 32 hex digits.
    let hash = |offset: u64| template.bytes().fold(offset, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    let mut out = String::with_capacity(32);
    let _ = write!(out, "{:016x}{:016x}", hash(0xcbf2_9ce4_8422_2325), hash(0x8422_2325_cbf2_9ce4));
    out
}

/// Seconds with millisecond precision, as Discord writes them (`64.57`, `0.25`).
fn secs(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).ceil() / 1000.0
}

/// The `X-RateLimit-*` headers of a bucket (name, value).
pub(crate) fn bucket_headers(bucket: &str, state: &BucketState) -> Vec<(&'static str, String)> {
    let reset = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default() + state.reset_after;
    vec![
        ("x-ratelimit-limit", state.limit.to_string()),
        ("x-ratelimit-remaining", state.remaining.to_string()),
        ("x-ratelimit-reset", format!("{:.3}", secs(reset))),
        ("x-ratelimit-reset-after", format!("{:.3}", secs(state.reset_after))),
        ("x-ratelimit-bucket", bucket.to_string()),
    ]
}

/// The body and headers of a 429 answer, as Discord sends them.
pub(crate) fn refusal(r: &Refusal) -> (Value, Vec<(&'static str, String)>) {
    let retry_after = secs(r.retry_after);
    let message = match r.scope {
        Scope::Shared => "The resource is being rate limited.",
        Scope::User | Scope::Global => "You are being rate limited.",
    };
    let body = json!({ "message": message, "retry_after": retry_after, "global": r.scope == Scope::Global });
    let mut headers = vec![("retry-after", (retry_after.ceil() as u64).to_string())];
    if let Some((bucket, state)) = &r.bucket {
        headers.extend(bucket_headers(bucket, state));
    }
    if r.scope == Scope::Global {
        headers.push(("x-ratelimit-global", "true".to_string()));
    }
    headers.push(("x-ratelimit-scope", r.scope.as_str().to_string()));
    (body, headers)
}

/// Whether a refusal's scope is `shared` (such 429s are not invalid requests).
pub(crate) fn is_shared(d: &Decision) -> bool {
    matches!(d, Decision::Limited(Refusal { scope: Scope::Shared, .. }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(method: &str, path: &str) -> RouteKey {
        let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        classify(method, &segs, &Value::Null)
    }

    #[test]
    fn routes_are_named_by_template_and_major_parameter() {
        let k = key("POST", "channels/123/messages");
        assert_eq!((k.template.as_str(), k.major.as_str(), k.exempt), (routes::CREATE_MESSAGE, "123", false));
        assert_eq!(key("PATCH", "channels/9/messages/77").template, routes::EDIT_MESSAGE);
        assert_eq!(key("PUT", "channels/9/messages/77/reactions/%F0%9F%91%8D/@me").template, routes::REACTIONS);
        assert_eq!(key("DELETE", "channels/9/messages/77/reactions/x/55").template, routes::REACTIONS);
        let cb = key("POST", "interactions/5/tok/callback");
        assert_eq!((cb.template.as_str(), cb.major.as_str(), cb.exempt), (routes::INTERACTION_CALLBACK, "5/tok", true));
        let edit = key("PATCH", "webhooks/1/tok/messages/@original");
        assert_eq!(
            (edit.template.as_str(), edit.major.as_str(), edit.exempt),
            (routes::EDIT_WEBHOOK_MESSAGE, "1/tok", true)
        );
        assert_eq!(key("POST", "webhooks/1/tok").template, routes::FOLLOWUP);
        let cmds = key("PUT", "applications/1/guilds/2/commands");
        assert_eq!(
            (cmds.template.as_str(), cmds.major.as_str()),
            ("PUT /applications/{application_id}/guilds/{guild_id}/commands", "2")
        );
        assert_eq!(key("GET", "users/@me").template, "GET /users/@me");
        let rename = classify("PATCH", &["channels", "4"], &json!({ "name": "x" }));
        assert_eq!(rename.renames.as_deref(), Some("4"));
        assert_eq!(classify("PATCH", &["channels", "4"], &json!({ "archived": true })).renames, None);
    }

    #[test]
    fn windows_fill_and_reset() {
        let limit = Limit::new(2, Duration::from_millis(100));
        let t0 = Instant::now();
        let mut w = Window::new(limit, t0);
        assert_eq!(w.take(t0), Ok(1));
        assert_eq!(w.take(t0), Ok(0));
        assert_eq!(w.take(t0 + Duration::from_millis(40)), Err(Duration::from_millis(60)));
        assert_eq!(w.take(t0 + Duration::from_millis(100)), Ok(1));
    }

    #[test]
    fn invalid_requests_slide_and_ban() {
        let mut config = RateLimits::discord();
        config.invalid_requests = Limit::new(3, Duration::from_secs(10));
        let mut l = RateLimiter::new(config);
        let t0 = Instant::now();
        l.answered(403, false, t0);
        l.answered(429, true, t0);
        l.answered(404, false, t0);
        l.answered(401, false, t0 + Duration::from_secs(5));
        assert_eq!(l.stats(t0 + Duration::from_secs(11)).invalid_in_window, 1);
        l.answered(429, false, t0 + Duration::from_secs(11));
        assert_eq!(l.stats(t0 + Duration::from_secs(11)).bans, 0);
        l.answered(403, false, t0 + Duration::from_secs(12));
        let s = l.stats(t0 + Duration::from_secs(12));
        assert_eq!((s.invalid_in_window, s.invalid_peak, s.invalid_total, s.bans), (3, 3, 4, 1));
        let k = key("GET", "users/@me");
        assert!(matches!(l.check(&k, None, t0 + Duration::from_secs(13)), Decision::Banned { .. }));
    }
}
