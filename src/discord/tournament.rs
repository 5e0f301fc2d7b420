//! Puts tournaments on Discord: the announcement (posted, then edited in place as players
//! join), the event's thread, each round's matches in their own threads, standings and
//! the podium. Every request goes through the rate-limit gate, so that a round of 32
//! matches starting at once stays within Discord's limits.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};
use serenity::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, MessageId};
use tracing::warn;

use super::ratelimit::{gate, GateError, Priority};
use super::render::tournament as words;
use super::{post_board, public_lang};
use crate::i18n::Lang;
use crate::service::tournament::{TournamentUpdate, TournamentView};
use crate::service::{BoardView, Service};

/// A channel or message as Discord returns it: only its id is read.
#[derive(serde::Deserialize)]
struct Made {
    id: serde_json::Value,
}

impl Made {
    fn id(&self) -> Option<u64> {
        match &self.id {
            serde_json::Value::String(s) => s.parse().ok(),
            serde_json::Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }
}

/// Posts a message (no mentions) through the gate; its id.
async fn post(http: &serenity::Http, channel: u64, message: &CreateMessage) -> Result<Option<u64>, GateError> {
    let route = Route::ChannelMessages { channel_id: ChannelId::new(channel) };
    let body = serde_json::to_vec(message).unwrap_or_default();
    let made: Made = gate().fire(http, Priority::Board, LightMethod::Post, route, Some(&body)).await?;
    Ok(made.id())
}

fn quiet(text: String) -> CreateMessage {
    CreateMessage::new().content(text).allowed_mentions(CreateAllowedMentions::new())
}

/// Posts several messages in order, logging failures.
async fn post_all(http: &serenity::Http, channel: u64, texts: Vec<String>, what: &str) {
    for text in texts {
        if let Err(e) = post(http, channel, &quiet(text)).await {
            warn!(error = %e, channel, what, "could not post a tournament message");
        }
    }
}

/// Posts a new event's announcement with its buttons, and opens its thread from it.
pub(crate) async fn announce(http: &serenity::Http, service: &Service, lang: Lang, event: &TournamentView) {
    let message = quiet(words::announcement(lang, event)).components(words::announcement_buttons(lang, event));
    let posted = match post(http, event.channel_id, &message).await {
        Ok(Some(id)) => id,
        Ok(None) => return warn!(tournament = event.id, "an announcement came back without an id"),
        Err(e) => return warn!(error = %e, tournament = event.id, "could not post a tournament's announcement"),
    };
    let thread = super::threads::open(
        http,
        event.guild_id,
        event.channel_id,
        Some(posted),
        &words::event_thread_name(lang, event),
    )
    .await;
    if let Err(e) = service.set_tournament_posted(event.id, posted, thread).await {
        warn!(error = ?e, tournament = event.id, "could not remember a tournament's announcement");
    }
}

/// Events whose announcement is being edited by this process, and whether it changed
/// again meanwhile. Only a saving: the edit itself reads the event from the database.
static REFRESHING: Mutex<Option<HashMap<i64, bool>>> = Mutex::new(None);

/// Edits an event's announcement in place (its players, its state; no buttons once
/// players may no longer join). When many players join at once, the edits are merged:
/// while one is on its way, the next waits for it and then shows the event as it stands
/// (Discord allows only a few edits of one message a second).
pub(crate) async fn refresh_announcement(http: &serenity::Http, service: &Service, lang: Lang, event: &TournamentView) {
    {
        let mut all = REFRESHING.lock().unwrap_or_else(PoisonError::into_inner);
        let all = all.get_or_insert_with(HashMap::new);
        if let Some(dirty) = all.get_mut(&event.id) {
            *dirty = true;
            return;
        }
        all.insert(event.id, false);
    }
    let mut shown = event.clone();
    loop {
        edit_announcement(http, lang, &shown).await;
        let again = {
            let mut all = REFRESHING.lock().unwrap_or_else(PoisonError::into_inner);
            let all = all.get_or_insert_with(HashMap::new);
            let dirty = all.get(&event.id).copied().unwrap_or(false);
            if dirty {
                all.insert(event.id, false);
            } else {
                all.remove(&event.id);
            }
            dirty
        };
        if !again {
            return;
        }
        match service.tournament(event.guild_id, event.id).await {
            Ok(now) => shown = now,
            Err(e) => {
                REFRESHING
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert_with(HashMap::new)
                    .remove(&event.id);
                return warn!(error = ?e, tournament = event.id, "could not read a tournament to show it");
            }
        }
    }
}

async fn edit_announcement(http: &serenity::Http, lang: Lang, event: &TournamentView) {
    let Some(message) = event.message_id else { return };
    let edit = EditMessage::new()
        .content(words::announcement(lang, event))
        .components(words::announcement_buttons(lang, event));
    let route =
        Route::ChannelMessage { channel_id: ChannelId::new(event.channel_id), message_id: MessageId::new(message) };
    let body = serde_json::to_vec(&edit).unwrap_or_default();
    if let Err(e) = gate().send(http, Priority::Board, LightMethod::Patch, route, Some(&body)).await {
        warn!(error = %e, tournament = event.id, "could not edit a tournament's announcement");
    }
}

/// Where an event's own messages go: its thread, else its channel.
fn event_channel(event: &TournamentView) -> u64 {
    event.thread_id.unwrap_or(event.channel_id)
}

/// Posts final boards (matches a withdrawal or a cancellation ended).
pub(crate) async fn post_boards(http: &Arc<serenity::Http>, service: &Service, boards: &[BoardView]) {
    for board in boards {
        post_board(http, service, board).await;
    }
}

/// Puts on Discord what the scheduler or a manager's start changed: boards of matches
/// decided on time, the standings, the podium or the next round's matches.
pub(crate) async fn publish_update(http: &Arc<serenity::Http>, service: &Service, update: TournamentUpdate) {
    // Its matches' boards are published below, after the announcements.
    let _in_hand: Vec<_> =
        update.started.iter().flat_map(|start| &start.boards).map(|b| super::publish::in_hand(b.match_id)).collect();
    let event = &update.event;
    let lang = public_lang(service, event.guild_id, None).await;
    post_boards(http, service, &update.ended).await;
    if update.cancelled {
        post_all(http, event.channel_id, vec![words::cancelled(lang, event, true)], "cancellation").await;
    }
    if let Some(standings) = &update.standings {
        post_all(http, event_channel(event), words::standings(lang, standings), "standings").await;
        if update.finished() {
            post_all(http, event.channel_id, vec![words::podium(lang, standings)], "podium").await;
        }
    }
    refresh_announcement(http, service, lang, event).await;
    if let Some(start) = &update.started {
        post_all(http, event_channel(event), words::round_started(lang, event, start), "round").await;
        for board in &start.boards {
            // Made just now: nothing of it is on Discord to look for.
            super::lookup::note_known(board.match_id, false);
            super::first_board::post(http, service, board).await;
        }
    }
}

/// The scheduler's part: moves every due event on and publishes what changed.
pub(crate) async fn tick(http: &Arc<serenity::Http>, service: &Service) {
    match service.tournament_tick().await {
        Ok(updates) => {
            crate::observe::metrics::scheduler_did(crate::observe::metrics::Work::TournamentRounds, updates.len());
            for update in updates {
                publish_update(http, service, update).await;
            }
        }
        Err(e) => tracing::error!(error = ?e, "moving tournaments on failed"),
    }
}
