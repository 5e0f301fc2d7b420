//! Creating and editing messages (shared by channel routes, interaction callbacks and
//! webhook follow-ups), with Discord's validation and gateway events.

use serde_json::{json, Value};

use crate::attachments;
use crate::gateway::intents;
use crate::ids::now_iso;
use crate::limits;
use crate::payloads;
use crate::rest::ApiError;
use crate::world::{MessageInteractionRef, MessageRec, Visibility, World};

/// Message flags.
pub(crate) mod flags {
    pub const SUPPRESS_EMBEDS: u64 = 1 << 2;
    pub const EPHEMERAL: u64 = 1 << 6;
    pub const LOADING: u64 = 1 << 7;
    pub const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
}

/// Validates the message fields of `body` (paths prefixed by `base`).
pub(crate) fn validate(body: &Value, base: &[&str]) -> Result<(), ApiError> {
    let base: Vec<String> = base.iter().map(|s| s.to_string()).collect();
    let errors = limits::check_message(body, &base);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::new(400, limits::invalid_form_body(&errors)))
    }
}

fn array_field(body: &Value, key: &str) -> Option<Vec<Value>> {
    match body.get(key) {
        None => None,
        Some(Value::Null) => Some(Vec::new()),
        Some(v) => Some(v.as_array().cloned().unwrap_or_default()),
    }
}

fn has_files(body: &Value) -> bool {
    body["attachments"].as_array().is_some_and(|a| !a.is_empty())
        || body.get("poll").is_some_and(|p| !p.is_null())
        || body["sticker_ids"].as_array().is_some_and(|a| !a.is_empty())
}

fn empty_message() -> ApiError {
    ApiError::new(400, payloads::error_body(50006, "Cannot send an empty message"))
}

/// Parameters for a new message.
pub(crate) struct NewMessage {
    pub channel: u64,
    pub author: u64,
    pub visibility: Visibility,
    pub kind: u8,
    pub interaction: Option<MessageInteractionRef>,
    /// Extra flags (e.g. LOADING for deferred responses).
    pub extra_flags: u64,
    /// Skip the "empty message" check (deferred responses start empty).
    pub allow_empty: bool,
}

/// Validates `body` and stores a new message; dispatches MESSAGE_CREATE for public ones.
pub(crate) fn create(w: &mut World, body: &Value, base: &[&str], p: NewMessage) -> Result<u64, ApiError> {
    validate(body, base)?;
    let content = body["content"].as_str().unwrap_or_default().to_string();
    let embeds = array_field(body, "embeds").unwrap_or_default();
    let components = array_field(body, "components").unwrap_or_default();
    if !p.allow_empty && content.is_empty() && embeds.is_empty() && components.is_empty() && !has_files(body) {
        return Err(empty_message());
    }
    let uploads = std::mem::take(&mut w.uploads);
    let attachments = attachments::resolve(body, &uploads, &[], || w.next_id())?.unwrap_or_default();
    let requested = body["flags"].as_u64().unwrap_or(0);
    let mut msg_flags = requested & (flags::SUPPRESS_EMBEDS | flags::SUPPRESS_NOTIFICATIONS);
    if matches!(p.visibility, Visibility::EphemeralTo(_)) {
        msg_flags |= flags::EPHEMERAL;
    }
    msg_flags |= p.extra_flags;
    let id = w.next_id();
    let guild = w.channel_guild(p.channel);
    let reference = body.get("message_reference").filter(|r| !r.is_null()).map(|r| {
        let mut r = r.clone();
        r["channel_id"] = payloads::sf(p.channel);
        if let Some(g) = guild {
            r["guild_id"] = payloads::sf(g);
        }
        r
    });
    let kind = if reference.is_some() && p.kind == 0 { 19 } else { p.kind };
    let msg = MessageRec {
        id,
        channel: p.channel,
        guild,
        author: p.author,
        content,
        embeds,
        components,
        flags: msg_flags,
        kind,
        timestamp: now_iso(),
        edited_timestamp: None,
        visibility: p.visibility,
        deleted: false,
        thread: None,
        interaction: p.interaction,
        message_reference: reference,
        edits: 0,
        attachments,
    };
    // Built only if some session will receive it (bots without message intents get nothing).
    let event = (msg.visibility == Visibility::Public && w.gateway.wants(message_intent(guild)))
        .then(|| payloads::message_event(w, &msg));
    w.insert_message(msg);
    if let Some(event) = event {
        dispatch_message_event(w, "MESSAGE_CREATE", guild, event);
    }
    Ok(id)
}

