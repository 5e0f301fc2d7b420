//! Interactions at hand: where a click is being answered, its own routes (a follow-up, the
//! edit of a message it posted) carry the board it leads to, since Discord does not count
//! them against the bot's global limit (see `docs/boards.md`, "Discord's budget").
//!
//! Discord honours an interaction's token for 15 minutes, and its routes reach only the
//! messages that interaction posted. So the token of the interaction that posted a board is
//! remembered here, in memory only, while it is fresh: later edits of that board (in place,
//! or taking its buttons off) use it, and once it has expired, or after a restart, they go
//! through the channel's routes as before. Nothing depends on it but the count of requests.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use poise::serenity_prelude as serenity;

/// How long Discord honours an interaction's token, in seconds.
pub const TOKEN_LIFETIME: i64 = 15 * 60;
/// How long before its end a token is no longer used (clocks and requests in flight).
const TOKEN_MARGIN: i64 = 60;
/// How many boards' tokens are remembered before the expired ones are forgotten.
const PRUNE_AT: usize = 1_024;

/// An interaction whose routes may carry a board: its application, its token, the channel
/// it happened in (a follow-up appears there) and when it came (the service's clock, unix
/// seconds).
#[derive(Clone)]
pub(crate) struct AtHand {
    /// The interaction (messages it posted name it in `interaction_metadata.id`).
    pub interaction_id: u64,
    application_id: u64,
    token: Arc<str>,
    /// The channel (or thread) where the interaction happened.
    pub channel_id: u64,
    issued: i64,
}

impl std::fmt::Debug for AtHand {
    // The token is a secret: never in a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AtHand").field("channel_id", &self.channel_id).field("issued", &self.issued).finish()
    }
}

impl AtHand {
    /// The interaction `i`, answered at `now` (unix seconds).
    pub(crate) fn of(i: &serenity::ComponentInteraction, now: i64) -> AtHand {
        AtHand {
            interaction_id: i.id.get(),
            application_id: i.application_id.get(),
            token: Arc::from(i.token.as_str()),
            channel_id: i.channel_id.get(),
            issued: now,
        }
    }

    /// Whether Discord still honours the token at `now`, with a margin.
    pub(crate) fn fresh(&self, now: i64) -> bool {
        now - self.issued < TOKEN_LIFETIME - TOKEN_MARGIN
    }

    /// The route of a new follow-up message.
    pub(crate) fn followup(&self) -> serenity::http::Route<'_> {
        serenity::http::Route::WebhookFollowupMessages {
            application_id: serenity::ApplicationId::new(self.application_id),
            token: &self.token,
        }
    }

    /// The route of a message this interaction posted.
    pub(crate) fn message(&self, message: u64) -> serenity::http::Route<'_> {
        serenity::http::Route::WebhookFollowupMessage {
            application_id: serenity::ApplicationId::new(self.application_id),
            token: &self.token,
            message_id: serenity::MessageId::new(message),
        }
    }
}

/// The tokens of the interactions that posted boards, by message.
static POSTED_BY: Mutex<Option<Posted>> = Mutex::new(None);

/// The boards' tokens, and the size at which the expired ones are next forgotten: twice
/// what was left after the last pruning, so that with many tokens fresh at once (a busy
/// bot keeps 15 minutes of them) pruning stays rare rather than running on every board.
struct Posted {
    by_message: HashMap<u64, AtHand>,
    prune_at: usize,
}

fn posted_by() -> std::sync::MutexGuard<'static, Option<Posted>> {
    POSTED_BY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Remembers that `by` posted `message`.
pub(crate) fn remember(message: u64, by: &AtHand, now: i64) {
    let mut all = posted_by();
    let posted = all.get_or_insert_with(|| Posted { by_message: HashMap::new(), prune_at: PRUNE_AT });
    if posted.by_message.len() >= posted.prune_at {
        posted.by_message.retain(|_, t| t.fresh(now));
        posted.prune_at = (posted.by_message.len() * 2).max(PRUNE_AT);
    }
    posted.by_message.insert(message, by.clone());
}

/// The interaction that posted `message`, if its token is still fresh at `now`.
pub(crate) fn posted(message: u64, now: i64) -> Option<AtHand> {
    let mut all = posted_by();
    let map = &mut all.as_mut()?.by_message;
    match map.get(&message) {
        Some(t) if t.fresh(now) => Some(t.clone()),
        Some(_) => {
            map.remove(&message);
            None
        }
        None => None,
    }
}

/// Forgets the interaction that posted `message` (its token was refused).
pub(crate) fn forget(message: u64) {
    if let Some(posted) = posted_by().as_mut() {
        posted.by_message.remove(&message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_hand(issued: i64) -> AtHand {
        AtHand { interaction_id: 3, application_id: 1, token: Arc::from("tok"), channel_id: 2, issued }
    }

    #[test]
    fn a_token_is_used_while_discord_honours_it() {
        let t = at_hand(1_000);
        assert!(t.fresh(1_000) && t.fresh(1_000 + TOKEN_LIFETIME - TOKEN_MARGIN - 1));
        assert!(!t.fresh(1_000 + TOKEN_LIFETIME - TOKEN_MARGIN));
        assert!(!format!("{t:?}").contains("tok"), "no token in logs");
        // Remembered per message, forgotten once stale or refused.
        remember(901, &t, 1_000);
        remember(902, &t, 1_000);
        assert!(posted(901, 1_100).is_some());
        assert!(posted(901, 1_000 + TOKEN_LIFETIME).is_none());
        assert!(posted(901, 1_100).is_none(), "a stale token is forgotten");
        forget(902);
        assert!(posted(902, 1_100).is_none());
    }
}
