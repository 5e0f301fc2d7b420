//! Standings: leaderboard, stats, history, and their buttons (leaderboard
//! pages, record export).

use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ComponentInteraction, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage,
};

use super::{echo, guild, server_lang, user_lang, Context, Error};
use crate::discord::custom_id::CustomId;
use crate::discord::render::{self, ladder};
use crate::discord::Data;
use crate::i18n::{Lang, Text};
use crate::service::{Board, Player, ServiceError};
use engarde_rules::{Game, Variant};

/// The server's leaderboard (Glicko-2 ratings) of a game, or of one variant.
#[poise::command(slash_command, guild_only)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    #[autocomplete = "board_names"] variant: Option<String>,
    #[autocomplete = "season_names"] season: Option<String>,
) -> Result<(), Error> {
    let service = &ctx.data().service;
    let guild = guild(ctx)?;
    let board = parse_board(variant)?;
    let season = match season {
        Some(name) => Some(service.season_named(guild, &name).await?.id),
        None => None,
    };
    let view = service.season_leaderboard(guild, board, season, 1, ctx.author().id.get()).await?;
    let (content, embed, rows) = ladder::leaderboard(server_lang(ctx).await, &view);
    let reply = CreateReply::default()
        .content(content)
        .embed(embed)
        .components(rows)
        .allowed_mentions(CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

/// The boards whose name or title holds what the user typed: every game (every variant
/// together), then every variant.
async fn board_names(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx);
    let partial = partial.to_lowercase();
    let mut boards: Vec<Board> =
        Game::ALL.iter().map(|&g| Board::Game(g)).chain(Variant::all().map(Board::Variant)).collect();
    // A game whose one variant bears its name has one board.
    let mut names = std::collections::HashSet::new();
    boards.retain(|b| names.insert(b.name()));
    let choices = boards
        .into_iter()
        .map(|b| (b, ladder::board_title(lang, b)))
        .filter(|(b, title)| b.name().contains(&partial) || title.to_lowercase().contains(&partial))
        .take(25)
        .map(|(b, title)| serenity::AutocompleteChoice::new(title, b.name()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The server's seasons whose name holds what the user typed, newest first.
async fn season_names(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let Some(guild) = ctx.guild_id() else { return serenity::CreateAutocompleteResponse::new() };
    let names = match ctx.data().service.season_names(guild.get(), partial, 25).await {
        Ok(names) => names,
        Err(e) => {
            tracing::warn!(error = ?e, "could not list the seasons to complete");
            Vec::new()
        }
    };
    let choices = names.into_iter().map(|n| serenity::AutocompleteChoice::new(n.clone(), n)).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// A board option: `None` if not given.
fn parse_board(name: Option<String>) -> Result<Option<Board>, Error> {
    let Some(name) = name else { return Ok(None) };
    name.trim()
        .parse()
        .map(Some)
        .map_err(|_| ServiceError::BadOptions(Text::new("error-unknown-board").arg("name", echo(&name))).into())
}

/// Refuses bots, which never play.
fn person(user: Option<&serenity::User>) -> Result<(), Error> {
    match user {
        Some(u) if u.bot => Err(ServiceError::BadOptions(Text::new("error-bot-has-no-record")).into()),
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
pub(super) async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    person(player.as_ref())?;
    let user = player.as_ref().unwrap_or_else(|| ctx.author());
    let mut stats = ctx.data().service.stats(guild(ctx)?, user.id.get(), ctx.author().id.get()).await?;
    name_unseen(&mut stats.player, user);
    let reply = CreateReply::default()
        .content(render::clamp(ladder::stats(server_lang(ctx).await, &stats)))
        .allowed_mentions(CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

/// A player's last matches, with their records to download (only you see it).
#[poise::command(slash_command, guild_only)]
pub(super) async fn history(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    person(player.as_ref())?;
    let user = player.as_ref().unwrap_or_else(|| ctx.author());
    let mut view = ctx.data().service.history(guild(ctx)?, user.id.get()).await?;
    name_unseen(&mut view.player, user);
    let (text, rows) = ladder::history(user_lang(ctx), &view);
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
    (me, server): (Lang, Lang),
) -> Result<CreateInteractionResponse, ServiceError> {
    let user = i.user.id.get();
    match id {
        CustomId::Leaderboard { board, page, owner } | CustomId::SeasonLeaderboard { board, page, owner, .. } => {
            let season = match id {
                CustomId::SeasonLeaderboard { season, .. } => Some(season),
                _ => None,
            };
            let view = data.service.season_leaderboard(guild_id, Some(board), season, page as usize, user).await?;
            // The owner turns the public page; anyone else gets a page of their own.
            let lang = if owner == user { server } else { me };
            let (content, embed, rows) = ladder::leaderboard(lang, &view);
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
        _ => Err(ServiceError::Internal(format!("not a ladder component: {id:?}"))),
    }
}

/// The answer to a Record button: the match record as a file (private), and the record's
/// text, for the pictures that follow it.
///
/// # Errors
/// A match unknown in the server or not over; internal errors.
pub(crate) async fn export_record(
    data: &Data,
    guild_id: u64,
    match_id: i64,
    me: Lang,
) -> Result<(CreateInteractionResponse, String), ServiceError> {
    let file = data.service.export_record(guild_id, match_id).await?;
    let note = ladder::export_note(me, &file);
    let record = file.json.clone();
    let attachment = CreateAttachment::bytes(file.json.into_bytes(), file.filename);
    let response = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new().content(note).add_file(attachment).ephemeral(true),
    );
    Ok((response, record))
}
