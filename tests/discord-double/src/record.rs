//! What the double records for tests to assert on.

use std::time::Duration;

use serde_json::Value;

use crate::ids::{ChannelId, GuildId, MessageId, UserId};
use crate::world::{MessageRec, Visibility};

/// A message as the double stored it (its current state, or a snapshot of one version).
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedMessage {
    /// Message id.
    pub id: MessageId,
    /// Channel (or thread, or DM channel) the message is in.
    pub channel_id: ChannelId,
    /// Guild, if not a DM.
    pub guild_id: Option<GuildId>,
    /// Author (the bot, for everything the bot posts).
    pub author_id: UserId,
    /// Text content.
    pub content: String,
    /// Embed objects as sent by the bot.
    pub embeds: Vec<Value>,
    /// Top-level components (action rows) as sent by the bot.
    pub components: Vec<Value>,
    /// Message flags (64 = ephemeral, 128 = loading / deferred "thinking").
    pub flags: u64,
    /// `Some(user)` if only that user can see the message.
    pub ephemeral_to: Option<UserId>,
    /// Interaction this message responds to, if any.
    pub interaction_id: Option<u64>,
    /// How many times the message was edited.
    pub edits: u32,
    /// Thread started from this message, if any.
    pub thread: Option<ChannelId>,
    /// Files attached to the message, with their bytes.
    pub attachments: Vec<RecordedAttachment>,
}

/// A file attached to a message, as uploaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedAttachment {
    /// The attachment's id (what an edit lists to keep it).
    pub id: u64,
    /// The file name shown in Discord (what `attachment://` URLs name).
    pub filename: String,
    /// The alt text (`description`), if given.
    pub description: Option<String>,
    /// The part's content type, if the uploader gave one.
    pub content_type: Option<String>,
    /// The file's bytes, exactly as uploaded.
    pub data: Vec<u8>,
}

impl RecordedMessage {
    pub(crate) fn from_rec(m: &MessageRec) -> Self {
        RecordedMessage {
            id: MessageId(m.id),
            channel_id: ChannelId(m.channel),
            guild_id: m.guild.map(GuildId),
            author_id: UserId(m.author),
            content: m.content.clone(),
            embeds: m.embeds.clone(),
            components: m.components.clone(),
            flags: m.flags,
            ephemeral_to: match m.visibility {
                Visibility::Public => None,
                Visibility::EphemeralTo(u) => Some(UserId(u)),
            },
            interaction_id: m.interaction.as_ref().map(|i| i.id),
            edits: m.edits,
            thread: m.thread.map(ChannelId),
            attachments: m
                .attachments
                .iter()
                .map(|a| RecordedAttachment {
                    id: a.id,
                    filename: a.filename.clone(),
                    description: a.description.clone(),
                    content_type: a.content_type.clone(),
                    data: a.data.clone(),
                })
                .collect(),
        }
    }

    /// Whether only one user can see this message.
    pub fn is_ephemeral(&self) -> bool {
        self.ephemeral_to.is_some()
    }

    /// Whether this is a deferred response still showing "thinking…".
    pub fn is_loading(&self) -> bool {
        self.flags & 128 != 0
    }

    /// Buttons as `(label, custom_id)` (empty strings where absent, e.g. link buttons).
    pub fn buttons(&self) -> Vec<(String, String)> {
        buttons_of(&self.components)
    }

    /// Buttons with all their fields (style, disabled, url, emoji…).
    pub fn button_values(&self) -> Vec<Value> {
        components(&self.components).filter(|c| c["type"] == 2).cloned().collect()
    }

    /// Select menus' options as `(custom_id of the select, label, value)`.
    pub fn select_options(&self) -> Vec<(String, String, String)> {
        select_options_of(&self.components)
    }

    /// Whether this is a layout message (`IS_COMPONENTS_V2`): components only, no content
    /// or embeds.
    pub fn is_layout(&self) -> bool {
        self.flags & crate::layout::IS_COMPONENTS_V2 != 0
    }

    /// The texts of a layout message's text displays, in order (nested ones included).
    pub fn text_displays(&self) -> Vec<String> {
        crate::layout::walk(&self.components)
            .into_iter()
            .filter(|c| c["type"] == crate::layout::kind::TEXT_DISPLAY)
            .map(|c| str_of(&c["content"]))
            .collect()
    }

    /// The media items of a layout message's galleries, in order, as Discord answers them
    /// (`media.url` the attachment's address, `media.attachment_id`, `description`…).
    pub fn gallery_items(&self) -> Vec<Value> {
        crate::layout::walk(&self.components)
            .into_iter()
            .filter(|c| c["type"] == crate::layout::kind::MEDIA_GALLERY)
            .flat_map(|c| c["items"].as_array().cloned().unwrap_or_default())
            .collect()
    }

