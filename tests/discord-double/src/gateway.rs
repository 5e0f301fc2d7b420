//! The gateway: a websocket speaking Discord's v10 JSON protocol (no compression).
//!
//! Hello (op 10) on connect; Identify (op 2) → READY + one GUILD_CREATE per guild of the
//! shard; Heartbeat (op 1) → ack (op 11); Resume (op 6) → replay of missed events +
//! RESUMED, or Invalid Session (op 9) for unknown sessions.
//!
//! Sharding as Discord does it: Identify's `shard: [id, count]` (default `[0, 1]`) makes a
//! session of that shard, which gets the events of the guilds with
//! `(guild_id >> 22) % count == id` only (events of no guild, such as DMs, go to shard 0).
//! A shard id not below its count closes the connection with 4010 (Invalid shard), and too
//! few shards for the guilds (more than 2,500 a shard) with 4011 (Sharding required).

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::ids::random_hex;
use crate::payloads;
use crate::world::World;
use crate::Shared;

/// Gateway intents the double looks at.
pub(crate) mod intents {
    pub const GUILDS: u64 = 1 << 0;
    pub const GUILD_MESSAGES: u64 = 1 << 9;
    pub const DIRECT_MESSAGES: u64 = 1 << 12;
}

/// How long a disconnected session stays resumable (and keeps buffering events).
const RESUMABLE_FOR: Duration = Duration::from_secs(60);
/// How many events a session keeps for replay on resume.
const REPLAY_BUFFER: usize = 1000;

/// Something to send on one websocket.
#[derive(Debug)]
pub(crate) enum Outbound {
    /// A text frame (shared with the session's replay buffer, not copied).
    Text(Utf8Bytes),
    Close(u16, String),
}

#[derive(Debug)]
struct Conn {
    tx: mpsc::UnboundedSender<Outbound>,
    session: Option<String>,
    /// Heartbeat interval announced to this connection.
    interval: Duration,
    /// Last heartbeat (or connect) time.
    last_beat: Instant,
}

#[derive(Debug)]
struct SessionLog {
    seq: u64,
    /// Sent events kept for replay: `(seq, frame text)` (text, so a dispatch is serialised
    /// once and never deep-copied).
    events: VecDeque<(u64, Utf8Bytes)>,
    intents: u64,
    /// The session's shard: its id and the shard count.
    shard: (u64, u64),
    connected: bool,
    disconnected_at: Option<Instant>,
}

/// The shard that gets a guild's events among `count` shards (Discord's formula); events
/// of no guild go to shard 0.
#[must_use]
pub fn shard_of(guild: Option<u64>, count: u64) -> u64 {
    guild.map_or(0, |g| (g >> 22) % count.max(1))
}

/// The most guilds Discord lets one shard hold.
const GUILDS_PER_SHARD: usize = 2_500;

impl SessionLog {
    /// Numbers an event, keeps its frame for replay and returns the frame text.
    fn push(&mut self, event: &str, data: &str) -> Utf8Bytes {
        self.seq += 1;
        let text: Utf8Bytes = payloads::dispatch_frame_text(event, self.seq, data).into();
        self.events.push_back((self.seq, text.clone()));
        if self.events.len() > REPLAY_BUFFER {
            self.events.pop_front();
        }
        text
    }
}

/// All websocket connections and gateway sessions.
#[derive(Debug)]
pub(crate) struct GatewayHub {
    next_conn: u64,
    conns: BTreeMap<u64, Conn>,
    sessions: HashMap<String, SessionLog>,
    /// Number of Identify payloads accepted (READY sent).
    pub identifies: u32,
    /// Number of successful resumes.
    pub resumes: u32,
    /// Number of heartbeats received.
    pub heartbeats: u64,
    /// Every frame sent, in order (for schema checks in tests).
    pub frames: Vec<Value>,
    /// Heartbeat interval announced in Hello, in milliseconds.
    pub heartbeat_interval: u64,
    /// When set, heartbeats are not acknowledged (simulates a zombie connection).
    pub ignore_heartbeats: bool,
    /// Whether `frames` keeps every frame (on by default).
    pub record_frames: bool,
    /// When set, INTERACTION_CREATE goes to every session whatever its shard (a test's way
    /// of delivering one click to several bot processes at once).
    pub interactions_to_every_shard: bool,
    /// Identifies accepted per shard id.
    pub identifies_by_shard: BTreeMap<u64, u32>,
    /// The shard count `GET /gateway/bot` recommends (1 by default).
    pub recommended_shards: u64,
    /// INTERACTION_CREATE events sent, by the shard id of the session sent to.
    pub interactions_by_shard: BTreeMap<u64, u64>,
    /// While set, the gateway is away: websocket upgrades are refused with 503.
    pub down: bool,
}

