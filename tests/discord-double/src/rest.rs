//! The REST API under `/api/v10` (also `/api/v9` and `/api`), routed by hand so every
//! request goes through the same fault check, recording and unknown-route handling.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::attachments;
use crate::faults::FaultAction;
use crate::gateway::intents;
use crate::interactions;
use crate::json;
use crate::limits;
use crate::messages::{self, NewMessage};
use crate::nonces;
use crate::payloads::{self, sf};
use crate::ratelimit::{self, Decision};
use crate::record::{Rejection, RequestRecord};
use crate::world::{channel_kind, perms, ChannelRec, Visibility, World};
use crate::Shared;

/// An error answer, shaped like Discord's.
#[derive(Debug, Clone)]
pub(crate) struct ApiError {
    pub status: u16,
    pub body: Value,
}

impl ApiError {
    pub fn new(status: u16, body: Value) -> Self {
        ApiError { status, body }
    }
    fn coded(status: u16, code: u64, message: &str) -> Self {
        ApiError::new(status, payloads::error_body(code, message))
    }
    pub fn unknown_message() -> Self {
        Self::coded(404, 10008, "Unknown Message")
    }
    pub fn unknown_channel() -> Self {
        Self::coded(404, 10003, "Unknown Channel")
    }
    pub fn unknown_guild() -> Self {
        Self::coded(404, 10004, "Unknown Guild")
    }
    pub fn unknown_member() -> Self {
        Self::coded(404, 10007, "Unknown Member")
    }
    pub fn unknown_user() -> Self {
        Self::coded(404, 10013, "Unknown User")
    }
    pub fn unknown_webhook() -> Self {
        Self::coded(404, 10015, "Unknown Webhook")
    }
    /// 401 `Invalid Webhook Token` (50027): an interaction's token used after its 15 minutes.
    pub fn invalid_webhook_token() -> Self {
        Self::coded(401, 50027, "Invalid Webhook Token")
    }
    pub fn unknown_interaction() -> Self {
        Self::coded(404, 10062, "Unknown interaction")
    }
    pub fn unknown_application() -> Self {
        Self::coded(404, 10002, "Unknown Application")
    }
    pub fn unknown_command() -> Self {
        Self::coded(404, 10063, "Unknown application command")
    }
    pub fn missing_access() -> Self {
        Self::coded(403, 50001, "Missing Access")
    }
    pub fn missing_permissions() -> Self {
        Self::coded(403, 50013, "Missing Permissions")
    }
    pub fn wrong_channel_type() -> Self {
        Self::coded(400, 50024, "Cannot execute action on this channel type")
    }
    pub fn already_acknowledged() -> Self {
        Self::coded(400, 40060, "Interaction has already been acknowledged.")
    }
    /// A single `Invalid Form Body` field error.
    pub fn form(path: &[&str], code: &'static str, message: &str) -> Self {
        let e = limits::FieldError {
            path: path.iter().map(|s| s.to_string()).collect(),
            code,
            message: message.to_string(),
        };
        ApiError::new(400, limits::invalid_form_body(&[e]))
    }
}

/// A successful answer.
pub(crate) enum Ok2 {
    /// A status and a JSON body (text).
    Json(u16, String),
    NoContent,
}

pub(crate) type ApiResult = Result<Ok2, ApiError>;

fn ok(v: Value) -> ApiResult {
    ok_text(v.to_string())
}

/// 200 with a body already written as JSON text.
fn ok_text(json: String) -> ApiResult {
    Ok(Ok2::Json(200, json))
}

/// Outcome of routing: answered, or no such route.
enum Routed {
    Answer(ApiResult),
    Unknown,
}

/// Everything a route handler needs.
pub(crate) struct Req<'a> {
    pub method: &'a Method,
    pub query: &'a str,
    /// The request body. Handlers may move parts out of it once they accept the request
    /// (see [`messages::create`]); a refused request's body is left as it came.
    pub body: &'a mut Value,
    pub base_url: &'a str,
}

