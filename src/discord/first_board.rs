//! A match's first board, in a thread of its own: at a tournament round's start, and for a
//! first board owed with no thread (see `service::BoardPlace`; the outbox loop, `super::outbox`).

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::{debug, warn};

use super::render::{self, tournament as words};
use super::{lookup, move_to_thread, open_thread, owner, post_board, public_lang, threads};
use crate::service::{BoardPlace, BoardView, Service};

/// Posts a match's first board where [`Service::board_place`] says, opening the match's thread
/// first if it has none yet: a tournament match's in the event's channel, named in the server's
/// language after the event, the round and the players; a challenged match's from its challenge
/// message (or with none, in the boards' channel). A thread Discord opened before a crash kept
/// the bot from storing it is found again rather than opened twice. Where the bot may not open
/// a thread, the board goes to the channel. Only the match's owner does it ([`owner`]).
///
/// The match is claimed first ([`Service::claim_board_place`]), then asked where its board
/// goes: a match another task or process is placing is left to it, and one whose thread is
/// open already gets its board there, so that no match gets two threads.
pub(crate) async fn post(http: &Arc<serenity::Http>, service: &Service, board: &BoardView) {
    let match_id = board.match_id;
    if !owner::owns(board.guild_id) {
        return debug!(match_id, "the process that owns this match posts its first board");
    }
    let claim = match service.claim_board_place(match_id).await {
        Ok(Some(claim)) => claim,
        Ok(None) => return debug!(match_id, "another task or process is posting this match's first board"),
        Err(e) => return warn!(error = ?e, match_id, "could not claim a match's first board"),
    };
    let mut board = board.clone();
    let (a, b) = (board.players.a.name.clone(), board.players.b.name.clone());
    match service.board_place(match_id).await {
        Ok(BoardPlace::NewThread { event, round }) => {
            let lang = public_lang(service, event.guild_id, None).await;
            board.channel_id = event.channel_id;
            let name = words::match_thread_name(lang, &event, round, &a, &b);
            if let Some(thread) = without_starter(http, service, &board, name).await {
                board.channel_id = thread;
            }
        }
        Ok(BoardPlace::ThreadFrom { message_id }) => {
            let lang = public_lang(service, board.guild_id, None).await;
            let name = render::thread_name(lang, match_id, &a, &b);
            if let Some(thread) = open_thread(http, service, &board, name, Some(message_id)).await {
                board.channel_id = thread;
            }
        }
        Ok(BoardPlace::OwnThread { channel_id }) => {
            board.channel_id = channel_id;
            let lang = public_lang(service, board.guild_id, None).await;
            let name = render::thread_name(lang, match_id, &a, &b);
            if let Some(thread) = without_starter(http, service, &board, name).await {
                board.channel_id = thread;
            }
        }
        Ok(BoardPlace::Channel(channel)) => board.channel_id = channel,
        Err(e) => warn!(error = ?e, match_id, "could not read where a match's board goes"),
    }
    post_board(http, service, &board).await;
    if let Err(e) = claim.release().await {
        warn!(error = ?e, match_id, "could not release a match's first board");
    }
}

/// The match's own thread with no starter message, named `name`, in the board's channel (or
/// that channel itself, if the match is in it already); the match moved there. Where this
/// process does not know the match's messages ([`lookup::known`]: a board owed since before
/// it started), a thread Discord opened before a crash kept the bot from storing it is found
/// by its name, not opened twice. `None` where none could be opened.
async fn without_starter(http: &serenity::Http, service: &Service, board: &BoardView, name: String) -> Option<u64> {
    let found = if lookup::known(board.match_id) {
        None
    } else {
        threads::find(http, board.guild_id, board.channel_id, &name).await
    };
    match found {
        Some(thread) if thread == board.channel_id => Some(thread),
        Some(thread) => move_to_thread(service, board.match_id, thread).await,
        None => open_thread(http, service, board, name, None).await,
    }
}