impl Default for GatewayHub {
    fn default() -> Self {
        GatewayHub {
            next_conn: 0,
            conns: BTreeMap::new(),
            sessions: HashMap::new(),
            identifies: 0,
            resumes: 0,
            heartbeats: 0,
            frames: Vec::new(),
            heartbeat_interval: 41_250,
            ignore_heartbeats: false,
            record_frames: true,
            interactions_to_every_shard: false,
            identifies_by_shard: BTreeMap::new(),
            recommended_shards: 1,
            interactions_by_shard: BTreeMap::new(),
            down: false,
        }
    }
}

impl GatewayHub {
    /// Whether any session (live or resumable) would receive events needing `intent`, so
    /// that callers can skip building payloads nobody gets.
    pub fn wants(&self, intent: u64) -> bool {
        self.sessions.values().any(|s| intent == 0 || s.intents & intent != 0)
    }

    /// Number of connections that completed Identify or Resume.
    pub fn ready_connections(&self) -> usize {
        self.conns.values().filter(|c| c.session.is_some()).count()
    }

    /// The shards that have a connected (identified) session.
    pub fn connected_shards(&self) -> std::collections::BTreeSet<u64> {
        self.sessions.values().filter(|s| s.connected).map(|s| s.shard.0).collect()
    }

    /// Number of open websocket connections.
    pub fn open_connections(&self) -> usize {
        self.conns.len()
    }

    fn send(&mut self, conn: u64, frame: Value) {
        if self.conns.contains_key(&conn) {
            let text = frame.to_string();
            self.send_text(conn, text.into(), Some(frame));
        }
    }

    /// Sends an already serialised frame (`frame`, its value, is only needed for the
    /// record; it is parsed back from the text if the record wants it and it is missing).
    fn send_text(&mut self, conn: u64, text: Utf8Bytes, frame: Option<Value>) {
        if let Some(c) = self.conns.get(&conn) {
            if self.record_frames {
                let frame = frame.unwrap_or_else(|| crate::json::parse(text.as_bytes()).unwrap_or(Value::Null));
                self.frames.push(frame);
            }
            let _ = c.tx.send(Outbound::Text(text));
        }
    }

    /// The connection a session is attached to, if any.
    fn session_conn(&self, session_id: &str) -> Option<u64> {
        self.conns.iter().find(|(_, c)| c.session.as_deref() == Some(session_id)).map(|(id, _)| *id)
    }

    /// Sends an op-0 dispatch (`data` is JSON text) on a session (buffered if it is
    /// disconnected but resumable). Returns whether the session is connected.
    fn dispatch_to_session(&mut self, session_id: &str, event: &str, data: &str) -> bool {
        let Some(log) = self.sessions.get_mut(session_id) else {
            return false;
        };
        let text = log.push(event, data);
        if !log.connected {
            return false;
        }
        if let Some(conn) = self.session_conn(session_id) {
            self.send_text(conn, text, None);
        }
        true
    }

    /// Sends an event (`data` is JSON text) of `guild` (`None`: of no guild) to every live
    /// (or recently disconnected, resumable) session of the guild's shard whose intents
    /// include `required_intent` (0 = always). Returns the number of connected sessions it
    /// reached.
    pub fn dispatch(&mut self, event: &str, data: &str, required_intent: u64, guild: Option<u64>) -> usize {
        let now = Instant::now();
        self.sessions.retain(|_, s| s.connected || s.disconnected_at.is_some_and(|t| now - t < RESUMABLE_FOR));
        let everywhere = self.interactions_to_every_shard && event == "INTERACTION_CREATE";
        let targets: Vec<String> = self
            .sessions
            .iter()
            .filter(|(_, s)| required_intent == 0 || s.intents & required_intent != 0)
            .filter(|(_, s)| everywhere || shard_of(guild, s.shard.1) == s.shard.0)
            .map(|(id, _)| id.clone())
            .collect();
        if event == "INTERACTION_CREATE" {
            for id in &targets {
                *self.interactions_by_shard.entry(self.sessions[id].shard.0).or_default() += 1;
            }
        }
        targets.iter().filter(|id| self.dispatch_to_session(id, event, data)).count()
    }