/// The axum fallback handler: every REST request lands here.
pub(crate) async fn handle(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path();
    let full_path = uri.path_and_query().map_or(path, |p| p.as_str());
    let boundary = multipart_boundary(&headers);
    let mut request = parse_body(boundary.as_deref(), &body);
    let uploads = boundary.map(|b| attachments::file_parts(&body, &b)).unwrap_or_default();
    let sent = Sent::new(&method, full_path, &headers);

    let rest =
        path.strip_prefix("/api/v10").or_else(|| path.strip_prefix("/api/v9")).or_else(|| path.strip_prefix("/api"));
    let segs: Vec<&str> = rest.map(|r| r.split('/').filter(|s| !s.is_empty()).collect()).unwrap_or_default();
    let auth = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).filter(|v| !v.trim().is_empty());

    // Discord's edge first: the ban, the global limit, the route's bucket.
    let now = Instant::now();
    let decision = match rest {
        Some(_) => {
            let key = ratelimit::classify(method.as_str(), &segs, &request);
            shared.lock().ratelimits.check(&key, auth, now)
        }
        None => Decision::Unlimited,
    };
    match &decision {
        Decision::Banned { retry_after } => {
            log_request(&mut shared.lock(), &sent, 429, &request, None);
            shared.bump();
            return banned_response(*retry_after);
        }
        Decision::Limited(refusal) => {
            let (body, limit_headers) = ratelimit::refusal(refusal);
            {
                let mut w = shared.lock();
                let shared_scope = ratelimit::is_shared(&decision);
                w.ratelimits.answered(429, shared_scope, now);
                let text = body.to_string();
                log_request(&mut w, &sent, 429, &request, Some(&text));
            }
            shared.bump();
            return with_headers(json_response(429, body.to_string()), &limit_headers);
        }
        Decision::Unlimited | Decision::Allowed { .. } => {}
    }
    let limit_headers = match &decision {
        Decision::Allowed { bucket, state } => ratelimit::bucket_headers(bucket, state),
        _ => Vec::new(),
    };

    if body.len() > attachments::MAX_REQUEST_BYTES {
        let text = payloads::error_body(40005, "Request entity too large").to_string();
        log_request(&mut shared.lock(), &sent, 413, &Value::Null, Some(&text));
        shared.bump();
        return with_headers(json_response(413, text), &limit_headers);
    }

    let fault = shared.lock().faults.check(method.as_str(), path);
    let mut error_after = None;
    let mut delay_after = None;
    match fault {
        Some(FaultAction::DelayAfter(d)) => delay_after = Some(d),
        Some(FaultAction::ErrorAfter { status, code, message }) => error_after = Some((status, code, message)),
        Some(FaultAction::Delay(d)) => tokio::time::sleep(d).await,
        Some(FaultAction::Error { status, code, message }) => {
            let body = payloads::error_body(code, &message).to_string();
            {
                let mut w = shared.lock();
                w.ratelimits.answered(status, false, now);
                log_request(&mut w, &sent, status, &request, Some(&body));
            }
            shared.bump();
            return with_headers(json_response(status, body), &limit_headers);
        }
        Some(FaultAction::RateLimited { retry_after }) => {
            let body = json!({ "message": "You are being rate limited.", "retry_after": retry_after, "global": false })
                .to_string();
            {
                let mut w = shared.lock();
                w.ratelimits.answered(429, false, now);
                log_request(&mut w, &sent, 429, &request, Some(&body));
            }
            shared.bump();
            let mut resp = json_response(429, body);
            let h = resp.headers_mut();
            h.insert("retry-after", HeaderValue::from(retry_after.ceil() as u64));
            h.insert("x-ratelimit-limit", HeaderValue::from_static("1"));
            h.insert("x-ratelimit-remaining", HeaderValue::from_static("0"));
            if let Ok(v) = HeaderValue::from_str(&retry_after.to_string()) {
                h.insert("x-ratelimit-reset-after", v);
            }
            h.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
            return resp;
        }
        None => {}
    }

    // Interaction webhooks and callbacks authenticate with their token; Get Gateway needs no
    // authentication at all.
    let needs_auth = !matches!(segs.as_slice(), ["webhooks" | "interactions", ..] | ["gateway"]);

    let (status, response) = {
        let mut w = shared.lock();
        // Handlers may move parts out of the body they accept; the request log keeps it whole.
        let logged = w.recording.then(|| request.clone());
        let routed = if rest.is_none() {
            Routed::Unknown
        } else if needs_auth && auth.is_none() {
            Routed::Answer(Err(ApiError::coded(401, 0, "401: Unauthorized")))
        } else {
            w.uploads = uploads;
            let query = uri.query().unwrap_or("");
            let mut req = Req { method: &method, query, body: &mut request, base_url: &shared.base_url };
            let routed = route(&mut w, &mut req, &segs);
            w.uploads.clear();
            routed
        };
        let (mut status, mut response) = answer(&mut w, routed, &method, full_path, &request);
        if let Some((fault_status, code, message)) = error_after {
            // The request was carried out; only its answer is lost.
            status = fault_status;
            response = Some(payloads::error_body(code, &message).to_string());
        }
        w.ratelimits.answered(status, false, now);
        log_request(&mut w, &sent, status, logged.as_ref().unwrap_or(&request), response.as_deref());
        (status, response)
    };
    shared.bump();
    if let Some(d) = delay_after {
        tokio::time::sleep(d).await;
    }
    let resp = match response {
        Some(text) => json_response(status, text),
        None => StatusCode::NO_CONTENT.into_response(),
    };
    with_headers(resp, &limit_headers)
}

