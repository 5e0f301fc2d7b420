//! Interactions: building INTERACTION_CREATE payloads, and the bot's side of the
//! conversation (callbacks, `@original` edits, follow-ups).

use std::fmt::{self, Write as _};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::Method;
use serde_json::{json, Value};

use crate::autocomplete;
use crate::ids::{random_hex, ChannelId, MessageId, UserId};
use crate::json::{self, Obj};
use crate::messages::{self, flags, NewMessage};
use crate::payloads;
use crate::record::{self, InteractionResponseRecord, RecordedMessage};
use crate::rest::{ApiError, ApiResult, Ok2};
use crate::world::{InteractionState, MessageInteractionRef, MessageRec, Visibility, World};
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
    /// Fewer values than the select's `min_values` or more than its `max_values` (default
    /// 1 each): Discord's client would not send them.
    WrongValueCount {
        /// The select menu.
        custom_id: String,
        /// How many values were picked.
        picked: usize,
    },
    /// An autocomplete without exactly one `focused` option, or whose focused option is not
    /// registered with `autocomplete: true`: Discord's client would not send it.
    NotAutocompleted(String),
    /// The command is registered, but not for this context: Discord does not offer a
    /// server-only command (`contexts` without 1, `dm_permission: false`, or a guild
    /// command) in a DM with the bot, nor a DM-only one in a server.
    NotInThisContext(String),
    /// The same value picked twice in one select: Discord's client picks an option or not.
    RepeatedValue {
        /// The select menu.
        custom_id: String,
        /// The value picked twice.
        value: String,
    },
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
            let i = with_token(w, token)?;
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
    /// A slash command; `forged` skips the check that Discord offers it in this context
    /// (a modified client, or a test of the bot's own refusal).
    Command { name: String, options: Value, forged: bool },
    /// The user typing in an option registered with `autocomplete: true` (the one marked
    /// `focused` in `options`).
    Autocomplete { name: String, options: Value },
    /// A click on a component; `forged` skips the checks a real client would pass (that the
    /// user can see the message and that the component is on it), to test tampered input.
    Component { message: u64, custom_id: String, values: Option<Vec<String>>, forged: bool },
}

/// What every interaction token starts with (then the interaction id, `:` and a secret).
const TOKEN_PREFIX: &str = "aW50ZXJhY3Rpb246";

/// The interaction a token belongs to.
fn with_token<'w>(w: &'w World, token: &str) -> Option<&'w InteractionState> {
    let (id, _) = token.strip_prefix(TOKEN_PREFIX)?.split_once(':')?;
    w.interactions.get(&id.parse().ok()?).filter(|i| i.token == token)
}

/// Checks the action is possible, registers the interaction and sends INTERACTION_CREATE
/// to the bot. Returns the interaction id.
pub(crate) fn create(
    w: &mut World,
    user: u64,
    guild: Option<u64>,
    channel: u64,
    action: &Action,
    strict_commands: bool,
) -> Result<u64, InteractionError> {
    check_actor(w, user, guild, channel)?;
    let id = w.next_id();
    let token = new_token(id);
    let (kind, name, data, component_message) = match action {
        Action::Command { name, options, forged } => {
            if !forged {
                check_context(w, guild, name)?;
            }
            let (cmd_id, cmd_guild) = match find_command(w, guild, name) {
                Some(command) => command,
                None if strict_commands && !forged => return Err(InteractionError::UnknownCommand(name.clone())),
                None => (w.next_id(), None),
            };
            (2u8, name, command_data(w, guild, name, options, cmd_id, cmd_guild), None)
        }
        Action::Autocomplete { name, options } => {
            check_context(w, guild, name)?;
            let Some(path) = autocomplete::focused_path(options) else {
                return Err(InteractionError::NotAutocompleted(format!("/{name}: no single focused option")));
            };
            let (cmd_id, cmd_guild) = match find_command(w, guild, name) {
                Some(command) => command,
                None if strict_commands => return Err(InteractionError::UnknownCommand(name.clone())),
                None => (w.next_id(), None),
            };
            if let Some(schema) = registered(w, cmd_guild, cmd_id) {
                if !autocomplete::registered_with_autocomplete(schema, &path) {
                    return Err(InteractionError::NotAutocompleted(format!("/{name} {}", path.join(" "))));
                }
            }
            (4u8, name, command_data(w, guild, name, options, cmd_id, cmd_guild), None)
        }
        Action::Component { message, custom_id, values, forged } => {
            let data = component_data(w, user, channel, *message, custom_id, values.as_deref(), *forged)?;
            (3u8, custom_id, data, Some(*message))
        }
    };
    let new = NewInteraction { id, token: &token, kind, user, guild, channel, data: &data, message: component_message };
    let dispatched_at = send(w, &new);
    w.interactions.insert(
        id,
        InteractionState {
            id,
            token,
            kind,
            name: name.clone(),
            user,
            guild,
            channel,
            dispatched_at,
            clock_moved_at_dispatch: w.clock_moved,
            callback: None,
            original: None,
            component_message,
            settled: false,
            followups: Vec::new(),
        },
    );
    Ok(id)
}

