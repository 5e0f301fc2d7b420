//! Interactions: building INTERACTION_CREATE payloads, and the bot's side of the
//! conversation (callbacks, `@original` edits, follow-ups).

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::Method;
use serde_json::{json, Map, Value};

use crate::ids::{random_hex, ChannelId, MessageId, UserId};
use crate::messages::{self, flags, NewMessage};
use crate::payloads::{self, sf};
use crate::record::{self, InteractionResponseRecord, RecordedMessage};
use crate::rest::{ApiError, ApiResult, Ok2};
use crate::world::{InteractionState, MessageInteractionRef, Visibility, World};
use crate::Shared;

/// Why a simulated user action could not be delivered or was not answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InteractionError {
    /// No bot session completed Identify/Resume within the timeout.
    NoGatewaySession,
    /// The command is not registered (globally or in the guild) — strict mode only.
    UnknownCommand(String),
    /// The user does not exist in the double.
    UnknownUser(u64),
    /// The guild does not exist.
    UnknownGuild(u64),
    /// The channel does not exist, or is not in that guild.
    UnknownChannel(u64),
    /// The user is not a member of the guild.
    NotAMember(u64),
    /// The message does not exist in that channel, or the user cannot see it.
    UnknownMessage(u64),
    /// The message has no component with that custom_id (of the right kind).
    NoSuchComponent(String),
    /// The component is disabled; Discord would not let the user click it.
    ComponentDisabled(String),
    /// The bot did not call back within the wait timeout.
    NoResponse {
        /// How long the double waited.
        waited: Duration,
    },
}

impl fmt::Display for InteractionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for InteractionError {}

/// The bot's answer to a simulated interaction.
///
/// For callback types 4, 5, 6 and 7 the `content`/`embeds`/`components`/`flags` are those of
/// the message the response produced or updated (for 5 that is the "thinking" placeholder;
/// use [`Reply::final_message`] to wait for the edit). For 9 (modal) they are the modal's
/// title and components; the raw callback `data` is always in [`Reply::data`].
#[derive(Clone)]
pub struct Reply {
    /// Interaction id.
    pub interaction_id: u64,
    /// Interaction token.
    pub token: String,
    /// The user who acted.
    pub user: UserId,
    /// Channel of the interaction.
    pub channel_id: ChannelId,
    /// Callback type: 4 message, 5 deferred message, 6 deferred update, 7 update, 8
    /// autocomplete result, 9 modal.
    pub kind: u8,
    /// Message content (see type docs).
    pub content: String,
    /// Embeds.
    pub embeds: Vec<Value>,
    /// Components (action rows).
    pub components: Vec<Value>,
    /// Message flags (64 ephemeral, 128 loading).
    pub flags: u64,
    /// Whether only the acting user sees the response.
    pub ephemeral: bool,
    /// Time between dispatching the interaction and receiving the callback.
    pub latency: Duration,
    /// The message created or updated by the response, if any.
    pub message_id: Option<MessageId>,
    /// The raw `data` of the callback.
    pub data: Value,
    pub(crate) shared: Arc<Shared>,
}

impl fmt::Debug for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reply")
            .field("interaction_id", &self.interaction_id)
            .field("kind", &self.kind)
            .field("content", &self.content)
            .field("embeds", &self.embeds)
            .field("components", &self.components)
            .field("flags", &self.flags)
            .field("ephemeral", &self.ephemeral)
            .field("latency", &self.latency)
            .field("message_id", &self.message_id)
            .finish_non_exhaustive()
    }
}

impl Reply {
    /// Buttons as `(label, custom_id)`.
    pub fn buttons(&self) -> Vec<(String, String)> {
        record::buttons_of(&self.components)
    }

    /// Select options as `(select custom_id, label, value)`.
    pub fn select_options(&self) -> Vec<(String, String, String)> {
        record::select_options_of(&self.components)
    }

    /// All human-readable text (content, embeds, labels), newline-joined.
    pub fn text(&self) -> String {
        record::message_texts(&self.content, &self.embeds, &self.components).join("\n")
    }