/// Adds these headers to a response.
fn with_headers(mut resp: Response, headers: &[(&'static str, String)]) -> Response {
    let h = resp.headers_mut();
    for (name, value) in headers {
        if let Ok(v) = HeaderValue::from_str(value) {
            h.insert(*name, v);
        }
    }
    resp
}

/// The answer of Discord's edge (Cloudflare) to a banned address: 429, error 1015, no
/// JSON and no rate-limit headers.
fn banned_response(retry_after: Duration) -> Response {
    let mut resp =
        (StatusCode::TOO_MANY_REQUESTS, [(header::CONTENT_TYPE, "text/plain; charset=UTF-8")], "error code: 1015")
            .into_response();
    resp.headers_mut().insert("retry-after", HeaderValue::from(retry_after.as_secs().max(1)));
    resp
}

/// The status and JSON body (text; none for 204) answering a routed request; unknown routes
/// and refused requests are noted for the tests. `request` is the body of a refused request,
/// which handlers leave as it came.
fn answer(w: &mut World, routed: Routed, method: &Method, path: &str, request: &Value) -> (u16, Option<String>) {
    match routed {
        Routed::Unknown => {
            tracing::warn!(%method, %path, "discord-double: unknown route");
            w.unknown_routes.push(format!("{method} {path}"));
            (404, Some(payloads::error_body(0, "404: Not Found").to_string()))
        }
        Routed::Answer(Ok(Ok2::Json(status, text))) => (status, Some(text)),
        Routed::Answer(Ok(Ok2::NoContent)) => (204, None),
        Routed::Answer(Err(e)) => {
            tracing::warn!(%method, %path, status = e.status, body = %e.body, "discord-double: rejected request");
            let text = e.body.to_string();
            w.rejections.push(Rejection {
                method: method.to_string(),
                path: path.to_string(),
                status: e.status,
                code: e.body["code"].as_u64().unwrap_or(0),
                error: e.body,
                request: request.clone(),
            });
            (e.status, Some(text))
        }
    }
}

/// What identifies a request in the log: its method, path and the headers tests check.
struct Sent {
    method: String,
    path: String,
    authorization: Option<String>,
    user_agent: Option<String>,
    content_type: Option<String>,
}

impl Sent {
    fn new(method: &Method, path: &str, headers: &HeaderMap) -> Self {
        let header =
            |name: header::HeaderName| headers.get(name).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        Sent {
            method: method.to_string(),
            path: path.to_string(),
            authorization: header(header::AUTHORIZATION),
            user_agent: header(header::USER_AGENT),
            content_type: header(header::CONTENT_TYPE),
        }
    }
}

/// Notes the request in the request log, when recording. `response` is the JSON body sent
/// back, if any.
fn log_request(w: &mut World, sent: &Sent, status: u16, request: &Value, response: Option<&str>) {
    if w.recording {
        w.requests.push(RequestRecord {
            method: sent.method.clone(),
            path: sent.path.clone(),
            authorization: sent.authorization.clone(),
            user_agent: sent.user_agent.clone(),
            content_type: sent.content_type.clone(),
            status,
            request: request.clone(),
            response: response.map_or(Value::Null, payloads::parse),
        });
    }
}

fn json_response(status: u16, body: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The JSON body, or for multipart requests (with this boundary) the `payload_json` part,
/// or without one the text parts as fields (`content`, `tts`…, as "Uploading Files"
/// allows). The files themselves are read by [`attachments::file_parts`].
fn parse_body(boundary: Option<&str>, body: &Bytes) -> Value {
    if body.is_empty() {
        return Value::Null;
    }
    if let Some(boundary) = boundary {
        let text = String::from_utf8_lossy(body);
        let mut payload = None;
        let mut fields = serde_json::Map::new();
        for part in text.split(&format!("--{boundary}")) {
            let Some((head, content)) = part.split_once("\r\n\r\n") else {
                continue;
            };
            let content = content.strip_suffix("\r\n").unwrap_or(content);
            if head.contains("filename=") {
                continue;
            }
            if head.contains("name=\"payload_json\"") {
                payload = Some(json::parse(content.as_bytes()).unwrap_or(Value::Null));
            } else if let Some(name) = head.split("name=\"").nth(1).and_then(|r| r.split('"').next()) {
                let value = match name {
                    "content" => Value::String(content.to_string()),
                    _ => json::parse(content.as_bytes()).unwrap_or_else(|_| Value::String(content.to_string())),
                };
                fields.insert(name.to_string(), value);
            }
        }
        return payload.unwrap_or(Value::Object(fields));
    }
    json::parse(body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()))
}

/// The boundary of a `multipart/form-data` body.
fn multipart_boundary(headers: &HeaderMap) -> Option<String> {
    let ctype = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok())?;
    let rest = ctype.strip_prefix("multipart/form-data")?;
    let boundary = rest.split("boundary=").nth(1)?.split(';').next()?.trim().trim_matches('"');
    Some(boundary.to_string())
}

fn parse_id(s: &str) -> Option<u64> {
    s.parse().ok()
}

fn route(w: &mut World, req: &mut Req<'_>, segs: &[&str]) -> Routed {
    use Routed::Answer;
    let m = req.method.clone();
    match (m, segs) {
        (Method::GET, ["gateway"]) => Answer(ok(json!({ "url": crate::ws_url(req.base_url) }))),
        (Method::GET, ["gateway", "bot"]) => Answer(ok(json!({
            "url": crate::ws_url(req.base_url),
            "shards": w.gateway.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000u32.saturating_sub(w.gateway.identifies),
                "reset_after": 14_400_000,
                "max_concurrency": 1,
            },
        }))),
        (Method::GET, ["users", "@me"]) => Answer(ok(payloads::current_user(w))),
        (Method::GET, ["users", id]) => Answer(match parse_id(id).filter(|i| w.users.contains_key(i)) {
            Some(i) => ok_text(payloads::user(w, i)),
            None => Err(ApiError::unknown_user()),
        }),
        (Method::POST, ["users", "@me", "channels"]) => Answer(create_dm(w, req)),
        (Method::GET, ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            Answer(ok(payloads::application(w)))
        }
        (_, ["applications", app, rest @ ..]) => {
            if parse_id(app) != Some(w.application_id) {
                return Answer(Err(ApiError::unknown_application()));
            }
            match rest {
                ["commands", tail @ ..] => commands_route(w, req, None, tail),
                ["guilds", g, "commands", tail @ ..] => match parse_id(g) {
                    Some(g) if w.guilds.contains_key(&g) => commands_route(w, req, Some(g), tail),
                    _ => Answer(Err(ApiError::missing_access())),
                },
                _ => Routed::Unknown,
            }
        }
        (Method::POST, ["interactions", id, token, "callback"]) => {
            Answer(interactions::callback(w, parse_id(id).unwrap_or(0), token, req.body))
        }
        (m, ["webhooks", app, token, tail @ ..]) => {
            if parse_id(app) != Some(w.application_id) {
                return Answer(Err(ApiError::unknown_webhook()));
            }
            match (m, tail) {
                (Method::POST, []) => Answer(interactions::followup(w, token, req.body)),
                (m, ["messages", target]) => Answer(interactions::webhook_message(w, &m, token, target, req.body)),
                _ => Routed::Unknown,
            }
        }
        (m, ["channels", c, tail @ ..]) => {
            let Some(cid) = parse_id(c).filter(|c| w.channels.contains_key(c)) else {
                return Answer(Err(ApiError::unknown_channel()));
            };
            channel_route(w, req, &m, cid, tail)
        }
        (m, ["guilds", g, tail @ ..]) => {
            let Some(gid) = parse_id(g).filter(|g| w.guilds.contains_key(g)) else {
                return Answer(Err(ApiError::unknown_guild()));
            };
            guild_route(w, &m, gid, tail)
        }
        _ => Routed::Unknown,
    }
}

