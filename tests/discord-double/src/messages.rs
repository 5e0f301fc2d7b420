//! Creating and editing messages (shared by channel routes, interaction callbacks and
//! webhook follow-ups), with Discord's validation and gateway events.

use serde_json::Value;

use crate::attachments::{self, AttachmentRec};
use crate::component_ids;
use crate::gateway::intents;
use crate::ids::now_iso;
use crate::json::Obj;
use crate::layout;
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
    pub const IS_COMPONENTS_V2: u64 = crate::layout::IS_COMPONENTS_V2;
}

/// Validates the message fields of `body` (paths prefixed by `base`), for a message that
/// will be a layout message (`v2`) or not.
pub(crate) fn validate(body: &Value, base: &[&str], v2: bool) -> Result<(), ApiError> {
    let errors = limits::check_message_as(body, base, v2);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::new(400, limits::invalid_form_body(&errors)))
    }
}

/// Whether the list `key` of `body` is missing, null, not a list, or empty.
fn no_items(body: &Value, key: &str) -> bool {
    body.get(key).and_then(Value::as_array).is_none_or(Vec::is_empty)
}

/// Moves the list `key` out of `body`: `None` if absent, empty if null or not a list.
fn take_list(body: &mut Value, key: &str) -> Option<Vec<Value>> {
    match body.get_mut(key)?.take() {
        Value::Array(list) => Some(list),
        _ => Some(Vec::new()),
    }
}

/// Moves the string `key` out of `body`: `None` if absent, empty if null or not a string.
fn take_text(body: &mut Value, key: &str) -> Option<String> {
    match body.get_mut(key)?.take() {
        Value::String(s) => Some(s),
        _ => Some(String::new()),
    }
}

/// Whether `body` carries a poll or stickers (which make a message without text).
fn has_poll_or_stickers(body: &Value) -> bool {
    body.get("poll").is_some_and(|p| !p.is_null()) || body["sticker_ids"].as_array().is_some_and(|a| !a.is_empty())
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

impl NewMessage {
    /// A message the bot posts in `channel` through the channel's route.
    pub(crate) fn bot_post(w: &World, channel: u64) -> NewMessage {
        NewMessage {
            channel,
            author: w.bot_user,
            visibility: Visibility::Public,
            kind: 0,
            interaction: None,
            extra_flags: 0,
            allow_empty: false,
        }
    }
}

/// Validates `body` and stores a new message; dispatches MESSAGE_CREATE for public ones.
/// Once the message is accepted, its content, embeds and components are moved out of `body`
/// (a refused body is left as it was).
pub(crate) fn create(w: &mut World, body: &mut Value, base: &[&str], p: NewMessage) -> Result<u64, ApiError> {
    let requested = body["flags"].as_u64().unwrap_or(0);
    validate(body, base, layout::is_v2(requested))?;
    let uploads = std::mem::take(&mut w.uploads);
    let attachments = attachments::resolve(body, base, &uploads, None, || w.ids.next())?.unwrap_or_default();
    let empty = body["content"].as_str().unwrap_or_default().is_empty()
        && no_items(body, "embeds")
        && no_items(body, "components")
        && attachments.is_empty()
        && !has_poll_or_stickers(body);
    if !p.allow_empty && empty {
        return Err(empty_message());
    }
    attachments::check_references(body["embeds"].as_array().map_or(&[], Vec::as_slice), &attachments, base)?;
    layout::check_references(body["components"].as_array().map_or(&[], Vec::as_slice), &attachments, base)?;
    let content = take_text(body, "content").unwrap_or_default();
    let embeds = take_list(body, "embeds").unwrap_or_default();
    let mut components = take_list(body, "components").unwrap_or_default();
    component_ids::assign(&mut components);
    layout::defaults(&mut components);
    if layout::is_v2(requested) {
        layout::answer_fields(&mut components, &attachments, p.channel, || w.ids.next());
    }
    let mut msg_flags = requested & (flags::SUPPRESS_EMBEDS | flags::SUPPRESS_NOTIFICATIONS | flags::IS_COMPONENTS_V2);
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
        json: payloads::MessageJson::default(),
    };
    // Built only if some session will receive it (bots without message intents get nothing).
    let event = (msg.visibility == Visibility::Public && w.gateway.wants(message_intent(guild)))
        .then(|| payloads::message_event(w, &msg));
    w.insert_message(msg);
    if let Some(event) = event {
        dispatch_message_event(w, "MESSAGE_CREATE", guild, &event);
    }
    Ok(id)
}

