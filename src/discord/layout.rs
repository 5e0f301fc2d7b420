//! Discord's layout components ("Components V2": a message sent with the flag
//! `IS_COMPONENTS_V2` is made of components only), which serenity 0.12 has no builders
//! for: small typed builders serialised to the JSON Discord's "Component Reference"
//! documents, and the requests that send them with their pictures. Meant to be deleted
//! once a serenity release has them.
//!
//! serenity 0.12 reads such a message back without its layout: it keeps only the
//! top-level action rows (skipping a container and all it holds) and drops the flag. So an
//! answer here is read for the message's id only; a click on a button inside a container
//! reaches the bot as usual (its `custom_id` is the interaction's), but the clicked
//! message's buttons are not in serenity's `Message`. Files go as `files[0]`, `files[1]`…
//! by this module's own multipart request (serenity numbers them only in its builders).
//!
//! What Discord refuses on a layout message: `content` or `embeds` beside the flag, more
//! than 40 components in all (nested ones counted), more than 4,000 characters of text,
//! a gallery of other than 1 to 10 pictures, removing the flag by an edit; a deferred
//! response cannot carry the flag (it is set when the original response is edited).

use poise::serenity_prelude as serenity;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};

/// The message flag of layout messages.
pub const IS_COMPONENTS_V2: u64 = 1 << 15;
/// The message flag of a message only its user sees.
const EPHEMERAL: u64 = 1 << 6;
/// At most this many components in a layout message, nested ones counted.
pub const MAX_COMPONENTS: usize = 40;
/// At most this many characters in all the text displays of a message.
pub const MAX_TEXT: usize = 4000;

/// A layout component.
#[derive(Clone, Debug)]
pub enum Component {
    /// Components grouped in a box, with a coloured bar on its side (`0xRRGGBB`).
    Container {
        /// The bar's colour, if any.
        accent: Option<u32>,
        /// What the box holds (anything but another container).
        components: Vec<Component>,
    },
    /// Markdown text, as a message's content.
    Text(String),
    /// One to ten pictures, shown at the message's full width.
    Gallery(Vec<MediaItem>),
    /// Space between components, with a line (`divider`) or not, small or `large`.
    Separator {
        /// Whether a line is drawn.
        divider: bool,
        /// Large padding rather than small.
        large: bool,
    },
    /// A row of up to five buttons, or one select menu (serenity's own builders).
    Row(serenity::CreateActionRow),
}

/// A picture of a gallery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MediaItem {
    /// `attachment://<filename>` for an uploaded picture, or an address.
    pub url: String,
    /// Its alt text (at most 1,024 characters).
    pub description: Option<String>,
}

impl MediaItem {
    /// The gallery item showing `upload`, with its alt text.
    #[must_use]
    pub fn attached(upload: &Upload) -> MediaItem {
        MediaItem { url: format!("attachment://{}", upload.filename), description: upload.description.clone() }
    }
}

impl Component {
    /// The component as Discord's JSON.
    #[must_use]
    pub fn to_json(&self) -> Value {
        match self {
            Component::Container { accent, components } => json!({
                "type": 17,
                "accent_color": accent,
                "components": components.iter().map(Component::to_json).collect::<Vec<_>>(),
            }),
            Component::Text(content) => json!({ "type": 10, "content": content }),
            Component::Gallery(items) => json!({
                "type": 12,
                "items": items
                    .iter()
                    .map(|i| json!({ "media": { "url": i.url }, "description": i.description }))
                    .collect::<Vec<_>>(),
            }),
            Component::Separator { divider, large } => {
                json!({ "type": 14, "divider": divider, "spacing": if *large { 2 } else { 1 } })
            }
            Component::Row(row) => serde_json::to_value(row).unwrap_or(Value::Null),
        }
    }

    /// How many components this one counts for (itself and all it holds).
    fn count(&self) -> usize {
        match self {
            Component::Container { components, .. } => 1 + components.iter().map(Component::count).sum::<usize>(),
            Component::Row(row) => {
                1 + serde_json::to_value(row).ok().and_then(|r| r["components"].as_array().map(Vec::len)).unwrap_or(0)
            }
            _ => 1,
        }
    }

