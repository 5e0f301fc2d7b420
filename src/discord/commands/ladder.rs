//! Standings: leaderboard, stats, history, and their buttons (leaderboard
//! pages, record export).

use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ComponentInteraction, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage,
};

use super::{guild, parse_variant, variant_names, Context, Error};
use crate::discord::custom_id::CustomId;
use crate::discord::render::{self, ladder};
use crate::discord::Data;
use crate::service::{Player, ServiceError};

/// The server's leaderboard (Glicko-2 ratings), overall or for one variant.
#[poise::command(slash_command, guild_only)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Only this variant's ratings (default: all variants together)"]
    #[autocomplete = "variant_names"]
    variant: Option<String>,
) -> Result<(), Error> {
    let view = ctx.data().service.leaderboard(guild(ctx)?, parse_variant(variant)?, 1, ctx.author().id.get()).await?;
    let (content, embed, rows) = ladder::leaderboard(&view);
    let reply = CreateReply::default()
        .content(content)
        .embed(embed)
        .components(rows)
        .allowed_mentions(CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

/// Refuses bots, which never play.
fn person(user: Option<&serenity::User>) -> Result<(), Error> {
    match user {
        Some(u) if u.bot => Err(ServiceError::BadOptions("Bots don't fence: they have no record.".into()).into()),
        _ => Ok(()),
    }
}

/// A player the bot has never seen has no stored name: use Discord's.
fn name_unseen(player: &mut Player, user: &serenity::User) {
    if player.name == "someone" {
        user.display_name().clone_into(&mut player.name);
    }
}

/// A player's rating, rank, results and habits in this server.
#[poise::command(slash_command, guild_only)]
pub(super) async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    person(player.as_ref())?;
    let user = player.as_ref().unwrap_or_else(|| ctx.author());
    let mut stats = ctx.data().service.stats(guild(ctx)?, user.id.get(), ctx.author().id.get()).await?;
    name_unseen(&mut stats.player, user);
    let reply = CreateReply::default()
        .content(render::clamp(ladder::stats(&stats)))
        .allowed_mentions(CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

/// A player's last matches, with their records to download (only you see it).
#[poise::command(slash_command, guild_only)]
pub(super) async fn history(
    ctx: Context<'_>,
    #[description = "Whose matches (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    person(player.as_ref())?;
    let user = player.as_ref().unwrap_or_else(|| ctx.author());
    let mut view = ctx.data().service.history(guild(ctx)?, user.id.get()).await?;
    name_unseen(&mut view.player, user);
    let (text, rows) = ladder::history(&view);
    let reply = CreateReply::default().content(render::clamp(text)).components(rows).ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Answers a leaderboard page button or an export button.
///
/// A page button pressed by the player it was made for turns the page in
/// place; anyone else gets their own copy of that page, with their own rank.
///
/// # Errors
/// An unknown or unfinished match to export; internal errors.
pub(crate) async fn component(
    data: &Data,
    guild_id: u64,
    i: &ComponentInteraction,
    id: CustomId,
) -> Result<CreateInteractionResponse, ServiceError> {
    let user = i.user.id.get();
    match id {
        CustomId::Leaderboard { variant, page, owner } => {
            let view = data.service.leaderboard(guild_id, variant, page as usize, user).await?;
            let (content, embed, rows) = ladder::leaderboard(&view);
            let message = CreateInteractionResponseMessage::new()
                .content(content)
                .embed(embed)
                .components(rows)
                .allowed_mentions(CreateAllowedMentions::new());
            Ok(if owner == user {
                CreateInteractionResponse::UpdateMessage(message)
            } else {
                CreateInteractionResponse::Message(message.ephemeral(true))
            })
        }
        CustomId::Export { match_id } => {
            let file = data.service.export_record(guild_id, match_id).await?;
            let note = ladder::export_note(&file);
            let attachment = CreateAttachment::bytes(file.json.into_bytes(), file.filename);
            Ok(CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new().content(note).add_file(attachment).ephemeral(true),
            ))
        }
        _ => Err(ServiceError::Internal(format!("not a ladder component: {id:?}"))),
    }
}
