//! File uploads: the `files[n]` parts of a multipart request, matched to the
//! `attachments` entries of its `payload_json` the way Discord matches them, and kept
//! (bytes and all) on the message so tests can read them back.

use serde_json::Value;

use crate::json::Obj;
use crate::payloads;
use crate::rest::ApiError;

/// Discord's default upload limit per file (10 MiB), as announced in interactions'
/// `attachment_size_limit` ("Uploading Files": the limit applies to each file).
pub(crate) const MAX_FILE_BYTES: usize = 10_485_760;
/// The largest request Discord takes when sending a message (25 MiB, "Create Message").
pub(crate) const MAX_REQUEST_BYTES: usize = 25 * 1_048_576;
/// At most this many attachments on one message.
pub(crate) const MAX_FILES: usize = 10;
/// The longest alt text (`description`) of an attachment.
pub(crate) const MAX_DESCRIPTION: usize = 1024;
/// The file types an embed may show through `attachment://` ("Using Attachments within
/// Embeds").
const EMBEDDABLE: [&str; 5] = ["jpg", "jpeg", "png", "webp", "gif"];

/// One file part of a multipart request.
#[derive(Clone, Debug)]
pub(crate) struct Upload {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    /// The part's `filename`.
    pub filename: String,
    /// The part's `Content-Type`, if given.
    pub content_type: Option<String>,
    /// The raw bytes.
    pub data: Vec<u8>,
}

/// An attachment stored on a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AttachmentRec {
    pub id: u64,
    pub filename: String,
    /// The alt text.
    pub description: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from > haystack.len() {
        return None;
    }
    haystack[from..].windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}

/// The value of `key="…"` in a part's headers.
fn quoted(head: &str, key: &str) -> Option<String> {
    let start = head.find(&format!("{key}=\""))? + key.len() + 2;
    let end = start + head[start..].find('"')?;
    Some(head[start..end].to_string())
}

/// The file parts of a multipart body (byte-exact).
pub(crate) fn file_parts(body: &[u8], boundary: &str) -> Vec<Upload> {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut out = Vec::new();
    let mut pos = match find(body, &delimiter, 0) {
        Some(p) => p + delimiter.len(),
        None => return out,
    };
    loop {
        // After a delimiter: `--` closes the body, otherwise CRLF then the part.
        if body[pos..].starts_with(b"--") {
            break;
        }
        let Some(head_end) = find(body, b"\r\n\r\n", pos) else { break };
        let Some(next) = find(body, &[b"\r\n".as_slice(), &delimiter].concat(), head_end + 4) else { break };
        let head = String::from_utf8_lossy(&body[pos..head_end]);
        if let (Some(field), Some(filename)) = (quoted(&head, "name"), quoted(&head, "filename")) {
            let content_type = head
                .lines()
                .find_map(|l| l.split_once(':').filter(|(k, _)| k.trim().eq_ignore_ascii_case("content-type")))
                .map(|(_, v)| v.trim().to_string());
            out.push(Upload { field, filename, content_type, data: body[head_end + 4..next].to_vec() });
        }
        pos = next + 2 + delimiter.len();
    }
    out
}

fn form_error(base: &[&str], path: &[&str], code: &'static str, message: &str) -> ApiError {
    let full: Vec<&str> = base.iter().chain(path).copied().collect();
    ApiError::form(&full, code, message)
}

/// The `n` of a `files[n]` part name.
fn placeholder(field: &str) -> Option<u64> {
    field.strip_prefix("files[")?.strip_suffix(']')?.parse().ok()
}

/// An attachment entry's `id`: a number, or a snowflake as a string.
fn entry_id(entry: &Value) -> Option<u64> {
    entry["id"].as_u64().or_else(|| entry["id"].as_str().and_then(|s| s.parse().ok()))
}

/// An entry's `description`, checked (at most 1024 characters).
fn description(entry: &Value, base: &[&str], i: &str) -> Result<Option<String>, ApiError> {
    match &entry["description"] {
        Value::Null => Ok(None),
        Value::String(d) if d.chars().count() <= MAX_DESCRIPTION => Ok(Some(d.clone())),
        Value::String(_) => Err(form_error(
            base,
            &["attachments", i, "description"],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 1024 or fewer in length.",
        )),
        _ => Err(form_error(base, &["attachments", i, "description"], "BASE_TYPE_STRING", "Must be a string.")),
    }
}