    /// The characters of its text displays.
    fn text_len(&self) -> usize {
        match self {
            Component::Container { components, .. } => components.iter().map(Component::text_len).sum(),
            Component::Text(content) => content.chars().count(),
            _ => 0,
        }
    }
}

impl Serialize for Component {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

/// A file a layout message uploads (a picture its gallery shows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    /// Its name, which `attachment://` addresses name.
    pub filename: String,
    /// Its alt text.
    pub description: Option<String>,
    /// Its bytes.
    pub data: Vec<u8>,
}

/// A layout message: its components, the pictures it uploads, and to whom it shows.
#[derive(Clone, Debug, Default)]
pub struct LayoutMessage {
    /// The components, in order.
    pub components: Vec<Component>,
    /// The files uploaded with it.
    pub uploads: Vec<Upload>,
    /// Shown only to the user who acted (interaction responses and follow-ups).
    pub ephemeral: bool,
    /// Who its mentions may notify (none if `None`).
    pub allowed_mentions: Option<serenity::CreateAllowedMentions>,
}

impl LayoutMessage {
    /// A message of these components.
    #[must_use]
    pub fn new(components: Vec<Component>) -> LayoutMessage {
        LayoutMessage { components, ..LayoutMessage::default() }
    }

    /// Uploads `upload` with the message.
    #[must_use]
    pub fn upload(mut self, upload: Upload) -> LayoutMessage {
        self.uploads.push(upload);
        self
    }

    /// Shows the message only to the user who acted.
    #[must_use]
    pub fn ephemeral(mut self) -> LayoutMessage {
        self.ephemeral = true;
        self
    }

    /// How many components the message has in all (at most [`MAX_COMPONENTS`]).
    #[must_use]
    pub fn component_count(&self) -> usize {
        self.components.iter().map(Component::count).sum()
    }

    /// How many characters its text displays hold (at most [`MAX_TEXT`]).
    #[must_use]
    pub fn text_len(&self) -> usize {
        self.components.iter().map(Component::text_len).sum()
    }

    /// The message's JSON body: the flag, the components, and an `attachments` entry per
    /// picture (`files[n]`'s `n` as a string snowflake, as Discord types the id).
    #[must_use]
    pub fn body(&self) -> Value {
        let flags = IS_COMPONENTS_V2 | if self.ephemeral { EPHEMERAL } else { 0 };
        let mut body = json!({
            "flags": flags,
            "components": self.components.iter().map(Component::to_json).collect::<Vec<_>>(),
            "allowed_mentions": self
                .allowed_mentions
                .as_ref()
                .map_or_else(|| json!({ "parse": [] }), |m| serde_json::to_value(m).unwrap_or(Value::Null)),
        });
        if !self.uploads.is_empty() {
            body["attachments"] = self
                .uploads
                .iter()
                .enumerate()
                .map(|(n, p)| json!({ "id": n.to_string(), "filename": p.filename, "description": p.description }))
                .collect();
        }
        body
    }
}

/// Why a layout message was not sent.
#[derive(Debug)]
pub enum LayoutError {
    /// The request could not be made or its answer read.
    Transport(String),
    /// Discord refused it.
    Status {
        /// The HTTP status.
        status: u16,
        /// The start of Discord's answer.
        body: String,
    },
}

impl std::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayoutError::Transport(e) => write!(f, "layout message not sent: {e}"),
            LayoutError::Status { status, body } => write!(f, "layout message refused ({status}): {body}"),
        }
    }
}

impl std::error::Error for LayoutError {}

/// The part of Discord's answer read: the message's id.
#[derive(serde::Deserialize)]
struct Posted {
    id: serenity::MessageId,
}

/// The client that sends layout messages (serenity's `Multipart` names every file part
/// after an id only its own builders set, so several files would all be `files[0]`).
fn client() -> &'static reqwest::Client {
    static CLIENT: std::sync::OnceLock<reqwest::Client> = std::sync::OnceLock::new();
    CLIENT.get_or_init(reqwest::Client::new)
}