    /// Closes every websocket with this close code (sessions stay resumable unless the code
    /// says otherwise).
    pub fn close_all(&mut self, code: u16, reason: &str) {
        for c in self.conns.values() {
            let _ = c.tx.send(Outbound::Close(code, reason.to_string()));
        }
    }

    /// Forgets all sessions, so a Resume gets Invalid Session.
    pub fn invalidate_sessions(&mut self) {
        self.sessions.clear();
        for c in self.conns.values_mut() {
            c.session = None;
        }
    }
}

fn close(hub: &mut GatewayHub, conn: u64, code: u16, reason: &str) {
    if let Some(c) = hub.conns.get(&conn) {
        let _ = c.tx.send(Outbound::Close(code, reason.to_string()));
    }
}

/// Handles one text frame from the bot.
fn handle_frame(w: &mut World, conn: u64, text: &str, ws_url: &str) {
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        close(&mut w.gateway, conn, 4002, "Error while decoding payload.");
        return;
    };
    let op = frame["op"].as_u64().unwrap_or(u64::MAX);
    let identified = w.gateway.conns.get(&conn).is_some_and(|c| c.session.is_some());
    match op {
        1 => {
            w.gateway.heartbeats += 1;
            if let Some(c) = w.gateway.conns.get_mut(&conn) {
                c.last_beat = Instant::now();
            }
            if !w.gateway.ignore_heartbeats {
                w.gateway.send(conn, json!({ "op": 11, "d": null, "s": null, "t": null }));
            }
        }
        2 => {
            if identified {
                close(&mut w.gateway, conn, 4005, "Already authenticated.");
                return;
            }
            let d = &frame["d"];
            if !d["token"].is_string() {
                close(&mut w.gateway, conn, 4004, "Authentication failed.");
                return;
            }
            let shard = d["shard"].clone();
            let intents = d["intents"].as_u64().unwrap_or(0);
            identify(w, conn, intents, shard, ws_url);
        }
        6 => {
            let d = &frame["d"];
            let session_id = d["session_id"].as_str().unwrap_or_default().to_string();
            let seq = d["seq"].as_u64().unwrap_or(0);
            resume(w, conn, &session_id, seq);
        }
        3 | 4 | 8 | 31 => {
            if !identified {
                close(&mut w.gateway, conn, 4003, "Not authenticated.");
            }
        }
        _ => close(&mut w.gateway, conn, 4001, "Unknown opcode."),
    }
}

fn identify(w: &mut World, conn: u64, intents: u64, shard: Value, ws_url: &str) {
    let (shard_id, shard_count) = if shard.is_null() {
        (0, 1)
    } else {
        match (shard[0].as_u64(), shard[1].as_u64(), shard.as_array().map(Vec::len)) {
            (Some(id), Some(count), Some(2)) if id < count => (id, count),
            _ => return close(&mut w.gateway, conn, 4010, "Invalid shard."),
        }
    };
    if w.guilds.len() > GUILDS_PER_SHARD * usize::try_from(shard_count).unwrap_or(usize::MAX) {
        return close(&mut w.gateway, conn, 4011, "Sharding required.");
    }
    let mine: Vec<u64> = w.guilds.keys().copied().filter(|&g| shard_of(Some(g), shard_count) == shard_id).collect();
    let session_id = random_hex(32);
    let ready = json!({
        "v": 10,
        "user": payloads::current_user(w),
        "guilds": mine.iter().map(|g| json!({ "id": payloads::sf(*g), "unavailable": true })).collect::<Vec<_>>(),
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": ws_url,
        "shard": [shard_id, shard_count],
        "application": { "id": payloads::sf(w.application_id), "flags": 0 },
        "user_settings": {},
        "relationships": [],
        "private_channels": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": ["local"],
        "auth": {},
        "_trace": ["[\"discord-double\"]"],
    });
    let guild_creates: Vec<Value> = mine.iter().map(|g| payloads::guild_create(w, &w.guilds[g])).collect();
    let hub = &mut w.gateway;
    hub.sessions.insert(
        session_id.clone(),
        SessionLog {
            seq: 0,
            events: VecDeque::new(),
            intents,
            shard: (shard_id, shard_count),
            connected: true,
            disconnected_at: None,
        },
    );
    if let Some(c) = hub.conns.get_mut(&conn) {
        c.session = Some(session_id.clone());
    }
    hub.identifies += 1;
    *hub.identifies_by_shard.entry(shard_id).or_default() += 1;
    hub.dispatch_to_session(&session_id, "READY", &ready.to_string());
    for g in guild_creates {
        hub.dispatch_to_session(&session_id, "GUILD_CREATE", &g.to_string());
    }
}

