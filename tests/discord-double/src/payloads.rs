//! JSON builders shaped like Discord's objects (and deserializable by serenity 0.12).
//!
//! serenity's models have many required (non-`Option`, non-`default`) fields; every builder
//! here sends all of them. The integration tests deserialize everything the double sends into
//! serenity's types to keep it that way.

use serde_json::{json, Map, Value};

use crate::ids::snowflake_timestamp;
use crate::world::{ChannelRec, GuildRec, MessageRec, World};

/// Snowflakes are strings in Discord JSON.
pub(crate) fn sf(id: u64) -> Value {
    Value::String(id.to_string())
}

/// A user object.
pub(crate) fn user(w: &World, id: u64) -> Value {
    let (name, bot) = match w.users.get(&id) {
        Some(u) => (u.name.clone(), u.bot),
        None => (format!("user-{id}"), false),
    };
    let mut v = json!({
        "id": sf(id),
        "username": name.to_lowercase().replace(' ', "_"),
        "discriminator": "0",
        "global_name": if bot { Value::Null } else { Value::String(name.clone()) },
        "avatar": null,
        "banner": null,
        "accent_color": null,
        "public_flags": 0,
        "flags": 0,
        "avatar_decoration_data": null,
        "collectibles": null,
        "primary_guild": null,
        "clan": null,
    });
    if bot {
        v["bot"] = json!(true);
    }
    v
}

/// The current (bot) user, as in READY and `GET /users/@me`.
pub(crate) fn current_user(w: &World) -> Value {
    let mut v = user(w, w.bot_user);
    v["verified"] = json!(true);
    v["mfa_enabled"] = json!(false);
    v["email"] = Value::Null;
    v["locale"] = json!("en-US");
    v["premium_type"] = json!(0);
    v["bot"] = json!(true);
    v
}

/// A guild member object (`with_user` includes the nested user, `permissions` the computed
/// channel permissions as interactions carry them).
pub(crate) fn member(w: &World, guild: u64, user_id: u64, with_user: bool, permissions: bool) -> Value {
    let joined = w
        .guilds
        .get(&guild)
        .and_then(|g| g.members.get(&user_id))
        .map(|m| m.joined_at.clone())
        .unwrap_or_else(|| snowflake_timestamp(guild));
    let mut v = json!({
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": [],
        "joined_at": joined,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
    });
    if with_user {
        v["user"] = user(w, user_id);
    }
    if permissions {
        let p = w.member_permissions(guild, user_id).unwrap_or(0);
        v["permissions"] = json!(p.to_string());
    }
    v
}

