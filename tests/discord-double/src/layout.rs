//! Layout components ("Components V2", Discord's "Component Reference"): a message sent
//! with the flag `IS_COMPONENTS_V2` (`1 << 15`) is made of components only (containers,
//! text displays, sections, media galleries, files, separators and action rows), checked
//! here as Discord checks them, and answered with the fields Discord adds (ids, the
//! attachments its media items show, the defaults of optional fields).
//!
//! What Discord refuses, and the double with it (400 `Invalid Form Body`):
//! - `content`, `embeds`, `sticker_ids` or `poll` beside the flag;
//! - more than 40 components in all (nested ones counted), more than 4,000 characters in
//!   the text displays together;
//! - a component where its parent does not take it (a button outside an action row or a
//!   section's accessory, a container in a container…);
//! - a section without exactly one accessory (a button or a thumbnail) or with other than
//!   one to three text displays; a media gallery with other than 1 to 10 items;
//! - an `attachment://name` that names no attachment of the message (Discord would show a
//!   broken picture; the double refuses it so that a test notices);
//! - removing the flag by an edit, or a deferred response carrying it (see
//!   [`crate::messages`] and [`crate::interactions`]).

use std::collections::HashSet;

use serde_json::{json, Map, Value};

use crate::attachments::AttachmentRec;
use crate::limits::{self, elements, len_between, max_len, FieldError, Path};
use crate::rest::ApiError;

/// The message flag of layout messages.
pub(crate) const IS_COMPONENTS_V2: u64 = 1 << 15;
/// At most this many components in a layout message, nested ones counted.
pub(crate) const MAX_COMPONENTS: usize = 40;
/// At most this many characters in all the text displays of a message.
pub(crate) const MAX_TEXT: usize = 4000;
/// At most this many characters of alt text on a media item.
const MAX_DESCRIPTION: usize = 1024;

/// Component types.
pub(crate) mod kind {
    pub const ACTION_ROW: u64 = 1;
    pub const BUTTON: u64 = 2;
    pub const SECTION: u64 = 9;
    pub const TEXT_DISPLAY: u64 = 10;
    pub const THUMBNAIL: u64 = 11;
    pub const MEDIA_GALLERY: u64 = 12;
    pub const FILE: u64 = 13;
    pub const SEPARATOR: u64 = 14;
    pub const CONTAINER: u64 = 17;
}

/// Whether `t` is a component type only layout messages take.
pub(crate) fn is_layout_type(t: &Value) -> bool {
    matches!(
        t.as_u64(),
        Some(kind::SECTION | kind::TEXT_DISPLAY | kind::THUMBNAIL | kind::MEDIA_GALLERY | kind::FILE)
            | Some(kind::SEPARATOR | kind::CONTAINER)
    )
}

/// Whether a message's `flags` make it a layout message.
pub(crate) fn is_v2(flags: u64) -> bool {
    flags & IS_COMPONENTS_V2 != 0
}

/// Refuses `content`, `embeds`, `sticker_ids` and `poll` beside the flag (their empty
/// values, `null`, `""` and `[]`, are allowed: an edit that sets the flag must send them).
pub(crate) fn check_no_legacy_fields(body: &Value, base: Path<'_>, errors: &mut Vec<FieldError>) {
    let used = |key: &str| match &body[key] {
        Value::Null => false,
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        _ => true,
    };
    for key in ["content", "embeds", "sticker_ids", "poll"] {
        if used(key) {
            errors.push(base.key(key).error(
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                format!("The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"),
            ));
        }
    }
}

/// Where a component sits, which decides the types it may have.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Top,
    Container,
    SectionText,
    Accessory,
}

impl Place {
    fn allows(self, t: u64) -> bool {
        use kind::*;
        match self {
            Place::Top => {
                matches!(t, ACTION_ROW | SECTION | TEXT_DISPLAY | MEDIA_GALLERY | FILE | SEPARATOR | CONTAINER)
            }
            Place::Container => matches!(t, ACTION_ROW | SECTION | TEXT_DISPLAY | MEDIA_GALLERY | FILE | SEPARATOR),
            Place::SectionText => t == TEXT_DISPLAY,
            Place::Accessory => matches!(t, BUTTON | THUMBNAIL),
        }
    }

    fn allowed(self) -> &'static str {
        match self {
            Place::Top => "{1, 9, 10, 12, 13, 14, 17}",
            Place::Container => "{1, 9, 10, 12, 13, 14}",
            Place::SectionText => "{10}",
            Place::Accessory => "{2, 11}",
        }
    }
}

/// What the whole message counts.
struct Tally<'v> {
    components: usize,
    text: usize,
    custom_ids: HashSet<&'v str>,
    ids: HashSet<u64>,
}