fn create_dm(w: &mut World, req: &Req<'_>) -> ApiResult {
    let user = req.body["recipient_id"].as_str().and_then(parse_id).or_else(|| req.body["recipient_id"].as_u64());
    let Some(user) = user.filter(|u| w.users.contains_key(u)) else {
        return Err(ApiError::form(&["recipient_id"], "NUMBER_TYPE_COERCE", "Value is not snowflake."));
    };
    let id = w.dm_channel(user);
    ok_text(payloads::channel(w, &w.channels[&id]))
}

fn guild_route(w: &World, m: &Method, g: u64, tail: &[&str]) -> Routed {
    use Routed::Answer;
    let guild = &w.guilds[&g];
    match (m, tail) {
        (&Method::GET, []) => Answer(ok(payloads::partial_guild(guild))),
        (&Method::GET, ["channels"]) => {
            let channels = guild.channels.iter().filter_map(|c| w.channels.get(c));
            Answer(ok_text(json::text(|out| {
                json::push_array(out, channels, |out, c| payloads::write_channel(w, c, out))
            })))
        }
        (&Method::GET, ["members", u]) => Answer(match parse_id(u).filter(|u| guild.members.contains_key(u)) {
            Some(u) => ok_text(payloads::member(w, g, u, true, false)),
            None => Err(ApiError::unknown_member()),
        }),
        (&Method::GET, ["roles"]) => Answer(ok(payloads::partial_guild(guild)["roles"].clone())),
        (&Method::GET, ["threads", "active"]) => Answer(ok_text(payloads::active_threads(w, g))),
        _ => Routed::Unknown,
    }
}

