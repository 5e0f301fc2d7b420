//! What this process knows of a match's messages on Discord, and looking them up where it
//! does not. A board this process posted and noted since it took the match's shard is
//! known; any other (a board owed when it started, or when it took a shard over, or one
//! whose request failed) may be on Discord already, unnoted: a crash between a post and its
//! note, or a follow-up whose answer was lost. Such a board is looked for among the
//! channel's latest messages before anything is posted (see `docs/reliability.md`,
//! "Publishing boards").

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use poise::serenity_prelude as serenity;
use tracing::{debug, warn};

use super::at_hand::AtHand;
use super::custom_id::CustomId;
use super::owner;
use super::ratelimit::{self, Priority};
use crate::service::{BoardView, PostedBoard, Service};

/// The matches whose boards this process posted and noted, with the ownership epoch then
/// ([`owner::epoch`]): knowledge from before a shard changed hands is stale.
static KNOWN: Mutex<Option<HashMap<i64, u64>>> = Mutex::new(None);

/// Whether this process knows every message of match `match_id` with game buttons (it
/// noted them itself since it took the match's shard).
#[must_use]
pub(crate) fn known(match_id: i64) -> bool {
    let all = KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    all.as_ref().and_then(|m| m.get(&match_id)) == Some(&owner::epoch())
}

/// Notes that this process knows match `match_id`'s messages (it noted what it posted, or
/// what it found, or it has just made the match: nothing of it is on Discord yet); a match
/// that ended is forgotten.
pub(crate) fn note_known(match_id: i64, ended: bool) {
    let mut all = KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    let map = all.get_or_insert_with(HashMap::new);
    if ended {
        map.remove(&match_id);
    } else {
        map.insert(match_id, owner::epoch());
    }
}

/// Forgets what this process knew of match `match_id`'s messages: a request's outcome is
/// unknown (it failed, and Discord may have made the message all the same).
pub(crate) fn forget(match_id: i64) {
    if let Some(map) = KNOWN.lock().unwrap_or_else(PoisonError::into_inner).as_mut() {
        map.remove(&match_id);
    }
}

/// What a look-up found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// The board itself, posted already: its message.
    This(u64),
    /// Not the board, but this newer message of the match, with game buttons (noted, as is
    /// any other found): a board posted and never noted, newer than the one noted live.
    Newest(PostedBoard),
    /// Not the board, nor any message of the match with game buttons.
    NotThis,
    /// The channel could not be read (logged): nothing is known.
    Unreadable,
}

/// Looks for `board` among its channel's latest messages (by the match and turn its Play
/// button names; a final board, by its Rematch button), and notes every message of its
/// match found there with game buttons, so that it is retired in its turn.
pub(crate) async fn look_up(http: &serenity::Http, service: &Service, board: &BoardView) -> Found {
    #[derive(serde::Deserialize)]
    struct Button {
        custom_id: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct Row {
        #[serde(default)]
        components: Vec<Button>,
    }
    #[derive(serde::Deserialize)]
    struct Latest {
        id: serenity::MessageId,
        #[serde(default)]
        components: Vec<Row>,
    }
    // The turn a message of this match shows, read from its buttons.
    let shows = |m: &Latest| {
        m.components.iter().flat_map(|r| &r.components).find_map(|b| match CustomId::decode(b.custom_id.as_deref()?)? {
            CustomId::Hand { match_id, turn } if match_id == board.match_id => Some((turn, false)),
            CustomId::Rematch { match_id } if match_id == board.match_id => Some((board.turn, true)),
            _ => None,
        })
    };
    let route = serenity::http::Route::ChannelMessages { channel_id: serenity::ChannelId::new(board.channel_id) };
    let get = serenity::http::LightMethod::Get;
    let latest = match ratelimit::gate().fire::<Vec<Latest>>(http, Priority::Board, get, route, None).await {
        Ok(latest) => latest,
        Err(e) => {
            warn!(error = %e, match_id = board.match_id, "could not read a channel's latest messages");
            return Found::Unreadable;
        }
    };
    let mut found = Vec::new();
    let mut this = None;
    for m in &latest {
        let Some((turn, ended)) = shows(m) else { continue };
        let message_id = m.id.get();
        found.push(PostedBoard { match_id: board.match_id, channel_id: board.channel_id, message_id, turn });
        if turn == board.turn && ended == board.is_over() {
            this = this.or(Some(message_id));
        }
    }
    if !found.is_empty() {
        debug!(match_id = board.match_id, found = found.len(), "found boards of a match among the latest messages");
        if let Err(e) = service.note_posted_boards(&found).await {
            warn!(error = ?e, match_id = board.match_id, "could not note the boards found");
            return Found::Unreadable;
        }
    }
    match (this, found.iter().max_by_key(|b| (b.turn, b.message_id))) {
        (Some(id), _) => Found::This(id),
        (None, Some(newest)) => Found::Newest(*newest),
        (None, None) => Found::NotThis,
    }
}

/// The message the interaction `by` posted in its channel, among the channel's latest, if
/// any (read through the gate): a follow-up whose answer was lost.
pub(crate) async fn made_by(http: &serenity::Http, by: &AtHand) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct Meta {
        id: serenity::InteractionId,
    }
    #[derive(serde::Deserialize)]
    struct Latest {
        id: serenity::MessageId,
        interaction_metadata: Option<Meta>,
    }
    let route = serenity::http::Route::ChannelMessages { channel_id: serenity::ChannelId::new(by.channel_id) };
    let get = serenity::http::LightMethod::Get;
    match ratelimit::gate().fire::<Vec<Latest>>(http, Priority::Board, get, route, None).await {
        Ok(latest) => latest
            .into_iter()
            .find(|m| m.interaction_metadata.as_ref().is_some_and(|i| i.id.get() == by.interaction_id))
            .map(|m| m.id.get()),
        Err(e) => {
            warn!(error = %e, "could not read a channel's latest messages");
            None
        }
    }
}
