//! JSON builders shaped like Discord's objects (and deserializable by serenity 0.12).
//!
//! serenity's models have many required (non-`Option`, non-`default`) fields; every builder
//! here sends all of them. The integration tests deserialize everything the double sends into
//! serenity's types to keep it that way.
//!
//! The objects sent for every interaction (users, members, channels, messages) are written
//! straight as JSON text (see [`crate::json`]), and the parts that rarely change are kept
//! serialised: each user's object on its [`crate::world::UserRec`], each message's object on
//! its [`MessageRec`] until it changes. The rarer objects (guilds, the application, READY)
//! are built as `Value`s.

use std::cell::RefCell;

use serde_json::{json, Map, Value};

use crate::attachments;
use crate::ids::snowflake_timestamp;
use crate::json::{self, Obj};
use crate::world::{
    channel_kind, perms, ChannelRec, GuildRec, MessageInteractionRef, MessageRec, World, ALL_PERMISSIONS,
};

/// Snowflakes are strings in Discord JSON.
pub(crate) fn sf(id: u64) -> Value {
    Value::String(id.to_string())
}

/// Parses JSON text the double wrote itself (for the few builders that need a `Value`).
pub(crate) fn parse(text: &str) -> Value {
    json::parse(text.as_bytes()).expect("discord-double: its own JSON parses")
}

