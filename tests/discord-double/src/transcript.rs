//! What each user saw: a test's whole conversation, told once per user, in order.
//!
//! [`DiscordDouble::transcript`] rebuilds the timeline from what the double already
//! records: the REST request log (every message the bot posted, edited or deleted, with its
//! `allowed_mentions`, in the order the double carried them out), the interactions users
//! sent (the gateway frames), every version of every ephemeral message (files included) and
//! the messages' current state. [`Transcript::write`] writes one JSON document per user and
//! one for a spectator, with the attached files beside them. It needs the double's
//! recording on (the default; see [`DiscordDouble::set_recording`]).
//!
//! # Schema (`"schema": "engarde-transcript/1"`)
//!
//! Each document is one viewer's story:
//!
//! ```text
//! {
//!   "schema": "engarde-transcript/1",
//!   "about": { … what the harness says: test name, the bot's clock … },
//!   "viewer": { "id": "123" | null, "name": "Alice", "role": "player" | "spectator" },
//!   "users": { "<id>": { "name": "Alice", "bot": false }, … },
//!   "channels": { "<id>": { "name": "duels", "type": "text" | "thread" | "dm",
//!                           "parent": "<id>" | null }, … },
//!   "entries": [ … what the viewer saw, oldest first … ]
//! }
//! ```
//!
//! Snowflakes are strings (they do not fit a JavaScript number). `seq` numbers the events
//! of the whole test, so one event has the same `seq` in every document. Entries:
//!
//! - `"kind": "action"` (only in the acting user's document): what the user did.
//!   `"type"`: `"command"` (`"command"`: the command as typed, e.g.
//!   `"/engarde challenge opponent:@Bob"`, `"options"`: Discord's `data.options`), `"button"`
//!   (`"message"`, `"custom_id"`, `"label"`) or `"select"` (`"message"`, `"custom_id"`,
//!   `"values"`, `"labels"`), `"modal_submit"`; `"answered"`: whether the bot answered
//!   (otherwise Discord shows "This interaction failed"), `"response"`: the callback type
//!   (4 message, 5 deferred message, 6 deferred update, 7 update, 9 modal) or null.
//! - `"kind": "message"`: a message appeared, changed or went away. `"event"`: `"create"`,
//!   `"edit"` or `"delete"`; `"message"`, `"channel"`, `"version"` (0 for the creation, +1 per
//!   edit), `"ephemeral"` (then only its owner's document has it), `"author"`,
//!   `"interaction"` (`{ "user", "type": "command" | "component" | "modal", "name" }` for
//!   interaction responses and follow-ups, else null). Creates and edits carry the whole
//!   message as it then was: `"content"`, `"embeds"` and `"components"` (Discord's own
//!   objects, as the bot sent them: embed title/description/fields/image/color…, action rows
//!   of buttons with label/style/disabled and select menus with options), `"flags"`,
//!   `"loading"` (a deferred "thinking…" message), `"attachments"` (`[{ "id", "filename",
//!   "description", "content_type", "size", "file" }]`, `"file"` the path of its bytes
//!   relative to the document: every file of every version, also one a later edit replaced,
//!   is kept; null only when the double recorded no bytes for it, which
//!   [`Transcript::missing_files`] lists), `"mentions"` (users mentioned in the content),
//!   `"pings"` (the users Discord notifies: content mentions allowed by `allowed_mentions`, on
//!   a new public message only; never on an edit or an ephemeral message), `"silent"`
//!   (`SUPPRESS_NOTIFICATIONS`), `"mention_everyone"`, `"changed"` (for edits: which of
//!   content, embeds, components, attachments differ from the version before) and `"via"`
//!   (the request that did it).
//! - `"kind": "thread"`: `"event"`: `"create"` or `"update"`; `"channel"`, `"parent"`,
//!   `"name"`, `"starter_message"`, `"archived"`, `"locked"`.
//! - `"kind": "modal"` (only in its user's document): a form the bot opened (`"title"`,
//!   `"custom_id"`, `"components"`).

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{json, Map, Value};

use crate::world::{channel_kind, MessageRec, Visibility, World};
use crate::{DiscordDouble, UserId};

/// The schema name written in every document.
pub const TRANSCRIPT_SCHEMA: &str = "engarde-transcript/1";

/// Whose story a document tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A user: the public messages of the server and of their DMs, their own ephemeral
    /// messages and forms, and what they did.
    User(UserId),
    /// Someone who only reads the server's channels and threads.
    Spectator,
}

/// A test's whole conversation, ready to be told per user (see the module docs).
#[derive(Clone, Debug)]
pub struct Transcript {
    events: Vec<Event>,
    users: BTreeMap<u64, (String, bool)>,
    channels: BTreeMap<u64, ChannelInfo>,
    /// Attachment bytes, by attachment id.
    blobs: HashMap<u64, Arc<Vec<u8>>>,
}

#[derive(Clone, Debug)]
struct ChannelInfo {
    name: String,
    kind: u8,
    parent: Option<u64>,
    recipient: Option<u64>,
    members: Vec<u64>,
}

#[derive(Clone, Debug)]
enum Event {
    Action(Action),
    Message(Box<MessageEvent>),
    Thread {
        create: bool,
        channel: u64,
        parent: Option<u64>,
        name: String,
        starter: Option<u64>,
        archived: bool,
        locked: bool,
    },
    Modal {
        user: u64,
        channel: u64,
        data: Value,
    },
}