/// Sends `body` (with `uploads` as `files[0]`, `files[1]`…) to `route`; the answer's text.
async fn send(
    http: &serenity::Http,
    route: serenity::http::Route<'_>,
    method: serenity::http::LightMethod,
    body: &Value,
    uploads: &[Upload],
) -> Result<Vec<u8>, LayoutError> {
    let transport = |e: &dyn std::fmt::Display| LayoutError::Transport(e.to_string());
    // serenity's request gives the address, the authorization and the user agent.
    let request = serenity::http::Request::new(route, method)
        .build(client(), http.token(), http.proxy.as_deref())
        .map_err(|e| transport(&e))?
        .build()
        .map_err(|e| transport(&e))?;
    let mut headers = request.headers().clone();
    headers.remove(reqwest::header::CONTENT_LENGTH);
    headers.remove(reqwest::header::CONTENT_TYPE);
    let builder = client().request(request.method().clone(), request.url().clone()).headers(headers);
    let builder = if uploads.is_empty() {
        builder.header(reqwest::header::CONTENT_TYPE, "application/json").body(body.to_string())
    } else {
        let mut form = reqwest::multipart::Form::new();
        for (n, p) in uploads.iter().enumerate() {
            let mime = if p.filename.ends_with(".gif") { "image/gif" } else { "image/png" };
            let part = reqwest::multipart::Part::bytes(p.data.clone())
                .file_name(p.filename.clone())
                .mime_str(mime)
                .map_err(|e| transport(&e))?;
            form = form.part(format!("files[{n}]"), part);
        }
        builder.multipart(form.text("payload_json", body.to_string()))
    };
    let response = builder.send().await.map_err(|e| transport(&e))?;
    let status = response.status().as_u16();
    let answer = response.bytes().await.map_err(|e| transport(&e))?.to_vec();
    if (200..300).contains(&status) {
        Ok(answer)
    } else {
        let body = String::from_utf8_lossy(&answer).chars().take(300).collect();
        Err(LayoutError::Status { status, body })
    }
}

/// The id of the message an answer describes.
fn posted(answer: &[u8]) -> Result<u64, LayoutError> {
    serde_json::from_slice::<Posted>(answer)
        .map(|p| p.id.get())
        .map_err(|e| LayoutError::Transport(format!("undecodable answer: {e}")))
}

/// Posts `message` in `channel`; its id.
///
/// # Errors
/// Discord's refusal, or a failed request.
pub async fn post(http: &serenity::Http, channel: u64, message: &LayoutMessage) -> Result<u64, LayoutError> {
    let route = serenity::http::Route::ChannelMessages { channel_id: serenity::ChannelId::new(channel) };
    send_message(http, route, serenity::http::LightMethod::Post, message).await
}

/// Sends `message` to `route`; the id of the message Discord answers with.
async fn send_message(
    http: &serenity::Http,
    route: serenity::http::Route<'_>,
    method: serenity::http::LightMethod,
    message: &LayoutMessage,
) -> Result<u64, LayoutError> {
    let answer = send(http, route, method, &message.body(), &message.uploads).await?;
    posted(&answer)
}

/// The application id that interactions' webhook routes name.
fn application_id(http: &serenity::Http) -> Result<serenity::ApplicationId, LayoutError> {
    http.application_id().ok_or_else(|| LayoutError::Transport("no application id".to_string()))
}

/// Sends `message` as a follow-up of the interaction whose token is `token`; its id.
///
/// # Errors
/// Discord's refusal, or a failed request (also when `http` knows no application id).
pub async fn follow_up(http: &serenity::Http, token: &str, message: &LayoutMessage) -> Result<u64, LayoutError> {
    let route = serenity::http::Route::WebhookFollowupMessages { application_id: application_id(http)?, token };
    send_message(http, route, serenity::http::LightMethod::Post, message).await
}

/// Makes the original response of the interaction whose token is `token` this message
/// (how a deferred response becomes a layout message); its id.
///
/// # Errors
/// Discord's refusal, or a failed request (also when `http` knows no application id).
pub async fn edit_original(http: &serenity::Http, token: &str, message: &LayoutMessage) -> Result<u64, LayoutError> {
    let route =
        serenity::http::Route::WebhookOriginalInteractionResponse { application_id: application_id(http)?, token };
    send_message(http, route, serenity::http::LightMethod::Patch, message).await
}

