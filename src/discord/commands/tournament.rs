//! `/engarde tournament …`: create, start, join, leave, standings, mine, remove, pause,
//! resume, cancel; and `/engarde-admin tournament-role`. Each handler parses, calls one
//! service function, answers, then publishes through the rate-limit gate.

use engarde_tournament::Format;
use poise::serenity_prelude as serenity;

use super::{caller, ephemeral, guild, parse_duration, parse_variant, server_lang, user_lang, variant_names};
use super::{Context, Error};
use crate::discord::tournament::{announce, post_boards, publish_update, refresh_announcement};
use crate::present::escape;
use crate::service::tournament::{CreateRequest, Manager};
use crate::service::ServiceError;
use crate::t;

/// The formats a tournament may have.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "swiss"]
    Swiss,
    #[name = "round-robin"]
    RoundRobin,
}

/// Tournaments: a Swiss or a round robin over days.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("create", "start", "join", "leave", "standings", "mine", "remove", "pause", "resume", "cancel"),
    subcommand_required
)]
pub async fn tournament(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Who is asking, as a manager: Manage Server (or Administrator), and their roles.
async fn manager(ctx: Context<'_>) -> Manager {
    let who = caller(ctx).await;
    let member = ctx.author_member().await;
    let manage_server =
        member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator());
    let roles = member.map(|m| m.roles.iter().map(|r| r.get()).collect()).unwrap_or_default();
    Manager { user_id: who.user_id, name: who.name, manage_server, roles }
}

/// Create a tournament and open its sign-ups (managers).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
async fn create(
    ctx: Context<'_>,
    name: String,
    format: FormatChoice,
    #[autocomplete = "variant_names"] variant: Option<String>,
    #[min = 1]
    #[max = 15]
    hits: Option<u8>,
    #[min = 1] rounds: Option<u32>,
    double: Option<bool>,
    turn_time: Option<String>,
    round_time: Option<String>,
    rated: Option<bool>,
    away: Option<bool>,
    #[min = 3] max_players: Option<u32>,
    signup: Option<String>,
) -> Result<(), Error> {
    let guild_id = guild(ctx)?;
    let variant = parse_variant(variant)?;
    let request = CreateRequest {
        guild_id,
        channel_id: ctx.channel_id().get(),
        creator: manager(ctx).await,
        name,
        variant,
        options: super::hits_option(variant, hits),
        format: match format {
            FormatChoice::Swiss => Format::Swiss,
            FormatChoice::RoundRobin => Format::RoundRobin,
        },
        rounds,
        double: double.unwrap_or(false),
        turn: parse_duration("error-turn-time-unreadable", turn_time)?,
        round_time: parse_duration("tournament-error-duration-unreadable", round_time)?,
        rated: rated.unwrap_or(true),
        away: away.unwrap_or(false),
        max_players,
        signup: parse_duration("tournament-error-duration-unreadable", signup)?,
        interaction_id: ctx.id(),
    };
    let event = ctx.data().service.create_tournament(request).await?;
    let me = user_lang(ctx).await;
    ephemeral(ctx, t!(me, "tournament-created", id = event.id, name = escape(&event.name))).await?;
    if event.message_id.is_none() {
        let lang = server_lang(ctx).await;
        announce(&ctx.serenity_context().http, &ctx.data().service, lang, &event).await;
    }
    Ok(())
}

/// The event a command names, else the server's latest.
async fn event_id(ctx: Context<'_>, event: Option<i64>) -> Result<(u64, i64), Error> {
    let guild_id = guild(ctx)?;
    Ok((guild_id, ctx.data().service.pick_tournament(guild_id, event).await?))
}

/// Start a tournament now, before its sign-ups close (managers).
#[poise::command(slash_command, guild_only)]
async fn start(ctx: Context<'_>, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let update = ctx.data().service.start_tournament(guild_id, id, &manager(ctx).await).await?;
    ephemeral(ctx, t!(user_lang(ctx).await, "tournament-started", name = escape(&update.event.name))).await?;
    publish_update(&ctx.serenity_context().http, &ctx.data().service, update).await;
    Ok(())
}

/// Sign up for a tournament.
#[poise::command(slash_command, guild_only)]
async fn join(ctx: Context<'_>, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let joined = ctx.data().service.join_tournament(guild_id, id, &caller(ctx).await).await?;
    ephemeral(ctx, crate::discord::render::tournament::joined(user_lang(ctx).await, &joined.event, joined.late))
        .await?;
    refresh_announcement(&ctx.serenity_context().http, &ctx.data().service, server_lang(ctx).await, &joined.event)
        .await;
    Ok(())
}