/// Checks the bot may post in `c` (permissions, DMs with bots, locked threads).
fn check_can_send(w: &World, c: &ChannelRec) -> Result<(), ApiError> {
    if c.kind == channel_kind::DM {
        if c.recipient.is_some_and(|u| w.users.get(&u).is_some_and(|u| u.bot)) {
            return Err(ApiError::coded(403, 50007, "Cannot send messages to this user"));
        }
        return Ok(());
    }
    let g = c.guild.unwrap_or(0);
    let p = w.member_permissions(g, w.bot_user).unwrap_or(0);
    let needed = if c.is_thread() {
        perms::VIEW_CHANNEL | perms::SEND_MESSAGES_IN_THREADS
    } else {
        perms::VIEW_CHANNEL | perms::SEND_MESSAGES
    };
    if p & needed != needed {
        return Err(ApiError::missing_permissions());
    }
    check_can_attach(w, c)?;
    if c.is_thread() && c.locked && p & perms::MANAGE_THREADS == 0 {
        return Err(ApiError::coded(400, 50083, "Thread is archived"));
    }
    Ok(())
}

/// Files need Attach Files in the channel (Discord answers 403, Missing Permissions).
/// Files need the bot's Attach Files permission in the channel: for its own messages, and
/// (the double's strict reading) for an interaction's follow-ups and their edits too.
pub(crate) fn check_can_attach(w: &World, c: &ChannelRec) -> Result<(), ApiError> {
    let p = w.member_permissions(c.guild.unwrap_or(0), w.bot_user).unwrap_or(0);
    if c.kind != channel_kind::DM && !w.uploads.is_empty() && p & perms::ATTACH_FILES == 0 {
        return Err(ApiError::missing_permissions());
    }
    Ok(())
}