fn resume(w: &mut World, conn: u64, session_id: &str, seq: u64) {
    let hub = &mut w.gateway;
    let resumable = hub
        .sessions
        .get(session_id)
        .is_some_and(|s| s.connected || s.disconnected_at.is_some_and(|t| t.elapsed() < RESUMABLE_FOR));
    if !resumable {
        hub.send(conn, json!({ "op": 9, "d": false, "s": null, "t": null }));
        return;
    }
    // Detach the session from any older connection still open.
    for c in hub.conns.values_mut() {
        if c.session.as_deref() == Some(session_id) {
            c.session = None;
        }
    }
    if let Some(c) = hub.conns.get_mut(&conn) {
        c.session = Some(session_id.to_string());
    }
    let missed: Vec<Utf8Bytes> = match hub.sessions.get_mut(session_id) {
        Some(log) => {
            log.connected = true;
            log.disconnected_at = None;
            log.events.iter().filter(|(s, _)| *s > seq).map(|(_, text)| text.clone()).collect()
        }
        None => Vec::new(),
    };
    for text in missed {
        hub.send_text(conn, text, None);
    }
    hub.resumes += 1;
    hub.dispatch_to_session(session_id, "RESUMED", r#"{"_trace":["discord-double"]}"#);
}

/// Runs one websocket connection until it closes.
pub(crate) async fn serve_socket(mut socket: WebSocket, shared: Arc<Shared>) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn = {
        let mut w = shared.lock();
        let hub = &mut w.gateway;
        hub.next_conn += 1;
        let id = hub.next_conn;
        let interval = hub.heartbeat_interval;
        let conn = Conn { tx, session: None, interval: Duration::from_millis(interval), last_beat: Instant::now() };
        hub.conns.insert(id, conn);
        hub.send(
            id,
            json!({ "op": 10, "d": { "heartbeat_interval": interval, "_trace": ["[\"discord-double\"]"] }, "s": null, "t": null }),
        );
        id
    };
    shared.bump();
    let ws_url = shared.ws_url();
    let mut shutdown = shared.shutdown.subscribe();
    let mut watchdog = tokio::time::interval(Duration::from_millis(50));
    loop {
        tokio::select! {
            _ = watchdog.tick() => {
                // Like Discord, drop connections that stopped heartbeating.
                let mut w = shared.lock();
                let late = w.gateway.conns.get(&conn).is_some_and(|c| {
                    c.last_beat.elapsed() > c.interval * 2 + Duration::from_secs(1)
                });
                if late {
                    close(&mut w.gateway, conn, 4009, "Session timed out.");
                }
            }
            _ = shutdown.changed() => {
                let _ = socket
                    .send(Message::Close(Some(CloseFrame { code: 1001, reason: "going away".into() })))
                    .await;
                break;
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    {
                        let mut w = shared.lock();
                        handle_frame(&mut w, conn, text.as_str(), &ws_url);
                    }
                    shared.bump();
                }
                Some(Ok(Message::Binary(_))) => {
                    let mut w = shared.lock();
                    close(&mut w.gateway, conn, 4002, "Error while decoding payload.");
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) => {
                    // Reading once more flushes the close reply tungstenite queued.
                    let _ = tokio::time::timeout(Duration::from_secs(1), socket.recv()).await;
                    break;
                }
                Some(Err(_)) | None => break,
            },
            out = rx.recv() => match out {
                Some(Outbound::Text(text)) => {
                    if socket.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                Some(Outbound::Close(code, reason)) => {
                    let _ = socket
                        .send(Message::Close(Some(CloseFrame { code, reason: reason.into() })))
                        .await;
                    break;
                }
                None => break,
            },
        }
    }
    {
        let mut w = shared.lock();
        let hub = &mut w.gateway;
        if let Some(c) = hub.conns.remove(&conn) {
            if let Some(s) = c.session.and_then(|s| hub.sessions.get_mut(&s)) {
                s.connected = false;
                s.disconnected_at = Some(Instant::now());
            }
        }
    }
    shared.bump();
}