    /// The current state of the message `@original` refers to.
    pub fn message(&self) -> Option<RecordedMessage> {
        let w = self.shared.lock();
        let id = w.interactions.get(&self.interaction_id)?.original?;
        w.messages.get(&id).filter(|m| !m.deleted).map(RecordedMessage::from_rec)
    }

    /// Waits (up to 5 s) until a deferred response has been completed by an edit of
    /// `@original` or a follow-up, then returns the `@original` message. Returns at once for
    /// non-deferred responses.
    pub async fn final_message(&self) -> Option<RecordedMessage> {
        wait_settled(&self.shared, &self.token, Duration::from_secs(5)).await
    }

    /// Follow-up messages sent so far (excluding one that completed a deferred response).
    pub fn followups(&self) -> Vec<RecordedMessage> {
        let w = self.shared.lock();
        w.interactions
            .get(&self.interaction_id)
            .map(|i| i.followups.iter().filter_map(|id| w.messages.get(id)).map(RecordedMessage::from_rec).collect())
            .unwrap_or_default()
    }

    /// Waits (up to `timeout`) until at least `n` follow-ups were sent; returns them.
    pub async fn wait_followups(&self, n: usize, timeout: Duration) -> Vec<RecordedMessage> {
        let id = self.interaction_id;
        self.shared
            .wait_for(timeout, |w| {
                let i = w.interactions.get(&id)?;
                (i.followups.len() >= n).then_some(())
            })
            .await;
        self.followups()
    }
}

/// Waits until the interaction's response is settled; returns `@original`.
pub(crate) async fn wait_settled(shared: &Arc<Shared>, token: &str, timeout: Duration) -> Option<RecordedMessage> {
    shared
        .wait_for(timeout, |w| {
            let id = *w.interaction_by_token.get(token)?;
            let i = w.interactions.get(&id)?;
            if !i.settled {
                return None;
            }
            Some(i.original.and_then(|m| w.messages.get(&m)).filter(|m| !m.deleted).map(RecordedMessage::from_rec))
        })
        .await
        .flatten()
}

/// A user action to turn into an interaction.
#[derive(Clone, Debug)]
pub(crate) enum Action {
    Command {
        name: String,
        options: Value,
    },
    /// A click on a component; `forged` skips the checks a real client would pass (that the
    /// user can see the message and that the component is on it), to test tampered input.
    Component {
        message: u64,
        custom_id: String,
        values: Option<Vec<String>>,
        forged: bool,
    },
}

