//! Playing: challenge, hand, resign, matches.

use crate::discord::ratelimit::Priority;
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton};

use super::{
    caller, ephemeral, guild, parse_duration, parse_variant, server_lang, user_lang, variant_names, Context, Error,
};
use crate::discord::custom_id::CustomId;
use crate::discord::render;
use crate::i18n::Lang;
use crate::service::{ChallengeRequest, PlayerInfo};

/// Challenge someone to a duel.
#[poise::command(slash_command, guild_only)]
pub(super) async fn challenge(
    ctx: Context<'_>,
    opponent: serenity::User,
    #[autocomplete = "variant_names"] variant: Option<String>,
    #[min = 1]
    #[max = 15]
    hits: Option<u8>,
    turn_time: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data();
    let variant = parse_variant(variant)?;
    let request = ChallengeRequest {
        guild_id: guild(ctx)?,
        channel_id: ctx.channel_id().get(),
        challenger: caller(ctx).await,
        challenged: PlayerInfo {
            user_id: opponent.id.get(),
            name: opponent.display_name().to_owned(),
            bot: opponent.bot,
        },
        variant,
        options: super::hits_option(variant, hits),
        turn: parse_duration("error-turn-time-unreadable", turn_time)?,
        interaction_id: ctx.id(),
    };
    let view = data.service.challenge(request).await?;
    let (text, buttons) = render::challenge(server_lang(ctx).await, &view);
    // The challenge mentions the challenged player, once.
    let reply = CreateReply::default()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new().users(vec![serenity::UserId::new(view.challenged.user_id)]));
    let handle = ctx.send(reply).await?;
    let message = handle.message().await?;
    let status = data.service.set_challenge_message(view.id, message.id.get()).await?;
    if matches!(status.as_str(), "expired" | "cancelled" | "declined") {
        // It was closed before its message was known (it expired, or was withdrawn by
        // `/engarde cancel`), so nobody else could close the message: close it here. (An
        // accepted or declined one was closed by the click that answered it.)
        let closed = CreateReply::default()
            .content(render::challenge_closed(server_lang(ctx).await, &view, &status, None))
            .components(Vec::new());
        handle.edit(ctx, closed).await?;
    }
    Ok(())
}

/// Your unfinished matches in this server.
#[poise::command(slash_command, guild_only)]
pub(super) async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    let list = ctx.data().service.active_matches(guild(ctx)?, ctx.author().id.get()).await?;
    ephemeral(ctx, render::match_list(user_lang(ctx).await, &list)).await
}

async fn my_matches(ctx: Context<'_>, _partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx).await;
    let (Some(guild), user) = (ctx.guild_id(), ctx.author().id.get()) else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let list = ctx.data().service.active_matches(guild.get(), user).await.unwrap_or_default();
    let choices = list
        .into_iter()
        .take(25)
        .map(|m| {
            let name = crate::t!(
                lang,
                "play-match-choice",
                id = m.match_id,
                opponent = &m.opponent,
                variant = crate::present::variant_title(lang, m.variant)
            );
            serenity::AutocompleteChoice::new(name.chars().take(100).collect::<String>(), m.match_id)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The match a command means (named, or found from where it is used) and the
/// caller's view of it; fails unless the caller plays in it, in this server.
async fn my_match(ctx: Context<'_>, named: Option<i64>) -> Result<(i64, crate::service::HandView), Error> {
    let service = &ctx.data().service;
    let guild = guild(ctx)?;
    let user = ctx.author().id.get();
    let match_id = service.resolve_match(guild, ctx.channel_id().get(), user, named).await?;
    Ok((match_id, service.hand(guild, match_id, user).await?))
}

/// See your hand (only you can see it) and play.
#[poise::command(slash_command, guild_only)]
pub(super) async fn hand(ctx: Context<'_>, #[autocomplete = "my_matches"] r#match: Option<i64>) -> Result<(), Error> {
    let (_, view) = my_match(ctx, r#match).await?;
    let reply = CreateReply::default()
        .content(render::clamp(render::hand_text(user_lang(ctx).await, &view)))
        .components(render::hand_components(user_lang(ctx).await, &view))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Give up a match (asks to confirm).
#[poise::command(slash_command, guild_only)]
pub(super) async fn resign(ctx: Context<'_>, #[autocomplete = "my_matches"] r#match: Option<i64>) -> Result<(), Error> {
    let (match_id, _) = my_match(ctx, r#match).await?;
    let reply = CreateReply::default()
        .content(crate::t!(user_lang(ctx).await, "resign-confirm", id = match_id))
        .components(resign_buttons(user_lang(ctx).await, match_id))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// The confirmation buttons of a resignation.
pub(crate) fn resign_buttons(lang: Lang, match_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(CustomId::ResignConfirm { match_id }.encode())
            .label(crate::t!(lang, "play-resign-button"))
            .style(ButtonStyle::Danger),
        CreateButton::new(CustomId::ResignCancel { match_id }.encode())
            .label(crate::t!(lang, "play-keep-fencing-button"))
            .style(ButtonStyle::Secondary),
    ])]
}

/// Withdraw your pending challenges (all, or the one to an opponent).
#[poise::command(slash_command, guild_only)]
pub(super) async fn cancel(ctx: Context<'_>, opponent: Option<serenity::User>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let lang = server_lang(ctx).await;
    let withdrawn = service.cancel_challenges(guild(ctx)?, ctx.author().id.get(), opponent.map(|u| u.id.get())).await?;
    for (challenge, message, channel) in &withdrawn {
        if let Some(message) = message {
            let edit = serenity::EditMessage::new()
                .content(render::challenge_closed(lang, challenge, "cancelled", None))
                .components(Vec::new());
            let route = serenity::http::Route::ChannelMessage {
                channel_id: serenity::ChannelId::new(*channel),
                message_id: serenity::MessageId::new(*message),
            };
            let patch = serenity::http::LightMethod::Patch;
            let edited: Result<serde::de::IgnoredAny, _> =
                crate::discord::ratelimit::fire_json(ctx.http(), Priority::Board, patch, route, &edit).await;
            if let Err(e) = edited {
                tracing::debug!(error = %e, "could not close a withdrawn challenge's message");
            }
        }
    }
    ephemeral(ctx, crate::t!(user_lang(ctx).await, "play-withdrawn", n = withdrawn.len())).await
}

/// Posts a challenge made by a click (a rematch) in `channel`, and remembers its message.
pub(crate) async fn post_challenge(
    ctx: &serenity::Context,
    data: &crate::discord::Data,
    lang: Lang,
    view: &crate::service::ChallengeView,
    channel: u64,
) {
    let (text, buttons) = render::challenge(lang, view);
    let message = serenity::CreateMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new().users(vec![serenity::UserId::new(view.challenged.user_id)]));
    match crate::discord::publish::post_message(&ctx.http, channel, &message, None).await {
        Ok(posted) => {
            if let Err(e) = data.service.set_challenge_message(view.id, posted).await {
                tracing::warn!(error = ?e, challenge = view.id, "could not remember a challenge's message");
            }
        }
        Err(e) => tracing::warn!(error = %e, challenge = view.id, "could not post a rematch challenge"),
    }
}