/// Checks the `components` of a layout message (at `base`).
pub(crate) fn check_components(list: &Value, base: Path<'_>, errors: &mut Vec<FieldError>) {
    let path = base.key("components");
    let Some(top) = list.as_array() else {
        if !list.is_null() {
            errors.push(path.error("BASE_TYPE_ARRAY", "Must be an array."));
        }
        return;
    };
    let mut tally = Tally { components: 0, text: 0, custom_ids: HashSet::new(), ids: HashSet::new() };
    for (i, c) in top.iter().enumerate() {
        check_node(c, path.index(i), Place::Top, &mut tally, errors);
    }
    if tally.components > MAX_COMPONENTS {
        errors.push(path.error(
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {MAX_COMPONENTS} or fewer components in total (nested ones counted)."),
        ));
    }
    if tally.text > MAX_TEXT {
        errors.push(path.error(
            "MAX_COMPONENTS_TEXT_LENGTH_EXCEEDED",
            format!("The text of all components together must be {MAX_TEXT} or fewer in length."),
        ));
    }
}

fn check_node<'v>(c: &'v Value, at: Path<'_>, place: Place, tally: &mut Tally<'v>, errors: &mut Vec<FieldError>) {
    tally.components += 1;
    let Some(t) = c["type"].as_u64().filter(|t| place.allows(*t)) else {
        errors.push(at.key("type").error("BASE_TYPE_CHOICES", format!("Value must be one of {}.", place.allowed())));
        return;
    };
    // An id of 0 counts as none (Discord numbers it).
    match c["id"].as_u64() {
        _ if c["id"].is_null() => {}
        Some(0) => {}
        Some(id) if id <= i32::MAX as u64 => {
            if !tally.ids.insert(id) {
                errors
                    .push(at.key("id").error("COMPONENT_ID_DUPLICATED", "Component ids must be unique in a message."));
            }
        }
        _ => errors.push(at.key("id").error("NUMBER_TYPE_MAX", "Must be a 32-bit integer.")),
    }
    match t {
        kind::ACTION_ROW => {
            tally.components += elements(&c["components"]).len();
            limits::check_action_row(c, at, &mut tally.custom_ids, errors);
        }
        kind::BUTTON => limits::check_component(c, at, &mut tally.custom_ids, errors),
        kind::CONTAINER => {
            let children = elements(&c["components"]);
            let cp = at.key("components");
            if children.is_empty() {
                errors.push(cp.error("BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."));
            }
            for (i, child) in children.iter().enumerate() {
                check_node(child, cp.index(i), Place::Container, tally, errors);
            }
            match &c["accent_color"] {
                Value::Null => {}
                v if v.as_u64().is_some_and(|rgb| rgb <= 0xFF_FFFF) => {}
                _ => errors
                    .push(at.key("accent_color").error("NUMBER_TYPE_MAX", "Must be an RGB colour from 0 to 16777215.")),
            }
            check_bool(c, at, "spoiler", errors);
        }
        kind::SECTION => {
            let children = elements(&c["components"]);
            let cp = at.key("components");
            if !(1..=3).contains(&children.len()) {
                errors.push(cp.error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length."));
            }
            for (i, child) in children.iter().enumerate() {
                check_node(child, cp.index(i), Place::SectionText, tally, errors);
            }
            let ap = at.key("accessory");
            match &c["accessory"] {
                Value::Object(_) => check_node(&c["accessory"], ap, Place::Accessory, tally, errors),
                Value::Null => errors.push(ap.error("BASE_TYPE_REQUIRED", "This field is required")),
                _ => errors.push(ap.error("DICT_TYPE_CONVERT", "A section has exactly one accessory component.")),
            }
        }
        kind::TEXT_DISPLAY => {
            len_between(errors, at.key("content"), &c["content"], 1, MAX_TEXT);
            tally.text += c["content"].as_str().map_or(0, |s| s.chars().count());
        }
        kind::THUMBNAIL => {
            check_media_item(&c["media"], at.key("media"), errors);
            max_len(errors, at.key("description"), &c["description"], MAX_DESCRIPTION);
            check_bool(c, at, "spoiler", errors);
        }
        kind::MEDIA_GALLERY => {
            let items = elements(&c["items"]);
            let ip = at.key("items");
            if !(1..=10).contains(&items.len()) {
                errors.push(ip.error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length."));
            }
            for (i, item) in items.iter().enumerate() {
                let ib = ip.index(i);
                check_media_item(&item["media"], ib.key("media"), errors);
                max_len(errors, ib.key("description"), &item["description"], MAX_DESCRIPTION);
                check_bool(item, ib, "spoiler", errors);
            }
        }
        kind::FILE => {
            check_media_item(&c["file"], at.key("file"), errors);
            if c["file"]["url"].as_str().is_some_and(|u| !u.starts_with("attachment://")) {
                errors.push(at.key("file").key("url").error(
                    "BASE_TYPE_BAD_VALUE",
                    "A file component only shows an attachment (attachment://<filename>).",
                ));
            }
            check_bool(c, at, "spoiler", errors);
        }
        kind::SEPARATOR => {
            if !c["spacing"].is_null() && !matches!(c["spacing"].as_u64(), Some(1 | 2)) {
                errors.push(at.key("spacing").error("BASE_TYPE_CHOICES", "Value must be one of {1, 2}."));
            }
            check_bool(c, at, "divider", errors);
        }
        // Select menus only sit in action rows, which check them.
        _ => {}
    }
}

fn check_bool(c: &Value, at: Path<'_>, key: &str, errors: &mut Vec<FieldError>) {
    if !c[key].is_null() && !c[key].is_boolean() {
        errors.push(at.key(key).error("BASE_TYPE_BOOLEAN", "Must be either true or false."));
    }
}

/// An unfurled media item as sent: an object whose `url` is `attachment://name` or an
/// http(s) address.
fn check_media_item(media: &Value, at: Path<'_>, errors: &mut Vec<FieldError>) {
    let Some(url) = media["url"].as_str() else {
        errors.push(at.key("url").error("BASE_TYPE_REQUIRED", "This field is required"));
        return;
    };
    let ok = match url.strip_prefix("attachment://") {
        Some(name) => {
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
        }
        None => url.starts_with("https://") || url.starts_with("http://"),
    };
    if !ok {
        errors.push(
            at.key("url").error("URL_TYPE_INVALID_URL", "Not a well formed URL or attachment://<filename> reference."),
        );
    }
}

/// Every component of a message, depth first: each one, then what it holds (its
/// `components`, then its `accessory`).
pub(crate) fn walk(list: &[Value]) -> Vec<&Value> {
    fn go<'v>(list: &'v [Value], out: &mut Vec<&'v Value>) {
        for c in list {
            out.push(c);
            go(elements(&c["components"]), out);
            if c["accessory"].is_object() {
                go(std::slice::from_ref(&c["accessory"]), out);
            }
        }
    }
    let mut out = Vec::new();
    go(list, &mut out);
    out
}

/// The unfurled media items of a layout message's components, with the path of each
/// (`components.0.components.1.items.0.media`), mutably.
fn media_items_mut<'v>(list: &'v mut [Value], path: &mut Vec<String>, out: &mut Vec<(Vec<String>, &'v mut Value)>) {
    for (i, c) in list.iter_mut().enumerate() {
        path.push(i.to_string());
        let t = c["type"].as_u64();
        let Some(obj) = c.as_object_mut() else {
            path.pop();
            continue;
        };
        for (key, value) in obj.iter_mut() {
            match (t, key.as_str()) {
                (Some(kind::THUMBNAIL), "media") | (Some(kind::FILE), "file") => {
                    out.push(([path.as_slice(), std::slice::from_ref(key)].concat(), value));
                }
                (Some(kind::MEDIA_GALLERY), "items") => {
                    for (j, item) in value.as_array_mut().into_iter().flatten().enumerate() {
                        if let Some(media) = item.get_mut("media") {
                            let p = [path.as_slice(), &["items".into(), j.to_string(), "media".into()]].concat();
                            out.push((p, media));
                        }
                    }
                }
                (_, "components") => {
                    if let Some(children) = value.as_array_mut() {
                        path.push("components".into());
                        media_items_mut(children, path, out);
                        path.pop();
                    }
                }
                (_, "accessory") => {
                    path.push("accessory".into());
                    media_items_mut(std::slice::from_mut(value), path, out);
                    path.pop();
                }
                _ => {}
            }
        }
        path.pop();
    }
}

/// The attachment an `attachment://name` URL names among `attachments`.
fn named<'a>(url: &str, attachments: &'a [AttachmentRec]) -> Option<&'a AttachmentRec> {
    let name = url.strip_prefix("attachment://")?;
    attachments.iter().find(|a| a.filename == name)
}

