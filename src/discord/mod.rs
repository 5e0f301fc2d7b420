//! The thin Discord adapter: slash commands and components in, view models
//! rendered to messages out. No game logic lives here.

mod codec;
mod commands;
#[cfg(test)]
pub(crate) use commands::localization_ids;
mod components;
pub mod custom_id;

/// The slash-command option parsers (public for tests and fuzzing).
pub use commands::{echo, parse_duration, parse_variant, ECHO_MAX};
pub mod render;
pub mod retry;
pub mod scheduler;

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::{debug, error, info, warn};

use crate::config::{Settings, Shards};
use crate::i18n::Lang;
use crate::service::{BoardView, Service, ServiceError};

/// Shared data of every handler.
pub struct Data {
    /// The match service.
    pub service: Service,
}

/// Handler errors: a [`ServiceError`] (shown to the user) or anything else (logged).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// The gateway intents: no privileged intent is needed.
#[must_use]
pub fn intents() -> serenity::GatewayIntents {
    serenity::GatewayIntents::GUILDS
}

/// Connects to Discord (or the API at `settings.api_url`) with the shards `settings` names
/// (by default, as many as Discord recommends) and serves until stopped.
///
/// # Errors
/// A failure to connect or an invalid token.
pub async fn run(settings: &Settings, service: Service) -> Result<(), serenity::Error> {
    let mut http = serenity::HttpBuilder::new(&settings.token);
    if let Some(url) = &settings.api_url {
        // The proxy only takes effect with the rate limiter off: for local test doubles only.
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let dev_guild = settings.dev_guild_id;
    let interval = settings.scheduler_interval;
    let mut commands = vec![commands::engarde(), commands::engarde_admin()];
    commands::localize(&mut commands);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            on_error: |e| Box::pin(on_error(e)),
            event_handler: |fw, event| Box::pin(on_event(fw, event)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(guild)).await?;
                    }
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                tokio::spawn(scheduler::run(ctx.http.clone(), service.clone(), interval));
                Ok(Data { service })
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents()).framework(framework).await?;
    match settings.shards {
        Shards::Recommended => client.start_autosharded().await,
        Shards::Range { first, last, count } => {
            info!(first, last, count, "running shards {first} to {last} of {count}");
            // Serenity 0.12 reads the range's end as the last shard itself (`4..7` boots
            // shards 4 to 7), whatever `Range` usually means.
            client.start_shard_range(first..last, count).await
        }
    }
}

async fn on_event(fw: poise::FrameworkContext<'_, Data, Error>, event: &serenity::FullEvent) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(component) } => {
            components::handle(fw.serenity_context, fw.user_data, component).await;
        }
        serenity::FullEvent::GuildCreate { guild, .. } => {
            note_locale(&fw.user_data.service, guild.id.get(), &guild.preferred_locale).await;
        }
        serenity::FullEvent::GuildUpdate { new_data, .. } => {
            note_locale(&fw.user_data.service, new_data.id.get(), &new_data.preferred_locale).await;
        }
        _ => {}
    }
    Ok(())
}

async fn note_locale(service: &Service, guild: u64, locale: &str) {
    if let Err(e) = service.note_guild_locale(guild, locale).await {
        warn!(guild, error = ?e, "could not store a server's locale");
    }
}

/// The language of a server's public messages: its admins' choice, else its Discord
/// locale (`guild_locale`, noted here when an interaction reports it), else English.
/// A database failure falls back to the reported locale (and is logged).
pub(crate) async fn public_lang(service: &Service, guild: u64, guild_locale: Option<&str>) -> Lang {
    if let Some(locale) = guild_locale {
        note_locale(service, guild, locale).await;
    }
    match service.server_lang(guild).await {
        Ok(lang) => lang,
        Err(e) => {
            warn!(guild, error = ?e, "could not read a server's language");
            Lang::from_discord_or_english(guild_locale)
        }
    }
}

/// What a user is told about an error, in their language: the service's short message,
/// with a link where there is one. Internal errors are logged with their detail.
pub(crate) fn user_message(lang: Lang, e: &ServiceError) -> String {
    if let ServiceError::Internal(detail) = e {
        error!(%detail, "internal error");
    }
    render::error(lang, e)
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    let (ctx, text) = match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let lang = Lang::from_discord_or_english(ctx.locale());
            let text = match error.downcast_ref::<ServiceError>() {
                Some(e) => user_message(lang, e),
                None => {
                    error!(command = %ctx.command().qualified_name, error = ?error, "command failed");
                    render::error(lang, &ServiceError::Internal(String::new()))
                }
            };
            (ctx, text)
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            (ctx, crate::t!(Lang::from_discord_or_english(ctx.locale()), "error-guild-only"))
        }
        poise::FrameworkError::ArgumentParse { ctx, input, error, .. } => {
            let lang = Lang::from_discord_or_english(ctx.locale());
            debug!(input = ?input, error = %error, "an option could not be read");
            let text = match input {
                Some(input) => crate::t!(lang, "error-option-unreadable", input = commands::echo(&input)),
                None => crate::t!(lang, "error-option-missing"),
            };
            (ctx, text)
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                warn!(error = %e, "error while handling an error");
            }
            return;
        }
    };
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        warn!(error = %e, "could not tell the user about an error");
    }
}

