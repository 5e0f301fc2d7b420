//! The scheduler: on start-up and then every `SCHEDULER_INTERVAL`, settles what
//! time made due and announces it. All its state is in the database (see
//! `service::schedule`), so a restart loses nothing and fires nothing twice;
//! deadlines that passed while the bot was down are settled at once, in order. Every
//! process sharing a PostgreSQL database runs it; each pass is claimed by one of them.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, MessageId, UserId};
use tracing::{debug, error, warn};

use super::{post_board, render};
use crate::service::Service;

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
    let _claim = match service.claim_scheduler_pass().await {
        Ok(Some(claim)) => claim,
        Ok(None) => return debug!("another process is making the scheduler's pass"),
        Err(e) => return error!(error = ?e, "claiming the scheduler's pass failed"),
    };
    match service.expire_challenges().await {
        Ok(expired) => {
            for e in expired {
                let Some(message) = e.message_id else { continue };
                let lang = super::public_lang(service, e.guild_id, None).await;
                let edit = EditMessage::new()
                    .content(render::challenge_closed(lang, &e.challenge, "expired", None))
                    .components(Vec::new());
                if let Err(err) = ChannelId::new(e.channel_id).edit_message(http, MessageId::new(message), edit).await {
                    debug!(error = %err, challenge = e.challenge.id, "could not close an expired challenge's message");
                }
            }
        }
        Err(e) => error!(error = ?e, "expiring challenges failed"),
    }
    match service.forfeit_overdue().await {
        Ok(boards) => {
            for board in boards {
                post_board(http, service, &board).await;
            }
        }
        Err(e) => error!(error = ?e, "settling deadlines failed"),
    }
    match service.remind().await {
        Ok(reminders) => {
            for r in reminders {
                let lang = super::public_lang(service, r.guild_id, None).await;
                let message = CreateMessage::new()
                    .content(render::clamp(render::reminder(lang, &r)))
                    .allowed_mentions(CreateAllowedMentions::new().users(vec![UserId::new(r.user_id)]));
                if let Err(e) = ChannelId::new(r.channel_id).send_message(http, message).await {
                    warn!(error = %e, user = r.user_id, "could not send a reminder");
                }
            }
        }
        Err(e) => error!(error = ?e, "reminders failed"),
    }
    match service.practice_due().await {
        Ok(due) => {
            for match_id in due {
                super::spawn_bot_turns(http, service, match_id, Vec::new());
            }
        }
        Err(e) => error!(error = ?e, "checking practice matches failed"),
    }
    match service.boards_to_repost().await {
        Ok(boards) => {
            for board in boards {
                warn!(match_id = board.match_id, turn = board.turn, "posting a missing board again");
                post_board(http, service, &board).await;
            }
        }
        Err(e) => error!(error = ?e, "checking for missing boards failed"),
    }
}