/// Checks that every `attachment://name` of `components` (at `base`) names one of
/// `attachments`.
pub(crate) fn check_references(
    components: &[Value],
    attachments: &[AttachmentRec],
    base: &[&str],
) -> Result<(), ApiError> {
    let mut copy = components.to_vec();
    let mut items = Vec::new();
    media_items_mut(&mut copy, &mut Vec::new(), &mut items);
    for (path, media) in items {
        let Some(url) = media["url"].as_str().filter(|u| u.starts_with("attachment://")) else {
            continue;
        };
        if named(url, attachments).is_none() {
            let full: Vec<&str> = base
                .iter()
                .copied()
                .chain(["components"])
                .chain(path.iter().map(String::as_str))
                .chain(["url"])
                .collect();
            return Err(ApiError::form(
                &full,
                "BASE_TYPE_BAD_VALUE",
                &format!("{url} names no attachment of the message (Discord would show a broken picture)."),
            ));
        }
    }
    Ok(())
}

/// Fills in what Discord answers for a stored layout message's components: each media
/// item resolved to the attachment it shows (its CDN address, size in pixels, type and
/// `attachment_id`), and the optional fields with their defaults (a container's
/// `accent_color` and `spoiler`, a gallery item's `description` and `spoiler`, a
/// separator's `spacing` and `divider`, a file's `name` and `size`…).
pub(crate) fn answer_fields(
    components: &mut [Value],
    attachments: &[AttachmentRec],
    channel: u64,
    mut next_id: impl FnMut() -> u64,
) {
    defaults(components);
    let mut items = Vec::new();
    media_items_mut(components, &mut Vec::new(), &mut items);
    for (_, media) in items {
        let url = media["url"].as_str().unwrap_or_default().to_string();
        let resolved = match named(&url, attachments) {
            Some(a) => {
                let cdn = crate::attachments::cdn_url(channel, a);
                let (width, height) = image_size(&a.data).unzip();
                json!({
                    "id": next_id().to_string(),
                    "url": cdn,
                    "proxy_url": cdn.replace("cdn.discordapp.com", "media.discordapp.net"),
                    "width": width,
                    "height": height,
                    "content_type": a.content_type,
                    "flags": u64::from(is_animated(&a.data)),
                    "attachment_id": a.id.to_string(),
                })
            }
            None => json!({
                "id": next_id().to_string(),
                "url": url,
                "proxy_url": format!("https://images-ext-1.discordapp.net/external/{}", url.split("://").nth(1).unwrap_or_default()),
                "width": null,
                "height": null,
                "flags": 0,
            }),
        };
        *media = resolved;
    }
    file_names(components, attachments);
}