/// Posts a board in its match's channel and remembers it.
///
/// A 429 or 5xx answer is retried a few times (see [`retry`]). The message carries
/// a nonce derived from the match and turn, with `enforce_nonce`, so a retry of a
/// post that Discord did create (a 5xx after the fact) returns the same message
/// instead of a duplicate. A board that still fails is posted again later by the
/// scheduler (`Service::boards_to_repost`), since it is only recorded once posted.
pub(crate) async fn post_board(http: &Arc<serenity::Http>, service: &Service, board: &BoardView) {
    post_one_board(http, service, board).await;
    if board.awaits_bot() {
        spawn_bot_turns(http, service, board.match_id);
    }
}

/// Plays, in a task of its own, the practice bot's decisions in a match for as long as
/// they are awaited, posting a board after each, as after anyone's move.
pub(crate) fn spawn_bot_turns(http: &Arc<serenity::Http>, service: &Service, match_id: i64) {
    let (http, service) = (Arc::clone(http), service.clone());
    tokio::spawn(async move { bot_turns(&http, &service, match_id).await });
}

async fn bot_turns(http: &serenity::Http, service: &Service, match_id: i64) {
    loop {
        match service.practice_move(match_id).await {
            Ok(Some(done)) => {
                post_one_board(http, service, &done.board).await;
                if !done.board.awaits_bot() {
                    return;
                }
            }
            Ok(None) => return,
            Err(e) => return error!(match_id, error = ?e, "the practice bot could not move"),
        }
    }
}

/// Posts one board (see [`post_board`]).
async fn post_one_board(http: &serenity::Http, service: &Service, board: &BoardView) {
    let channel_id = serenity::ChannelId::new(board.channel_id);
    let nonce = serenity::Nonce::String(board_nonce(board.match_id, board.turn, BoardKind::of(board)));
    let lang = public_lang(service, board.guild_id, None).await;
    let message = render::board(lang, board).nonce(nonce).enforce_nonce(true);
    let body = match serde_json::to_vec(&message) {
        Ok(body) => body,
        Err(e) => return error!(match_id = board.match_id, error = %e, "could not serialise a board"),
    };
    // Serenity's `send_message` would decode the whole echoed message; only its id is kept.
    let sent = retry::with_retry("posting a board", || {
        let request = serenity::http::Request::new(
            serenity::http::Route::ChannelMessages { channel_id },
            serenity::http::LightMethod::Post,
        );
        http.fire::<Posted>(request.body(Some(body.clone())))
    })
    .await;
    match sent {
        Ok(message) => {
            if let Err(e) = service.record_board(board, board.channel_id, message.id.get()).await {
                error!(match_id = board.match_id, error = ?e, "could not record a posted board");
            }
        }
        Err(e) => error!(match_id = board.match_id, turn = board.turn, error = %e, "could not post a board"),
    }
}

/// The part of a posted message the bot keeps.
#[derive(serde::Deserialize)]
struct Posted {
    id: serenity::MessageId,
}

/// What a board shows besides its turn: an admin's abort or a forfeit ends a match
/// without an action, so the final board has the same turn as the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BoardKind {
    Playing,
    Ended,
    Aborted,
}

impl BoardKind {
    fn of(board: &BoardView) -> BoardKind {
        if board.aborted {
            BoardKind::Aborted
        } else if board.outcome.is_some() {
            BoardKind::Ended
        } else {
            BoardKind::Playing
        }
    }
}

/// The nonce of a board message: at most 25 characters, the same for every post
/// of one match's board at one turn, and different for each board: Discord returns
/// the earlier message for a nonce it saw in the last few minutes, so the final
/// board of an abort or a forfeit (same turn as the board before it) is marked.
fn board_nonce(match_id: i64, turn: i64, kind: BoardKind) -> String {
    // 36-radix keeps it short: "b", the match id (at most 13 characters), ".", the turn
    // capped to 9 characters (turns stay far below 36^9 in any real match), and a
    // capital letter for a final board (radix-36 digits are lowercase).
    let turn = u64::try_from(turn).unwrap_or_default() % 36u64.pow(9);
    let mark = match kind {
        BoardKind::Playing => "",
        BoardKind::Ended => "E",
        BoardKind::Aborted => "A",
    };
    format!("b{}.{}{mark}", radix36(u64::try_from(match_id).unwrap_or_default()), radix36(turn))
}

fn radix36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_nonces_fit_and_differ() {
        let longest = board_nonce(i64::MAX, 36i64.pow(9) - 1, BoardKind::Aborted);
        assert!(longest.len() <= 25, "{longest}");
        let playing = BoardKind::Playing;
        assert_ne!(board_nonce(1, 2, playing), board_nonce(1, 3, playing));
        assert_ne!(board_nonce(12, 3, playing), board_nonce(1, 23, playing));
        // A match aborted or forfeited at a turn gets a board of its own.
        let kinds = [playing, BoardKind::Ended, BoardKind::Aborted];
        for a in kinds {
            for b in kinds.into_iter().filter(|&b| b != a) {
                assert_ne!(board_nonce(5, 14, a), board_nonce(5, 14, b));
                // Not even with another turn's digits.
                assert_ne!(board_nonce(5, 14, a), board_nonce(5, 14 * 36 + 10, playing));
            }
        }
    }
}