/// Answers an interaction with `message`: a new message, or (`update`) the clicked
/// message replaced by it.
///
/// # Errors
/// Discord's refusal, or a failed request.
pub async fn respond(
    http: &serenity::Http,
    interaction: serenity::InteractionId,
    token: &str,
    message: &LayoutMessage,
    update: bool,
) -> Result<(), LayoutError> {
    let body = json!({ "type": if update { 7 } else { 4 }, "data": message.body() });
    let route = serenity::http::Route::InteractionResponse { interaction_id: interaction, token };
    send(http, route, serenity::http::LightMethod::Post, &body, &message.uploads).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_picture() -> Upload {
        Upload { filename: "board.png".into(), description: Some("The piste".into()), data: vec![1, 2, 3] }
    }

    #[test]
    fn components_serialise_as_discord_documents_them() {
        let picture = board_picture();
        let row = serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new("advance")
            .label("Advance")
            .style(serenity::ButtonStyle::Primary)]);
        let container = Component::Container {
            accent: Some(0x3B82F6),
            components: vec![
                Component::Text("**Round 2**".into()),
                Component::Gallery(vec![MediaItem::attached(&picture)]),
                Component::Separator { divider: true, large: false },
                Component::Row(row),
            ],
        };
        assert_eq!(
            container.to_json(),
            json!({
                "type": 17,
                "accent_color": 0x3B82F6,
                "components": [
                    { "type": 10, "content": "**Round 2**" },
                    { "type": 12, "items": [{ "media": { "url": "attachment://board.png" }, "description": "The piste" }] },
                    { "type": 14, "divider": true, "spacing": 1 },
                    { "type": 1, "components": [
                        { "type": 2, "style": 1, "label": "Advance", "custom_id": "advance", "disabled": false }
                    ] },
                ],
            })
        );
        let plain = Component::Container { accent: None, components: vec![Component::Text("t".into())] };
        assert_eq!(plain.to_json()["accent_color"], Value::Null);
        assert_eq!(Component::Separator { divider: false, large: true }.to_json()["spacing"], 2);
        // Serialising the component is writing its JSON.
        assert_eq!(serde_json::to_value(&container).ok(), Some(container.to_json()));
    }

    #[test]
    fn a_message_carries_the_flag_and_its_pictures() {
        let end = Upload { filename: "end.png".into(), ..board_picture() };
        let replay = Upload { filename: "replay.gif".into(), description: None, data: vec![7] };
        let gallery = Component::Gallery(vec![MediaItem::attached(&end), MediaItem::attached(&replay)]);
        let message = LayoutMessage::new(vec![gallery]).upload(end).upload(replay).ephemeral();
        let body = message.body();
        assert_eq!(body["flags"], IS_COMPONENTS_V2 | 64);
        assert!(body.get("content").is_none() && body.get("embeds").is_none(), "{body}");
        assert_eq!(
            body["attachments"],
            json!([
                { "id": "0", "filename": "end.png", "description": "The piste" },
                { "id": "1", "filename": "replay.gif", "description": null },
            ])
        );
        assert_eq!(body["components"][0]["items"][1]["media"]["url"], "attachment://replay.gif");
        assert_eq!(body["allowed_mentions"], json!({ "parse": [] }), "nobody is pinged unless asked");
        let public = LayoutMessage::new(vec![Component::Text("hi".into())]);
        assert_eq!(public.body()["flags"], IS_COMPONENTS_V2);
        assert!(public.body().get("attachments").is_none());
    }

    #[test]
    fn counts_components_and_text_as_discord_does() {
        let row = serenity::CreateActionRow::Buttons(
            (0..5).map(|i| serenity::CreateButton::new(format!("b{i}")).label("b")).collect(),
        );
        let message = LayoutMessage::new(vec![
            Component::Container {
                accent: None,
                components: vec![Component::Text("abc".into()), Component::Text("é".repeat(10)), Component::Row(row)],
            },
            Component::Text("d".into()),
        ]);
        // The container, its two texts, the row and its five buttons, the last text.
        assert_eq!(message.component_count(), 10);
        assert_eq!(message.text_len(), 14);
    }
}