fn channel_route(w: &mut World, req: &mut Req<'_>, m: &Method, cid: u64, tail: &[&str]) -> Routed {
    use Routed::Answer;
    let visible_msg = |w: &World, mid: &str| {
        parse_id(mid).filter(|id| {
            w.messages.get(id).is_some_and(|m| m.channel == cid && !m.deleted && m.visibility == Visibility::Public)
        })
    };
    match (m, tail) {
        (&Method::GET, []) => Answer(ok_text(payloads::channel(w, &w.channels[&cid]))),
        (&Method::PATCH, []) => Answer(modify_channel(w, cid, req.body)),
        (&Method::POST, ["typing"]) => Answer(Ok(Ok2::NoContent)),
        (&Method::GET, ["messages"]) => {
            let limit =
                query_param(req.query, "limit").and_then(|l| l.parse::<usize>().ok()).unwrap_or(50).clamp(1, 100);
            let list = w
                .channel_messages(cid, 0)
                .rev()
                .filter(|m| !m.deleted && m.visibility == Visibility::Public)
                .take(limit);
            Answer(ok_text(json::text(|out| json::push_array(out, list, |out, m| payloads::write_message(w, m, out)))))
        }
        (&Method::POST, ["messages"]) => Answer(check_can_send(w, &w.channels[&cid]).and_then(|()| {
            let bot = w.bot_user;
            let nonce = nonces::of(req.body)?;
            let enforced = nonce.as_deref().filter(|_| nonces::enforced(req.body));
            if let Some(earlier) = enforced.and_then(|n| w.nonces.earlier(bot, n)) {
                // Discord returns the message created with this nonce; nothing new is posted.
                if let Some(m) = w.messages.get(&earlier).filter(|m| !m.deleted) {
                    return ok_text(payloads::message(w, m));
                }
            }
            let post = NewMessage::bot_post(w, cid);
            let id = messages::create(w, req.body, &[], post)?;
            if let Some(nonce) = nonce {
                w.nonces.remember(bot, nonce, id);
            }
            ok_text(payloads::message(w, &w.messages[&id]))
        })),
        (&Method::GET, ["messages", mid]) => Answer(match visible_msg(w, mid) {
            Some(id) => ok_text(payloads::message(w, &w.messages[&id])),
            None => Err(ApiError::unknown_message()),
        }),
        (&Method::PATCH, ["messages", mid]) => Answer(match visible_msg(w, mid) {
            Some(id) if w.messages[&id].author != w.bot_user => {
                Err(ApiError::coded(403, 50005, "Cannot edit a message authored by another user"))
            }
            Some(id) => check_can_attach(w, &w.channels[&cid])
                .and_then(|()| messages::edit(w, id, req.body, &[], false))
                .and_then(|()| ok_text(payloads::message(w, &w.messages[&id]))),
            None => Err(ApiError::unknown_message()),
        }),
        (&Method::DELETE, ["messages", mid]) => Answer(match visible_msg(w, mid) {
            Some(id) => messages::delete(w, id).map(|()| Ok2::NoContent),
            None => Err(ApiError::unknown_message()),
        }),
        (&Method::POST, ["messages", mid, "threads"]) => Answer(match visible_msg(w, mid) {
            Some(id) => start_thread(w, cid, Some(id), req.body),
            None => Err(ApiError::unknown_message()),
        }),
        (&Method::POST, ["threads"]) => Answer(start_thread(w, cid, None, req.body)),
        (&Method::PUT, ["thread-members", who]) | (&Method::DELETE, ["thread-members", who]) => {
            if !w.channels[&cid].is_thread() {
                return Answer(Err(ApiError::wrong_channel_type()));
            }
            let user = if *who == "@me" { Some(w.bot_user) } else { parse_id(who) };
            let Some(user) = user.filter(|u| w.users.contains_key(u)) else {
                return Answer(Err(ApiError::unknown_user()));
            };
            if let Some(c) = w.channels.get_mut(&cid) {
                c.thread_members.retain(|u| *u != user);
                if *m == Method::PUT {
                    c.thread_members.push(user);
                }
            }
            Answer(Ok(Ok2::NoContent))
        }
        _ => Routed::Unknown,
    }
}

fn query_param<'a>(query: &'a str, key: &str) -> Option<&'a str> {
    query.split('&').filter_map(|kv| kv.split_once('=')).find(|(k, _)| *k == key).map(|(_, v)| v)
}

fn check_thread_name(body: &Value) -> Result<String, ApiError> {
    match body["name"].as_str() {
        Some(n) if (1..=100).contains(&n.chars().count()) => Ok(n.to_string()),
        Some(_) => Err(ApiError::form(&["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")),
        None => Err(ApiError::form(&["name"], "BASE_TYPE_REQUIRED", "This field is required")),
    }
}

fn check_archive_duration(body: &Value) -> Result<Option<u64>, ApiError> {
    match body.get("auto_archive_duration") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(d @ (60 | 1440 | 4320 | 10080)) => Ok(Some(d)),
            _ => Err(ApiError::form(
                &["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
            )),
        },
    }
}