/// A fresh token for interaction `id`.
fn new_token(id: u64) -> String {
    let mut token = String::with_capacity(TOKEN_PREFIX.len() + 20 + 65);
    let _ = write!(token, "{TOKEN_PREFIX}{id}:");
    token.push_str(&random_hex(64));
    token
}

/// Sends the INTERACTION_CREATE; returns when it was sent.
fn send(w: &mut World, i: &NewInteraction<'_>) -> Instant {
    // Written in a buffer kept for the next interaction, as the frame copies it anyway.
    let mut payload = std::mem::take(&mut w.payload_buffer);
    payload.clear();
    write_interaction(w, i, &mut payload);
    let sent = Instant::now();
    if w.gateway.dispatch("INTERACTION_CREATE", &payload, 0, i.guild) == 0 {
        w.undelivered_interactions.push(i.id);
    }
    w.payload_buffer = payload;
    sent
}

/// Checks that `user` exists and can act in `channel` (of `guild`, or a DM if `None`).
fn check_actor(w: &World, user: u64, guild: Option<u64>, channel: u64) -> Result<(), InteractionError> {
    if !w.users.contains_key(&user) {
        return Err(InteractionError::UnknownUser(user));
    }
    let Some(chan) = w.channels.get(&channel) else {
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
    Ok(())
}

/// The `data` of a slash command interaction (JSON text).
fn command_data(
    w: &World,
    guild: Option<u64>,
    name: &str,
    options: &Value,
    cmd_id: u64,
    cmd_guild: Option<u64>,
) -> String {
    let options = normalize_options(options);
    let mut data = String::with_capacity(256);
    let mut o = Obj::new(&mut data);
    o.sf("id", cmd_id)
        .val("name", name)
        .members(r#""type":1"#)
        .val("options", &options)
        .with("resolved", |out| write_resolved(w, guild, &options, out));
    if let Some(g) = cmd_guild {
        o.sf("guild_id", g);
    }
    o.close();
    data
}

/// Checks that `user` can click `custom_id` (or pick `values` in it) on `message`, and
/// returns the interaction's `data` (JSON text). A `forged` action skips what a real client
/// would check (that the user can see the message and that the component is on it).
fn component_data(
    w: &World,
    user: u64,
    channel: u64,
    message: u64,
    custom_id: &str,
    values: Option<&[String]>,
    forged: bool,
) -> Result<String, InteractionError> {
    let visible = |m: &MessageRec| match m.visibility {
        Visibility::Public => true,
        Visibility::EphemeralTo(u) => forged || u == user,
    };
    let Some(msg) = w.messages.get(&message).filter(|m| m.channel == channel && !m.deleted && visible(m)) else {
        return Err(InteractionError::UnknownMessage(message));
    };
    let wanted_type: u8 = if values.is_some() { 3 } else { 2 };
    let component = record::components(&msg.components)
        .find(|c| c["custom_id"].as_str() == Some(custom_id) && c["type"] == wanted_type);
    match component {
        Some(c) => check_component(c, custom_id, values, forged)?,
        None if !forged => return Err(InteractionError::NoSuchComponent(custom_id.to_string())),
        // A forged component offers exactly the forged values.
        None => {}
    }
    let mut data = String::with_capacity(128);
    let mut o = Obj::new(&mut data);
    o.val("custom_id", custom_id).val("component_type", &wanted_type);
    if let Some(values) = values {
        o.val("values", values);
    }
    o.close();
    Ok(data)
}

/// Checks the component can be used: not disabled, offering every value picked, and (as
/// Discord's client does, so not for a `forged` pick) as many values as it asks for, each
/// once.
fn check_component(
    component: &Value,
    custom_id: &str,
    values: Option<&[String]>,
    forged: bool,
) -> Result<(), InteractionError> {
    if component["disabled"].as_bool() == Some(true) {
        return Err(InteractionError::ComponentDisabled(custom_id.to_string()));
    }
    if let Some(values) = values.filter(|_| !forged) {
        let min = component["min_values"].as_u64().unwrap_or(1);
        let max = component["max_values"].as_u64().unwrap_or(1);
        if !(min..=max).contains(&(values.len() as u64)) {
            return Err(InteractionError::WrongValueCount { custom_id: custom_id.to_string(), picked: values.len() });
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(value) = values.iter().find(|v| !seen.insert(v.as_str())) {
            return Err(InteractionError::RepeatedValue { custom_id: custom_id.to_string(), value: value.clone() });
        }
    }
    let offered = component["options"].as_array().map_or(&[][..], Vec::as_slice);
    let is_offered = |v: &String| offered.iter().any(|o| o["value"].as_str() == Some(v.as_str()));
    match values.into_iter().flatten().find(|v| !is_offered(v)) {
        Some(bad) => Err(InteractionError::NoSuchComponent(format!("{custom_id} (option {bad})"))),
        None => Ok(()),
    }
}

/// What an INTERACTION_CREATE payload is made of.
struct NewInteraction<'a> {
    id: u64,
    token: &'a str,
    kind: u8,
    user: u64,
    guild: Option<u64>,
    channel: u64,
    /// The interaction's `data` (JSON text).
    data: &'a str,
    /// For components: the message clicked.
    message: Option<u64>,
}

/// Appends the INTERACTION_CREATE payload, written in one go from the world's
/// pre-serialised parts (users, the clicked message).
fn write_interaction(w: &World, i: &NewInteraction<'_>, out: &mut String) {
    let message = i.message.and_then(|m| w.messages.get(&m));
    let mut o = Obj::new(out);
    o.sf("id", i.id).sf("application_id", w.application_id).val("type", &i.kind).raw("data", i.data);
    o.sf("channel_id", i.channel);
    if let Some(c) = w.channels.get(&i.channel) {
        o.with("channel", |out| payloads::write_partial_channel(w, c, out));
    }
    let locale = w.users.get(&i.user).map_or("en-US", |u| u.locale.as_str());
    let guild_locale = i.guild.and_then(|g| w.guilds.get(&g)).map_or("en-US", |g| g.preferred_locale.as_str());
    o.val("token", i.token)
        .members(r#""version":1"#)
        .val("locale", locale)
        .sf("app_permissions", app_permissions(w, i.guild))
        .members(r#""entitlements":[],"attachment_size_limit":10485760"#);
    match i.guild {
        Some(g) => {
            o.sf("guild_id", g)
                .with("guild", |out| {
                    let mut guild = Obj::new(out);
                    guild.sf("id", g).val("locale", guild_locale).members(r#""features":[]"#);
                    guild.close();
                })
                .val("guild_locale", guild_locale)
                .with("member", |out| payloads::write_member(w, g, i.user, true, true, out))
                .members(r#""context":0"#)
                .with("authorizing_integration_owners", |out| {
                    let mut owners = Obj::new(out);
                    owners.sf("0", g);
                    owners.close();
                });
        }
        None => {
            o.with("user", |out| payloads::write_user(w, i.user, out))
                .members(r#""context":1,"authorizing_integration_owners":{"0":"0"}"#);
        }
    }
    if let Some(m) = message {
        o.with("message", |out| {
            payloads::write_message(w, m, out);
            if let Some(g) = m.guild {
                let mut message = Obj::reopen(out);
                message.sf("guild_id", g);
                message.close();
            }
        });
    }
    o.close();
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
            (c["name"].as_str() == Some(name) && c["type"].as_u64().unwrap_or(1) == 1)
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

/// Interaction contexts (`contexts` of a command, `context` of an interaction).
mod context {
    pub const GUILD: u64 = 0;
    pub const BOT_DM: u64 = 1;
}

/// Whether the registered chat-input command `c` may be used in `ctx`: its `contexts` name
/// it (or, without `contexts`, the older `dm_permission` allows DMs; it defaults to true).
fn allows(c: &Value, ctx: u64) -> bool {
    match c["contexts"].as_array() {
        Some(list) => list.iter().any(|x| x.as_u64() == Some(ctx)),
        None => ctx != context::BOT_DM || c["dm_permission"].as_bool() != Some(false),
    }
}

/// Checks that Discord would offer the chat-input command `name` where the user is: in a
/// guild, a command of that guild or a global one allowing the guild context; in a DM with
/// the bot, a global command allowing the bot-DM context (guild commands never show in
/// DMs). A command registered nowhere is left to the strict-commands check.
fn check_context(w: &World, guild: Option<u64>, name: &str) -> Result<(), InteractionError> {
    let named = |scope: Option<u64>| -> Vec<&Value> {
        w.commands.get(&scope).into_iter().flatten().filter(|c| is_chat_input(c, name)).collect()
    };
    let offered = match guild {
        Some(g) => {
            let candidates: Vec<&Value> = named(Some(g)).into_iter().chain(named(None)).collect();
            if candidates.is_empty() {
                return Ok(());
            }
            candidates.iter().any(|c| allows(c, context::GUILD))
        }
        None => {
            let global = named(None);
            if global.is_empty() && !w.commands.iter().any(|(_, list)| list.iter().any(|c| is_chat_input(c, name))) {
                return Ok(());
            }
            global.iter().any(|c| allows(c, context::BOT_DM))
        }
    };
    if offered {
        Ok(())
    } else {
        let place = if guild.is_some() { "a server" } else { "a DM with the bot" };
        Err(InteractionError::NotInThisContext(format!("/{name} is not offered in {place}")))
    }
}

fn is_chat_input(c: &Value, name: &str) -> bool {
    c["name"].as_str() == Some(name) && c["type"].as_u64().unwrap_or(1) == 1
}

/// The registered command with this id (in `guild`'s commands, or the global ones).
fn registered(w: &World, guild: Option<u64>, id: u64) -> Option<&Value> {
    let id = id.to_string();
    w.commands.get(&guild)?.iter().find(|c| c["id"].as_str() == Some(id.as_str()))
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

/// The snowflake options' `(type, id)`, depth first.
fn snowflake_options(list: &Value, out: &mut Vec<(u64, u64)>) {
    for o in list.as_array().into_iter().flatten() {
        if let (Some(t @ 6..=9), Some(v)) = (o["type"].as_u64(), o["value"].as_str()) {
            if let Ok(id) = v.parse() {
                out.push((t, id));
            }
        }
        snowflake_options(&o["options"], out);
    }
}

/// Appends `data.resolved` for the snowflake options: the users, members, channels and
/// roles they name (each once, in the order first named; empty maps left out).
fn write_resolved(w: &World, guild: Option<u64>, options: &Value, out: &mut String) {
    let mut found = Vec::new();
    snowflake_options(options, &mut found);
    let (mut users, mut members, mut channels, mut roles) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let note = |list: &mut Vec<u64>, id: u64| {
        if !list.contains(&id) {
            list.push(id);
        }
    };
    for (t, id) in found {
        if matches!(t, 6 | 9) && w.users.contains_key(&id) {
            note(&mut users, id);
            if guild.is_some_and(|g| w.guilds[&g].members.contains_key(&id)) {
                note(&mut members, id);
            }
        }
        if t == 7 && w.channels.contains_key(&id) {
            note(&mut channels, id);
        }
        if matches!(t, 8 | 9) && guild == Some(id) {
            note(&mut roles, id);
        }
    }
    let mut o = Obj::new(out);
    resolved_map(&mut o, "users", &users, |out, id| payloads::write_user(w, id, out));
    if let Some(g) = guild {
        resolved_map(&mut o, "members", &members, |out, id| payloads::write_member(w, g, id, false, true, out));
    }
    resolved_map(&mut o, "channels", &channels, |out, id| payloads::write_partial_channel(w, &w.channels[&id], out));
    resolved_map(&mut o, "roles", &roles, |out, id| json::push(out, &payloads::everyone_role(&w.guilds[&id])));
    o.close();
}

/// A member `key` mapping each id (as a string) to its object, unless there are none.
fn resolved_map(o: &mut Obj<'_>, key: &str, ids: &[u64], write: impl Fn(&mut String, u64)) {
    if ids.is_empty() {
        return;
    }
    o.with(key, |out| {
        let mut map = Obj::new(out);
        for &id in ids {
            map.with(&id.to_string(), |out| write(out, id));
        }
        map.close();
    });
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

/// `POST /interactions/{id}/{token}/callback`. An accepted callback's `data` moves out of
/// `body` into the interaction's state.
pub(crate) fn callback(w: &mut World, id: u64, token: &str, body: &mut Value) -> ApiResult {
    let i = unanswered(w, id, token)?;
    let (channel, dispatched_at, interaction) = (i.channel, i.dispatched_at, interaction_ref(i));
    let user = interaction.user;
    let kind = body["type"].as_u64().unwrap_or(0);
    let (original, settled) = respond(w, kind, &body["data"], channel, interaction)?;
    if let Some(m) = original.filter(|_| matches!(kind, 4 | 5)) {
        if let Some(r) = w.message_mut(m).and_then(|msg| msg.interaction.as_mut()) {
            r.original_response = Some(m);
        }
    }
    let now = Instant::now();
    let data = body.get_mut("data").map_or(Value::Null, Value::take);
    let recorded = w.recording.then(|| data.clone());
    if let Some(st) = w.interactions.get_mut(&id) {
        st.callback = Some((kind as u8, data, now));
        st.original = original;
        st.settled = settled;
    }
    if let Some(n) = w.interaction_notify.get(&id) {
        n.notify_waiters();
    }
    if let Some(data) = recorded {
        w.responses.push(InteractionResponseRecord {
            interaction_id: id,
            token: token.to_string(),
            kind: kind as u8,
            data,
            latency: now - dispatched_at,
            user: UserId(user),
        });
    }
    Ok(Ok2::NoContent)
}

/// The interaction `id`, if `token` is its token and it can still be answered.
fn unanswered<'w>(w: &'w World, id: u64, token: &str) -> Result<&'w InteractionState, ApiError> {
    let Some(i) = w.interactions.get(&id).filter(|i| i.token == token) else {
        return Err(ApiError::unknown_interaction());
    };
    if i.callback.is_some() {
        return Err(ApiError::already_acknowledged());
    }
    if i.dispatched_at.elapsed() > w.interaction_deadline {
        // Discord forgets interactions that were not answered within 3 seconds.
        return Err(ApiError::unknown_interaction());
    }
    Ok(i)
}

/// Carries out a callback of type `kind` with `data` for `interaction` (in `channel`).
/// Returns the message `@original` then refers to, and whether the response is complete.
fn respond(
    w: &mut World,
    kind: u64,
    data: &Value,
    channel: u64,
    interaction: MessageInteractionRef,
) -> Result<(Option<u64>, bool), ApiError> {
    let (interaction_kind, component_message) = (interaction.kind, interaction.interacted_message);
    let is_component = interaction_kind == 3;
    if (interaction_kind == 4) != (kind == 8) {
        // Autocomplete interactions take only autocomplete results, and only they do.
        return Err(ApiError::form(
            &["type"],
            "INTERACTION_RESPONSE_TYPE_INVALID",
            "Invalid interaction response type for this interaction",
        ));
    }
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & flags::EPHEMERAL != 0;
    let visibility = if ephemeral { Visibility::EphemeralTo(interaction.user) } else { Visibility::Public };
    let bot = w.bot_user;
    let new_message = |extra_flags, allow_empty| NewMessage {
        channel,
        author: bot,
        visibility,
        kind: if interaction_kind == 2 { 20 } else { 0 },
        interaction: Some(interaction),
        extra_flags,
        allow_empty,
    };
    // The request keeps `data` whole (the interaction's state takes it once accepted), so
    // the message gets a copy.
    match kind {
        4 => Ok((Some(messages::create(w, &mut data.clone(), &["data"], new_message(0, false))?), true)),
        5 => {
            if data["flags"].as_u64().is_some_and(crate::layout::is_v2) {
                // "Receiving and Responding": a deferred response takes only EPHEMERAL; a
                // layout message is made by editing the original response.
                return Err(ApiError::form(
                    &["data", "flags"],
                    "INTERACTION_RESPONSE_FLAGS_INVALID",
                    "A deferred response cannot carry IS_COMPONENTS_V2; set it when editing the original response.",
                ));
            }
            let m = messages::create(w, &mut json!({}), &["data"], new_message(flags::LOADING, true))?;
            Ok((Some(m), false))
        }
        6 if is_component => Ok((component_message, false)),
        7 if is_component => {
            let target = component_message.unwrap_or(0);
            messages::edit(w, target, &mut data.clone(), &["data"], false)?;
            Ok((Some(target), true))
        }
        8 => autocomplete::check_result(data).map(|()| (None, true)),
        9 if interaction_kind != 5 => check_modal(data).map(|()| (None, true)),
        _ => Err(ApiError::form(
            &["type"],
            "INTERACTION_RESPONSE_TYPE_INVALID",
            "Invalid interaction response type for this interaction",
        )),
    }
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

/// The acknowledged interaction a webhook token belongs to, while the token is valid (15
/// minutes after the interaction, by the double's clock): after that, 401 `Invalid Webhook
/// Token` (50027), as Discord answers; such answers count towards the invalid-request ban.
fn by_token<'w>(w: &'w World, token: &str) -> Result<&'w InteractionState, ApiError> {
    let i = with_token(w, token).filter(|i| i.callback.is_some()).ok_or_else(ApiError::unknown_webhook)?;
    let age = i.dispatched_at.elapsed() + w.clock_moved.saturating_sub(i.clock_moved_at_dispatch);
    if age >= w.interaction_token_lifetime {
        return Err(ApiError::invalid_webhook_token());
    }
    Ok(i)
}

fn message_json(w: &World, id: u64) -> ApiResult {
    match w.messages.get(&id).filter(|m| !m.deleted) {
        Some(m) => Ok(Ok2::Json(200, payloads::message(w, m))),
        None => Err(ApiError::unknown_message()),
    }
}

/// `POST /webhooks/{app}/{token}`: a follow-up message. The first follow-up after a deferred
/// message response (type 5) replaces the "thinking" message, like Discord.
pub(crate) fn followup(w: &mut World, token: &str, body: &mut Value) -> ApiResult {
    let i = by_token(w, token)?;
    let deferred_kind = i.callback.as_ref().map(|c| c.0);
    let interaction = i.id;
    if deferred_kind == Some(5) && !i.settled {
        let original = i.original.unwrap_or(0);
        messages::edit(w, original, body, &[], true)?;
        mark_settled(w, interaction);
        return message_json(w, original);
    }
    if let Some(c) = w.channels.get(&i.channel) {
        crate::rest::check_can_attach(w, c)?;
    }
    let ephemeral = body["flags"].as_u64().unwrap_or(0) & flags::EPHEMERAL != 0;
    let bot = w.bot_user;
    let mut r = interaction_ref(i);
    r.original_response = i.original;
    let new = NewMessage {
        channel: i.channel,
        author: bot,
        visibility: if ephemeral { Visibility::EphemeralTo(i.user) } else { Visibility::Public },
        kind: 0,
        interaction: Some(r),
        extra_flags: 0,
        allow_empty: false,
    };
    let id = messages::create(w, body, &[], new)?;
    if let Some(st) = w.interactions.get_mut(&interaction) {
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
pub(crate) fn webhook_message(
    w: &mut World,
    method: &Method,
    token: &str,
    target: &str,
    body: &mut Value,
) -> ApiResult {
    let i = by_token(w, token)?;
    let (interaction, original) = (i.id, i.original);
    let is_original = target == "@original";
    let id = if is_original {
        original.ok_or_else(ApiError::unknown_message)?
    } else {
        target
            .parse::<u64>()
            .ok()
            .filter(|m| Some(*m) == original || i.followups.contains(m))
            .ok_or_else(ApiError::unknown_message)?
    };
    match *method {
        Method::GET => message_json(w, id),
        Method::PATCH => {
            let channel = w.messages.get(&id).map(|m| m.channel);
            if let Some(c) = channel.and_then(|c| w.channels.get(&c)) {
                crate::rest::check_can_attach(w, c)?;
            }
            let loading = w.messages.get(&id).is_some_and(|m| m.flags & flags::LOADING != 0);
            messages::edit(w, id, body, &[], loading)?;
            if is_original || Some(id) == original {
                mark_settled(w, interaction);
            }
            message_json(w, id)
        }
        Method::DELETE => messages::delete(w, id).map(|()| Ok2::NoContent),
        _ => Err(ApiError::new(405, payloads::error_body(0, "405: Method Not Allowed"))),
    }
}

/// Builds the [`Reply`] for an answered interaction (the callback's data moves into it).
pub(crate) fn reply(shared: &Arc<Shared>, w: &mut World, id: u64) -> Option<Reply> {
    let i = w.interactions.get_mut(&id)?;
    let (kind, data, at) = i.callback.as_mut()?;
    let (kind, data, at) = (*kind, std::mem::take(data), *at);
    let i = &w.interactions[&id];
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_picks_as_many_values_as_a_select_asks_for_each_once() {
        let options: Vec<Value> =
            ["B2", "C2", "D2"].iter().map(|v| serde_json::json!({"label": v, "value": v})).collect();
        let select =
            serde_json::json!({"type": 3, "custom_id": "s", "min_values": 2, "max_values": 2, "options": options});
        let pick = |values: &[&str], forged: bool| {
            let values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            check_component(&select, "s", Some(&values), forged)
        };
        assert!(pick(&["B2", "D2"], false).is_ok());
        assert!(matches!(pick(&["B2"], false), Err(InteractionError::WrongValueCount { picked: 1, .. })));
        assert!(matches!(pick(&["B2", "C2", "D2"], false), Err(InteractionError::WrongValueCount { picked: 3, .. })));
        assert!(
            matches!(pick(&["C2", "C2"], false), Err(InteractionError::RepeatedValue { value, .. }) if value == "C2")
        );
        assert!(matches!(pick(&["B2", "H9"], false), Err(InteractionError::NoSuchComponent(_))));
        // A modified client may send anything the select offers, repeated or too few.
        assert!(pick(&["C2", "C2", "C2"], true).is_ok());
    }

    #[test]
    fn server_only_commands_are_not_offered_in_dms() {
        let mut w = World::new();
        let g = w.add_guild("Club");
        let cmd = |name: &str, extra: Value| {
            let mut c = json!({ "id": "1", "name": name, "type": 1, "contexts": null });
            for (k, v) in extra.as_object().into_iter().flatten() {
                c[k] = v.clone();
            }
            c
        };
        w.commands.insert(
            None,
            vec![
                cmd("anywhere", json!({})),
                cmd("server", json!({ "contexts": [0] })),
                cmd("legacy", json!({ "dm_permission": false })),
                cmd("dm", json!({ "contexts": [1] })),
            ],
        );
        w.commands.insert(Some(g), vec![cmd("dev", json!({}))]);
        for name in ["anywhere", "dm", "unregistered"] {
            assert_eq!(check_context(&w, None, name), Ok(()), "{name} in a DM");
        }
        for name in ["server", "legacy", "dev"] {
            assert!(matches!(check_context(&w, None, name), Err(InteractionError::NotInThisContext(_))), "{name}");
        }
        for name in ["anywhere", "server", "legacy", "dev", "unregistered"] {
            assert_eq!(check_context(&w, Some(g), name), Ok(()), "{name} in a server");
        }
        assert!(check_context(&w, Some(g), "dm").is_err(), "a DM-only command in a server");
    }
}