/// Validates `body` and applies it as an edit (fields absent from the body are kept).
/// `clear_loading` turns a deferred "thinking" message into a normal one. Once the edit is
/// accepted, the new content, embeds and components are moved out of `body` (a refused body
/// is left as it was).
pub(crate) fn edit(
    w: &mut World,
    id: u64,
    body: &mut Value,
    base: &[&str],
    clear_loading: bool,
) -> Result<(), ApiError> {
    let Some(old) = w.messages.get(&id).filter(|m| !m.deleted) else {
        validate(body, base, false)?;
        return Err(ApiError::unknown_message());
    };
    let mut msg_flags = old.flags;
    if let Some(f) = body["flags"].as_u64() {
        // Only SUPPRESS_EMBEDS can be changed by an edit, and IS_COMPONENTS_V2 set (never
        // removed).
        if layout::is_v2(old.flags) && !layout::is_v2(f) {
            return Err(ApiError::form(
                &[base, &["flags"]].concat(),
                "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                "The IS_COMPONENTS_V2 flag cannot be removed from a message.",
            ));
        }
        msg_flags = (msg_flags & !flags::SUPPRESS_EMBEDS) | (f & (flags::SUPPRESS_EMBEDS | flags::IS_COMPONENTS_V2));
    }
    let v2 = layout::is_v2(msg_flags);
    validate(body, base, v2)?;
    if v2 && !layout::is_v2(old.flags) {
        // Setting the flag: the message's content and embeds must be emptied by the edit.
        let kept = |key: &str, had: bool| had && body.get(key).is_none();
        for (key, had) in [("content", !old.content.is_empty()), ("embeds", !old.embeds.is_empty())] {
            if kept(key, had) {
                return Err(ApiError::form(
                    &[base, &[key]].concat(),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    &format!("Setting IS_COMPONENTS_V2 needs '{key}' reset to empty by the same edit."),
                ));
            }
        }
    }
    let uploads = std::mem::take(&mut w.uploads);
    let attachments = attachments::resolve(body, base, &uploads, Some(&old.attachments), || w.ids.next())?;
    if clear_loading {
        msg_flags &= !flags::LOADING;
    }
    let kept_attachments = attachments.as_deref().unwrap_or(&old.attachments);
    if edited_is_empty(old, body, kept_attachments) && msg_flags & flags::LOADING == 0 {
        return Err(empty_message());
    }
    // The embeds the message will show must name attachments it will have.
    let embeds = match body.get("embeds") {
        Some(e) => e.as_array().map_or(&[][..], Vec::as_slice),
        None => old.embeds.as_slice(),
    };
    attachments::check_references(embeds, kept_attachments, base)?;
    let mut components = take_components(body, base, kept_attachments)?;
    if let (true, Some(c)) = (v2, components.as_mut()) {
        let channel = old.channel;
        let kept = kept_attachments.to_vec();
        component_ids::assign(c);
        layout::answer_fields(c, &kept, channel, || w.ids.next());
    }
    let Some(m) = w.message_mut(id) else {
        return Err(ApiError::unknown_message());
    };
    if let Some(kept) = attachments {
        m.attachments = kept;
    }
    if let Some(c) = take_text(body, "content") {
        m.content = c;
    }
    if let Some(e) = take_list(body, "embeds") {
        m.embeds = e;
    }
    if let Some(mut c) = components {
        component_ids::assign(&mut c);
        layout::defaults(&mut c);
        m.components = c;
    }
    m.flags = msg_flags;
    m.edited_timestamp = Some(now_iso());
    m.edits += 1;
    let (public, guild) = (m.visibility == Visibility::Public, m.guild);
    let event =
        (public && w.gateway.wants(message_intent(guild))).then(|| payloads::message_event(w, &w.messages[&id]));
    w.log_message_text(id);
    if let Some(event) = event {
        dispatch_message_event(w, "MESSAGE_UPDATE", guild, &event);
    }
    Ok(())
}