/// The guild's @everyone role (its id is the guild id).
fn everyone_role(g: &GuildRec) -> Value {
    json!({
        "id": sf(g.id),
        "name": "@everyone",
        "description": null,
        "permissions": crate::world::perms::MEMBER_DEFAULT.to_string(),
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

/// A channel object (guild text channel, thread, or DM).
pub(crate) fn channel(w: &World, c: &ChannelRec) -> Value {
    let mut v = json!({
        "id": sf(c.id),
        "type": c.kind,
        "last_message_id": c.last_message_id.map(sf),
        "flags": 0,
    });
    if let Some(g) = c.guild {
        v["guild_id"] = sf(g);
        v["name"] = json!(c.name);
        v["position"] = json!(c.position);
        v["permission_overwrites"] = json!([]);
        v["nsfw"] = json!(false);
        v["rate_limit_per_user"] = json!(0);
        v["parent_id"] = c.parent.map(sf).unwrap_or(Value::Null);
        v["topic"] = c.topic.clone().map(Value::String).unwrap_or(Value::Null);
        v["last_pin_timestamp"] = Value::Null;
    }
    if c.is_thread() {
        v["owner_id"] = c.owner.map(sf).unwrap_or(Value::Null);
        v["message_count"] = json!(c.message_count);
        v["total_message_sent"] = json!(c.message_count);
        v["member_count"] = json!(c.thread_members.len().min(50));
        v["thread_metadata"] = json!({
            "archived": c.archived,
            "auto_archive_duration": c.auto_archive_duration,
            "archive_timestamp": c.created_at,
            "locked": c.locked,
            "create_timestamp": c.created_at,
            "invitable": c.kind == crate::world::channel_kind::PRIVATE_THREAD,
        });
        v.as_object_mut().map(|o| o.remove("position").and(o.remove("permission_overwrites")));
    }
    if c.kind == crate::world::channel_kind::DM {
        let recipient = c.recipient.map(|u| user(w, u)).unwrap_or(Value::Null);
        v["recipients"] = json!([recipient]);
        v["name"] = Value::Null;
    }
    v
}

/// A partial channel, as in an interaction's `channel` field.
pub(crate) fn partial_channel(w: &World, c: &ChannelRec) -> Value {
    let mut v = channel(w, c);
    let perms = c.guild.and_then(|g| w.member_permissions(g, w.bot_user)).unwrap_or(crate::world::ALL_PERMISSIONS);
    v["permissions"] = json!(perms.to_string());
    v
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
        "preferred_locale": "en-US",
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

/// The GUILD_CREATE payload (serenity's `Guild`): guild, channels, threads, members.
pub(crate) fn guild_create(w: &World, g: &GuildRec) -> Value {
    let mut m = guild_common(g);
    let channels: Vec<Value> = g
        .channels
        .iter()
        .filter_map(|c| w.channels.get(c))
        .map(|c| {
            let mut v = channel(w, c);
            // Channels inside GUILD_CREATE omit guild_id.
            v.as_object_mut().map(|o| o.remove("guild_id"));
            v
        })
        .collect();
    let threads: Vec<Value> = w
        .channels
        .values()
        .filter(|c| c.is_thread() && c.guild == Some(g.id) && !c.archived)
        .map(|c| channel(w, c))
        .collect();
    let members: Vec<Value> = g.members.keys().map(|u| member(w, g.id, *u, true, false)).collect();
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

/// A message object.
pub(crate) fn message(w: &World, m: &MessageRec) -> Value {
    let mut v = json!({
        "id": sf(m.id),
        "channel_id": sf(m.channel),
        "author": user(w, m.author),
        "content": m.content,
        "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp,
        "tts": false,
        "mention_everyone": false,
        "mentions": mentions(w, &m.content),
        "mention_roles": [],
        "attachments": m.attachments.iter().map(|a| crate::attachments::payload(a, m.channel)).collect::<Vec<_>>(),
        "embeds": m.embeds.iter().map(normalize_embed).collect::<Vec<_>>(),
        "pinned": false,
        "type": m.kind,
        "flags": m.flags,
        "components": m.components,
    });
    // REST message objects carry no guild_id; gateway events add it (see `message_event`).
    if let Some(t) = m.thread.and_then(|t| w.channels.get(&t)) {
        v["thread"] = channel(w, t);
    }
    if let Some(r) = &m.message_reference {
        v["message_reference"] = r.clone();
    }
    if let Some(i) = &m.interaction {
        v["webhook_id"] = sf(w.application_id);
        v["application_id"] = sf(w.application_id);
        let mut owners = Map::new();
        owners.insert("0".into(), json!(i.guild.unwrap_or(0).to_string()));
        let mut meta = json!({
            "id": sf(i.id),
            "type": i.kind,
            "user": user(w, i.user),
            "authorizing_integration_owners": owners,
        });
        if let Some(orig) = i.original_response {
            meta["original_response_message_id"] = sf(orig);
        }
        if i.kind == 2 {
            meta["name"] = json!(i.name);
        }
        if let Some(im) = i.interacted_message {
            meta["interacted_message_id"] = sf(im);
        }
        v["interaction_metadata"] = meta;
        v["interaction"] = json!({
            "id": sf(i.id),
            "type": i.kind,
            "name": i.name,
            "user": user(w, i.user),
        });
    }
    v
}

/// A message object as sent in gateway events (with `guild_id` and `member`).
pub(crate) fn message_event(w: &World, m: &MessageRec) -> Value {
    let mut v = message(w, m);
    if let Some(g) = m.guild {
        v["guild_id"] = sf(g);
        if w.guilds.get(&g).is_some_and(|gr| gr.members.contains_key(&m.author)) {
            v["member"] = member(w, g, m.author, false, false);
        }
    }
    v
}

/// Users mentioned as `<@id>` / `<@!id>` in content.
fn mentions(w: &World, content: &str) -> Value {
    let mut out = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let digits: String = rest.trim_start_matches('!').chars().take_while(char::is_ascii_digit).collect();
        if let Ok(id) = digits.parse::<u64>() {
            if w.users.contains_key(&id) && !out.iter().any(|u: &Value| u["id"] == sf(id)) {
                out.push(user(w, id));
            }
        }
    }
    Value::Array(out)
}

/// Discord adds `type: "rich"` to embeds the bot sends.
fn normalize_embed(e: &Value) -> Value {
    let mut e = e.clone();
    if let Some(o) = e.as_object_mut() {
        o.entry("type").or_insert_with(|| json!("rich"));
        if let Some(fields) = o.get_mut("fields").and_then(Value::as_array_mut) {
            for f in fields {
                if let Some(fo) = f.as_object_mut() {
                    fo.entry("inline").or_insert(json!(false));
                }
            }
        }
    }
    e
}

/// The application object (`GET /oauth2/applications/@me`).
pub(crate) fn application(w: &World) -> Value {
    json!({
        "id": sf(w.application_id),
        "name": w.application_name,
        "icon": null,
        "description": "",
        "summary": "",
        "type": null,
        "hook": true,
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "terms_of_service_url": null,
        "privacy_policy_url": null,
        "owner": user(w, w.owner_user),
        "verify_key": w.verify_key,
        "team": null,
        "flags": 0,
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "approximate_guild_count": w.guilds.len(),
        "approximate_user_install_count": 0,
        "bot": user(w, w.bot_user),
        "is_monetized": false,
    })
}

/// An op-0 dispatch frame.
pub(crate) fn dispatch_frame(event: &str, seq: u64, data: Value) -> Value {
    json!({ "op": 0, "t": event, "s": seq, "d": data })
}

/// The text of an op-0 dispatch frame, serialised straight from `data` (the same
/// document as [`dispatch_frame`], without building or copying a frame value).
pub(crate) fn dispatch_frame_text(event: &str, seq: u64, data: &Value) -> String {
    let mut text = String::with_capacity(64);
    text.push_str(r#"{"op":0,"t":"#);
    text.push_str(&Value::String(event.to_owned()).to_string());
    text.push_str(&format!(r#","s":{seq},"d":"#));
    text.push_str(&data.to_string());
    text.push('}');
    text
}

/// Discord's error body.
pub(crate) fn error_body(code: u64, message: &str) -> Value {
    json!({ "message": message, "code": code })
}