/// Checks the action is possible and builds the INTERACTION_CREATE payload, registering the
/// interaction. Returns `(interaction id, payload)`.
pub(crate) fn create(
    w: &mut World,
    user: u64,
    guild: Option<u64>,
    channel: u64,
    action: &Action,
    strict_commands: bool,
) -> Result<(u64, Value), InteractionError> {
    if !w.users.contains_key(&user) {
        return Err(InteractionError::UnknownUser(user));
    }
    let Some(chan) = w.channels.get(&channel).cloned() else {
        return Err(InteractionError::UnknownChannel(channel));
    };
    if let Some(g) = guild {
        let Some(gr) = w.guilds.get(&g) else {
            return Err(InteractionError::UnknownGuild(g));
        };
        if chan.guild != Some(g) {
            return Err(InteractionError::UnknownChannel(channel));
        }
        if !gr.members.contains_key(&user) {
            return Err(InteractionError::NotAMember(user));
        }
    } else if chan.guild.is_some() {
        return Err(InteractionError::UnknownChannel(channel));
    }

    let id = w.next_id();
    let token = format!("aW50ZXJhY3Rpb246{id}:{}", random_hex(64));
    let (kind, name, data, component_message, message_payload) = match action {
        Action::Command { name, options } => {
            let command = find_command(w, guild, name);
            if strict_commands && command.is_none() {
                return Err(InteractionError::UnknownCommand(name.clone()));
            }
            let (cmd_id, cmd_guild) = command.unwrap_or_else(|| (w.next_id(), None));
            let options = normalize_options(options);
            let mut data = json!({
                "id": sf(cmd_id),
                "name": name,
                "type": 1,
                "options": options,
                "resolved": resolved(w, guild, &options),
            });
            if let Some(g) = cmd_guild {
                data["guild_id"] = sf(g);
            }
            (2u8, name.clone(), data, None, None)
        }
        Action::Component { message, custom_id, values, forged } => {
            let Some(msg) = w
                .messages
                .get(message)
                .filter(|m| m.channel == channel && !m.deleted)
                .filter(|m| {
                    *forged
                        || match m.visibility {
                            Visibility::Public => true,
                            Visibility::EphemeralTo(u) => u == user,
                        }
                })
                .cloned()
            else {
                return Err(InteractionError::UnknownMessage(*message));
            };
            let wanted_type = if values.is_some() { 3 } else { 2 };
            let on_message = record::components_of(&msg.components)
                .into_iter()
                .find(|c| c["custom_id"].as_str() == Some(custom_id) && c["type"] == wanted_type);
            let component = match (on_message, forged) {
                (Some(c), _) => c,
                (None, true) => {
                    json!({ "type": wanted_type, "custom_id": custom_id, "options": values.iter().flatten().map(|v| json!({ "value": v })).collect::<Vec<_>>() })
                }
                (None, false) => return Err(InteractionError::NoSuchComponent(custom_id.clone())),
            };
            if component["disabled"].as_bool() == Some(true) {
                return Err(InteractionError::ComponentDisabled(custom_id.clone()));
            }
            let mut data = json!({ "custom_id": custom_id, "component_type": wanted_type });
            if let Some(values) = values {
                let allowed: Vec<&str> =
                    component["options"].as_array().into_iter().flatten().filter_map(|o| o["value"].as_str()).collect();
                if let Some(bad) = values.iter().find(|v| !allowed.contains(&v.as_str())) {
                    return Err(InteractionError::NoSuchComponent(format!("{custom_id} (option {bad})")));
                }
                data["values"] = json!(values);
            }
            let mut payload = payloads::message(w, &msg);
            if let Some(g) = msg.guild {
                payload["guild_id"] = sf(g);
            }
            (3u8, custom_id.clone(), data, Some(*message), Some(payload))
        }
    };

    let mut payload = json!({
        "id": sf(id),
        "application_id": sf(w.application_id),
        "type": kind,
        "data": data,
        "channel_id": sf(channel),
        "channel": payloads::partial_channel(w, &chan),
        "token": token,
        "version": 1,
        "locale": "en-US",
        "app_permissions": app_permissions(w, guild).to_string(),
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
    });
    let mut owners = Map::new();
    match guild {
        Some(g) => {
            payload["guild_id"] = sf(g);
            payload["guild"] = json!({ "id": sf(g), "locale": "en-US", "features": [] });
            payload["guild_locale"] = json!("en-US");
            payload["member"] = payloads::member(w, g, user, true, true);
            payload["context"] = json!(0);
            owners.insert("0".into(), sf(g));
        }
        None => {
            payload["user"] = payloads::user(w, user);
            payload["context"] = json!(1);
            owners.insert("0".into(), json!("0"));
        }
    }
    payload["authorizing_integration_owners"] = Value::Object(owners);
    if let Some(m) = message_payload {
        payload["message"] = m;
    }

    w.interactions.insert(
        id,
        InteractionState {
            id,
            token: token.clone(),
            kind,
            name,
            user,
            guild,
            channel,
            dispatched_at: Instant::now(),
            callback: None,
            original: None,
            component_message,
            settled: false,
            followups: Vec::new(),
        },
    );
    w.interaction_by_token.insert(token, id);
    Ok((id, payload))
}

fn app_permissions(w: &World, guild: Option<u64>) -> u64 {
    match guild {
        Some(g) => w.member_permissions(g, w.bot_user).unwrap_or(0),
        None => crate::world::perms::MEMBER_DEFAULT,
    }
}

