//! `/engarde-admin`: server settings and aborting matches, for members who can
//! manage the server. Discord can only restrict whole commands, not
//! subcommands, so these live in their own command, declared to Discord as
//! needing Manage Server and checked again here (a server can change what
//! Discord enforces).

use poise::serenity_prelude as serenity;

use super::{ephemeral, guild, parse_duration, parse_variant, variant_names, Context, Error};
use crate::discord::post_board;
use crate::i18n::Lang;
use crate::service::settings::{GuildSettings, SettingsChange};
use crate::service::ServiceError;

/// Server settings and moderation for En Garde (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    rename = "engarde-admin",
    default_member_permissions = "MANAGE_GUILD",
    subcommands("config", "abort"),
    subcommand_required
)]
pub async fn engarde_admin(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Refuses anyone who cannot manage the server, whatever Discord let through.
async fn require_admin(ctx: Context<'_>) -> Result<(), Error> {
    let allowed =
        ctx.author_member().await.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator());
    if allowed {
        Ok(())
    } else {
        Err(ServiceError::NotAdmin.into())
    }
}

fn describe(s: &GuildSettings) -> String {
    format!(
        "**En Garde settings for this server**\n\
         • Time for each move: {}\n\
         • Challenges expire after: {}\n\
         • A thread for each match: {}\n\
         • Boards go to: {}\n\
         • Default variant: {}",
        humantime::format_duration(s.turn),
        humantime::format_duration(s.challenge),
        if s.threads { "yes" } else { "no" },
        s.board_channel.map_or_else(|| "the channel where the challenge was made".to_owned(), |c| format!("<#{c}>")),
        s.default_variant.title(),
    )
}

/// The languages an admin can choose for public messages.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// The server's Discord language (its "preferred locale"), else English.
    #[name = "server-default"]
    ServerDefault,
    #[name = "English"]
    English,
    #[name = "Français"]
    French,
    #[name = "Español"]
    Spanish,
    #[name = "繁體中文"]
    TraditionalChinese,
}

impl LanguageChoice {
    /// The setting's new value: `None` for the server's own language.
    fn lang(self) -> Option<Lang> {
        match self {
            LanguageChoice::ServerDefault => None,
            LanguageChoice::English => Some(Lang::En),
            LanguageChoice::French => Some(Lang::Fr),
            LanguageChoice::Spanish => Some(Lang::Es),
            LanguageChoice::TraditionalChinese => Some(Lang::ZhTw),
        }
    }
}

/// Show this server's settings, or change them.
#[poise::command(slash_command, guild_only)]
async fn config(
    ctx: Context<'_>,
    #[description = "Default time for each move, e.g. 12h or 2d (10m to 14d)"] turn_time: Option<String>,
    #[description = "How long a challenge stays open, e.g. 1d (5m to 7d)"] challenge_expiry: Option<String>,
    #[description = "Give each match its own thread"] threads: Option<bool>,
    #[description = "Post the boards in this channel"]
    #[channel_types("Text")]
    board_channel: Option<serenity::GuildChannel>,
    #[description = "Post the boards where each challenge was made (undoes board_channel)"]
    boards_where_challenged: Option<bool>,
    #[description = "The variant used when a challenge names none"]
    #[autocomplete = "variant_names"]
    default_variant: Option<String>,
    #[description = "The language of public messages (default: the server's Discord language)"] language: Option<
        LanguageChoice,
    >,
) -> Result<(), Error> {
    require_admin(ctx).await?;
    let service = &ctx.data().service;
    let guild = guild(ctx)?;
    let change = SettingsChange {
        turn: parse_duration("error-turn-time-unreadable", turn_time)?,
        challenge: parse_duration("error-challenge-expiry-unreadable", challenge_expiry)?,
        threads,
        board_channel: match (board_channel, boards_where_challenged) {
            (Some(c), _) => Some(Some(c.id.get())),
            (None, Some(true)) => Some(None),
            (None, _) => None,
        },
        default_variant: parse_variant(default_variant)?,
        language: language.map(LanguageChoice::lang),
    };
    let settings = if change.is_empty() {
        service.settings(guild).await?
    } else {
        service.update_settings(guild, ctx.author().id.get(), &change).await?
    };
    let header = if change.is_empty() { "" } else { "✅ Saved.\n" };
    ephemeral(ctx, format!("{header}{}", describe(&settings))).await
}

/// Abort a match: it ends now and does not count.
#[poise::command(slash_command, guild_only)]
async fn abort(ctx: Context<'_>, #[description = "The match number"] r#match: i64) -> Result<(), Error> {
    require_admin(ctx).await?;
    let service = &ctx.data().service;
    let admin = match ctx.author_member().await {
        Some(m) => m.display_name().to_owned(),
        None => ctx.author().display_name().to_owned(),
    };
    let board = service.abort(guild(ctx)?, r#match, &admin).await?;
    ephemeral(ctx, format!("Match #{} is aborted; it does not count.", r#match)).await?;
    post_board(&ctx.serenity_context().http, service, &board).await;
    Ok(())
}