/// Starts a thread in channel `parent` (from a message: the thread id is the message id,
/// like Discord).
pub(crate) fn start_thread(w: &mut World, parent: u64, from: Option<u64>, body: &Value) -> ApiResult {
    let (parent_kind, parent_guild) = (w.channels[&parent].kind, w.channels[&parent].guild);
    if parent_kind != channel_kind::GUILD_TEXT {
        return Err(ApiError::wrong_channel_type());
    }
    let name = check_thread_name(body)?;
    let duration = check_archive_duration(body)?.unwrap_or(1440);
    let kind = match from {
        Some(_) => channel_kind::PUBLIC_THREAD,
        // Without a starter message Discord defaults to a private thread.
        None => match body["type"].as_u64() {
            None | Some(12) => channel_kind::PRIVATE_THREAD,
            Some(11) => channel_kind::PUBLIC_THREAD,
            Some(_) => {
                return Err(ApiError::form(&["type"], "BASE_TYPE_CHOICES", "Value must be one of {10, 11, 12}."))
            }
        },
    };
    let g = parent_guild.unwrap_or(0);
    let p = w.member_permissions(g, w.bot_user).unwrap_or(0);
    let needed = perms::VIEW_CHANNEL
        | if kind == channel_kind::PUBLIC_THREAD {
            perms::CREATE_PUBLIC_THREADS
        } else {
            perms::CREATE_PRIVATE_THREADS
        };
    if p & needed != needed {
        return Err(ApiError::missing_permissions());
    }
    if let Some(mid) = from {
        if w.messages[&mid].thread.is_some() {
            return Err(ApiError::coded(400, 160004, "A thread has already been created for this message"));
        }
    }
    let id = match from {
        Some(mid) => mid,
        None => w.next_id(),
    };
    let bot = w.bot_user;
    let thread = ChannelRec {
        id,
        kind,
        guild: parent_guild,
        name,
        topic: None,
        position: 0,
        parent: Some(parent),
        owner: Some(bot),
        recipient: None,
        last_message_id: None,
        message_count: 0,
        archived: false,
        locked: false,
        auto_archive_duration: duration,
        created_at: crate::ids::now_iso(),
        thread_members: vec![bot],
    };
    w.channels.insert(id, thread);
    if let Some(m) = from.and_then(|mid| w.message_mut(mid)) {
        m.thread = Some(id);
    }
    let thread = payloads::channel(w, &w.channels[&id]);
    let event = json::with_member(thread.clone(), "newly_created", |out| out.push_str("true"));
    let guild = w.channels[&id].guild;
    w.gateway.dispatch("THREAD_CREATE", &event, intents::GUILDS, guild);
    Ok(Ok2::Json(201, thread))
}

fn modify_channel(w: &mut World, cid: u64, body: &Value) -> ApiResult {
    let mut c = w.channels[&cid].clone();
    if c.kind == channel_kind::DM {
        return Err(ApiError::wrong_channel_type());
    }
    if body.get("name").is_some() {
        c.name = check_thread_name(body)?;
    }
    if c.is_thread() {
        if let Some(d) = check_archive_duration(body)? {
            c.auto_archive_duration = d;
        }
        if let Some(a) = body["archived"].as_bool() {
            c.archived = a;
        }
        if let Some(l) = body["locked"].as_bool() {
            c.locked = l;
        }
    } else if let Some(t) = body.get("topic") {
        c.topic = t.as_str().map(str::to_string);
    }
    let name = if c.is_thread() { "THREAD_UPDATE" } else { "CHANNEL_UPDATE" };
    w.channels.insert(cid, c);
    let event = payloads::channel(w, &w.channels[&cid]);
    let guild = w.channels[&cid].guild;
    w.gateway.dispatch(name, &event, intents::GUILDS, guild);
    ok_text(event)
}

