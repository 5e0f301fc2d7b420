//! The `/engarde` slash command group.

use engarde_rules::Variant;
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton};

use super::custom_id::CustomId;
use super::{render, Context, Error};
use crate::present::rules_text;
use crate::service::{ChallengeRequest, PlayerInfo, ServiceError};

/// En Garde: fence your friends, one move at a time.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("challenge", "matches", "hand", "resign", "rules"),
    subcommand_required
)]
pub async fn engarde(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

async fn variant_names(_: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let partial = partial.to_lowercase();
    let choices = Variant::ALL
        .into_iter()
        .filter(|v| v.name().contains(&partial))
        .map(|v| serenity::AutocompleteChoice::new(v.title(), v.name()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

fn parse_variant(name: Option<String>) -> Result<Variant, Error> {
    match name {
        None => Ok(Variant::EngardeStandard),
        Some(n) => n
            .trim()
            .parse()
            .map_err(|e: engarde_rules::UnknownVariant| ServiceError::BadOptions(format!("{e}.")).into()),
    }
}

async fn caller(ctx: Context<'_>) -> PlayerInfo {
    let name = match ctx.author_member().await {
        Some(member) => member.display_name().to_owned(),
        None => ctx.author().display_name().to_owned(),
    };
    PlayerInfo { user_id: ctx.author().id.get(), name, bot: ctx.author().bot }
}

fn guild(ctx: Context<'_>) -> Result<u64, Error> {
    Ok(ctx.guild_id().ok_or(ServiceError::BadOptions("This command works in a server channel.".into()))?.get())
}

async fn ephemeral(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(render::clamp(text)).ephemeral(true)).await?;
    Ok(())
}

/// Challenge someone to a duel.
#[poise::command(slash_command, guild_only)]
async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to fence"] opponent: serenity::User,
    #[description = "Rules variant (default engarde-standard)"]
    #[autocomplete = "variant_names"]
    variant: Option<String>,
    #[description = "Hits needed to win (1 to 15, default 5)"]
    #[min = 1]
    #[max = 15]
    hits: Option<u8>,
) -> Result<(), Error> {
    let data = ctx.data();
    let request = ChallengeRequest {
        guild_id: guild(ctx)?,
        channel_id: ctx.channel_id().get(),
        challenger: caller(ctx).await,
        challenged: PlayerInfo {
            user_id: opponent.id.get(),
            name: opponent.display_name().to_owned(),
            bot: opponent.bot,
        },
        variant: parse_variant(variant)?,
        hits,
        interaction_id: ctx.id(),
    };
    let view = data.service.challenge(request).await?;
    let (text, buttons) = render::challenge(&view);
    let reply = CreateReply::default()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new().users(vec![serenity::UserId::new(view.challenged.user_id)]));
    let handle = ctx.send(reply).await?;
    let message = handle.message().await?;
    data.service.set_challenge_message(view.id, message.id.get()).await?;
    Ok(())
}

/// Your unfinished matches in this server.
#[poise::command(slash_command, guild_only)]
async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    let list = ctx.data().service.active_matches(guild(ctx)?, ctx.author().id.get()).await?;
    ephemeral(ctx, render::match_list(&list)).await
}

async fn my_matches(ctx: Context<'_>, _partial: &str) -> serenity::CreateAutocompleteResponse {
    let (Some(guild), user) = (ctx.guild_id(), ctx.author().id.get()) else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let list = ctx.data().service.active_matches(guild.get(), user).await.unwrap_or_default();
    let choices = list
        .into_iter()
        .take(25)
        .map(|m| {
            let name = format!("#{} vs {} ({})", m.match_id, m.opponent, m.variant);
            serenity::AutocompleteChoice::new(name.chars().take(100).collect::<String>(), m.match_id)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// See your hand (only you can see it) and play.
#[poise::command(slash_command, guild_only)]
async fn hand(
    ctx: Context<'_>,
    #[description = "Which match (default: the one here, or your only one)"]
    #[autocomplete = "my_matches"]
    r#match: Option<i64>,
) -> Result<(), Error> {
    let service = &ctx.data().service;
    let guild = guild(ctx)?;
    let user = ctx.author().id.get();
    let match_id = service.resolve_match(guild, ctx.channel_id().get(), user, r#match).await?;
    let view = service.hand(guild, match_id, user).await?;
    let reply = CreateReply::default()
        .content(render::clamp(render::hand_text(&view)))
        .components(render::hand_components(&view))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Give up a match (asks to confirm).
#[poise::command(slash_command, guild_only)]
async fn resign(
    ctx: Context<'_>,
    #[description = "Which match (default: the one here, or your only one)"]
    #[autocomplete = "my_matches"]
    r#match: Option<i64>,
) -> Result<(), Error> {
    let service = &ctx.data().service;
    let guild = guild(ctx)?;
    let user = ctx.author().id.get();
    let match_id = service.resolve_match(guild, ctx.channel_id().get(), user, r#match).await?;
    // Checks that the match exists here and the caller plays in it.
    service.hand(guild, match_id, user).await?;
    let reply = CreateReply::default()
        .content(format!("Resign match #{match_id}? Your opponent wins the match."))
        .components(resign_buttons(match_id))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// The confirmation buttons of a resignation.
pub(crate) fn resign_buttons(match_id: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(CustomId::ResignConfirm { match_id }.encode()).label("Resign").style(ButtonStyle::Danger),
        CreateButton::new(CustomId::ResignCancel { match_id }.encode())
            .label("Keep fencing")
            .style(ButtonStyle::Secondary),
    ])]
}

/// A short summary of the rules.
#[poise::command(slash_command, guild_only)]
async fn rules(
    ctx: Context<'_>,
    #[description = "Rules variant (default engarde-standard)"]
    #[autocomplete = "variant_names"]
    variant: Option<String>,
) -> Result<(), Error> {
    ephemeral(ctx, rules_text::summary(parse_variant(variant)?)).await
}
