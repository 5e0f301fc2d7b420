//! The thin Discord adapter: slash commands and components in, view models
//! rendered to messages out. No game logic lives here.

mod at_hand;
mod codec;
mod commands;
#[cfg(test)]
pub(crate) use commands::localization_ids;
mod components;
pub mod custom_id;
mod first_board;
pub mod layout;
mod lookup;
mod outbox;
mod owner;
pub(crate) mod publish;
pub(crate) use publish::{publish as post_board, publish_in, spawn_bot_turns};
pub mod ratelimit;

/// The slash-command option parsers (public for tests and fuzzing).
pub use commands::{echo, parse_duration, parse_variant, ECHO_MAX};
mod observed;
pub mod render;
pub mod retry;
pub mod scheduler;
mod threads;
mod tournament;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{debug, error, info, warn};

use crate::config::{Settings, Shards};
use crate::i18n::Lang;
use crate::observe::{self, metrics::Outcome as Answer};
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

/// Interactions being handled now, commands and clicks (a stopping process lets them
/// finish; counted by [`observed::Observed`], which sees every event first).
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

/// How long a stopping process waits for the clicks it has: Discord wants their answers
/// within 3 s.
const ANSWERS_WITHIN: Duration = Duration::from_secs(3);

/// Connects to Discord (or the API at `settings.api_url`) with the shards `settings` names
/// (by default, as many as Discord recommends) and serves until stopped.
///
/// On SIGTERM or Ctrl-C it stops: its shards stop taking events, the clicks it has finish
/// (at most 3 s), it publishes the boards it owes for at most `settings.shutdown_grace`,
/// hands its shards' boards back (another process may take them over) and closes the
/// database; then it returns `Ok`.
///
/// # Errors
/// A failure to connect or an invalid token.
pub async fn run(settings: &Settings, service: Service) -> Result<(), serenity::Error> {
    owner::init(settings.shards);
    let stopping_service = service.clone();
    // Serenity's own rate limiter is off, in production too. Every request Discord counts
    // against the bot's global limit (boards, threads, challenges, draw offers, reminders)
    // goes through the bot's gate (`ratelimit`), with its own client, and the gate's follow-ups
    // and edits through interactions' tokens too. What serenity still sends itself is
    // answers to interactions (exempt from the global limit, one request per token bucket,
    // due within 3 seconds, where waiting out a 429 would be worse than failing) and the
    // registration of commands once at start-up. Left on, it would only add a second
    // account of buckets that never meets the gate's, and it would retry a 429 on its own
    // while the gate knows nothing of it. (The proxy of a local double also needs it off.)
    let mut http = serenity::HttpBuilder::new(&settings.token).ratelimiter_disabled(true);
    if let Some(url) = &settings.api_url {
        http = http.proxy(url.clone());
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
            command_check: Some(|_| Box::pin(database_here())),
            post_command: |_| Box::pin(async { observe::interaction::answered(Answer::Answered) }),
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
                // This process's shards are its own at once (in memory; the leases follow,
                // without holding up the events); then it publishes what it owes.
                // The first click after a start must not wait for the pictures' shared parts.
                tokio::task::spawn_blocking(crate::present::picture::warm_up);
                tokio::spawn(owner::keep(service.clone()));
                tokio::spawn(outbox::run(ctx.http.clone(), service.clone()));
                tokio::spawn(scheduler::run(ctx.http.clone(), service.clone(), interval));
                Ok(Data { service })
            })
        })
        .build();
    let framework = observed::Observed::new(framework);
    let mut client = serenity::ClientBuilder::new_with_http(http, intents()).framework(framework).await?;
    let stopping = Arc::new(AtomicBool::new(false));
    let (shards, stopped) = (Arc::clone(&client.shard_manager), Arc::clone(&stopping));
    tokio::spawn(async move {
        stop_signal().await;
        info!("stopping: no new events; finishing the clicks in hand and the boards owed");
        stopped.store(true, Ordering::SeqCst);
        shards.shutdown_all().await;
    });
    let http = Arc::clone(&client.http);
    let served = match settings.shards {
        Shards::Recommended => client.start_autosharded().await,
        Shards::Range { first, last, count } => {
            info!(first, last, count, "running shards {first} to {last} of {count}");
            // Serenity 0.12 reads the range's end as the last shard itself (`4..7` boots
            // shards 4 to 7), whatever `Range` usually means.
            client.start_shard_range(first..last, count).await
        }
    };
    if stopping.load(Ordering::SeqCst) {
        stop(&http, &stopping_service, settings.shutdown_grace).await;
        return Ok(());
    }
    served
}