/// The registered command with this name: `(command id, guild id if a guild command)`.
fn find_command(w: &World, guild: Option<u64>, name: &str) -> Option<(u64, Option<u64>)> {
    let lookup = |scope: Option<u64>| {
        w.commands.get(&scope)?.iter().find_map(|c| {
            (c["name"] == json!(name) && c["type"].as_u64().unwrap_or(1) == 1)
                .then(|| c["id"].as_str().and_then(|s| s.parse().ok()))
                .flatten()
        })
    };
    if let Some(g) = guild {
        if let Some(id) = lookup(Some(g)) {
            return Some((id, Some(g)));
        }
    }
    lookup(None).map(|id| (id, None))
}

/// Snowflake-valued options (user 6, channel 7, role 8, mentionable 9) carry string values.
fn normalize_options(options: &Value) -> Value {
    let mut options = match options {
        Value::Array(_) => options.clone(),
        _ => json!([]),
    };
    fn walk(list: &mut Value) {
        for o in list.as_array_mut().into_iter().flatten() {
            if matches!(o["type"].as_u64(), Some(6..=9)) {
                if let Some(n) = o["value"].as_u64() {
                    o["value"] = json!(n.to_string());
                }
            }
            if o.get("options").is_some() {
                walk(&mut o["options"]);
            }
        }
    }
    walk(&mut options);
    options
}

/// `data.resolved` for the snowflake options.
fn resolved(w: &World, guild: Option<u64>, options: &Value) -> Value {
    let mut users = Map::new();
    let mut members = Map::new();
    let mut channels = Map::new();
    let mut roles = Map::new();
    fn collect(list: &Value, out: &mut Vec<(u64, u64)>) {
        for o in list.as_array().into_iter().flatten() {
            if let (Some(t @ 6..=9), Some(v)) = (o["type"].as_u64(), o["value"].as_str()) {
                if let Ok(id) = v.parse() {
                    out.push((t, id));
                }
            }
            collect(&o["options"], out);
        }
    }
    let mut found = Vec::new();
    collect(options, &mut found);
    for (t, id) in found {
        if matches!(t, 6 | 9) && w.users.contains_key(&id) {
            users.insert(id.to_string(), payloads::user(w, id));
            if let Some(g) = guild.filter(|g| w.guilds[g].members.contains_key(&id)) {
                members.insert(id.to_string(), payloads::member(w, g, id, false, true));
            }
        }
        if t == 7 {
            if let Some(c) = w.channels.get(&id) {
                channels.insert(id.to_string(), payloads::partial_channel(w, c));
            }
        }
        if matches!(t, 8 | 9) && guild == Some(id) {
            let g = &w.guilds[&id];
            roles.insert(id.to_string(), payloads::partial_guild(g)["roles"][0].clone());
        }
    }
    let mut out = Map::new();
    for (k, m) in [("users", users), ("members", members), ("channels", channels), ("roles", roles)] {
        if !m.is_empty() {
            out.insert(k.into(), Value::Object(m));
        }
    }
    Value::Object(out)
}

fn interaction_ref(i: &InteractionState) -> MessageInteractionRef {
    MessageInteractionRef {
        id: i.id,
        kind: i.kind,
        name: i.name.clone(),
        user: i.user,
        guild: i.guild,
        interacted_message: i.component_message,
        original_response: None,
    }
}

