//! Opening threads (a match's, an event's) through the rate-limit gate.

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};
use serenity::{ChannelId, MessageId};
use tracing::{debug, info};

use super::ratelimit::{gate, Priority};

/// Discord's error code for a message that already has a thread.
const THREAD_ALREADY_CREATED: u64 = 160_004;

/// Threads last a week without activity before Discord archives them (a match lasts days).
const AUTO_ARCHIVE_MINUTES: u64 = 10_080;

/// A thread as Discord returns it: only its id is read.
#[derive(serde::Deserialize)]
struct Made {
    id: serenity::ChannelId,
}

/// Opens a public thread named `name` in `channel`: from `message` when given, else with no
/// starter message. Its id, or `None` where none could be opened (the bot may not open
/// threads there, say: logged), and the caller's messages go to the channel.
///
/// A thread started from a message has the message's id, so a message that has one already
/// (Discord's error 160004: opened by an attempt whose answer was lost, or by this process
/// before a crash and never stored) gives that thread, never a second one.
pub(crate) async fn open(http: &serenity::Http, channel: u64, message: Option<u64>, name: &str) -> Option<u64> {
    let channel_id = ChannelId::new(channel);
    let (route, body) = match message {
        Some(m) => (
            Route::ChannelMessageThreads { channel_id, message_id: MessageId::new(m) },
            serde_json::json!({ "name": name, "auto_archive_duration": AUTO_ARCHIVE_MINUTES }),
        ),
        None => (
            Route::ChannelThreads { channel_id },
            serde_json::json!({ "name": name, "auto_archive_duration": AUTO_ARCHIVE_MINUTES, "type": 11 }),
        ),
    };
    let body = serde_json::to_vec(&body).unwrap_or_default();
    match gate().fire::<Made>(http, Priority::Board, LightMethod::Post, route, Some(&body)).await {
        Ok(made) => Some(made.id.get()),
        Err(e) if message.is_some() && e.code() == Some(THREAD_ALREADY_CREATED) => {
            info!(channel, message, "the message has its thread already; that thread is used");
            message
        }
        Err(e) => {
            debug!(error = %e, channel, "no thread; messages go to the channel");
            None
        }
    }
}