/// SIGTERM or Ctrl-C.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
                return;
            }
            Err(e) => warn!(error = %e, "cannot listen for SIGTERM; Ctrl-C only"),
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The end of a stopping process, once its shards take no more events: the clicks in hand
/// finish, the boards it owes are published (for at most `grace`), its leases are handed
/// back, and the database is closed.
async fn stop(http: &Arc<serenity::Http>, service: &Service, grace: Duration) {
    let answered_by = tokio::time::Instant::now() + ANSWERS_WITHIN;
    while IN_FLIGHT.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < answered_by {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    outbox::drain(http, service, grace).await;
    owner::release(service).await;
    service.pool().close().await;
    info!("stopped");
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

/// Whether a server's boards, and so its players' prompts, carry pictures (kept in
/// memory); pictures if it cannot be read (logged).
pub(crate) async fn pictures_on(service: &Service, guild: u64) -> bool {
    service.board_pictures(guild).await.unwrap_or_else(|e| {
        warn!(guild, error = ?e, "could not read how a server's boards are drawn");
        true
    })
}

/// The language the bot speaks to a user: the one they chose (`/engarde settings`), else
/// their Discord client's (`locale`), else English. A database failure falls back to the
/// client's (and is logged).
pub(crate) async fn user_lang_of(service: &Service, user: u64, locale: Option<&str>) -> Lang {
    if observe::health().database_away().is_some() {
        return Lang::from_discord_or_english(locale);
    }
    match service.user_lang(user).await {
        Ok(Some(lang)) => lang,
        Ok(None) => Lang::from_discord_or_english(locale),
        Err(e) => {
            warn!(user, error = ?e, "could not read a user's language");
            Lang::from_discord_or_english(locale)
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

/// Every command's check: the database answers. While it is away, a command is answered
/// "try again in a moment" at once (through [`on_error`]) rather than waiting for it.
async fn database_here() -> Result<bool, Error> {
    match observe::health().database_away() {
        Some(why) => Err(Box::new(ServiceError::Unavailable(why))),
        None => Ok(true),
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    let (ctx, text, outcome) = match error {
        poise::FrameworkError::Command { error, ctx, .. }
        | poise::FrameworkError::CommandCheckFailed { error: Some(error), ctx, .. } => {
            let lang = user_lang_of(&ctx.data().service, ctx.author().id.get(), ctx.locale()).await;
            match error.downcast_ref::<ServiceError>() {
                Some(e @ ServiceError::Internal(_)) => (ctx, user_message(lang, e), Answer::Failed),
                Some(e) => (ctx, user_message(lang, e), Answer::Refused),
                None => {
                    error!(command = %ctx.command().qualified_name, error = ?error, "command failed");
                    (ctx, render::error(lang, &ServiceError::Internal(String::new())), Answer::Failed)
                }
            }
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let lang = user_lang_of(&ctx.data().service, ctx.author().id.get(), ctx.locale()).await;
            (ctx, crate::t!(lang, "error-guild-only"), Answer::Refused)
        }
        poise::FrameworkError::ArgumentParse { ctx, input, error, .. } => {
            let lang = user_lang_of(&ctx.data().service, ctx.author().id.get(), ctx.locale()).await;
            debug!(input = ?input, error = %error, "an option could not be read");
            let text = match input {
                Some(input) => crate::t!(lang, "error-option-unreadable", input = commands::echo(&input)),
                None => crate::t!(lang, "error-option-missing"),
            };
            (ctx, text, Answer::Refused)
        }
        other => {
            observe::interaction::answered(Answer::Failed);
            if let Err(e) = poise::builtins::on_error(other).await {
                warn!(error = %e, "error while handling an error");
            }
            return;
        }
    };
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    match ctx.send(reply).await {
        Ok(_) => observe::interaction::answered(outcome),
        Err(e) => {
            observe::interaction::answered(Answer::Failed);
            warn!(error = %e, "could not tell the user about an error");
        }
    }
}

/// Opens a match's own thread, from `message` (the challenge or the practice announcement)
/// when the boards stay in its channel, else as a new thread in the boards' channel, and
/// moves the match there; the thread's id, or `None` where the bot may not open one (the
/// boards then go to the channel).
pub(crate) async fn open_thread(
    http: &serenity::Http,
    service: &Service,
    board: &BoardView,
    name: String,
    message: Option<u64>,
) -> Option<u64> {
    let thread = threads::open(http, board.guild_id, board.channel_id, message, &name).await?;
    move_to_thread(service, board.match_id, thread).await
}

/// Moves match `match_id`'s boards to `thread`; the thread, or `None` if the match could not
/// be moved (logged: its boards then go to the channel).
pub(crate) async fn move_to_thread(service: &Service, match_id: i64, thread: u64) -> Option<u64> {
    match service.set_match_channel(match_id, thread).await {
        Ok(()) => Some(thread),
        Err(e) => {
            warn!(error = ?e, match_id, "could not move a match to its thread");
            None
        }
    }
}

/// Starts a practice match on Discord: its own thread (from `announcement`, the public
/// message announcing it, when the boards stay in its channel), then its first board.
///
/// # Errors
/// Internal errors reading the server's settings.
pub(crate) async fn start_practice(
    http: &Arc<serenity::Http>,
    service: &Service,
    lang: Lang,
    mut board: BoardView,
    announcement: Option<u64>,
) -> Result<(), ServiceError> {
    // Made just now: nothing of it is on Discord to look for.
    lookup::note_known(board.match_id, false);
    if service.settings(board.guild_id).await?.threads {
        let (a, b) = (&board.players.a.name, &board.players.b.name);
        let name = render::thread_name(lang, board.match_id, a, b);
        if let Some(message) = announcement {
            service.set_thread_from(board.match_id, message).await?;
        }
        if let Some(thread) = open_thread(http, service, &board, name, announcement).await {
            board.channel_id = thread;
        }
    }
    post_board(http, service, &board).await;
    Ok(())
}
