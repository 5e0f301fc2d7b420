//! The scheduler: on start-up and then every `SCHEDULER_INTERVAL`, settles what
//! time made due and announces it. All its state is in the database (see
//! `service::schedule`), so a restart loses nothing and fires nothing twice;
//! deadlines that passed while the bot was down are settled at once, in order; seasons
//! that ended get their podium. The boards it makes are owed in the database like any
//! decision's: this process publishes those of the matches it owns, the others' owners
//! theirs (`super::outbox`). Every process sharing a PostgreSQL database runs it; each
//! pass is claimed by one of them.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};
use serenity::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, MessageId, UserId};
use tracing::{debug, error, warn};

use super::ratelimit::{gate, Priority};
use super::{post_board, render};
use crate::observe::metrics;
use crate::service::{Reminder, Service};

/// How many reminders are sent at once (each still waits for the rate-limit gate).
const REMINDERS_IN_FLIGHT: usize = 16;

/// Sends one reminder, unless the matches it is about no longer wait for its player (they
/// moved while it waited): those are left out, and a reminder left with none is dropped.
async fn send_reminder(http: &serenity::Http, service: &Service, mut r: Reminder) {
    let mut waiting = Vec::with_capacity(r.matches.len());
    for item in r.matches.drain(..) {
        let still = match service.board(item.match_id).await {
            Ok((board, _)) => !board.is_over() && board.humans_to_act().any(|p| p.user_id == r.user_id),
            Err(e) => {
                debug!(error = ?e, match_id = item.match_id, "could not check a reminder's match");
                true
            }
        };
        if still {
            waiting.push(item);
        }
    }
    if waiting.is_empty() {
        return debug!(user = r.user_id, "a reminder's matches moved on; not sent");
    }
    r.matches = waiting;
    // Spoken to one player: in the language they chose, else the server's.
    let lang = match service.user_lang(r.user_id).await {
        Ok(Some(lang)) => lang,
        Ok(None) => super::public_lang(service, r.guild_id, None).await,
        Err(e) => {
            debug!(error = ?e, user = r.user_id, "could not read a user's language");
            super::public_lang(service, r.guild_id, None).await
        }
    };
    let message = CreateMessage::new()
        .content(render::clamp(render::reminder(lang, &r)))
        .allowed_mentions(CreateAllowedMentions::new().users(vec![UserId::new(r.user_id)]));
    // One match: a reminder; several: a digest, which can wait longer.
    let priority = if r.matches.len() == 1 { Priority::Reminder } else { Priority::Digest };
    let route = Route::ChannelMessages { channel_id: ChannelId::new(r.channel_id) };
    let body = serde_json::to_vec(&message).unwrap_or_default();
    if let Err(e) = gate().send(http, priority, LightMethod::Post, route, Some(&body)).await {
        warn!(error = %e, user = r.user_id, "could not send a reminder");
    }
}

/// Posts the podium of each season that has ended (each claimed once, whatever the number
/// of processes), in the server's language, mentioning nobody's notifications.
async fn announce_season_ends(http: &serenity::Http, service: &Service) {
    let ends = match service.season_ends().await {
        Ok(ends) => ends,
        Err(e) => return error!(error = ?e, "announcing the seasons' ends failed"),
    };
    for end in ends {
        let Some(channel) = end.channel_id else {
            debug!(guild = end.guild_id, season = end.season.id, "a season ended in a server without a channel");
            continue;
        };
        let lang = super::public_lang(service, end.guild_id, None).await;
        let Some(text) = render::ladder::season_podium(lang, &end) else {
            debug!(guild = end.guild_id, season = end.season.id, "a season ended without rated matches");
            continue;
        };
        let message = CreateMessage::new().content(render::clamp(text)).allowed_mentions(CreateAllowedMentions::new());
        let route = Route::ChannelMessages { channel_id: ChannelId::new(channel) };
        let body = serde_json::to_vec(&message).unwrap_or_default();
        if let Err(e) = gate().send(http, Priority::Digest, LightMethod::Post, route, Some(&body)).await {
            warn!(error = %e, guild = end.guild_id, season = end.season.id, "could not post a season's podium");
        }
    }
}

/// Runs forever (until the process stops).
pub async fn run(http: Arc<serenity::Http>, service: Service, interval: Duration) {
    loop {
        tick(&http, &service).await;
        tokio::time::sleep(interval).await;
    }
}

