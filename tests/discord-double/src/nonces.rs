//! Message nonces (`POST /channels/{id}/messages`): a `nonce` is an integer or a string of
//! at most 25 characters; with `enforce_nonce: true`, Discord checks it for uniqueness "in
//! the past few minutes": if the same author created a message with the same nonce, that
//! message is returned (200) and no new message is created.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::rest::ApiError;

/// How long a nonce is remembered ("the past few minutes").
pub(crate) const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);

/// The nonces messages were created with, per author.
#[derive(Debug, Default)]
pub(crate) struct Nonces {
    /// `(author, nonce as text)` → `(message id, when it was created)`.
    seen: HashMap<(u64, String), (u64, Instant)>,
    /// The same keys, oldest first, to forget expired nonces without a scan of them all
    /// (a scan per post made the double quadratic under load).
    order: VecDeque<((u64, String), Instant)>,
}

/// The body's nonce as text (integers and strings alike), if it has one; refuses nonces
/// Discord refuses (other types, strings over 25 characters).
pub(crate) fn of(body: &Value) -> Result<Option<String>, ApiError> {
    match body.get("nonce") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => Ok(Some(n.to_string())),
        Some(Value::String(s)) if s.chars().count() <= 25 => Ok(Some(s.clone())),
        Some(Value::String(_)) => {
            Err(ApiError::form(&["nonce"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        }
        Some(_) => Err(ApiError::form(&["nonce"], "NONCE_TYPE_INVALID", "Nonce must be an integer or a string.")),
    }
}

/// Whether the body asks for the nonce to be enforced.
pub(crate) fn enforced(body: &Value) -> bool {
    body["enforce_nonce"].as_bool() == Some(true)
}

impl Nonces {
    /// The message `author` created with `nonce` within [`NONCE_WINDOW`], if any.
    pub(crate) fn earlier(&self, author: u64, nonce: &str) -> Option<u64> {
        let (message, at) = self.seen.get(&(author, nonce.to_string()))?;
        (at.elapsed() < NONCE_WINDOW).then_some(*message)
    }

    /// Remembers that `author` created `message` with `nonce` (forgetting expired nonces).
    pub(crate) fn remember(&mut self, author: u64, nonce: String, message: u64) {
        while let Some((key, at)) = self.order.front() {
            if at.elapsed() < NONCE_WINDOW {
                break;
            }
            // Forget it unless the same key was remembered again since.
            if self.seen.get(key).is_some_and(|(_, seen_at)| seen_at == at) {
                self.seen.remove(key);
            }
            self.order.pop_front();
        }
        let now = Instant::now();
        self.seen.insert((author, nonce.clone()), (message, now));
        self.order.push_back(((author, nonce), now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nonces_are_integers_or_short_strings() {
        assert_eq!(of(&json!({})).unwrap(), None);
        assert_eq!(of(&json!({ "nonce": 42 })).unwrap().as_deref(), Some("42"));
        assert_eq!(of(&json!({ "nonce": "b1.2" })).unwrap().as_deref(), Some("b1.2"));
        assert_eq!(of(&json!({ "nonce": "x".repeat(26) })).unwrap_err().body["code"], 50035);
        assert_eq!(of(&json!({ "nonce": [1] })).unwrap_err().body["code"], 50035);
    }

    #[test]
    fn a_nonce_is_remembered_per_author() {
        let mut nonces = Nonces::default();
        nonces.remember(1, "n".into(), 10);
        assert_eq!(nonces.earlier(1, "n"), Some(10));
        assert_eq!(nonces.earlier(2, "n"), None);
        assert_eq!(nonces.earlier(1, "m"), None);
    }
}