/// A file component's `name` and `size`, from the attachment it shows.
fn file_names(list: &mut [Value], attachments: &[AttachmentRec]) {
    for c in list {
        if c["type"] == kind::FILE {
            let shown = c["file"]["attachment_id"].as_str().and_then(|id| id.parse::<u64>().ok());
            if let Some(a) = attachments.iter().find(|a| Some(a.id) == shown) {
                c["name"] = json!(a.filename);
                c["size"] = json!(a.data.len());
            }
        }
        if let Some(children) = c.get_mut("components").and_then(Value::as_array_mut) {
            file_names(children, attachments);
        }
    }
}

/// The width and height of a PNG or GIF picture, from its header.
pub(crate) fn image_size(data: &[u8]) -> Option<(u32, u32)> {
    if data.starts_with(b"\x89PNG\r\n\x1a\n") && data.len() >= 24 && &data[12..16] == b"IHDR" {
        let be = |at: usize| u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]);
        return Some((be(16), be(20)));
    }
    if (data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a")) && data.len() >= 10 {
        let le = |at: usize| u32::from(u16::from_le_bytes([data[at], data[at + 1]]));
        return Some((le(6), le(8)));
    }
    None
}

/// Whether a picture is animated: a GIF that loops (its `NETSCAPE2.0` block), or a PNG
/// with an animation control chunk (`acTL`).
pub(crate) fn is_animated(data: &[u8]) -> bool {
    let has = |needle: &[u8]| data.windows(needle.len()).any(|w| w == needle);
    (data.starts_with(b"GIF8") && has(b"NETSCAPE2.0")) || (data.starts_with(b"\x89PNG") && has(b"acTL"))
}