/// `POST /interactions/{id}/{token}/callback`.
pub(crate) fn callback(w: &mut World, id: u64, token: &str, body: &Value) -> ApiResult {
    let Some(i) = w.interactions.get(&id).filter(|i| i.token == token).cloned() else {
        return Err(ApiError::unknown_interaction());
    };
    if i.callback.is_some() {
        return Err(ApiError::already_acknowledged());
    }
    if i.dispatched_at.elapsed() > w.interaction_deadline {
        // Discord forgets interactions that were not answered within 3 seconds.
        return Err(ApiError::unknown_interaction());
    }
    let kind = body["type"].as_u64().unwrap_or(0);
    let data = body["data"].clone();
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & flags::EPHEMERAL != 0;
    let visibility = if ephemeral { Visibility::EphemeralTo(i.user) } else { Visibility::Public };
    let is_component = i.kind == 3;
    let bot = w.bot_user;
    let new_message = |extra_flags, allow_empty| NewMessage {
        channel: i.channel,
        author: bot,
        visibility,
        kind: if i.kind == 2 { 20 } else { 0 },
        interaction: Some(interaction_ref(&i)),
        extra_flags,
        allow_empty,
    };
    let (original, settled) = match kind {
        4 => {
            let m = messages::create(w, &data, &["data"], new_message(0, false))?;
            (Some(m), true)
        }
        5 => {
            let m = messages::create(w, &json!({}), &["data"], new_message(flags::LOADING, true))?;
            (Some(m), false)
        }
        6 if is_component => (i.component_message, false),
        7 if is_component => {
            let target = i.component_message.unwrap_or(0);
            messages::edit(w, target, &data, &["data"], false)?;
            (Some(target), true)
        }
        9 if i.kind != 5 => {
            check_modal(&data)?;
            (None, true)
        }
        _ => {
            return Err(ApiError::form(
                &["type"],
                "INTERACTION_RESPONSE_TYPE_INVALID",
                "Invalid interaction response type for this interaction",
            ))
        }
    };
    if let Some(m) = original.filter(|_| matches!(kind, 4 | 5)) {
        if let Some(msg) = w.messages.get_mut(&m) {
            if let Some(r) = msg.interaction.as_mut() {
                r.original_response = Some(m);
            }
        }
    }
    let now = Instant::now();
    let latency = now - i.dispatched_at;
    if let Some(st) = w.interactions.get_mut(&id) {
        st.callback = Some((kind as u8, data.clone(), now));
        st.original = original;
        st.settled = settled;
    }
    if let Some(n) = w.interaction_notify.get(&id) {
        n.notify_waiters();
    }
    if w.recording {
        w.responses.push(InteractionResponseRecord {
            interaction_id: id,
            token: token.to_string(),
            kind: kind as u8,
            data,
            latency,
            user: UserId(i.user),
        });
    }
    Ok(Ok2::NoContent)
}

fn check_modal(data: &Value) -> Result<(), ApiError> {
    let mut errors = Vec::new();
    let title = data["title"].as_str().map(|t| t.chars().count());
    if !title.is_some_and(|n| (1..=45).contains(&n)) {
        errors.push(crate::limits::FieldError {
            path: vec!["data".into(), "title".into()],
            code: "BASE_TYPE_BAD_LENGTH",
            message: "Must be between 1 and 45 in length.".into(),
        });
    }
    let id = data["custom_id"].as_str().map(|t| t.chars().count());
    if !id.is_some_and(|n| (1..=100).contains(&n)) {
        errors.push(crate::limits::FieldError {
            path: vec!["data".into(), "custom_id".into()],
            code: "BASE_TYPE_BAD_LENGTH",
            message: "Must be between 1 and 100 in length.".into(),
        });
    }
    let rows = data["components"].as_array().map_or(0, Vec::len);
    if !(1..=5).contains(&rows) {
        errors.push(crate::limits::FieldError {
            path: vec!["data".into(), "components".into()],
            code: "BASE_TYPE_BAD_LENGTH",
            message: "Must be between 1 and 5 in length.".into(),
        });
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::new(400, crate::limits::invalid_form_body(&errors)))
    }
}

/// The acknowledged interaction a webhook token belongs to.
fn by_token(w: &World, token: &str) -> Result<InteractionState, ApiError> {
    w.interaction_by_token
        .get(token)
        .and_then(|id| w.interactions.get(id))
        .filter(|i| i.callback.is_some())
        .cloned()
        .ok_or_else(ApiError::unknown_webhook)
}

