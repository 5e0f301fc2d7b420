//! Opening threads (a match's, an event's) through the rate-limit gate.

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};
use serenity::{ChannelId, GuildId, MessageId};
use tracing::{debug, info, warn};

use super::ratelimit::{gate, Priority};
use super::retry;

/// Discord's error code for a message that already has a thread.
const THREAD_ALREADY_CREATED: u64 = 160_004;

/// Threads last a week without activity before Discord archives them (a match lasts days).
const AUTO_ARCHIVE_MINUTES: u64 = 10_080;

/// A thread as Discord returns it: only its id is read.
#[derive(serde::Deserialize)]
struct Made {
    id: serenity::ChannelId,
}

/// Opens a public thread named `name` in `channel` of server `guild`: from `message` when
/// given, else with no starter message. Its id, or `None` where none could be opened (the
/// bot may not open threads there, say: logged), and the caller's messages go to the
/// channel.
///
/// Discord may open a thread and fail to answer (a 5xx after the fact), and opening one is
/// not something it does once for a repeated request; a thread is never asked for twice
/// blindly:
/// - a thread started from a message has the message's id, and Discord refuses a second one
///   (error 160004): a message that has one already (opened by an attempt whose answer was
///   lost, or by this process before a crash and never stored) gives that thread;
/// - after a server error, a thread with no starter message is looked for by its name
///   ([`find`]) before it is asked for again.
pub(crate) async fn open(
    http: &serenity::Http,
    guild: u64,
    channel: u64,
    message: Option<u64>,
    name: &str,
) -> Option<u64> {
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
    let mut attempt = 1;
    loop {
        match gate().fire::<Made>(http, Priority::Board, LightMethod::Post, route, Some(&body)).await {
            Ok(made) => return Some(made.id.get()),
            Err(e) if message.is_some() && e.code() == Some(THREAD_ALREADY_CREATED) => {
                info!(channel, message, "the message has its thread already; that thread is used");
                return message;
            }
            Err(e) if message.is_none() && matches!(e.status(), Some(500..=599)) => {
                if let Some(thread) = find(http, guild, channel, name).await {
                    info!(channel, thread, "a thread opened despite a server error is used");
                    return Some(thread);
                }
                if attempt >= retry::ATTEMPTS {
                    warn!(error = %e, channel, "no thread after server errors; messages go to the channel");
                    return None;
                }
                tokio::time::sleep(retry::SERVER_ERROR_WAIT * 2u32.saturating_pow(attempt - 1)).await;
                attempt += 1;
            }
            Err(e) => {
                debug!(error = %e, channel, "no thread; messages go to the channel");
                return None;
            }
        }
    }
}

/// The newest active thread of server `guild` in `channel` (or `channel` itself, if it is one)
/// named `name`, if any: a match's thread opened with no starter message whose opening the bot
/// never heard of (a server error after the fact, or a crash before it was stored). Read
/// through the gate: Discord counts it against the global limit, and it is asked only after a
/// server error and for a first board a crash left owed.
pub(crate) async fn find(http: &serenity::Http, guild: u64, channel: u64, name: &str) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct Thread {
        id: ChannelId,
        parent_id: Option<ChannelId>,
        name: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct Active {
        threads: Vec<Thread>,
    }
    let route = Route::GuildThreadsActive { guild_id: GuildId::new(guild) };
    match gate().fire::<Active>(http, Priority::Board, LightMethod::Get, route, None).await {
        Ok(active) => active
            .threads
            .into_iter()
            .filter(|t| {
                let here = t.id.get() == channel || t.parent_id.map(ChannelId::get) == Some(channel);
                here && t.name.as_deref() == Some(name)
            })
            .map(|t| t.id.get())
            .max(),
        Err(e) => {
            warn!(error = %e, guild, "could not read a server's active threads");
            None
        }
    }
}