/// Validates `body` and applies it as an edit (fields absent from the body are kept).
/// `clear_loading` turns a deferred "thinking" message into a normal one.
pub(crate) fn edit(w: &mut World, id: u64, body: &Value, base: &[&str], clear_loading: bool) -> Result<(), ApiError> {
    validate(body, base)?;
    let Some(old) = w.messages.get(&id).filter(|m| !m.deleted).cloned() else {
        return Err(ApiError::unknown_message());
    };
    let mut m = old;
    let uploads = std::mem::take(&mut w.uploads);
    if let Some(kept) = attachments::resolve(body, &uploads, &m.attachments, || w.next_id())? {
        m.attachments = kept;
    }
    match body.get("content") {
        Some(Value::Null) => m.content.clear(),
        Some(v) => m.content = v.as_str().unwrap_or_default().to_string(),
        None => {}
    }
    if let Some(e) = array_field(body, "embeds") {
        m.embeds = e;
    }
    if let Some(c) = array_field(body, "components") {
        m.components = c;
    }
    if let Some(f) = body["flags"].as_u64() {
        // Only SUPPRESS_EMBEDS can be changed by an edit.
        m.flags = (m.flags & !flags::SUPPRESS_EMBEDS) | (f & flags::SUPPRESS_EMBEDS);
    }
    if clear_loading {
        m.flags &= !flags::LOADING;
    }
    if m.content.is_empty()
        && m.embeds.is_empty()
        && m.components.is_empty()
        && !has_files(body)
        && m.attachments.is_empty()
        && m.flags & flags::LOADING == 0
    {
        return Err(empty_message());
    }
    m.edited_timestamp = Some(now_iso());
    m.edits += 1;
    let guild = m.guild;
    let event = (m.visibility == Visibility::Public && w.gateway.wants(message_intent(guild)))
        .then(|| payloads::message_event(w, &m));
    w.log_message_text(&m);
    w.messages.insert(id, m);
    if let Some(event) = event {
        dispatch_message_event(w, "MESSAGE_UPDATE", guild, event);
    }
    Ok(())
}

/// Marks a message deleted; dispatches MESSAGE_DELETE for public ones.
pub(crate) fn delete(w: &mut World, id: u64) -> Result<(), ApiError> {
    let Some(m) = w.messages.get_mut(&id).filter(|m| !m.deleted) else {
        return Err(ApiError::unknown_message());
    };
    m.deleted = true;
    let (public, channel, guild) = (m.visibility == Visibility::Public, m.channel, m.guild);
    if public {
        let mut data = json!({ "id": payloads::sf(id), "channel_id": payloads::sf(channel) });
        if let Some(g) = guild {
            data["guild_id"] = payloads::sf(g);
        }
        dispatch_message_event(w, "MESSAGE_DELETE", guild, data);
    }
    Ok(())
}

/// The intent a session needs to receive message events from a guild channel or a DM.
fn message_intent(guild: Option<u64>) -> u64 {
    if guild.is_some() {
        intents::GUILD_MESSAGES
    } else {
        intents::DIRECT_MESSAGES
    }
}

fn dispatch_message_event(w: &mut World, event: &str, guild: Option<u64>, data: Value) {
    w.gateway.dispatch(event, &data, message_intent(guild));
}