fn message_json(w: &World, id: u64) -> ApiResult {
    match w.messages.get(&id).filter(|m| !m.deleted) {
        Some(m) => Ok(Ok2::Json(200, payloads::message(w, m))),
        None => Err(ApiError::unknown_message()),
    }
}

/// `POST /webhooks/{app}/{token}`: a follow-up message. The first follow-up after a deferred
/// message response (type 5) replaces the "thinking" message, like Discord.
pub(crate) fn followup(w: &mut World, token: &str, body: &Value) -> ApiResult {
    let i = by_token(w, token)?;
    let deferred_kind = i.callback.as_ref().map(|c| c.0);
    if deferred_kind == Some(5) && !i.settled {
        let original = i.original.unwrap_or(0);
        messages::edit(w, original, body, &[], true)?;
        mark_settled(w, i.id);
        return message_json(w, original);
    }
    let ephemeral = body["flags"].as_u64().unwrap_or(0) & flags::EPHEMERAL != 0;
    let bot = w.bot_user;
    let mut r = interaction_ref(&i);
    r.original_response = i.original;
    let id = messages::create(
        w,
        body,
        &[],
        NewMessage {
            channel: i.channel,
            author: bot,
            visibility: if ephemeral { Visibility::EphemeralTo(i.user) } else { Visibility::Public },
            kind: 0,
            interaction: Some(r),
            extra_flags: 0,
            allow_empty: false,
        },
    )?;
    if let Some(st) = w.interactions.get_mut(&i.id) {
        st.followups.push(id);
        if deferred_kind == Some(6) {
            st.settled = true;
        }
    }
    message_json(w, id)
}

fn mark_settled(w: &mut World, id: u64) {
    if let Some(st) = w.interactions.get_mut(&id) {
        st.settled = true;
    }
}

/// `GET/PATCH/DELETE /webhooks/{app}/{token}/messages/{@original|id}`.
pub(crate) fn webhook_message(w: &mut World, method: &Method, token: &str, target: &str, body: &Value) -> ApiResult {
    let i = by_token(w, token)?;
    let is_original = target == "@original";
    let id = if is_original {
        i.original.ok_or_else(ApiError::unknown_message)?
    } else {
        target
            .parse::<u64>()
            .ok()
            .filter(|m| Some(*m) == i.original || i.followups.contains(m))
            .ok_or_else(ApiError::unknown_message)?
    };
    match *method {
        Method::GET => message_json(w, id),
        Method::PATCH => {
            let loading = w.messages.get(&id).is_some_and(|m| m.flags & flags::LOADING != 0);
            messages::edit(w, id, body, &[], loading)?;
            if is_original || Some(id) == i.original {
                mark_settled(w, i.id);
            }
            message_json(w, id)
        }
        Method::DELETE => messages::delete(w, id).map(|()| Ok2::NoContent),
        _ => Err(ApiError::new(405, payloads::error_body(0, "405: Method Not Allowed"))),
    }
}

/// Builds the [`Reply`] for an answered interaction.
pub(crate) fn reply(shared: &Arc<Shared>, w: &World, id: u64) -> Option<Reply> {
    let i = w.interactions.get(&id)?;
    let (kind, data, at) = i.callback.clone()?;
    let msg = i.original.and_then(|m| w.messages.get(&m));
    let (content, embeds, components, flags) = match (kind, msg) {
        (9, _) | (_, None) => (
            data["title"].as_str().unwrap_or_default().to_string(),
            Vec::new(),
            data["components"].as_array().cloned().unwrap_or_default(),
            0,
        ),
        (_, Some(m)) => (m.content.clone(), m.embeds.clone(), m.components.clone(), m.flags),
    };
    Some(Reply {
        interaction_id: id,
        token: i.token.clone(),
        user: UserId(i.user),
        channel_id: ChannelId(i.channel),
        kind,
        content,
        embeds,
        components,
        flags,
        ephemeral: flags & flags::EPHEMERAL != 0,
        latency: at - i.dispatched_at,
        message_id: msg.map(|m| MessageId(m.id)),
        data,
        shared: Arc::clone(shared),
    })
}
