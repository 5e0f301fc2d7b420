//! `/engarde-admin season start|end` and the `seasons` setting of `/engarde-admin config`:
//! leaderboard seasons run by hand, or by the calendar (see `service::seasons`).

use poise::serenity_prelude as serenity;

use super::{echo, ephemeral, guild, require_admin, user_lang, Context, Error};
use crate::i18n::{Lang, Text};
use crate::service::seasons::{SeasonInfo, SeasonMode, SeasonsOverview};
use crate::service::ServiceError;
use crate::t;

/// Leaderboard seasons run by hand (when automatic seasons are off).
#[poise::command(slash_command, guild_only, subcommands("season_start", "season_end"), subcommand_required)]
pub(super) async fn season(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a season now: a fresh leaderboard until you end it.
#[poise::command(slash_command, guild_only, rename = "start")]
async fn season_start(ctx: Context<'_>, name: String) -> Result<(), Error> {
    require_admin(ctx).await?;
    let season = ctx.data().service.start_season(guild(ctx)?, &name).await?;
    ephemeral(ctx, t!(user_lang(ctx).await, "season-started", season = escape_name(&season))).await
}

/// End the season now; its podium is posted.
#[poise::command(slash_command, guild_only, rename = "end")]
async fn season_end(ctx: Context<'_>) -> Result<(), Error> {
    require_admin(ctx).await?;
    let season = ctx.data().service.end_season(guild(ctx)?).await?;
    ephemeral(ctx, t!(user_lang(ctx).await, "season-ended", season = escape_name(&season))).await
}

fn escape_name(season: &SeasonInfo) -> String {
    crate::present::escape(&season.name)
}

/// A `seasons` option: `None` if not given.
///
/// # Errors
/// [`ServiceError::BadOptions`] for anything but `off`, `monthly` or `quarterly`.
pub(super) fn parse_mode(text: Option<String>) -> Result<Option<SeasonMode>, Error> {
    text.map(|t| {
        t.parse().map_err(|_| ServiceError::BadOptions(Text::new("error-season-mode").arg("input", echo(&t))).into())
    })
    .transpose()
}

/// The season modes, named in the user's language.
pub(super) async fn season_modes(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx).await;
    let partial = partial.to_lowercase();
    let choices = SeasonMode::ALL
        .into_iter()
        .map(|m| (m, mode_words(lang, m)))
        .filter(|(m, words)| m.name().contains(&partial) || words.to_lowercase().contains(&partial))
        .map(|(m, words)| serenity::AutocompleteChoice::new(words, m.name()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

fn mode_words(lang: Lang, mode: SeasonMode) -> String {
    t!(lang, "season-mode", mode = mode.name())
}

/// The seasons line of the settings: how they run, and the current one.
pub(super) fn describe(lang: Lang, s: &SeasonsOverview) -> String {
    let current = match &s.current {
        None => t!(lang, "season-none-running"),
        Some(season) => match season.ends_at {
            Some(end) => t!(lang, "season-running-until", season = escape_name(season), end = end),
            None => t!(lang, "season-running", season = escape_name(season), start = season.starts_at),
        },
    };
    t!(lang, "admin-settings-seasons", mode = mode_words(lang, s.mode), current = current)
}