    /// Every human-readable text: content, embed titles/descriptions/fields/footers/authors,
    /// text displays, alt texts of media items, button labels, select placeholders and option
    /// labels/descriptions — joined by newlines.
    pub fn text(&self) -> String {
        message_texts(&self.content, &self.embeds, &self.components).join("\n")
    }
}

/// Every component that holds no others: those inside action rows, and in a layout
/// message those inside containers and sections too (text displays, galleries, a
/// section's accessory…), depth first.
pub(crate) fn components(rows: &[Value]) -> impl Iterator<Item = &Value> {
    crate::layout::walk(rows).into_iter().filter(|c| !c["components"].is_array())
}

pub(crate) fn buttons_of(rows: &[Value]) -> Vec<(String, String)> {
    components(rows).filter(|c| c["type"] == 2).map(|c| (str_of(&c["label"]), str_of(&c["custom_id"]))).collect()
}

pub(crate) fn select_options_of(rows: &[Value]) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for c in components(rows) {
        if c["type"] == 3 {
            let id = str_of(&c["custom_id"]);
            for o in c["options"].as_array().into_iter().flatten() {
                out.push((id.clone(), str_of(&o["label"]), str_of(&o["value"])));
            }
        }
    }
    out
}

fn str_of(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

/// The human-readable texts of a message, for leak checks.
pub(crate) fn message_texts(content: &str, embeds: &[Value], components: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |v: &Value| {
        if let Some(s) = v.as_str() {
            if !s.is_empty() {
                out.push(s.to_string());
            }
        }
    };
    push(&Value::String(content.to_string()));
    for e in embeds {
        push(&e["title"]);
        push(&e["description"]);
        push(&e["author"]["name"]);
        push(&e["footer"]["text"]);
        for f in e["fields"].as_array().into_iter().flatten() {
            push(&f["name"]);
            push(&f["value"]);
        }
    }
    for c in self::components(components) {
        push(&c["content"]);
        for item in c["items"].as_array().into_iter().flatten() {
            push(&item["description"]);
        }
        push(&c["description"]);
        push(&c["label"]);
        push(&c["placeholder"]);
        for o in c["options"].as_array().into_iter().flatten() {
            push(&o["label"]);
            push(&o["description"]);
        }
    }
    out
}

/// A request the double refused (4xx other than unknown routes), with Discord's error body.
#[derive(Clone, Debug)]
pub struct Rejection {
    /// HTTP method.
    pub method: String,
    /// Request path (including `/api/v10`).
    pub path: String,
    /// HTTP status sent back.
    pub status: u16,
    /// Discord JSON error code (e.g. 50035, 40060).
    pub code: u64,
    /// The full error body sent back.
    pub error: Value,
    /// The request body (JSON, or `Null`).
    pub request: Value,
}

/// One HTTP request the bot made, with the double's answer.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    /// HTTP method.
    pub method: String,
    /// Path and query.
    pub path: String,
    /// The `Authorization` header, as sent (`Bot <token>` for a bot).
    pub authorization: Option<String>,
    /// The `User-Agent` header, as sent (Discord requires `DiscordBot ($url, $versionNumber)`).
    pub user_agent: Option<String>,
    /// The `Content-Type` header, as sent (`application/json`, or `multipart/form-data;
    /// boundary=…` with files).
    pub content_type: Option<String>,
    /// HTTP status sent back.
    pub status: u16,
    /// Request body (JSON, or `Null`).
    pub request: Value,
    /// Response body (JSON, or `Null` for 204).
    pub response: Value,
}

/// One accepted interaction callback.
#[derive(Clone, Debug)]
pub struct InteractionResponseRecord {
    /// Interaction id.
    pub interaction_id: u64,
    /// Interaction token.
    pub token: String,
    /// Callback type (4 message, 5 deferred message, 6 deferred update, 7 update, 9 modal…).
    pub kind: u8,
    /// The `data` of the callback body.
    pub data: Value,
    /// Time between dispatching the interaction and receiving the callback.
    pub latency: Duration,
    /// The user who triggered the interaction.
    pub user: UserId,
}

/// A thread the bot created.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadInfo {
    /// Thread (channel) id; for threads started from a message, equal to the message id.
    pub id: ChannelId,
    /// Parent text channel.
    pub parent_id: ChannelId,
    /// Guild.
    pub guild_id: GuildId,
    /// Thread name.
    pub name: String,
    /// The message the thread was started from, if any.
    pub starter_message: Option<MessageId>,
    /// 11 public thread, 12 private thread.
    pub kind: u8,
    /// Archived flag.
    pub archived: bool,
    /// Locked flag.
    pub locked: bool,
}
