//! File uploads: the `files[n]` parts of a multipart request, matched to the
//! `attachments` entries of its `payload_json` the way Discord matches them, and kept
//! (bytes and all) on the message so tests can read them back.

use serde_json::Value;

use crate::json::Obj;
use crate::payloads;
use crate::rest::ApiError;

/// Discord's default upload limit per file (10 MiB), as announced in interactions.
pub(crate) const MAX_FILE_BYTES: usize = 10_485_760;
/// At most this many attachments on one message.
pub(crate) const MAX_FILES: usize = 10;

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

fn bad_attachments(message: &str) -> ApiError {
    ApiError::form(&["attachments"], "BASE_TYPE_BAD_VALUE", message)
}

/// The attachments a message body asks for: kept ones (`existing`, by id) and new ones
/// (`{ "id": n }` matched to the uploaded part `files[n]`). `None` if the body does not
/// mention attachments and carries no file (the message keeps what it had).
pub(crate) fn resolve(
    body: &Value,
    uploads: &[Upload],
    existing: &[AttachmentRec],
    mut next_id: impl FnMut() -> u64,
) -> Result<Option<Vec<AttachmentRec>>, ApiError> {
    let Some(entries) = body.get("attachments").and_then(Value::as_array) else {
        return if uploads.is_empty() { Ok(None) } else { Err(bad_attachments("Files sent without attachments")) };
    };
    if entries.len() > MAX_FILES {
        return Err(bad_attachments("Must be 10 or fewer in length."));
    }
    let mut out = Vec::new();
    for entry in entries {
        let id = entry["id"].as_u64().or_else(|| entry["id"].as_str().and_then(|s| s.parse().ok()));
        let Some(id) = id else {
            return Err(bad_attachments("An attachment needs an id"));
        };
        if let Some(kept) = existing.iter().find(|a| a.id == id) {
            out.push(kept.clone());
            continue;
        }
        let Some(file) = uploads.iter().find(|u| u.field == format!("files[{id}]")) else {
            return Err(bad_attachments(&format!("No file uploaded for attachment {id}")));
        };
        if file.data.len() > MAX_FILE_BYTES {
            return Err(ApiError::new(413, payloads::error_body(40005, "Request entity too large")));
        }
        let filename = entry["filename"].as_str().map_or_else(|| file.filename.clone(), str::to_string);
        out.push(AttachmentRec {
            id: next_id(),
            filename,
            content_type: file.content_type.clone(),
            data: file.data.clone(),
        });
    }
    Ok(Some(out))
}

/// Appends an attachment object as Discord shows it.
pub(crate) fn write_payload(a: &AttachmentRec, channel: u64, out: &mut String) {
    let url = format!("https://cdn.discordapp.com/attachments/{channel}/{}/{}", a.id, a.filename);
    let mut o = Obj::new(out);
    o.sf("id", a.id).val("filename", &a.filename).val("size", &a.data.len()).val("url", &url).val("proxy_url", &url);
    if let Some(t) = &a.content_type {
        o.val("content_type", t);
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

    #[test]
    fn attachments_match_uploads() {
        let upload = Upload { field: "files[0]".into(), filename: "x.txt".into(), content_type: None, data: vec![1] };
        let mut n = 100;
        let got = resolve(&json!({ "attachments": [{ "id": 0 }] }), &[upload], &[], || {
            n += 1;
            n
        })
        .unwrap()
        .unwrap();
        assert_eq!(got[0].filename, "x.txt");
        assert!(resolve(&json!({ "attachments": [{ "id": 1 }] }), &[], &[], || 1).is_err());
        assert_eq!(resolve(&json!({}), &[], &[], || 1).unwrap(), None);
    }
}