fn commands_route(w: &mut World, req: &Req<'_>, guild: Option<u64>, tail: &[&str]) -> Routed {
    use Routed::Answer;
    match (req.method, tail) {
        (&Method::GET, []) => Answer(ok(Value::Array(w.commands.get(&guild).cloned().unwrap_or_default()))),
        (&Method::PUT, []) => Answer(overwrite_commands(w, guild, req.body)),
        (&Method::POST, []) => Answer(upsert_command(w, guild, req.body)),
        (&Method::GET, [id]) => Answer(
            find_command(w, guild, id)
                .map(|i| ok(w.commands[&guild][i].clone()))
                .unwrap_or_else(|| Err(ApiError::unknown_command())),
        ),
        (&Method::PATCH, [id]) => Answer(match find_command(w, guild, id) {
            Some(i) => {
                let mut merged = w.commands[&guild][i].clone();
                if let (Some(m), Some(b)) = (merged.as_object_mut(), req.body.as_object()) {
                    for (k, v) in b {
                        m.insert(k.clone(), v.clone());
                    }
                }
                upsert_command(w, guild, &merged)
            }
            None => Err(ApiError::unknown_command()),
        }),
        (&Method::DELETE, [id]) => Answer(match find_command(w, guild, id) {
            Some(i) => {
                if let Some(list) = w.commands.get_mut(&guild) {
                    list.remove(i);
                }
                Ok(Ok2::NoContent)
            }
            None => Err(ApiError::unknown_command()),
        }),
        _ => Routed::Unknown,
    }
}

fn find_command(w: &World, guild: Option<u64>, id: &str) -> Option<usize> {
    w.commands.get(&guild)?.iter().position(|c| c["id"].as_str() == Some(id))
}

fn check_commands(list: &Value) -> Result<(), ApiError> {
    let errors = limits::check_commands(list);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::new(400, limits::invalid_form_body(&errors)))
    }
}

fn overwrite_commands(w: &mut World, guild: Option<u64>, body: &Value) -> ApiResult {
    check_commands(body)?;
    let old = w.commands.get(&guild).cloned().unwrap_or_default();
    let list: Vec<Value> =
        body.as_array().cloned().unwrap_or_default().iter().map(|c| normalize_command(w, guild, c, &old)).collect();
    w.commands.insert(guild, list.clone());
    ok(Value::Array(list))
}

fn upsert_command(w: &mut World, guild: Option<u64>, body: &Value) -> ApiResult {
    check_commands(&json!([body]))?;
    let old = w.commands.get(&guild).cloned().unwrap_or_default();
    let cmd = normalize_command(w, guild, body, &old);
    let list = w.commands.entry(guild).or_default();
    let existed = list.iter().position(|c| c["id"] == cmd["id"]);
    match existed {
        Some(i) => list[i] = cmd.clone(),
        None => list.push(cmd.clone()),
    }
    Ok(Ok2::Json(if existed.is_some() { 200 } else { 201 }, cmd.to_string()))
}

/// Fills in what Discord adds to a registered command (ids, version, defaults); keeps the id
/// of an existing command with the same name and type.
fn normalize_command(w: &mut World, guild: Option<u64>, c: &Value, old: &[Value]) -> Value {
    let kind = c["type"].as_u64().unwrap_or(1);
    let name = c["name"].as_str().unwrap_or_default().to_string();
    let id = old
        .iter()
        .find(|o| o["name"] == json!(name) && o["type"].as_u64() == Some(kind))
        .and_then(|o| o["id"].as_str().map(str::to_string))
        .unwrap_or_else(|| w.next_id().to_string());
    let mut v = c.clone();
    if !v.is_object() {
        v = json!({});
    }
    v["id"] = json!(id);
    v["application_id"] = sf(w.application_id);
    v["version"] = sf(w.next_id());
    v["type"] = json!(kind);
    v["guild_id"] = guild.map(sf).unwrap_or(Value::Null);
    if guild.is_none() {
        v.as_object_mut().map(|o| o.remove("guild_id"));
    }
    if !v["description"].is_string() {
        v["description"] = json!("");
    }
    for key in ["default_member_permissions", "name_localizations", "description_localizations"] {
        if v.get(key).is_none() {
            v[key] = Value::Null;
        }
    }
    if v.get("nsfw").is_none() {
        v["nsfw"] = json!(false);
    }
    if v.get("integration_types").is_none() {
        v["integration_types"] = json!([0]);
    }
    if v.get("contexts").is_none() {
        v["contexts"] = Value::Null;
    }
    if let Some(options) = v.get_mut("options").and_then(Value::as_array_mut) {
        for o in options {
            normalize_option(o);
        }
    }
    v
}

fn normalize_option(o: &mut Value) {
    if !o["description"].is_string() {
        o["description"] = json!("");
    }
    if let Some(options) = o.get_mut("options").and_then(Value::as_array_mut) {
        for sub in options {
            normalize_option(sub);
        }
    }
}
