//! `/engarde-admin`: server settings and aborting matches, for members who can
//! manage the server. Discord can only restrict whole commands, not
//! subcommands, so these live in their own command, declared to Discord as
//! needing Manage Server and checked again here (a server can change what
//! Discord enforces).

use poise::serenity_prelude as serenity;

use super::seasons::{self, season};
use super::{
    ephemeral, guild, parse_duration, parse_variant, require_admin, server_lang, user_lang, variant_names, Context,
    Error,
};
use crate::discord::post_board;
use crate::i18n::{duration, Lang};
use crate::present::variant_title;
use crate::service::settings::{in_range, GuildSettings, SettingsChange, AWAY_RANGE, CHALLENGE_RANGE, TURN_RANGE};
use crate::t;

/// Server settings and moderation for En Garde (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    rename = "engarde-admin",
    default_member_permissions = "MANAGE_GUILD",
    subcommands("config", "abort", "season", "super::tournament_role"),
    subcommand_required
)]
pub async fn engarde_admin(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The settings in words; `current` is the server's language now, shown when the
/// setting follows the server's Discord language.
fn describe(lang: Lang, s: &GuildSettings, current: Lang) -> String {
    let channel = match s.board_channel {
        Some(c) => format!("<#{c}>"),
        None => t!(lang, "admin-settings-boards-where-challenged"),
    };
    let language = match s.language {
        Some(chosen) => chosen.native_name().to_owned(),
        None => t!(lang, "admin-settings-language-server", language = current.native_name()),
    };
    t!(
        lang,
        "admin-settings",
        turn = duration(lang, s.turn),
        challenge = duration(lang, s.challenge),
        threads = if s.threads { "yes" } else { "no" },
        channel = channel,
        variant = variant_title(lang, s.default_variant),
        language = language,
        pictures = if s.pictures { "yes" } else { "no" },
    )
}

/// The languages an admin can choose for public messages.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// The server's Discord language (its "preferred locale"), else English (its
    /// name in every language: `cmd-engarde-admin-config-language-choice-server-default`).
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

/// How boards are drawn.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum BoardsChoice {
    /// A picture of the game on every board (the default).
    #[name = "picture"]
    Picture,
    /// The board drawn in text.
    #[name = "text"]
    Text,
}

/// Show this server's settings, or change them.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one per option of the command
async fn config(
    ctx: Context<'_>,
    turn_time: Option<String>,
    challenge_expiry: Option<String>,
    threads: Option<bool>,
    #[channel_types("Text")] board_channel: Option<serenity::GuildChannel>,
    boards_where_challenged: Option<bool>,
    #[autocomplete = "variant_names"] default_variant: Option<String>,
    language: Option<LanguageChoice>,
    boards: Option<BoardsChoice>,
    #[autocomplete = "seasons::season_modes"] seasons: Option<String>,
    #[min = 0]
    #[max = 90]
    away_allowance: Option<u32>,
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
        pictures: boards.map(|b| matches!(b, BoardsChoice::Picture)),
        away_allowance: away_allowance.map(|days| std::time::Duration::from_secs(u64::from(days) * 24 * 3600)),
    };
    let mode = seasons::parse_mode(seasons)?;
    // The seasons may be refused (a season run by hand is open): changed first, after the
    // settings' own checks, so that a refusal changes nothing.
    change.turn.map(|d| in_range("error-turn-time-range", d, TURN_RANGE)).transpose()?;
    change.challenge.map(|d| in_range("error-challenge-expiry-range", d, CHALLENGE_RANGE)).transpose()?;
    change.away_allowance.map(|d| in_range("life-error-allowance-range", d, AWAY_RANGE)).transpose()?;
    let overview = match mode {
        Some(mode) => service.set_season_mode(guild, ctx.author().id.get(), mode).await?,
        None => service.seasons_overview(guild).await?,
    };
    let settings = if change.is_empty() {
        service.settings(guild).await?
    } else {
        service.update_settings(guild, ctx.author().id.get(), &change).await?
    };
    let lang = user_lang(ctx).await;
    let mut text = describe(lang, &settings, server_lang(ctx).await);
    text.push('\n');
    text.push_str(&t!(lang, "life-admin-allowance", allowance = duration(lang, settings.away_allowance)));
    text = format!("{text}\n{}", seasons::describe(lang, &overview));
    if !change.is_empty() || mode.is_some() {
        text = format!("{}\n{text}", t!(lang, "admin-saved"));
    }
    ephemeral(ctx, text).await
}

/// Abort a match: it ends now and does not count.
#[poise::command(slash_command, guild_only)]
async fn abort(ctx: Context<'_>, r#match: i64) -> Result<(), Error> {
    require_admin(ctx).await?;
    let service = &ctx.data().service;
    let admin = match ctx.author_member().await {
        Some(m) => m.display_name().to_owned(),
        None => ctx.author().display_name().to_owned(),
    };
    let board = service.abort(guild(ctx)?, r#match, &admin).await?;
    ephemeral(ctx, t!(user_lang(ctx).await, "admin-aborted", id = r#match)).await?;
    post_board(&ctx.serenity_context().http, service, &board).await;
    Ok(())
}