/// The attachments a message will have, from its body (at `base`, e.g. `["data"]` for an
/// interaction response), the uploaded parts and, for an edit, the attachments it has
/// (`existing`), as "Uploading Files" and "Edit Message" describe them:
///
/// - file parts must be named `files[n]`, each `n` once, and hold at most 10 MiB each;
/// - with an `attachments` array, its entries are the message's attachments: the `id` of
///   a kept one (edits only; its `description` may change), or the `n` of a `files[n]`
///   part for a new one (its `filename` and `description`, at most 1024 characters, come
///   from the entry). On an edit, attachments not listed are removed; uploads not listed
///   are not attached;
/// - without one, every upload is attached (on an edit, appended to what the message has);
/// - at most 10 attachments in all.
///
/// `None` for an edit that changes nothing (no `attachments`, no upload).
pub(crate) fn resolve(
    body: &Value,
    base: &[&str],
    uploads: &[Upload],
    existing: Option<&[AttachmentRec]>,
    mut next_id: impl FnMut() -> u64,
) -> Result<Option<Vec<AttachmentRec>>, ApiError> {
    let mut by_placeholder: Vec<(u64, &Upload)> = Vec::with_capacity(uploads.len());
    for u in uploads {
        let Some(n) = placeholder(&u.field) else {
            return Err(form_error(
                base,
                &[u.field.as_str()],
                "BASE_TYPE_BAD_VALUE",
                "File parts must be named files[n] (n: the attachment's placeholder id).",
            ));
        };
        if by_placeholder.iter().any(|(m, _)| *m == n) {
            return Err(form_error(base, &[u.field.as_str()], "BASE_TYPE_BAD_VALUE", "Each files[n] must be unique."));
        }
        if u.data.len() > MAX_FILE_BYTES {
            return Err(ApiError::new(413, payloads::error_body(40005, "Request entity too large")));
        }
        by_placeholder.push((n, u));
    }
    let new = |u: &Upload, filename: Option<&str>, description: Option<String>, id: u64| AttachmentRec {
        id,
        filename: filename.map_or_else(|| u.filename.clone(), str::to_string),
        description,
        content_type: u.content_type.clone(),
        data: u.data.clone(),
    };
    let out = match body.get("attachments") {
        None | Some(Value::Null) => {
            if uploads.is_empty() && existing.is_some() {
                return Ok(None);
            }
            by_placeholder.sort_by_key(|(n, _)| *n);
            let mut out = existing.map(<[AttachmentRec]>::to_vec).unwrap_or_default();
            for (_, u) in &by_placeholder {
                out.push(new(u, None, None, next_id()));
            }
            out
        }
        Some(Value::Array(entries)) => {
            let mut out: Vec<AttachmentRec> = Vec::with_capacity(entries.len());
            let mut seen = Vec::with_capacity(entries.len());
            for (i, entry) in entries.iter().enumerate() {
                let index = i.to_string();
                let Some(id) = entry_id(entry) else {
                    return Err(form_error(
                        base,
                        &["attachments", &index, "id"],
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    ));
                };
                if seen.contains(&id) {
                    return Err(form_error(
                        base,
                        &["attachments", &index, "id"],
                        "BASE_TYPE_BAD_VALUE",
                        "Attachment ids must be unique.",
                    ));
                }
                seen.push(id);
                let desc = description(entry, base, &index)?;
                if let Some(kept) = existing.and_then(|e| e.iter().find(|a| a.id == id)) {
                    let mut kept = kept.clone();
                    if entry.get("description").is_some() {
                        kept.description = desc;
                    }
                    out.push(kept);
                } else if let Some((_, u)) = by_placeholder.iter().find(|(n, _)| *n == id) {
                    out.push(new(u, entry["filename"].as_str(), desc, next_id()));
                } else {
                    let what = if existing.is_some() {
                        "is neither an attachment of the message nor the n of an uploaded files[n]"
                    } else {
                        "is not the n of an uploaded files[n]"
                    };
                    return Err(form_error(
                        base,
                        &["attachments", &index, "id"],
                        "BASE_TYPE_BAD_VALUE",
                        &format!("Attachment id {id} {what}."),
                    ));
                }
            }
            out
        }
        Some(_) => return Err(form_error(base, &["attachments"], "BASE_TYPE_ARRAY", "Must be an array.")),
    };
    if out.len() > MAX_FILES {
        return Err(form_error(base, &["attachments"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."));
    }
    Ok(Some(out))
}

/// Checks the `attachment://name` URLs of `embeds` (at `base`): each must name one of
/// `attachments`, with a name of ASCII letters, digits, `_`, `-` and `.`, and an image type
/// embeds can show (`.jpg`, `.jpeg`, `.png`, `.webp`, `.gif`). Discord itself accepts a
/// dangling reference and shows no image; the double refuses it, so that a test notices.
pub(crate) fn check_references(embeds: &[Value], attachments: &[AttachmentRec], base: &[&str]) -> Result<(), ApiError> {
    for (i, embed) in embeds.iter().enumerate() {
        for (field, key) in [("image", "url"), ("thumbnail", "url"), ("author", "icon_url"), ("footer", "icon_url")] {
            let Some(name) = embed[field][key].as_str().and_then(|u| u.strip_prefix("attachment://")) else {
                continue;
            };
            let index = i.to_string();
            let path = ["embeds", index.as_str(), field, key];
            let well_formed =
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
            if !well_formed {
                return Err(form_error(
                    base,
                    &path,
                    "BASE_TYPE_BAD_VALUE",
                    "attachment:// names must be ASCII letters, digits, underscores, dashes or dots.",
                ));
            }
            let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
            if !EMBEDDABLE.contains(&extension.as_str()) {
                return Err(form_error(
                    base,
                    &path,
                    "BASE_TYPE_BAD_VALUE",
                    "Only .jpg, .jpeg, .png, .webp and .gif attachments can be shown in embeds.",
                ));
            }
            if !attachments.iter().any(|a| a.filename == name) {
                return Err(form_error(
                    base,
                    &path,
                    "BASE_TYPE_BAD_VALUE",
                    &format!("attachment://{name} names no attachment of the message (Discord would show no image)."),
                ));
            }
        }
    }
    Ok(())
}

/// Where Discord serves an attachment of a message in `channel`.
pub(crate) fn cdn_url(channel: u64, a: &AttachmentRec) -> String {
    format!("https://cdn.discordapp.com/attachments/{channel}/{}/{}", a.id, a.filename)
}

/// Appends an attachment object as Discord shows it.
pub(crate) fn write_payload(a: &AttachmentRec, channel: u64, out: &mut String) {
    let url = cdn_url(channel, a);
    let mut o = Obj::new(out);
    o.sf("id", a.id).val("filename", &a.filename).val("size", &a.data.len()).val("url", &url).val("proxy_url", &url);
    if let Some(t) = &a.content_type {
        o.val("content_type", t);
    }
    if let Some(d) = &a.description {
        o.val("description", d);
    }
    o.close();
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn parts_are_byte_exact() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.json\"\r\n\
Content-Type: application/json\r\n\r\n{\"a\":\r\n1}\r\n--XyZ\r\nContent-Disposition: form-data; \
name=\"payload_json\"\r\n\r\n{}\r\n--XyZ--\r\n";
        let parts = file_parts(body, "XyZ");
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].field, "files[0]");
        assert_eq!(parts[0].filename, "a.json");
        assert_eq!(parts[0].content_type.as_deref(), Some("application/json"));
        assert_eq!(parts[0].data, b"{\"a\":\r\n1}");
    }

    fn upload(n: u64, name: &str) -> Upload {
        Upload { field: format!("files[{n}]"), filename: name.into(), content_type: None, data: vec![n as u8] }
    }

    fn ids() -> impl FnMut() -> u64 {
        let mut n = 100;
        move || {
            n += 1;
            n
        }
    }

    #[test]
    fn attachments_match_uploads() {
        let body = json!({ "attachments": [{ "id": 1, "filename": "b.png", "description": "alt" }] });
        let got = resolve(&body, &[], &[upload(0, "a.png"), upload(1, "x.png")], None, ids()).unwrap().unwrap();
        assert_eq!(got.len(), 1, "an upload not listed is not attached");
        assert_eq!((got[0].filename.as_str(), got[0].description.as_deref()), ("b.png", Some("alt")));
        assert!(resolve(&json!({ "attachments": [{ "id": 2 }] }), &[], &[], None, ids()).is_err());
        assert_eq!(resolve(&json!({}), &[], &[], None, ids()).unwrap(), Some(vec![]));
        // Without an attachments array every upload is attached, in placeholder order.
        let all = resolve(&json!({}), &[], &[upload(3, "c.png"), upload(0, "a.png")], None, ids()).unwrap().unwrap();
        assert_eq!(all.iter().map(|a| a.filename.as_str()).collect::<Vec<_>>(), ["a.png", "c.png"]);
    }

    #[test]
    fn edits_keep_listed_attachments_and_append_unlisted_uploads() {
        let old = resolve(&json!({}), &[], &[upload(0, "a.png"), upload(1, "b.png")], None, ids()).unwrap().unwrap();
        assert_eq!(resolve(&json!({ "content": "x" }), &[], &[], Some(&old), ids()).unwrap(), None);
        let keep_b = json!({ "attachments": [{ "id": old[1].id.to_string(), "description": "B" }] });
        let kept = resolve(&keep_b, &[], &[], Some(&old), ids()).unwrap().unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!((kept[0].id, kept[0].description.as_deref()), (old[1].id, Some("B")));
        let appended = resolve(&json!({}), &[], &[upload(0, "c.png")], Some(&old), ids()).unwrap().unwrap();
        assert_eq!(appended.len(), 3);
        let err = resolve(&json!({ "attachments": [{ "id": 7 }] }), &["data"], &[], Some(&old), ids()).unwrap_err();
        assert_eq!(err.status, 400);
        assert!(err.body["errors"]["data"]["attachments"]["0"]["id"].is_object(), "{}", err.body);
    }

    #[test]
    fn attachment_rules() {
        let long = json!({ "attachments": [{ "id": 0, "description": "d".repeat(1025) }] });
        assert!(resolve(&long, &[], &[upload(0, "a.png")], None, ids()).is_err());
        let ok = json!({ "attachments": [{ "id": 0, "description": "d".repeat(1024) }] });
        assert!(resolve(&ok, &[], &[upload(0, "a.png")], None, ids()).is_ok());
        let eleven: Vec<Upload> = (0..11).map(|n| upload(n, "f.txt")).collect();
        assert_eq!(resolve(&json!({}), &[], &eleven, None, ids()).unwrap_err().status, 400);
        let legacy = Upload { field: "file".into(), ..upload(0, "a.png") };
        assert_eq!(resolve(&json!({}), &[], &[legacy], None, ids()).unwrap_err().status, 400);
        let big = Upload { data: vec![0; MAX_FILE_BYTES + 1], ..upload(0, "a.png") };
        assert_eq!(resolve(&json!({}), &[], &[big], None, ids()).unwrap_err().status, 413);
    }

    #[test]
    fn embeds_may_only_show_attached_images() {
        let files =
            resolve(&json!({}), &[], &[upload(0, "board.png"), upload(1, "r.json")], None, ids()).unwrap().unwrap();
        let embed = |url: &str| [json!({ "image": { "url": url }, "thumbnail": { "url": "https://x/y.png" } })];
        assert!(check_references(&embed("attachment://board.png"), &files, &[]).is_ok());
        for bad in ["attachment://other.png", "attachment://r.json", "attachment://bo ard.png"] {
            let err = check_references(&embed(bad), &files, &["data"]).unwrap_err();
            assert!(err.body["errors"]["data"]["embeds"]["0"]["image"]["url"].is_object(), "{bad}: {}", err.body);
        }
        let footer = [json!({ "footer": { "text": "t", "icon_url": "attachment://gone.gif" } })];
        assert!(check_references(&footer, &files, &[]).is_err());
    }
}