/// The optional fields Discord answers with, set to their defaults where absent: a select
/// menu's `min_values` and `max_values`, and those of layout components.
pub(crate) fn defaults(list: &mut [Value]) {
    let fill = |o: &mut Map<String, Value>, key: &str, v: Value| {
        o.entry(key).or_insert(v);
    };
    for c in list {
        let t = c["type"].as_u64();
        let Some(o) = c.as_object_mut() else { continue };
        match t {
            Some(kind::CONTAINER) => {
                fill(o, "accent_color", Value::Null);
                fill(o, "spoiler", json!(false));
            }
            Some(kind::THUMBNAIL) => {
                fill(o, "description", Value::Null);
                fill(o, "spoiler", json!(false));
            }
            Some(kind::MEDIA_GALLERY) => {
                for item in o.get_mut("items").and_then(Value::as_array_mut).into_iter().flatten() {
                    if let Some(item) = item.as_object_mut() {
                        fill(item, "description", Value::Null);
                        fill(item, "spoiler", json!(false));
                    }
                }
            }
            Some(kind::FILE) => fill(o, "spoiler", json!(false)),
            Some(kind::SEPARATOR) => {
                fill(o, "spacing", json!(1));
                fill(o, "divider", json!(true));
            }
            Some(3 | 5 | 6 | 7 | 8) => {
                fill(o, "min_values", json!(1));
                fill(o, "max_values", json!(1));
            }
            _ => {}
        }
        if let Some(children) = o.get_mut("components").and_then(Value::as_array_mut) {
            defaults(children);
        }
        if let Some(accessory) = o.get_mut("accessory").filter(|a| a.is_object()) {
            defaults(std::slice::from_mut(accessory));
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::attachments::Upload;
    use crate::interactions::{self, Action};
    use crate::messages::{self, NewMessage};
    use crate::payloads;
    use crate::record::RecordedMessage;
    use crate::world::World;

    /// The first bytes of a PNG picture `width` by `height` (all a header needs).
    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut v = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        v.extend(width.to_be_bytes());
        v.extend(height.to_be_bytes());
        v.extend([8, 3, 0, 0, 0]);
        v
    }

    /// A world with a guild and a channel; returns it and the channel.
    fn world() -> (World, u64) {
        let mut w = World::new();
        let guild = w.add_guild("g");
        let channel = w.add_channel(guild, "c").expect("a channel");
        (w, channel)
    }

    /// Posts `body` in `channel` as the bot, with `files` uploaded as `files[0]`, `files[1]`….
    fn post(w: &mut World, channel: u64, body: Value, files: &[(&str, Vec<u8>)]) -> Result<u64, ApiError> {
        w.uploads = files
            .iter()
            .enumerate()
            .map(|(i, (name, data))| Upload {
                field: format!("files[{i}]"),
                filename: (*name).into(),
                content_type: Some("image/png".into()),
                data: data.clone(),
            })
            .collect();
        let p = NewMessage::bot_post(w, channel);
        messages::create(w, &mut body.clone(), &[], p)
    }

    fn text(s: &str) -> Value {
        json!({ "type": 10, "content": s })
    }

    fn button(id: &str) -> Value {
        json!({ "type": 2, "style": 1, "label": id, "custom_id": id })
    }

    /// A board as the bot will send it: a container with the seat's accent, texts, the
    /// picture, a separator and a row of buttons.
    fn board() -> Value {
        json!({
            "flags": IS_COMPONENTS_V2,
            "components": [{
                "type": 17,
                "accent_color": 0x3B82F6,
                "components": [
                    text("**Round 2**: Alice advances 3."),
                    { "type": 12, "items": [{ "media": { "url": "attachment://board.png" }, "description": "The piste" }] },
                    { "type": 14 },
                    { "type": 9, "components": [text("Bob to play")], "accessory": button("hint") },
                    { "type": 1, "components": [button("a"), button("b")] },
                ],
            }],
            "attachments": [{ "id": "0", "filename": "board.png", "description": "The piste" }],
        })
    }

    /// The codes of the errors refusing `body` (posted with a `board.png`).
    fn refusal(body: Value) -> Vec<String> {
        let (mut w, channel) = world();
        let err = post(&mut w, channel, body, &[("board.png", png(8, 4))]).expect_err("refused");
        assert_eq!((err.status, err.body["code"].as_u64()), (400, Some(50035)), "{}", err.body);
        let mut codes = Vec::new();
        fn collect(v: &Value, out: &mut Vec<String>) {
            for (k, v) in v.as_object().into_iter().flatten() {
                if k == "_errors" {
                    out.extend(v.as_array().into_iter().flatten().filter_map(|e| e["code"].as_str().map(String::from)));
                } else {
                    collect(v, out);
                }
            }
        }
        collect(&err.body["errors"], &mut codes);
        codes
    }

    fn v2(components: Value) -> Value {
        json!({ "flags": IS_COMPONENTS_V2, "components": components })
    }

    #[test]
    fn a_board_comes_back_as_discord_answers_it() {
        let (mut w, channel) = world();
        let id = post(&mut w, channel, board(), &[("board.png", png(800, 236))]).expect("accepted");
        let sent = payloads::parse(&payloads::message(&w, &w.messages[&id]));
        assert_eq!(sent["flags"], IS_COMPONENTS_V2);
        assert_eq!((sent["content"].as_str(), sent["embeds"].as_array().map(Vec::len)), (Some(""), Some(0)));
        let container = &sent["components"][0];
        assert_eq!((container["id"].as_u64(), container["accent_color"].as_u64()), (Some(1), Some(0x3B82F6)));
        assert_eq!(container["spoiler"], false);
        let item = &container["components"][1]["items"][0];
        let attachment = &sent["attachments"][0];
        assert_eq!(item["media"]["attachment_id"], attachment["id"]);
        assert_eq!(item["media"]["url"], attachment["url"]);
        assert!(item["media"]["id"].as_str().is_some_and(|s| s.parse::<u64>().is_ok()), "{item}");
        assert!(item["media"]["proxy_url"].as_str().is_some_and(|u| u.ends_with("/board.png")));
        assert_eq!((item["media"]["width"].as_u64(), item["media"]["height"].as_u64()), (Some(800), Some(236)));
        assert_eq!((item["description"].as_str(), item["spoiler"].as_bool()), (Some("The piste"), Some(false)));
        let separator = &container["components"][2];
        assert_eq!((separator["spacing"].as_u64(), separator["divider"].as_bool()), (Some(1), Some(true)));
        // Numbered depth first: the section (5), its text (6), its accessory (7), the row (8).
        let section = &container["components"][3];
        assert_eq!((section["id"].as_u64(), section["accessory"]["id"].as_u64()), (Some(5), Some(7)));
        assert_eq!(container["components"][4]["components"][1]["id"], 10);

        let recorded = RecordedMessage::from_rec(&w.messages[&id]);
        assert!(recorded.is_layout());
        assert_eq!(recorded.text_displays(), ["**Round 2**: Alice advances 3.", "Bob to play"]);
        assert_eq!(recorded.gallery_items().len(), 1);
        let ids: Vec<String> = recorded.buttons().into_iter().map(|(_, id)| id).collect();
        assert_eq!(ids, ["hint", "a", "b"]);
        for t in ["Bob to play", "The piste", "hint"] {
            assert!(recorded.text().contains(t), "{t} in {}", recorded.text());
        }

        // A click on a nested button reaches the bot, with the message as it is.
        let user = w.owner_user;
        let guild = w.channel_guild(channel);
        let click = Action::Component { message: id, custom_id: "a".into(), values: None, forged: false };
        interactions::create(&mut w, user, guild, channel, &click, false).expect("a button of the message");
        let payload = payloads::parse(&w.payload_buffer);
        assert_eq!(payload["message"]["components"], sent["components"]);
        assert_eq!(payload["message"]["flags"], IS_COMPONENTS_V2);
        let hidden = Action::Component { message: id, custom_id: "nope".into(), values: None, forged: false };
        assert!(interactions::create(&mut w, user, guild, channel, &hidden, false).is_err());
    }

    #[test]
    fn legacy_fields_beside_the_flag_are_refused() {
        let mut with_content = board();
        with_content["content"] = json!("hello");
        assert_eq!(refusal(with_content), ["MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"]);
        let mut with_embeds = board();
        with_embeds["embeds"] = json!([{ "title": "t" }]);
        assert_eq!(refusal(with_embeds), ["MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"]);
        // Their empty values are fine.
        let mut empty = board();
        empty["content"] = Value::Null;
        empty["embeds"] = json!([]);
        let (mut w, channel) = world();
        assert!(post(&mut w, channel, empty, &[("board.png", png(8, 4))]).is_ok());
        // And layout components need the flag.
        let mut no_flag = board();
        no_flag["flags"] = json!(0);
        assert_eq!(refusal(no_flag), ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]);
    }

    #[test]
    fn at_most_40_components_and_4000_characters() {
        // 1 container + 39 texts: 40 in all. One more is too many.
        let texts: Vec<Value> = (0..39).map(|i| text(&format!("t{i}"))).collect();
        let (mut w, channel) = world();
        assert!(post(&mut w, channel, v2(json!([{ "type": 17, "components": texts }])), &[]).is_ok());
        let mut texts: Vec<Value> = (0..13).map(|i| text(&format!("t{i}"))).collect();
        // A row of 5 buttons is 6 components; a section with its text and accessory 3.
        texts.extend((0..4).map(
            |r| json!({ "type": 1, "components": (0..5).map(|b| button(&format!("b{r}{b}"))).collect::<Vec<_>>() }),
        ));
        texts.push(json!({ "type": 9, "components": [text("s")], "accessory": button("x") }));
        assert_eq!(refusal(v2(json!([{ "type": 17, "components": texts }]))), ["BASE_TYPE_MAX_LENGTH"]);

        let (mut w, channel) = world();
        let fits = v2(json!([text(&"a".repeat(2000)), text(&"é".repeat(2000))]));
        assert!(post(&mut w, channel, fits, &[]).is_ok());
        let too_long = v2(json!([text(&"a".repeat(2000)), { "type": 17, "components": [text(&"b".repeat(2001))] }]));
        assert_eq!(refusal(too_long), ["MAX_COMPONENTS_TEXT_LENGTH_EXCEEDED"]);
        assert_eq!(refusal(v2(json!([text("")]))), ["BASE_TYPE_BAD_LENGTH"]);
    }

    #[test]
    fn galleries_hold_one_to_ten_items_of_attached_pictures() {
        let item = json!({ "media": { "url": "attachment://board.png" } });
        let gallery = |n: usize| v2(json!([{ "type": 12, "items": vec![item.clone(); n] }]));
        let (mut w, channel) = world();
        assert!(post(&mut w, channel, gallery(10), &[("board.png", png(8, 4))]).is_ok());
        assert_eq!(refusal(gallery(0)), ["BASE_TYPE_BAD_LENGTH"]);
        assert_eq!(refusal(gallery(11)), ["BASE_TYPE_BAD_LENGTH"]);
        let long = v2(
            json!([{ "type": 12, "items": [{ "media": { "url": "attachment://board.png" }, "description": "d".repeat(1025) }] }]),
        );
        assert_eq!(refusal(long), ["BASE_TYPE_MAX_LENGTH"]);
        // A picture that was not uploaded.
        let missing = v2(json!([{ "type": 12, "items": [{ "media": { "url": "attachment://other.png" } }] }]));
        assert_eq!(refusal(missing), ["BASE_TYPE_BAD_VALUE"]);
        let (mut w, channel) = world();
        let err = post(&mut w, channel, missing_in_container(), &[("board.png", png(8, 4))]).expect_err("refused");
        let at = &err.body["errors"]["components"]["0"]["components"]["0"]["items"]["0"]["media"]["url"];
        assert!(at["_errors"].is_array(), "{}", err.body);
        assert_eq!(
            refusal(v2(json!([{ "type": 12, "items": [{ "media": { "url": "ftp://x/y.png" } }] }]))),
            ["URL_TYPE_INVALID_URL"]
        );
    }

    fn missing_in_container() -> Value {
        v2(
            json!([{ "type": 17, "components": [{ "type": 12, "items": [{ "media": { "url": "attachment://gone.png" } }] }] }]),
        )
    }

    #[test]
    fn a_section_has_one_accessory_and_components_sit_where_they_may() {
        let two = v2(json!([{ "type": 9, "components": [text("s")], "accessory": [button("a"), button("b")] }]));
        assert_eq!(refusal(two), ["DICT_TYPE_CONVERT"]);
        let none = v2(json!([{ "type": 9, "components": [text("s")] }]));
        assert_eq!(refusal(none), ["BASE_TYPE_REQUIRED"]);
        let four = v2(
            json!([{ "type": 9, "components": [text("1"), text("2"), text("3"), text("4")], "accessory": button("a") }]),
        );
        assert_eq!(refusal(four), ["BASE_TYPE_BAD_LENGTH"]);
        let thumbnail = json!({ "type": 11, "media": { "url": "attachment://board.png" }, "description": "alt" });
        let (mut w, channel) = world();
        let ok = v2(json!([{ "type": 9, "components": [text("s")], "accessory": thumbnail }]));
        let id = post(&mut w, channel, ok, &[("board.png", png(8, 4))]).expect("a thumbnail accessory");
        assert_eq!(w.messages[&id].components[0]["accessory"]["media"]["width"], 8);
        for misplaced in [
            v2(json!([button("top")])),
            v2(json!([{ "type": 17, "components": [{ "type": 17, "components": [text("inner")] }] }])),
            v2(json!([{ "type": 9, "components": [button("b")], "accessory": button("a") }])),
            v2(json!([{ "type": 9, "components": [text("s")], "accessory": text("t") }])),
        ] {
            assert_eq!(refusal(misplaced), ["BASE_TYPE_CHOICES"]);
        }
        let duplicate = v2(
            json!([{ "type": 9, "components": [text("s")], "accessory": button("a") }, { "type": 1, "components": [button("a")] }]),
        );
        assert_eq!(refusal(duplicate), ["COMPONENT_CUSTOM_ID_DUPLICATED"]);
        assert_eq!(
            refusal(v2(json!([{ "type": 17, "accent_color": 0x1000000, "components": [text("t")] }]))),
            ["NUMBER_TYPE_MAX"]
        );
        assert_eq!(refusal(v2(json!([{ "type": 14, "spacing": 3 }]))), ["BASE_TYPE_CHOICES"]);
        assert_eq!(refusal(v2(json!([{ "type": 13, "file": { "url": "https://x/y.zip" } }]))), ["BASE_TYPE_BAD_VALUE"]);
    }

    #[test]
    fn the_flag_is_set_by_an_edit_and_never_removed() {
        let (mut w, channel) = world();
        let legacy = post(&mut w, channel, json!({ "content": "old" }), &[]).expect("posted");
        // Setting the flag needs the content emptied by the same edit.
        let keeps_content = v2(json!([text("new")]));
        let err = messages::edit(&mut w, legacy, &mut keeps_content.clone(), &[], false).expect_err("refused");
        assert!(err.body["errors"]["content"]["_errors"].is_array(), "{}", err.body);
        let mut clears = keeps_content;
        clears["content"] = Value::Null;
        messages::edit(&mut w, legacy, &mut clears, &[], false).expect("accepted");
        assert_eq!((w.messages[&legacy].flags, w.messages[&legacy].content.as_str()), (IS_COMPONENTS_V2, ""));

        // An edit without flags keeps it, and is checked as a layout message.
        messages::edit(&mut w, legacy, &mut json!({ "components": [text("again")] }), &[], false).expect("kept");
        let err = messages::edit(&mut w, legacy, &mut json!({ "content": "back" }), &[], false).expect_err("refused");
        assert!(err.body["errors"]["content"]["_errors"].is_array(), "{}", err.body);
        let err =
            messages::edit(&mut w, legacy, &mut json!({ "flags": 0, "content": "back", "components": [] }), &[], false)
                .expect_err("refused");
        assert_eq!(err.body["errors"]["flags"]["_errors"][0]["code"], "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG");
        assert_eq!(RecordedMessage::from_rec(&w.messages[&legacy]).text_displays(), ["again"]);
    }

    #[test]
    fn an_edit_shows_the_pictures_it_uploads_or_keeps() {
        let (mut w, channel) = world();
        let id = post(&mut w, channel, board(), &[("board.png", png(800, 236))]).expect("posted");
        let first = w.messages[&id].attachments[0].id;
        // A new picture under the same name replaces the old one.
        let mut again = board();
        again.as_object_mut().map(|o| o.remove("flags"));
        w.uploads = vec![Upload {
            field: "files[0]".into(),
            filename: "board.png".into(),
            content_type: Some("image/png".into()),
            data: png(800, 292),
        }];
        messages::edit(&mut w, id, &mut again, &[], false).expect("accepted");
        let m = &w.messages[&id];
        let media = &m.components[0]["components"][1]["items"][0]["media"];
        assert_ne!(m.attachments[0].id, first);
        assert_eq!(media["attachment_id"], m.attachments[0].id.to_string());
        assert_eq!(media["height"], 292);
        // Dropping the attachment the components show is refused.
        let mut dropped = board();
        dropped["attachments"] = json!([]);
        let err = messages::edit(&mut w, id, &mut dropped, &[], false).expect_err("refused");
        assert_eq!(err.status, 400);
    }

    #[test]
    fn a_deferred_response_cannot_carry_the_flag_but_its_edit_can() {
        let (mut w, channel) = world();
        let (user, guild) = (w.owner_user, w.channel_guild(channel));
        let command = Action::Command { name: "engarde".into(), options: json!([]), forged: false };
        let id = interactions::create(&mut w, user, guild, channel, &command, false).expect("delivered");
        let token = w.interactions[&id].token.clone();
        let mut deferred = json!({ "type": 5, "data": { "flags": IS_COMPONENTS_V2 | 64 } });
        let err = interactions::callback(&mut w, id, &token, &mut deferred).err().expect("refused");
        assert!(err.body["errors"]["data"]["flags"]["_errors"].is_array(), "{}", err.body);
        let mut deferred = json!({ "type": 5, "data": { "flags": 64 } });
        interactions::callback(&mut w, id, &token, &mut deferred).expect("deferred");
        let mut edit = v2(json!([text("done")]));
        let method = axum::http::Method::PATCH;
        interactions::webhook_message(&mut w, &method, &token, "@original", &mut edit).expect("edited");
        let original = w.interactions[&id].original.expect("an original response");
        assert_eq!(w.messages[&original].flags, IS_COMPONENTS_V2 | 64);
    }

    #[test]
    fn picture_headers() {
        assert_eq!(image_size(&png(800, 236)), Some((800, 236)));
        assert_eq!(image_size(b"GIF89a\x20\x03\xec\x00"), Some((800, 236)));
        assert_eq!(image_size(b"{}"), None);
        assert!(is_animated(b"GIF89a....!\xff\x0bNETSCAPE2.0"));
        assert!(!is_animated(&png(1, 1)));
    }
}