/// Moves an edit's `components` out of `body` (`None` if it has none), once their
/// `attachment://` references are checked against the attachments the message will keep.
fn take_components(
    body: &mut Value,
    base: &[&str],
    attachments: &[AttachmentRec],
) -> Result<Option<Vec<Value>>, ApiError> {
    layout::check_references(body["components"].as_array().map_or(&[], Vec::as_slice), attachments, base)?;
    Ok(take_list(body, "components"))
}

/// Whether `old` edited by `body` would show nothing (no content, embed, component or file;
/// `attachments` are the files it would keep).
fn edited_is_empty(old: &MessageRec, body: &Value, attachments: &[AttachmentRec]) -> bool {
    // Whether the list `key` is empty after the edit (`was_empty`: before it).
    let empty_after = |key: &str, was_empty: bool| match body.get(key) {
        None => was_empty,
        Some(_) => no_items(body, key),
    };
    let content = body.get("content").map_or(old.content.as_str(), |c| c.as_str().unwrap_or_default());
    content.is_empty()
        && empty_after("embeds", old.embeds.is_empty())
        && empty_after("components", old.components.is_empty())
        && !has_poll_or_stickers(body)
        && attachments.is_empty()
}

/// Marks a message deleted; dispatches MESSAGE_DELETE for public ones.
pub(crate) fn delete(w: &mut World, id: u64) -> Result<(), ApiError> {
    let Some(m) = w.message_mut(id).filter(|m| !m.deleted) else {
        return Err(ApiError::unknown_message());
    };
    m.deleted = true;
    let (public, channel, guild) = (m.visibility == Visibility::Public, m.channel, m.guild);
    if public && w.recording {
        let gone = w.messages[&id].clone();
        w.public_snapshots.push(gone);
    }
    if public {
        let mut data = String::new();
        let mut o = Obj::new(&mut data);
        o.sf("id", id).sf("channel_id", channel);
        if let Some(g) = guild {
            o.sf("guild_id", g);
        }
        o.close();
        dispatch_message_event(w, "MESSAGE_DELETE", guild, &data);
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

fn dispatch_message_event(w: &mut World, event: &str, guild: Option<u64>, data: &str) {
    w.gateway.dispatch(event, data, message_intent(guild), guild);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::record::RecordedMessage;

    #[test]
    fn components_are_numbered_when_stored_and_edited() {
        let mut w = World::new();
        let guild = w.add_guild("g");
        let channel = w.add_channel(guild, "c").unwrap();
        let button = |id: &str| json!({ "type": 2, "style": 1, "label": id, "custom_id": id });
        let mut body =
            json!({ "content": "hi", "components": [{ "type": 1, "components": [button("a"), button("b")] }] });
        let post = NewMessage::bot_post(&w, channel);
        let id = create(&mut w, &mut body, &[], post).unwrap();
        let sent = payloads::parse(&payloads::message(&w, &w.messages[&id]));
        assert_eq!(sent["components"][0]["id"], 1);
        assert_eq!(sent["components"][0]["components"][1]["id"], 3);
        let recorded = RecordedMessage::from_rec(&w.messages[&id]);
        assert_eq!(recorded.button_values().iter().map(|b| b["id"].clone()).collect::<Vec<_>>(), [json!(2), json!(3)]);

        let mut edit_body = json!({ "components": [{ "type": 1, "components": [button("c")] }] });
        edit(&mut w, id, &mut edit_body, &[], false).unwrap();
        assert_eq!(w.messages[&id].components[0]["components"][0]["id"], 2);
    }
}