/// One pass over everything due, unless another process sharing the database is making
/// one (it then does the work; this process tries again at its next interval).
pub async fn tick(http: &Arc<serenity::Http>, service: &Service) {
    let started = std::time::Instant::now();
    // While the database is away, the pass waits for the next interval (nothing it would
    // do can be done, and everything due stays due in the database).
    if let Some(why) = crate::observe::health().database_away() {
        metrics::scheduler_pass(metrics::Pass::Waited, started.elapsed());
        return debug!(%why, "the database is away: the scheduler's pass waits");
    }
    let claim = match service.claim_scheduler_pass().await {
        Ok(Some(claim)) => claim,
        Ok(None) => {
            metrics::scheduler_pass(metrics::Pass::Elsewhere, started.elapsed());
            return debug!("another process is making the scheduler's pass");
        }
        Err(e) => {
            metrics::scheduler_pass(metrics::Pass::Failed, started.elapsed());
            return error!(error = ?e, "claiming the scheduler's pass failed");
        }
    };
    crate::observe::in_use_case("scheduler", pass(http, service)).await;
    metrics::scheduler_pass(metrics::Pass::Done, started.elapsed());
    // Given up at once: a dropped claim stays held on PostgreSQL until its connection is
    // used again, and another process would find the pass still claimed.
    if let Err(e) = claim.release().await {
        warn!(error = ?e, "giving up the scheduler's pass failed (the lock goes with its connection)");
    }
}

/// The scheduler's pass, once claimed.
async fn pass(http: &Arc<serenity::Http>, service: &Service) {
    match service.expire_challenges().await {
        Ok(expired) => {
            metrics::scheduler_did(metrics::Work::Expiries, expired.len());
            for e in expired {
                let Some(message) = e.message_id else { continue };
                let lang = super::public_lang(service, e.guild_id, None).await;
                let edit = EditMessage::new()
                    .content(render::challenge_closed(lang, &e.challenge, "expired", None))
                    .components(Vec::new());
                let route = Route::ChannelMessage {
                    channel_id: ChannelId::new(e.channel_id),
                    message_id: MessageId::new(message),
                };
                let body = serde_json::to_vec(&edit).unwrap_or_default();
                if let Err(err) = gate().send(http, Priority::Reminder, LightMethod::Patch, route, Some(&body)).await {
                    debug!(error = %err, challenge = e.challenge.id, "could not close an expired challenge's message");
                }
            }
        }
        Err(e) => error!(error = ?e, "expiring challenges failed"),
    }
    // Away time that ended moves its deadlines before any deadline is settled.
    match service.settle_aways().await {
        Ok(settled) => super::publish::refresh_boards(http, service, &settled.matches).await,
        Err(e) => error!(error = ?e, "settling away time failed"),
    }
    match service.forfeit_overdue().await {
        Ok(boards) => {
            metrics::scheduler_did(metrics::Work::Forfeits, boards.len());
            for board in boards {
                post_board(http, service, &board).await;
            }
        }
        Err(e) => error!(error = ?e, "settling deadlines failed"),
    }
    // After the deadlines: a round whose last match just timed out ends in this pass.
    super::tournament::tick(http, service).await;
    match service.remind().await {
        Ok(reminders) => {
            metrics::scheduler_did(metrics::Work::Reminders, reminders.len());
            // A few at a time, so that one channel's bucket does not hold the others; the
            // gate keeps them within Discord's limits, behind boards.
            let slots = Arc::new(tokio::sync::Semaphore::new(REMINDERS_IN_FLIGHT));
            let mut sending = tokio::task::JoinSet::new();
            for r in reminders {
                let Ok(slot) = Arc::clone(&slots).acquire_owned().await else { break };
                let (http, service) = (Arc::clone(http), service.clone());
                sending.spawn(async move {
                    send_reminder(&http, &service, r).await;
                    drop(slot);
                });
                while sending.try_join_next().is_some() {}
            }
            while sending.join_next().await.is_some() {}
        }
        Err(e) => error!(error = ?e, "reminders failed"),
    }
    announce_season_ends(http, service).await;
    match service.practice_due().await {
        Ok(due) => {
            for match_id in due {
                super::spawn_bot_turns(http, service, match_id, Vec::new());
            }
        }
        Err(e) => error!(error = ?e, "checking practice matches failed"),
    }
    // Last, and a few at a time: ended matches' logs folded into one row each.
    if let Err(e) = service.fold_logs().await {
        error!(error = ?e, "folding ended matches' action logs failed");
    }
}