/// Leave a tournament (once it has started, your remaining games are lost).
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Context<'_>, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let left = ctx.data().service.leave_tournament(guild_id, id, ctx.author().id.get()).await?;
    ephemeral(ctx, crate::discord::render::tournament::left(user_lang(ctx).await, &left.event)).await?;
    let http = &ctx.serenity_context().http;
    post_boards(http, &ctx.data().service, &left.ended).await;
    refresh_announcement(http, &ctx.data().service, server_lang(ctx).await, &left.event).await;
    Ok(())
}

/// A tournament's standings.
#[poise::command(slash_command, guild_only)]
async fn standings(ctx: Context<'_>, #[min = 1] event: Option<i64>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let view = ctx.data().service.tournament_standings(guild_id, id).await?;
    let page = usize::try_from(page.unwrap_or(1)).unwrap_or(1);
    let (text, _) = crate::discord::render::tournament::standings_page(user_lang(ctx).await, &view, page);
    ephemeral(ctx, text).await
}

/// Your current or next pairing in a tournament.
#[poise::command(slash_command, guild_only)]
async fn mine(ctx: Context<'_>, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let mine = ctx.data().service.my_tournament(guild_id, id, ctx.author().id.get()).await?;
    ephemeral(ctx, crate::discord::render::tournament::mine(user_lang(ctx).await, &mine)).await
}

/// Remove a player from a tournament (managers).
#[poise::command(slash_command, guild_only)]
async fn remove(ctx: Context<'_>, player: serenity::User, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let by = manager(ctx).await;
    let removed = ctx.data().service.remove_from_tournament(guild_id, id, &by, player.id.get()).await?;
    let name = removed
        .event
        .entrants
        .iter()
        .find(|e| e.player.user_id == player.id.get())
        .map_or_else(|| player.name.clone(), |e| e.player.name.clone());
    let text =
        t!(user_lang(ctx).await, "tournament-removed", player = escape(&name), name = escape(&removed.event.name));
    ephemeral(ctx, text).await?;
    let http = &ctx.serenity_context().http;
    post_boards(http, &ctx.data().service, &removed.ended).await;
    refresh_announcement(http, &ctx.data().service, server_lang(ctx).await, &removed.event).await;
    Ok(())
}

/// Pause a tournament: its clocks stop (managers).
#[poise::command(slash_command, guild_only)]
async fn pause(ctx: Context<'_>, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let view = ctx.data().service.pause_tournament(guild_id, id, &manager(ctx).await).await?;
    ephemeral(ctx, t!(user_lang(ctx).await, "tournament-paused", name = escape(&view.name))).await?;
    refresh_announcement(&ctx.serenity_context().http, &ctx.data().service, server_lang(ctx).await, &view).await;
    Ok(())
}

/// Resume a paused tournament (managers).
#[poise::command(slash_command, guild_only)]
async fn resume(ctx: Context<'_>, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let view = ctx.data().service.resume_tournament(guild_id, id, &manager(ctx).await).await?;
    ephemeral(ctx, t!(user_lang(ctx).await, "tournament-resumed", name = escape(&view.name))).await?;
    refresh_announcement(&ctx.serenity_context().http, &ctx.data().service, server_lang(ctx).await, &view).await;
    Ok(())
}

/// Cancel a tournament: its live matches are aborted (managers).
#[poise::command(slash_command, guild_only)]
async fn cancel(ctx: Context<'_>, #[min = 1] event: Option<i64>) -> Result<(), Error> {
    let (guild_id, id) = event_id(ctx, event).await?;
    let done = ctx.data().service.cancel_tournament(guild_id, id, &manager(ctx).await).await?;
    let server = server_lang(ctx).await;
    ephemeral(ctx, crate::discord::render::tournament::cancelled(user_lang(ctx).await, &done.event, false)).await?;
    let http = &ctx.serenity_context().http;
    post_boards(http, &ctx.data().service, &done.ended).await;
    refresh_announcement(http, &ctx.data().service, server, &done.event).await;
    Ok(())
}

/// The role whose members may run tournaments (none: only server managers).
#[poise::command(slash_command, guild_only, rename = "tournament-role")]
pub async fn tournament_role(ctx: Context<'_>, role: Option<serenity::Role>) -> Result<(), Error> {
    let allowed =
        ctx.author_member().await.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator());
    if !allowed {
        return Err(ServiceError::NotAdmin.into());
    }
    let guild_id = guild(ctx)?;
    let role_id = role.as_ref().map(|r| r.id.get());
    ctx.data().service.set_tournament_role(guild_id, ctx.author().id.get(), role_id).await?;
    let me = user_lang(ctx).await;
    let text = match role_id {
        Some(id) => t!(me, "tournament-role-set", role = format!("<@&{id}>")),
        None => t!(me, "tournament-role-cleared"),
    };
    ephemeral(ctx, text).await
}
