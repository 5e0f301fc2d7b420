//! The `/engarde` slash command group: one file per group of subcommands.

mod admin;
mod info;
mod ladder;
mod life;
mod localize;
mod play;
mod practice;
mod seasons;
mod tournament;

use engarde_rules::{UnknownName, Variant};
use poise::serenity_prelude as serenity;
use poise::CreateReply;

use super::{render, Context, Error};
use crate::i18n::{Lang, Text};
use crate::present;
use crate::service::{PlayerInfo, ServiceError};

pub use admin::engarde_admin;
use info::rules;
pub(crate) use ladder::{component as ladder_component, export_record};
use ladder::{history, leaderboard, stats};
use life::{away, settings};
pub use localize::localize;

/// Every message id the commands' localizations ask for (for the catalogue test).
#[cfg(test)]
pub(crate) fn localization_ids() -> Vec<String> {
    localize::message_ids(&[engarde(), engarde_admin()])
}
use play::{cancel, challenge, hand, matches, resign};
pub(crate) use play::{post_challenge, resign_buttons};
use practice::practice;
use tournament::tournament;
pub(crate) use tournament::tournament_role;

/// En Garde: fence your friends, one move at a time.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "challenge",
        "practice",
        "cancel",
        "matches",
        "hand",
        "resign",
        "rules",
        "leaderboard",
        "stats",
        "history",
        "away",
        "settings",
        "tournament"
    ),
    subcommand_required
)]
pub async fn engarde(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Refuses anyone who cannot manage the server, whatever Discord let through (the admin
/// command's subcommands, wherever they live).
pub(super) async fn require_admin(ctx: Context<'_>) -> Result<(), Error> {
    let allowed =
        ctx.author_member().await.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator());
    if allowed {
        Ok(())
    } else {
        Err(ServiceError::NotAdmin.into())
    }
}

/// The `hits` option of a challenge or an event as the rules name it: Ready... Fence! plays
/// to a target in points (5, 10 or 15, as the mode allows), the others to a number of hits.
pub(super) fn hits_option(variant: Option<Variant>, hits: Option<u8>) -> engarde_rules::OptionMap {
    let option = match variant {
        Some(Variant::ReadyFence(_)) => "target",
        _ => "hits_to_win",
    };
    hits.map(|h| engarde_rules::OptionMap::from_iter([(option.to_owned(), h.into())])).unwrap_or_default()
}

/// The variants whose name or title (in the user's language) holds what they typed.
pub(super) async fn variant_names(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx).await;
    let partial = partial.to_lowercase();
    let choices = Variant::all()
        .map(|v| (v, present::variant_title(lang, v)))
        .filter(|(v, title)| v.name().contains(&partial) || title.to_lowercase().contains(&partial))
        .take(25)
        .map(|(v, title)| serenity::AutocompleteChoice::new(title, v.name()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// A variant option: `None` if not given.
///
/// # Errors
/// [`ServiceError::BadOptions`] for an unknown name (the name is echoed cut short).
pub fn parse_variant(name: Option<String>) -> Result<Option<Variant>, Error> {
    name.map(|n| {
        n.trim().parse().map_err(|e: UnknownName| {
            ServiceError::BadOptions(Text::new("error-unknown-variant").arg("name", echo(&e.name))).into()
        })
    })
    .transpose()
}

/// A duration option such as `30m`, `12h` or `2d`: `None` if not given; `refusal` is the
/// message id for unreadable text (which it gets as `$input`).
///
/// # Errors
/// [`ServiceError::BadOptions`] for unreadable text (echoed cut short).
pub fn parse_duration(refusal: &'static str, text: Option<String>) -> Result<Option<std::time::Duration>, Error> {
    text.map(|t| {
        humantime::parse_duration(t.trim())
            .map_err(|_| ServiceError::BadOptions(Text::new(refusal).arg("input", echo(&t))).into())
    })
    .transpose()
}

/// The longest piece of a user's option echoed back in an error.
pub const ECHO_MAX: usize = 40;

/// A user's text as echoed in an error: at most [`ECHO_MAX`] characters, on one
/// line, without backticks (which would break the code span around it). Discord
/// lets an option hold 6000 characters; echoing them whole would make the
/// answer longer than a message may be, and the user would see it fail.
#[must_use]
pub fn echo(text: &str) -> String {
    let clean: String =
        text.chars().map(|c| if c == '`' || c.is_control() { ' ' } else { c }).collect::<String>().trim().to_owned();
    if clean.chars().count() <= ECHO_MAX {
        return clean;
    }
    let mut cut: String = clean.chars().take(ECHO_MAX - 1).collect();
    cut.push('…');
    cut
}

pub(super) async fn caller(ctx: Context<'_>) -> PlayerInfo {
    let name = match ctx.author_member().await {
        Some(member) => member.display_name().to_owned(),
        None => ctx.author().display_name().to_owned(),
    };
    PlayerInfo { user_id: ctx.author().id.get(), name, bot: ctx.author().bot }
}

pub(super) fn guild(ctx: Context<'_>) -> Result<u64, Error> {
    Ok(ctx.guild_id().ok_or(ServiceError::BadOptions(Text::new("error-guild-only")))?.get())
}

/// The language ephemeral replies speak: the user's choice, else their Discord client's
/// (see [`crate::discord::user_lang_of`]).
pub(super) async fn user_lang(ctx: Context<'_>) -> Lang {
    super::user_lang_of(&ctx.data().service, ctx.author().id.get(), ctx.locale()).await
}

/// The language of the server's public messages (see [`crate::discord::public_lang`]).
pub(super) async fn server_lang(ctx: Context<'_>) -> Lang {
    let Some(guild) = ctx.guild_id() else { return user_lang(ctx).await };
    let guild_locale = match ctx {
        poise::Context::Application(app) => app.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    super::public_lang(&ctx.data().service, guild.get(), guild_locale).await
}

pub(super) async fn ephemeral(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(render::clamp(text)).ephemeral(true)).await?;
    Ok(())
}