#[derive(Clone, Debug)]
struct Action {
    interaction: u64,
    user: u64,
    channel: u64,
    /// The `data` of the INTERACTION_CREATE.
    data: Value,
    /// Interaction type (2 command, 3 component, 5 modal submit).
    kind: u64,
    message: Option<u64>,
    /// Labels of what was clicked or picked, as shown when it was.
    labels: Vec<String>,
    response: Option<u8>,
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Attachment {
    id: Option<u64>,
    filename: String,
    description: Option<String>,
    content_type: Option<String>,
    size: Option<u64>,
    /// Uploaded by this version (not kept from the one before).
    fresh: bool,
}

/// A message's state at one version.
#[derive(Clone, Debug, Default, PartialEq)]
struct State {
    content: String,
    embeds: Vec<Value>,
    components: Vec<Value>,
    flags: u64,
    attachments: Vec<Attachment>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Change {
    Create,
    Edit,
    Delete,
}

#[derive(Clone, Debug)]
struct MessageEvent {
    change: Change,
    message: u64,
    channel: u64,
    ephemeral_to: Option<u64>,
    author: u64,
    interaction: Option<(u64, u8, String)>,
    version: u32,
    state: State,
    changed: Vec<&'static str>,
    mentions: Vec<u64>,
    pings: Vec<u64>,
    mention_everyone: bool,
    via: String,
}

const EPHEMERAL: u64 = 1 << 6;
const LOADING: u64 = 1 << 7;
const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
const IS_COMPONENTS_V2: u64 = crate::layout::IS_COMPONENTS_V2;

impl DiscordDouble {
    /// The test's conversation so far, to write per user (see [`Transcript`]).
    pub fn transcript(&self) -> Transcript {
        Transcript::build(&self.shared.lock())
    }
}

fn sf(id: u64) -> Value {
    Value::String(id.to_string())
}

fn opt_sf(id: Option<u64>) -> Value {
    id.map_or(Value::Null, sf)
}

fn id_of(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

/// The users `<@id>` / `<@!id>` mentioned in a text, in order, once each.
fn mentioned_users(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let digits = rest.strip_prefix('!').unwrap_or(rest);
        let end = digits.find('>').unwrap_or(0);
        if let Ok(id) = digits[..end].parse::<u64>() {
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

/// Who a new public message notifies: the users its content mentions that its
/// `allowed_mentions` lets through (absent: all of them), and whether `@everyone` pings.
fn pings(content: &str, allowed: Option<&Value>) -> (Vec<u64>, bool) {
    let mentioned = mentioned_users(content);
    let everyone = content.contains("@everyone") || content.contains("@here");
    let Some(allowed) = allowed.filter(|a| a.is_object()) else {
        return (mentioned, everyone);
    };
    let parse: Vec<&str> = allowed["parse"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let listed: Vec<u64> = allowed["users"].as_array().into_iter().flatten().filter_map(id_of).collect();
    let users = if parse.contains(&"users") {
        mentioned
    } else {
        mentioned.into_iter().filter(|u| listed.contains(u)).collect()
    };
    (users, everyone && parse.contains(&"everyone"))
}

fn list(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

/// Whether an attachment entry names an existing attachment (a snowflake) rather than an
/// uploaded file part (`files[n]`, n below 10).
fn is_snowflake(id: u64) -> bool {
    id >= 1 << 22
}

impl State {
    /// The state after a create or edit with `body` (fields absent from an edit are kept).
    fn apply(&self, body: &Value) -> State {
        let mut s = self.clone();
        if let Some(c) = body.get("content") {
            s.content = text(c);
        }
        if let Some(e) = body.get("embeds") {
            s.embeds = list(e);
        }
        if let Some(c) = body.get("components") {
            s.components = list(c);
            // As Discord answers them (a select's default counts…).
            crate::layout::defaults(&mut s.components);
        }
        // An edit may make a message a layout one (never the other way).
        s.flags |= body["flags"].as_u64().unwrap_or(0) & IS_COMPONENTS_V2;
        for a in &mut s.attachments {
            a.fresh = false;
        }
        if let Some(entries) = body.get("attachments").and_then(Value::as_array) {
            s.attachments = entries
                .iter()
                .enumerate()
                .map(|(i, entry)| {
                    let id = id_of(&entry["id"]).filter(|id| is_snowflake(*id));
                    // A kept file is found by its id; one whose id was never seen (a file of an
                    // interaction callback) is the unknown file at the same place.
                    let kept = id.and_then(|id| {
                        self.attachments.iter().find(|a| a.id == Some(id)).cloned().or_else(|| {
                            let mut a = self.attachments.get(i).filter(|a| a.id.is_none())?.clone();
                            a.id = Some(id);
                            Some(a)
                        })
                    });
                    let mut a = kept.unwrap_or_else(|| Attachment { id, ..Attachment::default() });
                    a.fresh = id.is_none();
                    if let Some(f) = entry["filename"].as_str() {
                        a.filename = f.to_string();
                    }
                    if let Some(d) = entry["description"].as_str() {
                        a.description = Some(d.to_string());
                    }
                    a
                })
                .collect();
        }
        s
    }

    /// Takes what a message object (a REST answer) shows: it is the message as stored.
    fn take_message_object(&mut self, m: &Value) {
        self.content = text(&m["content"]);
        self.embeds = list(&m["embeds"]);
        self.components = list(&m["components"]);
        self.flags = m["flags"].as_u64().unwrap_or(self.flags);
        let stored = list(&m["attachments"]);
        if stored.len() == self.attachments.len() {
            for (a, s) in self.attachments.iter_mut().zip(&stored) {
                fill_attachment(a, s);
            }
        } else {
            self.attachments = stored
                .iter()
                .map(|s| {
                    let mut a = Attachment::default();
                    fill_attachment(&mut a, s);
                    a
                })
                .collect();
        }
    }

    fn from_rec(m: &MessageRec) -> State {
        State {
            content: m.content.clone(),
            embeds: m.embeds.clone(),
            components: m.components.clone(),
            flags: m.flags,
            attachments: Vec::new(),
        }
    }

    /// Takes a stored message's files (same order as the entries they came from).
    fn take_files(&mut self, m: &MessageRec) {
        if m.attachments.len() != self.attachments.len() {
            self.attachments = vec![Attachment::default(); m.attachments.len()];
        }
        for (a, f) in self.attachments.iter_mut().zip(&m.attachments) {
            a.id = Some(f.id);
            a.filename = f.filename.clone();
            a.description = f.description.clone().or(a.description.take());
            a.content_type = f.content_type.clone();
            a.size = Some(f.data.len() as u64);
        }
    }

    fn changes_from(&self, before: &State) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.content != before.content {
            out.push("content");
        }
        if self.embeds != before.embeds {
            out.push("embeds");
        }
        if strip_ids(&self.components) != strip_ids(&before.components) {
            out.push("components");
        }
        let files = |s: &State| s.attachments.iter().map(|a| (a.id, a.filename.clone())).collect::<Vec<_>>();
        if files(self) != files(before) {
            out.push("attachments");
        }
        out
    }
}

fn fill_attachment(a: &mut Attachment, stored: &Value) {
    a.id = id_of(&stored["id"]).or(a.id);
    if let Some(f) = stored["filename"].as_str() {
        a.filename = f.to_string();
    }
    if let Some(t) = stored["content_type"].as_str() {
        a.content_type = Some(t.to_string());
    }
    a.size = stored["size"].as_u64().or(a.size);
}

/// Components without the numeric `id`s Discord gives them (for comparing versions).
fn strip_ids(rows: &[Value]) -> Vec<Value> {
    fn strip(v: &Value) -> Value {
        match v {
            Value::Object(o) => {
                Value::Object(o.iter().filter(|(k, _)| *k != "id").map(|(k, v)| (k.clone(), strip(v))).collect())
            }
            Value::Array(a) => Value::Array(a.iter().map(strip).collect()),
            other => other.clone(),
        }
    }
    rows.iter().map(strip).collect()
}

/// The label of `custom_id` among `rows` (a button), or the labels of `values` (a menu).
fn labels_in(rows: &[Value], custom_id: &str, values: Option<&[Value]>) -> Vec<String> {
    for c in crate::record::components(rows) {
        if c["custom_id"].as_str() != Some(custom_id) {
            continue;
        }
        return match values {
            None => vec![text(&c["label"])],
            Some(values) => values
                .iter()
                .map(|v| {
                    let option = c["options"].as_array().into_iter().flatten().find(|o| o["value"] == *v);
                    option.map_or_else(|| text(v), |o| text(&o["label"]))
                })
                .collect(),
        };
    }
    Vec::new()
}

/// `/name sub option:value …` for a command interaction's data.
fn command_line(data: &Value, users: &BTreeMap<u64, (String, bool)>) -> String {
    fn walk(options: &Value, users: &BTreeMap<u64, (String, bool)>, out: &mut String) {
        for o in options.as_array().into_iter().flatten() {
            let name = o["name"].as_str().unwrap_or_default();
            match o["type"].as_u64() {
                Some(1 | 2) => {
                    out.push(' ');
                    out.push_str(name);
                    walk(&o["options"], users, out);
                }
                Some(6) => {
                    let who = id_of(&o["value"]).and_then(|u| users.get(&u)).map_or("?", |u| u.0.as_str());
                    out.push_str(&format!(" {name}:@{who}"));
                }
                _ => {
                    let v = match &o["value"] {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    out.push_str(&format!(" {name}:{v}"));
                }
            }
        }
    }
    let mut out = format!("/{}", data["name"].as_str().unwrap_or_default());
    walk(&data["options"], users, &mut out);
    out
}

/// The request log path split in segments after `/api/vN`, without the query.
fn segments(path: &str) -> Vec<&str> {
    let path = path.split('?').next().unwrap_or_default();
    let rest = path
        .strip_prefix("/api/v10")
        .or_else(|| path.strip_prefix("/api/v9"))
        .or_else(|| path.strip_prefix("/api"))
        .unwrap_or(path);
    rest.split('/').filter(|s| !s.is_empty()).collect()
}

/// What one logged request did to a message.
enum Touch<'a> {
    /// Created or edited `message` to `body`; `answer` is the message object sent back.
    Write {
        message: u64,
        body: &'a Value,
        answer: Option<&'a Value>,
        allowed: Option<&'a Value>,
        via: String,
    },
    /// A deferred "thinking…" response.
    Loading {
        message: u64,
        via: String,
    },
    Delete {
        message: u64,
        via: String,
    },
}

struct Builder<'w> {
    w: &'w World,
    users: BTreeMap<u64, (String, bool)>,
    events: Vec<Event>,
    states: HashMap<u64, (u32, State)>,
    /// Versions of each message (ephemeral and public), from the double's snapshots.
    snapshots: HashMap<u64, Vec<&'w MessageRec>>,
    /// Interactions sent (from the gateway frames), by id, not yet told.
    pending: BTreeMap<u64, Value>,
    /// Per message: the indexes of its create/edit events (to resolve files afterwards).
    versions: HashMap<u64, Vec<usize>>,
    /// Commands' full names with their subcommands (`engarde challenge`), by interaction.
    command_names: HashMap<u64, String>,
}

/// A command's name with its subcommand group and subcommand, as Discord shows it over the
/// answer ("used /engarde challenge").
fn full_command_name(data: &Value) -> String {
    let mut name = text(&data["name"]);
    let mut options = &data["options"];
    while let Some(sub) = options.as_array().and_then(|o| o.iter().find(|o| matches!(o["type"].as_u64(), Some(1 | 2))))
    {
        name.push(' ');
        name.push_str(sub["name"].as_str().unwrap_or_default());
        options = &sub["options"];
    }
    name
}

impl Transcript {
    fn build(w: &World) -> Transcript {
        let users = w
            .users
            .iter()
            .map(|(id, u)| {
                let v: Value = serde_json::from_str(&u.json).unwrap_or(Value::Null);
                // The bot is shown under its application's name (the double's usernames are
                // lower-cased, Discord's bots keep theirs as chosen).
                let name = if *id == w.bot_user {
                    w.application_name.clone()
                } else {
                    v["global_name"].as_str().or(v["username"].as_str()).unwrap_or("?").to_string()
                };
                (*id, (name, u.bot))
            })
            .collect();
        let channels = w
            .channels
            .iter()
            .map(|(id, c)| {
                (
                    *id,
                    ChannelInfo {
                        name: c.name.clone(),
                        kind: c.kind,
                        parent: c.parent,
                        recipient: c.recipient,
                        members: c.thread_members.clone(),
                    },
                )
            })
            .collect();
        let mut snapshots: HashMap<u64, Vec<&MessageRec>> = HashMap::new();
        for s in w.ephemeral_snapshots.iter().chain(&w.public_snapshots) {
            snapshots.entry(s.id).or_default().push(s);
        }
        let mut pending = BTreeMap::new();
        let mut command_names = HashMap::new();
        for f in &w.gateway.frames {
            if f["t"] == "INTERACTION_CREATE" {
                if let Some(id) = id_of(&f["d"]["id"]) {
                    if f["d"]["type"] == 2 {
                        command_names.insert(id, full_command_name(&f["d"]["data"]));
                    }
                    pending.entry(id).or_insert_with(|| f["d"].clone());
                }
            }
        }
        let mut b = Builder {
            w,
            users,
            events: Vec::new(),
            states: HashMap::new(),
            snapshots,
            pending,
            versions: HashMap::new(),
            command_names,
        };
        for r in w.requests.iter().filter(|r| (200..300).contains(&r.status)) {
            b.request(&r.method, &r.path, &r.request, &r.response);
        }
        b.flush_actions(u64::MAX);
        b.resolve_files();
        // Every version's files: a file replaced by a later edit is only in the snapshots.
        let mut blobs = HashMap::new();
        for m in w.messages.values().chain(&w.ephemeral_snapshots).chain(&w.public_snapshots) {
            for a in &m.attachments {
                blobs.entry(a.id).or_insert_with(|| Arc::new(a.data.clone()));
            }
        }
        Transcript { events: b.events, users: b.users, channels, blobs }
    }

    /// The users who did something (sent a command, clicked, picked), in the order they
    /// first did, then [`Viewer::Spectator`].
    pub fn viewers(&self) -> Vec<Viewer> {
        let mut out = Vec::new();
        for e in &self.events {
            if let Event::Action(a) = e {
                let v = Viewer::User(UserId(a.user));
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        out.push(Viewer::Spectator);
        out
    }

    fn sees_channel(&self, viewer: Viewer, channel: u64) -> bool {
        let Some(c) = self.channels.get(&channel) else {
            return false;
        };
        match (c.kind, viewer) {
            (channel_kind::DM, Viewer::User(u)) => c.recipient == Some(u.0),
            (channel_kind::DM, Viewer::Spectator) => false,
            (channel_kind::PRIVATE_THREAD, Viewer::User(u)) => c.members.contains(&u.0),
            (channel_kind::PRIVATE_THREAD, Viewer::Spectator) => false,
            _ => true,
        }
    }

    fn sees(&self, viewer: Viewer, e: &Event) -> bool {
        match e {
            Event::Action(a) => viewer == Viewer::User(UserId(a.user)),
            Event::Modal { user, .. } => viewer == Viewer::User(UserId(*user)),
            Event::Thread { channel, .. } => self.sees_channel(viewer, *channel),
            Event::Message(m) => match m.ephemeral_to {
                Some(owner) => viewer == Viewer::User(UserId(owner)),
                None => self.sees_channel(viewer, m.channel),
            },
        }
    }

    /// The file name an attachment's bytes are written to (relative to the documents).
    fn file_path(&self, a: &Attachment) -> Option<String> {
        let id = a.id.filter(|id| self.blobs.contains_key(id))?;
        let safe: String =
            a.filename.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect();
        Some(format!("files/{id}-{safe}"))
    }

    /// One viewer's document (see the module docs); `about` is copied in as it is.
    pub fn view(&self, viewer: Viewer, about: &Value) -> Value {
        let entries: Vec<Value> = self
            .events
            .iter()
            .enumerate()
            .filter(|(_, e)| self.sees(viewer, e))
            .map(|(seq, e)| self.entry(seq, e))
            .collect();
        let users: Map<String, Value> =
            self.users.iter().map(|(id, (name, bot))| (id.to_string(), json!({ "name": name, "bot": bot }))).collect();
        let channels: Map<String, Value> = self
            .channels
            .iter()
            .map(|(id, c)| {
                let kind = match c.kind {
                    channel_kind::DM => "dm",
                    channel_kind::PUBLIC_THREAD | channel_kind::PRIVATE_THREAD => "thread",
                    _ => "text",
                };
                (id.to_string(), json!({ "name": c.name, "type": kind, "parent": opt_sf(c.parent) }))
            })
            .collect();
        let viewer_json = match viewer {
            Viewer::User(u) => json!({
                "id": sf(u.0),
                "name": self.users.get(&u.0).map_or("?", |u| u.0.as_str()),
                "role": "player",
            }),
            Viewer::Spectator => json!({ "id": null, "name": "Spectator", "role": "spectator" }),
        };
        json!({
            "schema": TRANSCRIPT_SCHEMA,
            "about": about,
            "viewer": viewer_json,
            "users": users,
            "channels": channels,
            "entries": entries,
        })
    }

    fn entry(&self, seq: usize, e: &Event) -> Value {
        match e {
            Event::Action(a) => {
                let mut o = json!({
                    "seq": seq,
                    "kind": "action",
                    "user": sf(a.user),
                    "channel": sf(a.channel),
                    "interaction": sf(a.interaction),
                    "answered": a.response.is_some(),
                    "response": a.response,
                });
                match a.kind {
                    2 => {
                        o["type"] = json!("command");
                        o["command"] = json!(command_line(&a.data, &self.users));
                        o["options"] = a.data["options"].clone();
                    }
                    3 => {
                        o["message"] = opt_sf(a.message);
                        o["custom_id"] = a.data["custom_id"].clone();
                        if a.data["values"].is_array() {
                            o["type"] = json!("select");
                            o["values"] = a.data["values"].clone();
                            o["labels"] = json!(a.labels);
                        } else {
                            o["type"] = json!("button");
                            o["label"] = json!(a.labels.first());
                        }
                    }
                    _ => {
                        o["type"] = json!("modal_submit");
                        o["custom_id"] = a.data["custom_id"].clone();
                        o["components"] = a.data["components"].clone();
                    }
                }
                o
            }
            Event::Modal { user, channel, data } => json!({
                "seq": seq,
                "kind": "modal",
                "user": sf(*user),
                "channel": sf(*channel),
                "title": data["title"],
                "custom_id": data["custom_id"],
                "components": data["components"],
            }),
            Event::Thread { create, channel, parent, name, starter, archived, locked } => json!({
                "seq": seq,
                "kind": "thread",
                "event": if *create { "create" } else { "update" },
                "channel": sf(*channel),
                "parent": opt_sf(*parent),
                "name": name,
                "starter_message": opt_sf(*starter),
                "archived": archived,
                "locked": locked,
            }),
            Event::Message(m) => {
                let mut o = json!({
                    "seq": seq,
                    "kind": "message",
                    "event": match m.change { Change::Create => "create", Change::Edit => "edit", Change::Delete => "delete" },
                    "message": sf(m.message),
                    "channel": sf(m.channel),
                    "version": m.version,
                    "ephemeral": m.ephemeral_to.is_some(),
                    "author": sf(m.author),
                    "interaction": m.interaction.as_ref().map(|(user, kind, name)| json!({
                        "user": sf(*user),
                        "type": match *kind { 2 => "command", 3 => "component", 5 => "modal", _ => "other" },
                        "name": name,
                    })),
                    "via": m.via,
                });
                if m.change != Change::Delete {
                    let s = &m.state;
                    let attachments: Vec<Value> = s
                        .attachments
                        .iter()
                        .map(|a| {
                            json!({
                                "id": opt_sf(a.id),
                                "filename": a.filename,
                                "description": a.description,
                                "content_type": a.content_type,
                                "size": a.size,
                                "file": self.file_path(a),
                            })
                        })
                        .collect();
                    let more = json!({
                        "content": s.content,
                        "embeds": s.embeds,
                        "components": s.components,
                        "flags": s.flags,
                        "loading": s.flags & LOADING != 0,
                        "attachments": attachments,
                        "mentions": m.mentions.iter().map(|u| sf(*u)).collect::<Vec<_>>(),
                        "pings": m.pings.iter().map(|u| sf(*u)).collect::<Vec<_>>(),
                        "mention_everyone": m.mention_everyone,
                        "silent": s.flags & SUPPRESS_NOTIFICATIONS != 0,
                        "changed": m.changed,
                    });
                    if let (Some(o), Value::Object(more)) = (o.as_object_mut(), more) {
                        o.extend(more);
                    }
                }
                o
            }
        }
    }

    /// The attachments shown in some version of a message whose bytes the transcript does not
    /// have (written with `"file": null`), one line each: `seq`, message, version, file name
    /// and the request that sent it. Empty when every file the bot sent is kept, as it is
    /// while the double records (see [`DiscordDouble::set_recording`]).
    pub fn missing_files(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (seq, e) in self.events.iter().enumerate() {
            let Event::Message(m) = e else { continue };
            if m.change == Change::Delete {
                continue;
            }
            for a in m.state.attachments.iter().filter(|a| self.file_path(a).is_none()) {
                out.push(format!(
                    "seq {seq}: message {} version {} ({}): {} (id {})",
                    m.message,
                    m.version,
                    m.via,
                    a.filename,
                    a.id.map_or_else(|| "unknown".to_owned(), |id| id.to_string())
                ));
            }
        }
        out
    }

    /// Writes one document per viewer (`<name>.json`, `spectator.json`), the attached files
    /// they show (`files/`) and `index.json` (the documents, by viewer), into `dir` (created
    /// if needed). `about` goes into every document. Returns the documents written.
    ///
    /// # Errors
    /// When a file cannot be written.
    pub fn write(&self, dir: &Path, about: &Value) -> io::Result<Vec<PathBuf>> {
        std::fs::create_dir_all(dir.join("files"))?;
        let mut written = Vec::new();
        let mut index = Vec::new();
        let mut used: Vec<String> = Vec::new();
        for viewer in self.viewers() {
            let base = match viewer {
                Viewer::User(u) => {
                    let name = self.users.get(&u.0).map_or("user", |u| u.0.as_str());
                    let safe: String =
                        name.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
                    if used.contains(&safe) {
                        format!("{safe}-{u}")
                    } else {
                        safe
                    }
                }
                Viewer::Spectator => "spectator".to_string(),
            };
            used.push(base.clone());
            let doc = self.view(viewer, about);
            let path = dir.join(format!("{base}.json"));
            std::fs::write(&path, serde_json::to_vec_pretty(&doc).map_err(io::Error::other)?)?;
            index.push(json!({ "file": format!("{base}.json"), "viewer": doc["viewer"] }));
            written.push(path);
        }
        for e in &self.events {
            if let Event::Message(m) = e {
                for a in &m.state.attachments {
                    if let (Some(rel), Some(data)) = (self.file_path(a), a.id.and_then(|id| self.blobs.get(&id))) {
                        let path = dir.join(rel);
                        if !path.exists() {
                            std::fs::write(path, data.as_slice())?;
                        }
                    }
                }
            }
        }
        let index = json!({ "schema": TRANSCRIPT_SCHEMA, "about": about, "documents": index });
        std::fs::write(dir.join("index.json"), serde_json::to_vec_pretty(&index).map_err(io::Error::other)?)?;
        Ok(written)
    }
}

impl Builder<'_> {
    /// Tells, before what comes next, the interactions sent before `before` (an id: ids
    /// grow with time) that are still untold.
    fn flush_actions(&mut self, before: u64) {
        let ids: Vec<u64> = self.pending.range(..before).map(|(id, _)| *id).collect();
        for id in ids {
            self.action(id);
        }
    }

    /// Tells interaction `id` (if it was sent and not told yet).
    fn action(&mut self, id: u64) {
        let Some(d) = self.pending.remove(&id) else {
            return;
        };
        let kind = d["type"].as_u64().unwrap_or(0);
        if kind == 4 {
            // Autocomplete: typing, not an action.
            return;
        }
        let user = id_of(&d["member"]["user"]["id"]).or_else(|| id_of(&d["user"]["id"])).unwrap_or(0);
        let channel = id_of(&d["channel_id"]).or_else(|| id_of(&d["channel"]["id"])).unwrap_or(0);
        let message = id_of(&d["message"]["id"]);
        let data = d["data"].clone();
        let labels = match (kind, message) {
            (3, Some(m)) => {
                let rows = match self.states.get(&m) {
                    Some((_, s)) => s.components.clone(),
                    None => list(&d["message"]["components"]),
                };
                labels_in(
                    &rows,
                    data["custom_id"].as_str().unwrap_or_default(),
                    data["values"].as_array().map(Vec::as_slice),
                )
            }
            _ => Vec::new(),
        };
        let response = self.w.interactions.get(&id).and_then(|i| i.callback.as_ref()).map(|c| c.0);
        self.events.push(Event::Action(Action {
            interaction: id,
            user,
            channel,
            data,
            kind,
            message,
            labels,
            response,
        }));
    }

    fn request(&mut self, method: &str, path: &str, body: &Value, answer: &Value) {
        let segs = segments(path);
        let message_answer = answer.get("id").is_some().then_some(answer);
        let touch = match (method, segs.as_slice()) {
            ("POST", ["channels", _, "messages"]) => id_of(&answer["id"]).map(|m| Touch::Write {
                message: m,
                body,
                answer: message_answer,
                allowed: body.get("allowed_mentions"),
                via: "POST /channels/{channel}/messages".into(),
            }),
            ("PATCH", ["channels", _, "messages", m]) => m.parse().ok().map(|m| Touch::Write {
                message: m,
                body,
                answer: message_answer,
                allowed: None,
                via: "PATCH /channels/{channel}/messages/{message}".into(),
            }),
            ("DELETE", ["channels", _, "messages", m]) => m
                .parse()
                .ok()
                .map(|m| Touch::Delete { message: m, via: "DELETE /channels/{channel}/messages/{message}".into() }),
            ("POST", ["channels", parent, "messages", starter, "threads"]) => {
                self.thread(true, answer, parent.parse().ok(), starter.parse().ok());
                None
            }
            ("POST", ["channels", parent, "threads"]) => {
                self.thread(true, answer, parent.parse().ok(), None);
                None
            }
            ("PATCH", ["channels", c]) => {
                if self.w.channels.get(&c.parse::<u64>().unwrap_or(0)).is_some_and(|c| c.is_thread()) {
                    let parent = id_of(&answer["parent_id"]);
                    self.thread(false, answer, parent, None);
                }
                None
            }
            ("POST", ["interactions", id, _, "callback"]) => {
                let id: u64 = id.parse().unwrap_or(0);
                self.flush_actions(id);
                self.action(id);
                let original = self.w.interactions.get(&id).and_then(|i| i.original);
                let via = |k: u64| format!("interaction callback {k}");
                match (body["type"].as_u64().unwrap_or(0), original) {
                    (k @ (4 | 7), Some(m)) => Some(Touch::Write {
                        message: m,
                        body: &body["data"],
                        answer: None,
                        allowed: body["data"].get("allowed_mentions"),
                        via: via(k),
                    }),
                    (5, Some(m)) => Some(Touch::Loading { message: m, via: via(5) }),
                    (9, _) => {
                        let i = self.w.interactions.get(&id);
                        let (user, channel) = i.map_or((0, 0), |i| (i.user, i.channel));
                        self.events.push(Event::Modal { user, channel, data: body["data"].clone() });
                        None
                    }
                    _ => None,
                }
            }
            ("POST", ["webhooks", _, _]) => id_of(&answer["id"]).map(|m| Touch::Write {
                message: m,
                body,
                answer: message_answer,
                allowed: body.get("allowed_mentions"),
                via: "POST /webhooks/{application}/{token} (follow-up)".into(),
            }),
            ("PATCH", ["webhooks", _, _, "messages", target]) => id_of(&answer["id"]).map(|m| Touch::Write {
                message: m,
                body,
                answer: message_answer,
                allowed: body.get("allowed_mentions"),
                via: format!("PATCH /webhooks/{{application}}/{{token}}/messages/{target}"),
            }),
            ("DELETE", ["webhooks", _, token, "messages", target]) => {
                let original = self.w.interactions.values().find(|i| i.token == *token).and_then(|i| i.original);
                let m = if *target == "@original" { original } else { target.parse().ok() };
                m.map(|m| Touch::Delete {
                    message: m,
                    via: format!("DELETE /webhooks/{{application}}/{{token}}/messages/{target}"),
                })
            }
            _ => None,
        };
        if let Some(touch) = touch {
            self.touch(touch);
        }
    }

    fn thread(&mut self, create: bool, answer: &Value, parent: Option<u64>, starter: Option<u64>) {
        let Some(channel) = id_of(&answer["id"]) else {
            return;
        };
        self.events.push(Event::Thread {
            create,
            channel,
            parent,
            name: text(&answer["name"]),
            starter,
            archived: answer["thread_metadata"]["archived"].as_bool().unwrap_or(false),
            locked: answer["thread_metadata"]["locked"].as_bool().unwrap_or(false),
        });
    }

    fn touch(&mut self, touch: Touch<'_>) {
        let w = self.w;
        let message = match &touch {
            Touch::Write { message, .. } | Touch::Loading { message, .. } | Touch::Delete { message, .. } => *message,
        };
        let Some(rec) = w.messages.get(&message) else {
            return;
        };
        let known = self.states.get(&message).cloned();
        if known.is_none() {
            // Interactions sent before this message was made came before it.
            self.flush_actions(message);
        }
        let ephemeral_to = match rec.visibility {
            Visibility::Public => None,
            Visibility::EphemeralTo(u) => Some(u),
        };
        let interaction = rec.interaction.as_ref().map(|i| {
            let name = self.command_names.get(&i.id).cloned().unwrap_or_else(|| i.name.clone());
            (i.user, i.kind, name)
        });
        let mut event = MessageEvent {
            change: Change::Create,
            message,
            channel: rec.channel,
            ephemeral_to,
            author: rec.author,
            interaction,
            version: 0,
            state: State::default(),
            changed: Vec::new(),
            mentions: Vec::new(),
            pings: Vec::new(),
            mention_everyone: false,
            via: String::new(),
        };
        let (before_version, before) = match &known {
            Some((v, s)) => (Some(*v), s.clone()),
            None => (None, State::default()),
        };
        let version = before_version.map_or(0, |v| v + 1);
        match touch {
            Touch::Delete { via, .. } => {
                event.change = Change::Delete;
                event.version = before_version.unwrap_or(0);
                event.state = before;
                event.via = via;
                self.events.push(Event::Message(Box::new(event)));
                return;
            }
            Touch::Loading { via, .. } => {
                event.state =
                    State { flags: LOADING | if ephemeral_to.is_some() { EPHEMERAL } else { 0 }, ..State::default() };
                event.via = via;
            }
            Touch::Write { body, answer, allowed, via, .. } => {
                let mut state = before.apply(body);
                if known.is_none() {
                    state.flags = body["flags"].as_u64().unwrap_or(0);
                    if ephemeral_to.is_some() {
                        state.flags |= EPHEMERAL;
                    }
                } else {
                    state.flags &= !LOADING;
                }
                if let Some(a) = answer {
                    state.take_message_object(a);
                }
                // The version as the double stored it: its files with their ids (a file of an
                // interaction callback has no id in the request; an edit's kept file, listed
                // by id, is the one stored).
                let snapshot = self.snapshots.get(&message).and_then(|s| s.iter().find(|m| m.edits == version));
                if let Some(snap) = snapshot {
                    let mut from_snapshot = State::from_rec(snap);
                    from_snapshot.attachments = state.attachments.clone();
                    from_snapshot.take_files(snap);
                    state = from_snapshot;
                }
                // A new public message (or a deferred one getting its content) notifies.
                let fresh = known.is_none() || before.flags & LOADING != 0;
                event.mentions = mentioned_users(&state.content);
                if fresh && ephemeral_to.is_none() {
                    let (p, everyone) = pings(&state.content, allowed);
                    event.pings = p;
                    event.mention_everyone = everyone;
                }
                event.state = state;
                event.via = via;
            }
        }
        if let Some(v) = before_version {
            event.change = Change::Edit;
            event.changed = event.state.changes_from(&before);
            if before.flags & LOADING != 0 {
                event.changed.push("loading");
            }
            event.version = v + 1;
        }
        self.states.insert(message, (event.version, event.state.clone()));
        self.versions.entry(message).or_default().push(self.events.len());
        self.events.push(Event::Message(Box::new(event)));
    }

    /// Gives each message's last version the files the double holds for it (the files of a
    /// public message's interaction callbacks are only known that way), and older versions
    /// that kept the same file (by name) its id.
    fn resolve_files(&mut self) {
        for (message, indexes) in &self.versions {
            let Some(rec) = self.w.messages.get(message) else {
                continue;
            };
            let Some(&last) = indexes.last() else {
                continue;
            };
            let Event::Message(e) = &mut self.events[last] else {
                continue;
            };
            if e.ephemeral_to.is_some() || e.state.attachments.len() != rec.attachments.len() {
                continue;
            }
            e.state.take_files(rec);
            // Back through the versions: a file unknown in one version is the file the next
            // version kept (rather than uploaded anew) under the same name.
            let mut next = e.state.attachments.clone();
            for &i in indexes.iter().rev().skip(1) {
                let Event::Message(e) = &mut self.events[i] else {
                    continue;
                };
                for a in e.state.attachments.iter_mut().filter(|a| a.id.is_none()) {
                    if let Some(n) = next.iter().find(|n| n.filename == a.filename && n.id.is_some() && !n.fresh) {
                        a.id = n.id;
                        a.size = a.size.or(n.size);
                        a.content_type = a.content_type.clone().or_else(|| n.content_type.clone());
                    }
                }
                next = e.state.attachments.clone();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::attachments::Upload;
    use crate::messages::{self, NewMessage};
    use crate::payloads;
    use crate::record::RequestRecord;

    /// Carries out a bot request on the world, logged as the REST layer logs it.
    fn logged(w: &mut World, method: &str, path: String, body: Value, file: Option<&[u8]>, edit: Option<u64>) -> u64 {
        w.uploads = file
            .map(|data| {
                vec![Upload {
                    field: "files[0]".into(),
                    filename: "board.png".into(),
                    content_type: Some("image/png".into()),
                    data: data.to_vec(),
                }]
            })
            .unwrap_or_default();
        let channel = *w.channels.keys().find(|c| !w.channels[c].is_thread()).expect("a channel");
        let id = match edit {
            Some(id) => {
                messages::edit(w, id, &mut body.clone(), &[], false).expect("accepted");
                id
            }
            None => messages::create(w, &mut body.clone(), &[], NewMessage::bot_post(w, channel)).expect("accepted"),
        };
        let response = payloads::parse(&payloads::message(w, &w.messages[&id]));
        w.requests.push(RequestRecord {
            method: method.into(),
            path,
            authorization: None,
            user_agent: None,
            content_type: None,
            status: 200,
            request: body,
            response,
        });
        id
    }

    #[test]
    fn files_pings_and_versions_of_a_public_message() {
        let mut w = World::new();
        let guild = w.add_guild("g");
        let channel = w.add_channel(guild, "duels").expect("a channel");
        let (alice, bob) = (w.add_user("Alice", false), w.add_user("Bob", false));
        let board = json!({ "title": "Board", "image": { "url": "attachment://board.png" } });
        let first = json!({
            "content": format!("<@{alice}> then <@{bob}>"),
            "embeds": [board],
            "attachments": [{ "id": 0, "filename": "board.png", "description": "the piste" }],
            "allowed_mentions": { "users": [bob.to_string()] },
        });
        let path = format!("/api/v10/channels/{channel}/messages");
        let id = logged(&mut w, "POST", path.clone(), first, Some(&[1, 2, 3]), None);
        let second = json!({ "content": "only words", "attachments": [{ "id": 0, "filename": "board.png" }] });
        logged(&mut w, "PATCH", format!("{path}/{id}"), second, Some(&[4, 5]), Some(id));
        let third = json!({ "components": [] });
        logged(&mut w, "PATCH", format!("{path}/{id}"), third, None, Some(id));

        let t = Transcript::build(&w);
        let doc = t.view(Viewer::Spectator, &json!({}));
        let e = doc["entries"].as_array().expect("entries");
        assert_eq!(e.len(), 3, "{doc:#}");
        assert_eq!(e[0]["event"], "create");
        assert_eq!(e[0]["mentions"], json!([alice.to_string(), bob.to_string()]));
        assert_eq!(e[0]["pings"], json!([bob.to_string()]), "allowed_mentions lets only Bob through");
        assert_eq!(e[0]["attachments"][0]["description"], "the piste");
        let first =
            e[0]["attachments"][0]["file"].as_str().expect("the first picture is kept, replaced since").to_owned();
        assert_eq!(e[1]["event"], "edit");
        assert_eq!(e[1]["pings"], json!([]), "an edit never pings");
        assert_eq!(e[1]["changed"], json!(["content", "attachments"]));
        let file = e[1]["attachments"][0]["file"].as_str().expect("the second picture is kept").to_owned();
        assert_eq!(e[2]["changed"], json!([]));
        assert_eq!(e[2]["attachments"][0]["file"].as_str(), Some(file.as_str()), "kept by the last edit");
        assert_ne!(first, file);

        let dir = std::env::temp_dir().join(format!("transcript-test-{}", std::process::id()));
        let written = t.write(&dir, &json!({ "test": "unit" })).expect("written");
        assert_eq!(written, [dir.join("spectator.json")], "nobody acted: a spectator only");
        assert_eq!(std::fs::read(dir.join(&file)).expect("the file"), [4, 5]);
        assert_eq!(std::fs::read(dir.join(&first)).expect("the replaced file"), [1, 2, 3]);
        assert_eq!(t.missing_files(), Vec::<String>::new());
        let _ = std::fs::remove_dir_all(&dir);

        // Without recording, the replaced picture's bytes are nowhere: the check names it.
        let mut w2 = World::new();
        let guild = w2.add_guild("g");
        w2.add_channel(guild, "duels").expect("a channel");
        w2.recording = false;
        let first = json!({ "attachments": [{ "id": 0, "filename": "board.png" }] });
        let id = logged(&mut w2, "POST", path.clone(), first, Some(&[1, 2, 3]), None);
        let second = json!({ "attachments": [{ "id": 0, "filename": "board.png" }] });
        logged(&mut w2, "PATCH", format!("{path}/{id}"), second, Some(&[4, 5]), Some(id));
        let missing = Transcript::build(&w2).missing_files();
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert!(
            missing[0].contains(&format!("message {id} version 0")) && missing[0].contains("board.png"),
            "{missing:?}"
        );
    }
}