/// The JSON text of a user object (users never change, so each [`crate::world::UserRec`]
/// keeps its own).
pub(crate) fn user_json(id: u64, name: &str, bot: bool) -> String {
    let mut out = String::with_capacity(320);
    let mut o = Obj::new(&mut out);
    o.sf("id", id).val("username", &name.to_lowercase().replace(' ', "_")).members(r#""discriminator":"0""#);
    if bot {
        o.members(r#""global_name":null"#);
    } else {
        o.val("global_name", name);
    }
    o.members(
        r#""avatar":null,"banner":null,"accent_color":null,"public_flags":0,"flags":0,"avatar_decoration_data":null,"collectibles":null,"primary_guild":null,"clan":null"#,
    );
    if bot {
        o.members(r#""bot":true"#);
    }
    o.close();
    out
}

/// Appends the user object of `id` (a placeholder user for unknown ids).
pub(crate) fn write_user(w: &World, id: u64, out: &mut String) {
    match w.users.get(&id) {
        Some(u) => out.push_str(&u.json),
        None => out.push_str(&user_json(id, &format!("user-{id}"), false)),
    }
}

/// A user object.
pub(crate) fn user(w: &World, id: u64) -> String {
    json::text(|out| write_user(w, id, out))
}

/// The current (bot) user, as in READY and `GET /users/@me`.
pub(crate) fn current_user(w: &World) -> Value {
    let mut v = parse(&user(w, w.bot_user));
    v["verified"] = json!(true);
    v["mfa_enabled"] = json!(false);
    v["email"] = Value::Null;
    v["locale"] = json!("en-US");
    v["premium_type"] = json!(0);
    v["bot"] = json!(true);
    v
}

/// Appends a guild member object (`with_user` includes the nested user, `permissions` the
/// computed channel permissions as interactions carry them).
pub(crate) fn write_member(w: &World, guild: u64, user_id: u64, with_user: bool, permissions: bool, out: &mut String) {
    let mut o = Obj::new(out);
    o.members(r#""nick":null,"avatar":null,"banner":null,"roles":[]"#);
    match w.guilds.get(&guild).and_then(|g| g.members.get(&user_id)) {
        Some(m) => o.val("joined_at", &m.joined_at),
        None => o.val("joined_at", &snowflake_timestamp(guild)),
    };
    o.members(
        r#""premium_since":null,"deaf":false,"mute":false,"flags":0,"pending":false,"communication_disabled_until":null,"unusual_dm_activity_until":null"#,
    );
    if with_user {
        o.with("user", |out| write_user(w, user_id, out));
    }
    if permissions {
        o.sf("permissions", w.member_permissions(guild, user_id).unwrap_or(0));
    }
    o.close();
}

/// A guild member object (see [`write_member`]).
pub(crate) fn member(w: &World, guild: u64, user_id: u64, with_user: bool, permissions: bool) -> String {
    json::text(|out| write_member(w, guild, user_id, with_user, permissions, out))
}

/// The guild's @everyone role (its id is the guild id).
pub(crate) fn everyone_role(g: &GuildRec) -> Value {
    json!({
        "id": sf(g.id),
        "name": "@everyone",
        "description": null,
        "permissions": perms::MEMBER_DEFAULT.to_string(),
        "position": 0,
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "managed": false,
        "mentionable": false,
        "icon": null,
        "unicode_emoji": null,
        "flags": 0,
    })
}

/// Writes the members of a channel object (guild text channel, thread, or DM).
fn channel_members(w: &World, c: &ChannelRec, o: &mut Obj<'_>) {
    o.sf("id", c.id).val("type", &c.kind).opt_sf("last_message_id", c.last_message_id).members(r#""flags":0"#);
    if let Some(g) = c.guild {
        o.sf("guild_id", g).val("name", &c.name);
        if c.is_thread() {
            // Threads have no position or permission overwrites; the order is the one these
            // payloads always had (each removed member's place taken by the last one).
            thread_metadata(c, o);
            o.val("member_count", &thread_member_count(c));
        } else {
            o.val("position", &c.position).members(r#""permission_overwrites":[]"#);
        }
        o.members(r#""nsfw":false,"rate_limit_per_user":0"#)
            .opt_sf("parent_id", c.parent)
            .val("topic", &c.topic)
            .members(r#""last_pin_timestamp":null"#);
    }
    if c.is_thread() {
        o.opt_sf("owner_id", c.owner)
            .val("message_count", &c.message_count)
            .val("total_message_sent", &c.message_count);
        if c.guild.is_none() {
            o.val("member_count", &thread_member_count(c));
            thread_metadata(c, o);
        }
    }
    if c.kind == channel_kind::DM {
        o.with("recipients", |out| {
            out.push('[');
            match c.recipient {
                Some(u) => write_user(w, u, out),
                None => out.push_str("null"),
            }
            out.push(']');
        });
        o.members(r#""name":null"#);
    }
}

/// How many members a thread shows (Discord stops counting at 50).
fn thread_member_count(c: &ChannelRec) -> usize {
    c.thread_members.len().min(50)
}

/// A thread's `thread_metadata` member.
fn thread_metadata(c: &ChannelRec, o: &mut Obj<'_>) {
    o.with("thread_metadata", |out| {
        let mut m = Obj::new(out);
        m.val("archived", &c.archived)
            .val("auto_archive_duration", &c.auto_archive_duration)
            .val("archive_timestamp", &c.created_at)
            .val("locked", &c.locked)
            .val("create_timestamp", &c.created_at)
            .val("invitable", &(c.kind == channel_kind::PRIVATE_THREAD));
        m.close();
    });
}

/// Appends a channel object (guild text channel, thread, or DM).
pub(crate) fn write_channel(w: &World, c: &ChannelRec, out: &mut String) {
    let mut o = Obj::new(out);
    channel_members(w, c, &mut o);
    o.close();
}

/// The active threads of guild `g` (`GET /guilds/{guild.id}/threads/active`): every thread
/// not archived, public and private, newest first, and a thread member object for each
/// the bot has joined.
pub(crate) fn active_threads(w: &World, g: u64) -> String {
    let mut threads: Vec<&ChannelRec> =
        w.channels.values().filter(|c| c.is_thread() && c.guild == Some(g) && !c.archived).collect();
    threads.sort_by_key(|c| std::cmp::Reverse(c.id));
    let joined: Vec<&ChannelRec> = threads.iter().copied().filter(|c| c.thread_members.contains(&w.bot_user)).collect();
    json::text(|out| {
        let mut o = Obj::new(out);
        o.with("threads", |out| json::push_array(out, threads.iter().copied(), |out, c| write_channel(w, c, out)));
        o.with("members", |out| {
            json::push_array(out, joined.iter().copied(), |out, c| {
                let mut m = Obj::new(out);
                m.sf("id", c.id).sf("user_id", w.bot_user).val("join_timestamp", &c.created_at).val("flags", &0u64);
                m.close();
            });
        });
        o.close();
    })
}

/// A channel object (see [`write_channel`]).
pub(crate) fn channel(w: &World, c: &ChannelRec) -> String {
    json::text(|out| write_channel(w, c, out))
}

/// Appends a partial channel, as in an interaction's `channel` field (with the bot's
/// permissions in it).
pub(crate) fn write_partial_channel(w: &World, c: &ChannelRec, out: &mut String) {
    let perms = c.guild.and_then(|g| w.member_permissions(g, w.bot_user)).unwrap_or(ALL_PERMISSIONS);
    let mut o = Obj::new(out);
    channel_members(w, c, &mut o);
    o.sf("permissions", perms);
    o.close();
}

fn guild_common(g: &GuildRec) -> Map<String, Value> {
    let v = json!({
        "id": sf(g.id),
        "name": g.name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": sf(g.owner_id),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 1,
        "default_message_notifications": 1,
        "explicit_content_filter": 2,
        "nsfw": false,
        "roles": [everyone_role(g)],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": g.channels.first().copied().map(sf),
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": g.preferred_locale,
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "incidents_data": null,
        "region": "deprecated",
        "hub_type": null,
        "home_header": null,
        "latest_onboarding_question_id": null,
    });
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// A guild object as in `GET /guilds/{id}` (deserializable as serenity's `PartialGuild`).
pub(crate) fn partial_guild(g: &GuildRec) -> Value {
    let mut m = guild_common(g);
    m.insert("approximate_member_count".into(), json!(g.members.len()));
    m.insert("approximate_presence_count".into(), json!(0));
    m.insert("welcome_screen".into(), Value::Null);
    Value::Object(m)
}

/// A JSON array of objects written by `write`, as a `Value`.
fn parsed_array<T>(items: impl IntoIterator<Item = T>, write: impl FnMut(&mut String, T)) -> Vec<Value> {
    match parse(&json::text(|out| json::push_array(out, items, write))) {
        Value::Array(list) => list,
        _ => Vec::new(),
    }
}

/// The GUILD_CREATE payload (serenity's `Guild`): guild, channels, threads, members.
pub(crate) fn guild_create(w: &World, g: &GuildRec) -> Value {
    let mut m = guild_common(g);
    let mut channels = parsed_array(g.channels.iter().filter_map(|c| w.channels.get(c)), |out, c| {
        write_channel(w, c, out);
    });
    for c in &mut channels {
        // Channels inside GUILD_CREATE omit guild_id.
        c.as_object_mut().map(|o| o.remove("guild_id"));
    }
    let threads = parsed_array(
        w.channels.values().filter(|c| c.is_thread() && c.guild == Some(g.id) && !c.archived),
        |out, c| write_channel(w, c, out),
    );
    let members = parsed_array(g.members.keys(), |out, u| write_member(w, g.id, *u, true, false, out));
    m.insert("joined_at".into(), json!(g.joined_at));
    m.insert("large".into(), json!(false));
    m.insert("unavailable".into(), json!(false));
    m.insert("member_count".into(), json!(g.members.len()));
    m.insert("voice_states".into(), json!([]));
    m.insert("members".into(), json!(members));
    m.insert("channels".into(), json!(channels));
    m.insert("threads".into(), json!(threads));
    m.insert("presences".into(), json!([]));
    m.insert("stage_instances".into(), json!([]));
    m.insert("guild_scheduled_events".into(), json!([]));
    m.insert("soundboard_sounds".into(), json!([]));
    m.insert("embedded_activities".into(), json!([]));
    m.insert("lazy".into(), json!(true));
    Value::Object(m)
}

/// A stored message's JSON text without its `thread` member (which changes with every
/// message posted in the thread), made on first use and kept until the message changes
/// (see [`crate::world::World::message_mut`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct MessageJson(RefCell<Option<MessageText>>);

#[derive(Clone, Debug)]
struct MessageText {
    /// How many users existed when it was written: `mentions` only lists existing users,
    /// and users are never removed.
    users: usize,
    text: String,
    /// Where the `thread` member goes (right after `components`).
    thread_at: usize,
}

impl MessageJson {
    /// Forgets the text (the message changed).
    pub(crate) fn clear(&mut self) {
        *self.0.get_mut() = None;
    }
}

/// Appends a message object.
pub(crate) fn write_message(w: &World, m: &MessageRec, out: &mut String) {
    let mut cache = m.json.0.borrow_mut();
    if cache.as_ref().is_some_and(|c| c.users != w.users.len()) {
        *cache = None;
    }
    let cached = cache.get_or_insert_with(|| message_text(w, m));
    let (head, tail) = cached.text.split_at(cached.thread_at);
    out.push_str(head);
    if let Some(t) = m.thread.and_then(|t| w.channels.get(&t)) {
        out.push_str(r#","thread":"#);
        write_channel(w, t, out);
    }
    out.push_str(tail);
}

/// A message object (see [`write_message`]).
pub(crate) fn message(w: &World, m: &MessageRec) -> String {
    json::text(|out| write_message(w, m, out))
}

/// Writes a message object, without `thread`, remembering where `thread` goes.
fn message_text(w: &World, m: &MessageRec) -> MessageText {
    let mut text = String::with_capacity(1024 + 2 * m.content.len());
    let mut o = Obj::new(&mut text);
    o.sf("id", m.id)
        .sf("channel_id", m.channel)
        .with("author", |out| write_user(w, m.author, out))
        .val("content", &m.content)
        .val("timestamp", &m.timestamp)
        .val("edited_timestamp", &m.edited_timestamp)
        .members(r#""tts":false,"mention_everyone":false"#)
        .with("mentions", |out| json::push_array(out, mentions(w, &m.content), |out, u| write_user(w, u, out)))
        .members(r#""mention_roles":[]"#)
        .with("attachments", |out| {
            json::push_array(out, &m.attachments, |out, a| attachments::write_payload(a, m.channel, out));
        })
        .with("embeds", |out| json::push_array(out, &m.embeds, |out, e| write_embed(out, e, &m.attachments)))
        .members(r#""pinned":false"#)
        .val("type", &m.kind)
        .val("flags", &m.flags)
        .val("components", &m.components);
    // REST message objects carry no guild_id; gateway events add it (see `message_event`).
    let thread_at = o.position();
    if let Some(r) = &m.message_reference {
        o.val("message_reference", r);
    }
    if let Some(i) = &m.interaction {
        interaction_members(w, i, &mut o);
    }
    o.close();
    MessageText { users: w.users.len(), text, thread_at }
}

/// The members of an interaction response (or follow-up) naming its interaction.
fn interaction_members(w: &World, i: &MessageInteractionRef, o: &mut Obj<'_>) {
    o.sf("webhook_id", w.application_id).sf("application_id", w.application_id);
    o.with("interaction_metadata", |out| {
        let mut meta = Obj::new(out);
        meta.sf("id", i.id).val("type", &i.kind).with("user", |out| write_user(w, i.user, out));
        meta.with("authorizing_integration_owners", |out| {
            let mut owners = Obj::new(out);
            owners.sf("0", i.guild.unwrap_or(0));
            owners.close();
        });
        if let Some(orig) = i.original_response {
            meta.sf("original_response_message_id", orig);
        }
        if i.kind == 2 {
            meta.val("name", &i.name);
        }
        if let Some(im) = i.interacted_message {
            meta.sf("interacted_message_id", im);
        }
        meta.close();
    });
    o.with("interaction", |out| {
        let mut r = Obj::new(out);
        r.sf("id", i.id).val("type", &i.kind).val("name", &i.name).with("user", |out| write_user(w, i.user, out));
        r.close();
    });
}

/// A message object as sent in gateway events (with `guild_id` and `member`).
pub(crate) fn message_event(w: &World, m: &MessageRec) -> String {
    let mut out = message(w, m);
    if let Some(g) = m.guild {
        let mut o = Obj::reopen(&mut out);
        o.sf("guild_id", g);
        if w.guilds.get(&g).is_some_and(|gr| gr.members.contains_key(&m.author)) {
            o.with("member", |out| write_member(w, g, m.author, false, false, out));
        }
        o.close();
    }
    out
}

/// Users mentioned as `<@id>` / `<@!id>` in content (existing users, once each, in order).
fn mentions(w: &World, content: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let after = rest.trim_start_matches('!');
        let digits = &after[..after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len())];
        if let Ok(id) = digits.parse::<u64>() {
            if w.users.contains_key(&id) && !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

/// Appends an embed as Discord shows it: with `type: "rich"` and fields' `inline: false`
/// added where the bot left them out, and its image and thumbnail with their size (that of
/// the attachment they show, else `null`).
fn write_embed(out: &mut String, e: &Value, attachments: &[attachments::AttachmentRec]) {
    let Some(fields) = e.as_object() else {
        json::push(out, e);
        return;
    };
    let mut o = Obj::new(out);
    for (k, v) in fields {
        match v.as_array().filter(|_| k == "fields") {
            Some(list) => o.with(k, |out| json::push_array(out, list, write_embed_field)),
            None if matches!(k.as_str(), "image" | "thumbnail") && v.is_object() => {
                o.with(k, |out| write_embed_media(out, v, attachments))
            }
            None => o.val(k, v),
        };
    }
    if !fields.contains_key("type") {
        o.val("type", "rich");
    }
    o.close();
}

/// Appends an embed's image or thumbnail with its `width` and `height`: those of the
/// attachment its `attachment://` address names, else `null` (Discord fills them once it
/// has fetched the picture). The address itself is kept as sent, for the tests and the
/// transcript to find the file by (Discord answers its CDN address).
fn write_embed_media(out: &mut String, media: &Value, attachments: &[attachments::AttachmentRec]) {
    let shown = media["url"]
        .as_str()
        .and_then(|u| u.strip_prefix("attachment://"))
        .and_then(|name| attachments.iter().find(|a| a.filename == name));
    let size = shown.and_then(|a| crate::layout::image_size(&a.data));
    let mut o = Obj::new(out);
    for (k, v) in media.as_object().into_iter().flatten() {
        o.val(k, v);
    }
    if media.get("width").is_none() {
        o.val("width", &size.map(|(w, _)| w));
    }
    if media.get("height").is_none() {
        o.val("height", &size.map(|(_, h)| h));
    }
    o.close();
}

/// Appends an embed field, with `inline: false` if the bot left it out.
fn write_embed_field(out: &mut String, f: &Value) {
    let Some(members) = f.as_object() else {
        json::push(out, f);
        return;
    };
    let mut o = Obj::new(out);
    for (k, v) in members {
        o.val(k, v);
    }
    if !members.contains_key("inline") {
        o.members(r#""inline":false"#);
    }
    o.close();
}

/// The application object (`GET /oauth2/applications/@me`).
pub(crate) fn application(w: &World) -> Value {
    // The fields of Discord's application object, as it sends them for a guild-installed
    // bot that is not owned by a team: optional fields Discord leaves out when unset (terms
    // of service, privacy policy, custom install URL…) are left out; `type`, `team`,
    // `interactions_endpoint_url`, `role_connections_verification_url` and
    // `event_webhooks_url` are nullable and null here, as for such an application.
    json!({
        "id": sf(w.application_id),
        "name": w.application_name,
        "icon": w.application_icon,
        "type": null,
        "description": "",
        "summary": "",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "bot": parse(&user(w, w.bot_user)),
        "owner": parse(&user(w, w.owner_user)),
        "verify_key": w.verify_key,
        "team": null,
        "flags": 0,
        "flags_new": "0",
        "explicit_content_filter": 0,
        "eligible_oauth2_scopes": ["applications.commands", "bot"],
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "event_webhooks_url": null,
        "event_webhooks_status": 1,
        "event_webhooks_types": [],
        "integration_types_config": { "0": {} },
        "approximate_guild_count": w.guilds.len(),
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "hook": true,
        "is_monetized": false,
    })
}

/// The text of an op-0 dispatch frame around `data` (JSON text), which is copied in as is.
pub(crate) fn dispatch_frame_text(event: &str, seq: u64, data: &str) -> String {
    let mut out = String::with_capacity(data.len() + event.len() + 40);
    let mut o = Obj::new(&mut out);
    o.members(r#""op":0"#).val("t", event).val("s", &seq).raw("d", data);
    o.close();
    out
}

/// Discord's error body.
pub(crate) fn error_body(code: u64, message: &str) -> Value {
    json!({ "message": message, "code": code })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{UserRec, Visibility};

    /// Stores a public message from the bot in `channel`; returns its id.
    fn stored(w: &mut World, channel: u64, content: &str) -> u64 {
        let id = w.next_id();
        w.insert_message(MessageRec {
            id,
            channel,
            guild: w.channel_guild(channel),
            author: w.bot_user,
            content: content.to_string(),
            embeds: Vec::new(),
            components: Vec::new(),
            flags: 0,
            kind: 0,
            timestamp: crate::ids::now_iso(),
            edited_timestamp: None,
            visibility: Visibility::Public,
            deleted: false,
            thread: None,
            interaction: None,
            message_reference: None,
            edits: 0,
            attachments: Vec::new(),
            json: MessageJson::default(),
        });
        id
    }

    fn message_value(w: &World, id: u64) -> Value {
        parse(&message(w, &w.messages[&id]))
    }

    #[test]
    fn message_json_follows_the_message_and_the_world() {
        let mut w = World::new();
        let guild = w.add_guild("g");
        let channel = w.add_channel(guild, "c").unwrap();
        let late = w.next_id();
        let id = stored(&mut w, channel, &format!("hi <@{late}>"));
        let first = message_value(&w, id);
        assert_eq!(first["content"], format!("hi <@{late}>"));
        assert_eq!(first["mentions"], json!([]));

        // A user created after the text was written is now mentioned.
        w.users.insert(late, UserRec::new(late, "Late Comer", false));
        assert_eq!(message_value(&w, id)["mentions"][0]["username"], "late_comer");

        // Changes made through `message_mut` show.
        w.message_mut(id).unwrap().content = "edited".into();
        assert_eq!(message_value(&w, id)["content"], "edited");

        // The thread started from it is written as it is now, in its place.
        let thread = w.add_channel(guild, "t").unwrap();
        w.channels.get_mut(&thread).unwrap().kind = channel_kind::PUBLIC_THREAD;
        w.message_mut(id).unwrap().thread = Some(thread);
        // In the text (a JSON value would sort its keys): `thread` right after `components`.
        let text = message(&w, &w.messages[&id]);
        let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("no {key} in {text}"));
        let (components_at, thread_at) = (at("components"), at("thread"));
        assert!(components_at < thread_at && text[..thread_at].ends_with("],"), "{text}");
        stored(&mut w, thread, "in the thread");
        assert_eq!(message_value(&w, id)["thread"]["message_count"], 1);
    }

    #[test]
    fn the_application_has_discords_fields() {
        let w = World::new();
        let app = application(&w);
        for key in [
            "id",
            "name",
            "icon",
            "description",
            "bot_public",
            "bot_require_code_grant",
            "verify_key",
            "flags",
            "flags_new",
            "owner",
            "bot",
            "redirect_uris",
            "approximate_guild_count",
            "approximate_user_install_count",
            "approximate_user_authorization_count",
            "explicit_content_filter",
            "eligible_oauth2_scopes",
        ] {
            assert!(app.get(key).is_some_and(|v| !v.is_null()), "{key} has a value: {app}");
        }
        // Required by Discord's description of the application object, null or not.
        for key in ["type", "interactions_endpoint_url", "role_connections_verification_url"] {
            assert!(app.get(key).is_some(), "{key} is sent: {app}");
        }
        assert!(app.get("team").is_some(), "team is sent (null: not a team's application)");
        let nullable =
            ["type", "team", "interactions_endpoint_url", "role_connections_verification_url", "event_webhooks_url"];
        for (key, value) in app.as_object().unwrap() {
            assert!(!value.is_null() || nullable.contains(&key.as_str()), "{key} is null: {app}");
        }
        assert_eq!(app["id"], app["bot"]["id"]);
        assert_eq!(app["verify_key"].as_str().map(str::len), Some(64));
    }

    #[test]
    fn embeds_get_discords_defaults() {
        let mut w = World::new();
        let guild = w.add_guild("g");
        let channel = w.add_channel(guild, "c").unwrap();
        let id = stored(&mut w, channel, "");
        w.message_mut(id).unwrap().embeds = vec![
            json!({ "title": "t", "fields": [{ "name": "a", "value": "b" }, { "name": "c", "value": "d", "inline": true }] }),
            json!({ "type": "image" }),
        ];
        let embeds = message_value(&w, id)["embeds"].clone();
        assert_eq!(
            embeds,
            json!([
                { "title": "t", "fields": [
                    { "name": "a", "value": "b", "inline": false },
                    { "name": "c", "value": "d", "inline": true },
                ], "type": "rich" },
                { "type": "image" },
            ])
        );
    }

    #[test]
    fn embed_pictures_carry_their_size() {
        let mut w = World::new();
        let guild = w.add_guild("g");
        let channel = w.add_channel(guild, "c").unwrap();
        let id = stored(&mut w, channel, "");
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend(800u32.to_be_bytes());
        png.extend(236u32.to_be_bytes());
        let m = w.message_mut(id).unwrap();
        m.attachments = vec![attachments::AttachmentRec {
            id: 7,
            filename: "board.png".into(),
            description: None,
            content_type: Some("image/png".into()),
            data: png,
        }];
        m.embeds = vec![json!({
            "image": { "url": "attachment://board.png" },
            "thumbnail": { "url": "https://example.com/t.png" },
        })];
        let embed = message_value(&w, id)["embeds"][0].clone();
        assert_eq!(embed["image"], json!({ "url": "attachment://board.png", "width": 800, "height": 236 }));
        assert_eq!(embed["thumbnail"], json!({ "url": "https://example.com/t.png", "width": null, "height": null }));
    }
}
